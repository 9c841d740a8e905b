"""Low Luck scenario files (docs/scenario-format.md): ``parse`` a document into a ``LowLuckScenario``
and ``to_document`` back."""
from __future__ import annotations

from typing import Any

from ...retreat import read_retreat_options
from ...scenario import Reader
from .dice import DICE_MODES
from .edition import BATTLE_KINDS, Edition, classic, load_edition
from .rules import LowLuckOptions, LowLuckScenario, LowLuckSide

#: Per unit type and per side: more than this is refused (the answer would take too long).
MAX_PER_TYPE = 100
MAX_PER_SIDE = 150
MAX_ROUNDS = 1000


def _later_field(side: Reader, key: str, edition: Edition) -> None:
    """Refuse a later editions' field in a Classic battle."""
    if side.has(key) and edition.classic:
        raise side.error(key, f"is a field of the later editions, not of {edition.title}",
                         hint='set [options] edition = "1942se" or "1940se", or remove it')


def _part_of_units(side: Reader, key: str, part: dict[str, int], counts: dict[str, int],
                   what: str) -> None:
    for uid, n in part.items():
        if n > counts.get(uid, 0):
            raise side.reader_for(side.table[key], side.field(key)).error(
                uid, f"{n} {what} {uid} is more than the {counts.get(uid, 0)} in units",
                hint=f"{key} counts some of the side's units")


def _parse_side(top: Reader, role: str, battle: str, edition: Edition) -> LowLuckSide:
    side = top.sub(role)
    if side is None:
        return LowLuckSide()
    counts = side.counts("units", edition.ids, {}, maximum=MAX_PER_TYPE)
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
    land = [u.id for u in edition.units if u.kind == "land" and not u.has("aa_gun")]
    amphibious = side.counts("amphibious", land, {}, maximum=MAX_PER_TYPE, what="land unit")
    _part_of_units(side, "amphibious", amphibious, counts, "amphibious")
    bombard = side.counts("bombard", edition.with_ability("bombard"), {},
                          maximum=MAX_PER_TYPE, what="bombarding ship")
    if sum(bombard.values()) > sum(amphibious.values()):
        raise side.error("bombard", f"{sum(bombard.values())} ships bombard, more than the "
                         f"{sum(amphibious.values())} amphibious units",
                         hint="at most one ship per unit landed from transports (amphibious)")
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
    techs = frozenset(side.names("techs", tuple(edition.tech_effects), [], what="tech"))
    side.finish()
    return LowLuckSide(units=counts, order_of_loss=order, techs=techs, amphibious=amphibious,
                       bombard=bombard, damaged=damaged, submerge=submerge)


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
        )
        if options.aa_gun and options.battle == "sea":
            raise opts.error("aa_gun", "an AA gun only fires in land battles",
                             hint="set aa_gun = false or battle = \"land\"")
        opts.finish()
    else:
        options = LowLuckOptions()
    attacker = _parse_side(top, "attacker", options.battle, edition)
    defender = _parse_side(top, "defender", options.battle, edition)
    if not attacker.units and not defender.units:
        raise top.error(None, "the battle has no units on either side",
                        hint='add e.g. [attacker] units = { infantry = 3 } and '
                             '[defender] units = { infantry = 2 }')
    return LowLuckScenario(options=options, attacker=attacker, defender=defender,
                           edition=edition)


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
    for key in ("retreat_after", "retreat_when_units", "retreat_below"):
        if getattr(o, key):
            doc["options"][key] = getattr(o, key)
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
        doc[role] = table
    return doc
