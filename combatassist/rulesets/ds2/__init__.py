"""Dirtside II quick damage system (docs/rules.md §5, seed 004): one shot, impact vs armour.

``data`` (the tables of ``resources/ds2/``), ``scenario`` (the shot: checks, parse,
to_document), ``rules`` (``resolve_shot``, the one rules function, and the exact and simulated
odds through it), ``matrix`` (the size x armour heatmap, numpy), ``summary`` (for people).
"""
from __future__ import annotations

from collections.abc import Callable

from ...errors import EngineError
from .data import SPECIAL_KINDS, TARGET_KINDS, Family, Tables, build_tables, tables, weapon_options
from .matrix import ARMOURS, SIZES, ShotMatrix, kill_special_table, matrix
from .rules import (JSON_KEYS, NAME, OUTCOMES, Resolution, ShotResult, ShotSetup, exact_result,
                    no_effect_reason, outcome_fractions, resolve_shot, shot_setup,
                    simulate_result)
from .scenario import Problem, Shot, check_shot, parse, to_document, valid_combination, validate
from .summary import shot_title, summarise

__all__ = [
    "ARMOURS", "Family", "JSON_KEYS", "NAME", "OUTCOMES", "Problem", "Resolution",
    "SIZES", "SPECIAL_KINDS", "Shot", "ShotMatrix", "ShotResult", "ShotSetup", "TARGET_KINDS",
    "Tables", "build_tables", "check_shot", "compute", "exact_result", "kill_special_table",
    "matrix", "no_effect_reason", "outcome_fractions", "parse", "resolve_shot", "shot_setup",
    "shot_title", "simulate_result", "summarise", "tables", "to_document", "valid_combination",
    "validate", "weapon_options",
]

def compute(shot: Shot, *, method: str = "exact", trials: int = 100_000,
            seed: int | None = None, cancel: Callable[[], bool] | None = None) -> ShotResult:
    """The shot's odds: exact enumeration, or a seeded simulation of the same rules."""
    setup = shot_setup(shot)
    if method == "exact":
        return exact_result(setup)
    if method == "simulate":
        return simulate_result(setup, trials, seed, cancel)
    raise EngineError(f"unknown method {method!r} (expected exact or simulate)")

