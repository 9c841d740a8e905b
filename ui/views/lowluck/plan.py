"""Low Luck's Plan tab: the cheapest force that meets a target (``lowluck.planner``), asked of
the battle on the form.

*Cheapest force*: of the attacker's units on the form (what is available), the force of the
least IPC cost that wins (or takes the territory) with at least the chance asked for.
*Defender's view*: the cheapest units the defender adds, from the counts given here, to hold
with at least that chance. The engine answers in the background (the view's job group), with
its progress in forces solved and a Stop; the answer lists the force, the next cheapest and
the "+1 unit" table, and plots what each IPC buys (the plan's frontier: the best chance of
any force as cheap, its forces in the points' tips). The tab holds no rules: it builds the
``[plan]`` question
(``planner.PlanSpec``) and shows the engine's answer.
"""
from __future__ import annotations

import dataclasses
import html
from typing import Any, Callable

from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import (QComboBox, QDoubleSpinBox, QFormLayout, QGridLayout,
                               QGroupBox, QHBoxLayout, QLabel, QProgressBar, QPushButton,
                               QVBoxLayout, QWidget)

from combatassist.rulesets import lowluck
from combatassist.rulesets.lowluck import planner
from combatassist.rulesets.lowluck.plan_spec import MAX_ALTERNATIVES

from ...compute import Computer
from ...i18n import data_name, number, percent, translate
from ...lazy_import import pg
from ...lazy_plot import LazyPlot
from ...result_style import ATTACKER, DEFENDER, pct
from ...widgets.count_box import CountBox

#: The most the defender may add of a type (the engine's per-type bound).
MAX_ADD = 100


class _PlanRun:
    """One plan, shared with its worker thread: the progress it reports (forces solved, of
    how many at most), read by the tab's timer."""

    def __init__(self):
        self.progress = (0, 0)

    def report(self, done: int, planned: int) -> None:    # worker thread: one tuple, atomic
        self.progress = (done, planned)


def unit_name(uid: str) -> str:
    return data_name("lowluck", lowluck.RULESET.label("units", uid))


def force_words(force: dict[str, int]) -> str:
    """A force as the tab says it: "3 Infantry, 1 Armor" ("nothing" when empty)."""
    return ", ".join(f"{n} {unit_name(u)}" for u, n in force.items()) or translate(
        "views.lowluck_plan", "nothing")


def target_name(key: str) -> str:
    """A plan's target figure in words (``planner.TARGETS``' keys)."""
    return {"attacker_wins": translate("views.lowluck_plan", "the attacker wins"),
            "takes_territory": translate("views.lowluck_plan", "the attacker takes the "
                                                               "territory"),
            "defender_holds": translate("views.lowluck_plan", "the defender holds"),
            "takes_and_holds": translate("views.lowluck_plan", "the attacker takes and "
                                         "holds the territory")}[key]


