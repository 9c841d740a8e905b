"""What the IPC / survivors / profiles / territory figures cost (issue 15: at most 20 % more
than the odds alone) on the existing benchmark battles: each battle twice, odds only, then
odds + figures, same solver, warm tables. Retreat rules are timed last (not part of the 20 %).
"""
from __future__ import annotations

from combatassist.result import battle_result
from combatassist.rulesets import lowluck, mediumluck
from combatassist.rulesets.lowluck import LowLuckOptions, LowLuckScenario

from .bench_lowluck import BIG, BIG_STANDARD, SEA
from .bench_mediumluck import LARGE, TYPICAL, _setup


def _lowluck(payload, figures: bool):
    def run():
        rules = lowluck.make_rules(payload)
        battle_result("lowluck", rules, lowluck.outcome_of(rules, payload.options),
                      figures=figures)
    return run


def _mediumluck(text, figures: bool):
    """The heuristic grid (what computes these battles with casualties = "heuristic"; the
    chain solver refuses the large one)."""
    setup = _setup(text)

    def run():                                      # best of 3: warm band tables
        rules = mediumluck.make_rules(setup)
        outcome = mediumluck.grid_outcome(mediumluck.HeuristicGrid(rules))
        battle_result("mediumluck", rules, outcome, figures=figures)
    return run


def _with(payload: LowLuckScenario, **options):
    return LowLuckScenario(attacker=payload.attacker, defender=payload.defender,
                           options=LowLuckOptions(**{**payload.options.__dict__, **options}))


BENCHMARKS = []
for _name, _payload in (("lowluck 60v60 land, low luck", BIG),
                        ("lowluck 60v60 land, standard dice", BIG_STANDARD),
                        ("lowluck 30v45 sea, sub first strike", SEA)):
    BENCHMARKS.append((f"{_name}: odds only", None, _lowluck(_payload, False)))
    BENCHMARKS.append((f"{_name}: odds + figures", None, _lowluck(_payload, True)))
for _name, _text in (("mediumluck typical", TYPICAL), ("mediumluck large", LARGE)):
    BENCHMARKS.append((f"{_name}: odds only", None, _mediumluck(_text, False)))
    BENCHMARKS.append((f"{_name}: odds + figures", None, _mediumluck(_text, True)))
BENCHMARKS += [
    ("lowluck 60v60 low luck, retreat_when_units = 20", None,
     lambda: lowluck.compute(_with(BIG, retreat_when_units=20))),
    ("lowluck 60v60 low luck, retreat_below = 0.3", None,
     lambda: lowluck.compute(_with(BIG, retreat_below=0.3))),
]
