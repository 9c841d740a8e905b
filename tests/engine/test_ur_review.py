"""Independent review of the Ur engine (docs/rules.md §4 with its decisions).

Every number and rule here is written from docs/rules.md alone — nothing of the engine's rule code
(tables, modifiers, spreading) is imported — and whole battles are solved by a separate exact
recursion in Fractions, then compared with ``compute``.
"""
from __future__ import annotations

import functools
import itertools
from fractions import Fraction

import pytest

from combatassist.rulesets.ur import Position, Side, Unit, UrScenario, Wall, compute

# docs/rules.md §4: (range, melee, melee use, steps).
UNITS = {"infantry": (0, 4, "both", 4), "archers": (4, 1, "defence", 4),
         "cavalry": (0, 6, "attack", 4), "wall_defense": (2, 2, "defence", 4),
         "undead": (0, 3, "attack", 6)}
ATTACK_TERRAIN = {"none": 0, "wood": -1, "city": -1, "bogs": -1, "hill": -1}
DEFENCE_TERRAIN = {"none": 0, "wood": 1, "city": 1, "bogs": 1, "hill": 1}
# Outer 4 -> 3 -> 2 -> 1 after 1, 2, 4 steps; inner 3 -> 2 -> 1 after 1, 3.
WALL_BY_DAMAGE = {"outer": [4, 3, 3, 2, 2, 2, 2, 1], "inner": [3, 2, 2, 2, 1]}


def hits(score: int) -> int:
    return 3 if score >= 14 else 2 if score >= 10 else 1 if score >= 6 else 0


def spread(steps: tuple[int, ...], n: int) -> tuple[int, ...]:
    """Each hit to the standing unit with the fewest hits this phase; ties: most steps left,
    then first listed."""
    left, taken = list(steps), [0] * len(steps)
    for _ in range(n):
        standing = [i for i in range(len(left)) if left[i] > 0]
        if not standing:
            break
        i = min(standing, key=lambda i: (taken[i], -left[i], i))
        taken[i] += 1
        left[i] -= 1
    return tuple(left)


