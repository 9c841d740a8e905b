"""`combatassist tech`, `combatassist sbr` and `combatassist plan` (Low Luck), per
docs/scenario-format.md.

The calculators are imported when a command runs or is configured, not with the ruleset
(``combatassist odds`` of a Low Luck battle needs neither)."""
from __future__ import annotations

import argparse

from ...errors import EngineError
from ...ruleset import Command


def _invest_list(text: str) -> list[int]:
    try:
        values = [int(part) for part in text.split(",") if part.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"expected whole numbers separated by commas, like 18,18,18,18; got '{text}'") from None
    if not values:
        raise argparse.ArgumentTypeError("give at least one round, like 18,18")
    return values


def _nonneg(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got '{text}'") from None
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be 0 or more, got {value}")
    return value


def _run_tech(args) -> tuple[dict, str]:
    from . import tech
    plan = tech.plan_research(args.branch, args.invest, args.attempt_at)
    return plan.to_json(), tech.summarise_plan(plan)


def _run_sbr(args) -> tuple[dict, str]:
    from . import sbr
    if args.bombers < 1:
        raise EngineError("--bombers must be at least 1")
    result = sbr.compute_sbr(args.bombers, aa=args.aa, extra_aa=args.extra_aa,
                             variant=args.variant, heavy_bombers=args.heavy_bombers,
                             cash=args.cash)
    return result.to_json(), sbr.summarise_sbr(result)


def _run_plan(args) -> tuple[dict, str]:
    from ...scenario import load_scenario
    from . import planner
    scenario = load_scenario(args.file)
    if scenario.ruleset != "lowluck":
        raise EngineError(f"{args.file}: plan answers Low Luck battles (ruleset = \"lowluck\"), "
                          f"not {scenario.ruleset}")
    answer = planner.plan(scenario.body)
    return answer.to_json(), planner.summarise(answer, scenario.title)


def _configure_plan(p: argparse.ArgumentParser) -> None:
    p.add_argument("file", help="a Low Luck scenario file with a [plan] table "
                                "(see docs/scenario-format.md, Planning)")


def _configure_tech(t: argparse.ArgumentParser) -> None:
    from . import tech
    t.add_argument("branch", choices=tech.BRANCHES)
    t.add_argument("--invest", type=_invest_list, required=True,
                   help="IPC invested per round, e.g. 18,18,18,18")
    t.add_argument("--attempt-at", type=_nonneg, required=True,
                   help="attempt as soon as savings reach this (never below the lowest threshold)")


def _configure_sbr(s: argparse.ArgumentParser) -> None:
    from . import sbr
    s.add_argument("--bombers", type=_nonneg, required=True)
    s.add_argument("--aa", action="store_true", help="the factory has an AA gun")
    s.add_argument("--extra-aa", type=_nonneg, default=0, help="further AA guns flown over")
    s.add_argument("--variant", choices=sbr.VARIANTS, default="standard")
    s.add_argument("--heavy-bombers", action="store_true")
    s.add_argument("--cash", type=_nonneg, default=None,
                   help="attacker's cash at the end of the turn (bombers lost if it can't pay)")


#: Low Luck's extra subcommands (``Ruleset.commands``).
COMMANDS = (
    Command("tech", "low-luck tech research planner, Classic's technologies", _configure_tech,
            _run_tech),
    Command("sbr", "strategic bombing raid odds, Classic's rules", _configure_sbr, _run_sbr),
    Command("plan", "the cheapest force that meets a target (the file's [plan] table)",
            _configure_plan, _run_plan),
)
