"""Low Luck's retreat policies (``combatassist.retreat_policy``, docs/rules.md §2c): the
profit and strafe policies against a brute-force optimum over every retreat decision of
small battles (each subset of the positions met withdrawing, solved), ``keep_land_units``
and ``retreat_when_only_air`` against the general solver and by hand, the policy in words,
and the options' refusals."""
from __future__ import annotations

import itertools
import math

import pytest
import tomli_w

from combatassist.errors import ScenarioError
from combatassist.retreat_policy import swing_of, taken_of
from combatassist.ruleset import compute
from combatassist.rulesets import lowluck
from combatassist.rulesets.lowluck import attack, policy_outcome
from combatassist.scenario import parse_scenario_text
from combatassist.solver import DEFAULT_MAX_STATES, Transitions, solve


def scenario(edition: str = "1942se", **doc):
    """A Low Luck scenario from its tables (``options``, ``attacker``, ``defender``, ...)."""
    full = {"ruleset": "lowluck", **doc}
    full["options"] = {"edition": edition, **doc.get("options", {})}
    return parse_scenario_text(tomli_w.dumps(full)).body


def profit_of(rules, outcome, territory_value: float) -> float:
    """The attack's expected IPC: the swing at every end, plus the territory's value where
    it was taken."""
    swing, taken = swing_of(rules), taken_of(rules)
    return math.fsum(p * (swing(s) + (territory_value if taken(s) else 0.0))
                     for bucket in (outcome.decided, outcome.retreated, outcome.stalemates,
                                    outcome.undecided) for s, p in bucket.items())


def brute_force(rules, kind: str, territory_value: float = 0.0, forced=None):
    """The best expected IPC over every subset of the live positions withdrawing (strafe:
    those that never take the territory), and how many subsets were solved."""
    transitions = Transitions(rules, None, DEFAULT_MAX_STATES)
    solve(rules, curve=False, transitions=transitions)
    withdraw = getattr(rules, "withdraw", None)
    if withdraw is not None:
        left = {w: 1.0 for w in map(withdraw, list(transitions.cache))
                if w is not None and rules.verdict(w) is None}
        if left:
            solve(rules, curve=False, transitions=transitions, start_mass=left)
    live = sorted((s for s in transitions.cache if rules.verdict(s) is None), key=repr)
    assert len(live) <= 14, len(live)           # 2^14 solves at most
    taken = taken_of(rules)
    best = -math.inf
    for n in range(len(live) + 1):
        for chosen in itertools.combinations(live, n):
            chosen = set(chosen)
            rule = (lambda s, _r, c=chosen: s in c or (forced is not None and forced(s)))
            out = solve(rules, retreat=rule, curve=False)
            if kind == "strafe" and any(taken(s) and p > 0 for s, p in out.decided.items()):
                continue
            best = max(best, profit_of(rules, out, territory_value))
    return best, 2 ** len(live)


PROFIT_CASES = {
    "classic land, ordinary dice": ("classic", {"dice": "standard"},
                                    {"infantry": 2, "armor": 1}, {"infantry": 2}),
    "1942 land, ordinary dice, territory 5": ("1942se", {"dice": "standard",
                                                         "territory_value": 5},
                                              {"infantry": 1, "artillery": 1, "fighter": 1},
                                              {"infantry": 2}),
    "1942 land, a costly territory": ("1942se", {"dice": "standard", "territory_value": -6},
                                      {"infantry": 2, "armor": 1}, {"infantry": 1}),
    "1942 land, low luck": ("1942se", {}, {"infantry": 2, "fighter": 1}, {"infantry": 3}),
    "1942 sea, two-hit battleship": ("1942se", {"dice": "standard", "battle": "sea"},
                                     {"destroyer": 2}, {"battleship": 1}),
}


@pytest.mark.parametrize("case", PROFIT_CASES)
def test_profit_is_the_best_of_every_retreat_decision(case):
    edition, options, att, dfn = PROFIT_CASES[case]
    s = scenario(edition, options={"retreat": "profit", **options},
                 attacker={"units": att}, defender={"units": dfn})
    rules = lowluck.make_rules(s)
    outcome, policy = policy_outcome(rules, s.options)
    value = s.options.territory_value
    best, solved = brute_force(rules, "profit", value)
    assert solved >= 8
    assert policy.value == pytest.approx(best, abs=1e-12)
    # and the outcome solved forwards under the policy is worth what the values said
    assert profit_of(rules, outcome, value) == pytest.approx(policy.value, abs=1e-12)
    result = compute(lowluck.RULESET, s)
    assert result.to_json()["expected_profit"] == pytest.approx(policy.value, abs=1e-12)


