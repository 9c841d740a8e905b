"""A non-editable install (a built wheel) ships the resources and the examples and finds them."""
from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.timeout(600)     # builds a wheel with pip: slow on a loaded machine
def test_wheel_ships_resources_and_examples_and_finds_them(tmp_path):
    proc = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w",
                           str(tmp_path / "dist"), str(ROOT)], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr[-2000:]
    wheel = next((tmp_path / "dist").glob("combatassist-*.whl"))
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        archive.extractall(site)
    assert "combatassist/resources/lowluck/tables.toml" in names
    shipped_examples = {n.rsplit("/", 1)[1] for n in names if n.startswith("combatassist/examples/")}
    assert shipped_examples == {p.name for p in (ROOT / "examples").iterdir()}
    # the GUI ships under its own name: no bare top-level "ui" to collide with other packages
    assert any(n.startswith("combatassist_gui/views/") for n in names)
    assert not any(n.startswith("ui/") for n in names)
    tops = {n.split("/")[0] for n in names if "/" in n and ".dist-info/" not in n}
    assert tops == {"combatassist", "combatassist_gui"}
    # the GUI's translations, compiled from every .ts of the source tree
    assert {n for n in names if n.startswith("combatassist_gui/translations/")} == {
        f"combatassist_gui/translations/{ts.stem}.qm"
        for ts in (ROOT / "ui" / "translations").glob("*.ts")}
    code = ("import combatassist, combatassist.data as d; "
            "print(combatassist.__file__); print(d.resources_dir()); print(d.examples_dir()); "
            "from combatassist.rulesets import lowluck; print(len(lowluck.classic().units)); "
            "from combatassist.scenario import load_scenario; "
            "print(load_scenario(d.example_path('lowluck-finland.toml')).ruleset); "
            "import importlib.util as u; "
            "print(u.find_spec('combatassist_gui.views.lowluck').origin.startswith(%r))"
            % str(site))
    env = dict(os.environ, PYTHONPATH=str(site))
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    module_file, resources, examples, units, ruleset, gui_inside = out.stdout.split()
    assert gui_inside == "True"
    assert module_file.startswith(str(site))
    assert resources == str(site / "combatassist" / "resources")
    assert examples == str(site / "combatassist" / "examples")
    assert int(units) == 8
    assert ruleset == "lowluck"

    # Every ruleset of the source tree, with every file of its data folder, and each one
    # answers its default scenario from the installed copy alone.
    source = {p.name for p in (ROOT / "combatassist" / "rulesets").iterdir()
              if (p / "__init__.py").is_file()}
    for name in source:
        shipped = {n for n in names if n.startswith(f"combatassist/resources/{name}/")}
        folder = ROOT / "resources" / name
        expected = {f"combatassist/resources/{name}/{p.relative_to(folder).as_posix()}"
                    for p in folder.rglob("*") if p.is_file()}
        assert expected and shipped == expected, name
    code = ("from combatassist import rulesets; from combatassist.ruleset import compute\n"
            "for r in rulesets.all_rulesets():\n"
            "    s = r.default_scenario(); compute(r, s.body); assert r.help_text()\n"
            "    print(r.name, r.resources)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    found = dict(line.split() for line in out.stdout.splitlines())
    assert set(found) == source
    assert all(folder == str(site / "combatassist" / "resources" / name)
               for name, folder in found.items())

    # the installed GUI finds its German and speaks it
    code = ("from PySide6.QtCore import QCoreApplication; app = QCoreApplication([]); "
            "from combatassist_gui import i18n; print(i18n.TRANSLATIONS_DIR, *i18n.available_languages()); "
            "i18n.install('de', app); print(QCoreApplication.translate('MainWindow', '&File'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    folder, *languages = out.stdout.splitlines()[0].split()
    assert folder == str(site / "combatassist_gui" / "translations") and "de" in languages
    assert out.stdout.splitlines()[1] == "&Datei"
