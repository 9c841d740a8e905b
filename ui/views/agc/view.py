"""The Alternate Ground Combat view: terrain picker, forces, engineers, AAD option, random
forces; results with the totals overlaid, the margin bands and the steps of damage; the
table side (the one panel every ruleset uses, over AGC's one-round rules) with each unit's
die, modifier and why beside the dice to enter.

The view holds no rules: it builds an ``agc.AgcScenario`` from the form, the engine answers
(the odds off the UI thread; ``agc.lineup`` / ``default_engineer_type`` / ``generate_force``
for the small on-the-spot questions).
"""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QCheckBox, QFormLayout, QGroupBox, QLabel, QLineEdit,
                               QVBoxLayout, QWidget)

from combatassist.errors import CombatAssistError
from combatassist.result import BattleResult
from combatassist.rulesets import agc
from combatassist.rulesets.agc import AgcScenario
from combatassist.rulesets.agc import rules as agc_rules
from combatassist.rulesets.agc.data import BASE_TYPES
from combatassist.scenario import Scenario

from ...result_style import ATTACKER, DEFENDER, pct
from .forces import SIDES, ForcesTable, RandomForcePanel
from .plots import AgcPlots
from .lineup import LineupTables
from .terrain import TerrainPicker
from ...data_names import spaced
from ..base import ResolutionView
from ...i18n import data_name, number, side_name, translate


