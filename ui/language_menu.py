"""View › Language: English, Deutsch, … (every language the app has a translation for).

The choice is kept in the window's QSettings (``i18n.SETTINGS_KEY``) and takes effect at the
next start: the views write their texts when they are built, so switching live would leave
half of a running battle's texts in the old language. The note after a change says so, in the
language chosen as well as in the current one.
"""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QTranslator
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMainWindow, QMenu, QMessageBox

from . import i18n

CONTEXT = "LanguageMenu"
NOTE = "The language changes when Combat Assistant starts again."


def note_in(lang: str) -> str:
    """The restart note in ``lang`` (read from that language's translation, without
    installing it)."""
    text = NOTE
    if lang == i18n.SOURCE_LANGUAGE:
        return text
    for qm in sorted(i18n.TRANSLATIONS_DIR.glob(f"*_{lang}.qm")):
        translator = QTranslator()
        if translator.load(str(qm)):
            translated = translator.translate(CONTEXT, text)
            if translated:
                return translated
    return text


def add_language_menu(window: QMainWindow) -> QMenu:
    """Add View › Language to ``window``'s menu bar (before Help, if there is one); the
    window's ``settings`` keep the choice."""
    bar = window.menuBar()
    view_menu = QMenu(QCoreApplication.translate("LanguageMenu", "&View"), window)
    actions = bar.actions()
    if actions:
        bar.insertMenu(actions[-1], view_menu)      # Help stays last
    else:
        bar.addMenu(view_menu)
    menu = view_menu.addMenu(QCoreApplication.translate("LanguageMenu", "&Language"))
    group = QActionGroup(menu)
    group.setExclusive(True)
    chosen = i18n.chosen_language(window.settings)
    for lang in i18n.available_languages():
        action = QAction(i18n.native_name(lang), menu)
        action.setCheckable(True)
        action.setChecked(lang == chosen)
        action.setData(lang)
        action.setStatusTip(QCoreApplication.translate(
            "LanguageMenu", "Show Combat Assistant in {language}").format(
                language=i18n.native_name(lang)))
        action.triggered.connect(lambda _checked=False, lang=lang: choose_language(window, lang))
        group.addAction(action)
        menu.addAction(action)
    window.language_menu = menu
    return menu


def choose_language(window: QMainWindow, lang: str) -> None:
    """Remember ``lang``; if it is not the language running now, say it comes at the next start."""
    before = i18n.chosen_language(window.settings)
    i18n.remember_language(window.settings, lang)
    if lang == before or lang == i18n.current_language():
        return
    notes = list(dict.fromkeys([QCoreApplication.translate(
        "LanguageMenu", "The language changes when Combat Assistant starts again."),
        note_in(lang)]))
    window.statusBar().showMessage(notes[0], 10000)
    QMessageBox.information(window, i18n.native_name(lang), "\n\n".join(notes))
