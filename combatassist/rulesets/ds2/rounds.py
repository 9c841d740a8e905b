"""A Dirtside II shot as a one-round battle, so the table side is the same as every ruleset's
(``table.TableBattle``: dice entry, undo/redo, autosave, resume).

Three phases, each doing nothing when it doesn't apply: the weapon's own to-hit die (IAVR) or
whether its own mechanic hit (a players' choice, "hit" or "miss", proposed "hit"), then the
impact and armour dice, then the special-damage d8 when the impact die shows its maximum. Every
one resolves through ``rules.resolve_shot``, the same function the odds enumerate; the phases'
exact tables are exact too (the tests solve these rules and compare with ``exact_result``).
"""
from __future__ import annotations

from collections.abc import Hashable
from typing import Any, cast

from ...battle import BattleRules, DieSpec, Phase, Verdict
from ...distribution import Dist
from ...errors import EngineError
from ...text import msg
from .data import tables
from .rules import OUTCOME_NAMES, ShotSetup, resolve_shot, shot_setup, special_name
from .scenario import Shot

#: States: ("aim",) -> ("hit",) -> ("special",) -> ("done", outcome); a miss or a result ends it.
AIM, HIT, SPECIAL = ("aim",), ("hit",), ("special",)
STAGE = {"aim": 0, "hit": 1, "special": 2, "done": 3}
#: Outcomes that count as the firer's success (the "attacker" wins the one-round battle).
EFFECTS = ("kill", "mobility", "systems_down", "damage")


class _ShotPhase(Phase):
    def __init__(self, setup: ShotSetup):
        self.setup = setup

    def explain(self, state: Any, rolled: tuple[int, ...]) -> str:
        outcome = self.resolve(state, rolled)
        if outcome is None:
            return msg("{phase}: nothing to roll", phase=self.name)
        return msg("{phase}: {outcome}", phase=self.name, outcome=outcome)


class ToHit(_ShotPhase):
    """The weapon's own to-hit die, or (no die) whether its own mechanic hit."""

    name = msg("to hit")

    def dice(self, state: Any) -> tuple[DieSpec, ...]:
        if state != AIM or self.setup.to_hit is None:
            return ()
        die, minimum = self.setup.to_hit
        return (DieSpec("attacker", die, msg("to-hit die: hits on {minimum}+", minimum=minimum)),)

    def resolve(self, state: Any, rolled: tuple[int, ...]) -> Hashable:
        if state != AIM:
            return None
        if self.setup.to_hit is not None:
            return "hit" if rolled[0] >= self.setup.to_hit[1] else "miss"
        return "hit"

    def outcome_dist(self, state: Any) -> Dist:
        if state == AIM and self.setup.to_hit is None:
            p = float(self.setup.hit_probability())
            return Dist({"hit": p, "miss": 1.0 - p}) if p < 1.0 else Dist({"hit": 1.0})
        return super().outcome_dist(state)

    def propose(self, state: Any, outcome: Hashable) -> Any:
        return outcome if state == AIM and self.setup.to_hit is None else None

    def explain(self, state: Any, rolled: tuple[int, ...]) -> str:
        if state != AIM:
            return super().explain(state, rolled)
        if self.setup.to_hit is None:
            return msg("{phase}: the weapon's own to-hit mechanic decides (a hit unless the "
                       "players say 'miss')", phase=self.name)
        die, minimum = self.setup.to_hit
        if rolled[0] >= minimum:
            return msg("{phase}: {face} on 1d{die}: a hit", phase=self.name, face=rolled[0],
                       die=die)
        return msg("{phase}: {face} on 1d{die}: a miss (needs {minimum}+)", phase=self.name,
                   face=rolled[0], die=die, minimum=minimum)

    def apply(self, state: Any, outcome: Hashable, choice: Any = None) -> Any:
        if state != AIM:
            return state
        if choice is not None:
            if self.setup.to_hit is not None:
                raise EngineError(msg("to hit: the to-hit die decides; there is no choice to make"))
            if choice not in ("hit", "miss"):
                raise EngineError(msg("to hit: say 'hit' or 'miss', got {choice}",
                                      choice=repr(choice)))
            outcome = choice
        return HIT if outcome == "hit" else ("done", "miss")


