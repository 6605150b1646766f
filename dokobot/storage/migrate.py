"""``dokobot migrate-db``: copy an SQLite database into an empty PostgreSQL one.

Everything is copied (settings, players, tables, seats, games with their
actions, scores and the leaderboard totals) in one transaction on the
target, which must be empty. Checked before committing: the row count of
every table. Checked after: the leaderboard of every channel for every
period and order and for every table size, read through the same ``Database`` API on both sides; a
difference empties the target again and fails.
"""

from __future__ import annotations

import asyncio
import sqlite3
import tempfile
from collections.abc import AsyncIterator, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, cast

from .database import Database
from .errors import StorageError, describe
from .periods import PERIODS
from .postgres import PgConn, is_postgres_url
from .stats import ORDERS, SIZES

# Parents before children (foreign keys). Tables a later migration adds are
# copied after these; table_leases and open_hands (interaction tokens: secrets
# valid for 15 minutes) are runtime state of running processes.
ORDER = (
    "channel_settings", "user_settings", "players", "tables", "seats", "games", "actions",
    "scores", "totals_month", "totals_day", "events", "event_tables",
)
SKIP = {"schema_version", "table_leases", "open_hands"}
BATCH = 5000


@dataclass
class Report:
    counts: dict[str, int] = field(default_factory=dict)
    channels: int = 0
    boards: int = 0


async def migrate_db(
    source: str | Path, target: str, *, progress: Callable[[str], None] | None = None
) -> Report:
    """Copy ``source`` (an SQLite file, only read) into ``target`` (an empty database); return what was copied."""
    say = progress or (lambda _text: None)
    if is_postgres_url(str(source)):
        raise StorageError("--from must be an SQLite database file")
    if not Path(source).is_file():
        raise StorageError(f"no such database file: {source}")
    with tempfile.TemporaryDirectory(prefix="dokobot-migrate-") as tmp:
        copy = Path(tmp) / "source.sqlite3"
        await asyncio.to_thread(_snapshot, Path(source), copy)
        try:
            src = await Database.open(copy)  # the copy is migrated to this schema, never the source
        except StorageError as exc:
            raise StorageError(str(exc).replace(str(copy), f"source {source}")) from exc
        return await _migrate(src, target, say)


def _snapshot(source: Path, copy: Path) -> None:
    """Copy ``source`` through a read-only connection and check the copy.

    The source is never written (no WAL switch, no migration), so a read-only
    backup can be migrated. Without a ``-wal`` or ``-journal`` file beside it,
    every committed page is in the file itself: it is opened ``immutable``,
    which creates no ``-shm`` / ``-wal`` file beside it either.
    """
    quiet = not any(Path(f"{source}{end}").exists() for end in ("-wal", "-journal"))
    uri = source.resolve().as_uri() + "?mode=ro" + ("&immutable=1" if quiet else "")
    try:
        src = sqlite3.connect(uri, uri=True)
        try:
            dst = sqlite3.connect(copy)
            try:
                src.backup(dst)
                rows = dst.execute("PRAGMA quick_check").fetchall()
            finally:
                dst.close()
        finally:
            src.close()
    except sqlite3.Error as exc:
        raise StorageError(f"cannot read the source database {source}: {describe(exc)}") from exc
    if rows != [("ok",)]:
        raise StorageError(f"the source database {source} is corrupt: {rows[0][0]}")


async def _migrate(src: Database, target: str, say: Callable[[str], None]) -> Report:
    try:
        dst = await Database.open(target)
        try:
            if src.schema_version != dst.schema_version:  # pragma: no cover - same dokobot migrates both
                raise StorageError("source and target have different schema versions")
            tables = await _tables(src)
            full = await _non_empty(dst, tables + ["table_leases"])
            if full:
                raise StorageError(f"the target database is not empty (table {full} has rows); refusing to write")
            report = Report()
            await _copy(src, dst, tables, report, say)
            try:
                report.channels, report.boards = await _check_leaderboards(src, dst)
            except StorageError:
                await _empty(dst, tables)
                raise
            say(f"leaderboards of {report.channels} channels identical ({report.boards} views compared)")
            return report
        finally:
            await dst.close()
    finally:
        await src.close()


