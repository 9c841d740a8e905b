"""A vectorised exact solver for Low Luck sea battles with the submarines' first strike.

A round (docs/rules.md §2) is two phases: the attacking submarines fire first and the defender
loses *sea* units only; then every other unit fires at once and each side loses any units by
its order of loss. The attacker still loses one unit at a time in one sequence (a chain, as in
``grid``): its rows r = units left. The defender loses sea units to the submarines and any
units to the main fire, so its compositions are cells (s, a) = (sea units lost, other units
lost): both phases take each kind in the order of loss (tested against the casualty policy),
so a cell is one composition. Cells are numbered by total losses: a round only moves mass to
the same cell (nothing lost) or to a later one, so every within-row system is triangular.

To the end, one attacker row at a time from the full row down: row r's mass x is final once
the rows above are pushed; its visits are y = x (I - N)^-1 with N = SUB_r · diag(P(defender
scores 0)) · MAIN_r (the round in which the attacker takes no hit; self-loops included: exact,
never iterated), and y feeds the rows below through the same product with the defender's
other hit counts: (y · SUB_r) ⊙ P(defender scores d), times MAIN_r, lands in row r - d.
SUB_r and MAIN_r are the defender's move matrices under row r's submarine hits and its other
units' hits. Round by round (``max_rounds``; and to the end with the "decided by round N"
curve, the curve and the answer in one pass, what is still on once the curve is drawn or
after ``MAX_ROUNDS_THEN_SWEEP`` rounds then swept row by row) every live row takes one such
round.

It answers what ``solver.solve`` answers (tests compare them state by state); hit-table tails
below ``TAIL_CUTOFF`` and cells lighter than ``prune_below`` are reported in ``pruned``.
"""
from __future__ import annotations

from typing import Any, Callable

import numpy as np

from ... import limits
from ...solver import BattleOutcome, Cancelled, DEFAULT_PRUNE
from .chains import (CURVE_DONE, STALEMATE, as_array, as_drawn, hit_tables,
                     RowRun, one_blas_thread, over_at_the_start, push_rows, removed_units)
from .hits import TAIL_CUTOFF
from .later import LaterRules
from .later_phases import ANY, SUB, may_take

#: The main fire's move matrices of all rows are kept when they fit in this many numbers
#: (64 MB; else made again for each round).
_MOVES_CACHE = 8_000_000


def applicable(rules: LaterRules) -> bool:
    """A sea battle whose attacker starts with submarines that strike first (the edition's
    ``submarines = "first_strike"``, the option on), of units that each take one hit, don't
    support each other and fight to the end (no transports or AA guns a round's end takes),
    with aircraft whose hits may take submarines: each side's main fire then takes its units
    in one sequence, and the strike the defender's non-aircraft in one sequence."""
    if not rules.first_strike_only or not rules.air_hits_submarines:
        return False
    a0, d0, _ = rules.initial_state()
    if not rules.has(0, a0, "submarine"):
        return False
    for side in (rules.att, rules.dfn):
        if side.support and any(units for _, units, _ in side.support):
            return False
        for s in side.slots:
            if (s.status or s.unit.hits > 1 or not s.unit.fights
                    or s.unit.abilities & {"transport", "aa_gun"}):
                return False
    return True


def on_the_grid(rules: LaterRules, state: Any) -> bool:
    """``state``'s compositions are one of the grid's cells: the attacker's on its chain, the
    defender's among the cells its order of loss reaches (the table: other casualties leave
    the grid, and the general solver answers from there)."""
    a0, d0, _ = rules.initial_state()
    return (state[0] in rules.chain("attacker", a0)
            and state[1] in _Defender(rules, d0).comps)


def work_estimate(rules: LaterRules, dfn: "_Defender | None" = None) -> float:
    """Multiply-adds the solve needs (``limits.MAX_GRID_WORK``), from the battle's sizes: per
    attacker row, the within-row system (~2 cells^3) and about a dozen pushes of the row
    through a round (round by round a row is pushed once a round: cells^2 x hit counts)."""
    a0, d0, _ = rules.initial_state()
    cells = (dfn or _Defender(rules, d0)).C
    return sum(a0) * cells ** 2 * (2.0 * cells + 12.0 * (sum(d0) + 1))


