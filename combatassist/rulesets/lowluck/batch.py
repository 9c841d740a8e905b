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
- what battles of one slot layout share is asked once, the rest of the battles together as
  arrays: whether a battle batches (``batchable_all``: the starting counts as an array),
  whether round 1 has a phase before its fire (``_no_opening``: none without AA guns,
  bombardment or transports, so every battle's single sub-battle starts where it stands),
  whether a round's end may take a side left alone (no fold looked for when none may);
- the end positions go into each battle's outcome, or, for a caller that sums over them
  (the planner), out as arrays (``solve``'s ``ends``: battle, mass, the sides' counts, from
  the chains' numbered compositions): no dictionary per battle.

The answers are those of ``plain_rounds_grid.solve_grid`` battle by battle (both exact, to
the rounding of their sums: tests compare them to 1e-12 on random batches). What it takes:
a later edition's battles (``later.LaterRules``) whose rounds are one fire phase
(``plain_rounds_grid.applicable``: no submarines), from the start, without retreat rules;
``solvers.solve_batch`` solves the others one by one.

A caller that only sums a few figures over each battle's end positions (the planner's
ranking) needs no battle's grid: ``EndValues`` works those sums out backwards over the
positions the battles share (a sub-army's chain runs through other sub-armies'), each
position once for every battle — the same sums as the sweep's end positions (tests: 1e-12).
"""
from __future__ import annotations

import functools
import gc
import itertools
from dataclasses import dataclass
from typing import Any, Callable, Sequence, cast

import numpy as np

from ... import limits
from ...battle import phase_exact
from ...solver import BattleOutcome, Cancelled, DEFAULT_PRUNE
from .chains import CURVE_DONE, CURVE_ROUNDS, STALEMATE, Chain, as_drawn, one_blas_thread
from .plain_rounds_grid import _Solver, solve_grid, work_estimate
from .subbattles import MOVES_CACHE, Group, inverses, ranges

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
    """(attacker's slots, defender's slots, a submarine on a side, a transport on a side,
    per side the slots' masks as arrays (``_Masks``)), once per pair of slot layouts."""
    key = (id(rules.att.slots), id(rules.dfn.slots))
    facts = _LAYOUTS.get(key)
    if facts is None or facts[0] is not rules.att.slots or facts[1] is not rules.dfn.slots:
        if len(_LAYOUTS) > 256:
            _LAYOUTS.clear()
        slots = [s for side in (rules.att, rules.dfn) for s in side.slots]
        facts = _LAYOUTS[key] = (rules.att.slots, rules.dfn.slots,
                                 any(s.unit.has("submarine") for s in slots),
                                 any(s.unit.has("transport") for s in slots),
                                 _Masks(rules.att.slots), _Masks(rules.dfn.slots))
    return facts


class _Masks:
    """A side's slots as boolean masks (numpy), for questions asked of many starting
    counts at once: the slots that fight, that are transports, AA guns (that may fire:
    no status)."""

    def __init__(self, slots):
        self.fights = np.array([bool(s.fights) for s in slots], dtype=bool)
        self.transport = np.array([s.unit.has("transport") for s in slots], dtype=bool)
        self.gun = np.array([s.unit.has("aa_gun") for s in slots], dtype=bool)
        self.firing_gun = np.array([s.unit.has("aa_gun") and s.status == "" for s in slots],
                                   dtype=bool)
        #: ``SideSlots.left_alone`` may hold for some counts (a fighting transport or gun).
        self.may_be_alone = bool((self.fights & (self.transport | self.gun)).any())

    def fighting(self, counts: np.ndarray) -> np.ndarray:
        """``SideSlots.fighting`` of each row of counts [battle, slot] > 0."""
        return cast(np.ndarray, (counts[:, self.fights] > 0).any(axis=1))

    def left_alone(self, counts: np.ndarray) -> np.ndarray:
        """``SideSlots.left_alone`` of each row of counts [battle, slot]."""
        live = (counts > 0) & self.fights
        return live.any(axis=1) & (~(live & ~self.transport).any(axis=1)
                                   | ~(live & ~self.gun).any(axis=1))


def batchable_all(rules_list: Sequence[Any]) -> list[bool]:
    """``batchable`` of each of ``rules_list``, the battles of one slot layout without
    transports asked together (their starting counts as arrays: a planner's batch asks it
    of thousands of variants)."""
    from .later import LaterRules
    out = [False] * len(rules_list)
    by_layout: dict[Any, tuple[Any, list[int]]] = {}
    for b, rules in enumerate(rules_list):
        if not isinstance(rules, LaterRules):
            continue
        key = (id(rules.att.slots), id(rules.dfn.slots))
        mine = by_layout.get(key)
        if mine is None:
            mine = by_layout[key] = (_layout(rules), [])
        layout = mine[0]
        if layout[2]:
            continue
        if layout[3]:
            out[b] = batchable(rules)        # its start may lose lone transports
            continue
        mine[1].append(b)
    for layout, battles in by_layout.values():
        if not battles:
            continue
        masks_a, masks_d = layout[4], layout[5]
        a = np.array([rules_list[b].att.counts0 for b in battles]).reshape(len(battles), -1)
        d = np.array([rules_list[b].dfn.counts0 for b in battles]).reshape(len(battles), -1)
        ok = masks_a.fighting(a) & masks_d.fighting(d)          # verdict None
        if masks_a.may_be_alone:
            ok &= ~masks_a.left_alone(a)
        if masks_d.may_be_alone:
            ok &= ~masks_d.left_alone(d)
        for b, yes in zip(battles, ok.tolist()):
            out[b] = yes
    return out


def _no_opening(rules: Any) -> bool:
    """Round 1 of ``rules``' battle (a batchable one: no submarine, no transport) has no
    phase before its fire, whatever the counts: no AA gun that may fire (nor Classic's
    option gun), no bombardment before the fire."""
    layout = _layout(rules)
    return not (layout[3] or (rules.land_battle and (rules.option_gun
                                                      or layout[5].firing_gun.any()))
                or (rules.bombard and not rules.bombard_fires_back))


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


def variants(rules: Any, role: str, counts_list: Sequence[tuple]) -> list[Any]:
    """``with_units(rules, attacker=counts)`` (``role`` "attacker") or ``defender=counts``
    for each of ``counts_list`` (tuples of ints, one per slot), the copies made from one
    look at ``rules`` (a planner's thousands of forces)."""
    name, cas = ("att", "att_cas") if role == "attacker" else ("dfn", "def_cas")
    side = getattr(rules, name)
    slots = len(side.counts0)
    if any(len(c) != slots for c in counts_list):
        raise ValueError(f"counts of another length than the {slots} slots")
    own_cas = getattr(rules, cas) is side
    rules_type, rules_dict = type(rules), rules.__dict__
    side_type, side_dict = type(side), side.__dict__
    new = object.__new__
    out = []
    for counts in counts_list:
        copy = new(side_type)
        d = side_dict.copy()
        d["counts0"] = counts
        copy.__dict__ = d
        variant = new(rules_type)
        d = rules_dict.copy()
        d[name] = copy
        if own_cas:
            d[cas] = copy
        variant.__dict__ = d
        out.append(variant)
    return out


def _copy(obj: Any) -> Any:
    """A shallow copy of a plain object (its attributes shared; ``copy.copy`` costs 5x)."""
    out = object.__new__(type(obj))
    out.__dict__ = obj.__dict__.copy()      # a third of ``__dict__.update``'s time
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
        #: Every composition of the chains made, numbered (``Chain.rows``: a chain's
        #: compositions' numbers), and their counts as an array ([number, slot]).
        self.number: dict = {}
        self._counts: np.ndarray | None = None
        self._table: np.ndarray | None = None
        self._last: np.ndarray | None = None
        #: ``numbered``'s: by number, the next composition's number (the chain's end its
        #: own) and the hits to the chain's end.
        self.after: list[int] = []
        self.depth: list[int] = []
        self._arrays: tuple = (0, np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64), 1)
        #: Ordinary dice's tables of many compositions in one convolution
        #: (``_standard_rows``; ``EndValues``' chains, which number thousands).
        self.batched_tables = False

    def counts(self) -> np.ndarray:
        """The compositions' counts by number ([number, slot]; those numbered since the
        last call added: a planner's search numbers a few at a time)."""
        done = 0 if self._counts is None else len(self._counts)
        if done < len(self.number):
            more = np.array(list(itertools.islice(self.number, done, None)),
                            dtype=np.int64).reshape(len(self.number) - done,
                                                    len(self.side.counts0))
            self._counts = more if self._counts is None else np.concatenate(
                [self._counts, more])
        return cast(np.ndarray, self._counts)

    def arrays(self) -> tuple[np.ndarray, np.ndarray, int]:
        """``after`` and ``depth`` as arrays, and the widest window of the hit tables (from
        the first hit count that may score to the last, ``ranges``), kept and grown with
        the compositions numbered since the last call."""
        done, after, depth, width = self._arrays
        n = len(self.depth)
        if done < n:
            after = np.concatenate([after, np.array(self.after[done:], dtype=np.int64)])
            depth = np.concatenate([depth, np.array(self.depth[done:], dtype=np.int64)])
            first, last = ranges(cast(np.ndarray, self._table)[done:n])
            width = max(width, int((last - first).max()) + 1)
            self._arrays = (n, after, depth, width)
        return after, depth, width

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
        """The chains of ``starts`` (the hit tables of compositions not met before from one
        ``chain_hits`` call, kept by number with the rest: ``_table``)."""
        lists = {s: self.comps(s) for s in dict.fromkeys(starts) if s not in self.chains}
        if lists:
            number = self.number
            first = len(number)
            for comps in lists.values():
                for c in comps:
                    if c not in number:
                        number[c] = len(number)
            if len(number) > first:
                self._grow(list(number)[first:])
            # every chain's rows in one gather, each chain a slice of it, its width the
            # widest of its rows (the last hit count any of them may score, plus one)
            index = np.fromiter(map(number.__getitem__,
                                    itertools.chain.from_iterable(lists.values())),
                                dtype=np.int64)
            lengths = np.fromiter(map(len, lists.values()), dtype=np.int64,
                                  count=len(lists))
            bounds = np.concatenate([[0], np.cumsum(lengths)])
            hits = cast(np.ndarray, self._table)[index]          # grown above
            widths = (np.maximum.reduceat(cast(np.ndarray, self._last)[index], bounds[:-1])
                      + 1).tolist()
            for (s, comps), a, b, w in zip(lists.items(), bounds[:-1].tolist(),
                                           bounds[1:].tolist(), widths):
                chain = Chain.__new__(Chain)
                chain.comps, chain.n = comps, len(comps) - 1
                chain.hits = hits[a:b, :w]
                chain.rows = index[a:b]
                self.chains[s] = chain
        return [self.chains[s] for s in starts]

    def _grow(self, new: list[tuple]) -> None:
        """Add the hit tables of the compositions ``new`` (numbered next), and each one's
        last hit count that may score (0 for none)."""
        table = _standard_rows(self.rules, self.role, new) if self.batched_tables else None
        if table is None:
            table = self.rules.chain_hits(self.role, new)
        nonzero = table > 0
        last = np.where(nonzero.any(axis=1),
                        table.shape[1] - 1 - nonzero[:, ::-1].argmax(axis=1), 0)
        if self._table is None:
            self._table, self._last = table, last
            return
        width = max(table.shape[1], self._table.shape[1])
        both = np.zeros((len(self._table) + len(table), width))
        both[:len(self._table), :self._table.shape[1]] = self._table
        both[len(self._table):, :table.shape[1]] = table
        self._table, self._last = both, np.concatenate([self._last, last])

    def numbered(self, starts: Sequence[tuple],
                 cancel: Callable[[], bool] | None = None) -> np.ndarray:
        """The numbers of ``starts``, every composition of their chains numbered first (by
        number: ``after``, the next composition's number, the chain's end its own;
        ``depth``, the hits to the chain's end) and their hit tables grown. For
        ``EndValues``: a ``_Chains`` for one or the other (``make`` numbers a chain's
        compositions without walking them)."""
        number, after, depth = self.number, self.after, self.depth
        take, hit, walked = self.side.take, (("any", 1),), self.next
        first = len(number)
        for i, s in enumerate(starts):
            if s in number:
                continue
            if cancel is not None and i % 4096 == 4095 and cancel():
                raise Cancelled()   # a plan's hundreds of thousands of forces: seconds
            # a walk down the chain to a composition numbered before (or its end): each
            # new one numbered in a row, its next one the following number
            c, begin = s, len(number)
            while True:
                k = len(number)
                number[c] = k
                nxt = walked.get(c)               # (``added`` walked it already)
                if nxt is None:
                    nxt = take(c, hit)[0]
                if nxt == c:
                    after.append(k)
                    depth.append(0)
                    break
                j = number.get(nxt)
                if j is not None:
                    after.append(j)
                    depth.append(depth[j] + 1)
                    break
                after.append(k + 1)
                depth.append(-1)
                c = nxt
            for i in range(len(number) - 2, begin - 1, -1):
                depth[i] = depth[i + 1] + 1
        if len(number) > first:
            self._grow(list(number)[first:])
        return np.fromiter(map(number.__getitem__, starts), dtype=np.int64,
                           count=len(starts))


    def added(self, starts: Sequence[tuple],
              cancel: Callable[[], bool] | None = None) -> np.ndarray:
        """For each i, how many compositions ``numbered(starts[:i + 1])`` would number that
        aren't numbered yet (what a planner's next batch would cost ``EndValues``), nothing
        numbered: the walks' next compositions are kept (``next``) for ``numbered``."""
        number, walked = self.number, self.next
        take, hit = self.side.take, (("any", 1),)
        new: set = set()
        out = np.empty(len(starts), dtype=np.int64)
        for i, s in enumerate(starts):
            if cancel is not None and i % 4096 == 4095 and cancel():
                raise Cancelled()
            c = s
            while c not in number and c not in new:
                new.add(c)
                nxt = walked.get(c)
                if nxt is None:
                    nxt = walked[c] = take(c, hit)[0]
                if nxt == c:
                    break
                c = nxt
            out[i] = len(new)
        return out


def _check(cancel: Callable[[], bool] | None) -> None:
    """Stop (``Cancelled``) when asked: between the valuation's steps of up to a second."""
    if cancel is not None and cancel():
        raise Cancelled()


@dataclass
class ValueCost:
    """``EndValues.cost``: what valuing a plan's positions backwards would take, estimated
    before it starts (``limits.PLAN_VALUE_*``: measured on 1942 land plans, both dice modes)."""

    #: Positions (pairs of the sides' compositions) valued at most, and their figures.
    positions: int
    values: int
    #: Work, in ``limits.MAX_PLAN_WORK``'s units (the sweep's: ~1.2e10 a second).
    work: float
    #: Of it, the chains' numbering and tables (done before ``of`` may decline).
    numbering: float
    #: Peak memory of the valuation (bytes: its arrays; the process's own not counted).
    bytes: float
    #: Valued along the other side's chain (ordinary dice), else a level at a time.
    along_chain: bool
    #: ``of`` would decline (a lone unit before the end of the other side's chain).
    declines: bool


class EndValues:
    """What a caller sums over battles' end positions (``value_of``: a few figures of each
    position), for many battles of one rules object's variants fought to the end, worked out
    backwards: each position's expected figures at the end, from those of the positions its
    round leads to, once for every battle that passes it (a planner's sub-armies meet the
    same positions again and again: a sub-army's chain runs through other sub-armies').

    A position is a pair of compositions on the sides' chains (``_Chains.numbered``): the
    attacker's a, the defender's d. Over when either is at its chain's end (the batch's grid
    row 0 and column nd: ``value_of`` of its counts); else a round's fire moves it to
    (a after the defender's hits, d after the attacker's), each side's hits by its hit
    table, and V(a, d) = sum P(h_a) P(h_d) V(a', d') / (1 - P(neither side hits)). Every
    move but that one takes the sum of the sides' distances to their chains' ends down, so
    the positions are valued a level (that sum) at a time, all of a level in the same numpy
    calls; with low luck's two-point hit tables a position sums 4 others (``_by_levels``).
    With wider tables (ordinary dice) and one side's starts on one chain (a planner's: the
    side it doesn't choose), the other side's compositions go a level (their own distance)
    at a time, each with every cell of that chain at once, as the batch's grid rows
    (``_along_chain``: one matrix product for the many hit counts).

    The battles are those ``solve`` sweeps without opening tables (``applicable``: no
    submarine, no transport, no bombardment), each position of a battle's sub-battles
    (after round 1's phases before the fire, AA guns: ``sub_battles``) one of these, from
    starts that aren't over (``live``), no side left alone at a round's end on the way
    (else ``of`` declines); the figures are the sums of ``solve``'s end
    positions (to the rounding of the sums, and without its pruning of cells below 1e-16:
    tests compare them to 1e-12). Positions valued stay valued (one plan's forces, asked in
    several calls, share them)."""

    #: Positions valued at most (x figures): past it ``of`` answers None.
    MAX_CELLS = 10_000_000
    #: Numbers a step's work arrays may hold (the levels' moves, a chain's move matrices
    #: and rows below): past it the positions are taken in parts (memory: ~32 MB each).
    PART_CELLS = 4_000_000

    def __init__(self, rules: Any, value_of: Callable[[np.ndarray, np.ndarray], np.ndarray],
                 figures: int):
        self.rules, self.value_of, self.q = rules, value_of, figures
        self.sides = (_Chains(rules, "attacker"), _Chains(rules, "defender"))
        for chains in self.sides:
            chains.batched_tables = True
        self.values = np.zeros((0, 0, figures))
        self._buffer: np.ndarray | None = None
        self._whole_widths: list[int] | None = None
        #: Told the share (0-1) of the positions valued so far, between steps (a planner's
        #: progress); None: not told.
        self.progress: Callable[[float], None] | None = None
        #: The work of every call of ``of`` so far, by ``step``'s model (a planner's
        #: search counts it against its bound), counted once the chains are numbered.
        self.spent = 0.0

    @staticmethod
    def applicable(rules: Any) -> bool:
        """``rules``' variants (``with_units``) are battles whose round 1's fire is fought
        like the others' (no bombardment: ``solve``'s group has no opening tables), without
        submarines or transports. Round 1's phases before the fire (AA guns) are the
        caller's to push through (``opening``, ``sub_battles``), and a side left alone at a
        round's end (a lone AA gun) is ``_value``'s to decline."""
        from .later import LaterRules
        if not isinstance(rules, LaterRules):
            return False
        layout = _layout(rules)
        return not (layout[2] or layout[3] or rules.bombard)

    @property
    def opening(self) -> bool:
        """Round 1 may have phases before its fire (AA guns): a battle's value is its
        sub-battles' (``sub_battles``)."""
        return not _no_opening(self.rules)

    def cost(self, chosen: int, compositions: int, chosen_dice: int, other: tuple,
             other_spread: int = 1) -> "ValueCost":
        """What valuing every position of a planner's battles costs (``ValueCost``), before
        any is valued: side ``chosen``'s (0: the attacker's, 1: the defender's) compositions
        at most ``compositions`` (an upper bound: every sub-composition of its whole side),
        rolling at most ``chosen_dice`` dice; the other side's battles starting from the
        counts ``other`` (its chain numbered here: a few dozen compositions), or, with
        ``other_spread`` > 1, from as many compositions after round 1's AA fire (chains
        bounded by ``other``'s times that, not one chain). ``declines``: ``_value`` would
        decline on the other side's chain already (a lone unit before the chain's end; both
        sides unable to hit is ``of``'s to find, which declines at once then)."""
        fixed = self.sides[chosen ^ 1]
        fixed.numbered([other])
        depth = np.array(fixed.depth)
        masks = _layout(self.rules)[4 + (chosen ^ 1)]
        declines = bool(masks.may_be_alone and
                        masks.left_alone(fixed.counts()[depth > 0]).any())
        n_other = len(fixed.number) * other_spread
        positions = compositions * n_other
        first, last = ranges(cast(np.ndarray, fixed._table))
        width_other = int((last - first).max()) + 1
        narrow = not self.rules.dice.independent           # low luck: two hit counts a table
        chain = not narrow and other_spread == 1
        q = self.q
        numbering = (compositions + n_other) * limits.PLAN_VALUE_COMPOSITION_WORK
        if chain:
            # ``_along_chain``: per composition of the chosen side, the rows below spread
            # (ny (w - 1) (ny + 1) q), moved (ny (ny + 1) q) and the row solved (ny^2 q / 2),
            # and its own calls and gathers; its arrays: the values and their copy along
            # the chain, each composition's tables
            ny = n_other - 1
            per = ny * max(width_other - 1, 1) * (ny + 1) * q + ny * (ny + 1) * q + \
                ny * ny * q / 2
            work = compositions * (per * limits.PLAN_VALUE_CHAIN_WORK
                                   + limits.PLAN_VALUE_CHAIN_COMPOSITION_WORK)
            bytes_ = positions * limits.PLAN_VALUE_CHAIN_BYTES + \
                compositions * limits.PLAN_VALUE_CHAIN_COMPOSITION_BYTES
        else:
            # ``_by_levels``: every position sums the cells each pair of hit counts leads to;
            # its arrays: the values and each position's numbers (a part's own are bounded)
            width_chosen = 2 if narrow else chosen_dice + 1
            work = positions * width_chosen * width_other * limits.PLAN_VALUE_POSITION_WORK
            bytes_ = positions * limits.PLAN_VALUE_LEVEL_BYTES + \
                compositions * limits.PLAN_VALUE_COMPOSITION_BYTES
        return ValueCost(positions=positions, values=positions * q, work=work + numbering,
                         numbering=numbering, bytes=bytes_ + limits.PLAN_VALUE_FIXED_BYTES,
                         along_chain=chain, declines=declines)

    def step(self, new_a: Any, new_d: Any, numbered: tuple[int, int] | None = None
             ) -> tuple[Any, Any]:
        """(work, bytes) of a call of ``of`` that numbers ``new_a`` and ``new_d`` more
        compositions (numbers or arrays of them, element-wise) past those ``numbered``
        (default: now): ``cost``'s model applied to what the call adds, for a planner's
        search that values its forces batch after batch. The work: the new compositions'
        numbering and the positions not valued yet valued (along the other side's chain
        where ``_value`` goes that way: ordinary dice, that side's compositions one chain
        with none new; else a level at a time, each position by the widest tables'
        windows). The bytes: the valuation's arrays once the call is done, and the copy of
        the values valued before that it makes."""
        ca, cd = self.sides
        na0, nd0 = (len(ca.number), len(cd.number)) if numbered is None else numbered
        oa, od = self.values.shape[:2]
        new_a, new_d = np.asarray(new_a), np.asarray(new_d)
        na, nd = na0 + new_a, nd0 + new_d
        q = self.q
        positions = na * nd - oa * od
        numbering = (new_a + new_d) * limits.PLAN_VALUE_COMPOSITION_WORK
        narrow = not self.rules.dice.independent

        def width(c: "_Chains") -> int:
            # the widest window: the whole side's (its most dice), or one numbered since
            if self._whole_widths is None:
                self._whole_widths = []
                for side in self.sides:
                    whole = [tuple(side.side.counts0)]
                    table = _standard_rows(self.rules, side.role, whole) \
                        if side.batched_tables else None
                    if table is None:
                        table = self.rules.chain_hits(side.role, whole)
                    first, last = ranges(np.asarray(table))
                    self._whole_widths.append(int((last - first).max()) + 1)
            most = self._whole_widths[self.sides.index(c)]
            return most if c._table is None else max(most, c.arrays()[2])

        widths = (width(ca), width(cd))
        levels = positions * widths[0] * widths[1] * limits.PLAN_VALUE_POSITION_WORK
        work, chain_bytes = levels, np.zeros_like(positions, dtype=float)
        if not narrow:
            # ``_one_chain``: side y's compositions one chain, none new, the other's more
            for y, cy, new_y, n_x, old_x in ((1, cd, new_d, na, oa), (0, ca, new_a, nd, od)):
                if not len(cy.depth) or sorted(cy.depth) != list(range(len(cy.depth))):
                    continue
                ny = len(cy.depth) - 1
                per = ny * max(widths[y] - 1, 1) * (ny + 1) * q + ny * (ny + 1) * q + \
                    ny * ny * q / 2
                along = (n_x - old_x) * (per * limits.PLAN_VALUE_CHAIN_WORK
                                         + limits.PLAN_VALUE_CHAIN_COMPOSITION_WORK)
                on = (new_y == 0) & (n_x > ny + 1)
                work = np.where(on, along, work)
                chain_bytes = np.where(on, 1.0, chain_bytes)
                break
        per_position = np.where(chain_bytes > 0, limits.PLAN_VALUE_CHAIN_BYTES,
                                limits.PLAN_VALUE_LEVEL_BYTES)
        per_composition = np.where(chain_bytes > 0, limits.PLAN_VALUE_CHAIN_COMPOSITION_BYTES,
                                   limits.PLAN_VALUE_COMPOSITION_BYTES)
        bytes_ = (na * nd * per_position + (na + nd) * per_composition
                  + oa * od * q * 8 + limits.PLAN_VALUE_FIXED_BYTES)
        return work + numbering, bytes_

    def live(self, att: np.ndarray, dfn: np.ndarray) -> np.ndarray:
        """Which of the starts (the sides' counts [battle, slot]) aren't over
        (``batchable_all`` of each, without transports: both sides have a unit that
        fights, neither left alone)."""
        masks_a, masks_d = _layout(self.rules)[4:6]
        ok = masks_a.fighting(att) & masks_d.fighting(dfn)
        if masks_a.may_be_alone:
            ok &= ~masks_a.left_alone(att)
        if masks_d.may_be_alone:
            ok &= ~masks_d.left_alone(dfn)
        return cast(np.ndarray, ok)

    @staticmethod
    def sub_battles(rules_list: Sequence[Any], prune_below: float = DEFAULT_PRUNE,
                    cancel: Callable[[], bool] | None = None
                    ) -> tuple[list[int], list[tuple], list[tuple], list[float]]:
        """Each battle's sub-battles (``live`` ones'), as ``solve`` makes them: round 1's
        phases before the fire pushed through from its start, the positions reached
        (lighter than ``prune_below``: left out, as ``solve`` prunes them) with their
        chances: (battle, attacker's counts, defender's, chance) of each."""
        battle: list[int] = []
        att: list[tuple] = []
        dfn: list[tuple] = []
        mass: list[float] = []
        for b, rules in enumerate(rules_list):
            if cancel is not None and b % 256 == 255 and cancel():
                raise Cancelled()
            state0 = start_of(rules)
            current: dict = {state0: 1.0}
            for phase in rules.phases(state0)[:-1]:
                current = phase_exact(phase, current)
            for (a, d, _), p in current.items():
                if p >= prune_below:
                    battle.append(b)
                    att.append(a)
                    dfn.append(d)
                    mass.append(p)
        return battle, att, dfn, mass

    def of(self, att: Sequence[tuple], dfn: Sequence[tuple],
           cancel: Callable[[], bool] | None = None) -> np.ndarray | None:
        """[battle, figure]: the expected ``value_of`` at the end of each battle from the
        sides' counts ``att[b]``, ``dfn[b]`` (``live`` ones); None when both sides may be
        unable to hit (a stalemate: ``solve`` hands those to the battle's own solve) or the
        positions are too many to keep."""
        ca, cd = self.sides
        before = (len(ca.number), len(cd.number))
        a0, d0 = ca.numbered(att, cancel), cd.numbered(dfn, cancel)
        work, _ = self.step(len(ca.number) - before[0], len(cd.number) - before[1], before)
        self.spent += float(work)
        if len(ca.number) * len(cd.number) * self.q > self.MAX_CELLS:
            return None
        with one_blas_thread():
            if not self._value(cancel):
                return None
        return cast(np.ndarray, self.values[a0, d0])

    def _value(self, cancel) -> bool:
        """Value the positions not valued yet (those of compositions numbered since)."""
        ca, cd = self.sides
        na, nd = len(ca.number), len(cd.number)
        oa, od = self.values.shape[:2]
        if (na, nd) == (oa, od):
            return True
        (_, depth_a, width_a), (_, depth_d, width_d) = ca.arrays(), cd.arrays()
        tables = [cast(np.ndarray, c._table) for c in (ca, cd)]
        # both sides unable to hit somewhere: the battle's own solve looks for stalemates
        if (tables[0][depth_a > 0, 0] >= STALEMATE).any() and \
                (tables[1][depth_d > 0, 0] >= STALEMATE).any():
            return False
        # a side left alone on a chain (before its end): a round's end there folds the
        # position (``Group._folds``), which the sweep does
        for c, depth, masks in ((ca, depth_a, _layout(self.rules)[4]),
                                (cd, depth_d, _layout(self.rules)[5])):
            if masks.may_be_alone and masks.left_alone(c.counts()[depth > 0]).any():
                return False
        _check(cancel)
        # the values in a buffer with room for more attacker compositions (a planner's
        # search adds some each batch: copied when it grows, not every call)
        if od == nd and self._buffer is not None and len(self._buffer) >= na:
            values = self._buffer[:na]
            values[oa:] = 0.0               # (a position's own value starts at 0)
        else:
            rows = max(na, 2 * oa) if oa and na > oa else na
            self._buffer = np.zeros((rows, nd, self.q))
            self._buffer[:oa, :od] = self.values
            values = self._buffer[:na]
        # the positions to value: the new attacker compositions with every defender's, the
        # others with the new defender compositions
        blocks = [(np.arange(oa, na), np.arange(nd)), (np.arange(oa), np.arange(od, nd))]
        # those over: their own figures
        for aa, dd in blocks:
            over_a, over_d = aa[depth_a[aa] == 0], dd[depth_d[dd] == 0]
            a = np.concatenate([np.repeat(over_a, len(dd)), np.tile(aa, len(over_d))])
            d = np.concatenate([np.tile(dd, len(over_a)), np.repeat(over_d, len(aa))])
            # in parts, Stop answered between them: the first writes into the (lazily
            # zeroed) values touch a new page each, ~1.5 s for a plan of 273,000 forces
            for lo in range(0, len(a), 1 << 16):
                _check(cancel)
                part_a, part_d = a[lo:lo + (1 << 16)], d[lo:lo + (1 << 16)]
                values[part_a, part_d] = self.value_of(ca.counts()[part_a],
                                                       cd.counts()[part_d])
        _check(cancel)
        # low luck's tables (two hit counts at most) sum few positions a level at a time;
        # wider ones (ordinary dice) go along a chain, many hit counts in one product
        chain = self._one_chain(oa, od)
        narrow = max(width_a, width_d) <= 2
        if chain is not None and not narrow:
            self._along_chain(values, chain, (oa, od)[chain ^ 1], tables, cancel)
        else:
            self._by_levels(values, blocks, tables, cancel)
        self.values = values
        return True

    def _one_chain(self, oa: int, od: int) -> int | None:
        """The side (0: the attacker's, 1: the defender's) whose compositions are one chain
        (one at each distance to its end: every battle's side starts on the same chain),
        none new since the last call, the other side's many; None when neither is."""
        for side in (1, 0):
            mine = self.sides[side]
            old = (oa, od)[side]
            if (old == 0 or old == len(mine.number)) and \
                    len(self.sides[side ^ 1].number) > len(mine.number) and \
                    sorted(mine.depth) == list(range(len(mine.depth))):
                return side
        return None

    def _by_levels(self, values: np.ndarray, blocks: list, tables: list, cancel) -> None:
        """``_value``'s positions not over (of ``blocks``: products of the sides'
        compositions) a level at a time, the sum of the sides' distances to their ends."""
        ca, cd = self.sides
        na, nd = values.shape[:2]
        depth_a, depth_d = ca.arrays()[1], cd.arrays()[1]
        # each block's compositions by distance, the side with fewer of them looped over
        levels: dict[int, list] = {}
        for aa, dd in blocks:
            aa, dd = aa[depth_a[aa] > 0], dd[depth_d[dd] > 0]
            if not (len(aa) and len(dd)):
                continue
            flip = len(aa) < len(dd)
            many, few = (dd, aa) if flip else (aa, dd)
            depth_many, depth_few = (depth_d, depth_a) if flip else (depth_a, depth_d)
            many = many[np.argsort(depth_many[many], kind="stable")]
            at = np.searchsorted(depth_many[many], np.arange(int(depth_many[many[-1]]) + 2))
            for y, dy in zip(few.tolist(), depth_few[few].tolist()):
                _check(cancel)
                for u in range(1, len(at) - 1):
                    if at[u + 1] > at[u]:
                        levels.setdefault(u + dy, []).append((many[at[u]:at[u + 1]], y, flip))
        # every position in level order (a level's parts: compositions of the many side
        # with one of the few, ``flip`` when the many are the defender's)
        _check(cancel)
        order = sorted(levels)
        parts = [p for s in order for p in levels[s]]
        if not parts:
            return
        sizes = [len(p[0]) for p in parts]
        many = np.concatenate([p[0] for p in parts])
        few = np.repeat([p[1] for p in parts], sizes)
        flips = np.repeat([p[2] for p in parts], sizes)
        a, d = np.where(flips, few, many), np.where(flips, many, few)
        del many, few, flips            # memory: a plan's positions number tens of millions
        _check(cancel)
        # per side and composition from the first one valued here (a search's batch adds
        # a few to many valued before: nothing made for those): the window of its table
        # from the first hit count that may score (as wide as the widest: past a table's
        # last column, zeros), the other side's composition after those hits (at most the
        # longest chain: past a chain's end, its end), the chance to score none
        other_longest = [int(depth_d.max()), int(depth_a.max())]
        low = (int(a.min()), int(d.min()))
        sides = []
        for c, table, depth, most, lowest in ((ca, tables[0], depth_a, other_longest[0], low[0]),
                                              (cd, tables[1], depth_d, other_longest[1], low[1])):
            table = table[lowest:]
            first, _ = ranges(table)
            width = c.arrays()[2]
            padded = np.zeros((table.shape[0], table.shape[1] + width))
            padded[:, :table.shape[1]] = table
            hits = first[:, None] + np.arange(width)
            window = padded[np.arange(len(table))[:, None], hits]
            longest = int(depth.max())
            after = np.empty((len(depth) - lowest, longest + 1), dtype=np.int64)
            after[:, 0] = np.arange(lowest, len(depth))
            step = c.arrays()[0]
            for h in range(1, longest + 1):
                after[:, h] = step[after[:, h - 1]]
            _check(cancel)
            sides.append((window, np.minimum(hits, most), after, table[:, 0]))
        (win_a, hits_a, after_a, miss_a), (win_d, hits_d, after_d, miss_d) = sides
        if na * nd < 2 ** 31:           # (the same numbers in half the bytes)
            a, d = a.astype(np.int32), d.astype(np.int32)
        bounds = np.cumsum([0] + [sum(len(p[0]) for p in levels[s]) for s in order]).tolist()
        flat = values.reshape(na * nd, self.q)
        # the levels in pieces (a level's positions depend only on levels before it) and
        # the pieces in parts whose moves fit in PART_CELLS numbers (one part, every level
        # whole, for a planner's usual battles)
        room = max(1, self.PART_CELLS // (win_a.shape[1] * win_d.shape[1]))
        pieces = [(lo, min(hi, lo + room)) for lo, hi in zip(bounds[:-1], bounds[1:])
                  for lo in range(lo, hi, room)]
        bounds = [lo for lo, _ in pieces] + [pieces[-1][1]] if pieces else [0]
        start = 0
        while start < len(bounds) - 1:
            stop = start + 1
            while stop < len(bounds) - 1 and bounds[stop + 1] - bounds[start] <= room:
                stop += 1
            lo0, hi0 = bounds[start], bounds[stop]
            _check(cancel)
            aa, dd = a[lo0:hi0], d[lo0:hi0]
            la, ld = aa - low[0], dd - low[1]        # their rows of the sides' arrays
            # the cell each pair of hit counts leads to (a after the defender's hits, d
            # after the attacker's: a' * nd + d'), its chance over the chance to leave (the
            # position itself, still 0, adds nothing): made for the part up front, the
            # levels only sum (``take`` from flat arrays: fancy indexing costs far more)
            weights = np.take(win_d, ld, axis=0)[:, :, None] * \
                np.take(win_a, la, axis=0)[:, None, :]
            weights /= (1.0 - np.take(miss_a, la) * np.take(miss_d, ld))[:, None, None]
            weights = weights.reshape(len(aa), -1)
            cell = ((np.take(after_a, la[:, None] * after_a.shape[1]
                             + np.take(hits_d, ld, axis=0)) * nd)[:, :, None]
                    + np.take(after_d, ld[:, None] * after_d.shape[1]
                              + np.take(hits_a, la, axis=0))[:, None, :]).reshape(len(aa), -1)
            target = aa * nd + dd
            for lo, hi in zip(bounds[start:stop], bounds[start + 1:stop + 1]):
                if cancel is not None and cancel():
                    raise Cancelled()
                if self.progress is not None:
                    self.progress(lo / bounds[-1])
                lo, hi = lo - lo0, hi - lo0
                flat[target[lo:hi]] = np.einsum("nk,nkq->nq", weights[lo:hi],
                                                np.take(flat, cell[lo:hi], axis=0))
            start = stop

    def _along_chain(self, values: np.ndarray, y: int, first: int, tables: list,
                     cancel) -> None:
        """``_value``'s positions not over when side ``y``'s compositions are one chain
        (``_one_chain``) and the other side's, x, are many (those numbered from ``first``
        new): x's compositions a level (their distance to their chain's end) at a time, each
        with every cell j of y's chain (j hits taken) at once, as the batch's grid rows:
        the rows below (y's hits take x's units) spread by y's hit tables in one product,
        then x's hits move along the chain (x's move matrices, as the grid's), the row's
        own flow (y scores no hit) solved with its inverse (made once per composition)."""
        x = y ^ 1
        cx, cy = self.sides[x], self.sides[y]
        (step, depth_x, _), (_, depth_y, _) = cx.arrays(), cy.arrays()
        ny = len(depth_y) - 1
        cells = np.empty(ny + 1, dtype=np.int64)          # cell j: y's composition's number
        cells[ny - depth_y] = np.arange(ny + 1)
        # [x's composition, cell, figure]: a view where y's chain is numbered in its order
        # (as ``numbered`` numbers a chain from its start: no copy of every position's
        # values each call, which a search's batch after batch would pay again and again)
        in_order = bool((cells == np.arange(ny + 1)).all())
        if in_order:
            vx = values if x == 0 else values.transpose(1, 0, 2)
        else:
            vx = np.ascontiguousarray(values[:, cells] if x == 0
                                      else values[cells].transpose(1, 0, 2))
        tx, ty = tables[x], tables[y]
        py = ty[cells[:ny]]                               # y's tables, cells 0..ny-1
        wy = py.shape[1]
        mine = np.arange(first, len(depth_x))
        mine = mine[depth_x[mine] > 0]
        mine = mine[np.argsort(depth_x[mine], kind="stable")]
        # for x's compositions valued here (``mine``; a search's batch adds a few to many
        # valued before: nothing made for those): x's tables padded past the chain's end,
        # P(at least h hits) for "wiped out", the compositions after 0.. hits
        tm = tx[mine]
        wx = tx.shape[1]
        padded = np.zeros((len(mine), wx + ny + 1))
        padded[:, :wx] = tm
        at_least = np.zeros((len(mine), max(wx, ny + 1) + 1))
        at_least[:, :wx] = np.cumsum(tm[:, ::-1], axis=1)[:, ::-1]
        longest = int(depth_x.max())
        after = np.empty((len(mine), longest + 1), dtype=np.int64)
        after[:, 0] = mine
        for h in range(1, longest + 1):
            after[:, h] = step[after[:, h - 1]]
        lost = np.minimum(np.arange(1, wy), longest)      # y's hits 1.. on x's chain
        shift = np.arange(ny + 1)[None, :] - np.arange(ny)[:, None]      # [j, j']: j' - j
        ahead = shift >= 0
        shift = np.maximum(shift, 0)
        diagonal = np.arange(ny)
        local = np.arange(len(mine))                      # (mine's rows of those arrays)

        def prepared(xs):
            """x's move matrices on y's chain (j -> j' with j' - j hits, the last "at
            least"); the row's own flow (y scores no hit) N = P(y misses at j) *
            moves[j, j' < ny], upper triangular; the row's flow to "wiped out"."""
            moves = np.where(ahead, padded[xs][:, shift], 0.0)            # [x, j, j']
            moves[:, :, ny] = at_least[xs][:, ny - diagonal]
            flow = py[:, 0][None, :, None] * moves[:, :, :ny]
            return moves, flow, py[:, 0][None, :] * moves[:, :, ny]

        def solve_row(flow, rhs):
            """(I - N)^-1 rhs, N the row's own flow (upper triangular): from its last cell
            back, each cell's values from those after it (each composition's row solved
            once: cheaper than its inverse, ny^2 q / 2 multiply-adds, not ny^3 / 2)."""
            out = np.empty_like(rhs)                      # [x, j, figure]
            for j in range(ny - 1, -1, -1):
                cell = rhs[:, j] + np.matmul(flow[:, j, None, j + 1:], out[:, j + 1:])[:, 0]
                out[:, j] = cell / (1.0 - flow[:, j, j])[:, None]
            return out

        # levels (of x's distance) in parts whose arrays fit in PART_CELLS numbers; every
        # composition prepared at once when they all fit (a planner's usual battles)
        room = max(1, self.PART_CELLS // ((ny + 1) * max(ny + 1, wy * self.q)))
        whole = prepared(local) if len(mine) <= room else None
        bounds = (np.flatnonzero(np.diff(depth_x[mine])) + 1).tolist()
        for lo0, hi0 in zip([0] + bounds, bounds + [len(mine)]):
            for lo in range(lo0, hi0, room):
                hi = min(hi0, lo + room)
                if cancel is not None and cancel():
                    raise Cancelled()
                if self.progress is not None:
                    self.progress(lo / len(mine))
                xs = mine[lo:hi]
                moves, flow, ends = ((whole[0][lo:hi], whole[1][lo:hi], whole[2][lo:hi])
                                     if whole is not None else prepared(local[lo:hi]))
                # the rows below: y scores 1.. hits (from cell j) -> x's row after them
                below = vx[after[lo:hi][:, lost]]         # [n, hits, ny + 1, figure]
                spread = np.matmul(py[None, :, 1:],
                                   below.reshape(len(xs), wy - 1, (ny + 1) * self.q))
                spread = spread.reshape(len(xs), ny, ny + 1, self.q)       # [n, j, j', q]
                # (stacked products: several times einsum's and tensordot's speed here)
                rhs = np.matmul(moves[:, :, None, :], spread)[:, :, 0, :]
                row = vx[xs]                              # cell ny: over, valued
                rhs += ends[:, :, None] * row[:, ny][:, None, :]
                row[:, :ny] = solve_row(flow, rhs)
                vx[xs] = row
        if in_order:
            return
        if x == 0:
            values[:, cells] = vx
        else:
            values[cells] = vx.transpose(1, 0, 2)


def _standard_rows(rules: Any, role: str, comps: list[tuple]) -> np.ndarray | None:
    """``rules.chain_hits(role, comps)`` with ordinary dice, every composition's table from
    the same convolutions (a composition's dice groups: its units at their own value and
    those raised by support, ``LaterRules._chain_values``; each group's binomial table,
    ``hits._binomial_table``; tails below ``hits.TAIL_CUTOFF`` cut, as ``standard_table``
    cuts them): chain_hits makes one table a composition (~3 us each, cached across solves).
    The same numbers to the rounding of the sums (tests: 1e-15). None where chain_hits has
    no such split (low luck; support rules raising the same unit; units rolling several
    dice)."""
    from .hits import TAIL_CUTOFF, _binomial_table
    if not rules.dice.independent or not comps:
        return None
    split = rules._chain_values(comps, 0 if role == "attacker" else 1)
    if split is None:
        return None
    plain, raised, v0, up = split
    counts = np.concatenate([plain, raised], axis=1)
    values = np.concatenate([v0, up]).tolist()
    dist = np.ones((len(comps), 1))
    for column, value in enumerate(values):
        n = counts[:, column]
        if value <= 0 or not n.any():
            continue
        most = int(n.max())
        tables = np.zeros((most + 1, most + 1))       # row k: k dice's binomial table
        for k in np.unique(n).tolist():
            tables[k, :k + 1] = _binomial_table(k, min(value, 6))
        each = tables[n]
        out = np.zeros((len(comps), dist.shape[1] + most))
        for h in range(most + 1):
            out[:, h:h + dist.shape[1]] += dist * each[:, h, None]
        dist = out
    dist[dist < TAIL_CUTOFF] = 0.0
    width = int(np.flatnonzero(dist.any(axis=0))[-1]) + 1 if dist.any() else 1
    return dist[:, :width]


class _BatchGroup(Group):
    """A ``Group`` whose sub-battles may belong to different battles (``rules_of[k]``: the
    rules of sub-battle k's battle): round 1's tables and the round ends are asked of each
    sub-battle's own rules."""

    #: The battles' layout (set by the batch that makes the group).
    layout: Any

    def __init__(self, attackers: list[Chain], masses: list[float], dfn: Chain,
                 rules_of: list[Any], round1: bool, chains: _Chains):
        self.rules_of = rules_of
        self.chains = chains
        super().__init__(attackers, masses, dfn, rules_of[0], round1)

    def _attacker_tables(self, width: int) -> np.ndarray:
        """``Group``'s, in one gather from the chains' table of compositions (a chain's
        rows past its last are zero there)."""
        on = np.arange(self.R + 1)[None, :] <= self.starts[:, None]
        self.a_rows = np.zeros((self.K, self.R + 1), dtype=np.int64)
        self.a_rows[on] = np.concatenate([att.rows[::-1] for att in self.attackers])
        ha = cast(np.ndarray, self.chains._table)[self.a_rows, :width]
        ha[~on] = 0.0
        return ha

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

    def _folds(self, rules: Any) -> None:
        layout = _layout(rules)
        if layout[4].may_be_alone or layout[5].may_be_alone:
            super()._folds(rules)
        # else no round's end takes a side left alone: nothing to fold (and no sub-battle's
        # chain to ask)


def solve(rules_list: Sequence[Any], *, max_rounds: int = 0, curve: bool = True,
          prune_below: float = DEFAULT_PRUNE, cancel: Callable[[], bool] | None = None,
          progress: Callable[[int, int], None] | None = None,
          ends: Callable[..., None] | None = None) -> list[BattleOutcome]:
    """Each battle's outcome from its start (``batchable`` must hold for every one), to the
    end (``max_rounds`` 0) or for ``max_rounds`` rounds; ``curve``: with the "decided by
    round N" curve (to the end only; without it ``decided_by_round`` is empty). ``progress``
    (battles done, battles) is called between groups; EngineError past the work limit
    (``limits.MAX_GRID_WORK``, the whole batch's).

    ``ends`` (to the end only): the end positions of the battles swept together go to
    ``ends(battle, mass, attacker, defender)`` as arrays, one entry a position of a battle
    (``battle``: its index in ``rules_list``; ``attacker``, ``defender``: the sides' counts
    there, [entry, slot]; a position may come in several entries), instead of into their
    outcomes' ``decided``, which stays empty: what a planner sums over thousands of battles
    without a dictionary each. Battles solved otherwise (over at the start, the few solved
    alone) keep theirs in ``decided``."""
    if ends is not None and max_rounds > 0:
        raise ValueError("end positions as arrays are the battles' to the end")
    collecting = gc.isenabled()
    gc.disable()          # the batch makes many small objects: no collection in between
    try:
        return _solve(rules_list, max_rounds, curve, prune_below, cancel, progress, ends)
    finally:
        if collecting:
            gc.enable()


def _solve(rules_list, max_rounds, curve, prune_below, cancel, progress, ends):
    outs = [BattleOutcome() for _ in rules_list]
    # round 1's phases before the fire, battle by battle: its sub-battles by the defender
    groups: dict = {}
    chains: dict = {}
    openings: dict = {}
    for b, rules in enumerate(rules_list):
        # what ``_no_opening`` reads, the same objects for a rules object's variants
        family = (id(rules.att.slots), id(rules.dfn.slots), id(rules.bombard),
                  rules.option_gun, rules.land_battle, rules.bombard_fires_back)
        plain = openings.get(family)
        if plain is None:
            plain = openings[family] = _no_opening(rules)
        if plain:
            # round 1 starts at the battle's start, as it is (no transport to lose, no
            # phase before the fire): one sub-battle (``batchable``: not over)
            layout = (id(rules.att.slots), id(rules.dfn.slots))
            groups.setdefault((layout, rules.dfn.counts0, True), []).append(
                (b, rules.att.counts0, 1.0))
            if layout not in chains:
                chains[layout] = (_Chains(rules, "attacker"), _Chains(rules, "defender"))
            continue
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
            layout = (id(rules_list[subs[0][0]].att.slots),
                      id(rules_list[subs[0][0]].dfn.slots))
            g = _BatchGroup(atts, [p for _, _, p in subs], dfn,
                            [rules_list[b] for b, _, _ in subs], round1, chains[layout][0])
            g.layout = layout
            built.append((g, np.array([b for b, _, _ in subs])))
            work += work_estimate([g])
        limits.check_exact(work, limits.MAX_GRID_WORK, "multiply-adds")
        total = len(rules_list)
        sink = None
        if ends is not None:
            # a battle some of whose sub-battles are solved alone (``fallback``) is that
            # solve's: its other sub-battles' ends left out
            solved_alone = np.zeros(len(rules_list), dtype=bool)
            solved_alone[list(fallback)] = True
            sink = (ends, solved_alone, chains)
        for g, battle_of in built:
            if cancel is not None and cancel():
                raise Cancelled()
            if max_rounds > 0:
                _rounds(g, battle_of, outs, on_by_battle, max_rounds, prune_below, cancel)
            else:
                _sweep(g, battle_of, outs, prune_below, cancel, sink)
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
           prune: float, cancel, sink=None) -> None:
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
        live = cast(np.ndarray, alive.any(axis=0))
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
    if sink is None:
        _record_ends(g, grid, battle_of, outs)
    else:
        _send_ends(g, grid, battle_of, *sink)


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


def _send_ends(g: _BatchGroup, grid: np.ndarray, battle_of: np.ndarray, ends: Callable,
               solved_alone: np.ndarray, chains: dict) -> None:
    """``_record_ends`` as arrays (``solve``'s ``ends``): the decided cells' masses, each
    with its battle and the sides' counts there (the compositions' numbers of the chains:
    ``Chain.rows``, ``_Chains.counts``)."""
    K, R, nd = g.K, g.R, g.nd
    # a_rows[k, r]: the number of sub-battle k's attacker composition with r units left
    # (its chain read from the end; past its start, none: no mass there)
    a_rows = g.a_rows
    d_rows = g.dfn.rows
    # column nd (the defender wiped out) from row 1; row 0 (the attacker) every column
    mass = np.concatenate([grid[:, 1:, nd].ravel(), grid[:, 0, :].ravel()])
    battle = np.concatenate([np.repeat(battle_of, R), np.repeat(battle_of, nd + 1)])
    att = np.concatenate([a_rows[:, 1:].ravel(), np.repeat(a_rows[:, 0], nd + 1)])
    dfn = np.concatenate([np.full(K * R, d_rows[nd]), np.tile(d_rows, K)])
    on = (mass != 0) & ~solved_alone[battle]
    att_chains, dfn_chains = chains[g.layout]
    ends(battle[on], mass[on], att_chains.counts()[att[on]], dfn_chains.counts()[dfn[on]])


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
