"""A Low Luck attack beyond one battle: waves, the retreat policy in words, and taking and
holding the territory against a counter-attack (docs/scenario-format.md, "Waves").

**Waves** (``[[attacker.waves]]``): the first wave is the ``[attacker]``; each later wave
fights what the defender has left after the one before, with the battle's options. What
carries over is the exact distribution of the defender's survivors (its units, two-hit
units' damage, submerged submarines), never an average: every survivor composition is a
battle of its own, solved once however many ways lead to it, and weighted by its
probability. A wave that meets no defender (an earlier wave destroyed it) fights nothing:
its land units walk in and take the territory. An earlier wave's units stay out of the later
battles (they won, withdrew or died); they still count in the attacker's survivors and IPC.

The figures after each wave are cumulative (``waves`` in the JSON): the attacker has won when
the defender is destroyed, its IPC lost are every wave's so far, the territory is taken once
a wave destroyed the defender with a land unit left (or walked in after). The top-level
figures are the last wave's. They are computed by the ordinary ``battle_result`` over the
attack's end positions (``AttackRules``): one position per (every wave's survivors, the
defender's survivors, who won, taken, the land units holding the territory).

**Take and hold** (``[counter] units``): once taken, the territory is counter-attacked by
these units against the attacker's land units that hold it (aircraft land elsewhere), fought
to the end with the same dice and edition. It holds unless the counter-attack takes it back.

Simulated (``--method simulate``), every wave's battles are simulated: a wave's trials are
split by the defender's survivors the earlier wave's trials left, each share simulated with
its own seed.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

from ...errors import EngineError
from ...result import BattleResult, battle_result
from ... import limits
from ...retreat_policy import POLICY_PASSES, best_policy
from ...solver import BattleOutcome, estimate_work, simulate
from ...text import msg, plural
from .dice import units_text
from .rules import LowLuckOptions, LowLuckScenario, LowLuckSide, make_rules
from .withdrawals import defender_hits, forced_rule

#: Distinct battles an attack's waves and counter-attack may solve (each within the single
#: battle's own limits): refused at once when the forces' sizes say more may be needed,
#: counted as they are met.
MAX_ATTACK_BATTLES = 400


@dataclass(frozen=True)
class End:
    """One end position of an attack, after some waves."""

    #: Every wave's units that are left (won, withdrew, or still fighting), per edition id.
    attacker: tuple[int, ...]
    #: The defender's units left, per edition id, and of them the damaged two-hit units.
    defender: tuple[int, ...]
    damaged: tuple[int, ...]
    #: "attacker", "defender", "draw" or None (undecided: ``max_rounds``).
    verdict: str | None
    #: Where the last battle's mass ended: decided, retreated, stalemates, undecided.
    bucket: str
    taken: bool
    #: The attacker's land units in the territory (its holders when taken), per edition id.
    holding: tuple[int, ...]


class AttackRules:
    """The attack's end positions as rules ``result.battle_result`` and ``figures`` read."""

    def __init__(self, first_rules: Any, ids: tuple[str, ...], attacker0: tuple[int, ...],
                 defender0: tuple[int, ...], land: bool):
        self.first = first_rules
        self.ids = ids
        self.state0 = End(attacker0, defender0, (0,) * len(ids), None, "undecided", False,
                          (0,) * len(ids))
        self.land = land

    def initial_state(self) -> End:
        return self.state0

    def verdict(self, state: End) -> str | None:
        return state.verdict

    def losses(self, state: End) -> tuple[int, int]:
        return (sum(self.state0.attacker) - sum(state.attacker),
                sum(self.state0.defender) - sum(state.defender))

    def state_units(self, state: End) -> tuple[dict[str, int], dict[str, int]]:
        return ({u: n for u, n in zip(self.ids, state.attacker) if n},
                {u: n for u, n in zip(self.ids, state.defender) if n})

    def unit_costs(self) -> dict[str, int]:
        return self.first.unit_costs()

    def land_units(self):
        return self.first.land_units()

    def territory_taken(self, states) -> np.ndarray:
        return np.array([s.taken for s in states], dtype=bool)


