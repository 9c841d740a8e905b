"""The attacker's retreat rules, exact, for the battle rulesets that offer them.

Three rules, combinable (the attacker withdraws as soon as any says so), all asked before a
round — the first round included:

- ``after_round`` = N ("retreat after round N"): the battle still on after round N ends
  there;
- ``when_units`` = N: withdraw when the attacker has N units or fewer;
- ``below`` = X: withdraw when the attacker's exact chance of winning from the position,
  under these same rules from there on, is below X (0–1). That chance is solved backwards
  over the battle's positions (``position_values``); a first exact pass finds them.

A ruleset may add its own rule on the attacker's units (``RetreatOptions.withdraws``, e.g.
Low Luck's "withdraw when only aircraft are left"), asked like ``when_units``. The retreat
policies that optimise (profit, strafe) are ``retreat_policy``'s.

A withdrawn battle is the defender's (``defender_wins``, docs/scenario-format.md) and is
also reported apart as ``retreated``.
"""
from __future__ import annotations

from collections.abc import Callable
import math
from dataclasses import dataclass
from typing import Any

from .battle import BattleRules, optional
from .scenario import Reader
from .position_values import (LeafValue, PositionValues, attacker_win_leaf, fight_on_then,
                              values_by_round, values_to_end)
from . import limits
from .solver import (DEFAULT_MAX_STATES, BattleOutcome, RetreatRule, Transitions,
                     estimate_work, round_layers, simulate, solve)

#: ``exact(rules, max_rounds) -> BattleOutcome | None``: the ruleset's fastest exact solver for
#: a battle without position-dependent retreat (e.g. Low Luck's grids for ordinary dice), or
#: None where it has none (the generic solver answers).
ExactSolver = Callable[[BattleRules, int], "BattleOutcome | None"]
#: ``exact(rules, max_rounds, options) -> BattleOutcome | None``: the same for a battle with
#: retreat rules that look at positions (its withdrawals in ``retreated``), or None where it
#: can't answer them (the generic solver does).
ExactRetreating = Callable[[BattleRules, int, "RetreatOptions"], "BattleOutcome | None"]


@dataclass(frozen=True)
class RetreatOptions:
    """``[options] retreat_after``, ``retreat_when_units``, ``retreat_below`` (0 = never)."""

    after_round: int = 0
    when_units: int = 0
    below: float = 0.0
    #: A ruleset's own rule on the attacker's units (e.g. Low Luck's "withdraw when only
    #: aircraft are left"): ``withdraws(state)``, holding once the units are few enough.
    withdraws: Callable[[Any], bool] | None = None

    @property
    def by_position(self) -> bool:
        """True when a rule looks at the position (not only at the round count)."""
        return self.when_units > 0 or self.below > 0.0 or self.withdraws is not None


def read_retreat_options(opts: Reader, *, max_rounds: int, max_units: int) -> RetreatOptions:
    """``retreat_after``, ``retreat_when_units`` and ``retreat_below`` of an ``[options]``
    table (ScenarioError naming the field on a bad value)."""
    below = opts.raw("retreat_below", 0.0)
    if isinstance(below, (int, float)) and not isinstance(below, bool) and 1 < below <= 100:
        raise opts.error("retreat_below", f"must be a chance from 0 to 1, got {below}",
                         hint=f"write {below / 100:g} for {below:g} %")
    return RetreatOptions(
        opts.integer("retreat_after", 0, maximum=max_rounds),
        opts.integer("retreat_when_units", 0, maximum=max_units),
        opts.number("retreat_below", 0.0, minimum=0.0, maximum=1.0))


def rounds_to_fight(max_rounds: int, options: RetreatOptions) -> tuple[int, bool]:
    """(rounds the solver fights at most, True when what is still on then has retreated)."""
    after = options.after_round
    if after > 0 and (max_rounds == 0 or after <= max_rounds):
        return after, True
    return max_rounds, False


def run_work_estimate(rules: BattleRules, options: RetreatOptions,
                      max_rounds: int) -> float | None:
    """The generic solver's transitions for the whole run under the retreat rules, at most,
    as the ruleset's ``work_estimate`` bounds one pass: a rule that looks at positions
    solves the battle once to meet them; where some units can't leave (``rules.withdraw``:
    landed units), a second pass meets the positions the others leave them in, and after
    "retreat after round N" they fight on in a pass of their own. None when the ruleset
    gives no estimate (the running count still stops the run). Issue 37: checking the first
    pass alone let a 1940 amphibious battle run 10 s and 890 MB before its refusal."""
    state0 = rules.initial_state()
    base = estimate_work(rules, state0)
    if base is None:
        return None
    withdraw = optional(rules, "withdraw")
    left = None if withdraw is None else withdraw(state0)
    partial = left is not None and left != state0
    _rounds, cut_is_retreat = rounds_to_fight(max_rounds, options)
    passes = 1 + (partial and options.by_position) + (partial and cut_is_retreat)
    return base * passes


