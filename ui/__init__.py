"""Combat Assistant desktop app (Qt). All Qt imports live under ui/."""
from . import _pyside_fix

_pyside_fix.apply()   # before any Qt call: see the module (PySide6 6.12.0 on Python 3.11)
