"""Assignment advisor: which bands and roles should one side's units take?

Given the units a side brings and the enemy's assignment, ``advise`` searches the legal
assignments (every unit type to the bands where the chart lets it roll or boost, or idle) and
returns the best few by the side's exact score, P(win) + ½ P(draw) (ties: fewer own expected
losses, then more enemy losses).

- Evaluation: exact odds under the heuristic casualty policy, many assignments at once
  (``batch``: one slot layout for all of them, so the side's heuristic positions are found
  once for the whole search, and the battles followed forward together); the enemy's side
  is computed once. ``Advice.policy`` says so; the scenario's own figures may use the
  optimal policy (see ``policy.choose_policy``).
- Pruning: an assignment with boosters that no die can ever take is never evaluated; it
  counts as its canonical form, where those units sit idle (exactly equal: see ``_Canon``,
  which also says why other forms that look dominated are evaluated).
- Search: every canonical assignment when there are at most ``exhaustive_limit``; otherwise
  ``CLIMBERS`` best-improvement hill climbs side by side (a move: 1, 3 or all the units of
  one type from one place to another; every climber's neighbours evaluated in one batch),
  from the side's own plan and fixed starts, then random splits and kicks of the best, within
  the time budget. A climb ends where no move improves: a checked local optimum. The top
  suggestion is such a point, as good as anything evaluated (``Advice.local_optimum``); if
  the budget ran out first, its climb is finished (up to as long again).
"""
from __future__ import annotations

import itertools
import math
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace

from ...errors import EngineError
from ...result import BattleResult, battle_result
from ...solver import Cancelled
from ...text import join, msg
from .rules import MediumLuckRules, MediumLuckSetup, SideSetup
from .chart import Chart
from .forward import outcome as grid_outcome
from .batch import BatchGrid, UniversalSide, batch_odds
from .heuristic import HeuristicGrid, side_chains
from .slots import ROLE_WORDS, band_name, unit_name

Place = tuple[str, str | None]          # ("roll", band) | ("boost", band) | ("idle", None)


@dataclass
class Suggestion:
    side: SideSetup
    win: float                           # P(this side wins)
    expected_own_losses: float
    expected_enemy_losses: float
    result: BattleResult
    #: P(this side wins) + 1/2 P(draw): what the advisor maximises
    score: float = 0.0

    def describe(self) -> str:
        """The assignment in players' words (display names): 'red roll: 2 mech infantry'."""
        def units(group: Mapping[str, int]) -> str:
            return join(", ", [msg("{n} {unit}", n=n, unit=unit_name(u)) for u, n in group.items()])
        parts = [msg("{band} {role}: {units}", band=band_name(band),
                     role=ROLE_WORDS.get(role, role), units=units(group))
                 for band, roles in self.side.bands.items() for role, group in roles.items()]
        if self.side.idle:
            parts.append(msg("idle: {units}", units=units(self.side.idle)))
        return join("; ", parts)


@dataclass
class Advice:
    suggestions: list[Suggestion]
    #: Assignments whose odds were computed.
    evaluated: int
    #: Size of the search space and whether every assignment in it was compared.
    space: int
    exhaustive: bool
    seconds: float
    stopped_by_budget: bool = False
    notes: list[str] = field(default_factory=list)
    #: Assignments met but not evaluated: dominated (equal to an evaluated canonical form).
    pruned: int = 0
    #: The best suggestion was checked against every single-group move.
    local_optimum: bool = False
    #: The casualty policy of the figures.
    policy: str = "heuristic"

    @property
    def compared(self) -> int:
        """Assignments ranked: evaluated ones and the dominated ones pruned into them."""
        return self.evaluated + self.pruned


def places_for(chart: Chart, unit: str) -> list[Place]:
    """Where a unit type may go: its roll bands, its boost bands, then idle."""
    out: list[Place] = [("roll", b.name) for b in chart.bands if unit in b.roll]
    out += [("boost", b.name) for b in chart.bands if unit in b.boost]
    out.append(("idle", None))
    return out


