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

from .backup import backup_before_migration
from .errors import StorageError, describe
from .periods import day_bucket, month_bucket
from .postgres import PgPool, is_postgres_url, open_pool
from .schema import Migration, load_migrations, pending

log = logging.getLogger(__name__)


def dumps(value: Any) -> str:
    """Compact JSON; raises ValueError/TypeError for what JSON cannot hold."""
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), allow_nan=False)


class Core:
    """One aiosqlite connection, serialized by an asyncio lock, or a PostgreSQL pool.

    SQLite: the connection runs in autocommit mode (``isolation_level=None``)
    and every multi-statement unit of work takes the lock and an explicit
    transaction: without the lock, two coroutines would interleave statements
    inside one SQLite transaction. PostgreSQL (``postgres.PgPool``): each unit
    of work takes its own pooled connection; the repositories' SQL is the same.
    """

    def __init__(self, conn: aiosqlite.Connection | PgPool, target: str, version: int) -> None:
        self._conn: aiosqlite.Connection | PgPool | None = conn
        self._lock = asyncio.Lock()
        self.path = target
        self.schema_version = version
        self.dialect = "postgresql" if isinstance(conn, PgPool) else "sqlite"

    @classmethod
    async def open(
        cls, path: str | Path, *, busy_timeout: float = 5.0, owner: str | None = None, pool_size: int = 10
    ) -> Self:
        """Open (creating if needed) and migrate the database at ``path``.

        ``path`` may also be an SQLite ``file:`` URI, or a ``postgresql://`` URL
        (``pool_size``: connections at most). ``owner``: the process name the
        lease fence checks (``leases``); without it writes are not fenced.
        Raises StorageError with a one-line reason for a locked, read-only,
        corrupt, unreachable or too new database.
        """
        target = str(path)
        if is_postgres_url(target):
            pool, version = await open_pool(target, load_migrations(), owner=owner, max_size=pool_size)
            return cls(pool, pool.target, version)
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
            version = await _prepare(conn, busy_timeout, load_migrations(), None if uri else target)
            if owner:
                await _fence(conn, owner)
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
                if isinstance(conn, PgPool):
                    await conn.close()
                else:
                    await _close_quietly(conn)

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    def _connection(self) -> Any:
        """The aiosqlite connection, or the PostgreSQL pool (``execute`` autocommits)."""
        if self._conn is None:
            raise StorageError("database is closed")
        return self._conn

    @asynccontextmanager
    async def _transaction(self, what: str, *, write: bool = True) -> AsyncIterator[aiosqlite.Connection]:
        """Run the body in one transaction; on any error roll back and raise StorageError.

        Reads use a deferred transaction too, so multi-query reads see one snapshot.
        """
        if self.dialect == "postgresql":
            async with self._connection().transaction(what, write=write) as pg:
                yield pg
            return
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
        if self.dialect == "postgresql":
            async with self._connection().statement(what) as pg:
                yield pg
            return
        async with self._lock:
            conn = self._connection()
            try:
                yield conn
            except sqlite3.Error as exc:
                raise StorageError(f"{what}: {describe(exc)}") from exc

    # The same three, public for whole-database tools of this layer (migrate.py copies every
    # table between two databases); the stores keep to their own methods.
    connection = _connection
    transaction = _transaction
    statement = _statement

    async def rebuild_totals(self) -> None:
        """Recompute the leaderboard aggregates from the score rows.

        finish_game keeps them current; this is for bulk imports and repairs.
        """
        async with self._transaction("rebuild leaderboard totals") as conn:
            await conn.execute("DELETE FROM totals_month")
            await conn.execute("DELETE FROM totals_day")
            for table, func in (("totals_month", "doko_month"), ("totals_day", "doko_day")):
                await conn.execute(
                    f"INSERT INTO {table} SELECT channel_id, {func}(finished_at), user_id, size,"
                    " MAX(is_bot), COUNT(*), SUM(points), SUM(won) FROM scores GROUP BY 1, 2, 3, 4"
                )
            await conn.execute("DELETE FROM sheet_totals")  # the Spielliste's sums (migration 007)
            await conn.execute(
                "INSERT INTO sheet_totals (table_id, user_id, size, games, points, first_game)"
                " SELECT g.table_id, s.user_id, s.size, COUNT(*), SUM(s.points), MIN(g.number)"
                " FROM scores s JOIN games g ON g.id = s.game_id WHERE g.status = 'finished'"
                " GROUP BY g.table_id, s.user_id, s.size"
            )


async def _prepare(
    conn: aiosqlite.Connection, busy_timeout: float, migrations: list[Migration], path: str | None = None,
) -> int:
    """Set the connection up and migrate; ``path``: the database file, backed up first
    when it has data of an older schema version (None: a URI or in-memory database)."""
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
    await conn.create_function("doko_now_ms", 0, _now_ms)
    current = await _schema_version(conn)
    if path not in (None, "", ":memory:") and 0 < current < len(migrations):
        # a migration rewrites the file in place: keep the old one to go back to
        await asyncio.to_thread(backup_before_migration, path, current, len(migrations))
    return await migrate(conn, migrations)


async def _schema_version(conn: aiosqlite.Connection) -> int:
    """The file's schema version before migrating (0: empty, or not ours)."""
    rows = await _all(conn, "SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'schema_version'")
    if not rows:
        return 0
    return int((await _all(conn, "SELECT COALESCE(MAX(version), 0) FROM schema_version"))[0][0])


# The lease fence of postgres._FENCE for SQLite: TEMP triggers (this
# connection only) refuse writes to a table whose lease another owner holds
# or that has expired. SQLite runs one writer at a time, so the check and
# the write are atomic.
_SQLITE_FENCE_CHECK = (
    " BEGIN SELECT RAISE(ABORT, 'table is leased to another process') WHERE EXISTS ("
    "SELECT 1 FROM main.table_leases l WHERE l.table_id = {table}"
    " AND (l.owner <> (SELECT owner FROM temp.doko_owner) OR l.expires_ms <= doko_now_ms())); END"
)
_SQLITE_FENCE = {
    "actions": ("INSERT", "(SELECT table_id FROM main.games WHERE id = NEW.game_id)"),
    "games": ("INSERT", "NEW.table_id"),
    "games_update": ("UPDATE", "OLD.table_id"),
    "seats": ("INSERT", "NEW.table_id"),
    "seats_delete": ("DELETE", "OLD.table_id"),
    "tables_update": ("UPDATE", "OLD.id"),
}


async def _fence(conn: aiosqlite.Connection, owner: str) -> None:
    await conn.execute("CREATE TEMP TABLE doko_owner (owner TEXT NOT NULL)")
    await conn.execute("INSERT INTO temp.doko_owner VALUES (?)", (owner,))
    for name, (event, table_id) in _SQLITE_FENCE.items():
        target = name.split("_")[0]
        await conn.execute(
            f"CREATE TEMP TRIGGER doko_fence_{name} BEFORE {event} ON main.{target}"
            + _SQLITE_FENCE_CHECK.format(table=table_id)
        )


def _now_ms() -> int:
    return int(time.time() * 1000)


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
    latest = len(migrations)
    for migration in pending(migrations, rows[0][0], "database file"):
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


async def _all(conn: Any, sql: str, params: Iterable[Any] = ()) -> list[Any]:
    """All rows of a query, on an aiosqlite connection or a ``postgres.PgConn``."""
    return list(await conn.execute_fetchall(sql, tuple(params)))


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
