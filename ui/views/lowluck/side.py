"""One side of a Low Luck battle: its units (value and cost each), the later editions'
inputs, order of loss and techs.

Everything the panel shows comes from the ``Edition`` it is given: the unit rows (attack or
defence, cost), which rows fight in a battle kind, and which extra inputs the edition has —
landed from transports (``amphibious``, the attacker's land units in a land battle),
``bombard`` (the attacker's ships with the bombard ability, land battle), ``damaged`` (units
that take two hits) and ``submerge`` (sea battles, an edition with a submarine). Whether a
combination is valid is the engine's to say (the view checks the scenario it builds).
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QCheckBox, QGridLayout, QGroupBox, QHBoxLayout, QLabel,
                               QSpinBox, QVBoxLayout, QWidget)

from combatassist.rulesets import lowluck

from ...i18n import QT_TRANSLATE_NOOP, data_name, translate
from ...result_style import ATTACKER, DEFENDER
from ...widgets.count_box import CountBox
from ...widgets.loss_order import LossOrderEditor

ROLE_TITLES = {"attacker": QT_TRANSLATE_NOOP("widgets.lowluck_side", "Attacker"),
               "defender": QT_TRANSLATE_NOOP("widgets.lowluck_side", "Defender")}
UNIT_KINDS = (QT_TRANSLATE_NOOP("widgets.lowluck_side", "land"),
              QT_TRANSLATE_NOOP("widgets.lowluck_side", "air"),
              QT_TRANSLATE_NOOP("widgets.lowluck_side", "sea"))
#: the later editions' per-unit inputs: field -> (column heading, tooltip)
EXTRA_COLUMNS = {
    "amphibious": (QT_TRANSLATE_NOOP("widgets.lowluck_side", "Landed"),
                   QT_TRANSLATE_NOOP("widgets.lowluck_side",
                                     "Of these units, how many land from transports (an "
                                     "amphibious assault): they can't retreat")),
    "bombard": (QT_TRANSLATE_NOOP("widgets.lowluck_side", "Bombard"),
                QT_TRANSLATE_NOOP("widgets.lowluck_side",
                                  "Ships offshore that bombard the beach in round 1 (as many "
                                  "per unit landed as the edition allows; they can't be "
                                  "hit)")),
    "damaged": (QT_TRANSLATE_NOOP("widgets.lowluck_side", "Damaged"),
                QT_TRANSLATE_NOOP("widgets.lowluck_side",
                                  "Of these units, how many start damaged (one more hit "
                                  "sinks them)")),
}
FIRST_EXTRA_COLUMN = 4


def unit_label(uid: str) -> str:
    """A unit's display name (``resources/lowluck/labels.toml``) in the app's language."""
    return data_name("lowluck", lowluck.RULESET.label("units", uid))


def extra_units(edition: lowluck.Edition, field: str, role: str) -> tuple[str, ...]:
    """The unit types that have an input for the later editions' ``field`` on ``role``'s
    side (none in Classic), as the scenario format reads them."""
    if edition.classic:
        return ()
    if field == "amphibious" and role == "attacker":
        return tuple(u.id for u in edition.units if u.kind == "land" and not u.has("aa_gun"))
    if field == "bombard" and role == "attacker":
        # with the ships a tech of the edition may make bombard (Revised's destroyers:
        # refused when checked without the tech, as in a file)
        every = frozenset(edition.tech_effects)
        return tuple(u.id for u in edition.units if edition.bombards(u.id, every))
    if field == "damaged":
        return tuple(u.id for u in edition.units if u.hits > 1)
    return ()


def has_submerge(edition: lowluck.Edition) -> bool:
    """Whether a side may choose to submerge its submarines (the later editions)."""
    return not edition.classic and bool(edition.with_ability("submarine"))


class SidePanel(QGroupBox):
    """One side's units, the later editions' inputs, order of loss and techs."""

    def __init__(self, role: str, on_change: Callable[..., None], parent: QWidget | None = None,
                 edition: lowluck.Edition | None = None):
        super().__init__(translate("widgets.lowluck_side", ROLE_TITLES[role]), parent)
        self.role = role
        #: The edition whose units this panel shows.
        self.edition = edition or lowluck.classic()
        self.battle = "land"
        colour = ATTACKER if role == "attacker" else DEFENDER
        self.setStyleSheet(f"QGroupBox {{ font-weight: bold; }} "
                           f"QGroupBox::title {{ color: {colour}; }}")
        self.spins: dict[str, QSpinBox] = {}
        #: field -> unit id -> its count box (only the units that have the input)
        self.extras: dict[str, dict[str, QSpinBox]] = {}
        self.extra_heads: dict[str, QLabel] = {}
        self.cost_labels: dict[str, QLabel] = {}
        grid = QGridLayout()
        grid.setHorizontalSpacing(8)
        grid.setVerticalSpacing(2)
        value_head = (translate("widgets.lowluck_side", "Att") if role == "attacker"
                      else translate("widgets.lowluck_side", "Def"))
        heads = [(translate("widgets.lowluck_side", "Unit"), 0), (value_head, 1),
                 (translate("widgets.lowluck_side", "Cost"), 2),
                 (translate("widgets.lowluck_side", "Count"), 3)]
        for text, col in heads:
            head = QLabel(f"<span style='color:#555'>{text}</span>")
            grid.addWidget(head, 0, col)
        heads_tips = {1: translate("widgets.lowluck_side", "This side's attack value: hits on "
                                   "this number or less") if role == "attacker" else
                      translate("widgets.lowluck_side", "This side's defence value: hits on "
                                "this number or less"),
                      2: translate("widgets.lowluck_side", "What a unit costs in IPC: the IPC "
                                   "figures (IPC lost, IPC swing) count these costs")}
        for col, tip in heads_tips.items():
            grid.itemAtPosition(0, col).widget().setToolTip(tip)
        rows = {uid: row for row, uid in enumerate(self.edition.ids, start=1)}
        # the counts first, so that Tab walks down the counts before the extra inputs
        for uid, unit in self.edition.unit_map.items():
            row = rows[uid]
            name = unit_label(uid)
            spin = CountBox(lowluck.MAX_PER_TYPE)
            spin.setObjectName(f"{role}_{uid}")
            text = QLabel(name)
            value = QLabel(str(unit.value(role)))
            value.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            cost = QLabel(translate("widgets.lowluck_side", "{cost} IPC").format(cost=unit.cost))
            cost.setObjectName(f"{role}_{uid}_cost")
            cost.setAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.cost_labels[uid] = cost
            tip = translate("widgets.lowluck_side", "{unit}: attack {attack}, defence "
                            "{defence}, cost {cost} IPC ({kind}{hits}); the IPC figures count "
                            "this cost").format(
                unit=name, attack=unit.attack, defence=unit.defence, cost=unit.cost,
                kind=translate("widgets.lowluck_side", unit.kind),
                hits=translate("widgets.lowluck_side", ", takes two hits")
                if unit.hits > 1 else "")
            for w in (spin, text, value, cost):
                w.setToolTip(tip)
            text.setBuddy(spin)
            spin.valueChanged.connect(on_change)
            self.spins[uid] = spin
            for col, w in enumerate((text, value, cost, spin)):
                grid.addWidget(w, row, col)
        for col, (field, (head_text, tip_text)) in enumerate(EXTRA_COLUMNS.items(),
                                                               start=FIRST_EXTRA_COLUMN):
            ids = extra_units(self.edition, field, role)
            if not ids:
                # an edition without this input keeps its column's room, as wide as the
                # input (a column with no widget loses its width and spacing): switching
                # editions moves nothing
                room = CountBox(lowluck.MAX_PER_TYPE)
                policy = room.sizePolicy()
                policy.setRetainSizeWhenHidden(True)
                room.setSizePolicy(policy)
                room.setVisible(False)
                grid.addWidget(room, 1, col)        # beside a count box: no taller row
                continue
            tip = translate("widgets.lowluck_side", tip_text)
            head = QLabel(f"<span style='color:#555'>"
                          f"{translate('widgets.lowluck_side', head_text)}</span>")
            head.setToolTip(tip)
            grid.addWidget(head, 0, col)
            self.extra_heads[field] = head
            boxes = {}
            for uid in ids:
                box = CountBox(lowluck.MAX_PER_TYPE)
                box.setObjectName(f"{role}_{field}_{uid}")
                box.setToolTip(tip)
                box.valueChanged.connect(on_change)
                boxes[uid] = box
                grid.addWidget(box, rows[uid], col)
            self.extras[field] = boxes
        self._keep_columns_in_place(grid, role)
        self.submerge = QCheckBox(translate("widgets.lowluck_side", "Submarines submerge"))
        self.submerge.setObjectName(f"{role}_submerge")
        self.submerge.setToolTip(translate(
            "widgets.lowluck_side", "This side's submarines submerge (leave the battle) while "
            "the enemy has no destroyer"))
        self.submerge.toggled.connect(on_change)
        self.submerge.setVisible(has_submerge(self.edition))
        self.order = LossOrderEditor(on_change,
                                     default=lambda: lowluck.rules.full_order(self.edition, (),
                                                                              role),
                                     label=unit_label)
        self.order.reset_button.setToolTip(translate("widgets.lowluck_side", "Cheapest first"))
        self.order.set_rows(lowluck.rules.full_order(self.edition, (), role))
        self.techs: dict[str, QCheckBox] = {}
        tech_row = QHBoxLayout()
        for t in self.edition.tech_effects:
            box = QCheckBox(data_name("lowluck", lowluck.RULESET.label("techs", t)))
            box.toggled.connect(on_change)
            self.techs[t] = box
            tech_row.addWidget(box)
        layout = QVBoxLayout(self)
        layout.addLayout(grid)
        layout.addWidget(self.submerge)
        layout.addWidget(QLabel(translate("widgets.lowluck_side",
                                          "Order of loss (first lost on top):")))
        layout.addWidget(self.order)
        layout.addLayout(tech_row)

    def _keep_columns_in_place(self, grid: QGridLayout, role: str) -> None:
        """Every column as wide in every shipped edition and battle kind: the names and
        costs as the widest of any shipped edition, each later-edition input column as wide
        as its heading and its inputs (kept in Classic, its inputs hidden in a sea battle). Switching editions or battle
        kinds then moves no column and never widens the set-up pane."""
        metrics = QLabel().fontMetrics()
        editions = [lowluck.shipped(name) for name in lowluck.SHIPPED] + [self.edition]
        units = [unit for edition in editions for unit in edition.units]
        widths = {
            0: max(metrics.horizontalAdvance(unit_label(unit.id)) for unit in units),
            2: max(metrics.horizontalAdvance(translate("widgets.lowluck_side", "{cost} IPC")
                                             .format(cost=unit.cost)) for unit in units)}
        for col, (head_text, _tip) in enumerate(EXTRA_COLUMNS.values(),
                                                 start=FIRST_EXTRA_COLUMN):
            widths[col] = metrics.horizontalAdvance(translate("widgets.lowluck_side",
                                                              head_text))
        for col, width in widths.items():
            grid.setColumnMinimumWidth(col, width + 2)
        grid.setColumnStretch(FIRST_EXTRA_COLUMN + len(EXTRA_COLUMNS), 1)
        # an input hidden for this battle kind keeps its room (QGridLayout drops the
        # spacing of a column left empty)
        for widget in [*self.extra_heads.values(),
                       *(box for boxes in self.extras.values() for box in boxes.values())]:
            policy = widget.sizePolicy()
            policy.setRetainSizeWhenHidden(True)
            widget.setSizePolicy(policy)

    # -- which inputs apply ---------------------------------------------------------------
    def applies(self, field: str, battle: str) -> bool:
        """Whether the later editions' ``field`` has inputs in a ``battle`` battle."""
        if field in ("amphibious", "bombard"):
            return battle == "land" and field in self.extras
        if field == "damaged":
            return field in self.extras
        return has_submerge(self.edition) and battle == "sea"      # submerge

    def allow(self, battle: str) -> None:
        """Show the inputs of this kind of battle: unit types that can't fight in it are
        disabled (their place in the order of loss kept), the extra inputs follow."""
        self.battle = battle
        for uid, spin in self.spins.items():
            spin.setEnabled(self.edition.may_fight(uid, self.role, battle))
        self.order.hide_rows(lambda uid: not self.edition.may_fight(uid, self.role, battle))
        for field, boxes in self.extras.items():
            shown = self.applies(field, battle)
            self.extra_heads[field].setVisible(shown)
            for uid, box in boxes.items():
                box.setVisible(shown)
                box.setEnabled(field == "bombard"
                               or self.edition.may_fight(uid, self.role, battle))
        self.submerge.setEnabled(self.applies("submerge", battle))

    # -- reading and loading ----------------------------------------------------------------
    def side(self, battle: str) -> lowluck.LowLuckSide:
        """The side as the form shows it for a ``battle`` battle (inputs of other battle
        kinds are kept in the form but not read)."""
        units = {uid: s.value() for uid, s in self.spins.items()
                 if s.value() and self.edition.may_fight(uid, self.role, battle)}
        parts = {}
        for field, boxes in self.extras.items():
            applies = self.applies(field, battle)
            # a count the engine refuses (more landed than units) is passed on: it says why
            parts[field] = {uid: b.value() for uid, b in boxes.items() if applies and b.value()
                            and (field == "bombard" or self.edition.may_fight(uid, self.role, battle))}
        return lowluck.LowLuckSide(
            units=units, order_of_loss=tuple(self.order.value()),
            techs=frozenset(t for t, b in self.techs.items() if b.isChecked()),
            amphibious=parts.get("amphibious", {}), bombard=parts.get("bombard", {}),
            damaged=parts.get("damaged", {}),
            submerge=self.submerge.isChecked() and self.applies("submerge", battle))

    def load(self, side: lowluck.LowLuckSide) -> None:
        """Show ``side`` (every field the edition has an input for; no notification)."""
        for uid, spin in self.spins.items():
            spin.setValue(int(side.units.get(uid, 0)))
        for field, boxes in self.extras.items():
            values = getattr(side, field)
            for uid, box in boxes.items():
                box.setValue(int(values.get(uid, 0)))
        self.submerge.setChecked(bool(side.submerge))
        self.order.set_rows(lowluck.rules.full_order(self.edition, tuple(side.order_of_loss),
                                                     self.role),
                            custom=bool(side.order_of_loss))
        for t, box in self.techs.items():
            box.setChecked(t in side.techs)


