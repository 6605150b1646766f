"""Learning from the games: the channel rating, stored analyses, Tipps used.

The rating is written by ``GamesRepo.finish_game`` in the game's own
transaction (``rate_game`` here); ``rerate`` computes every channel's ratings
again from the stored games, in the order they were finished, with the same
function: the live numbers and the recomputed ones are the same.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from dokobot.table.scores import RatingRow

from .core import Core, _all, dumps
from .errors import StorageError
from .rating import Rating, bot_keys, rate, rating_key

_UPSERT = (
    "INSERT INTO ratings (channel_id, user_id, is_bot, mu, sigma, games) VALUES (?, ?, ?, ?, ?, ?)"
    " ON CONFLICT (channel_id, user_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,"
    " games = excluded.games, is_bot = excluded.is_bot"
)


_HISTORY = "INSERT INTO rating_history (game_id, user_id, channel_id, mu, sigma) VALUES (?, ?, ?, ?, ?)"

Rows = list[tuple[Any, ...]]


async def rate_game(conn: Any, game_id: int, channel_id: int, players: Sequence[Mapping[str, Any]],
                    hands: Sequence[Sequence[str]], result: Mapping[str, Any]) -> None:
    """Update the ratings of the game's players (inside the caller's transaction)."""
    keys = sorted({rating_key(p) for p in players})
    marks = ", ".join("?" * len(keys))
    rows = await _all(conn, f"SELECT user_id, mu, sigma, games FROM ratings WHERE channel_id = ? AND user_id IN ({marks})",
                      (channel_id, *keys))
    current = {int(u): Rating(float(m), float(s), int(g)) for u, m, s, g in rows}
    ratings, history = _rated(game_id, channel_id, players, hands, result, current)
    # one batch each: on PostgreSQL one round trip, not one per player
    await conn.executemany(_UPSERT, ratings)
    await conn.executemany(_HISTORY, history)


def _rated(game_id: int, channel_id: int, players: Sequence[Mapping[str, Any]], hands: Sequence[Sequence[str]],
           result: Mapping[str, Any], current: Mapping[int, Rating]) -> tuple[Rows, Rows]:
    """The game's rows of ``ratings`` and ``rating_history`` (``current``: the ratings before it)."""
    new = rate(current, players, hands, result)
    bots = bot_keys(players)
    keys = sorted(new)
    return ([(channel_id, k, int(k in bots), new[k].mu, new[k].sigma, new[k].games) for k in keys],
            [(game_id, k, channel_id, new[k].mu, new[k].sigma) for k in keys])


def _replayed(games: Sequence[Sequence[Any]]) -> tuple[Rows, Rows]:
    """``rate_game`` over the finished games in order, kept in memory: the ``ratings`` rows
    it leaves and every ``rating_history`` row it writes."""
    latest: dict[tuple[int, int], tuple[Any, ...]] = {}
    history: Rows = []
    for game_id, channel_id, players_json, hands_json, result_json in games:
        players = json.loads(players_json)
        current = {k: Rating(r[3], r[4], r[5]) for k in {rating_key(p) for p in players}
                   if (r := latest.get((channel_id, k))) is not None}
        ratings, rated = _rated(game_id, channel_id, players, json.loads(hands_json), json.loads(result_json), current)
        latest.update(((channel_id, r[1]), r) for r in ratings)
        history += rated
    return list(latest.values()), history


