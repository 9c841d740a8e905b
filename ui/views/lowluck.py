"""The Low Luck view: battle set-up, low luck vs standard dice, bombing raids, research."""
from __future__ import annotations

import dataclasses
import math
from typing import Any

import pyqtgraph as pg
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (QAbstractItemView, QCheckBox, QComboBox, QFormLayout, QGridLayout,
                               QGroupBox, QHBoxLayout, QLabel, QLineEdit, QListWidget,
                               QPushButton, QSpinBox, QVBoxLayout, QWidget)

from combatassist.errors import CombatAssistError
from combatassist.rulesets import lowluck
from combatassist.rulesets.lowluck import sbr, tech
from combatassist.scenario import Scenario

from ..compute import Computer, Job
from ..widgets.count_box import CountBox
from ..results import ATTACKER, DEFENDER, StatusLine, make_spinner, pct, style_plot
from ..widgets.retreat_rules import RetreatRulesBox
from .base import RulesetView

ROLES = ("attacker", "defender")
TECH_LABELS = {"jet_power": "Jet power", "super_subs": "Super subs",
               "heavy_bombers": "Heavy bombers"}
DICE_LABELS = {"lowluck": "Low luck", "standard": "Standard dice"}
TECH_COLOURS = ("#E69F00", "#56B4E9", "#009E73", "#CC79A7")  # Okabe-Ito


class OrderOfLoss(QWidget):
    """The order of loss: drag to reorder, or select and press Alt+Up / Alt+Down."""

    def __init__(self, role: str, on_change, parent: QWidget | None = None):
        super().__init__(parent)
        self.role = role
        self.on_change = on_change
        self.custom = False
        self.list = QListWidget()
        self.list.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.list.setMaximumHeight(120)
        self.list.model().rowsMoved.connect(self._moved)
        self.list.setToolTip("First lost at the top. Drag, or Alt+Up / Alt+Down")
        up, down, reset = QPushButton("▲"), QPushButton("▼"), QPushButton("Default")
        for b in (up, down):
            b.setFixedWidth(32)
        up.setToolTip("Lose earlier (Alt+Up)")
        down.setToolTip("Lose later (Alt+Down)")
        reset.setToolTip("Cheapest first")
        up.clicked.connect(lambda: self.move(-1))
        down.clicked.connect(lambda: self.move(1))
        reset.clicked.connect(self.reset)
        for keys, step in (("Alt+Up", -1), ("Alt+Down", 1)):
            sc = QShortcut(QKeySequence(keys), self.list)
            sc.setContext(Qt.ShortcutContext.WidgetShortcut)
            sc.activated.connect(lambda s=step: self.move(s))
        buttons = QVBoxLayout()
        for b in (up, down, reset):
            buttons.addWidget(b)
        buttons.addStretch(1)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.list, 1)
        layout.addLayout(buttons)
        self.set_order(())

    def order(self) -> tuple[str, ...]:
        return tuple(self.list.item(i).data(Qt.ItemDataRole.UserRole)
                     for i in range(self.list.count()))

    def set_order(self, order: tuple[str, ...]) -> None:
        self.custom = bool(order)
        self.battle = getattr(self, "battle", "land")
        shown = lowluck.rules.full_order(tuple(order), self.role)
        self.list.clear()
        for uid in shown:
            self.list.addItem(uid.replace("_", " "))
            self.list.item(self.list.count() - 1).setData(Qt.ItemDataRole.UserRole, uid)
        self.show_kinds(self.battle)

    def show_kinds(self, battle: str) -> None:
        """Hide the unit types that can't be in this kind of battle (their place is kept)."""
        self.battle = battle
        for i in range(self.list.count()):
            kind = lowluck.UNITS[self.list.item(i).data(Qt.ItemDataRole.UserRole)].kind
            self.list.setRowHidden(i, (battle == "land" and kind == "sea") or
                                   (battle == "sea" and kind == "land"))

    def value(self) -> tuple[str, ...]:
        """The scenario's order_of_loss: () while the default is shown."""
        return self.order() if self.custom else ()

    def move(self, step: int) -> None:
        row = self.list.currentRow()
        if row < 0:
            return
        target = row + step
        while 0 <= target < self.list.count() and self.list.isRowHidden(target):
            target += step          # hop over types that can't be in this battle
        if not 0 <= target < self.list.count():
            return
        item = self.list.takeItem(row)
        self.list.insertItem(target, item)
        self.show_kinds(self.battle)
        self.list.setCurrentRow(target)
        self._moved()

    def reset(self) -> None:
        self.set_order(())
        self.on_change()

    def _moved(self, *_args) -> None:
        self.show_kinds(self.battle)
        self.custom = self.order() != lowluck.rules.full_order((), self.role)
        self.on_change()


