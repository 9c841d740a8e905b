"""The Alternate Ground Combat terrain picker: the 13 terrains as a grid of tiles.

Each tile shows the terrain's name and a compact row of its modifier for every base unit type
(the column headings sit above each column of tiles); a star marks a specialised infantry's
own terrain. Click a tile, or use the keyboard: arrow keys, Home / End move the choice (the
selection follows the focus, like a group of radio buttons). ``picked`` fires only on a user
choice; ``set_terrain`` is silent.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QEvent, QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QToolTip, QWidget

from combatassist.rulesets import agc

from ...result_style import ATTACKER, DEFENDER
from ...i18n import data_name, translate


def short_name(base: str) -> str:
    """The short column heading of a base unit type ("Arm"; ``resources/agc/labels.toml``),
    in the app's language."""
    return data_name("agc", agc.RULESET.label("short_units", base))


POSITIVE = ATTACKER          # Okabe-Ito blue: a bonus
NEGATIVE = DEFENDER          # Okabe-Ito vermillion: a penalty
NEUTRAL = "#8a8a8a"
SELECTED_FILL = "#dcebf7"
HOVER_FILL = "#f1f1f1"


def signed(n: int) -> str:
    """+1 / −1 / 0 with a true minus sign (reads better than a hyphen)."""
    return f"+{n}" if n > 0 else (f"−{-n}" if n < 0 else "0")


def modifier_colour(n: int) -> str:
    return POSITIVE if n > 0 else (NEGATIVE if n < 0 else NEUTRAL)


