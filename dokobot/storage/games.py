"""Games: create, append actions, finish, recover, records and score sheets."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

import aiosqlite

from dokobot.engine import GameResult
from dokobot.engine.actions import Move, parse

from .core import Core, _all, dumps
from .errors import StorageError
from .learn import rate_game
from .models import GameInfo, RunningGame, ScoreSheet, Seat, SheetPlayer, SheetRow, SheetWindow
from .periods import day_bucket, from_epoch, month_bucket, to_epoch
from .seatstats import SeatScore, check_result, check_seats, score_rows, seat_key
from .tables import _require_open_table, as_seat, table_seats, upsert_players

RECORD_FORMAT = "dokobot-game/1"

# One statement, so one autocommitted write: the guards (game running, index
# is the next one) are checked by SQLite atomically with the insert.
_APPEND = (
    # (the casts type the parameters for PostgreSQL, which cannot infer them in a SELECT list)
    "INSERT INTO actions (game_id, idx, action) SELECT CAST(? AS BIGINT), CAST(? AS BIGINT), CAST(? AS TEXT)"
    " WHERE EXISTS (SELECT 1 FROM games WHERE id = ? AND status = 'running')"
    " AND ? = (SELECT COALESCE(MAX(idx) + 1, 0) FROM actions WHERE game_id = ?)"
)

_SCORE_COLUMNS = (
    "game_id, seat, user_id, party, points, won, is_bot, finished_at, channel_id, solo,"
    " hochzeit, stille_hochzeit, announcements, doppelkopf, fuchs_caught, fuchs_lost, karlchen, size"
)

_SHEET_UPSERT = (
    "INSERT INTO sheet_totals (table_id, user_id, size, games, points, first_game) VALUES (?, ?, ?, 1, ?, ?)"
    " ON CONFLICT (table_id, user_id, size) DO UPDATE SET games = sheet_totals.games + 1,"
    " points = sheet_totals.points + excluded.points,"
    " first_game = CASE WHEN excluded.first_game < sheet_totals.first_game"
    " THEN excluded.first_game ELSE sheet_totals.first_game END"
)
_TOTALS_UPSERT = (
    "INSERT INTO {table} (channel_id, {column}, user_id, size, is_bot, games, points, wins)"
    " VALUES (?, ?, ?, ?, ?, 1, ?, ?) ON CONFLICT (channel_id, {column}, user_id, size) DO UPDATE SET"
    " games = {table}.games + 1, points = {table}.points + excluded.points,"
    " wins = {table}.wins + excluded.wins,"
    " is_bot = CASE WHEN excluded.is_bot > {table}.is_bot THEN excluded.is_bot ELSE {table}.is_bot END"
)


class GamesRepo(Core):
    async def create_game(
        self,
        table_id: int,
        rules: Mapping[str, Any],
        players: Sequence[Any],
        dealer: int,
        hands: Sequence[Sequence[str]],
        *,
        number: int | None = None,
        now: datetime | None = None,
    ) -> int:
        """Store a freshly dealt game at an open table; returns its id.

        ``players`` by seat: {user_id, name, is_bot} dicts or objects with those
        attributes. ``number`` (game number within the table) defaults to the
        next one; numbers are unique per table. A table has at most one running game.
        """
        seats = [as_seat(i, p) for i, p in enumerate(players)]
        if len(hands) != len(seats):
            raise StorageError(f"{len(seats)} players but {len(hands)} hands")
        if not 0 <= dealer < len(seats):
            raise StorageError(f"dealer {dealer} is not a seat of {len(seats)} players")
        started = to_epoch(now)
        async with self._transaction(f"create game at table {table_id}") as conn:
            channel_id, _ = await _require_open_table(conn, table_id)
            number = await _new_number(conn, table_id, number)
            rows = await _all(
                conn,
                "INSERT INTO games (table_id, channel_id, number, rules, players, dealer, hands,"
                " started_at, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'running') RETURNING id",
                (
                    table_id,
                    channel_id,
                    number,
                    dumps(dict(rules)),
                    dumps([_player_json(s) for s in seats]),
                    dealer,
                    dumps([list(h) for h in hands]),
                    started,
                ),
            )
            await upsert_players(conn, seats, started)
            return int(rows[0][0])

    async def append_action(self, game_id: int, idx: int, action: Mapping[str, Any]) -> None:
        """Append the game's action number ``idx`` (0, 1, 2, ...); committed on return.

        StorageError if the game is not running or ``idx`` is not the next index
        (a duplicate or a gap would make the record unreplayable).
        """
        try:
            text = dumps(dict(action))
        except (ValueError, TypeError) as exc:
            raise StorageError(f"action {idx} of game {game_id} is not JSON: {exc}") from exc
        async with self._statement(f"append action {idx} to game {game_id}") as conn:
            await _append(conn, game_id, idx, text)

    async def finish_game(
        self,
        game_id: int,
        result: GameResult | Mapping[str, Any],
        scores: Sequence[int] | Mapping[int, int] | None = None,
        moves: Sequence[tuple[int, Move]] | None = None,
        *,
        last: tuple[int, Mapping[str, Any]] | None = None,
        now: datetime | None = None,
        rules: Mapping[str, Any] | None = None,
        bock: int = 1,
    ) -> None:
        """Mark the game finished with the engine's result, all in one transaction.

        ``result``: the ``GameResult`` (stored as its ``to_dict()``); an importer may hand
        in such a dict, checked and read once. ``scores``: the points as booked (with
        Bock), a list by seat or a dict user_id -> points; default the result's score.
        ``moves``: the game's moves as the table holds them, counted for the statistics
        (an importer without them: the stored actions are read). ``last = (idx, action)``:
        the action that ended the game, appended in the same transaction. ``rules``: the
        rules the record replays with, if the table's list changed them (a Pflichtsolo:
        ``solo_lead``). ``bock``: the game's Bock factor, kept for the Spielliste.
        Writes scores, statistics counters, sheet sums, leaderboard totals and the
        rating; nothing on failure.
        """
        finished = to_epoch(now)
        last_text = None if last is None else (last[0], dumps(dict(last[1])))
        async with self._transaction(f"finish game {game_id}") as conn:
            game = await _running_game_row(conn, game_id)
            if last_text is not None:
                await _append(conn, game_id, *last_text)
            players, hands, channel_id = json.loads(game[0]), json.loads(game[1]), game[2]
            typed, data = _result(result, len(players))
            points = _points_by_seat(players, typed, scores)
            played = moves if moves is not None else [parse(a) for a in await _actions(conn, game_id)]
            rows = score_rows(players, hands, typed, played, points)
            await conn.execute(
                "UPDATE games SET status = 'finished', finished_at = ?, result = ?, contract = ?, bock = ?"
                " WHERE id = ?",
                (finished, dumps(data), typed.contract, bock, game_id),
            )
            await _insert_scores(conn, game_id, channel_id, finished, rows)
            await conn.executemany(  # the Spielliste's sums (migration 007)
                _SHEET_UPSERT, [(game[4], r.user_id, r.size, r.points, game[5]) for r in rows],
            )
            await rate_game(conn, game_id, channel_id, players, hands, data)
            if rules is not None:
                await conn.execute("UPDATE games SET rules = ? WHERE id = ?", (dumps(dict(rules)), game_id))

    async def last_game_number(self, table_id: int) -> int:
        """The highest game number used at the table (0 before the first game)."""
        async with self._statement(f"read game numbers of table {table_id}") as conn:
            return await _last_number(conn, table_id)

    async def set_game_players(self, game_id: int, players: Sequence[Any]) -> None:
        """Who plays the running game's seats now (a seat handed over mid-game)."""
        seats = [as_seat(i, p) for i, p in enumerate(players)]
        async with self._transaction(f"set players of game {game_id}") as conn:
            game = await _running_game_row(conn, game_id)
            if len(json.loads(game[0])) != len(seats):
                raise StorageError(f"game {game_id} has {len(json.loads(game[0]))} seats, not {len(seats)}")
            await conn.execute(
                "UPDATE games SET players = ? WHERE id = ?", (dumps([_player_json(s) for s in seats]), game_id)
            )
            await upsert_players(conn, seats, to_epoch(None))

    async def abort_game(self, game_id: int) -> None:
        """Give up a running game (no scores); its record stays readable."""
        async with self._transaction(f"abort game {game_id}") as conn:
            await _running_game_row(conn, game_id)
            await conn.execute("UPDATE games SET status = 'aborted' WHERE id = ?", (game_id,))

    async def unfinished_games(self) -> list[RunningGame]:
        """Every running game with what replaying it needs, oldest first."""
        async with self._transaction("read running games", write=False) as conn:
            rows = await _all(
                conn,
                "SELECT g.id, g.table_id, g.channel_id, t.guild_id, t.message_id, g.number,"
                " g.rules, g.players, g.dealer, g.hands, g.started_at"
                " FROM games g JOIN tables t ON t.id = g.table_id"
                " WHERE g.status = 'running' ORDER BY g.id",
            )
            return [
                RunningGame(
                    game_id=r[0], table_id=r[1], channel_id=r[2], guild_id=r[3], message_id=r[4],
                    number=r[5], rules=json.loads(r[6]), players=json.loads(r[7]), dealer=r[8],
                    hands=json.loads(r[9]), actions=await _actions(conn, r[0]),
                    started_at=from_epoch(r[10]), seats=await table_seats(conn, r[1]),
                )
                for r in rows
            ]

    async def game_record(self, game_id: int) -> dict[str, Any]:
        """The game as a ``dokobot-game/1`` document (the /doko protokoll).

        Refused while the game runs: the record holds every hand.
        """
        async with self._transaction(f"read record of game {game_id}", write=False) as conn:
            rows = await _all(
                conn, "SELECT status, rules, players, dealer, hands FROM games WHERE id = ?", (game_id,)
            )
            if not rows:
                raise StorageError(f"game {game_id} does not exist")
            status, rules, players, dealer, hands = rows[0]
            if status == "running":
                raise StorageError(f"game {game_id} is still running; its record shows all hands")
            return {
                "format": RECORD_FORMAT,
                "rules": json.loads(rules),
                "players": [p["name"] for p in json.loads(players)],
                "dealer": dealer,
                "hands": json.loads(hands),
                "actions": await _actions(conn, game_id),
            }

    async def game_result(self, game_id: int) -> dict[str, Any] | None:
        """The stored result of a finished game (None while running or aborted)."""
        async with self._statement(f"read result of game {game_id}") as conn:
            rows = await _all(conn, "SELECT result FROM games WHERE id = ?", (game_id,))
        if not rows:
            raise StorageError(f"game {game_id} does not exist")
        return None if rows[0][0] is None else json.loads(rows[0][0])

    async def game_info(self, game_id: int) -> GameInfo:
        """Everything stored about one game (StorageError if there is none)."""
        async with self._transaction(f"read game {game_id}", write=False) as conn:
            rows = await _all(conn, f"SELECT {_INFO_COLUMNS} FROM games WHERE id = ?", (game_id,))
            if not rows:
                raise StorageError(f"game {game_id} does not exist")
            return await _game_info(conn, rows[0])

    async def last_game(self, table_id: int) -> GameInfo | None:
        """The table's game with the highest number, whatever its status (None before the first)."""
        async with self._transaction(f"read last game of table {table_id}", write=False) as conn:
            rows = await _all(
                conn,
                f"SELECT {_INFO_COLUMNS} FROM games WHERE table_id = ? ORDER BY number DESC LIMIT 1",
                (table_id,),
            )
            return await _game_info(conn, rows[0]) if rows else None

    async def table_games(self, table_id: int) -> list[GameInfo]:
        """The table's finished games (redeals included), by number: what a
        restored table derives its Bock state from."""
        async with self._transaction(f"read games of table {table_id}", write=False) as conn:
            rows = await _all(
                conn,
                f"SELECT {_INFO_COLUMNS} FROM games WHERE table_id = ? AND status = 'finished' ORDER BY number",
                (table_id,),
            )
            return [await _game_info(conn, r) for r in rows]

    async def sheet_window(
        self, table_id: int, *, size: int | None = None, before: int | None = None, after: int | None = None,
        limit: int = 20,
    ) -> SheetWindow:
        """One page of the Spielliste at a bounded cost, however long the table played:
        the ``limit`` newest finished games before number ``before`` (or with ``after``
        the oldest after that one; with ``size``: games of that many players who got
        cards), each player's games and points per size and the points before the
        page, summed by the database (one row per player and size, never one per game)."""
        async with self._transaction(f"read a sheet page of table {table_id}", write=False) as conn:
            window = await _sheet_games(conn, table_id, size, before, after, limit)
            first = window[0].number if window else (after + 1 if after is not None else before or 2**62)
            cut = window[-1].number + 1 if window else first  # the games from here on come after the page
            sums, start = await _sheet_start(conn, table_id, size, first)
            earlier, later, total = await _sheet_counts(conn, table_id, size, first, cut)
            missing = await _all(
                conn, "SELECT 1 FROM games WHERE table_id = ? AND status = 'finished' AND bock IS NULL LIMIT 1",
                (table_id,),
            )
            keys = sorted({int(r[0]) for r in sums})
            names = dict(await _all(
                conn, f"SELECT user_id, name FROM players WHERE user_id IN ({', '.join('?' * len(keys))})", keys,
            )) if keys else {}
        return SheetWindow(
            games=window,
            sums=[(int(u), int(n_size), int(n), int(p), int(f)) for u, n_size, n, p, f in sums],
            start=start, earlier=earlier, later=later, total=total,
            names={int(k): str(v) for k, v in names.items()}, bock_missing=bool(missing),
        )

    async def set_bock(self, factors: Mapping[int, int]) -> None:
        """Store the Bock factors (game id -> factor) of games finished before version 10,
        replayed once by the store (``SqlStore.sheet_page``); a stored factor is kept."""
        async with self._transaction("store Bock factors") as conn:
            await conn.executemany(
                "UPDATE games SET bock = ? WHERE id = ? AND status = 'finished' AND bock IS NULL",
                [(int(f), int(g)) for g, f in factors.items()],
            )

    async def find_game(self, channel_id: int, number: int | None = None) -> int | None:
        """The id of finished game ``number`` of the channel's newest table (the
        number its Spielliste shows); ``number=None``: its last finished game."""
        sql = (
            "SELECT id FROM games WHERE table_id = (SELECT MAX(id) FROM tables WHERE channel_id = ?)"
            " AND status = 'finished'"
        )
        params: tuple[Any, ...] = (channel_id,)
        if number is not None:
            sql, params = sql + " AND number = ?", (channel_id, number)
        async with self._statement(f"find game {number} of channel {channel_id}") as conn:
            rows = await _all(conn, sql + " ORDER BY number DESC LIMIT 1", params)
        return int(rows[0][0]) if rows else None

    async def finished_games(self, channel_id: int) -> list[int]:
        """Ids of the channel's finished games, oldest first."""
        async with self._statement(f"list games of channel {channel_id}") as conn:
            rows = await _all(
                conn,
                "SELECT id FROM games WHERE channel_id = ? AND status = 'finished' ORDER BY id",
                (channel_id,),
            )
        return [r[0] for r in rows]

    async def score_sheet(self, table_id: int) -> ScoreSheet:
        """The Spielliste: cumulative points per player after each finished game."""
        async with self._transaction(f"read score sheet of table {table_id}", write=False) as conn:
            games = await _all(
                conn,
                "SELECT id, number, contract, players FROM games"
                " WHERE table_id = ? AND status = 'finished' ORDER BY number",
                (table_id,),
            )
            points = await _all(
                conn,
                "SELECT s.game_id, s.user_id, s.points FROM scores s JOIN games g ON g.id = s.game_id"
                " WHERE g.table_id = ? AND g.status = 'finished'",
                (table_id,),
            )
        return build_sheet(table_id, games, points)


