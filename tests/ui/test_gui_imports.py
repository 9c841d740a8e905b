"""The GUI's own import shape: the results panel and its parts import one way only, and
``results.py`` is not a re-export hub (a name is imported from the module that defines it)."""
from __future__ import annotations

import ast
from pathlib import Path

UI = Path(__file__).resolve().parents[2] / "ui"


def _module(path: Path) -> str:
    parts = path.relative_to(UI).with_suffix("").parts
    return ".".join(p for p in parts if p != "__init__")


def _imports(path: Path) -> list[tuple[str, list[str], bool]]:
    """(imported module inside ui/, names, at top level?) of every import of ``path``,
    function-level ones included (they hide a cycle, they don't break it)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    top = {id(node) for node in tree.body}
    here = _module(path).split(".")
    package = here if path.name == "__init__.py" else here[:-1]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package[:len(package) - (node.level - 1)] if node.level > 1 else package
            target = ".".join(base + ([node.module] if node.module else []))
            found.append((target, [a.name for a in node.names], id(node) in top))
    return found


def _defined(path: Path) -> set[str]:
    """The names a module defines itself (classes, functions, assignments)."""
    names = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            names.add(node.name)
        elif isinstance(node, ast.Assign):
            names |= {t.id for t in node.targets if isinstance(t, ast.Name)}
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return names


def test_the_results_panel_and_battle_figures_import_one_way():
    figures = _imports(UI / "widgets" / "battle_figures.py")
    assert not [t for t, _, _ in figures if t == "results"], \
        "widgets/battle_figures.py imports results.py, which imports it"
    inner = [(t, top) for t, _, top in _imports(UI / "results.py")
             if t == "widgets.battle_figures"]
    assert inner and all(top for _, top in inner), \
        "results.py imports battle_figures at module level, never inside a function"


def test_nothing_is_imported_from_results_that_it_does_not_define():
    defined = _defined(UI / "results.py")
    relayed = []
    for path in sorted(UI.rglob("*.py")):
        for target, names, _ in _imports(path):
            if target == "results":
                relayed += [f"{path.relative_to(UI)}: {n}" for n in names if n not in defined]
    assert not relayed, ("import these from where they live (result_style, status_line, "
                         "widgets.*):\n" + "\n".join(relayed))


def test_the_import_reader_sees_a_relayed_name(tmp_path, monkeypatch):
    """The check above can fail: a relayed name is seen."""
    (tmp_path / "widgets").mkdir()
    (tmp_path / "results.py").write_text("from .result_style import pct\nclass Panel: pass\n")
    (tmp_path / "widgets" / "w.py").write_text("from ..results import Panel, pct\n")
    monkeypatch.setattr(__import__(__name__, fromlist=["UI"]), "UI", tmp_path)
    try:
        test_nothing_is_imported_from_results_that_it_does_not_define()
    except AssertionError as exc:
        assert "w.py: pct" in str(exc) and "Panel" not in str(exc).split("\n", 1)[1]
    else:
        raise AssertionError("the relayed name was not seen")
