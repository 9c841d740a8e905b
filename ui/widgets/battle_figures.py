"""The figures A&A players decide by, beside the odds: IPC lost and the IPC swing (numbers and
a plot), taking the territory, the attacker's retreats, survivors per unit type and the most
likely end compositions — each with its change against a pinned baseline.

Draws a ``combatassist.figures.BattleFigures``; holds no rules.
"""
from __future__ import annotations

import html

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QScrollArea, QVBoxLayout, QWidget

from combatassist import report
from combatassist.result import BattleResult

from ..lazy_import import pg
from ..lazy_plot import LazyPlot
from ..result_style import (ACCENT, ATTACKER, DEFENDER, DRAW, baseline_points, delta_num,
                            delta_pct, pct)
from .figure_layout import FiguresGrid
from ..engine_text import render
from ..i18n import QT_TRANSLATE_NOOP, number, translate

#: End compositions listed beside the plot.
SHOWN_PROFILES = 5


class BattleFiguresPanel(QWidget):
    """IPC, territory, retreats, survivors and likely ends of a result (and its baseline).

    The panel itself shows the figures (the results' headline); its ``swing_plot`` and
    ``ends_page`` are placed by the results panel, in its details."""

    KEYS = (("attacker_ipc_lost", QT_TRANSLATE_NOOP("widgets.battle_figures", "Expected IPC lost: attacker")),
            ("defender_ipc_lost", QT_TRANSLATE_NOOP("widgets.battle_figures", "Expected IPC lost: defender")),
            ("expected_ipc_swing", QT_TRANSLATE_NOOP("widgets.battle_figures",
                                                     "Expected IPC swing (for the attacker)")),
            ("takes_territory", QT_TRANSLATE_NOOP("widgets.battle_figures", "Takes the territory")),
            ("retreated", QT_TRANSLATE_NOOP("widgets.battle_figures", "Attacker retreats")))

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.numbers: dict[str, QLabel] = {}
        self.names: dict[str, QLabel] = {}
        for key, label in self.KEYS:
            name = QLabel(translate("widgets.battle_figures", label))
            value = QLabel("–")
            value.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
            value.setObjectName(f"value_{key}")
            self.names[key], self.numbers[key] = name, value
        # two columns when they fit, else one (no sideways scrolling in a narrow results side)
        self.figures = FiguresGrid([(self.names[k], self.numbers[k]) for k, _ in self.KEYS],
                                   per_column=3)
        self.names["takes_territory"].setToolTip(
            translate("widgets.battle_figures", "The attacker wins with at least one land unit left (aircraft alone can't take "
            "a territory)"))
        for key in ("attacker_ipc_lost", "defender_ipc_lost"):
            self.names[key].setToolTip(translate(
                "widgets.battle_figures", "Each unit lost counts at its cost in IPC: the "
                "costs shown beside the units in the set-up (the edition's)"))
        self.names["expected_ipc_swing"].setToolTip(
            translate("widgets.battle_figures", "Defender's IPC lost minus the attacker's (at the units' costs shown in the "
            "set-up): positive is good for the attacker"))

        self.swing_plot = LazyPlot(
            translate("widgets.battle_figures", "IPC swing (defender's IPC lost − attacker's)"),
            translate("widgets.battle_figures", "IPC swing"),
            translate("widgets.battle_figures", "probability (%)"))
        self.swing_plot.setMinimumHeight(150)
        self.ends = QLabel("")
        self.ends.setObjectName("likelyEnds")
        self.ends.setTextFormat(Qt.TextFormat.RichText)
        self.ends.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.ends.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.ends.setWordWrap(True)
        # a long German list scrolls in its own page, never clipped
        self.ends_page = QScrollArea()
        self.ends_page.setObjectName("likelyEndsPage")
        self.ends_page.setWidget(self.ends)
        self.ends_page.setWidgetResizable(True)
        self.ends_page.setFrameShape(QScrollArea.Shape.NoFrame)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        layout.addWidget(self.figures)

    def show_figures(self, r: BattleResult, b: BattleResult | None, *,
                     fought: bool = True) -> None:
        """Show ``r``'s figures (hidden when it has none, or no battle is fought), with
        deltas against ``b``."""
        self.setVisible(r.figures is not None and fought)
        if r.figures is None:
            return
        f = r.figures
        bf = b.figures if b is not None else None
        values = {"attacker_ipc_lost": f.attacker_ipc_lost,
                  "defender_ipc_lost": f.defender_ipc_lost,
                  "expected_ipc_swing": f.expected_ipc_swing,
                  "takes_territory": f.takes_territory, "retreated": r.retreated}
        base = None
        if bf is not None:
            base = {"attacker_ipc_lost": bf.attacker_ipc_lost,
                    "defender_ipc_lost": bf.defender_ipc_lost,
                    "expected_ipc_swing": bf.expected_ipc_swing,
                    "takes_territory": bf.takes_territory, "retreated": b.retreated}
        for key, value in values.items():
            shown = value is not None and (key != "retreated" or value > 0 or
                                           (base is not None and base[key] > 0))
            self.names[key].setVisible(shown)
            self.numbers[key].setVisible(shown)
            if not shown:
                continue
            is_p = key in ("takes_territory", "retreated")
            if is_p:
                text = pct(value)
            elif key == "expected_ipc_swing":
                text = number(value, "+.2f")
            else:
                text = number(value)
            if base is not None and base[key] is not None:
                d = delta_pct(value, base[key]) if is_p else delta_num(value, base[key])
                text += f'  <span style="color:#555">({d})</span>'
            self.numbers[key].setText(text)
        self.figures.refit()         # the deltas make the values wider
        self.swing_plot.draw(lambda plot: self._plot_swing(plot, r, b))
        self._show_ends(r)

    def _plot_swing(self, plot, r: BattleResult, b: BattleResult | None) -> None:
        plot.clear()
        rows = r.figures.ipc_swing
        width = _bar_width([s for s, _ in rows])
        # one bar item per colour, so each legend swatch is its bars' colour
        for colour, name, keep in (
                (ATTACKER, QT_TRANSLATE_NOOP("widgets.battle_figures", "attacker gains"),
                 lambda s: s > 0),
                (DEFENDER, QT_TRANSLATE_NOOP("widgets.battle_figures", "defender gains"),
                 lambda s: s < 0),
                (DRAW, QT_TRANSLATE_NOOP("widgets.battle_figures", "even"), lambda s: s == 0)):
            part = [(s, 100 * p) for s, p in rows if keep(s)]
            if part:
                plot.addItem(pg.BarGraphItem(x=[s for s, _ in part], height=[y for _, y in part],
                                             width=width, brush=colour, pen=pg.mkPen(colour),
                                             name=translate("widgets.battle_figures", name)))
        mean = r.figures.expected_ipc_swing
        xs = [s for s, _ in rows] + [mean]
        plot.addItem(pg.InfiniteLine(pos=mean, angle=90, pen=pg.mkPen(ACCENT, width=2)))
        plot.plot([mean], [0], pen=None, symbol="t", symbolBrush=ACCENT, symbolPen=ACCENT,
                  name=translate("widgets.battle_figures", "mean {mean}").format(
                      mean=number(mean, "+.2f")))
        if b is not None and b.figures is not None:
            bx = [s for s, _ in b.figures.ipc_swing]
            by = [100 * p for _, p in b.figures.ipc_swing]
            plot.plot(*baseline_points(bx, by), pen=None, symbol="o", symbolSize=7,
                      symbolBrush=None, symbolPen=pg.mkPen("#111111", width=1.5),
                      name=translate("widgets.battle_figures", "baseline"))
            xs += bx
        plot.setXRange(*swing_range(xs), padding=0)

    def _show_ends(self, r: BattleResult) -> None:
        f = r.figures
        ruleset = r.ruleset

        def composition(units: dict[str, int]) -> str:
            """'3 Armor + 1 Fighter' by display names, in the app's language."""
            return render(report.counts(ruleset, units))

        rows = []
        for pr in f.profiles[:SHOWN_PROFILES]:
            rows.append(f"<tr><td align='right'>{pct(pr['p'])}</td>"
                        f"<td style='color:{ATTACKER}'>{html.escape(composition(pr['attacker']))}"
                        f"</td><td style='color:{DEFENDER}'>"
                        f"{html.escape(composition(pr['defender']))}</td></tr>")
        survivors = []
        for side, colour, name in (
                ("attacker", ATTACKER, translate("widgets.battle_figures", "attacker")),
                ("defender", DEFENDER, translate("widgets.battle_figures", "defender"))):
            units = ", ".join(f"{number(n)} {html.escape(render(report.display_name(ruleset, u)))}"
                              for u, n in f.survivors[side].items())
            survivors.append(f"<span style='color:{colour}'>{name}</span>: {units or '–'}")
        self.ends.setText(translate(
            "widgets.battle_figures", "<b>Most likely ends</b><table cellspacing='4'><tr><th></th>"
            "<th align='left'>attacker left</th><th align='left'>defender left</th></tr>{rows}"
            "</table><b>Expected survivors</b><br>{survivors}").format(
                rows="".join(rows), survivors="<br>".join(survivors)))


#: the narrowest IPC range the swing axis spans: one possible outcome still gets an axis with
#: whole-IPC ticks around it, not "-59.4 … -58.6"
MIN_SWING_SPAN = 10.0


def swing_range(xs: list[float]) -> tuple[float, float]:
    """The swing axis's range for the swings ``xs``: all of them, half a bar either side, at
    least ``MIN_SWING_SPAN`` wide (centred on them)."""
    low, high = min(xs, default=0.0), max(xs, default=0.0)
    pad = max(0.6 * _bar_width(sorted(set(xs))), 0.03 * (high - low),
              (MIN_SWING_SPAN - (high - low)) / 2)      # a marker at either end stays whole
    return low - pad, high + pad


def _bar_width(xs: list[float]) -> float:
    """Bars as wide as the closest two swings allow (IPC swings step by unit costs)."""
    gaps = [b - a for a, b in zip(xs, xs[1:]) if b > a]
    return 0.8 * min(gaps) if gaps else 0.8
