"""``run_bot``: what ``dokobot run [--config FILE]`` does; ``sync_now``: ``dokobot sync``.

Every startup problem ends in one line on stderr and exit status 2; the
token is never printed or logged.
"""

from __future__ import annotations

import asyncio
import logging
import sys
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import aiohttp
import discord

from dokobot.bot.config import Config, ConfigError, load_config
from dokobot.bot.sync import SyncError, sync_commands
from dokobot.table.store import StoreError

if TYPE_CHECKING:  # imported where used: ``dokobot --help`` loads no database driver
    from dokobot.storage.sharded import ShardedStore
    from dokobot.storage.sql_store import SqlStore

log = logging.getLogger("dokobot")


class _Redact(logging.Filter):
    """Belt and braces: a log line that would contain the token (or the
    database password) shows *** instead."""

    def __init__(self, *secrets: str | None) -> None:
        super().__init__()
        self.secrets = [s for s in secrets if s]

    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if any(s in message for s in self.secrets):
            for secret in self.secrets:
                message = message.replace(secret, "***")
            record.msg, record.args = message, ()
        return True


def _db_password(database: str) -> str | None:
    try:
        return urlsplit(database).password if "://" in database else None
    except ValueError:
        return None


# A card game needs no voice: silence discord.py's start-up warnings about voice libraries.
discord.VoiceClient.warn_nacl = False
discord.VoiceClient.warn_dave = False


def _setup_logging(config: Config) -> None:
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    handler.addFilter(_Redact(config.token, _db_password(config.database)))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(config.log_level)
    logging.getLogger("discord").setLevel(max(logging.INFO, logging.getLevelName(config.log_level)))


def _fail(message: str) -> int:
    print(f"dokobot: {message}", file=sys.stderr)
    return 2


def _load(config_path: str | None) -> Config:
    """The config, checked as far as it can be before connecting; ConfigError otherwise."""
    from dokobot.storage import postgres

    config = load_config(config_path)
    if postgres.is_postgres_url(config.database) and not postgres.driver_installed():
        raise ConfigError(postgres.NO_ASYNCPG)
    return config


def run_bot(config_path: str | None) -> int:
    return _main(config_path, _run)


def sync_now(config_path: str | None) -> int:
    """``dokobot sync``: register the slash commands now, whether or not they changed."""
    return _main(config_path, _sync)


def _main(config_path: str | None, body: Callable[[Config], Coroutine[Any, Any, None]]) -> int:
    try:
        config = _load(config_path)
    except ConfigError as exc:
        return _fail(str(exc))
    _setup_logging(config)
    try:
        asyncio.run(body(config))
    except SyncError as exc:
        return _fail(str(exc))
    except discord.LoginFailure:
        return _fail("Discord refused the bot token: copy it again from the developer portal")
    except discord.PrivilegedIntentsRequired:
        return _fail("Discord refused the intents: dokobot needs no privileged intents, check the portal")
    except StoreOpenError as exc:
        return _fail(str(exc))
    except StoreError as exc:  # the file opened, but restoring the tables failed
        from dokobot.storage.postgres import redact

        return _fail(f"cannot restore the tables from database {redact(config.database)}: {exc}")
    except (OSError, aiohttp.ClientError, discord.GatewayNotFound) as exc:
        # no network, DNS failure, Discord down: one line, never a traceback
        return _fail(f"cannot reach Discord ({type(exc).__name__}): check the network and try again")
    except discord.HTTPException as exc:
        return _fail(f"Discord answered with an error ({exc.status}): try again later")
    except KeyboardInterrupt:
        pass
    return 0


class StoreOpenError(Exception):
    pass


async def _open_store(config: Config, *, plain: bool = False) -> SqlStore | ShardedStore:
    """SQLite for one process; PostgreSQL or a shard range: the leased, sharded store
    (``plain``: the unleased store, for ``dokobot sync``, which touches no table)."""
    from dokobot.storage.postgres import is_postgres_url, redact
    from dokobot.storage.sharded import ShardedStore
    from dokobot.storage.sql_store import SqlStore

    try:
        if not plain and (is_postgres_url(config.database) or config.sharded):
            return await ShardedStore.open(
                config.database, shard_count=config.shard_count or 1, shard_ids=config.shard_ids
            )
        return await SqlStore.open(config.database)
    except StoreError as exc:  # already "cannot open database <path or URL without password>: <reason>"
        raise StoreOpenError(str(exc)) from None
    except OSError as exc:
        raise StoreOpenError(f"cannot open database {redact(config.database)}: {exc.strerror or exc}") from None


def _new_sqlite_file(config: Config) -> Path | None:
    """The SQLite file this start would create, or None (it exists, or PostgreSQL)."""
    from dokobot.storage.postgres import is_postgres_url

    if is_postgres_url(config.database) or config.sharded:
        return None
    path = Path(config.database)
    return None if path.exists() else path


def _discard(path: Path) -> None:
    """A database file made by a start that never logged in: nothing is in it but the
    schema, and a host who fixes the token should not find a stray file."""
    for name in (path, *(path.with_name(path.name + end) for end in ("-wal", "-shm", "-journal"))):
        name.unlink(missing_ok=True)


async def _run(config: Config) -> None:
    from dokobot.bot.client import make_bot

    fresh = _new_sqlite_file(config)
    store = await _open_store(config)
    logged_in = False
    try:  # whatever fails from here closes the store: its thread would keep the process alive
        bot = make_bot(config, store=store)
        bot.learn.auto = True  # every game analysed (a worker process) and its curve shown with the summary
        async with bot:
            bot.install_signal_handlers()
            try:
                await bot.start(config.token)
            finally:
                logged_in = bot.user is not None
    finally:
        await store.close()
        if fresh is not None and not logged_in:
            _discard(fresh)


async def _sync(config: Config) -> None:
    """Log in (no gateway, no tables), sync the commands, remember their hash."""
    from dokobot.bot.client import DokoBot

    fresh = _new_sqlite_file(config)
    store = await _open_store(config, plain=True)
    bot = DokoBot(config, store=store, sync_only=True)
    logged_in = False
    try:
        async with bot:
            await bot.login(config.token)
            logged_in = True
            result = await sync_commands(bot, config.guild_id, force=True)
            print(f"synced {result.commands} slash commands ({result.scope})")
    finally:
        await store.close()
        if fresh is not None and not logged_in:
            _discard(fresh)
