"""Alternate Ground Combat at the table: enter each unit's roll (or Roll), see the totals, the
band, the victor and the steps of damage to roll; enter (or roll) the damage dice.

AGC is one combat resolution, not a round-by-round battle, so this panel replaces the generic
table-side battle: every rule lives in ``combatassist.rulesets.agc`` (``lineup`` for the dice
to ask for, ``resolve_table`` for the answer); the panel parses what was typed and shows it.

Dice entry: one line per side, the units' dice in the order listed, separated by spaces or
commas ("7 3 5 4"); a unit that rolls several dice and keeps the lowest takes either the kept
die ("2") or all of them joined by slashes ("6/2/5").
"""
from __future__ import annotations

import random
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QKeySequence, QShortcut
from PySide6.QtWidgets import (QAbstractItemView, QFormLayout, QGroupBox, QHBoxLayout,
                               QHeaderView, QLabel, QLineEdit, QPlainTextEdit, QPushButton,
                               QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget)

from combatassist.errors import CombatAssistError
from combatassist.rulesets import agc
from combatassist.rulesets.agc.data import parse_damage

from ..results import ATTACKER, DEFENDER
from .agc_terrain import signed

SIDES = ("attacker", "defender")
SIDE_COLOURS = {"attacker": ATTACKER, "defender": DEFENDER}
_SPLIT = re.compile(r"[\s,;]+")


class EntryError(ValueError):
    """What was typed can't be read (the message says what and where)."""


def parse_entries(text: str) -> list[list[int]]:
    """'7 3, 6/2/5' -> [[7], [3], [6, 2, 5]]: one entry per unit (or damage die)."""
    out = []
    for token in (t for t in _SPLIT.split(text.strip()) if t):
        faces = []
        for part in token.split("/"):
            if not part.isdigit():
                raise EntryError(f"'{token}' is not a die roll (use numbers like 4, or 6/2/5 "
                                 "for dice kept lowest)")
            faces.append(int(part))
        out.append(faces)
    return out


def format_entry(faces: list[int]) -> str:
    return "/".join(str(f) for f in faces)


@dataclass(frozen=True)
class DamageSlot:
    """One side's damage dice to roll: in the ground result or in AAD contest ``contest``."""

    contest: int | None       # None: the ground result
    side: str
    spec: str                 # '1d6', '1', '0'

    @property
    def title(self) -> str:
        where = "ground" if self.contest is None else f"AAD contest {self.contest + 1}"
        return f"{self.side} ({where})"


