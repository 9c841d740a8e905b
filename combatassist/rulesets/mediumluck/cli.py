"""`combatassist advise FILE --side attacker|defender [--budget EVALUATIONS] [--json]` (Medium Luck).

JSON: ``{"side", "compared", "exhaustive", "suggestions": [{"bands": {band: {"roll": {unit:
n}, "boost": {unit: n}}}, "idle": {unit: n}, "attacker_wins", "defender_wins", "draw"}, ...]}``
best first (the assignment in the scenario files' format), plus ``evaluated``, ``pruned``,
``local_optimum``, ``budget``, ``notes``, ``seconds`` and ``casualties`` (the policy of the
figures).
"""
from __future__ import annotations

import argparse

from ... import limits
from ...errors import ScenarioError, shown
from ...ruleset import Command

def _budget(text: str) -> int:
    most = limits.ADVISOR_MAX_EVALUATIONS
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number of evaluations, like 400; "
                                         f"got {shown(text)}") from None
    if not 1 <= value <= most:
        raise argparse.ArgumentTypeError(f"must be 1 to {most:,} evaluations, got {shown(value)}")
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
            "local_optimum": advice.local_optimum, "budget": advice.budget,
            "notes": list(advice.notes), "seconds": round(advice.seconds, 3),
            "casualties": advice.policy}


def advice_summary(advice, side: str, title: str | None = None) -> str:
    lines = [title] if title else []
    how = (f"all {advice.compared} assignments compared" if advice.exhaustive else
           f"{advice.compared} of {advice.space} assignments compared, local search"
           + (f", budget of {advice.budget:,} evaluations used up"
              if advice.stopped_by_budget else ""))
    lines.append(f"best assignments for the {side} ({how}; {advice.evaluated} evaluated, "
                 f"{advice.pruned} dominated ones pruned; odds with {advice.policy} casualties)")
    for i, s in enumerate(advice.suggestions, start=1):
        lines.append(f"  {i}. {side} wins {100 * s.win:.2f}% (draw {100 * s.result.draw:.2f}%):"
                     f" {s.describe() or 'all idle'}")
    if not advice.exhaustive:
        lines.append("  the best is a local optimum: no single-group move beats it"
                     if advice.local_optimum else
                     "  the budget ran out before the best was checked against every "
                     "single-group move (a larger --budget checks it)")
    lines += [f"  note: {note}" for note in advice.notes]
    return "\n".join(lines)


def _run_advise(args) -> tuple[dict, str]:
    from ...scenario import load_scenario
    from .advisor import advise
    scenario = load_scenario(args.file)
    if scenario.ruleset != "mediumluck":
        raise ScenarioError(f"advise works on mediumluck scenarios, this one is "
                            f"'{scenario.ruleset}'", file=args.file, field="ruleset")
    advice = advise(scenario.body, args.side, budget=args.budget)
    return advice_json(advice, args.side), advice_summary(advice, args.side, scenario.title)


def _configure_advise(a: argparse.ArgumentParser) -> None:
    a.add_argument("file", help="a mediumluck scenario file")
    a.add_argument("--side", choices=("attacker", "defender"), required=True)
    a.add_argument("--budget", type=_budget, default=None,
                   help="assignments to evaluate exactly (at most "
                        f"{limits.ADVISOR_MAX_EVALUATIONS:,}; the same answer on every run; "
                        "default: every assignment when they number at most 20,000, else "
                        f"{limits.ADVISOR_DEFAULT_EVALUATIONS}; the search stops at its work "
                        "limit with the best found so far)")


#: Medium Luck's own ``combatassist`` commands (``Ruleset.commands``).
COMMANDS = (Command("advise", "the best assignments of one side's units", _configure_advise,
                    _run_advise),)
