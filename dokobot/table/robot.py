"""Computer players: a seat's next action from that seat's ``Observation`` only.

Cards are chosen by determinised Monte Carlo: deal the unseen cards to the
other seats at random (respecting the hand sizes, the suits they have shown
they lack, the Kreuz-Damen of seats shown to be Re, and an Armut exchange the
seat took part in), play each candidate card and finish the game with random
legal play many times, pick the card with the best average score. The
engine's fast path makes a few thousand play-outs per decision affordable.
Reservations, Armut and announcements use plain hand-strength rules.

The robot never sees a ``Game``: it gets the observation of its seat (its
hand, the public actions, the rules), and its play-out games are built from
that observation and a guess of the hidden hands (``game_from_observation``).
So two games that differ only in other seats' unplayed cards get the same
decision with the same use of the random source.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from dokobot.engine import Game, Observation, deck, game_from_observation
from dokobot.engine.cards import AUGEN, CODE_TO_TYPE, CQ, count, hand_size
from dokobot.engine.contracts import TRUMP, order_for, order_kind
from dokobot.engine.observation import thaw
from dokobot.engine.randomplay import playout

ROLLOUT_ANNOUNCE_RATE = 0.0
Action = dict[str, Any]


@dataclass(frozen=True)
class Skill:
    """How hard a computer player thinks."""

    playouts: int = 400  # random play-outs per decision, spread over the candidate cards
    announce_threshold: float = 0.8  # estimated win chance needed to say Re/Kontra


def choose_action(obs: Observation, rng: random.Random | None = None, skill: Skill = Skill()) -> Action:
    """The computer player's next action for the observing seat (it must be the seat to act)."""
    rng = rng or random.Random()
    seat = obs.seat
    if obs.phase == "reserve":
        return _reserve(obs)
    if obs.phase == "armut_take":
        return {"seat": seat, "armut_take": _trumps(obs) >= 8}
    if obs.phase == "armut_give":
        return obs.legal_actions()[0]
    if obs.phase == "armut_return":
        return {"seat": seat, "armut_return": _cheapest(obs, obs.armut_given)}
    return _play(obs, rng, skill)


def announcement(obs: Observation, rng: random.Random | None = None, skill: Skill = Skill()) -> str | None:
    """Re or Kontra when play-outs say the seat's party is very likely to win, else None."""
    allowed = [a for a in obs.may_announce if a in ("re", "kontra")]
    if not allowed or obs.phase != "play":
        return None
    return allowed[0] if _win_rate(obs, rng or random.Random(), skill) >= skill.announce_threshold else None


def klopfen(obs: Observation, rng: random.Random | None = None, skill: Skill = Skill()) -> bool:
    """Knock (where Klopfen replaces Re/Kontra) on the same win chance that makes it say Re/Kontra."""
    if {"seat": obs.seat, "klopfen": True} not in obs.legal_actions():
        return False
    return _win_rate(obs, rng or random.Random(), skill, knock=True) >= skill.announce_threshold


