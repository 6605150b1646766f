"""Kiebitze: friends who watch one seat, privately and one trick late.

The table switch ``kiebitz`` (``off`` / ``consent`` / ``open``) says who may
follow a seat; nobody seated in the game (a seat sitting out at five included)
ever watches it. A watcher is shown the followed seat's hand and play as they
stood one trick ago, built from the seat's ``Observation`` alone, so no other
seat's unplayed card can reach it (docs/tournament.md "Kiebitz").
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field

from dokobot.engine import Observation
from dokobot.engine.cards import parse_code
from dokobot.engine.contracts import order_for, order_kind
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
class WatchView:
    """What a watcher of ``seat`` is shown: the seat's hand when the first trick not shown
    began, and the tricks before it. ``waiting``: nothing yet (the first trick is not done)."""

    seat: int
    hand: tuple[str, ...]
    tricks: tuple[Trick, ...]
    waiting: bool
    finished: bool


def watch_view(obs: Observation) -> WatchView:
    """The watcher's view of the followed seat, one trick late: while trick k+1 is played
    (k tricks complete) the tricks up to k-1 are shown, and the hand the seat held before
    trick k. At the end of the game everything played is shown."""
    if obs.finished:
        return WatchView(obs.seat, (), obs.tricks, False, True)
    done = len(obs.tricks)
    if obs.phase != "play" or done == 0:
        return WatchView(obs.seat, (), (), True, False)
    hidden = [c for s, c in obs.tricks[-1].cards if s == obs.seat]
    hidden += [p.card for p in obs.trick if p.seat == obs.seat]
    order = order_for(order_kind(obs.contract), obs.rules.dullen, obs.rules.joker)
    hand = sorted((*obs.hand, *hidden), key=lambda c: order.position[parse_code(c) or 0])
    return WatchView(obs.seat, tuple(hand), obs.tricks[:-1], False, False)
