"""The app's start (issue 26): the work done before the first window, counted, not timed.

The first window builds the one tab it shows; every other tab is built when first shown (or
asked for); saved battles are looked for without building their views; the first
computations and the first plot wait for the window's first paint; a plot is made when first
shown and draws the newest result then; pyqtgraph is not imported before the window is on
screen. How long it takes: ``tests/benchmarks/bench_gui.py`` (first window 1.5 s, every
default result 3 s).
"""
from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QMessageBox

from combatassist_gui import first_paint
from combatassist_gui.compute import Computer
from combatassist_gui.lazy_plot import LazyPlot
from combatassist_gui.main_window import MainWindow
from combatassist_gui.views import discover
from combatassist_gui.views.base import RulesetView
from combatassist_gui.views.lowluck import LowLuckView
from combatassist_gui.views.ur import UrView
from tests.ui.conftest import wait_result

UI = Path(__file__).resolve().parents[2] / "ui"


@pytest.fixture
def built(monkeypatch):
    """The view classes built, in order (every view built through RulesetView.__init__)."""
    classes: list[str] = []
    real_init = RulesetView.__init__

    def counting_init(self, *args, **kwargs):
        classes.append(type(self).ruleset)
        real_init(self, *args, **kwargs)
    monkeypatch.setattr(RulesetView, "__init__", counting_init)
    return classes


def test_the_first_window_builds_only_the_tab_it_shows(make_window, built, qtbot):
    window = make_window()
    assert built == ["lowluck"]
    assert window.built_views() == [window.current_view()]
    assert [window.tabs.tabText(i) for i in range(window.tabs.count())] == \
        [cls.title for cls in discover()]
    window.tabs.setCurrentIndex(3)                      # a click on Ur's tab builds it
    assert built == ["lowluck", "ur"]
    ur = window.current_view()
    assert isinstance(ur, UrView) and window.tabs.widget(3) is ur
    assert window.windowTitle().startswith("Untitled") and " — Ur — " in window.windowTitle()
    wait_result(qtbot, ur)
    window.tabs.setCurrentIndex(0)
    window.tabs.setCurrentIndex(3)
    assert built == ["lowluck", "ur"]                   # each built once
    assert [type(v).ruleset for v in window.views] == [c.ruleset for c in discover()]
    assert sorted(built) == sorted(c.ruleset for c in discover())
    assert [window.tabs.widget(i) for i in range(window.tabs.count())] == window.views


def test_the_tab_remembered_is_the_one_built(make_window, settings, built):
    settings.setValue("window/tab", 2)
    window = make_window()
    assert built == [discover()[2].ruleset]
    assert window.tabs.currentIndex() == 2 and window.current_view() is window.built_views()[0]


def test_saved_battles_are_looked_for_without_building_their_views(
        make_window, built, tmp_path, monkeypatch):
    """Only a view with a saved battle waiting is built to offer it (from its header)."""
    from tests.ui.test_table_saves import _save

    folder = tmp_path / "battles"
    _save(folder, UrView, 1)
    asked = []
    monkeypatch.setattr(QMessageBox, "question", lambda _parent, _title, text, *a, **k: (
        asked.append(text), QMessageBox.StandardButton.No)[1])
    window = make_window(autosave_dir=folder)
    window.offer_resume()
    assert built == ["lowluck", "ur"] and len(asked) == 1 and "Ur" in asked[0]
    assert window.current_view().ruleset == "lowluck"     # declined: the tab stays
    window.offer_resume()                                   # asked again, nothing rebuilt
    assert built == ["lowluck", "ur"] and len(asked) == 2


def test_nothing_computes_until_the_window_is_painted(make_window, qtbot, monkeypatch):
    """The first computations start once the window's first expose (and so its first paint)
    is handled, not before; then they run by themselves."""
    import combatassist_gui.main_window as main_window

    # the paint, not the fallback for a window never exposed, ends the wait (a loaded
    # machine may take longer than the fallback's second to handle the first expose)
    monkeypatch.setattr(main_window, "PAINT_WAIT_MS", 600_000)
    started: list[bool] = []            # for each job started: was the window painted?
    state = {"painted": False}
    real_start = Computer._start

    def counting_start(self):
        if self._pending is not None and not first_paint.holding():
            started.append(state["painted"])
        real_start(self)
    monkeypatch.setattr(Computer, "_start", counting_start)

    class Exposed(QObject):
        def eventFilter(self, watched, event):  # noqa: N802 (Qt name)
            if (event.type() == QEvent.Type.Expose and watched is window.windowHandle()
                    and watched.isExposed()):
                state["painted"] = True         # painted while this is handled
            return False

    window = MainWindow(views=[LowLuckView], autosave_dir=None)
    spy = Exposed()
    from PySide6.QtWidgets import QApplication
    QApplication.instance().installEventFilter(spy)
    try:
        window.show()
        view = window.current_view()
        wait_result(qtbot, view)
    finally:
        QApplication.instance().removeEventFilter(spy)
        window.docs[id(view)].dirty = False
        window.close()
        window.deleteLater()
    assert started and all(started)           # every job started after the paint