def _submarines(rules: LaterRules) -> list[int]:
    """The attacker's submarine slots (they strike first)."""
    return [i for i, s in enumerate(rules.att.slots) if s.unit.has("submarine")]


def _strike_groups(rules: LaterRules, comp) -> tuple[tuple[int, int], ...]:
    """The attacker's submarines' dice groups in the strike (one per submarine slot, empty
    ones too: a chain's hit tables are built one unit at a time)."""
    side = rules.att
    return tuple((comp[i] * side.dice0[i], side.values0[i]) for i in _submarines(rules))


def _fire_groups(rules: LaterRules, k: int, comp) -> tuple[tuple[int, int], ...]:
    """Side k's dice groups in the main fire: every unit but the attacker's submarines,
    which struck first (``MainFire``; no support here: ``applicable``)."""
    side = rules.side(k)
    return tuple((n * side.dice0[i], side.values0[i]) for i, (n, s) in
                 enumerate(zip(comp, side.slots))
                 if n and not (k == 0 and s.unit.has("submarine")))


class _AttackerChain:
    """The attacker's chain (``rules.chain``: one unit lost per hit, in its order of loss)
    with each composition's main-fire hit table, its submarines excluded (``chains.Chain``'s
    fields)."""

    def __init__(self, rules: LaterRules, start: tuple[int, ...]):
        self.comps = rules.chain("attacker", start)
        self.n = len(self.comps) - 1
        self.hits = hit_tables(rules, lambda c: _fire_groups(rules, 0, c), self.comps)


