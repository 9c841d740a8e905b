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
from .result import BattleResult, battle_lines, percent
from .scenario import Scenario
from .text import join, msg, term
from .text import lines as text_lines

SIDES = ("attacker", "defender")
SIDE_TITLES = {"attacker": msg("Attacker"), "defender": msg("Defender")}
#: End compositions in the copied text (the summary shows three; a forum post may show more).
COPY_PROFILES = 5


def _is_counts(value: Any) -> bool:
    return isinstance(value, Mapping) and bool(value) and \
        all(isinstance(n, int) and not isinstance(n, bool) for n in value.values())


#: Keys that only group a side's units (Low Luck ``units``, Medium Luck ``bands``).
_CONTAINERS = ("units", "bands")


def _flatten(ruleset: str, value: Any, prefix: Any = "") -> list[Any]:
    """A side's document as short phrases in the form's words: '3 Infantry + 1 Armor',
    'Red: 3 Tank (roll), 1 Mech infantry (boost)', 'stance: Attack'."""
    def phrase(text: Any) -> Any:
        return join("", (prefix, text)) if prefix else text

    if _is_counts(value):
        return [phrase(counts(ruleset, dict(value)))]
    if isinstance(value, Mapping):
        if value and all(_is_counts(v) for v in value.values()) and \
                not set(value) & set(_CONTAINERS):
            # roles of one group (a band's roll / boost): one phrase
            return [phrase(join(", ", [msg("{units} ({role})", units=counts(ruleset, dict(v)),
                                           role=_key_name(ruleset, k))
                                       for k, v in value.items()]))]
        out: list[Any] = []
        for key, sub in value.items():
            if key == "waves" and isinstance(sub, (list, tuple)):      # Low Luck's later waves
                out += [phrase(msg("wave {k}: {units}", k=k, units=counts(
                    ruleset, dict(w.get("units", {})) if isinstance(w, Mapping) else {})))
                        for k, w in enumerate(sub, start=2)]
                continue
            inner = prefix if key in _CONTAINERS else \
                join("", (prefix, msg("{key}: ", key=_key_name(ruleset, key))))
            out += _flatten(ruleset, sub, inner)
        return out
    if isinstance(value, (list, tuple)):
        if not value:
            return []
        items: dict[str, tuple[Any, int]] = {}       # identical entries counted: '2 Infantry'
        for v in value:
            text = _item(ruleset, v)
            items[str(text)] = (text, items.get(str(text), (text, 0))[1] + 1)
        return [phrase(join(", ", [t if n == 1 else msg("{n} {unit}", n=n, unit=t)
                                   for t, n in items.values()]))]
    return [phrase(_value_name(ruleset, value))]


def _words(ident: Any) -> str:
    """A file's id in words, as the forms write it: 'wall_defense' -> 'wall defense'."""
    return str(ident).replace("_", " ")


def display_name(ruleset: str, ident: str) -> Any:
    """An id of the ruleset's data (a unit, band, terrain, stance) by its display name
    (``Ruleset.labels``, units first), a ``term`` the GUI translates like the forms' names;
    an id no label names, in words."""
    labels = rulesets.get(ruleset).labels
    for names in sorted(labels.values(), key=lambda names: names is not labels.get("units")):
        if ident in names:
            return term(f"data.{ruleset}", names[ident])
    return _words(ident)


def counts(ruleset: str, units: Mapping[str, int]) -> Any:
    """{'armor': 3, 'mech_infantry': 1} -> '3 Armor + 1 Mech infantry' by display names
    ('nothing' when empty): ``result.composition`` in players' words."""
    parts = [msg("{n} {unit}", n=n, unit=display_name(ruleset, u))
             for u, n in units.items() if n]
    return join(" + ", parts) if parts else msg("nothing")


def _item(ruleset: str, value: Any) -> Any:
    """One list entry: a unit table as 'Infantry' or 'Infantry (veteran: yes)'."""
    if not isinstance(value, Mapping):
        return _value_name(ruleset, value)
    rest = [msg("{key}: {value}", key=_key_name(ruleset, k), value=_value_name(ruleset, v))
            for k, v in value.items() if k != "type"]
    name = display_name(ruleset, value["type"]) if value.get("type") else ""
    if name and rest:
        return msg("{unit} ({details})", unit=name, details=join(", ", rest))
    return name or join(", ", rest)


#: The parts of a side as the forms name them (a key not listed here, nor a display label,
#: is shown with spaces for underscores).
KEY_NAMES = {
    "roll": msg("roll"), "boost": msg("boost"), "idle": msg("idle"), "stance": msg("stance"),
    "wall": msg("wall"), "kind": msg("kind"), "damage": msg("damage"),
    "terrain": msg("terrain"), "amphibious": msg("amphibious"),
    "bombard": msg("bombard"), "damaged": msg("damaged"),
    "order_of_loss": msg("order of loss"),
}


