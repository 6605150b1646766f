"""What a move makes happen, as values: ``Game.act`` returns a list of these events.

One frozen class per kind, ``Event`` their union: a consumer matches on the class
(``match ev: case CardPlayed(seat, card): ...``) and mypy checks that it handles every
kind (``assert_never``). Every event is public: what the whole table sees or hears (the
cards a poor seat hands over are counted, never named). ``Trick`` is the course of a
finished trick as ``Game.tricks`` and observations keep it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeAlias

from .observation import ArmutInfo


@dataclass(frozen=True, slots=True)
class Reserved:
    """A seat answered in the Vorbehalt round: ``"gesund"`` or ``"vorbehalt"`` (what the table hears)."""

    seat: int
    what: str


@dataclass(frozen=True, slots=True)
class BiddingStarted:
    """Six: equal solo reservations bid; ``seat`` bids first, ``seats`` the category in asking order."""

    seat: int
    seats: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class BidMade:
    """Six: a bid, the step named or held, or ``"pass"``."""

    seat: int
    value: str


@dataclass(frozen=True, slots=True)
class ContractSet:
    """The game's contract stands (``Game.public_contract``); ``seat``: the soloist or the
    Hochzeit holder, None for a normal game."""

    seat: int | None
    contract: str


@dataclass(frozen=True, slots=True)
class ArmutOffered:
    """The poor seat offers its trumps: the other seats are asked in turn."""

    seat: int


@dataclass(frozen=True, slots=True)
class ArmutAnnounced:
    """``armut_announce``: what the poor seat tells the table about its trumps."""

    seat: int
    info: ArmutInfo


@dataclass(frozen=True, slots=True)
class ArmutTaken:
    """``seat`` takes the Armut of the ``poor`` seat."""

    seat: int
    poor: int


@dataclass(frozen=True, slots=True)
class ArmutPassed:
    """The asked seat does not take the Armut."""

    seat: int


@dataclass(frozen=True, slots=True)
class ArmutDeclined:
    """``armut_decide: after``: the asked seat hands the trumps back."""

    seat: int


@dataclass(frozen=True, slots=True)
class ArmutGiven:
    """The poor seat handed ``n`` cards to the taker."""

    seat: int
    n: int


@dataclass(frozen=True, slots=True)
class ArmutExchanged:
    """The taker returned cards, ``trumps`` of them trumps (public)."""

    seat: int
    trumps: int


@dataclass(frozen=True, slots=True)
class Redealt:
    """The hand is thrown in (``Game.game_result`` says why); ``GameOver`` follows."""


@dataclass(frozen=True, slots=True)
class HochzeitCard:
    """``hochzeit: named_card``: the card the holder names."""

    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class HochzeitForm:
    """``hochzeit: choice``: the form the holder's partner is sought by."""

    seat: int
    form: str


@dataclass(frozen=True, slots=True)
class Knocked:
    """Klopfen; ``n``: the knocks so far."""

    seat: int
    n: int


@dataclass(frozen=True, slots=True)
class Announced:
    seat: int
    what: str


@dataclass(frozen=True, slots=True)
class CardPlayed:
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class PartyRevealed:
    """``seat``'s party became public: ``"re"`` or ``"kontra"``."""

    seat: int
    party: str


@dataclass(frozen=True, slots=True)
class TrickTaken:
    """``winner`` took the trick just completed, worth ``augen``."""

    winner: int
    augen: int


@dataclass(frozen=True, slots=True)
class PartnerFound:
    """The partner search ended at trick ``trick`` (its index); ``partner`` None: the holder
    plays alone."""

    partner: int | None
    trick: int


@dataclass(frozen=True, slots=True)
class PartnerAsked:
    """``hochzeit_partner: may``: the seat trick ``trick`` found is asked to join."""

    seat: int
    trick: int


@dataclass(frozen=True, slots=True)
class PartnerAnswered:
    seat: int
    accept: bool


@dataclass(frozen=True, slots=True)
class GameOver:
    """The game is done: ``Game.game_result`` holds its outcome."""


Event: TypeAlias = (
    Reserved | BiddingStarted | BidMade | ContractSet | ArmutOffered | ArmutAnnounced | ArmutTaken
    | ArmutPassed | ArmutDeclined | ArmutGiven | ArmutExchanged | Redealt | HochzeitCard | HochzeitForm
    | Knocked | Announced | CardPlayed | PartyRevealed | TrickTaken | PartnerFound | PartnerAsked
    | PartnerAnswered | GameOver
)


@dataclass(frozen=True, slots=True)
class Trick:
    leader: int
    cards: tuple[tuple[int, str], ...]  # (seat, code) in play order
    winner: int
    augen: int
    schwein: int | None = None  # index in cards of a card played as Schwein

    def __reduce__(self) -> tuple[Any, ...]:
        # copy, deepcopy and pickle rebuild it through __init__: a compiled (mypyc) frozen
        # dataclass refuses the default state restore (it sets the frozen slots)
        return (Trick, (self.leader, self.cards, self.winner, self.augen, self.schwein))
