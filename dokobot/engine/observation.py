"""What one seat may know: an immutable view of a game, and games built back from it.

``Game.observation(seat)`` gives an ``Observation``: the rules, the seat's own
hand (and what it was dealt), the public actions and facts, and what the seat
may do now. It holds no unplayed card of another seat and no private fact of
another seat (who was dealt both Füchse, a silent Hochzeit, an Armut exchange
the seat took no part in): two games that differ only in the other seats'
unplayed cards give equal observations.

``Game.from_observation`` builds a ``Game`` at the observed position from the
observation plus a guess of the hidden hands, for computer players' play-outs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from .actions import Announce, Move
from .actions import Play as PlayMove
from .cards import CARD_CODES, parse_code
from .contracts import TRUMP, order_for, order_kind, seeks_partner

if TYPE_CHECKING:
    from .events import Trick
    from .game import Game
    from .rules import RuleSet


class Play(NamedTuple):
    """One card of the trick on the table."""

    seat: int
    card: str
    schwein: bool = False


class ArmutInfo(NamedTuple):
    """``armut_announce``: what the table learns about the poor seat's trumps."""

    seat: int
    trumps: int
    alte: bool  # a Kreuz-Dame among them


@dataclass(frozen=True, slots=True)
class Observation:
    """Everything ``seat`` may know about the game now, and nothing else."""

    rules: RuleSet
    seat: int
    n: int  # seats at the table (a seat sitting out has size 0)
    dealer: int
    seats: tuple[int, ...]  # the playing seats, in order from left of the dealer
    n_tricks: int
    phase: str
    to_act: int | None
    hand: tuple[str, ...]  # own cards, display order of the contract in force
    dealt: tuple[str, ...]  # own cards as dealt (before any Armut exchange)
    sizes: tuple[int, ...]  # cards each seat holds now
    contract: str | None  # the public contract ("normal" while a silent Hochzeit is hidden)
    parties: tuple[str | None, ...]  # per seat: "re" | "kontra" as made public, else None
    party: str | None  # own real party as the seat knows it (None before it can know)
    declarer: int | None  # public soloist / Hochzeit holder / poor seat
    partner: int | None  # Hochzeit partner once clarified
    clarify_trick: int | None  # index of the trick that settled a Hochzeit
    reservations: tuple[tuple[int, str], ...]  # (seat, "gesund" | "vorbehalt") as heard
    poor: int | None
    taker: int | None
    armut_given: int  # how many cards the poor seat handed over (public)
    armut_trumps_back: int | None  # how many trumps came back (public)
    armut_cards: tuple[str, ...]  # the cards handed over: only for the poor seat and the taker
    armut_returned: tuple[str, ...]  # the cards given back: only for the poor seat and the taker
    announcements: tuple[tuple[int, str], ...]
    levels: tuple[int, int]  # highest step said by Re / Kontra (-1 none, 0 Re/Kontra ... 4 schwarz)
    late: tuple[bool, bool]  # a party replied late and may make no further step
    said_re: tuple[bool, bool]  # plain Re / Kontra said (not implied by Klopfen)
    klopfer: tuple[int, ...]  # the seats that knocked (Klopfen), in order
    tricks: tuple[Trick, ...]  # completed tricks
    trick: tuple[Play, ...]  # the trick on the table
    legal: tuple[Move, ...]  # every move the seat may make now (Game.legal_actions, its order)
    may_announce: tuple[str, ...]  # announcements the seat may make now
    hochzeit_card: str | None = None  # hochzeit named_card: the card the holder named (public)
    armut_announced: ArmutInfo | None = None  # armut_announce: the poor seat's trump count, Alte
    size: str | None = None  # six: "klein" for a kleines Solo (the soloist seeks a partner)
    hochzeit_form: str | None = None  # the form a partner is sought by (public; under choice the holder's)
    asking: tuple[int, int, bool] | None = None  # hochzeit_partner may: the found seat answering (public)

    @property
    def finished(self) -> bool:
        return self.phase == "done"

    @property
    def seeking(self) -> bool:
        """The public contract seeks a partner (a Hochzeit, at six a kleines Solo), as
        ``Game.seeking``; whether it is found: ``clarify_trick``."""
        return seeks_partner(self.contract, self.size)

    @property
    def schwein_played(self) -> bool:
        return any(p.schwein for p in self.trick) or any(x.schwein is not None for x in self.tricks)

    def legal_actions(self) -> list[Move]:
        return list(self.legal)

    def legal_plays(self) -> list[str]:
        """Distinct cards the seat may play now, in hand order."""
        cards = {m.card for m in self.legal if isinstance(m, PlayMove)}
        return [c for c in dict.fromkeys(self.hand) if c in cards]

    def is_trump(self, card: str) -> bool:
        """Trump under the public contract (normal trumps before it is decided)."""
        t = parse_code(card)
        order = order_for(order_kind(self.contract), self.rules.dullen, self.rules.joker)
        return t is not None and order.suit[t] == TRUMP

    def played_by(self, seat: int) -> list[str]:
        """Cards ``seat`` has played so far, in order."""
        out = [c for x in self.tricks for s, c in x.cards if s == seat]
        return out + [p.card for p in self.trick if p.seat == seat]


def observe(g: Game, seat: int) -> Observation:
    """The observation of ``seat`` (see ``Game.observation``)."""
    public = g.public_parties()
    contract = g.public_contract
    in_armut = seat in (g.poor, g.taker) and g.poor is not None
    searched = g.seeking and contract == g.contract  # a partner sought, and the contract is public
    legal = tuple(g.legal_actions(seat))
    return Observation(
        rules=g.rules, seat=seat, n=g.n, dealer=g.dealer, seats=tuple(g.seats), n_tricks=g.n_tricks,
        phase=g.phase, to_act=g.to_act, hand=tuple(g.hand(seat)),
        dealt=g.dealt(seat), sizes=tuple(g.sizes),
        contract=contract, parties=tuple(public.get(s) for s in range(g.n)),
        party=_known_party(g, seat), declarer=g.declarer,
        partner=g.partner if searched else None,
        clarify_trick=g.clarify_trick if searched else None,
        reservations=tuple(g.reservations), poor=g.poor, taker=g.taker,
        armut_given=len(g.armut_given), armut_trumps_back=g.armut_trumps_back,
        armut_cards=tuple(CARD_CODES[t] for t in g.armut_given) if in_armut else (),
        armut_returned=g.armut_returned if in_armut else (),
        announcements=tuple(g.announcements), levels=g.levels, late=g.late, said_re=g.said_re,
        klopfer=tuple(g.klopfer), tricks=tuple(g.tricks),
        trick=tuple(Play(s, CARD_CODES[t], sw) for s, t, sw in g.sim_trick),
        legal=legal,
        # the announcements among the legal moves are the allowed ones (none outside play):
        # read there, not worked out a second time
        may_announce=tuple(m.what for m in legal if isinstance(m, Announce)),
        hochzeit_card=g.hochzeit_card, armut_announced=g.armut_announced, size=g.size,
        hochzeit_form=g.hochzeit_form, asking=g.asking,
    )


def _known_party(g: Game, seat: int) -> str | None:
    if g.contract is None or g.contract == "redeal" or seat not in g.seats:
        return None
    return g.party_of(seat)


