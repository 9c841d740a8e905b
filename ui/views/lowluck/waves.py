"""Low Luck's later waves and counter-attack in the battle form (``[[attacker.waves]]``,
``[counter]``, docs/scenario-format.md "Waves").

The first wave is the attacker's side panel. *Add wave* adds a wave of its own count fields
(the attacker's units that attack in this kind of battle; the others are hidden, their counts
kept and not read), up to the attack's 4 waves in all; each wave's *Remove* takes that
wave away, the later ones moving up. *Counter-attack* holds the units that attack the
territory once it is taken (land battles; its count fields shown while it is ticked). The
box holds no rules: a wave left without units is passed on as it is and the engine's check
says why (the results say so), as for every other field; nothing is dropped or changed but by
the player's own click. Every field is a ``CountBox`` reached with Tab; Add and Remove are
buttons (Space, or their Alt shortcuts).
"""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import (QCheckBox, QGridLayout, QGroupBox, QHBoxLayout, QLabel,
                               QPushButton, QVBoxLayout, QWidget)

from combatassist.rulesets import lowluck
from combatassist.rulesets.lowluck.scenario import MAX_WAVES

from ...i18n import translate
from ...widgets.count_box import CountBox
from .side import unit_label

#: Waves after the first (the attack has ``MAX_WAVES`` in all).
MAX_LATER_WAVES = MAX_WAVES - 1
#: Count fields per row of a wave's grid.
COLUMNS = 3


class UnitCounts(QWidget):
    """One group of count fields, one per unit type of the edition (label and field)."""

    def __init__(self, edition: lowluck.Edition, name: str, edited: Callable[..., None]):
        super().__init__()
        self.edition = edition
        self.spins: dict[str, CountBox] = {}
        self.labels: dict[str, QLabel] = {}
        self.grid = QGridLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setHorizontalSpacing(6)
        self.grid.setVerticalSpacing(2)
        for uid in edition.ids:
            box = CountBox(lowluck.MAX_PER_TYPE)
            box.setObjectName(f"{name}_{uid}")
            text = QLabel(unit_label(uid))
            text.setBuddy(box)
            for widget in (text, box):   # parented first: shown without a parent, a window
                widget.setParent(self)
            box.valueChanged.connect(edited)
            self.spins[uid] = box
            self.labels[uid] = text
        for col in range(COLUMNS):
            self.grid.setColumnStretch(2 * col, 1)
        self._place(list(edition.ids))

    def _place(self, shown: list[str]) -> None:
        """The fields of ``shown`` in rows of ``COLUMNS``, the others hidden (their counts
        kept, not read)."""
        for uid in self.spins:
            self.grid.removeWidget(self.labels[uid])
            self.grid.removeWidget(self.spins[uid])
            visible = uid in shown
            self.labels[uid].setVisible(visible)
            self.spins[uid].setVisible(visible)
        for i, uid in enumerate(shown):
            row, col = divmod(i, COLUMNS)
            self.grid.addWidget(self.labels[uid], row, 2 * col)
            self.grid.addWidget(self.spins[uid], row, 2 * col + 1)

    def first_field(self) -> CountBox:
        """The first field the player can type in (one that attacks in this battle)."""
        return next((b for b in self.spins.values() if not b.isHidden()),
                    next(iter(self.spins.values())))

    def allow(self, battle: str) -> None:
        """Only the unit types that attack in ``battle`` are on show (Tab walks them)."""
        self._place([uid for uid in self.edition.ids
                     if self.edition.may_fight(uid, "attacker", battle)])

    def units(self, battle: str) -> dict[str, int]:
        return {uid: box.value() for uid, box in self.spins.items()
                if box.value() and self.edition.may_fight(uid, "attacker", battle)}

    def load(self, units: dict[str, int]) -> None:
        for uid, box in self.spins.items():
            box.blockSignals(True)
            box.setValue(int(units.get(uid, 0)))
            box.blockSignals(False)


