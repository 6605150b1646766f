"""``ChannelGate``: every call an event makes in its channel, spaced on the bot's pace.

An event's channel takes the threads of a round, the event's lines, its standings
message and the reminder before the start. Discord allows ``pace.burst`` calls per
``pace.window`` seconds per channel across all routes; a round of twelve tables opens
twelve threads. Each such call first takes a slot here: one ``Pacer`` per channel (the
table message's, without its edit gap) answers how long the next call waits, on the
bot's clock (virtual under SimCord), so no more than ``burst`` calls fall in any
``window`` of the channel. A pace without a burst (``NO_PACE``) never waits.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from dokobot.bot.pacing import Pace, Pacer
from dokobot.bot.presenter import Clock


class ChannelGate:
    """The event channels' calls: one at a time takes its slot, each channel's bucket kept."""

    def __init__(self, pace: Callable[[], Pace], clock: Clock) -> None:
        self.pace = pace  # read when a channel is first used: tests may swap the bot's pace
        self.clock = clock
        self._pacers: dict[int, Pacer] = {}
        self._locks: dict[int, asyncio.Lock] = {}

    async def slot(self, channel_id: int) -> None:
        """Wait until a call on ``channel_id`` keeps its bucket, and count it as made now."""
        async with self._locks.setdefault(channel_id, asyncio.Lock()):
            pacer = self._pacers.get(channel_id)
            if pacer is None:
                pacer = self._pacers[channel_id] = Pacer(self.pace())
            wait = pacer.wait(self.clock.now())
            while wait > 0:
                await self.clock.sleep(wait)
                wait = pacer.wait(self.clock.now())
            pacer.called(self.clock.now())
