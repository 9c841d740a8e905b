"""The Ur battle (docs/rules.md §4) on the shared core: a round is a ranged then a melee phase.

The pieces: ``UrRules`` here (the modifiers, the hit table, the battle's end, the exact round
distribution), the phases in ``phases``, the hit spreading in ``hits``; walls, the scenario
and the casualty text are apart.

State: ``(attacker_steps, defender_steps)``, each a tuple with the steps left of every unit in
the order listed (0: lost). A unit fights at full strength while it has a step left, so the
dice a side rolls depend only on which of its units are alive.

Phase outcome: ``(hits the attacker takes, hits the defender takes)``, each capped at the
steps the target has left (hits beyond them change nothing). Both sides roll at once from the
state at the start of the phase; the hits are then spread evenly over the target's units.

Hit spreading (``hits.spread_hits``): evenly, the owner may break ties at the table
(``hits.check_spread``).

Readings where docs/rules.md is silent (documented defaults):
- a defender with a wall has all its units on it: its ranged fire gets +wall, fire at it -wall;
- "at undead" looks at the target stack as it is in that phase (gone once its undead are lost);
- "moving toward archers" (an attacker option) gives +1 to every ranged roll of the defender;
- terrain "hill" and "dwarf hill" are separate modifiers and add up when both are set;
- hits only go to units with steps left; hits beyond a side's steps are lost;
- retreat is checked before each round; when both sides are at their thresholds the attacker
  breaks off first (the defender keeps its position and wins);
- a side with no units has lost before the first round (both empty: a draw).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ...battle import BattleRules, Phase
from ...distribution import Dist
from ... import limits
from ...result import BattleResult, battle_result
from ...solver import solve
from ...text import join, msg, term
from .scenario import UrScenario, check
from .data import UrTables, tables
from .hits import Allocation, State, spread_hits
from .phases import MeleePhase, RangedPhase, unit_name


class UrRules(BattleRules):
    """Ur's rules for one scenario (validated on construction)."""

    def __init__(self, scenario: UrScenario, data: UrTables | None = None):
        check(scenario)
        self.scenario = scenario
        self.data = data or tables()
        self.sides = {"attacker": scenario.attacker, "defender": scenario.defender}
        self.types = {name: tuple(self.data.units[u.type] for u in side.units)
                      for name, side in self.sides.items()}
        self.start: State = (tuple(u.start_steps for u in scenario.attacker.units),
                             tuple(u.start_steps for u in scenario.defender.units))
        self.start_totals = (sum(self.start[0]), sum(self.start[1]))
        self.wall = scenario.position.wall_strength
        self._faces: dict[int, tuple[int, ...]] = {}
        self._spread_cache: dict[tuple[Allocation, int], tuple[int, ...]] = {}
        #: (phase index, state) -> where that phase takes it (``round_dist``)
        self._phase_memo: dict[tuple[int, State], list[tuple[State, float]]] = {}
        self.ranged = RangedPhase(self)
        self.melee = MeleePhase(self)
        self._phases: tuple[RangedPhase | MeleePhase, ...] = (self.ranged, self.melee)

    # -- modifiers (docs/rules.md §4) ---------------------------------------------------------
    def ranged_modifiers(self, side: str, target_steps: Sequence[int]) -> list[tuple[str, int]]:
        """The ranged modifiers of ``side``'s fire at the other side (named, non-zero)."""
        m = self.data.modifiers
        mods = []
        if side == "defender":
            mods.append((msg("from the wall"), m.ranged_from_wall * self.wall))
            if self.scenario.attacker.moving_to_archers:
                mods.append((msg("attacker moving toward archers"), m.ranged_moving_to_archers))
        else:
            mods.append((msg("at the wall"), m.ranged_to_wall * self.wall))
        other = "defender" if side == "attacker" else "attacker"
        if any(t.id == "undead" and s > 0 for t, s in zip(self.types[other], target_steps)):
            mods.append((msg("at undead"), m.ranged_at_undead))
        return [(name, v) for name, v in mods if v]

    def melee_modifiers(self, side: str) -> list[tuple[str, int]]:
        """``side``'s melee modifiers for its stance (raiders are per unit, added apart)."""
        m = self.data.modifiers
        pos = self.scenario.position
        stance = self.sides[side].stance
        mods = []
        if side == "attacker" and stance == "attack":      # attacking the defender's position
            mods += [(msg("wall"), m.attack_wall * self.wall),
                     (term("data.ur", pos.terrain), m.attack_terrain[pos.terrain]),
                     (msg("river"), m.attack_river if pos.river else 0),
                     (msg("dwarf hill"), m.attack_dwarf_hill if pos.dwarf_hill else 0)]
        elif side == "defender" and stance == "defend":    # defending its own position
            mods += [(msg("wall"), m.defence_wall * self.wall),
                     (term("data.ur", pos.terrain), m.defence_terrain[pos.terrain]),
                     (msg("river"), m.defence_river if pos.river else 0),
                     (msg("dwarf hill"), m.defence_dwarf_hill if pos.dwarf_hill else 0)]
        # The attacker's own position is open ground: a sallying defender, or an attacker that
        # stands to defend, gets no position modifiers.
        mods.append((msg("magic"), self.sides[side].magic))
        return [(name, v) for name, v in mods if v]

    def melee_happens(self) -> bool:
        """Both sides defending means no melee."""
        return not (self.scenario.attacker.stance == "defend"
                    and self.scenario.defender.stance == "defend")

    def hit_faces(self, value: int) -> tuple[int, ...]:
        """Hits for each face of the die given the roll's value (memoised)."""
        faces = self._faces.get(value)
        if faces is None:
            faces = tuple(self.data.hits_for(value + d) for d in range(1, self.data.die + 1))
            self._faces[value] = faces
        return faces

    # -- BattleRules ----------------------------------------------------------------------
    def initial_state(self) -> State:
        return self.start

    def phases(self, state: State) -> Sequence[Phase]:
        return self._phases

    def verdict(self, state: State):
        a, d = sum(state[0]), sum(state[1])
        if a == 0 or d == 0:
            return "draw" if a == d else ("attacker" if a else "defender")
        # Retreat before a round. If both sides would, the attacker breaks off first and the
        # defender keeps its position.
        if a <= self.scenario.attacker.retreat_at_steps:
            return "defender"
        if d <= self.scenario.defender.retreat_at_steps:
            return "attacker"
        return None

    def work_estimate(self, state: State) -> float:
        """Exact-solver transitions from ``state`` (``limits``): pairs of step totals (hits
        are taken unit by unit in order) times the outcomes of the next round."""
        positions = (sum(state[0]) + 1) * (sum(state[1]) + 1)
        return limits.exact_estimate(positions, len(self.round_dist(state)))

    def losses(self, state: State) -> tuple[int, int]:
        return (self.start_totals[0] - sum(state[0]), self.start_totals[1] - sum(state[1]))

    def progress(self, state: State) -> tuple:
        # Every change removes at least one step.
        return (-(sum(state[0]) + sum(state[1])),)

    def describe(self, state: State) -> str:
        parts = []
        for k, side in enumerate(("attacker", "defender")):
            units = join(", ", [msg("{unit} {steps}/{of}", unit=unit_name(t), steps=s, of=t.steps)
                                if s else msg("{unit} lost", unit=unit_name(t))
                                for t, s in zip(self.types[side], state[k])])
            parts.append(msg("{side}: {units}", side=side, units=units or msg("no units")))
        return join(" | ", parts)

    def round_dist(self, state: State) -> Dist:
        """Exact next-round distribution, factorised by side (equal to the generic one).

        Within a phase the two sides' dice are independent and each side's new steps depend
        only on the hits it takes, so the phase's state distribution is a product of two
        per-side distributions.
        """
        current: dict = {state: 1.0}
        memo = self._phase_memo
        for i, phase in enumerate(self._phases):
            following: dict = {}
            for s, p in current.items():
                moves = memo.get((i, s))
                if moves is None:      # many rounds pass through the same mid-round states
                    moves = memo[(i, s)] = self._phase_moves(phase, s)
                for key, q in moves:
                    following[key] = following.get(key, 0.0) + p * q
            current = following
        return Dist(current)

    def _phase_moves(self, phase: RangedPhase | MeleePhase, s: State
                     ) -> list[tuple[State, float]]:
        """Where ``phase`` takes ``s``: [(state, probability), ...], the sides independent
        (the hits each side deals, uncapped: ``spread`` stops when a side is wiped out, as
        ``hit_dists`` caps them)."""
        dealt = phase.dealt(s)
        to_a, to_d = dealt["defender"], dealt["attacker"]
        new_a: dict = {}
        for h, q in to_a.items():
            t = self.spread(s[0], h)
            new_a[t] = new_a.get(t, 0.0) + q
        new_d: dict = {}
        for h, q in to_d.items():
            t = self.spread(s[1], h)
            new_d[t] = new_d.get(t, 0.0) + q
        return [((ta, td), qa * qd) for ta, qa in new_a.items() for td, qd in new_d.items()]

    def spread(self, steps: tuple[int, ...], hits: int) -> tuple[int, ...]:
        """Steps left after ``hits`` spread by the default policy (memoised)."""
        if not hits:
            return steps
        key = (steps, hits)
        out = self._spread_cache.get(key)
        if out is None:
            out = tuple(s - h for s, h in zip(steps, spread_hits(steps, hits)))
            self._spread_cache[key] = out
        return out



