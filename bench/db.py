"""Storage benchmark: action appends and leaderboards on a big database.

    python3 bench/db.py                 # 100,000 finished games (400,000 score rows)
    python3 bench/db.py --games 200     # smoke run
    python3 bench/db.py --url postgresql://user:pw@localhost/db   # the same on PostgreSQL

Builds a temporary database with the real schema (Database.open runs the
migrations), bulk-loads random plausible finished games with executemany,
rebuilds the leaderboard totals, then times through the public async API:

1. append_action, each one committed (target p99 < 5 ms),
2. leaderboard for every period and order on the busiest channel (target p99 < 50 ms),
3. statistics of one player, finish_game and score_sheet (no target, for reference),
4. a page of the Spielliste of a table with 4,000 games (``--long-table``), against
   reading every game of it, as /doko liste did (target p99 < 100 ms),
5. the Spielliste view as ``/doko liste`` reads it through the store, on tables that
   play Bock with 10 and 1,000 finished games of 48 cards each (``--sheets``): the
   same time for both is the target.

All games go to one channel by default: the worst case for a channel leaderboard.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dokobot.storage import Database  # noqa: E402
from dokobot.storage.periods import to_epoch  # noqa: E402
from dokobot.storage.sql_store import SqlStore  # noqa: E402
from dokobot.text.sheet import SHEET_ROWS  # noqa: E402

CHANNEL = 1
GAMES_PER_TABLE = 60  # one evening at a table
HUMANS, BOTS = 40, 4
SUITS, RANKS = "CSHD", "AKQJT9"
DECK = [s + r for s in SUITS for r in RANKS] * 2
CONTRACTS = ["normal"] * 20 + ["hochzeit", "stille_hochzeit", "solo:karo", "solo:damen", "armut"]
APPEND_TARGET_MS, BOARD_TARGET_MS = 5.0, 50.0
SHEET_TARGET_MS = 100.0  # /doko liste defers, but its page should not depend on the table's history
SHEET_TABLES = "10,1000"  # finished games of the tables whose Spielliste view is timed
BOCK_RULES = {"preset": "ddv", "bock": ["tie", "lost_solo", "lost_announcement", "heart_trick"]}
LONG_TABLE = 4000  # games of the one long table (the score sheet's worst case)
PG_APPEND_TARGET_MS = 10.0  # a network round trip per commit (issue 16)


def _players() -> list[dict]:
    people = [{"user_id": 10**17 + i, "name": f"Spieler {i}", "is_bot": False} for i in range(HUMANS)]
    robots = [{"user_id": -(i + 1), "name": f"Computer {i}", "is_bot": True} for i in range(BOTS)]
    return people + robots


def _place(game_id: int, long: int) -> tuple[int, int]:
    """(table id, game number) of a game: the first ``long`` games are table 1's (one
    table that played for years: the score sheet's worst case), the rest 60 a table."""
    if game_id <= long:
        return 1, game_id
    rest = game_id - long - 1
    return rest // GAMES_PER_TABLE + (2 if long else 1), rest % GAMES_PER_TABLE + 1


def _game_rows(rng: random.Random, game_id: int, table_id: int, finished: int, players: list[dict], number: int = 0):
    """One games row and its four scores rows."""
    seats = rng.sample(players, 4)
    deck = DECK[:]
    rng.shuffle(deck)
    hands = [deck[i * 12 : (i + 1) * 12] for i in range(4)]
    contract = rng.choice(CONTRACTS)
    re = [rng.randrange(4)] if contract in ("solo:karo", "solo:damen", "stille_hochzeit") else rng.sample(range(4), 2)
    winner = rng.choice(["re", "kontra", "re", "kontra", None])
    value = rng.randint(1, 6)
    score = [0] * 4
    if winner:
        for s in range(4):
            sign = 1 if (s in re) == (winner == "re") else -1
            score[s] = sign * value * (3 if len(re) == 1 and s in re else 1)
    result = {
        "contract": contract, "re": re, "kontra": [s for s in range(4) if s not in re],
        "winner": winner, "game_value": value, "score": score, "extras": [],
    }
    game = (
        game_id, table_id, CHANNEL, number or (game_id - 1) % GAMES_PER_TABLE + 1, '{"preset":"ddv"}', json.dumps(seats), rng.randrange(4),
        json.dumps(hands), finished - 900, finished, json.dumps(result), contract, "finished",
    )
    scores = []
    for s, p in enumerate(seats):
        party = "re" if s in re else "kontra"
        solo = int(len(re) == 1 and s in re and contract.startswith("solo"))
        scores.append((
            game_id, s, p["user_id"], party, score[s], int(party == winner), int(p["is_bot"]), finished,
            CHANNEL, solo, 0, 0, rng.choice([0, 0, 0, 1, 2]), int(rng.random() < 0.1),
            int(rng.random() < 0.1), int(rng.random() < 0.1), int(rng.random() < 0.03), 4,
        ))
    return game, scores


