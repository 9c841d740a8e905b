"""The table side's dice as the players roll them (``combatassist.table.dice_groups``): the
dice name the units that roll them, hit dice group by hit value, a count of hits stands for
faces, and a battle decided mid-round isn't asked for the rest of it (issue 36)."""
from __future__ import annotations

import itertools
import math
import random

import pytest

from combatassist.errors import EngineError
from combatassist.table import TableBattle, assemble, dice_groups, rules_from_scenario, split

SEA = """ruleset = "lowluck"
[options]
edition = "1942se"
battle = "sea"
dice = "{dice}"
[attacker]
units = {{ submarine = 2, destroyer = 1, carrier = 1, battleship = 1, fighter = 2 }}
[defender]
units = {{ submarine = 1, destroyer = 1, cruiser = 1, transport = 1 }}
"""


def battle(text: str) -> TableBattle:
    rules, ruleset = rules_from_scenario(text)
    return TableBattle(rules, scenario_text=text, ruleset=ruleset)


def test_pooled_sea_dice_name_every_unit_not_submarines():
    """Issue 36 item 1: the attacker's carrier, destroyer, battleship and fighters pooled
    with its submarines (their hits may take the same ships) were all labelled
    'submarines: hit on … or less'. Each die now says the side's attack and names the
    units that roll it."""
    b = battle(SEA.format(dice="standard"))
    att = [d for d in b.dice() if d.side == "attacker"]
    assert len(att) == 7
    assert not any("submarines" in d.label for d in att)
    by_value = {d.hit_on: str(d.units) for d in att}
    assert by_value == {1: "1 carrier", 2: "1 destroyer, 2 submarine", 3: "2 fighter",
                        4: "1 battleship"}
    assert {d.label for d in att if d.hit_on == 4} == {"attack: hit on 4 or less"}
    # the defender's lone submarine rolls on its own: its label may say so
    dfn = [d for d in b.dice() if d.side == "defender"]
    assert {(d.hit_on, str(d.units)) for d in dfn} == {(1, "1 submarine"), (2, "1 destroyer"),
                                                      (3, "1 cruiser")}
    # low luck: one die per firing group, naming all its units and its sure hits
    b = battle(SEA.format(dice="lowluck"))
    (a,) = [d for d in b.dice() if d.side == "attacker"]
    assert a.sure_hits == 2 and a.hit_on == 5          # power 17 = 2 × 6 + 5
    assert str(a.units) == "1 carrier, 1 destroyer, 1 battleship, 2 submarine, 2 fighter"


def test_groups_by_side_and_hit_value_and_assemble_back():
    b = battle(SEA.format(dice="standard"))
    specs = b.dice()
    groups = dice_groups(specs)
    assert [(g.spec.side, g.spec.hit_on, g.count) for g in groups] == [
        ("attacker", 1, 1), ("attacker", 2, 3), ("attacker", 3, 2), ("attacker", 4, 1),
        ("defender", 1, 1), ("defender", 2, 1), ("defender", 3, 1)]
    assert sorted(i for g in groups for i in g.indices) == list(range(len(specs)))
    rng = random.Random(4)
    for _ in range(50):
        rolled = tuple(rng.randint(1, 6) for _ in specs)
        assert assemble(groups, split(groups, rolled)) == rolled
        # a group's faces in another order resolve the same (the dice are interchangeable)
        shuffled = [tuple(rng.sample(f, len(f))) for f in split(groups, rolled)]
        assert b.preview(assemble(groups, shuffled)).outcome == b.preview(rolled).outcome
    with pytest.raises(EngineError, match="expected 3 dice, got 2"):
        assemble(groups, [(1,), (1, 2), (1, 1), (1,), (1,), (1,), (1,)])


def test_a_count_of_hits_resolves_like_any_faces_scoring_it():
    """Entering "2 hits" for a group is the same as any faces that score 2 hits there."""
    b = battle(SEA.format(dice="standard"))
    groups = dice_groups(b.dice())
    g = groups[1]                               # the attacker's three dice hitting on 2
    for hits in range(4):
        faces = g.faces_from_hits(hits)
        assert g.hits(faces) == hits
        for other in itertools.product(range(1, 7), repeat=3):
            if g.hits(other) == hits:
                rest = [f if i != 1 else other for i, f in enumerate(split(groups, (6,) * 10))]
                mine = [f if i != 1 else faces for i, f in enumerate(split(groups, (6,) * 10))]
                assert (b.preview(assemble(groups, rest)).outcome ==
                        b.preview(assemble(groups, mine)).outcome)
    with pytest.raises(EngineError, match="0 to 3 hits, not 4"):
        g.faces_from_hits(4)


