"""The figures A&A players decide by, from a battle's end positions: IPC lost, the IPC swing,
survivors per unit type, the most likely end compositions and taking the territory.

Exact when the outcome is exact: every figure is a sum over the solver's end positions
(decided, retreated, stalemate and undecided mass) with their probabilities, never sampled.
A ruleset opts in by giving its rules three methods (declared in ``battle.OptionalRules``):

- ``state_units(state) -> ({unit: n}, {unit: n})``: each side's units in a position;
- ``unit_costs() -> {unit: IPC}``;
- ``land_units() -> frozenset | None``: the unit types that take a territory, or None when
  the battle is not a land battle (``takes_territory`` is then None).
"""
from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .battle import SIDES, supports
from .solver import BattleOutcome

#: End compositions listed in ``profiles``.
TOP_PROFILES = 10


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


def battle_figures(rules: Any, outcome: BattleOutcome) -> BattleFigures:
    """The figures of ``outcome`` (a ``solve`` or ``simulate`` answer for ``rules``).

    IPC lost are counted from the battle's start (``rules.initial_state()``), like losses."""
    costs = rules.unit_costs()
    rank = {u: i for i, u in enumerate(costs)}         # the ruleset's unit order
    land = rules.land_units()
    start = rules.state_units(rules.initial_state())
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
    for state, p in end_positions(outcome):
        units = rules.state_units(state)
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
        if land_a and not units[1]:                      # the attacker won, land left
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
