"""Computer levels at five (all play, dealer out) and six (Münchener Regeln): legal games, bidding."""

from __future__ import annotations

import random

import pytest

from dokobot.engine import Game, RuleSet, deal, deck
from dokobot.engine.actions import Play, Reserve
from dokobot.players import LEVELS, Skill, decide
from dokobot.players.arena import play
from dokobot.players.core import pos_from_game, pos_from_obs
from dokobot.players.rules import rule_move

QUICK = Skill(scale=0.05)

CONFIGS = [{"preset": "ddv", "players": 5, "five": "all_play"}, {"preset": "haus", "players": 5},
           {"preset": "muenchen"}, {"preset": "muenchen", "hochzeit": "named_card", "scoring": "doubling"}]


@pytest.mark.parametrize("config", CONFIGS)
def test_every_level_plays_legal_five_and_six_games(config):
    rules = RuleSet.from_config(config)
    rng = random.Random(repr(config))
    for i in range(3):
        kinds = [LEVELS[(i + s) % 3] for s in range(rules.players)]
        dealer = rng.randrange(rules.players)
        g = play(rules, deal(rules, rng, dealer), dealer, kinds, seed=i, skill=QUICK)  # apply() checks each action
        assert g.phase == "done" and len(g.result()["score"]) == rules.players
        if g.contract != "redeal":
            assert sum(g.result()["score"]) == 0


@pytest.mark.parametrize("level", LEVELS)
def test_computers_bid_between_equal_solos(level):
    rules = RuleSet.from_config({"preset": "muenchen"})
    g = Game(rules, deal(rules, random.Random(2), 5), 5)
    g.apply({"seat": 0, "reserve": "solo", "solo": "karo"})
    g.apply({"seat": 1, "reserve": "solo", "solo": "damen"})
    while g.phase == "reserve":
        g.apply({"seat": g.to_act, "reserve": "gesund"})
    assert g.phase == "bid"
    while g.phase == "bid":
        seat = g.to_act
        for action in decide(g.observation(seat), level, random.Random(1), QUICK):
            g.act(seat, action)
    # seat 1 names Re, seat 0 holds it, seat 1 would have to go higher and passes: seat 0 plays
    assert (g.soloist, g.announcements) == (0, [(0, "re")])


# seat 0 holds two CQ, seat 2 the third (dealer 5: seat 0 is asked and leads first)
SIX_TWO_CQ = ["CQ CQ HT HT HT SQ SQ SQ HQ HQ HQ DQ", "CA CA CA CT CT CT CK CK CK C9 C9 C9",
              "CQ DQ DQ CJ CJ CJ SJ SJ SJ HJ HJ HJ", "SA SA SA ST ST ST SK SK SK S9 S9 S9",
              "DJ DJ DJ DA DA DA DT DT DT DK DK DK", "HA HA HA HK HK HK H9 H9 H9 D9 D9 D9"]
# the three CQ split one a seat: seats 0, 1 and 2 are Re (3:3)
SIX_SPLIT = [SIX_TWO_CQ[0].replace("CQ CQ", "CQ CA"), SIX_TWO_CQ[1].replace("CA CA CA", "CQ CA CA"),
             *SIX_TWO_CQ[2:]]


def _healthy(config: dict, hands: list[str], dealer: int) -> Game:
    g = Game(RuleSet.from_config(config), [h.split() for h in hands], dealer)
    while g.phase == "reserve":
        g.apply({"seat": g.to_act, "reserve": "gesund"})
    return g


def _filled(config: dict, fixed: dict[int, str]) -> list[str]:
    """Hands of every seat holding the given cards, the rest of the deck in seat order."""
    rules = RuleSet.from_config(config)
    rest = deck(rules)
    for cards in fixed.values():
        for c in cards.split():
            rest.remove(c)
    out = []
    for s in range(rules.players):
        h = fixed.get(s, "").split()
        while len(h) < rules.hand_size:
            h.append(rest.pop(0))
        out.append(" ".join(h))
    return out


