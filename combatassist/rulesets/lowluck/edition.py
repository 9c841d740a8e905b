"""An Axis & Allies edition as one immutable value (docs/rules.md §2, §2b, §2c): its roster of
unit types (attack, defence, cost, hits, kind, abilities, AA fire, bombardment), the battle
kinds, the battle techs, the support rules, and every battle rule the edition chooses
(``Rules``: AA mode, submarines, aircraft against submarines, when submarines submerge, the
bombardment's limit and whether its casualties fire back).

Every rule an edition file can say is a typed field here, read once by ``read_edition`` and
either applied by the battle or refused there in one line (a rule that needs another: e.g.
``air_hits_submarines`` with Classic's first strike). Every edition is a data file read
through the scenario ``Reader``: the shipped ones are the files of
``resources/lowluck/editions/`` (``SHIPPED``: found in that folder, a new file needs no code)
and a player's own file named by ``[options] edition = "my_rules.toml"`` (relative to the
scenario's folder, like a Medium Luck chart). Whatever needs an edition is given one
(``LowLuckScenario.edition``).
"""
from __future__ import annotations

import functools
import tomllib
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
#: Whether aircraft's hits may take submarines: always, or only beside a destroyer of theirs.
AIR_VS_SUBMARINES = ("always", "with_destroyer")
#: When a side's submarines may submerge (the side's choice, no enemy destroyer): at the
#: start of each round (before any fire) or at its end (after the general combat).
SUBMERGE_TIMES = ("round_start", "round_end")
#: ``aa_shots = "each_aircraft"``: one shot at every attacking aircraft, however many guns
#: (TripleA's ``maxAaAttacks = -1``); stored as this number.
EACH_AIRCRAFT = -1
#: Who may leave an amphibious assault when the attacker retreats: the units that did not
#: land from transports, or its aircraft only.
AMPHIBIOUS_RETREATS = ("not_landed", "aircraft")
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
    #: Shots per unit at attacking aircraft before round 1 (an ``aa_gun`` unit), at most
    #: one per aircraft; ``EACH_AIRCRAFT``: one at every aircraft, however many guns.
    aa_shots: int = 0
    #: An AA shot hits on this or less (1; a radar tech raises it).
    aa_hit: int = 1
    #: The AA gun is a casualty like any unit (it takes hits, its cost is a loss); False: it
    #: only fires, is never hit nor counted lost, and is captured with the territory.
    aa_casualty: bool = True
    #: A bombarding ship fires at this (default: its attack).
    bombard_attack: int | None = None

    def has(self, ability: str) -> bool:
        return ability in self.abilities

    @functools.cached_property
    def fights(self) -> bool:
        """Takes part in the general combat as a unit that can be hit (an AA gun that is no
        casualty only fires at aircraft). (Kept: every slot asks.)"""
        return self.aa_casualty or "aa_gun" not in self.abilities

    @property
    def first_strike(self) -> bool:
        """Fires before the others (Classic's option, the later editions' surprise strike)."""
        return "submarine" in self.abilities

    def value(self, role: str) -> int:
        return self.attack if role == "attacker" else self.defence


@dataclass(frozen=True)
class TechEffect:
    """A battle tech's effect on one unit type of the side that has it: a new attack or
    defence, dice per unit in attack (heavy bombers: each die may hit), an AA hit value
    (radar), the unit bombarding (combined bombardment), and the units each supporter
    raises (improved artillery support)."""

    unit: str
    attack: int | None = None
    defence: int | None = None
    attack_dice: int | None = None
    aa_hit: int | None = None
    bombard: bool = False
    #: Units each supporter of this type raises (improved artillery: 2).
    supports: int | None = None


@dataclass(frozen=True)
class Support:
    """Units of ``by`` each raise one unit of ``units`` to attack ``attack`` (paired one to
    one, recounted every round from the units left)."""

    by: tuple[str, ...]
    units: tuple[str, ...]
    attack: int


