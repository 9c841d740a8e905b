"""Dirtside II results: one shot's outcome bars, its numbers, the P(kill) heatmap, a baseline.

This panel stands where battle views show ``combatassist_gui.results.ResultsPanel`` and offers the same
face to the main window (``result``, ``baseline``, ``pin``, ``pin_baseline``, ``set_busy``,
``show_error``, ``export_csv``, ``export_png``), but draws a single shot: kill / special damage
(mobility, systems down, damage) / no effect, and the figure of merit. Pinning a baseline keeps
the current weapon so a second one can be set up and compared side by side.
"""
from __future__ import annotations

import html
import math
from dataclasses import dataclass

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import (QGridLayout, QHBoxLayout, QLabel, QPushButton,
                               QSizePolicy, QTabWidget, QVBoxLayout, QWidget)

from combatassist.rulesets.ds2 import ShotMatrix, ShotResult, summarise

from ...lazy_import import pg
from ...lazy_plot import LazyPlot
from ...result_style import delta_pct, pct
from ...status_line import StatusLine, make_spinner
from ...engine_text import render
from .heatmap import KillHeatmap
from ...i18n import QT_TRANSLATE_NOOP, data_name, number, percent, translate

#: the words of the heat map's caption (ranges, armour types, cover), translated where shown
CAPTION_WORDS = (QT_TRANSLATE_NOOP("widgets.ds2_results", "close"),
                 QT_TRANSLATE_NOOP("widgets.ds2_results", "medium"),
                 QT_TRANSLATE_NOOP("widgets.ds2_results", "long"),
                 QT_TRANSLATE_NOOP("widgets.ds2_results", "standard"),
                 QT_TRANSLATE_NOOP("widgets.ds2_results", "reactive"),
                 QT_TRANSLATE_NOOP("widgets.ds2_results", "ablative"),
                 QT_TRANSLATE_NOOP("widgets.ds2_results", "apfc"),
                 QT_TRANSLATE_NOOP("widgets.ds2_results", "soft"),
                 QT_TRANSLATE_NOOP("widgets.ds2_results", "dug-in"))

# Okabe-Ito hues; "no effect" greys. The stacked bars also differ by position, not only hue.
KILL = "#D55E00"            # vermillion
MOBILITY = "#E69F00"        # orange
SYSTEMS_DOWN = "#CC79A7"    # reddish purple
DAMAGE = "#56B4E9"          # sky blue
NO_EFFECT = "#999999"       # hit, nothing significant
MISS = "#D0D0D0"            # never hit
#: (key, label, colour) in the order of the strip and the legend
SEGMENTS = (("kill", QT_TRANSLATE_NOOP("widgets.ds2_results", "Kill"), KILL),
            ("mobility", QT_TRANSLATE_NOOP("widgets.ds2_results", "Mobility"), MOBILITY),
            ("systems_down", QT_TRANSLATE_NOOP("widgets.ds2_results", "Systems down"), SYSTEMS_DOWN),
            ("damage", QT_TRANSLATE_NOOP("widgets.ds2_results", "Damage"), DAMAGE),
            ("hit_no_effect", QT_TRANSLATE_NOOP("widgets.ds2_results", "No effect (hit)"), NO_EFFECT),
            ("miss", QT_TRANSLATE_NOOP("widgets.ds2_results", "Miss"), MISS))
#: the bar chart's three groups and the segments stacked in each
GROUPS = ((QT_TRANSLATE_NOOP("widgets.ds2_results", "Kill"), ("kill",)),
          (QT_TRANSLATE_NOOP("widgets.ds2_results", "Special damage"), ("mobility", "systems_down", "damage")),
          (QT_TRANSLATE_NOOP("widgets.ds2_results", "No effect"), ("hit_no_effect", "miss")))
