"""Issue 37: readings the docs left open, now said in docs/rules.md §2b and checked here by
hand-worked figures and a brute force over the rules' rounds.

- With ``max_rounds``, a stalemate the last round leaves is a draw (a stalemate), not
  undecided: nothing could happen in a further round.
- A submerging submarine against a lone transport: the transport is lost first (as a round's
  end would take it), before the submarine could submerge.
- Low luck pools the groups that may hit the same units; the pool's hits are taken at the
  place of the first of its kinds (submarines before aircraft).
- The default order of loss breaks 1940's tie (defending artillery and mech infantry: cost 4,
  defence 2) by the other role's value: mech infantry (attack 1) before artillery (attack 2).
"""
from __future__ import annotations

import math
import random

import pytest

from combatassist.ruleset import compute
from combatassist.rulesets import lowluck
from combatassist.rulesets.lowluck.edition import default_order, shipped

from .test_issue37_retreat import _Tie, brute_force
from .test_lowluck_editions import payload


def _sim_agrees(body, exact, trials=20_000, keys=("attacker_wins", "draw", "undecided")):
    sim = compute(lowluck.RULESET, body, method="simulate", trials=trials, seed=37)
    for key in keys:
        p = getattr(exact, key)
        assert abs(getattr(sim, key) - p) <= 5 * math.sqrt(max(p * (1 - p), 1e-6) / trials), key


# -- a stalemate made in the last round ---------------------------------------------------
@pytest.mark.parametrize("dice", ["standard", "lowluck"])
@pytest.mark.parametrize("edition", ["1942se", "1940se"])
def test_a_stalemate_the_last_round_leaves_is_a_draw(edition, dice):
    """A submarine and a destroyer (2 each) against a fighter (4), one round: the fighter
    takes the destroyer and survives with 4/6 x 4/6 = 4/9 — a submarine and a fighter can't
    hurt each other: a stalemate, a draw, not undecided. Both miss (2/9): undecided."""
    body = payload(edition, {"options": {"battle": "sea", "dice": dice, "max_rounds": 1},
                             "attacker": {"units": {"submarine": 1, "destroyer": 1}},
                             "defender": {"units": {"fighter": 1}}})
    res = compute(lowluck.RULESET, body)
    assert res.draw == pytest.approx(4 / 9, abs=1e-12)
    assert res.stalemate == pytest.approx(4 / 9, abs=1e-12)
    assert res.undecided == pytest.approx(2 / 9, abs=1e-12)
    assert res.attacker_wins == pytest.approx(1 / 3, abs=1e-12)
    _sim_agrees(body, res)


def _random_sea(rng: random.Random) -> tuple[str, dict]:
    edition = rng.choice(["1942se", "1940se"])
    kinds = ["submarine", "destroyer", "fighter", "transport", "cruiser"]

    def side():
        units: dict = {}
        for _ in range(rng.randint(1, 3)):
            u = rng.choice(kinds)
            units[u] = units.get(u, 0) + 1
        out = {"units": units}
        if "submarine" in units and rng.random() < 0.4:
            out["submerge"] = True
        return out
    options = {"battle": "sea", "dice": rng.choice(["lowluck", "standard"]),
               "max_rounds": rng.randint(1, 3)}
    if rng.random() < 0.3:
        options["retreat_below"] = rng.choice([0.29, 0.51, 0.73])
    return edition, {"options": options, "attacker": side(), "defender": side()}


@pytest.mark.parametrize("seed", range(4))
def test_sea_battles_with_a_round_limit_agree_with_the_brute_force(seed):
    """Random small fleets (submarines, destroyers, fighters, transports, submerging sides,
    a round limit): the engine's solvers against a walk of the game tree that counts a
    stalemate at the limit as a draw."""
    rng = random.Random(4200 + seed)
    checked = 0
    while checked < 10:
        edition, doc = _random_sea(rng)
        body = payload(edition, doc)
        rules = lowluck.make_rules(body)
        o = doc["options"]
        try:
            want = brute_force(rules, o["max_rounds"], 0, o.get("retreat_below", 0.0), 0)
        except _Tie:
            continue
        got = compute(lowluck.RULESET, body)
        case = f"{edition} {doc}"
        for key, mine in (("attacker", got.attacker_wins), ("draw", got.draw),
                          ("undecided", got.undecided), ("retreated", got.retreated)):
            assert mine == pytest.approx(want[key], abs=1e-9), (key, case)
        checked += 1


# -- a submerging submarine against a lone transport ----------------------------------------
@pytest.mark.parametrize("dice", ["standard", "lowluck"])
@pytest.mark.parametrize("submerge", [True, False])
@pytest.mark.parametrize("sub_side", ["attacker", "defender"])
def test_a_lone_transport_is_lost_before_a_submarine_submerges(dice, submerge, sub_side):
    """It used to depend on the submarine's choice: submerging first, it left its side with
    nothing in the battle — the lone transport won. The transports are lost first, whatever
    the submarine would do, before any round (0 rounds fought)."""
    other = "defender" if sub_side == "attacker" else "attacker"
    sub = {"units": {"submarine": 1}}
    if submerge:
        sub["submerge"] = True
    body = payload("1940se", {"options": {"battle": "sea", "dice": dice},
                              sub_side: sub, other: {"units": {"transport": 2}}})
    res = compute(lowluck.RULESET, body)
    wins = res.attacker_wins if sub_side == "attacker" else res.defender_wins
    assert wins == pytest.approx(1.0, abs=1e-12)
    assert res.expected_rounds == pytest.approx(0.0, abs=1e-12)
    lost = res.figures.defender_ipc_lost if sub_side == "attacker" else \
        res.figures.attacker_ipc_lost
    assert lost == pytest.approx(14.0, abs=1e-9)          # two transports, 7 each
    _sim_agrees(body, res, trials=2_000, keys=("attacker_wins", "defender_wins"))


