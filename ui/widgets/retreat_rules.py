"""The attacker's retreat rules in a battle form: after round N, with N units or fewer, when
its chance to win drops below X % (``[options] retreat_after / retreat_when_units /
retreat_below``; 0 = never). Keyboard-friendly spin boxes; the values are the player's own,
never changed behind their back.
"""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QDoubleSpinBox, QFormLayout, QGroupBox, QSpinBox

from combatassist.retreat import RetreatOptions


class RetreatRulesBox(QGroupBox):
    """Three spin boxes; ``options()`` reads them, ``load()`` fills them (no edit signal is
    sent while loading: the caller's ``edited`` ignores loads)."""

    def __init__(self, edited: Callable[..., None], *, max_rounds: int, max_units: int):
        super().__init__("Attacker retreats")
        self.after = QSpinBox()
        self.after.setRange(0, max_rounds)
        self.after.setSpecialValueText("never")
        self.after.setPrefix("after round ")
        self.after.setToolTip("The attacker retreats after this round if the battle is still "
                              "on: the defender holds. 0 = never")
        self.when_units = QSpinBox()
        self.when_units.setRange(0, max_units)
        self.when_units.setSpecialValueText("never")
        self.when_units.setPrefix("with ")
        self.when_units.setSuffix(" units or fewer")
        self.when_units.setToolTip("Before a round, the attacker retreats when it has this many "
                                   "units or fewer. 0 = never")
        self.below = QDoubleSpinBox()
        self.below.setRange(0.0, 100.0)
        self.below.setDecimals(2)
        self.below.setSingleStep(5.0)
        self.below.setSpecialValueText("never")
        self.below.setPrefix("chance to win below ")
        self.below.setSuffix(" %")
        self.below.setToolTip("Before a round, the attacker retreats when its exact chance to win "
                              "from that position (retreating by these same rules later) is "
                              "below this. 0 = never")
        for box in (self.after, self.when_units):
            box.valueChanged.connect(edited)
        self.below.valueChanged.connect(edited)
        form = QFormLayout(self)
        form.addRow("After a round:", self.after)
        form.addRow("When few are left:", self.when_units)
        form.addRow("When the odds drop:", self.below)

    def options(self) -> RetreatOptions:
        return RetreatOptions(self.after.value(), self.when_units.value(),
                              round(self.below.value() / 100.0, 6))

    def load(self, options: RetreatOptions) -> None:
        self.after.setValue(options.after_round)
        self.when_units.setValue(options.when_units)
        self.below.setValue(100.0 * options.below)
