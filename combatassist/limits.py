"""The bounds every computation announces, in one place.

The engine promises to answer within ``MAX_SECONDS`` and ``MAX_MEMORY_GB`` on a small
machine (2 cores) or to refuse **at once** with a message naming the limit and what to change.
It does not measure time: it counts *work units*, which stay meaningful when the code gets
faster (raise the limits here then):

- exact solvers: **transitions**, one per (position, next position) pair the solver stores —
  its time and its memory both grow with them. Before starting, a ruleset estimates them
  from its positions × outcomes per round (``BattleRules.work_estimate``); while solving, the
  solver counts them and stops at the limit should an estimate have been low.
- grid solvers: **multiply-adds** of their batched matrix products, estimated the same way
  from the battle's sizes (they store nothing per pair of positions); the later editions'
  sea grid counts the **hit outcomes** it pushes instead, estimated and counted;
- the simulator: **dice rolled** (trials × rounds × dice per round), estimated from the first
  trials and counted as it goes; its stalemate checks count as exact transitions.

Measured on the 2-core reference machine (idle): ~300,000 transitions/s at ~200 bytes each,
and 1.5-19 million simulated dice/s (trials sharing a state roll together).
"""
from __future__ import annotations

from .errors import EngineError
from .text import msg

#: What the limits below guarantee (README "Limits").
MAX_SECONDS = 30
MAX_MEMORY_GB = 2

