"""Exact battle solver (absorbing Markov chain) and the seeded simulator.

Both drive a ``BattleRules``: the solver through ``round_dist`` (the exact dice source), the
simulator through ``play_round_many`` with seeded numpy dice (the trials that share a state
play their round together: the same phases, one ``play_round`` for many). Rounds in which
nothing changes are self-loops; the solver removes them exactly (mass leaving a state with
self-loop p is divided by 1 - p), never by iterating.
"""
from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from . import limits
from .battle import BattleRules, DiceStream, optional, play_round_many
from .errors import CombatAssistError, EngineError
from .text import msg

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


class Cancelled(CombatAssistError):
    """The caller asked to stop (the GUI started a newer computation)."""


#: ``retreat(state, rounds_fought)``: True when the attacker withdraws from ``state`` before
#: the next round. ``rounds_fought`` is None when the solver fights to the end (it removes
#: self-loops, so rounds are not tracked): the rule must then depend on the position only.
RetreatRule = Callable[[Any, "int | None"], bool]

#: ``retreat_from``'s answer when every attacking unit leaves: the battle ends (``retreated``).
ENDS = object()


def retreat_from(rules: BattleRules, retreat: RetreatRule | None, state: Any,
                 rounds_fought: int | None) -> Any:
    """What the attacker's retreat rule does at ``state`` before the next round: None (it
    fights on), ``ENDS`` (every unit leaves), or the position where the units that can't
    leave fight on (``rules.withdraw``: an amphibious assault's landed units). A position
    whose units can't leave at all fights on."""
    if retreat is None or not retreat(state, rounds_fought):
        return None
    withdraw = optional(rules, "withdraw")
    after = None if withdraw is None else withdraw(state)
    if after is None:
        return ENDS
    return None if after == state else after


@dataclass
class BattleOutcome:
    """Where the probability mass ends: decided states, stalemates, undecided (max_rounds)."""

    decided: dict[Any, float] = field(default_factory=dict)
    stalemates: dict[Any, float] = field(default_factory=dict)
    undecided: dict[Any, float] = field(default_factory=dict)
    #: Positions the attacker withdrew from (a ``retreat`` rule), with their mass.
    retreated: dict[Any, float] = field(default_factory=dict)
    pruned: float = 0.0
    expected_rounds: float = 0.0
    #: decided_by_round[i] = P(battle over after at most i + 1 rounds).
    decided_by_round: list[float] = field(default_factory=list)
    states_explored: int = 0
    method: str = "exact"
    trials: int = 0


class Transitions:
    """Memoised exact round distributions, with cancellation and two caps: distinct
    positions, and transitions stored (``limits.MAX_EXACT_TRANSITIONS``: time and memory).

    Shared by the passes that explore one battle (``position_values`` solves positions
    backwards over the states a first ``solve`` met, without recomputing their rounds)."""

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
            raise EngineError(msg(
                "this battle has more than {states:,} distinct positions; reduce the forces "
                "(or use --method simulate)", states=self.max_states))
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
          max_states: int = DEFAULT_MAX_STATES, retreat: RetreatRule | None = None,
          transitions: Transitions | None = None,
          start_mass: dict | None = None) -> BattleOutcome:
    """Exact outcome distribution of the battle from ``start`` (default: the initial state).

    ``max_rounds`` > 0 stops after that many rounds (the rest is ``undecided``).
    ``cancel`` is polled between states; it raises ``Cancelled`` when it returns True.
    ``retreat`` (see ``RetreatRule``) moves the mass of the positions the attacker withdraws
    from, before any round (the first included), into ``retreated``.
    ``transitions`` reuses the memoised rounds of an earlier pass over the same rules.
    ``start_mass`` ({state: p}, instead of ``start``): the battle starts spread over several
    positions (e.g. the rest of a round pushed through its phases, at the table).
    """
    if start_mass is None:
        start_mass = {rules.initial_state() if start is None else start: 1.0}
    if max_rounds == 0 or max_rounds > SHORT_BATTLE_ROUNDS:
        # refuse at once if too big: the start position least far on is the largest
        limits.check_exact(estimate_work(rules, min(start_mass, key=rules.progress)))
    if transitions is None:
        transitions = Transitions(rules, cancel, max_states)
    if max_rounds > 0:
        out = _solve_rounds(rules, start_mass, transitions, max_rounds, prune_below, retreat)
    else:
        out = _solve_to_end(rules, start_mass, transitions, prune_below, retreat)
        if curve:
            out.decided_by_round = _decided_curve(rules, start_mass, transitions, CURVE_ROUNDS,
                                                  retreat)
    out.states_explored = len(transitions.cache)
    return out


