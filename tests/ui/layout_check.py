"""What a player sees on a laptop screen, checked widget by widget.

``layout_problems(window)`` walks the visible widgets of a shown window and reports
- **clipped text**: a label, button or check box narrower (or, word-wrapped, lower) than its
  text needs (``fontMetrics().horizontalAdvance`` against the contents rect; a text that ends
  in "…" was elided on purpose and is left alone);
- **a widget outside its window**, or cut by a parent that can't scroll to it;
- **an unreachable control**: an enabled control hidden that way, or in a scroll area that
  can't scroll far enough (its scroll bar switched off);
``headline_problems(view)`` the Odds tab's headline: nothing to scroll, the key figures on
show, every plot at least ``MIN_PLOT_HEIGHT`` px with ``MIN_Y_TICKS`` ticks on its y axis.
"""
from __future__ import annotations

import re

import pyqtgraph as pg
from PySide6.QtCore import QPoint, QRect, Qt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import (QAbstractButton, QAbstractScrollArea, QAbstractSpinBox,
                               QApplication, QCheckBox, QComboBox, QLabel, QLineEdit,
                               QPushButton, QRadioButton, QScrollArea, QTabBar, QToolButton,
                               QWidget)

#: The client area of a maximised window on the two laptop screens the app is made for: the
#: screen less a title bar and a task bar (about 60 px).
LAPTOP_SIZES = {"1280x800": (1280, 740), "1366x768": (1366, 708)}
MIN_PLOT_HEIGHT = 150
MIN_PLOT_AREA = 90
MIN_Y_TICKS = 3
CONTROLS = (QAbstractButton, QAbstractSpinBox, QComboBox, QLineEdit)


def _name(widget: QWidget) -> str:
    text = ""
    if isinstance(widget, (QLabel, QAbstractButton)):
        text = re.sub(r"<[^>]+>", " ", widget.text())
        text = " ".join(text.split())[:50]
    return f"{type(widget).__name__}{'#' + widget.objectName() if widget.objectName() else ''}" \
           f"{' ' + repr(text) if text else ''}"


def _plain(text: str) -> str:
    return re.sub(r"&(?!&)", "", text).replace("&&", "&")


def text_clipped(widget: QWidget) -> str | None:
    """Why ``widget``'s text doesn't fit it (None: it fits)."""
    if isinstance(widget, QLabel):
        text = widget.text()
        if not text or widget.pixmap() is not None and not widget.pixmap().isNull():
            return None
        if text.rstrip().endswith("…") and not widget.wordWrap():
            return None                      # elided on purpose
        room = widget.contentsRect()
        margin = 2 * widget.margin() + 2 * widget.indent() if widget.indent() > 0 else \
            2 * widget.margin()
        rich = widget.textFormat() == Qt.TextFormat.RichText or (
            widget.textFormat() == Qt.TextFormat.AutoText and re.search(r"<[A-Za-z/]", text))
        if widget.wordWrap():
            need = widget.heightForWidth(widget.width())
            if need > widget.height() + 2:
                return f"needs {need} px of height, has {widget.height()}"
            if rich:
                doc = QTextDocument()
                doc.setDefaultFont(widget.font())
                doc.setHtml(text)
                doc.setTextWidth(room.width() - margin)
                if doc.idealWidth() > room.width() - margin + 2:
                    return (f"needs {doc.idealWidth():.0f} px of width, has "
                            f"{room.width() - margin}")
            return None
        if rich:
            doc = QTextDocument()
            doc.setDefaultFont(widget.font())
            doc.setDocumentMargin(0)
            doc.setHtml(text)
            need = doc.idealWidth()
        else:
            need = max(widget.fontMetrics().horizontalAdvance(line)
                       for line in _plain(text).split("\n"))
        if need > room.width() - margin + 1:
            return f"needs {need:.0f} px of width, has {room.width() - margin}"
        return None
    if isinstance(widget, (QCheckBox, QRadioButton)):
        if widget.text() and widget.sizeHint().width() > widget.width() + 1:
            return f"needs {widget.sizeHint().width()} px, has {widget.width()}"
        return None
    if isinstance(widget, (QPushButton, QToolButton)) and widget.text():
        text = _plain(widget.text())
        need = widget.fontMetrics().horizontalAdvance(text) + 8
        if not widget.icon().isNull():
            need += widget.iconSize().width() + 4
        if need > widget.contentsRect().width():
            return f"needs {need} px, has {widget.contentsRect().width()}"
    return None


