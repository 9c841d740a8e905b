"""Ur's stack editor: one side's stance, units with step pips, retreat, magic and position.

It records the player's set-up; unit values and stacking come from the engine's tables
(``ur.tables()``, ``ur.STACKING_LIMIT``).
"""
from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QCheckBox, QComboBox, QGroupBox, QHBoxLayout, QLabel,
                               QPushButton, QSpinBox, QToolButton, QVBoxLayout, QWidget)

from combatassist.rulesets import ur
from combatassist.rulesets.ur.scenario import MAX_MAGIC, STANCES
from combatassist.rulesets.ur.data import TERRAINS

from ...result_style import ATTACKER, DEFENDER
from .steps import StepPips
from ...i18n import data_name, side_title, translate

def label(category: str, key: str) -> str:
    """A display name (``resources/ur/labels.toml``: label("terrain", "none") -> "Open
    ground") in the app's language."""
    return data_name("ur", ur.RULESET.label(category, key))


def unit_stats(type_id: str) -> str:
    """Compact stats, the seed's notation: R4 M1D (defence only) S4."""
    t = ur.tables().units[type_id]
    return translate("widgets.ur_stack", "R{range} M{melee} · {steps} steps").format(
        range=t.range, melee=t.melee_label(), steps=t.steps)


# -- the stack editor ---------------------------------------------------------------------
class UnitRow(QWidget):
    """One unit: type, step pips (damage), raider toggle, remove."""

    changed = Signal()
    removed = Signal(object)

    def __init__(self, role: str, unit: ur.Unit, parent: QWidget | None = None):
        super().__init__(parent)
        self.type_box = QComboBox()
        for tid, t in ur.tables().units.items():
            self.type_box.addItem(label("units", tid), tid)
            self.type_box.setItemData(self.type_box.count() - 1,
                                      f"{label('units', tid)} ({t.race}): {unit_stats(tid)}",
                                      Qt.ItemDataRole.ToolTipRole)
        self.type_box.setCurrentIndex(self.type_box.findData(unit.type))
        self.pips = StepPips(unit.full_steps, unit.start_steps,
                             ATTACKER if role == "attacker" else DEFENDER)
        self.stats = QLabel("")
        self.stats.setStyleSheet("color: #666666;")
        self.raider = QCheckBox(translate("widgets.ur_stack", "Raider"))
        self.raider.setToolTip(translate("widgets.ur_stack", "A raiding unit is attached: +1 to this unit's melee rolls"))
        self.raider.setChecked(unit.raider)
        self.type_box.setMinimumContentsLength(8)
        self.type_box.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.remove_button = QToolButton()
        self.remove_button.setText("✕")
        self.remove_button.setToolTip(translate("widgets.ur_stack", "Remove this unit"))
        self.remove_button.setAccessibleName(translate("widgets.ur_stack", "Remove unit"))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        layout.addWidget(self.type_box)
        layout.addWidget(self.pips)
        layout.addWidget(self.stats, 1)
        layout.addWidget(self.raider)
        layout.addWidget(self.remove_button)
        self._show_stats()
        self.type_box.currentIndexChanged.connect(self._type_changed)
        self.pips.changed.connect(self._pips_changed)
        self.raider.toggled.connect(self.changed)
        self.remove_button.clicked.connect(lambda: self.removed.emit(self))

    def _type_changed(self, *_args) -> None:
        # a new type arrives fresh: its own number of steps, none lost
        self.pips.set_full(ur.tables().units[self.type_box.currentData()].steps)
        self._show_stats()
        self.changed.emit()

    def _pips_changed(self, *_args) -> None:
        self._show_stats()
        self.changed.emit()

    def _show_stats(self) -> None:
        t = ur.tables().units[self.type_box.currentData()]
        self.stats.setText(f"{self.pips.steps()}/{t.steps}")
        tip = translate("widgets.ur_stack", "{unit} ({race}): range {range}, melee {melee} (A: "
                                            "attack only, D: defence only), {left} of {steps} "
                                            "steps left").format(
            unit=label("units", t.id), race=t.race, range=t.range, melee=t.melee_label(),
            left=self.pips.steps(), steps=t.steps)
        self.stats.setToolTip(tip)
        self.type_box.setToolTip(tip)

    def unit(self) -> ur.Unit:
        tid = self.type_box.currentData()
        full = ur.tables().units[tid].steps
        steps = self.pips.steps()
        return ur.Unit(tid, None if steps == full else steps, self.raider.isChecked())


