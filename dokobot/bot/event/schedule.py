"""``EventSchedule``: an event's start as a Discord Scheduled Event, and the entrants' reminder.

If the host gave a start time, the guild gets an external Scheduled Event for it (this
needs Manage Events: without it the host is told in one line and the event goes on), and
15 minutes before the start the entrants get one reminder in the event's channel (several
messages when more are signed up than one message can mention), pinging only them. The
store marks it reminded *before* it is sent, so it never goes out twice, even when the
process dies while sending; a restart reschedules the reminders still pending.
"""

from __future__ import annotations

import asyncio
import datetime
import logging

import discord

from dokobot.bot.event.board import BoardHost
from dokobot.bot.event.gate import ChannelGate
from dokobot.bot.event.shards import serves
from dokobot.bot.presenter import Clock, DiscordClock
from dokobot.table.event.store import StoredEvent
from dokobot.table.store import StoreError
from dokobot.text import eventboard as words
from dokobot.text.event import settings_text
from dokobot.text.i18n import t

log = logging.getLogger(__name__)

REMIND_BEFORE = 15 * 60.0  # seconds before the start
ROUND_GUESS = 120  # minutes a round is expected to take without a time limit (the Scheduled Event's end)
NAME, LOCATION, ABOUT = 100, 100, 1000  # Discord's limits of a Scheduled Event's texts


class EventSchedule:
    """Scheduled Events and reminders of the events of this process."""

    def __init__(self, bot: BoardHost, clock: Clock | None = None, gate: ChannelGate | None = None) -> None:
        self.bot = bot
        self.clock: Clock = clock or DiscordClock()
        self.gate = gate or ChannelGate(lambda: bot.pace, self.clock)  # the event channel's bucket
        self._timers: dict[int, asyncio.Task[None]] = {}

    async def scheduled(self, event: StoredEvent, lang: str | None = None) -> str | None:
        """A new event: its Scheduled Event (if a start is given and permitted) and its reminder.
        Returns a line for the host in ``lang`` when something could not be done (Manage
        Events missing), else None: the caller shows it to the host."""
        if event.starts_at is None:
            return None
        note = None
        if event.scheduled_id is None and event.guild_id is not None and event.starts_at > self.clock.now():
            note = await self._create(event, lang)
        self._arm(event)
        return note

    async def restore(self) -> None:
        """After a restart: the reminders of running events not yet reminded."""
        for event in await self.bot.store.running_events():
            if not serves(self.bot.client, event.guild_id):  # another process's guild
                continue
            self._arm(event)

    def forget(self, event_id: int) -> None:
        """The event ended (or this process stops): its reminder is not sent from here."""
        task = self._timers.pop(event_id, None)
        if task is not None:
            task.cancel()

    async def ended(self, event: StoredEvent) -> None:
        """The event is over: no reminder, and its Scheduled Event does not go on showing it as
        coming (cancelled before it began, ended once it was active). Best effort: what Discord
        refuses is logged, the event's end stands."""
        self.forget(event.event_id)
        guild = self.bot.client.get_guild(event.guild_id or 0)
        if event.scheduled_id is None or guild is None:
            return
        try:
            made = guild.get_scheduled_event(event.scheduled_id) or await guild.fetch_scheduled_event(
                event.scheduled_id)
            if made.status == discord.EventStatus.scheduled:
                await made.cancel()
            elif made.status == discord.EventStatus.active:
                await made.end()
        except discord.HTTPException as exc:  # deleted by hand, or Manage Events taken away since
            log.info("event %s: its Scheduled Event was not closed: %s", event.event_id, exc)

    def stop(self) -> None:
        for event_id in list(self._timers):
            self.forget(event_id)

    def pending(self) -> set[int]:
        """The events whose reminder waits in this process."""
        return {k for k, task in self._timers.items() if not task.done()}

    # ---- the Scheduled Event ------------------------------------------------------------

    async def _create(self, event: StoredEvent, lang: str | None) -> str | None:
        guild = self.bot.client.get_guild(event.guild_id or 0)
        if guild is None:
            return None
        if not guild.me.guild_permissions.manage_events:
            return t(lang, "board.no_events")
        start = datetime.datetime.fromtimestamp(event.starts_at or 0, datetime.UTC)
        settings = event.state.settings
        end = start + datetime.timedelta(minutes=settings.rounds * (settings.time_limit or ROUND_GUESS))
        channel = guild.get_channel(event.channel_id)
        where = t(lang, "board.scheduled.where", channel=channel.name if channel is not None else event.channel_id)
        try:
            made = await guild.create_scheduled_event(
                name=t(lang, "board.scheduled.name")[:NAME], start_time=start, end_time=end,
                entity_type=discord.EntityType.external, privacy_level=discord.PrivacyLevel.guild_only,
                location=where[:LOCATION], description=settings_text(lang, settings)[:ABOUT])
        except discord.Forbidden:
            return t(lang, "board.no_events")
        except discord.HTTPException as exc:
            log.warning("event %s: no Scheduled Event: %s", event.event_id, exc)
            return None
        try:
            await self.bot.store.set_event_scheduled(event.event_id, made.id)
        except StoreError as exc:
            log.warning("event %s: the Scheduled Event %s is not stored: %s", event.event_id, made.id, exc)
        return None

    # ---- the reminder ----------------------------------------------------------------------

    def _arm(self, event: StoredEvent) -> None:
        if event.starts_at is None or event.reminded or event.state.phase != "signup":
            return
        self.forget(event.event_id)
        wait = max(event.starts_at - REMIND_BEFORE - self.clock.now(), 0.0)
        self._timers[event.event_id] = asyncio.create_task(
            self._later(event.event_id, wait), name=f"doko-event-reminder-{event.event_id}")

    async def _later(self, event_id: int, wait: float) -> None:
        if wait > 0:
            await self.clock.sleep(wait)
        try:
            await self.remind(event_id)
        except (discord.HTTPException, StoreError) as exc:
            log.warning("event %s: the reminder failed: %s", event_id, exc)
        except Exception:
            log.exception("event %s: the reminder failed", event_id)

    async def remind(self, event_id: int) -> int:
        """Remind the entrants now (unless done, too late, or the event has begun): the
        messages sent. Marked in the store first: a second call, or another process,
        sends nothing."""
        event = await self.bot.store.event(event_id)
        if event is None or event.reminded or event.starts_at is None or event.state.phase != "signup":
            return 0
        if self.clock.now() >= event.starts_at:
            return 0  # the start has passed (a long outage): a reminder now would mislead
        people = [e.key for e in event.state.entrants if not e.left]
        await self.bot.store.set_event_reminded(event_id)
        if not people:
            return 0
        lang = await self.bot.channel_lang(event.channel_id)
        channel = self.bot.client.get_partial_messageable(event.channel_id, guild_id=event.guild_id)
        texts = words.reminder_texts(lang, event.starts_at, people)
        for text in texts:
            named = [discord.Object(k) for k in words.mentioned(text)]
            await self.gate.slot(event.channel_id)
            await channel.send(text, allowed_mentions=discord.AllowedMentions(everyone=False, roles=False, users=named))
        return len(texts)