def test_a_plot_is_made_when_first_shown_and_draws_the_newest_drawing(qtbot):
    drawn = []
    lazy = LazyPlot("Title", "x", "y", setup=lambda plot: drawn.append("setup"))
    qtbot.addWidget(lazy)
    lazy.draw(lambda plot: drawn.append("old"))
    lazy.draw(lambda plot: drawn.append("new"))
    lazy.set_opacity(0.4)
    assert not lazy.is_made() and drawn == []
    lazy.show()
    qtbot.waitUntil(lazy.is_made)
    assert drawn == ["setup", "new"]
    assert lazy.plot.getPlotItem().opacity() == pytest.approx(0.4)
    assert lazy.plot.isVisible()
    lazy.draw(lambda plot: drawn.append("now"))           # made: drawn at once
    assert drawn == ["setup", "new", "now"]


def test_a_plot_is_made_when_code_uses_it(qtbot):
    lazy = LazyPlot("Title", "x", "y")
    qtbot.addWidget(lazy)
    lazy.setTitle("Stale title", size="10pt")
    assert not lazy.is_made()
    assert lazy.listDataItems() == []                     # a pyqtgraph name: made now
    assert lazy.is_made() and "Stale title" in lazy.plot.plotItem.titleLabel.text


def test_a_plot_waiting_takes_a_plots_room(qtbot):
    """Nothing moves when the plot is made: the stand-in has a PlotWidget's size hints."""
    import pyqtgraph as pg

    real = pg.PlotWidget()
    qtbot.addWidget(real)
    lazy = LazyPlot("Title", "x", "y")
    qtbot.addWidget(lazy)
    before = (lazy.sizeHint(), lazy.minimumSizeHint(), lazy.sizePolicy())
    assert before == (real.sizeHint(), real.minimumSizeHint(), real.sizePolicy())
    lazy.make()
    assert (lazy.sizeHint(), lazy.minimumSizeHint()) == before[:2]


def test_only_the_plot_style_imports_pyqtgraph_itself():
    """Every other module of the app reaches pyqtgraph through ``lazy_import.pg`` (imported
    at its first use), so importing the app and building its views imports none of it."""
    direct = []
    for path in sorted(UI.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                     [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            if any(n == "pyqtgraph" or n.startswith("pyqtgraph.") for n in names):
                direct.append(str(path.relative_to(UI)))
    assert direct == ["plot_style.py"]


def test_the_first_window_is_painted_before_pyqtgraph_is_imported(tmp_path):
    """A fresh process: at the window's first paint pyqtgraph is not imported (the first
    plot is made after it), and the tab on show then gets its plots and its result."""
    script = r"""
import sys
from pathlib import Path
from PySide6.QtCore import QEvent, QEventLoop, QObject, QSettings
from PySide6.QtWidgets import QApplication
app = QApplication([])
from combatassist_gui.lazy_plot import LazyPlot
from combatassist_gui.main_window import MainWindow
folder = Path(sys.argv[1])
window = MainWindow(settings=QSettings(str(folder / "s.ini"), QSettings.Format.IniFormat),
                    autosave_dir=folder / "battles")
seen = {}
class Exposed(QObject):
    def eventFilter(self, watched, event):
        if (not seen and event.type() == QEvent.Type.Expose
                and watched is window.windowHandle() and watched.isExposed()):
            watched.event(event)
            seen["pyqtgraph at paint"] = "pyqtgraph" in sys.modules
        return False
spy = Exposed()
app.installEventFilter(spy)
window.show()
view = window.current_view()
plots = view.findChildren(LazyPlot)
while not (seen and view.last_result is not None and not view.jobs.is_busy()
           and all(p.is_made() for p in plots if p.isVisible())):
    app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 10)
first = next(p.plot for p in plots if p.isVisible())
print(seen["pyqtgraph at paint"], "pyqtgraph" in sys.modules,
      sum(p.is_made() for p in plots), len(plots), first.backgroundBrush().color().name())
"""
    out = subprocess.run([sys.executable, "-c", script, str(tmp_path)], capture_output=True,
                         text=True, timeout=300, check=True).stdout.split()
    at_paint, later, made, plots = out[0] == "True", out[1] == "True", int(out[2]), int(out[3])
    assert not at_paint and later
    assert 1 <= made < plots            # the plot on show, not those on tabs nobody opened
    assert out[4] == "#ffffff"          # the app's plot style, the first plot made included