@dataclass(frozen=True)
class Rules:
    """The battle rules an edition chooses (``[rules]``); every one is read by the battle."""

    #: "option": Classic's single AA gun ([options] aa_gun, one shot at each aircraft);
    #: "units": AA guns are defending units (``UnitType.aa_shots`` ...).
    aa: str = "option"
    #: "first_strike": Classic's attacking submarines' option; "surprise": both sides'
    #: submarines strike first unless the enemy has a destroyer, and may submerge.
    submarines: str = "first_strike"
    #: Aircraft's hits may take submarines "always" or only "with_destroyer" of their side.
    air_hits_submarines: str = "always"
    #: When submarines submerge (``SUBMERGE_TIMES``; "surprise" submarines only).
    submerge: str = "round_start"
    #: Ships that may bombard per amphibious land unit (0: no limit).
    bombard_per_landed_unit: int = 1
    #: The bombardment's casualties fire back in round 1 (False: removed before the fire).
    bombard_casualties_fire_back: bool = True
    #: Who leaves an amphibious assault when the attacker retreats (``AMPHIBIOUS_RETREATS``).
    amphibious_retreat: str = "not_landed"


@dataclass(frozen=True)
class Edition:
    """One edition: everything the engine knows about its units and rules."""

    #: How a scenario names it: a shipped name or the player's file as written.
    name: str
    title: str
    units: tuple[UnitType, ...]
    battles: tuple[tuple[str, frozenset[str]], ...]
    techs: tuple[tuple[str, TechEffect], ...] = ()
    support: tuple[Support, ...] = ()
    #: Its battle rules (``[rules]``).
    rules: Rules = Rules()
    #: The year the edition came out (orders the picker; 0 for a player's file).
    year: int = 0

    @property
    def aa(self) -> str:
        return self.rules.aa

    @property
    def submarines(self) -> str:
        return self.rules.submarines

    @functools.cached_property
    def unit_map(self) -> dict[str, UnitType]:
        return {u.id: u for u in self.units}

    @functools.cached_property
    def ids(self) -> tuple[str, ...]:
        return tuple(u.id for u in self.units)

    @functools.cached_property
    def _default_orders(self) -> dict[str, tuple[str, ...]]:
        """``default_order`` of every unit type, per role (kept: every battle asks)."""
        return {role: _default_order(self, role) for role in ("attacker", "defender")}

    @functools.cached_property
    def _side_values(self) -> dict[tuple[frozenset[str], str],
                                   tuple[dict[str, int], dict[str, int]]]:
        """``side_values`` asked so far, by (techs, role)."""
        return {}

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
        """Classic's rules: the option first strike of the attacking submarines (the option AA
        gun with it). It chooses no code (``later.LaterRules`` plays every edition from its
        data); it says what a scenario of the edition may state (no amphibious assault,
        damaged units or submerging: ``scenario``) and what the views show."""
        return self.submarines == "first_strike"

    def bombards(self, uid: str, techs: frozenset[str] = frozenset()) -> bool:
        """Whether ``uid`` may bombard for a side with ``techs`` (combined bombardment)."""
        return self.unit(uid).has("bombard") or any(
            self.tech_effects[t].bombard and self.tech_effects[t].unit == uid
            for t in techs if t in self.tech_effects)

    def with_ability(self, ability: str) -> tuple[str, ...]:
        return tuple(u.id for u in self.units if ability in u.abilities)


def side_values(edition: Edition, techs: frozenset[str], role: str
                ) -> tuple[dict[str, int], dict[str, int]]:
    """Each unit type's value and dice per unit for a side in ``role`` with ``techs`` (a
    tech's attack and dice count in attack, its defence in defence): the one place techs
    change the fire, for every edition. (Kept on the edition: the caller must not change
    the dictionaries.)"""
    key = (frozenset(techs), role)
    known = edition._side_values.get(key)
    if known is None:
        known = edition._side_values[key] = _side_values(edition, techs, role)
    return known


def _side_values(edition: Edition, techs: frozenset[str], role: str
                 ) -> tuple[dict[str, int], dict[str, int]]:
    values, dice = {}, {}
    effects = edition.tech_effects
    for u in edition.units:
        v, n = u.value(role), 1
        for tech in techs:
            eff = effects[tech]
            if eff.unit != u.id:
                continue
            if role == "attacker" and eff.attack is not None:
                v = eff.attack
            if role == "defender" and eff.defence is not None:
                v = eff.defence
            if role == "attacker" and eff.attack_dice is not None:
                n = eff.attack_dice
        values[u.id], dice[u.id] = v, n
    return values, dice


