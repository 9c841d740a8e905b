"""Issue 20, cases 9-11: a damaged autosave is one clean error; temp files are cleaned, the
folder synced; each battle has its own file, owned (locked) by one running instance."""
from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
import time

import pytest

from combatassist import files
from combatassist.autosave import AutosaveSlot, claim, lock_path, owned_elsewhere
from combatassist.errors import ScenarioError
from combatassist.rulesets import lowluck
from combatassist.scenario import scenario_to_toml
from combatassist.table import TableBattle, load_battle, rules_from_scenario
from combatassist.table.saved import seal


def lowluck_battle(path=None) -> TableBattle:
    scenario = lowluck.default_scenario()
    text = scenario_to_toml(scenario)
    rules, ruleset = rules_from_scenario(text)
    battle = TableBattle(rules, scenario_text=text, ruleset=ruleset, autosave_path=path)
    battle.enter((2,))                      # one round of Finland: the battle goes on
    return battle


def saved(tmp_path) -> dict:
    return lowluck_battle().to_json()


def damage(data: dict, how: str) -> str:
    """The JSON text of ``data`` damaged in one of the ways a fuzzer found."""
    d = json.loads(json.dumps(data))
    if how == "deep json":
        return json.dumps(d)[:-1] + ', "x": ' + "[" * 100_000 + "]" * 100_000 + "}"
    if how == "deep header":     # what a start reads: its first bytes
        return '{"format": "%s", "header": ' % d["format"] + "[" * 100_000 + "]" * 100_000 + "}"
    if how == "deep json in a choice":
        d["rounds"][0][0]["choice"] = json.loads("[" * 900 + "]" * 900)
        return json.dumps(d)
    if how == "huge integer":
        return json.dumps(d).replace('"rolled": [2]', '"rolled": [' + "7" * 5000 + "]")
    if how == "big integer die":
        d["rounds"][0][0]["rolled"] = [10 ** 400]
    elif how == "deep toml scenario":
        d["scenario"] += "x = " + "[" * 600 + "]" * 600 + "\n"
    elif how == "scenario not toml":
        d["scenario"] = "ruleset = \n"
    elif how == "scenario another ruleset":
        d["ruleset"] = "ur"
    elif how == "choice a number":
        d["rounds"][0][0]["choice"] = 5
    elif how == "choice a string":
        d["rounds"][0][0]["choice"] = "all of them"
    elif how == "choice wrong table":
        d["rounds"][0][0]["choice"] = {"attacker": [1, 2], "defender": None}
    elif how == "choice unknown unit":
        d["rounds"][0][0]["choice"] = {"attacker": {"zeppelin": 1}, "defender": {}}
    elif how == "choice negative":
        d["rounds"][0][0]["choice"] = {"attacker": {"infantry": -2}, "defender": {}}
    elif how == "ending nobody":
        d["ending"] = ["retreat", "nobody"]
    elif how == "ending three":
        d["ending"] = ["retreat", "attacker", "x"]
    elif how == "ending a string":
        d["ending"] = "draw"
    elif how == "ending a retreat the ruleset forbids":
        d["ending"] = ["retreat", "defender"]          # Low Luck: only the attacker retreats
    elif how == "rounds a table":
        d["rounds"] = {"1": []}
    elif how == "round not a list":
        d["rounds"] = [5]
    elif how == "rolled strings":
        d["rounds"][0][0]["rolled"] = ["2"]
    elif how == "rolled true":
        d["rounds"][0][0]["rolled"] = [True]
    elif how == "rolled float":
        d["rounds"][0][0]["rolled"] = [2.0]
    elif how == "redo junk":
        d["redo"] = [5]
    elif how == "redo bad ending":
        d["redo"] = [["end", "nobody"]]
    elif how == "unknown field":
        d["extra"] = 1
    elif how == "between rounds junk":
        d["current"] = [{"between_rounds": {"x": 1}, "rolled": []}]
    elif how == "not an object":
        return "[1, 2, 3]"
    elif how == "binary":
        return "\x00\x01"
    else:
        raise AssertionError(how)
    return json.dumps(d)


DAMAGES = ["deep json", "deep header", "deep json in a choice", "huge integer", "big integer die",
           "deep toml scenario", "scenario not toml", "scenario another ruleset",
           "choice a number", "choice a string", "choice wrong table", "choice unknown unit",
           "choice negative", "ending nobody", "ending three", "ending a string",
           "ending a retreat the ruleset forbids",
           "rounds a table", "round not a list", "rolled strings", "rolled true",
           "rolled float", "redo junk", "redo bad ending", "unknown field",
           "between rounds junk", "not an object", "binary"]


