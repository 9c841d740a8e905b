"""The mouse wheel scrolls forms; it edits a field only once the player has picked that field.

Qt's spin boxes, combo boxes and sliders change their value under a passing wheel, so
scrolling a form with the cursor over a count silently changed the battle (AGC: Infantry 4 → 2,
the odds 84.68 % → 32.28 %). One application-wide event filter fixes it for every such widget,
those built later included:

- they take the focus by click or Tab only (``Qt.StrongFocus``), never by the wheel;
- a wheel event over one that doesn't have the focus goes to the scroll area around it (the
  form scrolls on), and the field is left unchanged.
"""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QWheelEvent
from PySide6.QtWidgets import (QAbstractScrollArea, QAbstractSlider, QAbstractSpinBox,
                               QApplication, QComboBox, QScrollBar, QWidget)

#: the widgets whose value a wheel changes
GUARDED = (QAbstractSpinBox, QComboBox, QAbstractSlider)


def _is_guarded(obj: QObject) -> bool:
    # a scroll bar is a slider too, but scrolling it is what the wheel is for
    return isinstance(obj, GUARDED) and not isinstance(obj, QScrollBar)


def _scroll_area_of(widget: QWidget) -> QAbstractScrollArea | None:
    parent = widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QAbstractScrollArea):
            return parent
        parent = parent.parentWidget()
    return None


class WheelGuard(QObject):
    """The event filter (see the module's docstring); ``install()`` puts one on the app."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt name)
        kind = event.type()
        if kind == QEvent.Type.Polish and _is_guarded(watched):
            if watched.focusPolicy() == Qt.FocusPolicy.WheelFocus:
                watched.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        elif kind == QEvent.Type.Wheel and _is_guarded(watched) and not watched.hasFocus():
            area = _scroll_area_of(watched)
            if area is not None:
                viewport = area.viewport()
                position = viewport.mapFromGlobal(event.globalPosition().toPoint())
                QApplication.sendEvent(viewport, QWheelEvent(
                    position.toPointF(), event.globalPosition(), event.pixelDelta(),
                    event.angleDelta(), event.buttons(), event.modifiers(), event.phase(),
                    event.inverted()))
            event.accept()      # handled: the field itself never sees it
            return True
        return False


_guard: WheelGuard | None = None


def install(app: QApplication | None = None) -> WheelGuard:
    """Put the wheel guard on ``app`` (default: the running application); once per app."""
    global _guard
    app = app or QApplication.instance()
    if _guard is None or _guard.parent() is not app:
        _guard = WheelGuard(app)
        app.installEventFilter(_guard)
        for widget in app.allWidgets():      # those polished before the guard came
            if _is_guarded(widget) and widget.focusPolicy() == Qt.FocusPolicy.WheelFocus:
                widget.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
    return _guard
