"""One Medium Luck band: boost placement (attacker first, defender answers), pairing, hits.

Two implementations of the same rule (docs/rules.md §1), kept apart on purpose:

- ``resolve_dice``: the reference, for one real roll. It enumerates every legal placement of
  each side's boosts and plays the minimax the rules describe; it also says which die got
  which boost and how the dice paired (the table-side view).
- ``band_table``: the exact outcome table of a band *configuration* (dice and usable boosts
  per kind on each side), computed for all rolls at once with numpy, then cached in memory
  and on disk. Tests compare it with ``resolve_dice`` roll by roll.

Outcomes are ``(hits_on_attacker, hits_on_defender)``.

Policy (docs/rules.md): each side uses every usable boost (one of each kind per die). The attacker
places first, to maximise its net hits (dealt - taken) against the defender's best answer;
the defender answers to maximise its own net hits. Among equal nets a side prefers fewer
casualties in total (fewer ties); among placements equal in both, the one whose dice read
highest (so "boost the 4" rather than "boost the 2" when it does not matter).
"""
from __future__ import annotations

import functools
import itertools
import json
import math
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from ...distribution import Dist
from ...errors import EngineError
from ...files import atomic_write_text
from ...text import msg

SIDES = 6
#: The dice a scenario may play with (``[options] die``): the source's d6, or d12 (it says the
#: game "could" be played with d12s; docs/rules.md §1).
DIE_SIDES = (6, 12)
#: Largest band table computed for a configuration with boosts, in ``table_cells`` (an upper
#: bound of the int16 cells it fills), per die. d6: every band of the default chart fits —
#: its largest (7 v 7 dice, both white boost kinds on each side) bounds at ~1.33 G cells and
#: takes ~1 s; a house chart may allow 8 dice a band (9 with the defender's extra die) and
#: any number of boost kinds, far beyond (8 v 9 dice with two kinds of four boosters: ~43 G
#: cells, ~30 s for one of a battle's many tables), refused at once.
#: d12 tables fill cells more slowly (~250 M/s measured: bigger, sparser temporaries):
#: 600 M is ~2-3 s and ~400 MB for the largest, so a battle's tables stay within the
#: engine's limits (4 v 4 with any boosts fits, 5 v 5 with one kind on each side).
MAX_TABLE_CELLS = {6: 1_400_000_000, 12: 600_000_000}
#: Sub-configuration pairs ``check_band_start`` searches for the largest table before it
#: refuses on the quick bound alone (a house chart's many boost kinds multiply them).
MAX_BOUND_SEARCH = 200_000
#: Bump when the table algorithm or its meaning changes: old disk caches are then ignored.
TABLE_VERSION = 1
#: Full per-roll tables kept in memory (each up to ~1 MB); the oldest are dropped beyond this.
MAX_TABLES_IN_MEMORY = 300
#: Environment variable that moves (or, set to "off", disables) the disk cache.
CACHE_ENV = "COMBATASSIST_CACHE_DIR"
_KEY_BASE = 16          # key = (net + 8) * 16 + (8 - ties): larger is better for the chooser

#: A band configuration: (attacker dice, attacker usable boosts per kind (sorted, > 0),
#: defender dice, defender usable boosts per kind).
Config = tuple[int, tuple[int, ...], int, tuple[int, ...]]


def usable_boosts(dice: int, boosters: Sequence[int]) -> tuple[int, ...]:
    """Usable boosts per kind: each kind at most once per die; sorted (kinds are alike: +1)."""
    if dice <= 0:
        return ()
    return tuple(sorted((min(b, dice) for b in boosters if b > 0), reverse=True))


def make_config(dice_a: int, boosters_a: Sequence[int], dice_d: int,
                boosters_d: Sequence[int]) -> Config:
    return (dice_a, usable_boosts(dice_a, boosters_a), dice_d, usable_boosts(dice_d, boosters_d))


