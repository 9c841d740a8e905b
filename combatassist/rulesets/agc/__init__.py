"""Alternate Ground Combat (docs/rules.md §3, seed 001): one combat resolution.

``data`` (the tables of ``resources/agc/``), ``scenario`` (the question: terrain, sides,
options; parse, to_document), ``lineup`` (every unit's die and modifier), ``rules`` (the shared
resolution code and the table's real dice), ``odds`` (exact and simulated), ``forces`` (random
forces), ``summary`` (for people).
"""
from __future__ import annotations

from collections.abc import Callable

from ...errors import EngineError
from ...result import BattleResult
from .data import BASE_TYPES, agc_data, dice, margin_bands, terrains, unit_types
from .forces import composition_distribution, force_from_rolls, generate_force
from .lineup import (Lineup, SideLineup, UnitRoll, _side_lineup, default_engineer_type, lineup,
                     unit_mean)
from .odds import exact, simulate
from .rules import (FIRST, SECOND, TIE, ContestResolution, TableResolution, classify,
                    dice_to_roll, resolve_table)
from .scenario import MAX_UNITS_PER_SIDE, SIDES, AgcScenario, AgcSide, parse, to_document, validate
from .summary import summarise

__all__ = [
    "AgcScenario", "AgcSide", "BASE_TYPES", "ContestResolution", "FIRST", "Lineup",
    "MAX_UNITS_PER_SIDE", "SECOND", "SIDES", "SideLineup", "TIE", "TableResolution",
    "UnitRoll", "agc_data", "classify", "composition_distribution", "compute",
    "default_engineer_type", "dice", "dice_to_roll", "exact", "force_from_rolls",
    "generate_force", "lineup", "margin_bands", "parse", "resolve_table", "simulate",
    "summarise", "terrains", "to_document", "unit_mean", "unit_types", "validate",
]
def compute(payload: AgcScenario, *, method: str = "exact", trials: int = 100_000,
            seed: int | None = None, cancel: Callable[[], bool] | None = None) -> BattleResult:
    """The contract's result (exact, or a seeded simulation of the same resolution)."""
    if method == "exact":
        return exact(payload, cancel)
    if method == "simulate":
        return simulate(payload, trials, seed, cancel)
    raise EngineError(f"unknown method '{method}' (expected exact or simulate)")