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
        "expected_rounds", "losses",
        # the figures A&A players decide by (README: "odds --json")
        "retreated", "attacker_ipc_lost", "defender_ipc_lost", "expected_ipc_swing", "ipc_swing",
        "takes_territory", "survivors", "profiles"]


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


def test_advise_json_and_summary(tmp_path):
    import json
    from combatassist.cli import main
    path = tmp_path / "battle.toml"
    path.write_text('ruleset = "mediumluck"\n[attacker.bands.white]\nroll = { infantry = 2 }\n'
                    '[attacker]\nidle = { artillery = 1 }\n[defender.bands.white]\n'
                    'roll = { infantry = 3 }\n', encoding="utf-8")
    import contextlib
    import io
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["advise", str(path), "--side", "attacker", "--json"]) == 0
    data = json.loads(out.getvalue())
    assert data["side"] == "attacker" and data["exhaustive"] is True
    assert data["compared"] == 6            # 2 infantry over 2 places x 1 artillery over 2
    best = data["suggestions"][0]
    assert best["bands"]["white"] == {"roll": {"infantry": 2}, "boost": {"artillery": 1}}
    assert best["idle"] == {}
    assert sum(best[k] for k in ("attacker_wins", "defender_wins", "draw")) == pytest.approx(1)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["advise", str(path), "--side", "defender", "--budget", "50"]) == 0
    assert "best assignments for the defender" in out.getvalue()


@pytest.mark.parametrize("args,message", [
    (["--side", "attacker", "--budget", "-1"], "--budget"),
    (["--side", "attacker", "--budget", "soon"], "--budget"),
    (["--side", "attacker", "--budget", "0.5"], "--budget"),
    (["--side", "attacker", "--budget", "20001"], "1 to 20,000 evaluations"),
    (["--side", "north"], "--side"),
])
def test_advise_bad_input_is_one_line(tmp_path, capsys, args, message):
    from combatassist.cli import main
    path = tmp_path / "battle.toml"
    path.write_text('ruleset = "mediumluck"\n[attacker]\nidle = { infantry = 1 }\n'
                    '[defender]\nidle = { infantry = 1 }\n', encoding="utf-8")
    assert main(["advise", str(path), *args]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_advise_refuses_other_rulesets(tmp_path, capsys):
    from combatassist.cli import main
    path = tmp_path / "ll.toml"
    path.write_text('ruleset = "lowluck"\n[attacker]\nunits = { infantry = 1 }\n'
                    '[defender]\nunits = { infantry = 1 }\n',
                    encoding="utf-8")
    assert main(["advise", str(path), "--side", "attacker"]) == 2
    assert "advise works on mediumluck scenarios" in capsys.readouterr().err


def test_large_benchmark_battle_answered(tmp_path):
    """25 v 25 in 4 bands: the chain solver's estimate refused it, the grid that computes it
    answers in well under a second (tests/benchmarks/bench_mediumluck.py "large")."""
    from tests.engine.test_work_bounds import MEDIUMLUCK_LARGE

    path = tmp_path / "large.toml"
    path.write_text(MEDIUMLUCK_LARGE, encoding="utf-8")
    proc = run("odds", str(path), "--json", tmp_path=tmp_path)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert data["attacker_wins"] + data["defender_wins"] + data["draw"] == \
        pytest.approx(1.0, abs=1e-9)
    assert 0.01 < data["attacker_wins"] < 0.99
