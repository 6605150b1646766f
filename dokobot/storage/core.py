"""Connection handling: open, migrate, transactions, error translation."""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
import time
from collections.abc import AsyncIterator, Iterable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Self

import aiosqlite

from .errors import StorageError, describe
from .periods import day_bucket, month_bucket
from .schema import Migration, load_migrations

log = logging.getLogger(__name__)


def dumps(value: Any) -> str:
    """Compact JSON; raises ValueError/TypeError for what JSON cannot hold."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


class Core:
    """One aiosqlite connection, serialized by an asyncio lock.

    The connection runs in autocommit mode (``isolation_level=None``) and every
    multi-statement unit of work takes the lock and an explicit transaction:
    without the lock, two coroutines would interleave statements inside one
    SQLite transaction.
    """

    def __init__(self, conn: aiosqlite.Connection, target: str, version: int) -> None:
        self._conn: aiosqlite.Connection | None = conn
        self._lock = asyncio.Lock()
        self.path = target
        self.schema_version = version

    @classmethod
    async def open(cls, path: str | Path, *, busy_timeout: float = 5.0) -> Self:
        """Open (creating if needed) and migrate the database at ``path``.

        ``path`` may also be an SQLite ``file:`` URI. Raises StorageError with a
        one-line reason for a locked, read-only, corrupt or too new database.
        """
        target = str(path)
        uri = target.startswith("file:")
        try:
            # Probe with the standard library first: a file aiosqlite cannot open leaves
            # its worker thread to report into a closed event loop (a traceback at exit).
            await asyncio.to_thread(_probe, target, uri)
        except sqlite3.Error as exc:
            raise StorageError(f"cannot open database {target}: {describe(exc)}") from exc
        try:
            conn = await aiosqlite.connect(
                target, uri=target.startswith("file:"), timeout=busy_timeout, isolation_level=None
            )
        except sqlite3.Error as exc:
            raise StorageError(f"cannot open database {target}: {describe(exc)}") from exc
        try:
            version = await _prepare(conn, busy_timeout, load_migrations())
        except sqlite3.Error as exc:
            await _close_quietly(conn)
            raise StorageError(f"cannot open database {target}: {describe(exc)}") from exc
        except StorageError as exc:
            await _close_quietly(conn)
            raise StorageError(f"cannot open database {target}: {exc}") from exc
        except BaseException:
            await _close_quietly(conn)
            raise
        return cls(conn, target, version)

    async def close(self) -> None:
        """Close the connection; later calls raise StorageError. Idempotent."""
        async with self._lock:
            if self._conn is not None:
                conn, self._conn = self._conn, None
                await _close_quietly(conn)

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    def _connection(self) -> aiosqlite.Connection:
        if self._conn is None:
            raise StorageError("database is closed")
        return self._conn

    @asynccontextmanager
    async def _transaction(self, what: str, *, write: bool = True) -> AsyncIterator[aiosqlite.Connection]:
        """Run the body in one transaction; on any error roll back and raise StorageError.

        Reads use a deferred transaction too, so multi-query reads see one snapshot.
        """
        async with self._lock:
            conn = self._connection()
            try:
                await conn.execute("BEGIN IMMEDIATE" if write else "BEGIN")
            except sqlite3.Error as exc:
                raise StorageError(f"{what}: {describe(exc)}") from exc
            try:
                yield conn
                await conn.execute("COMMIT")
            except BaseException as exc:
                await _rollback(conn)
                if isinstance(exc, sqlite3.Error):
                    raise StorageError(f"{what}: {describe(exc)}") from exc
                if isinstance(exc, (ValueError, TypeError)):
                    # bad input (unserializable JSON, malformed result): no partial write
                    raise StorageError(f"{what}: {exc}") from exc
                raise

    @asynccontextmanager
    async def _statement(self, what: str) -> AsyncIterator[aiosqlite.Connection]:
        """For a single autocommitted statement: the lock and error translation only."""
        async with self._lock:
            conn = self._connection()
            try:
                yield conn
            except sqlite3.Error as exc:
                raise StorageError(f"{what}: {describe(exc)}") from exc

    async def rebuild_totals(self) -> None:
        """Recompute the leaderboard aggregates from the score rows.

        finish_game keeps them current; this is for bulk imports and repairs.
        """
        async with self._transaction("rebuild leaderboard totals") as conn:
            await conn.execute("DELETE FROM totals_month")
            await conn.execute("DELETE FROM totals_day")
            for table, func in (("totals_month", "doko_month"), ("totals_day", "doko_day")):
                await conn.execute(
                    f"INSERT INTO {table} SELECT channel_id, {func}(finished_at), user_id,"
                    " MAX(is_bot), COUNT(*), SUM(points), SUM(won) FROM scores GROUP BY 1, 2, 3"
                )


async def _prepare(conn: aiosqlite.Connection, busy_timeout: float, migrations: list[Migration]) -> int:
    # PRAGMA takes no parameters; int() makes the interpolation safe.
    await conn.execute(f"PRAGMA busy_timeout = {int(busy_timeout * 1000)}")
    await conn.execute("PRAGMA foreign_keys = ON")
    await conn.execute("PRAGMA journal_mode = WAL")
    # With WAL, NORMAL only risks the last commits on power loss, never corruption.
    await conn.execute("PRAGMA synchronous = NORMAL")
    # 16 MiB page cache (default 2 MiB): statistics read thousands of scattered
    # score rows of one player; keeping the hot pages cached halves that time.
    await conn.execute("PRAGMA cache_size = -16384")
    await conn.create_function("doko_day", 1, day_bucket, deterministic=True)
    await conn.create_function("doko_month", 1, month_bucket, deterministic=True)
    return await migrate(conn, migrations)


async def migrate(conn: aiosqlite.Connection, migrations: list[Migration]) -> int:
    """Apply pending migrations in one write transaction; return the schema version."""
    await conn.execute("BEGIN IMMEDIATE")
    try:
        version = await _apply(conn, migrations)
        await conn.execute("COMMIT")
    except BaseException:
        await _rollback(conn)
        raise
    return version


async def _apply(conn: aiosqlite.Connection, migrations: list[Migration]) -> int:
    names = {row[0] for row in await _all(conn, "SELECT name FROM sqlite_master WHERE type = 'table'")}
    if "schema_version" not in names and names:
        raise StorageError("the file is an SQLite database of another program (no schema_version)")
    await conn.execute(
        "CREATE TABLE IF NOT EXISTS schema_version ("
        " version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at INTEGER NOT NULL)"
    )
    rows = await _all(conn, "SELECT COALESCE(MAX(version), 0) FROM schema_version")
    current, latest = rows[0][0], len(migrations)
    if current > latest:
        raise StorageError(
            f"database schema version {current} is newer than this dokobot supports ({latest});"
            " upgrade dokobot or use another database file"
        )
    for migration in migrations[current:]:
        for statement in migration.statements():
            await conn.execute(statement)
        await conn.execute(
            "INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, ?)",
            (migration.version, migration.name, int(time.time())),
        )
        log.debug("applied storage migration %s", migration.name)
    # Mirror the version into the file header for sqlite3 CLI users. It is also
    # a real write: a read-only file or connection fails here, at open time,
    # instead of at the first move of a game.
    await conn.execute(f"PRAGMA user_version = {int(latest)}")
    return latest


def _probe(target: str, uri: bool) -> None:
    sqlite3.connect(target, uri=uri).close()


async def _all(conn: aiosqlite.Connection, sql: str, params: Iterable[Any] = ()) -> list[sqlite3.Row]:
    async with conn.execute(sql, tuple(params)) as cur:
        return list(await cur.fetchall())


async def _rollback(conn: aiosqlite.Connection) -> None:
    try:
        await conn.execute("ROLLBACK")
    except sqlite3.Error:
        pass  # no transaction active (BEGIN failed, or SQLite already rolled back)


async def _close_quietly(conn: aiosqlite.Connection) -> None:
    try:
        await conn.close()
    except sqlite3.Error:
        pass
