"""The state of a Doppelkopf night as immutable values (changed only by ``flow``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .seating import Tables
from .settings import EventSettings

# signup: entrants sign up; playing: a round runs; between: a round is over, the next not
# begun; paused: the host holds the event; ended: over (the standings stay)
Phase = Literal["signup", "playing", "between", "paused", "ended"]
MAX_ENTRANTS = 200


@dataclass(frozen=True)
class Seat:
    """A seat at an event table: a person (Discord user id) or a computer (negative key)."""

    key: int
    name: str
    computer: bool = False


@dataclass(frozen=True)
class Entrant:
    key: int
    name: str
    from_round: int  # the first round they are drawn for (a late sign-up: the next round)
    left: bool = False  # left the event: drawn no more


@dataclass(frozen=True)
class TableRun:
    no: int  # 1, 2, ... within the round
    seats: tuple[Seat, ...]
    done: bool = False  # its list is over (or the host ended the event)
    struck: bool = False  # the time limit struck its remaining normal games


@dataclass(frozen=True)
class RoundRun:
    no: int
    tables: tuple[TableRun, ...]
    deadline: float | None  # Unix seconds; None: no time limit
    time_up: bool = False

    def table(self, no: int) -> TableRun | None:
        return next((t for t in self.tables if t.no == no), None)

    def seated(self) -> frozenset[int]:
        return frozenset(s.key for t in self.tables for s in t.seats)


@dataclass(frozen=True)
class EventState:
    event_id: int
    host: int
    settings: EventSettings
    seed: int  # the seating's random source: the same seed and history give the same tables
    phase: Phase = "signup"
    entrants: tuple[Entrant, ...] = ()
    current: RoundRun | None = None  # the round begun and not over
    rounds_done: int = 0
    drawn: tuple[Tables, ...] = ()  # the people at each table of every round begun, as drawn
    paused_from: Phase | None = None
    paused_at: float | None = None
    computers: int = 0  # computer seats handed out so far (each gets its own name and key)

    def entrant(self, key: int) -> Entrant | None:
        return next((e for e in self.entrants if e.key == key), None)

    def eligible(self, round_no: int) -> tuple[Entrant, ...]:
        """The entrants drawn for round ``round_no``, in sign-up order."""
        return tuple(e for e in self.entrants if not e.left and e.from_round <= round_no)

    def next_round(self) -> int:
        return self.rounds_done + 1 if self.current is None else self.current.no + 1
