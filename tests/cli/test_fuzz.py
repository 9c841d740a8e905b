"""Issue 20: a seeded fuzz test over every ruleset's example scenarios and the autosave.

Hypothesis damages the shipped examples (values swapped for extreme ones, lines deleted,
duplicated or cut, junk inserted) and a real autosave (any JSON node replaced, bytes cut),
derandomized so every run tries the same cases, and asserts: no traceback, no hang (each
case has a deadline), and every message is one short line; a scenario that is accepted
answers with valid JSON whose outcomes sum to 1.
"""
from __future__ import annotations

import json
import re
from datetime import timedelta

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from combatassist.cli import main
from combatassist.data import examples_dir, resource_path
from combatassist.errors import MESSAGE_CHARS, ScenarioError
from combatassist.rulesets import names
from combatassist.rulesets.mediumluck.chart import DEFAULT_CHART
from combatassist.table import TableBattle, load_battle
from tests.engine.test_autosave import lowluck_battle

EXAMPLES = {p.name: p.read_text(encoding="utf-8") for p in sorted(examples_dir().glob("*.toml"))}
FUZZ = settings(max_examples=120, deadline=timedelta(seconds=20), derandomize=True,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow], database=None)
EXTREME = ["-1", "0", "1", "250", "1e400", "nan", "-inf", "1.5", "9" * 5000, "9" * 400,
           "true", "[]", "{}", "[" * 40 + "]" * 40, "1979-05-27", '"\\n\\u001b[2J"',
           '"' + "x" * 5000 + '"', '"~nosuchuser/c.toml"', '"/dev/zero"', '"."', '""',
           "{ infantry = 150, armor = 150 }", "{ tank = 200 }", '"standard"', '"sea"']
JUNK = st.text(alphabet="[]{}=.,\"'#\n\\ abc19_-\x00\x1b\u2028", max_size=30)
VALUE = re.compile(r"=[ \t]*([^\n#]+)")


def test_every_ruleset_has_an_example():
    assert {text.split('ruleset = "')[1].split('"')[0] for text in EXAMPLES.values()} == \
        set(names())


@st.composite
def damaged_scenario(draw, sources=None) -> str:
    sources = sources or EXAMPLES
    text = sources[draw(st.sampled_from(sorted(sources)))]
    for _ in range(draw(st.integers(1, 3))):
        lines = text.split("\n")
        op = draw(st.sampled_from(["value", "value", "value", "drop", "twice", "junk", "cut"]))
        if op == "value":
            spots = list(VALUE.finditer(text))
            if spots:
                spot = draw(st.sampled_from(spots))
                new = draw(st.one_of(st.sampled_from(EXTREME),
                                     st.integers(-10 ** 6, 10 ** 6).map(str)))
                text = text[:spot.start(1)] + new + text[spot.end(1):]
        elif op == "drop" and lines:
            del lines[draw(st.integers(0, len(lines) - 1))]
            text = "\n".join(lines)
        elif op == "twice" and lines:
            i = draw(st.integers(0, len(lines) - 1))
            lines.insert(i, lines[i])
            text = "\n".join(lines)
        elif op == "junk":
            at = draw(st.integers(0, len(text)))
            text = text[:at] + draw(JUNK) + text[at:]
        elif op == "cut":
            text = text[:draw(st.integers(0, len(text)))]
    return text


def assert_clean(code: int, out: str, err: str) -> None:
    assert "Traceback" not in err
    if code == 0:
        data = json.loads(out)
        assert out.count("\n") == 1
        if "attacker_wins" in data:
            total = data["attacker_wins"] + data["defender_wins"] + data["draw"] + \
                data["undecided"]
            assert total == pytest.approx(1.0, abs=1e-6)
    else:
        assert code == 2 and out == ""
        assert err.count("\n") == 1 and err.endswith("\n") and len(err) < MESSAGE_CHARS + 40
        assert "\x1b" not in err and "\x00" not in err


@FUZZ
@given(text=damaged_scenario(), simulate=st.booleans())
def test_damaged_scenarios_get_an_answer_or_one_line(tmp_path_factory, capsys, text, simulate):
    path = tmp_path_factory.mktemp("fuzz") / "s.toml"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    args = ["odds", str(path), "--json"]
    if simulate:
        args += ["--method", "simulate", "--trials", "300", "--seed", "-3"]
    code = main(args)
    captured = capsys.readouterr()
    assert_clean(code, captured.out, captured.err)


JSON_VALUE = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 10) | st.sampled_from([10 ** 400, -1, 7])
    | st.text(max_size=8) | st.sampled_from(["retreat", "end", "attacker", "nobody"]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["rolled", "choice", "between_rounds", "attacker", "defender",
                         "infantry", "x"]), inner, max_size=3),
    max_leaves=8)


def _nodes(value, path=()):
    yield path
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _nodes(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value):
            yield from _nodes(v, path + (i,))


def _replace(value, path, new):
    if not path:
        return new
    value[path[0]] = _replace(value[path[0]], path[1:], new)
    return value


@st.composite
def damaged_autosave(draw) -> str:
    data = SAVED
    data = json.loads(json.dumps(data))
    for _ in range(draw(st.integers(1, 3))):
        paths = list(_nodes(data))
        target = draw(st.sampled_from(paths))
        if draw(st.integers(0, 9)) == 0 and isinstance(data, dict):
            data["scenario"] = draw(damaged_scenario())     # a scenario that isn't one
        else:
            data = _replace(data, target, draw(JSON_VALUE))
    text = json.dumps(data)
    if draw(st.integers(0, 5)) == 0:
        text = text[:draw(st.integers(0, len(text)))]
    return text


