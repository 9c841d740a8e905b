"""The Axis & Allies low luck ruleset's GUI: its view (view.py) and the widgets only it uses:
side.py (a side's units and options), extras.py (bombing raid and research panels). Shared
widgets live in ui/widgets/.
"""
from .view import LowLuckView

__all__ = ["LowLuckView"]
