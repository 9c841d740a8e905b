"""The Medium Luck band board on screen: colour rows, chip lists, unit pools, live band facts.

Every drag has a keyboard twin: select a chip (Tab / arrows), Ctrl+M (or the context-menu key)
opens "Move to…" listing every place — the ones the chart forbids are greyed with the reason —
and Delete sends a chip back to the pool (from the pool: out of the battle). The "units per
move" spinner (or Shift while dragging: one unit) splits a chip.
"""
from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (QComboBox, QFrame, QGridLayout,
                               QGroupBox, QHBoxLayout, QLabel, QPushButton,
                               QSizePolicy, QSpinBox, QVBoxLayout, QWidget)

from ...result_style import ACCENT, ATTACKER, DEFENDER
from .band_facts import BandFacts, side_facts_text
from .bands_model import (MAX_UNITS, POOL, SIDES, BandBoard, band_label, place_key,
                          unit_in_text, unit_label)
from .chip_list import ChipList, SplitPlaceModel, band_tip  # noqa: F401
from ...widgets.count_box import CountBox
from ...i18n import QT_TRANSLATE_NOOP, data_name, side_name, translate

#: What the four columns of the board hold (tooltips of their headings).
COLUMN_TIPS = {
    ("attacker", "roll"): QT_TRANSLATE_NOOP(
        "widgets.bands_view", "The attacker's units that roll this band's dice: one die per 3 "
        "units of a type (rounded up), at most the chart's dice per band"),
    ("attacker", "boost"): QT_TRANSLATE_NOOP(
        "widgets.bands_view", "The attacker's units that boost this band's dice: +1 to a die "
        "per boost, each kind of boost at most once per die"),
    ("defender", "roll"): QT_TRANSLATE_NOOP(
        "widgets.bands_view", "The defender's units that roll this band's dice: one die per 3 "
        "units of a type (rounded up), at most the chart's dice per band"),
    ("defender", "boost"): QT_TRANSLATE_NOOP(
        "widgets.bands_view", "The defender's units that boost this band's dice: +1 to a die "
        "per boost, each kind of boost at most once per die"),
}


#: Row colours per band name: (die colour, row tint, text colour on the die colour).
BAND_COLOURS = {
    "yellow": ("#F2D21B", "#FFF8D6", "#222222"),
    "black": ("#222222", "#E4E4E4", "#FFFFFF"),
    "blue": ("#2F6FD0", "#E3EEFC", "#FFFFFF"),
    "green": ("#2E9A4B", "#E2F4E6", "#FFFFFF"),
    "red": ("#C8281E", "#FBE3E1", "#FFFFFF"),
    "white": ("#FFFFFF", "#FAFAFA", "#222222"),
}
OTHER_BAND = ("#888888", "#F0F0F0", "#FFFFFF")


