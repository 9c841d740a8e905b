"""Packages for setuptools, found rather than listed (the rest is in pyproject.toml).

Every code package under ``combatassist/``, plus every folder that ``[tool.setuptools]
package-dir`` maps (``resources/`` -> ``combatassist.resources``, ``examples/`` ->
``combatassist.examples``, and the GUI's ``ui/`` -> ``combatassist_gui``), so a new ruleset's
``combatassist/rulesets/<name>/`` and ``resources/<name>/`` ship without editing a list.
"""
from __future__ import annotations

import tomllib
from pathlib import Path

from setuptools import find_packages, setup

ROOT = Path(__file__).resolve().parent
MAPPED = {name: folder for name, folder in tomllib.loads(
    (ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]
    .get("package-dir", {}).items() if name}


def folder_packages(name: str, folder: str) -> list[str]:
    """``name`` and one package per sub-folder of ``folder`` (data folders have no
    ``__init__.py``; their files ship as package data)."""
    base = ROOT / folder
    subfolders = sorted(p for p in base.rglob("*") if p.is_dir()
                        and not any(part.startswith((".", "__")) for part in p.relative_to(base).parts))
    return [name] + [".".join((name, *p.relative_to(base).parts)) for p in subfolders]


code = find_packages(where=str(ROOT), include=["combatassist", "combatassist.*"],
                     exclude=[name for name in MAPPED] + [f"{name}.*" for name in MAPPED])
data = [pkg for name, folder in MAPPED.items() for pkg in folder_packages(name, folder)]
setup(packages=sorted(set(code) | set(data)))
