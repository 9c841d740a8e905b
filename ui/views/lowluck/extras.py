"""Low Luck's extra tabs: strategic bombing raids and low-luck tech research.

Each panel asks the engine (``lowluck.sbr``, ``lowluck.tech``) on a computer of the view's
job group; it computes once the view starts computing (``recompute``), never while it is built.
"""
from __future__ import annotations

import math
from typing import Any

from PySide6.QtWidgets import (QCheckBox, QComboBox, QFormLayout, QHBoxLayout, QLabel,
                               QLineEdit, QSpinBox, QVBoxLayout, QWidget)

from combatassist.errors import CombatAssistError
from combatassist.rulesets import lowluck
from combatassist.rulesets.lowluck import sbr, tech

from ...lazy_import import pg
from ...compute import Computer
from ...lazy_plot import LazyPlot
from ...result_style import ATTACKER, DEFENDER, pct
from ...status_line import StatusLine, make_spinner
from ...widgets.count_box import CountBox
from ...i18n import QT_TRANSLATE_NOOP, data_name, number, translate

TECH_COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#CC79A7")  # Okabe-Ito


#: how a plot title says its figures are not those of the form (see StatusLine.mark_stale)
STALE_TITLE = QT_TRANSLATE_NOOP("widgets.lowluck_extras", "{title} <span style='color:"
                                "{colour}'>(the last {subject} computed, not this "
                                "{subject})</span>")


def mark_plots(plots: dict, subject: str, stale: bool) -> None:
    """Title each plot of ``plots`` ({plot: title}) as stale or not."""
    for plot, title in plots.items():
        title = translate("widgets.lowluck_extras", title)
        plot.setTitle(translate("widgets.lowluck_extras", STALE_TITLE).format(
            title=title, subject=translate("results", subject), colour=DEFENDER)
            if stale else title, size="10pt")


def classic_note() -> QLabel:
    """A panel's first line while the battle is of a later edition (``show_classic_note``),
    hidden until then."""
    note = QLabel("")
    note.setObjectName("editionNote")
    note.setWordWrap(True)
    note.setVisible(False)
    return note


def show_classic_note(note: QLabel, text: str, edition: str | None) -> None:
    """Show ``text`` (a translated line with ``{edition}``) on ``note`` for a later edition's
    battle (``edition``: its display name), hide it for Classic's (None): the raids and the
    research follow Classic's rules whatever the battle's edition."""
    if edition is None:
        note.setVisible(False)
        return
    note.setText(text.format(edition=edition))
    note.setVisible(True)


