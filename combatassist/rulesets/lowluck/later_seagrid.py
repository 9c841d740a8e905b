"""A vectorised exact solver for the later editions' sea battles with ordinary dice.

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
is)) — exact, never iterated — and the whole level is pushed through one round at once:

- submerging and the surprise strike (which depends on both sides: the enemy's destroyers)
  give each position a few mid-round positions with their probabilities;
- from a mid-round position the general combat's two sides are independent: the attacker's
  next cell depends on the defender's hit tables (one per hit category) and its own cell, and
  the other way round; so a round is a sum of outer products, one per mid-round position,
  pushed as one matrix product ``PA^T diag(w) PD`` over the cells the level reaches;
- a side left with transports alone is folded in when the mass arrives (the end of the round
  is a function of the position).

Round by round (``max_rounds``, and the "decided by round N" curve) every live position takes
one such round. Decided and stalemate states are ``LaterRules``' own state tuples, so the
figures read them unchanged. It answers what ``solver.solve`` answers (tests compare them
state by state); hit-table tails below ``TAIL_CUTOFF`` and positions lighter than
``prune_below`` are reported in ``pruned``, as there.
"""
from __future__ import annotations

import functools
from typing import Any, Callable

import numpy as np

from ... import limits
from ...solver import BattleOutcome, Cancelled, CURVE_ROUNDS, DEFAULT_PRUNE
from .chains import CURVE_PRUNE, STALEMATE, one_blas_thread
from .hits import TAIL_CUTOFF
from .later_phases import AIR_ONLY, ANY, SUB

#: The kinds of units a category of hits may take (S submarines, A aircraft, O the rest).
S, A, O = 0, 1, 2
TAKES = {SUB: (S, O), AIR_ONLY: (A, O), ANY: (S, A, O)}
#: Positions x cells of a chunk's dense marginals (memory: 8 bytes each).
_CHUNK = 2_000_000
#: The largest grid of positions (both sides' reachable cells paired) the solver holds.
MAX_POSITIONS = 20_000_000


def applicable(rules) -> bool:
    """A later edition's sea battle with ordinary dice whose units fit the cells: ships and
    aircraft only; submarines are one-hit ships (no destroyer, no transport); two-hit units
    and transports are ships other than submarines; the attacker's support rules (if any
    apply) pair units of one kind."""
    from .later import LaterRules                  # later imports the phases; keep it light
    if not isinstance(rules, LaterRules) or rules.land_battle or not rules.dice.independent:
        return False
    present = set()
    for side in (rules.att, rules.dfn):
        for slot, n in zip(side.slots, side.counts0):
            if slot.status not in ("", "damaged", "out"):
                return False
            u = slot.unit
            present.add((side.role, u.id))
            if u.kind not in ("sea", "air") or u.has("aa_gun"):
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


def _kind(unit) -> int:
    return S if unit.has("submarine") else A if unit.kind == "air" else O


def _table(groups) -> np.ndarray:
    """Ordinary dice's hit table of ``((dice, value), ...)`` (binomials convolved)."""
    out = np.ones(1)
    for n, v in groups:
        v = min(v, 6)
        if n <= 0 or v <= 0:
            continue
        one = np.array([1.0 - v / 6.0, v / 6.0])
        for _ in range(n):
            out = np.convolve(out, one)
    return out


def _padded(tables: list[np.ndarray]) -> np.ndarray:
    out = np.zeros((len(tables), max(len(t) for t in tables)))
    for k, t in enumerate(tables):
        out[k, :len(t)] = t
    out[out < TAIL_CUTOFF] = 0.0
    return out