def build_sheet(table_id: int, games: Sequence[Sequence[Any]], points: Sequence[Sequence[Any]]) -> ScoreSheet:
    by_game: dict[int, dict[int, int]] = {}
    for game_id, user_id, value in points:
        by_game.setdefault(game_id, {})
        by_game[game_id][user_id] = by_game[game_id].get(user_id, 0) + value
    players: dict[int, SheetPlayer] = {}
    totals: dict[int, int] = {}
    rows = []
    for game_id, number, contract, players_json in games:
        for p in json.loads(players_json):
            key = seat_key(p)
            # latest name wins; insertion order keeps first appearance
            players[key] = SheetPlayer(key, p["name"], bool(p.get("is_bot", False)))
            totals.setdefault(key, 0)
        game_points = {key: by_game.get(game_id, {}).get(key, 0) for key in totals}
        for key, value in game_points.items():
            totals[key] += value
        rows.append(SheetRow(game_id, number, contract, game_points, dict(totals)))
    return ScoreSheet(table_id, list(players.values()), rows)


_INFO_COLUMNS = "id, table_id, channel_id, number, status, rules, players, dealer, hands, result, bock"


async def _sheet_games(
    conn: aiosqlite.Connection, table_id: int, size: int | None, before: int | None, after: int | None, limit: int,
) -> list[GameInfo]:
    """The page's finished games, by number: newest before ``before``, or oldest after ``after``;
    without their actions (the sheet needs none), their points read in one query."""
    picked: list[Sequence[Any]] = []
    edge = after if after is not None else (before if before is not None else 2**62)
    while len(picked) < limit:  # with a size filter: skip the games of other sizes
        where, order = ("number > ?", "ASC") if after is not None else ("number < ?", "DESC")
        rows = await _all(
            conn,
            f"SELECT {_INFO_COLUMNS} FROM games WHERE table_id = ? AND status = 'finished' AND {where}"
            f" ORDER BY number {order} LIMIT ?",
            (table_id, edge, limit * 2),
        )
        picked += [r for r in rows if size is None or sum(1 for h in json.loads(r[8]) if h) == size]
        if len(rows) < limit * 2:
            break
        edge = rows[-1][3]
    picked = picked[:limit]
    points: dict[int, dict[int, int]] = {int(r[0]): {} for r in picked}
    if picked:
        for game_id, user_id, value in await _all(
            conn, f"SELECT game_id, user_id, points FROM scores WHERE game_id IN ({', '.join('?' * len(picked))})",
            [r[0] for r in picked],
        ):
            points[int(game_id)][int(user_id)] = int(value)
    return sorted((_info(r, [], points[int(r[0])]) for r in picked), key=lambda g: g.number)


