"""Issue 20, case 7: every computation has an announced bound (``combatassist.limits``):
it finishes within MAX_SECONDS or is refused at once, naming the limit and what to change."""
from __future__ import annotations

import pytest

from combatassist import limits
from combatassist.distribution import Dist
from combatassist.errors import EngineError
from combatassist.ruleset import compute as ruleset_compute
from combatassist.rulesets import get, lowluck
from combatassist.rulesets.lowluck import sbr
from combatassist.scenario import parse_scenario_text
from combatassist.solver import simulate, solve
from tests.engine.test_table import Skirmish

LOWLUCK_SEA_150 = """ruleset = "lowluck"
[options]
dice = "standard"
battle = "sea"
[attacker]
units = { battleship = 50, submarine = 50, fighter = 50 }
[defender]
units = { battleship = 50, carrier = 50, submarine = 50 }
"""
MEDIUMLUCK_200 = """ruleset = "mediumluck"
[attacker.bands.red]
roll = { tank = 50 }
boost = { mech_infantry = 20 }
[attacker.bands.white]
roll = { infantry = 80 }
boost = { artillery = 30, fighter = 20 }
[defender.bands.red]
roll = { tank = 60 }
[defender.bands.white]
roll = { infantry = 100 }
boost = { artillery = 40 }
"""
LOWLUCK_LAND_150 = """ruleset = "lowluck"
[options]
dice = "standard"
max_rounds = 1000
[attacker]
units = { infantry = 50, armor = 50, fighter = 50 }
[defender]
units = { infantry = 100, armor = 50 }
"""


def compute(text, **kwargs):
    scenario = parse_scenario_text(text)
    return ruleset_compute(get(scenario.ruleset), scenario.body, **kwargs)


def refused_at_once(text, **kwargs) -> str:
    """The refusal's message; it must be one the limits built (``limits.*_refusal``: an
    estimate made before the work, or a count made during it, beyond its limit) -- the work
    is asserted, never the time."""
    built = []
    with pytest.MonkeyPatch.context() as patch:
        for name in ("exact_refusal", "simulation_refusal"):
            def refusal(*args, _real=getattr(limits, name), **kw):
                built.append(_real(*args, **kw))
                return built[-1]
            patch.setattr(limits, name, refusal)
        with pytest.raises(EngineError) as info:
            compute(text, **kwargs)
    assert info.value in built, "a refusal must come from the limits' checks"
    message = str(info.value)
    assert "\n" not in message
    return message


#: A 1942 amphibious assault of 150 v 150 with "withdraw with 9 units or fewer": the landed
#: units can't leave, so the grid can't answer the rule; the generic solver refuses it.
AMPHIBIOUS_150_RETREAT = """ruleset = "lowluck"
[options]
edition = "1942se"
dice = "standard"
retreat_when_units = 9
[attacker]
units = { infantry = 60, artillery = 30, armor = 40, fighter = 15, bomber = 5 }
amphibious = { infantry = 20 }
[defender]
units = { infantry = 100, artillery = 20, armor = 30 }
"""
#: The 200 v 200 Medium Luck battle with a retreat rule: the chain solver's estimate decides.
MEDIUMLUCK_200_RETREAT = MEDIUMLUCK_200.replace(
    'ruleset = "mediumluck"\n', 'ruleset = "mediumluck"\n[options]\nretreat_after = 3\n')


@pytest.mark.parametrize("text,limit", [
    # a retreat rule only the generic solver answers there (it counts transitions): an
    # amphibious assault, whose landed units can't leave
    (AMPHIBIOUS_150_RETREAT, limits.MAX_EXACT_TRANSITIONS),
    # Medium Luck fought to the end goes to the heuristic grid: its own work unit and limit
    (MEDIUMLUCK_200, limits.MAX_BAND_GRID_WORK),
    (MEDIUMLUCK_200_RETREAT, limits.MAX_EXACT_TRANSITIONS)])
def test_huge_exact_battles_refused_at_once_saying_the_limit(text, limit):
    message = refused_at_once(text)
    assert f"{limit:,}" in message
    assert f"{limits.MAX_SECONDS} s" in message and f"{limits.MAX_MEMORY_GB} GB" in message
    assert "reduce the forces" in message


#: Ordinary dice, sea: the defender's cells are (sea units lost, aircraft lost), ~2,000 here.
LOWLUCK_SEA_150_AIR = LOWLUCK_SEA_150.replace(
    "units = { battleship = 50, carrier = 50, submarine = 50 }",
    "units = { battleship = 25, carrier = 25, submarine = 25, fighter = 75 }")