#: Rounds a scenario may fight before it stops undecided (``max_rounds``, ``retreat_after``),
#: for every ruleset.
MAX_ROUNDS = 1000
#: Exact solvers: transitions stored (~20 s and ~1 GB at the rate above).
MAX_EXACT_TRANSITIONS = 5_000_000
#: Grid solvers (Low Luck ordinary dice, ``lowluck.plain_rounds_grid`` and ``lowluck.first_strike_grid``): multiply-adds
#: of their matrix products, estimated from the battle's sizes before they start (measured
#: 3-4e10 a second with one BLAS thread: ~10 s idle, under 30 s on a busy machine).
MAX_GRID_WORK = 400_000_000_000
#: The later editions' sea grid (``lowluck.surprise_strike_grid``): hit outcomes it pushes (each a
#: position's surprise strike or general combat outcome), estimated before it starts from
#: the cells both sides can reach and a round's outcomes from the start (an upper bound,
#: checked on random fleets of every kind) and counted as it goes (measured 30-210 ns each on
#: the 2-core machine, busy: the 80 v 80 fleet pushes 3.4 million in ~0.2-0.35 s, random
#: fleets of 40-60 ships 3-7 million in ~0.2-0.7 s).
MAX_SEA_GRID_WORK = 150_000_000
#: Memory an exact grid may keep (bytes, estimated before it starts: the sea grid's positions
#: and pools), below ``MAX_MEMORY_GB`` by what the process holds besides (~0.2-0.4 GB).
MAX_EXACT_BYTES = 1_600_000_000
#: Medium Luck's heuristic grid (``mediumluck.heuristic``): positions x band outcomes it may
#: push, bounded from above before it starts (both sides' units per band; the real passes
#: reach a few per cent of it: the large benchmark battle ~0.6 M of its ~23 M, in ~50 ms).
MAX_BAND_GRID_WORK = 600_000_000
#: The planner (``lowluck.planner``): the work of the forces it solves, each counted from its
#: battle's size (``planner.battle_work``: grid multiply-adds, plus the fixed cost of a battle
#: in the batch engine), ~1.2e10 a second measured (1942 land, 2-core machine: 3,299 forces
#: of up to 23 v 14, ~4e9, in ~0.35 s; a search of 50-70 v 40 forces, 3e10 in ~2.4 s), so
#: the bound is ~12 s idle, under 30 s busy. A battle solved on its own (Classic, fleets
#: with submarines, retreat rules) counts its fixed part (~5 ms) and 100x the grid estimate
#: (a 1942 fleet of 40 v 30 with submarines: ~0.3 s).
MAX_PLAN_WORK = 150_000_000_000
PLAN_BATTLE_WORK = 1_000_000
PLAN_SINGLE_BATTLE_WORK = 75_000_000
PLAN_SINGLE_GRID_FACTOR = 100
#: A counter-attack's battle (a plain land battle, no retreat rule) of a later edition, one
#: per holding composition: its fixed part (~1 ms: measured 0.3-1.3 ms for 7 units against
#: 13-42, both dice, its figures included) and its grid once (the plain rounds' grid, not a
#: battle that needs 100x: ``PLAN_SINGLE_GRID_FACTOR``).
PLAN_COUNTER_BATTLE_WORK = 15_000_000
#: A sea battle solved on its own under a retreat policy (``retreat_policy``: the general
#: solver's passes, then the policy in words; its rounds at sea are slow in Python) costs
#: more than that: its work is multiplied by 1 + this per unit in the battle (both sides').
#: Measured on two 1942 fleet plans with submarines, 8 forces of 11-27 units in all, a
#: force's CPU time against the model without it: 4.3-31x, growing with the units but not
#: evenly (the model's factor there: 14-33x) — a 17 v 10 fleet's plan one force at a time
#: took 167-185 s where its work said ~12. (On land 1.3-3.0x, 23-37 units in all: within
#: the bound's margin, ~12 s of CPU idle for 30 s busy.)
PLAN_POLICY_PER_UNIT_SEA = 1.2
#: ... and a land battle under a retreat policy against AA guns, by 1 + this per AA shot
#: round 1 fires at its aircraft (the policy over each sub-battle the fire leaves).
#: Measured on two 1942 plans against an AA gun under "profit" and "strafe" (23 v 14, the
#: attacker's question, and 19 v 5-29, the defender's), 45 forces: a force's CPU time
#: against the model without it 0.6-12.2x — 2.5-5x with an aircraft or two, 9-12x with
#: three shots — where the plain land policy's is 0.8-2.7x.
PLAN_POLICY_PER_AA_SHOT = 1.0
#: The planner's forces valued backwards (``batch.EndValues``, estimated by
#: ``EndValues.cost`` from the sides' counts before anything is valued): every force is
#: solved (exhaustive) when this work, in ``MAX_PLAN_WORK``'s units, fits in that bound and
#: the memory in ``MAX_EXACT_BYTES``, even where sweeping every force would not. Measured on
#: 1942 land plans of 37,000-273,000 forces against 20-40 defenders, both dice modes, with
#: and without an AA gun (2-core machine, busy; the estimates near or above the measured
#: CPU time and peak memory, at most ~10 % below): a composition numbered (its chain
#: walked, its hit table) ~6 us and ~1.4 kB (its own, its force's); low luck a level at a
#: time ~0.11 us per position and pair of hit counts, ~70 bytes a position (its 5 figures
#: and its numbers); ordinary dice along the other side's chain ~0.2 ns per multiply-add
#: and ~37 us of calls and gathers per composition, ~90 bytes a position (the figures and
#: their copy) and ~3.5 kB per composition (its tables); round 1's AA fire ~22-43 us and ~2 kB
#: per force; the process's own ~130 MB. A search counts its batches by the same figures,
#: for what each adds (``EndValues.step``): the compositions it numbers, the positions it
#: values (measured: 78,000-176,000 forces of the plans above in ~10-15 s, counted ~10-12 s).
PLAN_VALUE_COMPOSITION_WORK = 75_000
PLAN_VALUE_POSITION_WORK = 1_400
PLAN_VALUE_CHAIN_WORK = 2.6
PLAN_VALUE_CHAIN_COMPOSITION_WORK = 450_000
PLAN_VALUE_OPENING_WORK = 360_000
PLAN_VALUE_LEVEL_BYTES = 70
PLAN_VALUE_COMPOSITION_BYTES = 1_400
PLAN_VALUE_CHAIN_BYTES = 90
PLAN_VALUE_CHAIN_COMPOSITION_BYTES = 3_500
PLAN_VALUE_OPENING_BYTES = 2_000
PLAN_VALUE_FIXED_BYTES = 130_000_000
#: The planner's fleets with submarines valued backwards on one lattice of the chosen side's
#: compositions (``sea_values.ForceValues``): its entries (strikes, pairs of next cells),
#: estimated before anything is valued (``ForceValues.entries``), each this much work
#: (~60-70 ns measured, 2-core machine) and memory per position (its figures, the grid's
#: status, levels and order, the volleys' moves, a chunk's rounds: ~470 bytes at the peak
#: measured on plans of 113,400 and 646,380 positions); plus a chunk's entries at most
#: (``sea_values.CHUNK_ENTRIES``, ~100 bytes each).
PLAN_SEA_ENTRY_WORK = 1_000
PLAN_SEA_POSITION_BYTES = 500
#: Simulator: dice rolled in all trials together, plus ``solver.GROUP_WORK`` (Medium Luck:
#: 250) per group of trials that roll together (it rolls a group's dice in one numpy call: 1.5-19 million
#: dice/s measured, the slowest where each distinct roll goes through Python ``resolve``).
MAX_SIMULATED_DICE = 40_000_000
#: Vectorised simulators (AGC's numpy batches): dice rolled in all (~17 million/s measured).
MAX_VECTORISED_DICE = 300_000_000
#: How many trials the simulator plays before it estimates the whole run's work.
SIMULATION_PILOT_TRIALS = 200

#: An estimate of transitions from positions x outcomes of the first round: later rounds
#: have fewer units and fewer outcomes (measured: Low Luck 0.13-0.2, Medium Luck ~0.5-1.7
#: with its own positions count; the divisor keeps a typical battle near its true count).
TRANSITIONS_PER_POSITION_OUTCOME = 1 / 6


