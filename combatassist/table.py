"""Table-side battles: fight a battle with the players' real dice, phase by phase.

Why one module of ~550 lines: replay, undo/redo, between-rounds steps and the autosave
format are one mechanism (everything is rebuilt from the stored entries); the players' text
is apart (``choices``), the autosave files' ownership too (``autosave``).

``TableBattle`` drives any ``BattleRules`` with the same phases the exact solver and the
simulator use (``battle.play_round``'s loop, one phase at a time), so the table, the odds and
the simulation agree by construction. The players enter the dice they rolled (or roll here),
see how they resolve (``Phase.explain``) and the default policy's proposal (``Phase.propose``),
and may make their own choice instead (``Phase.apply`` refuses an illegal one with
``EngineError``).

What is stored is only what the players did: the scenario text plus, per phase, the dice and
the choice. Replaying those entries through the rules rebuilds the exact state (no state is
pickled), which makes undo/redo, autosave and crash-resume one mechanism.

Between rounds (round 2 on, before the round's first dice) a ruleset may offer a step that
changes the battle itself, e.g. Medium Luck's reserves joining a band. A ruleset offers it by
defining two optional methods on its rules (rulesets without them are unaffected):

- ``between_rounds_options(state) -> Any | None``: what may be done now (None: nothing);
- ``apply_between_rounds(state, action) -> (rules, state)``: the battle after ``action``
  (JSON-friendly), raising EngineError for an illegal one;
- and optionally ``describe_action(action) -> str`` for the log.

The action is recorded as a ``BetweenRounds`` entry at the head of its round, so replay,
undo/redo and resume rebuild the new rules exactly like everything else.
"""
from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import rulesets
from .battle import BattleRules, DieSpec, Phase, check_roll, phase_exact
# The players' text (re-exported: the table-side panel reads choices and dice through here).
from .choices import format_choice, from_json, parse_choice, parse_dice  # noqa: F401
from .errors import CombatAssistError, EngineError, ScenarioError, shown
from .files import atomic_write_text, read_text_file
from .result import battle_result
from .scenario import parse_scenario_text
from .solver import solve
from .text import join, lines as text_lines, msg, split_lines

#: Version tag of the autosave JSON.
FORMAT = "combatassist-table/1"
#: File name of the battle in progress inside the autosave folder (the slot: each battle's
#: own file is named after it, see ``combatassist.autosave``).
AUTOSAVE_NAME = "battle-in-progress.json"
#: Largest autosave file read (a long battle of 150 units a side is a few hundred kB).
MAX_AUTOSAVE_BYTES = 16_000_000
#: Most phase entries (and between-rounds steps) a saved battle may hold: all are replayed
#: when it is resumed (a long battle is a few thousand: 1,000 rounds of three phases).
MAX_SAVED_STEPS = 20_000

#: How a battle may end before a side is wiped out: (kind, side) -> who wins.
ENDINGS = {
    ("retreat", "attacker"): "defender",
    ("retreat", "defender"): "attacker",
}


def jsonable(value: Any) -> Any:
    """``value`` with tuples/frozensets turned into lists (what JSON can store)."""
    if isinstance(value, (tuple, list, set, frozenset)):
        items = sorted(value, key=repr) if isinstance(value, (set, frozenset)) else value
        return [jsonable(v) for v in items]
    if isinstance(value, dict):
        return {str(k): jsonable(v) for k, v in value.items()}
    return value


@dataclass(frozen=True)
class Entry:
    """What the players did in one phase: the dice shown and their choice (None: proposal)."""

    rolled: tuple[int, ...]
    choice: Any = None

    def to_json(self) -> dict[str, Any]:
        return {"rolled": list(self.rolled), "choice": jsonable(self.choice)}

    @classmethod
    def from_json(cls, data: Any) -> "Entry":
        if not isinstance(data, dict) or not isinstance(data.get("rolled"), list) or \
                set(data) - {"rolled", "choice"}:
            raise ScenarioError("a phase entry must look like {\"rolled\": [..], \"choice\": ..}",
                                field="rounds")
        rolled = data["rolled"]
        if not all(type(d) is int for d in rolled):
            raise ScenarioError("dice must be whole numbers", field="rounds")
        return cls(tuple(rolled), from_json(data.get("choice")))


