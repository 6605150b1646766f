"""Start-up (issue 20): one INFO line once connected; the slash commands are synced
only when their payload changed (the hash kept in the store), from the process with
shard 0 only; a failed sync is one warning and the bot runs on; ``dokobot sync``
forces it; ``/doko hilfe`` explains the bot in the member's language."""

from __future__ import annotations

import logging
from types import SimpleNamespace

import discord
import pytest

from dokobot import __version__
from dokobot.bot import runner
from dokobot.bot.client import DokoBot
from dokobot.bot.config import Config
from dokobot.bot.sync import command_payload, payload_hash, state_key, sync_commands, sync_on_start
from dokobot.storage import postgres
from dokobot.storage.memory import MemoryStore
from dokobot.storage.sql_store import SqlStore
from tests.text.helpers import german_words

TOKEN = "A" * 24 + ".BBBBBB." + "C" * 27
APP = 4242


class Discord:
    """Stands in for Discord's command route: counts syncs, or refuses them."""

    def __init__(self, fail: Exception | None = None) -> None:
        self.calls: list[object] = []
        self.fail = fail

    async def sync(self, *, guild: object = None) -> list:
        self.calls.append(guild)
        if self.fail is not None:
            raise self.fail
        return []


def forbidden() -> discord.Forbidden:
    return discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"), {"code": 50001, "message": "Missing Access"})


async def loaded_bot(store, config: Config | None = None, fake: Discord | None = None) -> DokoBot:
    bot = DokoBot(config or Config(), store=store, sync_only=True)
    await bot._async_setup_hook()
    await bot.setup_hook()  # sync_only: translator and cogs, nothing else
    bot._connection.application_id = APP
    if fake is not None:
        bot.tree.sync = fake.sync  # type: ignore[method-assign]
    return bot


# ---- the start-up line ------------------------------------------------------------------


def startup_lines(records) -> list[str]:
    return [r.getMessage() for r in records if "connected as" in r.getMessage() and r.levelno == logging.INFO]


async def test_one_start_up_line_with_name_servers_tables_and_version(doko, store, caplog):
    # the fixture's bot connected before SimCord created the test's server
    [line] = startup_lines(caplog.get_records("setup"))
    assert line == f"dokobot {__version__} connected as {doko.bot.user}: 0 server(s), 0 table(s) restored"
    await doko.open_and_seat()
    await doko.start()
    caplog.clear()
    await doko.env.restart_bot(DokoBot(Config(), store=store, rng=doko.bot.tables.rng))
    [line] = startup_lines(caplog.records)
    assert line == f"dokobot {__version__} connected as {doko.bot.user}: 1 server(s), 1 table(s) restored"
    doko.bot.dispatch("ready")  # a reconnect fires on_ready again: no second line
    await doko.env.settle()
    assert len(startup_lines(caplog.records)) == 1


# ---- sync only when changed ----------------------------------------------------------


async def test_the_simcord_start_synced_and_a_restart_does_not(doko, store):
    """The bot under SimCord synced at start (its commands work) and kept the hash."""
    payload = await command_payload(doko.bot.tree, None)
    assert store.state[state_key(doko.bot.application_id, None)] == payload_hash(payload)
    res = await doko.players[0].slash(doko.channel, "doko hilfe")
    assert res.ephemeral


@pytest.fixture
async def real_store(sqlite_path):
    """A real store on SQLite and on PostgreSQL (``sqlite_path`` gives both)."""
    store = await SqlStore.open(sqlite_path)
    yield store, sqlite_path
    await store.close()


async def test_sync_only_when_the_payload_changed(real_store):
    store, path = real_store
    fake = Discord()
    bot = await loaded_bot(store, fake=fake)
    assert (await sync_commands(bot, None)).synced and len(fake.calls) == 1
    assert not (await sync_commands(bot, None)).synced and len(fake.calls) == 1
    await bot.close()
    # a restart on the same database: the hash is remembered, no sync
    again = await SqlStore.open(path)
    try:
        bot = await loaded_bot(again, fake=fake)
        await sync_on_start(bot)
        assert len(fake.calls) == 1
        # a changed command (here: one more) is synced once
        bot.tree.add_command(discord.app_commands.Command(name="neu", description="neu", callback=_noop))
        await sync_on_start(bot)
        await sync_on_start(bot)
        assert len(fake.calls) == 2
        # dokobot sync forces it
        assert (await sync_commands(bot, None, force=True)).synced and len(fake.calls) == 3
        await bot.close()
    finally:
        await again.close()


