"""Issue 21: a failing start-up ends the process after its one error line.

Each case runs ``dokobot run`` in a subprocess with a timeout: an SQLite
store left open keeps its (non-daemon) worker thread, and with it the
process, alive after the error."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GAbCdE.abcdefghijklmnopqrstuvwxyz0123456789AB"


def run(*args: str, code: str | None = None) -> subprocess.CompletedProcess:
    argv = [sys.executable, "-c", code, *args] if code else [sys.executable, "-m", "dokobot.cli", *args]
    return subprocess.run(argv, cwd=ROOT, capture_output=True, text=True, timeout=60)


def config(tmp_path: Path, extra: str) -> Path:
    path = tmp_path / "config.toml"
    path.write_text(f'token = "{TOKEN}"\ndatabase = "{tmp_path / "doko.sqlite3"}"\n{extra}', encoding="utf-8")
    return path


def test_a_huge_shard_count_is_one_config_line(tmp_path):
    proc = run("run", "--config", str(config(tmp_path, "shard_count = 1000000000\n")))
    assert proc.returncode == 2 and proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr, proc.stderr
    assert proc.stderr == "dokobot: config: shard_count must be a whole number of at least 1 and at most 1024\n"
    assert not (tmp_path / "doko.sqlite3").exists()  # refused before anything was opened
    proc = run("run", "--config", str(config(tmp_path, "shard_count = 1024\nshard_ids = [1024]\n")))
    assert proc.returncode == 2 and "between 0 and 1023" in proc.stderr


# make_bot fails after the store is open (any error of building the bot)
FAILING_BOT = """
import sys
import dokobot.bot.client as client
def broken(*args, **kwargs):
    raise RuntimeError("no bot today")
client.make_bot = broken
from dokobot.bot.runner import run_bot
sys.exit(run_bot(sys.argv[1]))
"""


def test_a_start_up_failing_after_the_store_opened_ends_the_process(tmp_path):
    for extra in ("", "shard_count = 2\nshard_ids = [1]\n"):  # SqlStore, and the sharded store
        proc = run(str(config(tmp_path, extra)), code=FAILING_BOT)  # raises subprocess.TimeoutExpired on a hang
        assert proc.returncode == 1 and "no bot today" in proc.stderr, proc.stderr


def test_a_sharded_store_that_cannot_be_built_closes_its_database(tmp_path):
    code = """
import asyncio, sys
from dokobot.storage.sharded import ShardedStore
def broken(self, *args, **kwargs):  # e.g. no memory for a huge shard set
    raise MemoryError
ShardedStore.__init__ = broken
async def main():
    try:
        await ShardedStore.open(sys.argv[1], shard_count=2)
    except MemoryError:
        print("refused")
asyncio.run(main())
"""
    proc = run(str(tmp_path / "doko.sqlite3"), code=code)
    assert proc.returncode == 0 and proc.stdout == "refused\n", proc.stderr
