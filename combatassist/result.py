"""Results with exactly the keys of docs/scenario-format.md, and their human summaries."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Protocol, cast

import numpy as np

from .battle import optional
from .figures import BattleFigures, battle_figures, supports_figures
from .solver import BattleOutcome
from .text import Text, join, msg

BATTLE_KEYS = ("attacker_wins", "defender_wins", "draw", "undecided", "stalemate", "pruned",
               "expected_rounds", "losses")


@dataclass
class BattleResult:
    """A battle's answer. ``to_json`` gives the contract's object; the rest feeds the GUI."""

    ruleset: str
    attacker_wins: float
    defender_wins: float
    draw: float
    undecided: float
    stalemate: float
    pruned: float
    expected_rounds: float
    #: [(attacker_lost, defender_lost, probability)], sorted.
    losses: list[tuple[int, int, float]]
    #: P(decided within N rounds) for N = 1, 2, ... (for the plot; not in the JSON).
    decided_by_round: list[float] = field(default_factory=list)
    method: str = "exact"
    trials: int = 0
    states_explored: int = 0
    #: Ruleset-specific extras (e.g. AGC band probabilities); not in the JSON contract.
    extra: dict[str, Any] = field(default_factory=dict)
    #: Mass the attacker withdrew (inside ``defender_wins``, like ``stalemate`` in ``draw``).
    retreated: float = 0.0
    #: IPC, survivors, profiles, territory (rulesets with unit costs; None elsewhere).
    figures: BattleFigures | None = None
    #: Keys a scenario's own question adds to the JSON after the others (Low Luck's
    #: ``waves``, ``policy``, ``counter``: docs/scenario-format.md), absent otherwise.
    asked: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"ruleset": self.ruleset}
        for key in BATTLE_KEYS:
            value = getattr(self, key)
            if key == "losses":
                value = [[a, d, p] for a, d, p in value]
            data[key] = value
        if self.figures is not None:
            data["retreated"] = self.retreated
            data.update(self.figures.to_json())
        data.update(self.asked)
        return data

    # -- views the GUI and the summary use ---------------------------------------------
    def loss_marginal(self, side: int) -> dict[int, float]:
        """P(side lost exactly k) for side 0 (attacker) or 1 (defender)."""
        acc: dict[int, float] = {}
        for row in self.losses:
            acc[row[side]] = acc.get(row[side], 0.0) + row[2]  # type: ignore[index,arg-type]
        return dict(sorted(acc.items()))

    def expected_losses(self) -> tuple[float, float]:
        return (math.fsum(a * p for a, _, p in self.losses),
                math.fsum(d * p for _, d, p in self.losses))

    def unfought(self) -> str | None:
        """Why there is no battle to show ("the attacker has no units"), or None.

        A battle decided before its first round, with nothing lost, had a side without units:
        its figures are certain and its plots would only draw one degenerate point.
        """
        if self.expected_rounds > 0 or any(a or d for a, d, _ in self.losses):
            return None
        if self.retreated >= 1.0 - 1e-12:           # a retreat rule or policy: no attack
            return msg("the attacker withdraws before the first round (its retreat rules)")
        if self.defender_wins >= 1.0 - 1e-12:
            return msg("the attacker has no units")
        if self.attacker_wins >= 1.0 - 1e-12:
            return msg("the defender has no units")
        if self.draw >= 1.0 - 1e-12:
            return msg("neither side has units")
        return None


def clamp01(p: float) -> float:
    """Float sums can land a hair outside [0, 1]; a probability never should."""
    return min(1.0, max(0.0, p))


class EndRules(Protocol):
    """What ``battle_result`` reads of a battle's rules besides the optional members its
    figures read (``figures``): who has won and what each side has lost at an end position. A
    ``BattleRules``, or rules of end positions only (``lowluck.attack.AttackRules``)."""

    def verdict(self, state: Any) -> Any: ...

    def losses(self, state: Any) -> Any: ...


#: ``verdicts_and_losses``' codes: the verdict of each (3: none, the battle is on).
VERDICTS = ("attacker", "defender", "draw")
#: Up to this many end positions, ``battle_result`` sums them in plain Python (numpy's
#: calls cost more than the sums); beyond, in arrays (``_wins_and_losses``).
FEW_ENDS = 48


def _wins_and_losses(codes: np.ndarray, lost: np.ndarray, masses: list[float], decided: int,
                     losses: dict[tuple[int, int], float]) -> dict[str, float]:
    """``battle_result``'s sums over many end positions (their ``verdicts_and_losses``,
    ``masses``; the first ``decided`` have a verdict) in arrays: each verdict's mass, and
    each pair of losses' into ``losses``. ``bincount`` adds its weights one at a time in
    order: the loop's sums, to the last bit."""
    p = np.array(masses)
    by_verdict = np.bincount(codes[:decided], weights=p[:decided], minlength=3).tolist()
    # each pair of losses a number (a side's losses are a unit count: a small range)
    low = lost.min(axis=0)
    base = int(lost[:, 1].max()) - int(low[1]) + 1
    pairs = (lost[:, 0] - low[0]) * base + (lost[:, 1] - low[1])
    seen = np.flatnonzero(np.bincount(pairs))
    sums = np.bincount(pairs, weights=p)[seen].tolist()
    a_lost, d_lost = np.divmod(seen, base)
    for a, d, m in zip((a_lost + low[0]).tolist(), (d_lost + low[1]).tolist(), sums):
        losses[a, d] = m
    return dict(zip(VERDICTS, by_verdict))