class _Defender:
    """The defender's cells (s, a) reachable from its start, their compositions, hit tables,
    and where each phase's hits move them (``sub_to[c, h]``, ``main_to[c, h]``: cell index)."""

    def __init__(self, rules: LaterRules, start: tuple[int, ...]):
        cas = rules.dfn
        # "sea" units: those the submarines' strike may take (every unit but aircraft)
        is_sea = np.array([may_take(SUB, s) for s in cas.slots], dtype=bool)
        n = sum(start)
        main_chain = [cas.take(start, ((ANY, k),))[0] for k in range(n + 1)]
        seq = removed_units(main_chain)                    # the unit types in order of loss
        n_sea = int(is_sea[seq].sum()) if n else 0
        sea_chain = [cas.take(start, ((SUB, k),))[0] for k in range(n_sea + 1)]
        sea_seq = removed_units(sea_chain)
        other_seq = seq[~is_sea[seq]]
        if not np.array_equal(seq[is_sea[seq]], sea_seq):
            raise AssertionError("the order of loss takes sea units in two orders")
        self.n, self.n_sea, self.n_other = n, n_sea, n - n_sea
        ns, no = n_sea + 1, self.n_other + 1
        # Every (s, a) on a ns x no board; unit i of ``seq`` is lost in (s, a) when it is among
        # the first s sea units or the first a others.
        rank = np.zeros(n, dtype=np.int64)                 # its place among its kind
        sea_pos, other_pos = np.flatnonzero(is_sea[seq]), np.flatnonzero(~is_sea[seq])
        rank[sea_pos] = np.arange(len(sea_pos))
        rank[other_pos] = np.arange(len(other_pos))
        unit_sea = is_sea[seq]
        s_all = np.repeat(np.arange(ns), no)
        a_all = np.tile(np.arange(no), ns)
        lost = np.where(unit_sea[None, :], rank[None, :] < s_all[:, None],
                        rank[None, :] < a_all[:, None])
        alive = ~lost
        # Main fire takes the first h units still alive in ``seq``: sea_taken[c, h].
        place = np.cumsum(alive, axis=1)                    # 1-based place of each alive unit
        board = ns * no
        sea_at = np.zeros((board, n + 2))
        rows, cols = np.nonzero(alive)
        sea_at[rows, place[rows, cols]] = unit_sea[cols]
        sea_taken = np.cumsum(sea_at, axis=1)[:, :n + 1].astype(np.int64)   # [c, h], h <= n
        left = n - s_all - a_all
        h = np.arange(n + 1)[None, :]
        took = np.minimum(h, left[:, None])
        main_s = s_all[:, None] + np.minimum(sea_taken, took)
        main_a = a_all[:, None] + took - np.minimum(sea_taken, took)
        main_to = main_s * no + main_a                      # board index after h hits
        sub_to = np.minimum(s_all[:, None] + h, n_sea) * no + a_all[:, None]
        # The cells reachable from (0, 0), numbered by total losses (then sea losses).
        order = np.lexsort((s_all, s_all + a_all))
        reach = np.zeros(board, dtype=bool)
        reach[0] = True
        for b in order:
            if reach[b]:
                reach[main_to[b]] = True
                reach[sub_to[b]] = True
        cells = order[reach[order]]
        index = np.full(board, -1)
        index[cells] = np.arange(len(cells))
        self.C = len(cells)
        self.s, self.a = s_all[cells], a_all[cells]
        self.main_to = index[main_to[cells]]
        self.sub_to = index[sub_to[cells]]
        self.main = _Moves(self.main_to, left[cells])
        self.sub = _Moves(self.sub_to, n_sea - self.s)
        self.wiped = self.C - 1                              # (n_sea, n_other): the last cell
        removed = np.zeros((len(cells), len(start)), dtype=np.int64)
        np.add.at(removed, (np.nonzero(lost[cells])[0], seq[np.nonzero(lost[cells])[1]]), 1)
        self.comps = [tuple(int(x) for x in row) for row in np.array(start) - removed]
        self._board = (cells, sea_seq, other_seq, ns, no)
        self.hits = np.zeros((self.C, 1))

    def make_hit_tables(self, rules: LaterRules) -> None:
        """``hits[c, h]``: P(the defender scores h hits in cell c), zero-padded."""
        dice = rules.dice
        if not dice.independent:
            tables = [as_array(dice.hit_dist(_fire_groups(rules, 1, c))) for c in self.comps]
        else:
            # Ordinary dice are independent: a cell's table is its units' tables convolved,
            # built over the board from "wiped out", one unit added at a time.
            cells, sea_seq, other_seq, ns, no = self._board
            width = len(rules.dfn.slots)
            per_type = {}
            for t in set(sea_seq.tolist()) | set(other_seq.tolist()):
                one = tuple(1 if u == t else 0 for u in range(width))
                per_type[t] = as_array(dice.hit_dist(_fire_groups(rules, 1, one)))
            board: list = [None] * (ns * no)
            wanted = set(cells.tolist())
            column = np.ones(1)                             # (every sea unit lost, a)
            for a in range(no - 1, -1, -1):
                if a < no - 1:
                    column = np.convolve(column, per_type[int(other_seq[a])])
                table = column
                board[(ns - 1) * no + a] = table
                for s in range(ns - 2, -1, -1):
                    table = np.convolve(table, per_type[int(sea_seq[s])])
                    if s * no + a in wanted:
                        board[s * no + a] = table
            tables = [board[b] for b in cells]
        out = np.zeros((self.C, max(len(t) for t in tables)))
        for c, t in enumerate(tables):
            out[c, :len(t)] = t
        if dice.independent:
            out[out < TAIL_CUTOFF] = 0.0
        self.hits = out


class _Moves:
    """Where one phase's hits move each cell: ``targets[c, h]`` (cell index) is distinct for
    h < ``cap[c]`` and the same cell for every h >= ``cap[c]`` (nothing more to take)."""

    def __init__(self, targets: np.ndarray, cap: np.ndarray):
        size, width = targets.shape
        self.size, self.width, self.cap = size, width, cap
        rows, cols = np.nonzero(np.arange(width)[None, :] < cap[:, None])
        self.flat = rows * size + targets[rows, cols]
        self.cols = cols
        every = np.arange(size)
        self.last_flat = every * size + targets[every, cap]

    def matrix(self, table: np.ndarray) -> np.ndarray:
        """[c, c'] = P(the hits of ``table`` move cell c to c')."""
        at_least = np.zeros(self.width + 1)
        n = min(len(table), self.width)
        at_least[:n] = np.cumsum(table[::-1])[::-1][:n]
        padded = np.zeros(self.width)
        padded[:n] = table[:n]
        out = np.zeros(self.size * self.size)
        out[self.flat] = padded[self.cols]
        out[self.last_flat] = at_least[self.cap]
        return out.reshape(self.size, self.size)

    def stay(self, table: np.ndarray) -> np.ndarray:
        """P(the hits of ``table`` leave each cell where it is)."""
        return np.where(self.cap > 0, table[0], table.sum())


