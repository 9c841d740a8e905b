"""The ``combatassist`` command line (docs/scenario-format.md): ``odds`` for every ruleset,
plus each ruleset's own commands (``Ruleset.commands``: Low Luck's ``tech`` and ``sbr``).

Every refusal is one clear line on stderr and exit status 2; never a traceback.
"""
from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from . import __version__, rulesets
from .errors import CombatAssistError, one_line, shown
from .ruleset import METHODS, compute
from .scenario import load_scenario

#: Largest --trials accepted (100 million dice-rolled battles would take hours).
MAX_TRIALS = 10_000_000


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # argparse's own exit status is already 2
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


def build_parser() -> argparse.ArgumentParser:
    found = rulesets.all_rulesets()
    parser = _Parser(prog="combatassist",
                     description="Exact combat odds for wargame rulesets: "
                                 + ", ".join(r.title for r in found) + ".")
    parser.add_argument("--version", action="version", version=f"combatassist {__version__}")
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


def _print(data: Any, as_json: bool, human: str) -> None:
    if as_json:
        print(json.dumps(data))
    else:
        print(human)


def run(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command == "odds":
        scenario = load_scenario(args.file)
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
