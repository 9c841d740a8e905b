"""The autosave format of a table battle (``combatassist-table/1`` JSON): what is stored is
only what the players did — the scenario text plus, per phase, the dice and the choice — so
resuming replays those entries through the rules (``TableBattle.from_json``).

``battle_document`` writes a battle's document, ``read_document`` checks one and gives its
parts back (a ``SavedBattle``), ``read_json_file`` reads a file of it with one-line errors.
"""
from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import rulesets
from ..battle import BattleRules
from ..errors import ScenarioError, shown
from ..files import read_text_file
from ..scenario import parse_scenario_text
from .records import BetweenRounds, Entry, ending_from_json, entry_from_json, list_field

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

#: What the file keys are (anything else is refused).
FIELDS = ("format", "ruleset", "scenario", "rounds", "current", "redo", "ending")
RulesFor = Callable[[str], tuple[BattleRules, str]]


def battle_document(battle: Any) -> dict[str, Any]:
    """The JSON document of a ``TableBattle``."""
    redo = [list(item) if isinstance(item, tuple) else
            item.to_json() if isinstance(item, (BetweenRounds, Entry)) else
            [e.to_json() for e in item]
            for item in battle.redo_stack]
    return {
        "format": FORMAT,
        "ruleset": battle.ruleset,
        "scenario": battle.scenario_text,
        "rounds": [[e.to_json() for e in r] for r in battle.rounds],
        "current": [e.to_json() for e in battle.current],
        "redo": redo,
        "ending": list(battle.ending) if battle.ending else None,
    }


@dataclass
class SavedBattle:
    """A saved battle's parts, checked for shape (replaying them checks the rest)."""

    rules: BattleRules
    ruleset: str
    scenario_text: str
    rounds: list[list[Entry | BetweenRounds]]
    current: list[Entry | BetweenRounds]
    redo: list
    ending: tuple[str, str] | None


def read_document(data: Any, rules_for: RulesFor | None = None) -> SavedBattle:
    """The parts of a saved battle's document. ``rules_for(scenario_text)`` gives
    ``(rules, ruleset)`` (default ``rules_from_scenario``). Raises ScenarioError naming the
    field for a document that isn't one."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ScenarioError("not a saved table-side battle",
                            hint=f"expected a JSON object with format \"{FORMAT}\"")
    text = data.get("scenario")
    if not isinstance(text, str):
        raise ScenarioError("the saved battle has no scenario", field="scenario")
    unknown = set(data) - set(FIELDS)
    if unknown:
        raise ScenarioError(f"unknown field {shown(sorted(unknown)[0])}")
    rules, ruleset = (rules_for or rules_from_scenario)(text)
    saved_ruleset = data.get("ruleset", "")
    if not isinstance(saved_ruleset, str) or (saved_ruleset and saved_ruleset != ruleset):
        raise ScenarioError(f"says ruleset {shown(data.get('ruleset'))} but its scenario "
                            f"is {shown(ruleset)}", field="ruleset")
    rounds = list_field(data, "rounds")
    if not all(isinstance(r, list) for r in rounds):
        raise ScenarioError("each round must be a list of phase entries", field="rounds")
    entries = sum(len(r) for r in rounds) + len(list_field(data, "current")) + \
        sum(len(item) if isinstance(item, list) else 1 for item in list_field(data, "redo"))
    if entries > MAX_SAVED_STEPS:      # every one is replayed: keep the start quick
        raise ScenarioError(f"holds {entries:,} steps; a saved battle has at most "
                            f"{MAX_SAVED_STEPS:,}", field="rounds")
    redo: list = []
    for item in list_field(data, "redo"):
        if isinstance(item, dict):
            redo.append(entry_from_json(item))
        elif isinstance(item, list) and item and isinstance(item[0], str):
            redo.append(ending_from_json(item, "redo"))
        elif isinstance(item, list):
            redo.append([entry_from_json(e) for e in item])
        else:
            raise ScenarioError(f"unknown undone step {shown(item)}", field="redo")
    ending = data.get("ending")
    return SavedBattle(rules, ruleset, text,
                       [[entry_from_json(e) for e in r] for r in rounds],
                       [entry_from_json(e) for e in list_field(data, "current")], redo,
                       None if ending is None else ending_from_json(ending, "ending"))


def read_json_file(path: str | Path) -> Any:
    """The JSON of a saved battle's file (at most ``MAX_AUTOSAVE_BYTES``); one-line
    ScenarioError naming the file for anything that isn't JSON."""
    text = read_text_file(path, MAX_AUTOSAVE_BYTES)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise ScenarioError(f"not valid JSON: {exc.msg}", file=str(path), line=exc.lineno) from None
    except RecursionError:
        raise ScenarioError("not a saved battle: nested too deeply", file=str(path)) from None
    except ValueError:          # a number too long for Python to convert
        raise ScenarioError("not a saved battle: a number has too many digits",
                            file=str(path)) from None


def rules_from_scenario(text: str) -> tuple[BattleRules, str]:
    """The battle rules of a scenario's TOML text: its ruleset's ``make_rules``."""
    scenario = parse_scenario_text(text)
    return rulesets.get(scenario.ruleset).make_rules(scenario.body), scenario.ruleset
