"""One view per ruleset."""
