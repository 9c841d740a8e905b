"""The Dirtside II view: weapon/armour selector, one shot's odds, P(kill) heatmap; the table
side is the one panel every ruleset uses, over DS2's one-shot rules.

The form offers only valid combinations: it reads what each weapon family allows from
``ds2.weapon_options()`` (sizes, range bands, combat types, whether a hit chance may be given)
and hides or disables the fields that don't apply. A DS2 result is one shot, not a battle, so
the view puts its own ``ShotResultsPanel`` where battle views show the battle results.
"""
from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QButtonGroup, QCheckBox, QComboBox, QDoubleSpinBox,
                               QFormLayout, QGroupBox, QHBoxLayout, QLabel, QLineEdit,
                               QPushButton, QRadioButton, QVBoxLayout, QWidget)

from combatassist.rulesets import ds2
from combatassist.rulesets.ds2 import Shot
from combatassist.rulesets.ds2 import fields
from combatassist.scenario import Scenario

from ...compute import Job
from ...engine_text import render
from .results import ShotAnswer, ShotResultsPanel
from ..base import ResolutionView
from ...i18n import data_name, translate

def label(category: str, key: str) -> str:
    """A display name (``resources/ds2/labels.toml``: label("covers", "soft") -> "Soft cover")
    in the app's language."""
    return data_name("ds2", ds2.RULESET.label(category, key))


def family_text(fam: dict) -> str:
    """A family as the form lists it: "HEL — High-energy laser" (separators group the
    classes; the class is in the tooltip)."""
    short, name = data_name("ds2", fam["label"]), data_name("ds2", fam["name"])
    return name if fam["label"].lower() in fam["name"].lower() else f"{short} — {name}"


def family_tip(fam: dict) -> str:
    title = label("classes", fam["class"])
    english = ds2.RULESET.label("classes", fam["class"])
    return (f"{data_name('ds2', fam['label'])}: {data_name('ds2', fam['name'])}, "
            f"{title.lower() if title == english else title}")


