"""Low Luck's batch engine: many battles of one edition, kind and options solved together,
the battles a batch axis of the same numpy calls (``solvers.solve_batch`` routes a batch
here; the planner asks it for every sub-army at once).

A battle on its own pays a fixed cost in Python before and after its few array operations:
its rules, its sides' chains and hit tables, its sub-battles, its outcome. Solving a planner's
hundreds of small battles one by one, that cost is most of the time. Here it is shared:

- the battles' rules may be *variants* of one rules object (``with_units``: the same slots,
  order of loss and phases, other starting counts), so their chains share one table of
  compositions: each composition's next one (one hit taken by the casualty policy) and its
  hit table are worked out once for the whole batch (``_Chains``);
- the sub-battles of every battle that starts against the same defender go into one
  ``subbattles.Group`` (its cells (k, r, j): sub-battle k of *any* battle), swept to the end
  row by row in the same calls (``_sweep``: ``plain_rounds_grid``'s dense sweep, each
  figure kept per sub-battle and added up per battle), and, for the "decided by round N"
  curve, stepped round by round together (``_curve``);
- what is left per battle is recording its end positions.

The answers are those of ``plain_rounds_grid.solve_grid`` battle by battle (both exact, to
the rounding of their sums: tests compare them to 1e-12 on random batches). What it takes:
a later edition's battles (``later.LaterRules``) whose rounds are one fire phase
(``plain_rounds_grid.applicable``: no submarines), from the start, without retreat rules;
``solvers.solve_batch`` solves the others one by one.
"""
from __future__ import annotations

import functools
import gc
from typing import Any, Callable, Sequence

import numpy as np

from ... import limits
from ...battle import phase_exact
from ...solver import BattleOutcome, Cancelled, DEFAULT_PRUNE
from .chains import CURVE_DONE, CURVE_ROUNDS, STALEMATE, Chain, as_drawn, one_blas_thread
from .plain_rounds_grid import _Solver, solve_grid, work_estimate
from .subbattles import MOVES_CACHE, Group, inverses

#: ... and their rows' within-row solutions are worked out up front when they fit in this
#: many numbers (``subbattles.INVERSE_CACHE``'s, for a batch part).
INVERSE_CELLS = 60_000
#: The sub-battles of one group are swept in parts whose move matrices fit in this many
#: numbers (``subbattles.MOVES_CACHE``: the dense sweep keeps them all).
PART_CELLS = MOVES_CACHE


def batchable(rules: Any) -> bool:
    """``solve`` answers ``rules``' battle: a later edition's (its sides as slots), not over
    at the start, every round after the first one fire phase
    (``plain_rounds_grid.applicable``)."""
    from .later import LaterRules
    if not isinstance(rules, LaterRules):
        return False
    # no submarine (the slots'), then neither side left alone at the start (the counts')
    layout = _layout(rules)
    if layout[2]:
        return False
    state = rules.initial_state() if layout[3] else (rules.att.counts0, rules.dfn.counts0,
                                                     True)
    a, d, _ = state
    # a battle over before it starts is the general solver's (its round flag and its curve
    # for a round limit are its own)
    return not (rules.att.left_alone(a) or rules.dfn.left_alone(d)) and \
        rules.verdict(state) is None


def start_of(rules: Any) -> tuple:
    """``rules.initial_state()``, without its look for lone transports when neither side
    has any (a planner's batch asks it of thousands of variants)."""
    if _layout(rules)[3]:
        return rules.initial_state()
    return (rules.att.counts0, rules.dfn.counts0, True)


def _layout(rules: Any) -> tuple:
    """(attacker's slots, defender's slots, a submarine on a side, a transport on a side),
    once per pair of slot layouts."""
    key = (id(rules.att.slots), id(rules.dfn.slots))
    facts = _LAYOUTS.get(key)
    if facts is None or facts[0] is not rules.att.slots or facts[1] is not rules.dfn.slots:
        if len(_LAYOUTS) > 256:
            _LAYOUTS.clear()
        slots = [s for side in (rules.att, rules.dfn) for s in side.slots]
        facts = _LAYOUTS[key] = (rules.att.slots, rules.dfn.slots,
                                 any(s.unit.has("submarine") for s in slots),
                                 any(s.unit.has("transport") for s in slots))
    return facts


