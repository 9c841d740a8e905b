"""Odds from a position of a table battle: the rest of the round played out exactly, then
the absorbing-chain solver (``TableBattle.odds_from_here``)."""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .. import rulesets
from ..battle import BattleRules, Phase, optional, phase_exact
from ..figures import supports_figures
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


def ipc_lost(rules: BattleRules, state: Any) -> tuple[float, float] | None:
    """The IPC each side has lost at ``state``, counted from ``rules.initial_state()`` like
    a result's (None for rules without unit costs)."""
    if not supports_figures(rules):
        return None
    costs = rules.unit_costs()
    start = rules.state_units(rules.initial_state())
    now = rules.state_units(state)

    def worth(units: dict[str, int]) -> float:
        return math.fsum(costs[u] * n for u, n in units.items())
    return (worth(start[0]) - worth(now[0]), worth(start[1]) - worth(now[1]))


@dataclass(frozen=True)
class Branch:
    """Where the battle goes from a position, counted from there: who wins how often,
    the expected *further* losses and IPC each side (what is already lost not counted), and
    how often the attacker takes the territory (None where the rules don't say)."""

    attacker_wins: float
    defender_wins: float
    draw: float
    further_losses: tuple[float, float]
    further_ipc: tuple[float, float] | None
    takes_territory: float | None


def branch_of(result: Any, rules: BattleRules, state: Any) -> Branch:
    """``result`` (the odds from ``state``, whose losses count from the start) from here:
    the losses and IPC already suffered at ``state`` taken off."""
    ea, ed = result.expected_losses()
    la, ld = rules.losses(state)
    figures = getattr(result, "figures", None)
    ipc = None
    so_far = ipc_lost(rules, state)
    if figures is not None and so_far is not None:
        ipc = (max(0.0, figures.attacker_ipc_lost - so_far[0]),
               max(0.0, figures.defender_ipc_lost - so_far[1]))
    return Branch(result.attacker_wins, result.defender_wins, result.draw,
                  (max(0.0, ea - la), max(0.0, ed - ld)), ipc,
                  None if figures is None else figures.takes_territory)


def retreat_branch(rules: BattleRules, state: Any, side: str, *, ruleset: str = "",
                   cancel: Callable[[], bool] | None = None) -> Branch:
    """Where a retreat of ``side`` now leads, from ``state`` (a round's start): the other
    side wins at once, nothing more is lost, and the territory stays the defender's (the
    attacker's retreat) or goes to the attacker when it has a land unit left; an
    amphibious assault's retreat (``rules.withdraw``) leaves the landed units fighting on,
    whose odds are solved exactly."""
    withdraw = optional(rules, "withdraw")
    after = withdraw(state) if side == "attacker" and withdraw is not None else None
    if after is not None and after != state:
        rules2, after = rules.apply_between_rounds(state, {"withdraw": side})
        result = odds_from(rules2, after, ruleset=ruleset, cancel=cancel)
        return branch_of(result, rules2, state)
    winner = "defender" if side == "attacker" else "attacker"
    taken = None
    if supports_figures(rules) and rules.land_units() is not None:
        land = rules.land_units()
        taken = 0.0 if winner == "defender" else float(
            any(u in land for u, n in rules.state_units(state)[0].items() if n))
    return Branch(float(winner == "attacker"), float(winner == "defender"), 0.0, (0.0, 0.0),
                  (0.0, 0.0) if supports_figures(rules) else None, taken)
