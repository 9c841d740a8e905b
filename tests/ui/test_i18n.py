"""The app in other languages: translations complete and current, German shown, numbers local.

The translations are ``ui/translations/<area>_<lang>.ts`` (docs/translating.md). These tests
fail when a string the GUI shows has no German translation: the ``.ts`` must list every
``tr()`` / ``QCoreApplication.translate()`` string of the sources (lupdate run afresh finds no
new one) with a finished translation keeping the original's placeholders, and the German
window must show no English source string.
"""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PySide6.QtCore import QCoreApplication, QLocale
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QMessageBox

from combatassist_gui import i18n
from tests.packaging_tools import load_tool

ROOT = Path(__file__).resolve().parents[2]
TS_FILES = sorted((ROOT / "ui" / "translations").glob("*.ts"))

#: Texts the same in German and English: names of rulesets and of the app, units of measure.
SAME_IN_GERMAN = {"Combat Assistant", "Low Luck", "Medium Luck", "Alternate Ground Combat", "Ur",
                  "Dirtside II", "English", "Deutsch", "IPC", "CSV", "PNG", "OK"}


def _tool():
    return load_tool("translations")


def messages(ts: Path):
    """(context, source, [translations], finished) for every message of ``ts``."""
    for context in ET.parse(ts).getroot().iter("context"):
        name = context.findtext("name") or ""
        for message in context.iter("message"):
            translation = message.find("translation")
            forms = ([f.text or "" for f in translation.iter("numerusform")]
                     if message.get("numerus") == "yes" else [translation.text or ""])
            finished = translation.get("type") not in ("unfinished", "vanished", "obsolete")
            yield name, message.findtext("source") or "", forms, finished


def english_sources() -> set[str]:
    return {source for ts in TS_FILES for _c, source, _f, _ok in messages(ts)}


def visible(text: str) -> str:
    """A menu or button text as read: without its mnemonic ampersand and HTML tags."""
    text = re.sub(r"<[^>]+>", " ", text)
    return re.sub(r"&(?!&)", "", text).replace("&&", "&")


def words(text: str) -> set[str]:
    return {w.lower() for w in re.findall(r"[A-Za-zÄÖÜäöüß]{3,}", visible(text))}


def english_only_words(lang: str = "de") -> set[str]:
    """Words of the English sources that no translation into ``lang`` uses (so a text of
    the window in ``lang`` holding one is English), minus names and abbreviations."""
    english, translated = set(), set()
    for ts in TS_FILES:
        if ts.stem.endswith(f"_{lang}"):
            for _c, source, forms, _ok in messages(ts):
                english |= words(source)
                for form in forms:
                    translated |= words(form)
    names = {w for name in SAME_IN_GERMAN for w in words(name)}
    return english - translated - names


def widget_texts(root) -> list[tuple[str, str]]:
    """(where, text) for every text a person can read in ``root`` and its children: labels,
    buttons, group titles, tabs, list and combo entries, tables' cells and headers,
    placeholders, tooltips, status tips, and pyqtgraph plots' titles, axes and legends."""
    import pyqtgraph as pg
    from PySide6.QtCore import QModelIndex, Qt
    from PySide6.QtWidgets import (QAbstractButton, QAbstractItemView, QComboBox, QGroupBox,
                                   QLabel, QLineEdit, QTabWidget, QWidget)

    found: list[tuple[str, str]] = []

    def add(widget, text):
        if text and text.strip():
            found.append((f"{type(widget).__name__} {widget.objectName()}".strip(), text))

    for widget in [root] + root.findChildren(QWidget):
        if not widget.isVisibleTo(root) and widget is not root:
            continue
        if engine_text(widget):
            continue
        add(widget, widget.toolTip())
        add(widget, widget.statusTip())
        if isinstance(widget, (QLabel, QAbstractButton)):
            add(widget, widget.text())
        if isinstance(widget, QGroupBox):
            add(widget, widget.title())
        if isinstance(widget, QLineEdit):
            add(widget, widget.placeholderText())
        if isinstance(widget, QTabWidget):
            for i in range(widget.count()):
                add(widget, widget.tabText(i))
                add(widget, widget.tabToolTip(i))
        if isinstance(widget, QComboBox):
            for i in range(widget.count()):
                add(widget, widget.itemText(i))
        if isinstance(widget, QAbstractItemView) and widget.model() is not None:
            model = widget.model()
            root_index = QModelIndex()
            rows = model.rowCount(root_index)
            try:
                cols = model.columnCount(root_index)
            except TypeError:           # a list model's columnCount is private: one column
                cols = 1
            for orientation, count in ((Qt.Orientation.Horizontal, cols),
                                       (Qt.Orientation.Vertical, rows)):
                for i in range(min(count, 50)):
                    header = model.headerData(i, orientation)
                    if isinstance(header, str):
                        add(widget, header)
            for row in range(min(rows, 50)):
                for col in range(min(cols, 20)):
                    for role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
                        value = model.data(model.index(row, col), role)
                        if isinstance(value, str):
                            add(widget, value)
        if isinstance(widget, pg.PlotWidget):
            item = widget.getPlotItem()
            add(widget, item.titleLabel.text)
            for axis in ("left", "bottom", "right", "top"):
                if item.getAxis(axis).isVisible():
                    add(widget, item.getAxis(axis).labelText)
            legend = item.legend
            if legend is not None:
                for _sample, label in legend.items:
                    add(widget, label.text)
    return found