async def _noop(interaction: discord.Interaction) -> None:  # pragma: no cover - never invoked
    pass


async def test_each_guild_and_application_has_its_own_hash():
    store, fake = MemoryStore(), Discord()
    bot = await loaded_bot(store, Config(guild_id=77), fake=fake)
    await sync_on_start(bot)
    assert fake.calls and fake.calls[0].id == 77
    assert set(store.state) == {f"commands:{APP}:guild:77"}
    bot.config = Config()
    await sync_on_start(bot)  # global commands: another scope, synced
    assert len(fake.calls) == 2 and fake.calls[1] is None
    await bot.close()


@pytest.mark.parametrize(("shard_ids", "syncs"), [((1,), False), ((1, 2), False), ((0,), True), ((2, 0), True), (None, True)])
async def test_only_the_process_with_shard_0_syncs(shard_ids, syncs, caplog):
    fake = Discord()
    config = Config(shard_count=3, shard_ids=shard_ids)
    bot = await loaded_bot(MemoryStore(), config, fake=fake)
    await sync_on_start(bot)
    assert bool(fake.calls) == syncs
    await bot.close()


# ---- a failed sync: one warning, the bot runs on ---------------------------------------------


async def test_a_403_for_guild_id_is_one_warning_that_says_what_is_wrong(caplog):
    store, fake = MemoryStore(), Discord(fail=forbidden())
    bot = await loaded_bot(store, Config(guild_id=123), fake=fake)
    caplog.set_level(logging.INFO)
    await sync_on_start(bot)  # no exception: the bot keeps running
    warnings = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
    assert len(warnings) == 1
    assert "123" in warnings[0] and "not in that server" in warnings[0] and "applications.commands" in warnings[0]
    assert "try again later" not in warnings[0]
    assert store.state == {}  # not remembered: the next start tries again
    fake.fail = None
    await sync_on_start(bot)
    assert len(fake.calls) == 2 and store.state
    await bot.close()


async def test_a_network_error_or_another_refusal_is_a_warning_too(caplog):
    for error, words in ((OSError("unreachable"), "could not reach Discord"),
                         (discord.HTTPException(SimpleNamespace(status=500, reason="x"), "boom"), "500")):
        bot = await loaded_bot(MemoryStore(), fake=Discord(fail=error))
        caplog.clear()
        await sync_on_start(bot)
        [warning] = [r.getMessage() for r in caplog.records if r.levelno == logging.WARNING]
        assert words in warning and "keeps running" in warning
        await bot.close()


async def test_a_failed_sync_does_not_stop_the_simcord_bot(simcord_env, monkeypatch):
    """The same under SimCord: Discord refuses the sync, the bot still serves its buttons."""
    # the fixture bot synced already; a restarted bot whose sync fails still comes up
    monkeypatch.setattr(discord.app_commands.CommandTree, "sync", Discord(fail=forbidden()).sync)
    bot = DokoBot(Config(guild_id=555), store=MemoryStore())
    await simcord_env.restart_bot(bot)
    assert bot.is_ready() and bot.cogs


# ---- dokobot sync ---------------------------------------------------------------------------


@pytest.fixture
def keep_logging():
    """The runner installs its own log handler (on capsys' stderr): put pytest's back."""
    root = logging.getLogger()
    handlers, level = root.handlers[:], root.level
    yield
    root.handlers[:] = handlers
    root.setLevel(level)


@pytest.fixture
def sync_cli(tmp_path, monkeypatch, keep_logging):
    """``dokobot sync`` against a stand-in Discord: login sets the application id."""
    fake = Discord()

    async def login(self, token):  # noqa: ANN001
        assert token == TOKEN
        self._connection.application_id = APP
        await self.setup_hook()

    monkeypatch.setattr(DokoBot, "login", login)
    monkeypatch.setattr(discord.app_commands.CommandTree, "sync", lambda tree, guild=None: fake.sync(guild=guild))
    monkeypatch.setenv("DOKOBOT_TOKEN", TOKEN)
    config = tmp_path / "dokobot.toml"
    config.write_text(f'database = "{tmp_path / "doko.sqlite3"}"\nguild_id = 99\n')
    return fake, str(config)


