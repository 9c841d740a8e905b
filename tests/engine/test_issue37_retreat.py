"""Issue 37: ``retreat_below`` in an amphibious assault under a round limit.

When the landed units fight on after a withdrawal (``retreat_after``, or the rule itself), the
chance the rule weighs is that of the battle under the same rules from there on — the round
limit included. The engine used to value the landed units' continuation as if they fought to
the end, and so attacked on a chance it never got.

Checked against the issue's figures worked by hand and against a brute force that walks the
game tree round by round with nothing but the rules' ``round_dist``, ``verdict`` and
``withdraw`` (independent of the solver, the backwards valuation and the cut)."""
from __future__ import annotations

import random
from fractions import Fraction

import pytest

from combatassist.ruleset import compute
from combatassist.rulesets import lowluck

from .test_lowluck_editions import payload

#: The issue's battle: 1 landed infantry and an armor against 1 infantry, low luck.
ISSUE = {"options": {"dice": "lowluck", "battle": "land", "retreat_after": 1, "max_rounds": 2,
                     "retreat_below": 0.7},
         "attacker": {"units": {"infantry": 1, "armor": 1}, "amphibious": {"infantry": 1}},
         "defender": {"units": {"infantry": 1}}}


def test_the_issue_battle_withdraws_the_armor_before_round_1():
    """Fighting on: round 1 wins 2/3 (the attack's 4 pips hit 2/3; a hit back only takes the
    infantry); else the armor leaves after round 1 and the infantry fights round 2 alone: a
    win 1/6 x 2/3 = 1/9 when the defence missed. 2/3 + 1/3 x 2/3 x 1/9 = 56/81 = 0.691 < 0.7:
    the armor withdraws before round 1. The infantry alone then fights 2 rounds: each round it
    wins 1/9, loses 5/18, draws 1/18 and goes on 5/9."""
    res = compute(lowluck.RULESET, payload("1942se", ISSUE))
    on = Fraction(5, 9)
    assert res.attacker_wins == pytest.approx(float(Fraction(1, 9) * (1 + on)), abs=1e-12)
    assert res.defender_wins == pytest.approx(float(Fraction(5, 18) * (1 + on)), abs=1e-12)
    assert res.draw == pytest.approx(float(Fraction(1, 18) * (1 + on)), abs=1e-12)
    assert res.undecided == pytest.approx(float(on * on), abs=1e-12)
    # the reference figures of the issue
    assert (round(res.attacker_wins, 4), round(res.defender_wins, 4), round(res.draw, 4),
            round(res.undecided, 4)) == (0.1728, 0.4321, 0.0864, 0.3086)
    assert res.retreated == 0.0           # the landed infantry stayed: nothing ended retreated


def test_below_the_threshold_only_because_of_the_round_limit():
    """Without the round limit the same battle is worth 2/3 + 2/9 x 1/4 = 0.722 fought on (the
    infantry's 1 v 1 to the end wins 1/4): the armor attacks."""
    doc = {**ISSUE, "options": {k: v for k, v in ISSUE["options"].items() if k != "max_rounds"}}
    res = compute(lowluck.RULESET, payload("1942se", doc))
    assert res.attacker_wins == pytest.approx(2 / 3 + 2 / 9 * 1 / 4, abs=1e-12)


# -- the brute force ---------------------------------------------------------------------------
BUCKETS = ("attacker", "defender", "draw", "undecided", "retreated")


class _Tie(Exception):
    """The rule's chance is within rounding of the threshold: either answer is right."""


