"""The Medium Luck view: drag units into colour bands, live band facts and odds, table-side bands.

The view holds no rules: the band board only records who sits where (checked against the
chart), the engine's rules say what that means (dice, usable boosts, targets) and compute the
odds; table-side battles run the engine's band phases through the shared table panel.
"""
from __future__ import annotations

import importlib
from typing import Any

from PySide6.QtWidgets import (QCheckBox, QComboBox, QGridLayout, QGroupBox, QHBoxLayout,
                               QLabel, QLineEdit, QListWidget, QListWidgetItem, QPushButton,
                               QSpinBox, QSplitter, QVBoxLayout, QWidget)

from combatassist.battle import BattleRules
from combatassist.errors import CombatAssistError, EngineError, ScenarioError
from combatassist.rulesets import mediumluck
from combatassist.rulesets.mediumluck.battle import (MediumLuckRules, MediumLuckSetup,
                                                     SideSetup)
from combatassist.rulesets.mediumluck.chart import default_chart
from combatassist.scenario import Scenario

from ..compute import Computer, Job
from ..results import DEFENDER, pct
from ..widgets.bands_model import SIDES, BandBoard
from ..widgets.bands_view import BandBoardWidget, band_facts
from .base import RulesetView

#: How many assignments "Suggest assignment" offers, and how long its search may take.
SUGGESTIONS = 5
ADVISOR_SECONDS = 3.0


def default_setup() -> MediumLuckSetup:
    """A land battle like the seed's, with today's rules (the defender's extra white die)."""
    attacker = SideSetup(bands={"red": {"roll": {"tank": 3}, "boost": {"mech_infantry": 1}},
                                "white": {"roll": {"infantry": 6},
                                          "boost": {"artillery": 2, "fighter": 3}}})
    defender = SideSetup(bands={"red": {"roll": {"tank": 2}},
                                "white": {"roll": {"infantry": 5}, "boost": {"artillery": 2}}})
    return MediumLuckSetup(default_chart(), attacker, defender)


def format_casualties(choice: Any) -> str:
    """{side: [slot, ...]} -> 'attacker: none; defender: 2 white.roll.infantry'."""
    if not isinstance(choice, dict):
        return "" if choice is None else str(choice)
    parts = []
    for side in SIDES:
        names = list(choice.get(side) or [])
        counts: dict[str, int] = {}
        for name in names:
            counts[name] = counts.get(name, 0) + 1
        text = ", ".join(name if n == 1 else f"{n} {name}" for name, n in counts.items())
        parts.append(f"{side}: {text or 'none'}")
    return "; ".join(parts)


def parse_casualties(text: str, proposal: Any) -> Any:
    """Inverse of ``format_casualties``; a side left out keeps the proposal; empty text: None."""
    text = text.strip()
    if not text:
        return None
    result = {side: list((proposal or {}).get(side) or []) for side in SIDES}
    for part in text.split(";"):
        if not part.strip():
            continue
        side, sep, rest = part.partition(":")
        side = side.strip().lower()
        if not sep or side not in SIDES:
            raise EngineError(f"start each part with 'attacker:' or 'defender:' "
                              f"(got '{part.strip()}')")
        names: list[str] = []
        for item in rest.split(","):
            words = item.split()
            if not words or words == ["none"]:
                continue
            if len(words) == 1:
                names.append(words[0])
            elif len(words) == 2 and words[0].isdigit():
                names.extend([words[1]] * int(words[0]))
            else:
                raise EngineError(f"can't read '{item.strip()}': write slots like "
                                  f"'2 white.roll.infantry'")
        result[side] = names
    return result


def _advisor():
    """The engine's advisor module, or None while it is not there."""
    try:
        return importlib.import_module("combatassist.rulesets.mediumluck.advisor")
    except ModuleNotFoundError:
        return None