# -- whole battles ------------------------------------------------------------------------
def roll_table(rules: UrRules) -> list[dict[str, Any]]:
    """Each unit's rolls at the start (value and hits per face), for the GUI and the summary."""
    rows = []
    start = rules.initial_state()
    for phase in (rules.ranged, rules.melee):
        for r in phase.rollers(start):
            rows.append({"phase": phase.name, "side": r.side, "unit": r.index,
                         "type": r.unit.id, "value": r.value, "why": r.why,
                         "hits_per_face": list(rules.hit_faces(r.value))})
    return rows


def with_extras(result: BattleResult, rules: UrRules) -> BattleResult:
    """Ur's extras on a battle result: the wall's strength, how every unit rolls, the steps
    each side starts with (the summary and the GUI show them)."""
    result.extra["wall_strength"] = rules.wall
    result.extra["rolls"] = roll_table(rules)
    result.extra["start_steps"] = list(rules.start_totals)
    return result


def exact_result(scenario: UrScenario, *, cancel: Callable[[], bool] | None = None,
                 curve: bool = True) -> BattleResult:
    """The battle's exact odds (absorbing chain), with Ur's extras (``curve``: with the
    "decided by round N" curve)."""
    rules = UrRules(scenario)
    outcome = solve(rules, max_rounds=scenario.max_rounds, cancel=cancel, curve=curve)
    return with_extras(battle_result("ur", rules, outcome), rules)
