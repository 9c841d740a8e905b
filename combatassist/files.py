"""Reading and writing the user's files safely.

Reading is bounded: only regular files, at most ``MAX_FILE_BYTES`` (a device such as
/dev/zero, a named pipe or a folder is refused at once, never read until memory runs out or
waited on forever). Writing is atomic: a reader never sees a half-written file, and the
folder is synced after the rename so the new name survives a power cut.
"""
from __future__ import annotations

import contextlib
import contextvars
import os
import secrets
import stat
import time
from pathlib import Path

from .errors import ScenarioError, shorten, shown

#: Largest file the engine reads (a scenario is a few hundred bytes; a saved table-side
#: battle a few tens of kB; this catches mistakes).
MAX_FILE_BYTES = 1_000_000
#: Suffix of the temp files ``atomic_write_text`` writes next to their target.
TEMP_SUFFIX = ".tmp"


#: Longest path a file names for another (a Medium Luck chart): longer ones are refused
#: before the file system sees them (Linux refuses 4,096 bytes, Windows 260 characters).
MAX_PATH_CHARS = 1024


def check_path(path: str | os.PathLike) -> Path:
    """``path`` as a ``Path`` when the file system can be asked about it: ScenarioError for
    a path longer than ``MAX_PATH_CHARS``, a NUL character or a name the system refuses."""
    text = os.fspath(path)
    if len(text) > MAX_PATH_CHARS:
        raise ScenarioError(f"the path is {len(text):,} characters long; at most "
                            f"{MAX_PATH_CHARS:,}", file=shorten(text, 80),
                            hint="give a shorter path")
    if "\x00" in text:
        raise ScenarioError("the path holds a NUL character", file=text)
    return Path(text)


#: The files ``named_file`` found while ``naming_files`` records (a saved table battle keeps
#: their hashes: the battle must resume with the content it was fought with).
_NAMED: contextvars.ContextVar[list[Path] | None] = contextvars.ContextVar("named", default=None)


@contextlib.contextmanager
def naming_files():
    """Record the outside files a scenario names while it is read: ``with naming_files() as
    named: parse(...)`` leaves their paths (resolved, in the order met) in ``named``."""
    named: list[Path] = []
    token = _NAMED.set(named)
    try:
        yield named
    finally:
        _NAMED.reset(token)


def named_file(reference: str, scenario_file: str | None, what: str) -> tuple[Path, str]:
    """The file a scenario names (a player's edition, a house chart): ``~`` expanded, a
    relative path taken from the scenario's folder, bounded (``check_path``) and there; and
    the reference to keep — its full path when it was relative to the scenario's folder, so
    the scenario written back (saved elsewhere, or checked again without a folder, as the
    app's form does) still finds the same file. ``what`` names it in messages ("chart file").
    ScenarioError without a field (the caller names its own)."""
    try:
        path = Path(reference).expanduser()
    except RuntimeError:         # "~nosuchuser/...": no such user's home folder
        raise ScenarioError(f"can't find the home folder in {shown(reference)}",
                            hint=f"give the {what}'s path without ~, or with ~/ for your own "
                                 "home folder") from None
    relative = not path.is_absolute() and scenario_file is not None
    if relative:
        assert scenario_file is not None
        path = Path(scenario_file).resolve().parent / path
    path = check_path(path)
    try:
        exists = path.exists()
    except OSError as exc:       # e.g. a file name longer than the system allows
        raise ScenarioError(f"{what} {shown(reference)} can't be opened: "
                            f"{exc.strerror or exc}") from None
    if not exists:               # a folder or a device: reading it says what it is
        raise ScenarioError(f"{what} {shown(reference)} not found (looked for {path})",
                            hint="give a path relative to the scenario file's folder")
    named = _NAMED.get()
    if named is not None:
        named.append(path.resolve())
    return path, (str(path.resolve()) if relative else reference)


