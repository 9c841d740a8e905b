"""Step pips: one pip per step of an Ur unit; click (or use the arrow keys) to set its damage.

Filled pips are the steps the unit has left, hollow crossed pips the steps it has lost. A unit
keeps at least one step (a unit with none is not in the battle), so the first pip is always
filled. Clicking pip k leaves the unit with k steps.
"""
from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget
from ...i18n import translate

PIP = 12          # pip diameter (px)
GAP = 3           # space between pips (px)
MARGIN = 3        # room for the focus frame


class StepPips(QWidget):
    """Clickable, keyboard-driven row of pips; ``changed(steps_left)`` on every user edit."""

    changed = Signal(int)

    def __init__(self, full: int = 4, steps: int | None = None, colour: str = "#0072B2",
                 parent: QWidget | None = None):
        super().__init__(parent)
        self._full = max(1, full)
        self._steps = self._full if steps is None else self._clamp(steps)
        self.colour = QColor(colour)
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.setCursor(Qt.CursorShape.PointingHandCursor)
        self._describe()

    # -- value ------------------------------------------------------------------------------
    def full(self) -> int:
        return self._full

    def steps(self) -> int:
        """Steps the unit has left (1..full)."""
        return self._steps

    def damage(self) -> int:
        return self._full - self._steps

    def set_full(self, full: int, steps: int | None = None) -> None:
        """A new unit type: ``full`` pips, ``steps`` left (None: undamaged). No signal."""
        self._full = max(1, full)
        self._steps = self._full if steps is None else self._clamp(steps)
        self.updateGeometry()
        self._describe()
        self.update()

    def set_steps(self, steps: int) -> None:
        """Show ``steps`` left (clamped to 1..full). No signal: this is not a user edit."""
        self._steps = self._clamp(steps)
        self._describe()
        self.update()

    def _clamp(self, steps: int) -> int:
        return max(1, min(self._full, int(steps)))

    def _user_set(self, steps: int) -> None:
        steps = self._clamp(steps)
        if steps != self._steps:
            self._steps = steps
            self._describe()
            self.update()
            self.changed.emit(steps)

    def _describe(self) -> None:
        text = translate("widgets.ur_steps", "{left} of {steps} steps left").format(
            left=self._steps, steps=self._full)
        self.setToolTip(text + "\n" + translate("widgets.ur_steps", "Click a pip to set the steps "
                                                                   "left; Left/Right (or -/+) "
                                                                   "change them by one"))
        self.setAccessibleName(text)

    # -- geometry -----------------------------------------------------------------------
    def sizeHint(self) -> QSize:  # noqa: N802 (Qt name)
        return QSize(2 * MARGIN + self._full * PIP + (self._full - 1) * GAP, 2 * MARGIN + PIP)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt name)
        return self.sizeHint()

    def pip_rect(self, index: int) -> QRectF:
        """Where pip ``index`` (0-based) is drawn."""
        top = (self.height() - PIP) / 2
        return QRectF(MARGIN + index * (PIP + GAP), top, PIP, PIP)

    def pip_at(self, x: float) -> int | None:
        """The 0-based pip under x (the gaps belong to the pip on their left)."""
        index = int((x - MARGIN) // (PIP + GAP))
        return index if 0 <= index < self._full and x >= MARGIN else None

    # -- input --------------------------------------------------------------------------
    def mousePressEvent(self, event) -> None:  # noqa: N802 (Qt name)
        if event.button() == Qt.MouseButton.LeftButton:
            index = self.pip_at(event.position().x())
            if index is not None:
                self._user_set(index + 1)
                event.accept()
                return
        super().mousePressEvent(event)

    def keyPressEvent(self, event) -> None:  # noqa: N802 (Qt name)
        key = event.key()
        moves = {Qt.Key.Key_Left: -1, Qt.Key.Key_Minus: -1, Qt.Key.Key_Down: -1,
                 Qt.Key.Key_Right: 1, Qt.Key.Key_Plus: 1, Qt.Key.Key_Up: 1,
                 Qt.Key.Key_Equal: 1}
        if key in moves:
            self._user_set(self._steps + moves[key])
        elif key == Qt.Key.Key_Home:
            self._user_set(1)
        elif key == Qt.Key.Key_End:
            self._user_set(self._full)
        elif Qt.Key.Key_1 <= key <= Qt.Key.Key_9:
            self._user_set(key - Qt.Key.Key_0)
        else:
            super().keyPressEvent(event)
            return
        event.accept()

    # -- drawing ------------------------------------------------------------------------
    def paintEvent(self, event) -> None:  # noqa: N802 (Qt name)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        enabled = self.isEnabled()
        colour = QColor(self.colour) if enabled else QColor("#AAAAAA")
        lost_pen = QPen(QColor("#777777"), 1.4)
        for i in range(self._full):
            rect = self.pip_rect(i)
            if i < self._steps:
                painter.setPen(QPen(colour.darker(130), 1.2))
                painter.setBrush(colour)
                painter.drawEllipse(rect)
            else:  # a lost step: hollow and crossed (told apart by shape, not only colour)
                painter.setPen(lost_pen)
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawEllipse(rect.adjusted(1, 1, -1, -1))
                inset = rect.adjusted(3.5, 3.5, -3.5, -3.5)
                painter.drawLine(inset.topLeft(), inset.bottomRight())
                painter.drawLine(QPointF(inset.right(), inset.top()),
                                 QPointF(inset.left(), inset.bottom()))
        if self.hasFocus():
            painter.setPen(QPen(self.palette().highlight().color(), 1, Qt.PenStyle.DotLine))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawRoundedRect(QRectF(self.rect()).adjusted(0.5, 0.5, -0.5, -0.5), 3, 3)
        painter.end()
