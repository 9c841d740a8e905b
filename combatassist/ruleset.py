"""The ruleset contract: what every ruleset provides, and the one ``compute`` dispatch.

A ruleset is a folder ``combatassist/rulesets/<name>/`` whose ``__init__.py`` exports
``RULESET``, an instance of a ``Ruleset`` subclass, plus a data folder ``resources/<name>/``.
``combatassist.rulesets`` finds every such folder by itself (nothing to register); the CLI,
the scenario files, the table-side mode and the GUI then work through this object only.
``docs/adding-a-ruleset.md`` walks through a complete (tiny) example.

Two kinds of ruleset:

- ``"battle"``: rounds of phases until one side is beaten. The ruleset writes the rules once,
  as ``BattleRules`` (``combatassist.battle``), returned by ``make_rules``; exact odds
  (``solver.solve``), the seeded simulator (``solver.simulate``) and the table-side battle
  (``table.TableBattle``: dice entry, undo/redo, autosave, resume) all come from them.
- ``"resolution"``: one resolution (AGC's combat, a DS2 shot). ``make_rules`` gives a
  one-round ``BattleRules`` so the table side is the same; ``exact`` and ``simulate`` are
  overridden with the ruleset's own faster solvers (tests hold them equal to the rules).

What a subclass must write: ``name``, ``title``, ``kind``, ``parse``, ``to_document`` and
``make_rules`` (or both ``exact`` and ``simulate``). Everything else has a working default.

The files in the resources folder the defaults read (all optional but ``default.toml``):

- ``default.toml``: the scenario a new view starts with (a normal scenario file);
- ``labels.toml``: ``[<category>] <id> = "Display name"`` (units, bands, terrain, ...;
  categories and ids from ``label_ids``);
- the ruleset's own tables (``tables.toml``, ...), each read by its ``data_files`` entry;
- ``help.html``: the ruleset's help (the GUI's Help → Rules; ``help.<lang>.html`` the same in
  another language, e.g. ``help.de.html``), with ``{dotted.path}``
  placeholders filled from the ruleset's own tables (``help_values``), so the help never
  restates a number by hand.

Every TOML file there is read through the scenario ``Reader`` (``data.read_data_file``):
a damaged one gives one line naming the file, the line, the key and what is expected;
``check_resources`` reads them all (a file no reader knows is an error too).
"""
from __future__ import annotations

import argparse
import functools
import string
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from . import choices
from .battle import BattleRules
from .data import load_toml_file, read_data_file, ruleset_resources
from .errors import ScenarioError
from .files import read_text_file
from .reader import Reader
from .result import BATTLE_KEYS, BattleResult, battle_result, summarise_battle
from .scenario import Scenario, read_scenario
from .solver import simulate as simulate_battle
from .solver import solve

#: The two kinds of ruleset (see the module docstring).
KINDS = ("battle", "resolution")
#: The methods ``compute`` knows; anything else is the one "unknown method" error.
METHODS = ("exact", "simulate")

Cancel = Callable[[], bool] | None
#: The keys a battle result's JSON adds when its rules know unit costs (``result.figures``:
#: IPC, survivors, profiles; docs/scenario-format.md), after ``result.BATTLE_KEYS``.
FIGURE_KEYS = ("retreated", "attacker_ipc_lost", "defender_ipc_lost", "expected_ipc_swing",
               "ipc_swing", "takes_territory", "survivors", "profiles")
#: The display names of the default outcomes (``Ruleset.outcome_ids``), as the odds views
#: say them; ``labels.toml``'s ``[outcomes]`` names a ruleset's own.
OUTCOME_NAMES = {"attacker": "Attacker wins", "defender": "Defender wins", "draw": "Draw"}


@dataclass(frozen=True)
class Command:
    """An extra ``combatassist`` subcommand a ruleset brings (Low Luck's ``tech``, ``sbr``).

    ``configure(parser)`` adds the command's arguments to its argparse sub-parser (the CLI
    itself adds ``--json``); ``run(args)`` returns ``(JSON object, human summary)`` and raises
    ``CombatAssistError`` (one line, exit status 2) for bad input.
    """

    name: str
    help: str
    configure: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], tuple[dict[str, Any], str]]