@dataclass(frozen=True)
class BetweenRounds:
    """A between-rounds step the players took (``action`` as the ruleset reads it)."""

    action: Any

    def to_json(self) -> dict[str, Any]:
        return {"between_rounds": jsonable(self.action)}


def entry_from_json(data: Any) -> "Entry | BetweenRounds":
    """A phase entry or a between-rounds step from the autosave JSON."""
    if isinstance(data, dict) and "between_rounds" in data:
        if len(data) != 1:
            raise ScenarioError("a between-rounds step holds nothing else", field="rounds")
        return BetweenRounds(from_json(data["between_rounds"]))
    return Entry.from_json(data)


def _ending_from_json(value: Any, field: str) -> tuple[str, str]:
    """A stored ending, checked: ("retreat" | "end", "attacker" | "defender")."""
    if not (isinstance(value, list) and len(value) == 2 and value[0] in ("retreat", "end")
            and value[1] in ("attacker", "defender")):
        raise ScenarioError(f"unknown ending {shown(value)}", field=field,
                            hint='expected ["retreat" or "end", "attacker" or "defender"]')
    return (value[0], value[1])


def _list_field(data: dict, key: str) -> list:
    value = data.get(key, [])
    if not isinstance(value, list):
        raise ScenarioError(f"must be a list, got {shown(value)}", field=key)
    return value


@dataclass(frozen=True)
class Preview:
    """How dice would resolve in the current phase, before anything changes."""

    phase: str
    rolled: tuple[int, ...]
    outcome: Hashable
    explanation: str
    proposal: Any


@dataclass(frozen=True)
class LogLine:
    """One line of the battle log."""

    round: int
    phase: str
    rolled: tuple[int, ...]
    explanation: str
    choice: Any
    own_choice: bool
    state_after: Any
    text: str


