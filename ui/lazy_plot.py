"""A plot made when it is first shown or first used: ``LazyPlot``.

A pyqtgraph ``PlotWidget`` costs about 50 ms to make (and the first one imports pyqtgraph),
and a view has several, most of them on tabs nobody has opened yet. A ``LazyPlot`` is the
plot's place in the layout, as big as the plot will be (the same size hints, the same white
background); the ``PlotWidget`` is made inside it when it is first shown, or at once when
code uses a pyqtgraph name on it (``lazy.clear()``, ``lazy.addItem(...)``: looked up on the
plot, made now) or asks for ``lazy.plot``.

Drawing a result into a plot nobody sees can wait: ``draw(fn)`` keeps the newest ``fn`` and
calls ``fn(plot)`` when the plot is made (at once if it is made already).

The very first plot of the app is made after its window is painted (``first_paint``; else on
the next turn of the event loop), not before: the window shows before pyqtgraph is imported.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtGui import QColor, QPalette, QResizeEvent
from PySide6.QtWidgets import QApplication, QSizePolicy, QVBoxLayout, QWidget

from . import first_paint
from .lazy_import import pg

#: a PlotWidget's own size hints (pyqtgraph's GraphicsView): the stand-in claims the same
#: room, so nothing moves when the plot is made
PLOT_SIZE_HINT = QSize(600, 480)
PLOT_MINIMUM_SIZE_HINT = QSize(68, 68)


class LazyPlot(QWidget):
    """A ``PlotWidget`` made on first show or first use (see the module's docstring).

    ``title``, ``xlabel``, ``ylabel``, ``legend``: the app's plot style (``plot_style.
    style_plot``), applied when the plot is made (no title: unstyled); ``setup(plot)``: more
    set-up then (ranges, ticks, items that stay)."""

    def __init__(self, title: str | None = None, xlabel: str = "", ylabel: str = "", *,
                 legend: bool = True, setup: Callable[[Any], None] | None = None,
                 parent: QWidget | None = None):
        super().__init__(parent)
        self._style = (title, xlabel, ylabel, legend) if title is not None else None
        self._setup = setup
        self._plot = None
        self._draw: Callable[[Any], None] | None = None
        self._opacity = 1.0
        self._title: tuple[tuple, dict] | None = None
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        palette = self.palette()
        palette.setColor(QPalette.ColorRole.Window, QColor("white"))   # pyqtgraph's background
        self.setPalette(palette)
        self.setAutoFillBackground(True)

    # -- the plot ---------------------------------------------------------------------------
    def is_made(self) -> bool:
        return self._plot is not None

    @property
    def plot(self):
        """The ``PlotWidget`` (made now if it isn't yet)."""
        return self.make()

    def make(self):
        """Make the plot (styled, set up, the pending drawing drawn) if it isn't yet."""
        if self._plot is not None:
            return self._plot
        from . import plot_style        # the app's plot colours: set before any plot is made

        # made as a window (not shown), then put in place, as a plot made with its page was:
        # until the page is first shown it keeps a window's size, not a child's 100×30
        plot = pg.PlotWidget()
        # takes no keyboard input (zoom and pan are off): never a Tab stop
        plot.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        plot.viewport().setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self._plot = plot
        if self._style is not None:
            title, xlabel, ylabel, legend = self._style
            plot_style.style_plot(plot, title, xlabel, ylabel, legend=legend)
        if self._setup is not None:
            self._setup(plot)
        if self._title is not None:
            plot.setTitle(*self._title[0], **self._title[1])
        plot.getPlotItem().setOpacity(self._opacity)
        self.layout().addWidget(plot)
        if self.isVisible():
            plot.show()          # now: a child added to a shown widget is shown a turn later
        else:
            # Qt sends a hidden widget its resize only when shown; a plot made before its
            # window was shown got it then: its drawing fitted to its viewport, as here
            QApplication.sendEvent(plot, QResizeEvent(plot.size(), plot.size()))
        if self._draw is not None:
            self._draw(plot)
        return plot

    def draw(self, fn: Callable[[Any], None]) -> None:
        """Draw with ``fn(plot)``: now if the plot is made, else when it is (the newest
        drawing replaces one still waiting)."""
        self._draw = fn
        if self._plot is not None:
            fn(self._plot)

    def setTitle(self, *args: Any, **kwargs: Any) -> None:  # noqa: N802 (pyqtgraph name)
        """The plot's title (as ``PlotWidget.setTitle``), now or once the plot is made."""
        self._title = (args, kwargs)
        if self._plot is not None:
            self._plot.setTitle(*args, **kwargs)

    def __getattr__(self, name: str) -> Any:
        # a name this widget doesn't have is the plot's (pyqtgraph's API): the plot is made
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self.make(), name)

    # -- fading (a stale result) ------------------------------------------------------------
    def set_opacity(self, opacity: float) -> None:
        """Fade the drawing (not the white background), now or once the plot is made."""
        self._opacity = opacity
        if self._plot is not None:
            self._plot.getPlotItem().setOpacity(opacity)

    def opacity(self) -> float:
        return self._opacity

    # -- Qt -----------------------------------------------------------------------------
    def sizeHint(self) -> QSize:  # noqa: N802 (Qt name)
        return self._plot.sizeHint() if self._plot is not None else PLOT_SIZE_HINT

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt name)
        return (self._plot.minimumSizeHint() if self._plot is not None
                else PLOT_MINIMUM_SIZE_HINT)

    def showEvent(self, event) -> None:  # noqa: N802 (Qt name)
        super().showEvent(event)
        if self._plot is None:
            if pg.is_loaded():
                self.make()          # shown with its plot, no blank frame
            elif not first_paint.after_paint(self.make):     # the window paints first
                QTimer.singleShot(0, self, self.make)
