"""Random legal play-outs: for property tests, benchmarks and computer-player rollouts."""

from __future__ import annotations

import random

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
    Reserve,
)
from .cards import _CHUNK_HI, _CHUNK_LO, _LOW, DA, LOW12
from .deal import deal
from .game import Game
from .rules import RuleSet


def random_action(g: Game, rng: random.Random, announce_rate: float = 0.05,
                  reserve_rate: float = 0.15) -> tuple[int, Move]:
    """One random legal move and its seat: the seat to act's, or an announcement or a knock
    by any seat, sometimes. ``g.act(*random_action(g, rng))`` makes it."""
    s = g.to_act
    assert s is not None, "the game is over"
    if g.phase == "reserve":
        opts = [m for m in g.legal_actions(s) if isinstance(m, Reserve)]
        if g.n != 6:
            return s, rng.choice(opts) if rng.random() < reserve_rate else opts[0]
        if rng.random() >= reserve_rate:
            return s, opts[0]
        # six offer 28 solo entries: each kind of reservation alike, so Hochzeiten happen too
        kind = rng.choice(sorted({o.kind for o in opts[1:]} or {"gesund"}))
        return s, rng.choice([o for o in opts if o.kind == kind])
    if g.phase == "bid":
        bids = g.allowed_bids(s)
        return s, Bid("pass" if rng.random() < 0.4 else rng.choice(bids))
    if g.phase == "armut_take":
        return s, ArmutTake(rng.random() < 0.5)
    if g.phase == "partner":  # hochzeit_partner may (reading 40)
        return s, HochzeitPartner(rng.random() < 0.6)
    if g.phase == "armut_give":
        return s, ArmutGive(tuple(c for c in g.hand(s) if g.is_trump(c)))
    if g.phase == "armut_return":
        if g.rules.armut_decide == "after" and rng.random() < 0.3:
            return s, ArmutDecline()
        return s, ArmutReturn(tuple(rng.sample(g.hand(s), len(g.armut_given))))
    if g.rules.klopfen and not g.sim_trick and not g.tricks_played and rng.random() < 0.4:
        klopfer = [seat for seat in g.seats if g.can_klopfen(seat)]
        if klopfer:
            return rng.choice(klopfer), Klopfen()
    if rng.random() < announce_rate:
        seat = rng.choice(g.seats)
        allowed = g.allowed_announcements(seat)
        if allowed:
            return seat, Announce(rng.choice(allowed))
    return s, rng.choice(g.play_moves(s))


def random_game(rules: RuleSet, rng: random.Random, announce_rate: float = 0.05,
                reserve_rate: float = 0.15) -> Game:
    """A complete random legal game from a random deal."""
    dealer = rng.randrange(rules.players)
    g = Game(rules, deal(rules, rng, dealer), dealer)
    while g.phase != "done":
        g.act(*random_action(g, rng, announce_rate, reserve_rate))
    return g


def playout(g: Game, rng: random.Random, announce_rate: float = 0.0) -> Game:
    """Finish a game in play with random legal cards (and announcements), on the int fast path."""
    choice, rand = rng.choice, rng.random
    legal, play = g.sim_legal, g.sim_play
    schweine = g.rules.schweine
    words = ("re", "kontra", *g.steps)
    low, lo, hi = _LOW, _CHUNK_LO, _CHUNK_HI
    g.sim_klopfen_redeal()  # a hand thrown in ends in phase "done": no cards below
    for _ in range(sum(g.sizes) if g.phase == "play" else 0):
        if g.phase == "partner":  # the found seat answers before the next card (reading 40)
            _answer(g, rand() < 0.6)
        if announce_rate and rand() < announce_rate:
            seat = choice(g.seats)
            what = choice(words)
            if g.can_announce(seat, what):
                g.sim_announce(seat, what)
        s = g.to_act
        assert s is not None
        m = legal(s)
        m = (m | (m >> 1)) & low  # type_list(m), inlined: one call less per card
        types = lo[m & LOW12] + hi[m >> 24]
        t = types[int(rand() * len(types))]
        play(s, t, t == DA and schweine and g.may_schwein(s)
             and (rand() < 0.5 or not g.sim_beats_as_needed(s, t, False)))
    if g.phase == "partner":  # found in the last trick: the answer ends the game
        _answer(g, rand() < 0.6)
    return g


def _answer(g: Game, accept: bool) -> None:
    seat = g.to_act
    assert seat is not None  # the found seat answers
    g.sim_answer(seat, accept)
