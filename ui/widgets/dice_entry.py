"""The table side's dice entry as players roll: one row per group of dice
(``combatassist.table.dice_groups``: each side's hit dice by hit value, naming the units that
roll them; other dice in the rules' order), each row taking the faces rolled or, for hit
dice with "Count hits" on, just the number of hits. Low luck's rows show the sure hits too:
only the one die for the rest is rolled.

Keyboard first: type a row's dice, Tab to the next, Enter plays the phase once every row is
filled (before that, Enter goes to the next empty row). The widget draws; the engine groups,
checks and assembles (``assemble``, ``DiceGroup.faces_from_hits``).
"""
from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QCheckBox, QGridLayout, QLabel, QLineEdit, QVBoxLayout, QWidget

from combatassist.battle import DieSpec
from combatassist.errors import CombatAssistError
from combatassist.table import DiceGroup, assemble, dice_groups, split

from ..engine_text import error_text, render
from ..i18n import side_title, translate
from ..result_style import ATTACKER, DEFENDER

SIDE_COLOURS = {"attacker": ATTACKER, "defender": DEFENDER}


def group_text(group: DiceGroup) -> str:
    """A row's words: "Attacker — hit on 2: 1 destroyer, 2 submarine (3 dice)"; low luck's
    "Attacker — 2 sure hits + 1 die hitting on 5: …"; other dice "Attacker d6 (label)"."""
    spec = group.spec
    side = side_title(spec.side)
    units = render(spec.units) if spec.units else ""
    if spec.hit_on and spec.sure_hits == 1:
        what = translate("widgets.dice_entry", "1 sure hit + 1 die, hit on {v} or less").format(
            v=spec.hit_on)
    elif spec.hit_on and spec.sure_hits:
        n = spec.sure_hits
        what = translate("widgets.dice_entry", "%n sure hits + 1 die, hit on {v} or less",
                         "", n).format(v=spec.hit_on)
    elif spec.hit_on and group.count == 1:
        what = translate("widgets.dice_entry", "1 die, hit on {v} or less").format(
            v=spec.hit_on)
    elif spec.hit_on:
        n = group.count
        what = translate("widgets.dice_entry", "%n dice, hit on {v} or less", "", n).format(
            v=spec.hit_on)
    else:
        what = (f"{group.count}× d{spec.sides}" if group.count > 1 else f"d{spec.sides}")
        if spec.label:
            what += f" ({render(spec.label)})"
    if spec.hit_on and not units and spec.label:
        units = render(spec.label)        # e.g. AA fire, a bombardment: the rules' words
    colour = SIDE_COLOURS.get(spec.side)
    head = f'<b style="color:{colour}">{side}</b>' if colour else f"<b>{side}</b>"
    return f"{head} — {what}" + (f": {units}" if units else "")


def sure_text(side: str, hits: int, who: str) -> str:
    """A group that rolls nothing: "Defender — 2 sure hits, nothing to roll: 4 infantry"."""
    what = (translate("widgets.dice_entry", "1 sure hit, nothing to roll") if hits == 1 else
            translate("widgets.dice_entry", "%n sure hits, nothing to roll", "", hits))
    colour = SIDE_COLOURS.get(side)
    head = (f'<b style="color:{colour}">{side_title(side)}</b>' if colour
            else f"<b>{side_title(side)}</b>")
    units = render(who) if who else ""
    return f"{head} — {what}" + (f": {units}" if units else "")