class SideEntry(QGroupBox):
    """One side's units with their dice and modifiers, the dice-entry line and Roll."""

    COLUMNS = ("Unit", "Die", "Mod.", "Why", "Rolled", "Value")

    def __init__(self, side: str, on_change: Callable[[], None], parent: QWidget | None = None):
        super().__init__(side.capitalize(), parent)
        self.side = side
        self.units: tuple = ()
        self.setStyleSheet(f"QGroupBox {{ font-weight: bold; }} "
                           f"QGroupBox::title {{ color: {SIDE_COLOURS[side]}; }}")
        self.edit = QLineEdit()
        self.edit.setObjectName(f"agc_table_{side}_dice")
        self.edit.setPlaceholderText("each unit's die in order, e.g. 7 3 5 (keep-lowest: 2 or 6/2/5)")
        self.edit.textChanged.connect(on_change)
        self.roll_button = QPushButton("Roll")
        self.roll_button.setToolTip(f"Roll the {side}'s dice here")
        self.status = QLabel("")
        self.status.setWordWrap(True)
        self.table = QTableWidget(0, len(self.COLUMNS))
        self.table.setHorizontalHeaderLabels(self.COLUMNS)
        self.table.verticalHeader().setVisible(False)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.table.setAlternatingRowColors(True)
        self.table.setWordWrap(True)
        header = self.table.horizontalHeader()
        for col in range(len(self.COLUMNS)):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
        self.table.setMinimumHeight(120)
        row = QHBoxLayout()
        row.addWidget(self.edit, 1)
        row.addWidget(self.roll_button)
        layout = QVBoxLayout(self)
        layout.addLayout(row)
        layout.addWidget(self.status)
        layout.addWidget(self.table, 1)

    def set_units(self, units: tuple) -> None:
        """Show the lineup's units (``agc.UnitRoll``); keep the typed dice if they still fit."""
        if units == self.units:
            return
        same_shape = [(u.sides, u.dice) for u in units] == [(u.sides, u.dice) for u in self.units]
        self.units = units
        if not same_shape:
            self.edit.blockSignals(True)
            self.edit.clear()
            self.edit.blockSignals(False)
        self.table.setRowCount(len(units))
        bold = QFont(self.font())
        bold.setBold(True)
        for i, u in enumerate(units):
            die = f"d{u.sides}" if u.dice == 1 else f"{u.dice}d{u.sides} keep lowest"
            why = ", ".join(u.reasons) or "no modifier"
            if u.role == "aad":
                why += " — AAD: only against enemy air support"
            cells = (u.label, die, signed(u.modifier), why, "", "–")
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                if col in (1, 2, 4, 5):
                    item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                if col == 5:
                    item.setFont(bold)
                if col == 3:
                    item.setToolTip(why)
                self.table.setItem(i, col, item)
        self.table.resizeRowsToContents()

    def roll(self, rng: random.Random) -> None:
        self.edit.setText(" ".join(format_entry([rng.randint(1, u.sides) for _ in range(u.dice)])
                                   for u in self.units))

    def read(self) -> tuple[list[Any] | None, str]:
        """(the rolls for ``agc.resolve_table`` when complete and valid, else None; a status)."""
        try:
            entries = parse_entries(self.edit.text())
        except EntryError as exc:
            self._show(())
            return None, f"⚠ {exc}"
        self._show(entries)
        problems = []
        for u, faces in zip(self.units, entries):
            if len(faces) not in (1, u.dice):
                problems.append(f"{u.label}: give the kept die or all {u.dice} dice")
            elif any(not 1 <= f <= u.sides for f in faces):
                problems.append(f"{u.label}: a d{u.sides} shows 1–{u.sides}")
        if len(entries) > len(self.units):
            problems.append(f"{len(entries)} dice entered for {len(self.units)} units")
        if problems:
            return None, "⚠ " + "; ".join(problems)
        if len(entries) < len(self.units):
            return None, f"{len(entries)} of {len(self.units)} units entered"
        return [f[0] if len(f) == 1 else f for f in entries], "all dice entered"

    def _show(self, entries) -> None:
        for i, u in enumerate(self.units):
            rolled = self.table.item(i, 4)
            value = self.table.item(i, 5)
            if i < len(entries):
                faces = entries[i]
                ok = len(faces) in (1, u.dice) and all(1 <= f <= u.sides for f in faces)
                rolled.setText(format_entry(faces))
                rolled.setForeground(QColor("#111111" if ok else DEFENDER))
                # the kept die is the lowest one rolled (docs/rules.md §3); the engine's own value
                value.setText(str(u.value(min(faces))) if ok else "?")
            else:
                rolled.setText("")
                value.setText("–")


