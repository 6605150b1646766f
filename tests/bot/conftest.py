"""SimCord fixtures: a real DokoBot against an offline Discord.

- ``store``: a ``MemoryStore`` shared by every bot of a test (restart tests).
- ``simcord_bot``: the ``DokoBot`` under test (the simcord plugin's hook).
- ``simcord_env``: simcord's running environment (from its pytest plugin).
- ``doko``: a ``Driver`` with a guild, the channel ``#doko``, four members
  (Nord, Ost, Sued, West) and an outsider; it acts only through slash
  commands and button clicks, like people in the Discord client.
- ``deals``: the bot's injected random source (``RiggedDeals``); a restarted bot gets
  the same one (``rng=doko.bot.tables.rng``).
- ``rig_deal``: fixes the next deals (``rig_deal([hands, ...])``).
- ``locales``: the Discord client locale of each simulated member (user id ->
  ``"en-US"``, ...); members not named there use a German client (``de``),
  as the players of a German table do. SimCord itself sends ``en-US`` always.

The ``Driver`` and the helpers test modules share live in ``tests/bot/helpers.py``
(a test module imports from there, never from a conftest or another test module).
"""

from __future__ import annotations

import logging
from typing import Any

import pytest
import simcord.http.router
import simcord.interactions

import dokobot.bot.pacing
import dokobot.table.table
from dokobot.bot.client import DokoBot
from dokobot.bot.config import Config
from dokobot.bot.pacing import NO_PACE
from dokobot.storage.memory import MemoryStore
from tests import discord_limits, pg
from tests.bot.helpers import CARD_WORD, FAST, Driver
from tests.rigged import RiggedDeals


@pytest.fixture(params=["sqlite", "postgresql"])
async def sqlite_path(request, tmp_path):
    """The database of the tests on a real store: a new SQLite file, or a schema of the
    test's own on PostgreSQL, migrated and without rows (same store class, same tests)."""
    if request.param == "sqlite":
        yield tmp_path / "doko.sqlite3"
        return
    schema, url = await pg.migrated_schema()
    yield url
    await pg.give_back(schema)


@pytest.fixture(autouse=True)
def no_pace(monkeypatch):
    """The tests click faster than Discord allows (no virtual time passes between clicks),
    so their bots show every change at once; the pacing tests (test_rest_budget.py) give
    their bot Discord's pace (``Pace()``) and let virtual time pass."""
    monkeypatch.setattr(dokobot.bot.pacing, "PACE", NO_PACE)


@pytest.fixture
def store() -> MemoryStore:
    return MemoryStore()


@pytest.fixture
def deals() -> RiggedDeals:
    """The bot's random source: reproducible deals (production deals with secrets.SystemRandom)."""
    return RiggedDeals(4711)


@pytest.fixture
def simcord_bot(store: MemoryStore, deals: RiggedDeals) -> DokoBot:
    return DokoBot(Config(), store=store, computer_skill=FAST, computer_delay=0, rng=deals)


@pytest.fixture
def rig_deal(deals: RiggedDeals):
    """Deal the given hands next, one list of four hands per game (then seeded deals again)."""
    return deals.rig


@pytest.fixture(autouse=True)
def locales():
    """Each member's client locale in the interactions SimCord sends (default ``de``).

    Its own patch, not the test's ``monkeypatch``: a test that undoes its
    patches keeps its members' locales."""
    chosen: dict[int, str] = {}
    original = simcord.interactions.base_payload

    def base_payload(backend: Any, **kwargs: Any) -> Any:
        record, payload = original(backend, **kwargs)
        payload["locale"] = chosen.get(kwargs["user_id"], "de")
        return record, payload

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(simcord.interactions, "base_payload", base_payload)
        yield chosen


@pytest.fixture(autouse=True)
def within_discord_limits():
    """Every request the bot makes is held to Discord's documented limits (not to
    SimCord's): each message, edit, followup, interaction response, embed,
    component and attachment, and the commands as ``tree.sync()`` sends them.
    Yields the list of broken limits; a test that breaks one on purpose empties it."""
    broken: list[str] = []
    original = simcord.http.router.dispatch

    def dispatch(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
        found = discord_limits.problems(method, path, kwargs.get("json"), kwargs.get("files") or ())
        broken.extend(f"{method} {path}: {p}" for p in found)
        return original(backend, method, path, **kwargs)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(simcord.http.router, "dispatch", dispatch)
        yield broken
    assert not broken, broken


@pytest.fixture(autouse=True)
def no_logged_errors(caplog):
    """The presenter logs (instead of raising) what Discord refuses: fail on that too."""
    caplog.set_level(logging.INFO)
    yield
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR and r.name.startswith(("dokobot", "cogs"))]
    assert not errors, [r.getMessage() for r in errors]
    # Logs at INFO and above never name a card (hidden information never leaks into them).
    named = [r.getMessage() for r in caplog.records
             if r.levelno >= logging.INFO and r.name.startswith(("dokobot", "cogs")) and CARD_WORD.search(r.getMessage())]
    assert not named, named












@pytest.fixture
def doko(simcord_env, simcord_bot) -> Driver:
    return Driver(simcord_env, simcord_bot)
