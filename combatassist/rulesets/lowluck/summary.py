"""Low Luck for people: the CLI's human summary of a battle."""
from __future__ import annotations

from typing import Any, Callable

from ...result import BattleResult, percent, summarise_battle
from .edition import SHIPPED, Edition, classic, shipped


def summarise(result: BattleResult, title: str | None = None) -> str:
    """The battle's summary, then what the scenario asked beyond it: each wave's cumulative
    figures, the counter-attack, the retreat policy in words."""
    lines = [summarise_battle(result, title)]
    for k, wave in enumerate(result.asked.get("waves", ()), start=1):
        taken = wave.get("takes_territory")
        lines.append(f"  after wave {k}: attacker wins {percent(wave['attacker_wins'])}"
                     + (f", takes the territory {percent(taken)}" if taken is not None else "")
                     + f", expected IPC swing {wave['expected_ipc_swing']:+.2f}")
    counter = result.asked.get("counter")
    if counter is not None:
        lines.append(f"  takes and holds against the counter-attack {percent(counter['holds'])}"
                     f" ({percent(counter['holds_if_taken'])} of the times it is taken)")
    policy = result.asked.get("policy")
    if policy:
        lines.append("  policy:")
        lines.extend(f"    {line}" for line in policy)
    return "\n".join(lines)


def _words(ident: str) -> str:
    return ident.replace("_", " ")


def help_values(word: Callable[[str], str] = str) -> dict[str, Any]:
    """The numbers ``resources/lowluck/help.html`` quotes, taken from the tables; ``word``
    says the words in the help's language (``Ruleset.help_words``)."""
    from . import sbr, tech         # the help only: not imported with the ruleset

    edition = classic()
    unit_line = _unit_line(edition, word)
    research = {}
    for name in tech.BRANCHES:
        b = tech.branch(name)
        research[name] = {"min": b.minimum, "max": b.maximum,
                          "thresholds": "/".join(str(t) for t, _ in b.tables)}
    fractions = {key: sbr.fraction(key) for key in
                 ("attacker_cost_with_aa", "defender_loss_with_aa", "defender_loss_without_aa")}
    return {"units": unit_line, "techs": _techs(edition, word), "research": research,
            "editions": {name: _edition_values(shipped(name), word) for name in SHIPPED},
            "sbr": {**{k: f"{f.numerator}/{f.denominator}" if f.denominator != 1 else
                       str(f.numerator) for k, f in fractions.items()},
                    "variant_c_damage": f" {word('or')} ".join(map(str, sbr.table()["variant_c_damage"])),
                    **{k: v for k, v in sbr.table().items() if not isinstance(v, list)}}}


def _techs(edition: Edition, word: Callable[[str], str]) -> str:
    """Every battle tech of ``edition`` and what it does, from its data."""
    effects = []
    for name, eff in edition.techs:
        what = [f"{word('attack')} {eff.attack}" if eff.attack is not None else "",
                f"{word('defence')} {eff.defence}" if eff.defence is not None else "",
                word("{n} dice' worth in attack").format(n=eff.attack_dice)
                if eff.attack_dice is not None else "",
                word("AA hits on {n}").format(n=eff.aa_hit) if eff.aa_hit is not None else "",
                word("bombards") if eff.bombard else "",
                word("raises {n} units").format(n=eff.supports)
                if eff.supports is not None else ""]
        effects.append(f"{word(_words(name))} ({word(_words(eff.unit))}: "
                       + ", ".join(w for w in what if w) + ")")
    return ", ".join(effects) or "–"


def _unit_line(edition: Edition, word: Callable[[str], str]) -> str:
    """Every unit of ``edition``: name attack/defence (cost IPC)."""
    return ", ".join(f"{word(_words(u.id))} {u.attack}/{u.defence} ({u.cost} IPC)"
                     for u in edition.units)


def _edition_values(edition: Edition, word: Callable[[str], str]) -> dict[str, str]:
    """What the help says of one edition, from its data: its units (values and costs), its
    support rules, its two-hit units and its AA guns' shots."""
    def names(ids) -> str:
        return ", ".join(word(_words(uid)) for uid in ids)

    support = "; ".join(f"{names(s.by)} → {names(s.units)}: {word('attack')} {s.attack}"
                        for s in edition.support)
    aa = [u for u in edition.units if u.has("aa_gun")]
    return {"units": _unit_line(edition, word), "support": support or "–",
            "two_hit": names(u.id for u in edition.units if u.hits > 1) or "–",
            "aa_shots": str(max((u.aa_shots for u in aa), default=0)),
            "techs": _techs(edition, word),
            "bombard": names(edition.with_ability("bombard")) or "–"}
