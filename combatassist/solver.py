"""Exact battle solver (absorbing Markov chain) and the seeded simulator.

Both drive a ``BattleRules``: the solver through ``round_dist`` (the exact dice source), the
simulator through ``play_round`` with seeded dice. Rounds in which nothing changes are
self-loops; the solver removes them exactly (mass leaving a state with self-loop p is divided
by 1 - p), never by iterating.
"""
from __future__ import annotations

import heapq
import itertools
import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from . import limits
from .battle import BattleRules, RandomDice, play_round
from .errors import CombatAssistError, EngineError

#: Default pruning threshold per state. With at most a few hundred thousand states the total
#: pruned mass stays far below 1e-9 (docs/rules.md's bound), and is reported anyway.
DEFAULT_PRUNE = 1e-16
#: States explored before the solver refuses (keeps the app responsive; message says so).
DEFAULT_MAX_STATES = 400_000
#: Rounds in the "decided by round N" curve for battles fought to the end.
CURVE_ROUNDS = 60
#: A simulated battle longer than this counts as undecided (only reachable with tiny hit odds).
SIMULATION_ROUND_CAP = 10_000
#: A solve limited to this many rounds isn't refused on the whole battle's estimate (it sees
#: only the positions a few rounds reach; the running count still bounds it).
SHORT_BATTLE_ROUNDS = 5


class _CountingDice(RandomDice):
    """Seeded dice that count how many were rolled (the simulator's work unit)."""

    def __init__(self, rng: random.Random):
        super().__init__(rng)
        self.rolled = 0

    def roll(self, phase, specs):
        self.rolled += len(specs)
        return super().roll(phase, specs)


class Cancelled(CombatAssistError):
    """The caller asked to stop (the GUI started a newer computation)."""


@dataclass
class BattleOutcome:
    """Where the probability mass ends: decided states, stalemates, undecided (max_rounds)."""

    decided: dict[Any, float] = field(default_factory=dict)
    stalemates: dict[Any, float] = field(default_factory=dict)
    undecided: dict[Any, float] = field(default_factory=dict)
    pruned: float = 0.0
    expected_rounds: float = 0.0
    #: decided_by_round[i] = P(battle over after at most i + 1 rounds).
    decided_by_round: list[float] = field(default_factory=list)
    states_explored: int = 0
    method: str = "exact"
    trials: int = 0


class _Transitions:
    """Memoised exact round distributions, with cancellation and two caps: distinct
    positions, and transitions stored (``limits.MAX_EXACT_TRANSITIONS``: time and memory)."""

    def __init__(self, rules: BattleRules, cancel: Callable[[], bool] | None, max_states: int,
                 max_transitions: int | None = None):
        self.rules = rules
        self.cancel = cancel
        self.max_states = max_states
        self.max_transitions = (limits.MAX_EXACT_TRANSITIONS if max_transitions is None
                                else max_transitions)
        self.transitions = 0
        self.cache: dict[Any, tuple[float, list[tuple[Any, float]], float]] = {}

    def __call__(self, state: Any) -> tuple[float, list[tuple[Any, float]], float]:
        """(P(the round changes nothing), [(other state, probability), ...], P(dropped)).

        P(dropped) is mass a ruleset's table left out (tails rarer than ~1e-18): reported
        as pruned, never silently lost."""
        hit = self.cache.get(state)
        if hit is not None:
            return hit
        if self.cancel is not None and self.cancel():
            raise Cancelled()
        if len(self.cache) >= self.max_states:
            raise EngineError(
                f"this battle has more than {self.max_states:,} distinct positions; "
                "reduce the forces (or use --method simulate)")
        dist = self.rules.round_dist(state)
        stay = dist.prob(state)
        moves = [(s, p) for s, p in dist.items() if s != state]
        self.transitions += len(moves)
        if self.transitions > self.max_transitions:   # the estimate was low: stop here
            raise limits.exact_refusal(self.transitions, self.max_transitions)
        dropped = max(0.0, 1.0 - stay - math.fsum(p for _, p in moves))
        if dropped < 1e-15:  # float rounding, not a pruned tail
            dropped = 0.0
        self.cache[state] = (stay, moves, dropped)
        return stay, moves, dropped


