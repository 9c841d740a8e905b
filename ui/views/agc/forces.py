"""AGC's form widgets: the forces table (units, dice, the terrain's modifiers, engineers)
and the random-force generator. The numbers shown come from the engine (``agc``)."""
from __future__ import annotations

import random
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont, QFontMetrics
from PySide6.QtWidgets import (QComboBox, QFormLayout, QGridLayout, QGroupBox, QHBoxLayout,
                               QLabel, QPushButton, QSpinBox, QWidget)

from combatassist.errors import CombatAssistError
from combatassist.rulesets import agc
from combatassist.rulesets.agc import AgcScenario, AgcSide
from combatassist.rulesets.agc.data import BASE_TYPES

from ...engine_text import render
from ...result_style import ATTACKER, DEFENDER
from .terrain import modifier_colour, signed
from ...widgets.count_box import CountBox
from ...i18n import data_name, side_name, side_title, translate

SIDES = ("attacker", "defender")
#: Largest random force the form offers (a side holds at most agc.MAX_UNITS_PER_SIDE).
MAX_RANDOM_FORCE = agc.MAX_UNITS_PER_SIDE


class ForcesTable(QWidget):
    """Units per side, one row per unit type, with its die and the chosen terrain's modifier
    beside the counts; the engineers' choice per side underneath."""

    def __init__(self, on_change, parent: QWidget | None = None):
        super().__init__(parent)
        self.on_change = on_change
        self.types = agc.unit_types()
        self.spins: dict[str, dict[str, QSpinBox]] = {s: {} for s in SIDES}
        self.modifier_labels: dict[str, QLabel] = {}
        grid = QGridLayout(self)
        grid.setContentsMargins(0, 0, 0, 0)
        grid.setHorizontalSpacing(8)
        grid.setVerticalSpacing(3)
        self.terrain_head = QLabel("")
        self.terrain_head.setAlignment(Qt.AlignmentFlag.AlignCenter)
        # as wide as the widest terrain's name from the start: picking "Mountainous" never
        # widens the column (and with it the set-up pane)
        bold = QFont(self.terrain_head.font())
        bold.setBold(True)
        self.terrain_head.setMinimumWidth(max(
            QFontMetrics(bold).horizontalAdvance(data_name("agc", t["name"]))
            for t in agc.terrains()) + 4)
        heads = [QLabel(translate("widgets.agc_forces", "<b>Unit</b>")), QLabel(translate("widgets.agc_forces", "<b>Die</b>")), self.terrain_head,
                 QLabel(f'<b style="color:{ATTACKER}">{side_title("attacker")}</b>'),
                 QLabel(f'<b style="color:{DEFENDER}">{side_title("defender")}</b>')]
        for col, head in enumerate(heads):
            grid.addWidget(head, 0, col)
        self.terrain_head.setToolTip(translate("widgets.agc_forces", "This terrain's modifier for each unit type (before "
                                     "pairings and engineers)"))
        for row, unit in enumerate(self.types, start=1):
            unit_name = data_name("agc", unit["name"])
            name = QLabel(unit_name)
            tip = translate("widgets.agc_forces", "{unit}: die d{die}; terrain table column: "
                                                  "{column}").format(
                unit=unit_name, die=unit["die"],
                column=data_name("agc", unit["base_type"].replace("_", " ")))
            if unit["home_terrains"]:
                tip += translate("widgets.agc_forces", "; infantry with +1 in its own terrain: "
                                                       "{terrains}").format(
                    terrains=", ".join(data_name("agc", t.replace("_", " "))
                                       for t in unit["home_terrains"]))
            name.setToolTip(tip)
            die = QLabel(translate("widgets.agc_forces", "d{die}").format(die=unit["die"]))
            die.setAlignment(Qt.AlignmentFlag.AlignCenter)
            mod = QLabel("")
            mod.setAlignment(Qt.AlignmentFlag.AlignCenter)
            mod.setObjectName(f"agc_mod_{unit['id']}")
            self.modifier_labels[unit["id"]] = mod
            grid.addWidget(name, row, 0)
            grid.addWidget(die, row, 1)
            grid.addWidget(mod, row, 2)
            for col, side in enumerate(SIDES, start=3):
                spin = CountBox(agc.MAX_UNITS_PER_SIDE)
                spin.setMaximumWidth(62)
                spin.setObjectName(f"agc_{side}_{unit['id']}")
                spin.setAccessibleName(f"{side_name(side)} {unit_name}")
                spin.valueChanged.connect(self.on_change)
                self.spins[side][unit["id"]] = spin
                grid.addWidget(spin, row, col)
        row = len(self.types) + 1
        self.total_labels = {}
        grid.addWidget(QLabel(translate("widgets.agc_forces", "Units")), row, 0)
        for col, side in enumerate(SIDES, start=3):
            total = QLabel("0")
            total.setAlignment(Qt.AlignmentFlag.AlignCenter)
            self.total_labels[side] = total
            grid.addWidget(total, row, col)
        row += 1
        eng = QLabel(translate("widgets.agc_forces", "Engineers remove the\nterrain penalties of:"))
        grid.addWidget(eng, row, 0, 1, 3)
        self.engineers: dict[str, QComboBox] = {}
        for col, side in enumerate(SIDES, start=3):
            combo = QComboBox()
            combo.setObjectName(f"agc_{side}_engineers_choice")
            combo.addItem(translate("widgets.agc_forces", "auto"), None)
            combo.setMinimumContentsLength(9)
            for base in BASE_TYPES:
                combo.addItem(data_name("agc", agc.RULESET.label("units", base)), base)
            combo.setToolTip(translate("widgets.agc_forces", "Each side's engineers remove the terrain penalties of one allied "
                             "unit type. Automatic: the type that loses most in this terrain. "
                             "(Specialised infantry use the infantry column.)"))
            combo.currentIndexChanged.connect(self.on_change)
            self.engineers[side] = combo
            grid.addWidget(combo, row, col)
        grid.setColumnStretch(0, 1)

    def side(self, side: str) -> AgcSide:
        units = {u: s.value() for u, s in self.spins[side].items() if s.value()}
        return AgcSide(units, self.engineers[side].currentData())

    def load(self, side: str, value: AgcSide) -> None:
        for unit, spin in self.spins[side].items():
            spin.setValue(int(value.units.get(unit, 0)))
        combo = self.engineers[side]
        combo.setCurrentIndex(max(0, combo.findData(value.engineer_unit_type)))

    def fill(self, side: str, units: dict[str, int]) -> None:
        """Replace a side's units (a generated force); one change notification."""
        for unit, spin in self.spins[side].items():
            spin.blockSignals(True)
            spin.setValue(int(units.get(unit, 0)))
            spin.blockSignals(False)
        self.on_change()

    def refresh(self, terrain: dict[str, Any], payload: AgcScenario) -> None:
        """Show the terrain's modifiers and each side's engineer options for ``payload``."""
        self.terrain_head.setText(f"<b>{data_name('agc', terrain['name'])}</b>")
        for unit in self.types:
            value = terrain["modifiers"][unit["id"]]
            label = self.modifier_labels[unit["id"]]
            label.setText(f'<b style="color:{modifier_colour(value)}">{signed(value)}</b>')
            home = terrain["id"] in unit["home_terrains"]
            label.setToolTip(translate("widgets.agc_forces", "{unit} in {terrain}: {modifier}")
                             .format(unit=data_name("agc", unit["name"]),
                                     terrain=data_name("agc", terrain["name"]),
                                     modifier=signed(value))
                             + (translate("widgets.agc_forces", " (its own terrain: +1 included)")
                                if home else ""))
        for side in SIDES:
            units = payload.side(side).units
            self.total_labels[side].setText(str(sum(units.values())))
            combo = self.engineers[side]
            has_engineers = units.get("engineers", 0) > 0
            combo.setEnabled(has_engineers)
            present = {u["base_type"] for u in self.types if units.get(u["id"], 0)}
            model = combo.model()
            for i in range(1, combo.count()):
                base = combo.itemData(i)
                model.item(i).setEnabled(base in present or base == combo.currentData())
                model.item(i).setToolTip("" if base in present else translate(
                    "widgets.agc_forces", "the {side} has no {units}").format(
                        side=side_name(side), units=data_name("agc", base.replace("_", " "))))
            auto = None
            if has_engineers:
                try:
                    auto = agc.default_engineer_type(payload, side)
                except CombatAssistError:
                    auto = None
            auto_text = translate("widgets.agc_forces", "auto")
            if auto:
                auto_text += ": " + data_name("agc", auto.replace("_", " "))
            elif has_engineers:
                auto_text += ": " + translate("widgets.agc_forces", "none")
            combo.setItemText(0, auto_text)


