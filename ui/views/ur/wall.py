"""The Ur wall-step tracker: wall kind, a strength meter, damage buttons with undo/redo.

``WallMeter`` draws the wall's levels (outer 4/3/2/1, inner 3/2/1) as groups of step cells:
a level's group has one cell per step of damage it takes to lose that level, the last level
one solid block (it can't be removed). Damaged cells are hollow and crossed; the current
level is framed. Clicking a level sets the wall to the start of that level.

``WallTrackerPanel`` wraps the engine's ``WallTracker`` (which holds every rule and refuses
impossible damage): it records each change with its source (trebuchet, dragon, magic) so the
history reads like the table, and emits ``changed`` so the odds follow the wall at once.
"""
from __future__ import annotations

from PySide6.QtCore import QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen
from PySide6.QtWidgets import (QComboBox, QFormLayout, QGroupBox, QHBoxLayout, QLabel,
                               QListWidget, QPushButton, QSizePolicy, QSpinBox, QVBoxLayout,
                               QWidget)

from combatassist.errors import CombatAssistError
from combatassist.rulesets.ur import Wall, WallTracker, damage_for_strength, tables
from ...i18n import QT_TRANSLATE_NOOP, data_name, translate

STONE = "#8C7B6B"          # intact wall steps
CURRENT = "#009E73"        # Okabe-Ito bluish green: the current level's frame
SOURCES = ("trebuchet", "dragon", "magic")
#: the sources as the history and the list name them (translated where shown)
SOURCE_NAMES = (QT_TRANSLATE_NOOP("widgets.ur_wall", "trebuchet"),
                QT_TRANSLATE_NOOP("widgets.ur_wall", "dragon"),
                QT_TRANSLATE_NOOP("widgets.ur_wall", "magic"),
                QT_TRANSLATE_NOOP("widgets.ur_wall", "Trebuchet"),
                QT_TRANSLATE_NOOP("widgets.ur_wall", "Dragon"),
                QT_TRANSLATE_NOOP("widgets.ur_wall", "Magic"))
#: the kind box's "no wall" entry (not None: a None item is best kept away from Qt)
NO_WALL = "none"


