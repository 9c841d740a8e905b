"""Assignment advisor: which bands and roles should one side's units take?

Given the units a side brings and the enemy's assignment, ``advise`` searches the legal
assignments (every unit type to the bands where the chart lets it roll or boost, or idle) and
returns the best few by the side's exact score, P(win) + ½ P(draw) (ties: fewer own expected
losses, then more enemy losses).

- Evaluation: exact odds under the heuristic casualty policy, many assignments at once
  (``batch``: one slot layout for all of them, so the side's heuristic positions are found
  once for the whole search) and every position valued once for the whole search
  (``backward``: the assignments meet the same positions over and over); the enemy's side
  is computed once. ``Advice.policy`` says so; the scenario's own figures may use the
  optimal policy (see ``policy.choose_policy``).
- Pruning: an assignment with boosters that no die can ever take is never evaluated; it
  counts as its canonical form, where those units sit idle (exactly equal: see ``_Canon``,
  which also says why other forms that look dominated are evaluated).
- Search: every canonical assignment when they fit the budget (and the assignments number at
  most ``EXHAUSTIVE_SPACE``: the default budget is then all of them); otherwise ``CLIMBERS`` best-improvement hill climbs side by
  side (a move: 1, 3 or all the units of one type from one place to another; every
  climber's neighbours evaluated in one batch), from the side's own plan and fixed starts,
  then random splits and kicks of the best. A climb ends where no move improves: a checked
  local optimum. The top suggestion is such a point, as good as anything evaluated
  (``Advice.local_optimum``): the last tenth of the budget is kept to finish its climb.
- Budget: counted in evaluations (exact odds of one assignment), never in seconds, and
  checked between the batches of evaluations: the same set-up gives the same suggestions in
  the same order on every run, on an idle machine or a busy one (``limits.ADVISOR_*``).
"""
from __future__ import annotations

import itertools
import math
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace

