"""`combatassist odds` on DS2 scenarios: the JSON contract, simulation, bad files exit 2."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from combatassist.cli import main
from combatassist.data import example_path

EXAMPLE = example_path("ds2-hvc-vs-mbt.toml")
KEYS = ["ruleset", "p_hit", "p_kill", "p_special", "p_mobility", "p_systems_down", "p_damage",
        "p_no_effect", "figure_of_merit"]
IAVR = """\
ruleset = "ds2"
title = "IAVR vs reactive"
[weapon]
family = "iavr"
range = "close"
[target]
kind = "vehicle"
armour = 2
armour_type = "reactive"
"""


def run(capsys, *args):
    code = main(["odds", *map(str, args)])
    out, err = capsys.readouterr()
    return code, out, err


def test_example_through_the_installed_command():
    exe = Path(sys.executable).parent / "combatassist"
    proc = subprocess.run([str(exe), "odds", str(EXAMPLE), "--json"],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    assert list(data) == KEYS and data["ruleset"] == "ds2"
    # HVC/3 close: D10 x 3 against 1d8 x 3 kills when the impact die beats the armour die:
    # sum over i of #{j < i} = 0+1+...+7 + 8 + 8 = 44 of 80; a 10 always kills, no special.
    assert data["p_kill"] == pytest.approx(44 / 80)
    assert data["p_special"] == 0 and data["p_hit"] == 1
    assert data["p_no_effect"] == pytest.approx(36 / 80)


def test_json_and_human_output(tmp_path, capsys):
    path = tmp_path / "iavr.toml"
    path.write_text(IAVR)
    code, out, err = run(capsys, path, "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert list(data) == KEYS and data["p_hit"] == 0.75
    assert data["p_kill"] + data["p_special"] + data["p_no_effect"] == pytest.approx(1)
    assert data["figure_of_merit"] == pytest.approx(data["p_kill"] + data["p_special"] / 2)
    code, out, _ = run(capsys, path)
    assert code == 0 and "IAVR vs reactive" in out and "D6 x 3" in out and "kill" in out


def test_simulate_gives_the_same_keys_near_exact(tmp_path, capsys):
    path = tmp_path / "iavr.toml"
    path.write_text(IAVR)
    _, out, _ = run(capsys, path, "--json")
    exact = json.loads(out)
    code, out, _ = run(capsys, path, "--json", "--method", "simulate", "--trials", 20000,
                       "--seed", 3)
    sim = json.loads(out)
    assert code == 0 and list(sim) == KEYS
    for key in KEYS[1:-1]:
        p = exact[key]
        assert abs(sim[key] - p) <= 5 * (p * (1 - p) / 20000) ** 0.5 + 1e-12, key
    _, again, _ = run(capsys, path, "--json", "--method", "simulate", "--trials", 20000,
                      "--seed", 3)
    assert json.loads(again) == sim


@pytest.mark.parametrize("body,needles", [
    (IAVR.replace('range = "close"', 'range = "close"\nsize = 5'),
     ["field 'weapon.size'", "always size class 3", "line 6"]),
    (IAVR.replace('"iavr"', '"phaser"'), ["field 'weapon.family'", "unknown value", "line 4"]),
    (IAVR.replace("armour = 2", "armour = 7"), ["field 'target.armour'", "0-5"]),
    (IAVR.replace('kind = "vehicle"', 'kind = "tank"'), ["field 'target.kind'"]),
    (IAVR.replace("armour = 2", "armour = 2\nthickness = 3"), ["target.thickness",
                                                              "unknown field"]),
    (IAVR + "cover = \"bunker\"\n", ["target.cover", "dug_in"]),
    ("ruleset = \"ds2\"\n[weapon\n", ["not valid TOML"]),
])
def test_bad_files_exit_2_with_one_clear_line(tmp_path, capsys, body, needles):
    path = tmp_path / "bad.toml"
    path.write_text(body)
    code, out, err = run(capsys, path, "--json")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("combatassist: error: ")
    assert str(path) in err
    for needle in needles:
        assert needle in err
    assert "Traceback" not in err