def battle_result(ruleset: str, rules: EndRules, outcome: BattleOutcome, *,
                  figures: bool = True) -> BattleResult:
    """Fold a solver/simulator outcome into the contract's figures (with IPC, survivors,
    profiles and territory when the rules support them and ``figures`` is true)."""
    wins = {"attacker": 0.0, "defender": 0.0, "draw": 0.0}
    losses: dict[tuple[int, int], float] = {}

    def add_losses(state: Any, p: float) -> None:
        key = cast("tuple[int, int]", tuple(rules.losses(state)))
        losses[key] = losses.get(key, 0.0) + p

    many = optional(rules, "verdicts_and_losses")
    if many is not None:
        # every end at once: the same sums, in the same order, as one position at a time
        buckets = (outcome.decided, outcome.stalemates, outcome.undecided, outcome.retreated)
        codes, lost = many([s for bucket in buckets for s in bucket])
        masses = [p for bucket in buckets for p in bucket.values()]
        decided = len(outcome.decided)
        if len(masses) <= FEW_ENDS:
            if isinstance(lost, np.ndarray):
                codes, lost = codes.tolist(), lost.tolist()
            for code, p in zip(codes[:decided], masses):
                wins[VERDICTS[code]] += p                  # decided: a verdict
            for (a, d), p in zip(lost, masses):
                losses[a, d] = losses.get((a, d), 0.0) + p
        else:
            wins.update(_wins_and_losses(np.asarray(codes), np.asarray(lost), masses, decided,
                                         losses))
    else:
        for state, p in outcome.decided.items():
            wins[cast(str, rules.verdict(state))] += p     # decided: a verdict
            add_losses(state, p)
        for state, p in outcome.stalemates.items():
            add_losses(state, p)
        for state, p in outcome.undecided.items():
            add_losses(state, p)
        for state, p in outcome.retreated.items():
            add_losses(state, p)
    stalemate = math.fsum(outcome.stalemates.values())
    retreated = math.fsum(outcome.retreated.values())
    return BattleResult(
        ruleset=ruleset,
        attacker_wins=clamp01(wins["attacker"]),
        defender_wins=clamp01(wins["defender"] + retreated),
        draw=clamp01(wins["draw"] + stalemate),
        undecided=math.fsum(outcome.undecided.values()),
        stalemate=stalemate,
        pruned=outcome.pruned,
        expected_rounds=outcome.expected_rounds,
        losses=[(a, d, p) for (a, d), p in sorted(losses.items())],
        decided_by_round=list(outcome.decided_by_round),
        method=outcome.method,
        trials=outcome.trials,
        states_explored=outcome.states_explored,
        retreated=clamp01(retreated),
        figures=battle_figures(rules, outcome) if figures and supports_figures(rules) else None,
    )


