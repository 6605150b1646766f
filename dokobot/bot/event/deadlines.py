"""The round's time limit on the bot's clock: one task per event sleeps until its
deadline and then reports it (``due``); a restart sets the stored deadline again."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from dokobot.bot.presenter import Clock

log = logging.getLogger(__name__)


class Deadlines:
    def __init__(self, clock: Clock, due: Callable[[int], Awaitable[None]]) -> None:
        self.clock, self.due = clock, due
        self._tasks: dict[int, asyncio.Task[None]] = {}

    def set(self, event_id: int, deadline: float | None) -> None:
        """Wake at ``deadline`` (Unix seconds; None: no limit) instead of any earlier one."""
        self.cancel(event_id)
        if deadline is not None:
            self._tasks[event_id] = asyncio.create_task(self._wait(event_id, deadline), name=f"doko-event-{event_id}")

    def cancel(self, event_id: int) -> None:
        task = self._tasks.pop(event_id, None)
        if task is not None:
            task.cancel()

    def pending(self, event_id: int) -> bool:
        return event_id in self._tasks

    def stop(self) -> None:
        for event_id in list(self._tasks):
            self.cancel(event_id)

    async def _wait(self, event_id: int, deadline: float) -> None:
        await self.clock.sleep(max(0.0, deadline - self.clock.now()))
        # no longer cancellable from here: what ``due`` carries out may end this round (and
        # cancel the event's timer) while it runs
        if self._tasks.get(event_id) is asyncio.current_task():
            del self._tasks[event_id]
        try:
            await self.due(event_id)
        except Exception:
            log.exception("event %s: the time limit could not be applied", event_id)
