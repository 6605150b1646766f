"""schwer's fast paths give what the plain definitions give: card counts, the trick's top with
one more card, higher cards out, hand strength, and the sampling's deals draw for draw."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dokobot.engine import Game, RuleSet, deal
from dokobot.engine.cards import (
    ACE,
    CQ,
    DA,
    HT,
    N_TYPES,
    count,
    hand_from_types,
    rank_of,
    type_list,
)
from dokobot.engine.contracts import (
    TRUMP,
    is_normal_kind,
    order_for,
    order_kind,
    plays_stille_hochzeit,
)
from dokobot.engine.randomplay import random_action
from dokobot.players import bid, search
from dokobot.players.core import (
    SCHWEIN_POWER,
    Playout,
    best,
    higher_out,
    pos_from_game,
    second_dulle_wins,
    trick_top,
    with_card,
)
from tests.engine.helpers import PRESET_SWITCHES, random_position

CONFIGS = [*PRESET_SWITCHES, {"preset": "ddv", "joker": True, "dulle": "second_wins"},
           {"preset": "ddv", "players": 5, "five": "all_play"}, {"preset": "muenchen"},
           {"preset": "muenchen", "schweine": True, "dulle": "second_wins_except_last"}]


@given(st.lists(st.integers(0, 3), min_size=N_TYPES, max_size=N_TYPES))
def test_n_cards_counts_every_copy(counts):
    from dokobot.engine.cards import n_cards

    hand = sum(c << 2 * t for t, c in enumerate(counts))
    assert n_cards(hand) == sum(counts) == sum(count(hand, t) for t in type_list(hand))


def _higher_out_by_definition(pos, suit: int, p: int) -> int:
    order = pos.order
    return sum(count(pos.out, t) for t in type_list(pos.out & order.masks[suit])
               if order.power[t] > p or (t == HT and order.power[t] == p and second_dulle_wins(pos)))



def _positions(config: dict, games: int, seed: int):
    """Card decisions of random games (every seat knowing the world, as in a play-out)."""
    rules = RuleSet.from_config(config)
    rng = random.Random(f"{seed}:{config}")
    for _ in range(games):
        dealer = rng.randrange(rules.players)
        g = Game(rules, deal(rules, rng, dealer), dealer)
        while g.phase != "done":
            if g.phase == "play" and g.to_act is not None:
                yield pos_from_game(g, g.to_act)
            g.act(*random_action(g, rng, announce_rate=0.1))


@pytest.mark.parametrize("config", CONFIGS, ids=repr)
def test_with_card_and_higher_out_agree_with_their_definitions(config):
    seen_trick = seen_dulle = 0
    for pos in _positions(config, 6, 1):
        for suit in range(5):
            for p in {0, 1, 3, 6, 100, 105, 110, 113, 115, SCHWEIN_POWER, 1000,
                      *(pos.order.power[t] for t in range(N_TYPES))}:
                assert higher_out(pos, suit, p) == _higher_out_by_definition(pos, suit, p)
        if not pos.trick:
            continue
        seen_trick += 1
        for t in pos.legal:
            for sw in (False, True) if t == DA else (False,):
                assert with_card(pos, t, sw) == best(pos, [*pos.trick, (pos.seat, t, sw)])
                seen_dulle += t == HT and any(x == HT for _, x, _ in pos.trick)
    assert seen_trick > 50
    if config.get("preset") != "muenchen":
        return
    assert seen_dulle  # the Dulle rule's second HT was put to the test


@pytest.mark.parametrize("config", CONFIGS, ids=repr)
def test_a_play_out_counts_the_leads_as_a_fresh_position_does(config):
    """``Playout`` keeps the leads of finished tricks between cards: the same as counted anew,
    and the led suits of a trick on the table counted too."""
    rules = RuleSet.from_config(config)
    rng = random.Random(repr(config))
    led_seen = 0
    for _ in range(6):
        dealer = rng.randrange(rules.players)
        g = Game(rules, deal(rules, rng, dealer), dealer)
        view = Playout(g)
        while g.phase != "done":
            if g.phase == "play" and g.to_act is not None:
                seat = g.to_act
                pos = view.pos(seat, type_list(g.sim_legal(seat)))
                if pos.trick:
                    trick_top(pos)  # kept in the position, and no part of its value
                assert pos == pos_from_game(g, seat)
                played = [x[1][0] for x in g.sim_done] + g.sim_trick[:1]
                assert list(pos.led_counts) == [sum(1 for _, t, sw in played if not sw and pos.order.suit[t] == s)
                                                for s in range(4)]
                led_seen += sum(pos.led_counts)
            g.act(*random_action(g, rng, announce_rate=0.1))
    assert led_seen


@pytest.mark.parametrize("contract", ["normal", "solo:karo", "solo:herz", "solo:damen", "solo:buben",
                                      "solo:fleischlos", "solo:reines_karo", "hochzeit:klein"])
@pytest.mark.parametrize("config", [{"preset": "ddv"}, {"preset": "ddv", "joker": True},
                                    {"preset": "klassisch"}, {"preset": "muenchen"}], ids=repr)
def test_normal_strength_is_the_point_count(config, contract):
    rules = RuleSet.from_config(config)
    order = order_for(order_kind(contract), rules.dullen, rules.joker)
    rng = random.Random(contract)
    types = [t for t in range(N_TYPES) if order.suit[t] >= 0 for _ in range(rules.copies)]
    for _ in range(500):
        hand = hand_from_types(rng.sample(types, rng.randint(0, 14)))
        score: float = sum(count(hand, t) for t in order.trumps)
        score += sum(count(hand, t) for t in (order.trumps[:3] if rules.dullen else order.trumps[:2]))
        for suit in range(4):
            m = hand & order.masks[suit]
            length = sum(count(m, t) for t in type_list(m))
            if length == 0:
                score += 0.5
            aces = sum(count(m, t) for t in type_list(m) if rank_of(t) == ACE)
            if aces and length <= 3:
                score += 0.7 * aces
        assert bid.normal_strength(hand, rules, contract) == score


def _deal_by_definition(free, pinned, obs, forbid, rng):
    """The sampling's deal as first written: most constrained card first, a random seat with room."""
    others = list(pinned)
    hands = {s: list(pinned[s]) for s in others}
    room = {s: obs.sizes[s] - len(hands[s]) for s in others}
    cards = free[:]
    rng.shuffle(cards)
    allowed = {t: [s for s in others if t not in forbid[s]] for t in set(cards)}
    cards.sort(key=lambda t: len(allowed[t]))
    for t in cards:
        fits = [s for s in allowed[t] if room[s] > 0]
        if not fits:
            return None
        s = rng.choice(fits)
        hands[s].append(t)
        room[s] -= 1
    return hands