def estimate_work(rules: BattleRules, state: Any) -> float | None:
    """The exact solver's transitions from ``state``, as the ruleset estimates them
    (``rules.work_estimate(state)``; None when it doesn't say: the running count still
    stops the solve at the limit)."""
    estimate = optional(rules, "work_estimate")
    return None if estimate is None else estimate(state)


def _solve_to_end(rules: BattleRules, start_mass: dict, transitions: Transitions,
                  prune_below: float, retreat: RetreatRule | None = None) -> BattleOutcome:
    out = BattleOutcome()
    mass: dict[Any, float] = dict(start_mass)
    order = itertools.count()
    heap = [(rules.progress(s), next(order), s) for s in mass]
    heapq.heapify(heap)
    while heap:
        key, _, state = heapq.heappop(heap)
        m = mass.pop(state)
        if rules.verdict(state) is not None:
            out.decided[state] = out.decided.get(state, 0.0) + m
            continue
        left = retreat_from(rules, retreat, state, None)
        if left is ENDS:
            out.retreated[state] = out.retreated.get(state, 0.0) + m
            continue
        if left is not None:                    # the others withdrew: no round fought here
            stay, moves, dropped = 0.0, [(left, 1.0)], 0.0
        elif m < prune_below:
            out.pruned += m
            continue
        else:
            stay, moves, dropped = transitions(state)
            if _is_stalemate(stay, moves):
                out.stalemates[state] = out.stalemates.get(state, 0.0) + m
                continue
        leave = m / (1.0 - stay)          # expected number of rounds fought in this state
        if left is None:
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


def _step(rules: BattleRules, alive: dict, transitions: Transitions, out: BattleOutcome,
          prune_below: float, retreat: RetreatRule | None = None,
          rounds_fought: int | None = None) -> dict:
    """Advance the alive states by one round; decided / stalemate mass goes into ``out``,
    and so does the mass the attacker withdraws before the next round (``retreat``)."""
    following: dict = {}
    for state, m in alive.items():
        stay, moves, dropped = transitions(state)
        out.pruned += m * dropped
        if stay:
            following[state] = following.get(state, 0.0) + m * stay
        for nxt, p in moves:
            following[nxt] = following.get(nxt, 0.0) + m * p
    return _settle(rules, following, transitions, out, prune_below, retreat, rounds_fought)


def _settle(rules: BattleRules, following: dict, transitions: Transitions, out: BattleOutcome,
            prune_below: float, retreat: RetreatRule | None,
            rounds_fought: int | None) -> dict:
    """The positions still on before the next round, from ``following``: decided, retreated,
    stalemate and pruned mass goes into ``out``; a partial withdrawal moves mass to the
    position where the units that can't leave fight on."""
    still: dict = {}
    pending = following
    while pending:
        withdrawn: dict = {}
        for state, m in pending.items():
            if rules.verdict(state) is not None:
                out.decided[state] = out.decided.get(state, 0.0) + m
                continue
            left = retreat_from(rules, retreat, state, rounds_fought)
            if left is ENDS:
                out.retreated[state] = out.retreated.get(state, 0.0) + m
            elif left is not None:
                withdrawn[left] = withdrawn.get(left, 0.0) + m
            else:
                still[state] = still.get(state, 0.0) + m
        pending = withdrawn
    for state, m in list(still.items()):
        if m < prune_below:
            out.pruned += m
            del still[state]
        elif _is_stalemate(*transitions(state)[:2]):
            out.stalemates[state] = out.stalemates.get(state, 0.0) + m
            del still[state]
    return still


def _initial_alive(rules: BattleRules, start_mass: dict, transitions: Transitions,
                   out: BattleOutcome, retreat: RetreatRule | None = None) -> dict:
    return _settle(rules, start_mass, transitions, out, 0.0, retreat, 0)


