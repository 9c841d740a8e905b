"""The base classes of every ruleset view: ``RulesetView`` and its two shapes.

A view is a form that edits its scenario (left) and, on the right, the live results, any
extra panels and the table-side panel. ``BattleView`` is for rulesets fought in rounds (the
battle results panel, the table side); ``ResolutionView`` for one resolution (AGC, DS2: no
round plot or round figures, or a results panel of the view's own).

**Build first, compute after.** ``RulesetView.__init__`` calls the build hooks, then
``finish_build()``, then loads the default scenario, and only then starts computing; a view
never overrides ``__init__`` (a class that does is refused), so no hook runs before the
widgets it needs exist.

Every background computation belongs to the view's ``jobs`` (a ``JobGroup``): make computers
with ``self.jobs.computer()``, and ``shutdown()`` stops them all.

Subclasses implement: ``build_form()`` (call ``self.edited()`` on every user edit),
``scenario()`` (read the form) and ``load_scenario(scenario)`` (fill it). Optional hooks:
``default_scenario()``, ``build_results()``, ``above_results()``, ``below_results()``,
``detail_pages()``,
``extra_tabs()``, ``finish_build()``, ``start_panels()``, ``compute_job()``, ``show_result()``, ``table_rules()``,
``format_choice`` / ``parse_choice`` (table-side casualty text).

Over 400 lines for a reason: the three bases (``RulesetView``, ``BattleView``,
``ResolutionView``) are one contract read together; splitting them would scatter it.
"""
from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtWidgets import (QLabel, QScrollArea, QSplitter, QTabWidget, QVBoxLayout,
                               QWidget)

from combatassist import rulesets
from combatassist.autosave import AutosaveSlot
from combatassist.battle import BattleRules
from combatassist.errors import CombatAssistError, ScenarioError
from combatassist.ruleset import compute
from combatassist.scenario import Scenario, parse_scenario_text
from combatassist.table import AUTOSAVE_NAME

from .. import wheel_guard
from ..compute import Job, JobGroup
from ..engine_text import render, scenario_error_text
from ..result_style import ACCENT
from ..results import ResultsPanel
from ..i18n import translate


class _FillLayout(QVBoxLayout):
    """A column that fills whatever height its scroll area gives it, down to its minimum.

    Word-wrapped labels make a layout "height for width", and QScrollArea then sizes the page
    to its preferred height, which scrolled the plots' axes out of sight in a normal window.
    """

    def hasHeightForWidth(self) -> bool:  # noqa: N802 (Qt name)
        return False


def _scrolled(widget: QWidget, min_width: int = 0) -> QScrollArea:
    scroll = QScrollArea()
    scroll.setWidget(widget)
    scroll.setWidgetResizable(True)
    scroll.setFrameShape(QScrollArea.Shape.NoFrame)
    if min_width:
        scroll.setMinimumWidth(min_width)
    return scroll


#: The narrowest the set-up pane and the results side get: below these the set-up scrolls
#: (sideways too), but the odds stay readable and the window can't be made smaller.
FORM_MIN_WIDTH = 340
RESULTS_MIN_WIDTH = 480


