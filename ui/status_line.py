"""What every results panel shares: the status line (busy, stopped, errors over stale figures)
and the one export path (CSV from the panel's rows, PNG under a heading)."""
from __future__ import annotations

import csv
import html
import io
from pathlib import Path

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter
from PySide6.QtWidgets import QApplication, QGraphicsOpacityEffect, QProgressBar, QWidget

from combatassist.files import atomic_write_text

from .i18n import QT_TRANSLATE_NOOP, translate
from .lazy_plot import LazyPlot
from .result_style import DEFENDER


class StatusLine:
    """``set_busy`` / ``show_error`` for a results panel with a ``spinner`` and a ``status``
    label; ``has_figures()`` says whether older figures are still on show, and
    ``mark_stale(stale)`` (optional) marks them on the figures themselves (plot titles); the
    exports (CSV from the panel's ``csv_rows()``, PNG of the panel)."""

    #: what the figures were computed for, in "the last … that could be computed"
    subject = QT_TRANSLATE_NOOP("results", "set-up")

    def has_figures(self) -> bool:
        raise NotImplementedError

    #: the status shown after the player stopped a computation
    STOPPED = QT_TRANSLATE_NOOP("results", "Stopped. Edit the set-up, or press F5, to compute "
                                           "again.")
    #: said beside "Computing…" or "Stopped." while older figures stay on show (greyed)
    PREVIOUS = QT_TRANSLATE_NOOP("results", "The figures shown (greyed) are from the previous "
                                            "{subject}.")

    # -- the one export path: each panel gives its rows ----------------------------------------
    def csv_rows(self) -> list[list]:
        raise NotImplementedError

    def csv_text(self) -> str:
        out = io.StringIO()
        csv.writer(out, lineterminator="\n").writerows(self.csv_rows())
        return out.getvalue()

    def copy_text(self) -> str:
        """Plain text of the shown result a player pastes into a forum or a chat ("" while
        there is none)."""
        raise NotImplementedError

    #: said on the pane once its results are on the clipboard (the menu's status bar says
    #: the same words, so the button never copies silently)
    COPIED = QT_TRANSLATE_NOOP("results", "Results copied: paste them into a forum or a chat")

    def copy_results(self) -> None:
        """Put ``copy_text()`` on the clipboard and say so in the status line (until the
        next computation or error)."""
        QApplication.clipboard().setText(self.copy_text())
        self.status.setText(translate("results", self.COPIED))

    def export_csv(self, path: str | Path) -> None:
        atomic_write_text(path, self.csv_text())

    def export_png(self, path: str | Path) -> bool:
        return self.grab().save(str(path), "PNG")

    #: the widgets greyed while their figures belong to an older set-up (``mark_stale``)
    stale_parts: tuple[QWidget, ...] = ()
    #: how strongly they are greyed (1: not at all)
    STALE_OPACITY = 0.35

    def mark_stale(self, stale: bool) -> None:
        """Show on the figures whether they belong to an older set-up: ``stale_parts``
        greyed (the status line says why)."""
        self.stale = stale
        for part in self.stale_parts:
            grey(part, stale, self.STALE_OPACITY)

    def previous_note(self) -> str:
        """" The figures shown are from the previous set-up." when older figures are on
        show (empty when there are none)."""
        if not self.has_figures():
            return ""
        return " " + translate("results", self.PREVIOUS).format(
            subject=translate("results", self.subject))

    def set_busy(self, busy: bool) -> None:
        """Busy: the spinner, Stop, "Computing…", and the figures on show marked as the
        previous set-up's from this moment until the new ones arrive (``mark_stale``).
        Idle without a new result (stopped, refused): they stay marked."""
        self.spinner.setVisible(busy)
        stop = getattr(self, "stop_button", None)
        if stop is not None:
            stop.setVisible(busy)
        computing = translate("results", "Computing…")
        if busy:
            self.status.setText(computing + self.previous_note())
            self.mark_stale(self.has_figures())
        elif self.status.text().startswith(computing):
            self.status.setText("")

    def stop(self) -> None:
        """The player stops the computation on show (``cancel_requested``); figures already
        on show stay marked as the previous set-up's."""
        self.cancel_requested.emit()
        self.status.setText(translate("results", self.STOPPED) + self.previous_note())
        self.mark_stale(self.has_figures())

    def show_error(self, message: str) -> None:
        stale = ("<br>" + translate("results", "The figures below are still those of the last "
                                    "{subject} that could be computed.").format(
                                        subject=translate("results", self.subject))
                 if self.has_figures() else "")
        # the message may echo the user's text: shown as text, never as markup
        text = html.escape(message, quote=False)
        self.status.setText(f'<span style="color:{DEFENDER}">&#9888; {text}</span>{stale}')
        self.mark_stale(self.has_figures())


