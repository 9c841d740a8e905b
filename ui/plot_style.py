"""The app's one plot style: titled, labelled axes, a light grid, no mouse zoom, the legend in a
row of its own under the plot.

Imported only when a plot is made (``lazy_plot.LazyPlot``): this module's classes subclass
pyqtgraph's, so importing it imports pyqtgraph.
"""
from __future__ import annotations

import pyqtgraph as pg
from PySide6.QtCore import QEvent, QObject, QRectF, Qt

pg.setConfigOptions(background="w", foreground="#222222", antialias=True)


#: the row of a PlotItem's grid layout under the bottom axis (0 title, 2 view, 3-4 x axis)
LEGEND_ROW = 5


class Swatch(pg.ItemSample):
    """A legend sample; a bar's is its coloured square alone. pyqtgraph draws a bar's pen as
    a line under the square as well, 2 px out on either side of it: a stray dash before
    (and after) every bar's swatch."""

    def paint(self, p, *args) -> None:
        item = self.item
        if isinstance(item, pg.BarGraphItem) and item.isVisible():
            p.setRenderHint(p.RenderHint.Antialiasing)
            p.setPen(pg.mkPen(item.opts["pen"]))
            p.setBrush(pg.mkBrush(item.opts["brush"]))
            p.drawRect(QRectF(2, 2, 18, 18))
            return
        super().paint(p, *args)


class RowLegend(pg.LegendItem):
    """A legend laid out in its own row of the plot's grid, under the x-axis label.

    pyqtgraph's legend floats over the data and, on every new entry, moves itself to (0, 0);
    this one only tells the grid how big it is and lets the grid place it.
    """

    def __init__(self) -> None:
        self.fit_width: float | None = None     # set by fit(); entries added later refit
        self._fitting = False
        super().__init__(offset=None, colCount=4, labelTextSize="8pt", sampleType=Swatch)
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
