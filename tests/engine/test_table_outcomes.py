"""Issue 25, item 6: the table side states a battle's odds in the words of the ruleset's odds
view — every ruleset names each of its outcomes (``outcome_name``), and a DS2 shot at
the table gives the Odds tab's kill / special damage / no effect."""
from __future__ import annotations

import math
import tomllib

import pytest

from combatassist import rulesets
from combatassist.result import BattleResult
from combatassist.scenario import scenario_to_toml
from combatassist.table import TableBattle, rules_from_scenario


def start_odds(ruleset):
    text = scenario_to_toml(ruleset.default_scenario())
    rules, name = rules_from_scenario(text)
    return TableBattle(rules, scenario_text=text, ruleset=name).odds_from_here()


@pytest.mark.parametrize("name", rulesets.names())
def test_every_outcome_has_a_name_and_the_shares_add_up(name):
    ruleset = rulesets.get(name)
    exact = ruleset.exact(ruleset.default_scenario().body)     # what the table starts with
    shares = ruleset.table_outcomes(exact if isinstance(exact, BattleResult) else
                                    start_odds(ruleset))
    assert [key for key, _ in shares] == list(ruleset.outcome_ids)
    for key in ruleset.outcome_ids:
        assert ruleset.outcome_name(key) != key.replace("_", " ")        # a real name
    assert math.fsum(p for _, p in shares) == pytest.approx(1.0, abs=1e-9)


def test_a_shot_at_the_table_has_the_odds_tabs_three_outcomes():
    ds2 = rulesets.get("ds2")
    tab = ds2.exact(ds2.default_scenario().body)
    shares = dict(ds2.table_outcomes(start_odds(ds2)))
    assert shares["kill"] == pytest.approx(tab.p_kill, abs=1e-12)
    assert shares["special"] == pytest.approx(tab.p_special, abs=1e-12)
    assert shares["no_effect"] == pytest.approx(tab.p_no_effect, abs=1e-12)
    assert [ds2.outcome_name(k) for k in ds2.outcome_ids] == \
        ["Kill", "Special damage", "No effect"]
    assert not ds2.table_losses


#: Options that make the Odds tab's battle differ from the one fought at the table, where the
#: players decide when to stop (a round limit, the attacker's retreat rules): left out here.
PLAYERS_DECIDE = ("max_rounds", "retreat_after", "retreat_when_units", "retreat_below",
                  "retreat", "retreat_when_only_air")


def _table_examples():
    from combatassist.data import examples_dir
    from combatassist.scenario import load_scenario

    for path in sorted(examples_dir().glob("*.toml")):
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
        options = doc.get("options", {})
        # an attack in waves: the table fights its first battle (the Odds tab all of them)
        waves = doc.get("attacker", {}).get("waves")
        if not waves and not any(options.get(key) for key in PLAYERS_DECIDE):
            yield pytest.param(load_scenario(path), id=path.stem)


@pytest.mark.parametrize("scenario", list(_table_examples()))
def test_the_table_starts_from_the_odds_tabs_figures(scenario):
    """``TableBattle.odds_from_here`` before any dice is the ruleset's ``exact`` of the set-up,
    for every shipped example. AGC's rules roll every unit's dice in one phase: the generic
    solver refused its own example ("57,330,892,800 dice combinations are too many to
    enumerate"), which only the GUI worked around (found by the table-side random probe)."""
    ruleset = rulesets.get(scenario.ruleset)
    text = scenario_to_toml(scenario)
    rules, name = rules_from_scenario(text)
    table = TableBattle(rules, scenario_text=text, ruleset=name).odds_from_here()
    exact = ruleset.exact(scenario.body)
    if not isinstance(exact, BattleResult):        # a DS2 shot: the test above
        return
    assert [p for _, p in ruleset.table_outcomes(table)] == pytest.approx(
        [p for _, p in ruleset.table_outcomes(exact)], abs=1e-9)