def test_profit_with_landed_units_that_stay():
    """An amphibious assault: withdrawing leaves the landed units to fight on (the brute
    force withdraws the same way, through the solver)."""
    s = scenario("1942se", options={"dice": "standard", "retreat": "profit",
                                    "territory_value": 2},
                 attacker={"units": {"infantry": 1, "fighter": 1},
                           "amphibious": {"infantry": 1}},
                 defender={"units": {"infantry": 2}})
    rules = lowluck.make_rules(s)
    _, policy = policy_outcome(rules, s.options)
    best, _ = brute_force(rules, "profit", 2)
    assert policy.value == pytest.approx(best, abs=1e-12)


def test_profit_with_a_forced_rule():
    """``retreat_when_units`` withdraws whatever the policy would: the optimum among the
    policies that withdraw there too."""
    s = scenario("classic", options={"dice": "standard", "retreat": "profit",
                                     "retreat_when_units": 2},
                 attacker={"units": {"infantry": 2, "armor": 1}},
                 defender={"units": {"infantry": 2}})
    rules = lowluck.make_rules(s)
    _, policy = policy_outcome(rules, s.options)
    best, _ = brute_force(rules, "profit", 0, forced=lambda st: sum(st[0]) <= 2)
    assert policy.value == pytest.approx(best, abs=1e-12)
    plain = scenario("classic", options={"dice": "standard", "retreat": "profit"},
                     attacker={"units": {"infantry": 2, "armor": 1}},
                     defender={"units": {"infantry": 2}})
    _, free = policy_outcome(lowluck.make_rules(plain), plain.options)
    assert free.value >= policy.value - 1e-12


STRAFE_CASES = {
    "low luck": ("1942se", {}, {"infantry": 2, "armor": 1, "fighter": 1}, {"infantry": 4}),
    "ordinary dice, many defenders": ("classic", {"dice": "standard"},
                                      {"infantry": 1, "fighter": 1}, {"infantry": 3}),
    "air only (takes nothing)": ("1942se", {"dice": "standard"}, {"fighter": 2},
                                 {"infantry": 2}),
}


@pytest.mark.parametrize("case", STRAFE_CASES)
def test_strafe_is_the_best_that_never_takes_the_territory(case):
    edition, options, att, dfn = STRAFE_CASES[case]
    s = scenario(edition, options={"retreat": "strafe", **options},
                 attacker={"units": att}, defender={"units": dfn})
    rules = lowluck.make_rules(s)
    outcome, policy = policy_outcome(rules, s.options)
    best, _ = brute_force(rules, "strafe")
    assert policy.value == pytest.approx(best, abs=1e-12)
    result = compute(lowluck.RULESET, s)
    assert result.figures.takes_territory == 0.0
    assert profit_of(rules, outcome, 0) == pytest.approx(policy.value, abs=1e-12)


def test_strafe_worked_by_hand():
    """Low luck, 1942: 2 armor (attack 3 each: one sure hit a round) against 3 infantry
    (defence 2 each: one sure hit at 3). Round 1 can't take the territory: an armor (6 IPC)
    for an infantry (3), -3. Then 1 armor (a hit with 1/2) against 2 infantry (a hit with
    2/3): fighting on reaches 1 v 1, where a round could take the territory and the strafe
    leaves (worth 6 - 6 = 0), with 1/6 a round; loses the armor with 1 infantry killed (-6)
    1/3, with none (-9) 1/3; nothing changes 1/6: (0/6 - 6/3 - 9/3) / (5/6) = -6, less than
    leaving (-3). So attacking is worth -3 at best: the strafe doesn't attack."""
    s = scenario("1942se", options={"retreat": "strafe"},
                 attacker={"units": {"armor": 2}}, defender={"units": {"infantry": 3}})
    result = compute(lowluck.RULESET, s)
    assert result.retreated == 1.0
    assert result.losses == [(0, 0, 1.0)]
    assert result.to_json()["policy"] == [
        "don't attack: the attack is worth -3.00 IPC at best, less than not attacking"]