def wave_scenario(payload: LowLuckScenario, attacker: LowLuckSide, defender_units: dict,
                  damaged: dict) -> LowLuckScenario:
    """The battle of one wave: ``attacker`` against the defender's units left."""
    defender = replace(payload.defender, units=defender_units, damaged=damaged)
    return replace(payload, attacker=attacker, defender=defender, waves=(), counter=None)


def counter_scenario(payload: LowLuckScenario, holding: dict[str, int]) -> LowLuckScenario:
    """The counter-attack's battle: ``payload.counter`` against the attacker's land units
    ``holding`` the territory, a land battle with the attack's dice and rounds only (the
    table side fights the same battle)."""
    if payload.counter is None:
        raise EngineError(msg("this attack has no counter-attack"))
    return replace(payload, attacker=payload.counter, defender=LowLuckSide(units=holding),
                   options=LowLuckOptions(dice=payload.options.dice, battle="land",
                                          max_rounds=payload.options.max_rounds),
                   waves=(), counter=None)


def _counts(ids: tuple[str, ...], units: dict[str, int]) -> tuple[int, ...]:
    return tuple(units.get(u, 0) for u in ids)


def _land_ids(rules: Any) -> frozenset[str]:
    return rules.land_units() or frozenset()


def _in_battle(rules: Any, state: Any, k: int) -> dict[str, int]:
    """Side k's units still in the battle (not withdrawn), per unit id."""
    side = rules.att if k == 0 else rules.dfn
    out: dict[str, int] = {}
    for n, s in zip(state[k], side.slots):
        if n and s.status != "withdrawn":
            out[s.unit.id] = out.get(s.unit.id, 0) + n
    return out


def _damaged(rules: Any, state: Any) -> dict[str, int]:
    """The defender's damaged two-hit units in ``state`` (its slots)."""
    out: dict[str, int] = {}
    for n, s in zip(state[1], rules.dfn.slots):
        if n and s.status == "damaged":
            out[s.unit.id] = out.get(s.unit.id, 0) + n
    return out


def _taken(rules: Any, state: Any) -> bool:
    if rules.land_units() is None:
        return False
    return bool(rules.territory_taken([state])[0])


def _buckets(outcome: BattleOutcome):
    for name in ("decided", "retreated", "stalemates", "undecided"):
        for state, p in getattr(outcome, name).items():
            yield name, state, p


def battles_needed(payload: LowLuckScenario) -> int:
    """At most how many battles the attack solves, from the forces' sizes: the first wave,
    per later wave one per defender survivor composition (its units lost one at a time,
    times its two-hit units' damage), per counter-attack one per holding composition."""
    n_def = sum(payload.defender.units.values())
    two_hit = sum(n for u, n in payload.defender.units.items()
                  if payload.edition.unit(u).hits > 1)
    per_wave = (n_def + 1) * (two_hit + 1)
    total = 1 + len(payload.waves) * per_wave
    if payload.counter is not None:
        land = sum(n for side in (payload.attacker, *payload.waves)
                   for u, n in side.units.items() if payload.edition.unit(u).kind == "land")
        total += land + 1
    return total


def policy_work(payload: LowLuckScenario) -> float:
    """The exact solver's transitions a retreat policy's waves need at most: each wave's
    battle against the whole defender (the largest it can meet) once for the first wave and
    once per defender survivor composition for the later ones, each gone over
    ``retreat_policy.POLICY_PASSES`` times (refused at once past the exact limit)."""
    n_def = sum(payload.defender.units.values())
    two_hit = sum(n for u, n in payload.defender.units.items()
                  if payload.edition.unit(u).hits > 1)
    total = 0.0
    for k, wave in enumerate((payload.attacker, *payload.waves)):
        rules = make_rules(wave_scenario(payload, wave, dict(payload.defender.units),
                                         dict(payload.defender.damaged)))
        work = estimate_work(rules, rules.initial_state()) or 0.0
        total += work * POLICY_PASSES * (1 if k == 0 else (n_def + 1) * (two_hit + 1))
    return total


