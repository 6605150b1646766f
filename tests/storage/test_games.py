"""Games: numbering, appending, recovery after a crash, finishing atomically."""

from __future__ import annotations

import asyncio
import sqlite3
from datetime import UTC, datetime

import pytest

from dokobot.storage import Database, StorageError
from tests.storage.dialects import fail_inserts, snapshot, stop_failing

FOUR = [{"user_id": i, "name": f"P{i}", "is_bot": False} for i in (11, 12, 13, 14)]
HANDS = [["CQ", "DA"], ["HT", "SA"], ["CJ", "D9"], ["HA", "C9"]]
RESULT = {
    "contract": "normal", "re": [0, 2], "kontra": [1, 3], "augen": {"re": 151, "kontra": 89},
    "tricks": {"re": 8, "kontra": 4}, "winner": "re", "game_value": 3, "score": [3, -3, 3, -3],
    "breakdown": [{"party": "re", "label": "gewonnen", "points": 1}],
    "extras": [{"key": "fuchs", "party": "re", "seat": 0, "victim": 1}],
}
ACTIONS = [{"seat": s, "reserve": "gesund"} for s in (1, 2, 3, 0)] + [
    {"seat": 1, "play": "HT"}, {"seat": 2, "announce": "re"}, {"seat": 2, "play": "CJ"},
]


async def _table(db, channel=100):
    return await db.open_table(channel, 7, 11, FOUR, message_id=321)


async def _game(db, table, actions=ACTIONS):
    game = await db.create_game(table, {"preset": "ddv", "dulle": "second_wins"}, FOUR, 3, HANDS)
    for i, action in enumerate(actions):
        await db.append_action(game, i, action)
    return game


async def test_numbers_count_up_per_table_and_one_running_game(db):
    t = await _table(db)
    g1 = await db.create_game(t, {}, FOUR, 0, HANDS)
    with pytest.raises(StorageError, match="already has a running game"):
        await db.create_game(t, {}, FOUR, 1, HANDS)
    await db.abort_game(g1)
    await db.create_game(t, {}, FOUR, 1, HANDS)
    assert await db.last_game_number(t) == 2
    other = await _table(db, channel=200)
    g = await db.create_game(other, {}, FOUR, 0, HANDS, number=7)
    assert [r.number for r in await db.unfinished_games() if r.game_id == g] == [7]
    await db.abort_game(g)
    with pytest.raises(StorageError, match="number 7"):
        await db.create_game(other, {}, FOUR, 0, HANDS, number=7)


async def test_create_game_validates_input(db):
    t = await _table(db)
    with pytest.raises(StorageError, match="hands"):
        await db.create_game(t, {}, FOUR, 0, HANDS[:3])
    with pytest.raises(StorageError, match="dealer"):
        await db.create_game(t, {}, FOUR, 4, HANDS)
    with pytest.raises(StorageError, match="does not exist"):
        await db.create_game(999, {}, FOUR, 0, HANDS)
    assert await db.last_game_number(t) == 0


async def test_append_refuses_gaps_duplicates_and_non_json(db):
    g = await _game(db, await _table(db), ACTIONS[:2])
    with pytest.raises(StorageError, match="not the next one"):
        await db.append_action(g, 1, ACTIONS[1])
    with pytest.raises(StorageError, match="not the next one"):
        await db.append_action(g, 5, ACTIONS[2])
    with pytest.raises(StorageError, match="not JSON"):
        await db.append_action(g, 2, {"seat": 1, "bad": {1, 2}})
    with pytest.raises(StorageError, match="does not exist"):
        await db.append_action(9999, 0, ACTIONS[0])
    await db.append_action(g, 2, ACTIONS[2])
    [running] = await db.unfinished_games()
    assert running.actions == ACTIONS[:3]


async def test_appended_actions_survive_a_crash(db_path):
    """Each append is committed: a second connection (the restarted bot) sees it
    while the first one was never closed cleanly."""
    first = await Database.open(db_path)
    t = await _table(first)
    g = await _game(first, t)
    second = await Database.open(db_path)
    [running] = await second.unfinished_games()
    assert running.game_id == g and running.table_id == t and running.channel_id == 100
    assert running.guild_id == 7 and running.message_id == 321 and running.number == 1
    assert running.rules == {"preset": "ddv", "dulle": "second_wins"}
    assert running.players == FOUR and running.dealer == 3 and running.hands == HANDS
    assert running.actions == ACTIONS
    assert [s.user_id for s in running.seats] == [11, 12, 13, 14]
    await second.append_action(g, len(ACTIONS), {"seat": 3, "play": "HA"})
    await second.close()
    await first.close()


