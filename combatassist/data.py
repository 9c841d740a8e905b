"""Ruleset data files in ``resources/``: found installed, editable or frozen; loaded once.

Layouts this handles:
- source checkout / editable install: ``<repo>/resources`` beside the ``combatassist`` folder;
- ``pip install .``: the files ship as the package ``combatassist.resources``;
- PyInstaller: ``sys._MEIPASS/resources`` (PyInstaller 6 puts data under ``_internal/``).
"""
from __future__ import annotations

import functools
import importlib.util
import sys
import tomllib
from pathlib import Path
from typing import Any

from .errors import ScenarioError
from .files import read_text_file


@functools.cache
def resources_dir() -> Path:
    """The folder holding the ruleset data files and icons."""
    candidates = []
    frozen_root = getattr(sys, "_MEIPASS", None)
    if frozen_root:
        candidates.append(Path(frozen_root) / "resources")
    here = Path(__file__).resolve().parent
    candidates.append(here.parent / "resources")   # source tree / editable install
    candidates.append(here / "resources")          # non-editable install
    for candidate in candidates:
        if (candidate / "README.md").is_file():
            return candidate
    raise FileNotFoundError("Combat Assistant's resources folder is missing: looked in "
                            + ", ".join(str(c) for c in candidates))


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
        candidates += [package.parents[1] / "resources" / name,   # installed
                       package.parents[2] / "resources" / name]   # source tree, bundle
    candidates.append(resources_dir() / name)
    return next((c for c in candidates if c.is_dir()), candidates[-1])


def load_toml_file(path: str | Path) -> dict[str, Any]:
    """Parse a TOML data file; problems become ScenarioError naming the file and line."""
    text = read_text_file(path)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ScenarioError(f"not valid TOML: {exc}", file=str(path)) from None


@functools.cache
def load_resource(name: str) -> dict[str, Any]:
    """A shipped data file from resources/, parsed (cached: files are read once)."""
    return load_toml_file(resource_path(name))
