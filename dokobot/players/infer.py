"""What the other seats' card play and silence say about their hidden hands (``schwer``'s sampling).

Two soft rules for the normal game, where the Kreuz-Damen decide the parties:

- Helping: a seat that put a ten, an ace or a Fuchs onto a trick it did not
  take while it held a legal card under 10 Augen, or that played last under a trick
  worth 10 Augen or more which it could have taken, helped the seat holding
  the trick: a deal in which the two are of different parties is less likely.
- Silence: a seat that has played a card without its party saying Re or
  Kontra rarely holds a hand of Re/Kontra strength (``mittel`` says it from
  10.5 points, see ``bid.normal_strength``).

Everything here is read from the observation (public plays and announcements)
and the sampled hands: no hidden card of the real game is ever seen.
"""

from __future__ import annotations

from dataclasses import dataclass

from dokobot.engine import Observation
from dokobot.engine.cards import AUGEN, CODE_TO_TYPE, CQ, hand_from_types
from dokobot.engine.contracts import TRUMP, Order, order_for, order_kind, plays_stille_hochzeit

from . import bid

HELP_WEIGHT = 0.2  # a helping seat of the other party than the holder: that much less likely (mittel: about 0.1)
SILENT_AT = 10.5  # the point count from which a silent seat is unlikely (mittel's Re/Kontra)
SILENT_WEIGHT = 0.3  # mittel is never silent with such a hand; people are at times


@dataclass(frozen=True, slots=True)
class Help:
    """Seat ``seat`` played ``card`` onto the trick ``top`` held; ``kind``: "smear" or "duck"."""

    seat: int
    top: int
    kind: str
    card: int
    led: int  # the suit led (TRUMP included)
    top_power: int  # the power (``_power``) of the card holding the trick then
    later: tuple[int, ...]  # the cards the seat played from this trick on (then still in its hand)


@dataclass(frozen=True, slots=True)
class Hints:
    order: Order
    helps: tuple[Help, ...]
    silent: tuple[int, ...]  # seats that played a card while their party said nothing yet
    said: frozenset[str]  # the parties that said Re or Kontra
    played: dict[int, tuple[int, ...]]  # per seat, the card types it played


NO_HINTS = Hints(order_for("normal", False, False), (), (), frozenset(), {})


def hints(obs: Observation) -> Hints:
    """The public facts the two rules read, once per decision."""
    if (obs.contract or "normal") != "normal" or obs.poor is not None:
        return NO_HINTS
    order = order_for(order_kind(obs.contract), obs.rules.dullen, obs.rules.joker)
    rounds = [[(s, CODE_TO_TYPE[c], i == x.schwein) for i, (s, c) in enumerate(x.cards)] for x in obs.tricks]
    if obs.trick:
        rounds.append([(p.seat, CODE_TO_TYPE[p.card], p.schwein) for p in obs.trick])
    by_round: dict[int, list[tuple[int, int]]] = {s: [] for s in obs.seats}  # (round, type) in order
    for r, plays in enumerate(rounds):
        for s, t, _ in plays:
            by_round[s].append((r, t))
    helps: list[Help] = []
    for r, plays in enumerate(rounds):
        later = {s: tuple(t for q, t in by_round[s] if q >= r) for s in obs.seats}
        helps += _helps_in(obs, order, plays, later)
    said = {obs.parties[s] or a for s, a in obs.announcements}  # a further step implies the party's word
    announcers = {s for s, _ in obs.announcements}
    silent = tuple(s for s in obs.seats if s != obs.seat and by_round[s] and s not in announcers)
    played = {s: tuple(t for _, t in by_round[s]) for s in obs.seats}
    return Hints(order, tuple(helps), silent, frozenset(x for x in said if x in ("re", "kontra")), played)


def _helps_in(obs: Observation, order: Order, plays: list[tuple[int, int, bool]],
              later: dict[int, tuple[int, ...]]) -> list[Help]:
    """The helping plays of one trick by seats other than the observer."""
    s0, t0, sw0 = plays[0]
    led = TRUMP if sw0 else order.suit[t0]
    top, top_p = s0, _power(order, t0, sw0, led)
    out: list[Help] = []
    last = len(obs.seats) - 1
    for i, (s, t, sw) in enumerate(plays[1:], 1):
        p = _power(order, t, sw, led)
        wins = p > top_p
        if s != obs.seat and not wins:
            if AUGEN[t] >= 10:
                out.append(Help(s, top, "smear", t, led, top_p, later[s]))
            elif i == last and sum(AUGEN[x] for _, x, _ in plays[:i]) >= 10:
                out.append(Help(s, top, "duck", t, led, top_p, later[s]))
        if wins:
            top, top_p = s, p
    return out


def _power(order: Order, t: int, sw: bool, led: int) -> int:
    """A card's strength in a trick led with suit ``led``: trumps above the led suit, others nothing."""
    if sw:
        return 10_000
    if order.suit[t] == TRUMP:
        return 1_000 + order.power[t]
    return order.power[t] if order.suit[t] == led else -1


def weight(h: Hints, obs: Observation, hands: dict[int, list[int]]) -> float:
    """How likely the helping plays and the silences were with these sampled hands."""
    if h is NO_HINTS:
        return 1.0
    re = {s: CQ in hands[s] or CQ in h.played[s] for s in hands}
    re[obs.seat] = obs.party == "re"
    w = 1.0
    for x in h.helps:
        if re[x.seat] != re[x.top] and _voluntary(h.order, x, hands[x.seat]):
            w *= HELP_WEIGHT
    for s in h.silent:
        party = "re" if re[s] else "kontra"
        if party in h.said:
            continue
        dealt = hands[s] + list(h.played[s])
        if plays_stille_hochzeit(dealt.count(CQ), obs.rules.copies):
            continue  # a silent Hochzeit says Re by other rules
        if bid.normal_strength(hand_from_types(dealt), obs.rules) >= SILENT_AT:
            w *= SILENT_WEIGHT
    return w


def _voluntary(order: Order, x: Help, hand: list[int]) -> bool:
    """Whether the seat had a choice: a legal card under 10 Augen (smear) or one taking the trick (duck)."""
    then = hand + list(x.later)
    follows = [t for t in then if order.suit[t] == x.led]
    legal = follows or then
    if x.kind == "smear":
        return any(AUGEN[t] < 10 for t in legal)
    return any(_power(order, t, False, x.led) > x.top_power for t in legal)
