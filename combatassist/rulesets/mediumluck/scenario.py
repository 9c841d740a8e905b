"""Medium Luck scenario files (docs/scenario-format.md): ``parse`` a document into a ``MediumLuckSetup``
and ``to_document`` back."""
from __future__ import annotations

from typing import Any

from ...retreat import RetreatOptions, read_retreat_options
from ...errors import shown
from ...limits import MAX_ROUNDS
from ...scenario import Reader
from .bands import DIE_SIDES
from .chart import BATTLE_KINDS, Chart, describe_places
from .data import load_scenario_chart
from .setups import MediumLuckSetup, SideSetup, battle_kind_problems

#: Largest count in one field, and units per side (beyond, exact odds can't answer in time).
MAX_COUNT = 200
MAX_UNITS_PER_SIDE = 200
#: Casualty policies a scenario may name (``[options] casualties``); unset: see policy.choose_policy.
CASUALTY_POLICIES = ("optimal", "heuristic")


def parse(top: Reader) -> MediumLuckSetup:
    """Read a mediumluck scenario's options and both sides (ScenarioError on any problem)."""
    opts = top.sub("options")
    max_rounds, extra_white, reserves, chart_ref = 0, True, False, None
    casualties, battle, die = None, "land", 6
    retreat = RetreatOptions()
    if opts is not None:
        battle = opts.choice("battle", BATTLE_KINDS, "land")
        die = opts.integer("die", 6, minimum=None)
        if die not in DIE_SIDES:
            raise opts.error("die", f"must be 6 or 12 (the faces of the dice), got {shown(die)}",
                             hint="die = 6 plays the source's d6, die = 12 its d12 variant")
        max_rounds = opts.integer("max_rounds", 0, minimum=0, maximum=MAX_ROUNDS)
        retreat = read_retreat_options(opts, max_rounds=MAX_ROUNDS, max_units=MAX_UNITS_PER_SIDE)
        extra_white = opts.boolean("defender_extra_white", True)
        reserves = opts.boolean("reserves", False)
        if opts.has("casualties"):
            casualties = opts.choice("casualties", CASUALTY_POLICIES, "optimal")
        if opts.has("chart"):
            chart_ref = opts.string("chart")
            if not chart_ref.strip():
                raise opts.error("chart", "is empty", hint="name a chart file, or leave it out")
        opts.finish()
    chart, chart_ref = load_scenario_chart(opts, chart_ref, top.file)
    sides = [_parse_side(top, name, chart, reserves) for name in ("attacker", "defender")]
    setup = MediumLuckSetup(chart, sides[0], sides[1], max_rounds=max_rounds,
                            defender_extra_white=extra_white, reserves=reserves,
                            chart_ref=chart_ref, casualties=casualties, battle=battle, die=die,
                            retreat_after=retreat.after_round,
                            retreat_when_units=retreat.when_units, retreat_below=retreat.below)
    problems = battle_kind_problems(setup)
    if problems:
        side, where, why = problems[0]
        other = "sea" if battle == "land" else "land"
        raise top.sub(side, required=True).error(where, why, hint=f'set battle = "{other}" under [options], '
                                  "or take it out")
    return setup


def _parse_side(top: Reader, name: str, chart: Chart, reserves: bool) -> SideSetup:
    r = top.sub(name, required=True)
    side = SideSetup()
    bands_r = r.sub("bands")
    if bands_r is not None:
        for band_name in bands_r.table:
            if band_name not in chart.band_names:
                raise bands_r.error(band_name, f"unknown band '{band_name}'",
                                    hint="the chart's bands: " + ", ".join(chart.band_names))
            band = chart.band(band_name)
            br = bands_r.sub(band_name, required=True)     # one of its keys: there
            roles: dict[str, dict[str, int]] = {}
            for role, allowed in (("roll", band.roll), ("boost", tuple(band.boost))):
                counts = br.counts(role, chart.units, {}, maximum=MAX_COUNT)
                for unit in counts:
                    if unit not in allowed:
                        where = br.reader_for(br.table[role], br.field(role))
                        raise where.error(unit, f"{unit} can't {role} in {band_name}",
                                          hint=describe_places(chart, unit))
                if counts:
                    roles[role] = counts
            br.finish()
            if roles:
                side.bands[band_name] = roles
    side.idle = r.counts("idle", chart.units, {}, maximum=MAX_COUNT)
    if r.has("reserve") and not reserves:
        raise r.error("reserve", "reserve units need the reserves option",
                      hint="set reserves = true under [options]")
    side.reserve = r.counts("reserve", chart.units, {}, maximum=MAX_COUNT)
    side.order_of_loss = r.names("order_of_loss", chart.units, [], what="unit")
    r.finish()
    total = side.total()
    if total == 0:
        raise r.error(None, f"the {name} has no units",
                      hint=f"add units under [{name}.bands.<colour>] or {name}.idle")
    if total > MAX_UNITS_PER_SIDE:
        raise r.error(None, f"the {name} has {total} units; at most {MAX_UNITS_PER_SIDE}")
    return side


def _side_document(side: SideSetup) -> dict[str, Any]:
    doc: dict[str, Any] = {}
    if side.bands:
        doc["bands"] = {band: {role: dict(units) for role, units in roles.items() if units}
                        for band, roles in side.bands.items()}
    if side.idle:
        doc["idle"] = dict(side.idle)
    if side.reserve:
        doc["reserve"] = dict(side.reserve)
    if side.order_of_loss:
        doc["order_of_loss"] = list(side.order_of_loss)
    return doc


def to_document(setup: MediumLuckSetup) -> dict[str, Any]:
    """The TOML-ready document (round-trips through ``parse``)."""
    options: dict[str, Any] = {"max_rounds": setup.max_rounds,
                               "defender_extra_white": setup.defender_extra_white}
    if setup.reserves:
        options["reserves"] = True
    if setup.chart_ref:
        options["chart"] = setup.chart_ref
    if setup.casualties:
        options["casualties"] = setup.casualties
    if setup.battle != "land":
        options["battle"] = setup.battle
    if setup.die != 6:
        options["die"] = setup.die
    for key in ("retreat_after", "retreat_when_units", "retreat_below"):
        if getattr(setup, key):
            options[key] = getattr(setup, key)
    return {"options": options, "attacker": _side_document(setup.attacker),
            "defender": _side_document(setup.defender)}