class WavesBox(QGroupBox):
    """The later waves (each its unit counts and a Remove button), Add wave, and the
    counter-attack's units."""

    def __init__(self, edited: Callable[..., None]):
        super().__init__(translate("views.lowluck_waves", "Waves and counter-attack"))
        self.setObjectName("wavesBox")
        self._edited = edited
        self.edition = lowluck.classic()
        self.battle = "land"
        #: each later wave: (its frame, its counts)
        self.waves: list[tuple[QGroupBox, UnitCounts]] = []
        self.add = QPushButton(translate("views.lowluck_waves", "&Add wave"))
        self.add.setObjectName("addWave")
        self.add.setToolTip(translate(
            "views.lowluck_waves", "Another wave after the last: it fights what the defender "
            "has left (the attacker's units above are the first wave; 4 waves in all)"))
        self.add.clicked.connect(self.add_wave)
        self.note = QLabel(translate("views.lowluck_waves", "One wave: the attacker above."))
        self.note.setObjectName("wavesNote")
        self.note.setWordWrap(True)
        self.counter_on = QCheckBox(translate("views.lowluck_waves",
                                              "Counter-attack once it is taken"))
        self.counter_on.setObjectName("counterAttack")
        self.counter_on.setToolTip(translate(
            "views.lowluck_waves", "These units attack the territory once it is taken, "
            "against the attacker's land units that took it (land battles): the results say "
            "the chance to take and hold it"))
        self.counter_on.toggled.connect(self._counter_toggled)
        self.counter = UnitCounts(self.edition, "counter", edited)
        self.counter.allow("land")
        self.counter.setVisible(False)
        #: the loaded counter-attack's order of loss (no field of its own: kept as read)
        self.counter_order: tuple = ()
        self._list = QVBoxLayout()
        self._list.setContentsMargins(0, 0, 0, 0)
        head = QHBoxLayout()
        head.addWidget(self.note, 1)
        head.addWidget(self.add)
        layout = QVBoxLayout(self)
        layout.addLayout(head)
        layout.addLayout(self._list)
        layout.addWidget(self.counter_on)
        layout.addWidget(self.counter)
        self._show_state()

    # -- the player's clicks --------------------------------------------------------------
    def add_wave(self, units: dict[str, int] | None = None, *, emit: bool = True) -> None:
        """A wave after the last (``units``: its counts; none for the player's empty one)."""
        if len(self.waves) >= MAX_LATER_WAVES:
            return
        frame = QGroupBox()
        counts = UnitCounts(self.edition, f"wave{len(self.waves) + 2}", self._edited)
        counts.allow(self.battle)
        counts.load(units or {})
        remove = QPushButton()
        remove.setObjectName(f"removeWave{len(self.waves) + 2}")
        remove.clicked.connect(lambda _=False, f=frame: self.remove_wave(f))
        inner = QVBoxLayout(frame)
        inner.setContentsMargins(6, 4, 6, 4)
        top = QHBoxLayout()
        frame.title_label = QLabel()
        top.addWidget(frame.title_label, 1)
        top.addWidget(remove)
        frame.remove = remove
        inner.addLayout(top)
        inner.addWidget(counts)
        self._list.addWidget(frame)
        frame.show()        # a child added to a shown widget is shown only when told
        self.waves.append((frame, counts))
        self._show_state()
        if emit:
            # the new wave's first field: the player types its counts at once
            counts.first_field().setFocus()
            self._edited()

    def remove_wave(self, frame: QGroupBox) -> None:
        for i, (f, _counts) in enumerate(self.waves):
            if f is frame:
                del self.waves[i]
                self._list.removeWidget(frame)
                frame.hide()
                frame.deleteLater()
                break
        self._show_state()
        self.add.setFocus()
        self._edited()

    def _counter_toggled(self, on: bool) -> None:
        self.counter.setVisible(on)
        if on:
            self.counter.first_field().setFocus()
        self._edited()

    def _show_state(self) -> None:
        """Each wave's title and Remove button name its number; Add only while room."""
        for k, (frame, counts) in enumerate(self.waves, start=2):
            frame.title_label.setText("<b>" + translate("views.lowluck_waves", "Wave {k}")
                                      .format(k=k) + "</b>")
            frame.remove.setText(translate("views.lowluck_waves", "Remove wave {k}")
                                 .format(k=k))
            frame.remove.setObjectName(f"removeWave{k}")
            for uid, box in counts.spins.items():
                box.setObjectName(f"wave{k}_{uid}")
        self.add.setEnabled(len(self.waves) < MAX_LATER_WAVES)
        if self.waves:
            self.note.setText(translate("views.lowluck_waves", "Wave 1 is the attacker above; "
                                        "each wave fights what the defender has left."))
        else:
            self.note.setText(translate("views.lowluck_waves", "One wave: the attacker above."))

    # -- the form's edition and battle ----------------------------------------------------
    def set_edition(self, edition: lowluck.Edition) -> None:
        """Rebuild the count fields for ``edition`` keeping the counts of the units it has
        (the view's edition switch already carried the scenario over and says what it
        dropped; it loads the carried waves after this)."""
        if edition == self.edition:
            return
        waves, counter = self.values(self.battle, every=True)
        self.edition = edition
        on = self.counter_on.isChecked()
        self.layout().removeWidget(self.counter)
        self.counter.hide()
        self.counter.deleteLater()
        self.counter = UnitCounts(edition, "counter", self._edited)
        self.counter.allow("land")
        self.layout().addWidget(self.counter)
        self.counter.setVisible(on)
        self.load(waves, counter, on)

    def allow(self, battle: str) -> None:
        """A wave attacks in the form's kind of battle; the counter-attack is always a land
        battle (at sea the engine refuses one, saying so: the ticked box is kept)."""
        self.battle = battle
        for _frame, counts in self.waves:
            counts.allow(battle)
        self.counter.allow("land")

    # -- reading and loading ----------------------------------------------------------------
    def values(self, battle: str, attacker: lowluck.LowLuckSide | None = None,
               every: bool = False) -> tuple[tuple, lowluck.LowLuckSide | None]:
        """(the later waves, the counter-attack or None) as a file says them: each wave with
        the first wave's order of loss and techs (``attacker``), as the file format gives
        them. ``every``: the counter-attack's counts even when it is not ticked."""
        order = attacker.order_of_loss if attacker is not None else ()
        techs = attacker.techs if attacker is not None else frozenset()
        waves = tuple(lowluck.LowLuckSide(units=counts.units(battle), order_of_loss=order,
                                          techs=techs) for _frame, counts in self.waves)
        counter = None
        if self.counter_on.isChecked() or every:
            counter = lowluck.LowLuckSide(
                units=self.counter.units("land"),
                order_of_loss=tuple(u for u in self.counter_order
                                    if u in self.edition.unit_map))
        return waves, counter

    def load(self, waves: tuple, counter: lowluck.LowLuckSide | None,
             counter_on: bool | None = None) -> None:
        """Show a scenario's later waves and counter-attack (no edit signal: loads are not
        edits)."""
        while self.waves:
            frame, _counts = self.waves.pop()
            self._list.removeWidget(frame)
            frame.hide()
            frame.deleteLater()
        for wave in waves:
            self.add_wave(dict(wave.units), emit=False)
        self.counter.load(dict(counter.units) if counter is not None else {})
        self.counter_order = tuple(counter.order_of_loss) if counter is not None else ()
        on = counter is not None if counter_on is None else counter_on
        self.counter_on.blockSignals(True)
        self.counter_on.setChecked(on)
        self.counter_on.blockSignals(False)
        self.counter.setVisible(on)
        self._show_state()