def percent(p: float) -> str:
    return f"{100 * p:.2f}%"


def summarise_battle(result: BattleResult, title: str | None = None, *,
                     profiles: int = 3) -> str:
    """A short human-readable summary (the CLI without --json), with the ``profiles`` most
    likely end compositions."""
    lines = [title] if title else []
    return "\n".join(map(str, lines + battle_lines(result, profiles=profiles)))


def _indented(text: Any, by: int = 2) -> Any:
    """``text`` after ``by`` spaces (the indent is layout, not part of the translated text)."""
    return join("", (" " * by, text))


def battle_lines(result: BattleResult, *, profiles: int = 3) -> list[Any]:
    """The odds in players' words, one engine text per line (the GUI's Copy results says them
    in its language; ``str()`` is the English the command line prints): how they were worked
    out, who wins, losses, rounds, IPC and territory, the ``profiles`` most likely ends. The
    solver's left-out probability (``pruned``, far below anything shown) stays in the JSON."""
    how = msg("exact") if result.method == "exact" else msg(
        "simulated, {trials:,} battles", trials=result.trials)
    lines: list[Any] = [msg("Odds ({how})", how=how),
                        _indented(msg("attacker wins {p:9.2%}", p=result.attacker_wins))]
    defender: Text = msg("defender wins {p:9.2%}", p=result.defender_wins)
    if result.retreated:
        defender = join("  ", (defender, msg("(attacker retreated {p:.2%})",
                                             p=result.retreated)))
    lines.append(_indented(defender))
    draw: Text = msg("draw          {p:9.2%}", p=result.draw)
    if result.stalemate:
        draw = join("  ", (draw, msg("(stalemate {p:.2%})", p=result.stalemate)))
    lines.append(_indented(draw))
    if result.undecided:
        lines.append(_indented(msg("undecided     {p:9.2%}  (the round limit was reached)",
                                   p=result.undecided)))
    ea, ed = result.expected_losses()
    lines.append(_indented(msg("expected losses: attacker {a:.2f}, defender {d:.2f}",
                               a=ea, d=ed)))
    lines.append(_indented(msg("expected rounds: {n:.2f}", n=result.expected_rounds)))
    if result.figures is not None:
        lines.extend(figure_lines(result.figures, profiles))
    return lines


def composition(units: dict[str, int]) -> str:
    """{'armor': 3, 'fighter': 1} -> '3 armor + 1 fighter' ('nothing' when empty)."""
    parts = [f"{n} {u.replace('_', ' ')}" for u, n in units.items() if n]
    return " + ".join(parts) or "nothing"


def ipc(x: float) -> str:
    return f"{x:.2f}"


def figure_lines(figures: BattleFigures, profiles: int = 3) -> list[Any]:
    """The IPC swing, taking the territory and the most likely ends, for summaries (engine
    texts, see ``battle_lines``)."""
    lines: list[Any] = [_indented(msg(
        "IPC lost: attacker {a:.2f}, defender {d:.2f}; expected IPC swing {swing:+.2f} (for "
        "the attacker)", a=figures.attacker_ipc_lost, d=figures.defender_ipc_lost,
        swing=figures.expected_ipc_swing))]
    if figures.takes_territory is not None:
        lines.append(_indented(msg("takes the territory {p:8.2%}  (attacker wins with a land "
                                   "unit left)", p=figures.takes_territory)))
    if figures.profiles and profiles:
        lines.append(_indented(msg("most likely ends:")))
        for pr in figures.profiles[:profiles]:
            lines.append(f"    {percent(pr['p']):>7}  attacker {composition(pr['attacker'])}"
                         f" | defender {composition(pr['defender'])}")
    return lines
