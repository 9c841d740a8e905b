"""The band board's chips: a list of unit chips (one place of one side) that drags, drops and
moves by keyboard, each move asked of the board (``BandBoard.move``), which may refuse with
the chart's reason. Ctrl+M (or the context-menu key) opens "Move to…"; Delete sends a chip back.
"""
from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPoint, QRect, QSize, Qt, Signal
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (QAbstractItemView, QApplication, QListView, QMenu,
                               QStyledItemDelegate, QToolTip, QWidget)

from ...i18n import data_name, side_name, translate
from .bands_model import POOL, PlaceModel, place_label, unit_in_text


def band_tip(band, position: int) -> str:
    """A band heading's tooltip, read from the chart: who rolls, boosts, may be hit, chooses."""
    def name(unit: str) -> str:
        return data_name("mediumluck", unit.replace("_", " "))

    def words(units) -> str:
        return ", ".join(name(u) for u in units) or translate("widgets.bands_view", "nobody")

    boosts = ", ".join(f"{name(u)} ({name(k)})"
                       for u, k in band.boost.items()) or translate("widgets.bands_view",
                                                                    "nothing")
    chooser = (translate("widgets.bands_view", "the side that hit picks the casualties")
               if band.casualties == "winner" else
               translate("widgets.bands_view", "the side that loses picks its casualties"))
    extra = (translate("widgets.bands_view", "; with the defender's extra white die option, "
                                             "the defender rolls one more die here")
             if band.defender_extra_die else "")
    return translate("widgets.bands_view", "Band {position} ({band}, resolved in chart order): "
                     "rolled by {rollers}; boosted by {boosts}; its hits may kill {targets}; "
                     "{chooser}{extra}").format(
        position=position, band=data_name("mediumluck", band.name), rollers=words(band.roll),
        boosts=boosts, targets=words(sorted(band.may_hit)), chooser=chooser, extra=extra)


# -- chip lists ----------------------------------------------------------------------------------
class ChipDelegate(QStyledItemDelegate):
    """Chips no wider than their slot: a long one ("Strategic bomber ×1") wraps onto a second
    line instead of being cut at the slot's edge."""

    def sizeHint(self, option, index) -> QSize:  # noqa: N802 (Qt name)
        hint = super().sizeHint(option, index)
        view = self.parent()
        room = view.viewport().width() - 2 * view.spacing() - 2
        if room <= 0 or hint.width() <= room:
            return hint
        text = index.data(Qt.ItemDataRole.DisplayRole) or ""
        metrics = option.fontMetrics
        padding = hint.width() - metrics.horizontalAdvance(text)
        wrapped = metrics.boundingRect(QRect(0, 0, max(16, room - padding), 10_000),
                                       Qt.TextFlag.TextWordWrap, text)
        return QSize(room, wrapped.height() + hint.height() - metrics.height())