def engine_text(widget) -> bool:
    """The widget (or one around it) shows the engine's own words (``i18n.mark_engine_text``:
    the table side's position, explanations and log), English in this version."""
    while widget is not None:
        if widget.property(i18n.ENGINE_TEXT):
            return True
        widget = widget.parentWidget()
    return False


def same_in(lang: str = "de") -> set[str]:
    """Sources whose translation into ``lang`` is the source itself (``Standard``, ``Phase``)."""
    return {source for ts in TS_FILES if ts.stem.endswith(f"_{lang}")
            for _c, source, forms, _ok in messages(ts) if source in forms}


def english_in(root, lang: str = "de") -> list[str]:
    """The texts of ``root`` that are English: an English source string of the translations
    as it is (its translation was not found), or holding a word only English uses."""
    sources = {visible(s) for s in english_sources() - same_in(lang)} - SAME_IN_GERMAN
    only_english = english_only_words(lang)
    problems = []
    for where, text in widget_texts(root):
        shown = visible(text).strip()
        if shown in sources or words(text) & only_english:
            problems.append(f"{where}: {text[:120]!r} ({', '.join(sorted(words(text) & only_english)) or 'untranslated'})")
    return sorted(set(problems))


@pytest.fixture
def german(qapp):
    loaded = i18n.install("de", qapp)
    yield loaded
    i18n.install("en", qapp)


def test_there_is_a_german_translation_of_every_area():
    areas = set(_tool().AREAS)
    assert {ts.name for ts in TS_FILES} >= {f"{area}_de.ts" for area in areas}
    assert "de" in i18n.available_languages()


@pytest.mark.parametrize("ts", TS_FILES, ids=lambda p: p.name)
def test_every_message_is_translated_keeping_its_placeholders(ts):
    problems = []
    for context, source, forms, finished in messages(ts):
        where = f"{ts.name} [{context}] {source[:60]!r}"
        if not finished or not all(f.strip() for f in forms):
            problems.append(f"{where}: not translated")
            continue
        for form in forms:
            if set(re.findall(r"\{[^{}]*\}", form)) != set(re.findall(r"\{[^{}]*\}", source)):
                problems.append(f"{where}: the placeholders differ in {form!r}")
            if ("%n" in source) != ("%n" in form) and len(forms) == 1:
                problems.append(f"{where}: %n lost in {form!r}")
            if source.count("&") - 2 * source.count("&&") > 0 >= form.count("&"):
                problems.append(f"{where}: the menu mnemonic (&) is missing in {form!r}")
    assert not problems, "\n".join(problems)