def test_grid_solvers_refuse_at_once_beyond_their_work_limit(monkeypatch):
    """Ordinary dice: the grid solvers estimate their multiply-adds before starting
    (``limits.MAX_GRID_WORK``) and refuse in one line; the same battle with its sea units
    alone (one cell per unit lost) is answered."""
    message = refused_at_once(LOWLUCK_SEA_150_AIR)
    assert "multiply-adds" in message and "4.0e+11" in message
    assert "reduce the forces" in message
    result = compute(LOWLUCK_SEA_150)
    assert result.attacker_wins + result.defender_wins + result.draw == \
        pytest.approx(1.0, abs=1e-12)
    withdrawing = compute(LOWLUCK_SEA_150.replace('battle = "sea"\n',
                                                  'battle = "sea"\nretreat_when_units = 9\n'))
    assert withdrawing.retreated > 0.0            # on the sea grid: the generic one refused
    assert withdrawing.attacker_wins + withdrawing.defender_wins + withdrawing.draw == \
        pytest.approx(1.0, abs=1e-12)
    monkeypatch.setattr(limits, "MAX_GRID_WORK", 10 ** 6)
    message = refused_at_once(LOWLUCK_LAND_150.replace("max_rounds = 1000", "max_rounds = 0"))
    assert "multiply-adds, more than the 1,000,000" in message


def test_estimates_are_close_to_the_work_done():
    # the estimate decides "refuse at once": it must not be far off the real count
    from combatassist import solver

    medium = ("ruleset = \"mediumluck\"\n[attacker.bands.red]\nroll = { tank = 6 }\n"
              "boost = { mech_infantry = 2 }\n[attacker.bands.white]\nroll = { infantry = 6 }\n"
              "boost = { artillery = 2, fighter = 2 }\n[defender.bands.red]\nroll = { tank = 6 }\n"
              "[defender.bands.white]\nroll = { infantry = 6 }\nboost = { artillery = 2 }\n")
    for text in [LOWLUCK_SEA_150.replace("= 50", "= 12"), medium]:
        scenario = parse_scenario_text(text)
        rules = get(scenario.ruleset).make_rules(scenario.body)
        estimate = rules.work_estimate(rules.initial_state())
        transitions = solver.Transitions(rules, None, solver.DEFAULT_MAX_STATES)
        solver.solve(rules, transitions=transitions, curve=False)
        assert transitions.transitions / 4 < estimate < transitions.transitions * 4


def test_a_low_estimate_is_still_stopped_by_the_running_count(monkeypatch):
    monkeypatch.setattr(limits, "MAX_EXACT_TRANSITIONS", 5)
    rules = Skirmish(4, 4)                        # no work_estimate: nothing refused up front
    with pytest.raises(EngineError, match="more than the 5 "):
        solve(rules)
    rules.work_estimate = lambda state: 10 ** 6   # an estimate over the limit: at once
    with pytest.raises(EngineError, match="about 1,000,000"):
        solve(rules)


#: The Medium Luck "large" benchmark battle (tests/benchmarks/bench_mediumluck.py): 25 v 25,
#: 4 bands. The chain solver's estimate (~22 M transitions) is over its limit, but the
#: heuristic grid that computes it needs ~23 M cells x outcomes of its 600 M.
MEDIUMLUCK_LARGE = """ruleset = "mediumluck"
[attacker.bands.yellow]
roll = { fighter = 3 }
[attacker.bands.black]
roll = { strategic_bomber = 2 }
[attacker.bands.red]
roll = { tank = 6 }
boost = { mech_infantry = 2 }
[attacker.bands.white]
roll = { infantry = 9 }
boost = { artillery = 3 }
[defender.bands.yellow]
roll = { fighter = 2 }
boost = { aaa = 1 }
[defender.bands.red]
roll = { tank = 4 }
[defender.bands.white]
roll = { infantry = 15 }
boost = { artillery = 3 }
"""


def test_medium_luck_large_battle_answered_by_the_grid_it_uses():
    from combatassist.rulesets.mediumluck import MediumLuckRules
    from combatassist.rulesets.mediumluck.heuristic import grid_work_estimate

    scenario = parse_scenario_text(MEDIUMLUCK_LARGE)
    rules = MediumLuckRules(scenario.body)
    assert rules.work_estimate(rules.start) > limits.MAX_EXACT_TRANSITIONS   # chain solver: no
    assert grid_work_estimate(rules) < limits.MAX_BAND_GRID_WORK / 10             # its grid: yes
    result = compute(MEDIUMLUCK_LARGE)            # its time: bench_mediumluck ("large")
    assert result.extra["casualties"] == "heuristic"      # 19 M positions: too many for optimal
    assert result.attacker_wins + result.defender_wins + result.draw == pytest.approx(1.0)
    # the same battle with a retreat rule goes through the chain solver: refused at once
    message = refused_at_once(MEDIUMLUCK_LARGE.replace(
        '"mediumluck"\n', '"mediumluck"\n[options]\nretreat_after = 3\n'))
    assert f"{limits.MAX_EXACT_TRANSITIONS:,}" in message


