"""Alternate Ground Combat (docs/rules.md §3, seed 001): one combat resolution."""
from .rules import *  # noqa: F401,F403  (the ruleset's public names)
from .rules import (FIRST, MAX_UNITS_PER_SIDE, SECOND, SIDES, TIE, UnitRoll,  # noqa: F401
                    _side_lineup, classify, unit_mean)