def brute_force(rules, max_rounds: int, after: int, below: float, few: int) -> dict:
    """The outcome under the retreat rules, walked round by round (``max_rounds`` > 0), as
    docs/rules.md states them: before each round (the first included, not after the cut or the
    last) the attacker withdraws when it has ``few`` units or fewer or its chance of winning by
    fighting on is below ``below``; its landed units stay and fight on; after round ``after``
    what is still on withdraws the same way and the landed units fight on to ``max_rounds``; a
    stalemate is a draw unless the rule withdrew first; still on at the limit: undecided."""
    memo: dict = {}

    def fight(s, r, rule: bool) -> dict:
        out = dict.fromkeys(BUCKETS, 0.0)
        for nxt, p in rules.round_dist(s).items():
            for k, v in node(nxt, r + 1, rule).items():
                out[k] += p * v
        return out

    def stalemate(s) -> bool:
        dist = rules.round_dist(s)
        return dist.prob(s) >= 1.0 - 1e-15

    def end(kind) -> dict:
        return {k: (1.0 if k == kind else 0.0) for k in BUCKETS}

    def node(s, r, rule: bool) -> dict:
        key = (s, r, rule)
        if key in memo:
            return memo[key]
        verdict = rules.verdict(s)
        if verdict is not None:
            out = end(verdict)
        elif r == max_rounds or (rule and after and r == after):
            if stalemate(s):
                out = end("draw")
            elif rule and after and r == after:
                w = rules.withdraw(s) if hasattr(rules, "withdraw") else None
                if w is None:
                    out = end("retreated")
                elif r == max_rounds:
                    out = end("undecided")
                else:
                    out = node(w, r, False)
            else:
                out = end("undecided")
        else:
            leave = False
            if rule:
                leave = few > 0 and rules.attacker_units(s) <= few
                if not leave and below > 0:
                    on = fight(s, r, rule)["attacker"]
                    if abs(on - below) < 1e-9:
                        raise _Tie()
                    leave = on < below
            if leave:
                w = rules.withdraw(s) if hasattr(rules, "withdraw") else None
                if w is None:
                    out = end("retreated")
                else:
                    out = end("draw") if stalemate(w) else fight(w, r, rule)
            elif stalemate(s):
                out = end("draw")
            else:
                out = fight(s, r, rule)
        memo[key] = out
        return out

    return node(rules.initial_state(), 0, True)


def _random_case(rng: random.Random) -> tuple[str, dict]:
    edition = rng.choice(["1942se", "1940se"])
    land = ["infantry", "artillery", "armor"] + (["mech_infantry"] if edition == "1940se" else [])
    units: dict = {}
    for _ in range(rng.randint(2, 3)):
        u = rng.choice(land + ["fighter"])
        units[u] = units.get(u, 0) + 1
    landed = {}
    if rng.random() < 0.8:
        choices = [u for u in units if u != "fighter"]
        if choices:
            u = rng.choice(choices)
            landed[u] = rng.randint(1, units[u])
    defence: dict = {}
    for _ in range(rng.randint(1, 3)):
        u = rng.choice(land)
        defence[u] = defence.get(u, 0) + 1
    max_rounds = rng.randint(1, 4)
    options = {"dice": rng.choice(["lowluck", "standard"]), "battle": "land",
               "max_rounds": max_rounds}
    after = rng.choice([0, 0, 1, 2, 3])
    if after and after <= max_rounds:
        options["retreat_after"] = after
    below = rng.choice([0.0, 0.17, 0.43, 0.61, 0.77, 0.93])
    if below:
        options["retreat_below"] = below
    if rng.random() < 0.3:
        options["retreat_when_units"] = rng.randint(1, 2)
    attacker = {"units": units}
    if landed:
        attacker["amphibious"] = landed
    return edition, {"options": options, "attacker": attacker, "defender": {"units": defence}}


@pytest.mark.parametrize("seed", range(6))
def test_retreat_rules_agree_with_a_brute_force(seed):
    rng = random.Random(3700 + seed)
    checked = 0
    while checked < 12:
        edition, doc = _random_case(rng)
        body = payload(edition, doc)
        rules = lowluck.make_rules(body)
        o = doc["options"]
        try:
            want = brute_force(rules, o["max_rounds"], o.get("retreat_after", 0),
                               o.get("retreat_below", 0.0), o.get("retreat_when_units", 0))
        except _Tie:
            continue
        got = compute(lowluck.RULESET, body)
        case = f"{edition} {doc}"
        assert got.attacker_wins == pytest.approx(want["attacker"], abs=1e-9), case
        assert got.draw == pytest.approx(want["draw"], abs=1e-9), case
        assert got.undecided == pytest.approx(want["undecided"], abs=1e-9), case
        assert got.retreated == pytest.approx(want["retreated"], abs=1e-9), case
        assert got.defender_wins == pytest.approx(want["defender"] + want["retreated"],
                                                  abs=1e-9), case
        checked += 1


def test_the_brute_force_finds_the_issue_figures():
    """The brute force is no copy of the engine: it gives the issue's reference."""
    rules = lowluck.make_rules(payload("1942se", ISSUE))
    want = brute_force(rules, 2, 1, 0.7, 0)
    assert round(want["attacker"], 4) == 0.1728 and round(want["undecided"], 4) == 0.3086
