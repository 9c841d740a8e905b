"""What each Medium Luck band does with the current placements, asked of the engine's rules
(``MediumLuckRules`` / ``BandPhase``): dice (capped, the extra white), usable boosts, targets."""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from combatassist.rulesets.mediumluck.bands import usable_boosts
from combatassist.rulesets.mediumluck.rules import (BandPhase, MediumLuckRules,
                                                     MediumLuckSetup)

from ...result_style import DEFENDER
from ...i18n import QT_TRANSLATE_NOOP, translate
from .bands_model import SIDES, unit_in_text


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
        return translate("widgets.band_facts", "any unit")
    classes = sorted(set().union(*(u.classes for u in chart.units.values())))
    # the classes of the default chart, as the texts name them
    QT_TRANSLATE_NOOP("widgets.band_facts", "air"), QT_TRANSLATE_NOOP("widgets.band_facts", "land")
    QT_TRANSLATE_NOOP("widgets.band_facts", "sea")
    for c in classes:
        members = {u.name for u in chart.units.values() if c in u.classes}
        if members == set(may_hit):
            return translate("widgets.band_facts", "{kind} units only").format(
                kind=translate("widgets.band_facts", c))
    names = [unit_in_text(u) for u in chart.units if u in may_hit]
    return translate("widgets.band_facts", "{units} only").format(units=", ".join(names))


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
    dice = (translate("widgets.band_facts", "<b>{count}</b> die") if f.dice == 1 else
            translate("widgets.band_facts", "<b>{count}</b> dice")).format(count=f.dice)
    notes = []
    if f.uncapped > cap:
        notes.append(translate("widgets.band_facts", "capped {before}→{cap}").format(
            before=f.uncapped, cap=cap))
    if f.extra:
        notes.append(translate("widgets.band_facts", "+1 extra white"))
    if notes:
        dice += f" ({', '.join(notes)})"
    if f.boosters:
        boost = translate("widgets.band_facts", "boosts {usable} usable").format(usable=f.usable)
        if f.wasted:
            boost += ", " + translate("widgets.band_facts", "<span style='color:{colour}'><b>"
                                      "{wasted} wasted</b></span>").format(colour=DEFENDER,
                                                                          wasted=f.wasted)
        dice += " · " + boost
    return dice
