"""Small parts of the table-side panel: a fixed-height text box, the dice to roll as words, and
the shapes of the jobs a view hands the panel (its set-up, its odds)."""
from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QScrollArea

from combatassist import rulesets
from combatassist.battle import BattleRules
from combatassist.table import odds_from

from ..engine_text import render
from ..i18n import QT_TRANSLATE_NOOP, data_name, number, side_name, translate
from ..result_style import ATTACKER, DEFENDER, pct

#: the colour an outcome's share is written in (the sides' own colours)
OUTCOME_COLOURS = {"attacker": ATTACKER, "defender": DEFENDER}
#: the casualty policies a result may name (``extra["casualties"]``: Medium Luck)
POLICIES = {"optimal": QT_TRANSLATE_NOOP("views.mediumluck", "optimal play"),
            "heuristic": QT_TRANSLATE_NOOP("views.mediumluck",
                                           "heuristic (least combat power lost)")}


def fixed_lines(label: QLabel, lines: int) -> QScrollArea:
    """``label`` in a box ``lines`` text lines high that scrolls when the text is longer, so
    the widgets below it (the Apply button) never move as the text changes."""
    label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
    box = QScrollArea()
    box.setWidget(label)
    box.setWidgetResizable(True)
    box.setFrameShape(QScrollArea.Shape.NoFrame)
    box.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    box.setFocusPolicy(Qt.FocusPolicy.NoFocus)
    box.viewport().setAutoFillBackground(False)       # the text sits on the panel, no box
    label.setAutoFillBackground(False)
    box.setFixedHeight(lines * label.fontMetrics().lineSpacing() + 6)
    return box

class CappedLines(QScrollArea):
    """``label`` as tall as its text, up to ``lines`` text lines; a longer text scrolls in
    the box (AGC's totals), so a short one (A&A's one-line result) costs one line."""

    def __init__(self, label: QLabel, lines: int):
        super().__init__()
        label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setWidget(label)
        self.setWidgetResizable(True)
        self.setFrameShape(QScrollArea.Shape.NoFrame)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.viewport().setAutoFillBackground(False)
        label.setAutoFillBackground(False)
        self.label = label
        self.line = label.fontMetrics().lineSpacing()
        self.cap = lines * self.line + 4

    def sizeHint(self):  # noqa: N802 (Qt name)
        hint = super().sizeHint()
        width = max(50, self.viewport().width())
        need = self.label.heightForWidth(width) if self.label.text() else 0
        hint.setHeight(min(self.cap, max(need, 0) + 2) if need > 0 else 0)
        return hint

    def minimumSizeHint(self):  # noqa: N802 (Qt name)
        return self.sizeHint()

    def text_changed(self) -> None:
        """Call after the label's text changed: the box takes its new height."""
        self.updateGeometry()


#: (rules, ruleset, scenario TOML text) for the battle the view has set up.
SetupProvider = Callable[[], tuple[BattleRules, str, str]]
#: The odds from the current position: (rules, state, ruleset, scenario text, cancel,
#: remaining) -> result; ``remaining``: the phases of the round still to play from ``state``
#: (None: ``state`` is a round's start).
OddsJob = Callable[[BattleRules, Any, str, str, Callable[[], bool], Any], Any]


def odds_from_position(rules: BattleRules, state: Any, ruleset: str, _text: str,
               cancel: Callable[[], bool], remaining=None) -> Any:
    return odds_from(rules, state, ruleset=ruleset, cancel=cancel, remaining=remaining)


def describe_dice(specs) -> str:
    """The dice to enter, in entry order, equal neighbours counted: "3× attacker d6 (…)"."""
    groups: list[list] = []
    for spec in specs:
        key = (spec.side, spec.sides, spec.label)
        if groups and groups[-1][0] == key:
            groups[-1][1] += 1
        else:
            groups.append([key, 1])
    parts = []
    for (side, sides, label), count in groups:
        die = translate("table_side", "{side} d{sides}").format(side=side_name(side), sides=sides)
        text = f"{count}× {die}" if count > 1 else die
        parts.append(text + (f" ({render(label)})" if label else ""))
    return "; ".join(parts)


