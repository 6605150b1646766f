"""The event's message in its channel (issue 42), under SimCord on virtual time: posted once,
redrawn from the store, edited at most once per pacing window (twenty games finishing at
once are one edit), the picture uploaded only when it changed, the same message after a
restart (a deleted one posted anew), the buttons bot42 gives it, the CSV and JSON export,
the past events. Every request is held to Discord's limits (conftest)."""

from __future__ import annotations

import csv
import io
import json
import random
from dataclasses import dataclass, replace
from typing import Any

import discord
import pytest
import simcord.http.router as sim_router

from dokobot.bot.client import DokoBot
from dokobot.bot.config import Config
from dokobot.bot.event import past
from dokobot.bot.event.board import EventBoard
from dokobot.bot.pacing import Pace
from dokobot.storage.memory import MemoryStore
from dokobot.table.event import flow, standings
from dokobot.table.event.settings import EventSettings
from dokobot.table.event.standings import GameRow
from dokobot.table.event.store import EventTable, StoredEvent
from dokobot.text import eventboard as words
from tests.bot.helpers import FAST, Driver, VirtualClock, components

PACE = Pace()


class RowsStore(MemoryStore):
    """A memory store whose event rows the test writes (the games that finished), so the
    board's pacing is seen without playing the games themselves."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[GameRow] = []

    async def event_rows(self, event_id: int) -> list[GameRow]:
        return [r for r in self.rows if r.event_id == event_id]




@dataclass
class Request:
    at: float
    method: str
    path: str
    body: Any
    files: int


@pytest.fixture
def store() -> RowsStore:
    return RowsStore()


@pytest.fixture
def simcord_bot(store: RowsStore, deals: Any) -> DokoBot:
    return DokoBot(Config(), store=store, computer_skill=FAST, computer_delay=0, rng=deals, pace=PACE)


@pytest.fixture
def requests(simcord_env: Any, monkeypatch: Any) -> list[Request]:
    log: list[Request] = []
    real = sim_router.dispatch

    def dispatch(backend: Any, method: str, path: str, **kwargs: Any) -> Any:
        log.append(Request(simcord_env.now().timestamp(), method, path, kwargs.get("json"), len(kwargs.get("files") or [])))
        return real(backend, method, path, **kwargs)

    monkeypatch.setattr(sim_router, "dispatch", dispatch)
    return log


def _buttons(event: StoredEvent, lang: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="Anmelden" if lang == "de" else "Sign up", custom_id=f"test:join:{event.event_id}"))
    view.stop()
    return view


async def _event(doko: Driver, store: RowsStore, n: int = 13, start: bool = True) -> StoredEvent:
    """An event of ``n`` entrants in the channel, started (round 1 drawn, threads stored)."""
    state = flow.open_event(0, doko.players[0].id, EventSettings.make(rounds=3, computers=True), 42)
    made = await store.create_event(doko.guild.id, doko.channel.id, state, 1000.0)
    state = made.state
    for k in range(n):
        state = flow.sign_up(state, 10_000 + k, f"Gast {k}").state
    if start:
        state = flow.start(state, state.host, 2000.0).state
    await store.save_event(made.event_id, state)
    for tab in state.current.tables if state.current else ():
        await store.save_event_table(EventTable(made.event_id, 1, tab.no, 800_000 + tab.no))
    event = await store.event(made.event_id)
    assert event is not None
    return event


def _games(event: StoredEvent, store: RowsStore, games: int, seed: int = 3) -> None:
    """``games`` games finish: one at each table in turn, every seat gets its points."""
    rng = random.Random(seed)
    run = event.state.current
    assert run is not None
    for g in range(games):
        tab = run.tables[g % len(run.tables)]
        points = [rng.randint(-4, 4) for _ in tab.seats]
        store.rows += [GameRow(event.event_id, 1, tab.no, s.key, p, s.computer) for s, p in zip(tab.seats, points, strict=True)]


def _edits(requests: list[Request], channel_id: int, message_id: int, since: int = 0) -> list[Request]:
    return [r for r in requests[since:] if r.method == "PATCH" and r.path == f"/channels/{channel_id}/messages/{message_id}"]


def _posts(requests: list[Request], channel_id: int, since: int = 0) -> list[Request]:
    return [r for r in requests[since:] if r.method == "POST" and r.path == f"/channels/{channel_id}/messages"]


def _shown(doko: Driver, message_id: int) -> discord.Message:
    return next(m for m in doko.channel.history() if m.id == message_id)


async def _posted(doko: Driver, store: RowsStore, board: EventBoard, event: StoredEvent) -> int:
    channel = doko.bot.get_partial_messageable(doko.channel.id, guild_id=doko.guild.id)
    message_id = await board.post(event, channel)
    await store.set_event_message(event.event_id, message_id)
    return message_id


async def _changed(doko: Driver, board: EventBoard, event_id: int) -> None:
    """A change reported as the bot's own work (bot42's desk reports them from the bot's
    handlers): its paced edit waits on SimCord's virtual clock."""
    with doko.env._bot_scope():
        await board.changed(event_id)


