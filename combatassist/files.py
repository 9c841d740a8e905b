"""Files: atomic writes (a reader never sees a half-written file) and careful text reads."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

from .errors import ScenarioError

#: Largest scenario file we read (a scenario is a few hundred bytes; this catches mistakes).
MAX_FILE_BYTES = 1_000_000


def atomic_write_text(path: str | os.PathLike, text: str, encoding: str = "utf-8") -> None:
    """Write ``text`` to ``path`` via a temp file in the same folder, fsync, then rename."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    try:
        with os.fdopen(fd, "w", encoding=encoding, newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def read_text_file(path: str | Path) -> str:
    """Read a UTF-8 text file, turning every I/O problem into a ScenarioError."""
    p = Path(path)
    try:
        if p.is_dir():
            raise ScenarioError("is a folder, not a scenario file", file=str(p))
        size = p.stat().st_size
        if size > MAX_FILE_BYTES:
            raise ScenarioError(f"is {size:,} bytes; a scenario file is at most "
                                f"{MAX_FILE_BYTES:,}", file=str(p))
        data = p.read_bytes()
    except FileNotFoundError:
        raise ScenarioError("file not found", file=str(p)) from None
    except PermissionError:
        raise ScenarioError("permission denied", file=str(p)) from None
    except OSError as exc:
        raise ScenarioError(f"can't be read: {exc.strerror or exc}", file=str(p)) from None
    if b"\x00" in data:
        raise ScenarioError("is a binary file, not a TOML scenario", file=str(p))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ScenarioError(f"is not UTF-8 text (bad byte at offset {exc.start})",
                            file=str(p), hint="save it as UTF-8") from None