class _Sparse:
    """Hit tables, one row per cell plus a last row "no hit" (a group that doesn't fire), as
    their nonzero entries: row r's are ``h[start[r]:start[r] + length[r]]`` with ``p``."""

    def __init__(self, dense: np.ndarray):
        dense = np.vstack([dense, _point(dense.shape[1])])
        rows, self.h = np.nonzero(dense)
        self.p = dense[rows, self.h]
        self.length = np.bincount(rows, minlength=len(dense))
        self.start = np.cumsum(self.length) - self.length
        self.none = len(dense) - 1
        #: rows that surely score no hit
        self.trivial = (self.length == 1) & (dense[:, 0] == 1.0)
        #: P(no hit) and the row's sum (1 less a cut tail)
        self.miss, self.total = dense[:, 0].copy(), dense.sum(axis=1)

    def expand(self, rows: np.ndarray, moves: np.ndarray, e: np.ndarray, cells: np.ndarray,
               p: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Each (entry e, cell, p) once per hit count of its table row, moved by ``moves``."""
        if self.trivial[rows].all():
            return e, cells, p
        lens = self.length[rows]
        rep = np.repeat(np.arange(len(rows)), lens)
        pos = np.arange(len(rep)) + np.repeat(self.start[rows] - (np.cumsum(lens) - lens), lens)
        h = np.minimum(self.h[pos], moves.shape[1] - 1)
        return e[rep], moves[cells[rep], h], p[rep] * self.p[pos]


class _Fleet:
    """One side's reachable cells (numbered by rank), their compositions, flags, hit tables
    per category, and where each category's hits move them (``moves[cat][cell, h]``)."""

    def __init__(self, rules, k: int):
        side = rules.side(k)
        self.role = side.role
        slots, counts0 = side.slots, np.array(side.counts0, dtype=np.int64)
        self.slots = slots
        width = len(slots)
        # -- the damage prefix: undamaged two-hit units in the order of loss ----------------
        damage = [i for i in side.two_hit for _ in range(counts0[i])]
        self.D = D = len(damage)
        dmg_shift = np.zeros((D + 1, width), dtype=np.int64)
        for d, i in enumerate(damage):
            dmg_shift[d + 1] = dmg_shift[d]
            dmg_shift[d + 1, i] -= 1
            dmg_shift[d + 1, side.damaged_of[i]] += 1
        full = counts0 + dmg_shift[D]
        self._full = full
        # -- each kind's order of loss, once every two-hit unit is damaged ------------------
        seq = [i for i in side.order for _ in range(full[i])]
        kind_of = np.array([_kind(slots[i].unit) for i in seq], dtype=np.int64)
        self.n = n = len(seq)
        self.sizes = [int((kind_of == x).sum()) for x in (S, A, O)]
        nS, nA, nO = self.sizes
        lost = []                                          # lost[x][l]: slots of kind x lost
        for x in (S, A, O):
            units = [i for i, kx in zip(seq, kind_of) if kx == x]
            cum = np.zeros((len(units) + 1, width), dtype=np.int64)
            for l, i in enumerate(units):
                cum[l + 1] = cum[l]
                cum[l + 1, i] += 1
            lost.append(cum)
        out_of = {i: next((j for j, t in enumerate(slots)
                           if t.unit.id == s.unit.id and t.status == "out"), None)
                  for i, s in enumerate(slots) if s.unit.has("submarine") and s.fights}
        self.can_submerge = bool(rules.submerge[k] and nS and all(
            j is not None for j in out_of.values()))
        # -- the box of cells (delta, lS, lA, lO, sub) ------------------------------------
        rows = []
        subs = (0, 1) if self.can_submerge else (0,)
        for d in range(D):
            for sub in subs:
                rows.append((d, 0, 0, 0, sub))
        grid = np.stack(np.meshgrid(np.arange(nS + 1), np.arange(nA + 1), np.arange(nO + 1),
                                    np.array(subs), indexing="ij"), axis=-1).reshape(-1, 4)
        grid = grid[(grid[:, 3] == 0) | (grid[:, 0] < nS)]
        box = np.concatenate([np.array(rows, dtype=np.int64).reshape(-1, 5),
                              np.column_stack([np.full(len(grid), D), grid])])
        index = np.full((D + 1, nS + 1, nA + 1, nO + 1, 2), -1, dtype=np.int64)
        index[tuple(box.T)] = np.arange(len(box))
        self._box, self._index = box, index
        delta, lS, lA, lO, sub = box.T
        comps = counts0 + dmg_shift[delta] - lost[S][lS] - lost[A][lA] - lost[O][lO]
        for i, j in out_of.items():
            if j is not None:
                moved = np.where(sub == 1, comps[:, i], 0)
                comps[:, j] += moved
                comps[:, i] -= moved
        fighting = np.array([s.fights for s in slots])
        live = (comps > 0) & fighting
        has = lambda pred: live[:, [i for i, s in enumerate(slots) if pred(s.unit)]].any(1)
        dest = has(lambda u: u.has("destroyer"))
        subs_in = has(lambda u: u.has("submarine"))
        fires = has(lambda u: u.value(side.role) > 0)
        anything = live.any(1)
        transports_only = anything & ~has(lambda u: not u.has("transport"))
        # -- moves of each category's hits, on the box ------------------------------------
        rank_in = np.zeros(n, dtype=np.int64)
        for x in (S, A, O):
            rank_in[kind_of == x] = np.arange(self.sizes[x])
        ls = np.column_stack([lS, lA, lO])
        H = n + D + 1
        moves_box = {}
        for cat, kinds in TAKES.items():
            takes_kind = np.zeros(3, dtype=bool)
            takes_kind[list(kinds)] = True
            eligible = takes_kind[kind_of][None, :] & (rank_in[None, :] >= ls[:, kind_of])
            if S in kinds:
                eligible &= ~((kind_of[None, :] == S) & (sub[:, None] == 1))
            # the eligible units of each cell in the order of loss: how many of each kind
            # the first t of them hold
            first = np.argsort(~eligible, axis=1, kind="stable")
            ok = np.take_along_axis(eligible, first, axis=1)
            count = ok.sum(1)
            took = np.zeros((len(box), n + 1, 3), dtype=np.int64)
            for x in (S, A, O):
                took[:, 1:, x] = np.cumsum(ok & (kind_of[first] == x), axis=1)
            h = np.arange(H)[None, :]
            free = np.minimum(h, D - delta[:, None])          # hits on undamaged two-hit units
            t = np.minimum(h - free, count[:, None])
            rows_ = np.arange(len(box))[:, None]
            after = ls[:, None, :] + took[rows_, t]
            moves_box[cat] = index[delta[:, None] + free, after[..., 0], after[..., 1],
                                   after[..., 2], sub[:, None]]
        subm = np.where(subs_in & (sub == 0) & self.can_submerge,
                        index[delta, lS, lA, lO, np.ones_like(sub) if self.can_submerge
                              else sub], np.arange(len(box)))
        alone_to = np.where(transports_only, index[delta, lS, lA, nO, sub], np.arange(len(box)))
        # -- the cells reachable from the start, numbered by rank --------------------------
        rank = delta + lS + lA + lO + sub
        reach = np.zeros(len(box), dtype=bool)
        reach[0] = True                                    # (0, 0, 0, 0, 0)
        targets = np.column_stack([moves_box[c] for c in TAKES] + [subm, alone_to])
        for r in range(int(rank.max()) + 1):
            at = np.flatnonzero(reach & (rank == r))
            reach[targets[at].ravel()] = True
        cells = np.flatnonzero(reach)
        cells = cells[np.argsort(rank[cells], kind="stable")]
        renumber = np.full(len(box), -1, dtype=np.int64)
        renumber[cells] = np.arange(len(cells))
        self.C = len(cells)
        self.rank = rank[cells]
        self.cells = box[cells]
        self.comps = [tuple(int(v) for v in row) for row in comps[cells]]
        self.dest, self.subs, self.fires = dest[cells], subs_in[cells], fires[cells]
        self.wiped = ~anything[cells]
        self.alone, self.alone_to = transports_only[cells], renumber[alone_to[cells]]
        self.submerged_to = renumber[subm[cells]]
        self.moves = {c: renumber[m[cells]] for c, m in moves_box.items()}
        #: whether a hit of the category finds a unit in the cell (else every hit misses)
        self.takes = {c: (m[:, 1] != np.arange(self.C)) if m.shape[1] > 1
                      else np.zeros(self.C, dtype=bool) for c, m in self.moves.items()}
        self._tables(rules, k, lost)

    def _tables(self, rules, k: int, lost) -> None:
        """Per cell: the surprise strike's, and the general combat's hit tables by category
        (``sub``: the submarines; ``air_only``: aircraft without a friendly destroyer;
        ``any``: the rest, with the aircraft when a destroyer is beside them). A kind's
        units fire by the kind's losses only (``applicable``: support pairs units of one
        kind), so the tables are built per kind, from the phases' own values."""
        slots, role = self.slots, self.role
        kinds = [(_kind(s.unit) if s.fights else -1) for s in slots]

        def table(x: int, l: int, supported: bool) -> np.ndarray:
            counts = tuple(int(v) for v in self._full - lost[x][l])
            if supported:
                state = (counts, None, False) if k == 0 else (None, counts, False)
                per_slot = rules._fire.values(state, k)
            else:
                per_slot = [[(c, s.unit.value(role))] for c, s in zip(counts, slots)]
            return _table([g for i, gs in enumerate(per_slot) if kinds[i] == x for g in gs])

        per_kind = {name: [table(x, l, name != "surprise") for l in range(self.sizes[x] + 1)]
                    for x, name in ((S, "surprise"), (S, "sub"), (A, "air"), (O, "other"))}
        _, lS, lA, lO, sub = self.cells.T
        one = np.ones(1)
        surprise, sub_t, air_only, any_t = [], [], [], []
        memo: dict = {}
        for c in range(self.C):
            fighting_subs = sub[c] == 0
            surprise.append(per_kind["surprise"][lS[c]] if fighting_subs else one)
            sub_t.append(per_kind["sub"][lS[c]] if fighting_subs else one)
            air = per_kind["air"][lA[c]]
            if self.dest[c]:
                air_only.append(one)
                key = (lA[c], lO[c])
                if key not in memo:
                    memo[key] = np.convolve(per_kind["other"][lO[c]], air)
                any_t.append(memo[key])
            else:
                air_only.append(air)
                any_t.append(per_kind["other"][lO[c]])
        self.surprise = _padded(surprise)
        self.sub, self.air_only = _Sparse(_padded(sub_t)), _Sparse(_padded(air_only))
        self.any = _Sparse(_padded(any_t))

    def state(self, c: int) -> tuple[int, ...]:
        return self.comps[c]


def _trim(table: np.ndarray) -> np.ndarray:
    """``table`` without its trailing all-zero columns (at least one column)."""
    cols = np.flatnonzero(table.any(axis=0))
    return table[:, :int(cols[-1]) + 1 if len(cols) else 1]


class _Battle:
    """Both sides' cells and the round, for many positions at once."""

    def __init__(self, rules):
        self.rules = rules
        self.att, self.dfn = _Fleet(rules, 0), _Fleet(rules, 1)
        self.Ca, self.Cd = self.att.C, self.dfn.C

    # -- per position (attacker cell x defender cell), ravelled like the grids: made once the
    # -- work is known to be within the limits (``solve``)
    @functools.cached_property
    def plain(self) -> np.ndarray:
        """No submerging and no surprise strike (the round is the general combat alone)."""
        att, dfn = self.att, self.dfn
        return ~(np.outer(att.subs, ~dfn.dest) | np.outer(~att.dest, dfn.subs)).ravel()

    @functools.cached_property
    def stays(self) -> np.ndarray:
        """P(the general combat leaves the position as it is)."""
        return self.main_stays(*np.divmod(np.arange(self.Ca * self.Cd), self.Cd))

    @functools.cached_property
    def status(self) -> np.ndarray:
        """1: decided (a side has no unit left); 2: a side is left with transports alone
        while the enemy can fire (it loses them: the position is folded on arrival); 0."""
        att, dfn = self.att, self.dfn
        return np.where(np.add.outer(att.wiped, dfn.wiped) > 0, 1,
                        np.where(np.outer(att.alone, dfn.fires) | np.outer(att.fires, dfn.alone),
                                 2, 0)).astype(np.int8).ravel()

    def state(self, i: int, j: int) -> Any:
        return (self.att.comps[i], self.dfn.comps[j], False)

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
            i, j = np.divmod(flat[busy], self.Cd)
            bb, i2, j2, ss = self.mid_round(i, j)
            at_home = (i2 == i[bb]) & (j2 == j[bb])
            b = np.concatenate([calm, busy[bb]])
            target = np.concatenate([flat[calm], i2 * self.Cd + j2])
            s = np.concatenate([np.ones(len(calm)), ss])
            home = np.ones(n)
            home[busy] = np.bincount(bb[at_home], ss[at_home], minlength=len(busy))
        return b, target, s, home * self.stays[flat]

    def mid_round(self, i: np.ndarray, j: np.ndarray):
        """Submerging and the surprise strike from positions (i, j): the mid-round positions
        ``(b, i2, j2, s)`` (b: which position, s: its probability)."""
        att, dfn = self.att, self.dfn
        # both sides decide on the position at the round's start
        i1 = np.where(att.can_submerge & att.subs[i] & ~dfn.dest[j], att.submerged_to[i], i)
        j1 = np.where(dfn.can_submerge & dfn.subs[j] & ~att.dest[i], dfn.submerged_to[j], j)
        by_att = att.subs[i1] & ~dfn.dest[j1]               # the attacker's subs strike first
        by_dfn = dfn.subs[j1] & ~att.dest[i1]
        b = np.arange(len(i))
        if not (by_att.any() or by_dfn.any()):
            return b, i1, j1, np.ones(len(i))
        pa = _trim(np.where(by_att[:, None], att.surprise[i1], _point(att.surprise.shape[1])))
        pd = _trim(np.where(by_dfn[:, None], dfn.surprise[j1], _point(dfn.surprise.shape[1])))
        i2 = _moved(att, SUB, i1, pd.shape[1])                # [b, h of the defender's subs]
        j2 = _moved(dfn, SUB, j1, pa.shape[1])
        s = pd[:, :, None] * pa[:, None, :]
        bb, hd, ha = np.nonzero(s)
        return bb, i2[bb, hd], j2[bb, ha], s[bb, hd, ha]

    def combat(self, side: _Fleet, enemy: _Fleet, mine: np.ndarray, theirs: np.ndarray):
        """Where ``side`` ends the general combat, from cells ``mine`` under the fire of
        ``enemy`` in cells ``theirs`` (its submarines' hits when they didn't strike first, its
        aircraft's without a destroyer, the rest: taken in that order), as ``(cols, P, kept,
        home)``: P[e, k] = P(entry e ends in cell cols[k]); kept[e] = P's row sum (1 less
        the cut tails); home[e] = P(it stays in ``mine[e]``)."""
        n = len(mine)
        e, cells, p = np.arange(n), mine, np.ones(n)
        subs = np.where(enemy.subs[theirs] & side.dest[mine], theirs, enemy.sub.none)
        e, cells, p = enemy.sub.expand(subs, side.moves[SUB], e, cells, p)
        e, cells, p = enemy.air_only.expand(theirs[e], side.moves[AIR_ONLY], e, cells, p)
        e, cells, p = enemy.any.expand(theirs[e], side.moves[ANY], e, cells, p)
        seen = np.zeros(side.C, dtype=bool)
        seen[cells] = True
        cols = np.flatnonzero(seen)
        local = np.cumsum(seen) - 1
        P = np.bincount(e * len(cols) + local[cells], p, minlength=n * len(cols))
        at_home = cells == mine[e]
        return (cols, P.reshape(n, len(cols)), np.bincount(e, p, minlength=n),
                np.bincount(e[at_home], p[at_home], minlength=n))

    def main(self, i: np.ndarray, j: np.ndarray):
        """The general combat from mid-round positions (i, j): the attacker's and the
        defender's ``combat``, independent of each other (before a side left with transports
        alone loses them)."""
        return self.combat(self.att, self.dfn, i, j), self.combat(self.dfn, self.att, j, i)

    def main_stays(self, i: np.ndarray, j: np.ndarray) -> np.ndarray:
        """P(the general combat leaves mid-round positions (i, j) as they are): per side and
        category, P(no hit) when a hit would find a unit, else 1 (less a cut tail)."""
        out = np.ones(len(i))
        for side, enemy, mine, theirs in ((self.att, self.dfn, i, j), (self.dfn, self.att, j, i)):
            subs = np.where(enemy.subs[theirs] & side.dest[mine], theirs, enemy.sub.none)
            for cat, table, rows in ((SUB, enemy.sub, subs), (AIR_ONLY, enemy.air_only, theirs),
                                     (ANY, enemy.any, theirs)):
                out *= np.where(side.takes[cat][mine], table.miss[rows], table.total[rows])
        return out

    def end_of_round(self, i: np.ndarray, j: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """The positions after a side left with transports alone loses them (while the enemy
        can fire; both judged on the round's end position)."""
        att, dfn = self.att, self.dfn
        return (np.where(att.alone[i] & dfn.fires[j], att.alone_to[i], i),
                np.where(dfn.alone[j] & att.fires[i], dfn.alone_to[j], j))


def _point(width: int) -> np.ndarray:
    out = np.zeros(width)
    out[0] = 1.0
    return out


def _moved(side: _Fleet, cat: str, cells: np.ndarray, hits: int) -> np.ndarray:
    """``cells[..., h]``: where h hits of ``cat`` (h < ``hits``) move each of ``cells``."""
    moves = side.moves[cat]
    h = np.minimum(np.arange(hits), moves.shape[1] - 1)
    return moves[cells[..., None], h]


def work_estimate(battle: _Battle) -> float:
    """Multiply-adds (and element operations) the solve needs, bounded from the sizes: every
    position of the grid pushed once to the end and about twice more round by round (the
    curve), each through its mid-round positions' hit combinations on both sides and the
    level's matrix product (about a position's reach on each side)."""
    att, dfn = battle.att, battle.dfn

    def combos(side: _Fleet, enemy: _Fleet) -> float:
        return float(max(enemy.sub.length) * max(enemy.air_only.length) * max(enemy.any.length))

    mid = max(1, att.surprise.shape[1]) * max(1, dfn.surprise.shape[1])
    per_position = mid * (combos(att, dfn) + combos(dfn, att) + att.n * dfn.n + att.C + dfn.C)
    return 3.0 * battle.Ca * battle.Cd * per_position


def solve(rules, *, max_rounds: int = 0, prune_below: float = DEFAULT_PRUNE,
          curve: bool = True, cancel: Callable[[], bool] | None = None) -> BattleOutcome:
    """Exact outcome of ``rules`` (``applicable``) from its initial state; refused at once
    (EngineError) beyond ``limits.MAX_GRID_WORK`` or ``MAX_POSITIONS``."""
    battle = _Battle(rules)
    limits.check_exact(work_estimate(battle), limits.MAX_GRID_WORK, "multiply-adds")
    limits.check_exact(battle.Ca * battle.Cd, MAX_POSITIONS, "grid cells x outcomes")
    out = BattleOutcome()
    with one_blas_thread():
        run = _Run(battle, out, prune_below, cancel)
        if max_rounds > 0:
            run.rounds(max_rounds)
        else:
            run.to_the_end()
            if curve:
                out.decided_by_round = _Run(battle, BattleOutcome(), CURVE_PRUNE, cancel,
                                            scratch=True).curve()
        out.states_explored = run.explored
    return out


class _Run:
    """Pushes the battle's mass into one ``BattleOutcome`` (decided states summed).

    Two grids of positions: ``grid``, the mass at a round's start (as the round before left
    it: a side left with transports alone is folded in when it is read), and ``mid``, the
    mass after submerging and the surprise strike. A round is two pushes: ``_strike`` (start
    to mid) and ``_fire`` (mid to start, the general combat), so the general combat is
    computed once per mid-round position whatever the positions its mass came from."""

    def __init__(self, battle: _Battle, out: BattleOutcome, prune_below: float, cancel,
                 scratch: bool = False):
        self.battle, self.out, self.prune_below, self.cancel = battle, out, prune_below, cancel
        self.scratch = scratch          # the curve's rounds: nothing recorded but what is alive
        self.explored = 0
        self.settled = 0.0              # decided and stalemate mass recorded (round by round)
        self.grid = np.zeros((battle.Ca, battle.Cd))
        self.mid = np.zeros((battle.Ca, battle.Cd))

    def _poll(self) -> None:
        if self.cancel is not None and self.cancel():
            raise Cancelled()

    def _record(self, bucket: dict, flat: np.ndarray, m: np.ndarray) -> None:
        self.settled += float(m.sum())
        if self.scratch:
            return
        i, j = np.divmod(flat, self.battle.Cd)
        for a, d, p in zip(i.tolist(), j.tolist(), m.tolist()):
            key = self.battle.state(a, d)
            bucket[key] = bucket.get(key, 0.0) + p

    def _prune(self, m: float) -> None:
        if not self.scratch:
            self.out.pruned += m

    # -- the two halves of a round ----------------------------------------------------------
    def _strike(self, entries, visits: np.ndarray) -> None:
        """Push ``visits`` (per start position) to the mid-round grid."""
        b, target, s, _ = entries
        np.add.at(self.mid.ravel(), target, visits[b] * s)
        lost = visits - np.bincount(b, visits[b] * s, minlength=len(visits))
        self._prune(float(lost[lost > 1e-15 * visits].sum()))

    def _fire(self, flat: np.ndarray, mass: np.ndarray) -> None:
        """Push ``mass`` at mid-round positions ``flat`` through the general combat into the
        start grid, in chunks (``PA^T diag(mass) PD`` over the cells they reach)."""
        battle = self.battle
        per = max(1, _CHUNK // max(1, battle.Ca + battle.Cd))
        for lo in range(0, len(flat), per):
            i, j = np.divmod(flat[lo:lo + per], battle.Cd)
            w = mass[lo:lo + per]
            (cols_a, pa, kept_a, _), (cols_d, pd, kept_d, _) = battle.main(i, j)
            self.grid[np.ix_(cols_a, cols_d)] += (pa * w[:, None]).T @ pd
            lost = w * (1.0 - kept_a * kept_d)
            self._prune(float(lost[lost > 1e-15 * w].sum()))

    def _settle(self, flat: np.ndarray) -> np.ndarray:
        """Take the decided and the too light positions among ``flat`` (grid indices with
        mass) out of the grid (recorded, pruned); return the others. A side left with
        transports alone loses them first (the battle is then decided)."""
        battle = self.battle
        grid = self.grid.ravel()
        status = battle.status[flat]
        if status.any():
            fold = flat[status == 2]
            if len(fold):
                i, j = np.divmod(fold, battle.Cd)
                ti, tj = battle.end_of_round(i, j)
                self._record(self.out.decided, ti * battle.Cd + tj, grid[fold])
                grid[fold] = 0.0
            decided = flat[status == 1]
            self._record(self.out.decided, decided, grid[decided])
            grid[decided] = 0.0
            flat = flat[status == 0]
        m = grid[flat]
        light = m < self.prune_below
        if light.any():
            self._prune(float(m[light].sum()))
            grid[flat[light]] = 0.0
            flat = flat[~light]
        return flat

    def _first_round(self) -> bool:
        """Round 1's strike from the initial state (its own state: every outcome of its round
        moves away from it, as from ``LaterRules``' first-round state). False when the
        battle is over before it starts."""
        battle = self.battle
        if battle.att.wiped[0] or battle.dfn.wiped[0]:
            self.settled = 1.0
            if not self.scratch:
                self.out.decided[battle.rules.initial_state()] = 1.0
            return False
        self.explored += 1
        self.out.expected_rounds += 1.0
        start = np.zeros(1, dtype=np.int64)
        self._strike(self.battle.strikes(start), np.ones(1))
        return True

    # -- to the end -------------------------------------------------------------------------
    def to_the_end(self) -> None:
        """Level by level (attacker rank + defender rank). A level's start and mid-round
        masses from the levels below are final once those are pushed; a position's
        incoming mass is its start mass plus its mid-round mass times P(the general combat
        leaves it there); it leaves as its visits, mass / (1 - stay)."""
        battle = self.battle
        if not self._first_round():
            return
        grid, mid = self.grid.ravel(), self.mid.ravel()
        levels = np.add.outer(battle.att.rank, battle.dfn.rank).ravel()
        order = np.argsort(levels.astype(np.int32), kind="stable")
        bounds = np.searchsorted(levels[order], np.arange(int(levels.max()) + 2))
        for level in range(len(bounds) - 1):
            at = order[bounds[level]:bounds[level + 1]]
            here = at[(grid[at] != 0.0) | (mid[at] != 0.0)]
            if not len(here):
                continue
            self._poll()
            grid[here] += mid[here] * battle.stays[here]
            flat = self._settle(here[grid[here] != 0.0])
            if len(flat):
                m = grid[flat].copy()
                entries = self.battle.strikes(flat)
                stay = entries[3]
                stale = stay >= STALEMATE
                self._record(self.out.stalemates, flat[stale], m[stale])
                visits = np.where(stale, 0.0, m) / np.where(stale, 1.0, 1.0 - stay)
                self.explored += len(flat)
                self.out.expected_rounds += float(visits.sum())
                self._strike(entries, visits)
            fire = here[mid[here] != 0.0]
            self._fire(fire, mid[fire].copy())
            grid[here] = 0.0                # what came back is counted in the visits
            mid[here] = 0.0

    # -- round by round ---------------------------------------------------------------------
    def rounds(self, max_rounds: int, stop_below: float = 0.0) -> list[float]:
        """Up to ``max_rounds`` rounds (fewer once the live mass is below ``stop_below``);
        returns P(decided within N rounds) for each N (recorded mass; scratch: 1 - live).
        What is still on after the last round is ``undecided``."""
        curve: list[float] = []
        if self._first_round():
            self._fire_all()
        while len(curve) < max_rounds:
            self._poll()
            grid = self.grid.ravel()
            flat = self._settle(np.flatnonzero(grid))
            m = grid[flat].copy()
            self.grid[:] = 0.0
            entries = self.battle.strikes(flat)
            stale = entries[3] >= STALEMATE
            self._record(self.out.stalemates, flat[stale], m[stale])
            self.explored += len(flat)
            live = np.where(stale, 0.0, m)
            live_mass = float(live.sum())
            curve.append(1.0 - live_mass if self.scratch else self.settled)
            if len(curve) == max_rounds:
                if not self.scratch:
                    keep = ~stale
                    self._record_undecided(flat[keep], m[keep])
                break
            if live_mass < stop_below or not len(flat):
                break
            self.out.expected_rounds += live_mass
            self._strike(entries, live)
            self._fire_all()
        while len(curve) < max_rounds and not self.scratch:
            curve.append(curve[-1] if curve else 1.0)
        if not self.scratch:
            self.out.decided_by_round = curve
        return curve

    def _fire_all(self) -> None:
        mid = self.mid.ravel()
        flat = np.flatnonzero(mid)
        self._fire(flat, mid[flat].copy())
        self.mid[:] = 0.0

    def _record_undecided(self, flat: np.ndarray, m: np.ndarray) -> None:
        i, j = np.divmod(flat, self.battle.Cd)
        for a, d, p in zip(i.tolist(), j.tolist(), m.tolist()):
            key = self.battle.state(a, d)
            self.out.undecided[key] = self.out.undecided.get(key, 0.0) + p

    def curve(self) -> list[float]:
        """P(decided within N rounds) for the plot (coarse pruning, as solver.py's curve)."""
        return self.rounds(CURVE_ROUNDS, stop_below=1e-9)
