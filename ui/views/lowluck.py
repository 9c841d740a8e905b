"""The Low Luck view: battle set-up, low luck vs standard dice, bombing raids, research."""
from __future__ import annotations

import dataclasses
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QCheckBox, QComboBox, QFormLayout, QGridLayout, QGroupBox,
                               QHBoxLayout, QLabel, QLineEdit, QSpinBox, QVBoxLayout, QWidget)

from combatassist.errors import CombatAssistError
from combatassist.rulesets import lowluck
from combatassist.scenario import Scenario

from ..result_style import ATTACKER, DEFENDER, pct
from ..widgets.count_box import CountBox
from ..widgets.loss_order import LossOrderEditor
from ..widgets.lowluck_extras import ResearchPanel, SbrPanel
from ..widgets.retreat_rules import RetreatRulesBox
from ..data_names import spaced
from .base import BattleView
from ..i18n import QT_TRANSLATE_NOOP, data_name, number, translate

ROLES = ("attacker", "defender")
ROLE_TITLES = {"attacker": QT_TRANSLATE_NOOP("views.lowluck", "Attacker"),
               "defender": QT_TRANSLATE_NOOP("views.lowluck", "Defender")}
UNIT_KINDS = (QT_TRANSLATE_NOOP("views.lowluck", "land"), QT_TRANSLATE_NOOP("views.lowluck", "air"),
              QT_TRANSLATE_NOOP("views.lowluck", "sea"))


def label(category: str, key: str) -> str:
    """A display name (``resources/lowluck/labels.toml``: label("units", "armor") -> "Armor")
    in the app's language."""
    return data_name("lowluck", lowluck.RULESET.label(category, key))


