"""``ShardedStore``: the ``TableStore`` of one bot process among several.

Discord assigns each server (guild) to one shard, ``(guild_id >> 22) %
shard_count``; a process runs a range of shards. Its store shows it only
the open tables of its own shards, and of those only the ones whose lease
(``leases.LeasesRepo``) it holds, so a restart of one process leaves the
others' tables alone and two processes never both write to one table.
Everything else (leaderboards, statistics, exports, settings) reads the
shared database directly and is the same from every process.
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
from collections.abc import Awaitable, Callable, Iterable, Sequence
from typing import Any

from dokobot.engine import GameResult
from dokobot.engine.actions import Move
from dokobot.table.event.standings import GameRow
from dokobot.table.event.state import EventState
from dokobot.table.event.store import EventTable, StoredEvent
from dokobot.table.scores import BookedRecord, Leaderboard, Rating, RatingRow, Statistics
from dokobot.table.sheet import Sheet
from dokobot.table.store import (
    ChannelPrefs,
    EventMarks,
    OpenHand,
    SeatInfo,
    StoredGame,
    StoredTable,
    StoreError,
    TurnState,
)

from .sql_store import SqlStore, _store_errors

log = logging.getLogger(__name__)

LEASE_TTL = 30.0  # seconds; renewed every third of it


def shard_of(guild_id: int | None, shard_count: int) -> int:
    """Discord's shard of a server; DMs (no guild) are on shard 0."""
    return 0 if guild_id is None else (guild_id >> 22) % shard_count


def process_name() -> str:
    """Unique per process start: a restarted process is a new lease owner."""
    return f"{socket.gethostname()}:{os.getpid()}:{secrets.token_hex(4)}"


