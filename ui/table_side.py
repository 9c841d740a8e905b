"""The table-side panel: fight the set-up battle with the real dice (``combatassist.table``).

The panel is a thin face over ``TableBattle``: every rule, proposal and check lives in the
engine. Keyboard flow: type each group's dice (a row per hit value and the units rolling
them; "351" or "3 5 1", or with Count hits just the hits), Tab to the next, Enter; the
casualties show as chips (click) and as text (type), either way.

A ruleset with a between-rounds step (``TableBattle.between_rounds_options``) gets its view's
editor (``set_between_rounds_editor``) shown above the dice while the step is possible; a view
may add a detail widget (``set_detail_widget``) fed with the battle after every change (e.g.
AGC's units with their dice and modifiers).

Over 400 lines for a reason: the panel is one widget driving one state machine (building its
parts, each by a ``_build_*`` method; the keyboard flow; the refresh that shows the battle,
each part by a ``_show_*`` method); its saved-battle life cycle (``table_saves``) and its
parts (``widgets/table_parts``, ``dice_entry``, ``casualty_chips``) live beside it.
"""
from __future__ import annotations

import html
from collections.abc import Callable
from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, Qt, Signal
from PySide6.QtGui import QAction, QFont, QKeySequence, QShortcut
from PySide6.QtWidgets import (QApplication, QFormLayout, QGroupBox, QHBoxLayout, QLabel, QLineEdit,
                               QListWidget, QMessageBox, QPushButton, QScrollArea, QVBoxLayout,
                               QWidget)

from combatassist.autosave import AutosaveSlot, BattleLock
from combatassist.errors import CombatAssistError
from combatassist.table import (SavedHeader, TableBattle, branch_of, format_choice,
                                luck_lines, parse_choice, retreat_branch, roll_luck,
                                parse_dice)

from .compute import JobGroup
from .engine_text import error_text, render
from .table_saves import VERDICTS, SavedBattles, verdict_text  # noqa: F401
from combatassist.text import split_lines

from .widgets.casualty_chips import CasualtyChips, chips_apply
from .widgets.dice_entry import DiceEntry
from .widgets.flow_layout import FlowLayout
from .widgets.table_parts import (OddsJob, SetupProvider, branches_text, describe_dice,  # noqa: F401
                                  CappedLines, fixed_lines, odds_text,
                                  odds_from_position)
from .result_style import DEFENDER
from .widgets.outcome_bar import OutcomeBar
from .i18n import QT_TRANSLATE_NOOP, mark_engine_text, translate

#: what ending the battle means, asked before it happens (Undo takes it back too)
END_QUESTIONS = {
    "retreat": (QT_TRANSLATE_NOOP("table_side", "{Side} retreats"),
                QT_TRANSLATE_NOOP("table_side", "{Side} retreats: the battle ends here and the "
                                  "other side wins. Undo takes it back. Retreat now?")),
    "withdraw": (QT_TRANSLATE_NOOP("table_side", "{Side} retreats"),
                 QT_TRANSLATE_NOOP("table_side", "{Side} retreats: its units landed from the "
                                   "sea can't leave and fight on to the end; the others leave "
                                   "the battle. Undo takes it back. Retreat now?")),
    "end": (QT_TRANSLATE_NOOP("table_side", "End battle"),
            QT_TRANSLATE_NOOP("table_side", "End the battle here, as it stands? Undo takes it "
                              "back. End now?")),
}
#: the sides as the table's texts name them
SIDES = {"attacker": QT_TRANSLATE_NOOP("table_side", "attacker"),
         "defender": QT_TRANSLATE_NOOP("table_side", "defender")}
#: the same, starting a sentence
SIDES_CAPITALIZED = {"attacker": QT_TRANSLATE_NOOP("table_side", "Attacker"),
                     "defender": QT_TRANSLATE_NOOP("table_side", "Defender")}


class _Log(QListWidget):
    """The battle log: asks for no more than its few minimum lines (it takes the room left
    at the bottom, stretched), so the battle above it fits a laptop's screen unscrolled."""

    def sizeHint(self):  # noqa: N802 (Qt name)
        hint = super().sizeHint()
        hint.setHeight(self.minimumHeight())
        return hint


