"""The score book: what the bot reads back about finished games, and its values.

``ScoreBook`` is the read side beside the table's write port (``store.TableStore``):
the Spielliste page, leaderboards, a player's statistics, the channel rating,
a finished game's record, its analysis and the Tipps used. Every store
implements both (``MemoryStore``, ``SqlStore`` on SQLite or PostgreSQL, and
``ShardedStore`` forwarding to its ``SqlStore``); ``Store`` is the two together,
what the bot holds. The values are plain frozen dataclasses, the same from
every store; ``dokobot.storage`` re-exports them.

Errors: as ``TableStore``, a call that could not be done raises ``StoreError``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any, Protocol

from dokobot.table.event.store import EventStore
from dokobot.table.sheet import Sheet
from dokobot.table.store import TableStore

# OpenSkill's Plackett-Luce defaults (``storage.rating`` checks its model against them)
MU, SIGMA = 25.0, 25.0 / 3


@dataclass(frozen=True)
class SizeTotals:
    """A player's games of one table size (players who got cards: 4, 5 or 6).

    Points per game are comparable only within one size: a soloist wins 3x at
    1:3 but 5x at 1:5."""

    size: int
    games: int
    points: int
    wins: int

    @property
    def ppg(self) -> float:
        return self.points / self.games if self.games else 0.0


@dataclass(frozen=True)
class LeaderboardRow:
    rank: int  # 1-based; humans and computer players are ranked separately
    user_id: int
    name: str
    games: int
    points: int
    wins: int
    ppg: float  # raw points per game
    rating: float  # shrunk points per game, what order "ppg" ranks by
    is_bot: bool
    by_size: tuple[SizeTotals, ...] = ()  # the same games by table size, smallest first


@dataclass(frozen=True)
class Leaderboard:
    channel_id: int
    period: str
    order: str
    since: date | None  # first day of the period (local time), None for "alle"
    method: str  # how "ppg" ranks ("bayes"); the bot words it from k and prior_ppg
    k: int  # pseudo-games of the prior in the Bayesian average
    prior_ppg: float  # channel mean points per game in the period
    total: int  # human players in the period (for paging)
    rows: list[LeaderboardRow]  # humans, ordered, page [offset, offset + limit)
    bots: list[LeaderboardRow]  # computer players, ordered, all of them
    size: int | None = None  # the table size filtered on (None: every size)
    sizes: tuple[int, ...] = ()  # the table sizes of the games shown, ascending

    @property
    def mixed(self) -> bool:
        """Games of several sizes are summed: points per game only compare per size."""
        return len(self.sizes) > 1


@dataclass(frozen=True)
class Statistics:
    channel_id: int
    user_id: int
    name: str | None
    games: int
    points: int
    ppg: float
    re_games: int
    re_wins: int
    kontra_games: int
    kontra_wins: int
    soli: int
    soli_won: int
    hochzeiten: int
    stille_hochzeiten: int
    announcements: int
    announcements_won: int
    doppelkoepfe: int
    fuechse_caught: int
    fuechse_lost: int
    karlchen: int
    wins: int
    size: int | None = None  # the table size filtered on (None: every size)
    by_size: tuple[SizeTotals, ...] = ()  # the counted games by table size, smallest first

    @property
    def mixed(self) -> bool:
        return len(self.by_size) > 1


@dataclass(frozen=True)
class Rating:
    mu: float = MU
    sigma: float = SIGMA
    games: int = 0

    @property
    def ordinal(self) -> float:
        """What is shown and ranked: mu - 3 sigma (starts at 0, grows with games and wins)."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class RatingRow:
    user_id: int  # the rating key: a person, or a computer level
    name: str
    is_bot: bool
    rating: Rating


@dataclass(frozen=True)
class BookedRecord:
    """A finished game as ``/doko protokoll`` hands it out: the number its Spielliste
    shows, the players' names by seat and its ``dokobot-game/1`` record."""

    number: int
    names: tuple[str, ...]
    record: dict[str, Any]


class ScoreBook(Protocol):
    # Leaderboards and statistics are kept by the database stores only; a store
    # without them (the memory store) says so here, and /doko rangliste says so too.
    @property
    def ranks(self) -> bool: ...
    async def sheet_page(
        self, table_id: int, size: int | None = None, before: int | None = None, limit: int = 20,
        *, after: int | None = None,
    ) -> Sheet:
        """A page of the table's Spielliste: its ``limit`` newest games before number
        ``before`` (None: the newest), or with ``after`` its oldest after that one;
        totals and counts over all of it, each line with its stored Bock factor. The
        cost does not grow with the table's history (nothing is replayed)."""
        ...
    async def leaderboard(
        self, channel_id: int, period: str = "alle", order: str = "punkte", *, limit: int = 10,
        offset: int = 0, size: int | None = None,
    ) -> Leaderboard: ...
    async def statistics(self, channel_id: int, user_id: int, size: int | None = None) -> Statistics: ...
    async def ratings(self, channel_id: int) -> list[RatingRow]:
        """The channel's ratings, best first (a computer is rated per level)."""
        ...
    async def rating_history(self, channel_id: int, user_id: int) -> list[Rating]:
        """A player's rating after each of their last rated games, oldest first."""
        ...
    async def booked_record(self, channel_id: int, number: int | None = None) -> BookedRecord | None:
        """Finished game ``number`` of the channel's newest table (None: its last one)."""
        ...
    async def save_analysis(self, game_id: int, data: dict[str, Any]) -> None:
        """Keep the analysis of a finished game (``dokobot.players.analysis.analyse``)."""
        ...
    async def analysis(self, game_id: int) -> dict[str, Any] | None: ...
    async def add_hint(self, game_id: int, user_id: int) -> int:
        """Count one Tipp of ``user_id`` in the game; returns their count in it."""
        ...
    async def hints(self, game_ids: Sequence[int]) -> dict[int, dict[int, int]]:
        """game id -> user id -> Tipps used (the score sheet shows them)."""
        ...


class Store(TableStore, ScoreBook, EventStore, Protocol):
    """What the bot holds: the table's port, the score book and the events' store
    (``dokobot.table.event.store``), closed on shutdown."""

    async def close(self) -> None: ...
