"""Leaderboard and statistics against an independent computation in Python."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dokobot.storage import StorageError
from dokobot.storage.stats import rating
from tests.storage.helpers import (
    K,
    _sort_key,
    expected_board,
    expected_stats,
)

from .gen import NOW, pool, random_game, store_game


async def _fill(db, seed, n_games, span_days):
    rng = random.Random(seed)
    players = pool(rng)
    channels = {100: await db.open_table(100, 1, 1000), 200: await db.open_table(200, 1, 1000)}
    stored = {100: [], 200: []}
    for _ in range(n_games):
        channel = rng.choice([100, 100, 200])
        game = random_game(rng, players, span_days)
        await store_game(db, channels[channel], game)
        stored[channel].append(game)
    return stored


@pytest.mark.parametrize("seed, span_days", [(1, 500), (2, 60), (3, 20)])
async def test_leaderboard_matches_independent_computation(db, seed, span_days):
    stored = await _fill(db, seed, 150, span_days)
    games = stored[100]
    for now in (NOW, NOW - timedelta(days=9)):
        for period in ("alle", "jahr", "monat", "woche"):
            acc, prior = expected_board(games, period, now)
            for order in ("punkte", "ppg", "siege"):
                board = await db.leaderboard(100, period, order, now=now, limit=1000)
                assert board.method == "bayes" and board.k == K
                assert board.prior_ppg == pytest.approx(prior)
                for rows, bots in ((board.rows, False), (board.bots, True)):
                    want = sorted((r for r in acc.values() if r["bot"] == bots), key=_sort_key(order, prior))
                    got = [(r.name, r.games, r.points, r.wins, r.is_bot) for r in rows]
                    assert got == [(r["name"], r["games"], r["points"], r["wins"], bots) for r in want]
                    assert [r.rank for r in rows] == list(range(1, len(rows) + 1))
                    for r in rows:
                        assert r.ppg == pytest.approx(r.points / r.games)
                        assert r.rating == pytest.approx((r.points + K * prior) / (r.games + K))
                assert board.total == len(board.rows)


async def test_leaderboard_paging_and_empty_channel(db):
    await _fill(db, 4, 60, 30)
    full = await db.leaderboard(100, "alle", "punkte", now=NOW, limit=100)
    page = await db.leaderboard(100, "alle", "punkte", now=NOW, limit=3, offset=2)
    assert page.rows == full.rows[2:5] and page.total == full.total and page.bots == full.bots
    empty = await db.leaderboard(999, "woche", "ppg", now=NOW)
    assert (empty.rows, empty.bots, empty.total, empty.prior_ppg) == ([], [], 0, 0.0)
    assert empty.since.isoformat() == "2026-11-23"  # Monday of NOW's week
    with pytest.raises(StorageError, match="period"):
        await db.leaderboard(100, "tag")
    with pytest.raises(StorageError, match="order"):
        await db.leaderboard(100, "alle", "augen")


async def test_periods_follow_german_calendar_days(db):
    """A game at 00:30 on 1 April in Germany (22:30 UTC on 31 March) is April's."""
    rng = random.Random(5)
    t = await db.open_table(100, 1, 1)
    game = random_game(rng, pool(rng), 1)
    while game.result["contract"] == "redeal":
        game = random_game(rng, pool(rng), 1)
    game.finished_at = datetime(2026, 3, 31, 22, 30, tzinfo=UTC)
    await store_game(db, t, game)
    april = await db.leaderboard(100, "monat", now=datetime(2026, 4, 15, tzinfo=UTC))
    march = await db.leaderboard(100, "monat", now=datetime(2026, 3, 15, tzinfo=UTC))
    assert april.rows and not march.rows


async def test_two_lucky_games_do_not_lead_points_per_game(db):
    t = await db.open_table(100, 1, 1)
    players = [{"user_id": u, "name": f"U{u}", "is_bot": False} for u in (1, 2, 3, 4)]
    veteran_games = [(players, [3, -3, 3, -3]) for _ in range(60)]
    newcomer = [{"user_id": 9, "name": "Glück", "is_bot": False}, *players[1:]]
    lucky = [(newcomer, [9, -3, -3, -3]) for _ in range(2)]
    for seats, score in veteran_games + lucky:
        g = await db.create_game(t, {}, seats, 0, [["CQ"]] * 4)
        result = {"contract": "normal", "re": [0], "kontra": [1, 2, 3], "winner": "re", "score": score}
        await db.finish_game(g, result, now=NOW)
    board = await db.leaderboard(100, "alle", "ppg", now=NOW)
    lucky_row = next(r for r in board.rows if r.user_id == 9)
    assert lucky_row.ppg == 9 and board.rows[0].user_id != 9
    assert board.rows[0].user_id in (1, 3)


@given(
    points=st.integers(-500, 500), games=st.integers(1, 400), prior=st.floats(-5, 5), k=st.integers(1, 50)
)
def test_rating_lies_between_prior_and_raw_mean(points, games, prior, k):
    value, raw = rating(points, games, prior, k), points / games
    assert min(prior, raw) - 1e-9 <= value <= max(prior, raw) + 1e-9




@pytest.mark.parametrize("seed", [11, 12])
async def test_statistics_match_independent_computation(db, seed):
    stored = await _fill(db, seed, 200, 400)
    board = await db.leaderboard(100, limit=100)
    for row in board.rows + board.bots:
        stats = await db.statistics(100, row.user_id)
        want = expected_stats(stored[100], row.user_id if not row.is_bot else row.name)
        assert stats.name == row.name
        for field in (
            "games", "points", "wins", "re_games", "re_wins", "kontra_games", "kontra_wins", "soli",
            "soli_won", "hochzeiten", "stille_hochzeiten", "announcements", "announcements_won",
            "doppelkoepfe", "fuechse_caught", "fuechse_lost", "karlchen",
        ):
            assert getattr(stats, field) == want[field], field
        assert stats.ppg == pytest.approx(want["points"] / want["games"])
    nobody = await db.statistics(100, 424242)
    assert (nobody.games, nobody.ppg, nobody.re_games, nobody.re_wins, nobody.name) == (0, 0.0, 0, 0, None)


async def test_rebuild_totals_reproduces_incremental_totals(db):
    await _fill(db, 21, 80, 90)
    before = {p: await db.leaderboard(100, p, "punkte", now=NOW, limit=100) for p in ("alle", "woche")}
    conn = db._connection()
    await conn.execute("DELETE FROM totals_month")
    await conn.execute("DELETE FROM totals_day")
    await db.rebuild_totals()
    for period, board in before.items():
        assert await db.leaderboard(100, period, "punkte", now=NOW, limit=100) == board
