"""The open private hands (issue 25, migration 009): what a restarted process needs to
edit a hand once more after a kill. One row per table and person, replaced by the newer
hand, taken (read and forgotten) in one call; kept across a reopen; on SQLite and
PostgreSQL (``db_path``) and in the ``MemoryStore``, which must agree. Runtime state and
a secret: ``dokobot migrate-db`` does not copy it and the token is not in a ``repr``."""

from __future__ import annotations

import sqlite3

import pytest

import dokobot.storage.core as core_module
from dokobot.storage import Database
from dokobot.storage.memory import MemoryStore
from dokobot.storage.migrate import migrate_db
from dokobot.storage.schema import load_migrations
from dokobot.storage.sql_store import SqlStore
from dokobot.table.store import OpenHand, StoreError
from tests import pg

SNOWFLAKE = 1_234_567_890_123_456_789  # ids are 64-bit: PostgreSQL needs BIGINT for them


def hand(table_id: int, user_id: int, token: str, at: float = 1_700_000_000.0, message_id: int | None = None,
         lang: str = "de") -> OpenHand:
    return OpenHand(table_id, user_id, SNOWFLAKE, token, at, message_id, lang)


async def _exercise(store) -> None:
    """The same calls on every store, with the outcomes they must give."""
    assert await store.take_hands(1) == []
    await store.keep_hand(hand(1, SNOWFLAKE + 1, "first", message_id=SNOWFLAKE + 9))
    await store.keep_hand(hand(1, SNOWFLAKE + 1, "newer", at=1_700_000_060.0, lang="en"))  # the same person: replaced
    await store.keep_hand(hand(1, 5, "ost"))
    await store.keep_hand(hand(2, 5, "other table"))
    await store.forget_hand(1, 5)
    await store.forget_hand(1, 77)  # none kept: nothing happens
    assert await store.take_hands(1) == [hand(1, SNOWFLAKE + 1, "newer", at=1_700_000_060.0, lang="en")]
    assert await store.take_hands(1) == []  # taken means forgotten
    assert await store.take_hands(2) == [hand(2, 5, "other table")]


async def test_the_memory_store_keeps_takes_and_forgets_hands():
    await _exercise(MemoryStore())


async def test_the_database_keeps_takes_and_forgets_hands(db_path):
    store = await SqlStore.open(db_path)
    try:
        await _exercise(store)
    finally:
        await store.close()


async def test_open_hands_outlive_a_reopen_until_taken(db_path):
    db = await Database.open(db_path)
    await db.keep_hand(hand(3, SNOWFLAKE, "kept", message_id=SNOWFLAKE + 2))
    await db.close()
    db = await Database.open(db_path)
    try:
        assert await db.take_hands(3) == [hand(3, SNOWFLAKE, "kept", message_id=SNOWFLAKE + 2)]
    finally:
        await db.close()
    db = await Database.open(db_path)
    try:
        assert await db.take_hands(3) == []
    finally:
        await db.close()


async def test_a_closed_database_fails_as_a_store_error_without_the_token(tmp_path):
    store = await SqlStore.open(tmp_path / "closed.sqlite3")
    await store.close()
    with pytest.raises(StoreError) as err:
        await store.keep_hand(hand(1, 2, "s3cr3t-token"))
    assert "s3cr3t" not in str(err.value)
    with pytest.raises(StoreError):
        await store.take_hands(1)


def test_the_token_is_not_in_the_repr():
    shown = repr(hand(1, 2, "s3cr3t-token"))
    assert "s3cr3t" not in shown and "user_id=2" in shown


async def test_a_version_8_database_gets_the_table(tmp_path, monkeypatch):
    path = tmp_path / "v8.sqlite3"
    shipped = load_migrations()
    assert shipped[8].name == "009_open_hands.sql"
    monkeypatch.setattr(core_module, "load_migrations", lambda: shipped[:8])
    await (await Database.open(path)).close()
    with sqlite3.connect(path) as conn:
        assert "open_hands" not in {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
    monkeypatch.setattr(core_module, "load_migrations", lambda: shipped)
    db = await Database.open(path)
    try:
        assert db.schema_version == len(shipped)  # every migration after 8 ran
        await db.keep_hand(hand(1, 2, "t"))
        assert await db.take_hands(1) == [hand(1, 2, "t")]
    finally:
        await db.close()


async def test_migrate_db_does_not_copy_the_open_hands(tmp_path):
    source = tmp_path / "source.sqlite3"
    db = await Database.open(source)
    table_id = await db.open_table(100, 7, 11)
    await db.keep_hand(hand(table_id, 11, "secret"))
    await db.close()
    schema, url = await pg.new_schema()
    try:
        report = await migrate_db(source, url)
        assert "open_hands" not in report.counts and report.counts["tables"] == 1
        target = await Database.open(url)
        try:
            assert await target.take_hands(table_id) == []
        finally:
            await target.close()
    finally:
        await pg.drop_schema(schema)
