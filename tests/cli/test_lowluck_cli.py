"""The command line contract (docs/scenario-format.md) for Low Luck, SBR, tech, and bad input."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from combatassist.cli import main
from combatassist.data import examples_dir
from combatassist.scenario import load_scenario, parse_scenario_text, save_scenario

EXAMPLES = examples_dir()
KEYS = ["ruleset", "attacker_wins", "defender_wins", "draw", "undecided", "stalemate", "pruned",
        "expected_rounds", "losses"]


def run(args, capsys):
    code = main(args)
    out = capsys.readouterr()
    return code, out.out, out.err


def test_finland_json_contract(capsys):
    code, out, err = run(["odds", str(EXAMPLES / "lowluck-finland.toml"), "--json"], capsys)
    assert code == 0 and err == ""
    data = json.loads(out)
    assert list(data) == KEYS
    outcome = data["attacker_wins"] + data["defender_wins"] + data["draw"] + data["undecided"]
    assert outcome == pytest.approx(1.0)
    assert sum(p for _, _, p in data["losses"]) == pytest.approx(1.0)
    assert all(isinstance(a, int) and isinstance(d, int) for a, d, _ in data["losses"])


def test_simulate_gives_same_keys(capsys):
    code, out, _ = run(["odds", str(EXAMPLES / "lowluck-finland.toml"), "--json", "--method",
                        "simulate", "--trials", "2000", "--seed", "3"], capsys)
    assert code == 0
    assert list(json.loads(out)) == KEYS
    # seeded: the same seed gives the same answer
    _, again, _ = run(["odds", str(EXAMPLES / "lowluck-finland.toml"), "--json", "--method",
                       "simulate", "--trials", "2000", "--seed", "3"], capsys)
    assert again == out


def test_human_summary(capsys):
    code, out, _ = run(["odds", str(EXAMPLES / "lowluck-finland.toml")], capsys)
    assert code == 0
    assert "attacker wins" in out and "Finland" in out and "{" not in out


def test_tech_and_sbr_json(capsys):
    code, out, _ = run(["tech", "air", "--invest", "18,18,18,18", "--attempt-at", "72",
                        "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and list(data) == ["branch", "rounds", "expected_invested", "p_have"]
    assert data["p_have"]["heavy_bombers"][3] == pytest.approx(5 / 6)
    assert set(data["p_have"]) == {"jet_power", "long_range_aircraft", "heavy_bombers"}
    code, out, _ = run(["tech", "it", "--invest", "12,12", "--attempt-at", "24", "--json"],
                       capsys)
    assert set(json.loads(out)["p_have"]) == {"super_subs", "rockets", "industrial_technology"}
    code, out, _ = run(["sbr", "--bombers", "3", "--aa", "--extra-aa", "1", "--variant", "B",
                        "--heavy-bombers", "--json"], capsys)
    data = json.loads(out)
    assert code == 0 and list(data) == ["defender_loss", "attacker_cost", "bombers_lost",
                                        "expected_defender_loss", "expected_attacker_cost"]
    assert sum(p for _, p in data["defender_loss"]) == pytest.approx(1.0)


BAD_FILES = {
    "syntax": ('ruleset = "lowluck"\n[attacker\nunits = {}\n', "not valid TOML", "line 2"),
    "ruleset": ('ruleset = "chess"\n', "unknown ruleset", "ruleset"),
    "unit": ('ruleset = "lowluck"\n[attacker]\nunits = { dragon = 2 }\n', "unknown unit",
             "attacker.units.dragon"),
    "negative": ('ruleset = "lowluck"\n[attacker]\nunits = { infantry = -3 }\n',
                 "at least 0", "line 3"),
    "fraction": ('ruleset = "lowluck"\n[attacker]\nunits = { infantry = 2.5 }\n',
                 "whole number", "attacker.units.infantry"),
    "huge": ('ruleset = "lowluck"\n[attacker]\nunits = { infantry = 100000000 }\n',
             "at most 100", "attacker.units.infantry"),
    "unknown_field": ('ruleset = "lowluck"\n[options]\nluck = "high"\n', "unknown field",
                      "options.luck"),
    "sea_in_land": ('ruleset = "lowluck"\n[defender]\nunits = { battleship = 1 }\n',
                    "can't fight in a land battle", "defender.units.battleship"),
    "bad_choice": ('ruleset = "lowluck"\n[options]\ndice = "loaded"\n', "unknown value",
                   "options.dice"),
    "bad_tech": ('ruleset = "lowluck"\n[attacker]\ntechs = ["rockets"]\n', "unknown tech",
                 "attacker.techs"),
}


@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_bad_files_give_one_clear_message(case, tmp_path, capsys):
    text, message, where = BAD_FILES[case]
    path = tmp_path / f"{case}.toml"
    path.write_text(text)
    code, out, err = run(["odds", str(path)], capsys)
    assert code == 2 and out == ""
    assert err.count("\n") == 1, err           # one line
    assert "Traceback" not in err
    assert message in err and where in err and str(path) in err


def test_binary_garbage_and_missing_file(tmp_path, capsys):
    garbage = tmp_path / "garbage.toml"
    garbage.write_bytes(bytes(range(256)) * 4)
    code, _, err = run(["odds", str(garbage)], capsys)
    assert code == 2 and "binary" in err
    code, _, err = run(["odds", str(tmp_path / "nope.toml")], capsys)
    assert code == 2 and "file not found" in err
    code, _, err = run(["odds", str(tmp_path)], capsys)
    assert code == 2 and "folder" in err


def test_bad_command_line_exits_2(capsys):
    assert run(["tech", "air", "--invest", "x", "--attempt-at", "72"], capsys)[0] == 2
    assert run(["sbr", "--bombers", "-1"], capsys)[0] == 2
    code, _, err = run(["tech", "air", "--invest", "30", "--attempt-at", "36"], capsys)
    assert code == 2 and "at most 18" in err
    assert run(["odds", str(EXAMPLES / "lowluck-finland.toml"), "--trials", "0",
                "--method", "simulate"], capsys)[0] == 2


def test_round_trip_and_atomic_save(tmp_path):
    scenario = load_scenario(EXAMPLES / "lowluck-finland.toml")
    path = tmp_path / "out.toml"
    save_scenario(scenario, path)
    again = load_scenario(path)
    assert again == scenario
    assert [p.name for p in tmp_path.iterdir()] == ["out.toml"]   # no temp files left
    text = ('ruleset = "lowluck"\n[options]\nbattle = "sea"\nsubmarine_first_strike = false\n'
            '[attacker]\nunits = { submarine = 2, fighter = 1 }\n'
            'order_of_loss = ["fighter", "submarine"]\ntechs = ["super_subs"]\n'
            '[defender]\nunits = { transport = 2 }\n')
    s = parse_scenario_text(text)
    assert parse_scenario_text(s.to_toml()) == s


def test_console_script_installed():
    """The `combatassist` entry point runs (installed by pip into the environment)."""
    exe = Path(sys.executable).with_name("combatassist")
    proc = subprocess.run([str(exe), "odds", str(EXAMPLES / "lowluck-finland.toml"), "--json"],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["ruleset"] == "lowluck"
