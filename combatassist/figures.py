"""The figures A&A players decide by, from a battle's end positions: IPC lost, the IPC swing,
survivors per unit type, the most likely end compositions and taking the territory.

Exact when the outcome is exact: every figure is a sum over the solver's end positions
(decided, retreated, stalemate and undecided mass) with their probabilities, never sampled.
A ruleset opts in by giving its rules three methods (declared in ``battle.OptionalRules``):

- ``state_units(state) -> ({unit: n}, {unit: n})``: each side's units in a position;
- ``unit_costs() -> {unit: IPC}``;
- ``land_units() -> frozenset | None``: the unit types that take a territory, or None when
  the battle is not a land battle (``takes_territory`` is then None);
- and, when taking the territory needs more than a land unit left against nothing (e.g.
  units that withdrew from an amphibious assault don't take it), ``territory_taken(states)``.

Rules whose positions are unit counts may add ``state_counts(states) -> (unit ids, attacker
counts, defender counts)`` (arrays, one row per position): the figures are then summed with
numpy over all positions at once (``_figures_from_counts``, the same sums in the same order,
tested equal), instead of one dictionary per position.
"""
from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, cast

import numpy as np

from .battle import SIDES, optional, supports
from .solver import BattleOutcome

#: End compositions listed in ``profiles``.
TOP_PROFILES = 10
#: Up to this many end positions, ``_figures_from_counts`` sums them in plain Python
#: (``_figures_of_few``): the array path's few dozen numpy calls cost more than the sums.
FEW_POSITIONS = 48


@dataclass
class BattleFigures:
    """IPC, survivors, profiles and territory of one battle (the JSON keys of the same name)."""

    attacker_ipc_lost: float
    defender_ipc_lost: float
    expected_ipc_swing: float
    #: [(defender's IPC lost - attacker's IPC lost, probability)], by swing.
    ipc_swing: list[tuple[float, float]]
    #: P(the attacker wins with at least one land unit left); None at sea.
    takes_territory: float | None
    #: {"attacker": {unit: expected survivors}, "defender": {...}}
    survivors: dict[str, dict[str, float]]
    #: [{"attacker": {unit: n}, "defender": {unit: n}, "p": x}], most likely first.
    profiles: list[dict[str, Any]]

    def to_json(self) -> dict[str, Any]:
        return {
            "attacker_ipc_lost": self.attacker_ipc_lost,
            "defender_ipc_lost": self.defender_ipc_lost,
            "expected_ipc_swing": self.expected_ipc_swing,
            "ipc_swing": [[s, p] for s, p in self.ipc_swing],
            "takes_territory": self.takes_territory,
            "survivors": {side: dict(units) for side, units in self.survivors.items()},
            "profiles": [{"attacker": dict(pr["attacker"]), "defender": dict(pr["defender"]),
                          "p": pr["p"]} for pr in self.profiles],
        }


def supports_figures(rules: Any) -> bool:
    return supports(rules, "state_units", "unit_costs", "land_units")


def _number(x: float) -> float | int:
    """IPC as players write them: whole numbers without a '.0'."""
    return int(x) if float(x).is_integer() else x


def end_positions(outcome: BattleOutcome) -> Iterable[tuple[Any, float]]:
    """Every end position with its mass (a position may appear in two buckets)."""
    for bucket in (outcome.decided, outcome.retreated, outcome.stalemates, outcome.undecided):
        yield from bucket.items()


def _battle_start(rules: Any) -> Any:
    """The position the battle's IPC are counted from: every unit it starts with."""
    start = getattr(rules, "battle_start", None)
    return rules.initial_state() if start is None else start()