#: ``_layout``'s facts per pair of slot layouts (the slots kept: their ids are not reused
#: while here).
_LAYOUTS: dict = {}


def with_units(rules: Any, attacker: Sequence[int] | None = None,
               defender: Sequence[int] | None = None) -> Any:
    """A later edition's ``rules`` with other starting counts (per slot of its sides, in
    their order: ``rules.att.slots``, ``rules.dfn.slots``), everything else shared: the
    planner's sub-armies, without making rules for each. A count may be 0 (a slot the
    variant doesn't use). Tests compare a variant's answers with the rules made from the
    same units."""
    out = _copy(rules)
    for name, counts in (("att", attacker), ("dfn", defender)):
        if counts is None:
            continue
        side = _copy(getattr(rules, name))
        if len(counts) != len(side.counts0):
            raise ValueError(f"{len(counts)} counts for {len(side.counts0)} slots")
        side.counts0 = counts if type(counts) is tuple else tuple(int(n) for n in counts)
        setattr(out, name, side)
        # the later editions' sides are their own casualty policy (Classic's policy only
        # reads the side's fixed numbers)
        cas = "att_cas" if name == "att" else "def_cas"
        if getattr(rules, cas) is getattr(rules, name):
            setattr(out, cas, side)
    return out


def _copy(obj: Any) -> Any:
    """A shallow copy of a plain object (its attributes shared; ``copy.copy`` costs 5x)."""
    out = object.__new__(type(obj))
    out.__dict__.update(obj.__dict__)
    return out


class _Chains:
    """Chains of one side layout, shared by a batch: a composition's next one (one more hit
    by the casualty policy: ``policy(comps[k], h) == comps[k + h]``) and its hit table,
    each worked out once."""

    def __init__(self, rules: Any, role: str):
        self.rules, self.role = rules, role
        self.side = rules.att if role == "attacker" else rules.dfn
        self.next: dict = {}
        self.rests: dict = {}
        self.chains: dict = {}

    def comps(self, start: tuple) -> list:
        """``start``'s chain: its compositions after 0, 1, ... hits to nothing left, each
        composition's rest of the chain worked out once for the batch (the chain of a
        sub-army's next composition is another sub-army's)."""
        known, nxt = self.rests, self.next
        path = []
        comp = start
        while comp not in known:
            path.append(comp)
            after = nxt.get(comp)
            if after is None:
                after = nxt[comp] = self.side.take(comp, (("any", 1),))[0]
            if after == comp:               # nothing left to take: the chain's end
                known[comp] = (comp,)
                path.pop()
                break
            comp = after
        rest = known[comp]
        for c in reversed(path):
            rest = known[c] = (c,) + rest
        return list(known[start])

    def make(self, starts: list[tuple]) -> list[Chain]:
        """The chains of ``starts`` (their hit tables from one ``chain_hits`` call)."""
        lists = {s: self.comps(s) for s in dict.fromkeys(starts) if s not in self.chains}
        if lists:
            every = list(dict.fromkeys(c for comps in lists.values() for c in comps))
            table = self.rules.chain_hits(self.role, every)
            row = {c: i for i, c in enumerate(every)}
            # every chain's rows in one gather, each chain a slice of it, its width the
            # widest of its rows (the last hit count any of them may score, plus one)
            index = np.fromiter((row[c] for comps in lists.values() for c in comps),
                                dtype=np.int64)
            lengths = np.fromiter((len(comps) for comps in lists.values()), dtype=np.int64)
            bounds = np.concatenate([[0], np.cumsum(lengths)])
            hits = table[index]
            nonzero = hits > 0
            last = np.where(nonzero.any(axis=1),
                            hits.shape[1] - 1 - nonzero[:, ::-1].argmax(axis=1), 0)
            widths = (np.maximum.reduceat(last, bounds[:-1]) + 1).tolist()
            for (s, comps), a, b, w in zip(lists.items(), bounds[:-1].tolist(),
                                           bounds[1:].tolist(), widths):
                chain = Chain.__new__(Chain)
                chain.comps, chain.n = comps, len(comps) - 1
                chain.hits = hits[a:b, :w]
                self.chains[s] = chain
        return [self.chains[s] for s in starts]


