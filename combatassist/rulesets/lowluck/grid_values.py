"""The attacker's chance to win from every cell of a grid (``subbattles.Group``), solved
backwards under "withdraw when the chance falls below X" (``retreat_below``): what the generic
``position_values`` computes position by position, on the grid's cells at once.

A round moves a cell (k, r, j) down its rows (the defender's hits) and along its row (the
attacker's hits), never up or back. So the rows are valued from the bottom, and a row's cells
from its last (the defender's fewest units left): when a cell is reached, every cell its round
may lead to has its value, the rule applied there. Its chance of fighting on is theirs, weighed
by the round's chances, over the chance the round leaves it (its self-loop removed, as the
generic solver removes it); the rule then says whether the attacker fights on from it (its
value) or withdraws (0). A stalemate, which nothing can leave, is worth 0: the generic reading.

Ends: the defender wiped out (column nd) is the attacker's win, 1; the attacker wiped out (row
0, draws included) 0; a cell a round's end folds is worth where it folds to.
"""
from __future__ import annotations

from typing import Callable, cast

import numpy as np

from .chains import STALEMATE
from .subbattles import MAX_SERIES_TERMS, SERIES_BELOW, SERIES_TAIL, Group


def work(g: Group) -> float:
    """Multiply-adds ``fight_on`` needs: per row, its move matrices against the values of the
    rows the defender's hits reach (at most the width of its hit tables), and the row's own
    system solved about twice (``_row``)."""
    return float(g.K * g.R * (min(g.R, g.hd.shape[1]) * (g.nd + 1) ** 2 + g.nd ** 3))


def fight_on(g: Group, below: float, leaves: np.ndarray | None = None,
             poll: Callable[[], None] | None = None) -> tuple[np.ndarray, np.ndarray]:
    """(on, value) [k, r, j]: the attacker's chance to win by fighting the next round from
    each live cell and following the rule after it, and the cell's value under the rule — 0
    where it withdraws (``on`` < ``below``, or ``leaves`` [k, r, j]: another rule's
    withdrawal cells), ``on`` elsewhere; the ends as the module docstring says. ``poll()``
    is called before each row (it raises to cancel)."""
    K, R, nd = g.K, g.R, g.nd
    value = np.zeros((K, R + 1, nd + 1))
    on = np.zeros_like(value)
    value[:, 1:, nd] = 1.0
    fixed = None
    if g.fold_d is not None:                  # folded cells: worth where they fold to
        value[g.fold_d] = 1.0
        fixed = g.fold_any
    hd = g.hd
    width = hd.shape[1]
    for r in range(1, R + 1):
        if poll is not None:
            poll()
        moves = g.moves(slice(None), r, 0, nd, 0, nd + 1)          # [k, j, j']
        # the rows below: the defender scores a >= 1 hits (row 0 is worth 0)
        down = np.zeros((K, nd))
        first = max(1, r - width + 1)
        if first < r:
            reach = np.matmul(value[:, first:r, :], moves.transpose(0, 2, 1))  # [k, r', j]
            hits = r - np.arange(first, r)                                   # a = r - r'
            down = (reach * hd[:nd, hits].T[None]).sum(axis=1)
        forced = leaves[:, r, :nd] if leaves is not None else np.zeros((K, nd), dtype=bool)
        row_on, row_value = _row(moves, hd[:nd, 0], down, below, forced,
                                 None if fixed is None else fixed[:, r, :nd],
                                 value[:, r, :nd])
        on[:, r, :nd] = row_on
        value[:, r, :nd] = row_value
    return on, value


def _row(moves: np.ndarray, miss: np.ndarray, down: np.ndarray, below: float,
         forced: np.ndarray, fixed: np.ndarray | None, fixed_value: np.ndarray
         ) -> tuple[np.ndarray, np.ndarray]:
    """One row's (on, value) [k, j] (``solve_row``): ``down`` what its cells' rounds are
    worth in the rows below, ``moves`` [k, j, j'] its defender's moves (the cell's own row
    when the defender scores no hit, chance ``miss`` [j]; column nd: wiped out, worth 1)."""
    flow = moves[:, :, :-1] * miss[None, :, None]               # [k, j, j'], j' >= j
    rhs = down + miss[None, :] * moves[:, :, -1]                # ... and to "wiped out"
    return solve_row(flow, rhs, below, forced, fixed, fixed_value)


