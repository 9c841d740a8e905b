"""The Medium Luck view: drag units into colour bands, live band facts and odds, table-side bands.

The view holds no rules: the band board only records who sits where (checked against the
chart), the engine's rules say what that means (dice, usable boosts, targets) and compute the
odds; table-side battles run the engine's band phases through the shared table panel.
"""
from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (QCheckBox, QComboBox, QGridLayout, QGroupBox, QHBoxLayout, QLabel,
                               QProgressBar,
                               QLineEdit, QListWidget, QListWidgetItem, QPushButton,
                               QVBoxLayout, QWidget)

from combatassist import limits
from combatassist.battle import BattleRules
from combatassist.errors import CombatAssistError, ScenarioError
from combatassist.rulesets import mediumluck
from combatassist.rulesets.mediumluck import advisor
from combatassist.rulesets.mediumluck.rules import MediumLuckSetup, SideSetup
from combatassist.rulesets.mediumluck.chart import BATTLE_KINDS, default_chart
from combatassist.rulesets.mediumluck.explain import describe as describe_lost_first
from combatassist.scenario import Scenario

from ...compute import Job
from ...engine_text import render
from ...result_style import DEFENDER, pct
from .bands_model import SIDES, BandBoard, unit_label
from .band_facts import band_facts
from .bands_view import BandBoardWidget
from ...widgets.loss_order import LossOrderEditor
from .editors import DeployReservesEditor, ReserveEditor
from ...widgets.count_box import CountBox
from ...widgets.retreat_rules import RetreatRulesBox
from ...data_names import spaced
from ..base import BattleView
from ...i18n import data_name, number, side_name, translate

#: How many assignments "Suggest assignment" offers, and how long its search may take.
SUGGESTIONS = 5
#: The advisor's budget in the app: the engine's default (every assignment when they number
#: at most 20,000, else a local search of ``limits.ADVISOR_DEFAULT_EVALUATIONS``): counted in
#: evaluations, so a busy machine never changes the advice.
ADVISOR_BUDGET = None


def result_note(result: Any) -> str:
    """'Casualties: optimal play (435,456 positions solved). Lost first — attacker: fighter
    (rolls yellow, can hit nothing)' — from the engine's result extras."""
    extra = getattr(result, "extra", {}) or {}
    policy = extra.get("casualties")
    if not policy:
        return ""
    words = {"optimal": translate("views.mediumluck", "optimal play"),
             "heuristic": translate("views.mediumluck", "heuristic (least combat power lost)")}
    text = translate("views.mediumluck", "Casualties: {policy}").format(
        policy=words.get(policy, policy))
    if extra.get("casualties_why"):
        text += f" — {render(extra['casualties_why'])}"
    text += "."
    lost = render(describe_lost_first(extra.get("lost_first") or {}))
    if lost:
        text += " " + lost[0].upper() + lost[1:]
    return text