def test_the_same_position_reached_after_a_round_ends_the_same_way():
    """Submarine (submerging) and fighter against a destroyer and a transport: once the
    destroyer is gone the transport is lost at the round's end — as at the start now."""
    body = payload("1940se", {"options": {"battle": "sea", "dice": "standard"},
                              "attacker": {"units": {"submarine": 1, "fighter": 1},
                                           "submerge": True},
                              "defender": {"units": {"destroyer": 1, "transport": 1}}})
    res = compute(lowluck.RULESET, body)
    # round 1: the fighter (3) takes the destroyer with 1/2, the destroyer (2) the fighter
    # with 1/3 (the submarine submerged: the destroyer is there, so it doesn't); a transport
    # left alone is then lost while the submarine can fire
    assert res.attacker_wins + res.defender_wins + res.draw == pytest.approx(1.0)
    _sim_agrees(body, res, keys=("attacker_wins", "defender_wins", "draw"))


# -- where a low-luck pool stands in the hit order ------------------------------------------
POOL = {"attacker": {"units": {"submarine": 1, "cruiser": 1, "fighter": 1}},
        "defender": {"units": {"submarine": 1, "destroyer": 1},
                     "order_of_loss": ["destroyer", "submarine"]}}


def test_a_low_luck_pool_takes_its_hits_at_the_submarines_place():
    """The defender has no aircraft: the attacking submarine (2) and cruiser (3) may hit the
    same units and roll as one pool (5: a hit with 5/6), taken where the submarines stand —
    before the fighter (3: 1/2), whose hits can't take a submarine (no attacking destroyer).
    The pool takes the destroyer first (the defender's order), so the fighter's hit finds no
    unit it may take and the defending submarine survives. When the defending submarine's
    surprise strike (1: 1/6) took the attacking one, the cruiser alone is "the rest", after
    the fighter: the fighter takes the destroyer (1/2), the cruiser then the submarine (1/2).
    P(submarine lost) = 1/6 x 1/2 x 1/2 = 1/24 (taken after the fighter, the pool would take
    it with 1/2 x 5/6 more); P(destroyer survives) = 5/6 x 1/6 x 1/2 + 1/6 x 1/4 = 1/9."""
    body = payload("1942se", {**POOL, "options": {"battle": "sea", "dice": "lowluck",
                                                  "max_rounds": 1}})
    res = compute(lowluck.RULESET, body)
    survivors = res.figures.survivors["defender"]
    assert survivors["submarine"] == pytest.approx(23 / 24, abs=1e-12)
    assert survivors.get("destroyer", 0.0) == pytest.approx(1 / 9, abs=1e-12)


def test_with_ordinary_dice_each_kind_keeps_its_place():
    """Submarine's hit (1/3, if the surprise strike (1/6) spared it), then the fighter's (1/2)
    — neither may take a submarine but they take the destroyer — then the cruiser's (1/2),
    which takes the submarine once the destroyer is gone: P = 1/2 x (1 - 13/18 x 1/2) = 23/72."""
    body = payload("1942se", {**POOL, "options": {"battle": "sea", "dice": "standard",
                                                  "max_rounds": 1}})
    res = compute(lowluck.RULESET, body)
    lost = 1.0 - res.figures.survivors["defender"].get("submarine", 0.0)
    assert lost == pytest.approx(23 / 72, abs=1e-12)


# -- the tie in the default order of loss ---------------------------------------------------
def test_1940_mech_infantry_is_lost_before_artillery_by_rule():
    for role in ("attacker", "defender"):
        order = default_order(shipped("1940se"), None, role)
        assert order.index("mech_infantry") < order.index("artillery")
    # the rule, not the file's order: the same units listed the other way round
    import dataclasses
    edition = shipped("1940se")
    units = list(edition.units)
    i, j = (next(k for k, u in enumerate(units) if u.id == name)
            for name in ("mech_infantry", "artillery"))
    units[i], units[j] = units[j], units[i]
    swapped = dataclasses.replace(edition, units=tuple(units))
    assert swapped.ids.index("artillery") < swapped.ids.index("mech_infantry")
    for role in ("attacker", "defender"):
        order = default_order(swapped, None, role)
        assert order.index("mech_infantry") < order.index("artillery")


def test_a_defender_hit_once_loses_its_mech_infantry():
    """Infantry (1) against a defending artillery and mech infantry, one round, low luck:
    the attack's one sure hit... 1 pip: a hit with 1/6, and it takes the mech infantry."""
    body = payload("1940se", {"options": {"dice": "lowluck", "max_rounds": 1},
                              "attacker": {"units": {"armor": 2}},
                              "defender": {"units": {"artillery": 1, "mech_infantry": 1}}})
    res = compute(lowluck.RULESET, body)
    surv = res.figures.survivors["defender"]
    # 6 pips: exactly one hit, always the mech infantry
    assert surv["artillery"] == pytest.approx(1.0, abs=1e-12)
    assert surv.get("mech_infantry", 0.0) == pytest.approx(0.0, abs=1e-12)
