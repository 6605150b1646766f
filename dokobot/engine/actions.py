"""Moves: one typed value per thing a seat can do, and the one codec to the record's actions.

A move carries no seat: the table knows who clicked, and announcements come out of turn, so
the engine is told the seat beside the move (``Game.act(seat, move)``), as python-chess's
``Board.push(move)`` is told nothing but the move. ``parse`` reads one action of the game
record (game-record.md) and ``to_json`` writes it back byte for byte:
``to_json(*parse(a)) == a`` for every action a game records.

``parse`` checks the shape only (an object, a seat number, exactly one action key, values of
the right type); whether the move is legal is the game's question. Fields the record carries
only under some rules (``size``/``pflicht`` at six, ``form`` under ``hochzeit = "choice"``,
``card`` under ``named_card``) are kept as given; ``Game.act`` normalizes them before it
records the move.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .cards import CARD_CODES, parse_code
from .errors import IllegalAction

__all__ = [
    "ACTION_KEYS", "Announce", "ArmutDecline", "ArmutGive", "ArmutReturn", "ArmutTake", "Bid",
    "HochzeitPartner", "Klopfen", "Move", "Play", "Reserve", "parse", "to_json",
]


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card (a code such as ``"CQ"``); ``schwein`` plays a Fuchs as Schwein."""

    card: str
    schwein: bool = False


@dataclass(frozen=True, slots=True)
class Announce:
    """Re, Kontra, keine 90 ... schwarz: ``re`` | ``kontra`` | ``keine90`` | ``keine60`` |
    ``keine30`` | ``schwarz`` (at six also the further steps of its ladder)."""

    what: str


@dataclass(frozen=True, slots=True)
class Reserve:
    """A Vorbehalt answer: ``gesund``, ``hochzeit``, ``armut``, ``schmeissen`` or ``solo``.

    ``solo`` names the solo; at six ``size`` (``gross`` | ``klein``) and ``pflicht`` are part
    of every solo reservation, at four and five ``size`` is None and ``pflicht`` marks a
    Pflichtsolo of a list. ``form`` is the Hochzeit's form under ``hochzeit = "choice"``
    (reading 38), ``card`` the named card under ``named_card``.
    """

    kind: str
    solo: str | None = None
    size: str | None = None
    pflicht: bool = False
    form: str | None = None
    card: str | None = None


@dataclass(frozen=True, slots=True)
class Bid:
    """Six, equal solo reservations (reading 27): a step of the ladder from ``re`` up, or ``pass``."""

    value: str


@dataclass(frozen=True, slots=True)
class HochzeitPartner:
    """The found partner of a Hochzeit takes the partnership or declines it (reading 40)."""

    accept: bool


@dataclass(frozen=True, slots=True)
class ArmutTake:
    """The answer of a seat asked to take an Armut."""

    take: bool


@dataclass(frozen=True, slots=True)
class ArmutGive:
    """The poor seat hands over its trumps (card codes, sorted as the record has them)."""

    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ArmutReturn:
    """The taker gives back as many cards as it took."""

    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class ArmutDecline:
    """``armut_decide = "after"``: the taker hands the Armut back after seeing the cards."""


@dataclass(frozen=True, slots=True)
class Klopfen:
    """A knock, where the rules use Klopfen."""


Move = (Play | Announce | Reserve | Bid | HochzeitPartner | ArmutTake | ArmutGive | ArmutReturn
        | ArmutDecline | Klopfen)

# The record's action keys, one per move type.
ACTION_KEYS = ("reserve", "bid", "armut_take", "armut_give", "armut_return", "armut_decline",
               "klopfen", "announce", "play", "hochzeit_partner")


def parse(action: object, n: int | None = None) -> tuple[int, Move]:
    """One record action as ``(seat, move)``; ``IllegalAction("malformed" | "bad_seat")`` when
    it is not one. With ``n``, the seat must be one of the ``n`` seats."""
    if not isinstance(action, Mapping):
        raise IllegalAction("malformed", what="an action must be an object")
    seat = action.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or seat < 0 or (n is not None and seat >= n):
        raise IllegalAction("bad_seat", seat=seat)
    keys = [k for k in ACTION_KEYS if k in action]
    if len(keys) != 1:
        raise IllegalAction("malformed", what="exactly one of " + ", ".join(ACTION_KEYS) + " expected")
    return seat, _PARSERS[keys[0]](action, action[keys[0]])


