"""The phases of a Low Luck round (docs/rules.md §2): round 1's AA fire, the attacking
submarines' first strike (sea battles), then everyone's fire.

Each phase reads its side's numbers and casualty policy from the battle's ``LowLuckRules``
(``rules``, which imports this module: hence no import of it here); ``resolve`` is written
for a batch of rolls (``resolve_many``: the simulator), one roll being a batch of one (the
table side, enumeration).
"""
from __future__ import annotations

import numpy as np

from ...battle import Phase
from ...text import msg, plural
from .casualties import AIR, SEA
from .hits import tally


class AAFire(Phase):
    """Round 1: the defender's AA guns fire at the attacking aircraft (Classic and the later
    editions: ``rules.aa_shots`` says how many shots; hit aircraft go by the order of loss)."""

    name = msg("AA fire")

    def __init__(self, rules: "LowLuckRules"):
        self.rules = rules

    def groups(self, state):
        """The guns' shots (``rules.aa_shots``), each hitting on ``rules.aa_hit`` or less
        (1; 2 with radar)."""
        return ((self.rules.aa_shots(state), self.rules.aa_hit(state)),)

    def dice(self, state):
        return self.rules.dice.dice("defender", self.groups(state), "aa")

    def sure_hits(self, state):
        return self.rules.dice.sure("defender", self.groups(state))

    def resolve(self, state, rolled):
        return int(self.hits_many(state, np.asarray(rolled, dtype=np.int64).reshape(1, -1))[0])

    def resolve_many(self, state, rolled):
        return tally(self.hits_many(state, rolled))

    def hits_many(self, state, rolled: np.ndarray) -> np.ndarray:
        """Aircraft shot down by each roll (the dice system's hits of the shots)."""
        return self.rules.dice.hits_many(self.groups(state), rolled)

    def outcome_dist(self, state):
        return self.rules.dice.hit_dist(self.groups(state))

    def propose(self, state, outcome):
        after = self.rules.att_cas.policy(state[0], outcome, AIR)
        return {"attacker": self.rules.att_cas.as_choice(state[0], after)}

    def apply(self, state, outcome, choice=None):
        pick = (choice or {}).get("attacker")
        return (self.rules.att_cas.apply(state[0], outcome, AIR, pick), state[1], state[2])

    def explain(self, state, rolled):
        hits = self.resolve(state, rolled)
        return plural(hits, "AA fire: one aircraft shot down", "AA fire: {n} aircraft shot down")


class SubmarineStrike(Phase):
    """Attacking submarines fire first; the defender loses sea units before firing back."""

    name = msg("submarine first strike")

    def __init__(self, rules: "LowLuckRules"):
        self.rules = rules

    def groups(self, state):
        i = self.rules.sub_index
        return ((state[0][i] * self.rules.att.dice[i], self.rules.att.values[i]),)

    def dice(self, state):
        i = self.rules.sub_index
        return self.rules.side_dice("attacker", self.groups(state), "submarines",
                                    (((self.rules.ids[i], state[0][i]),),))

    def sure_hits(self, state):
        i = self.rules.sub_index
        return self.rules.dice.sure("attacker", self.groups(state),
                                    (((self.rules.ids[i], state[0][i]),),))

    def resolve(self, state, rolled):
        return self.rules.hits_from(self.groups(state), rolled)

    def resolve_many(self, state, rolled):
        return tally(self.rules.hits_many(self.groups(state), rolled))

    def outcome_dist(self, state):
        return self.rules.hit_dist(self.groups(state))

    def propose(self, state, outcome):
        after = self.rules.def_cas.policy(state[1], outcome, SEA)
        return {"defender": self.rules.def_cas.as_choice(state[1], after)}

    def apply(self, state, outcome, choice=None):
        pick = (choice or {}).get("defender")
        return (state[0], self.rules.def_cas.apply(state[1], outcome, SEA, pick), state[2])

    def explain(self, state, rolled):
        hits = self.resolve(state, rolled)
        return plural(hits, "Submarines' first strike: {n} hit on sea units",
                      "Submarines' first strike: {n} hits on sea units")


class MainFire(Phase):
    """All other attacking units and all defending units fire at once."""

    name = msg("fire")

    def __init__(self, rules: "LowLuckRules"):
        self.rules = rules

    def att_groups(self, state):
        r = self.rules
        return tuple((n * r.att.dice[i], r.att.values[i]) for i, n in enumerate(state[0])
                     if n and i not in r.first_strike)

    def def_groups(self, state):
        r = self.rules
        return tuple((n * r.dfn.dice[i], r.dfn.values[i]) for i, n in enumerate(state[1]) if n)

    def att_units(self, state):
        """Who rolls each of ``att_groups`` (``dice.GroupUnits``)."""
        r = self.rules
        return tuple(((r.ids[i], n),) for i, n in enumerate(state[0])
                     if n and i not in r.first_strike)

    def def_units(self, state):
        r = self.rules
        return tuple(((r.ids[i], n),) for i, n in enumerate(state[1]) if n)

    def sure_hits(self, state):
        r = self.rules
        return (r.dice.sure("attacker", self.att_groups(state), self.att_units(state)) +
                r.dice.sure("defender", self.def_groups(state), self.def_units(state)))

    def dice(self, state):
        r = self.rules
        return (r.side_dice("attacker", self.att_groups(state), "attack",
                            self.att_units(state)) +
                r.side_dice("defender", self.def_groups(state), "defence",
                            self.def_units(state)))

    def resolve(self, state, rolled):
        (outcome,) = self.resolve_many(state, np.asarray(rolled, dtype=np.int64).reshape(1, -1))
        return outcome

    def resolve_many(self, state, rolled):
        """(attacker hits, defender hits) of each roll, tallied."""
        r = self.rules
        a_groups, d_groups = self.att_groups(state), self.def_groups(state)
        n_a = len(r.side_dice("attacker", a_groups, ""))
        a = r.hits_many(a_groups, rolled[:, :n_a])
        d = r.hits_many(d_groups, rolled[:, n_a:])
        base = int(d.max()) + 1
        return {(c // base, c % base): n for c, n in tally(a * base + d).items()}

    def outcome_dist(self, state):
        r = self.rules
        return r.hit_dist(self.att_groups(state)).joint(r.hit_dist(self.def_groups(state)))

    def propose(self, state, outcome):
        r = self.rules
        a_after = r.att_cas.policy(state[0], outcome[1], None)
        d_after = r.def_cas.policy(state[1], outcome[0], None)
        return {"attacker": r.att_cas.as_choice(state[0], a_after),
                "defender": r.def_cas.as_choice(state[1], d_after)}

    def apply(self, state, outcome, choice=None):
        r = self.rules
        choice = choice or {}
        return (r.att_cas.apply(state[0], outcome[1], None, choice.get("attacker")),
                r.def_cas.apply(state[1], outcome[0], None, choice.get("defender")),
                state[2])

    def explain(self, state, rolled):
        a, d = self.resolve(state, rolled)
        return plural(a, "Fire: the attacker scores {n} hit, the defender {d}",
                      "Fire: the attacker scores {n} hits, the defender {d}", d=d)