def battle_figures(rules: Any, outcome: BattleOutcome) -> BattleFigures:
    """The figures of ``outcome`` (a ``solve`` or ``simulate`` answer for ``rules``).

    IPC lost are counted from the battle's start (``rules.initial_state()``, or the rules'
    ``battle_start()`` where the first position already differs: units lost before round 1),
    like losses."""
    if supports(rules, "state_counts"):
        return _figures_from_counts(rules, outcome)
    costs = rules.unit_costs()
    rank = {u: i for i, u in enumerate(costs)}         # the ruleset's unit order
    land = rules.land_units()
    start = rules.state_units(_battle_start(rules))
    start_ipc = [math.fsum(costs[u] * n for u, n in side.items()) for side in start]
    # Sides repeat across end positions: value each side's composition once.
    side_memo: list[dict] = [{}, {}]

    def side_info(s: int, units: dict[str, int]) -> tuple[tuple, float, bool]:
        key = tuple(sorted(units.items(), key=lambda kv: rank[kv[0]]))
        hit = side_memo[s].get(key)
        if hit is None:
            ipc = math.fsum(costs[u] * n for u, n in units.items())
            has_land = land is not None and any(u in land for u in units)
            hit = side_memo[s][key] = (key, start_ipc[s] - ipc, has_land)
        return hit

    swing: dict[float, float] = {}
    profiles: dict[tuple, float] = {}
    survivors = [dict.fromkeys(start[0], 0.0), dict.fromkeys(start[1], 0.0)]
    lost = [0.0, 0.0]
    takes = 0.0
    territory_taken = optional(rules, "territory_taken")
    for state, p in end_positions(outcome):
        units = rules.state_units(state)
        taken = None if territory_taken is None or land is None else \
            territory_taken([state])
        (ka, ipc_a, land_a), (kd, ipc_d, _) = side_info(0, units[0]), side_info(1, units[1])
        lost[0] += p * ipc_a
        lost[1] += p * ipc_d
        key = _number(ipc_d - ipc_a)
        swing[key] = swing.get(key, 0.0) + p
        profiles[(ka, kd)] = profiles.get((ka, kd), 0.0) + p
        for s in (0, 1):
            acc = survivors[s]
            for u, n in units[s].items():
                acc[u] = acc.get(u, 0.0) + p * n
        if (bool(taken[0]) if taken is not None else land_a and not units[1]):  # won, land left
            takes += p
    top = sorted(profiles.items(), key=lambda kv: (-kv[1], kv[0]))[:TOP_PROFILES]
    return BattleFigures(
        attacker_ipc_lost=lost[0],
        defender_ipc_lost=lost[1],
        expected_ipc_swing=lost[1] - lost[0],
        ipc_swing=sorted(swing.items()),
        takes_territory=None if land is None else min(1.0, takes),
        survivors={side: survivors[s] for s, side in enumerate(SIDES)},
        profiles=[{"attacker": dict(ka), "defender": dict(kd), "p": p}
                  for (ka, kd), p in top],
    )


def _running_total(values: np.ndarray) -> np.ndarray:
    """The sums of ``values`` down axis 0 added one at a time in order, as the per-position
    loop adds them (``np.sum`` adds pairwise: other last bits)."""
    return np.cumsum(values, axis=0)[-1] if len(values) else np.zeros(values.shape[1:])