# -- the reference: one real roll ---------------------------------------------------------
@dataclass(frozen=True)
class SidePlacement:
    """One side's dice in a band: as rolled, which dice got which boost, final values."""

    rolled: tuple[int, ...]
    #: ((kind, (die index, ...)), ...), die indices 0-based in rolled order.
    boosts: tuple[tuple[str, tuple[int, ...]], ...]
    final: tuple[int, ...]

    def order(self) -> list[int]:
        """Die indices from the highest final value down (rolled order breaks ties)."""
        return sorted(range(len(self.final)), key=lambda i: (-self.final[i], i))


@dataclass(frozen=True)
class BandResolution:
    attacker: SidePlacement
    defender: SidePlacement
    #: (attacker die index, defender die index, winner: "attacker" | "defender" | "tie")
    pairings: tuple[tuple[int, int, str], ...]
    unpaired_attacker: tuple[int, ...]
    unpaired_defender: tuple[int, ...]
    hits_on_attacker: int
    hits_on_defender: int

    @property
    def outcome(self) -> tuple[int, int]:
        return (self.hits_on_attacker, self.hits_on_defender)


def _placements(rolled: tuple[int, ...], boosts: Sequence[tuple[str, int]]):
    """Every way to use all usable boosts: [(placement, final values)], one per final multiset."""
    n = len(rolled)
    kinds = [(k, min(c, n)) for k, c in boosts if c > 0 and n > 0]
    seen: dict[tuple[int, ...], tuple] = {}
    for combo in itertools.product(*(itertools.combinations(range(n), c) for _, c in kinds)):
        final = list(rolled)
        for idxs in combo:
            for i in idxs:
                final[i] += 1
        key = tuple(sorted(final, reverse=True))
        if key not in seen:
            seen[key] = (tuple((k, idxs) for (k, _), idxs in zip(kinds, combo)), tuple(final))
    return [(placement, final, key) for key, (placement, final) in seen.items()]


def _compare(a_desc: Sequence[int], d_desc: Sequence[int]) -> tuple[int, int]:
    """(attacker's net over the paired dice, ties) for sorted-descending dice."""
    net = ties = 0
    for x, y in zip(a_desc, d_desc):
        if x > y:
            net += 1
        elif x < y:
            net -= 1
        else:
            ties += 1
    return net, ties


def resolve_dice(rolled_a: Sequence[int], boosts_a: Sequence[tuple[str, int]],
                 rolled_d: Sequence[int], boosts_d: Sequence[tuple[str, int]]) -> BandResolution:
    """Resolve one band from the dice really rolled (reference implementation; see module doc).

    ``boosts_*`` are (kind, boosting units alive) pairs; more boosters than dice are wasted.
    """
    rolled_a, rolled_d = tuple(rolled_a), tuple(rolled_d)
    opts_a = _placements(rolled_a, boosts_a)
    opts_d = _placements(rolled_d, boosts_d)
    best = None
    for pa, fa, ka in opts_a:
        answer = None
        for pd, fd, kd in opts_d:
            net_a, ties = _compare(ka, kd)
            rank = (-net_a, -ties, kd)
            if answer is None or rank > answer[0]:
                answer = (rank, pd, fd, net_a, ties)
        _, pd, fd, net_a, ties = answer
        rank = (net_a, -ties, ka)
        if best is None or rank > best[0]:
            best = (rank, pa, fa, pd, fd)
    _, pa, fa, pd, fd = best
    side_a = SidePlacement(rolled_a, pa, fa)
    side_d = SidePlacement(rolled_d, pd, fd)
    order_a, order_d = side_a.order(), side_d.order()
    pairings = []
    hits_a = hits_d = 0
    for ia, idd in zip(order_a, order_d):
        x, y = fa[ia], fd[idd]
        if x > y:
            pairings.append((ia, idd, "attacker"))
            hits_d += 1
        elif x < y:
            pairings.append((ia, idd, "defender"))
            hits_a += 1
        else:
            pairings.append((ia, idd, "tie"))
            hits_a += 1
            hits_d += 1
    paired = len(pairings)
    spare_a, spare_d = tuple(order_a[paired:]), tuple(order_d[paired:])
    return BandResolution(side_a, side_d, tuple(pairings), spare_a, spare_d,
                          hits_a + len(spare_d), hits_d + len(spare_a))


