"""The planner (``combatassist plan``, docs/scenario-format.md "Planning"): the cheapest force
that meets a target, exact, on the batch engine.

A battle file with a ``[plan]`` table asks one of two questions:

- the **attacker's** (``side = "attacker"``): of the units ``[attacker]`` lists (what is
  *available*, at most that many of each type), the force of the least IPC cost whose
  chance to win (``attacker_wins``) or to take the territory (``takes_territory``) is at
  least the target;
- the **defender's** (``side = "defender"``): the cheapest units to *add* to ``[defender]``
  from ``add`` (at most that many of each type) to hold (``defender_holds``: the defender
  wins or nobody does) with at least the target.

Ties in cost go to the force with the higher target figure, then to the one with fewer units.
Besides the force: the next ``alternatives`` cheapest that also meet the target, and the
"+1 unit" table (the chosen force with one more unit of each type there is room for).

Every force is a battle of the same edition, kind and options, so they are solved together
(``solvers.solve_batch``; a later edition's battles without submarines in the same numpy
calls, ``batch``), each a variant of one rules object (``batch.with_units``). When every
force fits in the work bound (``limits.MAX_PLAN_WORK``) every one is solved (*exhaustive*):
their battles' work together, or, where they are valued backwards (below), that
valuation's work and memory (``_Question.value_cost``, ``batch.EndValues.cost``: estimated
from the sides' counts, ``limits.PLAN_VALUE_*``; should it decline after all, a search in
the room left). Otherwise the planner *searches*: from the whole army it drops the dearest
unit that keeps the target (one batch per step, every type tried), then solves the forces
in order of cost, cheapest first, a batch at a time, while the bound allows (each batch's
own work: valued backwards, ``EndValues.step`` of what it adds; ``_Question.work``): when it
reaches the force the descent found, no cheaper force meets the target (``proven``). It says which it did and how
many forces it solved (``searched``). A question whose single largest battle is past the
engine's bound is refused at once, naming what would fit.

The chosen force and the alternatives get the full figures of ``odds`` (its JSON, tested
equal to ``combatassist odds`` of each force's own file); every force is ranked by the few
figures the question needs (``_Question._candidates``: the same sums, tested against the
full ones), which the "+1 unit" table shows. Where the forces' battles are fought to the
end without submarines, transports or bombardment, those figures are worked out backwards
over the positions the battles share (``batch.EndValues``: a sub-army's battle runs through
other sub-armies' positions; with AA guns each force's value is that of the positions its
guns' fire leaves), and only the shown forces are swept (tested equal to the swept figures
of every force); where a lone AA gun may be left at a round's end, they are swept. Fleets
with submarines (the sea grid's battles; one wave, fought to the end, no retreat rules, a
chosen side that doesn't submerge) are valued backwards on one lattice of the chosen
side's every composition against the other side's cells (``sea_values.ForceValues``:
its work its entries, ``limits.PLAN_SEA_*``; past the bound, each force on its own); so
are the sea grid's battles — land ones without bombardment too — under a retreat policy
or the retreat rules that look at positions alone (``sea_values.Retreat``; "only aircraft
left" too: a force of aircraft alone, never under it, on its own; the defender's AA guns,
first waves too: each force's round 1 AA fire pushed to the positions after it, fought on
from there, ``_fired``; the attacker's land units kept for last, each cell's casualties
so; "after round N" or a round limit beside the position rules, one wave, round by round
back from the last: ``sea_values._by_rounds``).
"Withdraw after round N" alone is a round limit whose battles still on then have withdrawn.
With later waves or a counter-attack, the attacker's first waves are the forces, solved or
valued as above, each end position worth what the later waves and the counter-attack make
of it (``_Later``; "after round N" too; the position rules and the policies on the lattice,
"below X" and a strafe weighing the wave's own battle); "after round N" beside other rules,
each force's whole attack as ``odds`` answers it.
"""
from __future__ import annotations

import collections
import functools
import gc
import heapq
import itertools
import math
from dataclasses import dataclass, field, replace
from typing import Any, Callable, cast

import numpy as np

from ... import limits, rulesets
from ...errors import EngineError
from ...result import battle_result
from ...ruleset import compute
from ...text import msg
from ...retreat import RetreatOptions, rounds_to_fight
from . import batch, solvers
# the question's vocabulary, for the planner's callers (the GUI's Plan tab)
from .plan_spec import SIDES, TARGETS, PlanSpec  # noqa: F401
from .rules import LowLuckScenario, make_rules

#: A search solves forces in batches of at most this many (each batch's work foreseen
#: before it is solved: the longest part that fits; few calls, as each has a fixed part).
SEARCH_BATCH = 4096
#: Forces solved in one call of the batch engine at most (their outcomes are held at once).
CHUNK = 4096
#: End positions kept as arrays for the answer's full figures at most (entries: ~100 bytes
#: each); past it the answer's forces are solved again.
KEEP_ENDS = 500_000


# -- the answer ---------------------------------------------------------------------------
#: A candidate's key figures, in the order ``_Keys``' figures hold them.
KEY_FIGURES = ("attacker_wins", "defender_holds", "takes_territory", "expected_ipc_swing",
               "takes_and_holds")


@dataclass
class Candidate:
    """One force and its figures."""

    force: dict[str, int]
    cost: int
    units: int
    attacker_wins: float
    defender_holds: float
    takes_territory: float | None
    expected_ipc_swing: float
    #: Taken and held against ``[counter]`` (None without one).
    takes_and_holds: float | None = None
    #: The full result (``odds``'s figures) of the forces the answer shows; None for the rest.
    result: Any = None

    def figure(self, name: str) -> float:
        value = getattr(self, name)
        return 0.0 if value is None else value


@dataclass
class Plan:
    """The planner's answer (``to_json``: the contract's ``plan`` object)."""

    spec: PlanSpec
    exhaustive: bool
    searched: int
    #: Every force cheaper than the one chosen was solved (always, when exhaustive).
    proven: bool
    meets: bool
    best: Candidate
    alternatives: list[Candidate]
    plus_one: list[tuple[str, Candidate]]
    #: Forces there are to choose from.
    forces: int
    #: The later waves the question keeps as given (0: one attack).
    waves: int = 0
    #: What each IPC buys (``frontier``): of the forces solved, cheapest first, each one
    #: whose target figure is higher than every cheaper force's — the first of its cost in
    #: the ranking's order.
    frontier: list[Candidate] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        def figures(c: Candidate) -> dict[str, Any]:
            return c.result.to_json()

        def key_figures(c: Candidate) -> dict[str, Any]:
            return {"cost": c.cost, "attacker_wins": c.attacker_wins,
                    "defender_holds": c.defender_holds, "takes_territory": c.takes_territory,
                    "expected_ipc_swing": c.expected_ipc_swing,
                    **({"takes_and_holds": c.takes_and_holds}
                       if c.takes_and_holds is not None else {})}

        return {"plan": {
            "side": self.spec.side, "target": {self.spec.target: self.spec.value},
            "exhaustive": self.exhaustive, "searched": self.searched, "forces": self.forces,
            "proven": self.proven, "meets": self.meets,
            "force": dict(self.best.force), "cost": self.best.cost,
            "figures": figures(self.best),
            "alternatives": [{"force": dict(c.force), "cost": c.cost, "figures": figures(c)}
                             for c in self.alternatives],
            "plus_one": [{"unit": uid, **key_figures(c)} for uid, c in self.plus_one],
            "frontier": [{"force": dict(c.force), **key_figures(c)} for c in self.frontier],
        }}