def default_order(edition: Edition, side_units: Mapping[str, int] | None = None,
                  role: str = "defender") -> tuple[str, ...]:
    """Cheapest first; among equal costs the weaker unit in ``role`` first, then the weaker in
    the other role (1940's defending mech infantry, attack 1, before artillery, attack 2:
    both cost 4 and defend at 2 — issue 37), then file order."""
    ordered = edition._default_orders[role]
    if side_units is None:
        return ordered
    return tuple(uid for uid in ordered if side_units.get(uid, 0) > 0)


def _default_order(edition: Edition, role: str) -> tuple[str, ...]:
    ids = list(edition.ids)
    table = edition.unit_map
    other = "defender" if role == "attacker" else "attacker"
    return tuple(sorted(ids, key=lambda uid: (table[uid].cost, table[uid].value(role),
                                              table[uid].value(other), ids.index(uid))))


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
        gun = "aa_gun" in abilities
        shots = row.raw("aa_shots", 0)
        if shots == "each_aircraft":
            shots = EACH_AIRCRAFT
        elif isinstance(shots, str):
            raise row.error("aa_shots", f"unknown value {shown(shots)}",
                            hint='a number of shots per gun, or "each_aircraft"')
        else:
            shots = row.integer("aa_shots", 0, maximum=10)
        if gun != (shots != 0):
            raise row.error("aa_shots", "must be given (1 or more, or \"each_aircraft\") for "
                            "an aa_gun unit and only for one",
                            hint="write aa_shots = 3 with abilities = [\"aa_gun\"]")
        for key in ("aa_hit", "aa_casualty"):
            if row.has(key) and not gun:
                raise row.error(key, "is a field of an aa_gun unit",
                                hint="remove it, or add abilities = [\"aa_gun\"]")
        if row.has("bombard_attack") and "bombard" not in abilities:
            raise row.error("bombard_attack", "is a field of a unit with the bombard ability",
                            hint="remove it, or add abilities = [\"bombard\"]")
        unit = UnitType(uid, row.integer("attack", maximum=6), row.integer("defence", maximum=6),
                        row.integer("cost", maximum=1000), row.choice("kind", KINDS),
                        row.integer("hits", 1, minimum=1, maximum=2), abilities, shots,
                        row.integer("aa_hit", 1, minimum=1, maximum=6),
                        row.boolean("aa_casualty", True),
                        row.integer("bombard_attack", maximum=6) if row.has("bombard_attack")
                        else None)
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
        value = {k: row.integer(k, maximum=12) if row.has(k) else None
                 for k in ("attack", "defence", "attack_dice")}
        effect = TechEffect(row.choice("unit", ids), value["attack"], value["defence"],
                            value["attack_dice"],
                            row.integer("aa_hit", minimum=1, maximum=6)
                            if row.has("aa_hit") else None,
                            row.boolean("bombard", False),
                            row.integer("supports", minimum=1, maximum=4)
                            if row.has("supports") else None)
        if effect.attack_dice == 0:
            raise row.error("attack_dice", "must be 1 or more")
        row.finish()
        out.append((tech, effect))
    table.finish()
    return tuple(out)


def _read_support(top: Reader, ids: tuple[str, ...]) -> tuple[Support, ...]:
    """The ``[[support]]`` entries; a unit raised by two entries is refused (the second would
    silently replace the first's raise)."""
    out = []
    raised_by: dict[str, int] = {}
    for n, row in enumerate(top.tables("support", []), start=1):
        rule = Support(tuple(row.names("by", ids, what="unit")),
                       tuple(row.names("units", ids, what="unit")),
                       row.integer("attack", maximum=6))
        for uid in rule.units:
            if uid in raised_by:
                raise row.error("units", f"{uid} is already raised by [[support]] entry "
                                f"{raised_by[uid]}",
                                hint="list each supported unit in one entry only")
            raised_by[uid] = n
        row.finish()
        out.append(rule)
    return tuple(out)


