"""A phase's dice as the players roll them: in groups, by side and hit value (the table
side's dice entry; the rules say which dice may be grouped, ``DieSpec``).

Players roll all the dice that hit on a 1 together, then those that hit on a 2, … or just
count the hits of each group. ``dice_groups`` turns a phase's dice (in the rules' order)
into such groups; ``assemble`` turns what was entered per group (faces, or a count of hits
for a group of hit dice) back into the faces in the rules' order, which is what the battle
stores and replays. Nothing here decides a rule: a group is only dice the rules declared
interchangeable (equal ``DieSpec`` with ``hit_on``), or a run of equal neighbours entered
in order.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..battle import DieSpec
from ..choices import whole_number
from ..errors import EngineError
from ..text import msg


@dataclass(frozen=True)
class DiceGroup:
    """Dice entered together: ``spec`` is each die's (they are equal), ``indices`` their
    places in the phase's dice."""

    spec: DieSpec
    indices: tuple[int, ...]

    @property
    def count(self) -> int:
        return len(self.indices)

    @property
    def countable(self) -> bool:
        """A count of hits may be entered instead of the faces (hit dice)."""
        return self.spec.hit_on > 0

    def faces_from_hits(self, hits: int) -> tuple[int, ...]:
        """Faces that score ``hits`` of this group: that many 1s, the rest the die's highest
        face (a miss). EngineError for a count the group can't roll."""
        spec = self.spec
        if not self.countable:
            raise EngineError(msg("{label}: enter the faces rolled, not a count of hits",
                                  label=spec.label))
        always = spec.hit_on >= spec.sides          # every face hits
        least = self.count if always else 0
        if not least <= hits <= self.count:
            raise EngineError(msg("{label}: {count} dice score {least} to {most} hits, not "
                                  "{hits}", label=spec.label, count=self.count, least=least,
                                  most=self.count, hits=hits))
        return (1,) * hits + (spec.sides,) * (self.count - hits)

    def read(self, text: str, *, hits: bool = False) -> tuple[int, ...]:
        """The faces a player's text for this group means: the faces ("3 5 1", or "351"
        for dice of up to 9 sides), or with ``hits`` (hit dice) the number of hits
        (``faces_from_hits``). EngineError naming the group when it can't be read; the
        count of faces is ``assemble``'s to check."""
        text = text.strip()
        label = self.spec.label or self.spec.side
        if hits and self.countable:
            number = whole_number(text)
            if number is None:
                raise EngineError(msg("{label}: write how many dice hit, e.g. 2", label=label))
            return self.faces_from_hits(number)
        words = text.replace(",", " ").split()
        if len(words) == 1 and len(words[0]) == self.count > 1 and words[0].isdigit() \
                and self.spec.sides < 10:
            words = list(words[0])           # "351": one digit a die
        faces = []
        for word in words:
            number = whole_number(word)
            if number is None:
                raise EngineError(msg("{label}: can't read '{word}' as a die", label=label,
                                      word=word))
            faces.append(number)
        return tuple(faces)

    def hits(self, faces: Sequence[int]) -> int:
        """The hits these faces score (hit dice only)."""
        return sum(1 for f in faces if f <= self.spec.hit_on)


def dice_groups(specs: Sequence[DieSpec]) -> list[DiceGroup]:
    """The groups to enter ``specs`` by: each side's hit dice grouped by equal spec, lowest
    hit value first (the attacker's groups before the defender's); every other die in runs
    of equal neighbours, in the rules' order (their faces may matter by position)."""
    hit: dict[DieSpec, list[int]] = {}
    runs: list[tuple[DieSpec, list[int]]] = []
    for i, spec in enumerate(specs):
        if spec.hit_on > 0:
            hit.setdefault(spec, []).append(i)
        elif runs and runs[-1][0] == spec and runs[-1][1][-1] == i - 1:
            runs[-1][1].append(i)
        else:
            runs.append((spec, [i]))
    sides = {"attacker": 0, "defender": 1}
    grouped = sorted(hit.items(), key=lambda kv: (sides.get(kv[0].side, 2), kv[0].hit_on,
                                                  kv[1][0]))
    out = [DiceGroup(spec, tuple(ix)) for spec, ix in grouped]
    # the other dice keep the rules' order among themselves; a side's hit dice come first
    out += [DiceGroup(spec, tuple(ix)) for spec, ix in runs]
    out.sort(key=lambda g: sides.get(g.spec.side, 2))        # stable: the order above stays
    return out


def assemble(groups: Sequence[DiceGroup], faces: Sequence[Sequence[int]]) -> tuple[int, ...]:
    """The phase's faces in the rules' order from each group's faces (``faces[i]`` for
    ``groups[i]``, as many as the group has dice). EngineError naming the group otherwise."""
    total = sum(g.count for g in groups)
    out: list[int | None] = [None] * total
    for group, got in zip(groups, faces, strict=True):
        if len(got) != group.count:
            raise EngineError(msg("{label}: expected {count} dice, got {got}",
                                  label=group.spec.label or group.spec.side,
                                  count=group.count, got=len(got)))
        for i, face in zip(group.indices, got):
            out[i] = face
    return tuple(out)          # type: ignore[arg-type]


def split(groups: Sequence[DiceGroup], rolled: Sequence[int]) -> list[tuple[int, ...]]:
    """Each group's faces of ``rolled`` (the phase's faces in the rules' order)."""
    return [tuple(rolled[i] for i in g.indices) for g in groups]
