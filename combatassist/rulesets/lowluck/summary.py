"""Low Luck for people: the CLI's human summary of a battle."""
from __future__ import annotations

from typing import Any

from ...result import BattleResult, summarise_battle
from . import sbr, tech
from .data import tech_effects, units


def summarise(result: BattleResult, title: str | None = None) -> str:
    return summarise_battle(result, title)


def _words(ident: str) -> str:
    return ident.replace("_", " ")


def help_values() -> dict[str, Any]:
    """The numbers ``resources/lowluck/help.html`` quotes, taken from the tables."""

    unit_line = ", ".join(f"{u.id} {u.attack}/{u.defence}" for u in units().values())
    effects = []
    for name, eff in tech_effects().items():
        what = [f"attack {eff['attack']}" if "attack" in eff else "",
                f"defence {eff['defence']}" if "defence" in eff else "",
                f"{eff['attack_dice']} dice' worth in attack" if "attack_dice" in eff else ""]
        effects.append(f"{_words(name)} ({_words(eff['unit'])}: "
                       + ", ".join(w for w in what if w) + ")")
    research = {}
    for name in tech.BRANCHES:
        b = tech.branch(name)
        research[name] = {"min": b.minimum, "max": b.maximum,
                          "thresholds": "/".join(str(t) for t, _ in b.tables)}
    fractions = {key: sbr.fraction(key) for key in
                 ("attacker_cost_with_aa", "defender_loss_with_aa", "defender_loss_without_aa")}
    return {"units": unit_line, "techs": ", ".join(effects), "research": research,
            "sbr": {**{k: f"{f.numerator}/{f.denominator}" if f.denominator != 1 else
                       str(f.numerator) for k, f in fractions.items()},
                    "variant_c_damage": " or ".join(map(str, sbr.table()["variant_c_damage"])),
                    **{k: v for k, v in sbr.table().items() if not isinstance(v, list)}}}
