"""Low Luck battles (docs/rules.md §2): the scenario (``LowLuckScenario``: options, each
side's units, the edition) and ``make_rules``, its battle. Every edition's battle, Classic's
included, is ``later.LaterRules``: what each step does comes from the edition's data.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .casualties import AIR, SEA
from .dice import DICE_MODES
from .edition import BATTLE_KINDS, Edition, classic, default_order, full_order
from .hits import TAIL_CUTOFF

__all__ = ["AIR", "BATTLE_KINDS", "DICE_MODES", "SEA", "TAIL_CUTOFF", "LowLuckOptions",
           "LowLuckScenario", "LowLuckSide", "default_order", "full_order", "make_rules"]


@dataclass(frozen=True)
class LowLuckOptions:
    max_rounds: int = 0
    dice: str = "lowluck"
    battle: str = "land"
    submarine_first_strike: bool = True
    aa_gun: bool = False
    keep_land_unit: bool = False
    #: The attacker retreats after this round if the battle is still on (0 = never):
    #: the defender then holds (counted in defender_wins).
    retreat_after: int = 0
    #: The attacker retreats before a round when it has this many units or fewer (0 = never).
    retreat_when_units: int = 0
    #: The attacker retreats before a round when its exact chance to win from there (under
    #: the same rules) is below this (0-1; 0 = never).
    retreat_below: float = 0.0
    #: The attacker keeps this many land units alive while it can lose other units
    #: (``keep_land_unit`` is 1 of them).
    keep_land_units: int = 0
    #: A retreat policy that optimises (``retreat_policy``): "none", "profit", "strafe".
    retreat: str = "none"
    #: IPC the territory is worth to the attacker when taken (the profit policy counts it).
    territory_value: int = 0
    #: The attacker withdraws before a round once it has aircraft but no land unit left.
    retreat_when_only_air: bool = False

    @property
    def kept_land_units(self) -> int:
        """The land units the attacker keeps alive (``keep_land_unit`` or ``keep_land_units``)."""
        return max(self.keep_land_units, 1 if self.keep_land_unit else 0)


@dataclass(frozen=True)
class LowLuckSide:
    units: Mapping[str, int] = field(default_factory=dict)
    #: Unit types in the order they are lost; empty = default (cheapest first).
    order_of_loss: tuple[str, ...] = ()
    techs: frozenset[str] = frozenset()
    #: Later editions: of ``units``, those landed from transports (can't retreat).
    amphibious: Mapping[str, int] = field(default_factory=dict)
    #: Later editions: ships offshore that fire in round 1 of an amphibious assault.
    bombard: Mapping[str, int] = field(default_factory=dict)
    #: Later editions: of ``units``, two-hit units that start damaged.
    damaged: Mapping[str, int] = field(default_factory=dict)
    #: Later editions: this side's submarines submerge while the enemy has no destroyer.
    submerge: bool = False


@dataclass(frozen=True)
class LowLuckScenario:
    options: LowLuckOptions = LowLuckOptions()
    attacker: LowLuckSide = LowLuckSide()
    defender: LowLuckSide = LowLuckSide()
    #: The edition whose units and rules the battle is fought by (default: Classic).
    edition: Edition = field(default_factory=classic)
    #: ``[[attacker.waves]]``: the attacker's later waves, each against what the defender
    #: has left after the one before (``waves``).
    waves: tuple[LowLuckSide, ...] = ()
    #: ``[counter]``: the units that counter-attack the territory once taken (``waves``).
    counter: LowLuckSide | None = None
    #: The file's ``[plan]`` question (``planner.PlanSpec``), or None: ``odds`` answers the
    #: battle as written, ``plan`` answers the question.
    plan: Any = None


def make_rules(scenario: LowLuckScenario):
    """The battle of ``scenario`` (``later.LaterRules``, whatever the edition: its data
    says how each step plays)."""
    from .later import LaterRules                 # numpy and the phases: only to play one
    return LaterRules(scenario)
