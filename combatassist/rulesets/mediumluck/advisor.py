"""Assignment advisor: which bands and roles should one side's units take?

Given the units a side brings and the enemy's assignment, ``advise`` searches the legal
assignments (every unit type to the bands where the chart lets it roll or boost, or idle) and
returns the best few by the side's exact score, P(win) + ½ P(draw) (ties: fewer own expected
losses, then more enemy losses).

- Evaluation: exact odds under the heuristic casualty policy (``heuristic.HeuristicGrid``,
  a few ms; the enemy's side is computed once and reused). ``Advice.policy`` says so; the
  scenario's own figures may use the optimal policy (see ``policy.choose_policy``).
- Pruning: an assignment with dominated places is never evaluated; it counts as its
  canonical form, where these units sit idle instead: boosters in a band where the side has
  no die (and no extra die), boosters beyond the band's dice (one kind, one unit type), and
  dice in a band where the enemy has neither a unit the band may hit nor a die.
- Search: every canonical assignment when there are at most ``exhaustive_limit``; otherwise a
  first-improvement local search from several starts (moving 1, 3 or all the units of one
  type from one place to another), within a time budget; then the best is checked against
  every such move ("local optimum", ``Advice.local_optimum``).
"""
from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace

from ...errors import EngineError
from ...result import BattleResult, battle_result
from ...solver import Cancelled
from .rules import MediumLuckRules, MediumLuckSetup, SideSetup
from .chart import Chart
from .forward import outcome as grid_outcome
from .heuristic import HeuristicGrid, SideChains, side_chains

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
        parts = []
        for band, roles in self.side.bands.items():
            for role, units in roles.items():
                parts.append(f"{band} {role}: " + ", ".join(f"{n} {u}" for u, n in units.items()))
        if self.side.idle:
            parts.append("idle: " + ", ".join(f"{n} {u}" for u, n in self.side.idle.items()))
        return "; ".join(parts)


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
    """Maps an assignment to its canonical form: dominated units moved to idle."""

    def __init__(self, chart: Chart, setup: MediumLuckSetup, me: int, types, places):
        self.types, self.places = types, places
        enemy: SideSetup = setup.defender if me == 0 else setup.attacker
        enemy_units = set(enemy.unit_counts())
        self.extra = {b.name for b in chart.bands
                      if me == 1 and b.defender_extra_die and setup.defender_extra_white}
        self.enemy_extra = {b.name for b in chart.bands
                            if me == 0 and b.defender_extra_die and setup.defender_extra_white}
        self.futile = set()           # bands where my dice can do nothing at all
        for b in chart.bands:
            enemy_dice = bool(enemy.bands.get(b.name, {}).get("roll")) or b.name in self.enemy_extra
            if not enemy_dice and not (enemy_units & b.may_hit):
                self.futile.add(b.name)
        self.chart = chart

    def __call__(self, assignment):
        types, places = self.types, self.places
        dice: dict[str, int] = {}
        for unit, split in zip(types, assignment):
            for (role, band), n in zip(places[unit], split):
                if role == "roll" and n and band not in self.futile:
                    dice[band] = dice.get(band, 0) + -(-n // 3)
        kinds: dict[tuple, list] = {}
        for t, (unit, split) in enumerate(zip(types, assignment)):
            for j, ((role, band), n) in enumerate(zip(places[unit], split)):
                if role == "boost" and n:
                    kind = self.chart.band(band).boost[unit]
                    kinds.setdefault((band, kind), []).append((t, j))
        out = [list(split) for split in assignment]
        for t, (unit, split) in enumerate(zip(types, assignment)):
            idle = len(split) - 1
            for j, ((role, band), n) in enumerate(zip(places[unit], split)):
                if not n or role == "idle":
                    continue
                if role == "roll" and band in self.futile:
                    keep = 0
                elif role == "boost":
                    n_dice = min(dice.get(band, 0), self.chart.max_dice) + (band in self.extra)
                    same_kind = kinds[(band, self.chart.band(band).boost[unit])]
                    keep = min(n, n_dice) if len(same_kind) == 1 else (n if n_dice else 0)
                else:
                    keep = n
                out[t][idle] += n - keep
                out[t][j] = keep
        return tuple(tuple(split) for split in out)


def advise(setup: MediumLuckSetup, side: str = "attacker", *,
           units: Mapping[str, int] | None = None, top: int = 3, time_budget: float = 2.0,
           exhaustive_limit: int = 400, cancel: Callable[[], bool] | None = None) -> Advice:
    """The best few assignments of ``side``'s units against the enemy's assignment in ``setup``.

    ``units`` defaults to what the side brings in ``setup`` (reserve units included).
    Raises ``Cancelled`` when ``cancel()`` turns true; stops the search at ``time_budget``
    seconds with the best found so far (``stopped_by_budget``), then checks that best against
    every single-group move (up to as long again).
    """
    if side not in ("attacker", "defender"):
        raise EngineError(f"side must be attacker or defender, got {side!r}")
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
    canon = _Canon(chart, setup, me, types, places)
    scores: dict[tuple, Suggestion] = {}          # canonical assignment -> its suggestion
    seen: dict[tuple, tuple] = {}                 # any assignment met -> canonical form
    enemy_chains: list[SideChains] = []

    def evaluate(assignment) -> tuple:
        if cancel is not None and cancel():
            raise Cancelled()
        key = seen.get(assignment)
        if key is None:
            key = seen[assignment] = canon(assignment)
        hit = scores.get(key)
        if hit is None:
            candidate = _to_side(key, types, places, mine)
            trial = replace(setup, **{side: candidate}, casualties="heuristic")
            rules = MediumLuckRules(trial)
            if not enemy_chains:
                enemy_chains.append(side_chains(rules, 1 - me))
            chains = [None, None]
            chains[1 - me] = enemy_chains[0]
            chains[me] = SideChains(rules, me)
            outcome = grid_outcome(HeuristicGrid(rules, *chains), curve=False)
            result = battle_result("mediumluck", rules, outcome)
            result.extra["casualties"] = "heuristic"
            own, enemy = result.expected_losses()
            if me:
                own, enemy = enemy, own
            win = result.attacker_wins if side == "attacker" else result.defender_wins
            hit = Suggestion(candidate, win, own, enemy, result, win + result.draw / 2)
            scores[key] = hit
        return rank(hit)

    def rank(s: Suggestion):
        return (round(s.score, 12), -round(s.expected_own_losses, 9),
                round(s.expected_enemy_losses, 9))

    all_assignments = None
    if space <= 20 * exhaustive_limit:
        all_assignments = list(itertools.product(
            *(list(_compositions(units[u], len(places[u]))) for u in types)))
        canonical = {canon(a) for a in all_assignments}
    exhaustive = all_assignments is not None and len(canonical) <= exhaustive_limit
    out_of_time = False
    local = False
    if exhaustive:
        for assignment in all_assignments:
            evaluate(assignment)
    else:
        starts = _starts(types, places, units, chart)
        own = _from_side(mine, types, places, units)
        if own is not None:
            starts.insert(0, own)
        best_overall = None

        def climb(current, deadline):
            """First-improvement hill climb; (assignment, rank, finished?)."""
            best = evaluate(current)
            while True:
                improved = False
                for nb in _neighbours(current):
                    if time.perf_counter() > deadline:
                        return current, best, False
                    score = evaluate(nb)
                    if score > best:            # first improvement: climb at once
                        best, current, improved = score, nb, True
                        break
                if not improved:
                    return current, best, True

        for start in dict.fromkeys(starts):
            found, score, finished = climb(start, t0 + time_budget)
            if best_overall is None or score > best_overall[1]:
                best_overall = (found, score, finished)
            if not finished:
                out_of_time = True
                break
        # the best found must be a local optimum: finish its climb (up to as long again)
        found, score, finished = best_overall
        if not finished:
            found, score, finished = climb(found, time.perf_counter() + time_budget)
        local = finished
    ordered = sorted(scores.values(), key=rank, reverse=True)
    if exhaustive:
        local = True
    pruned = len(seen) - len(scores)
    return Advice(ordered[:top], len(scores), space, exhaustive,
                  time.perf_counter() - t0, out_of_time, pruned=pruned, local_optimum=local)
