"""Test set-up: Qt runs offscreen, always."""
import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
