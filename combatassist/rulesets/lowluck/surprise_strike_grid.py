"""A vectorised exact solver for the later editions' sea battles with ordinary dice (and
low luck, and land battles without AA guns or bombardment: the planner's lattice,
``sea_values``; single low-luck battles meet few positions, and the general solver answers
them faster; single land battles have their own grid).

A later edition's sea round (``later``, ``later_phases``; docs/rules.md §2b) is: submerging,
the submarines' surprise strike, the general combat, then a side left with transports alone
loses them. Every hit a side takes goes to an undamaged two-hit unit first; after that it
takes the first unit its category may take by the order of loss: submarines' hits never an
aircraft, the hits of aircraft without a friendly destroyer never a submarine, the others
any unit. So a side's units split into three *kinds* — submarines (S), aircraft (A) and the
other ships (O) — each lost in its own order, and every composition the battle can reach is
a **cell** (damage taken, S lost, A lost, O lost, submerged): the two-hit units' damage is a
prefix (no unit is lost while an undamaged one is left), then the remaining units of each
kind are the last ones of its order (tested against the casualty policy, ``SideSlots.take``).
A cell's *rank* is the number of events in it (hits taken, submerging); a round never lowers
either side's rank, and a position (attacker cell, defender cell) that changes raises one.

The solver keeps the battle's mass on the grid of both sides' reachable cells and pushes it
**level by level** (level = attacker rank + defender rank): nothing reaches a level but the
levels below it and a position's own self-loop, so a level's positions are final once the
levels below are pushed; each is judged as the generic solver judges it (decided, pruned below
``prune_below``, stalemate), its visits are its mass / (1 - P(the round leaves it where it
is)) — exact, never iterated — and the whole level is pushed through one round at once, in
two pushes through a second grid of *mid-round* positions:

- submerging and the surprise strike (which depend on both sides: the enemy's destroyers)
  take each position to a few mid-round positions, with their probabilities;
- from a mid-round position the general combat's two sides are independent: the attacker's
  next cell depends on its own cell and the defender's joint hit table (one independent table
  per hit category), and the other way round; so the general combat is a sum of outer
  products, one per mid-round position, pushed once per mid-round position whatever
  positions its mass came from (a position's own mid-round mass that the general combat
  leaves where it is counts in its incoming mass): the positions in the grid's order, in
  bands of ``BAND``, a matrix product ``PA^T diag(w) PD`` per band over the cells it
  reaches (a band's positions of one attacker's row, its key, share it: that row once
  against the sum of their defender's rows), all of a round's bands in batched products
  (groups of consecutive bands: of like widths);
- a position's round is the same whenever it is met, so its strikes and both sides' next
  cells in the general combat (each side's joint hit outcomes summed per cell) are made
  the first time and kept (``_Pool``): a round meets most of the last round's positions
  again (the 20 v 20 fleet: 11,400 mid-round positions fired, 5,200 different); a side's
  next cells depend on its cell and the enemy's joint hit table alone, so positions of
  one such key share them (``_Volley.key``: 3,500 and 2,400 rows for those 5,200);
- a side left with transports alone loses them when the mass arrives (the battle is then
  decided: the end of a round is a function of the position); so do Revised's submarines
  submerge at a round's end (``_Battle.end_of_round``: its rank one higher, the battle
  going on from there unless it is decided — ``_Run._settle`` fights it the same round,
  or leaves it for its level).

With low luck (``_LowLuckVolley``) a side's general-combat fire is a batch per set of units
its categories may hit among the enemy's: categories that may hit the same units pool, at
the first one's place (``_pooled``), so a volley's batches depend on what the side it fires
at has (submarines, aircraft); each batch rolls its power's two hit counts (a cell's powers
per category: ``_low_luck_tables``), eight outcomes at most, taken in turn.

Round by round (``max_rounds``; and to the end with the "decided by round N" curve, the
curve and the answer in one pass, what is still on once the curve is drawn or after
``MAX_ROUNDS_THEN_SWEEP`` rounds then pushed level by level) every live position takes one
such round. Decided and stalemate states are ``LaterRules``' own state tuples, so the
figures read them unchanged. It answers what ``solver.solve`` answers (tests compare them
state by state); hit-table tails below ``TAIL_CUTOFF`` and positions lighter than
``prune_below`` are reported in ``pruned``, as there (and mid-round positions lighter than
it too: ``_Run._prune_mid``).

A small grid (``SMALL_GRID``, ``MAX_WHOLE``) skips the mid-round grid: every position's whole
round (its strikes, each mid-round position's general combat, the transports' loss) is made
once, up front, as rows of (target, probability), and a round is one gather and one sum
(``_WholeRun``: the same positions met, settled, pruned and recorded as ``_Run``). A big
grid's rounds of few positions (``WHOLE_ROUND_BELOW``: a battle's last rounds, met again and
again for the curve) take the same whole rounds, made for those positions only, the first
time each is met (``_Run._whole_round``). A round, or a level, whose pushes reached few
positions (``SPARSE_PUSH``: a big grid's last rounds, and the levels after them) reads
those, not the whole grid, and a push adds its outcomes in place unless they are more than
the grid's positions twice (``ADD_AT``, ``_Reached``): the 80 v 80 fleet's 2.6 million
positions are swept only while many are on.
"""
from __future__ import annotations

import functools
import math
import threading
from typing import Any, Callable

import numpy as np

from ... import limits
from ...solver import CURVE_ROUNDS, BattleOutcome, DEFAULT_PRUNE
from .chains import (CURVE_DONE, STALEMATE, RowRun, as_drawn, one_blas_thread,
                     over_at_the_start, push_rows)
from .hits import TAIL_CUTOFF, lowluck_table
from .later_phases import AIR_ONLY, ANY, SUB

#: The kinds of units a category of hits may take (S submarines, A aircraft, O the rest).
S, A, O = 0, 1, 2
TAKES = {SUB: (S, O), AIR_ONLY: (A, O), ANY: (S, A, O)}
#: Positions x cells of a chunk's banded rows (memory: 8 bytes each).
_CHUNK = 2_000_000
#: Combined moves (a side's cells x its enemy's joint hit outcomes) a volley keeps (int64).
MAX_VOLLEY_MOVES = 4_000_000
#: A volley of more joint outcomes than this makes its combined moves per (cell, pair of
#: hits) met, else per cell met, for all the outcomes (``_Volley.local``): of the 49 v 49
#: and 56 v 56 fleets' 3,000-4,500 outcomes a cell their tables meet ~170 — made per pair,
#: their frames ~8 and ~5 ms less, ~7 % and ~4 % fewer instructions a solve, ~3 % less
#: time —; random 27-29 ship fleets' volleys of 30-940 outcomes, made per pair, took ~2-5 %
#: more (the pairs' bookkeeping, ~30 array operations a call).
BLOCKS_ABOVE = 1500
#: Mid-round positions in one matrix product (bands of the grid's order: see ``_Run._fire``;
#: a power of two). (Since a band's positions of one attacker's row share it, 128 rather
#: than 64: ~2-5 % fewer instructions a solve on random 1942 fleets of 20-29 ships a side,
#: the 56 v 56 fleet's ~4 %, the 49 v 49 fleet's the same; 32: ~4-8 % more.)
BAND = 128
#: A group of bands' products (consecutive bands, mostly of like widths) costs its calls
#: (~3 array operations) and its padded entries (a group's product is padded to its widest
#: bands: ~10 ns an entry multiplied, its target made and summed): a band joins the group
#: before it unless that pads more than this many entries (``_groups``). (Groups of 6 bands
#: at most, at least 4 a chunk, made the 29 v 29 fleet's products 0.85 M entries a solve in
#: 55 groups: grouped by their cost, 0.67 M in 110, its products and sums ~6.6-7.0 ->
#: ~5.6-6.3 ms; the 80 v 80 fleet's, in chunks of ~10 bands, 4.3 M -> 3.3 M, 55 -> 42 ms;
#: 500 and 2,000 answer as fast, within the noise.)
GROUP_COST = 1000
#: What the work is counted in (``limits.WORK_UNITS``).
WORK_UNIT = "grid cells x outcomes"


def applicable(rules, land: bool = False, guns: bool = False,
               submerge_at_end: bool = False, techs: bool = False) -> bool:
    """A later edition's sea battle (ordinary dice or low luck) whose units fit the cells:
    ships and aircraft only; submarines are one-hit ships (no destroyer, no transport);
    two-hit units and transports are ships other than submarines; the attacker's support
    rules (if any apply) pair units of one kind; Revised's too (its aircraft's hits may
    always take submarines: ``air_any``) — where a side's submarines submerge at a round's
    end only with ``submerge_at_end`` (the caller's runs take a round's end position to
    where the submarines have submerged, the battle going on: ``_Run``, ``_WholeRun``; the
    planner's lattice doesn't); the sides' techs (their values and dice, ``SideSlots.
    values0``, ``dice0``: jet fighters, super submarines, heavy bombers) only with ``techs``
    (the cells read them; the lattice reads the units' own values). ``land``: a land battle
    too, of one-hit land units and aircraft, without AA guns, bombardment or landed units (the attacker's land units kept for last: its kind
    O's last units; its round is the general combat alone, every hit may take any unit: the
    planner's lattice under a retreat policy, ``sea_values``). ``guns``: the defender's AA guns too
    (a land battle's): the cells hold them as units of no value (1942's are casualties in
    the order of loss, Revised's never: out of the cells), a defender left with them alone
    loses them (``_Battle.status_at``) — but round 1's AA fire is not the cells' round: the
    caller pushes it first (``sea_values.ForceValues.fought``)."""
    from .later import LaterRules                  # later imports the phases; keep it light
    if not isinstance(rules, LaterRules) or (rules.land_battle and not land) \
            or not (rules.dice.independent or rules.dice.name == "lowluck"):
        return False
    if rules.land_battle and (rules.bombard or rules.option_gun):
        return False
    if not rules.land_battle and (rules.first_strike_only is not None or (
            rules.submerge_at_end and not submerge_at_end and any(
                rules.submerge[k] and any(s.unit.has("submarine") for s in side.slots)
                for k, side in enumerate((rules.att, rules.dfn))))):
        return False                    # (Classic's first strike isn't the cells' round: the
        #   general solver; Revised's submerging at a round's end is a fold on arrival,
        #   ``_Battle.end_of_round``; Revised's aircraft hitting submarines always are)
    #   (on land no submarine: Revised's and Anniversary's land rounds are the cells')
    for side in (rules.att, rules.dfn):
        # the lattice reads the units' own values, one die each: techs go elsewhere
        if not techs and (any(v != s.unit.value(side.role)
                              for v, s in zip(side.values0, side.slots))
                          or any(d != 1 for d in side.dice0)):
            return False
    present = set()
    for side in (rules.att, rules.dfn):
        for slot in side.slots:
            if slot.status not in ("", "damaged", "out"):
                return False
            u = slot.unit
            present.add((side.role, u.id))
            if u.kind not in (("land", "air") if rules.land_battle else ("sea", "air")) \
                    or (u.has("aa_gun") and not (guns and rules.land_battle
                                                 and side.role == "defender")):
                return False
            if rules.land_battle and (u.hits > 1 or u.has("transport") or slot.status):
                return False
            if u.has("submarine") and (u.kind != "sea" or u.hits > 1 or u.has("destroyer")
                                       or u.has("transport")):
                return False
            if (u.hits > 1 or u.has("transport")) and u.kind != "sea":
                return False
            if u.hits > 1 and u.has("transport"):
                return False
    for rule in rules.edition.support:
        raised = [uid for uid in rule.units if ("attacker", uid) in present]
        by = [uid for uid in rule.by if ("attacker", uid) in present]
        if raised and by:
            kinds = {_kind(rules.edition.unit(uid)) for uid in raised + by}
            if len(kinds) > 1:
                return False
    return True


def _sorts(live: np.ndarray, slots, role: str, values=None) -> tuple[np.ndarray, ...]:
    """Per cell (``live``: [cell, slot], the live units' counts > 0), whether it has live
    units of each sort: any; other than transports and AA guns (a side left with those
    alone loses them: ``_Battle.status_at``); submarines; destroyers; firing (by
    ``values``, per slot: default the units' own); aircraft; AA guns."""
    if values is None:
        values = [s.unit.value(role) for s in slots]
    sorts = np.array([(True, not (u.has("transport") or u.has("aa_gun")), u.has("submarine"),
                       u.has("destroyer"), v > 0, u.kind == "air", u.has("aa_gun"))
                      for u, v in zip((s.unit for s in slots), values)],
                     dtype=np.float64).reshape(len(slots), 7)
    return tuple((live.astype(np.float64) @ sorts > 0).T)


def on_the_grid(rules, state: Any) -> bool:
    """``state``'s compositions are one of the battle's positions (the table: casualties
    other than the order of loss's leave the cells, and the general solver answers)."""
    battle = _Battle(rules)
    return state[0] in battle.att.index and state[1] in battle.dfn.index


def _kind(unit) -> int:
    return S if unit.has("submarine") else A if unit.kind == "air" else O


@functools.cache
def _binomial(n: int, value: int) -> np.ndarray:
    """Hits of n ordinary dice that hit on ``value`` (as ``Dist.binomial``)."""
    p = min(value, 6) / 6
    return np.array([math.comb(n, k) * p**k * (1 - p) ** (n - k) for k in range(n + 1)])


def _table(groups) -> np.ndarray:
    """Ordinary dice's hit table of ``((dice, value), ...)`` (binomials convolved)."""
    out = np.ones(1)
    for n, v in groups:
        if n > 0 and v > 0:
            out = np.convolve(out, _binomial(n, v))
    return out


def _padded(tables: list[np.ndarray]) -> np.ndarray:
    out = np.zeros((len(tables), max(len(t) for t in tables)))
    for k, t in enumerate(tables):
        out[k, :len(t)] = t
    out[out < TAIL_CUTOFF] = 0.0
    return out


