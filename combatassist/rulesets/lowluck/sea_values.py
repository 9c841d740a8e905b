"""A planner's fleets with submarines valued backwards, every force at once.

Each force of a plan (``planner``) is a composition of the side's units; its battle, on the
sea grid (``surprise_strike_grid``), only ever reaches compositions of fewer units. So the
battles of all the forces live on one grid: the **lattice** of every composition of at most
the side's units (``Lattice``: a fleet's cells, with the same moves, flags and hit tables
``_Fleet`` gives a force's own cells) against the other side's cells. Its positions are
valued backwards, level by level from the last (``values``): a decided position's values
are its own (the planner's verdict and the IPC left on each side), a stalemate's as a
draw, and any other's the mean of where its whole round takes it — its visits leaving it,
the round's self-loop as the sweep takes it, 1 / (1 - P(stay)). Each force's figures are
then the values at its start. The 17 v 10 fleet plan of 2,159 forces: ~2.2 million
positions in its forces' own grids, 113,400 on the lattice (~0.4 s); 19 v 13 (5,669 forces)
646,380 (~4.3 s, ~335 MB). With low luck too (the grid's ``_LowLuckVolley``): 12 v 8's
19,440 positions and 17 v 10's 113,400 in ~30 ms and ~150 ms. Under a round limit (the
planner's "withdraw after round N" beside retreat rules) the values are made round by
round back from the last (``_by_rounds``): a position's worth before round r is its
round's mean of the worths before round r + 1.
"""
from __future__ import annotations

import functools
import math
from typing import Callable, cast

import numpy as np

from .chains import STALEMATE
from .surprise_strike_grid import (A, O, S, TAKES, _Battle, _halves, _kind, _low_luck_tables,
                                   _numbered, _padded, _sorts, _Sparse, _table, _whole_rows,
                                   composed)
from .later_phases import AIR_ONLY, ANY, SUB

#: Compositions a lattice may have (its cells), at most.
MAX_LATTICE_CELLS = 50_000
#: The entries valuing a lattice makes (its positions' strikes, its mid-round positions'
#: pairs of next cells) are at most its positions times its fullest position's round's
#: (measured: 0.2-0.7 of that, on fleets with submarines, land battles, both dice), and at
#: least ``LOW_LUCK_ENTRIES`` a position with low luck. Where that is more than this (its
#: sample would cost ~5 ms: ~10 % of a small plan's time) ...
SAMPLE_ABOVE = 5_000_000
#: With low luck a position's entries don't fall with its units (each batch rolls one or
#: two hit counts, a fuller side's power may be a multiple of 6: one): at least this many
#: (measured: at most 10.4 a position, median 5.4, on 60 random low-luck fleets).
LOW_LUCK_ENTRIES = 16
#: ... they are estimated from this many of its live positions, drawn at random (a fixed
#: seed: a plan decides the same way every time), or all of them ...
SAMPLE_POSITIONS = 1000
#: ... their rounds' entries (each strike, and its pairs: at least what valuing them makes)
#: times the live positions over the sample's, times this. (Measured
#: against what valuing made, on plans of 19,440-771,750 positions — fleets with
#: submarines and land battles, both dice, with and without AA guns — a sample of 400:
#: 0.93-1.21 of it without the strikes counted, 0.98-1.08 with them. The estimate from the
#: fullest position's round it replaces was 2-5x what was made: a defender's plan of 1,925
#: forces against an AA gun, valued in ~11 s, was left to a search of 29.)
ENTRIES_MARGIN = 1.3


def applicable(rules, k: int) -> bool:
    """Side k's compositions make a lattice: its units don't submerge, and none of its
    slots is a landed or withdrawn one (a sea battle's)."""
    side = rules.side(k)
    if rules.submerge[k] and any(s.unit.has("submarine") for s in side.slots):
        return False
    return all(s.status in ("", "damaged") for s in side.slots)


def lattice_cells(rules, k: int) -> int:
    """The cells ``Lattice(rules, k)`` would have, at most (before any is made)."""
    side = rules.side(k)
    n = 1
    for i, s in enumerate(side.slots):
        if i in side.damaged_of:
            j = side.damaged_of[i]
            both = side.counts0[i] + side.counts0[j]
            n *= (side.counts0[i] + 1) * (2 * both - side.counts0[i] + 2) // 2
        elif not (s.status == "damaged" and s.unit.hits > 1):
            n *= side.counts0[i] + 1
    return n


