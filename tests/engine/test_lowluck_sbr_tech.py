"""Low Luck strategic bombing and tech research: the seed's examples and expectations."""
from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from combatassist.errors import EngineError
from combatassist.rulesets.lowluck import sbr, tech


# -- SBR -----------------------------------------------------------------------------------
@pytest.mark.parametrize("n", [1, 2, 3, 7])
def test_standard_sbr_expectations_with_aa(n):
    r = sbr.compute_sbr(n, aa=True)
    assert r.expected_attacker_cost == pytest.approx(n * 15 / 6)
    assert r.expected_defender_loss == pytest.approx(n * 35 / 12)
    # Low-luck rounding: only floor(E) and floor(E) + 1 can happen.
    e = Fraction(15, 6) * n
    assert set(r.attacker_cost) <= {int(e), int(e) + 1}
    assert r.bombers_lost == {0: 1.0}


def test_seed_per_bomber_figures():
    """Seed: attacker pays 2 or 3 per bomber; defender loses 2, 3 or 4 with AA, 3 or 4 without."""
    one = sbr.compute_sbr(1, aa=True)
    assert set(one.attacker_cost) == {2, 3}
    assert set(one.defender_loss) <= {2, 3, 4}
    bare = sbr.compute_sbr(1, aa=False)
    assert dict(bare.defender_loss) == pytest.approx({3: 0.5, 4: 0.5})
    assert dict(bare.attacker_cost) == {0: 1.0}


def test_unpaid_bill_costs_bombers():
    # 10 bombers: bill 25 IPC; with 5 IPC cash, 20 missing -> 2 bombers lost (rounded up).
    r = sbr.compute_sbr(10, aa=True, cash=5)
    assert dict(r.bombers_lost) == pytest.approx({2: 1.0})
    assert r.expected_attacker_cost == pytest.approx(5 + 2 * 15)


def test_variant_b_and_c_by_enumeration():
    # Variant B, 2 bombers with AA: enumerate AA dice and damage dice directly.
    expect: dict[int, float] = {}
    for aa_dice in itertools.product(range(1, 7), repeat=2):
        survivors = sum(1 for d in aa_dice if d != 1)
        for dmg in itertools.product(range(1, 7), repeat=survivors):
            expect[sum(dmg)] = expect.get(sum(dmg), 0.0) + (1 / 36) * (1 / 6) ** survivors
    r = sbr.compute_sbr(2, aa=True, variant="B")
    assert dict(r.defender_loss) == pytest.approx(expect)
    assert r.expected_attacker_cost == pytest.approx(2 * 15 / 6)
    c = sbr.compute_sbr(1, aa=False, variant="C")
    assert dict(c.defender_loss) == pytest.approx({3: 0.5, 4: 0.5})


def test_extra_aa_en_route_and_heavy_bombers():
    r = sbr.compute_sbr(3, aa=False, extra_aa=2)
    survive = (5 / 6) ** 2
    assert r.bombers_lost.mean() == pytest.approx(3 * (1 - survive))
    assert r.expected_defender_loss == pytest.approx(3 * survive * 3.5)
    hb = sbr.compute_sbr(2, aa=True, heavy_bombers=True)
    assert hb.expected_defender_loss == pytest.approx(2 * 3 * 35 / 12)


def test_variant_a_needs_money_set_aside():
    with pytest.raises(EngineError, match="set aside 9"):
        sbr.compute_sbr(3, aa=True, variant="A", cash=5)
    assert sbr.compute_sbr(3, aa=True, variant="A", cash=9).expected_attacker_cost == \
        pytest.approx(7.5)


def test_sbr_refuses_bad_input():
    with pytest.raises(EngineError, match="between 1"):
        sbr.compute_sbr(0)
    with pytest.raises(EngineError, match="variant"):
        sbr.compute_sbr(1, variant="D")