class SbrPanel(StatusLine, QWidget):
    """Strategic bombing: the defender's loss and the attacker's cost, exact."""

    subject = QT_TRANSLATE_NOOP("results", "raid")

    def __init__(self, computer: Computer, parent: QWidget | None = None):
        super().__init__(parent)
        self.bombers = CountBox(sbr.MAX_BOMBERS, minimum=1)
        self.bombers.setValue(2)
        self.aa = QCheckBox(translate("widgets.lowluck_extras", "AA gun at the target"))
        self.aa.setChecked(True)
        self.extra_aa = CountBox(sbr.MAX_EXTRA_AA)
        self.extra_aa.setToolTip(translate("widgets.lowluck_extras", "Further AA guns flown over on the way (each: hit on 1)"))
        self.variant = QComboBox()
        for v, text in (("standard", translate("widgets.lowluck_extras", "Standard low luck")),
                        ("A", translate("widgets.lowluck_extras", "A: set aside 3 IPC/bomber")),
                        ("B", translate("widgets.lowluck_extras", "B: normal SBR (1d6 per bomber)")),
                        ("C", translate("widgets.lowluck_extras", "C: 3 or 4 per bomber"))):
            self.variant.addItem(text, v)
        self.heavy = QCheckBox(translate("widgets.lowluck_extras", "Heavy bombers"))
        self.cash_limited = QCheckBox(translate("widgets.lowluck_extras", "Attacker's cash is limited to"))
        self.cash = QSpinBox()
        self.cash.setRange(0, 10_000)
        self.cash.setValue(30)
        self.cash.setSuffix(translate("widgets.lowluck_extras", " IPC"))
        self.summary = QLabel("")
        self.summary.setWordWrap(True)
        self.status = QLabel("")
        self.status.setWordWrap(True)
        self.spinner = make_spinner()
        self.result: Any = None
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
        form.addRow(translate("widgets.lowluck_extras", "Bombers:"), self.bombers)
        form.addRow(self.aa)
        form.addRow(translate("widgets.lowluck_extras", "Extra AA en route:"), self.extra_aa)
        form.addRow(translate("widgets.lowluck_extras", "Variant:"), self.variant)
        form.addRow(self.heavy)
        cash_row = QHBoxLayout()
        cash_row.addWidget(self.cash_limited)
        cash_row.addWidget(self.cash)
        cash_row.addStretch(1)
        form.addRow(cash_row)
        self.loss_plot = LazyPlot(translate("widgets.lowluck_extras", "Defender's loss"), "IPC",
                                  translate("widgets.lowluck_extras", "probability (%)"),
                                  legend=False)
        self.cost_plot = LazyPlot(
            translate("widgets.lowluck_extras", "Attacker's cost (bombers lost and bills)"),
            "IPC", translate("widgets.lowluck_extras", "probability (%)"), legend=False)
        for plot in (self.loss_plot, self.cost_plot):
            plot.setMinimumHeight(200)
        plots = QHBoxLayout()
        plots.addWidget(self.loss_plot)
        plots.addWidget(self.cost_plot)
        self.plot_titles = {
            self.loss_plot: QT_TRANSLATE_NOOP("widgets.lowluck_extras", "Defender's loss"),
            self.cost_plot: QT_TRANSLATE_NOOP("widgets.lowluck_extras",
                                              "Attacker's cost (bombers lost and bills)")}
        self.edition_note = classic_note()
        layout = QVBoxLayout(self)
        layout.addWidget(self.edition_note)
        layout.addLayout(form)
        layout.addWidget(self.spinner)
        layout.addWidget(self.summary)
        layout.addWidget(self.status)
        layout.addLayout(plots, 1)
        self.computer = computer
        self.computer.result.connect(self.show_result)
        self.computer.error.connect(self.show_error)
        self.computer.busy.connect(self.set_busy)
        for w in (self.bombers, self.extra_aa, self.cash):
            w.valueChanged.connect(self.recompute)
        for w in (self.aa, self.heavy, self.cash_limited):
            w.toggled.connect(self.recompute)
        self.variant.currentIndexChanged.connect(self.recompute)

    def set_edition(self, edition: str | None) -> None:
        """The battle's edition (its display name; None: Classic), for the note."""
        show_classic_note(self.edition_note, translate(
            "widgets.lowluck_extras", "Bombing raids here follow Classic's rules and their "
            "low-luck variants (a bomber costs 15 IPC, no damage cap). {edition}'s own raid "
            "rules are not modelled."), edition)

    def recompute(self, *_args) -> None:
        args = dict(bombers=self.bombers.value(), aa=self.aa.isChecked(),
                    extra_aa=self.extra_aa.value(), variant=self.variant.currentData(),
                    heavy_bombers=self.heavy.isChecked(),
                    cash=self.cash.value() if self.cash_limited.isChecked() else None)
        self.cash.setEnabled(self.cash_limited.isChecked())
        self.computer.request(lambda cancel: sbr.compute_sbr(**args))

    def has_figures(self) -> bool:
        return self.result is not None

    def mark_stale(self, stale: bool) -> None:
        mark_plots(self.plot_titles, self.subject, stale)
        self.stale_parts = (self.summary, self.loss_plot, self.cost_plot)
        super().mark_stale(stale)

    def show_result(self, result) -> None:
        self.result = result
        self.status.setText("")
        self.mark_stale(False)
        lost = result.bombers_lost.mean()
        self.summary.setText(translate(
            "widgets.lowluck_extras", "Expected: the defender loses <b>{loss} IPC</b>, the "
            "attacker pays <b>{cost} IPC</b> (bombers lost on average: {lost}).").format(
                loss=number(result.expected_defender_loss),
                cost=number(result.expected_attacker_cost), lost=number(lost)))
        for plot, dist, colour in ((self.loss_plot, result.defender_loss, DEFENDER),
                                   (self.cost_plot, result.attacker_cost, ATTACKER)):
            plot.draw(lambda p, d=dist, c=colour: self._plot_distribution(p, d, c))

    @staticmethod
    def _plot_distribution(plot, dist, colour: str) -> None:
        plot.clear()
        items = dist.sorted_items()
        xs = [k for k, _ in items]
        plot.addItem(pg.BarGraphItem(x=xs, height=[100 * p for _, p in items],
                                     width=0.8, brush=colour, pen=pg.mkPen(colour)))
        top = max(xs, default=0)
        plot.setXRange(-0.6, top + 0.6, padding=0.02)
        plot.getAxis("bottom").setTickSpacing(major=max(1, math.ceil((top + 1) / 12)), minor=1)