class SidePanel(QGroupBox):
    """One side's units, order of loss and techs."""

    def __init__(self, role: str, on_change, parent: QWidget | None = None,
                 edition: lowluck.Edition | None = None):
        super().__init__(translate("views.lowluck", ROLE_TITLES[role]), parent)
        self.role = role
        #: The edition whose units this panel shows (its unit rows are that edition's).
        self.edition = edition or lowluck.classic()
        #: The later editions' fields this panel has no inputs for yet (amphibious, bombard,
        #: damaged, submerge): kept as loaded, so a scenario opens and saves unchanged.
        self.extras: dict[str, Any] = {}
        colour = ATTACKER if role == "attacker" else DEFENDER
        self.setStyleSheet(f"QGroupBox {{ font-weight: bold; }} "
                           f"QGroupBox::title {{ color: {colour}; }}")
        self.spins: dict[str, QSpinBox] = {}
        grid = QGridLayout()
        for i, (uid, unit) in enumerate(self.edition.unit_map.items()):
            spin = CountBox(lowluck.MAX_PER_TYPE)
            spin.setObjectName(f"{role}_{uid}")
            value = unit.attack if role == "attacker" else unit.defence
            name = label("units", uid)
            text = QLabel(f"{name} <span style='color:#777'>({value})</span>")
            tip = (translate("views.lowluck", "{unit}: attack {attack}, defence {defence}, cost "
                                              "{cost} IPC ({kind}); the number beside the name "
                                              "is this side's attack")
                   if role == "attacker" else
                   translate("views.lowluck", "{unit}: attack {attack}, defence {defence}, cost "
                                              "{cost} IPC ({kind}); the number beside the name "
                                              "is this side's defence")).format(
                unit=name, attack=unit.attack, defence=unit.defence, cost=unit.cost,
                kind=translate("views.lowluck", unit.kind))
            spin.setToolTip(tip)
            text.setToolTip(tip)
            text.setBuddy(spin)
            spin.valueChanged.connect(on_change)
            self.spins[uid] = spin
            grid.addWidget(text, i // 2, 2 * (i % 2))
            grid.addWidget(spin, i // 2, 2 * (i % 2) + 1)
        self.order = LossOrderEditor(on_change,
                                     default=lambda: lowluck.rules.full_order(self.edition, (), role),
                                     label=lambda uid: label("units", uid))
        self.order.reset_button.setToolTip(translate("views.lowluck", "Cheapest first"))
        self.order.set_rows(lowluck.rules.full_order(self.edition, (), role))
        self.techs: dict[str, QCheckBox] = {}
        tech_row = QHBoxLayout()
        for t in self.edition.tech_effects:
            box = QCheckBox(label("techs", t))
            box.toggled.connect(on_change)
            self.techs[t] = box
            tech_row.addWidget(box)
        layout = QVBoxLayout(self)
        layout.addLayout(grid)
        layout.addWidget(QLabel(translate("views.lowluck", "Order of loss (first lost on top):")))
        layout.addWidget(self.order)
        layout.addLayout(tech_row)

    def allow(self, battle: str) -> None:
        """Disable unit types that can't fight in this kind of battle."""
        for uid, spin in self.spins.items():
            spin.setEnabled(self.edition.fights_in(uid, battle))
        self.order.hide_rows(lambda uid: not self.edition.fights_in(uid, battle))

    def side(self, battle: str) -> lowluck.LowLuckSide:
        # isEnabledTo(self): only this battle kind's own switch counts; the whole form is also
        # disabled while a battle is fought at the table, and its forces must still be read
        units = {uid: s.value() for uid, s in self.spins.items()
                 if s.value() and s.isEnabledTo(self)}
        return lowluck.LowLuckSide(units=units, order_of_loss=tuple(self.order.value()),
                                   techs=frozenset(t for t, b in self.techs.items()
                                                   if b.isChecked()), **self._extras_for(units))

    def _extras_for(self, units: dict[str, int]) -> dict[str, Any]:
        """The kept later-edition fields, cut to the units the form now has."""
        out = dict(self.extras)
        for key in ("amphibious", "damaged"):
            if key in out:
                out[key] = {u: min(n, units.get(u, 0)) for u, n in out[key].items()
                            if min(n, units.get(u, 0))}
        if "bombard" in out:
            room = sum(out.get("amphibious", {}).values())
            kept = {}
            for u, n in out["bombard"].items():
                kept[u] = min(n, room)
                room -= kept[u]
            out["bombard"] = {u: n for u, n in kept.items() if n}
        return out

    def load(self, side: lowluck.LowLuckSide) -> None:
        self.extras = {key: getattr(side, key) for key in
                       ("amphibious", "bombard", "damaged", "submerge") if getattr(side, key)}
        for uid, spin in self.spins.items():
            spin.setValue(int(side.units.get(uid, 0)))
        self.order.set_rows(lowluck.rules.full_order(self.edition, tuple(side.order_of_loss),
                                                         self.role),
                            custom=bool(side.order_of_loss))
        for t, box in self.techs.items():
            box.setChecked(t in side.techs)


class LowLuckView(BattleView):
    ruleset = "lowluck"
    title = "Low Luck"
    order = 10
    loss_unit = "units"

    @classmethod
    def data_names(cls) -> set[str]:
        """Every shipped edition's unit ids and the research techs, in words."""
        from combatassist.rulesets import lowluck
        from combatassist.rulesets.lowluck import tech

        names = {spaced(u) for name in lowluck.SHIPPED for u in lowluck.shipped(name).ids}
        for branch in tech.BRANCHES:
            names |= {spaced(t) for t in tech.branch(branch).techs}
        return names

    # -- form -------------------------------------------------------------------------------
    def build_form(self) -> QWidget:
        form = QWidget()
        self.title_edit = QLineEdit()
        self.title_edit.setPlaceholderText(translate("views.lowluck", "scenario title (optional)"))
        self.title_edit.textEdited.connect(self.edited)
        self.battle_kind = QComboBox()
        for kind in lowluck.BATTLE_KINDS:
            self.battle_kind.addItem(label("battles", kind), kind)
        self.battle_kind.currentIndexChanged.connect(self._kind_changed)
        self.dice_mode = QComboBox()
        for mode in lowluck.rules.DICE_MODES:
            self.dice_mode.addItem(label("dice", mode), mode)
        self.dice_mode.currentIndexChanged.connect(self.edited)
        self.max_rounds = QSpinBox()
        self.max_rounds.setRange(0, lowluck.MAX_ROUNDS)
        self.max_rounds.setSpecialValueText(translate("views.lowluck", "to the end"))
        self.max_rounds.setToolTip(translate("views.lowluck", "Stop after this many rounds (the rest is 'undecided'); "
                                   "0 = fight to the end"))
        self.max_rounds.valueChanged.connect(self.edited)
        self.retreat = RetreatRulesBox(self.edited, max_rounds=lowluck.MAX_ROUNDS,
                                       max_units=lowluck.MAX_PER_SIDE)
        self.retreat_after = self.retreat.after
        self.aa_gun = QCheckBox(translate("views.lowluck", "Defender has an AA gun"))
        self.sub_first = QCheckBox(translate("views.lowluck", "Submarines' first strike"))
        self.keep_land = QCheckBox(translate("views.lowluck", "Attacker keeps its last land unit"))
        for box in (self.aa_gun, self.sub_first, self.keep_land):
            box.toggled.connect(self.edited)
        self.edition = lowluck.classic()
        self.sides = {role: SidePanel(role, self.edited) for role in ROLES}

        options = QGroupBox(translate("views.lowluck", "Battle"))
        f = QFormLayout(options)
        f.addRow(translate("views.lowluck", "Title:"), self.title_edit)
        f.addRow(translate("views.lowluck", "Kind:"), self.battle_kind)
        f.addRow(translate("views.lowluck", "Dice:"), self.dice_mode)
        f.addRow(translate("views.lowluck", "Rounds:"), self.max_rounds)
        f.addRow(self.aa_gun)
        f.addRow(self.sub_first)
        f.addRow(self.keep_land)
        layout = QVBoxLayout(form)
        self.form_layout = layout
        layout.addWidget(options)
        layout.addWidget(self.retreat)
        for role in ROLES:
            layout.addWidget(self.sides[role])
        layout.addStretch(1)
        return form

    def _use_edition(self, edition: lowluck.Edition) -> None:
        """Rebuild the side panels with ``edition``'s units (when a scenario of another
        edition is opened)."""
        if edition == self.edition:
            return
        self.edition = edition
        for role in ROLES:
            old = self.sides[role]
            new = SidePanel(role, self.edited, edition=edition)
            self.form_layout.replaceWidget(old, new)
            old.deleteLater()
            self.sides[role] = new
        self.aa_gun.setVisible(edition.aa == "option")
        self.sub_first.setVisible(edition.submarines == "first_strike")

    def _kind_changed(self, *_args) -> None:
        kind = self.battle_kind.currentData()
        self.aa_gun.setEnabled(kind == "land" and self.edition.aa == "option")
        self.sub_first.setEnabled(kind == "sea" and self.edition.submarines == "first_strike")
        self.keep_land.setEnabled(kind == "land")
        for side in self.sides.values():
            side.allow(kind)
        self.edited()

    def scenario(self) -> Scenario:
        kind = self.battle_kind.currentData()
        retreat = self.retreat.options()
        options = lowluck.LowLuckOptions(
            max_rounds=self.max_rounds.value(), dice=self.dice_mode.currentData(), battle=kind,
            submarine_first_strike=(self.sub_first.isChecked()
                                    or self.edition.submarines != "first_strike"),
            aa_gun=self.aa_gun.isChecked() and kind == "land" and self.edition.aa == "option",
            keep_land_unit=self.keep_land.isChecked(),
            retreat_after=retreat.after_round, retreat_when_units=retreat.when_units,
            retreat_below=retreat.below)
        body = lowluck.LowLuckScenario(options=options,
                                       attacker=self.sides["attacker"].side(kind),
                                       defender=self.sides["defender"].side(kind),
                                       edition=self.edition)
        return Scenario(self.ruleset, body, self.title_edit.text().strip() or None)

    def load_scenario(self, scenario: Scenario) -> None:
        body: lowluck.LowLuckScenario = scenario.body
        o = body.options
        self._use_edition(body.edition)
        self.title_edit.setText(scenario.title or "")
        self.battle_kind.setCurrentIndex(self.battle_kind.findData(o.battle))
        self.dice_mode.setCurrentIndex(self.dice_mode.findData(o.dice))
        self.max_rounds.setValue(o.max_rounds)
        self.retreat.load(lowluck.retreat_options(o))
        self.aa_gun.setChecked(o.aa_gun)
        self.sub_first.setChecked(o.submarine_first_strike)
        self.keep_land.setChecked(o.keep_land_unit)
        for role in ROLES:
            self.sides[role].load(getattr(body, role))
        self._kind_changed()

    # -- results: this battle with both dice systems ------------------------------------------
    def detail_pages(self) -> list[tuple[str, QWidget]]:
        box = QWidget()
        outer = QVBoxLayout(box)
        heading = QLabel("<b>" + translate("views.lowluck", "Low luck vs standard dice — the "
                                                            "same battle") + "</b>")
        heading.setWordWrap(True)
        outer.addWidget(heading)
        grid = QGridLayout()
        outer.addLayout(grid)
        outer.addStretch(1)
        grid.setHorizontalSpacing(24)
        grid.setVerticalSpacing(2)
        rows = [translate("views.lowluck", "Attacker wins"),
                translate("views.lowluck", "Defender wins"), translate("views.lowluck", "Draw"),
                translate("views.lowluck", "Expected attacker losses"),
                translate("views.lowluck", "Expected defender losses")]
        self.compare: dict[tuple[int, str], QLabel] = {}
        self.by_mode: dict[str, Any] = {}     # latest result per dice system (None: computing)
        for col, mode in enumerate(("lowluck", "standard"), start=1):
            head = QLabel(f"<b>{label('dice', mode)}</b>")
            head.setAlignment(Qt.AlignmentFlag.AlignRight)
            grid.addWidget(head, 0, col)
            for row in range(len(rows)):
                value = QLabel("–")
                value.setAlignment(Qt.AlignmentFlag.AlignRight)
                value.setObjectName(f"compare_{mode}_{row}")
                self.compare[(row, mode)] = value
                grid.addWidget(value, row + 1, col)
        for row, text in enumerate(rows, start=1):
            grid.addWidget(QLabel(text), row, 0)
        grid.setColumnStretch(3, 1)
        # the other dice system, on its own worker so the main answer never waits for it
        self.other_computer = self.jobs.computer()
        self.other_computer.result.connect(self._show_other)
        self.other_computer.error.connect(lambda _msg: None)  # the main result says why
        # Stop (Esc) stops both dice systems: no column keeps computing behind "Stopped"
        self.results.cancel_requested.connect(self.other_computer.cancel)
        return [(translate("views.lowluck", "Low luck vs standard dice"), box)]

    def _other_mode(self, body: lowluck.LowLuckScenario) -> tuple[str, lowluck.LowLuckScenario]:
        mode = next(m for m in lowluck.rules.DICE_MODES if m != body.options.dice)
        return mode, dataclasses.replace(body, options=dataclasses.replace(body.options,
                                                                           dice=mode))

    def recompute(self, immediate: bool = False) -> None:
        """The chosen dice system feeds the results panel; the other one only the comparison
        table, on its own worker so the main answer never waits for it."""
        super().recompute(immediate)
        try:
            mode, variant = self._other_mode(self.validated_scenario().body)
        except CombatAssistError:
            self.other_computer.cancel()
            return
        self._show_compare(mode, None)
        self.other_computer.request(
            lambda cancel: (mode, lowluck.compute(variant, cancel=cancel)), immediate=immediate)

    def show_result(self, result: Any) -> None:
        super().show_result(result)
        # stale results are dropped by the computer, so this is the form's current dice mode
        self._show_compare(self.dice_mode.currentData(), result)

    def _show_other(self, answer: tuple[str, Any]) -> None:
        self._show_compare(*answer)

    def _show_compare(self, mode: str, r: Any) -> None:
        """Fill one column of the low luck vs standard table ("…" while it computes)."""
        self.by_mode[mode] = r
        if r is None:
            texts = ["…"] * 5
        else:
            ea, ed = r.expected_losses()
            texts = [pct(r.attacker_wins), pct(r.defender_wins), pct(r.draw), number(ea),
                     number(ed)]
        for row, text in enumerate(texts):
            self.compare[(row, mode)].setText(text)

    # -- extra tabs: bombing raids and research ----------------------------------------
    def extra_tabs(self) -> list[tuple[str, QWidget]]:
        self.sbr_panel = SbrPanel(self.jobs.computer())
        self.tech_panel = ResearchPanel(self.jobs.computer())
        return [(translate("views.lowluck", "Bombing raid"), self.sbr_panel),
                (translate("views.lowluck", "Research"), self.tech_panel)]

    def start_panels(self) -> None:
        self.sbr_panel.recompute()
        self.tech_panel.recompute()
