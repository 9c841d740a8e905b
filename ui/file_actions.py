"""The main window's file actions: new, open (a file, an example, a recent one), save, save as,
exports and Copy results, and the recent-files list kept in the settings.

``FileActions`` is a part of ``MainWindow`` (a mixin): it uses the window's ``settings``,
``doc()``, ``current_view()``, ``maybe_save()``, ``battle_blocks()``, ``error()`` and menus.
"""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QWidget

from combatassist.errors import CombatAssistError
from combatassist.scenario import Scenario, load_scenario, save_scenario

from .i18n import translate
from .status_line import StatusLine
from .views.base import RulesetView

#: strings here are the main window's (context "MainWindow"), as before the split
MAX_RECENT = 8


def file_filter() -> str:
    return translate("MainWindow", "Scenario files (*.toml);;All files (*)")


@dataclass
class Document:
    """A view's file: where it was loaded from / saved to, and whether it has unsaved edits."""

    path: Path | None = None
    dirty: bool = False
    #: the title shown while there is no file (a battle resumed from its autosave)
    name: str | None = None


class FileActions:
    """New, open, save, export, recent files (see the module's docstring)."""

    def new(self) -> None:
        view = self.current_view()
        if not isinstance(view, RulesetView) or self.battle_blocks(view, translate("MainWindow", "start a new scenario")):
            return
        if not self.maybe_save(view):
            return
        view.set_scenario(view.default_scenario())
        self.docs[id(view)] = Document()
        self._update_title()

    def open_dialog(self) -> None:
        start = str(self.settings.value("files/last_dir", "") or "")
        path, _ = QFileDialog.getOpenFileName(self, translate("MainWindow", "Open scenario"), start,
                                              file_filter())
        if path:
            self.open_file(path)

    def open_file(self, path: str | Path, remember: bool = True) -> bool:
        """Open a scenario in its ruleset's view (after the unsaved-changes question);
        ``remember``: add it to the recent files."""
        path = Path(path)
        try:
            scenario = load_scenario(path)
        except CombatAssistError as exc:
            self.error(translate("MainWindow", "Can't open the scenario"), str(exc))
            return False
        view = self.view_for(scenario.ruleset)
        if not isinstance(view, RulesetView):
            self.error(translate("MainWindow", "Can't open the scenario"),
                       translate("MainWindow", "{path}: the {ruleset} ruleset has no view in the app (the "
                               "command line computes it: combatassist odds FILE)")
                       .format(path=path, ruleset=scenario.ruleset))
            return False
        if self.battle_blocks(view, translate("MainWindow", "open the scenario")) or not self.maybe_save(view):
            return False
        view.set_scenario(scenario)
        self.docs[id(view)] = Document(path=path)
        self.tabs.setCurrentWidget(view)
        if remember:
            self._remember(path)
        self._update_title()
        self.statusBar().showMessage(translate("MainWindow", "Opened {path}").format(path=path), 5000)
        return True

    def open_example(self, path: Path) -> bool:
        """Open a shipped example as a new, untitled scenario: Save then asks where to keep it,
        so the example itself stays as shipped (and out of the recent files)."""
        if not self.open_file(path, remember=False):
            return False
        self.docs[id(self.current_view())] = Document()
        self._update_title()
        self.statusBar().showMessage(translate("MainWindow", "Opened the example {name}; Save asks where to "
                                             "keep your copy").format(name=Path(path).name), 5000)
        return True

    def save(self, view: QWidget | None = None) -> bool:
        view = view or self.current_view()
        if not isinstance(view, RulesetView):
            return False
        doc = self.doc(view)
        if doc.path is None:
            return self.save_as(view)
        return self._write(view, doc.path)

    def save_as(self, view: QWidget | None = None) -> bool:
        view = view if isinstance(view, QWidget) else self.current_view()
        if not isinstance(view, RulesetView):
            return False
        start = str(self.doc(view).path or Path(str(self.settings.value("files/last_dir", "")
                                                       or "")) / f"{view.ruleset}.toml")
        path, _ = QFileDialog.getSaveFileName(self, translate("MainWindow", "Save scenario"), start,
                                              file_filter())
        if not path:
            return False
        if not path.lower().endswith(".toml"):
            path += ".toml"
        return self._write(view, Path(path))

    def _write(self, view: RulesetView, path: Path) -> bool:
        try:
            scenario: Scenario = view.scenario()
            save_scenario(scenario, path)
        except CombatAssistError as exc:
            self.error(translate("MainWindow", "Can't save the scenario"), str(exc))
            return False
        except OSError as exc:
            self.error(translate("MainWindow", "Can't save the scenario"), f"{path}: {exc.strerror or exc}")
            return False
        self.docs[id(view)] = Document(path=path)
        self._remember(path)
        self._update_title()
        self.statusBar().showMessage(translate("MainWindow", "Saved {path}").format(path=path), 5000)
        return True

    def export_csv(self) -> None:
        view = self.current_view()
        if not isinstance(view, RulesetView) or view.results.result is None:
            self.error(translate("MainWindow", "Nothing to export"), translate("MainWindow", "There is no result to export yet."))
            return
        path, _ = QFileDialog.getSaveFileName(self, translate("MainWindow", "Export results"),
                                              f"{view.ruleset}.csv", translate("MainWindow", "CSV files (*.csv)"))
        if path:
            try:
                view.results.export_csv(path)
            except OSError as exc:
                self.error(translate("MainWindow", "Can't export"), f"{path}: {exc.strerror or exc}")
                return
            self.statusBar().showMessage(translate("MainWindow", "Exported {path}").format(path=path), 5000)

    def export_png(self) -> None:
        view = self.current_view()
        if not isinstance(view, RulesetView):
            return
        path, _ = QFileDialog.getSaveFileName(self, translate("MainWindow", "Export plot"), f"{view.ruleset}.png",
                                              translate("MainWindow", "PNG images (*.png)"))
        if path:
            if not view.results.export_png(path):
                self.error(translate("MainWindow", "Can't export"),
                           translate("MainWindow", "{path}: the image could not be written").format(path=path))
                return
            self.statusBar().showMessage(translate("MainWindow", "Exported {path}").format(path=path), 5000)

    def copy_results(self) -> None:
        view = self.current_view()
        results = getattr(view, "results", None)
        if not isinstance(results, StatusLine) or not results.copy_text():
            self.error(translate("MainWindow", "Nothing to copy"), translate("MainWindow", "There is no result to copy yet."))
            return
        results.copy_results()
        self.statusBar().showMessage(translate("results", results.COPIED), 5000)

    # -- recent files -----------------------------------------------------------------------
    def recent_files(self) -> list[str]:
        value = self.settings.value("files/recent", [])
        if isinstance(value, str):
            value = [value]
        return [str(v) for v in (value or [])]

    def _remember(self, path: Path) -> None:
        text = str(Path(path).resolve())
        recent = [text] + [p for p in self.recent_files() if p != text]
        self.settings.setValue("files/recent", recent[:MAX_RECENT])
        self.settings.setValue("files/last_dir", str(Path(text).parent))

    def _fill_recent(self) -> None:
        for old in self.recent_menu.actions():
            if old.parent() is self:
                old.deleteLater()      # built fresh each time the menu opens
        self.recent_menu.clear()
        files = self.recent_files()
        for i, path in enumerate(files, start=1):
            self.recent_menu.addAction(self._action(f"&{i} {Path(path).name}",
                                                    lambda _c=False, p=path: self.open_file(p),
                                                    tip=path))
        if not files:
            self.recent_menu.addAction(translate("MainWindow", "(none)")).setEnabled(False)
        else:
            self.recent_menu.addSeparator()
            self.recent_menu.addAction(self._action(translate("MainWindow", "Clear list"), lambda: self.settings.setValue(
                "files/recent", [])))