class PlanPanel(QWidget):
    """The Plan tab: the question, a Plan button, progress and Stop, the answer."""

    def __init__(self, computer: Computer, battle: Callable[[], lowluck.LowLuckScenario],
                 parent: QWidget | None = None, *, edited: Callable[[], None] = lambda: None,
                 use: Callable[[str, lowluck.LowLuckSide], None] | None = None):
        super().__init__(parent)
        self.battle = battle
        self.computer = computer
        #: Puts a side on the form (the view's; None: the answer offers no "use" links).
        self.use = use
        #: The battle the shown answer was planned from (its sides are what "put back"
        #: restores), and the forces the answer lists, by link number.
        self._asked_body: lowluck.LowLuckScenario | None = None
        self._listed: list[dict[str, int]] = []
        #: Called on every edit of the question by the player (the view marks itself changed).
        self.on_edit = edited
        #: The file's ``[plan]`` exactly as read (kept until the player edits the question:
        #: the form shows it as closely as it can, e.g. a chance to 0.01 %, and saving gives
        #: back what was read); None once edited or without one.
        self._loaded: planner.PlanSpec | None = None
        #: Whether the battle has a question worth saving: the file had one, or the player
        #: edited it or asked it (a battle never planned saves no ``[plan]``).
        self.asked = False
        self._setting = False
        self.question = QComboBox()
        self.question.setObjectName("planQuestion")
        self.question.addItem(translate("views.lowluck_plan", "Cheapest force (attacker)"),
                              "attacker")
        self.question.addItem(translate("views.lowluck_plan", "Defender's view: what to add"),
                              "defender")
        self.question.currentIndexChanged.connect(self._question_changed)
        self.target = QComboBox()
        self.target.setObjectName("planTarget")
        self.chance = QDoubleSpinBox()
        self.chance.setRange(0.0, 100.0)
        self.chance.setDecimals(2)
        self.chance.setSuffix(" %")
        self.chance.setValue(95.0)
        self.alternatives = CountBox(MAX_ALTERNATIVES)
        self.alternatives.setValue(5)
        self.add_box = QGroupBox(translate("views.lowluck_plan",
                                           "The defender may add at most"))
        self.add_grid = QGridLayout(self.add_box)
        self.add_counts: dict[str, CountBox] = {}
        self.edition: lowluck.Edition | None = None
        self.plan_button = QPushButton(translate("views.lowluck_plan", "Plan"))
        self.plan_button.setObjectName("planButton")
        self.plan_button.clicked.connect(self.plan)
        self.progress = QProgressBar()
        self.progress.setFormat(translate("views.lowluck_plan", "%v of %m forces"))
        self.progress.setVisible(False)
        self.stop_button = QPushButton(translate("views.lowluck_plan", "Stop"))
        self.stop_button.setToolTip(translate("views.lowluck_plan", "Stop planning"))
        self.stop_button.setVisible(False)
        self.stop_button.clicked.connect(self.stop)
        self.answer = QLabel("")
        self.answer.setObjectName("planAnswer")
        self.answer.setWordWrap(True)
        self.answer.setTextFormat(Qt.TextFormat.RichText)
        links = (Qt.TextInteractionFlag.LinksAccessibleByMouse
                 | Qt.TextInteractionFlag.LinksAccessibleByKeyboard)
        self.answer.setTextInteractionFlags(links)
        self.answer.linkActivated.connect(self._use_listed)
        #: After "use": which force the form holds now, and the link that puts back the
        #: units the plan chose from.
        self.use_note = QLabel("")
        self.use_note.setObjectName("planUseNote")
        self.use_note.setWordWrap(True)
        self.use_note.setTextFormat(Qt.TextFormat.RichText)
        self.use_note.setTextInteractionFlags(links)
        self.use_note.linkActivated.connect(self._put_back)
        self.use_note.setVisible(False)
        self.status = QLabel(translate(
            "views.lowluck_plan", "The attacker's units on the form are what is available; "
            "Plan finds the cheapest force of them that meets the target."))
        self.status.setWordWrap(True)
        #: What each IPC buys: the frontier's chance against its cost, the target's line
        self.price_plot = LazyPlot(translate("views.lowluck_plan", "What each IPC buys"),
                                   translate("views.lowluck_plan", "IPC"),
                                   translate("views.lowluck_plan", "chance (%)"), legend=False)
        self.price_plot.setObjectName("planPricePlot")
        self.price_plot.setMinimumHeight(220)
        self.price_plot.setVisible(False)
        self._run: _PlanRun | None = None
        self._timer = QTimer(self)
        self._timer.setInterval(100)
        self._timer.timeout.connect(self._show_progress)
        self.plan_result: Any = None
        computer.result.connect(self._show_plan)
        computer.error.connect(self._show_error)
        computer.busy.connect(self._busy)

        form = QFormLayout()
        form.addRow(translate("views.lowluck_plan", "Question:"), self.question)
        form.addRow(translate("views.lowluck_plan", "Target:"), self.target)
        form.addRow(translate("views.lowluck_plan", "At least:"), self.chance)
        form.addRow(translate("views.lowluck_plan", "Also show the next cheapest:"),
                    self.alternatives)
        buttons = QHBoxLayout()
        buttons.addWidget(self.plan_button)
        buttons.addWidget(self.progress, 1)
        buttons.addWidget(self.stop_button)
        layout = QVBoxLayout(self)
        layout.addLayout(form)
        layout.addWidget(self.add_box)
        layout.addLayout(buttons)
        layout.addWidget(self.status)
        layout.addWidget(self.answer)
        layout.addWidget(self.use_note)
        layout.addWidget(self.price_plot, 1)
        self.stretch = QWidget()         # (the room below the answer while no plot shows)
        layout.addWidget(self.stretch, 1)
        self._waves = 0
        self._counter = False
        self._question_changed()
        self.question.currentIndexChanged.connect(self._edited)
        self.target.currentIndexChanged.connect(self._edited)
        self.chance.valueChanged.connect(self._edited)
        self.alternatives.valueChanged.connect(self._edited)

    def _edited(self, *_args: Any) -> None:
        """The player changed the question: the form is the question from now on."""
        if self._setting:
            return
        self._loaded = None
        self.asked = True
        self.on_edit()

    def set_spec(self, spec: planner.PlanSpec | None) -> None:
        """Show a file's ``[plan]`` question (None: the default question, nothing asked),
        without counting it as an edit. Call after ``set_edition`` (the units to add)."""
        self._setting = True
        try:
            spec_shown = spec if spec is not None else planner.PlanSpec()
            self.question.setCurrentIndex(max(0, self.question.findData(spec_shown.side)))
            self._question_changed()
            self.target.setCurrentIndex(max(0, self.target.findData(spec_shown.target)))
            self.chance.setValue(spec_shown.value * 100)
            self.alternatives.setValue(spec_shown.alternatives)
            for uid, box in self.add_counts.items():
                box.setValue(spec_shown.add.get(uid, 0))
        finally:
            self._setting = False
        self._loaded = spec
        self.asked = spec is not None
        # another battle: the answer shown was of the one before
        self.answer.setText("")
        self.use_note.setVisible(False)
        self._show_price_plot(False)
        self.plan_result, self._asked_body, self._listed = None, None, []

    def question_to_save(self) -> planner.PlanSpec | None:
        """The ``[plan]`` the battle is saved with: the file's as read until the player edits
        the question, then the form's; None for a battle never planned."""
        if not self.asked:
            return None
        return self._loaded if self._loaded is not None else self.spec()

    # -- the question -----------------------------------------------------------------------
    def set_edition(self, edition: lowluck.Edition, battle: str) -> None:
        """The form's edition and kind of battle: the units the defender may add."""
        if edition == self.edition and getattr(self, "_kind", None) == battle:
            return
        self.edition, self._kind = edition, battle
        old = {uid: box.value() for uid, box in self.add_counts.items()}
        while self.add_grid.count():
            item = self.add_grid.takeAt(0)
            if item.widget() is not None:
                item.widget().deleteLater()
        self.add_counts = {}
        units = [u.id for u in edition.units if edition.fights_in(u.id, battle)
                 and edition.may_fight(u.id, "defender", battle)]
        for i, uid in enumerate(units):
            box = CountBox(MAX_ADD)
            box.setValue(old.get(uid, 0))
            box.setObjectName(f"planAdd_{uid}")
            box.valueChanged.connect(self._edited)
            self.add_counts[uid] = box
            self.add_grid.addWidget(QLabel(unit_name(uid)), i // 3, 2 * (i % 3))
            self.add_grid.addWidget(box, i // 3, 2 * (i % 3) + 1)
        self._question_changed()

    def set_attack(self, waves: int, counter: bool) -> None:
        """The form's later waves and counter-attack: with waves the plan chooses the first
        wave (the later ones as on the form); with a counter-attack it may aim at taking and
        holding the territory."""
        if (waves, counter) == (self._waves, self._counter):
            return
        self._waves, self._counter = waves, counter
        self._question_changed()

    def _question_changed(self, *_args) -> None:
        side = self.question.currentData()
        current = self.target.currentData()
        setting, self._setting = self._setting, True    # rebuilding the list is no edit
        self.target.clear()
        names = {key: target_name(key) for key in planner.TARGETS[side]}
        for key in planner.TARGETS[side]:
            if key == "takes_territory" and getattr(self, "_kind", "land") != "land":
                continue
            if key == "takes_and_holds" and not (self._counter
                                                 and getattr(self, "_kind", "land") == "land"):
                continue
            self.target.addItem(names[key], key)
        index = self.target.findData(current)
        self.target.setCurrentIndex(max(0, index))
        self._setting = setting
        loaded = self._loaded
        if loaded is not None and (self.target.findData(loaded.target) < 0
                                   or any(u not in self.add_counts for u in loaded.add)):
            # the battle changed under the file's question (a sea battle takes no
            # territory, another edition's units): the form's question is the one asked now
            self._loaded = None
        self.add_box.setVisible(side == "defender")
        if self._waves and side == "attacker":
            self.status.setText(translate(
                "views.lowluck_plan", "The attacker's units on the form are what is available "
                "for the first wave; the later waves attack as on the form. Plan finds the "
                "cheapest first wave that meets the target."))
        elif self._waves:
            self.status.setText(translate(
                "views.lowluck_plan", "Plan finds the cheapest units the defender adds to "
                "hold against every wave."))

    def spec(self) -> planner.PlanSpec:
        side = self.question.currentData()
        add = ({uid: box.value() for uid, box in self.add_counts.items() if box.value()}
               if side == "defender" else {})
        return planner.PlanSpec(side=side, target=self.target.currentData(),
                                        value=round(self.chance.value() / 100, 6),
                                        alternatives=self.alternatives.value(), add=add)

    # -- asking -------------------------------------------------------------------------------
    def plan(self) -> None:
        """Ask the engine's planner (in the background) about the form's battle."""
        spec = self._loaded if self._loaded is not None else self.spec()
        if not self.asked:      # the question asked is saved with the battle from now on
            self.asked = True
            self.on_edit()
        body = self.battle()
        if spec.side == "attacker" and not body.attacker.units:
            self._say_error(translate("views.lowluck_plan", "the attacker has no units to "
                                                            "choose from"))
            return
        if spec.side == "defender" and not spec.add:
            self._say_error(translate("views.lowluck_plan", "give the units the defender may "
                                                            "add"))
            return
        question = dataclasses.replace(body, plan=spec)
        self.answer.setText("")
        self.use_note.setVisible(False)
        self._show_price_plot(False)
        self.plan_result = None
        self._asked_body, self._listed = body, []
        run = self._run = _PlanRun()
        self._show_progress()
        self.computer.request(
            lambda cancel: planner.plan(question, cancel=cancel, progress=run.report),
            immediate=True)

    def demo(self) -> None:
        """For the screenshots (``--screenshot``): the form's battle planned."""
        self.plan()

    def stop(self) -> None:
        self.computer.cancel()
        self.status.setText(translate("views.lowluck_plan", "Stopped."))

    def _busy(self, busy: bool) -> None:
        if busy:
            self.status.setText(translate("views.lowluck_plan", "planning…"))
            self._timer.start()
        else:
            self._timer.stop()
        self.progress.setVisible(busy)
        self.stop_button.setVisible(busy)
        self.plan_button.setEnabled(not busy)

    def _show_progress(self) -> None:
        run = self._run
        if run is not None:
            done, planned = run.progress
            self.progress.setRange(0, max(planned, 1))
            self.progress.setValue(min(done, max(planned, 1)))

    def _say_error(self, text: str) -> None:
        self.status.setText(f"<span style='color:{DEFENDER}'>&#9888; "
                            f"{html.escape(text, quote=False)}</span>")

    def _show_error(self, message: str) -> None:
        self._say_error(message)

    # -- the answer ---------------------------------------------------------------------------
    def _show_plan(self, answer: Any) -> None:
        self.plan_result = answer
        spec = answer.spec

        def force(f: dict[str, int]) -> str:
            return html.escape(force_words(f))

        n = number(answer.searched, ",d")
        total = number(answer.forces, ",d")
        if answer.exhaustive:
            how = translate("views.lowluck_plan",
                            "every one of the {n} forces solved").format(n=n)
        elif answer.proven:
            how = translate("views.lowluck_plan", "a search: {n} of {total} forces solved, "
                            "every cheaper one among them").format(n=n, total=total)
        else:
            how = translate("views.lowluck_plan", "a search: {n} of {total} forces solved "
                            "(the bound stopped it: a cheaper force may exist)").format(
                n=n, total=total)
        self.status.setText(how)
        best = answer.best
        head = (translate("views.lowluck_plan", "Cheapest force that meets the target")
                if answer.meets else
                translate("views.lowluck_plan", "No force meets the target; the closest"))
        figures = translate("views.lowluck_plan", "attacker wins {wins}, defender holds "
                            "{holds}, expected IPC swing {swing}").format(
            wins=pct(best.attacker_wins), holds=pct(best.defender_holds),
            swing=number(best.expected_ipc_swing))
        self._listed = [best.force] + [c.force for c in answer.alternatives] + [
            c.force for _, c in answer.plus_one]
        use_words = translate("views.lowluck_plan", "use")

        def use(k: int) -> str:
            # a link that puts the force on the form (the Odds tab then answers it)
            return f' &nbsp;<a href="use:{k}">{html.escape(use_words)}</a>' if self.use else ""

        rows = [f"<b>{head}:</b> {force(best.force)} — {number(best.cost, 'd')} IPC{use(0)}",
                figures]
        if best.takes_territory is not None:
            rows[-1] += ", " + translate("views.lowluck_plan",
                                         "takes the territory {p}").format(
                p=pct(best.takes_territory))
        if best.takes_and_holds is not None:
            rows[-1] += ", " + translate("views.lowluck_plan",
                                         "takes and holds it {p}").format(
                p=pct(best.takes_and_holds))
        if answer.alternatives:
            rows.append("<b>" + translate("views.lowluck_plan", "Next cheapest that meet it:")
                        + "</b>")
            for k, c in enumerate(answer.alternatives, start=1):
                rows.append(f"&nbsp;&nbsp;{force(c.force)} — {number(c.cost, 'd')} IPC: "
                            f"{pct(c.figure(spec.target))}{use(k)}")
        if answer.plus_one:
            rows.append("<b>" + translate("views.lowluck_plan", "One more unit:") + "</b>")
            first = 1 + len(answer.alternatives)
            for k, (uid, c) in enumerate(answer.plus_one, start=first):
                rows.append(f"&nbsp;&nbsp;+ {html.escape(unit_name(uid))}: "
                            f"{pct(c.figure(spec.target))} "
                            f"({number(c.cost, 'd')} IPC){use(k)}")
        prices = planner.price_list(answer)
        if len(answer.frontier) > 1 and prices:
            # the frontier read at a few chances (as ``combatassist plan`` ends), each a force
            # to use
            rows.append("<b>" + translate("views.lowluck_plan",
                                          "The cheapest force for each chance:") + "</b>")
            first = len(self._listed)
            self._listed += [c.force for _, c in prices]
            for k, (levels, c) in enumerate(prices, start=first):
                at = ", ".join("≥ " + percent(v, 0) for v in levels)
                rows.append(f"&nbsp;&nbsp;{html.escape(at)}: {force(c.force)} — "
                            f"{number(c.cost, 'd')} IPC: {pct(c.figure(spec.target))}{use(k)}")
        self.answer.setText("<br>".join(rows))
        self._show_price_plot(len(answer.frontier) > 1)
        self.price_plot.draw(lambda plot: self._plot_prices(plot, answer))

    def _show_price_plot(self, shown: bool) -> None:
        self.price_plot.setVisible(shown)
        self.stretch.setVisible(not shown)

    @staticmethod
    def _plot_prices(plot, answer: Any) -> None:
        """The frontier as steps (from a force's cost on, the best chance bought), a point
        per force (its units in the tip), the chosen force marked, the target's line."""
        plot.clear()
        spec = answer.spec
        points = answer.frontier
        costs = [c.cost for c in points]
        chances = [100 * c.figure(spec.target) for c in points]
        xs, ys = [], []
        for k, (x, y) in enumerate(zip(costs, chances)):
            xs += [x, costs[k + 1] if k + 1 < len(costs) else x]
            ys += [y, y]
        plot.plot(xs, ys, pen=pg.mkPen(ATTACKER, width=2))
        tips = [force_words(c.force) for c in points]
        spots = pg.ScatterPlotItem(
            costs, chances, data=tips, size=7, brush=ATTACKER, pen=pg.mkPen("#ffffff"),
            hoverable=True,
            tip=lambda x, y, data: f"{data}\n{number(round(x), 'd')} IPC: {pct(y / 100)}")
        plot.addItem(spots)
        best = answer.best
        plot.addItem(pg.ScatterPlotItem(
            [best.cost], [100 * best.figure(spec.target)], size=13, symbol="o",
            brush=None, pen=pg.mkPen(DEFENDER, width=2.5)))
        plot.addItem(pg.InfiniteLine(pos=100 * spec.value, angle=0, pen=pg.mkPen(
            DEFENDER, width=1.2, style=Qt.PenStyle.DashLine)))
        plot.setLabel("left", translate("views.lowluck_plan", "{target} (%)").format(
            target=target_name(spec.target)))
        plot.setLabel("bottom", translate("views.lowluck_plan", "IPC spent") if spec.side
                      == "attacker" else translate("views.lowluck_plan", "IPC added"))
        plot.setTitle(translate("views.lowluck_plan", "What each IPC buys") if answer.exhaustive
                      else translate("views.lowluck_plan",
                                     "What each IPC buys (of the forces the search solved)"),
                      size="10pt")
        plot.setYRange(0, 100, padding=0.02)

    # -- using an answer ----------------------------------------------------------------------
    def _use_listed(self, link: str) -> None:
        """Put the k-th force the answer lists on the form: the attacker's (first wave's)
        units, or the defender's own units plus the additions."""
        body, answer = self._asked_body, self.plan_result
        if not link.startswith("use:") or body is None or answer is None or self.use is None:
            return
        force = self._listed[int(link[4:])]
        if answer.spec.side == "attacker":
            self.use("attacker", dataclasses.replace(body.attacker, units=dict(force)))
            what = translate("views.lowluck_plan", "The attacker on the form is now this "
                             "force: {force}; the Odds tab answers it.")
        else:
            units = dict(body.defender.units)
            for uid, n in force.items():
                units[uid] = units.get(uid, 0) + n
            self.use("defender", dataclasses.replace(body.defender, units=units))
            what = translate("views.lowluck_plan", "The defender on the form now has these "
                             "units added: {force}; the Odds tab answers it.")
        named = force_words(force)
        back = translate("views.lowluck_plan", "Put back the units the plan chose from")
        self.use_note.setText(html.escape(what.format(force=named), quote=False)
                              + f' <a href="back">{html.escape(back)}</a>')
        self.use_note.setVisible(True)

    def _put_back(self, _link: str) -> None:
        """The side as it was when the plan was asked."""
        body, answer = self._asked_body, self.plan_result
        if body is None or answer is None or self.use is None:
            return
        side = answer.spec.side
        self.use(side, body.attacker if side == "attacker" else body.defender)
        self.use_note.setVisible(False)
