"""The ``combatassist`` command line (docs/scenario-format.md): ``odds`` for every ruleset,
plus each ruleset's own commands (``Ruleset.commands``: Low Luck's ``tech`` and ``sbr``,
Medium Luck's ``advise``).

Every refusal is one clear line on stderr and exit status 2; never a traceback.

Start-up is part of the answer (a script may call ``odds`` once per battle): ``odds`` builds
its own parser only and imports the one ruleset its file names (``rulesets.get``); the
rulesets' own commands, ``--help`` and anything unrecognised build the whole parser, which
imports every ruleset for its commands.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, NoReturn

from . import rulesets
from .errors import CombatAssistError, one_line, shown

#: ``combatassist.ruleset.METHODS`` (not imported here: that module needs numpy, the parser
#: does not; tests hold the two equal).
METHODS = ("exact", "simulate")

#: Largest --trials accepted (100 million dice-rolled battles would take hours).
MAX_TRIALS = 10_000_000


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # argparse's own exit status is already 2
        # one line, like every other refusal (argparse would print the usage first)
        self.exit(2, f"combatassist: error: {one_line(message, 400)} (see {self.prog} --help)\n")


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {shown(text)}") from None
    if value < 1 or value > MAX_TRIALS:
        raise argparse.ArgumentTypeError(f"must be between 1 and {MAX_TRIALS:,}, "
                                         f"got {shown(value)}")
    return value


def _int(text: str) -> int:
    try:
        return int(text)
    except ValueError:   # also a number too long for Python to convert
        raise argparse.ArgumentTypeError(f"expected a whole number, got {shown(text)}") from None


def build_parser(commands: bool = True) -> argparse.ArgumentParser:
    """The whole parser; ``commands=False``: ``odds`` only (no ruleset imported)."""
    found = rulesets.all_rulesets() if commands else []
    parser = _Parser(prog="combatassist",
                     description="Exact combat odds for wargame rulesets"
                                 + (": " + ", ".join(r.title for r in found) if found else "")
                                 + ".")
    parser.add_argument("--version", action=_Version)
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    odds = sub.add_parser("odds", help="odds of the battle (or shot) in a scenario file")
    odds.add_argument("file", help="scenario file (TOML, see docs/scenario-format.md)")
    odds.add_argument("--json", action="store_true", help="print one JSON object")
    odds.add_argument("--method", choices=METHODS, default="exact")
    odds.add_argument("--trials", type=_positive_int, default=100_000,
                      help="battles to simulate with --method simulate (default 100000)")
    odds.add_argument("--seed", type=_int, default=0, help="simulator seed (default 0)")

    for ruleset in found:
        for command in ruleset.commands:
            extra = sub.add_parser(command.name, help=f"{command.help} ({ruleset.title})")
            command.configure(extra)
            extra.add_argument("--json", action="store_true", help="print one JSON object")
            extra.set_defaults(handler=command.run)
    return parser


class _Version(argparse.Action):
    """``--version``: the installed version, looked up only when asked for."""

    def __init__(self, option_strings, dest, **kwargs):
        super().__init__(option_strings, dest, nargs=0, help="show the version and exit")

    def __call__(self, parser, namespace, values, option_string=None):
        from . import __version__
        print(f"combatassist {__version__}")         # on stdout, as argparse's own
        parser.exit(0)


def _command(argv: Sequence[str]) -> str | None:
    """The subcommand ``argv`` names (its first word not an option), if any."""
    return next((arg for arg in argv if not arg.startswith("-")), None)


def _print(data: Any, as_json: bool, human: str) -> None:
    if as_json:
        print(json.dumps(data))
    else:
        print(human)


def run(argv: Sequence[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(commands=_command(argv) != "odds")
    args = parser.parse_args(argv)
    if args.command == "odds":
        from .scenario import load_scenario
        scenario = load_scenario(args.file)
        from .ruleset import compute     # numpy and the solvers: only for a battle to solve
        ruleset = rulesets.get(scenario.ruleset)
        result = compute(ruleset, scenario.body, method=args.method, trials=args.trials,
                         seed=args.seed)
        _print(result.to_json(), args.json, ruleset.summarise(result, scenario.title))
        return 0
    data, human = args.handler(args)
    _print(data, args.json, human)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return run(argv)
    except SystemExit as exc:  # argparse: --help, --version, usage errors (status 2)
        return exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 2)
    except CombatAssistError as exc:
        print(f"combatassist: error: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # The reader went away (e.g. `| head`): stop quietly, as Unix tools do.
        import os
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except KeyboardInterrupt:
        print("combatassist: interrupted", file=sys.stderr)
        return 130
    except MemoryError:
        print("combatassist: error: out of memory; try smaller forces", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
