"""Config loading and `run_bot` startup failures: one line, exit status 2, no token."""

from __future__ import annotations

import pytest

from dokobot.bot.config import Config, ConfigError, load_config
from dokobot.bot.runner import run_bot

TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GAbCdE.abcdefghijklmnopqrstuvwxyz0123456789AB"


def write(tmp_path, text: str) -> str:
    path = tmp_path / "config.toml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_defaults_and_env_token(tmp_path):
    config = load_config(write(tmp_path, ""), env={"DOKOBOT_TOKEN": TOKEN})
    assert config == Config(token=TOKEN)
    assert TOKEN not in repr(config)


def test_every_key(tmp_path):
    path = write(tmp_path, f'token = "{TOKEN}"\ndatabase = "x.db"\npreset = "haus"\nlanguage = "en"\nguild_id = 42\nlog_level = "debug"\n')
    config = load_config(path, env={})
    assert (config.database, config.preset, config.language, config.guild_id, config.log_level) == ("x.db", "haus", "en", 42, "DEBUG")


@pytest.mark.parametrize(
    ("text", "env", "message"),
    [
        ("", {}, "no bot token"),
        ('token = "nope"', {}, "malformed"),
        ("colour = 1", {"DOKOBOT_TOKEN": TOKEN}, "unknown key 'colour'"),
        ("preset = 'skat'", {"DOKOBOT_TOKEN": TOKEN}, "preset must be one of"),
        ("language = 'fr'", {"DOKOBOT_TOKEN": TOKEN}, "language must be one of"),
        ("guild_id = 'abc'", {"DOKOBOT_TOKEN": TOKEN}, "guild_id"),
        ("token = ", {}, "not valid TOML"),
    ],
)
def test_bad_configs(tmp_path, text, env, message):
    with pytest.raises(ConfigError, match=message) as info:
        load_config(write(tmp_path, text), env=env)
    assert "\n" not in str(info.value) and TOKEN not in str(info.value)


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("", "no bot token"),
        ("unknown = 1", "unknown key"),
        ("[broken", "not valid TOML"),
        (f'token = "{TOKEN[:-3]}"\nlanguage = "xx"', "language"),
    ],
)
def test_run_bot_fails_with_one_line(tmp_path, capsys, monkeypatch, text, needle):
    monkeypatch.delenv("DOKOBOT_TOKEN", raising=False)
    assert run_bot(write(tmp_path, text)) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and needle in err and "Traceback" not in err and TOKEN[:20] not in err


def test_missing_config_file(tmp_path, capsys):
    assert run_bot(str(tmp_path / "nope.toml")) == 2
    assert "config file not found" in capsys.readouterr().err


def test_refused_token_is_one_line(tmp_path, capsys, monkeypatch):
    import discord

    from dokobot.bot.client import DokoBot

    async def refuse(self, token, *, reconnect=True):
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(DokoBot, "start", refuse)
    monkeypatch.setenv("DOKOBOT_TOKEN", TOKEN)
    assert run_bot(write(tmp_path, f'database = "{tmp_path / "d.sqlite3"}"')) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "refused the bot token" in err and TOKEN not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["config.toml"]  # no database file left behind


def _offline(monkeypatch) -> None:
    """Discord out of reach: the start fails before any login."""
    import aiohttp

    from dokobot.bot.client import DokoBot

    async def offline(self, token, *, reconnect=True):
        raise aiohttp.ClientConnectionError("Cannot connect to host discord.com:443")

    monkeypatch.setattr(DokoBot, "start", offline)
    monkeypatch.setenv("DOKOBOT_TOKEN", TOKEN)


def test_unreachable_discord_is_one_line(tmp_path, capsys, monkeypatch):
    _offline(monkeypatch)
    assert run_bot(write(tmp_path, f'database = "{tmp_path / "d.sqlite3"}"')) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot reach Discord" in err and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["config.toml"]  # no database file left behind


def test_a_failed_start_keeps_a_database_that_was_there(tmp_path, capsys, monkeypatch):
    import sqlite3

    _offline(monkeypatch)
    config = write(tmp_path, f'database = "{tmp_path / "d.sqlite3"}"')
    assert run_bot(config) == 2 and not (tmp_path / "d.sqlite3").exists()
    sqlite3.connect(tmp_path / "d.sqlite3").close()  # the host's own (empty) file: never removed
    assert run_bot(config) == 2 and (tmp_path / "d.sqlite3").exists()


