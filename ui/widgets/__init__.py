"""Shared widgets."""
