"""The planner (``lowluck.planner``, ``combatassist plan``): every answer against brute force
— every force made into its own scenario and solved alone by ``odds``'s path
(``lowluck.compute``) —: the cheapest force meeting the target (ties: the higher figure,
then fewer units), the next cheapest, the "+1 unit" table, the figures of each; the
attacker's and the defender's questions, land and sea, both dice modes, Classic and the later
editions; the search when not every force fits, and the [plan] table's refusals."""
from __future__ import annotations

import itertools
import json
from dataclasses import replace

import pytest

from combatassist import limits
from combatassist.cli import main
from combatassist.errors import CombatAssistError, EngineError
from combatassist.rulesets import lowluck
from combatassist.rulesets.lowluck import planner
from combatassist.scenario import parse_scenario_text


def _text(body: str, edition: str = "1942se", dice: str = "standard",
          battle: str = "land") -> str:
    edition_line = "" if edition == "classic" else f'edition = "{edition}"\n'
    return (f'ruleset = "lowluck"\n[options]\n{edition_line}dice = "{dice}"\n'
            f'battle = "{battle}"\n' + body)


def _scenario(text: str):
    return parse_scenario_text(text).body


def _brute_force(s) -> dict[tuple, dict]:
    """Every force of the plan's question, solved alone: {counts per type: figures}."""
    spec = s.plan
    if spec.side == "attacker":
        most = s.attacker.units
    else:
        most = spec.add
    types = [u.id for u in s.edition.units if most.get(u.id)]
    costs = {u.id: u.cost for u in s.edition.units}
    out = {}
    for combo in itertools.product(*[range(most[u] + 1) for u in types]):
        if spec.side == "attacker" and not any(combo):
            continue
        force = {u: n for u, n in zip(types, combo) if n}
        if spec.side == "attacker":
            battle = replace(s, attacker=replace(s.attacker, units=force), plan=None)
        else:
            units = dict(s.defender.units)
            for u, n in force.items():
                units[u] = units.get(u, 0) + n
            battle = replace(s, defender=replace(s.defender, units=units), plan=None)
        r = lowluck.compute(battle)
        out[combo] = {"force": force, "cost": sum(costs[u] * n for u, n in force.items()),
                      "units": sum(combo), "attacker_wins": r.attacker_wins,
                      "defender_holds": r.defender_wins + r.draw,
                      "takes_territory": r.figures.takes_territory,
                      "expected_ipc_swing": r.figures.expected_ipc_swing,
                      "takes_and_holds": (r.asked.get("counter") or {}).get("holds"),
                      "json": r.to_json()}
    return out


def assert_every_force_is_brute_forces(s, every: dict, q=None) -> None:
    """Every force's key figures (the ranking's: ``_Question.solve``, a fresh question or
    ``q``) against brute force's ``every`` (``_brute_force``), to 1e-9; a figure brute force
    doesn't have (no territory at sea, no counter-attack) isn't compared."""
    combos = list(every)
    q = q if q is not None else planner._Question(s, s.plan)
    for c, cand in zip(combos, q.solve(combos)):
        for key in planner.KEY_FIGURES:
            if every[c][key] is not None:
                assert cand.figure(key) == pytest.approx(every[c][key], abs=1e-9), (c, key)


def _key(f: dict, target: str) -> tuple:
    return (f["cost"], -round(f[target] or 0.0, 9), f["units"])


def assert_plan_is_brute_forces(s, answer: planner.Plan | None = None) -> planner.Plan:
    spec = s.plan
    answer = answer or planner.plan(s)
    every = _brute_force(s)
    target = spec.target
    meeting = sorted((f for f in every.values() if (f[target] or 0.0) >= spec.value),
                     key=lambda f: _key(f, target))
    assert answer.meets == bool(meeting)
    data = answer.to_json()["plan"]
    by_force = {tuple(sorted(f["force"].items())): f for f in every.values()}

    def figures_of(force: dict) -> dict:
        return by_force[tuple(sorted(force.items()))]

    chosen = figures_of(data["force"])
    assert data["cost"] == chosen["cost"]
    if meeting:
        assert _key(chosen, target) == _key(meeting[0], target)
        expect = [_key(f, target) for f in meeting[1:1 + spec.alternatives]]
        assert [_key(figures_of(a["force"]), target) for a in data["alternatives"]] == expect
    else:
        assert chosen[target] == pytest.approx(max(f[target] or 0.0 for f in every.values()),
                                               abs=1e-12)
        assert data["alternatives"] == []
    # the figures shown are the battle's own (odds), the +1 table each force's
    from .test_lowluck_batch import figures_diff
    assert figures_diff(chosen["json"], data["figures"]) <= 1e-12
    for a in data["alternatives"]:
        assert figures_diff(figures_of(a["force"])["json"], a["figures"]) <= 1e-12
    most = s.attacker.units if spec.side == "attacker" else spec.add
    room = [u for u in (x.id for x in s.edition.units) if most.get(u)
            and data["force"].get(u, 0) < most[u]]
    assert [row["unit"] for row in data["plus_one"]] == room
    for row in data["plus_one"]:
        force = dict(data["force"])
        force[row["unit"]] = force.get(row["unit"], 0) + 1
        f = figures_of(force)
        for key in ("attacker_wins", "defender_holds", "expected_ipc_swing"):
            assert row[key] == pytest.approx(f[key], abs=1e-12), key
        if f["takes_and_holds"] is None:
            assert "takes_and_holds" not in row
        else:
            assert row["takes_and_holds"] == pytest.approx(f["takes_and_holds"], abs=1e-12)
        if f["takes_territory"] is None:
            assert row["takes_territory"] is None
        else:
            assert row["takes_territory"] == pytest.approx(f["takes_territory"], abs=1e-12)
    if answer.exhaustive:
        assert answer.searched == len(every) + 0 and answer.proven
    assert_frontier_is_brute_forces(data, every, target, answer.exhaustive)
    return answer


def assert_frontier_is_brute_forces(data: dict, every: dict, target: str,
                                    exhaustive: bool) -> None:
    """The plan's ``frontier`` (JSON) against brute force's ``every``: each point's figures
    are its force's, cheapest first, each passing every cheaper point; when every force was
    solved, each point's figure is the best of every force as cheap as it, and no force
    passes the frontier at its cost."""
    by_force = {tuple(sorted(f["force"].items())): f for f in every.values()}
    points = data["frontier"]
    assert points
    for point in points:
        f = by_force[tuple(sorted(point["force"].items()))]
        assert point["cost"] == f["cost"]
        for key in ("attacker_wins", "defender_holds", "expected_ipc_swing"):
            assert point[key] == pytest.approx(f[key], abs=1e-9), key
    figures = [p[target] or 0.0 for p in points]
    assert [p["cost"] for p in points] == sorted({p["cost"] for p in points})
    assert all(b > a for a, b in zip(figures, figures[1:]))
    if not exhaustive:
        return
    cheapest = min(every.values(), key=lambda f: _key(f, target))
    assert points[0]["cost"] == cheapest["cost"]
    for point, figure in zip(points, figures):
        best = max(f[target] or 0.0 for f in every.values() if f["cost"] <= point["cost"])
        assert figure == pytest.approx(best, abs=1e-9), point
    for f in every.values():
        reached = max(fig for p, fig in zip(points, figures) if p["cost"] <= f["cost"])
        assert (f[target] or 0.0) <= reached + 1e-8, f["force"]


CASES = {
    "1942 land, ordinary dice, wins": _text(
        '[attacker]\nunits = { infantry = 3, artillery = 1, armor = 1, fighter = 1 }\n'
        '[defender]\nunits = { infantry = 2, armor = 1 }\n'
        '[plan]\ntarget = { attacker_wins = 0.8 }\nalternatives = 4\n'),
    "1942 land, low luck, AA gun, takes": _text(
        '[attacker]\nunits = { infantry = 2, artillery = 2, fighter = 2, bomber = 1 }\n'
        '[defender]\nunits = { infantry = 2, aa_gun = 1, fighter = 1 }\n'
        '[plan]\ntarget = { takes_territory = 0.75 }\n', dice="lowluck"),
    "1940 land, ordinary dice, 3 rounds": _text(
        '[attacker]\nunits = { infantry = 2, mech_infantry = 1, tactical_bomber = 1, '
        'armor = 1 }\n[defender]\nunits = { infantry = 2, artillery = 1 }\n'
        '[plan]\ntarget = { attacker_wins = 0.6 }\nalternatives = 3\n', edition="1940se"),
    "1942 sea with submarines (on the lattice)": _text(
        '[attacker]\nunits = { submarine = 2, destroyer = 1, fighter = 1 }\n'
        '[defender]\nunits = { submarine = 1, destroyer = 1 }\n'
        '[plan]\ntarget = { attacker_wins = 0.7 }\n', battle="sea"),
    "1942 fleet with submarines, transports, a damaged battleship (on the lattice)": _text(
        '[attacker]\nunits = { submarine = 2, destroyer = 1, battleship = 1, fighter = 2, '
        'bomber = 1 }\n'
        '[defender]\nunits = { submarine = 1, battleship = 2, transport = 1, fighter = 1 }\n'
        'damaged = { battleship = 1 }\n'
        '[plan]\ntarget = { attacker_wins = 0.6 }\nalternatives = 4\n', battle="sea"),
    "defender adds to a fleet with submarines (on the lattice)": _text(
        '[attacker]\nunits = { submarine = 2, destroyer = 1, cruiser = 1, fighter = 1 }\n'
        '[defender]\nunits = { transport = 1, submarine = 1 }\n'
        '[plan]\nside = "defender"\ntarget = { defender_holds = 0.5 }\n'
        'add = { submarine = 2, destroyer = 1, fighter = 1, battleship = 1 }\n', battle="sea"),
    "1940 fleet, submarines, tactical bombers and fighters (on the lattice)": _text(
        '[attacker]\nunits = { submarine = 1, destroyer = 1, tactical_bomber = 2, '
        'fighter = 1 }\n'
        '[defender]\nunits = { submarine = 1, destroyer = 1, carrier = 1, fighter = 1 }\n'
        '[plan]\ntarget = { attacker_wins = 0.5 }\n', edition="1940se", battle="sea"),
    "1942 fleet with submarines, low luck (on the lattice)": _text(
        '[attacker]\nunits = { submarine = 2, destroyer = 1, fighter = 2, cruiser = 1, '
        'battleship = 1 }\n'
        '[defender]\nunits = { submarine = 1, destroyer = 1, carrier = 1, fighter = 1, '
        'transport = 1 }\n'
        '[plan]\ntarget = { attacker_wins = 0.8 }\nalternatives = 3\n', dice="lowluck",
        battle="sea"),
    "defender adds to a fleet with submarines, low luck (on the lattice)": _text(
        '[attacker]\nunits = { submarine = 2, destroyer = 1, fighter = 2 }\n'
        '[defender]\nunits = { submarine = 1 }\n'
        '[plan]\nside = "defender"\ntarget = { defender_holds = 0.5 }\n'
        'add = { submarine = 2, destroyer = 1, fighter = 2, cruiser = 1 }\n', dice="lowluck",
        battle="sea"),
    "1942 fleet whose submarines submerge (solved one by one)": _text(
        '[attacker]\nunits = { submarine = 2, destroyer = 1, fighter = 1 }\n'
        'submerge = true\n'
        '[defender]\nunits = { submarine = 1, destroyer = 1, fighter = 1 }\n'
        '[plan]\ntarget = { attacker_wins = 0.7 }\n', battle="sea"),
    "Classic land": _text(
        '[attacker]\nunits = { infantry = 3, armor = 2, fighter = 1 }\n'
        '[defender]\nunits = { infantry = 3, armor = 1 }\n'
        '[plan]\ntarget = { attacker_wins = 0.5 }\n', edition="classic", dice="lowluck"),
    "defender adds": _text(
        '[attacker]\nunits = { infantry = 3, artillery = 1, armor = 2, fighter = 1 }\n'
        '[defender]\nunits = { infantry = 1 }\n'
        '[plan]\nside = "defender"\ntarget = { defender_holds = 0.6 }\n'
        'add = { infantry = 3, armor = 1, fighter = 1 }\n'),
    "defender adds, low luck, at sea": _text(
        '[attacker]\nunits = { destroyer = 1, cruiser = 1, fighter = 2 }\n'
        '[defender]\nunits = { transport = 1 }\n'
        '[plan]\nside = "defender"\ntarget = { defender_holds = 0.5 }\n'
        'add = { destroyer = 2, carrier = 1, fighter = 1 }\n', dice="lowluck", battle="sea"),
    "1942 land, low luck, no AA gun (valued backwards)": _text(
        '[attacker]\nunits = { infantry = 3, artillery = 2, armor = 1, fighter = 1 }\n'
        '[defender]\nunits = { infantry = 2, armor = 1, fighter = 1 }\n'
        '[plan]\ntarget = { takes_territory = 0.7 }\nalternatives = 3\n', dice="lowluck"),
    "defender adds, low luck (valued backwards)": _text(
        '[attacker]\nunits = { infantry = 3, artillery = 1, armor = 2, bomber = 1 }\n'
        '[defender]\nunits = { infantry = 1 }\n'
        '[plan]\nside = "defender"\ntarget = { defender_holds = 0.6 }\n'
        'add = { infantry = 3, artillery = 1, armor = 1, fighter = 1 }\n', dice="lowluck"),
    "1942 land, ordinary dice, AA gun (valued backwards)": _text(
        '[attacker]\nunits = { infantry = 2, artillery = 1, armor = 1, fighter = 2 }\n'
        '[defender]\nunits = { infantry = 2, armor = 1, aa_gun = 1 }\n'
        '[plan]\ntarget = { attacker_wins = 0.7 }\nalternatives = 3\n'),
    "1942 land, a lone AA gun at the chain's end (swept)": _text(
        '[attacker]\nunits = { infantry = 2, armor = 1, fighter = 1 }\n'
        '[defender]\nunits = { infantry = 1, aa_gun = 1 }\n'
        '[plan]\ntarget = { takes_territory = 0.8 }\n', dice="lowluck"),
    "1940 land, keeping 2 land units, low luck (valued backwards)": _text(
        '[attacker]\nunits = { infantry = 3, mech_infantry = 1, armor = 1, '
        'tactical_bomber = 1 }\n[defender]\nunits = { infantry = 2, artillery = 1 }\n'
        '[plan]\ntarget = { takes_territory = 0.6 }\n', edition="1940se",
        dice="lowluck").replace('battle = "land"\n', 'battle = "land"\nkeep_land_units = 2\n'),
    "defender adds to nothing, low luck (valued backwards)": _text(
        '[attacker]\nunits = { infantry = 2, armor = 1 }\n[defender]\nunits = { }\n'
        '[plan]\nside = "defender"\ntarget = { defender_holds = 0.5 }\n'
        'add = { infantry = 2, fighter = 1 }\n', dice="lowluck"),
    "1942 sea, two-hit ships, low luck (valued backwards)": _text(
        '[attacker]\nunits = { destroyer = 2, cruiser = 1, battleship = 1, fighter = 1 }\n'
        '[defender]\nunits = { destroyer = 1, carrier = 1, fighter = 1 }\n'
        '[plan]\ntarget = { attacker_wins = 0.8 }\n', dice="lowluck", battle="sea"),
    "1942 sea, two-hit ships (valued backwards)": _text(
        '[attacker]\nunits = { destroyer = 1, cruiser = 1, battleship = 1, bomber = 1 }\n'
        '[defender]\nunits = { destroyer = 1, battleship = 1 }\n'
        '[plan]\ntarget = { attacker_wins = 0.6 }\n', battle="sea"),
    "no force meets it": _text(
        '[attacker]\nunits = { infantry = 2, armor = 1 }\n'
        '[defender]\nunits = { infantry = 4, armor = 2 }\n'
        '[plan]\ntarget = { attacker_wins = 0.99 }\n'),
}


