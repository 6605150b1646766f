"""The command line under faults (issue 9): one line, exit status 2, no traceback."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import subprocess
import sys
from pathlib import Path

from dokobot.bot.runner import run_bot
from dokobot.storage import Database

ROOT = Path(__file__).resolve().parents[1]
TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GAbCdE.abcdefghijklmnopqrstuvwxyz0123456789AB"
PLAYERS = [{"user_id": 100 + i, "name": n, "is_bot": False} for i, n in enumerate(("Nord", "Ost", "Sued", "West"))]
RECORD = ROOT / "tests" / "data" / "disputed" / "doubling_extras.json"


def cli(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "dokobot.cli", *args], cwd=ROOT, capture_output=True, text=True, timeout=120,
        input=stdin,
    )


def one_line(text: str) -> bool:
    return text.count("\n") == 1 and "Traceback" not in text


def test_replay_of_deeply_nested_json_is_one_json_error(tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000, encoding="utf-8")
    proc = cli("replay", str(deep))
    assert proc.returncode == 2 and one_line(proc.stderr), proc.stderr
    assert json.loads(proc.stderr) == {"error": "the record is nested too deeply", "action": None}
    proc = cli("replay", "-", stdin='{"a":' * 50_000 + "1" + "}" * 50_000)
    assert proc.returncode == 2 and one_line(proc.stderr) and "nested too deeply" in proc.stderr


def test_replay_into_a_closed_pipe_ends_quietly():
    """``dokobot replay game.json | head -c 0``: the reader is gone before the output."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "dokobot.cli", "replay", str(RECORD)], cwd=ROOT,
        stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    proc.stdout.close()  # long before the interpreter has started and replayed
    _, err = proc.communicate(timeout=120)
    assert b"Traceback" not in err and b"BrokenPipeError" not in err, err.decode()
    assert proc.returncode == 0


async def _database(path: Path, channel: int) -> None:
    async with await Database.open(path) as db:
        await db.open_table(channel, 1, 100, PLAYERS)


def test_export_of_a_missing_database_creates_nothing(tmp_path):
    missing = tmp_path / "typo.sqlite3"
    proc = cli("export", "--channel", "1", "--out", str(tmp_path / "o"), "--db", str(missing))
    assert proc.returncode == 2 and one_line(proc.stderr)
    assert proc.stderr == f"dokobot: database not found: {missing}\n"
    assert not missing.exists()
    config = tmp_path / "config.toml"  # no --db: the config's database, missing as well
    config.write_text(f'database = "{missing}"\n', encoding="utf-8")
    proc = cli("export", "--channel", "1", "--out", str(tmp_path / "o"), "--config", str(config))
    assert proc.returncode == 2 and "database not found" in proc.stderr and not missing.exists()


def test_export_of_an_unknown_channel_says_so(tmp_path):
    path = tmp_path / "doko.sqlite3"
    asyncio.run(_database(path, 1))
    proc = cli("export", "--channel", "2", "--out", str(tmp_path / "o"), "--db", str(path))
    assert proc.returncode == 2 and one_line(proc.stderr)
    assert "channel 2 is unknown" in proc.stderr


def test_a_database_that_cannot_be_opened_names_its_path_once(tmp_path):
    bad = tmp_path / "bad.sqlite3"
    bad.write_bytes(b"SQLite format 3\x00" + b"\xff" * 4000)
    proc = cli("export", "--channel", "1", "--out", str(tmp_path / "o"), "--db", str(bad))
    assert proc.returncode == 2 and one_line(proc.stderr) and proc.stderr.count(str(bad)) == 1, proc.stderr
    config = tmp_path / "config.toml"
    config.write_text(f'token = "{TOKEN}"\ndatabase = "{tmp_path / "no" / "such" / "dir.sqlite3"}"\n', encoding="utf-8")
    proc = cli("run", "--config", str(config))
    assert proc.returncode == 2 and one_line(proc.stderr), proc.stderr
    assert proc.stderr.count("dir.sqlite3") == 1 and proc.stderr.count("cannot open database /") == 1


def test_a_database_that_fails_while_restoring_stops_the_bot_with_one_line(tmp_path, capsys, monkeypatch):
    """The file opens, but a running game cannot be read: exit 2, one line, no traceback."""
    from dokobot.bot.client import DokoBot

    path = tmp_path / "doko.sqlite3"

    async def running_game() -> None:
        async with await Database.open(path) as db:
            table = await db.open_table(7, 1, 100, PLAYERS)
            await db.create_game(table, {"preset": "ddv"}, PLAYERS, 3, [["CQ"] * 12] * 4)

    asyncio.run(running_game())
    con = sqlite3.connect(path)
    page_size = con.execute("PRAGMA page_size").fetchone()[0]
    root = con.execute("SELECT rootpage FROM sqlite_master WHERE name = 'games'").fetchone()[0]
    con.close()
    with open(path, "r+b") as fh:  # a corrupt page: the games table's root
        fh.seek((root - 1) * page_size)
        fh.write(b"\xa5" * page_size)

    async def start(self, token, *, reconnect=True):  # no Discord: straight to the restore
        await self.setup_hook()

    monkeypatch.setattr(DokoBot, "start", start)
    monkeypatch.setenv("DOKOBOT_TOKEN", TOKEN)
    config = tmp_path / "config.toml"
    config.write_text(f'database = "{path}"\n', encoding="utf-8")
    assert run_bot(str(config)) == 2
    err = capsys.readouterr().err
    assert one_line(err) and err.startswith(f"dokobot: cannot restore the tables from database {path}: "), err


def test_replay_of_an_integer_of_too_many_digits_is_one_json_error(tmp_path):
    """Issue 21: Python refuses to convert integers of over 4,300 digits (a ValueError)."""
    record = json.loads(RECORD.read_text(encoding="utf-8"))
    text = json.dumps(record).replace('"dealer": ', '"dealer": ' + "9" * 5000 + ", \"x\": ", 1)
    assert "9" * 5000 in text
    huge = tmp_path / "huge.json"
    huge.write_text(text, encoding="utf-8")
    proc = cli("replay", str(huge))
    assert proc.returncode == 2 and one_line(proc.stderr), proc.stderr
    assert json.loads(proc.stderr) == {"error": "a number in the record is too long", "action": None}
    assert proc.stdout == ""
