"""Combat Assistant engine: exact odds, simulation and table-side resolution.

Pure Python + numpy. This package must never import Qt (PySide6, shiboken6, pyqtgraph).
"""
from importlib import metadata as _metadata

try:
    __version__ = _metadata.version("combatassist")
except _metadata.PackageNotFoundError:  # running from a source tree that isn't installed
    __version__ = "0.0.0+source"
