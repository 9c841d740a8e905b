"""Fast checks of the packaging (no PyInstaller build: packaging/build.py does that).

The spec is executed with stand-ins for PyInstaller's build classes, so what it would hand
PyInstaller (scripts, names, data, excludes, macOS bundle settings) is checked without building.
"""
from __future__ import annotations

import _bisect  # a small CPython extension module: a real library for the strip check
import importlib.util
import os
import re
import shutil
import struct
import subprocess
import sys
import tomllib
import types
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGING = ROOT / "packaging"
ICONS = ROOT / "resources" / "icons"
PNG_SIZES = (16, 24, 32, 48, 64, 128, 256)


def load(name: str, path: Path) -> types.ModuleType:
    """Import a packaging/ file by path (packaging/ is not a package: it would shadow PyPI's)."""
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


cfg = load("bundle_config", PACKAGING / "bundle_config.py")
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


# ------------------------------------------------------------------------------------- version

def test_version_lives_in_pyproject_only():
    version = PYPROJECT["project"]["version"]
    assert cfg.read_version() == version
    import combatassist

    assert combatassist.__version__ == version, "installed metadata is stale: pip install -e ."
    # Nothing under packaging/ may spell the version out (the .iss gets it through /DAppVersion).
    for path in PACKAGING.rglob("*"):
        if path.is_file() and path.suffix in (".py", ".spec", ".iss", ".desktop", ".sh", ".txt"):
            text = path.read_text(encoding="utf-8")
            assert not re.search(r"(?<![\d.])" + re.escape(version) + r"(?![\d.])", text), path


def test_both_programs_report_the_version(capsys):
    from combatassist import cli
    from combatassist_gui import app

    version = PYPROJECT["project"]["version"]
    assert cli.main(["--version"]) == 0   # the CLI turns argparse's exit into a status
    assert capsys.readouterr().out.strip() == f"combatassist {version}"
    with pytest.raises(SystemExit) as exit_info:
        app.main(["--version"])
    assert exit_info.value.code == 0
    assert capsys.readouterr().out.strip() == f"{cfg.APP_NAME} {version}"


def test_metadata_written_for_the_bundle_reports_the_version(tmp_path):
    from importlib import metadata

    cfg.write_metadata(tmp_path, "9.8.7")
    cfg.write_metadata(tmp_path, "9.8.8")  # a later build: the old version must go
    found = [dist.version for dist in metadata.distributions(path=[str(tmp_path)])
             if dist.metadata["Name"] == "combatassist"]
    assert found == ["9.8.8"]


# ----------------------------------------------------------------------- entry points and spec

def test_executables_are_the_pip_commands():
    scripts = PYPROJECT["project"]["scripts"]
    gui_scripts = PYPROJECT["project"]["gui-scripts"]
    assert cfg.CLI_EXE in scripts and cfg.GUI_EXE in gui_scripts
    for target, launcher in ((scripts[cfg.CLI_EXE], "launch_cli.py"),
                             (gui_scripts[cfg.GUI_EXE], "launch_gui.py")):
        module, function = target.split(":")
        text = (PACKAGING / launcher).read_text(encoding="utf-8")
        assert f"from {module} import {function}" in text
        assert "freeze_support()" in text


class FakeAnalysis:
    """Stands in for PyInstaller's Analysis: records arguments, offers typical TOC entries."""

    made: list["FakeAnalysis"] = []

    def __init__(self, scripts, **kwargs):
        self.scripts_given = scripts
        self.kwargs = kwargs
        self.pure = ["pure"]
        self.scripts = ["scripts"]
        self.datas = [(dest, src, "DATA") for src, dest in kwargs.get("datas", [])] + [
            ("PySide6/Qt/translations/qtbase_de.qm", "x", "DATA"),
            ("PySide6/Qt/translations/qtbase_fr.qm", "x", "DATA"),
            ("pyqtgraph/colors/maps/CET-C1.csv", "x", "DATA"),
        ]
        self.binaries = [
            (f"python3.{sys.version_info.minor}/lib-dynload/{Path(_bisect.__file__).name}",
             _bisect.__file__, "EXTENSION"),
            ("PySide6/Qt/plugins/platforms/libqvnc.so", "x", "BINARY"),
            ("PySide6/Qt/plugins/platforms/libqxcb.so", "x", "BINARY"),
            ("PySide6/Qt/lib/libQt6Core.so.6", "x", "BINARY"),
        ]
        FakeAnalysis.made.append(self)