@pytest.mark.parametrize("name", list(CASES))
def test_the_plan_is_brute_forces(name):
    text = CASES[name]
    if "3 rounds" in name:
        text = text.replace('battle = "land"\n', 'battle = "land"\nmax_rounds = 3\n')
    s = _scenario(text)
    answer = assert_plan_is_brute_forces(s)
    assert answer.exhaustive
    # fleets with submarines: every force valued on one lattice, where it applies
    lattice = planner._Question(s, s.plan)._lattice
    assert (lattice is not None) == ("(on the lattice)" in name)
    if name == "no force meets it":
        assert not answer.meets


def test_a_retreat_policy_is_planned_as_odds_solves_it():
    """``retreat = "profit"`` (the policy optimises each force's retreats): every force as
    ``odds`` solves it, against brute force."""
    text = CASES["1942 land, ordinary dice, wins"].replace(
        'battle = "land"\n', 'battle = "land"\nretreat = "profit"\nterritory_value = 3\n')
    s = _scenario(text)
    assert s.options.retreat == "profit"
    assert_plan_is_brute_forces(s)


@pytest.mark.parametrize("name,policy,few", [
    ("1942 fleet with submarines, transports, a damaged battleship (on the lattice)", "profit",
     0),
    ("1942 fleet with submarines, transports, a damaged battleship (on the lattice)", "profit",
     2),
    ("1942 fleet with submarines, low luck (on the lattice)", "profit", 0),
    ("defender adds to a fleet with submarines (on the lattice)", "profit", 1),
    ("1940 fleet, submarines, tactical bombers and fighters (on the lattice)", "profit", 0),
    ("defender adds, low luck, at sea", "profit", 0),
    ("1942 land, ordinary dice, wins", "profit", 0),
    ("1942 land, low luck, no AA gun (valued backwards)", "profit", 2),
    ("defender adds", "profit", 0),
    ("1942 land, ordinary dice, wins", "strafe", 0),
    ("1942 land, low luck, no AA gun (valued backwards)", "strafe", 1),
    ("defender adds", "strafe", 0)])
def test_a_retreat_policy_is_planned_on_the_lattice(name, policy, few):
    """A fleet (with submarines or without), or a land battle without AA guns (the
    territory worth 4 IPC), under a retreat policy: every force valued on one lattice with
    the attacker's optimal retreat before each round (``sea_values.Retreat``), the
    forces shown solved as ``odds`` solves them (the policy in words), against brute force
    (every force through ``odds``, its policy found by ``retreat_policy``); and the policy
    changes some force's figures. With "withdraw with N units or fewer" beside it (``few``),
    the attacker withdraws there whatever the policy says."""
    battle = 'battle = "sea"\n' if 'battle = "sea"' in CASES[name] else 'battle = "land"\n'
    text = CASES[name].replace(battle, f'{battle}retreat = "{policy}"\n'
                                       f'retreat_when_units = {few}\n'
                                       + ("territory_value = 4\n" if "land" in battle
                                          and policy == "profit" else ""))
    s = _scenario(text)
    assert s.options.retreat == policy
    q = planner._Question(s, s.plan)
    assert q.policy == policy and q._lattice is not None and not q.batches
    answer = assert_plan_is_brute_forces(s)
    assert answer.exhaustive and answer.proven
    assert answer.best.result is not None and answer.best.result.to_json().get("policy")
    plain = _brute_force(_scenario(CASES[name]))
    every = _brute_force(s)
    assert any(abs(every[c]["expected_ipc_swing"] - plain[c]["expected_ipc_swing"]) > 1e-6
               for c in every)


@pytest.mark.parametrize("name,rules", [
    ("1942 fleet with submarines, transports, a damaged battleship (on the lattice)",
     "retreat_below = 0.4\n"),
    ("1942 fleet with submarines, low luck (on the lattice)",
     "retreat_below = 0.5\nretreat_when_units = 2\n"),
    ("defender adds to a fleet with submarines (on the lattice)", "retreat_when_units = 2\n"),
    ("1942 land, ordinary dice, wins", "retreat_below = 0.3\nretreat_when_units = 2\n"),
    ("1942 land, low luck, no AA gun (valued backwards)", "retreat_below = 0.6\n"),
    ("defender adds", "retreat_below = 0.5\n")])
def test_retreat_rules_are_planned_on_the_lattice(name, rules):
    """Retreat rules that look at positions alone — "with N units or fewer", "below X" (the
    chance to win by fighting on, under the same rules) — without a policy: every force
    valued on one lattice (``sea_values.Retreat``), against brute force (every force
    through ``odds``: the grids' own retreat rules, or the general solver's); and the rules
    change some force's figures."""
    battle = 'battle = "sea"\n' if 'battle = "sea"' in CASES[name] else 'battle = "land"\n'
    s = _scenario(CASES[name].replace(battle, battle + rules))
    q = planner._Question(s, s.plan)
    assert q.position_rules and q._lattice is not None and not q.batches
    answer = assert_plan_is_brute_forces(s)
    assert answer.exhaustive and answer.proven
    plain = _brute_force(_scenario(CASES[name]))
    every = _brute_force(s)
    assert any(abs(every[c]["attacker_wins"] - plain[c]["attacker_wins"]) > 1e-6
               for c in every)


ONLY_AIR = {
    "profit, aircraft that fight on": _text(
        'retreat = "profit"\nterritory_value = 4\n'
        '[attacker]\nunits = { infantry = 2, fighter = 2, bomber = 1 }\n'
        '[defender]\nunits = { infantry = 2 }\n'
        '[plan]\ntarget = { attacker_wins = 0.9 }\nalternatives = 3\n'),
    "the rule alone, low luck": _text(
        '[attacker]\nunits = { infantry = 2, armor = 1, fighter = 2 }\n'
        '[defender]\nunits = { infantry = 2, armor = 1 }\n'
        '[plan]\ntarget = { attacker_wins = 0.7 }\n', dice="lowluck"),
    "beside below X and N units": _text(
        'retreat_below = 0.3\nretreat_when_units = 1\n'
        '[attacker]\nunits = { infantry = 2, fighter = 2, bomber = 1 }\n'
        '[defender]\nunits = { infantry = 2, artillery = 1 }\n'
        '[plan]\ntarget = { attacker_wins = 0.8 }\n'),
    "the defender's question, strafe": _text(
        'retreat = "strafe"\n'
        '[attacker]\nunits = { infantry = 2, fighter = 2 }\n'
        '[defender]\nunits = { infantry = 1 }\n'
        '[plan]\nside = "defender"\ntarget = { defender_holds = 0.6 }\n'
        'add = { infantry = 2, armor = 1 }\n'),
}


@pytest.mark.parametrize("name", list(ONLY_AIR))
def test_withdrawing_when_only_aircraft_are_left_is_planned_on_the_lattice(name):
    """"Withdraw when only aircraft are left", alone, beside other rules or under a policy:
    on the lattice, a position rule like "with N units or fewer" (the attacker's land units
    gone, an aircraft left); a force of aircraft alone, never under it, solved as ``odds``
    solves it. Against brute force (every force through ``odds``), and without a policy the
    rule changes some force's figures."""
    text = ONLY_AIR[name]
    s = _scenario(text.replace('battle = "land"\n',
                               'battle = "land"\nretreat_when_only_air = true\n'))
    q = planner._Question(s, s.plan)
    assert s.options.retreat_when_only_air and q._air_rule and q._lattice is not None
    answer = assert_plan_is_brute_forces(s)
    assert answer.exhaustive and answer.proven
    every = _brute_force(s)
    assert_every_force_is_brute_forces(s, every)       # aircraft alone too
    without = _brute_force(_scenario(text))
    # (under a policy the rule mostly withdraws where the policy would: aircraft are dear)
    assert s.options.retreat != "none" or any(
        abs(every[c][key] - without[c][key]) > 1e-6
        for c in every for key in ("attacker_wins", "expected_ipc_swing"))


@pytest.mark.parametrize("name,rules", [
    ("1942 land, ordinary dice, wins", "retreat_after = 1\n"),
    ("1942 land, low luck, AA gun, takes", "retreat_after = 2\n"),
    ("1940 land, ordinary dice, 3 rounds", "retreat_after = 2\n"),   # (its 3 rounds: 2)
    ("1942 land, ordinary dice, AA gun (valued backwards)", "retreat_after = 3\nmax_rounds = 2\n"),
    ("1942 sea, two-hit ships (valued backwards)", "retreat_after = 1\n"),
    ("1942 sea with submarines (on the lattice)", "retreat_after = 2\n"),
    ("Classic land", "retreat_after = 1\n"),
    ("defender adds", "retreat_after = 1\n")])
