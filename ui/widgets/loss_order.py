"""The order-of-loss editor every view with an order of loss uses.

A list, first lost on top: drag a row, or select it and press Alt+Up / Alt+Down (rows hidden
because they can't be in this battle are hopped over). Two shapes:

- a *complete* order (Low Luck): every unit type is ranked; with ``default`` given, a
  "Default" button restores it and ``value()`` is ``()`` while the default is shown;
- a *partial* order (``tickable``, Medium Luck): ticked types are lost first, top first
  (Space ticks); ``value()`` lists the ticked ones.

The widget holds no rules: which types exist, their default order and which can't fight
here come from the engine through the view.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (QAbstractItemView, QHBoxLayout, QListWidget, QListWidgetItem,
                               QPushButton, QVBoxLayout, QWidget)
from ..i18n import translate


def unit_words(uid: str) -> str:
    return uid.replace("_", " ")


class LossOrderEditor(QWidget):
    """One side's order of loss; calls ``on_change()`` after every edit by the player."""

    def __init__(self, on_change: Callable[[], None], *, tickable: bool = False,
                 default: Callable[[], Sequence[str]] | None = None,
                 label: Callable[[str], str] = unit_words, tooltip: str = "",
                 name: str = "", max_height: int = 120, parent: QWidget | None = None):
        super().__init__(parent)
        self.on_change = on_change
        self.tickable = tickable
        self.default = default
        self.label = label
        self._filling = False
        self._ticked: list[str] = []
        self.custom = False
        self.list = QListWidget()
        if name:
            self.list.setObjectName(name)
        self.list.setDragDropMode(QAbstractItemView.DragDropMode.InternalMove)
        self.list.setMaximumHeight(max_height)
        self.list.setToolTip(tooltip or translate(
            "widgets.loss_order", "First lost at the top. Drag, or Alt+Up / Alt+Down"))
        self.list.model().rowsMoved.connect(self._changed)
        self.list.itemChanged.connect(self._changed)
        for keys, step in (("Alt+Up", -1), ("Alt+Down", 1)):
            shortcut = QShortcut(QKeySequence(keys), self.list)
            shortcut.setContext(Qt.ShortcutContext.WidgetShortcut)
            shortcut.activated.connect(lambda s=step: self.move(s))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.list, 1)
        self.reset_button: QPushButton | None = None
        if default is not None:
            up, down, reset = QPushButton("▲"), QPushButton("▼"), QPushButton(translate("widgets.loss_order", "Default"))
            for button in (up, down):
                button.setFixedWidth(32)
            up.setToolTip(translate("widgets.loss_order", "Lose earlier (Alt+Up)"))
            down.setToolTip(translate("widgets.loss_order", "Lose later (Alt+Down)"))
            reset.setToolTip(translate("widgets.loss_order", "The default order of loss"))
            up.clicked.connect(lambda: self.move(-1))
            down.clicked.connect(lambda: self.move(1))
            reset.clicked.connect(self.reset)
            buttons = QVBoxLayout()
            for button in (up, down, reset):
                buttons.addWidget(button)
            buttons.addStretch(1)
            layout.addLayout(buttons)
            self.reset_button = reset
        self._hidden: Callable[[str], bool] = lambda _uid: False

    # -- contents ---------------------------------------------------------------------------
    def rows(self) -> list[str]:
        """Every listed unit type, top first."""
        return [self.list.item(i).data(Qt.ItemDataRole.UserRole)
                for i in range(self.list.count())]

    def ticked(self) -> list[str]:
        return [self.list.item(i).data(Qt.ItemDataRole.UserRole)
                for i in range(self.list.count())
                if self.list.item(i).checkState() == Qt.CheckState.Checked]

    def set_rows(self, rows: Sequence[str], ticked: Sequence[str] = (), *,
                 custom: bool = False) -> None:
        """List ``rows`` (top first), ticking ``ticked`` (tickable editors); ``custom``: the
        rows are the scenario's own order, even if it equals the default. No notification."""
        self._ticked = list(dict.fromkeys(ticked))
        self.custom = custom
        self._filling = True
        try:
            self.list.clear()
            for uid in rows:
                item = QListWidgetItem(self.label(uid), self.list)
                item.setData(Qt.ItemDataRole.UserRole, uid)
                if self.tickable:
                    item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
                    item.setCheckState(Qt.CheckState.Checked if uid in self._ticked
                                       else Qt.CheckState.Unchecked)
        finally:
            self._filling = False
        self._apply_hidden()

    def hide_rows(self, hidden: Callable[[str], bool]) -> None:
        """Hide the rows for which ``hidden(uid)`` holds (their place in the order is kept)."""
        self._hidden = hidden
        self._apply_hidden()

    def _apply_hidden(self) -> None:
        for i in range(self.list.count()):
            self.list.setRowHidden(i, self._hidden(self.list.item(i).data(
                Qt.ItemDataRole.UserRole)))

    def value(self) -> list[str] | tuple[str, ...]:
        """The scenario's order of loss: the ticked types (tickable); else every row, or
        ``()`` while the default order is shown."""
        if self.tickable:
            return list(self._ticked)
        rows = tuple(self.rows())
        return rows if self.custom or self.default is None else ()

    # -- editing -------------------------------------------------------------------------------
    def move(self, step: int) -> None:
        row = self.list.currentRow()
        if row < 0:
            return
        target = row + step
        while 0 <= target < self.list.count() and self.list.isRowHidden(target):
            target += step          # hop over types that can't be in this battle
        if not 0 <= target < self.list.count():
            return
        item = self.list.takeItem(row)
        self.list.insertItem(target, item)
        self._apply_hidden()
        self.list.setCurrentRow(target)
        self._changed()

    def reset(self) -> None:
        """Back to the default order (complete orders with a default)."""
        if self.default is None:
            return
        self.set_rows(self.default())
        self.on_change()

    def _changed(self, *_args) -> None:
        if self._filling:
            return
        self._apply_hidden()
        if self.default is not None:
            self.custom = tuple(self.rows()) != tuple(self.default())
        if self.tickable:
            ticked = self.ticked()
            if ticked == self._ticked:
                return
            self._ticked = ticked
        self.on_change()
