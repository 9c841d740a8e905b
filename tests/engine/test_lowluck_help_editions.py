"""Low Luck's help says every shipped edition's units with their values and costs, taken from
the editions' data (English and German)."""
from __future__ import annotations

import pytest

from combatassist.rulesets import lowluck


@pytest.mark.parametrize("language", ["en", "de"])
def test_the_help_lists_every_editions_units_values_and_costs(language):
    text = lowluck.RULESET.help_text(language)
    word = lowluck.RULESET.help_words(language)
    for name in lowluck.SHIPPED:
        for unit in lowluck.shipped(name).units:
            entry = (f"{word(unit.id.replace('_', ' '))} {unit.attack}/{unit.defence} "
                     f"({unit.cost} IPC)")
            assert entry in text, (name, entry)


def test_the_help_follows_an_editions_data(monkeypatch):
    """Change a cost in the data and the help says the new one (nothing restated)."""
    import dataclasses

    edition = lowluck.shipped("1942se")
    cheap = dataclasses.replace(edition, units=tuple(
        dataclasses.replace(u, cost=99) if u.id == "cruiser" else u for u in edition.units))
    from combatassist.rulesets.lowluck import summary
    monkeypatch.setattr(summary, "shipped",
                        lambda name: cheap if name == "1942se" else lowluck.shipped(name))
    assert "cruiser 3/3 (99 IPC)" in lowluck.RULESET.help_text("en")
