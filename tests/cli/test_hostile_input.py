"""Issue 20, cases 1-6 and 8: malformed or extreme input gets one clean line, at once.

Each case ran into a traceback, a hang, unbounded reading or a multi-line message before.
"""
from __future__ import annotations

import os
import threading

import pytest

from combatassist.cli import main
from combatassist.errors import MESSAGE_CHARS, EngineError, ScenarioError, one_line, shown
from combatassist.files import MAX_FILE_BYTES, read_bytes_bounded
from combatassist.scenario import MAX_KEY_PARTS, MAX_NESTING, parse_scenario_text

LOWLUCK = ('ruleset = "lowluck"\n[attacker]\nunits = { infantry = 3 }\n'
           '[defender]\nunits = { infantry = 2 }\n')
AGC = ('ruleset = "agc"\nterrain = "forest"\n[attacker]\nunits = { infantry = 3 }\n'
       '[defender]\nunits = { infantry = 3 }\n')


def refuse(args, capsys) -> str:
    """Run the CLI, expect status 2 and exactly one short stderr line; return it."""
    code = main([str(a) for a in args])
    out = capsys.readouterr()
    assert code == 2, out.err
    assert out.out == ""
    assert out.err.endswith("\n") and out.err.count("\n") == 1, repr(out.err[:300])
    assert len(out.err) < MESSAGE_CHARS + 40
    assert out.err.isprintable() or out.err[:-1].isprintable()
    return out.err


