"""The ruleset views, found, not registered: every module of this package is looked at.

A view is a ``RulesetView`` subclass (usually of ``BattleView`` or ``ResolutionView``) that
names its ruleset in the class, Orange3-style::

    class CoinView(BattleView):
        ruleset = "coin"        # a combatassist.rulesets name
        title = "Coin duel"     # the tab's title
        order = 60              # tab position (smaller first)

To add a view, drop ``<name>.py`` with such a class into this folder (or any folder on
``combatassist_gui.views.__path__``), or a folder ``<name>/`` holding it in one of its modules
(the shipped views: ``<name>/view.py`` beside the widgets only that ruleset uses); the main
window gives it a tab, Ctrl+<position>. A ruleset
without a view gets no tab (the command line still computes it). Import errors are not
hidden: a broken view module stops the app with its own traceback.
"""
from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType


def _view_classes(module: ModuleType) -> list[type]:
    from .base import RulesetView

    return [obj for obj in vars(module).values()
            if isinstance(obj, type) and issubclass(obj, RulesetView)
            and obj.__module__ == module.__name__ and obj.ruleset]


def discover() -> list[type]:
    """Every view class in this package, in tab order (``order``, then title)."""
    found: list[type] = []
    for info in pkgutil.iter_modules(__path__, prefix=f"{__name__}."):
        if info.name.rsplit(".", 1)[-1].startswith("_"):
            continue
        module = importlib.import_module(info.name)
        found.extend(_view_classes(module))
        if info.ispkg:      # a ruleset's folder: its view and its widgets, one level down
            for sub in pkgutil.iter_modules(module.__path__, prefix=f"{info.name}."):
                if not sub.name.rsplit(".", 1)[-1].startswith("_"):
                    found.extend(_view_classes(importlib.import_module(sub.name)))
    rulesets = [cls.ruleset for cls in found]
    twice = sorted({r for r in rulesets if rulesets.count(r) > 1})
    if twice:
        raise RuntimeError(f"more than one view for the ruleset(s) {', '.join(twice)}: "
                           "keep one view class per ruleset in combatassist_gui.views")
    return sorted(found, key=lambda cls: (cls.order, cls.title))
