"""Low Luck attacks in waves and take-and-hold (``lowluck.attack``, docs/scenario-format.md):
exact against a brute force that plays every round of every wave (each wave's battle
position by position through ``round_dist``, the defender's survivors carried into the next
wave's battle), exact against the seeded simulator of the same waves within 5 sigma, the
counter-attack against the same brute force, the bound, and the files' refusals."""
from __future__ import annotations

import math
from dataclasses import replace

import pytest
import tomli_w

from combatassist.errors import EngineError, ScenarioError
from combatassist.ruleset import compute
from combatassist.rulesets import lowluck
from combatassist.rulesets.lowluck import attack
from combatassist.rulesets.lowluck.rules import LowLuckOptions, LowLuckSide
from combatassist.scenario import parse_scenario_text


def scenario(edition: str = "1942se", **doc):
    full = {"ruleset": "lowluck", **doc}
    full["options"] = {"edition": edition, **doc.get("options", {})}
    return parse_scenario_text(tomli_w.dumps(full)).body


def ends_of(rules, state, memo):
    """Every end of the battle from ``state`` with its probability, round by round (a round
    that changes nothing repeats: its mass is spread over the others)."""
    hit = memo.get(state)
    if hit is not None:
        return hit
    if rules.verdict(state) is not None:
        memo[state] = {state: 1.0}
        return memo[state]
    dist = rules.round_dist(state)
    stay = dist.prob(state)
    if stay >= 1 - 1e-15:
        memo[state] = {state: 1.0}
        return memo[state]
    out: dict = {}
    for nxt, p in dist.items():
        if nxt == state:
            continue
        for end, q in ends_of(rules, nxt, memo).items():
            out[end] = out.get(end, 0.0) + p * q / (1 - stay)
    memo[state] = out
    return out


def defender_left(rules, state):
    units = rules.state_units(state)[1]
    damaged: dict = {}
    for n, s in zip(state[1], getattr(rules.dfn, "slots", ())):
        if n and s.status == "damaged":
            damaged[s.unit.id] = damaged.get(s.unit.id, 0) + n
    return units, damaged


def land_of(payload, units):
    return {u: n for u, n in units.items() if payload.options.battle == "land"
            and payload.edition.unit(u).kind == "land" and not payload.edition.unit(u).has("aa_gun")}


def brute_force(payload):
    """{(attacker lost, defender lost, verdict, taken, land units holding): p} of the
    attack: every wave fought position by position."""
    waves = (payload.attacker, *payload.waves)
    n_def = sum(payload.defender.units.values())
    out: dict = {}

    def record(key, p):
        out[key] = out.get(key, 0.0) + p

    def wave(k, units, damaged, lost, p):
        s = replace(payload, attacker=waves[k],
                    defender=replace(payload.defender, units=units, damaged=damaged),
                    waves=(), counter=None)
        rules = lowluck.make_rules(s)
        for end, q in ends_of(rules, rules.initial_state(), {}).items():
            a_lost = rules.losses(end)[0]
            left, dmg = defender_left(rules, end)
            verdict = rules.verdict(end)
            if not left:
                taken = any(n for n in land_of(payload, rules.state_units(end)[0]).values())
                holding = land_of(payload, rules.state_units(end)[0]) if taken else {}
                for later in waves[k + 1:]:          # they walk in
                    verdict = "attacker"
                    extra = land_of(payload, later.units)
                    taken = taken or bool(extra)
                    holding = {u: holding.get(u, 0) + extra.get(u, 0)
                               for u in set(holding) | set(extra)}
                record((lost + a_lost, n_def, verdict, taken,
                        tuple(sorted((u, n) for u, n in holding.items() if n))), p * q)
            elif k + 1 < len(waves):
                wave(k + 1, left, dmg, lost + a_lost, p * q)
            else:
                record((lost + a_lost, n_def - sum(left.values()), verdict, False, ()), p * q)

    wave(0, dict(payload.defender.units), dict(payload.defender.damaged), 0, 1.0)
    return out