def test_the_ts_files_list_every_string_of_the_sources(tmp_path):
    """lupdate run afresh over the sources finds no string the committed .ts lacks: a new
    tr() string must be added (python3 dev.py translations) and translated."""
    fresh = _tool().update(target=tmp_path, languages=["de"])
    problems = []
    for path in fresh:
        committed = ROOT / "ui" / "translations" / path.name
        have = {(c, s) for c, s, _f, _ok in messages(committed)} if committed.is_file() else set()
        new = {(c, s) for c, s, _f, _ok in messages(path)}
        problems += [f"{path.name}: [{c}] {s[:70]!r} is not in the .ts"
                     for c, s in sorted(new - have)]
        problems += [f"{path.name}: [{c}] {s[:70]!r} is no longer in the sources"
                     for c, s in sorted(have - new)]
    assert not problems, "run `python3 dev.py translations`, then translate:\n" + "\n".join(
        problems)


def test_numbers_are_written_the_local_way(qapp):
    assert (i18n.percent(0.9969), i18n.number(1.5), i18n.signed(0.5)) == ("99.69%", "1.50",
                                                                          "+0.50")
    assert i18n.number(1234.5, ",.1f") == "1,234.5"
    i18n.install("de", qapp)
    try:
        assert i18n.percent(0.9969) == "99,69\u00a0%"          # "99,69 %", never broken
        assert i18n.percent(1, 0) == "100\u00a0%"
        assert (i18n.number(1.5), i18n.signed(-0.25), i18n.number(1234.5, ",.1f")) == (
            "1,50", "-0,25", "1.234,5")
        assert QLocale().decimalPoint() == ","
    finally:
        i18n.install("en", qapp)
    assert i18n.percent(0.9969) == "99.69%" and QLocale().decimalPoint() == "."


def test_the_language_follows_the_system_unless_chosen(settings, monkeypatch):
    monkeypatch.setattr(QLocale, "system", staticmethod(lambda: QLocale("de_AT")))
    assert i18n.chosen_language(settings, ["en", "de"]) == "de"
    monkeypatch.setattr(QLocale, "system", staticmethod(lambda: QLocale("fr_FR")))
    assert i18n.chosen_language(settings, ["en", "de"]) == "en"     # no French: English
    i18n.remember_language(settings, "de")
    assert i18n.chosen_language(settings, ["en", "de"]) == "de"
    i18n.remember_language(settings, "xx")                          # no longer shipped
    assert i18n.chosen_language(settings, ["en", "de"]) == "en"


def test_german_menus_and_qt_buttons(german, make_window):
    assert any(p.name == "qtbase_de.qm" for p in german)   # Qt's own: standard buttons
    window = make_window()
    titles = [visible(a.text()) for a in window.menuBar().actions()]
    assert titles == ["Datei", "Regelwerke", "Schlacht", "Ansicht", "Hilfe"]
    buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close
                               | QDialogButtonBox.StandardButton.Cancel)
    assert {b.text() for b in buttons.buttons()} == {"Schließen", "Abbrechen"}
    assert window.windowTitle().startswith("Unbenannt")


def test_no_english_text_in_the_german_window(german, make_window):
    """Every menu entry, tooltip and status tip of the German window is German (or a name)."""
    window = make_window()
    window._fill_recent()
    english = english_sources() - SAME_IN_GERMAN
    found = []
    menus = [a.menu() for a in window.menuBar().actions() if a.menu()]
    while menus:
        menu = menus.pop()
        for action in menu.actions():
            if action.menu():
                menus.append(action.menu())
            for text in (action.text(), action.toolTip(), action.statusTip()):
                if text and (text in english or visible(text) in {visible(e) for e in english}):
                    found.append(f"{menu.title()} › {text!r}")
    for text in (window.statusBar().currentMessage(), window.windowTitle()):
        if text in english:
            found.append(repr(text))
    assert not found, "English in the German window:\n" + "\n".join(found)


def test_the_english_word_check_sees_english(german, qtbot):
    from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

    box = QWidget()
    qtbot.addWidget(box)
    layout = QVBoxLayout(box)
    for text in ("Datei", "Save the changes to a.toml?", "&Open…", "99,69 %"):
        layout.addWidget(QLabel(text))
    box.show()
    found = english_in(box)
    assert len(found) == 2 and "changes" in found[0] + found[1] and "Open" in found[0] + found[1]


