"""Every ruleset, found: each subpackage of this package that exports ``RULESET``.

A ruleset is a folder ``combatassist/rulesets/<name>/`` whose ``__init__.py`` defines
``RULESET`` (a ``combatassist.ruleset.Ruleset``); nothing else needs to know it exists (see
``docs/adding-a-ruleset.md``). Discovery walks this package's ``__path__`` with ``pkgutil``,
so a folder added to the path (tests do) is found too. A ruleset that fails to import raises
its own error: nothing is hidden.

Loading is lazy: ``get(name)`` imports that one ruleset's package only (the command line's
``odds`` needs no other: the rest of the rulesets and their numpy solvers cost more than the
battle), ``all_rulesets`` and ``names`` import every one (they need each one's ``order``).
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

__all__ = ["all_rulesets", "found", "get", "names"]

def _folders() -> list[str]:
    """The subpackages that may hold a ruleset (listed, not imported)."""
    return [info.name for info in pkgutil.iter_modules(__path__)
            if info.ispkg and not info.name.startswith("_")]


def _load(folder: str) -> Ruleset | None:
    """The ``RULESET`` of one subpackage (imported now), checked; None if it has none."""
    module = importlib.import_module(f"{__name__}.{folder}")
    ruleset = getattr(module, "RULESET", None)
    if ruleset is None:
        return None
    missing = [a for a in _REQUIRED if not hasattr(ruleset, a)]
    if missing:
        raise TypeError(f"{module.__name__}.RULESET is not a combatassist.ruleset.Ruleset "
                        f"(it has no {', '.join(missing)})")
    if ruleset.name != folder:
        raise ValueError(f"{module.__name__}.RULESET is named '{ruleset.name}': a "
                         f"ruleset's name is its folder's, '{folder}'")
    return ruleset


def _discover() -> dict[str, Ruleset]:
    found: dict[str, Ruleset] = {}
    for folder in _folders():
        ruleset = _load(folder)
        if ruleset is not None:
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


def _one(name: object) -> Ruleset | None:
    """The ruleset called ``name``, importing that one only (None: there is none)."""
    global _single, _single_path
    path = tuple(__path__)
    if _cache is not None and path == _cache_path:
        return _cache.get(name) if isinstance(name, str) else None
    if path != _single_path:                    # found again when the path changed
        _single, _single_path = {}, path
    if not isinstance(name, str) or name not in _folders():
        return None
    if name not in _single:
        _single[name] = _load(name)
    return _single[name]


_single: dict[str, Ruleset | None] = {}
_single_path: tuple[str, ...] = ()


def found(name: object) -> bool:
    """Whether ``name`` is a ruleset's name (imports that ruleset only)."""
    return _one(name) is not None


def get(name: str) -> Ruleset:
    """The ruleset called ``name`` (only its package is imported); ScenarioError (field
    ``ruleset``) naming the known ones."""
    ruleset = _one(name)
    if ruleset is None:
        known = _rulesets()
        raise ScenarioError(f"unknown ruleset '{name}'", field="ruleset",
                            hint="expected one of: " + ", ".join(known))
    return ruleset