CASES = {
    "classic land, ordinary dice": ("classic", {"dice": "standard"},
                                    [{"infantry": 2}, {"armor": 1}, {"fighter": 1}],
                                    {"infantry": 2, "armor": 1}),
    "1942 land, AA gun, ordinary dice": ("1942se", {"dice": "standard"},
                                         [{"infantry": 1, "fighter": 1}, {"armor": 2}],
                                         {"infantry": 2, "aa_gun": 1}),
    "1942 land, low luck": ("1942se", {}, [{"infantry": 2}, {"infantry": 1, "armor": 1},
                                           {"artillery": 1, "infantry": 1}, {"bomber": 1}],
                            {"infantry": 3, "artillery": 1}),
    "1942 sea, a damaged battleship carries over": ("1942se", {"dice": "standard",
                                                               "battle": "sea"},
                                                    [{"destroyer": 1}, {"cruiser": 1}],
                                                    {"battleship": 1, "destroyer": 1}),
}


def attack_of(edition, options, waves, defender, **more):
    return scenario(edition, options=options,
                    attacker={"units": waves[0], "waves": [{"units": w} for w in waves[1:]]},
                    defender={"units": defender}, **more)


@pytest.mark.parametrize("case", CASES)
def test_waves_exact_against_brute_force(case):
    payload = attack_of(*CASES[case])
    result = compute(lowluck.RULESET, payload)
    brute = brute_force(payload)
    losses: dict = {}
    wins = {"attacker": 0.0, "defender": 0.0, "draw": 0.0}
    taken = 0.0
    for (a, d, verdict, took, _), p in brute.items():
        losses[(a, d)] = losses.get((a, d), 0.0) + p
        wins[verdict] += p
        taken += p if took else 0.0
    assert math.fsum(brute.values()) == pytest.approx(1.0, abs=1e-12)
    assert {(a, d): p for a, d, p in result.losses} == pytest.approx(losses, abs=1e-12)
    assert result.attacker_wins == pytest.approx(wins["attacker"], abs=1e-12)
    assert result.defender_wins == pytest.approx(wins["defender"], abs=1e-12)
    assert result.draw == pytest.approx(wins["draw"], abs=1e-12)
    if payload.options.battle == "land":
        assert result.figures.takes_territory == pytest.approx(taken, abs=1e-12)
    waves = result.to_json()["waves"]
    assert len(waves) == len(payload.waves) + 1
    assert waves[-1]["attacker_wins"] == result.attacker_wins
    # cumulative: the defender is destroyed more often after each wave
    assert all(w1["attacker_wins"] + w1["draw"] <= w2["attacker_wins"] + w2["draw"] + 1e-12
               for w1, w2 in zip(waves, waves[1:]))


def test_first_wave_alone_is_the_single_battle():
    payload = attack_of(*CASES["1942 land, low luck"])
    single = compute(lowluck.RULESET, replace(payload, waves=()))
    first = compute(lowluck.RULESET, payload).to_json()["waves"][0]
    for key in ("attacker_wins", "defender_wins", "draw", "takes_territory",
                "attacker_ipc_lost", "defender_ipc_lost", "expected_rounds"):
        assert first[key] == pytest.approx(single.to_json()[key], abs=1e-12)


@pytest.mark.parametrize("case", ["1942 land, AA gun, ordinary dice",
                                  "1942 sea, a damaged battleship carries over"])
def test_waves_exact_against_simulation(case):
    """Every wave's cumulative figures within 5 sigma of simulating the waves."""
    payload = attack_of(*CASES[case])
    trials = 40_000
    exact = compute(lowluck.RULESET, payload).to_json()["waves"]
    sim = compute(lowluck.RULESET, payload, method="simulate", trials=trials,
                  seed=5).to_json()["waves"]
    for e, s in zip(exact, sim):
        for key in ("attacker_wins", "defender_wins", "takes_territory"):
            if e.get(key) is None:
                continue
            p = e[key]
            sigma = math.sqrt(max(p * (1 - p), 1e-9) / trials)
            assert abs(s[key] - p) <= 5 * sigma + 1e-9, (key, s[key], p)