class _Sea:
    """The battle's rows and cells: attacker chain, defender cells, move matrices per row."""

    def __init__(self, rules: LaterRules, dfn: _Defender):
        a0 = rules.initial_state()[0]
        self.att = _AttackerChain(rules, a0)                # main fire: subs excluded
        self.sub_hits = hit_tables(rules, lambda c: _strike_groups(rules, c),
                                   self.att.comps)
        dfn.make_hit_tables(rules)
        self.dfn = dfn
        self.R, self.C = self.att.n, self.dfn.C
        d = self.dfn.hits
        self.d_total = d.sum(axis=1)
        self.d_width = d.shape[1]
        self._subs: dict[tuple, np.ndarray] = {}       # SUB by the submarines' counts
        self._mains: dict[int, np.ndarray] | None = (
            {} if (self.R + 1) * self.C ** 2 <= _MOVES_CACHE else None)
        subs = _submarines(rules)
        self._sub_count = [tuple(c[i] for i in subs) for c in self.att.comps]
        self._stay = np.array([self.dfn.sub.stay(self.sub_hits[k]) * self.dfn.hits[:, 0] *
                               self.dfn.main.stay(self.att.hits[k])
                               for k in range(self.R + 1)])[::-1]

    def chain_index(self, r: int) -> int:
        return self.att.n - r

    def moves(self, r: int) -> tuple[np.ndarray, np.ndarray]:
        """(SUB_r, MAIN_r): the defender's move matrices under row r's submarines' and other
        units' hits."""
        k = self.chain_index(r)
        subs = self._sub_count[k]
        sub = self._subs.get(subs)
        if sub is None:
            sub = self._subs[subs] = self.dfn.sub.matrix(self.sub_hits[k])
        main = None if self._mains is None else self._mains.get(r)
        if main is None:
            main = self.dfn.main.matrix(self.att.hits[k])
            if self._mains is not None:
                self._mains[r] = main
        return sub, main

    def lost(self, r: int) -> tuple[float, np.ndarray]:
        """Chance a round lands in a cut hit-table tail: in the strike (per visit) and in the
        main fire (per cell after the strike); float rounding is not a tail."""
        k = self.chain_index(r)
        sub = 1.0 - float(self.sub_hits[k].sum())
        main = 1.0 - self.d_total * float(self.att.hits[k].sum())
        main[main < 1e-15] = 0.0
        return (sub if sub >= 1e-15 else 0.0), main

    def stale(self, r: int) -> np.ndarray:
        """Cells of row r a round can't change (a stalemate; "wiped out" is not one)."""
        out = self._stay[r] >= STALEMATE
        out[self.dfn.wiped] = False
        return out

    def state(self, r: int, c: int) -> Any:
        return (self.att.comps[self.chain_index(r)], self.dfn.comps[c], False)

    def cell(self, state: Any) -> tuple[int, int]:
        """(r, c) of ``state``'s compositions (KeyError: not on the grid)."""
        try:
            return (self.att.n - self.att.comps.index(state[0]),
                    self.dfn.comps.index(state[1]))
        except ValueError:
            raise KeyError(state) from None


