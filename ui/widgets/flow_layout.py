"""A layout that puts its widgets in a row and wraps them onto the next line when the row is
too narrow (Qt's flow layout example), so a row of buttons never needs sideways scrolling."""
from __future__ import annotations

from PySide6.QtCore import QMargins, QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QLayout, QLayoutItem, QWidget


class FlowLayout(QLayout):
    """Items left to right, wrapping; ``trailing`` items (e.g. Close) keep to the right end
    of the last line. Its minimum width is its widest item, its height follows the width."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 6):
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._trailing: set[int] = set()
        self._spacing = spacing
        self.setContentsMargins(QMargins(0, 0, 0, 0))

    # -- QLayout ------------------------------------------------------------------------------
    def addItem(self, item: QLayoutItem) -> None:  # noqa: N802 (Qt name)
        self._items.append(item)

    def add_trailing(self, widget: QWidget) -> None:
        """Add ``widget`` at the right end of the last line."""
        self.addWidget(widget)
        self._trailing.add(len(self._items) - 1)

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:  # noqa: N802 (Qt name)
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:  # noqa: N802 (Qt name)
        if not 0 <= index < len(self._items):
            return None
        self._trailing = {i - (i > index) for i in self._trailing if i != index}
        return self._items.pop(index)

    def expandingDirections(self) -> Qt.Orientation:  # noqa: N802 (Qt name)
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:  # noqa: N802 (Qt name)
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 (Qt name)
        return self._place(QRect(0, 0, width, 0), move=False)

    def setGeometry(self, rect: QRect) -> None:  # noqa: N802 (Qt name)
        super().setGeometry(rect)
        self._place(rect, move=True)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt name)
        """All on one line."""
        visible = self._visible()
        width = sum(i.sizeHint().width() for i in visible) + \
            self._spacing * max(0, len(visible) - 1)
        height = max((i.sizeHint().height() for i in visible), default=0)
        return QSize(width, height)

    def minimumSize(self) -> QSize:  # noqa: N802 (Qt name)
        """The widest item (everything else wraps)."""
        size = QSize()
        for item in self._visible():
            size = size.expandedTo(item.minimumSize()).expandedTo(item.sizeHint())
        return size

    # -- placing ------------------------------------------------------------------------------
    def _visible(self) -> list[QLayoutItem]:
        return [i for i in self._items if not (i.widget() and i.widget().isHidden())]

    def _place(self, rect: QRect, move: bool) -> int:
        """Lay the items out in ``rect`` (``move``: really); the height used."""
        lines: list[list[tuple[int, QLayoutItem]]] = [[]]
        x = 0
        for index, item in enumerate(self._items):
            if item.widget() and item.widget().isHidden():
                continue
            w = item.sizeHint().width()
            if lines[-1] and x + w > rect.width():
                lines.append([])
                x = 0
            lines[-1].append((index, item))
            x += w + self._spacing
        y = rect.y()
        for line in lines:
            height = max((i.sizeHint().height() for _, i in line), default=0)
            if move:
                left = rect.x()
                trailing = [i for n, i in line if n in self._trailing]
                right = rect.right() + 1 - sum(i.sizeHint().width() + self._spacing
                                               for i in trailing) + self._spacing
                for n, item in line:
                    w = item.sizeHint().width()
                    if n in self._trailing:
                        item.setGeometry(QRect(QPoint(right, y), QSize(w, height)))
                        right += w + self._spacing
                    else:
                        item.setGeometry(QRect(QPoint(left, y), QSize(w, height)))
                        left += w + self._spacing
            y += height + self._spacing
        return max(0, y - rect.y() - self._spacing)

