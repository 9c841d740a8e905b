"""An independent check of the Medium Luck engine, written from docs/rules.md §1 alone.

Nothing here imports the engine's band or battle rules: the chart is transcribed from the
docs/rules.md table, every roll is enumerated die by die, every boost placement of both sides is
tried (the minimax counts all hits, unpaired dice included), casualties follow the documented
policies, and whole battles are solved as absorbing chains with exact fractions. The engine's
public ``compute`` (and its table-side ``table_band``) must agree.
"""
from __future__ import annotations

import itertools
import random
from fractions import Fraction
from functools import cache

import pytest

from combatassist.rulesets import mediumluck
from combatassist.rulesets.mediumluck import bands as ml_bands
from combatassist.rulesets.mediumluck.rules import MediumLuckRules, MediumLuckSetup, SideSetup
from combatassist.rulesets.mediumluck.chart import default_chart


@pytest.fixture(autouse=True)
def _private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv(ml_bands.CACHE_ENV, str(tmp_path / "cache"))


# -- the chart, transcribed from docs/rules.md ---------------------------------------------------
AIR = {"fighter", "tactical_bomber", "strategic_bomber"}
SEA = {"battleship", "cruiser", "destroyer", "submarine", "carrier", "transport"}
COST = {"infantry": 3, "mech_infantry": 4, "artillery": 4, "tank": 6, "aaa": 5, "fighter": 10,
        "tactical_bomber": 11, "strategic_bomber": 12, "battleship": 20, "cruiser": 12,
        "destroyer": 8, "submarine": 6, "carrier": 16, "transport": 7}
ANY = set(COST)
#: (band, rolled by, {booster: kind}, may hit, winner's choice, defender's extra die)
CHART = (
    ("yellow", ("fighter",), {"aaa": "aaa"}, AIR, False, False),
    ("black", ("battleship", "strategic_bomber"), {"cruiser": "cruiser"}, ANY, False, False),
    ("blue", ("submarine", "destroyer"), {"carrier": "carrier"}, SEA, False, False),
    ("green", ("destroyer",), {"fighter": "air", "tactical_bomber": "air"}, {"submarine"},
     False, False),
    ("red", ("tank",), {"mech_infantry": "mech"}, ANY, True, False),
    ("white", ("infantry", "mech_infantry"),
     {"artillery": "art", "fighter": "air", "tactical_bomber": "air"}, ANY, False, True),
)


def slots_of(side: dict) -> list[tuple]:
    """[(band, role, unit)] in the documented tie order: chart bands, roll then boost, idle."""
    out = []
    for band, rollers, boosters, *_ in CHART:
        for unit in rollers:
            if side.get((band, "roll", unit)):
                out.append((band, "roll", unit))
        for unit in boosters:
            if side.get((band, "boost", unit)):
                out.append((band, "boost", unit))
    for unit in COST:
        if side.get((None, "idle", unit)):
            out.append((None, "idle", unit))
    return out