class TableBattle:
    """A battle in progress at the table over any ``BattleRules``.

    ``rounds`` holds the completed rounds (each a list of ``Entry``, one per phase),
    ``current`` the entries of the round being played. Every change calls ``on_change`` and,
    when ``autosave_path`` is set, rewrites that file atomically.
    """

    def __init__(self, rules: BattleRules, *, scenario_text: str = "", ruleset: str = "",
                 autosave_path: str | Path | None = None,
                 on_change: Callable[["TableBattle"], None] | None = None):
        #: the rules the battle started with; ``rules`` are those in force now (a
        #: between-rounds step may replace them)
        self.initial_rules = rules
        self.rules = rules
        self.scenario_text = scenario_text
        self.ruleset = ruleset
        self.autosave_path = Path(autosave_path) if autosave_path else None
        self.on_change = on_change
        self.rounds: list[list[Entry | BetweenRounds]] = []
        self.current: list[Entry | BetweenRounds] = []
        self.redo_stack: list[list[Entry | BetweenRounds] | tuple[str, str] | BetweenRounds |
                              Entry] = []
        #: (kind, side) when the players ended the battle themselves, e.g. ("retreat", "attacker").
        self.ending: tuple[str, str] | None = None
        self._rebuild()

    # -- state, rebuilt from the entries ----------------------------------------------
    def _rebuild(self) -> None:
        """Replay every entry from the initial state (the only way state is ever made)."""
        self.rules = self.initial_rules
        state = self.rules.initial_state()
        self.round_states = [state]
        self.log: list[LogLine] = []
        for number, entries in enumerate(self.rounds, start=1):
            state = self._play(number, state, entries, complete=True)
            self.round_states.append(state)
        self.state = self._play(len(self.rounds) + 1, state, self.current, complete=False)

    def _play(self, number: int, start: Any, entries: Sequence[Entry | BetweenRounds],
              complete: bool) -> Any:
        steps = [e for e in entries if isinstance(e, BetweenRounds)]
        dice_entries = [e for e in entries if not isinstance(e, BetweenRounds)]
        if entries[:len(steps)] != steps:
            raise EngineError(msg("round {round}: a between-rounds step comes before the dice",
                                  round=number))
        state = start
        for step in steps:
            self.rules, state = self._between(number, state, step.action)
        # the round starts here: where 'odds from here' start (after any between-rounds step)
        self.ready_state = state
        phases = list(self.rules.phases(state))
        if len(dice_entries) > len(phases) or (complete and len(dice_entries) != len(phases)):
            raise EngineError(msg("round {round} has {phases} phases, but {recorded} were "
                                  "recorded", round=number, phases=len(phases),
                                  recorded=len(dice_entries)))
        for phase, entry in zip(phases, dice_entries):
            state = self._apply(number, phase, state, entry)
        if complete:
            state = self.rules.end_round(state)
        return state

    def _between(self, number: int, state: Any, action: Any) -> tuple[BattleRules, Any]:
        """Apply a between-rounds step (raises EngineError, nothing logged, if refused)."""
        apply = getattr(self.rules, "apply_between_rounds", None)
        if apply is None:
            raise EngineError(msg("this battle has nothing to do between rounds"))
        if number < 2:
            raise EngineError(msg("between-rounds steps start in round 2 (round 1 isn't over "
                                  "yet)"))
        if self.rules.verdict(state) is not None:
            raise EngineError(msg("the battle is over"))
        rules, after = apply(state, action)
        describe = getattr(self.rules, "describe_action", format_choice)
        text = text_lines([msg("Before round {round} — {action}", round=number,
                               action=describe(action)),
                           join("", ["    ", msg("now: {position}", position=rules.describe(after))])])
        self.log.append(LogLine(number, "between rounds", (), "", action, True, after, text))
        return rules, after

    def _apply(self, number: int, phase: Phase, state: Any, entry: Entry) -> Any:
        specs = phase.dice(state)
        check_roll(phase, specs, entry.rolled)
        outcome = phase.resolve(state, entry.rolled)
        after = phase.apply(state, outcome, entry.choice)
        explanation = phase.explain(state, entry.rolled)
        dice = " ".join(str(d) for d in entry.rolled) or msg("no dice")
        # One log entry per phase: heading with the dice, the rules' explanation indented,
        # then the players' own choice (if any) and the position after it.
        lines = [msg("Round {round}, {phase} — dice: {dice}", round=number, phase=phase.name,
                     dice=dice)]
        lines += [join("", ["    ", line]) for line in split_lines(explanation)]
        if entry.choice is not None:
            describe = getattr(self.rules, "describe_choice", format_choice)
            lines.append(join("", ["    ", msg("players' choice: {choice}",
                                               choice=describe(entry.choice))]))
        lines.append(join("", ["    ", msg("now: {position}",
                                           position=self.rules.describe(after))]))
        text = text_lines(lines)
        self.log.append(LogLine(number, phase.name, entry.rolled, explanation, entry.choice,
                                entry.choice is not None, after, text))
        return after

    # -- what the players see -----------------------------------------------------------
    @property
    def round_number(self) -> int:
        """The round being played (1-based)."""
        return len(self.rounds) + 1

    @property
    def round_start_state(self) -> Any:
        """The state at the start of the current round, after any between-rounds step (where
        'odds from here' start, with ``rules``)."""
        return self.ready_state

    def phases(self) -> list[Phase]:
        return list(self.rules.phases(self.round_start_state))

    def dice_entered(self) -> int:
        """How many phases of the current round have been played."""
        return sum(1 for e in self.current if not isinstance(e, BetweenRounds))

    def current_phase(self) -> Phase | None:
        """The phase waiting for dice, or None when the battle is over."""
        if self.is_over():
            return None
        return self.phases()[self.dice_entered()]

    def between_rounds_options(self) -> Any | None:
        """What the ruleset lets the players do before this round's dice (None: nothing):
        only from round 2 on, before the first dice of the round, while the battle goes on."""
        options = getattr(self.rules, "between_rounds_options", None)
        if options is None or self.round_number < 2 or self.dice_entered() or self.is_over():
            return None
        return options(self.state)

    def dice(self) -> tuple[DieSpec, ...]:
        phase = self.current_phase()
        return phase.dice(self.state) if phase is not None else ()

    def verdict(self) -> str | None:
        """'attacker' / 'defender' / 'draw' once the battle is over, else None."""
        if self.ending is not None:
            return ENDINGS.get(self.ending, "draw")
        if self.dice_entered():
            return None
        return self.rules.verdict(self.state)

    def is_over(self) -> bool:
        return self.verdict() is not None

    def describe(self) -> str:
        return self.rules.describe(self.state)

    def roll(self, rng: random.Random | None = None) -> tuple[int, ...]:
        """Random dice for the current phase (the players' "Roll" button)."""
        rng = rng or random.Random()
        return tuple(rng.randint(1, d.sides) for d in self.dice())

    def preview(self, rolled: Sequence[int]) -> Preview:
        """How ``rolled`` resolves in the current phase and what the policy proposes."""
        phase = self._require_phase()
        rolled = tuple(rolled)
        check_roll(phase, phase.dice(self.state), rolled)
        outcome = phase.resolve(self.state, rolled)
        return Preview(phase.name, rolled, outcome, phase.explain(self.state, rolled),
                       phase.propose(self.state, outcome))

    # -- what the players do ----------------------------------------------------------------
    def enter(self, rolled: Sequence[int], choice: Any = None) -> LogLine:
        """Play the current phase with these dice (``choice`` None: the proposal stands).

        Raises EngineError (nothing changes) for dice that don't fit or an illegal choice.
        """
        phase = self._require_phase()
        if sum(len(r) for r in self.rounds) + len(self.current) >= MAX_SAVED_STEPS:
            raise EngineError(msg("this battle has {steps:,} steps, the most a saved battle "
                                  "holds; end it here", steps=MAX_SAVED_STEPS))
        entry = Entry(tuple(rolled), choice)
        after = self._apply(self.round_number, phase, self.state, entry)  # raises if illegal
        self.current.append(entry)
        self.redo_stack.clear()
        if self.dice_entered() == len(self.phases()):
            self.rounds.append(self.current)
            self.current = []
        self._rebuild()
        self._changed()
        return self.log[-1] if self.log else LogLine(0, "", (), "", None, False, after, "")

    def between_rounds(self, action: Any) -> LogLine:
        """Take a between-rounds step (e.g. deploy reserves) before this round's dice.

        Raises EngineError (nothing changes) in round 1, after the round's first dice, once
        the battle is over, without such a step in the ruleset, or for an illegal action.
        """
        if self.ending is not None or self.is_over():
            raise EngineError(msg("the battle is over; undo to continue it"))
        if self.dice_entered():
            raise EngineError(msg("between-rounds steps come before the round's first dice "
                                  "(undo the dice entered to take one)"))
        log_size = len(self.log)
        try:
            self._between(self.round_number, self.state, action)   # raises if illegal
        finally:
            del self.log[log_size:]
        self.current.append(BetweenRounds(action))
        self.redo_stack.clear()
        self._rebuild()
        self._changed()
        return self.log[-1]

    def end(self, kind: str = "end", side: str = "attacker") -> None:
        """End the battle here: ("retreat", side) gives the other side the win; "end" a draw."""
        if self.ending is not None:
            raise EngineError(msg("the battle has already ended"))
        if self.dice_entered():
            raise EngineError(msg("finish the round in progress first (or undo it)"))
        if kind not in ("retreat", "end") or side not in ("attacker", "defender"):
            raise EngineError(f"unknown ending {kind!r} for {side!r}")
        self.ending = (kind, side)
        self.redo_stack.clear()
        self._changed()

    def can_undo(self) -> bool:
        return bool(self.ending or self.current or self.rounds)

    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def undo(self) -> None:
        """Undo the ending, else the round in progress (its dice; a between-rounds step
        alone is undone one step at a time, redoably), else the last completed round.

        Rules with ``undo_by_phase = True`` (Medium Luck: one band at a time) undo one phase
        at a time instead, redoably: the last dice entered, reopening the last completed
        round when the current one has none."""
        if self.ending is not None:
            self.redo_stack.append(self.ending)
            self.ending = None
        elif getattr(self.initial_rules, "undo_by_phase", False) and (
                self.dice_entered() or (not self.current and self.rounds)):
            if not self.dice_entered():
                self.current = self.rounds.pop()
            last = max(i for i, e in enumerate(self.current) if not isinstance(e, BetweenRounds))
            self.redo_stack.append(self.current.pop(last))
        elif self.dice_entered():
            # a partial round's dice are simply discarded (not redoable); its
            # between-rounds steps stay
            self.current = [e for e in self.current if isinstance(e, BetweenRounds)]
        elif self.current:
            self.redo_stack.append(self.current.pop())
        elif self.rounds:
            self.redo_stack.append(self.rounds.pop())
        else:
            raise EngineError(msg("nothing to undo"))
        self._rebuild()
        self._changed()

    def redo(self) -> None:
        if not self.redo_stack:
            raise EngineError(msg("nothing to redo"))
        item = self.redo_stack.pop()
        if isinstance(item, tuple):
            self.ending = item
        elif isinstance(item, BetweenRounds):
            self.current.append(item)
        elif isinstance(item, Entry):              # one phase (undo_by_phase)
            self.current.append(item)
            self._rebuild()
            if self.dice_entered() == len(self.phases()):
                self.rounds.append(self.current)
                self.current = []
        else:
            self.rounds.append(item)
        self._rebuild()
        self._changed()

    def remaining_phases(self) -> list[Phase]:
        """The phases of the current round still to play (all of them before its dice)."""
        return self.phases()[self.dice_entered():] if not self.is_over() else []

    def odds_from_here(self, *, cancel: Callable[[], bool] | None = None,
                       max_rounds: int = 0):
        """Exact ``BattleResult`` of the battle from the current position: after every phase
        (every band in Medium Luck), the rest of the round is played out exactly first."""
        if not self.dice_entered():
            return odds_from(self.rules, self.round_start_state, ruleset=self.ruleset,
                             cancel=cancel, max_rounds=max_rounds)
        return odds_from(self.rules, self.state, ruleset=self.ruleset, cancel=cancel,
                         max_rounds=max_rounds, remaining=self.remaining_phases())

    def _require_phase(self) -> Phase:
        phase = self.current_phase()
        if phase is None:
            raise EngineError(msg("the battle is over; undo to continue it"))
        return phase

    # -- persistence --------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        redo = [list(item) if isinstance(item, tuple) else
                item.to_json() if isinstance(item, (BetweenRounds, Entry)) else
                [e.to_json() for e in item]
                for item in self.redo_stack]
        return {
            "format": FORMAT,
            "ruleset": self.ruleset,
            "scenario": self.scenario_text,
            "rounds": [[e.to_json() for e in r] for r in self.rounds],
            "current": [e.to_json() for e in self.current],
            "redo": redo,
            "ending": list(self.ending) if self.ending else None,
        }

    @classmethod
    def from_json(cls, data: Any, rules_for: Callable[[str], tuple[BattleRules, str]] | None = None,
                  *, autosave_path: str | Path | None = None) -> "TableBattle":
        """Rebuild a battle by replaying its entries. ``rules_for(scenario_text)`` gives
        ``(rules, ruleset)``; the default parses the scenario and asks its ruleset module's
        ``make_rules``. Raises ScenarioError / EngineError for a file that doesn't replay."""
        if not isinstance(data, dict) or data.get("format") != FORMAT:
            raise ScenarioError("not a saved table-side battle",
                                hint=f"expected a JSON object with format \"{FORMAT}\"")
        text = data.get("scenario")
        if not isinstance(text, str):
            raise ScenarioError("the saved battle has no scenario", field="scenario")
        unknown = set(data) - {"format", "ruleset", "scenario", "rounds", "current", "redo",
                               "ending"}
        if unknown:
            raise ScenarioError(f"unknown field {shown(sorted(unknown)[0])}")
        rules, ruleset = (rules_for or rules_from_scenario)(text)
        saved_ruleset = data.get("ruleset", "")
        if not isinstance(saved_ruleset, str) or (saved_ruleset and saved_ruleset != ruleset):
            raise ScenarioError(f"says ruleset {shown(data.get('ruleset'))} but its scenario "
                                f"is {shown(ruleset)}", field="ruleset")
        battle = cls(rules, scenario_text=text, ruleset=ruleset)
        rounds = _list_field(data, "rounds")
        if not all(isinstance(r, list) for r in rounds):
            raise ScenarioError("each round must be a list of phase entries", field="rounds")
        entries = sum(len(r) for r in rounds) + len(_list_field(data, "current")) + \
            sum(len(item) if isinstance(item, list) else 1 for item in _list_field(data, "redo"))
        if entries > MAX_SAVED_STEPS:      # every one is replayed: keep the start quick
            raise ScenarioError(f"holds {entries:,} steps; a saved battle has at most "
                                f"{MAX_SAVED_STEPS:,}", field="rounds")
        battle.rounds = [[entry_from_json(e) for e in r] for r in rounds]
        battle.current = [entry_from_json(e) for e in _list_field(data, "current")]
        redo: list = []
        for item in _list_field(data, "redo"):
            if isinstance(item, dict):
                redo.append(entry_from_json(item))
            elif isinstance(item, list) and item and isinstance(item[0], str):
                redo.append(_ending_from_json(item, "redo"))
            elif isinstance(item, list):
                redo.append([entry_from_json(e) for e in item])
            else:
                raise ScenarioError(f"unknown undone step {shown(item)}", field="redo")
        battle.redo_stack = redo
        ending = data.get("ending")
        battle.ending = None if ending is None else _ending_from_json(ending, "ending")
        battle._rebuild()   # replays and checks every entry
        if battle.ending is not None and battle.dice_entered():
            raise ScenarioError("the battle ended in the middle of a round", field="ending")
        battle.autosave_path = Path(autosave_path) if autosave_path else None
        return battle

    def save(self, path: str | Path | None = None) -> None:
        """Write the battle atomically (to ``autosave_path`` by default)."""
        target = path or self.autosave_path
        if target is None:
            raise EngineError("no file to save the battle to")
        atomic_write_text(target, json.dumps(self.to_json(), indent=1))

    def _changed(self) -> None:
        if self.autosave_path is not None:
            self.save()
        if self.on_change is not None:
            self.on_change(self)