def _key_name(ruleset: str, key: str) -> Any:
    """A document key in the form's words: a part's name, else a display label (a band)."""
    if key in KEY_NAMES:
        return KEY_NAMES[key]
    return display_name(ruleset, key)


def _value_name(ruleset: str, value: Any) -> Any:
    """A value in the form's words: yes / no, an id by its display name, a number as is."""
    if isinstance(value, bool):
        return msg("yes") if value else msg("no")
    if isinstance(value, str):
        return display_name(ruleset, value)
    return str(value)


def forces(scenario: Scenario) -> dict[str, str]:
    """{"attacker": "3 Infantry + 3 Armor + 1 Fighter", "defender": ...}: units by their
    display names, other parts of a ruleset's side (bands, order of loss, a stance) as
    '; '-separated phrases; engine texts (the GUI shows them in its language)."""
    doc = rulesets.get(scenario.ruleset).to_document(scenario.body)
    return {side: join("; ", _flatten(scenario.ruleset, doc.get(side, {}))) or msg("nothing")
            for side in SIDES if side in doc}


def options(scenario: Scenario) -> dict[str, Any]:
    """The scenario's ``[options]`` as written to its file."""
    doc = rulesets.get(scenario.ruleset).to_document(scenario.body)
    opts = doc.get("options", {})
    return dict(opts) if isinstance(opts, Mapping) else {}


#: The options as the forms name them (players never see a file's key; a key not listed here
#: is shown with spaces for underscores).
OPTION_NAMES = {
    "edition": msg("edition"), "max_rounds": msg("rounds"), "dice": msg("dice"),
    "battle": msg("battle"), "submarine_first_strike": msg("submarines strike first"),
    "aa_gun": msg("AA gun"), "keep_land_unit": msg("attacker keeps a land unit"),
    "retreat_after": msg("retreat after round"), "retreat_when_units":
    msg("retreat at units left"), "retreat_below": msg("retreat below win chance"),
    "keep_land_units": msg("attacker keeps land units"), "retreat": msg("retreat policy"),
    "territory_value": msg("territory value"),
    "retreat_when_only_air": msg("retreat when only aircraft are left"),
    "defender_extra_white": msg("defender rolls an extra white die"),
    "air_attacks_aad": msg("air attacks AAD"),
}


def _option_value(ruleset: str, key: str, value: Any) -> Any:
    """An option's value in the form's words: an id by its display name, yes / no."""
    if key == "max_rounds" and value == 0:
        return msg("to the end")
    return value if isinstance(value, (int, float)) and not isinstance(value, bool) \
        else _value_name(ruleset, value)


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
    doc = rulesets.get(scenario.ruleset).to_document(scenario.body)
    if isinstance(doc.get("counter"), Mapping):             # Low Luck's counter-attack
        lines.append(msg("Counter-attack: {forces}", forces=join(
            "; ", _flatten(scenario.ruleset, doc["counter"]))))
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
    lines += battle_lines(result, profiles=0)
    lines += ends_lines(scenario.ruleset, result)
    if baseline is not None:
        lines.append("")
        lines.append(msg("Compared with the pinned baseline:"))
        lines.append(join("", ("  ", msg("attacker wins {before:.2%} -> {now:.2%}",
                                         before=baseline.attacker_wins,
                                         now=result.attacker_wins))))
        if baseline.figures is not None and result.figures is not None:
            lines.append(join("", ("  ", msg("expected IPC swing {before:+.2f} -> {now:+.2f}",
                                             before=baseline.figures.expected_ipc_swing,
                                             now=result.figures.expected_ipc_swing))))
    lines.append("")
    lines.append("(Combat Assistant)")
    return text_lines(lines)


def ends_lines(ruleset: str, result: BattleResult) -> list[Any]:
    """The most likely ends of the copied text, units by their display names."""
    profiles = result.figures.profiles[:COPY_PROFILES] if result.figures is not None else []
    if not profiles:
        return []
    return [join("", ("  ", msg("most likely ends:")))] + [
        join("", ("    ", msg("{p}  attacker {attacker} | defender {defender}",
                              p=f"{percent(pr['p']):>7}", attacker=counts(ruleset, pr["attacker"]),
                              defender=counts(ruleset, pr["defender"]))))
        for pr in profiles]


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
                    rows.append([side, display_name(res.ruleset, unit), repr(n)])
            rows.append(["profile_attacker", "profile_defender", "probability"])
            for pr in fig.profiles:
                rows.append([counts(res.ruleset, pr["attacker"]), counts(res.ruleset, pr["defender"]),
                            _probability(pr["p"])])
        rows.append([])
    return rows


def csv_text(scenario: Scenario | None, results: list[tuple[str, BattleResult]]) -> str:
    """``csv_rows`` written as CSV text."""
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(csv_rows(scenario, results))
    return out.getvalue()
