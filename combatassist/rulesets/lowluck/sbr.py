"""Strategic bombing raids, low-luck style and variants A, B, C (docs/rules.md §2).

Decisions where the seed is silent (documented in docs/rules.md §2):
- Extra AA guns flown over en route fire normally, one after the other: each bomber survives
  each gun with probability 5/6. Bombers shot down there don't reach the factory.
- ``attacker_cost`` is everything the raid costs the attacker in IPC: the repair bill it pays
  plus 15 IPC (a bomber's cost) for every bomber lost (en route, to the target's AA in
  variants B and C, or because it can't pay the bill).
- Heavy bombers roll 3 damage dice each: every per-bomber damage figure is multiplied by 3.
- Standard and A: the repair bill and the factory damage are independent low-luck draws:
  an expectation E becomes floor(E), or floor(E) + 1 with probability E - floor(E).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...distribution import Dist
from ...errors import EngineError
from .data import tables

VARIANTS = ("standard", "A", "B", "C")
MAX_BOMBERS = 200
MAX_EXTRA_AA = 20


def table() -> dict[str, Any]:
    """The SBR figures of the tables (``[sbr]``, validated by ``data.read_tables``)."""
    return tables().sbr


def fraction(key: str) -> Fraction:
    num, den = table()[key]
    return Fraction(int(num), int(den))


def lowluck_round(expectation: Fraction) -> Dist:
    """floor(E), or floor(E) + 1 with probability E - floor(E)."""
    base = math.floor(expectation)
    frac = float(expectation - base)
    return Dist({base: 1 - frac, base + 1: frac})


@dataclass
class SbrResult:
    defender_loss: Dist
    attacker_cost: Dist
    bombers_lost: Dist
    variant: str
    bombers: int

    @property
    def expected_defender_loss(self) -> float:
        return self.defender_loss.mean()

    @property
    def expected_attacker_cost(self) -> float:
        return self.attacker_cost.mean()

    def to_json(self) -> dict[str, Any]:
        def rows(d: Dist) -> list[list]:
            return [[k, p] for k, p in d.sorted_items()]
        return {"defender_loss": rows(self.defender_loss),
                "attacker_cost": rows(self.attacker_cost),
                "bombers_lost": rows(self.bombers_lost),
                "expected_defender_loss": self.expected_defender_loss,
                "expected_attacker_cost": self.expected_attacker_cost}


def _sum_iid(single: Dist, n: int) -> Dist:
    total = Dist.point(0)
    for _ in range(n):
        total = total + single
    return total


def compute_sbr(bombers: int, aa: bool = True, extra_aa: int = 0, variant: str = "standard",
                heavy_bombers: bool = False, cash: int | None = None) -> SbrResult:
    """Distributions of the defender's loss, the attacker's cost and bombers lost."""
    if variant not in VARIANTS:
        raise EngineError(f"unknown SBR variant '{variant}' (expected standard, A, B or C)")
    if not 1 <= bombers <= MAX_BOMBERS:
        raise EngineError(f"bombers must be between 1 and {MAX_BOMBERS}, got {bombers}")
    if not 0 <= extra_aa <= MAX_EXTRA_AA:
        raise EngineError(f"extra AA guns must be between 0 and {MAX_EXTRA_AA}, got {extra_aa}")
    if cash is not None and cash < 0:
        raise EngineError(f"the attacker's cash can't be negative ({cash})")
    figures = table()
    bomber_cost = int(figures["bomber_cost"])
    damage_dice = 3 if heavy_bombers else 1
    if variant == "A" and cash is not None and cash < int(figures["variant_a_set_aside"]) * bombers:
        need = int(figures["variant_a_set_aside"]) * bombers
        raise EngineError(f"variant A: the attacker must set aside {need} IPC "
                          f"({figures['variant_a_set_aside']} per bomber) but has {cash}")
    # Bombers reaching the target after the extra AA guns en route.
    arriving = Dist.binomial(bombers, (5 / 6) ** extra_aa) if extra_aa else Dist.point(bombers)

    def raid(n: int) -> Dist:
        """Joint (defender loss, attacker cost, bombers lost) for n bombers over the target."""
        lost_en_route = bombers - n
        if variant in ("standard", "A"):
            if aa:
                bill = lowluck_round(fraction("attacker_cost_with_aa") * n)
                damage = lowluck_round(fraction("defender_loss_with_aa") * n * damage_dice)
            else:
                bill = Dist.point(0)
                damage = lowluck_round(fraction("defender_loss_without_aa") * n * damage_dice)

            def settle(b: int) -> tuple[int, int]:
                unpaid = 0 if cash is None else max(0, b - cash)
                lost = min(n, -(-unpaid // bomber_cost))
                paid = b - unpaid
                return paid + bomber_cost * (lost + lost_en_route), lost + lost_en_route
            return damage.combine(bill.map(settle), lambda d, c: (d, c[0], c[1]))
        # Variants B and C: the target's AA fires normally, survivors roll damage.
        shot = Dist.binomial(n, 1 / 6) if aa else Dist.point(0)
        return shot.bind(lambda s: damage_of(n - s).map(
            lambda d: (d, bomber_cost * (s + lost_en_route), s + lost_en_route)))

    # Variants B and C: damage of k surviving bombers, built once for every k (each from the
    # last by one more bomber's dice): n additions in all instead of n per AA outcome, which
    # made 200 bombers with AA take 12-20 s.
    if variant in ("B", "C"):
        one = Dist.die(6) if variant == "B" else Dist.uniform(figures["variant_c_damage"])
        one = _sum_iid(one, damage_dice)
        sums = [Dist.point(0)]
        for _ in range(bombers):
            sums.append(sums[-1] + one)
        damage_of = sums.__getitem__

    joint = arriving.bind(raid)
    return SbrResult(defender_loss=joint.map(lambda t: t[0]),
                     attacker_cost=joint.map(lambda t: t[1]),
                     bombers_lost=joint.map(lambda t: t[2]),
                     variant=variant, bombers=bombers)


def summarise_sbr(result: SbrResult) -> str:
    def spread(d: Dist) -> str:
        return ", ".join(f"{k}: {100 * p:.1f}%" for k, p in d.sorted_items() if p >= 0.0005)
    return "\n".join([
        f"SBR with {result.bombers} bomber(s), variant {result.variant}",
        f"  defender loses {result.expected_defender_loss:.2f} IPC on average ({spread(result.defender_loss)})",
        f"  attacker pays  {result.expected_attacker_cost:.2f} IPC on average ({spread(result.attacker_cost)})",
        f"  bombers lost   {result.bombers_lost.mean():.2f} on average ({spread(result.bombers_lost)})",
    ])
