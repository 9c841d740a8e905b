"""Copied results and CSV exports carry the title, the forces and the options
(combatassist.report)."""
from __future__ import annotations

import csv
import io

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
    assert "Attacker: 4 infantry + 2 armor + 2 fighter" in lines
    assert "Defender: 5 infantry + 1 armor + 1 fighter" in lines
    options = next(line for line in lines if line.startswith("Options: "))
    assert "aa_gun yes" in options and "retreat_below 0.3" in options
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
    assert rows[2][0] == "attacker" and "3 tank (roll)" in rows[2][1]
    assert ["option", "defender_extra_white", "False"] in rows
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
