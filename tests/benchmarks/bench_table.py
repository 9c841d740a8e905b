"""Table-side benchmarks: resuming a saved battle replays every step (README: 0.5 s for Low
Luck's 20,000, the most a saved battle holds), and a start offers saved battles from their
headers alone (issue 26: three saved battles must not slow the start)."""
from __future__ import annotations

import json
import random
import tempfile
from pathlib import Path

from combatassist import rulesets
from combatassist.autosave import AutosaveSlot
from combatassist.scenario import scenario_to_toml
from combatassist.table import AUTOSAVE_NAME, TableBattle, load_battle, read_header


def _most_steps_file() -> Path:
    from tests.engine.test_autosave import most_steps_battle

    path = Path(tempfile.mkdtemp(prefix="ca-bench-table-")) / "lowluck-battle-in-progress.json"
    path.write_text(json.dumps(most_steps_battle()))
    return path


def _resume_most_steps(varied: bool = False):
    """Resume the saved battle with the most steps; ``varied``: each round's dice drawn at
    random among the misses (a battle whose rounds are not all the very same dice)."""
    path = _most_steps_file()
    if varied:
        data = json.loads(path.read_text())
        rng = random.Random(1)
        data["rounds"] = [[{"rolled": [rng.randint(2, 6), rng.randint(3, 6)], "choice": None}]
                          for _ in data["rounds"]]
        path.write_text(json.dumps(data))

    def run():
        import time
        cpu = time.process_time()
        battle = load_battle(path)
        cpu = time.process_time() - cpu
        steps = sum(len(r) for r in battle.rounds) + len(battle.current)
        print(f"    resumed {steps:,} Low Luck steps{' (varied dice)' if varied else ''} in "
              f"{cpu:.2f} s of CPU (target 0.5 s)", flush=True)
    return run


def _three_saved_battles() -> list[tuple[Path, str]]:
    """A long saved battle of each of three rulesets (every phase its dice), in their slots."""
    folder = Path(tempfile.mkdtemp(prefix="ca-bench-table-"))
    out = []
    rng = random.Random(1)
    for name in ("lowluck", "mediumluck", "ur"):
        ruleset = rulesets.get(name)
        scenario = ruleset.default_scenario()
        slot = AutosaveSlot(folder / f"{name}-{AUTOSAVE_NAME}")
        battle = TableBattle(ruleset.make_rules(scenario.body),
                             scenario_text=scenario_to_toml(scenario), ruleset=name,
                             autosave_path=slot.new_battle_path())
        while not battle.is_over():
            battle.enter(battle.roll(rng))
        out.append((battle.autosave_path, name))
    return out


def _offer_three():
    battles = _three_saved_battles()

    def run():
        for path, name in battles:
            read_header(path, ruleset=name)
    return run


def _replay_three():
    battles = _three_saved_battles()

    def run():
        for path, name in battles:
            load_battle(path, ruleset=name)
    return run


BENCHMARKS = [
    ("Low Luck: resume the most steps a saved battle holds (20,000)", 0.5,
     _resume_most_steps()),
    ("... the same, each round's dice drawn at random among the misses", 0.5,
     _resume_most_steps(varied=True)),
    ("a start offers three saved battles (headers read, nothing replayed)", 0.01,
     _offer_three()),
    ("... replaying the three instead (what a start did before)", None, _replay_three()),
]
