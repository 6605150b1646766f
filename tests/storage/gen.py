"""Random but plausible finished games for storage tests (no engine needed)."""

from __future__ import annotations

import math
import random
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

from dokobot.engine import GameResult
from dokobot.engine.actions import parse
from dokobot.storage.core import dumps
from dokobot.storage.periods import to_epoch
from dokobot.storage.seatstats import score_rows
from dokobot.storage.tables import as_seat, upsert_players
from dokobot.table.store import player_key

CONTRACTS = ["normal"] * 12 + ["hochzeit", "stille_hochzeit", "armut", "solo:karo", "solo:damen", "redeal"]
STEPS = ["keine90", "keine60", "keine30", "schwarz"]
NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)  # a Sunday


@dataclass
class GenGame:
    players: list[dict[str, Any]]
    dealer: int
    hands: list[list[str]]
    actions: list[dict[str, Any]]
    result: dict[str, Any]
    finished_at: datetime
    points: list[int] = field(default_factory=list)


def pool(rng: random.Random, humans: int = 7, bots: int = 2) -> list[dict[str, Any]]:
    people = [{"user_id": 1000 + i, "name": f"Spieler{i}", "is_bot": False} for i in range(humans)]
    robots = [{"user_id": None, "name": f"Computer{i}", "is_bot": True} for i in range(bots)]
    return people + robots


# Table kinds with big=True: (seats, dealer sits out, how many Re in a normal game)
KINDS = [(4, False, 2)] * 3 + [(5, True, 2), (5, False, 2), (6, False, 3), (6, False, 3)]


def random_game(
    rng: random.Random, players_pool: list[dict[str, Any]], span_days: int = 500, *, big: bool = False,
) -> GenGame:
    """A finished game at four, or at five with the dealer sitting out; with
    ``big`` also at five all playing and at six (issue 13), settled by the
    rule for parties of any size."""
    if big:
        n, out, re_size = rng.choice(KINDS)
    else:
        n = 5 if rng.random() < 0.15 else 4
        out, re_size = n == 5, 2
    players = rng.sample(players_pool, n)
    dealer = rng.randrange(n)
    hands = [["CQ", "DA"] if (not out or s != dealer) else [] for s in range(n)]
    active = [s for s in range(n) if hands[s]]
    contract = rng.choice(CONTRACTS)
    if big and len(active) > 4 and contract in ("armut", "redeal"):
        contract = "normal"  # no Armut, no Schmeißen at five all playing or at six
    actions = [{"seat": s, "reserve": "gesund"} for s in active]
    if contract == "redeal":
        result = {"contract": "redeal", "re": [], "kontra": [], "winner": None, "score": [0] * n}
        return GenGame(players, dealer, hands, actions, result, _when(rng, span_days), [0] * n)
    if contract.startswith("solo") or contract == "stille_hochzeit":
        re = [rng.choice(active)]
    else:
        re = rng.sample(active, re_size)
    if contract == "hochzeit":
        actions[active.index(re[0])] = {"seat": re[0], "reserve": "hochzeit"}
        if rng.random() < 0.3:
            re = re[:1]  # no partner found: plays alone
    if contract.startswith("solo"):
        actions[active.index(re[0])] = {"seat": re[0], "reserve": "solo", "solo": contract[5:]}
    kontra = [s for s in active if s not in re]
    for _ in range(rng.choice([0, 0, 1, 2, 3])):
        seat = rng.choice(active)
        actions.append({"seat": seat, "announce": rng.choice(["re", "kontra", *STEPS])})
    actions.append({"seat": active[0], "play": "CQ"})
    winner = rng.choice(["re", "re", "kontra", "kontra", None])
    value = rng.randint(1, 7)
    extras = []
    for _ in range(rng.choice([0, 0, 1, 2, 3])):
        key = rng.choice(["fuchs", "doppelkopf", "karlchen", "gegen_die_alten"])
        seat = rng.choice(active)
        party = "re" if seat in re else "kontra"
        victim = rng.choice(active) if key == "fuchs" else None
        extras.append({"key": key, "party": party, "seat": seat, "victim": victim})
    score = [0] * n
    zero_sum = rng.random() < 0.7  # else only the winners are credited: mean ppg > 0
    if winner is not None and len(active) == 4:
        factor = 3 if len(re) == 1 else 1
        for s in active:
            sign = 1 if (s in re) == (winner == "re") else -1
            score[s] = sign * value * (factor if s in re else 1)
            if not zero_sum and sign < 0:
                score[s] = 0
    elif winner is not None:  # parties of any size: winners get value * L / g, losers pay value * W / g
        won = re if winner == "re" else kontra
        lost = kontra if winner == "re" else re
        g = math.gcd(len(won), len(lost))
        for s in active:
            score[s] = value * len(lost) // g if s in won else -value * len(won) // g
    result = {
        "contract": contract, "re": re, "kontra": kontra, "augen": {"re": 121, "kontra": 119},
        "tricks": {"re": 6, "kontra": 6}, "winner": winner, "game_value": value, "score": score,
        "breakdown": [], "extras": extras,
    }
    return GenGame(players, dealer, hands, actions, result, _when(rng, span_days), score)