def odds_from(rules: BattleRules, state: Any, *, ruleset: str = "",
              cancel: Callable[[], bool] | None = None, max_rounds: int = 0,
              remaining: Sequence[Phase] | None = None):
    """Exact ``BattleResult`` of a battle from ``state`` (losses count from the very start).

    ``remaining``: ``state`` is inside a round and these phases of it are still to play; they
    are pushed through exactly (and the round ended) before the solver takes over; that
    round counts in ``expected_rounds`` and ``max_rounds`` counts the rounds after it."""
    if remaining is None:
        outcome = solve(rules, start=state, max_rounds=max_rounds, cancel=cancel)
        return battle_result(ruleset or "battle", rules, outcome)
    current: dict = {state: 1.0}
    for phase in remaining:
        current = phase_exact(phase, current)
    start: dict = {}
    for s, p in current.items():
        s2 = rules.end_round(s)
        start[s2] = start.get(s2, 0.0) + p
    outcome = solve(rules, start_mass=start, max_rounds=max_rounds, cancel=cancel)
    outcome.expected_rounds += 1.0
    dropped = 1.0 - math.fsum(start.values())       # tails a ruleset's tables leave out
    if dropped > 1e-15:
        outcome.pruned += dropped
    outcome.decided_by_round = [1.0 - math.fsum(m for s, m in start.items()
                                                if rules.verdict(s) is None)] + \
        outcome.decided_by_round
    return battle_result(ruleset or "battle", rules, outcome)


