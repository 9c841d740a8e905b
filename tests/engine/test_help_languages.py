"""Rule help in every language the app speaks, generated from the same tables as the English.

Each ``resources/<name>/help.html`` has a ``help.<lang>.html`` for every language of the GUI
(``ui/translations/*_<lang>.ts``) quoting the same ``{placeholders}``; the values that are
words come in that language (``help.<lang>.toml``), so no page mixes languages.
"""
from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

from combatassist import rulesets
from combatassist.errors import ScenarioError
from combatassist.files import read_text_file
from combatassist.ruleset import fill_placeholders

ROOT = Path(__file__).resolve().parents[2]
LANGUAGES = sorted({ts.stem.rsplit("_", 1)[1] for ts in (ROOT / "ui" / "translations").glob("*_*.ts")})


def placeholders(path: Path) -> set[str]:
    return {field for _text, field, _spec, _conv in string.Formatter().parse(read_text_file(path))
            if field}


def test_the_gui_has_languages_besides_english():
    assert "de" in LANGUAGES


@pytest.mark.parametrize("language", LANGUAGES)
def test_general_help_exists_in_every_language(language):
    assert (ROOT / "resources" / f"help.{language}.html").is_file()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("ruleset", rulesets.all_rulesets(), ids=lambda r: r.name)
def test_help_in_every_language_quotes_the_same_tables(ruleset, language):
    english = ruleset.resources / "help.html"
    if not english.is_file():
        pytest.skip("no help")
    translated = ruleset.resources / f"help.{language}.html"
    assert translated.is_file(), f"{translated.name} is missing"
    assert placeholders(translated) == placeholders(english)
    text = ruleset.help_text(language)
    assert text.strip() and "{" not in text and text != ruleset.help_text()


def test_german_help_values_are_german():
    lowluck, agc = rulesets.get("lowluck"), rulesets.get("agc")
    de = lowluck.help_values("de")
    assert de["units"].startswith("Infanterie 1/2 (3 IPC), Panzer 3/2 (5 IPC), Jäger 3/4")
    assert "Heavy Bombers (Bomber: 3 Würfel im Angriff)" in de["techs"]   # the rule book's name
    assert de["sbr"]["variant_c_damage"] == "3 oder 4"
    assert lowluck.help_values()["units"].startswith("infantry 1/2 (3 IPC), armor 3/2")
    bands = agc.help_values("de")["bands"]
    assert bands.startswith("gleich: je 1W6; bis 1,5: Sieger 1W4 / Verlierer 1W6")
    assert not re.search(r"\b(victor|loser|equal|up to|above|attack|defence|infantry)\b",
                         lowluck.help_text("de") + agc.help_text("de"))


def test_a_word_missing_from_the_table_is_named(tmp_path, monkeypatch):
    ruleset = rulesets.get("agc")
    word = ruleset.help_words("de")
    assert word("equal {dice} each") == "gleich: je {dice}"
    with pytest.raises(ScenarioError, match="'cavalry' in de"):
        word("cavalry")
    assert ruleset.help_words("en")("cavalry") == "cavalry"


def test_english_help_is_unchanged_by_the_language_argument():
    for ruleset in rulesets.all_rulesets():
        path = ruleset.resources / "help.html"
        if path.is_file():
            assert ruleset.help_text("en") == ruleset.help_text() == fill_placeholders(
                read_text_file(path), ruleset.help_values(), file=str(path))
            assert ruleset.help_text("xx") == ruleset.help_text()    # no such language: English