def carry_over(body: lowluck.LowLuckScenario, edition: lowluck.Edition
               ) -> tuple[lowluck.LowLuckScenario, list[str]]:
    """The form's battle moved to another edition: what the new edition also has is kept
    (units, order of loss, techs, the later editions' inputs, Classic's options), the rest
    dropped and listed in player words ("2 Mech infantry (attacker)", "AA gun option")."""
    dropped: list[str] = []
    sides = {}
    for role in ("attacker", "defender"):
        side: lowluck.LowLuckSide = getattr(body, role)
        whose = translate("widgets.lowluck_side", ROLE_TITLES[role])
        units = {}
        for uid, n in side.units.items():
            if uid in edition.unit_map:
                units[uid] = n
            elif n:
                dropped.append(translate("widgets.lowluck_side", "{count} {unit} ({side})")
                               .format(count=n, unit=unit_label(uid), side=whose))
        parts = {}
        for field, (head, _tip) in EXTRA_COLUMNS.items():
            allowed = extra_units(edition, field, role)
            parts[field] = {u: n for u, n in getattr(side, field).items() if u in allowed}
            if sum(parts[field].values()) < sum(getattr(side, field).values()):
                dropped.append(translate("widgets.lowluck_side", "{input} ({side})").format(
                    input=translate("widgets.lowluck_side", head), side=whose))
        submerge = side.submerge and has_submerge(edition)
        if side.submerge and not submerge:
            dropped.append(translate("widgets.lowluck_side", "submerging ({side})")
                           .format(side=whose))
        techs = frozenset(t for t in side.techs if t in edition.tech_effects)
        dropped += [translate("widgets.lowluck_side", "{tech} ({side})").format(
            tech=data_name("lowluck", lowluck.RULESET.label("techs", t)), side=whose)
            for t in sorted(side.techs - techs)]
        sides[role] = lowluck.LowLuckSide(
            units=units, order_of_loss=tuple(u for u in side.order_of_loss
                                             if u in edition.unit_map),
            techs=techs, amphibious=parts["amphibious"], bombard=parts["bombard"],
            damaged=parts["damaged"], submerge=submerge)
    options = body.options
    if options.aa_gun and edition.aa != "option":
        dropped.append(translate("widgets.lowluck_side", "the AA gun option (AA guns are "
                                 "units in this edition)"))
        options = dataclasses.replace(options, aa_gun=False)
    if edition.submarines == "first_strike" and body.edition.submarines != "first_strike":
        options = dataclasses.replace(options, submarine_first_strike=True)
    # the later waves and the counter-attack: the units the edition has (a wave left with
    # none stays, for the engine to say so: the player removes it)
    def kept(units: dict, whose: str) -> dict:
        out = {}
        for uid, n in units.items():
            if uid in edition.unit_map:
                out[uid] = n
            elif n:
                dropped.append(translate("widgets.lowluck_side", "{count} {unit} ({side})")
                               .format(count=n, unit=unit_label(uid), side=whose))
        return out
    attacker = sides["attacker"]
    waves = tuple(lowluck.LowLuckSide(
        units=kept(dict(w.units), translate("widgets.lowluck_side", "wave {k}").format(k=k)),
        order_of_loss=attacker.order_of_loss, techs=attacker.techs)
        for k, w in enumerate(body.waves, start=2))
    counter = None
    if body.counter is not None:
        counter = lowluck.LowLuckSide(
            units=kept(dict(body.counter.units),
                       translate("widgets.lowluck_side", "counter-attack")),
            order_of_loss=tuple(u for u in body.counter.order_of_loss
                                if u in edition.unit_map))
    return (lowluck.LowLuckScenario(options=options, attacker=attacker,
                                    defender=sides["defender"], edition=edition,
                                    waves=waves, counter=counter), dropped)
