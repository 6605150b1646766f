"""Tables, seats, lobby and the game flow of one channel, free of Discord.

A ``Table`` owns one ``asyncio.Lock``: every change runs under it, so two
clicks at once are applied one after the other and the second one is judged
against the state the first left. A change is first tried on a copy of the
game, then written to the ``TableStore``, and only then becomes the table's
state: a failed write changes nothing.

Computer players sit on seats with ``is_bot``. While one of them is to act,
one task per table lets it move: the decision (``dokobot.players``, at the seat's level) is made in
a thread on the seat's ``Observation``, then applied under the lock through the same
path as a click, store first; a decision the game has outrun is dropped.
``on_outcome`` tells the bot layer what a computer move changed. The two
background tasks live in their own modules and call back under the lock:
``dokobot.table.turns`` (the turn timer) and ``dokobot.table.computers`` (the
computer driver); ``dokobot.table.restore`` reads a table's past back for
``Table.restored``.

Bad input raises ``TableError`` (``code`` is an i18n key suffix, or
``"illegal"`` with the engine's ``IllegalAction`` attached). A failed write
raises the store's ``StoreError`` and changes nothing.

Nothing stalls and no finished game is lost: the last action and the booking
are one store transaction; a computer player whose move could not be saved
tries again with growing pauses for as long as the table is open (a person's
action wakes it at once); a stored game that no longer replays comes back as a
``broken`` game the host can abort.
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
import random
import re
import secrets
import time
from collections.abc import Callable
from typing import Any, cast

import dokobot.players as ai
from dokobot.engine import Game, IllegalAction, RuleError, RuleSet, deal
from dokobot.engine.actions import Announce, Klopfen, Move
from dokobot.table import lists, restore
from dokobot.table.bock import BockGame, BockState, BockStep, booked, step
from dokobot.table.computers import ComputerDriver, without_level
from dokobot.table.event import timelimit
from dokobot.table.lists import ListGame, ListSettings, ListState, ListStep
from dokobot.table.outcome import (
    Aborted,
    Closed,
    ComputerSwitched,
    HandedOver,
    HostChanged,
    Notice,
    Seated,
    SizeChanged,
    Waiting,
    notices_of,
)

# re-exported: the bot and the cogs import these three from here
from dokobot.table.outcome import FinishedGame as FinishedGame
from dokobot.table.outcome import Outcome as Outcome
from dokobot.table.outcome import TableError as TableError
from dokobot.table.store import (
    EventMarks,
    SeatInfo,
    StoredGame,
    StoredTable,
    StoreError,
    TableSettings,
    TableStore,
    TurnClock,
    TurnState,
    player_key,
)
from dokobot.table.switches import shorten
from dokobot.table.turns import TurnEvent, TurnTimer, fired, next_alarm, turn_step

log = logging.getLogger(__name__)

SEATS = 4  # players of one game
# at five the dealer sits out (TSR 10.1) or all five play (``five: all_play``); six play the
# Münchener Regeln (preset ``muenchen``); more people wait for a seat
MAX_SEATS = 6
MAX_WAITING = 5
FIRST_DEALER = SEATS - 1  # the opener (seat 0) leads the first game
COMPUTER_NAME = "Computer"  # the same word in German and English
COMPUTER_DELAY = 0.8  # seconds between two computer moves, so people can follow the trick
COMPUTER_RETRY = 2.0  # seconds before a computer move is tried again after a failed write
FORGET_WAIT = 10.0  # seconds a forgotten table waits for a write in progress before it dies anyway

def computer_id(name: str) -> int:
    """The stable negative user id of a computer player: the ``player_key`` of a seat without one."""
    return player_key(None, name)


def computer_name(n: int, level: str) -> str:
    """A computer seat's name carries its level, so the level is stored (and restored) with the seat."""
    return f"{COMPUTER_NAME} {n} ({level})"


def computer_number(name: str) -> int:
    m = re.match(rf"{COMPUTER_NAME} (\d+)", name)
    return int(m.group(1)) if m else 0


def _with_level(seat: SeatInfo) -> SeatInfo:
    """A computer seat with its level kept apart from the name (read from the name, as it
    was named: "Computer 3 (schwer)"; else the default level)."""
    if not seat.is_bot or seat.level is not None:
        return seat
    found = re.search(r"\((\w+)\)$", seat.name)
    level = found.group(1) if found and ai.is_level(found.group(1)) else ai.DEFAULT_LEVEL
    return dataclasses.replace(seat, level=level)


def _names_match(name: str, asked: str) -> bool:
    """A computer is named with or without its level ("Computer 1" finds "Computer 1 (schwer)")."""
    asked = asked.strip().casefold()
    return asked in (name.casefold(), without_level(name).casefold())


