"""Exact values of a battle's positions, solved backwards from the end.

One job: given the positions a solver pass met (their memoised rounds in a
``solver.Transitions``), compute for every position the value of the battle from there —
typically the attacker's chance to win — under a decision rule applied at every position
before its next round (e.g. "withdraw when the chance is below X": the value is then 0).

Why backwards works: a round that changes the position strictly increases the ruleset's
``progress`` key (the solver checks it), so every successor of a position has a larger key
and is valued before it when positions are visited by decreasing key. Rounds that change
nothing (self-loops) are removed exactly: from a position whose round stays put with
probability ``stay``, fighting on is worth ``sum(p * value(next)) / (1 - stay)``.

Battles cut off after a number of rounds (``max_rounds``, "retreat after round N") have
values that depend on the rounds left; ``values_by_round`` solves those round by round.

Positions the pass never met (pruned, mass below the solver's threshold) and positions that
end the battle take ``leaf_value``; stalemates (a round that can change nothing) too.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from .battle import BattleRules
from .solver import Transitions

#: ``leaf_value(state)``: the value of a position the battle ends in (or was never solved).
LeafValue = Callable[[Any], float]


def attacker_win_leaf(rules: BattleRules) -> LeafValue:
    """1 where the attacker has won, else 0 (defender wins, draws, unsolved positions)."""
    return lambda state: 1.0 if rules.verdict(state) == "attacker" else 0.0


@dataclass
class PositionValues:
    """``fight_on[s]``: value of fighting the next round from ``s`` and following the rule
    after it; ``value[s]``: value of ``s`` once the rule has decided there."""

    fight_on: dict[Any, float] = field(default_factory=dict)
    value: dict[Any, float] = field(default_factory=dict)


def values_to_end(rules: BattleRules, transitions: Transitions, states: Iterable[Any],
                  leaf_value: LeafValue,
                  decide: Callable[[Any, float], float] | None = None,
                  out: PositionValues | None = None) -> PositionValues:
    """Values of ``states`` (live positions whose round ``transitions`` knows) when the battle
    is fought to its end. ``decide(state, fight_on) -> value`` applies the rule at a position
    (default: always fight on); it may read ``out.value`` of positions further on (a larger
    ``progress``: valued already), e.g. where a partial retreat leads."""
    out = PositionValues() if out is None else out
    values = out.value
    for state in sorted(states, key=rules.progress, reverse=True):
        if rules.verdict(state) is not None:
            continue
        stay, moves, _ = transitions(state)
        if not moves or stay >= 1.0 - 1e-15:           # stalemate: nothing more can happen
            on = leaf_value(state)
        else:
            total = 0.0
            for nxt, p in moves:
                v = values.get(nxt)
                total += p * (leaf_value(nxt) if v is None else v)
            on = total / (1.0 - stay)
        out.fight_on[state] = on
        values[state] = on if decide is None else decide(state, on)
    return out


def values_by_round(transitions: Transitions, layers: list[dict], leaf_value: LeafValue,
                    decide: Callable[[Any, int, float], float] | None = None,
                    result: list[PositionValues] | None = None) -> list[PositionValues]:
    """Values when the battle stops after ``len(layers)`` rounds (what is still on then is
    worth ``leaf_value``). ``layers[r]``: the live positions before round r + 1 (e.g.
    ``solver.round_layers``). ``decide(state, rounds_fought, fight_on) -> value``.
    Returns one ``PositionValues`` per round, indexed like ``layers``; ``decide`` may read
    ``result[r + 1].value`` through ``fight_on_then`` (pass ``result``: empty ones, one per
    layer)."""
    result = [PositionValues() for _ in layers] if result is None else result
    later: dict[Any, float] = {}
    for r in range(len(layers) - 1, -1, -1):
        here = result[r]
        for state in layers[r]:
            total = fight_on_then(transitions, state, later, leaf_value)
            here.fight_on[state] = total
            here.value[state] = total if decide is None else decide(state, r, total)
        later = here.value
    return result


def fight_on_then(transitions: Transitions, state: Any, later: dict[Any, float],
                  leaf_value: LeafValue) -> float:
    """The value of fighting one round from ``state`` when the positions after it are worth
    ``later`` (``leaf_value`` where it has none)."""
    stay, moves, _ = transitions(state)
    v_stay = later.get(state)
    total = stay * (leaf_value(state) if v_stay is None else v_stay)
    for nxt, p in moves:
        v = later.get(nxt)
        total += p * (leaf_value(nxt) if v is None else v)
    return total