def test_retreat_rules_apply_to_every_wave():
    payload = attack_of("1942se", {"dice": "standard", "retreat_when_units": 1},
                        [{"infantry": 3}, {"infantry": 3}], {"infantry": 3})
    result = compute(lowluck.RULESET, payload)
    assert 0 < result.retreated < 1
    plain = compute(lowluck.RULESET, replace(payload, options=replace(
        payload.options, retreat_when_units=0)))
    assert result.to_json()["waves"][0]["retreated"] > 0
    assert plain.retreated == 0.0


def test_counter_attack_against_brute_force():
    payload = attack_of("1942se", {"dice": "standard"},
                        [{"infantry": 2, "fighter": 1}, {"armor": 1}], {"infantry": 2},
                        counter={"units": {"infantry": 1, "armor": 1}})
    result = compute(lowluck.RULESET, payload)
    counter = result.to_json()["counter"]
    held = taken = 0.0
    for (_, _, _, took, holding), p in brute_force(payload).items():
        if not took:
            continue
        taken += p
        s = replace(payload, attacker=payload.counter,
                    defender=LowLuckSide(units=dict(holding)),
                    options=LowLuckOptions(dice="standard"), waves=(), counter=None)
        rules = lowluck.make_rules(s)
        retaken = math.fsum(q for end, q in ends_of(rules, rules.initial_state(), {}).items()
                            if bool(rules.territory_taken([end])[0]))
        held += p * (1 - retaken)
    assert counter["takes_territory"] == pytest.approx(taken, abs=1e-12)
    assert counter["holds"] == pytest.approx(held, abs=1e-12)
    assert 0 < counter["holds"] < counter["takes_territory"]
    assert counter["holds_if_taken"] == pytest.approx(held / taken, abs=1e-12)
    sim = compute(lowluck.RULESET, payload, method="simulate", trials=40_000, seed=2)
    sigma = math.sqrt(held * (1 - held) / 40_000)
    assert abs(sim.to_json()["counter"]["holds"] - held) <= 5 * sigma


def test_aircraft_dont_hold():
    """A win by aircraft alone takes nothing: nothing is there to counter-attack."""
    payload = scenario("1942se", attacker={"units": {"bomber": 3}},
                       defender={"units": {"infantry": 1}},
                       counter={"units": {"infantry": 5}})
    counter = compute(lowluck.RULESET, payload).to_json()["counter"]
    assert counter == {"takes_territory": 0.0, "holds": 0.0, "holds_if_taken": 0.0}


def test_too_many_battles_refused_before_solving(monkeypatch):
    payload = attack_of("1942se", {"dice": "standard"},
                        [{"infantry": 100}, {"infantry": 100}, {"infantry": 100},
                         {"infantry": 100}], {"infantry": 100, "armor": 50})
    solved = []
    monkeypatch.setattr(attack, "make_rules", lambda s: solved.append(s))
    with pytest.raises(EngineError, match="battles solved"):
        compute(lowluck.RULESET, payload)
    assert solved == []
    assert attack.battles_needed(payload) > attack.MAX_ATTACK_BATTLES


@pytest.mark.parametrize("doc, field", [
    ({"attacker": {"units": {"infantry": 1},
                   "waves": [{"units": {"infantry": 1}}] * 4}}, "attacker.waves"),
    ({"attacker": {"units": {"infantry": 1}, "waves": [{"units": {}}]}}, "attacker.waves[1].units"),
    ({"attacker": {"units": {"infantry": 1}, "waves": [{"units": {"aa_gun": 1}}]}},
     "attacker.waves[1].units.aa_gun"),
    ({"attacker": {"units": {"infantry": 1}, "waves": [{"units": {"infantry": 1},
                                                        "bombard": {"cruiser": 1}}]}},
     "attacker.waves[1].bombard"),
    ({"attacker": {"units": {"infantry": 1}},
      "defender": {"units": {"infantry": 1}, "waves": [{"units": {"infantry": 1}}]}},
     "defender.waves"),
    ({"attacker": {"units": {"infantry": 1}}, "counter": {"units": {}}}, "counter.units"),
    ({"attacker": {"units": {"infantry": 1}}, "counter": {"units": {"infantry": 1},
                                                          "techs": []}}, "counter.techs"),
])
def test_refusals_name_the_field(doc, field):
    doc = {"defender": {"units": {"infantry": 1}}, **doc}
    with pytest.raises(ScenarioError) as err:
        scenario("1942se", **doc)
    assert err.value.field == field
    assert "\n" not in str(err.value)