#: rows of the numbers table: (key, label, is a probability)
ROWS = (("p_hit", QT_TRANSLATE_NOOP("widgets.ds2_results", "Hit"), True),
        ("p_kill", QT_TRANSLATE_NOOP("widgets.ds2_results", "Kill"), True),
        ("p_special", QT_TRANSLATE_NOOP("widgets.ds2_results", "Special damage"), True),
        ("p_mobility", QT_TRANSLATE_NOOP("widgets.ds2_results", "    mobility"), True),
        ("p_systems_down", QT_TRANSLATE_NOOP("widgets.ds2_results", "    systems down"), True),
        ("p_damage", QT_TRANSLATE_NOOP("widgets.ds2_results", "    damage"), True),
        ("p_no_effect", QT_TRANSLATE_NOOP("widgets.ds2_results", "No effect (incl. misses)"), True),
        ("figure_of_merit", QT_TRANSLATE_NOOP("widgets.ds2_results", "Figure of merit"), False))


def segments(result: ShotResult) -> dict[str, float]:
    """The shot's probabilities split into the strip's disjoint segments (sum 1)."""
    miss = max(0.0, 1.0 - result.p_hit)
    return {"kill": result.p_kill, "mobility": result.p_mobility,
            "systems_down": result.p_systems_down, "damage": result.p_damage,
            "hit_no_effect": max(0.0, result.p_no_effect - miss), "miss": miss}


@dataclass
class ShotAnswer:
    """What the view computes for one shot: its odds and its weapon's heatmap."""

    title: str                          # the shot in words ("HVC/3 at close range vs ...")
    weapon: str                         # the weapon family's label ("HVC")
    result: ShotResult
    matrix: ShotMatrix | None           # None for infantry weapons (no size class)
    matrix_note: str = ""               # why there is no matrix / what it shows
    current: tuple[int, int] | None = None      # (size, armour) of this shot in the matrix
    size_labels: dict[int, str] | None = None   # artillery: 1 light, 2 medium, 3 heavy