def test_policy_in_words_names_thresholds():
    s = scenario("1942se", options={"dice": "standard", "retreat": "profit",
                                    "territory_value": 3},
                 attacker={"units": {"infantry": 3, "armor": 2, "fighter": 1}},
                 defender={"units": {"infantry": 4, "artillery": 1}})
    words = compute(lowluck.RULESET, s).to_json()["policy"]
    assert "withdraw once you have 3 units left while the defender still has 4 or more" in words
    assert words[-1] == "withdraw once you have 1 unit left"


def test_not_attacking_is_said():
    """Worth less than staying home: the policy is not to attack at all."""
    s = scenario("1942se", options={"dice": "standard", "retreat": "profit"},
                 attacker={"units": {"infantry": 1}}, defender={"units": {"infantry": 3}})
    result = compute(lowluck.RULESET, s)
    assert result.retreated == pytest.approx(1.0)
    assert result.to_json()["policy"][0].startswith("don't attack")
    assert result.to_json()["expected_profit"] == 0.0


def test_policy_simulated_plays_the_exact_policy():
    s = scenario("1942se", options={"dice": "standard", "retreat": "profit",
                                    "territory_value": 3},
                 attacker={"units": {"infantry": 3, "armor": 2, "fighter": 1}},
                 defender={"units": {"infantry": 4, "artillery": 1}})
    exact = compute(lowluck.RULESET, s)
    sim = compute(lowluck.RULESET, s, method="simulate", trials=40_000, seed=3)
    for key in ("attacker_wins", "retreated"):
        p = getattr(exact, key)
        sigma = math.sqrt(p * (1 - p) / 40_000)
        assert abs(getattr(sim, key) - p) <= 5 * sigma + 1e-12
    assert sim.to_json()["policy"] == exact.to_json()["policy"]


# -- keep_land_units ------------------------------------------------------------------------

def test_keep_land_units_keeps_the_last_n():
    s = scenario("1942se", options={"keep_land_units": 2},
                 attacker={"units": {"infantry": 3, "fighter": 2}},
                 defender={"units": {"infantry": 1}})
    rules = lowluck.make_rules(s)
    start = rules.initial_state()[0]
    slots = rules.att.slots
    left = [dict((sl.unit.id, n) for sl, n in zip(slots, rules.att.policy(start, h, None)) if n)
            for h in range(6)]
    assert left == [{"infantry": 3, "fighter": 2}, {"infantry": 2, "fighter": 2},
                    {"infantry": 2, "fighter": 1}, {"infantry": 2}, {"infantry": 1}, {}]


@pytest.mark.parametrize("edition", ["classic", "1942se"])
@pytest.mark.parametrize("dice", ["standard", "lowluck"])
def test_keep_land_units_1_is_keep_land_unit(edition, dice):
    doc = dict(attacker={"units": {"infantry": 2, "armor": 1, "fighter": 2}},
               defender={"units": {"infantry": 3, "armor": 1}})
    old = compute(lowluck.RULESET, scenario(edition, options={"dice": dice,
                                                             "keep_land_unit": True}, **doc))
    new = compute(lowluck.RULESET, scenario(edition, options={"dice": dice,
                                                             "keep_land_units": 1}, **doc))
    assert new.losses == old.losses
    assert new.figures.takes_territory == old.figures.takes_territory


@pytest.mark.parametrize("edition", ["classic", "1942se"])
@pytest.mark.parametrize("dice", ["standard", "lowluck"])
def test_keep_land_units_solvers_agree_with_the_general_solver(edition, dice):
    s = scenario(edition, options={"dice": dice, "keep_land_units": 2},
                 attacker={"units": {"infantry": 2, "armor": 1, "fighter": 2}},
                 defender={"units": {"infantry": 4}})
    rules = lowluck.make_rules(s)
    general = solve(rules)
    result = compute(lowluck.RULESET, s)
    ref = lowluck.RULESET.battle_result(s, rules, general)
    assert result.attacker_wins == pytest.approx(ref.attacker_wins, abs=1e-12)
    assert result.figures.takes_territory == pytest.approx(ref.figures.takes_territory,
                                                           abs=1e-12)
    keeps_more = compute(lowluck.RULESET, scenario(edition, options={"dice": dice},
                                                   attacker=s_units(s), defender=d_units(s)))
    assert result.figures.takes_territory >= keeps_more.figures.takes_territory - 1e-12


