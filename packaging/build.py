#!/usr/bin/env python3
"""Build the one-folder PyInstaller bundle of Combat Assistant, smoke-test it, report its size.

    python3 dev.py build                 (creates .venv with PyInstaller, then runs this)
    .venv/bin/python packaging/build.py [--skip-build] [--no-archive] [--scenario FILE]

Produces dist/combatassist/ holding the ``combatassist-gui`` and ``combatassist`` executables
(on macOS also "dist/Combat Assistant.app"), then:
1. smoke-tests the built programs from a scratch folder, Qt offscreen: both answer --version with
   pyproject's version, the GUI passes --smoke-test, the CLI's odds on a shipped scenario equal
   the source tree's, and bad input gives one error line (no traceback);
2. prints the bundle size and what dominates it;
3. packs the installer for this platform: Linux dist/combatassist-<version>-linux-<arch>.tar.gz
   (with the desktop entry and install.sh); Windows the Inno Setup installer if ``iscc`` is on
   PATH; macOS a zip of the .app.
Exit status 0 only if everything passed. Needs only the Python it runs in (with PyInstaller).
"""
from __future__ import annotations

import argparse
import importlib.util
import json
import os
import platform
import shutil
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SPEC = HERE / "combatassist.spec"
DIST = ROOT / "dist"
WORK = ROOT / "build" / "pyinstaller"
LOG = ROOT / "build" / "pyinstaller.log"
#: Scenario the built CLI is run on by default: the Low Luck example of examples/. The built CLI
#: reads the bundle's own copy of it (so the run also proves the examples ship).
DEFAULT_SCENARIO = ROOT / "examples" / "lowluck-finland.toml"
#: Size the bundle should stay under (unpacked).
SIZE_BUDGET_MB = 200
SMOKE_TIMEOUT_S = 600


def _load_config():
    spec = importlib.util.spec_from_file_location("bundle_config", HERE / "bundle_config.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


cfg = _load_config()


def _load_translations():
    spec = importlib.util.spec_from_file_location("translations", HERE / "translations.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class BuildFailed(Exception):
    """A step failed: the message says what and how to fix it."""


def exe_name(stem: str) -> str:
    return stem + (".exe" if sys.platform == "win32" else "")


# ----------------------------------------------------------------------------------- preflight

def preflight() -> str:
    """Check the build environment; return the app version."""
    if sys.version_info < (3, 11):
        raise BuildFailed("Python 3.11 or newer is needed to build.")
    if importlib.util.find_spec("PyInstaller") is None:
        raise BuildFailed(f"PyInstaller is not installed in {sys.executable}. "
                          "Run `python3 dev.py build` (installs it into .venv), "
                          "or `pip install -e .[package]` in your environment.")
    intruders = [name for name in cfg.OTHER_QT_BINDINGS if name != "sip"
                 and importlib.util.find_spec(name) is not None]
    if intruders:
        raise BuildFailed(
            "other Qt bindings are installed in the build environment: " + ", ".join(intruders)
            + ". pyqtgraph could pick them up and PyInstaller would bundle them. "
            "Build in a clean virtual environment (`python3 dev.py build` uses .venv), "
            "or `pip uninstall` them.")
    version = cfg.read_version(ROOT)
    engine = importlib.util.find_spec("combatassist")
    if engine is None or engine.origin is None or ROOT not in Path(engine.origin).resolve().parents:
        raise BuildFailed(f"this Python does not import combatassist from {ROOT}. "
                          "Run `pip install -e .` in the repository (or `python3 dev.py build`).")
    return version


# --------------------------------------------------------------------------------------- build

def run_pyinstaller() -> float:
    """Run PyInstaller on the spec (log in build/pyinstaller.log); return seconds taken."""
    LOG.parent.mkdir(parents=True, exist_ok=True)
    command = [sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean",
               "--distpath", str(DIST), "--workpath", str(WORK), str(SPEC)]
    print("building: " + " ".join(command), flush=True)
    started = time.monotonic()
    with open(LOG, "w", encoding="utf-8") as log:
        code = subprocess.call(command, cwd=ROOT, stdout=log, stderr=subprocess.STDOUT)
    elapsed = time.monotonic() - started
    if code != 0:
        tail = LOG.read_text(encoding="utf-8", errors="replace").splitlines()[-25:]
        raise BuildFailed("PyInstaller failed (exit status %d); last lines of %s:\n  %s"
                          % (code, LOG, "\n  ".join(tail)))
    print(f"built in {elapsed:.0f} s (log: {LOG.relative_to(ROOT)})", flush=True)
    return elapsed


# ---------------------------------------------------------------------------------- smoke test

def clean_env() -> dict[str, str]:
    """The environment the built programs run in: Qt offscreen, nothing pointing at sources."""
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("PYTHON", "QT_PLUGIN", "QML", "VIRTUAL_ENV"))}
    env["QT_QPA_PLATFORM"] = "offscreen"
    return env


