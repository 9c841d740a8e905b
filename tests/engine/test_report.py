"""Copied results and CSV exports carry the title, the forces and the options
(combatassist.report)."""
from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest

from combatassist import report
from combatassist.rulesets import lowluck, mediumluck
from combatassist.scenario import Scenario, parse_scenario_text

LOWLUCK = """
ruleset = "lowluck"
title = "Karelia, turn 2"
[options]
aa_gun = true
retreat_below = 0.3
[attacker]
units = { infantry = 4, armor = 2, fighter = 2 }
[defender]
units = { infantry = 5, armor = 1, fighter = 1 }
"""


def test_copy_text_names_what_was_computed_and_the_figures():
    scenario = parse_scenario_text(LOWLUCK)
    result = lowluck.compute(scenario.body)
    text = report.copy_text(scenario, result)
    lines = text.splitlines()
    assert lines[0] == "Karelia, turn 2"
    assert "Attacker: 4 Infantry + 2 Armor + 2 Fighter" in lines
    assert "Defender: 5 Infantry + 1 Armor + 1 Fighter" in lines
    options = next(line for line in lines if line.startswith("Options: "))
    assert "AA gun: yes" in options and "retreat below win chance: 0.3" in options
    assert "_" not in options
    assert f"attacker wins {100 * result.attacker_wins:8.2f}%" in text
    assert "expected IPC swing" in text and "takes the territory" in text
    assert f"attacker retreated {100 * result.retreated:.2f}%" in text
    ends = [line for line in lines if line.startswith("    ") and "| defender" in line]
    assert len(ends) == min(report.COPY_PROFILES, len(result.figures.profiles))
    assert "{" not in text                      # plain text, not a data structure


def test_copy_text_with_a_baseline_compares():
    scenario = parse_scenario_text(LOWLUCK)
    result = lowluck.compute(scenario.body)
    base = lowluck.compute(parse_scenario_text(LOWLUCK.replace("retreat_below = 0.3", "")).body)
    text = report.copy_text(scenario, result, base)
    assert "Compared with the pinned baseline:" in text
    assert f"{100 * base.attacker_wins:.2f}% -> {100 * result.attacker_wins:.2f}%" in text


def test_csv_carries_heading_and_figures():
    scenario = mediumluck.default_scenario()
    result = mediumluck.compute(scenario.body)
    rows = list(csv.reader(io.StringIO(report.csv_text(scenario, [("current", result)]))))
    assert rows[0] == ["title", "Worked example from the designer"]
    assert rows[1] == ["ruleset", "mediumluck"]
    assert rows[2][0] == "attacker" and "Red: 3 Tank (roll), 1 Mech infantry (boost)" in rows[2][1]
    assert ["option", "defender rolls an extra white die", "no"] in rows
    keyed = {row[0]: row[1:] for row in rows if row}
    assert float(keyed["attacker_wins"][0]) == result.attacker_wins
    assert float(keyed["expected_ipc_swing"][0]) == result.figures.expected_ipc_swing
    start = rows.index(["profile_attacker", "profile_defender", "probability"])
    assert float(rows[start + 1][2]) == result.figures.profiles[0]["p"]


def test_csv_without_figures_or_scenario_still_works():
    from combatassist.rulesets import agc
    scenario: Scenario = parse_scenario_text(
        'ruleset = "agc"\nterrain = "forest"\n[attacker]\nunits = { infantry = 3 }\n'
        '[defender]\nunits = { infantry = 2 }\n')
    result = agc.compute(scenario.body)
    text = report.csv_text(scenario, [("current", result)])
    assert text.startswith("title,") and "ipc" not in text
    assert report.csv_text(None, [("current", result)]).startswith("result,current,agc")