class _BatchGroup(Group):
    """A ``Group`` whose sub-battles may belong to different battles (``rules_of[k]``: the
    rules of sub-battle k's battle): round 1's tables and the round ends are asked of each
    sub-battle's own rules."""

    def __init__(self, attackers: list[Chain], masses: list[float], dfn: Chain,
                 rules_of: list[Any], round1: bool):
        self.rules_of = rules_of
        super().__init__(attackers, masses, dfn, rules_of[0], round1)

    @functools.cached_property
    def within_inverse(self) -> np.ndarray | None:
        """Every row's within-row solution up front, as ``Group.within_inverse``, for a part
        as big as the batch's (``PART_CELLS``: the row by row series costs far more)."""
        size = self.nd + 1 - self.first_miss
        if size > 1 and self.K * self.R * size ** 2 <= INVERSE_CELLS:
            return inverses(self.within_flow(slice(None), slice(1, None), self.first_miss))
        return None

    def _opening(self, rules: Any):
        if not any(r.bombard for r in self.rules_of):
            return None          # round 1 is fought like the others: the sweep's first row
        return [r.opening_hits(c.comps[0]) for r, c in zip(self.rules_of, self.attackers)]

    def rules_of_sub_battle(self, k: int, rules: Any) -> Any:
        return self.rules_of[k]


def solve(rules_list: Sequence[Any], *, max_rounds: int = 0, curve: bool = True,
          prune_below: float = DEFAULT_PRUNE, cancel: Callable[[], bool] | None = None,
          progress: Callable[[int, int], None] | None = None) -> list[BattleOutcome]:
    """Each battle's outcome from its start (``batchable`` must hold for every one), to the
    end (``max_rounds`` 0) or for ``max_rounds`` rounds; ``curve``: with the "decided by
    round N" curve (to the end only; without it ``decided_by_round`` is empty). ``progress``
    (battles done, battles) is called between groups; EngineError past the work limit
    (``limits.MAX_GRID_WORK``, the whole batch's)."""
    collecting = gc.isenabled()
    gc.disable()          # the batch makes many small objects: no collection in between
    try:
        return _solve(rules_list, max_rounds, curve, prune_below, cancel, progress)
    finally:
        if collecting:
            gc.enable()


