"""The ruleset views, in the order of the main window's tabs (Ctrl+1 .. Ctrl+5).

To plug in a new view: write ``ui/views/<name>.py`` with a ``RulesetView`` subclass and put
"module:Class" in its row below. A row whose class is None, or whose module can't be imported
yet, shows the "coming" placeholder instead.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass


@dataclass(frozen=True)
class ViewSpec:
    ruleset: str           # combatassist.rulesets name
    title: str             # tab title
    target: str | None     # "ui.views.module:Class", or None while the view is coming


VIEWS: list[ViewSpec] = [
    ViewSpec("lowluck", "Low Luck", "ui.views.lowluck:LowLuckView"),
    ViewSpec("mediumluck", "Medium Luck", "ui.views.mediumluck:MediumLuckView"),
    ViewSpec("agc", "Alternate Ground Combat", "ui.views.agc:AgcView"),
    ViewSpec("ur", "Ur", "ui.views.ur:UrView"),
    ViewSpec("ds2", "Dirtside II", "ui.views.ds2:Ds2View"),
]


def view_class(spec: ViewSpec):
    """The view class of ``spec``, or None when it is not available yet."""
    if spec.target is None:
        return None
    module_name, _, class_name = spec.target.partition(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        if exc.name and module_name.startswith(exc.name):
            return None
        raise
    return getattr(module, class_name)
