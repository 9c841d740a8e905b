"""AGC odds: exact (numpy convolutions of every unit's value, then the margin table) and a
seeded simulation of the same resolution (``rules``' shared functions on batches of dice)."""
from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any, cast

import numpy as np

from ... import limits
from ...errors import EngineError
from ...result import BattleResult
from .data import DamageSpec, agc_data
from .data import dice
from .lineup import Lineup, SideLineup, UnitRoll, lineup, _kept_face_probs
from .rules import FIRST, SECOND, TIE, classify, contest_victor, contests, damage_spec, side_scores, unit_values
from .scenario import SIDES, AgcScenario

def _unit_pmf(roll: UnitRoll) -> np.ndarray:
    probs = _kept_face_probs(roll.sides, roll.dice)
    top = max(roll.value(v) for v in probs)
    pmf = np.zeros(top + 1)
    for v, p in probs.items():
        pmf[roll.value(v)] += float(p)
    return pmf


def _power(pmf: np.ndarray, n: int) -> np.ndarray:
    """Distribution of the sum of n independent copies (square and multiply)."""
    out = np.ones(1)
    base = pmf
    while n:
        if n & 1:
            out = np.convolve(out, base)
        n >>= 1
        if n:
            base = np.convolve(base, base)
    return out


def score_pmf(rolls: Sequence[UnitRoll], offset: int = 0) -> np.ndarray:
    """Exact distribution (index = score) of the sum of these units' values, plus ``offset``."""
    groups: dict[tuple[int, int, int], int] = {}
    for r in rolls:
        key = (r.sides, r.dice, r.modifier)
        groups[key] = groups.get(key, 0) + 1
    out = np.ones(1)
    for (sides, n, mod), k in groups.items():
        pmf = _unit_pmf(UnitRoll("", "", "", sides, n, mod, ()))
        out = np.convolve(out, _power(pmf, k))
    out = np.clip(out, 0.0, None)
    return np.concatenate([np.zeros(offset), out / out.sum()])


def side_pmfs(side: SideLineup) -> dict[str, np.ndarray]:
    """Exact distributions of the side's ground total, AAD score and air support score."""
    return {"ground": score_pmf([r for r in side.units if r.role == "ground"]),
            "aad": score_pmf([r for r in side.units if r.role == "aad"]),
            "air": score_pmf([r for r in side.units if r.unit == "air_support"],
                             side.air_score_bonus)}


def _outcome_probs(first: np.ndarray, second: np.ndarray,
                   victor_rule: Callable[[np.ndarray], np.ndarray] = lambda v: v) -> np.ndarray:
    """P(band, victor) as an array [band, victor + 1] over every pair of scores."""
    a = np.nonzero(first)[0]
    d = np.nonzero(second)[0]
    band, victor = classify(a[:, None], d[None, :])
    victor = victor_rule(victor)
    weight = first[a][:, None] * second[d][None, :]
    key = band * 3 + (victor + 1)
    table = np.bincount(key.ravel(), weights=weight.ravel(), minlength=3 * len(agc_data().bands))
    return table.reshape(-1, 3)


@functools.cache
def _spec_pmf(spec: DamageSpec) -> np.ndarray:
    """Distribution of the steps (index = steps); cached, so read-only."""
    values = spec.values()
    pmf = np.zeros(max(values) + 1)
    for v, p in values.items():
        pmf[v] = float(p)
    pmf.flags.writeable = False
    return pmf


def _losses_from(table: np.ndarray, first_exempt: bool = False,
                 second_exempt: bool = False) -> np.ndarray:
    """Joint damage [first steps, second steps] from P(band, victor)."""
    specs = [_spec_pmf(s) for b in agc_data().bands for s in (b.victor, b.loser)]
    size = max(len(s) for s in specs)
    joint = np.zeros((size, size))
    none = np.array([1.0])
    for band in range(table.shape[0]):
        for code in (FIRST, SECOND, TIE):
            p = table[band, code + 1]
            if p <= 0:
                continue
            one = none if first_exempt else _spec_pmf(damage_spec(band, code, True))
            two = none if second_exempt else _spec_pmf(damage_spec(band, code, False))
            joint[:len(one), :len(two)] += p * np.outer(one, two)
    return joint


def _pmf_rows(pmf: np.ndarray) -> list[list]:
    return [[int(v), float(p)] for v, p in enumerate(pmf) if p > 0]