class ResearchPanel(StatusLine, QWidget):
    """Low-luck tech research: P(owning each tech) by round, and the money it takes."""

    subject = QT_TRANSLATE_NOOP("results", "plan")
    PLOT_TITLE = QT_TRANSLATE_NOOP("widgets.lowluck_extras", "P(owning each tech) by round")

    def __init__(self, computer: Computer, parent: QWidget | None = None):
        super().__init__(parent)
        self.branch = QComboBox()
        self.branch.addItem(translate("widgets.lowluck_extras", "Air (Jet power, Long range aircraft, Heavy bombers)"), "air")
        self.branch.addItem(translate("widgets.lowluck_extras", "Industrial (Super subs, Rockets, Industrial technology)"), "it")
        self.invest = QLineEdit("18, 18, 18, 18")
        self.invest.setToolTip(translate("widgets.lowluck_extras", "IPC invested in each round, separated by commas"))
        self.attempt_at = QSpinBox()
        self.attempt_at.setRange(0, 1000)
        self.attempt_at.setValue(72)
        self.attempt_at.setSuffix(translate("widgets.lowluck_extras", " IPC"))
        self.hint = QLabel("")
        self.hint.setWordWrap(True)
        self.summary = QLabel("")
        self.summary.setWordWrap(True)
        self.status = QLabel("")
        self.status.setWordWrap(True)
        self.spinner = make_spinner()
        self.plan: Any = None
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
        self.invest.setMinimumWidth(260)
        form.addRow(translate("widgets.lowluck_extras", "Branch:"), self.branch)
        form.addRow(translate("widgets.lowluck_extras", "Invest per round:"), self.invest)
        form.addRow(translate("widgets.lowluck_extras", "Attempt when savings reach:"), self.attempt_at)
        form.addRow(self.hint)
        self.plot = LazyPlot(translate("widgets.lowluck_extras", self.PLOT_TITLE),
                             translate("widgets.lowluck_extras", "round"),
                             translate("widgets.lowluck_extras", "probability (%)"),
                             setup=lambda plot: plot.setYRange(0, 100, padding=0.02))
        self.plot.setMinimumHeight(200)
        self.edition_note = classic_note()
        layout = QVBoxLayout(self)
        layout.addWidget(self.edition_note)
        layout.addLayout(form)
        layout.addWidget(self.spinner)
        layout.addWidget(self.summary)
        layout.addWidget(self.status)
        layout.addWidget(self.plot, 1)
        self.computer = computer
        self.computer.result.connect(self.show_result)
        self.computer.error.connect(self.show_error)
        self.computer.busy.connect(self.set_busy)
        self.branch.currentIndexChanged.connect(self._branch_changed)
        self.invest.textChanged.connect(self.recompute)
        self.attempt_at.valueChanged.connect(self.recompute)
        self._show_hint()

    def _branch_changed(self, *_args) -> None:
        self._show_hint()
        self.recompute()

    def _show_hint(self) -> None:
        b = tech.branch(self.branch.currentData())
        thresholds = ", ".join(str(t) for t, _ in b.tables)
        self.hint.setText(translate(
            "widgets.lowluck_extras", "{minimum}–{maximum} IPC per round (less than {minimum} "
            "loses the savings); attempts at {thresholds}; {cost} IPC per attempt.").format(
                minimum=b.minimum, maximum=b.maximum, thresholds=thresholds,
                cost=b.attempt_cost))

    def set_edition(self, edition: str | None) -> None:
        """The battle's edition (its display name; None: Classic), for the note."""
        show_classic_note(self.edition_note, translate(
            "widgets.lowluck_extras", "Research here follows Classic's low-luck tech rules "
            "and technologies. {edition}'s own research rules are not modelled."), edition)

    def amounts(self) -> list[int]:
        text = self.invest.text().replace(";", ",")
        parts = [p.strip() for p in text.split(",") if p.strip()]
        try:
            return [int(p) for p in parts]
        except ValueError:
            raise CombatAssistError(translate(
                "widgets.lowluck_extras", "investments must be whole numbers separated by "
                "commas, e.g. 18, 18, 18 (got '{text}')").format(text=self.invest.text())) from None

    def recompute(self, *_args) -> None:
        try:
            invest = self.amounts()
        except CombatAssistError as exc:
            self.computer.cancel()
            self.show_error(str(exc))
            return
        branch, at = self.branch.currentData(), self.attempt_at.value()
        self.computer.request(lambda cancel: tech.plan_research(branch, invest, at))

    def has_figures(self) -> bool:
        return self.plan is not None

    def mark_stale(self, stale: bool) -> None:
        mark_plots({self.plot: self.PLOT_TITLE}, self.subject, stale)
        self.stale_parts = (self.summary, self.plot)
        super().mark_stale(stale)

    def show_result(self, plan) -> None:
        self.plan = plan
        self.status.setText("")
        self.mark_stale(False)
        done = plan.p_done[-1] if plan.p_done else 0.0
        rounds = plan.rounds
        summary = (translate(
            "widgets.lowluck_extras", "Expected money invested: <b>{money} IPC</b> over 1 "
            "round; project finished by the last round: <b>{done}</b>.") if rounds == 1 else
            translate("widgets.lowluck_extras", "Expected money invested: <b>{money} IPC</b> "
                      "over %n rounds; project finished by the last round: <b>{done}</b>.", "",
                      rounds))
        self.summary.setText(summary.format(money=number(plan.expected_invested),
                                            done=pct(done)))
        self.plot.draw(lambda plot: self._plot_plan(plot, plan))

    @staticmethod
    def _plot_plan(plot, plan) -> None:
        plot.clear()
        xs = list(range(1, plan.rounds + 1))
        plot.getAxis("bottom").setTickSpacing(major=max(1, math.ceil(plan.rounds / 12)),
                                              minor=1)
        for i, t in enumerate(plan.techs):
            colour = TECH_COLOURS[i % len(TECH_COLOURS)]
            plot.plot(xs, [100 * p for p in plan.p_have[t]],
                      pen=pg.mkPen(colour, width=2.5), symbol="os+"[i % 3], symbolSize=7,
                      symbolBrush=colour, symbolPen=colour,
                      name=data_name("lowluck", lowluck.RULESET.label("techs", t)))
        plot.setYRange(0, 100, padding=0.02)
