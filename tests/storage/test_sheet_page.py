"""A page of the Spielliste at a bounded cost (issue 20): the database sums the
totals and counts, Python reads only the page's games; the page is exactly the
same part of the sheet that all the table's games would build."""

from __future__ import annotations

import random

import pytest

import dokobot.storage.games
from dokobot.storage import Database
from dokobot.storage.sql_store import SqlStore
from dokobot.table.sheet import build_sheet, page_of
from dokobot.table.table import computer_id
from tests import pg

from .dialects import snapshot
from .gen import NOW, pool, random_game, store_game, store_games


async def _table(db, games: int, seed: int = 7, *, one_by_one: bool = False) -> int:
    """A table that played ``games`` games, stored at once (``store_games``) or as the bot
    stores them, one by one; test_the_bulk_store_leaves_what_the_bot_leaves: the same rows."""
    rng = random.Random(seed)
    people = pool(rng, humans=9, bots=2)
    for p in people:  # computers as the table seats them: with their stable negative id
        if p["is_bot"]:
            p["user_id"] = computer_id(p["name"])
    table = await db.open_table(100, 1, 1000, now=NOW)  # a fixed time: the same row in every database
    played = [random_game(rng, people, 30, big=True) for _ in range(games)]
    if not one_by_one:
        await store_games(db, table, played)
    for game in played if one_by_one else ():
        await store_game(db, table, game)
    return table


@pytest.fixture
async def second_db(dialect, tmp_path):
    """A second database of the test's dialect."""
    if dialect == "sqlite":
        database = await Database.open(tmp_path / "second.db")
        yield database
        await database.close()
        return
    schema, url = await pg.migrated_schema()
    database = await Database.open(url)
    yield database
    await database.close()
    await pg.give_back(schema)


async def test_the_bulk_store_leaves_what_the_bot_leaves(db, second_db):
    """The games of the tests below, stored at once and one by one as the bot does: every
    table of both databases holds the same rows."""
    await _table(db, 90, one_by_one=True)
    await _table(second_db, 90)
    tables = [r[0] for r in await db.connection().execute_fetchall(
        "SELECT name FROM sqlite_master WHERE type = 'table'" if db.dialect == "sqlite" else
        "SELECT tablename FROM pg_tables WHERE schemaname = current_schema()") if r[0] != "schema_version"]
    assert {"games", "actions", "scores", "sheet_totals", "totals_day", "ratings", "players"} <= set(tables)
    one_by_one, at_once = await snapshot(db, tables), await snapshot(second_db, tables)
    assert sum(map(len, one_by_one.values())) > 1900
    for name in tables:
        assert at_once[name] == one_by_one[name], name


async def test_the_players_stand_in_order_of_first_appearance(db):
    """The sheet names its players as the games first name them (by game, then seat), however
    the database keeps its rows: PostgreSQL moves a row with every update of its sums."""
    table = await _table(db, 30, one_by_one=True)
    store = SqlStore(db)
    whole = build_sheet(await store.finished_games(table))
    for before in (None, 10):
        page = await store.sheet_page(table, None, before, 5)
        assert list(page.names) == list(whole.names)
        assert list(page.played) == list(whole.names)


@pytest.mark.parametrize("size", [None, 4, 5, 6])
async def test_a_page_is_that_part_of_the_whole_sheet(db, size):
    table = await _table(db, 90)
    store = SqlStore(db)
    whole = build_sheet(await store.finished_games(table), size)
    assert whole.mixed or size is not None  # sizes 4, 5 and 6 at one table
    numbers = [line.number for line in whole.lines]
    for before in (None, numbers[-1], numbers[len(numbers) // 2], numbers[3], numbers[0]):
        for limit in (1, 20):
            page = await store.sheet_page(table, size, before, limit)
            assert page == page_of(whole, before, limit), (size, before, limit)
            if before is not None:  # the other way: the games after it
                page = await store.sheet_page(table, size, None, limit, after=before)
                assert page == page_of(whole, None, limit, after=before), (size, before, limit)


async def test_the_rows_read_stay_bounded_however_long_the_table_played(db, monkeypatch):
    table = await _table(db, 1500, seed=11)
    store = SqlStore(db)
    read: list[int] = []
    original = dokobot.storage.games._all

    async def counted(conn, sql, params=()):  # noqa: ANN001, ANN202
        rows = await original(conn, sql, params)
        read.append(len(rows))
        return rows

    monkeypatch.setattr(dokobot.storage.games, "_all", counted)
    page = await store.sheet_page(table, None, None, 20)
    assert len(page.lines) == 20 and page.earlier == 1480 and page.later == 0
    assert sum(read) < 800, sum(read)  # of 1,500 games: 40 and their actions and points, sums per player
    read.clear()
    await store.finished_games(table)  # what the sheet read before: every game
    assert sum(read) > 3000
