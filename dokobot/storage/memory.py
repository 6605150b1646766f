"""``MemoryStore``: the table layer's ``TableStore`` in dicts (tests, development)."""

from __future__ import annotations

import copy
import itertools
from typing import Any

from dokobot.engine import GameResult
from dokobot.storage.rating import Rating, rate
from dokobot.table.sheet import Sheet, build_sheet, page_of
from dokobot.table.store import (
    ChannelPrefs,
    OpenHand,
    SeatInfo,
    StoredGame,
    StoredTable,
    StoreError,
    TurnState,
)


class MemoryStore:
    """A ``TableStore`` in dicts; one instance can outlive a bot (restart tests)."""

    def __init__(self) -> None:
        self._ids = itertools.count(1)
        self.tables: dict[int, StoredTable] = {}
        self.closed: set[int] = set()
        self.games: dict[int, StoredGame] = {}
        self.prefs: dict[int, ChannelPrefs] = {}
        self.user_langs: dict[int, str] = {}
        self.user_decks: dict[int, str] = {}
        self.state: dict[str, str] = {}  # bot_state
        self.ratings: dict[int, dict[int, Rating]] = {}  # channel -> rating key -> rating
        self.rating_log: list[tuple[int, int, Rating]] = []  # (game id, key, rating after it)
        self.analyses: dict[int, dict[str, Any]] = {}
        self.hint_counts: dict[int, dict[int, int]] = {}
        self.open_hands: dict[tuple[int, int], OpenHand] = {}  # (table id, user id) -> hand

    async def open_table(self, channel_id: int, guild_id: int | None, host_id: int, seats: list[SeatInfo]) -> int:
        if any(t.channel_id == channel_id for tid, t in self.tables.items() if tid not in self.closed):
            raise StoreError("table already open in channel")
        table_id = next(self._ids)
        self.tables[table_id] = StoredTable(table_id, channel_id, guild_id, host_id, list(seats))
        return table_id

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
        self, game_id: int, result: GameResult, scores: dict[int, int],
        last: tuple[int, dict[str, Any]] | None = None, rules: dict[str, Any] | None = None,
    ) -> None:
        game = self._running(game_id)
        if last is not None:  # checked before anything changes: all or nothing
            await self.append_action(game_id, *last)
        if rules is not None:
            game.rules = copy.deepcopy(rules)
        game.result = result  # immutable
        game.scores = dict(scores)
        self._rate(game)

    def _rate(self, game: StoredGame) -> None:
        """The channel rating, as ``storage.learn.rate_game`` does it in the database."""
        channel = self.ratings.setdefault(self.tables[game.table_id].channel_id, {})
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

    async def hints(self, game_ids: list[int]) -> dict[int, dict[int, int]]:
        return {g: dict(self.hint_counts[g]) for g in game_ids if g in self.hint_counts}