def _when(rng: random.Random, span_days: int) -> datetime:
    return NOW - timedelta(seconds=rng.randrange(span_days * 86400))


async def store_game(db, table_id: int, game: GenGame) -> int:
    """Create, append the actions, finish: the way the bot stores a game (its last action
    appended by ``finish_game``, with the moves the table holds)."""
    game_id = await db.create_game(
        table_id, {"preset": "ddv"}, game.players, game.dealer, game.hands,
        now=game.finished_at - timedelta(minutes=5),
    )
    *played, last = game.actions
    for idx, action in enumerate(played):
        await db.append_action(game_id, idx, action)
    moves = [parse(a) for a in game.actions]
    await db.finish_game(game_id, game.result, game.points, moves, last=(len(played), last), now=game.finished_at)
    return game_id


# ---- many games at once, for the tests about reading them ------------------------------

_SCORES = (
    "INSERT INTO scores (game_id, seat, user_id, party, points, won, is_bot, finished_at, channel_id, solo,"
    " hochzeit, stille_hochzeit, announcements, doppelkopf, fuchs_caught, fuchs_lost, karlchen, size)"
    f" VALUES ({', '.join('?' * 18)})"
)


async def store_games(db, table_id: int, games: list[GenGame]) -> None:
    """The rows ``store_game`` leaves for each game in turn, written in bulk: the games, their
    actions and score rows in one transaction with a batch per table, then the sums, totals and
    ratings derived from them by the store's own ``rebuild_totals`` and ``rerate``. For tests
    about reading many games; test_sheet_page checks that both leave the same database."""
    stored = [[_stored_player(i, p) for i, p in enumerate(g.players)] for g in games]
    async with db.transaction(f"store {len(games)} games at table {table_id}") as conn:
        [(channel_id, last)] = await conn.execute_fetchall(
            "SELECT t.channel_id, COALESCE(MAX(g.number), 0) FROM tables t LEFT JOIN games g ON g.table_id = t.id"
            " WHERE t.id = ? GROUP BY t.channel_id", (table_id,))
        await conn.executemany(
            "INSERT INTO games (table_id, channel_id, number, rules, players, dealer, hands, started_at, status,"
            " finished_at, result, contract, bock) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'finished', ?, ?, ?, 1)",
            [(table_id, channel_id, last + n, dumps({"preset": "ddv"}), dumps(players), g.dealer,
              dumps([list(h) for h in g.hands]), _started(g), to_epoch(g.finished_at), dumps(g.result),
              GameResult.from_dict(g.result).contract) for n, (g, players) in enumerate(zip(games, stored, strict=True), 1)])
        ids = dict(await conn.execute_fetchall(
            "SELECT number, id FROM games WHERE table_id = ? AND number > ?", (table_id, last)))
        game_ids = [ids[last + n] for n in range(1, len(games) + 1)]
        await conn.executemany("INSERT INTO actions (game_id, idx, action) VALUES (?, ?, ?)", [
            (game_id, idx, dumps(a)) for game_id, g in zip(game_ids, games, strict=True)
            for idx, a in enumerate(g.actions)])
        await conn.executemany(_SCORES, [
            row for game_id, g, players in zip(game_ids, games, stored, strict=True)
            for row in _score_rows(game_id, channel_id, g, players)])
        await _latest_players(conn, games)
    await db.rebuild_totals()
    await db.rerate()


def _stored_player(seat: int, player: dict[str, Any]) -> dict[str, Any]:
    """A seat as create_game stores it in the game's players."""
    s = as_seat(seat, player)
    return {"user_id": s.user_id, "name": s.name, "is_bot": s.is_bot,
            **({"level": s.level} if s.level is not None else {})}


def _started(game: GenGame) -> int:
    return to_epoch(game.finished_at - timedelta(minutes=5))


def _score_rows(game_id: int, channel_id: int, game: GenGame, players: list[dict[str, Any]]) -> list[tuple]:
    finished = to_epoch(game.finished_at)
    rows = score_rows(players, game.hands, GameResult.from_dict(game.result), [parse(a) for a in game.actions],
                      [int(p) for p in game.points])
    return [(game_id, r.seat, r.user_id, r.party, r.points, int(r.won), int(r.is_bot), finished, channel_id,
             r.solo, r.hochzeit, r.stille_hochzeit, r.announcements, r.doppelkopf, r.fuchs_caught, r.fuchs_lost,
             r.karlchen, r.size) for r in rows]


async def _latest_players(conn, games: list[GenGame]) -> None:
    """Each player's row as the last of create_game's upserts leaves it (its game's start)."""
    latest: dict[int, tuple[Any, int]] = {}
    for g in games:
        for i, p in enumerate(g.players):
            seat = as_seat(i, p)
            latest[player_key(seat.user_id, seat.name)] = (seat, _started(g))
    for started in sorted({t for _, t in latest.values()}):
        await upsert_players(conn, [s for s, t in latest.values() if t == started], started)
