"""An event's start (issue 42), under SimCord on virtual time: the Discord Scheduled Event
(external, in the guild; without Manage Events the host gets one clear line and the event
goes on), and the entrants' reminder 15 minutes before the start: once, pinging only them,
within 2,000 characters (several messages for many), marked in the store before it is sent,
rescheduled after a restart."""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

import discord
import pytest
import simcord.http.router as sim_router
from simcord.backend.models import Overwrite
from simcord.enums import OverwriteType

from dokobot.bot.event.schedule import REMIND_BEFORE, EventSchedule
from dokobot.storage.memory import MemoryStore
from dokobot.table.event import flow
from dokobot.table.event.settings import EventSettings
from dokobot.table.event.store import StoredEvent
from tests.bot.helpers import Driver, VirtualClock

HOUR = 3600.0




@pytest.fixture
def sent(simcord_env: Any, monkeypatch: Any) -> list[tuple[float, dict[str, Any]]]:
    """The messages the bot posts (virtual time, body)."""
    log: list[tuple[float, dict[str, Any]]] = []
    real = sim_router.dispatch

    def dispatch(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
        if method == "POST" and re.search(r"/channels/\d+/messages$", path):
            log.append((simcord_env.now().timestamp(), kwargs.get("json") or {}))
        return real(backend, method, path, **kwargs)

    monkeypatch.setattr(sim_router, "dispatch", dispatch)
    return log


async def _event(doko: Driver, store: MemoryStore, n: int = 13, start_in: float = HOUR) -> StoredEvent:
    now = discord.utils.utcnow().timestamp()
    state = flow.open_event(0, doko.players[0].id, EventSettings.make(rounds=3, time_limit=90), 7)
    made = await store.create_event(doko.guild.id, doko.channel.id, state, now, starts_at=now + start_in)
    state = made.state
    for k in range(n):
        state = flow.sign_up(state, 100_000_000_000_000_000 + k, f"Gast {k}").state
    await store.save_event(made.event_id, state)
    event = await store.event(made.event_id)
    assert event is not None
    return event


def _schedule(doko: Driver) -> EventSchedule:
    return EventSchedule(doko.bot, VirtualClock(doko.env, "an event's reminder"))


async def _scheduled(doko: Driver, schedule: EventSchedule, event: StoredEvent, lang: str = "de") -> str | None:
    with doko.env._bot_scope():  # as bot42's command handler calls it: the reminder's timer is the bot's
        return await schedule.scheduled(event, lang)


def _scheduled_events(doko: Driver) -> list[Any]:
    return list(doko.env.backend.get_guild(doko.guild.id).scheduled_events.values())


def _mentions(body: dict[str, Any]) -> list[int]:
    return [int(m) for m in re.findall(r"<@(\d+)>", body.get("content") or "")]


async def test_a_start_time_becomes_a_scheduled_event_in_the_guild(doko, store):
    event = await _event(doko, store)
    assert await _scheduled(doko, _schedule(doko), event) is None
    [made] = _scheduled_events(doko)
    assert made.name == "Doppelkopf-Turnier" and made.entity_type == 3  # external
    assert made.entity_metadata == {"location": "Discord: #doko"}
    start = discord.utils.parse_time(made.scheduled_start_time) if isinstance(made.scheduled_start_time, str) \
        else made.scheduled_start_time
    assert start.timestamp() == event.starts_at
    stored = await store.event(event.event_id)
    assert stored is not None and stored.scheduled_id == made.id


async def test_an_event_ended_before_its_start_cancels_its_scheduled_event(doko, store, sent):
    event = await _event(doko, store)
    schedule = _schedule(doko)
    await _scheduled(doko, schedule, event)
    assert schedule.pending() == {event.event_id}
    stored = await store.event(event.event_id)
    assert stored is not None and stored.scheduled_id is not None
    with doko.env._bot_scope():
        await schedule.ended(stored)
    [made] = _scheduled_events(doko)
    assert made.status == 4 and schedule.pending() == set()  # 4: cancelled
    await doko.env.advance_time(HOUR)
    assert not sent  # no reminder either


async def test_without_manage_events_the_host_is_told_and_the_reminder_still_comes(doko, store, sent):
    backend = doko.env.backend
    guild = backend.get_guild(doko.guild.id)
    role = next(r for r in guild.roles.values() if r.managed)
    perms = discord.Permissions(role.permissions)
    perms.manage_events = False
    backend.edit_role(doko.guild.id, role.id, {"permissions": perms.value})
    await doko.env.settle()
    event = await _event(doko, store)
    schedule = _schedule(doko)
    note = await _scheduled(doko, schedule, event, "en")
    assert note is not None and "Manage Events" in note and "goes on" in note
    assert _scheduled_events(doko) == []
    stored = await store.event(event.event_id)
    assert stored is not None and stored.scheduled_id is None
    await doko.env.advance_time(HOUR)
    assert len(sent) == 1 and _mentions(sent[0][1]) == [e.key for e in event.state.entrants]


async def test_the_reminder_comes_fifteen_minutes_before_once_and_pings_only_the_entrants(doko, store, sent):
    event = await _event(doko, store)
    schedule = _schedule(doko)
    await _scheduled(doko, schedule, event)
    await doko.env.advance_time(HOUR - REMIND_BEFORE - 1)
    assert sent == []
    await doko.env.advance_time(2)
    [(at, body)] = sent
    assert at == pytest.approx(event.starts_at - REMIND_BEFORE, abs=1)
    people = [e.key for e in event.state.entrants]
    assert _mentions(body) == people
    assert body["allowed_mentions"]["parse"] == [] and sorted(map(int, body["allowed_mentions"]["users"])) == people
    assert body["content"].startswith(f"⏰ Das Doppelkopf-Turnier beginnt um <t:{int(event.starts_at)}:t>")
    stored = await store.event(event.event_id)
    assert stored is not None and stored.reminded
    assert await schedule.remind(event.event_id) == 0  # never twice
    await doko.env.advance_time(HOUR)
    assert len(sent) == 1


async def test_two_hundred_entrants_get_several_messages_each_mentioned_once(doko, store, sent):
    event = await _event(doko, store, n=200)
    await _scheduled(doko, _schedule(doko), event)
    await doko.env.advance_time(HOUR)
    assert len(sent) > 2
    mentioned = [m for _, body in sent for m in _mentions(body)]
    assert mentioned == [e.key for e in event.state.entrants]
    assert all(len(body["content"]) <= 2000 and len(body["allowed_mentions"]["users"]) <= 100 for _, body in sent)


async def test_after_a_restart_a_pending_reminder_is_sent_and_a_sent_one_is_not(doko, store, sent):
    first = await _event(doko, store)
    old = _schedule(doko)
    await _scheduled(doko, old, first)
    old.stop()  # the process ends before the reminder
    again = _schedule(doko)
    with doko.env._bot_scope():
        await again.restore()
    assert again.pending() == {first.event_id}
    await doko.env.advance_time(HOUR)
    assert len(sent) == 1
    later = _schedule(doko)  # a second restart: the reminder is stored as sent
    with doko.env._bot_scope():
        await later.restore()
    assert later.pending() == set()
    await doko.env.advance_time(HOUR)
    assert len(sent) == 1


async def test_the_reminder_is_marked_before_it_is_sent(doko, store, sent):
    """Discord refuses the message (no Send Messages): the store says reminded all the same,
    so no process sends it a second time."""
    event = await _event(doko, store)
    deny = discord.Permissions(send_messages=True)
    doko.env.backend.set_overwrite(doko.channel.id, Overwrite(doko.env.backend.bot_user.id, OverwriteType.MEMBER, 0,
                                                              deny.value))
    await _scheduled(doko, _schedule(doko), event)
    await doko.env.advance_time(HOUR)
    stored = await store.event(event.event_id)
    assert stored is not None and stored.reminded
    assert doko.channel.history() == []


async def test_no_reminder_once_the_event_has_begun_or_without_a_start(doko, store, sent):
    event = await _event(doko, store, n=8)
    begun = flow.start(event.state, event.state.host, discord.utils.utcnow().timestamp()).state
    await store.save_event(event.event_id, begun)
    schedule = _schedule(doko)
    await _scheduled(doko, schedule, replace(event, state=begun))
    assert schedule.pending() == set()
    await doko.env.advance_time(HOUR)
    assert await schedule.remind(event.event_id) == 0 and sent == []
    assert await _scheduled(doko, schedule, replace(event, starts_at=None)) is None
