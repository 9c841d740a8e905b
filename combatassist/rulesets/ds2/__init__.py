"""Dirtside II quick damage (docs/rules.md §5): weapon vs armour."""
from .rules import *  # noqa: F401,F403  (the ruleset's public names)
