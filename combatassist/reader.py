"""The strict reader of TOML documents: scenario files and the rulesets' data files alike.

``parse_toml`` reads the text (nesting and key length bounded first, every failure one
``ScenarioError`` naming the file and line); a ``Reader`` gives typed, strict access to one
table of it: it checks types, refuses unknown fields (``finish``) and turns every problem
into one ``ScenarioError`` naming the file, the line (``locate_line``), the field and what is
expected. It knows no ruleset: ``combatassist.scenario`` builds scenarios on it, and
``combatassist.data.read_data_file`` reads the rulesets' data files with it.
"""
from __future__ import annotations

import math
import re
import sys
import tomllib
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any, Literal, overload

from .errors import SHOWN_CHARS, ScenarioError, one_line, shown


#: Deepest nesting of arrays and inline tables read (a scenario nests three or four deep;
#: Python's TOML parser recurses and fails with a traceback near 450).
MAX_NESTING = 32
#: Most parts in one dotted key or table header (``[attacker.bands.black]`` has three; the
#: parser's bookkeeping grows with the square of the parts).
MAX_KEY_PARTS = 32
#: Largest whole number a field takes when it names no maximum of its own: far beyond any
#: count or size, and small enough that every number leaving the reader can be echoed.
MAX_WHOLE_NUMBER = 10 ** 15
_MISSING = object()


# -- locating fields in the source text ----------------------------------------------------
# Matched against stripped lines, with no lazy quantifiers: linear even on a line of a
# million spaces (a lazy group before ``\s*=`` backtracks quadratically there).
_HEADER = re.compile(r"\[\[?([^\]]*)\]\]?\s*(#.*)?")
_KEY_CHARS = re.compile(r"[A-Za-z0-9_.\-\"' ]+")


def _clean_key(key: str) -> str:
    return ".".join(part.strip().strip("\"'") for part in key.split("."))


def locate_line(text: str | None, field: str | None) -> int | None:
    """Best-effort line number (1-based) of a dotted field path in TOML source text."""
    if not text or not field:
        return None
    target = field.split(".")
    best_line, best_len = None, 0
    header: list[str] = []
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        m = _HEADER.fullmatch(stripped)
        if m and m.group(1).strip():
            header = _clean_key(m.group(1)).split(".")
            if target[: len(header)] == header and len(header) > best_len:
                best_line, best_len = number, len(header)
            continue
        key, equals, _ = stripped.partition("=")
        if not equals or not _KEY_CHARS.fullmatch(key):
            continue
        path = header + _clean_key(key.strip()).split(".")
        if target[: len(path)] != path:
            continue
        length = len(path)
        # Inline tables: `units = { infantry = 3 }` also holds the deeper key.
        rest = target[len(path):]
        if rest and re.search(r"[{,]\s*" + re.escape(rest[0]) + r"\s*=", line):
            length += 1
        if length > best_len:
            best_line, best_len = number, length
    return best_line