async def _game_info(conn: aiosqlite.Connection, row: Sequence[Any]) -> GameInfo:
    points = await _all(conn, "SELECT user_id, points FROM scores WHERE game_id = ?", (row[0],))
    return _info(row, await _actions(conn, row[0]), {int(u): int(p) for u, p in points})


def _info(row: Sequence[Any], actions: list[dict[str, Any]], points: dict[int, int]) -> GameInfo:
    """A games row (``_INFO_COLUMNS``) with its actions and booked points."""
    return GameInfo(
        game_id=row[0], table_id=row[1], channel_id=row[2], number=row[3], status=row[4],
        rules=json.loads(row[5]), players=json.loads(row[6]), dealer=row[7], hands=json.loads(row[8]),
        actions=actions, result=None if row[9] is None else json.loads(row[9]),
        points=points, bock=None if row[10] is None else int(row[10]),
    )


def _result(result: GameResult | Mapping[str, Any], seats: int) -> tuple[GameResult, dict[str, Any]]:
    """The typed result and the dict it is stored as: a ``GameResult`` is used as it is,
    an importer's dict is checked and read once."""
    if isinstance(result, GameResult):
        check_seats(result, seats)
        return result, result.to_dict()
    data = dict(result) if isinstance(result, Mapping) else result
    check_result(data, seats)
    return GameResult.from_dict(data), data


