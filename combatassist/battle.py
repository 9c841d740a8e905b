"""One rules code, three dice sources: the battle framework every battle ruleset plugs into.

A ruleset describes a round as a sequence of **phases**. A phase says which dice are rolled
(``dice``), what those dice mean (``resolve`` -> an outcome, e.g. hits per side), and what the
outcome does to the battle (``apply``: casualties by the side's policy, or the players' own
choice). The three dice sources then share that code:

- *exact*: ``outcome_dist`` gives every outcome with its probability (by default by enumerating
  every roll through ``resolve``; a phase may supply a faster exact table, which tests compare
  with enumeration) and the solver in ``solver.py`` branches on all of them;
- *simulated*: ``RandomDice`` rolls the dice with a seeded RNG;
- *table*: ``FixedDice`` returns the dice the players really rolled.

States must be hashable and immutable (tuples are ideal: they also serialise to JSON).
"""
from __future__ import annotations

import itertools
import math
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

import numpy as np

from .distribution import Dist, all_rolls
from .errors import EngineError
from .text import msg, plural

Side = Literal["attacker", "defender"]
Verdict = Literal["attacker", "defender", "draw"]
SIDES: tuple[Side, Side] = ("attacker", "defender")
#: The sides' names as texts for people (the GUI translates a plain "attacker" through these).
SIDE_NAMES = {"attacker": msg("attacker"), "defender": msg("defender"), "draw": msg("draw")}

#: Largest number of dice combinations ``Phase.outcome_dist`` enumerates by default.
ENUMERATION_LIMIT = 2_000_000


@dataclass(frozen=True)
class DieSpec:
    """One die to roll: whose it is, how many sides, and what it is for (shown to players).

    A phase's dice that are equal (all fields) are interchangeable: swapping their faces
    never changes the outcome, so the table side may take them as one group, in any order
    (``combatassist.table.dice_groups``). A ruleset whose dice are not interchangeable
    gives each its own label.

    ``hit_on``: the die scores one hit on this face or less and nothing else matters of
    it (0: its faces are read otherwise), so the players may enter a count of hits for a
    group of them instead of the faces. ``units``: who rolls it, for people (e.g. "2
    destroyer, 1 battleship"; "" when the label says it). ``sure_hits``: low luck's
    automatic hits of the group this die rolls for (the die only adds one more).
    """

    side: str
    sides: int
    label: str = ""
    hit_on: int = 0
    units: str = ""
    sure_hits: int = 0


class Phase(ABC):
    """One step of a round. Subclasses implement ``resolve`` and ``apply`` (the rules)."""

    name: str = "phase"

    def dice(self, state: Any) -> tuple[DieSpec, ...]:
        """The dice rolled in this phase from ``state`` (empty: nothing is rolled)."""
        return ()

    def sure_hits(self, state: Any) -> tuple[tuple[str, int, str], ...]:
        """Hits scored without a die, for the players to see: ``(side, hits, who)`` per
        group that rolls nothing (low luck's whole sixes of a power with no remainder);
        a group with a die says its sure hits on the die (``DieSpec.sure_hits``)."""
        return ()

    @abstractmethod
    def resolve(self, state: Any, rolled: tuple[int, ...]) -> Hashable:
        """The phase's outcome (hashable, e.g. hits per side) from the faces rolled."""

    def outcome_dist(self, state: Any) -> Dist:
        """Exact distribution of ``resolve`` over all rolls. Override with a faster exact table."""
        specs = self.dice(state)
        combos = math.prod(d.sides for d in specs)
        if combos > ENUMERATION_LIMIT:
            raise EngineError(f"{self.name}: {combos} dice combinations are too many to enumerate")
        weight = 1.0 / combos
        acc: dict = {}
        for rolled in all_rolls(d.sides for d in specs):
            o = self.resolve(state, rolled)
            acc[o] = acc.get(o, 0.0) + weight
        return Dist(acc)

    def resolve_many(self, state: Any, rolled: np.ndarray) -> dict[Hashable, int]:
        """How many of the rolls (rows of ``rolled``, faces as ``dice`` lists them) give each
        outcome. By default each distinct roll goes through ``resolve``; a phase whose
        ``resolve`` is written for a batch of rows (one code for one roll and for many, tests
        compare them) overrides this."""
        combos = math.prod(d.sides for d in self.dice(state))
        if combos <= 4 * len(rolled):          # few possible rolls: resolve each once
            rows, counts = distinct_rows(rolled)
        else:
            rows, counts = rolled, itertools.repeat(1)  # type: ignore[assignment]
        acc: dict = {}
        for row, c in zip(rows.tolist(), counts):
            o = self.resolve(state, tuple(row))
            acc[o] = acc.get(o, 0) + int(c)
        return acc

    def explain(self, state: Any, rolled: tuple[int, ...]) -> str:
        """How these dice resolve, for people at the table (boosts placed, pairings, ...)."""
        return msg("{phase}: {outcome}", phase=self.name, outcome=self.resolve(state, rolled))

    def propose(self, state: Any, outcome: Hashable) -> Any:
        """The default policy's choice for this outcome (shown at the table; None: no choice)."""
        return None

    @abstractmethod
    def apply(self, state: Any, outcome: Hashable, choice: Any = None) -> Any:
        """The state after the outcome; ``choice`` (players' own) replaces the default policy.

        Must raise ``EngineError`` with a clear message for an illegal ``choice``.
        """


