"""One colour band of a Medium Luck round as a ``Phase`` of the shared core: dice, the band's
outcome (exact tables, real dice at the table), casualties by the policy in force or the
players' own choice, and the band in words."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
import numpy as np

from ...battle import DieSpec, Phase, SIDES
from ...distribution import Dist
from ...errors import EngineError
from .bands import BandResolution, boost_free_hits, make_config, resolve_dice
from ...text import join, lines as text_lines, msg, plural
from .chart import Band
from .slots import band_name, data_term

@dataclass
class TableBand:
    """A band resolved at the table: boosts placed, pairings, hits, casualties, the new state."""

    band: str
    resolution: BandResolution
    #: Hits each side takes, and how many of them can land (eligible units alive).
    hits: dict[str, int]
    landed: dict[str, int]
    #: The policies' casualty proposal and the casualties applied (players' own if given).
    proposal: dict[str, list[str]]
    casualties: dict[str, list[str]]
    state_after: tuple
    text: str



class BandPhase(Phase):
    """One colour band of a round: both sides roll, boosts are placed, casualties removed."""

    #: Its place in the round (set by ``MediumLuckRules``).
    order: int

    def __init__(self, rules, index: int):
        """``rules``: the ``rules.MediumLuckRules`` of the battle (its models, tables, setup
        and optimal values)."""
        self.rules = rules
        self.index = index
        self.band: Band = rules.chart.bands[index]
        self.name = band_name(self.band.name)
        self._apply_memo: dict[tuple, tuple] = {}
        self._info_memo: dict = {}

    # -- dice -----------------------------------------------------------------------------
    def counts(self, state) -> tuple[int, int]:
        a, d = state
        r = self.rules
        n_a = r.models[0].dice(a, self.index)
        n_d = r.models[1].dice(d, self.index)
        if self.band.defender_extra_die and r.setup.defender_extra_white and any(d):
            n_d += 1
        return n_a, n_d

    def boosters(self, state) -> tuple[list, list]:
        a, d = state
        return (self.rules.models[0].boosters(a, self.index),
                self.rules.models[1].boosters(d, self.index))

    def config(self, state):
        n_a, n_d = self.counts(state)
        b_a, b_d = self.boosters(state)
        return make_config(n_a, [c for _, c in b_a], n_d, [c for _, c in b_d])

    def dice(self, state) -> tuple[DieSpec, ...]:
        return self._info(state)[0]

    def _info(self, state) -> tuple:
        """(dice specs, attacker dice, band configuration) of a state, memoised (simulation)."""
        info = self._info_memo.get(state)
        if info is None:
            n_a, n_d = self.counts(state)
            die = self.rules.setup.die
            a_label = msg("attacker {band}", band=self.name)
            d_label = msg("defender {band}", band=self.name)
            specs = (tuple(DieSpec("attacker", die, a_label) for _ in range(n_a)) +
                     tuple(DieSpec("defender", die, d_label) for _ in range(n_d)))
            info = self._info_memo[state] = (specs, n_a, n_d, self.config(state))
        return info

    def resolve(self, state, rolled: tuple[int, ...]) -> tuple[int, int]:
        _, n_a, n_d, config = self._info(state)
        if n_a == 0 or n_d == 0:
            return (n_d, n_a)
        if not config[1] and not config[3]:         # no usable boost: no table needed
            on_a, on_d = boost_free_hits(np.array([rolled[:n_a]]), np.array([rolled[n_a:]]))
            return (int(on_a[0]), int(on_d[0]))
        return self.rules.tables.table(config).lookup(rolled[:n_a], rolled[n_a:])

    def resolve_many(self, state, rolled) -> dict:
        """``resolve`` of every roll at once (the band table's ``lookup_many``), tallied."""
        _, n_a, n_d, config = self._info(state)
        if n_a == 0 or n_d == 0:
            return {(n_d, n_a): len(rolled)}
        if not config[1] and not config[3]:         # no usable boost: no table needed
            hits_a, hits_d = boost_free_hits(rolled[:, :n_a], rolled[:, n_a:])
        else:
            hits_a, hits_d = self.rules.tables.table(config).lookup_many(rolled[:, :n_a],
                                                                         rolled[:, n_a:])
        base = int(hits_d.max()) + 1
        codes, counts = np.unique(hits_a.astype(np.int64) * base + hits_d, return_counts=True)
        return {(int(c) // base, int(c) % base): int(n) for c, n in zip(codes, counts)}

    def outcome_dist(self, state) -> Dist:
        return self.rules.tables.dist(self.config(state))

    def resolution(self, state, rolled_a: Sequence[int], rolled_d: Sequence[int]) -> BandResolution:
        """The reference resolution of real dice, with boost placement and pairings."""
        b_a, b_d = self.boosters(state)
        return resolve_dice(rolled_a, b_a, rolled_d, b_d)

    def explain(self, state, rolled: tuple[int, ...]) -> str:
        n_a, _ = self.counts(state)
        res = self.resolution(state, rolled[:n_a], rolled[n_a:])
        return describe_resolution(self.name, res)

    # -- casualties -----------------------------------------------------------------------
    def _winner_picks(self) -> bool:
        return self.band.casualties == "winner"

    def _optimal_after(self, state, outcome):
        """The position after this band under optimal choices (None: heuristic rules)."""
        values = self.rules.optimal
        if values is None:
            return None
        return values.after(self.order, state, outcome)

    def propose(self, state, outcome) -> dict[str, list[str]]:
        a, d = state
        models = self.rules.models
        after = self._optimal_after(state, outcome)
        if after is not None:
            return {side: [models[s].names[i] for i, (x, y) in enumerate(zip(state[s], after[s]))
                           for _ in range(x - y)] for s, side in enumerate(SIDES)}
        _, killed_a = models[0].pick(a, self.index, outcome[0], self._winner_picks())
        _, killed_d = models[1].pick(d, self.index, outcome[1], self._winner_picks())
        return {"attacker": [models[0].names[i] for i in killed_a],
                "defender": [models[1].names[i] for i in killed_d]}

    def apply(self, state, outcome, choice: Mapping[str, Sequence[str]] | None = None):
        if choice is None:
            key = (state, outcome)
            hit = self._apply_memo.get(key)
            if hit is None:
                hit = self._optimal_after(state, outcome)
                if hit is None:
                    a, d = state
                    models = self.rules.models
                    new_a = models[0].pick(a, self.index, outcome[0], self._winner_picks())[0]
                    new_d = models[1].pick(d, self.index, outcome[1], self._winner_picks())[0]
                    hit = (new_a, new_d)
                self._apply_memo[key] = hit
            return hit
        return self._apply_choice(state, outcome, choice)

    def _apply_choice(self, state, outcome, choice):
        if not isinstance(choice, Mapping) or set(choice) - set(SIDES):
            raise EngineError(msg("{band}: a casualty choice is {shape}", band=self.name,
                                  shape="{'attacker': [slot, ...], 'defender': [slot, ...]}"))
        new = list(state)
        for s, side in enumerate(SIDES):
            model = self.rules.models[s]
            counts = state[s]
            if side not in choice or choice[side] is None:
                new[s] = model.pick(counts, self.index, outcome[s], self._winner_picks())[0]
                continue
            wanted = list(choice[side])
            must = model.landing(counts, self.index, outcome[s])
            if len(wanted) != must:
                raise EngineError(plural(
                    must, "{band}: the {side} must lose exactly {n} unit here, got {got}",
                    "{band}: the {side} must lose exactly {n} units here, got {got}",
                    band=self.name, side=side, got=len(wanted)))
            current = list(counts)
            for name in wanted:
                if name not in model.names:
                    raise EngineError(msg("{band}: the {side} has no '{name}' (its units: "
                                          "{units})", band=self.name, side=side, name=name,
                                          units=", ".join(model.names)))
                i = model.names.index(name)
                if i not in model.eligible[self.index]:
                    raise EngineError(msg("{band} hits can't take {name}: this band may hit "
                                          "{classes}", band=self.name, name=name,
                                          classes=", ".join(sorted(self.band.may_hit))))
                if current[i] <= 0:
                    raise EngineError(msg("{band}: the {side} has no {name} left to lose",
                                          band=self.name, side=side, name=name))
                current[i] -= 1
            new[s] = tuple(current)
        return tuple(new)


class _SolverDist(Dist):
    """A Dist over a mapping built here from non-negative sums (skips re-validation: speed)."""

    __slots__ = ()

    def __init__(self, probs: dict):
        self._p = dict(probs)


def describe_resolution(band: str, res: BandResolution) -> str:
    """The band in words: boosts placed, pairings, unpaired dice, hits."""
    lines: list[str] = []
    for side, sp in (("attacker", res.attacker), ("defender", res.defender)):
        if not sp.rolled:
            lines.append(msg("{band}: {side} rolls no dice", band=band, side=side))
            continue
        rolled = ", ".join(map(str, sp.rolled))
        per_die: dict[int, list[str]] = {}
        for kind, idxs in sp.boosts:
            for i in idxs:
                per_die.setdefault(i, []).append(kind)
        placed = [msg("die {i} ({face}) +{boosts}", i=i + 1, face=sp.rolled[i],
                      boosts=join(" +", [data_term(k) for k in per_die[i]]))
                  for i in sorted(per_die)]
        if placed:
            lines.append(msg("{band}: {side} rolled {dice}; boosts: {boosts} -> {final}",
                             band=band, side=side, dice=rolled, boosts=join(", ", placed),
                             final=", ".join(map(str, sp.final))))
        else:
            lines.append(msg("{band}: {side} rolled {dice}", band=band, side=side, dice=rolled))
    a, d = res.attacker.final, res.defender.final
    for ia, idd, who in res.pairings:
        if who == "attacker":
            line = msg("attacker {a} vs defender {d}: defender takes 1", a=a[ia], d=d[idd])
        elif who == "defender":
            line = msg("attacker {a} vs defender {d}: attacker takes 1", a=a[ia], d=d[idd])
        else:
            line = msg("attacker {a} vs defender {d}: tie: both take 1", a=a[ia], d=d[idd])
        lines.append(join("", ["  ", line]))
    for i in res.unpaired_attacker:
        lines.append(join("", ["  ", msg("attacker {a} unopposed: defender takes 1", a=a[i])]))
    for i in res.unpaired_defender:
        lines.append(join("", ["  ", msg("defender {d} unopposed: attacker takes 1", d=d[i])]))
    lines.append(join("", ["  ", msg("hits: attacker takes {a}, defender takes {d}",
                                     a=res.hits_on_attacker, d=res.hits_on_defender)]))
    return text_lines(lines)

