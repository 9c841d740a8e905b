"""Issue 27: a fuzz test built from every discovered ruleset's own schema (tests/scenario_fuzz.py).

A fixed slice of seeded cases runs here (seconds); ``tests/benchmarks/bench_fuzz.py`` runs a
larger one and prints cases/s and every failure. Each case is a valid scenario of some ruleset
damaged field by field, written as TOML, run through ``combatassist odds FILE`` (both methods)
and the rulesets' commands that take a file: the answer is exit 0 or 2, one line on error,
never a traceback.
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from combatassist import rulesets
from tests import scenario_fuzz as fuzz
from tests.engine.test_adding_a_ruleset import duel  # noqa: F401  (a fixture)

#: The slice the test command runs (a few seconds); the benchmark runs thousands more.
SLICE = range(0, 100)
ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def schemas(tmp_path_factory):
    folder = tmp_path_factory.mktemp("schema")
    return folder, fuzz.discover(folder)


def test_every_discovered_ruleset_has_a_schema(schemas):
    _, found = schemas
    assert set(found) == set(rulesets.names())
    for name, schema in found.items():
        assert schema.valid, name
        assert ((), "ruleset") in schema.fields and ((), "title") in schema.fields
        for doc in schema.valid:        # every document the generator starts from is valid
            ok, _ = fuzz.parse_document(doc, "x.toml")
            assert ok, (name, doc)


def test_fields_no_document_holds_are_found_by_asking_the_parser(schemas):
    _, found = schemas
    # neither Ur's default scenario nor its examples have [options]; its parser reads it
    assert (("options",), "max_rounds") in found["ur"].fields
    ur = rulesets.get("ur")
    assert "options" not in ur.to_document(ur.default_scenario().body)
    # optional fields read with has() are found too (Medium Luck's chart)
    assert (("options",), "chart") in found["mediumluck"].fields
    assert (("target",), "p_hit") in found["ds2"].fields or \
        (("weapon",), "p_hit") in found["ds2"].fields


def test_a_sixth_ruleset_is_fuzzed_too(duel, tmp_path):  # noqa: F811
    found = fuzz.discover(tmp_path)
    assert (("duel",), "hit_points") in found["duel"].fields
    strings = fuzz._strings(found)
    cases = [fuzz.make_case(seed, found, strings) for seed in range(60)]
    duels = [case for case in cases if case.ruleset == "duel"]
    assert duels
    for case in duels[:8]:
        assert fuzz.run_case(case, tmp_path) == []


def test_the_cases_write_every_integer_notation_and_kind_of_damage(schemas):
    _, found = schemas
    strings = fuzz._strings(found)
    texts = "\n".join(fuzz.make_case(seed, found, strings).text for seed in range(400))
    for needle in ("0x", "0o", "0b", "_0", "\\u001b", "x" * 1000, "[[[[", "1979-05-27",
                   "inf", "nan", "." + "0"):
        assert needle in texts, needle
    assert {fuzz.make_case(seed, found, strings).ruleset for seed in range(400)} == set(found)


def test_the_checker_catches_what_it_should():
    assert fuzz.check_answer(0, '{"a": 1}\n', "") is None
    assert fuzz.check_answer(2, "", "combatassist: error: x\n") is None
    assert fuzz.check_answer(1, "", "Traceback (most recent call last):\n") == "a traceback"
    assert fuzz.check_answer(2, "", "a\nb\n") == "an error of 2 lines"
    assert fuzz.check_answer(2, "", "x\x1b\n") == "an unescaped control character in the error"
    assert fuzz.check_answer(0, "{", "") == "exit 0 with broken JSON"
    code, _, err = fuzz.run_command(["odds", "/dev/null/x"])
    assert code == 2 and fuzz.check_answer(code, "", err) is None


def test_a_slice_of_damaged_scenarios_answers_or_refuses_in_one_line(schemas):
    folder, found = schemas
    strings = fuzz._strings(found)
    problems = []
    for seed in SLICE:
        problems += fuzz.run_case(fuzz.make_case(seed, found, strings), folder)
    assert problems == []


@pytest.mark.parametrize("seed", [3, 29])
def test_a_few_cases_through_a_real_process(schemas, seed, tmp_path):
    _, found = schemas
    case = fuzz.make_case(seed, found, fuzz._strings(found))
    path = tmp_path / "case.toml"
    path.write_text(case.text, encoding="utf-8", errors="surrogatepass")
    # a real process runs with the real limits: a short simulation, and the summary
    for argv in (["odds", str(path), "--json", "--method", "simulate", "--trials", "50"],
                 ["odds", str(path), "--method", "simulate", "--trials", "50", "--seed", "-7"]):
        done = subprocess.run([sys.executable, "-m", "combatassist", *argv], cwd=ROOT,
                              capture_output=True, text=True, timeout=120)
        assert fuzz.check_answer(done.returncode, done.stdout, done.stderr) is None, \
            (seed, argv, done.stderr[-400:])
        if done.returncode == 0 and "--json" in argv:
            json.loads(done.stdout)


def test_a_slice_of_damaged_data_files_reads_or_refuses_in_one_line(schemas):
    # every ruleset's resources/<name>/*.toml (a Medium Luck chart among them), damaged,
    # read by the one validator the app and the tests use (Ruleset.check_resources)
    folder, found = schemas
    strings = fuzz._strings(found)
    assert {name for name, _, _ in fuzz.data_documents()} == set(found)
    problems = []
    for seed in range(60):
        problems += fuzz.run_data_case(seed, found, strings, folder)
    assert problems == []


# -- a player's own Low Luck edition file (issue 35) ------------------------------------------
def test_the_edition_cases_put_abilities_on_other_kinds_and_pass_the_sides_counts():
    """The generator reaches what the fuzz is for: abilities on units of kinds they weren't
    meant for, and per-side inputs that together count more units than the side has."""
    seen = set()
    for seed in range(300):
        edition, scenario = fuzz.edition_case(seed)
        units = edition["units"]
        for unit in units.values():
            for ability in unit.get("abilities", []):
                seen.add((ability, unit["kind"]))
        for role in ("attacker", "defender"):
            side = scenario[role]
            counts = side["units"]
            for uid, n in side.get("damaged", {}).items():
                if n and n + side.get("amphibious", {}).get(uid, 0) > counts[uid] >= n:
                    seen.add("landed and damaged past units")
            if sum(side.get("bombard", {}).values()) > sum(side.get("amphibious", {}).values()):
                seen.add("bombard past amphibious")
            if side.get("submerge"):
                seen.add("submerge")
    for kind in ("land", "air"):
        for ability in ("transport", "destroyer", "submarine", "bombard"):
            assert (ability, kind) in seen, (ability, kind)
    assert ("aa_gun", "sea") in seen and ("aa_gun", "air") in seen
    assert {"landed and damaged past units", "bombard past amphibious", "submerge"} <= seen


def test_a_slice_of_player_edition_files_answers_or_refuses_in_one_line(tmp_path):
    """``odds`` on each (exact and simulated) answers or refuses in one line, and every
    exact answer is the general solver's state by state (``run_edition_case``)."""
    problems = []
    for seed in range(100):     # before issue 35's fixes: a traceback (88) and -1 units (64)
        problems += fuzz.run_edition_case(seed, tmp_path)
    assert problems == []


