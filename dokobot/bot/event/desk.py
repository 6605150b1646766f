"""``EventDesk``: the event's life in the bot, between the commands and ``table.event.flow``.

Every step of an event runs under that event's own ``asyncio.Lock``: the stored state is
read, the transition (``flow``) applied, the new state saved with ``store.save_event``,
and only then are its effects carried out (``EventEffects``) and the member answered. A
refused step (``EventError``) is answered privately from the catalogue and changes
nothing; a failed write (``StoreError``) likewise.

The tables of an event report back through ``table_changed`` (a booked game, a list
over) and the table's leave button (``leave_table``); a restart (``restore``) re-attaches
those hooks from the stored ``event_tables`` and sets the round's deadline again.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable, Coroutine
from dataclasses import replace
from typing import Any

import discord

from dokobot.bot import permissions
from dokobot.bot.event.board import EventBoard
from dokobot.bot.event.buttons import signup_view
from dokobot.bot.event.carry import EventEffects
from dokobot.bot.event.deadlines import Deadlines
from dokobot.bot.event.mend import mend, unheard
from dokobot.bot.event.places import Change, EventHost, Place
from dokobot.bot.event.schedule import EventSchedule
from dokobot.bot.event.shards import serves
from dokobot.bot.presenter import Clock, DiscordClock
from dokobot.bot.replies import answer, send_ephemeral
from dokobot.table.event import effects as fx
from dokobot.table.event import flow
from dokobot.table.event.errors import EventError
from dokobot.table.event.flow import Step
from dokobot.table.event.state import EventState
from dokobot.table.event.store import EventStore, StoredEvent
from dokobot.table.store import StoreError
from dokobot.table.table import Outcome, Table
from dokobot.text.event import error_text
from dokobot.text.i18n import t
from dokobot.text.markdown import esc

log = logging.getLogger(__name__)

class EventDesk:
    """The events of this process: their locks, their tables' threads, their deadlines."""

    def __init__(self, bot: EventHost, board: EventBoard | None = None, clock: Clock | None = None) -> None:
        self.bot = bot
        self.clock: Clock = clock or DiscordClock()
        # the event's message: standings and the sign-up buttons; the start and its reminder
        self.board: EventBoard = board or EventBoard(bot, view_for=_buttons, clock=self.clock)
        self.gate = self.board.gate  # every call in an event's channel takes its slot here
        self.schedule = EventSchedule(bot, self.clock, self.gate)
        self.places: dict[int, Place] = {}  # thread id -> the event table playing there
        # each new event's seating seed (a test may fix it: the same seed, the same tables)
        self.seed: Callable[[], int] = lambda: secrets.randbelow(2**31)
        self.deadlines = Deadlines(self.clock, self.time_up)
        self.effects = EventEffects(self)
        self._locks: dict[int, asyncio.Lock] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    @property
    def store(self) -> EventStore:
        return self.bot.store

    def lock(self, event_id: int) -> asyncio.Lock:
        return self._locks.setdefault(event_id, asyncio.Lock())

    # ---- one step -----------------------------------------------------------------------

    async def change(self, event_id: int, change: Change) -> tuple[StoredEvent, Step]:
        """Apply one transition under the event's lock: saved before anything is carried out."""
        async with self.lock(event_id):
            stored = await self.store.event(event_id)
            if stored is None:
                raise EventError("event.err.gone")
            return await self._apply(stored, change)

    async def _apply(self, stored: StoredEvent, change: Change) -> tuple[StoredEvent, Step]:
        step = change(stored.state)
        if step.state != stored.state:
            await self.store.save_event(stored.event_id, step.state, before=stored.state)
        stored = replace(stored, state=step.state)
        for more in await self.effects.carry_out(stored, step.effects):
            try:  # what the effects asked for next (a table done at once): the same way
                stored, _ = await self._apply(stored, more)
            except EventError as err:
                log.info("event %s: a follow-up step was refused: %s", stored.event_id, err.key)
        return stored, step

    async def answered(self, interaction: discord.Interaction, event_id: int, change: Change) -> Step | None:
        """``change`` for a member's command or click (already acknowledged): a refusal is
        answered privately in their language and changes nothing; None then."""
        lang = await self.bot.lang_of(interaction)
        try:
            return (await self.change(event_id, change))[1]
        except EventError as err:
            await send_ephemeral(interaction, error_text(lang, err))
        except StoreError as exc:
            log.warning("event %s: a step could not be saved: %s", event_id, exc)
            await send_ephemeral(interaction, t(lang, "err.storage"))
        return None

    # ---- which event ----------------------------------------------------------------------

    async def event_here(self, interaction: discord.Interaction) -> StoredEvent | None:
        """The running event of the interaction's channel (or of the table thread it came
        from); None after a private answer."""
        channel_id = interaction.channel_id or 0
        place = self.places.get(channel_id)
        if place is not None:
            found = await self.store.event(place.event_id)
        else:
            found = next((e for e in await self.store.channel_events(channel_id) if e.state.phase != "ended"), None)
        if found is None or found.state.phase == "ended":
            await send_ephemeral(interaction, t(await self.bot.lang_of(interaction), "event.err.none"))
            return None
        return found

    # ---- members' steps -----------------------------------------------------------------

    async def sign_up(self, interaction: discord.Interaction, event: StoredEvent) -> None:
        user = interaction.user
        name = getattr(user, "display_name", user.name)
        step = await self.answered(interaction, event.event_id, lambda s: flow.sign_up(s, user.id, name))
        added = next((e for e in step.effects if isinstance(e, fx.EntrantAdded)), None) if step else None
        if added is not None:
            await send_ephemeral(interaction, t(await self.bot.lang_of(interaction), "event.ok.signed_up",
                                                round=added.from_round))

    async def withdraw(self, interaction: discord.Interaction, event: StoredEvent) -> None:
        user_id = interaction.user.id
        step = await self.answered(interaction, event.event_id, lambda s: flow.withdraw(s, user_id))
        if step is None:
            return
        lang = await self.bot.lang_of(interaction)
        handed = next((e for e in step.effects if isinstance(e, fx.HandOverSeat)), None)
        text = t(lang, "event.ok.left_seat", name=esc(handed.new.name)) if handed else t(lang, "event.ok.left")
        await send_ephemeral(interaction, text)

    async def member_step(self, interaction: discord.Interaction, action: str) -> None:
        """``/doko turnier anmelden`` (``in``) or ``abmelden`` (``out``) in the event's channel or thread."""
        event = await self.event_here(interaction)
        if event is None:
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        await (self.sign_up if action == "in" else self.withdraw)(interaction, event)

    async def button(self, interaction: discord.Interaction, event_id: int, action: str) -> None:
        """A sign-up button: judged against the stored event, in the channel it belongs to."""
        lang = await self.bot.lang_of(interaction)
        event = await self.store.event(event_id)
        if event is None:
            await send_ephemeral(interaction, t(lang, "event.err.gone"))
            return
        if event.channel_id != interaction.channel_id:
            await send_ephemeral(interaction, t(lang, "err.wrong_channel"))
            return
        await interaction.response.defer(ephemeral=True, thinking=True)
        await (self.sign_up if action == "in" else self.withdraw)(interaction, event)

    async def leave_table(self, interaction: discord.Interaction) -> bool:
        """The table's leave button in an event's thread: the seat is handed over. False
        when the channel is no event table (the table handles the click itself)."""
        place = self.places.get(interaction.channel_id or 0)
        if place is None:
            return False
        event = await self.store.event(place.event_id)
        if event is None:
            return False
        await interaction.response.defer(ephemeral=True, thinking=True)
        await self.withdraw(interaction, event)
        return True

    # ---- host steps ---------------------------------------------------------------------

    async def host_step(self, interaction: discord.Interaction, what: str) -> None:
        """start | round | pause | resume | end, for the event's host (or Manage Channels)."""
        event = await self.event_here(interaction)
        if event is None:
            return
        lang = await self.bot.lang_of(interaction)
        manage = bool(interaction.permissions.manage_channels)
        user_id = interaction.user.id
        # a round opens threads: the bot must be able to (anyone else hears first that it is not theirs)
        if what in ("start", "round") and (manage or user_id == event.state.host):
            lacking = permissions.missing_for_event(interaction)
            if lacking:
                await send_ephemeral(interaction, permissions.missing_text(lang, lacking))
                return
        now = self.clock.now()

        def by(state: EventState) -> int:
            return state.host if manage else user_id

        steps: dict[str, Change] = {
            "start": lambda s: flow.start(s, by(s), now), "round": lambda s: flow.begin_round(s, by(s), now),
            "pause": lambda s: flow.pause(s, by(s), now), "resume": lambda s: flow.resume(s, by(s), now),
            "end": lambda s: flow.end(s, by(s)),
        }
        await interaction.response.defer(ephemeral=True, thinking=True)
        step = await self.answered(interaction, event.event_id, steps[what])
        if step is not None:
            await answer(interaction, _done_text(lang, what, step))

    # ---- the tables' hooks --------------------------------------------------------------

    def table_changed(self, table: Table, outcome: Outcome) -> None:
        """Every accepted change at any table: a game booked at an event table counts for
        the standings; its list over (or the table closed by the host), the table is done."""
        place = self.places.get(table.channel_id)
        if place is None or (outcome.finished is None and table.state != "closed"):
            return
        step = outcome.finished.list_step if outcome.finished is not None else None
        done = table.state == "closed" or (step is not None and step.ended is not None)
        self.spawn(self._booked(place, outcome.finished is not None, done))

    async def _booked(self, place: Place, booked: bool, done: bool) -> None:
        steps: list[Change] = []
        if booked:
            steps.append(lambda s: flow.game_finished(s, place.round, place.table))
        if done:
            steps.append(lambda s: flow.table_done(s, place.round, place.table))
        for change in steps:
            try:
                await self.change(place.event_id, change)
            except EventError as err:  # the table is no longer running (the host ended the event)
                log.info("event %s: a report of table %s was late: %s", place.event_id, place.table, err.key)
            except StoreError as exc:
                log.warning("event %s: a report of table %s was not saved: %s", place.event_id, place.table, exc)

    async def time_up(self, event_id: int) -> None:
        """The round's deadline: the tables strike their lists. Also where another process
        applied it first (its state says so already): this process's tables strike too."""
        now = self.clock.now()
        try:
            stored, _ = await self.change(event_id, lambda s: flow.time_up(s, now))
            for struck in await mend(self.effects, stored):
                await self._booked(Place(event_id, struck.round, struck.table), False, True)
        except (EventError, StoreError) as exc:
            log.warning("event %s: the time limit could not be applied: %s", event_id, exc)

    def spawn(self, work: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(work)
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def idle(self) -> None:
        """Wait until the tables' reports are carried out (tests, shutdown)."""
        while self._tasks:
            await asyncio.gather(*list(self._tasks), return_exceptions=True)

    # ---- restart ------------------------------------------------------------------------

    async def restore(self) -> None:
        """After a restart: every running event's threads are known again, its deadline
        set, and a table whose list ended while no process ran it is reported done."""
        for event in await self.attach():
            if not serves(self.bot.client, event.guild_id):  # another shard's guild: its process carries it on
                continue
            run = event.state.current
            if run is not None and event.state.phase == "playing" and not run.time_up:
                self.deadlines.set(event.event_id, run.deadline)
            for struck in await mend(self.effects, event):  # effects a killed process left undone
                await self._booked(Place(event.event_id, struck.round, struck.table), False, True)
            for place in unheard(self.effects, event):
                await self._booked(place, False, True)
        await self.schedule.restore()
        await self.board.restore()  # each running event's message redrawn once

    async def attach(self) -> list[StoredEvent]:
        """Know the threads of every running event (their tables' reports find the event):
        at start-up, and when this process takes over tables another one ran."""
        running = await self.store.running_events()
        for event in running:
            for row in await self.store.event_tables(event.event_id):
                self.places[row.thread_id] = Place(row.event_id, row.round, row.table)
        return running

    async def retire(self) -> None:
        """Shutdown: no deadline or reminder fires from here; a waiting board edit goes out."""
        self.deadlines.stop()
        self.schedule.stop()
        await self.board.retire()

    def stop(self) -> None:
        self.deadlines.stop()
        self.board.stop()
        self.schedule.stop()


def _buttons(event: StoredEvent, lang: str) -> discord.ui.View | None:
    """The event message's buttons: sign up and leave while the event runs, none once over."""
    return signup_view(event.event_id, lang) if event.state.phase != "ended" else None


def _done_text(lang: str, what: str, step: Step) -> str:
    begun = next((e for e in step.effects if isinstance(e, fx.RoundBegun)), None)
    if begun is not None:
        return t(lang, "event.ok.round", round=begun.round)
    keys = {"pause": "event.ok.paused", "resume": "event.ok.resumed", "end": "event.ok.ended"}
    return t(lang, keys.get(what, "event.ok.ended"))