class Recorder:
    def __init__(self, *args, **kwargs):
        self.args = args
        self.kwargs = kwargs


def run_spec(monkeypatch, tmp_path, platform: str) -> dict:
    """Execute combatassist.spec as PyInstaller would, with stand-ins; return its namespace."""
    FakeAnalysis.made = []

    class FakeQtLibraryInfo:
        def collect_plugins(self, plugin_type):
            return [(f"/qt/plugins/{plugin_type}/libqvnc.so", f"PySide6/Qt/plugins/{plugin_type}"),
                    (f"/qt/plugins/{plugin_type}/libqxcb.so", f"PySide6/Qt/plugins/{plugin_type}")]

    hooks = types.ModuleType("PyInstaller.utils.hooks")
    hooks.collect_submodules = lambda package: [package, f"{package}.cli", f"{package}.resources"]
    hooks.qt = types.ModuleType("PyInstaller.utils.hooks.qt")
    hooks.qt.QtLibraryInfo = FakeQtLibraryInfo
    for name, module in (("PyInstaller", types.ModuleType("PyInstaller")),
                         ("PyInstaller.utils", types.ModuleType("PyInstaller.utils")),
                         ("PyInstaller.utils.hooks", hooks),
                         ("PyInstaller.utils.hooks.qt", hooks.qt)):
        monkeypatch.setitem(sys.modules, name, module)
    monkeypatch.setattr(sys, "platform", platform)
    namespace = {
        "SPECPATH": str(PACKAGING), "workpath": str(tmp_path), "__file__": "combatassist.spec",
        "Analysis": FakeAnalysis, "PYZ": Recorder, "EXE": Recorder, "COLLECT": Recorder,
        "BUNDLE": Recorder,
    }
    code = compile((PACKAGING / "combatassist.spec").read_text(encoding="utf-8"),
                   str(PACKAGING / "combatassist.spec"), "exec")
    exec(code, namespace)
    namespace["fake_qt_info"] = FakeQtLibraryInfo
    return namespace


def test_spec_builds_both_programs_in_one_folder(monkeypatch, tmp_path):
    spec = run_spec(monkeypatch, tmp_path, "linux")
    gui, cli = FakeAnalysis.made
    assert Path(gui.scripts_given[0]).name == "launch_gui.py"
    assert Path(cli.scripts_given[0]).name == "launch_cli.py"
    assert all(Path(script).is_file() for script in gui.scripts_given + cli.scripts_given)
    # the GUI is found under its import name, in a staged copy of ui/ (no bare "ui")
    staged, root = gui.kwargs["pathex"]
    assert root == str(ROOT) and cli.kwargs["pathex"] == [str(ROOT)]
    assert (Path(staged) / "combatassist_gui" / "views" / "base.py").is_file()
    assert "combatassist_gui" in gui.kwargs["hiddenimports"]
    assert not any(name == "ui" or name.startswith("ui.") for name in gui.kwargs["hiddenimports"])
    # The GUI's executable comes first (macOS: the .app runs the first one).
    coll = spec["coll"]
    assert coll.args[0] is spec["gui_exe"] and spec["gui_exe"].kwargs["name"] == cfg.GUI_EXE
    assert spec["cli_exe"] in coll.args and spec["cli_exe"].kwargs["name"] == cfg.CLI_EXE
    assert spec["gui_exe"].kwargs["console"] is False and spec["cli_exe"].kwargs["console"] is True
    assert coll.kwargs["name"] == cfg.DIST_NAME
    assert not any(item.kwargs["strip"] for item in (coll, spec["gui_exe"], spec["cli_exe"]))
    assert "app" not in spec, "no macOS bundle on Linux"
    # Rulesets are imported by name: every engine module is a hidden import, resources is not.
    assert "combatassist.cli" in gui.kwargs["hiddenimports"]
    assert "combatassist.cli" in cli.kwargs["hiddenimports"]
    assert not any(name.startswith("combatassist.resources") for name in gui.kwargs["hiddenimports"])


