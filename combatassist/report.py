"""A battle's results as players share them: plain text to paste into a forum or a chat, and
CSV — both carrying the title, the forces and the options they were computed for.

Ruleset-neutral: the forces and options are read from the scenario's own document
(``to_document``), so every ruleset's exports name what was computed.
"""
from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from typing import Any

from . import rulesets
from .result import BattleResult, composition, summarise_battle
from .scenario import Scenario
from .text import join, msg, term
from .text import lines as text_lines

SIDES = ("attacker", "defender")
SIDE_TITLES = {"attacker": msg("Attacker"), "defender": msg("Defender")}
#: End compositions in the copied text (the summary shows three; a forum post may show more).
COPY_PROFILES = 5


def _is_counts(value: Any) -> bool:
    return isinstance(value, Mapping) and value and \
        all(isinstance(n, int) and not isinstance(n, bool) for n in value.values())


#: Keys that only group a side's units (Low Luck ``units``, Medium Luck ``bands``).
_CONTAINERS = ("units", "bands")


def _flatten(value: Any, prefix: str = "") -> list[str]:
    """A side's document as short phrases: '3 infantry + 1 armor',
    'red: 3 tank (roll), 1 mech infantry (boost)', 'order_of_loss: a, b'."""
    if _is_counts(value):
        return [f"{prefix}{composition(dict(value))}"]
    if isinstance(value, Mapping):
        if value and all(_is_counts(v) for v in value.values()) and \
                not set(value) & set(_CONTAINERS):
            # roles of one group (a band's roll / boost): one phrase
            return [prefix + ", ".join(f"{composition(dict(v))} ({k})"
                                       for k, v in value.items())]
        out: list[str] = []
        for key, sub in value.items():
            out += _flatten(sub, prefix if key in _CONTAINERS else f"{prefix}{_words(key)}: ")
        return out
    if isinstance(value, (list, tuple)):
        if not value:
            return []
        items: dict[str, int] = {}                  # identical entries counted: '2 infantry'
        for v in value:
            text = _item(v)
            items[text] = items.get(text, 0) + 1
        return [prefix + ", ".join(t if n == 1 else f"{n} {t}" for t, n in items.items())]
    return [f"{prefix}{_option_text(value)}"]


def _words(ident: Any) -> str:
    """A file's id in words, as the forms write it: 'wall_defense' -> 'wall defense'."""
    return str(ident).replace("_", " ")


def _item(value: Any) -> str:
    """One list entry: a unit table as 'infantry' or 'infantry (veteran yes)'."""
    if not isinstance(value, Mapping):
        return _option_text(value)
    rest = [f"{_words(k)} {_option_text(v)}" for k, v in value.items() if k != "type"]
    name = _words(value.get("type", ""))
    return f"{name} ({', '.join(rest)})" if name and rest else name or ", ".join(rest)


def forces(scenario: Scenario) -> dict[str, str]:
    """{"attacker": "3 infantry + 3 armor + 1 fighter", "defender": ...} (other parts of a
    ruleset's side, e.g. order of loss or bands, as '; '-separated phrases)."""
    doc = rulesets.get(scenario.ruleset).to_document(scenario.body)
    return {side: "; ".join(_flatten(doc.get(side, {}))) or "nothing" for side in SIDES
            if side in doc}


def options(scenario: Scenario) -> dict[str, Any]:
    """The scenario's ``[options]`` as written to its file."""
    doc = rulesets.get(scenario.ruleset).to_document(scenario.body)
    opts = doc.get("options", {})
    return dict(opts) if isinstance(opts, Mapping) else {}