def s_units(s):
    return {"units": dict(s.attacker.units)}


def d_units(s):
    return {"units": dict(s.defender.units)}


# -- retreat_when_only_air -------------------------------------------------------------------

@pytest.mark.parametrize("edition", ["classic", "1942se"])
@pytest.mark.parametrize("dice", ["standard", "lowluck"])
def test_only_air_agrees_with_the_general_solver(edition, dice):
    s = scenario(edition, options={"dice": dice, "retreat_when_only_air": True},
                 attacker={"units": {"infantry": 2, "fighter": 2, "bomber": 1}},
                 defender={"units": {"infantry": 4}})
    rules = lowluck.make_rules(s)
    only_air = lowluck.only_air_rule(rules)
    general = lowluck.RULESET.battle_result(
        s, rules, solve(rules, retreat=lambda st, _r: only_air(st)))
    result = compute(lowluck.RULESET, s)
    assert result.attacker_wins == pytest.approx(general.attacker_wins, abs=1e-12)
    assert result.retreated == pytest.approx(general.retreated, abs=1e-12)
    assert result.retreated > 0
    # it withdrew where aircraft alone were left, and only there
    outcome = lowluck.outcome_of(rules, s.options)
    assert outcome.retreated and all(only_air(st) for st in outcome.retreated)
    assert result.to_json()["policy"] == ["withdraw once only aircraft are left (no land unit)"]


def test_only_air_never_applies_to_an_air_attack():
    s = scenario("1942se", options={"retreat_when_only_air": True},
                 attacker={"units": {"fighter": 2}}, defender={"units": {"infantry": 1}})
    assert compute(lowluck.RULESET, s).retreated == 0.0


# -- the options' refusals ------------------------------------------------------------------

@pytest.mark.parametrize("options, units, field", [
    ({"retreat": "profit", "retreat_after": 2}, None, "retreat_after"),
    ({"retreat": "strafe", "max_rounds": 3}, None, "max_rounds"),
    ({"retreat": "profit", "retreat_below": 0.5}, None, "retreat_below"),
    ({"territory_value": 4}, None, "territory_value"),
    ({"retreat": "strafe", "battle": "sea"}, {"destroyer": 1}, "retreat"),
    ({"keep_land_units": 2, "keep_land_unit": True}, None, "keep_land_units"),
    ({"retreat_when_only_air": True, "battle": "sea"}, {"destroyer": 1},
     "retreat_when_only_air"),
    ({"retreat": "cautious"}, None, "retreat"),
])
def test_refusals_name_the_field(options, units, field):
    units = units or {"infantry": 1}
    with pytest.raises(ScenarioError) as err:
        scenario("1942se", options=options, attacker={"units": units},
                 defender={"units": units})
    assert err.value.field == f"options.{field}"
    assert "\n" not in str(err.value)


def test_strafe_refuses_landed_units():
    with pytest.raises(ScenarioError, match="can't retreat"):
        scenario("1942se", options={"retreat": "strafe"},
                 attacker={"units": {"infantry": 1}, "amphibious": {"infantry": 1}},
                 defender={"units": {"infantry": 1}})


def test_documents_round_trip():
    s = scenario("1942se", options={"retreat": "profit", "territory_value": -3,
                                    "keep_land_units": 2, "retreat_when_only_air": True},
                 attacker={"units": {"infantry": 3, "fighter": 1}},
                 defender={"units": {"infantry": 2}})
    doc = {"ruleset": "lowluck", **lowluck.RULESET.to_document(s)}
    assert parse_scenario_text(tomli_w.dumps(doc)).body == s


def test_keep_land_units_at_sea_changes_nothing():
    """As keep_land_unit: kept in a sea battle's file, no effect there."""
    doc = dict(attacker={"units": {"destroyer": 2, "fighter": 1}},
               defender={"units": {"destroyer": 2}})
    kept = compute(lowluck.RULESET, scenario("1942se", options={"battle": "sea",
                                                                "keep_land_units": 2}, **doc))
    plain = compute(lowluck.RULESET, scenario("1942se", options={"battle": "sea"}, **doc))
    assert kept.losses == plain.losses


