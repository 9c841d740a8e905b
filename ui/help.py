"""Help → Rules: a short summary of each ruleset as the engine plays it (docs/rules.md).

The texts are the rulesets' own (``Ruleset.help_text``: ``resources/<name>/help.html``, with
the numbers filled in from the ruleset's tables) plus the general part
(``resources/help.html``). "Our reading" marks the places where the original rules were silent
or ambiguous and we had to decide; scenario options say where the user can switch.
"""
from __future__ import annotations

from combatassist import rulesets
from combatassist.data import resource_path
from combatassist.files import read_text_file


def general_html() -> str:
    """How Combat Assistant answers (the part shared by every ruleset)."""
    return read_text_file(resource_path("help.html"))


def rules_html(ruleset: str | None = None) -> str:
    """The help text for one ruleset (or all of them)."""
    if ruleset is not None:
        return rulesets.get(ruleset).help_text() + general_html()
    return general_html() + "".join(r.help_text() for r in rulesets.all_rulesets())
