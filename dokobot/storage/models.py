"""Plain data objects returned by the storage layer (no database handles inside)."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

# the score book's values are the table layer's: one vocabulary for every store
from dokobot.table.scores import Leaderboard, LeaderboardRow, SizeTotals, Statistics

__all__ = [
    "ChannelSettings", "GameInfo", "Leaderboard", "LeaderboardRow", "RunningGame", "ScoreSheet", "Seat",
    "SheetPlayer", "SheetRow", "SheetWindow", "SizeTotals", "Statistics", "TableInfo",
]


@dataclass(frozen=True)
class ChannelSettings:
    """A channel's choices; None means "not set, use the bot's default"."""

    channel_id: int
    preset: str | None = None
    overrides: dict[str, Any] = field(default_factory=dict)
    language: str | None = None
    table_settings: dict[str, Any] = field(default_factory=dict)  # turn_timeout, on_timeout, mentions
    images: bool | None = None  # pictures of the table (None: on)
    deck: str | None = None  # the deck pictures are drawn in (None: French)

    def rules_config(self, default_preset: str = "ddv") -> dict[str, Any]:
        """The dict ``RuleSet.from_config`` takes: preset plus overrides."""
        return {"preset": self.preset or default_preset, **self.overrides}


@dataclass(frozen=True)
class Seat:
    seat: int
    user_id: int | None
    name: str
    is_bot: bool = False
    level: str | None = None  # a computer's level (migration 011)


@dataclass(frozen=True)
class TableInfo:
    id: int
    channel_id: int
    guild_id: int | None
    host_id: int
    message_id: int | None
    status: str  # "open" | "closed"
    created_at: datetime
    seats: list[Seat] = field(default_factory=list)
    waiting: list[Seat] = field(default_factory=list)  # waiting for a seat, in order
    turn: dict[str, Any] = field(default_factory=dict)  # the table layer's TurnState as JSON
    event: dict[str, Any] | None = None  # a table of an event: the table layer's EventMarks as JSON (012)


@dataclass(frozen=True)
class RunningGame:
    """Everything needed to rebuild a running game by replaying its actions."""

    game_id: int
    table_id: int
    channel_id: int
    guild_id: int | None
    message_id: int | None  # the table's public message
    number: int  # game number within the table ("Spiel 7")
    rules: dict[str, Any]
    players: list[dict[str, Any]]  # [{user_id, name, is_bot}] by seat
    dealer: int
    hands: list[list[str]]
    actions: list[dict[str, Any]]  # in order; actions[i] was appended with idx i
    started_at: datetime
    seats: list[Seat]  # the table's current seats (may differ from players)


@dataclass(frozen=True)
class GameInfo:
    """One stored game of any status (running, finished, aborted)."""

    game_id: int
    table_id: int
    channel_id: int
    number: int  # game number within the table, as the Spielliste shows it
    status: str  # "running" | "finished" | "aborted"
    rules: dict[str, Any]
    players: list[dict[str, Any]]  # [{user_id, name, is_bot}] by seat
    dealer: int
    hands: list[list[str]]
    actions: list[dict[str, Any]]
    result: dict[str, Any] | None  # None unless finished
    points: dict[int, int]  # player key -> booked points (finished games only)
    bock: int | None = None  # the Bock factor it counted with (None: finished before version 10, or not yet)


@dataclass(frozen=True)
class SheetWindow:
    """One page of a table's Spielliste as the database sums it (``sheet_window``)."""

    games: list[GameInfo]  # the page's finished games, by number (without their actions: the sheet reads none)
    sums: list[tuple[int, int, int, int, int]]  # (player key, size, games, points, first game number)
    start: dict[int, int]  # player key -> points before the page's first game
    earlier: int  # finished games before the page (the size filter's, with one)
    later: int  # finished games after it
    total: int  # games of the whole sheet (throw-ins not counted)
    names: dict[int, str]  # player key -> latest name
    bock_missing: bool = False  # finished games of the table without a stored Bock factor (before version 10)


@dataclass(frozen=True)
class SheetPlayer:
    user_id: int
    name: str
    is_bot: bool


@dataclass(frozen=True)
class SheetRow:
    game_id: int
    number: int
    contract: str | None
    points: dict[int, int]  # user_id -> points of this game (0 when sitting out)
    totals: dict[int, int]  # user_id -> cumulative points after this game


@dataclass(frozen=True)
class ScoreSheet:
    """The Spielliste of one table: finished games in order, running totals."""

    table_id: int
    players: list[SheetPlayer]  # in order of first appearance at the table
    rows: list[SheetRow]

    @property
    def totals(self) -> dict[int, int]:
        return dict(self.rows[-1].totals) if self.rows else {p.user_id: 0 for p in self.players}
