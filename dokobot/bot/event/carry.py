"""``EventEffects``: what a transition asks for (``table.event.effects``), carried out in
order, after the new state is saved.

A table opens in a public thread of the event's channel (stored with
``save_event_table`` before and after the table is opened there), the table layer
does the rest: hand a seat over, strike the list's remaining games, hold, close. A
Discord refusal is logged and the event goes on: its state is saved already, and a
thread that could not be told something still plays.
"""

from __future__ import annotations

import logging
from dataclasses import replace
from functools import partial
from typing import Any, Literal

import discord

from dokobot.bot.event.places import Change, Desk, Place, run_quietly
from dokobot.table.event import effects as fx
from dokobot.table.event import flow
from dokobot.table.event.errors import EventError
from dokobot.table.event.state import EventState
from dokobot.table.event.store import EventTable, StoredEvent
from dokobot.table.outcome import Closed
from dokobot.table.store import SeatInfo, StoreError, TableSettings
from dokobot.table.table import Table, TableError
from dokobot.text.i18n import t
from dokobot.text.markdown import esc

log = logging.getLogger(__name__)

THREAD_ARCHIVE: Literal[1440] = 1440  # minutes: a table's thread stays open a day without a message
SEAT_MENTIONS = discord.AllowedMentions(users=True, roles=False, everyone=False)  # the seated join the thread