def run_built(args: list[str], cwd: Path, timeout: float = SMOKE_TIMEOUT_S):
    try:
        return subprocess.run(args, cwd=cwd, env=clean_env(), capture_output=True, text=True,
                              timeout=timeout)
    except subprocess.TimeoutExpired:
        raise BuildFailed(f"`{' '.join(args)}` did not finish within {timeout:.0f} s") from None


def check(result, what: str, expect_code: int = 0) -> None:
    if result.returncode != expect_code:
        raise BuildFailed(f"{what}: exit status {result.returncode} (expected {expect_code})\n"
                          f"  stdout: {result.stdout.strip()[-2000:]}\n"
                          f"  stderr: {result.stderr.strip()[-2000:]}")


def pick_scenario(requested: str | None) -> Path:
    if requested:
        path = Path(requested).resolve()
        if not path.is_file():
            raise BuildFailed(f"--scenario {requested}: no such file")
        return path
    if DEFAULT_SCENARIO.is_file():
        return DEFAULT_SCENARIO
    raise BuildFailed(f"no scenario to smoke-test the CLI with: {DEFAULT_SCENARIO} is missing "
                      "(restore it from git, or pass --scenario FILE)")


def bundled_input(bundle: Path, scenario: Path) -> Path:
    """What the built CLI reads: the bundle's own copy of a shipped example, else ``scenario``."""
    if scenario == DEFAULT_SCENARIO:
        return bundle / "_internal" / "examples" / scenario.name
    return scenario


def smoke_test(bundle: Path, version: str, scenario: Path) -> list[str]:
    """Run the built programs; return the lines of a report. Raises BuildFailed on any failure."""
    gui = bundle / exe_name(cfg.GUI_EXE)
    cli = bundle / exe_name(cfg.CLI_EXE)
    for program in (gui, cli):
        if not program.is_file():
            raise BuildFailed(f"the build did not produce {program}")
    report = []
    with tempfile.TemporaryDirectory(prefix="combatassist-smoke-") as scratch:
        cwd = Path(scratch)  # not the repository: the bundle must not need the sources

        started = time.monotonic()
        result = run_built([str(gui), "--version"], cwd)
        check(result, "combatassist-gui --version")
        text = (result.stdout + result.stderr).strip()
        # A windowed Windows executable has no console to print to; its exit status must do there.
        if text or sys.platform != "win32":
            if text != f"{cfg.APP_NAME} {version}":
                raise BuildFailed(f"combatassist-gui --version printed {text!r}, "
                                  f"expected {cfg.APP_NAME + ' ' + version!r} (pyproject's version)")
        report.append(f"gui --version: {text or '(no console)'}")

        result = run_built([str(gui), "--smoke-test"], cwd)
        check(result, "combatassist-gui --smoke-test")
        report.append(f"gui --smoke-test: passed in {time.monotonic() - started:.1f} s "
                      f"({result.stdout.strip().splitlines()[-1] if result.stdout.strip() else ''})")

        result = run_built([str(cli), "--version"], cwd)
        check(result, "combatassist --version")
        if result.stdout.strip() != f"combatassist {version}":
            raise BuildFailed(f"combatassist --version printed {result.stdout.strip()!r}, "
                              f"expected 'combatassist {version}' (pyproject's version)")
        report.append(f"cli --version: {result.stdout.strip()}")

        started = time.monotonic()
        built_input = bundled_input(bundle, scenario)
        result = run_built([str(cli), "odds", str(built_input), "--json"], cwd)
        check(result, f"combatassist odds {built_input} --json")
        try:
            frozen = json.loads(result.stdout)
        except json.JSONDecodeError:
            raise BuildFailed(f"combatassist odds --json printed no JSON: {result.stdout[:500]!r}") \
                from None
        source = subprocess.run([sys.executable, "-m", "combatassist", "odds", str(scenario),
                                 "--json"], cwd=ROOT, capture_output=True, text=True,
                                timeout=SMOKE_TIMEOUT_S)
        check(source, "the source tree's `python -m combatassist odds` (for comparison)")
        if frozen != json.loads(source.stdout):
            raise BuildFailed(f"the built CLI's odds differ from the source tree's on {scenario}:\n"
                              f"  built:  {result.stdout.strip()[:800]}\n"
                              f"  source: {source.stdout.strip()[:800]}")
        shown = (built_input.relative_to(bundle) if bundle in built_input.parents
                 else scenario.name)
        report.append(f"cli odds {shown}: same JSON as the source tree "
                      f"({time.monotonic() - started:.1f} s)")

        missing = cwd / "no-such-scenario.toml"
        result = run_built([str(cli), "odds", str(missing)], cwd)
        check(result, "combatassist odds on a missing file", expect_code=2)
        if "Traceback" in result.stderr or not result.stderr.startswith("combatassist: error"):
            raise BuildFailed(f"bad input should give one clear error line, got: {result.stderr!r}")
        report.append("cli bad input: one error line, exit status 2")
    return report


