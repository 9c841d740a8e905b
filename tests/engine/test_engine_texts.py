"""The engine's texts for people (combatassist.text): English exactly as before, every
template collected and translated (ui/translations/engine_de.ts)."""
from __future__ import annotations

import math

import pickle
import random
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from combatassist.errors import EngineError
from combatassist.rulesets import lowluck
from combatassist.scenario import load_scenario
from combatassist.table import TableBattle, rules_from_scenario
from combatassist.text import Joined, Message, Term, join, lines, msg, plural, split_lines, term
from tests.packaging_tools import load_tool

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").glob("*.toml"))


def _tool():
    return load_tool("engine_texts")


def texts_in(text) -> list:
    """Every Message and Term inside ``text`` (fields and joined parts too)."""
    out = []
    if isinstance(text, Message):
        out.append(text)
        for value in text.fields.values():
            out += texts_in(value)
    elif isinstance(text, Joined):
        for item in text.items:
            out += texts_in(item)
    elif isinstance(text, Term):
        out.append(text)
    return out


def translations(path: Path) -> dict[tuple[str, str], str | None]:
    """(context, source) -> finished translation (None: unfinished)."""
    out = {}
    for ctx in ET.parse(path).getroot().iter("context"):
        for m in ctx.iter("message"):
            t = m.find("translation")
            out[(ctx.findtext("name"), m.findtext("source"))] = (
                None if t is None or t.get("type") == "unfinished" or not t.text else t.text)
    return out


DATA_DE = ROOT / "ui" / "translations" / "data_de.ts"


def german() -> dict[tuple[str, str], str | None]:
    """Every German translation the engine's texts may use: engine_de.ts and data_de.ts (Qt
    loads both)."""
    return {**translations(DATA_DE), **translations(_tool().ts_path("de"))}


# -- English stays exactly what it was ----------------------------------------------------------
def test_a_message_is_its_english():
    m = msg("{side} takes {n} hits ({p:.1%})", side="attacker", n=3, p=0.25)
    assert m == "attacker takes 3 hits (25.0%)" and isinstance(m, str)
    assert (m.template, m.fields["n"]) == ("{side} takes {n} hits ({p:.1%})", 3)
    assert {m: 1}["attacker takes 3 hits (25.0%)"] == 1          # hashes as its English
    assert plural(1, "{n} die", "{n} dice") == "1 die" and plural(2, "{n} die", "{n} dice") == "2 dice"
    assert join(", ", [msg("a"), "b"]) == "a, b" and lines(["x", msg("y")]) == "x\ny"
    assert term("data.lowluck", "infantry") == "infantry"
    assert f"{msg('fire'):>6}|" == "  fire|"


def test_texts_survive_pickling():
    text = lines([msg("{n} {unit}", n=2, unit=term("data.lowluck", "armor")),
                  join("", ["  ", msg("now: {position}", position="x")])])
    back = pickle.loads(pickle.dumps(text))
    assert back == text and type(back) is Joined
    assert [type(t) for t in texts_in(back)] == [type(t) for t in texts_in(text)]
    assert back.items[0].fields["unit"].context == "data.lowluck"


def test_split_lines_keeps_the_parts_and_strips_like_str_strip():
    text = lines([msg("a {x}", x=1), join("", ["  ", msg("b")]), "  plain  ", ""])
    parts = split_lines(text)
    assert parts == ["a 1", "b", "plain"]
    assert isinstance(parts[0], Message) and isinstance(parts[1], Message)


def test_low_luck_log_and_explanation_read_as_before():
    """The table-side log of a Low Luck round, against the old f-string formats."""
    rules = lowluck.make_rules(lowluck.default_scenario().body)
    battle = TableBattle(rules)
    phase = battle.current_phase()
    assert phase.name == "fire"
    line = battle.enter((2,))
    a, d = (sum(hits) for hits in phase.resolve(battle.round_states[0], (2,)))
    before = battle.round_states[0]

    def side(k, counts):
        return ", ".join(f"{n} {s.unit.id}" for s, n in zip(rules.side(k).slots, counts)
                         if n) or "nothing left"

    now = battle.round_states[1]
    # the luck of the roll (issue 36): the attacker's one low-luck die, its sure hits, where
    # its hits fall (P(fewer) + half P(equal)); the defender's hits are certain: no line
    (die,) = line.dice
    p_hit = die.hit_on / 6
    below, equal = (1 - p_hit, p_hit) if a > die.sure_hits else (0.0, 1 - p_hit)
    luck = (f"    luck: the attacker rolled {a} hits ({die.sure_hits + p_hit:.2f} expected): "
            f"better than {math.floor((below + equal / 2) * 100 + 1e-9) / 100:.0%} of rolls")
    assert line.explanation == f"Fire: the attacker scores {a} hits, the defender {d}"
    assert line.text == (f"Round 1, fire — dice: 2\n"
                         f"    Fire: the attacker scores {a} hits, the defender {d}\n"
                         f"    now: attacker: {side(0, now[0])} | defender: {side(1, now[1])}\n"
                         + luck)
    assert before != now
    spec = battle.dice()[0]
    power = sum(n * v for _, groups in rules.main_fire.batches(now, 0) for n, v in groups)
    assert spec.label == f"attack power {power}: extra hit on {power % 6} or less"


