"""The Alternate Ground Combat view: terrain picker, forces, engineers, AAD option, random
forces; results with the totals overlaid, the margin bands and the steps of damage; a
table-side tab to resolve the combat with real dice.

The view holds no rules: it builds an ``agc.AgcScenario`` from the form, the engine answers
(``agc.compute`` off the UI thread; ``agc.lineup`` / ``default_engineer_type`` /
``resolve_table`` / ``generate_force`` for the small on-the-spot questions).
"""
from __future__ import annotations

import random
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QCheckBox, QComboBox, QFormLayout, QGridLayout, QGroupBox,
                               QHBoxLayout, QLabel, QLineEdit, QPushButton, QSpinBox,
                               QVBoxLayout, QWidget)

from combatassist.errors import CombatAssistError
from combatassist.result import BattleResult
from combatassist.rulesets import agc
from combatassist.rulesets.agc import AgcScenario, AgcSide
from combatassist.rulesets.agc.data import BASE_TYPES
from combatassist.scenario import Scenario

from ..results import ATTACKER, DEFENDER, pct
from ..widgets.agc_plots import AgcPlots
from ..widgets.count_box import CountBox
from ..widgets.agc_table import AgcTablePanel
from ..widgets.agc_terrain import TerrainPicker, modifier_colour, signed
from .base import RulesetView

SIDES = ("attacker", "defender")
SIDE_COLOURS = {"attacker": ATTACKER, "defender": DEFENDER}
#: Largest random force the form offers (a side holds at most agc.MAX_UNITS_PER_SIDE).
MAX_RANDOM_FORCE = agc.MAX_UNITS_PER_SIDE


def default_agc_scenario() -> Scenario:
    """What a new AGC view shows: examples/agc-forest.toml, a combined-arms attack into forest."""
    return Scenario("agc", AgcScenario(
        terrain="forest",
        attacker=AgcSide({"infantry": 4, "armor": 2, "artillery": 1}),
        defender=AgcSide({"infantry": 5, "engineers": 1})),
        "Combined arms into forest")


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
        heads = [QLabel("<b>Unit</b>"), QLabel("<b>Die</b>"), self.terrain_head,
                 QLabel(f'<b style="color:{ATTACKER}">Attacker</b>'),
                 QLabel(f'<b style="color:{DEFENDER}">Defender</b>')]
        for col, head in enumerate(heads):
            grid.addWidget(head, 0, col)
        self.terrain_head.setToolTip("This terrain's modifier for each unit type (before "
                                     "pairings and engineers)")
        for row, unit in enumerate(self.types, start=1):
            name = QLabel(unit["name"])
            tip = (f"{unit['name']}: die d{unit['die']}; terrain table column: "
                   f"{unit['base_type'].replace('_', ' ')}")
            if unit["home_terrains"]:
                tip += (f"; infantry with +1 in its own terrain: "
                        f"{', '.join(t.replace('_', ' ') for t in unit['home_terrains'])}")
            name.setToolTip(tip)
            die = QLabel(f"d{unit['die']}")
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
                spin.setAccessibleName(f"{side} {unit['name']}")
                spin.valueChanged.connect(self.on_change)
                self.spins[side][unit["id"]] = spin
                grid.addWidget(spin, row, col)
        row = len(self.types) + 1
        self.total_labels = {}
        grid.addWidget(QLabel("Units"), row, 0)
        for col, side in enumerate(SIDES, start=3):
            total = QLabel("0")
            total.setAlignment(Qt.AlignmentFlag.AlignCenter)
            self.total_labels[side] = total
            grid.addWidget(total, row, col)
        row += 1
        eng = QLabel("Engineers remove the\nterrain penalties of:")
        grid.addWidget(eng, row, 0, 1, 3)
        self.engineers: dict[str, QComboBox] = {}
        for col, side in enumerate(SIDES, start=3):
            combo = QComboBox()
            combo.setObjectName(f"agc_{side}_engineers_choice")
            combo.addItem("auto", None)
            combo.setMinimumContentsLength(9)
            for base in BASE_TYPES:
                combo.addItem(base.replace("_", " "), base)
            combo.setToolTip("Each side's engineers remove the terrain penalties of one allied "
                             "unit type. Automatic: the type that loses most in this terrain. "
                             "(Specialised infantry use the infantry column.)")
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
        self.terrain_head.setText(f"<b>{terrain['name']}</b>")
        for unit in self.types:
            value = terrain["modifiers"][unit["id"]]
            label = self.modifier_labels[unit["id"]]
            label.setText(f'<b style="color:{modifier_colour(value)}">{signed(value)}</b>')
            home = terrain["id"] in unit["home_terrains"]
            label.setToolTip(f"{unit['name']} in {terrain['name']}: {signed(value)}"
                             + (" (its own terrain: +1 included)" if home else ""))
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
                model.item(i).setToolTip("" if base in present else
                                         f"the {side} has no {base.replace('_', ' ')}")
            auto = None
            if has_engineers:
                try:
                    auto = agc.default_engineer_type(payload, side)
                except CombatAssistError:
                    auto = None
            combo.setItemText(0, "auto" + (f": {auto.replace('_', ' ')}" if auto else
                                           ": none" if has_engineers else ""))


