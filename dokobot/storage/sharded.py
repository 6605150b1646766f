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
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from dokobot.table.store import SeatInfo, StoredGame, StoredTable, StoreError

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

    def __getattr__(self, name: str) -> Any:
        # settings, languages, finished games, totals: shared, no lease needed to read
        return getattr(self.inner, name)

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

    async def open_table(self, channel_id: int, guild_id: int | None, host_id: int, seats: list[SeatInfo]) -> int:
        # under the lock: a lease round in between would see the new table as
        # one to claim (and restore a second time) or as one lost
        async with self._leasing:
            table_id = await self.inner.open_table(channel_id, guild_id, host_id, seats)
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
