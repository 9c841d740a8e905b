"""Entry point of the desktop app: ``combatassist-gui`` / ``python -m combatassist_gui.app``.

``--smoke-test`` opens every view, computes its default scenario, checks that File › Open
Example lists the shipped examples, and exits 0 (1 on any error);
``--screenshot DIR`` saves a PNG of each view (and its extra tabs) into DIR;
``--language de`` runs in that language (for the checks: English unless given; otherwise the
View › Language choice, else the system's language).
"""
from __future__ import annotations

import argparse
import json
import sys
import tempfile
import traceback
from pathlib import Path

#: How long the smoke test / screenshots wait for one view's default result.
RESULT_TIMEOUT_MS = 120_000


def parse_args(argv: list[str]) -> argparse.Namespace:
    from combatassist import __version__

    parser = argparse.ArgumentParser(prog="combatassist-gui")
    parser.add_argument("--version", action="version", version=f"Combat Assistant {__version__}")
    parser.add_argument("--smoke-test", action="store_true",
                        help="open every view, compute its default scenario, exit 0 if all worked")
    parser.add_argument("--screenshot", metavar="DIR", help="save a PNG of each view into DIR")
    parser.add_argument("--language", metavar="LANG",
                        help="the language to show, e.g. en or de (default: View › Language, "
                             "else the system's)")
    parser.add_argument("file", nargs="?", help="scenario file to open")
    return parser.parse_args(argv)


def wait_for(app, condition, timeout_ms: int = RESULT_TIMEOUT_MS) -> bool:
    """Run the event loop until ``condition()`` holds (True) or the time is up (False)."""
    from PySide6.QtCore import QDeadlineTimer, QEventLoop

    deadline = QDeadlineTimer(timeout_ms)
    while not condition():
        if deadline.hasExpired():
            return False
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)
    return True


def settle(view) -> bool:
    """True once every background job of ``view`` has finished."""
    return not view.jobs.is_busy()


def demo_battle(panel) -> None:
    """Start a battle and play its first phase with fixed dice (for the screenshot)."""
    panel.start()
    if panel.battle is not None and not panel.battle.is_over():
        panel.dice_edit.setText(" ".join("2" for _ in panel.battle.dice()))
        panel.apply()
        # the next phase's dice, typed but not applied: a high face each die can show
        panel.dice_edit.setText(" ".join(str(min(5, spec.sides)) for spec in panel.battle.dice()))


def check_views(app, window, screenshot_dir: Path | None = None) -> list[str]:
    """Compute each view's default scenario; return the problems found (empty: all fine)."""
    from .views.base import RulesetView

    problems: list[str] = []
    for index, view in enumerate(window.views):
        window.tabs.setCurrentIndex(index)
        name = getattr(view, "ruleset", f"view {index}")
        if isinstance(view, RulesetView):
            view.recompute(immediate=True)
            if not wait_for(app, lambda v=view: settle(v)):
                problems.append(f"{name}: no result within {RESULT_TIMEOUT_MS // 1000} s")
                continue
            if view.last_error:
                problems.append(f"{name}: {view.last_error}")
            elif view.results.result is None:
                problems.append(f"{name}: no result")
        if screenshot_dir is not None:
            app.processEvents()
            shots = [("", None)]
            if isinstance(view, RulesetView):
                shots += [(view.tabs.tabText(i), i) for i in range(1, view.tabs.count())]
            for label, tab in shots:
                if tab is not None:
                    view.tabs.setCurrentIndex(tab)
                    panel = view.table_panel
                    if panel is not None and view.tabs.widget(tab) is panel:
                        demo_battle(panel)
                    # a tab that answers a question on demand (the Plan tab) shows an answer
                    demo = getattr(view.tabs.widget(tab), "demo", None)
                    if callable(demo):
                        demo()
                    wait_for(app, lambda v=view: settle(v))
                    app.processEvents()
                suffix = "" if not label else "-" + file_slug(label)
                path = screenshot_dir / f"{index + 1}-{name}{suffix}.png"
                if not window.grab().save(str(path), "PNG"):
                    problems.append(f"{name}: could not write {path}")
            if isinstance(view, RulesetView):
                view.tabs.setCurrentIndex(0)
    return problems


def file_slug(label: str) -> str:
    """A tab's label as part of a file name: ``"At the table"`` -> ``at-the-table``,
    ``"Am Tisch"`` -> ``am-tisch`` (umlauts spelled out, nothing but a-z, 0-9 and -)."""
    import re

    text = label.replace("&", "").lower()
    for umlaut, spelled in (("ä", "ae"), ("ö", "oe"), ("ü", "ue"), ("ß", "ss")):
        text = text.replace(umlaut, spelled)
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")


