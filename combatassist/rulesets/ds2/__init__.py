"""Dirtside II quick damage system (docs/rules.md §5, seed 004): one shot, impact vs armour.

``data`` (the tables of ``resources/ds2/``), ``scenario`` (the shot: checks, parse,
to_document), ``rules`` (``resolve_shot``, the one rules function, and the exact and simulated
odds through it), ``matrix`` (the size x armour heatmap, numpy), ``rounds`` (the shot as a
one-round battle: the table side), ``summary`` (for people). ``RULESET`` is the ruleset (``combatassist.ruleset``).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...ruleset import Ruleset, compute as _compute
from ...scenario import Scenario
from .data import (FAMILY_CLASSES, SPECIAL_KINDS, TARGET_KINDS, Family, Tables, build_tables,
                   read_tables, tables, weapon_options)
from .matrix import ARMOURS, SIZES, ShotMatrix, kill_special_table, matrix
from .rules import (JSON_KEYS, MAX_TRIALS, NAME, OUTCOMES, Resolution, ShotResult, ShotSetup,
                    exact_result, no_effect_reason, outcome_fractions, resolve_shot,
                    shot_setup, simulate_result)
from .scenario import Problem, Shot, check_shot, parse, to_document, valid_combination, validate
from .rounds import ShotRules
from .summary import shot_title, summarise

__all__ = [
    "ARMOURS", "build_tables", "check_shot", "compute", "default_scenario", "exact_result",
    "Family", "JSON_KEYS", "kill_special_table", "matrix", "MAX_TRIALS", "NAME",
    "no_effect_reason", "outcome_fractions", "OUTCOMES", "parse", "Problem", "Resolution",
    "resolve_shot", "RULESET", "Shot", "shot_setup", "shot_title", "ShotMatrix", "ShotResult",
    "ShotRules", "ShotSetup", "simulate_result", "SIZES", "SPECIAL_KINDS", "summarise",
    "Tables", "tables", "TARGET_KINDS", "to_document", "valid_combination", "validate",
    "weapon_options",
]

class Ds2(Ruleset):
    """Dirtside II: the odds of one shot (kind "resolution")."""

    name = "ds2"
    title = "Dirtside II"
    kind = "resolution"
    order = 50
    json_keys = JSON_KEYS
    data_files = {"tables.toml": read_tables}
    #: one shot: there is no next round to retreat before
    retreat_sides = ()
    #: the table side says a shot's odds as the odds view does (labels.toml [outcomes])
    outcome_ids = ("kill", "special", "no_effect")
    table_losses = False

    def label_ids(self) -> dict[str, tuple[str, ...]]:
        t = tables()
        return {"classes": FAMILY_CLASSES, "covers": t.covers, "armour_types": t.armour_types,
                "infantry": tuple(t.infantry_ratings), "ranges": t.ranges, "combat": t.combat}

    def data_terms(self) -> list[str]:
        """Weapon families and their no-effect results, ranges, armour, artillery weights,
        target kinds, infantry ratings and impacts, covers."""
        t = tables()
        words = lambda ids: [i.replace("_", " ") for i in ids]       # noqa: E731
        return [*(f.label for f in t.families.values()),
                *(r for f in t.families.values() for r in f.no_effect.values()),
                *t.ranges, *t.armour_types, *t.artillery_weights, *TARGET_KINDS,
                *t.infantry_ratings, *(c.replace("_", "-") for c in t.covers),
                *words(t.infantry_impact),
                *words(c for v in t.infantry_impact.values() for c in v)]

    def parse(self, reader) -> Shot:
        return parse(reader)

    def table_outcomes(self, result) -> list[tuple[str, float]]:
        """Kill, special damage, no effect (misses included) of the shot's ``BattleResult``
        at the table: an effect is the attacker's win, a kill the one loss it counts."""
        kill = result.loss_marginal(1).get(1, 0.0)
        return [("kill", kill), ("special", max(0.0, result.attacker_wins - kill)),
                ("no_effect", result.defender_wins)]

    def to_document(self, payload: Shot) -> dict[str, Any]:
        return to_document(payload)

    def make_rules(self, payload: Shot) -> ShotRules:
        """The shot as a one-round battle (the table side)."""
        return ShotRules(payload)

    def exact(self, payload: Shot, *, cancel: Callable[[], bool] | None = None) -> ShotResult:
        return exact_result(shot_setup(payload))

    def simulate(self, payload: Shot, *, trials: int = 100_000, seed: int | None = None,
                 cancel: Callable[[], bool] | None = None) -> ShotResult:
        return simulate_result(shot_setup(payload), trials, seed, cancel)

    def summarise(self, result: ShotResult, title: str | None = None) -> str:
        return summarise(result, title)

    def labels_from_tables(self) -> dict[str, dict[str, str]]:
        """weapon families, from the tables (which name them)."""
        return {"families": {f.id: f.label for f in tables().families.values()}}


RULESET = Ds2()


def compute(shot: Shot, *, method: str = "exact", trials: int = 100_000,
            seed: int | None = None, cancel: Callable[[], bool] | None = None) -> ShotResult:
    """``combatassist.ruleset.compute`` for DS2 (kept for callers of the module)."""
    return _compute(RULESET, shot, method=method, trials=trials, seed=seed, cancel=cancel)


def default_scenario() -> Scenario:
    """A size-3 HVC against an armour-3 tank (``resources/ds2/default.toml``)."""
    return RULESET.default_scenario()
