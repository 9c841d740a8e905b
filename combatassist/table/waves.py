"""An attack's battles after the first at the table: its later waves and its counter-attack
(``TableBattle.next_battle`` / ``fight_next``), by the rules the odds side chains them with.

A Low Luck scenario with ``[[attacker.waves]]`` or a ``[counter]`` (docs/scenario-format.md,
"Waves") is one attack of several battles. The odds side (``rulesets.lowluck.attack``)
carries the defender's exact survivor distribution from wave to wave; the table carries the
survivors the players' dice actually left, by the same reading, so that the odds at a later
wave's start are the odds side's figure for that wave against those survivors:

- a battle over with defender units left (``rules.state_units``: every unit, a damaged
  two-hit unit and a submerged submarine included), whoever won and however it ended (a
  retreat, the players ending it), is followed by the next wave against those units with
  their damage (``attack.wave_scenario``); the earlier waves' units stay out of it (they
  won, withdrew or died);
- a battle that leaves the defender no unit is followed by no battle of a later wave: each
  later wave walks in (its land units take the territory, as ``attack`` counts them);
- once the territory is taken (by the battle's land units still in it, or by a wave that
  walked in) and the attack has a counter-attack, the counter-attack is fought against the
  attacker's land units holding it — every wave's that is in it, never aircraft
  (``attack.counter_scenario``);
- the counter-attack is the last battle.

Other rulesets' battles (and a Low Luck battle of one wave without a counter-attack) are
one battle: ``chain_of`` gives None.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..battle import BattleRules
from ..text import Message, msg


@dataclass(frozen=True)
class Stage:
    """Which battle of an attack is fought: wave ``number`` of ``waves``, or the
    counter-attack (``number`` 0)."""

    kind: str           # "wave" or "counter"
    number: int
    waves: int

    @property
    def key(self) -> str:
        """The stage in the saved battle's JSON: "wave 2", "counter"."""
        return "counter" if self.kind == "counter" else f"wave {self.number}"

    def title(self) -> Message:
        """"Wave 2 of 3", "Counter-attack" (for people)."""
        if self.kind == "counter":
            return msg("Counter-attack")
        if self.waves == 1:         # an attack of one wave, then a counter-attack
            return msg("The attack")
        return msg("Wave {k} of {n}", k=self.number, n=self.waves)

    def fight_words(self) -> Message:
        """What the button that starts this battle says."""
        if self.kind == "counter":
            return msg("Fight the counter-attack")
        return msg("Fight wave {k}", k=self.number)


class LowLuckChain:
    """The battles of a Low Luck attack after its first (see the module's docstring)."""

    def __init__(self, payload: Any):
        from ..rulesets.lowluck import attack
        self.attack = attack
        self.payload = payload
        self.waves = (payload.attacker, *payload.waves)
        self.first = Stage("wave", 1, len(self.waves))
        #: the rules of each later battle, by what it meets (built once: the table replays
        #: every step after each change, and remembers what it computed per rules object)
        self._rules: dict[tuple[Any, ...], BattleRules] = {}

    def _is_land(self, unit_id: str) -> bool:
        """A unit that takes and holds the territory (``attack._Attack._is_land``)."""
        unit = self.payload.edition.unit(unit_id)
        return self.payload.options.battle == "land" and unit.kind == "land" and \
            not unit.has("aa_gun")

    def next(self, stage: Stage, rules: Any, state: Any) -> tuple[Stage, BattleRules] | None:
        """The battle that follows ``stage``'s battle, over at ``state`` (its rules
        ``rules``), and its rules; None when the attack is over."""
        if stage.kind == "counter":
            return None
        attack = self.attack
        left = {u: n for u, n in rules.state_units(state)[1].items() if n}
        k = stage.number            # the next wave's index in ``waves``
        if left:
            if k >= len(self.waves):
                return None         # the last wave: the defender holds
            damaged = attack._damaged(rules, state)
            key = ("wave", k, tuple(sorted(left.items())), tuple(sorted(damaged.items())))
            if key not in self._rules:
                self._rules[key] = attack.make_rules(attack.wave_scenario(
                    self.payload, self.waves[k], left, damaged))
            return Stage("wave", k + 1, len(self.waves)), self._rules[key]
        if self.payload.counter is None:
            return None
        taken = attack._taken(rules, state)
        holding: dict[str, int] = {}
        if taken:
            holding = {u: n for u, n in attack._in_battle(rules, state, 0).items()
                       if n and self._is_land(u)}
        for wave in self.waves[k:]:             # nothing to fight: they walk in
            for u, n in wave.units.items():
                if n and self._is_land(u):
                    holding[u] = holding.get(u, 0) + n
                    taken = True
        if not taken or not holding:
            return None
        held = ("counter", tuple(sorted(holding.items())))
        if held not in self._rules:
            self._rules[held] = attack.make_rules(attack.counter_scenario(self.payload,
                                                                          holding))
        return Stage("counter", 0, len(self.waves)), self._rules[held]


def chain_of(rules: Any, ruleset: str) -> LowLuckChain | None:
    """The battles after the first that ``rules`` (a battle's first rules) belong to: a Low
    Luck attack with later waves or a counter-attack; None for one battle."""
    if ruleset != "lowluck":
        return None
    payload = getattr(rules, "scenario", None)
    if payload is None or (not getattr(payload, "waves", ()) and
                           getattr(payload, "counter", None) is None):
        return None
    return LowLuckChain(payload)
