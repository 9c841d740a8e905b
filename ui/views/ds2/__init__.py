"""The Dirtside II ruleset's GUI: its view (view.py) and the widgets only it uses: results.py (the
shot's results panel), heatmap.py (size x armour kill map). Shared widgets live in ui/widgets/.
"""
from .view import Ds2View

__all__ = ["Ds2View"]
