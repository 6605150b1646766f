"""``EventSchedule``: an event's start as a Discord Scheduled Event, and the entrants' reminder.

If the host gave a start time, the guild gets an external Scheduled Event for it (this
needs Manage Events: without it the host is told in one line and the event goes on), and
15 minutes before the start the entrants get one reminder in the event's channel. The
store marks it reminded *before* it is sent, so it never goes out twice; a restart
reschedules the reminders still pending.
"""

from __future__ import annotations

from dokobot.bot.event.board import BoardHost
from dokobot.bot.presenter import Clock, DiscordClock
from dokobot.table.event.store import StoredEvent

REMIND_BEFORE = 15 * 60.0  # seconds before the start


class EventSchedule:
    """Scheduled Events and reminders of the events of this process."""

    def __init__(self, bot: BoardHost, clock: Clock | None = None) -> None:
        self.bot = bot
        self.clock: Clock = clock or DiscordClock()

    async def scheduled(self, event: StoredEvent, lang: str | None = None) -> str | None:
        """A new event: its Scheduled Event (if a start is given and permitted) and its reminder.
        Returns a line for the host in ``lang`` when something could not be done (Manage
        Events missing), else None: the caller shows it to the host."""
        raise NotImplementedError

    async def restore(self) -> None:
        """After a restart: the reminders of running events not yet reminded."""
        raise NotImplementedError
