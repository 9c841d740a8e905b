"""The batch engine (``lowluck.batch``, ``solvers.solve_batch``): every battle of a random
batch gets the answer solving it alone gives (``outcome_of``: the table's solver or the
general solver), every figure of the result to 1e-12 — land, AA guns, amphibious assaults
with bombardment, kept land units, damaged two-hit units, fleets with submarines, destroyers
and two-hit ships, Classic, both dice modes, to the end and for a few rounds, with and
without the curve — and its variants of one rules object (``with_units``) answer as the
rules made from the same units."""
from __future__ import annotations

import itertools
import random
from dataclasses import replace

import pytest

from combatassist.rulesets import lowluck
from combatassist.rulesets.lowluck import LowLuckScenario, LowLuckSide, batch, solvers

from .test_lowluck_later_plain_rounds_grid import later_battle
from .test_lowluck_plain_rounds_grid import _battles as classic_battles
from .test_lowluck_surprise_strike_grid import _battles as later_fleets


def _profiles_diff(a: list, b: list) -> float:
    """Profiles, the most likely first: two of (nearly) the same chance may come in either
    order, and at the cut one may stand for the other."""
    def keyed(profiles):
        return {repr((sorted(p["attacker"].items()), sorted(p["defender"].items()))): p["p"]
                for p in profiles}
    ka, kb = keyed(a), keyed(b)
    assert len(ka) == len(kb)
    worst = max([abs(ka[k] - kb[k]) for k in ka.keys() & kb.keys()] + [0.0])
    last = min(list(ka.values()) + list(kb.values()), default=0.0)
    for k in ka.keys() ^ kb.keys():
        worst = max(worst, abs(ka.get(k, kb.get(k)) - last))
    return worst


def figures_diff(a, b, path: str = "") -> float:
    """The largest difference between two results' JSON (same keys, same list lengths,
    equal strings; AssertionError naming the place otherwise)."""
    if path.endswith("profiles"):
        return _profiles_diff(a, b)
    if isinstance(a, dict):
        assert isinstance(b, dict) and set(a) == set(b), (path, set(a) ^ set(b))
        return max([figures_diff(a[k], b[k], f"{path}.{k}") for k in a] + [0.0])
    if isinstance(a, list):
        assert isinstance(b, list) and len(a) == len(b), (path, a, b)
        return max([figures_diff(x, y, f"{path}[{i}]") for i, (x, y) in enumerate(zip(a, b))]
                   + [0.0])
    if isinstance(a, (int, float)) and not isinstance(a, bool):
        assert isinstance(b, (int, float)), (path, a, b)
        return abs(a - b)
    assert a == b, (path, a, b)
    return 0.0


def assert_batch_answers_alone(scenarios, *, max_rounds: int = 0, curve: bool = True,
                               rules_list=None) -> list:
    """``solve_batch`` on ``scenarios`` (their rules: ``rules_list``, default made from
    each) against ``outcome_of`` of each alone: every figure to 1e-12, the curve to 1e-9
    (without ``curve``: the batch leaves it empty)."""
    rules_list = rules_list or [lowluck.make_rules(s) for s in scenarios]
    outs = solvers.solve_batch(rules_list, solvers.Question(max_rounds=max_rounds),
                               curve=curve)
    assert len(outs) == len(scenarios)
    for s, rules, out in zip(scenarios, rules_list, outs):
        opts = replace(s.options, max_rounds=max_rounds)
        alone = lowluck.RULESET.battle_result(s, lowluck.make_rules(s),
                                              lowluck.outcome_of(lowluck.make_rules(s), opts))
        mine = lowluck.RULESET.battle_result(s, rules, out)
        assert figures_diff(alone.to_json(), mine.to_json()) <= 1e-12, s
        if curve:
            # "decided by round N", as far as it is drawn: to 1e-9, as the solvers' tests
            # compare it (the general solver's curve prunes round by round)
            assert figures_diff(alone.decided_by_round, mine.decided_by_round) <= 1e-9, s
        elif rules.grid_applicable() and _batch_row().batches(rules, solvers.Question()):
            assert mine.decided_by_round == []
    return outs


