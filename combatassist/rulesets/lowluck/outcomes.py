"""A Low Luck battle's outcome under its options: the exact solvers' table
(``solvers``) or the general solver, the retreat rules (``run_battle``) and the optimal
retreat policies (``retreat_policy``); or the seeded simulator. The package, the waves
(``attack``) and the planner ask here.
"""
from __future__ import annotations

from ...retreat import run_battle
from ...retreat_policy import best_policy
from ...solver import simulate
from . import sea_policy, solvers
from .later import LaterRules
from .rules import LowLuckOptions
from .withdrawals import defender_hits, forced_rule, retreat_options


def outcome_of(rules: LaterRules, opts: LowLuckOptions, *, method: str = "exact",
               trials: int = 100_000, seed: int | None = None, cancel=None):
    """The solver's (or simulator's) outcome of ``rules`` under the options' retreat rules.

    A battle still on after ``retreat_after`` rounds withdraws (``retreated``), losses stay
    what they were when it withdrew. The exact solver is the first of ``solvers.SOLVERS``
    that answers the question; the general solver answers the rest. ``[options] retreat``
    (profit, strafe): the optimal policy's outcome (``retreat_policy``)."""
    return outcome_and_words(rules, opts, method=method, trials=trials, seed=seed,
                             cancel=cancel)[0]


def outcome_and_words(rules: LaterRules, opts: LowLuckOptions, *, method: str = "exact",
                      trials: int = 100_000, seed: int | None = None, cancel=None):
    """(``outcome_of``'s outcome, the optimal retreat policy in words or None)."""
    if opts.retreat != "none":
        outcome, policy = policy_outcome(rules, opts, method=method, trials=trials, seed=seed,
                                         cancel=cancel)
        return outcome, policy.words
    return _rules_outcome(rules, opts, method=method, trials=trials, seed=seed,
                          cancel=cancel), None


def _rules_outcome(rules: LaterRules, opts: LowLuckOptions, *, method: str = "exact",
                   trials: int = 100_000, seed: int | None = None, cancel=None):
    """``outcome_of`` under the retreat rules (no policy)."""
    def exact(r, max_rounds):
        return _solve(r, solvers.Question(max_rounds=max_rounds), cancel)

    def exact_retreating(r, max_rounds, options):
        # "withdraw with N units or fewer", "when only aircraft are left": a side's units only
        # decrease, so its cells are a grid's last; "below X": the chances solved backwards
        few, own = options.when_units, options.withdraws
        withdraws = None
        if few or own is not None:
            def withdraws(state):
                return bool((few and r.attacker_units(state) <= few)
                            or (own is not None and own(state)))
        question = solvers.Question(max_rounds=max_rounds, below=options.below,
                                    withdraws=withdraws)
        return _solve(r, question, cancel)

    return run_battle(rules, retreat_options(opts, rules), rules.attacker_units,
                      max_rounds=opts.max_rounds, method=method, trials=trials, seed=seed,
                      cancel=cancel, exact=exact, exact_retreating=exact_retreating)


def policy_outcome(rules: LaterRules, opts: LowLuckOptions, *, method: str = "exact",
                   trials: int = 100_000, seed: int | None = None, cancel=None):
    """(outcome, ``retreat_policy.Policy``) under ``[options] retreat`` = "profit" or
    "strafe": the exact optimal policy; simulated, the dice play it."""
    if method != "simulate" and sea_policy.applicable(rules, opts) \
            and sea_policy.on_the_grid(rules):
        policy = sea_policy.best_policy(rules, forced=forced_rule(rules, opts),
                                        defender_hits=defender_hits(rules), cancel=cancel)
    else:
        policy = best_policy(rules, opts.retreat, territory_value=opts.territory_value,
                             forced=forced_rule(rules, opts),
                             defender_hits=defender_hits(rules), cancel=cancel)
    if method == "simulate":
        chosen = policy.withdraw
        return simulate(rules, trials, seed, cancel=cancel,
                        retreat=lambda state, _rounds: state in chosen), policy
    return policy.outcome, policy


def _solve(rules: LaterRules, question: solvers.Question, cancel):
    """The table's answer to ``question``, or None: the general solver's (``run_battle``)."""
    solver = solvers.pick(rules, question)
    return None if solver is None else solver.solve(rules, question, cancel=cancel)
