"""Table sizes (issue 13): every scored game records how many players got cards;
leaderboards and statistics filter on it and break points per game down by it.
Checked against an independent computation, on SQLite and PostgreSQL, and on
a database written by the version before migration 005."""

from __future__ import annotations

import json
import random
from collections import defaultdict
from datetime import timedelta

import pytest

import dokobot.storage.core as core_module
from dokobot.engine import GameResult
from dokobot.engine.actions import parse
from dokobot.storage import Database, StorageError
from dokobot.storage.periods import to_epoch
from dokobot.storage.schema import load_migrations
from dokobot.storage.seatstats import score_rows

from .gen import NOW, pool, random_game, store_game
from .helpers import _key, _seats_played, _sort_key, expected_board, expected_stats

PERIODS = ("alle", "jahr", "monat", "woche")


def size_of(game) -> int:
    return sum(1 for hand in game.hands if hand)


def games_of_size(games, size):
    return [g for g in games if size is None or size_of(g) == size]


def expected_by_size(games, user_key, period="alle", now=NOW):
    """{size: (games, points, wins)} of one player, from the generated games alone."""
    return expected_by_size_of_all(games, period, now).get(user_key, {})


def expected_by_size_of_all(games, period="alle", now=NOW):
    """{player key: {size: (games, points, wins)}} of everyone, in one pass over the games."""
    from .helpers import _in_period

    out: dict = defaultdict(lambda: defaultdict(lambda: [0, 0, 0]))
    for game in games:
        if not _in_period(game.finished_at, period, now):
            continue
        for seat, player, party in _seats_played(game):
            row = out[_key(player)][size_of(game)]
            row[0] += 1
            row[1] += game.points[seat]
            row[2] += party == game.result["winner"]
    return {key: {size: tuple(v) for size, v in sorted(sizes.items())} for key, sizes in out.items()}


async def _fill(db, seed, n_games, span_days=120):
    rng = random.Random(seed)
    players = pool(rng)
    tables = {100: await db.open_table(100, 1, 1000), 200: await db.open_table(200, 1, 1000)}
    stored = {100: [], 200: []}
    for _ in range(n_games):
        channel = rng.choice([100, 100, 200])
        game = random_game(rng, players, span_days, big=True)
        await store_game(db, tables[channel], game)
        stored[channel].append(game)
    return stored


async def _check_boards(db, games, now=NOW):
    """Every period, order and size filter against the independent computation."""
    for size in (None, 4, 5, 6):
        shown = games_of_size(games, size)
        for period in PERIODS:
            acc, prior = expected_board(shown, period, now)
            by_size = expected_by_size_of_all(shown, period, now)
            for order in ("punkte", "ppg", "siege"):
                board = await db.leaderboard(100, period, order, now=now, limit=1000, size=size)
                assert board.size == size and board.prior_ppg == pytest.approx(prior)
                for rows, bots in ((board.rows, False), (board.bots, True)):
                    want = sorted((r for r in acc.values() if r["bot"] == bots), key=_sort_key(order, prior))
                    got = [(r.name, r.games, r.points, r.wins) for r in rows]
                    assert got == [(r["name"], r["games"], r["points"], r["wins"]) for r in want], (size, period)
                sizes = set()
                for r in board.rows + board.bots:
                    key = r.user_id if not r.is_bot else r.name
                    parts = by_size.get(key, {})
                    assert [(p.size, p.games, p.points, p.wins) for p in r.by_size] == [
                        (s, *v) for s, v in parts.items()
                    ]
                    assert sum(p.games for p in r.by_size) == r.games
                    sizes |= set(parts)
                assert board.sizes == tuple(sorted(sizes))
                assert board.mixed == (len(sizes) > 1)
                if size is not None:
                    assert set(board.sizes) <= {size}


async def test_scores_record_how_many_players_got_cards(db):
    stored = await _fill(db, 31, 60)
    games = stored[100] + stored[200]
    assert {size_of(g) for g in games} == {4, 5, 6}  # the generator covers every size
    rows = await db._connection().execute_fetchall("SELECT game_id, size FROM scores")
    by_game = defaultdict(set)
    for game_id, size in rows:
        by_game[game_id].add(size)
    ids = await db.finished_games(100) + await db.finished_games(200)
    for game_id in ids:
        info = await db.game_info(game_id)
        want = sum(1 for h in info.hands if h)
        if info.result["contract"] == "redeal":
            assert game_id not in by_game
        else:
            assert by_game[game_id] == {want}  # the dealer sitting out at five: a game of four


@pytest.mark.parametrize("seed", [32, 33])
async def test_leaderboard_by_size_matches_independent_computation(db, seed):
    stored = await _fill(db, seed, 160, span_days=40)
    for now in (NOW, NOW - timedelta(days=9)):
        await _check_boards(db, stored[100], now)


async def test_statistics_by_size_match_independent_computation(db):
    stored = await _fill(db, 34, 160)
    games = stored[100]
    board = await db.leaderboard(100, limit=100)
    assert board.mixed
    for row in board.rows + board.bots:
        key = row.user_id if not row.is_bot else row.name
        parts = expected_by_size(games, key)
        full = await db.statistics(100, row.user_id)
        assert [(p.size, p.games, p.points, p.wins) for p in full.by_size] == [(s, *v) for s, v in parts.items()]
        assert full.size is None and full.mixed == (len(parts) > 1)
        for size in (4, 5, 6):
            stats = await db.statistics(100, row.user_id, size=size)
            want = expected_stats(games_of_size(games, size), key)
            assert stats.size == size
            for field in ("games", "points", "wins", "re_games", "re_wins", "kontra_games", "soli", "announcements"):
                assert getattr(stats, field) == want[field], (size, field)
            assert stats.ppg == pytest.approx(want["points"] / want["games"] if want["games"] else 0.0)
            assert [(p.size, p.games, p.points) for p in stats.by_size] == (
                [(size, *parts[size][:2])] if size in parts else []
            )