def _too_many(n: int) -> EngineError:
    return EngineError(msg(
        "this attack may need about {n} battles solved (the defender's survivors after each "
        "wave, the holders of the territory), more than the {limit} it answers within "
        "{seconds} s; use fewer waves or smaller forces", n=n, limit=MAX_ATTACK_BATTLES,
        seconds=30))


def answer(ruleset: Any, payload: LowLuckScenario, outcome_of: Callable, *,
           method: str = "exact", trials: int = 100_000, seed: int | None = None,
           cancel: Callable[[], bool] | None = None, memo: dict | None = None,
           wave: int = 0) -> BattleResult:
    """The attack's result: one battle's (with the policy in words when asked), or its waves'
    with the counter-attack.

    ``memo`` (exact only): the later waves' battles and policies and the counter-attack's
    battles, kept between attacks that share the later waves, the counter-attack, the
    options and the defender's own fields (the planner's forces): each depends only on its
    wave and the defender it meets (or the holders), so it is solved once for them all.
    ``wave``: the payload's attacker is that wave of a larger attack (0: the first), the
    memo's waves numbered in that attack (the planner's later waves against a first wave's
    survivors share the memo of its forces' whole attacks)."""
    opts = payload.options
    if not payload.waves and payload.counter is None:
        rules = make_rules(payload)
        outcome, words = outcome_of(rules, opts, method=method, trials=trials, seed=seed,
                                    cancel=cancel)
        result = ruleset.battle_result(payload, rules, outcome)
        _add_policy(result, opts, words)
        return result
    needed = battles_needed(payload)
    if needed > MAX_ATTACK_BATTLES:
        raise _too_many(needed)
    if opts.retreat != "none" and payload.waves:
        limits.check_exact(policy_work(payload))
    return _Attack(ruleset, payload, outcome_of, method, trials, seed, cancel,
                   memo if method == "exact" else None, wave).run()


def policy_lines(opts: LowLuckOptions, words: list | None) -> list:
    """The retreat rules in words (``policy`` in the JSON): the optimal policy's
    (``words``), then the casualty and retreat rules the options set."""
    lines = list(words or [])
    if opts.keep_land_units and opts.battle == "land":
        lines.append(plural(opts.keep_land_units,
                            "keep your last land unit: take your other units as casualties "
                            "first", "keep your last {n} land units: take your other units "
                            "as casualties first"))
    if not words:
        if opts.retreat_when_only_air:
            lines.append(msg("withdraw once only aircraft are left (no land unit)"))
        if opts.retreat_when_units:
            lines.append(plural(opts.retreat_when_units, "withdraw once you have {n} unit or "
                                "fewer", "withdraw once you have {n} units or fewer"))
        if opts.retreat_below:
            lines.append(msg("withdraw when your chance to win by fighting on is below "
                             "{p:.0%}", p=opts.retreat_below))
        if opts.retreat_after:
            lines.append(plural(opts.retreat_after, "withdraw after round {n}",
                                "withdraw after round {n}"))
    return lines


def asks_policy(opts: LowLuckOptions) -> bool:
    """The options set a retreat policy or rule of this part (``policy`` in the JSON)."""
    return (opts.retreat != "none" or bool(opts.keep_land_units and opts.battle == "land")
            or opts.retreat_when_only_air)


def _add_policy(result: BattleResult, opts: LowLuckOptions, words: list | None) -> None:
    """``policy`` (and with ``retreat = "profit"`` ``expected_profit``: the expected IPC
    swing plus the territory's value times taking it) into the result's JSON."""
    if not asks_policy(opts):
        return
    lines = policy_lines(opts, words)
    result.asked["policy"] = [str(w) for w in lines]
    result.extra["policy"] = lines
    if opts.retreat == "profit" and result.figures is not None:
        result.asked["expected_profit"] = result.figures.expected_ipc_swing + \
            opts.territory_value * (result.figures.takes_territory or 0.0)


#: The cumulative figures each wave reports (``waves`` in the JSON).
WAVE_KEYS = ("attacker_wins", "defender_wins", "draw", "undecided", "retreated",
             "takes_territory", "attacker_ipc_lost", "defender_ipc_lost", "expected_ipc_swing",
             "expected_rounds")


