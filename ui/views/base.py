"""The base class of every ruleset view.

A view is: a form that edits its scenario (left), and on the right the live results (fed by
``ui.compute.Computer``), any extra panels, and for battle rulesets the table-side panel.
Subclasses implement four things:

- ``default_scenario()`` -> Scenario: what a new view shows;
- ``build_form()`` -> QWidget: the editing widgets; call ``self.edited()`` on every user edit;
- ``scenario()`` -> Scenario: read the form (on the GUI thread);
- ``load_scenario(scenario)``: fill the form (``set_scenario`` wraps it so no "changed" fires).

Optional hooks: ``compute_job()`` (default: the ruleset module's ``compute`` on the scenario's
body), ``show_result(result)``, ``extra_tabs()``, ``table_rules()`` (None: no table-side mode),
``format_choice`` / ``parse_choice`` for the table-side casualty text.
"""
from __future__ import annotations

import html
from pathlib import Path
from typing import Any

import pyqtgraph as pg
from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtWidgets import (QLabel, QScrollArea, QSplitter, QTabWidget, QVBoxLayout,
                               QWidget)

from combatassist import rulesets
from combatassist.ruleset import compute
from combatassist.battle import BattleRules
from combatassist.errors import CombatAssistError, ScenarioError
from combatassist.scenario import Scenario, parse_scenario_text
from combatassist.table import AUTOSAVE_NAME, format_choice, parse_choice

from .. import wheel_guard
from ..compute import Computer, Job
from ..results import ACCENT, ResultsPanel


class _FillLayout(QVBoxLayout):
    """A column that fills whatever height its scroll area gives it, down to its minimum.

    Word-wrapped labels make a layout "height for width", and QScrollArea then sizes the page
    to its preferred height, which scrolled the plots' axes out of sight in a normal window.
    """

    def hasHeightForWidth(self) -> bool:  # noqa: N802 (Qt name)
        return False


#: The narrowest the set-up pane and the results side get: below these the set-up scrolls
#: (sideways too), but the odds stay readable and the window can't be made smaller.
FORM_MIN_WIDTH = 340
RESULTS_MIN_WIDTH = 480