class Table:
    def __init__(
        self, store: TableStore, table_id: int, channel_id: int, guild_id: int | None,
        host_id: int, rules: dict[str, Any] | None = None, *,
        computer_skill: ai.Skill | None = None, computer_delay: float = COMPUTER_DELAY,
        computer_retry: float = COMPUTER_RETRY, rng: random.Random | None = None,
        settings: TableSettings | None = None, clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.rng = rng or secrets.SystemRandom()  # the deals' random source
        self.settings = settings or TableSettings()
        self.clock = clock  # Unix seconds: turn deadlines are stored and outlive the process
        self.table_id = table_id
        self.channel_id = channel_id
        self.guild_id = guild_id
        self.host_id = host_id
        engine_rules, self.list_settings = ListSettings.split(rules or {"preset": "ddv"})
        self.rules_config: dict[str, Any] = engine_rules or {"preset": "ddv"}
        self.list_state = ListState(self.list_settings.start_for(table_id))  # the list before the next game
        self.list_game: tuple[frozenset[int], int | None] = (frozenset(), None)  # running game: Pflicht seats, vorgeführt
        self.event: EventMarks | None = None  # a table of an event (``Tables.open_event_table``): its marks
        self.list_cut: ListSettings | None = None  # the list as the event's time limit cut it (``strike``)
        self.list_over = False  # an event table's list has ended: it deals no more games
        self.seats: list[SeatInfo] = []
        self.state = "lobby"  # lobby | playing | between | closed
        self.game: Game | None = None
        self.game_id: int | None = None
        self.game_no = 0
        self.dealer = FIRST_DEALER
        self.message_id: int | None = None
        self.totals: dict[int, int] = {}
        self.last: FinishedGame | None = None
        self.bock = BockState()  # pending Bock rounds before the running / next game
        self.broken = False  # a stored running game that no longer replays: only abort helps
        self.game_players: list[SeatInfo] = []  # who plays (played) the current (last) game
        self.waiting: list[SeatInfo] = []  # people waiting for a seat, in order
        self.former_host: int | None = None  # who hosted before the host rights last moved
        self.away: set[int] = set()  # seated people a computer plays for (timeout, host)
        self.turn: TurnClock | None = None  # the running turn clock (stored)
        self.lock = asyncio.Lock()
        # computer players: how hard they think, the pause before each move, and who
        # hears about their moves (the bot's presenter; the table layer knows no Discord)
        self.computer_skill = computer_skill or ai.Skill()
        self.computer_delay = computer_delay
        self.computer_retry = computer_retry
        self.computer_rng = random.Random()
        self.on_outcome: Callable[[Table, Outcome], None] | None = None
        self.gone = False  # forgotten: another process (or a restored object) owns the table now
        self.turn_timer, self.computer_driver = self._tasks()

    def _tasks(self) -> tuple[TurnTimer, ComputerDriver[Outcome]]:
        """The table's two background tasks, each calling back into it under its lock:
        the turn timer follows ``self.turn``, the driver moves for the computer seats."""
        timer = TurnTimer(
            self.channel_id, self.lock, now=lambda: self.clock(), alarm=self._turn_alarm, due=self._turn_due,
            report=lambda event: self._report(Outcome(turn=event), "the turn timer"),
            live=lambda: self.state != "closed" and not self.gone,
        )
        driver = ComputerDriver(self, self.lock, move=self._apply_computer,
                                report=lambda outcome: self._report(outcome, "a computer move"))
        return timer, driver

    # ---- queries ----------------------------------------------------------------------

    @property
    def preset(self) -> str:
        return str(self.rules_config.get("preset", "ddv"))

    @property
    def ruleset(self) -> RuleSet:
        return RuleSet.from_config(self.rules_config)

    @property
    def bock_multiplier(self) -> int:
        """The Bock factor of the running game (between games: of the next one)."""
        playing = self.state == "playing" and self.game is not None
        if playing and self.game is not None:
            rules = self.game.rules
        elif SEATS <= len(self.seats) <= MAX_SEATS:
            rules = self.game_rules(len(self.seats))  # the next game's: six play the Münchener Regeln
        else:
            rules = self.ruleset
        return self.bock.multiplier if rules.bock else 1

    @property
    def bock_left(self) -> int:
        """Bock games after the running one (between games: from the next one on)."""
        if self.bock_multiplier == 1:
            return 0
        return self.bock.games_left - (1 if self.state == "playing" else 0)

    @property
    def pflicht_on(self) -> bool:
        """Pflichtsoli are played: a list with ``pflichtsolo`` and rules with solos."""
        s = self.list_settings
        return s.active and s.pflichtsolo and bool(self.ruleset.solos)

    def list_owing(self) -> list[SeatInfo]:
        """Who still owes a Pflichtsolo in the running list (seated players)."""
        if not self.pflicht_on:
            return []
        return [s for s in self.seats if s.user_id not in self.list_state.done]

    def list_owes(self, user_id: int) -> tuple[str, ...]:
        """The Pflichtsoli the player still owes in the running list (at six: "gross", "klein")."""
        return self.list_state.owes(user_id, len(self.seats)) if self.pflicht_on else ()

    async def list_marks(self) -> dict[int, str]:
        """Game number -> "pflicht" / "vorgefuehrt" (six: "pflicht.klein", ...) for the score sheet (from the stored games)."""
        if not self.list_settings.active:
            return {}
        finished = await self.store.finished_games(self.table_id)
        steps = restore.list_steps_of(self._list_now(self.list_settings), self.table_id,
                                      [restore.list_game(g) for g in finished], self.struck_after)
        # at six with the size: "pflicht.gross", "vorgefuehrt.klein", ...
        return {s.number: s.mark + (f".{s.size}" if s.size else "") for s in steps if s.mark is not None}

    def list_settings_now(self) -> ListSettings:
        """The list the games are dealt and counted by now (cut by a time limit, if struck)."""
        return self._list_now(self.list_cut or self.list_settings)

    def _list_now(self, s: ListSettings) -> ListSettings:
        return s if self.pflicht_on or not s.pflichtsolo else ListSettings(s.games, False, s.start_table, s.start_game)

    @property
    def struck_after(self) -> int | None:
        """An event table's time limit cut its list after this game (None: not struck)."""
        return self.event.struck_after if self.event is not None else None

    @property
    def names(self) -> list[str]:
        """The names by seat of the game on the table (else of the seats)."""
        if self.game is not None and self.state in ("playing", "between") and self.game_players:
            return [s.name for s in self.game_players]
        return [s.name for s in self.seats]

    def is_waiting(self, user_id: int) -> bool:
        return any(w.user_id == user_id for w in self.waiting)

    def person_to_act(self, away: set[int] | None = None) -> int | None:
        """The seat to act now when a person (not a computer) plays it, else None."""
        game = self.game
        if self.state != "playing" or game is None or game.to_act is None or self.broken:
            return None
        seat = game.to_act
        away = self.away if away is None else away
        if seat >= len(self.seats) or self.seats[seat].is_bot or self.seats[seat].user_id in away:
            return None
        return seat

    @property
    def stalled(self) -> int | None:
        """The seat whose time ran out with ``on_timeout: wait``: the host decides."""
        clock = self.turn
        if clock is None or not clock.expired or self.person_to_act() != clock.seat:
            return None
        return clock.seat

    def sits_out(self, seat: int) -> bool:
        """Whether ``seat`` sits out the game on the table (the dealer at five, unless all play)."""
        game = self.game
        return game is not None and seat < game.n and seat not in game.seats  # seats: those dealt cards

    def game_rules(self, n: int) -> RuleSet:
        """The rules of a game with ``n`` seated: six play the Münchener Regeln (the table's own
        switches on top), four and five the table's preset (``ddv`` if that is ``muenchen``);
        five play by the ``five`` switch (the host's choice)."""
        config = {k: v for k, v in self.rules_config.items() if k != "players"}
        if n == 6:
            config["preset"] = "muenchen"
        elif config.get("preset") == "muenchen":
            config["preset"] = "ddv"
        if n != SEATS:
            config["players"] = n
        return RuleSet.from_config(config)

    def seat_of(self, user_id: int) -> int | None:
        return next((i for i, s in enumerate(self.seats) if s.user_id == user_id), None)

    def is_host(self, user_id: int) -> bool:
        return user_id == self.host_id

    @property
    def humans(self) -> list[SeatInfo]:
        return [s for s in self.seats if not s.is_bot]

    # ---- lobby ------------------------------------------------------------------------

    async def join(self, user_id: int, name: str, is_bot: bool = False) -> Outcome:
        """Take a free seat; during a game or at a full table: wait for the next free one."""
        async with self.lock:
            self._require_open()
            self._require_no_event()
            if self.seat_of(user_id) is not None:
                raise TableError("already_seated")
            if self.is_waiting(user_id):
                raise TableError("already_waiting")
            if self.state == "playing" or len(self.seats) >= MAX_SEATS:
                if is_bot:
                    raise TableError("game_running" if self.state == "playing" else "table_full")
                if len(self.waiting) >= MAX_WAITING:
                    raise TableError("table_full")
                waiting = [*self.waiting, SeatInfo(user_id, name)]
                await self.store.set_waiting(self.table_id, waiting)
                self.waiting = waiting
                log.info("table %s: someone waits for a seat (%d waiting)", self.channel_id, len(waiting))
                return Outcome(notices=[Waiting(name)], lobby_changed=True)
            seats = [*self.seats, SeatInfo(user_id, name, is_bot)]
            host = self.host_id
            if not is_bot and all(s.user_id != host for s in self.seats):
                host = user_id  # the host left the table: the first person to sit down hosts
            before = len(self.seats)
            await self.store.set_seats(self.table_id, seats, host)
            self.seats, self.host_id = seats, host
            outcome = Outcome(lobby_changed=True)
            if self.game_no:  # between games the table message is the summary: say it in the channel
                outcome.notices.append(Seated(len(seats) - 1, name))
                outcome.notices += self._size_notices(before)
            return outcome

    async def leave(self, user_id: int) -> Outcome:
        async with self.lock:
            self._require_open()
            self._require_no_event()
            if self.seat_of(user_id) is None and self.is_waiting(user_id):
                waiting = [w for w in self.waiting if w.user_id != user_id]
                await self.store.set_waiting(self.table_id, waiting)
                self.waiting = waiting
                return Outcome(lobby_changed=True)
            seat = self._seat(user_id)
            if self.state == "playing":
                raise TableError("leave_running")
            host = self.host_id
            await self._set_seats([s for i, s in enumerate(self.seats) if i != seat])
            outcome = Outcome(notices=self._host_notices(host), lobby_changed=True, gone=[user_id])
            await self._seat_waiting(outcome)
            return outcome

    async def _seat_waiting(self, outcome: Outcome) -> None:
        """Between games: the people waiting take the free seats, first come first."""
        if self.state == "playing" or not self.waiting or len(self.seats) >= MAX_SEATS:
            return
        free = MAX_SEATS - len(self.seats)
        come, stay = self.waiting[:free], self.waiting[free:]
        # the seats first: someone seated and still on the list is dropped from it at restore
        await self._set_seats([*self.seats, *come])
        await self.store.set_waiting(self.table_id, stay)
        self.waiting = stay
        if len(self.seats) >= SEATS and self.game_no and self.state == "lobby":
            self.state = "between"
        outcome.lobby_changed = True
        outcome.notices += [Seated(self.seat_of(p.user_id), p.name) for p in come]
        outcome.notices += self._size_notices(len(self.seats) - len(come))

    def _size_notices(self, before: int) -> list[Notice]:
        """Five or six seated now, another number before: the next game is played another
        way (dealer sits out or all five play, six the Münchener Regeln), said before it starts."""
        n = len(self.seats)
        if n == before or n not in (5, 6) or self.state == "playing" or not self.game_no:
            return []
        return [SizeChanged(n)]

    async def kick(self, user_id: int, can_manage: bool, target_id: int) -> Outcome:
        async with self.lock:
            self._require_open()
            self._require_no_event()
            self._require_host(user_id, can_manage)
            seat = self.seat_of(target_id)
            if seat is None:
                raise TableError("not_seated")
            if self.state == "playing":
                raise TableError("game_running")
            host = self.host_id
            await self._set_seats([s for i, s in enumerate(self.seats) if i != seat])
            outcome = Outcome(notices=self._host_notices(host), lobby_changed=True, gone=[target_id])
            await self._seat_waiting(outcome)
            return outcome

    async def add_computer(self, user_id: int, can_manage: bool, level: str = ai.DEFAULT_LEVEL) -> Outcome:
        """Seat a computer player of ``level`` ("Computer 1 (mittel)", ...) on a free seat."""
        if not ai.is_level(level):
            raise TableError("bad_level", level=level)
        async with self.lock:
            self._require_open()
            self._require_no_event()
            self._require_host(user_id, can_manage)
            if self.state == "playing":
                raise TableError("game_running")
            if len(self.seats) >= MAX_SEATS:  # computers fill seats up to six, like people
                raise TableError("table_full")
            if not self.humans:
                raise TableError("need_human")
            taken = {computer_number(s.name) for s in self.seats if s.is_bot}
            n = next(n for n in range(1, MAX_SEATS + 2) if n not in taken)
            name = computer_name(n, level)
            seats = [*self.seats, SeatInfo(computer_id(name), name, True, level)]
            await self.store.set_seats(self.table_id, seats, self.host_id)
            self.seats = seats
            log.info("table %s: %s seated", self.channel_id, name)
            return Outcome(lobby_changed=True)

    async def remove_computer(self, user_id: int, can_manage: bool, name: str | None = None) -> Outcome:
        """Take computer player ``name`` (default: the last one seated) off the table."""
        async with self.lock:
            self._require_open()
            self._require_no_event()
            self._require_host(user_id, can_manage)
            bots = [i for i, s in enumerate(self.seats) if s.is_bot and (name is None or _names_match(s.name, name))]
            if not bots:
                raise TableError("no_computer")
            if self.state == "playing":
                raise TableError("game_running")
            await self._set_seats([s for i, s in enumerate(self.seats) if i != bots[-1]])
            return Outcome(lobby_changed=True)

    def _host_notices(self, before: int) -> list[Notice]:
        """The host rights moved (the host left or handed their seat over): the table hears who hosts now."""
        seat = self.seat_of(self.host_id)
        if self.host_id == before or seat is None:
            return []
        return [HostChanged(seat, self.seats[seat].name)]

    async def _set_seats(self, seats: list[SeatInfo], host: int | None = None) -> None:
        """Store the seats; ``host``: who hosts from now on (default: the host stays, or the
        first remaining person when the host left)."""
        host = self.host_id if host is None else host
        own = self.event is None  # an event's table keeps the event's seats and host
        if own and not any(not s.is_bot for s in seats):
            seats = []  # the last person left: a table of computers alone is no table
        if own and seats and all(s.user_id != host for s in seats):
            # the host left: the first remaining person hosts
            host = next(s.user_id for s in seats if not s.is_bot)
        await self.store.set_seats(self.table_id, seats, host)
        if host != self.host_id:  # told why a host command is refused now (not stored: a hint only)
            self.former_host = self.host_id
        self.seats, self.host_id = seats, host
        self.away &= {s.user_id for s in seats}
        if self.state == "between" and len(seats) < SEATS:
            self.state = "lobby"

    async def set_rules(
        self, user_id: int, can_manage: bool, config: dict[str, Any], settings: TableSettings | None = None,
    ) -> RuleSet:
        """New rules (and table settings) for the next game: host only, between games."""
        async with self.lock:
            self._require_open()
            self._require_no_event()
            self._require_host(user_id, can_manage)
            if self.state == "playing":
                raise TableError("game_running")
            list_settings, state = self._list_change(config)
            rules = await save_channel_rules(self.store, self.channel_id, config, settings, list_settings.overrides())
            self.rules_config = rules.to_config()
            if settings is not None:
                self.settings = settings
            self.list_settings, self.list_state = list_settings, state
            return rules

    def _list_change(self, config: dict[str, Any]) -> tuple[ListSettings, ListState]:
        """The list settings after ``config``: a changed ``list_games`` or ``pflichtsolo``
        starts a new list with the next game; otherwise the running list goes on."""
        old = self.list_settings
        games = config.get("list_games", old.games)
        pflicht = config.get("pflichtsolo", old.pflichtsolo)
        if not isinstance(games, int) or isinstance(games, bool) or games < 0 or not isinstance(pflicht, bool):
            raise TableError("bad_list", games=shorten(str(games)), pflicht=shorten(str(pflicht)))
        if (games, pflicht) == (old.games, old.pflichtsolo):
            return old, self.list_state
        settings = ListSettings(games, pflicht, self.table_id, self.game_no + 1)
        return settings, ListState(settings.start_game)

    async def set_message(self, message_id: int | None) -> None:
        """Remember the public table message (so it can be edited after a restart)."""
        async with self.lock:
            if self.state == "closed":
                return
            await self.store.set_message_id(self.table_id, message_id)
            self.message_id = message_id

    # ---- starting games ------------------------------------------------------------------

    async def start(self, user_id: int, can_manage: bool) -> Outcome:
        async with self.lock:
            self._require_open()
            self._require_host(user_id, can_manage)
            if self.state == "playing":
                raise TableError("game_running")
            self._require_four()
            self._require_dealing()
            outcome = await self._deal(self._next_dealer())
            await self._update_turn()
            return outcome

    async def next_game(self, user_id: int, game_no: int) -> Outcome:
        async with self.lock:
            self._require_open()
            self._seat(user_id)
            if self.state == "playing":
                raise TableError("stale" if game_no != self.game_no else "game_running")
            if game_no != self.game_no:
                raise TableError("stale")
            self._require_four()
            self._require_dealing()
            await self._back(user_id)
            outcome = await self._deal(self._next_dealer())
            await self._update_turn()
            return outcome

    def _next_dealer(self) -> int:
        """Who deals the next game: the same dealer after no game (the first one,
        an aborted one) or a throw-in, else the next seat. Derived from the
        finished games only, so a restart at any point gives the same dealer."""
        if self.game_no == 0 or self.game is None:
            return self.dealer
        last = self.last
        if last is not None and last.number == self.game_no and last.result.is_redeal:
            return self.dealer
        if last is not None and last.number == self.game_no and last.list_step is not None \
                and last.list_step.mark == "pflicht":
            return self.dealer  # a chosen Pflichtsolo is played on top of the list: the dealer deals again
        return (self.dealer + 1) % len(self.seats)  # over everyone seated: at five the dealer sits out

    async def _deal(self, dealer: int, outcome: Outcome | None = None) -> Outcome:
        players = list(self.seats)
        rules = self.game_rules(len(players))
        dealer %= len(players)
        # five, dealer out: the dealer's hand is empty (bench/bot_load.py swaps in a two-argument deal for four)
        hands = deal(rules, self.rng) if len(players) == SEATS else deal(rules, self.rng, dealer)
        number = self.game_no + 1
        game_id = await self.store.create_game(
            self.table_id, number, rules.to_config(), players, dealer, hands
        )
        pflicht, vorg = self.list_before(players, dealer, rules.all_play)
        self.game = Game(rules, hands, dealer=dealer, players=[p.name for p in players],
                         pflicht=pflicht, vorgefuehrt=vorg, owed=self.list_owed(players))
        self.list_game = (pflicht, vorg)
        self.game_players = players
        self.game_id, self.game_no, self.dealer, self.state = game_id, number, dealer, "playing"
        log.info("table %s: game %s dealt (dealer seat %s)", self.channel_id, number, dealer)
        outcome = outcome or Outcome()
        outcome.new_game = True
        self.wake_computers()
        return outcome

    def list_before(self, players: list[SeatInfo], dealer: int,
                    all_play: bool = False) -> tuple[frozenset[int], int | None]:
        """The Pflichtsolo seats and the vorgeführte seat of a game dealt now."""
        if not self.pflicht_on:
            return frozenset(), None
        return lists.before_game(self.list_cut or self.list_settings, self.list_state, [p.user_id for p in players],
                                 dealer, all_play)

    def list_owed(self, players: list[SeatInfo]) -> dict[int, tuple[str, ...]] | None:
        """Six: the engine's ``owed`` (seat -> sizes still owed; empty without a Pflichtsolo
        list, so that nobody reserves a Pflichtsolo then); None at four and five."""
        if len(players) != lists.SIX:
            return None
        settings = self.list_settings if self.pflicht_on else ListSettings()
        return lists.owed_sizes(settings, self.list_state, [p.user_id for p in players])

    # ---- playing ----------------------------------------------------------------------

    async def act(self, user_id: int, game_no: int | None, move: Move) -> Outcome:
        """Make one move of the seated ``user_id``.

        ``game_no`` is the game the clicked message belongs to (None for a slash
        command, which always means the current game).
        """
        async with self.lock:
            self._require_open()
            seat = self._seat(user_id)
            game = self._current_game(game_no)
            back = await self._back(user_id)  # any click: the computer gives the seat back
            try:
                outcome = await self._apply(game, seat, move)
            except IllegalAction as exc:
                if back:  # taking the seat back is done even when the card was not allowed
                    await self._update_turn()
                raise TableError("illegal", engine=exc) from None
            finally:
                self.wake_computers()  # a person acted: a computer waiting to retry goes on now
            await self._update_turn()
            return outcome

    async def _apply(self, game: Game, seat: int, move: Move) -> Outcome:
        """Make one move of ``seat`` (under the lock): tried on a copy, stored, then
        the table's state. Humans and computer players take this same path."""
        assert self.game_id is not None
        trial = game.copy()
        events = trial.act(seat, move)
        # the new action only (trial.record() would copy the whole game per click)
        last = (len(trial.actions) - 1, dict(trial.actions[-1]))
        outcome = Outcome(notices=notices_of(trial, events))
        if trial.phase == "done":
            await self._finish(trial, outcome, last)  # the last action and the booking: one write
        else:
            await self.store.append_action(self.game_id, *last)
            self.game = trial
        log.debug("table %s: seat %s acted", self.channel_id, seat)
        return outcome

    def _current_game(self, game_no: int | None) -> Game:
        if self.broken:
            raise TableError("broken")
        if self.game is None or (self.state != "playing" and game_no is None):
            raise TableError("no_game")
        if game_no is not None and game_no != self.game_no:
            raise TableError("stale")
        if self.state != "playing":
            raise TableError("illegal", engine=IllegalAction("game_over"))
        return self.game

    async def book_finished(self, game: Game) -> None:
        """Restore: book a game that ended before a restart but was not booked yet."""
        await self._finish(game, Outcome(), None)

    async def _finish(self, game: Game, outcome: Outcome, last: tuple[int, dict[str, Any]] | None) -> None:
        """Book the finished ``game`` (with its ``last`` action, if not yet stored),
        then make it the table's state; a throw-in is dealt again at once."""
        assert self.game_id is not None
        result = game.game_result()
        players = list(self.seats)
        # Bock is a table matter: the engine's result stays the plain game, the
        # booked points (score sheet, leaderboards) carry the factor.
        # a round set off here: one game per seat at the table (4, 5 or 6)
        bock = step(self.bock, BockGame.from_record(game.rules.bock, result, game.actions, game.heart_trick,
                                                    game.n))
        score = booked(result.score, bock.multiplier)
        points = {p.user_id: score[i] for i, p in enumerate(players)}
        record_rules = game.record_rules()  # differs in a Pflichtsolo: the record says who led
        await self.store.finish_game(self.game_id, result, score, game.moves, last=last, bock=bock.multiplier,
                                     rules=record_rules if record_rules != game.rules.to_config() else None)
        list_step = self._list_step(ListGame(self.game_no, tuple(p.user_id for p in players), game.dealer, result,
                                             points, game.actions, game.rules.all_play))
        self.game, self.game_players = game, players
        for user_id, p in points.items():
            self.totals[user_id] = self.totals.get(user_id, 0) + p
        self.bock = bock.after
        self.last = FinishedGame(
            self.game_no, players, game.dealer, result, points, dict(self.totals), game.record(),
            bock.multiplier, bock.fired, list_step,
        )
        self.state = "between"
        log.info("table %s: game %s over (%s)", self.channel_id, self.game_no, result.contract)
        outcome.finished = self.last
        if result.is_redeal and self.dealing() is None:
            # Thrown in or nobody took the Armut: the same dealer deals again (not while held).
            try:
                await self._deal(self.dealer, outcome)
            except StoreError as exc:  # booked but not dealt: "Nächstes Spiel" deals (same dealer)
                log.warning("table %s: could not deal again after a throw-in: %s", self.channel_id, exc)
            return
        try:
            await self._seat_waiting(outcome)  # the game is booked: whoever waits sits down now
        except StoreError as exc:
            log.warning("table %s: could not seat the people waiting: %s", self.channel_id, exc)

    async def abort(self, user_id: int, can_manage: bool) -> Outcome:
        async with self.lock:
            self._require_open()
            self._require_host(user_id, can_manage)
            if self.state != "playing" or self.game_id is None:
                raise TableError("no_game")
            await self.store.abort_game(self.game_id)
            if self.struck_after is not None and self.game_no >= self.struck_after:
                self._cut_list()  # the game at the time limit is over: aborted
            self.state = "between" if SEATS <= len(self.seats) <= MAX_SEATS else "lobby"
            self.game, self.broken = None, False
            outcome = Outcome(notices=[Aborted(self.seat_of(user_id), user_id)])
            await self._update_turn()
            try:
                await self._seat_waiting(outcome)
            except StoreError as exc:
                log.warning("table %s: could not seat the people waiting: %s", self.channel_id, exc)
            return outcome

    async def close(self, user_id: int, can_manage: bool) -> Outcome:
        async with self.lock:
            self._require_open()
            self._require_host(user_id, can_manage)
            await self.store.close_table(self.table_id)  # aborts a running game with it: one write
            self.state = "closed"
            self.stop_computers()
            self.stop_turn()
            return Outcome(notices=[Closed(user_id)])

    # ---- seats during a game -----------------------------------------------------------

    async def hand_over(self, user_id: int, can_manage: bool, seat: int, new_id: int, new_name: str) -> Outcome:
        """The host gives ``seat`` to another member, also mid-game: the new player
        continues with that hand, the old one loses access at once."""
        async with self.lock:
            self._require_open()
            self._require_no_event()
            self._require_host(user_id, can_manage)
            if not 0 <= seat < len(self.seats):
                raise TableError("no_seat", n=len(self.seats))
            return await self._hand_seat(seat, SeatInfo(new_id, new_name))

    async def hand_over_seat(self, old_user_id: int, new: SeatInfo) -> Outcome:
        """The event hands the seat of ``old_user_id`` to ``new`` (a waiting entrant or a
        computer), also mid-game, without the host's check: the table plays on, the games
        booked so far stay the old player's."""
        async with self.lock:
            self._require_open()
            return await self._hand_seat(self._seat(old_user_id), _with_level(new))

    async def _hand_seat(self, seat: int, new: SeatInfo) -> Outcome:
        """Under the lock: ``seat`` goes to ``new``; the new player continues with that hand,
        the old one loses access at once."""
        if self.seat_of(new.user_id) is not None:
            raise TableError("already_seated_other")
        old = self.seats[seat]
        seats = [new if i == seat else s for i, s in enumerate(self.seats)]
        playing = self.state == "playing" and self.game_id is not None
        if playing and self.game_id is not None and len(self.game_players) == len(seats):
            players = [new if i == seat else p for i, p in enumerate(self.game_players)]
            await self.store.set_game_players(self.game_id, players)  # the booking names the new player
            self.game_players = players
            if self.game is not None and self.game.players:
                self.game.players[seat] = new.name  # the record names who finished the seat
        host = self.host_id
        try:  # the host's own seat handed over to a person: the host rights go with it
            await self._set_seats(seats, new.user_id if old.user_id == host and not new.is_bot else None)
        except StoreError:
            if playing and self.game_id is not None and len(self.game_players) == len(seats):
                await self._undo_game_players(seat, old)
            raise
        await self._drop_waiting(new.user_id)
        try:
            await self._update_turn(self.away - {old.user_id}, fresh=seat)  # the new player's own clock
        except StoreError as exc:
            log.warning("table %s: turn not stored after a hand-over: %s", self.channel_id, exc)
        self.wake_computers()
        log.info("table %s: seat %s handed over", self.channel_id, seat)
        notices = [HandedOver(seat, old.name, new.name), *self._host_notices(host)]
        return Outcome(notices=notices, lobby_changed=True, gone=[] if old.is_bot else [old.user_id])

    async def _drop_waiting(self, user_id: int) -> None:
        """Someone waiting got a seat: off the list (a failure only logs: seated is what
        counts, the list is cleaned at restore)."""
        if not self.is_waiting(user_id):
            return
        waiting = [w for w in self.waiting if w.user_id != user_id]
        try:
            await self.store.set_waiting(self.table_id, waiting)
            self.waiting = waiting
        except StoreError as exc:
            log.warning("table %s: waiting list not updated: %s", self.channel_id, exc)

    async def _undo_game_players(self, seat: int, old: SeatInfo) -> None:
        """The seats could not be stored after the game's players were: put the game back."""
        players = [old if i == seat else p for i, p in enumerate(self.game_players)]
        assert self.game_id is not None
        try:
            await self.store.set_game_players(self.game_id, players)
        except StoreError as exc:  # pragma: no cover - two failures in a row
            log.error("table %s: game players not restored after a failed hand-over: %s", self.channel_id, exc)
        self.game_players = players
        if self.game is not None and self.game.players:
            self.game.players[seat] = old.name

    async def set_computer(self, user_id: int, can_manage: bool, seat: int, on: bool) -> Outcome:
        """The host lets a computer play for a person's seat (``on``), or stops it."""
        async with self.lock:
            self._require_open()
            self._require_host(user_id, can_manage)
            if not 0 <= seat < len(self.seats) or self.seats[seat].is_bot:
                raise TableError("no_seat", n=len(self.seats))
            person = self.seats[seat].user_id
            if (person in self.away) == on:
                raise TableError("computer_already" if on else "no_computer")
            await self._update_turn(self.away | {person} if on else self.away - {person})
            self.wake_computers()
            return Outcome(notices=[ComputerSwitched(seat, on)])

    async def come_back(self, user_id: int) -> bool:
        """A person a computer played for clicked something: the seat is theirs again."""
        async with self.lock:
            if self.state == "closed" or user_id not in self.away:
                return False
            await self._back(user_id)
            await self._update_turn()
            return True

    async def _back(self, user_id: int) -> bool:
        if user_id not in self.away:
            return False
        await self._update_turn(self.away - {user_id})  # stored before the click counts
        log.info("table %s: seat %s is played by its person again", self.channel_id, self.seat_of(user_id))
        return True

    # ---- leaving this process ---------------------------------------------------------

    async def forget(self) -> None:
        """This process lost the table's lease: the object is dead from now on.

        It waits for a write in progress (every write holds the lock), so the
        database is final before anyone restores the table from it; then its
        timer and computers stop, and it neither writes nor reports again: a
        late click on it gets the store's "not saved" answer.
        """
        try:
            await asyncio.wait_for(self.lock.acquire(), FORGET_WAIT)
        except TimeoutError:  # a write hangs: its transaction fails under the fence anyway
            log.warning("table %s: forgotten while a write was still running", self.channel_id)
            self._die()
            return
        try:
            self._die()
        finally:
            self.lock.release()

    def _die(self) -> None:
        self.gone = True
        self.store = cast(TableStore, _GoneStore(self.table_id))
        self.on_outcome = None
        self.stop_computers()
        self.stop_turn()
        log.info("table %s: no longer played in this process", self.channel_id)

    # ---- restoring from the store (dokobot.table.restore) -------------------------------

    @classmethod
    async def restored(
        cls, store: TableStore, info: StoredTable, running: StoredGame | None, rules: dict[str, Any],
        settings: TableSettings, *, computer_skill: ai.Skill | None = None,
        computer_delay: float = COMPUTER_DELAY, computer_retry: float = COMPUTER_RETRY,
        rng: random.Random | None = None, clock: Callable[[], float] = time.time,
    ) -> Table:
        """Table ``info`` as the store has it (after a restart, or a lease won back): its
        seats, waiting list, turn clock, totals, Bock rounds and list; a running game goes on
        where it stopped, else the last game is again the summary. Its timer and computers
        are not started yet (``Tables.restore`` does, once every table is back)."""
        table = cls(store, info.table_id, info.channel_id, info.guild_id, info.host_id, rules,
                    computer_skill=computer_skill, computer_delay=computer_delay,
                    computer_retry=computer_retry, rng=rng, settings=settings, clock=clock)
        seated = {s.user_id for s in info.seats}
        table.seats = list(info.seats)
        table.waiting = [w for w in info.waiting if w.user_id not in seated]
        table.away, table.turn, table.message_id = set(info.turn.away) & seated, info.turn.clock, info.message_id
        table.event = info.event
        past = await restore.history(store, info.table_id, table.list_settings_now(), table.list_settings,
                                     table.struck_after)
        table.totals, table.game_no, table.list_state = past.totals, past.game_no, past.list_state
        table.bock = past.bock
        if table.event is not None:
            cls._restore_event(table, past, running)
        # the class's own steps on the object it just built (cls., so no private name of another object is used)
        if running is not None:
            await cls._resume(table, running)
            return table
        last = await store.last_game(info.table_id)
        if last is not None:
            cls._restore_last(table, last, *past.steps_of(last))
        if table.game_no and SEATS <= len(table.seats) <= MAX_SEATS:
            table.state = "between"
        return table

    def _restore_event(self, past: restore.History, running: StoredGame | None) -> None:
        """An event table: its list ended, or cut by the time limit once the game at the
        limit is over (the list as it was then), as the live table did it."""
        self.list_over = any(s.ended is not None for s in past.list_steps)
        after = self.struck_after
        if after is None or (running is not None and running.number <= after) or self.list_over:
            return
        at_limit = restore.state_at(past.list_steps, self.list_settings, self.table_id, after)
        self.list_cut = timelimit.cut(self.list_settings, at_limit)
        seated = [s.user_id for s in self.seats]
        self.list_over = timelimit.done_after_strike(self.list_settings_now(), self.list_state, seated)

    def _restore_last(self, stored: StoredGame, bock: BockStep | None, list_step: ListStep | None) -> None:
        """Between two games: the next dealer follows the last game's, and a
        finished last game is again the summary the table message shows."""
        self.dealer = stored.dealer
        self.game_players = list(stored.players)
        if stored.result is None:
            return
        try:
            pflicht, vorg = (list_step.pflicht, list_step.vorgefuehrt) if list_step else (frozenset(), None)
            game = restore.replay(stored, RuleSet.from_config(stored.rules), pflicht, vorg)
        except (IllegalAction, RuleError) as exc:
            reason = getattr(exc, "code", None) or type(exc).__name__
            log.error("table %s: cannot rebuild game %s (%s)", self.channel_id, stored.number, reason)
            return
        points = {p.user_id: int((stored.scores or {}).get(p.user_id, 0)) for p in stored.players}
        self.last = FinishedGame(
            stored.number, list(stored.players), stored.dealer, stored.result, points, dict(self.totals),
            game.record(), bock.multiplier if bock else 1, bock.fired if bock else (), list_step,
        )
        self.game, self.game_id = game, stored.game_id

    async def _resume(self, stored: StoredGame) -> None:
        """A running game goes on where it stopped. One whose actions already end it
        (its booking never happened) is booked now; one that no longer replays is
        ``broken``: the host can only abort it."""
        self.game_id, self.game_no = stored.game_id, stored.number
        self.dealer, self.state = stored.dealer, "playing"
        self.game_players = players = list(stored.players)
        try:
            rules = RuleSet.from_config(stored.rules)
            pflicht, vorg = self.list_before(players, stored.dealer, rules.all_play)
            self.list_game = (pflicht, vorg)
            game = restore.replay(stored, rules, pflicht, vorg, self.list_owed(players))
        except (IllegalAction, RuleError, ValueError, KeyError, TypeError) as exc:
            # The reason's code only: the engine's message may name a card no one has seen.
            reason = getattr(exc, "code", None) or type(exc).__name__
            log.error("table %s: game %s cannot be resumed (%s); the host can abort it",
                      self.channel_id, stored.number, reason)
            self.broken = True
            return
        self.rules_config = rules.to_config()
        if game.phase != "done":
            self.game = game
            return
        log.warning("table %s: game %s ended before a restart but was not booked: booking it now",
                    self.channel_id, stored.number)
        await self.book_finished(game)

    # ---- the turn timer (dokobot.table.turns) ------------------------------------------

    async def resume_turn(self) -> None:
        """Under the lock, after a restart: the stored turn deadline goes on (a new one if none fits)."""
        await self._update_turn()

    async def _update_turn(self, away: set[int] | None = None, *, fresh: int | None = None) -> None:
        """Under the lock: start, keep or stop the turn timer of the person to act.

        The deadline is stored, so a restart keeps it. ``away``: the new set of
        people a computer plays for; it is stored first (a failure raises and
        changes nothing). Otherwise a failed write only costs restart safety
        and is logged. ``fresh``: a seat that got a new person (a hand-over): its
        turn starts a new clock, the old person's time is not the newcomer's.
        """
        force = away is not None
        away = self.away if away is None else away
        seat = self.person_to_act(away)
        clock = self.turn
        timeout = self.settings.turn_timeout
        want: TurnClock | None = None
        if seat is not None and timeout > 0 and self.game is not None:
            step = turn_step(self.game)
            same = clock is not None and (clock.game_no, clock.seat, clock.step) == (self.game_no, seat, step)
            if clock is not None and same and seat != fresh:
                want = clock
            else:
                want = TurnClock(self.game_no, seat, step, self.clock() + timeout)
        if want != clock or force:
            state = TurnState(want, tuple(sorted(away)))
            try:
                await self.store.set_turn(self.table_id, state)
            except StoreError as exc:
                if force:
                    raise
                log.warning("table %s: turn timer not stored: %s", self.channel_id, exc)
            self.turn, self.away = want, set(away)
        self.turn_timer.start()

    def stop_turn(self) -> None:
        """Shutdown: cancel the turn timer (the stored deadline stays for the next start)."""
        self.turn_timer.stop()

    def _turn_alarm(self) -> tuple[TurnClock, float] | None:
        """The clock the timer times now, and when it fires next."""
        clock = self.turn
        target = next_alarm(clock, self.settings.turn_timeout)
        return None if clock is None or target is None else (clock, target)

    async def _turn_due(self, clock: TurnClock, final: bool) -> TurnEvent | None:
        """Under the lock (the timer holds it): the moment of ``clock`` came. None: the
        game or the seat moved on meanwhile, the timer looks again."""
        if self.turn != clock or self.person_to_act() != clock.seat:
            return None
        user_id = self.seats[clock.seat].user_id
        kind, new = fired(clock, final, self.settings.on_timeout)
        if kind == "computer":
            self.away = self.away | {user_id}
        try:
            await self.store.set_turn(self.table_id, TurnState(new, tuple(sorted(self.away))))
        except StoreError as exc:
            log.warning("table %s: turn timer not stored: %s", self.channel_id, exc)
        self.turn = new
        log.info("table %s: turn timer of seat %s: %s", self.channel_id, clock.seat, kind)
        if kind == "computer":
            self.wake_computers()
        return TurnEvent(kind, clock.seat, user_id)

    def _report(self, outcome: Outcome, what: str) -> None:
        """Tell the bot layer what the timer or a computer changed (outside the lock)."""
        if self.on_outcome is None:
            return
        try:
            self.on_outcome(self, outcome)
        except Exception:
            log.exception("table %s: reporting %s failed", self.channel_id, what)

    # ---- computer players (dokobot.table.computers) -------------------------------------

    def computer_to_act(self) -> int | None:
        """The seat to act now when it is a computer player's, else None."""
        game = self.game
        if self.state != "playing" or game is None or game.to_act is None:
            return None
        seat = game.to_act
        if seat >= len(self.seats):
            return None
        return seat if self.seats[seat].is_bot or self.seats[seat].user_id in self.away else None

    def wake_computers(self) -> None:
        """Let the computer players move while one of them is to act (one task per table);
        a computer waiting to retry a move goes on now."""
        self.computer_driver.start()

    def stop_computers(self) -> None:
        self.computer_driver.stop()

    async def computers_idle(self) -> None:
        """Wait until no computer player is thinking or moving (tests, shutdown)."""
        await self.computer_driver.idle()

    async def _apply_computer(self, seen: Game, seat: int, actions: list[Move]) -> Outcome | None:
        """Under the lock (the driver holds it): apply a computer seat's decision unless
        the game moved on while it thought.

        An announcement or knock the engine refuses is left out; a move it refuses is
        replaced by the first legal one, so the table never stalls.
        """
        outcome = await self._computer_moves(seen, seat, actions)
        if outcome is not None:
            await self._update_turn()
        return outcome

    async def _computer_moves(self, seen: Game, seat: int, actions: list[Move]) -> Outcome | None:
        if self.state != "playing" or self.game is not seen or self.computer_to_act() != seat:
            log.info("table %s: stale decision of computer seat %s dropped", self.channel_id, seat)
            return None
        outcome = Outcome()
        for action in actions:
            assert self.game is not None
            try:
                _merge(outcome, await self._apply(self.game, seat, action))
            except IllegalAction as exc:  # logged without the card: logs never name unplayed cards
                what = type(action).__name__
                log.warning("table %s: engine refused a %s of computer seat %s (%s)", self.channel_id, what, seat, exc.code)
                continue
            if not isinstance(action, Announce | Klopfen):
                return outcome
        if self.game is not None and self.computer_to_act() == seat:
            _merge(outcome, await self._apply(self.game, seat, _first_legal(self.game, seat)))
        return outcome

    # ---- a table of an event (dokobot.table.event) ---------------------------------------

    async def strike(self) -> bool:
        """The event's time is up (TSR time limit, ``event.timelimit``): the game in play is
        played to its end, then only the Pflichtsoli still owed (vorgeführt), then the list
        ends. Stored, so a restart cuts it the same way. True when the list is over already:
        nothing more is played here."""
        async with self.lock:
            self._require_open()
            marks = self._require_event()
            if self.list_over:
                return True
            if marks.struck_after is None:
                struck = dataclasses.replace(marks, struck_after=self.game_no)
                await self.store.set_event_marks(self.table_id, struck)
                self.event = struck
                if self.state != "playing":  # between games: the game at the limit is over
                    self._cut_list()
            log.info("table %s: the time limit struck the list after game %s", self.channel_id, self.game_no)
            return self.list_over

    async def hold(self, on: bool) -> None:
        """The event is paused (``on``) or goes on: while held the game in play is finished
        and no new game is dealt. Stored, so a restart keeps it."""
        async with self.lock:
            self._require_open()
            marks = self._require_event()
            if marks.held != on:
                held = dataclasses.replace(marks, held=on)
                await self.store.set_event_marks(self.table_id, held)
                self.event = held

    def dealing(self) -> str | None:
        """Why no game may be dealt now (the refusal's code), None when one may."""
        if self.list_over:
            return "list_over"
        if self.event is not None and self.event.held:
            return "held"
        return None

    def _list_step(self, game: ListGame) -> ListStep | None:
        """The booked ``game`` in the list (None: no list). At an event table the list ends
        with it when it was the last (``list_over``); the game at the time limit cuts the
        list, and ends it when nobody there owes a Pflichtsolo."""
        if not self.list_settings.active:
            return None
        list_step = lists.step(self.list_settings_now(), self.list_state, game)
        self.list_state = list_step.after
        if self.event is None:
            return list_step
        if self.struck_after is not None and game.number >= self.struck_after and self._cut_list() \
                and list_step.ended is None:
            ranking = tuple(sorted(list_step.after.totals, key=lambda kv: -kv[1]))
            list_step = dataclasses.replace(list_step, ended=ranking, after=ListState(game.number + 1))
            self.list_state = list_step.after
        self.list_over = self.list_over or list_step.ended is not None
        return list_step

    def _cut_list(self) -> bool:
        """The game at the time limit is over: from now on the list is cut (once) to the games
        counted; over when nobody seated owes a Pflichtsolo. Returns ``list_over``."""
        if self.list_cut is None:
            self.list_cut = timelimit.cut(self.list_settings, self.list_state)
        if timelimit.done_after_strike(self.list_settings_now(), self.list_state, [s.user_id for s in self.seats]):
            self.list_over = True
        return self.list_over

    def _require_event(self) -> EventMarks:
        if self.event is None:
            raise TableError("not_event_table")
        return self.event

    def _require_no_event(self) -> None:
        if self.event is not None:
            raise TableError("event_table")

    def _require_dealing(self) -> None:
        why = self.dealing()
        if why is not None:
            raise TableError(why)

    # ---- checks -----------------------------------------------------------------------

    def _require_open(self) -> None:
        if self.state == "closed":
            raise TableError("closed")

    def _require_host(self, user_id: int, can_manage: bool) -> None:
        if not (can_manage or self.is_host(user_id)):
            raise TableError("not_host", host_id=self.host_id, former=user_id == self.former_host)

    def _require_four(self) -> None:
        if not SEATS <= len(self.seats) <= MAX_SEATS:
            raise TableError("need_four", n=len(self.seats))
        if not self.humans:
            raise TableError("need_human")

    def _seat(self, user_id: int) -> int:
        seat = self.seat_of(user_id)
        if seat is None:
            raise TableError("not_seated")
        return seat


class _GoneStore:
    """The store of a forgotten table: every call fails, so nothing it still does is written."""

    def __init__(self, table_id: int) -> None:
        self.table_id = table_id

    def __getattr__(self, name: str) -> Callable[..., Any]:
        async def refused(*args: Any, **kwargs: Any) -> Any:
            raise StoreError(f"table {self.table_id} is no longer played in this process ({name})")

        return refused


def rule_refusal(exc: RuleError) -> TableError:
    """Rules the engine cannot build, as the RuleError's code (the text ``err.rule.<code>``)
    and the values it names; what a player typed comes back cut short."""
    typed = ("name", "value", "preset")
    params: dict[str, Any] = {k: shorten(str(v)) if k in typed else v for k, v in exc.params.items()}
    return TableError("rule." + exc.code, None, **params)


async def save_channel_rules(
    store: TableStore, channel_id: int, config: dict[str, Any], settings: TableSettings | None = None,
    list_overrides: dict[str, Any] | None = None,
) -> RuleSet:
    """Store a channel's rules (and table settings) for its tables; ``TableError`` on bad rules.
    The list switches (``list_games``, ``pflichtsolo``) go with the rule switches but are the
    table's: ``list_overrides`` as the table has them, else those in ``config`` or kept."""
    engine = {k: v for k, v in config.items() if k not in lists.LIST_KEYS}
    try:
        rules = RuleSet.from_config(engine)
    except RuleError as exc:
        raise rule_refusal(exc) from None
    old = await store.channel_prefs(channel_id)
    if list_overrides is None:  # the list switches given, else the channel's as they were
        kept = {k: v for k, v in old.overrides.items() if k in lists.LIST_KEYS}
        list_overrides = {**kept, **{k: v for k, v in config.items() if k in lists.LIST_KEYS}}
    config = rules.to_config()
    overrides = {**{k: v for k, v in config.items() if k != "preset"}, **list_overrides}
    prefs = dataclasses.replace(old, preset=rules.preset, overrides=overrides)
    if settings is not None:
        prefs = dataclasses.replace(prefs, settings=settings)
    await store.set_channel_prefs(channel_id, prefs)
    return rules


def _first_legal(game: Game, seat: int) -> Move:
    """What a refused computer move becomes: the first move the engine lists for ``seat``
    that is no announcement or knock (the safe answer first: gesund, pass, no Armut)."""
    for move in game.legal_actions(seat):
        if not isinstance(move, Announce | Klopfen):
            return move
    raise IllegalAction("unknown")


def _merge(into: Outcome, part: Outcome) -> None:
    into.notices += part.notices
    into.finished = part.finished or into.finished
    into.new_game = into.new_game or part.new_game
    into.lobby_changed = into.lobby_changed or part.lobby_changed
    into.turn = part.turn or into.turn
    into.gone += part.gone


class Tables:
    """All open tables, one per channel.

    ``rng`` is the random source every table deals with (``secrets.SystemRandom``
    unless a test injects its own).
    """

    def __init__(
        self, store: TableStore, default_preset: str = "ddv", *,
        computer_skill: ai.Skill | None = None, computer_delay: float = COMPUTER_DELAY,
        computer_retry: float = COMPUTER_RETRY, rng: random.Random | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.store = store
        self.rng = rng or secrets.SystemRandom()
        self.clock = clock  # Unix seconds (the bot passes Discord's clock)
        self.computer_retry = computer_retry
        self.default_preset = default_preset
        # given to every table opened or restored here
        self.computer_skill = computer_skill or ai.Skill()
        self.computer_delay = computer_delay
        self.on_outcome: Callable[[Table, Outcome], None] | None = None
        self._tables: dict[int, Table] = {}
        self._open_lock = asyncio.Lock()

    def _new_table(
        self, table_id: int, channel_id: int, guild_id: int | None, host_id: int, rules: dict[str, Any],
        settings: TableSettings | None = None,
    ) -> Table:
        table = Table(
            self.store, table_id, channel_id, guild_id, host_id, rules,
            computer_skill=self.computer_skill, computer_delay=self.computer_delay,
            computer_retry=self.computer_retry, rng=self.rng, settings=settings, clock=self.clock,
        )
        table.on_outcome = self.on_outcome
        return table

    def stop(self) -> None:
        """Stop every computer player and turn timer (shutdown: nothing is written after this)."""
        for table in self._tables.values():
            table.stop_computers()
            table.stop_turn()

    def get(self, channel_id: int) -> Table | None:
        table = self._tables.get(channel_id)
        return table if table is not None and table.state != "closed" else None

    async def forget(self, channel_id: int, *, until_restored: bool = False) -> None:
        """Drop a table from this process without writing (its lease is lost): the
        object dies (``Table.forget``); a lease won back restores a new one.
        ``until_restored``: the lease is won back in the same round, so the dead
        object stays listed until ``restore`` replaces it (a click meanwhile gets
        "not saved", not "no table here")."""
        table = self._tables.get(channel_id)
        if table is None:
            return
        await table.forget()
        if not until_restored and self._tables.get(channel_id) is table:
            del self._tables[channel_id]

    def all(self) -> list[Table]:
        return [t for t in self._tables.values() if t.state != "closed"]

    async def rules_for(self, channel_id: int) -> dict[str, Any]:
        prefs = await self.store.channel_prefs(channel_id)
        return {"preset": prefs.preset or self.default_preset, **prefs.overrides}

    async def settings_for(self, channel_id: int) -> TableSettings:
        return (await self.store.channel_prefs(channel_id)).settings

    async def set_channel_rules(
        self, channel_id: int, config: dict[str, Any], settings: TableSettings | None = None,
    ) -> RuleSet:
        """Rules (and table settings) of a channel without an open table: its next table
        plays them. The caller checks the right to do so (Manage Channels)."""
        async with self._open_lock:
            if self.get(channel_id) is not None:
                raise TableError("table_exists")
            return await save_channel_rules(self.store, channel_id, config, settings)

    async def open(self, channel_id: int, guild_id: int | None, host_id: int, host_name: str) -> Table:
        async with self._open_lock:
            if self.get(channel_id) is not None:
                raise TableError("table_exists")
            rules = await self.rules_for(channel_id)
            settings = await self.settings_for(channel_id)
            host = SeatInfo(host_id, host_name)
            table_id = await self.store.open_table(channel_id, guild_id, host_id, [host])
            table = self._new_table(table_id, channel_id, guild_id, host_id, rules, settings)
            table.seats = [host]  # whoever opens a table wants to play at it
            self._tables[channel_id] = table
            log.info("table opened in channel %s", channel_id)
            return table

    async def open_event_table(
        self, channel_id: int, guild_id: int | None, host_id: int, seats: list[SeatInfo], rules: dict[str, Any],
        settings: TableSettings | None = None,
    ) -> Table:
        """A table of an event in ``channel_id`` (its thread): ``rules`` (preset, switches and
        the list) become the thread's rules, the table opens with exactly ``seats`` (computers
        included) and deals game 1. It belongs to the event: joins, seat and rule changes are
        refused (``event_table``); the event hands seats over (``hand_over_seat``). A failed
        write raises ``StoreError``; a table opened whose first deal failed is closed again."""
        if not SEATS <= len(seats) <= MAX_SEATS or len({s.user_id for s in seats}) != len(seats):
            raise TableError("need_four", n=len(seats))
        if all(s.is_bot for s in seats):
            raise TableError("need_human")
        seated = [_with_level(s) for s in seats]
        async with self._open_lock:
            if self.get(channel_id) is not None:
                raise TableError("table_exists")
            _, list_settings = ListSettings.split(rules)
            await save_channel_rules(self.store, channel_id, rules, settings, list_settings.overrides())
            config, kept = await self.rules_for(channel_id), await self.settings_for(channel_id)
            table_id = await self.store.open_table(channel_id, guild_id, host_id, seated, EventMarks())
            table = self._new_table(table_id, channel_id, guild_id, host_id, config, kept)
            table.seats, table.event = seated, EventMarks()
            self._tables[channel_id] = table
        try:
            await table.start(host_id, True)
        except StoreError:
            await self._close_unplayed(table)
            raise
        log.info("event table opened in channel %s", channel_id)
        return table

    async def _close_unplayed(self, table: Table) -> None:
        """An event table whose first deal failed: closed again, so the event can open it anew."""
        try:
            await table.close(table.host_id, True)
        except StoreError as exc:  # it stays open in the store: a restore brings it back, the host deals
            log.warning("table %s: an event table without its first game stays open: %s", table.channel_id, exc)
        if self._tables.get(table.channel_id) is table and table.state == "closed":
            del self._tables[table.channel_id]

    async def restore(self) -> list[Table]:
        """Rebuild the open tables and their running games after a restart."""
        running = {g.table_id: g for g in await self.store.running_games()}
        for info in await self.store.open_tables():
            await self.forget(info.channel_id)  # never reuse an object: the database is the truth
            table = await self._restore_table(info, running.get(info.table_id))
            self._tables[info.channel_id] = table
        for table in self.all():
            table.wake_computers()  # a game waiting on a computer seat goes on by itself
            try:
                async with table.lock:
                    await table.resume_turn()  # the stored deadline goes on (a new one if none fits)
            except StoreError as exc:  # pragma: no cover - _update_turn only logs without force
                log.warning("table %s: turn timer not resumed: %s", table.channel_id, exc)
        return self.all()

    async def _restore_table(self, info: StoredTable, running: StoredGame | None) -> Table:
        rules = await self.rules_for(info.channel_id)
        settings = await self.settings_for(info.channel_id)
        table = await Table.restored(
            self.store, info, running, rules, settings,
            computer_skill=self.computer_skill, computer_delay=self.computer_delay,
            computer_retry=self.computer_retry, rng=self.rng, clock=self.clock,
        )
        table.on_outcome = self.on_outcome
        return table


