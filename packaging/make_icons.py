#!/usr/bin/env python3
"""Regenerate the app icon's raster files from resources/icons/combatassist.svg.

    .venv/bin/python packaging/make_icons.py

Writes, next to the SVG:
- ``combatassist-<N>.png`` for N in PNG_SIZES (Linux hicolor theme, Qt window icon);
- ``combatassist.ico`` (Windows: executable and installer icon; BMP entries up to 64 px for
  old shells, PNG entries above, as Windows itself does);
- ``combatassist.icns`` (macOS app bundle; PNG entries 16..1024 px).

Renders with Qt's SVG renderer offscreen, so it needs PySide6 but no display.
The files are committed: a build never needs to run this.
"""
from __future__ import annotations

import os
import struct
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ICONS = ROOT / "resources" / "icons"
SVG = ICONS / "combatassist.svg"

PNG_SIZES = (16, 24, 32, 48, 64, 128, 256)
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
#: ICO entries at or below this size are stored as 32-bit BMP (DIB), larger ones as PNG.
ICO_BMP_MAX = 64
#: ICNS entry type -> pixel size (PNG-compressed types, macOS 10.7+).
ICNS_TYPES = (
    (b"ic11", 32), (b"ic12", 64), (b"ic07", 128), (b"ic13", 256),
    (b"ic08", 256), (b"ic14", 512), (b"ic09", 512), (b"ic10", 1024),
)


def render(size: int):
    """The SVG rendered to a size x size ARGB32 (premultiplied) QImage."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer

    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        raise SystemExit(f"make_icons: {SVG} is not a valid SVG")
    image = QImage(size, size, QImage.Format.Format_ARGB32_Premultiplied)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    return image


def png_bytes(image) -> bytes:
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice

    data = QByteArray()
    buffer = QBuffer(data)
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    if not image.save(buffer, "PNG"):
        raise SystemExit("make_icons: Qt could not encode a PNG")
    buffer.close()
    return bytes(data.data())


def bmp_dib_bytes(image) -> bytes:
    """An ICO's DIB entry: BITMAPINFOHEADER, bottom-up BGRA rows, then an all-zero AND mask."""
    from PySide6.QtGui import QImage

    size = image.width()
    straight = image.convertToFormat(QImage.Format.Format_ARGB32)  # BGRA bytes, not premultiplied
    stride = straight.bytesPerLine()
    raw = bytes(straight.constBits())
    rows = [raw[y * stride: y * stride + 4 * size] for y in range(size)]
    header = struct.pack("<IiiHHIIiiII", 40, size, 2 * size, 1, 32, 0, 0, 0, 0, 0, 0)
    mask_row = b"\0" * (((size + 31) // 32) * 4)
    return header + b"".join(reversed(rows)) + mask_row * size


def ico_bytes(images: dict[int, object]) -> bytes:
    entries = []
    for size in ICO_SIZES:
        image = images[size]
        entries.append((size, bmp_dib_bytes(image) if size <= ICO_BMP_MAX else png_bytes(image)))
    offset = 6 + 16 * len(entries)
    directory = struct.pack("<HHH", 0, 1, len(entries))
    blobs = b""
    for size, blob in entries:
        side = 0 if size >= 256 else size  # 0 means 256 in an ICONDIRENTRY
        directory += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(blob), offset)
        offset += len(blob)
        blobs += blob
    return directory + blobs


def icns_bytes(pngs: dict[int, bytes]) -> bytes:
    body = b"".join(kind + struct.pack(">I", 8 + len(pngs[size])) + pngs[size]
                    for kind, size in ICNS_TYPES)
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def main() -> int:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtGui import QGuiApplication

    _app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])  # Qt needs one, alive
    sizes = sorted(set(PNG_SIZES) | set(ICO_SIZES) | {size for _, size in ICNS_TYPES})
    images = {size: render(size) for size in sizes}
    pngs = {size: png_bytes(images[size]) for size in sizes}
    for size in PNG_SIZES:
        (ICONS / f"combatassist-{size}.png").write_bytes(pngs[size])
    (ICONS / "combatassist.ico").write_bytes(ico_bytes(images))
    (ICONS / "combatassist.icns").write_bytes(icns_bytes(pngs))
    print(f"wrote {len(PNG_SIZES)} PNGs, combatassist.ico and combatassist.icns in {ICONS}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
