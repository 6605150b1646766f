"""The persistence seam of the table layer: the ``TableStore`` protocol.

Every accepted change of a table goes through one of these awaits *before*
the table's in-memory state changes, so a crash never loses an answered
click. The stores live in ``dokobot.storage``: ``MemoryStore`` keeps everything
in dicts (tests, development), ``SqlStore`` maps the same calls onto SQLite
or PostgreSQL.
Data crosses the seam as plain values (copied), never as live objects. What the
bot reads back (Spielliste, leaderboards, statistics, ratings, records,
analyses) is the ``ScoreBook`` beside this port (``dokobot.table.scores``).

Errors: a store raises ``StoreError`` (and only that) when a call could not
be done; the call then changed nothing. The table catches ``StoreError``;
a store converts its own errors (sqlite3, asyncpg, ...) to it.

Atomicity the table relies on (each bullet one transaction):

- ``finish_game(..., last=(idx, action))`` appends the game's last action and
  books the game together: a game is never left with its last card on disk
  but unbooked by the table.
- ``close_table`` aborts a running game of the table together with closing it.
- A stored running game whose actions already end it (written by an older
  version, or by a store that did two writes) is booked at restore.
"""

from __future__ import annotations

import zlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from dokobot.engine import GameResult
from dokobot.engine.actions import Move


def player_key(user_id: int | None, name: str) -> int:
    """The id a seat is counted under (scores, leaderboards, the sheet, the rating): the
    person's Discord id; a seat without one a stable negative id from its name (a
    computer; Discord ids are positive, so no clash). The one place this is computed."""
    return int(user_id) if user_id is not None else -(zlib.crc32(name.encode("utf-8")) + 1)


@dataclass(frozen=True)
class SeatInfo:
    user_id: int
    name: str
    is_bot: bool = False
    level: str | None = None  # a computer's level (leicht, mittel, schwer), kept apart from its name


KIEBITZ_MODES = ("off", "consent", "open")  # the table setting ``kiebitz``


@dataclass(frozen=True)
class TableSettings:
    """How a table treats time and attention (channel settings like the rules).

    ``turn_timeout``: seconds a person has for a turn (0: no limit); after half
    of it a reminder, after all of it ``on_timeout``: ``computer`` plays for the
    seat until the person clicks again, ``wait`` asks the host. ``mentions``:
    whether the table mentions the person whose turn it is. ``tipps``: the
    private hand offers a Tipp button (what ``schwer`` would play, counted on the
    score sheet); off by default, the host decides. ``kiebitz``: who may watch a
    seat privately, one trick late (``off`` / ``consent`` / ``open``, see
    ``dokobot.table.event.kiebitz``); with consent by default.
    """

    turn_timeout: int = 300
    on_timeout: str = "computer"  # computer | wait
    mentions: bool = True
    tipps: bool = False
    kiebitz: str = "consent"  # one of KIEBITZ_MODES

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"turn_timeout": self.turn_timeout, "on_timeout": self.on_timeout,
                               "mentions": self.mentions}
        if self.tipps:  # only when on: settings stored before Tipps read the same
            out["tipps"] = True
        if self.kiebitz != "consent":  # likewise: only when not the default
            out["kiebitz"] = self.kiebitz
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> TableSettings:
        data = data or {}
        timeout = data.get("turn_timeout", 300)
        on_timeout = data.get("on_timeout", "computer")
        return cls(
            int(timeout) if isinstance(timeout, int) and not isinstance(timeout, bool) and timeout >= 0 else 300,
            on_timeout if on_timeout in ("computer", "wait") else "computer",
            bool(data.get("mentions", True)),
            data.get("tipps") is True,
            kiebitz if (kiebitz := data.get("kiebitz")) in KIEBITZ_MODES else "consent",
        )


