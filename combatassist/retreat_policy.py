"""Retreat policies that optimise, exact: the attacker's best choice, before every round,
between fighting on and withdrawing.

- ``profit``: withdraw where fighting on is worth less, in expected IPC, than leaving now.
  A position's worth is the IPC swing for the attacker (the defender's IPC lost minus its
  own, counted from the start) plus ``territory_value`` when the battle ends with the
  territory taken. Leaving is worth the swing so far (the territory is not taken).
- ``strafe``: the same, but the attacker never takes the territory: it fights a round only
  where no outcome of that round takes it (with ordinary dice: while the defender has more
  units than its dice can hit), and withdraws elsewhere.

Both are solved backwards over the battle's positions (``position_values.values_to_end``,
as ``retreat_below``): a position's value is the larger of leaving and fighting on, where
fighting on is worth the round's outcomes at their own values. A battle's positions never
come back once left (``rules.progress``), so this is the exact optimum over every retreat
decision (``tests/engine/test_retreat_policy.py`` checks it against every policy of small
battles). The outcome is then solved forwards under the policy found; ``forced`` rules
("withdraw with N units or fewer", "when only aircraft are left") withdraw where they say,
whatever the policy would do.

Ties keep fighting. The policy is also put in words (``policy_words``) a player can follow
at the table: per number of units the attacker has left, how many the defender must still
have for it to withdraw.
"""
from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .battle import BattleRules, optional, supports
from .position_values import PositionValues, values_to_end
from . import limits
from .solver import DEFAULT_MAX_STATES, BattleOutcome, Transitions, estimate_work, solve
from .text import msg, plural

#: Retreat policies (``[options] retreat``).
POLICIES = ("profit", "strafe")
#: A retreat must be worth this much more than fighting on (relative): ties fight on.
TIE = 1e-9
#: The policy's work in exact-solver passes over the battle's rounds (``limits``): the first
#: pass, then the values backwards and the pass under the policy (measured: 1942, 44 v 39
#: with ordinary dice, 2.0 M transitions: pass 5.5 s, values 2.6 s, pass with the curve
#: 2.9 s of CPU).
POLICY_PASSES = 2


@dataclass
class Policy:
    """The policy found: where the attacker withdraws, and what the battle is worth."""

    #: Positions (met by the battle) the attacker withdraws from before a round.
    withdraw: set = field(default_factory=set)
    #: Expected IPC for the attacker from the start under the policy (territory included).
    value: float = 0.0
    #: The outcome under the policy (its withdrawals in ``retreated``).
    outcome: BattleOutcome | None = None
    #: The policy in words (``policy_words``).
    words: list = field(default_factory=list)


def swing_of(rules: BattleRules) -> Callable[[Any], float]:
    """``swing(state)``: the defender's IPC lost minus the attacker's, from the start."""
    costs = optional(rules, "unit_costs")()
    state_units = optional(rules, "state_units")
    start = state_units(rules.initial_state())
    start_ipc = [math.fsum(costs[u] * n for u, n in side.items()) for side in start]
    memo: dict = {}

    def swing(state: Any) -> float:
        hit = memo.get(state)
        if hit is None:
            a, d = state_units(state)
            hit = memo[state] = ((start_ipc[1] - math.fsum(costs[u] * n for u, n in d.items()))
                                 - (start_ipc[0] - math.fsum(costs[u] * n for u, n in a.items())))
        return hit
    return swing


def taken_of(rules: BattleRules) -> Callable[[Any], bool]:
    """``taken(state)``: the battle ended there with the territory taken (``figures``)."""
    land = optional(rules, "land_units")()
    if land is None:
        return lambda state: False
    memo: dict = {}
    if supports(rules, "territory_taken"):
        territory_taken = optional(rules, "territory_taken")

        def taken(state: Any) -> bool:
            hit = memo.get(state)
            if hit is None:                 # (an array of one per call: asked once a state)
                hit = memo[state] = bool(territory_taken([state])[0])
            return hit
        return taken

    def taken_here(state: Any) -> bool:
        hit = memo.get(state)
        if hit is None:
            a, d = optional(rules, "state_units")(state)
            hit = memo[state] = (rules.verdict(state) == "attacker" and not d
                                 and any(u in land for u in a))
        return hit
    return taken_here


