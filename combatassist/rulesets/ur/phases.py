"""Ur's two phases of a round (docs/rules.md §4): ranged fire, then melee.

Both sides roll at once from the state at the start of the phase, one die per unit that
takes part (score = unit value + modifiers + d6; the hit thresholds give its hits); the
outcome is ``(hits the attacker takes, hits the defender takes)``, each capped at the steps
the target has left, and the hits are then spread evenly over the target's units (``hits``).
A phase's ``rules`` is the battle's ``UrRules`` (the modifiers, the hit table, the spreading).
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ...battle import DieSpec, Phase
from ...distribution import Dist
from ...errors import EngineError
from ...text import join, lines as text_lines, msg, plural, term
from .data import UnitType
from .hits import Allocation, State, check_spread, spread_hits


@dataclass(frozen=True)
class Roller:
    """One unit's roll in a phase: score = value + d6."""

    side: str           # "attacker" | "defender"
    index: int          # position in its side's list
    unit: UnitType
    value: int          # unit value + modifiers
    why: str            # the modifiers, for the table



class _FirePhase(Phase):
    """Both sides roll one die per unit that takes part; the hits are spread evenly."""

    def __init__(self, rules: Any):
        self.rules = rules
        self._rollers: dict[tuple, tuple[Roller, ...]] = {}
        self._dists: dict[tuple, tuple[Dist, Dist]] = {}
        self._dealt: dict[tuple, dict[str, dict[int, float]]] = {}

    def make_rollers(self, state: State) -> tuple[Roller, ...]:
        raise NotImplementedError

    def rollers(self, state: State) -> tuple[Roller, ...]:
        """Who rolls from ``state`` (depends only on which units are alive)."""
        key = (tuple(s > 0 for s in state[0]), tuple(s > 0 for s in state[1]))
        out = self._rollers.get(key)
        if out is None:
            out = self.make_rollers(state)
            self._rollers[key] = out
        return out

    def dice(self, state: State) -> tuple[DieSpec, ...]:
        die = self.rules.data.die
        return tuple(DieSpec(r.side, die, msg("{side} {unit} #{i}: {value} + d{die}",
                                              side=r.side, unit=unit_name(r.unit),
                                              i=r.index + 1, value=r.value, die=die))
                     for r in self.rollers(state))

    def _raw_hits(self, state: State, rolled: Sequence[int]) -> tuple[int, int]:
        """(hits the attacker takes, hits the defender takes) of one roll: ``_raw_hits_many``
        of one row."""
        to_a, to_d = self._raw_hits_many(state, np.asarray(rolled, dtype=np.int64).reshape(1, -1))
        return int(to_a[0]), int(to_d[0])

    def _raw_hits_many(self, state: State, rolled: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Per roll (rows of ``rolled``, one face per roller): each roller's face read on its
        hit table (``hit_faces`` of its value), summed per side it hits."""
        to_a = np.zeros(len(rolled), dtype=np.int64)
        to_d = np.zeros(len(rolled), dtype=np.int64)
        for col, r in enumerate(self.rollers(state)):
            hits = np.asarray(self.rules.hit_faces(r.value), dtype=np.int64)[rolled[:, col] - 1]
            if r.side == "attacker":
                to_d += hits
            else:
                to_a += hits
        return to_a, to_d

    def resolve(self, state: State, rolled: tuple[int, ...]) -> tuple[int, int]:
        to_a, to_d = self._raw_hits(state, rolled)
        return min(to_a, sum(state[0])), min(to_d, sum(state[1]))

    def resolve_many(self, state: State, rolled: np.ndarray) -> dict:
        """``resolve`` of each roll, tallied (the same hit tables, a batch of rolls)."""
        to_a, to_d = self._raw_hits_many(state, rolled)
        to_a = np.minimum(to_a, sum(state[0]))
        to_d = np.minimum(to_d, sum(state[1]))
        base = int(to_d.max()) + 1
        codes, counts = np.unique(to_a * base + to_d, return_counts=True)
        return {(c // base, c % base): n for c, n in zip(codes.tolist(), counts.tolist())}

    def dealt(self, state: State) -> dict[str, dict[int, float]]:
        """{side: {hits it deals: probability}} from ``state``, uncapped (memoised: depends
        only on which units are alive)."""
        alive = (tuple(s > 0 for s in state[0]), tuple(s > 0 for s in state[1]))
        dealt = self._dealt.get(alive)
        if dealt is None:
            dealt = self._dealt[alive] = self._convolve(state)
        return dealt

    def hit_dists(self, state: State) -> tuple[Dist, Dist]:
        """Exact (hits the attacker takes, hits the defender takes), independent, capped."""
        alive = (tuple(s > 0 for s in state[0]), tuple(s > 0 for s in state[1]))
        cap_a, cap_d = sum(state[0]), sum(state[1])
        key = (alive, cap_a, cap_d)
        out = self._dists.get(key)
        if out is None:
            dealt = self.dealt(state)
            out = (Dist((min(h, cap_a), p) for h, p in dealt["defender"].items()),
                   Dist((min(h, cap_d), p) for h, p in dealt["attacker"].items()))
            self._dists[key] = out
        return out

    def _convolve(self, state: State) -> dict[str, dict[int, float]]:
        """Uncapped distribution of the hits each side deals (sum of its units' rolls)."""
        dealt: dict[str, dict[int, float]] = {"attacker": {0: 1.0}, "defender": {0: 1.0}}
        die = self.rules.data.die
        for r in self.rollers(state):
            acc: dict[int, float] = {}
            for h0, p in dealt[r.side].items():
                for h in self.rules.hit_faces(r.value):
                    acc[h0 + h] = acc.get(h0 + h, 0.0) + p / die
            dealt[r.side] = acc
        return dealt

    def outcome_dist(self, state: State) -> Dist:
        to_a, to_d = self.hit_dists(state)
        return to_a.joint(to_d)

    def propose(self, state: State, outcome: tuple[int, int]  # type: ignore[override]
                ) -> tuple[Allocation, Allocation]:
        """The default even spreading: (hits per attacker unit, hits per defender unit)."""
        return spread_hits(state[0], outcome[0]), spread_hits(state[1], outcome[1])

    def apply(self, state: State, outcome: tuple[int, int],  # type: ignore[override]
              choice: Any = None) -> State:
        if choice is None:
            return (self.rules.spread(state[0], outcome[0]),
                    self.rules.spread(state[1], outcome[1]))
        if not isinstance(choice, Sequence) or isinstance(choice, str) or len(choice) != 2:
            raise EngineError(msg("{phase}: the choice must be (attacker hits per unit, "
                                  "defender hits per unit), got {choice}", phase=self.name,
                                  choice=repr(choice)))
        new = []
        for k, side in enumerate(("attacker", "defender")):
            alloc = choice[k]
            if not isinstance(alloc, Sequence) or isinstance(alloc, str):
                raise EngineError(msg("{phase}: {side} hits per unit must be a list, got "
                                      "{alloc}", phase=self.name, side=side, alloc=repr(alloc)))
            problem = check_spread(state[k], outcome[k], tuple(alloc))
            if problem:
                raise EngineError(plural(outcome[k], "{phase}: {side}'s spreading of {n} hit: "
                                         "{problem}", "{phase}: {side}'s spreading of {n} hits: "
                                         "{problem}", phase=self.name, side=side,
                                         problem=problem))
            new.append(tuple(s - h for s, h in zip(state[k], alloc)))
        return new[0], new[1]

    def explain(self, state: State, rolled: tuple[int, ...]) -> str:
        rollers = self.rollers(state)
        if not rollers:
            return msg("{phase}: {reason}", phase=self.name, reason=self.no_dice_reason())
        lines: list[str] = [msg("{phase}:", phase=self.name)]
        for r, face in zip(rollers, rolled):
            hits = self.rules.hit_faces(r.value)[face - 1]
            lines.append(join("", ["  ", plural(
                hits, "{side} {unit} #{i}: {why} + d6 {face} = {total} -> {n} hit",
                "{side} {unit} #{i}: {why} + d6 {face} = {total} -> {n} hits", side=r.side,
                unit=unit_name(r.unit), i=r.index + 1, why=r.why, face=face,
                total=r.value + face)]))
        raw_a, raw_d = self._raw_hits(state, rolled)
        outcome = self.resolve(state, rolled)
        proposal = self.propose(state, outcome)
        for k, side, raw in ((0, "attacker", raw_a), (1, "defender", raw_d)):
            takes = plural(raw, "{side} takes {n} hit", "{side} takes {n} hits", side=side)
            if raw > outcome[k]:
                takes = msg("{takes} (only {can} can be taken)", takes=takes, can=outcome[k])
            where = join(", ", [msg("{unit} #{i} takes {h}", unit=unit_name(t), i=i + 1, h=h)
                                for i, (t, h) in enumerate(zip(self.rules.types[side],
                                                               proposal[k])) if h])
            if where:
                takes = msg("{takes}: {where} (default spreading; the owner may break ties)",
                            takes=takes, where=where)
            lines.append(join("", ["  ", takes]))
        return text_lines(lines)

    def no_dice_reason(self) -> str:
        return msg("nobody rolls")


def unit_name(unit_type) -> str:
    """A unit type's name as a text for people (translated with the data's labels)."""
    return term("data.ur", unit_type.name)


#: The values a unit rolls with, as the roll's explanation names them.
VALUE_WORDS = {"range": msg("range"), "attack": msg("attack"), "defend": msg("defend")}


def _value_text(base: int, label: str, mods: list[tuple[str, int]]) -> str:
    return join(" ", [msg("{base} ({value})", base=base, value=VALUE_WORDS.get(label, label))] +
                [msg("{v:+d} {modifier}", v=v, modifier=name) for name, v in mods])


class RangedPhase(_FirePhase):
    """Every unit with a range value shoots (both sides at once): range + ranged modifiers."""

    name = msg("ranged")

    def make_rollers(self, state: State) -> tuple[Roller, ...]:
        out = []
        for k, side in enumerate(("attacker", "defender")):
            mods = self.rules.ranged_modifiers(side, state[1 - k])
            bonus = sum(v for _, v in mods)
            for i, (t, s) in enumerate(zip(self.rules.types[side], state[k])):
                if s > 0 and t.range > 0:
                    out.append(Roller(side, i, t, t.range + bonus,
                                      _value_text(t.range, "range", mods)))
        return tuple(out)

    def no_dice_reason(self) -> str:
        return msg("no unit with a range value")


class MeleePhase(_FirePhase):
    """Attack or defend by stance; attack-only / defence-only units sit out the other one."""

    name = msg("melee")

    def make_rollers(self, state: State) -> tuple[Roller, ...]:
        if not self.rules.melee_happens():
            return ()
        raider = self.rules.data.modifiers.raider
        out = []
        for k, side in enumerate(("attacker", "defender")):
            stance = self.rules.sides[side].stance
            mods = self.rules.melee_modifiers(side)
            bonus = sum(v for _, v in mods)
            for i, (t, s, u) in enumerate(zip(self.rules.types[side], state[k],
                                              self.rules.sides[side].units)):
                if s > 0 and t.melee_in(stance):
                    extra = [(msg("raider"), raider)] if u.raider and raider else []
                    out.append(Roller(side, i, t, t.melee + bonus + sum(v for _, v in extra),
                                      _value_text(t.melee, stance, mods + extra)))
        return tuple(out)

    def no_dice_reason(self) -> str:
        if not self.rules.melee_happens():
            return msg("both sides defend: no melee")
        return msg("no unit can fight in its side's stance")
