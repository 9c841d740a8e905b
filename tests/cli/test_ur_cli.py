"""The command line on Ur scenarios (docs/scenario-format.md): JSON keys, exit status, errors."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from combatassist.data import examples_dir

EXAMPLES = examples_dir()
KEYS = ["ruleset", "attacker_wins", "defender_wins", "draw", "undecided", "stalemate",
        "pruned", "expected_rounds", "losses"]


def run(*args):
    return subprocess.run([sys.executable, "-m", "combatassist", "odds", *map(str, args)],
                          capture_output=True, text=True, timeout=120)


def ur_files():
    files = sorted(EXAMPLES.glob("ur-*.toml"))
    assert files, f"no ur-*.toml in {EXAMPLES}"
    return files


@pytest.mark.parametrize("method", ["exact", "simulate"])
def test_example_scenarios_json(method):
    for path in ur_files():
        proc = run(path, "--json", "--method", method, "--trials", "3000", "--seed", "4")
        assert proc.returncode == 0, proc.stderr
        data = json.loads(proc.stdout)
        assert list(data) == KEYS
        assert data["ruleset"] == "ur"
        outcome = data["attacker_wins"] + data["defender_wins"] + data["draw"] + \
            data["undecided"]
        assert outcome == pytest.approx(1.0, abs=1e-9)
        assert data["stalemate"] <= data["draw"]
        assert sum(p for _, _, p in data["losses"]) == pytest.approx(1.0, abs=1e-9)
        for a, d, p in data["losses"]:
            assert isinstance(a, int) and isinstance(d, int) and 0 <= p <= 1


def test_woods_example_numbers():
    """The seed's example, exactly: the odds match the in-process engine, steps are counted."""
    from combatassist.rulesets.ur import compute
    from combatassist.scenario import load_scenario

    proc = run(EXAMPLES / "ur-woods.toml", "--json")
    data = json.loads(proc.stdout)
    direct = compute(load_scenario(EXAMPLES / "ur-woods.toml").body)
    assert data["attacker_wins"] == pytest.approx(direct.attacker_wins, abs=1e-15)
    assert max(a for a, _, _ in data["losses"]) == 8      # two infantry: 8 steps
    assert max(d for _, d, _ in data["losses"]) == 4


def test_human_summary():
    proc = run(EXAMPLES / "ur-woods.toml")
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert "Simple attack in the wood" in out and "attacker wins" in out
    assert "hits on 3-6 (per face 001111)" in out       # the seed: attacker hits on 3-6
    assert "(per face 111122)" in out                   # defender: 1 hit on 1-4, 2 on 5-6


@pytest.mark.parametrize("body,words", [
    ('units = [ { type = "infantry" }, { type = "infantry" }, { type = "infantry" }, '
     '{ type = "infantry" }, { type = "infantry" } ]', ["line 4", "attacker.units", "stacking limit"]),
    ('units = [ { type = "troll" } ]', ["line 4", "attacker.units.type", "troll"]),
    ('units = [ { type = "infantry", steps = 9 } ]', ["line 4", "attacker.units.steps", "at most 4"]),
    ('units = [ { type = "infantry", steps = -1 } ]', ["line 4", "attacker.units.steps", "at least 1"]),
    ('units = [ { type = "infantry" } ', ["not valid TOML", "line 5"]),
])
def test_bad_files_exit_2(tmp_path, body, words):
    path = tmp_path / "bad.toml"
    path.write_text(f'ruleset = "ur"\ntitle = "bad"\n[attacker]\n{body}\n'
                    '[defender]\nunits = [ { type = "infantry" } ]\n')
    proc = run(path, "--json")
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert "Traceback" not in proc.stderr
    assert str(path) in proc.stderr and "line " in proc.stderr
    for w in words:
        assert w in proc.stderr
