"""`combatassist advise FILE --side attacker|defender [--budget SECONDS] [--json]` (Medium Luck).

JSON: ``{"side", "compared", "exhaustive", "suggestions": [{"bands": {band: {"roll": {unit:
n}, "boost": {unit: n}}}, "idle": {unit: n}, "attacker_wins", "defender_wins", "draw"}, ...]}``
best first (the assignment in the scenario files' format), plus ``evaluated``, ``pruned``,
``local_optimum``, ``seconds`` and ``casualties`` (the policy of the figures).
"""
from __future__ import annotations

import argparse

from ...errors import ScenarioError
from ...ruleset import Command

#: Longest search a command may ask for.
MAX_BUDGET = 600.0


def _budget(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected seconds, like 2 or 0.5; got '{text}'") from None
    if not 0 < value <= MAX_BUDGET:
        raise argparse.ArgumentTypeError(f"must be more than 0 and at most {MAX_BUDGET:g} "
                                         f"seconds, got {text}")
    return value


def advice_json(advice, side: str) -> dict:
    suggestions = []
    for s in advice.suggestions:
        entry = {"bands": {band: {role: dict(units) for role, units in roles.items() if units}
                           for band, roles in s.side.bands.items()},
                 "idle": dict(s.side.idle)}
        for key in ("attacker_wins", "defender_wins", "draw"):
            entry[key] = getattr(s.result, key)
        suggestions.append(entry)
    return {"side": side, "compared": advice.compared, "exhaustive": advice.exhaustive,
            "suggestions": suggestions, "evaluated": advice.evaluated, "pruned": advice.pruned,
            "local_optimum": advice.local_optimum, "seconds": round(advice.seconds, 3),
            "casualties": advice.policy}


def advice_summary(advice, side: str, title: str | None = None) -> str:
    lines = [title] if title else []
    how = (f"all {advice.compared} assignments compared" if advice.exhaustive else
           f"{advice.compared} of {advice.space} assignments compared, local search"
           + (", time budget used up" if advice.stopped_by_budget else ""))
    lines.append(f"best assignments for the {side} ({how}; {advice.evaluated} evaluated, "
                 f"{advice.pruned} dominated ones pruned; odds with {advice.policy} casualties)")
    for i, s in enumerate(advice.suggestions, start=1):
        lines.append(f"  {i}. {side} wins {100 * s.win:.2f}% (draw {100 * s.result.draw:.2f}%):"
                     f" {s.describe() or 'all idle'}")
    if not advice.exhaustive:
        lines.append("  the best is a local optimum: no single-group move beats it"
                     if advice.local_optimum else
                     "  the time budget ran out before the best was checked against every "
                     "single-group move")
    return "\n".join(lines)


def _run_advise(args) -> tuple[dict, str]:
    from ...scenario import load_scenario
    from .advisor import advise
    scenario = load_scenario(args.file)
    if scenario.ruleset != "mediumluck":
        raise ScenarioError(f"advise works on mediumluck scenarios, this one is "
                            f"'{scenario.ruleset}'", file=args.file, field="ruleset")
    advice = advise(scenario.body, args.side, time_budget=args.budget)
    return advice_json(advice, args.side), advice_summary(advice, args.side, scenario.title)


def _configure_advise(a: argparse.ArgumentParser) -> None:
    a.add_argument("file", help="a mediumluck scenario file")
    a.add_argument("--side", choices=("attacker", "defender"), required=True)
    a.add_argument("--budget", type=_budget, default=2.0,
                   help="seconds of search (default 2; small sides are searched exhaustively)")


#: Medium Luck's own ``combatassist`` commands (``Ruleset.commands``).
COMMANDS = (Command("advise", "the best assignments of one side's units", _configure_advise,
                    _run_advise),)