def _compositions(n: int, k: int):
    """Every way to split n identical units over k places."""
    if k == 1:
        yield (n,)
        return
    for first in range(n, -1, -1):
        for rest in _compositions(n - first, k - 1):
            yield (first, *rest)


def _space_size(units: Mapping[str, int], places: Mapping[str, list[Place]]) -> int:
    return math.prod(math.comb(n + len(places[u]) - 1, len(places[u]) - 1)
                     for u, n in units.items())


def _to_side(assignment, types, places, template: SideSetup) -> SideSetup:
    side = SideSetup(order_of_loss=list(template.order_of_loss))
    for unit, split in zip(types, assignment):
        for (role, band), n in zip(places[unit], split):
            if not n:
                continue
            if role == "idle":
                side.idle[unit] = side.idle.get(unit, 0) + n
            else:
                side.bands.setdefault(band, {}).setdefault(role, {})[unit] = n
    return side


def _starts(types, places, units, chart: Chart) -> list[tuple]:
    """Starting points: everything rolling where it can; boosters boosting; a mixed split."""
    starts = []
    for prefer in ("roll", "boost"):
        assignment = []
        for u in types:
            split = [0] * len(places[u])
            kinds = [i for i, (role, _) in enumerate(places[u]) if role == prefer]
            target = kinds[-1] if kinds else (0 if len(places[u]) > 1 else len(places[u]) - 1)
            split[target] = units[u]
            assignment.append(tuple(split))
        starts.append(tuple(assignment))
    mixed = []
    for u in types:
        split = [0] * len(places[u])
        active = [i for i, (role, _) in enumerate(places[u]) if role != "idle"] or [0]
        for j in range(units[u]):
            split[active[j % len(active)]] += 1
        mixed.append(tuple(split))
    starts.append(tuple(mixed))
    return list(dict.fromkeys(starts))


def _from_side(side: SideSetup, types, places, units) -> tuple | None:
    """The side's own assignment in search form (None if it holds other units)."""
    if side.unit_counts() != dict(units) or side.reserve:
        return None
    out = []
    for u in types:
        split = []
        for role, band in places[u]:
            if role == "idle":
                split.append(side.idle.get(u, 0))
            else:
                split.append(side.bands.get(band, {}).get(role, {}).get(u, 0))
        out.append(tuple(split))
    return tuple(out)


def _neighbours(assignment):
    """Every move of 1, 3 or all the units of one type from one place to another."""
    for t, split in enumerate(assignment):
        for src, dst in itertools.permutations(range(len(split)), 2):
            for step in sorted({1, 3, split[src]}):
                if 1 <= step <= split[src]:
                    new = list(split)
                    new[src] -= step
                    new[dst] += step
                    yield assignment[:t] + (tuple(new),) + assignment[t + 1:]


class _Canon:
    """Maps an assignment to its canonical form: boosters no die can ever take (their band
    has no unit of the side rolling and no extra die) moved to idle.

    Only this is pruned because only this is *equal* (not just no better) under the
    heuristic casualty policy the advisor evaluates: such boosters add no power, are lost
    and killed exactly as idle units of their type, and their band's configuration is the
    same. Other forms that look dominated are not: a die that can hit nothing still counts
    as combat power, so the heuristic keeps its unit longer and an enemy's red hit may go to
    it (in the issue's case a fighter rolling yellow against no aircraft scores 0.99985, the
    same fighter idle 0.99964), and boosters beyond a band's dice step in when a booster is
    lost. Those are evaluated like any other assignment.
    """

    def __init__(self, chart: Chart, setup: MediumLuckSetup, me: int, types, places):
        self.types, self.places = types, places
        self.extra = {b.name for b in chart.bands
                      if me == 1 and b.defender_extra_die and setup.defender_extra_white}

    def __call__(self, assignment):
        types, places = self.types, self.places
        rolling = set(self.extra)
        for unit, split in zip(types, assignment):
            for (role, band), n in zip(places[unit], split):
                if role == "roll" and n:
                    rolling.add(band)
        out = None
        for t, (unit, split) in enumerate(zip(types, assignment)):
            for j, ((role, band), n) in enumerate(zip(places[unit], split)):
                if n and role == "boost" and band not in rolling:
                    if out is None:
                        out = [list(s) for s in assignment]
                    out[t][len(split) - 1] += n
                    out[t][j] = 0
        return assignment if out is None else tuple(tuple(s) for s in out)


