"""Frozen entry point of ``combatassist`` (PyInstaller runs this file as __main__).

Same as the pip-installed command (pyproject: ``combatassist = "combatassist.cli:main"``).
"""
import multiprocessing
import sys

from combatassist.cli import main

if __name__ == "__main__":
    multiprocessing.freeze_support()  # a frozen app must call this before any worker process
    sys.exit(main())