@pytest.mark.parametrize("kind", ["corrupt", "locked", "newer"])
def test_unusable_database_stops_the_bot_with_one_line(tmp_path, capsys, monkeypatch, kind):
    import sqlite3

    from dokobot.bot.client import DokoBot

    started = []

    async def never(self, token, *, reconnect=True):  # pragma: no cover - must not be reached
        started.append(True)

    monkeypatch.setattr(DokoBot, "start", never)
    monkeypatch.setenv("DOKOBOT_TOKEN", TOKEN)
    path = tmp_path / "d.sqlite3"
    holder = None
    if kind == "corrupt":
        path.write_bytes(b"SQLite format 3\x00" + b"\xff" * 4000)
    elif kind == "newer":
        con = sqlite3.connect(path)
        con.executescript("CREATE TABLE schema_version (version INTEGER PRIMARY KEY, name TEXT, applied_at INTEGER);"
                          "INSERT INTO schema_version VALUES (999, 'future', 0);")
        con.close()
    else:
        holder = sqlite3.connect(path, isolation_level=None)
        holder.execute("CREATE TABLE x (a)")
        holder.execute("BEGIN EXCLUSIVE")
    try:
        import dokobot.storage.sql_store as sql_store
        from dokobot.storage import Database

        real_open = Database.open.__func__

        async def quick_open(cls, p, *, busy_timeout=5.0):
            return await real_open(cls, p, busy_timeout=0.2)

        monkeypatch.setattr(sql_store.Database, "open", classmethod(quick_open))
        assert run_bot(write(tmp_path, f'database = "{path}"')) == 2
    finally:
        if holder is not None:
            holder.close()
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot open database" in err and "Traceback" not in err and TOKEN not in err
    assert not started
    needle = {"corrupt": "corrupt", "locked": "locked", "newer": "newer than this dokobot"}[kind]
    assert needle in err, err


def test_shards_and_postgresql_url(tmp_path):
    path = write(tmp_path, 'database = "postgresql://bot:pw@db.example/doko"\nshard_count = 4\nshard_ids = [2, 3]\n')
    config = load_config(path, env={"DOKOBOT_TOKEN": TOKEN})
    assert (config.database, config.shard_count, config.shard_ids, config.sharded) == (
        "postgresql://bot:pw@db.example/doko", 4, (2, 3), True
    )
    assert not load_config(write(tmp_path, ""), env={"DOKOBOT_TOKEN": TOKEN}).sharded


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("shard_ids = [0]", "shard_ids needs shard_count"),
        ("shard_count = 2\nshard_ids = [2]", "between 0 and 1"),
        ("shard_count = 0", "at least 1"),
        ("shard_count = 2\nshard_ids = [1, 1]", "different shard numbers"),
        ("shard_count = 2\nshard_ids = []", "different shard numbers"),
        ('database = "mysql://bot:s3cret@h/d"', "file path or a postgresql:// URL"),
        ('database = "postgresql://bot:s3cret@db.example"', "needs a host and a database name"),
        ('database = "postgresql://bot:s3cret@db.example:99999/d"', "malformed"),
    ],
)
def test_bad_shard_and_database_configs(tmp_path, text, message):
    with pytest.raises(ConfigError, match=message) as info:
        load_config(write(tmp_path, text), env={"DOKOBOT_TOKEN": TOKEN})
    assert "\n" not in str(info.value) and "s3cret" not in str(info.value)


def test_unreachable_postgresql_is_one_line_without_password(tmp_path, capsys, monkeypatch):
    from dokobot.bot.client import DokoBot

    async def never(self, token, *, reconnect=True):  # pragma: no cover - must not be reached
        raise AssertionError("started without a database")

    monkeypatch.setattr(DokoBot, "start", never)
    monkeypatch.setenv("DOKOBOT_TOKEN", TOKEN)
    assert run_bot(write(tmp_path, 'database = "postgresql://bot:s3cret@127.0.0.1:1/doko"\nshard_count = 2')) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "not reachable" in err and "Traceback" not in err
    assert "s3cret" not in err and "bot:***@127.0.0.1:1/doko" in err


def test_refused_postgresql_login_is_one_line(tmp_path, capsys, monkeypatch):
    from tests import pg

    url = pg.server_url()
    bad = url.split("@", 1)[0].rsplit(":", 1)[0] + ":not-the-password@" + url.split("@", 1)[1]
    monkeypatch.setenv("DOKOBOT_TOKEN", TOKEN)
    assert run_bot(write(tmp_path, f'database = "{bad}"')) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "refused the login" in err and "not-the-password" not in err


def test_database_password_is_redacted_in_logs(tmp_path):
    import logging

    from dokobot.bot.runner import _setup_logging

    config = load_config(write(tmp_path, 'database = "postgresql://bot:s3cret@h/d"'), env={"DOKOBOT_TOKEN": TOKEN})
    root = logging.getLogger()
    saved = root.handlers[:], root.level
    try:
        _setup_logging(config)
        record = logging.LogRecord("x", logging.INFO, __file__, 1, "url %s token %s", ("postgresql://bot:s3cret@h/d", TOKEN), None)
        [handler] = root.handlers
        assert handler.filter(record)
        assert "s3cret" not in record.getMessage() and TOKEN not in record.getMessage()
    finally:
        root.handlers[:] = saved[0]
        root.setLevel(saved[1])


def test_guide_url_is_an_address(tmp_path, monkeypatch):
    from dokobot.bot.config import ConfigError, load_config

    monkeypatch.setenv("DOKOBOT_TOKEN", TOKEN)
    assert load_config(write(tmp_path, 'guide_url = "https://example.org/playing.md"')).guide_url.startswith("https://")
    with pytest.raises(ConfigError, match="guide_url"):
        load_config(write(tmp_path, 'guide_url = "docs/playing.md"'))
