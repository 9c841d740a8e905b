"""The casualties as unit chips: for each side that takes hits, a chip per unit type it has
("Infanterie 2 / 5": two of its five lost), changed by clicking (left: one more, right or
Shift: one fewer) or, with the chip focused, by keys (+ / Up: one more; − / Down /
Backspace: one fewer). The text form beside it is the same choice in the engine's words
(``format_choice`` / ``parse_choice``): the panel keeps the two in step, and the engine
checks the choice when it is played (a chip never decides what is legal).

For choices of the shape ``{side: {unit: n}}`` (A&A's casualties); other rulesets keep the
text alone.
"""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QPushButton, QVBoxLayout, QWidget

from ..i18n import data_name, side_title, translate
from ..result_style import ATTACKER, DEFENDER
from .flow_layout import FlowLayout

SIDE_COLOURS = {"attacker": ATTACKER, "defender": DEFENDER}


def chips_apply(choice: Any) -> bool:
    """Whether ``choice`` has the shape the chips show."""
    return isinstance(choice, dict) and bool(choice) and all(
        isinstance(v, dict) and all(isinstance(n, int) for n in v.values())
        for v in choice.values())


class UnitChip(QPushButton):
    """One unit type of one side: how many are lost of how many there are."""

    #: +1 or -1
    nudged = Signal(int)

    def __init__(self, name: str, present: int, parent: QWidget | None = None):
        super().__init__(parent)
        self.name, self.present, self.lost = name, present, 0
        self.setCheckable(False)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setAutoDefault(False)
        self.setToolTip(translate("widgets.casualty_chips",
                                  "Click: one more lost; right click or Shift+click: one "
                                  "fewer (keys + and −)"))
        self.clicked.connect(self._clicked)

    def set_lost(self, lost: int) -> None:
        self.lost = lost
        self.setText(f"{self.name} {lost} / {self.present}")
        font = self.font()
        font.setBold(lost > 0)
        self.setFont(font)

    def _clicked(self) -> None:
        from PySide6.QtWidgets import QApplication
        shift = QApplication.keyboardModifiers() & Qt.KeyboardModifier.ShiftModifier
        self.nudged.emit(-1 if shift else 1)

    def mousePressEvent(self, event) -> None:  # noqa: N802 (Qt name)
        if event.button() == Qt.MouseButton.RightButton:
            self.nudged.emit(-1)
            event.accept()
            return
        super().mousePressEvent(event)

    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt name)
        key = event.key()
        if key in (Qt.Key.Key_Plus, Qt.Key.Key_Up):
            self.nudged.emit(1)
        elif key in (Qt.Key.Key_Minus, Qt.Key.Key_Down, Qt.Key.Key_Backspace):
            self.nudged.emit(-1)
        else:
            super().keyPressEvent(event)


class CasualtyChips(QWidget):
    """The chips of every side taking hits (see the module's docstring)."""

    #: the players changed the casualties: the new choice
    changed = Signal(object)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.choice: dict[str, dict[str, int]] = {}
        self.chips: dict[tuple[str, str], UnitChip] = {}
        self.totals: dict[str, int] = {}
        self.proposed: dict[str, dict[str, int]] = {}
        self.heads: dict[str, QLabel] = {}
        self._layout = QVBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._layout.setSpacing(2)
        self._rows: list[QWidget] = []

    def show_choice(self, ruleset: str, proposal: Any, present: dict[str, dict[str, int]],
                    choice: Any = None) -> None:
        """Chips for ``proposal`` (``{side: {unit: n}}``), a chip per unit ``present[side]``
        has; ``choice`` (default: the proposal) sets the counts. Hidden for other shapes."""
        for row in self._rows:
            self._layout.removeWidget(row)
            row.hide()               # at once: deleteLater paints it until the loop runs
            row.deleteLater()
        self._rows, self.chips, self.heads = [], {}, {}
        if not chips_apply(proposal):
            self.choice = {}
            self.setVisible(False)
            return
        self.totals = {side: sum(units.values()) for side, units in proposal.items()}
        self.proposed = {side: dict(units) for side, units in proposal.items()}
        for side, units in proposal.items():
            row = QWidget()
            line = QHBoxLayout(row)
            line.setContentsMargins(0, 0, 0, 0)
            head = QLabel()
            self.heads[side] = head
            line.addWidget(head)
            flow = FlowLayout()
            for unit, n in sorted(present.get(side, {}).items(), key=lambda kv: kv[0]):
                if n <= 0:
                    continue
                name = data_name(ruleset, unit.replace("_", " "))
                chip = UnitChip(name[:1].upper() + name[1:], n)
                chip.nudged.connect(lambda d, s=side, u=unit: self._nudge(s, u, d))
                self.chips[(side, unit)] = chip
                flow.addWidget(chip)
            line.addLayout(flow, 1)
            self._layout.addWidget(row)
            self._rows.append(row)
        self.set_choice(choice if chips_apply(choice) else proposal)
        self.setVisible(bool(self.chips))

    def set_choice(self, choice: dict[str, dict[str, int]]) -> None:
        """Show ``choice``'s counts (the text form changed)."""
        self.choice = {side: dict(choice.get(side, {})) for side in self.totals}
        for (side, unit), chip in self.chips.items():
            chip.set_lost(self.choice[side].get(unit, 0))
        for side, head in self.heads.items():
            taken = sum(self.choice[side].values())
            colour = SIDE_COLOURS.get(side, "")
            head.setText(translate("widgets.casualty_chips",
                                   '<b style="color:{colour}">{side}</b> loses {taken} of {hits}:')
                         .format(colour=colour, side=side_title(side), taken=taken,
                                 hits=self.totals[side]))

    def _nudge(self, side: str, unit: str, by: int) -> None:
        chip = self.chips[(side, unit)]
        lost = chip.lost + by
        # no more than it has, or than the proposal gave it (a two-hit unit's two hits);
        # whether a choice is legal is the engine's to say when it is played
        if not 0 <= lost <= max(chip.present, self.proposed.get(side, {}).get(unit, 0)):
            return
        counts = self.choice.setdefault(side, {})
        if lost:
            counts[unit] = lost
        else:
            counts.pop(unit, None)
        self.set_choice(self.choice)
        self.changed.emit({s: dict(c) for s, c in self.choice.items()})