class Lattice:
    """Side k's every composition of at most its units (``counts0`` per slot; a two-hit
    unit undamaged or damaged: u + d at most its units, u at most the undamaged), as a
    fleet's cells (``_Fleet``'s attributes, read by ``_Battle``): numbered by rank (the hits
    the side has taken from its whole: each hit damages or sinks one unit, so every move
    raises it), each category's moves as the casualty policy takes them (an undamaged
    two-hit unit first, then the first unit of the order of loss the category may take, the
    attacker's last ``keep_land_units`` land units last), the
    flags, and each cell's hit tables by category (the kinds' own compositions: a kind's
    units fire by their own counts)."""

    def __init__(self, rules, k: int):
        side = rules.side(k)
        self.role, self.slots = side.role, side.slots
        slots, counts0 = side.slots, np.array(side.counts0, dtype=np.int64)
        width = len(slots)
        top = counts0.copy()
        for i, j in side.damaged_of.items():
            top[j] = counts0[i] + counts0[j]
        radix = top + 1
        every = np.indices(tuple(radix.tolist())).reshape(width, -1).T
        ok = np.ones(len(every), dtype=bool)
        for i, j in side.damaged_of.items():
            ok &= every[:, i] + every[:, j] <= counts0[i] + counts0[j]
        box = every[ok]
        # hits left per unit: an undamaged two-hit unit's two, the others' one
        hp = np.ones(width, dtype=np.int64)
        hp[list(side.damaged_of)] = 2
        hp[[not s.fights for s in slots]] = 0
        rank = int((counts0 * hp).sum()) - box @ hp
        rank -= rank.min()
        by_rank = np.argsort(rank, kind="stable")
        comps, self.rank = box[by_rank], rank[by_rank]
        self.C = len(comps)
        # a composition's cell: its mixed-radix code looked up
        strides = np.cumprod(np.append(1, radix[::-1][:-1]))[::-1]
        lookup = np.full(int(np.prod(radix)), -1, dtype=np.int64)
        codes = comps @ strides
        lookup[codes] = np.arange(self.C)
        self.comps = list(map(tuple, comps.tolist()))
        live = (comps > 0) & np.array([s.fights for s in slots])
        anything, fighting, self.subs, self.dest, self.fires, self.air, guns = _sorts(
            live, slots, side.role)
        self.wiped = ~anything
        self.alone = anything & ~fighting
        self.guns = self.alone & guns
        empty = int(lookup[0])                       # every count 0 (codes: 0)
        self.alone_to = np.where(self.alone, empty, np.arange(self.C))
        self.submerged_to = np.arange(self.C)
        self.can_submerge = False
        kinds = np.array([_kind(s.unit) if s.fights else -1 for s in slots])
        # the attacker's last ``keep_land`` land units (by the order of loss) are its last
        # casualties (``casualties.lose_in_order``): per cell, those held back
        held = np.zeros_like(comps)
        need = np.full(self.C, side.keep_land)
        for i in reversed(side.land if side.keep_land else ()):
            held[:, i] = np.minimum(need, comps[:, i])
            need -= held[:, i]
        free = comps - held
        one = {}
        for cat, takes in TAKES.items():
            delta = np.zeros((self.C, width), dtype=np.int64)
            done = np.zeros(self.C, dtype=bool)
            for i in side.two_hit:                   # damaged first, in the order of loss
                hit = ~done & (comps[:, i] > 0)
                delta[hit, i] -= 1
                delta[hit, side.damaged_of[i]] += 1
                done |= hit
            for i in side.order:
                if kinds[i] not in takes:
                    continue
                hit = ~done & (free[:, i] > 0)
                delta[hit, i] -= 1
                done |= hit
            for i in side.land if side.keep_land else ():      # then those held back
                if kinds[i] in takes:
                    hit = ~done & (held[:, i] > 0)
                    delta[hit, i] -= 1
                    done |= hit
            one[cat] = lookup.take((comps + delta) @ strides)
        # (a hit damages or sinks one unit: the whole side's hits left, at most)
        self.moves = {c: composed(m, int(self.rank.max())) for c, m in one.items()}
        self.takes = {c: (m[:, 1] != np.arange(self.C)) if m.shape[1] > 1
                      else np.zeros(self.C, dtype=bool) for c, m in self.moves.items()}
        self.air_any = self.dest | bool(rules.air_hits_submarines)     # (as ``_Fleet``'s)
        self._tables(rules, k, comps, kinds)

    @functools.cached_property
    def index(self) -> dict:
        return {comp: i for i, comp in enumerate(self.comps)}

    def _tables(self, rules, k: int, comps: np.ndarray, kinds: np.ndarray) -> None:
        """Each cell's hit tables, as ``_Fleet._tables`` makes them: the surprise strike's
        (the submarines' own values), and the general combat's by category (``sub``,
        ``air_only``: aircraft without a friendly destroyer, ``any``: the rest, with the
        aircraft when a destroyer is beside them), per kind from the kind's composition
        (support pairs units of one kind: ``surprise_strike_grid.applicable``)."""
        slots, role = self.slots, self.role
        ids = {s.unit.id for s, n in zip(slots, rules.side(k).counts0) if n}
        support = k == 0 and any(ids & set(rule.units) and ids & set(rule.by)
                                 for rule in rules.edition.support)

        if not rules.dice.independent:
            # low luck: each kind's power per cell (the values of its units summed)
            def power(x: int, supported: bool) -> np.ndarray:
                if supported and support:
                    return np.array([sum(m * v for i, gs in enumerate(
                        rules.main_fire.values((comp, None, False), 0)) if kinds[i] == x
                        for m, v in gs) for comp in self.comps], dtype=np.int64)
                own = np.array([s.unit.value(role) if kinds[i] == x else 0
                                for i, s in enumerate(slots)], dtype=np.int64)
                return comps @ own

            own = power(S, False)
            _low_luck_tables(self, own, power(S, True) if support else own,
                             power(A, True), power(O, True))
            return

        def per_kind(x: int, supported: bool) -> tuple[list[np.ndarray], np.ndarray]:
            mine = np.flatnonzero(kinds == x)
            keys, first, which = np.unique(comps[:, mine], axis=0, return_index=True,
                                           return_inverse=True)
            out = []
            for key, cell in zip(keys.tolist(), first.tolist()):
                if supported and support:
                    per_slot = rules.main_fire.values((self.comps[cell], None, False), 0)
                    out.append(_table([g for i in mine.tolist() for g in per_slot[i]]))
                else:
                    out.append(_table([(n, slots[i].unit.value(role))
                                       for n, i in zip(key, mine.tolist())]))
            return out + [np.ones(1)], which.ravel()      # the last: nothing fires

        surprise, fighting = per_kind(S, False)
        subs = per_kind(S, True)[0] if support else surprise
        air, air_id = per_kind(A, True)
        other, other_id = per_kind(O, True)
        # a destroyer's cells (Revised's: every cell): their aircraft fire with the rest
        # (``air_only``: nothing)
        flying = np.where(self.air_any, len(air) - 1, air_id)
        keys, where = _numbered((air_id * len(other) + other_id)[self.air_any],
                                len(air) * len(other))
        rows = other + [np.convolve(other[o], air[a])
                        for a, o in zip(*np.divmod(keys, len(other)))]
        pick = other_id.copy()
        pick[self.air_any] = len(other) + where.ravel()
        self.strike = _Sparse.of(_padded(surprise), fighting)
        self.sub = _Sparse.of(_padded(subs), fighting) if subs is not surprise else self.strike
        self.air_only = _Sparse.of(_padded(air), flying)
        self.any = _Sparse.of(_padded(rows), pick)
        self.table_of = {SUB: fighting, AIR_ONLY: flying, ANY: pick}
        self.tables = {SUB: len(surprise), AIR_ONLY: len(air), ANY: len(rows)}


