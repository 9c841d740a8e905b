"""An Axis & Allies edition as one immutable value (docs/rules.md §2, §2b): its roster of unit
types (attack, defence, cost, hits, kind, abilities), the battle kinds, the battle techs, the
support rules, and which of the editions' rules apply.

Every edition is a data file read through the scenario ``Reader`` (``read_edition``): the
shipped ones in ``resources/lowluck/editions/`` (``classic``, ``1942se``, ``1940se``) and a
player's own file named by ``[options] edition = "my_rules.toml"`` (relative to the scenario's
folder, like a Medium Luck chart). The engine never reads a table at import: whatever needs an
edition is given one (``LowLuckScenario.edition``).
"""
from __future__ import annotations

import functools
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

from ...data import read_data_file, resource_path
from ...errors import ScenarioError, shown
from ...files import named_file
from ...reader import Reader

KINDS = ("land", "air", "sea")
BATTLE_KINDS = ("land", "sea")
#: What a unit type may do besides firing at its value:
#: submarine (first/surprise strike, its hits never take aircraft; later editions: aircraft
#: hit it only beside a friendly destroyer, it may submerge), destroyer (cancels the enemy
#: submarines' abilities), transport (no defence, lost last, lost when left alone),
#: bombard (fires from offshore in round 1 of an amphibious assault), aa_gun (a defending
#: unit that fires at aircraft before round 1).
ABILITIES = ("submarine", "destroyer", "transport", "bombard", "aa_gun")
AA_MODES = ("option", "units")
SUBMARINE_MODES = ("first_strike", "surprise")
#: The editions that ship with the app: ``[options] edition = "<name>"``.
SHIPPED = ("classic", "1942se", "1940se")
EDITIONS_FOLDER = ("lowluck", "editions")
#: How to fix a player's own edition file, where its problem names no way of its own.
OWN_EDITION_HINT = "fix the edition file: it takes the keys of the shipped editions' files"
#: The largest edition file a scenario may name (bytes are read before anything is trusted).
MAX_UNIT_TYPES = 40


@dataclass(frozen=True)
class UnitType:
    id: str
    attack: int
    defence: int
    cost: int
    kind: str
    #: Hits the unit takes before it is lost (2: a battleship of the later editions).
    hits: int = 1
    abilities: frozenset[str] = frozenset()
    #: Shots per unit at attacking aircraft before round 1 (an ``aa_gun`` unit).
    aa_shots: int = 0

    def has(self, ability: str) -> bool:
        return ability in self.abilities

    @property
    def first_strike(self) -> bool:
        """Fires before the others (Classic's option, the later editions' surprise strike)."""
        return "submarine" in self.abilities

    def value(self, role: str) -> int:
        return self.attack if role == "attacker" else self.defence


@dataclass(frozen=True)
class TechEffect:
    """A battle tech's effect on one unit type (Classic's low-luck techs)."""

    unit: str
    attack: int | None = None
    defence: int | None = None
    attack_dice: int | None = None


@dataclass(frozen=True)
class Support:
    """Units of ``by`` each raise one unit of ``units`` to attack ``attack`` (paired one to
    one, recounted every round from the units left)."""

    by: tuple[str, ...]
    units: tuple[str, ...]
    attack: int


@dataclass(frozen=True)
class Edition:
    """One edition: everything the engine knows about its units and rules."""

    #: How a scenario names it: a shipped name or the player's file as written.
    name: str
    title: str
    units: tuple[UnitType, ...]
    battles: tuple[tuple[str, frozenset[str]], ...]
    techs: tuple[tuple[str, TechEffect], ...] = ()
    aa: str = "option"
    submarines: str = "first_strike"
    support: tuple[Support, ...] = ()

    @functools.cached_property
    def unit_map(self) -> dict[str, UnitType]:
        return {u.id: u for u in self.units}

    @property
    def ids(self) -> tuple[str, ...]:
        return tuple(u.id for u in self.units)

    def unit(self, uid: str) -> UnitType:
        return self.unit_map[uid]

    @functools.cached_property
    def battle_kinds(self) -> dict[str, frozenset[str]]:
        """Battle kind ("land", "sea") -> the unit kinds that fight in it."""
        return dict(self.battles)

    @functools.cached_property
    def tech_effects(self) -> dict[str, TechEffect]:
        return dict(self.techs)

    def fights_in(self, uid: str, battle: str) -> bool:
        return self.unit(uid).kind in self.battle_kinds[battle]

    def may_fight(self, uid: str, role: str, battle: str) -> bool:
        """Whether ``role``'s side may have ``uid`` units in a ``battle`` battle (an AA gun
        only defends)."""
        return self.fights_in(uid, battle) and not (
            role == "attacker" and self.unit(uid).has("aa_gun"))

    @property
    def classic(self) -> bool:
        """Classic's rules (the option AA gun, the option first strike): the grid solvers'."""
        return self.aa == "option" and self.submarines == "first_strike"

    def with_ability(self, ability: str) -> tuple[str, ...]:
        return tuple(u.id for u in self.units if ability in u.abilities)


def default_order(edition: Edition, side_units: Mapping[str, int] | None = None,
                  role: str = "defender") -> tuple[str, ...]:
    """Cheapest first; among equal costs the weaker unit in ``role`` first, then the weaker in
    the other role (1940's defending mech infantry, attack 1, before artillery, attack 2:
    both cost 4 and defend at 2 — issue 37), then file order."""
    ids = list(edition.ids)
    table = edition.unit_map
    other = "defender" if role == "attacker" else "attacker"
    ordered = sorted(ids, key=lambda uid: (table[uid].cost, table[uid].value(role),
                                           table[uid].value(other), ids.index(uid)))
    if side_units is None:
        return tuple(ordered)
    return tuple(uid for uid in ordered if side_units.get(uid, 0) > 0)