def _is_stalemate(stay: float, moves: list) -> bool:
    return not moves or stay >= 1.0 - 1e-15


def solve(rules: BattleRules, start: Any = None, *, max_rounds: int = 0,
          prune_below: float = DEFAULT_PRUNE, curve: bool = True,
          cancel: Callable[[], bool] | None = None,
          max_states: int = DEFAULT_MAX_STATES) -> BattleOutcome:
    """Exact outcome distribution of the battle from ``start`` (default: the initial state).

    ``max_rounds`` > 0 stops after that many rounds (the rest is ``undecided``).
    ``cancel`` is polled between states; it raises ``Cancelled`` when it returns True.
    """
    state0 = rules.initial_state() if start is None else start
    if max_rounds == 0 or max_rounds > SHORT_BATTLE_ROUNDS:
        limits.check_exact(estimate_work(rules, state0))   # refuse at once if too big
    transitions = _Transitions(rules, cancel, max_states)
    if max_rounds > 0:
        out = _solve_rounds(rules, state0, transitions, max_rounds, prune_below)
    else:
        out = _solve_to_end(rules, state0, transitions, prune_below)
        if curve:
            out.decided_by_round = _decided_curve(rules, state0, transitions, CURVE_ROUNDS)
    out.states_explored = len(transitions.cache)
    return out


def estimate_work(rules: BattleRules, state: Any) -> float | None:
    """The exact solver's transitions from ``state``, as the ruleset estimates them
    (``rules.work_estimate(state)``; None when it doesn't say: the running count still
    stops the solve at the limit)."""
    estimate = getattr(rules, "work_estimate", None)
    return None if estimate is None else estimate(state)


def _solve_to_end(rules: BattleRules, state0: Any, transitions: _Transitions,
                  prune_below: float) -> BattleOutcome:
    out = BattleOutcome()
    mass: dict[Any, float] = {state0: 1.0}
    order = itertools.count()
    heap = [(rules.progress(state0), next(order), state0)]
    while heap:
        key, _, state = heapq.heappop(heap)
        m = mass.pop(state)
        if rules.verdict(state) is not None:
            out.decided[state] = out.decided.get(state, 0.0) + m
            continue
        if m < prune_below:
            out.pruned += m
            continue
        stay, moves, dropped = transitions(state)
        if _is_stalemate(stay, moves):
            out.stalemates[state] = out.stalemates.get(state, 0.0) + m
            continue
        leave = m / (1.0 - stay)          # expected number of rounds fought in this state
        out.expected_rounds += leave
        out.pruned += leave * dropped
        for nxt, p in moves:
            if nxt in mass:
                mass[nxt] += leave * p
                continue
            nkey = rules.progress(nxt)
            if not nkey > key:
                raise EngineError(f"internal error: progress key does not increase "
                                  f"from {state!r} to {nxt!r}")
            mass[nxt] = leave * p
            heapq.heappush(heap, (nkey, next(order), nxt))
    return out


def _step(rules: BattleRules, alive: dict, transitions: _Transitions, out: BattleOutcome,
          prune_below: float) -> dict:
    """Advance the alive states by one round; decided / stalemate mass goes into ``out``."""
    following: dict = {}
    for state, m in alive.items():
        stay, moves, dropped = transitions(state)
        out.pruned += m * dropped
        if stay:
            following[state] = following.get(state, 0.0) + m * stay
        for nxt, p in moves:
            following[nxt] = following.get(nxt, 0.0) + m * p
    still: dict = {}
    for state, m in following.items():
        if rules.verdict(state) is not None:
            out.decided[state] = out.decided.get(state, 0.0) + m
        elif m < prune_below:
            out.pruned += m
        else:
            stay, moves, _ = transitions(state)
            if _is_stalemate(stay, moves):
                out.stalemates[state] = out.stalemates.get(state, 0.0) + m
            else:
                still[state] = m
    return still


