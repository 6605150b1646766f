"""An event's channel at Discord's pace: a round of many tables opens its threads, and the
standings message follows, without more than 5 calls in any 5 s of that channel (Discord's
per-channel bucket across all routes), counted on SimCord's virtual time."""

from __future__ import annotations

from typing import Any

import pytest
import simcord.http.router as sim_router

from dokobot.bot.client import DokoBot
from dokobot.bot.config import Config
from dokobot.bot.pacing import Pace
from dokobot.storage.memory import MemoryStore
from dokobot.text.i18n import t
from tests.bot.event_driver import EventDriver
from tests.bot.helpers import FAST, VirtualClock, message_text

TABLES = 12


@pytest.fixture
def pause() -> VirtualClock:
    return VirtualClock(None, "a paced call in the event's channel")  # the environment comes with the test (virtual_pause)


@pytest.fixture(autouse=True)
def virtual_pause(pause: VirtualClock, simcord_env: Any) -> None:
    pause.env = simcord_env


@pytest.fixture
def calls(simcord_env: Any, monkeypatch: pytest.MonkeyPatch) -> list[tuple[float, str, str]]:
    """Every request SimCord's HTTP layer receives: (virtual time, method, path)."""
    log: list[tuple[float, str, str]] = []
    real = sim_router.dispatch

    def dispatch(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
        log.append((simcord_env.now().timestamp(), method, path))
        return real(backend, method, path, **kwargs)

    monkeypatch.setattr(sim_router, "dispatch", dispatch)
    return log


def peak_per_window(times: list[float], window: float = 5.0) -> int:
    """The most calls within any ``window`` seconds."""
    ordered = sorted(times)
    return max((sum(1 for x in ordered[i:] if x - at < window) for i, at in enumerate(ordered)), default=0)


@pytest.fixture
def simcord_bot(store: MemoryStore, deals, pause: VirtualClock) -> DokoBot:
    """Discord's pace on virtual time (the other event tests' bots show every change at once)."""
    return DokoBot(Config(), store=store, computer_skill=FAST, computer_delay=0, rng=deals, pace=Pace(),
                   pace_clock=pause)


async def test_a_round_of_twelve_tables_keeps_the_event_channel_within_its_bucket(doko, calls):
    ev = EventDriver(doko, 4 * TABLES)
    await ev.open(runden=1, spiele=1, pflichtsolo=False)
    await ev.sign_up()
    res = await ev.slash(ev.host, "starten")
    await doko.env.advance_time(60)  # the paced threads and standings edits go out on virtual time
    await ev.settle()
    assert res.response.content == t("de", "event.ok.round", round=1)
    threads = ev.threads()
    assert len(threads) == TABLES and len(ev.tables()) == TABLES
    here = [c for c in calls if c[2].startswith(f"/channels/{ev.channel.id}/")]  # the event channel's bucket
    assert sum(path.endswith("/threads") for _, _, path in here) == TABLES
    assert peak_per_window([at for at, _, _ in here]) <= 5, [(round(at % 1000, 1), m, p) for at, m, p in here]
    board = message_text(await ev.message())  # the standings message links every table's thread
    assert all(th.mention in board for th in threads), board
    for thread, table in zip(threads, ev.tables(), strict=True):  # each table seated and shown in its thread
        texts = [m.content for m in thread.history()]
        assert any(all(f"<@{s.user_id}>" in c for s in table.seats) for c in texts), texts
