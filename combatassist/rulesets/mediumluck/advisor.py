"""Assignment advisor: which bands and roles should one side's units take?

Given the units a side brings and the enemy's assignment, ``advise`` searches the legal
assignments (every unit type to the bands where the chart lets it roll or boost, or idle) and
returns the best few by the side's exact win probability (ties: fewer own expected losses,
more enemy losses). Small spaces are searched exhaustively; larger ones by first-improvement
local search (moving 1 or 3 units of one type between places) from several starting points,
within a time budget. ``exhaustive`` in the report says which happened.
"""
from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace

from ...errors import EngineError
from ...result import BattleResult, battle_result
from ...solver import Cancelled, solve
from .rules import MediumLuckRules, MediumLuckSetup, SideSetup
from .chart import Chart

Place = tuple[str, str | None]          # ("roll", band) | ("boost", band) | ("idle", None)


@dataclass
class Suggestion:
    side: SideSetup
    win: float                           # P(this side wins)
    expected_own_losses: float
    expected_enemy_losses: float
    result: BattleResult

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
    evaluated: int
    #: Size of the search space and whether every assignment in it was evaluated.
    space: int
    exhaustive: bool
    seconds: float
    stopped_by_budget: bool = False
    notes: list[str] = field(default_factory=list)


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
    for t, split in enumerate(assignment):
        for src, dst in itertools.permutations(range(len(split)), 2):
            for step in (1, 3):
                if split[src] >= step:
                    new = list(split)
                    new[src] -= step
                    new[dst] += step
                    yield assignment[:t] + (tuple(new),) + assignment[t + 1:]


def advise(setup: MediumLuckSetup, side: str = "attacker", *,
           units: Mapping[str, int] | None = None, top: int = 3, time_budget: float = 2.0,
           exhaustive_limit: int = 60, cancel: Callable[[], bool] | None = None) -> Advice:
    """The best few assignments of ``side``'s units against the enemy's assignment in ``setup``.

    ``units`` defaults to what the side brings in ``setup`` (reserve units included).
    Raises ``Cancelled`` when ``cancel()`` turns true; stops at ``time_budget`` seconds with
    the best found so far (``stopped_by_budget``).
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
    scores: dict[tuple, Suggestion] = {}
    me = 0 if side == "attacker" else 1
    shared: list[MediumLuckRules] = []      # the enemy's memos, reused by every evaluation

    def evaluate(assignment) -> float:
        if cancel is not None and cancel():
            raise Cancelled()
        hit = scores.get(assignment)
        if hit is None:
            candidate = _to_side(assignment, types, places, mine)
            trial = replace(setup, **{side: candidate})
            rules = MediumLuckRules(trial)
            if shared:
                rules.share_memos(shared[0], 1 - me)
            else:
                shared.append(rules)
            outcome = solve(rules, max_rounds=setup.max_rounds, curve=False, cancel=cancel)
            result = battle_result("mediumluck", rules, outcome)
            own, enemy = result.expected_losses()
            if me:
                own, enemy = enemy, own
            win = result.attacker_wins if side == "attacker" else result.defender_wins
            hit = Suggestion(candidate, win, own, enemy, result)
            scores[assignment] = hit
        return rank(hit)

    def rank(s: Suggestion):
        return (round(s.win, 12), -round(s.expected_own_losses, 9),
                round(s.expected_enemy_losses, 9))

    exhaustive = space <= exhaustive_limit
    out_of_time = False
    if exhaustive:
        for assignment in itertools.product(*(list(_compositions(units[u], len(places[u])))
                                              for u in types)):
            evaluate(assignment)
    else:
        starts = _starts(types, places, units, chart)
        own = _from_side(mine, types, places, units)
        if own is not None:
            starts.insert(0, own)
        for start in dict.fromkeys(starts):
            current = start
            best = evaluate(current)
            while not out_of_time:
                improved = False
                for nb in _neighbours(current):
                    if nb in scores:
                        continue
                    if time.perf_counter() - t0 > time_budget:
                        out_of_time = True
                        break
                    score = evaluate(nb)
                    if score > best:            # first improvement: climb at once
                        best, current, improved = score, nb, True
                        break
                if not improved:
                    break
            if out_of_time:
                break
    ordered = sorted(scores.values(), key=rank, reverse=True)
    return Advice(ordered[:top], len(scores), space, exhaustive,
                  time.perf_counter() - t0, out_of_time)
