"""Low Luck benchmarks: the issue's 60-vs-60 target (0.2 s) and exact vs 100,000 trials."""
from combatassist.rulesets import lowluck
from combatassist.rulesets.lowluck import LowLuckOptions, LowLuckScenario, LowLuckSide
from combatassist.rulesets.lowluck.sbr import compute_sbr
from combatassist.rulesets.lowluck.tech import plan_research

BIG = LowLuckScenario(
    attacker=LowLuckSide(units={"infantry": 30, "armor": 20, "fighter": 7, "bomber": 3}),
    defender=LowLuckSide(units={"infantry": 40, "armor": 10, "fighter": 10}),
    options=LowLuckOptions(aa_gun=True))
BIG_STANDARD = LowLuckScenario(attacker=BIG.attacker, defender=BIG.defender,
                               options=LowLuckOptions(aa_gun=True, dice="standard"))
SEA = LowLuckScenario(
    attacker=LowLuckSide(units={"battleship": 4, "submarine": 10, "fighter": 10, "bomber": 6}),
    defender=LowLuckSide(units={"battleship": 5, "carrier": 5, "fighter": 10, "transport": 10,
                                "submarine": 10}),
    options=LowLuckOptions(battle="sea"))


def simulate_big():
    lowluck.compute(BIG, method="simulate", trials=100_000, seed=1)


def simulate_big_standard():
    lowluck.compute(BIG_STANDARD, method="simulate", trials=100_000, seed=1)


simulate_big.repeat = 1
simulate_big_standard.repeat = 1

BENCHMARKS = [
    ("60 vs 60 land, low luck, AA, exact", 0.2, lambda: lowluck.compute(BIG)),
    ("60 vs 60 land, standard dice, AA, exact", None, lambda: lowluck.compute(BIG_STANDARD)),
    ("30 vs 45 sea, sub first strike, exact", None, lambda: lowluck.compute(SEA)),
    ("60 vs 60 land, low luck, 100,000-trial simulation", None, simulate_big),
    ("60 vs 60 land, standard dice, 100,000-trial simulation", None, simulate_big_standard),
    ("SBR 20 bombers, 2 extra AA, variant B", None,
     lambda: compute_sbr(20, aa=True, extra_aa=2, variant="B")),
    ("tech plan air, 20 rounds", None, lambda: plan_research("air", [18] * 20, 72)),
]
