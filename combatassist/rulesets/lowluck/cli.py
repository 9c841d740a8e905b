"""`combatassist tech` and `combatassist sbr` (Low Luck)."""


def add_commands(sub) -> None:
    """Register the Low Luck sub-commands (filled in with the SBR and tech modules)."""