def test_counter_at_sea_refused():
    with pytest.raises(ScenarioError, match="land battle"):
        scenario("1942se", options={"battle": "sea"}, attacker={"units": {"destroyer": 1}},
                 defender={"units": {"destroyer": 1}}, counter={"units": {"destroyer": 1}})


def test_documents_round_trip():
    payload = attack_of("1942se", {"dice": "standard"},
                        [{"infantry": 2}, {"armor": 1}], {"infantry": 2},
                        counter={"units": {"infantry": 1}, "order_of_loss": ["infantry"]})
    doc = {"ruleset": "lowluck", **lowluck.RULESET.to_document(payload)}
    assert parse_scenario_text(tomli_w.dumps(doc)).body == payload


def test_summary_says_the_waves():
    payload = attack_of(*CASES["1942 land, low luck"], counter={"units": {"armor": 2}})
    text = lowluck.RULESET.summarise(compute(lowluck.RULESET, payload))
    assert "after wave 4" in text and "takes and holds" in text


def test_shared_results_name_the_waves_and_the_counter_attack():
    from combatassist import report
    from combatassist.scenario import Scenario as Sc
    payload = attack_of("1942se", {"dice": "standard", "retreat_when_only_air": True},
                        [{"infantry": 3}, {"armor": 2, "infantry": 1}], {"infantry": 4},
                        counter={"units": {"infantry": 3}})
    text = report.copy_text(Sc("lowluck", payload), compute(lowluck.RULESET, payload))
    assert "Attacker: 3 Infantry; wave 2: 2 Armor + 1 Infantry" in text
    assert "Counter-attack: 3 Infantry" in text
    assert "retreat when only aircraft are left: yes" in text


def _subsets_best(rules, value_of_end):
    """The best, over every subset of the battle's live positions withdrawing, of the
    expected ``value_of_end(end position)``."""
    import itertools
    from combatassist.solver import DEFAULT_MAX_STATES, Transitions, solve
    transitions = Transitions(rules, None, DEFAULT_MAX_STATES)
    solve(rules, curve=False, transitions=transitions)
    live = sorted((s for s in transitions.cache if rules.verdict(s) is None), key=repr)
    assert len(live) <= 12
    best = -math.inf
    for n in range(len(live) + 1):
        for chosen in itertools.combinations(live, n):
            chosen = set(chosen)
            out = solve(rules, curve=False, retreat=lambda s, _r, c=chosen: s in c)
            best = max(best, math.fsum(p * value_of_end(s) for bucket in (
                out.decided, out.retreated, out.stalemates, out.undecided)
                for s, p in bucket.items()))
    return best


@pytest.mark.parametrize("edition, waves, defender", [
    ("classic", [{"infantry": 1, "armor": 1}, {"armor": 1}], {"infantry": 2}),
    ("1942se", [{"infantry": 2}, {"armor": 1, "fighter": 1}], {"infantry": 2}),
    ("1942se", [{"fighter": 1}, {"infantry": 1}], {"infantry": 1}),
])
def test_profit_in_waves_is_the_best_of_every_retreat_decision(edition, waves, defender):
    """Each wave's profit policy counts what the later wave makes of the defender it leaves:
    the attack's expected IPC is the best over every subset of the first wave's positions
    withdrawing, each end followed by the best of every subset of the second wave's."""
    from combatassist.retreat_policy import swing_of, taken_of
    value = 4
    payload = attack_of(edition, {"dice": "standard", "retreat": "profit",
                                  "territory_value": value}, waves, defender)
    first = lowluck.make_rules(replace(payload, waves=(), counter=None))
    swing0, taken0 = swing_of(first), taken_of(first)
    second_land = any(payload.edition.unit(u).kind == "land" for u in waves[1])
    memo: dict = {}

    def second(units):
        key = tuple(sorted(units.items()))
        if key not in memo:
            rules = lowluck.make_rules(replace(payload, attacker=payload.waves[0],
                                               defender=LowLuckSide(units=units), waves=(),
                                               counter=None))
            sw, tk = swing_of(rules), taken_of(rules)
            memo[key] = _subsets_best(rules, lambda s: sw(s) + (value if tk(s) else 0))
        return memo[key]

    def end_value(s):
        left = first.state_units(s)[1]
        later = second(left) if left else (value if second_land and not taken0(s) else 0)
        return swing0(s) + (value if taken0(s) else 0) + later

    best = _subsets_best(first, end_value)
    result = compute(lowluck.RULESET, payload).to_json()
    assert result["expected_profit"] == pytest.approx(best, abs=1e-12)


