"""The Doppelkopf night of issue 42's acceptance, driven through SimCord: ``Night`` acts as
the event's people do (slash commands and buttons; the tables played through the table
layer, each change reported to the bot the way a computer's move is), ``whole_night``
runs the whole evening and checks what the bot shows against the standings recomputed
from the stored game records (``helpers_event``). Shared by the night's test modules
(the memory store, and SQLite or PostgreSQL with a new connection at the restart)."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable
from typing import Any

import discord
from simcord.backend.models import Overwrite
from simcord.enums import OverwriteType

from dokobot.bot.client import DokoBot
from dokobot.bot.permissions import missing_text
from dokobot.table.event.store import EventTable, StoredEvent
from dokobot.table.table import Table
from tests.bot.helpers_event import (
    Recomputed,
    csv_rows,
    expected_csv_cells,
    expected_rows,
    list_over,
    next_game,
    play,
    recompute,
    shown_rows,
)

PEOPLE = [(101 + i, f"Spieler {i + 1:02d}") for i in range(13)]
Restart = Callable[[], Awaitable[DokoBot]]  # the bot that takes over after the restart


class Night:
    """An event channel with thirteen people (Spieler 01 .. 13; the first hosts), acting
    through slash commands and buttons; the tables are played through the table layer."""

    def __init__(self, env: Any, store: Any, people: int = 13) -> None:
        self.env, self.store = env, store
        self.guild = env.create_guild()
        self.channel = self.guild.create_text_channel("abend")
        self.people = [self.guild.add_member(env.create_user(name)) for _, name in PEOPLE[:people]]
        self.host = self.people[0]
        self.event_id = 0

    @property
    def bot(self) -> DokoBot:
        return self.env.bot

    async def slash(self, who: Any, what: str, channel: Any = None, **options: Any) -> Any:
        res = await who.slash(channel or self.channel, f"doko turnier {what}", **options)
        await self.settle()
        return res

    async def settle(self) -> None:
        await self.env.settle()
        await self.bot.events.idle()
        await self.env.settle()

    async def event(self) -> StoredEvent:
        found = await self.store.event(self.event_id)
        assert found is not None
        return found

    def message(self, message_id: int | None = None, channel: Any = None) -> discord.Message:
        channel = channel or self.channel
        return next(m for m in channel.history() if m.id == message_id)

    async def open(self, **options: Any) -> None:
        res = await self.slash(self.host, "eroeffnen", **options)
        assert res.ephemeral, res
        (event,) = await self.store.channel_events(self.channel.id)
        self.event_id = event.event_id
        board = self.message(event.message_id)
        for p in self.people:
            res = await p.click(board, label="Anmelden")
            assert res.ephemeral and "angemeldet" in res.response.content, res.response.content
        await self.settle()

    async def tables(self, round_no: int) -> list[tuple[EventTable, Table | None]]:
        rows = [r for r in await self.store.event_tables(self.event_id) if r.round == round_no]
        return [(r, self.bot.tables.get(r.thread_id)) for r in sorted(rows, key=lambda r: r.table)]

    async def play_round(self, round_no: int, games: int | None = None, cards: int | None = None) -> None:
        """Every table of the round plays on: until its list is over (or ``games`` games
        begun, the last of them ``cards`` cards in)."""
        for _, table in await self.tables(round_no):
            while table is not None and not table.gone and not list_over(table):
                if table.state == "between":
                    if games is not None and table.game_no >= games:
                        break
                    await next_game(self.env, table)
                last = games is not None and table.game_no >= games
                await play(self.env, table, cards if last else None)
                if last and cards is not None:
                    break
            await self.settle()


def thread_of(night: Night, thread_id: int) -> Any:
    return next(th for th in night.channel.threads if th.id == thread_id)


def said(channel: Any, words: str) -> bool:
    return any(words in (m.content or "") for m in channel.history())


async def games_per_table(night: Night, round_no: int) -> dict[int, int]:
    """Booked games (not redeals) of each table of the round, from the store."""
    mine = await recompute(night.store, night.event_id)
    return {t: len({b.number for b in mine.booked if (b.round, b.table) == (round_no, t)})
            for t in {b.table for b in mine.booked if b.round == round_no}}


async def _round_one_with_a_restart(night: Night, restart: Restart) -> None:
    """Three tables in threads (5 + 4 + 4, everyone seated once); half-way through the second
    game the bot restarts on the same store, and the round goes on to its end."""
    res = await night.slash(night.host, "starten")
    assert res.ephemeral and "Runde 1" in res.response.content
    first = await night.tables(1)
    assert sorted(len(t.seats) for _, t in first if t is not None) == [4, 4, 5]
    assert {row.thread_id for row, _ in first} == {th.id for th in night.channel.threads}
    assert sorted(s.user_id for _, t in first if t is not None for s in t.seats) == sorted(p.id for p in night.people)
    await night.play_round(1, games=2, cards=20)
    before = {row.thread_id: t.game.record() for row, t in first if t is not None}
    await night.env.restart_bot(await restart())
    night.store = night.bot.store  # the new bot's store (the same data; on a database a new connection)
    await night.settle()
    after = await night.tables(1)
    assert {row.thread_id: t.game.record() for row, t in after if t is not None} == before  # restored as it was
    await night.play_round(1)
    event = await night.event()
    assert event.state.phase == "between" and event.state.rounds_done == 1
    assert await games_per_table(night, 1) == {1: 3, 2: 3, 3: 3}  # the whole list at every table


async def _no_threads_no_round(night: Night) -> None:
    """Without the thread permissions the host's next round gets a clear answer naming them,
    and nothing changes; given back, the round begins."""
    backend = night.env.backend
    allow, deny = discord.PermissionOverwrite(create_public_threads=False, send_messages_in_threads=False).pair()
    backend.set_overwrite(night.channel.id, Overwrite(backend.bot_user.id, OverwriteType.MEMBER, allow.value,
                                                      deny.value))
    before, threads = await night.event(), len(night.channel.threads)
    res = await night.slash(night.host, "runde")
    assert res.ephemeral
    assert res.response.content == missing_text("de", ["create_public_threads", "send_messages_in_threads"])
    assert "Öffentliche Threads erstellen" in res.response.content
    assert (await night.event()).state == before.state and len(night.channel.threads) == threads
    assert await night.tables(2) == []
    backend.delete_overwrite(night.channel.id, backend.bot_user.id)


async def _round_two_with_a_leaver_and_the_time_up(night: Night) -> tuple[Any, int]:
    """Game 1 at every table, then in game 2 a player leaves (a computer takes the seat) and
    the round's time runs out: the games in play are finished, the third is struck."""
    await _no_threads_no_round(night)
    res = await night.slash(night.host, "runde")
    assert res.ephemeral and "Runde 2" in res.response.content
    second = await night.tables(2)
    await night.play_round(2, games=2, cards=8)
    row, table = second[0]
    assert table is not None and table.state == "playing"
    # one who played game 1 and plays game 2 (at five the dealer sits out)
    dealt = table.last.dealer if table.last is not None and len(table.seats) == 5 else None
    seat = next(i for i in range(len(table.seats)) if not table.sits_out(i) and i != dealt)
    leaver = next(p for p in night.people if p.id == table.seats[seat].user_id)
    res = await night.slash(leaver, "abmelden")
    assert res.ephemeral and "Deine Punkte bis hier bleiben deine" in res.response.content, res.response.content
    assert table.seats[seat].is_bot and table.seat_of(leaver.id) is None
    assert said(thread_of(night, row.thread_id), f"{leaver.name} hat das Turnier verlassen")
    event = await night.event()
    run = event.state.current
    assert run is not None and run.deadline is not None
    await night.env.advance_time(run.deadline - night.env.now().timestamp() + 1)
    await night.settle()
    assert all(said(thread_of(night, r.thread_id), "Die Zeit ist um") for r, _ in second)
    await night.play_round(2)
    event = await night.event()
    assert event.state.phase == "between" and event.state.rounds_done == 2
    assert await games_per_table(night, 2) == {1: 2, 2: 2, 3: 2}  # the third game of each list struck
    return leaver, table.seats[seat].user_id


