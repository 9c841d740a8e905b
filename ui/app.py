"""Entry point of the desktop app: ``combatassist-gui`` / ``python -m ui.app``."""
from __future__ import annotations

import argparse
import sys


def parse_args(argv: list[str]) -> argparse.Namespace:
    from combatassist import __version__

    parser = argparse.ArgumentParser(prog="combatassist-gui")
    parser.add_argument("--version", action="version", version=f"Combat Assistant {__version__}")
    parser.add_argument("--smoke-test", action="store_true",
                        help="open every view, compute its default scenario, exit 0 if all worked")
    parser.add_argument("--screenshot", metavar="DIR", help="save a PNG of each view into DIR")
    parser.add_argument("file", nargs="?", help="scenario file to open")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse_args(sys.argv[1:] if argv is None else argv)
    from PySide6.QtWidgets import QApplication, QLabel

    app = QApplication.instance() or QApplication(sys.argv[:1])
    label = QLabel("Combat Assistant — the window is being built.")
    if args.smoke_test:
        return 0
    label.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