from ... import limits
from ...errors import EngineError
from ...result import BattleResult, battle_result
from ...solver import Cancelled
from ...text import join, msg
from .rules import MediumLuckRules, MediumLuckSetup, SideSetup
from .chart import Chart
from .forward import outcome as grid_outcome
from .backward import A_LEFT, A_WINS, D_LEFT, D_WINS, SharedValues
from .batch import TooManyPositions, TooMuchWork, UniversalSide, WorkCounter
from .heuristic import HeuristicGrid, SideChains, grid_work_estimate, side_chains
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
    #: How long it took (said, never used to decide anything).
    seconds: float
    #: The local search used its budget up (the figures are still the same on every run).
    stopped_by_budget: bool = False
    notes: list[str] = field(default_factory=list)
    #: Assignments met but not evaluated: dominated (equal to an evaluated canonical form).
    pruned: int = 0
    #: The best suggestion was checked against every single-group move.
    local_optimum: bool = False
    #: The casualty policy of the figures.
    policy: str = "heuristic"
    #: The evaluations the search could make (the one asked for, or lowered to fit).
    budget: int = 0
    #: The player stopped the search: the suggestions are the best found until then.
    stopped: bool = False

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
    starts.append(_spread(types, places, units))
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
           units: Mapping[str, int] | None = None, top: int = 3,
           budget: int | None = None,
           cancel: Callable[[], bool] | None = None, stop: Callable[[], bool] | None = None,
           progress: Callable[[int, int], None] | None = None, seed: int = 0) -> Advice:
    """The best few assignments of ``side``'s units against the enemy's assignment in ``setup``.

    ``units`` defaults to what the side brings in ``setup`` (reserve units included).
    ``budget``: how many assignments may be evaluated (exact odds computed), at most
    ``limits.ADVISOR_MAX_EVALUATIONS``; the search never evaluates more. None (the default):
    every assignment when they number at most ``EXHAUSTIVE_SPACE``, else
    ``limits.ADVISOR_DEFAULT_EVALUATIONS``. The search also stops (saying so in ``notes``,
    with the best found so far) at ``limits.MAX_ADVISOR_WORK``. Work is counted, never timed: the same set-up and budget give
    the same suggestions in the same order on every run, however busy the machine (the random
    restarts come from ``seed``). Every canonical assignment is compared when they fit the
    budget (and the assignments number at most ``EXHAUSTIVE_SPACE``); otherwise hill climbs,
    the last tenth of the budget kept to climb the best one met to a local optimum.

    ``progress(done, planned)`` is called after each batch of evaluations; ``stop()`` turning
    true ends the search after the batch under way with the best found so far
    (``stopped``); ``cancel()`` turning true raises ``Cancelled``. A search that needs more
    than ``limits.MAX_SECONDS`` of its thread's CPU time (a machine far slower than the
    budgets assume) is refused (EngineError), never answered differently; a busy machine only
    makes it wait longer (CPU time, not the clock: the same answer however loaded).
    """
    if side not in ("attacker", "defender"):
        raise EngineError(f"side must be attacker or defender, got {side!r}")
    if budget is not None and (isinstance(budget, bool) or not isinstance(budget, int) or
                               not 1 <= budget <= limits.ADVISOR_MAX_EVALUATIONS):
        raise EngineError(f"the advisor's budget is 1 to {limits.ADVISOR_MAX_EVALUATIONS:,} "
                          f"evaluations, got {budget!r}")
    t0 = time.perf_counter()
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
    notes: list[str] = []
    _check_size(setup, side, types, places, units)
    canon = _Canon(chart, setup, me, types, places)
    seen: dict[tuple, tuple] = {}                 # any assignment met -> canonical form
    canonical: list[tuple] | None = None
    if space <= EXHAUSTIVE_SPACE:
        for a in itertools.product(*(list(_compositions(units[u], len(places[u])))
                                     for u in types)):
            seen[a] = canon(a)
        canonical = list(dict.fromkeys(seen.values()))
    if budget is None:
        budget = len(canonical) if canonical is not None else \
            limits.ADVISOR_DEFAULT_EVALUATIONS
    evaluator = _Evaluator(setup, side, me, mine, types, places, units, cancel, stop, progress,
                           budget, time.thread_time() + limits.MAX_SECONDS)

    def evaluate_many(assignments, limit: int) -> list[tuple]:
        """The rank of each assignment (new canonical forms evaluated in batches);
        ``_Spent`` when ``limit`` evaluations are reached first (or the player stops)."""
        keys = []
        for a in assignments:
            key = seen.get(a)
            if key is None:
                key = seen[a] = canon(a)
            keys.append(key)
        evaluator.score(keys, limit)
        return [evaluator.rank(k) for k in keys]

    exhaustive = canonical is not None and len(canonical) <= budget
    spent = False
    local = False
    first = None
    if exhaustive:
        evaluator.planned = len(canonical)  # type: ignore[arg-type]  # exhaustive: a list
        try:
            evaluator.score(canonical, budget)
        except _Spent:          # stopped by the player or the work limit: the best so far
            spent, exhaustive = True, False
        local = not spent
    else:
        starts = _starts(types, places, units, chart)
        own = _from_side(mine, types, places, units)
        if own is not None:
            starts.insert(0, own)
        starts = list(dict.fromkeys(starts))
        rng = random.Random(seed)
        search_limit = budget - budget // 10      # the last tenth: the final climb's

        def climb(current, limit):
            """Best-improvement hill climb of one position, every neighbour evaluated:
            (assignment, rank, finished: a verified local optimum?)."""
            best = evaluate_many([current], limit)[0]
            while True:
                around = list(_neighbours(current))
                try:
                    ranks = evaluate_many(around, limit)
                except _Spent:
                    return current, best, False
                top_rank = max(ranks, default=None)
                if top_rank is None or not top_rank > best:
                    return current, best, True
                current, best = around[ranks.index(top_rank)], top_rank

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
        idle_steps = 0                            # steps that met nothing new
        while evaluator.evaluated < search_limit and idle_steps < IDLE_STEPS:
            while len(climbers) < CLIMBERS:
                start = new_start(best_overall)
                climbers.append((start, None))
            around = [list(_neighbours(a)) for a, _ in climbers]
            before = evaluator.evaluated
            try:
                ranks = evaluate_many([a for a, _ in climbers] +
                                      [n for ns in around for n in ns], search_limit)
            except _Spent:
                # what was evaluated stays; the climbers' neighbourhoods are unfinished
                climbers = [(a, evaluator.rank(seen[a])) for a, _ in climbers
                            if seen.get(a) in evaluator.odds]
                break
            idle_steps = idle_steps + 1 if evaluator.evaluated == before else 0
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
        spent = evaluator.stopped or evaluator.evaluated >= search_limit
        if not evaluator.odds:                    # stopped before even one evaluation
            evaluator.stopped = False
            evaluate_many([climbers[0][0] if climbers else new_start(None)], budget)
        # the best met must be a local optimum: climb on from it, within the budget's rest
        top_key = max(evaluator.odds, key=evaluator.rank)
        candidates = ([best_overall] if best_overall else []) + \
            [(a, r, False) for a, r in climbers] + [(top_key, evaluator.rank(top_key), False)]
        found, score, finished = max(candidates, key=lambda item: (item[1], item[2]))
        if not finished and not evaluator.stopped:
            found, score, finished = climb(found, budget)
        # the top suggestion is the climbed one (as good as anything evaluated: checked)
        first = canon(found)
        local = finished and score >= max(evaluator.rank(k) for k in evaluator.odds)
    left_out = [name for name, value in (("max_rounds", setup.max_rounds),
                                         ("retreat_after", setup.retreat_after),
                                         ("retreat_when_units", setup.retreat_when_units),
                                         ("retreat_below", setup.retreat_below)) if value]
    if left_out:
        # its grids play battles to the end without retreats (docs/scenario-format.md)
        notes.append("figures of the battle fought to the end: the advisor leaves out "
                     + ", ".join(left_out))
    if evaluator.stopped:
        notes.append("stopped before the budget was used up: the best found so far")
    if evaluator.limit_reached:
        notes.append(f"stopped at the advisor's work limit ({limits.MAX_ADVISOR_POSITIONS:,} "
                     f"positions of the side, {limits.MAX_ADVISOR_VALUES:,} positions valued, "
                     f"{limits.MAX_ADVISOR_WORK:,} grid cells x outcomes): the best found "
                     "until then")
    ordered = evaluator.best(top, first)
    # ranked: every canonical form evaluated, and every assignment met that maps onto one
    ranked = set(evaluator.odds) | {a for a, key in seen.items() if key in evaluator.odds}
    pruned = len(ranked) - evaluator.evaluated
    return Advice(ordered, evaluator.evaluated, space, exhaustive,
                  time.perf_counter() - t0, spent, notes=notes, pruned=pruned,
                  local_optimum=local, budget=budget, stopped=evaluator.stopped)