def rules_from_scenario(text: str) -> tuple[BattleRules, str]:
    """The battle rules of a scenario's TOML text: its ruleset's ``make_rules``."""
    scenario = parse_scenario_text(text)
    return rulesets.get(scenario.ruleset).make_rules(scenario.body), scenario.ruleset


def load_battle(path: str | Path,
                rules_for: Callable[[str], tuple[BattleRules, str]] | None = None) -> TableBattle:
    """Resume a saved battle; it keeps autosaving to the same file.

    Whatever the file holds, the only error is a one-line ScenarioError: a damaged autosave
    must never stop the app from starting (deep JSON, huge numbers, a scenario that isn't
    one, choices the rules can't read, values that are merely wrong)."""
    text = read_text_file(path, MAX_AUTOSAVE_BYTES)
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ScenarioError(f"not valid JSON: {exc.msg}", file=str(path), line=exc.lineno) from None
    except RecursionError:
        raise ScenarioError("not a saved battle: nested too deeply", file=str(path)) from None
    except ValueError:          # a number too long for Python to convert
        raise ScenarioError("not a saved battle: a number has too many digits",
                            file=str(path)) from None
    try:
        return TableBattle.from_json(data, rules_for, autosave_path=path)
    except ScenarioError as exc:
        raise exc.located(file=str(path)) from None
    except CombatAssistError as exc:
        raise ScenarioError(f"the saved battle can't be replayed: {exc}", file=str(path)) from None
    except RecursionError:
        raise ScenarioError("the saved battle is damaged: nested too deeply",
                            file=str(path)) from None
    except Exception as exc:    # noqa: BLE001 - untrusted data the rules code can't read
        # e.g. a choice of the wrong shape reaching a ruleset's apply(): the file is damaged,
        # not the program; say so in one line instead of failing the app's start
        raise ScenarioError(f"the saved battle is damaged ({type(exc).__name__} while "
                            "replaying it)", file=str(path)) from None