class SidePanel(QGroupBox):
    """One side's units, order of loss and techs."""

    def __init__(self, role: str, on_change, parent: QWidget | None = None):
        super().__init__(role.capitalize(), parent)
        self.role = role
        colour = ATTACKER if role == "attacker" else DEFENDER
        self.setStyleSheet(f"QGroupBox {{ font-weight: bold; }} "
                           f"QGroupBox::title {{ color: {colour}; }}")
        self.spins: dict[str, QSpinBox] = {}
        grid = QGridLayout()
        for i, (uid, unit) in enumerate(lowluck.UNITS.items()):
            spin = CountBox(lowluck.MAX_PER_TYPE)
            spin.setObjectName(f"{role}_{uid}")
            value = unit.attack if role == "attacker" else unit.defence
            label = QLabel(f"{uid.replace('_', ' ')} <span style='color:#777'>({value})</span>")
            tip = (f"{uid.replace('_', ' ')}: attack {unit.attack}, defence {unit.defence}, "
                   f"cost {unit.cost} IPC ({unit.kind}); the number beside the name is this "
                   f"side's {'attack' if role == 'attacker' else 'defence'}")
            spin.setToolTip(tip)
            label.setToolTip(tip)
            label.setBuddy(spin)
            spin.valueChanged.connect(on_change)
            self.spins[uid] = spin
            grid.addWidget(label, i // 2, 2 * (i % 2))
            grid.addWidget(spin, i // 2, 2 * (i % 2) + 1)
        self.order = OrderOfLoss(role, on_change)
        self.techs: dict[str, QCheckBox] = {}
        tech_row = QHBoxLayout()
        for t in lowluck.BATTLE_TECHS:
            box = QCheckBox(TECH_LABELS.get(t, t))
            box.toggled.connect(on_change)
            self.techs[t] = box
            tech_row.addWidget(box)
        layout = QVBoxLayout(self)
        layout.addLayout(grid)
        layout.addWidget(QLabel("Order of loss (first lost on top):"))
        layout.addWidget(self.order)
        layout.addLayout(tech_row)

    def allow(self, battle: str) -> None:
        """Disable unit types that can't fight in this kind of battle."""
        for uid, spin in self.spins.items():
            kind = lowluck.UNITS[uid].kind
            spin.setEnabled(not ((battle == "land" and kind == "sea") or
                                 (battle == "sea" and kind == "land")))
        self.order.show_kinds(battle)

    def side(self, battle: str) -> lowluck.LowLuckSide:
        # isEnabledTo(self): only this battle kind's own switch counts; the whole form is also
        # disabled while a battle is fought at the table, and its forces must still be read
        units = {uid: s.value() for uid, s in self.spins.items()
                 if s.value() and s.isEnabledTo(self)}
        return lowluck.LowLuckSide(units=units, order_of_loss=self.order.value(),
                                   techs=frozenset(t for t, b in self.techs.items()
                                                   if b.isChecked()))

    def load(self, side: lowluck.LowLuckSide) -> None:
        for uid, spin in self.spins.items():
            spin.setValue(int(side.units.get(uid, 0)))
        self.order.set_order(tuple(side.order_of_loss))
        for t, box in self.techs.items():
            box.setChecked(t in side.techs)


class LowLuckView(RulesetView):
    ruleset = "lowluck"
    title = "Low Luck"
    loss_unit = "units"

    # -- form -------------------------------------------------------------------------------
    def build_form(self) -> QWidget:
        form = QWidget()
        self.title_edit = QLineEdit()
        self.title_edit.setPlaceholderText("scenario title (optional)")
        self.title_edit.textEdited.connect(self.edited)
        self.battle_kind = QComboBox()
        self.battle_kind.addItem("Land battle", "land")
        self.battle_kind.addItem("Sea battle", "sea")
        self.battle_kind.currentIndexChanged.connect(self._kind_changed)
        self.dice_mode = QComboBox()
        for mode in lowluck.rules.DICE_MODES:
            self.dice_mode.addItem(DICE_LABELS.get(mode, mode), mode)
        self.dice_mode.currentIndexChanged.connect(self.edited)
        self.max_rounds = QSpinBox()
        self.max_rounds.setRange(0, lowluck.MAX_ROUNDS)
        self.max_rounds.setSpecialValueText("to the end")
        self.max_rounds.setToolTip("Stop after this many rounds (the rest is 'undecided'); "
                                   "0 = fight to the end")
        self.max_rounds.valueChanged.connect(self.edited)
        self.retreat = RetreatRulesBox(self.edited, max_rounds=lowluck.MAX_ROUNDS,
                                       max_units=lowluck.MAX_PER_SIDE)
        self.retreat_after = self.retreat.after
        self.aa_gun = QCheckBox("Defender has an AA gun")
        self.sub_first = QCheckBox("Submarines' first strike")
        self.keep_land = QCheckBox("Attacker keeps its last land unit")
        for box in (self.aa_gun, self.sub_first, self.keep_land):
            box.toggled.connect(self.edited)
        self.sides = {role: SidePanel(role, self.edited) for role in ROLES}

        options = QGroupBox("Battle")
        f = QFormLayout(options)
        f.addRow("Title:", self.title_edit)
        f.addRow("Kind:", self.battle_kind)
        f.addRow("Dice:", self.dice_mode)
        f.addRow("Rounds:", self.max_rounds)
        f.addRow(self.aa_gun)
        f.addRow(self.sub_first)
        f.addRow(self.keep_land)
        layout = QVBoxLayout(form)
        layout.addWidget(options)
        layout.addWidget(self.retreat)
        for role in ROLES:
            layout.addWidget(self.sides[role])
        layout.addStretch(1)
        return form

    def _kind_changed(self, *_args) -> None:
        kind = self.battle_kind.currentData()
        self.aa_gun.setEnabled(kind == "land")
        self.sub_first.setEnabled(kind == "sea")
        self.keep_land.setEnabled(kind == "land")
        for side in self.sides.values():
            side.allow(kind)
        self.edited()

    def default_scenario(self) -> Scenario:
        return lowluck.default_scenario()

    def scenario(self) -> Scenario:
        kind = self.battle_kind.currentData()
        retreat = self.retreat.options()
        options = lowluck.LowLuckOptions(
            max_rounds=self.max_rounds.value(), dice=self.dice_mode.currentData(), battle=kind,
            submarine_first_strike=self.sub_first.isChecked(),
            aa_gun=self.aa_gun.isChecked() and kind == "land",
            keep_land_unit=self.keep_land.isChecked(),
            retreat_after=retreat.after_round, retreat_when_units=retreat.when_units,
            retreat_below=retreat.below)
        body = lowluck.LowLuckScenario(options=options,
                                       attacker=self.sides["attacker"].side(kind),
                                       defender=self.sides["defender"].side(kind))
        return Scenario(self.ruleset, body, self.title_edit.text().strip() or None)

    def load_scenario(self, scenario: Scenario) -> None:
        body: lowluck.LowLuckScenario = scenario.body
        o = body.options
        self.title_edit.setText(scenario.title or "")
        self.battle_kind.setCurrentIndex(self.battle_kind.findData(o.battle))
        self.dice_mode.setCurrentIndex(self.dice_mode.findData(o.dice))
        self.max_rounds.setValue(o.max_rounds)
        self.retreat.load(lowluck.retreat_options(o))
        self.aa_gun.setChecked(o.aa_gun)
        self.sub_first.setChecked(o.submarine_first_strike)
        self.keep_land.setChecked(o.keep_land_unit)
        for role in ROLES:
            self.sides[role].load(getattr(body, role))
        self._kind_changed()

    # -- results: this battle with both dice systems ------------------------------------------
    def above_results(self) -> list[QWidget]:
        box = QGroupBox("Low luck vs standard dice — the same battle")
        grid = QGridLayout(box)
        grid.setHorizontalSpacing(24)
        grid.setVerticalSpacing(2)
        rows = ["Attacker wins", "Defender wins", "Draw", "Expected attacker losses",
                "Expected defender losses"]
        self.compare: dict[tuple[int, str], QLabel] = {}
        self.by_mode: dict[str, Any] = {}     # latest result per dice system (None: computing)
        for col, mode in enumerate(("lowluck", "standard"), start=1):
            head = QLabel(f"<b>{DICE_LABELS[mode]}</b>")
            head.setAlignment(Qt.AlignmentFlag.AlignRight)
            grid.addWidget(head, 0, col)
            for row in range(len(rows)):
                value = QLabel("–")
                value.setAlignment(Qt.AlignmentFlag.AlignRight)
                value.setObjectName(f"compare_{mode}_{row}")
                self.compare[(row, mode)] = value
                grid.addWidget(value, row + 1, col)
        for row, text in enumerate(rows, start=1):
            grid.addWidget(QLabel(text), row, 0)
        grid.setColumnStretch(3, 1)
        return [box]

    def compute_job(self) -> Job:
        body = self.validated_scenario().body
        return lambda cancel: lowluck.compute(body, cancel=cancel)

    def _other_mode(self, body: lowluck.LowLuckScenario) -> tuple[str, lowluck.LowLuckScenario]:
        mode = next(m for m in lowluck.rules.DICE_MODES if m != body.options.dice)
        return mode, dataclasses.replace(body, options=dataclasses.replace(body.options,
                                                                           dice=mode))

    def recompute(self, immediate: bool = False) -> None:
        """The chosen dice system feeds the results panel; the other one only the comparison
        table, on its own worker so the main answer never waits for it."""
        super().recompute(immediate)
        if not hasattr(self, "other_computer"):      # called from the base __init__
            self.other_computer = Computer(self)
            self.other_computer.result.connect(self._show_other)
            self.other_computer.error.connect(lambda _msg: None)  # the main result says why
        try:
            mode, variant = self._other_mode(self.validated_scenario().body)
        except CombatAssistError:
            self.other_computer.cancel()
            return
        self._show_compare(mode, None)
        self.other_computer.request(
            lambda cancel: (mode, lowluck.compute(variant, cancel=cancel)), immediate=immediate)

    def show_result(self, result: Any) -> None:
        super().show_result(result)
        # stale results are dropped by the computer, so this is the form's current dice mode
        self._show_compare(self.dice_mode.currentData(), result)

    def _show_other(self, answer: tuple[str, Any]) -> None:
        self._show_compare(*answer)

    def _show_compare(self, mode: str, r: Any) -> None:
        """Fill one column of the low luck vs standard table ("…" while it computes)."""
        self.by_mode[mode] = r
        if r is None:
            texts = ["…"] * 5
        else:
            ea, ed = r.expected_losses()
            texts = [pct(r.attacker_wins), pct(r.defender_wins), pct(r.draw), f"{ea:.2f}",
                     f"{ed:.2f}"]
        for row, text in enumerate(texts):
            self.compare[(row, mode)].setText(text)

    # -- table side -------------------------------------------------------------------------
    def supports_table_side(self) -> bool:
        return True

    # -- extra tabs: bombing raids and research ----------------------------------------
    def extra_tabs(self) -> list[tuple[str, QWidget]]:
        self.sbr_panel = SbrPanel()
        self.tech_panel = ResearchPanel()
        return [("Bombing raid", self.sbr_panel), ("Research", self.tech_panel)]

    def shutdown(self) -> None:
        for computer in (self.sbr_panel.computer, self.tech_panel.computer,
                         self.other_computer):
            computer.cancel()
            computer.wait(5000)
        super().shutdown()


#: how a plot title says its figures are not those of the form (see StatusLine.mark_stale)
STALE_TITLE = ("{title} <span style='color:" + DEFENDER + "'>(the last {subject} computed, "
               "not this {subject})</span>")


def mark_plots(plots: dict, subject: str, stale: bool) -> None:
    """Title each plot of ``plots`` ({plot: title}) as stale or not."""
    for plot, title in plots.items():
        plot.setTitle(STALE_TITLE.format(title=title, subject=subject) if stale else title,
                      size="10pt")


class SbrPanel(StatusLine, QWidget):
    """Strategic bombing: the defender's loss and the attacker's cost, exact."""

    subject = "raid"

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.bombers = CountBox(sbr.MAX_BOMBERS, minimum=1)
        self.bombers.setValue(2)
        self.aa = QCheckBox("AA gun at the target")
        self.aa.setChecked(True)
        self.extra_aa = CountBox(sbr.MAX_EXTRA_AA)
        self.extra_aa.setToolTip("Further AA guns flown over on the way (each: hit on 1)")
        self.variant = QComboBox()
        for v, text in (("standard", "Standard low luck"), ("A", "A: set aside 3 IPC/bomber"),
                        ("B", "B: normal SBR (1d6 per bomber)"), ("C", "C: 3 or 4 per bomber")):
            self.variant.addItem(text, v)
        self.heavy = QCheckBox("Heavy bombers")
        self.cash_limited = QCheckBox("Attacker's cash is limited to")
        self.cash = QSpinBox()
        self.cash.setRange(0, 10_000)
        self.cash.setValue(30)
        self.cash.setSuffix(" IPC")
        self.summary = QLabel("")
        self.summary.setWordWrap(True)
        self.status = QLabel("")
        self.status.setWordWrap(True)
        self.spinner = make_spinner()
        self.result: Any = None
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
        form.addRow("Bombers:", self.bombers)
        form.addRow(self.aa)
        form.addRow("Extra AA en route:", self.extra_aa)
        form.addRow("Variant:", self.variant)
        form.addRow(self.heavy)
        cash_row = QHBoxLayout()
        cash_row.addWidget(self.cash_limited)
        cash_row.addWidget(self.cash)
        cash_row.addStretch(1)
        form.addRow(cash_row)
        self.loss_plot = pg.PlotWidget()
        style_plot(self.loss_plot, "Defender's loss", "IPC", "probability (%)", legend=False,
                   min_height=200)
        self.cost_plot = pg.PlotWidget()
        style_plot(self.cost_plot, "Attacker's cost (bombers lost and bills)", "IPC",
                   "probability (%)", legend=False, min_height=200)
        plots = QHBoxLayout()
        plots.addWidget(self.loss_plot)
        plots.addWidget(self.cost_plot)
        self.plot_titles = {self.loss_plot: "Defender's loss",
                            self.cost_plot: "Attacker's cost (bombers lost and bills)"}
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.spinner)
        layout.addWidget(self.summary)
        layout.addWidget(self.status)
        layout.addLayout(plots, 1)
        self.computer = Computer(self)
        self.computer.result.connect(self.show_result)
        self.computer.error.connect(self.show_error)
        self.computer.busy.connect(self.set_busy)
        for w in (self.bombers, self.extra_aa, self.cash):
            w.valueChanged.connect(self.recompute)
        for w in (self.aa, self.heavy, self.cash_limited):
            w.toggled.connect(self.recompute)
        self.variant.currentIndexChanged.connect(self.recompute)
        self.recompute()

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

    def show_result(self, result) -> None:
        self.result = result
        self.status.setText("")
        self.mark_stale(False)
        lost = result.bombers_lost.mean()
        self.summary.setText(
            f"Expected: the defender loses <b>{result.expected_defender_loss:.2f} IPC</b>, "
            f"the attacker pays <b>{result.expected_attacker_cost:.2f} IPC</b> "
            f"(bombers lost on average: {lost:.2f}).")
        for plot, dist, colour in ((self.loss_plot, result.defender_loss, DEFENDER),
                                   (self.cost_plot, result.attacker_cost, ATTACKER)):
            plot.clear()
            items = dist.sorted_items()
            xs = [k for k, _ in items]
            plot.addItem(pg.BarGraphItem(x=xs, height=[100 * p for _, p in items],
                                         width=0.8, brush=colour, pen=pg.mkPen(colour)))
            top = max(xs, default=0)
            plot.setXRange(-0.6, top + 0.6, padding=0.02)
            plot.getAxis("bottom").setTickSpacing(major=max(1, math.ceil((top + 1) / 12)),
                                                  minor=1)


class ResearchPanel(StatusLine, QWidget):
    """Low-luck tech research: P(owning each tech) by round, and the money it takes."""

    subject = "plan"
    PLOT_TITLE = "P(owning each tech) by round"

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.branch = QComboBox()
        self.branch.addItem("Air (Jet power, Long range aircraft, Heavy bombers)", "air")
        self.branch.addItem("Industrial (Super subs, Rockets, Industrial technology)", "it")
        self.invest = QLineEdit("18, 18, 18, 18")
        self.invest.setToolTip("IPC invested in each round, separated by commas")
        self.attempt_at = QSpinBox()
        self.attempt_at.setRange(0, 1000)
        self.attempt_at.setValue(72)
        self.attempt_at.setSuffix(" IPC")
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
        form.addRow("Branch:", self.branch)
        form.addRow("Invest per round:", self.invest)
        form.addRow("Attempt when savings reach:", self.attempt_at)
        form.addRow(self.hint)
        self.plot = pg.PlotWidget()
        style_plot(self.plot, self.PLOT_TITLE, "round", "probability (%)", min_height=200)
        self.plot.setYRange(0, 100, padding=0.02)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.spinner)
        layout.addWidget(self.summary)
        layout.addWidget(self.status)
        layout.addWidget(self.plot, 1)
        self.computer = Computer(self)
        self.computer.result.connect(self.show_result)
        self.computer.error.connect(self.show_error)
        self.computer.busy.connect(self.set_busy)
        self.branch.currentIndexChanged.connect(self._branch_changed)
        self.invest.textChanged.connect(self.recompute)
        self.attempt_at.valueChanged.connect(self.recompute)
        self._branch_changed()

    def _branch_changed(self, *_args) -> None:
        b = tech.branch(self.branch.currentData())
        thresholds = ", ".join(str(t) for t, _ in b.tables)
        self.hint.setText(f"{b.minimum}–{b.maximum} IPC per round (less than {b.minimum} "
                          f"loses the savings); attempts at {thresholds}; "
                          f"{b.attempt_cost} IPC per attempt.")
        self.recompute()

    def amounts(self) -> list[int]:
        text = self.invest.text().replace(";", ",")
        parts = [p.strip() for p in text.split(",") if p.strip()]
        try:
            return [int(p) for p in parts]
        except ValueError:
            raise CombatAssistError("investments must be whole numbers separated by commas, "
                                    f"e.g. 18, 18, 18 (got '{self.invest.text()}')") from None

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

    def show_result(self, plan) -> None:
        self.plan = plan
        self.status.setText("")
        self.mark_stale(False)
        done = plan.p_done[-1] if plan.p_done else 0.0
        self.summary.setText(f"Expected money invested: <b>{plan.expected_invested:.2f} IPC</b>"
                             f" over {plan.rounds} round(s); project finished by the last "
                             f"round: <b>{pct(done)}</b>.")
        self.plot.clear()
        xs = list(range(1, plan.rounds + 1))
        self.plot.getAxis("bottom").setTickSpacing(major=max(1, math.ceil(plan.rounds / 12)),
                                                   minor=1)
        for i, t in enumerate(plan.techs):
            colour = TECH_COLOURS[i % len(TECH_COLOURS)]
            self.plot.plot(xs, [100 * p for p in plan.p_have[t]],
                           pen=pg.mkPen(colour, width=2.5), symbol="os+"[i % 3], symbolSize=7,
                           symbolBrush=colour, symbolPen=colour, name=t.replace("_", " "))
        self.plot.setYRange(0, 100, padding=0.02)