def best_policy(rules: BattleRules, kind: str, *, territory_value: float = 0.0,
                forced: Callable[[Any], bool] | None = None,
                after: Callable[[Any], float] | None = None,
                defender_hits: Callable[[Any], int] | None = None,
                cancel: Callable[[], bool] | None = None) -> Policy:
    """The optimal ``kind`` ("profit" or "strafe") policy of the battle fought to its end,
    with the exact outcome under it. ``forced(state)``: other rules withdraw there anyway.
    ``after(state)``: what comes after the battle is worth from where it ends or is left
    (an attack's later waves, ``lowluck.attack``), added to that position's worth.
    ``defender_hits``: the words count the defender in hits (``policy_words``).
    EngineError past the exact solver's limits (refused before starting when the estimate
    says so)."""
    if kind not in POLICIES:
        raise ValueError(kind)
    # the policy goes over the battle's positions about twice (a first pass, then the
    # values backwards and the pass under the policy, on the same rounds): refused at once
    # when twice the estimate is past the limit, and stopped there should it be low
    estimate = estimate_work(rules, rules.initial_state())
    limits.check_exact(None if estimate is None else estimate * POLICY_PASSES)
    transitions = Transitions(rules, cancel, DEFAULT_MAX_STATES,
                              limits.MAX_EXACT_TRANSITIONS // POLICY_PASSES)
    # a pass without retreat meets every position a retreating battle can reach; where a
    # partial retreat leaves units fighting on (``rules.withdraw``), those get a pass too
    solve(rules, curve=False, transitions=transitions)
    withdraw = optional(rules, "withdraw")
    if withdraw is not None:
        left = {w: 1.0 for w in map(withdraw, list(transitions.cache))
                if w is not None and rules.verdict(w) is None}
        if left:
            solve(rules, curve=False, transitions=transitions, start_mass=left)
    swing = swing_of(rules)
    taken = taken_of(rules)
    value_taken = territory_value if kind == "profit" else 0.0

    def leaf(state: Any) -> float:
        later = 0.0 if after is None else after(state)
        return swing(state) + (value_taken if taken(state) else 0.0) + later

    solved = PositionValues()
    chosen: set = set()

    def decide(state: Any, on: float) -> float:
        w = None if withdraw is None else withdraw(state)
        if w == state:                                   # nothing can leave: fight on
            return on
        if w is None:
            leave = swing(state) + (0.0 if after is None else after(state))
        else:
            leave = solved.value.get(w, leaf(w))
        if forced is not None and forced(state):
            chosen.add(state)
            return leave
        if kind == "strafe" and any(taken(n) for n, _ in transitions(state)[1]):
            chosen.add(state)                            # this round could take it
            return leave
        if leave > on + TIE * max(1.0, abs(on)):
            chosen.add(state)
            return leave
        return on

    values_to_end(rules, transitions, list(transitions.cache), leaf, decide, out=solved)
    outcome = solve(rules, cancel=cancel, transitions=transitions,
                    retreat=lambda state, _rounds: state in chosen)
    state0 = rules.initial_state()
    value = solved.value.get(state0, leaf(state0))
    policy = Policy(withdraw=chosen, value=value, outcome=outcome)
    def value_of(rule: Callable[[Any], bool]) -> float:
        """The worth of withdrawing where ``rule`` (and ``forced``) say (strafe: also
        before a round that could take the territory, as the policy does)."""
        def withdraws(state: Any, _rounds: Any) -> bool:
            if (forced is not None and forced(state)) or rule(state):
                return True
            return kind == "strafe" and any(taken(n) for n, _ in transitions(state)[1])
        out = solve(rules, cancel=cancel, transitions=transitions, curve=False,
                    retreat=withdraws)
        return math.fsum(p * leaf(s) for bucket in (out.decided, out.retreated,
                                                     out.stalemates, out.undecided)
                         for s, p in bucket.items())
    policy.words = policy_words(rules, transitions, chosen,
                                solved.fight_on.get(state0, value), value_of, value,
                                defender_hits)
    return policy


def reachable(rules: BattleRules, transitions: Transitions, withdraw: set) -> list:
    """The live positions the battle meets under the policy (before their rounds)."""
    state0 = rules.initial_state()
    seen = {state0}
    todo = [state0]
    out = []
    partial = optional(rules, "withdraw")
    while todo:
        s = todo.pop()
        if rules.verdict(s) is not None or s not in transitions.cache:
            continue
        out.append(s)
        if s in withdraw:
            w = None if partial is None else partial(s)
            nxt = [] if w is None or w == s else [w]
        else:
            nxt = [n for n, _ in transitions(s)[1]]
        for n in nxt:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return out


def reach_probability(rules: BattleRules, transitions: Transitions, withdraw: set,
                      live: list) -> dict:
    """P(the battle reaches each position of ``live``) under the policy: pushed forwards in
    ``progress`` order (a round's positions all lie further on; a round that changes nothing
    only delays the next)."""
    partial = optional(rules, "withdraw")
    mass = {rules.initial_state(): 1.0}
    for s in sorted(live, key=rules.progress):
        m = mass.get(s, 0.0)
        if not m:
            continue
        if s in withdraw:
            w = None if partial is None else partial(s)
            if w is not None and w != s:
                mass[w] = mass.get(w, 0.0) + m
            continue
        stay, moves, _ = transitions(s)
        if not moves or stay >= 1.0 - 1e-15:
            continue
        for n, p in moves:
            mass[n] = mass.get(n, 0.0) + m * p / (1.0 - stay)
    return mass


def _rules_for(rows: list) -> tuple[tuple[str, int], float]:
    """The sentence's rule for one number of attacker units that disagrees least with the
    policy (``rows``: (defender units, withdraws, P(reached))): "any" (always withdraw),
    ">=" m, "<=" m or "never", and the probability where it disagrees."""
    ds = sorted({d for d, _, _ in rows})
    candidates = [("never", 0), ("any", 0)] + [(">=", m) for m in ds] + [("<=", m) for m in ds]

    def says(rule: tuple[str, int], d: int) -> bool:
        how, m = rule
        return how == "any" or (how == ">=" and d >= m) or (how == "<=" and d <= m)

    def wrong(rule: tuple[str, int]) -> float:
        return math.fsum(p for d, leave, p in rows if says(rule, d) != leave)
    best = min(candidates, key=wrong)        # the first of equals: the simplest
    return best, wrong(best)


def _runs(thresholds: dict[int, tuple[str, int]], relative: bool = True
          ) -> list[tuple[str, list[int]]]:
    """Numbers of attacker units (most first) said in one sentence: consecutive ones with
    the same rule ("same"), or with ">=" thresholds the same number of units above theirs
    ("more": "while the defender has 1 unit more than you or more"), three or more."""
    counts = sorted(thresholds, reverse=True)

    def ahead(a: int) -> int | None:
        how, m = thresholds[a]
        return m - a if how == ">=" and m >= a else None
    runs: list[tuple[str, list[int]]] = []
    i = 0
    while i < len(counts):
        run = [counts[i]]
        while (i + len(run) < len(counts) and counts[i + len(run)] == run[-1] - 1
               and thresholds[counts[i + len(run)]] == thresholds[run[0]]):
            run.append(counts[i + len(run)])
        kind = "same"
        if relative and len(run) == 1 and ahead(run[0]) is not None:
            more = [run[0]]
            while (i + len(more) < len(counts) and counts[i + len(more)] == more[-1] - 1
                   and ahead(counts[i + len(more)]) == ahead(run[0])):
                more.append(counts[i + len(more)])
            if len(more) >= 3:
                kind, run = "more", more
        runs.append((kind, run))
        i += len(run)
    return runs


def defender_units(rules: BattleRules) -> Callable[[Any], int]:
    """The defender's units in a position (the words' count)."""
    state_units = optional(rules, "state_units")
    return lambda state: sum(state_units(state)[1].values())


def policy_words(rules: BattleRules, transitions: Transitions, withdraw: set,
                 attack_value: float = 0.0,
                 value_of: Callable[[Callable[[Any], bool]], float] | None = None,
                 value: float = 0.0, defender_hits: Callable[[Any], int] | None = None
                 ) -> list:
    """The policy as sentences a player follows at the table.

    Positions are told apart by how many units each side has (the attacker's fighting
    units, ``rules.attacker_units``; the defender's units). For each number of attacker
    units one rule is said — withdraw while the defender has m or more (or, a strafe's, m or
    fewer), always, or never —, the one that disagrees least with the exact policy weighted
    by how likely the battle reaches each position; numbers of attacker units with the same
    rule are merged. Positions with the same counts may differ in their units (aircraft
    shot down by AA guns, the first round) and the policy with them: where the words and
    the policy differ, a last sentence says how likely that is and names the likeliest
    such position, and (``value_of(rule)``: the worth of withdrawing where ``rule(state)``)
    how much less following the words is worth than the policy (worth ``value``).
    ``attack_value``: what fighting the first round is worth (said when the policy is not to
    attack). ``defender_hits(state)``: the defender is counted in the hits it can still take
    instead of units (two-hit units: a damaged battleship is one more position apart)."""
    state0 = rules.initial_state()
    if state0 in withdraw:
        return [dont_attack(attack_value)]
    live = reachable(rules, transitions, withdraw)
    if not any(s in withdraw for s in live):
        return [FIGHT_TO_THE_END]
    reach = reach_probability(rules, transitions, withdraw, live)
    return policy_sentences(rules, live, reach, withdraw, value_of, value, defender_hits)


#: ``policy_words`` where the policy never withdraws.
FIGHT_TO_THE_END = msg("fight to the end: withdrawing is never worth more")


def dont_attack(attack_value: float) -> str:
    """``policy_words`` where the policy is not to attack (the attack worth ``attack_value``)."""
    return msg("don't attack: the attack is worth {value:+.2f} IPC at best, less than not "
               "attacking", value=attack_value)


def policy_sentences(rules: BattleRules, live: list, reach: dict, withdraw: set,
                     value_of: Callable[[Callable[[Any], bool]], float] | None = None,
                     value: float = 0.0, defender_hits: Callable[[Any], int] | None = None
                     ) -> list:
    """``policy_words``' sentences from the live positions the battle meets under the policy
    (``live``: before their rounds; some withdrawn) and P(it reaches each) (``reach``), by
    whatever solver found them."""
    size = defender_units(rules) if defender_hits is None else defender_hits
    by_units: dict[int, list] = {}
    attacker_units = optional(rules, "attacker_units")
    for s in live:
        a = attacker_units(s)
        d = size(s)
        by_units.setdefault(a, []).append((d, s in withdraw, reach.get(s, 0.0), s))
    thresholds: dict[int, tuple[str, int]] = {}
    off: list = []
    for a, rows in by_units.items():
        rule, _ = _rules_for([(d, leave, p) for d, leave, p, _ in rows])
        how, m = rule
        if how != "never":
            thresholds[a] = rule
        for d, leave, p, s in rows:
            said = how == "any" or (how == ">=" and d >= m) or (how == "<=" and d <= m)
            if said != leave and p > 0.0:
                off.append((p, s, leave))
    words = []
    for kind, run in _runs(thresholds, relative=defender_hits is None):
        hi, lo = run[0], run[-1]
        how, m = thresholds[hi]
        fewest = lo == min(by_units)
        if fewest and hi != lo:
            units = plural(hi, "{n} unit or fewer", "{n} units or fewer")
        elif hi != lo:
            units = msg("{lo} to {hi} units", lo=lo, hi=hi)
        else:
            units = plural(hi, "{n} unit", "{n} units")
        if kind == "more":
            k = m - hi
            if k == 0:
                words.append(msg("withdraw once you have {units} left while the defender has "
                                 "as many units as you or more", units=units))
            else:
                words.append(plural(k, "withdraw once you have {units} left while the "
                                    "defender has {n} unit more than you or more",
                                    "withdraw once you have {units} left while the defender "
                                    "has {n} units more than you or more", units=units))
        elif how == "any":
            words.append(msg("withdraw once you have {units} left", units=units))
        elif how == ">=" and defender_hits is not None:
            words.append(msg("withdraw once you have {units} left while the defender can "
                             "still take {m} hits or more", units=units, m=m))
        elif how == ">=":
            words.append(msg("withdraw once you have {units} left while the defender still "
                             "has {m} or more", units=units, m=m))
        elif defender_hits is not None:
            words.append(plural(m, "withdraw once you have {units} left and the defender can "
                                "take {n} hit or fewer", "withdraw once you have {units} left "
                                "and the defender can take {n} hits or fewer", units=units))
        else:
            words.append(plural(m, "withdraw once you have {units} left and the defender has "
                                "{n} unit or fewer", "withdraw once you have {units} left and "
                                "the defender has {n} units or fewer", units=units))
    if off:
        p, s, leave = max(off, key=lambda x: (x[0], repr(x[1])))
        total = min(1.0, math.fsum(x[0] for x in off))
        words.append(msg("the exact policy differs from these words where the battle "
                         "arrives with a probability of {p:.2%} at most, most often at "
                         "{position}: it {does} there", p=total, position=rules.describe(s),
                         does=msg("withdraws") if leave else msg("fights on")))
        if value_of is not None:
            def said(state: Any) -> bool:
                rule = thresholds.get(attacker_units(state))
                if rule is None:
                    return False
                how, m = rule
                d = size(state)
                return how == "any" or (how == ">=" and d >= m) or (how == "<=" and d <= m)
            words.append(msg("following these words is worth {loss:.2f} IPC less on average "
                             "than the exact policy", loss=max(0.0, value - value_of(said))))
    return words
