"""The luck of the roll and the odds from here at the table (issue 36), cross-checked: the
percentile by brute force over every roll, the battle's luck as the convolution of its
rolls, the expected further losses and IPC against the odds from the start, a retreat's
branch, and the saved battle keeping the luck (older files without it load)."""
from __future__ import annotations

import itertools
import json
import math
import random

import pytest

from combatassist.battle import DieSpec
from combatassist.errors import ScenarioError
from combatassist.table import (TableBattle, branch_of, ipc_lost, odds_from, retreat_branch,
                                roll_luck, rules_from_scenario, total_luck)

LAND = """ruleset = "lowluck"
[options]
edition = "1942se"
battle = "land"
dice = "{dice}"
[attacker]
units = {{ infantry = 3, artillery = 1, armor = 2 }}
[defender]
units = {{ infantry = 3, armor = 1 }}
"""


def battle(text: str) -> TableBattle:
    rules, ruleset = rules_from_scenario(text)
    return TableBattle(rules, scenario_text=text, ruleset=ruleset)


def brute_percentile(specs, rolled, side):
    """P(fewer hits) + half P(as many), over every face of the side's dice."""
    mine = [(s, f) for s, f in zip(specs, rolled) if s.side == side]
    hits = sum(s.sure_hits + (f <= s.hit_on) for s, f in mine)
    below = equal = 0
    total = 0
    for faces in itertools.product(*(range(1, s.sides + 1) for s, _ in mine)):
        h = sum(s.sure_hits + (f <= s.hit_on) for (s, _), f in zip(mine, faces))
        below += h < hits
        equal += h == hits
        total += 1
    return hits, (below + equal / 2) / total


@pytest.mark.parametrize("dice", ["standard", "lowluck"])
def test_the_percentile_of_a_roll_by_brute_force(dice):
    b = battle(LAND.format(dice=dice))
    specs = b.dice()
    rng = random.Random(7)
    for _ in range(20):
        rolled = tuple(rng.randint(1, 6) for _ in specs)
        luck = roll_luck(specs, rolled)
        for side in ("attacker", "defender"):
            if not any(s.side == side for s in specs):
                continue
            hits, share = brute_percentile(specs, rolled, side)
            assert luck[side].hits == hits
            assert luck[side].percentile == pytest.approx(share, abs=1e-12)
            assert math.fsum(luck[side].dist) == pytest.approx(1.0)


def test_mixed_dice_and_certain_hits():
    # a die of another kind: no luck for its side; a die that always hits: certain
    specs = (DieSpec("attacker", 6, "x", 2), DieSpec("attacker", 6, "other"),
             DieSpec("defender", 6, "y", 6))
    luck = roll_luck(specs, (1, 3, 4))
    assert "attacker" not in luck
    assert luck["defender"].certain and luck["defender"].percentile == 0.5


def test_the_battles_luck_is_the_convolution_of_its_rolls():
    b = battle(LAND.format(dice="standard"))
    rng = random.Random(3)
    rolls = []
    while not b.is_over() and len(rolls) < 3:
        rolled = b.roll(rng)
        rolls.append((b.dice(), rolled))
        b.enter(rolled)
    whole = b.luck()["attacker"]
    # brute force: every face of every attacker die of those rolls at once
    dice = [s for specs, _ in rolls for s in specs if s.side == "attacker"]
    if len(dice) <= 12:
        counts: dict[int, float] = {}
        for hit in itertools.product((0, 1), repeat=len(dice)):
            p = math.prod(s.hit_on / 6 if h else 1 - s.hit_on / 6 for s, h in zip(dice, hit))
            counts[sum(hit)] = counts.get(sum(hit), 0.0) + p
        for k, p in counts.items():
            assert whole.dist[k] == pytest.approx(p, abs=1e-12)
    assert whole.hits == sum(roll_luck(s, r)["attacker"].hits for s, r in rolls)
    assert whole.expected == pytest.approx(sum(s.hit_on / 6 for s in dice))
    assert total_luck(rolls)["attacker"] == whole


def test_expected_further_losses_and_ipc_count_from_here():
    """Item 5: the figures from a position are the result's (from the start) minus what is
    lost already; checked against the units and costs by hand."""
    b = battle(LAND.format(dice="standard"))
    att = [i for i, s in enumerate(b.dice()) if s.side == "attacker"]
    b.enter(tuple(1 if i in att[:2] else 6 for i in range(len(b.dice()))))   # 2 hits
    assert not b.is_over()
    rules, state = b.rules, b.round_start_state
    result = odds_from(rules, state, ruleset="lowluck")
    here = branch_of(result, rules, state)
    la, ld = rules.losses(state)
    assert ld > 0
    assert here.further_losses[1] == pytest.approx(result.expected_losses()[1] - ld)
    costs = rules.unit_costs()
    start, now = (rules.state_units(s) for s in (rules.initial_state(), state))
    lost_d = sum(costs[u] * n for u, n in start[1].items()) - \
        sum(costs[u] * n for u, n in now[1].items())
    assert ipc_lost(rules, state)[1] == pytest.approx(lost_d)
    assert here.further_ipc[1] == pytest.approx(result.figures.defender_ipc_lost - lost_d)
    assert here.further_ipc[1] <= sum(costs[u] * n for u, n in now[1].items()) + 1e-9


def test_retreat_branch_is_certain_and_an_amphibious_one_is_solved():
    b = battle(LAND.format(dice="standard"))
    away = retreat_branch(b.rules, b.state, "attacker", ruleset="lowluck")
    assert (away.attacker_wins, away.defender_wins, away.takes_territory) == (0.0, 1.0, 0.0)
    assert away.further_ipc == (0.0, 0.0)
    from combatassist.data import examples_dir
    text = (examples_dir() / "lowluck-1942-amphibious.toml").read_text()
    amph = battle(text)
    while amph.round_number < 2 and not amph.is_over():
        amph.enter(tuple(6 for _ in amph.dice()))
    if amph.is_over() or amph.withdrawal("attacker") is None:
        pytest.skip("no landed units left to fight on")
    branch = retreat_branch(amph.rules, amph.state, "attacker", ruleset="lowluck")
    # the same as playing the withdrawal and asking the odds
    amph.between_rounds({"withdraw": "attacker"})
    direct = odds_from(amph.rules, amph.state, ruleset="lowluck")
    assert branch.attacker_wins == pytest.approx(direct.attacker_wins, abs=1e-12)
    assert amph.retreat_refused("attacker") is not None      # withdrawn: no second retreat


def test_the_saved_battle_keeps_the_luck_and_older_files_load():
    b = battle(LAND.format(dice="standard"))
    b.enter(b.roll(random.Random(1)))
    data = json.loads(json.dumps(b.to_json()))
    assert data["luck"]["attacker"]["hits"] == b.luck()["attacker"].hits
    assert TableBattle.from_json(data).luck() == b.luck()
    from combatassist.table import saved
    # a file written before the luck was kept (resealed: the checksum covers every field)
    older = saved.seal({k: v for k, v in data.items() if k != "luck"})
    assert TableBattle.from_json(older).luck() == b.luck()
    claimed = json.loads(json.dumps(data))
    claimed["luck"]["attacker"]["hits"] += 1
    with pytest.raises(ScenarioError, match="other luck than its dice|checksum"):
        TableBattle.from_json(claimed)
    with pytest.raises(ScenarioError, match="other luck than its dice"):
        TableBattle.from_json(saved.seal(claimed))     # even sealed again