def to_json(seat: int, move: Move) -> dict[str, Any]:
    """The record's form of ``move`` by ``seat``: keys in the record's order, optional keys
    only where the record has them."""
    match move:
        case Play(card, schwein):
            return {"seat": seat, "play": card, "schwein": True} if schwein else {"seat": seat, "play": card}
        case Announce(what):
            return {"seat": seat, "announce": what}
        case Reserve():
            return _reserve_json(seat, move)
        case Bid(value):
            return {"seat": seat, "bid": value}
        case HochzeitPartner(accept):
            return {"seat": seat, "hochzeit_partner": accept}
        case ArmutTake(take):
            return {"seat": seat, "armut_take": take}
        case ArmutGive(cards):
            return {"seat": seat, "armut_give": list(cards)}
        case ArmutReturn(cards):
            return {"seat": seat, "armut_return": list(cards)}
        case ArmutDecline():
            return {"seat": seat, "armut_decline": True}
        case Klopfen():
            return {"seat": seat, "klopfen": True}
    raise TypeError(f"not a move: {move!r}")


def _reserve_json(seat: int, move: Reserve) -> dict[str, Any]:
    out: dict[str, Any] = {"seat": seat, "reserve": move.kind}
    if move.kind == "solo":
        out["solo"] = move.solo
        if move.size is not None:  # six: size and pflicht belong to every solo
            out["size"], out["pflicht"] = move.size, move.pflicht
        elif move.pflicht:
            out["pflicht"] = True
    if move.form is not None:
        out["form"] = move.form
    if move.card is not None:
        out["card"] = move.card
    return out


# ---- parsing one key -----------------------------------------------------------------------

def _text(value: object, key: str) -> str:
    if not isinstance(value, str):
        raise IllegalAction("malformed", what=f"{key} must be a string")
    return value


def _flag(value: object, key: str) -> bool:
    if not isinstance(value, bool):
        raise IllegalAction("malformed", what=f"{key} must be true or false")
    return value


def _true(value: object, key: str) -> None:
    if value is not True:
        raise IllegalAction("malformed", what=f"{key} must be true")


def _optional(action: Mapping[str, Any], key: str) -> str | None:
    value = action.get(key)
    return None if value is None else _text(value, key)


def _card(value: object) -> str:
    t = parse_code(value) if isinstance(value, str) else None
    if t is None:
        raise IllegalAction("malformed", what=f"unknown card {value!r}")
    return CARD_CODES[t]


def _cards(value: object) -> tuple[str, ...]:
    """A card list in the record's order (sorted by card type, as ``Game`` writes it)."""
    if not isinstance(value, list):
        raise IllegalAction("malformed", what="a list of cards expected")
    types = [parse_code(c) if isinstance(c, str) else None for c in value]
    for c, t in zip(value, types, strict=True):
        if t is None:
            raise IllegalAction("malformed", what=f"unknown card {c!r}")
    return tuple(CARD_CODES[t] for t in sorted(t for t in types if t is not None))


def _play(action: Mapping[str, Any], value: object) -> Move:
    return Play(_card(value), _flag(action.get("schwein", False), "schwein"))


def _reserve(action: Mapping[str, Any], value: object) -> Move:
    pflicht = action.get("pflicht", False)
    return Reserve(_text(value, "reserve"), _optional(action, "solo"), _optional(action, "size"),
                   _flag(False if pflicht is None else pflicht, "pflicht"),
                   _optional(action, "form"), _optional(action, "card"))


def _decline(action: Mapping[str, Any], value: object) -> Move:
    _true(value, "armut_decline")
    return ArmutDecline()


def _klopfen(action: Mapping[str, Any], value: object) -> Move:
    _true(value, "klopfen")
    return Klopfen()


_PARSERS = {
    "play": _play,
    "announce": lambda action, value: Announce(_text(value, "announce")),
    "reserve": _reserve,
    "bid": lambda action, value: Bid(_text(value, "bid")),
    "hochzeit_partner": lambda action, value: HochzeitPartner(_flag(value, "hochzeit_partner")),
    "armut_take": lambda action, value: ArmutTake(_flag(value, "armut_take")),
    "armut_give": lambda action, value: ArmutGive(_cards(value)),
    "armut_return": lambda action, value: ArmutReturn(_cards(value)),
    "armut_decline": _decline,
    "klopfen": _klopfen,
}
