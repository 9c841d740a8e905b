"""A battle at the table survives kill -9 (issue 27): for every example scenario of every
ruleset (new examples are covered without editing this file) and a battle of each of the A&A
editions' table phases (AA fire, shore bombardment, surprise strike, submerge), a separate
process plays a
battle — dice entered, undone, redone, each step autosaved — and is killed with SIGKILL at an
arbitrary moment. The file it leaves resumes exactly as the battle stood after one of its
steps (never half a step, never an earlier one than it had reported saved), its header says
so, and the battle is offered again (the dead process's lock is gone)."""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from combatassist import rulesets
from combatassist.autosave import AutosaveSlot
from combatassist.data import examples_dir
from combatassist.errors import CombatAssistError
from combatassist.scenario import load_scenario, scenario_to_toml
from combatassist.table import AUTOSAVE_NAME, TableBattle, load_battle, read_header


def table_examples() -> list[Path]:
    """Every shipped example that can be fought at the table."""
    found = []
    for path in sorted(examples_dir().glob("*.toml")):
        scenario = load_scenario(path)
        try:
            rulesets.get(scenario.ruleset).make_rules(scenario.body)
        except (CombatAssistError, AttributeError, TypeError, NotImplementedError):
            continue
        found.append(path)
    return found


EXAMPLES = table_examples()
#: The later A&A editions' phases no example has (the examples have AA fire and shore
#: bombardment): submarines without an enemy destroyer strike first, and a side that chose
#: to submerge takes them out.
PHASE_KINDS = {"lowluck-1942-surprise-strike-and-submerge": '''ruleset = "lowluck"
title = "1942: submarines without destroyers; the defender submerges"
[options]
edition = "1942se"
battle = "sea"
dice = "standard"
[attacker]
units = { submarine = 2, cruiser = 1 }
[defender]
units = { submarine = 2, battleship = 1 }
submerge = true
'''}
#: Every new phase kind, and where it is fought here (bombardment is round 1's fire).
NEW_PHASES = {"AA fire": "lowluck-1942-land", "surprise strike": next(iter(PHASE_KINDS)),
              "submerge": next(iter(PHASE_KINDS))}
#: steps the player process reports saved before it is killed
STEPS_BEFORE_KILL = 25


def play(battle: TableBattle, seed: int):
    """The player's moves, one per ``next()``: roll and enter, now and then undo or redo."""
    rng = random.Random(seed)
    while True:
        if battle.can_redo() and rng.random() < 0.3:
            battle.redo()
        elif battle.is_over() or (battle.can_undo() and rng.random() < 0.15):
            battle.undo()
        else:
            battle.enter(battle.roll(rng))
        yield


PLAYER = textwrap.dedent("""
    import sys
    from pathlib import Path
    from combatassist import rulesets
    from combatassist.autosave import claim
    from combatassist.scenario import load_scenario, scenario_to_toml
    from combatassist.table import TableBattle
    from tests.engine.test_table_kill import play

    example, path, seed = sys.argv[1], Path(sys.argv[2]), int(sys.argv[3])
    scenario = load_scenario(example)
    lock = claim(path)                      # owned, as the app owns the battle it plays
    battle = TableBattle(rulesets.get(scenario.ruleset).make_rules(scenario.body),
                         scenario_text=scenario_to_toml(scenario), ruleset=scenario.ruleset,
                         autosave_path=path)
    battle.save()
    moves = play(battle, seed)
    done = 0
    while True:
        next(moves)                         # autosaved before it returns
        done += 1
        print(done, flush=True)
""")


def without_time(document: dict) -> dict:
    """``document`` without when it was made: the header's time, and the checksum, which
    seals that time too (two documents made a second apart differ in both)."""
    return {**{k: v for k, v in document.items() if k != "checksum"},
            "header": {**document["header"], "saved": ""}}


def case_file(case: str | Path, folder: Path) -> Path:
    if isinstance(case, Path):
        return case
    path = folder / f"{case}.toml"
    path.write_text(PHASE_KINDS[case], encoding="utf-8")
    return path


CASES = [*EXAMPLES, *PHASE_KINDS]