def test_refusals_read_as_before():
    rules = lowluck.make_rules(lowluck.default_scenario().body)
    battle = TableBattle(rules)
    with pytest.raises(EngineError) as exc:
        battle.enter((9,))
    label = battle.dice()[0].label
    assert str(exc.value) == f"fire: die 1 ({label}) must show 1-6, got 9"
    assert isinstance(exc.value.args[0], Message)
    with pytest.raises(EngineError, match="^nothing to undo$"):
        battle.undo()


# -- every template collected and translated ------------------------------------------------
def test_templates_are_literal_strings_and_a_computed_one_is_refused(tmp_path):
    tool = _tool()
    found = tool.templates()
    assert "Round {round}, {phase} — dice: {dice}" in found and "{n} dice" in found
    (tmp_path / "pkg").mkdir()
    (tmp_path / "pkg" / "bad.py").write_text("from x import msg\nmsg('a ' + b)\n")
    with pytest.raises(tool.EngineTextsError, match=r"bad.py:2: msg\(\) needs literal"):
        tool.templates(tmp_path / "pkg")


def test_engine_de_ts_is_up_to_date_and_finished():
    tool = _tool()
    path = tool.ts_path("de")
    assert path.read_text(encoding="utf-8") == tool.expected_ts("de", path), \
        "run .venv/bin/python packaging/engine_texts.py update, then translate"
    have = translations(path)
    missing = [k for k, v in have.items() if v is None]
    assert not missing, missing
    for (ctx, source), text in have.items():
        fields = lambda t: set(re.findall(r"\{[^{}]*\}", t))     # noqa: E731
        assert fields(text) == fields(source), (ctx, source, text)
    assert have[("engine", "fire")] == "Feuer"
    assert all(ctx.startswith("data.") for ctx, _ in have if ctx != "engine")


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda p: p.stem)
def test_every_text_a_table_battle_shows_is_translated(example):
    """Play each example at the table with random dice: every Message in the phase names,
    dice labels, explanations, log and positions has a German template, every Term a German
    name."""
    have = german()
    rules, ruleset = rules_from_scenario(example.read_text())
    battle = TableBattle(rules, ruleset=ruleset)
    rng = random.Random(11)
    seen = []
    for _ in range(30):
        if battle.is_over():
            break
        phase = battle.current_phase()
        dice = battle.roll(rng)
        preview = battle.preview(dice)
        seen += [phase.name, preview.explanation, battle.describe()]
        seen += [spec.label for spec in battle.dice()] + [spec.side for spec in battle.dice()]
        battle.enter(dice)
    seen += [line.text for line in battle.log]
    problems = set()
    for text in seen:
        if isinstance(text, str) and not isinstance(text, (Message, Joined, Term)):
            if text.strip() and ("engine", text) not in have:
                problems.add(f"plain text {text!r}")
        for part in texts_in(text):
            key = ("engine", part.template) if isinstance(part, Message) else \
                (part.context, str(part))
            if not have.get(key):
                problems.add(f"{key}")
    assert not problems, sorted(problems)
    assert load_scenario(example).ruleset == ruleset


def test_each_name_is_translated_in_one_file():
    """A data name the GUI's hand-kept data_de.ts translates is not repeated in engine_de.ts
    (the table's texts use the forms' words), and the engine's words are engine_de.ts's own."""
    ours, theirs = translations(_tool().ts_path("de")), translations(DATA_DE)
    assert not ours.keys() & theirs.keys(), sorted(ours.keys() & theirs.keys())[:10]
    assert not [k for k in theirs if k[0] == "engine"]
    assert german()[("data.lowluck", "infantry")] == "Infanterie"


def test_data_terms_come_from_every_ruleset_found(monkeypatch):
    """No list of rulesets in the script: each ruleset found says its own data terms, and a
    ruleset added later (here a stand-in) gets its own context without an edit there."""
    from combatassist import rulesets

    class Sixth:
        name = "sixth"

        def data_terms(self):
            return ["war_elephant", "war_elephant", "chariot"]

    shipped = rulesets.all_rulesets()
    monkeypatch.setattr(rulesets, "all_rulesets", lambda: [*shipped, Sixth()])
    terms = _tool().data_terms()
    assert terms["data.sixth"] == ["chariot", "war_elephant"]      # sorted, once each
    assert {f"data.{r.name}" for r in shipped if list(r.data_terms())} <= set(terms)
    assert "infantry" in terms["data.lowluck"]


def test_the_luckiest_roll_is_never_better_than_100_percent():
    """The percentile of the luckiest roll is near, not at, 100 % (P(fewer) + half P(equal)):
    shown as a whole percent rounded down, "better than 99 %", where rounding said 100 %."""
    from combatassist.table.battle import luck_lines
    from combatassist.table.luck import Luck
    six_of_six = Luck(hits=6, dist=tuple(math.comb(6, k) * (1 / 3) ** k * (2 / 3) ** (6 - k)
                                         for k in range(7)))
    assert 0.999 < six_of_six.percentile < 1.0
    (line,) = luck_lines({"defender": six_of_six})
    assert "better than 99% of rolls" in line
    none = Luck(hits=0, dist=six_of_six.dist)
    (line,) = luck_lines({"attacker": none}, whole=True)
    assert "better than 4% of battles" in line      # P(0 hits)/2 = 4.4 %