def write(tmp_path, text: str, name: str = "s.toml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# -- 1. deep nesting ------------------------------------------------------------------------
@pytest.mark.parametrize("value", ["[" * 500 + "]" * 500,
                                   "{a = " * 500 + "1" + "}" * 500,
                                   "[" * (MAX_NESTING + 1) + "]" * (MAX_NESTING + 1)])
def test_deep_nesting_is_one_line_with_the_line(tmp_path, capsys, value):
    err = refuse(["odds", write(tmp_path, LOWLUCK + f"x = {value}\n")], capsys)
    assert "line 6" in err and f"nested more than {MAX_NESTING} deep" in err


def test_nesting_inside_strings_and_comments_is_not_counted():
    deep = "[" * 200
    doc = parse_scenario_text(LOWLUCK.replace('ruleset = "lowluck"',
                                              f'ruleset = "lowluck"\ntitle = "{deep}" # {deep}'))
    assert doc.title == deep
    doc = parse_scenario_text(f"title = '''{deep}\n{deep}'''\n" + LOWLUCK)
    assert doc.title.count("[") == 400


def test_long_dotted_keys_refused_before_parsing(tmp_path, capsys):
    key = "a" + ".a" * 100_000               # the parser's bookkeeping grows quadratically
    err = refuse(["odds", write(tmp_path, LOWLUCK + f"{key} = 1\n")], capsys)
    assert f"more than {MAX_KEY_PARTS} parts" in err and "line 6" in err
    header = "[" + ".".join(["t"] * (MAX_KEY_PARTS + 1)) + "]"
    assert "parts" in refuse(["odds", write(tmp_path, LOWLUCK + header + "\n")], capsys)


# -- 2. integer literals beyond Python's int-string limit ------------------------------------
def test_integer_over_4300_digits(tmp_path, capsys):
    text = LOWLUCK.replace("infantry = 3", "infantry = " + "9" * 5000)
    err = refuse(["odds", write(tmp_path, text)], capsys)
    assert "too many digits" in err and "line 3" in err


def test_huge_but_convertible_integer_is_shortened(tmp_path, capsys):
    text = LOWLUCK.replace("infantry = 3", "infantry = " + "9" * 4000)
    err = refuse(["odds", write(tmp_path, text)], capsys)
    assert "must be at most" in err and "4,000 digits" in err


# -- 3. negative seeds ----------------------------------------------------------------------
@pytest.mark.parametrize("text", [AGC, LOWLUCK])
def test_negative_seed_accepted_like_its_absolute_value(tmp_path, capsys, text):
    path = write(tmp_path, text)
    common = ["odds", str(path), "--method", "simulate", "--trials", "500", "--json"]
    assert main(common + ["--seed", "-7"]) == 0
    negative = capsys.readouterr().out
    assert main(common + ["--seed", "7"]) == 0
    assert capsys.readouterr().out == negative


def test_absurd_seed_text_is_shortened(capsys):
    err = refuse(["odds", "x.toml", "--seed", "1" * 5000], capsys)
    assert "expected a whole number" in err


# -- 4. ~user in a Medium Luck chart path ---------------------------------------------------
def test_chart_under_an_unknown_users_home(tmp_path, capsys):
    text = ('ruleset = "mediumluck"\n[options]\nchart = "~nosuchuser20/chart.toml"\n'
            '[attacker.bands.green]\nroll = { infantry = 3 }\n'
            '[defender.bands.green]\nroll = { infantry = 3 }\n')
    err = refuse(["odds", write(tmp_path, text)], capsys)
    assert "home folder" in err and "line 3" in err and "options.chart" in err


def test_chart_that_is_a_device(tmp_path, capsys):
    text = ('ruleset = "mediumluck"\n[options]\nchart = "/dev/zero"\n'
            '[attacker.bands.green]\nroll = { infantry = 3 }\n'
            '[defender.bands.green]\nroll = { infantry = 3 }\n')
    if not os.path.exists("/dev/zero"):
        pytest.skip("no /dev/zero here")
    assert "not a regular file" in refuse(["odds", write(tmp_path, text)], capsys)


# -- 5. bounded reading from regular files only ---------------------------------------------
@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_devices_refused_at_once(capsys, device):
    if not os.path.exists(device):
        pytest.skip(f"no {device} here")
    assert "not a regular file" in refuse(["odds", device], capsys)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes")
def test_named_pipe_refused_without_blocking(tmp_path, capsys):
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    done = threading.Event()
    result = {}

    def run():
        result["code"] = main(["odds", str(fifo)])
        done.set()

    worker = threading.Thread(target=run, daemon=True)
    worker.start()
    assert done.wait(10), "reading a named pipe blocked"
    assert result["code"] == 2
    assert "not a regular file" in capsys.readouterr().err


def test_folder_and_oversized_file(tmp_path, capsys):
    assert "is a folder" in refuse(["odds", tmp_path], capsys)
    big = tmp_path / "big.toml"
    big.write_bytes(b"#" * (MAX_FILE_BYTES + 1))
    assert f"{MAX_FILE_BYTES:,}" in refuse(["odds", big], capsys)


def test_bounded_read_never_reads_past_the_limit(tmp_path):
    path = tmp_path / "f"
    path.write_bytes(b"x" * 100)
    assert read_bytes_bounded(path, 100) == b"x" * 100
    with pytest.raises(ScenarioError, match="the limit is 99"):
        read_bytes_bounded(path, 99)


# -- 6. messages are one line: quoted, escaped, shortened -----------------------------------
@pytest.mark.parametrize("value", ['"low\\nluck"', '"low\\u001b[31mluck"', '"' + "y" * 900_000 + '"'])
def test_echoed_strings_escaped_and_shortened(tmp_path, capsys, value):
    err = refuse(["odds", write(tmp_path, f"ruleset = {value}\n")], capsys)
    assert "unknown ruleset" in err and "\x1b" not in err


def test_echoed_keys_escaped_and_shortened(tmp_path, capsys):
    key = '"' + "k\\n" * 300_000 + '"'
    err = refuse(["odds", write(tmp_path, LOWLUCK + f"{key} = 1\n")], capsys)
    assert "unknown field" in err
    err = refuse(["odds", write(tmp_path, LOWLUCK.replace("infantry = 3", f"{key} = 3"))],
                 capsys)
    assert "unknown unit" in err


def test_shown_and_one_line():
    assert shown("a\nb") == '"a\\nb"'
    assert shown("\x1b[31m") == '"\\x1b[31m"'
    assert len(shown("z" * 10_000)) <= 62 and shown("z" * 10_000).endswith('…"')
    assert shown(10 ** 5000) == "a number with 5,001 digits"
    assert shown(-(10 ** 70) + 1) == "-a number with 70 digits"
    assert one_line("a\r\nb\u2028c") == "a\\r\\nb\\u2028c"
    assert str(EngineError("x\ny" * 1000)).count("\n") == 0
    assert len(str(ScenarioError("m" * 10_000, file="f\n" * 1000, field="q" * 1000,
                                 hint="h" * 1000))) <= MESSAGE_CHARS


def test_unprintable_file_name(tmp_path, capsys):
    err = refuse(["odds", str(tmp_path / "no\nsuch\x1b.toml")], capsys)
    assert "file not found" in err


# -- 8. meaningless combinations refused ----------------------------------------------------
@pytest.mark.parametrize("armour_type", ["standard", "apfc"])
def test_ds2_apfc_on_top_of_standard_or_apfc_refused(tmp_path, capsys, armour_type):
    text = ('ruleset = "ds2"\n[weapon]\nfamily = "hvc"\nsize = 3\nrange = "close"\n'
            f'[target]\nkind = "vehicle"\narmour = 3\narmour_type = "{armour_type}"\n'
            'apfc = true\n')
    err = refuse(["odds", write(tmp_path, text)], capsys)
    assert "reactive or ablative" in err and "line 10" in err and "target.apfc" in err


def test_ds2_apfc_on_reactive_still_accepted(tmp_path, capsys):
    text = ('ruleset = "ds2"\n[weapon]\nfamily = "hvc"\nsize = 3\nrange = "close"\n'
            '[target]\nkind = "vehicle"\narmour = 3\narmour_type = "reactive"\napfc = true\n')
    assert main(["odds", str(write(tmp_path, text)), "--json"]) == 0


@pytest.mark.parametrize("text", ['ruleset = "lowluck"\n',
                                  'ruleset = "lowluck"\n[attacker]\nunits = {}\n'
                                  '[defender]\nunits = { infantry = 0 }\n'])
def test_lowluck_without_any_units_refused(tmp_path, capsys, text):
    assert "no units on either side" in refuse(["odds", write(tmp_path, text)], capsys)


def test_locating_lines_stays_fast_on_a_long_line_of_spaces(tmp_path, capsys):
    # a lazy regex once backtracked quadratically over such lines
    spaces = " " * 400_000
    text = LOWLUCK + f"extra = [\n{spaces}1,\n{spaces}2]\n"
    err = refuse(["odds", write(tmp_path, text)], capsys)
    assert "unknown field" in err

