"""The engine type-checks: mypy on ``combatassist/`` with the configuration of
``pyproject.toml`` ([tool.mypy]) finds nothing. A failure lists every error, file and line.

mypy runs as a process of the test's own Python; its cache (``.mypy_cache`` in the
repository, gitignored) makes a run after a small change take a few seconds; a cold run, as
in CI, some 10-20 s of CPU."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.timeout(600)
def test_mypy_finds_no_error_in_the_engine():
    done = subprocess.run([sys.executable, "-m", "mypy", "--no-error-summary",
                           "--no-color-output", "--config-file", str(ROOT / "pyproject.toml")],
                          cwd=ROOT, capture_output=True, text=True, timeout=600)
    errors = [line for line in done.stdout.splitlines() if ": error:" in line]
    assert done.returncode == 0 and not errors, \
        f"mypy found {len(errors)} errors in combatassist/:\n" + (done.stdout + done.stderr)