def _check_size(setup, side, types, places, units) -> None:
    """Refuse at once (EngineError) a battle whose heuristic grid is beyond
    ``limits.MAX_BAND_GRID_WORK`` (as its exact odds are), estimated with the side's units
    spread as evenly as the chart lets them (about the costliest shape)."""
    spread = _spread(types, places, units)
    side_setup = _to_side(spread, types, places, getattr(setup, side))
    rules = MediumLuckRules(replace(setup, **{side: side_setup}, casualties="heuristic"))
    limits.check_exact(grid_work_estimate(rules), limits.MAX_BAND_GRID_WORK,
                       "grid cells x outcomes")


def _spread(types, places, units) -> tuple:
    """Every type's units spread over its places but idle, round robin (the assignment whose
    battle has the most positions: bands' counts multiply)."""
    out = []
    for u in types:
        split = [0] * len(places[u])
        active = [i for i, (role, _) in enumerate(places[u]) if role != "idle"] or [0]
        for j in range(units[u]):
            split[active[j % len(active)]] += 1
        out.append(tuple(split))
    return tuple(out)


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
#: Largest search space enumerated to compare every assignment (when the budget covers its
#: canonical forms).
EXHAUSTIVE_SPACE = 20_000
#: Search steps in a row that meet no new assignment before the search ends (a small space
#: whose every canonical form was evaluated).
IDLE_STEPS = 20
#: The first evaluation is made alone and its grid work counted: a battle whose one
#: evaluation needs more than this share of ``limits.MAX_ADVISOR_WORK`` is refused (a search
#: could compare too few assignments), and a batch holds at most this share's worth of them
#: (memory stays bounded, a stop comes soon).
BATTLE_SHARE = 1 / 25


class _Spent(Exception):
    """The search's budget ran out (or the player stopped it) in a batch of evaluations."""