#: Positions whose whole rounds are made at once, at first (each ~10-1,300 entries) ...
CHUNK_POSITIONS = 4096
#: ... while their entries are at most this many (else halved: memory, ~60 bytes each).
CHUNK_ENTRIES = 1_000_000


def _rounds(battle: _Battle, pos: np.ndarray, most: float = math.inf):
    """The rounds of positions ``pos`` (not decided) in their two halves (``_halves``): the
    strikes ``(b, which, s)``, each position's P(its round leaves it where it is), and the
    general combat's pairs from each mid-round position ``(k, target, p, mid-round
    positions)``. None when those pairs would be more than ``most``."""
    halves = _halves(battle, pos, most)
    if halves is None:
        return None
    strikes, stay, (k, target, p, pairs), _ = halves
    return strikes, stay, (k, target, p, len(pairs))


class Retreat:
    """The attacker's optimal retreat before each round (``retreat_policy``'s "profit" and
    "strafe"): it withdraws where leaving is worth more, in IPC (and the territory taken),
    than fighting on. ``leave(flat)``: the values of withdrawing from positions ``flat``
    ([position, column], as ``terminal``'s); the worth compared is ``worth`` (a weight per
    column: the attacker's IPC left less the defender's, and the territory's worth — a
    force's swing less its start's, so whether to withdraw is the same for every force of
    the lattice).
    Ties fight on (``retreat_policy.TIE``, relative to the worth of fighting on).
    ``forced(flat)``: where other rules withdraw whatever the policy would do ("with N units
    or fewer"). ``takes``: a strafe's (the column that says an end position took the
    territory): the attacker also withdraws before a round that could take it. Without a
    policy (``worth`` None), the rules alone: those, and ``below``, withdrawing where the
    chance to win by fighting on (the first column), under the same rules, is below it."""

    def __init__(self, leave: Callable[[np.ndarray], np.ndarray], worth: np.ndarray | None,
                 forced: Callable[[np.ndarray], np.ndarray] | None = None,
                 takes: int | None = None, below: float = 0.0):
        self.leave, self.worth, self.forced, self.takes = leave, worth, forced, takes
        self.below = below

    def apply(self, flat: np.ndarray, on: np.ndarray,
              could_take: np.ndarray | None = None) -> np.ndarray:
        """The values of positions ``flat`` under the policy, given fighting on's ``on``
        ([column, position]): leaving's where it is worth more, or forced, or (a strafe)
        where the round ``could_take`` the territory."""
        from ...retreat_policy import TIE
        off = self.leave(flat).T
        withdraw = np.zeros(len(flat), dtype=bool)
        if self.worth is not None:
            fight, leave = self.worth @ on, self.worth @ off
            withdraw |= leave > fight + TIE * np.maximum(1.0, np.abs(fight))
        if self.below > 0.0:
            withdraw |= on[0] < self.below
        if self.forced is not None:
            withdraw |= self.forced(flat)
        if could_take is not None:
            withdraw |= could_take
        return np.where(withdraw, off, on)