def _solve(rules_list, max_rounds, curve, prune_below, cancel, progress):
    outs = [BattleOutcome() for _ in rules_list]
    # round 1's phases before the fire, battle by battle: its sub-battles by the defender
    groups: dict = {}
    chains: dict = {}
    for b, rules in enumerate(rules_list):
        state0 = start_of(rules)
        if rules.verdict(state0) is not None:
            outs[b].decided[state0] = 1.0
            outs[b].decided_by_round = [1.0]
            continue
        current: dict = {state0: 1.0}
        for phase in rules.phases(state0)[:-1]:
            current = phase_exact(phase, current)
        dropped = 1.0 - sum(current.values())
        outs[b].pruned += dropped if dropped > 1e-15 else 0.0
        for (a, d, round1), p in current.items():
            if p < prune_below:
                outs[b].pruned += p
                continue
            layout = (id(rules.att.slots), id(rules.dfn.slots))
            groups.setdefault((layout, d, round1), []).append((b, a, p))
            if layout not in chains:
                chains[layout] = (_Chains(rules, "attacker"), _Chains(rules, "defender"))
    done = 0
    fallback: dict = {}
    with one_blas_thread():
        parts = []
        for (layout, d, round1), subs in groups.items():
            att_chains, dfn_chains = chains[layout]
            dfn = dfn_chains.make([d])[0]
            atts = att_chains.make([a for _, a, _ in subs])
            if (dfn.hits[:dfn.n, 0] >= STALEMATE).any():
                # both sides may be unable to hit (a stalemate): the dense sweep doesn't
                # look for those cells, the battle's own solve does
                stall = {b for (b, _, _), att in zip(subs, atts)
                         if (att.hits[:att.n, 0] >= STALEMATE).any()}
                for b in stall:
                    fallback[b] = rules_list[b]
            kept = [(s, a) for s, a in zip(subs, atts) if s[0] not in fallback]
            if not kept:
                continue
            # by the attacker's size: a part's rows are its largest chain's, so parts of
            # like sizes sweep no empty rows (half the work for a planner's sub-armies)
            kept.sort(key=lambda sa: sa[1].n)
            subs, atts = [s for s, _ in kept], [a for _, a in kept]
            # parts whose move matrices fit (the dense sweep keeps them all)
            size = (dfn.n + 1) ** 2
            start = 0
            while start < len(subs):
                end, most = start, 0
                while end < len(subs):
                    most = max(most, atts[end].n + 1)
                    if (end + 1 - start) * most * size > PART_CELLS and end > start:
                        break
                    end += 1
                parts.append((subs[start:end], atts[start:end], dfn, round1))
                start = end
        built = []
        work = 0.0
        on_by_battle: dict = {}
        for subs, atts, dfn, round1 in parts:
            g = _BatchGroup(atts, [p for _, _, p in subs], dfn,
                            [rules_list[b] for b, _, _ in subs], round1)
            built.append((g, np.array([b for b, _, _ in subs])))
            work += work_estimate([g])
        limits.check_exact(work, limits.MAX_GRID_WORK, "multiply-adds")
        total = len(rules_list)
        for g, battle_of in built:
            if cancel is not None and cancel():
                raise Cancelled()
            if max_rounds > 0:
                _rounds(g, battle_of, outs, on_by_battle, max_rounds, prune_below, cancel)
            else:
                _sweep(g, battle_of, outs, prune_below, cancel)
                if curve:
                    _curve(g, battle_of, on_by_battle, prune_below, cancel)
            done += len(set(battle_of.tolist()))
            if progress is not None:
                progress(min(done, total), total)
    for b, on in on_by_battle.items():
        curve_b = [1.0 - x for x in on]
        outs[b].decided_by_round = curve_b if max_rounds > 0 else as_drawn(curve_b)
    for b, rules in fallback.items():
        outs[b] = solve_grid(rules, max_rounds=max_rounds, curve=curve, cancel=cancel,
                             prune_below=prune_below)
    return outs


def _add(values: np.ndarray, battle_of: np.ndarray, n: int) -> list[float]:
    """Per-sub-battle ``values`` added up per battle (the first n battles' indices)."""
    return np.bincount(battle_of, weights=values, minlength=n).tolist()