# -- exact tables for every roll ----------------------------------------------------------
@functools.cache
def sorted_rolls(n: int, sides: int = SIDES
                 ) -> tuple[np.ndarray, np.ndarray, dict[tuple[int, ...], int]]:
    """All rolls of n dice (``sides`` faces) as sorted-descending rows, their probabilities,
    and row lookup."""
    rows = list(itertools.combinations_with_replacement(range(sides, 0, -1), n))
    weights = []
    for row in rows:
        mult = math.prod(math.factorial(row.count(v)) for v in set(row))
        weights.append(math.factorial(n) / mult / sides ** n)
    arr = np.array(rows, dtype=np.int16).reshape(len(rows), n)
    return arr, np.array(weights), {row: i for i, row in enumerate(rows)}


@functools.cache
def _roll_codes(n: int, sides: int = SIDES) -> tuple[np.ndarray, np.ndarray]:
    """The ``sorted_rolls(n, sides)`` rows as base-``sides`` codes, sorted, and the row of
    each code."""
    codes = _code(sorted_rolls(n, sides)[0], sides)
    order = np.argsort(codes)
    return codes[order], order


def _code(rows: np.ndarray, sides: int = SIDES) -> np.ndarray:
    return (rows.astype(np.int64) - 1) @ (sides ** np.arange(rows.shape[1], dtype=np.int64))


def roll_rows(rolled: np.ndarray, sides: int = SIDES) -> np.ndarray:
    """The ``sorted_rolls`` row of each roll (rows of ``rolled``, the dice in any order)."""
    if not rolled.shape[1]:
        return np.zeros(len(rolled), dtype=np.int64)
    codes, rows = _roll_codes(rolled.shape[1], sides)
    return rows[np.searchsorted(codes, _code(-np.sort(-rolled, axis=1), sides))]


@functools.cache
def level_patterns(n: int, counts: tuple[int, ...]) -> np.ndarray:
    """Every per-die boost level vector when each kind k boosts exactly counts[k] dice."""
    patterns = set()
    for combo in itertools.product(*(itertools.combinations(range(n), c) for c in counts)):
        levels = [0] * n
        for idxs in combo:
            for i in idxs:
                levels[i] += 1
        patterns.add(tuple(levels))
    return np.array(sorted(patterns), dtype=np.int16).reshape(len(patterns), n)