def example_entries(window) -> list:
    """The File › Open Example entries that open an example (a bundle must ship examples/)."""
    return [a for a in window.examples_menu.actions() if a.isEnabled() and not a.isSeparator()]


def translation_problems(app, run_language: str) -> list[str]:
    """Each translation the app has loads (its own ``.qm`` files and Qt's ``qtbase``) and
    translates the File menu; ``run_language`` is installed again afterwards."""
    from PySide6.QtCore import QCoreApplication

    from . import i18n

    problems = []
    for lang in i18n.available_languages():
        if lang == i18n.SOURCE_LANGUAGE:
            continue
        loaded = i18n.install(lang, app)
        if not any(p.name.startswith("qtbase_") for p in loaded):
            problems.append(f"{lang}: Qt's own translation (qtbase_{lang}.qm) is missing")
        if QCoreApplication.translate("MainWindow", "&File") == "&File":
            problems.append(f"{lang}: the app's translation does not translate the menus")
    i18n.install(run_language, app)
    return problems


def plant_damaged_autosave(folder: Path) -> None:
    """A saved Low Luck battle that can't be resumed (scenario too deeply nested), for the
    smoke test to check that the start sets it aside instead of failing."""
    from combatassist.table import AUTOSAVE_NAME, FORMAT

    folder.mkdir(parents=True, exist_ok=True)
    damaged = {"format": FORMAT, "ruleset": "lowluck", "rounds": [], "current": [],
               "scenario": 'ruleset = "lowluck"\nx = ' + "[" * 500 + "]" * 500 + "\n"}
    (folder / f"lowluck-{AUTOSAVE_NAME}").write_text(json.dumps(damaged), encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from .main_window import APP_NAME, ORGANISATION, MainWindow

    from . import i18n

    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName(APP_NAME)
    app.setOrganizationName(ORGANISATION)
    languages = i18n.available_languages()
    if args.language is not None and args.language not in languages:
        print(f"combatassist-gui: --language {args.language}: no such translation (choose "
              f"from {', '.join(languages)})", file=sys.stderr)
        return 2

    if args.smoke_test or args.screenshot:
        # never touch the user's settings or battles while checking the app
        scratch = Path(tempfile.mkdtemp(prefix="combatassist-check-"))
        settings = QSettings(str(scratch / "settings.ini"), QSettings.Format.IniFormat)
        i18n.install(args.language or i18n.SOURCE_LANGUAGE, app)
        if args.language:
            i18n.remember_language(settings, args.language)   # View › Language shows it
        try:
            if args.smoke_test:
                plant_damaged_autosave(scratch / "battles")
            window = MainWindow(settings=settings, autosave_dir=scratch / "battles")
            window.show()
            window.resize(1280, 800)        # after show: never fitted to a smaller screen
            problems = []
            if args.smoke_test:
                # the start-up path: a damaged autosave is set aside and announced, never fatal
                window.offer_resume()
                # (in any language: the notice is there and the file was renamed aside)
                if not window.startup_notice or not any(
                        ".damaged-" in p.name for p in (scratch / "battles").iterdir()):
                    problems.append("a damaged autosave was not set aside at start")
            shot_dir = None
            if args.screenshot:
                shot_dir = Path(args.screenshot)
                shot_dir.mkdir(parents=True, exist_ok=True)
            problems += check_views(app, window, shot_dir)
            if args.smoke_test:
                problems += translation_problems(app, args.language or i18n.SOURCE_LANGUAGE)
            examples = len(example_entries(window))
            if not examples:
                problems.append("File › Open Example lists no examples (is examples/ missing?)")
            for view in window.ruleset_views():
                view.shutdown()
            window.hide()
        except Exception:  # the smoke test reports any failure as a non-zero exit
            traceback.print_exc()
            return 1
        for problem in problems:
            print(f"combatassist-gui: {problem}", file=sys.stderr)
        if not problems:
            print(f"combatassist-gui: {len(window.views)} views checked, all fine "
                  f"({examples} examples in File › Open Example), languages "
                  f"{', '.join(i18n.available_languages())}")
        return 1 if problems else 0

    from .crash import CrashHandler

    CrashHandler().install()
    i18n.install(args.language or i18n.chosen_language(QSettings(ORGANISATION, APP_NAME)), app)
    window = MainWindow()
    window.show()
    if args.file:
        window.open_file(args.file)
    window.offer_resume()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