@dataclass(frozen=True)
class TurnClock:
    """The running turn timer of a table: seat ``seat`` of game ``game_no`` is to
    act at step ``step`` (turns so far: actions without announcements and knocks) until ``deadline`` (Unix seconds)."""

    game_no: int
    seat: int
    step: int
    deadline: float
    reminded: bool = False  # the half-time reminder went out
    expired: bool = False  # the time ran out with on_timeout wait: the host decides

    def to_dict(self) -> dict[str, Any]:
        return {"game_no": self.game_no, "seat": self.seat, "step": self.step,
                "deadline": self.deadline, "reminded": self.reminded, "expired": self.expired}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TurnClock:
        return cls(int(data["game_no"]), int(data["seat"]), int(data["step"]), float(data["deadline"]),
                   bool(data.get("reminded", False)), bool(data.get("expired", False)))


@dataclass(frozen=True)
class TurnState:
    """What ``set_turn`` stores: the turn timer and the people a computer plays for."""

    clock: TurnClock | None = None
    away: tuple[int, ...] = ()  # user ids of seated people a computer plays for

    def to_dict(self) -> dict[str, Any]:
        return {"clock": None if self.clock is None else self.clock.to_dict(), "away": list(self.away)}

    @classmethod
    def from_dict(cls, data: dict[str, Any] | None) -> TurnState:
        data = data or {}
        clock = data.get("clock")
        return cls(None if not clock else TurnClock.from_dict(clock), tuple(int(u) for u in data.get("away") or ()))


@dataclass(frozen=True)
class EventMarks:
    """What a table of an event keeps beside its seats (an ordinary table has none): it
    belongs to the event (no joins, no rule changes), ``struck_after``: the time limit cut
    its list after this game (``dokobot.table.event.timelimit``), ``held``: no new game is
    dealt (the event is paused)."""

    struck_after: int | None = None
    held: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"struck_after": self.struck_after, "held": self.held}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> EventMarks:
        after = data.get("struck_after")
        ok = isinstance(after, int) and not isinstance(after, bool) and after >= 0
        return cls(after if ok else None, data.get("held") is True)


@dataclass
class StoredTable:
    table_id: int
    channel_id: int
    guild_id: int | None
    host_id: int
    seats: list[SeatInfo] = field(default_factory=list)
    message_id: int | None = None
    waiting: list[SeatInfo] = field(default_factory=list)  # people waiting for a seat, in order
    turn: TurnState = field(default_factory=TurnState)
    event: EventMarks | None = None  # a table of an event (None: an ordinary table)


@dataclass
class StoredGame:
    game_id: int
    table_id: int
    number: int
    rules: dict[str, Any]
    players: list[SeatInfo]
    dealer: int
    hands: list[list[str]]
    actions: list[dict[str, Any]] = field(default_factory=list)
    result: GameResult | None = None  # None: running or aborted
    scores: dict[int, int] | None = None
    aborted: bool = False
    bock: int | None = None  # the Bock factor it counted with (None: not stored, a game from before)

    @property
    def size(self) -> int:
        """How many players got cards (4, 5 or 6): a dealer sitting out at five
        makes a game of four. Points per game compare only within one size."""
        return sum(1 for hand in self.hands if hand)


@dataclass(frozen=True)
class ChannelPrefs:
    preset: str | None = None
    overrides: dict[str, Any] = field(default_factory=dict)
    language: str | None = None
    settings: TableSettings = field(default_factory=TableSettings)
    images: bool = True  # the table message carries a picture of the table
    deck: str | None = None  # the deck pictures are drawn in (None: French)


@dataclass(frozen=True)
class OpenHand:
    """A private hand message the bot keeps current, as much as a later process needs to
    edit it once more: the hand is ephemeral, so only the interaction's token can, for 15
    minutes from ``opened_at``. The token is a secret: not in ``repr``, never logged."""

    table_id: int
    user_id: int
    application_id: int
    token: str = field(repr=False)
    opened_at: float  # Unix seconds, Discord's clock
    message_id: int | None = None  # the hand message, when Discord named it
    lang: str = "de"  # the language it is shown in: the last edit speaks it too


class StoreError(Exception):
    """A store call failed and changed nothing; ``str()`` is one line for logs
    (it never names a card)."""


