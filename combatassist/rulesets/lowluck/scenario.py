"""Low Luck scenario files (docs/scenario-format.md): ``parse`` a document into a ``LowLuckScenario``
and ``to_document`` back."""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...retreat import read_retreat_options
from ...scenario import Reader
from .dice import DICE_MODES
from .plan_spec import read_plan
from .edition import BATTLE_KINDS, Edition, classic, load_edition
from .rules import LowLuckOptions, LowLuckScenario, LowLuckSide

#: Per unit type and per side: more than this is refused (the answer would take too long).
MAX_PER_TYPE = 100
MAX_PER_SIDE = 150
MAX_ROUNDS = 1000
#: Waves of one attack: the first and at most three more (``[[attacker.waves]]``).
MAX_WAVES = 4
#: The IPC a territory may be worth, either way (``territory_value``).
MAX_TERRITORY_VALUE = 1000
#: ``[options] retreat``: no policy, or one that optimises (``retreat_policy``).
RETREAT_POLICIES = ("none", "profit", "strafe")


def _later_field(side: Reader, key: str, edition: Edition) -> None:
    """Refuse a later editions' field in a Classic battle."""
    if side.has(key) and edition.classic:
        raise side.error(key, f"is a field of the later editions, not of {edition.title}",
                         hint="set [options] edition to one with amphibious assaults "
                              '(e.g. "1942se", "aa50" or "revised"), or remove it')


def _part_of_units(side: Reader, key: str, part: dict[str, int], counts: dict[str, int],
                   what: str) -> None:
    for uid, n in part.items():
        if n > counts.get(uid, 0):
            raise side.reader_for(side.table[key], side.field(key)).error(
                uid, f"{n} {what} {uid} is more than the {counts.get(uid, 0)} in units",
                hint=f"{key} counts some of the side's units")


def _parse_waves(side: Reader, battle: str, edition: Edition, attacker: dict[str, int]
                 ) -> tuple[dict[str, int], ...]:
    """``[[attacker.waves]] units = {...}``: the units of each later wave."""
    waves = side.tables("waves", [])
    if len(waves) > MAX_WAVES - 1:
        raise side.error("waves", f"{len(waves) + 1} waves are more than the {MAX_WAVES} an "
                         "attack may have", hint=f"keep at most {MAX_WAVES - 1} [[attacker.waves]]")
    out = []
    for wave in waves:
        counts = wave.counts("units", edition.ids, maximum=MAX_PER_TYPE)
        _check_attacking_units(wave, counts, "attacker", battle, edition)
        if not counts:
            raise wave.error("units", "a wave needs at least one unit",
                             hint="e.g. units = { infantry = 3 }, or remove the wave")
        wave.finish()
        out.append(counts)
    if out and not attacker:
        raise side.error("units", "the first wave has no units",
                         hint="put the first wave's units in [attacker] units")
    return tuple(out)


def _check_attacking_units(side: Reader, counts: dict[str, int], role: str, battle: str,
                           edition: Edition) -> None:
    """Units that can't fight in this battle, or can't in this role, refused."""
    total = sum(counts.values())
    if total > MAX_PER_SIDE:
        raise side.error("units", f"{total} units is more than the {MAX_PER_SIDE} per side "
                         "the exact solver answers in reasonable time")
    units = side.reader_for(side.table.get("units", {}), side.field("units"))
    for uid, n in counts.items():
        if not edition.fights_in(uid, battle):
            kind = edition.unit(uid).kind
            other = next((b for b in BATTLE_KINDS if edition.fights_in(uid, b)), None)
            raise units.error(uid, f"a {kind} unit can't fight in a {battle} battle",
                              hint=f"set [options] battle = \"{other}\" or remove it" if other
                              else "remove it")
        if not edition.may_fight(uid, role, battle):                 # an AA gun attacking
            raise units.error(uid, "an AA gun only defends", hint="remove it from the attacker")


def _parse_counter(top: Reader, battle: str, edition: Edition) -> LowLuckSide | None:
    """``[counter] units = {...}``: who counter-attacks the territory once it is taken."""
    counter = top.sub("counter")
    if counter is None:
        return None
    if battle != "land":
        raise top.error("counter", "a counter-attack is asked of a land battle (the territory "
                        "taken)", hint='set [options] battle = "land" or remove [counter]')
    counts = counter.counts("units", edition.ids, maximum=MAX_PER_TYPE)
    _check_attacking_units(counter, counts, "attacker", battle, edition)
    if not counts:
        raise counter.error("units", "the counter-attack needs at least one unit",
                            hint="e.g. units = { infantry = 3 }, or remove [counter]")
    order = tuple(counter.names("order_of_loss", edition.ids, [], what="unit"))
    counter.finish()
    return LowLuckSide(units=counts, order_of_loss=order)