def solve_sea(rules: LaterRules, *, max_rounds: int = 0, prune_below: float = DEFAULT_PRUNE,
              curve: bool = True, cancel: Callable[[], bool] | None = None,
              start: Any = None, withdraws: Callable[[Any], bool] | None = None,
              below: float = 0.0) -> BattleOutcome:
    """Exact outcome of ``rules`` (``applicable``) from its initial state, or from ``start``,
    a position at a round's start that the battle reaches by its order of loss (the table;
    KeyError when it is not one of the grid's cells).

    ``withdraws(state)``: a retreat rule that looks at the attacker's units only and holds
    once they are few enough ("withdraw with N units or fewer"), asked before every round
    (round 1 included; not after the last of ``max_rounds``): its attacker's bottom rows,
    whose mass is ``retreated``, as the generic solver's ``retreat`` leaves it. ``below`` > 0
    (to the end from the initial state only): the attacker also withdraws where its chance
    to win by fighting on, under these rules, is below it (``_fight_on``: every cell valued
    backwards first)."""
    if below > 0.0 and (start is not None or max_rounds > 0):
        raise ValueError("retreat_below on the sea grid is solved to the end only")
    if withdraws is not None and withdraws(rules.initial_state()):
        return over_at_the_start(rules.initial_state())
    dfn = _Defender(rules, rules.initial_state()[1])
    limits.check_exact(work_estimate(rules, dfn), limits.MAX_GRID_WORK, "multiply-adds")
    with one_blas_thread():
        sea = _Sea(rules, dfn)
    at = (sea.R, 0)
    if start is not None:
        at = sea.cell(start)
        if sea.stale(at[0])[at[1]]:                   # nothing can happen from there
            return over_at_the_start(start, "stalemates")
    leaves = None
    if withdraws is not None:                   # rows 1..withdrawn: units only decrease
        rows = [bool(withdraws(sea.state(r, 0))) for r in range(1, sea.R + 1)]
        withdrawn = sum(rows)
        if rows != [True] * withdrawn + [False] * (sea.R - withdrawn):
            raise AssertionError("a retreat rule must hold on the bottom rows of a chain")
        leaves = np.zeros((sea.R + 1, sea.C), dtype=bool)
        leaves[1:withdrawn + 1] = True
    if below > 0.0:
        on, at_start = _fight_on(sea, below, leaves, cancel)
        if at_start < below:                        # below at the start: no round
            return over_at_the_start(rules.initial_state())
        leaves = (on < below) if leaves is None else leaves | (on < below)
    if leaves is not None:
        leaves[0] = False
        leaves[:, sea.dfn.wiped] = False            # the battle is over there
    return push_rows(lambda out: _Run(sea, out, prune_below, cancel, at, leaves),
                     max_rounds, curve)


def _fight_on(sea: _Sea, below: float, leaves: np.ndarray | None,
              cancel: Callable[[], bool] | None = None) -> tuple[np.ndarray, float]:
    """Per cell (r, c), the attacker's chance to win by fighting the next round from it and
    following the rule after it — withdrawing where that chance is below ``below``, and at
    ``leaves`` —, and the chance of fighting round 1 from the start (its own state: every
    cell its round reaches at the value it has there). Row by row from the attacker's last
    unit (a round moves a cell down its rows or along its row), each row one triangular
    system (``grid_values.solve_row``); "wiped out" is worth 1, row 0 and a stalemate 0."""
    from .grid_values import solve_row
    R, C, wiped = sea.R, sea.C, sea.dfn.wiped
    value = np.zeros((R + 1, C))
    value[1:, wiped] = 1.0
    on = np.zeros_like(value)
    hits = sea.dfn.hits                                  # [c, d]: the defender scores d
    width = hits.shape[1]
    at_start = 0.0
    for r in range(1, R + 1):
        if cancel is not None and cancel():
            raise Cancelled()
        sub, main = sea.moves(r)
        first = max(1, r - width + 1)
        after = np.zeros(C)                                # after the strike, per cell
        if first < r:
            reach = value[first:r] @ main.T                # [r', c]: the main fire's moves
            after = (reach * hits[:, r - np.arange(first, r)].T).sum(axis=0)
        down = sub @ after                                 # the strike first
        flow = sub @ (hits[:, 0, None] * main)             # the row's own round
        rhs = down + flow[:, wiped]
        forced = np.zeros(C - 1, dtype=bool) if leaves is None else leaves[r, :wiped]
        row_on, row_value = solve_row(flow[None, :wiped, :wiped], rhs[None, :wiped], below,
                                      forced[None])
        on[r, :wiped], value[r, :wiped] = row_on[0], row_value[0]
        if r == R:
            at_start = float(rhs[0] + flow[0, :wiped] @ value[r, :wiped])
    return on, at_start


