"""Every ruleset, found: each subpackage of this package that exports ``RULESET``.

A ruleset is a folder ``combatassist/rulesets/<name>/`` whose ``__init__.py`` defines
``RULESET`` (a ``combatassist.ruleset.Ruleset``); nothing else needs to know it exists (see
``docs/adding-a-ruleset.md``). Discovery walks this package's ``__path__`` with ``pkgutil``,
so a folder added to the path (tests do) is found too. A ruleset that fails to import raises
its own error: nothing is hidden.
"""
from __future__ import annotations

import importlib
import pkgutil

from typing import Any

from ..errors import ScenarioError

#: A ``combatassist.ruleset.Ruleset`` (not imported: that module builds on the scenario layer,
#: which finds rulesets through this one).
Ruleset = Any

#: What a ``RULESET`` must have to be taken for one (``combatassist.ruleset.Ruleset`` has all).
_REQUIRED = ("name", "title", "kind", "parse", "to_document", "exact", "simulate",
             "make_rules", "summarise", "default_scenario")
#: The position of a ruleset without an ``order`` of its own (``Ruleset.order``'s default).
DEFAULT_ORDER = 100

__all__ = ["all_rulesets", "get", "names"]

def _discover() -> dict[str, Ruleset]:
    found: dict[str, Ruleset] = {}
    for info in pkgutil.iter_modules(__path__):
        if not info.ispkg or info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{__name__}.{info.name}")
        ruleset = getattr(module, "RULESET", None)
        if ruleset is None:
            continue
        missing = [a for a in _REQUIRED if not hasattr(ruleset, a)]
        if missing:
            raise TypeError(f"{module.__name__}.RULESET is not a combatassist.ruleset.Ruleset "
                            f"(it has no {', '.join(missing)})")
        if ruleset.name != info.name:
            raise ValueError(f"{module.__name__}.RULESET is named '{ruleset.name}': a "
                             f"ruleset's name is its folder's, '{info.name}'")
        found[ruleset.name] = ruleset
    return dict(sorted(found.items(),
                       key=lambda kv: (getattr(kv[1], "order", DEFAULT_ORDER), kv[0])))


_cache: dict[str, Ruleset] | None = None
_cache_path: tuple[str, ...] = ()


def _rulesets() -> dict[str, Ruleset]:
    global _cache, _cache_path
    path = tuple(__path__)
    if _cache is None or path != _cache_path:   # found again when the path changed
        _cache, _cache_path = _discover(), path
    return _cache


def all_rulesets() -> list[Ruleset]:
    """Every ruleset found, by its ``order`` (then name): the CLI help's order."""
    return list(_rulesets().values())


def names() -> tuple[str, ...]:
    """The names of every ruleset found (``all_rulesets`` order)."""
    return tuple(_rulesets())


def get(name: str) -> Ruleset:
    """The ruleset called ``name``; ScenarioError (field ``ruleset``) naming the known ones."""
    found = _rulesets()
    if name not in found:
        raise ScenarioError(f"unknown ruleset '{name}'", field="ruleset",
                            hint="expected one of: " + ", ".join(found))
    return found[name]
