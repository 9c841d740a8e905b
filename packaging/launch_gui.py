"""Frozen entry point of ``combatassist-gui`` (PyInstaller runs this file as __main__).

Same as the pip-installed command (pyproject: ``combatassist-gui = "combatassist_gui.app:main"``).
"""
import multiprocessing
import sys

from combatassist_gui.app import main

if __name__ == "__main__":
    multiprocessing.freeze_support()  # a frozen app must call this before any worker process
    sys.exit(main())