class _Evaluator:
    """Exact heuristic odds of canonical assignments, many at once, every position valued
    once for the whole search (``backward.SharedValues``), remembered; the full
    ``BattleResult`` only for the suggestions returned. Counts its work: never more
    evaluations than the budget, in batches sized by the work counted (the same batches on
    every run)."""

    #: Battles evaluated together at most (bigger batches share more per-level work; smaller
    #: ones report progress and heed a stop sooner).
    BATCH = 1024

    def __init__(self, setup, side, me, mine, types, places, units, cancel, stop, progress,
                 budget: int, deadline: float):
        self.setup, self.side, self.me, self.mine = setup, side, me, mine
        self.types, self.places, self.cancel = types, places, cancel
        self.stop, self.progress = stop, progress
        self.planned, self.deadline = budget, deadline
        #: battles per batch: set by the first evaluation's counted work
        self.batch: int | None = None
        self.universal = UniversalSide(setup.chart, {u: units[u] for u in types}, places,
                                       mine.order_of_loss,
                                       me == 1 and setup.defender_extra_white)
        self.rules: MediumLuckRules = None  # type: ignore[assignment]  # set by _battle
        self.enemy: SideChains = None  # type: ignore[assignment]
        #: canonical assignment -> (score, own losses, enemy losses, own win)
        self.odds: dict[tuple, tuple[float, float, float, float]] = {}
        #: the player stopped the search / its work or positions reached their limit
        self.stopped = False
        self.limit_reached = False
        #: grid cells x outcomes pushed so far (``limits.MAX_ADVISOR_WORK``)
        self.work = WorkCounter(limits.MAX_ADVISOR_WORK)

    @property
    def evaluated(self) -> int:
        return len(self.odds)

    def score(self, keys, limit: int) -> None:
        """Evaluate the canonical assignments not yet evaluated, while fewer than ``limit``
        are (``_Spent`` when the limit, a stop or the positions' limit comes first; those
        done stay)."""
        todo = [k for k in dict.fromkeys(keys) if k not in self.odds]
        i = 0
        while i < len(todo):
            if self.cancel is not None and self.cancel():
                raise Cancelled()
            if self.stopped or self.limit_reached or self.evaluated >= limit:
                raise _Spent()
            if time.thread_time() > self.deadline:
                raise EngineError(f"the advisor needed more than {limits.MAX_SECONDS} s of "
                                  "CPU time on this machine; give it a smaller budget")
            if self.batch is None:
                self._first(todo[i])
                i += 1
            else:
                chunk = todo[i:i + min(self.batch, limit - self.evaluated)]
                i += len(chunk)
                before = self.work.done
                try:
                    self._evaluate(chunk)
                except (TooManyPositions, TooMuchWork):
                    # counted, never timed: the same batch reaches the limit on every run
                    self.limit_reached = True
                    raise _Spent() from None
                self._resize(self.work.done - before, len(chunk))
            if self.progress is not None:
                self.progress(self.evaluated, self.planned)
            if self.stop is not None and self.stop():
                self.stopped = True

    def _first(self, key) -> None:
        """The first evaluation, alone, its work counted: refused (EngineError) when one
        battle needs more than ``BATTLE_SHARE`` of the search's work; else it sets the
        batches' size (the same on every run: a count, not a clock)."""
        self.rules = self._rules(key)
        self.enemy = side_chains(self.rules, 1 - self.me)
        share = limits.MAX_ADVISOR_WORK * BATTLE_SHARE
        probe = WorkCounter(share)
        self.shared = SharedValues(self.rules, self.universal.chains, self.enemy, self.me,
                                   max_own=limits.MAX_ADVISOR_POSITIONS,
                                   max_values=limits.MAX_ADVISOR_VALUES, work=probe)
        try:
            self._evaluate([key])
        except TooMuchWork:
            raise EngineError(f"one assignment of this battle needs more than {share:,.0f} "
                              "grid cells x outcomes, too many for the advisor to compare "
                              "assignments within its limits; give it fewer units") from None
        self.work.add(probe.done)
        self.shared.grid.work = self.work
        self._resize(probe.done, 1)

    def _resize(self, work: int, evaluated: int) -> None:
        """The next batches' size: about ``BATTLE_SHARE`` of the search's work, at the last
        batch's work per evaluation (it falls as the positions met are shared: counted, so
        the same batches on every run)."""
        share = limits.MAX_ADVISOR_WORK * BATTLE_SHARE
        self.batch = max(1, min(self.BATCH, int(share * evaluated // max(work, 1))))

    def _evaluate(self, chunk) -> None:
        """Exact odds of the canonical assignments of ``chunk``, in one batch (the positions
        earlier batches met are valued already: ``backward.SharedValues``)."""
        values = self.shared.odds([self.universal.counts(k) for k in chunk])
        totals = [sum(self.rules.start[0]), sum(self.rules.start[1])]
        wins = (A_WINS, D_WINS)[::1 if self.me == 0 else -1]
        left = (A_LEFT, D_LEFT)[::1 if self.me == 0 else -1]
        own_total, enemy_total = totals[self.me], totals[1 - self.me]
        for key, v in zip(chunk, values.tolist()):
            win = v[wins[0]]
            draw = 1.0 - v[A_WINS] - v[D_WINS]
            self.odds[key] = (win + draw / 2, own_total - v[left[0]],
                              enemy_total - v[left[1]], win)

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
