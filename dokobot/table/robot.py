"""Computer players: a seat's next action from what that seat may know.

Cards are chosen by determinised Monte Carlo: deal the unseen cards to the
other seats at random (respecting the suits they have shown they lack and
the hand sizes), play each candidate card and finish the game with random
legal play many times, pick the card with the best average score. The
engine's fast path makes a few thousand play-outs per decision affordable.
Reservations, Armut and announcements use plain hand-strength rules.

Only public information and the seat's own hand are used: the real hands of
the other seats are never read (``_sample`` overwrites them).
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from dokobot.engine import Game
from dokobot.engine.cards import AUGEN, CODE_TO_TYPE, CQ, count, hand_size, one, types_in
from dokobot.engine.contracts import TRUMP, order_for
from dokobot.engine.randomplay import playout

ROLLOUT_ANNOUNCE_RATE = 0.0


@dataclass(frozen=True)
class Skill:
    """How hard a computer player thinks."""

    playouts: int = 400  # random play-outs per decision, spread over the candidate cards
    announce_threshold: float = 0.8  # estimated win chance needed to say Re/Kontra


def choose_action(game: Game, seat: int, rng: random.Random | None = None,
                  skill: Skill = Skill()) -> dict:
    """The computer player's next action for ``seat`` (it must be the seat to act)."""
    rng = rng or random.Random()
    if game.phase == "reserve":
        return _reserve(game, seat)
    if game.phase == "armut_take":
        return {"seat": seat, "armut_take": _trumps(game, seat) >= 8}
    if game.phase == "armut_give":
        return {"seat": seat, "armut_give": [c for c in game.hand(seat) if game.is_trump(c)]}
    if game.phase == "armut_return":
        return {"seat": seat, "armut_return": _cheapest(game, seat, len(game.armut_given))}
    return _play(game, seat, rng, skill)


def announcement(game: Game, seat: int, rng: random.Random | None = None,
                 skill: Skill = Skill()) -> str | None:
    """Re or Kontra when play-outs say the seat's party is very likely to win, else None."""
    allowed = [a for a in game.allowed_announcements(seat) if a in ("re", "kontra")]
    if not allowed or game.phase != "play":
        return None
    return allowed[0] if _win_rate(game, seat, rng or random.Random(), skill) >= skill.announce_threshold else None


def klopfen(game: Game, seat: int, rng: random.Random | None = None, skill: Skill = Skill()) -> bool:
    """Knock (where Klopfen replaces Re/Kontra) on the same win chance that makes it say Re/Kontra."""
    if not game.can_klopfen(seat):
        return False
    return _win_rate(game, seat, rng or random.Random(), skill, knock=True) >= skill.announce_threshold


