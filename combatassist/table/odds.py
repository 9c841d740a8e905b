"""Odds from a position of a table battle: the rest of the round played out exactly, then
the absorbing-chain solver (``TableBattle.odds_from_here``)."""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from .. import rulesets
from ..battle import BattleRules, Phase, phase_exact
from ..result import battle_result
from ..solver import solve


def odds_from(rules: BattleRules, state: Any, *, ruleset: str = "",
              cancel: Callable[[], bool] | None = None, max_rounds: int = 0,
              remaining: Sequence[Phase] | None = None):
    """Exact ``BattleResult`` of a battle from ``state`` (losses count from the very start).

    ``remaining``: ``state`` is inside a round and these phases of it are still to play; they
    are pushed through exactly (and the round ended) before the solver takes over; that
    round counts in ``expected_rounds`` and ``max_rounds`` counts the rounds after it.

    A known ``ruleset`` may answer itself (``Ruleset.table_odds``), so the table side's
    odds are the figures its odds view shows (Medium Luck's casualty policy)."""
    def generic():
        return _rules_odds(rules, state, ruleset=ruleset, cancel=cancel,
                           max_rounds=max_rounds, remaining=remaining)
    if ruleset not in rulesets.names() or max_rounds:
        return generic()
    band = len(rules.phases(state)) - len(remaining) if remaining is not None else 0
    return rulesets.get(ruleset).table_odds(rules, state, band=band, generic=generic,
                                            cancel=cancel)


def _rules_odds(rules: BattleRules, state: Any, *, ruleset: str,
                cancel: Callable[[], bool] | None, max_rounds: int,
                remaining: Sequence[Phase] | None):
    """``odds_from`` by the rules as they stand."""
    if remaining is None:
        outcome = solve(rules, start=state, max_rounds=max_rounds, cancel=cancel)
        return battle_result(ruleset or "battle", rules, outcome)
    current: dict = {state: 1.0}
    for phase in remaining:
        current = phase_exact(phase, current)
    start: dict = {}
    for s, p in current.items():
        s2 = rules.end_round(s)
        start[s2] = start.get(s2, 0.0) + p
    outcome = solve(rules, start_mass=start, max_rounds=max_rounds, cancel=cancel)
    outcome.expected_rounds += 1.0
    dropped = 1.0 - math.fsum(start.values())       # tails a ruleset's tables leave out
    if dropped > 1e-15:
        outcome.pruned += dropped
    # this round's end decides what it ends and what it leaves where nothing can happen any
    # more (a stalemate: the solver counts those as decided in the round they arise too)
    outcome.decided_by_round = [1.0 - math.fsum(
        m for s, m in start.items()
        if rules.verdict(s) is None and s not in outcome.stalemates)] + outcome.decided_by_round
    return battle_result(ruleset or "battle", rules, outcome)
