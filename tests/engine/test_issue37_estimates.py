"""Issue 37: refusals come at once. A 1940 amphibious battle with ``retreat_below`` passed the
up-front estimate and was refused by the running count after 10 s of CPU and 890 MB: the
estimate looked at the first pass only, and it was a typical figure, not a bound.

Now the estimate a run is checked against bounds the transitions all its passes count —
checked here on random battles of every kind (land, AA guns, amphibious assaults, sea with
submarines and submerging, both dice, round limits, every retreat rule), counting work, never
time."""
from __future__ import annotations

import random

import pytest

from combatassist import limits, solver
from combatassist.errors import EngineError
from combatassist.retreat import run_work_estimate
from combatassist.ruleset import compute
from combatassist.rulesets import lowluck
from combatassist.rulesets.lowluck import retreat_options

from .test_lowluck_editions import payload

LAND = ["infantry", "artillery", "armor", "fighter", "bomber"]
SEA = ["submarine", "destroyer", "cruiser", "battleship", "carrier", "fighter", "transport"]


def random_battle(rng: random.Random, scale: int) -> tuple[str, dict]:
    edition = rng.choice(["1942se", "1940se"])
    kind = rng.choice(["land", "sea"])
    pool = (LAND + (["mech_infantry", "tactical_bomber"] if edition == "1940se" else [])
            if kind == "land" else SEA)

    def side():
        units: dict = {}
        for _ in range(rng.randint(1, 4)):
            u = rng.choice(pool)
            units[u] = units.get(u, 0) + rng.randint(1, scale)
        return units
    att, dfn = {"units": side()}, {"units": side()}
    if kind == "land" and rng.random() < 0.5:
        dfn["units"]["aa_gun"] = rng.randint(1, 2)
    if kind == "land" and att["units"].get("infantry") and rng.random() < 0.6:
        att["amphibious"] = {"infantry": rng.randint(1, att["units"]["infantry"])}
    for s in (att, dfn):
        if kind == "sea" and "submarine" in s["units"] and rng.random() < 0.3:
            s["submerge"] = True
    options = {"battle": kind, "dice": rng.choice(["standard", "lowluck"])}
    if rng.random() < 0.6:
        options["retreat_below"] = rng.choice([0.3, 0.6])
    if rng.random() < 0.2:
        options["retreat_when_units"] = rng.randint(1, 3)
    if rng.random() < 0.3:
        options["max_rounds"] = rng.randint(2, 8)
    if rng.random() < 0.3:
        options["retreat_after"] = rng.randint(1, options.get("max_rounds", 3))
    return edition, {"options": options, "attacker": att, "defender": dfn}


class _Counting:
    """Every ``Transitions`` a run makes, to add up what their running counts counted."""

    def __init__(self, monkeypatch):
        self.made: list = []
        real = solver.Transitions.__init__

        def init(this, *args, **kwargs):
            real(this, *args, **kwargs)
            self.made.append(this)
        monkeypatch.setattr(solver.Transitions, "__init__", init)

    def count(self) -> int:
        return sum(t.transitions for t in self.made)


@pytest.mark.parametrize("seed", range(4))
def test_the_estimate_bounds_the_running_count_on_random_battles(monkeypatch, seed):
    rng = random.Random(3737 + seed)
    counting = _Counting(monkeypatch)
    worst = 0.0
    counted = 0
    for _ in range(30):
        edition, doc = random_battle(rng, rng.choice([3, 6, 10]))
        try:
            body = payload(edition, doc)
        except Exception:        # noqa: BLE001 - e.g. an attacking AA gun: drawn again
            continue
        rules = lowluck.make_rules(body)
        estimate = run_work_estimate(rules, retreat_options(body.options),
                                     body.options.max_rounds)
        counting.made.clear()
        try:
            compute(lowluck.RULESET, body)
        except EngineError:
            assert estimate is not None and estimate > limits.MAX_EXACT_TRANSITIONS / 4
            continue
        count = counting.count()
        if count:
            counted += 1
            assert estimate is not None and estimate >= count, (edition, doc, count, estimate)
            worst = max(worst, count / estimate)
    assert counted >= 5
    print(f"seed {seed}: {counted} battles counted, count / estimate at most {worst:.2f}")


def test_the_issue_battle_is_refused_at_once(monkeypatch):
    """30 landed infantry, 10 mech infantry, 10 armor, 5 tactical bombers against 40 infantry
    and 2 AA guns, ordinary dice, retreat_below 0.3: refused before a single round is
    solved (it used to count 5,000,000 transitions first)."""
    body = payload("1940se", {
        "options": {"dice": "standard", "battle": "land", "retreat_below": 0.3},
        "attacker": {"units": {"infantry": 30, "mech_infantry": 10, "armor": 10,
                               "tactical_bomber": 5}, "amphibious": {"infantry": 30}},
        "defender": {"units": {"infantry": 40, "aa_gun": 2}}})
    counting = _Counting(monkeypatch)
    with pytest.raises(EngineError, match="exact-solver transitions"):
        compute(lowluck.RULESET, body)
    assert counting.count() == 0