class TableSidePanel(SavedBattles, QWidget):
    """Start, play, undo, end and resume one table-side battle for a view."""

    #: True while a battle is in progress (the view freezes its form).
    running_changed = Signal(bool)
    #: a battle was resumed from its autosave: its scenario TOML (the view shows that set-up)
    resumed = Signal(str)
    #: the battle's position changed (a step, undo, redo, start, resume, close)
    position_changed = Signal()

    def __init__(self, setup: SetupProvider, autosave_path: Path, parent: QWidget | None = None,
                 *, jobs: JobGroup | None = None,
                 format_choice: Callable[[Any], str] = format_choice,
                 parse_choice: Callable[[str, Any], Any] = parse_choice,
                 choice_help: str = "", odds: OddsJob | None = None):
        """``jobs``: the view's job group, which owns the odds computation (default: the
        panel's own); ``choice_help``: how to write the casualties (the casualty entry's tooltip);
        ``odds``: the odds from the current position (default: ``table.odds_from``)."""
        super().__init__(parent)
        self.setup = setup
        #: where this view's battles are saved: each battle its own file beside this path
        #: (``combatassist.autosave``), owned by one running instance at a time
        self.slot = AutosaveSlot(autosave_path)
        self._lock: BattleLock | None = None          # the battle on screen (or offered)
        self._offered: SavedHeader | None = None      # claimed at start-up, not yet resumed
        self._last_path: Path | None = None
        #: one sentence per saved battle that couldn't be resumed (set aside, kept)
        self.set_aside_notices: list[str] = []
        self.format_choice = format_choice
        self.parse_choice = parse_choice
        self.odds = odds or odds_from_position
        self.battle: TableBattle | None = None
        #: the view's between-rounds editor (see ``set_between_rounds_editor``), if any
        self.between_editor: QWidget | None = None
        #: the view's detail widget (see ``set_detail_widget``), if any
        self.detail: QWidget | None = None
        self._syncing = False          # the dice rows and the one-line entry being matched
        self._proposal: Any = None     # the casualties proposed for the dice entered
        self._build_odds_job(jobs)
        self._build_start()
        self._build_heading()
        entry = self._build_entry(choice_help)
        buttons = self._build_buttons()
        self._build_log()
        self._build_layout(entry, buttons)
        self._build_shortcuts()
        self._refresh()

    # -- the parts, built once -------------------------------------------------------------
    def _build_odds_job(self, jobs: JobGroup | None) -> None:
        """The background computation of the odds from the position on show."""
        self.jobs = jobs if jobs is not None else JobGroup(self)
        self.computer = self.jobs.computer()
        self.computer.result.connect(self._show_odds)
        self.computer.error.connect(lambda m: self.odds_label.setText(
            translate("table_side", "Odds: {message}").format(message=m)))
        self.computer.busy.connect(lambda b: b and self.odds_label.setText(
            translate("table_side", "Odds: computing…")))

    def _build_start(self) -> None:
        """What shows without a battle: the intro, Fight this battle, start-up notices."""
        self.intro = QLabel(translate("table_side", "Fight the battle set up on the left with your real dice: enter "
                            "what you rolled (or press Roll), check the proposed casualties, "
                            "press Enter. The battle is saved after every step."))
        self.intro.setWordWrap(True)
        self.start_button = QPushButton(translate("table_side", "Fight this battle"))
        self.start_button.setToolTip(translate("table_side", "Freeze the set-up and start resolving it at the table"))
        self.start_button.clicked.connect(self.start)
        self.notice = QLabel("")           # start/resume problems (no battle on screen)
        self.notice.setWordWrap(True)

    def _build_heading(self) -> None:
        """The heading (round and phase, or the result), the position, the last roll's luck,
        the odds from here and the choice between pressing on and retreating."""
        self.heading = QLabel("")
        font = QFont(self.heading.font())
        font.setPointSizeF(font.pointSizeF() * 1.25)
        font.setBold(True)
        self.heading.setFont(font)
        self.heading.setWordWrap(True)        # "Battle over after …: …" is long in German
        self.summary_label = QLabel("")       # the finished battle: result, IPC, luck
        self.summary_label.setWordWrap(True)
        self.state_label = QLabel("")
        self.state_label.setWordWrap(True)
        self.luck_label = QLabel("")          # where the last roll's hits fall
        self.luck_label.setWordWrap(True)
        self.odds_bar = OutcomeBar()
        self.odds_label = QLabel("")
        self.odds_label.setWordWrap(True)
        self.branches_label = QLabel("")      # press on or retreat now, side by side
        self.branches_label.setWordWrap(True)

    def _build_entry(self, choice_help: str) -> QGroupBox:
        """"This phase": the dice rows (and the one-line entry), Roll, the result, the
        casualties as chips and as text, Apply."""
        self.dice_entry = DiceEntry()
        self.dice_entry.changed.connect(self._rows_changed)
        self.dice_entry.submitted.connect(self.apply)
        self.dice_label = QLabel("")          # no dice this phase / the battle is over
        self.dice_label.setWordWrap(True)
        self.dice_edit = QLineEdit()
        self.dice_edit.setPlaceholderText(translate("table_side", "or all dice in one line"))
        self.dice_edit.setToolTip(translate("table_side", "Every die of the phase in one line, in the order the rules list them"))
        self.dice_edit.textChanged.connect(self._line_changed)
        self.dice_edit.returnPressed.connect(self.apply)
        self.roll_button = QPushButton(translate("table_side", "Roll"))
        self.roll_button.setToolTip(translate("table_side", "Roll the dice for this phase here (Ctrl+R)"))
        self.roll_button.clicked.connect(self.roll)
        self.explain_label = QLabel("")
        self.explain_label.setWordWrap(True)
        self.chips = CasualtyChips()
        self.chips.changed.connect(self._chips_changed)
        self.choice_edit = QLineEdit()
        self.choice_edit.setPlaceholderText(translate("table_side", "empty: accept the proposal"))
        if choice_help:
            self.choice_edit.setToolTip(choice_help)
        self.choice_edit.returnPressed.connect(self.apply)
        self.choice_edit.textEdited.connect(self._choice_typed)
        # the casualties stay in the words the engine reads back (input, not a display)
        mark_engine_text(self.choice_edit)
        self.apply_button = QPushButton(translate("table_side", "Apply"))
        self.apply_button.setToolTip(translate("table_side", "Play this phase with these dice and casualties (Enter)"))
        self.apply_button.setDefault(True)
        self.apply_button.clicked.connect(self.apply)
        self.message = QLabel("")
        self.message.setWordWrap(True)

        # untitled: the heading above it says which phase (a title would cost a line)
        self.entry_box = QGroupBox()
        box = QVBoxLayout(self.entry_box)
        box.setSpacing(4)
        box.setContentsMargins(8, 6, 8, 6)
        # Roll and Apply first, in one place: the rows under them change with every phase
        # (a row per group of dice, chips per unit), so nothing above Apply may
        actions = QHBoxLayout()
        actions.addWidget(self.roll_button)
        actions.addWidget(self.apply_button)
        actions.addWidget(self.dice_entry.count_hits)
        actions.addWidget(self.dice_edit, 1)        # or every die in one line
        box.addLayout(actions)
        # no label column: each row says what it is (the sides' dice rows, the result, who
        # loses what), and the width goes to the rows and the chips
        box.addWidget(self.dice_entry)
        box.addWidget(self.dice_label)
        self.explain_box = CappedLines(self.explain_label, 6)
        box.addWidget(self.explain_box)
        box.addWidget(self.chips)
        box.addWidget(self.choice_edit)
        box.addWidget(self.message)
        return self.entry_box

    def _build_buttons(self) -> FlowLayout:
        """The attack's next battle (once this one is over), Undo, Redo, a retreat per side
        the ruleset lets retreat, End battle, Close."""
        # "Fight wave 2" / "Fight the counter-attack": shown only when the battle is over and
        # the attack goes on (``TableBattle.next_battle``); it has the focus then
        self.next_button = QPushButton("")
        self.next_button.setObjectName("fightNext")
        self.next_button.setAutoDefault(True)
        self.next_button.clicked.connect(self.fight_next)
        self.next_button.setVisible(False)
        self.undo_button = QPushButton(translate("table_side", "Undo"))
        self.undo_button.setToolTip(translate("table_side", "Take back the last step (Ctrl+Z)"))
        self.undo_button.clicked.connect(self.undo)
        self.redo_button = QPushButton(translate("table_side", "Redo"))
        self.redo_button.setToolTip(translate("table_side", "Play the undone step again (Ctrl+Shift+Z)"))
        self.redo_button.clicked.connect(self.redo)
        # one "retreats" button per side; a battle shows those of the sides its ruleset lets
        # retreat (a rule: ``TableBattle.retreat_sides``, from ``Ruleset.retreat_sides``)
        self.retreat_buttons: dict[str, QPushButton] = {}
        for side in ("attacker", "defender"):
            button = QPushButton(translate("table_side", "{Side} retreats").format(
                Side=translate("table_side", SIDES_CAPITALIZED[side])))
            button.setToolTip(self._retreat_tip(side))
            button.clicked.connect(lambda _c=False, s=side: self.end("retreat", s))
            self.retreat_buttons[side] = button
        self.retreat_button = self.retreat_buttons["attacker"]
        self.end_button = QPushButton(translate("table_side", "End battle"))
        self.end_button.clicked.connect(lambda: self.end("end", "attacker"))
        self.close_button = QPushButton(translate("table_side", "Close battle"))
        self.close_button.setToolTip(translate("table_side", "Leave table-side mode and unfreeze the set-up"))
        self.close_button.clicked.connect(self.close_battle)
        # the buttons wrap onto a second line where the pane is narrow (German, a laptop)
        # instead of pushing Close battle out of sight
        buttons = FlowLayout()
        for b in (self.next_button, self.undo_button, self.redo_button,
                  *self.retreat_buttons.values(), self.end_button):
            buttons.addWidget(b)
        buttons.add_trailing(self.close_button)
        return buttons

    @staticmethod
    def _retreat_tip(side: str) -> str:
        other = "defender" if side == "attacker" else "attacker"
        return translate(
            "table_side", "The {side} breaks off before this round: the {other} wins").format(
                side=translate("table_side", SIDES[side]),
                other=translate("table_side", SIDES[other]))

    def _build_log(self) -> None:
        self.log = _Log()
        self.log.setWordWrap(True)
        self.log.setAlternatingRowColors(True)
        # an entry can be taller than the log (AGC's totals): scroll by pixels, a few lines
        # a step, so its last lines can be reached (item by item, they never could)
        self.log.setVerticalScrollMode(QListWidget.ScrollMode.ScrollPerPixel)
        self.log.setResizeMode(QListWidget.ResizeMode.Adjust)      # re-wrap when resized
        self.log.verticalScrollBar().setSingleStep(3 * self.log.fontMetrics().lineSpacing())
        # at least a few lines, and no more: the log takes the room left at the bottom
        self.log.setMinimumHeight(3 * self.log.fontMetrics().lineSpacing() + 8)
        # the export: the whole log (each roll's luck, the finished battle's summary) as
        # text, from its context menu or Ctrl+C in it
        self.log.setContextMenuPolicy(Qt.ContextMenuPolicy.ActionsContextMenu)
        copy = QAction(translate("table_side", "Copy the battle log"), self.log)
        copy.setShortcut(QKeySequence.StandardKey.Copy)
        copy.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
        copy.triggered.connect(self.copy_log)
        self.log.addAction(copy)

    def log_text(self) -> str:
        """The battle log as plain text, in the app's language (what Copy puts on the
        clipboard): the set-up's title, every entry, the ending and the summary."""
        b = self.battle
        lines = [b.title] if b is not None and b.title else []
        lines += [self.log.item(i).text() for i in range(self.log.count())]
        return "\n".join(lines) + ("\n" if lines else "")

    def copy_log(self) -> None:
        """Put the battle log on the clipboard (the status line says so, where there is one)."""
        QApplication.clipboard().setText(self.log_text())
        window = self.window()
        bar = getattr(window, "statusBar", None)
        if callable(bar):
            bar().showMessage(translate("table_side", "Battle log copied"), 4000)

    def _build_layout(self, entry: QGroupBox, buttons: FlowLayout) -> None:
        """What to do now first, in one place: the position, odds and log (whose lengths
        change every step) come after it, so the entry and its Apply button never move."""
        self.battle_box = QWidget()
        inner = QVBoxLayout(self.battle_box)
        inner.setContentsMargins(0, 0, 0, 0)
        inner.setSpacing(4)              # a laptop's height holds it all, unscrolled
        inner.addWidget(self.heading)
        inner.addWidget(self.summary_label)
        inner.addWidget(entry)
        inner.addLayout(buttons)
        inner.addWidget(self.state_label)
        inner.addWidget(self.luck_label)
        inner.addWidget(self.odds_bar)
        inner.addWidget(self.odds_label)
        inner.addWidget(self.branches_label)
        self.detail_slot = QVBoxLayout()
        self.detail_slot.setContentsMargins(0, 0, 0, 0)
        inner.addLayout(self.detail_slot)
        self.between_slot = QVBoxLayout()
        self.between_slot.setContentsMargins(0, 0, 0, 0)
        inner.addLayout(self.between_slot)
        inner.addWidget(QLabel(translate("table_side", "Battle log")))
        inner.addWidget(self.log, 1)

        layout = QVBoxLayout(self)
        layout.addWidget(self.intro)
        layout.addWidget(self.start_button, 0, Qt.AlignmentFlag.AlignLeft)
        layout.addWidget(self.notice)
        # in a small window the battle scrolls instead of being squeezed (squeezed rows overlap
        # and shift the Apply button whenever a text changes)
        self.battle_scroll = QScrollArea()
        self.battle_scroll.setWidget(self.battle_box)
        self.battle_scroll.setWidgetResizable(True)
        self.battle_scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        self.battle_scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        layout.addWidget(self.battle_scroll, 1)
        self.filler = QWidget()
        layout.addWidget(self.filler, 1)

    def _build_shortcuts(self) -> None:
        for keys, slot in (("Ctrl+R", self.roll), ("Ctrl+Z", self.undo),
                           ("Ctrl+Shift+Z", self.redo),
                           ("Ctrl+H", self.dice_entry.count_hits.toggle)):
            sc = QShortcut(QKeySequence(keys), self)
            sc.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            sc.activated.connect(slot)
        for edit in (self.dice_edit, self.choice_edit):
            edit.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:  # noqa: N802 (Qt name)
        # A line edit claims Ctrl+Z / Ctrl+Shift+Z for its own text even with nothing to undo,
        # and the focus is always in the dice entry: let those keys undo / redo the round then.
        if event.type() == QEvent.Type.ShortcutOverride and isinstance(watched, QLineEdit):
            if ((event.matches(QKeySequence.StandardKey.Undo) and not watched.isUndoAvailable())
                    or (event.matches(QKeySequence.StandardKey.Redo)
                        and not watched.isRedoAvailable())):
                return True          # not accepted: the panel's shortcut fires
        return super().eventFilter(watched, event)

    def set_between_rounds_editor(self, editor: QWidget) -> None:
        """Show ``editor`` while the battle allows a between-rounds step.

        The editor has ``set_options(options, rules)`` (what ``TableBattle.
        between_rounds_options`` returned, and the rules in force) and a signal
        ``action_chosen(object)`` carrying the action for ``TableBattle.between_rounds``.
        """
        self.between_editor = editor
        self.between_slot.addWidget(editor)
        editor.action_chosen.connect(self.between_rounds)
        self._refresh()

    def set_detail_widget(self, widget: QWidget) -> None:
        """Show ``widget`` under the battle's state; its ``show_battle(battle)`` is called
        after every change (``None``: no battle)."""
        self.detail = widget
        self.detail_slot.addWidget(widget)
        self._refresh()

    def close_battle(self) -> None:
        """Leave table-side mode; the autosave file goes (the battle is finished or abandoned:
        a battle not over, or an attack whose next battle is waiting, is asked about)."""
        if self.battle is None:
            return
        following = self.battle.next_battle()
        if not self.battle.is_over() or following is not None:
            text = (translate("table_side", "This battle is not finished. Close it and discard "
                              "its saved progress?") if following is None else
                    translate("table_side", "The attack goes on ({fight} is next). Close it "
                              "here and discard its saved progress?").format(
                        fight=render(following.fight_words())))
            answer = QMessageBox.question(self, translate("table_side", "Close battle"), text)
            if answer != QMessageBox.StandardButton.Yes:
                return
        self.battle.autosave_path = None         # nothing more is written to it
        self.battle = None
        self._release(discard=True)
        self.computer.cancel()
        self.log.clear()
        self._refresh()

    def _attach(self, battle: TableBattle) -> None:
        self.battle = battle
        battle.on_change = lambda _b: self._refresh()
        self.message.setText("")
        self.notice.setText("")
        self._refresh()
        self.focus_entry()

    def focus_entry(self) -> None:
        """Put the keyboard in the phase's entry: the first row of dice, or (a phase without
        dice, where the dice boxes are disabled) the casualties, so Enter plays the phase as
        it says. A battle over whose attack goes on: the button that starts the next one."""
        if self.next_button.isVisibleTo(self):
            self.next_button.setFocus()
            return
        for edit in (self.dice_entry.first_edit(), self.dice_edit, self.choice_edit):
            if edit is not None and edit.isEnabled() and edit.isVisibleTo(self):
                edit.setFocus()
                return
        if self.choice_edit.isEnabled():
            self.choice_edit.setFocus()

    # -- the dice rows, the one-line entry and the casualties kept in step ------------------
    def _rows_changed(self) -> None:
        """A dice row changed: the one-line entry shows the faces once every row is read."""
        if self._syncing:
            return
        error = self.dice_entry.row_error()
        text = ""
        if not error and self.dice_entry.complete():
            try:
                text = " ".join(str(f) for f in self.dice_entry.faces())
            except CombatAssistError as exc:
                error = error_text(exc)
        self._syncing = True
        self.dice_edit.setText(text)
        self._syncing = False
        self._preview()
        if error:
            self._explain(f'<span style="color:{DEFENDER}">'
                                       f'{html.escape(error, quote=False)}</span>')

    def _line_changed(self) -> None:
        """The one-line entry changed (typed, Roll): the rows show its faces."""
        if not self._syncing and self.battle is not None and not self.battle.is_over():
            self._syncing = True
            try:
                self.dice_entry.set_faces(parse_dice(self.dice_edit.text(), self.battle.dice()))
            except CombatAssistError:
                self.dice_entry.clear()
            self._syncing = False
        self._preview()

    def _chips_changed(self, choice: Any) -> None:
        """The players changed the casualties by chips: the text says the same."""
        self.choice_edit.setText(self.format_choice(choice))
        self.choice_edit.setModified(True)          # theirs now: a preview keeps it
        self.choice_edit.setCursorPosition(0)

    def _choice_typed(self, text: str) -> None:
        """The casualty text was typed: the chips follow when it reads."""
        try:
            choice = self.parse_choice(text, self._proposal)
        except CombatAssistError:
            return
        if chips_apply(choice):
            self.chips.set_choice(choice)
        elif choice is None and chips_apply(self._proposal):
            self.chips.set_choice(self._proposal)

    # -- actions --------------------------------------------------------------------------
    def roll(self) -> None:
        if self.battle is None or self.battle.is_over():
            return
        self.dice_edit.setText(" ".join(str(d) for d in self.battle.roll()))
        self.dice_edit.setFocus()           # Enter now applies them, as the panel says

    def apply(self) -> None:
        """Play the current phase with the entered dice and casualties."""
        b = self.battle
        if b is None or b.is_over():
            return
        try:
            rolled = parse_dice(self.dice_edit.text(), b.dice())
            preview = b.preview(rolled)
            choice = self.parse_choice(self.choice_edit.text(), preview.proposal)
            if self._is_proposal(choice, preview.proposal):
                choice = None      # the proposal stands: no "own choice" in the log
            b.enter(rolled, choice)
        except CombatAssistError as exc:
            self._error(error_text(exc))
            return
        except OSError as exc:
            self._error(translate("table_side", "the battle could not be autosaved: {why}")
                        .format(why=exc.strerror or exc))
            return
        self.dice_edit.setText("")
        self.choice_edit.setText("")
        self.message.setText("")
        self.focus_entry()

    def _is_proposal(self, choice: Any, proposal: Any) -> bool:
        """Whether ``choice`` is the proposal as the entry shows it: the proposal's own text
        may read back in another order (Medium Luck's '2 white infantry (roll), red tank
        (roll)' for casualties that alternate)."""
        if choice == proposal:
            return True
        if proposal is None:
            return False
        try:
            return choice == self.parse_choice(self.format_choice(proposal), proposal)
        except CombatAssistError:          # a text the ruleset can't read back: not it
            return False

    def between_rounds(self, action: Any) -> None:
        """Take the between-rounds step ``action`` (refusals show as the message)."""
        if self.battle is None:
            return
        try:
            self.battle.between_rounds(action)
        except CombatAssistError as exc:
            self._error(error_text(exc))
            return
        except OSError as exc:
            self._error(translate("table_side", "the battle could not be autosaved: {why}")
                        .format(why=exc.strerror or exc))
            return
        self.message.setText("")

    def undo(self) -> None:
        self._do(lambda b: b.undo())

    def fight_next(self) -> None:
        """Start the attack's next battle (a later wave against what the defender has left,
        the counter-attack) once this one is over; the keyboard goes to its dice."""
        if self.battle is None or self.battle.next_battle() is None:
            return
        self._do(lambda b: b.fight_next())
        self.focus_entry()

    def redo(self) -> None:
        self._do(lambda b: b.redo())

    def end(self, kind: str, side: str) -> None:
        """End the battle (``kind`` "retreat" of ``side``, or "end"), once the players confirm."""
        if self.battle is None or self.battle.is_over():
            return
        # an amphibious assault's retreat: the landed units stay and the battle goes on
        question = ("withdraw" if kind == "retreat" and self.battle.withdrawal(side) is not None
                    else kind)
        title, text = (translate("table_side", t).format(
            Side=translate("table_side", SIDES_CAPITALIZED[side]))
            for t in END_QUESTIONS[question])
        answer = QMessageBox.question(self, title, text, QMessageBox.StandardButton.Yes |
                                      QMessageBox.StandardButton.No,
                                      QMessageBox.StandardButton.No)
        if answer == QMessageBox.StandardButton.Yes:
            self._do(lambda b: b.end(kind, side))

    def _do(self, action: Callable[[TableBattle], None]) -> None:
        if self.battle is None:
            return
        try:
            action(self.battle)
        except CombatAssistError as exc:
            self._error(error_text(exc))
        except OSError as exc:
            self._error(translate("table_side", "the battle could not be autosaved: {why}")
                        .format(why=exc.strerror or exc))

    def _error(self, text: str) -> None:
        label = self.message if self.battle is not None else self.notice
        shown = html.escape(text, quote=False)       # the user's text, never markup
        label.setText(f'<span style="color:{DEFENDER}">&#9888; {shown}</span>')

    # -- display --------------------------------------------------------------------------
    def _preview(self) -> None:
        b = self.battle
        if b is None or b.is_over():
            return
        text = self.dice_edit.text().strip()
        if not text and b.dice():
            self._explain("")
            if not self.choice_edit.isModified():
                self.choice_edit.setText("")
            self.choice_edit.setPlaceholderText(translate("table_side", "empty: accept the proposal"))
            self._proposal = None
            self.chips.show_choice(b.ruleset, None, {})
            return
        try:
            preview = b.preview(parse_dice(text, b.dice()))
        except CombatAssistError as exc:
            self._explain(f'<span style="color:{DEFENDER}">'
                                       f'{html.escape(error_text(exc), quote=False)}</span>')
            return
        self._explain(render(preview.explanation))
        self._show_chips(preview.proposal)
        proposal = self.format_choice(preview.proposal) if preview.proposal is not None else ""
        self.choice_edit.setPlaceholderText(
            translate("table_side", "proposal: {proposal}").format(proposal=proposal) if proposal
            else translate("table_side", "no choice to make"))
        if proposal and not self.choice_edit.isModified():
            self.choice_edit.setText(proposal)
            self.choice_edit.setCursorPosition(0)     # a long proposal shows its start
        self.choice_edit.setToolTip(proposal)

    def _show_chips(self, proposal: Any) -> None:
        """The proposal as chips (A&A's casualty tables), the units each side has now."""
        b = self.battle
        self._proposal = proposal
        present: dict[str, dict[str, int]] = {}
        units = getattr(b.rules, "state_units", None)
        if units is not None and chips_apply(proposal):
            try:
                present = dict(zip(("attacker", "defender"), units(b.state)))
            except Exception:       # noqa: BLE001 - a ruleset's positions it can't list
                present = {}
        typed = None
        if self.choice_edit.isModified():
            try:
                typed = self.parse_choice(self.choice_edit.text(), proposal)
            except CombatAssistError:
                typed = None
        self.chips.show_choice(b.ruleset, proposal if present else None, present, typed)

    def _explain(self, text: str) -> None:
        """Show how the dice resolve (or why they can't be read); the box takes its height."""
        self.explain_label.setText(text)
        self.explain_box.text_changed()

    def _refresh(self) -> None:
        """Show the battle as it stands (after every step, undo, resume, close)."""
        b = self.battle
        running = b is not None
        self.intro.setVisible(not running)
        self.notice.setVisible(not running)
        self.start_button.setVisible(not running)
        self.battle_box.setVisible(running)
        self.battle_scroll.setVisible(running)
        self.filler.setVisible(not running)
        self.running_changed.emit(running)
        if self.detail is not None:
            self.detail.show_battle(b)
        self.position_changed.emit()
        options = b.between_rounds_options() if b is not None else None
        if self.between_editor is not None:
            self.between_editor.setVisible(options is not None)
            if options is not None:
                self.between_editor.set_options(options, b.rules)
        if b is None:
            for button in (self.undo_button, self.redo_button, self.end_button,
                           *self.retreat_buttons.values()):
                button.setEnabled(False)
            self.next_button.setVisible(False)
            return
        over = b.is_over()
        self._show_heading(b, over)
        self._show_phase(b, over)
        self._show_buttons(b, over)
        self._show_log(b)
        # a new position: fresh entries (setText also drops the old text's undo history, so
        # Ctrl+Z / Ctrl+Shift+Z go to the rounds)
        self._syncing = True
        self.dice_edit.setText("")
        self.dice_entry.clear()
        self._syncing = False
        self.choice_edit.setText("")
        self._preview()
        self._request_odds(b, over)

    def _show_heading(self, b: TableBattle, over: bool) -> None:
        """The round and phase, or the result with the battle's summary; the position and
        where the last roll's hits fell."""
        if over:
            verdict = b.verdict()
            who = verdict_text(verdict)
            how = ""
            if b.ending and b.ending[0] == "retreat":
                how = translate("table_side", " ({side} retreated)").format(
                    side=translate("table_side", SIDES.get(b.ending[1], b.ending[1])))
            elif b.ending:
                how = translate("table_side", " (ended by the players)")
            rounds = b.rounds_played
            text = (translate("table_side", "Battle over after 1 round: {verdict}{how}")
                    if rounds == 1 else
                    translate("table_side", "Battle over after %n rounds: {verdict}{how}", "",
                              rounds))
            self.heading.setText(text.format(verdict=who, how=how))
            lines = [render(line) for line in split_lines(b.summary())]
            self.summary_label.setText("<br>".join(html.escape(t, quote=False)
                                                   for t in lines[1:]))
        else:
            phase = b.current_phase()
            self.heading.setText(translate("table_side", "Round {round} — {phase}").format(
                round=b.round_number, phase=render(phase.name)))
            self.summary_label.setText("")
        if b.stage is not None:       # an attack's battle: which one ("Wave 2 of 3")
            self.heading.setText(translate("table_side", "{stage}: {heading}").format(
                stage=render(b.stage.title()), heading=self.heading.text()))
        self.summary_label.setVisible(over)
        self.odds_label.setVisible(not over)
        self.state_label.setText(render(b.describe()))
        last = next((line for line in reversed(b.log[b.log_start:]) if line.dice), None)
        luck = luck_lines(roll_luck(last.dice, last.rolled)) if last is not None and not over \
            else []
        self.luck_label.setText(translate("table_side", "Last roll ({phase}) — {luck}").format(
            phase=render(last.phase), luck="; ".join(render(t) for t in luck))
            if luck else "")
        self.luck_label.setVisible(bool(luck))

    def _show_phase(self, b: TableBattle, over: bool) -> None:
        """"This phase": its dice rows (none once the battle is over: the box goes)."""
        self.entry_box.setVisible(not over)
        specs = () if over else b.dice()
        self.dice_entry.set_dice(specs, () if over else b.sure_hits())
        for edit in self.dice_entry.edits:
            edit.installEventFilter(self)
        self.dice_label.setVisible(not specs)
        self.dice_label.setText(translate("table_side", "no dice this phase: press Enter or Apply")
                                if not specs and not over else "")
        for w in (self.dice_edit, self.roll_button, self.choice_edit, self.apply_button):
            w.setEnabled(not over)
        self.roll_button.setEnabled(not over and bool(specs))
        self.dice_edit.setEnabled(not over and bool(specs))
        self.dice_edit.setVisible(bool(specs))
        self.dice_entry.count_hits.setVisible(any(g.countable for g in self.dice_entry.groups))

    def _show_buttons(self, b: TableBattle, over: bool) -> None:
        """The attack's next battle, Undo, Redo, and the retreats the battle allows now (a
        refused one says why)."""
        following = b.next_battle()
        self.next_button.setVisible(following is not None)
        if following is not None:
            self.next_button.setText(render(following.fight_words()))
            self.next_button.setToolTip(translate(
                "table_side", "Start {stage} against what this battle left (its log stays; "
                "Undo takes the start back)").format(stage=render(following.title())))
        self.undo_button.setEnabled(b.can_undo())
        self.redo_button.setEnabled(b.can_redo())
        may_retreat = b.retreat_sides()
        for side, button in self.retreat_buttons.items():
            button.setVisible(side in may_retreat)
            why = b.retreat_refused(side)
            button.setEnabled(why is None)
            button.setToolTip(self._retreat_tip(side) if why is None else render(why))
        self.end_button.setEnabled(not over and not b.dice_entered())

    def _show_log(self, b: TableBattle) -> None:
        self.log.clear()
        for line in b.log:
            self.log.addItem(render(line.text))
        if b.ending:
            self.log.addItem(translate("table_side", "The battle ends: the {side} retreats")
                             .format(side=translate("table_side", SIDES.get(b.ending[1],
                                                                            b.ending[1])))
                             if b.ending[0] == "retreat" else
                             translate("table_side", "The players end the battle."))
        if b.is_over():
            self.log.addItem(render(b.summary()))
        self.log.scrollToBottom()

    def _request_odds(self, b: TableBattle, over: bool) -> None:
        """The odds from the position now (after every phase: the rest of the round is
        played out exactly first), and where each retreat allowed now leads, computed in
        the background."""
        if over:
            verdict = b.verdict()
            self.computer.cancel()
            self.odds_label.setText("")
            self.branches_label.setText("")
            self.branches_label.setVisible(False)
            self.odds_bar.set_values(float(verdict == "attacker"), float(verdict == "draw"), 0.0,
                                     float(verdict == "defender"))
            return
        # captured here, on the GUI thread: the worker never reads the live battle
        rules, ruleset, text = b.rules, b.ruleset, b.scenario_text
        if b.dice_entered():
            state, remaining = b.state, b.remaining_phases()
        else:
            state, remaining = b.round_start_state, None
        retreats = [side for side in b.retreat_sides() if b.retreat_refused(side) is None]
        odds = self.odds

        def job(cancel):
            result = odds(rules, state, ruleset, text, cancel, remaining)
            here = branch_of(result, rules, state)
            away = {side: retreat_branch(rules, state, side, ruleset=ruleset, cancel=cancel)
                    for side in retreats}
            return result, here, away
        self.computer.request(job, immediate=True)

    def _show_odds(self, answer) -> None:
        result, here, retreats = answer
        self.odds_bar.set_values(result.attacker_wins, result.draw, result.undecided,
                                 result.defender_wins)
        b = self.battle
        if b is None:
            return
        where = translate("table_side", "the start of round {round}").format(
            round=b.round_number)
        if b.dice_entered():
            where = translate("table_side", "here (round {round}, after {phase})").format(
                round=b.round_number, phase=render(b.log[-1].phase))
        self.odds_label.setText(odds_text(b.ruleset, result, where, here))
        self.branches_label.setText(branches_text(here, retreats))
        self.branches_label.setVisible(bool(self.branches_label.text()))
