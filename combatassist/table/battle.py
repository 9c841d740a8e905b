"""The battle in progress at the table (``TableBattle``): the players' dice phase by phase,
their own choices, between-rounds steps, undo/redo, ending it early; every state rebuilt by
replaying the stored entries (``records``), saved after every change (``saved``).

Why one module of ~580 lines: replay, undo/redo and the between-rounds steps are one
mechanism (everything is rebuilt from the stored entries, a step the autosave can't keep is
taken back by it too); the records, the file format and the odds from a position are apart.
"""
from __future__ import annotations

import json
import math
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from .. import rulesets
from ..battle import BattleRules, DieSpec, Phase, check_roll, optional, phase_exact
from ..choices import format_choice
from ..errors import CombatAssistError, EngineError, ScenarioError, shorten
from ..files import atomic_write_text
from ..text import Message, Text, join, lines as text_lines, msg, split_lines
from . import saved, waves
from .luck import Luck, roll_luck, total_luck
from .odds import ipc_lost, odds_from
from .records import ENDINGS, BetweenRounds, Entry, Fought, LogLine, NextBattle, Preview


class TableBattle:
    """A battle in progress at the table over any ``BattleRules``.

    ``rounds`` holds the completed rounds (each a list of ``Entry``, one per phase),
    ``current`` the entries of the round being played. Every change calls ``on_change`` and,
    when ``autosave_path`` is set, rewrites that file atomically.
    """

    def __init__(self, rules: BattleRules, *, scenario_text: str = "", ruleset: str = "",
                 autosave_path: str | Path | None = None,
                 on_change: Callable[["TableBattle"], None] | None = None,
                 files: dict[str, str] | None = None):
        #: the rules the battle started with; ``rules`` are those in force now (a
        #: between-rounds step may replace them)
        self.initial_rules = rules
        self.rules = rules
        self.scenario_text = scenario_text
        self.ruleset = ruleset
        #: the outside files the scenario names, ``{full path: SHA-256}`` as the battle began
        #: (saved with it: a battle resumes only with the same content, ``saved``)
        self.files = saved.named_files(scenario_text) if files is None else dict(files)
        self.autosave_path = Path(autosave_path) if autosave_path else None
        self.on_change = on_change
        self.rounds: list[list[Entry | BetweenRounds]] = []
        self.current: list[Entry | BetweenRounds] = []
        self.redo_stack: list[list[Entry | BetweenRounds] | tuple[str, str] | BetweenRounds |
                              Entry | NextBattle] = []
        #: (kind, side) when the players ended the battle themselves, e.g. ("retreat", "attacker").
        self.ending: tuple[str, str] | None = None
        #: the attack's battles after this one (a Low Luck attack's later waves and
        #: counter-attack, ``waves``; None: one battle) and those fought before the one
        #: being fought (``rounds``, ``current`` and ``ending`` are its own)
        self.chain = waves.chain_of(rules, ruleset)
        self.earlier: list[Fought] = []
        #: the size of the file last saved (bytes), for the room check of ``enter``
        self._saved_bytes = 0
        self._title: str | None = None
        #: what replaying a step computes, by phase, position and dice (``_ReplayMemo``)
        self._memo = _ReplayMemo()
        self._rebuild()

    # -- state, rebuilt from the entries ----------------------------------------------
    def _rebuild(self) -> None:
        """Replay every entry from the initial state (the only way state is ever made): the
        attack's earlier battles first, each followed by the next (``waves``), then the
        battle being fought."""
        rules = self.initial_rules
        stage = self.chain.first if self.chain is not None else None
        self.log: list[LogLine] = []
        for fought in self.earlier:
            rules, stage = self._replay_fought(rules, stage, fought)
        #: which of the attack's battles is fought (None: a battle of its own) and the rules
        #: it started with; ``log_start``: where its lines start in ``log``
        self.stage: waves.Stage | None = stage
        self.battle_rules = rules
        self.log_start = len(self.log)
        self.rules = rules
        state = self.rules.initial_state()
        self.round_states = [state]
        for number, entries in enumerate(self.rounds, start=1):
            state = self._play(number, state, entries, complete=True)
            self.round_states.append(state)
        #: the rules in force at the current round's start (``_replay_round``)
        self._round_rules = self.rules
        self.state = self._play(len(self.rounds) + 1, state, self.current, complete=False)

    def _replay_fought(self, rules: BattleRules, stage: "waves.Stage | None",
                       fought: Fought) -> tuple[BattleRules, "waves.Stage"]:
        """Replay an earlier battle of the attack (``rules`` its rules, ``stage`` which one);
        its end and the next battle's start go into the log. The next battle's rules and
        stage; EngineError when it isn't over or no battle follows it."""
        self.rules = rules
        state = rules.initial_state()
        start = len(self.log)
        for number, entries in enumerate(fought.rounds, start=1):
            state = self._play(number, state, entries, complete=True)
        state = self._play(len(fought.rounds) + 1, state, fought.current, complete=False)
        dice = any(not isinstance(e, BetweenRounds) for e in fought.current)
        if fought.ending is not None and (dice or self.rules.verdict(state) is not None):
            raise EngineError(msg("an earlier battle of the attack was ended when it was "
                                  "over or in the middle of a round"))
        verdict = (ENDINGS.get(fought.ending, "draw") if fought.ending is not None else
                   None if dice else self.rules.verdict(state))
        following = (self.chain.next(stage, self.rules, state)
                     if verdict is not None and self.chain is not None and stage is not None
                     else None)
        if following is None or verdict is None or stage is None:
            raise EngineError(msg("an earlier battle of the attack isn't over, or no battle "
                                  "follows it"))
        ended, fought_stage = verdict, stage
        after, (nxt, next_rules) = state, following
        nxt_start = next_rules.initial_state()
        end_rules, rolls = self.rules, [(line.dice, line.rolled) for line in self.log[start:]
                                        if line.dice]

        def end_words() -> tuple[str, str]:
            # made when shown (as every log line's words), not at each replay
            summary = _summary(end_rules, after, ended, len(fought.rounds), fought.ending,
                               total_luck(rolls), fought_stage)
            return "", text_lines([join("", [fought_stage.title(), ": ", line]) if i == 0
                                   else line
                                   for i, line in enumerate(summary)])

        def next_words() -> tuple[str, str]:
            return "", text_lines([join("", ["━━━ ", nxt.title(), " ━━━"]),
                                   join("", ["    ", msg("now: {position}",
                                                         position=next_rules.describe(
                                                             nxt_start))])])
        self.log.append(LogLine(len(fought.rounds), "", (), None, False, after, end_words))
        self.log.append(LogLine(0, "", (), None, False, nxt_start, next_words))
        return next_rules, nxt

    def _replay_round(self, completed: list | None = None) -> None:
        """Replay the round in progress only (the rounds before it stand): after an entry
        was added to ``current`` — or, with ``completed``, after that round was added to
        ``rounds`` (``current`` empty). What ``_rebuild`` would give, without replaying the
        whole battle again (``_check_redo``: a long redo list stays linear)."""
        self.rules = self._round_rules
        start = self.round_states[-1]
        if completed is not None:
            start = self._play(len(self.rounds) + 1, start, completed, complete=True)
            self.rounds.append(completed)
            self.round_states.append(start)
            self._round_rules = self.rules
        self.state = self._play(len(self.rounds) + 1, start, self.current, complete=False)

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
        if len(dice_entries) > len(phases) or (complete and not dice_entries and phases):
            raise EngineError(msg("round {round} has {phases} phases, but {recorded} were "
                                  "recorded", round=number, phases=len(phases),
                                  recorded=len(dice_entries)))
        for phase, entry in zip(phases, dice_entries):
            state = self._apply(number, phase, state, entry)
        # a completed round may stop early: where the rest of it is void (``rest_is_void``)
        if complete and len(dice_entries) < len(phases) and not self._void_after(
                self.rules, state, phases[len(dice_entries):]):
            raise EngineError(msg("round {round} has {phases} phases, but {recorded} were "
                                  "recorded", round=number, phases=len(phases),
                                  recorded=len(dice_entries)))
        if complete:
            state = self.rules.end_round(state)
        return state

    def _between(self, number: int, state: Any, action: Any) -> tuple[BattleRules, Any]:
        """Apply a between-rounds step (raises EngineError, nothing logged, if refused)."""
        apply = optional(self.rules, "apply_between_rounds")
        if apply is None:
            raise EngineError(msg("this battle has nothing to do between rounds"))
        if number < 2:
            raise EngineError(msg("between-rounds steps start in round 2 (round 1 isn't over "
                                  "yet)"))
        if self.rules.verdict(state) is not None:
            raise EngineError(msg("the battle is over"))
        rules, after = apply(state, action)
        describe = optional(self.rules, "describe_action", format_choice)

        def words() -> tuple[str, str]:
            return "", text_lines([msg("Before round {round} — {action}", round=number,
                                       action=describe(action)),
                                   join("", ["    ", msg("now: {position}",
                                                         position=rules.describe(after))])])
        self.log.append(LogLine(number, "between rounds", (), action, True, after, words))
        return rules, after

    def _apply(self, number: int, phase: Phase, state: Any, entry: Entry) -> Any:
        """Play one recorded phase: its dice checked, resolved once, the choice applied; the
        log line's words are made when it is read (``LogLine``), so a replay does only this."""
        rules = self.rules
        specs, outcome = self._memo.dice_and_outcome(phase, state, entry.rolled)
        after = self._memo.apply(phase, state, outcome, entry.choice)

        def words() -> tuple[str, str]:
            explanation = self._memo.explain(phase, state, entry.rolled)
            dice = " ".join(str(d) for d in entry.rolled) or msg("no dice")
            # One log entry per phase: heading with the dice, the rules' explanation
            # indented, then the players' own choice (if any) and the position after it.
            lines: list[Text] = [msg("Round {round}, {phase} — dice: {dice}", round=number,
                         phase=phase.name, dice=dice)]
            lines += [join("", ["    ", line]) for line in split_lines(explanation)]
            if entry.choice is not None:
                describe = optional(rules, "describe_choice", format_choice)
                lines.append(join("", ["    ", msg("players' choice: {choice}",
                                                   choice=describe(entry.choice))]))
            lines.append(join("", ["    ", msg("now: {position}",
                                               position=self._memo.describe(rules, after))]))
            lines += [join("", ["    ", line]) for line in luck_lines(roll_luck(specs,
                                                                              entry.rolled))]
            return explanation, text_lines(lines)
        self.log.append(LogLine(number, phase.name, entry.rolled, entry.choice,
                                entry.choice is not None, after, words, specs))
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

    @property
    def title(self) -> str:
        """The scenario's title ("" without one)."""
        if self._title is None:
            self._title = saved.scenario_title(self.scenario_text)
        return self._title

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
        options = optional(self.rules, "between_rounds_options")
        if options is None or self.round_number < 2 or self.dice_entered() or self.is_over():
            return None
        return options(self.state)

    def dice(self) -> tuple[DieSpec, ...]:
        phase = self.current_phase()
        return phase.dice(self.state) if phase is not None else ()

    def sure_hits(self) -> tuple[tuple[str, int, str], ...]:
        """The current phase's hits scored without a die (``Phase.sure_hits``)."""
        phase = self.current_phase()
        return phase.sure_hits(self.state) if phase is not None else ()

    def verdict(self) -> str | None:
        """'attacker' / 'defender' / 'draw' once the battle is over, else None."""
        if self.ending is not None:
            return ENDINGS.get(self.ending, "draw")
        if self.dice_entered():
            return None
        return self.rules.verdict(self.state)

    def rest_is_void(self) -> bool:
        """Mid-round: the battle is decided now (``rules.verdict``) and every outcome of
        the round's remaining phases leaves the position as it is (checked exactly, phase
        by phase: a decided battle's remaining dice are few), so they are not asked for:
        the round ends here (e.g. a surprise strike that leaves the enemy only submerged
        submarines; a side without units has nothing to fire)."""
        return self._void_after(self.rules, self.state, self.phases()[self.dice_entered():])

    def _void_after(self, rules: BattleRules, state: Any, rest: Sequence[Phase]) -> bool:
        if not rest or rules.verdict(state) is None:
            return False
        return all(phase_exact(phase, {state: 1.0}).keys() == {state} for phase in rest)

    @property
    def rounds_played(self) -> int:
        """Rounds fought (completed; a round whose rest was void counts)."""
        return len(self.rounds)
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
        entry = Entry(tuple(rolled), choice)
        self._check_room(entry)
        after = self._apply(self.round_number, phase, self.state, entry)  # raises if illegal
        before = self._entries()
        self.current.append(entry)
        self.redo_stack.clear()
        self._close_round()
        self._changed(before)
        return self.log[-1] if self.log else LogLine(0, "", (), None, False, after,
                                                     lambda: ("", ""))

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
        self._check_room(BetweenRounds(action))
        log_size = len(self.log)
        try:
            self._between(self.round_number, self.state, action)   # raises if illegal
        finally:
            del self.log[log_size:]
        before = self._entries()
        self.current.append(BetweenRounds(action))
        self.redo_stack.clear()
        self._rebuild()
        self._changed(before)
        return self.log[-1]

    def end(self, kind: str = "end", side: str = "attacker") -> None:
        """End the battle here: ("retreat", side) gives the other side the win; "end" a draw.
        Raises EngineError (nothing changes) once the battle is over, mid-round, or for a
        retreat the ruleset doesn't allow."""
        if self.ending is not None:
            raise EngineError(msg("the battle has already ended"))
        if self.is_over():        # a side has won: neither a retreat nor an end changes that
            raise EngineError(msg("the battle is over; undo to continue it"))
        if self.dice_entered():
            raise EngineError(msg("finish the round in progress first (or undo it)"))
        if kind not in ("retreat", "end") or side not in ("attacker", "defender"):
            raise EngineError(f"unknown ending {kind!r} for {side!r}")
        if kind == "retreat" and side not in self.retreat_sides():
            sides = list(self.retreat_sides())
            may = (msg("{a} or {b}", a=sides[0], b=sides[1]) if len(sides) == 2 else
                   sides[0] if sides else msg("neither side"))
            raise EngineError(msg("the {side} can't retreat in this ruleset ({may} may)",
                                  side=side, may=may))
        refusal = optional(self.rules, "retreat_refusal")
        why = refusal(self.state, side) if kind == "retreat" and refusal is not None else None
        if why:
            raise EngineError(why)
        if kind == "retreat" and self.withdrawal(side) is not None:
            # some units can't leave: the others withdraw, a step of the battle, which goes on
            if self.round_number < 2:
                raise EngineError(msg("the {side} can retreat once round 1 is over",
                                      side=side))
            self.between_rounds({"withdraw": side})
            return
        before = self._entries()
        self.ending = (kind, side)
        self.redo_stack.clear()
        self._changed(before)

    def retreat_refused(self, side: str) -> str | None:
        """Why ``side`` can't retreat now (None: it can): the battle is over, a round is
        in progress, the ruleset doesn't let it, or its rules refuse (the landed units of
        an amphibious assault that already withdrew the others)."""
        if self.ending is not None or self.is_over():
            return msg("the battle is over; undo to continue it")
        if self.dice_entered():
            return msg("finish the round in progress first (or undo it)")
        if side not in self.retreat_sides():
            sides = list(self.retreat_sides())
            may = (msg("{a} or {b}", a=sides[0], b=sides[1]) if len(sides) == 2 else
                   sides[0] if sides else msg("neither side"))
            return msg("the {side} can't retreat in this ruleset ({may} may)", side=side,
                       may=may)
        refusal = optional(self.rules, "retreat_refusal")
        why = refusal(self.state, side) if refusal is not None else None
        if why:
            return why
        if self.withdrawal(side) is not None and self.round_number < 2:
            return msg("the {side} can retreat once round 1 is over", side=side)
        return None

    def withdrawal(self, side: str) -> Any | None:
        """The position a retreat of ``side`` leads to when some of its units can't leave and
        fight on (``rules.withdraw``: an amphibious assault's landed units); None when the
        retreat ends the battle."""
        withdraw = optional(self.rules, "withdraw")
        if side != "attacker" or withdraw is None or self.is_over():
            return None
        after = withdraw(self.state)
        return None if after is None or after == self.state else after

    def retreat_sides(self) -> tuple[str, ...]:
        """The sides that may retreat: the ruleset's rule (``Ruleset.retreat_sides``); both
        for rules of no known ruleset."""
        if self.ruleset in rulesets.names():
            return tuple(rulesets.get(self.ruleset).retreat_sides)
        return ("attacker", "defender")

    def can_undo(self) -> bool:
        return bool(self.ending or self.current or self.rounds or self.earlier)

    def can_redo(self) -> bool:
        return bool(self.redo_stack)

    def undo(self) -> None:
        """Undo the ending, else the round in progress (its dice; a between-rounds step
        alone is undone one step at a time, redoably), else the last completed round, else
        (an attack's later battle, nothing played yet) its start: the battle before it is
        back as it ended.

        Rules with ``undo_by_phase = True`` (Medium Luck: one band at a time) undo one phase
        at a time instead, redoably: the last dice entered, reopening the last completed
        round when the current one has none."""
        before = self._entries()
        if self.ending is not None:
            self.redo_stack.append(self.ending)
            self.ending = None
        elif optional(self.initial_rules, "undo_by_phase", False) and (
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
        elif self.earlier and self.stage is not None:
            self.redo_stack.append(NextBattle(self.stage.key))
            fought = self.earlier.pop()
            self.rounds, self.current, self.ending = fought.rounds, fought.current, \
                fought.ending
        else:
            raise EngineError(msg("nothing to undo"))
        self._rebuild()
        self._changed(before)

    def redo(self) -> None:
        """Take the last undone step again. Raises EngineError (nothing changes) when there
        is none, or when it doesn't replay (a damaged saved battle's redo list)."""
        if not self.redo_stack:
            raise EngineError(msg("nothing to redo"))
        before = self._entries()
        item = self.redo_stack.pop()
        try:
            if isinstance(item, tuple):
                self.ending = item
            elif isinstance(item, NextBattle):
                self._redo_next(item)
            elif isinstance(item, BetweenRounds):
                self.current.append(item)
            elif isinstance(item, Entry):              # one phase (undo_by_phase)
                self.current.append(item)
                self._close_round()
            else:
                self.rounds.append(item)
            self._rebuild()
        except CombatAssistError:
            # a resumed file's redo list is replayed only now: one that doesn't replay (a
            # damaged file) is refused, the battle as it was
            self._restore(before)
            raise
        self._changed(before)

    def _redo_next(self, item: NextBattle) -> None:
        """Start the next battle again (a redone ``fight_next``): EngineError unless the
        battle is over and the one that follows is the one ``item`` started."""
        stage = None if self.dice_entered() else self.next_battle()
        if stage is None or stage.key != item.stage:
            raise EngineError(msg("the undone step starts {stage}, which doesn't follow this "
                                  "battle", stage=item.stage))
        self._start_next()

    def _close_round(self) -> None:
        """Rebuild after a phase was added to ``current``; the round is complete when its
        last phase is played or the rest of it is void (``rest_is_void``)."""
        self._rebuild()
        if self.dice_entered() == len(self.phases()) or self.rest_is_void():
            self.rounds.append(self.current)
            self.current = []
            self._rebuild()

    def luck(self) -> dict[str, Luck]:
        """Each side's hits over the battle so far against their exact distribution
        (``luck.total_luck`` of every roll's ``roll_luck``; sides without hit dice left
        out); of an attack's battle, that battle's (the sides are other units, the
        counter-attack's the other player's)."""
        return total_luck((line.dice, line.rolled) for line in self.log[self.log_start:]
                          if line.dice)

    def ipc_lost(self) -> tuple[float, float] | None:
        """The IPC each side has lost so far (None where units have no cost)."""
        return ipc_lost(self.rules, self.state)

    def holds_territory(self) -> str | None:
        """Who holds the territory once the battle is over: "attacker" when it won with a
        land unit left (the rules' ``territory_taken``), else "defender"; None while it goes
        on, at sea, or where the rules don't say."""
        if not self.is_over():
            return None
        return _holder(self.rules, self.state, self.verdict())

    def summary(self) -> str:
        """The finished battle in a few lines (for people; "" while it goes on): the
        result, the IPC each side lost, who holds the territory, and how lucky each side's
        dice were against their exact expectation."""
        verdict = self.verdict()
        if verdict is None:
            return ""
        return text_lines(_summary(self.rules, self.state, verdict, self.rounds_played, None,
                                   self.luck(), self.stage))

    def next_battle(self) -> "waves.Stage | None":
        """The attack's battle that may be fought now that this one is over (a later wave
        against the defender's survivors, the counter-attack: ``waves``); None while it
        goes on, when the attack is over, or for a battle of its own."""
        if self.chain is None or self.stage is None or not self.is_over():
            return None
        following = self.chain.next(self.stage, self.rules, self.state)
        return following[0] if following is not None else None

    def fight_next(self) -> None:
        """Start the attack's next battle (``next_battle``) against what this one left; this
        battle's log stays, Undo takes the start back. Raises EngineError (nothing changes)
        when no battle follows now."""
        stage = self.next_battle()
        if stage is None:
            raise EngineError(msg("no battle of the attack follows now") if self.is_over()
                              else msg("finish this battle first"))
        self._check_room(NextBattle(stage.key))
        before = self._entries()
        self._start_next()
        self.redo_stack.clear()
        self._rebuild()
        self._changed(before)

    def _start_next(self) -> None:
        """This battle among the earlier ones; the next one begins, nothing entered."""
        self.earlier.append(Fought(self.rounds, self.current, self.ending))
        self.rounds, self.current, self.ending = [], [], None

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

    def _check_room(self, entry: Entry | BetweenRounds | NextBattle) -> None:
        """Refuse a step the saved battle couldn't hold (EngineError, nothing changes): every
        battle saved can be resumed."""
        if saved.steps_of(self) >= saved.MAX_SAVED_STEPS:
            raise EngineError(msg("this battle has {steps:,} steps, the most a saved battle "
                                  "holds; end it here", steps=saved.MAX_SAVED_STEPS))
        if self.autosave_path is None:
            return
        grows = len(json.dumps(entry.to_json(), separators=(",", ":"))) + 64
        if self._saved_bytes + grows > saved.MAX_AUTOSAVE_BYTES:
            raise EngineError(msg("this battle's saved file would grow past {limit:,} bytes, "
                                  "the most a saved battle holds; end it here",
                                  limit=saved.MAX_AUTOSAVE_BYTES))

    def _require_phase(self) -> Phase:
        phase = self.current_phase()
        if phase is None:
            raise EngineError(msg("the battle is over; undo to continue it"))
        return phase

    # -- persistence --------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return saved.battle_document(self)

    @classmethod
    def from_json(cls, data: Any, rules_for: saved.RulesFor | None = None,
                  *, autosave_path: str | Path | None = None,
                  ruleset: str | None = None) -> "TableBattle":
        """Rebuild a battle by replaying its entries. ``rules_for(scenario_text)`` gives
        ``(rules, ruleset)``; the default parses the scenario and asks its ruleset's
        ``make_rules``; ``ruleset``: the ruleset it must be (its slot's). Raises
        ScenarioError / EngineError for a file that doesn't replay to what its header says."""
        parts = saved.read_document(data, rules_for, ruleset=ruleset)
        battle = cls(parts.rules, scenario_text=parts.scenario_text, ruleset=parts.ruleset,
                     files=parts.files)
        battle.rounds, battle.current = parts.rounds, parts.current
        battle.redo_stack, battle.ending = parts.redo, parts.ending
        battle.earlier = parts.earlier
        battle._rebuild()   # replays and checks every entry
        if parts.earlier and (battle.stage is None or battle.stage.key != parts.stage):
            raise ScenarioError(f"says the battle fought is {parts.stage!r}, but its steps "
                                f"replay to {battle.stage.key if battle.stage else None!r}",
                                field="battle")
        if battle.ending is not None and battle.dice_entered():
            raise ScenarioError("the battle ended in the middle of a round", field="ending")
        if battle.ending is not None and battle.rules.verdict(battle.state) is not None:
            raise ScenarioError("the battle was ended when it was already over",
                                field="ending")
        for kind, side in (e for e in (parts.ending, *parts.redo,
                                       *(f.ending for f in parts.earlier))
                           if isinstance(e, tuple)):
            if kind == "retreat" and side not in battle.retreat_sides():
                raise ScenarioError(f"the {side} retreated, which this ruleset doesn't allow",
                                    field="ending")
        saved.check_header(parts.header, battle)
        battle._check_redo()
        saved.check_checksum(data)
        saved.check_luck(data, battle)
        battle.autosave_path = Path(autosave_path) if autosave_path else None
        return battle

    def _check_redo(self) -> "TableBattle":
        """Every step of the redo list replays, as Redo would take them one by one (on a copy:
        nothing changes; the copy, as every Redo would leave the battle, is returned). A
        resumed file's redo list used to be checked only when Redo was pressed (issue 37):
        now one that doesn't replay is refused on load, in one line. Each step replays only
        the round it changes (``_replay_round``): linear in the list, like resuming."""
        if not self.redo_stack:
            return self
        scratch = TableBattle(self.initial_rules, scenario_text=self.scenario_text,
                              ruleset=self.ruleset, files=self.files)
        scratch._memo = self._memo          # the same steps: resolved once
        scratch.chain = self.chain          # the same later battles' rules (and memo)
        scratch.rounds, scratch.current, _redo, scratch.ending, scratch.earlier = \
            self._entries()
        scratch._rebuild()
        items = list(reversed(self.redo_stack))          # the order Redo takes them in
        for i, item in enumerate(items):
            try:
                if isinstance(item, NextBattle):
                    scratch._redo_next(item)
                    scratch._rebuild()
                elif isinstance(item, tuple):
                    # after an ending, only the start of the attack's next battle
                    if i + 1 < len(items) and not isinstance(items[i + 1], NextBattle):
                        raise ScenarioError("an ending is redone before other steps",
                                            field="redo")
                    if scratch.dice_entered() or \
                            scratch.rules.verdict(scratch.state) is not None:
                        raise ScenarioError("the redo list ends a battle that is over or in "
                                            "the middle of a round", field="redo")
                    scratch.ending = item
                elif isinstance(item, list) and not scratch.current:
                    scratch._replay_round(completed=list(item))
                elif isinstance(item, list):        # a round over a round begun: as Redo
                    scratch.rounds.append(item)
                    scratch._rebuild()
                else:
                    scratch.current.append(item)
                    scratch._replay_round()
                    if isinstance(item, Entry) and \
                            scratch.dice_entered() == len(scratch.phases()):
                        completed, scratch.current = scratch.current, []
                        scratch._replay_round(completed=completed)
            except ScenarioError:
                raise
            except CombatAssistError as exc:
                raise ScenarioError(f"the redo list doesn't replay: {exc}",
                                    field="redo") from None
        return scratch

    def save(self, path: str | Path | None = None) -> None:
        """Write the battle atomically (to ``autosave_path`` by default)."""
        target = path or self.autosave_path
        if target is None:
            raise EngineError("no file to save the battle to")
        if len(self.title) > saved.MAX_SAVED_STRING:
            raise EngineError(msg("the scenario's title has {n:,} characters; a battle at the "
                                  "table takes at most {limit}: shorten the title",
                                  n=len(self.title), limit=saved.MAX_SAVED_STRING))
        if len(self.scenario_text) > saved.MAX_SCENARIO_BYTES:
            raise EngineError(msg("the scenario is too long to fight at the table (more "
                                  "than {limit:,} characters)", limit=saved.MAX_SCENARIO_BYTES))
        text = saved.document_text(self.to_json())
        size = len(text.encode("utf-8"))
        if size > saved.MAX_AUTOSAVE_BYTES:      # ``enter`` keeps this from happening
            raise EngineError(msg("the saved battle would be {size:,} bytes, more than the "
                                  "{limit:,} a saved battle holds", size=size,
                                  limit=saved.MAX_AUTOSAVE_BYTES))
        atomic_write_text(target, text)
        self._saved_bytes = size

    def _entries(self) -> tuple:
        """What the players did, copied (``_changed`` puts it back if a step can't be
        saved): the rounds, the round in progress, the redo stack, the ending, the attack's
        earlier battles."""
        return ([list(r) for r in self.rounds], list(self.current),
                [list(i) if isinstance(i, list) else i for i in self.redo_stack], self.ending,
                [f.copy() for f in self.earlier])

    def _restore(self, entries: tuple) -> None:
        """The battle as it was when ``_entries`` gave ``entries``."""
        self.rounds, self.current, self.redo_stack, self.ending, self.earlier = entries
        self._rebuild()

    def _changed(self, before: tuple) -> None:
        """Autosave the step just taken, then tell ``on_change``. A step that can't be saved
        (a full disk: OSError; a file past its bound: EngineError) is taken back — the
        battle is again ``before`` (``_entries``), what its file says — and the error
        raised: nothing changes, so taking the step again later plays it once."""
        if self.autosave_path is not None:
            try:
                self.save()
            except Exception:
                self._restore(before)
                raise
        if self.on_change is not None:
            self.on_change(self)


def _holder(rules: BattleRules, state: Any, verdict: str | None) -> str | None:
    """``TableBattle.holds_territory`` of a battle over at ``state`` with ``verdict``."""
    land = optional(rules, "land_units")
    if land is None or land() is None:
        return None
    if verdict != "attacker":
        return "defender"
    taken = optional(rules, "territory_taken")
    if taken is not None:
        return "attacker" if bool(taken([state])[0]) else "defender"
    units = optional(rules, "state_units")(state)[0]
    return "attacker" if any(u in land() for u, n in units.items() if n) else "defender"


def _summary(rules: BattleRules, state: Any, verdict: str, rounds: int,
             ending: tuple[str, str] | None, luck: dict[str, Luck],
             stage: "waves.Stage | None") -> list[Text]:
    """``TableBattle.summary``'s lines of a battle over at ``state``; with ``ending`` (an
    earlier battle of the attack in the log) the players' ending first."""
    out: list[Text] = []
    if ending is not None:
        out.append(msg("the players end the battle") if ending[0] != "retreat" else
                   msg("the attacker retreats") if ending[1] == "attacker" else
                   msg("the defender retreats"))
    who = {"attacker": msg("the attacker wins"), "defender": msg("the defender wins"),
           "draw": msg("a draw")}[verdict]
    out.append(msg("Result: {who} after {rounds} rounds", who=who, rounds=rounds)
               if rounds != 1 else msg("Result: {who} after 1 round", who=who))
    lost = ipc_lost(rules, state)
    if lost is not None:
        out.append(msg("IPC lost: attacker {attacker:g}, defender {defender:g}",
                       attacker=lost[0], defender=lost[1]))
    holder = _holder(rules, state, verdict)
    counter = stage is not None and stage.kind == "counter"
    if holder == "attacker":
        out.append(msg("The territory: the counter-attack takes it back") if counter else
                   msg("The territory: the attacker takes it"))
    elif holder == "defender":
        out.append(msg("The territory: the attacker holds it against the counter-attack")
                   if counter else msg("The territory: the defender holds it"))
    out += luck_lines(luck, whole=True)
    return out


def luck_lines(luck: dict[str, Luck], *, whole: bool = False) -> list[Message]:
    """A sentence per side of ``luck`` (``luck.roll_luck``; ``whole``: of the battle):
    its hits, the exact expectation and the percentile (``luck``'s definition)."""
    out = []
    for side, lk in luck.items():
        if lk.certain:
            continue
        # "better than" a whole percent, rounded down: the luckiest roll is better than 99 %
        # of rolls, never "better than 100 %" (rounding 99.98 % up said so)
        shown = math.floor(lk.percentile * 100 + 1e-9) / 100
        name = {"attacker": msg("attacker"), "defender": msg("defender")}.get(side, side)
        if whole:
            out.append(msg("Luck of the {side}'s dice: {hits} hits, {expected:.2f} expected: "
                           "better than {pct:.0%} of battles with these dice",
                           side=name, hits=lk.hits, expected=lk.expected, pct=shown))
        else:
            out.append(msg("luck: the {side} rolled {hits} hits ({expected:.2f} expected): "
                           "better than {pct:.0%} of rolls", side=name, hits=lk.hits,
                           expected=lk.expected, pct=shown))
    return out


def load_battle(path: str | Path, rules_for: saved.RulesFor | None = None, *,
                ruleset: str | None = None) -> TableBattle:
    """Resume a saved battle (replaying every step); it keeps autosaving to the same file.
    ``ruleset``: the ruleset it must be (the slot's it was found in).

    Whatever the file holds, the only error is a one-line ScenarioError: a damaged autosave
    must never stop the app from starting (deep JSON, huge numbers, a scenario that isn't
    one, choices the rules can't read, values that are merely wrong)."""
    data = saved.read_json_file(path)
    try:
        battle = TableBattle.from_json(data, rules_for, autosave_path=path, ruleset=ruleset)
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
    try:
        battle._saved_bytes = Path(path).stat().st_size
    except OSError:
        pass
    return battle



class _ReplayMemo:
    """What replaying steps computes, remembered for the battle's later replays (``enter``,
    undo and resume rebuild every state from the entries) and its log's words.

    A phase's dice depend on the position alone, its outcome on the position and the dice,
    the position after on those and the choice, the explanation and a position's words on
    the same: the rules are pure functions, so a step met again (a long battle repeats its
    positions: it is long because rounds change nothing) is checked and resolved once. Each
    entry holds the phase (or rules) object it is for and is used for that very object only
    (so it stays alive and its id is never another's); an unhashable position or choice is
    simply not remembered. The dice entered are checked against the phase's dice at every
    step, remembered or not."""

    #: entries kept at most in each table (then it starts again: a bound, never a different
    #: answer)
    LIMIT = 200_000

    def __init__(self):
        self._tables: dict[str, dict] = {}

    def _remember(self, table: str, owner: Any, key: tuple, make: Callable[[], Any]) -> Any:
        try:
            key = (id(owner), *key)
            hash(key)
        except TypeError:
            return make()
        kept = self._tables.setdefault(table, {})
        found = kept.get(key)
        if found is None or found[0] is not owner:
            if len(kept) >= self.LIMIT:
                kept.clear()
            found = kept[key] = (owner, make())
        return found[1]

    def dice_and_outcome(self, phase: Phase, state: Any, rolled: tuple[int, ...]):
        """(the phase's dice, its outcome) of ``rolled`` from ``state``; EngineError for dice
        that don't fit."""
        specs = self._remember("dice", phase, (state,), lambda: phase.dice(state))
        check_roll(phase, specs, rolled)
        return specs, self._remember("outcome", phase, (state, rolled),
                                     lambda: phase.resolve(state, rolled))

    def apply(self, phase: Phase, state: Any, outcome: Any, choice: Any) -> Any:
        """``phase.apply(state, outcome, choice)`` (raises as it does for an illegal choice;
        EngineError for a choice of a shape the rules can't read).
        Only the proposal (``choice`` None) is remembered: players' own choices are few, and
        equal-looking ones (1 and True) must not share an answer."""
        if choice is not None:
            # a phase whose rules decide alone (no proposal: e.g. the 1940 submerge step)
            # takes no choice: a recorded one ("banana", 12345, NaN) is refused, never
            # silently ignored (issue 37)
            if self._remember("propose", phase, (state, outcome),
                              lambda: phase.propose(state, outcome)) is None:
                raise EngineError(msg("{phase}: the rules decide here, there is nothing to "
                                      "choose (got {choice}); leave the choice empty",
                                      phase=phase.name,
                                      choice=shorten(format_choice(choice), 80)))
            try:
                return phase.apply(state, outcome, choice)
            except CombatAssistError:
                raise
            except (TypeError, AttributeError, ValueError, KeyError, IndexError,
                    OverflowError, RecursionError):
                # a choice of a shape the rules don't read (typed as JSON at the table,
                # e.g. {"attacker": [1, 2]}): refused like any illegal choice
                raise EngineError(msg("{phase}: can't use the choice {choice} here; write "
                                      "it like the proposal", phase=phase.name,
                                      choice=shorten(format_choice(choice), 80))) from None
        return self._remember("after", phase, (state, outcome),
                              lambda: phase.apply(state, outcome, None))

    def explain(self, phase: Phase, state: Any, rolled: tuple[int, ...]) -> str:
        return self._remember("explain", phase, (state, rolled),
                              lambda: phase.explain(state, rolled))

    def describe(self, rules: BattleRules, state: Any) -> str:
        return self._remember("describe", rules, (state,), lambda: rules.describe(state))
