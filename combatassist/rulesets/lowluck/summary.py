"""Low Luck for people: the CLI's human summary of a battle."""
from __future__ import annotations

from typing import Any, Callable

from ...result import BattleResult, summarise_battle
from .edition import classic


def summarise(result: BattleResult, title: str | None = None) -> str:
    return summarise_battle(result, title)


def _words(ident: str) -> str:
    return ident.replace("_", " ")


def help_values(word: Callable[[str], str] = str) -> dict[str, Any]:
    """The numbers ``resources/lowluck/help.html`` quotes, taken from the tables; ``word``
    says the words in the help's language (``Ruleset.help_words``)."""
    from . import sbr, tech         # the help only: not imported with the ruleset

    edition = classic()
    unit_line = ", ".join(f"{word(_words(u.id))} {u.attack}/{u.defence}" for u in edition.units)
    effects = []
    for name, eff in edition.techs:
        what = [f"{word('attack')} {eff.attack}" if eff.attack is not None else "",
                f"{word('defence')} {eff.defence}" if eff.defence is not None else "",
                word("{n} dice' worth in attack").format(n=eff.attack_dice)
                if eff.attack_dice is not None else ""]
        effects.append(f"{word(_words(name))} ({word(_words(eff.unit))}: "
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
                    "variant_c_damage": f" {word('or')} ".join(map(str, sbr.table()["variant_c_damage"])),
                    **{k: v for k, v in sbr.table().items() if not isinstance(v, list)}}}
