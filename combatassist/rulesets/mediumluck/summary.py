"""Medium Luck for people: the CLI's human summary of a battle."""
from __future__ import annotations

from ...result import BattleResult, summarise_battle


def summarise(result: BattleResult, title: str | None = None) -> str:
    return summarise_battle(result, title)
