"""Load a script of ``packaging/`` by path (``packaging/`` is not a package: as one it would
shadow PyPI's ``packaging``)."""
from __future__ import annotations

import importlib.util
import types
from pathlib import Path

PACKAGING = Path(__file__).resolve().parents[1] / "packaging"


def load_tool(name: str, module_name: str | None = None) -> types.ModuleType:
    """``packaging/<name>.py`` as a module (named ``module_name``, default ``name``)."""
    spec = importlib.util.spec_from_file_location(module_name or name, PACKAGING / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
