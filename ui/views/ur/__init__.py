"""The Ur ruleset's GUI: its view (view.py) and the widgets only it uses: stack.py + steps.py (a
side's units), wall.py (the wall tracker), results.py (rolls table, wall what-if). Shared
widgets live in ui/widgets/.
"""
from .view import UrView

__all__ = ["UrView"]