def test_two_of_three_kreuz_damen_and_gesund_is_no_stille_hochzeit_at_six():
    """Issue 23: at six a stille Hochzeit is all three CQ (reading 30); the computer with two
    plays the normal game 2:4 with the third-CQ seat, not a solo against everyone."""
    g = _healthy({"preset": "muenchen"}, SIX_TWO_CQ, 5)
    assert g.contract == "normal" and g.to_act == 0
    pos = pos_from_obs(g.observation(0))
    assert (pos.contract, pos.soloist, pos.is_solo) == ("normal", None, False)
    assert pos.team == [1, 0, 0, 0, 0, 0]  # the third CQ is somewhere: not everyone is against it


def test_parties_at_six_have_three_seats():
    """Issue 23: two seats known on a side are not a full party at six (3:3, or 2:4 when a
    seat holds two CQ): the rest stay open for Re and for Kontra alike."""
    g = _healthy({"preset": "muenchen"}, SIX_SPLIT, 5)
    assert sorted(g.sim_re) == [0, 1, 2]
    g.apply({"seat": 1, "announce": "re"})
    assert pos_from_obs(g.observation(0)).team == [1, 1, 0, 0, 0, 0]
    g.apply({"seat": 4, "announce": "kontra"})
    assert pos_from_obs(g.observation(3)).team == [0, -1, 0, 1, 1, 0]


def test_parties_at_five_are_two_against_three():
    """Issue 23: at five all playing, Kontra has three seats (2:3): a Kontra seat that knows
    its partner and one Re seat does not take the other two for Re."""
    config = {"preset": "ddv", "players": 5, "five": "all_play"}
    g = _healthy(config, _filled(config, {0: "CQ", 3: "CQ"}), 4)
    assert g.contract == "normal" and sorted(g.sim_re) == [0, 3]
    g.apply({"seat": 2, "announce": "kontra"})
    g.apply({"seat": 0, "announce": "re"})
    assert pos_from_obs(g.observation(1)).team == [-1, 1, 1, 0, 0]


def test_a_kleines_solo_seeks_its_partner_as_a_hochzeit_does():
    """Issue 23: the computers' "partner still sought" is the engine's ``seeking``: at six a
    kleines Solo too. The soloist leads for a partner, the others do not count each other as
    friends before the partner is found."""
    g = Game(RuleSet.from_config({"preset": "muenchen"}), [h.split() for h in SIX_TWO_CQ], 5)
    g.apply({"seat": 0, "reserve": "solo", "solo": "damen", "size": "klein"})
    while g.phase == "reserve":
        g.apply({"seat": g.to_act, "reserve": "gesund"})
    assert (g.contract, g.size, g.seeking, g.to_act) == ("solo:damen", "klein", True, 0)
    obs = g.observation(0)
    assert obs.seeking and obs.clarify_trick is None
    pos = pos_from_obs(obs)
    assert pos.seeking and pos.seeker == 0
    move = rule_move(obs, "mittel", random.Random(1))
    assert isinstance(move, Play) and not obs.is_trump(move.card)  # a plain card someone else takes
    assert pos_from_game(g, 1).team == [0, 1, 0, 0, 0, 0] and pos_from_game(g, 0).seeker == 0


def test_mittel_tells_a_hochzeit_with_two_of_three_kreuz_damen():
    """At six gesund with two CQ is a normal game, not the silent solo mittel keeps a strong
    Hochzeit hand for (bid.reserve); with all three it still plays the stille Hochzeit."""
    config = {"preset": "muenchen", "solos": ["fleischlos"]}
    hands = [SIX_TWO_CQ[0], *SIX_TWO_CQ[1:]]
    g = Game(RuleSet.from_config(config), [h.split() for h in hands], 5)
    move = rule_move(g.observation(0), "mittel", random.Random(1))
    assert move.kind == "hochzeit"
    three = [hands[0].replace("DQ", "CQ"), hands[1], hands[2].replace("CQ", "DQ"), *hands[3:]]
    g = Game(RuleSet.from_config(config), [h.split() for h in three], 5)
    assert rule_move(g.observation(0), "mittel", random.Random(1)) == Reserve("gesund")