_GAME_COLUMNS = [
    "id", "table_id", "channel_id", "number", "rules", "players", "dealer", "hands",
    "started_at", "finished_at", "result", "contract", "status",
]
_SCORE_COLUMNS = [
    "game_id", "seat", "user_id", "party", "points", "won", "is_bot", "finished_at", "channel_id", "solo",
    "hochzeit", "stille_hochzeit", "announcements", "doppelkopf", "fuchs_caught", "fuchs_lost", "karlchen",
    "size",
]


def generate(games: int, seed: int, now: datetime, long: int = 0):
    """(tables rows, players rows, batches of (games rows, scores rows)) of random finished games."""
    rng = random.Random(seed)
    players = _players()
    span = 3 * 365 * 86400
    end = to_epoch(now)
    times = sorted(end - rng.randrange(span) for _ in range(games))
    long = min(long, games)
    tables = _place(games, long)[0] if games else 0
    table_rows = [(t, CHANNEL, 1, players[0]["user_id"], "closed", end - span) for t in range(1, tables + 1)]
    player_rows = [(p["user_id"], p["name"], int(p["is_bot"]), end) for p in players]

    def batches():
        batch_games, batch_scores = [], []
        for game_id, finished in enumerate(times, start=1):
            table_id, number = _place(game_id, long)
            game, scores = _game_rows(rng, game_id, table_id, finished, players, number)
            batch_games.append(game)
            batch_scores.extend(scores)
            if len(batch_games) >= 10_000:
                yield batch_games, batch_scores
                batch_games, batch_scores = [], []
        if batch_games:
            yield batch_games, batch_scores

    return table_rows, player_rows, batches()


def bulk_load(path: Path, games: int, seed: int, now: datetime, long: int = 0) -> None:
    """SQLite: fill games and scores with executemany in one transaction (fast)."""
    table_rows, player_rows, batches = generate(games, seed, now, long)
    conn = sqlite3.connect(path, isolation_level=None)
    conn.execute("BEGIN")
    conn.executemany(
        "INSERT INTO tables (id, channel_id, guild_id, host_id, status, created_at) VALUES (?, ?, ?, ?, ?, ?)",
        table_rows,
    )
    conn.executemany("INSERT INTO players (user_id, name, is_bot, updated_at) VALUES (?, ?, ?, ?)", player_rows)
    for batch_games, batch_scores in batches:
        conn.executemany(
            f"INSERT INTO games ({', '.join(_GAME_COLUMNS)}) VALUES ({', '.join('?' * len(_GAME_COLUMNS))})",
            batch_games,
        )
        conn.executemany(
            f"INSERT INTO scores ({', '.join(_SCORE_COLUMNS)}) VALUES ({', '.join('?' * len(_SCORE_COLUMNS))})",
            batch_scores,
        )
    conn.execute("COMMIT")
    conn.execute("ANALYZE")
    conn.close()


async def bulk_load_pg(db: Database, games: int, seed: int, now: datetime, long: int = 0) -> None:
    """PostgreSQL: the same rows with COPY in one transaction, then ANALYZE."""
    table_rows, player_rows, batches = generate(games, seed, now, long)
    async with db._transaction("bulk load") as conn:
        raw = conn.raw
        await raw.copy_records_to_table(
            "tables", records=table_rows,
            columns=["id", "channel_id", "guild_id", "host_id", "status", "created_at"],
        )
        await raw.copy_records_to_table("players", records=player_rows, columns=["user_id", "name", "is_bot", "updated_at"])
        for batch_games, batch_scores in batches:
            await raw.copy_records_to_table("games", records=batch_games, columns=_GAME_COLUMNS)
            await raw.copy_records_to_table("scores", records=batch_scores, columns=_SCORE_COLUMNS)
        for table in ("tables", "games"):
            await raw.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), COALESCE(MAX(id), 0) + 1, false) FROM {table}"
            )
    # what autovacuum does soon after a load: visibility map (index-only scans) and statistics
    for table in ("tables", "players", "games", "scores"):
        await db._connection().execute(f"VACUUM (ANALYZE) {table}")