@functools.lru_cache(maxsize=256)
def _options(n: int, counts: tuple[int, ...], sides: int = SIDES
             ) -> tuple[np.ndarray, np.ndarray]:
    """(unique final vectors U (sorted desc), per roll the option indices into U (padded)).

    Cached: one side's dice and boosts meet many configurations of the other side (an
    optimal-play grid needs every pair). The arrays are shared: read them, never write."""
    rolls, _, _ = sorted_rolls(n, sides)
    if not counts:
        return rolls, np.arange(len(rolls))[:, None]
    levels = level_patterns(n, counts)
    finals = rolls[:, None, :] + levels[None, :, :]
    finals = -np.sort(-finals, axis=2)
    base = sides + len(counts) + 1
    weights = base ** np.arange(n - 1, -1, -1, dtype=np.int64)
    codes = finals.astype(np.int64) @ weights
    uniq, inverse = np.unique(codes, return_inverse=True)
    inverse = inverse.reshape(codes.shape)
    # keep each roll's distinct options at the front; pad with the roll's first option
    inverse = np.sort(inverse, axis=1)
    dup = np.zeros_like(inverse, dtype=bool)
    dup[:, 1:] = inverse[:, 1:] == inverse[:, :-1]
    width = int((~dup).sum(axis=1).max())
    sentinel = np.iinfo(np.int64).max
    compact = np.sort(np.where(dup, sentinel, inverse), axis=1)[:, :width]
    compact = np.where(compact == sentinel, compact[:, :1], compact)
    digits = ((uniq[:, None] // weights[None, :]) % base).astype(np.int16)
    digits.setflags(write=False)           # shared through the cache
    compact.setflags(write=False)
    return digits, compact


#: Per paired die, the defender's key contribution by (attacker die - defender die):
#: -16 when the attacker's die is higher, +16 when lower, -1 for a tie (one more casualty).
_DEFENDER_KEY_STEP = np.array([16 * (d < 0) - 16 * (d > 0) - (d == 0) for d in range(-16, 16)],
                              dtype=np.int16)


def _defender_keys(ua: np.ndarray, ud: np.ndarray, paired: int) -> np.ndarray:
    """The defender's key (net, then fewer ties) for every (a vector, d vector) pair."""
    key = np.full((len(ua), len(ud)), 8 * _KEY_BASE + 8, dtype=np.int16)
    a8, d8 = ua.astype(np.int8), ud.astype(np.int8)
    for i in range(paired):     # column by column: small temporaries, no 3-D arrays
        key += _DEFENDER_KEY_STEP[a8[:, None, i] - d8[None, :, i] + 16]
    return key


def _chunked_max(values: np.ndarray, index: np.ndarray, axis_rows: bool) -> np.ndarray:
    """max over options: rows of ``values`` picked by ``index`` (axis_rows) or its columns."""
    if axis_rows:      # result[r, c] = max_j values[index[r, j], c]
        out = np.empty((index.shape[0], values.shape[1]), dtype=values.dtype)
        step = max(1, 4_000_000 // max(1, index.shape[1] * values.shape[1]))
        for s in range(0, index.shape[0], step):
            out[s:s + step] = values[index[s:s + step]].max(axis=1)
        return out
    # result[r, c] = max_j values[r, index[c, j]]
    out = np.empty((values.shape[0], index.shape[0]), dtype=values.dtype)
    step = max(1, 4_000_000 // max(1, index.shape[0] * index.shape[1]))
    for s in range(0, values.shape[0], step):
        out[s:s + step] = values[s:s + step][:, index].max(axis=2)
    return out


@dataclass
class BandTable:
    """Exact outcomes of one configuration: per (attacker roll, defender roll) and overall.

    ``keys`` holds, per roll pair, the attacker's key of the outcome played ((net + 8) * 16 +
    8 - ties); ``key_hits`` turns a key into (hits on attacker, hits on defender)."""

    config: Config
    keys: np.ndarray                 # (attacker rolls, defender rolls), int16
    key_hits: np.ndarray             # (keys, 2)
    dist: Dist
    _rows: tuple | None = None

    sides: int = SIDES

    @property
    def hits_on_attacker(self) -> np.ndarray:
        return self.key_hits[self.keys, 0]

    @property
    def hits_on_defender(self) -> np.ndarray:
        return self.key_hits[self.keys, 1]

    def lookup(self, rolled_a: Sequence[int], rolled_d: Sequence[int]) -> tuple[int, int]:
        """The outcome of one roll (any order of the dice)."""
        n_a, _, n_d, _ = self.config
        ia = sorted_rolls(n_a, self.sides)[2][tuple(sorted(rolled_a, reverse=True))]
        idd = sorted_rolls(n_d, self.sides)[2][tuple(sorted(rolled_d, reverse=True))]
        rows = self._rows
        if rows is None:      # plain lists: much faster than numpy scalars in the simulator
            rows = self._rows = (self.keys.tolist(), self.key_hits.tolist())
        return tuple(rows[1][rows[0][ia][idd]])

    def lookup_many(self, rolled_a: np.ndarray, rolled_d: np.ndarray
                    ) -> tuple[np.ndarray, np.ndarray]:
        """``lookup`` of many rolls at once (row i of each array: one roll, any order):
        (hits on the attacker, hits on the defender), one entry per roll."""
        ia = roll_rows(rolled_a, self.sides)
        idd = roll_rows(rolled_d, self.sides)
        hits = self.key_hits[self.keys[ia, idd]]
        return hits[:, 0], hits[:, 1]


def compute_table(config: Config, sides: int = SIDES) -> BandTable:
    """The exact outcome table of a configuration (numpy; see the module doc for the policy).

    EngineError (at once) when it would have more than ``MAX_TABLE_CELLS[sides]`` cells."""
    check_table_size(config, sides)
    n_a, counts_a, n_d, counts_d = config
    _, w_a, _ = sorted_rolls(n_a, sides)
    _, w_d, _ = sorted_rolls(n_d, sides)
    paired = min(n_a, n_d)
    ua, opt_a = _options(n_a, counts_a, sides)
    ud, opt_d = _options(n_d, counts_d, sides)
    # defender answers: maximise its net (= -attacker net), then fewer ties
    key_d = _defender_keys(ua, ud, paired)
    answer = _chunked_max(key_d, opt_d, axis_rows=False)          # (ua, defender rolls)
    net_d = answer // _KEY_BASE - 8
    ties_after = 8 - answer % _KEY_BASE
    key_a = ((-net_d + 8) * _KEY_BASE + (8 - ties_after)).astype(np.int16)
    chosen = _chunked_max(key_a, opt_a, axis_rows=True)           # (attacker rolls, d rolls)
    # every key's outcome (a key is the attacker's net and the ties: the hits follow)
    keys = np.arange(_KEY_BASE * 17)
    net_a, ties = keys // _KEY_BASE - 8, 8 - keys % _KEY_BASE
    wins_a = (paired - ties + net_a) // 2
    wins_d = paired - ties - wins_a
    key_hits = np.stack([wins_d + ties + max(0, n_d - n_a),
                         wins_a + ties + max(0, n_a - n_d)], axis=1)
    # P(key): weighted counts, a block of attacker rolls at a time (no full-size temporaries)
    sums = np.zeros(len(keys))
    step = max(1, 4_000_000 // max(1, chosen.shape[1]))
    for r in range(0, chosen.shape[0], step):
        block = chosen[r:r + step]
        sums += np.bincount(block.ravel(), weights=np.outer(w_a[r:r + step], w_d).ravel(),
                            minlength=len(keys))
    acc: dict[tuple[int, int], float] = {}
    for k in np.flatnonzero(sums > 0).tolist():
        outcome = (int(key_hits[k, 0]), int(key_hits[k, 1]))
        acc[outcome] = acc.get(outcome, 0.0) + float(sums[k])
    return BandTable(config, chosen, key_hits, normalised(acc), sides=sides)


def _finals_bound(n: int, counts: tuple[int, ...], sides: int) -> int:
    """At most how many distinct final vectors n dice with these boosts can show: multisets
    of n values from 1 to sides + kinds."""
    return math.comb(sides + len(counts) + n - 1, n) if n else 1


def _width(n: int, counts: tuple[int, ...]) -> int:
    """At most how many placements one roll has (boost level patterns)."""
    return pattern_count(n, counts) if counts and n else 1


@functools.lru_cache(maxsize=4096)
def pattern_count(n: int, counts: tuple[int, ...]) -> int:
    """``len(level_patterns(n, counts))`` without listing them (a house chart's many kinds
    make millions of combinations): the level vectors are the row sums of the 0/1 matrices
    (n dice x kinds) with column sums ``counts``; by the Gale-Ryser theorem the sorted row
    sums r1 >= r2 >= ... occur exactly when every r1 + ... + rj <= sum(min(c, j)); each
    counts once per distinct order of its values."""
    total = sum(counts)
    caps = [sum(min(c, j) for c in counts) for j in range(1, n + 1)]
    found = 0

    def walk(i: int, top: int, used: int, run: int, ways: int) -> None:
        # i dice placed, the last with level ``top`` repeated ``run`` times; ways = n!/...
        nonlocal found
        if i == n:
            found += ways if used == total else 0
            return
        for level in range(min(top, total - used), -1, -1):
            if used + level > caps[i] or used + level + level * (n - i - 1) < total:
                continue
            again = run + 1 if level == top else 1
            walk(i + 1, level, used + level, again, ways * (n - i) // again)

    walk(0, len(counts), 0, 0, 1)
    return found


def table_cells(config: Config, sides: int = SIDES) -> int:
    """An upper bound of the cells ``compute_table`` fills: the defender's keys for every
    pair of final vectors, its answers per (attacker final vector, defender roll, placement)
    and the attacker's choice per (roll pair, placement) — what its time and memory follow."""
    n_a, counts_a, n_d, counts_d = config
    rolls_a, rolls_d = len(sorted_rolls(n_a, sides)[0]), len(sorted_rolls(n_d, sides)[0])
    finals_a = min(_finals_bound(n_a, counts_a, sides), rolls_a * _width(n_a, counts_a))
    finals_d = min(_finals_bound(n_d, counts_d, sides), rolls_d * _width(n_d, counts_d))
    return (finals_a * finals_d + finals_a * rolls_d * _width(n_d, counts_d) +
            rolls_a * rolls_d * _width(n_a, counts_a))


def check_table_size(config: Config, sides: int = SIDES, cells: int | None = None) -> None:
    """EngineError when the table of ``config`` is beyond ``MAX_TABLE_CELLS[sides]``."""
    limit = MAX_TABLE_CELLS.get(sides)
    if limit is None:
        return
    cells = table_cells(config, sides) if cells is None else cells
    if cells > limit:
        n_a, _, n_d, _ = config
        raise EngineError(msg(
            "a d{sides} band of {n_a} v {n_d} dice with boosts needs an outcome table of about "
            "{cells:,} cells, more than the {limit:,} the engine computes in a few seconds; "
            "put fewer units or boosters in that band, or play d6",
            sides=sides, n_a=n_a, n_d=n_d, cells=cells, limit=limit) if sides != SIDES else msg(
            "a d{sides} band of {n_a} v {n_d} dice with boosts needs an outcome table of up to "
            "{cells:,} cells, more than the {limit:,} the engine computes in a few seconds; "
            "put fewer units or boosters in that band, or fewer dice or boost kinds in the "
            "chart's band", sides=sides, n_a=n_a, n_d=n_d, cells=cells, limit=limit))


def check_band_start(config: Config, sides: int = SIDES) -> None:
    """EngineError at once when a band starting at ``config`` may need a table beyond the
    limit while units are lost (``largest_table_cells``; the default chart's d6 bands always
    fit). A quick bound clears most bands; a band whose search would itself take long (a
    house chart's many boost kinds) is refused on that bound."""
    limit = MAX_TABLE_CELLS.get(sides)
    if limit is None:
        return
    (rolls_a, finals_a, width_a, subs_a), (rolls_d, finals_d, width_d, subs_d) = (
        _side_peaks(config[0], config[1], sides), _side_peaks(config[2], config[3], sides))
    bound = finals_a * finals_d + finals_a * rolls_d * width_d + rolls_a * rolls_d * width_a
    if bound <= limit:
        return
    if subs_a * subs_d > MAX_BOUND_SEARCH:
        check_table_size(config, sides, bound)
        return
    best, worst = largest_table_cells(config, sides)
    if worst is not None:
        check_table_size(worst, sides, best)


def _side_peaks(n: int, counts: tuple[int, ...], sides: int) -> tuple[int, int, int, int]:
    """One side's largest rolls, final vectors and placements over every configuration a band
    starting with ``n`` dice and ``counts`` boosters passes through (each factor of
    ``table_cells`` at its own peak: their products bound every table), and how many
    configurations those are."""
    rolls = finals = width = subs = 0
    for m in range(1, n + 1):
        r = math.comb(sides + m - 1, m)
        for c in _sub_boosts(usable_boosts(m, counts)):
            w = _width(m, c)
            rolls, width, subs = max(rolls, r), max(width, w), subs + 1
            finals = max(finals, min(_finals_bound(m, c, sides), r * w))
    return rolls, finals, width, subs


def largest_table_cells(config: Config, sides: int = SIDES) -> tuple[int, Config | None]:
    """(cells, configuration) of the largest table a band starting at ``config`` can need
    while units are lost (fewer dice, fewer usable boosts: the table size is not monotone in
    the boosts); (0, None) when it never needs one (no boosts)."""
    n_a, counts_a, n_d, counts_d = config
    best, worst = 0, None
    for na in range(1, n_a + 1):
        for ca in _sub_boosts(usable_boosts(na, counts_a)):
            for nd in range(1, n_d + 1):
                for cd in _sub_boosts(usable_boosts(nd, counts_d)):
                    if ca or cd:                 # boost-free: order statistics, no table
                        cells = table_cells((na, ca, nd, cd), sides)
                        if cells > best:
                            best, worst = cells, (na, ca, nd, cd)
    return best, worst


def _sub_boosts(counts: tuple[int, ...]):
    """Every usable-boost tuple at most ``counts`` kind by kind (sorted, zeros dropped)."""
    seen = set()
    for combo in itertools.product(*(range(c + 1) for c in counts)):
        key = tuple(sorted((c for c in combo if c), reverse=True))
        if key not in seen:
            seen.add(key)
            yield key


def boost_free_hits(rolled_a: np.ndarray, rolled_d: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(hits on the attacker, hits on the defender) of many rolls of a band where neither
    side has a usable boost (row i of each array: one roll, any order), without a table:
    highest with highest, the higher die of a pair hits, a tie hits both, unpaired dice hit.
    What the band's table says, without its cells (a 6 v 7 d12 table: ~400 M, a second)."""
    a = -np.sort(-np.asarray(rolled_a), axis=1)
    d = -np.sort(-np.asarray(rolled_d), axis=1)
    paired = min(a.shape[1], d.shape[1])
    pa, pd = a[:, :paired], d[:, :paired]
    ties = (pa == pd).sum(axis=1)
    on_d = (pa > pd).sum(axis=1) + ties + (a.shape[1] - paired)
    on_a = (pd > pa).sum(axis=1) + ties + (d.shape[1] - paired)
    return on_a, on_d


def boost_free_dist(n_a: int, n_d: int, sides: int = SIDES) -> Dist:
    """The outcome distribution of a band where neither side has a usable boost, from order
    statistics (no table): the faces are scanned from the highest down; at face v each side's
    dice not yet placed show v with probability 1/v given that they show at most v, and a
    pair (same rank on both sides) is decided when its second die is placed — by the side
    whose die was placed first (the higher), or a tie when both land on v.
    Exactly ``compute_table((n_a, (), n_d, ()), sides).dist`` (tests compare them)."""
    paired = min(n_a, n_d)
    # state: (attacker dice placed, defender dice placed, hits on attacker, hits on defender)
    states: dict[tuple[int, int, int, int], float] = {(0, 0, 0, 0): 1.0}
    for v in range(sides, 0, -1):
        following: dict[tuple[int, int, int, int], float] = {}
        for (i, j, ha, hd), p in states.items():
            for ka, pa in _placed(n_a - i, v):
                for kd, pd in _placed(n_d - j, v):
                    i2, j2 = i + ka, j + kd
                    lost_a = max(0, min(i2, j, paired) - i)     # defender's higher die
                    lost_d = max(0, min(j2, i, paired) - j)     # attacker's higher die
                    tied = max(0, min(i2, j2, paired) - max(i, j))
                    key = (i2, j2, ha + lost_a + tied, hd + lost_d + tied)
                    following[key] = following.get(key, 0.0) + p * pa * pd
        states = following
    out: dict[tuple[int, int], float] = {}
    for (_, _, ha, hd), p in states.items():
        key = (ha + max(0, n_d - n_a), hd + max(0, n_a - n_d))
        out[key] = out.get(key, 0.0) + p
    return normalised(out)


def normalised(probs: dict) -> Dist:
    """A band's outcome distribution scaled to add up to 1 as closely as floats allow.
    Summed face by face its probabilities miss 1 by up to ~4e-15 (d12); the grids remove a
    round's self-loop by dividing by 1 - P(no change), which multiplies that error (a battle
    ending in a stalemate read 1 + 4e-12)."""
    total = math.fsum(probs.values())
    # keys in sorted order: the disk cache writes them so, and a distribution read back must
    # be the very one computed — same values, same order — or sums over it (and the optimal
    # play's choices between equal values) differ in the last bits (issue 37: the same file
    # gave attacker losses 2.26 cold, 2.24 with a warm cache)
    return Dist({k: probs[k] / total for k in sorted(probs)})


def _placed(m: int, v: int) -> list[tuple[int, float]]:
    """(k, P(k of m dice show v | all show at most v)): binomial with p = 1/v."""
    if m == 0:
        return [(0, 1.0)]
    if v == 1:
        return [(m, 1.0)]
    q = 1.0 / v
    return [(k, math.comb(m, k) * q ** k * (1 - q) ** (m - k)) for k in range(m + 1)]


# -- caches: memory, then disk ------------------------------------------------------------
def _key_text(config: Config) -> str:
    n_a, c_a, n_d, c_d = config
    return f"{n_a}|{','.join(map(str, c_a))}|{n_d}|{','.join(map(str, c_d))}"


class BandTableCache:
    """Band outcome tables, computed once: in memory, and their distributions on disk.

    The disk file lives in the user's cache folder (``platformdirs``), is written atomically,
    carries a version, and is ignored (then rewritten) when it is unreadable or corrupt.
    """

    def __init__(self, folder: str | os.PathLike | None = None, sides: int = SIDES):
        self._folder = folder
        #: Faces of the dice these tables are for (each die size has its own cache file).
        self.sides = sides
        self.tables: dict[Config, BandTable] = {}
        self.dists: dict[Config, Dist] = {}
        self._disk_loaded = False
        self._dirty = False

    @property
    def path(self) -> Path | None:
        folder = self._folder
        if folder is None:
            folder = os.environ.get(CACHE_ENV)
            if folder == "off":
                return None
            if folder is None:
                import platformdirs
                folder = platformdirs.user_cache_dir("combatassist", appauthor=False)
        die = "" if self.sides == SIDES else f"d{self.sides}-"
        return Path(folder) / f"mediumluck-bands-{die}v{TABLE_VERSION}.json"

    def table(self, config: Config) -> BandTable:
        table = self.tables.get(config)
        if table is None:
            table = compute_table(config, self.sides)
            if len(self.tables) >= MAX_TABLES_IN_MEMORY:
                del self.tables[next(iter(self.tables))]
            self.tables[config] = table
            if config not in self.dists:
                self.dists[config] = table.dist
                self._dirty = True
        return table

    def dist(self, config: Config) -> Dist:
        d = self.dists.get(config)
        if d is not None:
            return d
        n_a, _, n_d, _ = config
        if n_a == 0 or n_d == 0:          # nothing to pair: every die hits
            d = Dist.point((n_d, n_a))
            self.dists[config] = d
            return d
        if not config[1] and not config[3]:    # no boosts: order statistics, no table
            d = self.dists[config] = boost_free_dist(n_a, n_d, self.sides)
            return d
        if not self._disk_loaded:
            self.load()
            d = self.dists.get(config)
            if d is not None:
                return d
        return self.table(config).dist

    def load(self) -> None:
        """Read the disk cache; a missing, unreadable or corrupt file is simply ignored."""
        self._disk_loaded = True
        path = self.path
        if path is None:
            return
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if data.get("version") != TABLE_VERSION:
                return
            entries = data["entries"]
            for text, rows in entries.items():
                parts = text.split("|")
                config = (int(parts[0]), tuple(int(x) for x in parts[1].split(",") if x),
                          int(parts[2]), tuple(int(x) for x in parts[3].split(",") if x))
                # taken as written (never normalised again: that moves the last bits; JSON
                # keeps every bit of a float), in the computed order (sorted)
                probs = {(int(a), int(b)): float(p) for a, b, p in rows}
                dist = Dist({k: probs[k] for k in sorted(probs)})
                if len(probs) != len(rows) or abs(math.fsum(probs.values()) - 1.0) > 1e-12 \
                        or min(probs.values(), default=0.0) < 0.0:
                    continue
                self.dists.setdefault(config, dist)
        except (OSError, ValueError, KeyError, TypeError, IndexError, AttributeError):
            return

    def flush(self) -> None:
        """Write new distributions to disk (best effort: a read-only cache folder is fine)."""
        if not self._dirty:
            return
        path = self.path
        self._dirty = False
        if path is None:
            return
        entries = {_key_text(c): [[a, b, p] for (a, b), p in sorted(d.items())]
                   for c, d in self.dists.items() if c[0] and c[2]}
        try:
            atomic_write_text(path, json.dumps({"version": TABLE_VERSION, "entries": entries}))
        except OSError:
            pass


#: The process-wide caches every battle uses: d6 (the source's dice) and d12.
BAND_TABLES = BandTableCache()
BAND_TABLES_D12 = BandTableCache(sides=12)


def band_tables(sides: int) -> BandTableCache:
    """The process-wide band table cache of dice with ``sides`` faces (6 or 12)."""
    return BAND_TABLES if sides == SIDES else BAND_TABLES_D12