def _board(doko: Driver, view_for: Any = _buttons) -> EventBoard:
    return EventBoard(doko.bot, view_for, VirtualClock(doko.env, "a paced edit of the event's message"))


async def test_twenty_games_finishing_at_once_are_one_edit(doko, store, requests):
    board = _board(doko)
    event = await _event(doko, store)
    message_id = await _posted(doko, store, board, event)
    await doko.env.advance_time(PACE.window)  # the post is a window ago
    start = len(requests)
    for g in range(20):  # twenty tables book a game within 0.8 s
        _games(event, store, 1, seed=g)
        await _changed(doko, board, event.event_id)
        await doko.env.advance_time(0.04)
    await doko.env.advance_time(PACE.window * 3)
    await board.wait()
    assert len(_edits(requests, doko.channel.id, message_id, start)) == 1
    assert _posts(requests, doko.channel.id, start) == []
    expected = standings.compute(event.event_id, store.rows, words.names_of(event.state), 1)
    shown = _shown(doko, message_id).embeds[0].description or ""
    leader = expected.people[0]
    assert f"**1.** {leader.name} · R1 " in shown and f"Σ {words.signed(leader.total)}" in shown


async def test_changes_over_time_are_at_most_one_edit_per_window_and_the_last_one_shows(doko, store, requests):
    board = _board(doko)
    event = await _event(doko, store)
    message_id = await _posted(doko, store, board, event)
    start = len(requests)
    for second in range(30):  # a game every second for half a minute
        _games(event, store, 1, seed=second)
        await _changed(doko, board, event.event_id)
        await doko.env.advance_time(1.0)
    await doko.env.advance_time(PACE.window * 2)
    await board.wait()
    times = [r.at for r in _edits(requests, doko.channel.id, message_id, start)]
    assert 3 <= len(times) <= 30 / PACE.window + 1
    assert all(b - a >= PACE.window - 1e-6 for a, b in zip(times, times[1:], strict=False))
    expected = standings.compute(event.event_id, store.rows, words.names_of(event.state), 1)
    assert words.board("de", event, expected, {t.no: 800_000 + t.no for t in event.state.current.tables}).description \
        == _shown(doko, message_id).embeds[0].description


async def test_no_edit_repeats_what_the_message_shows_and_an_unchanged_picture_is_not_uploaded(doko, store, requests):
    board = _board(doko)
    event = await _event(doko, store)
    _games(event, store, 4)
    message_id = await _posted(doko, store, board, event)
    assert _posts(requests, doko.channel.id)[-1].files == 1  # the picture
    start = len(requests)
    await _changed(doko, board, event.event_id)  # nothing changed
    await doko.env.advance_time(PACE.window * 2)
    assert _edits(requests, doko.channel.id, message_id, start) == []
    # a change of the text alone (the round's deadline): an edit without a new upload
    run = replace(event.state.current, deadline=discord.utils.utcnow().timestamp() + 3600)
    await store.save_event(event.event_id, replace(event.state, current=run))
    await _changed(doko, board, event.event_id)
    await doko.env.advance_time(PACE.window * 2)
    edits = _edits(requests, doko.channel.id, message_id, start)
    assert len(edits) == 1 and edits[0].files == 0 and "attachments" not in edits[0].body
    assert _shown(doko, message_id).attachments  # it keeps its picture
    _games(event, store, 1)  # the standings change: the new picture goes up
    await _changed(doko, board, event.event_id)
    await doko.env.advance_time(PACE.window * 2)
    assert _edits(requests, doko.channel.id, message_id, start)[-1].files == 1


async def test_after_a_restart_the_same_message_is_edited_and_a_deleted_one_posted_anew(doko, store, requests):
    event = await _event(doko, store)
    message_id = await _posted(doko, store, _board(doko), event)
    _games(event, store, 2)
    again = _board(doko)  # a new process: nothing in memory, the id from the store
    start = len(requests)
    await _changed(doko, again, event.event_id)
    await doko.env.advance_time(PACE.window)
    assert len(_edits(requests, doko.channel.id, message_id, start)) == 1
    assert _posts(requests, doko.channel.id, start) == []
    await _shown(doko, message_id).delete()
    _games(event, store, 1)
    await _changed(doko, again, event.event_id)
    await doko.env.advance_time(PACE.window * 2)
    posts = _posts(requests, doko.channel.id, start)
    assert len(posts) == 1
    stored = await store.event(event.event_id)
    assert stored is not None and stored.message_id not in (None, message_id)
    assert _shown(doko, stored.message_id).embeds[0].title == "Doppelkopf-Turnier · Runde 1 von 3"


