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
        return tuple(DieSpec(r.side, die, f"{r.side} {r.unit.name} #{r.index + 1}: "
                             f"{r.value} + d{die}") for r in self.rollers(state))

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

    def propose(self, state: State, outcome: tuple[int, int]) -> tuple[Allocation, Allocation]:
        """The default even spreading: (hits per attacker unit, hits per defender unit)."""
        return spread_hits(state[0], outcome[0]), spread_hits(state[1], outcome[1])

    def apply(self, state: State, outcome: tuple[int, int], choice: Any = None) -> State:
        if choice is None:
            return (self.rules.spread(state[0], outcome[0]),
                    self.rules.spread(state[1], outcome[1]))
        if not isinstance(choice, Sequence) or isinstance(choice, str) or len(choice) != 2:
            raise EngineError(f"{self.name}: the choice must be (attacker hits per unit, "
                              f"defender hits per unit), got {choice!r}")
        new = []
        for k, side in enumerate(("attacker", "defender")):
            alloc = choice[k]
            if not isinstance(alloc, Sequence) or isinstance(alloc, str):
                raise EngineError(f"{self.name}: {side} hits per unit must be a list, "
                                  f"got {alloc!r}")
            problem = check_spread(state[k], outcome[k], tuple(alloc))
            if problem:
                raise EngineError(f"{self.name}: {side}'s spreading of {outcome[k]} "
                                  f"hit{'s' if outcome[k] != 1 else ''}: {problem}")
            new.append(tuple(s - h for s, h in zip(state[k], alloc)))
        return new[0], new[1]

    def explain(self, state: State, rolled: tuple[int, ...]) -> str:
        rollers = self.rollers(state)
        if not rollers:
            return f"{self.name}: {self.no_dice_reason()}"
        lines = [f"{self.name}:"]
        for r, face in zip(rollers, rolled):
            hits = self.rules.hit_faces(r.value)[face - 1]
            lines.append(f"  {r.side} {r.unit.name} #{r.index + 1}: {r.why} + d6 {face} = "
                         f"{r.value + face} -> {hits} hit{'s' if hits != 1 else ''}")
        raw_a, raw_d = self._raw_hits(state, rolled)
        outcome = self.resolve(state, rolled)
        proposal = self.propose(state, outcome)
        for k, side, raw in ((0, "attacker", raw_a), (1, "defender", raw_d)):
            note = f" (only {outcome[k]} can be taken)" if raw > outcome[k] else ""
            where = ", ".join(f"{t.name} #{i + 1} takes {h}"
                              for i, (t, h) in enumerate(zip(self.rules.types[side],
                                                             proposal[k])) if h)
            lines.append(f"  {side} takes {raw} hit{'s' if raw != 1 else ''}{note}"
                         + (f": {where} (default spreading; the owner may break ties)"
                            if where else ""))
        return "\n".join(lines)

    def no_dice_reason(self) -> str:
        return "nobody rolls"


def _value_text(base: int, label: str, mods: list[tuple[str, int]]) -> str:
    return " ".join([f"{base} ({label})"] + [f"{v:+d} {name}" for name, v in mods])


class RangedPhase(_FirePhase):
    """Every unit with a range value shoots (both sides at once): range + ranged modifiers."""

    name = "ranged"

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
        return "no unit with a range value"


class MeleePhase(_FirePhase):
    """Attack or defend by stance; attack-only / defence-only units sit out the other one."""

    name = "melee"

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
                    extra = [("raider", raider)] if u.raider and raider else []
                    out.append(Roller(side, i, t, t.melee + bonus + sum(v for _, v in extra),
                                      _value_text(t.melee, stance, mods + extra)))
        return tuple(out)

    def no_dice_reason(self) -> str:
        if not self.rules.melee_happens():
            return "both sides defend: no melee"
        return "no unit can fight in its side's stance"
