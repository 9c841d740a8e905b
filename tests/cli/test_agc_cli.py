"""`combatassist odds` on AGC scenarios: the JSON contract, simulation, bad files exit 2."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from combatassist.cli import main
from combatassist.data import example_path

FOREST = example_path("agc-forest.toml")
KEYS = {"ruleset", "attacker_wins", "defender_wins", "draw", "undecided", "stalemate", "pruned",
        "expected_rounds", "losses"}
SCENARIO = """\
ruleset = "agc"
title = "Forest"
terrain = "forest"
[attacker]
units = { infantry = 3, armor = 2, artillery = 1 }
[defender]
units = { infantry = 4, engineers = 1 }
"""


def run(capsys, *args):
    code = main(["odds", *map(str, args)])
    out, err = capsys.readouterr()
    return code, out, err


def check_contract(data):
    assert set(data) == KEYS and data["ruleset"] == "agc"
    assert data["attacker_wins"] + data["defender_wins"] + data["draw"] + data["undecided"] \
        == pytest.approx(1)
    assert data["expected_rounds"] == 1 and data["undecided"] == data["stalemate"] == 0
    assert all(len(row) == 3 and isinstance(row[0], int) and isinstance(row[1], int)
               for row in data["losses"])
    assert sum(row[2] for row in data["losses"]) == pytest.approx(1)


def test_forest_example_json():
    proc = subprocess.run([sys.executable, "-m", "combatassist", "odds", str(FOREST), "--json"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    check_contract(json.loads(proc.stdout))


def test_json_exact_and_simulated(tmp_path, capsys):
    path = tmp_path / "forest.toml"
    path.write_text(SCENARIO, encoding="utf-8")
    code, out, _ = run(capsys, path, "--json")
    assert code == 0
    exact = json.loads(out)
    check_contract(exact)
    assert exact["attacker_wins"] > 0.8     # combined arms against infantry in the forest
    code, out, _ = run(capsys, path, "--json", "--method", "simulate", "--trials", "50000",
                       "--seed", "4")
    assert code == 0
    sim = json.loads(out)
    check_contract(sim)
    assert abs(sim["attacker_wins"] - exact["attacker_wins"]) < 0.01
    code, out, _ = run(capsys, path)
    assert code == 0 and out.startswith("Forest\nagc combat in Forest (exact)")


@pytest.mark.parametrize("old, new, words", [
    ('terrain = "forest"', 'terrain = "swamp"', "terrain"),
    ("infantry = 4", "infantery = 4", "infantery"),
    ("infantry = 4", "infantry = -4", "at least 0"),
    ("[defender]", "[defendr]", "defend"),
    ("units = {", "units = {{", "not valid TOML"),
])
def test_bad_files_exit_2_with_one_line(tmp_path, capsys, old, new, words):
    path = tmp_path / "bad.toml"
    path.write_text(SCENARIO.replace(old, new, 1), encoding="utf-8")
    code, out, err = run(capsys, path, "--json")
    assert code == 2 and out == ""
    assert words in err and "bad.toml" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
