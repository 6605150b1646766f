"""Issue 21: ``dokobot migrate-db`` only reads its source. A corrupt source is
named (exit 2, one line), and a read-only backup migrates without a byte, a
timestamp or a ``-wal`` / ``-shm`` file of it changing."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import stat
from pathlib import Path

import pytest

from dokobot.cli import main
from dokobot.storage import Database
from tests import pg
from tests.storage.helpers import _fill


@pytest.fixture(params=["sqlite", "postgresql"])
async def target(request, tmp_path):
    """An empty target: a new SQLite file, or a fresh PostgreSQL schema."""
    if request.param == "sqlite":
        yield str(tmp_path / "target" / "new.sqlite3")
        return
    name, url = await pg.new_schema()
    yield url
    await pg.drop_schema(name)


def _run(*args: str) -> int:
    return main(["migrate-db", *args])


async def _cli(capsys, source: Path, target: str) -> tuple[int, str]:
    code = await asyncio.to_thread(_run, "--from", str(source), "--to", target)
    return code, capsys.readouterr().err


async def test_a_corrupt_source_is_named(tmp_path, target, capsys):
    (tmp_path / "target").mkdir()
    garbage = tmp_path / "broken.sqlite3"
    garbage.write_bytes(b"this is no database at all " * 200)
    code, err = await _cli(capsys, garbage, target)
    assert code == 2 and err.count("\n") == 1 and "Traceback" not in err, err
    assert f"source database {garbage}" in err and "not an SQLite database" in err
    # pages broken behind a good header
    torn = tmp_path / "torn.sqlite3"
    await _fill(torn)
    data = bytearray(torn.read_bytes())
    data[4096 * 3:4096 * 6] = b"\xff" * (4096 * 3)
    torn.write_bytes(bytes(data))
    code, err = await _cli(capsys, torn, target)
    assert code == 2 and err.count("\n") == 1 and str(torn) in err and "source" in err, err
    assert "target" not in err.replace(str(tmp_path / "target"), "")


async def test_a_read_only_backup_migrates_and_stays_as_it_was(tmp_path, target, capsys):
    (tmp_path / "target").mkdir()
    backup = tmp_path / "backup"
    backup.mkdir()
    source = backup / "doko.sqlite3"
    await _fill(source)
    with sqlite3.connect(source) as conn:  # an ordinary rollback-journal file, as a copy of a backup may be
        conn.execute("PRAGMA journal_mode = DELETE")
    conn.close()
    source.chmod(stat.S_IRUSR | stat.S_IRGRP | stat.S_IROTH)  # 444
    backup.chmod(stat.S_IRUSR | stat.S_IXUSR | stat.S_IRGRP | stat.S_IXGRP)  # 550
    try:
        before, mtime = source.read_bytes(), os.stat(source).st_mtime_ns
        listing = sorted(os.listdir(backup))
        code, err = await _cli(capsys, source, target)
        assert code == 0, err
        assert source.read_bytes() == before and os.stat(source).st_mtime_ns == mtime
        assert sorted(os.listdir(backup)) == listing == ["doko.sqlite3"]  # no -wal, no -shm
    finally:
        backup.chmod(stat.S_IRWXU)
    db = await Database.open(target)
    try:
        rows = await db._connection().execute_fetchall("SELECT COUNT(*) FROM games")
        assert rows[0][0] == 122
    finally:
        await db.close()