def _batch_row():
    """The solver table's row that batches (the plain rounds grid)."""
    return next(s for s in solvers.SOLVERS if hasattr(s, "solve_batch"))


def _later(count: int, seed: int, **kw) -> list[LowLuckScenario]:
    rng = random.Random(seed)
    return [later_battle(rng, 3, **kw) for _ in range(count)]


BATCHES = {
    "1942 and 1940, ordinary dice": _later(24, 1),
    "1942 and 1940, low luck": _later(24, 2, dice="lowluck"),
    "Classic": classic_battles(8, seed=3, most=3, dice="standard")
    + classic_battles(6, seed=4, most=3, dice="lowluck"),
    "fleets with submarines": later_fleets(6, seed=5, most=2),
}


@pytest.mark.parametrize("name", list(BATCHES))
@pytest.mark.parametrize("max_rounds", [0, 2])
def test_a_random_batch_answers_as_each_battle_alone(name, max_rounds):
    assert_batch_answers_alone(BATCHES[name], max_rounds=max_rounds)


def test_the_batch_engine_takes_the_later_editions_plain_battles():
    """The work is the batch's: every battle without submarines on the plain rounds grid
    (Classic's too: one rules family), not over at the start, goes to the batch row
    (``batches``), the others are solved one by one."""
    row = _batch_row()
    for name in ("1942 and 1940, ordinary dice", "1942 and 1940, low luck", "Classic"):
        taken = [row.batches(lowluck.make_rules(s), solvers.Question())
                 for s in BATCHES[name]]
        assert sum(taken) >= len(taken) // 2 or name == "Classic"
        for s, t in zip(BATCHES[name], taken):
            rules = lowluck.make_rules(s)
            subs = any(slot.unit.has("submarine") for side in (rules.att, rules.dfn)
                       for slot in side.slots)
            assert t == (rules.grid_applicable() and not subs
                         and rules.verdict(rules.initial_state()) is None)
    assert any(row.batches(lowluck.make_rules(s), solvers.Question())
               for s in BATCHES["Classic"])
    for s in BATCHES["fleets with submarines"]:
        assert not row.batches(lowluck.make_rules(s), solvers.Question())


def test_without_the_curve_every_other_figure_is_the_same():
    assert_batch_answers_alone(BATCHES["1942 and 1940, ordinary dice"], curve=False)


def _sub_armies(dice: str, edition: str = "1942se", aa: bool = True, most: int = 2):
    """A planner's batch: every sub-army of an attacker against one defender (with an AA
    gun), as scenarios and as variants of the whole army's rules."""
    units = {"infantry": most + 1, "artillery": most, "armor": 1, "fighter": most,
             "bomber": 1}
    defender = {"infantry": 3, "armor": 1, "fighter": 1, **({"aa_gun": 1} if aa else {})}
    opts = lowluck.LowLuckOptions(dice=dice, battle="land")
    ed = lowluck.shipped(edition)
    whole = LowLuckScenario(options=opts, attacker=LowLuckSide(units=units),
                            defender=LowLuckSide(units=defender), edition=ed)
    rules = lowluck.make_rules(whole)
    ids = [s.unit.id for s in rules.att.slots]
    scenarios, variants = [], []
    for counts in itertools.product(*[range(n + 1) for n in rules.att.counts0]):
        if not any(counts):
            continue
        sub = {u: n for u, n in zip(ids, counts) if n}
        scenarios.append(LowLuckScenario(options=opts, attacker=LowLuckSide(units=sub),
                                         defender=LowLuckSide(units=defender), edition=ed))
        variants.append(batch.with_units(rules, attacker=counts))
    return scenarios, variants


@pytest.mark.parametrize("dice", ["standard", "lowluck"])
def test_sub_armies_as_variants_answer_as_their_own_rules(dice):
    """Every sub-army of one attacker against one defender with an AA gun (one group of
    the batch: its sub-battles side by side), the rules ``with_units`` of the whole army."""
    scenarios, variants = _sub_armies(dice)
    assert_batch_answers_alone(scenarios, rules_list=variants)


