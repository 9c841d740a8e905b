"""Low-luck tech research (docs/rules.md §2): savings, attempts, d6 tables, owned-tech upgrades.

``plan_research`` gives the exact probabilities of owning each tech by round for an
investment plan; ``attempt`` resolves one breakthrough roll at the table.
"""
from __future__ import annotations

import functools
import math
from dataclasses import dataclass
from typing import Any

from ...errors import EngineError
from .data import RESEARCH_BRANCHES, tables

BRANCHES = RESEARCH_BRANCHES
MAX_PLAN_ROUNDS = 100


@dataclass(frozen=True)
class Branch:
    name: str
    minimum: int
    maximum: int
    attempt_cost: int
    final: str
    techs: tuple[str, ...]                      # worst to best
    tables: tuple[tuple[int, tuple[str, ...]], ...]  # (threshold, tech per face 1..6), ascending

    @property
    def lowest_threshold(self) -> int:
        return self.tables[0][0]

    def column(self, savings: int) -> tuple[str, ...] | None:
        """The d6 table of the highest threshold reached, or None below the lowest."""
        best = None
        for threshold, faces in self.tables:
            if savings >= threshold:
                best = faces
        return best


@functools.cache
def branch(name: str) -> Branch:
    """The research branch ``it`` or ``air`` from resources/lowluck/tables.toml (validated)."""
    if name not in BRANCHES:
        raise EngineError(f"unknown research branch '{name}' (expected it or air)")
    row = tables().research[name]
    return Branch(name, row.minimum, row.maximum, row.attempt_cost, row.final, row.techs,
                  row.thresholds)


def upgrade(b: Branch, rolled_tech: str, owned: frozenset[str]) -> str:
    """A tech already owned becomes the next better one not owned; if none, the best."""
    i = b.techs.index(rolled_tech)
    for tech in b.techs[i:]:
        if tech not in owned:
            return tech
    return b.techs[-1]


@dataclass(frozen=True)
class AttemptResult:
    tech: str              # what the player gets
    rolled_tech: str       # what the table says for the die
    savings_after: int
    project_ended: bool


def attempt(branch_name: str, savings: int, owned: frozenset[str] | set[str], die: int
            ) -> AttemptResult:
    """Resolve one breakthrough attempt with the die the player rolled."""
    b = branch(branch_name)
    if not 1 <= die <= 6:
        raise EngineError(f"the research die must show 1-6, got {die}")
    faces = b.column(savings)
    if faces is None:
        raise EngineError(f"an attempt needs at least {b.lowest_threshold} IPC saved, "
                          f"not {savings}")
    rolled = faces[die - 1]
    tech = upgrade(b, rolled, frozenset(owned))
    ended = tech == b.final
    return AttemptResult(tech, rolled, 0 if ended else savings - b.attempt_cost, ended)


@dataclass
class TechPlan:
    branch: str
    rounds: int
    expected_invested: float
    #: p_have[tech][i] = P(owning tech at the end of round i + 1)
    p_have: dict[str, list[float]]
    #: P(the project has ended (final tech obtained) by the end of round i + 1)
    p_done: list[float]
    techs: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"branch": self.branch, "rounds": self.rounds,
                "expected_invested": self.expected_invested, "p_have": self.p_have}


def plan_research(branch_name: str, invest: list[int], attempt_at: int,
                  owned: frozenset[str] = frozenset()) -> TechPlan:
    """Exact odds of an investment plan: ``invest[i]`` IPC in round i+1 (while the project
    runs), attempting as soon as the savings reach ``attempt_at`` (never below the branch's
    lowest threshold). A round with less than the minimum loses all savings.
    """
    b = branch(branch_name)
    if not invest:
        raise EngineError("give at least one round of investment")
    if len(invest) > MAX_PLAN_ROUNDS:
        raise EngineError(f"at most {MAX_PLAN_ROUNDS} rounds can be planned")
    for i, amount in enumerate(invest, start=1):
        if amount < 0:
            raise EngineError(f"round {i}: investment can't be negative ({amount})")
        if amount > b.maximum:
            raise EngineError(f"round {i}: at most {b.maximum} IPC per round on the "
                              f"{b.name} branch, not {amount}")
    unknown = [t for t in owned if t not in b.techs]
    if unknown:
        raise EngineError(f"not techs of the {b.name} branch: {', '.join(unknown)}")
    threshold = max(attempt_at, b.lowest_threshold)
    # state: (savings, owned techs, project ended)
    dist: dict[tuple[int, frozenset[str], bool], float] = {(0, frozenset(owned), False): 1.0}
    expected = 0.0
    p_have: dict[str, list[float]] = {t: [] for t in b.techs}
    p_done: list[float] = []
    for amount in invest:
        nxt: dict = {}
        for (savings, have, ended), p in dist.items():
            if ended:
                nxt[(savings, have, ended)] = nxt.get((savings, have, ended), 0.0) + p
                continue
            expected += p * amount
            savings = savings + amount if amount >= b.minimum else 0
            if savings >= threshold:
                for die in range(1, 7):
                    res = attempt(b.name, savings, have, die)
                    key = (res.savings_after, have | {res.tech}, res.project_ended)
                    nxt[key] = nxt.get(key, 0.0) + p / 6
            else:
                key = (savings, have, False)
                nxt[key] = nxt.get(key, 0.0) + p
        dist = nxt
        for t in b.techs:
            p_have[t].append(math.fsum(p for (_, have, _), p in dist.items() if t in have))
        p_done.append(math.fsum(p for (_, _, ended), p in dist.items() if ended))
    return TechPlan(b.name, len(invest), expected, p_have, p_done, b.techs)


def summarise_plan(plan: TechPlan) -> str:
    lines = [f"{plan.branch} research over {plan.rounds} rounds: expected investment "
             f"{plan.expected_invested:.2f} IPC", "  round  " + "  ".join(
                 f"{t:>22}" for t in plan.techs)]
    for i in range(plan.rounds):
        lines.append(f"  {i + 1:>5}  " + "  ".join(f"{100 * plan.p_have[t][i]:>21.2f}%"
                                                  for t in plan.techs))
    return "\n".join(lines)
