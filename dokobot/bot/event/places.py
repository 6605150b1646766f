"""What the desk and the carrying out of effects share: where a thread's table belongs,
a transition to apply, and a Discord call the event goes on without."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Protocol

import discord

from dokobot.bot.event.deadlines import Deadlines
from dokobot.bot.event.gate import ChannelGate
from dokobot.bot.event.schedule import EventSchedule
from dokobot.bot.host import Host
from dokobot.table.event.flow import Step
from dokobot.table.event.state import EventState
from dokobot.table.event.store import EventStore, StoredEvent

log = logging.getLogger(__name__)

Change = Callable[[EventState], Step]


@dataclass(frozen=True)
class Place:
    """Where a thread's table belongs: table ``table`` of round ``round`` of an event."""

    event_id: int
    round: int
    table: int


async def run_quietly(work: Awaitable[Any], what: str) -> None:
    """A Discord call whose failure must not stop the event (its state is saved already)."""
    try:
        await work
    except discord.HTTPException as exc:
        log.warning("%s: Discord refused it: %s", what, exc)


class Board(Protocol):
    """The event's public message (``board.EventBoard``): posted once, redrawn paced."""

    async def post(self, event: StoredEvent, channel: discord.abc.Messageable) -> int: ...

    async def changed(self, event_id: int) -> None: ...

    def stop(self) -> None: ...


class EventHost(Host, Protocol):
    """The bot as the event needs it: a ``Host`` with the channels' languages."""

    async def channel_lang(self, channel_id: int) -> str: ...

    async def set_channel_lang(self, channel_id: int, lang: str | None) -> None: ...


class Desk(Protocol):
    """What carrying out effects needs of the desk (``EventDesk``)."""

    @property
    def bot(self) -> EventHost: ...

    @property
    def store(self) -> EventStore: ...

    @property
    def board(self) -> Board: ...

    @property
    def places(self) -> dict[int, Place]: ...

    @property
    def deadlines(self) -> Deadlines: ...

    @property
    def schedule(self) -> EventSchedule: ...

    @property
    def gate(self) -> ChannelGate: ...


def message_url(event: StoredEvent) -> str:
    if event.message_id is None:
        return f"<#{event.channel_id}>"
    return f"https://discord.com/channels/{event.guild_id}/{event.channel_id}/{event.message_id}"
