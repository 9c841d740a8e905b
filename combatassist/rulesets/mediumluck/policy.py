"""Which casualty policy computes a Medium Luck battle's figures (optimal or heuristic)."""
from __future__ import annotations

from ...errors import EngineError
from ...text import msg
from .positions import position_count


#: Largest grid (round-start positions) the default policy solves optimally: about a second
#: and a few hundred MB at most; above it the default is the heuristic (a named, measured
#: stand-in: tests/benchmarks/bench_mediumluck_policy.py).
DEFAULT_OPTIMAL_LIMIT = 500_000
#: Largest grid solved optimally when a scenario asks for it explicitly.
OPTIMAL_LIMIT = 3_000_000


def choose_policy(setup, rules) -> tuple[str, str]:
    """(policy, why): the casualty policy that computes this battle's figures.

    ``setup.casualties`` "optimal" or "heuristic" is obeyed (EngineError when optimal can't
    be computed); the default (None) is optimal when the battle is fought to the end, no
    side gives an order of loss (the heuristic follows it) and the grid has at most
    ``DEFAULT_OPTIMAL_LIMIT`` positions; else the heuristic.
    """
    asked = setup.casualties
    if asked == "heuristic":
        return "heuristic", msg("as the scenario asks")
    size = position_count(rules)
    ordered = [side for side in ("attacker", "defender") if getattr(setup, side).order_of_loss]
    retreat = setup.retreat_after or setup.retreat_when_units or setup.retreat_below
    if asked == "optimal":
        if retreat:
            raise EngineError(msg("optimal casualties are solved for battles fought to the end; "
                                  "with a retreat rule use casualties = \"heuristic\""))
        if ordered:
            raise EngineError(msg("optimal casualties choose every loss, but the {side} gives "
                                  "an order of loss; remove it or use casualties = "
                                  "\"heuristic\"", side=ordered[0]))
        if setup.max_rounds:
            raise EngineError(msg("optimal casualties need a battle fought to the end "
                                  "(max_rounds = 0); use casualties = \"heuristic\""))
        if size > OPTIMAL_LIMIT:
            raise EngineError(msg("optimal casualties: this battle has {size:,} positions (at "
                                  "most {limit:,}); use casualties = \"heuristic\"", size=size,
                                  limit=OPTIMAL_LIMIT))
        return "optimal", msg("as the scenario asks")
    if setup.max_rounds:
        return "heuristic", msg("a round limit is set (best play is worked out for battles "
                                "fought to the end)")
    if ordered:
        return "heuristic", msg("the {side}'s order of loss is followed", side=ordered[0])
    if retreat:
        return "heuristic", msg("a retreat rule is set (best play is worked out without "
                                "retreats)")
    if size > DEFAULT_OPTIMAL_LIMIT:
        # players' words: how many positions the solver would visit is the engine's business
        return "heuristic", msg("the battle is too big to weigh every choice of casualties")
    return "optimal", msg("every choice of casualties weighed, for both sides")
