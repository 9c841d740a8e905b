"""Ruleset data files in ``resources/``: found installed, editable or frozen; loaded once.

Layouts this handles:
- source checkout / editable install: ``<repo>/resources`` beside the ``combatassist`` folder;
- ``pip install .``: the files ship as the package ``combatassist.resources``;
- PyInstaller: ``sys._MEIPASS/resources`` (PyInstaller 6 puts data under ``_internal/``).
"""
from __future__ import annotations

import functools
import sys
from pathlib import Path
from typing import Any



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


def load_toml_file(path: str | Path) -> dict[str, Any]:
    """Parse a TOML data file; problems become ScenarioError naming the file and line."""
    from .scenario import parse_toml, read_text_file  # local: scenario imports the registry

    return parse_toml(read_text_file(path), file=str(path))


@functools.cache
def load_resource(name: str) -> dict[str, Any]:
    """A shipped data file from resources/, parsed (cached: files are read once)."""
    return load_toml_file(resource_path(name))