def test_withdrawing_after_round_n_is_a_round_limit_of_the_batch(name, rules):
    """"Withdraw after round N" alone: every force in the batch, fought N rounds (or the
    round limit, when fewer), the battles still on then withdrawn — the defender holds —
    against brute force (every force through ``odds``); the rule changes some force."""
    text = CASES[name]
    battle = 'battle = "sea"\n' if 'battle = "sea"' in text else 'battle = "land"\n'
    if "max_rounds" in text and "max_rounds" in rules:
        text = "\n".join(l for l in text.split("\n") if not l.startswith("max_rounds"))
    s = _scenario(text.replace(battle, battle + rules))
    q = planner._Question(s, s.plan)
    assert q.after and q.batches and q.rounds == min(
        x for x in (s.options.retreat_after, s.options.max_rounds) if x)
    assert q.retreated == (s.options.max_rounds in (0, s.options.retreat_after)
                           or s.options.retreat_after < s.options.max_rounds)
    answer = assert_plan_is_brute_forces(s)
    assert answer.exhaustive
    every = _brute_force(s)
    assert_every_force_is_brute_forces(s, every)
    plain = _brute_force(_scenario(text))
    assert any(abs(every[c]["defender_holds"] - plain[c]["defender_holds"]) > 1e-6
               for c in every)


@pytest.mark.parametrize("name,rules", [
    ("1942 land, ordinary dice, wins", "retreat_after = 2\nretreat_when_units = 2\n"),
    ("1942 land, low luck, no AA gun (valued backwards)",
     "retreat_after = 1\nretreat_below = 0.5\n"),
    ("1942 land, ordinary dice, wins", "max_rounds = 2\nretreat_when_units = 1\n"),
    ("1942 land, ordinary dice, wins",
     "max_rounds = 3\nretreat_after = 2\nretreat_when_only_air = true\n"),
    ("1942 fleet with submarines, transports, a damaged battleship (on the lattice)",
     "retreat_after = 2\nretreat_when_units = 3\n"),
    ("defender adds", "retreat_after = 1\nretreat_when_units = 2\n"),
    ("1942 land, ordinary dice, AA gun (valued backwards)",
     "retreat_after = 2\nretreat_when_units = 2\n"),
    ("1942 land, low luck, AA gun, takes", "max_rounds = 2\nretreat_below = 0.4\n")])
def test_rounds_beside_position_rules_are_valued_round_by_round(name, rules):
    """"Withdraw after round N" or a round limit beside the rules that look at positions:
    on the lattice, round by round back from the limit (``sea_values._by_rounds``: what is
    still on then withdrawn, or undecided), the rules before every round but after the
    last; every force's key figures and the plan against brute force (every force through
    ``odds``); and the rounds change some force. Against an AA gun too (after round 1's
    fire, its general combat leads to the values before round 2)."""
    text = CASES[name]
    battle = 'battle = "sea"\n' if 'battle = "sea"' in text else 'battle = "land"\n'
    s = _scenario(text.replace(battle, battle + rules))
    q = planner._Question(s, s.plan)
    assert q.position_rules and not q.batches
    assert q._lattice is not None
    every = _brute_force(s)
    assert_every_force_is_brute_forces(s, every, q)
    answer = assert_plan_is_brute_forces(s)
    assert answer.exhaustive and answer.proven
    loose = _brute_force(_scenario(text.replace(battle, battle + "\n".join(
        line for line in rules.split("\n")
        if not line.startswith(("retreat_after", "max_rounds"))) + "\n")))
    assert any(abs(every[c][key] - loose[c][key]) > 1e-6
               for c in every for key in ("attacker_wins", "defender_holds"))


def test_withdrawing_after_round_n_with_units_landed_is_solved_one_by_one():
    """Units landed from the sea can't withdraw: "after round N" then leaves them fighting
    (``odds``'s own reading), so each force (the defender's question: the attacker's
    units are given) is solved as ``odds`` solves it."""
    s = _scenario(_text(
        'retreat_after = 1\n'
        '[attacker]\nunits = { infantry = 2, armor = 1, fighter = 1 }\n'
        'amphibious = { infantry = 1 }\n'
        '[defender]\nunits = { infantry = 1 }\n'
        '[plan]\nside = "defender"\ntarget = { defender_holds = 0.6 }\n'
        'add = { infantry = 2, armor = 1 }\n'))
    q = planner._Question(s, s.plan)
    assert not q.after and not q.batches
    assert_plan_is_brute_forces(s)


@pytest.mark.parametrize("edition,dice", [("revised", "standard"), ("aa50", "lowluck")])
def test_revised_and_anniversary_land_plans_under_a_policy_are_on_the_lattice(edition, dice):
    """Revised's and Anniversary's land battles under "profit" (Revised's sea rules aren't
    the grid's, but a land battle has no submarine): on the lattice, against brute force."""
    s = _scenario(_text(
        'retreat = "profit"\nterritory_value = 3\nretreat_when_units = 1\n'
        '[attacker]\nunits = { infantry = 2, artillery = 1, armor = 1, fighter = 1 }\n'
        '[defender]\nunits = { infantry = 2, armor = 1 }\n'
        '[plan]\ntarget = { attacker_wins = 0.7 }\n', edition=edition, dice=dice))
    q = planner._Question(s, s.plan)
    assert q.policy == "profit" and q._lattice is not None
    assert_every_force_is_brute_forces(s, _brute_force(s))
    assert_plan_is_brute_forces(s)


AA_GUN_RULES = {
    "profit, ordinary dice": ("1942 land, ordinary dice, AA gun (valued backwards)",
                              'retreat = "profit"\nterritory_value = 4\n'),
    "profit, low luck, the gun among the casualties": (
        "1942 land, low luck, AA gun, takes", 'retreat = "profit"\nterritory_value = 2\n'),
    # (a strafe pays against bombers on the ground: defence 1, cost 12)
    "strafe": (_text('[attacker]\nunits = { infantry = 1, armor = 2, fighter = 2 }\n'
                     '[defender]\nunits = { bomber = 3, aa_gun = 1 }\n'
                     '[plan]\ntarget = { attacker_wins = 0.1 }\n'), 'retreat = "strafe"\n'),
    "profit beside N units and only aircraft": (
        "1942 land, ordinary dice, AA gun (valued backwards)",
        'retreat = "profit"\nretreat_when_units = 2\nretreat_when_only_air = true\n'),
    "below X, low luck": ("1942 land, low luck, AA gun, takes", "retreat_below = 0.5\n"),
    "N units, a lone gun left": ("1942 land, a lone AA gun at the chain's end (swept)",
                                 "retreat_when_units = 1\n"),
    # the defender's question: the attacker's own cells (its aircraft shot down too)
    "the defender's question, profit": (_text(
        '[attacker]\nunits = { infantry = 3, artillery = 1, armor = 1, fighter = 2 }\n'
        '[defender]\nunits = { infantry = 1, aa_gun = 1 }\n'
        '[plan]\nside = "defender"\ntarget = { defender_holds = 0.6 }\n'
        'add = { infantry = 3, armor = 1, fighter = 1 }\n'),
        'retreat = "profit"\nterritory_value = 3\n'),
    "the defender's question, the gun added, low luck, N units": (_text(
        '[attacker]\nunits = { infantry = 2, armor = 1, fighter = 2, bomber = 1 }\n'
        '[defender]\nunits = { infantry = 1 }\n'
        '[plan]\nside = "defender"\ntarget = { defender_holds = 0.5 }\n'
        'add = { infantry = 2, fighter = 1, aa_gun = 1 }\n', dice="lowluck"),
        'retreat_when_units = 2\n'),
    # (Revised's and Anniversary's guns fire at every aircraft and are never casualties)
    "Revised, profit": (_text(
        '[attacker]\nunits = { infantry = 2, armor = 1, fighter = 2 }\n'
        '[defender]\nunits = { infantry = 2, aa_gun = 1 }\n'
        '[plan]\ntarget = { attacker_wins = 0.7 }\n', edition="revised"),
        'retreat = "profit"\nterritory_value = 3\n'),
    "Anniversary, low luck, only aircraft": (_text(
        '[attacker]\nunits = { infantry = 1, artillery = 1, fighter = 1, bomber = 1 }\n'
        '[defender]\nunits = { infantry = 2, aa_gun = 1 }\n'
        '[plan]\ntarget = { attacker_wins = 0.7 }\n', edition="aa50", dice="lowluck"),
        'retreat_when_only_air = true\nretreat_below = 0.4\n'),
}


@pytest.mark.parametrize("name", list(AA_GUN_RULES))
def test_aa_guns_under_retreat_rules_are_planned_on_the_lattice(name):
    """A land defender with an AA gun under a retreat policy or the position rules: on the
    lattice (1942's gun a unit of no value among the defender's casualties, a defender left
    with it alone losing it; Revised's and Anniversary's never a casualty), each force's
    round 1 opening with the gun's fire pushed to its positions after it and fought on from
    there (no retreat between: ``_fired``); in the defender's question (the gun its own or
    one it may add) the attacker's cells after the fire are its own too.
    Every force's key figures against brute force (every force through ``odds``), the
    plan's too; and the gun changes some force's figures."""
    case, rules = AA_GUN_RULES[name]
    text = CASES.get(case, case)
    s = _scenario(text.replace('battle = "land"\n', 'battle = "land"\n' + rules))
    q = planner._Question(s, s.plan)
    assert q._lattice is not None and q._lattice_opening
    every = _brute_force(s)
    assert_every_force_is_brute_forces(s, every, q)
    answer = assert_plan_is_brute_forces(s)
    assert answer.exhaustive and answer.proven
    if "aa_gun" in q.types:             # (a gun the defender may add: its forces with it)
        g = q.types.index("aa_gun")
        without = {c: every[c[:g] + (0,) + c[g + 1:]] for c in every if c[g]}
    else:
        without = _brute_force(_scenario(text.replace(", aa_gun = 1", "").replace(
            'battle = "land"\n', 'battle = "land"\n' + rules)))
    assert any(abs(every[c]["expected_ipc_swing"] - without[c]["expected_ipc_swing"]) > 1e-6
               for c in without)


KEEP_LAND = {
    "profit, ordinary dice": ("1942 land, ordinary dice, wins",
                              'retreat = "profit"\nterritory_value = 4\nkeep_land_units = 2\n'),
    "profit beside N units, low luck, an AA gun": (
        "1942 land, low luck, AA gun, takes",
        'retreat = "profit"\nretreat_when_units = 1\nkeep_land_units = 1\n'),
    "below X and only aircraft": ("1942 land, ordinary dice, AA gun (valued backwards)",
                                  'retreat_below = 0.4\nretreat_when_only_air = true\n'
                                  'keep_land_units = 2\n'),
    "the defender's question, profit": ("defender adds", 'retreat = "profit"\n'
                                        'territory_value = 3\nkeep_land_units = 2\n'),
    "the defender's question, low luck, N units": (
        "defender adds, low luck (valued backwards)",
        'retreat_when_units = 2\nkeep_land_units = 1\n'),
}


@pytest.mark.parametrize("name", list(KEEP_LAND))
def test_land_units_kept_under_retreat_rules_are_planned_on_the_lattice(name):
    """``keep_land_units`` (the attacker's last N land units its last casualties) under a
    policy or the position rules: on the lattice (each cell's casualties by that rule: the
    lattice's compositions, or the attacker's own cells in the defender's question),
    every force's key figures against brute force (every force through ``odds``), the
    plan's too; and keeping the units changes some force's figures."""
    case, rules = KEEP_LAND[name]
    text = CASES[case]
    s = _scenario(text.replace('battle = "land"\n', 'battle = "land"\n' + rules))
    assert s.options.kept_land_units
    q = planner._Question(s, s.plan)
    assert q._lattice is not None
    every = _brute_force(s)
    assert_every_force_is_brute_forces(s, every, q)
    answer = assert_plan_is_brute_forces(s)
    assert answer.exhaustive and answer.proven
    loose = "\n".join(line for line in text.split("\n") if "keep_land_units" not in line)
    without = _brute_force(_scenario(loose.replace('battle = "land"\n', 'battle = "land"\n'
                                                   + rules.replace("keep_land_units", "#"))))
    assert any(abs(every[c][key] - without[c][key]) > 1e-6
               for c in every for key in ("attacker_wins", "expected_ipc_swing"))