def advise(setup: MediumLuckSetup, side: str = "attacker", *,
           units: Mapping[str, int] | None = None, top: int = 3, time_budget: float = 2.0,
           exhaustive_limit: int = 400, cancel: Callable[[], bool] | None = None,
           seed: int = 0) -> Advice:
    """The best few assignments of ``side``'s units against the enemy's assignment in ``setup``.

    ``units`` defaults to what the side brings in ``setup`` (reserve units included).
    Raises ``Cancelled`` when ``cancel()`` turns true; stops the search at ``time_budget``
    seconds with the best found so far (``stopped_by_budget``), then finishes the climb of
    that best to a local optimum (up to as long again). Repeatable: the random restarts
    after the fixed starts come from ``seed``.
    """
    if side not in ("attacker", "defender"):
        raise EngineError(f"side must be attacker or defender, got {side!r}")
    t0 = time.perf_counter()
    deadline = t0 + time_budget
    chart = setup.chart
    mine: SideSetup = getattr(setup, side)
    units = {u: n for u, n in (units if units is not None else mine.unit_counts()).items() if n}
    unknown = [u for u in units if u not in chart.units]
    if unknown:
        raise EngineError(f"unknown unit '{unknown[0]}' for this chart")
    if not units:
        raise EngineError(f"the {side} has no units to assign")
    types = sorted(units, key=lambda u: list(chart.units).index(u))
    places = {u: places_for(chart, u) for u in types}
    space = _space_size(units, places)
    me = 0 if side == "attacker" else 1
    canon = _Canon(chart, setup, me, types, places)
    evaluator = _Evaluator(setup, side, me, mine, types, places, units, cancel)
    seen: dict[tuple, tuple] = {}                 # any assignment met -> canonical form

    def evaluate_many(assignments, until: float | None = None) -> list[tuple]:
        """The rank of each assignment (new canonical forms evaluated in batches);
        ``_OutOfTime`` when ``until`` passes first."""
        keys = []
        for a in assignments:
            key = seen.get(a)
            if key is None:
                key = seen[a] = canon(a)
            keys.append(key)
        evaluator.score(keys, until)
        return [evaluator.rank(k) for k in keys]

    all_assignments = None
    if space <= 20 * exhaustive_limit:
        all_assignments = list(itertools.product(
            *(list(_compositions(units[u], len(places[u]))) for u in types)))
        canonical = {canon(a) for a in all_assignments}
    exhaustive = all_assignments is not None and len(canonical) <= exhaustive_limit
    out_of_time = False
    local = False
    first = None
    if exhaustive:
        evaluate_many(all_assignments)
        local = True
    else:
        starts = _starts(types, places, units, chart)
        own = _from_side(mine, types, places, units)
        if own is not None:
            starts.insert(0, own)
        starts = list(dict.fromkeys(starts))
        rng = random.Random(seed)

        def climb(current, until):
            """Best-improvement hill climb of one position, every neighbour evaluated:
            (assignment, rank, finished: a verified local optimum?)."""
            best = evaluate_many([current])[0]
            while time.perf_counter() <= until:
                around = list(_neighbours(current))
                try:
                    ranks = evaluate_many(around, until)
                except _OutOfTime:
                    break
                top_rank = max(ranks, default=None)
                if top_rank is None or not top_rank > best:
                    return current, best, True
                current, best = around[ranks.index(top_rank)], top_rank
            return current, best, False

        def new_start(best):
            """The next fixed start, else a random split or a kick (3 random moves) of the
            best so far (iterated local search)."""
            if starts:
                return starts.pop(0)
            if best is None or rng.random() < 0.5:
                return _random_assignment(rng, types, places, units)
            current = best[0]
            for _ in range(3):
                moves = list(_neighbours(current))
                if moves:
                    current = rng.choice(moves)
            return current

        # CLIMBERS hill climbs side by side: each step evaluates every climber's neighbours
        # in one batch (the batch evaluator's per-level work is shared by all of them)
        best_overall = None                       # (assignment, rank, verified local optimum)
        climbers: list[tuple] = []
        while time.perf_counter() <= deadline:
            while len(climbers) < CLIMBERS:
                start = new_start(best_overall)
                climbers.append((start, None))
            around = [list(_neighbours(a)) for a, _ in climbers]
            try:
                ranks = evaluate_many([a for a, _ in climbers] +
                                      [n for ns in around for n in ns], deadline)
            except _OutOfTime:
                # what was evaluated stays; the climbers' neighbourhoods are unfinished
                climbers = [(a, evaluator.rank(seen[a])) for a, _ in climbers
                            if seen.get(a) in evaluator.odds]
                break
            own_ranks, ranks = ranks[:len(climbers)], ranks[len(climbers):]
            moved = []
            for (current, _), rank, neighbours in zip(climbers, own_ranks, around):
                mine_ranks, ranks = ranks[:len(neighbours)], ranks[len(neighbours):]
                top_rank = max(mine_ranks, default=None)
                if top_rank is not None and top_rank > rank:
                    moved.append((neighbours[mine_ranks.index(top_rank)], top_rank))
                elif best_overall is None or rank > best_overall[1]:
                    best_overall = (current, rank, True)       # a checked local optimum
            climbers = moved
        out_of_time = True
        # the best met must be a local optimum: climb on from it (up to as long again)
        if not evaluator.odds:                    # a budget too short for even one
            evaluate_many([climbers[0][0] if climbers else new_start(None)])
        top_key = max(evaluator.odds, key=evaluator.rank)
        candidates = ([best_overall] if best_overall else []) + \
            [(a, r, False) for a, r in climbers] + [(top_key, evaluator.rank(top_key), False)]
        found, score, finished = max(candidates, key=lambda item: (item[1], item[2]))
        if not finished:
            found, score, finished = climb(found, time.perf_counter() + time_budget)
        # the top suggestion is the climbed one (as good as anything evaluated: checked)
        first = canon(found)
        local = finished and score >= max(evaluator.rank(k) for k in evaluator.odds)
    ordered = evaluator.best(top, first)
    # ranked: every canonical form evaluated, and every assignment met that maps onto one
    ranked = set(evaluator.odds) | {a for a, key in seen.items() if key in evaluator.odds}
    pruned = len(ranked) - evaluator.evaluated
    return Advice(ordered, evaluator.evaluated, space, exhaustive,
                  time.perf_counter() - t0, out_of_time, pruned=pruned, local_optimum=local)


