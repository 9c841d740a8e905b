"""Scenario files (docs/scenario-format.md): load, validate, save atomically.

A scenario is ``ruleset`` + optional ``title`` + the ruleset's own validated payload. Each
ruleset module parses its part through a ``Reader`` (``combatassist.reader``, re-exported
here), which checks types, refuses unknown fields and turns every problem into one
``ScenarioError`` naming the file, line and field.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import tomli_w

from . import rulesets
from .errors import shown
from .files import MAX_FILE_BYTES, atomic_write_text, read_text_file  # noqa: F401
# The reader rulesets parse with (re-exported: rulesets and tests import it from here).
from .reader import (MAX_KEY_PARTS, MAX_NESTING, Reader, check_toml_shape,  # noqa: F401
                     locate_line, parse_toml)


@dataclass
class Scenario:
    """A validated scenario. ``body`` is the ruleset's typed payload."""

    ruleset: str
    body: Any
    title: str | None = None

    def to_toml(self) -> str:
        return scenario_to_toml(self)




def parse_scenario_text(text: str, file: str | None = None, *, ruleset: Any = None
                        ) -> Scenario:
    """Parse and validate scenario TOML text. Raises ScenarioError.

    ``ruleset`` (a ``Ruleset``): parse with it, whatever the registry holds (its own data
    files are read this way); the file's ``ruleset`` must then name it."""
    return read_scenario(Reader(parse_toml(text, file), "", text=text, file=file),
                         ruleset=ruleset)


def read_scenario(top: Reader, *, ruleset: Any = None) -> Scenario:
    """The scenario of a whole document's ``Reader`` (``parse_scenario_text`` once the TOML
    is parsed; a ruleset's ``default.toml`` is read this way too)."""
    name = top.raw("ruleset", None)
    if ruleset is not None and name == ruleset.name or ruleset is None and rulesets.found(name):
        pass            # only the named ruleset is imported (rulesets.get: lazy discovery)
    else:
        known = (ruleset.name,) if ruleset is not None else rulesets.names()
        if name is None:
            raise top.error(None, "missing 'ruleset' at the top of the file",
                            hint=f'add e.g. ruleset = "{known[0]}" (one of: '
                                 + ", ".join(known) + ")")
        raise top.error("ruleset", f"unknown ruleset {shown(name)}",
                        hint="expected one of: " + ", ".join(known))
    title = top.string("title", None)
    body = (ruleset or rulesets.get(name)).parse(top)
    top.finish()
    return Scenario(ruleset=name, body=body, title=title)


def load_scenario(path: str | Path) -> Scenario:
    """Load and validate a scenario file. Raises ScenarioError."""
    return parse_scenario_text(read_text_file(path), file=str(path))


def scenario_to_toml(scenario: Scenario) -> str:
    doc: dict[str, Any] = {"ruleset": scenario.ruleset}
    if scenario.title:
        doc["title"] = scenario.title
    doc.update(rulesets.get(scenario.ruleset).to_document(scenario.body))
    return tomli_w.dumps(doc)


def save_scenario(scenario: Scenario, path: str | Path) -> None:
    """Write the scenario atomically (temp file + rename)."""
    atomic_write_text(path, scenario_to_toml(scenario))
