"""What one seat may know: an immutable view of a game, and games built back from it.

``Game.observation(seat)`` gives an ``Observation``: the rules, the seat's own
hand (and what it was dealt), the public actions and facts, and what the seat
may do now. It holds no unplayed card of another seat and no private fact of
another seat (who was dealt both Füchse, a silent Hochzeit, an Armut exchange
the seat took no part in): two games that differ only in the other seats'
unplayed cards give equal observations.

``game_from_observation`` builds a ``Game`` at the observed position from the
observation plus a guess of the hidden hands, for computer players' play-outs.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from .actions import Move
from .actions import Play as PlayMove
from .announce import STEPS, STEPS_SIX
from .cards import AUGEN, CARD_CODES, CODE_TO_TYPE, CQ, hand_from_types, parse_code
from .contracts import TRUMP, order_for, order_kind

if TYPE_CHECKING:
    from .game import Game, Trick
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
    knocks: tuple[int, ...]
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
    returned: list[str] = next((a["armut_return"] for a in g.actions if "armut_return" in a), [])
    return Observation(
        rules=g.rules, seat=seat, n=g.n, dealer=g.dealer, seats=tuple(g.seats), n_tricks=g.n_tricks,
        phase=g.phase, to_act=g.to_act, hand=tuple(g.hand(seat)),
        dealt=tuple(CARD_CODES[t] for t in g._dealt[seat]), sizes=tuple(g.sizes),
        contract=contract, parties=tuple(public.get(s) for s in range(g.n)),
        party=_known_party(g, seat), declarer=g.declarer,
        partner=g.partner if g._search and contract == g.contract else None,
        clarify_trick=g.clarify_trick if g._search and contract == g.contract else None,
        reservations=tuple(g.reservations), poor=g.poor, taker=g.taker,
        armut_given=len(g.armut_given), armut_trumps_back=g.armut_trumps_back,
        armut_cards=tuple(CARD_CODES[t] for t in g.armut_given) if in_armut else (),
        armut_returned=tuple(returned) if in_armut else (),
        announcements=tuple(g.announcements), levels=(g._levels[0], g._levels[1]),
        late=(g._late[0], g._late[1]), said_re=(g._said_re[0], g._said_re[1]),
        knocks=tuple(g.knocks), tricks=tuple(g.tricks),
        trick=tuple(Play(s, CARD_CODES[t], sw) for s, t, sw in g._trick),
        legal=tuple(g.legal_actions(seat)),
        may_announce=tuple(g.allowed_announcements(seat)),
        hochzeit_card=g.hochzeit_card, armut_announced=g.armut_announced, size=g.size,
        hochzeit_form=g.hochzeit_form, asking=g.asking,
    )


def _known_party(g: Game, seat: int) -> str | None:
    if g.contract is None or g.contract == "redeal" or seat not in g.seats:
        return None
    return g.party_of(seat)


# ---- games for play-outs ---------------------------------------------------------------


def game_from_observation(obs: Observation, hidden: Mapping[int, Sequence[int]]) -> Game:
    """A game at the observed position in play, the other seats holding ``hidden`` (card types).

    Only public facts and the observing seat's own knowledge go in: the
    contract of a game that looks normal follows the Kreuz-Damen of
    ``hidden`` (two holders: normal; one: a silent Hochzeit), and a seat's
    dealt hand is its guessed hand plus what it played. The game has no
    action log (its ``record()`` lacks the actions): it is for play-outs.
    """
    from .game import Game, next_seats  # game.py imports this module

    if obs.phase not in ("play", "partner", "done"):
        raise ValueError("games are built from observations of the play only")
    g = Game.__new__(Game)
    r = obs.rules
    g.rules, g.n, g.dealer, g.players, g.n_tricks = r, obs.n, obs.dealer, None, obs.n_tricks
    g.seats = obs.seats
    g._next_of = next_seats(obs.seats, obs.n)
    own = [CODE_TO_TYPE[c] for c in obs.hand]
    hands = {s: list(hidden.get(s, ())) for s in obs.seats if s != obs.seat}
    hands[obs.seat] = own
    g._hands = [hand_from_types(hands.get(s, ())) for s in range(obs.n)]
    g.sizes = list(obs.sizes)
    played = {s: [CODE_TO_TYPE[c] for c in obs.played_by(s)] for s in obs.seats}
    g._dealt = tuple(
        tuple(CODE_TO_TYPE[c] for c in obs.dealt) if s == obs.seat
        else tuple(sorted(hands.get(s, []) + played.get(s, []))) for s in range(obs.n))
    g.phase, g.to_act = obs.phase, obs.to_act
    g._reserves = [(s, w, None) for s, w in obs.reservations]
    g.soloist = obs.declarer if (obs.contract or "").startswith("solo:") else None
    contract = obs.contract or "normal"
    seeks = contract == "hochzeit" or contract.startswith("hochzeit:") or obs.size == "klein"
    g.holder = obs.declarer if seeks or contract == "stille_hochzeit" else None
    g.partner, g.clarify_trick = obs.partner, obs.clarify_trick
    g.poor, g.taker, g._armut_asked = obs.poor, obs.taker, 0
    g._armut_ask, g._armut_info = (), obs.armut_announced
    g._named = CODE_TO_TYPE[obs.hochzeit_card] if obs.hochzeit_card else -1
    g._named_by = next((p.seat for p in obs.trick if p.card == obs.hochzeit_card and p.seat != obs.declarer
                       and obs.clarify_trick is None), None)
    # only their number is public: unknown cards stand in as type 0
    g.armut_given = tuple(CODE_TO_TYPE[c] for c in obs.armut_cards) or (0,) * obs.armut_given
    g.armut_trumps_back = obs.armut_trumps_back
    g._trick = [(p.seat, CODE_TO_TYPE[p.card], p.schwein) for p in obs.trick]
    g._tricks_done = [_done(x) for x in obs.tricks]
    g._leader = obs.trick[0].seat if obs.trick else (obs.to_act if obs.to_act is not None else obs.seats[0])
    g._augen, g._won = [0] * obs.n, [0] * obs.n
    for x in obs.tricks:
        g._augen[x.winner] += x.augen
        g._won[x.winner] += 1
    g._levels, g._late, g._said_re = list(obs.levels), list(obs.late), list(obs.said_re)
    g.announcements, g.knocks = list(obs.announcements), list(obs.knocks)
    g._schwein_played = obs.schwein_played
    g.actions, g._final = [], None
    # the table's list only decides who leads a solo and who must play one: settled
    # before play, and the seat's legal reservations already come from the real game
    g.pflicht, g.vorgefuehrt, g.owed = frozenset(), None, None
    g._revealed = {s: p for s, p in enumerate(obs.parties) if p is not None} \
        if contract in ("normal", "stille_hochzeit") or contract.startswith("hochzeit:") else {}
    # five and six at the table (the slots a fresh Game sets in __init__)
    g._trick_size = len(obs.seats)
    g.steps = STEPS_SIX if obs.n == 6 else STEPS
    g._search, g.size, g.third = seeks, obs.size, None
    g._solo_info, g.bidding = (), None
    g._form, g._forms, g.asking = obs.hochzeit_form or r.hochzeit, (), obs.asking
    g._cq_played = sum(t == CQ for ts in played.values() for t in ts)
    _set_contract(g, obs, hands, played)
    return g


def _set_contract(g: Game, obs: Observation, hands: Mapping[int, Sequence[int]],
                  played: Mapping[int, Sequence[int]]) -> None:
    contract = obs.contract or "normal"
    if contract == "normal":
        holders = sorted({s for s in obs.seats if CQ in hands.get(s, ()) or CQ in played.get(s, ())})
        if len(holders) == 1:
            contract, g.holder = "stille_hochzeit", holders[0]
        g._re = frozenset(holders)
    elif contract == "hochzeit" and obs.clarify_trick is None:
        g._re = frozenset({obs.declarer}) if obs.declarer is not None else frozenset()
    elif contract.startswith("hochzeit:"):  # six: the holder, the (guessed) third CQ seat, the partner
        queens = {s for s in obs.seats if CQ in hands.get(s, ()) or CQ in played.get(s, ())}
        others = sorted(queens - {obs.declarer})
        if contract == "hochzeit:klein" and others:
            g.third = others[0]
        public = {s for s, p in enumerate(obs.parties) if p == "re"}
        g._re = frozenset(public | ({g.third} if g.third is not None else set())
                         | ({obs.declarer} if obs.declarer is not None else set()))
    else:
        g._re = frozenset(s for s, p in enumerate(obs.parties) if p == "re")
    g.contract = contract
    g._order = order_for(order_kind(contract), obs.rules.dullen, obs.rules.joker)


def _done(x: Trick) -> tuple[int, list[tuple[int, int, bool]], int, int]:
    plays = [(s, CODE_TO_TYPE[c], i == x.schwein) for i, (s, c) in enumerate(x.cards)]
    return (x.leader, plays, x.winner, sum(AUGEN[t] for _, t, _ in plays))