def read_bytes_bounded(path: str | os.PathLike, limit: int = MAX_FILE_BYTES,
                       head: int | None = None) -> bytes:
    """The bytes of the regular file ``path`` (at most ``limit``); ScenarioError otherwise.

    Opened without blocking (a named pipe with no writer would wait forever) and checked to
    be a regular file before anything is read; never reads more than ``limit`` + 1 bytes.
    ``head``: read only the file's first ``head`` bytes (its size still checked against
    ``limit``), e.g. a saved battle's header.
    """
    p = Path(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(p, flags)
    except FileNotFoundError:
        raise ScenarioError("file not found", file=str(p)) from None
    except IsADirectoryError:
        raise ScenarioError("is a folder, not a file", file=str(p)) from None
    except PermissionError:
        if p.is_dir():       # Windows refuses to open a folder with "permission denied"
            raise ScenarioError("is a folder, not a file", file=str(p)) from None
        raise ScenarioError("permission denied", file=str(p)) from None
    except (OSError, ValueError) as exc:     # ValueError: a NUL byte in the name
        raise ScenarioError(f"can't be opened: {getattr(exc, 'strerror', None) or exc}",
                            file=str(p)) from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise ScenarioError("is a folder, not a file", file=str(p))
        if not stat.S_ISREG(info.st_mode):
            raise ScenarioError("is not a regular file (a device, pipe or socket)",
                                file=str(p), hint="give the path of a file saved on disk")
        if info.st_size > limit:
            raise ScenarioError(f"is {info.st_size:,} bytes; the limit is {limit:,}",
                                file=str(p))
        chunks, total = [], 0
        if head is not None:
            limit = min(limit, head - 1)        # stop after ``head`` bytes, no error
        while total <= limit:            # the size may change while we read: stay bounded
            try:
                chunk = os.read(fd, min(1 << 16, limit + 1 - total))
            except BlockingIOError:      # a regular file never blocks; be safe anyway
                break
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
        if total > limit and head is None:
            raise ScenarioError(f"is more than {limit:,} bytes, the limit", file=str(p))
        return b"".join(chunks)
    except OSError as exc:
        raise ScenarioError(f"can't be read: {exc.strerror or exc}", file=str(p)) from None
    finally:
        os.close(fd)


def read_text_file(path: str | os.PathLike, limit: int = MAX_FILE_BYTES) -> str:
    """A UTF-8 text file (bounded, see ``read_bytes_bounded``); every problem a ScenarioError."""
    data = read_bytes_bounded(path, limit)
    if b"\x00" in data:
        raise ScenarioError("is a binary file, not a text file", file=str(path))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ScenarioError(f"is not UTF-8 text (bad byte at offset {exc.start})",
                            file=str(path), hint="save it as UTF-8") from None


def fsync_folder(folder: str | os.PathLike) -> None:
    """Make a rename inside ``folder`` durable (a no-op where folders can't be opened)."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return                          # Windows: folders can't be opened; NTFS journals it
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def _create_temp(target: Path) -> tuple[int, Path]:
    """Create ``.<name>.<random>.tmp`` beside ``target``, exclusively; its descriptor and path.

    Created with mode 0666 so the system applies the user's umask, as it does for any new
    file (``tempfile.mkstemp`` would make it 0600, and the rename would keep that)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    for _ in range(100):
        tmp = target.parent / f".{target.name}.{secrets.token_hex(4)}{TEMP_SUFFIX}"
        try:
            return os.open(tmp, flags, 0o666), tmp
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temp file name beside {target}")


def _existing_mode(target: Path) -> int | None:
    """The permission bits of ``target`` if it is a regular file, else None."""
    try:
        info = os.stat(target)
    except OSError:
        return None
    return stat.S_IMODE(info.st_mode) if stat.S_ISREG(info.st_mode) else None


def atomic_write_text(path: str | os.PathLike, text: str, encoding: str = "utf-8") -> None:
    """Write ``text`` to ``path`` via a temp file in the same folder, fsync, rename, then
    fsync the folder. The temp file is ``.<name>.<random>.tmp`` (see ``remove_stale_temps``).

    A new file gets the usual mode (0666 less the umask); a replaced file keeps its mode."""
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = _create_temp(target)
    try:
        with os.fdopen(fd, "w", encoding=encoding, newline="\n") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        keep = _existing_mode(target)
        if keep is not None:
            os.chmod(tmp, keep)
        os.replace(tmp, target)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    fsync_folder(target.parent)


def remove_stale_temps(folder: str | os.PathLike, name: str, older_than_s: float = 60.0) -> int:
    """Delete ``atomic_write_text``'s leftover temp files for ``folder/name`` (a process
    killed mid-write leaves one). Only files older than ``older_than_s`` go, so a write in
    progress in another process is never disturbed. Returns how many were removed."""
    removed = 0
    cutoff = time.time() - older_than_s
    try:
        candidates = list(Path(folder).glob(f".{name}.*{TEMP_SUFFIX}"))
    except OSError:
        return 0
    for leftover in candidates:
        try:
            if leftover.is_file() and leftover.stat().st_mtime < cutoff:
                leftover.unlink()
                removed += 1
        except OSError:
            pass
    return removed
