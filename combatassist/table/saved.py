"""The autosave format of a table battle (``combatassist-table/3`` JSON): what is stored is
only what the players did — the scenario text plus, per phase, the dice and the choice — so
resuming replays those entries through the rules (``TableBattle.from_json``).

Two seals make "the battle that resumes is the battle that was saved" hold (issue 37): the
**files** the scenario names outside itself (a player's edition, a house chart) are kept as
SHA-256 hashes of their content, and a battle whose file has changed or gone is refused in one
line (its rules would be others); a **checksum** (SHA-256 over the whole document but itself)
turns an edited file — a die changed, an edition swapped, a choice rewritten — into a one-line
refusal, even where the edit would still replay. Files of format ``/2`` (before the seals)
still resume, unchecked, unless their scenario names an outside file: its content can't be
checked, so they are refused.

The document opens with a small **header** (ruleset, title, when it was saved, how far it
got: ``SavedHeader``), so a start can offer a saved battle after reading only the file's
first ``HEADER_BYTES`` (``read_header``), without replaying it. The header is never trusted
to resume: resuming replays every step and checks that the header says what the replay
gives (``check_header``); anything else sets the battle aside.

Every field is required and checked; no key may appear twice (``json.loads`` would keep the
last one silently); each string is capped (``MAX_SAVED_STRING``, the scenario at
``MAX_SCENARIO_BYTES`` like a scenario file), the steps at ``MAX_SAVED_STEPS`` and the file at
``MAX_AUTOSAVE_BYTES`` — the battle itself refuses a step past those (``TableBattle.enter``),
so every battle the app saves can be resumed.

An attack fought battle after battle (its later waves, its counter-attack: ``table.waves``)
keeps the battles before the one being fought in ``earlier`` and names that one in
``battle``; both are written only once a later battle is fought, so a battle of one wave is
saved as before and every earlier file still resumes (no new format: an older version
refuses the new fields in one line).

``battle_document`` writes a battle's document, ``read_document`` checks one and gives its
parts back (a ``SavedBattle``), ``read_json_file`` reads a file of it with one-line errors.
"""
from __future__ import annotations

import datetime
import hashlib
import json
import re
import time
import tomllib
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from .. import rulesets
from ..battle import BattleRules
from ..errors import ScenarioError, shown
from ..files import (MAX_FILE_BYTES, MAX_PATH_CHARS, naming_files, read_bytes_bounded,
                     read_text_file)
from ..scenario import parse_scenario_text
from .records import (BetweenRounds, Entry, Fought, NextBattle, ending_from_json,
                      entry_from_json, list_field)

#: Version tag of the autosave JSON (``/1``, without a header, and ``/2``, without the
#: files' hashes and the checksum, are from earlier versions).
FORMAT = "combatassist-table/3"
#: The earlier format still resumed (unchecked: see the module's docstring).
FORMAT_2 = "combatassist-table/2"
#: File name of the battle in progress inside the autosave folder (the slot: each battle's
#: own file is named after it, see ``combatassist.autosave``): ``<ruleset>-battle-in-progress.json``.
AUTOSAVE_NAME = "battle-in-progress.json"
#: Largest autosave file read or written (compact JSON). A battle of 150 units a side fought
#: to the end is a few kB; this holds over 6,000 steps of 300 dice each. Safe because a
#: battle refuses the step that would pass it (``TableBattle.enter``).
MAX_AUTOSAVE_BYTES = 4_000_000
#: Most phase entries (and between-rounds steps) a saved battle may hold: all are replayed
#: when it is resumed (a long battle is a few thousand: 1,000 rounds of three phases).
MAX_SAVED_STEPS = 20_000
#: Longest scenario text in a saved battle: what a scenario file may be.
MAX_SCENARIO_BYTES = MAX_FILE_BYTES
#: Longest other string in a saved battle (the title, a unit's, a band's or a side's name).
MAX_SAVED_STRING = 200
#: The header is read from at most this many bytes at the start of the file.
HEADER_BYTES = 4_096

