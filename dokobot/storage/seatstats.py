"""Per-seat score rows computed at finish time from the result and the actions.

Pure functions, no I/O: the statistics counters are derived once when a game
is finished so that the statistics query never has to parse JSON.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from dokobot.engine import GameResult
from dokobot.engine.actions import Announce, Move, Reserve
from dokobot.engine.contracts import is_solo, is_stille_hochzeit
from dokobot.table.store import player_key

EXTRA_KEYS = ("fuchs", "doppelkopf", "karlchen", "gegen_die_alten")


def seat_key(player: Mapping[str, Any]) -> int:
    """The id a stored seat ({user_id, name, ...}) is counted under: the table layer's
    ``player_key`` (a seat without user id: a stable negative id from its name)."""
    return player_key(player.get("user_id"), str(player["name"]))


@dataclass(frozen=True)
class SeatScore:
    seat: int
    user_id: int
    party: str | None
    points: int
    won: bool
    is_bot: bool
    size: int  # players who got cards in this game (4, 5 or 6): whose points are comparable
    solo: int = 0
    hochzeit: int = 0
    stille_hochzeit: int = 0
    announcements: int = 0
    doppelkopf: int = 0
    fuchs_caught: int = 0
    fuchs_lost: int = 0
    karlchen: int = 0


def check_result(result: Mapping[str, Any], seats: int) -> None:
    """Reject a result dict that lacks what the scores are computed from."""
    if not isinstance(result, Mapping):
        raise ValueError("result must be a dict")
    if not isinstance(result.get("contract"), str):
        raise ValueError("result has no 'contract'")
    if result.get("winner") not in ("re", "kontra", None):
        raise ValueError(f"result winner must be 're', 'kontra' or null, not {result.get('winner')!r}")
    for party in ("re", "kontra"):
        members = result.get(party, [])
        if not isinstance(members, list) or any(
            not isinstance(s, int) or not 0 <= s < seats for s in members
        ):
            raise ValueError(f"result '{party}' must be a list of seat numbers")
    score = result.get("score")
    if score is not None and (not isinstance(score, list) or len(score) != seats):
        raise ValueError(f"result 'score' must list {seats} seats")


def check_seats(result: GameResult, seats: int) -> None:
    """Reject a typed result whose parties or score do not fit the game's seats."""
    if any(not 0 <= s < seats for s in (*result.re, *result.kontra)):
        raise ValueError("result 're' and 'kontra' must be seat numbers of the game")
    if len(result.score) != seats:
        raise ValueError(f"result 'score' must list {seats} seats")


def score_rows(
    players: Sequence[Mapping[str, Any]],
    hands: Sequence[Sequence[str]],
    result: GameResult,
    moves: Sequence[tuple[int, Move]],
    points: Sequence[int],
) -> list[SeatScore]:
    """One row per seat that played; none for a redeal or a seat sitting out."""
    contract = result.contract
    if result.is_redeal:
        return []  # thrown in and dealt again: not a game for the statistics
    re_seats = set(result.re)
    kontra_seats = set(result.kontra)
    winner = result.winner
    counts = _seat_counters(result, moves)
    size = table_size(hands)
    rows = []
    for seat, player in enumerate(players):
        if not hands[seat]:
            continue  # the dealer sitting out at a table of five
        party = "re" if seat in re_seats else "kontra" if seat in kontra_seats else None
        rows.append(
            SeatScore(
                seat=seat,
                user_id=seat_key(player),
                party=party,
                points=int(points[seat]),
                won=party is not None and party == winner,
                is_bot=bool(player.get("is_bot", False)),
                size=size,
                solo=int(is_solo(contract) and party == "re"),
                hochzeit=int(contract == "hochzeit" and seat in counts["hochzeit_seats"]),
                stille_hochzeit=int(is_stille_hochzeit(contract) and party == "re"),
                **{key: counts[key].get(seat, 0) for key in _COUNTERS},
            )
        )
    return rows


def table_size(hands: Sequence[Sequence[str]]) -> int:
    """How many players got cards: the size points per game are compared at
    (a dealer sitting out at five makes a game of four)."""
    return sum(1 for hand in hands if hand)


_COUNTERS = ("announcements", "doppelkopf", "fuchs_caught", "fuchs_lost", "karlchen")


def _seat_counters(result: GameResult, moves: Sequence[tuple[int, Move]]) -> dict[str, Any]:
    """Count, per seat, announcements (from the moves) and extras (from the result)."""
    counts: dict[str, Any] = {key: {} for key in _COUNTERS}
    counts["hochzeit_seats"] = set()
    for seat, move in moves:
        if isinstance(move, Announce):
            _bump(counts["announcements"], seat)
        elif isinstance(move, Reserve) and move.kind == "hochzeit":
            counts["hochzeit_seats"].add(seat)
    for extra in result.extras:
        if extra.key == "doppelkopf":
            _bump(counts["doppelkopf"], extra.seat)
        elif extra.key == "karlchen":
            _bump(counts["karlchen"], extra.seat)
        elif extra.key == "fuchs":
            _bump(counts["fuchs_caught"], extra.seat)
            _bump(counts["fuchs_lost"], extra.victim)
    return counts


def _bump(counter: dict[int, int], seat: Any) -> None:
    if isinstance(seat, int):
        counter[seat] = counter.get(seat, 0) + 1
