"""Low Luck's tables (``resources/lowluck/tables.toml``): units, battle kinds, battle techs.

Read once and checked with the scenario ``Reader`` (an error names the file, line and field).
"""
from __future__ import annotations

import functools
from dataclasses import dataclass

from ...data import load_resource, resource_path
from ...files import read_text_file
from ...scenario import Reader

KINDS = ("land", "air", "sea")
BATTLE_TECHS = ("jet_power", "super_subs", "heavy_bombers")
RESOURCE = "lowluck/tables.toml"


@dataclass(frozen=True)
class UnitType:
    id: str
    attack: int
    defence: int
    cost: int
    kind: str
    #: Fires before the others in sea battles; its hits only take sea units.
    first_strike: bool = False


@functools.cache
def _tables() -> Reader:
    path = resource_path(RESOURCE)
    return Reader(load_resource(RESOURCE), file=str(path), text=read_text_file(path))


@functools.cache
def units() -> dict[str, UnitType]:
    """Unit id -> UnitType, in the file's order."""
    table = _tables().sub("units", required=True)
    out: dict[str, UnitType] = {}
    for uid in table.table:
        row = table.sub(uid, required=True)
        out[uid] = UnitType(uid, row.integer("attack"), row.integer("defence"),
                            row.integer("cost"), row.choice("kind", KINDS),
                            row.boolean("first_strike", False))
        row.finish()
    if not out:
        raise table.error(None, "no units")
    return out


@functools.cache
def battle_kinds() -> dict[str, frozenset[str]]:
    """Battle kind ("land", "sea") -> the unit kinds that fight in it."""
    table = _tables().sub("battles", required=True)
    out = {battle: frozenset(table.names(battle, KINDS, what="unit kind"))
           for battle in list(table.table)}
    table.finish()
    return out


def fights_in(unit_id: str, battle: str) -> bool:
    """Whether a unit of ``unit_id`` can take part in a ``battle`` ("land" or "sea")."""
    return units()[unit_id].kind in battle_kinds()[battle]


@functools.cache
def tech_effects() -> dict[str, dict]:
    """Battle tech -> its effect ``{unit, attack?, defence?, attack_dice?}``."""
    table = _tables().sub("techs", required=True)
    out = {}
    for tech in list(table.table):
        row = table.sub(tech, required=True)
        effect = {"unit": row.choice("unit", tuple(units()))}
        for key in ("attack", "defence", "attack_dice"):
            if row.has(key):
                effect[key] = row.integer(key)
        row.finish()
        out[tech] = effect
    missing = [t for t in BATTLE_TECHS if t not in out]
    if missing:
        raise table.error(None, "missing battle techs: " + ", ".join(missing))
    return out


def unit_ids() -> tuple[str, ...]:
    return tuple(units())
