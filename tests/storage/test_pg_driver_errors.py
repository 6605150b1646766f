"""Issue 21: every error the PostgreSQL driver raises for a dead connection is
a ``StorageError`` (the store's "not saved"), and the pool connects anew."""

from __future__ import annotations

import asyncpg
import pytest

from dokobot.storage import Database, StorageError
from tests import pg


@pytest.fixture
async def db():
    name, url = await pg.migrated_schema()
    db = await Database.open(url)
    yield db
    await db.close()
    await pg.give_back(name)


ERRORS = [
    asyncpg.InternalClientError("cannot switch to state 15; another operation (2) is in progress"),
    asyncpg.ConnectionDoesNotExistError("connection was closed in the middle of operation"),
    ConnectionResetError(104, "Connection reset by peer"),
    OSError(32, "Broken pipe"),
]


@pytest.mark.parametrize("error", ERRORS, ids=lambda e: type(e).__name__)
async def test_a_dead_connection_is_not_saved_and_the_next_write_reconnects(db, error, monkeypatch):
    table = await db.open_table(1, 1, 100, [{"user_id": 100, "name": "N"}])
    pool = db._connection().pool
    [pid] = {h._con.get_server_pid() for h in pool._holders if h._con is not None and not h._con.is_closed()}
    admin = await asyncpg.connect(pg.server_url())
    real = asyncpg.Connection.execute
    calls = []

    async def dies(self, query, *args, **kwargs):  # noqa: ANN001, ANN202
        if not calls:  # the backend is killed, and the client learns it from this call
            calls.append(query)
            await admin.execute("SELECT pg_terminate_backend($1)", self.get_server_pid())
            raise error
        return await real(self, query, *args, **kwargs)

    monkeypatch.setattr(asyncpg.Connection, "execute", dies)
    try:
        with pytest.raises(StorageError):
            await db.set_message_id(table, 7)
    finally:
        await admin.close()
    monkeypatch.undo()
    await db.set_message_id(table, 8)  # a new connection of the pool
    assert [t.message_id for t in await db.open_tables()] == [8]
    assert {h._con.get_server_pid() for h in pool._holders if h._con is not None} != {pid}