def _points_by_seat(
    players: Sequence[Mapping[str, Any]],
    result: GameResult,
    scores: Sequence[int] | Mapping[int, int] | None,
) -> list[int]:
    if scores is None:
        scores = result.score
    if isinstance(scores, Mapping):
        missing = [p["name"] for p in players if seat_key(p) not in scores]
        if missing:
            raise ValueError(f"no points for {', '.join(missing)}")
        return [int(scores[seat_key(p)]) for p in players]
    if scores is None or len(scores) != len(players):
        raise ValueError(f"need points for {len(players)} seats")
    return [int(v) for v in scores]


async def _last_number(conn: aiosqlite.Connection, table_id: int) -> int:
    rows = await _all(conn, "SELECT COALESCE(MAX(number), 0) FROM games WHERE table_id = ?", (table_id,))
    return int(rows[0][0])


async def _append(conn: aiosqlite.Connection, game_id: int, idx: int, text: str) -> None:
    """Append action ``idx`` (JSON ``text``) if it is the running game's next one."""
    cur = await conn.execute(_APPEND, (game_id, idx, text, game_id, idx, game_id))
    if cur.rowcount != 1:
        raise StorageError(await _append_refusal(conn, game_id, idx))


def _size_filter(size: int | None) -> tuple[str, tuple[int, ...]]:
    return ("AND s.size = ?", (size,)) if size is not None else ("", ())