#: What the file keys are (each required; anything else is refused); ``FIELDS_2``: format /2's.
FIELDS_2 = ("format", "header", "ruleset", "scenario", "rounds", "current", "redo", "ending")
FIELDS = FIELDS_2 + ("files", "checksum")
#: Fields a document may have (older ones don't): "luck", each side's hits so far with
#: their exact expectation and percentile (``TableBattle.luck``; recomputed by replay and
#: checked against it, so a file can't claim other luck than its dice); "earlier" and
#: "battle", written only once an attack's later battle is fought (``table.waves``): the
#: battles fought before it (``[{"rounds", "current", "ending"}, ...]``, each as the
#: top-level fields hold the battle being fought) and which battle that is ("wave 2",
#: "counter"; checked against the replay). A battle of one wave is saved as before.
OPTIONAL_FIELDS = ("luck", "earlier", "battle")
RulesFor = Callable[[str], tuple[BattleRules, str]]
#: The header's verdicts: how the battle ended (None: it goes on).
VERDICTS = (None, "attacker", "defender", "draw")
#: The document's start up to its header (any JSON spacing): ``{"format": "…", "header": {``.
_FORMAT = re.compile(r'"format"\s*:\s*"([^"\\]{0,60})"')
_HEAD = re.compile(r'\s*\{\s*"format"\s*:\s*"(?P<format>[^"\\]{0,60})"\s*,\s*"header"\s*:\s*')


def slot_ruleset(slot: str | Path) -> str | None:
    """The ruleset whose battles a slot file holds (``lowluck-battle-in-progress.json`` ->
    ``lowluck``); None for a file not named after a ruleset."""
    name = Path(slot).name
    suffix = "-" + AUTOSAVE_NAME
    if not name.endswith(suffix) or name == suffix:
        return None
    return name[:-len(suffix)]


@dataclass(frozen=True)
class SavedHeader:
    """What a start shows about a saved battle before replaying it."""

    ruleset: str
    #: the scenario's title ("" without one)
    title: str
    #: when it was last saved (ISO 8601, UTC, to the second)
    saved: str
    #: rounds completed
    rounds: int
    #: steps recorded (phase entries and between-rounds steps, undone ones not counted)
    steps: int
    #: how it ended ("attacker" / "defender" / "draw"), None while it goes on
    verdict: str | None
    #: an attack's later battle being fought ("wave 2", "counter"); None: its first (or a
    #: battle of its own), and then not written (files as before)
    battle: str | None = None

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        if self.battle is None:
            del data["battle"]
        return data

    @classmethod
    def from_json(cls, data: Any) -> "SavedHeader":
        """A header, every field required and checked (ScenarioError naming it)."""
        if not isinstance(data, dict):
            raise ScenarioError(f"must be a table, got {shown(data)}", field="header")
        names = [f for f in cls.__dataclass_fields__ if f != "battle"]
        missing = [f for f in names if f not in data]
        if missing:
            raise ScenarioError("is missing", field=f"header.{missing[0]}")
        unknown = sorted(set(data) - set(names) - {"battle"})
        if unknown:
            raise ScenarioError(f"unknown field {shown(unknown[0])}", field="header")
        for key in ("ruleset", "title", "saved"):
            _check_string(data[key], f"header.{key}")
        for key in ("rounds", "steps"):
            value = data[key]
            if type(value) is not int or not 0 <= value <= MAX_SAVED_STEPS:
                raise ScenarioError(f"must be a whole number 0-{MAX_SAVED_STEPS:,}, got "
                                    f"{shown(value)}", field=f"header.{key}")
        if data["verdict"] not in VERDICTS:
            raise ScenarioError(f"unknown verdict {shown(data['verdict'])}",
                                field="header.verdict")
        if not valid_time(data["saved"]):
            raise ScenarioError(f"must be a time like 2026-12-01T21:40:00Z, got "
                                f"{shown(data['saved'])}", field="header.saved")
        battle = data.get("battle")
        if battle is not None and not (isinstance(battle, str) and
                                       re.fullmatch(r"wave [2-9]|counter", battle)):
            raise ScenarioError(f"unknown battle {shown(battle)}", field="header.battle",
                                hint='expected "wave 2" to "wave 4" or "counter"')
        return cls(**{f: data[f] for f in names}, battle=battle)

    def same_battle(self, other: "SavedHeader") -> bool:
        """The same battle at the same point (when it was saved aside)."""
        return (self.ruleset, self.title, self.rounds, self.steps, self.verdict,
                self.battle) == (other.ruleset, other.title, other.rounds, other.steps,
                                 other.verdict, other.battle)


def valid_time(text: str) -> bool:
    """``text`` is a real UTC time to the second, ``2026-12-01T21:40:00Z`` (not merely of
    that shape: ``2026-13-45T99:99:99Z`` is refused, never shown as it is)."""
    if not re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ", text):
        return False
    try:
        datetime.datetime.strptime(text, "%Y-%m-%dT%H:%M:%SZ")
    except ValueError:
        return False
    return True