@pytest.mark.parametrize("dice,rules", [("standard", ""), ("lowluck", ""),
                                        ("standard", 'retreat = "profit"\n'),
                                        ("lowluck", "retreat_when_units = 2\n")])
def test_revised_fleets_are_planned_on_the_lattice(dice, rules):
    """Revised's fleets (aircraft hit submarines always; no side submerging): on the
    lattice, fought to the end, under a policy or the position rules; every force's key
    figures and the plan against brute force."""
    s = _scenario(_text(
        '[attacker]\nunits = { submarine = 2, destroyer = 1, fighter = 2, battleship = 1 }\n'
        '[defender]\nunits = { submarine = 1, fighter = 1, carrier = 1, transport = 1 }\n'
        '[plan]\ntarget = { attacker_wins = 0.7 }\n', edition="revised", dice=dice,
        battle="sea").replace('battle = "sea"\n', 'battle = "sea"\n' + rules))
    q = planner._Question(s, s.plan)
    assert q._lattice is not None
    assert_every_force_is_brute_forces(s, _brute_force(s), q)
    answer = assert_plan_is_brute_forces(s)
    assert answer.exhaustive and answer.proven


def test_a_policys_forces_at_sea_count_the_general_solvers_work():
    """Forces solved on their own under a retreat policy at sea (the general solver's
    passes, its sea rounds slow) count more work than a battle solved on its own: 1 +
    ``PLAN_POLICY_PER_UNIT_SEA`` per unit in the battle; on land, as much."""
    from combatassist import limits
    for name, battle in (("1942 fleet whose submarines submerge (solved one by one)", "sea"),
                         ("1942 land, ordinary dice, wins", "land")):
        s = _scenario(CASES[name].replace(f'battle = "{battle}"\n',
                                          f'battle = "{battle}"\nretreat = "profit"\n'))
        q = planner._Question(s, s.plan)
        whole = tuple(q.most[u] for u in q.types)
        units = sum(whole) + sum(s.defender.units.values())
        alone = planner._work(2 * sum(whole), 2 * sum(s.defender.units.values()), False)
        factor = 1 + limits.PLAN_POLICY_PER_UNIT_SEA * units if battle == "sea" else 1
        assert q.force_work(whole) == pytest.approx(factor * alone)


def test_a_policys_forces_against_aa_guns_count_their_shots():
    """On land under a retreat policy against AA guns, a force solved on its own counts
    1 + ``PLAN_POLICY_PER_AA_SHOT`` per shot round 1 fires at its aircraft (the policy over
    each sub-battle the fire leaves): none without aircraft, the guns' three at most; in
    the defender's question the guns it may add count."""
    from combatassist import limits
    s = _scenario(CASES["1942 land, ordinary dice, AA gun (valued backwards)"].replace(
        'battle = "land"\n', 'battle = "land"\nretreat = "profit"\n'))
    q = planner._Question(s, s.plan)
    assert q.types == ["infantry", "artillery", "armor", "fighter"]
    alone = planner._work(2 * 3, 2 * 4, False)
    assert q.force_work((2, 0, 1, 0)) == pytest.approx(alone)
    assert q.force_work((1, 0, 0, 2)) == pytest.approx(alone * (1 + 2 * limits.PLAN_POLICY_PER_AA_SHOT))
    plain = _scenario(CASES["1942 land, ordinary dice, AA gun (valued backwards)"])
    q2 = planner._Question(plain, plain.plan)               # (no policy: no shots counted)
    assert q2.force_work((1, 0, 0, 2)) == pytest.approx(planner._work(6, 8, q2._batchable))
    s = _scenario(AA_GUN_RULES["the defender's question, the gun added, low luck, N units"][0]
                  .replace('battle = "land"\n', 'battle = "land"\nretreat = "profit"\n'))
    q = planner._Question(s, s.plan)
    assert q.types == ["infantry", "fighter", "aa_gun"]
    alone = planner._work(2 * 6, 2 * (1 + 2), False)
    assert q.force_work((1, 0, 1)) == pytest.approx(alone * (1 + 3 * limits.PLAN_POLICY_PER_AA_SHOT))
    assert q.force_work((2, 0, 0)) == pytest.approx(planner._work(2 * 6, 2 * (1 + 2), False))


WAVES = {
    "first wave chosen, ordinary dice, wins": _text(
        '[attacker]\nunits = { infantry = 3, artillery = 1, armor = 1 }\n'
        '[[attacker.waves]]\nunits = { armor = 1, fighter = 1 }\n'
        '[defender]\nunits = { infantry = 3, armor = 1 }\n'
        '[plan]\ntarget = { attacker_wins = 0.8 }\nalternatives = 3\n'),
    "three waves, low luck, takes": _text(
        '[attacker]\nunits = { infantry = 2, artillery = 1, fighter = 1 }\n'
        '[[attacker.waves]]\nunits = { infantry = 1 }\n'
        '[[attacker.waves]]\nunits = { armor = 1 }\n'
        '[defender]\nunits = { infantry = 3, aa_gun = 1 }\n'
        '[plan]\ntarget = { takes_territory = 0.7 }\n', dice="lowluck"),
    "take and hold against the counter-attack": _text(
        '[attacker]\nunits = { infantry = 3, artillery = 2, armor = 1 }\n'
        '[[attacker.waves]]\nunits = { armor = 1, fighter = 1 }\n'
        '[defender]\nunits = { infantry = 3, armor = 1 }\n'
        '[counter]\nunits = { infantry = 2, armor = 1 }\n'
        '[plan]\ntarget = { takes_and_holds = 0.6 }\nalternatives = 3\n', dice="lowluck"),
    "a counter-attack, the target without it": _text(
        '[attacker]\nunits = { infantry = 2, armor = 2 }\n'
        '[defender]\nunits = { infantry = 2 }\n'
        '[counter]\nunits = { infantry = 2, armor = 1 }\n'
        '[plan]\ntarget = { takes_territory = 0.9 }\n'),
    "the defender against every wave": _text(
        '[attacker]\nunits = { infantry = 2, artillery = 1 }\n'
        '[[attacker.waves]]\nunits = { armor = 2 }\n'
        '[defender]\nunits = { infantry = 1 }\n'
        '[plan]\nside = "defender"\ntarget = { defender_holds = 0.5 }\n'
        'add = { infantry = 2, armor = 1 }\n'),
    "waves with the profit policy, 1940": _text(
        'retreat = "profit"\nterritory_value = 2\n'
        '[attacker]\nunits = { infantry = 2, mech_infantry = 1, armor = 1 }\n'
        '[[attacker.waves]]\nunits = { tactical_bomber = 1 }\n'
        '[defender]\nunits = { infantry = 2 }\n'
        '[plan]\ntarget = { attacker_wins = 0.5 }\n', edition="1940se"),
}


@pytest.mark.parametrize("name", list(WAVES))
def test_waves_and_holding_are_planned_as_odds_answers_them(name):
    """With waves the planner chooses the first wave (or the defender's additions) and keeps
    the later waves and the counter-attack as given: every force's whole attack against
    brute force (each force's own file through ``odds``: waves, counter-attack, policy)."""
    text = WAVES[name]
    s = _scenario(text)
    assert s.waves or s.counter is not None
    assert s.options.retreat == ("profit" if "profit" in name else "none")
    answer = assert_plan_is_brute_forces(s)
    assert answer.exhaustive and answer.waves == len(s.waves)
    data = answer.to_json()["plan"]
    # the figures are the whole attack's: its waves (and counter-attack) are in them
    assert len(data["figures"]["waves"]) == len(s.waves) + 1
    assert ("counter" in data["figures"]) == (s.counter is not None)


def test_the_later_waves_change_the_answer():
    """The later waves count: no first wave alone meets the target, one followed by the
    second wave does (regression: the GUI's plan of a form with waves answered the first
    wave alone)."""
    alone = _scenario(WAVES["first wave chosen, ordinary dice, wins"].replace(
        '[[attacker.waves]]\nunits = { armor = 1, fighter = 1 }\n', ''))
    with_waves = _scenario(WAVES["first wave chosen, ordinary dice, wins"])
    a, w = planner.plan(alone), planner.plan(with_waves)
    assert w.meets and not a.meets
    assert w.best.attacker_wins > a.best.attacker_wins + 0.1


def test_plan_over_waves_past_the_attack_bound_is_refused_at_once(monkeypatch):
    s = _scenario(WAVES["take and hold against the counter-attack"])
    from combatassist.rulesets.lowluck import attack
    monkeypatch.setattr(attack, "MAX_ATTACK_BATTLES", 5)
    monkeypatch.setattr(planner, "compute", lambda *a, **k: pytest.fail("solved"))
    with pytest.raises(EngineError, match="battles"):
        planner.plan(s)


def test_a_counter_attacks_battles_count_as_plain_land_battles():
    """A later edition's counter-attack is a plain land battle on its grid (~1 ms, measured):
    one per holding composition counts its fixed part and its grid once, not 100x (a take
    and hold of 27 units available against 18 and a counter-attack of 7 was refused at once
    by that), so such a plan goes on; an attack whose later battles alone would take most
    of the bound is refused at once, saying so."""
    from combatassist import limits
    text = (WAVES["take and hold against the counter-attack"]
            .replace("infantry = 3, artillery = 2, armor = 1 }", "infantry = 12, artillery = 6, "
                     "armor = 6, fighter = 3 }")
            .replace("[defender]\nunits = { infantry = 3, armor = 1 }",
                     "[defender]\nunits = { infantry = 10, artillery = 3, armor = 3, "
                     "fighter = 2 }")
            .replace("[counter]\nunits = { infantry = 2, armor = 1 }",
                     "[counter]\nunits = { infantry = 4, armor = 3 }"))
    s = _scenario(text)
    q = planner._Question(s, s.plan)
    holdings = 13 * 7 * 8                 # the first wave's and the second's land units
    a, d = 2 * 7, 2 * (12 + 6 + 6 + 1)
    counter = holdings * (limits.PLAN_COUNTER_BATTLE_WORK + 2.0 * (a + 1) * (a + 2) * (d + 1) ** 2)
    assert q.attack_work == pytest.approx(
        planner._attack_work(replace(s, counter=None), True) + counter)
    assert q.attack_work < limits.MAX_PLAN_WORK / 2
    refused = replace(s, counter=replace(s.counter, units={"infantry": 40, "armor": 30}))
    with pytest.raises(EngineError, match="later waves' battles"):
        planner.plan(refused)


def test_retreat_rules_are_planned_one_force_at_a_time():
    text = CASES["1942 land, ordinary dice, wins"].replace(
        'battle = "land"\n', 'battle = "land"\nretreat_when_units = 2\n')
    assert_plan_is_brute_forces(_scenario(text))


SEARCHED = ('[attacker]\nunits = {{ infantry = 4, artillery = 2, armor = 2, fighter = 2, '
            'bomber = 1 }}\n[defender]\nunits = {{ infantry = 3, armor = 1, aa_gun = 1 }}\n'
            '[plan]\nalternatives = 1\ntarget = {{ {target} }}\n')


def _extra(q) -> float:
    """The work a plan keeps aside for its extras ("+1" forces, the shown forces)."""
    most = tuple(q.most[u] for u in q.types)
    return (2 * len(q.types) + q.spec.alternatives + 1) * q.force_work(most)


def _room_for(q, share: float, monkeypatch) -> None:
    """The bound: besides the plan's extras, ``share`` of the work of solving every force
    the cheaper way (valued backwards, ``value_cost``, or swept, ``total_work``), so a
    search, which counts what its batches cost."""
    cost = q.value_cost()
    whole = q.total_work() if cost is None else min(cost.work, q.total_work())
    monkeypatch.setattr(limits, "MAX_PLAN_WORK", _extra(q) + share * whole)


@pytest.mark.parametrize("dice,target,aa", [("standard", "attacker_wins = 0.95", True),
                                            ("lowluck", "takes_territory = 0.9", True),
                                            ("standard", "takes_territory = 0.9", True),
                                            ("lowluck", "takes_territory = 0.9", False),
                                            ("standard", "attacker_wins = 0.95", False)])
