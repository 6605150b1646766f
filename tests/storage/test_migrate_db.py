"""``dokobot migrate-db``: SQLite into an empty PostgreSQL, checked, or refused."""

from __future__ import annotations

import dataclasses
import random

import pytest

from dokobot.cli import main
from dokobot.storage import Database, StorageError
from dokobot.storage.migrate import migrate_db
from tests import pg
from tests.storage.helpers import FOUR, _fill


@pytest.fixture
async def target():
    name, url = await pg.new_schema()
    yield url
    await pg.drop_schema(name)




async def test_copies_everything_checks_and_refuses_a_second_time(tmp_path, target):
    source = tmp_path / "doko.sqlite3"
    before = await _fill(source)
    said: list[str] = []
    report = await migrate_db(source, target, progress=said.append)
    assert report.counts["games"] == 122 and report.counts["actions"] > 0
    assert report.channels == 2 and report.boards == 2 * (4 * 3 + 3)  # periods x orders, and each table size
    assert any(line.startswith("scores: ") for line in said)
    db = await Database.open(target)
    try:
        assert db.dialect == "postgresql"
        assert await db.unfinished_games() == before["running"]
        assert await db.open_tables() == before["tables"]
        assert await db.get_settings(100) == before["settings"]
        assert await db.get_user_language(1) == "en"
        assert await db.game_record((await db.finished_games(100))[0]) == before["record"]
        assert await db.statistics(100, before["stats"].user_id) == before["stats"]
        assert await db.score_sheet(before["sheet"].table_id) == before["sheet"]
        # new ids continue after the copied ones
        fresh = await db.open_table(300, 7, 1, FOUR)
        assert fresh > max(t.id for t in before["tables"])
        await db.close_table(fresh)
    finally:
        await db.close()
    with pytest.raises(StorageError, match="not empty"):
        await migrate_db(source, target)


async def test_a_differing_leaderboard_empties_the_target(tmp_path, target, monkeypatch):
    source = tmp_path / "doko.sqlite3"
    await _fill(source)
    real = Database.leaderboard

    async def skewed(self, channel_id, *args, **kwargs):
        board = await real(self, channel_id, *args, **kwargs)
        if self.dialect == "postgresql" and channel_id == 200:
            return dataclasses.replace(board, total=board.total + 1)
        return board

    monkeypatch.setattr(Database, "leaderboard", skewed)
    with pytest.raises(StorageError, match="leaderboard of channel 200"):
        await migrate_db(source, target)
    db = await Database.open(target)
    try:
        rows = await db._connection().execute_fetchall("SELECT COUNT(*) FROM games")
        assert rows[0][0] == 0
    finally:
        await db.close()


def test_cli(tmp_path, capsys):
    import asyncio

    url = pg.server_url()
    name = "t_cli_" + str(random.randrange(10**9))
    scoped = pg.with_schema(url, name)
    asyncio.run(_make_schema(url, name))
    try:
        source = tmp_path / "doko.sqlite3"
        asyncio.run(_fill(source))
        assert main(["migrate-db", "--from", str(source), "--to", scoped]) == 0
        out = capsys.readouterr().out
        assert "copied 122 games of 2 channels" in out
        assert main(["migrate-db", "--from", str(source), "--to", scoped]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "not empty" in err
        assert main(["migrate-db", "--from", str(tmp_path / "missing.sqlite3"), "--to", scoped]) == 2
        assert "no such database file" in capsys.readouterr().err
        assert not (tmp_path / "missing.sqlite3").exists()
        assert main(["migrate-db", "--from", str(source), "--to", "postgresql://u:s3cret@127.0.0.1:1/x"]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "not reachable" in err and "s3cret" not in err
    finally:
        asyncio.run(_drop_schema(name))


async def _make_schema(url, name):
    import asyncpg

    conn = await asyncpg.connect(url)
    await conn.execute(f"CREATE SCHEMA {name}")
    await conn.close()


async def _drop_schema(name):
    await pg.drop_schema(name)
