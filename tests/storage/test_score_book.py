"""The score book (``dokobot.table.scores.ScoreBook``): every store reads the same values
back, the Bock factor is stored with the game (migration 10) so a sheet page replays
nothing, and ``finish_game`` counts the moves it is handed, not a re-read of the actions."""

from __future__ import annotations

import sqlite3
from dataclasses import replace

import pytest

import dokobot.storage.core as core_module
import dokobot.storage.sql_store as sql_store_module
from dokobot.engine import GameResult
from dokobot.engine.actions import Announce, Play, Reserve
from dokobot.storage import Database
from dokobot.storage.memory import MemoryStore
from dokobot.storage.schema import load_migrations
from dokobot.storage.sharded import ShardedStore
from dokobot.storage.sql_store import SqlStore
from dokobot.table.scores import ScoreBook, Store
from dokobot.table.store import SeatInfo, TableStore

SEATS = [SeatInfo(11, "Anna"), SeatInfo(12, "Ben"), SeatInfo(13, "Cem"), SeatInfo(14, "Dora")]
HANDS = [["CQ"], ["SQ"], ["HQ"], ["DQ"]]
BOCK_RULES = {"preset": "ddv", "bock": ["tie"]}
MOVES = [(0, Reserve("gesund")), (1, Reserve("gesund")), (2, Reserve("gesund")), (3, Reserve("gesund")),
         (0, Play("CQ"))]


def _result(winner: str | None, tie: bool = False) -> GameResult:
    augen = {"re": 120, "kontra": 120} if tie else {"re": 151, "kontra": 89}
    sign = 0 if winner is None else 1 if winner == "re" else -1
    return GameResult.from_dict({
        "contract": "normal", "re": [0, 1], "kontra": [2, 3], "winner": winner, "game_value": 1,
        "augen": augen, "score": [sign, sign, -sign, -sign],
    })


async def _book(store: TableStore, table: int, number: int, result: GameResult, bock: int = 1) -> int:
    game_id = await store.create_game(table, number, BOCK_RULES, SEATS, 0, HANDS)
    points = [v * bock for v in result.score]
    await store.finish_game(game_id, result, points, MOVES, last=None, bock=bock)
    return game_id


def _members(protocol: type) -> set[str]:
    return {n for k in protocol.__mro__ if k.__module__.startswith("dokobot") for n in vars(k)
            if not n.startswith("_")}


def test_the_sharded_store_names_every_call_it_forwards():
    """No ``__getattr__``: each call of the store and the score book is written out (mypy checks it)."""
    assert "__getattr__" not in vars(ShardedStore)
    for name in _members(Store) | _members(ScoreBook) | _members(TableStore):
        assert name in vars(ShardedStore), name
        assert name in vars(SqlStore) and name in vars(MemoryStore), name


async def test_the_bock_factor_is_stored_and_read_back_alike(db):
    """A game booked with factor 2 shows it on the sheet page; memory and database agree."""
    sql, mem = SqlStore(db), MemoryStore()
    for store in (sql, mem):
        table = await store.open_table(100, 7, 11, SEATS)
        await _book(store, table, 1, _result("re", tie=True))
        await _book(store, table, 2, _result("kontra"), bock=2)
        await _book(store, table, 3, _result("re"), bock=4)
    sheets = [await store.sheet_page(1, None, None, 20) for store in (sql, mem)]
    assert [replace(line, game_id=0) for line in sheets[0].lines] == [  # ids: the stores count apart
        replace(line, game_id=0) for line in sheets[1].lines]
    assert replace(sheets[0], lines=()) == replace(sheets[1], lines=())
    assert [line.bock for line in sheets[0].lines] == [1, 2, 4]
    assert sheets[0].bock == {2: 2, 3: 4}
    assert sheets[0].totals == {11: 1 - 2 + 4, 12: 1 - 2 + 4, 13: -1 + 2 - 4, 14: -1 + 2 - 4}


async def test_records_and_ratings_read_alike_from_every_store(db):
    sql, mem = SqlStore(db), MemoryStore()
    for store in (sql, mem):
        table = await store.open_table(100, 7, 11, SEATS)
        await _book(store, table, 1, _result("re"))
        await _book(store, table, 2, _result("kontra"))
        assert await store.booked_record(100, 9) is None
        assert await store.booked_record(200) is None
    for number in (None, 1, 2):
        from_db, from_memory = await sql.booked_record(100, number), await mem.booked_record(100, number)
        assert from_db == from_memory and from_db is not None
        assert from_db.number == (number or 2) and from_db.names == ("Anna", "Ben", "Cem", "Dora")
    assert await sql.ratings(100) == await mem.ratings(100)
    assert await sql.rating_history(100, 11) == await mem.rating_history(100, 11)
    assert len(await sql.rating_history(100, 11)) == 2
    assert sql.ranks and not mem.ranks


async def test_finish_game_counts_the_moves_it_is_handed(db):
    """The statistics count the announcements of the moves the table holds: the stored
    actions are not read back (here they hold none)."""
    store = SqlStore(db)
    table = await store.open_table(100, 7, 11, SEATS)
    game_id = await store.create_game(table, 1, {"preset": "ddv"}, SEATS, 0, HANDS)
    await store.finish_game(game_id, _result("re"), [1, 1, -1, -1], [*MOVES, (1, Announce("re"))])
    assert (await store.statistics(100, 12)).announcements == 1
    assert (await store.statistics(100, 11)).announcements == 0


