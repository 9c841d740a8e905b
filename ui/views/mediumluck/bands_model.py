"""The Medium Luck band board: who sits where (model), and the Qt item models over it.

``BandBoard`` holds one assignment per side: for every *place* — a band's roll or boost slot,
or the side's pool of idle units — how many of each unit type are there. It knows nothing of
dice; it only asks the chart where a unit may go, so a drop the chart forbids is refused with
a sentence saying why. Every change is an undoable ``QUndoCommand`` on ``board.undo_stack``.

``PlaceModel`` is a list model of one place's unit chips ("Tank ×3"). Chips travel between
places as the custom MIME type ``CHIP_MIME`` (JSON: side, unit, count, source place), so drag
and drop, the keyboard and tests all go through ``mimeData`` / ``dropMimeData``.
"""
from __future__ import annotations

import json
from collections.abc import Iterable

from PySide6.QtCore import QAbstractListModel, QMimeData, QModelIndex, QObject, Qt, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from combatassist.rulesets import mediumluck
from combatassist.rulesets.mediumluck.rules import ROLES, SideSetup
from combatassist.rulesets.mediumluck.chart import Chart

from ...i18n import (QT_TRANSLATE_NOOP, SOURCE_LANGUAGE, current_language, data_name,
                    side_name, translate)

CHIP_MIME = "application/x-combatassist-mediumluck-chip"
SIDES = ("attacker", "defender")
POOL = "pool"
#: Most units of one type a side may bring (the engine's limit per field).
MAX_UNITS = 200

Counts = dict[str, int]


def unit_label(unit: str, n: int | None = None) -> str:
    """'Mech infantry' or 'Tank ×3' (``resources/mediumluck/labels.toml``; a house chart's
    own units: their id in words)."""
    text = mediumluck.RULESET.label("units", unit)
    text = text[:1].upper() + text[1:]
    text = data_name("mediumluck", text)
    return text if n is None else f"{text} ×{n}"


def band_label(band: str) -> str:
    """'Red' (``resources/mediumluck/labels.toml``; a house chart's own bands: their id), in
    the app's language."""
    text = data_name("mediumluck", mediumluck.RULESET.label("bands", band))
    return text[:1].upper() + text[1:]


#: the two roles of a band's slots, as shown
ROLE_NAMES = (QT_TRANSLATE_NOOP("widgets.bands_model", "roll"),
              QT_TRANSLATE_NOOP("widgets.bands_model", "boost"))


def unit_in_text(unit: str) -> str:
    """A unit's name inside a sentence: 'tank' (German nouns keep their capital: 'Panzer')."""
    text = unit_label(unit)
    return text.lower() if current_language() == SOURCE_LANGUAGE else text


def unit_plural(unit: str) -> str:
    """'tanks', 'infantry', 'aaa' (for messages)."""
    text = unit.replace("_", " ")
    if not text.endswith(("infantry", "artillery", "aaa")):
        text += "s"
    return data_name("mediumluck", text)


def place_key(band: str, role: str) -> str:
    return f"{band}.{role}"


def split_place(place: str) -> tuple[str | None, str]:
    """'red.roll' -> ('red', 'roll'); 'pool' -> (None, 'pool')."""
    if place == POOL:
        return None, POOL
    band, _, role = place.partition(".")
    return band, role


def place_label(place: str) -> str:
    band, role = split_place(place)
    if band is None:
        return translate("widgets.bands_model", "the pool (idle)")
    return translate("widgets.bands_model", "{band} {role}").format(
        band=data_name("mediumluck", band), role=translate("widgets.bands_model", role))


