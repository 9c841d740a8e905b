"""The Medium Luck colour chart: data (TOML) -> a validated ``Chart``.

The default chart ships in ``resources/mediumluck/default_chart.toml``; a scenario may name
another file. Every problem in a chart file is a ``ScenarioError`` naming the chart file, the
line when known and the field, exactly like a problem in a scenario.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...data import resource_path
from ...errors import ScenarioError, shown
from ...scenario import Reader, parse_toml, read_text_file

DEFAULT_CHART = ("mediumluck", "default_chart.toml")
CHART_FORMAT = 1
CASUALTY_RULES = ("victim", "winner")
#: Highest dice cap a chart may set (tables grow fast beyond this).
MAX_DICE_LIMIT = 8


@dataclass(frozen=True)
class Unit:
    name: str
    cost: float
    classes: frozenset[str]


@dataclass(frozen=True)
class Band:
    """One colour: who rolls, who boosts (unit -> kind), what it may hit, who picks casualties."""

    name: str
    roll: tuple[str, ...]
    boost: dict[str, str]
    may_hit: frozenset[str]
    casualties: str
    defender_extra_die: bool = False

    @property
    def kinds(self) -> tuple[str, ...]:
        """The boost kinds of this band, in chart order, without repeats."""
        return tuple(dict.fromkeys(self.boost.values()))


@dataclass(frozen=True)
class Chart:
    bands: tuple[Band, ...]
    units: dict[str, Unit]
    max_dice: int = 6
    source: str = field(default="", compare=False)

    def band(self, name: str) -> Band:
        for b in self.bands:
            if b.name == name:
                return b
        raise KeyError(name)

    @property
    def band_names(self) -> tuple[str, ...]:
        return tuple(b.name for b in self.bands)

    def places_for(self, unit: str) -> tuple[list[str], list[str]]:
        """(bands where ``unit`` may roll, bands where it may boost) — for error hints."""
        rolls = [b.name for b in self.bands if unit in b.roll]
        boosts = [b.name for b in self.bands if unit in b.boost]
        return rolls, boosts


def _array_table_lines(text: str, key: str) -> list[int]:
    """Line numbers of each ``[[key]]`` header (to point errors at the right band)."""
    pattern = re.compile(r"^\s*\[\[\s*" + re.escape(key) + r"\s*\]\]")
    return [n for n, line in enumerate(text.splitlines(), start=1) if pattern.match(line)]


class _BandReader(Reader):
    """A Reader for one ``[[bands]]`` entry: errors point at that entry's header line."""

    def __init__(self, table, path, *, text, file, line):
        super().__init__(table, path, text=text, file=file)
        self.line = line

    def error(self, key, message, hint=None):
        err = super().error(key, message, hint)
        return ScenarioError(err.message, file=err.file, line=self.line,
                             field=err.field, hint=err.hint)


def parse_chart_text(text: str, file: str | None = None) -> Chart:
    """Validate chart TOML text. Raises ScenarioError (file, line, field, how to fix)."""
    doc = parse_toml(text, file, what="chart is not valid TOML")
    return read_chart(Reader(doc, "", text=text, file=file))