def _initial_alive(rules: BattleRules, state0: Any, transitions: _Transitions,
                   out: BattleOutcome) -> dict:
    if rules.verdict(state0) is not None:
        out.decided[state0] = 1.0
        return {}
    stay, moves, _ = transitions(state0)
    if _is_stalemate(stay, moves):
        out.stalemates[state0] = 1.0
        return {}
    return {state0: 1.0}


def _solve_rounds(rules: BattleRules, state0: Any, transitions: _Transitions, max_rounds: int,
                  prune_below: float) -> BattleOutcome:
    out = BattleOutcome()
    alive = _initial_alive(rules, state0, transitions, out)
    for _ in range(max_rounds):
        if not alive:
            out.decided_by_round.append(out.decided_by_round[-1] if out.decided_by_round else 1.0)
            continue
        out.expected_rounds += math.fsum(alive.values())
        alive = _step(rules, alive, transitions, out, prune_below)
        out.decided_by_round.append(math.fsum(out.decided.values()) +
                                    math.fsum(out.stalemates.values()))
    out.undecided = alive
    return out


def _decided_curve(rules: BattleRules, state0: Any, transitions: _Transitions,
                   rounds: int) -> list[float]:
    """P(decided within N rounds), N = 1..rounds, stopping early once (nearly) all decided."""
    scratch = BattleOutcome()
    alive = _initial_alive(rules, state0, transitions, scratch)
    curve: list[float] = []
    for _ in range(rounds):
        if alive:
            # Coarser pruning than the answer itself: the curve is for a plot (1e-6 is plenty).
            alive = _step(rules, alive, transitions, scratch, 1e-11)
        curve.append(1.0 - math.fsum(alive.values()))
        if math.fsum(alive.values()) < 1e-9:
            break
    return curve


def simulate(rules: BattleRules, trials: int, seed: int | None = None, *, start: Any = None,
             max_rounds: int = 0, cancel: Callable[[], bool] | None = None) -> BattleOutcome:
    """Play ``trials`` battles with seeded dice through the same phases as the exact solver.

    The result has the same shape as ``solve``'s, with frequencies for probabilities.
    Stalemates are recognised by the exact round distribution of the state (memoised).
    """
    if trials <= 0:
        raise EngineError("the number of trials must be at least 1")
    rng = random.Random(seed)
    source = _CountingDice(rng)
    state0 = rules.initial_state() if start is None else start
    stalemate_memo: dict[Any, bool] = {}
    checked = 0          # outcomes enumerated by stalemate checks (exact-solver work)
    out = BattleOutcome(method="simulate", trials=trials)
    w = 1.0 / trials
    cap = max_rounds if max_rounds > 0 else SIMULATION_ROUND_CAP
    round_counts = [0] * (cap + 1)
    for t in range(trials):
        if cancel is not None and t % 256 == 0 and cancel():
            raise Cancelled()
        if t == limits.SIMULATION_PILOT_TRIALS or (t and t % 1024 == 0):
            # the first trials tell what the whole run rolls: refuse now rather than late
            per_trial = source.rolled / t
            if per_trial * trials > limits.MAX_SIMULATED_DICE * (1.0 if t < 1024 else 1.25):
                raise limits.simulation_refusal(per_trial * trials, trials, per_trial)
        state = state0
        rounds = 0
        bucket = out.undecided
        while True:
            if rules.verdict(state) is not None:
                bucket = out.decided
                break
            stale = stalemate_memo.get(state)
            if stale is None:
                dist = rules.round_dist(state)
                checked += len(dist)
                if checked > limits.MAX_EXACT_TRANSITIONS:
                    raise limits.exact_refusal(checked)
                stale = dist.prob(state) >= 1.0 - 1e-15
                stalemate_memo[state] = stale
            if stale:
                bucket = out.stalemates
                break
            if rounds >= cap:
                break
            state = play_round(rules, state, source).state_after
            rounds += 1
        bucket[state] = bucket.get(state, 0.0) + w
        out.expected_rounds += rounds * w
        if bucket is not out.undecided:
            round_counts[rounds] += 1
    running = 0
    for n in range(1, min(cap, CURVE_ROUNDS) + 1):
        running += round_counts[n] + (round_counts[0] if n == 1 else 0)
        out.decided_by_round.append(running / trials)
    return out
