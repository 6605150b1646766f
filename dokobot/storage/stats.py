"""Leaderboard (Rangliste) and per-player statistics."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import replace
from datetime import datetime
from typing import Any

from .core import Core, _all
from .errors import StorageError
from .models import Leaderboard, LeaderboardRow, SizeTotals, Statistics
from .periods import PERIODS, window

ORDERS = ("punkte", "ppg", "siege")

# Bayesian average: every player starts with K pseudo-games at the channel's
# mean, so two lucky games cannot top the points-per-game ranking.
SHRINKAGE_METHOD = "bayes"
SHRINKAGE_K = 10

_STAT_SUMS = (
    "COUNT(*), COALESCE(SUM(points), 0), COALESCE(SUM(won), 0),"
    " COALESCE(SUM(CASE WHEN party = 're' THEN 1 ELSE 0 END), 0),"
    " COALESCE(SUM(CASE WHEN party = 're' AND won = 1 THEN 1 ELSE 0 END), 0),"
    " COALESCE(SUM(CASE WHEN party = 'kontra' THEN 1 ELSE 0 END), 0),"
    " COALESCE(SUM(CASE WHEN party = 'kontra' AND won = 1 THEN 1 ELSE 0 END), 0),"
    " COALESCE(SUM(solo), 0), COALESCE(SUM(solo * won), 0), COALESCE(SUM(hochzeit), 0),"
    " COALESCE(SUM(stille_hochzeit), 0), COALESCE(SUM(announcements), 0),"
    " COALESCE(SUM(announcements * won), 0), COALESCE(SUM(doppelkopf), 0),"
    " COALESCE(SUM(fuchs_caught), 0), COALESCE(SUM(fuchs_lost), 0), COALESCE(SUM(karlchen), 0)"
)


SIZES = (4, 5, 6)  # players who got cards: a table of four (or five, the dealer out), five, six


def _check_size(size: int | None) -> None:
    if size is not None and size not in SIZES:
        raise StorageError(f"table size must be one of {', '.join(map(str, SIZES))}, not {size!r}")


class StatsRepo(Core):
    async def leaderboard(
        self,
        channel_id: int,
        period: str = "alle",
        order: str = "punkte",
        now: datetime | None = None,
        limit: int = 10,
        offset: int = 0,
        size: int | None = None,
    ) -> Leaderboard:
        """The channel's ranking for the calendar period containing ``now``.

        Humans are paged (``rows``, ``total``); computer players come apart in
        ``bots``. Order "ppg" ranks by the Bayesian average ``rating``.
        ``size``: only games with that many players who got cards (None: all);
        every row carries its games by size (``by_size``) either way.
        """
        if period not in PERIODS:
            raise StorageError(f"period must be one of {', '.join(PERIODS)}, not {period!r}")
        if order not in ORDERS:
            raise StorageError(f"order must be one of {', '.join(ORDERS)}, not {order!r}")
        if limit < 0 or offset < 0:
            raise StorageError("limit and offset must not be negative")
        _check_size(size)
        w = window(period, now)
        where, params = "channel_id = ?", [channel_id]
        if w.first is not None and w.last is not None:  # both or neither: "alle" has no bounds
            # w.column comes from the fixed Window values, never from input
            where += f" AND {w.column} BETWEEN ? AND ?"
            params += [w.first, w.last]
        if size is not None:
            where += " AND size = ?"
            params.append(size)
        sql = (
            "SELECT a.user_id, a.is_bot, a.games, a.points, a.wins, p.name, a.size FROM ("
            " SELECT user_id, size, MAX(is_bot) AS is_bot, SUM(games) AS games, SUM(points) AS points,"
            f" SUM(wins) AS wins FROM {w.table} WHERE {where} GROUP BY user_id, size"
            ") a LEFT JOIN players p ON p.user_id = a.user_id"
        )
        async with self._statement(f"leaderboard of channel {channel_id}") as conn:
            raw, by_size = _per_player(await _all(conn, sql, params))
        prior = _mean_ppg(raw)
        humans = rank([r for r in raw if not r[1]], order, prior, by_size)
        bots = rank([r for r in raw if r[1]], order, prior, by_size)
        sizes = tuple(sorted({t.size for parts in by_size.values() for t in parts}))
        return Leaderboard(
            channel_id=channel_id, period=period, order=order, since=w.since,
            method=SHRINKAGE_METHOD, k=SHRINKAGE_K, prior_ppg=prior, total=len(humans),
            rows=humans[offset : offset + limit], bots=bots, size=size, sizes=sizes,
        )

    async def statistics(self, channel_id: int, user_id: int, size: int | None = None) -> Statistics:
        """One player's statistics in a channel, over all finished games
        (``size``: only those with that many players who got cards)."""
        _check_size(size)
        where, params = "channel_id = ? AND user_id = ?", [channel_id, user_id]
        if size is not None:
            where += " AND size = ?"
            params.append(size)
        async with self._statement(f"statistics of {user_id} in channel {channel_id}") as conn:
            groups = await _all(conn, f"SELECT size, {_STAT_SUMS} FROM scores WHERE {where} GROUP BY size", params)
            names = await _all(conn, "SELECT name FROM players WHERE user_id = ?", (user_id,))
        groups = sorted(groups)
        sums = [sum(g[i] for g in groups) for i in range(1, 18)]
        games, points = sums[0], sums[1]
        return Statistics(
            channel_id=channel_id, user_id=user_id, name=names[0][0] if names else None,
            games=games, points=points, ppg=points / games if games else 0.0, wins=sums[2],
            re_games=sums[3], re_wins=sums[4], kontra_games=sums[5], kontra_wins=sums[6],
            soli=sums[7], soli_won=sums[8], hochzeiten=sums[9], stille_hochzeiten=sums[10],
            announcements=sums[11], announcements_won=sums[12], doppelkoepfe=sums[13],
            fuechse_caught=sums[14], fuechse_lost=sums[15], karlchen=sums[16],
            size=size, by_size=tuple(SizeTotals(g[0], g[1], g[2], g[3]) for g in groups),
        )


def _per_player(
    rows: Sequence[Sequence[Any]],
) -> tuple[list[tuple[Any, ...]], dict[int, tuple[SizeTotals, ...]]]:
    """(user_id, is_bot, games, points, wins, name, size) rows, one per player and
    size, as one row per player plus each player's totals by size."""
    merged: dict[int, list[Any]] = {}
    parts: dict[int, list[SizeTotals]] = {}
    for user_id, is_bot, games, points, wins, name, size in rows:
        row = merged.get(user_id)
        if row is None:
            merged[user_id] = [user_id, is_bot, games, points, wins, name]
        else:
            row[1], row[2], row[3], row[4] = max(row[1], is_bot), row[2] + games, row[3] + points, row[4] + wins
        parts.setdefault(user_id, []).append(SizeTotals(size, games, points, wins))
    return [tuple(r) for r in merged.values()], {u: tuple(sorted(p, key=lambda t: t.size)) for u, p in parts.items()}