def _read_rules(top: Reader) -> tuple[Reader, Rules]:
    """``[rules]``: each rule, its default the one the other choices imply, refused where
    the submarine mode has no such step."""
    rules = top.sub("rules", required=True)
    aa = rules.choice("aa", AA_MODES)
    submarines = rules.choice("submarines", SUBMARINE_MODES)
    surprise = submarines == "surprise"
    air = rules.choice("air_hits_submarines", AIR_VS_SUBMARINES,
                       "with_destroyer" if surprise else "always")
    submerge = rules.choice("submerge", SUBMERGE_TIMES, "round_start")
    if not surprise:
        # Classic's first strike has no destroyers and no submerging
        if air != "always":
            raise rules.error("air_hits_submarines", '"with_destroyer" needs submarines = '
                              '"surprise" (first_strike has no destroyers)')
        if rules.has("submerge"):
            raise rules.error("submerge", 'is a rule of submarines = "surprise"',
                              hint="remove it")
    out = Rules(aa, submarines, air, submerge,
                rules.integer("bombard_per_landed_unit", 1, maximum=10),
                rules.boolean("bombard_casualties_fire_back", True),
                rules.choice("amphibious_retreat", AMPHIBIOUS_RETREATS, "not_landed"))
    rules.finish()
    return rules, out


def read_edition(top: Reader, name: str = "") -> Edition:
    """An edition file through the scenario ``Reader`` (ScenarioError naming the field)."""
    title = top.string("title")
    year = top.integer("year", 0, maximum=9999)
    rules, battle_rules = _read_rules(top)
    aa, submarines = battle_rules.aa, battle_rules.submarines
    units = _read_units(top)
    ids = tuple(u.id for u in units)
    battles = top.sub("battles", required=True)
    kinds = tuple((battle, frozenset(battles.names(battle, KINDS, what="unit kind")))
                  for battle in BATTLE_KINDS)
    battles.finish()
    techs = _read_techs(top, ids)
    support = _read_support(top, ids)
    supporters = {uid for rule in support for uid in rule.by}
    for tech, eff in techs:
        if eff.supports is not None and eff.unit not in supporters:
            raise top.error("techs", f"{tech}: supports needs a unit that supports "
                            f"([[support]] by), not {eff.unit}",
                            hint="supporters: " + (", ".join(sorted(supporters)) or "none"))
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
    if submarines == "first_strike":
        # the first-strike rules (Classic's) have the option AA gun and plain units only:
        # whatever else a file says with them is refused, never dropped
        if aa != "option":
            raise rules.error("aa", '"units" needs submarines = "surprise" (Classic\'s '
                              'first_strike rules have the option AA gun only)')
        if any(u.hits > 1 or u.abilities & {"destroyer", "transport", "bombard"}
               for u in units):
            raise rules.error("submarines", '"first_strike" (Classic\'s rules) has no '
                              "two-hit units, destroyers, transports or bombardment",
                              hint='write submarines = "surprise" for an edition that has them')
        if support:
            raise top.error("support", '"first_strike" (Classic\'s rules) has no support',
                            hint='write submarines = "surprise" for an edition that has it')
        if any(e.aa_hit is not None or e.bombard or e.supports is not None
               for _, e in techs):
            raise top.error("techs", '"first_strike" (Classic\'s rules) has no AA-radar, '
                            "bombardment or support techs", hint='write submarines = "surprise"')
        for key in ("bombard_per_landed_unit", "bombard_casualties_fire_back",
                    "amphibious_retreat"):
            if rules.has(key):
                raise rules.error(key, '"first_strike" (Classic\'s rules) has no amphibious '
                                  "assaults", hint="remove it")
    return Edition(name or title, title, units, kinds, techs, support, battle_rules, year)


def shipped_path(name: str) -> Path:
    return resource_path(*EDITIONS_FOLDER, f"{name}.toml")


def _shipped_names() -> tuple[str, ...]:
    """The edition files of ``resources/lowluck/editions/``: Classic (the default) first, the
    others by their ``year``, then title. Only those keys are read here; the files are
    checked when used (``shipped``) and by the data check."""
    folder = resource_path(*EDITIONS_FOLDER)
    keys = {}
    for path in sorted(folder.glob("*.toml")) if folder.is_dir() else ():
        try:
            doc = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeError, tomllib.TOMLDecodeError):
            doc = {}                        # the data check reports the file
        year, title = doc.get("year", 0), doc.get("title", "")
        keys[path.stem] = (path.stem != "classic", year if isinstance(year, int) else 0,
                           str(title), path.stem)
    return tuple(sorted(keys, key=keys.__getitem__))


#: The editions that ship with the app (``[options] edition = "<name>"``): every file of the
#: editions folder.
SHIPPED = _shipped_names()


@functools.cache
def shipped(name: str) -> Edition:
    """A shipped edition (one of ``SHIPPED``), read and validated once."""
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
    assert opts is not None                     # a reference is read from [options]
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
