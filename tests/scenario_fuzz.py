"""Scenario documents for every discovered ruleset, built from its own schema and damaged.

Used by ``tests/cli/test_schema_fuzz.py`` (a fixed slice, seconds) and
``tests/benchmarks/bench_fuzz.py`` (a larger run, cases/s and failures).

- **Which rulesets**: ``combatassist.rulesets.all_rulesets()``, the discovery the app uses: a
  sixth ruleset is fuzzed as soon as it exists.
- **Which fields**: each ruleset's parser says itself which keys it reads. Its default
  scenario and its examples, written back through ``to_document``, are parsed with
  ``Reader.raw`` recorded: every key asked for, present or not, per table (``Schema``).
  Tables the parser only asks for (``[options]`` absent from a document) are added and parsed
  again until nothing new turns up, so a field a ruleset adds tomorrow is fuzzed without
  anyone listing it here.
- **Which damage** (``make_case``): a valid document, one to three mutations field by field —
  wrong types, huge / negative / fractional numbers in every integer notation TOML has
  (decimal, ``0x``, ``0o``, ``0b``, underscores, thousands of digits), fields removed, unknown
  keys, another ruleset's name, deep nesting, long strings, control characters — written as
  TOML text; some cases then have the text itself broken (cut, junk inserted, a line twice).
- **How it runs** (``run_case``): through ``cli.main`` in-process (stdout and stderr captured),
  ``odds FILE`` by either method plus every ruleset command that takes a scenario ``FILE``,
  with the engine's work limits made tiny (``tiny_limits``) so nothing computes for long.
  ``check_answer`` says what is wrong with the answer, if anything: the exit status must be
  0 or 2, an error one line, never a traceback.
"""
from __future__ import annotations

import argparse
import contextlib
import dataclasses
import functools
import io
import json
import random
import re
import shutil
import tomllib
import traceback
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from combatassist import limits, rulesets
from combatassist.cli import main
from combatassist.data import examples_dir
from combatassist.errors import MESSAGE_CHARS, ScenarioError
from combatassist.reader import Reader
from combatassist.scenario import load_scenario, read_scenario


# -- the schema, as each ruleset's parser reads it -----------------------------------------
def _table_path(path: str) -> tuple:
    """A Reader's dotted path as a document path: ``attacker.units[2]`` ->
    ``("attacker", "units", 1)``."""
    out: list = []
    for part in path.split(".") if path else []:
        m = re.fullmatch(r"(.*?)((?:\[\d+\])*)", part)
        out.append(m.group(1))
        out.extend(int(i) - 1 for i in re.findall(r"\[(\d+)\]", m.group(2)))
    return tuple(out)


@contextlib.contextmanager
def _recording() -> Iterator[list]:
    """Every ``Reader.raw(key)`` call while inside: (table path, key) pairs."""
    asked: list = []
    raw, has = Reader.raw, Reader.has

    def recorded(method):
        def record(self, key, *args, **kwargs):
            asked.append((_table_path(self.path), key))
            return method(self, key, *args, **kwargs)
        return record

    Reader.raw, Reader.has = recorded(raw), recorded(has)
    try:
        yield asked
    finally:
        Reader.raw, Reader.has = raw, has


def parse_document(doc: dict, file: str) -> tuple[bool, list]:
    """Parse ``doc`` as a scenario read from ``file``: (accepted, keys the parser asked for)."""
    with _recording() as asked:
        try:
            read_scenario(Reader(doc, "", file=file))
            ok = True
        except ScenarioError:
            ok = False
    return ok, asked


def _get(doc: Any, path: tuple) -> Any:
    for part in path:
        doc = doc[part]
    return doc


def _has(doc: Any, path: tuple) -> bool:
    try:
        _get(doc, path)
        return True
    except (KeyError, IndexError, TypeError):
        return False


#: Values tried for a key a parser asks for that no document holds, to learn its type.
PROBES = ({}, 0, 1, True, "", [], 0.5, [{}])


@dataclasses.dataclass
class Schema:
    """What one ruleset reads: ``valid`` documents (its default scenario, its examples and the
    variants found while probing) and every (table path, key) its parser asked for."""

    name: str
    valid: list
    fields: set


