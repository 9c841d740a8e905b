"""Dirtside II at the table: enter the dice of a real shot (or Roll) and see what happened.

A thin face over ``ds2.resolve_shot``: the panel asks for exactly the dice the shot's
``ShotSetup`` needs (to-hit for IAVRs, impact, armour), asks for the special-damage d8 only
when the rules say so, and logs every shot with the reason. Keyboard flow: type a die, Tab to
the next, Enter resolves.
"""
from __future__ import annotations

import random

from PySide6.QtCore import Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (QCheckBox, QGridLayout, QGroupBox, QHBoxLayout, QLabel,
                               QListWidget, QPushButton, QSpinBox, QVBoxLayout, QWidget)

from combatassist.errors import CombatAssistError
from combatassist.rulesets import ds2
from combatassist.rulesets.ds2 import Resolution, ShotSetup

from ..results import DEFENDER
from .ds2_results import DAMAGE, KILL, MOBILITY, NO_EFFECT, SYSTEMS_DOWN

#: die name -> (label, order); the spin boxes are shown in this order
DICE = (("to_hit", "To-hit die"), ("impact", "Impact die"), ("armour", "Armour die"),
        ("special", "Special damage die"))
OUTCOME_TEXT = {"miss": ("MISS", NO_EFFECT), "kill": ("KILLED", KILL),
                "mobility": ("MOBILITY DAMAGE", MOBILITY),
                "systems_down": ("SYSTEMS DOWN", SYSTEMS_DOWN), "damage": ("DAMAGED", DAMAGE),
                "no_effect": ("NO EFFECT", NO_EFFECT),
                "special": ("SPECIAL DAMAGE — roll the d8", MOBILITY)}