def _sweep(g: _BatchGroup, battle_of: np.ndarray, outs: list[BattleOutcome],
           prune: float, cancel) -> None:
    """``plain_rounds_grid._Solver._to_the_end_dense`` on a batch group: the same rows,
    each figure (expected rounds, pruned mass, cells met, end positions) per sub-battle,
    added up per battle."""
    scratch = _Solver(BattleOutcome(), prune, cancel)
    K, nd = g.K, g.nd
    n = len(outs)
    pruned = np.zeros(K)
    rounds = np.zeros(K)
    cells_met = np.zeros(K)
    # the start (``_Solver.start``): round 1 fought from the starts, or its end
    if g.opening is None:
        rounds += np.where(g.over_at_start(), g.masses, 0.0)
        grid = g.start_grid()
    else:
        rounds += g.masses
        cells_met += 1
        grid, _ = g.opening_round()
        lost = np.array([1.0 - h1.sum() * g.hd[0].sum() for h1 in g.opening])
        lost[lost < 1e-15] = 0.0
        pruned += np.where(g.starts > 0, g.masses * lost, 0.0)
    use_moves = g._all_moves is not None
    fm, inverse = g.first_miss, (g.within_inverse if use_moves else None)
    below = g.hd[None, :nd, 1:]
    width = below.shape[2]
    leaves = np.zeros((K, g.R + 1, nd))
    d_most = g.d_last[:nd]
    for r in range(g.R, 0, -1):
        if cancel is not None and cancel():
            raise Cancelled()
        row = grid[:, r, :]
        scratch._fold_row(g, grid, slice(None), r, row)
        alive = row[:, :nd]
        live = alive.any(axis=0)
        jl = int(live.argmax())
        if not live[jl]:
            continue
        cells = alive[:, jl:]
        tiny = (cells < prune) & (cells > 0)
        if tiny.any():
            pruned += np.where(tiny, cells, 0.0).sum(axis=1)
            cells[tiny] = 0.0
        if inverse is not None:
            j0 = max(fm, jl)
            row[:, j0:] = np.matmul(row[:, None, j0:],
                                    inverse[:, r - 1, j0 - fm:, j0 - fm:])[:, 0, :]
        elif fm < nd:
            rest = alive[:, fm:].any(axis=0)
            if rest.any():
                _within_row(g, r, int(rest.argmax()) + fm, row)
        scratch._fold_row(g, grid, slice(None), r, row)
        leaves[:, r, jl:] = cells
        most = min(width, int(d_most[jl]))
        if most < 1:
            continue
        moves = g.moves(slice(None), r, jl, nd, jl, nd + 1)
        spread = np.matmul((cells[:, :, None] * below[:, jl:, :most]).transpose(0, 2, 1),
                           moves)
        inside = min(most, r - 1)
        if inside:
            grid[:, r - inside:r, jl:] += spread[:, inside - 1::-1]
        if inside < most:
            grid[:, 0, jl:] += spread[:, inside:].sum(axis=1)
    cells_met += np.count_nonzero(leaves, axis=(1, 2))
    rounds += leaves.sum(axis=(1, 2))
    pruned += (leaves * g.dropped_all()).sum(axis=(1, 2))
    mine = np.unique(battle_of).tolist()
    for figure, values in (("expected_rounds", rounds), ("pruned", pruned)):
        totals = _add(values, battle_of, n)
        for b in mine:
            setattr(outs[b], figure, getattr(outs[b], figure) + totals[b])
    totals = _add(cells_met, battle_of, n)
    for b in mine:
        outs[b].states_explored += int(round(totals[b]))
    _record_ends(g, grid, battle_of, outs)


def _within_row(g: _BatchGroup, r: int, j0: int, row: np.ndarray) -> None:
    """Row r's own flow from cell j0 on (the defender scores no hit), in place, as
    ``_Solver._within_row``: x (I - N) = b for every sub-battle's upper-triangular,
    non-negative N, by substitution a cell at a time over all sub-battles together (the
    row's cells are few; the series and the up-front inverses cost the batch more)."""
    nd = g.nd
    flow = g.within_flow(slice(None), r, j0)           # [k, i, c]: cells j0..nd-1 -> j0..nd
    b = row[:, j0:]
    n = nd - j0
    x = np.empty_like(b)
    stay = 1.0 - flow[:, np.arange(n), np.arange(n)]   # 1 - the self-loops
    x[:, 0] = b[:, 0] / stay[:, 0]
    for c in range(1, n + 1):
        inflow = np.einsum("ki,ki->k", x[:, :c], flow[:, :c, c])
        x[:, c] = (b[:, c] + inflow) / stay[:, c] if c < n else b[:, c] + inflow
    row[:, j0:] = x


def _record_ends(g: _BatchGroup, grid: np.ndarray, battle_of: np.ndarray,
                 outs: list[BattleOutcome]) -> None:
    """The decided cells of a swept grid (column nd: the defender wiped out; row 0: the
    attacker), each into its battle's outcome."""
    nd, dfn = g.nd, g.dfn.comps
    wiped = grid[:, :, nd].tolist()            # [k][r]: r >= 1
    lost = grid[:, 0, :].tolist()              # [k][j]
    gone_d = dfn[nd]
    of = battle_of.tolist()
    for k, att in enumerate(g.attackers):
        comps, n = att.comps, att.n
        decided = outs[of[k]].decided
        ends = [((comps[n - r], gone_d, False), m) for r, m in enumerate(wiped[k]) if m and r]
        ends += [((comps[n], dfn[j], False), m) for j, m in enumerate(lost[k]) if m]
        if not decided:
            decided.update(ends)
            continue
        for key, m in ends:
            decided[key] = decided.get(key, 0.0) + m


