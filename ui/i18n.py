"""The app's language: which one, its Qt translators, and numbers written the local way.

- ``available_languages()``: English (the source language) plus every language that has a
  compiled translation in ``translations/`` (``<area>_<lang>.qm``, built from the ``.ts``
  sources by ``packaging/translations.py``; see docs/translating.md).
- ``chosen_language(settings)``: the player's choice (View › Language, kept in QSettings under
  ``SETTINGS_KEY``), else the system locale's first UI language we have, else English.
- ``install(app, lang)``: loads every ``.qm`` of ``lang`` (one per area, so areas translate
  and merge independently) and Qt's own ``qtbase_<lang>.qm`` (standard buttons, file
  dialogs), and makes ``lang`` the default QLocale. The views build their texts when they are
  made, so a change of language shows in full at the next start (the menu says so).
- ``percent`` / ``number`` / ``signed``: the figures as the app writes them in English
  (``99.69%``, ``1.25``, ``+0.50``) and in the locale's own way elsewhere (``99,69 %``,
  ``1,25``, ``+0,50``), so English output stays exactly what it was.
"""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QLocale, QSettings, QTranslator

#: ``translate("Context", "text")`` (``QCoreApplication.translate``; lupdate finds the calls by
#: this name): the GUI's texts outside a class of their own. Plural forms:
#: ``translate("Context", "%n units", "", count)``.
translate = QCoreApplication.translate



def QT_TRANSLATE_NOOP(context: str, text: str) -> str:  # noqa: N802 (Qt's name, which lupdate knows)
    """Marks ``text`` for translation in ``context`` where it is defined (a table of names);
    ``translate(context, text)`` where it is shown."""
    return text


#: The language the source strings are written in.
SOURCE_LANGUAGE = "en"
#: Where View › Language keeps the player's choice.
SETTINGS_KEY = "ui/language"
TRANSLATIONS_DIR = Path(__file__).resolve().parent / "translations"
#: Names shown in View › Language, each in its own language (others: Qt's native name).
NATIVE_NAMES = {"en": "English", "de": "Deutsch"}

_translators: list[QTranslator] = []
_current = SOURCE_LANGUAGE


def available_languages(folder: Path = TRANSLATIONS_DIR) -> list[str]:
    """``"en"`` and every language with at least one compiled ``.qm`` in ``folder``."""
    found = {qm.stem.rsplit("_", 1)[1] for qm in folder.glob("*_*.qm")}
    return [SOURCE_LANGUAGE] + sorted(found - {SOURCE_LANGUAGE})


def native_name(lang: str) -> str:
    """``"Deutsch"`` for ``"de"``: how the language calls itself."""
    if lang in NATIVE_NAMES:
        return NATIVE_NAMES[lang]
    name = QLocale(lang).nativeLanguageName()
    return name[:1].upper() + name[1:] if name else lang


def system_language(available: list[str]) -> str:
    """The first of the system's UI languages that ``available`` has (else English)."""
    for tag in QLocale.system().uiLanguages():
        code = tag.replace("_", "-").split("-")[0].lower()
        if code in available:
            return code
    return SOURCE_LANGUAGE


def chosen_language(settings: QSettings, available: list[str] | None = None) -> str:
    """The language to start in: the one chosen in View › Language, else the system's."""
    available = available if available is not None else available_languages()
    saved = str(settings.value(SETTINGS_KEY, "") or "")
    return saved if saved in available else system_language(available)


def remember_language(settings: QSettings, lang: str) -> None:
    settings.setValue(SETTINGS_KEY, lang)
    settings.sync()


def qt_translations_dirs() -> list[Path]:
    """Where Qt's own ``qtbase_<lang>.qm`` may be: Qt's translations path, then PySide6's
    folder (the same in a normal install; a frozen bundle may only have one of them)."""
    import PySide6

    dirs = [Path(QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)),
            Path(PySide6.__file__).resolve().parent / "Qt" / "translations"]
    return list(dict.fromkeys(dirs))


