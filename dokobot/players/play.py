"""Card play by rules: ``leicht`` (simple) and ``mittel`` (solid), both from a ``Pos``.

Each returns ``(type, schwein)``. ``mittel`` counts cards (what is out, who
showed a void), saves and catches Füchse, keeps the Karlchen for the last
trick, smears points onto a partner's safe trick and searches a Hochzeit's
(or kleines Solo's) partner by leading a plain suit.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from dokobot.engine.cards import ACE, AUGEN, CJ, DA, HT, TEN, n_cards, rank_of
from dokobot.engine.contracts import TRUMP

from .core import (
    Pos,
    higher_out,
    holds,
    out_count,
    power,
    table_augen,
    trick_top,
    wins_now,
    with_card,
)

Card = tuple[int, bool]


def _sw(pos: Pos, t: int) -> bool:
    return t == DA and pos.schwein_ok


def _fuchs_counts(pos: Pos) -> bool:
    """A Fuchs caught is a Sonderpunkt in this game (the engine says where extras count)."""
    return "fuchs" in pos.rules.extras and pos.extras_count and pos.trump(DA)


def _karlchen(pos: Pos) -> bool:
    """A Karlchen in the last trick is a Sonderpunkt in this game."""
    return "karlchen" in pos.rules.extras and pos.extras_count and pos.trump(CJ)


# ---- leicht ----------------------------------------------------------------------------------


def leicht_card(pos: Pos) -> Card:
    """Win a trick worth 10 Augen or more with the cheapest card that takes it now, give points
    to a known partner who leads the trick, else throw the lowest card."""
    legal = pos.legal
    if len(legal) == 1:
        return legal[0], _sw(pos, legal[0])
    if not pos.trick:
        aces = [t for t in legal if rank_of(t) == ACE and not pos.trump(t)]
        if aces:
            return aces[0], False
        return _lowest(pos, legal), False
    top = trick_top(pos)
    if pos.team[top[0]] == 1:
        return max(legal, key=lambda t: (AUGEN[t], -power(pos, t, False))), False
    if table_augen(pos) >= 10:
        winners = [t for t in legal if wins_now(pos, t, _sw(pos, t))]
        if winners:
            t = min(winners, key=lambda t: power(pos, t, False))
            return t, _sw(pos, t)
    return _lowest(pos, legal), False


def _lowest(pos: Pos, cards: Iterable[int]) -> int:
    return min(cards, key=lambda t: (AUGEN[t], pos.trump(t), power(pos, t, False)))


# ---- mittel ----------------------------------------------------------------------------------


def mittel_card(pos: Pos) -> Card:
    legal = pos.legal
    if len(legal) == 1:
        return legal[0], _sw(pos, legal[0])
    if not pos.trick:
        t = _lead(pos)
        return t, _sw(pos, t)
    return _follow(pos)


def _keep_value(pos: Pos, t: int) -> int:
    """How much a card is worth keeping for later (beyond its Augen)."""
    order = pos.order
    suit = order.suit[t]
    if suit == TRUMP:
        v = max(0, order.power[t] - 100)  # high trumps win later tricks
        if t == CJ and _karlchen(pos) and not pos.last_trick:
            v += 12
        if t == DA and _fuchs_counts(pos):
            v += 4
        return v
    if rank_of(t) == ACE and pos.led_counts[suit] == 0:
        return 8  # an ace of a fresh suit takes its own trick
    return 0


def _follow(pos: Pos) -> Card:
    legal = pos.legal
    top = trick_top(pos)
    value = table_augen(pos)
    last = not pos.after
    friend_top = pos.team[top[0]] == 1
    if friend_top and holds(pos, top):
        return _smear(pos, legal)
    # ``wins_now`` on a trick on the table (there is one when following), in one loop
    seat, schwein_ok = pos.seat, pos.schwein_ok
    winners = [t for t in legal if with_card(pos, t, t == DA and schwein_ok)[0] == seat]
    fuchs_on = _fuchs_counts(pos) and any(t == DA for _, t, _ in pos.trick) and pos.team[top[0]] != 1
    if winners:
        if last:
            # take it with the card that brings the most Augen and costs the least for later
            t = max(winners, key=lambda t: (AUGEN[t] - _keep_value(pos, t), -power(pos, t, _sw(pos, t))))
            # a cheap trick led by a seat that may be the partner: no high trump spent on it
            if pos.team[top[0]] != 0 or value >= 10 or _keep_value(pos, t) <= 5:
                return t, _sw(pos, t)
        safe = [t for t in winners if holds(pos, _as_top(pos, t))]
        if safe and (value >= 8 or fuchs_on or not friend_top or pos.seeking):
            t = min(safe, key=lambda t: (_keep_value(pos, t) - AUGEN[t] // 3, power(pos, t, _sw(pos, t))))
            if fuchs_on or _keep_value(pos, t) <= value + 4:  # no Dulle or Alte on a cheap trick
                return t, _sw(pos, t)
        if not friend_top and value >= 10:  # a trick worth taking: the cheapest card that takes it
            t = min(winners, key=lambda t: (power(pos, t, _sw(pos, t))))
            return t, _sw(pos, t)
        if not friend_top and (value >= 14 or fuchs_on or pos.is_solo):
            # nothing sure: the strongest try, unless the trick is cheap
            t = max(winners, key=lambda t: power(pos, t, _sw(pos, t)))
            if not (pos.trump(t) and pos.order.power[t] < _median_trump(pos)) or value >= 10:
                return t, _sw(pos, t)
    if friend_top and pos.team[top[0]] == 1 and not any(pos.team[s] == -1 for s in pos.after):
        return _smear(pos, legal)
    if friend_top and winners and value >= 10:
        # the partner's valuable trick will not hold: take it over with the strongest try
        t = max(winners, key=lambda t: power(pos, t, _sw(pos, t)))
        if not (pos.trump(t) and pos.order.power[t] < _median_trump(pos)):
            return t, _sw(pos, t)
    return _discard(pos, legal), False


def _median_trump(pos: Pos) -> int:
    trumps = pos.order.trumps
    return pos.order.power[trumps[len(trumps) // 2]] if trumps else 0


def _as_top(pos: Pos, t: int) -> tuple[int, int, bool, int, bool]:
    return with_card(pos, t, _sw(pos, t))


def _smear(pos: Pos, legal: Sequence[int]) -> Card:
    """Points onto a trick the partner takes: Fuchs, tens, aces that would not win on their own."""
    def gain(t: int) -> tuple[int, int]:
        bonus = 6 if t == DA and _fuchs_counts(pos) else 0
        keep = _keep_value(pos, t) if not (t == DA and _fuchs_counts(pos)) else 0
        if t == HT and pos.trump(HT):
            keep = 20  # a Dulle is a trick of its own
        return AUGEN[t] + bonus - keep, -power(pos, t, False)
    t = max(legal, key=gain)
    return t, False  # a smeared Fuchs is not a Schwein


def _discard(pos: Pos, legal: Sequence[int]) -> int:
    """The card that costs least: few Augen, no high trump, shortening a short plain suit."""
    order = pos.order
    suits, powers = order.suit, order.power
    led = pos.trick and (TRUMP if pos.trick[0][2] else suits[pos.trick[0][1]])
    following = any(suits[t] == led for t in legal)

    def cost(t: int) -> tuple[int, int, int]:
        suit = suits[t]
        length = 0 if following or suit == TRUMP else _length(pos, suit)
        keep = _keep_value(pos, t)
        trump_cost = 5 if (suit == TRUMP and not following) else 0
        return AUGEN[t] * 2 + keep + trump_cost, length, powers[t]  # its power without the Schwein
    return min(legal, key=cost)


def _length(pos: Pos, suit: int) -> int:
    return n_cards(pos.hand & pos.order.masks[suit])


def _lead(pos: Pos) -> int:
    legal = pos.legal
    order = pos.order
    trumps = [t for t in legal if pos.trump(t)]
    plain = [t for t in legal if not pos.trump(t)]
    n_trumps = _length(pos, TRUMP)
    me_solo = pos.soloist == pos.seat
    if pos.seeking and pos.seeker == pos.seat:
        # search the partner (a Hochzeit, a kleines Solo): a plain card (or a trump when the trump
        # trick decides) someone else takes
        if pos.hochzeit_form == "first_trump_trick" and trumps:
            return min(trumps, key=lambda t: power(pos, t, False))
        if plain:
            return min(plain, key=lambda t: (power(pos, t, False), AUGEN[t]))
    # a master trump when the party wants trumps out
    masters = [t for t in trumps if higher_out(pos, TRUMP, order.power[t]) == 0]
    wants_trumps = me_solo
    trumps_out = out_count(pos, TRUMP) > 0
    if me_solo and masters and trumps_out:
        return max(masters, key=lambda t: power(pos, t, False))
    if me_solo and trumps and trumps_out and not _fresh_aces(pos, plain):
        return max(trumps, key=lambda t: power(pos, t, False))  # pull trumps from the top
    # an ace of a suit the others can still follow
    for t in sorted(plain, key=lambda t: (pos.led_counts[order.suit[t]], -AUGEN[t])):
        suit = order.suit[t]
        if rank_of(t) == ACE and _safe_plain_lead(pos, t):
            return t
        if rank_of(t) == TEN and higher_out(pos, suit, order.power[t]) == 0 and _safe_plain_lead(pos, t):
            return t
    if wants_trumps and trumps:
        if masters and n_trumps >= 4:
            return max(masters, key=lambda t: power(pos, t, False))
        return min(trumps, key=lambda t: (AUGEN[t] > 4, _keep_value(pos, t), power(pos, t, False)))
    if plain:
        # a low card of the shortest suit: make a void, give little
        return min(plain, key=lambda t: (AUGEN[t] >= 10, _length(pos, order.suit[t]), AUGEN[t]))
    return min(trumps, key=lambda t: (_keep_value(pos, t) + AUGEN[t], power(pos, t, False)))


def _fresh_aces(pos: Pos, plain: Iterable[int]) -> bool:
    return any(rank_of(t) == ACE and _safe_plain_lead(pos, t) for t in plain)


def _safe_plain_lead(pos: Pos, t: int) -> bool:
    """A plain card that should win: no higher card out, nobody of the other party void."""
    suit = pos.order.suit[t]
    if higher_out(pos, suit, pos.order.power[t]) > 0:
        return False
    if any(pos.team[s] != 1 and pos.void[s] >> suit & 1 for s in pos.seats if s != pos.seat):
        return False
    return out_count(pos, suit) >= 3 + (1 if pos.led_counts[suit] else 0)
