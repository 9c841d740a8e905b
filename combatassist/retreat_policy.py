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
from .solver import DEFAULT_MAX_STATES, BattleOutcome, Transitions, solve
from .text import msg, plural

#: Retreat policies (``[options] retreat``).
POLICIES = ("profit", "strafe")
#: A retreat must be worth this much more than fighting on (relative): ties fight on.
TIE = 1e-9


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
    costs = rules.unit_costs()
    start = rules.state_units(rules.initial_state())
    start_ipc = [math.fsum(costs[u] * n for u, n in side.items()) for side in start]
    memo: dict = {}

    def swing(state: Any) -> float:
        hit = memo.get(state)
        if hit is None:
            a, d = rules.state_units(state)
            hit = memo[state] = ((start_ipc[1] - math.fsum(costs[u] * n for u, n in d.items()))
                                 - (start_ipc[0] - math.fsum(costs[u] * n for u, n in a.items())))
        return hit
    return swing


def taken_of(rules: BattleRules) -> Callable[[Any], bool]:
    """``taken(state)``: the battle ended there with the territory taken (``figures``)."""
    land = rules.land_units()
    if land is None:
        return lambda state: False
    if supports(rules, "territory_taken"):
        return lambda state: bool(rules.territory_taken([state])[0])

    def taken(state: Any) -> bool:
        a, d = rules.state_units(state)
        return rules.verdict(state) == "attacker" and not d and any(u in land for u in a)
    return taken


def best_policy(rules: BattleRules, kind: str, *, territory_value: float = 0.0,
                forced: Callable[[Any], bool] | None = None,
                cancel: Callable[[], bool] | None = None) -> Policy:
    """The optimal ``kind`` ("profit" or "strafe") policy of the battle fought to its end,
    with the exact outcome under it. ``forced(state)``: other rules withdraw there anyway.
    EngineError past the exact solver's limits (refused before starting when the estimate
    says so)."""
    if kind not in POLICIES:
        raise ValueError(kind)
    transitions = Transitions(rules, cancel, DEFAULT_MAX_STATES)
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
        return swing(state) + (value_taken if taken(state) else 0.0)

    solved = PositionValues()
    chosen: set = set()

    def decide(state: Any, on: float) -> float:
        w = None if withdraw is None else withdraw(state)
        if w == state:                                   # nothing can leave: fight on
            return on
        leave = swing(state) if w is None else solved.value.get(w, leaf(w))
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
    policy.words = policy_words(rules, transitions, chosen,
                                solved.fight_on.get(state0, value))
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


def policy_words(rules: BattleRules, transitions: Transitions, withdraw: set,
                 attack_value: float = 0.0) -> list:
    """The policy as sentences a player follows at the table.

    Positions are told apart by how many units each side has (the attacker's fighting
    units, ``rules.attacker_units``; the defender's units). Where, for a number of attacker
    units, the policy withdraws exactly when the defender has at least some number, one
    sentence says so (numbers of attacker units with the same threshold merged); where it
    doesn't follow such a rule, the positions are named. ``attack_value``: what fighting
    the first round is worth (said when the policy is not to attack)."""
    state0 = rules.initial_state()
    if state0 in withdraw:
        return [msg("don't attack: the attack is worth {value:+.2f} IPC at best, less than "
                    "not attacking", value=attack_value)]
    live = reachable(rules, transitions, withdraw)
    if not any(s in withdraw for s in live):
        return [msg("fight to the end: withdrawing is never worth more")]
    by_units: dict[int, tuple[set, set]] = {}
    named = []
    for s in live:
        a = rules.attacker_units(s)
        d = sum(rules.state_units(s)[1].values())
        leave, stay = by_units.setdefault(a, (set(), set()))
        (leave if s in withdraw else stay).add(d)
    # per number of attacker units: withdraw while the defender has m or more (">="), or m
    # or fewer ("<=", a strafe), or whatever it has ("any")
    thresholds: dict[int, tuple[str, int]] = {}
    for a, (leave, stay) in by_units.items():
        if not leave:
            continue
        if not stay:
            thresholds[a] = ("any", 0)
        elif min(leave) > max(stay):
            thresholds[a] = (">=", min(leave))
        elif max(leave) < min(stay):
            thresholds[a] = ("<=", max(leave))
        else:
            named.extend(s for s in live if s in withdraw and rules.attacker_units(s) == a)
    words = []
    runs: list[list[int]] = []
    for a in sorted(thresholds, reverse=True):
        if runs and runs[-1][-1] == a + 1 and thresholds[runs[-1][0]] == thresholds[a]:
            runs[-1].append(a)
        else:
            runs.append([a])
    for run in runs:
        hi, lo = run[0], run[-1]
        how, m = thresholds[hi]
        fewest = lo == min(by_units)
        if fewest and hi != lo:
            units = plural(hi, "{n} unit or fewer", "{n} units or fewer")
        elif hi != lo:
            units = msg("{lo} to {hi} units", lo=lo, hi=hi)
        else:
            units = plural(hi, "{n} unit", "{n} units")
        if how == "any":
            words.append(msg("withdraw once you have {units} left", units=units))
        elif how == ">=":
            words.append(msg("withdraw once you have {units} left while the defender still "
                             "has {m} or more", units=units, m=m))
        else:
            words.append(plural(m, "withdraw once you have {units} left and the defender has "
                                "{n} unit or fewer", "withdraw once you have {units} left and "
                                "the defender has {n} units or fewer", units=units))
    for s in sorted(named, key=rules.progress)[:5]:
        words.append(msg("withdraw at {position}", position=rules.describe(s)))
    if len(named) > 5:
        words.append(plural(len(named) - 5, "… and at {n} more position",
                            "… and at {n} more positions"))
    return words