def _win_rate(game: Game, seat: int, rng: random.Random, skill: Skill, knock: bool = False) -> float:
    party = game.party_of(seat)
    wins = 0
    n = max(20, skill.playouts // 4)
    for _ in range(n):
        sim = _sample(game, seat, rng)
        if knock:
            sim.knocks.append(seat)  # with klopfen_redeal an unknocked game would be thrown in
        playout(sim, rng)
        wins += sim.result()["winner"] == party
    return wins / n


# ---- reservations and Armut ------------------------------------------------------------


def _trumps(game: Game, seat: int) -> int:
    normal = order_for("normal", game.rules.dullen, game.rules.joker)
    return hand_size(game.hands[seat] & normal.masks[TRUMP])


def _reserve(game: Game, seat: int) -> dict:
    allowed = game.allowed_reservations(seat)
    kinds = {a["reserve"] for a in allowed}
    if "schmeissen" in kinds:
        return {"seat": seat, "reserve": "schmeissen"}
    solo = _strong_solo(game, seat, [a["solo"] for a in allowed if a["reserve"] == "solo"])
    if solo:
        return {"seat": seat, "reserve": "solo", "solo": solo}
    if "armut" in kinds:
        return {"seat": seat, "reserve": "armut"}
    if "hochzeit" in kinds:  # named_card: the first card offered
        return next(a for a in allowed if a["reserve"] == "hochzeit")
    return {"seat": seat, "reserve": "gesund"}


def _strong_solo(game: Game, seat: int, kinds: list[str]) -> str | None:
    """A solo kind where the hand holds at least 9 trumps including 4 of the top 6."""
    h = game.hands[seat]
    best, best_n = None, 0
    for kind in kinds:
        order = order_for(kind, game.rules.dullen, game.rules.joker)
        n = hand_size(h & order.masks[TRUMP])
        top = sum(count(h, t) for t in order.trumps[:6])
        if n >= 9 and top >= 4 and n > best_n:
            best, best_n = kind, n
    return best


def _cheapest(game: Game, seat: int, n: int) -> list[str]:
    """Cards to give back after taking an Armut: low plain cards first, trumps last."""
    hand = game.hand(seat)
    return sorted(hand, key=lambda c: (game.is_trump(c), _augen(c)))[:n]


def _augen(code: str) -> int:
    return AUGEN[CODE_TO_TYPE[code]]


# ---- playing -----------------------------------------------------------------------------


def _play(game: Game, seat: int, rng: random.Random, skill: Skill) -> dict:
    options = game.legal_play_actions(seat)
    if len(options) == 1:
        return options[0]
    totals = [0.0] * len(options)
    rounds = max(1, skill.playouts // len(options))
    for _ in range(rounds):
        sim = _sample(game, seat, rng)  # one deal for all candidates: fairer comparison
        for i, action in enumerate(options):
            g = sim.copy()
            g._play(seat, CODE_TO_TYPE[action["play"]], action.get("schwein", False))
            playout(g, rng, ROLLOUT_ANNOUNCE_RATE)
            totals[i] += g.result()["score"][seat]
    best = max(range(len(options)), key=lambda i: (totals[i], rng.random()))
    return options[best]


def _sample(game: Game, seat: int, rng: random.Random) -> Game:
    """A copy of the game with the other seats' hidden cards dealt anew at random.

    The deal respects what the seat can know: hand sizes, suits a seat failed to
    follow, and in a game that looks normal, who has shown to be Re or Kontra.
    """
    sim = game.copy()
    others = [s for s in game.seats if s != seat]
    # sorted: the sample must not depend on who really holds what
    unseen = sorted(t for s in others for t in types_in(game.hands[s]) for _ in range(count(game.hands[s], t)))
    forbid = _forbidden(game, others)
    deal = None
    for _ in range(50):
        deal = _deal(unseen, others, game, forbid, rng)
        if deal is not None:
            break
    if deal is None:  # constraints too tight for random tries: keep sizes only
        deal = _deal(unseen, others, game, {s: set() for s in others}, rng)
    for s, cards in deal.items():
        sim.hands[s] = sum(one(t) for t in cards)
    if game.public_contract == "normal":
        _normal_parties(sim)
    return sim


def _forbidden(game: Game, others: list[int]) -> dict[int, set[int]]:
    """Per seat, the card types it cannot hold: suits it did not follow, a CQ for known Kontra."""
    order = game.order
    lacks: dict[int, set[int]] = {s: set() for s in others}
    tricks = [x[1] for x in game.tricks_done] + ([game.trick] if game.trick else [])
    for plays in tricks:
        led = TRUMP if plays[0][2] else order.suit[plays[0][1]]
        for s, t, sw in plays[1:]:
            if s in lacks and not sw and order.suit[t] != led:
                lacks[s].add(led)
    forbid = {s: {t for t in range(len(order.suit)) if order.suit[t] in lacks[s]} for s in others}
    if game.public_contract == "normal":
        for s in others:
            if game.revealed.get(s) == "kontra":
                forbid[s].add(CQ)
    return forbid


def _deal(unseen: list[int], others: list[int], game: Game, forbid, rng: random.Random):
    """Random hands for ``others`` from ``unseen``, or None when the random try got stuck."""
    need = {s: game.sizes[s] for s in others}
    hands: dict[int, list[int]] = {s: [] for s in others}
    cards = unseen[:]
    rng.shuffle(cards)
    # a revealed Re seat that has not played a CQ holds one
    if game.public_contract == "normal":
        played = {s for x in game.tricks_done for s, t, _ in x[1] if t == CQ} | {
            s for s, t, _ in game.trick if t == CQ}
        for s in others:
            if game.revealed.get(s) == "re" and s not in played and CQ in cards:
                cards.remove(CQ)
                hands[s].append(CQ)
    cards.sort(key=lambda t: -sum(t in forbid[s] for s in others))  # most constrained first
    for t in cards:
        fits = [s for s in others if len(hands[s]) < need[s] and t not in forbid[s]]
        if not fits:
            return None
        hands[rng.choice(fits)].append(t)
    return hands


def _normal_parties(sim: Game) -> None:
    """Parties of a game that looks normal follow the sampled Kreuz-Damen."""
    holders = [s for s in sim.seats if count(sim.hands[s], CQ)]
    holders += [s for x in sim.tricks_done for s, t, _ in x[1] if t == CQ]
    holders += [s for s, t, _ in sim.trick if t == CQ]
    distinct = set(holders)
    sim.re = frozenset(distinct)
    if len(distinct) == 1:
        sim.contract, sim.holder = "stille_hochzeit", holders[0]
    else:
        sim.contract, sim.holder = "normal", None


__all__ = ["Skill", "announcement", "choose_action"]