class Side:
    """One side's slots; counts are tuples aligned with ``slots``."""

    def __init__(self, side: dict, is_defender: bool, extra_white: bool,
                 order_of_loss: tuple[str, ...] = ()):
        self.slots = slots_of(side)
        self.order = {u: i for i, u in enumerate(order_of_loss)}
        self._taken: dict = {}
        self.start = tuple(side[s] for s in self.slots)
        self.extra = is_defender and extra_white

    def dice(self, counts, band_index: int) -> int:
        band, rollers, _, _, _, extra = CHART[band_index]
        n = 0
        for unit in rollers:          # per type, rounded up
            alive = sum(c for (b, r, u), c in zip(self.slots, counts)
                        if b == band and r == "roll" and u == unit)
            n += (alive + 2) // 3
        n = min(n, 6)
        if extra and self.extra and any(counts):
            n += 1
        return n

    def boosts(self, counts, band_index: int) -> dict[str, int]:
        band, _, boosters, *_ = CHART[band_index]
        kinds: dict[str, int] = {}
        for (b, r, u), c in zip(self.slots, counts):
            if b == band and r == "boost" and c:
                kinds[boosters[u]] = kinds.get(boosters[u], 0) + c
        return kinds

    def power(self, counts) -> int:
        """Dice plus usable boosts over every band (the policies' 'combat power')."""
        total = 0
        for i in range(len(CHART)):
            n = self.dice(counts, i)
            total += n + sum(min(c, n) for c in self.boosts(counts, i).values())
        return total

    def take(self, counts, band_index: int, hits: int, winner_picks: bool):
        """Counts after ``hits`` in a band, one casualty at a time, by the documented policy."""
        key = (counts, band_index, hits, winner_picks)
        if key not in self._taken:
            self._taken[key] = self._take(counts, band_index, hits, winner_picks)
        return self._taken[key]

    def _take(self, counts, band_index: int, hits: int, winner_picks: bool):
        may_hit = CHART[band_index][3]
        current = list(counts)
        for _ in range(hits):
            alive = [i for i, (_, _, u) in enumerate(self.slots) if u in may_hit and current[i]]
            if not alive:
                break                                   # surplus hits are lost
            before = self.power(current)

            def cost_of(i):
                current[i] -= 1
                loss = before - self.power(current)
                current[i] += 1
                return loss
            if winner_picks:     # the winner kills what costs the enemy most, then dearest
                pick = min(alive, key=lambda i: (-cost_of(i), -COST[self.slots[i][2]], i))
            else:                # the victim: its order of loss, then least power, cheapest
                pick = min(alive, key=lambda i: (self.order.get(self.slots[i][2], len(self.order)),
                                                 cost_of(i), COST[self.slots[i][2]], i))
            current[pick] -= 1
        return tuple(current)


# -- one band, one roll: every placement of every boost --------------------------------------
def all_placements(rolled: tuple[int, ...], kinds: dict[str, int]) -> list[tuple[int, ...]]:
    """Every final dice vector: each kind on min(boosters, dice) distinct dice (all used)."""
    n = len(rolled)
    choices = [itertools.combinations(range(n), min(c, n)) for c in kinds.values()]
    out = []
    for combo in itertools.product(*choices):
        final = list(rolled)
        for dice in combo:
            for i in dice:
                final[i] += 1
        out.append(tuple(final))
    return out


def hits_of(final_a, final_d) -> tuple[int, int]:
    """(hits on attacker, hits on defender): sorted high to high, ties both, spares hit."""
    a, d = sorted(final_a, reverse=True), sorted(final_d, reverse=True)
    on_a = on_d = 0
    for x, y in zip(a, d):
        on_d += x >= y
        on_a += y >= x
    on_d += max(0, len(a) - len(d))
    on_a += max(0, len(d) - len(a))
    return on_a, on_d


def band_outcome(rolled_a, kinds_a, rolled_d, kinds_d) -> tuple[int, int]:
    """The attacker places first against the defender's best answer; each side maximises its
    own net hits (dealt - taken), then prefers fewer casualties in total."""
    best = None
    for fa in all_placements(rolled_a, kinds_a):
        answer = None
        for fd in all_placements(rolled_d, kinds_d):
            on_a, on_d = hits_of(fa, fd)
            rank_d = (on_a - on_d, -(on_a + on_d))
            if answer is None or rank_d > answer[0]:
                answer = (rank_d, (on_a, on_d))
        on_a, on_d = answer[1]
        rank_a = (on_d - on_a, -(on_a + on_d))
        if best is None or rank_a > best[0]:
            best = (rank_a, (on_a, on_d))
    return best[1]


@cache
def band_dist(n_a, kinds_a, n_d, kinds_d, faces: int = 6) -> dict:
    """Exact outcome distribution of a band over all faces^(n_a + n_d) rolls."""
    out: dict = {}
    total = faces ** (n_a + n_d)
    for roll in itertools.product(range(1, faces + 1), repeat=n_a + n_d):
        o = band_outcome(roll[:n_a], dict(kinds_a), roll[n_a:], dict(kinds_d))
        out[o] = out.get(o, 0) + 1
    return {o: Fraction(c, total) for o, c in out.items()}