@pytest.mark.parametrize("case", CASES, ids=lambda c: getattr(c, "stem", c))
def test_a_battle_killed_at_any_moment_resumes_exactly(case, tmp_path):
    example = case_file(case, tmp_path)
    scenario = load_scenario(example)
    slot = AutosaveSlot(tmp_path / f"{scenario.ruleset}-{AUTOSAVE_NAME}")
    path = slot.new_battle_path()
    seed = sum(map(ord, example.stem))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    player = subprocess.Popen([sys.executable, "-c", PLAYER, str(example), str(path), str(seed)],
                              stdout=subprocess.PIPE, text=True, env=env,
                              cwd=Path(__file__).parents[2])
    try:
        reported = 0
        while reported < STEPS_BEFORE_KILL:
            line = player.stdout.readline()
            assert line, "the player process stopped by itself"
            reported = int(line)
        os.kill(player.pid, signal.SIGKILL)      # mid-step, mid-write, wherever it is
        player.wait(30)
        for line in player.stdout:               # what it reported before dying
            reported = int(line)
    finally:
        if player.poll() is None:
            player.kill()
            player.wait(30)
    assert player.returncode == -signal.SIGKILL
    # the dead process's lock is gone: a half-written temp is cleaned (as a start does,
    # before claiming) and the battle is offered again
    deadline = time.monotonic() + 10
    while slot.remove_stale_temps() == 0 and list(tmp_path.glob(".*.tmp")) and \
            time.monotonic() < deadline:      # the system may free the lock a moment late
        time.sleep(0.05)
    assert not list(tmp_path.glob(".*.tmp"))
    lock = slot.claim_next()
    while lock is None and time.monotonic() < deadline:
        time.sleep(0.05)
        lock = slot.claim_next()
    assert lock is not None and lock.path == path
    header = read_header(path, ruleset=scenario.ruleset)
    resumed = load_battle(path, ruleset=scenario.ruleset)
    lock.release()
    # the same moves in this process: the file is the battle after step ``reported`` or the
    # one it was writing when it died
    ruleset = rulesets.get(scenario.ruleset)
    again = TableBattle(ruleset.make_rules(scenario.body),
                        scenario_text=scenario_to_toml(scenario), ruleset=scenario.ruleset)
    moves = play(again, seed)
    for _ in range(reported):
        next(moves)
    candidates = [without_time(again.to_json())]
    next(moves)
    candidates.append(without_time(again.to_json()))
    got = without_time(resumed.to_json())
    assert got in candidates
    replayed = again if got == candidates[1] else None
    if replayed is None:           # rebuild the step-``reported`` battle to compare its log
        replayed = TableBattle(ruleset.make_rules(scenario.body),
                               scenario_text=scenario_to_toml(scenario),
                               ruleset=scenario.ruleset)
        moves = play(replayed, seed)
        for _ in range(reported):
            next(moves)
    assert resumed.state == replayed.state
    assert [line.text for line in resumed.log] == [line.text for line in replayed.log]
    assert (header.rounds, header.steps, header.verdict) == (
        len(resumed.rounds), sum(map(len, resumed.rounds)) + len(resumed.current),
        resumed.verdict())


def test_every_ruleset_has_an_example_fought_here():
    assert {load_scenario(p).ruleset for p in EXAMPLES} >= set(rulesets.names()[:5])


def test_every_new_phase_kind_is_played_before_the_kill(tmp_path):
    # the moves the killed process makes before the kill reach each phase kind
    by_name = {getattr(c, "stem", c): c for c in CASES}
    for phase, where in NEW_PHASES.items():
        scenario = load_scenario(case_file(by_name[where], tmp_path))
        battle = TableBattle(rulesets.get(scenario.ruleset).make_rules(scenario.body),
                             scenario_text=scenario_to_toml(scenario), ruleset=scenario.ruleset)
        moves = play(battle, sum(map(ord, where)))
        seen = set()
        for _ in range(STEPS_BEFORE_KILL):
            next(moves)
            seen |= {str(line.phase) for line in battle.log}
        assert phase in seen, (phase, where, seen)
    amphibious = load_scenario(by_name["lowluck-1942-amphibious"])
    assert amphibious.body.attacker.bombard          # shore bombardment: round 1's fire


def test_the_comparison_ignores_when_a_document_was_made():
    """A battle's document made a second later differs in its time and in its checksum,
    which seals it; the kill test's comparison sees the same battle (it once failed when
    its two documents straddled a second, on a busy machine)."""
    from combatassist.table import saved
    scenario = load_scenario(EXAMPLES[0])
    battle = TableBattle(rulesets.get(scenario.ruleset).make_rules(scenario.body),
                         scenario_text=scenario_to_toml(scenario), ruleset=scenario.ruleset)
    now = battle.to_json()
    later = saved.seal({**now, "header": {**now["header"], "saved": "2099-01-01T00:00:00Z"}})
    assert later["checksum"] != now["checksum"]
    assert without_time(later) == without_time(now)
