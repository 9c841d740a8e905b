"""Where table-side battles are autosaved, and who owns each one.

Every battle has a file of its own beside the *slot* path a view names
(``lowluck-battle-in-progress.json`` → ``lowluck-battle-in-progress.<id>.json``; a file at
the slot path itself, from earlier versions, counts as one more battle). A running instance
owns the battles it plays through an operating-system lock on ``<battle file>.lock``
(``fcntl.flock`` / ``msvcrt.locking``: released by the system when the process dies, so a
crash never leaves a battle locked). Hence:

- two instances never write the same file, and neither is offered a battle the other owns;
- only the owner deletes a battle (``BattleLock.discard``), never anyone else;
- a battle that can't be resumed is set aside (renamed ``<file>.damaged-<time>``, kept for the
  user), never deleted and never offered again;
- temp files a killed write left behind (``.<file>.<random>.tmp``) are removed once nobody
  owns their battle.
"""
from __future__ import annotations

import os
import secrets
import time
from collections.abc import Set
from pathlib import Path

from .files import TEMP_SUFFIX, fsync_folder
from .text import msg

if os.name == "nt":  # pragma: no cover - exercised on Windows only
    import msvcrt

    def _try_lock(fd: int) -> bool:
        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)  # type: ignore[attr-defined]
            return True
        except OSError:
            return False
else:
    import fcntl

    def _try_lock(fd: int) -> bool:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
            return True
        except BlockingIOError:
            return False
        except OSError as exc:   # e.g. a file system without locks: can't tell, so don't touch
            if exc.errno in (11, 13, 35):   # EAGAIN / EACCES / EWOULDBLOCK
                return False
            raise

LOCK_SUFFIX = ".lock"
DAMAGED_MARK = ".damaged-"


class BattleLock:
    """This process's ownership of one battle file (held until ``release`` or exit)."""

    def __init__(self, path: Path, fd: int):
        self.path = path
        self._fd: int | None = fd

    @property
    def held(self) -> bool:
        return self._fd is not None

    def release(self) -> None:
        """Give the battle up (its file stays, for a later start to offer)."""
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

    def discard(self) -> None:
        """Delete the battle file (the battle is finished or abandoned), then the lock."""
        if self._fd is None:
            return
        for victim in (self.path, lock_path(self.path)):
            try:
                victim.unlink(missing_ok=True)
            except OSError:
                pass
        fsync_folder(self.path.parent)
        self.release()

    def set_aside(self) -> Path:
        """Rename the battle file out of the way (kept for the user) and give it up."""
        stamp = time.strftime("%Y%m%d-%H%M%S")
        target = self.path.with_name(f"{self.path.name}{DAMAGED_MARK}{stamp}")
        n = 1
        while target.exists():
            n += 1
            target = self.path.with_name(f"{self.path.name}{DAMAGED_MARK}{stamp}-{n}")
        try:
            os.replace(self.path, target)
            fsync_folder(self.path.parent)
        finally:
            try:
                lock_path(self.path).unlink(missing_ok=True)
            except OSError:
                pass
            self.release()
        return target

    def __del__(self):  # a lock nobody references any more is released with its descriptor
        self.release()


def lock_path(battle: Path) -> Path:
    return battle.with_name(battle.name + LOCK_SUFFIX)


def claim(battle: Path) -> BattleLock | None:
    """Own ``battle`` (a lock file beside it), or None when a running instance owns it.

    Raises OSError when the lock file can't be made (e.g. a read-only folder)."""
    battle = Path(battle)
    battle.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(lock_path(battle), os.O_RDWR | os.O_CREAT, 0o644)
    if not _try_lock(fd):
        os.close(fd)
        return None
    try:   # who owns it, for a person looking at the folder
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
    except OSError:
        pass
    return BattleLock(battle, fd)


def unclaimable_reason(battle: Path, exc: OSError) -> str:
    """One sentence: why the saved battle ``battle`` can't be owned, and how to fix it."""
    lock = lock_path(battle)
    if lock.is_dir():
        return msg("the saved battle {battle} can't be resumed: {lock} is a folder where its "
                   "lock file goes; remove that folder to resume it", battle=str(battle),
                   lock=str(lock))
    return msg("the saved battle {battle} can't be resumed: its lock file {lock} can't be "
               "made ({why})", battle=str(battle), lock=str(lock),
               why=str(exc.strerror or exc))


def owned_elsewhere(battle: Path) -> bool:
    """True while another running instance (or another owner in this one) holds ``battle``."""
    try:
        lock = claim(battle)
    except OSError:
        return False
    if lock is None:
        return True
    lock.release()
    return False


class AutosaveSlot:
    """The battles of one view: ``slot`` names the folder and the file names' stem."""

    def __init__(self, slot: str | os.PathLike):
        self.slot = Path(slot)
        self.folder = self.slot.parent
        self.stem = self.slot.stem
        #: saved battles ``claim_next`` could not take for another reason than an owner
        #: (e.g. a folder where the lock file goes), ``{battle: one sentence}``: a start
        #: reports them instead of hiding the battle forever without a word (issue 37)
        self.unclaimable: dict[Path, str] = {}

    def new_battle_path(self) -> Path:
        """A fresh, unique file name for a new battle."""
        ident = f"{time.strftime('%Y%m%d-%H%M%S')}-{os.getpid()}-{secrets.token_hex(3)}"
        return self.folder / f"{self.stem}.{ident}{self.slot.suffix}"

    def battles(self) -> list[Path]:
        """Every saved battle of this slot, newest first (owned or not)."""
        found = []
        try:
            candidates = [self.slot, *self.folder.glob(f"{self.stem}.*{self.slot.suffix}")]
        except OSError:
            return []
        for path in candidates:
            try:
                if path.is_file():
                    found.append((path.stat().st_mtime, path))
            except OSError:
                continue
        return [p for _, p in sorted(found, key=lambda item: item[0], reverse=True)]

    def unowned(self) -> list[Path]:
        """The saved battles no running instance owns (the ones a start may offer)."""
        return [p for p in self.battles() if not owned_elsewhere(p)]

    def claim_next(self, skip: Set[Path] = frozenset()) -> BattleLock | None:
        """Own the newest battle nobody owns (None: there is none)."""
        for path in self.battles():
            if path in skip:
                continue
            try:
                lock = claim(path)
            except OSError as exc:
                self.unclaimable[path] = unclaimable_reason(path, exc)
                continue
            if lock is None:
                continue
            if path.is_file():       # not discarded by its owner meanwhile
                return lock
            lock.release()
        return None

    def remove_stale_temps(self) -> int:
        """Delete temp files left by a killed write of a battle nobody owns now."""
        removed = 0
        try:
            temps = list(self.folder.glob(f".{self.stem}*{TEMP_SUFFIX}"))
        except OSError:
            return 0
        for temp in temps:
            # ".<battle file name>.<random>.tmp" -> the battle file it was written for
            name = temp.name[1:-len(TEMP_SUFFIX)].rsplit(".", 1)[0]
            battle = self.folder / name
            if owned_elsewhere(battle):
                continue
            try:
                temp.unlink()
                removed += 1
            except OSError:
                pass
            if not battle.exists():
                try:
                    lock_path(battle).unlink(missing_ok=True)
                except OSError:
                    pass
        return removed
