"""Low Luck A&A (docs/rules.md §2): battles, strategic bombing and low-luck tech research.

The ruleset-module interface (see ``combatassist.rulesets``): parse, to_document, compute,
summarise; plus ``make_rules`` for the table-side mode and the ``sbr`` / ``tech`` modules.
"""
from __future__ import annotations

from typing import Any

from ...result import BattleResult, battle_result, summarise_battle
from ...scenario import Reader, Scenario
from ...retreat import RetreatOptions, read_retreat_options, run_battle
from . import grid
from .rules import (BATTLE_KINDS, DICE_MODES, LowLuckOptions, LowLuckRules, LowLuckScenario,
                     LowLuckSide, default_order, make_rules)
from .data import BATTLE_TECHS, UnitType, unit_ids, units

__all__ = ["LowLuckOptions", "LowLuckRules", "LowLuckScenario", "LowLuckSide", "UNITS",
           "BATTLE_TECHS", "UnitType", "compute", "default_order", "default_scenario",
           "make_rules", "parse", "summarise", "to_document"]

NAME = "lowluck"
UNITS: dict[str, UnitType] = units()
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
        kind = UNITS[uid].kind
        if (battle == "land" and kind == "sea") or (battle == "sea" and kind == "land"):
            raise side.reader_for(side.table["units"], side.field("units")).error(
                uid, f"a {kind} unit can't fight in a {battle} battle",
                hint=f"set [options] battle = \"{'sea' if kind == 'sea' else 'land'}\" "
                     "or remove it")
    order = tuple(side.names("order_of_loss", unit_ids(), [], what="unit"))
    techs = frozenset(side.names("techs", BATTLE_TECHS, [], what="tech"))
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


def compute(payload: LowLuckScenario, *, method: str = "exact", trials: int = 100_000,
            seed: int | None = None, cancel=None) -> BattleResult:
    """Odds of the battle: exact (absorbing chain) or a seeded simulation of the same rules."""
    rules = make_rules(payload)
    return battle_result(NAME, rules, outcome_of(rules, payload.options, method=method,
                                                 trials=trials, seed=seed, cancel=cancel))


def retreat_options(opts: LowLuckOptions) -> RetreatOptions:
    return RetreatOptions(opts.retreat_after, opts.retreat_when_units, opts.retreat_below)


def outcome_of(rules: LowLuckRules, opts: LowLuckOptions, *, method: str = "exact",
               trials: int = 100_000, seed: int | None = None, cancel=None):
    """The solver's (or simulator's) outcome of ``rules`` under the options' retreat rules.

    A battle still on after ``retreat_after`` rounds withdraws (``retreated``), losses stay
    what they were when it withdrew."""
    exact = None
    if rules.standard and grid.applicable(rules):
        # Ordinary dice spread each round over dozens of hit counts per side: the vectorised
        # grid is ~40x faster there (low luck's two-point rounds are faster generically).
        # It has no position-dependent retreat: those battles use the generic solver.
        def exact(r, max_rounds):
            return grid.solve_grid(r, max_rounds=max_rounds, cancel=cancel)
    return run_battle(rules, retreat_options(opts), rules.attacker_units,
                      max_rounds=opts.max_rounds, method=method, trials=trials, seed=seed,
                      cancel=cancel, exact=exact)


def summarise(result: BattleResult, title: str | None = None) -> str:
    return summarise_battle(result, title)


def default_scenario() -> Scenario:
    """The seed's Finland example: what a new Low Luck view starts with."""
    return Scenario(NAME, LowLuckScenario(
        attacker=LowLuckSide(units={"infantry": 3, "armor": 3, "fighter": 1}),
        defender=LowLuckSide(units={"infantry": 3, "armor": 1, "fighter": 1})),
        title="Finland, Russia turn 1")