@pytest.mark.parametrize("dice", ["standard", "lowluck"])
def test_sub_armies_without_an_opening_answer_as_their_own_rules(dice):
    """No AA gun, no bombardment: round 1 starts at each battle's start (``_solve``'s way
    past its phases, ``_no_opening``), and no side may be left alone (no fold looked for)."""
    scenarios, variants = _sub_armies(dice, aa=False)
    assert batch._no_opening(variants[0])
    assert not batch._no_opening(_sub_armies(dice, most=1)[1][0])
    assert_batch_answers_alone(scenarios, rules_list=variants)


def test_batchable_asked_of_a_whole_batch_is_batchable_of_each():
    """``batchable_all`` (the starting counts as arrays) against ``batchable`` battle by
    battle: random battles of every kind, sub-armies with and without an AA gun (some
    against a defender of AA guns alone, some over at the start)."""
    rules_list = [lowluck.make_rules(s) for batch_ in BATCHES.values() for s in batch_]
    for aa in (True, False):
        rules_list += _sub_armies("standard", aa=aa, most=1)[1]
    whole = _sub_armies("lowluck", most=1)[1][-1]
    for d in itertools.product(range(2), repeat=len(whole.dfn.counts0)):
        rules_list.append(batch.with_units(whole, defender=d))
    flags = batch.batchable_all(rules_list)
    assert flags == [batch.batchable(r) for r in rules_list]
    assert any(flags) and not all(flags)


def test_end_positions_as_arrays_are_the_outcomes_positions(monkeypatch):
    """``ends``: every battle's end positions as arrays (the batch engine's battles: their
    ``decided`` left empty) add up to the positions of the batch without it, position by
    position to 1e-12; battles solved otherwise (Classic, fleets with submarines, over at
    the start, a group's stalemate) keep theirs; in parts, too; past the round limit:
    ValueError."""
    monkeypatch.setattr(batch, "PART_CELLS", 2000)
    scenarios, variants = _sub_armies("lowluck", most=2)
    rules_list = variants + [lowluck.make_rules(s) for name in BATCHES for s in BATCHES[name]]
    plain = solvers.solve_batch(rules_list, curve=False)
    got: list = []
    outs = solvers.solve_batch(rules_list, curve=False,
                               ends=lambda *arrays: got.append(arrays))
    assert got
    sent = [dict() for _ in rules_list]
    for battle, mass, att, dfn in got:
        assert len(battle) == len(mass) == len(att) == len(dfn)
        for b, m, a, d in zip(battle.tolist(), mass.tolist(), att.tolist(), dfn.tolist()):
            key = (tuple(a), tuple(d), False)
            sent[b][key] = sent[b].get(key, 0.0) + m
    swept = 0
    for b, (rules, mine, theirs) in enumerate(zip(rules_list, outs, plain)):
        assert not (mine.decided and sent[b]), b          # one or the other
        positions = mine.decided or sent[b]
        swept += bool(sent[b])
        assert positions.keys() == theirs.decided.keys(), b
        assert max(abs(positions[k] - theirs.decided[k]) for k in positions) <= 1e-12
        assert abs(mine.expected_rounds - theirs.expected_rounds) <= 1e-12
    assert swept >= len(variants) // 2
    with pytest.raises(ValueError):
        solvers.solve_batch(variants, solvers.Question(max_rounds=2), ends=lambda *a: None)


def test_variants_in_bulk_are_with_units():
    """``variants`` (many counts at once) makes what ``with_units`` makes: the same
    attributes, the side copied (its casualty policy with it), the rules left as they were;
    counts of another length: ValueError."""
    _, one_by_one = _sub_armies("lowluck", most=1)
    whole = one_by_one[-1]
    before = dict(whole.__dict__), dict(whole.att.__dict__)
    counts = [v.att.counts0 for v in one_by_one]
    for role, name in (("attacker", "att"), ("defender", "dfn")):
        picked = counts if role == "attacker" else [whole.dfn.counts0, (0,) * len(
            whole.dfn.counts0)]
        bulk = batch.variants(whole, role, picked)
        alone = [batch.with_units(whole, **{role: c}) for c in picked]
        for b, a in zip(bulk, alone):
            assert type(b) is type(a) and b.__dict__.keys() == a.__dict__.keys()
            for key in b.__dict__:
                if key in (name, "att_cas" if name == "att" else "def_cas"):
                    assert vars(getattr(b, key)) == vars(getattr(a, key))
                else:
                    assert getattr(b, key) is getattr(a, key), key
            assert getattr(b, name) is not getattr(whole, name)
    assert (dict(whole.__dict__), dict(whole.att.__dict__)) == before
    with pytest.raises(ValueError):
        batch.variants(whole, "attacker", [(1,)])


