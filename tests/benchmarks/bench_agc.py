"""AGC benchmarks: one exact combat resolution with 30 units per side (target 50 ms)."""
from __future__ import annotations

from combatassist.rulesets import agc
from combatassist.rulesets.agc import AgcScenario, AgcSide

THIRTY_EACH = AgcScenario(
    "forest",
    AgcSide({"armor": 8, "infantry": 10, "urban_infantry": 2, "artillery": 4, "aad": 2,
             "engineers": 2, "air_support": 2}),
    AgcSide({"armor": 6, "infantry": 12, "artillery": 4, "aad": 3, "engineers": 3,
             "air_support": 2}))
INFANTRY_SIDES = AgcScenario("jungle", AgcSide({"infantry": 30}), AgcSide({"jungle_infantry": 30}))


def exact_thirty_each():
    agc.compute(THIRTY_EACH)


def exact_thirty_infantry():
    agc.compute(INFANTRY_SIDES)


def simulate_thirty_each():
    agc.compute(THIRTY_EACH, method="simulate", trials=100_000, seed=1)


simulate_thirty_each.repeat = 1

BENCHMARKS = [
    ("exact, 30 units per side, both AAD contests", 0.050, exact_thirty_each),
    ("exact, 30 infantry per side", 0.050, exact_thirty_infantry),
    ("simulate 100k, 30 units per side", 2.0, simulate_thirty_each),
]
