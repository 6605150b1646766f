"""How fast the table message is edited through the channel: Discord's limits as values.

``Pace`` says what Discord allows and how long a burst of computer moves is held back;
``Pacer`` keeps the channel calls of one table and answers how long the next channel edit
waits. It is pure: every method takes the time (seconds, on any clock) as an argument, so
the decisions are tested without waiting (``tests/bot/test_pacing.py``) and the presenter
runs them on Discord's clock (virtual under SimCord).
"""

from __future__ import annotations

import collections
import dataclasses


@dataclasses.dataclass(frozen=True)
class Pace:
    """How the table message is edited through the channel. Discord allows 5 calls per
    5 s per channel, and every channel call counts against the token's global 50 per
    second; edits through an interaction response count against neither."""

    window: float = 5.0  # seconds of Discord's per-channel bucket
    burst: int = 5  # channel calls per window
    gap: float = 1.0  # seconds between two channel edits of the table: a burst of clicks is one edit
    # While computers play on, an edit waits until a person is to act again: their burst is one
    # edit. It waits at most ``hold`` seconds, longer at a bigger table: the computers' pauses of
    # the longest burst there can be (the rest of a trick and the next one up to a person) and a
    # ``gap``. A table where only computers play, or a slow computer, still shows cards meanwhile.
    hold: float = 4.0

    def hold_for(self, delay: float, players: int) -> float:
        """Seconds an edit may wait while computers move ``delay`` s apart among ``players``."""
        if not self.hold:
            return 0.0
        return max(self.hold, delay * 2 * (players - 1) + self.gap)


PACE = Pace()
NO_PACE = Pace(window=0.0, burst=0, gap=0.0, hold=0.0)  # every change shown at once (tests without time)


def default_pace() -> Pace:
    """The pace a bot gets unless it is given one (read at construction: tests may swap it)."""
    return PACE


class Pacer:
    """The channel calls of one table and the wait before its next channel edit."""

    def __init__(self, pace: Pace) -> None:
        self.pace = pace
        self.flush = False  # shutdown: show what waits, now (the bucket still holds)
        self._calls: collections.deque[float] = collections.deque()  # channel calls of the last window
        self._last_edit: float | None = None  # the last channel edit of the table message
        self._since: float | None = None  # since when a change waits to be shown

    def wait(self, now: float, *, computer_delay: float = 0.0, players: int = 0) -> float:
        """Seconds from ``now`` until the table message may be edited through the channel
        (0: now). ``computer_delay``: the computers' pause when a computer moves next (0: a
        person is to act, or computers move without pause); ``players``: the seats in play."""
        pace = self.pace
        if self._since is None:
            self._since = now
        wait = 0.0
        if not self.flush and computer_delay > 0:
            # a computer moves next: its burst is one edit, shown when a person is to act again
            wait = self._since + pace.hold_for(computer_delay, players) - now
        while self._calls and self._calls[0] <= now - pace.window:
            self._calls.popleft()
        if pace.burst and len(self._calls) >= pace.burst:
            wait = max(wait, self._calls[0] + pace.window - now)
        if self._last_edit is not None and not self.flush:
            wait = max(wait, self._last_edit + pace.gap - now)
        return max(wait, 0.0)

    def called(self, now: float, *, edit: bool = False) -> None:
        """A call on the table's channel (it counts against the channel's bucket); ``edit``:
        an edit of the table message."""
        self._calls.append(now)
        if edit:
            self._last_edit = now

    def shown(self) -> None:
        """The table message shows the newest state: nothing waits any more."""
        self._since = None
