"""The command line on Medium Luck scenarios (docs/scenario-format.md contract)."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest

from combatassist.data import examples_dir

#: Each command gets 300 s of its own (cold band tables on a loaded machine): above the suite's
#: 120 s default.
pytestmark = pytest.mark.timeout(360)
EXAMPLES = examples_dir()
SCENARIOS = sorted(EXAMPLES.glob("mediumluck-*.toml"))
KEYS = ["ruleset", "attacker_wins", "defender_wins", "draw", "undecided", "stalemate", "pruned",
        "expected_rounds", "losses"]


def run(*args, tmp_path):
    env = {"COMBATASSIST_CACHE_DIR": str(tmp_path / "cache"), "PATH": "/usr/bin:/bin"}
    return subprocess.run([sys.executable, "-m", "combatassist", *args], capture_output=True,
                          text=True, env=env, timeout=300)


def test_there_are_medium_luck_examples():
    assert len(SCENARIOS) >= 2


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.name)
def test_odds_json_on_the_examples(path, tmp_path):
    proc = run("odds", str(path), "--json", tmp_path=tmp_path)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert list(data) == KEYS
    assert data["ruleset"] == "mediumluck"
    outcome = data["attacker_wins"] + data["defender_wins"] + data["draw"] + data["undecided"]
    assert outcome == pytest.approx(1.0, abs=1e-9)
    assert sum(row[2] for row in data["losses"]) == pytest.approx(1.0, abs=1e-9)
    assert data["stalemate"] <= data["draw"]


def test_seed_example_human_summary_and_simulation(tmp_path):
    path = EXAMPLES / "mediumluck-seed-example.toml"
    proc = run("odds", str(path), tmp_path=tmp_path)
    assert proc.returncode == 0 and "Worked example from the designer" in proc.stdout
    assert "attacker wins" in proc.stdout
    # the band tables were cached on disk for the next start
    assert (tmp_path / "cache" / "mediumluck-bands-v1.json").is_file()
    exact = json.loads(run("odds", str(path), "--json", tmp_path=tmp_path).stdout)
    sim = run("odds", str(path), "--json", "--method", "simulate", "--trials", "4000",
              "--seed", "2", tmp_path=tmp_path)
    assert sim.returncode == 0, sim.stderr
    sim = json.loads(sim.stdout)
    assert list(sim) == KEYS
    p = exact["attacker_wins"]
    assert abs(sim["attacker_wins"] - p) < 5 * (p * (1 - p) / 4000) ** 0.5


@pytest.mark.parametrize("text,words", [
    ('ruleset = "mediumluck"\ntitle = "x"\n[attacker.bands.yellow]\nroll = { tank = 3 }\n'
     '[defender]\nidle = { tank = 1 }\n', "attacker.bands.yellow.roll.tank"),
    ('ruleset = "mediumluck"\ntitle = "x"\n[attacker.bands.red\n', "not valid TOML"),
    ('ruleset = "mediumluck"\ntitle = "x"\n[options]\nchart = "missing.toml"\n'
     '[attacker]\nidle = { tank = 1 }\n[defender]\nidle = { tank = 1 }\n', "not found"),
])
def test_bad_files_exit_2_with_one_clear_line(text, words, tmp_path):
    path = tmp_path / "bad.toml"
    path.write_text(text)
    proc = run("odds", str(path), "--json", tmp_path=tmp_path)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert words in proc.stderr and "bad.toml" in proc.stderr
    assert "Traceback" not in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1


def test_corrupt_cache_file_does_not_break_the_cli(tmp_path):
    cache = tmp_path / "cache"
    cache.mkdir()
    for f in ("mediumluck-bands-v1.json",):
        (cache / f).write_text("{garbage")
    proc = run("odds", str(EXAMPLES / "mediumluck-seed-example.toml"), "--json", tmp_path=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert json.loads((cache / "mediumluck-bands-v1.json").read_text())["version"] == 1
