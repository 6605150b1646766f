"""``MemoryStore``: the table layer's ``TableStore`` in dicts (tests, development)."""

from __future__ import annotations

import copy
import dataclasses
import itertools
from collections.abc import Sequence
from typing import Any

from dokobot.engine import GameResult
from dokobot.engine.actions import Move
from dokobot.storage.games import RECORD_FORMAT
from dokobot.storage.rating import Rating, bot_keys, rate, rating_key
from dokobot.table.event import codec
from dokobot.table.event.standings import GameRow, rows_of
from dokobot.table.event.state import EventState
from dokobot.table.event.store import EventTable, StoredEvent
from dokobot.table.scores import BookedRecord, Leaderboard, RatingRow, Statistics
from dokobot.table.sheet import Sheet, build_sheet, page_of
from dokobot.table.store import (
    ChannelPrefs,
    EventMarks,
    OpenHand,
    SeatInfo,
    StoredGame,
    StoredTable,
    StoreError,
    TurnState,
)


class MemoryStore:
    """A ``TableStore`` and ``ScoreBook`` in dicts; one instance can outlive a bot (restart
    tests). It keeps the rating but no leaderboards or statistics (``ranks``)."""

    ranks = False

    def __init__(self) -> None:
        self._ids = itertools.count(1)
        self.tables: dict[int, StoredTable] = {}
        self.closed: set[int] = set()
        self.games: dict[int, StoredGame] = {}
        self.prefs: dict[int, ChannelPrefs] = {}
        self.user_langs: dict[int, str] = {}
        self.user_decks: dict[int, str] = {}
        self.state: dict[str, str] = {}  # bot_state
        self.rated: dict[int, dict[int, Rating]] = {}  # channel -> rating key -> rating
        self.rating_log: list[tuple[int, int, Rating]] = []  # (game id, key, rating after it)
        self.analyses: dict[int, dict[str, Any]] = {}
        self.hint_counts: dict[int, dict[int, int]] = {}
        self.open_hands: dict[tuple[int, int], OpenHand] = {}  # (table id, user id) -> hand
        self.events: dict[int, StoredEvent] = {}  # the state kept as the SQL stores keep it: JSON
        self.event_json: dict[int, str] = {}
        self.event_table_rows: dict[tuple[int, int, int], EventTable] = {}  # (event, round, table)

    async def close(self) -> None:
        """Nothing to close: the dicts go with the object."""

    async def open_table(self, channel_id: int, guild_id: int | None, host_id: int, seats: list[SeatInfo],
                         event: EventMarks | None = None) -> int:
        if any(t.channel_id == channel_id for tid, t in self.tables.items() if tid not in self.closed):
            raise StoreError("table already open in channel")
        table_id = next(self._ids)
        self.tables[table_id] = StoredTable(table_id, channel_id, guild_id, host_id, list(seats), event=event)
        return table_id

    async def set_event_marks(self, table_id: int, marks: EventMarks) -> None:
        self._open(table_id).event = marks  # immutable

    async def set_seats(self, table_id: int, seats: list[SeatInfo], host_id: int) -> None:
        if table_id not in self.tables or table_id in self.closed:
            raise StoreError(f"table {table_id} is not open")
        self.tables[table_id].seats = list(seats)
        self.tables[table_id].host_id = host_id

    async def set_message_id(self, table_id: int, message_id: int | None) -> None:
        self.tables[table_id].message_id = message_id

    async def close_table(self, table_id: int) -> None:
        if table_id not in self.tables or table_id in self.closed:
            raise StoreError(f"table {table_id} is not open")
        self.closed.add(table_id)
        for game in self.games.values():
            if game.table_id == table_id and game.result is None:
                game.aborted = True

    async def create_game(
        self, table_id: int, number: int, rules: dict[str, Any], players: list[SeatInfo],
        dealer: int, hands: list[list[str]],
    ) -> int:
        if table_id not in self.tables or table_id in self.closed:
            raise StoreError(f"table {table_id} is not open")
        for g in self.games.values():
            if g.table_id == table_id and (g.number == number or (g.result is None and not g.aborted)):
                raise StoreError(f"table {table_id} already has game {g.number}")
        game_id = next(self._ids)
        self.games[game_id] = StoredGame(
            game_id, table_id, number, copy.deepcopy(rules), list(players), dealer, copy.deepcopy(hands)
        )
        return game_id

    def _running(self, game_id: int) -> StoredGame:
        game = self.games.get(game_id)
        if game is None or game.result is not None or game.aborted:
            raise StoreError(f"game {game_id} is not running")
        return game

    async def append_action(self, game_id: int, idx: int, action: dict[str, Any]) -> None:
        game = self._running(game_id)
        if idx != len(game.actions):
            raise StoreError(f"action index {idx} out of order")
        game.actions.append(copy.deepcopy(action))

    async def finish_game(
        self, game_id: int, result: GameResult, points: Sequence[int], moves: Sequence[tuple[int, Move]],
        last: tuple[int, dict[str, Any]] | None = None, rules: dict[str, Any] | None = None, bock: int = 1,
    ) -> None:
        game = self._running(game_id)
        if len(points) != len(game.players):
            raise StoreError(f"game {game_id} has {len(game.players)} seats, not {len(points)} points")
        if last is not None:  # checked before anything changes: all or nothing
            await self.append_action(game_id, *last)
        if rules is not None:
            game.rules = copy.deepcopy(rules)
        game.result = result  # immutable
        game.scores = {p.user_id: int(v) for p, v in zip(game.players, points, strict=True)}
        game.bock = bock
        self._rate(game)

    def _rate(self, game: StoredGame) -> None:
        """The channel rating, as ``storage.learn.rate_game`` does it in the database."""
        channel = self.rated.setdefault(self.tables[game.table_id].channel_id, {})
        players = [{"user_id": p.user_id, "name": p.name, "is_bot": p.is_bot} for p in game.players]
        assert game.result is not None
        new = rate(channel, players, game.hands, game.result.to_dict())
        channel.update(new)
        self.rating_log += [(game.game_id, k, new[k]) for k in sorted(new)]

    async def abort_game(self, game_id: int) -> None:
        self._running(game_id).aborted = True

    async def set_game_players(self, game_id: int, players: list[SeatInfo]) -> None:
        game = self._running(game_id)
        if len(players) != len(game.players):
            raise StoreError(f"game {game_id} has {len(game.players)} seats")
        game.players = list(players)

    def _open(self, table_id: int) -> StoredTable:
        if table_id not in self.tables or table_id in self.closed:
            raise StoreError(f"table {table_id} is not open")
        return self.tables[table_id]

    async def set_waiting(self, table_id: int, waiting: list[SeatInfo]) -> None:
        self._open(table_id).waiting = list(waiting)

    async def set_turn(self, table_id: int, turn: TurnState) -> None:
        self._open(table_id).turn = turn  # immutable

    async def last_table(self, channel_id: int) -> StoredTable | None:
        tables = [t for t in self.tables.values() if t.channel_id == channel_id]
        return copy.deepcopy(max(tables, key=lambda t: t.table_id)) if tables else None

    async def open_tables(self) -> list[StoredTable]:
        return [copy.deepcopy(t) for tid, t in self.tables.items() if tid not in self.closed]

    async def running_games(self) -> list[StoredGame]:
        return [
            copy.deepcopy(g) for g in self.games.values()
            if g.result is None and not g.aborted and g.table_id not in self.closed
        ]

    async def last_game_number(self, table_id: int) -> int:
        return max((g.number for g in self.games.values() if g.table_id == table_id), default=0)

    async def last_game(self, table_id: int) -> StoredGame | None:
        games = [g for g in self.games.values() if g.table_id == table_id]
        return copy.deepcopy(max(games, key=lambda g: g.number)) if games else None

    async def finished_games(self, table_id: int) -> list[StoredGame]:
        """The table's finished games (redeals included), in game-number order."""
        games = [g for g in self.games.values() if g.table_id == table_id and g.result is not None]
        return [copy.deepcopy(g) for g in sorted(games, key=lambda g: g.number)]

    async def sheet_page(
        self, table_id: int, size: int | None = None, before: int | None = None, limit: int = 20,
        *, after: int | None = None,
    ) -> Sheet:
        """A page of the Spielliste, as ``SqlStore.sheet_page`` (here from every game: memory is small)."""
        return page_of(build_sheet(await self.finished_games(table_id), size), before, limit, after=after)

    async def totals(self, table_id: int) -> dict[int, int]:
        out: dict[int, int] = {}
        for g in sorted(self.games.values(), key=lambda g: g.number):
            if g.table_id == table_id and g.scores:
                for user_id, points in g.scores.items():
                    out[user_id] = out.get(user_id, 0) + points
        return out

    async def channel_prefs(self, channel_id: int) -> ChannelPrefs:
        return self.prefs.get(channel_id, ChannelPrefs())

    async def set_channel_prefs(self, channel_id: int, prefs: ChannelPrefs) -> None:
        self.prefs[channel_id] = prefs

    async def user_language(self, user_id: int) -> str | None:
        return self.user_langs.get(user_id)

    async def set_user_language(self, user_id: int, language: str | None) -> None:
        if language is None:
            self.user_langs.pop(user_id, None)
        else:
            self.user_langs[user_id] = language

    async def bot_state(self, key: str) -> str | None:
        return self.state.get(key)

    async def set_bot_state(self, key: str, value: str) -> None:
        self.state[key] = value

    async def bot_states(self, prefix: str) -> dict[str, str]:
        return {k: v for k, v in sorted(self.state.items()) if k.startswith(prefix)}

    async def drop_bot_state(self, key: str) -> None:
        self.state.pop(key, None)

    async def keep_hand(self, hand: OpenHand) -> None:
        self.open_hands[hand.table_id, hand.user_id] = hand

    async def forget_hand(self, table_id: int, user_id: int) -> None:
        self.open_hands.pop((table_id, user_id), None)

    async def take_hands(self, table_id: int) -> list[OpenHand]:
        keys = sorted(k for k in self.open_hands if k[0] == table_id)
        return [self.open_hands.pop(k) for k in keys]

    async def user_deck(self, user_id: int) -> str | None:
        return self.user_decks.get(user_id)

    async def set_user_deck(self, user_id: int, deck: str | None) -> None:
        if deck is None:
            self.user_decks.pop(user_id, None)
        else:
            self.user_decks[user_id] = deck

    async def save_analysis(self, game_id: int, data: dict[str, Any]) -> None:
        if game_id not in self.games:
            raise StoreError(f"game {game_id} does not exist")
        self.analyses[game_id] = copy.deepcopy(data)

    async def analysis(self, game_id: int) -> dict[str, Any] | None:
        data = self.analyses.get(game_id)
        return None if data is None else copy.deepcopy(data)

    async def add_hint(self, game_id: int, user_id: int) -> int:
        if game_id not in self.games:
            raise StoreError(f"game {game_id} does not exist")
        counts = self.hint_counts.setdefault(game_id, {})
        counts[user_id] = counts.get(user_id, 0) + 1
        return counts[user_id]

    async def hints(self, game_ids: Sequence[int]) -> dict[int, dict[int, int]]:
        return {g: dict(self.hint_counts[g]) for g in game_ids if g in self.hint_counts}

    async def leaderboard(
        self, channel_id: int, period: str = "alle", order: str = "punkte", *, limit: int = 10,
        offset: int = 0, size: int | None = None,
    ) -> Leaderboard:
        raise StoreError("the memory store keeps no leaderboards")

    async def statistics(self, channel_id: int, user_id: int, size: int | None = None) -> Statistics:
        raise StoreError("the memory store keeps no statistics")

    def _channel_games(self, channel_id: int) -> list[StoredGame]:
        return [g for g in self.games.values() if self.tables[g.table_id].channel_id == channel_id]

    async def ratings(self, channel_id: int) -> list[RatingRow]:
        """As ``LearnRepo.ratings``: people under their latest name, computers under their level's."""
        names: dict[int, str] = {}
        bots: dict[int, str] = {}
        for g in sorted(self._channel_games(channel_id), key=lambda g: g.game_id):
            seats = [{"user_id": p.user_id, "name": p.name, "is_bot": p.is_bot} for p in g.players]
            names.update({rating_key(p): str(p["name"]) for p in seats if not p["is_bot"]})
            bots.update(bot_keys(seats))
        rows = [RatingRow(key, bots.get(key) or names.get(key, str(key)), key in bots, r)
                for key, r in self.rated.get(channel_id, {}).items()]
        return sorted(rows, key=lambda r: (-r.rating.ordinal, r.name.casefold(), r.user_id))

    async def rating_history(self, channel_id: int, user_id: int) -> list[Rating]:
        return [Rating(r.mu, r.sigma) for game_id, key, r in self.rating_log
                if key == user_id and self.tables[self.games[game_id].table_id].channel_id == channel_id][-200:]

    async def booked_record(self, channel_id: int, number: int | None = None) -> BookedRecord | None:
        tables = [t for t in self.tables if self.tables[t].channel_id == channel_id]
        games = await self.finished_games(max(tables)) if tables else []
        found = [g for g in games if number is None or g.number == number]
        if not found:
            return None
        g = found[-1]
        names = tuple(p.name for p in g.players)
        record = {"format": RECORD_FORMAT, "rules": copy.deepcopy(g.rules), "players": list(names),
                  "dealer": g.dealer, "hands": copy.deepcopy(g.hands), "actions": copy.deepcopy(g.actions)}
        return BookedRecord(g.number, names, record)

    # ---- events (``dokobot.table.event.store.EventStore``) ------------------------------
    # The state goes through the codec as in the database, so a state the JSON cannot
    # hold fails here too, and every read is a fresh value.

    def _event_of(self, event_id: int) -> StoredEvent:
        found = self.events.get(event_id)
        if found is None:
            raise StoreError(f"event {event_id} does not exist")
        return found

    def _running_in(self, channel_id: int, other_than: int | None = None) -> None:
        for e in self.events.values():
            if e.channel_id == channel_id and e.event_id != other_than and e.state.phase != "ended":
                raise StoreError(f"channel {channel_id} already has a running event ({e.event_id})")

    def _read_event(self, event_id: int) -> StoredEvent:
        e = self.events[event_id]
        return dataclasses.replace(e, state=codec.loads(self.event_json[event_id]))

    async def create_event(self, guild_id: int | None, channel_id: int, state: EventState, created_at: float,
                           starts_at: float | None = None) -> StoredEvent:
        self._running_in(channel_id)
        event_id = next(self._ids)
        state = dataclasses.replace(state, event_id=event_id)
        text = _event_text(state)
        # whole seconds, as the database keeps them
        self.events[event_id] = StoredEvent(event_id, guild_id, channel_id, state, float(int(created_at)),
                                            None, None if starts_at is None else float(int(starts_at)))
        self.event_json[event_id] = text
        return self._read_event(event_id)

    async def save_event(self, event_id: int, state: EventState, before: EventState | None = None) -> None:
        e = self._event_of(event_id)
        if state.event_id != event_id:
            raise StoreError(f"event {event_id}: the state is event {state.event_id}'s")
        if before is not None and e.state != before:
            raise StoreError(f"event {event_id} was changed meanwhile (by another process)")
        if state.phase != "ended":
            self._running_in(e.channel_id, event_id)
        text = _event_text(state)
        self.events[event_id], self.event_json[event_id] = dataclasses.replace(e, state=state), text

    async def set_event_message(self, event_id: int, message_id: int | None) -> None:
        self.events[event_id] = dataclasses.replace(self._event_of(event_id), message_id=message_id)

    async def set_event_scheduled(self, event_id: int, scheduled_id: int | None) -> None:
        self.events[event_id] = dataclasses.replace(self._event_of(event_id), scheduled_id=scheduled_id)

    async def set_event_reminded(self, event_id: int) -> None:
        self.events[event_id] = dataclasses.replace(self._event_of(event_id), reminded=True)

    async def event(self, event_id: int) -> StoredEvent | None:
        return self._read_event(event_id) if event_id in self.events else None

    async def channel_events(self, channel_id: int) -> list[StoredEvent]:
        return [self._read_event(i) for i in sorted(self.events, reverse=True) if self.events[i].channel_id == channel_id]

    async def running_events(self) -> list[StoredEvent]:
        return [self._read_event(i) for i in sorted(self.events) if self.events[i].state.phase != "ended"]

    async def save_event_table(self, table: EventTable) -> None:
        self._event_of(table.event_id)
        if table.table_id is not None and table.table_id not in self.tables:
            raise StoreError(f"table {table.table_id} does not exist")
        self.event_table_rows[table.event_id, table.round, table.table] = table  # immutable

    async def event_tables(self, event_id: int) -> list[EventTable]:
        return [t for k, t in sorted(self.event_table_rows.items()) if k[0] == event_id]

    async def event_rows(self, event_id: int) -> list[GameRow]:
        out: list[GameRow] = []
        for t in await self.event_tables(event_id):
            for g in [] if t.table_id is None else await self.finished_games(t.table_id):
                assert g.result is not None
                out += rows_of(event_id, t.round, t.table, g.players, g.result, g.scores or {})
        return out


def _event_text(state: EventState) -> str:
    try:
        return codec.dumps(state)
    except (ValueError, TypeError) as exc:
        raise StoreError(f"event {state.event_id}: the state cannot be stored: {exc}") from exc