async def whole_night(env: Any, store: Any, restart: Restart) -> None:
    """Issue 42's night: thirteen sign up with the button, three rounds of three tables in
    threads, a restart in round 1 (``restart``: the new bot, on the same stored data), a
    leaver and a time limit in round 2, twelve in round 3; the standings the bot shows
    (message and export) are the ones recomputed from the stored game records."""
    night = Night(env, store)
    await night.open(runden=3, spiele=3, pflichtsolo=False, zeitlimit=1)
    assert len((await night.event()).state.entrants) == 13
    await _round_one_with_a_restart(night, restart)
    leaver, computer = await _round_two_with_a_leaver_and_the_time_up(night)
    between = await night.event()  # the message between two rounds: the standings so far
    assert shown_rows(night.message(between.message_id).embeds[0].description or "") == expected_rows(
        await recompute(night.store, night.event_id, rounds=2))
    res = await night.slash(night.host, "runde")
    assert res.ephemeral and "Runde 3" in res.response.content
    third = await night.tables(3)
    assert sorted(len(t.seats) for _, t in third if t is not None) == [4, 4, 4]
    assert leaver.id not in {s.user_id for _, t in third if t is not None for s in t.seats}
    await night.play_round(3)
    event = await night.event()
    assert event.state.phase == "ended"
    mine = await recompute(night.store, night.event_id, rounds=3)
    await shown_equals(night, event, mine)
    gone = mine.line(leaver.id)  # the leaver keeps the points of the games played
    assert gone.rounds[0] is not None and gone.rounds[1] is not None and gone.rounds[2] is None
    assert gone.rounds[1] == sum(b.points for b in mine.booked if b.player == leaver.id and b.round == 2)
    assert [b.number for b in mine.booked if b.player == leaver.id and b.round == 2] == [1]
    stand_in = mine.line(computer)
    assert stand_in.computer and stand_in.games == 1 and stand_in.rounds[1] is not None
    assert [s.player for s in mine.computers] == [computer]


async def shown_equals(night: Night, event: StoredEvent, mine: Recomputed) -> None:
    """The standings in the event's message and in its export are the recomputed ones."""
    board = night.message(event.message_id)
    assert shown_rows(board.embeds[0].description or "") == expected_rows(mine)
    res = await night.host.slash(night.channel, "doko turnier stand", nummer=event.event_id, export=True)
    assert res.ephemeral
    files = {a.filename: (await a.read()).decode() for a in res.response.attachments
             if a.filename.endswith((".csv", ".json"))}
    name = f"doko-event-{event.event_id}"
    want = expected_csv_cells(mine)
    got = csv_rows(files[f"{name}.csv"])
    assert [{k: row[k] for k in cells} for row, cells in zip(got, want, strict=True)] == want
    data = json.loads(files[f"{name}.json"])
    for part, lines in (("people", mine.people), ("computers", mine.computers)):
        assert [(r["rank"], r["player"], r["rounds"], r["total"], r["games"], r["won"]) for r in data[part]] == [
            (s.rank, s.player, s.rounds, s.total, s.games, s.won) for s in lines]