def check_contents(bundle: Path) -> list[str]:
    """Refuse a bundle holding another Qt binding, dev packages or Qt modules meant to be out."""
    internal = bundle / "_internal"
    if not internal.is_dir():  # macOS onedir keeps the same layout inside dist/combatassist
        raise BuildFailed(f"{internal} is missing: unexpected PyInstaller layout")
    present = {path.name.split(".", 1)[0] for path in internal.iterdir()}
    forbidden = sorted(present & (set(cfg.OTHER_QT_BINDINGS) | set(cfg.DEV_PACKAGES)))
    if forbidden:
        raise BuildFailed("the bundle contains packages that must stay out: " + ", ".join(forbidden))
    pyside = internal / "PySide6"
    bundled_qt = cfg.installed_qt_modules(pyside) if pyside.is_dir() else set()
    allowed = set(cfg.KEEP_QT) | cfg.qt_modules_used([ROOT / "ui"])
    extra = sorted(bundled_qt - allowed)
    if extra:
        raise BuildFailed("the bundle contains Qt modules the app does not use: " + ", ".join(extra))
    for folder in ("resources", "examples"):
        if not (internal / folder / "README.md").is_file():
            raise BuildFailed(f"the bundle has no {folder}/ folder (combatassist.data needs it)")
    languages = sorted(cfg.app_languages())
    for lang in languages:
        wanted = [internal / "combatassist_gui" / "translations" / ts.with_suffix(".qm").name
                  for ts in sorted(cfg.TRANSLATIONS.glob(f"*_{lang}.ts"))]
        wanted.append(internal / "PySide6" / "Qt" / "translations" / f"qtbase_{lang}.qm")
        missing = [str(p.relative_to(bundle)) for p in wanted if not p.is_file()]
        if missing:
            raise BuildFailed(f"the bundle lacks the {lang} translation: " + ", ".join(missing))
    must_stay_out = set(cfg.OTHER_QT_BINDINGS) | set(cfg.DEV_PACKAGES)
    for stem, also_out in ((cfg.GUI_EXE, set()), (cfg.CLI_EXE, set(cfg.QT_PACKAGES))):
        modules = bundled_python_modules(bundle / exe_name(stem))
        if "combatassist.cli" not in modules:
            raise BuildFailed(f"{stem}: the engine (combatassist) is not in its Python archive")
        wrong = sorted(name for name in modules if is_listed(name, must_stay_out | also_out))
        if wrong:
            raise BuildFailed(f"{stem} bundles modules that must stay out: " + ", ".join(wrong[:20]))
    return [f"contents: Qt modules {', '.join(sorted(bundled_qt)) or 'none'}; "
            "no other Qt binding, no test packages; the CLI holds no Qt; translations: "
            + (", ".join(languages) or "none")]


