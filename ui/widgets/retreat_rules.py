"""The attacker's retreat rules in a battle form: after round N, with N units or fewer, when
its chance to win drops below X % (``[options] retreat_after / retreat_when_units /
retreat_below``; 0 = never). Keyboard-friendly spin boxes; the values are the player's own,
never changed behind their back.
"""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QDoubleSpinBox, QFormLayout, QGroupBox

from combatassist.retreat import RetreatOptions
from .count_box import CountBox
from ..i18n import translate


class RetreatRulesBox(QGroupBox):
    """Three spin boxes; ``options()`` reads them, ``load()`` fills them (no edit signal is
    sent while loading: the caller's ``edited`` ignores loads)."""

    def __init__(self, edited: Callable[..., None], *, max_rounds: int, max_units: int):
        super().__init__(translate("widgets.retreat_rules", "Attacker retreats"))
        # count boxes: what is typed stays as typed (the arrows stop at the limits)
        self.after = CountBox(max_rounds)
        self.after.setSpecialValueText(translate("widgets.retreat_rules", "never"))
        self.after.setPrefix(translate("widgets.retreat_rules", "after round "))
        self.after.setToolTip(translate("widgets.retreat_rules", "The attacker retreats after this round if the battle is still "
                              "on: the defender holds. 0 = never"))
        self.when_units = CountBox(max_units)
        self.when_units.setSpecialValueText(translate("widgets.retreat_rules", "never"))
        self.when_units.setPrefix(translate("widgets.retreat_rules", "with "))
        self.when_units.setSuffix(translate("widgets.retreat_rules", " units or fewer"))
        self.when_units.setToolTip(translate("widgets.retreat_rules", "Before a round, the attacker retreats when it has this many "
                                   "units or fewer. 0 = never"))
        self.below = QDoubleSpinBox()
        self.below.setRange(0.0, 100.0)
        self.below.setDecimals(2)
        self.below.setSingleStep(5.0)
        self.below.setSpecialValueText(translate("widgets.retreat_rules", "never"))
        self.below.setPrefix(translate("widgets.retreat_rules", "chance to win below "))
        self.below.setSuffix(" %")
        self.below.setToolTip(translate("widgets.retreat_rules", "Before a round, the attacker retreats when its exact chance to win "
                              "from that position (retreating by these same rules later) is "
                              "below this. 0 = never"))
        for box in (self.after, self.when_units):
            box.valueChanged.connect(edited)
        self.below.valueChanged.connect(edited)
        form = QFormLayout(self)
        form.addRow(translate("widgets.retreat_rules", "After a round:"), self.after)
        form.addRow(translate("widgets.retreat_rules", "When few are left:"), self.when_units)
        form.addRow(translate("widgets.retreat_rules", "When the odds drop:"), self.below)

    def options(self) -> RetreatOptions:
        return RetreatOptions(self.after.value(), self.when_units.value(),
                              round(self.below.value() / 100.0, 6))

    def load(self, options: RetreatOptions) -> None:
        self.after.setValue(options.after_round)
        self.when_units.setValue(options.when_units)
        self.below.setValue(100.0 * options.below)
