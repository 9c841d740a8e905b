"""A later edition's fleet under the retreat policy ``[options] retreat = "profit"``
(a strafe is for land battles), solved on the sea grid (``surprise_strike_grid``) instead of
the general solver: what ``retreat_policy.best_policy`` answers, from the grid's positions.

At sea no battle takes a territory, so the territory's worth counts nowhere: a position is
worth the IPC swing for the attacker (the defender's IPC lost less its own, from the start).
The steps are ``best_policy``'s:

1. a pass to the end without withdrawing meets the positions and makes their rounds;
2. every position it met is valued backwards (``_Run.valued``): fighting on is worth its
   round's outcomes at their own worth, leaving the swing so far; the attacker withdraws
   where leaving is worth more (ties fight on: ``retreat_policy.TIE``) and wherever the
   forced rules say ("with N units or fewer", "only aircraft left": the attacker's units);
3. the battle is solved under that policy (``leaves``), the "decided by round N" curve too,
   and where it goes is recorded (``_Run.reached``) for the policy's words
   (``retreat_policy.policy_sentences``), whose cost of following the words is one more
   pass.

Fleets only (a land battle's policy weighs the territory, and its AA guns' round 1 isn't
the cells'), ordinary dice (with low luck a battle meets few positions: the general solver
answers in milliseconds), fought to the end without other retreat rules. Tested against
``best_policy`` on random fleets: the same positions withdrawn from, the same worth, outcome
and words.
"""
from __future__ import annotations

import math
from typing import Any, Callable

import numpy as np

from ...retreat_policy import (FIGHT_TO_THE_END, POLICIES, TIE, Policy, defender_units,
                               dont_attack, policy_sentences, swing_of)
from ...solver import BattleOutcome, DEFAULT_PRUNE, estimate_work
from . import surprise_strike_grid as grid
from .chains import one_blas_thread, over_at_the_start, push_rows


def applicable(rules: Any, opts: Any) -> bool:
    """A fleet of the sea grid's (``surprise_strike_grid.applicable`` as a single battle),
    ordinary dice, under a policy alone (no round limit, "after round N" or "below X"),
    not decided at the start."""
    return (opts.retreat in POLICIES and not rules.land_battle and rules.dice.independent
            and not (opts.max_rounds or opts.retreat_after or opts.retreat_below)
            and rules.verdict(rules.initial_state()) is None
            and grid.applicable(rules, submerge_at_end=True, techs=True))


#: A fleet whose general solver's estimate is below this many transitions is solved there
#: (random 1942 fleets: 6 v 8, ~13,000 estimated, ~50 ms either way; 9 v 11, ~49,000: ~0.19 s
#: against ~50 ms; 20 v 22, 1.7 million: ~4 s against ~0.17 s).
GRID_FROM = 20_000


def on_the_grid(rules: Any) -> bool:
    """An ``applicable`` fleet the grid answers faster: its general solver's estimate at
    least ``GRID_FROM`` (or none)."""
    estimate = estimate_work(rules, rules.initial_state())
    return estimate is None or estimate >= GRID_FROM


