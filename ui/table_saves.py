"""The table side's saved battles: start one in a file of its own, offer and resume the newest
one nobody owns, set aside one that can't be resumed, discard or leave it (``combatassist.autosave``).

A start offers a saved battle from its header alone (``read_header``: a few kB read, nothing
replayed); the steps are replayed only when the player chooses to resume it, and a battle
that doesn't replay to what its header says is set aside then, with its one sentence.

``SavedBattles`` is a part of ``TableSidePanel`` (a mixin): it uses the panel's ``setup``,
``slot``, ``battle``, ``_attach``, ``_error`` and ``resumed``; the panel owns the widgets.
"""
from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QDateTime, QLocale, Qt

from combatassist.autosave import BattleLock, claim
from combatassist.errors import CombatAssistError, EngineError
from combatassist.table import SavedHeader, TableBattle, load_battle, read_header, slot_ruleset

from .engine_text import error_text
from .i18n import QT_TRANSLATE_NOOP, translate

VERDICTS = {"attacker": QT_TRANSLATE_NOOP("table_side", "the attacker wins"),
            "defender": QT_TRANSLATE_NOOP("table_side", "the defender wins"),
            "draw": QT_TRANSLATE_NOOP("table_side", "a draw")}


def saved_when(stamp: str) -> str:
    """A header's UTC time as the local date and time, the locale's short way."""
    when = QDateTime.fromString(stamp, Qt.DateFormat.ISODate)
    if not when.isValid():
        return stamp
    return QLocale().toString(when.toLocalTime(), QLocale.FormatType.ShortFormat)


def verdict_text(verdict: str) -> str:
    """``"the attacker wins"`` (translated) for the engine's ``"attacker"``."""
    return translate("table_side", VERDICTS[verdict])


class SavedBattles:
    """Life cycle of the panel's battle files (see the module's docstring)."""

    @property
    def autosave_path(self) -> Path:
        """The file the battle on screen (or the last one) autosaves to."""
        if self.battle is not None and self.battle.autosave_path is not None:
            return self.battle.autosave_path
        return self._last_path or self.slot.slot

    def start(self) -> None:
        """Freeze the view's set-up and begin a new battle (autosaved at once, in a file of
        its own that this instance owns)."""
        path = self.slot.new_battle_path()
        try:
            rules, ruleset, text = self.setup()
            lock = claim(path)
            if lock is None:        # a fresh random name: practically impossible
                raise EngineError("that autosave file is in use; try again")
            battle = TableBattle(rules, scenario_text=text, ruleset=ruleset,
                                 autosave_path=path)
            battle.save()
        except CombatAssistError as exc:
            self._error(error_text(exc))
            return
        except OSError as exc:
            self._error(f"can't write the autosave file {path}: {exc.strerror or exc}")
            return
        self._release()
        self._lock = lock
        self._attach(battle)

    def claim_saved_battle(self) -> bool:
        """Take the newest saved battle no running instance owns, to offer it (True): its
        header is read, its steps are not replayed (``resume`` does that).

        A battle whose header can't be read, or which belongs to another ruleset, is set
        aside (renamed, kept) with a one-sentence notice in ``set_aside_notices``, and the
        next one is tried."""
        if self._offered is not None:
            return True
        self.slot.remove_stale_temps()
        tried: set[Path] = set()
        while True:
            lock = self.slot.claim_next(skip=tried)
            if lock is None:
                for why in self.slot.unclaimable.values():   # said once, not hidden
                    if why not in self.set_aside_notices:
                        self.set_aside_notices.append(why)
                        self._error(why)
                return False
            tried.add(lock.path)
            try:
                header = read_header(lock.path, ruleset=slot_ruleset(self.slot.slot))
            except CombatAssistError as exc:
                self._set_aside(lock, str(exc))
                continue
            self._release()
            self._lock, self._offered = lock, header
            return True

    def _set_aside(self, lock: BattleLock, why: str) -> None:
        try:
            kept = lock.set_aside()
            where = translate("table_side", "kept as {name}").format(name=kept.name)
        except OSError as exc:
            lock.release()
            where = translate("table_side", "left where it is ({why})").format(
                why=exc.strerror or exc)
        text = translate("table_side", "A saved battle could not be resumed and was set aside "
                                       "({where}): {why}").format(where=where, why=why)
        self.set_aside_notices.append(text)
        self._error(text)

    def resume(self) -> bool:
        """Resume the saved battle offered (or the newest one nobody owns), replaying its
        steps; False (and a message) if there is none or it can't be resumed (then it is
        set aside, with its sentence in ``set_aside_notices``)."""
        if self._offered is None and not self.claim_saved_battle():
            if not self.set_aside_notices:
                self._error(translate("table_side", "there is no saved battle to resume"))
            return False
        self._offered = None
        lock = self._lock
        try:
            battle = load_battle(lock.path, ruleset=slot_ruleset(self.slot.slot))
        except CombatAssistError as exc:
            self._lock = None
            self._set_aside(lock, str(exc))
            return False
        # the view shows the battle's own set-up first, then the battle over it
        self.resumed.emit(battle.scenario_text)
        self._attach(battle)
        return True

    def has_saved_battle(self) -> bool:
        """A saved battle no running instance owns is waiting (or already claimed here)."""
        return self._offered is not None or bool(self.slot.unowned())

    @property
    def offered(self) -> SavedHeader | None:
        """The header of the saved battle claimed to be offered (None: none)."""
        return self._offered

    def saved_summary(self) -> str:
        """A one-line description of the offered battle (for the resume question): its
        title, an attack's later battle being fought, how far it got and when it was saved,
        from its header."""
        header = self._offered
        if header is None:
            return translate("table_side", "a battle in progress")
        played = header.rounds
        parts = [(translate("table_side", "1 round played") if played == 1 else
                  translate("table_side", "%n rounds played", "", played)),
                 translate("table_side", "saved {when}").format(when=saved_when(header.saved))]
        if header.battle == "counter":
            parts.insert(0, translate("table_side", "the counter-attack"))
        elif header.battle:
            parts.insert(0, translate("table_side", "wave {k}").format(
                k=header.battle.split()[-1]))
        if header.title:        # the question may be read as rich text: no tags from a file
            title = header.title.replace("<", "‹").replace(">", "›")
            parts.insert(0, "“{}”".format(title))
        return ", ".join(parts)

    def saved_verdict(self) -> str | None:
        """How the offered battle ended ("the attacker wins", ...), None while unfinished."""
        header = self._offered
        return verdict_text(header.verdict) if header is not None and header.verdict else None

    def discard_saved_battle(self) -> None:
        """Delete the offered battle's file (finished or abandoned): only one this instance
        owns, never another's."""
        if self._offered is not None:
            self._offered = None
            self._release(discard=True)

    def decline_saved_battle(self) -> None:
        """Leave the offered battle for a later start (its file stays, unowned)."""
        if self._offered is not None:
            self._offered = None
            self._release()

    def release(self) -> None:
        """The window is closing: give up the battle on screen (its file stays, to resume)."""
        self._offered = None
        self._release()

    def _release(self, discard: bool = False) -> None:
        if self._lock is not None:
            self._last_path = self._lock.path
            if discard:
                self._lock.discard()
            else:
                self._lock.release()
            self._lock = None

