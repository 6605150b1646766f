"""The computer players of one table: one task moves for them while one is to act.

The decision (``dokobot.players``, at the seat's level) is made in a thread on
the seat's ``Observation``, an immutable value: the thread never touches the
live game. The move is then applied by the table's callback under the table's
lock, through the same path as a click, store first; a decision the game has
outrun is dropped there. A move that could not be saved is tried again with
growing pauses for as long as the table is open; a person's action ends the
pause at once (``wake``).

The driver reads the table through ``ComputerSeats`` (public attributes only)
and gets the two table steps as callbacks, so this module never imports the
table at run time (no cycle).
"""

from __future__ import annotations

import asyncio
import logging
import random
import re
from collections.abc import Awaitable, Callable
from typing import Any, Generic, Protocol, TypeVar

import dokobot.players as ai
from dokobot.engine import Game, Observation
from dokobot.engine.actions import Move
from dokobot.table.store import SeatInfo, StoreError

log = logging.getLogger(__name__)
# what a move changed (the table's Outcome): passed from ``move`` to ``report``, never read
# here, so this module needs nothing of table.py (which imports it)
_Outcome = TypeVar("_Outcome")

COMPUTER_RETRY_MAX = 60.0  # the pause doubles after each failure, up to this

_LEVEL_RE = re.compile(r"\s*\((" + "|".join(ai.LEVELS) + r")\)$")


def without_level(name: str) -> str:
    """A computer seat's name without its level ("Computer 2 (schwer)" -> "Computer 2")."""
    return _LEVEL_RE.sub("", name).strip()


def retry_pause(retry: float, failures: int) -> float:
    """The pause before the next try after ``failures`` failed ones in a row."""
    return min(retry * 2.0 ** min(failures - 1, 16), COMPUTER_RETRY_MAX)


def _decide(obs: Observation, seed: int, level: str, skill: ai.Skill) -> list[Move]:
    """A computer seat's move (run in a thread): maybe an announcement, then its action."""
    return ai.decide(obs, level, random.Random(seed), skill)


class ComputerSeats(Protocol):
    """What the driver reads of a table (read each time: a test or the host may change it)."""

    channel_id: int
    gone: bool
    game: Game | None
    seats: list[SeatInfo]
    computer_delay: float
    computer_retry: float
    computer_rng: random.Random
    computer_skill: ai.Skill

    def computer_to_act(self) -> int | None: ...


class ComputerDriver(Generic[_Outcome]):
    """The one task of a table that moves for its computer seats.

    ``move(seen, seat, actions)``: called under ``lock``, applies the decision
    unless the game moved on from ``seen`` (then None). ``report``: told what a
    move changed, after the lock is released.
    """

    def __init__(
        self, table: ComputerSeats, lock: asyncio.Lock, *,
        move: Callable[[Game, int, list[Move]], Awaitable[_Outcome | None]],
        report: Callable[[_Outcome], None],
    ) -> None:
        self._table = table
        self._lock = lock
        self._move, self._report = move, report
        self._task: asyncio.Task[None] | None = None
        self._nudge = asyncio.Event()  # ends a retry pause early
        # the pause before each move: asyncio's; a test on virtual time gives one that only
        # its simulated clock ends
        self.pause: Callable[[float], Awaitable[None]] = asyncio.sleep

    @property
    def running(self) -> bool:
        """Its task is alive and not told to stop."""
        task = self._task
        return task is not None and not task.done() and not task.cancelling()

    def start(self) -> None:
        """Let the computer players move while one of them is to act (one task per
        table); a retry pause in progress ends now."""
        if self._table.gone or self._table.computer_to_act() is None:
            return
        self._nudge.set()
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(
                self._run(), name=f"doko-computer-{self._table.channel_id}"
            )
            self._task.add_done_callback(self._ended)

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()

    async def idle(self) -> None:
        """Wait until no computer player is thinking or moving (tests, shutdown)."""
        while self._task is not None and not self._task.done():
            await asyncio.wait([self._task])

    async def _run(self) -> None:
        """Move for the computer seats while one is to act; a failure is tried again
        after a growing pause, never given up, never spinning."""
        table = self._table
        failures = 0
        while not table.gone and (seat := table.computer_to_act()) is not None:
            game = table.game
            assert game is not None
            if table.computer_delay > 0:
                await self.pause(table.computer_delay)  # a pause people can follow
                if table.game is not game:
                    continue
            actions = await self._decision(game, seat)
            try:
                async with self._lock:
                    outcome = await self._move(game, seat, actions)
            except Exception as exc:  # e.g. the database: try again
                failures += 1
                await self._failed(exc, failures)
                continue
            failures = 0
            if outcome is not None:
                try:
                    self._report(outcome)
                except Exception:
                    log.exception("table %s: reporting a computer move failed", table.channel_id)

    async def _decision(self, game: Game, seat: int) -> list[Move]:
        """The seat's decision at its level, made in a thread (no move if it fails:
        the table then plays the first legal one)."""
        table = self._table
        seed = table.computer_rng.getrandbits(64)
        try:
            level = table.seats[seat].level or ai.DEFAULT_LEVEL
            return await asyncio.to_thread(_decide, game.observation(seat), seed, level, table.computer_skill)
        except Exception:
            log.exception("table %s: computer seat %s could not decide", table.channel_id, seat)
            return []

    async def _failed(self, exc: Exception, failures: int) -> None:
        pause = retry_pause(self._table.computer_retry, failures)
        channel = self._table.channel_id
        if isinstance(exc, StoreError):
            log.warning("table %s: computer move not saved (%s), trying again in %.1f s: %s",
                        channel, failures, pause, exc)
        else:
            log.error("table %s: computer move failed, trying again in %.1f s", channel, pause, exc_info=exc)
        await self._pause(pause)

    async def _pause(self, seconds: float) -> None:
        self._nudge.clear()
        try:
            await asyncio.wait_for(self._nudge.wait(), seconds)
        except TimeoutError:
            pass

    def _ended(self, task: asyncio.Task[Any]) -> None:
        """The task's done-callback: an error that escaped the loop is logged, never lost."""
        if not task.cancelled() and task.exception() is not None:
            log.error("table %s: the computer players stopped", self._table.channel_id, exc_info=task.exception())