def test_spec_bundles_resources_and_versioned_metadata(monkeypatch, tmp_path):
    run_spec(monkeypatch, tmp_path, "linux")
    version = cfg.read_version()
    for analysis in FakeAnalysis.made:
        datas = {dest: Path(src) for src, dest in analysis.kwargs["datas"]}
        assert datas["resources"] == ROOT / "resources"
        assert datas["examples"] == ROOT / "examples"
        for folder in ("resources", "examples"):             # what combatassist.data looks for
            assert (datas[folder] / "README.md").is_file()
        dist_info = datas[f"combatassist-{version}.dist-info"]
        assert f"Version: {version}" in (dist_info / "METADATA").read_text(encoding="utf-8")
    gui = FakeAnalysis.made[0]
    kept = {entry[0] for entry in gui.datas}
    # Qt's own translation of each language the app speaks (German) stays, the others go
    assert "PySide6/Qt/translations/qtbase_de.qm" in kept
    assert "PySide6/Qt/translations/qtbase_fr.qm" not in kept
    # the GUI carries every compiled translation; the CLI (English only) none
    shipped = {Path(src).name for src, dest in gui.kwargs["datas"] if dest == "combatassist_gui/translations"}
    assert shipped == {p.name for p in cfg.TRANSLATIONS.glob("*.qm")} and "app_de.qm" in shipped
    cli = FakeAnalysis.made[1]
    assert not any(dest == "combatassist_gui/translations" for _src, dest in cli.kwargs["datas"])
    assert "pyqtgraph/colors/maps/CET-C1.csv" in kept  # other packages' data untouched
    binaries = {entry[0] for entry in gui.binaries if entry[0].startswith("PySide6/")}
    assert binaries == {"PySide6/Qt/plugins/platforms/libqxcb.so", "PySide6/Qt/lib/libQt6Core.so.6"}


@pytest.mark.skipif(not sys.platform.startswith("linux") or not shutil.which("strip")
                    or not _bisect.__file__.endswith(".so"), reason="Linux strip of CPython's libs")
def test_spec_strips_cpython_libraries_only(monkeypatch, tmp_path):
    run_spec(monkeypatch, tmp_path, "linux")
    for analysis in FakeAnalysis.made:
        sources = {dest: Path(src) for dest, src, _ in analysis.binaries}
        extension = next(dest for dest in sources if "lib-dynload" in dest)
        stripped = sources[extension]
        assert stripped == tmp_path / "stripped" / extension and stripped.is_file()
        assert 0 < stripped.stat().st_size <= Path(_bisect.__file__).stat().st_size
        assert stripped.read_bytes()[:4] == b"\x7fELF"
        assert sources["PySide6/Qt/lib/libQt6Core.so.6"] == Path("x")  # left alone


@pytest.mark.parametrize("dest, stripped", [
    ("libpython3.11.so.1.0", True),
    ("python3.11/lib-dynload/_decimal.cpython-311-x86_64-linux-gnu.so", True),
    ("python3.12/lib-dynload/math.cpython-312-x86_64-linux-gnu.so", True),
    ("numpy.libs/libscipy_openblas64_-32a4b2a6.so", False),  # strip breaks it
    ("numpy/_core/_multiarray_umath.cpython-311-x86_64-linux-gnu.so", False),
    ("PySide6/Qt/lib/libQt6Core.so.6", False),
    ("libstdc++.so.6", False),
])
def test_should_strip_debug(dest, stripped):
    assert cfg.should_strip_debug(dest) is stripped


def test_spec_filters_qt_plugins_at_collection(monkeypatch, tmp_path):
    spec = run_spec(monkeypatch, tmp_path, "linux")
    collected = spec["fake_qt_info"]().collect_plugins("platforms")
    assert [Path(src).name for src, _ in collected] == ["libqxcb.so"]
    assert spec["fake_qt_info"]().collect_plugins("generic") == []


