"""The turn clock of one table: a reminder at half time, then the deadline.

The clock itself (``TurnClock``) is the table's state and is stored, so a
restart keeps it. ``TurnTimer`` owns the one asyncio task that sleeps until the
clock's next moment and then lets the table act on it: the table's callback
runs under the table's lock and judges the clock against the state it finds
there (a clock the game has outrun is dropped). What the timer fired is
reported after the lock is released.

The timer knows nothing of seats or games; the table passes it callbacks, so
this module never imports the table (no cycle).
"""

from __future__ import annotations

import asyncio
import dataclasses
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from dokobot.engine import Game
from dokobot.engine.actions import Announce, Klopfen
from dokobot.table.store import TurnClock

log = logging.getLogger(__name__)

FAILED_PAUSE = 1.0  # seconds after a failed firing before the timer looks again: never spin


@dataclass(frozen=True)
class TurnEvent:
    """The turn timer fired: ``kind`` is ``reminder``, ``computer`` (a computer
    took the seat over) or ``wait`` (the host decides); ``user_id`` is the person."""

    kind: str
    seat: int
    user_id: int


def turn_step(game: Game) -> int:
    """Which turn of the game it is: its actions without announcements and knocks.
    A Re or a knock (by anyone) does not move the turn on, so it keeps the clock
    of the seat to act and sends no new reminder."""
    return sum(1 for _, move in game.moves if not isinstance(move, Announce | Klopfen))


def next_alarm(clock: TurnClock | None, timeout: float) -> float | None:
    """When the clock fires next: at half time (the reminder), then at the deadline."""
    if clock is None or clock.expired:
        return None
    return clock.deadline if clock.reminded else clock.deadline - timeout / 2


def fired(clock: TurnClock, final: bool, on_timeout: str) -> tuple[str, TurnClock | None]:
    """What the clock firing means: the kind of event and the clock after it
    (``computer``: none, the seat is played by a computer now)."""
    if not final:
        return "reminder", dataclasses.replace(clock, reminded=True)
    if on_timeout == "computer":
        return "computer", None
    return "wait", dataclasses.replace(clock, reminded=True, expired=True)


class TurnTimer:
    """The one timer task of a table; it follows the table's current clock.

    ``alarm()``: the clock to time now and when it fires next (None: nothing to
    time). ``due(clock, final)``: called under ``lock`` when the moment came;
    returns the event, or None when the clock moved on meanwhile. ``report``:
    told the event after the lock is released. ``live()``: false once the table
    is closed or forgotten (the timer neither starts nor goes on then).
    """

    def __init__(
        self, channel_id: int, lock: asyncio.Lock, *, now: Callable[[], float],
        alarm: Callable[[], tuple[TurnClock, float] | None],
        due: Callable[[TurnClock, bool], Awaitable[TurnEvent | None]],
        report: Callable[[TurnEvent], None], live: Callable[[], bool],
    ) -> None:
        self.channel_id = channel_id
        self._lock = lock
        self._now, self._alarm, self._due, self._report, self._live = now, alarm, due, report, live
        self._task: asyncio.Task[None] | None = None
        self._until: float | None = None  # what the task sleeps until

    @property
    def running(self) -> bool:
        """Its task is alive and not told to stop."""
        task = self._task
        return task is not None and not task.done() and not task.cancelling()

    def start(self) -> None:
        """Let the task follow the current clock: started once, it sleeps until the
        next reminder or deadline and looks again."""
        if not self._live():
            return
        due = self._alarm()
        target = due[1] if due is not None else None
        task = self._task
        if task is not None and not task.done():
            if target is None or (self._until is not None and target >= self._until):
                return  # it wakes at its old target and looks again
            task.cancel()  # rare (a shorter turn_timeout): an earlier target than it sleeps for
        if target is None:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # pragma: no cover - no loop (sync use in tools)
            return
        self._task = loop.create_task(self._run(), name=f"doko-turn-{self.channel_id}")
        self._task.add_done_callback(self._ended)

    def stop(self) -> None:
        """Cancel the task (the stored deadline stays for the next start)."""
        if self._task is not None:
            self._task.cancel()
            self._task = None

    async def fire(self, clock: TurnClock, final: bool) -> bool:
        """The moment of ``clock`` came (``final``: its deadline, else half time): the
        table acts on it under its lock, then hears the event. False: the clock moved on."""
        async with self._lock:
            event = await self._due(clock, final)
        if event is None:
            return False
        try:
            self._report(event)
        except Exception:
            log.exception("table %s: reporting the turn timer failed", self.channel_id)
        return True

    async def _run(self) -> None:
        self._until = None
        while self._live():
            due = self._alarm()
            if due is None:
                return  # nothing to time; the next clock starts the task again
            clock, target = due
            self._until = target
            delay = target - self._now()
            if delay > 0:
                await asyncio.sleep(delay)
                continue  # the clock may have changed meanwhile: look again
            try:
                # a deadline passed while the bot was down: no reminder first
                await self.fire(clock, final=clock.reminded or self._now() >= clock.deadline)
            except Exception:
                log.exception("table %s: the turn timer failed", self.channel_id)
                await asyncio.sleep(FAILED_PAUSE)

    def _ended(self, task: asyncio.Task[Any]) -> None:
        """The task's done-callback: an error that escaped the loop is logged, never lost."""
        if not task.cancelled() and task.exception() is not None:
            log.error("table %s: the turn timer stopped", self.channel_id, exc_info=task.exception())
