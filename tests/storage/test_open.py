"""Opening the database: migrations and the refusals with a clear reason."""

from __future__ import annotations

import os
import sqlite3

import pytest

from dokobot.storage import Database, StorageError
from dokobot.storage import core as core_module
from dokobot.storage.schema import Migration, load_migrations

TABLES = {
    "schema_version", "channel_settings", "user_settings", "players", "tables", "seats",
    "games", "actions", "scores", "totals_month", "totals_day",
}


@pytest.fixture
def db_path(tmp_path):
    """Opening and refusing files is SQLite's business (PostgreSQL: test_postgres.py)."""
    return tmp_path / "doko.db"


def _tables(path) -> set[str]:
    with sqlite3.connect(path) as conn:
        return {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}


def test_migrations_ship_as_package_data():
    migrations = load_migrations()
    assert [m.version for m in migrations] == list(range(1, len(migrations) + 1))
    assert migrations[0].name == "001_initial.sql"
    assert all(stmt.strip() for stmt in migrations[0].statements())


async def test_open_creates_schema_and_pragmas(db_path):
    db = await Database.open(db_path)
    assert db.schema_version == len(load_migrations())
    conn = db._connection()
    async with conn.execute("PRAGMA journal_mode") as cur:
        assert (await cur.fetchone())[0] == "wal"
    async with conn.execute("PRAGMA foreign_keys") as cur:
        assert (await cur.fetchone())[0] == 1
    await db.close()
    assert TABLES <= _tables(db_path)
    with sqlite3.connect(db_path) as conn:
        versions = [r[0] for r in conn.execute("SELECT version FROM schema_version")]
        assert versions == [m.version for m in load_migrations()]
        assert conn.execute("PRAGMA user_version").fetchone()[0] == db.schema_version


async def test_reopen_applies_nothing_twice(db_path):
    await (await Database.open(db_path)).close()
    db = await Database.open(db_path)
    await db.close()
    with sqlite3.connect(db_path) as conn:
        assert conn.execute("SELECT COUNT(*) FROM schema_version").fetchone()[0] == len(load_migrations())


async def test_pending_migration_is_applied_and_failing_one_rolls_back(db_path, monkeypatch):
    await (await Database.open(db_path)).close()
    shipped = load_migrations()
    good = Migration(len(shipped) + 1, "002_extra.sql", "CREATE TABLE extra (x INTEGER);\n")
    bad = Migration(
        len(shipped) + 2, "003_bad.sql", "CREATE TABLE half (x INTEGER);\nINSERT INTO nowhere VALUES (1);\n"
    )
    monkeypatch.setattr(core_module, "load_migrations", lambda: [*shipped, good, bad])
    with pytest.raises(StorageError, match="no such table: nowhere"):
        await Database.open(db_path)
    # the whole start-up is one transaction: neither 002 nor 003 stuck
    assert "extra" not in _tables(db_path) and "half" not in _tables(db_path)
    monkeypatch.setattr(core_module, "load_migrations", lambda: [*shipped, good])
    db = await Database.open(db_path)
    assert db.schema_version == len(shipped) + 1
    await db.close()
    assert "extra" in _tables(db_path)


async def test_newer_schema_is_refused(db_path):
    await (await Database.open(db_path)).close()
    with sqlite3.connect(db_path) as conn:
        conn.execute("INSERT INTO schema_version VALUES (999, '999_future.sql', 0)")
    with pytest.raises(StorageError) as err:
        await Database.open(db_path)
    message = str(err.value)
    assert "newer" in message and "999" in message and "\n" not in message


async def test_corrupt_file_is_refused(tmp_path):
    path = tmp_path / "garbage.db"
    path.write_bytes(os.urandom(64 * 1024))
    with pytest.raises(StorageError, match="corrupt or not an SQLite database"):
        await Database.open(path)


async def test_foreign_sqlite_database_is_refused(tmp_path):
    path = tmp_path / "other.db"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE players (id INTEGER)")
    with pytest.raises(StorageError, match="another program"):
        await Database.open(path)


async def test_read_only_uri_is_refused(db_path):
    await (await Database.open(db_path)).close()
    with pytest.raises(StorageError, match="read-only"):
        await Database.open(f"file:{db_path}?mode=ro")


@pytest.mark.skipif(os.geteuid() == 0, reason="root ignores file permissions")
async def test_read_only_file_is_refused(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    path = folder / "doko.db"
    await (await Database.open(path)).close()
    for name in os.listdir(folder):
        os.chmod(folder / name, 0o444)
    os.chmod(folder, 0o555)
    try:
        with pytest.raises(StorageError, match="read-only|cannot open"):
            await Database.open(path)
    finally:
        os.chmod(folder, 0o755)


async def test_locked_database_is_refused(db_path):
    await (await Database.open(db_path)).close()
    other = sqlite3.connect(db_path, isolation_level=None)
    try:
        other.execute("BEGIN EXCLUSIVE")
        with pytest.raises(StorageError, match="locked"):
            await Database.open(db_path, busy_timeout=0.05)
    finally:
        other.execute("ROLLBACK")
        other.close()
    await (await Database.open(db_path)).close()  # usable again once released


async def test_locked_new_file_is_refused(tmp_path):
    path = tmp_path / "fresh.db"
    other = sqlite3.connect(path, isolation_level=None)
    try:
        other.execute("BEGIN EXCLUSIVE")
        with pytest.raises(StorageError, match="locked"):
            await Database.open(path, busy_timeout=0.05)
    finally:
        other.execute("ROLLBACK")
        other.close()


async def test_missing_directory_is_refused(tmp_path):
    with pytest.raises(StorageError, match="cannot open"):
        await Database.open(tmp_path / "no" / "such" / "dir.db")


async def test_closed_database_refuses_calls(db):
    await db.close()
    await db.close()  # idempotent
    with pytest.raises(StorageError, match="closed"):
        await db.get_settings(1)
