"""Channel settings, players, tables and seats."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

import aiosqlite

from dokobot.table.store import OpenHand, player_key

from .core import Core, _all, dumps
from .errors import StorageError
from .models import ChannelSettings, Seat, TableInfo
from .periods import from_epoch, to_epoch

LANGUAGES = ("de", "en")
DECKS = ("french", "german")


class _Keep:
    """Sentinel: leave the stored value as it is (None means "unset")."""

    def __repr__(self) -> str:
        return "KEEP"


KEEP: Any = _Keep()

_TABLE_COLUMNS = "id, channel_id, guild_id, host_id, message_id, status, created_at, waiting, turn, event"


def as_seat(index: int, seat: Any) -> Seat:
    """Accept {user_id, name, is_bot} dicts or any object with those attributes
    (Seat, the table layer's SeatInfo); the list index is the seat number."""
    if isinstance(seat, Mapping):
        user_id, name, is_bot, level = seat.get("user_id"), seat["name"], seat.get("is_bot", False), seat.get("level")
    else:
        user_id, name, is_bot = seat.user_id, seat.name, getattr(seat, "is_bot", False)
        level = getattr(seat, "level", None)
    return Seat(index, None if user_id is None else int(user_id), str(name), bool(is_bot),
                None if level is None else str(level))


async def upsert_players(conn: aiosqlite.Connection, seats: Sequence[Seat], now: int) -> None:
    """Remember each player's latest display name (leaderboards show current names)."""
    await conn.executemany(
        "INSERT INTO players (user_id, name, is_bot, updated_at) VALUES (?, ?, ?, ?)"
        " ON CONFLICT (user_id) DO UPDATE SET name = excluded.name,"
        " is_bot = excluded.is_bot, updated_at = excluded.updated_at",
        [
            (player_key(s.user_id, s.name), s.name, int(s.is_bot), now)
            for s in seats
        ],
    )


class TablesRepo(Core):
    # --- channel settings -------------------------------------------------

    async def get_settings(self, channel_id: int) -> ChannelSettings:
        """The channel's settings; None for what was never set (the bot's default applies)."""
        async with self._statement(f"read settings of channel {channel_id}") as conn:
            return await _read_settings(conn, channel_id)

    async def set_settings(
        self,
        channel_id: int,
        *,
        preset: str | None = KEEP,
        overrides: Mapping[str, Any] | None = KEEP,
        language: str | None = KEEP,
        table_settings: Mapping[str, Any] | None = KEEP,
        images: bool | None = KEEP,
        deck: str | None = KEEP,
        now: datetime | None = None,
    ) -> ChannelSettings:
        """Change the given fields (omitted ones keep their value, None unsets);
        returns the new settings."""
        _check_language(language)
        _check_deck(deck)
        async with self._transaction(f"save settings of channel {channel_id}") as conn:
            # read inside the write transaction: concurrent partial updates must not race
            old = await _read_settings(conn, channel_id)
            new = ChannelSettings(
                channel_id,
                old.preset if preset is KEEP else preset,
                old.overrides if overrides is KEEP else dict(overrides or {}),
                old.language if language is KEEP else language,
                old.table_settings if table_settings is KEEP else dict(table_settings or {}),
                old.images if images is KEEP else (None if images is None else bool(images)),
                old.deck if deck is KEEP else deck,
            )
            await conn.execute(
                "INSERT INTO channel_settings (channel_id, preset, overrides, language, table_settings,"
                " images, deck, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (channel_id) DO UPDATE SET"
                " preset = excluded.preset, overrides = excluded.overrides,"
                " language = excluded.language, table_settings = excluded.table_settings,"
                " images = excluded.images, deck = excluded.deck, updated_at = excluded.updated_at",
                (channel_id, new.preset, dumps(new.overrides), new.language, dumps(new.table_settings),
                 None if new.images is None else int(new.images), new.deck, to_epoch(now)),
            )
        return new

    async def get_user_language(self, user_id: int) -> str | None:
        """The player's own language, None if never chosen."""
        return await self._user_setting(user_id, "language")

    async def set_user_language(
        self, user_id: int, language: str | None, *, now: datetime | None = None
    ) -> None:
        _check_language(language)
        await self._set_user_setting(user_id, "language", language, now)

    async def get_user_deck(self, user_id: int) -> str | None:
        """The player's own deck for pictures and cards, None if never chosen."""
        return await self._user_setting(user_id, "deck")

    async def set_user_deck(self, user_id: int, deck: str | None, *, now: datetime | None = None) -> None:
        _check_deck(deck)
        await self._set_user_setting(user_id, "deck", deck, now)

    # one row per player; the column is one of _USER_COLUMNS, never user input
    async def _user_setting(self, user_id: int, column: str) -> str | None:
        assert column in _USER_COLUMNS
        async with self._statement(f"read {column} of user {user_id}") as conn:
            rows = await _all(conn, f"SELECT {column} FROM user_settings WHERE user_id = ?", (user_id,))
        return rows[0][0] if rows else None

    async def _set_user_setting(
        self, user_id: int, column: str, value: str | None, now: datetime | None,
    ) -> None:
        assert column in _USER_COLUMNS
        async with self._transaction(f"save {column} of user {user_id}") as conn:
            await conn.execute(
                f"INSERT INTO user_settings (user_id, {column}, updated_at) VALUES (?, ?, ?)"
                f" ON CONFLICT (user_id) DO UPDATE SET {column} = excluded.{column},"
                " updated_at = excluded.updated_at",
                (user_id, value, to_epoch(now)),
            )

    # --- the bot's own facts (bot_state) ------------------------------------

    async def get_bot_state(self, key: str) -> str | None:
        """A fact of the bot itself (e.g. the hash of the synced commands), None if unset."""
        async with self._statement(f"read bot state {key}") as conn:
            rows = await _all(conn, "SELECT value FROM bot_state WHERE key = ?", (key,))
        return rows[0][0] if rows else None

    async def set_bot_state(self, key: str, value: str, *, now: datetime | None = None) -> None:
        async with self._transaction(f"save bot state {key}") as conn:
            await conn.execute(
                "INSERT INTO bot_state (key, value, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
                (key, value, to_epoch(now)),
            )

    async def bot_states(self, prefix: str) -> dict[str, str]:
        """Every fact whose key starts with ``prefix`` (e.g. the analyses asked for)."""
        async with self._statement(f"read bot states {prefix}") as conn:
            rows = await _all(conn, "SELECT key, value FROM bot_state WHERE substr(key, 1, ?) = ? ORDER BY key",
                              (len(prefix), prefix))
        return {str(k): str(v) for k, v in rows}

    async def drop_bot_state(self, key: str) -> None:
        async with self._transaction(f"drop bot state {key}") as conn:
            await conn.execute("DELETE FROM bot_state WHERE key = ?", (key,))

    # --- the open private hands (open_hands, 009) ---------------------------
    # The token is a secret: the descriptions of these calls (in errors, so in logs) never name it.

    async def keep_hand(self, hand: OpenHand) -> None:
        """Remember the hand a person has open at a table (replaces the one before)."""
        async with self._transaction(f"keep the open hand of user {hand.user_id}") as conn:
            await conn.execute(
                "INSERT INTO open_hands (table_id, user_id, application_id, token, opened_at, message_id, lang)"
                " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (table_id, user_id) DO UPDATE SET"
                " application_id = excluded.application_id, token = excluded.token,"
                " opened_at = excluded.opened_at, message_id = excluded.message_id, lang = excluded.lang",
                (hand.table_id, hand.user_id, hand.application_id, hand.token, int(hand.opened_at),
                 hand.message_id, hand.lang),
            )

    async def forget_hand(self, table_id: int, user_id: int) -> None:
        async with self._transaction(f"forget the open hand of user {user_id}") as conn:
            await conn.execute("DELETE FROM open_hands WHERE table_id = ? AND user_id = ?", (table_id, user_id))

    async def take_hands(self, table_id: int) -> list[OpenHand]:
        """The table's open hands by person, deleted in the same transaction."""
        async with self._transaction(f"take the open hands of table {table_id}") as conn:
            rows = await _all(
                conn, "SELECT user_id, application_id, token, opened_at, message_id, lang FROM open_hands"
                " WHERE table_id = ? ORDER BY user_id", (table_id,),
            )
            await conn.execute("DELETE FROM open_hands WHERE table_id = ?", (table_id,))
        return [OpenHand(table_id, int(u), int(a), str(tok), float(at), None if m is None else int(m), str(lang))
                for u, a, tok, at, m, lang in rows]

    # --- tables and seats -------------------------------------------------

    async def open_table(
        self,
        channel_id: int,
        guild_id: int | None,
        host_id: int,
        seats: Sequence[Any] = (),
        *,
        message_id: int | None = None,
        now: datetime | None = None,
        event: Mapping[str, Any] | None = None,
    ) -> int:
        """Open a table in a channel; StorageError if the channel has an open table.
        ``event``: the table belongs to an event, with these marks (JSON, 012)."""
        created = to_epoch(now)
        async with self._transaction(f"open table in channel {channel_id}") as conn:
            existing = await _all(
                conn, "SELECT id FROM tables WHERE channel_id = ? AND status = 'open'", (channel_id,)
            )
            if existing:
                raise StorageError(f"channel {channel_id} already has an open table ({existing[0][0]})")
            # the event column only for an event's table: an ordinary one opens on an older schema too
            extra, values = ("", ()) if event is None else (", event", (dumps(dict(event)),))
            rows = await _all(
                conn,
                f"INSERT INTO tables (channel_id, guild_id, host_id, message_id, status, created_at{extra})"
                f" VALUES (?, ?, ?, ?, 'open', ?{', ?' * len(values)}) RETURNING id",
                (channel_id, guild_id, host_id, message_id, created, *values),
            )
            table_id = int(rows[0][0])
            await _replace_seats(conn, table_id, [as_seat(i, s) for i, s in enumerate(seats)], created)
        return table_id

    async def close_table(self, table_id: int, *, now: datetime | None = None) -> None:
        """Close a table; a game still running there is aborted with it."""
        ended = to_epoch(now)
        async with self._transaction(f"close table {table_id}") as conn:
            cur = await conn.execute(
                "UPDATE tables SET status = 'closed', closed_at = ? WHERE id = ? AND status = 'open'",
                (ended, table_id),
            )
            if cur.rowcount == 0:
                raise StorageError(f"table {table_id} does not exist or is already closed")
            await conn.execute(
                "UPDATE games SET status = 'aborted' WHERE table_id = ? AND status = 'running'",
                (table_id,),
            )

    async def set_seats(
        self,
        table_id: int,
        seats: Sequence[Any],
        host_id: int | None = None,
        *,
        now: datetime | None = None,
    ) -> None:
        """Replace the table's seats (list position is the seat number) and,
        if given, the host (who may leave and hand the table over)."""
        normalized = [as_seat(i, s) for i, s in enumerate(seats)]
        async with self._transaction(f"set seats of table {table_id}") as conn:
            await _require_open_table(conn, table_id)
            await _replace_seats(conn, table_id, normalized, to_epoch(now))
            if host_id is not None:
                await conn.execute("UPDATE tables SET host_id = ? WHERE id = ?", (host_id, table_id))

    async def set_message_id(self, table_id: int, message_id: int | None) -> None:
        """Remember the table's current public message (edited in place after restarts)."""
        async with self._transaction(f"set message of table {table_id}") as conn:
            cur = await conn.execute(
                "UPDATE tables SET message_id = ? WHERE id = ?", (message_id, table_id)
            )
            if cur.rowcount == 0:
                raise StorageError(f"table {table_id} does not exist")

    async def set_waiting(self, table_id: int, waiting: Sequence[Any]) -> None:
        """The people waiting for a seat at an open table, in order."""
        people = [_player_dict(as_seat(i, s)) for i, s in enumerate(waiting)]
        async with self._transaction(f"set waiting list of table {table_id}") as conn:
            await _require_open_table(conn, table_id)
            await conn.execute("UPDATE tables SET waiting = ? WHERE id = ?", (dumps(people), table_id))

    async def set_table_event(self, table_id: int, event: Mapping[str, Any]) -> None:
        """The marks of an open table of an event (time limit, held), as JSON (012)."""
        async with self._transaction(f"set event marks of table {table_id}") as conn:
            await _require_open_table(conn, table_id)
            await conn.execute("UPDATE tables SET event = ? WHERE id = ?", (dumps(dict(event)), table_id))

    async def set_turn(self, table_id: int, turn: Mapping[str, Any]) -> None:
        """The turn timer (deadline) and who a computer plays for, as JSON."""
        async with self._transaction(f"set turn of table {table_id}") as conn:
            await _require_open_table(conn, table_id)
            await conn.execute("UPDATE tables SET turn = ? WHERE id = ?", (dumps(dict(turn)), table_id))

    async def last_table_in(self, channel_id: int) -> TableInfo | None:
        """The channel's newest table, open or closed."""
        async with self._transaction(f"read last table of channel {channel_id}", write=False) as conn:
            tables = await _tables(conn, "channel_id = ?", (channel_id,))
        return tables[-1] if tables else None

    async def channel_known(self, channel_id: int) -> bool:
        """Whether a table was ever opened in the channel."""
        async with self._statement(f"look up channel {channel_id}") as conn:
            return bool(await _all(conn, "SELECT 1 FROM tables WHERE channel_id = ? LIMIT 1", (channel_id,)))

    async def open_tables(self) -> list[TableInfo]:
        """All open tables with their seats: what the bot restores at start-up."""
        async with self._transaction("read open tables", write=False) as conn:
            return await _tables(conn, "status = 'open'", ())


_USER_COLUMNS = ("language", "deck")


def _check_language(language: Any) -> None:
    if language is not KEEP and language is not None and language not in LANGUAGES:
        raise StorageError(f"language must be one of {', '.join(LANGUAGES)} or None, not {language!r}")


def _check_deck(deck: Any) -> None:
    if deck is not KEEP and deck is not None and deck not in DECKS:
        raise StorageError(f"deck must be one of {', '.join(DECKS)} or None, not {deck!r}")


async def _read_settings(conn: aiosqlite.Connection, channel_id: int) -> ChannelSettings:
    rows = await _all(
        conn,
        "SELECT preset, overrides, language, table_settings, images, deck FROM channel_settings WHERE channel_id = ?",
        (channel_id,),
    )
    if not rows:
        return ChannelSettings(channel_id)
    preset, overrides, language, table_settings, images, deck = rows[0]
    return ChannelSettings(
        channel_id, preset, json.loads(overrides), language, json.loads(table_settings),
        None if images is None else bool(images), deck,
    )


async def _require_open_table(conn: aiosqlite.Connection, table_id: int) -> tuple[Any, ...]:
    rows = await _all(conn, "SELECT channel_id, status FROM tables WHERE id = ?", (table_id,))
    if not rows:
        raise StorageError(f"table {table_id} does not exist")
    if rows[0][1] != "open":
        raise StorageError(f"table {table_id} is closed")
    return tuple(rows[0])


async def _replace_seats(conn: aiosqlite.Connection, table_id: int, seats: Sequence[Seat], now: int) -> None:
    await conn.execute("DELETE FROM seats WHERE table_id = ?", (table_id,))
    if not seats:  # nothing to insert (and no statement for an older schema to refuse)
        return
    await conn.executemany(
        "INSERT INTO seats (table_id, seat, user_id, name, is_bot, level) VALUES (?, ?, ?, ?, ?, ?)",
        [(table_id, s.seat, s.user_id, s.name, int(s.is_bot), s.level) for s in seats],
    )
    await upsert_players(conn, seats, now)


async def _tables(conn: aiosqlite.Connection, where: str, params: tuple[Any, ...]) -> list[TableInfo]:
    # `where` is one of the fixed clauses above, never user input.
    rows = await _all(conn, f"SELECT {_TABLE_COLUMNS} FROM tables WHERE {where} ORDER BY id", params)
    out = []
    for row in rows:
        seats = await table_seats(conn, row[0])
        waiting = [as_seat(i, p) for i, p in enumerate(json.loads(row[7]))]
        out.append(TableInfo(row[0], row[1], row[2], row[3], row[4], row[5], from_epoch(row[6]), seats,
                             waiting, json.loads(row[8]), None if row[9] is None else json.loads(row[9])))
    return out


def _player_dict(seat: Seat) -> dict[str, Any]:
    return {"user_id": seat.user_id, "name": seat.name, "is_bot": seat.is_bot}


async def table_seats(conn: aiosqlite.Connection, table_id: int) -> list[Seat]:
    rows = await _all(
        conn, "SELECT seat, user_id, name, is_bot, level FROM seats WHERE table_id = ? ORDER BY seat", (table_id,)
    )
    return [Seat(r[0], r[1], r[2], bool(r[3]), r[4]) for r in rows]