def grey(part: QWidget, on: bool, opacity: float = StatusLine.STALE_OPACITY) -> None:
    """Fade ``part`` (``on``) or show it plainly. A plot fades its drawing (the plot item), so
    its white background stays white; any other widget fades under an opacity effect."""
    plots = [part] if isinstance(part, LazyPlot) else part.findChildren(LazyPlot)
    for plot in plots:
        plot.set_opacity(opacity if on else 1.0)
    if plots:
        return
    effect = part.graphicsEffect()
    if not isinstance(effect, QGraphicsOpacityEffect):
        effect = QGraphicsOpacityEffect(part)
        effect.setOpacity(opacity)
        part.setGraphicsEffect(effect)
    effect.setEnabled(on)


def greyed(part: QWidget) -> bool:
    """Whether ``part`` is faded by ``grey``."""
    plots = [part] if isinstance(part, LazyPlot) else part.findChildren(LazyPlot)
    if plots:
        return all(plot.opacity() < 1.0 for plot in plots)
    effect = part.graphicsEffect()
    return isinstance(effect, QGraphicsOpacityEffect) and effect.isEnabled() and \
        effect.opacity() < 1.0


def make_spinner() -> QProgressBar:
    """The thin "working" bar of a results panel (hidden until busy)."""
    spinner = QProgressBar()
    spinner.setRange(0, 0)          # indeterminate: "working"
    spinner.setMaximumHeight(6)
    spinner.setTextVisible(False)
    keep = spinner.sizePolicy()
    keep.setRetainSizeWhenHidden(True)      # showing it never moves what is under it
    spinner.setSizePolicy(keep)
    spinner.setVisible(False)
    return spinner


def titled_grab(widget: QWidget, heading: list[str]):
    """``widget.grab()`` with ``heading`` lines written above it (the first one bold)."""
    from PySide6.QtGui import QFontMetrics, QPixmap

    shot = widget.grab()
    if not heading:
        return shot
    bold = QFont(widget.font())
    bold.setBold(True)
    bold.setPointSizeF(bold.pointSizeF() * 1.2)
    plain = QFont(widget.font())
    lines = [(heading[0], bold)] + [(text, plain) for text in heading[1:]]
    ratio = shot.devicePixelRatio()
    width = shot.width() / ratio
    pad = 8
    heights = []
    for text, font in lines:
        rect = QFontMetrics(font).boundingRect(0, 0, int(width) - 2 * pad, 10_000,
                                              Qt.TextFlag.TextWordWrap, text)
        heights.append(rect.height() + 2)
    top = sum(heights) + 2 * pad
    image = QPixmap(int(width * ratio), int((top + shot.height() / ratio) * ratio))
    image.setDevicePixelRatio(ratio)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setPen(QColor("#111111"))
    y = pad
    for (text, font), h in zip(lines, heights):
        painter.setFont(font)
        painter.drawText(QRectF(pad, y, width - 2 * pad, h), Qt.TextFlag.TextWordWrap, text)
        y += h
    painter.drawPixmap(0, top, shot)
    painter.end()
    return image
