"""Issue 21: a PostgreSQL backend killed between two clicks.

The next click's write fails on the dead connection (asyncpg raises
``ConnectionDoesNotExistError`` or ``InternalClientError``, or the socket an
``OSError``): the player gets the store's "not saved" answer, the log has
one line and no traceback, nothing changed; the click after it runs on a
new connection of the pool."""

from __future__ import annotations

import logging

import asyncpg
import pytest

from dokobot.storage.sql_store import SqlStore
from dokobot.text.i18n import t
from tests import pg


@pytest.fixture
async def pg_url():
    name, url = await pg.new_schema()
    yield url
    await pg.drop_schema(name)


@pytest.fixture
async def store(pg_url):
    store = await SqlStore.open(pg_url)
    yield store
    await store.close()


def backend_pids(store: SqlStore) -> list[int]:
    """The server processes of this store's pool (only ours: other tests share the server)."""
    pool = store.db._connection().pool
    return [h._con.get_server_pid() for h in pool._holders if h._con is not None and not h._con.is_closed()]


@pytest.fixture
async def admin():
    conn = await asyncpg.connect(pg.server_url())
    yield conn
    await conn.close()


async def test_a_backend_killed_between_two_clicks(doko, store, admin, caplog, monkeypatch):
    """The kill lands right before the click's write, before the client could see the
    connection close: the write fails on the dead connection (which error asyncpg
    raises depends on how far its protocol got), the pool reconnects for the next."""
    await doko.to_the_first_card()
    real = SqlStore.append_action
    kill = {"on": True}

    async def killed_first(self, *args):  # noqa: ANN001, ANN202
        if kill["on"]:
            kill["on"] = False
            await admin.execute("SELECT pg_terminate_backend(pid) FROM unnest($1::int[]) pid", backend_pids(self))
        return await real(self, *args)

    monkeypatch.setattr(SqlStore, "append_action", killed_first)
    refused = 0
    for _ in range(4):  # the answer to a dead connection: "not saved", or saved on a new one
        kill["on"] = True
        before = doko.table.game.record()
        caplog.clear()
        actor = doko.player(doko.table.game.to_act)
        res = await doko.click_hand(actor, "play")
        answers = [m.content for m in [res.response, *res.followups] if m is not None]
        assert t("de", "err.internal") not in answers, answers
        logged = [r for r in caplog.records if r.levelno >= logging.ERROR]
        assert all(r.exc_info is None for r in logged), [r.getMessage() for r in logged]  # no traceback
        disk = (await store.db.unfinished_games())[0].actions
        assert disk == doko.table.game.record()["actions"]  # memory equals disk either way
        if t("de", "err.storage") in answers:
            refused += 1
            assert doko.table.game.record() == before  # nothing changed
            assert [r.getMessage() for r in logged] and all("could not save" in r.getMessage() for r in logged)
            caplog.clear()  # the one expected error line, checked above
            await doko.click_hand(actor, "play")  # the next click: a new connection, saved
            assert len(doko.table.game.record()["actions"]) == len(before["actions"]) + 1
            assert len((await store.db.unfinished_games())[0].actions) == len(before["actions"]) + 1
        else:
            assert len(doko.table.game.record()["actions"]) == len(before["actions"]) + 1
    assert refused >= 1  # the kill did hit a write
    caplog.clear()
    monkeypatch.undo()
    await doko.open_all_hands()
    await doko.play_out()
    assert doko.table.state == "between"