class MediumLuckView(BattleView):
    ruleset = "mediumluck"
    title = "Medium Luck"
    order = 20
    loss_unit = "units"
    form_width = 720      # the board needs room: the form gets the larger share

    @classmethod
    def data_names(cls) -> set[str]:
        """The shipped chart's bands and boost kinds; its units in words, capitalised and plural."""
        chart = default_chart()
        names = set(chart.band_names)
        for unit in chart.units:
            text = spaced(unit)
            shown = "AAA" if text == "aaa" else text[:1].upper() + text[1:]
            plural = text if text.endswith(("infantry", "artillery", "aaa")) else text + "s"
            names |= {text, shown, plural}
        names |= {spaced(kind) for band in chart.bands for kind in band.boost.values()}
        return names

    def finish_build(self) -> None:
        self.table_panel.running_changed.connect(self._table_changed)
        self.deploy_editor = DeployReservesEditor()
        self.table_panel.set_between_rounds_editor(self.deploy_editor)

    def _table_changed(self, running: bool) -> None:
        """Show on the board which band the table is resolving."""
        battle = self.table_panel.battle if running else None
        phase = battle.current_phase() if battle is not None else None
        self.board_widget.highlight(phase.name if phase is not None else None)

    # -- form -------------------------------------------------------------------------------
    def build_form(self) -> QWidget:
        self._extra: dict[str, Any] = {}
        form = QWidget()
        self.title_edit = QLineEdit()
        self.title_edit.setPlaceholderText(translate("views.mediumluck", "scenario title (optional)"))
        self.title_edit.textEdited.connect(self.edited)
        self.max_rounds = CountBox(limits.MAX_ROUNDS)     # typed values stay as typed
        self.max_rounds.setSpecialValueText(translate("views.mediumluck", "to the end"))
        self.max_rounds.setToolTip(translate("views.mediumluck", "Stop after this many rounds; 0 = fight to the end"))
        self.max_rounds.valueChanged.connect(self.edited)
        self.extra_white = QCheckBox(translate("views.mediumluck", "Defender rolls one extra white die"))
        self.extra_white.setToolTip(translate("views.mediumluck", "The defender rolls one extra white die every round while "
                                    "it has any unit left"))
        self.extra_white.toggled.connect(self._options_changed)
        self.battle_kind = QComboBox()
        for kind in BATTLE_KINDS:
            self.battle_kind.addItem(data_name("mediumluck",
                                               mediumluck.RULESET.label("battles", kind)), kind)
        self.battle_kind.setToolTip(translate("views.mediumluck", "A land battle takes no ships; a sea battle only ships "
                                    "and aircraft"))
        self.battle_kind.currentIndexChanged.connect(self._options_changed)
        self.die = QComboBox()
        for text, sides in ((translate("views.mediumluck", "d6 dice"), 6),
                            (translate("views.mediumluck", "d12 dice"), 12)):
            self.die.addItem(text, sides)
        self.die.setToolTip(translate("views.mediumluck", "The dice every band rolls: the "
                                      "source's d6, or its d12 variant (boosts stay +1, so "
                                      "they matter less than numbers)"))
        self.die.currentIndexChanged.connect(self._options_changed)
        self.casualty_policy = QComboBox()
        for text, policy in ((translate("views.mediumluck", "Casualties: optimal when it fits"), None),
                             (translate("views.mediumluck", "Casualties: optimal"), "optimal"),
                             (translate("views.mediumluck", "Casualties: heuristic (combat power)"),
                              "heuristic")):
            self.casualty_policy.addItem(text, policy)
        self.casualty_policy.setToolTip(
            translate("views.mediumluck", "How the figures choose casualties: optimal = each side picks what maximises its "
            "chance to win; heuristic = lose what costs least combat power"))
        self.casualty_policy.currentIndexChanged.connect(self._options_changed)
        self.chart_label = QLabel("")
        self.chart_label.setWordWrap(True)
        self.reserves = QCheckBox(translate("views.mediumluck", "Reserves"))
        self.reserves.setToolTip(translate("views.mediumluck", "Each side may hold units back and deploy them into bands "
                                 "between rounds, from round 2 on"))
        self.reserves.toggled.connect(self._reserves_toggled)

        options = QGroupBox(translate("views.mediumluck", "Battle"))
        grid = QGridLayout(options)
        grid.addWidget(QLabel(translate("views.mediumluck", "Title:")), 0, 0)
        grid.addWidget(self.title_edit, 0, 1)
        grid.addWidget(self.battle_kind, 0, 2)
        grid.addWidget(self.casualty_policy, 0, 3)
        grid.addWidget(QLabel(translate("views.mediumluck", "Rounds:")), 1, 0)
        rounds_and_die = QHBoxLayout()
        rounds_and_die.setContentsMargins(0, 0, 0, 0)
        rounds_and_die.addWidget(self.max_rounds, 1)
        rounds_and_die.addWidget(self.die)
        grid.addLayout(rounds_and_die, 1, 1)
        grid.addWidget(self.extra_white, 1, 2)
        grid.addWidget(self.reserves, 1, 3)
        self.chart_caption = QLabel(translate("views.mediumluck", "Chart:"))
        grid.addWidget(self.chart_caption, 2, 0)
        grid.addWidget(self.chart_label, 2, 1, 1, 3)
        grid.setColumnStretch(3, 1)

        self.board = BandBoard(default_chart(), self)
        self.board_widget = BandBoardWidget(self.board)
        self.board.changed.connect(self._board_changed)
        bands_box = QGroupBox(translate("views.mediumluck", "Colour bands — drag units from the pools into roll or boost "
                              "slots (or select a chip and press Ctrl+M)"))
        inner = QVBoxLayout(bands_box)
        inner.addWidget(self.board_widget)

        self.order_editors = {side: LossOrderEditor(
            self._options_changed, tickable=True, label=unit_label, max_height=110,
            name=f"{side}_order_of_loss",
            tooltip=(translate("views.mediumluck", "The attacker's order of loss at "
                               "victim's-choice bands: ticked types go first, top first. Drag, "
                               "or Alt+Up / Alt+Down; Space ticks. Unticked types: least combat "
                               "power lost first.") if side == "attacker" else
                     translate("views.mediumluck", "The defender's order of loss at "
                               "victim's-choice bands: ticked types go first, top first. Drag, "
                               "or Alt+Up / Alt+Down; Space ticks. Unticked types: least combat "
                               "power lost first."))) for side in SIDES}
        loss_box = QGroupBox(translate("views.mediumluck", "Order of loss — tick the unit types each side loses first "
                             "(victim's choice bands); unticked: least combat power lost"))
        loss_row = QHBoxLayout(loss_box)
        for side in SIDES:
            column = QVBoxLayout()
            column.addWidget(QLabel(translate("views.mediumluck", "Attacker's order of loss:")
                                    if side == "attacker" else
                                    translate("views.mediumluck", "Defender's order of loss:")))
            column.addWidget(self.order_editors[side])
            loss_row.addLayout(column)
        self.reserve_editors = {side: ReserveEditor(side, self.board.chart, self._reserve_changed)
                                for side in SIDES}
        self.reserve_box = QWidget()
        reserve_row = QHBoxLayout(self.reserve_box)
        reserve_row.setContentsMargins(0, 0, 0, 0)
        for side in SIDES:
            reserve_row.addWidget(self.reserve_editors[side])
        self.reserve_box.setVisible(False)

        self.retreat = RetreatRulesBox(self.edited, max_rounds=1000,
                                       max_units=mediumluck.MAX_UNITS_PER_SIDE)

        layout = QVBoxLayout(form)
        layout.addWidget(options)
        layout.addWidget(bands_box)
        layout.addWidget(loss_box)
        layout.addWidget(self.reserve_box)
        layout.addWidget(self.retreat)
        layout.addWidget(self._advisor_box())
        layout.addStretch(1)
        form.setMinimumWidth(640)
        return form

    def _options_changed(self, *_args) -> None:
        self._update_facts()
        self.edited()

    def _reserve_changed(self) -> None:
        self._show_loss_units()
        self._options_changed()

    def _reserves_toggled(self, on: bool) -> None:
        self.reserve_box.setVisible(on)
        self._options_changed()

    def _board_changed(self) -> None:
        self._show_loss_units()
        self._update_facts()
        self.edited()

    def _show_loss_units(self) -> None:
        """The order-of-loss lists follow the unit types each side brings."""
        for side in SIDES:
            brought = set(self.board.total(side)) | set(self.reserve_editors[side].value())
            self._show_order(side, self.order_editors[side].value(),
                             [u for u in self.board.chart.units if u in brought])

    def _show_order(self, side: str, order: Sequence[str], units: Sequence[str]) -> None:
        """The order (ticked, first) and the side's other unit types (unticked, after)."""
        order = list(dict.fromkeys(order))
        self.order_editors[side].set_rows(order + [u for u in units if u not in order], order)

    def _update_facts(self) -> None:
        try:
            self.board_widget.show_facts(band_facts(self._setup()))
        except CombatAssistError as exc:
            self.board_widget.show_message(str(exc))

    # -- scenario <-> form ----------------------------------------------------------------------
    def _setup(self) -> MediumLuckSetup:
        sides = self.board.sides()
        reserves = self.reserves.isChecked()
        for side in SIDES:
            if reserves:
                sides[side].reserve = self.reserve_editors[side].value()
            sides[side].order_of_loss = self.order_editors[side].value()
        retreat = self.retreat.options()
        return MediumLuckSetup(self.board.chart, sides["attacker"], sides["defender"],
                               max_rounds=self.max_rounds.value(),
                               defender_extra_white=self.extra_white.isChecked(),
                               reserves=reserves, chart_ref=self._extra.get("chart_ref"),
                               retreat_after=retreat.after_round,
                               retreat_when_units=retreat.when_units,
                               retreat_below=retreat.below,
                               battle=self.battle_kind.currentData(),
                               die=self.die.currentData(),
                               casualties=self.casualty_policy.currentData())

    def scenario(self) -> Scenario:
        return Scenario(self.ruleset, self._setup(), self.title_edit.text().strip() or None)

    def load_scenario(self, scenario: Scenario) -> None:
        setup: MediumLuckSetup = scenario.body
        self.title_edit.setText(scenario.title or "")
        self.max_rounds.setValue(setup.max_rounds)
        self.retreat.load(mediumluck.retreat_options(setup))
        self.extra_white.setChecked(setup.defender_extra_white)
        self.battle_kind.setCurrentIndex(max(0, self.battle_kind.findData(setup.battle)))
        self.die.setCurrentIndex(max(0, self.die.findData(setup.die)))
        self.casualty_policy.setCurrentIndex(
            max(0, self.casualty_policy.findData(setup.casualties)))
        # the chart file is kept as loaded (the form does not choose charts)
        self._extra = {"chart_ref": setup.chart_ref}
        self.chart_label.setText(setup.chart_ref or translate(
            "views.mediumluck", "the reconstructed default chart"))
        for w in (self.chart_caption, self.chart_label):
            w.setVisible(bool(setup.chart_ref))    # only a house chart needs a mention
        for side in SIDES:
            s: SideSetup = getattr(setup, side)
            self.reserve_editors[side].set_chart(setup.chart)
            self.reserve_editors[side].set_value(s.reserve)
            self._show_order(side, s.order_of_loss, ())
        self.reserves.blockSignals(True)
        self.reserves.setChecked(setup.reserves)
        self.reserves.blockSignals(False)
        self.reserve_box.setVisible(setup.reserves)
        rebuild = setup.chart != self.board.chart
        self.board.load(setup.chart, {"attacker": setup.attacker, "defender": setup.defender})
        if rebuild:
            self.board_widget.rebuild()
        self._update_facts()
        self._clear_suggestions()

    def compute_job(self) -> Job:
        setup = self._setup()
        for side in SIDES:
            if getattr(setup, side).total() == 0:
                raise ScenarioError(
                    translate("views.mediumluck", "the attacker has no units") if side == "attacker"
                    else translate("views.mediumluck", "the defender has no units"),
                    hint=translate("views.mediumluck", "add units to its pool and drag them into "
                                                       "bands"))
        return lambda cancel: mediumluck.compute(setup, cancel=cancel)

    # -- advisor ------------------------------------------------------------------------------
    def _advisor_box(self) -> QGroupBox:
        box = QGroupBox(translate("views.mediumluck", "Suggest assignment"))
        self.advice_side = QComboBox()
        for side in SIDES:
            self.advice_side.addItem(translate("views.mediumluck", "for the attacker")
                                     if side == "attacker" else
                                     translate("views.mediumluck", "for the defender"), side)
        self.suggest_button = QPushButton(translate("views.mediumluck", "Suggest assignment"))
        self.suggest_button.clicked.connect(self.suggest)
        self.advice_list = QListWidget()
        self.advice_list.setMaximumHeight(130)
        # a suggestion is longer than the pane is wide: wrap it (never cut off at the right
        # edge), scroll down by pixels to its end; the whole text is its tooltip as well
        self.advice_list.setWordWrap(True)
        self.advice_list.setTextElideMode(Qt.TextElideMode.ElideNone)
        self.advice_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.advice_list.setVerticalScrollMode(QListWidget.ScrollMode.ScrollPerPixel)
        self.advice_list.setResizeMode(QListWidget.ResizeMode.Adjust)     # re-wrap on resize
        self.advice_list.itemActivated.connect(lambda item: self.apply_suggestion(
            self.advice_list.row(item)))
        self.apply_button = QPushButton(translate("views.mediumluck", "Apply"))
        self.apply_button.setToolTip(translate("views.mediumluck", "Use the selected assignment (undo with Ctrl+Z)"))
        self.apply_button.clicked.connect(lambda: self.apply_suggestion(
            self.advice_list.currentRow()))
        self.advice_status = QLabel("")
        self.advice_status.setWordWrap(True)
        # the search's progress in evaluations (its budget is counted, not timed) and a Stop
        # that ends it with the best found so far
        self.advice_progress = QProgressBar()
        self.advice_progress.setFormat(translate("views.mediumluck", "%v of %m evaluations"))
        self.advice_progress.setVisible(False)
        self.stop_advice_button = QPushButton(translate("views.mediumluck", "Stop"))
        self.stop_advice_button.setToolTip(translate(
            "views.mediumluck", "End the search now and show the best assignments found so far"))
        self.stop_advice_button.setVisible(False)
        self.stop_advice_button.clicked.connect(self.stop_advice)
        self._advice_run: _AdvisorRun | None = None
        self._advice_timer = QTimer(self)
        self._advice_timer.setInterval(100)
        self._advice_timer.timeout.connect(self._show_advice_progress)
        self.suggestions: list[tuple[str, SideSetup, Any]] = []
        self.advisor_computer = self.jobs.computer(delay_ms=0)
        self.advisor_computer.result.connect(self._show_suggestions)
        self.advisor_computer.error.connect(
            lambda m: self.advice_status.setText(f"<span style='color:{DEFENDER}'>&#9888; {m}"
                                                 "</span>"))
        self.advisor_computer.busy.connect(self._advice_busy)
        row = QHBoxLayout()
        row.addWidget(self.suggest_button)
        row.addWidget(self.advice_side)
        row.addStretch(1)
        row.addWidget(self.apply_button)
        progress = QHBoxLayout()
        progress.addWidget(self.advice_progress, 1)
        progress.addWidget(self.stop_advice_button)
        layout = QVBoxLayout(box)
        layout.addLayout(row)
        layout.addLayout(progress)
        layout.addWidget(self.advice_list)
        layout.addWidget(self.advice_status)
        self.apply_button.setEnabled(False)
        self.advice_list.currentRowChanged.connect(
            lambda r: self.apply_button.setEnabled(r >= 0))
        return box

    def suggest(self) -> None:
        """Ask the engine's advisor (in the background) for the best few assignments."""
        try:
            setup = self._setup()
        except CombatAssistError as exc:
            self.advice_status.setText(str(exc))
            return
        side = self.advice_side.currentData()
        self._clear_suggestions()
        run = self._advice_run = _AdvisorRun(0)     # the engine says how many it plans
        self._show_advice_progress()
        self.advisor_computer.request(
            lambda cancel: (side, advisor.advise(setup, side, top=SUGGESTIONS,
                                                 budget=ADVISOR_BUDGET, cancel=cancel,
                                                 stop=run.stop.is_set, progress=run.report)),
            immediate=True)

    def stop_advice(self) -> None:
        """End the running search: it answers with the best assignments found so far."""
        if self._advice_run is not None:
            self._advice_run.stop.set()

    def _advice_busy(self, busy: bool) -> None:
        if busy:
            self.advice_status.setText(translate("views.mediumluck",
                                                 "searching for good assignments…"))
            self._advice_timer.start()
        else:
            self._advice_timer.stop()
        self.advice_progress.setVisible(busy)
        self.stop_advice_button.setVisible(busy)

    def _show_advice_progress(self) -> None:
        run = self._advice_run
        if run is not None:
            done, planned = run.progress
            self.advice_progress.setRange(0, max(planned, 1))
            self.advice_progress.setValue(min(done, planned))

    def _show_suggestions(self, answer) -> None:
        side, advice = answer
        self._clear_suggestions()
        for item in advice.suggestions:
            text = translate("views.mediumluck", "{side} wins {chance} — {assignment}").format(
                side=side_name(side), chance=pct(item.win),
                assignment=render(item.describe()) or translate("views.mediumluck", "all idle"))
            entry = QListWidgetItem(text, self.advice_list)
            entry.setToolTip(text + "\n" + translate(
                "views.mediumluck", "expected losses: own {own}, enemy {enemy}").format(
                    own=number(item.expected_own_losses), enemy=number(item.expected_enemy_losses)))
            self.suggestions.append((side, item.side, item))
        if advice.exhaustive:
            how = translate("views.mediumluck", "every one of the {space} assignments "
                                                "compared").format(space=advice.space)
        elif advice.stopped:
            how = translate("views.mediumluck", "{evaluated} of {space} assignments compared "
                                                "(stopped: the best found so far)").format(
                evaluated=advice.compared, space=advice.space)
        elif advice.stopped_by_budget:
            how = translate("views.mediumluck", "{evaluated} of {space} assignments compared "
                                                "(local search, budget used up)").format(
                evaluated=advice.compared, space=advice.space)
        else:
            how = translate("views.mediumluck", "{evaluated} of {space} assignments compared "
                                                "(local search)").format(
                evaluated=advice.compared, space=advice.space)
        if not self.suggestions:
            self.advice_status.setText(translate("views.mediumluck", "no assignment found "
                                                                     "({how})").format(how=how))
        else:
            count = len(self.suggestions)
            self.advice_status.setText(translate(
                "views.mediumluck", "Best {count} for the {side}: {how}. Double-click (or Enter) "
                "to apply; Ctrl+Z undoes it.").format(count=count, side=side_name(side), how=how))
            self.advice_list.setCurrentRow(0)

    def _clear_suggestions(self) -> None:
        self.suggestions = []
        self.advice_list.clear()

    def apply_suggestion(self, row: int) -> None:
        """Put a suggested assignment on the board (one undoable step)."""
        if not 0 <= row < len(self.suggestions):
            return
        side, side_setup, _ = self.suggestions[row]
        self.board.replace_side(side, side_setup, translate(
            "views.mediumluck", "apply the suggested {side} assignment").format(
                side=side_name(side)))

    # -- table side -----------------------------------------------------------------------------
    # -- results: which policy computed them, and units only there to be lost ---------------
    def above_results(self) -> list[QWidget]:
        self.policy_note = QLabel("")
        self.policy_note.setWordWrap(True)
        self.policy_note.setTextFormat(Qt.TextFormat.PlainText)
        return [self.policy_note]

    def show_result(self, result: Any) -> None:
        super().show_result(result)
        self.policy_note.setText(result_note(result))

    def show_error(self, message: str) -> None:
        super().show_error(message)
        self.policy_note.setText("")

    def table_rules(self) -> BattleRules | None:
        return mediumluck.make_rules(self._setup())


class _AdvisorRun:
    """One search of the advisor, shared with its worker thread: the player's stop, and the
    progress the worker reports (evaluations done, planned), read by the GUI's timer."""

    def __init__(self, planned: int):
        self.stop = threading.Event()
        self.progress = (0, planned)

    def report(self, done: int, planned: int) -> None:   # worker thread: one tuple, atomic
        self.progress = (done, planned)