class ShotStrip(QWidget):
    """One horizontal bar split into the shot's disjoint outcomes, labelled in %."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.values: dict[str, float] = {}
        self.setMinimumHeight(30)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_result(self, result: ShotResult | None) -> None:
        self.values = segments(result) if result is not None else {}
        self.setToolTip("\n".join(f"{translate('widgets.ds2_results', label)}: "
                                  f"{pct(self.values.get(key, 0.0))}"
                                  for key, label, _ in SEGMENTS))
        self.update()

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt name)
        painter = QPainter(self)
        rect = QRectF(self.rect()).adjusted(1, 1, -1, -1)
        font = QFont(self.font())
        font.setBold(True)
        painter.setFont(font)
        x = rect.left()
        total = sum(self.values.values()) or 1.0
        for key, _, colour in SEGMENTS:
            w = rect.width() * self.values.get(key, 0.0) / total
            if w <= 0:
                continue
            seg = QRectF(x, rect.top(), w, rect.height())
            painter.fillRect(seg, QColor(colour))
            text = pct(self.values[key])
            if painter.fontMetrics().horizontalAdvance(text) + 8 < w:
                light = key in ("mobility", "damage", "hit_no_effect", "miss")
                painter.setPen(QColor("#111111" if light else "#FFFFFF"))
                painter.drawText(seg, Qt.AlignmentFlag.AlignCenter, text)
            x += w
        painter.setPen(QPen(QColor("#555555")))
        painter.drawRect(rect)
        painter.end()


class ShotResultsPanel(StatusLine, QWidget):
    """Shows a ``ShotAnswer``; keeps an optional pinned baseline to compare against."""

    baseline_changed = Signal(bool)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.answer: ShotAnswer | None = None
        self.baseline_answer: ShotAnswer | None = None

        self.heading = QLabel("")
        self.heading.setObjectName("shotHeading")
        self.heading.setWordWrap(True)
        self.heading.setTextFormat(Qt.TextFormat.RichText)
        self.dice = QLabel("")
        self.dice.setObjectName("shotDice")
        self.dice.setWordWrap(True)
        self.dice.setStyleSheet("color: #333;")
        self.status = QLabel("")
        self.status.setWordWrap(True)
        self.status.setObjectName("resultStatus")
        self.spinner = make_spinner()

        self.strip = ShotStrip()
        self.pin = QPushButton(translate("widgets.ds2_results", "Pin as baseline"))
        self.pin.setCheckable(True)
        self.pin.setEnabled(False)
        self.pin.setToolTip(translate("widgets.ds2_results", "Keep this weapon's result and compare the next set-up side by "
                            "side with it (Ctrl+P)"))
        self.pin.toggled.connect(self._toggle_baseline)
        self.copy_button = QPushButton(translate("widgets.ds2_results", "Copy results"))
        self.copy_button.setEnabled(False)
        self.copy_button.setToolTip(translate("widgets.ds2_results", "The weapon, the target "
                                              "and the shot's odds as plain text, to paste "
                                              "into a forum or a chat (Ctrl+Shift+C)"))
        self.copy_button.clicked.connect(self.copy_results)
        self.legend = QLabel(" ".join(
            f'<span style="color:{c}">&#9632;</span>&nbsp;'
            f'{translate("widgets.ds2_results", n)}&nbsp;&nbsp;' for _, n, c in SEGMENTS))

        # the numbers: now | baseline | change
        self.numbers: dict[str, QLabel] = {}
        self.base_numbers: dict[str, QLabel] = {}
        self.deltas: dict[str, QLabel] = {}
        grid = QGridLayout()
        grid.setHorizontalSpacing(18)
        grid.setVerticalSpacing(1)
        self.now_head = QLabel(translate("widgets.ds2_results", "<b>Now</b>"))
        self.base_head = QLabel(translate("widgets.ds2_results", "<b>Baseline</b>"))
        self.delta_head = QLabel(translate("widgets.ds2_results", "<b>Change</b>"))
        for col, head in enumerate((self.now_head, self.base_head, self.delta_head), start=1):
            head.setAlignment(Qt.AlignmentFlag.AlignRight)
            grid.addWidget(head, 0, col)
        for row, (key, label, _) in enumerate(ROWS, start=1):
            label = translate("widgets.ds2_results", label)
            name = QLabel(f"<b>{label}</b>" if key == "figure_of_merit" else label)
            tip = translate("widgets.ds2_results", "How good the shot is, in one number from 0 "
                            "to 1: the chance of a kill plus half the chance of special "
                            "damage. Higher is better.") if key == "figure_of_merit" else ""
            name.setToolTip(tip)
            grid.addWidget(name, row, 0)
            for col, store in enumerate((self.numbers, self.base_numbers, self.deltas),
                                        start=1):
                value = QLabel("–")
                value.setAlignment(Qt.AlignmentFlag.AlignRight)
                value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
                value.setObjectName(f"{('value', 'base', 'delta')[col - 1]}_{key}")
                value.setToolTip(tip)
                store[key] = value
                grid.addWidget(value, row, col)
        grid.setColumnStretch(4, 1)
        self._baseline_widgets = [self.base_head, self.delta_head,
                                  *self.base_numbers.values(), *self.deltas.values()]

        self.bars = LazyPlot(setup=self._set_up_bars)
        self.bars.setTitle(translate("widgets.ds2_results", "One shot: what happens"), size="10pt")
        self.bars.setMinimumHeight(220)
        self.bar_texts: dict[tuple[str, str], str] = {}   # (which, group) -> label text

        self.heatmap = KillHeatmap(translate("widgets.ds2_results", "P(kill)"))
        self.base_heatmap = KillHeatmap(translate("widgets.ds2_results", "Baseline P(kill)"),
                                        colour_bar=False)
        self.base_heatmap.setVisible(False)

        top = QHBoxLayout()
        top.addWidget(self.strip, 1)
        top.addWidget(self.pin)
        top.addWidget(self.copy_button)
        maps_page = QWidget()
        maps = QHBoxLayout(maps_page)
        maps.setContentsMargins(0, 4, 0, 0)
        maps.addWidget(self.heatmap, 1)
        maps.addWidget(self.base_heatmap, 1)
        # the headline (the outcome strip, the figures) never scrolls away; the plots are one
        # tab each below it, as tall as the room there is
        self.details = QTabWidget()
        self.details.setObjectName("resultDetails")
        self.details.setDocumentMode(True)
        self.details.addTab(self.bars, translate("widgets.ds2_results", "One shot"))
        self.details.addTab(maps_page, translate("widgets.ds2_results", "P(kill) map"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.heading)
        layout.addWidget(self.dice)
        layout.addLayout(top)
        layout.addWidget(self.legend)
        layout.addWidget(self.spinner)
        layout.addWidget(self.status)
        self.figures = QWidget()
        self.figures.setLayout(grid)
        grid.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.figures)
        layout.addWidget(self.details, 1)
        self.stale_parts = (self.strip, self.figures, self.bars, self.heatmap, self.base_heatmap)
        self.mark_stale(False)
        self._show_baseline_widgets(False)

    # -- the main window's face (same as ResultsPanel) -----------------------------------
    @property
    def result(self) -> ShotResult | None:
        return self.answer.result if self.answer else None

    @property
    def baseline(self) -> ShotResult | None:
        return self.baseline_answer.result if self.baseline_answer else None

    subject = QT_TRANSLATE_NOOP("results", "shot")

    def has_figures(self) -> bool:
        return self.answer is not None

    def copy_text(self) -> str:
        """The shot and its odds, as the command line says them (English, like the exports)."""
        return summarise(self.answer.result) if self.answer is not None else ""

    def show_result(self, answer: ShotAnswer) -> None:
        self.answer = answer
        self.pin.setEnabled(True)
        self.copy_button.setEnabled(True)
        self.status.setText("")
        self.mark_stale(False)
        self._refresh()

    def pin_baseline(self, on: bool = True) -> None:
        self.pin.setChecked(on)

    def _toggle_baseline(self, on: bool) -> None:
        self.baseline_answer = self.answer if on else None
        self.pin.setText(translate("widgets.ds2_results", "Unpin baseline") if on else
                         translate("widgets.ds2_results", "Pin as baseline"))
        self._refresh()
        self.baseline_changed.emit(on)

    def _show_baseline_widgets(self, on: bool) -> None:
        for widget in self._baseline_widgets:
            widget.setVisible(on)
        self.now_head.setVisible(on)

    # -- drawing --------------------------------------------------------------------------
    def _refresh(self) -> None:
        a, b = self.answer, self.baseline_answer
        if a is None:
            return
        r = a.result
        setup = r.setup
        self.heading.setText(f"<b>{html.escape(render(a.title))}</b>" + (
            '<br><span style="color:#555">' + translate("widgets.ds2_results", "baseline: {shot}")
            .format(shot=html.escape(render(b.title))) + "</span>" if b else ""))
        lines = setup.describe() if setup is not None else []
        self.dice.setText("\n".join(render(line) for line in lines))
        self.strip.set_result(r)
        self._show_baseline_widgets(b is not None)
        values = r.to_json()
        base = b.result.to_json() if b else None
        for key, _, is_p in ROWS:
            self.numbers[key].setText(pct(values[key]) if is_p else number(values[key], ".4f"))
            if base is not None:
                self.base_numbers[key].setText(pct(base[key]) if is_p else
                                               number(base[key], ".4f"))
                d = values[key] - base[key]
                self.deltas[key].setText(delta_pct(values[key], base[key]) if is_p else
                                         (number(d, "+.4f") if abs(d) >= 5e-5 else "±0"))
        self._plot_bars(a, b)
        self.heatmap.show_matrix(a.matrix, caption=_matrix_caption(a), current=a.current,
                                 message=a.matrix_note, size_labels=a.size_labels)
        self.base_heatmap.setVisible(b is not None)
        if b is not None:
            self.base_heatmap.show_matrix(b.matrix, caption=_matrix_caption(b),
                                          current=b.current, message=b.matrix_note,
                                          size_labels=b.size_labels)

    @staticmethod
    def _set_up_bars(plot) -> None:
        plot.setLabel("left", translate("widgets.ds2_results", "probability (%)"))
        plot.showGrid(x=False, y=True, alpha=0.25)
        plot.setMenuEnabled(False)
        plot.setMouseEnabled(False, False)
        plot.hideButtons()
        plot.getAxis("bottom").setTicks([[(i, translate("widgets.ds2_results", g))
                                          for i, (g, _) in enumerate(GROUPS)]])

    def _plot_bars(self, a: ShotAnswer, b: ShotAnswer | None) -> None:
        plot = self.bars
        plot.clear()
        self.bar_texts = {}
        colours = {key: colour for key, _, colour in SEGMENTS}
        shown = [("now", a, 0.0 if b is None else -0.21, 0.6 if b is None else 0.38)]
        if b is not None:
            shown.append(("baseline", b, 0.21, 0.38))
        top = 0.0
        for which, answer, offset, width in shown:
            parts = segments(answer.result)
            for x, (group, keys) in enumerate(GROUPS):
                y = 0.0
                for key in keys:
                    h = 100 * parts[key]
                    if h <= 0:
                        continue
                    brush = QBrush(QColor(colours[key]))
                    if which == "baseline":      # baseline: hatched, so not by colour only
                        brush = QBrush(QColor(colours[key]), Qt.BrushStyle.BDiagPattern)
                    plot.addItem(pg.BarGraphItem(x0=[x + offset - width / 2], y0=[y],
                                                 width=width, height=[h], brush=brush,
                                                 pen=pg.mkPen("#333333", width=1)))
                    y += h
                top = max(top, y)
                text = pct(sum(parts[k] for k in keys))
                if which == "baseline":
                    text = "base " + text
                self.bar_texts[(which, group)] = text
                label = pg.TextItem(text, color="#111111", anchor=(0.5, 1.0))
                label.setPos(x + offset, y)
                plot.addItem(label)
        plot.setXRange(-0.6, len(GROUPS) - 0.4, padding=0)
        plot.setYRange(0, max(10.0, math.ceil((top + 12) / 10) * 10), padding=0)

    # -- exports --------------------------------------------------------------------------
    def csv_rows(self) -> list[list]:
        """The shown result (and the baseline, if pinned) as CSV rows, with each P(kill) map."""
        rows: list[list] = []
        for label, answer in (("current", self.answer), ("baseline", self.baseline_answer)):
            if answer is None:
                continue
            rows.append(["result", label, "ds2", answer.result.method, answer.title])
            rows.extend([key, repr(value)] for key, value in answer.result.to_json().items()
                        if key != "ruleset")
            m = answer.matrix
            if m is not None:
                rows.append(["p_kill by size class (rows) x armour (columns)"])
                rows.append(["size"] + [int(x) for x in m.armours])
                for size, row in zip(m.sizes, m.p_kill):
                    rows.append([int(size)] + ["" if math.isnan(v) else repr(float(v))
                                               for v in row])
            rows.append([])
        return rows


def _matrix_caption(answer: ShotAnswer) -> str:
    m = answer.matrix
    if m is None:
        return ""
    parts = [data_name("ds2", answer.weapon)]
    if m.range:
        parts.append(translate("widgets.ds2_results", "{band} range").format(
            band=translate("widgets.ds2_results", m.range)))
    armour = translate("widgets.ds2_results", m.armour_type) + (
        " + APFC" if m.apfc and m.armour_type != "apfc" else "")
    parts.append(translate("widgets.ds2_results", "{armour} armour").format(armour=armour))
    if m.cover != "open":
        parts.append(translate("widgets.ds2_results", "{cover} cover").format(
            cover=translate("widgets.ds2_results", m.cover.replace("_", "-"))))
    if m.p_hit == m.p_hit and m.p_hit < 1:        # not NaN, a real to-hit chance
        parts.append(translate("widgets.ds2_results", "hit {chance}").format(
            chance=percent(m.p_hit, 0)))
    return ", ".join(parts)