class RandomForcePanel(QGroupBox):
    """N units and a seed; Generate fills a side and shows every die rolled and why."""

    def __init__(self, fill, parent: QWidget | None = None):
        super().__init__("Random force", parent)
        self.fill = fill
        self.size = QSpinBox()
        self.size.setRange(1, MAX_RANDOM_FORCE)
        self.size.setValue(10)
        self.size.setObjectName("agc_random_size")
        self.seed = QSpinBox()
        self.seed.setRange(0, 999_999)
        self.seed.setValue(1)
        self.seed.setObjectName("agc_random_seed")
        self.seed.setToolTip("The same N and seed always give the same force")
        self.new_seed = QPushButton("New seed")
        self.new_seed.setToolTip("Pick a random seed")
        self.new_seed.clicked.connect(lambda: self.seed.setValue(random.randint(0, 999_999)))
        self.target = QComboBox()
        for side in SIDES:
            self.target.addItem(side, side)
        self.generate_button = QPushButton("Generate")
        self.generate_button.setToolTip("Roll a force of N units for the chosen side")
        self.generate_button.clicked.connect(self.generate)
        self.log = QLabel("")
        self.log.setObjectName("agc_random_log")
        self.log.setWordWrap(True)
        self.log.setTextFormat(Qt.TextFormat.RichText)
        self.log.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.force: Any = None
        form = QFormLayout(self)
        form.addRow("Units (N):", self.size)
        seed_row = QHBoxLayout()
        seed_row.addWidget(self.seed, 1)
        seed_row.addWidget(self.new_seed)
        form.addRow("Seed:", seed_row)
        go = QHBoxLayout()
        go.addWidget(self.target, 1)
        go.addWidget(self.generate_button)
        form.addRow("Fill:", go)
        form.addRow(self.log)

    def generate(self) -> None:
        side = self.target.currentData()
        try:
            force = agc.generate_force(self.size.value(), self.seed.value())
        except CombatAssistError as exc:
            self.log.setText(f'<span style="color:{DEFENDER}">⚠ {exc}</span>')
            return
        self.force = force
        rolls = "".join(f"<li>{r.step}: {r.die} = <b>{r.face}</b> → {r.meaning}</li>"
                        for r in force.rolls)
        notes = "".join(f"<li>{n}</li>" for n in force.notes)
        made = ", ".join(f"{c} {u.replace('_', ' ')}" for u, c in force.units.items() if c)
        self.log.setText(f"<b>{side.capitalize()}</b> ({force.size} units, seed "
                         f"{self.seed.value()}): {made}<ul style='margin-left:-20px'>{rolls}"
                         f"{notes}</ul>")
        self.fill(side, force.units)


