"""``EventBoard``: the one public message of an event in its channel (sign-up, tables, standings).

The message is redrawn from the store (the event's state, ``event_rows``) each time, never
patched, so it cannot disagree with the score sheets. ``changed`` is paced: however many
games finish within one pacing window, the message is edited once. Its id lives in the
store (``set_event_message``), so a restart edits the same message.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

import discord

from dokobot.bot.pacing import Pace
from dokobot.bot.presenter import Clock, DiscordClock
from dokobot.table.event.store import EventStore, StoredEvent

# bot42 gives the message its buttons: (event, language) -> the view, or None for none
ViewFor = Callable[[StoredEvent, str], "discord.ui.View | None"]


class BoardHost(Protocol):
    """What the board needs of the bot (``DokoBot`` is one by its shape)."""

    @property
    def client(self) -> discord.Client: ...

    @property
    def store(self) -> EventStore: ...

    @property
    def pace(self) -> Pace: ...

    async def channel_lang(self, channel_id: int) -> str: ...


class EventBoard:
    """Keeps each event's public message current, at most one edit per pacing window."""

    def __init__(self, bot: BoardHost, view_for: ViewFor | None = None, clock: Clock | None = None) -> None:
        self.bot = bot
        self.view_for = view_for
        self.clock: Clock = clock or DiscordClock()

    async def post(self, event: StoredEvent, channel: discord.abc.Messageable) -> int:
        """Post the event's message in ``channel``; its id (the caller stores it with
        ``set_event_message``)."""
        raise NotImplementedError

    async def changed(self, event_id: int) -> None:
        """The event changed (a game booked, a sign-up, a round): redraw its message, paced."""
        raise NotImplementedError
