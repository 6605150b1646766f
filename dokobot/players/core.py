"""What a computer seat knows at a card decision, as plain ints, and the trick arithmetic on it.

A ``Pos`` is built either from a seat's ``Observation`` (what the levels see at
the table) or from a ``Game`` of a play-out (``pos_from_game``: there the seat
knows the sampled world, which is what a play-out policy may use). The card
policies in ``play.py`` read only a ``Pos``, so the same rules play at the
table and inside ``schwer``'s play-outs.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from dokobot.engine import Game, Observation, deck
from dokobot.engine.actions import Play
from dokobot.engine.cards import (
    AUGEN,
    CODE_TO_TYPE,
    DA,
    HT,
    JOKER,
    N_TYPES,
    count,
    hand_from_types,
    n_cards,
    type_list,
)
from dokobot.engine.contracts import (
    TRUMP,
    Order,
    extras_count,
    found_nobody,
    is_hochzeit,
    is_solo,
    is_stille_hochzeit,
    normal_re_sizes,
    order_for,
    order_kind,
    plays_stille_hochzeit,
)
from dokobot.engine.rules import RuleSet

SCHWEIN_POWER = 900


@dataclass(slots=True)
class Pos:
    """One seat's card decision: everything as card types and hand masks."""

    rules: RuleSet
    order: Order
    seat: int
    hand: int  # own cards (2-bit counts per type)
    legal: tuple[int, ...]  # distinct card types the seat may play
    trick: list[tuple[int, int, bool]]  # (seat, type, schwein) on the table
    n_done: int  # completed tricks
    n_tricks: int
    team: list[int]  # per seat: 1 own party (self included), -1 the other party, 0 unknown
    out: int  # cards the seat has not seen (in other hands)
    void: list[int]  # per seat: bit set of suits (1 << suit, TRUMP included) it lacks
    after: tuple[int, ...]  # seats still to play in this trick after the seat
    contract: str  # the contract as the seat sees it ("normal", "hochzeit", "solo:karo", ...)
    soloist: int | None
    seats: tuple[int, ...]
    schwein_ok: bool  # the seat may play a Fuchs as Schwein now
    led_counts: tuple[int, ...]  # per plain suit: how often it was led so far
    seeking: bool  # a partner still sought (a Hochzeit, at six a kleines Solo: the engine's ``seeking``)
    hochzeit_form: str = ""  # the form it is sought by (under ``choice`` the holder's)
    extras_count: bool = False  # the Sonderpunkte count in this game (the engine's ``extras_count``)
    seeker: int | None = None  # the seat seeking the partner (Hochzeit holder, kleines Solo soloist)
    # ``best`` of the trick, worked out when first asked (``trick_top``): not part of the position's value
    top: tuple[int, int, bool, int, bool] | None = field(default=None, compare=False, repr=False)

    @property
    def last_trick(self) -> bool:
        return self.n_done == self.n_tricks - 1

    @property
    def is_solo(self) -> bool:
        return is_solo(self.contract) or is_stille_hochzeit(self.contract)  # one seat against the rest

    def trump(self, t: int) -> bool:
        return self.order.suit[t] == TRUMP


def power(pos: Pos, t: int, sw: bool) -> int:
    return SCHWEIN_POWER if sw else pos.order.power[t]


def second_dulle_wins(pos: Pos) -> bool:
    r = pos.rules
    return (pos.order.has_dulle and r.dulle != "first_wins"
            and not (pos.last_trick and r.dulle == "second_wins_except_last"))


def led_suit(pos: Pos) -> int | None:
    if not pos.trick:
        return None
    s, t, sw = pos.trick[0]
    return TRUMP if sw else pos.order.suit[t]


def best(pos: Pos, plays: list[tuple[int, int, bool]]) -> tuple[int, int, bool, int, bool]:
    """(seat, type, schwein, power, trump) of the card winning ``plays`` so far (engine order)."""
    order = pos.order
    s0, t0, sw0 = plays[0]
    top = (s0, t0, sw0, power(pos, t0, sw0), sw0 or order.suit[t0] == TRUMP)
    led = TRUMP if sw0 else order.suit[t0]
    dulle2 = None
    for s, t, sw in plays[1:]:
        if sw or order.suit[t] == TRUMP:
            p = power(pos, t, sw)
            if not top[4] or p > top[3]:
                top = (s, t, sw, p, True)
            elif t == HT == top[1] and not sw and not top[2]:
                if dulle2 is None:
                    dulle2 = second_dulle_wins(pos)
                if dulle2:
                    top = (s, t, sw, p, True)
        elif not top[4] and order.suit[t] == led and order.power[t] > top[3]:
            top = (s, t, sw, order.power[t], False)
    return top