class RulesetView(QWidget):
    """One ruleset's page in the main window; keeps its own scenario."""

    #: registry name (combatassist.rulesets) and the title shown on its tab
    ruleset: str = ""
    title: str = ""
    #: what the losses plot counts ("units", "steps")
    loss_unit: str = "units"
    #: emitted on every user edit (not when a scenario is loaded)
    changed = Signal()

    def __init__(self, parent: QWidget | None = None, *, autosave_dir: Path | None = None):
        super().__init__(parent)
        wheel_guard.install()      # the wheel scrolls this form; it edits only a picked field
        self._loading = False
        self.autosave_dir = Path(autosave_dir) if autosave_dir else None
        self.computer = Computer(self)
        self.results = ResultsPanel(loss_unit=self.loss_unit)
        self.computer.busy.connect(self.results.set_busy)
        self.results.cancel_requested.connect(self.computer.cancel)
        self.computer.result.connect(self.show_result)
        self.computer.error.connect(self.show_error)
        self.last_result: Any = None
        self.last_error: str | None = None

        self.form = self.build_form()
        scroll = QScrollArea()
        scroll.setWidget(self.form)
        scroll.setWidgetResizable(True)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        scroll.setMinimumWidth(FORM_MIN_WIDTH)
        self.form_scroll = scroll

        self.tabs = QTabWidget()
        odds = QWidget()
        odds_layout = _FillLayout(odds)
        for widget in self.above_results():
            odds_layout.addWidget(widget)
        odds_layout.addWidget(self.results, 1)
        self.odds_page = odds
        # in a small window the plots keep a readable height and the page scrolls instead
        odds_scroll = QScrollArea()
        odds_scroll.setWidget(odds)
        odds_scroll.setWidgetResizable(True)
        odds_scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        self.odds_scroll = odds_scroll
        self.tabs.addTab(odds_scroll, "Odds")
        for title, widget in self.extra_tabs():
            self.tabs.addTab(widget, title)
        self.table_panel = None
        if self.supports_table_side():
            from ..table_side import TableSidePanel

            folder = self.autosave_dir or Path(".")
            self.table_panel = TableSidePanel(self._table_setup,
                                              folder / f"{self.ruleset}-{AUTOSAVE_NAME}",
                                              format_choice=self.format_choice,
                                              parse_choice=self.parse_choice)
            self.table_panel.running_changed.connect(self._on_table_running)
            self.table_panel.resumed.connect(self._show_battle_setup)
            self.table_panel.position_changed.connect(self._show_battle_position)
            self.tabs.addTab(self.table_panel, "At the table")

        # a small window squeezes the set-up pane, never the odds below their readable width
        self.tabs.setMinimumWidth(RESULTS_MIN_WIDTH)
        # during a table battle the frozen set-up shows the battle's start: this banner over
        # it says where the battle stands now
        self.battle_banner = QLabel("")
        self.battle_banner.setObjectName("battleBanner")
        self.battle_banner.setWordWrap(True)
        self.battle_banner.setStyleSheet(
            f"QLabel#battleBanner {{ background: #FFF6D5; border: 1px solid {ACCENT}; "
            "border-radius: 3px; padding: 4px; }")
        self.battle_banner.setVisible(False)
        left = QWidget()
        left_layout = QVBoxLayout(left)
        left_layout.setContentsMargins(0, 0, 0, 0)
        left_layout.addWidget(self.battle_banner)
        left_layout.addWidget(scroll, 1)
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.setChildrenCollapsible(False)
        splitter.addWidget(left)
        splitter.addWidget(self.tabs)
        self.splitter = splitter
        splitter.setStretchFactor(0, 0)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([380, 820])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(splitter)
        # once the subclass's __init__ has added its own plots too
        QTimer.singleShot(0, self, self._skip_dead_tab_stops)
        # the set-up pane as wide as its form needs (the AGC terrain tiles, the Medium Luck
        # board), again whenever the form grows ("Mountainous" widens a column)
        self.form.installEventFilter(self)
        self.splitter.installEventFilter(self)
        self.set_scenario(self.default_scenario())

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt name)
        if ((watched is self.form and event.type() == QEvent.Type.LayoutRequest) or
                (watched is self.splitter and event.type() == QEvent.Type.Resize)):
            QTimer.singleShot(0, self, self.fit_form_pane)
        return super().eventFilter(watched, event)

    def fit_form_pane(self) -> None:
        """Widen the set-up pane to its form's preferred width (nothing cut off), as far
        as the results side keeps its own minimum; never narrows what the player chose."""
        sizes = self.splitter.sizes()
        if len(sizes) != 2 or sum(sizes) <= 0:
            return
        bar = self.form_scroll.verticalScrollBar().sizeHint().width()
        need = self.form.sizeHint().width() + bar + 2      # its fields at their full width
        odds = self.odds_page.minimumSizeHint().width() + bar + 8   # the odds, whole
        room = sum(sizes) - max(RESULTS_MIN_WIDTH, odds)
        want = min(need, room)
        if want > sizes[0]:
            self.splitter.setSizes([want, sum(sizes) - want])

    def _skip_dead_tab_stops(self) -> None:
        # Plots take no keyboard input (zoom and pan are off) and the form's scroll area
        # follows the focused field by itself: as Tab stops they only cost key presses.
        self.form_scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.odds_scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        for plot in self.findChildren(pg.GraphicsView):
            plot.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            plot.viewport().setFocusPolicy(Qt.FocusPolicy.NoFocus)

    # -- to implement -------------------------------------------------------------------
    def default_scenario(self) -> Scenario:
        raise NotImplementedError

    def build_form(self) -> QWidget:
        raise NotImplementedError

    def scenario(self) -> Scenario:
        raise NotImplementedError

    def load_scenario(self, scenario: Scenario) -> None:
        raise NotImplementedError

    # -- optional hooks -----------------------------------------------------------------------
    def compute_job(self) -> Job:
        """The background job for the current scenario (built on the GUI thread)."""
        ruleset = rulesets.get(self.ruleset)
        body = self.validated_scenario().body
        return lambda cancel: compute(ruleset, body, cancel=cancel)

    def validated_scenario(self) -> Scenario:
        """The form's scenario after the same checks as a file (limits, combinations).

        Raises ScenarioError with the file format's field names, e.g. 'attacker.units'.
        """
        try:
            return parse_scenario_text(self.scenario().to_toml())
        except ScenarioError as exc:
            # the form has no lines: "line 12" would point into a text the player never sees
            raise ScenarioError(exc.message, field=exc.field, hint=exc.hint) from None

    def show_result(self, result: Any) -> None:
        self.last_result = result
        self.last_error = None
        if hasattr(self.results, "scenario"):
            self.results.scenario = getattr(self, "_requested_scenario", None)
        self.results.show_result(result)

    def show_error(self, message: str) -> None:
        self.last_error = message
        self.results.show_error(message)

    def above_results(self) -> list[QWidget]:
        """Widgets shown above the results panel on the Odds tab."""
        return []

    def extra_tabs(self) -> list[tuple[str, QWidget]]:
        """More tabs beside Odds (e.g. Low Luck's bombing raids and research)."""
        return []

    def supports_table_side(self) -> bool:
        return False

    def table_rules(self) -> BattleRules | None:
        """The battle rules of the current scenario, for table-side mode."""
        return rulesets.get(self.ruleset).make_rules(self.scenario().body)

    def format_choice(self, choice: Any) -> str:
        return format_choice(choice)

    def parse_choice(self, text: str, proposal: Any) -> Any:
        return parse_choice(text, proposal)

    # -- shared behaviour -------------------------------------------------------------------
    def set_scenario(self, scenario: Scenario) -> None:
        """Show ``scenario`` (no ``changed`` signal) and recompute.

        A new set-up (New, Open, a resumed battle) unpins any baseline: the deltas would
        compare against a different battle ("-95.45 pts" against an unrelated file)."""
        self.results.pin_baseline(False)
        self._loading = True
        try:
            self.load_scenario(scenario)
        finally:
            self._loading = False
        self.recompute()

    def edited(self, *_args: Any) -> None:
        """Call on every user edit: marks the view changed and recomputes (debounced)."""
        if self._loading:
            return
        self.changed.emit()
        self.recompute()

    def recompute(self, immediate: bool = False) -> None:
        try:
            job = self.compute_job()
        except CombatAssistError as exc:   # e.g. more units than the engine answers in time
            self.computer.cancel()
            self.show_error(str(exc))
            return
        # what the coming result is for (exports and "Copy results" name it); the computer
        # only ever delivers the newest request's result
        self._requested_scenario = self._scenario_snapshot()
        self.computer.request(job, immediate=immediate)

    def _scenario_snapshot(self) -> Scenario | None:
        try:
            return self.scenario()
        except CombatAssistError:
            return None

    def open_table(self) -> None:
        """Battle > Fight at the table: start the table-side battle (or, for rulesets with a
        table tab of their own, such as one-shot resolutions, show that tab)."""
        if self.table_panel is not None:
            if self.table_panel.battle is None:
                self.table_panel.start()
            self.tabs.setCurrentWidget(self.table_panel)
            return
        for index in range(self.tabs.count()):
            if self.tabs.tabText(index).replace("&", "") == "At the table":
                self.tabs.setCurrentIndex(index)
                return

    def _table_setup(self) -> tuple[BattleRules, str, str]:
        scenario = self.scenario()
        return self.table_rules(), self.ruleset, scenario.to_toml()

    def _show_battle_setup(self, scenario_text: str) -> None:
        # A resumed battle brings back its own set-up: the frozen form must show what is
        # being fought, not whatever the view held when the app started.
        try:
            scenario = parse_scenario_text(scenario_text)
        except CombatAssistError:
            return          # the battle itself replayed from this text, so this can't happen
        if scenario.ruleset == self.ruleset:
            self.set_scenario(scenario)

    def _show_battle_position(self) -> None:
        battle = self.table_panel.battle if self.table_panel is not None else None
        self.battle_banner.setVisible(battle is not None)
        if battle is None:
            self.battle_banner.setText("")
            return
        if battle.is_over():
            where = f"<b>At the table: the battle is over</b> after {len(battle.rounds)} round(s)"
        else:
            where = (f"<b>At the table: round {battle.round_number}</b> "
                     f"({battle.current_phase().name})")
        self.battle_banner.setText(
            f"{where}. Now: {html.escape(battle.describe())}<br><span style='color:#555'>The "
            "set-up below is the battle's start, frozen until the battle is closed.</span>")

    def _on_table_running(self, running: bool) -> None:
        # "Fight this battle" freezes the set-up until the battle is closed.
        self.form.setEnabled(not running)
        if running:
            self.tabs.setCurrentWidget(self.table_panel)

    def shutdown(self) -> None:
        """Stop background work (the window is closing)."""
        self.computer.cancel()
        if self.table_panel is not None:
            self.table_panel.computer.cancel()
            self.table_panel.computer.wait(5000)
        self.computer.wait(5000)


class PlaceholderView(QWidget):
    """A ruleset whose view has not landed yet: says so clearly."""

    def __init__(self, ruleset: str, title: str, parent: QWidget | None = None):
        super().__init__(parent)
        self.ruleset = ruleset
        self.title = title
        label = QLabel(f"<h2>{title}</h2><p>This ruleset's view is coming in a later version."
                       f"</p><p>Meanwhile, its scenario files can be computed on the command "
                       f"line (when its engine is available):<br><code>combatassist odds "
                       f"FILE.toml</code></p><p>See Help → Rules for a summary of "
                       f"{title}.</p>")
        label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        label.setWordWrap(True)
        label.setTextFormat(Qt.TextFormat.RichText)
        layout = QVBoxLayout(self)
        layout.addWidget(label)
