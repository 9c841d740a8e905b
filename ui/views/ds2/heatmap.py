"""Dirtside II: a heatmap of P(kill) over size class x target armour (one ``ShotMatrix``).

Cells are labelled with their percentage; sizes the weapon doesn't come in (NaN in the matrix)
are hatched grey and marked "n/a"; the shot set up in the form is outlined. Clicking a cell
emits ``cell_clicked(size, armour)`` so the map doubles as a selector.
"""
from __future__ import annotations

import math

import numpy as np
from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from combatassist.rulesets.ds2 import ShotMatrix
from ...engine_text import render
from ...i18n import localize, translate
from ...lazy_import import pg
from ...lazy_plot import LazyPlot

#: cividis: perceptually uniform and readable with every common colour-vision deficiency
COLOUR_MAP = "cividis"
MISSING_FILL = "#E4E4E4"
MISSING_HATCH = "#9A9A9A"


def _text_colour(value_pct: float) -> str:
    # cividis runs dark blue -> yellow: light text on the dark half, dark on the bright half
    return "#FFFFFF" if value_pct < 55 else "#111111"


class KillHeatmap(QWidget):
    """P(kill) (%) by size class (rows, y) and armour (columns, x), current cell outlined."""

    cell_clicked = Signal(int, int)        # size class, armour

    def __init__(self, title: str = "P(kill)", parent: QWidget | None = None,
                 *, colour_bar: bool = True):
        super().__init__(parent)
        self.title = title
        self.matrix: ShotMatrix | None = None
        self.current: tuple[int, int] | None = None      # (size, armour) outlined
        self.cell_texts: dict[tuple[int, int], str] = {}  # (size, armour) -> shown text
        # the image and the colour bar are made with the plot (on its first show)
        self.image = self.bar = None
        self._colour_bar = colour_bar
        self.plot = LazyPlot(setup=self._set_up_plot)
        self.plot.setMinimumHeight(230)
        self._overlays: list = []
        # the caption is a label, not the plot's title: a long title squeezes the colour bar
        self.caption = QLabel(title)
        self.caption.setObjectName("heatmapCaption")
        self.caption.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.caption.setWordWrap(True)
        self.message = QLabel("")
        self.message.setWordWrap(True)
        self.message.setStyleSheet("color: #555;")
        self.message.setObjectName("heatmapMessage")
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.caption)
        layout.addWidget(self.plot, 1)
        layout.addWidget(self.message)

    def _set_up_plot(self, plot) -> None:
        plot.setMenuEnabled(False)
        plot.setMouseEnabled(False, False)
        plot.hideButtons()
        plot.setLabel("bottom", translate("widgets.ds2_heatmap", "target armour rating"))
        plot.setLabel("left", translate("widgets.ds2_heatmap", "weapon size class"))
        self.image = pg.ImageItem()
        self.image.setColorMap(pg.colormap.get(COLOUR_MAP))
        plot.addItem(self.image)
        if self._colour_bar:
            self.bar = pg.ColorBarItem(values=(0, 100), colorMap=pg.colormap.get(COLOUR_MAP),
                                       label=translate("widgets.ds2_heatmap", "P(kill) (%)"),
                                       interactive=False, width=14)
            self.bar.setImageItem(self.image, insert_in=plot.getPlotItem())
        plot.scene().sigMouseClicked.connect(self._clicked)

    # -- feeding it ---------------------------------------------------------------------
    def show_matrix(self, matrix: ShotMatrix | None, *, caption: str = "",
                    current: tuple[int, int] | None = None, message: str = "",
                    size_labels: dict[int, str] | None = None) -> None:
        """Draw ``matrix`` (None: clear it and show only ``message``)."""
        self.matrix = matrix
        self.current = current
        self.cell_texts = {}
        self.message.setText(message)
        self.message.setVisible(bool(message))
        self.caption.setText(f"{self.title} — {caption}" if caption else self.title)
        if matrix is None:
            self.plot.draw(self._clear)
            self.plot.setVisible(False)
            return
        self.plot.setVisible(True)
        pct = 100 * np.asarray(matrix.p_kill, dtype=float)
        for r, s in enumerate(int(s) for s in matrix.sizes):
            for c, a in enumerate(int(a) for a in matrix.armours):
                value = pct[r, c]
                self.cell_texts[(s, a)] = (
                    translate("widgets.ds2_heatmap", "n/a") if math.isnan(value) else
                    localize(f"{value:.0f}%" if value >= 9.95 or value == 0 else f"{value:.1f}%"))
        self.plot.draw(lambda plot: self._draw(plot, matrix, current, size_labels))
        notes = list(dict.fromkeys(list(matrix.notes) + list(matrix.row_notes.values())))
        if notes and not message:
            self.message.setText("; ".join(render(n) for n in notes))
            self.message.setVisible(True)

    def _clear(self, plot) -> None:
        for item in self._overlays:
            plot.removeItem(item)
        self._overlays = []
        self.image.clear()

    def _draw(self, plot, matrix: ShotMatrix, current: tuple[int, int] | None,
              size_labels: dict[int, str] | None) -> None:
        self._clear(plot)
        sizes = [int(s) for s in matrix.sizes]
        armours = [int(a) for a in matrix.armours]
        pct = 100 * np.asarray(matrix.p_kill, dtype=float)
        missing = np.isnan(pct)
        # ImageItem's default axis order is image[x, y]: x = armour (columns), y = size (rows)
        self.image.setImage(np.where(missing, 0.0, pct).T, levels=(0, 100), autoLevels=False)
        self.image.setRect(QRectF(armours[0] - 0.5, sizes[0] - 0.5, len(armours), len(sizes)))
        labels = size_labels or {}
        plot.getAxis("left").setTicks([[(s, labels.get(s, str(s))) for s in sizes]])
        plot.getAxis("bottom").setTicks([[(a, str(a)) for a in armours]])
        plot.setXRange(armours[0] - 0.5, armours[-1] + 0.5, padding=0)
        plot.setYRange(sizes[0] - 0.5, sizes[-1] + 0.5, padding=0)

        gone = [(s, a) for r, s in enumerate(sizes) for c, a in enumerate(armours)
                if missing[r, c]]
        if gone:
            for brush in (pg.mkBrush(MISSING_FILL),
                          QBrush(QColor(MISSING_HATCH), Qt.BrushStyle.BDiagPattern)):
                boxes = pg.BarGraphItem(x0=[a - 0.5 for _, a in gone],
                                        y0=[s - 0.5 for s, _ in gone], width=1.0, height=1.0,
                                        brush=brush, pen=pg.mkPen(None))
                self._add(boxes)
        for r, s in enumerate(sizes):
            for c, a in enumerate(armours):
                value = pct[r, c]
                colour = "#555555" if math.isnan(value) else _text_colour(value)
                label = pg.TextItem(self.cell_texts[(s, a)], color=colour, anchor=(0.5, 0.5))
                label.setPos(a, s)
                self._add(label)
        if current is not None and current[0] in sizes and current[1] in armours:
            s, a = current
            xs = [a - 0.47, a + 0.47, a + 0.47, a - 0.47, a - 0.47]
            ys = [s - 0.47, s - 0.47, s + 0.47, s + 0.47, s - 0.47]
            # a white halo under a black line: visible on dark and bright cells alike
            self._add(pg.PlotCurveItem(xs, ys, pen=pg.mkPen("#FFFFFF", width=6)))
            self._add(pg.PlotCurveItem(xs, ys, pen=pg.mkPen("#000000", width=2.5)))

    def _add(self, item) -> None:
        self.plot.addItem(item)
        self._overlays.append(item)

    # -- selecting by clicking -------------------------------------------------------------
    def cell_at(self, x: float, y: float) -> tuple[int, int] | None:
        """The (size, armour) cell under data coordinates (x, y), or None outside / n/a."""
        m = self.matrix
        if m is None:
            return None
        armour, size = round(x), round(y)
        if armour not in [int(a) for a in m.armours] or size not in [int(s) for s in m.sizes]:
            return None
        r = [int(s) for s in m.sizes].index(size)
        c = [int(a) for a in m.armours].index(armour)
        if math.isnan(float(m.p_kill[r, c])):
            return None
        return size, armour

    def _clicked(self, event) -> None:
        vb = self.plot.getPlotItem().vb
        if not vb.sceneBoundingRect().contains(event.scenePos()):
            return
        point = vb.mapSceneToView(event.scenePos())
        cell = self.cell_at(point.x(), point.y())
        if cell is not None:
            self.cell_clicked.emit(*cell)