def trick_top(pos: Pos) -> tuple[int, int, bool, int, bool]:
    """``best(pos, pos.trick)`` (a trick on the table), kept in the position: every candidate card asks."""
    top = pos.top
    if top is None:
        top = pos.top = best(pos, pos.trick)
    return top


def with_card(pos: Pos, t: int, sw: bool = False) -> tuple[int, int, bool, int, bool]:
    """``best`` of the trick with the seat's card ``t`` added: one step of ``best``'s loop on
    the trick's top, as the card comes last."""
    top = trick_top(pos)
    order = pos.order
    if sw or order.suit[t] == TRUMP:
        p = SCHWEIN_POWER if sw else order.power[t]
        if not top[4] or p > top[3]:
            return pos.seat, t, sw, p, True
        if t == HT == top[1] and not sw and not top[2] and second_dulle_wins(pos):
            return pos.seat, t, sw, p, True
    # the top is a plain card only while no trump fell: then it is of the led suit
    elif not top[4] and order.suit[t] == order.suit[top[1]] and order.power[t] > top[3]:
        return pos.seat, t, sw, order.power[t], False
    return top


def wins_now(pos: Pos, t: int, sw: bool = False) -> bool:
    """Whether playing ``t`` takes the lead of the trick on the table."""
    if not pos.trick:
        return True
    return with_card(pos, t, sw)[0] == pos.seat


def table_augen(pos: Pos) -> int:
    return sum(AUGEN[t] for _, t, _ in pos.trick)


def higher_out(pos: Pos, suit: int, p: int) -> int:
    """How many unseen cards of ``suit`` beat power ``p`` (a second Dulle counts when it would)."""
    order = pos.order
    n = n_cards(pos.out & _above(order)[suit][p])
    if order.suit[HT] == suit and order.power[HT] == p and second_dulle_wins(pos):
        n += count(pos.out, HT)
    return n


_ABOVE: dict[int, tuple[Order, tuple[tuple[int, ...], ...]]] = {}


def _above(order: Order) -> tuple[tuple[int, ...], ...]:
    """Per suit (TRUMP included) and power p up to 1001: the mask of the suit's types above p.
    Keyed by the order's identity: hashing an Order hashes its tables, and orders are few
    (``order_for`` caches them)."""
    hit = _ABOVE.get(id(order))
    if hit is not None and hit[0] is order:
        return hit[1]
    rows = []
    for suit in range(5):
        types = [t for t in range(N_TYPES) if order.suit[t] == suit]
        rows.append(tuple(sum(3 << 2 * t for t in types if order.power[t] > p) for p in range(1002)))
    table = tuple(rows)
    _ABOVE[id(order)] = (order, table)
    return table


def may_beat(pos: Pos, seat: int, top: tuple[int, int, bool, int, bool]) -> bool:
    """Whether ``seat`` (still to play) might beat the winning card ``top``."""
    order = pos.order
    void = pos.void[seat]
    if top[4]:  # a trump holds the trick
        return not void >> TRUMP & 1 and higher_out(pos, TRUMP, top[3]) > 0
    suit = order.suit[top[1]]
    if not void >> suit & 1 and higher_out(pos, suit, top[3]) > 0:
        return True
    # it may be void in the suit and trump: likely once the suit went round before
    if void >> TRUMP & 1:
        return False
    known_void = void >> suit & 1
    left = out_count(pos, suit)
    return bool(known_void) or left < len(pos.after) + 1 or pos.led_counts[suit] >= 1 and left < 4


def out_count(pos: Pos, suit: int) -> int:
    """How many unseen cards of ``suit`` (TRUMP included) there are."""
    return n_cards(pos.out & pos.order.masks[suit])


def holds(pos: Pos, top: tuple[int, int, bool, int, bool]) -> bool:
    """Whether the card winning now will still win: no seat after it that is not a friend can beat it."""
    return not any(pos.team[s] != 1 and may_beat(pos, s, top) for s in pos.after)


# ---- building positions ----------------------------------------------------------------------




