"""The analyses people asked for, noted in the store until their result is stored, so an
analysis cut off by a restart is done again without anyone asking twice."""

from __future__ import annotations

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable, Coroutine
from typing import TYPE_CHECKING, Any, Protocol

from dokobot.table.store import StoreError

if TYPE_CHECKING:
    from dokobot.bot.host import Host

log = logging.getLogger(__name__)

WANTED = "analyse:"  # bot_state keys: analyses people asked for, until stored (a restart does them again)
Spawn = Callable[[Coroutine[Any, Any, Any], str], "asyncio.Task[Any]"]


class Noted(Protocol):
    """What a note names: the game, its channel, table and number."""

    @property
    def game_id(self) -> int: ...
    @property
    def channel_id(self) -> int: ...
    @property
    def table_id(self) -> int: ...
    @property
    def number(self) -> int: ...


class Asked:
    """One note per game someone asked for; dropped once the analysis is stored."""

    def __init__(self, bot: Host, spawn: Spawn) -> None:
        self.bot = bot
        self._spawn = spawn
        self._marks: dict[int, Awaitable[None] | None] = {}  # game id -> noting the request in the store

    def note(self, work: Noted) -> None:
        """A person asked: note it (once per game, also when joining a summary's job)."""
        if work.game_id not in self._marks:
            self._marks[work.game_id] = self._spawn(self._mark(work), f"doko-analyse-note-{work.game_id}")

    def known(self, game_id: int) -> None:
        """A note found at start: it goes once the analysis is stored."""
        self._marks.setdefault(game_id, None)

    def kept_noted(self, game_id: int) -> None:
        """The analysis could not be stored: the note stays, a restart does it again."""
        self._marks.pop(game_id, None)

    async def wanted(self) -> dict[str, str]:
        """The notes in the store (key -> note), none when they cannot be read."""
        try:
            return await self.bot.store.bot_states(WANTED)
        except StoreError as exc:
            log.warning("the analyses asked for before the restart are not known: %s", exc)
            return {}

    @staticmethod
    def parse(value: str) -> tuple[int, int, int]:
        """channel, table and number of a note (ValueError, KeyError or TypeError if broken)."""
        note = json.loads(value)
        return int(note["channel"]), int(note["table"]), int(note["number"])

    async def done(self, game_id: int) -> None:
        """The request noted for the game (if any) is answered: forget it."""
        if game_id not in self._marks:
            return
        mark = self._marks.pop(game_id)
        if mark is not None:
            await mark  # written before it is dropped
        await self.forget(f"{WANTED}{game_id}")

    async def forget(self, key: str) -> None:
        try:
            await self.bot.store.drop_bot_state(key)
        except StoreError as exc:  # it is done again after a restart: a waste, no harm
            log.warning("%s: could not be forgotten: %s", key, exc)

    async def _mark(self, work: Noted) -> None:
        note = json.dumps({"channel": work.channel_id, "table": work.table_id, "number": work.number})
        try:
            await self.bot.store.set_bot_state(f"{WANTED}{work.game_id}", note)
        except StoreError as exc:  # only a restart in between would lose it
            log.warning("game %s: the request for its analysis not noted: %s", work.game_id, exc)