def best_policy(rules: Any, *, forced: Callable[[Any], bool] | None = None,
                defender_hits: Callable[[Any], int] | None = None,
                cancel: Callable[[], bool] | None = None,
                prune_below: float = DEFAULT_PRUNE) -> Policy:
    """``retreat_policy.best_policy`` of a fleet (``applicable``): the optimal policy, its
    worth, the exact outcome under it, the policy in words. ``forced(state)`` looks at the
    attacker's units alone. EngineError past the grid's bounds (refused at once: its two
    passes' estimates)."""
    state0 = rules.initial_state()
    battle = grid.check(rules, lambda: grid._Battle(rules), passes=2)
    Cd = battle.Cd
    first = grid._Run(battle, BattleOutcome(), prune_below, cancel)
    with one_blas_thread():
        first.to_the_end()                              # meets the positions, makes rows
    worth = _swings(rules, battle)
    forced_at = None
    if forced is not None:
        d0 = battle.dfn.comps[0]
        forced_at = np.array([bool(forced((comp, d0, False))) for comp in battle.att.comps]
                             ).repeat(Cd)
    leaves = np.zeros(battle.Ca * Cd, dtype=bool)

    def decide(starts: np.ndarray, on: np.ndarray) -> np.ndarray:
        leave = worth[starts]
        out = leave > on + TIE * np.maximum(1.0, np.abs(on))
        if forced_at is not None:
            out |= forced_at[starts]
        leaves[starts] = out
        return np.where(out, leave, on)

    _, _, attack = first.valued(worth, decide)
    # every position the policy withdraws from (``best_policy``'s: those the first pass met)
    withdraw = {battle.state(i, j) for i, j in zip(*np.divmod(np.flatnonzero(leaves), Cd))}
    if (forced is not None and forced(state0)) or 0.0 > attack + TIE * max(1.0, abs(attack)):
        policy = Policy(withdraw=withdraw | {state0}, value=0.0,
                        outcome=over_at_the_start(state0))
        policy.words = [dont_attack(attack)]
        return policy
    under: list = []

    def run(out: BattleOutcome) -> Any:
        made = grid._Run(battle, out, prune_below, cancel, leaves=leaves)
        made.share_rows(first)
        made.track()
        under.append(made)
        return made

    outcome = push_rows(run, 0, True)
    second = under[0]
    reach = second.reached()
    met = np.flatnonzero((reach > 0.0) & (battle.status == 0))
    states = [battle.state(i, j) for i, j in zip(*np.divmod(met, Cd))]
    policy = Policy(withdraw=withdraw, value=attack, outcome=outcome)
    if not leaves[met].any():                           # (the words: where it goes)
        policy.words = [FIGHT_TO_THE_END]
        return policy
    live = [state0] + states
    probability = dict(zip(states, reach[met].tolist()))
    probability[state0] = 1.0
    swing = swing_of(rules)
    size = defender_units(rules) if defender_hits is None else defender_hits
    # the words' rules read the attacker's units and the defender's size: each cell's, and a
    # cell of each value (a rule is asked once per pair of them)
    a0, d0 = battle.att.comps[0], battle.dfn.comps[0]
    _, cell_a, of_a = np.unique([rules.attacker_units((c, d0, False))
                                 for c in battle.att.comps], return_index=True,
                                return_inverse=True)
    _, cell_d, of_d = np.unique([size((a0, c, False)) for c in battle.dfn.comps],
                                return_index=True, return_inverse=True)

    def value_of(rule: Callable[[Any], bool]) -> float:
        """The worth of withdrawing where ``rule`` (and ``forced``) say: one more pass."""
        if rule(state0) or (forced is not None and forced(state0)):
            return 0.0                                  # (withdrawn before round 1)
        table = np.array([[bool(rule(battle.state(i, j))) for j in cell_d.tolist()]
                          for i in cell_a.tolist()])
        said = table[of_a][:, of_d].ravel()
        if forced_at is not None:
            said |= forced_at
        out = push_rows(lambda o: _shared(grid._Run(battle, o, prune_below, cancel,
                                                    leaves=said), first), 0, False)
        return math.fsum(p * swing(s) for bucket in (out.decided, out.retreated,
                                                     out.stalemates, out.undecided)
                         for s, p in bucket.items())

    policy.words = policy_sentences(rules, live, probability, withdraw, value_of, attack,
                                    defender_hits)
    return policy


def _shared(run: Any, first: Any) -> Any:
    run.share_rows(first)
    return run


def _swings(rules: Any, battle: Any) -> np.ndarray:
    """Per position, the IPC swing for the attacker from the start (``swing_of``): the
    defender's units' cost at the start less at the position, less the attacker's (damaged
    and submerged units are not lost)."""
    costs = rules.unit_costs()

    def ipc(fleet: Any, slots: Any) -> np.ndarray:
        per_slot = np.array([costs[s.unit.id] for s in slots], dtype=float)
        return np.array(fleet.comps, dtype=float).reshape(fleet.C, -1) @ per_slot

    state0 = rules.initial_state()
    att, dfn = ipc(battle.att, rules.att.slots), ipc(battle.dfn, rules.dfn.slots)
    start = [sum(costs[s.unit.id] * n for s, n in zip(side.slots, counts))
             for side, counts in ((rules.att, state0[0]), (rules.dfn, state0[1]))]
    return np.add.outer(att - start[0], start[1] - dfn).ravel()