# -- whole battles ---------------------------------------------------------------------------
def brute_force_battle(attacker: dict, defender: dict, extra_white: bool,
                       orders: tuple = ((), ()), max_rounds: int = 0, faces: int = 6) -> dict:
    """Exact odds (fractions): to the end, or after ``max_rounds`` rounds (rest undecided)."""
    sides = (Side(attacker, False, extra_white, orders[0]),
             Side(defender, True, extra_white, orders[1]))

    def round_dist(state):
        current = {state: Fraction(1)}
        for b in range(len(CHART)):
            nxt: dict = {}
            for (a, d), p in current.items():
                n_a, n_d = sides[0].dice(a, b), sides[1].dice(d, b)
                if n_a == 0 and n_d == 0:
                    nxt[(a, d)] = nxt.get((a, d), 0) + p
                    continue
                ka = tuple(sorted(sides[0].boosts(a, b).items()))
                kd = tuple(sorted(sides[1].boosts(d, b).items()))
                winner = CHART[b][4]
                for (on_a, on_d), q in band_dist(n_a, ka, n_d, kd, faces).items():
                    s = (sides[0].take(a, b, on_a, winner), sides[1].take(d, b, on_d, winner))
                    nxt[s] = nxt.get(s, 0) + p * q
            current = nxt
        return current

    @cache
    def value(state) -> tuple[Fraction, Fraction, Fraction, Fraction]:
        """(attacker wins, defender wins, draw, stalemate) from ``state``."""
        a_alive, d_alive = any(state[0]), any(state[1])
        if not (a_alive and d_alive):
            return (Fraction(a_alive), Fraction(d_alive), Fraction(not (a_alive or d_alive)),
                    Fraction(0))
        dist = round_dist(state)
        stay = dist.get(state, 0)
        if stay == 1:
            return (Fraction(0), Fraction(0), Fraction(1), Fraction(1))
        acc = [Fraction(0)] * 4
        for s, p in dist.items():
            if s != state:
                for k, v in enumerate(value(s)):
                    acc[k] += p * v
        return tuple(x / (1 - stay) for x in acc)

    start = (sides[0].start, sides[1].start)
    if max_rounds == 0:
        aw, dw, dr, st = value(start)
        return {"attacker_wins": aw, "defender_wins": dw, "draw": dr, "stalemate": st}
    acc = dict.fromkeys(("attacker_wins", "defender_wins", "draw", "stalemate"), Fraction(0))

    def open_states(states: dict) -> dict:
        """Book ended and stalemated mass into ``acc``; return the states still fighting."""
        still = {}
        for state, p in states.items():
            a_alive, d_alive = any(state[0]), any(state[1])
            if not (a_alive and d_alive):
                key = "attacker_wins" if a_alive else "defender_wins" if d_alive else "draw"
                acc[key] += p
            elif round_dist(state).get(state, 0) == 1:
                acc["stalemate"] += p
                acc["draw"] += p
            else:
                still[state] = p
        return still

    alive = open_states({start: Fraction(1)})
    for _ in range(max_rounds):
        following: dict = {}
        for state, p in alive.items():
            for s, q in round_dist(state).items():
                following[s] = following.get(s, 0) + p * q
        alive = open_states(following)
    acc["undecided"] = sum(alive.values(), Fraction(0))
    return acc


def engine_side(side: dict) -> SideSetup:
    out = SideSetup()
    for (band, role, unit), n in side.items():
        if band is None:
            out.idle[unit] = n
        else:
            out.bands.setdefault(band, {}).setdefault(role, {})[unit] = n
    return out


def engine_setup(attacker: dict, defender: dict, extra_white: bool, orders: tuple = ((), ()),
                 max_rounds: int = 0, die: int = 6) -> MediumLuckSetup:
    sides = engine_side(attacker), engine_side(defender)
    for side, order in zip(sides, orders):
        side.order_of_loss = list(order)
    # the brute force plays the documented heuristic ("combat power"); optimal play is
    # checked against a minimax in test_mediumluck_optimal.py
    return MediumLuckSetup(default_chart(), *sides, defender_extra_white=extra_white,
                           casualties="heuristic",
                           max_rounds=max_rounds, die=die)