@pytest.mark.parametrize("how", DAMAGES)
def test_damaged_autosave_is_one_clean_line(tmp_path, how):
    path = tmp_path / "lowluck-battle-in-progress.json"
    path.write_text(damage(saved(tmp_path), how), encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        load_battle(path)
    message = str(info.value)
    assert "\n" not in message and len(message) <= 600 and str(path) in message


def test_undamaged_autosave_still_resumes(tmp_path):
    path = tmp_path / "b.json"
    battle = lowluck_battle(path)
    battle.save()
    assert load_battle(path).state == battle.state
    battle.end("retreat", "attacker")
    assert load_battle(path).verdict() == "defender"


def test_oversized_autosave_refused_without_reading_it_all(tmp_path):
    path = tmp_path / "b.json"
    with open(path, "wb") as handle:
        handle.truncate(64_000_000)          # sparse: no disk space used
    with pytest.raises(ScenarioError, match="bytes"):
        load_battle(path)


# -- 10. temp files and the folder sync -----------------------------------------------------
def test_atomic_write_syncs_the_folder_after_the_rename(tmp_path, monkeypatch):
    synced = []
    monkeypatch.setattr(files, "fsync_folder", lambda folder: synced.append(
        (folder, (folder / "x.json").exists())))
    files.atomic_write_text(tmp_path / "x.json", "{}")
    assert synced == [(tmp_path, True)]       # after the rename, of the file's folder


def test_leftover_temps_of_an_unowned_battle_are_removed(tmp_path):
    slot = AutosaveSlot(tmp_path / "lowluck-battle-in-progress.json")
    mine, theirs = slot.new_battle_path(), slot.new_battle_path()
    mine.write_text("{}")
    theirs.write_text("{}")
    # what a kill during atomic_write_text leaves behind
    stale = tmp_path / f".{mine.name}.abc123.tmp"
    stale.write_text("half")
    orphan = tmp_path / f".{slot.slot.name}.x1.tmp"            # old single-slot name
    orphan.write_text("half")
    held = claim(theirs)
    busy = tmp_path / f".{theirs.name}.def456.tmp"             # the owner is writing it
    busy.write_text("half")
    assert slot.remove_stale_temps() == 2
    assert not stale.exists() and not orphan.exists() and busy.exists()
    assert mine.exists() and theirs.exists()
    held.release()
    assert slot.remove_stale_temps() == 1 and not busy.exists()


# -- 11. one file per battle, owned by one instance -----------------------------------------
def test_each_battle_its_own_file_and_one_owner(tmp_path):
    slot = AutosaveSlot(tmp_path / "lowluck-battle-in-progress.json")
    first_path, second_path = slot.new_battle_path(), slot.new_battle_path()
    assert first_path != second_path
    first = claim(first_path)
    lowluck_battle(first_path).save()
    assert claim(first_path) is None                  # a second owner in the same process
    assert owned_elsewhere(first_path)
    assert slot.battles() == [first_path] and slot.unowned() == []
    assert slot.claim_next() is None                  # never offered while owned
    second = claim(second_path)
    lowluck_battle(second_path).save()
    second.discard()                                  # closing one battle ...
    assert first_path.exists() and not second_path.exists()     # ... never the other's
    first.release()                                   # a crash or a closed window
    offered = slot.claim_next()
    assert offered is not None and offered.path == first_path
    assert load_battle(offered.path).state == lowluck_battle().state
    offered.discard()
    assert not first_path.exists() and not lock_path(first_path).exists()


def test_set_aside_keeps_the_file_and_frees_the_slot(tmp_path):
    slot = AutosaveSlot(tmp_path / "lowluck-battle-in-progress.json")
    slot.slot.write_text("{broken")                   # an old-style single autosave
    lock = slot.claim_next()
    assert lock is not None and lock.path == slot.slot
    kept = lock.set_aside()
    assert kept.read_text() == "{broken" and ".damaged-" in kept.name
    assert slot.battles() == [] and slot.claim_next() is None


HOLDER = textwrap.dedent("""
    import sys, time
    from combatassist.autosave import claim
    lock = claim(sys.argv[1])
    print("held" if lock else "busy", flush=True)
    time.sleep(60)
""")


def test_a_battle_owned_by_another_process_is_never_offered(tmp_path):
    slot = AutosaveSlot(tmp_path / "lowluck-battle-in-progress.json")
    path = slot.new_battle_path()
    lowluck_battle(path).save()
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(sys.path))
    holder = subprocess.Popen([sys.executable, "-c", HOLDER, str(path)], stdout=subprocess.PIPE,
                              text=True, env=env)
    try:
        assert holder.stdout.readline().strip() == "held"
        assert owned_elsewhere(path) and slot.claim_next() is None and slot.unowned() == []
        assert claim(path) is None
        holder.kill()                                 # the other instance crashes ...
        holder.wait(10)
        deadline = time.monotonic() + 10
        while owned_elsewhere(path) and time.monotonic() < deadline:
            time.sleep(0.05)
        lock = slot.claim_next()                      # ... and its battle is offered
        assert lock is not None and lock.path == path
        lock.release()
    finally:
        holder.kill()
        holder.wait(10)


