"""SimCord fixtures: a real DokoBot against an offline Discord.

``simcord_bot`` builds the bot with a shared ``MemoryStore`` (the ``store``
fixture) so a test can restart the bot and see the tables come back.
``table_env`` gives a guild, a channel and four seated-to-be members.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass

import pytest

from dokobot.bot import DokoBot
from dokobot.config import Config
from dokobot.store import MemoryStore


@pytest.fixture
def store() -> MemoryStore:
    return MemoryStore()


@pytest.fixture
def simcord_bot(store: MemoryStore) -> DokoBot:
    return DokoBot(Config(), store=store)


@dataclass
class TableEnv:
    env: object
    guild: object
    channel: object
    players: list  # four MemberActors: Nord, Ost, Süd, West
    outsider: object


@pytest.fixture
def table_env(simcord_env) -> TableEnv:
    guild = simcord_env.create_guild()
    channel = guild.create_text_channel("doko")
    players = [guild.add_member(simcord_env.create_user(n)) for n in ("Nord", "Ost", "Sued", "West")]
    outsider = guild.add_member(simcord_env.create_user("Kiebitz"))
    return TableEnv(simcord_env, guild, channel, players, outsider)


@pytest.fixture(autouse=True)
def no_logged_errors(caplog):
    """The presenter logs (instead of raising) what Discord refuses: fail on that too."""
    caplog.set_level(logging.INFO)
    yield
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR and r.name.startswith(("dokobot", "cogs"))]
    assert not errors, [r.getMessage() for r in errors]