def _scroll_area_of(viewport: QWidget) -> QAbstractScrollArea | None:
    parent = viewport.parentWidget()
    if isinstance(parent, QAbstractScrollArea) and parent.viewport() is viewport:
        return parent
    return None


def visible_rect(widget: QWidget) -> tuple[QRect, bool]:
    """The part of ``widget`` (its own coordinates) that its ancestors leave on show, and
    whether a scroll area between it and the window can bring the rest into view."""
    rect = widget.rect()
    current = widget
    scrollable = False
    while not current.isWindow():
        parent = current.parentWidget()
        if parent is None:
            break
        area = _scroll_area_of(parent)
        if area is not None and not isinstance(area, QScrollArea):
            return rect, True            # a list's or a text box's own scrolling
        if isinstance(area, QScrollArea):
            inner = area.widget()
            content = inner.rect() if inner is not None else parent.rect()
            can_h = area.horizontalScrollBarPolicy() != Qt.ScrollBarPolicy.ScrollBarAlwaysOff
            can_v = area.verticalScrollBarPolicy() != Qt.ScrollBarPolicy.ScrollBarAlwaysOff
            mapped = QRect(widget.mapTo(inner, QPoint(0, 0)), rect.size()) if inner else rect
            # whatever lies inside the scrolled page can be brought into view, along the
            # directions the area scrolls
            if ((can_h or mapped.right() <= parent.width() + content.left()) and
                    (can_v or mapped.bottom() <= parent.height() + content.top())):
                scrollable = True
                return rect, scrollable
        offset = widget.mapTo(parent, QPoint(0, 0))
        rect = rect.translated(offset).intersected(parent.rect()).translated(-offset)
        current = parent
    return rect, scrollable


def _in_scroll_content(widget: QWidget) -> bool:
    """Inside the page of a scroll area (reachable by scrolling), or a scroll area's own
    parts (its scroll bars, a list's items)."""
    parent = widget.parentWidget()
    while parent is not None and not parent.isWindow():
        if isinstance(parent, QAbstractScrollArea):
            return True
        parent = parent.parentWidget()
    return False


def _checked(root: QWidget):
    """The visible widgets of ``root`` worth checking (pyqtgraph's insides left out)."""
    for widget in root.findChildren(QWidget):
        if not widget.isVisible() or widget.width() <= 0 or widget.height() <= 0:
            continue
        if isinstance(widget, (QLabel, QAbstractButton, QAbstractSpinBox, QComboBox, QLineEdit)):
            if isinstance(widget.parentWidget(), (QTabBar, QAbstractSpinBox, QComboBox)):
                continue       # tab bars scroll their tabs; a spin box's own line edit
            yield widget


def layout_problems(window: QWidget) -> list[str]:
    """Clipped text, widgets outside the window, unreachable controls of ``window``."""
    problems = []
    frame = window.rect()
    for widget in _checked(window):
        where = _name(widget)
        why = text_clipped(widget)
        if why:
            problems.append(f"clipped text: {where}: {why}")
        in_scroll = _in_scroll_content(widget)
        top_left = widget.mapTo(window, QPoint(0, 0))
        placed = QRect(top_left, widget.size())
        if not in_scroll and not frame.contains(placed):
            problems.append(f"outside the window: {where} at {placed.getRect()}")
            continue
        shown, scrollable = visible_rect(widget)
        if scrollable or shown.size() == widget.size():
            continue
        if isinstance(widget, CONTROLS) and widget.isEnabled():
            problems.append(f"unreachable control: {where}: {shown.width()}x{shown.height()} "
                            f"of {widget.width()}x{widget.height()} on show")
        elif isinstance(widget, QLabel) and widget.text() and (
                shown.width() < widget.width() - 2 or shown.height() < widget.height() - 2):
            problems.append(f"clipped text: {where} cut by its parent "
                            f"({shown.width()}x{shown.height()} of "
                            f"{widget.width()}x{widget.height()})")
    return problems