def _mean_ppg(raw: Sequence[Sequence[Any]]) -> float:
    games = sum(r[2] for r in raw)
    return sum(r[3] for r in raw) / games if games else 0.0


def rating(points: int, games: int, prior: float, k: int = SHRINKAGE_K) -> float:
    """Bayesian average points per game: (points + k * prior) / (games + k)."""
    return (points + k * prior) / (games + k)


def rank(
    raw: Sequence[Sequence[Any]], order: str, prior: float,
    by_size: Mapping[int, tuple[SizeTotals, ...]] | None = None,
) -> list[LeaderboardRow]:
    """Sort (user_id, is_bot, games, points, wins, name) rows; ties broken by name, id."""
    by_size = by_size or {}
    rows = [
        LeaderboardRow(
            rank=0, user_id=r[0], name=r[5] if r[5] is not None else str(r[0]), games=r[2],
            points=r[3], wins=r[4], ppg=r[3] / r[2] if r[2] else 0.0,
            rating=rating(r[3], r[2], prior), is_bot=bool(r[1]), by_size=by_size.get(r[0], ()),
        )
        for r in raw
    ]
    keys = {
        "punkte": lambda x: (-x.points, x.games, x.name.casefold(), x.user_id),
        "ppg": lambda x: (-x.rating, -x.games, x.name.casefold(), x.user_id),
        "siege": lambda x: (-x.wins, -x.points, x.name.casefold(), x.user_id),
    }
    rows.sort(key=keys[order])
    return [replace(r, rank=i + 1) for i, r in enumerate(rows)]