# -- the reader rulesets parse with --------------------------------------------------------
class Reader:
    """Typed, strict access to one TOML table; records which keys were read."""

    def __init__(self, table: Mapping[str, Any], path: str = "", *, text: str | None = None,
                 file: str | None = None, line: int | None = None, hint: str | None = None):
        self.table = table
        self.path = path
        self.text = text
        self.file = file
        #: the line errors name when the field's own line can't be found (an array's table)
        self.line = line
        #: how to fix it, when an error gives no hint of its own (data files: reinstall)
        self.hint = hint
        self._seen: set[str] = set()

    def field(self, key: str) -> str:
        return f"{self.path}.{key}" if self.path else key

    def error(self, key: str | None, message: str, hint: str | None = None) -> ScenarioError:
        field = self.field(key) if key else (self.path or None)
        return ScenarioError(message, file=self.file,
                             line=locate_line(self.text, field) or self.line,
                             field=field, hint=hint or self.hint)

    def has(self, key: str) -> bool:
        return key in self.table

    def raw(self, key: str, default: Any = _MISSING) -> Any:
        self._seen.add(key)
        if key in self.table:
            return self.table[key]
        if default is _MISSING:
            raise self.error(key, "is required but missing")
        return default

    @overload
    def sub(self, key: str, required: Literal[True]) -> "Reader": ...

    @overload
    def sub(self, key: str, required: Literal[False] = False) -> "Reader | None": ...

    @overload
    def sub(self, key: str, required: bool) -> "Reader | None": ...

    def sub(self, key: str, required: bool = False) -> "Reader | None":
        """The sub-table ``key`` as a Reader (None when absent and not required)."""
        value = self.raw(key, _MISSING if required else None)
        if value is None:
            return None
        if not isinstance(value, Mapping):
            raise self.error(key, f"must be a table, got {_kind(value)}")
        return self.reader_for(value, self.field(key))

    def reader_for(self, value: Mapping[str, Any], path: str, line: int | None = None
                   ) -> "Reader":
        return Reader(value, path, text=self.text, file=self.file, line=line or self.line,
                      hint=self.hint)

    def keys(self) -> list[str]:
        """The keys of this table, in the file's order (for tables keyed by ids)."""
        return list(self.table)

    def tables(self, key: str, default: Any = _MISSING) -> list["Reader"]:
        """An array of tables (``[[key]]`` or ``key = [{...}, ...]``), one Reader each;
        fields ``key[1]``, ``key[2]``, ... (1-based, as people count); errors inside
        point at the entry's ``[[key]]`` header line when the file has one."""
        rows = self.array(key, default)
        header = re.compile(r"^\s*\[\[\s*" + re.escape(self.field(key)) + r"\s*\]\]")
        lines = [n for n, text in enumerate((self.text or "").splitlines(), start=1)
                 if header.match(text)]
        if len(lines) != len(rows):
            lines = [locate_line(self.text, self.field(key))] * len(rows)  # type: ignore[list-item]
        readers = []
        for i, (row, line) in enumerate(zip(rows, lines), start=1):
            path = f"{self.field(key)}[{i}]"
            if not isinstance(row, Mapping):
                raise ScenarioError(f"must be a table, got {_kind(row)}", file=self.file,
                                    line=line, field=path, hint=self.hint)
            readers.append(self.reader_for(row, path, line))
        return readers

    def integer(self, key: str, default: Any = _MISSING, *, minimum: int | None = 0,
                maximum: int | None = None) -> int:
        value = self.raw(key, default)
        return self.check_integer(key, value, minimum=minimum, maximum=maximum)

    def check_integer(self, key: str, value: Any, *, minimum: int | None = 0,
                      maximum: int | None = None) -> int:
        if isinstance(value, bool) or not isinstance(value, int):
            if isinstance(value, float) and math.isfinite(value) and value.is_integer():
                value = int(value)
            else:
                raise self.error(key, f"must be a whole number, got {_show(value)}")
        if minimum is not None and value < minimum:
            raise self.error(key, f"must be at least {minimum}, got {_show(value)}")
        if maximum is not None and value > maximum:
            raise self.error(key, f"must be at most {maximum}, got {_show(value)}",
                             hint="larger values are beyond what the engine answers in time")
        if abs(value) > MAX_WHOLE_NUMBER:
            raise self.error(key, f"is too large, got {_show(value)}",
                             hint=f"at most {MAX_WHOLE_NUMBER:,} either way; counts and "
                                  "sizes are small whole numbers")
        return value

    def number(self, key: str, default: Any = _MISSING, *, minimum: float | None = None,
               maximum: float | None = None) -> float:
        value = self.raw(key, default)
        if isinstance(value, bool) or not isinstance(value, (int, float)) or \
                not math.isfinite(_as_float(value)):
            raise self.error(key, f"must be a number, got {_show(value)}")
        if minimum is not None and value < minimum:
            raise self.error(key, f"must be at least {minimum}, got {_show(value)}")
        if maximum is not None and value > maximum:
            raise self.error(key, f"must be at most {maximum}, got {_show(value)}")
        return float(value)

    def boolean(self, key: str, default: Any = _MISSING) -> bool:
        value = self.raw(key, default)
        if not isinstance(value, bool):
            raise self.error(key, f"must be true or false, got {_show(value)}")
        return value

    @overload
    def string(self, key: str) -> str: ...

    @overload
    def string(self, key: str, default: str) -> str: ...

    @overload
    def string(self, key: str, default: None) -> str | None: ...

    def string(self, key: str, default: Any = _MISSING) -> str | None:
        value = self.raw(key, default)
        if value is None and default is None and key not in self.table:
            return None  # optional field left out
        if not isinstance(value, str):
            raise self.error(key, f"must be a text string, got {_show(value)}")
        return value

    def choice(self, key: str, options: Iterable[str], default: Any = _MISSING) -> str:
        opts = list(options)
        value = self.raw(key, default)
        if not isinstance(value, str) or value not in opts:
            raise self.error(key, f"unknown value {_show(value)}",
                             hint="expected one of: " + ", ".join(opts))
        return value

    def array(self, key: str, default: Any = _MISSING) -> list:
        value = self.raw(key, default)
        if not isinstance(value, list):
            raise self.error(key, f"must be a list [...], got {_show(value)}")
        return value

    def integers(self, key: str, default: Any = _MISSING, *, minimum: int | None = 0,
                 length: int | None = None) -> list[int]:
        """A list of whole numbers (each at least ``minimum``; exactly ``length`` of them)."""
        values = self.array(key, default)
        if length is not None and len(values) != length:
            raise self.error(key, f"must hold {length} whole numbers, got {len(values)}")
        return [self.check_integer(key, v, minimum=minimum) for v in values]

    def fraction(self, key: str, default: Any = _MISSING) -> Fraction:
        """A fraction written ``[numerator, denominator]`` (the denominator at least 1)."""
        value = self.raw(key, default)
        if isinstance(value, Fraction):
            return value
        if not isinstance(value, list) or len(value) != 2:
            raise self.error(key, f"must be [numerator, denominator], got {_show(value)}")
        numerator = self.check_integer(key, value[0], minimum=None)
        return Fraction(numerator, self.check_integer(key, value[1], minimum=1))

    def strings(self, key: str, default: Any = _MISSING, *, nonempty: bool = True
                ) -> list[str]:
        """A list of text strings (at least one unless ``nonempty`` is False)."""
        values = self.array(key, default)
        if nonempty and not values:
            raise self.error(key, "must list at least one name")
        for v in values:
            if not isinstance(v, str):
                raise self.error(key, f"must be a list of text strings, got {_show(v)} in it")
        return values

    def names(self, key: str, allowed: Iterable[str], default: Any = _MISSING, *,
              what: str = "name") -> list[str]:
        """A list of ids, each from ``allowed``, without repeats."""
        opts = list(allowed)
        values = self.array(key, default)
        seen: list[str] = []
        for v in values:
            if not isinstance(v, str) or v not in opts:
                raise self.error(key, f"unknown {what} {_show(v)}",
                                 hint="expected: " + ", ".join(opts))
            if v in seen:
                raise self.error(key, f"{_show(v)} is listed twice")
            seen.append(v)
        return seen

    def counts(self, key: str, allowed: Iterable[str], default: Any = _MISSING, *,
               maximum: int | None = None, what: str = "unit") -> dict[str, int]:
        """A table ``{id = count}``: known ids, whole counts >= 0 (and <= maximum)."""
        opts = list(allowed)
        table = self.raw(key, default)
        if table is None:
            return {}
        if not isinstance(table, Mapping):
            raise self.error(key, f"must be a table like {{ {opts[0]} = 3 }}, got {_show(table)}")
        sub = self.reader_for(table, self.field(key))
        result: dict[str, int] = {}
        for name, value in table.items():
            if name not in opts:
                raise sub.error(name, f"unknown {what} '{one_line(name, SHOWN_CHARS)}'",
                                hint="expected one of: " + ", ".join(opts))
            count = sub.check_integer(name, value, minimum=0, maximum=maximum)
            if count:
                result[name] = count
        return result

    def finish(self) -> None:
        """Refuse keys nobody read: unknown fields are errors, never silently ignored."""
        for key in self.table:
            if key not in self._seen:
                known = ", ".join(sorted(self._seen)) or "none"
                raise self.error(key, "unknown field", hint=f"known fields here: {known}")