async def _sheet_start(
    conn: aiosqlite.Connection, table_id: int, size: int | None, first: int,
) -> tuple[list[tuple[Any, ...]], dict[int, int]]:
    """The table's sums per player and size, and each player's points before game ``first``."""
    size_sql, size_args = _size_filter(size)
    sums = await _all(  # kept by finish_game: one row per player and size, in order of first
        # appearance as the sheet names them: by first game, then seat (never the rows' storage
        # order, which PostgreSQL changes with every update)
        conn,
        "SELECT s.user_id, s.size, s.games, s.points, s.first_game FROM sheet_totals s"
        " LEFT JOIN games f ON f.table_id = s.table_id AND f.number = s.first_game"
        " LEFT JOIN scores fs ON fs.game_id = f.id AND fs.user_id = s.user_id"
        f" WHERE s.table_id = ? {size_sql} ORDER BY s.first_game, fs.seat, s.user_id, s.size",
        (table_id, *size_args),
    )
    since = await _all(  # the page and the games after it: the points before it are the rest
        conn,
        "SELECT s.user_id, SUM(s.points) FROM scores s JOIN games g ON g.id = s.game_id"
        f" WHERE g.table_id = ? AND g.status = 'finished' AND g.number >= ? {size_sql} GROUP BY s.user_id",
        (table_id, first, *size_args),
    )
    start: dict[int, int] = {}
    for user, _, _, points, _ in sums:
        start[int(user)] = start.get(int(user), 0) + int(points)
    for user, points in since:
        start[int(user)] = start.get(int(user), 0) - int(points)
    scored_before = {int(r[0]) for r in sums if int(r[4]) < first}  # a running total of 0 stays one
    return sums, {u: p for u, p in start.items() if p or u in scored_before}