class _Sparse:
    """Tables of hits, one row each, as their nonzero entries: row r's hit counts (or codes)
    are ``h[start[r]:start[r] + length[r]]`` with probabilities ``p``."""

    #: Made by ``of``: the last row (no hit), the tables' width, each row's P(no hit), sum,
    #: and whether it is "no hit" surely.
    none: int
    width: int
    miss: np.ndarray
    total: np.ndarray
    trivial: np.ndarray

    def __init__(self, length: np.ndarray, h: np.ndarray, p: np.ndarray):
        self.length, self.h, self.p = length, h, p
        self.start = length.cumsum() - length

    @classmethod
    def of(cls, dense: np.ndarray, rows: np.ndarray | None = None) -> "_Sparse":
        """The rows of ``dense`` (or, per one of ``rows``, its row of ``dense``: each made
        once however many cells share it) and a last row, ``none``: no hit (a group that
        doesn't fire); with each row's P(no hit) (``miss``) and sum (1 less a cut tail)."""
        dense = np.vstack([dense, _point(dense.shape[1])])
        at = np.flatnonzero(dense)                 # (flat: ~2x faster than a 2-d nonzero)
        which, h = _divmod(at, dense.shape[1])
        out = cls(np.bincount(which, minlength=len(dense)), h, dense.ravel().take(at))
        out.none, out.width = len(dense) - 1, dense.shape[1]
        out.miss, out.total = dense[:, 0].copy(), dense.sum(axis=1)
        out.trivial = (out.length == 1) & (dense[:, 0] == 1.0)
        if rows is None:
            return out
        pick = np.append(rows, out.none)
        lens, h, p = out.runs(pick)
        each = cls(lens, h, p)
        each.none, each.width = len(pick) - 1, out.width
        each.miss, each.total, each.trivial = (a.take(pick)
                                               for a in (out.miss, out.total, out.trivial))
        return each

    def entries(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The entries of each of ``rows``: (k: which of ``rows``, h, p), ordered by k."""
        k, pos = _gather(self.start, self.length, rows)
        return k, self.h.take(pos), self.p.take(pos)

    def runs(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """``entries`` without k: (how many of each of ``rows``, h, p)."""
        lens = self.length.take(rows)
        pos = _places(self.start, lens, rows)
        return lens, self.h.take(pos), self.p.take(pos)

    def expand(self, rows: np.ndarray, moves: np.ndarray, e: np.ndarray, cells: np.ndarray,
               p: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Each (entry e, cell, p) once per hit count of its table row, moved by ``moves``."""
        if self.trivial.take(rows).all():
            return e, cells, p
        k, h, q = self.entries(rows)
        width = moves.shape[1]
        return (e.take(k), moves.take(cells.take(k) * width + np.minimum(h, width - 1)),
                p.take(k) * q)


def _support(table: _Sparse, rows: np.ndarray, width: int) -> np.ndarray:
    """Per row of ``rows``, 1.0 at the hit counts ``table``'s row has (its entries), else 0
    (``width`` columns)."""
    out = np.zeros((len(rows), width))
    k, h, _ = table.entries(rows)
    out.ravel()[k * width + h] = 1.0
    return out


def _gather(start: np.ndarray, length: np.ndarray, rows: np.ndarray
            ) -> tuple[np.ndarray, np.ndarray]:
    """(k, pos): the places ``pos`` of the entries of each of ``rows`` (entries of row r at
    ``start[r]:start[r] + length[r]``), ``k`` which of ``rows`` each is, ordered by k."""
    lens = length.take(rows)
    return np.arange(len(rows)).repeat(lens), _places(start, lens, rows)


def _places(start: np.ndarray, lens: np.ndarray, rows: np.ndarray) -> np.ndarray:
    """The places of the entries of ``rows`` (``lens`` of them each, from ``start``), row
    after row."""
    offset = start.take(rows)
    offset += lens
    offset -= lens.cumsum()
    pos = offset.repeat(lens)
    pos += np.arange(len(pos))
    return pos


class _Pool:
    """Sparse rows (columns and probabilities, and a value per row), numbered in the order
    they are added and kept: a run makes each position's round once (the 20 v 20 fleet fires
    11,400 mid-round positions over its rounds, 5,200 of them different). Row 0 is none (no
    entry, value 0): the runs' arrays of row numbers start as zeros, "not made yet" (a big
    grid's millions of positions left unwritten: the memory isn't touched, a fresh array's
    pages cost ~5-10 ms a 10 MB the first time)."""

    def __init__(self, col: type = np.int64):
        """``col``: the columns' type (a side's cells fit in 32 bits: half the bytes kept and
        read)."""
        # (room for a small battle's rows: each growth copies what is kept)
        self.rows = 1
        self.start = np.zeros(1024, dtype=np.int64)
        self.length = np.zeros(1024, dtype=np.int64)
        self.value = np.zeros(1024)
        self.used = 0
        self.col: np.ndarray = np.empty(16384, dtype=col)
        self.p = np.empty(16384)

    def add(self, n: int, k: np.ndarray, col: np.ndarray, p: np.ndarray,
            value: np.ndarray) -> np.ndarray:
        """Add n rows: row k[e] (0..n-1, ordered) has entry (col[e], p[e]); row r's value
        ``value[r]``. Their numbers."""
        return self.add_runs(n, np.bincount(k, minlength=n), col, p, value)

    def add_runs(self, n: int, lens: np.ndarray, col: np.ndarray, p: np.ndarray,
                 value: np.ndarray) -> np.ndarray:
        """``add`` of rows of ``lens[r]`` entries each, in turn (no array of k made)."""
        r, u, m = self.rows, self.used, len(col)
        if r + n > len(self.start):
            self.start, self.length, self.value = (_grown(a, r + n)
                                                   for a in (self.start, self.length, self.value))
        if u + m > len(self.col):
            self.col, self.p = (_grown(a, u + m) for a in (self.col, self.p))
        self.length[r:r + n] = lens
        start = self.start[r:r + n]
        np.subtract(lens.cumsum(), lens, out=start)
        start += u
        self.value[r:r + n] = value
        self.col[u:u + m] = col
        self.p[u:u + m] = p
        self.rows, self.used = r + n, u + m
        return np.arange(r, r + n)

    def get(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The entries of ``rows``: (k: which of ``rows``, col, p), ordered by k."""
        k, pos = _gather(self.start, self.length, rows)
        return k, self.col.take(pos), self.p.take(pos)

    def runs(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The entries of ``rows`` as ``get`` has them, without k: (how many of each row,
        col, p) (``_banded`` repeats per-row values: no array of k is made)."""
        lens = self.length.take(rows)
        pos = _places(self.start, lens, rows)
        return lens, self.col.take(pos), self.p.take(pos)


def _grown(a: np.ndarray, size: int) -> np.ndarray:
    """``a``, or a copy of it twice as long (or ``size``) when shorter than ``size`` (what
    is past ``a``'s end unset: a pool reads only what it wrote)."""
    if size <= len(a):
        return a
    out = np.empty(max(2 * len(a), size), dtype=a.dtype)
    out[:len(a)] = a
    return out


def composed(one: np.ndarray, hits: int) -> np.ndarray:
    """``[cell, h]``: the cell after h hits (every h up to ``hits``; more take nothing more)
    of a category whose one-hit move is ``one`` (cells closed under it). h hits are one hit
    h times (the units a category may take are the cell's own, less those it took), so the
    one-hit moves are composed: the hit counts made doubled at a time (k + j hits: j hits
    after k, for every j at once)."""
    moves = np.empty((hits + 1, len(one)), dtype=np.int64)
    moves[0] = np.arange(len(one))
    made = min(hits, 1)
    moves[made] = one
    while made < hits:
        more = min(made, hits - made)
        moves[made + 1:made + 1 + more] = moves[1:1 + more].take(moves[made], axis=1)
        made += more
    return np.ascontiguousarray(moves.T)


class _Fleet:
    """One side's reachable cells (numbered by rank), their compositions, flags, hit tables
    per category, and where each category's hits move them (``moves[cat][cell, h]``)."""

    #: With low luck (``_low_luck_tables``): each cell's power per category, and the hit
    #: table of every power.
    power: dict[str, np.ndarray]
    low_luck: "_Sparse"

    def __init__(self, rules, k: int):
        side = rules.side(k)
        self.role, self.slots = side.role, side.slots
        self._orders(side, rules.submerge[k])
        box, comps = self._box()
        delta, lS, lA, lO, sub = box.T
        live = (comps > 0) & np.array([s.fights for s in self.slots])
        #: each slot's value and dice in its role, its side's techs applied (the rules')
        self.values, self.dice = side.values0, side.dice0
        anything, fighting, subs_in, dest, fires, air, guns = _sorts(live, self.slots, side.role,
                                                                    self.values)
        alone = anything & ~fighting
        one = self._one_hit(box)
        every = np.arange(len(box))
        submerged = (np.where(subs_in & (sub == 0), self._at(delta, lS, lA, lO, 1), every)
                     if self.can_submerge else every)
        alone_to = np.where(alone, self._at(delta, lS, lA, self.sizes[O], sub), every)
        # the cells reachable from the start (the box's first), numbered by rank: every move
        # raises the rank, so one sweep by rank finds them (one hit at a time: h hits are
        # one hit h times, ``_moves``)
        rank = delta + lS + lA + lO + sub
        by_rank = np.argsort(_small(rank), kind="stable")
        bounds = np.searchsorted(rank.take(by_rank), np.arange(int(rank.max()) + 2)).tolist()
        # (the box's cells in that order, their targets too: a rank is a slice)
        place = np.empty(len(box), dtype=np.int64)
        place[by_rank] = np.arange(len(box))
        targets = place.take(np.stack(list(one.values()) + [submerged, alone_to],
                                      axis=1).take(by_rank, axis=0))
        reach = np.zeros(len(box), dtype=bool)
        reach[place[0]] = True
        if _shot_down(rules, k) and self.D == 0:
            # the attacker's aircraft the defender's AA guns may shoot down before round 1
            # (the first of its order of loss: kind A's first units; the planner pushes that
            # fire, ``sea_values.ForceValues.fought``): cells too, and what they reach
            lost = np.arange(1, self.sizes[A] + 1)
            reach[place.take(self._at(0 * lost, 0 * lost, lost, 0 * lost, 0 * lost))] = True
        for lo, hi in zip(bounds[:-1], bounds[1:]):
            reach[targets[lo:hi][reach[lo:hi]]] = True
        cells = by_rank[reach]
        renumber = np.full(len(box), -1, dtype=np.int64)
        renumber[cells] = np.arange(len(cells))
        self.C = len(cells)
        self.rank = rank[cells]
        self.cells = box[cells]
        self.comps = list(map(tuple, comps[cells].tolist()))
        self.dest = dest[cells]
        self.subs = subs_in[cells]
        self.air = air[cells]
        self.fires = fires[cells]
        self.wiped = ~anything[cells]
        self.alone, self.alone_to = alone[cells], renumber[alone_to[cells]]
        self.guns = alone[cells] & guns[cells]
        self.submerged_to = renumber[submerged[cells]]
        self.moves = {c: self._moves(renumber.take(m.take(cells))) for c, m in one.items()}
        #: whether a hit of the category finds a unit in the cell (else every hit misses)
        self.takes = {c: (m[:, 1] != np.arange(self.C)) if m.shape[1] > 1
                      else np.zeros(self.C, dtype=bool) for c, m in self.moves.items()}
        #: per cell, whether its aircraft's hits may take submarines (a destroyer of its
        #: own beside them, or Revised's rule: always): they fire with the rest
        self.air_any = self.dest | bool(rules.air_hits_submarines)
        self._tables(rules, k)

    @functools.cached_property
    def index(self) -> dict:
        """Each cell's composition's cell (the table's states, a solve's start)."""
        return {comp: i for i, comp in enumerate(self.comps)}

    def _orders(self, side, submerge: bool) -> None:
        """The damage prefix (undamaged two-hit units, in the order of loss), and each
        kind's order of loss once they are all damaged: ``lost[x][l]``, the slots of the
        first l units of kind x."""
        slots = self.slots
        counts0 = np.array(side.counts0, dtype=np.int64)
        width = len(slots)
        damage = [i for i in side.two_hit for _ in range(counts0[i])]
        self.D = len(damage)
        shift = np.zeros((self.D + 1, width), dtype=np.int64)
        for d, i in enumerate(damage):
            shift[d + 1] = shift[d]
            shift[d + 1, i] -= 1
            shift[d + 1, side.damaged_of[i]] += 1
        self._start, self._damage = counts0, shift
        self._full = counts0 + shift[self.D]
        seq = [i for i in side.order for _ in range(self._full[i])]
        self._kind_of = np.array([_kind(slots[i].unit) for i in seq], dtype=np.int64)
        self.n = len(seq)
        self.sizes = [int((self._kind_of == x).sum()) for x in (S, A, O)]
        self._lost, self._units = [], []
        for x in (S, A, O):
            units = [i for i, kx in zip(seq, self._kind_of) if kx == x]
            self._units.append(units)
            cum = np.zeros((len(units) + 1, width), dtype=np.int64)
            cum[np.arange(1, len(units) + 1), units] = 1
            self._lost.append(cum.cumsum(axis=0))
        self._out = {i: next(j for j, t in enumerate(slots)
                             if t.unit.id == s.unit.id and t.status == "out")
                     for i, s in enumerate(slots)
                     if s.unit.has("submarine") and s.fights and submerge}
        self.can_submerge = bool(submerge and self.sizes[S])
        #: the land units kept for last (a land battle's attacker: ``keep_land_units``)
        self.keep = side.keep_land

    def _box(self) -> tuple[np.ndarray, np.ndarray]:
        """Every cell (delta, lS, lA, lO, sub) and its composition; ``_index`` finds a
        cell's place in the box. Damage comes first: no unit is lost before it is done."""
        D, (nS, nA, nO) = self.D, self.sizes
        subs = np.array((0, 1) if self.can_submerge else (0,))
        rest = np.indices((nS + 1, nA + 1, nO + 1, len(subs))).reshape(4, -1)
        rest = rest[:, (rest[3] == 0) | (rest[0] < nS)]      # submerged: some subs left
        prefix = D * len(subs)
        box = np.zeros((prefix + rest.shape[1], 5), dtype=np.int64)
        box[:prefix, 0], box[:prefix, 4] = _divmod(np.arange(prefix), len(subs))
        box[prefix:, 0] = D
        box[prefix:, 1:] = rest.T
        self._index = np.full((D + 1, nS + 1, nA + 1, nO + 1, 2), -1, dtype=np.int64)
        self._index[tuple(box.T)] = np.arange(len(box))
        delta, lS, lA, lO, sub = box.T
        comps = (self._start + self._damage[delta] - self._lost[S][lS] - self._lost[A][lA]
                 - self._lost[O][lO])
        for i, j in self._out.items():
            moved = np.where(sub == 1, comps[:, i], 0)
            comps[:, j] += moved
            comps[:, i] -= moved
        return box, comps

    def _one_hit(self, box: np.ndarray) -> dict[str, np.ndarray]:
        """Per category, the box cell after one hit of the category (every cell's): it damages
        an undamaged two-hit unit first, then takes the first unit the category may take, by
        the order of loss — within each kind its first units left (none left: the cell), a
        land battle's attacker's last ``keep`` land units after every other unit."""
        n, D = self.n, self.D
        none = 2 * n
        delta, lS, lA, lO, sub = box.T
        # per kind, the place in the order of loss of each cell's first unit of the kind left
        # (its l-th: l lost; ``none`` when none is left, or the submarines are submerged)
        first = [np.append(np.flatnonzero(self._kind_of == x), none).take(lost)
                 for x, lost in ((S, lS), (A, lA), (O, lO))]
        first[S][sub == 1] = none
        if self.keep:
            # a land battle's attacker: its last ``keep`` land units (kind O, the last of
            # its order) are its last casualties (``casualties.lose_in_order``)
            held = (self.sizes[O] - lO <= self.keep) & (first[O] < none)
            first[O][held] += n
        _, nS, nA, nO, _ = self._index.shape
        stride = (nA * nO * 2, nO * 2, 2)                         # a unit of each kind lost
        here = self._flat(delta, lS, lA, lO, sub)
        damaged = delta < D
        here[damaged] += nS * nA * nO * 2                         # a two-hit unit damaged
        out = {}
        for cat, kinds in TAKES.items():
            # the kind (of those the category may take) whose first unit left comes first
            soonest, step = np.full(len(box), none), np.zeros(len(box), dtype=np.int64)
            for x in kinds:
                sooner = first[x] < soonest
                soonest = np.where(sooner, first[x], soonest)
                step[sooner] = stride[x]
            step[damaged] = 0
            step += here
            out[cat] = self._index.take(step)
        return out

    def _moves(self, one: np.ndarray) -> np.ndarray:
        """``[cell, h]``: the cell after h hits of a category whose one-hit move is ``one``
        (``composed``: every h up to the side's units and damage)."""
        return composed(one, self.n + self.D)

    def _at(self, delta, lS, lA, lO, sub) -> np.ndarray:
        """The box cells (delta, lS, lA, lO, sub) (``_index``, looked up flat: faster)."""
        return self._index.take(self._flat(delta, lS, lA, lO, sub))

    def _flat(self, delta, lS, lA, lO, sub):
        """(delta, lS, lA, lO, sub)'s place in ``_index`` (flat)."""
        _, nS, nA, nO, _ = self._index.shape
        return (((delta * nS + lS) * nA + lA) * nO + lO) * 2 + sub

    def _tables(self, rules, k: int) -> None:
        """Per cell: the surprise strike's, and the general combat's hit tables by category
        (``sub``: the submarines; ``air_only``: aircraft without a friendly destroyer;
        ``any``: the rest, with the aircraft when a destroyer is beside them). A kind's
        units fire by the kind's losses only (``applicable``: support pairs units of one
        kind), so the tables are built per kind, from the phases' own values (the surprise
        strike: the units' own values, ``SurpriseStrike``; both with the side's techs:
        ``values``, ``dice``)."""
        slots, values, dice = self.slots, self.values, self.dice
        kinds = [(_kind(s.unit) if s.fights else -1) for s in slots]
        ids = {s.unit.id for s, n in zip(slots, self._start) if n}
        support = k == 0 and any(ids & set(rule.units) and ids & set(rule.by)
                                 for rule in rules.edition.support)

        if not rules.dice.independent:
            # low luck: a kind's power per units lost (the units' values summed)
            def power(x: int, supported: bool) -> np.ndarray:
                if not (supported and support):
                    units = self._units[x]
                    own = [values[i] * dice[i] if kinds[i] == x else 0 for i in units]
                    return np.append(np.cumsum(own[::-1])[::-1], [0, 0]).astype(np.int64)
                out = []
                for lost in self._lost[x]:
                    counts = tuple((self._full - lost).tolist())
                    per_slot = rules.main_fire.values((counts, None, False), 0)
                    out.append(sum(m * v for i, gs in enumerate(per_slot) if kinds[i] == x
                                   for m, v in gs))
                return np.array(out + [0], dtype=np.int64)

            _, lS, lA, lO, sub = self.cells.T
            fighting = np.where(sub == 0, lS, self.sizes[S] + 1)
            own = power(S, False)
            _low_luck_tables(self, own.take(fighting),
                             (power(S, True) if support else own).take(fighting),
                             power(A, True).take(lA), power(O, True).take(lO))
            return

        def tables(x: int, supported: bool) -> list[np.ndarray]:
            if not (supported and support):
                # each unit its own value: from the last unit of the kind back to its first,
                # one unit's table convolved at a time
                units = self._units[x]
                out = [np.ones(1)] * (len(units) + 2)  # the last: nothing fires
                for lost in range(len(units) - 1, -1, -1):
                    i = units[lost]
                    value = values[i]
                    hit = min(value, 6) / 6 if kinds[i] == x and value > 0 else 0.0
                    out[lost] = out[lost + 1]
                    for _ in range(dice[i] if hit else 0):     # (heavy bombers: several)
                        out[lost] = np.convolve(out[lost], (1.0 - hit, hit))
                return out
            out = []
            for lost in self._lost[x]:
                counts = tuple((self._full - lost).tolist())
                per_slot = rules.main_fire.values((counts, None, False), 0)
                out.append(_table([g for i, gs in enumerate(per_slot) if kinds[i] == x
                                   for g in gs]))
            return out + [np.ones(1)]                  # the last: nothing fires

        surprise = tables(S, False)
        subs = tables(S, True) if support else surprise      # (the same tables unsupported)
        air, other = tables(A, True), tables(O, True)
        _, lS, lA, lO, sub = self.cells.T
        fighting = np.where(sub == 0, lS, self.sizes[S] + 1)
        self.strike = _Sparse.of(_padded(surprise), fighting)
        self.sub = (_Sparse.of(_padded(subs), fighting) if subs is not surprise
                    else self.strike)
        flying = np.where(self.air_any, self.sizes[A] + 1, lA)
        self.air_only = _Sparse.of(_padded(air), flying)
        # the rest: the other ships, with the aircraft when they may hit submarines
        keys, where = _numbered((lA * len(other) + lO)[self.air_any], len(air) * len(other))
        rows = other + [np.convolve(other[o], air[a])
                        for a, o in zip(*np.divmod(keys, len(other)))]
        pick = lO.copy()
        pick[self.air_any] = len(other) + where.ravel()
        self.any = _Sparse.of(_padded(rows), pick)
        #: per cell, which of the general combat's tables each category's row is (cells of
        #: like tables share their rows' key: ``_Volley.table``), and how many there are
        #: (the submarines' last: nothing fires, as their ``none`` row)
        self.table_of = {SUB: fighting, AIR_ONLY: flying, ANY: pick}
        self.tables = {SUB: self.sizes[S] + 2, AIR_ONLY: self.sizes[A] + 2, ANY: len(rows)}


def _low_luck_tables(fleet, strike: np.ndarray, sub: np.ndarray, air: np.ndarray,
                     other: np.ndarray) -> None:
    """A fleet's low-luck fire, per cell (given its kinds' powers: the submarines' in the
    surprise strike and in the general combat, the aircraft's, the other ships'): the
    general combat's power per category (``power``: ``sub``, ``air_only`` — aircraft
    without a friendly destroyer —, ``any`` — the rest, with the aircraft beside a
    destroyer), the low-luck hit table of every power up to the cells' whole fire
    (``low_luck``, a row per power: the general combat pools categories by the units they
    may hit, ``_low_luck_fire``), and each cell's rows of it as the ordinary tables have
    them (``strike``, ``sub``, ``air_only``, ``any``: the surprise strike, the estimates)."""
    dest = fleet.air_any
    fleet.power = {SUB: sub, AIR_ONLY: np.where(dest, 0, air), ANY: other + np.where(dest, air, 0)}
    top = int(max(strike.max(initial=0), (sub + air + other).max(initial=0)))
    dense = np.zeros((top + 1, top // 6 + 2))
    for p in range(top + 1):
        for h, q in lowluck_table(p):
            dense[p, h] = q
    fleet.low_luck = _Sparse.of(dense)
    fleet.strike = _Sparse.of(dense, strike)
    fleet.sub = _Sparse.of(dense, sub)
    fleet.air_only = _Sparse.of(dense, fleet.power[AIR_ONLY])
    fleet.any = _Sparse.of(dense, fleet.power[ANY])


#: Small fleets kept for the next battles (``_fleet``): a plan's forces share their enemy.
KEPT_FLEETS = 4
#: ... of at most this many cells each (a big fleet's arrays are not kept past its solve).
KEPT_FLEET_CELLS = 4096
_kept_fleets: dict[tuple, _Fleet] = {}
_keeping = threading.Lock()             # (the app solves in worker threads)


def _shot_down(rules, k: int) -> bool:
    """Side k is a land battle's attacker whose aircraft the defender's AA guns may shoot
    down (its cells: those after the guns' fire too)."""
    return k == 0 and rules.land_battle and any(s.unit.has("aa_gun") for s in rules.dfn.slots)


def _fleet(rules, k: int) -> _Fleet:
    """``_Fleet(rules, k)``, or the one made for the same side of an earlier battle: a
    planner's forces (``batch.variants``) share the side they don't vary, the same object,
    and ~1 ms of making its cells and tables each. Keyed by what a fleet reads (the side,
    its submerging and, for the attacker, the edition's support rules and the main fire
    that values supported units), held by reference: the objects can't be reused while
    kept, and the sides are never changed once made."""
    side = rules.side(k)
    key = ((k, side, rules.submerge[k], rules.dice.independent, _shot_down(rules, k))
           + ((rules.edition, rules.main_fire) if k == 0 else ()))
    with _keeping:
        fleet = _kept_fleets.pop(key, None)
        if fleet is not None:
            _kept_fleets[key] = fleet                    # (last: the most recently asked)
            return fleet
    fleet = _Fleet(rules, k)
    if fleet.C <= KEPT_FLEET_CELLS:
        with _keeping:
            while _kept_fleets and len(_kept_fleets) >= KEPT_FLEETS:
                del _kept_fleets[next(iter(_kept_fleets))]   # the least recently asked
            _kept_fleets[key] = fleet
    return fleet


class _Keyed:
    """What both kinds of volley share: the enemy's row a cell fires from, and the key of
    an entry (its side's cell and the table it is under: ``table``, of ``tables``)."""

    side: Any
    enemy: Any
    table: np.ndarray
    tables: int

    def key(self, mine: np.ndarray, theirs: np.ndarray) -> np.ndarray:
        """Per entry, ``side``'s cell ``mine`` and the joint table it is under (firing cell
        ``theirs``) as one key (< ``side.C * tables``): entries of one key have the same
        ``rows``."""
        return mine * self.tables + self.table.take(self._enemy_rows(mine, theirs))

    def rows(self, mine: np.ndarray, theirs: np.ndarray):
        """(e, cell, p, kept): ``runs`` with each entry's e (which of ``mine``)."""
        lens, cells, p, kept = self.runs(mine, theirs)
        return np.arange(len(mine)).repeat(lens), cells, p, kept

    def runs(self, mine: np.ndarray, theirs: np.ndarray):
        raise NotImplementedError

    def _enemy_rows(self, mine: np.ndarray, theirs: np.ndarray) -> np.ndarray:
        """The enemy's row each of its cells ``theirs`` fires at ``side``'s ``mine`` from:
        2 * cell, + 1 when its submarines fire in the general combat (a destroyer of
        ``side``'s beside them: they didn't strike first)."""
        return 2 * theirs + (self.enemy.subs.take(theirs) & self.side.dest.take(mine))


class _Volley(_Keyed):
    """One side's general-combat fire at the other (``side``): per firing cell, with or
    without its submarines (they fire here when they didn't strike first), the joint table of
    its hits by category (submarines', aircraft's without a destroyer, the rest's) — one
    independent table each — and, when it fits in ``MAX_VOLLEY_MOVES``, where each joint
    outcome leaves each of ``side``'s cells (the three categories' moves in turn).

    Firing cells of like tables (a damaged battleship fires as an undamaged one; a
    transport, a submerged submarine don't fire) have the same joint table and give
    ``side``'s cells the same next cells: a row's ``table`` (of ``tables``) keys them
    (``key``). A joint table is made once per table, the first time a row of it is asked
    for (``joint``): a solve meets few of them (the 29 v 29 fleet 96 of 324 and 72 of 315);
    without the combined moves, only its P of all the outcomes (``kept``: the three
    categories' hits are taken in turn; the 80 v 80 fleet meets 281 and 345 of its 1,942
    and 2,042 tables, whose joint tables for all its 3,182 and 3,282 rows, 1-1.8 M entries,
    took ~65 ms). The outcomes that occur are found from the three categories' rows alone
    (``_outcomes``); the combined moves are made per cell met, or per cell and
    (submarines', aircraft's) pair of hits met (``_framed_for``, ``_blocks_for``).
    Categories whose hits take ``side``'s units as the rest's do (a side
    without aircraft, without submarines, a land battle's) are fired in the sums of their
    hits (``merged``: fewer outcomes)."""

    def __init__(self, side: _Fleet, enemy: _Fleet):
        self.side, self.enemy = side, enemy
        # the enemy's rows: 2 * cell, its submarines not firing (their ``none`` row), and
        # 2 * cell + 1, firing; each row's joint table is its three categories' tables
        cells = np.arange(enemy.C).repeat(2)
        subs = np.where(np.arange(2 * enemy.C) % 2 == 1, cells, enemy.sub.none)
        t, n = enemy.table_of, enemy.tables
        sub = np.where(subs == enemy.sub.none, n[SUB] - 1, t[SUB].take(cells))
        which = (sub * n[AIR_ONLY] + t[AIR_ONLY].take(cells)) * n[ANY] + t[ANY].take(cells)
        tables, self.table = _numbered(which, n[SUB] * n[AIR_ONLY] * n[ANY])
        self.tables = len(tables)
        # a row of each table (any: their rows are alike), as its submarines' and cell's rows
        first = np.empty(self.tables, dtype=np.int64)
        first[self.table] = np.arange(2 * enemy.C)
        self._subs, self._cells = subs.take(first), cells.take(first)
        self.widths = (enemy.sub.width, enemy.air_only.width, enemy.any.width)
        # the joint outcomes that occur (the 20 v 20 fleet: ~a quarter of the widths'
        # products), numbered: the combined moves are made for them alone
        outcomes = self._outcomes(tables // n[ANY], n[SUB] * n[AIR_ONLY])
        #: whether the submarines' and the aircraft's hits take ``side``'s units as the
        #: rest's do (one-hit moves alike in every cell: a side without aircraft, without
        #: submarines; the submarines' only where the aircraft's, taken between, are the
        #: rest's too or never occur): then only the sum of those hits matters, and a joint
        #: table's outcomes are (0, aircraft's, rest's + submarines') and (.., 0, rest's +
        #: aircraft's): fewer outcomes (a 56 v 56 fleet's defender, summed so, 617 rather
        #: than 4,477: ~7 % fewer instructions a solve; its attacker's aircraft, firing on
        #: their own once its destroyers are lost, keep it apart since)
        sub_like, air_like = (bool(np.array_equal(_one_hit(side, cat), _one_hit(side, ANY)))
                              for cat in (SUB, AIR_ONLY))
        # the submarines' hits are taken first, the aircraft's between them and the rest's:
        # theirs join the rest's sum only where the aircraft's are the rest's too or never
        # occur (else an aircraft's hit, which can't take a submarine, would come first:
        # a destroyer and a submarine fired at by a submarine, a fighter and a cruiser)
        self.merged = (sub_like and (air_like or self.widths[1] == 1), air_like)
        if any(self.merged):
            w0, w1, w2 = self.widths
            self.widths = (w0, w1, w2 + self.merged[0] * (w0 - 1) + self.merged[1] * (w1 - 1))
            outcomes = np.unique(self._merged(outcomes // (w1 * w2), outcomes // w2 % w1,
                                              outcomes % w2))
        self.codes = len(outcomes)
        #: each table's joint table (``_Sparse`` rows: its outcomes' numbers, probabilities),
        #: its P of all the outcomes (1 less the cut tails, ``kept``), made when first asked
        #: for (``made``; ``_made_for``)
        self.joint = _Sparse(np.zeros(self.tables, dtype=np.int64), np.empty(0, dtype=np.int64),
                             np.empty(0))
        self.kept = np.full(self.tables, np.nan)
        self.made = np.zeros(self.tables, dtype=bool)
        self._used = 0                          # entries of ``joint`` made
        #: the combined moves are kept (``local``, ``frame``)
        self.combined = side.C * self.codes <= MAX_VOLLEY_MOVES
        if self.combined:
            self._number = np.full(math.prod(self.widths), -1, dtype=np.int64)
            self._number[outcomes] = np.arange(self.codes)
            # each stage's hits: the submarines' that occur, the (submarines', aircraft's)
            # pairs, the outcomes
            w0, w1, w2 = self.widths
            pairs, of_pair = _numbered(outcomes // w2, w0 * w1)  # (sorted: as the codes)
            subs, of_sub = _numbered(pairs // w1, w0)
            self.pairs = len(pairs)
            self._of_pair, self._rest = of_pair, outcomes % w2
            #: a pair's outcomes are consecutive codes, from ``_first[pair]``
            self._first = np.searchsorted(of_pair, np.arange(self.pairs + 1))
            #: where each pair of hits leaves each cell (``[cell * pairs + pair]``: the
            #: submarines' hits, then the aircraft's; ~0.2 M entries for a 56 v 56 fleet)
            after = _moved_by(side, SUB, np.arange(side.C)[:, None], subs[None, :])
            self._after = _moved_by(side, AIR_ONLY, after.take(of_sub, axis=1),
                                    (pairs % w1)[None, :]).ravel()
            #: per table, the pairs its outcomes have (``_Sparse`` rows, with ``joint``)
            self.table_pairs = _Sparse(np.zeros(self.tables, dtype=np.int64),
                                       np.empty(0, dtype=np.int64), np.empty(0))
            self._pairs_used = 0
            #: per cell, its frame: the cells its hit outcomes made reach (``frame[cell,
            #: :width[cell]]``; as wide as the widest made), and where each outcome leaves
            #: it, as its place in the frame, + 1 (``local[cell, code]``: a row per cell,
            #: which a key's entries read together; unset until made: read once made
            #: alone, not zeroed — ~9 MB a side of the 49 v 49 fleet, ~1 % of its
            #: instructions). Made for a cell met, all its outcomes, the frame ordered by
            #: cell (``_framed_for``); or, past ``BLOCKS_ABOVE`` outcomes, per (cell, pair of
            #: hits) met, the pair's outcomes, the first time a table that has the pair is
            #: asked for under the cell (``blocked``, ``_blocks_for``; the frame in the order
            #: made: a place, once given, stays): a solve meets few of them (the 49 v 49
            #: fleet's 810 cells met its tables' outcomes in ~134,000 (cell, outcome)s of
            #: their 2.5 M)
            self.local = np.empty((side.C, self.codes), dtype=np.int32)   # (half the bytes read)
            self.frame = np.zeros((side.C, 1), dtype=np.int64)
            self.width = np.zeros(side.C, dtype=np.int64)
            self.blocks = self.codes > BLOCKS_ABOVE
            self.blocked = np.zeros(side.C * self.pairs if self.blocks else 0, dtype=bool)
            self._framed = np.zeros(side.C, dtype=bool)

    def _outcomes(self, pair: np.ndarray, pairs: int) -> np.ndarray:
        """The joint outcomes some table has (flat codes ``(h * w1 + h') * w2 + h''``, the
        three categories' hits; ``widths``), sorted: a table's are every triple of its three
        rows' hit counts. The tables of one pair of submarines' and aircraft's tables
        (``pair``: each table's, of ``pairs``) have those two rows' and the union of their
        rows of the rest: a product of 0/1 matrices (exact counts) gives the triples."""
        enemy, (w0, w1, w2) = self.enemy, self.widths
        pair_keys, of_pair = _numbered(pair, pairs)
        one = np.empty(len(pair_keys), dtype=np.int64)
        one[of_pair] = np.arange(self.tables)              # a table of each pair
        both = (_support(enemy.sub, self._subs.take(one), w0)[:, :, None]
                * _support(enemy.air_only, self._cells.take(one), w1)[:, None, :])
        rest = np.zeros((len(pair_keys), w2))
        k, h, _ = enemy.any.entries(self._cells)
        rest.ravel()[of_pair.take(k) * w2 + h] = 1.0
        seen = both.reshape(len(pair_keys), w0 * w1).T @ rest
        return np.flatnonzero(seen.ravel())

    def _merged(self, hs: np.ndarray, ha: np.ndarray, hy: np.ndarray) -> np.ndarray:
        """The flat codes of outcomes (hs, ha, hy) (the three categories' hits), the
        submarines' and the aircraft's hits added to the rest's when they take the units the
        rest's take (``merged``; broadcast)."""
        _, w1, w2 = self.widths
        ms, ma = self.merged
        return ((0 if ms else hs) * w1 + (0 if ma else ha)) * w2 + hy + (hs if ms else 0) \
            + (ha if ma else 0)

    @property
    def framed(self) -> np.ndarray:
        """Per cell, whether (some of) its combined moves are made."""
        if self.blocks:
            return np.asarray(self.blocked.reshape(self.side.C, self.pairs).any(axis=1))
        return self._framed

    def _combined(self, cells: np.ndarray) -> np.ndarray:
        """``[k, code]``: where outcome ``code`` leaves ``side``'s cell ``cells[k]``: the pairs
        of the submarines' and aircraft's hits made (``_after``), then the rest's, per
        outcome."""
        moves = self.side.moves[ANY]
        at = self._after.reshape(self.side.C, self.pairs).take(cells, axis=0)
        at *= moves.shape[1]
        at = at.take(self._of_pair, axis=1)
        at += np.minimum(self._rest, moves.shape[1] - 1)
        return moves.take(at)

    def _framed_for(self, mine: np.ndarray) -> None:
        """The frames and ``local`` rows of ``side``'s cells ``mine`` made (those not yet):
        all their outcomes, each frame ordered by cell."""
        C = self.side.C
        new = mine[~self._framed.take(mine)]
        if not len(new):
            return
        seen = np.zeros(C, dtype=bool)
        seen[new] = True
        new = np.flatnonzero(seen)
        at = self._combined(new)
        at += np.arange(0, len(new) * C, C)[:, None]
        reached = np.zeros(len(new) * C, dtype=bool)
        reached[at] = True
        place = reached.reshape(len(new), C).cumsum(axis=1, dtype=np.int32)   # (+ 1)
        self.local[new] = place.take(at)
        width = int(place[:, -1].max())
        if width > self.frame.shape[1]:
            wider = np.zeros((C, width), dtype=np.int64)
            wider[:, :self.frame.shape[1]] = self.frame
            self.frame = wider
        every = np.flatnonzero(reached)            # (flat: ~2x faster than a 2-d nonzero)
        k, cell = _divmod(every, C)
        place = place.ravel().take(every)
        place -= 1
        self.frame.ravel()[new.take(k) * self.frame.shape[1] + place] = cell
        self._framed[new] = True

    def _local_for(self, mine: np.ndarray, tabs: np.ndarray) -> None:
        """``local`` made for ``side``'s cells ``mine`` under tables ``tabs``."""
        if self.blocks:
            self._blocks_for(mine, tabs)
        else:
            self._framed_for(mine)

    def _blocks_for(self, mine: np.ndarray, tabs: np.ndarray) -> None:
        """``local`` made for ``side``'s cells ``mine`` under tables ``tabs`` (their joint
        tables made): each (cell, pair of hits) once, for all the pair's outcomes; the cells
        they reach added to the cell's frame (after those there: a place, once given,
        stays)."""
        C, P = self.side.C, self.pairs
        pairs = self.table_pairs
        k, at = _gather(pairs.start, pairs.length, tabs)
        pair = pairs.h.take(at)
        at = mine.take(k)
        at *= P
        at += pair
        at = at[~self.blocked.take(at)]
        if not len(at):
            return
        fresh = np.zeros(C * P, dtype=bool)
        fresh[at] = True
        at = np.flatnonzero(fresh)                  # (ordered: by cell, then by pair)
        self.blocked[at] = True
        cells, pair = _divmod(at, P)
        # each block's outcomes, where they leave its cell (its pair's, then the rest's hits)
        first = self._first.take(pair)
        lens = self._first.take(pair + 1) - first
        k, code = _gather(first, lens, np.arange(len(at)))
        moves = self.side.moves[ANY]
        wide = moves.shape[1]
        reached = self._after.take(at).repeat(lens)
        reached *= wide
        reached += np.minimum(self._rest.take(code), wide - 1)
        reached = moves.take(reached)
        # the frames of those cells: each cell's place + 1 in its own (``is_at``, per frame)
        frames, which = _numbered(cells, C)
        width = self.width.take(frames)
        f = np.arange(len(frames)).repeat(width)
        within = np.arange(len(f)) - (width.cumsum() - width).repeat(width)
        is_at = np.zeros(len(frames) * C, dtype=np.int32)
        wide = self.frame.shape[1]
        is_at[f * C + self.frame.take(frames.take(f) * wide + within)] = within + 1
        key = which.take(k)
        key *= C
        key += reached
        new = key[is_at.take(key) == 0]
        if len(new):
            fresh = np.zeros(len(is_at), dtype=bool)
            fresh[new] = True
            new = np.flatnonzero(fresh)               # (ordered: by frame, then by cell)
            f, cell = _divmod(new, C)
            count = np.bincount(f, minlength=len(frames))
            place = width.take(f) + np.arange(len(new)) - (count.cumsum() - count).take(f)
            is_at[new] = place + 1
            width += count
            self.width[frames] = width
            most = int(width.max())
            if most > wide:
                wider = np.zeros((self.side.C, max(most, wide + wide // 2)), dtype=np.int64)
                wider[:, :wide] = self.frame
                self.frame, wide = wider, wider.shape[1]
            self.frame.ravel()[frames.take(f) * wide + place] = cell
        code += cells.take(k) * self.codes
        self.local.ravel()[code] = is_at.take(key)

    def _made_for(self, rows: np.ndarray) -> np.ndarray:
        """The tables of the enemy's ``rows``, their joint tables made (those not yet)."""
        tabs = self.table.take(rows)
        new = tabs[~self.made.take(tabs)]
        if len(new):
            self._make(np.unique(new))
        return tabs

    def _make(self, new: np.ndarray) -> None:
        """The joint tables of tables ``new``: per table, every triple of its three rows'
        entries — the submarines' hits, then the aircraft's, then the rest's (entries
        ordered so), probabilities multiplied in that order —, their P summed in that order
        (``kept``); appended to ``joint`` with the combined moves (without them, the hits
        are taken in turn: ``kept`` alone), the triples of one outcome summed in that order
        when categories are ``merged``."""
        enemy, (_, w1, w2) = self.enemy, self.widths
        subs, cells = self._subs.take(new), self._cells.take(new)
        k, h, p = enemy.sub.entries(subs)
        m, h2, p2 = enemy.air_only.entries(cells.take(k))
        lens, h3, p3 = enemy.any.runs(cells.take(k.take(m)))
        p = p.take(m)
        p *= p2
        p = p.repeat(lens)
        p *= p3
        length = (enemy.sub.length.take(subs) * enemy.air_only.length.take(cells)
                  * enemy.any.length.take(cells))
        self.kept[new] = np.bincount(np.arange(len(new)).repeat(length), p,
                                     minlength=len(new))
        self.made[new] = True
        if not self.combined:
            return
        if any(self.merged):
            # the outcomes of like sums summed per table (in the order of the triples)
            code = self._merged(h.take(m), h2, np.zeros(1, dtype=np.int64)).repeat(lens)
            code += h3
            at = np.arange(len(new)).repeat(length) * self.codes
            at += self._number.take(code)
            summed = np.bincount(at, p, minlength=len(new) * self.codes)
            at = np.flatnonzero(summed != 0.0)
            which, number = _divmod(at, self.codes)
            length, p = np.bincount(which, minlength=len(new)), summed.take(at)
        else:
            code = h.take(m) * w1
            code += h2
            code = code.repeat(lens)
            code *= w2
            code += h3
            number = self._number.take(code)
            which = None
        if self.blocks:
            self._pairs_of(new, np.arange(len(new)).repeat(length) if which is None else which,
                           number)
        # (appended past the entries made: ``joint``'s arrays grow twice as long when full)
        joint, used = self.joint, self._used
        self._used = end = used + len(p)
        joint.start[new] = used + length.cumsum() - length
        joint.length[new] = length
        joint.h, joint.p = _grown(joint.h, end), _grown(joint.p, end)
        joint.h[used:end] = number
        joint.p[used:end] = p

    def _pairs_of(self, new: np.ndarray, which: np.ndarray, number: np.ndarray) -> None:
        """Tables ``new``'s pairs of hits (``table_pairs``), from their joint tables'
        outcomes (``number``, of table ``new[which]``)."""
        seen = np.zeros(len(new) * self.pairs, dtype=bool)
        seen[which * self.pairs + self._of_pair.take(number)] = True
        t, pair = _divmod(np.flatnonzero(seen), self.pairs)
        pairs, used = self.table_pairs, self._pairs_used
        self._pairs_used = end = used + len(t)
        count = np.bincount(t, minlength=len(new))
        pairs.start[new] = used + count.cumsum() - count
        pairs.length[new] = count
        pairs.h = _grown(pairs.h, end)
        pairs.h[used:end] = pair

    def __call__(self, mine: np.ndarray, theirs: np.ndarray):
        """(e, cell, p, kept): entry e (cells ``mine`` under the fire of ``theirs``) ends the
        general combat in cell with probability p (entries of one e summed); kept: per
        entry, P of all its outcomes (1 less the cut tails)."""
        side, enemy = self.side, self.enemy
        rows = self._enemy_rows(mine, theirs)
        tabs = self._made_for(rows)
        if self.combined:
            self._local_for(mine, tabs)
            e, code, p = self.joint.entries(tabs)
            at = mine.take(e)
            code += at * self.codes
            at *= self.frame.shape[1]
            at += self.local.take(code)
            at -= 1
            return e, self.frame.take(at), p, self.kept.take(tabs)
        n = len(mine)
        e, cells, p = np.arange(n), mine, np.ones(n)
        subs = np.where(rows % 2 == 1, theirs, enemy.sub.none)
        e, cells, p = enemy.sub.expand(subs, side.moves[SUB], e, cells, p)
        e, cells, p = enemy.air_only.expand(theirs[e], side.moves[AIR_ONLY], e, cells, p)
        e, cells, p = enemy.any.expand(theirs[e], side.moves[ANY], e, cells, p)
        return e, cells, p, self.kept.take(tabs)

    def runs(self, mine: np.ndarray, theirs: np.ndarray):
        """(lens, cell, p, kept): the call's entries with the p of each (e, cell) summed,
        each once, ordered by e (then by cell without the combined moves, else by place in
        the cell's frame): ``lens[e]`` of entry e, in turn."""
        if not self.combined:
            e, cells, p, kept = self(mine, theirs)
            return self._summed(mine, np.bincount(e, minlength=len(mine)), cells, p, kept)
        tabs = self._made_for(self._enemy_rows(mine, theirs))
        self._local_for(mine, tabs)
        lens, code, p = self.joint.runs(tabs)
        # (per-entry values repeated from the rows': no array of e is made)
        code += (mine * self.codes).repeat(lens)
        place = self.local.take(code)
        place -= 1
        return self._summed(mine, lens, place, p, self.kept.take(tabs))

    def _summed(self, mine: np.ndarray, lens: np.ndarray, at: np.ndarray, p: np.ndarray,
                kept: np.ndarray):
        """``rows``' entries (``lens[e]`` of entry e, in turn; ``at``: each one's place, its
        cell's in e's frame, or its cell without the combined moves; p) with the p of each
        (e, place) summed (``_summed``): (lens, cell, p, kept)."""
        if not self.combined:
            return (*_summed(len(mine), lens, at, p), kept)
        count, at, p = _summed(len(mine), lens, at, p, mine * self.frame.shape[1])
        return count, self.frame.take(at), p, kept


def _summed(n: int, lens: np.ndarray, at: np.ndarray, p: np.ndarray,
            offset: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Entries (``lens[e]`` of entry e, in turn, of n; ``at``: each one's place; p) with the
    p of each (e, place) summed: (count, place, p), ``count[e]`` of e in turn, each ordered
    by place (``offset[e]`` added to e's places: a frame's row). Each e's places are summed
    in a window of their own, from the least to the greatest (an e's outcomes reach a few of
    its frame's cells: the windows of the 49 v 49 and 56 v 56 fleets' rows, frames in the
    order made, 1.9 M and 2.9 M places a solve for their 2.1 M and 3.4 M entries — 2.8 M
    and 3.1 M ordered by cell —, those of the 80 v 80 fleet's cells ~a third of its
    cells)."""
    starts = lens.cumsum() - lens
    lo, hi = np.zeros(n, dtype=np.int64), np.full(n, -1, dtype=np.int64)
    full = lens > 0
    if full.all():
        lo, hi = np.minimum.reduceat(at, starts), np.maximum.reduceat(at, starts)
    elif full.any():
        lo[full] = np.minimum.reduceat(at, starts[full])
        hi[full] = np.maximum.reduceat(at, starts[full])
    span = hi - lo + 1
    shift = span.cumsum() - span - lo                   # e's window's start, less its least
    where = shift.repeat(lens)
    where += at
    dense = np.bincount(where, p, minlength=int(span.sum()))
    reached = dense != 0.0
    summed = np.flatnonzero(reached)                  # (a bool array: far faster)
    # how many places each e's window holds (an e of no entries: none), its e repeated
    count = np.zeros(n, dtype=np.int64)
    if full.all():
        count = np.add.reduceat(reached, shift + lo, dtype=np.int64)
    elif full.any():
        count[full] = np.add.reduceat(reached, (shift + lo)[full], dtype=np.int64)
    if offset is not None:
        shift -= offset
    return count, summed - shift.repeat(count), dense.take(summed)


def _pooled(noS, noA, pS, pA, pY):
    """Low luck's general-combat batches at a side (broadcast over its cells' flags: no
    submarine, no aircraft present) from the enemy's categories' powers ``pS``, ``pA``,
    ``pY`` (submarines firing, aircraft without a destroyer, the rest): the powers rolled
    at the submarines', the aircraft's and the rest's places. Categories that may hit the
    same of the side's units pool, at the place of the first that fires (docs/rules.md):
    no aircraft there, the submarines' with the rest; no submarine, the aircraft's with the
    rest; neither, all three (one batch: its place and category don't matter, every
    category then takes the same units). A pooled batch takes its hits as the first
    category does (the units it may take are the same)."""
    every = noS & noA
    with_subs = noA & ~noS & (pS > 0)
    with_air = noS & ~noA
    q1 = np.where(every, pS + pA + pY, pS + np.where(with_subs, pY, 0))
    q2 = np.where(every, 0, pA + np.where(with_air, pY, 0))
    q3 = np.where(every | with_subs | with_air, 0, pY)
    return q1, q2, q3


def _low_luck_fire(side, enemy, mine: np.ndarray, theirs: np.ndarray):
    """(e, cell, p): low luck's general combat from ``enemy``'s cells ``theirs`` at
    ``side``'s cells ``mine`` (entry e of the pairs) leaves it in cell with probability p,
    the batches' hits taken in turn (``_pooled``; an (e, cell) may repeat)."""
    fire = enemy.subs.take(theirs) & side.dest.take(mine)
    pS = np.where(fire, enemy.power[SUB].take(theirs), 0)
    batches = _pooled(~side.subs.take(mine), ~side.air.take(mine), pS,
                      enemy.power[AIR_ONLY].take(theirs), enemy.power[ANY].take(theirs))
    table = enemy.low_luck
    n = len(mine)
    e, cells, p = np.arange(n), mine, np.ones(n)
    for cat, q in zip((SUB, AIR_ONLY, ANY), batches):
        e, cells, p = table.expand(q.take(e), side.moves[cat], e, cells, p)
    return e, cells, p


class _LowLuckVolley(_Keyed):
    """``_Volley`` with low luck: one side's general-combat fire at the other (``side``),
    its batches pooled by what ``side``'s cell has (``_low_luck_fire``: two hit counts a
    batch, eight outcomes at most, taken in turn). The enemy's rows (2 * cell, + 1 with its
    submarines firing) of like powers share a ``table``: a key (``side``'s cell, table)
    has one row of next cells."""

    def __init__(self, side, enemy):
        self.side, self.enemy = side, enemy
        cells = np.arange(enemy.C).repeat(2)
        fire = np.arange(2 * enemy.C) % 2 == 1
        powers = (np.where(fire, enemy.power[SUB].take(cells), 0),
                  enemy.power[AIR_ONLY].take(cells), enemy.power[ANY].take(cells))
        code = np.zeros(2 * enemy.C, dtype=np.int64)
        for q in powers:
            code = code * (int(q.max(initial=0)) + 1) + q
        _, self.table = np.unique(code, return_inverse=True)
        self.table = self.table.ravel()
        self.tables = int(self.table.max(initial=0)) + 1

    def runs(self, mine: np.ndarray, theirs: np.ndarray):
        """(lens, cell, p, kept) as ``_Volley.runs``, ordered by e, but an (e, cell) may
        repeat (no tail is cut: kept 1): an entry's few outcomes (eight at most) summed
        per cell cost more than their repeats in the pairs and products that read them
        (every reader sums: ``_pairs``' targets, ``_banded``'s bincount) — the 12 v 8
        low-luck fleet plan's 479 forces ~59 -> ~41 ms."""
        n = len(mine)
        e, cells, p = _low_luck_fire(self.side, self.enemy, mine, theirs)
        return np.bincount(e, minlength=n), cells, p, np.ones(n)


class _Battle:
    """Both sides' cells and the round, for many positions at once."""

    def __init__(self, rules, att: Any = None, dfn: Any = None):
        """The battle of ``rules``, each side's cells its own ``_Fleet`` — or those given
        (``att``, ``dfn``: anything with a fleet's attributes, ``sea_values.Lattice``)."""
        self.rules = rules
        self.att = _fleet(rules, 0) if att is None else att
        self.dfn = _fleet(rules, 1) if dfn is None else dfn
        self.Ca, self.Cd = self.att.C, self.dfn.C
        #: ``round_outcomes`` by start position (the work and memory estimates both ask)
        self.outcomes_at: dict[int, int] = {}
        #: Revised: a side's submarines submerge at a round's end (``LaterRules.end_round``),
        #: not at its start — where it chose to and the enemy has no destroyer, the battle
        #: still on: a fold on arrival whose position goes on (``status_at``,
        #: ``end_of_round``)
        self.submerge_at_end = bool(getattr(rules, "submerge_at_end", False)) and bool(
            self.att.can_submerge or self.dfn.can_submerge)

    # -- per position (attacker cell x defender cell), ravelled like the grids: made once the
    # -- work is known to be within the limits (``solve``)
    @functools.cached_property
    def on_att(self) -> "_Volley | _LowLuckVolley":
        """The defender's general-combat fire at the attacker."""
        return (_Volley if self.rules.dice.independent else _LowLuckVolley)(self.att, self.dfn)

    @functools.cached_property
    def on_dfn(self) -> "_Volley | _LowLuckVolley":
        return (_Volley if self.rules.dice.independent else _LowLuckVolley)(self.dfn, self.att)

    def level(self, flat: np.ndarray) -> np.ndarray:
        """The levels (attacker rank + defender rank) of positions ``flat`` (``by_level``'s
        without the whole grid's: a big grid's last positions are few)."""
        i, j = _divmod(flat, self.Cd)
        return self.att.rank.take(i) + self.dfn.rank.take(j)

    @functools.cached_property
    def by_level(self) -> tuple[np.ndarray, np.ndarray, list[int]]:
        """(level, order, bounds): each position's level (attacker rank + defender rank),
        the positions by level, and where each level starts in that order (its last: the
        end)."""
        levels = np.add.outer(self.att.rank, self.dfn.rank).ravel()
        order = np.argsort(_small(levels), kind="stable")
        return (levels, order,
                np.searchsorted(levels[order], np.arange(int(levels.max()) + 2)).tolist())

    @functools.cached_property
    def plain(self) -> np.ndarray:
        """No submerging and no surprise strike (the round is the general combat alone)."""
        att, dfn = self.att, self.dfn
        return ~(np.outer(att.subs, ~dfn.dest) | np.outer(~att.dest, dfn.subs)).ravel()

    def stays(self, flat: np.ndarray) -> np.ndarray:
        """P(the general combat leaves positions ``flat`` as they are) (made for the positions
        met, not the whole grid: a solve meets a third of it or less)."""
        return self.main_stays(*_divmod(flat, self.Cd))

    @functools.cached_property
    def status(self) -> np.ndarray:
        """``status_at`` of every position."""
        return self.status_at(np.arange(self.Ca * self.Cd))

    def status_at(self, flat: np.ndarray) -> np.ndarray:
        """Of positions ``flat``: 1: decided (a side has no unit left); 2: a side is left
        with transports alone while the enemy can fire, or the defender with AA guns alone
        while the attacker has units (it loses them), or (``submerge_at_end``) a side's
        submarines submerge: the position is folded on arrival (``end_of_round``: decided
        after it, or — submerged — going on); 0. (Made for the positions asked: a big
        grid's rounds meet a few of its millions.)"""
        att, dfn = self.att, self.dfn
        i, j = _divmod(flat, self.Cd)
        out = ((att.alone.take(i) & dfn.fires.take(j)) | (att.fires.take(i) & dfn.alone.take(j))
               | (dfn.guns.take(j) & ~att.wiped.take(i)))
        if self.submerge_at_end:
            i1, j1 = self._submerged(i, j)
            out |= (i1 != i) | (j1 != j)
        out = out.astype(np.int8)
        out *= 2
        out[att.wiped.take(i) | dfn.wiped.take(j)] = 1
        return out

    def state(self, i: int, j: int) -> Any:
        return (self.att.comps[i], self.dfn.comps[j], False)

    def position(self, state: Any) -> int:
        """The grid position (flat) of ``state``'s compositions (KeyError: not a cell)."""
        return self.att.index[state[0]] * self.Cd + self.dfn.index[state[1]]

    def strikes(self, flat: np.ndarray):
        """Submerging and the surprise strike from positions ``flat`` (grid indices): the
        mid-round entries ``(b, target, s)`` — position b[e] reaches mid-round position
        target[e] with probability s[e] — and each position's P(its round leaves it where it
        is)."""
        n = len(flat)
        plain = self.plain[flat]
        if plain.all():
            b, target, s, home = np.arange(n), flat, np.ones(n), np.ones(n)
        else:
            busy = np.flatnonzero(~plain)
            calm = np.flatnonzero(plain)
            i, j = _divmod(flat[busy], self.Cd)
            bb, i2, j2, ss = self.mid_round(i, j)
            at_home = (i2 == i[bb]) & (j2 == j[bb])
            b = np.concatenate([calm, busy[bb]])
            target = np.concatenate([flat[calm], i2 * self.Cd + j2])
            s = np.concatenate([np.ones(len(calm)), ss])
            home = np.ones(n)
            home[busy] = np.bincount(bb[at_home], ss[at_home], minlength=len(busy))
        return b, target, s, home * self.stays(flat)

    def mid_round(self, i: np.ndarray, j: np.ndarray):
        """Submerging and the surprise strike from positions (i, j): the mid-round positions
        ``(b, i2, j2, s)`` (b: which position, s: its probability)."""
        att, dfn = self.att, self.dfn
        if self.submerge_at_end:            # (Revised: at the round's end, ``end_of_round``)
            i1, j1 = i, j
        else:
            # both sides decide on the position at the round's start
            i1 = np.where(att.can_submerge & att.subs[i] & ~dfn.dest[j], att.submerged_to[i],
                          i)
            j1 = np.where(dfn.can_submerge & dfn.subs[j] & ~att.dest[i], dfn.submerged_to[j],
                          j)
        by_att = att.subs[i1] & ~dfn.dest[j1]               # the attacker's subs strike first
        by_dfn = dfn.subs[j1] & ~att.dest[i1]
        b = np.arange(len(i))
        if not (by_att.any() or by_dfn.any()):
            return b, i1, j1, np.ones(len(i))
        # the strikes' joint outcomes (ha: the attacker's subs' hits, hd: the defender's),
        # a side that doesn't strike scoring none
        k, ha, pa = att.strike.entries(np.where(by_att, i1, att.strike.none))
        m, hd, pd = dfn.strike.entries(np.where(by_dfn, j1, dfn.strike.none)[k])
        bb = k.take(m)
        return (bb, _moved_by(att, SUB, i1.take(bb), hd),
                _moved_by(dfn, SUB, j1.take(bb), ha.take(m)), pa.take(m) * pd)

    def main(self, i: np.ndarray, j: np.ndarray):
        """The general combat from mid-round positions (i, j): the attacker's and the
        defender's ``_Volley.rows`` (entry e: position e ends it in its cell with its p),
        independent of each other (before a side left with transports alone loses them)."""
        return self.on_att.rows(i, j), self.on_dfn.rows(j, i)

    def main_stays(self, i: np.ndarray, j: np.ndarray) -> np.ndarray:
        """P(the general combat leaves mid-round positions (i, j) as they are; i and j
        broadcast): per side and category, P(no hit) when a hit would find a unit, else 1
        (less a cut tail) — each side's product read from ``_stays_under``."""
        (code_a, under_a), (code_d, under_d) = self._stays_under
        return (under_a.take(code_a.take(i) * self.Cd + j)
                * under_d.take(code_d.take(j) * self.Ca + i))

    @functools.cached_property
    def _stays_under(self) -> tuple[tuple[np.ndarray, np.ndarray], ...]:
        """Per side: each cell's code (which categories' hits would find a unit in it, and
        whether a destroyer is there: the enemy's submarines fire in the general combat),
        and per code and enemy cell, P(the enemy's general-combat fire leaves the side as it
        is): per category, P(no hit) when the code's hits would find a unit, else 1 (less a
        cut tail); ravelled (code x enemy cell)."""
        if not self.rules.dice.independent:
            return self._low_luck_stays_under
        out = []
        for side, enemy in ((self.att, self.dfn), (self.dfn, self.att)):
            code = (side.takes[SUB] + 2 * side.takes[AIR_ONLY] + 4 * side.takes[ANY]
                    + 8 * side.dest).astype(np.int64)
            bits = np.arange(16)[:, None]
            theirs = np.arange(enemy.C)[None, :]
            subs = np.where(enemy.subs[theirs] & (bits >= 8), theirs, enemy.sub.none)
            under = np.ones((16, enemy.C))
            for bit, table, rows in ((1, enemy.sub, subs), (2, enemy.air_only, theirs),
                                     (4, enemy.any, theirs)):
                under = under * np.where(bits & bit, table.miss[rows], table.total[rows])
            out.append((code, under.ravel()))
        return tuple(out)

    @property
    def _low_luck_stays_under(self) -> tuple[tuple[np.ndarray, np.ndarray], ...]:
        """``_stays_under`` with low luck: the code also says whether the side has
        submarines and aircraft (the enemy's batches pool by them, ``_pooled``); per
        batch, P(no hit) when its first category's hits would find a unit."""
        out = []
        for side, enemy in ((self.att, self.dfn), (self.dfn, self.att)):
            code = (side.takes[SUB] + 2 * side.takes[AIR_ONLY] + 4 * side.takes[ANY]
                    + 8 * side.dest + 16 * side.subs + 32 * side.air).astype(np.int64)
            bits = np.arange(64)[:, None]
            theirs = np.arange(enemy.C)[None, :]
            fire = enemy.subs[theirs] & (bits & 8 > 0)
            batches = _pooled(bits & 16 == 0, bits & 32 == 0,
                              np.where(fire, enemy.power[SUB][theirs], 0),
                              enemy.power[AIR_ONLY][theirs], enemy.power[ANY][theirs])
            table = enemy.low_luck
            under = np.ones((64, enemy.C))
            for bit, q in zip((1, 2, 4), batches):
                under = under * np.where(bits & bit, table.miss[q], table.total[q])
            out.append((code, under.ravel()))
        return tuple(out)

    def end_of_round(self, i: np.ndarray, j: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The positions after the round's end (``LaterRules.end_round``): Revised's
        submarines submerging (``submerge_at_end``: ``_submerged``), then a side left with
        transports alone loses them (while the enemy can fire), and a defender left with AA
        guns alone (while the attacker has units); both judged on the position after the
        submerging."""
        att, dfn = self.att, self.dfn
        if self.submerge_at_end:
            i, j = self._submerged(i, j)
        return (np.where(att.alone[i] & dfn.fires[j], att.alone_to[i], i),
                np.where((dfn.alone[j] & att.fires[i]) | (dfn.guns[j] & ~att.wiped[i]),
                         dfn.alone_to[j], j))

    def _submerged(self, i: np.ndarray, j: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Positions (i, j) at a round's end after Revised's submerging: a side that chose
        to submerge (its fleet ``can_submerge``) takes its submarines out where the enemy
        has no destroyer and the battle is still on (both sides judged on (i, j):
        ``Submerge.resolve``)."""
        att, dfn = self.att, self.dfn
        on = ~att.wiped.take(i) & ~dfn.wiped.take(j)
        return (np.where(on & att.can_submerge & att.subs.take(i) & ~dfn.dest.take(j),
                         att.submerged_to.take(i), i),
                np.where(on & dfn.can_submerge & dfn.subs.take(j) & ~att.dest.take(i),
                         dfn.submerged_to.take(j), j))


def _banded(lens: np.ndarray, cells: np.ndarray, band: np.ndarray, C: int, bands: int
            ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The cells that rows of entries (``lens[r]`` entries of row r, row after row: cells)
    reach per band (row r in band ``band[r]``, of ``bands``): (cols, widths, place) — band
    b's widths[b] cells (of the C) ordered, ``cols[b, :widths[b]]`` (padded with cell 0),
    and each entry's place among its band's. (Per-row values repeated per entry: no array
    of the rows is made.)"""
    where = (band * C).repeat(lens)                     # (band, cell), flat
    where += cells
    seen: np.ndarray = np.zeros(bands * C, dtype=bool)
    seen[where] = True
    seen = seen.reshape(bands, C)
    local = seen.cumsum(axis=1)
    widths = local[:, -1].copy()
    width = int(widths.max())
    local -= 1                                           # each cell's place in its band
    cols = np.zeros((bands, width), dtype=np.int64)
    reached = np.flatnonzero(seen)                 # (flat: ~2x faster than a 2-d nonzero)
    b, c = _divmod(reached, C)
    cols.ravel()[b * width + local.ravel().take(reached)] = c
    return cols, widths, local.take(where)


def _dense(lens: np.ndarray, place: np.ndarray, p: np.ndarray, row: np.ndarray,
           size: int) -> np.ndarray:
    """Rows of entries (``lens[r]`` of row r: their places, p) summed into a dense array
    of ``size``, row r's entries from ``row[r]`` on (rows of one start summed)."""
    at = row.repeat(lens)
    at += place
    return np.bincount(at, p, minlength=size)


def _groups(na: list[int], nd: list[int]) -> list[tuple[int, int, int, int]]:
    """Consecutive bands (band b: ``na[b]`` attacker's and ``nd[b]`` defender's cells) in
    groups (b0, b1, a, d): bands b0..b1-1, padded to a x d, their widest. A band joins the
    group before it unless that pads the group's product by more than ``GROUP_COST``
    entries (what a group of its own costs)."""
    shapes = []
    b0, a, d = 0, na[0], nd[0]
    for b in range(1, len(na)):
        wa, wd = max(a, na[b]), max(d, nd[b])
        if (b + 1 - b0) * wa * wd - (b - b0) * a * d - na[b] * nd[b] > GROUP_COST:
            shapes.append((b0, b, a, d))
            b0, a, d = b, na[b], nd[b]
        else:
            a, d = wa, wd
    shapes.append((b0, len(na), a, d))
    return shapes


def _pairs(att, dfn, n: int, Cd: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Both sides' next cells in the general combat from ``n`` mid-round positions (``att``,
    ``dfn``: (k, cell, p) each, ordered by k), paired: (k, target position, p), every pair
    of an attacker's and a defender's next cell of position k, ordered by k."""
    ka, ca, pa = att
    kd, cd, pd = dfn
    per_d = np.bincount(kd, minlength=n)
    first_d = per_d.cumsum() - per_d
    times = per_d.take(ka)                              # each attacker entry, per defender's
    a = np.arange(len(ka)).repeat(times)
    within = np.arange(len(a)) - (times.cumsum() - times).repeat(times)
    d = first_d.take(ka.take(a)) + within
    return ka.take(a), ca.take(a) * Cd + cd.take(d), pa.take(a) * pd.take(d)


def _divmod(x: np.ndarray, d: int) -> tuple[np.ndarray, np.ndarray]:
    """``np.divmod(x, d)`` (one division and a multiply: ~2x faster)."""
    q = x // d
    return q, x - q * d


def _numbered(values: np.ndarray, below: int) -> tuple[np.ndarray, np.ndarray]:
    """``np.unique(values, return_inverse=True)`` for values in [0, below) (a table of
    ``below`` flags, not a sort: ~10x faster on a few thousand values)."""
    seen = np.zeros(below, dtype=bool)
    seen[values] = True
    number = seen.cumsum() - 1
    return np.flatnonzero(seen), number.take(values)


def _small(keys: np.ndarray) -> np.ndarray:
    """``keys`` (non-negative) as 16-bit integers when they fit: numpy's stable sort of them
    is a radix sort (15,000 keys: ~14x faster)."""
    return keys.astype(np.uint16) if int(keys.max(initial=0)) < 1 << 16 else keys


def _point(width: int) -> np.ndarray:
    out = np.zeros(width)
    out[0] = 1.0
    return out


def _one_hit(side: _Fleet, cat: str) -> np.ndarray:
    """Each of ``side``'s cells after one hit of ``cat``."""
    moves = side.moves[cat]
    return moves[:, 1] if moves.shape[1] > 1 else moves[:, 0]


def _moved_by(side: _Fleet, cat: str, cells: np.ndarray, hits: np.ndarray) -> np.ndarray:
    """Where ``hits[e]`` hits of ``cat`` move ``cells[e]`` (broadcast; flat: faster)."""
    moves = side.moves[cat]
    return moves.take(cells * moves.shape[1] + np.minimum(hits, moves.shape[1] - 1))


#: The positions a solve meets (its mass above ``prune_below`` at some round's start), at
#: most this many times the square root of the grid's positions: they lie in a band about
#: the battle's likely course (measured up to 53 on ~200 random fleets of every kind, with
#: the round-1 outcomes and the two below: 13-25 on the big fleets of the benchmarks).
MET_PER_ROOT = 100
#: The rounds a met position is pushed in, on average, at most (round by round, for the
#: curve, a position is met again while it has mass; its general combat is made once and
#: pushed each time).
PUSHES_PER_MET = 2
#: The mid-round positions fired per position met, at most (measured 0.6-1.9 on random
#: fleets of every kind and random 1942 fleets of 20-60 ships a side).
MID_PER_MET = 2
#: Memory per grid position (bytes): three grids of mass, their rows in the pools, the
#: order by level, stays, status, seen (measured ~100-130 bytes on 80 v 80 and 100 v 100
#: fleets, the pools included — with an order by rank too, ~10 bytes, since dropped —;
#: the 80 v 80 fleet 128, ~14 of them the rows of the general combat's keys,
#: ``_Run.att_made``); twice that with ``retreat_below`` (a first pass, the positions'
#: chances backwards).
BYTES_PER_POSITION = 160
#: Memory per pushed hit outcome kept (a pool entry: its column and probability).
BYTES_PER_OUTCOME = 16
#: A side's cells before the reachable ones are found: its box of (damage, losses per
#: kind, submerged) times its hit counts, what its moves are made in (the 80 v 80 fleet's
#: larger side: 1.8 M, 100 v 100: 4.4 M; since a cell's one-hit moves are found from each
#: kind's first unit left, with no box x units arrays, a 125 v 125 fleet's 10 M make both
#: sides' cells in ~0.13 s and ~120 MB at the peak: 0.34 s and 155 MB before).
MAX_BOX_ENTRIES = 8_000_000


def round_outcomes(battle: _Battle, at: int = 0) -> int:
    """The hit outcomes a position met pushes, at most, counted as the solve counts them,
    from position ``at``'s round (the fullest fleets fire the most dice): its submerging
    and surprise strike's mid-round positions (a start position's strike entries), and
    their general combat twice (made, then pushed): both sides' next cells — of all of
    them, or of ``MID_PER_MET`` as the one with the most, the fewer. (Mid-round positions
    are grid positions too, met from many start positions: the solve fires each once a
    round, not once per start position that reaches it; a strike of many outcomes from
    the start, counted in full, made the estimate of big fleets 30-200 times their count.)"""
    known = battle.outcomes_at.get(at)
    if known is not None:
        return known
    att, dfn = battle.att, battle.dfn
    i, j = (np.array([x]) for x in divmod(at, battle.Cd))
    if (att.subs[i] & ~dfn.dest[j]).any() or (~att.dest[i] & dfn.subs[j]).any():
        _, i, j, _ = battle.mid_round(i, j)       # (``strikes`` without the grid's arrays)
    low_luck = not battle.rules.dice.independent
    cells = _next_cells(att, dfn, i, j, low_luck) + _next_cells(dfn, att, j, i, low_luck)
    known = len(i) + 2 * min(int(cells.sum()), MID_PER_MET * int(cells.max()))
    battle.outcomes_at[at] = known
    return known


def _next_cells(side: _Fleet, enemy: _Fleet, mine: np.ndarray, theirs: np.ndarray,
                low_luck: bool = False) -> np.ndarray:
    """How many next cells ``_Volley.rows`` gives each of ``side``'s cells ``mine`` under
    the fire of ``theirs`` — the three categories' hits taken in turn, as a volley too big
    for its combined moves takes them (no volley is made: an estimate's); ``low_luck``:
    ``_LowLuckVolley.rows``."""
    n = len(mine)
    if low_luck:                                       # (``_low_luck_tables``)
        e, cells, _ = _low_luck_fire(side, enemy, mine, theirs)
        return np.bincount(np.unique(e * side.C + cells) // side.C, minlength=n)
    subs = np.where(enemy.subs.take(theirs) & side.dest.take(mine), theirs,
                    enemy.sub.none)
    e, cells, p = np.arange(n), mine, np.ones(n)
    e, cells, p = enemy.sub.expand(subs, side.moves[SUB], e, cells, p)
    e, cells, p = enemy.air_only.expand(theirs[e], side.moves[AIR_ONLY], e, cells, p)
    e, cells, p = enemy.any.expand(theirs[e], side.moves[ANY], e, cells, p)
    return np.bincount(np.unique(e * side.C + cells) // side.C, minlength=n)


def work_estimate(battle: _Battle, at: int = 0) -> float:
    """The hit outcomes a solve from position ``at`` pushes (``limits.MAX_SEA_GRID_WORK``),
    at most (checked on random fleets of every kind: ``test_the_estimate_bounds_the_count``):
    the positions it meets (``MET_PER_ROOT`` sqrt(positions), at most the grid's), each
    pushed ``PUSHES_PER_MET`` times, with the outcomes of a round from the start
    (``round_outcomes``: the fullest fleets fire the most dice; a position met later has
    fewer units, though one whose destroyers are lost may strike more: the margin); and at
    least 24 a position of the grid (its per-level and per-round passes over the grid).
    Small battles of weak units are fought for many rounds, their few positions met again
    and again: each of the curve's ``CURVE_ROUNDS`` rounds meets sqrt(positions) more (a
    round's positions: the band's width)."""
    positions = float(battle.Ca) * battle.Cd
    met = min(positions, MET_PER_ROOT * math.sqrt(positions))
    again = CURVE_ROUNDS * math.sqrt(positions)
    return max(24.0 * positions, (PUSHES_PER_MET * met + again) * round_outcomes(battle, at))


def memory_estimate(battle: _Battle, at: int = 0, passes: int = 1) -> float:
    """Bytes a solve from position ``at`` keeps at its peak: per position of the grid
    (``BYTES_PER_POSITION``, per pass), and the pools' entries: each met position's round
    made once (``work_estimate``'s met positions and round outcomes)."""
    positions = float(battle.Ca) * battle.Cd
    met = min(positions, MET_PER_ROOT * math.sqrt(positions))
    return (passes * BYTES_PER_POSITION * positions
            + BYTES_PER_OUTCOME * met * round_outcomes(battle, at))


def box_estimate(rules) -> float:
    """The entries of the largest of the two sides' boxes of cells times its hit counts
    (``MAX_BOX_ENTRIES``: the arrays a side's cells and moves are made in), before a cell
    is made."""
    return max(_box_size(rules.att, rules.submerge[0]), _box_size(rules.dfn, rules.submerge[1]))


def _box_size(side, submerge: bool) -> int:
    damage = sum(n for s, n in zip(side.slots, side.counts0) if s.undamaged_two_hit)
    sizes = [0, 0, 0]
    for s, n in zip(side.slots, side.counts0):
        if s.fights:
            sizes[_kind(s.unit)] += n
    subs = 2 if submerge and sizes[S] else 1
    cells = subs * (damage + (sizes[S] + 1) * (sizes[A] + 1) * (sizes[O] + 1))
    return cells * (sum(sizes) + 2 * damage + 1)


def check(rules, battle_of: Callable[[], "_Battle"], at_of: Callable[["_Battle"], int] = lambda b: 0,
          passes: int = 1) -> "_Battle":
    """Refuse at once (EngineError) a battle whose cells, work or memory are beyond the
    limits; else its ``_Battle`` (``battle_of()``, made once its boxes are known to fit)."""
    if box_estimate(rules) > MAX_BOX_ENTRIES:
        # a side's box alone is beyond what its cells are made in (~8 int64 arrays of it);
        # its grid would be far beyond the memory
        raise limits.memory_refusal(64 * box_estimate(rules), 64 * MAX_BOX_ENTRIES)
    battle = battle_of()
    # the grid alone first (its positions: exact), before a round's outcomes are made
    positions = float(battle.Ca) * battle.Cd
    limits.check_exact(passes * 24.0 * positions, limits.MAX_SEA_GRID_WORK, WORK_UNIT)
    limits.check_memory(passes * BYTES_PER_POSITION * positions)
    at = at_of(battle)
    limits.check_exact(passes * work_estimate(battle, at), limits.MAX_SEA_GRID_WORK, WORK_UNIT)
    limits.check_memory(memory_estimate(battle, at, passes))
    return battle


def solve(rules, *, max_rounds: int = 0, prune_below: float = DEFAULT_PRUNE,
          curve: bool = True, cancel: Callable[[], bool] | None = None, start: Any = None,
          mid_round: bool = False, withdraws: Callable[[Any], bool] | None = None,
          below: float = 0.0) -> BattleOutcome:
    """Exact outcome of ``rules`` (``applicable``) from its initial state; refused at once
    (EngineError) when its estimates are beyond ``limits.MAX_SEA_GRID_WORK`` or
    ``limits.MAX_EXACT_BYTES`` (``check``), and stopped at the work limit should the
    estimate have been low (the outcomes pushed are counted).

    From another position the battle reaches (the table): ``start``, at its round's start,
    or, ``mid_round``, after its submerging and surprise strike (before the general combat;
    that round counts as fought). KeyError when ``start`` is not one of the battle's
    positions.

    ``withdraws(state)``: a retreat rule that looks at the attacker's units only ("withdraw
    with N units or fewer"), asked before every round (round 1 included; not after the last
    of ``max_rounds``): the positions where it holds are ``retreated``, as the generic
    solver's ``retreat`` leaves them. ``below`` > 0 (to the end from the initial state only):
    the attacker also withdraws where its chance to win by fighting on, under these rules,
    is below it — a first pass meets the positions (and makes their rounds), ``fight_on``
    values them backwards, the second pass withdraws from those below."""
    state = rules.initial_state() if start is None else start
    if rules.verdict(state) is not None:        # a side with no units: no round is fought
        return over_at_the_start(state, "decided")
    if withdraws is not None and withdraws(state):
        return over_at_the_start(state)
    battle = check(rules, lambda: _Battle(rules),
                   lambda b: 0 if start is None else b.position(start),
                   passes=2 if below > 0.0 else 1)
    at = 0 if start is None else battle.position(start)
    leaves = None
    if withdraws is not None:
        d0 = battle.dfn.comps[0]
        few = np.array([bool(withdraws((comp, d0, False))) for comp in battle.att.comps])
        leaves = few.repeat(battle.Cd)
    first = None
    if below > 0.0:
        if start is not None or max_rounds > 0:
            raise ValueError("retreat_below on the sea grid is solved to the end only")
        first = _Run(battle, BattleOutcome(), prune_below, cancel)
        with one_blas_thread():
            first.to_the_end()                          # meets the positions, makes rows
        on, at_start = first.fight_on(leaves, below)
        leaves = (on < below) if leaves is None else leaves | (on < below)
        if first.started and at_start < below:          # below at the start: no round
            return over_at_the_start(state)

    whole = (_Whole.of(battle) if first is None and not mid_round
             and battle.Ca * battle.Cd <= SMALL_GRID else None)

    def run(out: BattleOutcome) -> _Run:
        if whole is not None:
            return _WholeRun(battle, whole, out, prune_below, cancel,
                             (at, state, mid_round), leaves)
        made = _Run(battle, out, prune_below, cancel, (at, state, mid_round), leaves)
        if first is not None:
            made.share_rows(first)
        return made

    return push_rows(run, max_rounds,
                     curve or (ROUNDS_WITHOUT_CURVE and whole is None and first is None))


#: Without the curve a grid on the two pushes (``_Run``) still goes round by round, the
#: curve drawn besides: its sweep costs a round's array operations a level, and its levels
#: are many more than its rounds (random 1942 fleets of 2,000-250,000 positions: the sweep
#: took 1.1-3.6x the rounds' time, 29 v 29 50 against 26 ms; now the same). The whole
#: rounds' sweep (``_WholeRun``: small grids) is the faster of its two (0.4-1.0x); a
#: "below X" retreat's first pass sweeps (it meets the positions the second values).
ROUNDS_WITHOUT_CURVE = True
#: A round of at most this many positions (a battle's last rounds: few positions met again
#: and again for the curve) is pushed on their whole rounds (``_Run._whole_round``) ...
WHOLE_ROUND_BELOW = 256
#: ... while the whole rounds made are at most this many entries in all (~0.8 MB at most,
#: beside the estimates' memory; the 20 v 20 fleet makes ~1,500).
MAX_WHOLE_MADE = 50_000
#: A round (or a level) whose pushes reached fewer positions than a grid's / this reads
#: those (``_Reached``), not the whole grid: a big grid's last rounds push a handful of
#: positions (the 80 v 80 fleet's 2.6 million: ~3 ms a round of whole-grid passes for 3-20
#: positions, ~120 ms for the levels of its last 3). Below it, sorting the positions
#: reached costs less than the grid's pass (measured: even at ~1/200 of the grid, ~100 ns
#: a position reached against ~1 ns a position of the grid).
SPARSE_PUSH = 200
#: A push of fewer outcomes than a grid's positions / this adds them in place one by one
#: (``np.add.at``: numpy 1.25's fast path, ~1.7-1.9 ns an outcome), not summed in an array
#: the grid's length first (``np.bincount``: ~1.6 ns an outcome and ~0.6 ns a position
#: warm, more with page faults for a fresh array: the 80 v 80 fleet's 20 MB). (It was 4,
#: for an add.at of ~12 ns an outcome: a solve's first in a process, the 49 v 49, 56 v 56
#: and 80 v 80 fleets ~5-15 % faster in place, median of 8 interleaved.)
ADD_AT = 0.5


class _Reached:
    """The positions of a grid (start or mid-round, flat) that pushes reached since it was
    last read, while they are few (``SPARSE_PUSH``); past that, or noted ``many``, the read
    sweeps the whole grid. Either way a read gives every position with mass, ascending."""

    def __init__(self, size: int):
        self.size = size
        self.parts: list[np.ndarray] = []
        self.count = 0
        self.many = False

    def push(self, into: np.ndarray, target: np.ndarray, mass: np.ndarray) -> None:
        """Add ``mass`` at positions ``target`` of ``into`` (the grid, flat), noted. Fewer
        than its positions / ``ADD_AT``: added one by one in place (a sum the length of a
        big grid costs a pass over it, and a fresh array of its size), else summed first."""
        if len(target) * ADD_AT < len(into):
            np.add.at(into, target, mass)
        else:
            into += np.bincount(target, mass, minlength=len(into))
        self.note(target)

    def note(self, at: np.ndarray) -> None:
        """Positions ``at`` were given mass."""
        if self.many:
            return
        self.count += len(at)
        if self.count * SPARSE_PUSH < self.size:
            self.parts.append(at)
        else:
            self.many, self.parts = True, []

    def read(self, mass: np.ndarray) -> np.ndarray:
        """The positions with mass in ``mass`` (the grid), ascending; the notes start again."""
        if self.many:
            flat = np.flatnonzero(mass != 0.0)
        elif self.parts:
            flat = np.unique(np.concatenate(self.parts))
            flat = flat[mass.take(flat) != 0.0]
        else:
            flat = np.zeros(0, dtype=np.int64)
        self.clear()
        return flat

    def clear(self) -> None:
        """Start the notes again (the grid read otherwise)."""
        self.parts, self.count, self.many = [], 0, False


class _Run(RowRun):
    """Pushes the battle's mass into one ``BattleOutcome`` (decided states summed).

    Two grids of positions: ``grid``, the mass at a round's start (as the round before left
    it: a side left with transports alone is folded in when it is read), and ``mid``, the
    mass after submerging and the surprise strike. A round is two pushes: ``_strike`` (start
    to mid) and ``_fire`` (mid to start, the general combat), so the general combat is
    pushed once per mid-round position whatever the positions its mass came from. A
    position's strikes and general combat are made once (``_strikes``, ``_general``) and
    kept in pools (``strike_row`` / ``att_row`` and ``dfn_row``: a grid position's row
    there, 0 before: the pools' row none); a side's next cells once per key (its cell and
    the joint table it is under, ``_Volley.key``: ``att_made``, ``dfn_made``), positions of
    one key sharing the row."""

    def __init__(self, battle: _Battle, out: BattleOutcome, prune_below: float, cancel,
                 start: tuple[int, Any, bool] = (0, None, False),
                 leaves: np.ndarray | None = None):
        super().__init__(cancel, (battle.Ca * battle.Cd,))
        self.battle, self.out, self.prune_below = battle, out, prune_below
        #: (position, state, mid_round): where round 1 starts (``solve``'s ``start``)
        self.start = start
        #: per position: the attacker withdraws from it before a round (``withdraws``)
        self.leaves = leaves
        #: Where asked (``track``): per position, the mass that came to it from elsewhere at
        #: a round's start (withdrawn, a stalemate, or by the levels: its visits' own), and
        #: its rounds' mass round by round (its visits: what came times 1 / (1 - stay)) —
        #: ``reached`` (a retreat policy's words)
        self.arrived: np.ndarray | None = None
        self.visited: np.ndarray | None = None
        self.ends = np.zeros(battle.Ca * battle.Cd)       # decided mass, recorded at the end
        self.settled = 0.0              # decided and stalemate mass recorded (round by round)
        self.mid_pruned = 0.0           # pruned at mid-round positions (``_prune_mid``)
        self.work = 0                   # hit outcomes pushed (``limits.MAX_SEA_GRID_WORK``)
        self.grid = np.zeros((battle.Ca, battle.Cd))
        self.mid = np.zeros((battle.Ca, battle.Cd))
        # the positions the pushes reach in each (a big grid's last rounds read those alone)
        self.to_grid = _Reached(battle.Ca * battle.Cd)
        self.to_mid = _Reached(battle.Ca * battle.Cd)
        # each position's round, made once (``_Pool``; row 0: not yet): its strikes (mid-round
        # positions; the value: P(its round leaves it where it is)); its general combat
        # (each side's next cells; the value: P of all its outcomes kept), a side's row made
        # once per key (``_Volley.key``: ``att_made``, ``dfn_made``, made with the volleys)
        self.strike_row = np.zeros(battle.Ca * battle.Cd, dtype=np.int32)
        self.att_row = np.zeros(battle.Ca * battle.Cd, dtype=np.int32)
        self.dfn_row = np.zeros(battle.Ca * battle.Cd, dtype=np.int32)
        self.att_made: np.ndarray | None = None
        self.dfn_made: np.ndarray | None = None
        self.strike_rows = _Pool()
        self.att_rows, self.dfn_rows = _Pool(np.int32), _Pool(np.int32)     # (cells)
        # the whole rounds of the few positions a battle's last rounds meet (``_whole_round``;
        # the value: the part of a position's mass its round's cut tails lose)
        self.whole_row = np.zeros(battle.Ca * battle.Cd, dtype=np.int32)
        self.whole_rows = _Pool()

    def share_rows(self, other: "_Run") -> None:
        """Use ``other``'s rows (the same battle's): each position's round made once."""
        self.strike_row, self.att_row, self.dfn_row = (other.strike_row, other.att_row,
                                                       other.dfn_row)
        self.att_made, self.dfn_made = other.att_made, other.dfn_made
        self.strike_rows, self.att_rows, self.dfn_rows = (other.strike_rows, other.att_rows,
                                                          other.dfn_rows)
        self.whole_row, self.whole_rows = other.whole_row, other.whole_rows

    def track(self) -> None:
        """Record where the battle goes (``reached``)."""
        n = self.battle.Ca * self.battle.Cd
        self.arrived, self.visited = np.zeros(n), np.zeros(n)

    def reached(self) -> np.ndarray:
        """Per position (``track``ed): P(the battle comes to it at a round's start) after
        round 1 (the generic ``reach_probability``'s, round 1's start apart): what came from
        elsewhere, the rounds' mass times P(a round leaves it)."""
        assert self.arrived is not None and self.visited is not None
        stay = np.zeros(len(self.visited))
        met = np.flatnonzero(self.visited)
        stay[met] = self.strike_rows.value[self.strike_row[met]]
        return self.arrived + self.visited * (1.0 - stay)

    def fight_on(self, leaves: np.ndarray | None, below: float) -> tuple[np.ndarray, float]:
        """Per position, the attacker's chance to win by fighting the next round from it and
        following the rule after it — withdrawing where that chance is below ``below``, and
        at ``leaves`` —: the generic ``position_values`` on the positions this run met
        (``valued``: a won end worth 1, everything else 0). And the chance of fighting round
        1 from the start."""
        battle = self.battle
        won = np.outer(~battle.att.wiped, battle.dfn.wiped).ravel().astype(float)

        def decide(starts: np.ndarray, chance: np.ndarray) -> np.ndarray:
            withdraw = chance < below
            if leaves is not None:
                withdraw |= leaves[starts]
            return np.where(withdraw, 0.0, chance)

        on, _, first = self.valued(won, decide)
        return on, first

    def valued(self, terminal: np.ndarray, decide: Callable[[np.ndarray, np.ndarray], np.ndarray]
               ) -> tuple[np.ndarray, np.ndarray, float]:
        """The positions this run met (their rows made: ``to_the_end``) valued backwards
        level by level, as the generic ``position_values.values_to_end`` values them (a
        round moves a position to higher levels or leaves it where it is; that self-loop
        removed, as the generic solver removes it): (on, value, first) — per position, the
        worth of fighting the next round from it (a stalemate: its ``terminal`` worth), its
        worth (``decide(starts, on)`` at the round starts met, e.g. withdrawing where that
        is worth more; ``terminal`` at the ends and at the positions never met, as the
        generic solver reads a pruned one; a fold: where it folds to), and the worth of
        fighting round 1 from the start (its own state, no self-loop: every position its
        round reaches at the value it has there; 0.0 when it fought none)."""
        battle = self.battle
        att, dfn, Cd = battle.att, battle.dfn, battle.Cd
        value = terminal.astype(float)                  # ends final; the others valued below
        status = battle.status
        folds = np.flatnonzero(status == 2)
        fold_to = folds
        if len(folds):
            ti, tj = battle.end_of_round(*np.divmod(folds, Cd))
            fold_to = ti * Cd + tj
            value[folds] = terminal[fold_to]
        on = np.zeros(len(value))
        mid_rest = np.zeros(len(value))                 # general combat, its self-loop out
        mid_home = np.zeros(len(value))                 # ... and P(it leaves it as it is)
        mid_value = np.zeros(len(value))
        met_start = (self.strike_row != 0) & (status == 0)
        # every mid-round position a start met reaches, its general combat made (the run
        # pruned the light ones, but a round from a start is all of its outcomes: the
        # generic solver's round reaches every position after it)
        _, mids, _ = self.strike_rows.get(self.strike_row[np.flatnonzero(self.strike_row)])
        unmade = np.unique(mids[self.att_row.take(mids) == 0])
        for lo in range(0, len(unmade), 65536):
            self._general(unmade[lo:lo + 65536])
        met_mid = self.att_row != 0
        levels = np.add.outer(att.rank, dfn.rank).ravel()
        order = np.argsort(_small(levels), kind="stable")
        bounds = np.searchsorted(levels[order], np.arange(int(levels.max()) + 2))
        going_on = battle.submerge_at_end and len(folds)
        if going_on:
            # Revised's submerging: a fold's value is where it goes on from (a higher
            # level: valued before it)
            by = np.argsort(levels.take(folds), kind="stable")
            folds, fold_to = folds.take(by), fold_to.take(by)
            fold_bounds = np.searchsorted(levels.take(folds),
                                          np.arange(int(levels.max()) + 2))
        for level in range(len(bounds) - 2, -1, -1):
            self._poll()
            if going_on:
                lo, hi = fold_bounds[level], fold_bounds[level + 1]
                value[folds[lo:hi]] = value.take(fold_to[lo:hi])
            at = order[bounds[level]:bounds[level + 1]]
            mids = at[met_mid[at]]
            if len(mids):
                k, target, p = self._general_pairs(mids)
                home = target == mids[k]
                mid_rest[mids] = np.bincount(k[~home], p[~home] * value[target[~home]],
                                             minlength=len(mids))
                mid_home[mids] = np.bincount(k[home], p[home], minlength=len(mids))
            starts = at[met_start[at]]
            if len(starts):
                rows = self.strike_row[starts]
                b, target, strike = self.strike_rows.get(rows)
                stay = self.strike_rows.value[rows]
                home = target == starts[b]
                ahead = np.bincount(b[~home], strike[~home] * mid_value[target[~home]],
                                    minlength=len(starts))
                stays_home = np.bincount(b[home], strike[home], minlength=len(starts))
                with np.errstate(divide="ignore", invalid="ignore"):    # stalemates: below
                    worth = (ahead + stays_home * mid_rest[starts]) / (1.0 - stay)
                stale = stay >= STALEMATE
                worth[stale] = terminal[starts[stale]]
                on[starts] = worth
                value[starts] = decide(starts, worth)
            if len(mids):
                mid_value[mids] = mid_rest[mids] + mid_home[mids] * value[mids]
        first = self.strike_row[self.start[0]]
        if first == 0:
            return on, value, 0.0
        _, target, strike = self.strike_rows.get(np.array([first]))
        return on, value, float((strike * mid_value[target]).sum())

    def _general_pairs(self, mids: np.ndarray):
        """The general combat's joint outcomes from mid-round positions ``mids`` (their rows
        made): (k: which of ``mids``, target position, p), every pair of the attacker's and
        the defender's next cells."""
        return _pairs(self.att_rows.get(self.att_row[mids]),
                      self.dfn_rows.get(self.dfn_row[mids]), len(mids), self.battle.Cd)

    def _count(self, outcomes: int) -> None:
        """Count the outcomes pushed; stop where the estimate would have refused."""
        self.work += outcomes
        if self.work > limits.MAX_SEA_GRID_WORK:
            raise limits.exact_refusal(self.work, limits.MAX_SEA_GRID_WORK, WORK_UNIT)

    def _record(self, bucket: dict, flat: np.ndarray, m: np.ndarray) -> None:
        self.settled += float(m.sum())
        self._add(bucket, flat, m)

    def _add(self, bucket: dict, flat: np.ndarray, m: np.ndarray) -> None:
        """Mass ``m`` at positions ``flat`` into ``bucket``, by state."""
        i, j = np.divmod(flat, self.battle.Cd)
        for a, d, p in zip(i.tolist(), j.tolist(), m.tolist()):
            key = self.battle.state(a, d)
            bucket[key] = bucket.get(key, 0.0) + p

    def _end(self, flat: np.ndarray, m: np.ndarray, unique: bool = True) -> None:
        """Decided mass ``m`` at positions ``flat``, summed in ``ends`` (recorded once at the
        end, ``_record_ends``: a battle decides at the same positions round after round)."""
        self.settled += float(m.sum())
        if unique:
            self.ends[flat] += m
        else:
            np.add.at(self.ends, flat, m)

    def _record_ends(self) -> None:
        """Record the decided mass ``_end`` summed (once)."""
        flat = np.flatnonzero(self.ends != 0.0)
        self._add(self.out.decided, flat, self.ends[flat])
        self.ends[flat] = 0.0

    def _prune(self, m: float) -> None:
        self.out.pruned += m

    def _prune_mid(self, m: float) -> None:
        """Mass ``m`` of mid-round positions lighter than ``prune_below`` pruned (``_fire_all``,
        ``_level``: not fired). The generic solver has no mid-round states (its round is one
        transition from a round's start), so it never meets them; pruning them is the same
        rule as at a round's start — a position's mass below the threshold is dropped and
        reported, the mass conserved, each state's figures changed by less than what is
        pruned — on the other half of this solver's round: the 29 v 29 fleet's pruned mass
        1.2e-13 -> 1.7e-13, its states' figures within 1e-15 of before, ~5 % less time (the
        positions' general combat neither made nor pushed; the 80 v 80 fleet's ~15 %, 2 of
        its 13,153 positions no longer met). The whole rounds (``_Whole``,
        ``_whole_round``) keep no mid-round mass: they prune a little less
        (``mid_pruned``: what these were)."""
        self.mid_pruned += m
        self.out.pruned += m

    # -- the two halves of a round ----------------------------------------------------------
    def _strike(self, entries, visits: np.ndarray) -> None:
        """Push ``visits`` (per start position) to the mid-round grid."""
        b, target, s, _ = entries
        self._count(len(b))
        pushed = visits[b] * s
        self.to_mid.push(self.mid.ravel(), target, pushed)
        lost = visits - np.bincount(b, pushed, minlength=len(visits))
        self._prune(float(lost[lost > 1e-15 * visits].sum()))

    def _strikes(self, flat: np.ndarray):
        """``_Battle.strikes`` of positions ``flat``, each made once (``strike_rows``)."""
        new = flat[self.strike_row[flat] == 0]
        if len(new):
            b, target, s, stay = self.battle.strikes(new)
            order = np.argsort(b, kind="stable")
            self.strike_row[new] = self.strike_rows.add(len(new), b[order], target[order],
                                                        s[order], stay)
        rows = self.strike_row[flat]
        b, target, s = self.strike_rows.get(rows)
        return b, target, s, self.strike_rows.value[rows]

    def _fire(self, flat: np.ndarray, mass: np.ndarray) -> None:
        """Push ``mass`` at mid-round positions ``flat`` through the general combat into the
        start grid: in bands of ``BAND`` positions (the cells a band reaches are fewer than
        the grid's), ``PA^T diag(mass) PD`` over each band's cells, a chunk's bands in
        batched products, a group of consecutive bands each (of like widths: less padding;
        ``_groups``; each group's rows dense in a block of their own); each position's rows
        made once (``_general``). A band's positions of one attacker's row (a key: the
        attacker's cell, the defender's joint table) share it in the product: the row once,
        unweighted, against the sum of their weighted defender's rows — the products' inner
        size the band's attacker's rows, not its positions (in bands of 64, the 49 v 49
        fleet's ~41 of their 64, the 56 v 56 fleet's ~20: their products ~10 % and ~50 %
        faster, the rows gathered and densified ~10 % and ~20 % fewer entries; the rows
        dense by groups, ~40 % and ~55 % fewer entries than padded to a chunk's widest:
        ~6 % and ~13 % fewer instructions a solve, random 27-29 ship fleets' ~6-12 %, the
        20 v 20 fleet's ~2 %, the smallest's, ~8 ms, ~1 % more — the keys' sort and the
        groups' layout, ~20 array operations a chunk). The positions come in
        the grid's order (ascending, as the grids are read: by the attacker's cell, then the
        defender's), not sorted: a band's positions then share one or a few attacker cells,
        whose rows reach the same cells, where sorted by rank (the attacker's, then the
        defender's) they were of many — the products of the 56 v 56 and a 29 v 29 fleet
        5.3 M and 5.4 M entries a solve -> 3.2 M and 3.2 M, of the 49 v 49 and the 80 v 80
        4.3 M and 3.3 M -> 4.0 M and 3.1 M (the 20 v 20 fleet 0.24 M -> 0.25 M); and no sort
        (the 80 v 80 fleet's order of its 2.6 M positions by rank took ~27 ms)."""
        battle = self.battle
        per = BAND * max(1, _CHUNK // (BAND * max(1, battle.Ca + battle.Cd)))
        new = flat[self.att_row[flat] == 0]
        for lo in range(0, len(new), per):
            self._general(new[lo:lo + per])
        grid = self.grid.ravel()
        shift = BAND.bit_length() - 1            # (a power of two: a shift, ~4x a division)
        for lo in range(0, len(flat), per):
            w, at = mass[lo:lo + per], flat[lo:lo + per]
            rows_a, rows_d = self.att_row.take(at), self.dfn_row.take(at)
            n = len(at)
            bands = -(-n // BAND)
            band = np.arange(n) >> shift
            # a band's positions of one attacker's row (its key: the attacker's cell and the
            # defender's joint table) share it: PA^T diag(w) PD summed per row, the
            # attacker's row once (unweighted) against the sum of their weighted defender's
            # rows (a band's positions share one or a few attacker cells: the 49 v 49
            # fleet's bands of 64 have ~41 different attacker's rows, the 56 v 56 fleet's
            # ~20)
            R = self.att_rows.rows
            kinds, group = np.unique(band * R + rows_a, return_inverse=True)
            group = group.ravel()
            g_band, g_row = _divmod(kinds, R)
            per_band = np.bincount(g_band, minlength=bands)
            g_slot = np.arange(len(kinds)) - (per_band.cumsum() - per_band).take(g_band)
            la, ca, pa = self.att_rows.runs(g_row)
            ld, cd, pd = self.dfn_rows.runs(rows_d)
            self._count(int(la.take(group).sum()) + len(cd))
            pd *= w.repeat(ld)
            cols_a, na, place_a = _banded(la, ca, g_band, battle.Ca, bands)
            cols_d, nd, place_d = _banded(ld, cd, band, battle.Cd, bands)
            # in groups of bands (each padded to its own widest band and most rows;
            # neighbours in the grid, so mostly of like widths), each group's rows dense
            # in a block of its own: a band's rows PA (k x a) and PD (k x d), one after
            # another
            shapes = _groups(na.tolist(), nd.tolist())
            b0, b1, a, d = np.array(shapes, dtype=np.int64).T
            most = np.maximum.reduceat(per_band, b0)        # (each group's most rows)
            nb = b1 - b0
            sizes = np.stack([nb * most * a, nb * most * d, nb * a * d])
            ends = sizes.cumsum(axis=1)
            # per band: where its rows start in each side's blocks, and their widths
            g = np.arange(len(shapes)).repeat(nb)
            within = np.arange(bands) - b0.take(g)
            n_a, n_d = a.take(g), d.take(g)
            start_a = (ends[0] - sizes[0]).take(g) + within * most.take(g) * n_a
            start_d = (ends[1] - sizes[1]).take(g) + within * most.take(g) * n_d
            wa = _dense(la, place_a, pa, start_a.take(g_band) + g_slot * n_a.take(g_band),
                        int(ends[0, -1]))
            wd = _dense(ld, place_d, pd,
                        start_d.take(band) + g_slot.take(group) * n_d.take(band),
                        int(ends[1, -1]))
            # each group's products and their targets written in place, one after another
            size = int(ends[2, -1])
            products, targets = np.empty(size), np.empty(size, dtype=np.int64)
            cols_a *= battle.Cd
            for (b0, b1, a, d), k, (sa, sd, sp), (ea, ed, ep) in zip(
                    shapes, most.tolist(), (ends - sizes).T.tolist(), ends.T.tolist()):
                np.matmul(wa[sa:ea].reshape(b1 - b0, k, a).transpose(0, 2, 1),
                          wd[sd:ed].reshape(b1 - b0, k, d),
                          out=products[sp:ep].reshape(b1 - b0, a, d))
                np.add(cols_a[b0:b1, :a, None], cols_d[b0:b1, None, :d],
                       out=targets[sp:ep].reshape(b1 - b0, a, d))
            self.to_grid.push(grid, targets, products)
            kept = self.att_rows.value.take(rows_a) * self.dfn_rows.value.take(rows_d)
            lost = w * (1.0 - kept)
            self._prune(float(lost[lost > 1e-15 * w].sum()))

    def _general(self, flat: np.ndarray) -> None:
        """Both sides' next cells in the general combat from mid-round positions ``flat``
        (``_Volley.rows``), kept in ``att_rows`` and ``dfn_rows`` (a row's value: P of all
        its outcomes kept, 1 less its cut tails): a side's row made once per key
        (``_Volley.key``), the first time a position of the key is met."""
        battle = self.battle
        i, j = _divmod(flat, battle.Cd)
        if self.att_made is None:
            self.att_made = np.zeros(battle.Ca * battle.on_att.tables, dtype=np.int32)
            self.dfn_made = np.zeros(battle.Cd * battle.on_dfn.tables, dtype=np.int32)
        assert self.dfn_made is not None
        for volley, mine, theirs, made, pool, row in (
                (battle.on_att, i, j, self.att_made, self.att_rows, self.att_row),
                (battle.on_dfn, j, i, self.dfn_made, self.dfn_rows, self.dfn_row)):
            key = volley.key(mine, theirs)
            rows = made.take(key)
            new = np.flatnonzero(rows == 0)
            if len(new):
                # one position of each new key (the last one of it: made[key] keeps it,
                # marked below 0 until its row is made)
                keys = key.take(new)
                made[keys] = -1 - new
                first = new[made.take(keys) == -1 - new]
                lens, cells, p, kept = volley.runs(mine.take(first), theirs.take(first))
                self._count(len(cells))
                made[key.take(first)] = pool.add_runs(len(first), lens, cells, p, kept)
                rows = made.take(key)
            row[flat] = rows

    def _settle(self, flat: np.ndarray, withdraw: bool = True, now: bool = True
                ) -> np.ndarray:
        """Take the decided, withdrawn (``leaves``, when ``withdraw``) and too light
        positions among ``flat`` (grid indices with mass, at a round's start) out of the
        grid (recorded, pruned); return the others. The round's end comes first
        (``_Battle.end_of_round``): a side left with transports alone loses them (the
        battle is then decided); Revised's submarines submerge, the battle then decided or
        going on from where they have — those positions settled with the rest and among the
        ones returned (``now``: round by round), or left in the grid for their level, noted
        (a level's: theirs is higher, its rank counting the submerging)."""
        battle = self.battle
        grid = self.grid.ravel()
        status = battle.status_at(flat)
        if status.any():
            fold = flat[status == 2]
            going_on = None
            if len(fold):
                i, j = np.divmod(fold, battle.Cd)
                ti, tj = battle.end_of_round(i, j)
                to, m = ti * battle.Cd + tj, grid[fold]
                grid[fold] = 0.0
                if battle.submerge_at_end:
                    on = battle.status_at(to) != 1
                    if on.any():
                        going_on = to[on]
                        np.add.at(grid, going_on, m[on])
                        to, m = to[~on], m[~on]
                self._end(to, m, unique=False)
            decided = flat[status == 1]
            self._end(decided, grid[decided])
            grid[decided] = 0.0
            flat = flat[status == 0]
            if going_on is not None:
                if now:
                    flat = np.union1d(flat, going_on)
                else:
                    self.to_grid.note(going_on)
        if withdraw and self.leaves is not None:
            leaving = self.leaves.take(flat)
            gone = flat[leaving]
            if len(gone):
                if self.arrived is not None:
                    self.arrived[gone] += grid[gone]
                self._record(self.out.retreated, gone, grid[gone])
                grid[gone] = 0.0
                flat = flat[~leaving]
        m = grid[flat]
        light = m < self.prune_below
        if light.any():
            self._prune(float(m[light].sum()))
            grid[flat[light]] = 0.0
            flat = flat[~light]
        return flat

    def _first_round(self) -> bool:
        """Round 1's strike from the start (the initial state: its own state, every outcome
        of its round moves away from it, as from ``LaterRules``' first-round state; a
        position at a round's start: its mass goes where its strike takes it, a self-loop
        included), or, mid-round, its mass put where the general combat takes it from.
        False when the battle is over before it starts."""
        battle = self.battle
        at, state, mid_round = self.start
        i, j = divmod(at, battle.Cd)
        if battle.att.wiped[i] or battle.dfn.wiped[j]:
            self.settled = 1.0
            self.out.decided[battle.rules.initial_state() if state is None else state] = 1.0
            return False
        if mid_round:
            self.started = 1
            self.out.expected_rounds += 1.0
            self.mid.ravel()[at] = 1.0
            self.to_mid.note(np.array([at], dtype=np.int64))
            return True
        entries = self._strikes(np.array([at], dtype=np.int64))
        if state is not None and entries[3][0] >= STALEMATE:    # nothing can happen here
            self.settled = 1.0
            self.out.stalemates[state] = 1.0
            return False
        self.started = 1
        self.out.expected_rounds += 1.0
        self._strike(entries, np.ones(1))
        return True

    # -- to the end -------------------------------------------------------------------------
    def to_the_end(self) -> None:
        """Level by level (attacker rank + defender rank). A level's start and mid-round
        masses from the levels below are final once those are pushed; a position's
        incoming mass is its start mass plus its mid-round mass times P(the general combat
        leaves it there); it leaves as its visits, mass / (1 - stay)."""
        if self._first_round():
            self._levels()
        self._record_ends()

    def _levels(self) -> None:
        """``to_the_end`` from the start grid as it is (round 1's mid-round mass pushed, or
        the positions alive at a round's start: ``rounds`` hands them over). While the
        positions reached are few (``_Reached``: a big grid's last positions after the
        rounds) the levels are those of the positions reached, else every level is swept."""
        battle = self.battle
        grid, mid = self.grid.ravel(), self.mid.ravel()
        # from the lowest level with mass (none comes below it) until no mass is left
        pending = self._reached_both()
        level = -1
        while pending is not None and len(pending):
            lv = battle.level(pending)
            level = int(lv.min())
            here = pending[lv == level]
            self._level(here[(grid.take(here) != 0.0) | (mid.take(here) != 0.0)])
            more = self._reached_both()
            if more is not None:
                more = more[battle.level(more) > level]
            pending = None if more is None else np.union1d(pending[lv != level], more)
        if pending is not None:
            return
        levels, order, bounds = battle.by_level
        if level < 0:
            live = np.flatnonzero((grid != 0.0) | (mid != 0.0))
            first = int(levels.take(live).min()) if len(live) else len(bounds) - 1
        else:
            first = level + 1
        for level in range(first, len(bounds) - 1):
            at = order[bounds[level]:bounds[level + 1]]
            here = at[(grid.take(at) != 0.0) | (mid.take(at) != 0.0)]
            if not len(here):
                continue
            self._level(here)
            if not (grid.any() or mid.any()):
                break

    def _reached_both(self) -> np.ndarray | None:
        """The positions with mass at a round's start or mid-round (``_Reached``), or None
        when the pushes reached too many to list (both then start again)."""
        if self.to_grid.many or self.to_mid.many:
            self.to_grid.clear()
            self.to_mid.clear()
            return None
        return np.union1d(self.to_grid.read(self.grid.ravel()),
                          self.to_mid.read(self.mid.ravel()))

    def _level(self, here: np.ndarray) -> None:
        """One level's positions ``here`` (with start or mid-round mass), pushed on."""
        if not len(here):
            return
        battle = self.battle
        grid, mid = self.grid.ravel(), self.mid.ravel()
        self._poll()
        m = mid.take(here)
        light = here[(m < self.prune_below) & (m != 0.0)]
        if len(light):                  # (``_prune_mid``: before its self-loop is counted)
            self._prune_mid(float(mid[light].sum()))
            mid[light] = 0.0
        grid[here] += mid[here] * battle.stays(here)
        flat = self._settle(here[grid[here] != 0.0], now=False)
        if len(flat):
            m = grid[flat].copy()
            entries = self._strikes(flat)
            stay = entries[3]
            stale = stay >= STALEMATE
            self._record(self.out.stalemates, flat[stale], m[stale])
            visits = np.where(stale, 0.0, m) / np.where(stale, 1.0, 1.0 - stay)
            self.seen[flat] = True
            if self.arrived is not None:
                self.arrived[flat] += m
            self.out.expected_rounds += float(visits.sum())
            # a few positions and no mid-round mass here: their whole rounds (the
            # levels after the rounds: a handful of positions; what comes back here is
            # counted in the visits, as below)
            if len(flat) > WHOLE_ROUND_BELOW or mid.take(here).any() \
                    or not self._whole_round(flat, visits, entries):
                self._strike(entries, visits)
        fire = here[mid[here] != 0.0]
        if len(fire):
            self._fire(fire, mid[fire].copy())
        grid[here] = 0.0                # what came back is counted in the visits
        mid[here] = 0.0

    # -- round by round ---------------------------------------------------------------------
    def rounds(self, max_rounds: int, finish: bool = False) -> None:
        """Up to ``max_rounds`` rounds, P(decided within N rounds) for each N into the
        outcome. What is still on after the last round is ``undecided`` or, ``finish``,
        pushed to the end level by level (``_levels``; the curve then cut as drawn) — and
        then as soon as the curve is drawn (all but ``CURVE_DONE`` decided): in long battles
        of weak units the rounds left would cost more than the levels."""
        curve: list[float] = []
        if self._first_round():
            self._fire_all()
        while len(curve) < max_rounds:
            self._poll()
            grid = self.grid.ravel()
            # no withdrawal after the last round: what is still on then is ``undecided``
            flat = self._settle(self.to_grid.read(grid),
                                withdraw=finish or len(curve) + 1 < max_rounds)
            m = grid[flat].copy()
            grid[flat] = 0.0                    # (``_settle`` took the rest out)
            entries = self._strikes(flat)
            stale = entries[3] >= STALEMATE
            self._record(self.out.stalemates, flat[stale], m[stale])
            self.seen[flat] = True
            if self.arrived is not None and self.visited is not None:
                self.arrived[flat[stale]] += m[stale]
                self.visited[flat[~stale]] += m[~stale]
            live = np.where(stale, 0.0, m)
            live_mass = float(live.sum())
            curve.append(self.settled)
            if not live_mass:
                break
            if len(curve) == max_rounds or (finish and live_mass < CURVE_DONE):
                self._stop(flat[~stale], m[~stale], finish)
                break
            self.out.expected_rounds += live_mass
            if len(flat) > WHOLE_ROUND_BELOW or not self._whole_round(flat, live, entries):
                self._strike(entries, live)
                self._fire_all()
        self._record_ends()
        if finish:
            self.out.decided_by_round = as_drawn(curve)
            return
        while len(curve) < max_rounds:
            curve.append(curve[-1] if curve else 1.0)
        self.out.decided_by_round = curve

    def _whole_round(self, flat: np.ndarray, live: np.ndarray, entries) -> bool:
        """A round of the few positions ``flat`` (their ``_strikes`` ``entries``; mass
        ``live``) on their whole rounds: each position's strikes and its mid-round
        positions' general combat paired once (``whole_rows``: target, probability), then a
        round is one gather and one sum into the start grid (the two pushes' ~150 array
        operations a round are what a battle's last rounds cost). False (nothing done) when
        the rows made would be more than ``MAX_WHOLE_MADE`` entries in all."""
        battle = self.battle
        rows = self.whole_row.take(flat)
        new = rows == 0
        if new.any():
            b, mids, s, _ = entries
            take = new.take(b)
            b, mids, s = b[take], mids[take], s[take]
            kinds, which = np.unique(mids, return_inverse=True)
            which = which.ravel()
            unmade = kinds[self.att_row[kinds] == 0]
            room = MAX_WHOLE_MADE - self.whole_rows.used
            if len(unmade):
                # (an estimate: both sides' next cells, as many as one side's times two)
                if 2 * len(unmade) * (self.att_rows.used / max(1, self.att_rows.rows - 1)) ** 2 \
                        > room:
                    return False
                self._general(unmade)
            fired_a, fired_d = self.att_row[kinds], self.dfn_row[kinds]
            att, dfn = self.att_rows.get(fired_a), self.dfn_rows.get(fired_d)
            per = np.bincount(att[0], minlength=len(kinds)) * np.bincount(dfn[0],
                                                                          minlength=len(kinds))
            if int(per.take(which).sum()) > room:
                return False
            _, target, p = _pairs(att, dfn, len(kinds), battle.Cd)
            e, at = _gather(per.cumsum() - per, per, which)
            n = int(new.sum())
            source = (new.cumsum() - 1).take(b)            # which of the new positions
            # the cut tails, as the two pushes count them (``_strike``, ``_fire``)
            lost = 1.0 - np.bincount(source, s, minlength=n)
            lost[lost <= 1e-15] = 0.0
            fire_lost = 1.0 - (self.att_rows.value.take(fired_a)
                               * self.dfn_rows.value.take(fired_d))
            fire_lost[fire_lost <= 1e-15] = 0.0
            lost += np.bincount(source, s * fire_lost.take(which), minlength=n)
            self._count(len(e))
            self.whole_row[flat[new]] = self.whole_rows.add(
                n, source.take(e), target.take(at), s.take(e) * p.take(at), lost)
            rows = self.whole_row.take(flat)
        k, target, p = self.whole_rows.get(rows)
        self._count(len(k))
        self.to_grid.push(self.grid.ravel(), target, live.take(k) * p)
        self._prune(float(live @ self.whole_rows.value.take(rows)))
        return True

    def rounds_to_the_end(self, cap: int) -> None:
        """To the end round by round, the "decided by round N" curve in the same pass; what
        is still on after ``cap`` rounds is pushed level by level."""
        self.rounds(cap, finish=True)

    def _fire_all(self) -> None:
        """The general combat from every mid-round position with mass."""
        mid = self.mid.ravel()
        flat = self.to_mid.read(mid)                # (in the grid's order: ``_fire``)
        m = mid[flat]
        mid[flat] = 0.0
        light = m < self.prune_below
        if light.any():
            self._prune_mid(float(m[light].sum()))
            flat, m = flat[~light], m[~light]
        self._fire(flat, m)

    def _stop(self, flat: np.ndarray, m: np.ndarray, finish: bool) -> None:
        """The rounds stop with mass ``m`` still on at positions ``flat``: pushed to the end
        level by level (``finish``), else ``undecided``."""
        if finish:
            self.grid.ravel()[flat] = m
            self.to_grid.note(flat)
            self._levels()
        else:
            self._record_undecided(flat, m)

    def _record_undecided(self, flat: np.ndarray, m: np.ndarray) -> None:
        i, j = np.divmod(flat, self.battle.Cd)
        for a, d, p in zip(i.tolist(), j.tolist(), m.tolist()):
            key = self.battle.state(a, d)
            self.out.undecided[key] = self.out.undecided.get(key, 0.0) + p


#: A grid of at most this many positions is pushed round by round on its positions' whole
#: rounds (``_Whole``, made for all its positions at once): its rounds push few positions,
#: and the two pushes' fixed cost a round (bands, products: ~100 array operations) was what
#: they cost (issue 34: 1942 fleets of 1-4 units a type fought 40-55 rounds for the curve
#: took 10-13 ms, ~0.2 ms a round; on whole rounds ~25 array operations a round: 3-5 ms).
#: Bigger grids meet a smaller part of their positions (whole rounds of all of them cost
#: more than they save: measured on random fleets of 2,000-4,000 positions).
SMALL_GRID = 2048
#: ... when those whole rounds are at most this many entries (a position's round is its
#: strike outcomes times both sides' next cells: past ~100 a position, made at ~40 ns an
#: entry, the two pushes' products are faster; a run pushes each entry at most once a
#: round: with ``CURVE_ROUNDS`` rounds far below ``limits.MAX_SEA_GRID_WORK``).
MAX_WHOLE = 150_000


class _Whole:
    """Each position's whole round (submerging, the surprise strike, the general combat and
    a side left with transports alone losing them), as rows of entries (target position,
    probability), from every position a round is fought from (not decided): the mass of a
    round is pushed in one gather and one sum. ``stay``: P(the round leaves the position
    where it is), as ``_Battle.strikes`` gives it; ``lost``: the part of a position's mass
    its hit tables' cut tails lose in a round (reported as pruned)."""

    def __init__(self, battle: "_Battle", pos: np.ndarray, row: np.ndarray,
                 target: np.ndarray, p: np.ndarray, stay: np.ndarray, lost: np.ndarray):
        N = battle.Ca * battle.Cd
        self.row_of = np.full(N, -1, dtype=np.int64)
        self.row_of[pos] = np.arange(len(pos))
        self.length = np.bincount(row, minlength=len(pos))
        self.start = self.length.cumsum() - self.length
        self.target, self.p = target, p
        #: each entry's position (a push of most rows takes every entry: no gather)
        self.source = pos.take(row)
        #: the entries' probabilities without the self-loops (the sweep: visits leave)
        self.leaving = np.where(target == pos.take(row), 0.0, p)
        self.stay, self.lost = np.zeros(N), np.zeros(N)
        self.stay[pos], self.lost[pos] = stay, lost
        self.entries = len(target)

    @classmethod
    def of(cls, battle: "_Battle") -> "_Whole | None":
        """The whole rounds of ``battle``'s positions; None when they would be more than
        ``MAX_WHOLE`` entries."""
        pos = np.flatnonzero(battle.status != 1)
        rows = _whole_rows(battle, pos, MAX_WHOLE)
        return None if rows is None else cls(battle, pos, *rows)


def _halves(battle: _Battle, pos: np.ndarray, most: float = math.inf,
            per_strike: bool = False):
    """The rounds of positions ``pos`` (not decided) in their two halves: the strikes
    ``(b, which, s)`` — position ``pos[b[e]]`` reaches mid-round position ``which[e]`` (of
    the distinct ones) with probability ``s[e]``, ordered by b —, each position's P(its
    round leaves it where it is), the general combat from each mid-round position
    ``(k, target, p, pairs)`` — every pair of both sides' next cells, ordered by k, a side
    left with transports alone having lost them; ``pairs[k]`` of them — and each mid-round
    position's P of the outcomes its hit tables' cut tails lose. None when the pairs would
    be more than ``most`` (``per_strike``: counted once per strike that reaches them)."""
    Cd = battle.Cd
    b, mid, s, stay = battle.strikes(pos)
    order = np.argsort(b, kind="stable")
    b, mid, s = b[order], mid[order], s[order]
    mids, which = np.unique(mid, return_inverse=True)
    which = which.ravel()
    i, j = np.divmod(mids, Cd)
    (ka, ca, pa, kept_a), (kd, cd, pd, kept_d) = battle.main(i, j)
    pairs = (np.bincount(ka, minlength=len(mids)) * np.bincount(kd, minlength=len(mids)))
    if int((pairs.take(which) if per_strike else pairs).sum()) > most:
        return None
    k, target, p = _pairs((ka, ca, pa), (kd, cd, pd), len(mids), Cd)
    # a side left with transports alone loses them on arrival (``_Run._settle``)
    fold = battle.status.take(target) == 2
    if fold.any():
        ti, tj = battle.end_of_round(*np.divmod(target[fold], Cd))
        target[fold] = ti * Cd + tj
    return (b, which, s), stay, (k, target, p, pairs), 1.0 - kept_a * kept_d


def _whole_rows(battle: _Battle, pos: np.ndarray, most: float = math.inf):
    """The whole rounds of positions ``pos`` (not decided) as entries: (row, target, p,
    stay, lost) — entry e takes position ``pos[row[e]]`` to ``target[e]`` with probability
    ``p[e]`` (rows in ascending order; a side left with transports alone has lost them);
    per position, P(the round leaves it where it is) and the part of its mass the hit
    tables' cut tails lose. None when they would be more than ``most`` entries."""
    halves = _halves(battle, pos, most, per_strike=True)
    if halves is None:
        return None
    (b, which, s), stay, (_, target, p, pairs), fire_lost = halves
    e, at = _gather(pairs.cumsum() - pairs, pairs, which)
    target, p = target.take(at), s.take(e) * p.take(at)
    # the cut tails, as the two pushes count them (a position's strikes, then each
    # mid-round position's general combat; below 1e-15 of the mass: rounding)
    lost = 1.0 - np.bincount(b, s, minlength=len(pos))
    lost[lost <= 1e-15] = 0.0
    fire_lost[fire_lost <= 1e-15] = 0.0
    lost += np.bincount(b, s * fire_lost.take(which), minlength=len(pos))
    return b.take(e), target, p, stay, lost


class _WholeRun(_Run):
    """``_Run`` on a small grid's whole rounds (``_Whole``): a round is one push from the
    start grid to the start grid (no mid-round grid), the same positions met, settled,
    pruned and recorded."""

    def __init__(self, battle: _Battle, whole: _Whole, out: BattleOutcome,
                 prune_below: float, cancel, start: tuple[int, Any, bool] = (0, None, False),
                 leaves: np.ndarray | None = None):
        super().__init__(battle, out, prune_below, cancel, start, leaves)
        self.whole = whole
        self._count(whole.entries)                      # made once
        #: stalemate mass by position, recorded once at the end (``_record_ends``)
        self.stale = np.zeros(battle.Ca * battle.Cd)

    def _push(self, flat: np.ndarray, m: np.ndarray, probabilities: np.ndarray) -> None:
        """Mass ``m`` at positions ``flat`` through their whole rounds (entries weighed by
        ``probabilities``: all of them, or the ``leaving`` ones) into the start grid."""
        whole = self.whole
        grid = self.grid.ravel()
        rows = whole.row_of.take(flat)
        if 2 * len(flat) < len(whole.start):
            k, at = _gather(whole.start, whole.length, rows)
            self._count(len(at))
            grid += np.bincount(whole.target.take(at), m.take(k) * probabilities.take(at),
                                minlength=len(grid))
        else:                         # most rows: every entry (those of no mass weigh 0)
            self._count(int(whole.length.take(rows).sum()))
            mass = np.zeros(len(grid))
            mass[flat] = m
            grid += np.bincount(whole.target, mass.take(whole.source) * probabilities,
                                minlength=len(grid))
        self._prune(float(m @ whole.lost.take(flat)))

    def _stalemates(self, flat: np.ndarray, m: np.ndarray) -> None:
        """Stalemate mass ``m`` at positions ``flat`` (each once), summed in ``stale``."""
        self.settled += float(m.sum())
        self.stale[flat] += m

    def _record_ends(self) -> None:
        super()._record_ends()
        flat = np.flatnonzero(self.stale != 0.0)
        self._add(self.out.stalemates, flat, self.stale[flat])
        self.stale[flat] = 0.0

    def _first_round(self) -> bool:
        battle, whole = self.battle, self.whole
        at, state, mid_round = self.start
        assert not mid_round                            # (``solve``: those are ``_Run``'s)
        i, j = divmod(at, battle.Cd)
        if battle.att.wiped[i] or battle.dfn.wiped[j]:
            self.settled = 1.0
            self.out.decided[battle.rules.initial_state() if state is None else state] = 1.0
            return False
        if state is not None and whole.stay[at] >= STALEMATE:    # nothing can happen here
            self.settled = 1.0
            self.out.stalemates[state] = 1.0
            return False
        self.started = 1
        self.out.expected_rounds += 1.0
        self._push(np.array([at], dtype=np.int64), np.ones(1), whole.p)
        return True

    def _levels(self) -> None:
        battle, whole = self.battle, self.whole
        grid = self.grid.ravel()
        levels, order, bounds = battle.by_level
        # from the lowest level with mass (none comes below it) until no mass is left
        live = np.flatnonzero(grid)
        first = int(levels.take(live).min()) if len(live) else len(bounds) - 1
        for lo, hi in zip(bounds[first:-1], bounds[first + 1:]):
            at = order[lo:hi]
            here = at[grid.take(at) != 0.0]
            if not len(here):
                continue
            self._poll()
            flat = self._settle(here, now=False)
            if len(flat):
                m = grid.take(flat)
                stay = whole.stay.take(flat)
                stale = stay >= STALEMATE
                if stale.any():
                    self._stalemates(flat[stale], m[stale])
                visits = np.where(stale, 0.0, m) / np.where(stale, 1.0, 1.0 - stay)
                self.seen[flat] = True
                self.out.expected_rounds += float(visits.sum())
                grid[here] = 0.0          # nothing comes back to a level (self-loops: visits)
                self._push(flat, visits, whole.leaving)
            else:
                grid[here] = 0.0
            if not grid.any():
                break

    def rounds(self, max_rounds: int, finish: bool = False) -> None:
        whole = self.whole
        curve: list[float] = []
        self._first_round()
        grid = self.grid.ravel()
        while len(curve) < max_rounds:
            self._poll()
            flat = self._settle(np.flatnonzero(grid),
                                withdraw=finish or len(curve) + 1 < max_rounds)
            m = grid.take(flat)
            grid[flat] = 0.0
            stale = whole.stay.take(flat) >= STALEMATE
            if stale.any():
                self._stalemates(flat[stale], m[stale])
                live = np.where(stale, 0.0, m)
            else:
                live = m
            self.seen[flat] = True
            live_mass = float(live.sum())
            curve.append(self.settled)
            if not live_mass:
                break
            if len(curve) == max_rounds or (finish and live_mass < CURVE_DONE):
                self._stop(flat[~stale], m[~stale], finish)
                break
            self.out.expected_rounds += live_mass
            self._push(flat, live, whole.p)
        self._record_ends()
        if finish:
            self.out.decided_by_round = as_drawn(curve)
            return
        while len(curve) < max_rounds:
            curve.append(curve[-1] if curve else 1.0)
        self.out.decided_by_round = curve
