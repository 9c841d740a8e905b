"""Issue 27: the inputs a fuzz run found that still broke the command line.

Each one ran into a traceback (a number too long to echo, a float overflow, a file name too
long, an ordinary Low Luck set-up the simulator could not play) or was accepted though the
README refuses it. Every case: exit 2 and one line, or a correct answer.
"""
from __future__ import annotations

import json

import pytest

from combatassist.cli import main
from combatassist.data import resource_path
from combatassist.errors import shown
from combatassist.reader import MAX_WHOLE_NUMBER
from combatassist.rulesets.mediumluck.chart import DEFAULT_CHART
from combatassist.rulesets.ur.scenario import max_retreat_at_steps
from tests.cli.test_hostile_input import refuse, write

HEX = "0x" + "f" * 6000           # 7,224 decimal digits: Python won't turn it into text
OCT = "0o" + "7" * 6000
BIN = "0b" + "1" * 15000
DS2 = ('ruleset = "ds2"\n[weapon]\nfamily = "hvc"\nsize = 3\nrange = "close"\n'
       '[target]\nkind = "vehicle"\narmour = 3\n')
UR = ('ruleset = "ur"\n[attacker]\nstance = "attack"\nunits = [ { type = "infantry" } ]\n'
      '[defender]\nstance = "defend"\nunits = [ { type = "infantry" } ]\n')
ML = ('ruleset = "mediumluck"\n[options]\ndie = 6\n[attacker.bands.red]\nroll = { tank = 3 }\n'
      '[defender.bands.red]\nroll = { tank = 2 }\n')


# -- integers too long to echo ---------------------------------------------------------------
@pytest.mark.parametrize("number", [HEX, OCT, BIN])
@pytest.mark.parametrize("text, old", [
    (DS2, "size = 3"), (DS2, "armour = 3"),
    (UR, 'type = "infantry" } ]\n[defender]'),          # a unit's steps
    (UR, 'stance = "defend"'),                          # a wall's damage
    (UR, 'stance = "attack"'),                          # retreat_at_steps
    (ML, "die = 6"), (ML, "tank = 3"),
])
def test_long_integers_in_any_notation_are_one_line(tmp_path, capsys, number, text, old):
    new = {"size = 3": f"size = {number}", "armour = 3": f"armour = {number}",
           'type = "infantry" } ]\n[defender]':
               f'type = "infantry", steps = {number} }} ]\n[defender]',
           'stance = "defend"': f'stance = "defend"\nwall = {{ damage = {number} }}',
           'stance = "attack"': f'stance = "attack"\nretreat_at_steps = {number}',
           "die = 6": f"die = {number}", "tank = 3": f"tank = {number}"}[old]
    err = refuse(["odds", write(tmp_path, text.replace(old, new, 1))], capsys)
    assert "digits" in err or "at most" in err


@pytest.mark.parametrize("field", ["format", "max_dice"])
def test_a_chart_with_a_long_integer_is_one_line(tmp_path, capsys, field):
    chart = resource_path(*DEFAULT_CHART).read_text(encoding="utf-8")
    chart = chart.replace("format = 1", f"format = {HEX}" if field == "format" else "format = 1")
    chart = chart.replace("max_dice = 6", f"max_dice = {HEX}" if field == "max_dice"
                          else "max_dice = 6")
    write(tmp_path, chart, "chart.toml")
    err = refuse(["odds", write(tmp_path, ML.replace("die = 6", 'chart = "chart.toml"'))],
                 capsys)
    assert f"'{field}'" in err and "chart.toml" in err


def test_every_integer_leaving_the_reader_can_be_written_out(tmp_path, capsys):
    # a field with no maximum of its own (DS2's size is checked against its family later)
    err = refuse(["odds", write(tmp_path, DS2.replace("size = 3", f"size = {MAX_WHOLE_NUMBER + 1}"))],
                 capsys)
    assert "weapon.size" in err and "too large" in err
    err = refuse(["odds", write(tmp_path, DS2.replace("size = 3", f"size = {MAX_WHOLE_NUMBER}"))],
                 capsys)
    assert "size class must be" in err


def test_the_safe_formatter_shortens_numbers_in_every_notation():
    assert shown(int(HEX, 16)) == "a number with 7,225 digits"
    assert shown(-int(BIN, 2)).startswith("-a number with 4,516 digits")
    assert shown(10 ** 59) == "1" + "0" * 59


# -- a float overflow ------------------------------------------------------------------------
@pytest.mark.parametrize("value", ["9" * 40, "9" * 400, "0x" + "f" * 300, "1e400", "-1e400"])
def test_a_huge_p_hit_is_one_line(tmp_path, capsys, value):
    err = refuse(["odds", write(tmp_path, DS2.replace('range = "close"',
                                                      f'range = "close"\np_hit = {value}'))],
                 capsys)
    assert "weapon.p_hit" in err