async def test_rebuild_totals_keeps_the_sizes_apart(db):
    stored = await _fill(db, 35, 90)
    before = {s: await db.leaderboard(100, "alle", "ppg", now=NOW, limit=100, size=s) for s in (None, 4, 5, 6)}
    conn = db._connection()
    await conn.execute("DELETE FROM totals_month")
    await conn.execute("DELETE FROM totals_day")
    await db.rebuild_totals()
    for size, board in before.items():
        assert await db.leaderboard(100, "alle", "ppg", now=NOW, limit=100, size=size) == board
    assert before[6].rows and before[4].rows and stored[100]


async def test_a_size_that_is_no_table_is_refused(db):
    for bad in (3, 7, 0):
        with pytest.raises(StorageError, match="table size"):
            await db.leaderboard(100, size=bad)
        with pytest.raises(StorageError, match="table size"):
            await db.statistics(100, 1, size=bad)


# ---- migration 005 on a database written by the version before -------------------------

_OLD_SCORE_COLUMNS = (
    "game_id, seat, user_id, party, points, won, is_bot, finished_at, channel_id, solo,"
    " hochzeit, stille_hochzeit, announcements, doppelkopf, fuchs_caught, fuchs_lost, karlchen"
)


async def _book_as_version_4(db, game_id, game) -> None:
    """finish_game as schema version 4 wrote it: score rows without a size."""
    rows = score_rows(game.players, game.hands, GameResult.from_dict(game.result), [parse(a) for a in game.actions],
                      game.points)
    finished = to_epoch(game.finished_at)
    async with db.transaction("book as version 4") as conn:
        await conn.execute(
            "UPDATE games SET status = 'finished', finished_at = ?, result = ?, contract = ? WHERE id = ?",
            (finished, json.dumps(game.result), game.result["contract"], game_id),
        )
        channel = (await conn.execute_fetchall("SELECT channel_id FROM games WHERE id = ?", (game_id,)))[0][0]
        for r in rows:
            await conn.execute(
                f"INSERT INTO scores ({_OLD_SCORE_COLUMNS}) VALUES ({', '.join('?' * 17)})",
                (game_id, r.seat, r.user_id, r.party, r.points, int(r.won), int(r.is_bot), finished, channel,
                 r.solo, r.hochzeit, r.stille_hochzeit, r.announcements, r.doppelkopf, r.fuchs_caught,
                 r.fuchs_lost, r.karlchen),
            )


async def test_migration_005_backfills_sizes_and_totals_of_an_old_database(new_db_path, monkeypatch):
    shipped = load_migrations()
    assert shipped[4].name == "005_table_size.sql"
    monkeypatch.setattr(core_module, "load_migrations", lambda: shipped[:4])
    rng = random.Random(36)
    people = pool(rng)
    old = await Database.open(new_db_path)
    assert old.schema_version == 4
    table = await old.open_table(100, 1, 1000)
    games = []
    for _ in range(120):
        game = random_game(rng, people, 40, big=True)
        game_id = await old.create_game(table, {"preset": "ddv"}, game.players, game.dealer, game.hands)
        for idx, action in enumerate(game.actions):
            await old.append_action(game_id, idx, action)
        await _book_as_version_4(old, game_id, game)
        games.append(game)
    async with old.transaction("totals as version 4 kept them") as conn:  # its rebuild_totals
        for table_name, func in (("totals_month", "doko_month"), ("totals_day", "doko_day")):
            await conn.execute(
                f"INSERT INTO {table_name} SELECT channel_id, {func}(finished_at), user_id,"
                " MAX(is_bot), COUNT(*), SUM(points), SUM(won) FROM scores GROUP BY 1, 2, 3"
            )
    before = sorted(await old._connection().execute_fetchall(  # the old totals, read as version 4 read them
        "SELECT user_id, SUM(games), SUM(points), SUM(wins) FROM totals_month WHERE channel_id = ? GROUP BY user_id",
        (100,),
    ))
    await old.close()

    monkeypatch.setattr(core_module, "load_migrations", lambda: shipped)
    db = await Database.open(new_db_path)
    try:
        assert db.schema_version == len(shipped)
        # the all-sizes leaderboard is what it was before the migration
        after = await db.leaderboard(100, "alle", "punkte", now=NOW, limit=100)
        assert sorted((r.user_id, r.games, r.points, r.wins) for r in after.rows + after.bots) == before
        await _check_boards(db, games)
        sizes = await db._connection().execute_fetchall(
            "SELECT DISTINCT g.number, s.size FROM scores s JOIN games g ON g.id = s.game_id"
        )
        assert sorted(sizes) == sorted(
            (n, size_of(g)) for n, g in enumerate(games, 1) if g.result["contract"] != "redeal"
        )
        # and new games are booked with their size next to the migrated ones
        extra = random_game(rng, people, 1, big=True)
        while size_of(extra) != 6 or extra.result["contract"] == "redeal":
            extra = random_game(rng, people, 1, big=True)
        await store_game(db, table, extra)
        await _check_boards(db, [*games, extra])
    finally:
        await db.close()
