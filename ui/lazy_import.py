"""pyqtgraph, imported at its first use: ``from .lazy_import import pg`` binds a stand-in whose
first attribute looked up (``pg.PlotWidget``, ``pg.mkPen``) imports pyqtgraph.

pyqtgraph takes about half a second to import on a busy machine; the first window needs none
of it (plots are made when first shown, ``lazy_plot``), so it is loaded after the window is on
screen. (``importlib.util.LazyLoader`` can't do this: every ``import`` statement naming such a
module loads it.) Only the GUI thread uses pyqtgraph.
"""
from __future__ import annotations

import importlib
import sys
from types import ModuleType
from typing import Any


class LazyModule:
    """Stands for the module ``name`` and imports it when one of its attributes is first
    looked up."""

    def __init__(self, name: str):
        self._name = name
        self._module: ModuleType | None = None

    def __getattr__(self, attribute: str) -> Any:
        if self._module is None:
            self._module = importlib.import_module(self._name)
        return getattr(self._module, attribute)

    def is_loaded(self) -> bool:
        """Whether the module is imported (by this stand-in or by anyone else)."""
        return self._module is not None or self._name in sys.modules


pg = LazyModule("pyqtgraph")