# -- issue 37: classes whose figures are compared, not only exit codes ---------------------
@pytest.mark.parametrize("seed", range(10))
def test_retreat_figures_through_the_command_line_match_a_brute_force(seed, tmp_path):
    """Small 1942/1940 battles with landed units, round limits and every retreat rule, run as
    ``odds FILE --json``: the figures equal a walk of the game tree's rounds."""
    import random

    from combatassist.rulesets import lowluck
    from combatassist.scenario import parse_scenario_text
    from tests.engine.test_issue37_retreat import _random_case, _Tie, brute_force
    from tests.engine.test_lowluck_editions import toml_of

    rng = random.Random(9300 + seed)
    for _ in range(3):
        edition, doc = _random_case(rng)
        text = toml_of(edition, doc)
        rules = lowluck.make_rules(parse_scenario_text(text).body)
        o = doc["options"]
        try:
            want = brute_force(rules, o["max_rounds"], o.get("retreat_after", 0),
                               o.get("retreat_below", 0.0), o.get("retreat_when_units", 0))
        except _Tie:
            continue
        path = tmp_path / "case.toml"
        path.write_text(text, encoding="utf-8")
        code, out, err = fuzz.run_command(["odds", str(path), "--json"])
        assert code == 0, err
        got = json.loads(out)
        for key, mine in (("attacker", "attacker_wins"), ("draw", "draw"),
                          ("undecided", "undecided"), ("retreated", "retreated")):
            assert got[mine] == pytest.approx(want[key], abs=1e-9), (key, text)


@pytest.mark.parametrize("example", ["mediumluck-seed-example.toml", "mediumluck-sea.toml"])
def test_medium_luck_answers_the_same_cold_and_warm_through_the_command_line(
        example, tmp_path, monkeypatch):
    """The same file, its band tables first computed, then read from the disk cache: the same
    JSON to the last character."""
    from combatassist.rulesets.mediumluck import bands

    answers = []
    for _pass in ("cold", "warm"):
        monkeypatch.setattr(bands, "BAND_TABLES", bands.BandTableCache(tmp_path / "cache"))
        code, out, err = fuzz.run_command(["odds", str(ROOT / "examples" / example),
                                           "--json"])
        assert code == 0, err
        bands.BAND_TABLES.flush()
        answers.append(out)
    assert answers[0] == answers[1]


def test_a_slice_of_own_edition_files_with_other_rules_in_battles(schemas):
    # a shipped edition file with its [rules] and AA-gun fields set at random among the
    # valid choices, then damaged, named by a scenario as the player's own and fought: odds
    # and a simulation answer, or one line
    folder, found = schemas
    strings = fuzz._strings(found)
    problems = []
    for seed in range(60):
        problems += fuzz.run_rules_edition_case(seed, found, strings, folder)
    assert problems == []
