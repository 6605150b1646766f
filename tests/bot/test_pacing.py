"""The pacing of the table message's channel edits, decision by decision, in milliseconds.

Each row is a moment of one table: the channel calls so far (and which were edits of the
table message), the moments an edit was asked for and put off since the last one, whether a
computer moves next (at which seat count and pause), and the seconds the presenter waits
before it edits through the channel. Discord's bucket is 5 calls per 5 s per channel; a gap
of 1 s merges a burst of clicks into one edit; while computers play on, the edit is held for
their burst (longer at five and six seats)."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from dokobot.bot.pacing import NO_PACE, Pace, Pacer


@dataclass(frozen=True)
class Moment:
    name: str
    now: float
    expected: float
    calls: tuple[float, ...] = ()  # channel calls (posts, deletes, edits), in order
    edits: tuple[float, ...] = ()  # of those, the channel edits of the table message
    asked: tuple[float, ...] = ()  # earlier asks for an edit that were put off
    seats: int = 4
    computer_next: bool = False  # a computer is to act next
    delay: float = 0.8  # the computers' pause between two moves
    flush: bool = False  # shutdown: what waits goes out now
    pace: Pace = Pace()


BURST = (10.0, 10.5, 11.0, 11.5, 12.0)

MOMENTS = [
    Moment("a quiet channel: at once", now=50.0, expected=0.0),
    Moment("the gap after an edit", now=10.4, calls=(10.0,), edits=(10.0,), expected=0.6),
    Moment("the gap is over", now=11.5, calls=(10.0,), edits=(10.0,), expected=0.0),
    Moment("a post is no edit: no gap", now=10.4, calls=(10.0,), expected=0.0),
    Moment("the bucket is full", now=12.5, calls=BURST, expected=2.5),
    Moment("the bucket and the gap: the longer", now=12.5, calls=BURST, edits=(12.0,), expected=2.5),
    Moment("four calls: the bucket has room", now=12.5, calls=BURST[1:], expected=0.0),
    Moment("the oldest call left the window", now=15.0, calls=BURST, expected=0.0),
    Moment("a call just inside the window", now=14.9, calls=BURST, expected=0.1),
    Moment("hold at four seats", now=20.0, computer_next=True, expected=5.8),
    Moment("hold at five seats", now=20.0, computer_next=True, seats=5, expected=7.4),
    Moment("hold at six seats", now=20.0, computer_next=True, seats=6, expected=9.0),
    Moment("hold at four seats, quick computers: at least 4 s", now=20.0, computer_next=True, delay=0.3,
           expected=4.0),
    Moment("hold at six seats, quick computers", now=20.0, computer_next=True, seats=6, delay=0.5, expected=6.0),
    Moment("hold counts from the first ask", now=23.0, asked=(20.0,), computer_next=True, expected=2.8),
    Moment("hold counts from the first ask, six seats", now=26.0, asked=(20.0, 23.0), computer_next=True,
           seats=6, expected=3.0),
    Moment("hold is over", now=30.0, asked=(20.0,), computer_next=True, expected=0.0),
    Moment("a person is to act: no hold", now=23.0, asked=(20.0,), expected=0.0),
    Moment("no pause between computers (tests): no hold", now=20.0, computer_next=True, delay=0.0,
           expected=0.0),
    Moment("hold and the gap: the longer", now=20.5, calls=(20.0,), edits=(20.0,), computer_next=True,
           expected=5.8),
    Moment("hold and a full bucket: the longer", now=12.5, calls=BURST, computer_next=True, expected=5.8),
    Moment("shutdown: no hold, no gap", now=10.4, calls=(10.0,), edits=(10.0,), computer_next=True,
           flush=True, expected=0.0),
    Moment("shutdown: the bucket still holds", now=12.5, calls=BURST, computer_next=True, flush=True,
           expected=2.5),
    Moment("no pace: at once", now=12.5, calls=BURST, edits=BURST, computer_next=True, pace=NO_PACE,
           expected=0.0),
    Moment("a pace without hold: no hold", now=20.0, computer_next=True, pace=Pace(hold=0.0), expected=0.0),
]


def decide(m: Moment) -> float:
    """The pacer's wait at ``m.now`` after the calls and asks of ``m``."""
    pacer = Pacer(m.pace)
    pacer.flush = m.flush
    for at in m.calls:
        pacer.called(at, edit=at in m.edits)
    computers = {"computer_delay": m.delay, "players": m.seats} if m.computer_next else {}
    for at in m.asked:
        pacer.wait(at, **computers)
    return pacer.wait(m.now, **computers)


@pytest.mark.parametrize("m", MOMENTS, ids=[m.name for m in MOMENTS])
def test_the_pacer_waits_as_the_pace_says(m: Moment) -> None:
    assert decide(m) == pytest.approx(m.expected, abs=1e-9)


@pytest.mark.parametrize(("seats", "delay", "hold"), [
    (4, 0.8, 5.8), (5, 0.8, 7.4), (6, 0.8, 9.0), (4, 0.5, 4.0), (5, 0.5, 5.0), (6, 0.5, 6.0), (6, 0.0, 4.0),
])
def test_the_hold_grows_with_the_table(seats: int, delay: float, hold: float) -> None:
    """The longest burst of computer pauses between two turns of a person, and a gap."""
    assert Pace().hold_for(delay, seats) == pytest.approx(hold)
    assert NO_PACE.hold_for(delay, seats) == 0.0
