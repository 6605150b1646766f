"""An event's standings computed again, independently, from the stored game records.

The acceptance test of a Doppelkopf night (issue 42) compares what the bot shows
with this: every finished game of every table of the event (``event_tables`` ->
``finished_games``) is replayed from its ``dokobot-game/1`` record as ``dokobot
replay`` does (docs/game-record.md), its score times the stored Bock factor is
what each seat that got cards made, and the ranking is the rule written in
docs/tournament.md "Standings":

1. the average of the points per round played (exactly, a fraction);
2. equal averages: more rounds played first;
3. then more games won (booked with plus points);
4. still equal: the same rank (1, 2, 2, 4), listed by name.

Computers are ranked apart, by the same rule. Nothing here calls
``dokobot.table.event.standings`` or the store's ``event_rows``: those are what it checks.
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from dokobot.engine import replay
from dokobot.engine.actions import Announce, Klopfen, Move, Play

MINUS = "\u2212"


@dataclass(frozen=True)
class Booked:
    """One seat's points in one finished game, as recomputed from its record."""

    round: int
    table: int
    number: int  # the game's number at its table
    player: int
    computer: bool
    points: int


@dataclass
class Line:
    """One entrant's line of the recomputed standings."""

    player: int
    computer: bool
    rounds: list[int | None]
    games: int = 0
    won: int = 0
    rank: int = 0
    name: str = ""

    @property
    def total(self) -> int:
        return sum(p for p in self.rounds if p is not None)

    @property
    def played(self) -> int:
        return sum(1 for p in self.rounds if p is not None)

    @property
    def average(self) -> Fraction:
        return Fraction(self.total, self.played) if self.played else Fraction(0)


@dataclass
class Recomputed:
    rounds: int
    people: list[Line] = field(default_factory=list)
    computers: list[Line] = field(default_factory=list)
    booked: list[Booked] = field(default_factory=list)

    def line(self, player: int) -> Line:
        return next(s for s in (*self.people, *self.computers) if s.player == player)


def record_of(game: Any) -> dict[str, Any]:
    """The ``dokobot-game/1`` record of a stored game (as ``/doko protokoll`` hands it out)."""
    return {"format": "dokobot-game/1", "rules": game.rules, "players": [p.name for p in game.players],
            "dealer": game.dealer, "hands": game.hands, "actions": game.actions}


def booked_of(round_no: int, table_no: int, game: Any) -> list[Booked]:
    """Each seat's points in a stored finished game, replayed from its record: none for a
    redeal (no game), none for the seat that sat out at five (no cards). The booked
    points the store keeps must agree with the replay times the Bock factor."""
    result = replay(record_of(game))
    if result["contract"] == "redeal":
        return []
    factor = game.bock or 1
    out = []
    for seat, player in enumerate(game.players):
        if not game.hands[seat]:
            continue
        points = int(result["score"][seat]) * factor
        assert game.scores is None or game.scores.get(player.user_id) == points, (game.number, seat, game.scores)
        out.append(Booked(round_no, table_no, game.number, player.user_id, player.is_bot, points))
    return out


async def recompute(store: Any, event_id: int, names: Mapping[int, str] | None = None,
                    rounds: int = 0) -> Recomputed:
    """The event's standings from the stored records alone (``rounds``: at least this many
    round columns; ``names``: by player key, else the name each seat has in the records)."""
    booked: list[Booked] = []
    seen: dict[int, str] = {}
    for et in sorted(await store.event_tables(event_id), key=lambda e: (e.round, e.table)):
        if et.table_id is not None:
            for game in await store.finished_games(et.table_id):
                booked += booked_of(et.round, et.table, game)
                seen.update((p.user_id, p.name) for p in game.players)
    names = {**seen, **(names or {})}
    held = max([rounds, *(b.round for b in booked)])
    lines: dict[tuple[int, bool], Line] = {}
    for b in booked:
        line = lines.setdefault((b.player, b.computer), Line(b.player, b.computer, [None] * held,
                                                              name=names.get(b.player, str(b.player))))
        line.rounds[b.round - 1] = (line.rounds[b.round - 1] or 0) + b.points
        line.games += 1
        line.won += b.points > 0
    out = Recomputed(held, booked=booked)
    out.people = _rank([s for s in lines.values() if not s.computer])
    out.computers = _rank([s for s in lines.values() if s.computer])
    return out