def is_listed(module: str, names: set[str]) -> bool:
    """True if module is one of names or inside one of them (``numpy.testing.x`` in numpy.testing)."""
    return any(module == name or module.startswith(name + ".") for name in names)


def bundled_python_modules(executable: Path) -> set[str]:
    """Names of the Python modules in an executable's embedded PYZ archive."""
    from PyInstaller.archive.readers import CArchiveReader

    archive = CArchiveReader(str(executable))
    modules: set[str] = set()
    for name in archive.toc:
        if name.endswith(".pyz") or name == "PYZ.pyz":
            modules.update(archive.open_embedded_archive(name).toc)
    return modules


# ---------------------------------------------------------------------------------- size report

#: (component label, test on the path relative to the bundle, '/'-separated), first match wins.
COMPONENTS = (
    ("ICU Unicode data (Qt Core needs it)", lambda p: "/libicu" in p or p.startswith("_internal/libicu")),
    ("Qt plugins", lambda p: p.startswith("_internal/PySide6/Qt/plugins/")),
    ("Qt libraries", lambda p: p.startswith("_internal/PySide6/Qt/")),
    ("PySide6 bindings", lambda p: p.startswith(("_internal/PySide6/", "_internal/shiboken6/"))),
    ("numpy + OpenBLAS", lambda p: p.startswith(("_internal/numpy", "_internal/numpy.libs/"))),
    ("pyqtgraph", lambda p: p.startswith("_internal/pyqtgraph/")),
    ("Python runtime", lambda p: p.startswith(("_internal/libpython", "_internal/python",
                                               "_internal/base_library.zip"))),
    ("app data (resources/, examples/)",
     lambda p: p.startswith(("_internal/resources/", "_internal/examples/"))),
    ("executables (+ their Python code)", lambda p: "/" not in p),
    ("system libraries", lambda p: True),
)


def size_report(bundle: Path) -> tuple[int, list[str]]:
    """Total bytes of the bundle and report lines: per component and the largest files."""
    groups: dict[str, int] = {}
    files: list[tuple[int, str]] = []
    for path in bundle.rglob("*"):
        if path.is_symlink() or not path.is_file():
            continue
        relative = path.relative_to(bundle).as_posix()
        size = path.stat().st_size
        files.append((size, relative))
        label = next(name for name, test in COMPONENTS if test(relative))
        groups[label] = groups.get(label, 0) + size
    total = sum(groups.values())
    mb = 1024 * 1024
    lines = [f"bundle size: {total / mb:.1f} MB unpacked in {len(files)} files "
             f"({bundle.relative_to(ROOT) if ROOT in bundle.parents else bundle})"]
    for label, size in sorted(groups.items(), key=lambda item: -item[1]):
        lines.append(f"  {size / mb:7.1f} MB  {100 * size / max(total, 1):4.1f}%  {label}")
    lines.append("largest files:")
    for size, relative in sorted(files, reverse=True)[:8]:
        lines.append(f"  {size / mb:7.1f} MB  {relative}")
    if total > SIZE_BUDGET_MB * mb:
        lines.append(f"WARNING: over the {SIZE_BUDGET_MB} MB budget")
    return total, lines


# ------------------------------------------------------------------------------------ installers

def _tar_filter(info: tarfile.TarInfo) -> tarfile.TarInfo:
    info.uid = info.gid = 0
    info.uname = info.gname = ""
    if info.isdir() or info.mode & 0o100:
        info.mode = 0o755
    else:
        info.mode = 0o644
    return info