class DamageEntry(QWidget):
    """The damage dice of one slot: a line to type them (or a fixed number of steps)."""

    def __init__(self, slot: DamageSlot, on_change: Callable[[], None],
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.slot = slot
        self.spec = parse_damage(slot.spec)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.edit: QLineEdit | None = None
        if self.spec.count:
            self.edit = QLineEdit()
            self.edit.setObjectName(f"agc_damage_{slot.contest}_{slot.side}")
            self.edit.setPlaceholderText(f"roll {self.spec.text}")
            self.edit.setMaximumWidth(160)
            self.edit.textChanged.connect(on_change)
            layout.addWidget(self.edit)
            layout.addWidget(QLabel(f"({self.spec.text})"))
        else:
            layout.addWidget(QLabel(f"{self.spec.constant} step(s), nothing to roll"))
        layout.addStretch(1)

    def faces(self) -> list[int] | None:
        """The damage faces when complete and valid (no dice to roll: [])."""
        if self.edit is None:
            return []
        try:
            entries = parse_entries(self.edit.text())
        except EntryError:
            return None
        faces = [f for e in entries for f in e]
        if len(faces) != self.spec.count or any(not 1 <= f <= self.spec.sides for f in faces):
            return None
        return faces

    def roll(self, rng: random.Random) -> None:
        if self.edit is not None:
            self.edit.setText(" ".join(str(rng.randint(1, self.spec.sides))
                                       for _ in range(self.spec.count)))


class AgcTablePanel(QWidget):
    """Resolve one AGC combat with the players' real dice (the set-up on the left)."""

    def __init__(self, payload: Callable[[], agc.AgcScenario], parent: QWidget | None = None,
                 rng: random.Random | None = None):
        super().__init__(parent)
        self.payload = payload
        self.rng = rng or random.Random()
        self.resolution: agc.TableResolution | None = None
        self._slots: tuple[DamageSlot, ...] = ()
        self.damage: list[DamageEntry] = []

        intro = QLabel("Resolve this combat with your real dice: type each unit's roll in the "
                       "order listed (or press Roll), then roll the steps of damage shown. "
                       "Ctrl+R rolls everything not yet entered.")
        intro.setWordWrap(True)
        self.setup_message = QLabel("")
        self.setup_message.setWordWrap(True)
        self.sides = {s: SideEntry(s, self._update) for s in SIDES}
        for s in SIDES:
            self.sides[s].roll_button.clicked.connect(lambda _=False, s=s: self.roll_side(s))
        self.sides["attacker"].edit.returnPressed.connect(self.sides["defender"].edit.setFocus)
        self.sides["defender"].edit.returnPressed.connect(self._focus_damage)

        self.summary = QLabel("")
        self.summary.setObjectName("agc_table_summary")
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.damage_box = QGroupBox("Steps of damage to roll")
        self.damage_form = QFormLayout(self.damage_box)
        self.roll_damage_button = QPushButton("Roll damage")
        self.roll_damage_button.clicked.connect(self.roll_damage)
        self.steps_label = QLabel("")
        self.steps_label.setObjectName("agc_table_steps")
        self.steps_label.setWordWrap(True)
        self.steps_label.setTextFormat(Qt.TextFormat.RichText)
        self.explanation = QPlainTextEdit()
        self.explanation.setReadOnly(True)
        self.explanation.setPlaceholderText("How the result came about appears here.")
        self.clear_button = QPushButton("New combat")
        self.clear_button.setToolTip("Clear every die entered")
        self.clear_button.clicked.connect(self.clear)
        roll_all = QShortcut(QKeySequence("Ctrl+R"), self)
        roll_all.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        roll_all.activated.connect(self.roll_missing)

        entries = QHBoxLayout()
        for s in SIDES:
            entries.addWidget(self.sides[s], 1)
        buttons = QHBoxLayout()
        buttons.addWidget(self.roll_damage_button)
        buttons.addStretch(1)
        buttons.addWidget(self.clear_button)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.setup_message)
        layout.addLayout(entries, 3)
        layout.addWidget(self.summary)
        layout.addWidget(self.damage_box)
        layout.addLayout(buttons)
        layout.addWidget(self.steps_label)
        layout.addWidget(self.explanation, 2)
        self.refresh()

    # -- set-up -----------------------------------------------------------------------------
    def refresh(self) -> None:
        """The set-up changed: show its units (keeping dice that still fit) and re-resolve."""
        try:
            line = agc.lineup(self.payload())
        except CombatAssistError as exc:
            self.setup_message.setText(f'<span style="color:{DEFENDER}">⚠ {exc} — fix the '
                                       "set-up on the left to resolve a combat.</span>")
            for s in SIDES:
                self.sides[s].setEnabled(False)
            self._set_resolution(None, "")
            return
        self.setup_message.setText("")
        for s in SIDES:
            self.sides[s].setEnabled(True)
            self.sides[s].set_units(line.side(s).units)
        self._update()

    # -- actions ------------------------------------------------------------------------------
    def roll_side(self, side: str) -> None:
        self.sides[side].roll(self.rng)

    def roll_damage(self) -> None:
        for entry in self.damage:
            entry.roll(self.rng)

    def roll_missing(self) -> None:
        """Roll every side whose dice are not complete, then every damage die still missing."""
        for s in SIDES:
            if self.sides[s].isEnabled() and self.sides[s].read()[0] is None:
                self.roll_side(s)
        for entry in self.damage:
            if entry.faces() is None:
                entry.roll(self.rng)

    def clear(self) -> None:
        for s in SIDES:
            self.sides[s].edit.clear()
        for entry in self.damage:
            if entry.edit is not None:
                entry.edit.clear()
        self.sides["attacker"].edit.setFocus()

    def _focus_damage(self) -> None:
        for entry in self.damage:
            if entry.edit is not None:
                entry.edit.setFocus()
                return

    # -- resolving ----------------------------------------------------------------------------
    def _update(self) -> None:
        rolls = {}
        for s in SIDES:
            side_rolls, status = self.sides[s].read()
            self.sides[s].status.setText(status)
            rolls[s] = side_rolls
        if any(r is None for r in rolls.values()) or not self.sides["attacker"].isEnabled():
            self._set_resolution(None, "Enter both sides' dice to see the totals and the band.")
            return
        try:
            payload = self.payload()
            first = agc.resolve_table(payload, rolls)
            self._set_damage_slots(first)
            ground, contests = self._damage_given(first)
            final = agc.resolve_table(payload, rolls, ground, contests)
        except CombatAssistError as exc:
            self._set_resolution(None, f'<span style="color:{DEFENDER}">⚠ {exc}</span>')
            return
        self._set_resolution(final, "")

    def _set_damage_slots(self, res: agc.TableResolution) -> None:
        slots = [DamageSlot(None, s, res.damage_dice[s]) for s in SIDES]
        for i, c in enumerate(res.contests):
            slots += [DamageSlot(i, c.aad_side, c.damage_dice[c.aad_side]),
                      DamageSlot(i, c.air_side, c.damage_dice[c.air_side])]
        if tuple(slots) == self._slots:
            return
        self._slots = tuple(slots)
        while self.damage_form.rowCount():
            self.damage_form.removeRow(0)
        self.damage = []
        for slot in slots:
            entry = DamageEntry(slot, self._update)
            self.damage.append(entry)
            self.damage_form.addRow(slot.title + ":", entry)

    def _damage_given(self, res: agc.TableResolution):
        """The damage faces for ``resolve_table``: a block only once it is complete."""
        by_slot = {(e.slot.contest, e.slot.side): e.faces() for e in self.damage}
        ground = {s: by_slot.get((None, s)) for s in SIDES}
        ground = None if any(v is None for v in ground.values()) else ground
        contests = []
        for i, c in enumerate(res.contests):
            given = {s: by_slot.get((i, s)) for s in (c.aad_side, c.air_side)}
            contests.append(None if any(v is None for v in given.values()) else given)
        return ground, contests

    def _set_resolution(self, res: agc.TableResolution | None, message: str) -> None:
        self.resolution = res
        self.damage_box.setVisible(res is not None)
        self.roll_damage_button.setEnabled(res is not None and any(
            e.edit is not None for e in self.damage))
        if res is None:
            self.summary.setText(message)
            self.steps_label.setText("")
            self.explanation.setPlainText("")
            return
        a, d = res.totals["attacker"], res.totals["defender"]
        victor = ("a tie" if res.victor == "tie" else
                  f'<span style="color:{SIDE_COLOURS[res.victor]}">the {res.victor}</span> '
                  "is the victor")
        lines = [f'<span style="font-size:large"><b><span style="color:{ATTACKER}">Attacker '
                 f'{a}</span> vs <span style="color:{DEFENDER}">defender {d}</span></b></span>',
                 f"Margin: <b>{res.band_name}</b> — {victor}. Steps of damage to roll: attacker "
                 f"<b>{res.damage_dice['attacker']}</b>, defender "
                 f"<b>{res.damage_dice['defender']}</b>."]
        for i, c in enumerate(res.contests, start=1):
            who = {"aad": "AAD is the victor", "air": "air support is the victor",
                   "tie": "a tie"}[c.victor]
            lines.append(f"AAD contest {i}: {c.aad_side} AAD {c.aad_score} vs {c.air_side} air "
                         f"support {c.air_score} — {who}; roll {c.aad_side} "
                         f"{c.damage_dice[c.aad_side]}, {c.air_side} "
                         f"{c.damage_dice[c.air_side]}.")
        self.summary.setText("<br>".join(lines))
        steps = []
        if res.steps is not None:
            steps.append(f"Ground: attacker takes <b>{res.steps['attacker']}</b> step(s), "
                         f"defender <b>{res.steps['defender']}</b>.")
        for i, c in enumerate(res.contests, start=1):
            if c.steps is not None:
                steps.append(f"AAD contest {i}: {c.aad_side} AAD takes "
                             f"<b>{c.steps[c.aad_side]}</b>, {c.air_side} air support "
                             f"<b>{c.steps[c.air_side]}</b>.")
        self.steps_label.setText("<br>".join(steps) or "Enter (or roll) the damage dice.")
        self.explanation.setPlainText("\n".join(res.explanation))
