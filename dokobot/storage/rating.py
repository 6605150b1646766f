"""The channel rating: OpenSkill's Plackett-Luce team model over the games.

A game of Doppelkopf is a match of two teams (Re and Kontra) that change from
game to game, and a solo is one against three: a team rating system rates each
person by the teams they won and lost with. Pure functions, no I/O: the stores
call ``rate`` in the game's finishing transaction, and ``dokobot rerate``
replays the same function over the stored games, so both give the same numbers.

- a throw-in (redeal) is no game: nobody is rated;
- five with the dealer out: the dealer got no cards and is not rated;
- computer players are rated per level ("Computer (mittel)"): friends read
  their rating against ``leicht``, ``mittel``, ``schwer``. Two computers of one
  level in a game are one player rated with the mean of their updates.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from openskill.models import PlackettLuce

from dokobot.table.scores import MU, SIGMA, Rating
from dokobot.table.store import player_key

from .seatstats import seat_key

MODEL = PlackettLuce()
assert (MODEL.mu, MODEL.sigma) == (MU, SIGMA)  # 25 and 25/3: where every player starts, as Rating says

__all__ = ["MODEL", "MU", "SIGMA", "Rating", "bot_keys", "level_name", "rate", "rating_key", "teams"]


def level_of(player: Mapping[str, Any]) -> str:
    """A stored computer seat's level: kept with the seat; a seat stored before levels were
    kept (games of versions before 11) has it only at the end of its name ("Computer 2
    (schwer)"), read here, the one place; neither: mittel."""
    level = player.get("level")
    if level is not None:
        return str(level)
    name = str(player.get("name", ""))
    if name.endswith(")") and "(" in name:
        return name[name.rindex("(") + 1 : -1]
    return "mittel"


def level_name(level: str) -> str:
    return f"Computer ({level})"


def rating_key(player: Mapping[str, Any]) -> int:
    """Whom a seat's result is rated under: the person, or the computer's level."""
    if player.get("is_bot"):
        return player_key(None, level_name(level_of(player)))
    return seat_key(player)


def teams(players: Sequence[Mapping[str, Any]], hands: Sequence[Sequence[str]],
          result: Mapping[str, Any]) -> tuple[list[int], list[int]] | None:
    """(Re seats, Kontra seats) of a rated game; None for a throw-in. Seats without
    cards (the dealer sitting out at five) are in neither."""
    if result.get("contract") == "redeal":
        return None
    re = [s for s in result.get("re", []) if hands[s]]
    kontra = [s for s in result.get("kontra", []) if hands[s]]
    return (re, kontra) if re and kontra else None


def rate(current: Mapping[int, Rating], players: Sequence[Mapping[str, Any]], hands: Sequence[Sequence[str]],
         result: Mapping[str, Any]) -> dict[int, Rating]:
    """The new ratings of everyone rated in this game (``current``: their ratings before;
    missing keys start fresh). Empty for a game that is not rated."""
    sides = teams(players, hands, result)
    if sides is None:
        return {}
    keys = [[rating_key(players[s]) for s in side] for side in sides]
    before = {k: current.get(k, Rating()) for side in keys for k in side}
    match = [[MODEL.create_rating([before[k].mu, before[k].sigma]) for k in side] for side in keys]
    winner = result.get("winner")
    ranks: list[float] = [0, 1] if winner == "re" else [1, 0] if winner == "kontra" else [0, 0]
    after = MODEL.rate(match, ranks=ranks)
    new: dict[int, list[tuple[float, float]]] = {}
    for side, rated in zip(keys, after, strict=True):
        for k, r in zip(side, rated, strict=True):
            new.setdefault(k, []).append((r.mu, r.sigma))
    return {k: Rating(sum(m for m, _ in v) / len(v), sum(s for _, s in v) / len(v), before[k].games + 1)
            for k, v in new.items()}


def bot_keys(players: Sequence[Mapping[str, Any]]) -> dict[int, str]:
    """The level keys of the computer players and the name they are shown with."""
    return {rating_key(p): level_name(level_of(p)) for p in players if p.get("is_bot")}