class Ds2View(ResolutionView):
    ruleset = "ds2"
    title = "Dirtside II"
    order = 50

    @classmethod
    def data_names(cls) -> set[str]:
        """The weapon families' labels, names and size labels."""
        from combatassist.rulesets import ds2

        names = set()
        for family in ds2.weapon_options()["families"]:
            names |= {family["label"], family["name"], *family.get("size_labels", {}).values()}
        return names

    def build_results(self) -> QWidget:
        # A DS2 result is one shot, not a battle: the shot panel is the results panel.
        return ShotResultsPanel()

    def finish_build(self) -> None:
        self.results.heatmap.cell_clicked.connect(self.pick_cell)

    # -- the form ---------------------------------------------------------------------------
    def build_form(self) -> QWidget:
        options = ds2.weapon_options()
        self.options = options
        self.families = {f["id"]: f for f in options["families"]}
        self.title_edit = QLineEdit()
        self.title_edit.setPlaceholderText(translate("views.ds2", "(optional)"))
        self.title_edit.textEdited.connect(self.edited)

        weapon = self._weapon_box(options)
        target = self._target_box(options)
        self._keep_combos_in_their_column()

        form = QWidget()
        top = QFormLayout()
        top.addRow(translate("views.ds2", "Title:"), self.title_edit)
        layout = QVBoxLayout(form)
        layout.addLayout(top)
        layout.addWidget(weapon)
        layout.addWidget(target)
        layout.addStretch(1)
        return form

    def _weapon_box(self, options: dict[str, Any]) -> QGroupBox:
        """The weapon: family, size class, range band, combat type, the weapon's own chance to
        hit, and the note that says why a field doesn't apply."""
        self.family = self._family_combo(options)
        self.size = QComboBox()
        self.size.setObjectName("size")
        self.size.currentIndexChanged.connect(self._size_changed)
        self.range = QComboBox()
        self.range.setObjectName("range")
        for r in options["ranges"]:
            self.range.addItem(label("ranges", r), r)
        self.range.currentIndexChanged.connect(self.edited)
        self.combat = QComboBox()
        self.combat.setObjectName("combat")
        for c in options["combat"]:
            self.combat.addItem(label("combat", c), c)
        self.combat.currentIndexChanged.connect(self.edited)
        self.give_hit = QCheckBox(translate("views.ds2", "Chance to hit:"))
        self.give_hit.setToolTip(translate("views.ds2", "The weapon's own to-hit chance (outside the damage system); "
                                 "unticked: the shot hits"))
        self.give_hit.toggled.connect(self._hit_toggled)
        self.p_hit = QDoubleSpinBox()
        self.p_hit.setObjectName("p_hit")
        self.p_hit.setRange(0, 100)
        self.p_hit.setDecimals(1)
        self.p_hit.setSingleStep(5)
        self.p_hit.setSuffix(" %")
        self.p_hit.setValue(50)
        # The exact value: a file's 0.3333... is kept until the user edits the box.
        self.p_hit_value = 0.5
        self.p_hit.valueChanged.connect(self._p_hit_edited)
        self.weapon_note = QLabel("")
        self.weapon_note.setObjectName("weaponNote")
        self.weapon_note.setWordWrap(True)
        self.weapon_note.setStyleSheet("color: #555;")

        weapon = QGroupBox(translate("views.ds2", "Weapon"))
        self.weapon_form = wf = QFormLayout(weapon)
        wf.addRow(translate("views.ds2", "Family:"), self.family)
        wf.addRow(translate("views.ds2", "Size class:"), self.size)
        wf.addRow(translate("views.ds2", "Range band:"), self.range)
        wf.addRow(translate("views.ds2", "Combat:"), self.combat)
        hit_row = QHBoxLayout()
        hit_row.addWidget(self.give_hit)
        hit_row.addWidget(self.p_hit, 1)
        wf.addRow(hit_row)
        self.hit_row = hit_row
        wf.addRow(self.weapon_note)
        return weapon

    def _target_box(self, options: dict[str, Any]) -> QGroupBox:
        """The target: vehicle (armour rating, armour type, APFC) or infantry, its cover, and
        the note that says why a field doesn't apply."""
        self.kind_vehicle = QRadioButton(translate("views.ds2", "&Vehicle"))
        self.kind_infantry = QRadioButton(translate("views.ds2", "&Infantry"))
        self.kind_group = QButtonGroup(self)
        for button in (self.kind_vehicle, self.kind_infantry):
            self.kind_group.addButton(button)
            button.toggled.connect(self._kind_changed)
        kind_row = QHBoxLayout()
        kind_row.addWidget(self.kind_vehicle)
        kind_row.addWidget(self.kind_infantry)
        kind_row.addStretch(1)
        armour_row = self._armour_row(options)
        self.armour_type = QComboBox()
        self.armour_type.setObjectName("armour_type")
        for t in options["armour_types"]:
            self.armour_type.addItem(label("armour_types", t), t)
        self.armour_type.currentIndexChanged.connect(self._armour_type_changed)
        self.apfc = QCheckBox(translate("views.ds2", "APFC as well"))
        self.apfc.setObjectName("apfc")
        self.apfc.setToolTip(translate("views.ds2", "Active point-defence fire control on top of reactive or "
                             "ablative armour"))
        self.apfc.toggled.connect(self.edited)
        self.infantry = QComboBox()
        self.infantry.setObjectName("infantry")
        ratings = ds2.tables().infantry_ratings
        for i in options["infantry"]:
            self.infantry.addItem(translate("views.ds2", "{kind} (armour {rating})").format(
                kind=label("infantry", i), rating=ratings[i]), i)
        self.infantry.currentIndexChanged.connect(self.edited)
        self.cover = QComboBox()
        self.cover.setObjectName("cover")
        for c in options["covers"]:
            self.cover.addItem(label("covers", c), c)
        self.cover.currentIndexChanged.connect(self.edited)
        self.target_note = QLabel("")
        self.target_note.setObjectName("targetNote")
        self.target_note.setWordWrap(True)
        self.target_note.setStyleSheet("color: #555;")

        target = QGroupBox(translate("views.ds2", "Target"))
        self.target_form = tf = QFormLayout(target)
        tf.addRow(translate("views.ds2", "Kind:"), kind_row)
        tf.addRow(translate("views.ds2", "Armour:"), armour_row)
        self.armour_row = armour_row
        tf.addRow(translate("views.ds2", "Armour type:"), self.armour_type)
        tf.addRow("", self.apfc)
        tf.addRow(translate("views.ds2", "Infantry:"), self.infantry)
        tf.addRow(translate("views.ds2", "Cover:"), self.cover)
        tf.addRow(self.target_note)
        return target

    def _family_combo(self, options: dict[str, Any]) -> QComboBox:
        """The weapon families by class (separators between classes), each spelled out."""
        family = QComboBox()
        family.setObjectName("family")
        last_class = None
        for fam in options["families"]:
            if last_class is not None and fam["class"] != last_class:
                family.insertSeparator(family.count())
            last_class = fam["class"]
            family.addItem(family_text(fam), fam["id"])
            family.setItemData(family.count() - 1, family_tip(fam), Qt.ItemDataRole.ToolTipRole)
        family.setMaxVisibleItems(25)
        # as wide as its longest name: the set-up pane widens to fit it (nothing cut off)
        family.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        family.setMinimumWidth(150)     # in the smallest window the odds keep their room
        family.setToolTip(translate("views.ds2", "The weapon family: its usual abbreviation, spelled out"))
        family.currentIndexChanged.connect(self._family_changed)
        return family

    def _armour_row(self, options: dict[str, Any]) -> QHBoxLayout:
        """One checkable button per armour rating (0: soft-skinned), the arrow keys moving
        along the row."""
        self.armour_buttons: dict[int, QPushButton] = {}
        self.armour_group = QButtonGroup(self)
        self.armour_group.setExclusive(True)
        armour_row = QHBoxLayout()
        armour_row.setSpacing(2)
        for a in options["armour"]:
            b = QPushButton(str(a))
            b.setObjectName(f"armour_{a}")
            b.setCheckable(True)
            b.setAutoExclusive(True)       # arrow keys move along the row
            b.setFixedWidth(34)
            b.setToolTip(translate("views.ds2", "soft-skinned") if a == 0 else
                         translate("views.ds2", "armour rating {rating}").format(rating=a))
            self.armour_group.addButton(b, a)
            self.armour_buttons[a] = b
            armour_row.addWidget(b)
        armour_row.addStretch(1)
        self.armour_group.idToggled.connect(lambda _id, on: on and self.edited())
        return armour_row

    def _keep_combos_in_their_column(self) -> None:
        """Long entries must not push the form wider than its column (the family's names are
        read whole: the set-up pane widens to them, see RulesetView.fit_form_pane)."""
        for combo in (self.size, self.range, self.combat, self.armour_type, self.infantry,
                      self.cover):
            combo.setSizeAdjustPolicy(
                QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(12)

    # -- keeping the form valid -------------------------------------------------------------
    def family_info(self) -> dict[str, Any]:
        return self.families[self.family.currentData()]

    def _family_changed(self, *_args) -> None:
        self._fill_sizes()
        self._sync()
        self.edited()

    def _fill_sizes(self) -> None:
        fam = self.family_info()
        keep = self.size.currentData()
        self.size.blockSignals(True)
        self.size.clear()
        labels = fam.get("size_labels", {})
        for s in fam["sizes"]:
            text = f"{s} — {data_name('ds2', labels[s])}" if s in labels else str(s)
            if fam["size_rule"] == "fixed":
                text += translate("views.ds2", " (always)")
            self.size.addItem(text, s)
        index = self.size.findData(keep)
        if index < 0 and fam["sizes"]:
            # a new family: keep the size if it has it, else its middle size
            index = len(fam["sizes"]) // 2
        self.size.setCurrentIndex(index)
        self.size.blockSignals(False)

    def _size_changed(self, *_args) -> None:
        self.edited()

    def _kind_changed(self, on: bool = True) -> None:
        if not on:            # the other button's toggled(True) does the work
            return
        self._sync()
        self.edited()

    def _armour_type_changed(self, *_args) -> None:
        self._sync()
        self.edited()

    def _hit_toggled(self, *_args) -> None:
        self.p_hit.setEnabled(self.give_hit.isChecked())
        self.edited()

    def _p_hit_edited(self, value: float) -> None:
        if not self._loading:
            self.p_hit_value = value / 100
        self.edited()

    def hit_applies(self) -> bool:
        """A hit chance may be given (the engine's rule, ``ds2.fields``)."""
        return fields.hit_chance_applies(self.family_info(), self.target_kind())

    def apfc_applies(self) -> bool:
        """APFC may be added on top of the chosen armour (``ds2.fields``)."""
        return fields.apfc_applies(self.armour_type.currentData())

    def _sync(self) -> None:
        """Show only the fields that apply to this weapon and target; explain the rest."""
        fam = self.family_info()
        wf, tf = self.weapon_form, self.target_form
        wf.setRowVisible(self.size, fam["size_rule"] != "none")
        self.size.setEnabled(fam["size_rule"] in ("chosen", "weight"))
        wf.setRowVisible(self.range, bool(fam["ranges"]))
        wf.setRowVisible(self.combat, bool(fam["combat"]))
        wf.setRowVisible(self.hit_row, self.hit_applies())
        self.p_hit.setEnabled(self.give_hit.isChecked())
        vehicle = self.target_kind() == "vehicle"
        tf.setRowVisible(self.armour_row, vehicle)
        tf.setRowVisible(self.armour_type, vehicle)
        tf.setRowVisible(self.apfc, vehicle)
        tf.setRowVisible(self.infantry, not vehicle)
        self.apfc.setEnabled(self.apfc_applies())

        notes = fields.weapon_notes(fam, self.target_kind())
        self.weapon_note.setText(" ".join(render(n) for n in notes))
        self.weapon_note.setVisible(bool(notes))

        tnotes = [render(n) for n in fields.target_notes(fam, self.target_kind())]
        if vehicle and not self.apfc_applies():
            self.apfc.setToolTip(translate("views.ds2", "APFC on top of reactive or ablative armour; for standard "
                                 "armour with APFC choose “Standard + APFC”"))
        self.target_note.setText(" ".join(tnotes))
        self.target_note.setVisible(bool(tnotes))

    def target_kind(self) -> str:
        return "infantry" if self.kind_infantry.isChecked() else "vehicle"

    def pick_cell(self, size: int, armour: int) -> None:
        """Select a heatmap cell: that size class (if the family lets you choose) and armour."""
        changed = False
        index = self.size.findData(size)
        if self.size.isEnabled() and index >= 0 and index != self.size.currentIndex():
            self.size.setCurrentIndex(index)         # edits through _size_changed
            changed = True
        if self.target_kind() != "vehicle":
            self.kind_vehicle.setChecked(True)
            changed = True
        if self.armour_group.checkedId() != armour:
            self.armour_buttons[armour].setChecked(True)
            changed = True
        if changed:
            self.edited()

    # -- scenario <-> form ------------------------------------------------------------------
    def shot(self) -> Shot:
        """The form's shot (only the fields that apply are set)."""
        fam = self.family_info()
        vehicle = self.target_kind() == "vehicle"
        return Shot(
            family=fam["id"], target=self.target_kind(),
            size=self.size.currentData() if fam["size_rule"] != "none" else None,
            range=self.range.currentData() if fam["ranges"] else None,
            combat=self.combat.currentData() if fam["combat"] else None,
            p_hit=self.p_hit_value if self.hit_applies() and self.give_hit.isChecked()
            else None,
            armour=self.armour_group.checkedId() if vehicle else None,
            armour_type=self.armour_type.currentData() if vehicle else "standard",
            apfc=vehicle and self.apfc_applies() and self.apfc.isChecked(),
            infantry=None if vehicle else self.infantry.currentData(),
            cover=self.cover.currentData())

    def scenario(self) -> Scenario:
        return Scenario(self.ruleset, self.shot(), self.title_edit.text().strip() or None)

    def load_scenario(self, scenario: Scenario) -> None:
        shot: Shot = scenario.body.with_defaults()
        self.title_edit.setText(scenario.title or "")
        self.family.setCurrentIndex(self.family.findData(shot.family))
        self._fill_sizes()
        if shot.size is not None:
            self.size.setCurrentIndex(self.size.findData(shot.size))
        if shot.range is not None:
            self.range.setCurrentIndex(self.range.findData(shot.range))
        if shot.combat is not None:
            self.combat.setCurrentIndex(self.combat.findData(shot.combat))
        self.give_hit.setChecked(shot.p_hit is not None)
        if shot.p_hit is not None:
            self.p_hit.setValue(100 * shot.p_hit)
            self.p_hit_value = float(shot.p_hit)
        (self.kind_vehicle if shot.target == "vehicle" else self.kind_infantry).setChecked(True)
        if shot.target == "vehicle":
            self.armour_buttons[shot.armour].setChecked(True)
            armour_type, apfc = shot.armour_type, shot.apfc
            if armour_type in ("standard", "apfc") and apfc:
                # APFC on standard armour is the "apfc" armour type (same tables)
                armour_type, apfc = "apfc", False
            self.armour_type.setCurrentIndex(self.armour_type.findData(armour_type))
            self.apfc.setChecked(apfc)
        else:
            self.infantry.setCurrentIndex(self.infantry.findData(shot.infantry))
            self.armour_type.setCurrentIndex(self.armour_type.findData("standard"))
            self.apfc.setChecked(False)
        self.cover.setCurrentIndex(self.cover.findData(shot.cover))
        self._sync()

    # -- computing ----------------------------------------------------------------------------
    def compute_job(self) -> Job:
        # The same checks as a file (the form should never offer an impossible shot; if it
        # did, the message names the field as a scenario file would).
        shot: Shot = self.validated_scenario().body
        fam = self.families[shot.family]
        title = ds2.shot_title(shot)
        labels = {int(k): f"{k} {data_name('ds2', v)}"
                  for k, v in fam.get("size_labels", {}).items()} or None

        def job(cancel) -> ShotAnswer:
            result = ds2.compute(shot, cancel=cancel)
            if fam["class"] == "infantry":
                return ShotAnswer(title, fam["label"], result, None, translate(
                    "views.ds2", "{weapon} has no size class: the size × armour map is for "
                                 "heavy weapons and artillery.").format(
                        weapon=data_name("ds2", fam["label"])))
            target = shot.target == "vehicle"
            m = ds2.matrix(shot.family, shot.range,
                           shot.armour_type if target else "standard", apfc=shot.apfc,
                           cover=shot.cover, p_hit=shot.p_hit)
            note = "" if target else translate(
                "views.ds2", "The map shows {weapon} against vehicles; the target now is "
                             "infantry.").format(weapon=data_name("ds2", fam["label"]))
            current = (shot.size, shot.armour) if target else None
            return ShotAnswer(title, fam["label"], result, m, note, current, labels)
        return job