async def timed(samples: list[float], call: Callable[[], Awaitable[object]]) -> None:
    start = time.perf_counter()
    await call()
    samples.append((time.perf_counter() - start) * 1000)


def pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def line(name: str, samples: list[float], target: float | None) -> str:
    p50, p99 = statistics.median(samples), pct(samples, 0.99)
    verdict = "" if target is None else ("ok" if p99 < target else f"OVER {target:g} ms")
    return f"{name:<28} {len(samples):>6} {p50:>9.3f} {p99:>9.3f} {max(samples):>9.3f}  {verdict}"


async def bench_appends(db: Database, tables: int, actions: int) -> tuple[list[float], list[float]]:
    """Play `tables` games at once, interleaved like a busy bot; time every append and finish."""
    players = _players()[:4]
    hands = [DECK[i * 12 : (i + 1) * 12] for i in range(4)]
    games = []
    for t in range(tables):
        table = await db.open_table(1000 + t, 1, players[0]["user_id"], players)
        games.append(await db.create_game(table, {"preset": "ddv"}, players, 0, hands))
    appends: list[float] = []
    for idx in range(actions):
        for game_id in games:
            action = {"seat": idx % 4, "play": DECK[idx % len(DECK)]}
            await timed(appends, lambda g=game_id, i=idx, a=action: db.append_action(g, i, a))
    finishes: list[float] = []
    result = {"contract": "normal", "re": [0, 1], "kontra": [2, 3], "winner": "re", "score": [1, 1, -1, -1]}
    for game_id in games:
        await timed(finishes, lambda g=game_id: db.finish_game(g, result))
    return appends, finishes


async def run(args: argparse.Namespace) -> None:
    now = datetime.now(UTC)
    if args.url:
        await run_pg(args, now)
        return
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bench.db"
        await (await Database.open(path)).close()  # creates the schema
        start = time.perf_counter()
        bulk_load(path, args.games, args.seed, now, args.long_table)
        db = await Database.open(path)
        await db.rebuild_totals()
        build = time.perf_counter() - start
        size = path.stat().st_size / 2**20
        print(f"SQLite {sqlite3.sqlite_version}: built {args.games} finished games ({4 * args.games} score rows)"
              f" in {build:.1f} s, {size:.0f} MiB")
        await measure(db, args, now)
        await db.close()


async def run_pg(args: argparse.Namespace, now: datetime) -> None:
    """The same figures on PostgreSQL, in a fresh schema of the given database (dropped afterwards)."""
    import asyncpg

    from dokobot.storage.postgres import redact

    schema = f"bench_{random.randrange(16**8):08x}"
    admin = await asyncpg.connect(args.url)
    await admin.execute(f"CREATE SCHEMA {schema}")
    try:
        sep = "&" if "?" in args.url else "?"
        db = await Database.open(f"{args.url}{sep}search_path={schema}")
        start = time.perf_counter()
        await bulk_load_pg(db, args.games, args.seed, now, args.long_table)
        await db.rebuild_totals()
        for table in ("totals_month", "totals_day"):
            await db._connection().execute(f"VACUUM (ANALYZE) {table}")
        build = time.perf_counter() - start
        size = await admin.fetchval(
            "SELECT SUM(pg_total_relation_size(c.oid)) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace"
            " WHERE n.nspname = $1 AND c.relkind = 'r'", schema,
        )
        version = await admin.fetchval("SHOW server_version")
        print(f"PostgreSQL {version} at {redact(args.url)}: built {args.games} finished games"
              f" ({4 * args.games} score rows) in {build:.1f} s, {int(size or 0) / 2**20:.0f} MiB")
        await measure(db, args, now, PG_APPEND_TARGET_MS)
        await db.close()
    finally:
        if not args.keep:
            await admin.execute(f"DROP SCHEMA {schema} CASCADE")
        await admin.close()


