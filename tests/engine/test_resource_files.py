"""One validator for every ruleset's data files (``resources/<name>/*.toml``).

Each file is read through the scenario ``Reader`` (``data.read_data_file``, the readers a
ruleset lists in ``data_readers``). For every discovered ruleset, a copy of its data folder
is damaged one value at a time — every value of every file, each replaced by one no reader
accepts — and ``check_resources`` of the copy must give one line naming the file and the
key and saying what is expected.
"""
from __future__ import annotations

import datetime
import shutil
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import tomli_w

from combatassist import rulesets
from combatassist.data import read_data_file
from combatassist.errors import ScenarioError
from combatassist.ruleset import data_files_in
from combatassist.rulesets.agc import data as agc_data
from combatassist.rulesets.ds2 import data as ds2_data
from combatassist.rulesets.lowluck import data as lowluck_data
from combatassist.rulesets.lowluck import edition as lowluck_edition
from combatassist.rulesets.mediumluck import chart as mediumluck_chart
from combatassist.rulesets.ur import data as ur_data

#: a TOML value no reader takes for anything (numbers, text, lists, tables, true/false)
WRONG = datetime.date(1979, 5, 27)
#: what a message says is expected (the Reader's wordings)
EXPECTED = ("must", "unknown", "expected", "lacks", "needs", "missing", "listed twice")


def leaves(value: Any, path: tuple = ()) -> Iterator[tuple]:
    """Every leaf's path (table keys and list indexes) in a parsed TOML document."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield from leaves(item, path + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from leaves(item, path + (i,))
    else:
        yield path


def replaced(document: dict, path: tuple, new: Any) -> dict:
    document = tomllib.loads(tomli_w.dumps(document))      # a deep copy
    holder = document
    for part in path[:-1]:
        holder = holder[part]
    holder[path[-1]] = new
    return document


def named_key(path: tuple) -> str:
    """The key a message about ``path`` must name: the last table key on it."""
    return next(part for part in reversed(path) if isinstance(part, str))


def copy_of_data(ruleset, tmp_path: Path) -> Path:
    folder = tmp_path / ruleset.name
    shutil.copytree(ruleset.resources, folder)
    return folder


@pytest.fixture(params=rulesets.names())
def ruleset(request):
    return rulesets.get(request.param)


def test_the_shipped_files_are_read_by_the_one_validator(ruleset):
    values = ruleset.check_resources()
    assert "default.toml" in values
    for path in data_files_in(ruleset.resources):
        name = path.relative_to(ruleset.resources).as_posix()
        assert name in values, f"{path} is read by no reader of data_readers()"


def test_every_damaged_value_gives_one_clear_message(ruleset, tmp_path):
    folder = copy_of_data(ruleset, tmp_path)
    checked = 0
    files = data_files_in(folder)
    values = sum(len(list(leaves(tomllib.loads(path.read_text(encoding="utf-8")))))
                 for path in files)
    for path in files:
        original = path.read_text(encoding="utf-8")
        document = tomllib.loads(original)
        for leaf in leaves(document):
            path.write_text(tomli_w.dumps(replaced(document, leaf, WRONG)), encoding="utf-8")
            with pytest.raises(ScenarioError) as info:
                ruleset.check_resources(folder)
            message = str(info.value)
            where = ".".join(map(str, leaf))
            assert path.name in message and named_key(leaf) in message, (where, message)
            assert any(word in message for word in EXPECTED), (where, message)
            assert "\n" not in message
            checked += 1
        path.write_text(original, encoding="utf-8")
    # every value of every file damaged (however few: the duel of docs/adding-a-ruleset.md
    # has five, the shipped rulesets dozens)
    assert checked == values > 0
    ruleset.check_resources(folder)          # the copy, restored, reads again


def test_an_unknown_key_or_file_is_refused(ruleset, tmp_path):
    folder = copy_of_data(ruleset, tmp_path)
    for path in data_files_in(folder):
        original = path.read_text(encoding="utf-8")
        path.write_text("surprise = 1\n" + original, encoding="utf-8")
        with pytest.raises(ScenarioError, match="surprise") as info:
            ruleset.check_resources(folder)
        assert path.name in str(info.value) and "line 1" in str(info.value)
        path.write_text(original, encoding="utf-8")
    (folder / "extra.toml").write_text("x = 1\n", encoding="utf-8")
    with pytest.raises(ScenarioError, match="doesn't read") as info:
        ruleset.check_resources(folder)
    assert "extra.toml" in str(info.value) and "default.toml" in str(info.value)


def test_a_broken_file_names_file_line_key_and_what_is_expected(tmp_path):
    folder = copy_of_data(rulesets.get("agc"), tmp_path)
    tables = folder / "tables.toml"
    tables.write_text(tables.read_text(encoding="utf-8").replace("die = 10", 'die = "ten"'),
                      encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        rulesets.get("agc").check_resources(folder)
    assert str(info.value) == (
        f"{tables}, line 7, field 'units.armor.die': must be a whole number, got \"ten\" "
        "(the ruleset's data file is damaged: fix it or reinstall Combat Assistant)")


@pytest.mark.parametrize("name, file, loader", [
    ("lowluck", "tables.toml", lowluck_data.tables),
    ("lowluck", "editions/classic.toml", lowluck_edition.classic),
    ("agc", "tables.toml", agc_data.agc_data),
    ("ur", "tables.toml", ur_data.tables),
    ("ds2", "tables.toml", ds2_data.tables),
    ("mediumluck", "default_chart.toml", mediumluck_chart.default_chart),
])
def test_the_engine_loads_its_tables_through_the_same_reader(name, file, loader):
    ruleset = rulesets.get(name)
    read = ruleset.data_readers()[file]
    assert read_data_file(ruleset.resources / file, read) == loader()


def test_labels_name_known_ids_only(tmp_path):
    folder = copy_of_data(rulesets.get("lowluck"), tmp_path)
    labels = folder / "labels.toml"
    labels.write_text(labels.read_text(encoding="utf-8").replace("armor =", "armour ="),
                      encoding="utf-8")
    with pytest.raises(ScenarioError, match="no such id in units") as info:
        rulesets.get("lowluck").check_resources(folder)
    assert "units.armour" in str(info.value) and "expected one of: infantry, armor" in \
        str(info.value)


def test_every_id_a_labels_file_may_name_has_its_label(ruleset):
    for category, ids in ruleset.label_ids().items():
        missing = [i for i in ids if i not in ruleset.labels.get(category, {})]
        assert not missing, f"{ruleset.name} labels.toml [{category}] lacks {missing}"


def test_labels_the_views_show(ruleset):
    expected = {"lowluck": ("units", "armor", "Armor"), "mediumluck": ("bands", "red", "Red"),
                "ur": ("terrain", "none", "Open ground"), "agc": ("terrain", "light_urban",
                                                                   "Light Urban"),
                "ds2": ("covers", "dug_in", "Dug in (or urban)")}
    if ruleset.name in expected:
        category, key, text = expected[ruleset.name]
        assert ruleset.label(category, key) == text
    assert ruleset.label("no_such_category", "some_id") == "some id"