class TerrainPicker(QWidget):
    """A keyboard-navigable grid of terrain tiles; one is always chosen."""

    #: the terrain id the user picked (click or keys)
    picked = Signal(str)

    HEADER_H = 16
    TILE_H = 44
    GAP = 4

    def __init__(self, terrains: Sequence[dict[str, Any]], base_types: Sequence[str],
                 home_of: dict[str, list[str]] | None = None, columns: int = 3,
                 parent: QWidget | None = None):
        """``terrains``: agc.terrains() rows (id, name, modifiers per unit id);
        ``base_types``: the columns shown in each tile; ``home_of``: terrain id -> names of
        the specialised infantry at home there (shown with a star)."""
        super().__init__(parent)
        self.terrains = list(terrains)
        self.base_types = tuple(base_types)
        self.home_of = home_of or {}
        self.columns = columns
        self.current = 0
        self.hover = -1
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setMouseTracking(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setAccessibleName(translate("widgets.agc_terrain", "Terrain"))
        self.setToolTip("")   # per-tile tooltips come from event()
        self._update_accessible()

    # -- value ------------------------------------------------------------------------------
    def terrain(self) -> str:
        return self.terrains[self.current]["id"]

    def set_terrain(self, terrain_id: str) -> None:
        """Show ``terrain_id`` as chosen (no ``picked`` signal)."""
        for i, row in enumerate(self.terrains):
            if row["id"] == terrain_id:
                self.current = i
                self._update_accessible()
                self.update()
                return
        raise ValueError(f"unknown terrain '{terrain_id}'")

    def _choose(self, index: int) -> None:
        index = max(0, min(len(self.terrains) - 1, index))
        if index == self.current:
            return
        self.current = index
        self._update_accessible()
        self.update()
        self.picked.emit(self.terrain())

    def _update_accessible(self) -> None:
        row = self.terrains[self.current]
        self.setAccessibleDescription(f"{data_name('agc', row['name'])}: "
                                      + self.modifier_text(row))

    def modifier_text(self, row: dict[str, Any]) -> str:
        return ", ".join(f"{short_name(b)} {signed(row['modifiers'][b])}"
                         for b in self.base_types)

    # -- geometry ---------------------------------------------------------------------------
    @property
    def rows(self) -> int:
        return -(-len(self.terrains) // self.columns)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt name)
        return QSize(self.columns * 124, self.HEADER_H + self.rows * (self.TILE_H + self.GAP))

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt name)
        return QSize(self.columns * 104, self.sizeHint().height())

    def tile_rect(self, index: int) -> QRectF:
        width = (self.width() - (self.columns - 1) * self.GAP) / self.columns
        row, col = divmod(index, self.columns)
        return QRectF(col * (width + self.GAP), self.HEADER_H + row * (self.TILE_H + self.GAP),
                      width, self.TILE_H)

    def index_at(self, point: QPointF) -> int:
        for i in range(len(self.terrains)):
            if self.tile_rect(i).contains(point):
                return i
        return -1

    def _cells(self, tile: QRectF) -> list[QRectF]:
        inner = tile.adjusted(4, 0, -4, 0)
        w = inner.width() / len(self.base_types)
        return [QRectF(inner.left() + i * w, tile.bottom() - 20, w, 17)
                for i in range(len(self.base_types))]

    # -- painting ---------------------------------------------------------------------------
    def paintEvent(self, event) -> None:  # noqa: N802 (Qt name)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        small = QFont(self.font())
        small.setPointSizeF(max(6.5, small.pointSizeF() * 0.8))
        bold = QFont(self.font())
        bold.setBold(True)
        digits = QFont(small)
        digits.setBold(True)
        # column headings above each column of tiles (a touch smaller: "AAD" must fit a cell)
        heading = QFont(small)
        heading.setPointSizeF(max(6.0, small.pointSizeF() * 0.88))
        painter.setFont(heading)
        painter.setPen(QColor("#555555"))
        for col in range(min(self.columns, len(self.terrains))):
            head = self.tile_rect(col)
            for cell, base in zip(self._cells(head), self.base_types):
                painter.drawText(QRectF(cell.left(), 0, cell.width(), self.HEADER_H - 2),
                                 Qt.AlignmentFlag.AlignCenter, short_name(base))
        for i, row in enumerate(self.terrains):
            tile = self.tile_rect(i)
            chosen = i == self.current
            fill = SELECTED_FILL if chosen else (HOVER_FILL if i == self.hover else "#ffffff")
            painter.setBrush(QColor(fill))
            painter.setPen(QPen(QColor(ATTACKER if chosen else "#bdbdbd"), 2.0 if chosen else 1.0))
            painter.drawRoundedRect(tile.adjusted(1, 1, -1, -1), 5, 5)
            if chosen and self.hasFocus():
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.setPen(QPen(QColor("#111111"), 1.0, Qt.PenStyle.DotLine))
                painter.drawRoundedRect(tile.adjusted(4, 4, -4, -4), 3, 3)
            painter.setFont(bold)
            painter.setPen(QColor("#111111"))
            name_rect = QRectF(tile.left() + 6, tile.top() + 3, tile.width() - 20, 18)
            painter.drawText(name_rect, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                             painter.fontMetrics().elidedText(data_name("agc", row["name"]),
                                                              Qt.TextElideMode.ElideRight,
                                                              int(name_rect.width())))
            if self.home_of.get(row["id"]):
                painter.setPen(QColor("#b07d00"))
                painter.drawText(QRectF(tile.right() - 18, tile.top() + 3, 14, 18),
                                 Qt.AlignmentFlag.AlignCenter, "★")
            painter.setFont(digits)
            for cell, base in zip(self._cells(tile), self.base_types):
                value = row["modifiers"][base]
                painter.setPen(QColor(modifier_colour(value)))
                painter.drawText(cell, Qt.AlignmentFlag.AlignCenter, signed(value))
        painter.end()

    # -- interaction ------------------------------------------------------------------------
    def mousePressEvent(self, event) -> None:  # noqa: N802 (Qt name)
        index = self.index_at(event.position())
        if index >= 0 and event.button() == Qt.MouseButton.LeftButton:
            self.setFocus(Qt.FocusReason.MouseFocusReason)
            self._choose(index)
        super().mousePressEvent(event)

    def mouseMoveEvent(self, event) -> None:  # noqa: N802 (Qt name)
        index = self.index_at(event.position())
        if index != self.hover:
            self.hover = index
            self.update()
        super().mouseMoveEvent(event)

    def leaveEvent(self, event) -> None:  # noqa: N802 (Qt name)
        self.hover = -1
        self.update()
        super().leaveEvent(event)

    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt name)
        key = event.key()
        steps = {Qt.Key.Key_Left: -1, Qt.Key.Key_Right: 1,
                 Qt.Key.Key_Up: -self.columns, Qt.Key.Key_Down: self.columns}
        if key in steps:
            target = self.current + steps[key]
            if 0 <= target < len(self.terrains):
                self._choose(target)
            event.accept()
        elif key == Qt.Key.Key_Home:
            self._choose(0)
            event.accept()
        elif key == Qt.Key.Key_End:
            self._choose(len(self.terrains) - 1)
            event.accept()
        else:
            super().keyPressEvent(event)

    def focusInEvent(self, event) -> None:  # noqa: N802 (Qt name)
        self.update()
        super().focusInEvent(event)

    def focusOutEvent(self, event) -> None:  # noqa: N802 (Qt name)
        self.update()
        super().focusOutEvent(event)

    def tile_tooltip(self, index: int) -> str:
        row = self.terrains[index]
        lines = [f"<b>{data_name('agc', row['name'])}</b>", self.modifier_text(row)]
        homes = self.home_of.get(row["id"])
        if homes:
            lines.append(translate("widgets.agc_terrain", "★ own terrain of: {units} (+1)").format(
                units=", ".join(data_name("agc", h) for h in homes)))
        return "<br>".join(lines)

    def event(self, event) -> bool:
        if event.type() == QEvent.Type.ToolTip:
            index = self.index_at(QPointF(event.pos()))
            if index >= 0:
                QToolTip.showText(event.globalPos(), self.tile_tooltip(index), self)
            else:
                QToolTip.hideText()
            return True
        return super().event(event)
