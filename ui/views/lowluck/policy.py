"""Low Luck's retreat policy in the battle form (``[options] retreat``, ``territory_value``,
``retreat_when_only_air``). The attack's waves and counter-attack have a box of their own
(``waves.WavesBox``)."""
from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QCheckBox, QComboBox, QFormLayout, QGroupBox, QSpinBox

from ...i18n import translate

#: ``[options] retreat`` and what the picker calls each.
POLICIES = ("none", "profit", "strafe")


def _policy_name(policy: str) -> str:
    return {"none": translate("widgets.retreat_policy", "none (the rules above)"),
            "profit": translate("widgets.retreat_policy", "most IPC (profit)"),
            "strafe": translate("widgets.retreat_policy", "strafe: never take the territory"),
            }[policy]


class RetreatPolicyBox(QGroupBox):
    """The policy picker, the territory's value and "retreat when only aircraft are
    left"."""

    def __init__(self, edited: Callable[..., None]):
        super().__init__(translate("widgets.retreat_policy", "Retreat policy"))
        self._edited = edited
        self.policy = QComboBox()
        self.policy.setObjectName("retreatPolicy")
        for policy in POLICIES:
            self.policy.addItem(_policy_name(policy), policy)
        self.policy.setToolTip(translate(
            "widgets.retreat_policy", "The attacker's best retreats, exact: most IPC withdraws "
            "where fighting on is worth less than leaving (the territory's value counting); "
            "strafe kills what it can without ever taking the territory. The results say the "
            "policy in words."))
        self.territory_value = QSpinBox()
        self.territory_value.setObjectName("territoryValue")
        self.territory_value.setRange(-1000, 1000)
        self.territory_value.setSuffix(" IPC")
        self.territory_value.setToolTip(translate(
            "widgets.retreat_policy", "What taking the territory is worth to the attacker "
            "(most IPC only; negative: it costs to keep)"))
        self.only_air = QCheckBox(translate("widgets.retreat_policy",
                                            "Retreat when only aircraft are left"))
        self.only_air.setObjectName("retreatWhenOnlyAir")
        self.policy.currentIndexChanged.connect(self._policy_changed)
        self.territory_value.valueChanged.connect(edited)
        self.only_air.toggled.connect(edited)
        form = QFormLayout(self)
        form.addRow(translate("widgets.retreat_policy", "Policy:"), self.policy)
        form.addRow(translate("widgets.retreat_policy", "Territory worth:"),
                    self.territory_value)
        form.addRow(self.only_air)
        self._policy_changed(emit=False)

    def _policy_changed(self, *_args, emit: bool = True) -> None:
        self.territory_value.setEnabled(self.policy.currentData() == "profit")
        if emit:
            self._edited()

    def allow(self, land: bool) -> None:
        """Strafing and "only aircraft left" are for land battles."""
        self.only_air.setEnabled(land)
        index = self.policy.findData("strafe")
        item = self.policy.model().item(index)
        item.setEnabled(land)

    def load(self, options) -> None:
        """Fill from a scenario's options (no edit signal: loads are not edits)."""
        for box in (self.policy, self.territory_value, self.only_air):
            box.blockSignals(True)
        self.policy.setCurrentIndex(self.policy.findData(options.retreat))
        self.territory_value.setValue(options.territory_value)
        self.only_air.setChecked(options.retreat_when_only_air)
        for box in (self.policy, self.territory_value, self.only_air):
            box.blockSignals(False)
        self._policy_changed(emit=False)

    def values(self) -> dict:
        """The options this box sets (``LowLuckOptions`` fields)."""
        policy = self.policy.currentData()
        return {"retreat": policy,
                "territory_value": self.territory_value.value() if policy == "profit" else 0,
                "retreat_when_only_air": self.only_air.isChecked() and self.only_air.isEnabled()}