def test_switching_language_changes_the_menus(make_window, settings, dialogs, qapp):
    i18n.remember_language(settings, "en")      # whatever the system's language
    window = make_window()
    assert visible(window.menuBar().actions()[0].text()) == "File"
    menu = window.language_menu
    assert [a.text() for a in menu.actions()] == ["English", "Deutsch"]
    assert [a.isChecked() for a in menu.actions()] == [True, False]
    dialogs.answer("QMessageBox.information", QMessageBox.StandardButton.Ok)
    menu.actions()[1].trigger()                                   # View › Language › Deutsch
    assert settings.value(i18n.SETTINGS_KEY) == "de"
    note = dialogs.texts("QMessageBox.information")[0]
    # the note in the language running now and in the one chosen
    assert "next start" in note or "starts again" in note
    assert "beim nächsten Start" in note
    assert menu.actions()[1].isChecked() and not menu.actions()[0].isChecked()

    # the next start: the chosen language
    i18n.install(i18n.chosen_language(settings), qapp)
    try:
        german = make_window()
        assert visible(german.menuBar().actions()[0].text()) == "Datei"
        assert [a.isChecked() for a in german.language_menu.actions()] == [False, True]
        german.language_menu.actions()[0].trigger()              # back to English: a note
        assert settings.value(i18n.SETTINGS_KEY) == "en"
        assert "beim nächsten Start" in dialogs.texts("QMessageBox.information")[1]
    finally:
        i18n.install("en", qapp)
    english = make_window()
    assert visible(english.menuBar().actions()[0].text()) == "File"


def test_live_translate_of_a_string_follows_the_installed_language(qapp):
    i18n.install("de", qapp)
    try:
        assert QCoreApplication.translate("MainWindow", "&File") == "&Datei"
        assert QApplication.translate("MainWindow", "%n saved battles could not be resumed and "
                                      "were set aside (kept in {folder}; the At the table tabs "
                                      "say why).", None, 3).startswith("3 gespeicherte Schlachten")
    finally:
        i18n.install("en", qapp)
    assert QCoreApplication.translate("MainWindow", "&File") == "&File"


def test_help_in_german(german):
    from combatassist_gui.help import rules_html

    text = rules_html("lowluck")
    for term in ("Angriffswert", "Verteidigungswert", "sicheren Treffer", "Rest", "Forschung",
                 "Durchbruchsversuch", "Würfelwurf", "Infanterie 1/2"):
        assert term in text, term
    assert "Wie Combat Assistant antwortet" in text
    assert "How Combat Assistant answers" not in text


