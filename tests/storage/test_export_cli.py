"""`dokobot export` end to end: a real SQLite file, a subprocess, every file replays."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

from dokobot.engine import RuleSet
from dokobot.engine.randomplay import random_game
from dokobot.engine.record import replay
from dokobot.storage import Database

from .reads import open_table_in

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = [{"user_id": 100 + i, "name": n, "is_bot": False} for i, n in enumerate(("Nord", "Ost", "Süd", "West"))]


async def _store_real_games(db: Database, channel_id: int, n: int, rng: random.Random) -> dict[int, dict]:
    """Random legal engine games, stored action by action like the bot does."""
    table = await db.open_table(channel_id, 1, 100, PLAYERS)
    results = {}
    for i in range(n):
        game = random_game(RuleSet.from_config({"preset": "haus" if i % 2 else "ddv"}), rng, announce_rate=0.1)
        record = game.record()
        game_id = await db.create_game(table, record["rules"], PLAYERS, record["dealer"], record["hands"])
        for idx, action in enumerate(record["actions"]):
            await db.append_action(game_id, idx, action)
        await db.finish_game(game_id, game.result())
        results[game_id] = game.result()
    return results


def _cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "dokobot.cli", *args], cwd=ROOT, capture_output=True, text=True, timeout=120
    )


async def test_export_cli_writes_records_that_replay(tmp_path):
    db_file = tmp_path / "bot.sqlite3"
    db = await Database.open(db_file)
    rng = random.Random(5)
    games = await _store_real_games(db, 777, 5, rng)
    await _store_real_games(db, 888, 2, rng)  # another channel: not exported
    running = await db.create_game(
        (await open_table_in(db, 777)).id, {"preset": "ddv"}, PLAYERS, 0, random_game(RuleSet(), rng).record()["hands"]
    )
    # the bot still holds the file open while the export runs (WAL)
    out = tmp_path / "out"
    proc = _cli("export", "--channel", "777", "--out", str(out), "--db", str(db_file))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip() == f"5 games written to {out}"
    files = sorted(out.glob("*.json"))
    assert [f.name for f in files] == sorted(f"game-{g}.json" for g in games)
    assert f"game-{running}.json" not in {f.name for f in files}
    for game_id, result in games.items():
        path = out / f"game-{game_id}.json"
        record = json.loads(path.read_text("utf-8"))
        assert record["format"] == "dokobot-game/1"
        assert replay(record) == result
        rep = _cli("replay", str(path))  # the command line replays it to the same result
        assert rep.returncode == 0, rep.stderr
        assert json.loads(rep.stdout) == json.loads(json.dumps(result))
    await db.close()


def test_export_cli_bad_database_is_one_line(tmp_path):
    bad = tmp_path / "bad.sqlite3"
    bad.write_bytes(b"not a database at all" * 100)
    proc = _cli("export", "--channel", "1", "--out", str(tmp_path / "o"), "--db", str(bad))
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr
    assert proc.stderr.startswith("dokobot: export failed: cannot open database")


def test_export_cli_reads_the_database_from_the_config(tmp_path):
    import asyncio

    async def one_table() -> None:  # the database exists and knows channel 1 (no finished game)
        async with await Database.open(tmp_path / "from-config.sqlite3") as db:
            await db.open_table(1, 1, 100, PLAYERS)

    asyncio.run(one_table())
    config = tmp_path / "config.toml"
    config.write_text(f'database = "{tmp_path / "from-config.sqlite3"}"\n', encoding="utf-8")
    proc = _cli("export", "--channel", "1", "--out", str(tmp_path / "o"), "--config", str(config))
    assert proc.returncode == 0, proc.stderr  # no token needed for an export
    assert proc.stdout.strip() == f"0 games written to {tmp_path / 'o'}"


async def test_export_cli_reads_postgresql(tmp_path):
    """The same export from a PostgreSQL database (any process's games: the database is shared)."""
    from tests import pg

    schema, url = await pg.migrated_schema()
    try:
        db = await Database.open(url)
        games = await _store_real_games(db, 777, 3, random.Random(9))
        await db.close()
        out = tmp_path / "out"
        proc = _cli("export", "--channel", "777", "--out", str(out), "--db", url)
        assert proc.returncode == 0, proc.stderr
        assert proc.stdout.strip() == f"3 games written to {out}"
        for game_id, result in games.items():
            record = json.loads((out / f"game-{game_id}.json").read_text("utf-8"))
            assert replay(record) == result
    finally:
        await pg.give_back(schema)


def test_export_cli_unreachable_postgresql_is_one_line_without_password(tmp_path):
    proc = _cli("export", "--channel", "1", "--out", str(tmp_path / "o"), "--db", "postgresql://u:s3cret@127.0.0.1:1/d")
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr
    assert "not reachable" in proc.stderr and "s3cret" not in proc.stderr
