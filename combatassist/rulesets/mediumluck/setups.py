"""A Medium Luck scenario's payload: each side's assignment (bands, roles, idle, reserve) and
the battle's options (docs/rules.md §1, docs/scenario-format.md). Data only: ``scenario``
reads and writes it, ``rules`` plays it."""
from __future__ import annotations

from dataclasses import dataclass, field

from .chart import Chart

ROLES = ("roll", "boost")


@dataclass
class SideSetup:
    """One side's assignment: band -> {"roll": {unit: n}, "boost": {unit: n}}, idle, reserve."""

    bands: dict[str, dict[str, dict[str, int]]] = field(default_factory=dict)
    idle: dict[str, int] = field(default_factory=dict)
    reserve: dict[str, int] = field(default_factory=dict)
    order_of_loss: list[str] = field(default_factory=list)

    def total(self) -> int:
        return (sum(n for roles in self.bands.values() for units in roles.values()
                    for n in units.values()) + sum(self.idle.values()) + sum(self.reserve.values()))

    def unit_counts(self) -> dict[str, int]:
        """How many of each unit type the side brings, whatever their roles."""
        out: dict[str, int] = {}
        for roles in self.bands.values():
            for units in roles.values():
                for u, n in units.items():
                    out[u] = out.get(u, 0) + n
        for table in (self.idle, self.reserve):
            for u, n in table.items():
                out[u] = out.get(u, 0) + n
        return out


@dataclass
class MediumLuckSetup:
    """A validated Medium Luck scenario (the ruleset's payload)."""

    chart: Chart
    attacker: SideSetup
    defender: SideSetup
    max_rounds: int = 0
    defender_extra_white: bool = True
    reserves: bool = False
    #: The chart file as the scenario names it (None: the default chart).
    chart_ref: str | None = None
    #: Casualty policy: "optimal", "heuristic", or None (the default: optimal when the
    #: battle is small enough to solve at once, see ``policy.choose_policy``).
    casualties: str | None = None
    #: "land" or "sea" (chart.BATTLE_KINDS): which units may take part.
    battle: str = "land"
    #: Faces of the dice (bands.DIE_SIDES): 6, or 12 (the source's d12 variant: boosts stay +1).
    die: int = 6
    #: Attacker retreat rules (0 = never): after round N; before a round with N units or
    #: fewer; before a round when its exact chance to win from there is below X.
    retreat_after: int = 0
    retreat_when_units: int = 0
    retreat_below: float = 0.0


def battle_kind_problems(setup: MediumLuckSetup) -> list[tuple[str, str, str]]:
    """Units that can't take part in the setup's kind of battle: [(side, where, why)], where
    is the scenario field under the side ('bands.yellow.roll.fighter', 'idle.carrier')."""
    from .chart import battle_kind_problem
    out = []
    for name in ("attacker", "defender"):
        side: SideSetup = getattr(setup, name)
        places = [(f"bands.{band}.{role}", units) for band, roles in side.bands.items()
                  for role, units in roles.items()]
        places += [("idle", side.idle), ("reserve", side.reserve)]
        for where, units in places:
            for unit, n in units.items():
                why = n and battle_kind_problem(setup.chart, setup.battle, unit)
                if why:
                    out.append((name, f"{where}.{unit}", why))
    return out