async def test_the_message_carries_the_buttons_it_is_given_in_the_channels_language(doko, store):
    event = await _event(doko, store, start=False)
    message_id = await _posted(doko, store, _board(doko), event)
    shown = _shown(doko, message_id)
    assert [c.custom_id for c in components(shown)] == [f"test:join:{event.event_id}"]
    assert shown.embeds[0].title == "Doppelkopf-Turnier · Anmeldung"
    assert shown.embeds[0].fields[0].name == "Angemeldet: 13"
    assert not shown.attachments  # no game yet: no picture


async def test_two_hundred_entrants_fit_every_limit(doko, store, requests):
    board = _board(doko)
    event = await _event(doko, store, n=200)
    _games(event, store, 150)
    message_id = await _posted(doko, store, board, event)
    shown = _shown(doko, message_id).embeds[0]
    assert "… und" in (shown.description or "") and "weitere Tische" in shown.fields[0].value
    # (the conftest's check holds the post to Discord's limits)


async def test_the_export_is_the_standings_as_csv_and_json(doko, store):
    event = await _event(doko, store)
    _games(event, store, 9)
    message = await _board(doko).export(event, "en")
    csv_file, json_file = message["files"]
    expected = standings.compute(event.event_id, store.rows, words.names_of(event.state), 1)
    assert csv_file.fp.getvalue().decode() == standings.to_csv(expected)
    assert json.loads(json_file.fp.getvalue().decode())["people"][0]["name"] == expected.people[0].name
    rows = list(csv.reader(io.StringIO(csv_file.fp.getvalue().decode())))
    assert len(rows) == 1 + len(expected.people) + len(expected.computers)
    assert message["content"] == "The standings as CSV and JSON."
    channel = doko.bot.get_partial_messageable(doko.channel.id, guild_id=doko.guild.id)
    await channel.send(**message)  # within Discord's limits (conftest)


async def test_past_events_are_listed_and_one_is_shown_with_its_export(doko, store):
    first = await _event(doko, store)
    _games(first, store, 6)
    await store.save_event(first.event_id, replace(first.state, phase="ended", current=None, rounds_done=1))
    second = await _event(doko, store, n=8, start=False)
    listing = await past.past_list(store, doko.channel.id, "de")
    lines = (listing["embed"].description or "").split("\n")
    assert lines[0].startswith(f"**#{second.event_id}** ") and "Anmeldung" in lines[0]
    assert lines[1].startswith(f"**#{first.event_id}** ") and "vorbei" in lines[1] and "13 Personen" in lines[1]
    board = _board(doko)
    shown = await past.past_event(board, doko.channel.id, first.event_id, "en", export=True)
    assert shown["embed"].title == "Doppelkopf event · final standings" and shown["view"] is None
    assert [f.filename for f in shown["files"]] == ["doko-standings.png", f"doko-event-{first.event_id}.csv",
                                                    f"doko-event-{first.event_id}.json"]
    channel = doko.bot.get_partial_messageable(doko.channel.id, guild_id=doko.guild.id)
    await channel.send(**shown)
    other = await past.past_event(board, doko.channel.id + 1, first.event_id, "en")
    assert other == {"content": f"There is no event #{first.event_id} in this channel."}


async def test_a_restart_shows_what_the_last_process_had_not_shown_yet(doko, store, requests):
    event = await _event(doko, store)
    old = _board(doko)
    message_id = await _posted(doko, store, old, event)
    _games(event, store, 3)
    await _changed(doko, old, event.event_id)
    old.stop()  # killed within the pacing window: the edit never went out
    await doko.env.advance_time(PACE.window * 2)
    start = len(requests)
    assert _edits(requests, doko.channel.id, message_id) == []
    again = _board(doko)
    with doko.env._bot_scope():
        await again.restore()
    await doko.env.advance_time(PACE.window)
    assert len(_edits(requests, doko.channel.id, message_id, start)) == 1
    expected = standings.compute(event.event_id, store.rows, words.names_of(event.state), 1)
    assert f"**1.** {expected.people[0].name} · R1 " in (_shown(doko, message_id).embeds[0].description or "")


async def test_at_shutdown_a_waiting_edit_goes_out_at_once(doko, store, requests):
    board = _board(doko)
    event = await _event(doko, store)
    message_id = await _posted(doko, store, board, event)
    _games(event, store, 3)
    await _changed(doko, board, event.event_id)  # waits for the window after the post
    start = len(requests)
    with doko.env._bot_scope():
        await board.retire()
    edits = _edits(requests, doko.channel.id, message_id, start)
    assert len(edits) == 1 and edits[0].at == requests[start - 1].at  # no virtual time passed
