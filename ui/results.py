"""The results panel every battle view shows: outcome bar, key numbers, plots, baseline.

Its parts live beside it: the look (colours, figure formats, the plot style) in
``result_style``, the status line and the export path in ``status_line``, the reflowing
layouts in ``widgets/figure_layout``, the outcome bar in ``widgets/outcome_bar``.
"""
from __future__ import annotations

import math
from pathlib import Path

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QKeySequence
from PySide6.QtWidgets import (QHBoxLayout, QLabel, QPushButton, QTabWidget, QVBoxLayout,
                               QWidget)

from combatassist import report
from combatassist.result import BattleResult
from combatassist.text import Text
from combatassist.scenario import Scenario
from .lazy_import import pg
from .i18n import number, translate

from .result_style import ACCENT, ATTACKER, DEFENDER, SEGMENTS, delta_num, delta_pct, pct
from .result_style import baseline_points, segment_name
from .lazy_plot import LazyPlot
from .status_line import StatusLine, make_spinner, titled_grab
from .widgets.battle_figures import BattleFiguresPanel
from .widgets.figure_layout import FiguresGrid
from .widgets.outcome_bar import OutcomeBar
from .engine_text import render


class ResultsPanel(StatusLine, QWidget):
    """Shows a ``BattleResult``; keeps an optional pinned baseline to compare against.

    At the top the headline: the outcome bar, who wins how often, the expected losses (and,
    where the ruleset has them, the IPC and taking the territory). Under it the details, one
    tab each: the plots, the IPC swing, the likely ends, and any pages the view adds
    (``add_details_page``)."""

    #: the figures a player decides by, always on show without scrolling (where the result
    #: has them)
    HEADLINE = ("attacker_wins", "defender_wins", "draw", "expected_ipc_swing",
                "takes_territory")

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
        self.status.setMinimumHeight(self.status.fontMetrics().lineSpacing())
        self.stop_button = QPushButton(translate("results", "Stop"))
        self.stop_button.setToolTip(translate("results", "Stop computing (Esc); an edit or F5 computes again"))
        self.stop_button.setShortcut(QKeySequence(Qt.Key.Key_Escape))
        self.stop_button.clicked.connect(self.stop)
        keep = self.stop_button.sizePolicy()
        keep.setRetainSizeWhenHidden(True)    # showing it never moves the figures
        self.stop_button.setSizePolicy(keep)
        self.stop_button.setVisible(False)

        self.bar = OutcomeBar()
        self.legend = QLabel(" ".join(
            f'<span style="color:{c}">&#9632;</span>&nbsp;{segment_name(n)}&nbsp;&nbsp;'
            for n, c in SEGMENTS
            if rounds or n != "Undecided"))

        self.numbers: dict[str, QLabel] = {}
        pairs: list[tuple[QLabel, QLabel]] = []
        keys = [("attacker_wins", translate("results", "Attacker wins")),
                ("defender_wins", translate("results", "Defender wins")),
                ("draw", translate("results", "Draw")),
                ("undecided", translate("results", "Undecided (round limit)")),
                ("attacker_losses", translate("results", "Expected attacker losses")),
                ("defender_losses", translate("results", "Expected defender losses")),
                ("expected_rounds", translate("results", "Expected rounds"))]
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

        self.pin = QPushButton(translate("results", "Pin as baseline"))
        self.pin.setCheckable(True)
        self.pin.setEnabled(False)
        self.pin.setToolTip(translate("results", "Keep this result and compare every later change against it"))
        self.pin.toggled.connect(self._toggle_baseline)
        self.copy_button = QPushButton(translate("results", "Copy results"))
        self.copy_button.setEnabled(False)
        self.copy_button.setToolTip(translate("results", "Title, forces, options, odds, IPC and likely ends as plain "
                                    "text, to paste into a forum or a chat (Ctrl+Shift+C)"))
        self.copy_button.clicked.connect(self.copy_results)

        self.loss_plot = self.round_plot = None
        if loss_plot:
            self.loss_plot = LazyPlot(translate("results", "Losses at the end of the battle"),
                                      translate("results", "{unit} lost").format(
                                          unit=translate("results", loss_unit)),
                                      translate("results", "probability (%)"))
        if rounds:
            self.round_plot = LazyPlot(
                translate("results", "Battle decided by round N"), translate("results", "round N"),
                translate("results", "probability (%)"),
                setup=lambda plot: plot.setYRange(0, 100, padding=0.02))
        for plot in (self.loss_plot, self.round_plot):
            if plot is not None:
                plot.setMinimumHeight(150)

        top = QHBoxLayout()
        top.addWidget(self.bar, 1)
        top.addWidget(self.stop_button)
        top.addWidget(self.pin)
        top.addWidget(self.copy_button)
        # shown instead of the details when a side has no units (one degenerate point, else)
        self.no_battle = QLabel("")
        self.no_battle.setObjectName("noBattle")
        self.no_battle.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.no_battle.setWordWrap(True)
        font = QFont(self.no_battle.font())
        font.setPointSizeF(font.pointSizeF() * 1.3)
        self.no_battle.setFont(font)
        self.no_battle.setVisible(False)
        # IPC and territory (headline), the swing plot and the likely ends (details): the
        # rulesets whose results carry them
        self.battle_figures = BattleFiguresPanel()
        self.battle_figures.hide()

        # The headline (the outcome, the key figures) is never scrolled away on a laptop
        # screen; everything else is one tab away in the details below it.
        self.details = QTabWidget()
        self.details.setObjectName("resultDetails")
        self.details.setDocumentMode(True)
        self.details.setTabBarAutoHide(True)
        # a tab per plot: each as tall and wide as the details, on any screen
        self.plot_tabs = {}
        for plot, title in ((self.loss_plot, translate("results", "Losses")),
                            (self.round_plot, translate("results", "Rounds"))):
            if plot is not None:
                self.plot_tabs[plot] = self.add_details_page(title, plot)
        self.swing_tab = self.add_details_page(translate("results", "IPC swing"),
                                               self.battle_figures.swing_plot)
        self.ends_tab = self.add_details_page(translate("results", "Likely ends"),
                                              self.battle_figures.ends_page)
        self._show_figure_tabs(False)

        self.mark_stale(False)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.legend)
        layout.addWidget(self.spinner)
        layout.addWidget(self.status)
        layout.addWidget(self.figures)
        layout.addWidget(self.battle_figures)
        layout.addWidget(self.note)
        layout.addWidget(self.no_battle, 1)
        layout.addWidget(self.details, 1)

    @property
    def stale_parts(self) -> tuple[QWidget, ...]:
        """Greyed while the figures on show belong to an earlier set-up (``mark_stale``):
        the outcome bar, the figures and every details page."""
        return (self.bar, self.figures, self.battle_figures,
                *(self.details.widget(i) for i in range(self.details.count())))

    def add_details_page(self, title: str, page: QWidget) -> int:
        """Add ``page`` as a tab of the details under the headline; returns its index."""
        index = self.details.addTab(page, title)
        self._show_a_visible_tab()
        return index

    def _show_figure_tabs(self, shown: bool) -> None:
        for tab in (self.swing_tab, self.ends_tab):
            self.details.setTabVisible(tab, shown)
        self._show_a_visible_tab()

    def _show_a_visible_tab(self) -> None:
        # a hidden tab stays current in a QTabWidget: its page would show as a blank area
        if not self.details.isTabVisible(self.details.currentIndex()):
            shown = [i for i in range(self.details.count()) if self.details.isTabVisible(i)]
            if shown:
                self.details.setCurrentIndex(shown[0])

    # -- feeding it ---------------------------------------------------------------------
    def has_figures(self) -> bool:
        return self.result is not None

    def show_result(self, result: BattleResult) -> None:
        self.result = result
        self.pin.setEnabled(True)
        self.copy_button.setEnabled(True)
        trials = result.trials
        how = (translate("results", "exact") if result.method == "exact" else
               translate("results", "simulated, {trials} trials").format(
                   trials=number(trials, ",d")))
        extra = []
        if result.stalemate:
            extra.append(translate("results", "stalemate {share} (counted as draw)").format(
                share=pct(result.stalemate)))
        # how the solver got there is for the curious: a tooltip, in player words
        details = []
        if result.states_explored:
            details.append(translate("results", "Worked out over {count} possible positions "
                                     "of the battle.").format(
                count=number(result.states_explored, ",d")))
        if result.pruned:
            details.append(translate("results", "Chances too small to matter left out: "
                                     "{mass} in all.").format(
                mass=number(result.pruned, ".1e")))
        self.note.setText(how + ("; " + "; ".join(extra) if extra else ""))
        self.note.setToolTip("\n".join(details))
        self.status.setText("")
        self.mark_stale(False)
        unfought = result.unfought()
        self.no_battle.setText(translate("results", "No battle: {why}.").format(
            why=render(unfought)) if unfought else "")
        self.no_battle.setVisible(unfought is not None)
        self.details.setVisible(unfought is None)
        self._refresh()

    def _toggle_baseline(self, on: bool) -> None:
        self.baseline = self.result if on else None
        self.baseline_scenario = self.scenario if on else None
        self.pin.setText(translate("results", "Unpin baseline") if on else
                         translate("results", "Pin as baseline"))
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
            text = pct(value) if is_p else number(value)
            if base is not None:
                d = delta_pct(value, base[key]) if is_p else delta_num(value, base[key])
                text += f'  <span style="color:#555">({d})</span>'
            self.numbers[key].setText(text)
        self.figures.refit()         # the deltas make the values wider
        bvals = (b.attacker_wins, b.draw, b.undecided, b.defender_wins) if b else None
        self.bar.set_values(r.attacker_wins, r.draw, r.undecided, r.defender_wins, bvals)
        # drawn when the plot is made: a plot on a details tab nobody opened waits
        if self.loss_plot is not None:
            self.loss_plot.draw(lambda plot: self._plot_losses(plot, r, b))
        if self.round_plot is not None:
            self.round_plot.draw(lambda plot: self._plot_rounds(plot, r, b))
        fought = r.unfought() is None
        self.battle_figures.show_figures(r, b, fought=fought)
        self._show_figure_tabs(r.figures is not None and fought)

    def _plot_losses(self, plot, r: BattleResult, b: BattleResult | None) -> None:
        plot.clear()
        for side, colour, offset, name in ((0, ATTACKER, -0.2, translate("results", "attacker")),
                                           (1, DEFENDER, 0.2, translate("results", "defender"))):
            marg = r.loss_marginal(side)
            xs = [k + offset for k in marg]
            ys = [100 * p for p in marg.values()]
            plot.addItem(pg.BarGraphItem(x=xs, height=ys, width=0.38, brush=colour,
                                         pen=pg.mkPen(colour), name=name))
            if b is not None:
                bm = b.loss_marginal(side)
                # open circles in the side's own colour: two black sets can't be told apart
                plot.plot(*baseline_points([k + offset for k in bm],
                                           [100 * p for p in bm.values()]), pen=None,
                          symbol="o", symbolSize=8, symbolBrush=None,
                          symbolPen=pg.mkPen(colour, width=1.5),
                          name=translate("results", "{side} baseline").format(side=name))
        top = max((max(a, d) for a, d, _ in r.losses), default=0)
        if b is not None:
            top = max(top, max((max(a, d) for a, d, _ in b.losses), default=0))
        plot.setXRange(-0.6, top + 0.6, padding=0.02)
        plot.getAxis("bottom").setTickSpacing(major=self._tick(r), minor=1)

    @staticmethod
    def _tick(r: BattleResult) -> float:
        top = max((max(a, d) for a, d, _ in r.losses), default=1)
        return max(1, math.ceil(top / 10))

    def _plot_rounds(self, plot, r: BattleResult, b: BattleResult | None) -> None:
        plot.clear()
        curve = r.decided_by_round
        plot.plot(list(range(1, len(curve) + 1)), [100 * p for p in curve],
                  pen=pg.mkPen(ACCENT, width=2.5), symbol="o", symbolSize=5,
                  symbolBrush=ACCENT, symbolPen=ACCENT, name=translate("results", "current"))
        if b is not None and b.decided_by_round:
            bc = b.decided_by_round
            plot.plot(list(range(1, len(bc) + 1)), [100 * p for p in bc],
                      pen=pg.mkPen("#111111", width=1.5, style=Qt.PenStyle.DashLine),
                      name=translate("results", "baseline"))
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
        # the heading's words (options, their values) in the app's language
        return [[render(cell) if isinstance(cell, Text) else cell for cell in row]
                for row in rows]

    def copy_text(self) -> str:
        """Plain text a player pastes into a forum or a chat (title, forces, options, odds,
        IPC, likely ends; the baseline's change when one is pinned)."""
        if self.result is None:
            return ""
        if self.scenario is None:
            from combatassist.result import summarise_battle
            return summarise_battle(self.result)
        return render(report.copy_text(self.scenario, self.result, self.baseline))

    def export_png(self, path: str | Path) -> bool:
        """The panel as a PNG under a heading (title, forces and options), without its
        Pin / Unpin and Copy buttons (controls, not results)."""
        buttons = [(b, b.isVisible()) for b in (self.pin, self.copy_button)]
        for button, _ in buttons:
            button.setVisible(False)
        self.layout().activate()
        try:
            heading = [render(line) for line in report.heading_lines(self.scenario)] if self.scenario is not None else []
            image = titled_grab(self, heading)
        finally:
            for button, shown in buttons:
                button.setVisible(shown)
            self.layout().activate()
        return image.save(str(path), "PNG")


