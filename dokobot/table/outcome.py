"""What a change of a table comes to: the ``Outcome`` the bot presents, a ``FinishedGame``,
a ``TableError`` for bad input, and the notices.

A notice is something the whole table may learn, as a short public line: one frozen class
per kind, ``Notice`` their union. ``notices_of`` turns the engine's events of a move into
the notices they deserve (never a hidden fact); the table makes the others (seats, host,
computers). A consumer matches on the class and ends with ``assert_never``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, TypeAlias, assert_never

from dokobot.engine import Game, GameResult, IllegalAction
from dokobot.engine import events as ev
from dokobot.engine.actions import ArmutDecline, ArmutTake, Play, Reserve
from dokobot.engine.contracts import is_solo
from dokobot.table.lists import ListStep
from dokobot.table.store import SeatInfo
from dokobot.table.turns import TurnEvent

# ---- the game's notices (from the engine's events) ------------------------------------------


@dataclass(frozen=True, slots=True)
class Announced:
    seat: int
    what: str


@dataclass(frozen=True, slots=True)
class ArmutOffered:
    """The poor seat offers its trumps."""

    seat: int


@dataclass(frozen=True, slots=True)
class SoloDeclared:
    seat: int | None
    contract: str  # "solo:KIND"


@dataclass(frozen=True, slots=True)
class HochzeitDeclared:
    seat: int | None


@dataclass(frozen=True, slots=True)
class Redealt:
    """The hand is thrown in; ``seat``: who threw it (Schmeißen), ``reason``: ``schmeissen``,
    ``armut`` (nobody took it), ``klopfen`` (nobody knocked) or ``other``."""

    seat: int | None
    reason: str


@dataclass(frozen=True, slots=True)
class Thrown:
    """A Schmeißen shows the thrown hand to the table, and the triggers it meets."""

    seat: int
    cards: tuple[str, ...]
    triggers: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class HochzeitForm:
    seat: int
    form: str


@dataclass(frozen=True, slots=True)
class PartnerAsked:
    """``hochzeit_partner: may``: ``seat`` is asked to join the ``holder``."""

    seat: int
    holder: int


@dataclass(frozen=True, slots=True)
class PartnerDeclined:
    seat: int
    holder: int


@dataclass(frozen=True, slots=True)
class PartnerFound:
    """The partner search ended: ``partner`` joins the ``holder`` (None: the holder plays alone)."""

    partner: int | None
    holder: int | None


@dataclass(frozen=True, slots=True)
class ArmutTaken:
    seat: int
    poor: int


@dataclass(frozen=True, slots=True)
class ArmutExchanged:
    """The taker returned cards, ``trumps`` of them trumps."""

    seat: int
    trumps: int


@dataclass(frozen=True, slots=True)
class ArmutDeclined:
    seat: int


@dataclass(frozen=True, slots=True)
class Knocked:
    seat: int
    n: int  # knocks so far


# ---- the table's notices ---------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Waiting:
    """``name`` waits for a free seat."""

    name: str


@dataclass(frozen=True, slots=True)
class Seated:
    seat: int | None
    name: str


@dataclass(frozen=True, slots=True)
class SizeChanged:
    """Five or six now sit at the table (what Starten will pick)."""

    n: int


@dataclass(frozen=True, slots=True)
class HostChanged:
    seat: int
    name: str


@dataclass(frozen=True, slots=True)
class Aborted:
    """The host (``user_id``) aborted the running game."""

    seat: int | None
    user_id: int


@dataclass(frozen=True, slots=True)
class Closed:
    user_id: int


@dataclass(frozen=True, slots=True)
class HandedOver:
    seat: int
    old: str
    new: str


@dataclass(frozen=True, slots=True)
class ComputerSwitched:
    """A computer takes the seat over (``on``), or its person plays it again."""

    seat: int
    on: bool


GameNotice: TypeAlias = (
    Announced | ArmutOffered | SoloDeclared | HochzeitDeclared | Redealt | Thrown | HochzeitForm
    | PartnerAsked | PartnerDeclined | PartnerFound | ArmutTaken | ArmutExchanged | ArmutDeclined | Knocked
)
Notice: TypeAlias = (
    GameNotice | Waiting | Seated | SizeChanged | HostChanged | Aborted | Closed | HandedOver | ComputerSwitched
)


def notices_of(game: Game, events: list[ev.Event]) -> list[Notice]:
    """The public lines these engine events deserve (``game``: after the move)."""
    out: list[Notice] = []
    for event in events:
        match event:
            case ev.Announced(seat, what):
                out.append(Announced(seat, what))
            case ev.ArmutOffered(seat):
                out.append(ArmutOffered(seat))
            case ev.ContractSet(seat, contract):
                out += _contract_notices(seat, contract)
            case ev.Redealt():
                out += _redeal_notices(game)
            case ev.HochzeitForm(seat, form):
                out.append(HochzeitForm(seat, form))
            case ev.PartnerAsked(seat) if game.holder is not None:
                out.append(PartnerAsked(seat, game.holder))
            case ev.PartnerAnswered(seat, False) if game.holder is not None:
                out.append(PartnerDeclined(seat, game.holder))
            case ev.ArmutTaken(seat, poor):
                out.append(ArmutTaken(seat, poor))
            case ev.ArmutExchanged(seat, trumps):
                out.append(ArmutExchanged(seat, trumps))
            case ev.ArmutDeclined(seat):
                out.append(ArmutDeclined(seat))
            case ev.Knocked(seat, n):
                out.append(Knocked(seat, n))
            case ev.PartnerFound(partner):
                out.append(PartnerFound(partner, game.holder))
            case (ev.Reserved() | ev.BiddingStarted() | ev.BidMade() | ev.ArmutAnnounced() | ev.ArmutPassed()
                  | ev.ArmutGiven() | ev.HochzeitCard() | ev.CardPlayed() | ev.PartyRevealed() | ev.TrickTaken()
                  | ev.PartnerAsked() | ev.PartnerAnswered() | ev.GameOver()):
                pass  # the table message shows these
            case _:
                assert_never(event)
    return out


def _contract_notices(seat: int | None, contract: str) -> list[Notice]:
    if is_solo(contract):
        return [SoloDeclared(seat, contract)]
    if contract == "hochzeit":
        return [HochzeitDeclared(seat)]
    return []


def _redeal_notices(game: Game) -> list[Notice]:
    out: list[Notice] = [Redealt(_redeal_seat(game), _redeal_reason(game))]
    if game.thrown is not None:  # the rules make the thrown hand public
        seat, cards, triggers = game.thrown
        out.append(Thrown(seat, tuple(cards), tuple(triggers)))
    return out


def _redeal_reason(game: Game) -> str:
    moves = [move for _, move in game.moves]
    if _redeal_seat(game) is not None:
        return "schmeissen"
    if any(isinstance(m, ArmutTake | ArmutDecline) for m in moves):
        return "armut"
    if game.rules.klopfen_redeal and not game.klopfer and any(isinstance(m, Play) for m in moves):
        return "klopfen"
    return "other"


def _redeal_seat(game: Game) -> int | None:
    return next((seat for seat, m in game.moves if isinstance(m, Reserve) and m.kind == "schmeissen"), None)


# ---- what a change comes to -------------------------------------------------------------------


class TableError(Exception):
    """Bad input: nothing changed. ``code`` names the reason."""

    def __init__(self, code: str, engine: IllegalAction | None = None, **params: Any) -> None:
        super().__init__(code)
        self.code = code
        self.engine = engine
        self.params = params


@dataclass
class FinishedGame:
    number: int
    players: list[SeatInfo]
    dealer: int
    result: GameResult
    points: dict[int, int]  # user_id -> points of this game
    totals: dict[int, int]  # user_id -> running total at this table
    record: dict[str, Any]
    bock: int = 1  # the Bock factor this game counted with (points = score × bock)
    bock_fired: tuple[str, ...] = ()  # Bock triggers this game set off (one new round each)
    list_step: ListStep | None = None  # what the game was in the table's list (None: no list)
    analysis: dict[str, Any] | None = None  # its analysis once computed (the bot's, off the loop): the curve


@dataclass
class Outcome:
    notices: list[Notice] = field(default_factory=list)
    finished: FinishedGame | None = None
    new_game: bool = False  # a new game was dealt (start, next, redeal)
    lobby_changed: bool = False
    turn: TurnEvent | None = None  # the turn timer fired
    gone: list[int] = field(default_factory=list)  # user ids who lost their seat (their hands go stale)