def _key(s: Line) -> tuple[Fraction, int, int]:
    return (-s.average, -s.played, -s.won)


def _rank(lines: list[Line]) -> list[Line]:
    lines.sort(key=lambda s: (_key(s), s.name.casefold(), s.player))
    for i, s in enumerate(lines):
        s.rank = lines[i - 1].rank if i and _key(lines[i - 1]) == _key(s) else i + 1
    return lines


# ---- reading what the bot shows ---------------------------------------------------------


def csv_rows(text: str) -> list[dict[str, str]]:
    """The export's CSV lines as dicts (header: rank, name, player, round_1 ..., total, ...)."""
    return list(csv.DictReader(io.StringIO(text)))


def expected_csv_cells(table: Recomputed) -> list[dict[str, str]]:
    """What the CSV export must say of each entrant (people, then computers), by column."""
    out = []
    for s in (*table.people, *table.computers):
        cells = {"rank": str(s.rank), "player": str(s.player), "total": str(s.total), "games": str(s.games),
                 "won": str(s.won), "computer": str(int(s.computer))}
        cells.update({f"round_{i + 1}": "" if p is None else str(p) for i, p in enumerate(s.rounds)})
        out.append(cells)
    return out


def _number(text: str) -> int:
    text = text.strip().replace(MINUS, "-").replace("+", "").replace(".", "").replace(",", "")
    return int(text)


ROW = re.compile(r"^\*\*(\d+)\.\*\* (.+?) · (.*) · Σ ([^ ]+) · (\d+) ")
ROUND = re.compile(r"R(\d+) ([^ ·]+)")


def shown_rows(text: str) -> list[tuple[int, str, list[int | None], int, int]]:
    """The standings rows of the message text: (rank, name, points per round or None for a
    round missed, total, games), in the order shown."""
    out = []
    for line in text.splitlines():
        m = ROW.match(line)
        if m is None:
            continue
        rounds = [None if v == "–" else _number(v) for _, v in ROUND.findall(m.group(3))]
        name = re.sub(r"\\(.)", r"\1", m.group(2))  # the markdown escapes undone
        out.append((int(m.group(1)), name, rounds, _number(m.group(4)), int(m.group(5))))
    return out


def expected_rows(table: Recomputed) -> list[tuple[int, str, list[int | None], int, int]]:
    return [(s.rank, s.name, list(s.rounds), s.total, s.games) for s in (*table.people, *table.computers)]


# ---- playing an event's tables fast ---------------------------------------------------------


def first_move(game: Any, seat: int) -> Move:
    """What the test's people do: the safe answer (gesund; the solo a Pflichtsolo vorgeführt
    demands), then the first legal card; never an announcement."""
    return next(m for m in game.legal_actions(seat) if not isinstance(m, (Klopfen, Announce)))


async def play(env: Any, table: Any, cards: int | None = None) -> int:
    """Play the game at ``table`` as its people would, through the table layer, each change
    reported to the bot the way a computer's move is (``table.on_outcome``); the computers
    move by themselves. Until the game is over, or ``cards`` cards later. The cards played."""
    played = waited = 0
    while table.state == "playing" and (cards is None or played < cards):
        await table.computers_idle()
        seat = table.person_to_act()
        if table.state != "playing" or seat is None:
            waited += 1
            assert waited < 100, "a computer is to act and nobody moves"
            await env.settle()
            continue
        move = first_move(table.game, seat)
        outcome = await table.act(table.seats[seat].user_id, table.game_no, move)
        played += isinstance(move, Play)
        table.on_outcome(table, outcome)
    await env.settle()
    return played


def list_over(table: Any) -> bool:
    last = table.last
    return last is not None and last.list_step is not None and last.list_step.ended is not None


async def next_game(env: Any, table: Any) -> None:
    """Deal the table's next game as a seated person's "Nächstes Spiel" would."""
    person = next(s for s in table.seats if not s.is_bot)
    outcome = await table.next_game(person.user_id, table.game_no)
    table.on_outcome(table, outcome)
    await env.settle()