def _mean(column: np.ndarray, strikes, pairs, n: int) -> np.ndarray:
    """Per position of a chunk (n of them; ``_rounds``' ``strikes`` and ``pairs``), the mean
    of ``column``'s values (one per grid position) over where its round takes it."""
    (b, which, s), (k, target, p, mids) = strikes, pairs
    mid = np.bincount(k, p * column.take(target), minlength=mids)
    return np.bincount(b, s * mid.take(which), minlength=n)


def _could_take(status: np.ndarray, taken: np.ndarray, strikes, pairs, n: int) -> np.ndarray:
    """Per position of a chunk, whether some outcome of its round ends the battle with the
    territory taken (``taken``: the column that says so, per grid position): a strafe's."""
    (b, which, _), (k, target, _, mids) = strikes, pairs
    took = (status.take(target) == 1) & (taken.take(target) > 0)
    reach = np.bincount(k, took, minlength=mids) > 0
    return np.bincount(b, reach.take(which), minlength=n) > 0


def _chunks(battle: _Battle, cancel: Callable[[], bool] | None,
            progress: Callable[[float], None] | None):
    """The live positions (not decided, not folded) level by level from the last, a chunk
    at a time, each with its round (``_rounds``): (positions, strikes, stay, pairs). A
    chunk's entries at most ``CHUNK_ENTRIES`` (else halved, and the chunks after it:
    down to one position); ``progress(share)`` after each level, ``cancel`` polled."""
    from ...solver import Cancelled
    N = battle.Ca * battle.Cd
    status = battle.status
    _, order, bounds = battle.by_level
    chunk = CHUNK_POSITIONS
    for lo, hi in zip(bounds[-2::-1], bounds[:0:-1]):
        if cancel is not None and cancel():
            raise Cancelled()
        level = order[lo:hi]
        level = level[status.take(level) == 0]
        at = 0
        while at < len(level):
            pos = level[at:at + chunk]
            made = _rounds(battle, pos, CHUNK_ENTRIES)
            if made is None and len(pos) > 1:
                chunk = max(1, len(pos) // 2)           # (and for the chunks after)
                continue
            at += len(pos)
            yield (pos, *(made if made is not None else _rounds(battle, pos)))
        if progress is not None:
            progress((N - lo) / N)


def values(battle: _Battle, terminal: Callable[[np.ndarray, bool], np.ndarray],
           columns: int, cancel: Callable[[], bool] | None = None,
           progress: Callable[[float], None] | None = None,
           retreat: Retreat | None = None, rounds: int = 0,
           limit: Callable[[np.ndarray], np.ndarray] | None = None) -> np.ndarray:
    """Per position of ``battle`` (flat), the mean of ``terminal``'s values over where the
    battle, fought to the end from there, ends ([position, column]): ``terminal(flat,
    stalemate)`` gives the values of decided positions (False) and of stalemates (True: a
    round that surely leaves the position as it is). Level by level from the last, each
    level's positions a chunk at a time: a mid-round position's values are the mean of its
    general combat's targets' (``_rounds``), a position's the mean of its strikes' mid-round
    positions', over 1 - P(its round leaves it where it is) — the self-loop as the sweep
    takes it: its own values are still 0 while they are made, and every other target is of
    a higher level, made before. A side left with transports alone has lost them where its
    round ends (the pairs fold them); a position of that kind itself takes the values of
    the one it folds into. ``progress(share)``: the share of the positions valued, after
    each level. ``retreat``: the attacker withdraws before a round where its policy says
    (``Retreat``: from a position whose round would leave it where it is too; a decided
    position, a stalemate, one folded keep theirs).

    ``rounds`` > 0: the battle fought that many rounds at most, what is still on then worth
    ``limit(flat)`` (withdrawn, or undecided): the values before round r of every r, round
    by round back from the limit (``_by_rounds``), those before round 1 returned."""
    if rounds:
        return _by_rounds(battle, terminal, columns, rounds, cast(Callable, limit), cancel,
                          progress, retreat)[0].T
    N = battle.Ca * battle.Cd
    out = np.zeros((columns, N))            # (a column's values contiguous: ``take``)
    status = battle.status
    decided = np.flatnonzero(status == 1)
    out[:, decided] = terminal(decided, False).T
    for pos, strikes, stay, pairs in _chunks(battle, cancel, progress):
        stale = stay >= STALEMATE
        leave = 1.0 - np.where(stale, 0.0, stay)
        for c in range(columns):
            out[c, pos] = _mean(out[c], strikes, pairs, len(pos)) / leave
        if retreat is not None:
            could_take = (None if retreat.takes is None else
                          _could_take(status, out[retreat.takes], strikes, pairs, len(pos)))
            out[:, pos] = retreat.apply(pos, out[:, pos], could_take)
        if stale.any():
            out[:, pos[stale]] = terminal(pos[stale], True).T
    fold = np.flatnonzero(status == 2)
    if len(fold):
        ti, tj = battle.end_of_round(*np.divmod(fold, battle.Cd))
        out[:, fold] = out[:, ti * battle.Cd + tj]
    return out.T


def _by_rounds(battle: _Battle, terminal: Callable[[np.ndarray, bool], np.ndarray],
               columns: int, rounds: int, limit: Callable[[np.ndarray], np.ndarray],
               cancel: Callable[[], bool] | None, progress: Callable[[float], None] | None,
               retreat: Retreat | None) -> np.ndarray:
    """``values`` of a battle fought ``rounds`` rounds at most: ``out[r]`` the values before
    round r + 1 ([column, position]; ``out[rounds]``: ``limit``'s, what is still on then).
    Level by level from the last, as ``values`` (a position's round reaches its own level or
    higher), each
    chunk's rounds made once and read back from the limit: before round r a position is
    worth the mean of its round's targets' values before round r + 1, its own among them
    (the self-loop one round later: no division), the attacker's rules then applied
    (``retreat``: before every round but after the last)."""
    N = battle.Ca * battle.Cd
    out = np.zeros((rounds + 1, columns, N))
    status = battle.status
    decided = np.flatnonzero(status == 1)
    out[:, :, decided] = terminal(decided, False).T
    live = np.flatnonzero(status == 0)
    out[rounds][:, live] = limit(live).T
    for pos, strikes, stay, pairs in _chunks(battle, cancel, progress):
        stale = stay >= STALEMATE
        for r in range(rounds - 1, -1, -1):
            for c in range(columns):
                out[r, c, pos] = _mean(out[r + 1, c], strikes, pairs, len(pos))
            if retreat is not None:
                out[r][:, pos] = retreat.apply(pos, out[r][:, pos])
        if stale.any():
            out[:, :, pos[stale]] = terminal(pos[stale], True).T
    fold = np.flatnonzero(status == 2)
    if len(fold):
        ti, tj = battle.end_of_round(*np.divmod(fold, battle.Cd))
        out[:, :, fold] = out[:, :, ti * battle.Cd + tj]
    return out


class ForceValues:
    """A plan's forces (side k's compositions of at most its units, the other side as it
    is) valued backwards on one lattice: ``work`` and ``bytes`` estimated before anything is
    valued (``estimate``), ``values`` made once, a force's start read by ``starts``."""

    def __init__(self, rules, k: int):
        self.k = k
        lattice = Lattice(rules, k)
        self.battle = (_Battle(rules, att=lattice) if k == 0
                       else _Battle(rules, dfn=lattice))
        self.lattice = lattice
        self.comps = [np.array(f.comps, dtype=np.int64).reshape(f.C, -1)
                      for f in (self.battle.att, self.battle.dfn)]
        other = (self.battle.att, self.battle.dfn)[k ^ 1]
        self._other_start = other.index[tuple(rules.side(k ^ 1).counts0)]
        self.valued: np.ndarray | None = None
        #: The attacker's retreat the values were made under (``values``), and a strafe's
        #: column of the territory taken (``fought``)
        self.retreat: Retreat | None = None
        self.takes: int | None = None
        #: The values before round 2 (``fought``: after round 1's fire, its general combat
        #: leads there; without a round limit, ``valued``'s)
        self._next: np.ndarray | None = None
        #: ``values``'s progress (the share of the positions valued), when set
        self.progress: Callable[[float], None] | None = None
        #: The valuation's work in the plan's units (``planner``: its bound)
        self.work = 0.0

    @classmethod
    def of(cls, rules, k: int) -> "ForceValues | None":
        """The lattice of side k's forces, when side k makes one within
        ``MAX_LATTICE_CELLS`` (else None: the forces are solved one by one)."""
        if not applicable(rules, k) or lattice_cells(rules, k) > MAX_LATTICE_CELLS:
            return None
        return cls(rules, k)

    @functools.cached_property
    def entries(self) -> float:
        """The entries valuing the lattice makes, estimated: at most the positions times
        the fullest position's whole round's (or ``LOW_LUCK_ENTRIES``), which is quick; where
        that is more than ``SAMPLE_ABOVE``, the rounds of a sample of its live positions
        (``SAMPLE_POSITIONS``, ``ENTRIES_MARGIN``), when fewer."""
        battle = self.battle
        full = 0                            # (the cells by rank: the whole side's first)
        at = (full * battle.Cd + self._other_start if self.k == 0
              else self._other_start * battle.Cd + full)
        one = len(_whole_rows(battle, np.array([at], dtype=np.int64))[0])
        if not battle.rules.dice.independent:
            one = max(one, LOW_LUCK_ENTRIES)
        crude = float(battle.Ca) * battle.Cd * max(1, one)
        if crude <= SAMPLE_ABOVE:
            return crude
        return min(crude, self._sampled())

    def _sampled(self) -> float:
        """The entries estimated from a sample of the live positions' rounds."""
        battle = self.battle
        live = np.flatnonzero(battle.status == 0)
        if not len(live):
            return 0.0
        sample = live
        if len(live) > SAMPLE_POSITIONS:
            rng = np.random.default_rng(0)
            sample = np.sort(rng.choice(live, size=SAMPLE_POSITIONS, replace=False))
        (b, which, _), _, (_, _, _, pairs), _ = _halves(battle, sample)
        # (each strike's pairs: at least what a chunk's distinct mid-round positions make)
        made = len(b) + int(pairs.take(which).sum())
        return ENTRIES_MARGIN * made * len(live) / len(sample)

    def starts(self, att: np.ndarray, dfn: np.ndarray) -> np.ndarray:
        """The positions (flat) of forces whose sides start with counts ``att`` and ``dfn``
        ([force, slot] each; side k's a composition of the lattice, the other's its own)."""
        index, Cd = self.lattice.index, self.battle.Cd
        mine = np.array([index[c] for c in map(tuple, (att, dfn)[self.k].tolist())],
                        dtype=np.int64)
        return mine * Cd + self._other_start if self.k == 0 else self._other_start * Cd + mine

    def values(self, terminal: Callable[[np.ndarray, np.ndarray, bool], np.ndarray],
               columns: int, cancel: Callable[[], bool] | None = None,
               leave: Callable[[np.ndarray, np.ndarray], np.ndarray] | None = None,
               worth: np.ndarray | None = None,
               forced: Callable[[np.ndarray, np.ndarray], np.ndarray] | None = None,
               takes: int | None = None, below: float = 0.0, rounds: int = 0,
               limit: Callable[[np.ndarray, np.ndarray], np.ndarray] | None = None
               ) -> np.ndarray:
        """``values`` of every position, made once: ``terminal(att, dfn, stalemate)`` given
        the sides' counts ([position, slot] each) of the positions it values; with
        ``leave(att, dfn)`` (the values of withdrawing), ``worth``, ``forced(att, dfn)``,
        ``takes`` (a strafe) and ``below``, under the attacker's optimal retreat or its
        retreat rules (``Retreat``); ``rounds`` > 0: fought that many rounds at most, what
        is still on then worth ``limit(att, dfn)``."""
        if self.valued is None:
            self.takes = takes
            ca, cd = self.comps
            Cd = self.battle.Cd

            def sides(flat: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
                i, j = np.divmod(flat, Cd)
                return ca.take(i, axis=0), cd.take(j, axis=0)

            def ends(flat: np.ndarray, stalemate: bool) -> np.ndarray:
                return terminal(*sides(flat), stalemate)

            retreat = (None if leave is None else
                       Retreat(lambda flat: leave(*sides(flat)),
                               None if worth is None else np.asarray(worth, dtype=float),
                               None if forced is None else lambda flat: forced(*sides(flat)),
                               takes, below))
            self.retreat = retreat
            if rounds:
                layers = _by_rounds(self.battle, ends, columns, rounds,
                                    lambda flat: cast(Callable, limit)(*sides(flat)), cancel,
                                    self.progress, retreat)
                self.valued, self._next = layers[0].T, layers[1].T
            else:
                self.valued = values(self.battle, ends, columns, cancel, self.progress,
                                     retreat)
                self._next = self.valued
        return self.valued

    def fought(self, flat: np.ndarray) -> tuple[np.ndarray, np.ndarray | None]:
        """After ``values``: the values of fighting one round from positions ``flat`` (a
        round's start or mid-round: the same round on the cells), the attacker then
        following its policy ([position, column]: the mean of the ``values`` its round
        reaches — those before round 2 under a round limit —, a self-loop at the position's
        own, not its round fought again) — a
        decided, folded or stalemate position's own values; and, a strafe's (``takes``),
        whether that round could take the territory. What a force is worth once round 1's
        AA fire has left it at these positions (no retreat between the fire and the
        round: ``planner._Question._fired``)."""
        battle = self.battle
        out = cast(np.ndarray, self.valued).take(flat, axis=0)
        valued = cast(np.ndarray, self._next)
        could_take = np.zeros(len(flat), dtype=bool)
        live = np.flatnonzero(battle.status.take(flat) == 0)
        if not len(live):
            return out, could_take if self.takes is not None else None
        strikes, stay, pairs = _rounds(battle, flat.take(live))
        on = np.column_stack([_mean(valued[:, c], strikes, pairs, len(live))
                              for c in range(valued.shape[1])])
        fights = stay < STALEMATE               # (a stalemate keeps its own values)
        out[live[fights]] = on[fights]
        if self.takes is None:
            return out, None
        could_take[live] = _could_take(battle.status, valued[:, self.takes], strikes, pairs,
                                       len(live))
        could_take[live[~fights]] = False
        return out, could_take
