"""The event's standings from finished-game rows, and its CSV and JSON export.

Computed from plain rows (event, round, table, player key, points, computer),
so a test can compute them again from stored game records. The ranking rule
(docs/tournament.md "Standings"):

1. The average of the points per round the entrant played, exactly (a fraction).
   For everyone who played every round this orders as the total does, and an
   entrant who missed a round is ranked by what they made in the rounds they
   played, as the DDV ranks across series.
2. Equal averages: more rounds played first.
3. Then more games won (booked with plus points).
4. Still equal: the same rank (1, 2, 2, 4), listed by name.

Computer stand-ins are ranked apart, by the same rule, after the people.
A player who left mid-round keeps the rows of the games they played.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from dokobot.engine import GameResult
from dokobot.table.store import SeatInfo

RULE = "average per round played; then rounds played; then games won; then shared rank"
_FORMULA = ("=", "+", "-", "@", "\t", "\r")  # a spreadsheet reads these as a formula


@dataclass(frozen=True)
class GameRow:
    """One player's points in one finished game of the event."""

    event_id: int
    round: int
    table: int
    player: int
    points: int
    is_computer: bool = False


def rows_of(event_id: int, round_no: int, table_no: int, players: Sequence[SeatInfo], result: GameResult,
            points: Mapping[int, int]) -> list[GameRow]:
    """The rows of one booked game (``points``: user id -> booked points, Bock included):
    one per seat that played it. A redeal is no game, and the seat sitting out at five
    played none."""
    if result.is_redeal:
        return []
    playing = sorted({*result.re, *result.kontra})
    return [GameRow(event_id, round_no, table_no, players[s].user_id, int(points.get(players[s].user_id, 0)),
                    players[s].is_bot) for s in playing]


@dataclass(frozen=True)
class Standing:
    rank: int
    player: int
    name: str
    rounds: tuple[int | None, ...]  # points per round held (None: did not play that round)
    total: int
    games: int
    won: int
    computer: bool

    @property
    def played(self) -> int:
        return sum(1 for r in self.rounds if r is not None)

    @property
    def average(self) -> Fraction:
        return Fraction(self.total, self.played) if self.played else Fraction(0)


@dataclass(frozen=True)
class Standings:
    event_id: int
    rounds: int  # rounds held so far (columns)
    people: tuple[Standing, ...]
    computers: tuple[Standing, ...]


def compute(event_id: int, rows: Iterable[GameRow], names: Mapping[int, str], rounds: int = 0) -> Standings:
    """The standings of ``event_id`` (rows of other events are left out); ``rounds``: at
    least this many round columns (rounds begun without a finished game yet)."""
    mine = [r for r in rows if r.event_id == event_id]
    held = max([rounds, *(r.round for r in mine)])
    per: dict[tuple[int, bool], list[GameRow]] = {}
    for row in mine:
        per.setdefault((row.player, row.is_computer), []).append(row)
    made = [_standing(key, comp, got, held, names) for (key, comp), got in per.items()]
    return Standings(event_id, held, _ranked([s for s in made if not s.computer]),
                     _ranked([s for s in made if s.computer]))


def _standing(key: int, computer: bool, rows: Sequence[GameRow], held: int, names: Mapping[int, str]) -> Standing:
    by_round: list[int | None] = [None] * held
    for row in rows:
        by_round[row.round - 1] = (by_round[row.round - 1] or 0) + row.points
    return Standing(0, key, names.get(key, str(key)), tuple(by_round), sum(r.points for r in rows),
                    len(rows), sum(1 for r in rows if r.points > 0), computer)


def _order(s: Standing) -> tuple[Fraction, int, int]:
    return (-s.average, -s.played, -s.won)


def _ranked(made: list[Standing]) -> tuple[Standing, ...]:
    made.sort(key=lambda s: (_order(s), s.name.casefold(), s.player))
    out: list[Standing] = []
    for i, s in enumerate(made):
        rank = out[-1].rank if out and _order(out[-1]) == _order(s) else i + 1
        out.append(Standing(rank, s.player, s.name, s.rounds, s.total, s.games, s.won, s.computer))
    return tuple(out)


def _cell(name: str) -> str:
    return "'" + name if name.startswith(_FORMULA) else name


def to_csv(table: Standings) -> str:
    """One line per entrant (people, then computers); a name that a spreadsheet would take
    for a formula starts with an apostrophe."""
    buf = io.StringIO()
    out = csv.writer(buf, lineterminator="\n")
    out.writerow(["rank", "name", "player", *(f"round_{i + 1}" for i in range(table.rounds)),
                  "total", "average", "games", "won", "computer"])
    for s in (*table.people, *table.computers):
        out.writerow([s.rank, _cell(s.name), s.player, *("" if r is None else r for r in s.rounds),
                      s.total, f"{float(s.average):.2f}", s.games, s.won, int(s.computer)])
    return buf.getvalue()


def _json_row(s: Standing) -> dict[str, object]:
    return {"rank": s.rank, "name": s.name, "player": s.player, "rounds": list(s.rounds), "total": s.total,
            "average": round(float(s.average), 2), "games": s.games, "won": s.won}


def to_json(table: Standings) -> str:
    return json.dumps({"event": table.event_id, "rounds": table.rounds, "ranking": RULE,
                       "people": [_json_row(s) for s in table.people],
                       "computers": [_json_row(s) for s in table.computers]}, ensure_ascii=False, indent=1)
