"""The Ur view: stack editor with step pips, wall-step tracker, the wall what-if, table side.

The view holds no rules: it builds an ``UrScenario`` from the form, and the engine
(``combatassist.rulesets.ur``) computes the odds, the what-if curve over wall strengths
(``odds_by_wall_strength``, on its own background computer) and each unit's rolls.
"""
from __future__ import annotations

from typing import Any

from PySide6.QtWidgets import (QGroupBox, QHBoxLayout, QLabel, QLineEdit, QVBoxLayout,
                               QWidget)

from combatassist import limits
from combatassist.rulesets import ur
from combatassist.scenario import Scenario

from ...result_style import DEFENDER, delta_pct, pct
from ...widgets.count_box import CountBox
from .results import RollsTable, WallWhatIf
from .stack import SideEditor
from .wall import WallTrackerPanel
from ..base import BattleView
from ...i18n import QT_TRANSLATE_NOOP, translate

ROLES = ("attacker", "defender")
# -- the view --------------------------------------------------------------------------
class UrView(BattleView):
    ruleset = "ur"
    title = "Ur"
    order = 40

    @classmethod
    def data_names(cls) -> set[str]:
        """The units' and walls' names."""
        from combatassist.rulesets import ur

        tables = ur.tables()
        return {t.name for t in tables.units.values()} | {w.name for w in tables.walls.values()}

    loss_unit = QT_TRANSLATE_NOOP("results", "steps")
    choice_help = QT_TRANSLATE_NOOP(
        "views.ur", "Hits each unit takes, in list order, e.g. 'attacker: 1 1 0 1; defender: 0 2 "
        "1'.\nHits must be spread evenly; where units tie, the owner picks which one takes "
        "it.\nA side left out keeps the proposal.")

    def build_form(self) -> QWidget:
        self.wall_computer = self.jobs.computer()
        self.wall_computer.result.connect(self.show_what_if)
        self.wall_computer.error.connect(self._what_if_error)
        self.last_what_if: list[Any] | None = None

        form = QWidget()
        self.title_edit = QLineEdit()
        self.title_edit.setPlaceholderText(translate("views.ur", "scenario title (optional)"))
        self.title_edit.textEdited.connect(self.edited)
        self.max_rounds = CountBox(limits.MAX_ROUNDS)     # typed values stay as typed
        self.max_rounds.setSpecialValueText(translate("views.ur", "to the end"))
        self.max_rounds.setToolTip(translate("views.ur", "Stop after this many rounds (undecided); 0 = fight to the end"))
        self.max_rounds.valueChanged.connect(self.edited)
        self.no_melee = QLabel(translate("views.ur", "Both sides defend: no melee, only ranged fire."))
        self.no_melee.setStyleSheet(f"color: {DEFENDER};")
        self.sides = {role: SideEditor(role) for role in ROLES}
        for side in self.sides.values():
            side.changed.connect(self._side_changed)
        self.wall_panel = WallTrackerPanel()
        self.wall_panel.changed.connect(self.edited)

        options = QGroupBox(translate("views.ur", "Battle"))
        f = QVBoxLayout(options)
        row = QHBoxLayout()
        row.addWidget(self.title_edit, 1)
        rounds_label = QLabel(translate("views.ur", "Rounds"))
        rounds_label.setBuddy(self.max_rounds)
        row.addWidget(rounds_label)
        row.addWidget(self.max_rounds)
        f.addLayout(row)
        f.addWidget(self.no_melee)
        layout = QVBoxLayout(form)
        layout.setContentsMargins(2, 2, 4, 2)
        layout.addWidget(options)
        layout.addWidget(self.sides["attacker"])
        layout.addWidget(self.sides["defender"])
        layout.addWidget(self.wall_panel)
        layout.addStretch(1)
        self._side_changed(quiet=True)
        return form

    def _side_changed(self, *_args, quiet: bool = False) -> None:
        both_defend = all(s.stance.currentData() == "defend" for s in self.sides.values())
        self.no_melee.setVisible(both_defend)
        if not quiet:
            self.edited()

    def scenario(self) -> Scenario:
        defender = self.sides["defender"]
        position = ur.Position(defender.terrain.currentData(), defender.river.isChecked(),
                               defender.dwarf_hill.isChecked(), self.wall_panel.wall())
        body = ur.UrScenario(self.sides["attacker"].side(), defender.side(), position,
                             self.max_rounds.value())
        return Scenario(self.ruleset, body, self.title_edit.text().strip() or None)

    def load_scenario(self, scenario: Scenario) -> None:
        body: ur.UrScenario = scenario.body
        self.title_edit.setText(scenario.title or "")
        self.max_rounds.setValue(body.max_rounds)
        for role in ROLES:
            self.sides[role].load(getattr(body, role))
        self.sides["defender"].load_position(body.position)
        self.wall_panel.load(body.position.wall)
        self._side_changed(quiet=True)

    # -- results --------------------------------------------------------------------------
    def extra_tabs(self) -> list[tuple[str, QWidget]]:
        self.what_if = WallWhatIf()
        self.rolls = RollsTable()
        rolls_tab = QWidget()
        layout = QVBoxLayout(rolls_tab)
        caption = QLabel(translate("views.ur", "How each unit rolls at the start of the battle: score = value + d6; "
                         "a score of 6+ scores one hit, 10+ two, 14+ three. Shaded: hits per "
                         "face of the die."))
        caption.setWordWrap(True)
        layout.addWidget(caption)
        layout.addWidget(self.rolls, 1)
        return [(translate("views.ur", "Wall what-if"), self.what_if),
                (translate("views.ur", "Rolls"), rolls_tab)]

    def recompute(self, immediate: bool = False) -> None:
        super().recompute(immediate)
        try:
            body = self.scenario().body
        except Exception:  # noqa: BLE001 - the main recompute already shows why
            self.wall_computer.cancel()
            return
        self.wall_computer.request(
            lambda cancel: ur.odds_by_wall_strength(body, cancel=cancel), immediate=immediate)

    def show_result(self, result: Any) -> None:
        super().show_result(result)
        self.rolls.show_rows(result.extra.get("rolls", []))

    def show_what_if(self, points: list[Any]) -> None:
        self.last_what_if = points
        wall = self.wall_panel.tracker
        current = wall.strength if wall else 0
        kind = wall.kind if wall else "outer"
        now = next((p for p in points if p.strength == current), None)
        text = self.what_if_text(points)
        self.wall_panel.set_what_if(text)
        head = (translate("views.ur", "Now (wall strength {strength}): attacker wins <b>{chance}"
                                      "</b>. ").format(strength=current,
                                                       chance=pct(now.attacker_wins))
                if now and wall else
                translate("views.ur", "Now (no wall): attacker wins <b>{chance}</b>. ").format(
                    chance=pct(now.attacker_wins)) if now else "")
        self.what_if.show_points(points, current, kind, wall is not None, head + text)

    def what_if_text(self, points: list[Any]) -> str:
        """'Is it worth battering the wall once more?' in one sentence."""
        wall = self.wall_panel.tracker
        if wall is None:
            return ""
        by_strength = {p.strength: p for p in points}
        now = by_strength.get(wall.strength)
        nxt = wall.steps_to_next_level
        if now is None:
            return ""
        if nxt is None:
            return translate("views.ur", "The wall is at its last level (strength {strength}): "
                                         "more battering can't lower it.").format(
                strength=wall.strength)
        lower = by_strength.get(wall.strength - 1)
        if lower is None:
            return ""
        return (translate("views.ur", "Battering the wall {steps} more step (to strength "
                                      "{strength}): attacker wins {now} → <b>{then}</b> "
                                      "({delta}).") if nxt == 1 else
                translate("views.ur", "Battering the wall {steps} more steps (to strength "
                                      "{strength}): attacker wins {now} → <b>{then}</b> "
                                      "({delta}).")).format(
            steps=nxt, strength=lower.strength, now=pct(now.attacker_wins),
            then=pct(lower.attacker_wins),
            delta=delta_pct(lower.attacker_wins, now.attacker_wins))

    def _what_if_error(self, message: str) -> None:
        self.what_if.show_error(message)
        self.wall_panel.set_what_if("")

    # -- table side --------------------------------------------------------------------------