class EventEffects:
    def __init__(self, desk: Desk) -> None:
        self.desk = desk
        self.bot = desk.bot

    async def carry_out(self, event: StoredEvent, effects: tuple[fx.Effect, ...]) -> list[Change]:
        """Carry out ``effects`` in order; the steps they lead to (a table done at once) come back."""
        follow: list[Change] = []
        by_host = any(isinstance(e, fx.EventEnded) for e in effects) and not any(
            isinstance(e, fx.RoundEnded) for e in effects)
        for effect in effects:
            try:
                await self._one(event, effect, by_host, follow)
            except (StoreError, TableError, EventError) as exc:
                log.warning("event %s: %s not carried out: %s", event.event_id, type(effect).__name__, exc)
        return follow

    async def _one(self, event: StoredEvent, effect: fx.Effect, by_host: bool, follow: list[Change]) -> None:
        match effect:
            case fx.OpenTable():  # the round's own line is the standings message: it links the threads
                await self.open_table(event, effect)
            case fx.HandOverSeat():
                await self.hand_over(event, effect)
            case fx.StrikeGames():
                if await self.strike(event, effect):
                    follow.append(partial(_table_done, round_no=effect.round, table_no=effect.table))
            case fx.HoldTables():
                self.desk.deadlines.cancel(event.event_id)
                await self.hold(event, effect.round, True)
            case fx.ResumeTables():
                await self.hold(event, effect.round, False)
                self.desk.deadlines.set(event.event_id, effect.deadline)
            case fx.CloseTable():
                await self.close(event, effect, by_host)
            case fx.RoundBegun():
                self.desk.deadlines.set(event.event_id, effect.deadline)
            case fx.RoundEnded():
                self.desk.deadlines.cancel(event.event_id)
                if event.state.phase != "ended":  # after the last round: the event's own line
                    await self.say(event, "event.line.round_ended", round=effect.round)
            case fx.EventEnded():
                self.desk.deadlines.cancel(event.event_id)
                await self.desk.schedule.ended(event)  # its end is said by the standings message's last edit
            case fx.StandingsChanged() | fx.EntrantAdded() | fx.EntrantLeft():
                await self.desk.board.changed(event.event_id)

    # ---- the event's channel -------------------------------------------------------------

    def channel(self, event: StoredEvent) -> discord.PartialMessageable:
        return self.bot.client.get_partial_messageable(event.channel_id, guild_id=event.guild_id)

    async def say(self, event: StoredEvent, key: str, **params: Any) -> None:
        lang = await self.bot.channel_lang(event.channel_id)
        text = t(lang, key, **params)
        await self.desk.gate.slot(event.channel_id)
        await run_quietly(self.channel(event).send(text, allowed_mentions=discord.AllowedMentions.none()),
                          f"event {event.event_id}")

    # ---- the tables ---------------------------------------------------------------------

    async def _thread(self, event: StoredEvent, name: str) -> discord.Thread:
        channel = self.bot.client.get_channel(event.channel_id)
        if channel is None:
            channel = await self.bot.client.fetch_channel(event.channel_id)
        if not isinstance(channel, discord.TextChannel):
            raise EventError("event.err.thread")
        await self.desk.gate.slot(event.channel_id)
        return await channel.create_thread(name=name[:100], type=discord.ChannelType.public_thread,
                                           auto_archive_duration=THREAD_ARCHIVE)

    async def open_table(self, event: StoredEvent, effect: fx.OpenTable) -> int | None:
        """A public thread for the table, stored, then the table opened there (``seat``)."""
        lang = await self.bot.channel_lang(event.channel_id)
        try:
            thread = await self._thread(event, t(lang, "event.thread.name", round=effect.round, table=effect.table))
        except discord.HTTPException as exc:
            log.warning("event %s: no thread for table %s: %s", event.event_id, effect.table, exc)
            await self.say(event, "event.line.failed", table=effect.table)
            return None
        await self.desk.store.save_event_table(EventTable(event.event_id, effect.round, effect.table, thread.id))
        await self.seat(event, effect, thread.id)
        return thread.id

    async def seat(self, event: StoredEvent, effect: fx.OpenTable, thread_id: int) -> None:
        """The table opened and dealt in its thread (stored), its message shown there with
        the seated named on it (a mention adds each person to the thread; it pings the one
        to act first as well, so the table posts no turn line of its own for them)."""
        self.desk.places[thread_id] = Place(event.event_id, effect.round, effect.table)
        seats = [SeatInfo(s.key, s.name, s.computer) for s in effect.seats]
        table = await self.bot.tables.open_event_table(thread_id, event.guild_id, event.state.host, seats,
                                                       dict(effect.rules), self.settings(event))
        row = EventTable(event.event_id, effect.round, effect.table, thread_id, table.table_id)
        await self.desk.store.save_event_table(row)
        chosen = (await self.bot.store.channel_prefs(event.channel_id)).language
        if chosen:  # the event's channel speaks one language: so do its threads
            await self.bot.set_channel_lang(thread_id, chosen)
        lang = await self.bot.channel_lang(event.channel_id)
        names = ", ".join(esc(s.name) if s.computer else f"<@{s.key}>" for s in effect.seats)
        presenter = self.bot.presenter(table)
        presenter.introduce(t(lang, "event.thread.seated", round=effect.round, table=effect.table, names=names))
        presenter.update()

    def settings(self, event: StoredEvent) -> TableSettings:
        """The thread table's settings: the defaults with the event's ``kiebitz`` mode."""
        return TableSettings(kiebitz=event.state.settings.kiebitz)

    def tables_of(self, event: StoredEvent, round_no: int, table_no: int | None = None) -> list[tuple[int, Table]]:
        """(thread id, open table) of round ``round_no`` (one table: ``table_no``)."""
        out = []
        for thread_id, place in self.desk.places.items():
            if place.event_id == event.event_id and place.round == round_no and table_no in (None, place.table):
                table = self.bot.tables.get(thread_id)
                if table is not None:
                    out.append((thread_id, table))
        return out

    async def hand_over(self, event: StoredEvent, effect: fx.HandOverSeat) -> None:
        """The seat goes to ``effect.new``, said in the thread (a person's mention adds them to it)."""
        for thread_id, table in self.tables_of(event, effect.round, effect.table):
            old = next((s.name for s in table.seats if s.user_id == effect.old), str(effect.old))
            new = effect.new
            outcome = await table.hand_over_seat(effect.old, SeatInfo(new.key, new.name, new.computer))
            self.bot.presenter(table).update(outcome)
            lang = await self.bot.table_lang(table)
            who = esc(new.name) if new.computer else f"<@{new.key}>"
            text = t(lang, "event.thread.handed", old=esc(old), new=who)
            await run_quietly(self._in(thread_id, table).send(text, allowed_mentions=SEAT_MENTIONS),
                              f"event {event.event_id}")

    def _in(self, thread_id: int, table: Table) -> discord.PartialMessageable:
        return self.bot.client.get_partial_messageable(thread_id, guild_id=table.guild_id)

    async def strike(self, event: StoredEvent, effect: fx.StrikeGames) -> bool:
        """The time is up at the table: True when its list is over at once."""
        found = self.tables_of(event, effect.round, effect.table)
        if not found:  # never opened (its thread failed): done; else another process plays it
            rows = await self.desk.store.event_tables(event.event_id)
            return not any(r.round == effect.round and r.table == effect.table and r.table_id for r in rows)
        thread_id, table = found[0]
        done = await table.strike()
        lang = await self.bot.table_lang(table)
        await run_quietly(self._in(thread_id, table).send(t(lang, "event.thread.struck")), f"event {event.event_id}")
        self.bot.presenter(table).update()
        return done

    async def hold(self, event: StoredEvent, round_no: int, on: bool) -> None:
        for thread_id, table in self.tables_of(event, round_no):
            await table.hold(on)
            lang = await self.bot.table_lang(table)
            text = t(lang, "event.thread.held" if on else "event.thread.resumed")
            await run_quietly(self._in(thread_id, table).send(text), f"event {event.event_id}")
            self.bot.presenter(table).update()

    async def close(self, event: StoredEvent, effect: fx.CloseTable, by_host: bool) -> None:
        """The table's list is over (or the host ended the event: a game in play is aborted).
        One closing line, the event's (why it closed), on the table message's last edit (the
        one that takes its buttons away): the table's "closed by the host" would repeat it."""
        for _, table in self.tables_of(event, effect.round, effect.table):
            lang = await self.bot.table_lang(table)
            outcome = await table.close(event.state.host, True)
            outcome = replace(outcome, notices=[n for n in outcome.notices if not isinstance(n, Closed)])
            presenter = self.bot.presenter(table)
            presenter.farewell(t(lang, "event.thread.ended" if by_host else "event.thread.done"))
            presenter.update(outcome)


def _table_done(state: EventState, round_no: int, table_no: int) -> flow.Step:
    return flow.table_done(state, round_no, table_no)