def test_a_search_says_so_and_proves_the_cheapest(dice, target, aa, monkeypatch):
    """Too many forces for the bound (room for 80 % of the work of all 269): a search, which
    solves fewer than all, says so, and here reaches the force its descent found after every
    cheaper one and the alternative: proven, and brute force's answer. The forces are
    valued backwards, batch after batch (the positions valued kept; with the AA gun, each
    force's sub-battles after its fire)."""
    text = SEARCHED.format(target=target)
    if not aa:
        text = text.replace(", aa_gun = 1", ", fighter = 1")
    s = _scenario(_text(text, dice=dice))
    q = planner._Question(s, s.plan)
    _room_for(q, 0.99, monkeypatch)
    calls: list = []
    of = planner.batch.EndValues.of
    monkeypatch.setattr(planner.batch.EndValues, "of",
                        lambda self, *a, **k: calls.append(len(a[0])) or of(self, *a, **k))
    answer = planner.plan(s)
    assert len(calls) > 2                 # batch after batch (AA gun: sub-battles)
    assert not answer.exhaustive and answer.proven
    data = answer.to_json()["plan"]
    assert data["exhaustive"] is False and data["searched"] == answer.searched < q.forces
    assert_plan_is_brute_forces(s, answer)


def _questions(monkeypatch) -> list:
    """The plans' questions, as ``planner.plan`` makes them (to read the work they count)."""
    made: list = []

    class Recorded(planner._Question):
        def __init__(self, *args):
            super().__init__(*args)
            made.append(self)
    monkeypatch.setattr(planner, "_Question", Recorded)
    return made


def test_a_search_that_runs_out_is_not_proven(monkeypatch):
    """Room for 30 % of the forces' work: the search stops before it has solved every force
    cheaper than the one it found, and says so; what it found meets the target. It goes on
    until the next force would not fit: its counted work within the room, and near it."""
    s = _scenario(_text(SEARCHED.format(target="attacker_wins = 0.95")))
    q = planner._Question(s, s.plan)
    _room_for(q, 0.3, monkeypatch)
    room = limits.MAX_PLAN_WORK - _extra(q)
    made = _questions(monkeypatch)
    answer = planner.plan(s)
    assert not answer.exhaustive and not answer.proven and answer.meets
    assert answer.searched < 0.5 * q.forces
    assert answer.best.result.attacker_wins >= 0.95
    assert 0.9 * room <= made[0].work_used <= room


@pytest.mark.parametrize("dice", ["lowluck", "standard"])
@pytest.mark.parametrize("aa", [False, True])
def test_a_search_counts_the_work_its_batches_do(dice, aa, monkeypatch):
    """Valued backwards batch after batch, a search counts what each batch made
    ``EndValues`` do (``EndValues.step``): the compositions it numbered and the positions
    it valued (low luck a level at a time: 2 x 2 hit counts a position), round 1's AA
    fire of each force; what it foresaw before the batch (``_Question.work``) is what it
    counts after. Forces solved again number and value nothing: only their AA fire."""
    text = SEARCHED.format(target="attacker_wins = 0.95")
    if not aa:
        text = text.replace(", aa_gun = 1", ", fighter = 1")
    s = _scenario(_text(text, dice=dice))
    q = planner._Question(s, s.plan)
    combos = sorted((c for c in itertools.product(*[range(q.most[u] + 1) for u in q.types])
                     if any(c)), key=q.cost)
    values = q._backwards
    ca, cd = values.sides
    for part in (combos[:1], combos[1:40], combos[40:150], combos[150:]):
        foreseen = q.work(part)[0][-1]
        na, nd = len(ca.number), len(cd.number)
        oa, od = values.values.shape[:2]
        used = q.work_used
        assert q.keys(part) is not None
        counted = q.work_used - used
        assert counted == pytest.approx(foreseen, rel=1e-12)
        new = len(ca.number) - na + len(cd.number) - nd
        positions = len(ca.number) * len(cd.number) - oa * od
        assert new > 0 and positions > 0 and values.values.shape[:2] == (len(ca.number),
                                                                          len(cd.number))
        opening = len(part) * limits.PLAN_VALUE_OPENING_WORK if aa else 0
        if dice == "lowluck":
            assert counted == pytest.approx(
                opening + new * limits.PLAN_VALUE_COMPOSITION_WORK
                + positions * 4 * limits.PLAN_VALUE_POSITION_WORK, rel=1e-12)
        else:
            assert counted > opening + new * limits.PLAN_VALUE_COMPOSITION_WORK
    used = q.work_used
    assert q.keys(combos[:40]) is not None
    assert q.work_used - used == pytest.approx(40 * limits.PLAN_VALUE_OPENING_WORK if aa
                                               else 0.0, abs=1e-6)


def test_a_plan_past_the_bound_is_refused_at_once():
    text = _text('[attacker]\nunits = { infantry = 100, armor = 50 }\n'
                 '[defender]\nunits = { infantry = 100, armor = 50 }\n'
                 '[plan]\ntarget = { attacker_wins = 0.9 }\n')
    with pytest.raises(EngineError, match="units a side fit"):
        planner.plan(_scenario(text))


@pytest.mark.parametrize("plan,match", [
    ('', "target"),
    ('target = { attacker_wins = 0.9, takes_territory = 0.5 }\n', "one figure"),
    ('target = { defender_holds = 0.9 }\n', 'side = \\\\"defender\\\\"|defender'),
    ('target = { attacker_wins = 1.5 }\n', "at most 1"),
    ('target = { attacker_wins = 0.9 }\nadd = { infantry = 1 }\n', "defender's question"),
    ('side = "defender"\ntarget = { defender_holds = 0.9 }\n', "units it may add"),
    ('target = { attacker_wins = 0.9 }\nspeed = 3\n', "unknown field"),
    ('side = "both"\ntarget = { attacker_wins = 0.9 }\n', "unknown value"),
    ('target = { takes_and_holds = 0.9 }\n', "counter-attack"),
])
def test_bad_plan_tables_are_refused_in_one_line(plan, match):
    text = _text('[attacker]\nunits = { infantry = 2 }\n[defender]\nunits = { infantry = 1 }\n'
                 '[plan]\n' + plan)
    with pytest.raises(CombatAssistError, match=match) as info:
        _scenario(text)
    assert "\n" not in str(info.value)


def test_takes_territory_at_sea_is_refused():
    text = _text('[attacker]\nunits = { destroyer = 2 }\n[defender]\nunits = { destroyer = 1 }\n'
                 '[plan]\ntarget = { takes_territory = 0.5 }\n', battle="sea")
    with pytest.raises(CombatAssistError, match="takes no territory"):
        _scenario(text)


def test_the_plan_table_round_trips_and_odds_answers_the_battle_as_written():
    s = _scenario(CASES["defender adds"])
    doc = lowluck.RULESET.to_document(s)
    assert doc["plan"] == {"side": "defender", "target": {"defender_holds": 0.6},
                           "alternatives": 5, "add": {"infantry": 3, "armor": 1, "fighter": 1}}
    plain = replace(s, plan=None)
    assert lowluck.compute(s).to_json() == lowluck.compute(plain).to_json()