def odds_text(ruleset: str, result: Any, where: str, here: Any = None) -> str:
    """The table side's odds in the words of the ruleset's odds view ("Odds from the start of
    round 1: Attacker wins 99.05 %, ...", a DS2 shot's "Kill 55.00 %, ..."), the expected
    further losses where the ruleset has them (counted from here: ``here``, the engine's
    ``table.Branch``; what is already lost not counted), and the casualty policy the
    figures follow when the result names one."""
    rs = rulesets.get(ruleset)
    shares = []
    for key, p in rs.table_outcomes(result):
        name = rs.outcome_name(key)      # the ruleset's own word (data), or the odds view's
        shown = data_name(ruleset, name) if key in rs.labels.get("outcomes", {}) else \
            translate("results", name)
        text = html.escape(f"{shown} {pct(p)}")
        colour = OUTCOME_COLOURS.get(key)
        shares.append(f'<b style="color:{colour}">{text}</b>' if colour else text)
    text = translate("table_side", "Odds from {where}: {outcomes}").format(
        where=where, outcomes=", ".join(shares))
    if rs.table_losses:
        ea, ed = here.further_losses if here is not None else result.expected_losses()
        text += translate("table_side", "; expected further losses: attacker {attacker}, "
                                        "defender {defender}").format(
            attacker=number(ea), defender=number(ed))
    policy = (getattr(result, "extra", None) or {}).get("casualties")
    if policy in POLICIES:
        text += translate("table_side", "; casualties: {policy} (as on the odds tab)").format(
            policy=translate("views.mediumluck", POLICIES[policy]))
    return text


def branches_text(here: Any, retreats: dict[str, Any]) -> str:
    """Press on or retreat now, side by side (a rich-text table; "" when no side may
    retreat): each branch's win shares, expected further IPC lost each side and, on land,
    how often the attacker takes the territory (``table.Branch``, exact)."""
    if not retreats:
        return ""
    columns = [(translate("table_side", "Press on"), here)]
    for side, branch in retreats.items():
        columns.append((translate("table_side", "{Side} retreats now").format(
            Side=translate("table_side", "Attacker" if side == "attacker" else "Defender")),
            branch))

    def row(name: str, cells: list[str]) -> str:
        tds = "".join(f'<td align="right">&nbsp;&nbsp;{c}</td>' for c in cells)
        return f"<tr><td>{html.escape(name)}</td>{tds}</tr>"
    head = "".join(f'<th align="right">&nbsp;&nbsp;{html.escape(t)}</th>' for t, _ in columns)
    # the question in the corner: one line less than a title above the table
    title = html.escape(translate("table_side", "Press on or retreat now (exact, from here):"))
    rows = [f'<tr><th align="left">{title}</th>{head}</tr>',
            row(translate("table_side", "Attacker wins"),
                [pct(b.attacker_wins) for _, b in columns]),
            row(translate("table_side", "Defender wins"),
                [pct(b.defender_wins) for _, b in columns])]
    if any(b.draw > 0 for _, b in columns):
        rows.append(row(translate("table_side", "Draw"), [pct(b.draw) for _, b in columns]))
    if all(b.further_ipc is not None for _, b in columns):
        rows.append(row(translate("table_side", "IPC still to lose (attacker / defender)"),
                        [f"{number(b.further_ipc[0])} / {number(b.further_ipc[1])}"
                         for _, b in columns]))
    if all(b.takes_territory is not None for _, b in columns):
        rows.append(row(translate("table_side", "Attacker takes the territory"),
                        [pct(b.takes_territory) for _, b in columns]))
    return f"<table cellspacing=0>{''.join(rows)}</table>"