def test_other_rulesets_dice_keep_their_order():
    """Dice without a hit value (Ur's, Medium Luck's) are grouped only as runs of equal
    neighbours, in the rules' order: their faces may matter by position."""
    from combatassist import rulesets
    from combatassist.scenario import scenario_to_toml
    for name in ("ur", "mediumluck", "agc", "ds2"):
        rs = rulesets.get(name)
        scenario = rs.default_scenario()
        b = TableBattle(rs.make_rules(scenario.body), scenario_text=scenario_to_toml(scenario),
                        ruleset=name)
        specs = b.dice()
        groups = dice_groups(specs)
        assert [i for g in groups for i in g.indices] == list(range(len(specs))), name
        assert not any(g.countable for g in groups), name


SUBS = """ruleset = "lowluck"
[options]
edition = "1942se"
battle = "sea"
dice = "standard"
[attacker]
units = { submarine = 3, fighter = 1 }
[defender]
units = { submarine = 1, cruiser = 1 }
submerge = true
"""


def test_surprise_strike_leaving_only_submerged_subs_ends_the_battle():
    """Issue 36 item 4: the attacker's surprise strike sinks the cruiser, the defender's
    submarine has submerged: its fighter would fire at nothing. The battle is over after the
    strike (no 'Round 1 — fire', no hits logged against nothing); undo takes the round back
    and redo plays it again."""
    b = battle(SUBS)
    b.enter(())                                       # submerge
    assert b.current_phase().name == "surprise strike"
    b.enter((1, 1, 1))
    assert b.is_over() and b.verdict() == "attacker" and b.rounds_played == 1
    assert [line.phase for line in b.log] == ["submerge", "surprise strike"]
    saved = b.to_json()
    again = TableBattle.from_json(saved)               # the short round replays
    assert again.is_over() and again.state == b.state
    b.undo()
    assert not b.is_over() and b.round_number == 1 and not b.log
    b.redo()
    assert b.is_over() and b.verdict() == "attacker"
    # a miss leaves the cruiser: the round goes on to the fire
    b.undo()
    b.enter(())
    b.enter((6, 6, 6))
    assert not b.is_over() and b.current_phase().name == "fire"


def test_a_saved_round_cut_short_that_isnt_void_is_refused():
    b = battle(SUBS)
    b.enter(())
    b.enter((6, 6, 6))                                # the cruiser survives
    data = b.to_json()
    data["rounds"] = [data["current"]]
    data["current"] = []
    with pytest.raises(Exception, match="phases, but 2 were recorded"):
        TableBattle.from_json(data)


def test_expected_hits_of_a_group_by_brute_force():
    """A group's hit count over all its faces: binomial, as the exact tables say."""
    b = battle(SEA.format(dice="standard"))
    g = dice_groups(b.dice())[1]
    counts = [0] * 4
    for faces in itertools.product(range(1, 7), repeat=3):
        counts[g.hits(faces)] += 1
    assert counts == [math.comb(3, k) * 2 ** k * 4 ** (3 - k) for k in range(4)]


def test_low_luck_groups_that_roll_nothing_say_their_sure_hits():
    """A low-luck group whose power is whole sixes rolls no die: the phase says its sure
    hits (and who scores them), so the players see them beside the dice they roll."""
    text = """ruleset = "lowluck"
[options]
edition = "1942se"
battle = "land"
dice = "lowluck"
[attacker]
units = { infantry = 2, armor = 2 }
[defender]
units = { infantry = 6 }
"""
    b = battle(text)
    # attacker power 2 + 6 = 8: 1 sure hit and a die; defender 6 × 2 = 12: 2, no die
    assert [(d.side, d.sure_hits, d.hit_on) for d in b.dice()] == [("attacker", 1, 2)]
    assert [(side, hits, str(who)) for side, hits, who in b.sure_hits()] == [
        ("defender", 2, "6 infantry")]
    outcome = b.preview((6,)).outcome               # the attacker's die misses
    assert b.preview((6,)).explanation.endswith("the defender 2")
    assert outcome is not None
    # ordinary dice have no sure hits
    assert battle(text.replace('"lowluck"\n[attacker]', '"standard"\n[attacker]')
                  ).sure_hits() == ()