def _joint_rows(joint: np.ndarray) -> list[tuple[int, int, float]]:
    return [(int(a), int(d), float(joint[a, d])) for a, d in zip(*np.nonzero(joint))]


def _band_rows(table: np.ndarray, first: str, second: str) -> list[dict[str, Any]]:
    rows = []
    for i, b in enumerate(agc_data().bands):
        rows.append({"band": b.id, "name": b.name, "p": float(table[i].sum()),
                     f"{first}_victor": float(table[i, FIRST + 1]),
                     f"{second}_victor": float(table[i, SECOND + 1]),
                     "tie": float(table[i, TIE + 1])})
    return rows


def _contest_extra(aad_side: str, air_side: str, table: np.ndarray, joint: np.ndarray,
                   aad_pmf: np.ndarray | None, air_pmf: np.ndarray | None) -> dict[str, Any]:
    out = {"aad_side": aad_side, "air_side": air_side,
           "aad_victor": float(table[:, FIRST + 1].sum()),
           "air_victor": float(table[:, SECOND + 1].sum()),
           "tie": float(table[:, TIE + 1].sum()),
           "bands": _band_rows(table, "aad", "air"),
           "damage": [[a, d, p] for a, d, p in _joint_rows(joint)]}
    if aad_pmf is not None:
        out["aad_score"] = _pmf_rows(aad_pmf)
        out["air_score"] = _pmf_rows(cast(np.ndarray, air_pmf))     # given with aad_pmf
    return out


def _check_cancel(cancel: Callable[[], bool] | None) -> None:
    if cancel is not None and cancel():
        from ...solver import Cancelled
        raise Cancelled()


def _result(line: Lineup, table: np.ndarray, joint: np.ndarray, extra: dict[str, Any],
            method: str, trials: int) -> BattleResult:
    extra.update({
        "terrain": line.terrain,
        "bands": _band_rows(table, "attacker", "defender"),
        "engineer_unit_type": {s: line.side(s).engineer_unit_type for s in SIDES},
        "ground_damage_exempt": {s: line.side(s).ground_damage_exempt for s in SIDES},
        "lineup": {s: [{"unit": r.unit, "label": r.label, "role": r.role, "die": r.sides,
                        "dice": r.dice, "modifier": r.modifier, "reasons": list(r.reasons)}
                       for r in line.side(s).units] for s in SIDES},
    })
    return BattleResult(
        ruleset="agc",
        attacker_wins=float(table[:, FIRST + 1].sum()),
        defender_wins=float(table[:, SECOND + 1].sum()),
        draw=float(table[:, TIE + 1].sum()),
        undecided=0.0, stalemate=0.0, pruned=0.0, expected_rounds=1.0,
        losses=_joint_rows(joint), decided_by_round=[1.0], method=method, trials=trials,
        extra=extra)


def exact(payload: AgcScenario, cancel: Callable[[], bool] | None = None) -> BattleResult:
    """The exact answer: totals by convolution, every pair of totals through ``classify``."""
    line = lineup(payload)
    pmfs = {s: side_pmfs(line.side(s)) for s in SIDES}
    _check_cancel(cancel)
    att, dfn = line.attacker, line.defender
    table = _outcome_probs(pmfs["attacker"]["ground"], pmfs["defender"]["ground"])
    joint = _losses_from(table, att.ground_damage_exempt, dfn.ground_damage_exempt)
    extra: dict[str, Any] = {"attacker_total": _pmf_rows(pmfs["attacker"]["ground"]),
                             "defender_total": _pmf_rows(pmfs["defender"]["ground"]),
                             "aad_contests": []}
    for aad_side, air_side in contests(line):
        _check_cancel(cancel)
        aad_pmf, air_pmf = pmfs[aad_side]["aad"], pmfs[air_side]["air"]
        ctable = _outcome_probs(aad_pmf, air_pmf,
                                lambda v: contest_victor(v, line.air_attacks_aad))
        extra["aad_contests"].append(_contest_extra(aad_side, air_side, ctable,
                                                    _losses_from(ctable), aad_pmf, air_pmf))
    return _result(line, table, joint, extra, "exact", 0)


# -- simulation: the same code on seeded dice -------------------------------------------------
def _roll_faces(rng: np.random.Generator, side: SideLineup, trials: int) -> np.ndarray:
    sides = np.array([r.sides for r in side.units for _ in range(r.dice)], dtype=np.int64)
    if not len(sides):
        return np.zeros((trials, 0), dtype=np.int64)
    return rng.integers(1, sides + 1, size=(trials, len(sides)))


