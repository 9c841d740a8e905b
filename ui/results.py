"""The results panel every battle view shows: outcome bar, key numbers, plots, baseline.

Colours are the Okabe-Ito palette (distinguishable with every common colour-vision deficiency):
attacker blue, defender vermillion, draw grey, undecided yellow. Baseline overlays are drawn
hollow / dashed in the same hue, so "before" and "now" differ by shape, not only by colour.
"""
from __future__ import annotations

import csv
import html
import io
import math
from pathlib import Path

import pyqtgraph as pg
from PySide6.QtCore import QEvent, QObject, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QKeySequence, QPainter, QPen
from PySide6.QtWidgets import (QBoxLayout, QGridLayout, QHBoxLayout, QLabel, QProgressBar, QPushButton,
                               QSizePolicy, QVBoxLayout, QWidget)

from combatassist import report
from combatassist.files import atomic_write_text
from combatassist.result import BattleResult
from combatassist.scenario import Scenario

from .engine_text import render

pg.setConfigOptions(background="w", foreground="#222222", antialias=True)

ATTACKER = "#0072B2"     # Okabe-Ito blue
DEFENDER = "#D55E00"     # Okabe-Ito vermillion
DRAW = "#999999"         # neutral grey
UNDECIDED = "#F0E442"    # Okabe-Ito yellow
ACCENT = "#009E73"       # Okabe-Ito bluish green
SEGMENTS = (("Attacker wins", ATTACKER), ("Draw", DRAW), ("Undecided", UNDECIDED),
            ("Defender wins", DEFENDER))


def pct(p: float) -> str:
    return f"{100 * p:.2f}%"


def delta_pct(now: float, before: float) -> str:
    d = 100 * (now - before)
    return f"{d:+.2f} pts" if abs(d) >= 0.005 else "±0"


def delta_num(now: float, before: float) -> str:
    d = now - before
    return f"{d:+.2f}" if abs(d) >= 0.005 else "±0"