def test_spec_excludes(monkeypatch, tmp_path):
    spec = run_spec(monkeypatch, tmp_path, "linux")
    gui, cli = FakeAnalysis.made
    for analysis in (gui, cli):
        for name in ("PyQt5", "PyQt6", "PySide2", "pytest", "hypothesis", "icepool", "tkinter",
                     "IPython", "matplotlib"):
            assert name in analysis.kwargs["excludes"]
    for name in ("PySide6", "shiboken6", "pyqtgraph"):
        assert name in cli.kwargs["excludes"] and name not in gui.kwargs["excludes"]
    excluded_qt = {name for name in gui.kwargs["excludes"] if name.startswith("PySide6.")}
    needed = set(cfg.KEEP_QT) | cfg.qt_modules_used([ROOT / "ui"])
    assert not {f"PySide6.{name}" for name in needed} & excluded_qt
    installed = cfg.installed_qt_modules(Path(importlib.util.find_spec("PySide6").origin).parent)
    assert excluded_qt == {f"PySide6.{name}" for name in installed - needed}
    assert "PySide6.QtNetwork" in excluded_qt or "QtNetwork" not in installed
    assert spec["qt_excluded"] == sorted(excluded_qt)


def test_spec_macos_bundle_and_windows_icon(monkeypatch, tmp_path):
    spec = run_spec(monkeypatch, tmp_path, "darwin")
    app = spec["app"]
    assert app.args == (spec["coll"],)
    version = cfg.read_version()
    assert app.kwargs["name"] == "Combat Assistant.app"
    assert app.kwargs["bundle_identifier"] == cfg.APP_ID
    assert app.kwargs["version"] == version
    assert app.kwargs["info_plist"]["CFBundleShortVersionString"] == version
    assert app.kwargs["info_plist"]["NSHighResolutionCapable"] is True
    assert Path(app.kwargs["icon"]) == ICONS / "combatassist.icns"
    # Nothing stripped on macOS (it would break code signatures).
    assert all(Path(src) == Path(_bisect.__file__) for dest, src, _ in FakeAnalysis.made[0].binaries
               if "lib-dynload" in dest)

    spec = run_spec(monkeypatch, tmp_path, "win32")
    assert Path(spec["gui_exe"].kwargs["icon"]) == ICONS / "combatassist.ico"
    assert "app" not in spec


# ------------------------------------------------------------------------------ bundle config

def test_qt_modules_used_reads_import_forms(tmp_path):
    (tmp_path / "sub").mkdir()
    (tmp_path / "a.py").write_text(
        "from PySide6 import QtCore, QtCharts  # comment QtFake\n"
        "from PySide6.QtSvgWidgets import QSvgWidget\n"
        "import PySide6.QtPrintSupport\n"
        "from PySide6 import (\n    QtMultimedia,\n    QtGui,\n)\n"
        "import pyqtgraph  # QtNotAnImport\n", encoding="utf-8")
    (tmp_path / "sub" / "b.py").write_text("from PySide6.QtWidgets import QWidget\n", encoding="utf-8")
    assert cfg.qt_modules_used([tmp_path]) == {
        "QtCore", "QtCharts", "QtSvgWidgets", "QtPrintSupport", "QtMultimedia", "QtGui", "QtWidgets"}


def test_qt_excludes_keeps_what_is_needed():
    installed = {"QtCore", "QtGui", "QtWidgets", "QtSvg", "QtOpenGL", "QtOpenGLWidgets",
                 "QtNetwork", "QtQml", "QtCharts"}
    assert cfg.qt_excludes(installed, {"QtCharts"}) == ["PySide6.QtNetwork", "PySide6.QtQml"]


@pytest.mark.parametrize("plugin_type, file_name, kept", [
    ("platforms", "libqxcb.so", True),
    ("platforms", "libqwayland.so", True),
    ("platforms", "libqoffscreen.so", True),
    ("platforms", "qwindows.dll", True),
    ("platforms", "libqcocoa.dylib", True),
    ("platforms", "libqvnc.so", False),
    ("platforms", "libqeglfs.so", False),
    ("generic", "libqevdevmouseplugin.so", False),
    ("platformthemes", "libqgtk3.so", False),
    ("platformthemes", "libqxdgdesktopportal.so", True),
    ("imageformats", "libqsvg.so", True),
    ("imageformats", "qico.dll", True),
    ("imageformats", "libqtiff.so", False),
    ("styles", "qmodernwindowsstyle.dll", True),
])
def test_keep_qt_plugin(plugin_type, file_name, kept):
    assert cfg.keep_qt_plugin(plugin_type, file_name) is kept


# ------------------------------------------------------------------------------------ build.py

build = load("combatassist_build", PACKAGING / "build.py")