async def _sheet_counts(
    conn: aiosqlite.Connection, table_id: int, size: int | None, first: int, cut: int,
) -> tuple[int, int, int]:
    """The finished games before number ``first``, from ``cut`` on, and those that were played
    (no throw-in), of the table (with ``size``: of that size)."""
    _, size_args = _size_filter(size)
    counts = await _all(
        conn,
        "SELECT COALESCE(SUM(CASE WHEN number < ? THEN 1 ELSE 0 END), 0),"
        " COALESCE(SUM(CASE WHEN number >= ? THEN 1 ELSE 0 END), 0),"
        " COALESCE(SUM(CASE WHEN COALESCE(contract, '') <> 'redeal' THEN 1 ELSE 0 END), 0) FROM games"
        " WHERE table_id = ? AND status = 'finished'"
        + (" AND id IN (SELECT game_id FROM scores WHERE size = ?)" if size is not None else ""),
        (first, cut, table_id, *size_args),
    )
    earlier, later = int(counts[0][0]), int(counts[0][1])
    if size is not None:  # a throw-in has no score rows: its size is in its hands
        redeals = await _all(
            conn, "SELECT number, hands FROM games WHERE table_id = ? AND status = 'finished'"
            " AND contract = 'redeal' AND (number < ? OR number >= ?)", (table_id, first, cut),
        )
        sized = [n for n, hands in redeals if sum(1 for h in json.loads(hands) if h) == size]
        earlier += sum(1 for n in sized if n < first)
        later += sum(1 for n in sized if n >= cut)
    return earlier, later, int(counts[0][2])