@pytest.mark.parametrize("value", ["9" * 400, "0x" + "f" * 300])
def test_a_huge_retreat_below_is_one_line(tmp_path, capsys, value):
    err = refuse(["odds", write(tmp_path, ML.replace("die = 6", f"retreat_below = {value}"))],
                 capsys)
    assert "retreat_below" in err


# -- a chart name too long for the file system -----------------------------------------------
@pytest.mark.parametrize("name", ["c" * 5000 + ".toml", ("d" * 200 + "/") * 30 + "c.toml",
                                  "c\x00.toml"])
def test_a_chart_name_too_long_is_one_line(tmp_path, capsys, name):
    err = refuse(["odds", write(tmp_path, ML.replace("die = 6", f"chart = {json.dumps(name)}"))],
                 capsys)
    assert "options.chart" in err


@pytest.mark.parametrize("name", ["e" * 5000 + ".toml", ("d" * 200 + "/") * 30 + "e.toml",
                                  "e\x00.toml", "~nosuchuser_here/e.toml"])
def test_an_edition_file_name_the_system_refuses_is_one_line(tmp_path, capsys, name):
    """A player's edition file is found as a chart is (files.named_file): the same bounds."""
    text = (f'ruleset = "lowluck"\n[options]\nedition = {json.dumps(name)}\n'
            '[attacker]\nunits = { infantry = 1 }\n')
    err = refuse(["odds", write(tmp_path, text)], capsys)
    assert "options.edition" in err


# -- Low Luck: an AA gun with no attacking aircraft ------------------------------------------
@pytest.mark.parametrize("dice", ["lowluck", "standard"])
def test_an_aa_gun_without_aircraft_simulates(tmp_path, capsys, dice):
    text = (f'ruleset = "lowluck"\n[options]\naa_gun = true\ndice = "{dice}"\n'
            '[attacker]\nunits = { infantry = 3, armor = 3 }\n'
            '[defender]\nunits = { infantry = 3 }\n')
    path = write(tmp_path, text)
    assert main(["odds", str(path), "--json"]) == 0
    exact = json.loads(capsys.readouterr().out)
    assert main(["odds", str(path), "--json", "--method", "simulate", "--trials", "20000"]) == 0
    simulated = json.loads(capsys.readouterr().out)
    # the gun has nothing to shoot at: the simulation plays the same battle as exact odds
    assert simulated["attacker_wins"] == pytest.approx(exact["attacker_wins"], abs=0.015)


# -- invalid values that were accepted -------------------------------------------------------
def test_ur_max_rounds_is_at_most_1000(tmp_path, capsys):
    options = "[options]\nmax_rounds = {}\n"
    path = write(tmp_path, UR + options.format(1000))
    assert main(["odds", str(path), "--json"]) == 0, capsys.readouterr().err
    capsys.readouterr()
    err = refuse(["odds", write(tmp_path, UR + options.format(1001))], capsys)
    assert "options.max_rounds" in err and "at most 1000" in err


@pytest.mark.parametrize("value", [HEX, str(max_retreat_at_steps() + 1), "10_000"])
def test_ur_retreat_at_steps_is_bounded(tmp_path, capsys, value):
    err = refuse(["odds", write(tmp_path, UR.replace('stance = "attack"',
                                                     f'stance = "attack"\nretreat_at_steps = {value}'))],
                 capsys)
    assert "attacker.retreat_at_steps" in err


def test_ur_retreat_at_steps_at_its_limit_is_read(tmp_path, capsys):
    path = write(tmp_path, UR.replace('stance = "attack"',
                                      f'stance = "attack"\nretreat_at_steps = {max_retreat_at_steps()}'))
    assert main(["odds", str(path), "--json"]) == 0, capsys.readouterr().err
    assert json.loads(capsys.readouterr().out)["ruleset"] == "ur"


@pytest.mark.parametrize("value", ["3", "1", "0", '"true"', "1.0", "[]", "{}", "1979-05-27", HEX])
def test_a_charts_defender_extra_die_must_be_true_or_false(tmp_path, capsys, value):
    chart = resource_path(*DEFAULT_CHART).read_text(encoding="utf-8")
    assert "defender_extra_die = true" in chart
    write(tmp_path, chart.replace("defender_extra_die = true", f"defender_extra_die = {value}"),
          "chart.toml")
    err = refuse(["odds", write(tmp_path, ML.replace("die = 6", 'chart = "chart.toml"'))],
                 capsys)
    assert "defender_extra_die" in err and "true or false" in err