SAVED = None


@pytest.fixture(scope="module", autouse=True)
def _saved_battle():
    global SAVED
    battle = lowluck_battle()
    battle.enter((5,))
    SAVED = battle.to_json()
    yield


@FUZZ
@given(text=damaged_autosave())
def test_damaged_autosaves_resume_or_give_one_line(tmp_path_factory, text):
    path = tmp_path_factory.mktemp("fuzz") / "lowluck-battle-in-progress.json"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        battle = load_battle(path)
    except ScenarioError as exc:
        message = str(exc)
        assert "\n" not in message and len(message) <= MESSAGE_CHARS
        return
    assert isinstance(battle, TableBattle)
    battle.verdict()                 # a resumed battle can be shown and played on
    if not battle.is_over():
        battle.preview(battle.roll())


@FUZZ
@given(text=damaged_autosave())
def test_damaged_autosaves_sealed_again_resume_or_give_one_line(tmp_path_factory, text):
    """Issue 37: the same damage with the checksum made again (as a careful hand edit would),
    so the checks behind it are reached: the battle resumes as one the rules accept — its
    header what its steps replay to, its redo list replaying — or is refused in one line."""
    from combatassist.table.saved import seal
    try:
        data = json.loads(text)
    except ValueError:
        return
    if isinstance(data, dict):
        text = json.dumps(seal(data))
    path = tmp_path_factory.mktemp("fuzz") / "lowluck-battle-in-progress.json"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    try:
        battle = load_battle(path)
    except ScenarioError as exc:
        message = str(exc)
        assert "\n" not in message and len(message) <= MESSAGE_CHARS
        return
    while battle.can_redo():                # a redo list accepted on load replays
        battle.redo()
    battle.verdict()
    if not battle.is_over():
        battle.preview(battle.roll())


def test_a_resumed_battle_gives_the_odds_of_the_battle_saved(tmp_path):
    """Issue 37, figures not exit codes: the saved battle resumes to the same position and
    the same odds from there, to the last digit; any edit of the file is refused."""
    battle = lowluck_battle(tmp_path / "lowluck-battle-in-progress.json")
    battle.enter((5,))
    resumed = load_battle(battle.autosave_path)
    assert resumed.state == battle.state
    mine, theirs = battle.odds_from_here(), resumed.odds_from_here()
    assert mine.to_json() == theirs.to_json()
    text = battle.autosave_path.read_text()
    edits = [('"rolled":[5]', '"rolled":[6]'),
             ('dice = \\"lowluck\\"', 'dice = \\"standard\\"')]
    for old, new in edits:
        assert old in text
        battle.autosave_path.write_text(text.replace(old, new, 1))
        with pytest.raises(ScenarioError) as info:
            load_battle(battle.autosave_path)
        assert "\n" not in str(info.value)


ARGUMENT = st.one_of(
    st.sampled_from(["odds", "tech", "sbr", "it", "air", "--json", "--method", "exact",
                     "simulate", "--trials", "--seed", "--bombers", "--aa", "--extra-aa",
                     "--variant", "A", "B", "C", "standard", "--heavy-bombers", "--cash",
                     "--invest", "--attempt-at", "18,18,18", "-1", "0", "200", "9" * 5000,
                     "1e3", "a\nb\x1b", "--", "-", "/dev/null", "."]),
    st.integers(-5, 300).map(str),
    st.sampled_from(sorted(EXAMPLES)).map(lambda name: str(examples_dir() / name)))


@FUZZ
@given(argv=st.lists(ARGUMENT, min_size=1, max_size=7))
def test_any_command_line_answers_or_refuses_in_one_line(capsys, argv):
    code = main(argv)
    captured = capsys.readouterr()
    if code == 0 and (captured.out.startswith("{") or not captured.out):
        assert captured.err == ""
        if captured.out:
            json.loads(captured.out)
        return
    if code == 0:                    # a human summary (or --help / --version)
        assert "Traceback" not in captured.err
        return
    assert_clean(code, captured.out, captured.err)


CHART = (resource_path(*DEFAULT_CHART)).read_text(encoding="utf-8")


@FUZZ
@given(chart=damaged_scenario({"chart": CHART}))
def test_damaged_medium_luck_charts_load_or_give_one_line(tmp_path_factory, capsys, chart):
    folder = tmp_path_factory.mktemp("fuzz")
    (folder / "chart.toml").write_text(chart, encoding="utf-8", errors="surrogatepass")
    (folder / "s.toml").write_text(WITH_CHART, encoding="utf-8")
    code = main(["odds", str(folder / "s.toml"), "--json"])
    captured = capsys.readouterr()
    assert_clean(code, captured.out, captured.err)


WITH_CHART = EXAMPLES["mediumluck-sea.toml"].replace(
    "\n[options]\n", '\n[options]\nchart = "chart.toml"\n', 1)


def test_the_chart_fuzz_starts_from_a_working_chart(tmp_path, capsys):
    (tmp_path / "chart.toml").write_text(CHART, encoding="utf-8")
    (tmp_path / "s.toml").write_text(WITH_CHART, encoding="utf-8")
    assert main(["odds", str(tmp_path / "s.toml"), "--json"]) == 0, capsys.readouterr().err