# -- the board -------------------------------------------------------------------------------------
class BandBoardWidget(QWidget):
    """Six colour rows (chart order) x roll/boost per side, the two pools, live band facts."""

    def __init__(self, board: BandBoard, parent: QWidget | None = None):
        super().__init__(parent)
        self.board = board
        self.lists: dict[tuple[str, str], ChipList] = {}
        self.facts_labels: dict[tuple[str, str], QLabel] = {}
        self.band_labels: dict[str, QLabel] = {}
        self.rows: list[QWidget] = []
        self.highlighted: str | None = None

        self.split = QSpinBox()
        self.split.setRange(0, 200)
        self.split.setSpecialValueText(translate("widgets.bands_view", "all"))
        self.split.setPrefix("")
        self.split.setToolTip(translate("widgets.bands_view", "How many units one drag or key move carries (all = the whole "
                              "chip). Shift while dragging carries one."))
        self.undo_button = QPushButton(translate("widgets.bands_view", "Undo"))
        self.redo_button = QPushButton(translate("widgets.bands_view", "Redo"))
        self.undo_button.clicked.connect(board.undo_stack.undo)
        self.redo_button.clicked.connect(board.undo_stack.redo)
        board.undo_stack.canUndoChanged.connect(self.undo_button.setEnabled)
        board.undo_stack.canRedoChanged.connect(self.redo_button.setEnabled)
        board.undo_stack.undoTextChanged.connect(
            lambda t: self.undo_button.setToolTip(
                translate("widgets.bands_view", "Undo {step} (Ctrl+Z)").format(step=t) if t
                else translate("widgets.bands_view", "Undo")))
        board.undo_stack.redoTextChanged.connect(
            lambda t: self.redo_button.setToolTip(
                translate("widgets.bands_view", "Redo {step} (Ctrl+Shift+Z)").format(step=t) if t
                else translate("widgets.bands_view", "Redo")))
        self.undo_button.setEnabled(False)
        self.redo_button.setEnabled(False)
        for keys, slot in (("Ctrl+Z", board.undo_stack.undo),
                           ("Ctrl+Shift+Z", board.undo_stack.redo)):
            sc = QShortcut(QKeySequence(keys), self)
            sc.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            sc.activated.connect(slot)
        self.status = QLabel("")
        self.status.setWordWrap(True)
        self.status.setObjectName("board_status")
        # a move that went through ends what the drag said on the way (over places it could
        # not go): refusals never outlive the position they were about
        board.changed.connect(lambda *_a: self.show_message(""))

        self.cap_label = QLabel("")
        self.cap_label.setStyleSheet("color: #555555;")
        top = QHBoxLayout()
        top.addWidget(QLabel(translate("widgets.bands_view", "Units per move:")))
        top.addWidget(self.split)
        top.addSpacing(12)
        top.addWidget(self.cap_label)
        top.addStretch(1)
        top.addWidget(self.undo_button)
        top.addWidget(self.redo_button)

        self.grid_holder = QWidget()
        self.grid = QGridLayout(self.grid_holder)
        self.grid.setContentsMargins(0, 0, 0, 0)
        self.grid.setHorizontalSpacing(4)
        self.grid.setVerticalSpacing(0)

        self.pool_boxes: dict[str, QGroupBox] = {}
        self.add_spins: dict[str, QSpinBox] = {}
        self.add_units: dict[str, QComboBox] = {}
        pools = QHBoxLayout()
        for side in SIDES:
            pools.addWidget(self._pool_box(side))

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(top)
        layout.addWidget(self.grid_holder)
        layout.addWidget(self.status)
        layout.addLayout(pools)
        self.rebuild()

    # -- building ----------------------------------------------------------------------
    def _chip_list(self, side: str, place: str) -> ChipList:
        model = SplitPlaceModel(self.board, side, place, split=self.split.value, parent=self)
        view = ChipList(model)
        view.message.connect(self.show_message)
        self.lists[(side, place)] = view
        return view

    def _pool_box(self, side: str) -> QGroupBox:
        colour = ATTACKER if side == "attacker" else DEFENDER
        box = QGroupBox(translate("widgets.bands_view", "Attacker's pool (idle units)")
                        if side == "attacker" else
                        translate("widgets.bands_view", "Defender's pool (idle units)"))
        box.setStyleSheet(f"QGroupBox {{ font-weight: bold; }} "
                          f"QGroupBox::title {{ color: {colour}; }}")
        pool = self._chip_list(side, POOL)
        pool.setMinimumHeight(48)
        pool.setMaximumHeight(72)
        spin = CountBox(MAX_UNITS, minimum=1)
        spin.setValue(1)
        spin.setObjectName(f"add_count_{side}")
        units = QComboBox()
        units.setObjectName(f"add_unit_{side}")
        add = QPushButton(translate("widgets.bands_view", "Add"))
        add.setObjectName(f"add_{side}")
        add.setToolTip(translate("widgets.bands_view", "Bring units into the attacker's pool; "
                                                       "then drag them into bands")
                       if side == "attacker" else
                       translate("widgets.bands_view", "Bring units into the defender's pool; "
                                                       "then drag them into bands"))
        add.clicked.connect(lambda _=False, s=side: self.add_units_to(s))
        row = QHBoxLayout()
        row.addWidget(spin)
        row.addWidget(units, 1)
        row.addWidget(add)
        inner = QVBoxLayout(box)
        inner.addWidget(pool)
        inner.addLayout(row)
        self.pool_boxes[side] = box
        self.add_spins[side] = spin
        self.add_units[side] = units
        return box

    def rebuild(self) -> None:
        """(Re)build the colour rows for the board's chart."""
        for key in [k for k in self.lists if k[1] != POOL]:
            view = self.lists.pop(key)
            view.place_model.board.changed.disconnect(view.place_model.refresh)
            view.deleteLater()
        for w in self.rows:
            w.deleteLater()
        self.rows.clear()
        self.facts_labels.clear()
        self.band_labels.clear()
        while self.grid.count():
            self.grid.takeAt(0)
        chart = self.board.chart
        self.cap_label.setText(translate("widgets.bands_view", "at most {most} dice per band and "
                                                               "side").format(most=chart.max_dice))
        heads = ((1, translate("widgets.bands_view", "Attacker roll"), "attacker", "roll"),
                 (2, translate("widgets.bands_view", "Attacker boost"), "attacker", "boost"),
                 (3, translate("widgets.bands_view", "Defender roll"), "defender", "roll"),
                 (4, translate("widgets.bands_view", "Defender boost"), "defender", "boost"))
        self.column_heads = []
        for col, text, side, role in heads:
            head = QLabel(f"<b>{text}</b>")
            head.setStyleSheet(f"color: {ATTACKER if side == 'attacker' else DEFENDER};")
            head.setAlignment(Qt.AlignmentFlag.AlignCenter)
            head.setToolTip(translate("widgets.bands_view", COLUMN_TIPS[(side, role)]))
            self.grid.addWidget(head, 0, col)
            self.rows.append(head)
            self.column_heads.append(head)
        for i, band in enumerate(chart.bands):
            die, tint, ink = BAND_COLOURS.get(band.name, OTHER_BAND)
            r = 1 + 2 * i
            back = QFrame()
            back.setStyleSheet(f"QFrame {{ background: {tint}; border-top: 1px solid #BBBBBB; }}")
            self.grid.addWidget(back, r, 0, 2, 5)
            self.rows.append(back)
            label = QLabel(f"<b>{i + 1}. {band_label(band.name)}</b>")
            label.setAlignment(Qt.AlignmentFlag.AlignCenter)
            label.setMinimumWidth(92)
            self.grid.addWidget(label, r, 0)
            self.band_labels[band.name] = label
            self.rows.append(label)
            info = QLabel("")
            info.setWordWrap(True)
            info.setStyleSheet("color: #333333; background: transparent; margin-left: 3px;")
            self.grid.addWidget(info, r + 1, 0)
            self.facts_labels[(band.name, "band")] = info
            self.rows.append(info)
            for col, (side, role) in enumerate((("attacker", "roll"), ("attacker", "boost"),
                                                ("defender", "roll"), ("defender", "boost")),
                                               start=1):
                view = self._chip_list(side, place_key(band.name, role))
                allowed = band.roll if role == "roll" else tuple(band.boost)
                who = ", ".join(unit_in_text(u) for u in allowed)
                view.setToolTip(translate("widgets.bands_view", "{side} {role}s {band}: {who}")
                                .format(side=side_name(side),
                                        role=translate("widgets.bands_model", role),
                                        band=data_name("mediumluck", band.name),
                                        who=who or translate("widgets.bands_view",
                                                             "nobody may {role} here").format(
                                            role=translate("widgets.bands_model", role))))
                # as tall as its chips need (two lines at least): no scroll bar in a cell
                view.setSizePolicy(view.sizePolicy().horizontalPolicy(), QSizePolicy.Policy.Fixed)
                view.setStyleSheet("QListView { background: rgba(255,255,255,170); "
                                   "border: 1px solid #BBBBBB; }")
                if not allowed:
                    view.setEnabled(False)      # no unit may play this role here
                self.grid.addWidget(view, r, col)
                self.rows.append(view)
            for side, col in (("attacker", 1), ("defender", 3)):
                facts = QLabel("")
                facts.setObjectName(f"facts_{band.name}_{side}")
                facts.setStyleSheet("background: transparent; margin-left: 3px;")
                self.grid.addWidget(facts, r + 1, col, 1, 2)
                self.facts_labels[(band.name, side)] = facts
                self.rows.append(facts)
        self.highlight(None)
        for side in SIDES:
            combo = self.add_units[side]
            combo.clear()
            for unit in chart.units:
                combo.addItem(unit_label(unit), unit)
        for col in range(1, 5):
            self.grid.setColumnStretch(col, 1)
        self._chain_tab_order()

    def _chain_tab_order(self) -> None:
        # The band slots are (re)built after the pools exist, so Qt would tab through the
        # pools at the bottom first; keep Tab in reading order: top row, bands, then pools.
        chain: list[QWidget] = [self.split, self.undo_button, self.redo_button]
        for band in self.board.chart.bands:
            chain += [self.lists[(side, place_key(band.name, role))]
                      for side, role in (("attacker", "roll"), ("attacker", "boost"),
                                         ("defender", "roll"), ("defender", "boost"))]
        for side in SIDES:
            chain += [self.lists[(side, POOL)], self.add_spins[side], self.add_units[side],
                      self.pool_boxes[side].findChild(QPushButton, f"add_{side}")]
        for first, second in zip(chain, chain[1:]):
            QWidget.setTabOrder(first, second)

    def highlight(self, band: str | None) -> None:
        """Mark the band being resolved at the table (None: no battle)."""
        self.highlighted = band
        chart = self.board.chart
        for position, (name, label) in enumerate(self.band_labels.items(), start=1):
            die, _, ink = BAND_COLOURS.get(name, OTHER_BAND)
            edge = f"3px solid {ACCENT}" if name == band else "1px solid #777777"
            label.setStyleSheet(f"background: {die}; color: {ink}; border: {edge};"
                                f" border-radius: 4px; padding: 3px; margin: 3px;")
            tip = band_tip(chart.band(name), position)
            label.setToolTip(translate("widgets.bands_view", "Being resolved at the table. {tip}")
                             .format(tip=tip) if name == band else tip)

    # -- actions ----------------------------------------------------------------------------
    def add_units_to(self, side: str) -> None:
        unit = self.add_units[side].currentData()
        self.show_message(self.board.add(side, unit, self.add_spins[side].value()) or "")

    def show_message(self, text: str) -> None:
        self.status.setText(f"<span style='color:{DEFENDER}'>&#9888; {text}</span>" if text
                            else "")

    def show_facts(self, facts: list[BandFacts]) -> None:
        for f in facts:
            head = self.facts_labels.get((f.band, "band"))
            if head is None:
                continue
            chooser = (translate("widgets.bands_view", "<b>winner's choice</b>")
                       if f.chooser == "winner" else
                       translate("widgets.bands_view", "victim's choice"))
            head.setText(translate("widgets.bands_view", "hits: {targets}<br>{chooser}").format(
                targets=f.may_hit, chooser=chooser))
            for side in SIDES:
                self.facts_labels[(f.band, side)].setText(side_facts_text(f.sides[side], f.cap))
