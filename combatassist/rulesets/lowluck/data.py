"""Low Luck's tables (``resources/lowluck/tables.toml``): units, battle kinds, battle techs,
SBR figures and research tables.

Read once and checked with the scenario ``Reader`` (an error names the file, line and field).
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from ...data import read_data_file, resource_path
from ...reader import Reader

KINDS = ("land", "air", "sea")
BATTLE_TECHS = ("jet_power", "super_subs", "heavy_bombers")
RESOURCE = "lowluck/tables.toml"
RESEARCH_BRANCHES = ("it", "air")


@dataclass(frozen=True)
class UnitType:
    id: str
    attack: int
    defence: int
    cost: int
    kind: str
    #: Fires before the others in sea battles; its hits only take sea units.
    first_strike: bool = False


@dataclass(frozen=True)
class Research:
    """One research branch's table (``[research.<branch>]``), validated."""

    minimum: int
    maximum: int
    attempt_cost: int
    final: str
    techs: tuple[str, ...]                               # worst to best
    thresholds: tuple[tuple[int, tuple[str, ...]], ...]  # (savings, tech per d6 face), ascending


@dataclass(frozen=True)
class Tables:
    units: dict[str, UnitType]
    battles: dict[str, frozenset[str]]
    techs: dict[str, dict]
    sbr: dict[str, Any]
    research: dict[str, Research]


def _read_units(top: Reader) -> dict[str, UnitType]:
    table = top.sub("units", required=True)
    out: dict[str, UnitType] = {}
    for uid in table.keys():
        row = table.sub(uid, required=True)
        out[uid] = UnitType(uid, row.integer("attack"), row.integer("defence"),
                            row.integer("cost"), row.choice("kind", KINDS),
                            row.boolean("first_strike", False))
        row.finish()
    if not out:
        raise table.error(None, "no units")
    return out


def _read_techs(top: Reader, units: dict[str, UnitType]) -> dict[str, dict]:
    table = top.sub("techs", required=True)
    out = {}
    for tech in table.keys():
        row = table.sub(tech, required=True)
        effect = {"unit": row.choice("unit", tuple(units))}
        for key in ("attack", "defence", "attack_dice"):
            if row.has(key):
                effect[key] = row.integer(key)
        row.finish()
        out[tech] = effect
    missing = [t for t in BATTLE_TECHS if t not in out]
    if missing:
        raise table.error(None, "missing battle techs: " + ", ".join(missing))
    return out


#: The SBR figures written as fractions ``[numerator, denominator]`` (IPC per bomber).
SBR_FRACTIONS = ("attacker_cost_with_aa", "defender_loss_with_aa", "defender_loss_without_aa")


def _read_sbr(top: Reader) -> dict[str, Any]:
    table = top.sub("sbr", required=True)
    out: dict[str, Any] = {}
    for key in SBR_FRACTIONS:
        value = table.fraction(key)
        out[key] = [value.numerator, value.denominator]
    out["variant_a_set_aside"] = table.integer("variant_a_set_aside")
    out["bomber_cost"] = table.integer("bomber_cost", minimum=1)
    out["variant_c_damage"] = table.integers("variant_c_damage")
    if not out["variant_c_damage"]:
        raise table.error("variant_c_damage", "must list at least one damage")
    table.finish()
    return out


def _read_research(top: Reader) -> dict[str, Research]:
    table = top.sub("research", required=True)
    out = {}
    for branch in RESEARCH_BRANCHES:
        row = table.sub(branch, required=True)
        techs = tuple(row.strings("techs"))
        thresholds = row.sub("thresholds", required=True)
        columns = []
        for key in thresholds.keys():
            if not key.isdigit():
                raise thresholds.error(key, "a threshold must be a whole number of IPC saved")
            faces = thresholds.strings(key)
            if len(faces) != 6 or any(f not in techs for f in faces):
                raise thresholds.error(key, "must name 6 techs of the branch, one per d6 face",
                                       hint="the branch's techs: " + ", ".join(techs))
            columns.append((int(key), tuple(faces)))
        if not columns:
            raise thresholds.error(None, "must give at least one threshold")
        out[branch] = Research(row.integer("min"), row.integer("max"),
                               row.integer("attempt_cost"), row.choice("final", techs),
                               techs, tuple(sorted(columns)))
        row.finish()
    table.finish()
    return out


def read_tables(top: Reader) -> Tables:
    """Low Luck's tables from ``resources/lowluck/tables.toml`` (ScenarioError naming the
    field)."""
    unit_table = _read_units(top)
    battles = top.sub("battles", required=True)
    kinds = {battle: frozenset(battles.names(battle, KINDS, what="unit kind"))
             for battle in battles.keys()}
    battles.finish()
    return Tables(unit_table, kinds, _read_techs(top, unit_table), _read_sbr(top),
                  _read_research(top))


@functools.cache
def tables() -> Tables:
    """The shipped tables, read and validated once."""
    return read_data_file(resource_path(RESOURCE), read_tables)


def units() -> dict[str, UnitType]:
    """Unit id -> UnitType, in the file's order."""
    return tables().units


def battle_kinds() -> dict[str, frozenset[str]]:
    """Battle kind ("land", "sea") -> the unit kinds that fight in it."""
    return tables().battles


def fights_in(unit_id: str, battle: str) -> bool:
    """Whether a unit of ``unit_id`` can take part in a ``battle`` ("land" or "sea")."""
    return units()[unit_id].kind in battle_kinds()[battle]


def tech_effects() -> dict[str, dict]:
    """Battle tech -> its effect ``{unit, attack?, defence?, attack_dice?}``."""
    return tables().techs


def unit_ids() -> tuple[str, ...]:
    return tuple(units())
