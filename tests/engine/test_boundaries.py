"""The engine's boundaries: no Qt, rulesets independent, no import cycles.

The contracts live in ``pyproject.toml`` (``[tool.importlinter]``, run here through
import-linter's own checker, the same as ``lint-imports``). Two more checks say what a static
list can't: every ruleset *found* (also one added later) is independent of the others, and no
module of the engine takes part in an import cycle (function-level imports count: they hide
cycles, they don't break them).
"""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import grimp
import pytest

from combatassist import rulesets

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def graph() -> grimp.ImportGraph:
    return grimp.build_graph("combatassist", include_external_packages=True, cache_dir=None)


def test_import_linter_contracts_are_kept():
    proc = subprocess.run([sys.executable, "-c",
                           "import sys; from importlinter.cli import lint_imports_command; "
                           "sys.exit(lint_imports_command(['--no-cache']))"],
                          cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout[-3000:] + proc.stderr[-2000:]
    assert "broken" in proc.stdout and " 0 broken" in proc.stdout


def test_the_engine_imports_no_qt(graph):
    for external in ("PySide6", "shiboken6", "pyqtgraph", "ui"):
        if graph.find_modules_that_directly_import(external) if external in graph.modules \
                else set():
            importers = graph.find_modules_that_directly_import(external)
            pytest.fail(f"{sorted(importers)} import {external}")


def test_every_ruleset_found_is_independent_of_the_others(graph):
    packages = [f"combatassist.rulesets.{r.name}" for r in rulesets.all_rulesets()]
    assert len(packages) >= 5
    for importer in packages:
        for imported in packages:
            if importer != imported:
                chain = graph.find_shortest_chain(importer, imported, as_packages=True)
                assert chain is None, f"{importer} reaches {imported}: {' -> '.join(chain)}"


def _cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    found: list[list[str]] = []
    counter = 0
    for root in sorted(edges):
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_module_is_in_an_import_cycle(graph):
    modules = {m for m in graph.modules if m.startswith("combatassist")}
    edges = {m: {i for i in graph.find_modules_directly_imported_by(m) if i in modules}
             for m in modules}
    assert _cycles(edges) == []


def test_the_cycle_finder_finds_cycles():
    assert _cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert _cycles({"a": {"b"}, "b": set()}) == []