def test_parts_and_the_within_row_substitution(monkeypatch):
    """A batch cut in many parts, each row's own flow solved by substitution (no inverses
    up front): the same answers."""
    monkeypatch.setattr(batch, "PART_CELLS", 300)
    monkeypatch.setattr(batch, "INVERSE_CELLS", 0)
    scenarios, variants = _sub_armies("standard", edition="1940se", most=3)
    assert_batch_answers_alone(scenarios[::3], rules_list=variants[::3])
    assert_batch_answers_alone(BATCHES["1942 and 1940, low luck"])


def test_progress_and_cancel():
    scenarios, variants = _sub_armies("lowluck")
    seen = []
    solvers.solve_batch(variants, progress=lambda done, of: seen.append((done, of)))
    assert seen and seen[-1] == (len(variants), len(variants))
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)
    from combatassist.solver import Cancelled
    with pytest.raises(Cancelled):
        solvers.solve_batch(variants, cancel=lambda: True)


def test_retreat_rules_are_single_questions():
    with pytest.raises(ValueError):
        solvers.solve_batch([], solvers.Question(below=0.3))


def _position_figures(att, dfn):
    """Figures of end positions for ``EndValues`` tests: 1 (the mass), each side's counts
    weighted by fixed odd numbers (so positions tell apart), the attacker's side cleared."""
    import numpy as np
    wa = np.arange(1, att.shape[1] + 1) * 1.7
    wd = np.arange(1, dfn.shape[1] + 1) * 0.3 + 1
    return np.column_stack([np.ones(len(att)), att @ wa, dfn @ wd,
                            (dfn.sum(axis=1) == 0).astype(float)])


def _summed(outs, rules_list) -> list:
    """``_position_figures`` summed over each outcome's end positions."""
    import numpy as np
    sums = []
    for out, rules in zip(outs, rules_list):
        keys = list(out.decided)
        att = np.array([k[0] for k in keys], dtype=float).reshape(len(keys), -1)
        dfn = np.array([k[1] for k in keys], dtype=float).reshape(len(keys), -1)
        mass = np.array([out.decided[k] for k in keys])
        sums.append(mass @ _position_figures(att, dfn))
    return sums


@pytest.mark.parametrize("dice", ["standard", "lowluck"])
@pytest.mark.parametrize("role", ["attacker", "defender"])
@pytest.mark.parametrize("parts", [False, True])
def test_end_values_are_the_sums_over_the_end_positions(dice, role, parts, monkeypatch):
    """``EndValues``: the expected figures of every battle's end positions, worked out
    backwards over the positions the battles share, against ``solve_batch``'s positions
    battle by battle (to 1e-12): every sub-army of an attacker (or of a defender against
    one attacker), asked in two calls (the second one's positions partly valued already);
    starts that are over are not ``live``. ``parts``: the work arrays kept small (levels
    cut in pieces, a chain's compositions prepared part by part)."""
    import numpy as np
    if parts:
        monkeypatch.setattr(batch.EndValues, "PART_CELLS", 700)
    _, variants = _sub_armies(dice, aa=False)
    whole = variants[-1]
    if role == "defender":
        counts = list(itertools.product(*[range(n + 1) for n in whole.dfn.counts0]))
        variants = batch.variants(whole, "defender", counts)
    assert batch.EndValues.applicable(whole)
    values = batch.EndValues(whole, _position_figures, 4)
    att = np.array([v.att.counts0 for v in variants])
    dfn = np.array([v.dfn.counts0 for v in variants])
    live = values.live(att, dfn)
    assert live.tolist() == batch.batchable_all(variants)
    assert live.any() and (role == "attacker" or not live.all())
    on = [v for v, yes in zip(variants, live) if yes]
    half = len(on) // 2
    got = []
    for part in (on[half:], on[:half]):
        found = values.of([v.att.counts0 for v in part], [v.dfn.counts0 for v in part])
        assert found is not None
        got.extend(found)
    expect = _summed(solvers.solve_batch(on, curve=False), on)
    expect = expect[half:] + expect[:half]
    assert max(np.abs(g - e).max() for g, e in zip(got, expect)) <= 1e-12
    assert min(e[0] for e in expect) > 0.99


