"""A Low Luck file's ``[plan]`` table (docs/scenario-format.md "Planning"): the question the
planner (``planner``) answers, read and checked with the rest of the file (``scenario``)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .rules import LowLuckScenario

SIDES = ("attacker", "defender")
#: The figures a target may name, per side of the question.
#: ``takes_and_holds``: taken and held against ``[counter]`` (the attack's ``counter.holds``).
TARGETS = {"attacker": ("attacker_wins", "takes_territory", "takes_and_holds"),
           "defender": ("defender_holds",)}
#: At most this many alternatives.
MAX_ALTERNATIVES = 50


@dataclass(frozen=True)
class PlanSpec:
    """A file's ``[plan]`` table."""

    side: str = "attacker"
    target: str = "attacker_wins"
    value: float = 0.95
    alternatives: int = 5
    #: The defender's question: the most of each unit type it may add.
    add: dict[str, int] = field(default_factory=dict)

    def to_document(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"side": self.side, "target": {self.target: self.value},
                               "alternatives": self.alternatives}
        if self.add:
            doc["add"] = dict(self.add)
        return doc


def read_plan(top, scenario: LowLuckScenario) -> PlanSpec | None:
    """The ``[plan]`` table of a Low Luck document (None without one), checked against the
    battle: one target the side can aim for, ``add`` only for the defender's question."""
    plan = top.sub("plan")
    if plan is None:
        return None
    side = plan.choice("side", SIDES, "attacker")
    target_table = plan.raw("target")
    allowed = TARGETS[side]
    if not isinstance(target_table, dict) or len(target_table) != 1:
        raise plan.error("target", "must name one figure and its least value, like "
                         f"{{ {allowed[0]} = 0.95 }}",
                         hint="one of: " + ", ".join(allowed))
    target_reader = plan.reader_for(target_table, plan.field("target"))
    (name, _), = target_table.items()
    if name not in allowed:
        other = next(s for s in SIDES if name in TARGETS[s]) if any(
            name in TARGETS[s] for s in SIDES) else None
        raise target_reader.error(name, f"is not a target of the {side}'s question",
                                  hint=(f'set side = "{other}", or use ' if other else "use ")
                                  + " or ".join(allowed))
    value = target_reader.number(name, minimum=0.0, maximum=1.0)
    if name == "takes_territory" and scenario.options.battle != "land":
        raise target_reader.error(name, "a sea battle takes no territory",
                                  hint="use attacker_wins")
    alternatives = plan.integer("alternatives", 5, maximum=MAX_ALTERNATIVES)
    add: dict[str, int] = {}
    if side == "defender":
        add = plan.counts("add", scenario.edition.ids, {}, maximum=100)
        if not add:
            raise plan.error("add", "the defender's question needs the units it may add",
                             hint="e.g. add = { infantry = 6, armor = 2 }")
        battle = scenario.options.battle
        for uid in add:
            if not scenario.edition.fights_in(uid, battle):
                raise plan.reader_for(plan.raw("add"), plan.field("add")).error(
                    uid, f"can't fight in a {battle} battle", hint="remove it")
    elif plan.has("add"):
        raise plan.error("add", "is for the defender's question (side = \"defender\")",
                         hint="remove it: the attacker's forces come from [attacker] units")
    if side == "attacker":
        if not scenario.attacker.units:
            raise plan.error("side", "the attacker has no units to choose from",
                             hint="list what is available in [attacker] units")
        for key in ("amphibious", "bombard", "damaged"):
            if getattr(scenario.attacker, key):
                raise plan.error("side", f"the planner doesn't choose among the attacker's "
                                 f"{key} units", hint=f"remove [attacker] {key} to plan")
    if name == "takes_and_holds" and getattr(scenario, "counter", None) is None:
        raise target_reader.error(name, "needs the counter-attack the territory must hold "
                                  "against", hint="add [counter] units, or use "
                                  "takes_territory")
    plan.finish()
    return PlanSpec(side=side, target=name, value=value, alternatives=alternatives, add=add)