async def measure(db: Database, args: argparse.Namespace, now: datetime, append_target: float = APPEND_TARGET_MS) -> None:
    print(f"{'operation':<28} {'n':>6} {'p50 ms':>9} {'p99 ms':>9} {'max ms':>9}")
    appends, finishes = await bench_appends(db, args.tables, args.actions)
    print(line("append_action (committed)", appends, append_target))
    print(line("finish_game", finishes, None))

    last_week = now - timedelta(days=1)
    for period in ("alle", "jahr", "monat", "woche"):
        for order in ("punkte", "ppg", "siege"):
            samples: list[float] = []
            for _ in range(args.repeat):
                await timed(samples, lambda p=period, o=order: db.leaderboard(CHANNEL, p, o, now=last_week))
            print(line(f"leaderboard {period}/{order}", samples, BOARD_TARGET_MS))
    samples = []
    for _ in range(args.repeat):  # filtered on the table size (issue 13)
        await timed(samples, lambda: db.leaderboard(CHANNEL, "alle", "ppg", now=last_week, size=4))
    print(line("leaderboard alle/ppg size 4", samples, BOARD_TARGET_MS))

    board = await db.leaderboard(CHANNEL, "alle", "punkte", limit=1)
    user = board.rows[0].user_id if board.rows else 0
    samples = []
    for _ in range(args.repeat):
        await timed(samples, lambda: db.statistics(CHANNEL, user))
    print(line("statistics (one player)", samples, None))
    samples = []
    for _ in range(args.repeat):
        await timed(samples, lambda: db.statistics(CHANNEL, user, size=4))
    print(line("statistics size 4", samples, None))
    samples = []
    for _ in range(args.repeat):
        await timed(samples, lambda: db.score_sheet(2))
    print(line(f"score_sheet (<= {GAMES_PER_TABLE} games)", samples, None))
    long = min(args.long_table, args.games)
    if long:  # /doko liste on a table of years (issue 20): every game read, or one page
        samples = []
        for _ in range(max(args.repeat // 10, 3)):
            await timed(samples, lambda: db.table_games(1))
        print(line(f"sheet, every game ({long})", samples, None))
        samples = []
        for _ in range(args.repeat):
            await timed(samples, lambda: db.sheet_window(1, limit=20))
        print(line(f"sheet page ({long} games)", samples, SHEET_TARGET_MS))
    await bench_sheet_views(db, args)


async def sheet_table(db: Database, games: int, seed: int) -> int:
    """A table with Bock on and ``games`` finished games, each with its 48 card plays stored."""
    rng = random.Random(seed)
    players = _players()[:4]
    table = await db.open_table(3000 + games, 1, players[0]["user_id"], players)
    for number in range(1, games + 1):
        deck = DECK[:]
        rng.shuffle(deck)
        hands = [deck[i * 12 : (i + 1) * 12] for i in range(4)]
        game_id = await db.create_game(table, BOCK_RULES, players, number % 4, hands, number=number)
        plays = [(game_id, i, json.dumps({"seat": i % 4, "play": hands[i % 4][i // 4]})) for i in range(48)]
        async with db._transaction("bench: a game's card plays") as conn:
            await conn.executemany("INSERT INTO actions (game_id, idx, action) VALUES (?, ?, ?)", plays)
        winner = rng.choice(["re", "kontra"])
        sign = 1 if winner == "re" else -1
        await db.finish_game(game_id, {
            "contract": "normal", "re": [0, 1], "kontra": [2, 3], "winner": winner, "game_value": 1,
            "score": [sign, sign, -sign, -sign], "extras": [],
        })
    return table


async def sheet_view(store: SqlStore, table_id: int) -> None:
    """What /doko liste reads for a table that plays Bock (cogs/stats.py): a page from the score
    book, its lines with their Bock factors (stored with each game since migration 10)."""
    sheet = await store.sheet_page(table_id, None, None, SHEET_ROWS)
    assert len(sheet.lines) == min(SHEET_ROWS, sheet.games) and isinstance(sheet.bock, dict)


async def bench_sheet_views(db: Database, args: argparse.Namespace) -> None:
    store = SqlStore(db)
    for games in (int(n) for n in args.sheets.split(",") if n):
        table = await sheet_table(db, games, args.seed)
        samples: list[float] = []
        for _ in range(args.repeat):
            await timed(samples, lambda t=table: sheet_view(store, t))
        print(line(f"Spielliste view ({games} games)", samples, None))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=100_000, help="finished games to load")
    parser.add_argument("--repeat", type=int, default=30, help="runs per leaderboard variant")
    parser.add_argument("--tables", type=int, default=20, help="games played at once for appends")
    parser.add_argument("--actions", type=int, default=52, help="actions per game (4 + 48 cards)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--long-table", type=int, default=LONG_TABLE, help="games of one long table (table 1)")
    parser.add_argument("--sheets", default=SHEET_TABLES, help="games of the tables whose Spielliste view is timed")
    parser.add_argument("--url", help="run on PostgreSQL (postgresql://...): a fresh schema in that database")
    parser.add_argument("--keep", action="store_true", help="with --url: keep the bench schema")
    args = parser.parse_args(argv)
    asyncio.run(run(args))
    return 0


if __name__ == "__main__":
    sys.exit(main())
