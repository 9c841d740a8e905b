"""An AGC question as a scenario describes it (terrain, both sides, options): the payload,
its validation, ``parse`` and ``to_document`` (docs/scenario-format.md)."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ...errors import ScenarioError, shown
from .data import BASE_TYPES, agc_data

SIDES = ("attacker", "defender")
#: Largest force per side: exact totals stay small arrays and a table-side roll stays sane.
MAX_UNITS_PER_SIDE = 200


# -- the scenario payload ------------------------------------------------------------------
@dataclass(frozen=True)
class AgcSide:
    """One side's units ``{unit id: count}`` and its engineers' choice (None: the default)."""

    units: Mapping[str, int] = field(default_factory=dict)
    engineer_unit_type: str | None = None


@dataclass(frozen=True)
class AgcScenario:
    """An AGC question: terrain, both sides, and the ``air_attacks_aad`` option."""

    terrain: str = "rural"
    attacker: AgcSide = field(default_factory=AgcSide)
    defender: AgcSide = field(default_factory=AgcSide)
    air_attacks_aad: bool = False

    def side(self, name: str) -> AgcSide:
        return self.attacker if name == "attacker" else self.defender


def validate(payload: AgcScenario) -> None:
    """Refuse unknown terrain / unit / engineer types and bad counts (ScenarioError with a hint)."""
    data = agc_data()
    if payload.terrain not in data.terrain_names:
        raise ScenarioError(f"unknown terrain '{payload.terrain}'", field="terrain",
                            hint="expected one of: " + ", ".join(data.terrain_ids))
    for name in SIDES:
        side = payload.side(name)
        for unit, count in side.units.items():
            if unit not in data.unit_names:
                raise ScenarioError(f"unknown unit '{unit}'", field=f"{name}.units.{unit}",
                                    hint="expected one of: " + ", ".join(data.unit_ids))
            if isinstance(count, bool) or not isinstance(count, int) or count < 0:
                raise ScenarioError(f"must be a whole number of units >= 0, got {shown(count)}",
                                    field=f"{name}.units.{unit}")
        total = sum(side.units.values())
        if total == 0:
            raise ScenarioError(f"the {name} has no units", field=f"{name}.units",
                                hint="give the side at least one unit, e.g. { infantry = 1 }")
        if total > MAX_UNITS_PER_SIDE:
            raise ScenarioError(f"the {name} has {total} units; at most {MAX_UNITS_PER_SIDE} "
                                "per side", field=f"{name}.units")
        if side.engineer_unit_type is not None and side.engineer_unit_type not in BASE_TYPES:
            raise ScenarioError(f"unknown unit type '{side.engineer_unit_type}'",
                                field=f"{name}.engineer_unit_type",
                                hint="expected one of: " + ", ".join(BASE_TYPES)
                                + " (specialised infantry use the infantry column)")


# -- the ruleset-module interface -------------------------------------------------------------
def parse(top) -> AgcScenario:
    """Read ``terrain``, ``[attacker]``, ``[defender]``, ``[options]`` (docs/scenario-format.md)."""
    data = agc_data()
    terrain = top.choice("terrain", data.terrain_ids)
    sides = {}
    for name in SIDES:
        reader = top.sub(name, required=True)
        units = reader.counts("units", data.unit_ids, maximum=MAX_UNITS_PER_SIDE)
        chosen = reader.raw("engineer_unit_type", None)
        if chosen is not None:
            if chosen in data.unit_ids and chosen not in BASE_TYPES:
                raise reader.error("engineer_unit_type",
                                   f"'{chosen}' is not a column of the terrain table",
                                   hint="specialised infantry use the infantry column: "
                                        "write \"infantry\"")
            chosen = reader.choice("engineer_unit_type", BASE_TYPES)
        reader.finish()
        total = sum(units.values())
        if total == 0:
            raise reader.error("units", f"the {name} has no units",
                               hint="give the side at least one unit, e.g. { infantry = 1 }")
        if total > MAX_UNITS_PER_SIDE:
            raise reader.error("units", f"the {name} has {total} units; at most "
                               f"{MAX_UNITS_PER_SIDE} per side")
        sides[name] = AgcSide(units, chosen)
    options = top.sub("options")
    air_attacks_aad = False
    if options is not None:
        air_attacks_aad = options.boolean("air_attacks_aad", False)
        options.finish()
    return AgcScenario(terrain, sides["attacker"], sides["defender"], air_attacks_aad)


def to_document(payload: AgcScenario) -> dict[str, Any]:
    """The TOML-ready document (round-trips through ``parse``)."""
    doc: dict[str, Any] = {"terrain": payload.terrain}
    for name in SIDES:
        side = payload.side(name)
        table: dict[str, Any] = {"units": {u: c for u, c in side.units.items() if c}}
        if side.engineer_unit_type is not None:
            table["engineer_unit_type"] = side.engineer_unit_type
        doc[name] = table
    doc["options"] = {"air_attacks_aad": payload.air_attacks_aad}
    return doc