def round_layers(rules: BattleRules, state0: Any, transitions: Transitions, rounds: int,
                 prune_below: float = DEFAULT_PRUNE, withdrawals: bool = False,
                 start_mass: dict | None = None) -> list[dict]:
    """The battle still on before each round: ``[{state: mass}, ...]``, one per round
    1..``rounds`` (a round-limited ``solve`` without retreat meets exactly these), from
    ``state0`` or spread over ``start_mass`` ({state: p}).
    ``withdrawals``: each layer also holds where the attacker's partial retreat from each of
    its positions leads (``rules.withdraw``), and the rounds from there.

    Refused at once, like ``solve``, when more than ``SHORT_BATTLE_ROUNDS`` rounds of the
    battle need more than ``limits.MAX_EXACT_TRANSITIONS`` (the running count would stop it
    only at the limit, after seconds of work: issue 27)."""
    if start_mass is None:
        start_mass = {state0: 1.0}
    if rounds > SHORT_BATTLE_ROUNDS:
        limits.check_exact(estimate_work(rules, min(start_mass, key=rules.progress)))
    scratch = BattleOutcome()
    alive = _initial_alive(rules, start_mass, transitions, scratch)
    layers = []
    withdraw = optional(rules, "withdraw") if withdrawals else None
    for _ in range(rounds):
        if withdraw is not None:
            for state, m in list(alive.items()):
                left = withdraw(state)
                if left is not None and left != state:
                    alive[left] = alive.get(left, 0.0) + m
        layers.append(alive)
        alive = _step(rules, alive, transitions, scratch, prune_below) if alive else {}
    return layers


def _solve_rounds(rules: BattleRules, start_mass: dict, transitions: Transitions,
                  max_rounds: int, prune_below: float,
                  retreat: RetreatRule | None = None) -> BattleOutcome:
    out = BattleOutcome()
    alive = _initial_alive(rules, start_mass, transitions, out, retreat)
    for n in range(max_rounds):
        if not alive:
            out.decided_by_round.append(out.decided_by_round[-1] if out.decided_by_round else 1.0)
            continue
        out.expected_rounds += math.fsum(alive.values())
        # No retreat after the last round: what is still on is ``undecided`` (its caller may
        # count that as a retreat, as "retreat after round N" does).
        last = n + 1 == max_rounds
        alive = _step(rules, alive, transitions, out, prune_below,
                      None if last else retreat, n + 1)
        out.decided_by_round.append(math.fsum(out.decided.values()) +
                                    math.fsum(out.stalemates.values()) +
                                    math.fsum(out.retreated.values()))
    out.undecided = alive
    return out


def _decided_curve(rules: BattleRules, start_mass: dict, transitions: Transitions,
                   rounds: int, retreat: RetreatRule | None = None) -> list[float]:
    """P(decided within N rounds), N = 1..rounds, stopping early once (nearly) all decided
    (a retreat decides the battle too)."""
    scratch = BattleOutcome()
    alive = _initial_alive(rules, start_mass, transitions, scratch, retreat)
    curve: list[float] = []
    stepped = 0                                 # positions stepped one by one so far
    for n in range(rounds):
        if alive:
            if retreat is None and stepped >= len(transitions.cache):
                # long battles: the rest on arrays, once the rounds stepped one by one have
                # cost as much as making them (every known position's round, once)
                rest = _curve_on_arrays(rules, alive, transitions, rounds - n)
                if rest is not None:
                    return curve + rest
            stepped += len(alive)
            # Coarser pruning than the answer itself: the curve is for a plot (1e-6 is plenty).
            alive = _step(rules, alive, transitions, scratch, CURVE_PRUNE, retreat, n + 1)
        curve.append(1.0 - math.fsum(alive.values()))
        if math.fsum(alive.values()) < 1e-9:
            break
    return curve


#: The curve's pruning (per position and round: the curve is for a plot).
CURVE_PRUNE = 1e-11


