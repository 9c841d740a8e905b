"""File › Open Example: one entry per example scenario shipped with the app (``examples/``)."""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QMenu

from combatassist.data import Example, list_examples


def example_label(example: Example, ruleset_titles: dict[str, str]) -> str:
    """``"Low Luck — Finland, Russia turn 1"``: the ruleset's tab title, then the example's."""
    ruleset = ruleset_titles.get(example.ruleset) or example.ruleset or "?"
    return f"{ruleset} — {example.title}"


def fill_examples_menu(menu: QMenu, ruleset_titles: dict[str, str],
                       open_example: Callable[[Path], object]) -> None:
    """Fill ``menu`` with the shipped examples, in the order of ``ruleset_titles`` (the window's
    tabs), then by file name; each entry calls ``open_example(path)``."""
    menu.clear()
    try:
        examples = list_examples()
    except FileNotFoundError:               # a broken install: say so instead of an empty menu
        examples = []
    order = {name: i for i, name in enumerate(ruleset_titles)}
    examples.sort(key=lambda e: (order.get(e.ruleset, len(order)), e.path.name))
    for example in examples:
        action = menu.addAction(example_label(example, ruleset_titles).replace("&", "&&"))
        action.setStatusTip(QCoreApplication.translate(
            "ExamplesMenu", "Open {file} as a new scenario").format(file=example.path.name))
        action.setToolTip(example.path.name)
        action.triggered.connect(lambda _checked=False, p=example.path: open_example(p))
    if not examples:
        menu.addAction(QCoreApplication.translate(
            "ExamplesMenu", "(no examples installed)")).setEnabled(False)