class AgcView(RulesetView):
    """Alternate Ground Combat: one combat resolution in the chosen terrain."""

    ruleset = "agc"
    title = "Alternate Ground Combat"
    loss_unit = "steps of damage"

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # AGC is one resolution: the shared panel's round plot and round figures say nothing
        # here, and its loss plot is replaced by the three AGC plots (with the baseline).
        self.results.round_plot.setVisible(False)
        self.results.loss_plot.setVisible(False)
        for key in ("undecided", "expected_rounds"):
            self._hide_figure(key)
        odds_layout = self.odds_page.layout()
        odds_layout.setStretchFactor(self.results, 0)
        odds_layout.addWidget(self.contest_label)
        odds_layout.addWidget(self.plots, 1)
        self.results.baseline_changed.connect(lambda _on: self._draw_plots())

    def _hide_figure(self, key: str) -> None:
        """Hide one of the shared panel's figures and its name (the label left of it)."""
        self.results.figures.drop(self.results.numbers[key])

    # -- the form -----------------------------------------------------------------------------
    def build_form(self) -> QWidget:
        form = QWidget()
        self._terrains = {t["id"]: t for t in agc.terrains()}
        homes: dict[str, list[str]] = {}
        for unit in agc.unit_types():
            for t in unit["home_terrains"]:
                homes.setdefault(t, []).append(unit["name"])
        self.title_edit = QLineEdit()
        self.title_edit.setPlaceholderText("optional title")
        self.title_edit.textEdited.connect(self.edited)

        self.terrain = TerrainPicker(list(self._terrains.values()), BASE_TYPES, homes)
        self.terrain.setObjectName("agc_terrain")
        self.terrain.picked.connect(self._on_edit)
        legend = QLabel(f'Modifiers per unit type: <b style="color:{ATTACKER}">+ bonus</b>, '
                        f'<b style="color:{DEFENDER}">− penalty</b>; ★ a specialised '
                        "infantry's own terrain (+1). Arrow keys move the choice.")
        legend.setWordWrap(True)
        legend.setStyleSheet("color:#444")
        terrain_box = QGroupBox("Terrain")
        tl = QVBoxLayout(terrain_box)
        tl.addWidget(self.terrain)
        tl.addWidget(legend)

        self.forces = ForcesTable(self._on_edit)
        forces_box = QGroupBox("Forces")
        QVBoxLayout(forces_box).addWidget(self.forces)

        self.air_attacks_aad = QCheckBox("Air support attacks the AAD directly")
        self.air_attacks_aad.setObjectName("agc_air_attacks_aad")
        self.air_attacks_aad.setToolTip("Off: in an AAD contest the AAD side is always the "
                                        "victor (unless tied). On: the higher score wins.")
        self.air_attacks_aad.toggled.connect(self._on_edit)
        self.aad_note = QLabel("")
        self.aad_note.setWordWrap(True)
        self.aad_note.setStyleSheet("color:#555")
        options = QGroupBox("Anti-air defence")
        ol = QVBoxLayout(options)
        ol.addWidget(self.air_attacks_aad)
        ol.addWidget(self.aad_note)

        self.random_force = RandomForcePanel(self.forces.fill)

        layout = QVBoxLayout(form)
        title_row = QFormLayout()
        title_row.addRow("Title:", self.title_edit)
        layout.addLayout(title_row)
        layout.addWidget(terrain_box)
        layout.addWidget(forces_box)
        layout.addWidget(options)
        layout.addWidget(self.random_force)
        layout.addStretch(1)
        return form

    def _on_edit(self, *_args) -> None:
        self._refresh_form()
        self.edited()

    def _refresh_form(self) -> None:
        """Everything that follows from the set-up: modifiers shown, enabled options, table."""
        payload = self._payload()
        self.forces.refresh(self._terrains[payload.terrain], payload)
        contests = [(a, b) for a, b in (("attacker", "defender"), ("defender", "attacker"))
                    if payload.side(a).units.get("aad", 0) and
                    payload.side(b).units.get("air_support", 0)]
        self.air_attacks_aad.setEnabled(bool(contests))
        self.aad_note.setText(
            "AAD contest: " + "; ".join(f"{a} AAD vs {b} air support" for a, b in contests)
            if contests else "No AAD contest: it needs AAD on one side and air support on the "
                             "other.")
        if hasattr(self, "table_panel_agc"):
            self.table_panel_agc.refresh()

    def _payload(self) -> AgcScenario:
        return AgcScenario(terrain=self.terrain.terrain(), attacker=self.forces.side("attacker"),
                           defender=self.forces.side("defender"),
                           air_attacks_aad=self.air_attacks_aad.isChecked())

    def default_scenario(self) -> Scenario:
        return default_agc_scenario()

    def scenario(self) -> Scenario:
        return Scenario(self.ruleset, self._payload(), self.title_edit.text().strip() or None)

    def load_scenario(self, scenario: Scenario) -> None:
        body: AgcScenario = scenario.body
        self.title_edit.setText(scenario.title or "")
        self.terrain.set_terrain(body.terrain)
        for side in SIDES:
            self.forces.load(side, body.side(side))
        self.air_attacks_aad.setChecked(body.air_attacks_aad)
        self._refresh_form()

    # -- results --------------------------------------------------------------------------------
    def extra_tabs(self) -> list[tuple[str, QWidget]]:
        self.plots = AgcPlots(agc.margin_bands())
        self.contest_label = QLabel("")
        self.contest_label.setObjectName("agc_contests")
        self.contest_label.setWordWrap(True)
        self.contest_label.setTextFormat(Qt.TextFormat.RichText)
        self.table_panel_agc = AgcTablePanel(self._payload)
        # dice entered at the table freeze the set-up, as a battle at the table does elsewhere
        self.table_panel_agc.locked_changed.connect(lambda on: self.form.setEnabled(not on))
        return [("At the table", self.table_panel_agc)]

    def show_result(self, result: Any) -> None:
        super().show_result(result)
        self._draw_plots()
        self.contest_label.setText(self.contest_text(result))

    def show_error(self, message: str) -> None:
        super().show_error(message)
        self.contest_label.setText("")

    def _draw_plots(self) -> None:
        result = self.results.result
        if result is not None:
            self.plots.draw(result, self.results.baseline)

    @staticmethod
    def contest_text(result: BattleResult) -> str:
        """The AAD contests in words (empty when there is none)."""
        lines = []
        for c in result.extra.get("aad_contests", []):
            aad_steps = sum(a * p for a, _, p in c["damage"])
            air_steps = sum(d * p for _, d, p in c["damage"])
            lines.append(f"<b>AAD contest</b> ({c['aad_side']} AAD vs {c['air_side']} air "
                         f"support): AAD victor {pct(c['aad_victor'])}, air support victor "
                         f"{pct(c['air_victor'])}, tie {pct(c['tie'])}; expected steps of "
                         f"damage: AAD {aad_steps:.2f}, air support {air_steps:.2f}")
        engineers = [f"{s} engineers remove the {t.replace('_', ' ')} penalties"
                     for s, t in result.extra.get("engineer_unit_type", {}).items() if t]
        exempt = [f"the {s} (air support only, no enemy AAD) takes no ground damage"
                  for s, e in result.extra.get("ground_damage_exempt", {}).items() if e]
        if engineers or exempt:
            lines.append("; ".join(engineers + exempt).capitalize() + ".")
        return "<br>".join(lines)