def _win_rate(obs: Observation, rng: random.Random, skill: Skill, knock: bool = False) -> float:
    """The seat's party's share of won play-outs from here (with its knock, if ``knock``)."""
    wins = 0
    n = max(20, skill.playouts // 4)
    sample = _Sampler(obs)
    for _ in range(n):
        sim = sample(rng)
        if knock:
            sim.knocks.append(obs.seat)  # with klopfen_redeal an unknocked game would be thrown in
        playout(sim, rng)
        wins += sim.result()["winner"] == obs.party
    return wins / n


# ---- reservations and Armut ------------------------------------------------------------


def _mask(cards: tuple[str, ...] | list[str]) -> int:
    h = 0
    for c in cards:
        h += 1 << (2 * CODE_TO_TYPE[c])
    return h


def _trumps(obs: Observation) -> int:
    normal = order_for("normal", obs.rules.dullen, obs.rules.joker)
    return hand_size(_mask(obs.hand) & normal.masks[TRUMP])


def _reserve(obs: Observation) -> Action:
    seat = obs.seat
    allowed = [thaw(a) for a in obs.legal]
    kinds = {a["reserve"] for a in allowed}
    if "schmeissen" in kinds:
        return {"seat": seat, "reserve": "schmeissen"}
    solos = [str(a["solo"]) for a in allowed if a["reserve"] == "solo"]
    solo = _strong_solo(obs, solos)
    if not solo and solos and "gesund" not in kinds:  # vorgeführt: a solo it must be
        solo = _longest_solo(obs, solos)
    if solo:
        return {"seat": seat, "reserve": "solo", "solo": solo}
    if "armut" in kinds:
        return {"seat": seat, "reserve": "armut"}
    if "hochzeit" in kinds:  # named_card: the first card offered
        return next(a for a in allowed if a["reserve"] == "hochzeit")
    return {"seat": seat, "reserve": "gesund"}


def _longest_solo(obs: Observation, kinds: list[str]) -> str:
    """The solo kind in which the hand holds the most trumps."""
    h = _mask(obs.hand)
    return max(kinds, key=lambda k: hand_size(h & order_for(k, obs.rules.dullen, obs.rules.joker).masks[TRUMP]))


def _strong_solo(obs: Observation, kinds: list[str]) -> str | None:
    """A solo kind where the hand holds at least 9 trumps including 4 of the top 6."""
    h = _mask(obs.hand)
    best, best_n = None, 0
    for kind in kinds:
        order = order_for(kind, obs.rules.dullen, obs.rules.joker)
        n = hand_size(h & order.masks[TRUMP])
        top = sum(count(h, t) for t in order.trumps[:6])
        if n >= 9 and top >= 4 and n > best_n:
            best, best_n = kind, n
    return best


def _cheapest(obs: Observation, n: int) -> list[str]:
    """Cards to give back after taking an Armut: low plain cards first, trumps last."""
    return sorted(obs.hand, key=lambda c: (obs.is_trump(c), AUGEN[CODE_TO_TYPE[c]]))[:n]


# ---- playing -----------------------------------------------------------------------------


def _play(obs: Observation, rng: random.Random, skill: Skill) -> Action:
    options = [a for a in obs.legal_actions() if "play" in a]
    if len(options) == 1:
        return options[0]
    seat = obs.seat
    totals = [0.0] * len(options)
    rounds = max(1, skill.playouts // len(options))
    sample = _Sampler(obs)
    for _ in range(rounds):
        sim = sample(rng)  # one deal for all candidates: fairer comparison
        for i, action in enumerate(options):
            g = sim.copy()
            g._play(seat, CODE_TO_TYPE[str(action["play"])], bool(action.get("schwein", False)))
            playout(g, rng, ROLLOUT_ANNOUNCE_RATE)
            totals[i] += g.result()["score"][seat]
    best = max(range(len(options)), key=lambda i: (totals[i], rng.random()))
    return options[best]


class _Sampler:
    """Play-out games at the observed position, the other seats' cards dealt at random.

    The deal respects what the seat can know: hand sizes, suits a seat failed to
    follow, the Kreuz-Dame of a seat shown to be Re, cards an Armut exchange put
    in a known hand. The constraints are worked out once per decision.
    """

    def __init__(self, obs: Observation) -> None:
        self.obs = obs
        self.others = [s for s in obs.seats if s != obs.seat]
        self.pinned = _pinned(obs, self.others)
        unseen = Counter(CODE_TO_TYPE[c] for c in deck(obs.rules))
        unseen.subtract(CODE_TO_TYPE[c] for c in obs.hand)
        unseen.subtract(CODE_TO_TYPE[c] for s in obs.seats for c in obs.played_by(s))
        for cards in self.pinned.values():
            unseen.subtract(cards)
        self.free = sorted(unseen.elements())
        self.forbid = _forbidden(obs, self.others)

    def __call__(self, rng: random.Random) -> Game:
        hands = None
        for _ in range(50):
            hands = _deal(self.free, self.pinned, self.obs, self.forbid, rng)
            if hands is not None:
                break
        if hands is None:  # constraints too tight for random tries: keep sizes only
            hands = _deal(self.free, self.pinned, self.obs, {s: set() for s in self.others}, rng)
        assert hands is not None
        return game_from_observation(self.obs, hands)


def _sample(obs: Observation, rng: random.Random) -> Game:
    """One play-out game at the observed position (see ``_Sampler``)."""
    return _Sampler(obs)(rng)


def _pinned(obs: Observation, others: list[int]) -> dict[int, list[int]]:
    """Cards the seat knows to be in another seat's hand (still unplayed)."""
    pinned: dict[int, list[int]] = {s: [] for s in others}
    if obs.contract == "normal":  # a revealed Re seat that has not played a CQ holds one
        for s in others:
            if obs.parties[s] == "re" and "CQ" not in obs.played_by(s):
                pinned[s].append(CQ)
    other = obs.taker if obs.seat == obs.poor else obs.poor
    if obs.armut_cards and obs.seat in (obs.poor, obs.taker) and other is not None:
        known = Counter(obs.armut_cards) - Counter(obs.armut_returned) if obs.seat == obs.poor \
            else Counter(obs.armut_returned)
        known -= Counter(obs.played_by(other))  # the played copies cannot be told apart
        if other in pinned:
            pinned[other] += sorted(CODE_TO_TYPE[c] for c in known.elements())
    return pinned


def _forbidden(obs: Observation, others: list[int]) -> dict[int, set[int]]:
    """Per seat, the card types it cannot hold: suits it did not follow, a CQ for known Kontra."""
    order = order_for(order_kind(obs.contract), obs.rules.dullen, obs.rules.joker)
    lacks: dict[int, set[int]] = {s: set() for s in others}
    tricks = [[(s, c, i == x.schwein) for i, (s, c) in enumerate(x.cards)] for x in obs.tricks]
    if obs.trick:
        tricks.append([(p.seat, p.card, p.schwein) for p in obs.trick])
    for plays in tricks:
        led = TRUMP if plays[0][2] else order.suit[CODE_TO_TYPE[plays[0][1]]]
        for s, c, sw in plays[1:]:
            if s in lacks and not sw and order.suit[CODE_TO_TYPE[c]] != led:
                lacks[s].add(led)
    forbid = {s: {t for t in range(len(order.suit)) if order.suit[t] in lacks[s]} for s in others}
    if obs.contract == "normal":
        for s in others:
            if obs.parties[s] == "kontra":
                forbid[s].add(CQ)
    return forbid


def _deal(free: list[int], pinned: dict[int, list[int]], obs: Observation,
          forbid: dict[int, set[int]], rng: random.Random) -> dict[int, list[int]] | None:
    """Random hands for the other seats, or None when the random try got stuck."""
    others = list(pinned)
    hands = {s: list(pinned[s]) for s in others}
    cards = free[:]
    rng.shuffle(cards)
    cards.sort(key=lambda t: -sum(t in forbid[s] for s in others))  # most constrained first
    for t in cards:
        fits = [s for s in others if len(hands[s]) < obs.sizes[s] and t not in forbid[s]]
        if not fits:
            return None
        hands[rng.choice(fits)].append(t)
    return hands


__all__ = ["Skill", "announcement", "choose_action"]