def phase_exact(phase: Phase, current: dict) -> dict:
    """Push a distribution of states ``{state: p}`` through one phase, exactly."""
    following: dict = {}
    for s, p in current.items():
        for outcome, q in phase.outcome_dist(s).items():
            s2 = phase.apply(s, outcome)
            following[s2] = following.get(s2, 0.0) + p * q
    return following


class BattleRules(ABC):
    """What a battle ruleset provides; the solver, simulator and table drive the rest."""

    @abstractmethod
    def initial_state(self) -> Any: ...

    @abstractmethod
    def phases(self, state: Any) -> Sequence[Phase]:
        """The phases of the next round, starting from ``state``."""

    def end_round(self, state: Any) -> Any:
        """Bookkeeping after the last phase (e.g. clear a first-round flag). Default: none."""
        return state

    @abstractmethod
    def verdict(self, state: Any) -> Verdict | None:
        """Who has won in ``state``; None while the battle goes on."""

    @abstractmethod
    def losses(self, state: Any) -> tuple[int, int]:
        """What each side has lost so far (units, or steps): (attacker, defender)."""

    @abstractmethod
    def progress(self, state: Any) -> tuple:
        """A sortable key that strictly increases along every round that changes the state.

        The exact solver relies on it to visit states in order (and checks it).
        """

    # Optional members (``OptionalRules``): read through ``optional(rules, name)``.

    def describe(self, state: Any) -> str:
        """A short human description of a state (table-side log)."""
        return repr(state)

    # -- derived, shared ------------------------------------------------------------------
    def round_dist(self, state: Any) -> Dist:
        """Exact distribution of the state after one round: the phases under the exact source."""
        current: dict = {state: 1.0}
        for phase in self.phases(state):
            current = phase_exact(phase, current)
        result: dict = {}
        for s, p in current.items():
            s2 = self.end_round(s)
            result[s2] = result.get(s2, 0.0) + p
        return Dist(result)


class OptionalRules(Protocol):
    """The members a ``BattleRules`` may add, and who reads them. Each is read through
    ``optional`` (never a bare ``getattr``), so this list is the whole contract."""

    #: Table side (``table.battle``): undo one phase at a time (Medium Luck's bands).
    undo_by_phase: bool
    #: The simulator's work for one group of trials rolling together, in dice, when it costs
    #: more than ``solver.GROUP_WORK`` (``solver.simulate``: Medium Luck's band tables).
    simulation_group_work: int

    def work_estimate(self, state: Any) -> float:
        """The exact solver's transitions from ``state`` (``solver``; ``limits``)."""

    def state_units(self, state: Any) -> tuple[dict[str, int], dict[str, int]]:
        """Each side's units in a position (``figures``)."""

    def state_counts(self, states: Any) -> tuple[tuple[str, ...], Any, Any]:
        """Many positions' unit counts at once: (unit ids, attacker counts, defender counts),
        the counts as arrays with one row per position (``figures``: every end at once)."""

    def verdicts_and_losses(self, states: Any) -> tuple[Any, Any]:
        """Many positions' ``verdict`` and ``losses`` at once: a code per position (the
        index of its verdict in ``result.VERDICTS``, 3 for none) and the losses per
        position and side, as lists (of ints, of pairs) or integer arrays ([position],
        [position, side]) (``result.battle_result``: every end at once)."""

    def unit_costs(self) -> dict[str, int]:
        """IPC per unit type (``figures``)."""

    def land_units(self) -> frozenset[str] | None:
        """The unit types that take a territory; None at sea (``figures``)."""

    def attacker_units(self, state: Any) -> int:
        """How many units the attacker has (``retreat``: retreat_when_units)."""

    def withdraw(self, state: Any) -> Any:
        """The position after the attacker retreats from ``state`` when some of its units
        can't leave and fight on (``solver``, ``retreat``, the table): the others are out of
        the battle, not lost. None when every unit leaves (the battle ends, ``retreated``);
        ``state`` itself when none can leave (the attacker fights on)."""

    def territory_taken(self, states: Any) -> Any:
        """Per position, whether the attacker has taken the territory (``figures``; without
        it: the attacker has a ``land_units`` unit left and the defender nothing)."""

    def describe_choice(self, choice: Any) -> str:
        """A players' casualty choice in the ruleset's words (the table's log)."""

    def describe_action(self, action: Any) -> str:
        """A between-rounds step in the ruleset's words (the table's log)."""

    def retreat_refusal(self, state: Any, side: str) -> str | None:
        """Why ``side`` can't retreat from ``state`` at the table (None: it may)."""

    def between_rounds_options(self, state: Any) -> Any:
        """What the players may do before a round (the table; None: nothing)."""

    def apply_between_rounds(self, state: Any, action: Any) -> tuple["BattleRules", Any]:
        """The rules and position after a between-rounds step (the table)."""