def _live_by_battle(g: _BatchGroup, grid: np.ndarray, battle_of: np.ndarray, n: int,
                    prune: float) -> np.ndarray:
    """Prune the live cells lighter than ``prune`` (as the rounds do) and return the live
    mass per battle."""
    live = grid[:, 1:, :g.nd]
    live[live < prune] = 0.0
    return np.bincount(battle_of, weights=live.sum(axis=(1, 2)), minlength=n)


def _curve(g: _BatchGroup, battle_of: np.ndarray, on_by_battle: dict, prune: float,
           cancel) -> None:
    """The mass still on after each round ("decided by round N"), per battle of the group,
    added to ``on_by_battle[b]``: every sub-battle stepped round by round together
    (``_Solver.step``), until every battle's is far below what the curve draws (``CURVE_DONE``)
    or for ``CURVE_ROUNDS`` rounds."""
    scratch = _Solver(BattleOutcome(), prune, cancel)
    n = int(battle_of.max()) + 1
    mine = np.unique(battle_of)
    grid = scratch.first_round(g)
    rows = []
    for _ in range(CURVE_ROUNDS):
        grid[:, 0, :] = 0.0
        grid[:, :, g.nd] = 0.0
        on = _live_by_battle(g, grid, battle_of, n, prune)
        rows.append(on)
        # a thousandth of what the curve draws: a battle's sub-battles in several parts
        # add up to where it is cut (as ``plain_rounds_grid`` stops its rounds)
        if not (on[mine] >= CURVE_DONE * 1e-3).any():
            break
        grid = scratch.step(g, grid)
    left = np.array(rows)
    for b in mine.tolist():
        _add_rows(on_by_battle.setdefault(b, []), left[:, b].tolist())


def _add_rows(total: list[float], rows: list[float]) -> None:
    """Add ``rows`` into ``total`` (a battle's mass on after each round), the shorter one
    padded with zeros (what ends sooner is over)."""
    total.extend([0.0] * (len(rows) - len(total)))
    for i, x in enumerate(rows):
        total[i] += x


def _rounds(g: _BatchGroup, battle_of: np.ndarray, outs: list[BattleOutcome],
            on_by_battle: dict, max_rounds: int, prune: float, cancel) -> None:
    """``max_rounds`` rounds of the group's battles together (``plain_rounds_grid``'s
    ``_solve_rounds``): what is on after the last is ``undecided``; the mass on after each
    round added to ``on_by_battle[b]``."""
    scratch = _Solver(BattleOutcome(), prune, cancel)
    n = len(outs)
    nd = g.nd
    grid = scratch.first_round(g)
    rounds = np.bincount(battle_of, weights=g.masses, minlength=n)
    rows = []
    for fought in range(1, max_rounds + 1):
        if fought > 1:
            grid = scratch.step(g, grid)
        ends = np.zeros_like(grid)
        ends[:, 0, :] = grid[:, 0, :]
        ends[:, 1:, nd] = grid[:, 1:, nd]
        _record_ends(g, ends, battle_of, outs)
        grid[:, 0, :] = 0.0
        grid[:, :, nd] = 0.0
        on = _live_by_battle(g, grid, battle_of, n, prune)
        rows.append(on)
        if fought < max_rounds:
            rounds += on
    of = battle_of.tolist()
    for k, r, j in zip(*np.nonzero(grid)):
        att = g.attackers[k]
        key = (att.comps[att.n - r], g.dfn.comps[j], False)
        bucket = outs[of[k]].undecided
        bucket[key] = bucket.get(key, 0.0) + float(grid[k, r, j])
    left = np.array(rows)
    for b in sorted(set(of)):
        outs[b].expected_rounds += float(rounds[b])
        _add_rows(on_by_battle.setdefault(b, []), left[:, b].tolist())
