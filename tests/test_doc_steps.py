"""docs/adding-a-ruleset.md is complete: its steps, done by ``tests/doc_steps.py`` in a copy of
the repository, give a sixth ruleset (the coin-flip duel) that the per-ruleset test batteries
accept like the shipped five — every file it needs, every translation, its example, its view.

The batteries run in a separate pytest over the copy (its packages imported from there), for
the duel only where they are parametrised by ruleset, whole where they check the tree (the
translation files, the examples, the page's own tests with a duel already in the tree).
"""
from __future__ import annotations

import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

from tests import doc_steps

#: the batteries run over every ruleset or view found, and the checks of the whole tree
BATTERIES = (
    "tests/engine/test_ruleset_contract.py", "tests/engine/test_resource_files.py",
    "tests/engine/test_help_languages.py", "tests/engine/test_engine_texts.py",
    "tests/engine/test_adding_a_ruleset.py", "tests/test_self_contained.py",
    "tests/ui/test_view_contract.py", "tests/ui/test_engine_texts_german.py",
    "tests/ui/test_sixth_ruleset.py", "tests/ui/test_i18n.py",
)
#: which of their tests: the duel's, and those that read the whole tree
SELECTED = " or ".join((
    "duel", "shape", "found_in_tab_order", "every_ruleset_has_an_example",
    "engine_de_ts_is_up_to_date", "each_name_is_translated_in_one_file",
    "every_message_is_translated", "ts_files_list_every_string", "every_data_name_has",
))
SKIPPED = {".git", ".venv", "__pycache__", ".pytest_cache", ".hypothesis", "build", "dist"}


@pytest.fixture(scope="module")
def followed(tmp_path_factory):
    """A copy of the repository with the page's steps done in it."""
    root = tmp_path_factory.mktemp("repository")
    for name in doc_steps.TREE:
        source = doc_steps.ROOT / name
        if source.is_dir():
            shutil.copytree(source, root / name,
                            ignore=lambda _dir, names: [n for n in names if n in SKIPPED])
        else:
            shutil.copy2(source, root / name)
    if (root / "combatassist" / "rulesets" / "duel").exists():
        pytest.skip("this repository followed the page already: the whole suite runs over "
                    "its duel")
    done = doc_steps.apply(root)
    return root, done


@pytest.mark.timeout(300)          # (sets the copy up: lupdate, lrelease)
def test_the_page_names_every_file_a_ruleset_needs(followed):
    root, done = followed
    assert {"combatassist/rulesets/duel/__init__.py", "resources/duel/default.toml",
            "resources/duel/help.html", "resources/duel/help.de.html", "ui/views/duel.py",
            "examples/duel-first-blood.toml", "ui/translations/engine_de.ts",
            "ui/translations/views_de.ts", "ui/translations/data_de.ts"} <= set(done)
    data = ET.parse(root / "ui" / "translations" / "data_de.ts").getroot()
    assert any(c.findtext("name") == "data.duel" for c in data.iter("context"))
    assert (root / "ui" / "translations" / "views_de.qm").is_file()


@pytest.mark.timeout(600)          # a pytest of its own: about a minute, more on a busy machine
def test_the_batteries_accept_the_duel(followed):
    root, _done = followed
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-k", SELECTED,
         *BATTERIES], cwd=root, env=doc_steps.environment(root), capture_output=True,
        text=True)
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-2000:]
    # the duel's own parametrisations were among them
    listed = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "--collect-only", "-p", "no:cacheprovider",
         "-k", "duel", *BATTERIES], cwd=root, env=doc_steps.environment(root),
        capture_output=True, text=True).stdout
    for battery in ("test_ruleset_contract.py::test_shape[duel]",
                    "test_resource_files.py::test_every_damaged_value_gives_one_clear_message[duel]",
                    "test_help_languages.py::test_help_in_every_language_quotes_the_same_tables",
                    "test_view_contract.py::test_table_battle_starts_undoes_and_autosaves[duel]",
                    "test_engine_texts_german.py::test_a_table_battle_in_german[duel]",
                    "test_engine_texts.py::test_every_text_a_table_battle_shows_is_translated"
                    "[duel-first-blood]"):
        assert battery in listed, battery