def _curve_on_arrays(rules: BattleRules, alive: dict, transitions: Transitions,
                     rounds: int) -> list[float] | None:
    """``_decided_curve``'s next ``rounds`` rounds from ``alive`` (no retreat rule), each
    round one sum over the known positions' rounds (``transitions.cache``) instead of a step
    per position: the same positions settled and pruned as ``_step`` settles them (issue
    34: a small low-luck fleet fought 50 rounds spent a third of its time here). None when
    a position whose round isn't known gets mass the curve keeps (``_step`` would make its
    round: the caller steps on)."""
    cache = transitions.cache
    index = {state: i for i, state in enumerate(cache)}
    known = len(index)
    rows: list[int] = []
    cols: list[int] = []
    probs: list[float] = []
    stay = np.zeros(known)
    on = np.zeros(known, dtype=bool)            # the known positions a round is fought from
    for i, (state, (p_stay, moves, _)) in enumerate(cache.items()):
        stay[i] = p_stay
        on[i] = rules.verdict(state) is None and not _is_stalemate(p_stay, moves)
        for nxt, p in moves:
            j = index.get(nxt)
            if j is None:
                j = index[nxt] = len(index)
            rows.append(i)
            cols.append(j)
            probs.append(p)
    size = len(index)
    keeps = np.zeros(size, dtype=bool)          # mass there stays on (may be pruned)
    keeps[:known] = on
    unknown = np.zeros(size, dtype=bool)        # not decided, round not known
    for state, j in itertools.islice(index.items(), known, None):
        unknown[j] = rules.verdict(state) is None
    mass = np.zeros(size)
    for state, m in alive.items():
        j = index.get(state)
        if j is None or not keeps[j]:
            return None
        mass[j] = m
    at, to, prob = (np.array(rows, dtype=np.int64), np.array(cols, dtype=np.int64),
                    np.array(probs))
    stay = np.concatenate([stay, np.zeros(size - known)])
    curve: list[float] = []
    for _ in range(rounds):
        if transitions.cancel is not None and transitions.cancel():
            raise Cancelled()
        mass = mass * stay + np.bincount(to, mass.take(at) * prob, minlength=size)
        if unknown.any() and (mass[unknown] >= CURVE_PRUNE).any():
            return None
        mass[~keeps | (mass < CURVE_PRUNE)] = 0.0
        left = float(mass.sum())
        curve.append(1.0 - left)
        if left < 1e-9:
            break
    return curve


def simulate(rules: BattleRules, trials: int, seed: int | None = None, *, start: Any = None,
             max_rounds: int = 0, cancel: Callable[[], bool] | None = None,
             retreat: RetreatRule | None = None) -> BattleOutcome:
    """Play ``trials`` battles with seeded dice through the same phases as the exact solver.

    Trials that share a state play their round together (``play_round_many``: their dice in
    one numpy call, each distinct outcome applied once), so the phases stay the one rules code.
    The result has the same shape as ``solve``'s, with frequencies for probabilities.
    Stalemates are recognised by the exact round distribution of the state (memoised), looked
    for when a round left every trial of a state where it was. ``retreat`` is asked before
    every round (as in ``solve``; never after the last of ``max_rounds``).

    Work (``limits``): dice rolled plus ``GROUP_WORK`` (or the rules' own
    ``simulation_group_work``) per group of trials rolling together;
    the first ``SIMULATION_PILOT_TRIALS`` trials are played on their own and tell what the
    whole run needs (``_Simulation.estimate``; refused at once beyond the limit), and the
    count stops a run that grows.
    """
    if trials <= 0:
        raise EngineError("the number of trials must be at least 1")
    # numpy takes seeds >= 0: a negative one (the CLI allows it) plays like its absolute
    # value, as in AGC's simulator
    rng = DiceStream(np.random.default_rng(None if seed is None else abs(seed)))
    run = _Simulation(rules, trials, rng, max_rounds, cancel, retreat)
    state0 = rules.initial_state() if start is None else start
    pilot = min(trials, limits.SIMULATION_PILOT_TRIALS)
    run.profile = []
    run.play(state0, pilot)
    work = run.estimate(pilot, trials)
    if pilot < trials and work > limits.MAX_SIMULATED_DICE:
        fits = _largest(lambda n: run.estimate(pilot, n) <= limits.MAX_SIMULATED_DICE, trials)
        raise limits.simulation_refusal(work, trials, limits.MAX_SIMULATED_DICE / max(fits, 1))
    run.profile = None
    if pilot < trials:
        run.play(state0, trials - pilot)
    running = 0
    for n in range(1, min(run.cap, CURVE_ROUNDS) + 1):
        running += run.round_counts[n] + (run.round_counts[0] if n == 1 else 0)
        run.out.decided_by_round.append(running / trials)
    return run.out


def _largest(fits: Callable[[int], bool], upto: int) -> int:
    """The largest n in 1..``upto`` with ``fits(n)`` (``fits`` true up to some n), else 0."""
    low, high = 0, upto
    while low < high:
        mid = (low + high + 1) // 2
        low, high = (mid, high) if fits(mid) else (low, mid - 1)
    return low


#: The simulator's work for one group of trials rolling together (numpy calls, the outcome
#: tally), in dice: measured ~20 us a group, ~1 us a die at the slowest (``limits``). Rules
#: whose groups cost more say so: ``simulation_group_work`` (Medium Luck's band tables and
#: casualty picks, measured 130-230 us a group).
GROUP_WORK = 20