# -- tech research -------------------------------------------------------------------------
def test_seed_example_2_step_by_step():
    """USA wants Heavy Bombers: 18, 18 -> attempt at 36 rolls 3 (Jets), 12 left; 18, 6 ->
    attempt rolls 1 -> Jets owned -> LRA; 18, 6 -> HB whatever the roll; 84 IPC, 6 rounds."""
    owned: set[str] = set()
    savings = 18 + 18
    r = tech.attempt("air", savings, owned, 3)
    assert (r.tech, r.savings_after, r.project_ended) == ("jet_power", 12, False)
    owned.add(r.tech)
    savings = r.savings_after + 18 + 6
    assert savings == 36
    r = tech.attempt("air", savings, owned, 1)
    assert (r.rolled_tech, r.tech, r.savings_after) == ("jet_power", "long_range_aircraft", 12)
    owned.add(r.tech)
    savings = r.savings_after + 18 + 6
    for die in range(1, 7):
        final = tech.attempt("air", savings, owned, die)
        assert final.tech == "heavy_bombers" and final.project_ended
        assert final.savings_after == 0
    assert 18 + 18 + 18 + 6 + 18 + 6 == 84
    # The planner agrees: with this plan HB is certain by round 6 only on that dice path;
    # overall it is the probability of at least one of the paths reaching it.
    plan = tech.plan_research("air", [18, 18, 18, 6, 18, 6], 36)
    assert plan.p_have["heavy_bombers"][1] == pytest.approx(1 / 6)   # a 6 at the first try


def test_seed_closing_claim_five_sixths():
    """Investing 18 for 4 rounds and attempting at 72 gives HB with probability 5/6."""
    plan = tech.plan_research("air", [18, 18, 18, 18], 72)
    assert plan.p_have["heavy_bombers"] == pytest.approx([0, 0, 0, 5 / 6])
    assert plan.p_have["long_range_aircraft"][-1] == pytest.approx(1 / 6)
    assert plan.expected_invested == pytest.approx(72)


def test_seed_example_1_industrial_technology():
    # Savings 12 -> 20 -> 24 (could attempt, waits) -> 36, rolls 5 -> IT, project ends.
    # (The seed writes 12, 4, 4, 12 but its running totals 12, 20, 24, 36 need 8 in round 2.)
    r = tech.attempt("it", 36, set(), 5)
    assert r.tech == "industrial_technology" and r.project_ended
    plan = tech.plan_research("it", [12, 8, 4, 12], 36)
    assert plan.p_have["industrial_technology"] == pytest.approx([0, 0, 0, 2 / 6])


def test_below_minimum_loses_savings_and_project_end_stops_spending():
    plan = tech.plan_research("it", [12, 3, 12, 12], 24)   # the 3 (< 4) wipes the savings
    assert plan.p_have["super_subs"][2] == 0.0
    assert plan.p_have["super_subs"][3] == pytest.approx(3 / 6)
    # Once the final tech is obtained, later rounds cost nothing.
    plan = tech.plan_research("air", [18, 18, 18, 18, 18], 36)
    p_hb_after_2 = plan.p_have["heavy_bombers"][1]
    assert plan.expected_invested < 90
    assert plan.expected_invested == pytest.approx(
        36 + sum(18 * (1 - plan.p_done[i]) for i in range(1, 4)))
    assert p_hb_after_2 == pytest.approx(1 / 6)


def test_owned_tech_upgrades_and_mass():
    plan = tech.plan_research("air", [18] * 8, 36)
    for i in range(8):
        assert plan.p_have["jet_power"][i] <= 1.0
        # Each attempt gives exactly one new tech: HB only comes with or after others.
    b = tech.branch("air")
    assert tech.upgrade(b, "jet_power", frozenset({"jet_power", "long_range_aircraft"})) == \
        "heavy_bombers"


def test_tech_refusals():
    with pytest.raises(EngineError, match="at most 18"):
        tech.plan_research("air", [19], 36)
    with pytest.raises(EngineError, match="branch"):
        tech.plan_research("sea", [10], 36)
    with pytest.raises(EngineError, match="at least 36"):
        tech.attempt("air", 30, set(), 1)