def discover(folder: Path, rounds: int = 3) -> dict[str, Schema]:
    """The schema of every discovered ruleset (``folder``: where probed documents are
    pretended to live, for relative paths like a Medium Luck chart)."""
    file = str(folder / "probe.toml")
    out: dict[str, Schema] = {}
    examples = [load_scenario(p) for p in sorted(examples_dir().glob("*.toml"))]
    for ruleset in rulesets.all_rulesets():
        seeds = [ruleset.default_scenario()] + [s for s in examples if s.ruleset == ruleset.name]
        valid, fields = [], set()
        for scenario in seeds:
            doc = {"ruleset": ruleset.name, "title": scenario.title or ruleset.title,
                   **ruleset.to_document(scenario.body)}
            doc = json.loads(json.dumps(doc))          # plain dicts and lists, a copy
            ok, asked = parse_document(doc, file)
            if ok:
                valid.append(doc)
                fields.update(asked)
        for _ in range(rounds):
            new = False
            for table, key in sorted(fields, key=repr):
                for doc in list(valid):
                    if not _has(doc, table) or not isinstance(_get(doc, table), dict) or \
                            key in _get(doc, table):
                        continue
                    for probe in PROBES:
                        variant = json.loads(json.dumps(doc))
                        _get(variant, table)[key] = probe
                        ok, asked = parse_document(variant, file)
                        if ok:
                            if not set(asked) <= fields:
                                fields.update(asked)
                                new = True
                            valid.append(variant)
                            break
                    break                    # one document per missing key is enough
            if not new:
                break
        out[ruleset.name] = Schema(ruleset.name, valid, fields)
    return out


# -- TOML text with any value written any way ----------------------------------------------
class Raw(str):
    """A value written into the TOML text exactly as given (``0x1F``, ``1e400``, broken)."""


def _key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key)