def test_size_report_groups_and_totals(tmp_path):
    files = {
        "combatassist-gui": 3000, "_internal/PySide6/Qt/lib/libicudata.so.73": 5000,
        "_internal/PySide6/Qt/lib/libQt6Core.so.6": 4000,
        "_internal/PySide6/Qt/plugins/platforms/libqxcb.so": 100,
        "_internal/PySide6/QtCore.abi3.so": 2000, "_internal/numpy.libs/libopenblas.so": 1500,
        "_internal/libpython3.11.so.1.0": 1000, "_internal/libX11.so.6": 700,
        "_internal/resources/lowluck/tables.toml": 10,
    }
    for relative, size in files.items():
        path = tmp_path / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"x" * size)
    total, lines = build.size_report(tmp_path)
    assert total == sum(files.values())
    text = "\n".join(lines)
    assert f"in {len(files)} files" in text
    body = lines[1:lines.index("largest files:")]
    assert "ICU" in body[0]  # the biggest group comes first
    assert [line.split("%  ")[1] for line in body] == [
        "ICU Unicode data (Qt Core needs it)", "Qt libraries", "executables (+ their Python code)",
        "PySide6 bindings", "numpy + OpenBLAS", "Python runtime", "system libraries",
        "Qt plugins", "app data (resources/, examples/)"]
    assert "WARNING" not in text


def test_is_listed_matches_packages_not_prefixes():
    names = {"pytest", "numpy.testing", "PySide6"}
    assert build.is_listed("pytest", names)
    assert build.is_listed("numpy.testing._private.utils", names)
    assert build.is_listed("PySide6.QtCore", names)
    assert not build.is_listed("pytestqt_like", names)
    assert not build.is_listed("numpy.linalg", names)


def test_smoke_test_scenario_is_the_shipped_low_luck_example(tmp_path):
    from combatassist.data import example_path
    from combatassist.scenario import load_scenario

    assert build.DEFAULT_SCENARIO == example_path("lowluck-finland.toml")
    assert build.pick_scenario(None) == build.DEFAULT_SCENARIO
    assert load_scenario(build.DEFAULT_SCENARIO).ruleset == "lowluck"
    # the built CLI reads the bundle's own copy (so the smoke test proves the examples ship) ...
    bundle = tmp_path / "combatassist"
    assert build.bundled_input(bundle, build.DEFAULT_SCENARIO) == \
        bundle / "_internal" / "examples" / "lowluck-finland.toml"
    # ... and a scenario given with --scenario as it is
    other = tmp_path / "mine.toml"
    assert build.bundled_input(bundle, other) == other


