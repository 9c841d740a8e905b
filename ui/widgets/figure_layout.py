"""Layouts that reflow with the panel's width: figures in one or two columns, plots in a row
or a column, so nothing is cut off in a small window."""
from __future__ import annotations

import math

from PySide6.QtCore import QSize
from PySide6.QtWidgets import QBoxLayout, QGridLayout, QLabel, QWidget


class FiguresGrid(QWidget):
    """Name / value pairs in two columns, or in one when the panel is too narrow for two.

    With a baseline pinned the values carry their deltas ("73.53% (+6.89 pts)"); two columns
    of them made a narrow results side scroll sideways, clipping the deltas. This grid never
    asks for more than one column's width, and takes two whenever they fit.
    """

    SPACING = 18

    def __init__(self, pairs: list[tuple[QLabel, QLabel]], per_column: int,
                 parent: QWidget | None = None):
        super().__init__(parent)
        self.pairs = pairs
        self.per_column = per_column
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setHorizontalSpacing(self.SPACING)
        self.grid.setVerticalSpacing(2)
        self.columns = 0
        self._place(2)

    def drop(self, value: QLabel) -> None:
        """Leave out the figure shown in ``value`` (and its name): a ruleset without it."""
        for pair in [p for p in self.pairs if p[1] is value]:
            self.pairs.remove(pair)
            self.per_column = max(1, min(self.per_column, math.ceil(len(self.pairs) / 2)))
            for label in pair:
                label.setVisible(False)
                self.grid.removeWidget(label)
        self._place(self.columns or 2)

    def _place(self, columns: int) -> None:
        self.columns = columns
        while self.grid.count():
            self.grid.takeAt(0)
        rows = self.per_column if columns == 2 else len(self.pairs)
        for i, (name, value) in enumerate(self.pairs):
            self.grid.addWidget(name, i % rows, 2 * (i // rows))
            self.grid.addWidget(value, i % rows, 2 * (i // rows) + 1)
        # the room left over goes past the last column: a pair hidden (no territory in a
        # sea battle) must not hand its width to the others, moving their values sideways
        for column in range(self.grid.columnCount()):
            self.grid.setColumnStretch(column, 0)
        self.grid.setColumnStretch(2 * columns, 1)
        self.updateGeometry()

    def _width(self, pairs) -> int:
        return (max((n.sizeHint().width() for n, _ in pairs), default=0) + self.SPACING +
                max((v.sizeHint().width() for _, v in pairs), default=0))

    def two_column_width(self) -> int:
        first, second = self.pairs[:self.per_column], self.pairs[self.per_column:]
        return self._width(first) + (self.SPACING + self._width(second) if second else 0)

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt name)
        return QSize(self._width(self.pairs), super().minimumSizeHint().height())

    def refit(self, width: int | None = None) -> None:
        """Two columns if they fit in ``width`` (default: the grid's own), else one."""
        width = self.width() if width is None else width
        columns = 2 if width >= self.two_column_width() else 1
        if columns != self.columns:
            self._place(columns)

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt name)
        super().resizeEvent(event)
        self.refit(event.size().width())


class PlotRow(QWidget):
    """Plots side by side, or one above the other when each would be narrower than
    ``min_plot_width`` (a plot narrower than its title and axes is clipped)."""

    def __init__(self, min_plot_width: int = 250, parent: QWidget | None = None):
        super().__init__(parent)
        self.min_plot_width = min_plot_width
        self.row = QBoxLayout(QBoxLayout.Direction.LeftToRight, self)
        self.row.setContentsMargins(0, 0, 0, 0)

    def addWidget(self, widget: QWidget, stretch: int = 0) -> None:  # noqa: N802 (Qt-like)
        self.row.addWidget(widget, stretch)
        self._fit(self.width())

    def count(self) -> int:
        return self.row.count()

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt name)
        # never asks for two plots' width: it stacks them instead
        hint = super().minimumSizeHint()
        return QSize(min(hint.width(), self.min_plot_width), hint.height())

    def _fit(self, width: int) -> None:
        side_by_side = width >= self.row.count() * self.min_plot_width
        direction = (QBoxLayout.Direction.LeftToRight if side_by_side
                     else QBoxLayout.Direction.TopToBottom)
        if self.row.direction() != direction:
            self.row.setDirection(direction)
            self.updateGeometry()

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt name)
        super().resizeEvent(event)
        self._fit(event.size().width())