def test_unknown_language_on_the_command_line_is_one_line(capsys):
    from combatassist_gui import app

    assert app.main(["--smoke-test", "--language", "xx"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "--language xx" in err and "de" in err


def test_every_data_name_has_a_german_translation():
    """The names from the rulesets' data and the engine that the GUI shows (units, bands,
    terrain, weapons, walls, phases) are all in ``data_de.ts``, in the GUI's contexts."""
    from combatassist_gui.data_names import names_by_context

    have = {(c, s): forms for c, s, forms, ok in messages(ROOT / "ui" / "translations" /
                                                         "data_de.ts") if ok and all(forms)}
    missing = [f"[{context}] {name!r}" for context, names in names_by_context().items()
               for name in sorted(names) if (context, name) not in have]
    assert not missing, "add them to ui/translations/data_de.ts:\n" + "\n".join(missing)


def cut_off(view) -> list[str]:
    """The scroll areas of ``view`` whose content is wider than they are (text that doesn't
    fit makes a pane scroll sideways: at 1280×800 none does in English)."""
    from PySide6.QtWidgets import QScrollArea

    return [f"{type(area.widget()).__name__} needs {area.widget().minimumSizeHint().width()} px, "
            f"has {area.viewport().width()}" for area in view.findChildren(QScrollArea)
            if area.isVisible() and area.widget() is not None
            and area.widget().minimumSizeHint().width() > area.viewport().width() + 1]


@pytest.mark.timeout(900)
def test_every_view_in_german_shows_no_english(german, make_window, qapp):
    """Every tab of every view, a battle at the table included, computed and walked at
    1280×800 and 1366×768 (maximised): no visible text is English (apart from the engine's own
    words, marked as such), no pane is too narrow for its German texts, no text is clipped, no
    widget is outside the window or out of reach, and the Odds tab shows its headline and
    readable plots without scrolling (``tests/ui/layout_check.py``)."""
    from tests.ui.layout_check import LAPTOP_SIZES, laptop_problems, walk

    window = make_window()
    found = walk(qapp, window, LAPTOP_SIZES, lambda view, tab: (
        english_in(view) + cut_off(view) + laptop_problems(view, tab)))
    assert [view.tabs.tabText(0) for view in window.ruleset_views()][0] == "Chancen"
    assert_laptop_fit(found, "In the German window")


@pytest.mark.timeout(900)
def test_every_view_in_english_fits_a_laptop_screen(make_window, qapp):
    """The same walk in English: no clipped text, nothing outside the window or out of reach,
    the headline and readable plots without scrolling, at 1280×800 and 1366×768."""
    from tests.ui.layout_check import LAPTOP_SIZES, laptop_problems, walk

    window = make_window()
    found = walk(qapp, window, LAPTOP_SIZES, lambda view, tab: (
        cut_off(view) + laptop_problems(view, tab)))
    assert_laptop_fit(found, "In the English window")


def assert_laptop_fit(found: list[str], where: str) -> None:
    assert not found, f"{where}:\n" + "\n".join(found)


def test_german_numbers_in_a_view(german, open_view):
    from combatassist_gui.views.lowluck import LowLuckView

    view = open_view(LowLuckView)
    shown = view.results.numbers["attacker_wins"].text()
    assert re.fullmatch(r"\d{1,3},\d\d\u00a0%", shown), shown


def test_deploying_reserves_in_german(german, qtbot, tmp_path):
    """The deploy editor shows German names but hands the engine its ids."""
    from combatassist.scenario import parse_scenario_text
    from combatassist_gui.views.mediumluck import MediumLuckView
    from tests.engine.test_table import RESERVES_TOML

    view = MediumLuckView(autosave_dir=tmp_path)
    qtbot.addWidget(view)
    try:
        view.set_scenario(parse_scenario_text(RESERVES_TOML))
        panel, editor = view.table_panel, view.deploy_editor
        panel.start()
        panel.dice_edit.setText("1 6")
        panel.apply()
        assert [editor.unit_box.itemText(i) for i in range(editor.unit_box.count())] == \
            ["Infanterie", "Artillerie"]
        assert editor.role_box.itemText(0) == "würfeln" and editor.band_box.itemText(5) == "weiß"
        editor.unit_box.setCurrentIndex(editor.unit_box.findData("infantry"))
        editor.band_box.setCurrentIndex(editor.band_box.findData("white"))
        editor.role_box.setCurrentIndex(editor.role_box.findData("roll"))
        editor.count_box.setValue(2)
        editor.deploy()
        assert panel.log.count() == 2 and panel.message.text() == ""
        names = dict(zip(panel.battle.rules.models[0].names, panel.battle.state[0]))
        assert names["white.roll.infantry"] == 3
    finally:
        view.shutdown()


@pytest.mark.parametrize("edition", ["1942se", "1940se"])
def test_the_later_editions_forms_in_german(german, open_view, qapp, qtbot, edition):
    """Every edition's form (its units, costs, landed / bombard / damaged / submerge inputs),
    land and sea, shows no English and no pane too narrow for it."""
    from pytestqt.exceptions import TimeoutError as NotYet

    from combatassist.rulesets import lowluck
    from combatassist_gui.views.lowluck import LowLuckView

    view = open_view(LowLuckView)
    view.switch_edition(lowluck.shipped(edition))
    found = []
    for kind in ("land", "sea"):
        view.battle_kind.setCurrentIndex(view.battle_kind.findData(kind))
        try:        # the set-up pane widens to its form on a later turn of the event loop
            qtbot.waitUntil(lambda: not cut_off(view), timeout=2000)
        except NotYet:
            pass    # then it is too narrow, and said so below
        found += [f"{kind}: {p}" for p in english_in(view) + cut_off(view)]
    assert view.sides["attacker"].cost_labels["infantry"].text() == "3 IPC"
    assert not found, "\n".join(found)