class _Run(RowRun):
    """Pushes the battle's mass into one ``BattleOutcome``."""

    def __init__(self, sea: _Sea, out: BattleOutcome, prune_below: float, cancel,
                 at: tuple[int, int] | None = None, leaves: np.ndarray | None = None):
        super().__init__(cancel, (sea.R + 1, sea.C))
        self.sea, self.out, self.prune_below = sea, out, prune_below
        self.at = (sea.R, 0) if at is None else at       # the start's cell
        #: [r, c]: the attacker withdraws from the cell before a round (none in row 0 or
        #: "wiped out"), or None
        self.leaves = leaves

    def _record(self, bucket: dict, r: int | np.integer, c: int | np.integer, m: float) -> None:
        key = self.sea.state(int(r), int(c))       # numpy's indices as ints
        bucket[key] = bucket.get(key, 0.0) + m

    def _start(self) -> np.ndarray:
        grid = np.zeros((self.sea.R + 1, self.sea.C))
        grid[self.at] = 1.0
        return grid

    def _prune(self, x: np.ndarray, keep: np.ndarray | None = None) -> None:
        tiny = (x < self.prune_below) & (x > 0)
        if keep is not None:
            tiny &= ~keep                   # withdrawn, however light
        if tiny.any():
            self.out.pruned += float(x[tiny].sum())
            x[tiny] = 0.0

    def _spread(self, grid: np.ndarray, r: int, leave: np.ndarray, sub: np.ndarray,
                main: np.ndarray, d_from: int) -> None:
        """Push the visits ``leave`` of row r through one round into ``grid``'s rows r - d
        (d >= ``d_from``; d >= r: row 0); the cut tails go to ``pruned``."""
        sea = self.sea
        j0 = int(np.flatnonzero(leave)[0])
        z = leave[j0:] @ sub[j0:, j0:]                      # after the submarines' strike
        lost_sub, lost_main = sea.lost(r)
        self.out.pruned += float(leave.sum()) * lost_sub + float(z @ lost_main[j0:])
        c0 = j0 + int(np.flatnonzero(z)[0]) if z.any() else j0
        z = z[c0 - j0:]
        hits = sea.dfn.hits[c0:, d_from:]
        if not hits.any():
            return
        spread = (z[:, None] * hits).T @ main[c0:, c0:]     # [d - d_from, c']
        inside = max(0, min(spread.shape[0], r - d_from))   # rows r - d >= 1
        if inside:
            grid[r - d_from - inside + 1:r - d_from + 1, c0:] += spread[inside - 1::-1]
        if inside < spread.shape[0]:
            grid[0, c0:] += spread[inside:].sum(axis=0)

    # -- to the end ----------------------------------------------------------------------
    def to_the_end(self, grid: np.ndarray | None = None) -> None:
        """Row by row from the start, or from ``grid`` (the cells alive at a round's start:
        ``rounds_to_the_end`` hands over what is left after its last round)."""
        sea, out = self.sea, self.out
        wiped = sea.dfn.wiped
        grid = self._start() if grid is None else grid
        leaves = self.leaves
        for r in range(sea.R, 0, -1):
            x = grid[r]
            if not x.any():
                continue
            self._poll()
            gone = None if leaves is None else leaves[r]
            if gone is not None and gone[:wiped].all():
                # the attacker withdraws from the whole row: its cells stay (``_withdraw``)
                if x[wiped]:
                    self._record(out.decided, r, wiped, float(x[wiped]))
                    x[wiped] = 0.0
                continue
            self._prune(x, gone)
            sub, main = sea.moves(r)
            stale = sea.stale(r)
            if gone is not None:
                stale = stale & ~gone                       # withdrawn before it stalls
            j0 = int(np.flatnonzero(x)[0]) if x.any() else wiped
            # Within the row (the defender scores no hit): visits y = x (I - N)^-1.
            flow = sub[j0:, j0:] @ (sea.dfn.hits[j0:, 0, None] * main[j0:, j0:])
            flow[wiped - j0] = 0.0                          # "wiped out" stays
            flow[stale[j0:]] = 0.0                          # so does a stalemate
            if gone is not None:
                flow[gone[j0:]] = 0.0                       # and a cell the attacker leaves
            system = np.eye(len(flow)) - flow
            x[j0:] = np.linalg.solve(system.T, x[j0:])
            if x[wiped]:
                self._record(out.decided, r, wiped, float(x[wiped]))
            for c in np.flatnonzero(stale & (x > 0)):
                self._record(out.stalemates, r, c, float(x[c]))
            leave = x.copy()
            leave[wiped] = 0.0
            leave[stale] = 0.0
            if gone is not None:
                leave[gone] = 0.0                           # recorded by ``_withdraw``
            if not leave.any():
                continue
            self.seen[r] |= leave > 0
            out.expected_rounds += float(leave.sum())
            self._spread(grid, r, leave, sub, main, 1)
        for c in np.flatnonzero(grid[0]):
            self._record(out.decided, 0, c, float(grid[0, c]))
        self._withdraw(grid)

    # -- round by round ------------------------------------------------------------------
    def step(self, alive: np.ndarray) -> np.ndarray:
        """One round from ``alive`` (live cells only)."""
        nxt = np.zeros_like(alive)
        for r in np.flatnonzero(alive.any(axis=1)):
            self._poll()
            sub, main = self.sea.moves(int(r))
            self._spread(nxt, int(r), alive[r], sub, main, 0)
        return nxt

    def _withdraw(self, grid: np.ndarray) -> None:
        """Record the mass in the cells the attacker withdraws from (``leaves``) as
        retreated; zero it."""
        if self.leaves is None:
            return
        for r, c in zip(*np.nonzero(self.leaves & (grid != 0.0))):
            self._record(self.out.retreated, int(r), int(c), float(grid[r, c]))
            grid[r, c] = 0.0

    def settle(self, grid: np.ndarray, withdraw: bool = True) -> np.ndarray:
        """Move decided, withdrawn (``withdraw``), stalemate and tiny cells out of ``grid``
        (recorded)."""
        sea, out = self.sea, self.out
        wiped = sea.dfn.wiped
        for c in np.flatnonzero(grid[0]):
            self._record(out.decided, 0, c, float(grid[0, c]))
        for r in np.flatnonzero(grid[1:, wiped]):
            self._record(out.decided, r + 1, wiped, float(grid[r + 1, wiped]))
        grid[0] = 0.0
        grid[:, wiped] = 0.0
        if withdraw:
            self._withdraw(grid)
        self._prune(grid)
        for r in np.flatnonzero(grid.any(axis=1)):
            stale = sea.stale(int(r)) & (grid[r] > 0)
            for c in np.flatnonzero(stale):
                self._record(out.stalemates, int(r), int(c), float(grid[r, c]))
                grid[r, c] = 0.0
        return grid

    def rounds(self, max_rounds: int) -> None:
        out = self.out
        alive = self._start()
        for n in range(max_rounds):
            if n:
                out.expected_rounds += float(alive.sum())
            # no withdrawal after the last round: what is still on then is ``undecided``
            alive = self.settle(self.step(alive), withdraw=n + 1 < max_rounds)
            if n == 0:
                out.expected_rounds = 1.0
            out.decided_by_round.append(1.0 - float(alive.sum()))
        for r, c in zip(*np.nonzero(alive)):
            self._record(out.undecided, int(r), int(c), float(alive[r, c]))

    def rounds_to_the_end(self, cap: int) -> None:
        """To the end round by round, the "decided by round N" curve in the same pass; what
        is still on once the curve is drawn (all but ``CURVE_DONE`` decided) or after ``cap``
        rounds is swept to the end (``to_the_end``: in long battles of weak units the rounds
        left would cost more than the sweep)."""
        out = self.out
        alive = self.settle(self.step(self._start()))
        out.expected_rounds = 1.0
        curve = [1.0 - float(alive.sum())]
        while alive.any():
            if len(curve) >= cap or 1.0 - curve[-1] < CURVE_DONE:
                self.to_the_end(alive)             # the curve is drawn: sweep the rest
                break
            self.seen |= alive > 0
            out.expected_rounds += float(alive.sum())
            alive = self.settle(self.step(alive))
            curve.append(1.0 - float(alive.sum()))
        self.started = 1
        out.decided_by_round = as_drawn(curve)
