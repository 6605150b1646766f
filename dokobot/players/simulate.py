"""Play-outs with the ``mittel`` card policy, and deals sampled for a seat before the play."""

from __future__ import annotations

import random
from collections import Counter

from dokobot.engine import Game, Observation, deck
from dokobot.engine.actions import Reserve
from dokobot.engine.cards import CARD_CODES, CODE_TO_TYPE, DA, type_list

from .core import Playout
from .play import mittel_card


def rollout(g: Game) -> Game:
    """Finish a game in play, every seat by the ``mittel`` card rules (knowing the sampled world)."""
    play, legal = g.sim_play, g.sim_legal
    schweine = g.rules.schweine
    pos = Playout(g).pos
    while g.phase in ("play", "partner"):
        s = g.to_act
        assert s is not None  # a game in play has a seat to act
        if g.phase == "partner":  # hochzeit_partner may: in a play-out the found seat plays along
            g.sim_answer(s, True)
            continue
        types = type_list(legal(s))
        if len(types) == 1:  # forced: no need to think
            t = types[0]
            play(s, t, t == DA and schweine and g.sim_may_schwein(s))
            continue
        t, sw = mittel_card(pos(s, types))
        play(s, t, sw)
    return g


def sample_deal(obs: Observation, rng: random.Random) -> list[list[str]]:
    """All hands as dealt, the seat's own as it is and the others' at random (Vorbehalt round)."""
    rest = Counter(deck(obs.rules))
    rest.subtract(obs.hand)
    cards = sorted(rest.elements(), key=CODE_TO_TYPE.__getitem__)
    rng.shuffle(cards)
    hands: list[list[str]] = [[] for _ in range(obs.n)]
    i = 0
    for s in obs.seats:
        if s == obs.seat:
            hands[s] = list(obs.hand)
        else:
            k = obs.sizes[s]
            hands[s] = cards[i:i + k]
            i += k
    return hands


def solo_value(obs: Observation, kind: str, rng: random.Random, n: int) -> float:
    """Mean score of the seat playing solo ``kind`` over ``n`` sampled deals."""
    total = 0.0
    for _ in range(n):
        hands = sample_deal(obs, rng)
        g = Game(obs.rules, hands, obs.dealer)
        while g.phase == "reserve":
            s = g.to_act
            assert s is not None
            g.act(s, Reserve("solo", kind) if s == obs.seat else Reserve("gesund"))
        if g.phase != "play" or g.soloist != obs.seat:
            continue
        total += rollout(g).result()["score"][obs.seat]
    return total / max(1, n)


__all__ = ["CARD_CODES", "rollout", "sample_deal", "solo_value"]
