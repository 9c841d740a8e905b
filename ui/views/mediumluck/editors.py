"""Medium Luck's side editors: reserve pools (the form) and deploying reserves (the table).

They record what the player chose; the engine checks it (``MediumLuckSetup``, and
``TableBattle.between_rounds`` for a deployment).
"""
from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (QComboBox, QGridLayout, QGroupBox, QHBoxLayout, QLabel,
                               QPushButton, QSpinBox, QWidget)

from combatassist.battle import BattleRules

from .bands_model import MAX_UNITS, unit_label
from ...widgets.count_box import CountBox
from ...i18n import SOURCE_LANGUAGE, current_language, data_name, side_name, translate


class ReserveEditor(QGroupBox):
    """One side's reserve pool (option ``reserves``): how many of each type wait off-board."""

    def __init__(self, side: str, chart, on_change, parent: QWidget | None = None):
        super().__init__(translate("widgets.mediumluck_editors", "Attacker's reserve")
                         if side == "attacker" else
                         translate("widgets.mediumluck_editors", "Defender's reserve"), parent)
        self.side = side
        self.on_change = on_change
        self.setToolTip(translate("widgets.mediumluck_editors", "Units held back, deployed into bands between rounds (round 2 on)"))
        self.spins: dict[str, QSpinBox] = {}
        self.grid = QGridLayout(self)
        self.set_chart(chart)

    def set_chart(self, chart) -> None:
        if list(self.spins) == list(chart.units):
            return
        for spin in self.spins.values():
            spin.setParent(None)
        while self.grid.count():
            widget = self.grid.takeAt(0).widget()
            if widget is not None:
                widget.setParent(None)
        self.spins = {}
        for i, unit in enumerate(chart.units):
            spin = CountBox(MAX_UNITS)
            spin.setObjectName(f"{self.side}_reserve_{unit}")
            spin.valueChanged.connect(lambda _v: self.on_change())
            label = QLabel(unit_label(unit))
            label.setBuddy(spin)
            self.grid.addWidget(label, i // 2, 2 * (i % 2))
            self.grid.addWidget(spin, i // 2, 2 * (i % 2) + 1)
            self.spins[unit] = spin

    def value(self) -> dict[str, int]:
        return {u: s.value() for u, s in self.spins.items() if s.value()}

    def set_value(self, counts: dict[str, int]) -> None:
        for unit, spin in self.spins.items():
            spin.blockSignals(True)
            spin.setValue(int(counts.get(unit, 0)))
            spin.blockSignals(False)


def shown(ident: str, name: str) -> str:
    """What a box shows for an engine id: the id itself in English (as players type it at
    the table), its name in another language."""
    return ident if current_language() == SOURCE_LANGUAGE else name


class DeployReservesEditor(QGroupBox):
    """Table side, between rounds: deploy reserve units into a band (docs/rules.md §1 reserves).

    Keyboard: Tab through side, unit, count, band, role; Enter deploys. Emits the action
    ``{"side": side, "moves": [[band, role, unit, count]]}`` for ``TableBattle.between_rounds``;
    the engine checks it (the panel shows a refusal).
    """

    action_chosen = Signal(object)

    def __init__(self, parent: QWidget | None = None):
        super().__init__(translate("widgets.mediumluck_editors", "Deploy reserves…"), parent)
        self.options: dict[str, dict[str, int]] = {}
        self.side_box = QComboBox()
        self.unit_box = QComboBox()
        self.count_box = CountBox(MAX_UNITS, minimum=1)
        self.band_box = QComboBox()
        self.role_box = QComboBox()
        for role in ("roll", "boost"):
            self.role_box.addItem(shown(role, translate("widgets.bands_model", role)), role)
        self.deploy_button = QPushButton(translate("widgets.mediumluck_editors", "Deploy"))
        self.deploy_button.setToolTip(translate("widgets.mediumluck_editors", "Move these reserve units into the band (Enter); "
                                      "they stay there for the rest of the battle"))
        for widget, tip in ((self.side_box, translate("widgets.mediumluck_editors", "side")),
                            (self.unit_box, translate("widgets.mediumluck_editors",
                                                      "reserve unit")),
                            (self.count_box, translate("widgets.mediumluck_editors", "how many")),
                            (self.band_box, translate("widgets.mediumluck_editors", "into band")),
                            (self.role_box, translate("widgets.mediumluck_editors", "as"))):
            widget.setToolTip(tip)
            widget.setAccessibleName(translate("widgets.mediumluck_editors",
                                               "deploy: {what}").format(what=tip))
        # the boxes show names (in the app's language) and hold the engine's ids
        self.side_box.currentIndexChanged.connect(
            lambda _i: self._side_changed(self.side_box.currentData()))
        self.unit_box.currentIndexChanged.connect(
            lambda _i: self._unit_changed(self.unit_box.currentData()))
        self.deploy_button.clicked.connect(self.deploy)
        self.count_box.lineEdit().returnPressed.connect(self.deploy)
        row = QHBoxLayout(self)
        for widget in (self.side_box, self.unit_box, self.count_box, QLabel(translate("widgets.mediumluck_editors", "into")),
                       self.band_box, self.role_box, self.deploy_button):
            row.addWidget(widget)
        row.addStretch(1)

    def set_options(self, options: dict[str, dict[str, int]], rules: BattleRules) -> None:
        """Units in reserve per side (the engine's between-rounds options) and the chart's bands."""
        self.options = dict(options)
        side = self.side_box.currentData()
        self.side_box.blockSignals(True)
        self.side_box.clear()
        for name in self.options:
            self.side_box.addItem(shown(name, side_name(name)), name)
        if side in self.options:
            self.side_box.setCurrentIndex(self.side_box.findData(side))
        self.side_box.blockSignals(False)
        band = self.band_box.currentData()
        self.band_box.clear()
        chart = getattr(rules, "chart", None)
        for name in (chart.band_names if chart is not None else ()):
            self.band_box.addItem(shown(name, data_name("mediumluck", name)), name)
        if band:
            self.band_box.setCurrentIndex(max(0, self.band_box.findData(band)))
        self._side_changed(self.side_box.currentData())

    def _side_changed(self, side: str | None) -> None:
        unit = self.unit_box.currentData()
        self.unit_box.blockSignals(True)
        self.unit_box.clear()
        for name in self.options.get(side, {}):
            self.unit_box.addItem(shown(name, data_name("mediumluck", name.replace("_", " "))),
                                  name)
        if unit in self.options.get(side, {}):
            self.unit_box.setCurrentIndex(self.unit_box.findData(unit))
        self.unit_box.blockSignals(False)
        self._unit_changed(self.unit_box.currentData())

    def _unit_changed(self, unit: str | None) -> None:
        available = self.options.get(self.side_box.currentData(), {}).get(unit, 0)
        self.count_box.set_limit(max(1, available))
        self.count_box.setSuffix(translate("widgets.mediumluck_editors", " of {available}")
                                 .format(available=available) if available else "")

    def deploy(self) -> None:
        side, unit = self.side_box.currentData(), self.unit_box.currentData()
        if not side or not unit:
            return
        self.action_chosen.emit({"side": side, "moves": [[self.band_box.currentData(),
                                                          self.role_box.currentData(), unit,
                                                          self.count_box.value()]]})
