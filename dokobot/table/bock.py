"""Bock rounds (rules.md "Scoring", switch ``bock``): a table matter, free of Discord.

A finished game can set off one Bock round per trigger that fires; a Bock
round covers one game per seat at the table, starting with the next game: 4
games at four, 5 at five (also when the dealer sits out: every seat deals
once), 6 at six. A game counts ``2 ** k`` times its engine score, k being the
number of Bock rounds with games left when it is played: rounds stack.

The state is a tuple of counters, one per pending round (games it still
covers). It is never stored: ``replay_bock`` derives it from the table's
finished games in order, both live and when a table is restored. The engine's
result stays the plain game; only the booked points are multiplied.

Readings decided here:

- A redeal (Schmeißen, an Armut nobody took) and an aborted game are no games:
  they neither consume Bock games nor set any off.
- A game whose rules have no Bock triggers (``bock: []``, e.g. ``ddv``) counts
  single and drops pending rounds: the host switched Bock off.
- ``tie``: each party has half the Augen (120:120; at six 180:180).
- ``lost_solo``: a solo (``solo:*``, großes or kleines at six, a stille
  Hochzeit, a Hochzeit without partner: a single Re seat, at six a große
  Hochzeit) is lost when Kontra wins; with no winner
  (neither party met its target) it counts as lost only when Kontra got the
  value (Kontra's seats booked points > 0), since an unwon solo with a value
  of 0 or for the soloist is no lost solo.
- ``lost_announcement``: a party that announced (re/kontra or any step) lost
  when the other party won; with no winner, by the same reading as a solo,
  when the other party got the value.
- ``heart_trick``: the engine says whether a heart trick went round
  (``Game.heart_trick``: without nines, four plain hearts in one trick).
- The length of a round is fixed when it is set off: the seats at the game
  that set it off (``BockGame.seats``). Someone joining or leaving later
  neither lengthens nor shortens a pending round (I-sixload-1), so the count
  the table showed stays true, and a restart derives the same state from the
  stored games (each knows its players).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from dokobot.engine import GameResult
from dokobot.engine.actions import Announce, parse

ROUND = 4  # games per Bock round at four; in general one game per seat at the table (BockGame.seats)
TRIGGERS = ("tie", "lost_solo", "lost_announcement", "heart_trick")


@dataclass(frozen=True)
class BockGame:
    """One game of the table, as Bock needs it."""

    triggers: tuple[str, ...]  # the game's ``rules.bock``
    result: GameResult | None  # engine result; None: aborted (no game)
    announcements: tuple[tuple[int, str], ...] = ()  # (seat, announcement) in order
    heart_trick: bool = False  # a heart trick went round (engine ``Game.heart_trick``)
    seats: int = ROUND  # seats at the table in this game (at five with the dealer out too): a round's games

    @classmethod
    def from_record(
        cls, triggers: Iterable[str], result: GameResult | None, actions: Iterable[Mapping[str, Any]],
        heart_trick: bool = False, seats: int = ROUND,
    ) -> BockGame:
        said = tuple((seat, m.what) for seat, m in map(parse, actions) if isinstance(m, Announce))
        return cls(tuple(triggers), result, said, heart_trick, seats)


@dataclass(frozen=True)
class BockState:
    counters: tuple[int, ...] = ()  # per pending round: games it still covers, from the next game on

    @property
    def multiplier(self) -> int:
        """The factor of the next game (if its rules have Bock)."""
        return int(2 ** sum(1 for c in self.counters if c > 0))

    @property
    def games_left(self) -> int:
        """Bock games from the next game on (the longest pending round)."""
        return max(self.counters, default=0)


@dataclass(frozen=True)
class BockStep:
    """What one game did: its factor, the triggers it set off, the state after it."""

    multiplier: int
    fired: tuple[str, ...]
    after: BockState = field(default_factory=BockState)


def is_no_game(result: GameResult | None) -> bool:
    return result is None or result.is_redeal


def _lost(result: GameResult, party: str) -> bool:
    """Whether ``party`` lost: the other party won, or with no winner got the value."""
    other = "kontra" if party == "re" else "re"
    if result.winner is not None:
        return result.winner == other
    score = result.score
    return any(0 <= s < len(score) and score[s] > 0 for s in (result.kontra if other == "kontra" else result.re))


def fired(game: BockGame) -> tuple[str, ...]:
    """The Bock triggers of ``game.triggers`` this finished game sets off, in rule order."""
    res = game.result
    if is_no_game(res):
        return ()
    assert res is not None
    out = []
    for trigger in game.triggers:
        if trigger == "tie":  # half the Augen each: 120:120, at six (360 Augen) 180:180
            hit = res.augen[0] == res.augen[1] > 0
        elif trigger == "lost_solo":
            hit = res.scores_as_solo and _lost(res, "re")
        elif trigger == "lost_announcement":
            parties = {"re" if s in res.re else "kontra" for s, _ in game.announcements}
            hit = any(_lost(res, p) for p in parties)
        elif trigger == "heart_trick":
            hit = game.heart_trick
        else:
            hit = False
        if hit:
            out.append(trigger)
    return tuple(out)


def step(state: BockState, game: BockGame) -> BockStep:
    """Play ``game`` on ``state``: its factor, the new rounds it sets off (one game
    per seat of ``game`` each), the state after."""
    if is_no_game(game.result):
        return BockStep(1, (), state)
    if not game.triggers:  # Bock switched off: single, and nothing pending any more
        return BockStep(1, (), BockState())
    new = fired(game)
    left = tuple(c - 1 for c in state.counters if c - 1 > 0)
    return BockStep(state.multiplier, new, BockState(left + (game.seats,) * len(new)))


def replay_bock(history: Iterable[BockGame]) -> list[BockStep]:
    """Every game's step, in order."""
    state, out = BockState(), []
    for game in history:
        s = step(state, game)
        out.append(s)
        state = s.after
    return out


def booked(score: Sequence[int], multiplier: int) -> list[int]:
    """The points as booked: the engine's score times the Bock factor."""
    return [int(p) * multiplier for p in score]
