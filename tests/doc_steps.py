"""docs/adding-a-ruleset.md's steps done by a program: the page's example ruleset (the coin-flip
duel) written into a copy of the repository, so the tests can check that following the page
alone gives a ruleset the whole suite accepts.

The page's code blocks say what to do by their first line:

- ``# <path>``: a new file, written whole (the engine folder, the resources folder, the form
  file, the example scenario);
- ``# <path> (merge)``: translations to give in an existing Qt Linguist file — ``<context>``
  elements whose messages the file gets (a message already there takes the translation; a
  new one is added), as a translator does in Qt Linguist for the entries the update commands
  list;
- ``# <path> (add)``: rows to add to the table of an existing Markdown file (after its last
  row).

``apply(root)`` writes the files, then runs the page's translation steps in ``root``: the
update commands (``packaging/engine_texts.py update``, ``packaging/translations.py update``),
the merges, ``engine_texts.py update`` again (it keeps the translations, in its own layout)
and ``translations.py build`` (the ``.qm`` files the app loads). ``root``'s packages must be
the ones imported (``environment(root)``).

    python -m tests.doc_steps ROOT      apply the page to the repository copy ROOT
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "adding-a-ruleset.md"
#: a code block whose first line names a path (and ``(merge)`` for translations)
BLOCK = re.compile(r"^```[a-z]*\n# (?P<path>[\w./-]+)(?: \((?P<how>merge|add)\))?\n"
                   r"(?P<body>.*?)^```", re.M | re.S)
#: the folders and files of the repository a copy needs to run the tests
TREE = ("combatassist", "ui", "resources", "examples", "tests", "docs", "packaging",
        "pyproject.toml", "setup.py", "README.md", "dev.py")


def blocks(doc: Path = DOC) -> list[tuple[str, str, str]]:
    """(path, body, how) of every code block of the page that names a path; ``how`` is
    ``""`` (a new file), ``"merge"`` or ``"add"``."""
    return [(m["path"], m["body"], m["how"] or "")
            for m in BLOCK.finditer(doc.read_text(encoding="utf-8"))]


def doc_files(parts: tuple[str, ...] = ("combatassist/", "resources/")) -> dict[str, str]:
    """The new files the page shows, by path (only those under ``parts``)."""
    return {path: body for path, body, how in blocks()
            if not how and path.startswith(parts)}


def write_files(root: Path, parts: tuple[str, ...]) -> dict[str, str]:
    """Write the page's new files under ``parts`` below ``root``; return them by path."""
    files = doc_files(parts)
    for path, body in files.items():
        target = root / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(body, encoding="utf-8")
    return files


#: the modules of the page's example (the engine's package, the GUI's form)
EXAMPLE_MODULES = ("combatassist.rulesets.duel", "combatassist_gui.views.duel")


@contextmanager
def example_first(folders: dict[ModuleType, Path]) -> Iterator[None]:
    """The page's duel written in temporary folders, found before any other: each folder goes
    first on its package's ``__path__`` (``{combatassist.rulesets: tmp/combatassist/rulesets,
    ...}``). A repository that followed the page has a duel of its own: its modules are put
    aside meanwhile and given back after, so no test sees two duels or one imported twice."""
    def ours(name: str) -> bool:
        return any(name == m or name.startswith(m + ".") for m in EXAMPLE_MODULES)

    aside = {name: sys.modules.pop(name) for name in list(sys.modules) if ours(name)}
    paths = {package: list(package.__path__) for package in folders}
    attributes = {package: package.__dict__.get("duel") for package in folders}
    for package, folder in folders.items():
        package.__path__ = [str(folder), *paths[package]]
    try:
        yield
    finally:
        for name in [name for name in sys.modules if ours(name)]:
            del sys.modules[name]
        sys.modules.update(aside)
        # what the rulesets package found meanwhile may hold another duel under the tree's
        # path (a test that dropped the folder): found again from the modules given back
        from combatassist import rulesets
        rulesets._cache, rulesets._single, rulesets._single_path = None, {}, ()
        for package, path in paths.items():
            package.__path__ = path
            if attributes[package] is not None:
                package.duel = attributes[package]
            elif "duel" in package.__dict__:
                del package.duel


def add_rows(path: Path, rows: str) -> None:
    """Add ``rows`` to the Markdown table of ``path``, after its last row."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    last = max(i for i, line in enumerate(lines) if line.startswith("|"))
    lines[last + 1:last + 1] = [rows if rows.endswith("\n") else rows + "\n"]
    path.write_text("".join(lines), encoding="utf-8")


def merge_ts(path: Path, fragment: str) -> None:
    """Give ``path`` (a ``.ts``) the messages of ``fragment`` (``<context>`` elements)."""
    tree = ET.parse(path)
    root = tree.getroot()
    for context in ET.fromstring(f"<TS>{fragment}</TS>").iter("context"):
        name = context.findtext("name")
        mine = next((c for c in root.iter("context") if c.findtext("name") == name), None)
        if mine is None:
            mine = ET.SubElement(root, "context")
            ET.SubElement(mine, "name").text = name
        for message in context.iter("message"):
            source = message.findtext("source")
            have = next((m for m in mine.iter("message") if m.findtext("source") == source),
                        None)
            if have is None:
                mine.append(message)
                continue
            translation = have.find("translation")
            translation.text = message.findtext("translation")
            translation.attrib.pop("type", None)
    ET.indent(root, space="    ")
    path.write_text('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n'
                    + ET.tostring(root, encoding="unicode") + "\n", encoding="utf-8")


def environment(root: Path) -> dict[str, str]:
    """The environment in which ``root``'s packages are the ones imported: ``combatassist``
    from ``root``, ``combatassist_gui`` from ``root/ui`` (through a link, as the installed
    package maps it)."""
    link = root / ".imports" / "combatassist_gui"
    if not link.exists():
        link.parent.mkdir(exist_ok=True)
        link.symlink_to(root / "ui", target_is_directory=True)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(root), str(link.parent)])
    env["QT_QPA_PLATFORM"] = "offscreen"
    return env


def _run(root: Path, *args: str) -> None:
    proc = subprocess.run([sys.executable, *args], cwd=root, env=environment(root),
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise RuntimeError(f"{' '.join(args)} failed:\n{proc.stdout}\n{proc.stderr}")


def apply(root: Path) -> list[str]:
    """Follow the page in the repository copy ``root``; return the paths it wrote or merged."""
    done = []
    for path, body, how in blocks():
        if not how:
            target = root / path
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_text(body, encoding="utf-8")
            done.append(path)
        elif how == "add":
            add_rows(root / path, body)
            done.append(path)
    python = ("--python", sys.executable)
    _run(root, "packaging/engine_texts.py", "update")
    _run(root, "packaging/translations.py", "update", *python)
    for path, body, how in blocks():
        if how == "merge":
            merge_ts(root / path, body)
            done.append(path)
    _run(root, "packaging/engine_texts.py", "update")
    _run(root, "packaging/translations.py", "build", *python)
    return done


if __name__ == "__main__":
    print("\n".join(apply(Path(sys.argv[1]).resolve())))
