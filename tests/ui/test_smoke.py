"""combatassist-gui --smoke-test / --screenshot / --version (CI and installer checks)."""
from __future__ import annotations

import os
import subprocess
import sys

import pytest

from combatassist import __version__
from combatassist.data import list_examples
from combatassist_gui import app
from combatassist_gui.views import discover


@pytest.mark.timeout(360)     # the subprocess has 300 s of its own (a loaded CI machine)
def test_smoke_test_in_a_fresh_process():
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    proc = subprocess.run([sys.executable, "-m", "combatassist_gui.app", "--smoke-test"],
                          capture_output=True, text=True, env=env, timeout=300)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert f"{len(discover())} views checked, all fine" in proc.stdout
    assert f"({len(list_examples())} examples in File › Open Example)" in proc.stdout
    assert "languages en, de" in proc.stdout          # each translation loaded and translates
    assert "Traceback" not in proc.stderr


def test_screenshots_one_png_per_view(qapp, tmp_path):
    assert app.main(["--screenshot", str(tmp_path)]) == 0
    names = sorted(p.name for p in tmp_path.glob("*.png"))
    for i, cls in enumerate(discover(), start=1):
        assert f"{i}-{cls.ruleset}.png" in names
    assert "1-lowluck-at-the-table.png" in names
    assert all((tmp_path / n).stat().st_size > 5000 for n in names)


def test_smoke_test_fails_when_a_view_fails(qapp, monkeypatch, capsys):
    from combatassist_gui.views.lowluck import LowLuckView

    def broken(self):
        raise ValueError("boom")       # a bug in a view: reported, exit status 1

    monkeypatch.setattr(LowLuckView, "compute_job", broken)
    assert app.main(["--smoke-test"]) == 1


def test_smoke_test_fails_without_examples(qapp, monkeypatch, capsys):
    from combatassist_gui import examples_menu

    def missing():
        raise FileNotFoundError("no examples folder")   # an install that lost examples/

    monkeypatch.setattr(examples_menu, "list_examples", missing)
    assert app.main(["--smoke-test"]) == 1
    assert "Open Example lists no examples" in capsys.readouterr().err


def test_version(capsys):
    try:
        app.main(["--version"])
    except SystemExit as exc:
        assert exc.code == 0
    assert __version__ in capsys.readouterr().out
