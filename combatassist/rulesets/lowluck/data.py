"""Low Luck's tables (``resources/lowluck/tables.toml``): the SBR figures and the research
tables (the units and battle rules are each edition's: ``edition``).

Read once and checked with the scenario ``Reader`` (an error names the file, line and field).
"""
from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

from ...data import read_data_file, resource_path
from ...reader import Reader

RESOURCE = "lowluck/tables.toml"
RESEARCH_BRANCHES = ("it", "air")


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
    sbr: dict[str, Any]
    research: dict[str, Research]


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
    """Low Luck's SBR and research tables from ``resources/lowluck/tables.toml``
    (ScenarioError naming the field)."""
    return Tables(_read_sbr(top), _read_research(top))


@functools.cache
def tables() -> Tables:
    """The shipped SBR and research tables, read and validated once."""
    return read_data_file(resource_path(RESOURCE), read_tables)