class OutcomeBar(QWidget):
    """A horizontal bar split attacker / draw / undecided / defender, labelled in %."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.values = (0.0, 0.0, 0.0, 0.0)
        self.baseline: tuple[float, ...] | None = None
        self.setMinimumHeight(38)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_values(self, attacker: float, draw: float, undecided: float, defender: float,
                   baseline: tuple[float, float, float, float] | None = None) -> None:
        self.values = (attacker, draw, undecided, defender)
        self.baseline = baseline
        self.setToolTip("\n".join(f"{name}: {pct(v)}" for (name, _), v in
                                  zip(SEGMENTS, self.values)))
        self.update()

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt name)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(self.rect()).adjusted(1, 1, -1, -1)
        bar = QRectF(rect.left(), rect.top(), rect.width(), rect.height() - (8 if self.baseline else 0))
        total = sum(self.values) or 1.0
        x = bar.left()
        font = QFont(self.font())
        font.setBold(True)
        painter.setFont(font)
        for (name, colour), value in zip(SEGMENTS, self.values):
            w = bar.width() * value / total
            if w <= 0:
                continue
            seg = QRectF(x, bar.top(), w, bar.height())
            painter.fillRect(seg, QColor(colour))
            text = pct(value)
            if painter.fontMetrics().horizontalAdvance(text) + 8 < w:
                dark = colour in (UNDECIDED, DRAW)
                painter.setPen(QColor("#111111" if dark else "#ffffff"))
                painter.drawText(seg, Qt.AlignmentFlag.AlignCenter, text)
            x += w
        if self.baseline:
            # the pinned baseline as a thin strip underneath: same order, same colours
            x = bar.left()
            btotal = sum(self.baseline) or 1.0
            strip_top = bar.bottom() + 3
            for (_, colour), value in zip(SEGMENTS, self.baseline):
                w = bar.width() * value / btotal
                painter.fillRect(QRectF(x, strip_top, w, 5), QColor(colour).lighter(130))
                x += w
        painter.setPen(QPen(QColor("#555555")))
        painter.drawRect(bar)
        painter.end()


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


class StatusLine:
    """``set_busy`` / ``show_error`` for a results panel with a ``spinner`` and a ``status``
    label; ``has_figures()`` says whether older figures are still on show, and
    ``mark_stale(stale)`` (optional) marks them on the figures themselves (plot titles); the
    exports (CSV from the panel's ``csv_rows()``, PNG of the panel)."""

    #: what the figures were computed for, in "the last … that could be computed"
    subject = "set-up"

    def has_figures(self) -> bool:
        raise NotImplementedError

    #: the status shown after the player stopped a computation
    STOPPED = "Stopped. Edit the set-up, or press F5, to compute again."

    # -- the one export path: each panel gives its rows ----------------------------------------
    def csv_rows(self) -> list[list]:
        raise NotImplementedError

    def csv_text(self) -> str:
        out = io.StringIO()
        csv.writer(out, lineterminator="\n").writerows(self.csv_rows())
        return out.getvalue()

    def export_csv(self, path: str | Path) -> None:
        atomic_write_text(path, self.csv_text())

    def export_png(self, path: str | Path) -> bool:
        return self.grab().save(str(path), "PNG")

    def mark_stale(self, stale: bool) -> None:
        """Show on the figures whether they belong to an older set-up (default: the status
        line says it alone)."""

    def set_busy(self, busy: bool) -> None:
        self.spinner.setVisible(busy)
        stop = getattr(self, "stop_button", None)
        if stop is not None:
            stop.setVisible(busy)
        if busy:
            self.status.setText("Computing…")
        elif self.status.text() == "Computing…":
            self.status.setText("")

    def stop(self) -> None:
        """The player stops the computation on show (``cancel_requested``)."""
        self.cancel_requested.emit()
        self.status.setText(self.STOPPED)

    def show_error(self, message: str) -> None:
        stale = (f"<br>The figures below are still those of the last {self.subject} that could "
                 "be computed." if self.has_figures() else "")
        # the message may echo the user's text: shown as text, never as markup
        text = html.escape(message, quote=False)
        self.status.setText(f'<span style="color:{DEFENDER}">&#9888; {text}</span>{stale}')
        self.mark_stale(self.has_figures())


def make_spinner() -> QProgressBar:
    """The thin "working" bar of a results panel (hidden until busy)."""
    spinner = QProgressBar()
    spinner.setRange(0, 0)          # indeterminate: "working"
    spinner.setMaximumHeight(6)
    spinner.setTextVisible(False)
    spinner.setVisible(False)
    return spinner


class FiguresGrid(QWidget):
    """Name / value pairs in two columns, or in one when the panel is too narrow for two.

    With a baseline pinned the values carry their deltas ("73.53% (+6.89 pts)"); two columns
    of them made a narrow results side scroll sideways, clipping the deltas. This grid never
    asks for more than one column's width, and takes two whenever they fit.
    """

    SPACING = 18

    def __init__(self, pairs: list[tuple[QLabel, QLabel]], per_column: int,
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.pairs = pairs
        self.per_column = per_column
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setHorizontalSpacing(self.SPACING)
        self.grid.setVerticalSpacing(2)
        self.columns = 0
        self._place(2)

    def drop(self, value: QLabel) -> None:
        """Leave out the figure shown in ``value`` (and its name): a ruleset without it."""
        for pair in [p for p in self.pairs if p[1] is value]:
            self.pairs.remove(pair)
            self.per_column = max(1, min(self.per_column, math.ceil(len(self.pairs) / 2)))
            for label in pair:
                label.setVisible(False)
                self.grid.removeWidget(label)
        self._place(self.columns or 2)

    def _place(self, columns: int) -> None:
        self.columns = columns
        while self.grid.count():
            self.grid.takeAt(0)
        rows = self.per_column if columns == 2 else len(self.pairs)
        for i, (name, value) in enumerate(self.pairs):
            self.grid.addWidget(name, i % rows, 2 * (i // rows))
            self.grid.addWidget(value, i % rows, 2 * (i // rows) + 1)
        self.updateGeometry()

    def _width(self, pairs) -> int:
        return (max((n.sizeHint().width() for n, _ in pairs), default=0) + self.SPACING +
                max((v.sizeHint().width() for _, v in pairs), default=0))

    def two_column_width(self) -> int:
        first, second = self.pairs[:self.per_column], self.pairs[self.per_column:]
        return self._width(first) + (self.SPACING + self._width(second) if second else 0)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt name)
        return QSize(self._width(self.pairs), super().minimumSizeHint().height())

    def refit(self, width: int | None = None) -> None:
        """Two columns if they fit in ``width`` (default: the grid's own), else one."""
        width = self.width() if width is None else width
        columns = 2 if width >= self.two_column_width() else 1
        if columns != self.columns:
            self._place(columns)

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt name)
        super().resizeEvent(event)
        self.refit(event.size().width())


class PlotRow(QWidget):
    """Plots side by side, or one above the other when each would be narrower than
    ``min_plot_width`` (a plot narrower than its title and axes is clipped)."""

    def __init__(self, min_plot_width: int = 250, parent: QWidget | None = None):
        super().__init__(parent)
        self.min_plot_width = min_plot_width
        self.row = QBoxLayout(QBoxLayout.Direction.LeftToRight, self)
        self.row.setContentsMargins(0, 0, 0, 0)

    def addWidget(self, widget: QWidget, stretch: int = 0) -> None:  # noqa: N802 (Qt-like)
        self.row.addWidget(widget, stretch)
        self._fit(self.width())

    def count(self) -> int:
        return self.row.count()

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt name)
        # never asks for two plots' width: it stacks them instead
        hint = super().minimumSizeHint()
        return QSize(min(hint.width(), self.min_plot_width), hint.height())

    def _fit(self, width: int) -> None:
        side_by_side = width >= self.row.count() * self.min_plot_width
        direction = (QBoxLayout.Direction.LeftToRight if side_by_side
                     else QBoxLayout.Direction.TopToBottom)
        if self.row.direction() != direction:
            self.row.setDirection(direction)
            self.updateGeometry()

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt name)
        super().resizeEvent(event)
        self._fit(event.size().width())


class ResultsPanel(StatusLine, QWidget):
    """Shows a ``BattleResult``; keeps an optional pinned baseline to compare against."""

    baseline_changed = Signal(bool)
    #: the player pressed Stop (or Esc) while computing: the view cancels the job
    cancel_requested = Signal()

    def __init__(self, parent: QWidget | None = None, *, loss_unit: str = "units",
                 rounds: bool = True, loss_plot: bool = True):
        """``rounds=False``: a one-resolution result (no round plot, no undecided or expected
        rounds figures); ``loss_plot=False``: the view draws its own plots of the losses."""
        super().__init__(parent)
        self.loss_unit = loss_unit
        self.rounds = rounds
        self.result: BattleResult | None = None
        self.baseline: BattleResult | None = None
        #: what ``result`` / ``baseline`` were computed for (set by the view): exports and
        #: "Copy results" name the title, forces and options
        self.scenario: Scenario | None = None
        self.baseline_scenario: Scenario | None = None

        self.status = QLabel("")
        self.status.setWordWrap(True)
        self.status.setObjectName("resultStatus")
        self.spinner = make_spinner()
        self.stop_button = QPushButton("Stop")
        self.stop_button.setToolTip("Stop computing (Esc); an edit or F5 computes again")
        self.stop_button.setShortcut(QKeySequence(Qt.Key.Key_Escape))
        self.stop_button.clicked.connect(self.stop)
        keep = self.stop_button.sizePolicy()
        keep.setRetainSizeWhenHidden(True)    # showing it never moves the figures
        self.stop_button.setSizePolicy(keep)
        self.stop_button.setVisible(False)

        self.bar = OutcomeBar()
        self.legend = QLabel(" ".join(
            f'<span style="color:{c}">&#9632;</span>&nbsp;{n}&nbsp;&nbsp;' for n, c in SEGMENTS
            if rounds or n != "Undecided"))

        self.numbers: dict[str, QLabel] = {}
        pairs: list[tuple[QLabel, QLabel]] = []
        keys = [("attacker_wins", "Attacker wins"), ("defender_wins", "Defender wins"),
                ("draw", "Draw"), ("undecided", "Undecided (round limit)"),
                ("attacker_losses", "Expected attacker losses"),
                ("defender_losses", "Expected defender losses"),
                ("expected_rounds", "Expected rounds")]
        if not rounds:
            keys = [k for k in keys if k[0] not in ("undecided", "expected_rounds")]
        per_column = 4 if rounds else 3
        for i, (key, label) in enumerate(keys):
            name = QLabel(label)
            value = QLabel("–")
            value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            value.setObjectName(f"value_{key}")
            self.numbers[key] = value
            pairs.append((name, value))
        self.figures = FiguresGrid(pairs, per_column=per_column)
        self.note = QLabel("")
        self.note.setObjectName("resultNote")
        self.note.setWordWrap(True)

        self.pin = QPushButton("Pin as baseline")
        self.pin.setCheckable(True)
        self.pin.setEnabled(False)
        self.pin.setToolTip("Keep this result and compare every later change against it")
        self.pin.toggled.connect(self._toggle_baseline)
        self.copy_button = QPushButton("Copy results")
        self.copy_button.setEnabled(False)
        self.copy_button.setToolTip("Title, forces, options, odds, IPC and likely ends as plain "
                                    "text, to paste into a forum or a chat (Ctrl+Shift+C)")
        self.copy_button.clicked.connect(self.copy_results)

        self.loss_plot = self.round_plot = None
        if loss_plot:
            self.loss_plot = pg.PlotWidget()
            style_plot(self.loss_plot, "Losses at the end of the battle",
                       f"{loss_unit} lost", "probability (%)")
        if rounds:
            self.round_plot = pg.PlotWidget()
            style_plot(self.round_plot, "Battle decided by round N",
                       "round N", "probability (%)")
            self.round_plot.setYRange(0, 100, padding=0.02)
        for plot in (self.loss_plot, self.round_plot):
            if plot is not None:
                plot.setMinimumHeight(150)

        top = QHBoxLayout()
        top.addWidget(self.bar, 1)
        top.addWidget(self.stop_button)
        top.addWidget(self.pin)
        top.addWidget(self.copy_button)
        self.plots_box = PlotRow()
        for plot in (self.loss_plot, self.round_plot):
            if plot is not None:
                self.plots_box.addWidget(plot)
        # shown instead of the plots when a side has no units (one degenerate point, else)
        self.no_battle = QLabel("")
        self.no_battle.setObjectName("noBattle")
        self.no_battle.setAlignment(Qt.AlignmentFlag.AlignCenter)
        font = QFont(self.no_battle.font())
        font.setPointSizeF(font.pointSizeF() * 1.3)
        self.no_battle.setFont(font)
        self.no_battle.setVisible(False)
        # IPC, swing plot, likely ends (rulesets whose results carry them)
        from .widgets.battle_figures import BattleFiguresPanel   # it imports this module
        self.battle_figures = BattleFiguresPanel()
        self.battle_figures.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.legend)
        layout.addWidget(self.spinner)
        layout.addWidget(self.figures)
        layout.addWidget(self.note)
        layout.addWidget(self.status)
        layout.addWidget(self.no_battle, 1)
        layout.addWidget(self.plots_box, 1)
        layout.addWidget(self.battle_figures, 1)

    # -- feeding it ---------------------------------------------------------------------
    def has_figures(self) -> bool:
        return self.result is not None

    def show_result(self, result: BattleResult) -> None:
        self.result = result
        self.pin.setEnabled(True)
        self.copy_button.setEnabled(True)
        how = "exact" if result.method == "exact" else f"simulated, {result.trials:,} trials"
        extra = []
        if result.stalemate:
            extra.append(f"stalemate {pct(result.stalemate)} (counted as draw)")
        if result.pruned:
            extra.append(f"pruned mass {result.pruned:.1e}")
        if result.states_explored:
            extra.append(f"{result.states_explored:,} positions")
        self.note.setText(f"{result.ruleset}: {how}" + ("; " + "; ".join(extra) if extra else ""))
        self.status.setText("")
        unfought = result.unfought()
        self.no_battle.setText(f"No battle: {render(unfought)}." if unfought else "")
        self.no_battle.setVisible(unfought is not None)
        self.plots_box.setVisible(unfought is None)
        self._refresh()

    def _toggle_baseline(self, on: bool) -> None:
        self.baseline = self.result if on else None
        self.baseline_scenario = self.scenario if on else None
        self.pin.setText("Unpin baseline" if on else "Pin as baseline")
        self._refresh()
        self.baseline_changed.emit(on)

    def pin_baseline(self, on: bool = True) -> None:
        self.pin.setChecked(on)

    def _refresh(self) -> None:
        r, b = self.result, self.baseline
        if r is None:
            return
        ea, ed = r.expected_losses()
        figures = {"attacker_wins": r.attacker_wins, "defender_wins": r.defender_wins,
                   "draw": r.draw, "undecided": r.undecided, "attacker_losses": ea,
                   "defender_losses": ed, "expected_rounds": r.expected_rounds}
        base = None
        if b is not None:
            ba, bd = b.expected_losses()
            base = {"attacker_wins": b.attacker_wins, "defender_wins": b.defender_wins,
                    "draw": b.draw, "undecided": b.undecided, "attacker_losses": ba,
                    "defender_losses": bd, "expected_rounds": b.expected_rounds}
        for key, value in figures.items():
            if key not in self.numbers:
                continue
            is_p = key in ("attacker_wins", "defender_wins", "draw", "undecided")
            text = pct(value) if is_p else f"{value:.2f}"
            if base is not None:
                d = delta_pct(value, base[key]) if is_p else delta_num(value, base[key])
                text += f'  <span style="color:#555">({d})</span>'
            self.numbers[key].setText(text)
        self.figures.refit()         # the deltas make the values wider
        bvals = (b.attacker_wins, b.draw, b.undecided, b.defender_wins) if b else None
        self.bar.set_values(r.attacker_wins, r.draw, r.undecided, r.defender_wins, bvals)
        if self.loss_plot is not None:
            self._plot_losses(r, b)
        if self.round_plot is not None:
            self._plot_rounds(r, b)
        self.battle_figures.show_figures(r, b, fought=self.plots_box.isVisibleTo(self))

    def _plot_losses(self, r: BattleResult, b: BattleResult | None) -> None:
        plot = self.loss_plot
        plot.clear()
        for side, colour, offset, name in ((0, ATTACKER, -0.2, "attacker"),
                                           (1, DEFENDER, 0.2, "defender")):
            marg = r.loss_marginal(side)
            xs = [k + offset for k in marg]
            ys = [100 * p for p in marg.values()]
            plot.addItem(pg.BarGraphItem(x=xs, height=ys, width=0.38, brush=colour,
                                         pen=pg.mkPen(colour), name=name))
            if b is not None:
                bm = b.loss_marginal(side)
                plot.plot([k + offset for k in bm], [100 * p for p in bm.values()], pen=None,
                          symbol="o", symbolSize=8, symbolBrush=None,
                          symbolPen=pg.mkPen("#111111", width=1.5),
                          name="baseline" if side == 0 else None)
        top = max((max(a, d) for a, d, _ in r.losses), default=0)
        if b is not None:
            top = max(top, max((max(a, d) for a, d, _ in b.losses), default=0))
        plot.setXRange(-0.6, top + 0.6, padding=0.02)
        plot.getAxis("bottom").setTickSpacing(major=self._tick(r), minor=1)

    @staticmethod
    def _tick(r: BattleResult) -> float:
        top = max((max(a, d) for a, d, _ in r.losses), default=1)
        return max(1, math.ceil(top / 10))

    def _plot_rounds(self, r: BattleResult, b: BattleResult | None) -> None:
        plot = self.round_plot
        plot.clear()
        curve = r.decided_by_round
        plot.plot(list(range(1, len(curve) + 1)), [100 * p for p in curve],
                  pen=pg.mkPen(ACCENT, width=2.5), symbol="o", symbolSize=5,
                  symbolBrush=ACCENT, symbolPen=ACCENT, name="current")
        if b is not None and b.decided_by_round:
            bc = b.decided_by_round
            plot.plot(list(range(1, len(bc) + 1)), [100 * p for p in bc],
                      pen=pg.mkPen("#111111", width=1.5, style=Qt.PenStyle.DashLine),
                      name="baseline")
        plot.setYRange(0, 100, padding=0.02)
        n = max(len(curve), len(b.decided_by_round) if b is not None else 0)
        plot.getAxis("bottom").setTickSpacing(major=max(1, math.ceil(n / 10)), minor=1)

    # -- exports ------------------------------------------------------------------------
    def csv_rows(self) -> list[list]:
        """The shown result (and the baseline, if pinned) as CSV rows, after a heading naming
        the title, forces and options (``combatassist.report``)."""
        results = [(label, res) for label, res in (("current", self.result),
                                                   ("baseline", self.baseline)) if res]
        rows = report.csv_rows(self.scenario, results)
        if self.baseline is not None and self.baseline_scenario is not None and \
                self.baseline_scenario is not self.scenario:
            # the baseline's own set-up, so a reader sees what was compared with what
            rows += [["baseline set-up"]] + report.csv_rows(self.baseline_scenario, [])
        return rows

    def copy_text(self) -> str:
        """Plain text a player pastes into a forum or a chat (title, forces, options, odds,
        IPC, likely ends; the baseline's change when one is pinned)."""
        if self.result is None:
            return ""
        if self.scenario is None:
            from combatassist.result import summarise_battle
            return summarise_battle(self.result)
        return report.copy_text(self.scenario, self.result, self.baseline)

    def copy_results(self) -> None:
        """Put ``copy_text()`` on the clipboard."""
        from PySide6.QtWidgets import QApplication
        QApplication.clipboard().setText(self.copy_text())

    def export_png(self, path: str | Path) -> bool:
        """The panel as a PNG under a heading (title, forces and options), without its
        Pin / Unpin and Copy buttons (controls, not results)."""
        buttons = [(b, b.isVisible()) for b in (self.pin, self.copy_button)]
        for button, _ in buttons:
            button.setVisible(False)
        self.layout().activate()
        try:
            heading = report.heading_lines(self.scenario) if self.scenario is not None else []
            image = titled_grab(self, heading)
        finally:
            for button, shown in buttons:
                button.setVisible(shown)
            self.layout().activate()
        return image.save(str(path), "PNG")


def titled_grab(widget: QWidget, heading: list[str]):
    """``widget.grab()`` with ``heading`` lines written above it (the first one bold)."""
    from PySide6.QtGui import QFontMetrics, QPixmap

    shot = widget.grab()
    if not heading:
        return shot
    bold = QFont(widget.font())
    bold.setBold(True)
    bold.setPointSizeF(bold.pointSizeF() * 1.2)
    plain = QFont(widget.font())
    lines = [(heading[0], bold)] + [(text, plain) for text in heading[1:]]
    ratio = shot.devicePixelRatio()
    width = shot.width() / ratio
    pad = 8
    heights = []
    for text, font in lines:
        rect = QFontMetrics(font).boundingRect(0, 0, int(width) - 2 * pad, 10_000,
                                              Qt.TextFlag.TextWordWrap, text)
        heights.append(rect.height() + 2)
    top = sum(heights) + 2 * pad
    image = QPixmap(int(width * ratio), int((top + shot.height() / ratio) * ratio))
    image.setDevicePixelRatio(ratio)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setPen(QColor("#111111"))
    y = pad
    for (text, font), h in zip(lines, heights):
        painter.setFont(font)
        painter.drawText(QRectF(pad, y, width - 2 * pad, h), Qt.TextFlag.TextWordWrap, text)
        y += h
    painter.drawPixmap(0, top, shot)
    painter.end()
    return image