def test_dokobot_sync_forces_a_sync_and_remembers_it(sync_cli, capsys):
    from dokobot.cli import main

    fake, config = sync_cli
    assert main(["sync", "--config", config]) == 0
    assert main(["sync", "--config", config]) == 0  # forced: again, although unchanged
    assert len(fake.calls) == 2 and fake.calls[0].id == 99
    assert "synced" in capsys.readouterr().out


def test_dokobot_sync_refused_is_one_line_and_exit_2(sync_cli, capsys):
    from dokobot.cli import main

    fake, config = sync_cli
    fake.fail = forbidden()
    assert main(["sync", "--config", config]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "99" in err[0] and "applications.commands" in err[0] and "Traceback" not in err[0]


def test_a_postgres_url_without_asyncpg_is_one_line_and_exit_2(tmp_path, monkeypatch, capsys, keep_logging):
    monkeypatch.setattr(postgres, "asyncpg", None)
    monkeypatch.setenv("DOKOBOT_TOKEN", TOKEN)
    config = tmp_path / "pg.toml"
    config.write_text('database = "postgresql://dokobot@localhost/dokobot"\n')
    assert runner.run_bot(str(config)) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["dokobot: database is a postgresql:// URL, but the asyncpg package is not installed:"
                   " pip install 'dokobot[postgres]'"]


# ---- /doko hilfe -----------------------------------------------------------------------------


def embed_size(embed: discord.Embed) -> int:
    """Discord counts UTF-16 code units of title, description, field names and values, footer."""
    parts = [embed.title or "", embed.description or "", embed.footer.text or ""]
    parts += [p for f in embed.fields for p in (f.name, f.value)]
    return sum(len(p.encode("utf-16-le")) // 2 for p in parts)


def check_limits(embed: discord.Embed) -> None:
    assert len(embed.title) <= 256 and len(embed.description) <= 4096 and len(embed.fields) <= 25
    assert all(len(f.name) <= 256 and len(f.value) <= 1024 for f in embed.fields)
    assert len(embed.footer.text) <= 2048 and embed_size(embed) <= 6000


async def test_hilfe_in_german(doko):
    res = await doko.players[0].slash(doko.channel, "doko hilfe")
    assert res.ephemeral and not doko.public()
    [page] = res.response.embeds
    check_limits(page)
    assert page.title == "Doppelkopf · Hilfe" and "Doppelkopf" in page.description
    text = "\n".join(f.value for f in page.fields)
    assert "`/doko tisch` öffnet den Tisch" in text and "**Beitreten**" in text and "**Starten**" in text
    # every command of the tree, with its German description
    for command in doko.bot.tree.get_command("doko").commands:
        assert f"`/doko {command.name}`:" in text
    assert "`/doko liste`: Zeigt die Spielliste dieses Tisches" in text
    assert "`/re`" in text and "`/kontra`" in text and "`/klopfen`" in text
    assert "Anleitung" in [f.name for f in page.fields] and "docs/playing.md" in text  # the players' guide


async def test_hilfe_in_english(doko, locales):
    member = doko.players[1]
    locales[member.id] = "en-US"
    res = await member.slash(doko.channel, "doko hilfe")
    assert res.ephemeral
    [page] = res.response.embeds
    check_limits(page)
    assert page.title == "Doppelkopf · help"
    text = "\n".join([page.description, page.footer.text, *(f"{f.name} {f.value}" for f in page.fields)])
    assert "`/doko table` opens the table" in text and "**Join**" in text and "`/doko scoresheet`:" in text
    assert "`/knock`" in text and "`/doko tisch`" not in text
    assert german_words(text) == []


async def test_hilfe_is_localised_like_the_other_commands(doko):
    hilfe = doko.bot.tree.get_command("doko").get_command("hilfe")
    payload = await hilfe.get_translated_payload(doko.bot.tree, doko.bot.tree.translator)
    assert payload["name"] == "hilfe" and payload["name_localizations"]["en-US"] == "help"
    assert payload["description_localizations"]["en-GB"].startswith("Show what the bot does")
    assert len(payload["description"]) <= 100
