"""The Ur view: stack editor with step pips, wall-step tracker, the wall what-if, table side.

The view holds no rules: it builds an ``UrScenario`` from the form, and the engine
(``combatassist.rulesets.ur``) computes the odds, the what-if curve over wall strengths
(``odds_by_wall_strength``, on its own background computer) and each unit's rolls.
"""
from __future__ import annotations

from typing import Any

import pyqtgraph as pg
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QCheckBox, QComboBox, QGroupBox, QHBoxLayout,
                               QHeaderView, QLabel, QLineEdit, QPushButton, QSpinBox,
                               QTableWidget, QTableWidgetItem, QToolButton, QVBoxLayout,
                               QWidget)

from combatassist.rulesets import ur
from combatassist.rulesets.ur.scenario import MAX_MAGIC
from combatassist.rulesets.ur.data import TERRAINS
from combatassist.scenario import Scenario
from combatassist.rulesets.ur.choices import format_ur_choice, parse_ur_choice  # noqa: F401

from ..compute import Computer
from ..results import ATTACKER, DEFENDER, SEGMENTS, delta_pct, pct
from ..widgets.ur_steps import StepPips
from ..widgets.ur_wall import WallTrackerPanel
from .base import RulesetView

ROLES = ("attacker", "defender")
STANCE_LABELS = {"attack": "Attack", "defend": "Defend"}
TERRAIN_LABELS = {"none": "Open ground", "wood": "Wood", "city": "City", "bogs": "Bogs",
                  "hill": "Hill"}
#: The view's starting battle: examples/ur-outer-wall.toml, storming a battered outer wall.
DEFAULT_TITLE = "Storming the wall at level 2"


def default_scenario() -> Scenario:
    attacker = ur.Side("attack", (ur.Unit("infantry"), ur.Unit("infantry"),
                                  ur.Unit("cavalry"), ur.Unit("undead")))
    defender = ur.Side("defend", (ur.Unit("wall_defense"), ur.Unit("archers"),
                                  ur.Unit("infantry")))
    body = ur.UrScenario(attacker, defender, ur.Position(wall=ur.Wall("outer", 3)))
    return Scenario("ur", body, DEFAULT_TITLE)


def unit_stats(type_id: str) -> str:
    """Compact stats, the seed's notation: R4 M1D (defence only) S4."""
    t = ur.tables().units[type_id]
    return f"R{t.range} M{t.melee_label()} · {t.steps} steps"