def install(lang: str, app: QCoreApplication | None = None,
            folder: Path = TRANSLATIONS_DIR) -> list[Path]:
    """Make ``lang`` the app's language: remove the translators installed before, load every
    ``<area>_<lang>.qm`` of ``folder`` and Qt's ``qtbase_<lang>.qm``, set the default QLocale.
    Returns the files loaded (none for English). Qt sends every widget a LanguageChange."""
    global _current
    app = app or QCoreApplication.instance()
    for old in _translators:
        app.removeTranslator(old)
    _translators.clear()
    loaded: list[Path] = []
    if lang != SOURCE_LANGUAGE:
        files = sorted(folder.glob(f"*_{lang}.qm"))
        for qt_dir in qt_translations_dirs():
            if (qt_dir / f"qtbase_{lang}.qm").is_file():
                files.append(qt_dir / f"qtbase_{lang}.qm")
                break
        for path in files:
            translator = QTranslator(app)
            if translator.load(str(path)):
                app.installTranslator(translator)
                _translators.append(translator)
                loaded.append(path)
    QLocale.setDefault(QLocale(lang))
    _current = lang
    return loaded


def current_language() -> str:
    """The language ``install`` made current (English until then)."""
    return _current


#: the two sides, as the texts name them (``side_name``) and starting a sentence
#: (``side_title``)
SIDE_NAMES = {"attacker": QT_TRANSLATE_NOOP("sides", "attacker"),
              "defender": QT_TRANSLATE_NOOP("sides", "defender")}
SIDE_TITLES = {"attacker": QT_TRANSLATE_NOOP("sides", "Attacker"),
               "defender": QT_TRANSLATE_NOOP("sides", "Defender")}


def side_name(side: str) -> str:
    """``"attacker"`` in the app's language (German ``"Angreifer"``)."""
    return translate("sides", SIDE_NAMES.get(side, side))


def side_title(side: str) -> str:
    """``"Attacker"`` in the app's language."""
    return translate("sides", SIDE_TITLES.get(side, side))


#: The property marking a widget that shows the engine's own English on purpose (the casualty
#: entry at the table: the engine reads it back), see docs/translating.md.
ENGINE_TEXT = "engineText"


def mark_engine_text(*widgets) -> None:
    """Mark ``widgets`` as showing the engine's English words on purpose (the checks for
    English skip them)."""
    for widget in widgets:
        widget.setProperty(ENGINE_TEXT, True)


def data_name(ruleset: str, text: str) -> str:
    """A display name from a ruleset's data (a unit, band, terrain: English in the engine,
    its files and the command line) in the app's language: context ``data.<ruleset>`` of the
    hand-kept ``data_<lang>.ts`` (lupdate can't see these strings in the code)."""
    return QCoreApplication.translate(f"data.{ruleset}", text) if text else text


# -- numbers ------------------------------------------------------------------------------
def localize(text: str) -> str:
    """A number written the English way (``1,234.5``) in the current language's way
    (``1.234,5`` in German); English text is returned unchanged."""
    if _current == SOURCE_LANGUAGE:
        return text
    locale = QLocale()
    point, group = locale.decimalPoint(), locale.groupSeparator()
    return "".join(point if c == "." else group if c == "," else c for c in text)


def number(value: float, spec: str = ".2f") -> str:
    """``format(value, spec)`` in the current language: ``number(1.5)`` -> ``1.50`` / ``1,50``."""
    return localize(format(value, spec))


def percent(p: float, decimals: int = 2) -> str:
    """A probability as a percentage: ``99.69%`` in English (as the app always wrote it),
    ``99,69 %`` in German (a space before the sign, as German typesetting has it: a
    no-break space, so a line never ends between the number and its sign)."""
    text = f"{100 * p:.{decimals}f}"
    if _current == SOURCE_LANGUAGE:
        return text + "%"
    return localize(text) + "\u00a0%"


def signed(value: float, decimals: int = 2) -> str:
    """A difference with its sign: ``+0.50`` / ``+0,50``."""
    return localize(f"{value:+.{decimals}f}")