def run_battle(rules: BattleRules, options: RetreatOptions, attacker_units: Callable[[Any], int],
               *, max_rounds: int = 0, method: str = "exact", trials: int = 100_000,
               seed: int | None = None, cancel: Callable[[], bool] | None = None,
               exact: ExactSolver | None = None,
               exact_retreating: ExactRetreating | None = None) -> BattleOutcome:
    """The battle's outcome (exact, or a seeded simulation) under the retreat rules.

    ``attacker_units(state)``: how many units the attacker has there. ``exact`` serves the
    battles whose rules don't look at positions, ``exact_retreating`` those whose rules do,
    where it can (the generic solver otherwise)."""
    rounds, cut_is_retreat = rounds_to_fight(max_rounds, options)
    rule: RetreatRule | None = None
    transitions: Transitions | None = None
    retreating = None
    if method == "exact" and options.by_position and exact_retreating is not None:
        retreating = exact_retreating(rules, rounds, options)
    if options.by_position and retreating is None:
        # refused at once when the passes the rule needs are beyond the limit, before any
        limits.check_exact(run_work_estimate(rules, options, max_rounds))
        transitions = Transitions(rules, cancel, DEFAULT_MAX_STATES)
        rule = _position_rule(rules, options, attacker_units, rounds, transitions,
                              cut_is_retreat, max_rounds)
    if method == "simulate":
        if cut_is_retreat and optional(rules, "withdraw") is not None and \
                (max_rounds == 0 or rounds < max_rounds):
            # the cut is a retreat rule, so the units that can't leave fight on (when the
            # cut is the last round, nobody fights on: the cut below, as the exact answer's)
            rule, cut_is_retreat = _or_after(rule, rounds), False
            rounds = max_rounds
        outcome = simulate(rules, trials, seed, max_rounds=rounds, cancel=cancel, retreat=rule)
    elif retreating is not None:
        outcome = retreating
    else:
        found = exact(rules, rounds) if rule is None and exact is not None else None
        if found is not None:
            outcome = found
        else:                     # (``exact`` may not know this battle)
            outcome = solve(rules, max_rounds=rounds, cancel=cancel, retreat=rule,
                            transitions=transitions)
    if cut_is_retreat:
        on = _retreat_at_the_cut(rules, outcome)
        if on:
            left = max_rounds - rounds if max_rounds else 0
            if left or not max_rounds:
                _fight_on(rules, outcome, on, rounds, max_rounds=left, cancel=cancel)
            else:
                outcome.undecided = on
    return outcome


def _retreat_at_the_cut(rules: BattleRules, outcome: BattleOutcome) -> dict:
    """"Retreat after round N": what is still on retreats; where some units can't leave
    (``rules.withdraw``), the positions they fight on from, with their mass."""
    withdraw = optional(rules, "withdraw")
    on: dict = {}
    for state, p in outcome.undecided.items():
        left = None if withdraw is None else withdraw(state)
        if left is None:
            outcome.retreated[state] = outcome.retreated.get(state, 0.0) + p
        else:
            on[left] = on.get(left, 0.0) + p
    outcome.undecided = {}
    return on


def _or_after(rule: RetreatRule | None, rounds: int) -> RetreatRule:
    """``rule``, or "after round ``rounds``"."""
    def after(state: Any, fought: int | None) -> bool:
        return (fought is not None and fought >= rounds) or (
            rule is not None and rule(state, fought))
    return after


def _fight_on(rules: BattleRules, outcome: BattleOutcome, on: dict, rounds: int, *,
              max_rounds: int, cancel: Callable[[], bool] | None) -> None:
    """The units that couldn't leave at the cut fight on from ``on`` ({position: mass}),
    to the end or ``max_rounds`` more rounds; their battle is added to ``outcome``."""
    rest = solve(rules, start_mass=on, max_rounds=max_rounds, cancel=cancel)
    _add(outcome, rest)
    # the curve: the first N rounds as they were (the mass fighting on still on), then the
    # rest's rounds (its own curve counts everything else as decided)
    curve = list(outcome.decided_by_round[:rounds])
    if curve:
        curve[-1] = 1.0 - math.fsum(on.values())
    outcome.decided_by_round = curve + list(rest.decided_by_round)