def test_existing_rules_say_no_policy():
    """Without the new options the JSON is what it was (no ``policy``)."""
    s = scenario("1942se", options={"retreat_when_units": 2},
                 attacker={"units": {"infantry": 3}}, defender={"units": {"infantry": 2}})
    assert "policy" not in compute(lowluck.RULESET, s).to_json()
    assert not attack.asks_policy(s.options)


def test_words_that_differ_from_the_policy_say_by_how_much():
    """With an AA gun the same unit counts come with other units (aircraft shot down): the
    words' rule per count can't follow the exact policy everywhere. They say how likely the
    difference is and what following them costs: at least 0, at most that probability times
    the largest swing there is."""
    s = scenario("1942se", options={"dice": "standard", "retreat": "profit",
                                    "territory_value": 4},
                 attacker={"units": {"infantry": 6, "armor": 3, "fighter": 3, "bomber": 1}},
                 defender={"units": {"infantry": 6, "aa_gun": 1, "artillery": 1,
                                     "fighter": 1}})
    words = compute(lowluck.RULESET, s).to_json()["policy"]
    differs = next(w for w in words if w.startswith("the exact policy differs"))
    p = float(differs.split("probability of ")[1].split("%")[0]) / 100
    costs = lowluck.make_rules(s).unit_costs()
    largest = sum(costs[u] * n for side in (s.attacker, s.defender)
                  for u, n in side.units.items()) + 4
    loss = float(words[-1].split("worth ")[1].split(" IPC")[0])
    assert words[-1].startswith("following these words is worth")
    assert 0.0 <= loss <= p * largest + 0.005
    assert 0 < p < 0.05


def test_words_that_follow_the_policy_say_nothing_more():
    s = scenario("1942se", options={"dice": "standard", "retreat": "profit",
                                    "territory_value": 3},
                 attacker={"units": {"infantry": 3, "armor": 2, "fighter": 1}},
                 defender={"units": {"infantry": 4, "artillery": 1}})
    words = compute(lowluck.RULESET, s).to_json()["policy"]
    assert not any(w.startswith(("the exact policy differs", "following these")) for w in words)


def test_policy_past_the_limit_refused_before_solving(monkeypatch):
    """The policy goes over the positions twice: refused at once where twice the estimate
    is past the exact solver's limit, though the battle alone would be answered."""
    from combatassist import limits
    from combatassist.errors import EngineError
    from combatassist.solver import estimate_work
    s = scenario("1942se", options={"dice": "standard", "retreat": "profit"},
                 attacker={"units": {"infantry": 8, "armor": 4}},
                 defender={"units": {"infantry": 9, "artillery": 2}})
    rules = lowluck.make_rules(s)
    estimate = estimate_work(rules, rules.initial_state())
    monkeypatch.setattr(limits, "MAX_EXACT_TRANSITIONS", int(estimate * 1.5))
    rounds = []
    monkeypatch.setattr(type(rules), "round_dist",
                        lambda self, state, _real=type(rules).round_dist:
                        rounds.append(state) or _real(self, state))
    with pytest.raises(EngineError, match="transitions"):
        policy_outcome(rules, s.options)
    assert rounds == [rules.initial_state()]       # the estimate's round only
    plain = lowluck.make_rules(scenario("1942se", options={"dice": "standard"},
                                        attacker={"units": {"infantry": 8, "armor": 4}},
                                        defender={"units": {"infantry": 9, "artillery": 2}}))
    assert solve(plain).decided          # the battle alone is answered


def test_words_count_a_battleships_hits():
    """At sea with a two-hit battleship the words count the hits the defender can still
    take (a damaged battleship is one fewer): here they follow the exact policy exactly."""
    s = scenario("1942se", options={"dice": "standard", "battle": "sea", "retreat": "profit"},
                 attacker={"units": {"submarine": 2, "destroyer": 1}},
                 defender={"units": {"battleship": 1, "submarine": 1}})
    words = compute(lowluck.RULESET, s).to_json()["policy"]
    assert words == [
        "withdraw once you have 2 units left while the defender can still take 3 hits or more",
        "withdraw once you have 1 unit left while the defender can still take 2 hits or more"]
