"""AGC for people: the CLI's human summary."""
from __future__ import annotations

from typing import Any, Callable

from ...result import BattleResult, percent
from .data import BASE_TYPES, agc_data
from .scenario import SIDES


def summarise(result: BattleResult, title: str | None = None) -> str:
    """The CLI's human summary."""
    how = "exact" if result.method == "exact" else f"simulated, {result.trials:,} trials"
    extra = result.extra
    lines = [title] if title else []
    terrain = agc_data().terrain_names.get(extra.get("terrain", ""), "?")
    lines.append(f"agc combat in {terrain} ({how})")
    lines.append(f"  attacker victor {percent(result.attacker_wins):>8}")
    lines.append(f"  defender victor {percent(result.defender_wins):>8}")
    lines.append(f"  tie             {percent(result.draw):>8}")
    for row in extra.get("bands", []):
        lines.append(f"    {row['name']:<22} {percent(row['p']):>8}")
    for side, key in (("attacker", "attacker_total"), ("defender", "defender_total")):
        mean = sum(v * p for v, p in extra.get(key, []))
        lines.append(f"  {side} total: mean {mean:.2f}")
    ea, ed = result.expected_losses()
    lines.append(f"  expected steps of damage: attacker {ea:.2f}, defender {ed:.2f}")
    for s in SIDES:
        chosen = extra.get("engineer_unit_type", {}).get(s)
        if chosen:
            lines.append(f"  {s} engineers remove the terrain penalties of: {chosen}")
    for c in extra.get("aad_contests", []):
        lines.append(f"  AAD contest ({c['aad_side']} AAD vs {c['air_side']} air support): "
                     f"AAD victor {percent(c['aad_victor'])}, air victor "
                     f"{percent(c['air_victor'])}, tie {percent(c['tie'])}")
    return "\n".join(lines)


def help_values(word: Callable[[str], str] = str) -> dict[str, Any]:
    """The numbers ``resources/agc/help.html`` quotes, taken from the tables; ``word`` says
    the words in the help's language (``Ruleset.help_words``)."""
    data = agc_data()
    dice_line = ", ".join(f"{word(data.unit_names[u].lower())} {word('d')}{data.dice[u]}"
                          for u in BASE_TYPES if u in data.dice and u != "aad")
    parts = []
    for band in data.bands:
        victor, loser = _dice_text(band.victor.text, word), _dice_text(band.loser.text, word)
        if band.up_to == 1:
            parts.append(word("equal {dice} each").format(dice=victor))
        else:
            bound = (word("up to {ratio}").format(ratio=_number(float(band.up_to), word))
                     if band.up_to is not None else word("above"))
            parts.append(word("{bound}: victor {victor} / loser {loser}").format(
                bound=bound, victor=victor, loser=loser))
    return {"dice": dice_line, "bands": "; ".join(parts)}


def _dice_text(text: str, word: Callable[[str], str]) -> str:
    """``1d6`` as the help's language writes dice (German: ``1W6``)."""
    return text.replace("d", word("d"))


def _number(value: float, word: Callable[[str], str]) -> str:
    return f"{value:g}".replace(".", word("."))