class Reference:
    """Ur played straight from docs/rules.md, exactly (Fractions)."""

    def __init__(self, att, dfn, *, a_stance="attack", d_stance="defend", wall=None,
                 terrain="none", river=False, dwarf_hill=False, a_magic=0, d_magic=0,
                 moving=False, a_retreat=0, d_retreat=0):
        self.types = (tuple(u[0] for u in att), tuple(u[0] for u in dfn))
        self.raider = (tuple(u[2] for u in att), tuple(u[2] for u in dfn))
        self.start = (tuple(u[1] for u in att), tuple(u[1] for u in dfn))
        self.stance = (a_stance, d_stance)
        self.wall = WALL_BY_DAMAGE[wall[0]][wall[1]] if wall else 0
        self.terrain, self.river, self.dwarf = terrain, river, dwarf_hill
        self.magic = (a_magic, d_magic)
        self.moving = moving
        self.retreat = (a_retreat, d_retreat)

    def ranged_values(self, state, k):
        """Side k's ranged roll values from ``state``."""
        mod = self.wall if k == 1 else -self.wall
        if k == 1 and self.moving:
            mod += 1
        if any(t == "undead" and s > 0 for t, s in zip(self.types[1 - k], state[1 - k])):
            mod -= 1
        return [UNITS[t][0] + mod for t, s in zip(self.types[k], state[k])
                if s > 0 and UNITS[t][0] > 0]

    def melee_values(self, state, k):
        if self.stance == ("defend", "defend"):
            return []
        stance = self.stance[k]
        mod = self.magic[k]
        if k == 0 and stance == "attack":
            mod += (-self.wall + ATTACK_TERRAIN[self.terrain] - 2 * self.river + self.dwarf)
        if k == 1 and stance == "defend":
            mod += (self.wall + DEFENCE_TERRAIN[self.terrain] + 2 * self.river + self.dwarf)
        use = "attack" if stance == "attack" else "defence"
        return [UNITS[t][1] + mod + r for t, s, r in zip(self.types[k], state[k], self.raider[k])
                if s > 0 and UNITS[t][2] in ("both", use)]

    def phase(self, state, values_of):
        """{next state: probability} after one simultaneous phase."""
        values = (values_of(state, 0), values_of(state, 1))
        out: dict = {}
        n = len(values[0]) + len(values[1])
        p = Fraction(1, 6 ** n)
        for faces in itertools.product(range(1, 7), repeat=n):
            dealt_by_a = sum(hits(v + f) for v, f in zip(values[0], faces))
            dealt_by_d = sum(hits(v + f) for v, f in zip(values[1], faces[len(values[0]):]))
            nxt = (spread(state[0], dealt_by_d), spread(state[1], dealt_by_a))
            out[nxt] = out.get(nxt, 0) + p
        return out

    def round(self, state):
        out: dict = {}
        for mid, p in self.phase(state, self.ranged_values).items():
            for end, q in self.phase(mid, self.melee_values).items():
                out[end] = out.get(end, 0) + p * q
        return out

    def verdict(self, state):
        a, d = sum(state[0]), sum(state[1])
        if a == 0 or d == 0:
            return "draw" if a == d else ("attacker" if a else "defender")
        if a <= self.retreat[0]:
            return "defender"
        if d <= self.retreat[1]:
            return "attacker"
        return None

    @functools.cache
    def solve(self, state):
        """{(verdict, attacker steps lost, defender steps lost): probability}."""
        verdict = self.verdict(state)
        lost = (sum(self.start[0]) - sum(state[0]), sum(self.start[1]) - sum(state[1]))
        if verdict:
            return {(verdict,) + lost: Fraction(1)}
        step = self.round(state)
        stay = step.pop(state, Fraction(0))
        if stay == 1:
            return {("stalemate",) + lost: Fraction(1)}
        out: dict = {}
        for nxt, p in step.items():
            for key, q in self.solve(nxt).items():
                out[key] = out.get(key, 0) + p * q / (1 - stay)
        return out


def engine_scenario(att, dfn, *, a_stance="attack", d_stance="defend", wall=None,
                    terrain="none", river=False, dwarf_hill=False, a_magic=0, d_magic=0,
                    moving=False, a_retreat=0, d_retreat=0):
    def units(spec):
        return tuple(Unit(t, s, r) for t, s, r in spec)
    return UrScenario(Side(a_stance, units(att), a_retreat, a_magic, moving),
                      Side(d_stance, units(dfn), d_retreat, d_magic),
                      Position(terrain, river, dwarf_hill, Wall(*wall) if wall else None))


def I(s=2, raider=False): return ("infantry", s, raider)       # noqa: E302,E704
def A(s=2, raider=False): return ("archers", s, raider)        # noqa: E302,E704
def C(s=2, raider=False): return ("cavalry", s, raider)        # noqa: E302,E704
def W(s=2, raider=False): return ("wall_defense", s, raider)   # noqa: E302,E704
def U(s=2, raider=False): return ("undead", s, raider)         # noqa: E302,E704


CASES = [
    ([I(4), I(4)], [I(4)], dict(terrain="wood")),                      # the seed's example
    ([I(3), I(2)], [I(3)], dict(terrain="wood", d_retreat=1)),
    ([C(3)], [A(3), W(2)], dict(wall=("outer", 0))),                     # wall 4: -4 / +4
    ([C(2), U(3)], [A(2), I(2)], dict(wall=("outer", 3), moving=True)),  # wall 2, at undead
    ([U(3), A(2)], [W(2), A(2)], dict(wall=("inner", 1))),               # inner wall 2
    ([I(2, True), C(2)], [I(3)], dict(d_stance="attack", terrain="hill", river=True)),
    ([I(3), A(2)], [I(2, True), C(2)], dict(a_stance="defend", terrain="city",
                                            dwarf_hill=True, d_magic=2)),
    ([I(2), U(2)], [I(2), A(2)], dict(a_stance="defend", d_stance="defend")),
    ([I(3, True)], [I(3)], dict(river=True, dwarf_hill=True, terrain="bogs", a_magic=3,
                                a_retreat=1)),
    ([A(2), A(2)], [U(2), C(2)], dict(d_stance="attack", wall=("outer", 7))),  # sally, wall 1
    ([I(2), I(1)], [A(2), W(1)], dict(wall=("inner", 4), a_magic=-2, d_magic=-1)),
]


