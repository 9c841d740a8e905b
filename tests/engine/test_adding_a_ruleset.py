"""docs/adding-a-ruleset.md, followed to the letter: a sixth ruleset from a temporary folder.

The page's engine and resources files (``tests/doc_steps.py`` reads them) are written under a
temporary root; the root's ``combatassist/rulesets`` is put first on the rulesets package's
path (as a new folder in the source tree would be; a duel already in the tree is put aside
meanwhile), and the CLI must answer the ruleset's scenario file without any registry being
edited.
"""
from __future__ import annotations

import json
import sys

import pytest

from combatassist import rulesets
from combatassist.cli import main
from combatassist.errors import ScenarioError
from combatassist.ruleset import compute
from tests.doc_steps import example_first, write_files


@pytest.fixture
def duel(tmp_path):
    """The page's files under ``tmp_path``, found by the rulesets package."""
    files = write_files(tmp_path, ("combatassist/", "resources/"))
    assert {"combatassist/rulesets/duel/__init__.py", "combatassist/rulesets/duel/rules.py",
            "resources/duel/default.toml", "resources/duel/help.de.html"} <= set(files)
    with example_first({rulesets: tmp_path / "combatassist" / "rulesets"}):
        yield tmp_path


def test_the_duel_is_found_without_a_registry(duel):
    assert "duel" in rulesets.names()
    ruleset = rulesets.get("duel")
    assert ruleset.resources == duel / "resources" / "duel"      # its own data folder
    assert ruleset.default_scenario().title == "First blood"
    assert "heads" in ruleset.help_text()


def test_the_cli_answers_the_duel(duel, tmp_path, capsys):
    scenario = tmp_path / "duel.toml"
    scenario.write_text('ruleset = "duel"\n\n[duel]\nhit_points = 1\n', encoding="utf-8")
    assert main(["odds", str(scenario), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["ruleset"] == "duel"
    # Each round: both hit 1/4 (draw), one only 1/4 each, nobody 1/4 (again): thirds.
    for key in ("attacker_wins", "defender_wins", "draw"):
        assert data[key] == pytest.approx(1 / 3, abs=1e-9), key
    assert main(["odds", str(scenario), "--method", "simulate", "--trials", "3000"]) == 0
    assert "attacker wins" in capsys.readouterr().out


def test_the_duel_keeps_the_contract(duel):
    ruleset = rulesets.get("duel")
    body = ruleset.default_scenario().body
    assert ruleset.parse is not None and ruleset.to_document(body) == {"duel": {"hit_points": 1}}
    two = type(body)(hit_points=2)
    exact = compute(ruleset, two)
    assert exact.attacker_wins == pytest.approx(exact.defender_wins)
    assert exact.attacker_wins + exact.defender_wins + exact.draw == pytest.approx(1.0)


def test_the_duels_data_folder_is_read_by_the_one_validator(duel):
    ruleset = rulesets.get("duel")
    assert sorted(ruleset.check_resources()) == ["default.toml", "labels.toml"]
    assert ruleset.label("sides", "defender") == "Champion"
    assert ruleset.retreat_sides == ("attacker",)
    labels = duel / "resources" / "duel" / "labels.toml"
    labels.write_text(labels.read_text(encoding="utf-8").replace("defender", "referee"),
                      encoding="utf-8")
    with pytest.raises(ScenarioError, match="no such id in sides") as info:
        ruleset.check_resources()
    assert "labels.toml" in str(info.value) and "sides.referee" in str(info.value)


def test_the_duel_is_gone_with_its_folder(duel):
    # (the path is set back by the duel fixture: a monkeypatch would undo after it)
    rulesets.__path__ = list(rulesets.__path__)[1:]
    for name in [m for m in sys.modules if m.startswith("combatassist.rulesets.duel")]:
        del sys.modules[name]                    # (the duel fixture gives back any other)
    # gone, or (in a tree that followed the page) the tree's own duel, not the folder's
    assert "duel" not in rulesets.names() or \
        not rulesets.get("duel").resources.is_relative_to(duel)


def test_an_import_error_in_a_ruleset_surfaces(tmp_path, monkeypatch):
    broken = tmp_path / "rulesets" / "broken"
    broken.mkdir(parents=True)
    (broken / "__init__.py").write_text("import a_module_nobody_has\n", encoding="utf-8")
    monkeypatch.setattr(rulesets, "__path__", [*rulesets.__path__, str(tmp_path / "rulesets")])
    try:
        with pytest.raises(ModuleNotFoundError, match="a_module_nobody_has"):
            rulesets.names()
    finally:
        sys.modules.pop("combatassist.rulesets.broken", None)
