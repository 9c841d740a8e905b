"""The count field of every form: it never turns the number typed into another one.

A plain ``QSpinBox`` with a maximum of 100 drops the keystroke that would pass it, so typing
"150" gave 15, "3.5" gave 35 and "-5" gave 5, without a word. ``CountBox`` keeps what is typed:

- the arrows (and Page Up / Down) stop at ``limit``, the most the engine accepts;
- a whole number above the limit is kept as typed; the field turns red and its tooltip gives
  the limit, and the view's own check of the scenario (the file format's limits) says in the
  results why the figures are not updated;
- text that is not a whole number ("3.5", "-5", "abc") turns the field red while it is
  typed; leaving the field (or Enter) puts back the count it had before.
"""
from __future__ import annotations

from PySide6.QtCore import QSize
from PySide6.QtGui import QColor, QPalette, QValidator
from PySide6.QtWidgets import QSpinBox, QWidget
from ..i18n import translate

#: what a count field holds at most while typing (far beyond any engine's limit)
TYPED_MAX = 99_999
REFUSED_BACKGROUND = "#FDE3D9"      # a light tint of the app's defender vermillion


class CountBox(QSpinBox):
    """A whole-number count from ``minimum`` to ``limit`` (see the module's docstring)."""

    def __init__(self, limit: int, minimum: int = 0, parent: QWidget | None = None):
        super().__init__(parent)
        self._limit = limit
        self._tip = ""
        self._refusal = ""
        self._normal = self.palette()
        self.setRange(minimum, max(limit, TYPED_MAX))
        self.valueChanged.connect(self._check)
        self.lineEdit().textChanged.connect(self._check)
        self.editingFinished.connect(self._check)

    # -- the limit ------------------------------------------------------------------------
    def limit(self) -> int:
        return self._limit

    def set_limit(self, limit: int) -> None:
        """A new limit (e.g. the units left to deploy); what is typed stays as typed."""
        self._limit = limit
        self.setMaximum(max(limit, TYPED_MAX))
        self.updateGeometry()
        self._check()

    def refusal(self) -> str:
        """Why the field is red ("" when it holds an accepted count)."""
        return self._refusal

    # -- Qt overrides -------------------------------------------------------------------
    def validate(self, text: str, pos: int):  # noqa: D102 (Qt)
        body = self._body(text)
        if body.isascii() and body.isdigit() and self.minimum() <= int(body) <= self.maximum():
            return QValidator.State.Acceptable, text, pos
        return QValidator.State.Intermediate, text, pos       # kept as typed, shown red

    def stepBy(self, steps: int) -> None:  # noqa: N802 (Qt name)
        value = self.value()
        target = max(self.minimum(), min(self._limit, value + steps))
        if value > self._limit and steps > 0:
            target = value                 # already past the limit: the arrow adds nothing
        self.setValue(target)
        self.selectAll()

    def stepEnabled(self):  # noqa: N802 (Qt name)
        flags = QSpinBox.StepEnabledFlag.StepNone
        if self.value() < self._limit:
            flags |= QSpinBox.StepEnabledFlag.StepUpEnabled
        if self.value() > self.minimum():
            flags |= QSpinBox.StepEnabledFlag.StepDownEnabled
        return flags

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt name)
        return self._as_wide_as_the_limit(super().sizeHint())

    def minimumSizeHint(self) -> QSize:  # noqa: N802 (Qt name)
        return self._as_wide_as_the_limit(super().minimumSizeHint())

    def _as_wide_as_the_limit(self, hint: QSize) -> QSize:
        # Qt sizes a spin box for its maximum (with prefix and suffix) or its special value
        # text ("to the end"), the wider; this one's maximum is only room for typing past the
        # limit, so it is sized for the limit, like the plain spin box it replaces, and never
        # narrower than its special text
        metrics = self.fontMetrics()

        def shown(value: int) -> int:      # as QAbstractSpinBox::sizeHint measures it
            return metrics.horizontalAdvance(self.textFromValue(value) + self.prefix()
                                             + self.suffix() + " ")
        least = max(metrics.horizontalAdvance(self.specialValueText()), shown(self.minimum()))
        widest, needed = max(least, shown(self.maximum())), max(least, shown(self._limit))
        return QSize(hint.width() - max(0, widest - needed), hint.height())

    def focusOutEvent(self, event) -> None:  # noqa: N802 (Qt name)
        super().focusOutEvent(event)       # puts back the count when the text is none
        self._check()

    def setToolTip(self, text: str) -> None:  # noqa: N802 (Qt name)
        self._tip = text
        self._show_tip()

    # -- display --------------------------------------------------------------------------
    def _body(self, text: str) -> str:
        if self.specialValueText() and text == self.specialValueText():
            return str(self.minimum())
        return text.removeprefix(self.prefix()).removesuffix(self.suffix()).strip()

    def _check(self, *_args) -> None:
        body = self._body(self.lineEdit().text())
        if not (body.isascii() and body.isdigit()):
            refusal = (translate("widgets.count_box", "'{text}' is not a count: type a whole "
                                 "number from {least} to {most} (leaving the field keeps "
                                 "{value})").format(text=body, least=self.minimum(),
                                                    most=self._limit, value=self.value())
                       if body else "")
        elif int(body) > self._limit:
            refusal = translate("widgets.count_box", "{count} is more than {most}, the most "
                                "allowed here").format(count=int(body), most=self._limit)
        elif int(body) < self.minimum():
            refusal = translate("widgets.count_box", "{count} is less than {least}, the least "
                                "allowed here").format(count=int(body), least=self.minimum())
        else:
            refusal = ""
        if refusal == self._refusal:
            return
        self._refusal = refusal
        palette = QPalette(self._normal)
        if refusal:
            palette.setColor(QPalette.ColorRole.Base, QColor(REFUSED_BACKGROUND))
        self.setPalette(palette)
        self.lineEdit().setPalette(palette)
        self.setProperty("refused", bool(refusal))
        self._show_tip()

    def _show_tip(self) -> None:
        parts = [p for p in (self._refusal and f"⚠ {self._refusal}", self._tip) if p]
        super().setToolTip("\n".join(parts))
