"""What goes into the PyInstaller bundle: one place shared by the spec, build.py and the tests.

Loaded by file path (``packaging/`` is deliberately not a Python package: a ``packaging``
package at the top of the repository would shadow the PyPI ``packaging`` library).
Stdlib only, so the tests can read it without PyInstaller installed.
"""
from __future__ import annotations

import re
import shutil
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

APP_NAME = "Combat Assistant"
#: Folder name of the one-folder build in dist/ and stem of the archives.
DIST_NAME = "combatassist"
#: Executable names: the same as the pip-installed commands (pyproject's [project.*scripts]).
GUI_EXE = "combatassist-gui"
CLI_EXE = "combatassist"
#: Reverse-DNS identifier: macOS bundle identifier and Windows AppUserModelID.
APP_ID = "io.github.combatassist.CombatAssistant"
DESKTOP_FILE = "combatassist.desktop"

#: Qt modules the bundle keeps. pyqtgraph imports QtSvg and QtOpenGLWidgets (which needs
#: QtOpenGL) at import time; QtTest it tries but does without. Anything else a ui/ file imports
#: is kept automatically (see qt_modules_used), so the GUI can grow without editing this list.
KEEP_QT = ("QtCore", "QtGui", "QtWidgets", "QtSvg", "QtOpenGL", "QtOpenGLWidgets")

#: Other Qt bindings: must never get into the bundle (pyqtgraph would pick whichever it finds).
OTHER_QT_BINDINGS = ("PyQt5", "PyQt6", "PySide2", "PyQt4", "PySide", "sip")

#: Test, development and optional packages the app never needs at run time.
DEV_PACKAGES = (
    "pytest", "_pytest", "pytestqt", "pluggy", "iniconfig", "hypothesis", "_hypothesis_ftz_detector",
    "_hypothesis_globals", "_hypothesis_pytestplugin", "icepool", "sortedcontainers",
    "IPython", "jedi", "parso", "tkinter", "_tkinter", "turtle", "turtledemo", "idlelib",
    "matplotlib", "scipy", "pandas", "h5py", "numba", "cupy", "OpenGL", "colorcet",
    "pygments", "PyInstaller", "pip", "setuptools", "pkg_resources", "_distutils_hack",
    "distutils", "lib2to3", "pydoc_data", "unittest", "doctest", "numpy.f2py", "numpy.testing",
)

#: The engine never imports Qt: the command-line executable leaves all of it out.
QT_PACKAGES = ("PySide6", "shiboken6", "pyqtgraph", "combatassist_gui")

#: Qt data the bundle drops: Qt's own translations, except ``qtbase_<lang>.qm`` of the
#: languages the app is translated into (standard buttons and dialogs; see ``app_languages``).
DROPPED_DATA_PREFIXES = ("PySide6/Qt/translations/",)
#: The app's translations, compiled from ui/translations/<area>_<lang>.ts (translations.py).
TRANSLATIONS = ROOT / "ui" / "translations"

#: Linux: CPython's own libraries lose their debug symbols (libpython from a source-built
#: Python carries ~18 MB of them): bundle paths matching this. Only these: `strip` corrupts
#: some wheels' libraries (numpy's OpenBLAS then fails with "ELF load command ... not
#: page-aligned"), so PyInstaller's own strip-everything option stays off.
STRIP_DEBUG = re.compile(r"^(libpython3[^/]*|python3\.\d+/lib-dynload/[^/]+)$")

#: Qt plugins left out, by plugin folder -> plugin names (file stem without "lib"; "*" = all).
#: Embedded-device back ends (eglfs, linuxfb, vnc, evdev input) are useless on a desktop and
#: pull in QtNetwork and KMS libraries; the GTK3 theme plugin pulls in half of GTK (cairo,
#: pango, gdk-pixbuf...) that must then match the user's own GTK: Qt falls back to its Fusion
#: style with the xdg-desktop-portal theme instead. Image formats: PNG is built in; SVG, ICO,
#: JPEG and GIF stay (icons, pyqtgraph's image export).
DROPPED_QT_PLUGINS = {
    "platforms": {"qeglfs", "qlinuxfb", "qminimalegl", "qvnc", "qvkkhrdisplay", "qdirect2d"},
    "egldeviceintegrations": {"*"},
    "generic": {"*"},
    "platformthemes": {"qgtk3"},
    "imageformats": {"qtiff", "qwebp", "qtga", "qwbmp", "qicns", "qpdf"},
}

_QT_MODULE = re.compile(r"\bQt[A-Z][A-Za-z0-9]*\b")
#: ``from PySide6 import QtA, QtB`` (also parenthesised over several lines) and
#: ``from PySide6.QtA import ...``.
_FROM_PYSIDE = re.compile(
    r"^[ \t]*from[ \t]+PySide6(?:\.(?P<sub>Qt\w+))?[ \t]+import[ \t]+"
    r"(?:\((?P<paren>[^)]*)\)|(?P<names>[^\n]*))", re.MULTILINE)
#: ``import PySide6.QtA`` / ``import PySide6.QtA as a, PySide6.QtB``.
_IMPORT_PYSIDE = re.compile(r"^[ \t]*import[ \t]+(?P<names>[^\n]*PySide6\.Qt[^\n]*)", re.MULTILINE)
_COMMENT = re.compile(r"#[^\n]*")