class _Simulation:
    """Trials played round by round, grouped by state, into one ``BattleOutcome``."""

    def __init__(self, rules: BattleRules, trials: int, rng: DiceStream,
                 max_rounds: int, cancel, retreat: RetreatRule | None = None):
        self.rules, self.rng, self.cancel, self.trials = rules, rng, cancel, trials
        self.retreat = retreat
        self.out = BattleOutcome(method="simulate", trials=trials)
        self.w = 1.0 / trials
        self.cap = max_rounds if max_rounds > 0 else SIMULATION_ROUND_CAP
        self.round_counts = [0] * (self.cap + 1)
        self.stalemate_memo: dict[Any, bool] = {}
        self.checked = 0          # outcomes enumerated by stalemate checks (exact-solver work)
        self.work = 0
        self.dice = 0
        self.groups = 0
        self.group_work = optional(rules, "simulation_group_work", GROUP_WORK)
        #: while the pilot plays: per round [groups rolled, states, states with one trial,
        #: states with two] (``estimate``); None otherwise
        self.profile: list[list[int]] | None = None

    def estimate(self, pilot: int, trials: int) -> float:
        """The work ``trials`` trials need, from the pilot's ``pilot`` (its ``profile``).

        Dice grow with the trials. Groups grow with the distinct states the trials meet,
        which stop growing once the trials fill a battle's few positions: per round, the
        pilot's groups times at most the states the round could hold as the pilot saw them
        (Chao's estimate of unseen kinds from how many states held one trial and how many
        two), never more than the trials' ratio."""
        scale = trials / pilot
        groups = 0.0
        for rolled, states, ones, twos in self.profile or ():
            unseen = ones * ones / (2 * twos) if twos else ones * (ones - 1) / 2
            groups += rolled * min(scale, (states + unseen) / states)
        return self.dice * scale + groups * self.group_work

    def stalemate(self, state) -> bool:
        stale = self.stalemate_memo.get(state)
        if stale is None:
            dist = self.rules.round_dist(state)
            self.checked += len(dist)
            if self.checked > limits.MAX_EXACT_TRANSITIONS:
                raise limits.exact_refusal(self.checked)
            # a round that can only lead back here is a stalemate whatever its probabilities
            # add up to (a ruleset's tables may miss 1 by a few 1e-15)
            stale = self.stalemate_memo[state] = (dist.prob(state) >= 1.0 - 1e-15
                                                  or len(dist) == 1 and state in dist)
        return stale

    def _count(self, dice: int) -> None:
        self.dice += dice
        self.groups += 1
        self.work += dice + self.group_work
        if self.work > 1.25 * limits.MAX_SIMULATED_DICE:      # an estimate was low: stop
            raise limits.simulation_refusal(self.work, self.trials, self.work / self.trials)

    def play(self, state0: Any, trials: int) -> None:
        rules, out, w = self.rules, self.out, self.w
        groups: dict[Any, int] = {state0: trials}
        rounds = 0
        while groups:
            following: dict[Any, int] = {}
            if self.profile is not None:
                sizes = list(groups.values())
                self.profile.append([-self.groups, len(sizes), sizes.count(1), sizes.count(2)])
            for state, n in groups.items():
                bucket = None
                left = (retreat_from(rules, self.retreat, state, rounds)
                        if rounds < self.cap and rules.verdict(state) is None else None)
                if left is not None and left is not ENDS:
                    state = left                # the others withdrew; these fight on
                if rules.verdict(state) is not None:
                    bucket = out.decided
                elif left is ENDS:
                    bucket = out.retreated
                elif rounds >= self.cap:
                    if not self.stalemate(state):
                        out.undecided[state] = out.undecided.get(state, 0.0) + n * w
                        out.expected_rounds += rounds * n * w
                        continue
                    bucket = out.stalemates
                else:
                    if self.cancel is not None and self.cancel():
                        raise Cancelled()
                    after = play_round_many(rules, state, n, self.rng, self._count)
                    # A stalemate leaves every trial where it was; only then is it looked for
                    # (exactly: the state's round distribution), and the round didn't happen.
                    if len(after) == 1 and state in after and self.stalemate(state):
                        bucket = out.stalemates
                    else:
                        for s2, m in after.items():
                            following[s2] = following.get(s2, 0) + m
                if bucket is not None:
                    bucket[state] = bucket.get(state, 0.0) + n * w
                    out.expected_rounds += rounds * n * w
                    self.round_counts[rounds] += n
            if self.profile is not None:
                self.profile[-1][0] += self.groups
            groups = following
            rounds += 1
