"""The outcome bar: attacker wins, draw, undecided, defender wins as one stacked bar."""
from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QSizePolicy, QWidget

from ..result_style import DRAW, SEGMENTS, UNDECIDED, pct, segment_name


class OutcomeBar(QWidget):
    """A horizontal bar split attacker / draw / undecided / defender, labelled in %."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.values = (0.0, 0.0, 0.0, 0.0)
        self.baseline: tuple[float, ...] | None = None
        self.setMinimumHeight(38)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)

    def set_values(self, attacker: float, draw: float, undecided: float, defender: float,
                   baseline: tuple[float, float, float, float] | None = None) -> None:
        self.values = (attacker, draw, undecided, defender)
        self.baseline = baseline
        self.setToolTip("\n".join(f"{segment_name(name)}: {pct(v)}" for (name, _), v in
                                  zip(SEGMENTS, self.values)))
        self.update()

    def paintEvent(self, event) -> None:  # noqa: N802 (Qt name)
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        rect = QRectF(self.rect()).adjusted(1, 1, -1, -1)
        bar = QRectF(rect.left(), rect.top(), rect.width(), rect.height() - (8 if self.baseline else 0))
        total = sum(self.values) or 1.0
        x = bar.left()
        font = QFont(self.font())
        font.setBold(True)
        painter.setFont(font)
        for (name, colour), value in zip(SEGMENTS, self.values):
            w = bar.width() * value / total
            if w <= 0:
                continue
            seg = QRectF(x, bar.top(), w, bar.height())
            painter.fillRect(seg, QColor(colour))
            text = pct(value)
            if painter.fontMetrics().horizontalAdvance(text) + 8 < w:
                dark = colour in (UNDECIDED, DRAW)
                painter.setPen(QColor("#111111" if dark else "#ffffff"))
                painter.drawText(seg, Qt.AlignmentFlag.AlignCenter, text)
            x += w
        if self.baseline:
            # the pinned baseline as a thin strip underneath: same order, same colours
            x = bar.left()
            btotal = sum(self.baseline) or 1.0
            strip_top = bar.bottom() + 3
            for (_, colour), value in zip(SEGMENTS, self.baseline):
                w = bar.width() * value / btotal
                painter.fillRect(QRectF(x, strip_top, w, 5), QColor(colour).lighter(130))
                x += w
        painter.setPen(QPen(QColor("#555555")))
        painter.drawRect(bar)
        painter.end()
