"""Shipped data folders: ``resources/`` (ruleset tables, icons) and ``examples/`` (example
scenarios), found installed, editable or frozen; data files loaded once.

Layouts this handles (the same for both folders, each marked by its ``README.md``):
- source checkout / editable install: ``<repo>/resources`` and ``<repo>/examples`` beside the
  ``combatassist`` folder;
- ``pip install .``: the files ship as the packages ``combatassist.resources`` and
  ``combatassist.examples``;
- PyInstaller: ``sys._MEIPASS/resources`` and ``sys._MEIPASS/examples`` (PyInstaller 6 puts
  data under ``_internal/``).
"""
from __future__ import annotations

import functools
import importlib.util
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from .errors import ScenarioError
from .files import read_text_file
from .reader import Reader, parse_toml

T = TypeVar("T")
#: What a damaged data file's message says to do (when the error has no hint of its own).
DATA_FILE_HINT = "the ruleset's data file is damaged: fix it or reinstall Combat Assistant"


def _shipped_dir(name: str) -> Path:
    """The shipped folder ``name`` in whichever layout this copy of the app runs from."""
    candidates = []
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root:
        candidates.append(Path(frozen_root) / name)
    here = Path(__file__).resolve().parent
    candidates.append(here.parent / name)   # source tree / editable install
    candidates.append(here / name)          # non-editable install
    for candidate in candidates:
        if (candidate / "README.md").is_file():
            return candidate
    raise FileNotFoundError(f"Combat Assistant's {name} folder is missing: looked in "
                            + ", ".join(str(c) for c in candidates))


@functools.cache
def resources_dir() -> Path:
    """The folder holding the ruleset data files and icons."""
    return _shipped_dir("resources")


def resource_path(*parts: str) -> Path:
    return resources_dir().joinpath(*parts)


def ruleset_resources(name: str, module: str) -> Path:
    """The data folder ``resources/<name>/`` of the ruleset whose package is ``module``.

    Looked for beside the package first (``<root>/resources/<name>`` for a source tree or a
    frozen bundle, ``combatassist/resources/<name>`` installed), so a ruleset folder found
    anywhere brings its own data; then in ``resources_dir()``. A folder that exists nowhere
    is returned as ``resources_dir()/<name>`` (reading a file there gives the clear error).
    """
    spec = importlib.util.find_spec(module)
    candidates = []
    if spec is not None and spec.origin:
        package = Path(spec.origin).resolve().parent      # .../combatassist/rulesets/<name>
        engine = package.parent.parent                    # .../combatassist
        candidates += [engine / "resources" / name,         # installed
                       engine.parent / "resources" / name]  # source tree, bundle
    candidates.append(resources_dir() / name)
    return next((c for c in candidates if c.is_dir()), candidates[-1])


@functools.cache
def examples_dir() -> Path:
    """The folder holding the example scenarios (``examples/`` of the repository)."""
    return _shipped_dir("examples")


def example_path(name: str) -> Path:
    """One example scenario by file name (``"lowluck-finland.toml"``); FileNotFoundError if absent."""
    path = examples_dir() / name
    if not path.is_file():
        raise FileNotFoundError(f"no example scenario {name!r} in {examples_dir()}")
    return path


@dataclass(frozen=True)
class Example:
    """A shipped example scenario: its file, ruleset and title (read from the file's header)."""

    path: Path
    ruleset: str
    title: str


def list_examples() -> list[Example]:
    """Every example scenario, sorted by file name. A file whose header can't be read is
    listed under its file name (opening it then gives the loader's one-line message)."""
    found = []
    for path in sorted(examples_dir().glob("*.toml")):
        try:   # bounded and checked like any scenario file (a damaged one is still listed)
            header = load_toml_file(path)
        except ScenarioError:
            header = {}
        ruleset = header.get("ruleset")
        title = header.get("title")
        found.append(Example(path, ruleset if isinstance(ruleset, str) else "",
                             title if isinstance(title, str) and title else path.stem))
    return found


def load_toml_file(path: str | Path) -> dict[str, Any]:
    """Parse a TOML data file; problems become ScenarioError naming the file and line."""
    return parse_toml(read_text_file(path), file=str(path))


@functools.cache
def load_resource(name: str) -> dict[str, Any]:
    """A shipped data file from resources/, parsed (cached: files are read once)."""
    return load_toml_file(resource_path(name))


def read_data_file(path: str | Path, read: Callable[[Reader], T], *,
                   hint: str = DATA_FILE_HINT) -> T:
    """A data file (``resources/<name>/*.toml``) read and validated by ``read(reader)``.

    The one way data files are checked: ``read`` gets the scenario ``Reader`` of the whole
    file (types checked, line numbers found) and returns the typed value; keys nobody read
    are refused afterwards. Any problem is one ``ScenarioError`` naming the file, the line,
    the key and what is expected (``hint``: how to fix it when the problem names no way of
    its own; a player's own file is fixed, not reinstalled)."""
    text = read_text_file(path)
    return read_data(parse_toml(text, file=str(path)), read, file=str(path), text=text,
                     hint=hint)


def read_data(document: dict[str, Any], read: Callable[[Reader], T], *, file: str,
              text: str | None = None, hint: str = DATA_FILE_HINT) -> T:
    """``read_data_file`` of a document already parsed (``text``: its source, for lines)."""
    reader = Reader(document, file=file, text=text, hint=hint)
    value = read(reader)
    reader.finish()
    return value