class LearnRepo(Core):
    async def ratings(self, channel_id: int) -> list[RatingRow]:
        """The channel's ratings, best first (by ``Rating.ordinal``)."""
        async with self._statement(f"ratings of channel {channel_id}") as conn:
            rows = await _all(
                conn,
                "SELECT r.user_id, r.is_bot, r.mu, r.sigma, r.games, p.name FROM ratings r"
                " LEFT JOIN players p ON p.user_id = r.user_id WHERE r.channel_id = ?",
                (channel_id,),
            )
        out = [RatingRow(int(u), _name(int(u), bool(b), n), bool(b), Rating(float(m), float(s), int(g)))
               for u, b, m, s, g, n in rows]
        return sorted(out, key=lambda r: (-r.rating.ordinal, r.name.casefold(), r.user_id))

    async def rating_history(self, channel_id: int, user_id: int, limit: int = 200) -> list[Rating]:
        """A player's rating after each of their last ``limit`` rated games, oldest first."""
        async with self._statement(f"rating history of {user_id}") as conn:
            rows = await _all(
                conn,
                "SELECT mu, sigma FROM rating_history WHERE channel_id = ? AND user_id = ?"
                " ORDER BY game_id DESC LIMIT ?",
                (channel_id, user_id, limit),
            )
        return [Rating(float(m), float(s)) for m, s in reversed(rows)]

    async def rerate(self) -> int:
        """Every rating computed again from the finished games, oldest first; returns
        the number of games read. One transaction: the old ratings stay on failure."""
        async with self._transaction("rerate") as conn:
            await conn.execute("DELETE FROM rating_history")
            await conn.execute("DELETE FROM ratings")
            games = await _all(
                conn, "SELECT id, channel_id, players, hands, result FROM games WHERE status = 'finished' ORDER BY id"
            )
            # the same function as each game's finishing transaction, with the ratings kept in
            # memory between games: three statements, not three per game
            ratings, history = _replayed(games)
            await conn.executemany(_UPSERT, ratings)
            await conn.executemany(_HISTORY, history)
            return len(games)

    async def save_analysis(self, game_id: int, data: Mapping[str, Any]) -> None:
        """Keep the analysis of a finished game (a later one replaces it)."""
        async with self._transaction(f"save analysis of game {game_id}") as conn:
            await conn.execute(
                "INSERT INTO analyses (game_id, data) VALUES (?, ?)"
                " ON CONFLICT (game_id) DO UPDATE SET data = excluded.data",
                (game_id, dumps(dict(data))),
            )

    async def analysis(self, game_id: int) -> dict[str, Any] | None:
        async with self._statement(f"read analysis of game {game_id}") as conn:
            rows = await _all(conn, "SELECT data FROM analyses WHERE game_id = ?", (game_id,))
        return json.loads(rows[0][0]) if rows else None

    async def add_hint(self, game_id: int, user_id: int) -> int:
        """Count one Tipp of ``user_id`` in the game; returns their count in it."""
        async with self._transaction(f"count a hint in game {game_id}") as conn:
            status = await _all(conn, "SELECT status FROM games WHERE id = ?", (game_id,))
            if not status:
                raise StorageError(f"game {game_id} does not exist")
            await conn.execute(
                "INSERT INTO hints (game_id, user_id, count) VALUES (?, ?, 1)"
                " ON CONFLICT (game_id, user_id) DO UPDATE SET count = hints.count + 1",
                (game_id, user_id),
            )
            rows = await _all(conn, "SELECT count FROM hints WHERE game_id = ? AND user_id = ?", (game_id, user_id))
            return int(rows[0][0])

    async def hints(self, game_ids: Sequence[int]) -> dict[int, dict[int, int]]:
        """game id -> user id -> Tipps used."""
        if not game_ids:
            return {}
        marks = ", ".join("?" * len(game_ids))
        async with self._statement("read hints") as conn:
            rows = await _all(conn, f"SELECT game_id, user_id, count FROM hints WHERE game_id IN ({marks})",
                              tuple(game_ids))
        out: dict[int, dict[int, int]] = {}
        for g, u, n in rows:
            out.setdefault(int(g), {})[int(u)] = int(n)
        return out


def _name(key: int, is_bot: bool, name: str | None) -> str:
    if is_bot:
        from dokobot.players import LEVELS

        from .rating import level_name

        return next((level_name(lv) for lv in LEVELS if rating_key({"is_bot": True, "level": lv}) == key),
                    name or str(key))
    return name or str(key)
