"""The engine's texts for translation: ``combatassist/**.py`` -> ``ui/translations/engine_<lang>.ts``.

The engine (no Qt) writes its texts for people with ``msg(template, ...)`` and
``plural(n, one, other, ...)`` (``combatassist/text.py``); Qt's ``lupdate`` can't see those,
so this script collects them the way xgettext would: it reads the engine's source, takes the
literal template strings of every such call (a call whose template is not a literal string
is an error: its text could never be translated), and writes them as context ``engine`` of
``engine_<lang>.ts``, keeping the translations already there (new templates come in
unfinished, vanished ones are dropped). ``packaging/translations.py build`` then compiles it
with the other areas' ``.ts``.

Standard library only for the templates; the data names (``data_terms``) are read from the
engine's tables, so run it with the app's Python (``.venv/bin/python``).

    python packaging/engine_texts.py update [LANG ...]    write engine_<lang>.ts (default: de)
    python packaging/engine_texts.py check                 exit 1 if a .ts is out of date
"""
from __future__ import annotations

import argparse
import ast
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "combatassist"
TS_DIR = ROOT / "ui" / "translations"
CONTEXT = "engine"
#: the engine's text makers and how many leading arguments are templates
MAKERS = {"msg": 1, "plural": 3}


class EngineTextsError(Exception):
    """A template the script can't collect; the message says where."""


def _maker(call: ast.Call) -> str | None:
    f = call.func
    name = f.id if isinstance(f, ast.Name) else f.attr if isinstance(f, ast.Attribute) else None
    return name if name in MAKERS else None


def templates(folder: Path = ENGINE) -> dict[str, str]:
    """Every template of the engine's ``msg``/``plural`` calls -> where it first occurs
    (``path:line``), in source order. Raises EngineTextsError for a template that is not a
    literal string."""
    found: dict[str, str] = {}
    for path in sorted(folder.rglob("*.py")):
        if path.name == "text.py" and path.parent == folder:
            continue                       # the makers themselves
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or (name := _maker(node)) is None:
                continue
            where = f"{path.relative_to(folder.parent).as_posix()}:{node.lineno}"
            args = node.args[MAKERS[name] - 1:MAKERS[name]] if name == "msg" else node.args[1:3]
            if len(args) != (1 if name == "msg" else 2) or not all(
                    isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args):
                raise EngineTextsError(f"{where}: {name}() needs literal template strings "
                                       "(they are collected for translation)")
            for a in args:
                found.setdefault(a.value, where)
    return dict(sorted(found.items(), key=lambda kv: _order(kv[1])))


def data_terms() -> dict[str, list[str]]:
    """The names from the rulesets' data the engine puts into its texts (``term(context,
    name)``: units, bands, terrains, weapons, ...), per context ``data.<ruleset>``: each
    ruleset found says its own (``Ruleset.data_terms``, read from its tables — so this needs
    the engine's dependencies: run it with the app's Python). Sorted, without duplicates;
    a ruleset without any has no context."""
    sys.path.insert(0, str(ROOT))
    from combatassist import rulesets

    found = {f"data.{ruleset.name}": sorted(set(ruleset.data_terms()))
             for ruleset in rulesets.all_rulesets()}
    return {context: names for context, names in found.items() if names}


def _order(where: str) -> tuple[str, int]:
    path, line = where.rsplit(":", 1)
    return (path, int(line))


def read_ts(path: Path, context: str = CONTEXT) -> dict[str, tuple[str, bool]]:
    """``source -> (translation, finished)`` of ``context`` in ``path`` (empty if none)."""
    if not path.is_file():
        return {}
    out: dict[str, tuple[str, bool]] = {}
    for ctx in ET.parse(path).getroot().iter("context"):
        if ctx.findtext("name") != context:
            continue
        for m in ctx.iter("message"):
            t = m.find("translation")
            text = (t.text or "") if t is not None else ""
            finished = t is not None and t.get("type") not in ("unfinished", "obsolete",
                                                                "vanished")
            out[m.findtext("source") or ""] = (text, finished and bool(text))
    return out