async def _new_number(conn: aiosqlite.Connection, table_id: int, number: int | None) -> int:
    """The number of a new game at the table: ``number``, or the next one. StorageError while
    a game runs there (one at a time) or when the number is taken (unique per table)."""
    # the running game and the last number in one round trip
    [(running, last)] = await _all(
        conn, "SELECT (SELECT MIN(id) FROM games WHERE table_id = ? AND status = 'running'),"
        " (SELECT COALESCE(MAX(number), 0) FROM games WHERE table_id = ?)", (table_id, table_id),
    )
    if running is not None:
        raise StorageError(f"table {table_id} already has a running game ({running})")
    if number is None:
        return int(last) + 1
    if await _all(conn, "SELECT 1 FROM games WHERE table_id = ? AND number = ?", (table_id, number)):
        raise StorageError(f"table {table_id} already has a game number {number}")
    return number


def _player_json(seat: Seat) -> dict[str, Any]:
    out: dict[str, Any] = {"user_id": seat.user_id, "name": seat.name, "is_bot": seat.is_bot}
    if seat.level is not None:  # a computer: its level, so nothing reads it out of the name
        out["level"] = seat.level
    return out


async def _running_game_row(conn: aiosqlite.Connection, game_id: int) -> tuple[Any, ...]:
    rows = await _all(
        conn, "SELECT players, hands, channel_id, status, table_id, number FROM games WHERE id = ?", (game_id,),
    )
    if not rows:
        raise StorageError(f"game {game_id} does not exist")
    if rows[0][3] != "running":
        raise StorageError(f"game {game_id} is {rows[0][3]}, not running")
    return tuple(rows[0])


async def _actions(conn: aiosqlite.Connection, game_id: int) -> list[dict[str, Any]]:
    rows = await _all(conn, "SELECT action FROM actions WHERE game_id = ? ORDER BY idx", (game_id,))
    return [json.loads(r[0]) for r in rows]


async def _append_refusal(conn: aiosqlite.Connection, game_id: int, idx: int) -> str:
    """Why the guarded insert wrote nothing, in words."""
    rows = await _all(conn, "SELECT status FROM games WHERE id = ?", (game_id,))
    if not rows:
        return f"game {game_id} does not exist"
    if rows[0][0] != "running":
        return f"game {game_id} is {rows[0][0]}; no more actions can be stored"
    expected = (await _all(conn, "SELECT COUNT(*) FROM actions WHERE game_id = ?", (game_id,)))[0][0]
    return f"game {game_id}: action index {idx} is not the next one ({expected})"


async def _insert_scores(
    conn: aiosqlite.Connection, game_id: int, channel_id: int, finished: int, rows: Sequence[SeatScore]
) -> None:
    await conn.executemany(
        f"INSERT INTO scores ({_SCORE_COLUMNS}) VALUES ({', '.join('?' * 18)})",
        [
            (
                game_id, r.seat, r.user_id, r.party, r.points, int(r.won), int(r.is_bot), finished,
                channel_id, r.solo, r.hochzeit, r.stille_hochzeit, r.announcements, r.doppelkopf,
                r.fuchs_caught, r.fuchs_lost, r.karlchen, r.size,
            )
            for r in rows
        ],
    )
    for table, column, bucket in (
        ("totals_month", "month", month_bucket(finished)),
        ("totals_day", "day", day_bucket(finished)),
    ):
        await conn.executemany(
            _TOTALS_UPSERT.format(table=table, column=column),
            [(channel_id, bucket, r.user_id, r.size, int(r.is_bot), r.points, int(r.won)) for r in rows],
        )