def _as_float(value: int | float) -> float:
    """``value`` as a float; an integer too large for one is infinite (not OverflowError)."""
    try:
        return float(value)
    except OverflowError:
        return math.inf


def _kind(value: Any) -> str:
    return {dict: "a table", list: "a list", str: "text", bool: "true/false",
            int: "a number", float: "a number"}.get(type(value), type(value).__name__)


def _show(value: Any) -> str:
    """A value from the file as a message echoes it (quoted, escaped, shortened)."""
    return shown(value)


# -- whole files ---------------------------------------------------------------------------
_SCAN = re.compile(r'"""|\'\'\'|["\'#\n\[\]{}=,.]')
_STRING_END = {'"""': re.compile(r'(?:[^"\\]|\\.|"(?!""))*"""', re.S),
               "'''": re.compile(r"(?:[^']|'(?!''))*'''"),
               '"': re.compile(r'(?:[^"\\\n]|\\.)*"'),
               "'": re.compile(r"[^'\n]*'")}


def check_toml_shape(text: str, file: str | None = None) -> None:
    """Refuse, before parsing, TOML nested deeper than ``MAX_NESTING`` or with dotted keys
    of more than ``MAX_KEY_PARTS`` parts (the parser would fail with a traceback or use
    memory growing with the square of the parts). One pass over the text's brackets,
    separators and strings (skipped whole)."""
    depth, dots, line, pos = 0, 0, 1, 0
    while True:
        m = _SCAN.search(text, pos)
        if m is None:
            return
        token, pos = m.group(), m.end()
        if token in _STRING_END:
            end = _STRING_END[token].match(text, pos)
            if end is None:       # unterminated: the parser reports it
                return
            line += text.count("\n", pos, end.end())
            pos = end.end()
        elif token == "#":
            newline = text.find("\n", pos)
            pos = len(text) if newline < 0 else newline
        elif token == ".":
            dots += 1
            if dots >= MAX_KEY_PARTS:
                raise ScenarioError(f"a dotted key or table name has more than "
                                    f"{MAX_KEY_PARTS} parts", file=file, line=line,
                                    hint="scenario tables nest a few levels deep")
        else:
            dots = 0
            if token == "\n":
                line += 1
            elif token in "[{":
                depth += 1
                if depth > MAX_NESTING:
                    raise ScenarioError(f"lists or tables are nested more than {MAX_NESTING} "
                                        "deep", file=file, line=line,
                                        hint="scenario values nest a few levels deep")
            elif token in "]}":
                depth = max(0, depth - 1)


def parse_toml(text: str, file: str | None = None, what: str = "not valid TOML") -> dict:
    """``tomllib.loads`` with every failure a one-line ScenarioError naming file and line:
    syntax errors, nesting too deep (checked first), integers too long for Python."""
    check_toml_shape(text, file)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        msg = str(exc)
        m = re.search(r"\(at line (\d+), column (\d+)\)", msg)
        line = int(m.group(1)) if m else None
        msg = re.sub(r"\s*\(at line \d+, column \d+\)", "", msg)
        raise ScenarioError(f"{what}: {msg}", file=file, line=line,
                            hint="check quotes, brackets and '=' signs") from None
    except ValueError:   # Python's limit on converting long digit strings to int
        m = re.search(r"[0-9][0-9_]{100,}", text)
        line = text.count("\n", 0, m.start()) + 1 if m else None
        raise ScenarioError("a number has too many digits (Python reads at most "
                            f"{sys.get_int_max_str_digits():,})", file=file, line=line,
                            hint="counts and sizes are small whole numbers") from None
    except RecursionError:   # defence in depth: check_toml_shape should have refused it
        raise ScenarioError("lists or tables are nested too deeply", file=file) from None