class WallMeter(QWidget):
    """The strength meter; ``level_clicked(strength)`` when a level is clicked."""

    level_clicked = Signal(int)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.kind: str | None = None
        self.damage = 0
        self.setMinimumHeight(58)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.setCursor(Qt.CursorShape.PointingHandCursor)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt name)
        return QSize(300, 58)

    def set_wall(self, kind: str | None, damage: int = 0) -> None:
        self.kind = kind
        self.damage = damage
        self.update()

    def _groups(self) -> list[tuple[int, int, int, QRectF]]:
        """(strength, first damage step, cells, rect) per level, left (strongest) to right."""
        if self.kind is None:
            return []
        table = tables().walls[self.kind]
        cells = list(table.steps_to_lose) + [1]           # the last level: one solid block
        total = sum(cells)
        gap = 8.0
        width = self.width() - 2 - gap * (len(cells) - 1)
        cell_w = width / total
        x, first, out = 1.0, 0, []
        for strength, n in zip(table.strengths, cells):
            out.append((strength, first, n, QRectF(x, 20, n * cell_w, self.height() - 22)))
            x += n * cell_w + gap
            first += n
        return out

    def labels(self) -> list[tuple[int, str, QRectF, QFont]]:
        """(strength, text, rect, font) of each level's label above it: "strength 2" over the
        current level, the bare number over the others; never past the meter's right edge
        (the last level's "strength 1" read "streng")."""
        if self.kind is None:
            return []
        current = WallTracker(self.kind, self.damage).strength
        bold = QFont(self.font())
        bold.setBold(True)
        out = []
        for strength, _, _, rect in self._groups():
            is_current = strength == current
            font = bold if is_current else self.font()
            text = (translate("widgets.ur_wall", "strength {strength}").format(strength=strength)
                    if is_current else str(strength))
            width = QFontMetricsF(font).horizontalAdvance(text) + 2
            left = max(0.0, min(rect.left(), self.width() - width))
            out.append((strength, text, QRectF(left, 0, width, 18), font))
        return out

    def strength_at(self, x: float) -> int | None:
        for strength, _, _, rect in self._groups():
            if rect.left() - 4 <= x <= rect.right() + 4:
                return strength
        return None

    def mousePressEvent(self, event) -> None:  # noqa: N802 (Qt name)
        strength = self.strength_at(event.position().x())
        if strength is not None and self.isEnabled():
            self.level_clicked.emit(strength)
            event.accept()
            return
        super().mousePressEvent(event)

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt name)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        if self.kind is None:
            painter.setPen(QColor("#777777"))
            painter.drawText(self.rect(), Qt.AlignmentFlag.AlignCenter,
                             "No wall: the defender fights in the open")
            painter.end()
            return
        table = tables().walls[self.kind]
        last = table.strengths[-1]
        current = WallTracker(self.kind, self.damage).strength
        stone = QColor(STONE if self.isEnabled() else "#BBBBBB")
        for strength, text, label_rect, font in self.labels():
            painter.setFont(font)
            painter.setPen(QColor("#111111" if strength == current else "#666666"))
            painter.drawText(label_rect, Qt.AlignmentFlag.AlignLeft |
                             Qt.AlignmentFlag.AlignVCenter, text)
        for strength, first, n, rect in self._groups():
            is_current = strength == current
            cell_w = rect.width() / n
            for j in range(n):
                cell = QRectF(rect.left() + j * cell_w, rect.top(), cell_w, rect.height())
                cell = cell.adjusted(1, 1, -1, -1)
                lost = strength != last and first + j < self.damage
                if lost:
                    painter.setPen(QPen(QColor("#777777"), 1.3))
                    painter.setBrush(Qt.BrushStyle.NoBrush)
                    painter.drawRect(cell)
                    inset = cell.adjusted(5, 5, -5, -5)
                    if inset.width() > 2 and inset.height() > 2:
                        painter.drawLine(inset.topLeft(), inset.bottomRight())
                        painter.drawLine(inset.topRight(), inset.bottomLeft())
                else:
                    painter.setPen(QPen(stone.darker(140), 1))
                    painter.setBrush(stone if strength != last else stone.darker(125))
                    painter.drawRect(cell)
            if is_current:
                painter.setPen(QPen(QColor(CURRENT), 3))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRect(rect.adjusted(-2, -2, 2, 2))
        painter.end()