async def _tables(src: Database) -> list[str]:
    rows = await src.connection().execute_fetchall("SELECT name FROM sqlite_master WHERE type = 'table'")
    names = {r[0] for r in rows} - SKIP
    return [t for t in ORDER if t in names] + sorted(names - set(ORDER))


async def _columns(src: Database, table: str) -> list[str]:
    # table comes from sqlite_master, not from input
    return [r[1] for r in await src.connection().execute_fetchall(f"PRAGMA table_info({table})")]


async def _count(db: Database, table: str) -> int:
    async with db.statement(f"count {table}") as conn:
        rows = await conn.execute_fetchall(f"SELECT COUNT(*) FROM {table}", ())
    return int(list(rows)[0][0])


async def _non_empty(db: Database, tables: Sequence[str]) -> str | None:
    for table in tables:
        async with db.statement(f"look into {table}") as conn:
            if list(await conn.execute_fetchall(f"SELECT 1 FROM {table} LIMIT 1", ())):
                return table
    return None


async def _batches(src: Database, table: str, columns: list[str]) -> AsyncIterator[list[tuple[Any, ...]]]:
    async with src.connection().execute(f"SELECT {', '.join(columns)} FROM {table}") as cur:
        while rows := await cur.fetchmany(BATCH):
            yield [tuple(r) for r in rows]


async def _copy(src: Database, dst: Database, tables: list[str], report: Report, say: Callable[[str], None]) -> None:
    async with dst.transaction("copy into the target database") as conn:
        for table in tables:
            columns = await _columns(src, table)
            n = 0
            async for rows in _batches(src, table, columns):
                if dst.dialect == "postgresql":  # transactions are typed as aiosqlite's, PgConn stands in
                    await cast(PgConn, conn).copy_rows(table, rows, columns)
                else:
                    marks = ", ".join("?" * len(columns))
                    await conn.executemany(f"INSERT INTO {table} ({', '.join(columns)}) VALUES ({marks})", rows)
                n += len(rows)
            want = await _count(src, table)
            got = list(await conn.execute_fetchall(f"SELECT COUNT(*) FROM {table}", ()))[0][0]
            if n != want or got != want:
                raise StorageError(f"table {table}: {want} rows in the source, {got} copied; nothing was written")
            report.counts[table] = want
            say(f"{table}: {want} rows")
        if dst.dialect == "postgresql":
            for table in ("tables", "games", "events"):  # identity columns continue after the copied ids
                await conn.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), COALESCE(MAX(id), 0) + 1, false)"
                    f" FROM {table}"
                )


async def _check_leaderboards(src: Database, dst: Database) -> tuple[int, int]:
    rows = await src.connection().execute_fetchall(
        "SELECT channel_id FROM totals_month UNION SELECT channel_id FROM scores"
        " UNION SELECT channel_id FROM games"
    )
    channels = sorted(r[0] for r in rows)
    boards = 0
    for channel in channels:
        for period in PERIODS:
            for order in ORDERS:
                before = await src.leaderboard(channel, period, order, limit=1_000_000)
                after = await dst.leaderboard(channel, period, order, limit=1_000_000)
                if before != after:
                    raise StorageError(
                        f"leaderboard of channel {channel} ({period}, {order}) differs after copying;"
                        " the target was emptied again"
                    )
                boards += 1
        for size in SIZES:  # the table-size filter reads the same totals by another key column
            before = await src.leaderboard(channel, "alle", "punkte", limit=1_000_000, size=size)
            after = await dst.leaderboard(channel, "alle", "punkte", limit=1_000_000, size=size)
            if before != after:
                raise StorageError(
                    f"leaderboard of channel {channel} (table size {size}) differs after copying;"
                    " the target was emptied again"
                )
            boards += 1
    return len(channels), boards


async def _empty(dst: Database, tables: list[str]) -> None:
    async with dst.transaction("empty the target again") as conn:
        for table in reversed(tables):
            await conn.execute(f"DELETE FROM {table}")
