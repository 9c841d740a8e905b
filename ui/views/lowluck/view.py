"""The Low Luck view: battle set-up, low luck vs standard dice, bombing raids, research."""
from __future__ import annotations

import dataclasses
import functools
import html
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QCheckBox, QComboBox, QFileDialog, QFormLayout, QGridLayout,
                               QGroupBox, QLabel, QLineEdit, QVBoxLayout, QWidget)

from combatassist.data import read_data_file
from combatassist.errors import CombatAssistError
from combatassist.rulesets import lowluck
from combatassist.scenario import Scenario

from ... import form_memory
from ...engine_text import error_text, render
from ...result_style import DEFENDER, pct
from .extras import ResearchPanel, SbrPanel
from .plan import PlanPanel
from .side import SidePanel, carry_over
from ...widgets.count_box import CountBox
from ...widgets.retreat_rules import RetreatRulesBox
from .policy import RetreatPolicyBox
from .waves import WavesBox
from ...data_names import spaced
from ..base import BattleView
from ...i18n import data_name, number, translate

ROLES = ("attacker", "defender")
#: the edition picker's last item: a player's own edition file
OPEN_EDITION = "\0open"


def label(category: str, key: str) -> str:
    """A display name (``resources/lowluck/labels.toml``: label("units", "armor") -> "Armor")
    in the app's language."""
    return data_name("lowluck", lowluck.RULESET.label(category, key))