class WallTrackerPanel(QGroupBox):
    """Wall kind, meter, damage buttons with their history; ``changed`` on every edit."""

    changed = Signal()

    def __init__(self, parent: QWidget | None = None):
        super().__init__(translate("widgets.ur_wall", "Wall (defender's position)"), parent)
        self.setStyleSheet("QGroupBox { font-weight: bold; }")
        self.tracker: WallTracker | None = None
        self._labels: list[str] = []        # source of each tracker change, oldest first
        self._redo_labels: list[str] = []

        self.kind = QComboBox()
        self.kind.addItem(translate("widgets.ur_wall", "No wall"), NO_WALL)
        for kid, table in tables().walls.items():
            levels = "/".join(str(s) for s in table.strengths)
            name = data_name("ur", table.name)
            self.kind.addItem(f"{name[:1].upper() + name[1:]} ({levels})", kid)
        self.kind.setToolTip(translate("widgets.ur_wall", "The wall the defender stands on: its strength is added to the "
                             "defender's shooting and defence and taken off attacks on it"))
        self.kind.currentIndexChanged.connect(self._kind_changed)
        self.meter = WallMeter()
        self.meter.setToolTip(translate("widgets.ur_wall", "Click a level to set the wall there"))
        self.meter.level_clicked.connect(self.set_strength)
        self.status = QLabel("")
        self.status.setStyleSheet("font-weight: normal;")
        self.status.setWordWrap(True)
        self.status.setObjectName("wallStatus")
        self.what_if = QLabel("")
        self.what_if.setStyleSheet("font-weight: normal;")
        self.what_if.setWordWrap(True)
        self.what_if.setObjectName("wallWhatIf")

        self.amount = QSpinBox()
        self.amount.setRange(1, 1)
        self.amount.setSuffix(translate("widgets.ur_wall", " step"))
        self.amount.setToolTip(translate("widgets.ur_wall", "Steps of wall damage to add or remove"))
        self.amount.valueChanged.connect(self._sync_buttons)
        self.source = QComboBox()
        for s in SOURCES:
            self.source.addItem(translate("widgets.ur_wall", s.capitalize()), s)
        self.source.setToolTip(translate("widgets.ur_wall", "What damaged the wall (kept in the history)"))
        self.add_button = QPushButton(translate("widgets.ur_wall", "Add damage"))
        self.add_button.setToolTip(translate("widgets.ur_wall", "Record wall damage (trebuchet, dragon, magic)"))
        self.add_button.clicked.connect(lambda: self.add_damage())
        self.remove_button = QPushButton(translate("widgets.ur_wall", "Remove"))
        self.remove_button.setToolTip(translate("widgets.ur_wall", "Take back recorded wall damage (a correction)"))
        self.remove_button.clicked.connect(lambda: self.remove_damage())
        self.undo_button = QPushButton(translate("widgets.ur_wall", "Undo"))
        self.undo_button.clicked.connect(self.undo)
        self.redo_button = QPushButton(translate("widgets.ur_wall", "Redo"))
        self.redo_button.clicked.connect(self.redo)
        self.history = QListWidget()
        self.history.setMaximumHeight(64)
        self.history.setStyleSheet("font-weight: normal;")
        self.history.setToolTip(translate("widgets.ur_wall", "Wall damage recorded, oldest first"))
        self.message = QLabel("")
        self.message.setStyleSheet("font-weight: normal;")
        self.message.setWordWrap(True)

        top = QFormLayout()
        top.addRow(translate("widgets.ur_wall", "Kind:"), self.kind)
        damage_row = QHBoxLayout()
        damage_row.addWidget(self.amount)
        damage_row.addWidget(self.source)
        damage_row.addWidget(self.add_button)
        damage_row.addStretch(1)
        edit_row = QHBoxLayout()
        edit_row.addWidget(self.remove_button)
        edit_row.addWidget(self.undo_button)
        edit_row.addWidget(self.redo_button)
        edit_row.addStretch(1)
        self.damage_box = QWidget()
        inner = QVBoxLayout(self.damage_box)
        inner.setContentsMargins(0, 0, 0, 0)
        inner.addWidget(self.meter)
        inner.addWidget(self.status)
        inner.addLayout(damage_row)
        inner.addLayout(edit_row)
        inner.addWidget(self.history)
        inner.addWidget(self.message)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addWidget(self.damage_box)
        layout.addWidget(self.what_if)
        self._refresh()

    # -- the value ----------------------------------------------------------------------
    def wall(self) -> Wall | None:
        """The wall as the scenario stores it (None: no wall)."""
        if self.tracker is None:
            return None
        return Wall(self.tracker.kind, self.tracker.damage)

    def strength(self) -> int:
        return self.tracker.strength if self.tracker else 0

    def load(self, wall: Wall | None) -> None:
        """Show ``wall`` with a fresh history (a loaded scenario). No ``changed`` signal."""
        self.tracker = WallTracker(wall.kind, wall.damage) if wall is not None else None
        self._labels, self._redo_labels = [], []
        self.kind.blockSignals(True)
        self.kind.setCurrentIndex(self.kind.findData(wall.kind if wall else NO_WALL))
        self.kind.blockSignals(False)
        self.message.setText("")
        self._refresh()

    # -- edits ----------------------------------------------------------------------------
    def _kind_changed(self, *_args) -> None:
        kind = self.kind.currentData()
        if kind == NO_WALL:
            self.tracker = None
        else:
            # keep the damage recorded so far when the new kind can take it, else its most
            old = self.tracker.damage if self.tracker else 0
            limit = tables().walls[kind].max_damage
            self.tracker = WallTracker(kind, min(old, limit))
        self._labels, self._redo_labels = [], []
        self.message.setText("")
        self._refresh()
        self.changed.emit()

    def _record(self, action, label: str) -> None:
        """Run a tracker change; refusals (EngineError) become the panel's message."""
        if self.tracker is None:
            return
        try:
            action(self.tracker)
        except CombatAssistError as exc:
            self.message.setText(f'<span style="color:#D55E00">&#9888; {exc}</span>')
            return
        self.message.setText("")
        self._labels.append(label)
        self._redo_labels.clear()
        self._refresh()
        self.changed.emit()

    def add_damage(self, steps: int | None = None, source: str | None = None) -> None:
        n = self.amount.value() if steps is None else steps
        src = source or self.source.currentData()
        self._record(lambda t: t.add(n), f"+{n} {translate('widgets.ur_wall', src)}")

    def remove_damage(self, steps: int | None = None) -> None:
        n = self.amount.value() if steps is None else steps
        self._record(lambda t: t.remove(n), translate("widgets.ur_wall", "−{steps} correction")
                     .format(steps=n))

    def set_strength(self, strength: int) -> None:
        """Set the wall to the start of the level with ``strength`` (recorded, undoable)."""
        if self.tracker is None:
            return
        delta = damage_for_strength(self.tracker.kind, strength) - self.tracker.damage
        if delta > 0:
            self._record(lambda t: t.add(delta), translate(
                "widgets.ur_wall", "+{steps} set to strength {strength}").format(
                    steps=delta, strength=strength))
        elif delta < 0:
            self._record(lambda t: t.remove(-delta), translate(
                "widgets.ur_wall", "−{steps} set to strength {strength}").format(
                    steps=-delta, strength=strength))

    def undo(self) -> None:
        if self.tracker is None or not self.tracker.can_undo:
            return
        self.tracker.undo()
        self._redo_labels.append(self._labels.pop())
        self._refresh()
        self.changed.emit()

    def redo(self) -> None:
        if self.tracker is None or not self.tracker.can_redo:
            return
        self.tracker.redo()
        self._labels.append(self._redo_labels.pop())
        self._refresh()
        self.changed.emit()

    # -- display --------------------------------------------------------------------------
    def _refresh(self) -> None:
        t = self.tracker
        self.damage_box.setVisible(t is not None)
        self.meter.set_wall(t.kind if t else None, t.damage if t else 0)
        self.history.clear()
        if t is None:
            self.status.setText("")
            self._sync_buttons()
            return
        nxt = t.steps_to_next_level
        taken = t.steps_at_level
        if nxt is None:
            tail = translate("widgets.ur_wall", "last level: it can't be removed")
        else:
            tail = translate("widgets.ur_wall", "{taken} of {level} steps taken at this level, "
                                                "<b>{left}</b> more to strength {lower}").format(
                taken=taken, level=taken + nxt, left=nxt, lower=t.strength - 1)
        self.status.setText((translate("widgets.ur_wall", "<b>Strength {strength}</b> · {damage} "
                                                          "step of damage · {tail}")
                             if t.damage == 1 else
                             translate("widgets.ur_wall", "<b>Strength {strength}</b> · {damage} "
                                                          "steps of damage · {tail}")).format(
            strength=t.strength, damage=t.damage, tail=tail))
        # replay the changes from the damage the wall had when loaded, to show each result
        strength = WallTracker(t.kind, t.damage - sum(t.history))
        for delta, label in zip(t.history, self._labels):
            if delta > 0:
                strength.add(delta)
            else:
                strength.remove(-delta)
            self.history.addItem(translate("widgets.ur_wall", "{change} → strength {strength}")
                                 .format(change=label, strength=strength.strength))
        self.history.setVisible(self.history.count() > 0)
        self.history.scrollToBottom()
        self._sync_buttons()

    def _sync_buttons(self, *_args) -> None:
        t = self.tracker
        room = (t.table.max_damage - t.damage) if t else 0
        done = t.damage if t else 0
        self.amount.blockSignals(True)
        self.amount.setRange(1, max(1, room, done))
        self.amount.blockSignals(False)
        self.amount.setSuffix(translate("widgets.ur_wall", " step") if self.amount.value() == 1
                              else translate("widgets.ur_wall", " steps"))
        n = self.amount.value()
        self.add_button.setEnabled(t is not None and n <= room)
        self.remove_button.setEnabled(t is not None and n <= done)
        self.undo_button.setEnabled(t is not None and t.can_undo)
        self.redo_button.setEnabled(t is not None and t.can_redo)
        if t is not None:
            self.add_button.setToolTip(
                translate("widgets.ur_wall", "Record wall damage (trebuchet, dragon, magic)")
                if room else translate("widgets.ur_wall", "The wall is at its last level: "
                                                          "strength 1 can't be removed"))

    def set_what_if(self, text: str) -> None:
        self.what_if.setText(text)
