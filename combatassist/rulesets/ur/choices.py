"""Ur hits in the players' words, at the table: hits per unit in list order,
"attacker: 1 1 0 0; defender: 2 1" (the engine checks the spreading: ``rules.check_spread``)."""
from __future__ import annotations

from typing import Any

from ...choices import format_choice, parse_choice, side_parts
from ...errors import EngineError

ROLES = ("attacker", "defender")


def _is_allocation(choice: Any) -> bool:
    return (isinstance(choice, (tuple, list)) and len(choice) == 2
            and all(isinstance(a, (tuple, list)) and all(isinstance(h, int) for h in a)
                    for a in choice))


def format_ur_choice(choice: Any) -> str:
    """Hits per unit in list order: "attacker: 1 1 0 0; defender: 2 1"."""
    if not _is_allocation(choice):
        return format_choice(choice)
    return "; ".join(f"{role}: {' '.join(str(h) for h in alloc) or '-'}"
                     for role, alloc in zip(ROLES, choice))


def parse_ur_choice(text: str, proposal: Any) -> Any:
    """Inverse of ``format_ur_choice``. Empty: the proposal stands (None). A side left out keeps
    the proposal's hits. The engine checks the spreading is even (``check_spread``)."""
    text = text.strip()
    if not text or not _is_allocation(proposal) or text.startswith(("[", "{")):
        return parse_choice(text, proposal)
    result = [tuple(a) for a in proposal]
    refuse = lambda part: EngineError(                                         # noqa: E731
        f"write the hits per unit like 'attacker: 1 1 0; defender: 2' (got '{part}')")
    for role, rest in side_parts(text, ROLES, refuse, lower=True):
        k = ROLES.index(role)
        words = rest.replace(",", " ").split()
        if words == ["-"]:
            words = []
        try:
            hits = tuple(int(w) for w in words)
        except ValueError:
            raise EngineError(f"{role}: hits per unit must be whole numbers, got "
                              f"'{rest.strip()}'") from None
        if len(hits) != len(proposal[k]):
            raise EngineError(f"{role}: give the hits of each of its {len(proposal[k])} "
                              f"units in order (got {len(hits)} numbers)")
        result[k] = hits
    return result[0], result[1]