class TableStore(Protocol):
    async def open_table(self, channel_id: int, guild_id: int | None, host_id: int, seats: list[SeatInfo],
                         event: EventMarks | None = None) -> int:
        """A new open table; ``event``: it belongs to an event, with these marks (one write)."""
        ...
    async def set_event_marks(self, table_id: int, marks: EventMarks) -> None:
        """The marks of an open table of an event (the time limit's cut, held)."""
        ...
    async def set_seats(self, table_id: int, seats: list[SeatInfo], host_id: int) -> None: ...
    async def set_message_id(self, table_id: int, message_id: int | None) -> None: ...
    async def close_table(self, table_id: int) -> None:
        """Close the table and abort its running game, in one transaction."""
        ...
    async def create_game(
        self, table_id: int, number: int, rules: dict[str, Any], players: list[SeatInfo],
        dealer: int, hands: list[list[str]],
    ) -> int: ...
    async def append_action(self, game_id: int, idx: int, action: dict[str, Any]) -> None: ...
    async def finish_game(
        self, game_id: int, result: GameResult, points: Sequence[int], moves: Sequence[tuple[int, Move]],
        last: tuple[int, dict[str, Any]] | None = None, rules: dict[str, Any] | None = None, bock: int = 1,
    ) -> None:
        """Book a finished game: its result, the points booked per seat (the score
        times ``bock``, the Bock factor it counted with, kept for the Spielliste) and
        its moves as the table holds them (the statistics count announcements);
        with ``last = (idx, action)`` append that action first, in the same
        transaction. ``rules``: the rules the game's record replays with, when
        they differ from those stored at ``create_game`` (a Pflichtsolo is led by
        the soloist: ``solo_lead: soloist``); stored in the same transaction."""
        ...
    async def abort_game(self, game_id: int) -> None: ...
    async def set_game_players(self, game_id: int, players: list[SeatInfo]) -> None:
        """Who plays the running game's seats now (a seat handed over mid-game):
        the booking and the score sheet name them."""
        ...
    async def set_waiting(self, table_id: int, waiting: list[SeatInfo]) -> None:
        """The people waiting for a seat at an open table, in order."""
        ...
    async def set_turn(self, table_id: int, turn: TurnState) -> None:
        """The turn timer (its deadline survives a restart) and who a computer plays for."""
        ...
    async def last_table(self, channel_id: int) -> StoredTable | None:
        """The channel's newest table, open or closed (its score sheet after closing)."""
        ...
    async def open_tables(self) -> list[StoredTable]: ...
    async def running_games(self) -> list[StoredGame]: ...
    async def last_game_number(self, table_id: int) -> int: ...
    async def last_game(self, table_id: int) -> StoredGame | None: ...
    async def finished_games(self, table_id: int) -> list[StoredGame]: ...
    async def totals(self, table_id: int) -> dict[int, int]: ...
    async def channel_prefs(self, channel_id: int) -> ChannelPrefs: ...
    async def set_channel_prefs(self, channel_id: int, prefs: ChannelPrefs) -> None: ...
    async def user_language(self, user_id: int) -> str | None: ...
    async def set_user_language(self, user_id: int, language: str | None) -> None: ...
    async def user_deck(self, user_id: int) -> str | None: ...
    # facts of the bot itself, e.g. "commands:global": the hash of the synced commands
    async def bot_state(self, key: str) -> str | None: ...
    async def set_bot_state(self, key: str, value: str) -> None: ...
    async def bot_states(self, prefix: str) -> dict[str, str]:
        """Every fact whose key starts with ``prefix``, by key."""
        ...
    async def drop_bot_state(self, key: str) -> None:
        """Forget a fact (nothing happens if it is not there)."""
        ...
    async def set_user_deck(self, user_id: int, deck: str | None) -> None: ...
    # the open private hands (OpenHand): one per table and person, replaced by the newer
    async def keep_hand(self, hand: OpenHand) -> None: ...
    async def forget_hand(self, table_id: int, user_id: int) -> None: ...
    async def take_hands(self, table_id: int) -> list[OpenHand]:
        """The table's open hands, forgotten in the same call (a restart edits each once)."""
        ...