class ChipList(QListView):
    """A place's chips: drag source, drop target (refusals explained), keyboard moves."""

    #: a short message for the board's status line (refusals, keyboard moves)
    message = Signal(str)

    def __init__(self, model: PlaceModel, parent: QWidget | None = None):
        super().__init__(parent)
        self.setModel(model)
        self.place_model = model
        self.setObjectName(f"chips_{model.side}_{model.place}")
        self.setAccessibleName(f"{side_name(model.side)} {place_label(model.place)}")
        self.setFlow(QListView.Flow.LeftToRight)
        self.setWrapping(True)
        self.setResizeMode(QListView.ResizeMode.Adjust)
        self.setSpacing(2)
        self.setUniformItemSizes(False)
        self.setWordWrap(True)
        self.setItemDelegate(ChipDelegate(self))
        self.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.setDragEnabled(True)
        self.setAcceptDrops(True)
        self.setDropIndicatorShown(True)
        self.setDragDropMode(QAbstractItemView.DragDropMode.DragDrop)
        self.setDefaultDropAction(Qt.DropAction.MoveAction)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.customContextMenuRequested.connect(lambda pos: self.open_move_menu(pos))
        for keys, slot in (("Ctrl+M", self.open_move_menu), ("Delete", self.send_back),
                           ("Backspace", self.send_back)):
            sc = QShortcut(QKeySequence(keys), self)
            sc.setContext(Qt.ShortcutContext.WidgetShortcut)
            sc.activated.connect(slot)
        self.last_menu: QMenu | None = None

    #: the height of an empty or one-line place (two chip lines fit in a band's row)
    BASE_HEIGHT = 46

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt name)
        return QSize(120, self.contents_height())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt name)
        # The place grows with its chips (a third line of chips, longer German names): it
        # never needs a scroll bar of its own inside the scrolling form.
        return QSize(super().minimumSizeHint().width(), self.contents_height())

    def contents_height(self) -> int:
        """The height that shows every chip as laid out at the current width (at least
        ``BASE_HEIGHT``)."""
        model = self.model()
        bottom = max((self.visualRect(model.index(row, 0)).bottom() + self.verticalOffset()
                      for row in range(model.rowCount())), default=0)
        needed = bottom + 1 + self.spacing() + 2 * self.frameWidth()
        return max(self.BASE_HEIGHT, needed)

    def updateGeometries(self) -> None:  # noqa: N802 (Qt name)
        """After each item layout (chips moved, the place resized): ask the band's row for
        the height the chips now need."""
        super().updateGeometries()
        height = self.contents_height()
        if height != getattr(self, "_asked_height", None):
            self._asked_height = height
            self.updateGeometry()

    # -- drag and drop feedback --------------------------------------------------------
    def startDrag(self, actions) -> None:  # noqa: N802 (Qt name)
        # Shift while starting a drag carries one unit (the spinner sets the usual split).
        if QApplication.keyboardModifiers() & Qt.KeyboardModifier.ShiftModifier:
            self.place_model.split_override = 1
        try:
            super().startDrag(actions)
        finally:
            self.place_model.split_override = None

    def dragEnterEvent(self, event) -> None:  # noqa: N802 (Qt name)
        super().dragEnterEvent(event)
        self._explain(event)

    def dragMoveEvent(self, event) -> None:  # noqa: N802 (Qt name)
        super().dragMoveEvent(event)
        self._explain(event)

    def _explain(self, event) -> None:
        reason = self.place_model.drop_refusal(event.mimeData())
        if reason is None:
            event.acceptProposedAction()
            QToolTip.hideText()
            return
        event.ignore()
        if reason != translate("widgets.bands_model", "the units are already here"):
            QToolTip.showText(self.viewport().mapToGlobal(event.position().toPoint()),
                              reason, self)
            self.message.emit(reason)

    def dropEvent(self, event) -> None:  # noqa: N802 (Qt name)
        model = self.place_model
        ok = model.dropMimeData(event.mimeData(), Qt.DropAction.MoveAction, -1, -1,
                                QModelIndex())
        if ok:
            event.setDropAction(Qt.DropAction.MoveAction)
            event.accept()
        else:
            event.ignore()
            if model.last_refusal:
                self.message.emit(model.last_refusal)

    # -- keyboard ---------------------------------------------------------------------------
    def current_chip(self) -> tuple[str, int] | None:
        index = self.currentIndex()
        if not index.isValid() and self.model().rowCount() == 1:
            index = self.model().index(0, 0)
        if not index.isValid():
            return None
        return self.place_model.chips[index.row()]

    def move_menu(self) -> QMenu | None:
        """"Move N unit to…" with every place; those the chart forbids are disabled."""
        chip = self.current_chip()
        if chip is None:
            return None
        unit, n = chip
        model = self.place_model
        count = model.split() or n
        count = min(count, n)
        menu = QMenu(self)
        menu.setToolTipsVisible(True)
        menu.addSection(translate("widgets.bands_view", "Move {count} {unit} to").format(
            count=count, unit=unit_in_text(unit)))
        for place, reason in model.board.destinations(model.side, unit, model.place):
            action = menu.addAction(place_label(place))
            action.setData(place)
            if reason:
                action.setEnabled(False)
                action.setToolTip(reason)
                action.setText(f"{place_label(place)} — {reason}")
            else:
                action.triggered.connect(
                    lambda _=False, p=place: self.move_to(p, count))
        self.last_menu = menu
        return menu

    def open_move_menu(self, pos: QPoint | None = None) -> None:
        menu = self.move_menu()
        if menu is None:
            self.message.emit(translate("widgets.bands_view", "select a unit chip first"))
            return
        if pos is None:
            rect = self.visualRect(self.currentIndex())
            pos = rect.bottomLeft() if rect.isValid() else QPoint(0, 0)
        menu.popup(self.viewport().mapToGlobal(pos))

    def move_to(self, place: str, count: int | None = None) -> str | None:
        """Move the selected chip (``count`` units, default the split) to ``place``."""
        chip = self.current_chip()
        if chip is None:
            return translate("widgets.bands_view", "select a unit chip first")
        model = self.place_model
        target = model.board
        unit, n = chip
        if count is None:
            count = model.split()
        reason = target.move(model.side, unit, count, model.place, place)
        self.message.emit(reason or "")
        return reason

    def send_back(self) -> None:
        chip = self.current_chip()
        if chip is None:
            return
        model = self.place_model
        unit, _ = chip
        if model.place == POOL:
            reason = model.board.remove(model.side, unit, model.split(), POOL)
        else:
            reason = model.board.move(model.side, unit, model.split(), model.place, POOL)
        self.message.emit(reason or "")


class SplitPlaceModel(PlaceModel):
    """A PlaceModel whose split can be overridden for one drag (Shift: one unit)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.split_override: int | None = None
        base = self.split
        self.split = lambda: self.split_override if self.split_override is not None else base()