def pos_from_obs(obs: Observation) -> Pos:
    """The card decision of the observing seat (phase "play", its turn)."""
    rules = obs.rules
    contract = obs.contract or "normal"
    order = order_for(order_kind(contract), rules.dullen, rules.joker)
    hand = hand_from_types(CODE_TO_TYPE[c] for c in obs.hand)
    legal_codes = {m.card for m in obs.legal if isinstance(m, Play)}
    legal = tuple(sorted(CODE_TO_TYPE[c] for c in legal_codes))
    trick = [(p.seat, CODE_TO_TYPE[p.card], p.schwein) for p in obs.trick]
    played = [CODE_TO_TYPE[c] for x in obs.tricks for _, c in x.cards] + [t for _, t, _ in trick]
    unseen = hand_from_types(CODE_TO_TYPE[c] for c in deck(rules))
    unseen -= hand + hand_from_types(played)
    void = [0] * obs.n
    led = [0, 0, 0, 0, 0]
    rounds = [[(s, CODE_TO_TYPE[c], i == x.schwein) for i, (s, c) in enumerate(x.cards)] for x in obs.tricks]
    if trick:
        rounds.append(trick)
    for plays in rounds:
        s0, t0, sw0 = plays[0]
        ls = TRUMP if sw0 else order.suit[t0]
        led[ls] += 1
        for s, t, sw in plays[1:]:
            if not sw and order.suit[t] != ls:
                void[s] |= 1 << ls
    team = _teams(obs)
    seats = obs.seats
    i = seats.index(obs.seat)
    after = seats[i + 1:] + seats[:i]
    after = after[: len(seats) - 1 - len(trick)]
    schwein_ok = any(isinstance(m, Play) and m.schwein for m in obs.legal)
    seeking = obs.seeking and obs.clarify_trick is None  # a Hochzeit (at six either), a kleines Solo
    soloist = obs.declarer if is_solo(contract) or is_stille_hochzeit(contract) else None
    if contract == "normal" and _silent_holder(obs):
        contract, soloist = "stille_hochzeit", obs.seat
    alone = is_hochzeit(contract) and found_nobody(obs.clarify_trick, obs.partner)
    return Pos(rules, order, obs.seat, hand, legal, trick, len(obs.tricks), obs.n_tricks, team,
               unseen, void, tuple(after), contract, soloist, seats, schwein_ok, tuple(led[:4]), seeking,
               obs.hochzeit_form or "", extras_count(contract, rules.solo_extras, alone),
               obs.declarer if seeking else None)


def _silent_holder(obs: Observation) -> bool:
    """The seat plays a stille Hochzeit: it was dealt every CQ (the engine's rule; at six two
    of three and gesund is a normal game)."""
    return plays_stille_hochzeit(obs.dealt.count("CQ"), obs.rules.copies)


def _teams(obs: Observation) -> list[int]:
    """Own party 1, other party -1, unknown 0, from public parties plus the seat's own cards."""
    team = [0] * obs.n
    me = obs.party
    if me is None:
        team[obs.seat] = 1
        return team
    for s in obs.seats:
        p = obs.parties[s]
        if p is not None:
            team[s] = 1 if p == me else -1
    team[obs.seat] = 1
    if (obs.contract or "normal") != "normal":
        return team
    if _silent_holder(obs):  # a stille Hochzeit: alone against the rest
        return [1 if s == obs.seat else -1 for s in range(obs.n)]
    unknown = [s for s in obs.seats if team[s] == 0]
    if unknown:
        fill = _fill(obs, me, sum(team[s] == 1 for s in obs.seats), sum(team[s] == -1 for s in obs.seats),
                     len(unknown))
        for s in unknown:
            team[s] = fill
    return team


def _fill(obs: Observation, me: str, mine: int, theirs: int, unknown: int) -> int:
    """The party of every seat not yet known in a game that looks normal (1 own, -1 other, 0 still
    open) once one party is full or only just fits: the engine's party sizes for the seat's CQ,
    not counting on another seat's hidden stille Hochzeit (two against two at four, 2:3 at five,
    3:3 or 2:4 at six)."""
    n = len(obs.seats)
    lo, hi = normal_re_sizes(obs.rules.copies, obs.dealt.count("CQ"), hidden_stille=False)
    if me != "re":
        lo, hi = n - hi, n - lo
    if mine == hi or theirs + unknown == n - hi:
        return -1
    if theirs == n - lo or mine + unknown == lo:
        return 1
    return 0


def pos_from_game(g: Game, seat: int) -> Pos:
    """The card decision of ``seat`` inside a play-out: the sampled world is known."""
    return Playout(g).pos(seat, type_list(g.sim_legal(seat)))


