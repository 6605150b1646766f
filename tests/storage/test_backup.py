"""Backups (issue 20): before an automatic migration the SQLite file is copied with
SQLite's online backup API, and ``dokobot backup`` makes a copy on demand, also
while the bot writes. The bot's own facts (``bot_state``, migration 006) persist
on SQLite and PostgreSQL."""

from __future__ import annotations

import logging
import sqlite3

import pytest

import dokobot.storage.core as core_module
from dokobot.cli import main
from dokobot.storage import Database
from dokobot.storage.schema import load_migrations


async def _version_5_database(path, monkeypatch) -> int:
    """A database as the version before migration 006 wrote it, with one open table."""
    shipped = load_migrations()
    monkeypatch.setattr(core_module, "load_migrations", lambda: shipped[:5])
    db = await Database.open(path)
    table_id = await db.open_table(4711, 1, 1000)
    await db.close()
    monkeypatch.setattr(core_module, "load_migrations", lambda: shipped)
    return table_id


def _version(path) -> int:
    with sqlite3.connect(path) as conn:
        return conn.execute("SELECT MAX(version) FROM schema_version").fetchone()[0]


async def test_a_version_5_database_is_backed_up_before_migrating(tmp_path, monkeypatch, caplog):
    path = tmp_path / "dokobot.sqlite3"
    table_id = await _version_5_database(path, monkeypatch)
    caplog.set_level(logging.INFO)
    db = await Database.open(path)
    assert db.schema_version == len(load_migrations()) >= 6
    await db.close()
    backups = list(tmp_path.glob("dokobot.sqlite3.v5-*.backup"))
    assert len(backups) == 1
    # the backup opens, is still version 5 and holds the old data
    assert _version(backups[0]) == 5
    with sqlite3.connect(backups[0]) as conn:
        assert conn.execute("SELECT id, channel_id FROM tables").fetchall() == [(table_id, 4711)]
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert "bot_state" not in {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
    logged = [r.getMessage() for r in caplog.records if "backed up" in r.getMessage()]
    assert len(logged) == 1 and str(backups[0]) in logged[0] and "version 5" in logged[0]
    # opening the migrated file again makes no further backup
    await (await Database.open(path)).close()
    assert list(tmp_path.glob("*.backup")) == backups


async def test_no_backup_of_a_new_or_current_database(tmp_path):
    path = tmp_path / "new.sqlite3"
    await (await Database.open(path)).close()
    await (await Database.open(path)).close()
    assert list(tmp_path.glob("*.backup")) == []


async def test_dokobot_backup_copies_while_the_database_is_open(tmp_path, capsys):
    path, copy = tmp_path / "live.sqlite3", tmp_path / "copy.sqlite3"
    db = await Database.open(path)
    try:
        table_id = await db.open_table(99, 1, 7)
        assert main(["backup", "--db", str(path), "--to", str(copy)]) == 0
        assert "backed up" in capsys.readouterr().out
        await db.open_table(100, 1, 7)  # the bot goes on writing
    finally:
        await db.close()
    with sqlite3.connect(copy) as conn:
        assert conn.execute("SELECT id FROM tables").fetchall() == [(table_id,)]
    # a second backup to the same file is refused, the first stays as it was
    assert main(["backup", "--db", str(path), "--to", str(copy)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "exists" in err[0]


@pytest.mark.parametrize("args", [["--db", "{missing}", "--to", "{out}"],
                                  ["--db", "postgresql://u@h/db", "--to", "{out}"]])
def test_dokobot_backup_of_a_missing_file_is_one_line_and_exit_2(tmp_path, capsys, args):
    argv = [a.format(missing=tmp_path / "nope.sqlite3", out=tmp_path / "out.sqlite3") for a in args]
    assert main(["backup", *argv]) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("dokobot: ") and "Traceback" not in captured.err
    assert not (tmp_path / "nope.sqlite3").exists() and not (tmp_path / "out.sqlite3").exists()


async def test_bot_state_persists(db_path):
    db = await Database.open(db_path)
    assert await db.get_bot_state("commands:1:global") is None
    await db.set_bot_state("commands:1:global", "abc")
    await db.set_bot_state("commands:1:global", "def")  # replaced, not added
    await db.close()
    db = await Database.open(db_path)
    try:
        assert await db.get_bot_state("commands:1:global") == "def"
        assert await db.get_bot_state("commands:1:guild:5") is None
    finally:
        await db.close()