def test_the_command_line(tmp_path, capsys):
    path = tmp_path / "plan.toml"
    path.write_text(CASES["1942 land, ordinary dice, wins"], encoding="utf-8")
    assert main(["plan", str(path), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)["plan"]
    assert data["exhaustive"] is True and data["meets"] is True
    assert set(data) >= {"exhaustive", "searched", "meets", "force", "cost", "figures",
                         "alternatives", "plus_one", "frontier"}
    assert main(["plan", str(path)]) == 0
    out = capsys.readouterr().out
    assert "cheapest attacking force" in out
    assert "the cheapest force for each chance (attacker wins):" in out
    bare = tmp_path / "bare.toml"
    bare.write_text(_text('[attacker]\nunits = { infantry = 2 }\n'
                          '[defender]\nunits = { infantry = 1 }\n'), encoding="utf-8")
    assert main(["plan", str(bare)]) == 2
    err = capsys.readouterr().err
    assert "no [plan] table" in err and err.count("\n") == 1


@pytest.mark.parametrize("name", ["1942 land, ordinary dice, wins",
                                  "1942 land, low luck, AA gun, takes"])
def test_the_price_list_is_the_cheapest_force_for_each_chance(name):
    """The command line's "cheapest force for each chance": at each of ``PRICE_LEVELS`` some
    force reaches, the first force of the ranking's order that reaches it (brute force), levels
    of one force together."""
    s = _scenario(CASES[name])
    answer = planner.plan(s)
    every = _brute_force(s)
    target = s.plan.target
    ranked = sorted(every.values(), key=lambda f: _key(f, target))
    expect = []
    for level in planner.PRICE_LEVELS:
        first = next((f for f in ranked if (f[target] or 0.0) >= level), None)
        if first is None:
            break
        if expect and expect[-1][1] == first["force"]:
            expect[-1][0].append(level)
        else:
            expect.append(([level], first["force"]))
    assert expect
    assert [(levels, c.force) for levels, c in planner.price_list(answer)] == expect
    text = planner.summarise(answer)
    assert text.count(" IPC): ") >= len(expect)


def test_key_figures_are_the_full_figures():
    """The ranking's figures (``_Question._candidates``: from the end positions, shared by
    the batch) are the full result's, on every force of a plan with an AA gun and a round
    limit."""
    text = CASES["1942 land, low luck, AA gun, takes"].replace(
        'battle = "land"\n', 'battle = "land"\nmax_rounds = 2\n')
    assert_plan_is_brute_forces(_scenario(text))


@pytest.mark.parametrize("dice", ["standard", "lowluck"])
def test_the_answers_figures_from_kept_end_positions(dice, monkeypatch):
    """The answer's forces get their full figures from the end positions the batch gave as
    arrays (``_Question.kept``), the same as solving those forces again (``KEEP_ENDS`` 0),
    and as brute force; none kept past the bound."""
    name = next(n for n in CASES if "AA gun" not in n and "1942" in n)
    s = _scenario(CASES[name].replace('dice = "standard"', f'dice = "{dice}"'))
    kept = planner.plan(s)
    calls = []
    solve_batch = planner.solvers.solve_batch
    monkeypatch.setattr(planner.solvers, "solve_batch",
                        lambda rules_list, *a, **k: calls.append(len(rules_list))
                        or solve_batch(rules_list, *a, **k))
    monkeypatch.setattr(planner, "KEEP_ENDS", 0)
    again = planner.plan(s)
    assert calls[-1] == 1 + len(again.alternatives)        # the shown forces solved again
    from .test_lowluck_batch import figures_diff
    assert figures_diff(kept.to_json(), again.to_json()) <= 1e-12
    assert_plan_is_brute_forces(s, kept)


def test_the_later_waves_are_solved_once_for_every_force(monkeypatch):
    """The later waves' battles and the counter-attack's depend only on the defender (or
    the holders) they meet, not on the first wave: a plan solves each once, whatever the
    number of forces (the answer is brute force's, above)."""
    s = _scenario(WAVES["take and hold against the counter-attack"])
    solved = []
    real = lowluck.outcomes.outcome_and_words

    def counting(rules, opts, **kw):
        a, d = rules.state_units(rules.initial_state())
        solved.append((tuple(sorted(a.items())), tuple(sorted(d.items()))))
        return real(rules, opts, **kw)

    monkeypatch.setattr(lowluck.outcomes, "outcome_and_words", counting)
    answer = planner.plan(s)
    assert answer.exhaustive and answer.searched == answer.forces
    first_waves = {tuple(sorted(c.items())) for c in [
        {u: n for u, n in zip(("infantry", "artillery", "armor"), combo) if n}
        for combo in itertools.product(range(4), range(3), range(2)) if any(combo)]}
    whole = tuple(sorted(s.defender.units.items()))
    later = [k for k in solved if not (k[0] in first_waves and k[1] == whole)]
    assert later and len(later) == len(set(later))        # each once
    # every first wave in the batch (valued by what the later waves make of its ends), the
    # forces the answer shows as ``odds`` answers them (a counter-attack against holders
    # like the defender looks like a first wave: told apart by its units)
    counter = tuple(sorted(s.counter.units.items()))
    alone = {k[0] for k in solved if k[0] in first_waves and k[1] == whole and k[0] != counter}
    shown = {tuple(sorted(c.force.items())) for c in [answer.best, *answer.alternatives]}
    assert alone == shown - {counter}


@pytest.mark.parametrize("name", [n for n in CASES if "backwards" in n]
                         + ["1942 land, ordinary dice, wins", "defender adds",
                            "1942 land, low luck, AA gun, takes"])
def test_forces_valued_backwards_are_the_swept_ones(name, monkeypatch):
    """A later edition's land battles without an opening fire (both dice modes, the
    attacker's question and the defender's): every force's key figures from
    ``batch.EndValues`` (no force's battle swept: the batch engine solves only the shown
    forces, for their full figures), each the batch engine's sums to 1e-12; declined (a
    stalemate bound lowered so both sides may be unable to hit), the plan is the swept one."""
    s = _scenario(CASES[name])
    q = planner._Question(s, s.plan)
    assert q._backwards is not None
    combos = list(itertools.product(*[range(q.most[u] + 1) for u in q.types]))
    if q.role == "attacker":
        combos = combos[1:]
    backwards = q.solve(combos)
    assert q.kept == {}                           # no end positions: none swept
    swept_q = planner._Question(s, s.plan)
    swept_q.__dict__["_backwards"] = None
    swept = swept_q.solve(combos)
    assert swept_q.kept
    for a, b in zip(backwards, swept):
        assert (a.force, a.cost, a.units) == (b.force, b.cost, b.units)
        for key in ("attacker_wins", "defender_holds", "takes_territory",
                    "expected_ipc_swing"):
            assert a.figure(key) == pytest.approx(b.figure(key), abs=1e-12), key
    calls = []
    solve_batch = planner.solvers.solve_batch
    monkeypatch.setattr(planner.solvers, "solve_batch",
                        lambda rules_list, *a, **k: calls.append(len(rules_list))
                        or solve_batch(rules_list, *a, **k))
    answer = planner.plan(s)
    over = sum(1 for c in combos if q.role == "defender" and not any(c))
    assert sum(calls) <= over + 1 + len(answer.alternatives)
    monkeypatch.setattr(planner.batch, "STALEMATE", 0.3)
    declined = planner._Question(s, s.plan)
    declined.solve(combos[:5])
    assert declined._backwards is None             # declined: swept (or solved alone)
    assert_plan_is_brute_forces(s, planner.plan(s))


@pytest.mark.parametrize("name", ["lowluck-1942-plan.toml", "lowluck-1942-take-and-hold.toml"])
def test_the_shipped_plan_examples_are_brute_forces(name, capsys):
    """The examples with a ``[plan]``: the answer is every force solved one by one's, and the
    command line says the target in players' words."""
    from combatassist.data import examples_dir
    path = examples_dir() / name
    s = _scenario(path.read_text(encoding="utf-8"))
    answer = assert_plan_is_brute_forces(s)
    assert answer.meets and answer.exhaustive
    assert main(["plan", str(path)]) == 0
    out = capsys.readouterr().out
    assert planner.TARGET_WORDS[s.plan.target] in out and s.plan.target not in out


@pytest.mark.parametrize("value", [0.0, 0.5, 0.9, 0.99999])
@pytest.mark.parametrize("name", ["1942 land, low luck, no AA gun (valued backwards)",
                                  "defender adds", "1942 sea, two-hit ships (valued backwards)",
                                  "no force meets it"])
def test_ranked_as_arrays_as_by_candidates(name, value, monkeypatch):
    """An exhaustive plan valued backwards ranks its forces as arrays (``_Keys``, ``_pick``):
    the same answer, alternatives in the same order and "+1" table as ranking a candidate
    per force — every force meeting the target (ties in cost and figure), some, none (the
    highest figure). (Not a target of exactly 1: a force sure to win may sum to 1 one way
    and to 1 - 2e-16 the other.)"""
    text = CASES[name]
    for target in ("attacker_wins", "takes_territory", "defender_holds"):
        text = text.replace(f"target = {{ {target} = ", f"target = {{ {target} = {value} }}#")
    s = _scenario(text.replace("alternatives = 3", "alternatives = 6"))
    picks: list = []
    pick = planner._pick
    monkeypatch.setattr(planner, "_pick", lambda *a: picks.append(a) or pick(*a))
    fast = planner.plan(s)
    assert fast.exhaustive and len(picks) == 1            # ranked as arrays
    monkeypatch.setattr(planner._Question, "keys", lambda self, combos, cancel=None: None)
    slow = planner.plan(s)
    assert fast.meets == slow.meets and fast.searched == slow.searched == slow.forces
    assert [c.force for c in [fast.best] + fast.alternatives] == \
        [c.force for c in [slow.best] + slow.alternatives]
    assert [(u, c.force, c.cost) for u, c in fast.plus_one] == \
        [(u, c.force, c.cost) for u, c in slow.plus_one]
    from .test_lowluck_batch import figures_diff
    assert figures_diff(fast.to_json(), slow.to_json()) <= 1e-12   # swept, valued back
    if value == 0.0:
        assert fast.meets and len(fast.alternatives) == min(s.plan.alternatives,
                                                            fast.forces - 1)


def test_a_lone_aa_gun_on_the_chain_is_swept():
    """A defender whose AA gun may be left alone before the end of its chain (a round's
    end folds it: the sweep's): ``EndValues`` declines, the forces are swept (and the plan
    is brute force's: ``CASES``)."""
    s = _scenario(CASES["1942 land, a lone AA gun at the chain's end (swept)"])
    q = planner._Question(s, s.plan)
    assert q._backwards is not None and q._backwards.opening
    combos = list(itertools.product(*[range(q.most[u] + 1) for u in q.types]))[1:]
    q.solve(combos)
    assert q._backwards is None and q.kept


@pytest.mark.parametrize("name", ["1942 land, low luck, no AA gun (valued backwards)",
                                  "1942 land, ordinary dice, AA gun (valued backwards)"])
def test_a_plan_valued_backwards_stops_when_asked(name):
    """Stop (``cancel``) reaches the backwards values (their levels, the AA guns' fire force
    by force): Cancelled, at once or after a few checks."""
    from combatassist.solver import Cancelled
    s = _scenario(CASES[name])
    with pytest.raises(Cancelled):
        planner.plan(s, cancel=lambda: True)
    asked = []
    with pytest.raises(Cancelled):
        planner.plan(s, cancel=lambda: asked.append(1) or len(asked) > 1)


@pytest.mark.parametrize("dice,aa,side", [("standard", True, "attacker"),
                                          ("lowluck", False, "attacker"),
                                          ("lowluck", True, "attacker"),
                                          ("standard", False, "defender")])
def test_exhaustive_when_the_backwards_values_fit(dice, aa, side, monkeypatch):
    """Sweeping every force past the bound, valuing them backwards within it
    (``value_cost``'s work and memory, counted from the sides' counts): every force is solved, proven, brute force's answer; a bound just below the values' work, or
    memory just below theirs, and the same plan is a search."""
    if side == "attacker":
        text = SEARCHED.format(target="attacker_wins = 0.95")
    else:
        text = ('[attacker]\nunits = {{ infantry = 4, artillery = 2, armor = 2, '
                'fighter = 2 }}\n[defender]\nunits = {{ infantry = 1 }}\n[plan]\n'
                'side = "defender"\nadd = {{ infantry = 4, artillery = 2, armor = 2, '
                'fighter = 2 }}\ntarget = {{ defender_holds = 0.7 }}\n').format()
    if not aa:
        text = text.replace(", aa_gun = 1", ", fighter = 1")
    s = _scenario(_text(text, dice=dice))
    q = planner._Question(s, s.plan)
    cost = q.value_cost()
    assert cost is not None and not cost.declines
    assert cost.along_chain == (dice == "standard")
    assert 1.001 * cost.work < q.total_work()        # the values' work: below the sweep's
    monkeypatch.setattr(limits, "MAX_PLAN_WORK", _extra(q) + 1.001 * cost.work)
    # as many positions as the estimate allows, past the cells a search's valuations keep
    monkeypatch.setattr(planner.batch.EndValues, "MAX_CELLS", 10)
    answer = planner.plan(s)
    assert answer.exhaustive and answer.proven and answer.searched == answer.forces
    assert_plan_is_brute_forces(s, answer)
    monkeypatch.setattr(limits, "MAX_PLAN_WORK", _extra(q) + 0.999 * cost.work)
    below = planner.plan(s)
    assert not below.exhaustive and below.searched < below.forces
    monkeypatch.setattr(limits, "MAX_PLAN_WORK", _extra(q) + 1.001 * cost.work)
    monkeypatch.setattr(limits, "MAX_EXACT_BYTES", 0.999 * cost.bytes)
    assert not planner.plan(s).exhaustive


def _numbered_and_cost(s, side: str):
    """The positions ``EndValues`` numbered for every force of ``s``'s plan (both sides'
    compositions), and ``value_cost``'s estimate made from the counts alone."""
    q = planner._Question(s, s.plan)
    cost = q.value_cost()
    combos = [c for c in itertools.product(*[range(q.most[u] + 1) for u in q.types])
              if any(c) or side == "defender"]
    assert q.keys(combos) is not None
    ca, cd = q._backwards.sides
    return len(ca.number) * len(cd.number), cost


@pytest.mark.parametrize("dice,aa,side", [("standard", True, "attacker"),
                                          ("lowluck", True, "attacker"),
                                          ("lowluck", False, "defender"),
                                          ("standard", False, "defender"),
                                          ("lowluck", True, "defender"),
                                          ("standard", True, "defender")])
def test_the_estimate_bounds_the_positions_valued(dice, aa, side):
    """``value_cost``'s positions, from the counts alone, are at least those ``EndValues``
    numbers for every force (both sides' compositions: their chains, AA fire's)."""
    body = ('[attacker]\nunits = { infantry = 3, artillery = 2, armor = 2, fighter = 2, '
            'bomber = 1 }\n[defender]\nunits = { infantry = 3, armor = 1'
            + (', aa_gun = 1' if aa else '') + ' }\n')
    if side == "attacker":
        body += '[plan]\ntarget = { attacker_wins = 0.9 }\n'
    else:
        body += ('[plan]\nside = "defender"\nadd = { infantry = 3, armor = 2, fighter = 2'
                 + (', aa_gun = 1' if aa else '') + ' }\ntarget = { defender_holds = 0.9 }\n')
    numbered, cost = _numbered_and_cost(_scenario(_text(body, dice=dice)), side)
    assert 0 < numbered <= cost.positions
    assert cost.values == 5 * cost.positions


def test_a_lone_aa_gun_is_seen_before_valuing():
    """The lone AA gun's chain (``EndValues`` would decline): the estimate says so at once,
    and the plan is not exhaustive by the values."""
    s = _scenario(CASES["1942 land, a lone AA gun at the chain's end (swept)"])
    q = planner._Question(s, s.plan)
    assert q.value_cost().declines


def test_a_late_decline_is_a_search_within_the_bound(monkeypatch):
    """The estimate fits but ``EndValues`` declines once it has numbered the positions (as
    on a stalemate): sweeping every force would pass the bound, so the plan searches in
    the room left (the numbering's work counted), says so, and its answer is whole."""
    s = _scenario(_text(SEARCHED.format(target="attacker_wins = 0.95")))
    q = planner._Question(s, s.plan)
    cost = q.value_cost()
    monkeypatch.setattr(limits, "MAX_PLAN_WORK", _extra(q) + 1.001 * cost.work)
    assert q.total_work() > 1.001 * cost.work         # sweeping every force: past the bound
    declined = []
    monkeypatch.setattr(planner.batch.EndValues, "of",
                        lambda self, *a, **k: declined.append(1) and None)
    answer = planner.plan(s)
    assert declined and not answer.exhaustive and answer.searched < answer.forces
    assert answer.meets and answer.best.result.attacker_wins >= 0.95
    from .test_lowluck_batch import figures_diff
    alone = lowluck.compute(replace(s, attacker=replace(s.attacker, units=answer.best.force),
                                    plan=None))
    assert figures_diff(alone.to_json(), answer.best.result.to_json()) <= 1e-12
    if answer.proven:
        assert_plan_is_brute_forces(s, answer)


@pytest.mark.parametrize("dice", ["lowluck", "standard"])
def test_a_mid_size_plan_valued_whole_is_the_proven_search(dice, monkeypatch):
    """2,099 forces: exhaustive by the values (the sweep past the bound), and the search
    of the same plan (the values past it), proven: the same force, alternatives and "+1"
    table, the same figures to 1e-12."""
    from .test_lowluck_batch import figures_diff
    text = _text('[attacker]\nunits = { infantry = 6, artillery = 4, armor = 4, '
                 'fighter = 3, bomber = 2 }\n[defender]\nunits = { infantry = 5, '
                 'artillery = 1, armor = 2, fighter = 1 }\n[plan]\nalternatives = 3\n'
                 'target = { attacker_wins = 0.9 }\n', dice=dice)
    s = _scenario(text)
    q = planner._Question(s, s.plan)
    monkeypatch.setattr(limits, "MAX_PLAN_WORK", _extra(q) + 0.5 * q.total_work())
    whole = planner.plan(s)
    assert whole.exhaustive and whole.searched == whole.forces == 2099
    _room_for(q, 0.99, monkeypatch)
    searched = planner.plan(s)
    assert not searched.exhaustive and searched.proven and searched.searched < 2099
    a, b = whole.to_json()["plan"], searched.to_json()["plan"]
    assert (a["force"], a["cost"]) == (b["force"], b["cost"])
    assert [x["force"] for x in a["alternatives"]] == [x["force"] for x in b["alternatives"]]
    assert [x["unit"] for x in a["plus_one"]] == [x["unit"] for x in b["plus_one"]]
    for x, y in zip(a["plus_one"], b["plus_one"]):
        assert abs(x["attacker_wins"] - y["attacker_wins"]) <= 1e-12
        assert abs(x["expected_ipc_swing"] - y["expected_ipc_swing"]) <= 1e-10
    assert figures_diff(a["figures"], b["figures"]) <= 1e-12


@pytest.mark.parametrize("dice", ["lowluck", "standard"])
@pytest.mark.parametrize("side", ["attacker", "defender"])
def test_the_estimate_bounds_a_fleets_positions(dice, side):
    """Fleets with battleships (two hits: their damaged compositions too): the estimate's
    positions at least those numbered (the attacker's question: exactly)."""
    if side == "attacker":
        plan = '[plan]\ntarget = { attacker_wins = 0.9 }\n'
    else:
        plan = ('[plan]\nside = "defender"\nadd = { destroyer = 2, battleship = 2, '
                'carrier = 1, fighter = 2 }\ntarget = { defender_holds = 0.9 }\n')
    s = _scenario(_text('[attacker]\nunits = { destroyer = 3, cruiser = 2, battleship = 2, '
                        'fighter = 2 }\n[defender]\nunits = { destroyer = 2, carrier = 1, '
                        'fighter = 2, battleship = 1 }\n' + plan, dice=dice, battle="sea"))
    numbered, cost = _numbered_and_cost(s, side)
    assert numbered <= cost.positions
    if side == "attacker":
        assert numbered == cost.positions


@pytest.mark.parametrize("name", ["1942 land, low luck, no AA gun (valued backwards)",
                                  "1942 land, ordinary dice, AA gun (valued backwards)"])
def test_a_plan_valued_whole_reports_its_progress(name):
    """An exhaustive plan valued backwards reports progress while it values (the share of
    the positions valued, as forces), never going back, ending at every force."""
    s = _scenario(CASES[name])
    reports: list = []
    answer = planner.plan(s, progress=lambda done, of: reports.append((done, of)))
    assert answer.exhaustive
    n = answer.forces
    during = [done for done, of in reports if of == n and done < n]
    assert len(during) >= 2
    assert during == sorted(during)
    assert (n, n) in reports


@pytest.mark.parametrize("dice", ["lowluck", "standard"])
def test_stop_is_asked_between_every_step_of_the_backwards_values(dice, monkeypatch):
    """Stop reaches every step of the backwards values (the chains' numbering, the ended
    positions' figures in parts, the levels' set-up, each part of the levels): asked to stop
    at any of its checks, the plan stops there (Cancelled), never a half answer. (A plan of
    273,000 forces took 5 s to stop: the numbering and the first writes were not asked.)"""
    from combatassist.rulesets.lowluck import batch
    from combatassist.solver import Cancelled
    monkeypatch.setattr(batch.EndValues, "PART_CELLS", 64)    # many parts, small plan
    s = _scenario(CASES["1942 land, low luck, no AA gun (valued backwards)"
                        if dice == "lowluck" else "1942 land, ordinary dice, wins"])
    asked: list[str] = []

    def count() -> bool:
        import traceback
        stack = traceback.extract_stack()
        asked.append(stack[-3].name if stack[-2].name == "_check" else stack[-2].name)
        return False
    answer = planner.plan(s, cancel=count)
    assert answer.exhaustive
    where = set(asked)
    assert "_value" in where and where & {"_by_levels", "_along_chain"}, where
    for k in sorted({1, len(asked) // 3, len(asked) // 2, len(asked) - 1}):
        calls: list[int] = []
        with pytest.raises(Cancelled):
            planner.plan(s, cancel=lambda: calls.append(1) or len(calls) >= k)
        assert len(calls) == k


@pytest.mark.parametrize("aa", [False, True])
def test_a_search_valued_backwards_stops_when_asked(aa, monkeypatch):
    """A search valued batch after batch asks Stop along the way (foreseeing a batch's
    work, its AA fire, its valuation): asked to stop at any of its checks, the plan stops
    there (Cancelled), never a half answer."""
    from combatassist.solver import Cancelled
    text = SEARCHED.format(target="attacker_wins = 0.95")
    if not aa:
        text = text.replace(", aa_gun = 1", ", fighter = 1")
    s = _scenario(_text(text))
    q = planner._Question(s, s.plan)
    _room_for(q, 0.99, monkeypatch)
    asked: list[int] = []
    answer = planner.plan(s, cancel=lambda: asked.append(1) and False)
    assert not answer.exhaustive and answer.proven and len(asked) > 10
    for k in sorted({1, len(asked) // 3, len(asked) // 2, len(asked) - 1}):
        calls: list[int] = []
        with pytest.raises(Cancelled):
            planner.plan(s, cancel=lambda: calls.append(1) or len(calls) >= k)
        assert len(calls) == k


#: The attacker's question over waves (or a counter-attack) without retreat rules: each
#: first wave a battle of the batch, its end positions worth what the later waves and the
#: counter-attack make of them (``planner._Later``).
FIRST_WAVES = {
    "1942 land, a second wave, take and hold": WAVES["take and hold against the counter-attack"],
    "1942 land, ordinary dice, wins": WAVES["first wave chosen, ordinary dice, wins"],
    "a counter-attack alone": WAVES["a counter-attack, the target without it"],
    "the defender against every wave": WAVES["the defender against every wave"],
    "the defender adds against two waves and a counter-attack, 1940": _text(
        '[attacker]\nunits = { infantry = 2, artillery = 1, armor = 1 }\n'
        '[[attacker.waves]]\nunits = { armor = 1, fighter = 1 }\n'
        '[defender]\nunits = { infantry = 1 }\n'
        '[counter]\nunits = { infantry = 2 }\n'
        '[plan]\nside = "defender"\ntarget = { defender_holds = 0.6 }\n'
        'add = { infantry = 2, artillery = 1, armor = 1 }\nalternatives = 2\n',
        edition="1940se", dice="lowluck"),
    # fighters alone may win without taking it (the next wave's infantry walk in and hold
    # it); both sides may be destroyed (the next wave walks in)
    "1940 land, three waves, aircraft first, take and hold": _text(
        '[attacker]\nunits = { infantry = 2, fighter = 2, tactical_bomber = 1 }\n'
        '[[attacker.waves]]\nunits = { infantry = 1, armor = 1 }\n'
        '[[attacker.waves]]\nunits = { mech_infantry = 1 }\n'
        '[defender]\nunits = { infantry = 2, armor = 1 }\n'
        '[counter]\nunits = { infantry = 1, armor = 2 }\n'
        '[plan]\ntarget = { takes_and_holds = 0.5 }\nalternatives = 3\n', edition="1940se",
        dice="lowluck"),
    # the first wave withdraws after round 1 (its survivors keep their IPC), the next
    # meets what it left; every wave withdraws so
    "1942 land, withdrawing after round 1, then a second wave, take and hold": _text(
        'retreat_after = 1\n'
        '[attacker]\nunits = { infantry = 3, artillery = 2, armor = 1 }\n'
        '[[attacker.waves]]\nunits = { armor = 1, fighter = 1 }\n'
        '[defender]\nunits = { infantry = 3, armor = 1 }\n'
        '[counter]\nunits = { infantry = 2, armor = 1 }\n'
        '[plan]\ntarget = { takes_and_holds = 0.3 }\nalternatives = 3\n'),
    "a counter-attack alone, withdrawing after round 2": _text(
        'retreat_after = 2\n'
        '[attacker]\nunits = { infantry = 2, armor = 2 }\n'
        '[defender]\nunits = { infantry = 2 }\n'
        '[counter]\nunits = { infantry = 2, armor = 1 }\n'
        '[plan]\ntarget = { takes_and_holds = 0.5 }\n', dice="lowluck"),
    # a round limit: what is still on meets the next wave (neither side has won)
    "1940 land, 2 rounds, then a second wave": _text(
        'max_rounds = 2\n'
        '[attacker]\nunits = { infantry = 2, mech_infantry = 1, armor = 1 }\n'
        '[[attacker.waves]]\nunits = { armor = 1, tactical_bomber = 1 }\n'
        '[defender]\nunits = { infantry = 3, artillery = 1 }\n'
        '[plan]\ntarget = { attacker_wins = 0.6 }\nalternatives = 3\n', edition="1940se"),
    # a two-hit battleship's damage carries over to the next wave
    "1942 fleet, a damaged battleship meets the second wave": _text(
        '[attacker]\nunits = { destroyer = 2, cruiser = 1, fighter = 1 }\n'
        '[[attacker.waves]]\nunits = { battleship = 1 }\n'
        '[defender]\nunits = { battleship = 1, cruiser = 1 }\n'
        '[plan]\ntarget = { attacker_wins = 0.7 }\nalternatives = 3\n', battle="sea"),
    # submarines against aircraft may be a stalemate: the next wave meets the aircraft, the
    # first wave's submarines still count
    "1942 fleet with submarines, a stalemate then a second wave": _text(
        '[attacker]\nunits = { submarine = 2, destroyer = 1 }\n'
        '[[attacker.waves]]\nunits = { destroyer = 1, cruiser = 1 }\n'
        '[defender]\nunits = { fighter = 1, destroyer = 1 }\n'
        '[plan]\ntarget = { attacker_wins = 0.6 }\nalternatives = 3\n', battle="sea"),
}


@pytest.mark.parametrize("backwards", [True, False])
@pytest.mark.parametrize("name", list(FIRST_WAVES))
def test_first_waves_are_solved_in_a_batch_and_valued_by_the_later_waves(name, backwards,
                                                                         monkeypatch):
    """Every first wave in one batch (or valued backwards, ``EndValues``), its ends worth
    what the later waves and the counter-attack make of them: every force's figures against
    brute force (each force's whole attack through ``odds``), none solved as a whole attack
    but those the answer shows."""
    s = _scenario(FIRST_WAVES[name])
    q = planner._Question(s, s.plan)
    assert q.later is not None and q.batches and q._lattice is None
    if not backwards:
        monkeypatch.setattr(planner._Question, "_backwards", None)
    elif q._backwards is None:
        pytest.skip("not a battle EndValues values")
    attacks = []
    real = lowluck.attack._Attack.run
    with monkeypatch.context() as m:
        m.setattr(lowluck.attack._Attack, "run",
                  lambda self: attacks.append(self.payload) or real(self))
        answer = planner.plan(s)
    assert answer.exhaustive
    assert_plan_is_brute_forces(s, answer)
    every = _brute_force(s)                 # every force's key figures too
    assert_every_force_is_brute_forces(s, every)
    # whole attacks: the shown forces' (``odds``'s figures), the later waves' against the
    # defender's survivors; no other first wave
    shown = [c.force for c in (answer.best, *answer.alternatives)]
    whole = [p for p in attacks if p.waves == s.waves]
    assert len(whole) == len(shown)
    if s.plan.side == "attacker":
        assert sorted(sorted(p.attacker.units.items()) for p in whole) == \
            sorted(sorted(f.items()) for f in shown)
    if s.counter is not None:
        assert answer.best.takes_and_holds is not None


def _random_waves_plan(seed: int) -> str:
    """A small random plan over waves (``_Later``'s kind): 1942 or 1940, land or sea, both
    dice, the attacker's question or the defender's, one or two later waves, a counter-attack
    (land) or not, "withdraw after round N", a round limit, "with N units or fewer", "only
    aircraft left" (land), the "profit" policy or none of them."""
    import random
    rng = random.Random(seed)
    edition = rng.choice(["1942se", "1940se"])
    battle = rng.choice(["land", "land", "sea"])
    if battle == "land":
        first = ["infantry", "artillery", "armor", "fighter"]
        later = ["infantry", "armor", "fighter", "bomber"]
        dfn = ["infantry", "artillery", "armor", "fighter"]
    else:
        first = ["submarine", "destroyer", "cruiser", "fighter"]
        later = ["destroyer", "cruiser", "battleship"]
        dfn = ["submarine", "destroyer", "cruiser", "battleship", "carrier", "fighter"]

    def units(types, most, pick) -> str:
        chosen = rng.sample(types, pick)
        return ", ".join(f"{u} = {rng.randint(1, most)}" for u in chosen)

    side = rng.choice(["attacker", "attacker", "defender"])
    body = rng.choice(["", "", "retreat_after = 1\n", "retreat_after = 2\n", "max_rounds = 2\n",
                       "retreat_when_units = 1\n", 'retreat = "profit"\nterritory_value = 3\n']
                      + (["retreat_when_only_air = true\n"] if battle == "land" else []))
    body += f"[attacker]\nunits = {{ {units(first, 2, 3)} }}\n"
    for _ in range(rng.randint(1, 2)):
        body += f"[[attacker.waves]]\nunits = {{ {units(later, 1, 2)} }}\n"
    body += f"[defender]\nunits = {{ {units(dfn, 2, 2)} }}\n"
    if battle == "land" and rng.random() < 0.6:
        body += f"[counter]\nunits = {{ {units(['infantry', 'armor'], 2, 2)} }}\n"
    if side == "attacker":
        target = "takes_and_holds" if "[counter]" in body else "attacker_wins"
        body += f"[plan]\ntarget = {{ {target} = 0.5 }}\nalternatives = 2\n"
    else:
        add = units(["infantry", "armor"] if battle == "land" else ["destroyer", "cruiser"],
                    2, 2)
        body += ("[plan]\nside = \"defender\"\ntarget = { defender_holds = 0.5 }\n"
                 f"add = {{ {add} }}\n")
    return _text(body, edition=edition, dice=rng.choice(["standard", "lowluck"]),
                 battle=battle)


@pytest.mark.parametrize("seed", range(10))
def test_random_waves_plans_against_brute_force(seed):
    """Random small plans over waves (``_random_waves_plan``): every force's key figures from
    ``_Later`` (the first waves in one batch, valued backwards or on the lattice, their ends
    valued by the later waves and the counter-attack) against each force's whole attack
    through ``odds``."""
    s = _scenario(_random_waves_plan(seed))
    q = planner._Question(s, s.plan)
    assert q.later is not None and (q.batches or q._lattice is not None)
    assert_every_force_is_brute_forces(s, _brute_force(s), q)
    assert_plan_is_brute_forces(s)


@pytest.mark.parametrize("name,rules", [
    ("1942 land, a second wave, take and hold", "retreat_when_units = 2\n"),
    ("1942 land, ordinary dice, wins", "retreat_when_only_air = true\n"),
    ("a counter-attack alone", "retreat_when_units = 1\n"),
    ("1940 land, three waves, aircraft first, take and hold",
     "retreat_when_only_air = true\nretreat_when_units = 1\n"),
    ("the defender against every wave", "retreat_when_units = 1\n"),
    ("1942 fleet with submarines, a stalemate then a second wave", "retreat_when_units = 1\n"),
    ("1942 land, a second wave, take and hold", "retreat_below = 0.4\n"),
    ("1942 fleet, a damaged battleship meets the second wave",
     "retreat_below = 0.5\nretreat_when_units = 1\n")])
def test_first_waves_under_position_rules_are_valued_on_the_lattice(name, rules):
    """Over waves, the rules that look at positions ("with N units or fewer", "only
    aircraft left", "below X": the wave's own battle's chance, its own columns): the first
    waves on the lattice, a withdrawal's end worth what the later waves make of the
    defender it leaves; every force's key figures against brute force (each force's whole
    attack through ``odds``)."""
    text = FIRST_WAVES[name]
    battle = 'battle = "sea"\n' if 'battle = "sea"' in text else 'battle = "land"\n'
    s = _scenario(text.replace(battle, battle + rules))
    q = planner._Question(s, s.plan)
    assert q.later is not None and q.position_rules and q._lattice is not None
    every = _brute_force(s)
    assert_every_force_is_brute_forces(s, every)
    assert_plan_is_brute_forces(s)
    plain = _brute_force(_scenario(text))
    assert any(abs(every[c]["expected_ipc_swing"] - plain[c]["expected_ipc_swing"]) > 1e-6
               for c in every)


@pytest.mark.parametrize("name,rules", [
    ("1942 land, a second wave, take and hold", 'retreat = "profit"\nterritory_value = 4\n'),
    ("1942 land, ordinary dice, wins", 'retreat = "profit"\nterritory_value = 2\n'
                                       'retreat_when_units = 1\n'),
    ("1940 land, three waves, aircraft first, take and hold",
     'retreat = "profit"\nterritory_value = 3\nretreat_when_only_air = true\n'),
    ("the defender against every wave", 'retreat = "profit"\nterritory_value = 1\n'),
    ("1942 fleet, a damaged battleship meets the second wave", 'retreat = "profit"\n'),
    ("1942 fleet with submarines, a stalemate then a second wave", 'retreat = "profit"\n'),
    ("1942 land, a second wave, take and hold", 'retreat = "strafe"\n'),
    ("1940 land, three waves, aircraft first, take and hold",
     'retreat = "strafe"\nretreat_when_units = 1\n'),
    ("the defender against every wave", 'retreat = "strafe"\n')])
def test_first_waves_under_a_policy_are_valued_on_the_lattice(name, rules):
    """Over waves under "profit" (each wave's policy looking ahead to what the later waves
    make of the defender it leaves, ``attack._policy``): the first waves on the lattice, its
    retreats weighing the whole attack's IPC and territory (``_Later``'s values); under
    "strafe" weighing the wave's own battle (each wave's as ``odds`` fights it); every
    force's key figures against brute force (each force's whole attack through ``odds``,
    its policies found by ``retreat_policy``), and the policy changes some force's."""
    text = FIRST_WAVES[name]
    battle = 'battle = "sea"\n' if 'battle = "sea"' in text else 'battle = "land"\n'
    s = _scenario(text.replace(battle, battle + rules))
    q = planner._Question(s, s.plan)
    assert q.later is not None and q.policy in rules and q._lattice is not None
    every = _brute_force(s)
    assert_every_force_is_brute_forces(s, every)
    answer = assert_plan_is_brute_forces(s)
    assert answer.best.result.to_json().get("policy")
    plain = _brute_force(_scenario(text))
    assert any(abs(every[c]["expected_ipc_swing"] - plain[c]["expected_ipc_swing"]) > 1e-6
               for c in every)


AA_GUN_WAVES = {
    "1942, profit, the gun meets the second wave too": (_text(
        '[attacker]\nunits = { infantry = 3, artillery = 1, armor = 1, fighter = 1 }\n'
        '[[attacker.waves]]\nunits = { armor = 1, fighter = 1 }\n'
        '[defender]\nunits = { infantry = 3, aa_gun = 1, armor = 1 }\n'
        '[plan]\ntarget = { attacker_wins = 0.8 }\nalternatives = 3\n'),
        'retreat = "profit"\nterritory_value = 3\n'),
    "1940, three waves, aircraft first, take and hold, strafe": (
        FIRST_WAVES["1940 land, three waves, aircraft first, take and hold"].replace(
            "units = { infantry = 2, armor = 1 }", "units = { infantry = 2, aa_gun = 1, armor = 1 }"),
        'retreat = "strafe"\nretreat_when_units = 1\n'),
    "1942, keeping a land unit, profit, no gun": (_text(
        '[attacker]\nunits = { infantry = 2, artillery = 1, armor = 1, fighter = 1 }\n'
        '[[attacker.waves]]\nunits = { armor = 1 }\n'
        '[defender]\nunits = { infantry = 3 }\n'
        '[counter]\nunits = { infantry = 1, armor = 1 }\n'
        '[plan]\ntarget = { takes_and_holds = 0.5 }\n'),
        'retreat = "profit"\nterritory_value = 3\nkeep_land_units = 1\n'),
    "1942, low luck, below X, a counter-attack": (_text(
        '[attacker]\nunits = { infantry = 2, artillery = 1, fighter = 2 }\n'
        '[[attacker.waves]]\nunits = { armor = 1 }\n'
        '[defender]\nunits = { infantry = 2, aa_gun = 1 }\n'
        '[counter]\nunits = { infantry = 1, armor = 1 }\n'
        '[plan]\ntarget = { takes_and_holds = 0.5 }\n', dice="lowluck"),
        "retreat_below = 0.4\n"),
}


@pytest.mark.parametrize("name", list(AA_GUN_WAVES))
def test_first_waves_against_an_aa_gun_under_retreat_rules_are_on_the_lattice(name):
    """First waves against a defender with an AA gun (or keeping land units), under a
    policy or the position rules: on the lattice, each force's round 1 AA fire pushed to
    its positions after it (``_fired``), the ends worth what the later waves (the gun
    firing at each) and the counter-attack make of them; every force's key figures against
    brute force (each force's whole attack through ``odds``)."""
    text, rules = AA_GUN_WAVES[name]
    s = _scenario(text.replace('battle = "land"\n', 'battle = "land"\n' + rules))
    q = planner._Question(s, s.plan)
    assert q.later is not None and q._lattice is not None
    assert q._lattice_opening == ("aa_gun" in text)
    every = _brute_force(s)
    assert_every_force_is_brute_forces(s, every, q)
    assert_plan_is_brute_forces(s)


def test_a_defenders_question_whose_shared_later_battles_are_past_the_bound_goes_on():
    """The defender's question over waves with a large side (its later battles, shared,
    bounded by every composition of its whole side: past half the bound) isn't refused at
    once: each force's whole attack on its own, as before ``_Later`` (a search here)."""
    s = _scenario(_text(
        '[attacker]\nunits = { infantry = 6, artillery = 3, armor = 3, fighter = 2 }\n'
        '[[attacker.waves]]\nunits = { armor = 3, fighter = 2 }\n'
        '[defender]\nunits = { infantry = 4, artillery = 1, armor = 1 }\n'
        '[plan]\nside = "defender"\ntarget = { defender_holds = 0.8 }\n'
        'add = { infantry = 8, artillery = 3, armor = 3, fighter = 3, bomber = 1 }\n'))
    q = planner._Question(s, s.plan)
    assert q.later is None and not q.batches
    answer = planner.plan(s)
    assert answer.searched > 0 and answer.best is not None


def test_a_defender_with_units_that_dont_fight_keeps_each_whole_attack():
    """A land defender with units that don't fight (Revised's AA gun, no casualty: it is
    left when the rest is destroyed, a later wave then meets it and its land units hold the
    territory in place of the first wave's) isn't valued by ``_Later``: each force's whole
    attack as ``odds`` answers it, as brute force does."""
    s = _scenario(_text(
        '[attacker]\nunits = { infantry = 2, artillery = 1, armor = 1 }\n'
        '[[attacker.waves]]\nunits = { armor = 1 }\n'
        '[defender]\nunits = { infantry = 2, aa_gun = 1 }\n'
        '[counter]\nunits = { infantry = 1, armor = 1 }\n'
        '[plan]\ntarget = { takes_and_holds = 0.5 }\n', edition="revised"))
    q = planner._Question(s, s.plan)
    assert q.later is None and not q.batches
    assert_plan_is_brute_forces(s)