def _random_assignment(rng: random.Random, types, places, units) -> tuple:
    """A uniformly random split of each type's units over its places (a restart)."""
    out = []
    for u in types:
        k = len(places[u])
        cuts = sorted(rng.randint(0, units[u]) for _ in range(k - 1))
        out.append(tuple(b - a for a, b in zip([0, *cuts], [*cuts, units[u]])))
    return tuple(out)


#: Hill climbs run side by side in the local search.
CLIMBERS = 24


class _OutOfTime(Exception):
    """The search's time ran out in the middle of a batch of evaluations."""


class _Evaluator:
    """Exact heuristic odds of canonical assignments, many at once (``batch``), remembered;
    the full ``BattleResult`` only for the suggestions returned."""

    #: Battles evaluated together at most (bigger batches share more per-level work); the
    #: batches are sized to take about ``BATCH_SECONDS`` each, so the time budget is checked
    #: often enough even when one battle takes long.
    BATCH = 256
    BATCH_SECONDS = 0.15

    def __init__(self, setup, side, me, mine, types, places, units, cancel):
        self.setup, self.side, self.me, self.mine = setup, side, me, mine
        self.types, self.places, self.cancel = types, places, cancel
        self.universal = UniversalSide(setup.chart, {u: units[u] for u in types}, places,
                                       mine.order_of_loss,
                                       me == 1 and setup.defender_extra_white)
        self.rules = None
        self.enemy = None
        #: canonical assignment -> (score, own losses, enemy losses, own win)
        self.odds: dict[tuple, tuple[float, float, float, float]] = {}
        self._chunk = 16                 # the next batch's size (adapts to the battle's cost)

    @property
    def evaluated(self) -> int:
        return len(self.odds)

    def score(self, keys, until: float | None = None) -> None:
        """Evaluate the canonical assignments not yet evaluated (``_OutOfTime`` when
        ``until`` passes before they all are; those done stay)."""
        todo = [k for k in dict.fromkeys(keys) if k not in self.odds]
        i = 0
        while i < len(todo):
            if self.cancel is not None and self.cancel():
                raise Cancelled()
            if until is not None and time.perf_counter() > until:
                raise _OutOfTime()
            chunk = todo[i:i + self._chunk]
            i += len(chunk)
            started = time.perf_counter()
            if self.rules is None:
                self.rules = self._rules(chunk[0])
                self.enemy = side_chains(self.rules, 1 - self.me)
            grid = BatchGrid(self.rules, self.universal.chains, self.enemy, self.me,
                             [self.universal.counts(k) for k in chunk])
            odds = batch_odds(grid)
            own, enemy = ("attacker", "defender")[::1 if self.me == 0 else -1]
            for j, key in enumerate(chunk):
                win = float(odds[f"{own}_wins"][j])
                self.odds[key] = (win + float(odds["draw"][j]) / 2,
                                  float(odds[f"{own}_losses"][j]),
                                  float(odds[f"{enemy}_losses"][j]), win)
            took = time.perf_counter() - started
            if len(chunk) == self._chunk:         # double while quick, halve when slow
                if took < self.BATCH_SECONDS:
                    self._chunk = min(self.BATCH, 2 * self._chunk)
                elif took > 2 * self.BATCH_SECONDS:
                    self._chunk = max(1, self._chunk // 2)

    def rank(self, key) -> tuple:
        score, own, enemy, _ = self.odds[key]
        return (round(score, 12), -round(own, 9), round(enemy, 9))

    def _rules(self, key) -> MediumLuckRules:
        side = _to_side(key, self.types, self.places, self.mine)
        return MediumLuckRules(replace(self.setup, **{self.side: side}, casualties="heuristic"))

    def best(self, top: int, first=None) -> list[Suggestion]:
        """The ``top`` best as suggestions, each with its full result (computed alone: the
        same figures, every one of them); ``first`` (a canonical assignment as good as
        any) leads among equals."""
        ordered = sorted(self.odds, key=lambda k: (self.rank(k), k == first), reverse=True)
        ordered = ordered[:top]
        out = []
        for key in ordered:
            rules = self._rules(key)
            outcome = grid_outcome(HeuristicGrid(rules), curve=False)
            result = battle_result("mediumluck", rules, outcome)
            result.extra["casualties"] = "heuristic"
            score, own, enemy, win = self.odds[key]
            out.append(Suggestion(rules.setup.attacker if self.me == 0 else
                                  rules.setup.defender, win, own, enemy, result, score))
        return out