W, R, Y, K, U, G = "white", "red", "yellow", "black", "blue", "green"
IDLE = None
#: Small battles over several band layouts (1-3 units per side, at most 2-3 dice a band).
BATTLES = [
    # 1. white only, artillery boost vs plain infantry
    ({(W, "roll", "infantry"): 1, (W, "boost", "artillery"): 1},
     {(W, "roll", "infantry"): 2}),
    # 2. red (winner's choice) then white; the defender has an idle transport
    ({(R, "roll", "tank"): 1, (R, "boost", "mech_infantry"): 1, (W, "roll", "infantry"): 1},
     {(W, "roll", "infantry"): 1, (IDLE, "idle", "transport"): 1}),
    # 3. white's two kinds on one die vs a boosted defender
    ({(W, "roll", "infantry"): 1, (W, "boost", "artillery"): 1, (W, "boost", "fighter"): 1},
     {(W, "roll", "mech_infantry"): 1, (W, "boost", "artillery"): 1}),
    # 4. yellow (air only) before white: fighters roll yellow, infantry white
    ({(Y, "roll", "fighter"): 1, (W, "roll", "infantry"): 1},
     {(Y, "roll", "fighter"): 1, (Y, "boost", "aaa"): 1, (W, "roll", "infantry"): 1}),
    # 5. sea: blue and green (green may hit submarines only)
    ({(G, "roll", "destroyer"): 1, (G, "boost", "fighter"): 1},
     {(U, "roll", "submarine"): 2}),
    # 6. black hits anything; a defending cruiser boost; an idle attacker unit
    ({(K, "roll", "strategic_bomber"): 1, (IDLE, "idle", "infantry"): 1},
     {(K, "roll", "battleship"): 1, (K, "boost", "cruiser"): 1}),
    # 7. the defender only boosts white (its extra die); an idle transport it should lose first
    ({(W, "roll", "infantry"): 2},
     {(W, "boost", "artillery"): 1, (IDLE, "idle", "transport"): 1}),
    # 8. red against red: winner's choice picks among roller and booster
    ({(R, "roll", "tank"): 2},
     {(R, "roll", "tank"): 1, (R, "boost", "mech_infantry"): 1, (W, "roll", "infantry"): 1}),
    # 9. per-type rounding: 2 infantry + 1 mech infantry = 2 white dice
    ({(W, "roll", "infantry"): 2, (W, "roll", "mech_infantry"): 1},
     {(W, "roll", "infantry"): 3}),
]


@pytest.mark.parametrize("extra_white", [False, True])
@pytest.mark.parametrize("index", range(len(BATTLES)))
def test_engine_equals_independent_brute_force(index, extra_white):
    attacker, defender = BATTLES[index]
    want = brute_force_battle(attacker, defender, extra_white)
    got = mediumluck.compute(engine_setup(attacker, defender, extra_white)).to_json()
    for key, p in want.items():
        assert got[key] == pytest.approx(float(p), abs=1e-9), (key, got, want)
    assert got["undecided"] == 0.0


#: Battles whose bands roll at most 3 dice in all (12^3 rolls each): d12 by brute force.
D12_BATTLES = [0, 1, 2, 4, 5, 7]


@pytest.mark.parametrize("extra_white", [False, True])
@pytest.mark.parametrize("index", D12_BATTLES)
def test_d12_engine_equals_independent_brute_force(index, extra_white):
    """die = 12: the same rules on 1-12 dice (boosts still +1), every roll enumerated."""
    attacker, defender = BATTLES[index]
    want = brute_force_battle(attacker, defender, extra_white, faces=12)
    got = mediumluck.compute(engine_setup(attacker, defender, extra_white, die=12)).to_json()
    for key, p in want.items():
        assert got[key] == pytest.approx(float(p), abs=1e-9), (key, got, want)
    if index == 0:         # a boost is worth less on a d12: the booster's side does worse
        d6 = brute_force_battle(attacker, defender, extra_white)
        assert want["defender_wins"] > d6["defender_wins"]


@pytest.mark.parametrize("index,orders", [
    (1, (("infantry",), ("infantry",))),       # the attacker gives up its white die first
    (7, ((), ("infantry", "tank"))),           # red hits are the winner's: the order is ignored
    (8, (("mech_infantry",), ("infantry",))),
])
def test_order_of_loss_equals_independent_brute_force(index, orders):
    attacker, defender = BATTLES[index]
    for extra_white in (False, True):
        want = brute_force_battle(attacker, defender, extra_white, orders)
        got = mediumluck.compute(engine_setup(attacker, defender, extra_white, orders)).to_json()
        for key, p in want.items():
            assert got[key] == pytest.approx(float(p), abs=1e-9), (key, got, want)