def data_files_in(folder: Path) -> list[Path]:
    """The TOML files of a ruleset's data folder: its own and those one folder down (e.g.
    Low Luck's ``editions/``), in a fixed order."""
    return sorted([*folder.glob("*.toml"), *folder.glob("*/*.toml")])

class Ruleset:
    """One ruleset, as the rest of Combat Assistant sees it (subclass it; see the module doc).

    Results (``exact``, ``simulate``, ``compute``) are objects with ``to_json()`` giving the
    JSON keys docs/scenario-format.md documents for the ruleset (``result.BATTLE_KEYS`` for
    battles) and a ``method`` attribute ("exact" or "simulate").
    """

    #: The scenario files' ``ruleset = "<name>"``; also the folder names. Lowercase, a-z0-9_.
    name: ClassVar[str]
    #: Shown to people (tab title, CLI help).
    title: ClassVar[str]
    #: "battle" or "resolution" (``KINDS``).
    kind: ClassVar[str] = "battle"
    #: Where the ruleset comes in lists (CLI help; then by name): the shipped five use 10-50.
    order: ClassVar[int] = 100
    #: Extra CLI subcommands (``Command``); most rulesets have none.
    commands: ClassVar[tuple[Command, ...]] = ()
    #: The keys of ``result.to_json()``, in order (``combatassist odds --json``): the battle
    #: keys of docs/scenario-format.md unless the ruleset documents others.
    json_keys: ClassVar[tuple[str, ...]] = ("ruleset",) + BATTLE_KEYS
    #: The ruleset's own data files in ``resources/<name>/`` and how each is read: file
    #: name -> ``read(reader)`` giving its typed value (e.g. ``{"tables.toml":
    #: data.read_tables}``); its data module loads the file with the same function
    #: (``data.read_data_file``). ``default.toml`` and ``labels.toml`` are the base's.
    data_files: ClassVar[Mapping[str, Callable[[Reader], Any]]] = {}
    #: The sides the players may retreat at the table (a rule of the ruleset: Ur lets either
    #: side break off, the others only the attacker; none for a single resolution).
    retreat_sides: ClassVar[tuple[str, ...]] = ("attacker",)
    #: The outcomes the table side's odds name (``table_outcomes``), each with a display
    #: name (``outcome_name``) — the words the ruleset's odds view uses.
    outcome_ids: ClassVar[tuple[str, ...]] = ("attacker", "defender", "draw")
    #: Whether the table side's odds give the expected losses (a DS2 shot has none to give).
    table_losses: ClassVar[bool] = True

    # -- scenario files -------------------------------------------------------------------
    def parse(self, reader: Reader) -> Any:
        """The ruleset's typed payload from the top level of a scenario document.

        Read keys with ``reader`` (``reader.sub("options")``, ``.integer``, ``.counts``, ...;
        ``ruleset`` and ``title`` are read already) and call ``finish()`` on every sub-reader,
        so unknown fields are errors. Raise ``ScenarioError`` (``reader.error(...)``) naming
        the field for anything invalid. The payload should compare equal when the document
        does (frozen dataclasses are ideal): the contract tests check
        ``parse(to_document(p)) == p``.
        """
        raise NotImplementedError(f"{type(self).__name__}.parse")

    def to_document(self, payload: Any) -> dict[str, Any]:
        """The TOML-ready document of a payload, without ``ruleset``/``title``; ``parse``
        of it gives the payload back."""
        raise NotImplementedError(f"{type(self).__name__}.to_document")

    def default_scenario(self) -> Scenario:
        """The scenario a new view starts with: ``resources/<name>/default.toml``."""
        return read_data_file(self.resources / "default.toml",
                              functools.partial(read_scenario, ruleset=self))

    # -- the rules ------------------------------------------------------------------------
    def make_rules(self, payload: Any) -> BattleRules:
        """The rules of the battle ``payload`` describes (``combatassist.battle``).

        The default ``exact`` / ``simulate`` and the table-side battle use them. A
        ``"resolution"`` ruleset returns a one-round battle (every state after the round is
        decided)."""
        raise NotImplementedError(f"{type(self).__name__}.make_rules")

    def max_rounds(self, payload: Any) -> int:
        """Rounds after which the battle stops undecided (0: fight to the end).

        Default: the payload's ``max_rounds`` attribute when it has one, else 0."""
        return int(getattr(payload, "max_rounds", 0) or 0)

    def exact(self, payload: Any, *, cancel: Cancel = None) -> Any:
        """Exact odds (never sampled). Default: the absorbing-chain solver over
        ``make_rules(payload)``; ``cancel()`` returning True stops it (``solver.Cancelled``).
        """
        rules = self.make_rules(payload)
        outcome = solve(rules, max_rounds=self.max_rounds(payload), cancel=cancel)
        return self.battle_result(payload, rules, outcome)

    def simulate(self, payload: Any, *, trials: int = 100_000, seed: int | None = None,
                 cancel: Cancel = None) -> Any:
        """A seeded simulation of ``trials`` battles through the same rules (same ``seed``,
        same answer). Default: ``solver.simulate`` over ``make_rules(payload)``."""
        rules = self.make_rules(payload)
        outcome = simulate_battle(rules, trials, seed, max_rounds=self.max_rounds(payload),
                                  cancel=cancel)
        return self.battle_result(payload, rules, outcome)

    def battle_result(self, payload: Any, rules: BattleRules, outcome: Any) -> BattleResult:
        """Fold a solver or simulator outcome into the result (``result.battle_result``).

        Override to add the ruleset's extras (``result.extra``) or adjust the figures."""
        return battle_result(self.name, rules, outcome)

    # -- people ---------------------------------------------------------------------------
    def summarise(self, result: Any, title: str | None = None) -> str:
        """The CLI's human summary of a result (without ``--json``)."""
        return summarise_battle(result, title)

    @functools.cached_property
    def resources(self) -> Path:
        """The ruleset's data folder ``resources/<name>/`` (source tree, installed package
        or frozen bundle: ``data.ruleset_resources``)."""
        return ruleset_resources(self.name, type(self).__module__)

    def resource(self, file: str) -> dict[str, Any]:
        """A TOML file of the ruleset's data folder, parsed (ScenarioError naming the file)."""
        return _load_cached(self.resources / file)

    @functools.cached_property
    def labels(self) -> Mapping[str, Mapping[str, str]]:
        """Display names: ``labels[category][id]`` (``label`` falls back to the id).

        ``labels_from_tables()`` (names the tables already hold) overlaid with
        ``resources/<name>/labels.toml``. The keys are stable (translations key on them);
        the strings are what the views show."""
        out = {category: dict(names) for category, names in self.labels_from_tables().items()}
        path = self.resources / "labels.toml"
        if path.is_file():
            for category, names in read_data_file(path, self.read_labels).items():
                out.setdefault(category, {}).update(names)
        return out

    def label(self, category: str, key: str) -> str:
        """The display name of ``key`` (falls back to the id with spaces)."""
        return self.labels.get(category, {}).get(key, key.replace("_", " "))

    def labels_from_tables(self) -> Mapping[str, Mapping[str, str]]:
        """Display names the ruleset's tables already hold (AGC's unit names, ...); none
        by default."""
        return {}

    def data_terms(self) -> Iterable[str]:
        """The names from this ruleset's data that its engine texts put through
        ``text.term("data.<name>", name)`` (units, bands, terrains, weapons, ...), read from
        its own tables: ``packaging/engine_texts.py`` collects them from every ruleset found
        into the context ``data.<name>`` of ``ui/translations/engine_<lang>.ts``, for
        translation. Default: none."""
        return ()

    def label_ids(self) -> Mapping[str, Iterable[str]]:
        """The ids ``labels.toml`` may name, per category (``[units]``, ``[terrain]``, ...):
        a category or id not listed here is an error in the file. Default: none."""
        return {}

    def read_labels(self, reader: Reader) -> dict[str, dict[str, str]]:
        """``labels.toml`` through the scenario ``Reader``: ``[<category>] <id> = "Name"``,
        categories and ids from ``label_ids``, names non-empty text."""
        known = {category: list(ids) for category, ids in self.label_ids().items()}
        known["outcomes"] = list(self.outcome_ids)
        out: dict[str, dict[str, str]] = {}
        for category in reader.keys():
            if category not in known:
                raise reader.error(category, "unknown label category",
                                   hint="expected one of: " + (", ".join(known) or "none"))
            sub = reader.sub(category, required=True)
            names: dict[str, str] = {}
            for key in sub.keys():
                if key not in known[category]:
                    raise sub.error(key, f"no such id in {category}",
                                    hint="expected one of: " + ", ".join(known[category]))
                names[key] = sub.string(key)
                if not names[key].strip():
                    raise sub.error(key, "must not be empty", hint="write the display name")
            sub.finish()
            out[category] = names
        return out

    # -- the data folder ------------------------------------------------------------------
    def data_readers(self) -> dict[str, Callable[[Reader], Any]]:
        """Every TOML file ``resources/<name>/`` may hold and its reader: the scenario
        ``Reader`` of the file in, the typed value out (``data.read_data_file``).

        ``default.toml`` (a scenario), ``labels.toml`` and the help's words in other
        languages (``help.<lang>.toml``, ``read_help_words``) here; the ruleset's own tables
        from ``data_files``."""
        words = {path.name: self.read_help_words for path in self.resources.glob("help.*.toml")}
        return {"default.toml": functools.partial(read_scenario, ruleset=self),
                "labels.toml": self.read_labels, **words, **self.data_files}

    @staticmethod
    def read_help_words(reader: Reader) -> dict[str, str]:
        """``help.<lang>.toml``: ``[words] "<English>" = "<translation>"``, non-empty text."""
        sub = reader.sub("words", required=True)
        words = {}
        for key in sub.keys():
            words[key] = sub.string(key)
            if not words[key].strip():
                raise sub.error(key, "must not be empty", hint="write the word in the language")
        sub.finish()
        return words

    def check_resources(self, folder: Path | None = None) -> dict[str, Any]:
        """Read and validate every ``*.toml`` of the data folder (``folder``: another copy
        of it) through ``data_readers``: file name -> its typed value. A file no reader
        knows, a missing ``default.toml`` or any damaged file is a ``ScenarioError`` naming
        the file, the line, the key and what is expected."""
        folder = Path(folder) if folder is not None else self.resources
        readers = self.data_readers()
        if not (folder / "default.toml").is_file():
            raise ScenarioError("the ruleset's data folder has no default.toml",
                                file=str(folder), hint="add the scenario a new view starts with")
        out = {}
        for path in data_files_in(folder):
            name = path.relative_to(folder).as_posix()
            read = readers.get(name)
            if read is None:
                raise ScenarioError("a data file this ruleset doesn't read", file=str(path),
                                    hint="expected one of: " + ", ".join(readers))
            out[name] = read_data_file(path, read)
        return out

    def help_values(self, language: str = "en") -> Mapping[str, Any]:
        """The values ``help.html`` may quote as ``{dotted.path}`` (default: the ruleset's
        ``tables.toml``, when it has one). Values that are words say them in ``language``
        (``help_words``)."""
        if (self.resources / "tables.toml").is_file():
            return self.resource("tables.toml")
        return {}

    def help_words(self, language: str = "en") -> Callable[[str], str]:
        """``word(english)``: the help's words in ``language``, from the ``[words]`` table of
        ``resources/<name>/help.<language>.toml`` (English: the words themselves). A word
        missing there is a ScenarioError naming it, so a help page never mixes languages."""
        if language == "en":
            return lambda text: text
        path = self.resources / f"help.{language}.toml"
        table = read_data_file(path, self.read_help_words) if path.is_file() else {}

        def word(text: str) -> str:
            if text not in table:
                raise ScenarioError(f"the help needs the word '{text}' in {language}: add it "
                                    "to the [words] table", file=str(path))
            return table[text]
        return word

    def help_text(self, language: str = "en") -> str:
        """The ruleset's help (``resources/<name>/help.html``, placeholders filled from
        ``help_values``; a missing value is a ScenarioError naming the placeholder).
        ``language``: e.g. ``"de"`` reads ``help.de.html`` (the same placeholders, so both
        quote the same tables); English when the ruleset has no help in that language."""
        path = help_path(self.resources, language)
        if not path.is_file():
            return ""
        language = language if path.name != "help.html" else "en"
        return fill_placeholders(read_text_file(path), self.help_values(language),
                                 file=str(path))

    # -- the table ------------------------------------------------------------------------
    def format_choice(self, choice: Any) -> str:
        """A players' choice (e.g. casualties) as the text the table-side box shows."""
        return choices.format_choice(choice)

    def parse_choice(self, text: str, proposal: Any, *, rules: BattleRules | None = None
                     ) -> Any:
        """The players' text back into a choice (inverse of ``format_choice``).

        Empty text: None (the proposal stands). ``rules``: the battle's rules, for rulesets
        whose text names things only the battle knows (Medium Luck's slots). Raises
        ``EngineError`` with what to write instead."""
        return choices.parse_choice(text, proposal)

    def outcome_name(self, key: str) -> str:
        """The display name of outcome ``key`` (``outcome_ids``): ``labels.toml``'s
        ``[outcomes]``, else the odds views' own words (``OUTCOME_NAMES``)."""
        own = self.labels.get("outcomes", {})
        return own[key] if key in own else OUTCOME_NAMES.get(key, key.replace("_", " "))

    def table_outcomes(self, result: BattleResult) -> list[tuple[str, float]]:
        """(outcome id, probability) for each of ``outcome_ids``: how the table side states a
        battle's odds (``outcome_name`` names them). Default: who wins, or a draw."""
        return [("attacker", result.attacker_wins), ("defender", result.defender_wins),
                ("draw", result.draw)]

    def table_odds(self, rules: BattleRules, state: Any, *, band: int,
                   generic: Callable[[], BattleResult], cancel: Cancel = None) -> BattleResult:
        """The table side's odds from ``state`` (just before phase ``band`` of a round; 0: the
        round's start), the same figures the ruleset's ``exact`` gives for that battle fought
        to the end: the scenario's round limit and retreat rules play no part at the table
        (the players decide when to stop or withdraw).

        ``generic()`` is the rules' own answer (``table.odds_from``: the rest of the round,
        then the absorbing-chain solver), which is right whenever ``exact`` plays the rules
        as they stand (the default). A ruleset whose ``exact`` follows a policy the rules
        don't (Medium Luck's optimal casualties) overrides this to play the same one."""
        return generic()

    def __repr__(self) -> str:
        return f"<ruleset {self.name}>"


