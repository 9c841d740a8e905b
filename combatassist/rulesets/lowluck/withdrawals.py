"""The attacker's withdrawals as the solvers take them: the options' retreat rules
(``retreat_options``), "withdraw when only aircraft are left" (``only_air_rule``), the rules
a retreat policy can't overrule (``forced_rule``) and the defender's hits left for the
policy's words (``defender_hits``). Their own module: the package and ``attack`` (waves)
both need them.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...retreat import RetreatOptions
from .later import LaterRules
from .rules import LowLuckOptions


def retreat_options(opts: LowLuckOptions, rules: LaterRules | None = None
                    ) -> RetreatOptions:
    """The options' retreat rules (``retreat_when_only_air`` needs the battle's ``rules``)."""
    withdraws = only_air_rule(rules) if rules is not None and opts.retreat_when_only_air \
        else None
    return RetreatOptions(opts.retreat_after, opts.retreat_when_units, opts.retreat_below,
                          withdraws)


def only_air_rule(rules: LaterRules) -> Callable[[Any], bool] | None:
    """"Withdraw when only aircraft are left": true where the attacker, which had land units
    (AA guns aside), has none left fighting but still an aircraft. Once true it stays true
    (units are only lost), as the grids' retreat rows need. None when the attacker starts
    without land units (the rule never applies)."""
    kinds = tuple(s.unit.kind if s.fights and not s.unit.has("aa_gun") else ""
                  for s in rules.att.slots)
    land = [i for i, k in enumerate(kinds) if k == "land"]
    air = [i for i, k in enumerate(kinds) if k == "air"]
    if not any(rules.initial_state()[0][i] for i in land):
        return None

    def only_air(state: Any) -> bool:
        counts = state[0]
        return not any(counts[i] for i in land) and any(counts[i] for i in air)
    return only_air


def defender_hits(rules: LaterRules) -> Callable[[Any], int] | None:
    """The hits the defender can still take in a position, for the policy's words, when it
    has two-hit units (a later edition's battleships); None otherwise (units are counted)."""
    slots = rules.dfn.slots
    if not slots or not any(s.undamaged_two_hit and n
                            for s, n in zip(slots, rules.initial_state()[1])):
        return None
    extra = [s.unit.hits - 1 if s.undamaged_two_hit else 0 for s in slots]
    return lambda state: sum(n + n * e for n, e in zip(state[1], extra))


def forced_rule(rules: LaterRules, opts: LowLuckOptions) -> Callable[[Any], bool] | None:
    """The rules that withdraw whatever a retreat policy would do: ``retreat_when_units``,
    ``retreat_when_only_air``."""
    few = opts.retreat_when_units
    air = only_air_rule(rules) if opts.retreat_when_only_air else None
    if not few and air is None:
        return None
    return lambda state: bool((few and rules.attacker_units(state) <= few)
                              or (air is not None and air(state)))