@pytest.mark.parametrize("index", [2, 6, 8])
@pytest.mark.parametrize("max_rounds", [1, 2])
def test_max_rounds_equals_independent_brute_force(index, max_rounds):
    attacker, defender = BATTLES[index]
    want = brute_force_battle(attacker, defender, True, max_rounds=max_rounds)
    got = mediumluck.compute(engine_setup(attacker, defender, True,
                                          max_rounds=max_rounds)).to_json()
    assert want["undecided"] > 0          # the cap matters in these battles
    for key, p in want.items():
        assert got[key] == pytest.approx(float(p), abs=1e-9), (key, got, want)


def test_the_brute_force_itself_on_one_infantry_each():
    # by hand: 1 die each, ties kill both -> 15/36, 15/36, 6/36
    want = brute_force_battle({(W, "roll", "infantry"): 1}, {(W, "roll", "infantry"): 1}, False)
    assert want == {"attacker_wins": Fraction(15, 36), "defender_wins": Fraction(15, 36),
                    "draw": Fraction(6, 36), "stalemate": 0}


def test_the_brute_force_band_on_the_seed_example():
    # red: 6 + mech = 7 beats 6; white: 2, 4 with +art +air vs 2, 4 with one artillery
    assert band_outcome((6,), {"mech": 1}, (6,), {}) == (0, 1)
    assert band_outcome((2, 4), {"art": 2, "air": 3}, (2, 4), {"art": 1}) == (0, 2)
    # the seed's pairing examples: [5, 4, 3] vs [6, 3, 2]; [6, 3, 2] vs [6]
    assert hits_of((5, 4, 3), (6, 3, 2)) == (1, 2)
    assert hits_of((6, 3, 2), (6,)) == (1, 3)


# -- the band minimax against every placement, roll by roll ----------------------------------
BAND_CASES = [
    # (attacker dice, attacker boosts per kind, defender dice, defender boosts per kind)
    (2, {"art": 2, "air": 1}, 2, {"art": 1}),
    (1, {"art": 1, "air": 1}, 3, {"art": 2, "air": 2}),
    (3, {"art": 1}, 2, {"art": 2, "air": 1}),
    (2, {"mech": 3}, 3, {}),
    (3, {"art": 3, "air": 2}, 3, {"art": 1, "air": 3}),
]


@pytest.mark.parametrize("n_a,kinds_a,n_d,kinds_d", BAND_CASES)
def test_band_outcomes_equal_exhaustive_minimax(n_a, kinds_a, n_d, kinds_d):
    config = ml_bands.make_config(n_a, list(kinds_a.values()), n_d, list(kinds_d.values()))
    table = ml_bands.compute_table(config)
    named_a, named_d = list(kinds_a.items()), list(kinds_d.items())
    for roll in itertools.product(range(1, 7), repeat=n_a + n_d):
        ra, rd = roll[:n_a], roll[n_a:]
        want = band_outcome(ra, kinds_a, rd, kinds_d)
        assert table.lookup(ra, rd) == want, (ra, rd)
        assert ml_bands.resolve_dice(ra, named_a, rd, named_d).outcome == want, (ra, rd)
    exact = band_dist(n_a, tuple(sorted(kinds_a.items())), n_d, tuple(sorted(kinds_d.items())))
    for outcome, p in exact.items():
        assert table.dist.prob(outcome) == pytest.approx(float(p), abs=1e-12)


# -- table side: casualty proposals follow the documented policy ------------------------------
def test_defender_keeps_a_booster_of_its_extra_white_die():
    # The defender's only white "dice" is the extra die, boosted by its artillery: losing the
    # artillery costs a usable boost, losing the idle transport costs nothing.
    attacker = {(W, "roll", "infantry"): 1}
    defender = {(W, "boost", "artillery"): 1, (IDLE, "idle", "transport"): 1}
    rules = MediumLuckRules(engine_setup(attacker, defender, True))
    band = rules.table_band(rules.initial_state(), "white", [5], [2])
    assert band.resolution.defender.final == (3,)
    assert band.hits == {"attacker": 0, "defender": 1}
    assert band.proposal["defender"] == ["idle.transport"]


