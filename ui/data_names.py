"""The names from the rulesets' data and the engine that the GUI shows (units, bands, terrain,
weapons, walls, phases), by translation context.

The engine, its files and the command line keep them English; the GUI shows them through
``i18n.data_name(ruleset, name)`` (context ``data.<ruleset>``), translated by the hand-kept
``translations/data_<lang>.ts`` (lupdate can't see these strings in the code); the engine's
own words (phase names, why there is no battle) are engine texts (``engine_<lang>.ts``). ``tests/ui/test_i18n.py`` checks that file
covers every name listed here.
"""
from __future__ import annotations


def _spaced(ident: str) -> str:
    return ident.replace("_", " ")


def lowluck_names() -> set[str]:
    from combatassist.rulesets import lowluck
    from combatassist.rulesets.lowluck import tech

    names = {_spaced(u) for name in lowluck.SHIPPED for u in lowluck.shipped(name).ids}
    for branch in tech.BRANCHES:
        names |= {_spaced(t) for t in tech.branch(branch).techs}
    return names


def mediumluck_names() -> set[str]:
    from .views.mediumluck import default_chart

    chart = default_chart()
    names = set(chart.band_names)
    for unit in chart.units:
        text = _spaced(unit)
        shown = "AAA" if text == "aaa" else text[:1].upper() + text[1:]
        plural = text if text.endswith(("infantry", "artillery", "aaa")) else text + "s"
        names |= {text, shown, plural}
    names |= {_spaced(kind) for band in chart.bands for kind in band.boost.values()}
    return names


def agc_names() -> set[str]:
    from combatassist.rulesets import agc
    from combatassist.rulesets.agc.data import agc_data

    data = agc_data()
    names = {t["name"] for t in agc.terrains()} | {_spaced(t["id"]) for t in agc.terrains()}
    for unit in agc.unit_types():
        names |= {unit["name"], _spaced(unit["base_type"])}
    names |= {_spaced(u) for u in data.unit_names} | {band.name for band in data.bands}
    return names


def ur_names() -> set[str]:
    from combatassist.rulesets import ur

    tables = ur.tables()
    return {t.name for t in tables.units.values()} | {w.name for w in tables.walls.values()}


def ds2_names() -> set[str]:
    from combatassist.rulesets import ds2

    names = set()
    for family in ds2.weapon_options()["families"]:
        names |= {family["label"], family["name"], *family.get("size_labels", {}).values()}
    return names


def names_by_context() -> dict[str, set[str]]:
    """``{"data.lowluck": {"infantry", ...}, ...}``."""

    from combatassist import rulesets

    names = {"data.lowluck": lowluck_names(), "data.mediumluck": mediumluck_names(),
             "data.agc": agc_names(), "data.ur": ur_names(), "data.ds2": ds2_names()}
    for ruleset in rulesets.all_rulesets():      # every display name (Ruleset.labels)
        context = f"data.{ruleset.name}"
        if context in names:
            names[context] |= {text for category in ruleset.labels.values()
                               for text in category.values()}
    return names