@pytest.mark.parametrize("att, dfn, kw", CASES)
def test_battles_equal_an_independent_reading_of_the_rules(att, dfn, kw):
    ref = Reference(att, dfn, **kw)
    expected = ref.solve(ref.start)
    res = compute(engine_scenario(att, dfn, **kw))
    by = {"attacker": Fraction(0), "defender": Fraction(0), "draw": Fraction(0),
          "stalemate": Fraction(0)}
    losses: dict = {}
    for (verdict, la, ld), p in expected.items():
        by[verdict] += p
        losses[(la, ld)] = losses.get((la, ld), 0) + p
    assert res.attacker_wins == pytest.approx(float(by["attacker"]), abs=1e-12)
    assert res.defender_wins == pytest.approx(float(by["defender"]), abs=1e-12)
    assert res.stalemate == pytest.approx(float(by["stalemate"]), abs=1e-12)
    assert res.draw == pytest.approx(float(by["draw"] + by["stalemate"]), abs=1e-12)
    got = {(a, d): p for a, d, p in res.losses}
    for key in set(got) | set(losses):
        assert got.get(key, 0.0) == pytest.approx(float(losses.get(key, 0)), abs=1e-12), key


def test_reference_reproduces_the_seed_example_by_hand():
    """The reference itself: attacker 3 + d6 hits on 3-6, defender 5 + d6: 1 hit, 2 on 5-6."""
    ref = Reference([I(4), I(4)], [I(4)], terrain="wood")
    start = ref.start
    assert ref.melee_values(start, 0) == [3, 3]
    assert ref.melee_values(start, 1) == [5]
    assert [hits(3 + f) for f in range(1, 7)] == [0, 0, 1, 1, 1, 1]
    assert [hits(5 + f) for f in range(1, 7)] == [1, 1, 1, 1, 2, 2]
    # The seed's round 2: (3, 4) vs 3; attacker rolls 6, 3 (2 hits), defender 6 (2 hits).
    assert spread((3, 4), 2) == (2, 3)


def _random_cases(count: int, seed: int):
    import random
    rng = random.Random(seed)
    cases = []
    for _ in range(count):
        def side(n):
            return [(rng.choice(list(UNITS)), rng.randint(1, 2), rng.random() < 0.3)
                    for _ in range(n)]
        kw = dict(a_stance=rng.choice(["attack", "defend"]),
                  d_stance=rng.choice(["attack", "defend"]),
                  terrain=rng.choice(list(ATTACK_TERRAIN)), river=rng.random() < 0.3,
                  dwarf_hill=rng.random() < 0.3, a_magic=rng.randint(-2, 2),
                  d_magic=rng.randint(-2, 2), moving=rng.random() < 0.3,
                  a_retreat=rng.choice([0, 0, 1, 2]), d_retreat=rng.choice([0, 0, 1, 2]))
        if rng.random() < 0.5:
            kind = rng.choice(["outer", "inner"])
            kw["wall"] = (kind, rng.randint(0, len(WALL_BY_DAMAGE[kind]) - 1))
        cases.append((side(rng.randint(1, 3)), side(rng.randint(1, 3)), kw))
    return cases


@pytest.mark.parametrize("att, dfn, kw", _random_cases(40, seed=2026))
def test_random_battles_equal_the_reference(att, dfn, kw):
    test_battles_equal_an_independent_reading_of_the_rules(att, dfn, kw)