class ShardedStore:
    """Wraps a ``SqlStore`` (SQLite or PostgreSQL ``Database``); see the module doc."""

    def __init__(
        self, inner: SqlStore, *, owner: str, shard_count: int = 1,
        shard_ids: Iterable[int] | None = None, ttl: float = LEASE_TTL,
    ) -> None:
        self.inner = inner
        self.db = inner.db
        self.owner = owner
        self.shard_count = shard_count
        self.shard_ids = frozenset(range(shard_count) if shard_ids is None else shard_ids)
        self.ttl = ttl
        self.held: set[int] = set()
        self._unrestored: set[int] | None = None  # won since the last restore
        self._task: asyncio.Task[None] | None = None
        self._leasing = asyncio.Lock()

    @classmethod
    async def open(
        cls, target: str, *, shard_count: int = 1, shard_ids: Iterable[int] | None = None,
        ttl: float = LEASE_TTL, owner: str | None = None,
    ) -> ShardedStore:
        from .database import Database

        owner = owner or process_name()
        with _store_errors():
            db = await Database.open(target, owner=owner)
        try:
            return cls(SqlStore(db), owner=owner, shard_count=shard_count, shard_ids=shard_ids, ttl=ttl)
        except BaseException:  # an open database's thread would keep the process alive
            await db.close()
            raise

    @property
    def ranks(self) -> bool:
        return self.inner.ranks

    def owns(self, guild_id: int | None) -> bool:
        return shard_of(guild_id, self.shard_count) in self.shard_ids

    @property
    def _ttl_ms(self) -> int:
        return int(self.ttl * 1000)

    # --- restore: only our shards, only what we could lease ---------------------------

    async def claim(self) -> set[int]:
        """Lease every open table of our shards that nobody else holds; return the newly won."""
        won: set[int] = set()
        with _store_errors():
            for table in await self.db.open_tables():
                if table.id in self.held or not self.owns(table.guild_id):
                    continue
                if await self.db.acquire_lease(table.id, self.owner, self._ttl_ms):
                    won.add(table.id)
                else:
                    log.info("table %s is leased by another process; waiting for it", table.id)
        self.held |= won
        self._unrestored = (self._unrestored or set()) | won
        return won

    async def running_games(self) -> list[StoredGame]:
        if self._unrestored is None:
            await self.claim()
        mine = self._unrestored or set()
        return [g for g in await self.inner.running_games() if g.table_id in mine]

    async def open_tables(self) -> list[StoredTable]:
        if self._unrestored is None:
            await self.claim()
        mine, self._unrestored = self._unrestored or set(), set()
        return [t for t in await self.inner.open_tables() if t.table_id in mine]

    # --- tables opened and closed here ------------------------------------------------

    async def open_table(self, channel_id: int, guild_id: int | None, host_id: int, seats: list[SeatInfo],
                         event: EventMarks | None = None) -> int:
        # under the lock: a lease round in between would see the new table as
        # one to claim (and restore a second time) or as one lost
        async with self._leasing:
            table_id = await self.inner.open_table(channel_id, guild_id, host_id, seats, event)
            with _store_errors():
                leased = await self.db.acquire_lease(table_id, self.owner, self._ttl_ms)
            if not leased:
                raise StoreError(f"table {table_id} was leased by another process as it opened")
            self.held.add(table_id)
        return table_id

    async def close_table(self, table_id: int) -> None:
        await self.inner.close_table(table_id)
        self.held.discard(table_id)
        with _store_errors():
            await self.db.release_leases(self.owner, [table_id])

    # --- keeping the leases -------------------------------------------------------------

    async def tick(self) -> tuple[set[int], set[int]]:
        """Renew what we hold, then claim what expired elsewhere: (won, lost)."""
        async with self._leasing:
            asked = set(self.held)
            with _store_errors():
                lost = asked - await self.db.renew_leases(self.owner, sorted(asked), self._ttl_ms)
            self.held -= lost
            for table_id in lost:
                log.warning("lost the lease of table %s: another process may have it now", table_id)
            return await self.claim(), lost

    def start(self, tick: Callable[[], Awaitable[None]]) -> None:
        """Call ``tick`` (the bot's: ``self.tick`` plus restoring and dropping
        tables) every third of the lease time, in the background."""

        async def loop() -> None:
            while True:
                await asyncio.sleep(self.ttl / 3)
                try:
                    await tick()
                except StoreError as exc:  # database away for a moment: try again next round
                    log.warning("cannot renew table leases: %s", exc)
                except Exception:  # a bug in restoring must not end the renewals
                    log.exception("lease round failed")

        if self._task is None:
            self._task = asyncio.get_running_loop().create_task(loop(), name="doko-leases")

    async def stop(self, *, release: bool = True) -> None:
        """Stop renewing; with ``release`` give the leases up so a successor starts at once."""
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except (asyncio.CancelledError, Exception):  # noqa: BLE001 - shutting down
                pass
            self._task = None
        if release and self.held:
            try:
                with _store_errors():
                    await self.db.release_leases(self.owner, sorted(self.held))
            except StoreError as exc:
                log.warning("could not release table leases (they expire by themselves): %s", exc)
            self.held.clear()

    async def close(self) -> None:
        await self.stop()
        await self.inner.close()

    # --- everything else: the inner store's, each call named (writes to a table are
    # fenced by its lease in the database; settings, languages, finished games, the
    # score book are shared and need no lease to read) ----------------------------------

    async def set_seats(self, table_id: int, seats: list[SeatInfo], host_id: int) -> None:
        await self.inner.set_seats(table_id, seats, host_id)

    async def set_message_id(self, table_id: int, message_id: int | None) -> None:
        await self.inner.set_message_id(table_id, message_id)

    async def set_event_marks(self, table_id: int, marks: EventMarks) -> None:
        await self.inner.set_event_marks(table_id, marks)

    async def create_game(
        self, table_id: int, number: int, rules: dict[str, Any], players: list[SeatInfo],
        dealer: int, hands: list[list[str]],
    ) -> int:
        return await self.inner.create_game(table_id, number, rules, players, dealer, hands)

    async def append_action(self, game_id: int, idx: int, action: dict[str, Any]) -> None:
        await self.inner.append_action(game_id, idx, action)

    async def finish_game(
        self, game_id: int, result: GameResult, points: Sequence[int], moves: Sequence[tuple[int, Move]],
        last: tuple[int, dict[str, Any]] | None = None, rules: dict[str, Any] | None = None, bock: int = 1,
    ) -> None:
        await self.inner.finish_game(game_id, result, points, moves, last, rules, bock)

    async def abort_game(self, game_id: int) -> None:
        await self.inner.abort_game(game_id)

    async def set_game_players(self, game_id: int, players: list[SeatInfo]) -> None:
        await self.inner.set_game_players(game_id, players)

    async def set_waiting(self, table_id: int, waiting: list[SeatInfo]) -> None:
        await self.inner.set_waiting(table_id, waiting)

    async def set_turn(self, table_id: int, turn: TurnState) -> None:
        await self.inner.set_turn(table_id, turn)

    async def last_table(self, channel_id: int) -> StoredTable | None:
        return await self.inner.last_table(channel_id)

    async def last_game_number(self, table_id: int) -> int:
        return await self.inner.last_game_number(table_id)

    async def last_game(self, table_id: int) -> StoredGame | None:
        return await self.inner.last_game(table_id)

    async def finished_games(self, table_id: int) -> list[StoredGame]:
        return await self.inner.finished_games(table_id)

    async def sheet_page(
        self, table_id: int, size: int | None = None, before: int | None = None, limit: int = 20,
        *, after: int | None = None,
    ) -> Sheet:
        return await self.inner.sheet_page(table_id, size, before, limit, after=after)

    async def totals(self, table_id: int) -> dict[int, int]:
        return await self.inner.totals(table_id)

    async def channel_prefs(self, channel_id: int) -> ChannelPrefs:
        return await self.inner.channel_prefs(channel_id)

    async def set_channel_prefs(self, channel_id: int, prefs: ChannelPrefs) -> None:
        await self.inner.set_channel_prefs(channel_id, prefs)

    async def user_language(self, user_id: int) -> str | None:
        return await self.inner.user_language(user_id)

    async def set_user_language(self, user_id: int, language: str | None) -> None:
        await self.inner.set_user_language(user_id, language)

    async def bot_state(self, key: str) -> str | None:
        return await self.inner.bot_state(key)

    async def set_bot_state(self, key: str, value: str) -> None:
        await self.inner.set_bot_state(key, value)

    async def bot_states(self, prefix: str) -> dict[str, str]:
        return await self.inner.bot_states(prefix)

    async def drop_bot_state(self, key: str) -> None:
        await self.inner.drop_bot_state(key)

    async def keep_hand(self, hand: OpenHand) -> None:
        await self.inner.keep_hand(hand)

    async def forget_hand(self, table_id: int, user_id: int) -> None:
        await self.inner.forget_hand(table_id, user_id)

    async def take_hands(self, table_id: int) -> list[OpenHand]:
        return await self.inner.take_hands(table_id)

    async def user_deck(self, user_id: int) -> str | None:
        return await self.inner.user_deck(user_id)

    async def set_user_deck(self, user_id: int, deck: str | None) -> None:
        await self.inner.set_user_deck(user_id, deck)

    async def save_analysis(self, game_id: int, data: dict[str, Any]) -> None:
        await self.inner.save_analysis(game_id, data)

    async def analysis(self, game_id: int) -> dict[str, Any] | None:
        return await self.inner.analysis(game_id)

    async def add_hint(self, game_id: int, user_id: int) -> int:
        return await self.inner.add_hint(game_id, user_id)

    async def hints(self, game_ids: Sequence[int]) -> dict[int, dict[int, int]]:
        return await self.inner.hints(game_ids)

    async def leaderboard(
        self, channel_id: int, period: str = "alle", order: str = "punkte", *, limit: int = 10,
        offset: int = 0, size: int | None = None,
    ) -> Leaderboard:
        return await self.inner.leaderboard(channel_id, period, order, limit=limit, offset=offset, size=size)

    async def statistics(self, channel_id: int, user_id: int, size: int | None = None) -> Statistics:
        return await self.inner.statistics(channel_id, user_id, size)

    async def ratings(self, channel_id: int) -> list[RatingRow]:
        return await self.inner.ratings(channel_id)

    async def rating_history(self, channel_id: int, user_id: int) -> list[Rating]:
        return await self.inner.rating_history(channel_id, user_id)

    async def booked_record(self, channel_id: int, number: int | None = None) -> BookedRecord | None:
        return await self.inner.booked_record(channel_id, number)


    # events are shared by every process (an event's tables are leased as any table)

    async def create_event(self, guild_id: int | None, channel_id: int, state: EventState, created_at: float,
                           starts_at: float | None = None) -> StoredEvent:
        return await self.inner.create_event(guild_id, channel_id, state, created_at, starts_at)

    async def save_event(self, event_id: int, state: EventState, before: EventState | None = None) -> None:
        await self.inner.save_event(event_id, state, before)

    async def set_event_message(self, event_id: int, message_id: int | None) -> None:
        await self.inner.set_event_message(event_id, message_id)

    async def set_event_scheduled(self, event_id: int, scheduled_id: int | None) -> None:
        await self.inner.set_event_scheduled(event_id, scheduled_id)

    async def set_event_reminded(self, event_id: int) -> None:
        await self.inner.set_event_reminded(event_id)

    async def event(self, event_id: int) -> StoredEvent | None:
        return await self.inner.event(event_id)

    async def channel_events(self, channel_id: int) -> list[StoredEvent]:
        return await self.inner.channel_events(channel_id)

    async def running_events(self) -> list[StoredEvent]:
        return await self.inner.running_events()

    async def save_event_table(self, table: EventTable) -> None:
        await self.inner.save_event_table(table)

    async def event_tables(self, event_id: int) -> list[EventTable]:
        return await self.inner.event_tables(event_id)

    async def event_rows(self, event_id: int) -> list[GameRow]:
        return await self.inner.event_rows(event_id)
