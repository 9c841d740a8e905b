"""The Ur battle (docs/rules.md §4) on the shared core: a round is a ranged then a melee phase.

Why one module of ~450 lines: both phases share the modifier tables' reading and the hit
spreading, which only make sense together (walls, scenario, casualty text are apart).

State: ``(attacker_steps, defender_steps)``, each a tuple with the steps left of every unit in
the order listed (0: lost). A unit fights at full strength while it has a step left, so the
dice a side rolls depend only on which of its units are alive.

Phase outcome: ``(hits the attacker takes, hits the defender takes)``, each capped at the
steps the target has left (hits beyond them change nothing). Both sides roll at once from the
state at the start of the phase; the hits are then spread evenly over the target's units.

Hit spreading (``spread_hits``): each hit goes to the unit that has taken the fewest hits this
phase; on a tie, by default the unit with the most steps left, then the first listed. At the
table the owner may break ties otherwise: ``apply`` accepts any allocation the even rule
allows (``check_spread``) and refuses any other.

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
from dataclasses import dataclass
from typing import Any

import numpy as np

from ...battle import BattleRules, DieSpec, Phase
from ...distribution import Dist
from ... import limits
from ...errors import EngineError
from ...text import join, lines as text_lines, msg, plural, term
from ...result import BattleResult, battle_result
from ...solver import solve
from .scenario import UrScenario, check
from .data import UnitType, UrTables, tables

State = tuple[tuple[int, ...], tuple[int, ...]]
Allocation = tuple[int, ...]


# -- hit spreading ------------------------------------------------------------------------
def spread_hits(steps: Sequence[int], hits: int) -> Allocation:
    """The default even spreading: hits per unit (never more than a unit's steps left)."""
    taken = [0] * len(steps)
    for _ in range(hits):
        best = None
        for i, s in enumerate(steps):
            if s - taken[i] <= 0:
                continue
            key = (taken[i], -(s - taken[i]))
            if best is None or key < best[0]:
                best = (key, i)
        if best is None:        # every unit is lost: further hits change nothing
            break
        taken[best[1]] += 1
    return tuple(taken)


def check_spread(steps: Sequence[int], hits: int, allocation: Sequence[int]) -> str | None:
    """Why ``allocation`` is not an even spreading of ``hits`` over ``steps``; None if it is.

    Even means: reachable by giving every hit to a unit with the fewest hits this phase among
    the units still standing, breaking ties any way. Equivalently: all hits that can be taken
    are taken, no unit takes more than its steps, and every unit left standing has at least
    (most hits any unit took) - 1.
    """
    if len(allocation) != len(steps):
        return msg("expected hits for {units} units, got {got}", units=len(steps),
                   got=len(allocation))
    for i, (s, h) in enumerate(zip(steps, allocation), start=1):
        if isinstance(h, bool) or not isinstance(h, int) or h < 0:
            return msg("unit {i}: hits must be a whole number >= 0, got {h}", i=i, h=repr(h))
        if h > s:
            return msg("unit {i} has {s} steps left and can't take {h} hits", i=i, s=s, h=h)
    due = min(hits, sum(steps))
    if sum(allocation) != due:
        return msg("{due} hits must be taken, the allocation gives {given}", due=due,
                   given=sum(allocation))
    most = max(allocation, default=0)
    for i, (s, h) in enumerate(zip(steps, allocation), start=1):
        if h < s and h < most - 1:
            return msg("hits must be spread evenly: unit {i} takes {h} while another takes "
                       "{most}", i=i, h=h, most=most)
    return None


# -- the rules ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Roller:
    """One unit's roll in a phase: score = value + d6."""

    side: str           # "attacker" | "defender"
    index: int          # position in its side's list
    unit: UnitType
    value: int          # unit value + modifiers
    why: str            # the modifiers, for the table


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
        self._faces = {}
        self._spread_cache: dict[tuple[Allocation, int], tuple[int, ...]] = {}
        self.ranged = RangedPhase(self)
        self.melee = MeleePhase(self)
        self._phases = (self.ranged, self.melee)

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
        for phase in self._phases:
            following: dict = {}
            for s, p in current.items():
                to_a, to_d = phase.hit_dists(s)
                new_a: dict = {}
                for h, q in to_a.items():
                    t = self.spread(s[0], h)
                    new_a[t] = new_a.get(t, 0.0) + q
                new_d: dict = {}
                for h, q in to_d.items():
                    t = self.spread(s[1], h)
                    new_d[t] = new_d.get(t, 0.0) + q
                for ta, qa in new_a.items():
                    pa = p * qa
                    for td, qd in new_d.items():
                        key = (ta, td)
                        following[key] = following.get(key, 0.0) + pa * qd
            current = following
        return Dist(current)

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


class _FirePhase(Phase):
    """Both sides roll one die per unit that takes part; the hits are spread evenly."""

    def __init__(self, rules: UrRules):
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

    def hit_dists(self, state: State) -> tuple[Dist, Dist]:
        """Exact (hits the attacker takes, hits the defender takes), independent, capped."""
        alive = (tuple(s > 0 for s in state[0]), tuple(s > 0 for s in state[1]))
        cap_a, cap_d = sum(state[0]), sum(state[1])
        key = (alive, cap_a, cap_d)
        out = self._dists.get(key)
        if out is None:
            dealt = self._dealt.get(alive)
            if dealt is None:
                dealt = self._dealt[alive] = self._convolve(state)
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
        lines = [msg("{phase}:", phase=self.name)]
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


def exact_result(scenario: UrScenario, *, cancel: Callable[[], bool] | None = None
                 ) -> BattleResult:
    """The battle's exact odds (absorbing chain), with Ur's extras."""
    rules = UrRules(scenario)
    outcome = solve(rules, max_rounds=scenario.max_rounds, cancel=cancel)
    return with_extras(battle_result("ur", rules, outcome), rules)