class BandBoard(QObject):
    """Both sides' unit placements on a chart, with chart-checked, undoable moves.

    Signals ``changed()`` after every change (user edit, undo, redo or load).
    """

    changed = Signal()

    def __init__(self, chart: Chart, parent: QObject | None = None):
        super().__init__(parent)
        self.undo_stack = QUndoStack(self)
        self.chart = chart
        self.places: dict[str, dict[str, Counts]] = {}
        self._clear()

    # -- reading -----------------------------------------------------------------------
    def place_names(self) -> list[str]:
        """Every place of a side: chart band order, roll then boost, then the pool."""
        return [place_key(b.name, r) for b in self.chart.bands for r in ROLES] + [POOL]

    def counts(self, side: str, place: str) -> Counts:
        return dict(self.places[side][place])

    def units_in(self, side: str, place: str) -> list[tuple[str, int]]:
        """(unit, count) chips of a place, in the chart's unit order."""
        here = self.places[side][place]
        return [(u, here[u]) for u in self.chart.units if here.get(u)]

    def total(self, side: str) -> Counts:
        out: Counts = {}
        for here in self.places[side].values():
            for u, n in here.items():
                out[u] = out.get(u, 0) + n
        return out

    def refusal(self, side: str, unit: str, dest: str,
                source_side: str | None = None) -> str | None:
        """Why ``unit`` of ``side`` can't go to ``dest`` (None: it may), in the players' words."""
        if source_side is not None and source_side != side:
            return translate("widgets.bands_model", "that is the {side}'s unit: it can't change "
                                                    "sides").format(side=side_name(source_side))
        if side not in SIDES or dest not in self.places.get(side, {}):
            return translate("widgets.bands_model", "there is no place '{place}' here").format(
                place=dest)
        if unit not in self.chart.units:
            return translate("widgets.bands_model", "the chart has no unit '{unit}'").format(
                unit=unit)
        band, role = split_place(dest)
        if band is None:
            return None
        allowed = self.chart.band(band).roll if role == "roll" else self.chart.band(band).boost
        if unit in allowed:
            return None
        rolls, boosts = self.chart.places_for(unit)
        where = ([translate("widgets.bands_model", "roll {band}").format(
                     band=data_name("mediumluck", b)) for b in rolls]
                 + [translate("widgets.bands_model", "boost {band}").format(
                     band=data_name("mediumluck", b)) for b in boosts])
        plural = unit_plural(unit)
        if not where:
            return translate("widgets.bands_model", "{units} have no role in any band: they "
                                                    "stay in the pool (idle)").format(units=plural)
        return translate("widgets.bands_model", "{units} can only {places}").format(
            units=plural, places=translate("widgets.bands_model", " or ").join(where))

    def destinations(self, side: str, unit: str, source: str) -> list[tuple[str, str | None]]:
        """Every other place with the reason it is refused (None: allowed), for menus."""
        return [(p, self.refusal(side, unit, p)) for p in self.place_names() if p != source]

    # -- scenario <-> board ----------------------------------------------------------------
    def sides(self) -> dict[str, SideSetup]:
        """The placements as the engine's SideSetup per side (reserve/order_of_loss empty)."""
        out = {}
        for side in SIDES:
            setup = SideSetup()
            for place, here in self.places[side].items():
                units = {u: n for u, n in self.units_in(side, place)}
                if not units:
                    continue
                band, role = split_place(place)
                if band is None:
                    setup.idle = units
                else:
                    setup.bands.setdefault(band, {})[role] = units
            out[side] = setup
        return out

    def load(self, chart: Chart, sides: dict[str, SideSetup]) -> None:
        """Show these placements (not undoable: the undo history starts afresh)."""
        self.chart = chart
        self._clear()
        for side in SIDES:
            s = sides[side]
            for band, roles in s.bands.items():
                for role, units in roles.items():
                    self.places[side][place_key(band, role)] = {u: n for u, n in units.items() if n}
            self.places[side][POOL] = {u: n for u, n in s.idle.items() if n}
        self.undo_stack.clear()
        self.changed.emit()

    def _clear(self) -> None:
        self.places = {side: {p: {} for p in self.place_names()} for side in SIDES}

    # -- changing (every change is an undo command) -------------------------------------
    def move(self, side: str, unit: str, count: int, source: str, dest: str) -> str | None:
        """Move up to ``count`` units (0: all there); returns the refusal, or None when done."""
        if source == dest:
            return translate("widgets.bands_model", "the units are already there")
        reason = self.refusal(side, unit, dest)
        if reason is not None:
            return reason
        have = self.places[side].get(source, {}).get(unit, 0)
        if have <= 0:
            return translate("widgets.bands_model", "no {units} in {place}").format(
                units=unit_plural(unit), place=place_label(source))
        n = have if count <= 0 else min(count, have)
        text = translate("widgets.bands_model", "move {count} {unit} to {place}").format(
            count=n, unit=unit_in_text(unit), place=place_label(dest))
        self._push(text, [(side, unit, source, -n), (side, unit, dest, n)])
        return None

    def add(self, side: str, unit: str, count: int) -> str | None:
        """Bring ``count`` more units of a type into the side's pool."""
        if unit not in self.chart.units:
            return translate("widgets.bands_model", "the chart has no unit '{unit}'").format(
                unit=unit)
        if count <= 0:
            return translate("widgets.bands_model", "add at least one unit")
        if self.total(side).get(unit, 0) + count > MAX_UNITS:
            return translate("widgets.bands_model", "at most {most} {units} per side").format(
                most=MAX_UNITS, units=unit_plural(unit))
        self._push(translate("widgets.bands_model", "add {count} {unit}").format(
            count=count, unit=unit_in_text(unit)), [(side, unit, POOL, count)])
        return None

    def remove(self, side: str, unit: str, count: int, place: str) -> str | None:
        """Take up to ``count`` units (0: all) of a type out of the battle."""
        have = self.places[side].get(place, {}).get(unit, 0)
        if have <= 0:
            return translate("widgets.bands_model", "no {units} in {place}").format(
                units=unit_plural(unit), place=place_label(place))
        n = have if count <= 0 else min(count, have)
        self._push(translate("widgets.bands_model", "remove {count} {unit}").format(
            count=n, unit=unit_in_text(unit)), [(side, unit, place, -n)])
        return None

    def replace_side(self, side: str, setup: SideSetup, text: str) -> None:
        """Replace one side's placements in one undoable step (e.g. an advisor's suggestion)."""
        deltas = [(side, u, p, -n) for p in self.place_names()
                  for u, n in self.places[side][p].items() if n]
        for band, roles in setup.bands.items():
            for role, units in roles.items():
                deltas += [(side, u, place_key(band, role), n) for u, n in units.items() if n]
        deltas += [(side, u, POOL, n) for u, n in setup.idle.items() if n]
        self._push(text, deltas)

    def _push(self, text: str, deltas: list[tuple[str, str, str, int]]) -> None:
        self.undo_stack.push(_Change(self, text, deltas))

    def _apply(self, deltas: Iterable[tuple[str, str, str, int]], sign: int) -> None:
        for side, unit, place, n in deltas:
            here = self.places[side][place]
            left = here.get(unit, 0) + sign * n
            if left:
                here[unit] = left
            else:
                here.pop(unit, None)
        self.changed.emit()


