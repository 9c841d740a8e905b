"""Ur's result panels: the outcome at every wall strength, and how each unit rolls."""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QHeaderView, QLabel, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget

from combatassist.rulesets import ur

from ...engine_text import render
from ...i18n import QT_TRANSLATE_NOOP, data_name, side_name, translate
from ...lazy_import import pg
from ...lazy_plot import LazyPlot
from ...result_style import ATTACKER, DEFENDER, SEGMENTS, pct, segment_name


class WallWhatIf(QWidget):
    """The battle's outcome at every wall strength, the current one framed."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.summary = QLabel(translate("widgets.ur_results", "Computing the odds at every wall strength…"))
        self.summary.setWordWrap(True)
        self.summary.setObjectName("whatIfSummary")
        self.plot = LazyPlot(setup=self._set_up_plot)
        self.plot.setTitle(translate("widgets.ur_results", "Outcome at every wall strength"),
                           size="10pt")
        self.plot.setMinimumHeight(240)
        self.legend = QLabel(" ".join(
            f'<span style="color:{c}">&#9632;</span>&nbsp;{segment_name(n)}&nbsp;&nbsp;'
            for n, c in SEGMENTS)
            + "&nbsp;&nbsp;▭&nbsp;" + translate("widgets.ur_results", "current wall"))
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.legend)
        layout.addWidget(self.plot, 1)
        self.points: list[Any] = []

    @staticmethod
    def _set_up_plot(plot) -> None:
        plot.setLabel("bottom", translate("widgets.ur_results",
                                          "wall strength (least damage to reach it, in steps)"))
        plot.setLabel("left", translate("widgets.ur_results", "probability (%)"))
        plot.showGrid(x=False, y=True, alpha=0.25)
        plot.setMenuEnabled(False)
        plot.setMouseEnabled(False, False)

    def show_error(self, message: str) -> None:
        self.summary.setText(f'<span style="color:{DEFENDER}">&#9888; {message}</span>')

    def show_points(self, points: list[Any], current: int, kind: str, has_wall: bool,
                    text: str) -> None:
        self.points = points
        self.summary.setText(text)
        table = ur.tables().walls[kind]
        wall_name = data_name("ur", table.name)
        # the title at once (it says what is shown), the bars once the plot is made
        self.plot.setTitle(
            translate("widgets.ur_results", "{wall} — outcome at every strength")
            .format(wall=wall_name[:1].upper() + wall_name[1:]) if has_wall else
            translate("widgets.ur_results", "What if the defender had an {wall}: outcome at "
                                            "every strength").format(
                wall=wall_name if wall_name != table.name else table.name.lower()),
            size="10pt")
        self.plot.draw(lambda plot: self._draw(plot, points, current))

    @staticmethod
    def _draw(plot, points: list[Any], current: int) -> None:
        plot.clear()
        xs = list(range(len(points)))
        bottoms = [0.0] * len(points)
        for name, colour in SEGMENTS:
            key = {"Attacker wins": "attacker_wins", "Draw": "draw", "Undecided": "undecided",
                   "Defender wins": "defender_wins"}[name]
            heights = [100 * getattr(p, key) for p in points]
            if not any(h > 1e-9 for h in heights):
                continue
            plot.addItem(pg.BarGraphItem(x=xs, y0=list(bottoms), height=heights, width=0.62,
                                         brush=colour, pen=pg.mkPen("#ffffff", width=0.5)))
            bottoms = [b + h for b, h in zip(bottoms, heights)]
        for x, p in zip(xs, points):
            label = pg.TextItem(pct(p.attacker_wins), color=ATTACKER, anchor=(0.5, 1.0))
            label.setPos(x, 101)
            plot.addItem(label)
            if p.strength == current:
                plot.addItem(pg.BarGraphItem(x=[x], y0=[0], height=[100], width=0.78,
                                             brush=None, pen=pg.mkPen("#111111", width=2.5)))
        ticks = [(x, f"{p.strength} ({p.damage})" if p.strength else
                  translate("widgets.ur_results", "no wall"))
                 for x, p in zip(xs, points)]
        plot.getAxis("bottom").setTicks([ticks])
        plot.setXRange(-0.6, len(points) - 0.4, padding=0)
        plot.setYRange(0, 108, padding=0)


class RollsTable(QTableWidget):
    """How each unit rolls at the start: value with its modifiers, hits on each face."""

    HEAD = [QT_TRANSLATE_NOOP("widgets.ur_results", "Phase"),
            QT_TRANSLATE_NOOP("widgets.ur_results", "Side"),
            QT_TRANSLATE_NOOP("widgets.ur_results", "Unit"),
            QT_TRANSLATE_NOOP("widgets.ur_results", "Value = base and modifiers")] + [
        str(f) for f in range(1, 7)]

    def __init__(self, parent: QWidget | None = None):
        super().__init__(0, len(self.HEAD), parent)
        self.setHorizontalHeaderLabels([translate("widgets.ur_results", h) for h in self.HEAD])
        self.verticalHeader().setVisible(False)
        self.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.setAlternatingRowColors(True)
        header = self.horizontalHeader()
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        for c in (0, 1, 2):
            header.setSectionResizeMode(c, QHeaderView.ResizeMode.ResizeToContents)
        for c in range(4, 10):
            header.setSectionResizeMode(c, QHeaderView.ResizeMode.Fixed)
            self.setColumnWidth(c, 30)
        self.setToolTip(translate("widgets.ur_results", "Hits for each face of the d6 (score = value + d6: 6+ one hit, "
                        "10+ two, 14+ three)"))

    def show_rows(self, rows: list[dict[str, Any]]) -> None:
        names = {tid: data_name("ur", name) for tid, name in ur.RULESET.labels["units"].items()}
        self.setRowCount(len(rows))
        shades = {0: None, 1: "#DCEBF5", 2: "#A9CDE6", 3: "#6FA8D6"}
        for i, row in enumerate(rows):
            cells = [render(row["phase"]), side_name(row["side"]),
                     f"{names.get(row['type'], row['type'])} #{row['unit'] + 1}",
                     f"{row['value']} = {render(row['why'])}"]
            cells += [str(h) for h in row["hits_per_face"]]
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if c >= 4:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                    shade = shades.get(row["hits_per_face"][c - 4])
                    if shade:
                        item.setBackground(QColor(shade))
                if c == 1:
                    item.setForeground(QColor(ATTACKER if row["side"] == "attacker"
                                              else DEFENDER))
                self.setItem(i, c, item)
