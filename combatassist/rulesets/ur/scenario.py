"""An Ur scenario: the typed payload, read from and written to files (docs/scenario-format.md)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...errors import EngineError, ScenarioError, shown
from ...limits import MAX_ROUNDS
from ...scenario import Reader
from .data import TERRAINS, tables
from .walls import wall_strength, wall_table

STANCES = ("attack", "defend")
#: The stacking limit: at most this many units per side.
STACKING_LIMIT = 4
#: Largest magic modifier accepted (beyond it every roll is already 0 or 3 hits).
MAX_MAGIC = 20


@dataclass(frozen=True)
class Unit:
    type: str
    steps: int | None = None      # None: the type's full steps
    raider: bool = False          # a raiding unit attached: +1 to its attack and defence

    @property
    def full_steps(self) -> int:
        return tables().units[self.type].steps

    @property
    def start_steps(self) -> int:
        return self.full_steps if self.steps is None else self.steps


@dataclass(frozen=True)
class Wall:
    kind: str = "outer"
    damage: int = 0

    @property
    def strength(self) -> int:
        return wall_strength(self.kind, self.damage)


@dataclass(frozen=True)
class Side:
    stance: str
    units: tuple[Unit, ...] = ()
    retreat_at_steps: int = 0     # retreat before a round when steps left <= this (0: never)
    magic: int = 0
    moving_to_archers: bool = False   # attacker only: the defender's ranged fire gets +1


@dataclass(frozen=True)
class Position:
    """The defender's position (terrain, river, wall and dwarf hill are the defender's)."""

    terrain: str = "none"
    river: bool = False
    dwarf_hill: bool = False
    wall: Wall | None = None

    @property
    def wall_strength(self) -> int:
        return self.wall.strength if self.wall else 0


@dataclass(frozen=True)
class UrScenario:
    attacker: Side = field(default_factory=lambda: Side("attack"))
    defender: Side = field(default_factory=lambda: Side("defend"))
    position: Position = field(default_factory=Position)
    max_rounds: int = 0


def max_retreat_at_steps() -> int:
    """Largest ``retreat_at_steps``: the steps of a full stack of the sturdiest units (a
    larger one would only say "retreat before the first round" again)."""
    return STACKING_LIMIT * max(unit.steps for unit in tables().units.values())


# -- reading ------------------------------------------------------------------------------
def _parse_units(reader: Reader) -> tuple[Unit, ...]:
    known = tables().units
    raw = reader.array("units")
    if len(raw) > STACKING_LIMIT:
        raise reader.error("units", f"{len(raw)} units are more than the stacking limit",
                           hint=f"at most {STACKING_LIMIT} units per side")
    units = []
    for i, item in enumerate(raw):
        if not isinstance(item, dict):
            raise reader.error("units", f"entry {i + 1} must be a table like "
                               '{ type = "infantry" }')
        sub = reader.reader_for(item, reader.field("units"))
        kind = sub.raw("type", None)
        if not isinstance(kind, str) or kind not in known:
            what = "has no type" if kind is None else f"has an unknown type {shown(kind)}"
            raise sub.error("type", f"unit {i + 1} {what}",
                            hint="expected one of: " + ", ".join(known))
        full = known[kind].steps
        steps = sub.raw("steps", None)
        if steps is not None:
            steps = sub.check_integer("steps", steps, minimum=1, maximum=None)
            if steps > full:
                raise sub.error("steps", f"unit {i + 1} ({kind}) has {steps} steps; "
                                f"{kind} units have at most {full}",
                                hint=f"use 1-{full}, or leave steps out for a fresh unit")
        raider = sub.boolean("raider", False)
        sub.finish()
        if steps == full:
            steps = None              # a fresh unit: the same payload as leaving steps out
        units.append(Unit(kind, steps, raider))
    return tuple(units)


def _parse_side(top: Reader, name: str, default_stance: str) -> tuple[Side, Reader]:
    reader = top.sub(name, required=True)
    stance = reader.choice("stance", STANCES, default_stance)
    units = _parse_units(reader)
    retreat = reader.integer("retreat_at_steps", 0, minimum=0,
                             maximum=max_retreat_at_steps())
    magic = reader.integer("magic", 0, minimum=-MAX_MAGIC, maximum=MAX_MAGIC)
    moving = reader.boolean("moving_to_archers", False) if name == "attacker" else False
    return Side(stance, units, retreat, magic, moving), reader


def parse(top: Reader) -> UrScenario:
    """Read an Ur scenario (``ruleset = "ur"``, docs/scenario-format.md) from the top reader."""
    options = top.sub("options")
    max_rounds = 0
    if options is not None:
        max_rounds = options.integer("max_rounds", 0, minimum=0, maximum=MAX_ROUNDS)
        options.finish()
    attacker, a_reader = _parse_side(top, "attacker", "attack")
    a_reader.finish()
    defender, d_reader = _parse_side(top, "defender", "defend")
    terrain = d_reader.choice("terrain", TERRAINS, "none")
    river = d_reader.boolean("river", False)
    dwarf_hill = d_reader.boolean("dwarf_hill", False)
    wall = None
    w_reader = d_reader.sub("wall")
    if w_reader is not None:
        kind = w_reader.choice("kind", tables().walls, "outer")
        damage = w_reader.integer("damage", 0, minimum=0)
        limit = wall_table(kind).max_damage
        if damage > limit:
            raise w_reader.error("damage", f"{shown(damage)} steps of damage are more than a {kind} "
                                 f"wall can take", hint=f"at most {limit}: its last level "
                                 "(strength 1) can't be removed")
        w_reader.finish()
        wall = Wall(kind, damage)
    d_reader.finish()
    return UrScenario(attacker, defender, Position(terrain, river, dwarf_hill, wall), max_rounds)


def check(scenario: UrScenario) -> None:
    """Validate a payload built in code (the GUI); raises ScenarioError naming the field."""
    known = tables().units
    for name in ("attacker", "defender"):
        side: Side = getattr(scenario, name)
        if side.stance not in STANCES:
            raise ScenarioError(f"unknown stance {side.stance!r}", field=f"{name}.stance",
                                hint="expected attack or defend")
        if len(side.units) > STACKING_LIMIT:
            raise ScenarioError(f"{len(side.units)} units are more than the stacking limit",
                                field=f"{name}.units",
                                hint=f"at most {STACKING_LIMIT} units per side")
        for i, unit in enumerate(side.units, start=1):
            if unit.type not in known:
                raise ScenarioError(f"unit {i}: unknown type {unit.type!r}",
                                    field=f"{name}.units",
                                    hint="expected one of: " + ", ".join(known))
            full = known[unit.type].steps
            if unit.steps is not None and not (isinstance(unit.steps, int)
                                               and 1 <= unit.steps <= full):
                raise ScenarioError(f"unit {i} ({unit.type}) can't have {shown(unit.steps)} steps",
                                    field=f"{name}.units", hint=f"use 1-{full}")
        if side.retreat_at_steps < 0:
            raise ScenarioError("must be at least 0", field=f"{name}.retreat_at_steps")
        if abs(side.magic) > MAX_MAGIC:
            raise ScenarioError(f"must be between -{MAX_MAGIC} and {MAX_MAGIC}",
                                field=f"{name}.magic")
    if scenario.defender.moving_to_archers:
        raise ScenarioError("only the attacker moves toward archers",
                            field="defender.moving_to_archers")
    if scenario.position.terrain not in TERRAINS:
        raise ScenarioError(f"unknown terrain {scenario.position.terrain!r}",
                            field="defender.terrain", hint="expected one of: "
                            + ", ".join(TERRAINS))
    if scenario.max_rounds < 0:
        raise ScenarioError("must be at least 0", field="options.max_rounds")
    wall = scenario.position.wall
    if wall is not None:
        try:
            wall.strength
        except EngineError as exc:
            raise ScenarioError(str(exc), field="defender.wall") from None


# -- writing ------------------------------------------------------------------------------
def _unit_doc(unit: Unit) -> dict[str, Any]:
    doc: dict[str, Any] = {"type": unit.type}
    if unit.steps is not None and unit.steps != unit.full_steps:
        doc["steps"] = unit.steps
    if unit.raider:
        doc["raider"] = True
    return doc


def _side_doc(side: Side, attacker: bool) -> dict[str, Any]:
    doc: dict[str, Any] = {"stance": side.stance,
                           "units": [_unit_doc(u) for u in side.units]}
    if side.retreat_at_steps:
        doc["retreat_at_steps"] = side.retreat_at_steps
    if side.magic:
        doc["magic"] = side.magic
    if attacker and side.moving_to_archers:
        doc["moving_to_archers"] = True
    return doc


def to_document(scenario: UrScenario) -> dict[str, Any]:
    """The TOML-ready document (without ruleset/title); ``parse`` reads it back equal."""
    doc: dict[str, Any] = {}
    if scenario.max_rounds:
        doc["options"] = {"max_rounds": scenario.max_rounds}
    doc["attacker"] = _side_doc(scenario.attacker, True)
    defender = _side_doc(scenario.defender, False)
    pos = scenario.position
    if pos.terrain != "none":
        defender["terrain"] = pos.terrain
    if pos.river:
        defender["river"] = True
    if pos.dwarf_hill:
        defender["dwarf_hill"] = True
    if pos.wall is not None:
        defender["wall"] = {"kind": pos.wall.kind, "damage": pos.wall.damage}
    doc["defender"] = defender
    return doc