def linux_archive(bundle: Path, version: str) -> Path:
    """dist/combatassist-<version>-linux-<arch>.tar.gz: the folder + desktop entry + install.sh."""
    stem = f"{cfg.DIST_NAME}-{version}-linux-{platform.machine() or 'unknown'}"
    archive = DIST / f"{stem}.tar.gz"
    top = f"{cfg.DIST_NAME}-{version}"
    with tarfile.open(archive, "w:gz", compresslevel=6) as tar:
        tar.add(bundle, arcname=top, filter=_tar_filter)
        tar.add(HERE / "linux" / cfg.DESKTOP_FILE, arcname=f"{top}/{cfg.DESKTOP_FILE}",
                filter=_tar_filter)
        tar.add(HERE / "linux" / "install.sh", arcname=f"{top}/install.sh", filter=_tar_filter)
        tar.add(HERE / "linux" / "README.txt", arcname=f"{top}/README.txt", filter=_tar_filter)
    return archive


def windows_installer(bundle: Path, version: str) -> Path | None:
    iscc = shutil.which("iscc") or shutil.which("ISCC")
    if not iscc:
        print("note: Inno Setup's iscc is not on PATH: skipping the Windows installer "
              "(packaging/windows/combatassist.iss)")
        return None
    script = HERE / "windows" / "combatassist.iss"
    subprocess.run([iscc, f"/DAppVersion={version}", f"/DBundleDir={bundle}",
                    f"/DOutputDir={DIST}", str(script)], check=True)
    return DIST / f"CombatAssistant-{version}-windows-setup.exe"


def macos_archive(version: str) -> Path | None:
    app = DIST / f"{cfg.APP_NAME}.app"
    if not app.is_dir() or not shutil.which("ditto"):
        print(f"note: no {app} or no ditto: skipping the macOS archive")
        return None
    archive = DIST / f"CombatAssistant-{version}-macos-{platform.machine()}.zip"
    subprocess.run(["ditto", "-c", "-k", "--keepParent", str(app), str(archive)], check=True)
    return archive


def make_installer(bundle: Path, version: str) -> Path | None:
    if sys.platform.startswith("linux"):
        return linux_archive(bundle, version)
    if sys.platform == "win32":
        return windows_installer(bundle, version)
    if sys.platform == "darwin":
        return macos_archive(version)
    return None


# ------------------------------------------------------------------------------------------ main

def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--skip-build", action="store_true",
                        help="re-test the existing dist/ bundle without rebuilding")
    parser.add_argument("--no-archive", action="store_true", help="don't pack the installer")
    parser.add_argument("--scenario", help="scenario file for the CLI smoke test "
                                           "(default: the Low Luck Finland example)")
    args = parser.parse_args(argv)
    bundle = DIST / cfg.DIST_NAME
    started = time.monotonic()
    try:
        version = preflight()
        scenario = pick_scenario(args.scenario)
        print(f"Combat Assistant {version}: packaging with {sys.executable}", flush=True)
        if not args.skip_build:
            translations = _load_translations()
            try:
                built = translations.build()
            except translations.TranslationsError as exc:
                raise BuildFailed(str(exc)) from None
            print(f"translations: {len(built)} .qm built, "
                  f"{len(translations.ts_files()) - len(built)} up to date", flush=True)
            run_pyinstaller()
        elif not bundle.is_dir():
            raise BuildFailed(f"--skip-build: there is no {bundle} yet; build first")
        smoke_started = time.monotonic()
        lines = check_contents(bundle) + smoke_test(bundle, version, scenario)
        print("\n".join(lines))
        print(f"smoke tests passed in {time.monotonic() - smoke_started:.0f} s", flush=True)
        _, size_lines = size_report(bundle)
        print("\n".join(size_lines))
        if not args.no_archive:
            archive = make_installer(bundle, version)
            if archive is not None and archive.is_file():
                print(f"installer: {archive.relative_to(ROOT)} "
                      f"({archive.stat().st_size / 1024 / 1024:.1f} MB)")
    except BuildFailed as exc:
        print(f"build.py: FAILED: {exc}", file=sys.stderr)
        return 1
    except subprocess.CalledProcessError as exc:
        print(f"build.py: FAILED: {' '.join(map(str, exc.cmd))} exited with {exc.returncode}",
              file=sys.stderr)
        return 1
    print(f"all done in {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