def read_version(root: Path = ROOT) -> str:
    """The app version: pyproject.toml's [project] version, the one place it is written."""
    with open(root / "pyproject.toml", "rb") as handle:
        return tomllib.load(handle)["project"]["version"]


def qt_modules_used(source_dirs: list[Path]) -> set[str]:
    """Names of the PySide6 modules (``QtCharts``...) imported by the .py files under source_dirs."""
    used: set[str] = set()
    for folder in source_dirs:
        for path in sorted(Path(folder).rglob("*.py")):
            text = path.read_text(encoding="utf-8", errors="replace")
            for match in _FROM_PYSIDE.finditer(text):
                if match.group("sub"):
                    used.add(match.group("sub"))
                else:
                    names = match.group("paren") or match.group("names") or ""
                    used.update(_QT_MODULE.findall(_COMMENT.sub("", names)))
            for match in _IMPORT_PYSIDE.finditer(text):
                used.update(re.findall(r"PySide6\.(Qt\w+)", _COMMENT.sub("", match.group("names"))))
    return used


def installed_qt_modules(pyside_dir: Path) -> set[str]:
    """The Qt binding modules present in an installed PySide6 folder (``QtCore``, ``QtQml``...)."""
    names = set()
    for path in Path(pyside_dir).iterdir():
        stem = path.name.split(".", 1)[0]
        if stem.startswith("Qt") and path.suffix in (".so", ".pyd"):
            names.add(stem)
    return names


def qt_excludes(installed: set[str], used: set[str]) -> list[str]:
    """``PySide6.QtX`` module names to exclude: everything installed that is neither kept nor used."""
    keep = set(KEEP_QT) | used
    return sorted(f"PySide6.{name}" for name in installed - keep)


def app_languages(folder: Path = TRANSLATIONS) -> set[str]:
    """The languages the app has a translation for (``<area>_<lang>.ts``)."""
    return {ts.stem.rsplit("_", 1)[1] for ts in folder.glob("*_*.ts")}


def keep_data_entry(dest_name: str, languages: set[str] | None = None) -> bool:
    """False for bundle data the app doesn't need (see DROPPED_DATA_PREFIXES); Qt's
    ``qtbase_<lang>.qm`` of the app's ``languages`` (default: ``app_languages()``) stays."""
    normalized = dest_name.replace("\\", "/")
    languages = app_languages() if languages is None else languages
    if normalized in {f"PySide6/Qt/translations/qtbase_{lang}.qm" for lang in languages}:
        return True
    return not normalized.startswith(DROPPED_DATA_PREFIXES)


def keep_qt_plugin(plugin_type: str, file_name: str) -> bool:
    """False for a Qt plugin listed in DROPPED_QT_PLUGINS (file_name as on disk, any platform)."""
    stem = file_name.split(".", 1)[0]
    if stem.startswith("lib"):
        stem = stem[3:]
    dropped = DROPPED_QT_PLUGINS.get(plugin_type, set())
    return not ("*" in dropped or stem in dropped)


def stage_gui_package(work_dir: Path, root: Path = ROOT) -> Path:
    """A folder holding ``combatassist_gui`` (a fresh copy of ``ui/``), for PyInstaller's path.

    The GUI's source folder is ``ui/`` but its import name is ``combatassist_gui`` (the
    pyproject mapping, which setuptools' editable finder serves); PyInstaller's module graph
    searches folders only, so it gets a folder where the package has its import name.
    """
    staged = Path(work_dir) / "gui-src"
    target = staged / "combatassist_gui"
    if target.exists():
        shutil.rmtree(target)
    shutil.copytree(root / "ui", target, ignore=shutil.ignore_patterns("__pycache__"))
    return staged


def write_metadata(target_dir: Path, version: str) -> Path:
    """A minimal ``combatassist-<version>.dist-info`` in target_dir; returns its path.

    Bundled instead of copying whatever metadata the build environment has installed (which can
    be a stale egg-info): importlib.metadata.version("combatassist") in the frozen app then
    reports exactly pyproject's version.
    """
    for old in Path(target_dir).glob("combatassist-*.dist-info"):  # an earlier build's version
        for file in old.iterdir():
            file.unlink()
        old.rmdir()
    dist_info = Path(target_dir) / f"combatassist-{version}.dist-info"
    dist_info.mkdir(parents=True, exist_ok=True)
    (dist_info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: combatassist\nVersion: {version}\n"
        f"Summary: {APP_NAME}\n", encoding="utf-8")
    return dist_info


def should_strip_debug(dest_name: str) -> bool:
    """True for a bundle path (TOC dest name) that strip_debug_copies strips (see STRIP_DEBUG)."""
    return STRIP_DEBUG.match(dest_name.replace("\\", "/")) is not None


def strip_debug_copies(binaries: list, work_dir: Path) -> list:
    """Linux: TOC entries matching STRIP_DEBUG re-pointed at copies without debug symbols.

    ``binaries`` holds PyInstaller TOC tuples (dest_name, src_path, typecode); returns a new list.
    Without a ``strip`` tool the entries are returned unchanged.
    """
    import shutil
    import subprocess

    strip = shutil.which("strip")
    if strip is None:
        return list(binaries)
    out = []
    for dest, src, kind in binaries:
        if should_strip_debug(dest):
            copy = Path(work_dir) / "stripped" / dest
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, copy)
            subprocess.run([strip, "--strip-debug", str(copy)], check=True)
            src = str(copy)
        out.append((dest, src, kind))
    return out