# -- the stack editor ---------------------------------------------------------------------
class UnitRow(QWidget):
    """One unit: type, step pips (damage), raider toggle, remove."""

    changed = Signal()
    removed = Signal(object)

    def __init__(self, role: str, unit: ur.Unit, parent: QWidget | None = None):
        super().__init__(parent)
        self.type_box = QComboBox()
        for tid, t in ur.tables().units.items():
            self.type_box.addItem(t.name, tid)
            self.type_box.setItemData(self.type_box.count() - 1,
                                      f"{t.name} ({t.race}): {unit_stats(tid)}",
                                      Qt.ItemDataRole.ToolTipRole)
        self.type_box.setCurrentIndex(self.type_box.findData(unit.type))
        self.pips = StepPips(unit.full_steps, unit.start_steps,
                             ATTACKER if role == "attacker" else DEFENDER)
        self.stats = QLabel("")
        self.stats.setStyleSheet("color: #666666;")
        self.raider = QCheckBox("Raider")
        self.raider.setToolTip("A raiding unit is attached: +1 to this unit's melee rolls")
        self.raider.setChecked(unit.raider)
        self.type_box.setMinimumContentsLength(8)
        self.type_box.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.remove_button = QToolButton()
        self.remove_button.setText("✕")
        self.remove_button.setToolTip("Remove this unit")
        self.remove_button.setAccessibleName("Remove unit")
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
        tip = (f"{t.name} ({t.race}): range {t.range}, melee {t.melee_label()} "
               f"(A: attack only, D: defence only), {self.pips.steps()} of {t.steps} steps left")
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
        super().__init__(role.capitalize(), parent)
        self.role = role
        colour = ATTACKER if role == "attacker" else DEFENDER
        self.setStyleSheet(f"QGroupBox {{ font-weight: bold; }} "
                           f"QGroupBox::title {{ color: {colour}; }}")
        self.rows: list[UnitRow] = []
        self.stance = QComboBox()
        for s in ("attack", "defend"):
            self.stance.addItem(STANCE_LABELS[s], s)
        self.stance.setToolTip("Attack: melee value with attack modifiers; defend: with "
                               "defence modifiers. Attack-only / defence-only units sit out "
                               "the other stance")
        self.stance.currentIndexChanged.connect(self._edited)
        self.units_box = QVBoxLayout()
        self.units_box.setSpacing(3)
        self.add_button = QPushButton("Add unit")
        self.add_button.setToolTip(f"At most {ur.STACKING_LIMIT} units per side (the "
                                   "stacking limit)")
        self.add_button.clicked.connect(self.add_unit)
        self.count_label = QLabel("")
        self.count_label.setStyleSheet("color: #666666; font-weight: normal;")
        self.notes = QLabel("")
        self.notes.setWordWrap(True)
        self.notes.setStyleSheet("color: #666666; font-weight: normal;")
        self.retreat = QSpinBox()
        self.retreat.setRange(0, 4 * 6)
        self.retreat.setSpecialValueText("never")
        self.retreat.setSuffix(" steps")
        self.retreat.setToolTip("Retreat before a round when this side's steps left are at "
                                "or below this (retreating loses the battle)")
        self.retreat.valueChanged.connect(self._edited)
        self.magic = QSpinBox()
        self.magic.setRange(-MAX_MAGIC, MAX_MAGIC)
        self.magic.setToolTip("Magic: ± to this side's melee rolls")
        self.magic.valueChanged.connect(self._edited)
        self.moving = QCheckBox("Moving toward archers")
        self.moving.setToolTip("The attacker moves toward the defender's archers: the "
                               "defender's ranged rolls get +1")
        self.moving.toggled.connect(self._edited)
        self.terrain = QComboBox()
        for t in TERRAINS:
            self.terrain.addItem(TERRAIN_LABELS.get(t, t.capitalize()), t)
        self.terrain.setToolTip("The defender's terrain: attacks on it −1, its defence +1")
        self.terrain.currentIndexChanged.connect(self._edited)
        self.river = QCheckBox("River")
        self.river.setToolTip("Behind a river: attacks on the position −2, its defence +2")
        self.river.toggled.connect(self._edited)
        self.dwarf_hill = QCheckBox("Dwarf hill")
        self.dwarf_hill.setToolTip("Dwarves on a hill: +1 to attacks on the position and "
                                   "+1 to its defence")
        self.dwarf_hill.toggled.connect(self._edited)

        head = QHBoxLayout()
        head.addWidget(QLabel("Stance:"))
        head.addWidget(self.stance)
        head.addStretch(1)
        head.addWidget(self.count_label)
        add_row = QHBoxLayout()
        add_row.addWidget(self.add_button)
        add_row.addStretch(1)
        options = QHBoxLayout()
        retreat_label = QLabel("Retreat at ≤")
        retreat_label.setBuddy(self.retreat)
        magic_label = QLabel("Magic")
        magic_label.setBuddy(self.magic)
        for w in (retreat_label, self.retreat, magic_label, self.magic):
            options.addWidget(w)
        options.addStretch(1)
        extra = QHBoxLayout()
        if role == "attacker":
            extra.addWidget(self.moving)
        else:
            extra.addWidget(QLabel("Terrain"))
            extra.addWidget(self.terrain)
            extra.addWidget(self.river)
            extra.addWidget(self.dwarf_hill)
        extra.addStretch(1)
        for w in (self.moving, self.terrain, self.river, self.dwarf_hill):
            w.setVisible(w is self.moving if role == "attacker" else w is not self.moving)
        layout = QVBoxLayout(self)
        layout.addLayout(head)
        layout.addLayout(self.units_box)
        layout.addLayout(add_row)
        layout.addWidget(self.notes)
        layout.addLayout(options)
        layout.addLayout(extra)
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
        self.count_label.setText(f"{n}/{ur.STACKING_LIMIT} units · {steps} steps")
        stance = self.stance.currentData()
        idle = [r.type_box.currentText() for r in self.rows
                if not ur.tables().units[r.type_box.currentData()].melee_in(stance)]
        note = []
        if idle:
            doing = "attacking" if stance == "attack" else "defending"
            note.append(f"Sits out the melee while {doing}: " + ", ".join(idle))
        if not self.rows:
            note.append("No units: this side has lost before the battle starts.")
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