class Playout:
    """``pos_from_game`` for every card of one play-out of ``g``: it runs for every card of
    every play-out, so the loops are unrolled, the party rows and seatings cached, and the
    suits led in the finished tricks counted once (a play-out only adds tricks)."""

    __slots__ = ("g", "_counted", "_led", "_voids", "_voids_of", "_extras")

    def __init__(self, g: Game) -> None:
        self.g = g
        self._counted = 0  # finished tricks whose lead is in ``_led``
        self._led = [0, 0, 0, 0, 0]  # per suit how often it was led; the fifth counts trump leads
        # a seat's void bits per hand mask, for the order they were worked out with: between two
        # cards only one hand changes
        self._voids: dict[int, int] = {}
        self._voids_of: Order | None = None
        # the engine's ``extras_count`` for (contract, clarify_trick, partner), which rarely change
        self._extras: tuple[str | None, int | None, int | None, bool] | None = None

    def pos(self, seat: int, legal: tuple[int, ...]) -> Pos:
        """The position of ``seat`` to play, ``legal`` its distinct legal card types."""
        g = self.g
        order = g.sim_order
        hands = g.sim_hands
        hand = hands[seat]
        trick = g.sim_trick
        out = 0
        void = [0] * g.n
        voids = self._voids
        if self._voids_of is not order:
            voids.clear()
            self._voids_of = order
        seats = g.seats
        for s in seats:
            if s != seat:
                h = hands[s]
                out += h
                bits = voids.get(h)
                if bits is None:
                    bits = voids[h] = _void_bits(order, h)
                void[s] = bits
        seeking = g.seeking and g.clarify_trick is None
        if seeking:
            team = [0] * g.n
            team[seat] = 1
            if g.holder is not None:
                team[g.holder] = 1 if seat == g.holder else 0
        else:
            team = list(_team_row(g.sim_re, seat, g.n))
        rules = g.rules
        schwein_ok = rules.schweine and bool(count(hand, DA)) and g.sim_may_schwein(seat)
        suit = order.suit
        done = g.sim_done
        led = self._led
        for x in done[self._counted:]:
            first = x[1][0]
            if not first[2]:
                led[suit[first[1]]] += 1
        self._counted = len(done)
        led_counts = tuple(led[:4])
        if trick and not trick[0][2] and suit[trick[0][1]] < TRUMP:  # the trick on the table was led too
            i = suit[trick[0][1]]
            led_counts = led_counts[:i] + (led_counts[i] + 1,) + led_counts[i + 1:]
        contract = g.contract or "normal"
        soloist = g.soloist if g.soloist is not None else (g.holder if is_stille_hochzeit(contract) else None)
        return Pos(rules, order, seat, hand, legal, trick, len(done), g.n_tricks, team, out, void,
                   _after(seats, seat, len(trick)), contract, soloist, seats, schwein_ok, led_counts, seeking,
                   g.hochzeit_form or "", self._extras_count(), g.holder if seeking else None)

    def _extras_count(self) -> bool:
        g = self.g
        last = self._extras
        if last is None or last[0] != g.contract or last[1] != g.clarify_trick or last[2] != g.partner:
            last = self._extras = (g.contract, g.clarify_trick, g.partner, g.extras_count)
        return last[3]


def _void_bits(order: Order, h: int) -> int:
    """The suits (TRUMP included) hand mask ``h`` lacks under ``order``, as bits ``1 << suit``."""
    m0, m1, m2, m3, m4 = order.masks
    return (not h & m0) | (not h & m1) << 1 | (not h & m2) << 2 | (not h & m3) << 3 | (not h & m4) << 4


@cache
def _after(seats: tuple[int, ...], seat: int, played: int) -> tuple[int, ...]:
    """The seats still to play in the trick after ``seat``, ``played`` cards being on the table."""
    i = seats.index(seat)
    return (seats[i + 1:] + seats[:i])[: len(seats) - 1 - played]


@cache
def _team_row(re: frozenset[int], seat: int, n: int) -> tuple[int, ...]:
    """Per seat 1 for the seat's party, -1 for the other."""
    mine = seat in re
    return tuple([1 if (s in re) == mine else -1 for s in range(n)])

__all__ = ["JOKER", "Pos", "best", "holds", "out_count", "Playout", "pos_from_game", "pos_from_obs", "power", "table_augen", "trick_top",
           "wins_now", "with_card"]