def _figures_from_counts(rules: Any, outcome: BattleOutcome) -> BattleFigures:
    """``battle_figures`` over ``rules.state_counts`` arrays: every position at once."""
    positions = [s for bucket in (outcome.decided, outcome.retreated, outcome.stalemates,
                                  outcome.undecided) for s in bucket]
    p = np.array([m for bucket in (outcome.decided, outcome.retreated, outcome.stalemates,
                                   outcome.undecided) for m in bucket.values()], dtype=float)
    ids, att, dfn = rules.state_counts(positions)
    costs_by_id = rules.unit_costs()
    rank = {u: i for i, u in enumerate(costs_by_id)}
    cost = np.array([costs_by_id[u] for u in ids], dtype=float)
    land = rules.land_units()
    _, att0, dfn0 = rules.state_counts([_battle_start(rules)])
    start_ipc = [math.fsum(c * n for c, n in zip(cost.tolist(), side[0].tolist()) if n)
                 for side in (att0, dfn0)]
    if len(positions) <= FEW_POSITIONS:
        return _figures_of_few(rules, positions, p.tolist(), ids, att.tolist(), dfn.tolist(),
                               (start_ipc[0] - att @ cost).tolist(),
                               (start_ipc[1] - dfn @ cost).tolist(), rank, land, att0[0],
                               dfn0[0])
    ipc_a = start_ipc[0] - att @ cost
    ipc_d = start_ipc[1] - dfn @ cost
    swing = _swing(ipc_d - ipc_a, p)
    # survivors: the units each side has at the start, then any other it has somewhere
    both = np.concatenate([att, dfn], axis=1)
    width = att.shape[1]
    present = cast("list[bool]", both.any(axis=0).tolist())
    orders = [[i for i in range(width) if start[i]] +
              [i for i in range(width) if not start[i] and present[at + i]]
              for start, at in ((att0[0].tolist(), 0), (dfn0[0].tolist(), width))]
    won = None
    if land is not None:
        if supports(rules, "territory_taken"):
            won = np.asarray(rules.territory_taken(positions), dtype=bool)
        else:
            is_land = np.array([u in land for u in ids])
            won = att[:, is_land].any(axis=1) & ~dfn.any(axis=1)
    # every running total in one: IPC lost, taking the territory, survivors per unit (each
    # column summed on its own, one position at a time: the per-position loop's sums)
    weighed = np.zeros((len(p), 3 + len(orders[0]) + len(orders[1])))
    weighed[:, 0] = ipc_a
    weighed[:, 1] = ipc_d
    if won is not None:
        weighed[:, 2] = won
    weighed[:, 3:3 + len(orders[0])] = att[:, orders[0]]
    weighed[:, 3 + len(orders[0]):] = dfn[:, orders[1]]
    weighed *= p[:, None]
    totals = _running_total(weighed).tolist()
    lost = totals[:2]
    takes = None if won is None else min(1.0, totals[2])
    survivors, at = [], 3
    for order in orders:
        survivors.append({ids[i]: t for i, t in zip(order, totals[at:at + len(order)])})
        at += len(order)
    # profiles: positions with the same units on both sides merged, the most likely first
    rows = both.view(np.dtype((np.void, both.itemsize * both.shape[1])))[:, 0]
    if len(set(rows.tolist())) == len(rows):
        ends, mass = both, p            # each once (nearly always): nothing to merge
    else:
        _, first, which = np.unique(rows, return_index=True, return_inverse=True)
        ends = both[first]
        mass = np.bincount(which.ravel(), weights=p, minlength=len(ends))
    by_rank = sorted(range(len(ids)), key=lambda i: rank[ids[i]])
    # (a key lists a side's units present: only the ids some end has are looked at)
    sides = [[(i, ids[i]) for i in by_rank if present[i]],
             [(width + i, ids[i]) for i in by_rank if present[width + i]]]

    def key(row: list) -> tuple:
        return tuple(tuple((u, row[i]) for i, u in side if row[i]) for side in sides)

    if len(mass) > TOP_PROFILES:
        cut = np.partition(mass, len(mass) - TOP_PROFILES)[len(mass) - TOP_PROFILES]
        candidates = np.flatnonzero(mass >= cut)
    else:
        candidates = np.arange(len(mass))
    top = sorted((-m, key(row)) for m, row in zip(mass[candidates].tolist(),
                                                   ends[candidates].tolist()))[:TOP_PROFILES]
    return BattleFigures(
        attacker_ipc_lost=lost[0],
        defender_ipc_lost=lost[1],
        expected_ipc_swing=lost[1] - lost[0],
        ipc_swing=swing,
        takes_territory=takes,
        survivors={side: survivors[s] for s, side in enumerate(SIDES)},
        profiles=[{"attacker": dict(ka), "defender": dict(kd), "p": -negp}
                  for negp, (ka, kd) in top],
    )


def _swing(swings: np.ndarray, p: np.ndarray) -> list[tuple[float, float]]:
    """``ipc_swing``: each position's swing with its mass summed per swing, by swing.
    ``bincount`` adds the weights one at a time in order (as the loop over positions).
    Whole IPC, as they nearly always are, over a range of at most ``2 ** 16``: counted
    by number; else sorted (``unique``)."""
    whole = swings.astype(np.int64)
    low = int(whole.min())
    if (whole == swings).all() and int(whole.max()) - low <= 1 << 16:
        at = whole - low
        seen = np.flatnonzero(np.bincount(at))
        return list(zip((seen + low).tolist(), np.bincount(at, weights=p)[seen].tolist()))
    values, where = np.unique(swings, return_inverse=True)
    # (``unique``'s values are distinct and ascending: already in order)
    return list(zip([_number(v) for v in values.tolist()],
                    np.bincount(where.ravel(), weights=p, minlength=len(values)).tolist()))