class RandomForcePanel(QGroupBox):
    """N units and a seed; Generate fills a side and shows every die rolled and why."""

    def __init__(self, fill, parent: QWidget | None = None):
        super().__init__(translate("widgets.agc_forces", "Random force"), parent)
        self.fill = fill
        self.size = QSpinBox()
        self.size.setRange(1, MAX_RANDOM_FORCE)
        self.size.setValue(10)
        self.size.setObjectName("agc_random_size")
        self.seed = QSpinBox()
        self.seed.setRange(0, 999_999)
        self.seed.setValue(1)
        self.seed.setObjectName("agc_random_seed")
        self.seed.setToolTip(translate("widgets.agc_forces", "The same N and seed always give the same force"))
        self.new_seed = QPushButton(translate("widgets.agc_forces", "New seed"))
        self.new_seed.setToolTip(translate("widgets.agc_forces", "Pick a random seed"))
        self.new_seed.clicked.connect(lambda: self.seed.setValue(random.randint(0, 999_999)))
        self.target = QComboBox()
        for side in SIDES:
            self.target.addItem(side_name(side), side)
        self.generate_button = QPushButton(translate("widgets.agc_forces", "Generate"))
        self.generate_button.setToolTip(translate("widgets.agc_forces", "Roll a force of N units for the chosen side"))
        self.generate_button.clicked.connect(self.generate)
        self.log = QLabel("")
        self.log.setObjectName("agc_random_log")
        self.log.setWordWrap(True)
        self.log.setTextFormat(Qt.TextFormat.RichText)
        self.log.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.force: Any = None
        form = QFormLayout(self)
        form.addRow(translate("widgets.agc_forces", "Units (N):"), self.size)
        seed_row = QHBoxLayout()
        seed_row.addWidget(self.seed, 1)
        seed_row.addWidget(self.new_seed)
        form.addRow(translate("widgets.agc_forces", "Seed:"), seed_row)
        go = QHBoxLayout()
        go.addWidget(self.target, 1)
        go.addWidget(self.generate_button)
        form.addRow(translate("widgets.agc_forces", "Fill:"), go)
        form.addRow(self.log)

    def generate(self) -> None:
        side = self.target.currentData()
        try:
            force = agc.generate_force(self.size.value(), self.seed.value())
        except CombatAssistError as exc:
            self.log.setText(f'<span style="color:{DEFENDER}">⚠ {exc}</span>')
            return
        self.force = force
        rolls = "".join(f"<li>{render(r.step)}: {r.die} = <b>{r.face}</b> → "
                        f"{render(r.meaning)}</li>" for r in force.rolls)
        notes = "".join(f"<li>{render(n)}</li>" for n in force.notes)
        made = ", ".join(f"{c} {data_name('agc', u.replace('_', ' '))}"
                         for u, c in force.units.items() if c)
        self.log.setText(translate("widgets.agc_forces", "<b>{side}</b> ({size} units, seed "
                                                         "{seed}): {units}").format(
            side=side_title(side), size=force.size, seed=self.seed.value(), units=made)
            + f"<ul style='margin-left:-20px'>{rolls}{notes}</ul>")
        self.fill(side, force.units)
