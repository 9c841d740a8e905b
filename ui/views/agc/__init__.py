"""The AGC ruleset's GUI: its view (view.py) and the widgets only it uses: forces.py (the two
forces' tables, random forces), lineup.py (the line-up tables), plots.py (totals and losses
plots), terrain.py (the terrain picker). Shared widgets live in ui/widgets/.
"""
from .view import AgcView

__all__ = ["AgcView"]
