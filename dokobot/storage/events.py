"""Doppelkopf nights (migration 012): ``events``, ``event_tables`` and the standings' rows.

The event's state is kept whole as one JSON value (``dokobot.table.event.codec``);
the columns beside it are what the bot finds events by (channel, ended) and
what it sets apart from the state (message, scheduled start, Scheduled Event,
reminder). ``event_rows`` reads the standings' rows straight from the score rows
of the event's tables, so they cannot disagree with the score sheets.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from dokobot.table.event import codec
from dokobot.table.event.standings import GameRow
from dokobot.table.event.state import EventState
from dokobot.table.event.store import EventTable, StoredEvent

from .core import Core, _all
from .errors import StorageError

_EVENT_COLUMNS = "id, guild_id, channel_id, state, created_at, message_id, starts_at, scheduled_id, reminded"


def _event(row: tuple[Any, ...]) -> StoredEvent:
    try:
        state = codec.loads(row[3])
    except codec.CodecError as exc:
        raise StorageError(f"event {row[0]}: the stored state is damaged: {exc}") from exc
    return StoredEvent(int(row[0]), row[1], int(row[2]), state, float(row[4]), row[5],
                       None if row[6] is None else float(row[6]), row[7], bool(row[8]))


def _ended(state: EventState) -> int:
    return int(state.phase == "ended")


class EventsRepo(Core):
    async def create_event(self, guild_id: int | None, channel_id: int, state: EventState, created_at: float,
                           starts_at: float | None = None) -> StoredEvent:
        """Store a new event (its id also in the state); StorageError while the channel
        has an event that has not ended."""
        async with self._transaction(f"create an event in channel {channel_id}") as conn:
            await _no_running(conn, channel_id, None)
            rows = await _all(
                conn, "INSERT INTO events (guild_id, channel_id, state, created_at, starts_at, ended)"
                " VALUES (?, ?, '{}', ?, ?, ?) RETURNING id",
                (guild_id, channel_id, int(created_at), None if starts_at is None else int(starts_at),
                 _ended(state)),
            )
            event_id = int(rows[0][0])
            state = replace(state, event_id=event_id)
            await conn.execute("UPDATE events SET state = ? WHERE id = ?", (codec.dumps(state), event_id))
            found = await _all(conn, f"SELECT {_EVENT_COLUMNS} FROM events WHERE id = ?", (event_id,))
        return _event(tuple(found[0]))

    async def save_event(self, event_id: int, state: EventState, before: EventState | None = None) -> None:
        if state.event_id != event_id:
            raise StorageError(f"event {event_id}: the state is event {state.event_id}'s")
        async with self._transaction(f"save event {event_id}") as conn:
            rows = await _all(conn, "SELECT channel_id, state FROM events WHERE id = ?", (event_id,))
            if not rows:
                raise StorageError(f"event {event_id} does not exist")
            if before is not None and codec.loads(str(rows[0][1])) != before:
                raise StorageError(f"event {event_id} was changed meanwhile (by another process)")
            if not _ended(state):
                await _no_running(conn, int(rows[0][0]), event_id)
            await conn.execute("UPDATE events SET state = ?, ended = ? WHERE id = ?",
                               (codec.dumps(state), _ended(state), event_id))

    async def set_event_column(self, event_id: int, column: str, value: int | None) -> None:
        """One of the columns set apart from the state (message, Scheduled Event, reminder)."""
        assert column in ("message_id", "scheduled_id", "reminded")  # never user input
        async with self._transaction(f"set {column} of event {event_id}") as conn:
            cur = await conn.execute(f"UPDATE events SET {column} = ? WHERE id = ?", (value, event_id))
            if cur.rowcount == 0:
                raise StorageError(f"event {event_id} does not exist")

    async def event(self, event_id: int) -> StoredEvent | None:
        found = await self._events("id = ?", (event_id,), f"read event {event_id}")
        return found[0] if found else None

    async def channel_events(self, channel_id: int) -> list[StoredEvent]:
        """Every event of the channel, the newest first."""
        return await self._events("channel_id = ? ORDER BY id DESC", (channel_id,),
                                  f"read the events of channel {channel_id}")

    async def running_events(self) -> list[StoredEvent]:
        return await self._events("ended = 0 ORDER BY id", (), "read the running events")

    async def _events(self, where: str, params: tuple[Any, ...], what: str) -> list[StoredEvent]:
        # `where` is one of the fixed clauses above, never user input
        async with self._transaction(what, write=False) as conn:
            rows = await _all(conn, f"SELECT {_EVENT_COLUMNS} FROM events WHERE {where}", params)
        return [_event(tuple(r)) for r in rows]

    async def save_event_table(self, table: EventTable) -> None:
        """Insert or replace the row of (event, round, table)."""
        async with self._transaction(f"save table {table.table} of round {table.round} of event {table.event_id}") \
                as conn:
            if not await _all(conn, "SELECT 1 FROM events WHERE id = ?", (table.event_id,)):
                raise StorageError(f"event {table.event_id} does not exist")
            await conn.execute(
                "INSERT INTO event_tables (event_id, round, table_no, thread_id, table_id) VALUES (?, ?, ?, ?, ?)"
                " ON CONFLICT (event_id, round, table_no) DO UPDATE SET thread_id = excluded.thread_id,"
                " table_id = excluded.table_id",
                (table.event_id, table.round, table.table, table.thread_id, table.table_id),
            )

    async def event_tables(self, event_id: int) -> list[EventTable]:
        async with self._transaction(f"read the tables of event {event_id}", write=False) as conn:
            rows = await _all(conn, "SELECT event_id, round, table_no, thread_id, table_id FROM event_tables"
                              " WHERE event_id = ? ORDER BY round, table_no", (event_id,))
        return [EventTable(int(e), int(r), int(t), int(th), None if tid is None else int(tid))
                for e, r, t, th, tid in rows]

    async def event_rows(self, event_id: int) -> list[GameRow]:
        """One row per seat that played a booked game at the event's tables: the score rows
        (none for a redeal, an aborted game or the seat sitting out at five), whose points
        are the booked ones (Bock included)."""
        async with self._transaction(f"read the games of event {event_id}", write=False) as conn:
            rows = await _all(
                conn, "SELECT et.round, et.table_no, s.user_id, s.points, s.is_bot FROM event_tables et"
                " JOIN games g ON g.table_id = et.table_id AND g.status = 'finished'"
                " JOIN scores s ON s.game_id = g.id"
                " WHERE et.event_id = ? ORDER BY et.round, et.table_no, g.number, s.seat", (event_id,))
        return [GameRow(event_id, int(r), int(t), int(u), int(p), bool(b)) for r, t, u, p, b in rows]


async def _no_running(conn: Any, channel_id: int, other_than: int | None) -> None:
    rows = await _all(conn, "SELECT id FROM events WHERE channel_id = ? AND ended = 0", (channel_id,))
    clash = [r[0] for r in rows if r[0] != other_than]
    if clash:
        raise StorageError(f"channel {channel_id} already has a running event ({clash[0]})")