def test_end_values_decline_what_they_do_not_value(monkeypatch):
    """Not ``applicable``: submarines (fleets with their strike); an AA gun is (its fire
    the caller's: ``opening``). ``of`` None where a side may be left alone on a chain (a
    lone AA gun: the sweep folds it) or both sides may be unable to hit (here: a stalemate
    bound lowered)."""
    _, variants = _sub_armies("lowluck", aa=True)
    assert batch.EndValues.applicable(variants[-1]) and \
        batch.EndValues(variants[-1], _position_figures, 4).opening
    assert not batch.EndValues(_sub_armies("lowluck", aa=False)[1][-1], _position_figures,
                               4).opening
    for s in BATCHES["fleets with submarines"]:
        assert not batch.EndValues.applicable(lowluck.make_rules(s))
    lone = LowLuckScenario(options=lowluck.LowLuckOptions(dice="lowluck", battle="land"),
                           attacker=LowLuckSide(units={"infantry": 2, "armor": 1}),
                           defender=LowLuckSide(units={"infantry": 1, "aa_gun": 1}),
                           edition=lowluck.shipped("1942se"))
    rules = lowluck.make_rules(lone)
    assert batch.EndValues.applicable(rules)
    values = batch.EndValues(rules, _position_figures, 4)
    assert values.of([rules.att.counts0], [rules.dfn.counts0]) is None
    _, variants = _sub_armies("lowluck", aa=False)
    monkeypatch.setattr(batch, "STALEMATE", 0.3)      # the defender's fighter: 2 in 6
    values = batch.EndValues(variants[-1], _position_figures, 4)
    assert values.of([v.att.counts0 for v in variants],
                     [v.dfn.counts0 for v in variants]) is None


@pytest.mark.parametrize("dice", ["standard", "lowluck"])
def test_end_values_of_battles_varying_both_sides(dice, monkeypatch):
    """Both sides' starts many (no side one chain: ``_by_levels`` with ordinary dice too),
    and one side's starts on one chain with low luck's tables valued by levels as well as
    along the chain: the same sums as ``solve_batch``'s end positions, to 1e-12."""
    import numpy as np
    _, variants = _sub_armies(dice, aa=False, most=1)
    whole = variants[-1]
    pairs = [batch.with_units(v, defender=d) for v in variants[::3]
             for d in itertools.product(*[range(n + 1) for n in whole.dfn.counts0])]
    pairs = [r for r, yes in zip(pairs, batch.batchable_all(pairs)) if yes]
    expect = _summed(solvers.solve_batch(pairs, curve=False), pairs)
    calls = []
    for name in ("_by_levels", "_along_chain"):
        real = getattr(batch.EndValues, name)
        monkeypatch.setattr(batch.EndValues, name, lambda self, *a, real=real, name=name:
                            calls.append(name) or real(self, *a))
    values = batch.EndValues(whole, _position_figures, 4)
    got = values.of([r.att.counts0 for r in pairs], [r.dfn.counts0 for r in pairs])
    assert calls == ["_by_levels"]
    assert np.abs(got - np.array(expect)).max() <= 1e-12
    with monkeypatch.context() as small:          # the levels in pieces of a few positions
        small.setattr(batch.EndValues, "PART_CELLS", 40)
        values = batch.EndValues(whole, _position_figures, 4)
        got = values.of([r.att.counts0 for r in pairs], [r.dfn.counts0 for r in pairs])
        assert np.abs(got - np.array(expect)).max() <= 1e-12
    # in two calls, the second one's compositions new on both sides (a level may hold
    # positions of new attackers with every defender and of old ones with new defenders)
    small = [i for i, r in enumerate(pairs)
             if sum(r.att.counts0) < 4 and sum(r.dfn.counts0) < 4]
    rest = [i for i in range(len(pairs)) if i not in set(small)]
    values = batch.EndValues(whole, _position_figures, 4)
    for part in (small, rest):
        sizes = (len(values.sides[0].number), len(values.sides[1].number))
        got = values.of([pairs[i].att.counts0 for i in part],
                        [pairs[i].dfn.counts0 for i in part])
        assert np.abs(got - np.array(expect)[part]).max() <= 1e-12
    assert 0 < sizes[0] < len(values.sides[0].number)
    assert 0 < sizes[1] < len(values.sides[1].number)
    if dice == "lowluck":
        # one defender: the levels (narrow tables), and along the chain when asked to
        on = [v for v, yes in zip(variants, batch.batchable_all(variants)) if yes]
        expect = np.array(_summed(solvers.solve_batch(on, curve=False), on))
        for narrow in (True, False):
            calls.clear()
            values = batch.EndValues(whole, _position_figures, 4)
            if not narrow:
                monkeypatch.setattr(batch, "ranges", lambda t: (np.zeros(len(t), int),
                                                                np.full(len(t), 9)))
            got = values.of([v.att.counts0 for v in on], [v.dfn.counts0 for v in on])
            assert calls == ["_by_levels" if narrow else "_along_chain"]
            assert np.abs(got - expect).max() <= 1e-12


