"""An AGC combat as a one-round battle, so the table side is the same as every ruleset's
(``table.TableBattle``: dice entry, undo/redo, autosave, resume).

Three phases: every unit's dice (attacker's units, then the defender's, in ``lineup`` order;
keep-lowest units roll all their dice), then the ground damage dice each side takes, then the
damage dice of the AAD contests. Each phase resolves through ``rules.resolve_table``, the same
code the odds use (``odds`` runs it over every total; tests solve these rules for small forces
and compare with ``odds.exact``).

States: ("start",) -> ("rolled", rolls) -> ("ground", rolls, damage) -> ("done", rolls, damage,
contest damage); ``rolls`` is per side a tuple of each unit's faces, damage per side its faces.
"""
from __future__ import annotations

from collections.abc import Hashable
from typing import Any, cast

from ...battle import BattleRules, DieSpec, Phase, Verdict
from ...text import lines, msg
from .data import DamageSpec, parse_damage
from .lineup import data_term, lineup
from .rules import TableResolution, resolve_table
from .scenario import SIDES, AgcScenario

STAGE = {"start": 0, "rolled": 1, "ground": 2, "done": 3}
VERDICT = {"attacker": "attacker", "defender": "defender", "tie": "draw"}


def _as_mapping(rolls: tuple) -> dict[str, list]:
    return {side: [list(faces) for faces in per_side] for side, per_side in zip(SIDES, rolls)}


def _damage_dice(label: str, spec: DamageSpec, side: str) -> tuple[DieSpec, ...]:
    return tuple(DieSpec(side, spec.sides, msg("{what} damage {dice}", what=label,
                                               dice=spec.text))
                 for _ in range(spec.count))


class _AgcPhase(Phase):
    def __init__(self, rules: "AgcRules"):
        self.rules = rules

    def explain(self, state: Any, rolled: tuple[int, ...]) -> str:
        after = self.apply(state, self.resolve(state, rolled))
        return lines(cast(TableResolution, self.rules.resolution(after)).explanation)


class UnitDice(_AgcPhase):
    """Every unit's dice; the totals, the margin band and the victor follow."""

    name = msg("unit dice")

    def dice(self, state: Any) -> tuple[DieSpec, ...]:
        if state[0] != "start":
            return ()
        return tuple(DieSpec(side, roll.sides,
                             msg("{side} {unit} (d{sides}, lowest of {dice})", side=side,
                                 unit=roll.label, sides=roll.sides, dice=roll.dice)
                             if roll.dice > 1 else
                             msg("{side} {unit} (d{sides})", side=side, unit=roll.label,
                                 sides=roll.sides))
                     for side in SIDES for roll in self.rules.line.side(side).units
                     for _ in range(roll.dice))

    def resolve(self, state: Any, rolled: tuple[int, ...]) -> Hashable:
        if state[0] != "start":
            return None
        out, i = [], 0
        for side in SIDES:
            per_unit = []
            for roll in self.rules.line.side(side).units:
                per_unit.append(tuple(rolled[i:i + roll.dice]))
                i += roll.dice
            out.append(tuple(per_unit))
        return tuple(out)

    def apply(self, state: Any, outcome: Hashable, choice: Any = None) -> Any:
        return ("rolled", outcome) if state[0] == "start" else state


class GroundDamage(_AgcPhase):
    """The steps of damage each side takes from the margin table (its damage dice)."""

    name = msg("ground damage")

    def _specs(self, state: Any) -> dict[str, DamageSpec]:
        res = cast(TableResolution, self.rules.resolution(state))
        return {side: parse_damage(text) for side, text in res.damage_dice.items()}

    def dice(self, state: Any) -> tuple[DieSpec, ...]:
        if state[0] != "rolled":
            return ()
        return tuple(d for side, spec in self._specs(state).items()
                     for d in _damage_dice(msg("ground"), spec, side))

    def resolve(self, state: Any, rolled: tuple[int, ...]) -> Hashable:
        if state[0] != "rolled":
            return None
        out, i = [], 0
        for side, spec in self._specs(state).items():
            out.append((side, tuple(rolled[i:i + spec.count])))
            i += spec.count
        return tuple(out)

    def apply(self, state: Any, outcome: Hashable, choice: Any = None) -> Any:
        return ("ground", state[1], outcome) if state[0] == "rolled" else state


class ContestDamage(_AgcPhase):
    """The damage dice of each AAD contest (AAD against enemy air support)."""

    name = msg("AAD contest damage")

    def _specs(self, state: Any) -> list[dict[str, DamageSpec]]:
        return [{side: parse_damage(text) for side, text in c.damage_dice.items()}
                for c in cast(TableResolution, self.rules.resolution(state)).contests]

    def dice(self, state: Any) -> tuple[DieSpec, ...]:
        if state[0] != "ground":
            return ()
        return tuple(d for n, specs in enumerate(self._specs(state), start=1)
                     for side, spec in specs.items()
                     for d in _damage_dice(msg("contest {n}", n=n), spec, side))

    def resolve(self, state: Any, rolled: tuple[int, ...]) -> Hashable:
        if state[0] != "ground":
            return None
        out, i = [], 0
        for specs in self._specs(state):
            contest = []
            for side, spec in specs.items():
                contest.append((side, tuple(rolled[i:i + spec.count])))
                i += spec.count
            out.append(tuple(contest))
        return tuple(out)

    def apply(self, state: Any, outcome: Hashable, choice: Any = None) -> Any:
        return ("done", state[1], state[2], outcome) if state[0] == "ground" else state


class AgcRules(BattleRules):
    """One AGC combat as one round; ``verdict`` is the ground victor (a tie is a draw),
    ``losses`` the ground steps of damage (the AAD contests' are in ``resolution``)."""

    def __init__(self, payload: AgcScenario):
        self.payload = payload
        self.line = lineup(payload)
        self._phases = (UnitDice(self), GroundDamage(self), ContestDamage(self))

    def initial_state(self) -> Any:
        return ("start",)

    def phases(self, state: Any) -> tuple[Phase, ...]:
        return self._phases

    def resolution(self, state: Any) -> TableResolution | None:
        """``rules.resolve_table`` of the dice in ``state`` (None before the unit dice)."""
        if state[0] == "start":
            return None
        damage = dict(state[2]) if len(state) > 2 else None
        contests = [dict(c) for c in state[3]] if len(state) > 3 else ()
        return resolve_table(self.payload, _as_mapping(state[1]), damage, contests)

    def verdict(self, state: Any) -> Verdict | None:
        return cast(Verdict, VERDICT[cast(TableResolution, self.resolution(state)).victor]) \
            if state[0] == "done" else None

    def losses(self, state: Any) -> tuple[int, int]:
        res = self.resolution(state)
        if res is None or res.steps is None:
            return (0, 0)
        return (res.steps["attacker"], res.steps["defender"])

    def progress(self, state: Any) -> tuple:
        return (STAGE[state[0]],)

    def describe(self, state: Any) -> str:
        res = self.resolution(state)
        if res is None:
            return msg("ready: roll every unit's dice")
        if res.steps is not None:
            return msg("totals {a}-{d}: {band}; steps of damage {sa}-{sd}",
                       a=res.totals["attacker"], d=res.totals["defender"],
                       band=data_term(res.band_name), sa=res.steps["attacker"],
                       sd=res.steps["defender"])
        return msg("totals {a}-{d}: {band}", a=res.totals["attacker"], d=res.totals["defender"],
                   band=data_term(res.band_name))