def render_ts(lang: str, found: dict[str, str], old: dict[str, tuple[str, bool]],
              terms: dict[str, list[str]] | None = None,
              old_terms: dict[str, dict[str, tuple[str, bool]]] | None = None) -> str:
    """The ``.ts``: context ``engine`` (``found``: template -> where), then one context per
    ``data.<ruleset>`` of ``terms``; translations from ``old`` / ``old_terms``."""
    root = ET.Element("TS", version="2.1", language=lang, sourcelanguage="en")
    contexts = [(CONTEXT, found, old)] + [
        (name, {t: "" for t in names}, (old_terms or {}).get(name, {}))
        for name, names in (terms or {}).items()]
    for name, sources, translated in contexts:
        ctx = ET.SubElement(root, "context")
        ET.SubElement(ctx, "name").text = name
        for source, where in sources.items():
            m = ET.SubElement(ctx, "message")
            if where:
                # the file only: line numbers would rewrite the .ts at every edit of the engine
                ET.SubElement(m, "location", filename="../../" + where.rsplit(":", 1)[0])
            ET.SubElement(m, "source").text = source
            text, finished = translated.get(source, ("", False))
            t = ET.SubElement(m, "translation")
            t.text = text
            if not finished:
                t.set("type", "unfinished")
    ET.indent(root, space="    ")
    return ('<?xml version="1.0" encoding="utf-8"?>\n<!DOCTYPE TS>\n' +
            ET.tostring(root, encoding="unicode") + "\n")


def expected_ts(lang: str, path: Path, found: dict[str, str] | None = None,
                terms: dict[str, list[str]] | None = None) -> str:
    """What ``path`` (``engine_<lang>.ts``) should hold: today's templates and the data names
    with the translations it has; a data name the GUI's hand-kept ``data_<lang>.ts`` beside
    it already translates is left to that file (one translation per name)."""
    found = templates() if found is None else found
    terms = data_terms() if terms is None else terms
    data = path.parent / f"data_{lang}.ts"
    kept = {ctx: {n for n, (_, done) in read_ts(data, ctx).items() if done} for ctx in terms}
    terms = {ctx: [n for n in names if n not in kept[ctx]] for ctx, names in terms.items()}
    return render_ts(lang, found, read_ts(path), terms,
                     {name: read_ts(path, name) for name in terms})


def ts_path(lang: str, folder: Path = TS_DIR) -> Path:
    return folder / f"engine_{lang}.ts"


def update(languages: list[str], folder: Path = TS_DIR) -> list[Path]:
    """Rewrite ``engine_<lang>.ts`` for each language; return the files that changed."""
    found, terms = templates(), data_terms()
    changed = []
    for lang in languages:
        path = ts_path(lang, folder)
        text = expected_ts(lang, path, found, terms)
        if not path.is_file() or path.read_text(encoding="utf-8") != text:
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_suffix(".ts.tmp")
            tmp.write_text(text, encoding="utf-8")
            tmp.replace(path)
            changed.append(path)
    return changed


def languages_present(folder: Path = TS_DIR) -> list[str]:
    return sorted(p.stem.split("_", 1)[1] for p in folder.glob("engine_*.ts"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    up = sub.add_parser("update", help="write engine_<lang>.ts from the engine's source")
    up.add_argument("languages", nargs="*")
    sub.add_parser("check", help="exit 1 if an engine_<lang>.ts is out of date")
    args = parser.parse_args(argv)
    try:
        if args.command == "update":
            for path in update(args.languages or languages_present() or ["de"]):
                print(f"wrote {path.relative_to(ROOT)}")
            return 0
        found, terms = templates(), data_terms()
        stale = [p for lang in languages_present()
                 if (p := ts_path(lang)).read_text(encoding="utf-8") !=
                 expected_ts(lang, p, found, terms)]
        for p in stale:
            print(f"{p.relative_to(ROOT)} is out of date: run "
                  "python packaging/engine_texts.py update", file=sys.stderr)
        return 1 if stale else 0
    except EngineTextsError as exc:
        print(exc, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
