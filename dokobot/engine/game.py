"""The game state: reservations, Armut exchange, announcements, tricks.

One mutable ``Game`` per dealt hand. ``apply`` takes the actions of the game
record (``{"seat": 1, "play": "CQ"}``), checks them against the rules and
returns events; ``copy`` is cheap so computer players can simulate from any
position. Internally cards are int types and hands 2-bit-count bit masks
(see cards.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace
from functools import cache
from itertools import combinations
from typing import Any, NamedTuple

from . import announce as ann
from .actions import (
    Announce,
    ArmutDecline,
    ArmutGive,
    ArmutReturn,
    ArmutTake,
    Bid,
    HochzeitPartner,
    Klopfen,
    Move,
    Play,
    Reserve,
    to_json,
)
from .actions import parse as parse_action
from .cards import (
    AUGEN,
    CARD_CODES,
    CODE_TO_TYPE,
    CQ,
    DA,
    HEARTS,
    HT,
    JOKER,
    KING,
    NINE,
    SUIT_NAMES,
    count,
    hand_from_types,
    hand_size,
    hand_types,
    one,
    parse_code,
    rank_of,
    type_list,
    types_in,
)
from .contracts import (
    TRUMP,
    Order,
    extras_count,
    found_nobody,
    is_hochzeit,
    is_six_hochzeit,
    is_solo,
    normal_re_sizes,
    order_for,
    order_kind,
    plays_stille_hochzeit,
    scores_as_solo,
    seeks_partner,
)
from .deal import deck, table_rules
from .errors import IllegalAction, Reason
from .events import (
    Announced,
    ArmutAnnounced,
    ArmutDeclined,
    ArmutExchanged,
    ArmutGiven,
    ArmutOffered,
    ArmutPassed,
    ArmutTaken,
    BiddingStarted,
    BidMade,
    CardPlayed,
    ContractSet,
    Event,
    GameOver,
    HochzeitCard,
    HochzeitForm,
    Knocked,
    PartnerAnswered,
    PartnerAsked,
    PartnerFound,
    PartyRevealed,
    Redealt,
    Reserved,
    Trick,
    TrickTaken,
)
from .observation import ArmutInfo, Observation, observe
from .result import BreakdownItem, GameResult
from .rules import HOCHZEIT_FORMS, SOLO_RANK, RuleSet
from .scoring import Scored, score_game, state_so_far

Action = dict[str, Any]  # a record action, e.g. {"seat": 1, "play": "CQ"}
Played = tuple[int, int, bool]  # (seat, card type, played as Schwein)
DoneTrick = tuple[int, list[Played], int, int]  # (leader, plays, winner, Augen)

PHASES = ("reserve", "bid", "armut_take", "armut_give", "armut_return", "play", "partner", "done")
ARMUT_PHASES = ("armut_take", "armut_give", "armut_return")  # the Armut offered, then the exchange
RESERVE_PRIORITY = {"solo": 0, "schmeissen": 1, "armut": 2, "hochzeit": 3}
# the most common event of all, made once per seat: an event is an immutable value, so one
# instance serves every game (a frozen dataclass costs more to build than the tuple it replaced)
_GESUND = tuple(Reserved(s, "gesund") for s in range(6))


def solo_category(pflicht: bool, size: str) -> int:
    """Six: großes Pflicht 0, kleines Pflicht 1, großes Lust 2, kleines Lust 3; the best
    (lowest) category plays, equals bid (reading 26)."""
    return (0 if pflicht else 2) + (0 if size == "gross" else 1)


class Bidding(NamedTuple):
    """Six: bidding between equal solo reservations (reading 27)."""

    seats: tuple[int, ...]  # the category's seats in asking order
    next: int  # index in ``seats`` of the next challenger
    hold: int  # the earlier seat: holds or passes
    chal: int  # the later seat: names a higher step or passes
    step: int  # the step named so far: -1 none, 0 re, 1 the first step of the ladder, ...
    named: tuple[tuple[int, int], ...]  # (seat, last step it named or held)


# the attributes of a Game (its __slots__), a name of their own: a compiled class (mypyc)
# has no __slots__ to read back
_SLOTS = (
    "rules", "n", "dealer", "players", "_dealt", "seats", "_hands", "sizes", "phase", "to_act",
    "_reserves", "contract", "_order", "soloist", "holder", "partner", "clarify_trick",
    "poor", "taker", "_armut_asked", "armut_given", "armut_trumps_back", "armut_returned", "_re",
    "_trick", "_leader", "_tricks_done", "_augen", "_won", "_levels", "_late", "announcements",
    "_said_re", "klopfer", "_schwein_played", "actions", "_revealed", "_final", "_next_of",
    "n_tricks", "_named", "_named_by", "_armut_ask", "_armut_info", "pflicht", "vorgefuehrt",
    "_trick_size", "steps", "_search", "third", "size", "_solo_info", "bidding", "_cq_played",
    "owed", "_form", "_forms", "asking",
)


# ``Game(_BLANK, _NO_HANDS)``: a game with no attribute set, for copy() and from_observation();
# ``Game.__new__`` would do in Python, but a compiled class (mypyc) runs __init__ from it
_BLANK = RuleSet()
_NO_HANDS: list[list[str]] = []


class Game:
    """One dealt game from the Vorbehalt round to the last trick."""

    __slots__ = _SLOTS

    def __init__(self, rules: RuleSet, hands: list[list[str]], dealer: int = 0,
                 players: list[str] | None = None, *, pflicht: frozenset[int] = frozenset(),
                 vorgefuehrt: int | None = None, owed: Mapping[int, Iterable[str]] | None = None) -> None:
        if rules is _BLANK:  # copy() and from_observation() set every attribute themselves
            return
        self._set_list(len(hands), pflicht, vorgefuehrt, owed)
        n = len(hands)
        rules = table_rules(rules, n)
        dealt = tuple([tuple(map(CODE_TO_TYPE.__getitem__, h)) for h in hands])
        seats, next_of = _seating(dealer, tuple([bool(h) for h in dealt]))
        self._set_table(rules, n, rules.hand_size, dealer, list(players) if players else None, seats, next_of)
        self._dealt = dealt
        self._hands = [sum(map(_ONE.__getitem__, h)) for h in dealt]
        self.sizes = [len(h) for h in dealt]
        self.phase = "reserve"
        self.to_act: int | None = seats[0]
        self._reset_contract()
        self._reset_play(seats[0])

    def _set_list(self, n: int, pflicht: frozenset[int], vorgefuehrt: int | None,
                  owed: Mapping[int, Iterable[str]] | None) -> None:
        # A table's list (rules.md "Lists and Pflichtsoli"), not part of the record's rules:
        # a solo of a ``pflicht`` seat is its Pflichtsolo, led by the soloist; the
        # ``vorgefuehrt`` seat must play a solo, and no other seat may play one in this game.
        # ``owed`` (six, a table's game): the sizes each seat still owes as Pflichtsolo; a seat
        # that owes reserves only those, as Pflicht, any other only Lust (I-sixlist-2).
        # None (a replayed record): any reservation stands as recorded.
        self.owed: dict[int, frozenset[str]] | None = None if owed is None or n != 6 else {
            s: frozenset(k) for s, k in owed.items() if k}
        if self.owed:
            pflicht = frozenset(pflicht) | frozenset(self.owed)
        if vorgefuehrt is not None:
            pflicht = frozenset(pflicht) | {vorgefuehrt}
        self.pflicht = pflicht if type(pflicht) is frozenset else frozenset(pflicht)
        self.vorgefuehrt = vorgefuehrt

    def _set_table(self, rules: RuleSet, n: int, n_tricks: int, dealer: int, players: list[str] | None,
                   seats: tuple[int, ...], next_of: Sequence[int]) -> None:
        """Who sits where: the facts of the deal that no action changes (``rules`` for the table)."""
        self.rules, self.n, self.dealer, self.players = rules, n, dealer, players
        self.n_tricks = n_tricks  # also the cards dealt to each seat
        self.seats = seats
        self._next_of: Sequence[int] = next_of  # the seat after each one (the table is shared)
        self._trick_size = len(seats)
        # the announcement ladder after Re/Kontra; six add keine 135 (reading 25)
        self.steps: tuple[str, ...] = ann.STEPS_SIX if n == 6 else ann.STEPS

    def _reset_contract(self) -> None:
        """The Vorbehalt round, contract and Armut state of a fresh deal."""
        rules = self.rules
        self._search = False  # a partner is sought (Hochzeit, kleines Solo): deadlines wait for it
        self.third: int | None = None  # kleine Hochzeit at six: the seat with the third CQ
        self.size: str | None = None  # "klein" for a kleines Solo at six
        self._solo_info: tuple[tuple[int, str, str, bool, str | None], ...] = ()  # six: solo reservations
        self.bidding: Bidding | None = None
        self._reserves: list[tuple[int, str, str | None]] = []
        self.contract: str | None = None
        self._order: Order = order_for("normal", rules.dullen, rules.joker)
        self.soloist: int | None = None
        self.holder: int | None = None
        self.partner: int | None = None
        self.clarify_trick: int | None = None
        self.poor: int | None = None
        self.taker: int | None = None
        self._named = -1  # Hochzeit named_card: the card type that finds the partner
        self._named_by: int | None = None  # the first other seat that played it
        self._form = rules.hochzeit  # the Hochzeit form in force; under choice the holder's (reading 38)
        self._forms: tuple[tuple[int, str], ...] = ()  # choice: (seat, form) of each reservation
        # hochzeit_partner may (reading 40): (found seat, clarifying trick, alone if it declines)
        self.asking: tuple[int, int, bool] | None = None
        self._armut_ask: tuple[int, ...] = ()  # seats asked to take the Armut, in order
        self._armut_info: ArmutInfo | None = None  # armut_announce: public trump count, Alte
        self._armut_asked = 0
        self.armut_given: tuple[int, ...] = ()
        self.armut_trumps_back: int | None = None
        self.armut_returned: tuple[str, ...] = ()  # the cards the taker gave back (as recorded)
        self._re: frozenset[int] = frozenset()

    def _reset_play(self, leader: int) -> None:
        """The tricks, announcements and action log of a game before its first card."""
        n = self.n
        self._cq_played = 0
        self._trick: list[tuple[int, int, bool]] = []  # (seat, type, schwein)
        self._leader = leader
        self._tricks_done: list[DoneTrick] = []
        self._augen = [0] * n
        self._won = [0] * n
        self._levels = [-1, -1]  # highest step said by re / kontra: 0 re/kontra ... 4 schwarz
        self._late = [False, False]
        self.announcements: list[tuple[int, str]] = []
        self._said_re = [False, False]  # plain Re/Kontra said (not implied by Klopfen)
        self.klopfer: list[int] = []  # the seats that knocked (Klopfen), in order: public
        self._schwein_played = False
        self.actions: list[Action] = []
        self._revealed: dict[int, str] = {}
        self._final: Scored | None = None

    # ---- copying -------------------------------------------------------------------------

    def copy(self) -> Game:
        g = Game(_BLANK, _NO_HANDS)
        _share(self, g)  # immutable values and frozen containers: share them
        g._hands, g.sizes, g._trick = self._hands[:], self.sizes[:], self._trick[:]
        g._tricks_done, g._augen, g._won = self._tricks_done[:], self._augen[:], self._won[:]
        g._levels, g._late, g._said_re = self._levels[:], self._late[:], self._said_re[:]
        g._reserves, g.announcements = self._reserves[:], self.announcements[:]
        g.klopfer, g.actions, g._revealed = self.klopfer[:], self.actions[:], self._revealed.copy()
        return g

    # ---- games for play-outs, built from an observation ------------------------------------

    @classmethod
    def from_observation(cls, obs: Observation, hidden: Mapping[int, Sequence[int]]) -> Game:
        """A game at the observed position in play, the other seats holding ``hidden`` (card types).

        Only public facts and the observing seat's own knowledge go in: the
        contract of a game that looks normal follows the Kreuz-Damen of
        ``hidden`` (two holders: normal; one: a silent Hochzeit), and a seat's
        dealt hand is its guessed hand plus what it played. The game has no
        action log (its ``record()`` lacks the actions): it is for play-outs.
        """
        if obs.phase not in ("play", "partner", "done"):
            raise ValueError("games are built from observations of the play only")
        g = cls(_BLANK, _NO_HANDS)
        # the table's list only decides who leads a solo and who must play one: settled
        # before play, and the seat's legal reservations already come from the real game
        g.pflicht, g.vorgefuehrt, g.owed = frozenset(), None, None
        g._set_table(obs.rules, obs.n, obs.n_tricks, obs.dealer, None, obs.seats, next_seats(obs.seats, obs.n))
        hands, played = g._observed_hands(obs, hidden)
        g.phase, g.to_act = obs.phase, obs.to_act
        g._reset_contract()
        g._observed_contract(obs)
        g._reset_play(obs.trick[0].seat if obs.trick else (obs.to_act if obs.to_act is not None else obs.seats[0]))
        g._observed_play(obs, played)
        g._observed_parties(obs, hands, played)
        return g

    def _observed_hands(self, obs: Observation, hidden: Mapping[int, Sequence[int]]
                        ) -> tuple[dict[int, list[int]], dict[int, list[int]]]:
        """Hands now and as dealt: the seat's own, the others' guessed ones plus what they played.
        Returns the hands and the played cards per seat (card types)."""
        own = [CODE_TO_TYPE[c] for c in obs.hand]
        hands = {s: list(hidden.get(s, ())) for s in obs.seats if s != obs.seat}
        hands[obs.seat] = own
        self._hands = [hand_from_types(hands.get(s, ())) for s in range(obs.n)]
        self.sizes = list(obs.sizes)
        played = {s: [CODE_TO_TYPE[c] for c in obs.played_by(s)] for s in obs.seats}
        self._dealt = tuple(
            tuple(CODE_TO_TYPE[c] for c in obs.dealt) if s == obs.seat
            else tuple(sorted(hands.get(s, []) + played.get(s, []))) for s in range(obs.n))
        return hands, played

    def _observed_contract(self, obs: Observation) -> None:
        """The reservations, the declarer and the Armut and Hochzeit facts that are public."""
        self._reserves = [(s, w, None) for s, w in obs.reservations]
        self.soloist = obs.declarer if is_solo(obs.contract) else None
        contract = obs.contract or "normal"
        seeks = seeks_partner(contract, obs.size)
        self.holder = obs.declarer if seeks or contract == "stille_hochzeit" else None
        self.partner, self.clarify_trick = obs.partner, obs.clarify_trick
        self.poor, self.taker = obs.poor, obs.taker
        self._armut_info = obs.armut_announced
        self._named = CODE_TO_TYPE[obs.hochzeit_card] if obs.hochzeit_card else -1
        self._named_by = next((p.seat for p in obs.trick if p.card == obs.hochzeit_card
                               and p.seat != obs.declarer and obs.clarify_trick is None), None)
        # only their number is public: unknown cards stand in as type 0
        self.armut_given = tuple(CODE_TO_TYPE[c] for c in obs.armut_cards) or (0,) * obs.armut_given
        self.armut_trumps_back = obs.armut_trumps_back
        self.armut_returned = obs.armut_returned
        self._search, self.size = seeks, obs.size
        self._form, self.asking = obs.hochzeit_form or obs.rules.hochzeit, obs.asking

    def _observed_play(self, obs: Observation, played: Mapping[int, Sequence[int]]) -> None:
        """The tricks, announcements, knocks and public parties so far."""
        self._trick = [(p.seat, CODE_TO_TYPE[p.card], p.schwein) for p in obs.trick]
        self._tricks_done = [_done(x) for x in obs.tricks]
        for x in obs.tricks:
            self._augen[x.winner] += x.augen
            self._won[x.winner] += 1
        self._levels, self._late, self._said_re = list(obs.levels), list(obs.late), list(obs.said_re)
        self.announcements, self.klopfer = list(obs.announcements), list(obs.klopfer)
        self._schwein_played = obs.schwein_played
        contract = obs.contract or "normal"
        self._revealed = {s: p for s, p in enumerate(obs.parties) if p is not None} \
            if contract in ("normal", "stille_hochzeit") or is_six_hochzeit(contract) else {}
        self._cq_played = sum(t == CQ for ts in played.values() for t in ts)

    def _observed_parties(self, obs: Observation, hands: Mapping[int, Sequence[int]],
                          played: Mapping[int, Sequence[int]]) -> None:
        """The contract and the Re seats: a game that looks normal follows the guessed Kreuz-Damen."""
        contract = obs.contract or "normal"
        if contract == "normal":
            holders = sorted({s for s in obs.seats if CQ in hands.get(s, ()) or CQ in played.get(s, ())})
            if len(holders) == 1:
                contract, self.holder = "stille_hochzeit", holders[0]
            self._re = frozenset(holders)
        elif contract == "hochzeit" and obs.clarify_trick is None:
            self._re = frozenset({obs.declarer}) if obs.declarer is not None else frozenset()
        elif is_six_hochzeit(contract):  # six: the holder, the (guessed) third CQ seat, the partner
            queens = {s for s in obs.seats if CQ in hands.get(s, ()) or CQ in played.get(s, ())}
            others = sorted(queens - {obs.declarer})
            if contract == "hochzeit:klein" and others:
                self.third = others[0]
            public = {s for s, p in enumerate(obs.parties) if p == "re"}
            self._re = frozenset(public | ({self.third} if self.third is not None else set())
                                 | ({obs.declarer} if obs.declarer is not None else set()))
        else:
            self._re = frozenset(s for s, p in enumerate(obs.parties) if p == "re")
        self.contract = contract
        self._order = order_for(order_kind(contract), obs.rules.dullen, obs.rules.joker)

    # ---- queries -------------------------------------------------------------------------

    # Read-only facts for the engine's other modules (announce, scoring, observation) and
    # anyone else: values, or the engine's own objects where noted (never change those).

    @property
    def levels(self) -> tuple[int, int]:
        """Highest step said by Re / Kontra: -1 none, 0 Re/Kontra, j the j-th step of ``steps``."""
        lv = self._levels
        return lv[0], lv[1]

    @property
    def late(self) -> tuple[bool, bool]:
        """Re / Kontra replied late (ddv) and may make no further step."""
        late = self._late
        return late[0], late[1]

    @property
    def said_re(self) -> tuple[bool, bool]:
        """A plain Re / Kontra was said (not implied by Klopfen)."""
        said = self._said_re
        return said[0], said[1]

    @property
    def seeking(self) -> bool:
        """The contract seeks a partner (Hochzeit, kleines Solo); whether it is found: ``clarify_trick``."""
        return self._search

    @property
    def moves(self) -> list[tuple[int, Move]]:
        """The moves so far, typed and in order: ``(seat, move)`` (the record's actions, read back)."""
        return [parse_action(a) for a in self.actions]

    @property
    def tricks_played(self) -> int:
        return len(self._tricks_done)

    @property
    def augen_won(self) -> tuple[int, ...]:
        """Augen of the tricks each seat has won so far."""
        return tuple(self._augen)

    @property
    def tricks_won(self) -> tuple[int, ...]:
        """Tricks each seat has won so far."""
        return tuple(self._won)

    def dealt(self, seat: int) -> tuple[str, ...]:
        """The seat's cards as dealt (before any Armut exchange); private to that seat."""
        return tuple(CARD_CODES[t] for t in self._dealt[seat])

    @property
    def finished(self) -> bool:
        return self.phase == "done"

    def hand(self, seat: int) -> list[str]:
        """The seat's cards in display order of the contract in force."""
        h = self._hands[seat]
        return [CARD_CODES[t] for t in self._sorted(h) for _ in range(count(h, t))]

    def _sorted(self, mask: int) -> list[int]:
        return sorted(type_list(mask), key=self._order.position.__getitem__)

    def is_trump(self, card: str) -> bool:
        t = parse_code(card)
        return t is not None and self._order.suit[t] == TRUMP

    def party_of(self, seat: int) -> str | None:
        """The seat's real party; None while a Hochzeit or kleines Solo has no partner yet (others)."""
        if seat in self._re:
            return "re"
        if self._search and self.clarify_trick is None:
            return None
        return "kontra" if self.contract is not None else None

    def legal_mask(self, seat: int) -> int:
        """Hand mask of the cards the seat may play now (0 when it may not play)."""
        if self.phase != "play" or seat != self.to_act:
            return 0
        return self.sim_legal(seat)

    def sim_legal(self, seat: int) -> int:
        """legal_mask for the seat to play, without the turn check (hot path)."""
        h = self._hands[seat]
        trick = self._trick
        if not trick:
            return h
        first = trick[0]
        order = self._order
        led = TRUMP if first[2] else order.suit[first[1]]
        follow = h & order.masks[led]
        if self.rules.overtrump and (led == TRUMP or not follow):
            # Überstich, inlined: it runs for most cards at six
            mask = follow or h
            trumps = mask & order.masks[TRUMP]
            if not trumps:
                return mask
            if self.rules.schweine:
                return self._overtrump_filter(seat, mask)
            tpow = order.tpow
            top = max([tpow[x[1]] for x in trick])
            if top < 0:
                return mask
            beat = trumps & order.above[top]
            if top == order.dulle_power and self._second_dulle_wins(len(self._tricks_done) == self.n_tricks - 1):
                beat |= trumps & _HT_BITS
            return mask - trumps + beat if beat else mask
        return follow or h

    def _overtrump_filter(self, seat: int, mask: int) -> int:
        """Überstich: a trump onto a trump must beat it when any allowed card can."""
        trumps = mask & self._order.masks[TRUMP]
        if not trumps:
            return mask
        top = self._top_trump()
        if top is None:
            return mask
        beat = trumps & self._order.above[top[0]]
        if top[1] == HT and not top[2] and self._second_dulle_wins(len(self._tricks_done) == self.n_tricks - 1):
            beat |= trumps & _HT_BITS
        if (self.rules.schweine and not beat & _DA_BITS and trumps & _DA_BITS
                and self._schwein_problem(seat, DA) is None and self._beats(DA, True, top)):
            beat |= trumps & _DA_BITS  # only as Schwein; play() checks the flag
        if not beat:
            return mask
        return mask - trumps + beat

    def _top_trump(self) -> tuple[int, int, bool] | None:
        """(power, type, schwein) of the trump now holding the trick, if any."""
        top: tuple[int, int, bool] | None = None
        best = -1
        suit, power = self._order.suit, self._order.power
        for _, t, sw in self._trick:
            if sw:
                p = 900
            elif suit[t] == TRUMP:
                p = power[t]
            else:
                continue
            if p > best or (p == best and t == HT and top is not None and not sw and not top[2]
                            and self._second_dulle_wins(len(self._tricks_done) == self.n_tricks - 1)):
                top, best = (p, t, sw), p
        return top

    def _beats(self, t: int, sw: bool, top: tuple[int, int, bool]) -> bool:
        p = 900 if sw else self._order.power[t]
        last = len(self._tricks_done) == self.n_tricks - 1
        return p > top[0] or (t == HT == top[1] and not sw and not top[2]
                              and self._second_dulle_wins(last))

    def legal_plays(self, seat: int) -> list[str]:
        return [CARD_CODES[t] for t in self._sorted(self.legal_mask(seat))]

    def may_schwein(self, seat: int) -> bool:
        """Whether the seat may now play a Fuchs as Schwein."""
        return bool(count(self.legal_mask(seat), DA)) and self._schwein_problem(seat, DA) is None

    def play_moves(self, seat: int) -> list[Move]:
        """Every play the seat may make now (Schwein variants after the plain card): the
        ``Play`` moves of ``legal_actions``, without working out the announcements."""
        out: list[Move] = []
        for t in self._sorted(self.legal_mask(seat)):  # legal_plays, without the codes' round trip
            card = CARD_CODES[t]
            if t != DA or not self.rules.overtrump or self.sim_beats_as_needed(seat, t, False):
                out.append(Play(card))
            if t == DA and self.may_schwein(seat):
                out.append(Play(card, True))
        return out

    def _reserve_moves(self, seat: int) -> list[Move]:
        """The reservations the seat may make now: gesund first, then Hochzeit, Armut,
        Schmeißen, the solos (at six per size and Pflicht, as the list allows)."""
        if self.phase != "reserve" or seat != self.to_act:
            return []
        out: list[Move] = [Reserve("gesund")]
        # the cards a Hochzeit or kleines Solo may name: the same for each of them, listed once
        cards = self.nameable_cards(seat) if self.rules.hochzeit in ("named_card", "choice") else []
        for kind in ("hochzeit", "armut", "schmeissen"):
            if self._reserve_problem(seat, kind, None) is None:
                out += self._with_forms(Reserve(kind), cards) if kind == "hochzeit" else [Reserve(kind)]
        for k in self.rules.solos:
            if self._reserve_problem(seat, "solo", k) is not None:
                continue
            if self.n != 6:
                out.append(Reserve("solo", k))
                continue
            for size in ("gross", "klein"):
                for pflicht in (False, True):
                    if not self._owed_problem(seat, size, pflicht):
                        solo = Reserve("solo", k, size, pflicht)
                        out += self._with_forms(solo, cards) if size == "klein" else [solo]
        if seat == self.vorgefuehrt:
            out = [m for m in out if isinstance(m, Reserve) and m.kind == "solo"]
        return out

    def _with_forms(self, base: Reserve, cards: list[str]) -> list[Move]:
        """A Hochzeit (or kleines Solo) reservation as the ``hochzeit`` switch wants it: under
        ``choice`` one per form with ``form`` (reading 38), under ``named_card`` one per card
        of ``cards`` (``nameable_cards``)."""
        choice = self.rules.hochzeit == "choice"
        out: list[Move] = []
        for form in HOCHZEIT_FORMS if choice else (self.rules.hochzeit,):
            move = replace(base, form=form) if choice else base
            if form == "named_card":  # built directly: dataclasses.replace per card costs 5x more
                out += [Reserve(move.kind, move.solo, move.size, move.pflicht, move.form, c) for c in cards]
            else:
                out.append(move)
        return out

    def nameable_cards(self, seat: int, solo: str | None = None) -> list[str]:
        """Hochzeit ``named_card``: any card of the deck but a ``CQ`` that the seat does not hold
        in every copy (twice, three times at six; the one ``JO``), in display order of the normal
        game (reading 39). ``solo`` is kept for the callers: the rule is the same in a kleines Solo."""
        h, deck_mask = self._hands[seat], _deck_mask(self.rules)
        return [CARD_CODES[t] for t in self._sorted(deck_mask) if t != CQ and count(h, t) < count(deck_mask, t)]

    def can_klopfen(self, seat: int) -> bool:
        """Whether the seat may knock now (``klopfen``)."""
        return self._klopfen_problem(seat) is None

    @property
    def armut_announced(self) -> ArmutInfo | None:
        """``armut_announce``: the poor seat's trump count and whether an Alte is among them (public)."""
        return self._armut_info

    @property
    def hochzeit_card(self) -> str | None:
        """Hochzeit ``named_card``: the card the holder named (public), else None."""
        return CARD_CODES[self._named] if self._named >= 0 else None

    @property
    def hochzeit_form(self) -> str | None:
        """The form the partner is sought by (a Hochzeit, a kleines Solo), public; else None."""
        return self._form if self._search else None

    @property
    def heart_trick(self) -> bool:
        """Bock ``heart_trick``: without nines, a trick of four plain hearts (no trump) went round."""
        if self.rules.nines:
            return False
        suit = self._order.suit
        return any(all(not sw and suit[t] == HEARTS for _, t, sw in x[1]) for x in self._tricks_done)

    def allowed_announcements(self, seat: int) -> list[str]:
        return [a for a in ("re", "kontra", *self.steps) if ann.problem(self, seat, a) is None]

    def can_announce(self, seat: int, what: str) -> bool:
        return ann.problem(self, seat, what) is None

    @property
    def current_trick(self) -> list[tuple[int, str]]:
        return [(s, CARD_CODES[t]) for s, t, _ in self._trick]

    @property
    def current_schwein(self) -> int | None:
        """Index in ``current_trick`` of a Fuchs played as Schwein, or None (like ``Trick.schwein``)."""
        return next((i for i, p in enumerate(self._trick) if p[2]), None)

    @property
    def tricks(self) -> list[Trick]:
        return [_trick(x) for x in self._tricks_done]

    @property
    def reservations(self) -> list[tuple[int, str]]:
        """What the table hears in the Vorbehalt round: gesund or Vorbehalt."""
        return [(s, "gesund" if k == "gesund" else "vorbehalt") for s, k, _ in self._reserves]

    @property
    def public_contract(self) -> str | None:
        if self.contract == "stille_hochzeit" and len(self._revealed) < self._n_active:
            return "normal"
        return self.contract

    @property
    def declarer(self) -> int | None:
        """The seat the public contract belongs to: the soloist, the Hochzeit holder (also of a
        stille Hochzeit once public), the poor seat of an Armut; None in a normal game."""
        contract = self.public_contract
        if contract is None:
            return self.poor
        if is_solo(contract):
            return self.soloist
        if is_hochzeit(contract) or contract == "stille_hochzeit":
            return self.holder
        return self.poor if contract == "armut" else None

    @property
    def _n_active(self) -> int:
        return len(self.seats)

    def public_parties(self) -> dict[int, str]:
        """Parties as the rules have made them public so far."""
        c = self.contract
        if c is None or c == "redeal":
            return {}
        if is_six_hochzeit(c):
            return self._public_six_hochzeit()
        if self._search and self.clarify_trick is None and self.holder is not None:
            return {self.holder: "re"}
        if is_solo(c) or c in ("armut", "hochzeit"):
            return {s: ("re" if s in self._re else "kontra") for s in self.seats}
        return dict(self._revealed)

    def _public_six_hochzeit(self) -> dict[int, str]:
        """Hochzeit at six: the holder, the partner once found, the seats that showed a CQ; the rest
        once every Re seat is known (the clarification tells kleine from große)."""
        known = dict(self._revealed)
        if self.holder is not None:
            known[self.holder] = "re"
        if self.clarify_trick is None:
            return known
        if self.partner is not None:
            known[self.partner] = "re"
        if sum(p == "re" for p in known.values()) == len(self._re):
            for s in self.seats:
                known.setdefault(s, "kontra")
        return known

    # ---- applying actions ----------------------------------------------------------------

    def apply(self, action: Action) -> list[Event]:
        """Check and apply one record action (the parsing entry: records, replay, tests);
        IllegalAction leaves the state unchanged. Codes in the order of the checks:
        ``malformed`` / ``bad_seat`` (the shape), ``game_over``, ``sits_out``, then the move's."""
        return self.act(*parse_action(action, self.n))

    def act(self, seat: int, move: Move) -> list[Event]:
        """Check and make one move of ``seat`` (the typed entry); the record keeps the move as
        normalized here (``actions.to_json``). IllegalAction leaves the state unchanged."""
        if (type(move) is Reserve and move.kind == "gesund" and seat == self.to_act and self.phase == "reserve"
                and self.vorgefuehrt is None):  # the common answer, the short way (form and card never count)
            events = self._gesund(seat)
            self.actions.append({"seat": seat, "reserve": "gesund"})  # to_json(seat, Reserve("gesund")), inline
            return events
        if not 0 <= seat < self.n:
            raise IllegalAction("bad_seat", seat=seat)
        if self.phase == "done":
            raise IllegalAction("game_over")
        if not self._dealt[seat]:  # five at the table: the dealer sits out (readings 21, 32)
            raise IllegalAction("sits_out", seat=seat)
        match move:
            case Play(card, schwein):
                t = CODE_TO_TYPE.get(card)
                if t is None or (t == JOKER and not self.rules.joker):
                    raise IllegalAction("malformed", what=f"unknown card {card!r}")
                events = self._play_card(seat, t, schwein)
            case Announce(what):
                events = self._announce(seat, what)
            case Reserve():
                move, events = self._reserve_move(seat, move)
            case Bid(value):
                events = self._bid(seat, value)
            case HochzeitPartner(accept):
                events = self._hochzeit_answer(seat, accept)
            case ArmutTake(take):
                events = self._armut_take(seat, take)
            case ArmutGive(cards):
                types = _parse_cards(list(cards))
                events = self._armut_give(seat, types)
                move = ArmutGive(tuple(CARD_CODES[t] for t in types))
            case ArmutReturn(cards):
                types = _parse_cards(list(cards))
                events = self._armut_return(seat, types)
                move = ArmutReturn(tuple(CARD_CODES[t] for t in types))
            case ArmutDecline():
                events = self._armut_decline(seat)
            case Klopfen():
                events = self._klopfen(seat)
            case _:
                raise IllegalAction("malformed", what=f"not a move: {move!r}")
        self.actions.append(to_json(seat, move))
        return events

    def _reserve_move(self, seat: int, m: Reserve) -> tuple[Reserve, list[Event]]:
        """Make a reservation; with it the reservation as the record keeps it: at six a solo
        always has ``size`` and ``pflicht``, at four and five no size; ``form`` and ``card``
        only where they count (I-04: the card only under named_card, with a Hochzeit or a
        kleines Solo at six)."""
        names = m.kind == "hochzeit" or (m.kind == "solo" and m.size == "klein")
        choice = names and self.rules.hochzeit == "choice"
        form = m.form if choice else None
        card = m.card if names and (form if choice else self.rules.hochzeit) == "named_card" else None
        if choice and form not in HOCHZEIT_FORMS:  # reading 38: the form is part of the reservation
            raise IllegalAction("malformed", what="the Hochzeit names its form: " + ", ".join(HOCHZEIT_FORMS))
        events = self._reserve(seat, m.kind, m.solo, card, m.size, m.pflicht, form)
        if m.kind != "solo":
            return Reserve(m.kind, form=form, card=card), events
        size = (m.size or "gross") if self.n == 6 else None
        return Reserve("solo", m.solo, size, m.pflicht, form, card), events

    def _expect(self, seat: int, phase: str, what: str) -> None:
        if self.phase != phase:
            raise IllegalAction("wrong_phase", seat=seat, what=what, why=_PHASE_WHY[self.phase])
        if seat != self.to_act:
            raise IllegalAction("not_your_turn", seat=seat, expected=self.to_act)

    # ---- Vorbehalt -----------------------------------------------------------------------

    def _reserve(self, seat: int, kind: object, solo: object = None, card: object = None,
                size: object = None, pflicht: object = None, form: str | None = None) -> list[Event]:
        if (kind == "gesund" and card is None and self.vorgefuehrt is None and self.phase == "reserve"
                and seat == self.to_act):  # the common answer, checked the short way
            return self._gesund(seat)
        self._expect(seat, "reserve", "declare a reservation")
        if kind not in ("gesund", "hochzeit", "solo", "armut", "schmeissen"):
            raise IllegalAction("malformed", what=f"unknown reservation {kind!r}")
        if self.vorgefuehrt is not None and (self.vorgefuehrt == seat) != (kind == "solo"):
            raise IllegalAction("vorgefuehrt", seat=seat, what=_reserve_name(kind, solo), vorgefuehrt=self.vorgefuehrt)
        if kind == "gesund":
            if card is not None:
                raise IllegalAction("malformed", what="only a Hochzeit names a card")
            return self._gesund(seat)
        self._check_reservation(seat, kind, solo, card, size, pflicht, form)
        if form is not None:
            self._forms += ((seat, form),)
        # third field: the solo kind, or the card a named_card Hochzeit names
        extra = solo if kind == "solo" else card if kind == "hochzeit" else None
        self._reserves.append((seat, str(kind), None if extra is None else str(extra)))
        if kind == "solo":
            self._solo_info += ((seat, str(solo), str(size or "gross"), bool(pflicht),
                                None if card is None else str(card)),)
        events: list[Event] = [Reserved(seat, "vorbehalt")]
        if len(self._reserves) < len(self.seats):
            self.to_act = self.seats[len(self._reserves)]
            return events
        return events + self._decide_contract()

    def _gesund(self, seat: int) -> list[Event]:
        """The seat to act says gesund (``reserve`` has checked it may)."""
        reserves = self._reserves
        reserves.append((seat, "gesund", None))
        events: list[Event] = [_GESUND[seat]]
        if len(reserves) < len(self.seats):
            self.to_act = self.seats[len(reserves)]
            return events
        return events + self._decide_contract()

    def _check_reservation(self, seat: int, kind: object, solo: object, card: object, size: object,
                           pflicht: object, form: str | None = None) -> None:
        """IllegalAction for a reservation other than gesund that is malformed or not allowed."""
        if kind not in ("hochzeit", "solo", "armut", "schmeissen"):
            raise IllegalAction("malformed", what=f"unknown reservation {kind!r}")
        if card is not None and kind != "hochzeit" and not (kind == "solo" and size == "klein"):
            raise IllegalAction("malformed", what="only a Hochzeit names a card")
        if kind == "solo":
            if size not in (None, "gross", "klein"):
                raise IllegalAction("malformed", what=f"a solo is gross or klein, not {size!r}")
            if pflicht is not None and not isinstance(pflicht, bool):
                raise IllegalAction("malformed", what="pflicht must be true or false")
        why = self._reserve_problem(seat, kind, solo, size) or (
            self._owed_problem(seat, size, pflicht) if kind == "solo" and self.n == 6 else None)
        if why:
            raise IllegalAction("reserve_not_allowed", seat=seat, what=_reserve_name(kind, solo), why=why)
        if kind == "hochzeit" or size == "klein":
            self._check_named_card(seat, card, str(solo) if kind == "solo" else None, form)

    def _check_named_card(self, seat: int, card: object, solo: str | None = None, form: str | None = None) -> None:
        """``named_card``: a Hochzeit (or a kleines Solo at six, reading 28) names a card (reading 39)."""
        if (form or self.rules.hochzeit) != "named_card":
            if card is not None:
                raise IllegalAction("malformed", what="this Hochzeit names no card")
            return
        if card is None:
            raise IllegalAction("bad_card", seat=seat, card=card, why=Reason("card_missing"))
        if card not in self.nameable_cards(seat, solo):
            allowed = ", ".join(self.nameable_cards(seat, solo))
            raise IllegalAction("bad_card", seat=seat, card=card, why=Reason("card_offer", allowed=allowed))

    def _reserve_problem(self, seat: int, kind: object, solo: object, size: object = None) -> Reason | None:
        h, r = self._hands[seat], self.rules
        if self.vorgefuehrt == seat and kind != "solo":
            return Reason("vorgefuehrt_self")
        if self.vorgefuehrt not in (None, seat) and kind == "solo":
            return Reason("vorgefuehrt_other")
        if kind == "hochzeit" and count(h, CQ) < 2:
            return Reason("hochzeit_cq_six" if self.n == 6 else "hochzeit_cq")
        if kind == "solo":
            if solo not in r.solos:
                return Reason("solo_off", solo=solo)
            if size == "klein" and self.n != 6:
                return Reason("klein_six")
        if kind == "armut":
            if not r.armut:
                return Reason("armut_off")
            trumps = hand_size(h & order_for("normal", r.dullen, r.joker).masks[TRUMP])
            if trumps > 3:
                return Reason("armut_trumps", n=trumps)
        if kind == "schmeissen" and not self._may_throw(h):
            return Reason("schmeissen")
        return None

    def _owed_problem(self, seat: int, size: object, pflicht: object) -> Reason | None:
        """Six in a table's Pflichtsolo list: an owing seat plays only a size it owes, as
        Pflicht (no Lustsolo before its Pflichtsoli); any other seat only a Lustsolo."""
        if self.owed is None:
            return None
        owes = self.owed.get(seat, frozenset())
        if not owes:
            return Reason("pflicht_not_owed") if pflicht else None
        if (size or "gross") not in owes:
            return Reason("owes_gross" if "gross" in owes else "owes_klein")
        return None if pflicht else Reason("lust_before_pflicht")

    @property
    def thrown(self) -> tuple[int, list[str], list[str]] | None:
        """A Schmeißen: the seat that threw, its hand as dealt and the triggers it meets (public:
        reading 41, the hand is shown to the table), else None."""
        if self.contract != "redeal":
            return None
        seat = next((s for s, k, _ in self._reserves if k == "schmeissen"), None)
        if seat is None:
            return None
        h = hand_from_types(self._dealt[seat])
        triggers = [x for x in self.rules.schmeissen if self._may_throw(h, (x,))]
        return seat, [CARD_CODES[t] for t in self._sorted(h) for _ in range(count(h, t))], triggers

    def _may_throw(self, h: int, triggers: tuple[str, ...] | None = None) -> bool:
        r = self.rules
        if triggers is not None:
            r = replace(r, schmeissen=triggers)
        nines = sum(count(h, t) for t in types_in(h) if rank_of(t) == NINE and t < JOKER)
        kings = sum(count(h, t) for t in types_in(h) if rank_of(t) == KING and t < JOKER)
        normal = order_for("normal", r.dullen, r.joker)
        top = max((normal.power[t] for t in types_in(h & normal.masks[TRUMP])), default=0)
        dj = normal.power[CODE_TO_TYPE["DJ"]]
        schwein = r.schweine and count(h, DA) == r.copies  # a Schwein outranks every Dulle
        nines_hit = nines >= 5 if r.nines else kings >= 5  # without nines the trigger counts kings
        return (("nines" in r.schmeissen and nines_hit) or ("kings" in r.schmeissen and kings >= 5)
                or ("top_dj" in r.schmeissen and top <= dj and not schwein)
                or ("top_da" in r.schmeissen and top <= normal.power[DA] and not schwein))

    def _decide_contract(self) -> list[Event]:
        said = [x for x in self._reserves if x[1] != "gesund"]
        if not said:
            return self._decide_healthy()
        if self.n == 6 and self._solo_info:
            return self._decide_six_solo()
        solos = [x for x in said if x[1] == "solo"]
        if solos:
            if self.rules.solo_priority == "rank":
                solos.sort(key=lambda x: SOLO_RANK.index(x[2]))  # stable: earliest seat on a tie
            seat, _, kind = solos[0]
            pflicht = any(x[0] == seat and x[3] for x in self._solo_info)
            return self._start_solo(seat, str(kind), pflicht=pflicht)
        if any(x[1] == "schmeissen" for x in said):
            return self._redeal()
        armut = [x for x in said if x[1] == "armut"]
        if armut:
            return self._start_armut(armut[0][0])
        hochzeit = [x for x in said if x[1] == "hochzeit"]
        if hochzeit:
            holder = self.holder = hochzeit[0][0]
            self._re = frozenset({holder})
            contract = "hochzeit"
            if self.n == 6:  # two CQ: kleine Hochzeit with the third CQ seat; three: große (reading 29)
                third = [s for s in self.seats if s != holder and count(self._hands[s], CQ)]
                self.third = third[0] if third else None
                self._re = frozenset([holder, *third])
                contract = "hochzeit:klein" if third else "hochzeit:gross"
            return self._start_search(contract, hochzeit[0][2], self._form_of(holder))
        return self._decide_healthy()

    def _decide_healthy(self) -> list[Event]:
        """No reservation in force: a seat with every CQ plays a stille Hochzeit, else a normal game."""
        queens = [(h >> _CQ_SHIFT) & 3 for h in self._hands]  # CQ per seat
        copies = self.rules.copies
        holders = [s for s in self.seats if plays_stille_hochzeit(queens[s], copies)]
        if holders:
            self.holder = holders[0]
            self._re = frozenset(holders)
            return self._start_play("stille_hochzeit")
        # at six a seat with two CQ that said gesund plays with the third: 2:4 (reading 30)
        self._re = frozenset([s for s in self.seats if queens[s]])
        return self._start_play("normal")

    def _form_of(self, seat: int) -> str:
        """The Hochzeit form the seat plays: the table's, or under ``choice`` its own (reading 38)."""
        return next((f for s, f in self._forms if s == seat), self.rules.hochzeit)

    def _start_search(self, contract: str, card: str | None, form: str) -> list[Event]:
        """A contract whose holder seeks a partner by the ``hochzeit`` rule (Hochzeit, kleines Solo)."""
        self._search = True
        self._form = form
        if card is not None:
            self._named = CODE_TO_TYPE[card]
        events = self._start_play(contract)
        holder = self.holder
        assert holder is not None  # the reservation made it the holder
        if card is not None:
            events.append(HochzeitCard(holder, card))
        if self.rules.hochzeit == "choice":
            events.append(HochzeitForm(holder, form))
        return events

    def _start_solo(self, seat: int, kind: str, size: str = "gross", pflicht: bool = False,
                    card: str | None = None) -> list[Event]:
        """A solo; a Pflichtsolo and every solo at six are led by the soloist (rules.md, reading 26),
        but with ``six_lustsolo_lead: left_of_dealer`` a großes Lustsolo at six is not (reading 37)."""
        self.soloist = seat
        self._re = frozenset({seat})
        if self.n == 6:
            lust = size == "gross" and not pflicht and self.rules.six_lustsolo_lead == "left_of_dealer"
            if not lust:
                self._leader = seat
        elif self.rules.solo_lead == "soloist" or pflicht or seat in self.pflicht:
            self._leader = seat
        if size == "klein":
            self.size = "klein"
            self.holder = seat
            return self._start_search("solo:" + kind, card, self._form_of(seat))
        return self._start_play("solo:" + kind)

    # ---- six: the best solo reservation, bidding between equals --------------------------

    def _decide_six_solo(self) -> list[Event]:
        """Großes Pflicht, kleines Pflicht, großes Lust, kleines Lust (reading 26); equals bid."""
        best = min(solo_category(x[3], x[2]) for x in self._solo_info)
        seats = tuple(x[0] for x in self._solo_info if solo_category(x[3], x[2]) == best)
        if len(seats) == 1:
            return self._play_six_solo(seats[0], -1)
        self.bidding = Bidding(seats, 2, seats[0], seats[1], -1, ())
        self.phase, self.to_act = "bid", seats[1]
        return [BiddingStarted(seats[1], seats)]

    def _play_six_solo(self, seat: int, step: int) -> list[Event]:
        """The solo of the seat left standing; a step it named or held is Re's announcement."""
        _, kind, size, pflicht, card = next(x for x in self._solo_info if x[0] == seat)
        events = self._start_solo(seat, kind, size, pflicht, card)
        if step >= 0:
            what = "re" if step == 0 else self.steps[step - 1]
            self._levels[0] = step
            self._said_re[0] = True
            self.announcements.append((seat, what))
            events.append(Announced(seat, what))
        return events

    def allowed_bids(self, seat: int) -> list[str]:
        """The bids the seat may make now: the later seat names a higher step, the earlier holds."""
        b = self.bidding
        if self.phase != "bid" or b is None or seat != self.to_act:
            return []
        ladder = ("re", *self.steps)
        if seat == b.chal:
            return [*ladder[b.step + 1:b.step + 2 if b.step < 0 else None], "pass"]  # reading 42: re first
        return [ladder[b.step], "pass"]

    def _bid(self, seat: int, value: object) -> list[Event]:
        """Reading 27: ``{"bid": STEP}`` or ``{"bid": "pass"}`` between equal solo reservations."""
        b = self.bidding
        if self.phase != "bid" or b is None:
            raise IllegalAction("wrong_phase", seat=seat, what="bid", why=_PHASE_WHY[self.phase])
        if seat != self.to_act:
            raise IllegalAction("out_of_turn", seat=seat, expected=self.to_act)
        ladder = ("re", *self.steps)
        if value == "pass":
            survivor = b.hold if seat == b.chal else b.chal
            events: list[Event] = [BidMade(seat, "pass")]
            if b.next < len(b.seats):
                chal = b.seats[b.next]
                self.bidding = b._replace(next=b.next + 1, hold=survivor, chal=chal)
                self.to_act = chal
                return events
            said = dict(b.named)
            self.bidding = None
            return events + self._play_six_solo(survivor, said.get(survivor, -1))
        if value not in ladder:
            raise IllegalAction("bad_bid", seat=seat, what=value, why=Reason("bid_step"))
        level = ladder.index(str(value))
        if seat == b.chal and level <= b.step:
            raise IllegalAction("bad_bid", seat=seat, what=value, why=Reason("bid_above", step=ladder[b.step]))
        if b.step < 0 and level != 0:  # reading 42: at six the bid begins with Re
            raise IllegalAction("bad_bid", seat=seat, what=value, why=Reason("bid_first_re"))
        if seat == b.hold and level != b.step:
            raise IllegalAction("bad_bid", seat=seat, what=value, why=Reason("bid_hold", step=ladder[b.step]))
        named = tuple(x for x in b.named if x[0] != seat) + ((seat, level),)
        self.bidding = b._replace(step=level, named=named)
        self.to_act = b.hold if seat == b.chal else b.chal
        return [BidMade(seat, str(value))]

    def _start_play(self, contract: str) -> list[Event]:
        self.contract = contract
        r = self.rules
        self._order = order_for(order_kind(contract), r.dullen, r.joker)
        self.phase, self.to_act = "play", self._leader
        return [ContractSet(self.soloist if is_solo(contract) else self.holder, self.public_contract or contract)]

    def _redeal(self) -> list[Event]:
        self.contract = "redeal"
        self.phase, self.to_act = "done", None
        self._re = frozenset()
        return [Redealt(), GameOver()]

    # ---- Armut ---------------------------------------------------------------------------

    def _start_armut(self, poor: int) -> list[Event]:
        # another seat with both CQ: redeal; not at six (reading 43)
        if self.n != 6 and any(count(self._hands[s], CQ) == 2 for s in self.seats if s != poor):
            return self._redeal()
        ask = self._armut_askees(poor)
        if not ask:
            return self._redeal()
        self.poor, self._armut_ask = poor, ask
        events: list[Event] = [ArmutOffered(poor)]
        if self.rules.armut_announce:
            normal = order_for("normal", self.rules.dullen, self.rules.joker)
            trumps = self._hands[poor] & normal.masks[TRUMP]
            self._armut_info = ArmutInfo(poor, hand_size(trumps), count(trumps, CQ) > 0)
            events.append(ArmutAnnounced(poor, self._armut_info))
        return events + self._armut_ask_next()

    def _armut_askees(self, poor: int) -> tuple[int, ...]:
        """Who is asked, in order: clockwise from the poor seat, or only its partner (``partner``)."""
        i = self.seats.index(poor)
        others = tuple(self.seats[(i + k) % len(self.seats)] for k in range(1, len(self.seats)))
        if self.rules.armut_taker == "volunteer":
            return others
        queens = count(self._hands[poor], CQ)
        if queens == self.rules.copies:
            return ()  # no partner in the normal game: redeal
        # the normal game's partners, in order (one at four, up to two at six)
        return tuple(s for s in others if (count(self._hands[s], CQ) > 0) == (queens > 0))

    def _armut_ask_next(self) -> list[Event]:
        """Ask the next seat (after: the poor seat first hands it the trumps), or redeal."""
        if self._armut_asked == len(self._armut_ask):
            return self._redeal()
        seat = self._armut_ask[self._armut_asked]
        if self.rules.armut_decide == "after":
            self.taker = seat
            self.phase, self.to_act = "armut_give", self.poor
        else:
            self.phase, self.to_act = "armut_take", seat
        return []

    def _armut_take(self, seat: int, take: bool) -> list[Event]:
        self._expect(seat, "armut_take", "answer the Armut")
        if take:
            self.taker = seat
            self.phase, self.to_act = "armut_give", self.poor
            return [ArmutTaken(seat, self._poor_seat())]
        self._armut_asked += 1
        return [ArmutPassed(seat), *self._armut_ask_next()]

    def _armut_decline(self, seat: int) -> list[Event]:
        """``armut_decide: after``: the asked seat hands the trumps back; the next seat is asked."""
        self._expect(seat, "armut_return", "hand the Armut back")
        if self.rules.armut_decide != "after":
            raise IllegalAction("armut_decline", seat=seat, why=Reason("armut_before"))
        self._transfer(seat, self._poor_seat(), sum(one(t) for t in self.armut_given), len(self.armut_given))
        self.armut_given, self.taker = (), None
        self._armut_asked += 1
        return [ArmutDeclined(seat), *self._armut_ask_next()]

    def _poor_seat(self) -> int:
        assert self.poor is not None
        return self.poor

    def _transfer(self, src: int, dst: int, cards: int, n: int) -> None:
        """Move ``n`` cards (a hand mask) from one hand to another (the Armut exchange)."""
        self._hands[src] -= cards
        self._hands[dst] += cards
        self.sizes[src] -= n
        self.sizes[dst] += n

    def _armut_give(self, seat: int, cards: list[int]) -> list[Event]:
        self._expect(seat, "armut_give", "hand over cards")
        trumps = self._hands[seat] & order_for("normal", self.rules.dullen, self.rules.joker).masks[TRUMP]
        if sorted(cards) != hand_types(trumps):
            expected = " ".join(CARD_CODES[t] for t in hand_types(trumps)) or "none"
            raise IllegalAction("armut_give", seat=seat, expected=expected)
        taker = self.taker
        assert taker is not None
        self._transfer(seat, taker, trumps, len(cards))
        self.armut_given = tuple(cards)
        self.phase, self.to_act = "armut_return", taker
        return [ArmutGiven(seat, len(cards))]

    def _armut_return(self, seat: int, cards: list[int]) -> list[Event]:
        self._expect(seat, "armut_return", "return cards")
        n = len(self.armut_given)
        moved = sum(one(t) for t in cards)
        h = self._hands[seat]
        if len(cards) != n or any(count(moved, t) > count(h, t) for t in types_in(moved)):
            raise IllegalAction("armut_return", seat=seat, n=n)
        poor = self._poor_seat()
        self._transfer(seat, poor, moved, n)
        normal = order_for("normal", self.rules.dullen, self.rules.joker)
        self.armut_trumps_back = sum(1 for t in cards if normal.suit[t] == TRUMP)
        self.armut_returned = tuple(CARD_CODES[t] for t in cards)
        self._re = frozenset({poor, seat})
        events: list[Event] = [ArmutTaken(seat, poor)] if self.rules.armut_decide == "after" else []
        events.append(ArmutExchanged(seat, self.armut_trumps_back))
        return events + self._start_play("armut")

    # ---- announcements -------------------------------------------------------------------

    def _announce(self, seat: int, what: object) -> list[Event]:
        if what not in ann.ALL_ANNOUNCEMENTS:
            raise IllegalAction("malformed", what=f"unknown announcement {what!r}")
        problem = ann.problem(self, seat, what)
        if problem is not None:
            code, params = problem
            raise IllegalAction(code, seat=seat, what=what, **params)
        return self._say(seat, str(what))

    def _say(self, seat: int, what: str) -> list[Event]:
        """Apply an announcement ``ann.problem`` allows; it may make the seat's party public."""
        party = self.party_of(seat)
        pi = 0 if party == "re" else 1
        k = ann.level(self, what)
        if ann.replies_late(self, seat, pi, k):
            self._late[pi] = True
        self._levels[pi] = k
        if not self.rules.klopfen:
            self._said_re[pi] = True
        self.announcements.append((seat, what))
        n_revealed = len(self._revealed)
        if self.contract in _CQ_SHOWS and seat not in self._revealed and party is not None:
            self._reveal(seat, party)
        return [Announced(seat, what), *self._reveal_events(n_revealed)]

    def _klopfen(self, seat: int) -> list[Event]:
        why = self._klopfen_problem(seat)
        if why:
            raise IllegalAction("klopfen", seat=seat, why=why)
        self.klopfer.append(seat)
        return [Knocked(seat, len(self.klopfer))]

    def _klopfen_problem(self, seat: int) -> Reason | None:
        if not self.rules.klopfen:
            return Reason("klopfen_off")
        if self.phase != "play" or self._trick or self._tricks_done:
            return Reason("klopfen_late")
        if seat not in self.seats:
            return Reason("not_playing")
        if len(self.klopfer) >= 4:
            return Reason("klopfen_four")
        if self.klopfer and self.klopfer[-1] == seat:
            return Reason("klopfen_twice")
        return None

    def _klopfen_redeal(self) -> bool:
        """``klopfen_redeal``: the first lead with nobody having knocked throws the hand in."""
        r = self.rules
        return r.klopfen and r.klopfen_redeal and not self.klopfer and not self._trick and not self._tricks_done

    # ---- playing -------------------------------------------------------------------------

    def _play_card(self, seat: int, t: int, schwein: bool = False) -> list[Event]:
        self._expect(seat, "play", "play a card")
        h = self._hands[seat]
        if not count(h, t):
            raise IllegalAction("not_in_hand", seat=seat, card=CARD_CODES[t])
        mask = self.sim_legal(seat)  # legal_mask: _expect checked the phase and the turn
        if not count(mask, t):
            follow = h & self._order.masks[self._led_suit()]
            if follow and not count(follow, t):
                raise IllegalAction("must_follow", seat=seat, suit=self._led_name())
            raise IllegalAction("must_overtrump", seat=seat)
        if schwein:
            why = self._schwein_problem(seat, t)
            if why:
                raise IllegalAction("schwein_not_allowed", seat=seat, card=CARD_CODES[t], why=why)
        if self.rules.overtrump and self._trick and not self.sim_beats_as_needed(seat, t, schwein):
            raise IllegalAction("must_overtrump", seat=seat)
        if self._klopfen_redeal():
            return self._redeal()  # the card is not played
        before = (len(self._tricks_done), self.clarify_trick, len(self._revealed))
        self.sim_play(seat, t, schwein)
        return self._play_events(seat, t, before)

    def _play_events(self, seat: int, t: int, before: tuple[int, int | None, int]) -> list[Event]:
        """Events of one play, read off the state (the fast path builds none)."""
        n_tricks, clarify, n_revealed = before
        events: list[Event] = [CardPlayed(seat, CARD_CODES[t])]
        events += self._reveal_events(n_revealed)
        if len(self._tricks_done) > n_tricks:
            x = self._tricks_done[-1]
            events.append(TrickTaken(x[2], x[3]))
            if clarify is None and self.clarify_trick is not None:
                events.append(PartnerFound(self.partner, self.clarify_trick))
            if self.asking is not None:
                events.append(PartnerAsked(self.asking[0], self.asking[1]))
            if self.phase == "done":
                events.append(GameOver())
        return events

    def _reveal_events(self, n_before: int) -> list[Event]:
        if len(self._revealed) == n_before:  # most cards reveal nothing: no copy of the dict
            return []
        return [PartyRevealed(s, p) for s, p in list(self._revealed.items())[n_before:]]

    def sim_play(self, seat: int, t: int, schwein: bool = False) -> None:
        """Apply a play already known to be legal (the fast path for simulations)."""
        self._hands[seat] -= 1 << (t << 1)
        self.sizes[seat] -= 1
        trick = self._trick
        trick.append((seat, t, schwein))
        if schwein:
            self._schwein_played = True
        if t == CQ:
            self._cq_played += 1
            if self.contract in _CQ_SHOWS and (seat not in self._revealed or self._cq_played == _COPIES[self.n == 6]):
                self._reveal(seat, "re")
        if t == self._named and self._named_by is None and seat != self.holder:
            self._named_by = seat
        if len(trick) == self._trick_size:
            self._finish_trick()
        else:
            self.to_act = self._next_of[seat]

    # ---- public fast path for simulations (docs/engine-api.md) ----------------------------
    # No turn or phase checks, no events, no action log: for play-outs that keep to the rules
    # themselves; the methods themselves, not wrappers (this is the hot loop of the computer
    # players): sim_legal (seat to play) -> hand mask of the cards it may play; sim_play (seat,
    # card type, schwein) a play known to be legal; sim_beats_as_needed (seat, card type,
    # schwein): False for a Fuchs the Überstich mask let through only as a Schwein, played plain.

    # Read-only views of the play-out state for policies that reason on a sampled world
    # (dokobot.players.core.pos_from_game). The engine's own lists: do not change them.

    @property
    def sim_order(self) -> Order:
        """The card order of the contract in force (power, suit and masks per card type)."""
        return self._order

    @property
    def sim_hands(self) -> list[int]:
        """Hand masks per seat (2-bit counts per card type)."""
        return self._hands

    @property
    def sim_trick(self) -> list[Played]:
        """The trick on the table: (seat, card type, schwein)."""
        return self._trick

    @property
    def sim_done(self) -> list[DoneTrick]:
        """The finished tricks: (leader, plays, winner, Augen)."""
        return self._tricks_done

    @property
    def sim_re(self) -> frozenset[int]:
        """The Re seats (the real parties; during an open Hochzeit only the holder)."""
        return self._re

    def sim_announce(self, seat: int, what: str) -> list[Event]:
        """The fast path's announcement (playouts, search): checked as ``act`` checks it, but
        not recorded, as ``sim_play`` records no card."""
        return self._announce(seat, what)

    def sim_answer(self, seat: int, accept: bool) -> list[Event]:
        """The fast path's answer of a found Hochzeit partner (reading 40), not recorded."""
        return self._hochzeit_answer(seat, accept)

    def sim_klopfen_redeal(self) -> bool:
        """``klopfen_redeal`` before the first lead of a play-out: nobody knocked, so the hand is
        thrown in (as ``play`` does on the first card) and True; else False."""
        if self.phase == "play" and self._klopfen_redeal():
            self._redeal()
            return True
        return False

    def sim_may_schwein(self, seat: int) -> bool:
        """Whether a Fuchs of the seat may be a Schwein (rules, both dealt to it, none played as
        one yet); not whether it holds one or may play it now."""
        return self._schwein_problem(seat, DA) is None

    def _finish_trick(self) -> None:
        plays = self._trick
        last = len(self._tricks_done) == self.n_tricks - 1
        winner = self._winner(plays, last)
        if len(plays) == 4:
            augen = AUGEN[plays[0][1]] + AUGEN[plays[1][1]] + AUGEN[plays[2][1]] + AUGEN[plays[3][1]]
        elif len(plays) == 6:
            augen = (AUGEN[plays[0][1]] + AUGEN[plays[1][1]] + AUGEN[plays[2][1]] + AUGEN[plays[3][1]]
                     + AUGEN[plays[4][1]] + AUGEN[plays[5][1]])
        else:
            augen = sum([AUGEN[p[1]] for p in plays])
        self._tricks_done.append((plays[0][0], plays, winner, augen))
        self._augen[winner] += augen
        self._won[winner] += 1
        self._trick = []
        self._leader = self.to_act = winner
        if self._search and self.clarify_trick is None:
            self._clarify(plays, winner)
        elif self.contract == "stille_hochzeit" and self._holder_showed_both():
            self._reveal_all()
        if self.asking is not None:  # reading 40: the found seat answers before the next card
            self.phase, self.to_act = "partner", self.asking[0]
        elif last:
            self.phase, self.to_act = "done", None

    def _winner(self, plays: list[Played], last: bool) -> int:
        # Every trump's power (100 up) is above every plain card's (1 to 8): a card that
        # follows the led suit or trumps wins with the higher power, so no trump flag is needed.
        order = self._order
        suit, power = order.suit, order.power
        best_seat, best_t, best_sw = plays[0]
        led = TRUMP if best_sw else suit[best_t]
        best_p = 900 if best_sw else power[best_t]
        for seat, t, sw in plays[1:]:
            if sw:
                p = 900
            elif suit[t] == TRUMP or suit[t] == led:
                p = power[t]
            else:
                continue
            if p > best_p or (t == HT == best_t and not best_sw and self._second_dulle_wins(last)):
                best_seat, best_t, best_sw, best_p = seat, t, sw, p
        return best_seat

    def sim_beats_as_needed(self, seat: int, t: int, schwein: bool) -> bool:
        """False for a Fuchs the Überstich mask let through only because it could be a Schwein."""
        if t != DA or schwein:
            return True
        top = self._top_trump()
        if top is None or self._beats(DA, False, top):
            return True
        return not (self._schwein_problem(seat, DA) is None and self._beats(DA, True, top))


    def _second_dulle_wins(self, last: bool) -> bool:
        r = self.rules
        return (self._order.has_dulle and r.dulle != "first_wins"
                and not (last and r.dulle == "second_wins_except_last"))

    def _schwein_problem(self, seat: int, t: int) -> Reason | None:
        if not self.rules.schweine:
            return Reason("schwein_off")
        if t != DA or self._order.suit[DA] != TRUMP:
            return Reason("schwein_trump")
        if self._dealt[seat].count(DA) < self.rules.copies:  # every Fuchs: two, three at six (I-six-10)
            return Reason("schwein_every")
        if self._schwein_played:
            return Reason("schwein_once")
        return None

    def _led_suit(self) -> int:
        return TRUMP if self._trick[0][2] else self._order.suit[self._trick[0][1]]

    def _led_name(self) -> str:
        s = self._led_suit()
        return "trump" if s == TRUMP else SUIT_NAMES[s]


    # ---- Hochzeit and public parties -----------------------------------------------------

    def _clarify(self, plays: list[Played], winner: int) -> None:
        """After trick i of an unclarified Hochzeit: maybe the partner, maybe the holder alone.

        Whatever the form, the last trick clarifies at the latest (the holder alone).
        """
        i = len(self._tricks_done) - 1
        mode = self._form
        suit = self._order.suit
        if mode == "named_card":
            partner = self._named_by
            if partner is not None and self.rules.hochzeit_partner == "may":
                self._named_by = None  # a decline lets a later copy find the partner
        elif mode == "first_pure_color_trick":
            pure = not any(sw or suit[t] == TRUMP for _, t, sw in plays)
            if pure and winner == self.holder:
                self._found(None, i)  # the holder won it: alone
                return
            partner = winner if pure else None
        else:
            lead_trump = plays[0][2] or suit[plays[0][1]] == TRUMP
            clarifying = (mode == "first_trick" or (mode == "first_color_trick" and not lead_trump)
                          or (mode == "first_trump_trick" and lead_trump))
            partner = winner if clarifying and winner != self.holder else None
            if partner is None and self._window_full(mode, i):
                self._found(None, i)
                return
        last = i == self.n_tricks - 1
        if partner is not None and self.rules.hochzeit_partner == "may":
            # the window's last trick (or the game's) leaves the holder alone if the seat declines
            window_end = mode != "named_card" and mode != "first_pure_color_trick" and self._window_full(mode, i)
            self.asking = (partner, i, last or window_end)
        elif partner is not None or last:
            self._found(partner, i)

    def _hochzeit_answer(self, seat: int, accept: bool) -> list[Event]:
        """``hochzeit_partner: may`` (reading 40): the found seat takes the partnership or declines;
        declined, the search goes on as if the trick had not clarified."""
        if self.rules.hochzeit_partner != "may":
            raise IllegalAction("partner_must", seat=seat)
        self._expect(seat, "partner", "answer the Hochzeit")
        assert self.asking is not None
        found, i, alone = self.asking
        self.asking = None
        events: list[Event] = [PartnerAnswered(seat, accept)]
        if accept or alone:
            self._found(found if accept else None, i)
            events.append(PartnerFound(self.partner, i))
        if len(self._tricks_done) == self.n_tricks:
            self.phase, self.to_act = "done", None
            return [*events, GameOver()]
        self.phase, self.to_act = "play", self._leader
        return events

    def _found(self, partner: int | None, i: int) -> None:
        """Trick i clarified: the partner (None: the holder without one) joins Re.

        A kleine Hochzeit at six keeps the third CQ seat in Re; found nobody else, or that seat,
        it is a große Hochzeit 2:4 (reading 29).
        """
        assert self.holder is not None
        self.partner, self.clarify_trick = partner, i
        re = {self.holder} if partner is None else {self.holder, partner}
        if self.third is not None:
            re.add(self.third)
            if len(re) == 2:
                self.contract = "hochzeit:gross"
        self._re = frozenset(re)

    def _window_full(self, mode: str, i: int) -> bool:
        """The holder has had ``hochzeit_window`` chances: tricks, or colour tricks he won himself."""
        window = self.rules.hochzeit_window
        if mode != "first_color_trick":
            return i == window - 1
        suit = self._order.suit
        colour = sum(1 for x in self._tricks_done if not x[1][0][2] and suit[x[1][0][1]] != TRUMP)
        return colour == window

    def _reveal(self, seat: int, party: str) -> None:
        """Make a seat's party public. In a normal game the rest is Kontra once as many Re seats
        are known as there are CQ (two, three at six), or every CQ has been played."""
        self._revealed[seat] = party
        six = self.n == 6
        if self.contract == "normal" and (self._cq_played == _COPIES[six] or sum(
                p == "re" for p in self._revealed.values()) == _MOST_RE[six]):
            for s in self.seats:
                self._revealed.setdefault(s, "kontra")

    def _holder_showed_both(self) -> bool:
        """A stille Hochzeit is public once the holder has played every CQ."""
        assert self.holder is not None
        if (self._hands[self.holder] >> _CQ_SHIFT) & 3:
            return False  # a CQ still in hand: the count below cannot reach every copy (asked each trick)
        return len(self._revealed) < self._n_active and sum(
            1 for x in self._tricks_done for s, t, _ in x[1] if s == self.holder and t == CQ) == self.rules.copies

    def _reveal_all(self) -> None:
        for s in self.seats:
            self._revealed.setdefault(s, "re" if s in self._re else "kontra")

    # ---- results ---------------------------------------------------------------------------

    def result(self) -> dict[str, Any]:
        """The replay result of game-record.md (``finished: false`` while running)."""
        if self.phase != "done":
            return state_so_far(self)
        if self._final is None:
            self._final = score_game(self)
        return dict(self._final.result)

    def summary(self) -> dict[str, Any]:
        """The result plus structured extras and announcements (for statistics)."""
        res = self.result()
        if self.phase == "done" and self._final is not None:
            res["extras"] = self._final.extras
            res["heart_trick"] = self.heart_trick
            targets = self._final.targets
            if targets:  # what each party needed (the summary's "why")
                res["targets"] = [x.to_json() for x in targets]
            if self.soloist is not None and is_solo(self.contract):  # the list's Pflichtsolo mark
                res["soloist"] = self.soloist
        res["announcements"] = [to_json(s, Announce(a)) for s, a in self.announcements]
        return res

    def record(self) -> dict[str, Any]:
        rec: dict[str, Any] = {
            "format": "dokobot-game/1",
            "rules": self.record_rules(),
            "dealer": self.dealer,
            "hands": [[CARD_CODES[t] for t in h] for h in self._dealt],
            "actions": [dict(a) for a in self.actions],
        }
        if self.players:
            rec["players"] = list(self.players)
        return rec

    def record_rules(self) -> dict[str, Any]:
        """The rules a record of this game replays with: a Pflichtsolo is led by the
        soloist, which ``solo_lead: soloist`` says (a game has at most one solo)."""
        rules = self.rules
        if self.soloist is not None and self.soloist in self.pflicht and rules.solo_lead != "soloist":
            rules = replace(rules, solo_lead="soloist")
        return rules.to_config()

    @property
    def is_pflichtsolo(self) -> bool:
        return self.soloist is not None and self.soloist in self.pflicht

    @property
    def is_solo(self) -> bool:
        """One party of a single seat (scoring's solo factor and "solo_won")."""
        return scores_as_solo(self.contract, found_nobody(self.clarify_trick, self.partner))

    @property
    def extras_count(self) -> bool:
        """Whether the extras count (``contracts.extras_count``)."""
        return extras_count(self.contract, self.rules.solo_extras, found_nobody(self.clarify_trick, self.partner))

    # ---- a seat's view -------------------------------------------------------------------

    def observation(self, seat: int) -> Observation:
        """Everything ``seat`` may know now, as an immutable value (see observation.py)."""
        return observe(self, seat)

    def legal_actions(self, seat: int) -> list[Move]:
        """Every move ``seat`` may make now, in any phase, in this order: the safe answer
        first where there is one (``Reserve("gesund")``, ``Bid("pass")``, ``ArmutTake(False)``),
        then reservations as ``_reserve_moves`` lists them; in play ``Klopfen``, the
        announcements (ladder order), then the cards in hand order (Schwein after the plain
        Fuchs); the Hochzeit partner's yes before no; every Armut return, then the decline."""
        phase = self.phase
        if phase == "play":
            out: list[Move] = [Klopfen()] if self._klopfen_problem(seat) is None else []
            out += [Announce(a) for a in self.allowed_announcements(seat)]
            return out + self.play_moves(seat)
        if phase == "reserve":
            return self._reserve_moves(seat)
        if phase == "bid":
            bids = self.allowed_bids(seat)
            return [Bid(b) for b in bids[-1:] + bids[:-1]]  # "pass" is always the last bid
        if phase == "done" or seat != self.to_act:
            return []
        if phase == "partner":  # reading 40: the found seat takes the partnership or declines
            return [HochzeitPartner(True), HochzeitPartner(False)]
        if phase == "armut_take":
            return [ArmutTake(False), ArmutTake(True)]
        if phase == "armut_give":
            normal = order_for("normal", self.rules.dullen, self.rules.joker)
            trumps = hand_types(self._hands[seat] & normal.masks[TRUMP])
            return [ArmutGive(tuple(CARD_CODES[t] for t in trumps))]
        picks = sorted(set(combinations(hand_types(self._hands[seat]), len(self.armut_given))))
        out = [ArmutReturn(tuple(CARD_CODES[t] for t in p)) for p in picks]
        return out + [ArmutDecline()] if self.rules.armut_decide == "after" else out

    def game_result(self) -> GameResult:
        """The typed result of the finished game; ValueError while it runs."""
        if self.phase != "done":
            raise ValueError("the game is not finished")
        res = self.summary()
        assert self._final is not None
        # the breakdown as scoring keyed it (no German label read back)
        return replace(GameResult.from_dict({**res, "breakdown": ()}), breakdown=tuple(BreakdownItem(*r) for r in self._final.items))


_COPIED = {"_hands", "sizes", "_trick", "_tricks_done", "_augen", "_won", "_levels", "_late", "_said_re",
           "_reserves", "announcements", "klopfer", "actions", "_revealed"}
_SHARED = tuple(n for n in _SLOTS if n not in _COPIED)


def _share(src: Game, dst: Game) -> None:
    """``dst.x = src.x`` for every slot in ``_SHARED``, as straight-line code: twice as fast as
    a getattr/setattr loop in Python, and compiled (mypyc) a direct slot copy; copies are what
    computer players make most. tests/engine/test_copy_slots.py checks it names every slot."""
    dst.rules = src.rules
    dst.n = src.n
    dst.dealer = src.dealer
    dst.players = src.players
    dst._dealt = src._dealt
    dst.seats = src.seats
    dst.phase = src.phase
    dst.to_act = src.to_act
    dst.contract = src.contract
    dst._order = src._order
    dst.soloist = src.soloist
    dst.holder = src.holder
    dst.partner = src.partner
    dst.clarify_trick = src.clarify_trick
    dst.poor = src.poor
    dst.taker = src.taker
    dst._armut_asked = src._armut_asked
    dst.armut_given = src.armut_given
    dst.armut_trumps_back = src.armut_trumps_back
    dst.armut_returned = src.armut_returned
    dst._re = src._re
    dst._leader = src._leader
    dst._schwein_played = src._schwein_played
    dst._final = src._final
    dst._next_of = src._next_of
    dst.n_tricks = src.n_tricks
    dst._named = src._named
    dst._named_by = src._named_by
    dst._armut_ask = src._armut_ask
    dst._armut_info = src._armut_info
    dst.pflicht = src.pflicht
    dst.vorgefuehrt = src.vorgefuehrt
    dst._trick_size = src._trick_size
    dst.steps = src.steps
    dst._search = src._search
    dst.third = src.third
    dst.size = src.size
    dst._solo_info = src._solo_info
    dst.bidding = src.bidding
    dst._cq_played = src._cq_played
    dst.owed = src.owed
    dst._form = src._form
    dst._forms = src._forms
    dst.asking = src.asking
_COPIES = (2, 3)  # of each card: four and five, six
_MOST_RE = tuple(normal_re_sizes(c, 0)[1] for c in _COPIES)  # the most Re seats of a normal game, once
# contracts in which a played CQ shows its seat as Re
_CQ_SHOWS = frozenset(("normal", "stille_hochzeit", "hochzeit:klein", "hochzeit:gross"))
_ONE = tuple(1 << (2 * t) for t in range(JOKER + 1))  # a single copy of each type, as a hand mask
_HT_BITS = 3 << (2 * HT)
_CQ_SHIFT = 2 * CQ
_DA_BITS = 3 << (2 * DA)
_PHASE_WHY = {
    "reserve": Reason("phase_reserve"),
    "bid": Reason("phase_bid"),
    "armut_take": Reason("phase_armut_take"),
    "armut_give": Reason("phase_armut_exchange"),
    "armut_return": Reason("phase_armut_exchange"),
    "play": Reason("phase_play"),
    "partner": Reason("phase_partner"),
    "done": Reason("phase_done"),
}


@cache
def _deck_mask(rules: RuleSet) -> int:
    """The deck of the rules as a hand mask (2-bit counts per card type)."""
    return hand_from_types(CODE_TO_TYPE[c] for c in deck(rules))


def _clockwise(dealer: int, n: int) -> list[int]:
    return [(dealer + i) % n for i in range(1, n + 1)]


@cache
def _seating(dealer: int, playing: tuple[bool, ...]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The seats with cards, clockwise from the dealer's left, and the next one of each
    (a seat without cards: 0); the same few for every deal, so worked out once."""
    seats = tuple(s for s in _clockwise(dealer, len(playing)) if playing[s])
    return seats, next_seats(seats, len(playing))


def next_seats(seats: Sequence[int], n: int) -> tuple[int, ...]:
    """The seat after each of ``seats`` in their order (a seat not among them: 0)."""
    next_of = [0] * n
    for i, s in enumerate(seats):
        next_of[s] = seats[(i + 1) % len(seats)]
    return tuple(next_of)


def _parse_cards(value: object) -> list[int]:
    if not isinstance(value, list):
        raise IllegalAction("malformed", what="a list of cards expected")
    types = [parse_code(c) for c in value]
    if any(t is None for t in types):
        bad = next(c for c, t in zip(value, types, strict=True) if t is None)
        raise IllegalAction("malformed", what=f"unknown card {bad!r}")
    return sorted(t for t in types if t is not None)


def _reserve_name(kind: object, solo: object) -> str:
    return f"solo {solo}" if kind == "solo" else str(kind)


def _done(x: Trick) -> DoneTrick:
    """A trick of an observation back as the engine keeps it (card types, Augen summed)."""
    plays = [(s, CODE_TO_TYPE[c], i == x.schwein) for i, (s, c) in enumerate(x.cards)]
    return (x.leader, plays, x.winner, sum(AUGEN[t] for _, t, _ in plays))


def _trick(x: DoneTrick) -> Trick:
    leader, plays, winner, augen = x
    sw = next((i for i, p in enumerate(plays) if p[2]), None)
    return Trick(leader, tuple((s, CARD_CODES[t]) for s, t, _ in plays), winner, augen, sw)
