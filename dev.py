#!/usr/bin/env python3
"""Set-up commands for Combat Assistant (needs only Python 3.11+).

    python3 dev.py run      create .venv if needed, install the app, start it
    python3 dev.py test     create .venv if needed, install app + test tools, run the tests
    python3 dev.py bench    run the benchmarks (prints a table of timings)
    python3 dev.py build    build the PyInstaller bundle and smoke-test it
    python3 dev.py translations   refresh ui/translations/*.ts from the GUI's sources (lupdate)

Every command (re)builds the translations' .qm files from their .ts sources where stale.

Each command creates its own virtual environment in .venv and (re)installs only when
pyproject.toml changed since the last install.
"""
from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
# Debian packages the Qt offscreen/xcb platform plugins load at run time.
QT_DEBIAN_PACKAGES = [
    "libegl1", "libgl1", "libxkbcommon0", "libfontconfig1", "libdbus-1-3",
    "libglib2.0-0", "libxkbcommon-x11-0", "libxcb-cursor0", "libxcb-icccm4",
    "libxcb-keysyms1", "libxcb-shape0", "libxcb-xinerama0", "libxcb-randr0",
    "libxcb-render-util0", "libxcb-image0",
]


def venv_python() -> Path:
    return VENV / ("Scripts/python.exe" if os.name == "nt" else "bin/python")


def ensure_venv(extras: str) -> Path:
    """Create .venv and install the project (editable) with `extras`, once per pyproject."""
    if sys.version_info < (3, 11):
        sys.exit("Combat Assistant needs Python 3.11 or newer.")
    py = venv_python()
    if not py.exists():
        print("creating virtual environment in .venv ...", flush=True)
        venv.EnvBuilder(with_pip=True, clear=True).create(VENV)
    stamp = VENV / f".installed-{extras or 'app'}"
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()
    if not stamp.exists() or stamp.read_text() != digest:
        spec = f".[{extras}]" if extras else "."
        print(f"installing {spec} into .venv (a minute or two the first time) ...", flush=True)
        pip(py, "install", "-q", "--upgrade", "pip")
        pip(py, "install", "-q", "-e", spec)
        stamp.write_text(digest)
    return py


def build_translations(py: Path, command: str = "build") -> None:
    """``packaging/translations.py build`` (or ``update``) with the venv's PySide6 tools."""
    code = subprocess.call([str(py), str(ROOT / "packaging" / "translations.py"), command,
                            "--python", str(py)], cwd=ROOT)
    if code != 0:
        sys.exit(f"building the translations failed (exit status {code})")


def pip(py: Path, *args: str) -> None:
    """Run pip quietly; on failure show everything it said, then stop."""
    proc = subprocess.run([str(py), "-m", "pip", *args], cwd=ROOT, capture_output=True,
                          text=True)
    if proc.returncode != 0:
        sys.stdout.write(proc.stdout)
        sys.stderr.write(proc.stderr)
        sys.exit(f"pip {' '.join(args)} failed (exit status {proc.returncode})")


def ensure_qt_system_libraries() -> None:
    """On Debian/Ubuntu as root, install the shared libraries Qt needs when missing."""
    if not shutil.which("dpkg-query") or not hasattr(os, "geteuid"):
        return
    missing = [
        pkg for pkg in QT_DEBIAN_PACKAGES
        if subprocess.run(["dpkg-query", "-W", "-f=${Status}", pkg], capture_output=True,
                          text=True).stdout.strip() != "install ok installed"
    ]
    if not missing:
        return
    if os.geteuid() != 0:
        print("note: Qt may need these Debian packages: " + " ".join(missing), flush=True)
        return
    print("installing Qt system libraries: " + " ".join(missing), flush=True)
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    subprocess.run(["apt-get", "update", "-q"], env=env, check=False)
    subprocess.run(["apt-get", "install", "-y", "-q", "--no-install-recommends", *missing],
                   env=env, check=False)


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "help"
    rest = argv[1:]
    if command == "run":
        ensure_qt_system_libraries()
        py = ensure_venv("")
        build_translations(py)
        return subprocess.call([str(py), "-m", "combatassist_gui.app", *rest], cwd=ROOT)
    if command == "test":
        ensure_qt_system_libraries()
        py = ensure_venv("test")
        build_translations(py)
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
        code = subprocess.call([str(py), "-m", "pytest", "-q", *rest], cwd=ROOT, env=env)
        return code
    if command == "bench":
        py = ensure_venv("test")
        return subprocess.call([str(py), "-m", "tests.benchmarks", *rest], cwd=ROOT)
    if command == "build":
        ensure_qt_system_libraries()
        py = ensure_venv("package")
        build_translations(py)
        return subprocess.call([str(py), str(ROOT / "packaging" / "build.py"), *rest], cwd=ROOT)
    if command == "translations":
        build_translations(ensure_venv(""), "update")
        return 0
    print(__doc__)
    return 0 if command in ("help", "-h", "--help") else 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