def _figures_of_few(rules: Any, positions: list, p: list[float], ids: tuple[str, ...],
                    att: list[list[int]], dfn: list[list[int]], ipc_att: list[float],
                    ipc_dfn: list[float], rank: dict[str, int], land: Any,
                    att0: np.ndarray, dfn0: np.ndarray) -> BattleFigures:
    """``_figures_from_counts`` of a few positions (``ipc_att``, ``ipc_dfn``: each side's IPC
    lost per position), summed in plain Python: every sum is the array path's, term by term
    in the same order (its running totals add one position at a time, its bincounts too),
    so the same numbers to the last bit (tested)."""
    n_ids = len(ids)
    lost_a = lost_d = 0.0
    swing_p: dict[float, float] = {}
    for q, ipc_a, ipc_d in zip(p, ipc_att, ipc_dfn):
        lost_a += q * ipc_a
        lost_d += q * ipc_d
        v = ipc_d - ipc_a
        swing_p[v] = swing_p.get(v, 0.0) + q
    swing = sorted((_number(v), q) for v, q in swing_p.items())
    survivors = []
    present = []                      # per side: the unit ids any end position has
    for start, counts in ((att0.tolist(), att), (dfn0.tolist(), dfn)):
        seen = [any(column) for column in zip(*counts)] if counts else [False] * n_ids
        present.append(seen)
        order = [i for i in range(n_ids) if start[i]] + \
            [i for i in range(n_ids) if not start[i] and seen[i]]
        totals = []
        for i in order:
            t = 0.0
            for q, row in zip(p, counts):
                t += q * row[i]
            totals.append(t)
        survivors.append({ids[i]: t for i, t in zip(order, totals)})
    takes = None
    if land is not None:
        if supports(rules, "territory_taken"):
            won = np.asarray(rules.territory_taken(positions), dtype=bool).tolist()
        else:
            is_land = [u in land for u in ids]
            won = [any(n for n, yes in zip(a, is_land) if yes) and not any(d)
                   for a, d in zip(att, dfn)]
        total = 0.0
        for q, yes in zip(p, won):
            total += q if yes else 0.0
        takes = min(1.0, total)
    mass: dict[tuple, float] = {}
    for q, a, d in zip(p, att, dfn):
        end = (*a, *d)
        mass[end] = mass.get(end, 0.0) + q
    width = len(ids)
    by_rank = sorted(range(n_ids), key=lambda i: rank[ids[i]])
    # (a key lists a side's units present: only the ids some end has are looked at)
    sides = [[(i, ids[i]) for i in by_rank if present[0][i]],
             [(width + i, ids[i]) for i in by_rank if present[1][i]]]

    def key(row: tuple) -> tuple:
        return tuple(tuple((u, row[i]) for i, u in side if row[i]) for side in sides)

    # keys only for the ends that may be listed (the most likely, ties with the last)
    candidates = list(mass.items())
    if len(candidates) > TOP_PROFILES:
        cut = sorted(mass.values(), reverse=True)[TOP_PROFILES - 1]
        candidates = [(row, m) for row, m in candidates if m >= cut]
    top = sorted((-m, key(row)) for row, m in candidates)[:TOP_PROFILES]
    return BattleFigures(
        attacker_ipc_lost=lost_a,
        defender_ipc_lost=lost_d,
        expected_ipc_swing=lost_d - lost_a,
        ipc_swing=swing,
        takes_territory=takes,
        survivors={side: survivors[s] for s, side in enumerate(SIDES)},
        profiles=[{"attacker": dict(ka), "defender": dict(kd), "p": -negp}
                  for negp, (ka, kd) in top],
    )