def _count_replayed(monkeypatch) -> list:
    """Every phase entry the table side replays (``TableBattle._apply``), counted: the work
    a resume does (its time is in tests/benchmarks/bench_table.py)."""
    replayed = []
    real = TableBattle._apply

    def apply(self, *args, **kwargs):
        replayed.append(1)
        return real(self, *args, **kwargs)
    monkeypatch.setattr(TableBattle, "_apply", apply)
    return replayed


def test_a_saved_battle_with_too_many_steps_is_refused_before_replaying(tmp_path, monkeypatch):
    from combatassist.table import MAX_SAVED_STEPS

    data = lowluck_battle().to_json()
    data["redo"] = [[{"rolled": [1], "choice": None}] for _ in range(MAX_SAVED_STEPS)]
    path = tmp_path / "b.json"
    path.write_text(json.dumps(data))
    replayed = _count_replayed(monkeypatch)
    with pytest.raises(ScenarioError, match="at most 20,000"):
        load_battle(path)
    assert replayed == []                           # refused before any step is replayed


def most_steps_battle() -> dict:
    """A saved battle with the most steps allowed (sixes miss: a battle that goes on round
    after round, the same dice each round): also ``bench_table``'s."""
    from combatassist.table import MAX_SAVED_STEPS

    text = ('ruleset = "lowluck"\n[attacker]\nunits = { infantry = 1 }\n'
            '[defender]\nunits = { infantry = 1 }\n')
    rules, ruleset = rules_from_scenario(text)
    battle = TableBattle(rules, scenario_text=text, ruleset=ruleset)
    state = battle.state
    round_ = [{"rolled": [6] * len(phase.dice(state)), "choice": None}
              for phase in battle.phases()]
    data = battle.to_json()
    del data["luck"]                 # written by hand, as an older app did: no luck kept
    data["rounds"] = [round_] * (MAX_SAVED_STEPS // len(round_))
    data["header"].update(rounds=len(data["rounds"]),
                          steps=len(data["rounds"]) * len(round_))
    return seal(data)           # a battle the app could have saved


def test_replaying_the_most_steps_allowed_replays_each_step_once(tmp_path, monkeypatch):
    # the work, not the time (that is bench_table's): every step replayed exactly once
    from combatassist.table import MAX_SAVED_STEPS

    data = most_steps_battle()
    path = tmp_path / "b.json"
    path.write_text(json.dumps(data))
    applied = _count_replayed(monkeypatch)
    resumed = load_battle(path)
    phases = len(data["rounds"][0])
    assert resumed.round_number == MAX_SAVED_STEPS // phases + 1
    assert len(applied) == len(data["rounds"]) * phases == data["header"]["steps"]
    assert len(applied) > MAX_SAVED_STEPS - phases


def _count_rules_calls(monkeypatch) -> dict:
    """Calls of every Low Luck phase's dice, resolve, apply and explain (the rules' work a
    replay does), counted by name."""
    from combatassist.rulesets.lowluck import later_phases

    calls = {"dice": 0, "resolve": 0, "apply": 0, "explain": 0}
    classes = {c for module in (later_phases,) for c in vars(module).values()
               if isinstance(c, type) and c.__module__ == module.__name__}
    for cls in classes:
        for name in calls:
            real = cls.__dict__.get(name)
            if real is None:
                continue

            def counted(self, *args, _real=real, _name=name, **kwargs):
                calls[_name] += 1
                return _real(self, *args, **kwargs)
            monkeypatch.setattr(cls, name, counted)
    return calls


def test_a_resume_resolves_each_different_step_once_and_explains_nothing(tmp_path,
                                                                         monkeypatch):
    # issue 26: resuming 20,000 steps did ~5 s of work: two resolves per step (one more for
    # the log's explanation) and every log line's words. A step is resolved once per
    # different (phase, position, dice); the words wait until a line is read.
    data = most_steps_battle()
    path = tmp_path / "b.json"
    path.write_text(json.dumps(data))
    calls = _count_rules_calls(monkeypatch)
    applied = _count_replayed(monkeypatch)
    resumed = load_battle(path)
    assert len(applied) == data["header"]["steps"] > 19_000
    # every round of this battle is the same dice of one phase from one position, but for
    # the first (its position also says "first round": state[2])
    assert resumed.round_states[0] != resumed.round_states[1] == resumed.round_states[2]
    assert calls == {"dice": 2, "resolve": 2, "apply": 2, "explain": 0}
    # the log is whole: its words are made when read, the same as a battle played afresh
    line = resumed.log[-1]
    assert calls["explain"] == 0
    assert line.text.startswith(f"Round {resumed.round_number - 1}, fire — dice: 6 6")
    assert calls["explain"] == 1 and line.explanation in line.text
    # every line read (what the app shows): each different step explained once
    texts = [x.text for x in resumed.log]
    assert len(set(texts)) == len(texts) and calls["explain"] == 2
    played = TableBattle(resumed.initial_rules, scenario_text=resumed.scenario_text,
                         ruleset=resumed.ruleset)
    for _ in range(3):
        played.enter((6, 6))
    assert [x.text for x in played.log] == [x.text for x in resumed.log[:3]]


def test_a_resume_checks_every_step_it_remembers(tmp_path):
    # a step resolved once is still checked each time it is met: an edited die far into a
    # battle whose every other round is the same is refused, in one line, nothing resumed
    data = most_steps_battle()
    data["rounds"][15_000] = [{"rolled": [6, 7], "choice": None}]
    path = tmp_path / "b.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ScenarioError) as info:
        load_battle(path)
    assert "die 2" in str(info.value) and "must show 1-6, got 7" in str(info.value)
    assert "\n" not in str(info.value) and str(path) in str(info.value)


def test_a_battle_stops_taking_steps_at_the_saved_limit(monkeypatch):
    import combatassist.table.saved as saved
    from combatassist.errors import EngineError

    monkeypatch.setattr(saved, "MAX_SAVED_STEPS", 1)
    battle = lowluck_battle()                     # one step taken
    with pytest.raises(EngineError, match="the most a saved battle holds"):
        battle.enter((5,))
    assert len(battle.rounds) == 1 and not battle.current


# -- issue 27: a saved battle resumes exactly as it was, or is set aside with one line --------
def saved_text(tmp_path, change) -> "Path":
    """A saved Low Luck battle (one round played), changed by ``change(data)``."""
    data = lowluck_battle().to_json()
    text = change(data) if change is not None else None
    path = tmp_path / "lowluck-battle-in-progress.json"
    path.write_text(text if isinstance(text, str) else json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("field", ["rounds", "current", "redo", "ending", "ruleset", "header",
                                   "scenario", "format"])
def test_every_field_is_required(tmp_path, field):
    # without "rounds" (or "current") the battle resumed at an earlier position, unsaid
    path = saved_text(tmp_path, lambda d: d.pop(field))
    with pytest.raises(ScenarioError) as info:
        load_battle(path)
    assert "\n" not in str(info.value) and str(path) in str(info.value)


def test_a_key_given_twice_is_refused(tmp_path):
    # json.loads keeps the last "rounds": the battle resumed at its start, unsaid
    path = saved_text(tmp_path, lambda d: json.dumps(d)[:-1] + ', "rounds": []}')
    with pytest.raises(ScenarioError, match='"rounds" appears twice'):
        load_battle(path)


def test_steps_removed_behind_the_headers_back_are_refused(tmp_path):
    path = saved_text(tmp_path, lambda d: d.update(rounds=[]))
    with pytest.raises(ScenarioError, match="header.*replay to 0"):
        load_battle(path)


def medium_luck_reserves_battle(path):
    from tests.engine.test_table import reserves_battle

    battle = reserves_battle(autosave_path=path)
    battle.enter((1, 6))
    battle.between_rounds({"side": "attacker", "moves": [["white", "roll", "infantry", 2]]})
    return battle


def test_an_empty_deployment_is_refused(tmp_path):
    path = tmp_path / "mediumluck-battle-in-progress.json"
    medium_luck_reserves_battle(path)
    data = json.loads(path.read_text())
    data["current"] = [{"between_rounds": {"side": "attacker", "moves": []}}]
    data["header"]["steps"] = 2
    path.write_text(json.dumps(data))
    with pytest.raises(ScenarioError, match="at least one unit"):
        load_battle(path)


def ur_battle(path):
    from combatassist.rulesets import ur

    text = scenario_to_toml(ur.default_scenario())
    rules, ruleset = rules_from_scenario(text)
    battle = TableBattle(rules, scenario_text=text, ruleset=ruleset, autosave_path=path)
    battle.enter(battle.roll(__import__("random").Random(1)))
    return battle


def test_a_battle_of_another_ruleset_in_a_slot_is_refused(tmp_path):
    # a Ur battle in the Low Luck slot was offered as "A Low Luck battle …" and opened in
    # the Low Luck tab over its set-up
    from combatassist.table.saved import read_header

    path = tmp_path / "lowluck-battle-in-progress.json"
    ur_battle(path)
    for read in (lambda: read_header(path, ruleset="lowluck"),
                 lambda: load_battle(path, ruleset="lowluck")):
        with pytest.raises(ScenarioError, match="a \"ur\" battle, saved where \"lowluck\""):
            read()
    assert load_battle(path, ruleset="ur").ruleset == "ur"


def test_each_string_is_capped(tmp_path):
    from combatassist.table import MAX_SAVED_STRING

    long = "x" * (MAX_SAVED_STRING + 1)
    for change, field in [
        (lambda d: d["header"].update(title=long), "header.title"),
        (lambda d: d["rounds"][0][0].update(choice={"attacker": {long: 1}, "defender": {}}),
         "rounds"),
        (lambda d: d.update(scenario=d["scenario"] + "#" + "x" * 1_000_000), "scenario"),
    ]:
        path = saved_text(tmp_path, change)
        with pytest.raises(ScenarioError, match="at most") as info:
            load_battle(path)
        assert info.value.field == field


def test_a_title_too_long_to_save_is_refused_when_the_battle_starts(tmp_path):
    # a title of 14 MB resumed at 1.8 GB; now no battle with a title over the cap is saved
    from combatassist.errors import EngineError
    from combatassist.table import MAX_SAVED_STRING

    scenario = lowluck.default_scenario()
    scenario.title = "T" * (MAX_SAVED_STRING + 1)
    text = scenario_to_toml(scenario)
    rules, ruleset = rules_from_scenario(text)
    battle = TableBattle(rules, scenario_text=text, ruleset=ruleset,
                         autosave_path=tmp_path / "b.json")
    with pytest.raises(EngineError, match="shorten the title"):
        battle.save()
    assert not (tmp_path / "b.json").exists()


def test_a_saved_file_past_the_byte_cap_is_refused(tmp_path):
    from combatassist.table import MAX_AUTOSAVE_BYTES

    path = saved_text(tmp_path, lambda d: json.dumps(d)[:-1] + " " * MAX_AUTOSAVE_BYTES + "}")
    with pytest.raises(ScenarioError, match="the limit is 4,000,000"):
        load_battle(path)


def test_a_step_that_would_pass_the_byte_cap_is_refused_first(tmp_path, monkeypatch):
    import combatassist.table.saved as saved_module
    from combatassist.errors import EngineError

    path = tmp_path / "b.json"
    battle = lowluck_battle(path)            # one round played and saved
    battle.save()
    monkeypatch.setattr(saved_module, "MAX_AUTOSAVE_BYTES", path.stat().st_size + 10)
    before = path.read_text()
    with pytest.raises(EngineError, match="end it here"):
        battle.enter((5,))
    assert path.read_text() == before and len(battle.rounds) == 1
    assert load_battle(path).state == battle.state      # what was saved still resumes


def test_a_file_of_the_earlier_format_says_so(tmp_path):
    from combatassist.table.saved import read_header

    def earlier(d):
        d.pop("header")
        d["format"] = "combatassist-table/1"
    path = saved_text(tmp_path, earlier)
    for read in (lambda: read_header(path), lambda: load_battle(path)):
        with pytest.raises(ScenarioError, match="another version"):
            read()


# -- issue 26: a start reads each saved battle's header only --------------------------------
def test_the_header_says_what_the_battle_is_without_replaying_it(tmp_path, monkeypatch):
    from combatassist import files as files_module
    from combatassist.table.saved import HEADER_BYTES, read_header

    path = tmp_path / "lowluck-battle-in-progress.json"
    battle = lowluck_battle(path)
    battle.end("retreat", "attacker")
    header = read_header(path, ruleset="lowluck")
    assert (header.ruleset, header.title, header.rounds, header.steps, header.verdict) == (
        "lowluck", "Finland, Russia turn 1", 1, 1, "defender")
    # bounded: a long battle's header is read from its first bytes only
    data = json.loads(path.read_text())
    data["redo"] = [[{"rolled": [1], "choice": None}]] * 5000
    path.write_text(json.dumps(data))
    read = []
    real_read = os.read
    monkeypatch.setattr(files_module.os, "read", lambda fd, n: read.append(n) or real_read(fd, n))
    assert read_header(path, ruleset="lowluck") == header
    assert sum(read) <= HEADER_BYTES < path.stat().st_size


# -- issue 37: a saved battle resumes as the battle that was saved, or is refused in one line --
def test_a_folder_at_the_lock_path_is_reported_not_hidden(tmp_path):
    """A folder where a battle's lock file goes made ``claim_next`` skip the battle without a
    word, at every start, forever: now the slot says which battle and what to remove."""
    slot = AutosaveSlot(tmp_path / "lowluck-battle-in-progress.json")
    battle = slot.new_battle_path()
    battle.write_text("{}")
    lock_path(battle).mkdir()
    assert slot.claim_next() is None
    why = slot.unclaimable[battle]
    assert "\n" not in why and str(lock_path(battle)) in why and "remove that folder" in why
    lock_path(battle).rmdir()                      # fixed as it says: the battle is there
    lock = slot.claim_next()
    assert lock is not None and lock.path == battle
    lock.release()


@pytest.mark.parametrize("stamp", ["2026-13-45T99:99:99Z", "2026-02-30T10:00:00Z",
                                   "2026-12-01T24:00:00Z"])
def test_an_impossible_saved_time_is_refused(tmp_path, stamp):
    """The header's time had only to look like one: 2026-13-45T99:99:99Z was shown as is."""
    from combatassist.table import read_header

    path = saved_text(tmp_path, lambda d: d["header"].update(saved=stamp))
    for read in (lambda: read_header(path), lambda: load_battle(path)):
        with pytest.raises(ScenarioError, match="must be a time like") as info:
            read()
        assert info.value.field == "header.saved"


def test_an_edit_that_still_replays_is_refused_by_the_checksum(tmp_path):
    """A die changed, Low Luck turned into ordinary dice, 1942 into 1940: each edit still
    replays, and each resumed silently as another battle. The checksum refuses them."""
    battle = lowluck_battle()
    data = battle.to_json()
    assert data["checksum"].startswith("sha256:") and list(data)[-1] == "checksum"
    edits = [
        lambda d: d.update(scenario=d["scenario"].replace('dice = "lowluck"',
                                                          'dice = "standard"')),
        lambda d: d["header"].update(title="another"),
        lambda d: d["rounds"][0][0].update(rolled=[1]),
    ]
    good = saved_text(tmp_path, None)
    assert load_battle(good).to_json()["rounds"] == data["rounds"]
    for edit in edits:
        path = saved_text(tmp_path, edit)
        assert json.loads(path.read_text()) != data
        with pytest.raises(ScenarioError) as info:
            load_battle(path)
        assert "\n" not in str(info.value)
    # the die 2 -> 1 (2 of the attack's remainder 3: a hit either way) replays to the same
    # position: only the checksum sees it
    changed = json.loads(json.dumps(data))
    changed["rounds"][0][0]["rolled"] = [1]
    assert TableBattle.from_json(seal(changed)).state == battle.state
    with pytest.raises(ScenarioError, match="checksum doesn't match") as info:
        TableBattle.from_json(changed)
    assert info.value.field == "checksum"


def test_a_battle_saved_before_the_checksum_still_resumes(tmp_path):
    """Format /2 (no files, no checksum) resumes as before when its scenario names no outside
    file; it can't be checked, and docs/scenario-format.md says so."""
    battle = lowluck_battle()
    data = battle.to_json()
    old = {k: v for k, v in data.items() if k not in ("files", "checksum")}
    old["format"] = "combatassist-table/2"
    path = tmp_path / "lowluck-battle-in-progress.json"
    path.write_text(json.dumps(old))
    resumed = load_battle(path)
    assert resumed.state == battle.state and resumed.rounds == battle.rounds
    resumed.save()                                   # written back in the new format, sealed
    assert json.loads(path.read_text())["format"] == "combatassist-table/3"
    assert load_battle(path).state == battle.state
