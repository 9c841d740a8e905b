"""Combat Assistant engine: exact odds, simulation and table-side resolution.

Pure Python + numpy. This package must never import Qt (PySide6, shiboken6, pyqtgraph).
"""


def __getattr__(name: str):
    # ``__version__`` is read from the installed metadata on first use only: importlib.metadata
    # costs more than a small battle, and most commands never show the version
    if name == "__version__":
        from importlib import metadata
        try:
            version = metadata.version("combatassist")
        except metadata.PackageNotFoundError:  # running from a source tree that isn't installed
            version = "0.0.0+source"
        globals()["__version__"] = version
        return version
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