class TableShotPanel(QWidget):
    """Resolve real shots of the set-up weapon at its target, one at a time, with a log."""

    #: emitted with each final Resolution (not the intermediate "special")
    resolved = Signal(object)

    def __init__(self, parent: QWidget | None = None, *, rng: random.Random | None = None):
        super().__init__(parent)
        self.rng = rng or random.Random()
        self.setup: ShotSetup | None = None
        self.title = ""
        self.last: Resolution | None = None
        self.shots = 0
        self.asks_hit = False

        intro = QLabel("Resolve a shot of the weapon set up on the left with your real dice: "
                       "type each die (Tab to the next), press Enter. Or press Roll. The "
                       "special damage d8 is asked for only when the rules call for it.")
        intro.setWordWrap(True)
        self.heading = QLabel("")
        font = QFont(self.heading.font())
        font.setPointSizeF(font.pointSizeF() * 1.2)
        font.setBold(True)
        self.heading.setFont(font)
        self.heading.setWordWrap(True)
        self.how = QLabel("")
        self.how.setWordWrap(True)
        self.how.setObjectName("tableHow")

        self.spins: dict[str, QSpinBox] = {}
        self.labels: dict[str, QLabel] = {}
        grid = QGridLayout()
        for row, (name, label) in enumerate(DICE):
            spin = QSpinBox()
            spin.setObjectName(f"die_{name}")
            spin.setSpecialValueText("–")      # 0: not entered yet
            spin.setMinimumWidth(70)
            spin.lineEdit().returnPressed.connect(self.resolve)
            spin.valueChanged.connect(lambda _v, n=name: self._die_changed(n))
            self.spins[name] = spin
            self.labels[name] = QLabel(label)
            grid.addWidget(self.labels[name], row, 0)
            grid.addWidget(spin, row, 1)
        self.hit = QCheckBox("The shot hit")
        self.hit.setChecked(True)
        self.hit.setToolTip("This weapon's own to-hit mechanic (outside the damage system): "
                            "untick for a miss")
        self.hit.toggled.connect(lambda _on: self._die_changed("hit"))
        grid.addWidget(self.hit, len(DICE), 0, 1, 2)
        self.roll_special_button = QPushButton("Roll d8")
        self.roll_special_button.setToolTip("Roll only the special damage die")
        self.roll_special_button.clicked.connect(self.roll_special)
        grid.addWidget(self.roll_special_button, 3, 2)
        grid.setColumnStretch(3, 1)

        self.resolve_button = QPushButton("Re&solve")
        self.resolve_button.setToolTip("Apply the rules to the dice entered (Enter)")
        self.resolve_button.clicked.connect(self.resolve)
        self.roll_button = QPushButton("&Roll")
        self.roll_button.setToolTip("Roll every die of this shot and resolve it")
        self.roll_button.clicked.connect(self.roll)
        self.clear_button = QPushButton("Clear log")
        self.clear_button.clicked.connect(self.clear_log)
        buttons = QHBoxLayout()
        for b in (self.resolve_button, self.roll_button):
            buttons.addWidget(b)
        buttons.addStretch(1)
        buttons.addWidget(self.clear_button)

        self.outcome = QLabel("")
        self.outcome.setObjectName("tableOutcome")
        big = QFont(self.outcome.font())
        big.setPointSizeF(big.pointSizeF() * 1.5)
        big.setBold(True)
        self.outcome.setFont(big)
        self.reason = QLabel("")
        self.reason.setObjectName("tableReason")
        self.reason.setWordWrap(True)
        self.log = QListWidget()
        self.log.setObjectName("tableLog")
        self.log.setWordWrap(True)

        dice_box = QGroupBox("Dice rolled")
        dice_layout = QVBoxLayout(dice_box)
        dice_layout.addLayout(grid)
        dice_layout.addLayout(buttons)
        log_box = QGroupBox("Shots resolved")
        log_layout = QVBoxLayout(log_box)
        log_layout.addWidget(self.log)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.heading)
        layout.addWidget(self.how)
        layout.addWidget(dice_box)
        layout.addWidget(self.outcome)
        layout.addWidget(self.reason)
        layout.addWidget(log_box, 1)
        self.set_setup(None, "", "Set up a shot on the left.")

    # -- the shot being resolved ----------------------------------------------------------
    def needed(self) -> list[str]:
        """The dice this shot asks for now, in order (the d8 only after "special")."""
        if self.setup is None:
            return []
        names = [name for name, _ in self.setup.dice()]
        if self.awaiting_special():
            names.append("special")
        return names

    def awaiting_special(self) -> bool:
        return self.last is not None and self.last.outcome == "special"

    def set_setup(self, setup: ShotSetup | None, title: str, error: str = "") -> None:
        """Show the shot to resolve (None with ``error``: the form's shot is impossible)."""
        if setup == self.setup and title == self.title and not error:
            return
        self.setup, self.title, self.last = setup, title, None
        self.heading.setText(title)
        if setup is None:
            self.how.setText(f'<span style="color:{DEFENDER}">&#9888; {error}</span>'
                             if error else "")
        else:
            self.how.setText("<br>".join(setup.describe()))
        faces = {name: sides for name, sides in setup.dice()} if setup else {}
        faces["special"] = ds2.tables().special_die
        for name, label in DICE:
            spin = self.spins[name]
            sides = faces.get(name, 1)
            spin.blockSignals(True)
            spin.setRange(0, sides)
            spin.setValue(0)
            spin.blockSignals(False)
            self.labels[name].setText(f"{label} (1d{sides})" if name in ("to_hit", "armour",
                                                                          "special")
                                      else f"{label} (D{sides})")
            show = setup is not None and (name in faces and name != "special" or
                                          name == "special" and setup.special)
            spin.setVisible(show)
            self.labels[name].setVisible(show)
        self.asks_hit = setup is not None and setup.to_hit is None and setup.p_hit < 1.0
        self.hit.setVisible(self.asks_hit)
        self.hit.setChecked(True)
        self.outcome.setText("")
        self.reason.setText("")
        for b in (self.resolve_button, self.roll_button):
            b.setEnabled(setup is not None)
        self._update_special()

    def _update_special(self) -> None:
        waiting = self.awaiting_special()
        self.spins["special"].setEnabled(waiting)
        self.roll_special_button.setEnabled(waiting)
        self.roll_special_button.setVisible(self.setup is not None and self.setup.special)

    def _die_changed(self, name: str) -> None:
        # new dice for the shot itself: any pending special-damage roll is void
        if name != "special" and self.awaiting_special():
            self.last = None
            self.spins["special"].blockSignals(True)
            self.spins["special"].setValue(0)
            self.spins["special"].blockSignals(False)
            self._update_special()

    # -- resolving ------------------------------------------------------------------------
    def dice_entered(self) -> dict[str, int | None]:
        return {name: (self.spins[name].value() or None) for name, _ in DICE}

    def resolve(self) -> Resolution | None:
        """Apply the rules to the dice entered; a "special" asks for the d8 next."""
        if self.setup is None:
            return None
        dice = self.dice_entered()
        if not self.awaiting_special():
            dice["special"] = None
        hit = self.hit.isChecked() if self.asks_hit else True
        try:
            r = ds2.resolve_shot(self.setup, impact=dice["impact"], armour=dice["armour"],
                                 special=dice["special"], to_hit=dice["to_hit"], hit=hit)
        except CombatAssistError as exc:
            self.outcome.setText("")
            self.reason.setText(f'<span style="color:{DEFENDER}">&#9888; {exc}</span>')
            return None
        self.last = r
        text, colour = OUTCOME_TEXT[r.outcome]
        self.outcome.setText(f'<span style="color:{colour}">{text}</span>')
        self.reason.setText(r.reason)
        self._update_special()
        if r.outcome == "special":
            self.spins["special"].setFocus()
            self.spins["special"].selectAll()
            return r
        self.shots += 1
        self.log.insertItem(0, f"{self.shots}. {self.title}: {text.lower()} — {r.reason}")
        self.resolved.emit(r)
        first = next((self.spins[n] for n in self.needed()), None)
        if first is not None:
            first.setFocus()
            first.selectAll()
        return r

    def roll(self) -> Resolution | None:
        """Roll every die of the shot (and the d8 if it comes to that) and resolve it."""
        if self.setup is None:
            return None
        self.last = None
        for name, sides in self.setup.dice():
            self.spins[name].setValue(self.rng.randint(1, sides))
        if self.asks_hit:
            self.hit.setChecked(self.rng.random() < self.setup.p_hit)
        r = self.resolve()
        if r is not None and r.outcome == "special":
            return self.roll_special()
        return r

    def roll_special(self) -> Resolution | None:
        if not self.awaiting_special():
            return None
        self.spins["special"].setValue(self.rng.randint(1, ds2.tables().special_die))
        return self.resolve()

    def clear_log(self) -> None:
        self.log.clear()
        self.shots = 0