@pytest.mark.parametrize("n_a,kinds_a,n_d,kinds_d", [
    (4, {"art": 2, "air": 2}, 4, {"art": 3, "air": 1}),
    (6, {"art": 3}, 7, {"art": 2, "air": 1}),       # the cap, plus the defender's extra die
    (5, {"art": 4, "air": 2}, 2, {"art": 2, "air": 2}),
])
def test_large_band_outcomes_equal_exhaustive_minimax_on_random_rolls(n_a, kinds_a, n_d,
                                                                      kinds_d):
    rng = random.Random(20261129)
    config = ml_bands.make_config(n_a, list(kinds_a.values()), n_d, list(kinds_d.values()))
    table = ml_bands.compute_table(config)
    for _ in range(120):
        ra = tuple(rng.randint(1, 6) for _ in range(n_a))
        rd = tuple(rng.randint(1, 6) for _ in range(n_d))
        assert table.lookup(ra, rd) == band_outcome(ra, kinds_a, rd, kinds_d), (ra, rd)


# -- a bigger battle: the engine's exact odds against this file's own simulation -------------
@cache
def sorted_band_outcome(rolled_a, kinds_a, rolled_d, kinds_d) -> tuple[int, int]:
    return band_outcome(rolled_a, dict(kinds_a), rolled_d, dict(kinds_d))


def simulate_battle(attacker: dict, defender: dict, extra_white: bool, trials: int,
                    seed: int) -> dict:
    """Monte Carlo of the same rules as ``brute_force_battle`` (rounds until one side is gone)."""
    rng = random.Random(seed)
    sides = (Side(attacker, False, extra_white), Side(defender, True, extra_white))
    wins = {"attacker_wins": 0, "defender_wins": 0, "draw": 0}
    lost = [0, 0]
    for _ in range(trials):
        a, d = sides[0].start, sides[1].start
        for _round in range(200):
            if not (any(a) and any(d)):
                break
            for b in range(len(CHART)):
                n_a, n_d = sides[0].dice(a, b), sides[1].dice(d, b)
                if n_a == 0 and n_d == 0:
                    continue
                ra = tuple(sorted((rng.randint(1, 6) for _ in range(n_a)), reverse=True))
                rd = tuple(sorted((rng.randint(1, 6) for _ in range(n_d)), reverse=True))
                on_a, on_d = sorted_band_outcome(
                    ra, tuple(sorted(sides[0].boosts(a, b).items())),
                    rd, tuple(sorted(sides[1].boosts(d, b).items())))
                a, d = (sides[0].take(a, b, on_a, CHART[b][4]),
                        sides[1].take(d, b, on_d, CHART[b][4]))
        else:
            raise AssertionError("the simulated battle did not end")
        key = ("attacker_wins" if any(a) else "defender_wins" if any(d) else "draw")
        wins[key] += 1
        lost[0] += sum(sides[0].start) - sum(a)
        lost[1] += sum(sides[1].start) - sum(d)
    out = {k: v / trials for k, v in wins.items()}
    out["expected_losses"] = (lost[0] / trials, lost[1] / trials)
    return out


def test_combined_arms_exact_equals_independent_simulation():
    attacker = {(Y, "roll", "fighter"): 1, (R, "roll", "tank"): 3,
                (R, "boost", "mech_infantry"): 1, (W, "roll", "infantry"): 5,
                (W, "boost", "artillery"): 2, (W, "boost", "fighter"): 1}
    defender = {(Y, "boost", "aaa"): 1, (R, "roll", "tank"): 2, (W, "roll", "infantry"): 7,
                (W, "boost", "artillery"): 2, (IDLE, "idle", "transport"): 1}
    exact = mediumluck.compute(engine_setup(attacker, defender, True))
    trials = 6000
    sim = simulate_battle(attacker, defender, True, trials, seed=7)
    for key in ("attacker_wins", "defender_wins", "draw"):
        p = getattr(exact, key)
        sigma = (max(p * (1 - p), 1e-4) / trials) ** 0.5
        assert abs(sim[key] - p) < 4.5 * sigma, (key, p, sim[key])
    for got, want in zip(exact.expected_losses(), sim["expected_losses"]):
        assert got == pytest.approx(want, rel=0.04)