@pytest.mark.parametrize("edition", ["1942se", "1940se"])
def test_standard_tables_in_one_convolution_are_chain_hits(edition):
    """``_standard_rows`` (ordinary dice, every composition's hit table from the same
    convolutions) against ``chain_hits`` (a table each): every sub-army of an attacker with
    support (artillery; 1940's tactical bombers raised by fighters and tanks) and of a
    defender, to 1e-15, the same widths; low luck: None (its own rows)."""
    import numpy as np
    units = {"infantry": 3, "artillery": 2, "armor": 2, "fighter": 2, "bomber": 1}
    if edition == "1940se":
        units.update({"mech_infantry": 2, "tactical_bomber": 2})
    for dice in ("standard", "lowluck"):
        opts = lowluck.LowLuckOptions(dice=dice, battle="land")
        s = LowLuckScenario(options=opts, attacker=LowLuckSide(units=units),
                            defender=LowLuckSide(units=units), edition=lowluck.shipped(edition))
        rules = lowluck.make_rules(s)
        for role, side in (("attacker", rules.att), ("defender", rules.dfn)):
            comps = list(itertools.product(*[range(n + 1) for n in side.counts0]))
            rows = batch._standard_rows(rules, role, comps)
            if dice == "lowluck":
                assert rows is None
                continue
            expect = rules.chain_hits(role, comps)
            assert rows.shape == expect.shape
            assert np.abs(rows - expect).max() <= 1e-15


def test_a_variant_starts_from_its_own_counts_after_the_rules_started():
    """The rules keep their initial state for their start counts: a variant of rules whose
    initial state was asked (``with_units``: a copy of their attributes) starts from its own
    counts, as rules made from its units do (lone transports lost before round 1 included)."""
    s = LowLuckScenario(
        options=lowluck.LowLuckOptions(dice="lowluck", battle="sea"),
        attacker=LowLuckSide(units={"destroyer": 2, "transport": 1}),
        defender=LowLuckSide(units={"cruiser": 1, "destroyer": 1}),
        edition=lowluck.shipped("1942se"))
    rules = lowluck.make_rules(s)
    assert rules.initial_state() == rules.initial_state() == (
        rules.att.counts0, rules.dfn.counts0, True)
    slot = {st.unit.id: i for i, st in enumerate(rules.att.slots) if st.status == ""}
    only_transport = tuple(1 if i == slot["transport"] else 0
                           for i in range(len(rules.att.counts0)))
    variant = batch.with_units(rules, attacker=only_transport)
    alone = lowluck.make_rules(replace(s, attacker=LowLuckSide(units={"transport": 1})))
    # the lone transport is lost before round 1, as with rules of the transport alone
    assert sum(alone.initial_state()[0]) == 0
    assert variant.initial_state() == ((0,) * len(only_transport), rules.dfn.counts0, True)
    assert rules.initial_state()[0] == rules.att.counts0