def file_hash(path: str | Path) -> str:
    """The SHA-256 of a file's bytes (hex); ScenarioError when it can't be read."""
    return hashlib.sha256(read_bytes_bounded(path)).hexdigest()


def named_files(text: str) -> dict[str, str]:
    """The outside files the scenario ``text`` names (a player's edition, a house chart),
    ``{full path: SHA-256}``, as reading it now finds them ({} for a text that isn't a
    scenario: a battle of other rules)."""
    try:
        with naming_files() as named:
            parse_scenario_text(text)
        return {str(p): file_hash(p) for p in named}
    except Exception:       # noqa: BLE001 - a text that isn't a scenario names no file
        return {}


def checksum(document: dict[str, Any]) -> str:
    """The seal of a saved battle's document: SHA-256 over every field but ``checksum``
    (canonical JSON: keys sorted, no spaces), ``sha256:<hex>``."""
    body = {k: v for k, v in document.items() if k != "checksum"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return "sha256:" + hashlib.sha256(text.encode("ascii")).hexdigest()


def seal(document: dict[str, Any]) -> dict[str, Any]:
    """``document`` with its checksum made again (what ``battle_document`` writes)."""
    return {**{k: v for k, v in document.items() if k != "checksum"},
            "checksum": checksum(document)}


def scenario_title(text: str) -> str:
    """The title of a scenario's TOML text ("" without one, or if it can't be read)."""
    try:
        title = tomllib.loads(text).get("title", "")
    except (tomllib.TOMLDecodeError, RecursionError, ValueError):
        return ""
    return title if isinstance(title, str) else ""


def steps_of(battle: Any) -> int:
    """The steps a ``TableBattle`` holds (the attack's earlier battles' too): what resuming
    it replays."""
    return sum(len(r) for r in battle.rounds) + len(battle.current) + \
        sum(f.steps() for f in battle.earlier)


def header_of(battle: Any, saved: str | None = None) -> SavedHeader:
    """The header of a ``TableBattle`` as it stands (saved now, unless ``saved`` says when):
    the rounds and verdict of the battle being fought, the steps of all."""
    return SavedHeader(
        ruleset=battle.ruleset, title=battle.title,
        saved=saved or time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        rounds=len(battle.rounds),
        steps=steps_of(battle),
        verdict=battle.verdict(),
        battle=battle.stage.key if battle.earlier else None)


def battle_document(battle: Any) -> dict[str, Any]:
    """The JSON document of a ``TableBattle`` (the header first: ``read_header``)."""
    redo = [list(item) if isinstance(item, tuple) else
            item.to_json() if isinstance(item, (BetweenRounds, Entry, NextBattle)) else
            [e.to_json() for e in item]
            for item in battle.redo_stack]
    later = {"earlier": [f.to_json() for f in battle.earlier],
             "battle": battle.stage.key} if battle.earlier else {}
    return seal({
        "format": FORMAT,
        "header": header_of(battle).to_json(),
        "ruleset": battle.ruleset,
        "scenario": battle.scenario_text,
        "rounds": [[e.to_json() for e in r] for r in battle.rounds],
        "current": [e.to_json() for e in battle.current],
        "redo": redo,
        "ending": list(battle.ending) if battle.ending else None,
        "files": [[path, digest] for path, digest in sorted(battle.files.items())],
        "luck": luck_document(battle.luck()),
        **later,
    })


def luck_document(luck: dict) -> dict[str, Any]:
    """``TableBattle.luck`` as JSON: {side: {"hits", "expected", "percentile"}}."""
    return {side: {"hits": lk.hits, "expected": lk.expected, "percentile": lk.percentile}
            for side, lk in luck.items()}


def check_luck(data: Any, battle: Any) -> None:
    """Raise ScenarioError unless a document's "luck" (absent in older files) says what
    replaying its dice gave (the hits; the figures within rounding)."""
    saved = data.get("luck") if isinstance(data, dict) else None
    if saved is None:
        return
    now = luck_document(battle.luck())
    same = isinstance(saved, dict) and set(saved) == set(now) and all(
        isinstance(saved[s], dict) and saved[s].get("hits") == now[s]["hits"]
        and all(isinstance(saved[s].get(k), (int, float)) and
                abs(saved[s][k] - now[s][k]) <= 1e-9 for k in ("expected", "percentile"))
        for s in now)
    if not same:
        raise ScenarioError("says other luck than its dice give", field="luck")


def document_text(document: dict[str, Any]) -> str:
    """The file's text: compact JSON, the header on the first line (what a person opening
    the file sees first)."""
    rest = json.dumps({k: v for k, v in document.items() if k not in ("format", "header")},
                      separators=(",", ":"))
    head = json.dumps({"format": document["format"], "header": document["header"]},
                      separators=(",", ":"))
    return head[:-1] + ",\n" + rest[1:] + "\n"


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
    header: SavedHeader
    #: the outside files the scenario names, ``{full path: SHA-256}`` (checked: as now)
    files: dict[str, str]
    #: the attack's battles fought before this one, and which battle this one is ("wave 2",
    #: "counter"; None: the first)
    earlier: list[Fought] = field(default_factory=list)
    stage: str | None = None


def _check_string(value: Any, field: str, limit: int = MAX_SAVED_STRING) -> str:
    if not isinstance(value, str):
        raise ScenarioError(f"must be text, got {shown(value)}", field=field)
    if len(value) > limit:
        raise ScenarioError(f"is {len(value):,} characters long; a saved battle's text is at "
                            f"most {limit:,}", field=field)
    return value


def _check_strings(data: Any, field: str) -> None:
    """Every string (and key) inside ``data`` at most ``MAX_SAVED_STRING`` characters
    (iterative: the JSON reader already bounded the depth)."""
    todo = [data]
    while todo:
        item = todo.pop()
        if isinstance(item, str):
            _check_string(item, field)
        elif isinstance(item, list):
            todo.extend(item)
        elif isinstance(item, dict):
            todo.extend(item)
            todo.extend(item.values())


def _check_format(value: Any) -> None:
    if value not in (FORMAT, FORMAT_2):
        if isinstance(value, str) and value.startswith("combatassist-table/"):
            raise ScenarioError(f"was saved in format {shown(value)} by another version of "
                                "Combat Assistant; this one reads " + FORMAT, field="format")
        raise ScenarioError("not a saved table-side battle",
                            hint=f"expected a JSON object with format \"{FORMAT}\"")


def _check_ruleset(found: str, expected: str | None, field: str) -> None:
    if expected is not None and found != expected:
        raise ScenarioError(f"a {shown(found)} battle, saved where {shown(expected)} battles "
                            "are kept", field=field)


def read_document(data: Any, rules_for: RulesFor | None = None, *,
                  ruleset: str | None = None) -> SavedBattle:
    """The parts of a saved battle's document. ``rules_for(scenario_text)`` gives
    ``(rules, ruleset)`` (default ``rules_from_scenario``); ``ruleset``: the ruleset the
    battle must be of (its slot's). Raises ScenarioError naming the field for a document
    that isn't one."""
    if not isinstance(data, dict):
        _check_format(None)
    _check_format(data.get("format"))
    fields = FIELDS if data["format"] == FORMAT else FIELDS_2
    missing = [f for f in fields if f not in data]
    if missing:
        raise ScenarioError("is missing", field=missing[0])
    unknown = set(data) - set(fields) - set(OPTIONAL_FIELDS)
    if unknown:
        raise ScenarioError(f"unknown field {shown(sorted(unknown)[0])}")
    sealed = data["format"] == FORMAT
    if sealed and not isinstance(data["checksum"], str):
        raise ScenarioError(f"must be text, got {shown(data['checksum'])}", field="checksum")
    saved_files = _files_field(data["files"]) if sealed else {}
    header = SavedHeader.from_json(data["header"])
    _check_ruleset(header.ruleset, ruleset, "header.ruleset")
    text = data["scenario"]
    _check_string(text, "scenario", MAX_SCENARIO_BYTES)
    saved_ruleset = _check_string(data["ruleset"], "ruleset")
    _check_ruleset(saved_ruleset, ruleset, "ruleset")
    for key in ("rounds", "current", "redo", "ending", "earlier", "battle"):
        _check_strings(data.get(key), key)
    rounds = list_field(data, "rounds")
    if not all(isinstance(r, list) for r in rounds):
        raise ScenarioError("each round must be a list of phase entries", field="rounds")
    earlier, stage = _earlier_field(data)
    entries = sum(len(r) for r in rounds) + len(list_field(data, "current")) + \
        sum(_steps_undone(item) for item in list_field(data, "redo")) + \
        sum(f.steps() for f in earlier)
    if entries > MAX_SAVED_STEPS:      # every one is replayed: keep the start quick
        raise ScenarioError(f"holds {entries:,} steps; a saved battle has at most "
                            f"{MAX_SAVED_STEPS:,}", field="rounds")
    with naming_files() as named:
        rules, scenario_ruleset = (rules_for or rules_from_scenario)(text)
    _check_files(saved_files, [str(p) for p in named], sealed)
    if saved_ruleset != scenario_ruleset:
        raise ScenarioError(f"says ruleset {shown(saved_ruleset)} but its scenario "
                            f"is {shown(scenario_ruleset)}", field="ruleset")
    redo: list = []
    for item in list_field(data, "redo"):
        if isinstance(item, dict) and "next_battle" in item:
            redo.append(NextBattle.from_json(item, "redo"))
        elif isinstance(item, dict):
            redo.append(entry_from_json(item))
        elif isinstance(item, list) and item and isinstance(item[0], str):
            redo.append(ending_from_json(item, "redo"))
        elif isinstance(item, list):
            redo.append([entry_from_json(e) for e in item])
        else:
            raise ScenarioError(f"unknown undone step {shown(item)}", field="redo")
    ending = data["ending"]
    return SavedBattle(rules, saved_ruleset, text,
                       [[entry_from_json(e) for e in r] for r in rounds],
                       [entry_from_json(e) for e in list_field(data, "current")], redo,
                       None if ending is None else ending_from_json(ending, "ending"), header,
                       saved_files, earlier, stage)


def _earlier_field(data: dict) -> tuple[list[Fought], str | None]:
    """The attack's earlier battles (``earlier``) and the battle fought (``battle``): both
    or neither, checked for shape (replaying them checks the rest)."""
    if ("earlier" in data) != ("battle" in data):
        raise ScenarioError("is missing", field="battle" if "earlier" in data else "earlier")
    if "earlier" not in data:
        return [], None
    value, stage = data["earlier"], data["battle"]
    if not isinstance(value, list) or not value or len(value) > 8:
        raise ScenarioError("must be a list of 1-8 battles", field="earlier")
    if not isinstance(stage, str):
        raise ScenarioError(f"must be text, got {shown(stage)}", field="battle")
    out = []
    for item in value:
        if not (isinstance(item, dict) and set(item) == {"rounds", "current", "ending"}
                and isinstance(item["rounds"], list) and isinstance(item["current"], list)
                and all(isinstance(r, list) for r in item["rounds"])):
            raise ScenarioError('each earlier battle must look like {"rounds": [..], '
                                '"current": [..], "ending": ..}', field="earlier")
        ending = item["ending"]
        out.append(Fought([[entry_from_json(e) for e in r] for r in item["rounds"]],
                          [entry_from_json(e) for e in item["current"]],
                          None if ending is None else ending_from_json(ending, "earlier")))
    return out, stage


def _files_field(value: Any) -> dict[str, str]:
    """The ``files`` field: ``[[full path, SHA-256 hex], ...]``, checked for shape."""
    if not isinstance(value, list) or len(value) > 16:
        raise ScenarioError("must be a list of at most 16 [path, hash] pairs", field="files")
    out: dict[str, str] = {}
    for item in value:
        if not (isinstance(item, list) and len(item) == 2 and isinstance(item[0], str)
                and isinstance(item[1], str) and 0 < len(item[0]) <= MAX_PATH_CHARS
                and re.fullmatch(r"[0-9a-f]{64}", item[1])) or item[0] in out:
            raise ScenarioError(f"must be [path, SHA-256 hash] pairs, got {shown(item)}",
                                field="files")
        out[item[0]] = item[1]
    return out


def _check_files(saved_files: dict[str, str], named: list[str], sealed: bool) -> None:
    """The outside files the scenario names now are the ones the battle was fought with,
    unchanged (ScenarioError in one line otherwise)."""
    if not sealed:
        if named:
            raise ScenarioError(f"was saved by an earlier version, which didn't keep what "
                                f"the file {shown(named[0])} said when the battle began; it "
                                "can't be checked", field="files",
                                hint="start the battle again")
        return
    for path in named:
        digest = saved_files.get(path)
        if digest is None:
            raise ScenarioError(f"the scenario names the file {shown(path)}, which the "
                                "battle wasn't fought with", field="files")
        if file_hash(path) != digest:
            raise ScenarioError(f"the file \"{path}\" has changed since the battle began: "
                                "resumed, its steps would be played by other rules",
                                field="files",
                                hint="put the file back as it was, or start the battle again")
    extra = sorted(set(saved_files) - set(named))
    if extra:
        raise ScenarioError(f"the battle was fought with the file {shown(extra[0])}, which "
                            "its scenario no longer names", field="files")


def check_checksum(data: dict[str, Any]) -> None:
    """A document of format /3 is the one the app wrote: its checksum matches its content
    (checked once the rest is: an edit that breaks the battle says what it broke, one that
    still replays is refused here). Format /2 has no checksum to check."""
    if data.get("format") == FORMAT and data.get("checksum") != checksum(data):
        raise ScenarioError("the file was changed after it was saved (its checksum doesn't "
                            "match its content): it may not be the battle that was played",
                            field="checksum", hint="resume only battles as the app saved them")


def _steps_undone(item: Any) -> int:
    """The steps an item of the redo stack holds: a round's entries, one step, or none for
    an ending (``["end", "attacker"]``: not a step, as the battle's own limit counts)."""
    if isinstance(item, list):
        return 0 if item and isinstance(item[0], str) else len(item)
    return 1


def check_header(header: SavedHeader, battle: Any) -> None:
    """Raise ScenarioError unless ``header`` says what replaying the battle gave."""
    replayed = header_of(battle, header.saved)
    if replayed != header:
        differs = next(f for f in header.__dataclass_fields__
                       if getattr(header, f) != getattr(replayed, f))
        raise ScenarioError(f"the header says {shown(getattr(header, differs))}, but the "
                            f"steps replay to {shown(getattr(replayed, differs))}",
                            field=f"header.{differs}")


def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """``object_pairs_hook``: a key given twice is an error, not "the last one wins"."""
    seen: dict[str, Any] = {}
    for key, value in pairs:
        if key in seen:
            raise ScenarioError(f"the key {shown(key)} appears twice in one table",
                                field=key)
        seen[key] = value
    return seen


def _loads(text: str, path: str | Path) -> Any:
    """JSON with duplicate keys refused; one-line ScenarioError naming the file."""
    try:
        return json.loads(text, object_pairs_hook=_no_duplicates)
    except ScenarioError as exc:
        raise exc.located(file=str(path)) from None
    except json.JSONDecodeError as exc:
        raise ScenarioError(f"not valid JSON: {exc.msg}", file=str(path), line=exc.lineno) from None
    except RecursionError:
        raise ScenarioError("not a saved battle: nested too deeply", file=str(path)) from None
    except ValueError:          # a number too long for Python to convert
        raise ScenarioError("not a saved battle: a number has too many digits",
                            file=str(path)) from None


def read_json_file(path: str | Path) -> Any:
    """The JSON of a saved battle's file (at most ``MAX_AUTOSAVE_BYTES``, no key twice);
    one-line ScenarioError naming the file for anything that isn't JSON."""
    return _loads(read_text_file(path, MAX_AUTOSAVE_BYTES), path)


def read_header(path: str | Path, ruleset: str | None = None) -> SavedHeader:
    """The header of a saved battle's file, reading at most its first ``HEADER_BYTES``
    (nothing replayed: what a start offers). ``ruleset``: the one its slot holds.
    One-line ScenarioError naming the file for a file without a readable header."""
    head = read_bytes_bounded(path, MAX_AUTOSAVE_BYTES, head=HEADER_BYTES)
    text = head.decode("utf-8", errors="replace")
    found = _HEAD.match(text)
    try:
        if found is None:
            earlier = _FORMAT.search(text)       # e.g. an earlier format: say which
            if earlier is not None:
                _check_format(earlier.group(1))
            raise ScenarioError("not a saved table-side battle: no header at its start",
                                hint=f"expected a JSON object with format \"{FORMAT}\" "
                                     "and its header first")
        _check_format(found.group("format"))
        try:
            data, _end = json.JSONDecoder(object_pairs_hook=_no_duplicates).raw_decode(
                text, found.end())
        except (json.JSONDecodeError, RecursionError, ValueError):
            raise ScenarioError(f"the header is not readable JSON within the first "
                                f"{HEADER_BYTES:,} bytes", field="header") from None
        header = SavedHeader.from_json(data)
        _check_ruleset(header.ruleset, ruleset, "header.ruleset")
    except ScenarioError as exc:
        raise exc.located(file=str(path)) from None
    return header


def rules_from_scenario(text: str) -> tuple[BattleRules, str]:
    """The battle rules of a scenario's TOML text: its ruleset's ``make_rules``."""
    scenario = parse_scenario_text(text)
    return rulesets.get(scenario.ruleset).make_rules(scenario.body), scenario.ruleset
