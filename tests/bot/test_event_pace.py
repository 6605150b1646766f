"""An event's channel at Discord's pace: a round of many tables opens its threads, and the
standings message follows, without more than 5 calls in any 5 s of that channel (Discord's
per-channel bucket across all routes), counted on SimCord's virtual time."""

from __future__ import annotations

import pytest

from dokobot.bot.client import DokoBot
from dokobot.bot.config import Config
from dokobot.bot.pacing import Pace
from dokobot.storage.memory import MemoryStore
from dokobot.text.i18n import t
from tests.bot.event_driver import EventDriver
from tests.bot.helpers import FAST, message_text
from tests.bot.test_rest_budget import Requests, VirtualPause, peak_per_window
from tests.bot.test_rest_budget import (
    requests as requests,  # the fixture: every request, its virtual time
)

TABLES = 12


@pytest.fixture
def pause() -> VirtualPause:
    return VirtualPause()


@pytest.fixture(autouse=True)
def virtual_pause(pause: VirtualPause, simcord_env) -> None:
    pause.env = simcord_env


@pytest.fixture
def simcord_bot(store: MemoryStore, deals, pause: VirtualPause) -> DokoBot:
    """Discord's pace on virtual time (the other event tests' bots show every change at once)."""
    return DokoBot(Config(), store=store, computer_skill=FAST, computer_delay=0, rng=deals, pace=Pace(),
                   pace_clock=pause)


async def test_a_round_of_twelve_tables_keeps_the_event_channel_within_its_bucket(doko, requests: Requests):
    ev = EventDriver(doko, 4 * TABLES)
    await ev.open(runden=1, spiele=1, pflichtsolo=False)
    await ev.sign_up()
    res = await ev.slash(ev.host, "starten")
    await doko.env.advance_time(60)  # the paced threads and standings edits go out on virtual time
    await ev.settle()
    assert res.response.content == t("de", "event.ok.round", round=1)
    threads = ev.threads()
    assert len(threads) == TABLES and len(ev.tables()) == TABLES
    calls = requests.channel(ev.channel.id)
    assert sum(r.path.endswith("/threads") for r in calls) == TABLES
    assert peak_per_window([r.at for r in calls]) <= 5, [(round(r.at % 1000, 1), r.method, r.path) for r in calls]
    board = message_text(await ev.message())  # the standings message links every table's thread
    assert all(th.mention in board for th in threads), board
    for thread, table in zip(threads, ev.tables(), strict=True):  # each table seated and shown in its thread
        texts = [m.content for m in thread.history()]
        assert any(all(f"<@{s.user_id}>" in c for s in table.seats) for c in texts), texts
