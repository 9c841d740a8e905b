"""Low Luck scenario files (docs/scenario-format.md): ``parse`` a document into a ``LowLuckScenario``
and ``to_document`` back."""
from __future__ import annotations

from typing import Any

from ...scenario import Reader
from .data import BATTLE_TECHS, battle_kinds, fights_in, unit_ids, units
from .rules import DICE_MODES, LowLuckOptions, LowLuckScenario, LowLuckSide

UNITS = units()
#: Per unit type and per side: more than this is refused (the answer would take too long).
MAX_PER_TYPE = 100
MAX_PER_SIDE = 150
MAX_ROUNDS = 1000


def _parse_side(top: Reader, role: str, battle: str) -> LowLuckSide:
    side = top.sub(role)
    if side is None:
        return LowLuckSide()
    counts = side.counts("units", unit_ids(), {}, maximum=MAX_PER_TYPE)
    total = sum(counts.values())
    if total > MAX_PER_SIDE:
        raise side.error("units", f"{total} units is more than the {MAX_PER_SIDE} per side "
                         "the exact solver answers in reasonable time")
    for uid, n in counts.items():
        if not fights_in(uid, battle):
            kind = UNITS[uid].kind
            other = next(b for b in battle_kinds() if fights_in(uid, b))
            raise side.reader_for(side.table["units"], side.field("units")).error(
                uid, f"a {kind} unit can't fight in a {battle} battle",
                hint=f"set [options] battle = \"{other}\" or remove it")
    order = tuple(side.names("order_of_loss", unit_ids(), [], what="unit"))
    techs = frozenset(side.names("techs", BATTLE_TECHS, [], what="tech"))
    side.finish()
    return LowLuckSide(units=counts, order_of_loss=order, techs=techs)


def parse(top: Reader) -> LowLuckScenario:
    """Validate the lowluck part of a scenario document."""
    opts = top.sub("options")
    if opts is not None:
        options = LowLuckOptions(
            max_rounds=opts.integer("max_rounds", 0, maximum=MAX_ROUNDS),
            dice=opts.choice("dice", DICE_MODES, "lowluck"),
            battle=opts.choice("battle", tuple(battle_kinds()), "land"),
            submarine_first_strike=opts.boolean("submarine_first_strike", True),
            aa_gun=opts.boolean("aa_gun", False),
            keep_land_unit=opts.boolean("keep_land_unit", False),
            retreat_after=opts.integer("retreat_after", 0, maximum=MAX_ROUNDS),
        )
        if options.aa_gun and options.battle == "sea":
            raise opts.error("aa_gun", "an AA gun only fires in land battles",
                             hint="set aa_gun = false or battle = \"land\"")
        opts.finish()
    else:
        options = LowLuckOptions()
    attacker = _parse_side(top, "attacker", options.battle)
    defender = _parse_side(top, "defender", options.battle)
    if not attacker.units and not defender.units:
        raise top.error(None, "the battle has no units on either side",
                        hint='add e.g. [attacker] units = { infantry = 3 } and '
                             '[defender] units = { infantry = 2 }')
    return LowLuckScenario(options=options, attacker=attacker, defender=defender)


def to_document(payload: LowLuckScenario) -> dict[str, Any]:
    o = payload.options
    doc: dict[str, Any] = {"options": {
        "max_rounds": o.max_rounds, "dice": o.dice, "battle": o.battle,
        "submarine_first_strike": o.submarine_first_strike, "aa_gun": o.aa_gun,
        "keep_land_unit": o.keep_land_unit}}
    if o.retreat_after:
        doc["options"]["retreat_after"] = o.retreat_after
    for role in ("attacker", "defender"):
        side: LowLuckSide = getattr(payload, role)
        table: dict[str, Any] = {"units": {u: n for u, n in side.units.items() if n}}
        if side.order_of_loss:
            table["order_of_loss"] = list(side.order_of_loss)
        if side.techs:
            table["techs"] = sorted(side.techs)
        doc[role] = table
    return doc
