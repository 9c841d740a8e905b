"""The Medium Luck ruleset's GUI: its view (view.py) and the widgets only it uses: bands_model.py,
bands_view.py, band_facts.py, chip_list.py (the band board), editors.py (reserves). Shared
widgets live in ui/widgets/.
"""
from .view import MediumLuckView

__all__ = ["MediumLuckView"]
