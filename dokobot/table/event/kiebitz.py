"""Kiebitze: friends who watch one seat, privately and one trick late.

The table switch ``kiebitz`` (``off`` / ``consent`` / ``open``) says who may
follow a seat; nobody seated in the game (a seat sitting out at five included)
ever watches it. A watcher is shown only what has been played, one trick late:
the finished tricks up to a trick ago (who played what), the announcements and
the parties as public then, the Augen so far. No card still in a hand, the
followed seat's or any other, is ever in the view: it is built from public
``Moment`` values alone (docs/tournament.md "Kiebitz").
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

from dokobot.engine import Observation
from dokobot.engine.events import Trick

from .errors import EventError
from .settings import Kiebitz


def check_watch(mode: Kiebitz, watcher: int, seated: Collection[int], computer: bool, consented: bool) -> None:
    """May ``watcher`` follow a seat of a game with ``seated`` players (user keys, every seat
    at the table)? ``computer``: the seat is a computer's (it needs no consent);
    ``consented``: its player agreed. ``EventError`` says why not."""
    if watcher in seated:
        raise EventError("kiebitz.err.seated")
    if mode == "off":
        raise EventError("kiebitz.err.off")
    if mode == "consent" and not (computer or consented):
        raise EventError("kiebitz.err.consent")


@dataclass(frozen=True)
class Watching:
    """Who follows which seat at one table: watcher -> seat (one seat per watcher)."""

    follows: Mapping[int, int] = field(default_factory=dict)

    def follow(self, watcher: int, seat: int) -> Watching:
        return Watching({**self.follows, watcher: seat})

    def stop(self, watcher: int) -> Watching:
        return Watching({w: s for w, s in self.follows.items() if w != watcher})

    def count(self) -> int:
        return len(self.follows)

    def without_seated(self, seated: Collection[int]) -> tuple[Watching, tuple[int, ...]]:
        """Drop every watcher who now sits at the table (a handed-over seat, a new game):
        the rest, and who was dropped (the bot takes their view away)."""
        gone = tuple(w for w in self.follows if w in seated)
        return Watching({w: s for w, s in self.follows.items() if w not in seated}), gone


@dataclass(frozen=True)
class Moment:
    """The public facts of a game at one point: the finished tricks (who played what),
    the announcements said, the parties as public, the Augen each seat has won. Nothing
    a hand still holds is in it."""

    tricks: tuple[Trick, ...]
    announcements: tuple[tuple[int, str], ...]
    parties: tuple[str | None, ...]
    points: tuple[int, ...]


def moment(obs: Observation) -> Moment:
    """The public part of any seat's observation (every seat's gives the same)."""
    points = [0] * obs.n
    for trick in obs.tricks:
        points[trick.winner] += trick.augen
    return Moment(obs.tricks, obs.announcements, obs.parties, tuple(points))


@dataclass(frozen=True)
class Delay:
    """The moments of one game at its trick boundaries: ``moments[j]`` is the game when
    ``j`` tricks were complete and the next had not begun (the first such point, before any
    announcement made then). The table notes every step of the game (a restart replays the
    record through ``note``), so a watcher can be shown the game one trick late."""

    moments: tuple[Moment, ...] = ()

    def wants(self, phase: str, trick_begun: bool, done: int) -> bool:
        """Does a step that leaves the game in ``phase`` with ``done`` tricks complete (and the
        next ``trick_begun`` or not) add a moment? Only the first point of a new boundary does:
        the replay asks before it builds an observation (most steps add nothing)."""
        return phase == "play" and not trick_begun and done == len(self.moments)

    def note(self, obs: Observation) -> Delay:
        """After any step of the game, with any seat's observation (only public facts are kept)."""
        if not self.wants(obs.phase, bool(obs.trick), len(obs.tricks)):
            return self
        return Delay((*self.moments, moment(obs)))


@dataclass(frozen=True)
class WatchView:
    """What a watcher of ``seat`` is shown: the game as it publicly stood one trick ago
    (``shown``), never a card still in a hand. ``waiting``: nothing yet (the first trick
    is not done)."""

    seat: int
    shown: Moment | None
    finished: bool

    @property
    def waiting(self) -> bool:
        return self.shown is None

    def played(self) -> tuple[str, ...]:
        """The followed seat's cards in the tricks shown, in play order."""
        tricks = self.shown.tricks if self.shown else ()
        return tuple(c for t in tricks for s, c in t.cards if s == self.seat)

    def said(self) -> tuple[str, ...]:
        """The followed seat's announcements up to the point shown."""
        said = self.shown.announcements if self.shown else ()
        return tuple(w for s, w in said if s == self.seat)


def watch_view(seat: int, now: Observation, delay: Delay) -> WatchView:
    """The watcher's view of ``seat``, one trick late: while trick k + 1 is played (k tricks
    complete) the game as it stood when trick k - 1 was complete; ``now`` (any seat's
    observation) only says how far the game is. At the end everything played is shown."""
    if now.finished:
        return WatchView(seat, moment(now), True)
    done = len(now.tricks)
    if done == 0 or len(delay.moments) < done:  # a moment not noted: show nothing rather than guess
        return WatchView(seat, None, False)
    return WatchView(seat, delay.moments[done - 1], False)