class SideEditor(QGroupBox):
    """One side: stance, the stack (at most the stacking limit), retreat, magic, and for the
    defender its position's terrain features."""

    changed = Signal()

    def __init__(self, role: str, parent: QWidget | None = None):
        super().__init__(side_title(role), parent)
        self.role = role
        colour = ATTACKER if role == "attacker" else DEFENDER
        self.setStyleSheet(f"QGroupBox {{ font-weight: bold; }} "
                           f"QGroupBox::title {{ color: {colour}; }}")
        self.rows: list[UnitRow] = []
        self.stance = QComboBox()
        for s in STANCES:
            self.stance.addItem(label("stances", s), s)
        self.stance.setToolTip(translate("widgets.ur_stack", "Attack: melee value with attack modifiers; defend: with "
                               "defence modifiers. Attack-only / defence-only units sit out "
                               "the other stance"))
        self.stance.currentIndexChanged.connect(self._edited)
        self.units_box = QVBoxLayout()
        self.units_box.setSpacing(3)
        self.add_button = QPushButton(translate("widgets.ur_stack", "Add unit"))
        self.add_button.setToolTip(translate("widgets.ur_stack", "At most {most} units per side "
                                                                 "(the stacking limit)").format(
            most=ur.STACKING_LIMIT))
        self.add_button.clicked.connect(self.add_unit)
        self.count_label = QLabel("")
        self.count_label.setStyleSheet("color: #666666; font-weight: normal;")
        self.notes = QLabel("")
        self.notes.setWordWrap(True)
        self.notes.setStyleSheet("color: #666666; font-weight: normal;")
        self.retreat = QSpinBox()
        self.retreat.setRange(0, 4 * 6)
        self.retreat.setSpecialValueText(translate("widgets.ur_stack", "never"))
        self.retreat.setSuffix(translate("widgets.ur_stack", " steps"))
        self.retreat.setToolTip(translate("widgets.ur_stack", "Retreat before a round when this side's steps left are at "
                                "or below this (retreating loses the battle)"))
        self.retreat.valueChanged.connect(self._edited)
        self.magic = QSpinBox()
        self.magic.setRange(-MAX_MAGIC, MAX_MAGIC)
        self.magic.setToolTip(translate("widgets.ur_stack", "Magic: ± to this side's melee rolls"))
        self.magic.valueChanged.connect(self._edited)
        self.moving = QCheckBox(translate("widgets.ur_stack", "Moving toward archers"))
        self.moving.setToolTip(translate("widgets.ur_stack", "The attacker moves toward the defender's archers: the "
                               "defender's ranged rolls get +1"))
        self.moving.toggled.connect(self._edited)
        self.terrain = QComboBox()
        for t in TERRAINS:
            self.terrain.addItem(label("terrain", t), t)
        self.terrain.setToolTip(translate("widgets.ur_stack", "The defender's terrain: attacks on it −1, its defence +1"))
        self.terrain.currentIndexChanged.connect(self._edited)
        self.river = QCheckBox(translate("widgets.ur_stack", "River"))
        self.river.setToolTip(translate("widgets.ur_stack", "Behind a river: attacks on the position −2, its defence +2"))
        self.river.toggled.connect(self._edited)
        self.dwarf_hill = QCheckBox(translate("widgets.ur_stack", "Dwarf hill"))
        self.dwarf_hill.setToolTip(translate("widgets.ur_stack", "Dwarves on a hill: +1 to attacks on the position and "
                                   "+1 to its defence"))
        self.dwarf_hill.toggled.connect(self._edited)

        head = QHBoxLayout()
        head.addWidget(QLabel(translate("widgets.ur_stack", "Stance:")))
        head.addWidget(self.stance)
        head.addStretch(1)
        head.addWidget(self.count_label)
        add_row = QHBoxLayout()
        add_row.addWidget(self.add_button)
        add_row.addStretch(1)
        options = QHBoxLayout()
        retreat_label = QLabel(translate("widgets.ur_stack", "Retreat at ≤"))
        retreat_label.setBuddy(self.retreat)
        magic_label = QLabel(translate("widgets.ur_stack", "Magic"))
        magic_label.setBuddy(self.magic)
        for w in (retreat_label, self.retreat, magic_label, self.magic):
            options.addWidget(w)
        options.addStretch(1)
        extra = QHBoxLayout()
        if role == "attacker":
            extra.addWidget(self.moving)
        else:
            extra.addWidget(QLabel(translate("widgets.ur_stack", "Terrain")))
            extra.addWidget(self.terrain)
            extra.addWidget(self.river)
            extra.addWidget(self.dwarf_hill)
        extra.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addLayout(head)
        layout.addLayout(self.units_box)
        layout.addLayout(add_row)
        layout.addWidget(self.notes)
        layout.addLayout(options)
        layout.addLayout(extra)
        # only now, with the editor as their parent: a widget without one that is made
        # visible opens as a window of its own (and, once a window is on screen, takes the
        # keyboard focus from it)
        for w in (self.moving, self.terrain, self.river, self.dwarf_hill):
            w.setVisible(w is self.moving if role == "attacker" else w is not self.moving)
        self._update()

    # -- stack -------------------------------------------------------------------------------
    def add_unit(self, unit: ur.Unit | None = None, *, quiet: bool = False) -> UnitRow | None:
        if len(self.rows) >= ur.STACKING_LIMIT:
            return None          # the button is disabled: the stacking limit can't be passed
        row = UnitRow(self.role, unit if isinstance(unit, ur.Unit) else ur.Unit("infantry"))
        row.changed.connect(self._edited)
        row.removed.connect(self.remove_unit)
        self.rows.append(row)
        self.units_box.addWidget(row)
        self._update()
        if not quiet:
            row.type_box.setFocus()
            self.changed.emit()
        return row

    def remove_unit(self, row: UnitRow) -> None:
        if row not in self.rows:
            return
        self.rows.remove(row)
        self._drop(row)
        self._update()
        self.changed.emit()

    def _drop(self, row: UnitRow) -> None:
        # hidden and detached at once: deleteLater only runs when the event loop gets to it
        self.units_box.removeWidget(row)
        row.hide()
        row.setParent(None)
        row.deleteLater()

    def _edited(self, *_args) -> None:
        self._update()
        self.changed.emit()

    def _chain_tab_order(self) -> None:
        # Rows are created after the form is in its window, so Qt would put them at the very
        # end of the window's tab order (after the plots); keep them where they are shown.
        chain: list[QWidget] = [self.stance]
        for row in self.rows:
            chain += [row.type_box, row.pips, row.raider, row.remove_button]
        chain.append(self.add_button)
        for first, second in zip(chain, chain[1:]):
            QWidget.setTabOrder(first, second)

    def _update(self) -> None:
        n = len(self.rows)
        self._chain_tab_order()
        self.add_button.setEnabled(n < ur.STACKING_LIMIT)
        steps = sum(r.pips.steps() for r in self.rows)
        self.count_label.setText(translate("widgets.ur_stack", "{count}/{most} units · {steps} "
                                                               "steps").format(
            count=n, most=ur.STACKING_LIMIT, steps=steps))
        stance = self.stance.currentData()
        idle = [r.type_box.currentText() for r in self.rows
                if not ur.tables().units[r.type_box.currentData()].melee_in(stance)]
        note = []
        if idle:
            note.append((translate("widgets.ur_stack", "Sits out the melee while attacking: {units}")
                         if stance == "attack" else
                         translate("widgets.ur_stack", "Sits out the melee while defending: "
                                                       "{units}")).format(units=", ".join(idle)))
        if not self.rows:
            note.append(translate("widgets.ur_stack", "No units: this side has lost before the "
                                                      "battle starts."))
        self.notes.setText(" ".join(note))
        self.notes.setVisible(bool(note))

    # -- value --------------------------------------------------------------------------
    def side(self) -> ur.Side:
        return ur.Side(self.stance.currentData(), tuple(r.unit() for r in self.rows),
                       self.retreat.value(), self.magic.value(),
                       self.role == "attacker" and self.moving.isChecked())

    def load(self, side: ur.Side) -> None:
        for row in self.rows:
            self._drop(row)
        self.rows = []
        for unit in side.units[:ur.STACKING_LIMIT]:
            self.add_unit(unit, quiet=True)
        self.stance.setCurrentIndex(self.stance.findData(side.stance))
        self.retreat.setValue(side.retreat_at_steps)
        self.magic.setValue(side.magic)
        self.moving.setChecked(side.moving_to_archers)
        self._update()

    def load_position(self, position: ur.Position) -> None:
        self.terrain.setCurrentIndex(self.terrain.findData(position.terrain))
        self.river.setChecked(position.river)
        self.dwarf_hill.setChecked(position.dwarf_hill)