#: The names ``optional`` may read.
OPTIONAL_MEMBERS = frozenset(
    [n for n in vars(OptionalRules) if not n.startswith("_")] +
    list(OptionalRules.__annotations__))


def optional(rules: Any, name: str, default: Any = None) -> Any:
    """An optional member of ``rules`` (``OptionalRules``), or ``default`` when it has none."""
    if name not in OPTIONAL_MEMBERS:
        raise AttributeError(f"{name} is not declared in battle.OptionalRules")
    return getattr(rules, name, default)


def supports(rules: Any, *names: str) -> bool:
    """True when ``rules`` has every one of the optional members ``names``."""
    return all(optional(rules, n) is not None for n in names)


# -- dice sources for playing one round --------------------------------------------------
class DiceSource(ABC):
    @abstractmethod
    def roll(self, phase: Phase, specs: tuple[DieSpec, ...]) -> tuple[int, ...]: ...

    def choose(self, phase: Phase, state: Any, outcome: Hashable) -> Any:
        """The players' own choice for this outcome, or None to let the policy decide."""
        return None


class RandomDice(DiceSource):
    """Seeded fair dice (the simulator, and "Roll" at the table)."""

    def __init__(self, rng: random.Random | int | None = None):
        self.rng = rng if isinstance(rng, random.Random) else random.Random(rng)

    def roll(self, phase: Phase, specs: tuple[DieSpec, ...]) -> tuple[int, ...]:
        randint = self.rng.randint
        return tuple(randint(1, d.sides) for d in specs)


class FixedDice(DiceSource):
    """The dice the players really rolled, phase by phase (table-side mode)."""

    def __init__(self, rolls: Sequence[Sequence[int]], choices: Sequence[Any] | None = None):
        self._rolls = [tuple(r) for r in rolls]
        self._choices = list(choices) if choices is not None else []
        self._index = 0

    def roll(self, phase: Phase, specs: tuple[DieSpec, ...]) -> tuple[int, ...]:
        if self._index >= len(self._rolls):
            raise EngineError(f"no dice given for phase '{phase.name}'")
        rolled = self._rolls[self._index]
        self._index += 1
        check_roll(phase, specs, rolled)
        return rolled

    def choose(self, phase: Phase, state: Any, outcome: Hashable) -> Any:
        i = self._index - 1
        return self._choices[i] if 0 <= i < len(self._choices) else None


def dice_count(n: int) -> str:
    """'1 die', '3 dice' — for messages."""
    return plural(n, "{n} die", "{n} dice")


def check_roll(phase: Phase, specs: Sequence[DieSpec], rolled: Sequence[int]) -> None:
    """Refuse dice that don't fit the phase, with a message saying what was expected."""
    if len(rolled) != len(specs):
        raise EngineError(msg("{phase}: expected {dice}, got {got}", phase=phase.name,
                              dice=dice_count(len(specs)), got=len(rolled)))
    for i, (spec, face) in enumerate(zip(specs, rolled), start=1):
        if not isinstance(face, int) or isinstance(face, bool) or not 1 <= face <= spec.sides:
            if spec.label:
                raise EngineError(msg("{phase}: die {i} ({label}) must show 1-{sides}, got {face}",
                                      phase=phase.name, i=i, label=spec.label,
                                      sides=spec.sides, face=repr(face)))
            raise EngineError(msg("{phase}: die {i} must show 1-{sides}, got {face}",
                                  phase=phase.name, i=i, sides=spec.sides, face=repr(face)))