class RulesetView(QWidget):
    """One ruleset's page in the main window; keeps its own scenario."""

    #: the ruleset's name (``combatassist.rulesets``), its tab title, and the tab's position
    ruleset: str = ""
    title: str = ""
    order: int = 100
    #: what the losses plot counts ("units", "steps")
    loss_unit: str = "units"
    #: the form column's starting width (the results take the rest)
    form_width: int = 380
    #: whether the view has the "At the table" panel (``table_rules`` gives its rules; the
    #: sides that may retreat there are the ruleset's rule), and how to write the casualties
    has_table_side: bool = False
    choice_help: str = ""
    #: emitted on every user edit (not when a scenario is loaded)
    changed = Signal()
    #: one line for the window's status bar (e.g. what a change of edition dropped)
    notice = Signal(str)

    @classmethod
    def data_names(cls) -> set[str]:
        """The names from the ruleset's data this view shows through ``i18n.data_name``
        beyond its display labels (``Ruleset.labels``, always included): translated in
        ``translations/data_<lang>.ts`` (``data_names.names_by_context``). Default: none."""
        return set()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "__init__" in cls.__dict__:
            raise TypeError(f"{cls.__name__}: a view builds in its hooks (build_form, "
                            "extra_tabs, finish_build, ...), never in __init__, so that "
                            "computing starts only once everything is built")

    def __init__(self, parent: QWidget | None = None, *, autosave_dir: Path | None = None):
        super().__init__(parent)
        wheel_guard.install()      # the wheel scrolls this form; it edits only a picked field
        self._loading = False
        self.autosave_dir = Path(autosave_dir) if autosave_dir else None
        self.last_result: Any = None
        self.last_error: str | None = None
        self.jobs = JobGroup(self)
        self.computer = self.jobs.computer()

        # -- build --
        self.results = self.build_results()
        self.form = self.build_form()
        self.form_scroll = _scrolled(self.form, FORM_MIN_WIDTH)
        self.tabs = QTabWidget()
        odds = QWidget()
        odds_layout = _FillLayout(odds)
        for widget in self.above_results():
            odds_layout.addWidget(widget)
        odds_layout.addWidget(self.results, 1)
        for widget, stretch in self.below_results():
            odds_layout.addWidget(widget, stretch)
        add_page = getattr(self.results, "add_details_page", None)
        for title, page in self.detail_pages():
            if add_page is not None:
                add_page(title, page)
            else:
                odds_layout.addWidget(page, 1)
        self.odds_page = odds
        # in a small window the plots keep a readable height and the page scrolls instead
        self.odds_scroll = _scrolled(odds)
        self.tabs.addTab(self.odds_scroll, translate("views.base", "Odds"))
        for title, widget in self.extra_tabs():
            self.tabs.addTab(widget, title)
        self.table_panel = self._build_table_panel() if self.has_table_side else None
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
        left_layout.addWidget(self.form_scroll, 1)
        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.setChildrenCollapsible(False)
        self.splitter.addWidget(left)
        self.splitter.addWidget(self.tabs)
        self.splitter.setStretchFactor(0, 0)
        self.splitter.setStretchFactor(1, 1)
        self.splitter.setSizes([self.form_width, 1200 - self.form_width])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.splitter)
        self.computer.busy.connect(self.results.set_busy)
        stop = getattr(self.results, "cancel_requested", None)   # the panel's Stop (Esc)
        if stop is not None:
            stop.connect(self.computer.cancel)
        self.computer.result.connect(self.show_result)
        self.computer.error.connect(self.show_error)
        self.finish_build()
        QTimer.singleShot(0, self, self._skip_dead_tab_stops)
        # the set-up pane as wide as its form needs (the AGC terrain tiles, the Medium Luck
        # board), again whenever the form grows ("Mountainous" widens a column)
        self.form.installEventFilter(self)
        self.splitter.installEventFilter(self)

        # -- then compute --
        self.set_scenario(self.default_scenario())
        self.start_panels()

    @classmethod
    def autosave_slot(cls, folder: Path | None) -> Path:
        """Where this view's table-side battles are saved in ``folder`` (each battle a file
        of its own beside this path, ``combatassist.autosave``)."""
        return (folder or Path(".")) / f"{cls.ruleset}-{AUTOSAVE_NAME}"

    @classmethod
    def saved_battle_waits(cls, folder: Path | None) -> bool:
        """Whether a saved battle no running instance owns waits in this view's slot, found
        without building the view (stale temp files of a killed write are removed)."""
        if not cls.has_table_side:
            return False
        slot = AutosaveSlot(cls.autosave_slot(folder))
        slot.remove_stale_temps()
        return bool(slot.unowned())

    def _build_table_panel(self):
        from ..table_side import TableSidePanel

        panel = TableSidePanel(self._table_setup, self.autosave_slot(self.autosave_dir),
                               jobs=self.jobs, format_choice=self.format_choice,
                               parse_choice=self.parse_choice,
                               choice_help=translate(f"views.{self.ruleset}", self.choice_help)
                               if self.choice_help else "",
                               odds=self.table_odds)
        panel.running_changed.connect(self._on_table_running)
        panel.resumed.connect(self._show_battle_setup)
        panel.position_changed.connect(self._show_battle_position)
        self.tabs.addTab(panel, translate("views.base", "At the table"))
        return panel

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
        # The form's scroll area follows the focused field by itself: as Tab stops the
        # scroll areas only cost key presses (as plots would: ``LazyPlot`` makes them none).
        self.form_scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.odds_scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)

    # -- to implement -------------------------------------------------------------------
    def default_scenario(self) -> Scenario:
        """What a new view shows: the engine's default scenario of the ruleset."""
        return rulesets.get(self.ruleset).default_scenario()

    def build_form(self) -> QWidget:
        raise NotImplementedError

    def scenario(self) -> Scenario:
        raise NotImplementedError

    def load_scenario(self, scenario: Scenario) -> None:
        raise NotImplementedError

    # -- optional hooks (building) --------------------------------------------------------------
    def build_results(self) -> QWidget:
        """The results panel of the Odds tab (``show_result``, ``show_error``, ``set_busy``,
        ``result``, ``pin``, ``csv_rows``, ``export_csv``, ``export_png``)."""
        return ResultsPanel(loss_unit=self.loss_unit)

    def above_results(self) -> list[QWidget]:
        """Widgets shown above the results panel on the Odds tab."""
        return []

    def below_results(self) -> list[tuple[QWidget, int]]:
        """Widgets (and their stretch) shown under the results panel on the Odds tab."""
        return []

    def detail_pages(self) -> list[tuple[str, QWidget]]:
        """More pages of the results' details, beside the plots (a tab each, under the
        headline; e.g. Low Luck's low luck vs standard dice)."""
        return []

    def extra_tabs(self) -> list[tuple[str, QWidget]]:
        """More tabs beside Odds (e.g. Low Luck's bombing raids and research)."""
        return []

    def finish_build(self) -> None:
        """Last touches once every widget exists (before the first computation)."""

    def start_panels(self) -> None:
        """Start the panels that compute on their own (not from the scenario), once the view
        is built and its first computation requested."""

    # -- optional hooks (computing) -----------------------------------------------------------
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

    def table_rules(self) -> BattleRules | None:
        """The battle rules of the current scenario, for table-side mode."""
        return rulesets.get(self.ruleset).make_rules(self.scenario().body)

    #: the table side's odds from the current position (None: ``table.odds_from``)
    table_odds = None

    def format_choice(self, choice: Any) -> str:
        """A players' choice as the table's text: the ruleset's words (engine)."""
        return rulesets.get(self.ruleset).format_choice(choice)

    def parse_choice(self, text: str, proposal: Any) -> Any:
        """The players' text back into a choice: the ruleset's reading (engine), which may
        need the battle's rules (Medium Luck's slot names)."""
        battle = self.table_panel.battle if self.table_panel is not None else None
        return rulesets.get(self.ruleset).parse_choice(
            text, proposal, rules=battle.rules if battle is not None else None)

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
        title = getattr(self, "title_edit", None)       # a view may have no title field
        if title is not None:
            # setText leaves the cursor at the end: a long title would show its last words
            title.setCursorPosition(0)
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
            self.show_error(scenario_error_text(self.ruleset, exc)
                            if isinstance(exc, ScenarioError) else str(exc))
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
        """Battle > Fight at the table: start the table-side battle and show it."""
        if self.table_panel is None:
            return
        if self.table_panel.battle is None:
            self.table_panel.start()
        self.tabs.setCurrentWidget(self.table_panel)

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
            rounds = battle.rounds_played
            # Qt's %n leaves English plurals to a translation: English picks its own
            where = (translate("views.base", "<b>At the table: the battle is over</b> after "
                                             "1 round") if rounds == 1 else
                     translate("views.base", "<b>At the table: the battle is over</b> after %n "
                                             "rounds", "", rounds))
        else:
            where = translate("views.base", "<b>At the table: round {round}</b> ({phase})").format(
                round=battle.round_number,
                phase=html.escape(render(battle.current_phase().name)))
        self.battle_banner.setText(translate(
            "views.base", "{where}. Now: {position}<br><span style='color:#555'>The set-up below "
            "is the battle's start, frozen until the battle is closed.</span>").format(
                where=where, position=html.escape(render(battle.describe()))))

    def _on_table_running(self, running: bool) -> None:
        # "Fight this battle" freezes the set-up until the battle is closed.
        self.form.setEnabled(not running)
        if running:
            self.tabs.setCurrentWidget(self.table_panel)

    def shutdown(self) -> bool:
        """Stop every background job of the view (the window is closing); True when all
        workers stopped."""
        return self.jobs.shutdown()


class BattleView(RulesetView):
    """A ruleset fought in rounds: the battle results panel and the table side."""

    has_table_side = True


class ResolutionView(RulesetView):
    """A ruleset resolved in one go (AGC, DS2): no rounds to plot or count.

    The results panel leaves out the round plot and the round figures (undecided, expected
    rounds); a view whose answer is not a battle result gives its own ``build_results``. The
    table side is the same panel as a battle's: the ruleset's one-round rules.
    """

    has_table_side = True

    #: whether the shared panel's losses plot is shown (AGC draws its own plots instead)
    loss_plot: bool = True

    def build_results(self) -> QWidget:
        return ResultsPanel(loss_unit=self.loss_unit, rounds=False, loss_plot=self.loss_plot)