def test_policy_waves_past_the_limit_refused_at_once(monkeypatch):
    """A profit policy over waves solves a wave per defender it may meet: refused before
    any battle is solved when their estimates add up past the exact limit."""
    payload = attack_of("1942se", {"dice": "standard", "retreat": "profit"},
                        [{"infantry": 10, "armor": 5}, {"armor": 8}], {"infantry": 12})
    work = attack.policy_work(payload)
    from combatassist import limits
    monkeypatch.setattr(limits, "MAX_EXACT_TRANSITIONS", int(work / 2))
    monkeypatch.setattr(attack, "best_policy", lambda *a, **k: pytest.fail("solved"))
    with pytest.raises(EngineError, match="transitions"):
        compute(lowluck.RULESET, payload)


@pytest.mark.parametrize("policy", ["profit", "strafe"])
def test_each_wave_says_its_own_policy(policy):
    """With several waves the words are each wave's: the first wave's, then the last wave's
    against the defender it most likely meets — the same words as that battle fought on its
    own with the policy (the last wave looks ahead to nothing), and that defender the most
    likely one the first wave leaves (the first wave's own ends, summed by defender)."""
    more = {"territory_value": 3} if policy == "profit" else {}
    doc = dict(options={"dice": "lowluck", "retreat": policy, **more},
               attacker={"units": {"infantry": 3, "artillery": 1},
                         "waves": [{"units": {"armor": 2, "fighter": 1}}]},
               defender={"units": {"infantry": 3, "armor": 1}})
    result = compute(lowluck.RULESET, scenario(**doc))
    lines = [str(w) for w in result.asked["policy"]]
    assert lines[0].startswith("wave 1: ")
    second = [w for w in lines if w.startswith("wave 2, against ")]
    assert second and all(w.startswith(("wave 1: ", "wave 2, against ")) for w in lines)
    named = second[0].split("against ")[1].split(" (")[0]
    units = {}
    for part in named.split(", "):
        n, uid = part.split(" ", 1)
        units[uid.replace(" ", "_")] = int(n)
    alone = scenario(**{**doc, "attacker": {"units": {"armor": 2, "fighter": 1}},
                        "defender": {"units": units}})
    words = [str(w) for w in compute(lowluck.RULESET, alone).asked["policy"]]
    assert [w.split("): ", 1)[1] for w in second] == words
    share = float(second[0].split("meets, ")[1].split("%")[0]) / 100
    if policy == "strafe":
        # no look-ahead: the first wave's battle is the one fought alone; its defenders left
        first = scenario(**{**doc, "attacker": {"units": doc["attacker"]["units"]}})
        rules = lowluck.make_rules(first)
        outcome = lowluck.outcome_of(rules, first.options)
        left: dict = {}
        for bucket in ("decided", "retreated", "stalemates", "undecided"):
            for state, p in getattr(outcome, bucket).items():
                d = tuple(sorted(rules.state_units(state)[1].items()))
                if d:
                    left[d] = left.get(d, 0.0) + p
        likeliest = max(left, key=left.get)
        assert dict(likeliest) == units
        assert share == pytest.approx(left[likeliest], abs=0.005)