def _parse_side(top: Reader, role: str, battle: str, edition: Edition,
                waves: list | None = None) -> LowLuckSide:
    side = top.sub(role)
    if side is None:
        return LowLuckSide()
    counts = side.counts("units", edition.ids, {}, maximum=MAX_PER_TYPE)
    _check_attacking_units(side, counts, role, battle, edition)
    if role == "attacker" and waves is not None:
        waves.extend(_parse_waves(side, battle, edition, counts))
    elif side.has("waves"):
        raise side.error("waves", "only the attacker attacks in waves",
                         hint="move them to [[attacker.waves]]")
    for key in ("amphibious", "bombard", "damaged", "submerge"):
        _later_field(side, key, edition)
    if role == "defender":
        for key in ("amphibious", "bombard"):
            if side.has(key):
                raise side.error(key, "only the attacker lands or bombards",
                                 hint="move it to [attacker]")
    if battle == "sea":
        for key in ("amphibious", "bombard"):
            if side.has(key):
                raise side.error(key, "is for land battles (an amphibious assault)",
                                 hint='set [options] battle = "land" or remove it')
    if side.has("techs") and not edition.tech_effects:
        raise side.error("techs", f"{edition.title} has no battle techs",
                         hint="remove it (an edition file lists its techs in [techs])")
    techs = frozenset(side.names("techs", tuple(edition.tech_effects), [], what="tech"))
    land = [u.id for u in edition.units if u.kind == "land" and not u.has("aa_gun")]
    amphibious = side.counts("amphibious", land, {}, maximum=MAX_PER_TYPE, what="land unit")
    _part_of_units(side, "amphibious", amphibious, counts, "amphibious")
    ships = tuple(u.id for u in edition.units if edition.bombards(u.id, techs))
    bombard = side.counts("bombard", ships or ("(none)",), {}, maximum=MAX_PER_TYPE,
                          what="bombarding ship")
    per_unit = edition.rules.bombard_per_landed_unit
    landed = sum(amphibious.values())
    if per_unit and sum(bombard.values()) > per_unit * landed:
        raise side.error("bombard", f"{sum(bombard.values())} ships bombard, more than the "
                         f"{landed} amphibious units allow ({per_unit} each)",
                         hint=f"at most {per_unit} ship(s) per unit landed from transports "
                         "(amphibious)")
    if bombard and not landed:
        raise side.error("bombard", "ships bombard only in an amphibious assault",
                         hint="give the units landed from transports in amphibious")
    two_hit = [u.id for u in edition.units if u.hits > 1]
    if side.has("damaged"):
        table = side.raw("damaged")
        if isinstance(table, dict):
            for uid in table:
                if uid in edition.ids and uid not in two_hit:
                    raise side.reader_for(table, side.field("damaged")).error(
                        uid, f"a {uid} takes one hit: it can't be damaged",
                        hint="only two-hit units can: " + (", ".join(two_hit) or "none"))
    damaged = side.counts("damaged", two_hit or ["(none)"], {}, maximum=MAX_PER_TYPE,
                          what="two-hit unit")
    _part_of_units(side, "damaged", damaged, counts, "damaged")
    # Landed and damaged are parts of ``units`` that don't overlap: a unit is counted in one
    # of them at most (a landed unit that is already damaged can't be entered).
    for uid, n in damaged.items():
        both = n + amphibious.get(uid, 0)
        if both > counts.get(uid, 0):
            raise side.reader_for(side.table["damaged"], side.field("damaged")).error(
                uid, f"{amphibious.get(uid, 0)} amphibious and {n} damaged {uid} are {both}, more "
                f"than the {counts.get(uid, 0)} in units",
                hint="a unit is counted amphibious or damaged, not both")
    submerge = side.boolean("submerge", False)
    order = tuple(side.names("order_of_loss", edition.ids, [], what="unit"))
    side.finish()
    return LowLuckSide(units=counts, order_of_loss=order, techs=techs, amphibious=amphibious,
                       bombard=bombard, damaged=damaged, submerge=submerge)


def _check_policies(opts: Reader, options: LowLuckOptions) -> None:
    """The retreat policies' options that don't go together, refused in one line each."""
    land = options.battle == "land"
    if options.keep_land_units and options.keep_land_unit:
        raise opts.error("keep_land_units", "says the same as keep_land_unit",
                         hint="keep one of them (keep_land_unit = true is keep_land_units = 1)")
    # (keep_land_units, like keep_land_unit, is kept in a sea battle and changes nothing
    # there: a form switching the kind back and forth keeps it)
    if options.retreat_when_only_air and not land:
        raise opts.error("retreat_when_only_air", "is for land battles (the land units take "
                         "the territory)", hint='set battle = "land" or remove it')
    policy = options.retreat
    if options.territory_value and policy != "profit":
        raise opts.error("territory_value", 'counts only for retreat = "profit"',
                         hint='set retreat = "profit" or remove it')
    if policy == "none":
        return
    if policy == "strafe" and not land:
        raise opts.error("retreat", "a strafe keeps from taking a territory: it is for land "
                         "battles", hint='at sea use retreat = "profit"')
    for key, value in (("retreat_after", options.retreat_after),
                       ("retreat_below", options.retreat_below),
                       ("max_rounds", options.max_rounds)):
        if value:
            raise opts.error(key, f'goes against retreat = "{policy}", which chooses every '
                             "retreat itself and fights to the end",
                             hint=f"remove {key} (or the retreat policy)")