def read_chart(top: Reader) -> Chart:
    """The chart of a whole chart file's ``Reader`` (``parse_chart_text`` once parsed; the
    ruleset's data files are read this way, ``data.read_data_file``)."""
    text, file = top.text or "", top.file
    fmt = top.integer("format", CHART_FORMAT, minimum=1)
    if fmt != CHART_FORMAT:
        raise top.error("format", f"chart format {shown(fmt)} is not supported",
                        hint=f"this version reads format {CHART_FORMAT}")
    max_dice = top.integer("max_dice", 6, minimum=1, maximum=MAX_DICE_LIMIT)

    units_r = top.sub("units", required=True)
    units: dict[str, Unit] = {}
    for name in units_r.table:
        if not re.fullmatch(r"[a-z][a-z0-9_]*", name):
            raise units_r.error(name, f"unit id '{name}' must be snake_case (a-z, 0-9, _)")
        u = units_r.sub(name, required=True)       # one of its keys: there
        cost = u.number("cost", minimum=0)
        classes = u.array("classes", [])
        for c in classes:
            if not isinstance(c, str) or not c:
                raise u.error("classes", f"class names must be text, got {c!r}")
        u.finish()
        units[name] = Unit(name, cost, frozenset(classes))
    if not units:
        raise units_r.error(None, "the chart defines no units")
    all_classes = set().union(*(u.classes for u in units.values()))

    raw_bands = top.array("bands")
    if not raw_bands:
        raise top.error("bands", "the chart has no bands", hint="add [[bands]] tables")
    header_lines = _array_table_lines(text, "bands")
    bands: list[Band] = []
    for i, raw in enumerate(raw_bands):
        line = header_lines[i] if i < len(header_lines) else None
        path = f"bands[{i + 1}]"
        if not isinstance(raw, dict):
            raise ScenarioError("each band must be a table", file=file, line=line, field=path)
        r = _BandReader(raw, path, text=text, file=file, line=line)
        name = r.string("name")
        if not re.fullmatch(r"[a-z][a-z0-9_]*", name):
            raise r.error("name", f"band name '{name}' must be snake_case (a-z, 0-9, _)")
        if name in (b.name for b in bands):
            raise r.error("name", f"band '{name}' is listed twice")
        roll = r.names("roll", units, [], what="unit")
        boost_table = r.raw("boost", {})
        if not isinstance(boost_table, dict):
            raise r.error("boost", "must be a table like { artillery = \"art\" }")
        boost: dict[str, str] = {}
        for unit, kind in boost_table.items():
            if unit not in units:
                raise r.error("boost", f"unknown unit '{unit}'",
                              hint="define it under [units] first")
            if not isinstance(kind, str) or not kind:
                raise r.error("boost", f"the boost kind of {unit} must be a name, got {kind!r}")
            boost[unit] = kind
        targets = r.names("may_hit", ["any", *units, *sorted(all_classes)], what="unit or class")
        if not targets:
            raise r.error("may_hit", "a band must be able to hit something",
                          hint='use ["any"] for every unit')
        if "any" in targets:
            may_hit = frozenset(units)
        else:
            may_hit = frozenset(u.name for u in units.values()
                                if u.name in targets or u.classes & set(targets))
        casualties = r.choice("casualties", CASUALTY_RULES, "victim")
        extra = r.boolean("defender_extra_die", False)
        r.finish()
        bands.append(Band(name, tuple(roll), boost, may_hit, casualties, extra))
    if sum(b.defender_extra_die for b in bands) > 1:
        raise top.error("bands", "only one band may have defender_extra_die = true")
    top.finish()
    return Chart(tuple(bands), units, max_dice, source=file or "")


def load_chart(path: str | Path) -> Chart:
    """Load and validate a chart file (ScenarioError on any problem)."""
    return parse_chart_text(read_text_file(path), file=str(path))


@functools.cache
def default_chart() -> Chart:
    """The shipped reconstructed chart (docs/rules.md §1)."""
    return load_chart(resource_path(*DEFAULT_CHART))


#: Battle kinds (``[options] battle``): a land battle takes no ships, a sea battle only ships
#: and aircraft (the chart's "sea" and "air" unit classes say which is which).
BATTLE_KINDS = ("land", "sea")


def battle_kind_problem(chart: Chart, kind: str, unit: str) -> str | None:
    """Why ``unit`` can't fight in a ``kind`` battle ('carrier is a ship: ...'), or None."""
    classes = chart.units[unit].classes
    name = unit.replace("_", " ")
    if kind == "land" and "sea" in classes:
        return f"{name} is a ship: it can't fight in a land battle"
    if kind == "sea" and not classes & {"sea", "air"}:
        return f"{name} is a land unit: it can't fight in a sea battle"
    return None


def describe_places(chart: Chart, unit: str) -> str:
    """'fighter may roll in yellow; boost in green, white' (error hints)."""
    rolls, boosts = chart.places_for(unit)
    parts = []
    if rolls:
        parts.append("roll in " + ", ".join(rolls))
    if boosts:
        parts.append("boost in " + ", ".join(boosts))
    if not parts:
        return f"{unit} has no role in any band: list it under idle"
    return f"{unit} may " + "; ".join(parts)


def chart_to_dict(chart: Chart) -> dict[str, Any]:
    """A TOML-ready document of the chart (round-trips through parse_chart_text)."""
    units = {}
    for u in chart.units.values():
        entry: dict[str, Any] = {"cost": u.cost}
        if u.classes:
            entry["classes"] = sorted(u.classes)
        units[u.name] = entry
    bands = []
    for b in chart.bands:
        entry = {"name": b.name, "roll": list(b.roll), "boost": dict(b.boost),
                 "may_hit": sorted(b.may_hit), "casualties": b.casualties}
        if b.defender_extra_die:
            entry["defender_extra_die"] = True
        bands.append(entry)
    return {"format": CHART_FORMAT, "max_dice": chart.max_dice, "bands": bands, "units": units}
