"""The persistence seam of a Doppelkopf night: the ``EventStore`` protocol.

As with ``TableStore``, every accepted change is awaited here *before* the bot
acts on it, and a store raises ``StoreError`` (only that) when a call changed
nothing. The stores in ``dokobot.storage`` implement it beside ``Store``.

An event is its state (``EventState``, kept whole as one value), the public
message in its channel (sign-up and standings), an optional Discord Scheduled
Event, and one ``EventTable`` per table of a round: the thread it plays in and
the table opened there. The standings are computed from the booked games of
those tables (``event_rows``), never kept apart, so they cannot disagree with
the score sheets.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from .standings import GameRow
from .state import EventState


@dataclass(frozen=True)
class StoredEvent:
    event_id: int
    guild_id: int | None
    channel_id: int  # where it was opened: its message and its threads live here
    state: EventState
    created_at: float  # Unix seconds
    message_id: int | None = None  # the public message: sign-up buttons and the standings
    starts_at: float | None = None  # the scheduled start (Unix seconds), if the host gave one
    scheduled_id: int | None = None  # the Discord Scheduled Event made for it
    reminded: bool = False  # the entrants got their reminder before the start


@dataclass(frozen=True)
class EventTable:
    """Table ``table`` of round ``round``: the thread it plays in and, once opened there,
    the stored table's id."""

    event_id: int
    round: int
    table: int
    thread_id: int
    table_id: int | None = None


class EventStore(Protocol):
    async def create_event(self, guild_id: int | None, channel_id: int, state: EventState, created_at: float,
                           starts_at: float | None = None) -> StoredEvent:
        """Store a new event; the returned one carries its new id (also in ``state.event_id``).
        ``StoreError`` if the channel already has an event that has not ended."""
        ...
    async def save_event(self, event_id: int, state: EventState, before: EventState | None = None) -> None:
        """Store ``state``; with ``before``, only if the stored state is still that one (else
        ``StoreError``, nothing written): two processes never overwrite each other's step."""
        ...
    async def set_event_message(self, event_id: int, message_id: int | None) -> None: ...
    async def set_event_scheduled(self, event_id: int, scheduled_id: int | None) -> None: ...
    async def set_event_reminded(self, event_id: int) -> None: ...
    async def event(self, event_id: int) -> StoredEvent | None: ...
    async def channel_events(self, channel_id: int) -> list[StoredEvent]:
        """Every event opened in the channel, the newest first (running and past)."""
        ...
    async def running_events(self) -> list[StoredEvent]:
        """Every event not ended (a restart carries them on)."""
        ...
    async def save_event_table(self, table: EventTable) -> None:
        """Insert or replace the row of (event, round, table)."""
        ...
    async def event_tables(self, event_id: int) -> list[EventTable]: ...
    async def event_rows(self, event_id: int) -> list[GameRow]:
        """One row per seat that played a booked (not aborted, not redealt) game at a table
        of the event, with the points booked for it (Bock included)."""
        ...