async def test_games_from_before_version_10_are_replayed_once(new_db_path, monkeypatch):
    """A database of version 9 gets the column empty; the first sheet read replays the
    table's games once and keeps their factors, the next reads replay nothing."""
    shipped = load_migrations()
    assert shipped[9].name == "010_bock.sql"
    monkeypatch.setattr(core_module, "load_migrations", lambda: shipped[:9])
    old = await Database.open(new_db_path)
    try:
        table = await _old_table(old, [(p.user_id, p.name, 0) for p in SEATS])
        await _book_as_version_9(old, table)
    finally:
        await old.close()
    monkeypatch.setattr(core_module, "load_migrations", lambda: shipped)
    db = await Database.open(new_db_path)
    try:
        assert db.schema_version == len(shipped)
        replays: list[int] = []
        replay = sql_store_module.bock_factors
        monkeypatch.setattr(sql_store_module, "bock_factors", lambda games: replays.append(1) or replay(games))
        store = SqlStore(db)
        first = await store.sheet_page(table, None, None, 20)
        assert [line.bock for line in first.lines] == [1, 2, 2, 2, 2, 1] and replays == [1]
        again = await store.sheet_page(table, None, None, 3)
        assert [line.bock for line in again.lines] == [2, 2, 1] and replays == [1]
        assert first.bock == {2: 2, 3: 2, 4: 2, 5: 2}
    finally:
        await db.close()


async def _old_table(old: Database, seats: list[tuple[int, str, int]]) -> int:
    """An open table written as an older version did (its seats without a level column)."""
    async with old._transaction("open a table as an older version") as conn:
        rows = await core_module._all(conn, "INSERT INTO tables (channel_id, guild_id, host_id, status, created_at)"
                                      " VALUES (100, 7, 11, 'open', 0) RETURNING id")
        await conn.executemany("INSERT INTO seats (table_id, seat, user_id, name, is_bot) VALUES (?, ?, ?, ?, ?)",
                               [(rows[0][0], i, *seat) for i, seat in enumerate(seats)])
    return int(rows[0][0])


async def _book_as_version_9(old: Database, table: int) -> None:
    """Six finished games at a Bock table as version 9 booked them: the points with Bock, no factor."""
    results = [_result("re", tie=True), _result("kontra"), _result("re"), _result("re"), _result("re"),
               _result("kontra")]
    for n, result in enumerate(results, start=1):
        game_id = await old.create_game(table, BOCK_RULES, SEATS, 0, HANDS, number=n)
        factor = 2 if 2 <= n <= 5 else 1  # the tie of game 1 sets off a round of four games
        async with old._transaction("book as version 9") as conn:
            await conn.execute("UPDATE games SET status = 'finished', finished_at = 1, result = ?,"
                               " contract = 'normal' WHERE id = ?", (core_module.dumps(result.to_dict()), game_id))
            await conn.executemany(
                "INSERT INTO scores (game_id, seat, user_id, party, points, won, is_bot, finished_at, channel_id,"
                " size) VALUES (?, ?, ?, ?, ?, 0, 0, 1, 100, 4)",
                [(game_id, s, p.user_id, "re", result.score[s] * factor) for s, p in enumerate(SEATS)])


@pytest.mark.parametrize("dialect", ["sqlite"])
async def test_the_migration_adds_an_empty_column(new_db_path):
    db = await Database.open(new_db_path)
    await db.close()
    with sqlite3.connect(new_db_path) as conn:
        columns = {r[1]: r for r in conn.execute("PRAGMA table_info(games)")}
        assert columns["bock"][2] == "INTEGER" and columns["bock"][3] == 0  # nullable: older games have none
        assert "games_bock_missing" in {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}


async def test_a_computer_keeps_its_level_with_the_seat(new_db_path, monkeypatch):
    """Version 11 keeps a computer's level with its seat: backfilled from the names of the
    seats of version 10, stored with new seats and games, read back as ``SeatInfo.level``."""
    shipped = load_migrations()
    assert shipped[10].name == "011_computer_level.sql"
    monkeypatch.setattr(core_module, "load_migrations", lambda: shipped[:10])
    old = await Database.open(new_db_path)
    try:
        table = await _old_table(old, [(11, "Anna", 0), (-5, "Computer 1 (schwer)", 1), (-6, "Computer 2", 1),
                                       (-7, "Computer 3 (leicht)", 1)])
    finally:
        await old.close()
    monkeypatch.setattr(core_module, "load_migrations", lambda: shipped)
    store = SqlStore(await Database.open(new_db_path))
    try:
        [stored] = await store.open_tables()
        assert [s.level for s in stored.seats] == [None, "schwer", "mittel", "leicht"]
        seats = [SeatInfo(11, "Anna"), SeatInfo(-8, "Computer 4", True, "schwer")]  # no level in the name
        await store.set_seats(table, seats, 11)
        assert (await store.open_tables())[0].seats == seats
        game_id = await store.create_game(table, 1, {"preset": "ddv"}, seats, 0, [["CQ"], ["SQ"]])
        [running] = await store.running_games()
        assert running.game_id == game_id and running.players == seats
    finally:
        await store.close()