def value_text(value: Any) -> str:
    if isinstance(value, Raw):
        return str(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)        # JSON's escapes are TOML's basic-string escapes
    if isinstance(value, list):
        return "[" + ", ".join(value_text(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {value_text(v)}" for k, v in value.items()) + " }"
    raise TypeError(type(value))


def to_toml(doc: dict) -> str:
    """``doc`` as TOML: top-level scalars first, then each table under its ``[header]``."""
    lines = [f"{_key(k)} = {value_text(v)}" for k, v in doc.items() if not isinstance(v, dict)]
    for key, value in doc.items():
        if isinstance(value, dict):
            lines.append(f"\n[{_key(key)}]")
            lines += [f"{_key(k)} = {value_text(v)}" for k, v in value.items()]
    return "\n".join(lines) + "\n"


# -- damage ---------------------------------------------------------------------------------
LONG = 6000
WHOLE_NUMBERS = ["0", "-1", "1", "2", "3", "7", "+5", "-0", "1_000", "1001", "201", "10001",
                 "4_294_967_297", "9" * 40, "-" + "9" * 40, "9" * 400, "9" * 4300,
                 "1" + "0" * 4300,                      # 4,301 digits: Python refuses
                 "0x1F", "0xdead_BEEF", "0x" + "f" * LONG, "0o17", "0o" + "7" * LONG,
                 "0b101", "0b" + "1" * LONG, "0x0", "0b0", "0o0", "0x" + "0" * 50 + "1"]
HUGE = [n for n in WHOLE_NUMBERS if len(n) > 30]
FRACTIONS = ["0.5", "-0.5", "1.5", "2.0", "1e400", "-1e400", "inf", "-inf", "nan", "+nan",
             "1e-400", "3.0e2", "9" * 40 + ".0", "1_000.5", "6.0", "12.0", "0.0"]
OTHER_TYPES = ["true", "false", '""', '"3"', '"x"', "[]", "[1, 2]", '["a"]', "{}",
               "{ x = 1 }", "[{}]", "1979-05-27T07:32:00Z", "1979-05-27", "07:32:00",
               '"' + "x" * LONG + '"', '"a\\nb\\u001b[2J\\u0000\\u2028"', "'''\nx\n'''",
               '"~nosuchuser/x.toml"', '"/dev/zero"', '"."', '"' + "c" * 5000 + '.toml"',
               "[" * 30 + "]" * 30, "[" * 40 + "]" * 40, "{ a = " * 30 + "1" + " }" * 30,
               "[[1], [2, [3, [4]]]]", '"\\u00e9\\u4e2d"']


def _paths(doc: Any, path: tuple = ()) -> Iterator[tuple]:
    if path:
        yield path
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from _paths(v, path + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from _paths(v, path + (i,))


def _near(value: int) -> list[str]:
    """Numbers around a valid whole number, in every notation."""
    out = []
    for n in (value - 1, value + 1, -value, value * 2, value * 10, value + 1000, value * 1000):
        out.append(str(n))
        if n >= 0:
            out += [hex(n), oct(n), bin(n)]
    out.append(f"{value:_}")
    return out


def _strings(schemas: dict[str, Schema]) -> list[str]:
    found = set()
    for schema in schemas.values():
        for doc in schema.valid:
            for path in _paths(doc):
                value = _get(doc, path)
                if isinstance(value, str):
                    found.add(value)
                found.add(str(path[-1]))
    return sorted(found)


def new_value(rng: random.Random, old: Any, strings: list[str]) -> Any:
    """A value to put where ``old`` was: mostly one of its own kind, gone wrong."""
    roll = rng.random()
    if isinstance(old, bool) or not isinstance(old, (int, float)) or roll < 0.3:
        pool = rng.choice([WHOLE_NUMBERS, FRACTIONS, OTHER_TYPES, OTHER_TYPES])
        if rng.random() < 0.3:
            return rng.choice(strings)                  # a name from some ruleset's documents
        return Raw(rng.choice(pool))
    if roll < 0.45:
        return Raw(rng.choice(HUGE))
    if isinstance(old, int) and roll < 0.75:
        return Raw(rng.choice(_near(old)))
    return Raw(rng.choice(WHOLE_NUMBERS + FRACTIONS))


def mutate(rng: random.Random, doc: dict, schema: Schema, schemas: dict[str, Schema],
           strings: list[str]) -> None:
    """One mutation of ``doc`` (in place)."""
    paths = list(_paths(doc))
    op = rng.choice(["value"] * 6 + ["drop", "unknown", "asked", "asked", "grow", "ruleset",
                                      "table"])
    if op == "value" and paths:
        path = rng.choice(paths)
        parent = _get(doc, path[:-1])
        parent[path[-1]] = new_value(rng, parent[path[-1]], strings)
    elif op == "drop" and paths:
        path = rng.choice(paths)
        parent = _get(doc, path[:-1])
        if isinstance(parent, dict):
            del parent[path[-1]]
        else:
            parent.pop(path[-1])
    elif op == "unknown":
        tables = [p for p in [()] + paths if isinstance(_get(doc, p), dict)]
        table = _get(doc, rng.choice(tables))
        key = rng.choice(["x", "Infantry", "units ", "ruleset", "a.b", "\u00e9", "k" * 300]
                         + strings[:50])
        table[key] = Raw(rng.choice(WHOLE_NUMBERS + OTHER_TYPES))
    elif op == "asked" and schema.fields:
        # a key the parser reads, put where it may be missing, with any kind of value
        table_path, key = rng.choice(sorted(schema.fields, key=repr))
        if _has(doc, table_path) and isinstance(_get(doc, table_path), list):
            rows = [i for i, row in enumerate(_get(doc, table_path)) if isinstance(row, dict)]
            table_path += (rng.choice(rows),) if rows else ()
        if _has(doc, table_path) and isinstance(_get(doc, table_path), dict):
            old = _get(doc, table_path).get(key, rng.choice([0, 1, "", True]))
            _get(doc, table_path)[key] = new_value(rng, old, strings)
    elif op == "grow":
        lists = [p for p in paths if isinstance(_get(doc, p), list) and _get(doc, p)]
        if lists:
            items = _get(doc, rng.choice(lists))
            items.extend([items[0]] * rng.choice([1, 3, 50, 2000]))
    elif op == "ruleset":
        doc["ruleset"] = rng.choice(list(schemas) + ["", "LowLuck", "x" * 100])
    elif op == "table":
        # a whole table of another document (maybe of another ruleset) in place of one
        other = rng.choice(rng.choice(list(schemas.values())).valid)
        key = rng.choice(list(other))
        doc[key] = json.loads(json.dumps(other[key]))


JUNK = "[]{}=.,\"'#\n\\ abc19_-+\x00\x1b\u2028\t"


def break_text(rng: random.Random, text: str) -> str:
    """Raw damage to TOML text: cut, junk inserted, a line twice or gone, a quote removed."""
    op = rng.choice(["cut", "junk", "twice", "drop", "quote"])
    lines = text.split("\n")
    if op == "cut":
        return text[:rng.randrange(len(text) + 1)]
    if op == "junk":
        at = rng.randrange(len(text) + 1)
        return text[:at] + "".join(rng.choice(JUNK) for _ in range(rng.randint(1, 12))) + \
            text[at:]
    if op == "twice":
        i = rng.randrange(len(lines))
        lines.insert(i, lines[i])
    elif op == "drop":
        del lines[rng.randrange(len(lines))]
    else:
        quotes = [m.start() for m in re.finditer("[\"'\\[\\]{}]", text)]
        if quotes:
            at = rng.choice(quotes)
            return text[:at] + text[at + 1:]
    return "\n".join(lines)


@dataclasses.dataclass
class Case:
    """One fuzz case: the scenario text and the command lines to run on it (``{file}``)."""

    seed: int
    ruleset: str
    text: str
    commands: list


@functools.cache
def file_commands() -> tuple[tuple[str, ...], ...]:
    """Every ruleset command that takes a scenario ``FILE`` (Medium Luck's ``advise``), with
    its required options filled from their choices and a small time budget where it has one.
    A case runs them whatever its ruleset: another ruleset's file must be refused in a line."""
    out = []
    for ruleset in rulesets.all_rulesets():
        for command in ruleset.commands:
            parser = argparse.ArgumentParser()
            command.configure(parser)
            actions = {a.dest: a for a in parser._actions}
            if "file" not in actions:
                continue
            argv = [command.name, "{file}"]
            for action in parser._actions:
                if action.required and action.option_strings and action.choices:
                    argv += [action.option_strings[0], sorted(action.choices)[0]]
            if "budget" in actions:
                argv += [actions["budget"].option_strings[0], "0.2"]
            out.append(tuple(argv))
    return tuple(out)


@functools.cache
def _command_arguments() -> tuple:
    """Every ruleset command that takes no scenario file, as its argparse actions:
    (command name, ((option strings, choices, takes a value, required), ...))."""
    out = []
    for ruleset in rulesets.all_rulesets():
        for command in ruleset.commands:
            parser = argparse.ArgumentParser()
            command.configure(parser)
            actions = [a for a in parser._actions if a.dest != "help"]
            if any(a.dest == "file" for a in actions):
                continue
            out.append((command.name, tuple(
                (tuple(a.option_strings), tuple(a.choices or ()), a.nargs != 0, a.required)
                for a in actions)))
    return tuple(out)


def command_line(rng: random.Random) -> list[str] | None:
    """A command line for a ruleset command without a file (Low Luck's ``tech``, ``sbr``),
    built from its own argparse options: choices, and numbers in every notation."""
    commands = _command_arguments()
    if not commands:
        return None
    name, actions = rng.choice(commands)
    argv = [name]
    for options, choices, takes_value, required in actions:
        if not required and rng.random() < 0.5:
            continue
        if options:
            argv.append(rng.choice(options))
        if takes_value:
            pool = [",".join(rng.choice(WHOLE_NUMBERS[:12]) for _ in range(rng.randint(1, 5)))]
            pool += list(choices) * 4 + WHOLE_NUMBERS + FRACTIONS + ["", "-", "a\nb\x1b"]
            argv.append(rng.choice(pool))
    if rng.random() < 0.5:
        argv.append("--json")
    return argv


def make_case(seed: int, schemas: dict[str, Schema], strings: list[str]) -> Case:
    rng = random.Random(seed)
    name = rng.choice(sorted(schemas))
    schema = schemas[name]
    doc = json.loads(json.dumps(rng.choice(schema.valid)))
    for _ in range(rng.choice([0, 1, 1, 1, 2, 3])):
        mutate(rng, doc, schema, schemas, strings)
    text = to_toml(doc)
    if rng.random() < 0.15:
        text = break_text(rng, text)
    method = rng.choice([["--method", "exact"], ["--method", "simulate", "--trials",
                                                  rng.choice(["50", "400"]), "--seed",
                                                  rng.choice(["0", "-3", "9" * 30])]])
    commands = [["odds", "{file}", "--json"] + method]
    if rng.random() < 0.3:
        commands.append(["odds", "{file}"] + method)         # the human summary too
    commands += [list(c) for c in file_commands() if rng.random() < 0.12]
    if rng.random() < 0.2:
        other = command_line(rng)
        commands += [other] if other else []
    return Case(seed, name, text, commands)


# -- the rulesets' data files (a Medium Luck chart among them) -----------------------------
@functools.cache
def data_documents() -> tuple:
    """Every TOML file of every discovered ruleset's data folder, in sub-folders too (Low
    Luck's edition files, the format of a player's own edition file, with every key the
    shipped ones use): (ruleset, file path in the folder, its document).
    ``Ruleset.check_resources`` reads them all through the scenario Reader."""
    out = []
    for ruleset in rulesets.all_rulesets():
        for path in sorted(ruleset.resources.rglob("*.toml")):
            out.append((ruleset.name, path.relative_to(ruleset.resources).as_posix(),
                        tomllib.loads(path.read_text(encoding="utf-8"))))
    return tuple(out)


def data_case(seed: int, schemas: dict[str, Schema], strings: list[str]) -> tuple[str, str, str]:
    """A damaged data file: (ruleset, file name, TOML text)."""
    rng = random.Random(seed)
    name, file, doc = rng.choice(data_documents())
    doc = json.loads(json.dumps(doc, default=str))
    bare = Schema(name, [doc], set())
    for _ in range(rng.choice([1, 1, 2, 3])):
        mutate(rng, doc, bare, schemas, strings)
    text = to_toml(doc)
    return name, file, break_text(rng, text) if rng.random() < 0.15 else text


def run_data_case(seed: int, schemas: dict[str, Schema], strings: list[str],
                  folder: Path) -> list[str]:
    """Check a ruleset's data folder holding one damaged file: read, or one line."""
    name, file, text = data_case(seed, schemas, strings)
    ruleset = rulesets.get(name)
    copy = folder / f"data-{name}"
    shutil.rmtree(copy, ignore_errors=True)
    shutil.copytree(ruleset.resources, copy)
    (copy / file).write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        ruleset.check_resources(copy)
    except ScenarioError as exc:
        problem = check_answer(2, "", f"combatassist: error: {exc}\n")
    except BaseException:           # noqa: BLE001 - whatever escapes is the finding
        problem = "a traceback: " + traceback.format_exc().strip().splitlines()[-1]
    else:
        problem = None
    return [f"data case {seed} ({name}/{file}): {problem}"] if problem else []


# -- a player's own Low Luck edition file (issue 35) ---------------------------------------
#: The shipped editions a player's file is made from (the later rules: per-side inputs).
EDITION_BASES = ("1942se", "1940se", "revised", "aa50")


def _random_counts(rng: random.Random, ids: list[str], most: int) -> dict[str, int]:
    return {uid: rng.randint(0, most) for uid in rng.sample(ids, min(len(ids),
                                                                   rng.randint(1, 3)))}


def edition_case(seed: int) -> tuple[dict, dict]:
    """(a player's edition document, a scenario document naming it as ``own.toml``): a
    shipped later edition whose units are given abilities meant for other kinds (a land
    ``transport``, an air ``destroyer``, a ship's ``aa_gun``...), a second hit, other values;
    and a battle whose per-side inputs (``amphibious``, ``damaged``, ``bombard``,
    ``submerge``) are drawn around the side's counts, so their sums pass them now and then."""
    from combatassist.rulesets.lowluck import edition as editions
    rng = random.Random(seed)
    doc = tomllib.loads(editions.shipped_path(rng.choice(EDITION_BASES)).read_text(
        encoding="utf-8"))
    units = doc["units"]
    ids = list(units)
    changed = []
    for _ in range(rng.randint(1, 3)):
        ability = rng.choice(editions.ABILITIES)
        changed.append(rng.choice([u for u in ids if ability != "aa_gun" or rng.random() < 0.2
                                   or units[u]["kind"] != "sea"]))
        unit = units[changed[-1]]
        if rng.random() < 0.8:                  # moved: one unit type keeps the ability
            for other in units.values():
                if ability in other.get("abilities", []):
                    other["abilities"].remove(ability)
                    if ability == "aa_gun":
                        for key in ("aa_shots", "aa_hit", "aa_casualty"):
                            other.pop(key, None)
        unit["abilities"] = sorted(set(unit.get("abilities", [])) | {ability})
        if ability == "aa_gun":
            unit["aa_shots"] = rng.randint(1, 3)
    for _ in range(rng.randint(0, 2)):
        unit = units[rng.choice(ids)]
        key = rng.choice(["hits", "hits", "attack", "defence"])
        unit[key] = rng.choice([1, 2, 2] if key == "hits" else [0, 1, 2, 3])
    if rng.random() < 0.3:                   # a two-hit land unit: landed and damaged
        changed.append(rng.choice([u for u in ids if units[u]["kind"] == "land"]))
        units[changed[-1]]["hits"] = 2
    for unit in units.values():               # abilities emptied: the key stays valid
        if unit.get("abilities") == []:
            del unit["abilities"]
        if "bombard" not in unit.get("abilities", []):
            unit.pop("bombard_attack", None)
    for name, tech in list(doc.get("techs", {}).items()):
        if "aa_hit" in tech and "aa_gun" not in units[tech["unit"]].get("abilities", []):
            del doc["techs"][name]                  # radar for a gun that moved
    for key, options in EDITION_RULES.items():   # every choice [rules] offers, now and then
        if rng.random() < 0.2:
            doc["rules"][key] = rng.choice(options)
    battle = rng.choice(["land", "sea"])
    dice = rng.choice(["lowluck", "standard"])
    fights = [u for u in ids if units[u]["kind"] in doc["battles"][battle]]
    scenario: dict = {"ruleset": "lowluck",
                      "options": {"edition": "own.toml", "battle": battle, "dice": dice}}
    def part(n: int) -> int:                  # of n units; now and then one too many
        return n + 1 if rng.random() < 0.15 else rng.randint(0, n)

    for role in ("attacker", "defender"):
        pool = [u for u in fights if role == "defender" or rng.random() < 0.1
                or "aa_gun" not in units[u].get("abilities", [])]
        side: dict = {"units": _random_counts(rng, pool or fights, 3)}
        counts = side["units"]
        for uid in changed:                     # the changed units fight more often than not
            if uid in pool and rng.random() < 0.6:
                counts[uid] = rng.randint(1, 3)
        land = [u for u in counts if units[u]["kind"] == "land"]
        two_hit = [u for u in counts if units[u].get("hits", 1) > 1]
        ships = [u for u in ids if "bombard" in units[u].get("abilities", [])]
        assault = (role, battle) == ("attacker", "land") or rng.random() < 0.05
        if land and assault and rng.random() < 0.6:
            side["amphibious"] = {u: part(counts[u]) for u in land}
        if two_hit and rng.random() < 0.6:
            landed = side.get("amphibious", {})
            side["damaged"] = {u: part(counts[u]) if rng.random() < 0.6 or u not in landed
                               else min(counts[u], counts[u] - landed[u] + 1) for u in two_hit}
        if ships and assault and rng.random() < 0.5:
            side["bombard"] = {rng.choice(ships): part(sum(side.get("amphibious", {}).values()))}
        if rng.random() < 0.3:
            side["submerge"] = True
        scenario[role] = side
    return doc, scenario


def _general_answer(rules, options):
    """``outcome_of`` with no solver of the table: the general solver's answer."""
    from combatassist.rulesets import lowluck
    from combatassist.rulesets.lowluck import solvers
    saved = solvers.SOLVERS
    solvers.SOLVERS = ()
    try:
        return lowluck.outcome_of(rules, options)
    finally:
        solvers.SOLVERS = saved


def _by_units(states: dict) -> dict:
    out: dict = {}
    for (att, dfn, *_), p in states.items():
        out[att, dfn] = out.get((att, dfn), 0.0) + p
    return out


def run_edition_case(seed: int, folder: Path) -> list[str]:
    """A player's edition file and a battle of it: ``odds`` by either method answers or
    refuses in one line, and an exact answer (by the solver table) is the general solver's,
    state by state."""
    from combatassist.rulesets import lowluck
    edition, scenario = edition_case(seed)
    (folder / "own.toml").write_text(to_toml(edition), encoding="utf-8")
    path = folder / "own-battle.toml"
    path.write_text(to_toml(scenario), encoding="utf-8")
    problems = []
    with tiny_limits():
        for method in (["--method", "exact"], ["--method", "simulate", "--trials", "400"]):
            code, out, err = run_command(["odds", str(path), "--json", *method])
            problem = check_answer(code, out, err)
            if not problem and "own.toml" in err and "reinstall" in err:
                problem = "the player's file is called the app's own"
            if problem:
                last = err.strip().splitlines()[-1:] or [""]
                problems.append(f"edition case {seed} odds {method[1]}: {problem}: "
                                f"{last[0][:300]}")
            elif method[1] == "exact" and code == 0:
                body = load_scenario(path).body
                rules = lowluck.make_rules(body)
                if any(n < 0 for counts in rules.initial_state()[:2] for n in counts):
                    problems.append(f"edition case {seed}: a side starts with fewer than "
                                    f"no units of a kind: {rules.initial_state()[:2]}")
                mine = lowluck.outcome_of(rules, body.options)
                general = _general_answer(rules, body.options)
                for bucket in ("decided", "stalemates", "undecided"):
                    # by the sides' units: a grid may keep a stalemate found at the start
                    # as round 1's position, the general solver after it (the same figures)
                    a, b = (_by_units(getattr(o, bucket)) for o in (mine, general))
                    worst = max((abs(a.get(k, 0.0) - b.get(k, 0.0)) for k in {*a, *b}),
                                default=0.0)
                    if worst > 1e-9:
                        problems.append(f"edition case {seed}: the exact {bucket} differ "
                                        f"from the general solver's by {worst:.3g}")
    return problems


# -- a shipped edition's [rules] and AA fields changed, damaged, in a battle ------------------------------------
#: The choices of a "surprise" edition's [rules] (``lowluck.edition``), tried at random.
EDITION_RULES = {"aa": ["units", "option"], "air_hits_submarines": ["always", "with_destroyer"],
                 "submerge": ["round_start", "round_end"],
                 "bombard_per_landed_unit": [0, 1, 2],
                 "bombard_casualties_fire_back": [True, False],
                 "amphibious_retreat": ["not_landed", "aircraft"]}


def rules_edition_case(seed: int, schemas: dict[str, Schema], strings: list[str]
                 ) -> tuple[str, str]:
    """(a damaged edition file, a scenario naming it as ``own.toml``): a shipped edition's
    document (every key a file may say: AA fields, ``[rules]``, techs, support) with one to
    three mutations, and a battle of a few of its units (a land or sea battle, both dice, the
    edition's techs and amphibious/bombard/submerge inputs at random)."""
    rng = random.Random(seed)
    docs = [(f, d) for name, f, d in data_documents()
            if name == "lowluck" and f.startswith("editions/")]
    _, doc = rng.choice(docs)
    doc = json.loads(json.dumps(doc, default=str))
    units = dict(doc.get("units", {}))
    techs = list(doc.get("techs", {}))
    rules = doc.get("rules")
    if isinstance(rules, dict) and rules.get("submarines") == "surprise":
        # valid but other rules: every choice [rules] offers, and the AA gun's fields
        for key, options in EDITION_RULES.items():
            if rng.random() < 0.5:
                rules[key] = rng.choice(options)
        for row in doc.get("units", {}).values():
            if isinstance(row, dict) and "aa_gun" in row.get("abilities", []):
                row["aa_shots"] = rng.choice(["each_aircraft", 1, 3])
                row["aa_casualty"] = rng.random() < 0.5
                row["aa_hit"] = rng.randint(1, 3)
    bare = Schema("lowluck", [doc], set())
    for _ in range(rng.choice([0, 0, 1, 1, 2, 3])):
        mutate(rng, doc, bare, schemas, strings)
    edition = to_toml(doc)
    if rng.random() < 0.1:
        edition = break_text(rng, edition)
    sea = rng.random() < 0.4
    kinds = ("sea", "air") if sea else ("land", "air")
    ids = [u for u, row in units.items() if isinstance(row, dict) and row.get("kind") in kinds]
    lines = ['ruleset = "lowluck"', "[options]", 'edition = "own.toml"',
             f'battle = "{"sea" if sea else "land"}"',
             f'dice = "{rng.choice(["lowluck", "standard"])}"']
    for role in ("attacker", "defender"):
        picked = rng.sample(ids, min(len(ids), rng.randint(1, 3))) if ids else []
        counts = {u: rng.randint(1, 3) for u in picked}
        lines += [f"[{role}]", "units = { " + ", ".join(f"{u} = {n}" for u, n in
                                                      counts.items()) + " }"]
        if techs and rng.random() < 0.5:
            lines.append("techs = [" + ", ".join(f'"{t}"' for t in
                                                 rng.sample(techs, rng.randint(1, len(techs))))
                         + "]")
        land = [u for u in counts if units[u].get("kind") == "land"]
        if role == "attacker" and land and rng.random() < 0.4:
            lines.append(f"amphibious = {{ {land[0]} = 1 }}")
            ships = [u for u, row in units.items() if isinstance(row, dict)
                     and "bombard" in row.get("abilities", [])]
            if ships:
                lines.append(f"bombard = {{ {rng.choice(ships)} = {rng.randint(1, 2)} }}")
        if sea and rng.random() < 0.3:
            lines.append("submerge = true")
    return edition, "\n".join(lines) + "\n"


def run_rules_edition_case(seed: int, schemas: dict[str, Schema], strings: list[str],
                     folder: Path) -> list[str]:
    """A battle under a damaged own edition file: exact odds and a short simulation answer
    or refuse in one line."""
    edition, scenario = rules_edition_case(seed, schemas, strings)
    (folder / "own.toml").write_text(edition, encoding="utf-8", errors="surrogatepass")
    path = folder / "battle.toml"
    path.write_text(scenario, encoding="utf-8")
    problems = []
    with tiny_limits():
        for argv in (["odds", str(path), "--json"],
                     ["odds", str(path), "--method", "simulate", "--trials", "200"]):
            code, out, err = run_command(argv)
            problem = check_answer(code, out, err)
            if problem:
                last = err.strip().splitlines()[-1:] or [""]
                problems.append(f"rules edition case {seed} {' '.join(argv[2:])}: {problem}: "
                                f"{last[0][:300]}")
    return problems


# -- running --------------------------------------------------------------------------------
#: The work limits while fuzzing: a valid case computes a little, a large one is refused.
TINY_LIMITS = {"MAX_EXACT_TRANSITIONS": 30_000, "MAX_GRID_WORK": 200_000_000,
               "MAX_BAND_GRID_WORK": 2_000_000, "MAX_SIMULATED_DICE": 300_000,
               "MAX_VECTORISED_DICE": 2_000_000}


@contextlib.contextmanager
def tiny_limits() -> Iterator[None]:
    saved = {name: getattr(limits, name) for name in TINY_LIMITS}
    for name, value in TINY_LIMITS.items():
        setattr(limits, name, value)
    try:
        yield
    finally:
        for name, value in saved.items():
            setattr(limits, name, value)


def check_answer(code: Any, out: str, err: str) -> str | None:
    """What is wrong with a command's answer (None: nothing)."""
    if "Traceback" in err or "Traceback" in out:
        return "a traceback"
    if code == 0:
        if out.startswith("{"):
            try:
                json.loads(out)
            except ValueError:
                return "exit 0 with broken JSON"
        elif not out.strip():
            return "exit 0 with no answer"
        return None
    if code != 2:
        return f"exit status {code!r}"
    if out:
        return "an error with something on stdout"
    if err.count("\n") != 1 or not err.endswith("\n"):
        return f"an error of {err.count(chr(10))} lines"
    if len(err) > MESSAGE_CHARS + 40:
        return f"an error of {len(err)} characters"
    if any(c in err for c in "\x00\x1b\u2028"):
        return "an unescaped control character in the error"
    return None


def run_command(argv: list[str]) -> tuple[Any, str, str]:
    """``cli.main(argv)`` in-process: (exit status, stdout, stderr); an exception escaping
    ``main`` is reported as its traceback on stderr (what a user would see)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except BaseException:        # noqa: BLE001 - whatever escapes is the finding
            code = 1
            err.write(traceback.format_exc())
    return code, out.getvalue(), err.getvalue()


def run_case(case: Case, folder: Path) -> list[str]:
    """Run every command of ``case`` on its text (in ``folder``); the problems found."""
    path = folder / "case.toml"
    path.write_text(case.text, encoding="utf-8", errors="surrogatepass")
    problems = []
    with tiny_limits():
        for command in case.commands:
            argv = [str(path) if a == "{file}" else a for a in command]
            code, out, err = run_command(argv)
            problem = check_answer(code, out, err)
            if problem:
                last = err.strip().splitlines()[-1:] or [""]
                problems.append(f"case {case.seed} ({case.ruleset}) {' '.join(command)}: "
                                f"{problem}: {last[0][:300]}")
    return problems
