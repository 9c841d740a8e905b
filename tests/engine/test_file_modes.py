"""Issue 25, item 12: a file the app saves gets the mode any other program's new file gets
(0666 less the umask, like the exported PNG), and replacing a file keeps the mode it had."""
from __future__ import annotations

import os
import stat
import sys

import pytest

from combatassist import files

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX file modes")


def mode_of(path) -> int:
    return stat.S_IMODE(os.stat(path).st_mode)


@pytest.fixture
def umask():
    """Set a known umask for the test and put the old one back."""
    def set_to(value: int) -> int:
        previous.append(os.umask(value))
        return value
    previous: list[int] = []
    yield set_to
    if previous:
        os.umask(previous[0])


@pytest.mark.parametrize("mask", [0o022, 0o002, 0o077])
def test_a_new_file_gets_the_usual_mode(tmp_path, umask, mask):
    umask(mask)
    files.atomic_write_text(tmp_path / "battle.toml", "x = 1\n")
    (tmp_path / "plain.txt").write_text("x")            # what open() gives, for comparison
    assert mode_of(tmp_path / "battle.toml") == 0o666 & ~mask == mode_of(tmp_path / "plain.txt")


def test_replacing_a_file_keeps_its_mode(tmp_path, umask):
    umask(0o022)
    target = tmp_path / "results.csv"
    target.write_text("old")
    os.chmod(target, 0o640)
    files.atomic_write_text(target, "new")
    assert target.read_text() == "new" and mode_of(target) == 0o640


def test_the_temp_file_is_named_for_the_stale_temp_sweep(tmp_path, monkeypatch):
    seen = []
    real_replace = os.replace
    monkeypatch.setattr(files.os, "replace",
                        lambda src, dst: (seen.append(os.path.basename(src)), real_replace(src, dst)))
    files.atomic_write_text(tmp_path / "a.json", "{}")
    (name,) = seen
    assert name.startswith(".a.json.") and name.endswith(files.TEMP_SUFFIX)
    assert [p.name for p in tmp_path.iterdir()] == ["a.json"]
