"""What each Medium Luck band does with the current placements, asked of the engine's rules
(``MediumLuckRules`` / ``BandPhase``): dice (capped, the extra white), usable boosts, targets."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from combatassist.rulesets.mediumluck.bands import usable_boosts
from combatassist.rulesets.mediumluck.rules import (BandPhase, MediumLuckRules,
                                                     MediumLuckSetup)

from ..results import DEFENDER
from .bands_model import SIDES, unit_label


@dataclass(frozen=True)
class SideFacts:
    dice: int               # dice rolled (capped, with the extra die)
    uncapped: int           # dice before the cap (without the extra die)
    extra: bool             # the defender's extra die is included
    boosters: int           # boosting units placed
    usable: int             # boosts that can be used (each kind once per die)

    @property
    def wasted(self) -> int:
        return self.boosters - self.usable


@dataclass(frozen=True)
class BandFacts:
    band: str
    sides: dict[str, SideFacts]
    may_hit: str
    chooser: str            # "victim" | "winner"
    cap: int


def describe_targets(chart, may_hit: frozenset[str]) -> str:
    """'any unit', 'air units only', or the unit list."""
    if set(may_hit) >= set(chart.units):
        return "any unit"
    classes = sorted(set().union(*(u.classes for u in chart.units.values())))
    for c in classes:
        members = {u.name for u in chart.units.values() if c in u.classes}
        if members == set(may_hit):
            return f"{c} units only"
    names = [unit_label(u).lower() for u in chart.units if u in may_hit]
    return ", ".join(names) + " only"


def band_facts(setup: MediumLuckSetup) -> list[BandFacts]:
    """Dice, boosts and targets of every band for a set-up, straight from the engine's rules."""
    rules = MediumLuckRules(setup)
    loose = dataclasses.replace(setup, chart=dataclasses.replace(setup.chart, max_dice=10_000),
                                defender_extra_white=False)
    uncapped_rules = MediumLuckRules(loose)
    out = []
    for index, band in enumerate(setup.chart.bands):
        phase = BandPhase(rules, index)
        loose_phase = BandPhase(uncapped_rules, index)
        counts = phase.counts(rules.start)
        raw = loose_phase.counts(uncapped_rules.start)
        boosters = phase.boosters(rules.start)
        sides = {}
        for s, side in enumerate(SIDES):
            placed = [c for _, c in boosters[s]]
            sides[side] = SideFacts(
                dice=counts[s], uncapped=raw[s],
                extra=(side == "defender" and counts[s] > min(raw[s], setup.chart.max_dice)),
                boosters=sum(placed), usable=sum(usable_boosts(counts[s], placed)))
        out.append(BandFacts(band.name, sides, describe_targets(setup.chart, band.may_hit),
                             band.casualties, setup.chart.max_dice))
    return out


def side_facts_text(f: SideFacts, cap: int) -> str:
    dice = f"<b>{f.dice}</b> {'die' if f.dice == 1 else 'dice'}"
    notes = []
    if f.uncapped > cap:
        notes.append(f"capped {f.uncapped}→{cap}")
    if f.extra:
        notes.append("+1 extra white")
    if notes:
        dice += f" ({', '.join(notes)})"
    if f.boosters:
        boost = f"boosts {f.usable} usable"
        if f.wasted:
            boost += f", <span style='color:{DEFENDER}'><b>{f.wasted} wasted</b></span>"
        dice += " · " + boost
    return dice
