"""GUI benchmarks (issue 17): from an edit in a view to its plot redrawn, offscreen; and (issue
26, at the end) the app's start in a fresh process.

Each view starts on its default battle; one edit changes a unit count through the widget a
player uses (a spin box, "Add unit", an armour button), alternately up and down so the battle
stays the default's size. The clock runs from the edit through the debounce (the first edit
after a pause starts at once; edits within 150 ms of each other wait for the pause), the
background computation, the result shown and the results panel painted (``grab``). Target:
typical battles <= 250 ms. The machine may be busy: the figure is the best of several edits.
"""
from __future__ import annotations

import os
import tempfile
import time
from pathlib import Path

TARGET = 0.25
REPEAT = 5
_views: dict = {}


def _app():
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QCoreApplication, QSettings
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance()
    if app is None:
        # never the player's settings: a private organisation and an ini file in a temp folder
        QCoreApplication.setOrganizationName("CombatAssistantBenchmarks")
        QSettings.setDefaultFormat(QSettings.Format.IniFormat)
        QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope,
                          tempfile.mkdtemp(prefix="ca-bench-settings-"))
        app = QApplication([])
    return app


def _view(ruleset: str):
    """The ruleset's view on its default battle, shown, its first answer in."""
    view = _views.get(ruleset)
    if view is None:
        _app()
        from combatassist_gui.views import discover

        cls = next(c for c in discover() if c.ruleset == ruleset)
        view = cls(autosave_dir=Path(tempfile.mkdtemp(prefix="ca-bench-")))
        view.resize(1200, 800)
        view.show()
        _wait(lambda: _settled(view, None), 60.0)
        _views[ruleset] = view
    return view


def _wait_quiet(view) -> None:
    """Let the debounce window of the last edit pass (its computers idle for 150 ms)."""
    from combatassist_gui.compute import DEBOUNCE_MS

    t0 = time.perf_counter()
    _wait(lambda: time.perf_counter() - t0 > DEBOUNCE_MS / 1000 + 0.01, 5.0)


def _settled(view, before) -> bool:
    return (not view.computer.is_busy() and view.last_result is not None
            and view.last_result is not before)


def _wait(done, timeout: float) -> None:
    """Run the event loop until ``done()`` (checked every millisecond)."""
    from PySide6.QtCore import QEventLoop, QTimer

    loop = QEventLoop()
    timer = QTimer()
    timer.setInterval(1)
    deadline = time.perf_counter() + timeout

    def check():
        if done() or time.perf_counter() > deadline:
            loop.quit()

    timer.timeout.connect(check)
    timer.start()
    if not done():
        loop.exec()
    timer.stop()
    if not done():
        raise TimeoutError("the view did not show a new result in time")


# -- one edit per view: a unit count, through the widget ----------------------------------
def _lowluck_edit(view, up: bool) -> None:
    spin = view.sides["attacker"].spins["infantry"]
    spin.setValue(spin.value() + (1 if up else -1))


def _mediumluck_edit(view, up: bool) -> None:
    board = view.board_widget
    if up:
        board.add_spins["attacker"].setValue(1)
        board.add_units_to("attacker")
    else:
        view.board.undo_stack.undo()


def _agc_edit(view, up: bool) -> None:
    spin = view.forces.spins["attacker"]["infantry"]
    spin.setValue(spin.value() + (1 if up else -1))


def _ur_edit(view, up: bool) -> None:
    side = view.sides["defender"]          # the default attacker is at the stacking limit
    if up:
        side.add_button.click()
    else:
        side.rows[-1].remove_button.click()


def _ds2_edit(view, up: bool) -> None:
    armour = view.scenario().body.armour
    view.armour_buttons[armour + 1 if up else armour - 1].click()


EDITS = {"lowluck": _lowluck_edit, "mediumluck": _mediumluck_edit, "agc": _agc_edit,
         "ur": _ur_edit, "ds2": _ds2_edit}


def _edit_to_redraw(ruleset: str):
    state = {"up": True}

    def run():
        view = _view(ruleset)
        _wait_quiet(view)                # a player's edit after a pause, as in play
        before = view.last_result
        t0 = time.perf_counter()
        EDITS[ruleset](view, state["up"])
        state["up"] = not state["up"]
        _wait(lambda: _settled(view, before), 30.0)
        view.results.grab()              # the results panel (plots included) painted
        return time.perf_counter() - t0
    run.repeat = REPEAT
    run.self_timed = True          # the pause before the edit is not the edit's time
    return run


BENCHMARKS = [(f"{ruleset}: edit -> plot redrawn (incl. the debounce)", TARGET,
               _edit_to_redraw(ruleset)) for ruleset in EDITS]