def y_ticks(plot: pg.PlotWidget) -> int:
    """How many labelled ticks the plot's y axis shows."""
    axis = plot.getAxis("left")
    low, high = plot.getViewBox().viewRange()[1]
    size = axis.geometry().height()
    if size <= 0:
        return 0
    if axis._tickLevels is not None:          # ticks of its own (a heatmap's classes)
        return len([v for level in axis._tickLevels[:1] for v, _ in level if low <= v <= high])
    levels = axis.tickValues(low, high, size)
    return len({round(v, 9) for _spacing, values in levels[:1] for v in values
                if low <= v <= high})


def plot_problems(root: QWidget) -> list[str]:
    """Visible plots of ``root`` lower than readable, or with fewer than ``MIN_Y_TICKS``."""
    problems = []
    for plot in root.findChildren(pg.PlotWidget):
        if not plot.isVisible():
            continue
        area = plot.getViewBox().sceneBoundingRect().height()
        title = plot.getPlotItem().titleLabel.text or "plot"
        title = re.sub(r"<[^>]+>", "", title)[:40]
        if plot.height() < MIN_PLOT_HEIGHT or area < MIN_PLOT_AREA:
            problems.append(f"squashed plot {title!r}: {plot.height()} px, plot area "
                            f"{area:.0f} px")
        elif y_ticks(plot) < MIN_Y_TICKS:
            problems.append(f"plot {title!r}: {y_ticks(plot)} y tick(s)")
    return problems


def headline_problems(view) -> list[str]:
    """The Odds tab at a glance: no scrolling, the headline figures on show, readable plots."""
    problems = []
    scroll = view.odds_scroll
    if scroll.verticalScrollBar().maximum() > 0:
        problems.append(f"the Odds tab scrolls {scroll.verticalScrollBar().maximum()} px")
    for key in getattr(view.results, "HEADLINE", ()):
        label = view.results.numbers.get(key) if hasattr(view.results, "numbers") else None
        if label is None:
            label = view.results.battle_figures.numbers.get(key)
        if label is None or not label.isVisible() and label.isVisibleTo(view.results):
            problems.append(f"headline {key} not on show")
            continue
        if not label.isVisibleTo(view.results):
            continue               # the figure has no value for this result (e.g. no IPC)
        top = label.mapTo(scroll.viewport(), QPoint(0, 0)).y()
        if top + label.height() > scroll.viewport().height():
            problems.append(f"headline {key} below the fold ({top} px)")
    details = getattr(view.results, "details", None)
    if details is None:
        return problems + plot_problems(view.odds_page)
    shown = details.currentIndex()
    for tab in range(details.count()):         # every plot, each in its own details tab
        if not details.isTabVisible(tab):
            continue
        details.setCurrentIndex(tab)
        for _ in range(3):
            QApplication.processEvents()
        problems += [f"details › {details.tabText(tab)}: {problem}"
                     for problem in plot_problems(view.odds_page)]
    details.setCurrentIndex(shown)
    return problems


def walk(qapp, window, sizes: dict[str, tuple[int, int]], check) -> list[str]:
    """Every tab of every view of ``window`` (a battle at the table played to its second
    phase), computed, at each of ``sizes``: the problems ``check(view)`` finds, each named by
    size, view and tab."""
    from combatassist_gui.app import demo_battle, settle, wait_for

    found = []
    for index, view in enumerate(window.views):
        window.tabs.setCurrentIndex(index)
        if not hasattr(view, "tabs"):
            continue
        view.recompute(immediate=True)
        assert wait_for(qapp, lambda v=view: settle(v), 120_000)
        for tab in range(view.tabs.count()):
            view.tabs.setCurrentIndex(tab)
            if view.tabs.widget(tab) is view.table_panel:
                demo_battle(view.table_panel)
            assert wait_for(qapp, lambda v=view: settle(v), 120_000)
            for size_name, size in sizes.items():
                window.resize(*size)
                for _ in range(3):
                    qapp.processEvents()
                found += [f"{size_name} {view.ruleset} › {view.tabs.tabText(tab)}: {problem}"
                          for problem in check(view, tab)]
        view.tabs.setCurrentIndex(0)
    return found


def laptop_problems(view, tab: int) -> list[str]:
    """``layout_problems`` of the window, plus the headline on the Odds tab."""
    problems = layout_problems(view.window())
    if tab == 0:
        problems += headline_problems(view)
    return problems
