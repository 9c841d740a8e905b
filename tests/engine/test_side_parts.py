"""The players' "attacker: …; defender: …" casualty text, read the same way by every ruleset
(``choices.side_parts``): parts in any order, a side left out keeps the proposal, a part
without a known side refused in one line."""
from __future__ import annotations

import pytest

from combatassist.choices import side_parts
from combatassist.errors import EngineError
from combatassist.rulesets.mediumluck.choices import parse_casualties
from combatassist.rulesets.ur.choices import parse_ur_choice


def refuse(part):
    return EngineError(f"bad part '{part}'")


def test_parts_in_any_order_blank_ones_skipped():
    parts = list(side_parts(" Defender: 2 x ;; attacker:1 ", ("attacker", "defender"), refuse,
                            lower=True))
    assert parts == [("defender", " 2 x "), ("attacker", "1 ")]
    with pytest.raises(EngineError, match="bad part 'Defender: 1'"):
        list(side_parts("Defender: 1", ("attacker", "defender"), refuse))   # case kept


def test_medium_luck_and_ur_texts_keep_the_side_left_out_and_refuse_an_unknown_one():
    proposal = {"attacker": ["white infantry"], "defender": ["red tank"]}
    assert parse_casualties("defender: none", proposal) == {"attacker": ["white infantry"],
                                                            "defender": []}
    with pytest.raises(EngineError, match="start each part with 'attacker:' or 'defender:'"):
        parse_casualties("both: none", proposal)
    hits = [(1, 0), (2,)]
    assert parse_ur_choice("DEFENDER: 0", hits) == ((1, 0), (0,))
    with pytest.raises(EngineError, match="write the hits per unit like"):
        parse_ur_choice("someone: 1", hits)