def help_path(folder: Path, language: str = "en", name: str = "help") -> Path:
    """``folder/help.html``, or ``folder/help.<language>.html`` when there is one."""
    translated = folder / f"{name}.{language}.html"
    return translated if language != "en" and translated.is_file() else folder / f"{name}.html"


@functools.cache
def _load_cached(path: Path) -> dict[str, Any]:
    return load_toml_file(path)


class _Placeholders(string.Formatter):
    def __init__(self, file: str):
        self.file = file

    def get_field(self, field_name: str, args, kwargs):
        value: Any = kwargs
        for part in field_name.split("."):
            if not isinstance(value, Mapping) or part not in value:
                raise ScenarioError(f"the help names '{{{field_name}}}', which the ruleset's "
                                    "tables don't have", file=self.file)
            value = value[part]
        return value, field_name


def fill_placeholders(text: str, values: Mapping[str, Any], *, file: str = "") -> str:
    """``text`` with every ``{dotted.path}`` replaced by that value of ``values``
    (``{{`` and ``}}`` are literal braces)."""
    return _Placeholders(file).vformat(text, (), values)


def compute(ruleset: Ruleset, payload: Any, *, method: str = "exact", trials: int = 100_000,
            seed: int | None = None, cancel: Cancel = None) -> Any:
    """The one dispatch: ``ruleset.exact`` or ``ruleset.simulate`` of ``payload``.

    An unknown ``method`` is a ``ScenarioError`` with ``field="method"`` (for every ruleset
    the same error)."""
    if method == "exact":
        return ruleset.exact(payload, cancel=cancel)
    if method == "simulate":
        return ruleset.simulate(payload, trials=trials, seed=seed, cancel=cancel)
    raise ScenarioError(f"unknown method '{method}'", field="method",
                        hint="expected one of: " + ", ".join(METHODS))
