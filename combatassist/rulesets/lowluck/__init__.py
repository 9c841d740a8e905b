"""Low Luck A&A (RULES.md §2)."""
