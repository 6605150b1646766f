"""Issue 42's night on a real database (SQLite; PostgreSQL where the suite has one): the bot
restarted in the middle of round 1 is a new bot on a new connection to the same database,
as after a crash; the evening goes on and the standings shown equal the ones recomputed
from the stored game records (tests/bot/helpers_night.py)."""

from __future__ import annotations

from dokobot.bot.client import DokoBot
from dokobot.bot.config import Config
from dokobot.storage.sql_store import SqlStore
from tests.bot.helpers import FAST
from tests.bot.helpers_night import whole_night
from tests.bot.ondisk import on_disk_store, on_disk_stores  # noqa: F401 - the fixtures store, stores


async def test_a_night_on_a_database_with_a_new_connection_at_the_restart(simcord_env, store, stores, sqlite_path,
                                                                         deals):
    async def restart() -> DokoBot:
        again = await SqlStore.open(sqlite_path)
        stores.append(again)
        return DokoBot(Config(), store=again, rng=deals, computer_skill=FAST, computer_delay=0)

    await whole_night(simcord_env, store, restart)
