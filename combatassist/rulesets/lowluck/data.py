"""Low Luck unit and tech tables, loaded from resources/lowluck/tables.toml and validated once."""
from __future__ import annotations

import functools
from dataclasses import dataclass

from ...data import load_resource, resource_path
from ...errors import ScenarioError

KINDS = ("land", "air", "sea")
BATTLE_TECHS = ("jet_power", "super_subs", "heavy_bombers")


@dataclass(frozen=True)
class UnitType:
    id: str
    attack: int
    defence: int
    cost: int
    kind: str


def _bad(field: str, message: str) -> ScenarioError:
    return ScenarioError(message, file=str(resource_path("lowluck", "tables.toml")), field=field)


@functools.cache
def units() -> dict[str, UnitType]:
    """Unit id -> UnitType, in the file's order."""
    table = load_resource("lowluck/tables.toml").get("units")
    if not isinstance(table, dict) or not table:
        raise _bad("units", "missing unit table")
    out: dict[str, UnitType] = {}
    for uid, row in table.items():
        try:
            unit = UnitType(uid, int(row["attack"]), int(row["defence"]), int(row["cost"]),
                            str(row["kind"]))
        except (KeyError, TypeError, ValueError):
            raise _bad(f"units.{uid}", "needs attack, defence, cost and kind") from None
        if unit.kind not in KINDS or min(unit.attack, unit.defence, unit.cost) < 0:
            raise _bad(f"units.{uid}", "kind must be land/air/sea and values >= 0")
        out[uid] = unit
    return out


@functools.cache
def tech_effects() -> dict[str, dict]:
    table = load_resource("lowluck/tables.toml").get("techs", {})
    missing = [t for t in BATTLE_TECHS if t not in table]
    if missing:
        raise _bad("techs", "missing battle techs: " + ", ".join(missing))
    return table


def unit_ids() -> tuple[str, ...]:
    return tuple(units())