@dataclass
class PhaseRecord:
    """What happened in one phase: for logs, the table-side view and tests."""

    phase: str
    dice: tuple[DieSpec, ...]
    rolled: tuple[int, ...]
    outcome: Hashable
    choice: Any
    state_after: Any


@dataclass
class RoundRecord:
    state_before: Any
    state_after: Any
    phases: list[PhaseRecord] = field(default_factory=list)


def play_round(rules: BattleRules, state: Any, source: DiceSource) -> RoundRecord:
    """Play one round from ``state`` with real (or random) dice: the same phases as exact."""
    record = RoundRecord(state_before=state, state_after=state)
    current = state
    for phase in rules.phases(state):
        specs = phase.dice(current)
        rolled = source.roll(phase, specs) if specs else ()
        outcome = phase.resolve(current, rolled)
        choice = source.choose(phase, current, outcome)
        current = phase.apply(current, outcome, choice)
        record.phases.append(PhaseRecord(phase.name, specs, rolled, outcome, choice, current))
    record.state_after = rules.end_round(current)
    return record


# -- many trials at once (the simulator) --------------------------------------------------
class DiceStream:
    """Seeded fair dice for the simulator, drawn from ``rng`` in blocks: a simulation rolls
    in thousands of small groups, and one numpy call per group costs more than its dice.
    ``integers(1, sides + 1, size)`` as ``numpy.random.Generator.integers`` (the faces of one
    block are handed out in order, so a seed gives the same battle every time)."""

    BLOCK = 1 << 16

    def __init__(self, rng: np.random.Generator):
        self.rng = rng
        self._blocks: dict[tuple[int, int], tuple[np.ndarray, int]] = {}

    def integers(self, low: int, high: int, size) -> np.ndarray:
        shape = (size,) if isinstance(size, int) else tuple(size)
        need = math.prod(shape)
        block, used = self._blocks.get((low, high), (np.zeros(0, dtype=np.int64), 0))
        if used + need > len(block):
            fresh = self.rng.integers(low, high, size=max(self.BLOCK, need))
            block, used = np.concatenate([block[used:], fresh]), 0
        self._blocks[(low, high)] = (block, used + need)
        return block[used:used + need].reshape(shape)


def roll_many(rng: "np.random.Generator | DiceStream", specs: Sequence[DieSpec], n: int
              ) -> np.ndarray:
    """``n`` rolls of the dice ``specs`` (one row each), seeded fair dice drawn by numpy."""
    sides = {d.sides for d in specs}
    if len(sides) == 1:
        return rng.integers(1, sides.pop() + 1, size=(n, len(specs)))
    return np.stack([rng.integers(1, d.sides + 1, size=n) for d in specs], axis=1)


def distinct_rows(rolled: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The distinct rows of ``rolled`` (positive faces) and how often each occurs."""
    if not rolled.shape[1]:
        return rolled[:1], np.array([len(rolled)])
    base = int(rolled.max()) + 1
    if rolled.shape[1] * math.log2(base) < 62:       # each row as one integer: a fast unique
        weights = base ** np.arange(rolled.shape[1], dtype=np.int64)
        _, first, counts = np.unique(rolled @ weights, return_index=True,
                                     return_counts=True)
        return rolled[first], counts
    return np.unique(rolled, axis=0, return_counts=True)


def play_round_many(rules: BattleRules, state: Any, n: int,
                    rng: "np.random.Generator | DiceStream",
                    count: Callable[[int], None] | None = None) -> dict[Any, int]:
    """Play one round for ``n`` trials that share ``state``: the phases of ``play_round``,
    each phase's dice rolled for all of them in one numpy call, each distinct outcome applied
    once. Returns how many trials end the round in each state; ``count(dice)`` is told what
    each group rolled (the simulator's work count)."""
    current: dict = {state: n}
    for phase in rules.phases(state):
        following: dict = {}
        for s, m in current.items():
            specs = phase.dice(s)
            if count is not None:
                count(m * len(specs))
            counts = (phase.resolve_many(s, roll_many(rng, specs, m)) if specs else
                      {phase.resolve(s, ()): m})
            for outcome, c in counts.items():
                s2 = phase.apply(s, outcome)
                following[s2] = following.get(s2, 0) + c
        current = following
    result: dict = {}
    for s, m in current.items():
        s2 = rules.end_round(s)
        result[s2] = result.get(s2, 0) + m
    return result
