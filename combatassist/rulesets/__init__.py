"""Registry of rulesets: scenario name -> module.

Every ruleset module provides the same small interface:

- ``parse(top: scenario.Reader) -> payload``: validate its part of a scenario document
  (reading keys from the top-level reader: ``options``, ``attacker``, ...);
- ``to_document(payload) -> dict``: the TOML-ready document (without ruleset/title);
- ``compute(payload, *, method="exact", trials=100_000, seed=None, cancel=None)``:
  a result object with ``to_json()`` giving the contract's keys;
- ``summarise(result, title=None) -> str``: the CLI's human summary.
"""
from __future__ import annotations

import importlib
from types import ModuleType

from ..errors import ScenarioError

MODULES = {
    "lowluck": "combatassist.rulesets.lowluck",
    "mediumluck": "combatassist.rulesets.mediumluck",
    "agc": "combatassist.rulesets.agc",
    "ur": "combatassist.rulesets.ur",
    "ds2": "combatassist.rulesets.ds2",
}
NAMES = tuple(MODULES)


def get(name: str) -> ModuleType:
    """The ruleset module for ``name`` (ScenarioError if unknown or not built yet)."""
    if name not in MODULES:
        raise ScenarioError(f"unknown ruleset '{name}'", field="ruleset",
                            hint="expected one of: " + ", ".join(NAMES))
    try:
        module = importlib.import_module(MODULES[name])
    except ModuleNotFoundError as exc:
        if exc.name and exc.name.startswith(MODULES[name]):
            raise ScenarioError(f"the ruleset '{name}' is not available in this version",
                                field="ruleset") from None
        raise
    if not hasattr(module, "compute"):
        raise ScenarioError(f"the ruleset '{name}' is not available in this version",
                            field="ruleset")
    return module


def available() -> list[str]:
    """Names of the rulesets whose module is present."""
    out = []
    for name in NAMES:
        try:
            get(name)
        except ScenarioError:
            continue
        out.append(name)
    return out