class ImpactArmour(_ShotPhase):
    """Impact die x size class against the armour die x rating (``resolve_shot``)."""

    name = msg("impact")

    def dice(self, state: Any) -> tuple[DieSpec, ...]:
        if state != HIT or self.setup.no_effect:
            return ()
        return (DieSpec("attacker", self.setup.impact_die,
                        msg("impact die x {multiplier}", multiplier=self.setup.multiplier)),
                DieSpec("defender", tables().armour_die,
                        msg("armour die x {rating}", rating=self.setup.armour_rating)))

    def _resolution(self, rolled: tuple[int, ...]):
        to_hit = self.setup.to_hit[1] if self.setup.to_hit is not None else None
        impact, armour = rolled if rolled else (None, None)
        return resolve_shot(self.setup, impact=impact, armour=armour, to_hit=to_hit)

    def resolve(self, state: Any, rolled: tuple[int, ...]) -> Hashable:
        return self._resolution(rolled).outcome if state == HIT else None

    def explain(self, state: Any, rolled: tuple[int, ...]) -> str:
        if state != HIT:
            return super().explain(state, rolled)
        return msg("{phase}: {reason}", phase=self.name, reason=self._resolution(rolled).reason)

    def apply(self, state: Any, outcome: Hashable, choice: Any = None) -> Any:
        if state != HIT:
            return state
        return SPECIAL if outcome == "special" else ("done", outcome)


class SpecialDamage(_ShotPhase):
    """The special-damage d8: mobility, systems down or damage."""

    name = msg("special damage")

    def dice(self, state: Any) -> tuple[DieSpec, ...]:
        return (DieSpec("defender", tables().special_die, msg("special damage")),) \
            if state == SPECIAL else ()

    def resolve(self, state: Any, rolled: tuple[int, ...]) -> Hashable:
        return tables().special_kind(rolled[0]) if state == SPECIAL else None

    def explain(self, state: Any, rolled: tuple[int, ...]) -> str:
        if state != SPECIAL:
            return super().explain(state, rolled)
        return msg("{phase}: {face}: {kind}", phase=self.name, face=rolled[0],
                   kind=special_name(cast(str, self.resolve(state, rolled))))

    def apply(self, state: Any, outcome: Hashable, choice: Any = None) -> Any:
        return ("done", outcome) if state == SPECIAL else state


class ShotRules(BattleRules):
    """One shot as one round: the attacker "wins" when the shot has an effect, the defender
    when it misses or does nothing; ``losses`` is (0, 1) for a kill."""

    def __init__(self, shot: Shot):
        self.shot = shot
        self.setup = shot_setup(shot)
        self._phases = (ToHit(self.setup), ImpactArmour(self.setup), SpecialDamage(self.setup))

    def initial_state(self) -> Any:
        return AIM

    def phases(self, state: Any) -> tuple[Phase, ...]:
        return self._phases

    def verdict(self, state: Any) -> Verdict | None:
        if state[0] != "done":
            return None
        return "attacker" if state[1] in EFFECTS else "defender"

    def losses(self, state: Any) -> tuple[int, int]:
        return (0, 1 if state[0] == "done" and state[1] == "kill" else 0)

    def progress(self, state: Any) -> tuple:
        return (STAGE[state[0]],)

    def describe(self, state: Any) -> str:
        if state[0] == "done":
            return special_name(state[1])
        return {"aim": msg("ready to fire"), "hit": msg("a hit: roll impact and armour"),
                "special": msg("special damage: roll the d8")}[state[0]]

    def describe_choice(self, choice: Any) -> str:
        return OUTCOME_NAMES.get(choice) or str(choice) if isinstance(choice, str) else str(choice)

