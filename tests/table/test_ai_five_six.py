"""Computer levels at five (all play, dealer out) and six (Münchener Regeln): legal games, bidding."""

from __future__ import annotations

import random

import pytest

from dokobot.engine import Game, RuleSet, deal
from dokobot.table.ai import LEVELS, Skill, decide
from dokobot.table.ai.arena import play

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