def exact_estimate(positions: float, outcomes: float) -> float:
    """Estimated transitions of an exact solve over ``positions`` with ``outcomes`` per round."""
    return positions * outcomes * TRANSITIONS_PER_POSITION_OUTCOME


def _about(n: float) -> str:
    return msg("{n:,.0f}", n=n) if n < 1e9 else msg("{n:.1e}", n=n)


#: What the exact work is counted in, as the refusal says it.
WORK_UNITS = {"transitions": msg("transitions"), "multiply-adds": msg("multiply-adds"),
              "grid cells x outcomes": msg("grid cells x outcomes")}


def exact_refusal(work: float, limit: int | None = None,
                  unit: str = "transitions") -> EngineError:
    limit = MAX_EXACT_TRANSITIONS if limit is None else limit
    return EngineError(msg(
        "this battle needs about {work} exact-solver {unit}, more than the {limit} the engine "
        "answers within {seconds} s and {gb} GB; reduce the forces, or simulate it (--method "
        "simulate)", work=_about(work), unit=WORK_UNITS.get(unit, unit), limit=_about(limit),
        seconds=MAX_SECONDS, gb=MAX_MEMORY_GB))


def memory_refusal(nbytes: float, limit: float | None = None) -> EngineError:
    limit = MAX_EXACT_BYTES if limit is None else limit
    return EngineError(msg(
        "this battle needs about {need:,.0f} MB of memory to solve exactly, more than the "
        "{limit:,.0f} MB the engine keeps within {gb} GB; reduce the forces, or simulate it "
        "(--method simulate)", need=nbytes / 1e6, limit=limit / 1e6, gb=MAX_MEMORY_GB))


def check_memory(nbytes: float, limit: float | None = None) -> None:
    """Refuse at once (EngineError) when the estimated memory ``nbytes`` is beyond ``limit``
    (default ``MAX_EXACT_BYTES``)."""
    if nbytes > (MAX_EXACT_BYTES if limit is None else limit):
        raise memory_refusal(nbytes, limit)


def check_exact(work: float | None, limit: int | None = None,
                unit: str = "transitions") -> None:
    """Refuse at once (EngineError) when the estimated ``work`` is beyond ``limit``
    (default ``MAX_EXACT_TRANSITIONS``)."""
    limit = MAX_EXACT_TRANSITIONS if limit is None else limit
    if work is not None and work > limit:
        raise exact_refusal(work, limit, unit)


def simulation_refusal(dice: float, trials: int, dice_per_trial: float,
                       limit: int | None = None) -> EngineError:
    limit = MAX_SIMULATED_DICE if limit is None else limit
    fits = max(1, int(limit / max(dice_per_trial, 1.0)))
    return EngineError(msg(
        "{trials:,} trials would roll about {dice} dice, more than the {limit} the simulator "
        "rolls within {seconds} s; use at most {fits:,} trials (--trials) or smaller forces",
        trials=trials, dice=_about(dice), limit=_about(limit), seconds=MAX_SECONDS, fits=fits))


def check_vectorised_simulation(trials: int, dice_per_trial: float) -> None:
    """Refuse at once a batched (numpy) simulation beyond ``MAX_VECTORISED_DICE``."""
    if trials * dice_per_trial > MAX_VECTORISED_DICE:
        raise simulation_refusal(trials * dice_per_trial, trials, dice_per_trial,
                                 MAX_VECTORISED_DICE)

#: Medium Luck's assignment advisor (``mediumluck.advisor``), counted in evaluations (the
#: exact odds of one assignment), never in seconds, so a busy machine gives the same advice
#: later, not other advice: its default local search (where the assignments are too many to
#: compare every one: up to 20,000 are all compared by default) and the most a command may
#: ask for.
ADVISOR_DEFAULT_EVALUATIONS = 400
ADVISOR_MAX_EVALUATIONS = 20_000
#: The advisor's whole search: grid cells x band outcomes pushed, counted as they are (the
#: search stops there with the best found so far; the first batch past it is refused). Its
#: small battles and big ones push 5-8 million a second on the 2-core machine: ~10 s
#: at most, a margin for a busy machine below the 30 s cap (``advise``: a refusal, never
#: another answer).
MAX_ADVISOR_WORK = 50_000_000
#: Positions of the searching side the advisor may keep (~1 KB each): the search stops with
#: the best found so far once it holds more.
MAX_ADVISOR_POSITIONS = 400_000
#: Positions of the battle (both sides) whose values the advisor keeps, shared by every
#: assignment it compares (``mediumluck.backward``: ~35 bytes a band each, at most ~200 MB):
#: the search stops there with the best found so far.
MAX_ADVISOR_VALUES = 1_000_000