class MediumLuckView(RulesetView):
    ruleset = "mediumluck"
    title = "Medium Luck"
    loss_unit = "units"

    def __init__(self, *args, **kwargs):
        self._extra: dict[str, Any] = {}
        super().__init__(*args, **kwargs)
        # the board needs room: give the form the larger share of the window
        splitter = self.form_scroll.parentWidget()
        if isinstance(splitter, QSplitter):
            splitter.setSizes([720, 560])
        self.table_panel.running_changed.connect(self._table_changed)

    def _table_changed(self, running: bool) -> None:
        """Show on the board which band the table is resolving."""
        battle = self.table_panel.battle if running else None
        phase = battle.current_phase() if battle is not None else None
        self.board_widget.highlight(phase.name if phase is not None else None)

    # -- form -------------------------------------------------------------------------------
    def build_form(self) -> QWidget:
        form = QWidget()
        self.title_edit = QLineEdit()
        self.title_edit.setPlaceholderText("scenario title (optional)")
        self.title_edit.textEdited.connect(self.edited)
        self.max_rounds = QSpinBox()
        self.max_rounds.setRange(0, 1000)
        self.max_rounds.setSpecialValueText("to the end")
        self.max_rounds.setToolTip("Stop after this many rounds; 0 = fight to the end")
        self.max_rounds.valueChanged.connect(self.edited)
        self.extra_white = QCheckBox("Defender rolls one extra white die")
        self.extra_white.setToolTip("The defender rolls one extra white die every round while "
                                    "it has any unit left (the seed's example predates this)")
        self.extra_white.toggled.connect(self._options_changed)
        self.chart_label = QLabel("")
        self.chart_label.setWordWrap(True)
        self.kept_label = QLabel("")
        self.kept_label.setWordWrap(True)

        options = QGroupBox("Battle")
        grid = QGridLayout(options)
        grid.addWidget(QLabel("Title:"), 0, 0)
        grid.addWidget(self.title_edit, 0, 1, 1, 3)
        grid.addWidget(QLabel("Rounds:"), 1, 0)
        grid.addWidget(self.max_rounds, 1, 1)
        grid.addWidget(self.extra_white, 1, 2)
        self.chart_caption = QLabel("Chart:")
        grid.addWidget(self.chart_caption, 2, 0)
        grid.addWidget(self.chart_label, 2, 1, 1, 3)
        grid.addWidget(self.kept_label, 3, 0, 1, 4)
        grid.setColumnStretch(3, 1)

        self.board = BandBoard(default_chart(), self)
        self.board_widget = BandBoardWidget(self.board)
        self.board.changed.connect(self._board_changed)
        bands_box = QGroupBox("Colour bands — drag units from the pools into roll or boost "
                              "slots (or select a chip and press Ctrl+M)")
        inner = QVBoxLayout(bands_box)
        inner.addWidget(self.board_widget)

        layout = QVBoxLayout(form)
        layout.addWidget(options)
        layout.addWidget(bands_box)
        layout.addWidget(self._advisor_box())
        layout.addStretch(1)
        form.setMinimumWidth(640)
        return form

    def _options_changed(self, *_args) -> None:
        self._update_facts()
        self.edited()

    def _board_changed(self) -> None:
        self._update_facts()
        self.edited()

    def _update_facts(self) -> None:
        try:
            self.board_widget.show_facts(band_facts(self._setup()))
        except CombatAssistError as exc:
            self.board_widget.show_message(str(exc))

    # -- scenario <-> form ----------------------------------------------------------------------
    def default_scenario(self) -> Scenario:
        return Scenario(self.ruleset, default_setup(), None)

    def _setup(self) -> MediumLuckSetup:
        sides = self.board.sides()
        for side in SIDES:
            kept = self._extra.get(side)
            if kept is not None:
                sides[side].reserve = dict(kept.reserve)
                sides[side].order_of_loss = list(kept.order_of_loss)
        return MediumLuckSetup(self.board.chart, sides["attacker"], sides["defender"],
                               max_rounds=self.max_rounds.value(),
                               defender_extra_white=self.extra_white.isChecked(),
                               reserves=bool(self._extra.get("reserves")),
                               chart_ref=self._extra.get("chart_ref"))

    def scenario(self) -> Scenario:
        return Scenario(self.ruleset, self._setup(), self.title_edit.text().strip() or None)

    def load_scenario(self, scenario: Scenario) -> None:
        setup: MediumLuckSetup = scenario.body
        self.title_edit.setText(scenario.title or "")
        self.max_rounds.setValue(setup.max_rounds)
        self.extra_white.setChecked(setup.defender_extra_white)
        # what the board does not edit is kept as loaded (reserves, order of loss, chart file)
        self._extra = {"attacker": setup.attacker, "defender": setup.defender,
                       "reserves": setup.reserves, "chart_ref": setup.chart_ref}
        self.chart_label.setText(setup.chart_ref or "the reconstructed default chart")
        for w in (self.chart_caption, self.chart_label):
            w.setVisible(bool(setup.chart_ref))    # only a house chart needs a mention
        kept = []
        for side in SIDES:
            s: SideSetup = getattr(setup, side)
            if s.order_of_loss:
                kept.append(f"{side}'s order of loss: {', '.join(s.order_of_loss)}")
            if s.reserve:
                kept.append(f"{side}'s reserve: " +
                            ", ".join(f"{n} {u}" for u, n in s.reserve.items()))
        self.kept_label.setText("<br>".join(kept))
        self.kept_label.setVisible(bool(kept))
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
                raise ScenarioError(f"the {side} has no units",
                                    hint="add units to its pool and drag them into bands")
        return lambda cancel: mediumluck.compute(setup, cancel=cancel)

    # -- advisor ------------------------------------------------------------------------------
    def _advisor_box(self) -> QGroupBox:
        box = QGroupBox("Suggest assignment")
        self.advice_side = QComboBox()
        for side in SIDES:
            self.advice_side.addItem(f"for the {side}", side)
        self.suggest_button = QPushButton("Suggest assignment")
        self.suggest_button.clicked.connect(self.suggest)
        self.advice_list = QListWidget()
        self.advice_list.setMaximumHeight(130)
        self.advice_list.itemActivated.connect(lambda item: self.apply_suggestion(
            self.advice_list.row(item)))
        self.apply_button = QPushButton("Apply")
        self.apply_button.setToolTip("Use the selected assignment (undo with Ctrl+Z)")
        self.apply_button.clicked.connect(lambda: self.apply_suggestion(
            self.advice_list.currentRow()))
        self.advice_status = QLabel("")
        self.advice_status.setWordWrap(True)
        self.suggestions: list[tuple[str, SideSetup, Any]] = []
        self.advisor_computer = Computer(self, delay_ms=0)
        self.advisor_computer.result.connect(self._show_suggestions)
        self.advisor_computer.error.connect(
            lambda m: self.advice_status.setText(f"<span style='color:{DEFENDER}'>&#9888; {m}"
                                                 "</span>"))
        self.advisor_computer.busy.connect(
            lambda b: b and self.advice_status.setText("searching for good assignments…"))
        available = _advisor() is not None
        self.suggest_button.setEnabled(available)
        if not available:
            self.advice_status.setText("The assignment advisor is not part of this version yet.")
        row = QHBoxLayout()
        row.addWidget(self.suggest_button)
        row.addWidget(self.advice_side)
        row.addStretch(1)
        row.addWidget(self.apply_button)
        layout = QVBoxLayout(box)
        layout.addLayout(row)
        layout.addWidget(self.advice_list)
        layout.addWidget(self.advice_status)
        self.apply_button.setEnabled(False)
        self.advice_list.currentRowChanged.connect(
            lambda r: self.apply_button.setEnabled(r >= 0))
        return box

    def suggest(self) -> None:
        """Ask the engine's advisor (in the background) for the best few assignments."""
        advisor = _advisor()
        if advisor is None:
            return
        try:
            setup = self._setup()
        except CombatAssistError as exc:
            self.advice_status.setText(str(exc))
            return
        side = self.advice_side.currentData()
        self._clear_suggestions()
        self.advisor_computer.request(
            lambda cancel: (side, advisor.advise(setup, side, top=SUGGESTIONS,
                                                 time_budget=ADVISOR_SECONDS, cancel=cancel)),
            immediate=True)

    def _show_suggestions(self, answer) -> None:
        side, advice = answer
        self._clear_suggestions()
        for item in advice.suggestions:
            text = f"{side} wins {pct(item.win)} — {item.describe() or 'all idle'}"
            entry = QListWidgetItem(text, self.advice_list)
            entry.setToolTip(f"{text}\nexpected losses: own {item.expected_own_losses:.2f}, "
                             f"enemy {item.expected_enemy_losses:.2f}")
            self.suggestions.append((side, item.side, item))
        how = (f"every one of the {advice.space} assignments compared" if advice.exhaustive
               else f"{advice.evaluated} of {advice.space} assignments compared (local search"
                    + (", time budget used up)" if advice.stopped_by_budget else ")"))
        if not self.suggestions:
            self.advice_status.setText(f"no assignment found ({how})")
        else:
            self.advice_status.setText(f"Best {len(self.suggestions)} for the {side}: {how}. "
                                       "Double-click (or Enter) to apply; Ctrl+Z undoes it.")
            self.advice_list.setCurrentRow(0)

    def _clear_suggestions(self) -> None:
        self.suggestions = []
        self.advice_list.clear()

    def apply_suggestion(self, row: int) -> None:
        """Put a suggested assignment on the board (one undoable step)."""
        if not 0 <= row < len(self.suggestions):
            return
        side, side_setup, _ = self.suggestions[row]
        self.board.replace_side(side, side_setup, f"apply the suggested {side} assignment")

    # -- table side -----------------------------------------------------------------------------
    def supports_table_side(self) -> bool:
        return True

    def table_rules(self) -> BattleRules | None:
        make_rules = getattr(mediumluck, "make_rules", None)
        setup = self._setup()
        return make_rules(setup) if make_rules is not None else MediumLuckRules(setup)

    def format_choice(self, choice: Any) -> str:
        return format_casualties(choice)

    def parse_choice(self, text: str, proposal: Any) -> Any:
        return parse_casualties(text, proposal)

    def shutdown(self) -> None:
        self.advisor_computer.cancel()
        self.advisor_computer.wait(5000)
        super().shutdown()
