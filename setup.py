"""Packages for setuptools, found rather than listed (the rest is in pyproject.toml).

Every code package under ``combatassist/``, plus every folder that ``[tool.setuptools]
package-dir`` maps (``resources/`` -> ``combatassist.resources``, ``examples/`` ->
``combatassist.examples``, and the GUI's ``ui/`` -> ``combatassist_gui``), so a new ruleset's
``combatassist/rulesets/<name>/`` and ``resources/<name>/`` ship without editing a list.
"""
from __future__ import annotations

import importlib.util
import tomllib
from pathlib import Path

from setuptools import find_packages, setup
from setuptools.command.build_py import build_py

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


class BuildWithTranslations(build_py):
    """Compile the GUI's translations (``ui/translations/*.ts`` -> ``.qm``) into the build,
    with PySide6's lrelease (packaging/translations.py). Without PySide6 in the build
    environment (pip's isolated one has none), the ``.qm`` the set-up built are used; if
    they are missing or stale, the build stops and says how to make them."""

    def run(self):
        if not getattr(self, "editable_mode", False):    # editable: dev.py builds them in place
            spec = importlib.util.spec_from_file_location(
                "translations", ROOT / "packaging" / "translations.py")
            tool = importlib.util.module_from_spec(spec)
            spec.loader.exec_module(tool)
            try:
                tool.build()
            except tool.TranslationsError as exc:
                if tool.stale():
                    raise SystemExit(
                        f"setup.py: the translations are not built and {exc}. Run "
                        "`python3 dev.py test` (or `python packaging/translations.py build "
                        "--python PY` with a Python that has PySide6) first, or build with "
                        "`pip install --no-build-isolation .` from an environment with "
                        "PySide6.") from None
        super().run()


setup(packages=sorted(set(code) | set(data)), cmdclass={"build_py": BuildWithTranslations})