async def test_concurrent_appends_to_many_games(db):
    tables = [await _table(db, channel=c) for c in range(10)]
    games = [await db.create_game(t, {}, FOUR, 0, HANDS) for t in tables]

    async def play(game_id):
        for i in range(30):
            await db.append_action(game_id, i, {"seat": i % 4, "play": "CQ"})

    await asyncio.gather(*(play(g) for g in games))
    assert all(len(r.actions) == 30 for r in await db.unfinished_games())


async def test_finish_game_writes_result_scores_and_stops_appends(db):
    t = await _table(db)
    g = await _game(db, t)
    await db.finish_game(g, RESULT, {11: 3, 12: -3, 13: 3, 14: -3}, now=datetime(2026, 5, 1, tzinfo=UTC))
    assert await db.unfinished_games() == []
    assert await db.game_result(g) == RESULT
    with pytest.raises(StorageError, match="finished"):
        await db.append_action(g, len(ACTIONS), {"seat": 3, "play": "HA"})
    with pytest.raises(StorageError, match="finished, not running"):
        await db.finish_game(g, RESULT)
    stats = await db.statistics(100, 11)
    assert (stats.games, stats.points, stats.re_games, stats.re_wins, stats.fuechse_caught) == (1, 3, 1, 1, 1)
    assert (await db.statistics(100, 12)).fuechse_lost == 1
    assert (await db.statistics(100, 13)).announcements_won == 1


async def test_finish_game_is_atomic_when_a_write_fails(db):
    t = await _table(db)
    g = await _game(db, t)
    # make the third score row fail inside the database, after two rows went in
    await fail_inserts(db, "scores", "injected failure", seat=2)
    before = await snapshot(db)
    with pytest.raises(StorageError, match="injected failure"):
        await db.finish_game(g, RESULT)
    assert await snapshot(db) == before
    [running] = await db.unfinished_games()
    assert running.game_id == g
    await stop_failing(db, "scores")
    await db.finish_game(g, RESULT)  # the game is still finishable
    assert (await db.statistics(100, 11)).games == 1


async def test_finish_game_is_atomic_when_totals_fail(db):
    g = await _game(db, await _table(db))
    await fail_inserts(db, "totals_day", "late failure")
    before = await snapshot(db)
    with pytest.raises(StorageError, match="late failure"):
        await db.finish_game(g, RESULT)
    assert await snapshot(db) == before
    await stop_failing(db, "totals_day")


@pytest.mark.parametrize(
    "result, scores, message",
    [
        ({**RESULT, "winner": "nobody"}, None, "winner"),
        ({k: v for k, v in RESULT.items() if k != "contract"}, None, "contract"),
        ({**RESULT, "re": [0, 9]}, None, "seat numbers"),
        (RESULT, [1, 2, 3], "4 seats"),
        (RESULT, {11: 1, 12: 1}, "no points for P13, P14"),
        ({**RESULT, "score": None}, None, "4 seats"),
    ],
)
async def test_finish_game_rejects_bad_results(db, result, scores, message):
    g = await _game(db, await _table(db))
    with pytest.raises(StorageError, match=message):
        await db.finish_game(g, result, scores)
    assert [r.game_id for r in await db.unfinished_games()] == [g]


async def test_game_record_only_after_the_game(db):
    t = await _table(db)
    g = await _game(db, t)
    with pytest.raises(StorageError, match="still running"):
        await db.game_record(g)
    await db.finish_game(g, RESULT)
    assert await db.game_record(g) == {
        "format": "dokobot-game/1",
        "rules": {"preset": "ddv", "dulle": "second_wins"},
        "players": ["P11", "P12", "P13", "P14"],
        "dealer": 3,
        "hands": HANDS,
        "actions": ACTIONS,
    }
    with pytest.raises(StorageError, match="does not exist"):
        await db.game_record(12345)