def test_csv_probabilities_never_show_rounding_noise_outside_0_to_1():
    scenario = parse_scenario_text(LOWLUCK)
    result = lowluck.compute(scenario.body)
    a, d, p = result.losses[0]
    result.losses[0] = (a, d, -2.2e-16)
    result.decided_by_round[0] = 1 + 2e-16
    rows = list(csv.reader(io.StringIO(report.csv_text(scenario, [("current", result)]))))
    at = rows.index(["attacker_lost", "defender_lost", "probability"])
    assert rows[at + 1] == [str(a), str(d), "0.0"]
    at = rows.index(["round", "p_decided_by_round"])
    assert rows[at + 1] == ["1", "1.0"]


def test_the_heading_speaks_the_forms_words():
    from combatassist.rulesets import lowluck as ll
    scenario = ll.RULESET.default_scenario()
    options = str(report.heading_lines(scenario)[-1])
    assert options == ("Options: rounds: to the end, dice: Low luck, battle: Land battle, "
                       "submarines strike first: yes, AA gun: no, attacker keeps a land unit: no")


@pytest.mark.parametrize("example", sorted((Path(__file__).parents[2] / "examples").glob("*.toml")),
                         ids=lambda p: p.stem)
def test_the_forces_of_every_example_are_in_words(example):
    """Exports name units and their parts in words, never a file's ids ('wall_defense',
    'order_of_loss'): every example's forces, of every ruleset."""
    from combatassist.scenario import load_scenario

    for side, text in report.forces(load_scenario(example)).items():
        assert "_" not in text, (side, text)


def test_exports_name_units_by_their_display_names():
    """Copied text and CSV say 'Mech infantry' (the edition's display name, as the forms do),
    never an id in words ('mech infantry'): the forces, the likely ends, the survivors."""
    scenario = parse_scenario_text(
        'ruleset = "lowluck"\n[options]\nedition = "1940se"\n'
        '[attacker]\nunits = { mech_infantry = 2, tactical_bomber = 1 }\n'
        '[defender]\nunits = { infantry = 2, aa_gun = 1 }\n')
    result = lowluck.compute(scenario.body)
    text = report.copy_text(scenario, result)
    assert "Attacker: 2 Mech infantry + 1 Tactical bomber" in text.splitlines()
    assert "Defender: 2 Infantry + 1 AA gun" in text.splitlines()
    ends = [line for line in text.splitlines() if "| defender" in line]
    assert ends and all("Mech infantry" in line or "nothing" in line for line in ends)
    assert "mech infantry" not in text and "aa gun" not in text.replace("AA gun", "")
    rows = list(csv.reader(io.StringIO(report.csv_text(scenario, [("current", result)]))))
    assert ["attacker", "2 Mech infantry + 1 Tactical bomber"] in rows
    start = rows.index(["side", "unit", "expected_survivors"])
    assert rows[start + 1][:2] == ["attacker", "Mech infantry"]
    profiles = rows.index(["profile_attacker", "profile_defender", "probability"])
    assert "Mech infantry" in rows[profiles + 1][0] + rows[profiles + 2][0]
    assert "mech infantry" not in report.csv_text(scenario, [("current", result)])


def test_the_parts_of_a_side_are_named_as_the_forms_name_them():
    """Bands, stances, walls and terrain by their display names too (Medium Luck, Ur)."""
    from combatassist.scenario import load_scenario

    examples = Path(__file__).parents[2] / "examples"
    ur = report.forces(load_scenario(examples / "ur-outer-wall.toml"))
    assert ur["attacker"] == "stance: Attack; 2 Infantry, Cavalry, Undead"
    assert ur["defender"].startswith("stance: Defend; Wall defense, Archers, Infantry; wall: ")
    woods = report.forces(load_scenario(examples / "ur-woods.toml"))
    assert woods["defender"] == "stance: Defend; Infantry; terrain: Wood"
    sea = report.forces(load_scenario(examples / "mediumluck-sea.toml"))
    assert sea["defender"] == "Blue: 5 Submarine (roll); idle: 2 Transport"
