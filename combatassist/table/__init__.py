"""Table-side battles: fight a battle with the players' real dice, phase by phase.

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

An attack of several battles (a Low Luck attack's later waves and counter-attack) is fought
one battle after the other: once a battle is over, ``TableBattle.next_battle`` says which
may follow and ``fight_next`` starts it against what the dice left (``waves``); the earlier
battles stay in the log and the saved battle, and Undo takes the start back.

The pieces: ``battle`` (``TableBattle``, ``load_battle``), ``records`` (entries, log lines),
``saved`` (the autosave JSON), ``odds`` (odds from a position), ``waves`` (the battles of an
attack after its first); the players' text is apart
(``combatassist.choices``), the autosave files' ownership too (``combatassist.autosave``).
"""
from __future__ import annotations

# The players' text (re-exported: the table-side panel reads choices and dice through here).
from ..choices import format_choice, from_json, parse_choice, parse_dice
from .battle import TableBattle, load_battle, luck_lines
from .dice_groups import DiceGroup, assemble, dice_groups, split
from .luck import Luck, roll_luck, total_luck
from .odds import Branch, branch_of, ipc_lost, odds_from, retreat_branch
from .records import (ENDINGS, BetweenRounds, Entry, Fought, LogLine, NextBattle, Preview,
                      entry_from_json, jsonable)
from .waves import Stage
from .saved import (AUTOSAVE_NAME, FORMAT, MAX_AUTOSAVE_BYTES, MAX_SAVED_STEPS,
                    MAX_SAVED_STRING, SavedBattle, SavedHeader, read_header,
                    rules_from_scenario, slot_ruleset)

__all__ = ["Branch", "Luck", "branch_of", "ipc_lost", "luck_lines", "retreat_branch",
           "roll_luck", "total_luck", "AUTOSAVE_NAME", "ENDINGS", "FORMAT", "MAX_AUTOSAVE_BYTES", "MAX_SAVED_STEPS",
           "MAX_SAVED_STRING", "BetweenRounds", "Fought", "NextBattle", "Stage", "DiceGroup", "assemble", "dice_groups", "split", "Entry", "LogLine", "Preview", "SavedBattle",
           "SavedHeader", "TableBattle", "entry_from_json", "format_choice", "from_json",
           "jsonable", "load_battle", "odds_from", "parse_choice", "parse_dice",
           "read_header", "rules_from_scenario", "slot_ruleset"]
