"""The main window: one tab per ruleset view found, files, recent files, settings, help."""
from __future__ import annotations

import html
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QRect, QSettings, QSize, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QGuiApplication, QIcon, QKeySequence
from PySide6.QtWidgets import (QApplication, QMainWindow, QMessageBox, QTabWidget,
                               QWidget)

import combatassist
from combatassist.errors import one_line

from . import first_paint, form_memory
from .examples_menu import fill_examples_menu
from .file_actions import MAX_RECENT, Document, FileActions, file_filter  # noqa: F401
from .help import rules_dialog
from .language_menu import add_language_menu
from .views import discover
from .views.base import RulesetView

APP_NAME = "Combat Assistant"
ORGANISATION = "CombatAssistant"
#: The smallest window: every view still shows its set-up pane and its odds (issue 18).
MIN_SIZE = (900, 560)
#: the longest the first computations wait for the window's first paint (ms): a window that
#: is never exposed (started minimised, say) computes anyway
PAINT_WAIT_MS = 2000
#: the title bar and borders a window manager adds (width, height), until the real frame is
#: known
FRAME_GUESS = (16, 40)


def fitted(inner: QRect, margins: tuple[int, int], available: QRect,
           minimum: QSize) -> QRect:
    """``inner`` (a window's client geometry) shrunk and moved so that it and its frame
    (``margins``: the frame's extra width and height, the title bar's part on top) fit in
    ``available``; never below ``minimum``."""
    extra_w, extra_h = margins
    width = max(minimum.width(), min(inner.width(), available.width() - extra_w))
    height = max(minimum.height(), min(inner.height(), available.height() - extra_h))
    side, top = extra_w // 2, extra_h - extra_w // 2
    x = min(max(inner.x(), available.left() + side), available.right() + 1 - width - side)
    y = min(max(inner.y(), available.top() + top), available.bottom() + 1 - height - side)
    return QRect(max(x, available.left() + side), max(y, available.top() + top), width, height)






def default_autosave_dir() -> Path:
    import platformdirs

    return Path(platformdirs.user_data_dir(APP_NAME, ORGANISATION)) / "battles"


def startup_notice(set_aside: list[str], folder: Path) -> str:
    """One sentence for the status bar about saved battles that couldn't be resumed."""
    if not set_aside:
        return ""
    if len(set_aside) == 1:
        return one_line(set_aside[0].rstrip(".") + ".")
    count = len(set_aside)      # a variable: lupdate misses a call inside translate()'s arguments
    return one_line(QCoreApplication.translate(
        "MainWindow", "%n saved battles could not be resumed and were set aside (kept in "
        "{folder}; the At the table tabs say why).", None, count).format(folder=folder))


def app_icon() -> QIcon:
    try:
        from combatassist.data import resource_path

        folder = resource_path("icons")
        icon = QIcon()
        for png in sorted(folder.glob("*.png")):
            icon.addFile(str(png))
        return icon
    except (FileNotFoundError, OSError):
        return QIcon()