def solve_row(flow: np.ndarray, rhs: np.ndarray, below: float, forced: np.ndarray,
              fixed: np.ndarray | None = None, fixed_value: np.ndarray | None = None
              ) -> tuple[np.ndarray, np.ndarray]:
    """One row's (on, value) [k, j] under "withdraw below ``below``": ``flow`` [k, j, j'] the
    row's own moves (j' >= j: upper triangular, its diagonal the self-loops), ``rhs`` [k, j]
    what a cell's round is worth elsewhere, ``forced`` the cells another rule withdraws
    from, ``fixed`` cells worth ``fixed_value`` (folded).

    Cell j's chance depends on the cells after it in the row (j' > j), so the row is one
    upper-triangular system in the chances of the cells that fight on. Which cells those are
    depends on the chances: solved with none withdrawing but the forced, then again with the
    cells found below ``below`` withdrawing, until no more are found. Withdrawing only lowers
    the chances before it (all weights are non-negative), so the set only grows, and at the
    end every cell is what the cell-by-cell recursion gives (it has one solution). A
    stalemate (its self-loop 1) is worth 0."""
    K, nd = rhs.shape
    diag = np.arange(nd)
    flow = flow.copy()
    stay = flow[:, diag, diag].copy()
    stale = stay >= STALEMATE
    flow[:, diag, diag] = 0.0
    keep = np.zeros((K, nd), dtype=bool) if fixed is None else fixed
    if fixed is not None:
        rhs = rhs + np.einsum("kjc,kc->kj", flow, np.where(fixed, cast(np.ndarray, fixed_value), 0.0))
    rhs = np.where(stale, 0.0, rhs)
    scale = np.where(stale, 1.0, 1.0 - stay)            # a cell's round, its self-loop out
    # The cells whose round leaves them within the row at most SERIES_BELOW of the time (a
    # big defender rarely scores no hit) come first: they are summed as a series, the rest
    # (the defender's last units) solved at once.
    coupling = (flow.sum(axis=2) / scale).max(axis=0)
    big = np.flatnonzero(coupling > SERIES_BELOW)
    m = int(big[0]) if big.size else nd
    gone = forced | stale
    while True:
        fights = ~(gone | keep)
        on = np.zeros((K, nd))
        if m < nd:
            # on (1 - stay) - sum over fighting cells j' of flow[j, j'] on[j'] = rhs
            system = -flow[:, m:, m:] * fights[:, None, m:]
            system[:, diag[:nd - m], diag[:nd - m]] = scale[:, m:]
            on[:, m:] = np.linalg.solve(system, rhs[:, m:, None])[:, :, 0]
            on[:, m:][stale[:, m:]] = 0.0
        if m:
            on[:, :m] = _series(flow[:, :m], rhs[:, :m], scale[:, :m], fights,
                                np.where(fights[:, m:], on[:, m:], 0.0))
            on[:, :m][stale[:, :m]] = 0.0
        now = gone | (on < below)
        if fixed is not None:
            now &= ~fixed
        if (now == gone).all():
            break
        gone = now
    value = np.where(gone, 0.0, on)
    if fixed is not None:
        value = np.where(fixed, cast(np.ndarray, fixed_value), value)
    return on, value


def _series(flow: np.ndarray, rhs: np.ndarray, scale: np.ndarray, fights: np.ndarray,
            after: np.ndarray) -> np.ndarray:
    """The chances of a row's first m cells (``flow`` [k, j < m, j']: their own-row moves,
    each at most ``SERIES_BELOW`` of their round), the chances of the cells after them
    (``after``, 0 where they withdraw) known: x = b + N x with N = flow / scale over the
    fighting cells, summed term by term (each at most SERIES_BELOW of the last) until a term
    is below ``SERIES_TAIL`` of the sum — as ``subbattles.within`` sums a row's flow."""
    m = rhs.shape[1]
    step = flow[:, :, :m] * fights[:, None, :m] / scale[:, :, None]
    x = (rhs + np.einsum("kjc,kc->kj", flow[:, :, m:], after)) / scale
    term = x
    for _ in range(MAX_SERIES_TERMS):
        term = np.einsum("kjc,kc->kj", step, term)
        x = x + term
        if float(np.abs(term).max()) <= SERIES_TAIL * max(float(np.abs(x).max()), 1e-300):
            return x
    raise AssertionError("the row's series did not converge")