# -- the what-if plot ---------------------------------------------------------------------
class WallWhatIf(QWidget):
    """The battle's outcome at every wall strength, the current one framed."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.summary = QLabel("Computing the odds at every wall strength…")
        self.summary.setWordWrap(True)
        self.summary.setObjectName("whatIfSummary")
        self.plot = pg.PlotWidget()
        self.plot.setTitle("Outcome at every wall strength", size="10pt")
        self.plot.setLabel("bottom", "wall strength (least damage to reach it, in steps)")
        self.plot.setLabel("left", "probability (%)")
        self.plot.showGrid(x=False, y=True, alpha=0.25)
        self.plot.setMenuEnabled(False)
        self.plot.setMouseEnabled(False, False)
        self.plot.setMinimumHeight(240)
        self.legend = QLabel(" ".join(
            f'<span style="color:{c}">&#9632;</span>&nbsp;{n}&nbsp;&nbsp;' for n, c in SEGMENTS)
            + "&nbsp;&nbsp;▭&nbsp;current wall")
        layout = QVBoxLayout(self)
        layout.addWidget(self.summary)
        layout.addWidget(self.legend)
        layout.addWidget(self.plot, 1)
        self.points: list[Any] = []

    def show_error(self, message: str) -> None:
        self.summary.setText(f'<span style="color:{DEFENDER}">&#9888; {message}</span>')

    def show_points(self, points: list[Any], current: int, kind: str, has_wall: bool,
                    text: str) -> None:
        self.points = points
        self.summary.setText(text)
        plot = self.plot
        plot.clear()
        xs = list(range(len(points)))
        bottoms = [0.0] * len(points)
        for name, colour in SEGMENTS:
            key = {"Attacker wins": "attacker_wins", "Draw": "draw", "Undecided": "undecided",
                   "Defender wins": "defender_wins"}[name]
            heights = [100 * getattr(p, key) for p in points]
            if not any(h > 1e-9 for h in heights):
                continue
            plot.addItem(pg.BarGraphItem(x=xs, y0=list(bottoms), height=heights, width=0.62,
                                         brush=colour, pen=pg.mkPen("#ffffff", width=0.5)))
            bottoms = [b + h for b, h in zip(bottoms, heights)]
        for x, p in zip(xs, points):
            label = pg.TextItem(pct(p.attacker_wins), color=ATTACKER, anchor=(0.5, 1.0))
            label.setPos(x, 101)
            plot.addItem(label)
            if p.strength == current:
                plot.addItem(pg.BarGraphItem(x=[x], y0=[0], height=[100], width=0.78,
                                             brush=None, pen=pg.mkPen("#111111", width=2.5)))
        ticks = [(x, f"{p.strength} ({p.damage})" if p.strength else "no wall")
                 for x, p in zip(xs, points)]
        plot.getAxis("bottom").setTicks([ticks])
        plot.setXRange(-0.6, len(points) - 0.4, padding=0)
        plot.setYRange(0, 108, padding=0)
        table = ur.tables().walls[kind]
        plot.setTitle(("" if has_wall else "What if the defender had an ") +
                      (f"{table.name} — " if has_wall else f"{table.name.lower()}: ") +
                      "outcome at every strength", size="10pt")


class RollsTable(QTableWidget):
    """How each unit rolls at the start: value with its modifiers, hits on each face."""

    HEAD = ["Phase", "Side", "Unit", "Value = base and modifiers"] + [str(f) for f in range(1, 7)]

    def __init__(self, parent: QWidget | None = None):
        super().__init__(0, len(self.HEAD), parent)
        self.setHorizontalHeaderLabels(self.HEAD)
        self.verticalHeader().setVisible(False)
        self.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.setAlternatingRowColors(True)
        header = self.horizontalHeader()
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        for c in (0, 1, 2):
            header.setSectionResizeMode(c, QHeaderView.ResizeMode.ResizeToContents)
        for c in range(4, 10):
            header.setSectionResizeMode(c, QHeaderView.ResizeMode.Fixed)
            self.setColumnWidth(c, 30)
        self.setToolTip("Hits for each face of the d6 (score = value + d6: 6+ one hit, "
                        "10+ two, 14+ three)")

    def show_rows(self, rows: list[dict[str, Any]]) -> None:
        names = {tid: t.name for tid, t in ur.tables().units.items()}
        self.setRowCount(len(rows))
        shades = {0: None, 1: "#DCEBF5", 2: "#A9CDE6", 3: "#6FA8D6"}
        for i, row in enumerate(rows):
            cells = [row["phase"], row["side"], f"{names.get(row['type'], row['type'])} "
                     f"#{row['unit'] + 1}", f"{row['value']} = {row['why']}"]
            cells += [str(h) for h in row["hits_per_face"]]
            for c, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if c >= 4:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                    shade = shades.get(row["hits_per_face"][c - 4])
                    if shade:
                        item.setBackground(pg.mkColor(shade))
                if c == 1:
                    item.setForeground(pg.mkColor(ATTACKER if text == "attacker"
                                                  else DEFENDER))
                self.setItem(i, c, item)


# -- the view --------------------------------------------------------------------------
class UrView(RulesetView):
    ruleset = "ur"
    title = "Ur"
    loss_unit = "steps"

    def __init__(self, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self._add_defender_retreat()

    def build_form(self) -> QWidget:
        # built first by RulesetView.__init__: the what-if computer must exist before the
        # first recompute
        self.wall_computer = Computer(self)
        self.wall_computer.result.connect(self.show_what_if)
        self.wall_computer.error.connect(self._what_if_error)
        self.last_what_if: list[Any] | None = None

        form = QWidget()
        self.title_edit = QLineEdit()
        self.title_edit.setPlaceholderText("scenario title (optional)")
        self.title_edit.textEdited.connect(self.edited)
        self.max_rounds = QSpinBox()
        self.max_rounds.setRange(0, 10_000)
        self.max_rounds.setSpecialValueText("to the end")
        self.max_rounds.setToolTip("Stop after this many rounds (undecided); 0 = fight to the end")
        self.max_rounds.valueChanged.connect(self.edited)
        self.no_melee = QLabel("Both sides defend: no melee, only ranged fire.")
        self.no_melee.setStyleSheet(f"color: {DEFENDER};")
        self.sides = {role: SideEditor(role) for role in ROLES}
        for side in self.sides.values():
            side.changed.connect(self._side_changed)
        self.wall_panel = WallTrackerPanel()
        self.wall_panel.changed.connect(self.edited)

        options = QGroupBox("Battle")
        f = QVBoxLayout(options)
        row = QHBoxLayout()
        row.addWidget(self.title_edit, 1)
        rounds_label = QLabel("Rounds")
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

    def default_scenario(self) -> Scenario:
        return default_scenario()

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
        caption = QLabel("How each unit rolls at the start of the battle: score = value + d6; "
                         "a score of 6+ scores one hit, 10+ two, 14+ three. Shaded: hits per "
                         "face of the die.")
        caption.setWordWrap(True)
        layout.addWidget(caption)
        layout.addWidget(self.rolls, 1)
        return [("Wall what-if", self.what_if), ("Rolls", rolls_tab)]

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
        head = (f"Now (wall strength {current}): attacker wins <b>{pct(now.attacker_wins)}"
                f"</b>. " if now and wall else
                f"Now (no wall): attacker wins <b>{pct(now.attacker_wins)}</b>. " if now else "")
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
            return (f"The wall is at its last level (strength {wall.strength}): "
                    "more battering can't lower it.")
        lower = by_strength.get(wall.strength - 1)
        if lower is None:
            return ""
        return (f"Battering the wall {nxt} more step{'s' if nxt != 1 else ''} (to strength "
                f"{lower.strength}): attacker wins {pct(now.attacker_wins)} → "
                f"<b>{pct(lower.attacker_wins)}</b> "
                f"({delta_pct(lower.attacker_wins, now.attacker_wins)}).")

    def _what_if_error(self, message: str) -> None:
        self.what_if.show_error(message)
        self.wall_panel.set_what_if("")

    # -- table side --------------------------------------------------------------------------
    def supports_table_side(self) -> bool:
        return True

    def _add_defender_retreat(self) -> None:
        """A "Defender retreats" button beside the panel's attacker one: in Ur either side may
        retreat (the engine's ``TableBattle.end`` takes both)."""
        panel = self.table_panel
        self.defender_retreat = QPushButton("Defender retreats")
        self.defender_retreat.setToolTip("The defender breaks off before this round: the "
                                         "attacker wins")
        self.defender_retreat.clicked.connect(lambda: panel.end("retreat", "defender"))
        layout = _layout_holding(panel.battle_box.layout(), panel.retreat_button)
        if layout is not None:
            layout.insertWidget(layout.indexOf(panel.retreat_button) + 1, self.defender_retreat)
        else:  # the panel's layout changed: still offer the button, under the others
            panel.battle_box.layout().addWidget(self.defender_retreat)
        panel.choice_edit.setToolTip(
            "Hits each unit takes, in list order, e.g. 'attacker: 1 1 0 1; defender: 0 2 1'.\n"
            "Hits must be spread evenly; where units tie, the owner picks which one takes it.\n"
            "A side left out keeps the proposal.")
        # the panel refreshes (and says so through running_changed) after every change
        panel.running_changed.connect(self._sync_defender_retreat)
        self._sync_defender_retreat()

    def _sync_defender_retreat(self, *_args) -> None:
        b = self.table_panel.battle
        self.defender_retreat.setEnabled(b is not None and not b.is_over() and not b.current)

    def format_choice(self, choice: Any) -> str:
        return format_ur_choice(choice)

    def parse_choice(self, text: str, proposal: Any) -> Any:
        return parse_ur_choice(text, proposal)

    def shutdown(self) -> None:
        self.wall_computer.cancel()
        self.wall_computer.wait(5000)
        super().shutdown()


def _layout_holding(layout: Any, widget: QWidget) -> Any:
    """The (nested) box layout of ``layout`` that holds ``widget`` directly, or None."""
    if layout is None:
        return None
    if layout.indexOf(widget) >= 0:
        return layout
    for i in range(layout.count()):
        found = _layout_holding(layout.itemAt(i).layout(), widget)
        if found is not None:
            return found
    return None