def full_order(edition: Edition, order: tuple[str, ...], role: str) -> tuple[str, ...]:
    """A user's order of loss completed with the unlisted types (default order after it)."""
    return tuple(order) + tuple(u for u in default_order(edition, None, role)
                                if u not in order)


def _read_units(top: Reader) -> tuple[UnitType, ...]:
    table = top.sub("units", required=True)
    out = []
    for uid in table.keys():
        row = table.sub(uid, required=True)
        abilities = frozenset(row.names("abilities", ABILITIES, [], what="ability"))
        unit = UnitType(uid, row.integer("attack", maximum=6), row.integer("defence", maximum=6),
                        row.integer("cost", maximum=1000), row.choice("kind", KINDS),
                        row.integer("hits", 1, minimum=1, maximum=2), abilities,
                        row.integer("aa_shots", 0, maximum=10))
        if ("aa_gun" in abilities) != (unit.aa_shots > 0):
            raise row.error("aa_shots", "must be given (1 or more) for an aa_gun unit and "
                            "only for one", hint="write aa_shots = 3 with abilities = [\"aa_gun\"]")
        row.finish()
        out.append(unit)
    if not out:
        raise table.error(None, "must list at least one unit")
    if len(out) > MAX_UNIT_TYPES:
        raise table.error(None, f"must list at most {MAX_UNIT_TYPES} unit types")
    return tuple(out)


def _read_techs(top: Reader, ids: tuple[str, ...]) -> tuple[tuple[str, TechEffect], ...]:
    table = top.sub("techs")
    if table is None:
        return ()
    out = []
    for tech in table.keys():
        row = table.sub(tech, required=True)
        effect = TechEffect(row.choice("unit", ids),
                            *(row.integer(k, maximum=12) if row.has(k) else None
                              for k in ("attack", "defence", "attack_dice")))
        row.finish()
        out.append((tech, effect))
    table.finish()
    return tuple(out)


def _read_support(top: Reader, ids: tuple[str, ...]) -> tuple[Support, ...]:
    out = []
    for row in top.tables("support", []):
        out.append(Support(tuple(row.names("by", ids, what="unit")),
                           tuple(row.names("units", ids, what="unit")),
                           row.integer("attack", maximum=6)))
        row.finish()
    return tuple(out)


def read_edition(top: Reader, name: str = "") -> Edition:
    """An edition file through the scenario ``Reader`` (ScenarioError naming the field)."""
    title = top.string("title")
    rules = top.sub("rules", required=True)
    aa = rules.choice("aa", AA_MODES)
    submarines = rules.choice("submarines", SUBMARINE_MODES)
    rules.finish()
    units = _read_units(top)
    ids = tuple(u.id for u in units)
    battles = top.sub("battles", required=True)
    kinds = tuple((battle, frozenset(battles.names(battle, KINDS, what="unit kind")))
                  for battle in BATTLE_KINDS)
    battles.finish()
    techs = _read_techs(top, ids)
    support = _read_support(top, ids)
    if aa == "option" and any("aa_gun" in u.abilities for u in units):
        raise rules.error("aa", "must be \"units\" when an aa_gun unit is listed")
    for u in units:                     # AA fire is round 1 of a land battle's only
        if u.has("aa_gun") and u.kind not in dict(kinds)["land"]:
            raise top.error(f"units.{u.id}", f"an aa_gun unit fires only in land battles, "
                            f"where {u.kind} units don't fight",
                            hint="give the ability to a unit of a kind [battles] land lists")
    if sum("submarine" in u.abilities for u in units) > 1:
        raise top.error("units", "must have at most one unit type with the submarine ability")
    if submarines == "first_strike" and not any("submarine" in u.abilities for u in units):
        raise rules.error("submarines", "\"first_strike\" needs a unit with the submarine "
                          "ability", hint="add abilities = [\"submarine\"] to one unit")
    return Edition(name or title, title, units, kinds, techs, aa, submarines, support)


def shipped_path(name: str) -> Path:
    return resource_path(*EDITIONS_FOLDER, f"{name}.toml")


@functools.cache
def shipped(name: str) -> Edition:
    """A shipped edition (``classic``, ``1942se``, ``1940se``), read and validated once."""
    return read_data_file(shipped_path(name), functools.partial(read_edition, name=name))


def classic() -> Edition:
    """The default edition: A&A Classic, the seed's."""
    return shipped("classic")


def load_edition(opts: Reader | None, reference: str | None, scenario_file: str | None
                 ) -> Edition:
    """The edition ``[options] edition`` names: a shipped one, or the player's own file
    (relative to the scenario's folder); ScenarioError naming the field otherwise."""
    if not reference:
        return classic()
    if reference in SHIPPED:
        return shipped(reference)
    if not reference.endswith(".toml"):
        raise opts.error("edition", f"unknown edition {shown(reference)}",
                         hint="expected one of: " + ", ".join(SHIPPED)
                         + ", or the path of an edition file (.toml)")
    try:
        path, name = named_file(reference, scenario_file, "edition file")
    except ScenarioError as exc:
        raise opts.error("edition", exc.message, exc.hint) from None
    return read_data_file(path, functools.partial(read_edition, name=name),
                          hint=OWN_EDITION_HINT)
