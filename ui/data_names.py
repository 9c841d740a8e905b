"""The names from the rulesets' data and the engine that the GUI shows (units, bands, terrain,
weapons, walls, phases), by translation context.

The engine, its files and the command line keep them English; the GUI shows them through
``i18n.data_name(ruleset, name)`` (context ``data.<ruleset>``), translated by the hand-kept
``translations/data_<lang>.ts`` (lupdate can't see these strings in the code); the engine's
own words (phase names, why there is no battle) are engine texts (``engine_<lang>.ts``).
Each view found says its own names (``RulesetView.data_names``) and its ruleset's display
labels count too, so a new ruleset's view is covered without an edit here.
``tests/ui/test_i18n.py`` checks that file covers every name listed here.
"""
from __future__ import annotations


def spaced(ident: str) -> str:
    """An id in words: ``mech_infantry`` -> ``mech infantry``."""
    return ident.replace("_", " ")


def names_by_context() -> dict[str, set[str]]:
    """``{"data.lowluck": {"infantry", ...}, ...}``: every view found, its own names and its
    ruleset's display labels (``Ruleset.labels``)."""
    from combatassist import rulesets

    from .views import discover

    names: dict[str, set[str]] = {}
    for view in discover():
        labels = rulesets.get(view.ruleset).labels
        found = set(view.data_names()) | {text for category in labels.values()
                                          for text in category.values()}
        if found:
            names[f"data.{view.ruleset}"] = found
    return names
