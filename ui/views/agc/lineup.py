"""AGC at the table, the detail beside the dice: each unit's die, modifier and why.

Fed by the battle's own rules (``AgcRules.line``: the engine's ``agc.lineup`` of the battle's
scenario, the same figures its dice and the odds use); shown by the table-side panel under
the battle's state (``TableSidePanel.set_detail_widget``).
"""
from __future__ import annotations

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (QAbstractItemView, QGroupBox, QHeaderView,
                               QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget)

from ...result_style import ATTACKER, DEFENDER
from ...engine_text import render
from .terrain import signed
from ...i18n import QT_TRANSLATE_NOOP, side_title, translate

SIDES = ("attacker", "defender")
SIDE_COLOURS = {"attacker": ATTACKER, "defender": DEFENDER}
COLUMNS = (QT_TRANSLATE_NOOP("widgets.agc_lineup", "Unit"),
           QT_TRANSLATE_NOOP("widgets.agc_lineup", "Die"),
           QT_TRANSLATE_NOOP("widgets.agc_lineup", "Mod."),
           QT_TRANSLATE_NOOP("widgets.agc_lineup", "Why"))


def describe_roll(u) -> tuple[str, str, str, str]:
    """One unit's row: label, die ('d6', '2d6 keep lowest'), modifier, why."""
    die = (translate("widgets.agc_lineup", "d{sides}").format(sides=u.sides) if u.dice == 1 else
           translate("widgets.agc_lineup", "{dice}d{sides} keep lowest").format(dice=u.dice,
                                                                              sides=u.sides))
    why = ", ".join(render(r) for r in u.reasons) or translate("widgets.agc_lineup",
                                                              "no modifier")
    if u.role == "aad":
        why += translate("widgets.agc_lineup", " — AAD: only against enemy air support")
    return render(u.label), die, signed(u.modifier), why


class LineupTables(QWidget):
    """Both sides' units in entry order, with their die, modifier and why."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.tables: dict[str, QTableWidget] = {}
        row = QVBoxLayout(self)          # one above the other: the "Why" column stays whole
        row.setContentsMargins(0, 0, 0, 0)
        for side in SIDES:
            box = QGroupBox(translate("widgets.agc_lineup", "{side}: dice in entry order").format(
                side=side_title(side)))
            box.setStyleSheet(f"QGroupBox {{ font-weight: bold; }} "
                              f"QGroupBox::title {{ color: {SIDE_COLOURS[side]}; }}")
            table = QTableWidget(0, len(COLUMNS))
            table.setObjectName(f"agc_lineup_{side}")
            table.setHorizontalHeaderLabels([translate("widgets.agc_lineup", c) for c in COLUMNS])
            table.verticalHeader().setVisible(False)
            table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
            table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
            table.setFocusPolicy(Qt.FocusPolicy.NoFocus)
            table.setWordWrap(True)
            header = table.horizontalHeader()
            for col in range(len(COLUMNS)):
                header.setSectionResizeMode(col, QHeaderView.ResizeMode.ResizeToContents)
            header.setSectionResizeMode(3, QHeaderView.ResizeMode.Stretch)
            # a narrower "why" column wraps onto more lines: the rows grow with it
            header.sectionResized.connect(
                lambda *_args, t=table: QTimer.singleShot(0, t, t.resizeRowsToContents))
            table.setMinimumHeight(110)
            QVBoxLayout(box).addWidget(table)
            row.addWidget(box)
            self.tables[side] = table

    def show_battle(self, battle) -> None:
        """The table's battle changed (None: no battle): show the lineup the battle itself
        rolls (its rules'), never the form's — a resumed battle's terrain may differ from
        what the form showed when the battle came back."""
        self.setVisible(battle is not None)
        if battle is None:
            return
        line = battle.initial_rules.line
        for side in SIDES:
            units = line.side(side).units
            table = self.tables[side]
            table.setRowCount(len(units))
            for i, u in enumerate(units):
                for col, text in enumerate(describe_roll(u)):
                    item = QTableWidgetItem(text)
                    if col in (1, 2):
                        item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                    if col == 3:
                        item.setToolTip(text)
                    table.setItem(i, col, item)
            table.resizeRowsToContents()