class _Question:
    """The forces of one plan as variants of one rules object, and their key figures."""

    def __init__(self, scenario: LowLuckScenario, spec: PlanSpec):
        self.scenario, self.spec = scenario, spec
        self.role = spec.side
        if self.role == "attacker":
            self.most = dict(scenario.attacker.units)
            whole = scenario
        else:
            self.most = dict(spec.add)
            units = dict(scenario.defender.units)
            for uid, n in spec.add.items():
                units[uid] = units.get(uid, 0) + n
            whole = replace(scenario, defender=replace(scenario.defender, units=units))
        self.types = [u.id for u in scenario.edition.units if self.most.get(u.id)]
        self.costs = {u.id: u.cost for u in scenario.edition.units}
        self.template = make_rules(whole)
        side = self.template.att if self.role == "attacker" else self.template.dfn
        slot_of = _plain_slots(self.template, self.role)
        self.slot = [slot_of[u] for u in self.types]
        base = list(side.counts0)
        if self.role == "attacker":
            base = [0] * len(base)            # every attacker unit is chosen
        else:
            for u, i in zip(self.types, self.slot):
                base[i] -= self.most[u]        # the defender's own units, always there
        self.base = base
        #: No retreat rules but "after round N": the batch engine — one wave, or the
        #: forces' first waves whose end positions ``_Later`` values by what the later
        #: waves and the counter-attack make of them (else each force as ``odds`` solves
        #: it, waves and counter-attack included).
        self.attack = bool(scenario.waves) or scenario.counter is not None
        #: "Withdraw after round N" alone (every attacker unit free to withdraw): a round
        #: limit whose battles still on at its end have withdrawn — the batch engine's too
        #: (``rounds``, ``retreated``).
        self.after = _after_alone(scenario, self.template)
        #: The rounds the forces' battles are fought at most (0: to the end), and whether
        #: those still on then have withdrawn (``retreat.rounds_to_fight``).
        self.rounds, self.retreated = rounds_to_fight(
            scenario.options.max_rounds, RetreatOptions(after_round=self.after))
        #: The later waves' and the counter-attack's battles, solved once for every force
        #: (``attack.answer``'s memo: each depends on the wave and the defender it meets, or
        #: the holders, alone).
        self.later = _Later.of(self) if self.attack else None
        if self.later is not None and self.role == "defender" and \
                _attack_work(whole, True, True) > limits.MAX_PLAN_WORK / 2:
            # its later battles shared would be bounded past half the bound (as many as its
            # whole side's compositions): each force's whole attack on its own, as before
            self.later = None
        self._memo: dict | None = self.later.memo if self.later is not None else (
            {} if self.role == "attacker" else None)
        self.batches = (_no_retreat_rules(scenario) or bool(self.after)) and (
            not self.attack or self.later is not None)
        #: A retreat policy (beside it "with N units or fewer" alone), one wave: its forces
        #: may be valued on a lattice (``_lattice``), else each as ``odds`` solves it.
        # (over waves: "profit" looks ahead to the later waves, ``attack._policy``, as the
        # lattice's whole-attack values do; a strafe weighs each wave's own battle, as its
        # own columns do: ``_lattice_keys``)
        self.policy = _policy_alone(scenario) if not self.attack or self.later is not None \
            else None
        #: Retreat rules that look at positions alone ("with N units or fewer", "below X"),
        #: no policy, one wave: its forces may be valued on a lattice too (``_lattice``).
        o = scenario.options
        policy = getattr(o, "retreat", "none")
        only_air = bool(getattr(o, "retreat_when_only_air", False))
        # (over waves "below X" weighs each wave's own battle: the lattice's own columns)
        self.position_rules = ((not self.attack or self.later is not None) and policy == "none"
                               and bool(o.retreat_when_units or o.retreat_below or only_air)
                               and not (o.retreat_after and self.later is not None))
        #: Under those rules, the rounds the battles are fought at most ("withdraw after
        #: round N" beside them, a round limit) and whether what is still on then has
        #: withdrawn: the lattice values them round by round (``sea_values._by_rounds``).
        self.rule_rounds = rounds_to_fight(o.max_rounds, RetreatOptions(
            after_round=o.retreat_after)) if self.position_rules else (0, False)
        #: "Withdraw when only aircraft are left" on the lattice: per position, the
        #: attacker's land units (AA guns aside) and aircraft slots (``_only_air``); a
        #: force without land units is never under it (``withdrawals.only_air_rule``)
        self._air_rule = only_air and o.battle == "land" and (
            self.policy is not None or self.position_rules)
        self._policy_at_sea = policy != "none" and o.battle == "sea"
        a0, d0 = self.template.att.counts0, self.template.dfn.counts0
        # battle_work's sizes: the side chosen from counts, the other side's as it is
        self._other_units = 2 * sum(d0 if self.role == "attacker" else a0)
        self._own_units = 0 if self.role == "attacker" else sum(self.base)
        self._batchable = self.batches and batch.batchable(self.template)
        #: The later waves' and the counter-attack's work (``_attack_work``): once for the
        #: whole plan, their battles shared by every force (``attack.answer``'s memo).
        #: In the defender's question each force is its own defender: counted per force.
        shared = self.role == "attacker" or self.later is not None
        self.attack_work = _attack_work(whole, True, self.role == "defender") \
            if self.attack and shared else 0.0
        self._later_work = _attack_work(whole, False) if self.attack and not shared else 0.0
        #: The work of the forces solved so far (``force_work``).
        self.work_used = 0.0
        self.forces = math.prod(self.most[u] + 1 for u in self.types) - (
            1 if self.role == "attacker" else 0)
        # the figures need every battle's end positions: each position's number here, its
        # row of (verdict, takes the territory, attacker's IPC left, defender's) in _values
        self._ends: dict = {}
        self._values = np.zeros((0, 4))
        self._slot_costs = [np.array(_slot_costs(self.template, k), dtype=float)
                            for k in (0, 1)]
        #: Forces solved with their end positions as arrays, those kept (at most
        #: ``KEEP_ENDS`` entries): force -> (its outcome, its battle there, the arrays).
        self.kept: dict = {}
        self._kept_entries = 0
        self.solved = 0
        #: The sub-battles after round 1's AA fire of forces ``work`` looked at (``_starts``).
        self._subs: dict = {}

    # -- forces ---------------------------------------------------------------------------
    def force_work(self, combo: tuple[int, ...]) -> float:
        """``battle_work`` of the force's battle (from its unit counts: no rules made)."""
        units = sum(combo)
        if self.role == "attacker":
            a, d = 2 * units, self._other_units
        else:
            a, d = self._other_units, 2 * (self._own_units + units)
        work = _work(a, d, self._batchable) + self._later_work
        if self._policy_at_sea:
            # each force's policy on the general solver (the shown forces' on a lattice too)
            work *= 1.0 + limits.PLAN_POLICY_PER_UNIT_SEA * (a + d) / 2
        if self._policy_guns:
            # on land against AA guns, each sub-battle after round 1's fire a policy's own
            work *= 1.0 + limits.PLAN_POLICY_PER_AA_SHOT * self._shots(combo)
        return work

    @functools.cached_property
    def _policy_guns(self) -> bool:
        """A land battle under a retreat policy against AA guns (the defender's, or some it
        may add): the forces solved on their own cost more by their AA shots (``_shots``)."""
        return (getattr(self.scenario.options, "retreat", "none") != "none"
                and hasattr(self.template, "aa_shots") and self._lattice_opening)

    def _shots(self, combo: tuple[int, ...]) -> int:
        """Round 1's AA shots at the force's aircraft (a number of units alone, not a force:
        the most any force meets)."""
        if len(combo) != len(self.types):
            return self._most_shots
        counts = self.counts(combo)
        fixed = (self.template.dfn if self.role == "attacker" else self.template.att).counts0
        att, dfn = (counts, fixed) if self.role == "attacker" else (fixed, counts)
        return int(self.template.aa_shots((tuple(att), tuple(dfn), True)))

    @functools.cached_property
    def _most_shots(self) -> int:
        return self._shots(tuple(self.most[u] for u in self.types))

    def total_work(self) -> float:
        """The work of every force together (``force_work`` depends on a force's number of
        units only: the forces counted per number of units, one polynomial product); on a
        lattice (``_lattice``), valuing it."""
        if self._lattice is not None:
            return float(self._lattice.work)
        per_size = np.ones(1)
        for u in self.types:
            per_size = np.convolve(per_size, np.ones(self.most[u] + 1))
        sizes = range(0 if self.role == "defender" else 1, len(per_size))
        return float(sum(per_size[n] * self.force_work((n,)) for n in sizes))

    def counts(self, combo: tuple[int, ...]) -> tuple[int, ...]:
        counts = list(self.base)
        for i, n in zip(self.slot, combo):
            counts[i] += n
        return tuple(counts)

    def force(self, combo: tuple[int, ...]) -> dict[str, int]:
        return {u: n for u, n in zip(self.types, combo) if n}

    def cost(self, combo: tuple[int, ...]) -> int:
        return sum(self.costs[u] * n for u, n in zip(self.types, combo))

    def scenario_of(self, combo: tuple[int, ...]) -> LowLuckScenario:
        """The force's battle as a scenario (its full figures: the ``odds`` path)."""
        s = self.scenario
        if self.role == "attacker":
            return replace(s, attacker=replace(s.attacker, units=self.force(combo)))
        units = dict(s.defender.units)
        for u, n in zip(self.types, combo):
            if n:
                units[u] = units.get(u, 0) + n
        return replace(s, defender=replace(s.defender, units=units))

    def rules_of(self, combo: tuple[int, ...]) -> Any:
        counts = self.counts(combo)
        if self.role == "attacker":
            return batch.with_units(self.template, attacker=counts)
        return batch.with_units(self.template, defender=counts)

    def rules_of_all(self, combos: list[tuple[int, ...]]) -> list[Any]:
        """``rules_of`` each of ``combos``, their counts placed in one array operation."""
        counts = np.tile(np.array(self.base, dtype=np.int64), (len(combos), 1))
        counts[:, self.slot] += np.array(combos, dtype=np.int64).reshape(len(combos), -1)
        return batch.variants(self.template, self.role, list(map(tuple, counts.tolist())))

    # -- solving --------------------------------------------------------------------------
    def solve(self, combos: list[tuple[int, ...]], cancel=None,
              progress: Callable[[int, int], None] | None = None) -> list[Candidate]:
        """The key figures of ``combos`` (one batch)."""
        if not combos:
            return []
        max_rounds = self.rounds
        keys = self.keys(combos, cancel)       # valued backwards (sets ``later``'s cancel)
        if keys is not None:
            if progress is not None:
                progress(len(combos), len(combos))
            return keys.candidates(range(len(combos)))
        self._count_work(combos)
        if self.batches:
            rules_list = self.rules_of_all(combos)
            # to the end: the batch's end positions as arrays (no dictionary per battle)
            sink = _Ends() if max_rounds == 0 and self._by_slots else None
            outs = solvers.solve_batch(rules_list, solvers.Question(max_rounds=max_rounds),
                                       cancel=cancel, curve=False, progress=progress,
                                       ends=sink)
        else:
            out = self._each_alone(combos, cancel, progress)
            self.solved += len(combos)
            return out
        self.solved += len(combos)
        if sink is not None and sink.parts and self._kept_entries < KEEP_ENDS:
            # the answer's forces get their full figures from these (``_full_figures``)
            self._kept_entries += sink.entries
            for b, c in enumerate(combos):
                self.kept[c] = (outs[b], b, sink)
        return self._candidates(combos, rules_list, outs, sink)

    def _each_alone(self, combos: list[tuple[int, ...]], cancel=None,
                    progress: Callable[[int, int], None] | None = None) -> list[Candidate]:
        """Each of ``combos`` as ``odds`` solves it (retreat rules), its figures from its
        result (kept: ``_full_figures`` shows it)."""
        ruleset = rulesets.get("lowluck")
        out = []
        for i, c in enumerate(combos):
            if self.attack:
                # the later waves' and the counter-attack's battles shared by every force
                from . import attack, outcomes
                result = attack.answer(ruleset, self.scenario_of(c),
                                       outcomes.outcome_and_words, cancel=cancel,
                                       memo=self._memo)
            else:
                result = compute(ruleset, self.scenario_of(c), cancel=cancel)
            counter = result.asked.get("counter")
            figures = result.figures
            assert figures is not None          # a Low Luck result has its figures
            out.append(Candidate(
                force=self.force(c), cost=self.cost(c), units=sum(c),
                attacker_wins=result.attacker_wins,
                defender_holds=min(1.0, result.defender_wins + result.draw),
                takes_territory=figures.takes_territory,
                expected_ipc_swing=figures.expected_ipc_swing,
                takes_and_holds=None if counter is None else counter["holds"],
                result=result))
            if progress is not None:
                progress(i + 1, len(combos))
        return out

    @functools.cached_property
    def _lattice(self):
        """The forces' key figures worked out backwards on one lattice of the chosen side's
        compositions (``sea_values.ForceValues``): one wave fought to the end, when the
        lattice's estimated work and memory fit in the bound — fleets with submarines
        without retreat rules (the sea grid's battles, which ``EndValues`` doesn't value),
        and any battle the sea grid fights (fleets, land battles without bombardment, the
        defender's AA guns too) under a retreat policy or the
        retreat rules that look at positions alone (the attacker's withdrawals before each
        round, ``sea_values.Retreat``); None otherwise (each force solved on its own)."""
        from . import sea_values, surprise_strike_grid
        template = self.template
        if self.later is not None and not (self.position_rules or self.policy is not None):
            return None                     # (the batch engine's, or each on its own)
        if self.policy is not None or self.position_rules:
            # a fleet, or a land battle of the grid's kind (no bombardment or landed
            # units: ``surprise_strike_grid.applicable``; the defender's AA guns too, first
            # waves too: round 1's fire pushed to each force's positions after it,
            # ``_fired``); every other battle as ``odds`` solves it
            # (a round limit, or "after round N" beside the rules: round by round, one wave)
            limited = bool(self.rounds or self.rule_rounds[0])
            if not ((not limited or (self.position_rules and self.later is None))
                    and self._by_slots
                    and surprise_strike_grid.applicable(template, land=True, guns=True)):
                return None
        elif not (self.batches and not self.rounds and self._by_slots
                  and not self._batchable and self._backwards is None
                  and surprise_strike_grid.applicable(template)):
            return None                     # (without submarines: the batch engine's)
        found = sea_values.ForceValues.of(template, 0 if self.role == "attacker" else 1)
        if found is None:
            return None
        positions = float(found.battle.Ca) * found.battle.Cd
        memory = (positions * limits.PLAN_SEA_POSITION_BYTES
                  + 100 * sea_values.CHUNK_ENTRIES + limits.PLAN_VALUE_FIXED_BYTES)
        rounds = self.rule_rounds[0]
        found.work = found.entries * limits.PLAN_SEA_ENTRY_WORK * max(1, rounds)
        # (round by round: every round's values of every position kept)
        memory += positions * 8 * 5 * (rounds + 1 if rounds else 0)
        if self._lattice_opening:
            # each force's round 1 opening with AA fire, pushed on its own (``_fired``)
            found.work += self.forces * limits.PLAN_VALUE_OPENING_WORK
        if found.work > limits.MAX_PLAN_WORK or memory > limits.MAX_EXACT_BYTES:
            return None                     # (the forces one by one: a search, likely)
        return found

    @functools.cached_property
    def _backwards(self) -> batch.EndValues | None:
        """The forces' key figures worked out backwards over the positions their battles
        share (``batch.EndValues``), when their battles are the kind it values (no
        submarines, transports or bombardment) and a later edition's (``_by_slots``)."""
        if not (self._by_slots and batch.EndValues.applicable(self.template)):
            return None
        return batch.EndValues(self.template, self._end_figures,
                               5 if self.later is None else 6)

    def value_cost(self) -> batch.ValueCost | None:
        """What valuing every force backwards would take (``batch.EndValues.cost``),
        estimated from the whole side's counts before anything is valued; None where the
        forces aren't valued backwards (``keys``). The chosen side's compositions: every
        sub-composition of its whole side (a two-hit unit's damaged ones too), an upper
        bound on those its forces' chains meet."""
        backwards = self._backwards
        if backwards is None or not self.batches or self.rounds:
            return None
        k = 0 if self.role == "attacker" else 1
        side, other = (self.template.att, self.template.dfn)[k], \
            (self.template.att, self.template.dfn)[k ^ 1]
        compositions = 1
        for slot, n in zip(side.slots, side.counts0):
            if n and slot.status == "":
                compositions *= math.comb(n + slot.unit.hits, slot.unit.hits)
        # round 1's AA fire (the defender's question): the attacker starts from as many
        # compositions as it may lose aircraft to it, each its own chain
        spread = 1
        if backwards.opening and self.role == "defender":
            spread = 1 + sum(n for slot, n in zip(other.slots, other.counts0)
                             if slot.unit.kind == "air")
        # (a heavy bomber rolls several dice: two a unit bounds the dice)
        cost = backwards.cost(k, compositions, 2 * sum(side.counts0), tuple(other.counts0),
                              spread)
        if backwards.opening:
            # round 1's AA fire pushed through force by force (``EndValues.sub_battles``)
            more = self.forces * limits.PLAN_VALUE_OPENING_WORK
            cost = replace(cost, work=cost.work + more, numbering=cost.numbering + more,
                           bytes=cost.bytes + self.forces * limits.PLAN_VALUE_OPENING_BYTES)
        return cost

    def _end_figures(self, att: np.ndarray, dfn: np.ndarray) -> np.ndarray:
        """What ``_candidates`` sums over a battle's end positions, for ``EndValues``: [the
        attacker wins, the defender holds, the attacker takes the territory, 1 (the mass),
        the attacker's IPC left less the defender's] of each position (the sides' counts);
        a first wave's, its whole attack's (``_Later``: the later waves' cost less, and
        taken and held beside)."""
        if self.later is not None:
            # (and, sixth, taken and held: the whole attack's, ``_Later``)
            v = self.later.values(att, dfn)
            return np.column_stack([v[:, :3], np.ones(len(att)), v[:, 3:]])
        values = self._sides_of_ends(att, dfn)
        verdict = values[:, 0]
        wins = (verdict == _ATTACKER).astype(float)
        return np.column_stack([wins, (verdict == _HOLDS).astype(float), wins * values[:, 1],
                                np.ones(len(att)), values[:, 2] - values[:, 3]])

    def _count_work(self, combos: list[tuple[int, ...]]) -> None:
        """``work_used`` with ``combos`` (a force's work depends on its number of units
        only: counted once per number)."""
        sizes = collections.Counter(map(sum, combos))
        self.work_used += sum(n * self.force_work((units,)) for units, n in sizes.items())

    def _sides(self, combos: list[tuple[int, ...]]) -> tuple[np.ndarray, np.ndarray]:
        """The sides' counts ([force, slot] each: attacker's, defender's) at the start of
        each force's battle: the question's side with the force added, the other as given."""
        n = len(combos)
        chosen = np.tile(np.array(self.base, dtype=np.int64), (n, 1))
        chosen[:, self.slot] += np.array(combos, dtype=np.int64).reshape(n, -1)
        side = self.template.dfn if self.role == "attacker" else self.template.att
        other = np.tile(np.array(side.counts0, dtype=np.int64), (n, 1))
        return (chosen, other) if self.role == "attacker" else (other, chosen)

    def keys(self, combos: list[tuple[int, ...]], cancel=None) -> "_Keys | None":
        """The key figures of ``combos`` as arrays (``_Keys``), by ``_backwards`` (the forces
        whose battles are over at the start as ``solve`` solves them), their work counted;
        None when the forces aren't valued backwards (retreat rules, waves, a round limit,
        a kind of battle ``EndValues`` doesn't value) or it declines (``solve`` then
        sweeps)."""
        if self.later is not None:
            self.later.cancel = cancel          # (the later waves' battles it solves)
        if self._lattice is not None:
            return self._lattice_keys(combos, cancel)
        backwards = self._backwards
        if backwards is None or not self.batches or self.rounds:
            return None
        n = len(combos)
        forces = np.array(combos, dtype=np.int64).reshape(n, -1)
        att, dfn = self._sides(combos)
        live = backwards.live(att, dfn)
        on = np.flatnonzero(live)
        spent = backwards.spent
        if backwards.opening:
            # round 1's phases before the fire (AA guns), force by force: each force's
            # value is its sub-battles', by their chances
            battle, sub_a, sub_d, mass = self._starts([combos[i] for i in on.tolist()],
                                                      cancel)
            self.work_used += len(on) * limits.PLAN_VALUE_OPENING_WORK
            found = backwards.of(sub_a, sub_d, cancel=cancel)
            if found is not None:
                found = np.array([np.bincount(battle, weights=np.asarray(mass) * column,
                                              minlength=len(on)) for column in found.T]).T
        else:
            sub_a, sub_d = self._starts([combos[i] for i in on.tolist()], cancel)[1:3]
            found = backwards.of(sub_a, sub_d, cancel=cancel)
        # the work the valuation did (``EndValues.step``: what it numbered and valued)
        self.work_used += backwards.spent - spent
        if found is None:
            self._backwards = None          # (a stalemate, a lone unit, too many): swept
            return None
        values = found
        figures = np.zeros((5, n))          # wins, holds, takes, swing, taken and held
        # IPC lost counts from every unit the battle starts with (``_candidates``)
        start_a = att[on].astype(float) @ self._slot_costs[0]
        start_d = dfn[on].astype(float) @ self._slot_costs[1]
        figures[:3, on] = values[:, :3].T
        figures[3, on] = (start_d - start_a) * values[:, 3] + values[:, 4]
        if self.later is not None:
            figures[4, on] = values[:, 5]
        over = np.flatnonzero(~live).tolist()
        if over:
            # over at the start: the general solver's (their one end position)
            picked = [combos[i] for i in over]
            rules_list = self.rules_of_all(picked)
            outs = solvers.solve_batch(rules_list, cancel=cancel, curve=False)
            for i, c in zip(over, self._candidates(picked, rules_list, outs)):
                figures[:, i] = [c.figure(key) for key in KEY_FIGURES]
            self._count_work(picked)
        self.solved += n
        return _Keys(self, combos, forces, figures)

    def _lattice_keys(self, combos: list[tuple[int, ...]], cancel=None) -> "_Keys":
        """``keys`` on the lattice (``_lattice``): every position valued once (its work
        counted then), each force's figures read at its start."""
        lattice = self._lattice
        if lattice.valued is None:
            self.work_used += lattice.work

        def ends(att: np.ndarray, dfn: np.ndarray, stalemate: bool) -> np.ndarray:
            # (wins, holds, the attacker's IPC left, the defender's, takes the territory):
            # decided as the figures judge an end position (``_sides_of_ends``), a
            # stalemate a draw
            found = self._sides_of_ends(att, dfn)
            wins = (found[:, 0] == _ATTACKER) & (not stalemate)
            holds = (found[:, 0] == _HOLDS) | stalemate
            takes = found[:, 1] * (not stalemate)
            return np.column_stack([wins, holds, found[:, 2], found[:, 3], takes]
                                   ).astype(float)

        def still_on(att: np.ndarray, dfn: np.ndarray, holds: float) -> np.ndarray:
            # a battle left on (withdrawn: the defender holds; undecided at a round limit:
            # neither side has won), the territory not taken, the IPC left
            found = self._sides_of_ends(att, dfn)
            n = len(att)
            return np.column_stack([np.zeros(n), np.full(n, holds), found[:, 2], found[:, 3],
                                    np.zeros(n)])

        leave = worth = None
        if self.policy is not None or self.position_rules:
            def leave(att: np.ndarray, dfn: np.ndarray) -> np.ndarray:
                return still_on(att, dfn, 1.0)
        later = self.later
        columns, read = 5, 0            # the values' columns, the first the figures read
        if later is not None:
            # first waves: beside the wave's own battle's columns (what "below X" and a
            # strafe weigh), an end's values the whole attack's from there (``_Later``) in
            # the columns the figures read (the IPC: the attacker's left less the later
            # waves' cost and the defender's left, beside 0), taken and held a sixth
            own_ends, own_leave = ends, leave
            columns, read = 11, 5

            def whole(att: np.ndarray, dfn: np.ndarray, verdict: int) -> np.ndarray:
                v = later.values(att, dfn, np.full(len(att), verdict, dtype=np.int64))
                return np.column_stack([v[:, 0], v[:, 1], v[:, 3], np.zeros(len(att)),
                                        v[:, 2], v[:, 4]])

            def ends(att: np.ndarray, dfn: np.ndarray, stalemate: bool) -> np.ndarray:
                return np.column_stack([own_ends(att, dfn, stalemate),
                                        whole(att, dfn, _HOLDS if stalemate else -1)])

            if own_leave is not None:
                def leave(att: np.ndarray, dfn: np.ndarray) -> np.ndarray:
                    return np.column_stack([cast(Callable, own_leave)(att, dfn),
                                            whole(att, dfn, _HOLDS)])
        if self.policy is not None:
            # what the policy weighs: the IPC left, less the defender's, and the territory
            # (a strafe: never taken, so worth nothing); over waves "profit" the whole
            # attack's (``attack._policy`` looks ahead), a strafe the wave's own battle
            weights = [0.0, 0.0, 1.0, -1.0, float(self.scenario.options.territory_value)
                       if self.policy == "profit" else 0.0]
            if later is not None:
                weights = [0.0] * 5 + weights + [0.0] if self.policy == "profit" \
                    else weights + [0.0] * 6
            worth = np.array(weights)
        forced = None
        few = self.scenario.options.retreat_when_units
        if leave is not None and (few or self._air_rule):
            fights_a = self._masks[0]
            land_a, air_a = self._only_air

            def forced(att: np.ndarray, dfn: np.ndarray) -> np.ndarray:
                out = np.zeros(len(att), dtype=bool)
                if few:
                    out |= att[:, fights_a].sum(axis=1) <= few
                if self._air_rule:
                    # (a force that had land units: those without are solved on their own)
                    out |= ~(att[:, land_a] > 0).any(axis=1) & (att[:, air_a] > 0).any(axis=1)
                return out
        rounds, retreated = self.rule_rounds

        def limit(att: np.ndarray, dfn: np.ndarray) -> np.ndarray:
            # still on after the last round: withdrawn ("after round N"), else undecided
            return still_on(att, dfn, float(retreated))

        values = lattice.values(ends, columns, cancel, leave, worth, forced,
                                4 if self.policy == "strafe" else None,
                                self.scenario.options.retreat_below if leave is not None
                                else 0.0, rounds, limit if rounds else None)
        n = len(combos)
        forces = np.array(combos, dtype=np.int64).reshape(n, -1)
        att, dfn = self._sides(combos)
        starts = lattice.starts(att, dfn)
        at_start = values.take(starts, axis=0)
        if self._lattice_opening:
            at_start = self._fired(combos, starts, at_start, cancel)
        at_start = at_start[:, read:]
        # IPC lost counts from every unit the battle starts with (``_candidates``)
        start_a = att.astype(float) @ self._slot_costs[0]
        start_d = dfn.astype(float) @ self._slot_costs[1]
        figures = np.zeros((5, n))          # wins, holds, takes (none at sea), swing, -
        figures[:2] = at_start[:, :2].T
        figures[2] = at_start[:, 4]
        figures[3] = (start_d - at_start[:, 3]) - (start_a - at_start[:, 2])
        if later is not None:
            figures[4] = at_start[:, 5]
        if self._air_rule and self.role == "attacker":
            # a force of aircraft alone is never under "only aircraft left" (the lattice
            # withdraws it at once): as ``odds`` solves it
            land_a, _ = self._only_air
            alone = np.flatnonzero(~(att[:, land_a] > 0).any(axis=1)).tolist()
            picked = [combos[i] for i in alone]
            self._count_work(picked)
            for i, c in zip(alone, self._each_alone(picked, cancel)):
                figures[:, i] = [c.figure(key) for key in KEY_FIGURES]
        self.solved += n
        return _Keys(self, combos, forces, figures)

    @functools.cached_property
    def _lattice_opening(self) -> bool:
        """Round 1 of the lattice's battles may open with the defender's AA fire (before it,
        no position of the cells: ``_fired``)."""
        return self.template.land_battle and any(
            s.unit.has("aa_gun") for s, n in zip(self.template.dfn.slots,
                                                 self.template.dfn.counts0) if n)

    def _fired(self, combos: list[tuple[int, ...]], starts: np.ndarray, at_start: np.ndarray,
               cancel=None) -> np.ndarray:
        """The values at the start of forces ``combos`` (at positions ``starts``; the
        lattice's, ``at_start``, as if round 1 were any round) when round 1 opens with AA
        fire: each force's positions after the fire (``EndValues.sub_battles``, as ``odds``
        pushes them) are fought on at once (``ForceValues.fought``: no retreat before the
        rest of round 1), the force's worth of fighting their mean by their chances; its
        retreat before round 1 weighed against that (``Retreat.apply``). A force whose
        start is decided or folded keeps the lattice's. (Its work is in the lattice's.)"""
        from . import sea_values
        lattice = cast(sea_values.ForceValues, self._lattice)
        battle = lattice.battle
        live = np.flatnonzero(battle.status.take(starts) == 0)
        picked = [combos[i] for i in live.tolist()]
        which, sub_a, sub_d, mass = batch.EndValues.sub_battles(self.rules_of_all(picked),
                                                                cancel=cancel)
        index_a, index_d = battle.att.index, battle.dfn.index
        at = np.array([index_a[a] * battle.Cd + index_d[d] for a, d in zip(sub_a, sub_d)],
                      dtype=np.int64)
        fought, could = lattice.fought(at)
        of = np.asarray(which, dtype=np.int64)          # (each position's force)
        on = np.array([np.bincount(of, np.asarray(mass) * column, minlength=len(live))
                       for column in fought.T])
        out = at_start.copy()
        # (a lattice with AA fire is one under retreat rules or a policy: ``_lattice``)
        retreat = cast(sea_values.Retreat, lattice.retreat)
        could_take = None if could is None else np.bincount(of, could, minlength=len(live)) > 0
        out[live] = retreat.apply(starts.take(live), on, could_take).T
        return out

    def _starts(self, combos: list[tuple[int, ...]], cancel=None) -> tuple:
        """(battle, attacker's counts, defender's, chance) of the positions ``EndValues``
        values the live ``combos`` from: with AA guns their sub-battles after round 1's
        fire (``EndValues.sub_battles``; those ``work`` made for the search's next batch
        taken from ``_subs``), else each force's battle's start."""
        backwards = cast(batch.EndValues, self._backwards)
        if not backwards.opening:
            k = 0 if self.role == "attacker" else 1
            forces = np.array(combos, dtype=np.int64).reshape(len(combos), -1)
            chosen = np.tile(np.array(self.base, dtype=np.int64), (len(combos), 1))
            chosen[:, self.slot] += forces
            starts = list(map(tuple, chosen.tolist()))
            fixed = [tuple((self.template.att, self.template.dfn)[k ^ 1].counts0)] * \
                len(combos)
            att, dfn = (starts, fixed) if k == 0 else (fixed, starts)
            return list(range(len(combos))), att, dfn, [1.0] * len(combos)
        todo = [c for c in dict.fromkeys(combos) if c not in self._subs]
        if todo:
            battle, att, dfn, mass = batch.EndValues.sub_battles(self.rules_of_all(todo),
                                                                 cancel=cancel)
            for c in todo:
                self._subs[c] = []
            for b, a, d, m in zip(battle, att, dfn, mass):
                self._subs[todo[b]].append((a, d, m))
        out: tuple[list, list, list, list] = ([], [], [], [])
        for i, c in enumerate(combos):
            for a, d, m in self._subs.pop(c, ()):
                out[0].append(i)
                out[1].append(a)
                out[2].append(d)
                out[3].append(m)
        return out

    def work(self, combos: list[tuple[int, ...]], cancel=None
             ) -> tuple[np.ndarray, np.ndarray]:
        """The work solving ``combos[:i + 1]`` would add to ``work_used``, for each i, and
        the memory of the forces' valuation then (0: swept): valued backwards, what
        ``EndValues`` would number and value for them (``EndValues.step``: compositions
        its chains don't have yet, positions not valued yet; nothing valued here), round 1's
        AA fire of each, and the sweep of those over at the start; swept, each force's
        battle (``force_work``)."""
        n = len(combos)
        backwards = self._backwards
        if backwards is None or not self.batches or self.rounds \
                or not n:
            return np.cumsum([self.force_work(c) for c in combos], dtype=float), np.zeros(n)
        live = backwards.live(*self._sides(combos))
        on = np.flatnonzero(live)
        extra = np.where(live, limits.PLAN_VALUE_OPENING_WORK if backwards.opening else 0.0,
                         [0.0 if ok else self.force_work(c) for c, ok in zip(combos, live)])
        battle, sub_a, sub_d, mass = self._starts([combos[i] for i in on.tolist()], cancel)
        if backwards.opening:        # (kept for ``keys``: made once)
            for i in on.tolist():
                self._subs[combos[i]] = []
            for b, a, d, m in zip(battle, sub_a, sub_d, mass):
                self._subs[combos[on[b]]].append((a, d, m))
        ca, cd = backwards.sides
        # each live force's last start: the compositions numbered up to it
        last = np.full(n, -1, dtype=np.int64)
        if len(battle):
            last[on[np.asarray(battle)]] = np.arange(len(battle))
        last = np.maximum.accumulate(last)
        new_a = np.concatenate([[0], ca.added(sub_a, cancel)])[last + 1]
        new_d = np.concatenate([[0], cd.added(sub_d, cancel)])[last + 1]
        step, bytes_ = backwards.step(new_a, new_d)
        step = np.where(last >= 0, step, 0.0)
        return np.cumsum(extra) + step, np.broadcast_to(bytes_, (n,)).astype(float)

    def outcome_of(self, combo: tuple[int, ...]):
        """The outcome of a force solved with its end positions kept (``kept``), its
        ``decided`` filled in from them; None for the others."""
        found = self.kept.get(combo)
        if found is None:
            return None
        out, b, sink = found
        if not out.decided:
            battle, mass, att, dfn = sink.arrays()
            mine = np.flatnonzero(battle == b)
            decided = out.decided
            for m, a, d in zip(mass[mine].tolist(), att[mine].tolist(), dfn[mine].tolist()):
                key = (tuple(a), tuple(d), False)
                decided[key] = decided.get(key, 0.0) + m
        return out

    def _candidates(self, combos, rules_list, outs, sink=None) -> list[Candidate]:
        """Each force's key figures from its end positions (the sums ``figures`` makes: the
        attacker's wins, the defender holding, the territory, the IPC swing): the positions'
        own values worked out once for the batch (many battles end in the same positions),
        then every battle's sums in one pass over all positions (``np.bincount``); the
        positions the batch engine gave as arrays (``sink``) valued as arrays."""
        if self.later is not None:
            return self._whole_attacks(combos, outs, sink)
        ids = self._ends
        # the outcomes holding positions (the batch engine's, sent as arrays, hold none)
        filled = [(b, out) for b, out in enumerate(outs)
                  if out.decided or out.retreated or out.stalemates or out.undecided]
        self._learn([s for _, out in filled for bucket in _BUCKETS
                     for s in getattr(out, bucket) if s not in ids])
        which: list[int] = []
        masses: list[float] = []
        rows: Any = []                  # the positions' numbers, then their array
        forced: Any = []                # each position's verdict forced by its bucket, too
        for b, out in filled:
            for bucket, bucket_verdict in zip(_BUCKETS, self._forced_by):
                found = getattr(out, bucket)
                if not found:
                    continue
                which += [b] * len(found)
                masses.extend(found.values())
                rows.extend(map(ids.__getitem__, found))
                forced += [bucket_verdict] * len(found)
        n = len(outs)
        p = np.array(masses, dtype=float)
        at = np.array(which, dtype=np.int64)
        rows = np.array(rows, dtype=np.int64)
        ends_array = self._values[rows]                  # [position, 4]
        forced = np.array(forced, dtype=np.int64)
        verdict = np.where(forced < 0, ends_array[:, 0], forced)
        if sink is not None and sink.parts:
            at_s, p_s, values = sink.values(self._sides_of_ends)
            at, p = np.concatenate([at, at_s]), np.concatenate([p, p_s])
            verdict = np.concatenate([verdict, values[:, 0]])
            ends_array = np.concatenate([ends_array, values])
        # IPC lost count from every unit the battle starts with (``battle_start``)
        # (the chosen side's counts: the base plus the force, as ``rules_of_all`` places
        # them; the other side's the template's)
        chosen = np.tile(np.array(self.base, dtype=float), (n, 1))
        chosen[:, self.slot] += np.array(combos, dtype=float).reshape(n, -1)
        k = 0 if self.role == "attacker" else 1
        other = np.array((self.template.dfn if k == 0 else self.template.att).counts0,
                         dtype=float)
        starts = np.empty((n, 2))
        starts[:, k] = chosen @ self._slot_costs[k]
        starts[:, 1 - k] = other @ self._slot_costs[1 - k] if other.size else 0.0
        swing = (starts[at, 1] - ends_array[:, 3]) - (starts[at, 0] - ends_array[:, 2])

        def total(weights) -> list[float]:
            return np.bincount(at, weights=weights, minlength=n).tolist()

        wins = total(np.where(verdict == _ATTACKER, p, 0.0))
        holds = total(np.where(verdict == _HOLDS, p, 0.0))
        takes = total(np.where(verdict == _ATTACKER, p * ends_array[:, 1], 0.0))
        swings = total(p * swing)
        return self._candidates_of(combos, wins, holds, takes, swings)

    def _whole_attacks(self, combos, outs, sink=None) -> list[Candidate]:
        """``_candidates`` of first waves (``later``): each end position worth its share of
        the whole attack's figures (``_Later.values``), summed per force."""
        at: list[int] = []
        masses: list[float] = []
        states: list = []
        forced: list[int] = []
        # (each bucket's verdict as ``_candidates`` forces it; with later waves, any end
        # whose defender is left meets the next wave)
        for b, out in enumerate(outs):
            for bucket, verdict in zip(_BUCKETS, self._forced_by):
                found = getattr(out, bucket)
                at += [b] * len(found)
                masses.extend(found.values())
                states.extend(found)
                forced += [verdict] * len(found)
        n, slots_a, slots_d = len(outs), len(self.template.att.slots), \
            len(self.template.dfn.slots)
        p, where = np.array(masses, dtype=float), np.array(at, dtype=np.int64)
        att = np.array([s[0] for s in states], dtype=np.int64).reshape(len(states), slots_a)
        dfn = np.array([s[1] for s in states], dtype=np.int64).reshape(len(states), slots_d)
        if sink is not None and sink.parts:
            b_s, p_s, att_s, dfn_s = sink.arrays()
            where, p = np.concatenate([where, b_s]), np.concatenate([p, p_s])
            att, dfn = np.concatenate([att, att_s]), np.concatenate([dfn, dfn_s])
            forced += [-1] * len(b_s)
        later = cast(_Later, self.later)
        values = later.values(att, dfn, np.array(forced, dtype=np.int64))
        sums = [np.bincount(where, weights=p * values[:, k], minlength=n) for k in range(5)]
        # IPC lost counts from every unit the attack starts with (the force's and the
        # later waves': ``values`` has their cost taken off)
        att0, dfn0 = self._sides(combos)
        start = dfn0.astype(float) @ self._slot_costs[1] - att0.astype(float) @ \
            self._slot_costs[0]
        swings = start * np.bincount(where, weights=p, minlength=n) + sums[3]
        return self._candidates_of(combos, sums[0], sums[1], sums[2], swings,
                                   sums[4] if self.scenario.counter is not None else None)

    def _candidates_of(self, combos, wins, holds, takes, swings,
                       held=None) -> list[Candidate]:
        """The forces' candidates from their key figures (sequences, one entry a force;
        ``held``: taken and held, with a counter-attack)."""
        n = len(combos)
        land = self.template.land_units() is not None
        forces = np.array(combos, dtype=np.int64).reshape(len(combos), -1)
        costs = (forces @ np.array([self.costs[u] for u in self.types],
                                   dtype=np.int64)).tolist()
        # the chances capped at 1 (the sums' rounding) for every force at once
        wins, holds, takes = np.minimum(np.array([wins, holds, takes]), 1.0).tolist()
        swings = np.asarray(swings, dtype=float).tolist()
        if not land:
            takes = [None] * n          # a sea battle: no territory
        types = self.types
        # (positional: the fields' order, force .. expected_ipc_swing; a third faster)
        made = [Candidate({u: k for u, k in zip(types, c) if k}, cost, units, w, h, t, sw)
                for c, cost, units, w, h, t, sw in zip(
                    combos, costs, forces.sum(axis=1).tolist(), wins, holds, takes, swings)]
        if held is not None:
            for c, x in zip(made, np.minimum(np.asarray(held, dtype=float), 1.0).tolist()):
                c.takes_and_holds = x
        return made

    @property
    def _by_slots(self) -> bool:
        """A later edition's battle: a position's values read from its counts per slot
        (``_sides_of_ends``)."""
        return hasattr(self.template.att, "slots") and hasattr(self.template,
                                                                 "territory_taken")

    def _sides_of_ends(self, att: np.ndarray, dfn: np.ndarray) -> np.ndarray:
        """``_learn``'s values of positions given as the sides' counts ([position, slot]
        each; a later edition's, decided: a side with no fighting unit left): the verdict
        as ``LaterRules.verdict`` gives it (from the sides' fighting units), the territory
        as ``territory_taken``, the IPC left."""
        fights_a, fights_d, land_a = self._masks
        a_on = (att[:, fights_a] > 0).any(axis=1)
        d_on = (dfn[:, fights_d] > 0).any(axis=1)
        verdict = np.where(a_on & d_on, _OTHER, np.where(a_on, _ATTACKER, _HOLDS))
        if self.template.land_units() is None:
            takes = np.zeros(len(att))
        else:
            takes = ((att[:, land_a] > 0).any(axis=1) & ~d_on).astype(float)
        return np.column_stack([verdict.astype(float), takes,
                                att.astype(float) @ self._slot_costs[0],
                                dfn.astype(float) @ self._slot_costs[1]])

    @property
    def _forced_by(self) -> tuple[int, ...]:
        """Each of ``_BUCKETS``' verdict (``_FORCED``), the battles still on at the round
        limit the defender's when "withdraw after round N" ends them there (``retreated``)."""
        return _FORCED[:3] + (_HOLDS,) if self.retreated else _FORCED

    @functools.cached_property
    def _only_air(self) -> tuple[np.ndarray, np.ndarray]:
        """The attacker's slots of land units (AA guns aside) and of aircraft that fight, as
        ``withdrawals.only_air_rule`` reads them."""
        kinds = [s.unit.kind if s.fights and not s.unit.has("aa_gun") else ""
                 for s in self.template.att.slots]
        return (np.array([k == "land" for k in kinds], dtype=bool),
                np.array([k == "air" for k in kinds], dtype=bool))

    @functools.cached_property
    def _masks(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """The slots that fight (attacker's, defender's), the attacker's land units'."""
        rules = self.template
        land = rules.land_units() or frozenset()
        return (np.array([bool(s.fights) for s in rules.att.slots], dtype=bool),
                np.array([bool(s.fights) for s in rules.dfn.slots], dtype=bool),
                np.array([bool(s.fights) and s.unit.id in land for s in rules.att.slots],
                         dtype=bool))

    def _learn(self, states: list) -> None:
        """Each position's (verdict, takes the territory, attacker's IPC left, defender's
        IPC left), as ``figures`` reads them, for ``states`` at once."""
        states = list(dict.fromkeys(states))
        if not states:
            return
        rules = self.template
        a = np.array([s[0] for s in states], dtype=float).reshape(len(states), -1)
        d = np.array([s[1] for s in states], dtype=float).reshape(len(states), -1)
        left_a = (a @ self._slot_costs[0]).tolist()
        left_d = (d @ self._slot_costs[1]).tolist()
        land = rules.land_units()
        if land is None:
            takes = [0.0] * len(states)
        elif hasattr(rules, "territory_taken"):
            takes = np.asarray(rules.territory_taken(states), dtype=float).tolist()
        else:
            takes = []
            for state in states:
                att, dfn = rules.state_units(state)
                takes.append(float(any(n and u in land for u, n in att.items())
                                   and not any(dfn.values())))
        codes = {"attacker": _ATTACKER, "defender": _HOLDS, "draw": _HOLDS}
        verdicts = [codes.get(rules.verdict(state), _OTHER) for state in states]
        first = len(self._ends)
        self._ends.update(zip(states, range(first, first + len(states))))
        self._values = np.concatenate([self._values, np.array(
            [verdicts, takes, left_a, left_d], dtype=float).T])


#: A position's verdict as a number: the attacker won; the defender holds (won, or nobody
#: did); neither (still on after the round limit).
_ATTACKER, _HOLDS, _OTHER = 1, 2, 0
#: The outcome's buckets, and the verdict each gives its positions (-1: the position's own):
#: a retreat leaves the territory to the defender, a stalemate is a draw.
_BUCKETS = ("decided", "retreated", "stalemates", "undecided")
_FORCED = (-1, _HOLDS, _HOLDS, _OTHER)


class _Ends:
    """The end positions the batch engine gives as arrays (``batch.solve``'s ``ends``),
    collected for ``_Question._candidates``."""

    def __init__(self):
        self.parts: list[tuple] = []
        self.entries = 0
        self._all: tuple | None = None

    def __call__(self, battle, mass, att, dfn) -> None:
        self.parts.append((battle, mass, att, dfn))
        self.entries += len(battle)
        self._all = None

    def arrays(self) -> tuple[np.ndarray, ...]:
        """(battle, mass, attacker's counts, defender's) of every entry."""
        if self._all is None:
            self._all = tuple(np.concatenate(x) for x in zip(*self.parts))
        return self._all

    def values(self, value_of) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """(battle, mass, the positions' values ``value_of(att, dfn)``) of every entry."""
        battle, mass, att, dfn = self.arrays()
        return battle, mass, value_of(att, dfn)


class _Later:
    """What the later waves and the counter-attack make of the first wave's end positions
    (a plan over waves or a counter-attack; "after round N" alone, or the rules and policies
    the lattice takes, ``_lattice_keys``): each force's first wave — the attacker's chosen,
    or against the defender's — is then a battle of the batch (valued backwards, or on the
    lattice), its end positions worth their share of the whole attack's figures, as
    ``attack`` carries an end position on:

    - the defender destroyed: every later wave walks in (the attacker has won; the
      territory is taken by the first wave or by a later wave's land units, held by the
      first wave's land units there and the later waves');
    - else the later waves fight the defender's survivors: their attack against that
      composition (``attack.answer``, memoised: one per composition for every force) gives
      the figures, the first wave's survivors (it withdrew, a stalemate, a round limit)
      adding their IPC. It depends on that composition alone, whichever force left it (the
      defender's question too: its forces' survivors are compositions of its whole side).

    A land battle whose defender has units that don't fight (Revised's and Anniversary's AA
    guns, no casualties) is not valued so (``of``: None): such a unit is left when the rest
    is destroyed, and ``attack`` fights the next wave against it, that wave's land units
    holding the territory in place of the first wave's."""

    def __init__(self, q: _Question):
        self.q = q
        s = q.scenario
        edition, ids = s.edition, s.edition.ids
        land = s.options.battle == "land"

        def holds(uid: str) -> bool:        # a unit that holds a taken territory
            u = edition.unit(uid)
            return land and u.kind == "land" and not u.has("aa_gun")

        #: The later waves' land units per unit id (they walk in).
        self.walk_in = np.array([sum(w.units.get(u, 0) for w in s.waves) if holds(u) else 0
                                 for u in ids], dtype=np.int64)
        rules = q.template

        def per_id(slots, keep) -> np.ndarray:
            # [slot, unit id]: 1 where the slot holds that unit and ``keep`` says so
            return np.array([[1 if s.unit.id == u and keep(s) else 0 for u in ids]
                             for s in slots], dtype=np.int64).reshape(len(slots), len(ids))

        self.holders = per_id(rules.att.slots,
                              lambda s: holds(s.unit.id) and s.status != "withdrawn")
        self.units = per_id(rules.dfn.slots, lambda s: True)
        self.damaged = per_id(rules.dfn.slots, lambda s: s.status == "damaged")
        self.cancel: Callable[[], bool] | None = None
        #: the later waves' battles and the counter-attack's, shared with the whole attacks
        #: of the forces the answer shows (``attack.answer``'s memo: ``_Question._memo``)
        self.memo: dict = {}
        self._after: dict[tuple, tuple] = {}      # defender's survivors -> their figures
        self._held: dict[tuple, float] = {}       # holders -> P(held)
        self._fight: Any = None                   # (``_holds``'s counter-attacks)

    @classmethod
    def of(cls, q: _Question) -> "_Later | None":
        s = q.scenario
        o = s.options
        # (rules the lattice takes: a policy alone, position rules; not "after round N"
        # beside others)
        on_lattice = not o.retreat_after and (getattr(o, "retreat", "none") == "none"
                                               or _policy_alone(s) is not None)
        if not (_no_retreat_rules(s) or q.after or on_lattice) or not q._by_slots:
            return None
        if s.options.battle == "land" and not all(slot.fights for slot in q.template.dfn.slots):
            return None
        return cls(q)

    def values(self, att: np.ndarray, dfn: np.ndarray,
               forced: np.ndarray | None = None) -> np.ndarray:
        """Per end position of a first wave (the sides' counts per slot, [position, slot];
        ``forced``: per position, its verdict as its bucket forces it, ``_FORCED``: -1 its
        own, the defender's for a stalemate or a withdrawal, neither's still on after a
        round limit): [the attacker wins, the defender holds, the territory is taken, the
        attacker's IPC left less the later waves' cost and the defender's IPC left, taken
        and held] of the whole attack from there."""
        first = self.q._sides_of_ends(att, dfn)     # (verdict, taken, IPC left a, d)
        out = np.zeros((len(att), 5))
        out[:, 3] = first[:, 2] - first[:, 3]
        if not self.q.scenario.waves:
            # the battle alone, then the counter-attack: its own verdict (a stalemate a
            # draw, a withdrawal the defender's), the territory taken by its land units left
            verdict = first[:, 0] if forced is None else np.where(forced < 0, first[:, 0],
                                                                  forced)
            wins = verdict == _ATTACKER
            taken = wins & (first[:, 1] > 0)
            out[:, 0], out[:, 1], out[:, 2] = wins, verdict == _HOLDS, taken
            out[:, 4] = self._held_by(taken, att @ self.holders)
            return out
        destroyed = ~(dfn > 0).any(axis=1)
        gone = np.flatnonzero(destroyed)
        if len(gone):
            taken = (first[gone, 1] > 0) | bool(self.walk_in.any())
            out[gone, 0] = 1.0
            out[gone, 2] = taken
            holding = np.where((first[gone, 1] > 0)[:, None], att[gone] @ self.holders, 0)
            out[gone, 4] = self._held_by(taken, holding + self.walk_in)
        left = np.flatnonzero(~destroyed)
        if len(left):
            kinds, which = np.unique(dfn[left], axis=0, return_inverse=True)
            after = np.array([self._figures(tuple(k)) for k in kinds.tolist()])
            after = after.take(which.ravel(), axis=0)
            out[left, :3] = after[:, :3]
            out[left, 3] += after[:, 3]
            out[left, 4] = after[:, 4]
        return out

    def _held_by(self, taken: np.ndarray, holding: np.ndarray) -> np.ndarray:
        """Per position: taken (``taken``) and held by ``holding`` (land units per unit id)
        against the counter-attack; 0 without one."""
        if self.q.scenario.counter is None or not taken.any():
            return np.zeros(len(taken))
        kinds, which = np.unique(holding, axis=0, return_inverse=True)
        held = np.array([self._holds(tuple(h)) for h in kinds.tolist()])
        return np.where(taken, held.take(which.ravel()), 0.0)

    def _figures(self, dfn: tuple) -> tuple:
        """(attacker wins, defender holds, taken, IPC swing, taken and held) of the later
        waves' attack against the defender's survivors ``dfn`` (its counts per slot)."""
        found = self._after.get(dfn)
        if found is None:
            from . import attack, outcomes
            s = self.q.scenario
            ids = s.edition.ids
            row = np.array(dfn, dtype=np.int64)
            units, damaged = (dict((u, n) for u, n in zip(ids, (row @ m).tolist()) if n)
                              for m in (self.units, self.damaged))
            later = replace(s, attacker=s.waves[0], waves=s.waves[1:],
                            defender=replace(s.defender, units=units, damaged=damaged),
                            plan=None)
            r = attack.answer(rulesets.get("lowluck"), later, outcomes.outcome_and_words,
                              cancel=self.cancel, memo=self.memo, wave=1)
            figures = r.figures
            assert figures is not None              # a Low Luck result has its figures
            counter = r.asked.get("counter")
            found = (r.attacker_wins, r.defender_wins + r.draw, figures.takes_territory or 0.0,
                     figures.expected_ipc_swing, counter["holds"] if counter else 0.0)
            self._after[dfn] = found
        return found

    def _holds(self, holding: tuple) -> float:
        """P(the counter-attack doesn't take back the territory ``holding`` holds: land
        units per unit id)."""
        found = self._held.get(holding)
        if found is None:
            from . import attack, outcomes
            if self._fight is None:
                self._fight = attack._Attack(rulesets.get("lowluck"), self.q.scenario,
                                             outcomes.outcome_and_words, "exact", 1, None,
                                             None, self.memo)
            fight = self._fight
            # (one battle each: the plan's bound counts every holding, ``_attack_work``)
            fight.solved, fight.cancel = 0, self.cancel
            zero = (0,) * len(holding)
            end = attack.End(zero, zero, zero, "attacker", "decided", True, holding)
            found = self._held[holding] = fight._counter({end: 1.0}, 1.0)["holds"]
        return found


class _Keys:
    """The key figures of forces as arrays (``_Question.keys``): ranked without a
    candidate each (``ranked``), candidates made for the forces asked (``candidates``)."""

    def __init__(self, q: _Question, combos: list[tuple[int, ...]], forces: np.ndarray,
                 figures: np.ndarray):
        self.q, self.combos = q, combos
        #: wins, holds, takes, swings, taken and held (with a counter-attack) [force]; the
        #: chances capped at 1 (the sums' rounding)
        self.wins, self.holds, self.takes = np.minimum(figures[:3], 1.0)
        self.swings = figures[3]
        self.held = np.minimum(figures[4], 1.0) if q.scenario.counter is not None else None
        self.costs = forces @ np.array([q.costs[u] for u in q.types], dtype=np.int64)
        self.units = forces.sum(axis=1)

    def figure(self, name: str) -> np.ndarray:
        """``Candidate.figure`` of every force (a sea battle's territory: 0)."""
        if (name == "takes_territory" and self.q.template.land_units() is None
                or name == "takes_and_holds" and self.held is None):
            return np.zeros(len(self.combos))
        return cast(np.ndarray, {"attacker_wins": self.wins, "defender_holds": self.holds,
                                 "takes_territory": self.takes,
                                 "takes_and_holds": self.held}[name])

    def ranked(self, target: str) -> np.ndarray:
        """The forces in ``_rank``'s order (cheapest first; ties: the higher target figure,
        then fewer units; then as listed, as a stable sort leaves them)."""
        return cast(np.ndarray, np.lexsort((self.units, -self.figure(target), self.costs)))

    def candidates(self, which) -> list[Candidate]:
        """The candidates of the forces ``which`` (indices)."""
        idx = np.asarray(list(which), dtype=np.int64)
        if not len(idx):
            return []
        return self.q._candidates_of([self.combos[i] for i in idx.tolist()], self.wins[idx],
                                     self.holds[idx], self.takes[idx], self.swings[idx],
                                     None if self.held is None else self.held[idx])


def _policy_alone(scenario: LowLuckScenario) -> str | None:
    """The retreat policy (profit, strafe) when no retreat rule is beside it but "with N
    units or fewer" and the aircraft rule (not ``retreat_after`` or ``retreat_below``),
    else None."""
    o = scenario.options
    policy = getattr(o, "retreat", "none")
    if policy == "none" or o.retreat_after or o.retreat_below:
        return None
    return str(policy)


def _no_retreat_rules(scenario: LowLuckScenario) -> bool:
    """No retreat rule or policy: every force's battle is fought to the end (or the round
    limit), as the batch engine solves it."""
    o = scenario.options
    return not (o.retreat_after or o.retreat_when_units or o.retreat_below
                or getattr(o, "retreat", "none") != "none"
                or getattr(o, "retreat_when_only_air", False))


def _after_alone(scenario: LowLuckScenario, rules: Any) -> int:
    """``retreat_after`` when it is the only retreat rule or policy and every attacker unit
    may withdraw (none landed from the sea), else 0."""
    o = scenario.options
    after = o.retreat_after
    if not after or not _no_retreat_rules(replace(scenario, options=replace(
            o, retreat_after=0))):
        return 0
    if not all(s.status in ("", "damaged") for s in rules.att.slots):
        return 0
    return int(after)


def _attack_work(scenario: LowLuckScenario, shared: bool, every: bool = False) -> float:
    """An upper bound on the work the attacks add to their first battles: each later
    wave's battle (against the whole defender, the largest it can meet) once per defender
    survivor composition it may meet, and the counter-attack's once per holding
    composition, each solved on its own. ``shared``: for the whole plan (the attacker's
    question, one defender; the defender's, its forces' later battles shared by
    ``_Later``), the holders counted as every sub-army of the land units there are, and
    with ``every`` (the defender's forces: each its own chain of survivors) the defender's
    survivors as every sub-army of the whole defender; else per force, as
    ``attack.battles_needed`` counts one attack."""
    units = scenario.defender.units
    n_def = sum(units.values())
    two_hit = sum(n for u, n in units.items() if scenario.edition.unit(u).hits > 1)
    per_wave = (n_def + 1) * (two_hit + 1)
    if every:
        per_wave = math.prod((n + 1) * (n + 1 if scenario.edition.unit(u).hits > 1 else 1)
                             for u, n in units.items())
    work = sum(per_wave * _work(2 * sum(w.units.values()), 2 * n_def, False)
               for w in scenario.waves)
    if scenario.counter is not None:
        per_type: dict[str, int] = {}
        for side in (scenario.attacker, *scenario.waves):
            for u, n in side.units.items():
                if scenario.edition.unit(u).kind == "land":
                    per_type[u] = per_type.get(u, 0) + n
        land = sum(per_type.values())
        holdings = math.prod(n + 1 for n in per_type.values()) if shared else land + 1
        a, d = 2 * sum(scenario.counter.units.values()), 2 * land
        # (a later edition's counter-attack: a plain land battle on its grid)
        one = _work(a, d, False) if scenario.edition.classic else \
            limits.PLAN_COUNTER_BATTLE_WORK + 2.0 * (a + 1) * (a + 2) * (d + 1) ** 2
        work += holdings * one
    return work


def _plain_slots(rules: Any, role: str) -> dict[str, int]:
    """Unit id -> the slot of its side that holds its whole, undamaged, non-amphibious
    units (the planner's counts)."""
    side = rules.att if role == "attacker" else rules.dfn
    return {s.unit.id: i for i, s in enumerate(side.slots) if s.status == ""}


def _slot_costs(rules: Any, k: int) -> list[int]:
    side = rules.att if k == 0 else rules.dfn
    return [s.unit.cost for s in side.slots]


# -- the bound ----------------------------------------------------------------------------
def battle_work(rules: Any) -> float:
    """An upper bound on one battle's work, in the grid's multiply-adds (each side's units
    counted twice: a two-hit unit takes two steps), plus the fixed cost of a battle
    (``limits.PLAN_BATTLE_WORK``: making it and reading its figures) — more for one solved
    on its own (``PLAN_SINGLE_GRID_FACTOR``, ``PLAN_SINGLE_BATTLE_WORK``)."""
    a0, d0 = rules.att.counts0, rules.dfn.counts0
    return _work(2 * sum(a0), 2 * sum(d0), batch.batchable(rules))


def _work(a: int, d: int, batched: bool) -> float:
    grid = 2.0 * (a + 1) * (a + 2) * (d + 1) ** 2
    if batched:
        return grid + limits.PLAN_BATTLE_WORK
    return limits.PLAN_SINGLE_GRID_FACTOR * grid + limits.PLAN_SINGLE_BATTLE_WORK


def plan(scenario: LowLuckScenario, *, cancel=None,
         progress: Callable[[int, int], None] | None = None) -> Plan:
    """Answer the scenario's ``[plan]`` (see the module docstring). ``progress(done, of)``:
    forces solved, of how many the plan will solve at most."""
    collecting = gc.isenabled()
    gc.disable()          # a candidate per force: no collection in between (as the batch)
    try:
        return _plan(scenario, cancel, progress)
    finally:
        if collecting:
            gc.enable()


def _plan(scenario: LowLuckScenario, cancel, progress) -> Plan:
    spec = scenario.plan
    if spec is None:
        raise EngineError(msg("the file has no [plan] table: add one to plan, e.g. [plan] "
                              "target = {example}", example="{ attacker_wins = 0.95 }"))
    if scenario.waves or scenario.counter is not None:
        _check_attack(scenario, spec)
    q = _Question(scenario, spec)
    most = [q.most[u] for u in q.types]
    per_battle = q.force_work(tuple(most))          # the whole army's battle bounds all
    # the later waves and the counter-attack: solved once for every force
    budget = limits.MAX_PLAN_WORK - q.attack_work
    if q.attack_work > limits.MAX_PLAN_WORK / 2:
        raise EngineError(msg(
            "planning this attack is past the engine's bound ({limit} s): its later waves' "
            "battles (one per defender survivor composition) and the counter-attack's (one "
            "per composition of the land units that may hold the territory) alone would take "
            "most of it; plan with fewer units in the later waves, the counter-attack or the "
            "defender, or fewer land units available", limit=limits.MAX_SECONDS))
    if per_battle * (4 + 2 * len(q.types) + spec.alternatives) > budget:
        raise EngineError(msg(
            "planning this battle is past the engine's bound ({limit} s): the whole army's "
            "battle alone is too large to solve a few times over; plan with fewer units "
            "available (about {fit} units a side fit)",
            limit=limits.MAX_SECONDS, fit=_units_that_fit(budget)))
    # besides the forces it ranks, a plan solves the "+1" forces, the shown forces' figures
    # and, searching, a descent's last batch past the count: kept in the bound
    extra = 2 * len(q.types) + spec.alternatives + 1
    swept = q.total_work() + extra * per_battle <= budget
    if not swept and q._lattice is not None:
        # the lattice past the room the extras leave: a search, each force on its own
        q.__dict__["_lattice"] = None
    # every force valued backwards (``EndValues``) when its positions fit in the bound's
    # work and memory (``value_cost``), even where sweeping every force would not
    cost = q.value_cost()
    backwards = cost is not None and not cost.declines and \
        cost.work + extra * per_battle <= budget and cost.bytes <= limits.MAX_EXACT_BYTES
    exhaustive = swept or backwards
    target = spec.target
    meets = (lambda c: c.figure(target) >= spec.value)
    seen: dict[tuple, Candidate] = {}

    def solve(combos, of):
        todo = [c for c in dict.fromkeys(combos) if c not in seen]
        for at in range(0, len(todo), CHUNK):          # memory: a chunk's outcomes at once
            part = todo[at:at + CHUNK]
            done0 = q.solved

            def step(n, _, done0=done0):
                if progress is not None:
                    progress(min(done0 + n, of), of)

            for c, cand in zip(part, q.solve(part, cancel=cancel, progress=step)):
                seen[c] = cand
        return [seen[c] for c in combos]

    proven = exhaustive
    keys = None
    if exhaustive:
        combos = [c for c in itertools.product(*[range(m + 1) for m in most])
                  if any(c) or q.role == "defender"]
        if (q.batches and not q.rounds) or q._lattice is not None:
            # valued backwards: ranked as arrays, a candidate made for the forces shown
            valuing = cast(batch.EndValues, q._backwards) if cost is not None else None
            if backwards:
                # as many positions as the estimate bounds (``EndValues.MAX_CELLS`` keeps
                # a search's incremental valuations small)
                cast(batch.EndValues, valuing).MAX_CELLS = max(
                    batch.EndValues.MAX_CELLS, cast(batch.ValueCost, cost).values)
            if valuing is None and q._lattice is not None:
                valuing = q._lattice                # (fleets with submarines: ``sea_values``)
            if valuing is not None and progress is not None:
                # the forces' share of the positions valued so far (seconds, for large plans)
                n = len(combos)
                valuing.progress = lambda share: progress(min(int(share * n), n - 1), n)
            keys = q.keys(combos, cancel)
            if valuing is not None:
                valuing.progress = None
        if keys is None and not swept:
            # declined late (a stalemate, a lone unit on a chosen side's chain): sweeping
            # every force would pass the bound, so a search, in the room left (the work
            # spent numbering counted in ``work_used``)
            exhaustive = False
            proven = _search(q, most, meets, solve, budget - extra * per_battle, cancel)
        elif keys is None:
            solve(combos, len(combos))
        elif progress is not None:
            progress(len(combos), len(combos))
    else:
        # the forces' own work counted as they are solved (most are far smaller than the
        # whole army), the extras' kept aside at the whole army's
        proven = _search(q, most, meets, solve, budget - extra * per_battle, cancel)
    if keys is not None:
        best_combo, best, others = _pick(keys, spec, seen)
        meeting = best.figure(target) >= spec.value
        frontier = keys.candidates(_frontier(keys.ranked(target), keys.figure(target)))
    else:
        # ``_rank``, inlined (every force is ranked)
        ranked = sorted(seen.items(), key=lambda kv: (
            kv[1].cost, -(getattr(kv[1], target) or 0.0), kv[1].units))
        frontier = [ranked[i][1] for i in _frontier(
            np.arange(len(ranked)), np.array([c.figure(target) for _, c in ranked])).tolist()]
        met = [(c, cand) for c, cand in ranked if meets(cand)]
        meeting = bool(met)
        if met:
            best_combo, best = met[0]
            others = met[1:1 + spec.alternatives]
        else:
            best_combo, best = max(ranked, key=lambda kv: (kv[1].figure(target), -kv[1].cost))
            others = []
    plus = []
    for i, u in enumerate(q.types):
        if best_combo[i] < most[i]:
            more = list(best_combo)
            more[i] += 1
            plus.append((u, tuple(more)))
    if keys is not None:
        # every "+1" force was ranked: its candidate from the arrays
        index = {c: i for i, c in enumerate(keys.combos)}
        for (_, c), cand in zip(plus, keys.candidates(index[c] for _, c in plus)):
            seen[c] = cand
    solve([c for _, c in plus], len(plus))
    plus_one = [(u, seen[c]) for u, c in plus]
    _full_figures(q, [(best_combo, best)] + others, cancel)
    return Plan(spec=spec, exhaustive=exhaustive, searched=q.solved, proven=proven,
                meets=bool(meeting), best=best, alternatives=[cand for _, cand in others],
                plus_one=plus_one, forces=q.forces, waves=len(scenario.waves),
                frontier=frontier)


#: A force is on the frontier when its target figure passes every cheaper force's by more
#: than this (figures equal but for the sums' rounding, ~1e-15, are the same figure).
FRONTIER_STEP = 1e-9


def _frontier(order: np.ndarray, figure: np.ndarray) -> np.ndarray:
    """``Plan.frontier``'s forces (indices, cheapest first) of forces in the ranking's order
    ``order`` (cheapest first; of one cost, the highest target ``figure`` first): each one
    whose figure passes the best of every force before it by more than ``FRONTIER_STEP``."""
    ranked = figure[order]
    if not len(ranked):
        return order
    before = np.maximum.accumulate(np.concatenate([[-np.inf], ranked[:-1]]))
    return order[ranked > before + FRONTIER_STEP]


def _pick(keys: _Keys, spec: PlanSpec, seen: dict) -> tuple:
    """An exhaustive plan's choice from its ranked arrays, as ``_plan`` picks from its
    candidates: the first force of ``_rank``'s order that meets the target, then the next
    ``alternatives`` that do; when none does, the one of the highest target figure (then the
    cheapest, then the first in that order). (best combo, its candidate, [(combo,
    candidate)] of the alternatives); their candidates go into ``seen``."""
    order = keys.ranked(spec.target)
    figure = keys.figure(spec.target)
    met = order[figure[order] >= spec.value]
    if len(met):
        picked = met[:1 + spec.alternatives]
    else:
        # Python's max over the ranked forces: the first of the highest (figure, -cost)
        picked = order[np.lexsort((np.arange(len(order)), keys.costs[order],
                                   -figure[order]))[:1]]
    cands = keys.candidates(picked)
    combos = [keys.combos[i] for i in picked.tolist()]
    seen.update(zip(combos, cands))
    return combos[0], cands[0], list(zip(combos[1:], cands[1:]))


def _check_attack(scenario: LowLuckScenario, spec: PlanSpec) -> None:
    """A plan over waves answers each force's whole attack as ``odds`` does: refused at once
    when the whole army's attack could need more battles than an attack may solve, or when
    the target needs a counter-attack the battle doesn't have."""
    from . import attack
    if spec.target == "takes_and_holds" and scenario.counter is None:
        raise EngineError(msg("the target takes_and_holds needs a counter-attack: add "
                              "[counter] units, or aim for takes_territory"))
    whole = scenario
    if spec.side == "defender":
        units = dict(scenario.defender.units)
        for uid, n in spec.add.items():
            units[uid] = units.get(uid, 0) + n
        whole = replace(scenario, defender=replace(scenario.defender, units=units))
    needed = attack.battles_needed(whole)
    if needed > attack.MAX_ATTACK_BATTLES:
        raise attack._too_many(needed)


def _full_figures(q: _Question, shown: list[tuple[tuple, Candidate]], cancel) -> None:
    """The full result of each force the answer shows: ``odds``'s figures (its JSON), from
    one more batch of those forces (without the "decided by round N" curve, which the JSON
    doesn't hold), with the casualty policy ``odds`` states (kept land units: ``policy``);
    with retreat rules each force was solved as ``odds`` solves it already, or is now (a
    retreat policy's forces valued on the lattice)."""
    from .attack import _add_policy

    def result(rules, out):
        made = battle_result("lowluck", rules, out)
        _add_policy(made, q.scenario.options, None)
        return made

    todo = []
    for c, cand in shown:
        if cand.result is not None:
            continue
        if q.later is not None:
            # first waves: the whole attack, as ``odds`` answers it (the later waves'
            # battles shared: ``attack.answer``'s memo)
            from . import attack, outcomes
            cand.result = attack.answer(rulesets.get("lowluck"), q.scenario_of(c),
                                        outcomes.outcome_and_words, cancel=cancel,
                                        memo=q._memo)
            continue
        if not q.batches or q.after:
            # a retreat policy's forces valued on the lattice: as ``odds`` solves each
            # (its policy, in words too; "after round N": its withdrawals as such)
            cand.result = compute(rulesets.get("lowluck"), q.scenario_of(c), cancel=cancel)
            continue
        out = q.outcome_of(c)
        if out is None:
            todo.append((c, cand))
        else:                   # solved already: its end positions kept
            cand.result = result(q.rules_of(c), out)
    if not todo:
        return
    rules_list = [q.rules_of(c) for c, _ in todo]
    outs = solvers.solve_batch(
        rules_list, solvers.Question(max_rounds=q.rounds),
        cancel=cancel, curve=False)
    for (_, cand), rules, out in zip(todo, rules_list, outs):
        cand.result = result(rules, out)


def _rank(c: Candidate, target: str) -> tuple:
    """Cheapest first; ties: the higher target figure, then fewer units."""
    return (c.cost, -c.figure(target), c.units)


def _units_that_fit(budget: float) -> int:
    """About how many units a side a plan's battle may have (equal sides, a few battles)."""
    n = 1
    while 4 * (2.0 * (n + 2) ** 2 * (n + 1) ** 2 + limits.PLAN_BATTLE_WORK) <= budget:
        n += 1
    return n - 1


def _search(q: _Question, most: list[int], meets, solve, room: float, cancel=None) -> bool:
    """Forces too many to solve all: the descent from the whole army, then every force in
    order of cost while their work fits in ``room``, until those that meet the target
    include the answer and its alternatives. The work counted is what each batch costs
    (``_Question.work``: valued backwards, what ``EndValues`` numbers and values for it,
    its memory within ``limits.MAX_EXACT_BYTES`` too; else each force's sweep), checked
    before the batch is solved (the longest part of it that fits) and counted as it is.
    True when every force costing no more than the last of those was solved (the answer
    and the alternatives are then an exhaustive plan's)."""
    want = 1 + q.spec.alternatives
    met: list[int] = []                 # the costs of the forces found to meet the target
    # about how many forces the room holds (the progress's "of"): forces of half the army
    # swept, or valued backwards the estimate's share of every force
    cost = q.value_cost()
    per_force = (cost.work / q.forces if cost is not None and not cost.declines
                 else q.force_work(tuple(m // 2 for m in most)))
    of = min(q.forces, max(1, int(room // max(per_force, 1.0))))
    if q._backwards is not None:
        # as many positions as the memory bound holds (``_Question.work`` checks it)
        q._backwards.MAX_CELLS = max(batch.EndValues.MAX_CELLS, int(
            limits.MAX_EXACT_BYTES / limits.PLAN_VALUE_LEVEL_BYTES) * q._backwards.q)

    def fitting(combos) -> int:
        """How many of ``combos`` (the first ones) fit in the room."""
        work, bytes_ = q.work(combos, cancel)
        ok = (q.work_used + work <= room) & (bytes_ <= limits.MAX_EXACT_BYTES)
        return len(combos) if ok.all() else int(np.argmin(ok))

    def solved(combos):
        cands = solve(combos, of)
        met.extend(c.cost for c in cands if meets(c))
        return cands

    def bound() -> float:
        return sorted(met)[want - 1] if len(met) >= want else math.inf

    start = tuple(most)
    combo = start
    found = meets(solved([start])[0])
    # the descent: drop the dearest unit that keeps the target, one batch a step
    while found:
        drops = [tuple(n - (i == j) for j, n in enumerate(combo))
                 for i in range(len(combo)) if combo[i]]
        drops = [d for d in drops if any(d) or q.role == "defender"]
        if not drops or fitting(drops) < len(drops):
            break
        kept = [(d, c) for d, c in zip(drops, solved(drops)) if meets(c)]
        if not kept:
            break
        combo = min(kept, key=lambda dc: (dc[1].cost, -dc[1].figure(q.spec.target)))[0]
    # every force in order of cost, cheapest first (each generated once: a coordinate is
    # only raised at or after the last one raised), while no dearer than the bound
    met.clear()                          # counted again as the enumeration meets them
    costs = [q.costs[u] for u in q.types]
    heap: list = [(0, tuple(0 for _ in most), 0)]
    size = 32                 # batches grow: the first ones often reach the bound already
    while heap:
        pending: list = []
        size = min(SEARCH_BATCH, 2 * size)
        while heap and len(pending) < size and heap[0][0] <= bound():
            cost_, c, last = heapq.heappop(heap)
            if any(c) or q.role == "defender":
                pending.append(c)
            for i in range(last, len(c)):
                if c[i] < most[i]:
                    heapq.heappush(heap, (cost_ + costs[i], c[:i] + (c[i] + 1,) + c[i + 1:], i))
        if not pending:
            break
        fit = fitting(pending)
        if fit < len(pending):               # the bound: the rest doesn't fit
            if fit:
                solve(pending[:fit], of)
            return False
        met.extend(c.cost for c in solve(pending, of) if meets(c))
    return not heap or heap[0][0] > bound()


#: The targets as the command line's summary says them (the JSON keeps the keys).
TARGET_WORDS = {"attacker_wins": "attacker wins", "takes_territory": "takes the territory",
                "defender_holds": "defender holds", "takes_and_holds": "takes and holds"}


def summarise(answer: Plan, title: str | None = None) -> str:
    """The command line's answer without --json."""
    spec = answer.spec

    def units(force: dict[str, int]) -> str:
        return ", ".join(f"{n} {u}" for u, n in force.items()) or "nothing"

    what = ("cheapest attacking force" if spec.side == "attacker"
            else "cheapest units the defender adds")
    if answer.waves and spec.side == "attacker":
        what = f"cheapest first wave (then the {answer.waves} later wave(s) as given)"
    elif answer.waves:
        what += f" (against all {answer.waves + 1} waves)"
    how = (f"exhaustive: all {answer.searched:,} forces solved" if answer.exhaustive else
           f"search: {answer.searched:,} of {answer.forces:,} forces solved"
           + (", every cheaper force among them" if answer.proven else
              ", not every cheaper force (the bound stopped it)"))
    target = TARGET_WORDS.get(spec.target, spec.target)
    lines = [title] if title else []
    lines.append(f"{what} with {target} >= {100 * spec.value:.2f}% ({how})")
    best = answer.best
    head = "meets the target" if answer.meets else "NO force meets the target; the best found"
    also = ("" if spec.target == "attacker_wins" else
            f", attacker wins {100 * best.attacker_wins:.2f}%")
    lines.append(f"  {head}: {units(best.force)} ({best.cost} IPC): "
                 f"{target} {100 * best.figure(spec.target):.2f}%{also}, expected IPC swing "
                 f"{best.expected_ipc_swing:+.2f}")
    if answer.alternatives:
        lines.append("  next cheapest that meet it:")
        for c in answer.alternatives:
            lines.append(f"    {units(c.force)} ({c.cost} IPC): {target} "
                         f"{100 * c.figure(spec.target):.2f}%")
    if answer.plus_one:
        lines.append("  one more unit:")
        for uid, c in answer.plus_one:
            lines.append(f"    + {uid:<16} {target} {100 * c.figure(spec.target):6.2f}% "
                         f"({100 * (c.figure(spec.target) - best.figure(spec.target)):+.2f}), "
                         f"expected IPC swing {c.expected_ipc_swing:+.2f}")
    steps = price_list(answer)
    if steps:
        lines.append(f"  the cheapest force for each chance ({target}"
                     + ("" if answer.exhaustive else ", of the forces solved") + "):")
        for levels, c in steps:
            shown = ", ".join(f">= {100 * v:g}%" for v in levels)
            lines.append(f"    {shown}: {units(c.force)} ({c.cost} IPC): "
                         f"{100 * c.figure(spec.target):.2f}%")
    return "\n".join(lines)


#: The chances the price list names (``price_list``).
PRICE_LEVELS = (0.25, 0.5, 0.75, 0.9, 0.95, 0.99)


def price_list(answer: Plan) -> list[tuple[list[float], Candidate]]:
    """The frontier read at ``PRICE_LEVELS``: for each level some force reaches, the
    cheapest force that does (``Plan.frontier``'s first at or past it), levels of one force
    together, cheapest first."""
    out: list[tuple[list[float], Candidate]] = []
    for level in PRICE_LEVELS:
        c = next((c for c in answer.frontier if c.figure(answer.spec.target) >= level), None)
        if c is None:
            break
        if out and out[-1][1] is c:
            out[-1][0].append(level)
        else:
            out.append(([level], c))
    return out
