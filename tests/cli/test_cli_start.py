"""The command line imports only what a command needs (issue 26): the work, not the time.

``combatassist odds`` of a Low Luck battle imports the Low Luck ruleset and nothing of the
others; a refusal before any battle (a missing file) imports no ruleset and no numpy; the
version is looked up only when asked for. Each check runs a fresh interpreter and reads its
``sys.modules`` after the command (the time it takes is in tests/benchmarks/bench_cli.py).
"""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from combatassist import cli, ruleset, rulesets

ROOT = Path(__file__).resolve().parents[2]
FINLAND = ROOT / "examples" / "lowluck-finland.toml"
#: every ruleset found but Low Luck (found in this process; the probe is another one)
OTHERS = tuple(name for name in rulesets.names() if name != "lowluck")

_PROBE = """
import json, sys
from combatassist.cli import main
code = main(sys.argv[1:])
print(json.dumps({"code": code, "modules": sorted(sys.modules)}), file=sys.stderr)
"""


def run_cli(*args: str) -> tuple[int, set[str], str]:
    """(exit status, modules imported, stdout) of ``combatassist ARGS`` in a fresh process."""
    done = subprocess.run([sys.executable, "-c", _PROBE, *args], capture_output=True,
                          text=True, cwd=ROOT, timeout=120)
    probe = json.loads(done.stderr.strip().splitlines()[-1])
    return probe["code"], set(probe["modules"]), done.stdout


def test_odds_of_a_low_luck_battle_imports_no_other_ruleset():
    code, modules, out = run_cli("odds", str(FINLAND), "--json")
    assert code == 0 and json.loads(out)["ruleset"] == "lowluck"
    assert "combatassist.rulesets.lowluck" in modules
    for other in OTHERS:
        assert not [m for m in modules if m.startswith(f"combatassist.rulesets.{other}")], other
    # nor the parts of Low Luck a low-luck battle doesn't use, nor the version lookup
    for unused in ("grid", "seagrid", "sbr", "tech"):
        assert f"combatassist.rulesets.lowluck.{unused}" not in modules
    assert "importlib.metadata" not in modules


def test_a_refusal_before_the_battle_imports_no_ruleset_and_no_numpy(tmp_path):
    code, modules, _ = run_cli("odds", str(tmp_path / "missing.toml"))
    assert code == 2
    assert not [m for m in modules if m.startswith("combatassist.rulesets.")]
    assert "numpy" not in modules


def test_help_still_lists_every_rulesets_commands():
    code, modules, out = run_cli("--help")
    assert code == 0
    for command in ("odds", "tech", "sbr", "advise"):
        assert command in out
    assert "Medium Luck" in out and "Dirtside II" in out


def test_the_cli_knows_the_methods_the_engine_does():
    assert cli.METHODS == ruleset.METHODS


def test_version_is_looked_up_when_asked(capsys):
    from combatassist import __version__
    assert cli.main(["--version"]) == 0
    assert capsys.readouterr().out.strip() == f"combatassist {__version__}"