def _samplers(config: dict, positions: int, stop: float):
    """(observation, its Sampler) at the card decisions of random positions in play."""
    rules = RuleSet.from_config(config)
    rng = random.Random(repr(config))
    for _ in range(positions):
        g = random_position(rules, rng, stop=stop)
        if g.phase == "play" and g.to_act is not None:
            obs = g.observation(g.to_act)
            yield obs, search.Sampler(obs)


@pytest.mark.parametrize("config", CONFIGS, ids=repr)
def test_the_sampler_deals_as_the_definition_draw_for_draw(config):
    constrained = 0
    for obs, sampler in _samplers(config, 30, 0.05):
        dealer = sampler.dealer
        forbid = search.forbidden_types(obs, sampler.others)
        constrained += any(forbid.values())
        for k in range(5):
            a, b = random.Random(k), random.Random(k)
            assert dealer.deal(a) == _deal_by_definition(sampler.free, sampler.pinned, obs, forbid, b)
            assert a.random() == b.random()  # the same draws were taken
    assert constrained


def _likelihood_by_definition(obs, hands, played):
    rules = obs.rules
    normal = order_for("normal", rules.dullen, rules.joker)
    w = 1.0
    said = dict(obs.reservations)
    for s, h in hands.items():
        dealt = h + played.get(s, [])
        if s in (obs.poor, obs.taker):
            continue
        if said.get(s) == "gesund" and rules.armut:
            if sum(1 for t in dealt if normal.suit[t] == TRUMP) <= 3:
                w *= 0.15
        if said.get(s) == "gesund" and (obs.contract or "normal") == "normal" \
                and plays_stille_hochzeit(dealt.count(CQ), rules.copies):
            w *= 0.5
    early = {s for s, a in obs.announcements[:4] if s != obs.seat}
    contract = obs.contract or "normal"
    if is_normal_kind(contract):
        for s in early & set(hands):
            dealt = hands[s] + played.get(s, [])
            strength = bid.normal_strength(hand_from_types(dealt), rules, contract)
            w *= min(1.0, max(0.1, (strength - 7.0) / 5.0))
    return w


def test_the_likelihood_weighs_as_its_definition():
    weighed = set()
    for config in [*CONFIGS, {"preset": "haus", "armut": True, "announcements": "until_trick_5"}]:
        for obs, sampler in _samplers(config, 40, 0.1):
            for k in range(4):
                hands = sampler.dealer.deal(random.Random(k))
                if hands is None:  # stuck on the shown voids: sample() tries again
                    continue
                w = sampler.likelihood(hands)
                assert w == _likelihood_by_definition(obs, hands, sampler.played)
                weighed.add(w)
    assert len(weighed) > 3  # deals were weighed down, in more than one way