class AgcView(ResolutionView):
    """Alternate Ground Combat: one combat resolution in the chosen terrain."""

    ruleset = "agc"
    title = "Alternate Ground Combat"
    order = 30
    loss_unit = "steps of damage"
    loss_plot = False      # the three AGC plots below show the losses (with the baseline)
    form_width = 450       # the terrain tiles need a little more room

    @classmethod
    def data_names(cls) -> set[str]:
        """Terrains and units by name and id (in words), the margin bands."""
        from combatassist.rulesets import agc
        from combatassist.rulesets.agc.data import agc_data

        data = agc_data()
        names = {t["name"] for t in agc.terrains()} | {spaced(t["id"]) for t in agc.terrains()}
        for unit in agc.unit_types():
            names |= {unit["name"], spaced(unit["base_type"])}
        names |= {spaced(u) for u in data.unit_names} | {band.name for band in data.bands}
        return names

    def below_results(self) -> list[tuple[QWidget, int]]:
        self.contest_label = QLabel("")
        self.contest_label.setObjectName("agc_contests")
        self.contest_label.setWordWrap(True)
        self.contest_label.setTextFormat(Qt.TextFormat.RichText)
        return [(self.contest_label, 0)]

    def detail_pages(self) -> list[tuple[str, QWidget]]:
        self.plots = AgcPlots(agc.margin_bands(), self)
        return self.plots.pages()

    def finish_build(self) -> None:
        self.results.baseline_changed.connect(lambda _on: self._draw_plots())
        # at the table: each unit's die, modifier and why, beside the dice to enter
        self.lineup_tables = LineupTables()
        self.table_panel.set_detail_widget(self.lineup_tables)

    # -- the form -----------------------------------------------------------------------------
    def build_form(self) -> QWidget:
        form = QWidget()
        self._terrains = {t["id"]: t for t in agc.terrains()}
        homes: dict[str, list[str]] = {}
        for unit in agc.unit_types():
            for t in unit["home_terrains"]:
                homes.setdefault(t, []).append(unit["name"])
        self.title_edit = QLineEdit()
        self.title_edit.setPlaceholderText(translate("views.agc", "optional title"))
        self.title_edit.textEdited.connect(self.edited)

        self.terrain = TerrainPicker(list(self._terrains.values()), BASE_TYPES, homes)
        self.terrain.setObjectName("agc_terrain")
        self.terrain.picked.connect(self._on_edit)
        legend = QLabel(translate(
            "views.agc", 'Modifiers per unit type: <b style="color:{plus}">+ bonus</b>, <b style='
            '"color:{minus}">− penalty</b>; ★ a specialised infantry\'s own terrain (+1). Arrow '
            'keys move the choice.').format(plus=ATTACKER, minus=DEFENDER))
        legend.setWordWrap(True)
        legend.setStyleSheet("color:#444")
        terrain_box = QGroupBox(translate("views.agc", "Terrain"))
        tl = QVBoxLayout(terrain_box)
        tl.addWidget(self.terrain)
        tl.addWidget(legend)

        self.forces = ForcesTable(self._on_edit)
        forces_box = QGroupBox(translate("views.agc", "Forces"))
        QVBoxLayout(forces_box).addWidget(self.forces)

        self.air_attacks_aad = QCheckBox(translate("views.agc", "Air support attacks the AAD directly"))
        self.air_attacks_aad.setObjectName("agc_air_attacks_aad")
        self.air_attacks_aad.setToolTip(translate("views.agc", "Off: in an AAD contest the AAD side is always the "
                                        "victor (unless tied). On: the higher score wins."))
        self.air_attacks_aad.toggled.connect(self._on_edit)
        self.aad_note = QLabel("")
        self.aad_note.setWordWrap(True)
        self.aad_note.setStyleSheet("color:#555")
        options = QGroupBox(translate("views.agc", "Anti-air defence"))
        ol = QVBoxLayout(options)
        ol.addWidget(self.air_attacks_aad)
        ol.addWidget(self.aad_note)

        self.random_force = RandomForcePanel(self.forces.fill)

        layout = QVBoxLayout(form)
        title_row = QFormLayout()
        title_row.addRow(translate("views.agc", "Title:"), self.title_edit)
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
        """Everything that follows from the set-up: modifiers shown, enabled options."""
        payload = self._payload()
        self.forces.refresh(self._terrains[payload.terrain], payload)
        try:
            contests = agc_rules.contests(agc.lineup(payload))
        except CombatAssistError:      # the set-up can't be fought: the results say why
            contests = []
        self.air_attacks_aad.setEnabled(bool(contests))
        self.aad_note.setText(
            translate("views.agc", "AAD contest: {contests}").format(contests="; ".join(
                translate("views.agc", "{aad} AAD vs {air} air support").format(
                    aad=side_name(a), air=side_name(b)) for a, b in contests))
            if contests else translate("views.agc", "No AAD contest: it needs AAD on one side "
                                                    "and air support on the other."))

    def _payload(self) -> AgcScenario:
        return AgcScenario(terrain=self.terrain.terrain(), attacker=self.forces.side("attacker"),
                           defender=self.forces.side("defender"),
                           air_attacks_aad=self.air_attacks_aad.isChecked())

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
            lines.append(translate(
                "views.agc", "<b>AAD contest</b> ({aad_side} AAD vs {air_side} air support): AAD "
                "victor {aad_victor}, air support victor {air_victor}, tie {tie}; expected steps "
                "of damage: AAD {aad_steps}, air support {air_steps}").format(
                    aad_side=side_name(c["aad_side"]), air_side=side_name(c["air_side"]),
                    aad_victor=pct(c["aad_victor"]), air_victor=pct(c["air_victor"]),
                    tie=pct(c["tie"]), aad_steps=number(aad_steps), air_steps=number(air_steps)))
        engineers = [translate("views.agc", "{side} engineers remove the {terrain} penalties")
                     .format(side=side_name(s), terrain=data_name("agc", t.replace("_", " ")))
                     for s, t in result.extra.get("engineer_unit_type", {}).items() if t]
        exempt = [translate("views.agc", "the {side} (air support only, no enemy AAD) takes no "
                                         "ground damage").format(side=side_name(s))
                  for s, e in result.extra.get("ground_damage_exempt", {}).items() if e]
        if engineers or exempt:
            lines.append("; ".join(engineers + exempt).capitalize() + ".")
        return "<br>".join(lines)