def _roll_damage(rng: np.random.Generator, band: np.ndarray, victor: np.ndarray,
                 as_first: bool, exempt: bool) -> np.ndarray:
    """Steps of damage for a batch: each trial's spec, its dice rolled, through ``damage_steps``."""
    out = np.zeros(band.shape, dtype=np.int64)
    if exempt:
        return out
    for b in range(len(agc_data().bands)):
        for code in (FIRST, SECOND, TIE):
            mask = (band == b) & (victor == code)
            n = int(mask.sum())
            if not n:
                continue
            spec = damage_spec(b, code, as_first)
            faces = (rng.integers(1, spec.sides + 1, size=(n, spec.count)) if spec.count
                     else np.zeros((n, 0), dtype=np.int64))
            out[mask] = spec.constant + faces.sum(axis=1)
    return out


class _Tally:
    """Counts of simulated outcomes, folded into the same shapes as the exact answer."""

    def __init__(self) -> None:
        self.table = np.zeros((len(agc_data().bands), 3))
        self.joint = np.zeros((1, 1), dtype=np.int64)

    def add(self, band: np.ndarray, victor: np.ndarray, first_dmg: np.ndarray,
            second_dmg: np.ndarray) -> None:
        self.table += np.bincount(band * 3 + victor + 1,
                                  minlength=self.table.size).reshape(self.table.shape)
        size = max(len(self.joint), int(first_dmg.max()) + 1, int(second_dmg.max()) + 1)
        counts = np.bincount(first_dmg * size + second_dmg, minlength=size * size)
        grown = np.zeros((size, size), dtype=np.int64)
        grown[:len(self.joint), :len(self.joint)] = self.joint
        self.joint = grown + counts.reshape(size, size)

    def joint_array(self, trials: int) -> np.ndarray:
        return self.joint / trials


def simulate(payload: AgcScenario, trials: int = 100_000, seed: int | None = None,
             cancel: Callable[[], bool] | None = None, batch: int = 20_000) -> BattleResult:
    """A seeded Monte Carlo of the same resolution (same keys as ``exact``)."""
    if trials < 1:
        raise EngineError(f"trials must be at least 1, got {trials}")
    line = lineup(payload)
    limits.check_vectorised_simulation(
        trials, sum(r.dice for s in SIDES for r in line.side(s).units) + 2)   # + damage dice
    # numpy refuses negative seeds; Python's random.Random (the other rulesets' simulator)
    # uses abs(seed): do the same, so every ruleset accepts any whole-number seed alike.
    rng = np.random.default_rng(None if seed is None else abs(seed))
    ground = _Tally()
    pairs = contests(line)
    contest_tallies = [_Tally() for _ in pairs]
    totals = {s: np.zeros(1, dtype=np.int64) for s in SIDES}
    done = 0
    while done < trials:
        _check_cancel(cancel)
        n = min(batch, trials - done)
        scores = {s: side_scores(line.side(s),
                                 unit_values(line.side(s), _roll_faces(rng, line.side(s), n)))
                  for s in SIDES}
        for s in SIDES:
            counts = np.bincount(scores[s]["ground"])
            if len(counts) > len(totals[s]):
                totals[s] = np.pad(totals[s], (0, len(counts) - len(totals[s])))
            totals[s][:len(counts)] += counts
        band, victor = classify(scores["attacker"]["ground"], scores["defender"]["ground"])
        ground.add(band, victor,
                   _roll_damage(rng, band, victor, True, line.attacker.ground_damage_exempt),
                   _roll_damage(rng, band, victor, False, line.defender.ground_damage_exempt))
        for tally, (aad_side, air_side) in zip(contest_tallies, pairs):
            cband, cvictor = classify(scores[aad_side]["aad"], scores[air_side]["air"])
            cvictor = contest_victor(cvictor, line.air_attacks_aad)
            tally.add(cband, cvictor, _roll_damage(rng, cband, cvictor, True, False),
                      _roll_damage(rng, cband, cvictor, False, False))
        done += n
    extra: dict[str, Any] = {
        "attacker_total": _pmf_rows(totals["attacker"] / trials),
        "defender_total": _pmf_rows(totals["defender"] / trials),
        "aad_contests": [_contest_extra(a, b, t.table / trials, t.joint_array(trials), None, None)
                         for t, (a, b) in zip(contest_tallies, pairs)]}
    return _result(line, ground.table / trials, ground.joint_array(trials), extra,
                   "simulate", trials)
