"""The channel's side of events: opening one (``/doko turnier eroeffnen``: refused where it
cannot run, a thread, a permission missing, an event still running; else stored, then its
message posted), and showing the channel's events (``/doko turnier stand``)."""

from __future__ import annotations

import logging
from dataclasses import replace

import discord

from dokobot.bot import permissions
from dokobot.bot.event import past
from dokobot.bot.event.desk import EventDesk
from dokobot.bot.event.opening import Options, settings_from, start_time
from dokobot.bot.event.places import message_url
from dokobot.bot.replies import answer, send_ephemeral
from dokobot.table.event import flow
from dokobot.table.event.errors import EventError
from dokobot.table.event.store import StoredEvent
from dokobot.table.store import StoreError
from dokobot.text.event import error_text
from dokobot.text.i18n import t

log = logging.getLogger(__name__)

_THREAD_TYPES = (discord.ChannelType.public_thread, discord.ChannelType.private_thread, discord.ChannelType.news_thread)


async def open_event(desk: EventDesk, interaction: discord.Interaction, options: Options) -> None:
    """``/doko turnier eroeffnen``: checked, stored, then its message posted."""
    lang = await desk.bot.lang_of(interaction)
    refusal = await _cannot_open(desk, interaction, lang)
    if refusal is not None:
        await send_ephemeral(interaction, refusal)
        return
    now = desk.clock.now()
    try:
        settings = settings_from(options)
        starts_at = start_time(options.start, now)
    except EventError as err:
        await send_ephemeral(interaction, error_text(lang, err))
        return
    await interaction.response.defer(ephemeral=True, thinking=True)
    state = flow.open_event(0, interaction.user.id, settings, desk.seed())
    try:
        event = await desk.store.create_event(interaction.guild_id, interaction.channel_id or 0, state, now,
                                              starts_at)
    except StoreError as exc:
        log.warning("channel %s: an event could not be stored: %s", interaction.channel_id, exc)
        await answer(interaction, t(lang, "err.storage"))
        return
    event = await _post(desk, event)
    note = await desk.schedule.scheduled(event, lang)  # a start given: the Scheduled Event, the reminder
    text = t(lang, "event.ok.opened", url=message_url(event))
    await answer(interaction, f"{text}\n{note}" if note else text)


async def _cannot_open(desk: EventDesk, interaction: discord.Interaction, lang: str) -> str | None:
    """Why no event can be opened here (None: it can): a thread, missing permissions,
    an event still running."""
    if interaction.guild_id is None:
        return t(lang, "err.not_in_guild")
    if getattr(interaction.channel, "type", None) in _THREAD_TYPES:
        return t(lang, "event.err.thread")
    lacking = permissions.missing_for_event(interaction)
    if lacking:
        return permissions.missing_text(lang, lacking)
    running = [e for e in await desk.store.channel_events(interaction.channel_id or 0) if e.state.phase != "ended"]
    return t(lang, "event.err.exists", url=message_url(running[0])) if running else None


async def _post(desk: EventDesk, event: StoredEvent) -> StoredEvent:
    """The event's public message (sign-up and standings); its id stored."""
    channel = desk.bot.client.get_partial_messageable(event.channel_id, guild_id=event.guild_id)
    try:
        message_id = await desk.board.post(event, channel)
        await desk.store.set_event_message(event.event_id, message_id)
    except (discord.HTTPException, StoreError) as exc:
        log.warning("event %s: its message could not be posted: %s", event.event_id, exc)
        return event
    return replace(event, message_id=message_id)


async def show(desk: EventDesk, interaction: discord.Interaction, number: int | None, export: bool) -> None:
    """``/doko turnier stand``: the channel's events, or one's standings (and its export)."""
    lang = await desk.bot.lang_of(interaction)
    channel_id = getattr(interaction.channel, "parent_id", None) or interaction.channel_id or 0
    await interaction.response.defer(ephemeral=True, thinking=True)
    if number is None:
        message = await past.past_list(desk.store, channel_id, lang)
    else:
        message = await past.past_event(desk.board, channel_id, number, lang, export)
    if message.get("view") is None:
        message.pop("view", None)
    await answer(interaction, message.pop("content", None), **message)
