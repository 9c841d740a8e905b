"""Medium Luck casualties in the players' words, at the table: "attacker: 2 white infantry
(roll); defender: none" (``rules.format_casualties`` writes it, ``parse_casualties`` reads it)."""
from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from ...battle import SIDES
from ...choices import side_parts
from ...errors import EngineError
from .slots import slot_label

_LABEL = re.compile(r"^(?P<what>.*?)\s*\((?P<role>roll|boost|idle|reserve)\)$")


def slot_from_words(words: str, known: Sequence[str] = ()) -> str:
    """A slot name from what a player typed: 'white infantry (roll)', 'white.roll.infantry',
    'transport (idle)', or — when ``known`` (the side's slot names) makes it unambiguous —
    'white infantry'. Raises EngineError when it can't be read."""
    text = " ".join(words.lower().split())
    if "." in text and " " not in text:
        return text                                  # the slot name itself (the old form)
    labels = {slot_label(name).lower(): name for name in known}
    if text in labels:
        return labels[text]
    m = _LABEL.match(text)
    if m is not None:
        what, role = m.group("what").split(), m.group("role")
        if role in ("idle", "reserve") and what:
            return f"{role}.{'_'.join(what)}"
        if len(what) >= 2:
            return f"{what[0]}.{role}.{'_'.join(what[1:])}"
    # no role given: the one slot of the side with this band and unit (or this idle unit)
    matches = [name for label, name in labels.items()
               if (m := _LABEL.match(label)) and m.group("what") == text]
    if not matches:          # only the unit type: fine when the side has it in one slot
        matches = [name for name in known
                   if name.rsplit(".", 1)[-1].replace("_", " ") == text]
    if len(matches) == 1:
        return matches[0]
    if len(matches) > 1:
        raise EngineError(f"'{words.strip()}' is in more than one slot: say which, e.g. "
                          + " or ".join(f"'{slot_label(n)}'" for n in matches))
    raise EngineError(f"can't read '{words.strip()}': write units like "
                      f"'2 white infantry (roll)'"
                      + (f" (this side has: {', '.join(slot_label(n) for n in known)})"
                         if known else ""))


def parse_casualties(text: str, proposal: Any,
                     known: Mapping[str, Sequence[str]] | None = None) -> Any:
    """Inverse of ``format_casualties``; a side left out keeps the proposal; empty text: None.

    ``known``: each side's slot names, so players may leave out an unambiguous role."""
    text = text.strip()
    if not text:
        return None
    result: dict[str, list] = {side: list((proposal or {}).get(side) or []) for side in SIDES}
    refuse = lambda part: EngineError(                                         # noqa: E731
        f"start each part with 'attacker:' or 'defender:' (got '{part}')")
    for side, rest in side_parts(text, SIDES, refuse, lower=True):
        names: list[str] = []
        for item in rest.split(","):
            item = item.strip()
            if not item or item.lower() == "none":
                continue
            # at most 4 ASCII digits: a count a side can have (a longer one isn't read as one)
            m = re.match(r"^([0-9]{1,4})\s*[x×]?\s+(.+)$", item)
            count, words = (int(m.group(1)), m.group(2)) if m else (1, item)
            names.extend([slot_from_words(words, (known or {}).get(side, ()))] * count)
        result[side] = names
    return result
