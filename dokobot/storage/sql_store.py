"""``SqlStore``: the table layer's ``TableStore`` on top of ``dokobot.storage``'s ``Database``,
SQLite or PostgreSQL alike (one set of SQL; ``postgres.py`` is the dialect layer).

A thin mapping: every call is one committed storage call, so an action is
on disk before the bot answers the click that made it. Every storage error
leaves as the table layer's ``StoreError`` (one error type per boundary).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any

from dokobot.engine import GameResult
from dokobot.engine.actions import Move
from dokobot.storage import Database
from dokobot.storage.errors import StorageError
from dokobot.storage.models import SheetWindow
from dokobot.storage.rating import level_of
from dokobot.storage.tables import as_seat
from dokobot.table.event.standings import GameRow
from dokobot.table.event.state import EventState
from dokobot.table.event.store import EventTable, StoredEvent
from dokobot.table.restore import bock_factors
from dokobot.table.scores import BookedRecord, Leaderboard, Rating, RatingRow, Statistics
from dokobot.table.sheet import Sheet, build_sheet, with_start
from dokobot.table.store import (
    ChannelPrefs,
    EventMarks,
    OpenHand,
    SeatInfo,
    StoredGame,
    StoredTable,
    StoreError,
    TableSettings,
    TurnState,
)


@contextmanager
def _store_errors() -> Iterator[None]:
    """Storage errors (and a value the database cannot hold) as ``StoreError``."""
    try:
        yield
    except (StorageError, ValueError, TypeError, KeyError) as exc:
        raise StoreError(str(exc)) from exc


def _seat(s: Any) -> SeatInfo:
    """A stored seat (a games row's JSON or a ``Seat``) as the table layer's; a computer's
    level as stored (a game from before version 11: ``rating.level_of`` reads its name)."""
    seat = as_seat(0, s)
    level = level_of({"level": seat.level, "name": seat.name}) if seat.is_bot else None
    return SeatInfo(seat.user_id if seat.user_id is not None else 0, seat.name, seat.is_bot, level)


def _stored(g: Any) -> StoredGame:
    """A storage ``GameInfo`` as the table layer's ``StoredGame``."""
    return StoredGame(
        g.game_id, g.table_id, g.number, dict(g.rules), [_seat(p) for p in g.players], g.dealer,
        [list(h) for h in g.hands], [dict(a) for a in g.actions],
        None if g.result is None else GameResult.from_dict(g.result),
        dict(g.points) if g.status == "finished" else None, g.status == "aborted", g.bock,
    )


def _table(t: Any) -> StoredTable:
    return StoredTable(
        t.id, t.channel_id, t.guild_id, t.host_id, [_seat(s) for s in t.seats], t.message_id,
        [_seat(s) for s in t.waiting], TurnState.from_dict(t.turn),
        None if t.event is None else EventMarks.from_dict(t.event),
    )


def _page(w: SheetWindow, size: int | None) -> Sheet:
    """A sheet window of the database as the table layer's sheet page."""
    page = with_start(build_sheet([_stored(g) for g in w.games], size), w.start)
    names: dict[int, str] = {}
    for key, *_ in sorted(w.sums, key=lambda r: r[4]):  # in order of first appearance
        names[key] = page.names.get(key) or w.names.get(key, "?")
    for key, name in page.names.items():  # seen only in a throw-in or sitting out
        names.setdefault(key, name)
    played = dict.fromkeys(names, 0)
    by_size: dict[int, dict[int, tuple[int, int]]] = {}
    for key, at, n, points, _ in sorted(w.sums, key=lambda r: list(names).index(r[0])):
        played[key] += n
        by_size.setdefault(at, {})[key] = (n, points)
    return replace(
        page, names=names, played=played, by_size=dict(sorted(by_size.items())),
        earlier=w.earlier, later=w.later, total=w.total,
    )


def _dicts(seats: list[SeatInfo]) -> list[dict[str, Any]]:
    return [{"user_id": s.user_id, "name": s.name, "is_bot": s.is_bot, "level": s.level} for s in seats]


class SqlStore:
    """The table layer's ``TableStore`` and ``ScoreBook`` (``dokobot.table.scores``)."""

    ranks = True  # leaderboards and statistics: the database keeps them

    def __init__(self, db: Database) -> None:
        self.db = db

    @classmethod
    async def open(cls, path: str | Path) -> SqlStore:
        with _store_errors():
            return cls(await Database.open(path))

    async def close(self) -> None:
        await self.db.close()

    async def open_table(self, channel_id: int, guild_id: int | None, host_id: int, seats: list[SeatInfo],
                         event: EventMarks | None = None) -> int:
        with _store_errors():
            return await self.db.open_table(channel_id, guild_id, host_id, _dicts(seats),
                                            event=None if event is None else event.to_dict())

    async def set_event_marks(self, table_id: int, marks: EventMarks) -> None:
        with _store_errors():
            await self.db.set_table_event(table_id, marks.to_dict())

    async def set_seats(self, table_id: int, seats: list[SeatInfo], host_id: int) -> None:
        with _store_errors():
            await self.db.set_seats(table_id, _dicts(seats), host_id)

    async def set_message_id(self, table_id: int, message_id: int | None) -> None:
        with _store_errors():
            await self.db.set_message_id(table_id, message_id)

    async def close_table(self, table_id: int) -> None:
        with _store_errors():
            await self.db.close_table(table_id)

    async def create_game(
        self, table_id: int, number: int, rules: dict[str, Any], players: list[SeatInfo],
        dealer: int, hands: list[list[str]],
    ) -> int:
        with _store_errors():
            return await self.db.create_game(table_id, rules, _dicts(players), dealer, hands, number=number)

    async def append_action(self, game_id: int, idx: int, action: dict[str, Any]) -> None:
        with _store_errors():
            await self.db.append_action(game_id, idx, action)

    async def finish_game(
        self, game_id: int, result: GameResult, points: Sequence[int], moves: Sequence[tuple[int, Move]],
        last: tuple[int, dict[str, Any]] | None = None, rules: dict[str, Any] | None = None, bock: int = 1,
    ) -> None:
        with _store_errors():
            await self.db.finish_game(game_id, result, points, moves, last=last, rules=rules, bock=bock)

    async def abort_game(self, game_id: int) -> None:
        with _store_errors():
            await self.db.abort_game(game_id)

    async def open_tables(self) -> list[StoredTable]:
        with _store_errors():
            return [_table(t) for t in await self.db.open_tables()]

    async def set_game_players(self, game_id: int, players: list[SeatInfo]) -> None:
        with _store_errors():
            await self.db.set_game_players(game_id, _dicts(players))

    async def set_waiting(self, table_id: int, waiting: list[SeatInfo]) -> None:
        with _store_errors():
            await self.db.set_waiting(table_id, _dicts(waiting))

    async def set_turn(self, table_id: int, turn: TurnState) -> None:
        with _store_errors():
            await self.db.set_turn(table_id, turn.to_dict())

    async def last_table(self, channel_id: int) -> StoredTable | None:
        with _store_errors():
            t = await self.db.last_table_in(channel_id)
            return None if t is None else _table(t)

    async def running_games(self) -> list[StoredGame]:
        with _store_errors():
            return [
                StoredGame(
                    g.game_id, g.table_id, g.number, dict(g.rules), [_seat(p) for p in g.players],
                    g.dealer, [list(h) for h in g.hands], [dict(a) for a in g.actions],
                )
                for g in await self.db.unfinished_games()
            ]

    async def last_game_number(self, table_id: int) -> int:
        with _store_errors():
            return await self.db.last_game_number(table_id)

    async def last_game(self, table_id: int) -> StoredGame | None:
        with _store_errors():
            g = await self.db.last_game(table_id)
            return None if g is None else _stored(g)

    async def finished_games(self, table_id: int) -> list[StoredGame]:
        with _store_errors():
            return [_stored(g) for g in await self.db.table_games(table_id)]

    async def sheet_page(
        self, table_id: int, size: int | None = None, before: int | None = None, limit: int = 20,
        *, after: int | None = None,
    ) -> Sheet:
        """A page of the Spielliste (the ``limit`` newest games before ``before``, or the
        oldest after ``after``) at a cost independent of the table's history; totals
        and counts over all of it. A table with games from before the Bock factor was
        stored is replayed once and its factors kept (then never again)."""
        with _store_errors():
            w = await self.db.sheet_window(table_id, size=size, before=before, after=after, limit=limit)
            if w.bock_missing:
                await self.db.set_bock(bock_factors(await self.finished_games(table_id)))
                w = await self.db.sheet_window(table_id, size=size, before=before, after=after, limit=limit)
        return _page(w, size)

    async def totals(self, table_id: int) -> dict[int, int]:
        with _store_errors():
            return dict((await self.db.score_sheet(table_id)).totals)


    async def channel_prefs(self, channel_id: int) -> ChannelPrefs:
        with _store_errors():
            # None = never set here: the bot's configured default applies.
            s = await self.db.get_settings(channel_id)
            return ChannelPrefs(
                s.preset, dict(s.overrides), s.language, TableSettings.from_dict(s.table_settings),
                s.images is not False, s.deck,
            )

    async def set_channel_prefs(self, channel_id: int, prefs: ChannelPrefs) -> None:
        with _store_errors():
            await self.db.set_settings(
                channel_id, preset=prefs.preset, overrides=dict(prefs.overrides), language=prefs.language,
                table_settings=prefs.settings.to_dict(),
                images=None if prefs.images else False, deck=prefs.deck,
            )

    async def user_language(self, user_id: int) -> str | None:
        with _store_errors():
            return await self.db.get_user_language(user_id)

    async def set_user_language(self, user_id: int, language: str | None) -> None:
        with _store_errors():
            await self.db.set_user_language(user_id, language)

    async def bot_state(self, key: str) -> str | None:
        with _store_errors():
            return await self.db.get_bot_state(key)

    async def set_bot_state(self, key: str, value: str) -> None:
        with _store_errors():
            await self.db.set_bot_state(key, value)

    async def bot_states(self, prefix: str) -> dict[str, str]:
        with _store_errors():
            return await self.db.bot_states(prefix)

    async def drop_bot_state(self, key: str) -> None:
        with _store_errors():
            await self.db.drop_bot_state(key)

    async def keep_hand(self, hand: OpenHand) -> None:
        with _store_errors():
            await self.db.keep_hand(hand)

    async def forget_hand(self, table_id: int, user_id: int) -> None:
        with _store_errors():
            await self.db.forget_hand(table_id, user_id)

    async def take_hands(self, table_id: int) -> list[OpenHand]:
        with _store_errors():
            return await self.db.take_hands(table_id)

    async def user_deck(self, user_id: int) -> str | None:
        with _store_errors():
            return await self.db.get_user_deck(user_id)

    async def set_user_deck(self, user_id: int, deck: str | None) -> None:
        with _store_errors():
            await self.db.set_user_deck(user_id, deck)

    async def save_analysis(self, game_id: int, data: dict[str, Any]) -> None:
        with _store_errors():
            await self.db.save_analysis(game_id, data)

    async def analysis(self, game_id: int) -> dict[str, Any] | None:
        with _store_errors():
            return await self.db.analysis(game_id)

    async def add_hint(self, game_id: int, user_id: int) -> int:
        with _store_errors():
            return await self.db.add_hint(game_id, user_id)

    async def hints(self, game_ids: Sequence[int]) -> dict[int, dict[int, int]]:
        with _store_errors():
            return await self.db.hints(game_ids)

    async def leaderboard(
        self, channel_id: int, period: str = "alle", order: str = "punkte", *, limit: int = 10,
        offset: int = 0, size: int | None = None,
    ) -> Leaderboard:
        with _store_errors():
            return await self.db.leaderboard(channel_id, period, order, limit=limit, offset=offset, size=size)

    async def statistics(self, channel_id: int, user_id: int, size: int | None = None) -> Statistics:
        with _store_errors():
            return await self.db.statistics(channel_id, user_id, size=size)

    async def ratings(self, channel_id: int) -> list[RatingRow]:
        with _store_errors():
            return await self.db.ratings(channel_id)

    async def rating_history(self, channel_id: int, user_id: int) -> list[Rating]:
        with _store_errors():
            return await self.db.rating_history(channel_id, user_id)

    async def booked_record(self, channel_id: int, number: int | None = None) -> BookedRecord | None:
        with _store_errors():
            game_id = await self.db.find_game(channel_id, number)
            if game_id is None:
                return None
            record = await self.db.game_record(game_id)
            info = await self.db.game_info(game_id)
        return BookedRecord(info.number, tuple(str(p.get("name", "?")) for p in info.players), record)

    # ---- events (``dokobot.table.event.store.EventStore``; ``storage.events``) ----------

    async def create_event(self, guild_id: int | None, channel_id: int, state: EventState, created_at: float,
                           starts_at: float | None = None) -> StoredEvent:
        with _store_errors():
            return await self.db.create_event(guild_id, channel_id, state, created_at, starts_at)

    async def save_event(self, event_id: int, state: EventState, before: EventState | None = None) -> None:
        with _store_errors():
            await self.db.save_event(event_id, state, before)

    async def set_event_message(self, event_id: int, message_id: int | None) -> None:
        with _store_errors():
            await self.db.set_event_column(event_id, "message_id", message_id)

    async def set_event_scheduled(self, event_id: int, scheduled_id: int | None) -> None:
        with _store_errors():
            await self.db.set_event_column(event_id, "scheduled_id", scheduled_id)

    async def set_event_reminded(self, event_id: int) -> None:
        with _store_errors():
            await self.db.set_event_column(event_id, "reminded", 1)

    async def event(self, event_id: int) -> StoredEvent | None:
        with _store_errors():
            return await self.db.event(event_id)

    async def channel_events(self, channel_id: int) -> list[StoredEvent]:
        with _store_errors():
            return await self.db.channel_events(channel_id)

    async def running_events(self) -> list[StoredEvent]:
        with _store_errors():
            return await self.db.running_events()

    async def save_event_table(self, table: EventTable) -> None:
        with _store_errors():
            await self.db.save_event_table(table)

    async def event_tables(self, event_id: int) -> list[EventTable]:
        with _store_errors():
            return await self.db.event_tables(event_id)

    async def event_rows(self, event_id: int) -> list[GameRow]:
        with _store_errors():
            return await self.db.event_rows(event_id)
