"""What an event transition asks the bot layer to do, as values (carried out in order)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeAlias

from dokobot.table.lists import ListSettings

from .state import Seat


@dataclass(frozen=True)
class EntrantAdded:
    """``key`` signed up; ``from_round``: the first round they are drawn for."""

    key: int
    from_round: int


@dataclass(frozen=True)
class EntrantLeft:
    key: int


@dataclass(frozen=True)
class RoundBegun:
    """Round ``round`` begins; ``deadline``: Unix seconds of its time limit (None: none)."""

    round: int
    deadline: float | None


@dataclass(frozen=True)
class OpenTable:
    """Open a table (its thread) for round ``round`` with these seats (computers included),
    the rules config (preset, switches) and the list it plays."""

    round: int
    table: int
    seats: tuple[Seat, ...]
    rules: dict[str, Any]
    list: ListSettings


@dataclass(frozen=True)
class HandOverSeat:
    """At ``table`` of ``round`` the seat of ``old`` goes to ``new`` (a waiting entrant or a
    computer) from the next action on; the points made so far stay ``old``'s."""

    round: int
    table: int
    old: int
    new: Seat


@dataclass(frozen=True)
class StrikeGames:
    """The time is up at ``table``: finish the game in play, then cut the list (``timelimit``)."""

    round: int
    table: int


@dataclass(frozen=True)
class HoldTables:
    """Paused: finish the games in play, deal no new one until ``ResumeTables``."""

    round: int


@dataclass(frozen=True)
class ResumeTables:
    round: int
    deadline: float | None  # moved by the paused time


@dataclass(frozen=True)
class CloseTable:
    round: int
    table: int


@dataclass(frozen=True)
class RoundEnded:
    round: int


@dataclass(frozen=True)
class StandingsChanged:
    """Redraw the standings (the bot paces the edits)."""


@dataclass(frozen=True)
class EventEnded:
    pass


Effect: TypeAlias = (EntrantAdded | EntrantLeft | RoundBegun | OpenTable | HandOverSeat | StrikeGames | HoldTables
                     | ResumeTables | CloseTable | RoundEnded | StandingsChanged | EventEnded)