def test_build_help_runs():
    result = subprocess.run([sys.executable, str(PACKAGING / "build.py"), "--help"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0 and "--skip-build" in result.stdout


# -------------------------------------------------------------------------------------- icons

def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height, depth, color_type = struct.unpack(">IIBB", data[16:26])
    assert (depth, color_type) == (8, 6), "8-bit RGBA expected"
    return width, height


def test_png_icons_exist_at_every_size():
    for size in PNG_SIZES:
        assert png_size((ICONS / f"combatassist-{size}.png").read_bytes()) == (size, size)


def test_svg_icon_is_square_svg():
    root = ET.parse(ICONS / "combatassist.svg").getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    x, y, width, height = map(float, root.get("viewBox").split())
    assert width == height > 0


def test_ico_holds_every_size():
    data = (ICONS / "combatassist.ico").read_bytes()
    reserved, kind, count = struct.unpack("<HHH", data[:6])
    assert (reserved, kind) == (0, 1) and count == len(PNG_SIZES)
    sizes = []
    for index in range(count):
        width, height, _, _, planes, bits, length, offset = struct.unpack(
            "<BBBBHHII", data[6 + 16 * index: 22 + 16 * index])
        side = width or 256
        assert width == height and (planes, bits) == (1, 32)
        assert offset + length <= len(data)
        blob = data[offset: offset + length]
        if blob[:4] == b"\x89PNG":
            assert png_size(blob) == (side, side)
        else:  # 32-bit DIB: header, side*side BGRA pixels, 1-bit AND mask rows padded to 4 bytes
            header_size, dib_width, dib_height = struct.unpack("<Iii", blob[:12])
            assert (header_size, dib_width, dib_height) == (40, side, 2 * side)
            assert length == 40 + 4 * side * side + ((side + 31) // 32) * 4 * side
        sizes.append(side)
    assert sorted(sizes) == list(PNG_SIZES)


def test_icns_entries_are_pngs_of_their_declared_size():
    data = (ICONS / "combatassist.icns").read_bytes()
    assert data[:4] == b"icns" and struct.unpack(">I", data[4:8])[0] == len(data)
    expected = {b"ic07": 128, b"ic08": 256, b"ic09": 512, b"ic10": 1024, b"ic11": 32,
                b"ic12": 64, b"ic13": 256, b"ic14": 512}
    seen = {}
    position = 8
    while position < len(data):
        kind, length = data[position: position + 4], struct.unpack(">I", data[position + 4: position + 8])[0]
        seen[kind] = png_size(data[position + 8: position + length])[0]
        position += length
    assert position == len(data)
    assert seen == expected


def test_pngs_are_rendered_from_the_current_svg(qapp):
    """Editing the SVG without running packaging/make_icons.py fails here."""
    from PySide6.QtGui import QImage

    make_icons = load("make_icons", PACKAGING / "make_icons.py")
    for size in (16, 64, 256):
        rendered = make_icons.render(size).convertToFormat(QImage.Format.Format_RGBA8888)
        stored = QImage(str(ICONS / f"combatassist-{size}.png")).convertToFormat(
            QImage.Format.Format_RGBA8888)
        assert (stored.width(), stored.height()) == (size, size)
        a, b = bytes(rendered.constBits()), bytes(stored.constBits())
        assert len(a) == len(b)
        assert max(abs(x - y) for x, y in zip(a, b)) <= 2, f"combatassist-{size}.png is out of date"


# ------------------------------------------------------------------------------- desktop entry

MAIN_CATEGORIES = {"AudioVideo", "Audio", "Video", "Development", "Education", "Game", "Graphics",
                   "Network", "Office", "Science", "Settings", "System", "Utility"}
ADDITIONAL_CATEGORIES = {"BoardGame", "StrategyGame", "LogicGame", "Simulation", "CardGame"}
FIELD_CODES = {"%f", "%F", "%u", "%U", "%i", "%c", "%k"}


def parse_desktop(text: str) -> dict[str, str]:
    lines = [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
    assert lines[0] == "[Desktop Entry]"
    entry: dict[str, str] = {}
    for line in lines[1:]:
        assert not line.startswith("["), "one group only (install.sh appends Exec at the end)"
        match = re.fullmatch(r"([A-Za-z0-9-]+(?:\[[^\]]+\])?)=(.*)", line)
        assert match, f"not a key=value line: {line!r}"
        key, value = match.groups()
        assert key not in entry, f"duplicate key {key}"
        assert value == value.strip(), f"stray spaces in {key}"
        entry[key] = value
    return entry


def test_desktop_entry_is_valid():
    text = (PACKAGING / "linux" / cfg.DESKTOP_FILE).read_text(encoding="utf-8")
    entry = parse_desktop(text)
    assert entry["Type"] == "Application" and entry["Name"] == cfg.APP_NAME
    assert entry["Version"] in {"1.0", "1.1", "1.2", "1.3", "1.4", "1.5"}
    assert entry["Exec"].split()[0] == cfg.GUI_EXE == entry["TryExec"]
    assert all(token in FIELD_CODES for token in entry["Exec"].split()[1:] if token.startswith("%"))
    assert entry["Terminal"] in {"true", "false"} and entry["StartupNotify"] in {"true", "false"}
    categories = entry["Categories"]
    assert categories.endswith(";") and entry["Keywords"].endswith(";")
    names = set(categories.rstrip(";").split(";"))
    assert names & MAIN_CATEGORIES and names <= MAIN_CATEGORIES | ADDITIONAL_CATEGORIES
    assert "/" not in entry["Icon"] and "." not in entry["Icon"]
    assert (ICONS / f"{entry['Icon']}.svg").is_file()
    assert entry["StartupWMClass"] == cfg.GUI_EXE
    validator = shutil.which("desktop-file-validate")
    if validator:
        result = subprocess.run([validator, str(PACKAGING / "linux" / cfg.DESKTOP_FILE)],
                                capture_output=True, text=True)
        assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.skipif(os.name != "posix" or not shutil.which("sh"), reason="POSIX shell script")
def test_install_script_installs_and_uninstalls(tmp_path):
    folder = tmp_path / "un$packed dir"  # a space and a $ in the path: Exec must quote/escape
    (folder / "_internal" / "resources").mkdir(parents=True)
    shutil.copytree(ICONS, folder / "_internal" / "resources" / "icons")
    for name in (cfg.GUI_EXE, cfg.CLI_EXE):
        (folder / name).write_text("#!/bin/sh\necho ran\n")
        (folder / name).chmod(0o755)
    for name in (cfg.DESKTOP_FILE, "install.sh"):
        shutil.copy2(PACKAGING / "linux" / name, folder / name)
    home = tmp_path / "home"
    env = {"HOME": str(home), "PATH": os.environ.get("PATH", "/usr/bin:/bin")}
    result = subprocess.run(["sh", str(folder / "install.sh")], env=env, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    data = home / ".local" / "share"
    entry = parse_desktop((data / "applications" / cfg.DESKTOP_FILE).read_text(encoding="utf-8"))
    assert entry["Exec"] == '"' + str(folder).replace("$", "\\$") + f'/{cfg.GUI_EXE}" %f'
    assert entry["TryExec"] == f"{folder}/{cfg.GUI_EXE}"
    assert entry["Icon"] == "combatassist"
    for size in PNG_SIZES:
        assert (data / "icons" / "hicolor" / f"{size}x{size}" / "apps" / "combatassist.png").is_file()
    launcher = home / ".local" / "bin" / cfg.CLI_EXE
    assert launcher.resolve() == (folder / cfg.CLI_EXE).resolve()

    result = subprocess.run(["sh", str(folder / "install.sh"), "--uninstall"], env=env,
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert not (data / "applications" / cfg.DESKTOP_FILE).exists()
    assert not launcher.exists() and not launcher.is_symlink()
    assert not list((data / "icons").rglob("combatassist.*"))
    assert (folder / cfg.GUI_EXE).is_file()  # the folder itself is untouched


# -------------------------------------------------------------------------------- Inno Setup

def test_inno_setup_script():
    text = (PACKAGING / "windows" / "combatassist.iss").read_text(encoding="utf-8")
    assert "#ifndef AppVersion" in text and "#error" in text  # version only via /DAppVersion
    assert re.search(r"^AppVersion=\{#AppVersion\}$", text, re.MULTILINE)
    assert f'#define GuiExe "{cfg.GUI_EXE}.exe"' in text
    assert f'#define AppUserModelID "{cfg.APP_ID}"' in text
    assert re.search(r'#define BundleDir "\.\.\\\.\.\\dist\\' + cfg.DIST_NAME + '"', text)
    icon = re.search(r"^SetupIconFile=(.+)$", text, re.MULTILINE).group(1)
    assert (PACKAGING / "windows" / icon.replace("\\", "/")).resolve() == ICONS / "combatassist.ico"
    assert re.search(r"^AppId=\{\{[0-9A-F-]{36}\}$", text, re.MULTILINE)
    sections = re.findall(r"^\[(\w+)\]$", text, re.MULTILINE)
    assert {"Setup", "Files", "Icons"} <= set(sections)


def test_build_failures_are_one_clear_message(tmp_path):
    with pytest.raises(build.BuildFailed, match="no such file"):
        build.pick_scenario(str(tmp_path / "missing.toml"))
    failed = subprocess.CompletedProcess(["x"], 3, stdout="out", stderr="boom")
    with pytest.raises(build.BuildFailed, match=r"smoke: exit status 3 \(expected 0\)(.|\n)*boom"):
        build.check(failed, "smoke")
    build.check(subprocess.CompletedProcess(["x"], 2, "", ""), "bad input", expect_code=2)


def test_built_programs_run_without_source_paths(monkeypatch):
    monkeypatch.setenv("PYTHONPATH", str(ROOT))
    monkeypatch.setenv("QT_PLUGIN_PATH", "/somewhere")
    env = build.clean_env()
    assert "PYTHONPATH" not in env and "QT_PLUGIN_PATH" not in env
    assert env["QT_QPA_PLATFORM"] == "offscreen"