def _option_text(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return _words(value)


#: The options as the forms name them (players never see a file's key; a key not listed here
#: is shown with spaces for underscores).
OPTION_NAMES = {
    "edition": msg("edition"), "max_rounds": msg("rounds"), "dice": msg("dice"),
    "battle": msg("battle"), "submarine_first_strike": msg("submarines strike first"),
    "aa_gun": msg("AA gun"), "keep_land_unit": msg("attacker keeps a land unit"),
    "retreat_after": msg("retreat after round"), "retreat_when_units":
    msg("retreat at units left"), "retreat_below": msg("retreat below win chance"),
    "defender_extra_white": msg("defender rolls an extra white die"),
    "air_attacks_aad": msg("air attacks AAD"),
}


def _option_value(ruleset: str, key: str, value: Any) -> str:
    """An option's value in the form's words: an id by its display name, yes / no."""
    if isinstance(value, bool):
        return msg("yes") if value else msg("no")
    if key == "max_rounds" and value == 0:
        return msg("to the end")
    if isinstance(value, str):
        labels = rulesets.get(ruleset).labels
        name = next((names[value] for names in labels.values() if value in names), None)
        return term(f"data.{ruleset}", name) if name else value.replace("_", " ")
    return value


def option_phrases(scenario: Scenario) -> list[str]:
    """The scenario's options as texts for people: 'dice: Low luck', 'rounds: to the end'."""
    return [msg("{option}: {value}", option=OPTION_NAMES.get(key, key.replace("_", " ")),
                value=_option_value(scenario.ruleset, key, value))
            for key, value in options(scenario).items()]


def heading_lines(scenario: Scenario) -> list[str]:
    """Title, forces and options: what a shared result was computed for (engine texts: the
    GUI shows them in its language, ``str()`` is the English)."""
    name = rulesets.get(scenario.ruleset).title
    lines = [scenario.title or msg("{ruleset} battle", ruleset=name)]
    for side, text in forces(scenario).items():
        lines.append(msg("{side}: {forces}", side=SIDE_TITLES[side], forces=text))
    phrases = option_phrases(scenario)
    if phrases:
        lines.append(msg("Options: {options}", options=join(", ", phrases)))
    return lines


def copy_text(scenario: Scenario, result: BattleResult,
              baseline: BattleResult | None = None) -> str:
    """Plain text for a forum or a chat: heading, odds, IPC, territory and likely ends (an
    engine text: its heading in the GUI's language there, English as a ``str``)."""
    lines = heading_lines(scenario)
    lines.append("")
    lines += summarise_battle(result, profiles=COPY_PROFILES).splitlines()
    if baseline is not None:
        lines.append("")
        lines.append("Compared with the pinned baseline:")
        lines.append(f"  attacker wins {100 * baseline.attacker_wins:.2f}% -> "
                     f"{100 * result.attacker_wins:.2f}%")
        if baseline.figures is not None and result.figures is not None:
            lines.append(f"  expected IPC swing {baseline.figures.expected_ipc_swing:+.2f} -> "
                         f"{result.figures.expected_ipc_swing:+.2f}")
    lines.append("")
    lines.append("(Combat Assistant)")
    return text_lines(lines)


def _probability(p: float) -> str:
    """A probability as written: float rounding noise (-2.2e-16, 1 + 2e-16) clamped to [0, 1]."""
    return repr(min(1.0, max(0.0, float(p))))


def csv_rows(scenario: Scenario | None, results: list[tuple[str, BattleResult]]) -> list[list]:
    """The results (e.g. [("current", r), ("baseline", b)]) as CSV rows, after a heading that
    names the title, ruleset, forces and options."""
    rows: list[list] = []
    if scenario is not None:
        rows.append(["title", scenario.title or ""])
        rows.append(["ruleset", scenario.ruleset])
        for side, text in forces(scenario).items():
            rows.append([side, text])
        for key, value in options(scenario).items():     # in the form's words
            rows.append(["option", OPTION_NAMES.get(key, key.replace("_", " ")),
                         _option_value(scenario.ruleset, key, value)])
        rows.append([])
    for label, res in results:
        ea, ed = res.expected_losses()
        rows.append(["result", label, res.ruleset, res.method])
        for key in ("attacker_wins", "defender_wins", "draw", "undecided", "stalemate",
                    "pruned", "expected_rounds"):
            rows.append([key, repr(getattr(res, key)) if key == "expected_rounds"
                         else _probability(getattr(res, key))])
        rows.append(["expected_attacker_losses", repr(ea)])
        rows.append(["expected_defender_losses", repr(ed)])
        fig = res.figures
        if fig is not None:
            rows.append(["retreated", repr(res.retreated)])
            rows.append(["attacker_ipc_lost", repr(fig.attacker_ipc_lost)])
            rows.append(["defender_ipc_lost", repr(fig.defender_ipc_lost)])
            rows.append(["expected_ipc_swing", repr(fig.expected_ipc_swing)])
            rows.append(["takes_territory", "" if fig.takes_territory is None
                        else repr(fig.takes_territory)])
        rows.append(["attacker_lost", "defender_lost", "probability"])
        for a, d, p in res.losses:
            rows.append([a, d, _probability(p)])
        rows.append(["round", "p_decided_by_round"])
        for i, p in enumerate(res.decided_by_round, start=1):
            rows.append([i, _probability(p)])
        if fig is not None:
            rows.append(["ipc_swing", "probability"])
            for s, p in fig.ipc_swing:
                rows.append([s, _probability(p)])
            rows.append(["side", "unit", "expected_survivors"])
            for side, units in fig.survivors.items():
                for unit, n in units.items():
                    rows.append([side, unit, repr(n)])
            rows.append(["profile_attacker", "profile_defender", "probability"])
            for pr in fig.profiles:
                rows.append([composition(pr["attacker"]), composition(pr["defender"]),
                            _probability(pr["p"])])
        rows.append([])
    return rows


def csv_text(scenario: Scenario | None, results: list[tuple[str, BattleResult]]) -> str:
    """``csv_rows`` written as CSV text."""
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(csv_rows(scenario, results))
    return out.getvalue()