def edition_title(edition: lowluck.Edition) -> str:
    """What the picker calls an edition: a shipped one by its display name, a player's own
    by its file name."""
    if edition.name in lowluck.SHIPPED:
        return label("editions", edition.name)
    return f"{edition.title} ({Path(edition.name).name})"


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
        # a count box: what is typed stays as typed (a plain spin box dropped the keystroke
        # past its maximum: "1500" became 150)
        self.max_rounds = CountBox(lowluck.MAX_ROUNDS)
        self.max_rounds.setSpecialValueText(translate("views.lowluck", "to the end"))
        self.max_rounds.setToolTip(translate("views.lowluck", "Stop after this many rounds (the rest is 'undecided'); "
                                   "0 = fight to the end"))
        self.max_rounds.valueChanged.connect(self.edited)
        self.retreat = RetreatRulesBox(self.edited, max_rounds=lowluck.MAX_ROUNDS,
                                       max_units=lowluck.MAX_PER_SIDE)
        self.retreat_after = self.retreat.after
        self.aa_gun = QCheckBox(translate("views.lowluck", "Defender has an AA gun"))
        self.sub_first = QCheckBox(translate("views.lowluck", "Submarines' first strike"))
        # the attacker's last N land units are its last casualties (keep_land_unit is N = 1)
        self.keep_land = CountBox(lowluck.MAX_PER_SIDE)
        self.keep_land.setObjectName("keepLandUnits")
        self.keep_land.setSpecialValueText(translate("views.lowluck", "none"))
        self.keep_land.setToolTip(translate(
            "views.lowluck", "The attacker's last land units are its last casualties, so that "
            "they can take the territory (land battles; 0 = none)"))
        self.keep_land.valueChanged.connect(self.edited)
        for box in (self.aa_gun, self.sub_first):
            box.toggled.connect(self.edited)
        self.policy_box = RetreatPolicyBox(self.edited)
        self.waves_box = WavesBox(self.edited)
        self.edition = lowluck.classic()
        #: the players' own edition files opened so far (name -> edition)
        self.own_editions: dict[str, lowluck.Edition] = {}
        self.edition_box = QComboBox()
        self.edition_box.setObjectName("edition")
        self.edition_box.setToolTip(translate(
            "views.lowluck", "The Axis & Allies edition: its units, their values and costs, "
            "and its rules (F1 says them)"))
        self._fill_edition_box()
        self.edition_box.activated.connect(self._edition_picked)
        self.edition_note = QLabel("")
        self.edition_note.setObjectName("editionNote")
        self.edition_note.setWordWrap(True)
        self.edition_note.setVisible(False)
        self.sides = {role: SidePanel(role, self.edited) for role in ROLES}

        options = QGroupBox(translate("views.lowluck", "Battle"))
        f = QFormLayout(options)
        f.addRow(translate("views.lowluck", "Title:"), self.title_edit)
        f.addRow(translate("views.lowluck", "Edition:"), self.edition_box)
        f.addRow(self.edition_note)
        f.addRow(translate("views.lowluck", "Kind:"), self.battle_kind)
        f.addRow(translate("views.lowluck", "Dice:"), self.dice_mode)
        f.addRow(translate("views.lowluck", "Rounds:"), self.max_rounds)
        f.addRow(self.aa_gun)
        f.addRow(self.sub_first)
        f.addRow(translate("views.lowluck", "Land units kept:"), self.keep_land)
        layout = QVBoxLayout(form)
        self.form_layout = layout
        layout.addWidget(options)
        layout.addWidget(self.retreat)
        layout.addWidget(self.policy_box)
        for role in ROLES:
            layout.addWidget(self.sides[role])
        layout.addWidget(self.waves_box)
        layout.addStretch(1)
        return form

    # -- the choices kept between starts (ui/form_memory.py) ---------------------------------
    def default_scenario(self) -> Scenario:
        """The shipped default, in the edition, dice and battle kind the player chose last
        (a value no longer offered is ignored)."""
        scenario = super().default_scenario()
        kept = form_memory.recall(self.ruleset)
        body = scenario.body
        if kept.get("edition") in lowluck.SHIPPED:
            body, _dropped = carry_over(body, lowluck.shipped(kept["edition"]))
        options = body.options
        if kept.get("dice") in lowluck.rules.DICE_MODES:
            options = dataclasses.replace(options, dice=kept["dice"])
        if kept.get("battle") in lowluck.BATTLE_KINDS:
            options = dataclasses.replace(options, battle=kept["battle"])
        return dataclasses.replace(scenario, body=dataclasses.replace(body, options=options))

    def edited(self, *args: Any) -> None:
        if hasattr(self, "plan_panel"):
            self.plan_panel.set_attack(len(self.waves_box.waves),
                                       self.waves_box.counter_on.isChecked())
        super().edited(*args)
        if not self._loading:               # the player's choice, not a file's
            kept = {"dice": self.dice_mode.currentData(),
                    "battle": self.battle_kind.currentData()}
            if self.edition.name in lowluck.SHIPPED:     # a player's own file may move
                kept["edition"] = self.edition.name
            form_memory.remember(self.ruleset, kept)

    # -- the edition ------------------------------------------------------------------------
    def _fill_edition_box(self) -> None:
        """The shipped editions, the players' files opened so far, then "Open edition
        file…"; the form's edition picked."""
        box = self.edition_box
        box.blockSignals(True)
        box.clear()
        for name in lowluck.SHIPPED:
            box.addItem(label("editions", name), name)
        for name, edition in self.own_editions.items():
            box.addItem(edition_title(edition), name)
            box.setItemData(box.count() - 1, name, Qt.ItemDataRole.ToolTipRole)
        box.addItem(translate("views.lowluck", "Open edition file…"), OPEN_EDITION)
        box.setCurrentIndex(max(0, box.findData(self.edition.name)))
        box.blockSignals(False)

    def _edition_picked(self, index: int) -> None:
        name = self.edition_box.itemData(index)
        if name == OPEN_EDITION:
            path = self.choose_edition_file()
            if path:
                self.open_edition_file(path)
            else:
                self._fill_edition_box()     # cancelled: the picker shows the form's edition
            return
        edition = self.own_editions.get(name) or lowluck.shipped(name)
        self.switch_edition(edition)

    def choose_edition_file(self) -> str:
        """Ask for a player's edition file ("" when cancelled)."""
        path, _ = QFileDialog.getOpenFileName(
            self, translate("views.lowluck", "Open edition file"), "",
            translate("views.lowluck", "Edition files (*.toml)"))
        return path

    def open_edition_file(self, path: str | Path) -> bool:
        """Read a player's edition file through the engine's reader and switch the form to
        it; a bad file is one line in the status bar and the form stays as it was."""
        name = str(Path(path).resolve())
        try:
            edition = read_data_file(name, functools.partial(lowluck.read_edition, name=name))
        except CombatAssistError as exc:
            self._fill_edition_box()
            error = translate("views.lowluck", "Edition file not opened: {error}").format(
                error=" ".join(error_text(exc).split()))
            # said where the player looks, under the picker (which stays on the form's
            # edition), in place of what the last switch said
            self.edition_note.setText(f'<span style="color:{DEFENDER}">&#9888; '
                                      f'{html.escape(error, quote=False)}</span>')
            self.edition_note.setVisible(True)
            self.say(error)
            return False
        self.own_editions[name] = edition
        self.switch_edition(edition)
        return True

    def switch_edition(self, edition: lowluck.Edition) -> None:
        """The player picked ``edition``: the form shows its units, keeping what it also
        has; what it drops is said in the status line and under the picker."""
        if edition == self.edition:
            self._fill_edition_box()
            return
        old = self.scenario().body
        body, dropped = carry_over(old, edition)
        self._loading = True
        try:
            self._show_body(body)
        finally:
            self._loading = False
        if dropped:
            note = translate("views.lowluck", "{edition}: dropped what it doesn't have — "
                             "{items}").format(edition=edition_title(edition),
                                                items=", ".join(dropped))
        else:
            note = translate("views.lowluck", "{edition}: every unit and option "
                             "kept").format(edition=edition_title(edition))
        self.edition_note.setText(note)
        self.edition_note.setVisible(bool(dropped))
        self.say(note)
        self.edited()

    def say(self, text: str) -> None:
        """One line for the window's status bar."""
        self.notice.emit(text)

    def _use_edition(self, edition: lowluck.Edition) -> None:
        """Rebuild the side panels with ``edition``'s units."""
        if edition == self.edition:
            return
        self.edition = edition
        if edition.name not in lowluck.SHIPPED:
            self.own_editions[edition.name] = edition
        for role in ROLES:
            old = self.sides[role]
            new = SidePanel(role, self.edited, edition=edition)
            self.form_layout.replaceWidget(old, new)
            new.show()          # now, not once the event loop has run (Qt's queued show)
            old.hide()          # gone now, though deleted only when the event loop runs
            old.deleteLater()
            self.sides[role] = new
        self.aa_gun.setVisible(edition.aa == "option")
        self.sub_first.setVisible(edition.submarines == "first_strike")
        self.edition_note.setVisible(False)
        self._fill_edition_box()
        self._tell_panels()

    def _tell_panels(self) -> None:
        """The bombing raid and research tabs say when they don't follow the edition."""
        title = None if self.edition.classic else edition_title(self.edition)
        for panel in (self.sbr_panel, self.tech_panel):
            panel.set_edition(title)
        self.plan_panel.set_edition(self.edition, self.battle_kind.currentData() or "land")

    def _kind_changed(self, *_args) -> None:
        kind = self.battle_kind.currentData()
        self.aa_gun.setEnabled(kind == "land" and self.edition.aa == "option")
        self.sub_first.setEnabled(kind == "sea" and self.edition.submarines == "first_strike")
        self.keep_land.setEnabled(kind == "land")
        self.policy_box.allow(kind == "land")
        self.waves_box.allow(kind)
        for side in self.sides.values():
            side.allow(kind)
        if hasattr(self, "plan_panel"):
            self.plan_panel.set_edition(self.edition, kind)
        self.edited()

    def scenario(self) -> Scenario:
        kind = self.battle_kind.currentData()
        retreat = self.retreat.options()
        kept = self.keep_land.value()
        options = lowluck.LowLuckOptions(
            max_rounds=self.max_rounds.value(), dice=self.dice_mode.currentData(), battle=kind,
            submarine_first_strike=(self.sub_first.isChecked()
                                    or self.edition.submarines != "first_strike"),
            aa_gun=self.aa_gun.isChecked() and kind == "land" and self.edition.aa == "option",
            keep_land_unit=kept == 1, keep_land_units=kept if kept > 1 else 0,
            retreat_after=retreat.after_round, retreat_when_units=retreat.when_units,
            retreat_below=retreat.below, **self.policy_box.values())
        attacker = self.sides["attacker"].side(kind)
        waves, counter = self.waves_box.values(kind, attacker)
        plan = self.plan_panel.question_to_save() if hasattr(self, "plan_panel") else None
        body = lowluck.LowLuckScenario(options=options, attacker=attacker,
                                       defender=self.sides["defender"].side(kind),
                                       edition=self.edition, waves=waves, counter=counter,
                                       plan=plan)
        return Scenario(self.ruleset, body, self.title_edit.text().strip() or None)

    def _show_battle_position(self) -> None:
        """The banner over the frozen set-up; in an attack of several battles (later waves,
        a counter-attack: ``TableBattle.stage``) a line saying which one the table fights,
        and once it is over, what follows (the whole attack's odds stay in Waves and
        policy)."""
        super()._show_battle_position()
        battle = self.table_panel.battle if self.table_panel is not None else None
        if battle is None or battle.stage is None:
            return
        stage = "<b>" + html.escape(render(battle.stage.title()), quote=False) + "</b>"
        following = battle.next_battle()
        if following is not None:
            note = translate("views.lowluck", "{stage} is over: {fight} (At the table) goes "
                             "on against what it left.").format(
                stage=stage, fight="<b>" + html.escape(render(following.fight_words()),
                                                       quote=False) + "</b>")
        elif battle.is_over():
            note = translate("views.lowluck", "{stage} is over, and with it the attack (the "
                             "whole attack's odds are in Waves and policy).").format(stage=stage)
        elif battle.stage.kind == "counter":
            note = translate("views.lowluck", "{stage} at the table: the counter-attack "
                             "against the attacker's land units holding the territory.").format(
                stage=stage)
        else:
            note = translate("views.lowluck", "{stage} at the table; once it is over, the "
                             "attack's next battle is fought against what it leaves (the "
                             "whole attack's odds are in Waves and policy).").format(
                stage=stage)
        self.battle_banner.setText(self.battle_banner.text() + "<br>" + note)

    def validated_scenario(self) -> Scenario:
        """The form's scenario, checked as a file is; a form with no unit on either side
        (the player cleared it) is shown as no battle, as one empty side is (a file with
        none is refused: written so, it is a mistake)."""
        scenario = self.scenario()
        body = scenario.body
        if not body.attacker.units and not body.defender.units:
            return scenario
        return super().validated_scenario()

    def load_scenario(self, scenario: Scenario) -> None:
        self.title_edit.setText(scenario.title or "")
        self._show_body(scenario.body)

    def _show_body(self, body: lowluck.LowLuckScenario) -> None:
        o = body.options
        self._use_edition(body.edition)
        self.battle_kind.setCurrentIndex(self.battle_kind.findData(o.battle))
        self.dice_mode.setCurrentIndex(self.dice_mode.findData(o.dice))
        self.max_rounds.setValue(o.max_rounds)
        self.retreat.load(lowluck.retreat_options(o))
        self.aa_gun.setChecked(o.aa_gun)
        self.sub_first.setChecked(o.submarine_first_strike)
        self.keep_land.setValue(o.kept_land_units)
        self.policy_box.load(o)
        self.waves_box.set_edition(body.edition)
        self.waves_box.load(body.waves, body.counter)
        for role in ROLES:
            self.sides[role].load(getattr(body, role))
        self._kind_changed()
        if hasattr(self, "plan_panel"):     # after the kind: the units the defender may add
            self.plan_panel.set_spec(body.plan)

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
        return [(translate("views.lowluck", "Low luck vs standard dice"), box),
                (translate("views.lowluck", "Waves and policy"), self._plan_page())]

    def _plan_page(self) -> QWidget:
        """The attack's waves after each other (cumulative), the counter-attack, and the
        retreat policy in words."""
        page = QWidget()
        outer = QVBoxLayout(page)
        self.plan_text = QLabel(self._no_plan())
        self.plan_text.setObjectName("planText")
        self.plan_text.setWordWrap(True)
        self.plan_text.setTextFormat(Qt.TextFormat.RichText)
        outer.addWidget(self.plan_text)
        outer.addStretch(1)
        return page

    @staticmethod
    def _no_plan() -> str:
        return translate("views.lowluck", "One wave, retreats by the rules above. Waves and a "
                         "counter-attack (Waves and counter-attack: Add wave) and retreat "
                         "policies (Retreat policy) show here.")

    def _show_plan(self, result: Any) -> None:
        """Fill the waves and policy page from ``result`` (what the scenario asked)."""
        asked = getattr(result, "asked", {}) or {}
        extra = getattr(result, "extra", {}) or {}
        parts = []
        waves = asked.get("waves") or []
        if waves:
            rows = ["<tr><th></th><th align='right'>{}</th><th align='right'>{}</th>"
                    "<th align='right'>{}</th></tr>".format(
                        translate("views.lowluck", "Attacker wins"),
                        translate("views.lowluck", "Takes the territory"),
                        translate("views.lowluck", "IPC swing"))]
            for k, wave in enumerate(waves, start=1):
                taken = wave.get("takes_territory")
                rows.append("<tr><td>{}</td><td align='right'>{}</td><td align='right'>{}"
                            "</td><td align='right'>{}</td></tr>".format(
                                translate("views.lowluck", "after wave {k}").format(k=k),
                                pct(wave["attacker_wins"]),
                                "–" if taken is None else pct(taken),
                                number(wave["expected_ipc_swing"], "+.2f")))
            parts.append("<table cellspacing='6'>" + "".join(rows) + "</table>")
        counter = asked.get("counter")
        if counter is not None:
            parts.append(translate("views.lowluck", "Takes the territory and holds it against "
                                   "the counter-attack: {holds} ({cond} of the times it is "
                                   "taken)").format(holds=pct(counter["holds"]),
                                                    cond=pct(counter["holds_if_taken"])))
        if "expected_profit" in asked:
            parts.append(translate("views.lowluck", "Expected IPC with the territory's value: "
                                   "{value}").format(value=number(asked["expected_profit"],
                                                                  "+.2f")))
        policy = extra.get("policy") or []
        if policy:
            parts.append("<b>{}</b><br>".format(translate("views.lowluck", "At the table:"))
                         + "<br>".join("• " + html.escape(render(line)) for line in policy))
        self.plan_text.setText("<br><br>".join(parts) if parts else self._no_plan())

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
        self._show_plan(result)
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
        self.plan_panel = PlanPanel(self.jobs.computer(delay_ms=0),
                                    lambda: self.scenario().body, edited=self._plan_edited,
                                    use=self._use_planned_side)
        self._tell_panels()
        return [(translate("views.lowluck", "Plan"), self.plan_panel),
                (translate("views.lowluck", "Bombing raid"), self.sbr_panel),
                (translate("views.lowluck", "Research"), self.tech_panel)]

    def _plan_edited(self) -> None:
        """The Plan tab's question is part of the battle (saved as its ``[plan]``): an edit
        marks the battle changed, with nothing to recompute (the odds ignore it)."""
        if not self._loading:
            self.changed.emit()

    def _use_planned_side(self, role: str, side: lowluck.LowLuckSide) -> None:
        """The Plan tab puts a force on the form (or the units it chose from back): an edit
        like any other (marks the battle changed, recomputes the odds)."""
        self.sides[role].load(side)
        self.edited()

    def start_panels(self) -> None:
        self.sbr_panel.recompute()
        self.tech_panel.recompute()