class DiceEntry(QWidget):
    """The rows of one phase's dice (see the module's docstring)."""

    #: a row changed (the panel previews what the rows say)
    changed = Signal()
    #: Enter with every row filled: play the phase
    submitted = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.groups: list[DiceGroup] = []
        self.sure: tuple = ()
        self.sure_labels: list[QLabel] = []
        self.labels: list[QLabel] = []
        self.edits: list[QLineEdit] = []
        self.count_hits = QCheckBox(translate("widgets.dice_entry", "Count hits"))
        self.count_hits.setToolTip(translate(
            "widgets.dice_entry", "Enter how many dice of each group hit instead of their "
            "faces (Ctrl+H)"))
        self.count_hits.toggled.connect(self._mode_changed)
        self.grid = QGridLayout()
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setVerticalSpacing(2)
        self.grid.setColumnStretch(0, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addLayout(self.grid)
        # ``count_hits`` is placed by the panel, beside Roll and Apply
        self._filling = False

    # -- the phase's dice ----------------------------------------------------------------
    def set_dice(self, specs: Sequence[DieSpec], sure: Sequence = ()) -> None:
        """Show the rows of ``specs`` (a phase's dice), empty; ``sure``: the phase's hits
        scored without a die (``Phase.sure_hits``), a line each."""
        groups = dice_groups(specs)
        sure = tuple(sure)
        if groups == self.groups and sure == self.sure:
            self.clear()
            return
        for w in (*self.labels, *self.edits, *self.sure_labels):
            self.grid.removeWidget(w)
            w.hide()                 # at once: deleteLater paints it until the loop runs
            w.deleteLater()
        self.groups, self.labels, self.edits = groups, [], []
        self.sure, self.sure_labels = sure, []
        for row, group in enumerate(groups):
            label = QLabel(group_text(group))
            label.setWordWrap(True)
            edit = QLineEdit()
            edit.setMaximumWidth(max(110, edit.fontMetrics().horizontalAdvance("0 ") *
                                     min(group.count, 12) + 24))
            edit.textChanged.connect(self._edited)
            edit.returnPressed.connect(lambda r=row: self._enter(r))
            label.setBuddy(edit)
            self.grid.addWidget(label, row, 0)
            self.grid.addWidget(edit, row, 1, Qt.AlignmentFlag.AlignLeft)
            self.labels.append(label)
            self.edits.append(edit)
        for row, (side, hits, who) in enumerate(sure, start=len(groups)):
            label = QLabel(sure_text(side, hits, who))
            label.setWordWrap(True)
            self.grid.addWidget(label, row, 0, 1, 2)
            self.sure_labels.append(label)
        self.count_hits.setVisible(any(g.countable for g in groups))
        self._placeholders()
        self.setVisible(bool(groups) or bool(sure))

    def clear(self) -> None:
        self._filling = True
        for edit in self.edits:
            edit.setText("")
        self._filling = False

    def _placeholders(self) -> None:
        for group, edit in zip(self.groups, self.edits):
            if group.countable and self.count_hits.isChecked():
                edit.setPlaceholderText(translate("widgets.dice_entry", "hits 0–{n}").format(
                    n=group.count))
                edit.setToolTip(translate("widgets.dice_entry",
                                          "How many of these dice hit"))
            else:
                edit.setPlaceholderText(translate("widgets.dice_entry", "faces, e.g. {example}")
                                        .format(example=" ".join("351"[:group.count])
                                                if group.count < 3 else "3 5 1 …"))
                edit.setToolTip(translate("widgets.dice_entry",
                                          "The faces these dice show, in any order")
                                if group.countable else
                                translate("widgets.dice_entry", "The faces, in this order"))

    def _mode_changed(self) -> None:
        self._placeholders()
        self.clear()
        self.changed.emit()

    def first_edit(self) -> QLineEdit | None:
        return self.edits[0] if self.edits else None

    # -- reading and writing the rows ------------------------------------------------------
    def _row_faces(self, row: int) -> tuple[int, ...]:
        """The faces row ``row`` says (EngineError naming the row when it can't be read)."""
        return self.groups[row].read(self.edits[row].text(),
                                     hits=self.count_hits.isChecked())

    def complete(self) -> bool:
        """Every row has something in it."""
        return all(e.text().strip() for e in self.edits)

    def faces(self) -> tuple[int, ...]:
        """The phase's faces in the rules' order (EngineError naming the row when a row can't
        be read or has the wrong number of dice)."""
        return assemble(self.groups, [self._row_faces(r) for r in range(len(self.groups))])

    def set_faces(self, rolled: Sequence[int]) -> None:
        """Fill the rows with ``rolled`` (the phase's faces in the rules' order: Roll, or the
        one-line entry); counting hits, the hit rows get their hits."""
        if len(rolled) != sum(g.count for g in self.groups):
            return
        self._filling = True
        counting = self.count_hits.isChecked()
        for group, edit, faces in zip(self.groups, self.edits, split(self.groups, rolled)):
            edit.setText(str(group.hits(faces)) if counting and group.countable
                         else " ".join(str(f) for f in faces))
        self._filling = False

    def row_error(self) -> str:
        """The first row that can't be read, in words ("" when all can or some are empty)."""
        for row in range(len(self.groups)):
            if not self.edits[row].text().strip():
                continue
            try:
                faces = self._row_faces(row)
                if len(faces) != self.groups[row].count:
                    assemble([self.groups[row]], [faces])
            except CombatAssistError as exc:
                return error_text(exc)
        return ""

    def _edited(self) -> None:
        if not self._filling:
            self.changed.emit()

    def _enter(self, row: int) -> None:
        if self.complete():
            self.submitted.emit()
            return
        for edit in self.edits[row + 1:] + self.edits[:row + 1]:
            if not edit.text().strip():
                edit.setFocus()
                return