def test_grid_estimate_bounds_the_cells_the_grid_reaches():
    from combatassist.rulesets.mediumluck import HeuristicGrid, MediumLuckRules, grid_outcome
    from combatassist.rulesets.mediumluck.heuristic import grid_work_estimate

    rules = MediumLuckRules(parse_scenario_text(MEDIUMLUCK_LARGE).body)
    grid = HeuristicGrid(rules)
    explored = grid_outcome(grid, curve=False).states_explored
    pushed = explored * sum(len(o) for o in grid._outcomes)
    assert pushed < grid_work_estimate(rules)


def test_long_capped_battle_finishes_within_the_bound():
    """Within the grid solver's bound (its time: bench_lowluck)."""
    from combatassist.rulesets.lowluck import plain_rounds_grid as grid
    rules = get("lowluck").make_rules(parse_scenario_text(LOWLUCK_LAND_150).body)
    assert grid.applicable(rules)
    result = compute(LOWLUCK_LAND_150)
    assert result.attacker_wins + result.defender_wins + result.draw + result.undecided == \
        pytest.approx(1.0)


def test_simulation_beyond_its_dice_budget_refused_after_a_few_trials(monkeypatch):
    monkeypatch.setattr(limits, "MAX_SIMULATED_DICE", 200_000)
    message = refused_at_once(LOWLUCK_LAND_150.replace("max_rounds = 1000", ""),
                              method="simulate", trials=20_000)
    assert "use at most" in message and "trials" in message and "200,000" in message
    fits = int(message.split("use at most ")[1].split(" trials")[0].replace(",", ""))
    assert 100 < fits < 20_000
    # what it says fits does fit
    compute("ruleset = \"lowluck\"\n[attacker]\nunits = { infantry = 3 }\n"
            "[defender]\nunits = { infantry = 2 }\n", method="simulate", trials=2_000)


def test_simulation_stalemate_checks_are_counted(monkeypatch):
    """The simulator looks for a stalemate (an exact round distribution) when a round left
    every trial of a state where it was: those checks count against the exact limit."""
    from tests.engine.test_core import DuelRules

    monkeypatch.setattr(limits, "MAX_EXACT_TRANSITIONS", 0)
    with pytest.raises(EngineError, match="more than the 0 "):
        simulate(DuelRules(2, 2, values=(0, 0)), 500, seed=1)      # neither side can hit


def _variant_b_reference(bombers: int, aa: bool) -> Dist:
    """The defender's loss in variant B, straight from the rules: AA shoots each bomber down
    on a 1, every survivor rolls a d6 (independent of the fast code's running sums)."""
    total: dict[int, float] = {}
    shot = Dist.binomial(bombers, 1 / 6) if aa else Dist.point(0)
    for s, p in shot.items():
        damage = Dist.point(0)
        for _ in range(bombers - s):
            damage = damage + Dist.die(6)
        for d, q in damage.items():
            total[d] = total.get(d, 0.0) + p * q
    return Dist(total)


@pytest.mark.parametrize("bombers,aa", [(1, True), (7, True), (12, False), (15, True)])
def test_sbr_variant_b_equals_the_rules_reference(bombers, aa):
    fast = sbr.compute_sbr(bombers, aa=aa, variant="B").defender_loss
    reference = _variant_b_reference(bombers, aa)
    fast, reference = dict(fast.items()), dict(reference.items())
    assert set(fast) == set(reference)
    for k, p in reference.items():
        assert fast[k] == pytest.approx(p, abs=1e-12)


def test_largest_sbr_finishes_within_the_bound():
    # its time: bench_lowluck ("largest SBR"); was 12-20 s
    result = sbr.compute_sbr(sbr.MAX_BOMBERS, aa=True, variant="B")
    assert result.expected_defender_loss == pytest.approx(sbr.MAX_BOMBERS * 5 / 6 * 3.5)


def test_lowluck_default_still_answers():
    result = lowluck.compute(lowluck.default_scenario().body)
    assert result.attacker_wins + result.defender_wins + result.draw == pytest.approx(1.0)


def test_vectorised_agc_simulation_refused_at_once_beyond_its_dice():
    text = ('ruleset = "agc"\nterrain = "forest"\n[attacker]\n'
            'units = { infantry = 100, armor = 50, artillery = 50 }\n[defender]\n'
            'units = { infantry = 150, engineers = 50 }\n')
    message = refused_at_once(text, method="simulate", trials=10_000_000)   # was 270 s
    assert f"{limits.MAX_VECTORISED_DICE:,}" in message and "use at most" in message


def test_ds2_simulation_trials_bounded():
    from combatassist.rulesets import ds2

    assert ds2.MAX_TRIALS * 1.5e-6 < limits.MAX_SECONDS       # measured ~1.5 us a trial
    scenario = parse_scenario_text(
        'ruleset = "ds2"\n[weapon]\nfamily = "hvc"\nsize = 3\nrange = "close"\n'
        '[target]\nkind = "vehicle"\narmour = 3\n')
    with pytest.raises(EngineError, match="trials must be"):
        ds2.compute(scenario.body, method="simulate", trials=ds2.MAX_TRIALS + 1)