class _Attack:
    def __init__(self, ruleset, payload, outcome_of, method, trials, seed, cancel,
                 memo=None, wave: int = 0):
        self.ruleset = ruleset
        self.payload = payload
        self.outcome_of = outcome_of
        self.method = method
        self.trials = trials
        self.seed = seed
        self.cancel = cancel
        self.ids = payload.edition.ids
        self.solved = 0
        self.words = None
        self.first_rules = make_rules(payload)
        self.waves = (payload.attacker, *payload.waves)
        #: ``retreat = "profit"`` with later waves: each wave's policy counts what the later
        #: waves make of the defender it leaves (``_policy``)
        self.looks_ahead = payload.options.retreat == "profit" and bool(payload.waves)
        self.policies: dict = {}
        #: shared between attacks (``answer``'s ``memo``): keys (kind, wave, defender)
        self.memo = memo
        #: the payload's attacker's wave in the memo's attack (``answer``'s ``wave``)
        self.wave0 = wave
        #: Per wave, the words of its likeliest battle: (its share of the attack, the
        #: defender it meets, the words) — a later wave meets many defenders, each its own
        #: policy (``wave_words``).
        self._words_of: dict[int, tuple[float, tuple, list]] = {}

    def _battle(self, scenario: LowLuckScenario, mass: float, key: tuple, k: int,
                spec: tuple):
        """(rules, outcome as masses summing to 1) of one battle: wave ``k`` against the
        defender's ``spec`` (units, damaged)."""
        if self.looks_ahead:
            rules, policy = self._policy(k, spec)
            if self.words is None:
                self.words = policy.words
            self._note_words(k, spec, mass, policy.words)
            if self.method == "simulate":
                chosen = policy.withdraw
                return rules, simulate(rules, max(1, int(round(mass))), self._seed(key),
                                       cancel=self.cancel,
                                       retreat=lambda state, _r: state in chosen)
            return rules, policy.outcome
        at = k + self.wave0
        shared = ("wave", at, spec) if self.memo is not None and at > 0 else None
        if shared is not None and shared in self.memo:
            rules, outcome, words = self.memo[shared]
            self._note_words(k, spec, mass, words)
            return rules, outcome
        self.solved += 1
        if self.solved > MAX_ATTACK_BATTLES:
            raise _too_many(self.solved)
        rules = make_rules(scenario)
        if self.method == "simulate":
            outcome, words = self.outcome_of(rules, scenario.options, method="simulate",
                                             trials=max(1, int(round(mass))),
                                             seed=self._seed(key), cancel=self.cancel)
        else:
            outcome, words = self.outcome_of(rules, scenario.options, cancel=self.cancel)
        if self.words is None:
            self.words = words
        self._note_words(k, spec, mass, words)
        if shared is not None:
            self.memo[shared] = (rules, outcome, words)
        return rules, outcome

    def _note_words(self, k: int, spec: tuple, mass: float, words: list | None) -> None:
        """Keep wave ``k``'s words from its likeliest battle (ties: the first met)."""
        if words and (k not in self._words_of or mass > self._words_of[k][0]):
            self._words_of[k] = (mass, spec, list(words))

    def wave_words(self, total: float) -> list | None:
        """The policy in words, per wave with several: "wave 1: ...", then each later
        wave's against the defender it most likely meets (its share of the attacks said)."""
        if len(self.waves) == 1 or not self._words_of:
            return self.words
        lines = []
        for k in sorted(self._words_of):
            mass, (dfn, _), words = self._words_of[k]
            for line in words:
                if k == 0:
                    lines.append(msg("wave {k}: {rule}", k=1, rule=line))
                else:
                    lines.append(msg("wave {k}, against {units} (the defender it most likely "
                                     "meets, {p:.0%} of the attacks): {rule}", k=k + 1,
                                     units=units_text(zip(self.ids, dfn)), p=mass / total,
                                     rule=line))
        return lines

    # -- the profit policy looking ahead to the later waves ------------------------------
    def _policy(self, k: int, spec: tuple):
        """(rules, ``retreat_policy.Policy``) of wave ``k`` against the defender's ``spec``,
        its ends worth what the later waves make of them (memoised: every wave's policy
        asks the next one's value of each defender it may leave)."""
        at = k + self.wave0
        policies = self.memo.setdefault("policies", {}) if (
            self.memo is not None and at > 0) else self.policies
        hit = policies.get((at, spec))
        if hit is not None:
            return hit
        self.solved += 1
        if self.solved > MAX_ATTACK_BATTLES:
            raise _too_many(self.solved)
        ids = self.ids
        payload = self.payload
        scenario = wave_scenario(payload, self.waves[k],
                                 {u: n for u, n in zip(ids, spec[0]) if n},
                                 {u: n for u, n in zip(ids, spec[1]) if n})
        rules = make_rules(scenario)
        opts = payload.options
        after = None
        if k + 1 < len(self.waves):
            later_land = any(self._is_land(i) and n for w in self.waves[k + 1:]
                             for i, n in enumerate(_counts(ids, w.units)))

            def after(state, rules=rules):
                left = _counts(ids, rules.state_units(state)[1])
                if any(left):
                    return self._policy(k + 1, (left, _counts(ids, _damaged(rules, state))))[
                        1].value
                # destroyed: a later wave walks in and takes it if this one didn't
                taken = _taken(rules, state)
                return opts.territory_value if later_land and not taken else 0.0
        policy = best_policy(rules, "profit", territory_value=opts.territory_value,
                             forced=forced_rule(rules, opts), after=after,
                             defender_hits=defender_hits(rules), cancel=self.cancel)
        policies[(at, spec)] = (rules, policy)
        return rules, policy

    def _seed(self, key: tuple[int, ...]) -> int | None:
        """A battle's own seed, from the run's and the battle's place (``key``)."""
        if self.seed is None:
            return None
        return int(np.random.SeedSequence([abs(self.seed), *key]).generate_state(1)[0])

    def run(self) -> BattleResult:
        payload = self.payload
        ids = self.ids
        total = self.trials if self.method == "simulate" else 1.0
        waves = (payload.attacker, *payload.waves)
        zero = (0,) * len(ids)
        carry: dict[End, float] = {End(zero, _counts(ids, payload.defender.units),
                                       _counts(ids, payload.defender.damaged), None,
                                       "undecided", False, zero): total}
        rounds = 0.0
        pruned = 0.0
        per_wave = []
        results = []
        for k, wave in enumerate(waves):
            units = _counts(ids, wave.units)
            land = sum(n for u, n in wave.units.items()
                       if payload.options.battle == "land"
                       and payload.edition.unit(u).kind == "land"
                       and not payload.edition.unit(u).has("aa_gun"))
            groups: dict[tuple, list[tuple[End, float]]] = {}
            nxt: dict[End, float] = {}

            def add(end: End, m: float) -> None:
                nxt[end] = nxt.get(end, 0.0) + m
            for end, m in carry.items():
                if not any(end.defender):            # nothing to fight: the wave walks in
                    holding = tuple(h + (n if self._is_land(i) else 0)
                                    for i, (h, n) in enumerate(zip(end.holding, units)))
                    add(End(_plus(end.attacker, units), end.defender, end.damaged,
                            "attacker", "decided", end.taken or land > 0, holding), m)
                    continue
                groups.setdefault((end.defender, end.damaged), []).append((end, m))
            for gi, ((dfn, dmg), members) in enumerate(sorted(groups.items())):
                mass = math.fsum(m for _, m in members)
                scenario = wave_scenario(
                    payload, wave, {u: n for u, n in zip(ids, dfn) if n},
                    {u: n for u, n in zip(ids, dmg) if n})
                rules, outcome = self._battle(scenario, mass, (k, gi), k, (dfn, dmg))
                rounds += outcome.expected_rounds * (mass if self.method == "exact"
                                                     else mass / total)
                pruned += outcome.pruned * (mass if self.method == "exact" else mass / total)
                ends = []
                for bucket, state, p in _buckets(outcome):
                    a = _counts(ids, rules.state_units(state)[0])
                    d_units = rules.state_units(state)[1]
                    taken = _taken(rules, state)
                    if taken:
                        held = _in_battle(rules, state, 0)
                        holding = tuple(held.get(u, 0) if self._is_land(i) else 0
                                        for i, u in enumerate(ids))
                    else:
                        holding = zero
                    verdict = rules.verdict(state) if bucket == "decided" else (
                        "defender" if bucket == "retreated" else
                        "draw" if bucket == "stalemates" else None)
                    ends.append((bucket, a, _counts(ids, d_units),
                                 _counts(ids, _damaged(rules, state)), verdict, taken, holding,
                                 p))
                for end, m in members:
                    # simulated, ``p`` is a frequency of the group's trials: each member gets
                    # its share (what happens next depends on the defender's units only)
                    for bucket, a, d, dm, verdict, taken, holding, p in ends:
                        add(End(_plus(end.attacker, a), d, dm, verdict, bucket,
                                end.taken or taken, holding if taken else end.holding), m * p)
            carry = nxt
            attacker0 = tuple(sum(x) for x in zip(*(_counts(ids, w.units) for w in waves[:k + 1])))
            result = self._result(carry, attacker0, total, rounds, pruned)
            results.append(result)
            per_wave.append(_wave_json(result))
        final = results[-1]
        final.asked["waves"] = per_wave
        final.extra["waves"] = results
        if payload.counter is not None:
            final.asked["counter"] = self._counter(carry, total)
            final.extra["counter"] = final.asked["counter"]
        _add_policy(final, payload.options, self.wave_words(total))
        return final

    def _is_land(self, i: int) -> bool:
        u = self.payload.edition.unit(self.ids[i])
        return self.payload.options.battle == "land" and u.kind == "land" and \
            not u.has("aa_gun")

    def _result(self, carry: dict[End, float], attacker0: tuple[int, ...], total: float,
                rounds: float, pruned: float) -> BattleResult:
        ids = self.ids
        rules = AttackRules(self.first_rules, ids, attacker0,
                            _counts(ids, self.payload.defender.units),
                            self.payload.options.battle == "land")
        outcome = BattleOutcome(method=self.method,
                                trials=self.trials if self.method == "simulate" else 0)
        for end, m in carry.items():
            getattr(outcome, end.bucket)[end] = getattr(outcome, end.bucket).get(end, 0.0) + \
                m / total
        outcome.expected_rounds = rounds
        outcome.pruned = pruned
        return battle_result(self.ruleset.name, rules, outcome)

    def _counter(self, carry: dict[End, float], total: float) -> dict[str, float]:
        """P(taken), P(taken and held against the counter-attack), and held when taken."""
        payload = self.payload
        ids = self.ids
        counter = payload.counter
        taken_mass = 0.0
        held = 0.0
        holders: dict[tuple, float] = {}
        for end, m in carry.items():
            if end.taken:
                holders[end.holding] = holders.get(end.holding, 0.0) + m
        for gi, (holding, m) in enumerate(sorted(holders.items())):
            taken_mass += m
            shared = ("counter", holding) if self.memo is not None else None
            if shared is not None and shared in self.memo:
                held += m * (1.0 - self.memo[shared])
                continue
            scenario = counter_scenario(payload, {u: n for u, n in zip(ids, holding) if n})
            self.solved += 1
            if self.solved > MAX_ATTACK_BATTLES:
                raise _too_many(self.solved)
            rules = make_rules(scenario)
            outcome, _ = self.outcome_of(
                rules, scenario.options, method=self.method,
                trials=max(1, int(round(m))) if self.method == "simulate" else 1,
                seed=self._seed((len(payload.waves) + 1, gi)), cancel=self.cancel)
            retaken = math.fsum(p for state, p in outcome.decided.items()
                                if _taken(rules, state))
            if shared is not None:
                self.memo[shared] = retaken
            held += m * (1.0 - retaken)
        taken = taken_mass / total
        holds = held / total
        return {"takes_territory": taken, "holds": holds,
                "holds_if_taken": holds / taken if taken > 0 else 0.0}


def _plus(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(x + y for x, y in zip(a, b))


def _wave_json(result: BattleResult) -> dict[str, Any]:
    data = result.to_json()
    return {key: data[key] for key in WAVE_KEYS if key in data}
