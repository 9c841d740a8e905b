"""Build the app's translations: ``ui/translations/*.ts`` (sources, in git) -> ``*.qm`` (built).

Standard library only, so ``dev.py`` (system Python), ``setup.py`` (the wheel build) and
``packaging/build.py`` (the bundle) can all load it by path. Qt's own tools do the work:
PySide6's ``lrelease`` compiles a ``.ts`` into the ``.qm`` Qt loads, ``lupdate`` collects the
``tr()`` / ``QCoreApplication.translate()`` strings of the GUI's sources into the ``.ts``.

File names are ``<area>_<language>.ts`` (``app_de.ts``): the app loads every ``.qm`` of the
chosen language, so each area (a part of the GUI, or the ruleset data's labels) has a file of
its own that can be translated and merged independently. ``AREAS`` says which sources
``lupdate`` scans for which area; an area not listed there (``data``: the ruleset tables'
labels, which are not in the code) is kept by hand and never rewritten by ``lupdate``.

    python packaging/translations.py build [--python PY]    .ts -> .qm where stale
    python packaging/translations.py update [--python PY]   sources -> .ts (then build)
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GUI = ROOT / "ui"
TS_DIR = GUI / "translations"
#: area -> source globs (relative to ui/) whose strings lupdate puts into <area>_<lang>.ts
AREAS: dict[str, tuple[str, ...]] = {
    "app": ("*.py",),
    "views": ("views/*.py", "views/*/*.py", "widgets/*.py"),
}
#: Areas kept by other means than lupdate: ``engine`` (the engine's texts and the data names
#: in them, by ``packaging/engine_texts.py``), ``data`` (by hand).


class TranslationsError(Exception):
    """A translation tool is missing or failed; the message says what to do."""


def _pyside_dir(python: str | None) -> Path | None:
    """The PySide6 package folder of ``python`` (None: this interpreter), if installed."""
    if python is None:
        import importlib.util

        spec = importlib.util.find_spec("PySide6")
        return Path(spec.origin).parent if spec and spec.origin else None
    proc = subprocess.run([python, "-c", "import PySide6, os; print(os.path.dirname("
                                         "PySide6.__file__))"], capture_output=True, text=True)
    return Path(proc.stdout.strip()) if proc.returncode == 0 and proc.stdout.strip() else None


def qt_tool(name: str, python: str | None = None) -> Path:
    """Path of PySide6's ``lrelease`` or ``lupdate`` for ``python`` (PySide6-Essentials ships
    both next to its modules)."""
    folder = _pyside_dir(python)
    exe = name + (".exe" if os.name == "nt" else "")
    for candidate in ([folder / exe, folder / "Qt" / "bin" / exe, folder / "Qt" / "libexec" / exe]
                      if folder else []):
        if candidate.is_file():
            return candidate
    raise TranslationsError(
        f"PySide6's {name} was not found (PySide6 {'in ' + str(folder) if folder else 'is not installed'}"
        f"{' for ' + python if python else ''}): install the app first (python3 dev.py test)")


def ts_files(folder: Path = TS_DIR) -> list[Path]:
    return sorted(folder.glob("*.ts"))


def stale(folder: Path = TS_DIR) -> list[Path]:
    """The ``.ts`` files whose ``.qm`` is missing or older."""
    return [ts for ts in ts_files(folder) if not ts.with_suffix(".qm").is_file()
            or ts.with_suffix(".qm").stat().st_mtime < ts.stat().st_mtime]


def build(python: str | None = None, folder: Path = TS_DIR, force: bool = False) -> list[Path]:
    """Compile every stale ``.ts`` of ``folder`` (all with ``force``); return the ``.qm`` made."""
    todo = ts_files(folder) if force else stale(folder)
    if not todo:
        return []
    lrelease = qt_tool("lrelease", python)
    made = []
    for ts in todo:
        qm = ts.with_suffix(".qm")
        proc = subprocess.run([str(lrelease), "-silent", str(ts), "-qm", str(qm)],
                              capture_output=True, text=True)
        if proc.returncode != 0 or not qm.is_file():
            raise TranslationsError(f"{ts.name}: lrelease failed: "
                                    f"{(proc.stderr or proc.stdout).strip()[:500]}")
        made.append(qm)
    return made


def sources(area: str) -> list[Path]:
    return sorted({p for pattern in AREAS[area] for p in GUI.glob(pattern)})


def update(python: str | None = None, folder: Path = TS_DIR, languages: list[str] | None = None,
           target: Path | None = None) -> list[Path]:
    """Run ``lupdate`` for every area and language (default: the languages that have a ``.ts``)
    so each ``<area>_<lang>.ts`` lists the strings of that area's sources (new ones
    unfinished, vanished ones dropped); ``target``: write there instead (tests compare).
    """
    lupdate = qt_tool("lupdate", python)
    if languages is None:
        languages = sorted({ts.stem.rsplit("_", 1)[1] for ts in ts_files(folder) if "_" in ts.stem})
    written = []
    for area in AREAS:
        for lang in languages:
            ts = folder / f"{area}_{lang}.ts"
            out = (target or folder) / ts.name
            if target is not None and ts.is_file():
                out.write_bytes(ts.read_bytes())
            plurals = plural_forms(out) if out.is_file() else {}
            cmd = [str(lupdate), "-silent", "-no-obsolete", "-locations", "none",
                   "-target-language", lang, *map(str, sources(area)), "-ts", str(out)]
            proc = subprocess.run(cmd, capture_output=True, text=True)
            if proc.returncode != 0:
                raise TranslationsError(f"{out.name}: lupdate failed: "
                                        f"{(proc.stderr or proc.stdout).strip()[:500]}")
            tidy(out, plurals)
            written.append(out)
    return written


def plural_forms(ts: Path) -> dict[tuple[str, str], list[str]]:
    """(context, source) -> the translated plural forms of every plural message of ``ts``."""
    forms = {}
    for context in ET.parse(ts).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            if message.get("numerus") == "yes":
                forms[(name, message.findtext("source") or "")] = [
                    f.text or "" for f in message.iter("numerusform")]
    return forms


def tidy(ts: Path, plurals: dict[tuple[str, str], list[str]]) -> None:
    """What lupdate gets wrong for Python, put right in ``ts``:

    - a string with ``%n`` passed to ``QCoreApplication.translate(context, text, "", n)`` is a
      plural (lupdate only sees ``self.tr``'s): marked so, its plural forms kept;
    - lupdate reads every Python ``#:`` comment as a note to the translator of the next
      string; ours document constants, so they would only mislead: dropped.
    """
    tree = ET.parse(ts)
    for context in tree.getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            for note in message.findall("extracomment"):
                message.remove(note)
            source = message.findtext("source") or ""
            if "%n" not in source or message.get("numerus") == "yes":
                continue
            message.set("numerus", "yes")
            translation = message.find("translation")
            old = plurals.get((name, source))
            single = translation.text or ""
            translation.text = None
            for form in old or [single, single]:
                ET.SubElement(translation, "numerusform").text = form
            if old and all(old) and translation.get("type") == "unfinished":
                del translation.attrib["type"]       # lupdate only lost the plural forms
    ET.indent(tree, space="    ")
    body = ET.tostring(tree.getroot(), encoding="unicode")
    ts.write_text('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n' + body + "\n",
                  encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="translations.py")
    parser.add_argument("command", choices=("build", "update"))
    parser.add_argument("--python", help="the Python whose PySide6 tools to use")
    parser.add_argument("--language", action="append",
                        help="with update: also make this language's .ts (e.g. fr)")
    args = parser.parse_args(argv)
    try:
        if args.command == "update":
            langs = None
            if args.language:
                langs = sorted(set(args.language) | {ts.stem.rsplit("_", 1)[1]
                                                     for ts in ts_files() if "_" in ts.stem})
            for ts in update(args.python, languages=langs):
                print(f"updated {ts.relative_to(ROOT)}")
            # the engine's texts: not in the GUI's sources, collected from the engine's
            import engine_texts   # noqa: E402 - beside this file (packaging/)
            for ts in engine_texts.update(sorted(set(langs or []) |
                                                 set(engine_texts.languages_present()))):
                print(f"updated {ts.relative_to(ROOT)}")
        for qm in build(args.python, force=args.command == "update"):
            print(f"built {qm.relative_to(ROOT)}")
    except TranslationsError as exc:
        print(f"translations: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
