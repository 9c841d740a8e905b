"""Alternate Ground Combat plots: the two totals overlaid, the margin-of-victory bands, the
steps of damage per side. Each overlays a pinned baseline (hollow circles; the totals: a dashed
curve in the side's colour) so "before" and "now" differ by shape, not only by colour. Colours:
Okabe-Ito (see ``result_style``). Each plot is a page of the results' details (``pages``).
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtWidgets import QWidget

from combatassist.result import BattleResult

from ...lazy_import import pg
from ...lazy_plot import LazyPlot
from ...result_style import ATTACKER, DEFENDER, DRAW, baseline_points
from ...i18n import data_name, localize, side_name, translate

BASELINE = "#111111"
SIDES = (("attacker", ATTACKER), ("defender", DEFENDER))


def band_label(row: dict[str, Any], previous: Sequence[int] | None) -> str:
    """A short axis label for a margin band ('1:1', '≤1.5', '>3') from its bound."""
    bound = row["up_to"]
    if bound is None:
        if previous is None:
            return row["id"]
        return f">{_ratio(previous)}"
    if previous is None:
        return f"{_ratio(bound)}:1"
    return f"≤{_ratio(bound)}"


def _ratio(bound: Sequence[int]) -> str:
    value = bound[0] / bound[1]
    return localize(f"{value:g}")


def mean_of(rows: Sequence[Sequence[float]]) -> float:
    return math.fsum(v * p for v, p in rows)


class AgcPlots(QObject):
    """The three AGC plots; ``draw(result, baseline)`` redraws them all."""

    def __init__(self, bands: Sequence[dict[str, Any]], parent: QObject | None = None):
        """``bands``: agc.margin_bands() rows (for the axis labels and damage tooltips)."""
        super().__init__(parent)
        self.bands = list(bands)
        labels, previous = [], None
        for i, row in enumerate(self.bands):
            labels.append((i, band_label(row, previous)))
            previous = row["up_to"]
        self.totals_plot = LazyPlot(translate("widgets.agc_plots", "Each side's total (overlaid)"),
                                    translate("widgets.agc_plots", "total (points)"),
                                    translate("widgets.agc_plots", "probability (%)"))
        self.bands_plot = LazyPlot(
            translate("widgets.agc_plots", "Margin of victory (higher total : lower)"),
            translate("widgets.agc_plots", "band"), translate("widgets.agc_plots", "probability (%)"),
            setup=lambda plot: plot.getAxis("bottom").setTicks([labels]))
        self.damage_plot = LazyPlot(translate("widgets.agc_plots", "Steps of damage taken"),
                                    translate("widgets.agc_plots", "steps of damage"),
                                    translate("widgets.agc_plots", "probability (%)"))
        for plot in (self.totals_plot, self.bands_plot, self.damage_plot):
            plot.setMinimumHeight(170)
        self.bands_plot.setToolTip("<br>".join(
            translate("widgets.agc_plots", "<b>{label}</b> {band}: victor {victor}, loser "
                                           "{loser}").format(
                label=label, band=data_name("agc", row["name"]), victor=row["victor"],
                loser=row["loser"])
            for (_, label), row in zip(labels, self.bands)))

    def pages(self) -> list[tuple[str, QWidget]]:
        """The plots as the results' detail pages: (tab title, plot)."""
        return [(translate("widgets.agc_plots", "Totals"), self.totals_plot),
                (translate("widgets.agc_plots", "Margin of victory"), self.bands_plot),
                (translate("widgets.agc_plots", "Damage"), self.damage_plot)]

    def draw(self, result: BattleResult, baseline: BattleResult | None = None) -> None:
        # each drawn when its plot is made: a details tab nobody opened waits
        self.totals_plot.draw(lambda plot: self._totals(plot, result, baseline))
        self.bands_plot.draw(lambda plot: self._bands(plot, result, baseline))
        self.damage_plot.draw(lambda plot: self._damage(plot, result, baseline))

    def _totals(self, plot, r: BattleResult, b: BattleResult | None) -> None:
        plot.clear()
        top = 0
        for (side, colour), symbol in zip(SIDES, ("o", "t")):
            rows = r.extra.get(f"{side}_total", [])
            if not rows:
                continue
            xs = [v for v, _ in rows]
            ys = [100 * p for _, p in rows]
            top = max(top, max(xs))
            fill = pg.mkColor(colour)
            fill.setAlpha(60)
            plot.plot(xs, ys, pen=pg.mkPen(colour, width=2), fillLevel=0, brush=fill,
                      symbol=symbol, symbolSize=5, symbolBrush=colour, symbolPen=colour,
                      name=translate("widgets.agc_plots", "{side} (mean {mean})").format(
                          side=side_name(side), mean=localize(f"{mean_of(rows):.1f}")))
            mean = pg.InfiniteLine(pos=mean_of(rows), angle=90,
                                   pen=pg.mkPen(colour, width=1.5, style=Qt.PenStyle.DotLine))
            plot.addItem(mean)
            if b is not None:
                brows = b.extra.get(f"{side}_total", [])
                if brows:
                    top = max(top, max(v for v, _ in brows))
                    # dashed in the side's own colour: two black curves can't be told apart
                    plot.plot([v for v, _ in brows], [100 * p for _, p in brows],
                              pen=pg.mkPen(colour, width=1.5, style=Qt.PenStyle.DashLine),
                              name=translate("widgets.agc_plots", "{side} baseline").format(
                                  side=side_name(side)))
        plot.setXRange(0, max(top, 1), padding=0.02)
        plot.getAxis("bottom").setTickSpacing(major=max(1, 5 * math.ceil(top / 50)), minor=1)

    def _bands(self, plot, r: BattleResult, b: BattleResult | None) -> None:
        plot.clear()
        rows = r.extra.get("bands", [])
        xs = list(range(len(rows)))
        bottom = [0.0] * len(rows)
        for key, colour, name in (
                ("attacker_victor", ATTACKER, translate("widgets.agc_plots", "attacker victor")),
                ("defender_victor", DEFENDER, translate("widgets.agc_plots", "defender victor")),
                ("tie", DRAW, translate("widgets.agc_plots", "tie"))):
            heights = [100 * row[key] for row in rows]
            if not any(h > 0 for h in heights):
                continue
            plot.addItem(pg.BarGraphItem(x=xs, height=heights, y0=bottom, width=0.7,
                                         brush=colour, pen=pg.mkPen("#ffffff", width=0.8),
                                         name=name))
            bottom = [y + h for y, h in zip(bottom, heights)]
        if b is not None:
            brows = b.extra.get("bands", [])
            plot.plot(list(range(len(brows))), [100 * row["p"] for row in brows], pen=None,
                      symbol="o", symbolSize=9, symbolBrush=None,
                      symbolPen=pg.mkPen(BASELINE, width=1.5),
                      name=translate("widgets.agc_plots", "baseline"))
        plot.setXRange(-0.6, max(len(rows), 1) - 0.4, padding=0)
        plot.setYRange(0, max(bottom + [1.0]) * 1.08, padding=0)

    def _damage(self, plot, r: BattleResult, b: BattleResult | None) -> None:
        plot.clear()
        top = 0
        for index, ((side, colour), offset) in enumerate(zip(SIDES, (-0.2, 0.2))):
            marg = r.loss_marginal(index)
            top = max([top] + list(marg))
            plot.addItem(pg.BarGraphItem(x=[k + offset for k in marg],
                                         height=[100 * p for p in marg.values()], width=0.38,
                                         brush=colour, pen=pg.mkPen(colour),
                                         name=side_name(side)))
            if b is not None:
                bm = b.loss_marginal(index)
                # open circles in the side's own colour, as the totals' dashed curves
                plot.plot(*baseline_points([k + offset for k in bm],
                                           [100 * p for p in bm.values()]), pen=None,
                          symbol="o", symbolSize=8, symbolBrush=None,
                          symbolPen=pg.mkPen(colour, width=1.5),
                          name=translate("widgets.agc_plots", "{side} baseline").format(
                              side=side_name(side)))
        plot.setXRange(-0.6, top + 0.6, padding=0.02)
        plot.getAxis("bottom").setTickSpacing(major=max(1, math.ceil((top + 1) / 10)), minor=1)