# -- start-up (issue 26): the first window <= 1.5 s, every default result shown <= 3 s ----
START_TARGETS = {"window": 1.5, "results": 3.0, "every tab": 3.0}
#: A fresh app process: it prints seconds since ``t0`` (the moment before the process was
#: started) and its CPU seconds at each milestone: "window" once the first window is painted
#: (its first expose handled: Qt paints the whole window while handling it), "results" once
#: the tab on show has every default result in and drawn (its visible plots made) and painted,
#: "tab <title>" for each other tab once shown by a click and its results drawn, and "every
#: tab" after the last of them.
_START = r"""
import os, sys, tempfile, time
from pathlib import Path
t0 = float(sys.argv[1])
from PySide6.QtCore import QEvent, QEventLoop, QObject, QSettings, QTimer
from PySide6.QtWidgets import QApplication
app = QApplication(sys.argv[:1])
from combatassist_gui import i18n
from combatassist_gui.lazy_plot import LazyPlot
from combatassist_gui.main_window import MainWindow
scratch = Path(tempfile.mkdtemp(prefix="ca-bench-start-"))
i18n.install("en", app)


def mark(name):
    print(name.replace(" ", "_"), time.time() - t0, time.process_time(), flush=True)


class FirstPaint(QObject):
    painted = False

    def eventFilter(self, watched, event):
        if (not self.painted and event.type() == QEvent.Type.Expose
                and watched is window.windowHandle() and watched.isExposed()):
            watched.event(event)            # the window paints itself while handling this
            self.painted = True
            mark("window")
        return False        # (the app sees its expose too: its first computations start)


window = MainWindow(settings=QSettings(str(scratch / "settings.ini"), QSettings.Format.IniFormat),
                    autosave_dir=scratch / "battles")
first_paint = FirstPaint()
app.installEventFilter(first_paint)
window.show()
window.offer_resume()


tick = QTimer()                 # wakes the loop below every 5 ms (it never spins)
tick.start(5)


def settle(until):
    while not until():
        app.processEvents(QEventLoop.ProcessEventsFlag.WaitForMoreEvents)
    window.repaint()


def shown(view):
    plots = view.findChildren(LazyPlot)
    return (first_paint.painted and view.last_result is not None and not view.jobs.is_busy()
            and all(p.is_made() for p in plots if p.isVisible()))


settle(lambda: all(shown(v) for v in window.built_views()))
mark("results")
for index in range(window.tabs.count()):
    if window.tabs.widget(index) in window.built_views():
        continue
    title = window.tabs.tabText(index)
    window.tabs.setCurrentIndex(index)
    settle(lambda: shown(window.current_view()))
    mark("tab " + title)
mark("every tab")
"""


def _start_process() -> dict[str, tuple[float, float]]:
    """Run one fresh app process (offscreen); its milestones: {name: (wall s, CPU s)}."""
    import subprocess
    import sys

    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    # as installed (pip and the bundle ship compiled bytecode): the first run writes the
    # __pycache__ files the later ones read, even where the shell says not to write them
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    out = subprocess.run([sys.executable, "-c", _START, repr(time.time())], env=env,
                         capture_output=True, text=True, check=True, timeout=300).stdout
    marks = {}
    for line in out.splitlines():
        name, wall, cpu = line.split()
        marks[name.replace("_", " ")] = (float(wall), float(cpu))
    return marks


def _start(milestone: str):
    """Seconds from a fresh app process's start to ``milestone`` (the first window painted,
    the tab on show with every default result shown, every tab shown in turn with its
    results), its CPU seconds printed beside (and, for "every tab", each tab's own time)."""
    def run():
        marks = _start_process()
        wall, cpu = marks[milestone]
        print(f"    start -> {milestone}: {wall:.2f} s wall, {cpu:.2f} s CPU "
              f"(target {START_TARGETS[milestone]} s)", flush=True)
        if milestone == "every tab":
            before = marks["results"][0]
            for name, (at, _cpu) in marks.items():
                if name.startswith("tab "):
                    print(f"      {name[4:]}: shown with its results {at - before:.2f} s after "
                          "the click", flush=True)
                    before = at
        return wall
    run.repeat = 3
    run.self_timed = True
    return run


BENCHMARKS += [
    ("start -> first window painted", START_TARGETS["window"], _start("window")),
    ("start -> the first tab's default results shown", START_TARGETS["results"],
     _start("results")),
    ("start -> every tab clicked, its default results shown", START_TARGETS["every tab"],
     _start("every tab")),
]