async def test_aborted_game_keeps_its_record_but_no_scores(db):
    t = await _table(db)
    g = await _game(db, t)
    await db.abort_game(g)
    assert (await db.game_record(g))["actions"] == ACTIONS
    assert await db.game_result(g) is None
    assert (await db.statistics(100, 11)).games == 0
    with pytest.raises(StorageError, match="aborted"):
        await db.abort_game(g)


async def test_unserializable_game_is_refused_without_a_trace(db):
    t = await _table(db)
    with pytest.raises(StorageError, match="create game"):
        await db.create_game(t, {"preset": {1, 2}}, FOUR, 0, HANDS)
    assert await db.last_game_number(t) == 0


async def test_write_while_locked_fails_cleanly_then_works(db_path, dialect):
    if dialect != "sqlite":
        pytest.skip("SQLite file locking; PostgreSQL writers wait for row locks instead")
    db = await Database.open(db_path, busy_timeout=0.05)
    g = await _game(db, await _table(db), ACTIONS[:1])
    other = sqlite3.connect(db_path, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        with pytest.raises(StorageError, match="locked"):
            await db.append_action(g, 1, ACTIONS[1])
        with pytest.raises(StorageError, match="locked"):
            await db.finish_game(g, RESULT)
    finally:
        other.execute("ROLLBACK")
        other.close()
    await db.append_action(g, 1, ACTIONS[1])
    [running] = await db.unfinished_games()
    assert running.actions == ACTIONS[:2]
    await db.close()


async def test_find_game_by_spielliste_number_and_game_info(db):
    old = await _table(db, channel=300)
    old_game = await db.create_game(old, {"preset": "ddv"}, FOUR, 3, HANDS)
    await db.finish_game(old_game, RESULT)
    await db.close_table(old)
    assert await db.find_game(300, 1) == old_game  # the newest table is the closed one
    table = await _table(db, channel=300)
    assert await db.find_game(300, 1) is None and await db.last_game(table) is None
    first = await db.create_game(table, {"preset": "haus"}, FOUR, 3, HANDS)
    for idx, action in enumerate(ACTIONS):
        await db.append_action(first, idx, action)
    await db.finish_game(first, RESULT, {11: 6, 12: -6, 13: 6, 14: -6})
    second = await db.create_game(table, {"preset": "ddv"}, FOUR, 0, HANDS)
    assert await db.find_game(300, 1) == first  # the open table's game 1, not the channel's first
    assert await db.find_game(300, 2) is None  # running: not findable
    assert await db.find_game(300) == first  # the last finished one
    assert await db.find_game(301, 1) is None
    info = await db.game_info(first)
    assert (info.table_id, info.channel_id, info.number, info.status, info.dealer) == (table, 300, 1, "finished", 3)
    assert info.rules == {"preset": "haus"} and info.hands == HANDS and info.actions == ACTIONS
    assert info.result == RESULT and info.points == {11: 6, 12: -6, 13: 6, 14: -6}
    last = await db.last_game(table)
    assert (last.game_id, last.status, last.dealer, last.result, last.points) == (second, "running", 0, None, {})
    await db.abort_game(second)
    assert (await db.last_game(table)).status == "aborted"
    with pytest.raises(StorageError, match="does not exist"):
        await db.game_info(99999)


async def test_table_games_lists_finished_games_by_number(db):
    table = await _table(db, channel=400)
    assert await db.table_games(table) == []
    first = await _game(db, table)
    await db.finish_game(first, RESULT, {11: 6, 12: -6, 13: 6, 14: -6})  # booked with Bock ×2
    aborted = await db.create_game(table, {"preset": "haus"}, FOUR, 0, HANDS)
    await db.abort_game(aborted)
    third = await db.create_game(table, {"preset": "haus"}, FOUR, 0, HANDS)
    await db.finish_game(third, RESULT)
    await db.create_game(table, {"preset": "haus"}, FOUR, 1, HANDS)  # running
    other = await _table(db, channel=401)
    await db.finish_game(await _game(db, other), RESULT)
    games = await db.table_games(table)
    assert [(g.game_id, g.number, g.status) for g in games] == [(first, 1, "finished"), (third, 3, "finished")]
    assert games[0].actions == ACTIONS and games[0].result == RESULT
    assert games[0].points == {11: 6, 12: -6, 13: 6, 14: -6} and games[1].points == {11: 3, 12: -3, 13: 3, 14: -3}
