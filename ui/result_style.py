"""The results' look, shared by every view: the colours, how figures are written, the one plot
style (titled, labelled, its legend in a row of its own under the plot).

Colours are the Okabe-Ito palette (distinguishable with every common colour-vision deficiency):
attacker blue, defender vermillion, draw grey, undecided yellow. Baseline overlays are drawn
hollow / dashed in the same hue, so "before" and "now" differ by shape, not only by colour.
"""
from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import QEvent, QObject, Qt

from .i18n import QT_TRANSLATE_NOOP, localize, percent, translate

pg.setConfigOptions(background="w", foreground="#222222", antialias=True)

ATTACKER = "#0072B2"     # Okabe-Ito blue
DEFENDER = "#D55E00"     # Okabe-Ito vermillion
DRAW = "#999999"         # neutral grey
UNDECIDED = "#F0E442"    # Okabe-Ito yellow
ACCENT = "#009E73"       # Okabe-Ito bluish green
#: the outcome bar's segments (names translated where shown: ``segment_name``)
SEGMENTS = ((QT_TRANSLATE_NOOP("results", "Attacker wins"), ATTACKER),
            (QT_TRANSLATE_NOOP("results", "Draw"), DRAW),
            (QT_TRANSLATE_NOOP("results", "Undecided"), UNDECIDED),
            (QT_TRANSLATE_NOOP("results", "Defender wins"), DEFENDER))
#: what the loss plots count (a view's ``loss_unit``), translated where shown
LOSS_UNITS = (QT_TRANSLATE_NOOP("results", "units"), QT_TRANSLATE_NOOP("results", "steps of damage"),
              QT_TRANSLATE_NOOP("results", "steps"))


#: a baseline point under this probability (in %) is not drawn: circles along the axis for
#: outcomes that never happen hide the bars and say nothing
BASELINE_MIN_PCT = 0.5


def baseline_points(xs: list[float], ys: list[float]) -> tuple[list[float], list[float]]:
    """The (x, y %) points of a baseline worth a marker (``BASELINE_MIN_PCT`` or more)."""
    kept = [(x, y) for x, y in zip(xs, ys) if y >= BASELINE_MIN_PCT]
    return [x for x, _ in kept], [y for _, y in kept]


def segment_name(name: str) -> str:
    """An outcome's name (``SEGMENTS``) in the app's language."""
    return translate("results", name)


def pct(p: float) -> str:
    """A probability as the app writes it: ``99.69%`` (German ``99,69 %``)."""
    return percent(p)


def delta_pct(now: float, before: float) -> str:
    d = 100 * (now - before)
    return translate("results", "{delta} pts").format(delta=localize(f"{d:+.2f}")) \
        if abs(d) >= 0.005 else "±0"


def delta_num(now: float, before: float) -> str:
    d = now - before
    return localize(f"{d:+.2f}") if abs(d) >= 0.005 else "±0"


#: the row of a PlotItem's grid layout under the bottom axis (0 title, 2 view, 3-4 x axis)
LEGEND_ROW = 5


class RowLegend(pg.LegendItem):
    """A legend laid out in its own row of the plot's grid, under the x-axis label.

    pyqtgraph's legend floats over the data and, on every new entry, moves itself to (0, 0);
    this one only tells the grid how big it is and lets the grid place it.
    """

    def __init__(self) -> None:
        self.fit_width: float | None = None     # set by fit(); entries added later refit
        self._fitting = False
        super().__init__(offset=None, colCount=4, labelTextSize="8pt")
        self.layout.setContentsMargins(4, 2, 4, 2)

    def fit(self, width: float) -> None:
        """As many entries per row as fit in ``width`` (4 at most): a legend wider than its
        plot widened the whole plot past its widget, clipping the title and the legend."""
        self.fit_width = width
        for columns in range(4, 0, -1):
            if columns > 1 and self._width_with(columns) > width:
                continue
            if columns != self.columnCount:
                self.setColumnCount(columns)
            return

    def _width_with(self, columns: int) -> float:
        widths = [sample.boundingRect().width() + label.boundingRect().width() + 10
                  for sample, label in self.items]
        if not widths:
            return 0.0
        rows = [widths[i:i + columns] for i in range(0, len(widths), columns)]
        left, _, right, _ = self.layout.getContentsMargins()
        return max(sum(r) for r in rows) + left + right

    def updateSize(self) -> None:  # noqa: N802 (pyqtgraph name)
        if self.fit_width is not None and not self._fitting:
            self._fitting = True                 # fit() may call back here
            try:
                self.fit(self.fit_width)
            finally:
                self._fitting = False
        self.layout.invalidate()
        hint = self.layout.effectiveSizeHint(Qt.SizeHint.PreferredSize)   # margins included
        self.setMinimumHeight(hint.height())
        self.setMaximumHeight(hint.height())
        self.setPreferredSize(hint)
        self.updateGeometry()


def style_plot(plot: pg.PlotWidget, title: str, xlabel: str, ylabel: str, *,
               legend: bool = True, min_height: int | None = None) -> None:
    """The app's one plot style: titled, labelled axes, light grid, no mouse zoom, a legend."""
    plot.setTitle(title, size="10pt")
    plot.setLabel("bottom", xlabel)
    plot.setLabel("left", ylabel)
    plot.showGrid(x=False, y=True, alpha=0.25)
    plot.setMenuEnabled(False)
    plot.setMouseEnabled(False, False)
    if min_height:
        plot.setMinimumHeight(min_height)
    if legend:
        # The legend gets a row of its own under the x-axis label, never inside the data area:
        # a legend floating over the plot hid whichever bar or curve end fell under it.
        item = RowLegend()
        plot.plotItem.layout.addItem(item, LEGEND_ROW, 1)
        plot.plotItem.legend = item      # plot(..., name=...) entries go here
        plot._legend_fitter = _LegendFitter(plot, item)      # kept alive with the plot


class _LegendFitter(QObject):
    """Refits a plot's RowLegend to the plot's width whenever the plot is resized or drawn."""

    def __init__(self, plot: pg.PlotWidget, legend: RowLegend):
        super().__init__(plot)
        self.legend = legend
        plot.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt name)
        if event.type() in (QEvent.Type.Resize, QEvent.Type.Paint):
            self.legend.fit(watched.width() - 70)       # less the y axis and its label
        return False