class MainWindow(FileActions, QMainWindow):
    """``settings``: where settings and recent files persist (tests pass a temporary one);
    ``autosave_dir``: where table-side battles are autosaved; ``views``: the view classes to
    show (default: every view found in ``combatassist_gui.views``, in tab order)."""

    #: the one sentence shown at start when saved battles had to be set aside ("" if none)
    startup_notice: str = ""

    def __init__(self, settings: QSettings | None = None, autosave_dir: Path | None = None,
                 views: list[type[RulesetView]] | None = None):
        super().__init__()
        self._fitted = False
        self._painting = False
        self._hold = 0              # the number of the hold this window's first paint ends
        self.settings = settings or QSettings(ORGANISATION, APP_NAME)
        form_memory.use(self.settings)      # the forms' kept choices (the last edition, ...)
        self.autosave_dir = Path(autosave_dir) if autosave_dir else default_autosave_dir()
        self.setWindowIcon(app_icon())
        self.tabs = QTabWidget()
        self.tabs.setDocumentMode(True)
        self.docs: dict[int, Document] = {}
        # Only the tab on show is built at start; every other tab is an empty stand-in until
        # it is first shown (or something asks for its view): the first window needs one
        # view, not all of them (issue 26).
        self._classes: list[type[RulesetView]] = list(views if views is not None else discover())
        self._built: dict[int, RulesetView] = {}
        for cls in self._classes:
            self.tabs.addTab(QWidget(), cls.title)
        self.setCentralWidget(self.tabs)
        self.setMinimumSize(*MIN_SIZE)
        self._build_menus()
        # every menu shortcut, e.g. "Ctrl+E": no field of this window may keep one for itself
        self.menu_keys = {key.toString() for m in self.menuBar().actions() if m.menu()
                          for a in m.menu().actions() for key in a.shortcuts()}
        QApplication.instance().installEventFilter(self)
        self.statusBar().showMessage(self.tr("Ready"), 3000)
        geometry = self.settings.value("window/geometry")
        if geometry is not None:
            self.restoreGeometry(geometry)
        else:
            self.resize(1280, 800)
        self.fit_to_screen()
        index = int(self.settings.value("window/tab", 0) or 0)
        if 0 <= index < self.tabs.count():
            self.tabs.setCurrentIndex(index)
        if self._classes:
            self._build_view(self.tabs.currentIndex())
        self.tabs.currentChanged.connect(self._tab_shown)
        self._update_title()

    # -- the views, each built when first needed ------------------------------------------
    @property
    def views(self) -> list[RulesetView]:
        """Every view, in tab order (those not built yet are built now)."""
        return [self._build_view(i) for i in range(len(self._classes))]

    def built_views(self) -> list[RulesetView]:
        """The views built so far, in tab order (only these can have anything to save,
        compute or stop)."""
        return [self._built[i] for i in sorted(self._built)]

    def _build_view(self, index: int) -> RulesetView:
        """The view of tab ``index``, built now if it isn't yet (it replaces its stand-in;
        the current tab stays current)."""
        view = self._built.get(index)
        if view is not None:
            return view
        cls = self._classes[index]
        view = cls(autosave_dir=self.autosave_dir)
        view.changed.connect(lambda w=view: self._mark_dirty(w))
        if hasattr(view, "notice"):       # a view's one line for the status bar
            view.notice.connect(lambda text: self.statusBar().showMessage(text, 15000))
        self.docs[id(view)] = Document()
        self._built[index] = view
        current = self.tabs.currentIndex()
        blocked = self.tabs.blockSignals(True)      # the same tab stays current, silently
        stand_in = self.tabs.widget(index)
        self.tabs.insertTab(index, view, cls.title)
        self.tabs.removeTab(index + 1)
        self.tabs.setCurrentIndex(current)
        self.tabs.blockSignals(blocked)
        stand_in.deleteLater()
        return view

    def _tab_shown(self, index: int) -> None:
        if 0 <= index < len(self._classes):
            self._build_view(index)
        self._update_title()

    def fit_to_screen(self) -> None:
        """Never larger than the screen's available area (less the task bar), the title bar
        and frame included, and inside it: the status bar stays on screen. Before the
        window is shown its frame is not known yet: ``FRAME_GUESS`` stands for it, and the
        first ``showEvent`` fits again with the real one (shrinking only, never growing)."""
        screen = self.screen() or QGuiApplication.primaryScreen()
        if screen is None:
            return
        frame, inner = self.frameGeometry(), self.geometry()
        margins = (frame.width() - inner.width(), frame.height() - inner.height())
        if not self.isVisible() or margins == (0, 0):
            margins = FRAME_GUESS
        self.setGeometry(fitted(inner, margins, screen.availableGeometry(),
                                self.minimumSize()))

    def setVisible(self, visible: bool) -> None:  # noqa: N802 (Qt name)
        if visible and not self._fitted and not self._painting:
            # the first show: the first computations and the first plot wait until the
            # window is painted (then start at once), so the first paint never shares the
            # processor with them (held before the show: the views are shown first)
            number = self._hold = first_paint.hold()
            self._painting = True
            # never held for long: a window closed (or never exposed) before its paint
            QTimer.singleShot(PAINT_WAIT_MS, lambda: first_paint.release(number))
        super().setVisible(visible)

    def showEvent(self, event) -> None:  # noqa: N802 (Qt name)
        super().showEvent(event)
        if not self._fitted:             # the first show: the frame is known now (or guessed)
            self._fitted = True
            self.fit_to_screen()

    def _painted(self) -> None:
        if self._painting:
            self._painting = False
            first_paint.release(self._hold)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt name)
        if (self._painting and event.type() == QEvent.Type.Expose
                and watched is self.windowHandle()):
            # Qt paints the window while handling its expose: once that is done (the next
            # turn of the event loop) the window is on screen
            QTimer.singleShot(0, self, self._painted)
        # A text field claims some menu shortcuts for its own editing (on X11 a line edit, and
        # so every count box, takes Ctrl+E as "end of line"): the menu's meaning wins, in
        # every field of the window. Not accepting the override lets the shortcut fire.
        if (event.type() == QEvent.Type.ShortcutOverride and isinstance(watched, QWidget)
                and watched.window() is self
                and QKeySequence(event.keyCombination()).toString() in self.menu_keys):
            return True
        return super().eventFilter(watched, event)

    # -- helpers ----------------------------------------------------------------------------
    def current_view(self) -> QWidget:
        return self.tabs.currentWidget()

    def doc(self, view: QWidget | None = None) -> Document:
        return self.docs[id(view or self.current_view())]

    def view_for(self, ruleset: str) -> QWidget | None:
        """The view of ``ruleset`` (built now if it isn't yet), None if it has none."""
        for index, cls in enumerate(self._classes):
            if getattr(cls, "ruleset", None) == ruleset:
                return self._build_view(index)
        return None

    def ruleset_views(self) -> list[RulesetView]:
        """Every view (those not built yet are built now)."""
        return self.views

    def error(self, title: str, message: str) -> None:
        self.statusBar().showMessage(message, 10000)
        QMessageBox.warning(self, title, message)

    # -- menus --------------------------------------------------------------------------
    def _action(self, text: str, slot, shortcut=None, tip: str = "") -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if tip:
            action.setStatusTip(tip)
        action.triggered.connect(slot)
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu(self.tr("&File"))
        self.new_action = self._action(self.tr("&New"), self.new, QKeySequence.StandardKey.New,
                                       self.tr("Start this ruleset's default scenario"))
        self.open_action = self._action(self.tr("&Open…"), self.open_dialog,
                                        QKeySequence.StandardKey.Open)
        self.save_action = self._action(self.tr("&Save"), self.save, QKeySequence.StandardKey.Save)
        self.save_as_action = self._action(self.tr("Save &As…"), self.save_as, "Ctrl+Shift+S")
        for a in (self.new_action, self.open_action):
            file_menu.addAction(a)
        self.recent_menu = file_menu.addMenu(self.tr("Open &Recent"))
        self.recent_menu.aboutToShow.connect(self._fill_recent)
        self.examples_menu = file_menu.addMenu(self.tr("Open E&xample"))
        fill_examples_menu(self.examples_menu,
                           {getattr(c, "ruleset", ""): getattr(c, "title", "") for c in self._classes},
                           self.open_example)
        file_menu.addAction(self.save_action)
        file_menu.addAction(self.save_as_action)
        file_menu.addSeparator()
        self.export_csv_action = self._action(self.tr("Export results (&CSV)…"),
                                              self.export_csv, "Ctrl+E")
        self.export_png_action = self._action(self.tr("Export &plot (PNG)…"), self.export_png,
                                              "Ctrl+Shift+E")
        self.copy_results_action = self._action(
            self.tr("&Copy results"), self.copy_results, "Ctrl+Shift+C",
            self.tr("Title, forces, options, odds, IPC and likely ends as plain text, to paste "
                    "into a forum or a chat"))
        file_menu.addAction(self.export_csv_action)
        file_menu.addAction(self.export_png_action)
        file_menu.addAction(self.copy_results_action)
        file_menu.addSeparator()
        file_menu.addAction(self._action(self.tr("&Quit"), self.close, QKeySequence.StandardKey.Quit))

        view_menu = bar.addMenu(self.tr("&Rulesets"))
        for i in range(self.tabs.count()):
            view_menu.addAction(self._action(self.tabs.tabText(i),
                                             lambda _c=False, i=i: self.tabs.setCurrentIndex(i),
                                             f"Ctrl+{i + 1}"))
        battle_menu = bar.addMenu(self.tr("&Battle"))
        battle_menu.addAction(self._action(self.tr("&Fight this battle at the table"),
                                           self.fight, "Ctrl+B"))
        battle_menu.addAction(self._action(self.tr("&Pin / unpin baseline"),
                                           self.toggle_baseline, "Ctrl+P"))
        battle_menu.addAction(self._action(self.tr("&Recompute now"), self.recompute, "F5"))

        help_menu = bar.addMenu(self.tr("&Help"))
        help_menu.addAction(self._action(self.tr("&Rules of this ruleset"), self.show_rules,
                                         QKeySequence.StandardKey.HelpContents))
        help_menu.addAction(self._action(self.tr("&About Combat Assistant"), self.show_about))
        add_language_menu(self)

    # -- title and dirty state ----------------------------------------------------------
    def _mark_dirty(self, view: QWidget) -> None:
        self.docs[id(view)].dirty = True
        self._update_title()

    def _update_title(self) -> None:
        view = self.current_view()
        doc = self.doc(view)
        name = doc.path.name if doc.path else (doc.name or self.tr("Untitled"))
        kind = getattr(view, "title", "")
        self.setWindowTitle(f"{name}[*] — {kind} — {APP_NAME}")
        self.setWindowModified(doc.dirty)
        is_view = isinstance(view, RulesetView)
        for a in (self.new_action, self.save_action, self.save_as_action,
                  self.export_csv_action, self.export_png_action, self.copy_results_action):
            a.setEnabled(is_view)

    def document_name(self, view: RulesetView) -> str:
        """How the unsaved-changes questions name ``view``'s scenario: its file, else
        "the <ruleset> scenario"."""
        doc = self.doc(view)
        return doc.path.name if doc.path else self.tr("the {ruleset} scenario").format(
            ruleset=view.title)

    def maybe_save(self, view: QWidget) -> bool:
        """Ask about unsaved edits in ``view``: True to go on, False to cancel."""
        doc = self.doc(view)
        if not doc.dirty or not isinstance(view, RulesetView):
            return True
        answer = QMessageBox.question(
            self, self.tr("Unsaved changes"), self.tr("Save the changes to {name}?").format(
                name=self.document_name(view)),
            QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard |
            QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.Save)
        if answer == QMessageBox.StandardButton.Save:
            return self.save(view)
        return answer == QMessageBox.StandardButton.Discard

    def battle_blocks(self, view: QWidget, what: str) -> bool:
        """True (and a message) when ``view``'s set-up is frozen by a battle at the table;
        ``what``: the action refused, as the user reads it ("start a new scenario")."""
        panel = getattr(view, "table_panel", None)
        if panel is None or panel.battle is None:
            return False
        self.error(self.tr("Can't {what}").format(what=what),
                   self.tr("The {ruleset} battle is being fought at the table, and its set-up "
                           "stays frozen until the battle is closed. Close it first (At the "
                           "table → Close battle), then {what} again.").format(
                               ruleset=view.title, what=what))
        return True

    # -- battle actions -----------------------------------------------------------------
    def fight(self) -> None:
        view = self.current_view()
        if isinstance(view, RulesetView):
            view.open_table()

    def toggle_baseline(self) -> None:
        view = self.current_view()
        if isinstance(view, RulesetView) and view.results.pin.isEnabled():
            view.results.pin.toggle()

    def recompute(self) -> None:
        view = self.current_view()
        if isinstance(view, RulesetView):
            view.recompute(immediate=True)

    def offer_resume(self) -> None:
        """After a crash or a closed window: offer to resume every view's newest saved
        battle that no running instance owns, all in one question (one battle: its own
        words; several: a list). A saved battle that can't be resumed never stops the
        start: it is set aside (renamed, kept) and the status bar says so in one sentence."""
        set_aside: list[str] = []
        waiting: list[tuple[RulesetView, Any, str | None, int]] = []
        for index, cls in enumerate(self._classes):
            view = self._built.get(index)
            if view is None:
                # a view not built yet is built only when a saved battle waits for it
                try:
                    if not cls.saved_battle_waits(self.autosave_dir):
                        continue
                except OSError as exc:      # e.g. an unreadable autosave folder
                    set_aside.append(f"the saved battles can't be read: {exc.strerror or exc}")
                    continue
                view = self._build_view(index)
            panel = view.table_panel
            if panel is None or panel.battle is not None:
                continue
            known = len(panel.set_aside_notices)
            try:
                offered = panel.claim_saved_battle()
            except OSError as exc:      # e.g. an unreadable autosave folder
                set_aside.append(f"the saved battles can't be read: {exc.strerror or exc}")
                continue
            set_aside += panel.set_aside_notices[known:]
            if offered:
                waiting.append((view, panel, panel.saved_verdict(), len(panel.set_aside_notices)))
        if waiting and self._ask_resume([(v, p, verdict) for v, p, verdict, _ in waiting]):
            shown = None
            for view, panel, verdict, known in waiting:
                # shown either way: the battle, or the message saying why it can't resume
                if panel.resume():
                    self._name_resumed(view)
                shown = shown or view
                set_aside += panel.set_aside_notices[known:]   # one set aside on Resume too
            self.tabs.setCurrentWidget(shown)
            shown.tabs.setCurrentWidget(shown.table_panel)
            self._update_title()
        else:
            for _view, panel, verdict, _known in waiting:
                if verdict is not None:
                    panel.discard_saved_battle()      # over: nothing is lost
                else:
                    panel.decline_saved_battle()      # asked again at the next start
        self.startup_notice = startup_notice(set_aside, self.autosave_dir)
        if self.startup_notice:
            self.statusBar().showMessage(self.startup_notice)

    def _ask_resume(self, waiting: list) -> bool:
        """The one start-up question for the saved battles ``[(view, panel, verdict)]``:
        True to resume them all (finished ones are shown again), False to leave the
        unfinished ones for the next start and discard the finished ones."""
        if len(waiting) == 1:
            view, panel, verdict = waiting[0]
            if verdict is None:
                text = self.tr("The {ruleset} battle at the table was not finished ({summary}). "
                               "Resume it where it was?").format(ruleset=view.title,
                                                                 summary=panel.saved_summary())
            else:
                # over, but never closed: nothing is lost by letting it go
                text = self.tr("The {ruleset} battle at the table is over ({verdict}, {summary}) "
                               "but was not closed. Show it again?\nNo: it is discarded.").format(
                                   ruleset=view.title, verdict=verdict,
                                   summary=panel.saved_summary())
        else:
            lines = []
            for view, panel, verdict in waiting:
                state = (self.tr("over: {verdict}").format(verdict=verdict) if verdict
                         else self.tr("not finished"))
                lines.append("• " + self.tr("{ruleset} ({state}): {summary}").format(
                    ruleset=view.title, state=state, summary=panel.saved_summary()))
            text = (self.tr("%n battles at the table are waiting:", "", len(waiting))
                    + "\n" + "\n".join(lines) + "\n\n"
                    + self.tr("Resume them all?\nNo: the unfinished ones are offered again at "
                              "the next start; the finished ones are discarded."))
        answer = QMessageBox.question(
            self, self.tr("Resume battle?"), text,
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No,
            QMessageBox.StandardButton.Yes)
        return answer == QMessageBox.StandardButton.Yes

    def _name_resumed(self, view: RulesetView) -> None:
        """Title a resumed battle's set-up "… (resumed battle)" (the autosave has the
        scenario, not the file it came from) until the battle is closed: then it is an
        untitled set-up like any other."""
        title = view.scenario().title or self.tr("{ruleset} battle").format(ruleset=view.title)
        doc = Document(name=self.tr("{title} (resumed battle)").format(title=title))
        self.docs[id(view)] = doc

        def closed(running: bool) -> None:
            if not running and self.docs.get(id(view)) is doc:
                self.docs[id(view)] = Document(dirty=doc.dirty)
                self._update_title()
        view.table_panel.running_changed.connect(closed)

    # -- help -----------------------------------------------------------------------------
    def show_rules(self) -> None:
        view = self.current_view()
        rules_dialog(self, getattr(view, "ruleset", None), getattr(view, "title", "")).exec()

    def show_about(self) -> None:
        QMessageBox.about(self, self.tr("About {app}").format(app=APP_NAME),
                          f"<h3>{APP_NAME} {combatassist.__version__}</h3>"
                          + self.tr("<p>Exact combat odds for wargame rulesets: {rulesets}."
                                    "</p><p>Odds are computed exactly (never sampled); the "
                                    "table-side mode resolves your real dice with the same "
                                    "rules code.</p>").format(
                              rulesets=", ".join(c.title for c in self._classes)))

    # -- closing --------------------------------------------------------------------------
    def maybe_save_all(self) -> bool:
        """Before quitting: one question naming every tab with unsaved changes (its file,
        or "the <ruleset> scenario", and the tab), and only those. Save saves each (an
        untitled one asks where, on its own tab). True to go on, False to cancel."""
        dirty = [v for v in self.built_views() if self.doc(v).dirty]
        if not dirty:
            return True
        if len(dirty) == 1:
            self.tabs.setCurrentWidget(dirty[0])       # the question is about this tab
            return self.maybe_save(dirty[0])
        names = "".join("<li>" + html.escape(self.tr("{name} ({tab} tab)").format(
            name=self.doc(v).path.name if self.doc(v).path else self.tr(
                "untitled {ruleset} scenario").format(ruleset=v.title),
            tab=v.title)) + "</li>" for v in dirty)
        answer = QMessageBox.question(
            self, self.tr("Unsaved changes"),
            self.tr("<p>These scenarios have unsaved changes:</p><ul>{names}</ul><p>Save them "
                    "before quitting?</p>").format(names=names),
            QMessageBox.StandardButton.SaveAll | QMessageBox.StandardButton.Discard |
            QMessageBox.StandardButton.Cancel, QMessageBox.StandardButton.SaveAll)
        if answer == QMessageBox.StandardButton.SaveAll:
            for view in dirty:
                self.tabs.setCurrentWidget(view)
                if not self.save(view):
                    return False
            return True
        return answer == QMessageBox.StandardButton.Discard

    def closeEvent(self, event: QCloseEvent) -> None:  # noqa: N802 (Qt name)
        if not self.maybe_save_all():
            event.ignore()
            return
        self.settings.setValue("window/geometry", self.saveGeometry())
        self.settings.setValue("window/tab", self.tabs.currentIndex())
        self.settings.sync()
        form_memory.forget(self.settings)
        for view in self.built_views():
            view.shutdown()
            if view.table_panel is not None:
                view.table_panel.release()    # its battle stays saved, for the next start
        event.accept()