class _Change(QUndoCommand):
    def __init__(self, board: BandBoard, text: str, deltas: list[tuple[str, str, str, int]]):
        super().__init__(text)
        self.board = board
        self.deltas = deltas

    def redo(self) -> None:
        self.board._apply(self.deltas, +1)

    def undo(self) -> None:
        self.board._apply(reversed(self.deltas), -1)


def encode_chip(side: str, unit: str, count: int, source: str) -> QMimeData:
    data = QMimeData()
    payload = {"side": side, "unit": unit, "count": count, "source": source}
    data.setData(CHIP_MIME, json.dumps(payload).encode("utf-8"))
    data.setText(f"{count} {unit} ({side}, {source})")
    return data


def decode_chip(data: QMimeData | None) -> dict | None:
    """The chip a MIME payload carries, or None when it is not one of ours."""
    if data is None or not data.hasFormat(CHIP_MIME):
        return None
    try:
        chip = json.loads(bytes(data.data(CHIP_MIME)).decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        return None
    if not isinstance(chip, dict) or not {"side", "unit", "count", "source"} <= set(chip):
        return None
    return chip


class PlaceModel(QAbstractListModel):
    """The unit chips of one place of one side, as a drag source and drop target.

    ``split`` is asked for how many units one drag carries (0: the whole chip).
    """

    UnitRole = Qt.ItemDataRole.UserRole + 1
    CountRole = Qt.ItemDataRole.UserRole + 2

    def __init__(self, board: BandBoard, side: str, place: str, split=lambda: 0,
                 parent: QObject | None = None):
        super().__init__(parent)
        self.board = board
        self.side = side
        self.place = place
        self.split = split
        self.chips: list[tuple[str, int]] = board.units_in(side, place)
        #: why the last refused drop was refused (shown as a tooltip by the view)
        self.last_refusal: str | None = None
        board.changed.connect(self.refresh)

    def refresh(self) -> None:
        chips = self.board.units_in(self.side, self.place) if self.place in self.board.places[
            self.side] else []
        if chips != self.chips:
            self.beginResetModel()
            self.chips = chips
            self.endResetModel()

    # -- reading -------------------------------------------------------------------------
    def rowCount(self, parent: QModelIndex = QModelIndex()) -> int:  # noqa: N802 (Qt name)
        return 0 if parent.isValid() else len(self.chips)

    def data(self, index: QModelIndex, role: int = Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or not 0 <= index.row() < len(self.chips):
            return None
        unit, n = self.chips[index.row()]
        if role == Qt.ItemDataRole.DisplayRole:
            return unit_label(unit, n)
        if role == Qt.ItemDataRole.ToolTipRole:
            return (translate("widgets.bands_model", "{chip} in {place}. Drag to move (Shift: "
                                                     "one unit), or select and press Ctrl+M; "
                                                     "Delete sends it out of the battle")
                    if self.place == POOL else
                    translate("widgets.bands_model", "{chip} in {place}. Drag to move (Shift: "
                                                     "one unit), or select and press Ctrl+M; "
                                                     "Delete sends it back to the pool")).format(
                chip=unit_label(unit, n), place=place_label(self.place))
        if role == Qt.ItemDataRole.AccessibleTextRole:
            return translate("widgets.bands_model", "{count} {unit} in {place}").format(
                count=n, unit=unit_in_text(unit), place=place_label(self.place))
        if role == self.UnitRole:
            return unit
        if role == self.CountRole:
            return n
        return None

    def flags(self, index: QModelIndex) -> Qt.ItemFlag:
        base = Qt.ItemFlag.ItemIsDropEnabled
        if not index.isValid():
            return base
        return (base | Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable |
                Qt.ItemFlag.ItemIsDragEnabled)

    # -- drag and drop -------------------------------------------------------------------
    def supportedDragActions(self) -> Qt.DropAction:  # noqa: N802 (Qt name)
        return Qt.DropAction.MoveAction

    def supportedDropActions(self) -> Qt.DropAction:  # noqa: N802 (Qt name)
        return Qt.DropAction.MoveAction

    def mimeTypes(self) -> list[str]:  # noqa: N802 (Qt name)
        return [CHIP_MIME]

    def mimeData(self, indexes, count: int | None = None) -> QMimeData | None:  # noqa: N802
        """The first selected chip; ``count`` (default: ``split()``, 0 = all) units of it."""
        rows = sorted({i.row() for i in indexes if i.isValid()})
        if not rows:
            return None
        unit, n = self.chips[rows[0]]
        wanted = self.split() if count is None else count
        carried = n if wanted <= 0 else min(wanted, n)
        return encode_chip(self.side, unit, carried, self.place)

    def drop_refusal(self, data: QMimeData | None) -> str | None:
        """Why ``data`` can't be dropped here (None: it can)."""
        chip = decode_chip(data)
        if chip is None:
            return translate("widgets.bands_model", "only unit chips can be dropped here")
        if chip["source"] == self.place and chip["side"] == self.side:
            return translate("widgets.bands_model", "the units are already here")
        return self.board.refusal(self.side, chip["unit"], self.place, source_side=chip["side"])

    def canDropMimeData(self, data, action, row, column, parent) -> bool:  # noqa: N802
        self.last_refusal = self.drop_refusal(data)
        return self.last_refusal is None

    def dropMimeData(self, data, action, row, column, parent) -> bool:  # noqa: N802
        if action == Qt.DropAction.IgnoreAction:
            return True
        reason = self.drop_refusal(data)
        if reason is None:
            chip = decode_chip(data)
            reason = self.board.move(self.side, chip["unit"], int(chip["count"]),
                                     chip["source"], self.place)
        self.last_refusal = reason
        return reason is None

    def removeRows(self, row, count, parent=QModelIndex()) -> bool:  # noqa: N802
        # A finished move drag asks the source to remove its rows: the board already moved
        # the units (and the chip may only have been split), so nothing is removed here.
        return False
