"""Table side: resuming a saved battle replays every step it holds (the README: 20,000 steps
at most, "0.5 s for Low Luck"). The tests count the steps replayed
(tests/engine/test_autosave.py); this times it."""
from __future__ import annotations

import tempfile
from pathlib import Path

from combatassist.table import load_battle
from tests.engine.test_autosave import most_steps_allowed


def _resume_most_steps():
    path, _, _ = most_steps_allowed(Path(tempfile.mkdtemp(prefix="ca-bench-table-")))

    def run():
        load_battle(path)
    return run


BENCHMARKS = [
    ("resume a saved Low Luck battle of 20,000 steps (README: 0.5 s)", 0.5,
     _resume_most_steps()),
]