def _add(outcome: BattleOutcome, part: BattleOutcome) -> None:
    """Adds ``part``'s buckets to ``outcome``'s."""
    for name in ("decided", "stalemates", "undecided", "retreated"):
        bucket = getattr(outcome, name)
        for state, p in getattr(part, name).items():
            bucket[state] = bucket.get(state, 0.0) + p
    outcome.pruned += part.pruned
    outcome.expected_rounds += part.expected_rounds


def _leaf_at_the_cut(rules: BattleRules, transitions: Transitions, last: dict, leaf: LeafValue,
                     withdraw: Callable[[Any], Any], more: int | None) -> LeafValue:
    """"Retreat after round N" with units that can't leave: a position still on after the
    last round is worth what those units make of it under the same rules from there on —
    fought to the end (``more`` None) or for the ``more`` rounds ``max_rounds`` leaves
    (0: the battle stops at the cut, undecided, worth nothing); ``leaf`` for the battle's
    ends. Issue 37: valuing the rest "to the end" under a round limit made the attacker
    fight on a chance it never gets."""
    after = set(last) | {nxt for s in last for nxt, _ in transitions(s)[1]}
    starts = {w: 1.0 for x in after if rules.verdict(x) is None
              and (w := withdraw(x)) is not None and rules.verdict(w) is None}
    if more == 0:
        starts = {}
    if more is None:
        if starts:
            solve(rules, curve=False, transitions=transitions, start_mass=starts)
        to_end = values_to_end(rules, transitions, list(transitions.cache), leaf).value
    elif starts:
        layers = round_layers(rules, None, transitions, more, start_mass=starts)
        to_end = values_by_round(transitions, layers, leaf)[0].value
    else:
        to_end = {}

    def value(x: Any) -> float:
        if rules.verdict(x) is not None:
            return leaf(x)
        w = withdraw(x)
        return 0.0 if w is None else to_end.get(w, leaf(w))
    return value


def _position_rule(rules: BattleRules, options: RetreatOptions,
                   attacker_units: Callable[[Any], int], rounds: int,
                   transitions: Transitions, cut_is_retreat: bool = False,
                   max_rounds: int = 0) -> RetreatRule:
    few = options.when_units
    own = options.withdraws

    def too_few(state: Any) -> bool:
        return (few > 0 and attacker_units(state) <= few) or (own is not None and own(state))

    if options.below <= 0.0:
        return lambda state, _rounds: too_few(state)
    below = options.below
    leaf = attacker_win_leaf(rules)
    state0 = rules.initial_state()
    withdraw = optional(rules, "withdraw")

    def after_retreat(s: Any, on: float, value_there: Callable[[Any], float]) -> float:
        """The value of ``s`` under the rule: 0 when the attacker leaves, what the units
        that can't leave make of it when some stay (``rules.withdraw``)."""
        if not (too_few(s) or on < below):
            return on
        left = None if withdraw is None else withdraw(s)
        if left is None:
            return 0.0
        return on if left == s else value_there(left)

    if rounds == 0:
        # One pass without retreat meets every position a retreating battle can reach; the
        # positions a partial retreat leads to get a pass of their own.
        solve(rules, curve=False, transitions=transitions)
        if withdraw is not None:
            left = {w: 1.0 for w in map(withdraw, list(transitions.cache))
                    if w is not None and rules.verdict(w) is None}
            if left:
                solve(rules, curve=False, transitions=transitions, start_mass=left)
        solved = PositionValues()
        values_to_end(rules, transitions, list(transitions.cache), leaf,
                      lambda s, on: after_retreat(s, on, lambda w: solved.value.get(w, 0.0)),
                      out=solved)
        fight_on = solved.fight_on
        return lambda state, _rounds: too_few(state) or fight_on.get(state, 0.0) < below
    layers = round_layers(rules, state0, transitions, rounds, withdrawals=withdraw is not None)
    if cut_is_retreat and withdraw is not None and layers:
        more = max_rounds - rounds if max_rounds else None
        leaf = _leaf_at_the_cut(rules, transitions, layers[-1], leaf, withdraw, more)
    result = [PositionValues() for _ in layers]

    def then(r: int) -> Callable[[Any], float]:
        later = result[r + 1].value if r + 1 < len(result) else {}
        return lambda w: fight_on_then(transitions, w, later, leaf)

    by_round = values_by_round(
        transitions, layers, leaf,
        lambda s, r, on: after_retreat(s, on, then(r)), result=result)

    def rule(state: Any, rounds_fought: int | None) -> bool:
        if too_few(state):
            return True
        r = rounds_fought or 0
        on = by_round[r].fight_on.get(state, 0.0) if r < len(by_round) else 0.0
        return on < below

    return rule