def parse(top: Reader) -> LowLuckScenario:
    """Validate the lowluck part of a scenario document."""
    opts = top.sub("options")
    edition = classic()
    if opts is not None:
        reference = opts.string("edition", "classic")
        edition = load_edition(opts, reference, top.file)
        for key, rule, value in (("aa_gun", "aa", "option"),
                                 ("submarine_first_strike", "submarines", "first_strike")):
            if opts.has(key) and getattr(edition, rule) != value:
                raise opts.error(key, f"is an option of Classic, not of {edition.title}",
                                 hint="remove it: the edition's own rules decide")
        retreat = read_retreat_options(opts, max_rounds=MAX_ROUNDS, max_units=MAX_PER_SIDE)
        options = LowLuckOptions(
            max_rounds=opts.integer("max_rounds", 0, maximum=MAX_ROUNDS),
            dice=opts.choice("dice", DICE_MODES, "lowluck"),
            battle=opts.choice("battle", BATTLE_KINDS, "land"),
            submarine_first_strike=opts.boolean("submarine_first_strike", True),
            aa_gun=opts.boolean("aa_gun", False),
            keep_land_unit=opts.boolean("keep_land_unit", False),
            retreat_after=retreat.after_round,
            retreat_when_units=retreat.when_units,
            retreat_below=retreat.below,
            keep_land_units=opts.integer("keep_land_units", 0, maximum=MAX_PER_SIDE),
            retreat=opts.choice("retreat", RETREAT_POLICIES, "none"),
            territory_value=opts.integer("territory_value", 0, minimum=-MAX_TERRITORY_VALUE,
                                         maximum=MAX_TERRITORY_VALUE),
            retreat_when_only_air=opts.boolean("retreat_when_only_air", False),
        )
        if options.aa_gun and options.battle == "sea":
            raise opts.error("aa_gun", "an AA gun only fires in land battles",
                             hint="set aa_gun = false or battle = \"land\"")
        _check_policies(opts, options)
        opts.finish()
    else:
        options = LowLuckOptions()
    waves: list = []
    attacker = _parse_side(top, "attacker", options.battle, edition, waves)
    defender = _parse_side(top, "defender", options.battle, edition)
    if options.retreat == "strafe" and attacker.amphibious:
        raise top.error("attacker.amphibious", "a strafe can't keep units landed from "
                        "transports from taking the territory: they can't retreat",
                        hint='remove amphibious or use retreat = "profit"')
    counter = _parse_counter(top, options.battle, edition)
    if not attacker.units and not defender.units:
        raise top.error(None, "the battle has no units on either side",
                        hint='add e.g. [attacker] units = { infantry = 3 } and '
                             '[defender] units = { infantry = 2 }')
    scenario = LowLuckScenario(
        options=options, attacker=attacker, defender=defender, edition=edition,
        waves=tuple(LowLuckSide(units=w, order_of_loss=attacker.order_of_loss,
                                techs=attacker.techs) for w in waves),
        counter=counter)
    if top.has("plan"):
        scenario = replace(scenario, plan=read_plan(top, scenario))
    return scenario


def to_document(payload: LowLuckScenario) -> dict[str, Any]:
    o = payload.options
    edition = payload.edition
    doc: dict[str, Any] = {"options": {}}
    if edition.name != "classic":
        doc["options"]["edition"] = edition.name
    doc["options"].update({"max_rounds": o.max_rounds, "dice": o.dice, "battle": o.battle})
    if edition.submarines == "first_strike":
        doc["options"]["submarine_first_strike"] = o.submarine_first_strike
    if edition.aa == "option":
        doc["options"]["aa_gun"] = o.aa_gun
    doc["options"]["keep_land_unit"] = o.keep_land_unit
    for key in ("retreat_after", "retreat_when_units", "retreat_below", "keep_land_units",
                "territory_value", "retreat_when_only_air"):
        if getattr(o, key):
            doc["options"][key] = getattr(o, key)
    if o.retreat != "none":
        doc["options"]["retreat"] = o.retreat
    for role in ("attacker", "defender"):
        side: LowLuckSide = getattr(payload, role)
        table: dict[str, Any] = {"units": {u: n for u, n in side.units.items() if n}}
        if side.order_of_loss:
            table["order_of_loss"] = list(side.order_of_loss)
        if side.techs:
            table["techs"] = sorted(side.techs)
        for key in ("amphibious", "bombard", "damaged"):
            part = {u: n for u, n in getattr(side, key).items() if n}
            if part:
                table[key] = part
        if side.submerge:
            table["submerge"] = True
        if role == "attacker" and payload.waves:
            table["waves"] = [{"units": dict(w.units)} for w in payload.waves]
        doc[role] = table
    if payload.counter is not None:
        doc["counter"] = {"units": dict(payload.counter.units)}
        if payload.counter.order_of_loss:
            doc["counter"]["order_of_loss"] = list(payload.counter.order_of_loss)
    if payload.plan is not None:
        doc["plan"] = payload.plan.to_document()
    return doc
