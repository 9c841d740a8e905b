"""Low Luck scenario files (docs/scenario-format.md): ``parse`` a document into a ``LowLuckScenario``
and ``to_document`` back."""
from __future__ import annotations

from typing import Any

from ...retreat import read_retreat_options
from ...scenario import Reader
from .dice import DICE_MODES
from .edition import BATTLE_KINDS, Edition, classic
from .rules import LowLuckOptions, LowLuckScenario, LowLuckSide

#: Per unit type and per side: more than this is refused (the answer would take too long).
MAX_PER_TYPE = 100
MAX_PER_SIDE = 150
MAX_ROUNDS = 1000


def _parse_side(top: Reader, role: str, battle: str, edition: Edition) -> LowLuckSide:
    side = top.sub(role)
    if side is None:
        return LowLuckSide()
    counts = side.counts("units", edition.ids, {}, maximum=MAX_PER_TYPE)
    total = sum(counts.values())
    if total > MAX_PER_SIDE:
        raise side.error("units", f"{total} units is more than the {MAX_PER_SIDE} per side "
                         "the exact solver answers in reasonable time")
    for uid, n in counts.items():
        if not edition.fights_in(uid, battle):
            kind = edition.unit(uid).kind
            other = next(b for b in BATTLE_KINDS if edition.fights_in(uid, b))
            raise side.reader_for(side.table["units"], side.field("units")).error(
                uid, f"a {kind} unit can't fight in a {battle} battle",
                hint=f"set [options] battle = \"{other}\" or remove it")
    order = tuple(side.names("order_of_loss", edition.ids, [], what="unit"))
    techs = frozenset(side.names("techs", tuple(edition.tech_effects), [], what="tech"))
    side.finish()
    return LowLuckSide(units=counts, order_of_loss=order, techs=techs)


def parse(top: Reader) -> LowLuckScenario:
    """Validate the lowluck part of a scenario document."""
    opts = top.sub("options")
    if opts is not None:
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
    edition = classic()
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
    doc: dict[str, Any] = {"options": {
        "max_rounds": o.max_rounds, "dice": o.dice, "battle": o.battle,
        "submarine_first_strike": o.submarine_first_strike, "aa_gun": o.aa_gun,
        "keep_land_unit": o.keep_land_unit}}
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
        doc[role] = table
    return doc
