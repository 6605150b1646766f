"""The public fast path for simulations (``sim_legal``, ``sim_play``, ``sim_may_schwein``)
agrees with the checked path: same masks, same Schwein answers, same finished game."""

import random

import pytest

from dokobot.engine import Game, RuleSet
from dokobot.engine.actions import Reserve
from dokobot.engine.cards import CODE_TO_TYPE, DA, count
from dokobot.engine.deal import deal
from tests.engine.helpers import plays

CONFIGS = [
    {"preset": "ddv"},
    {"preset": "haus"},
    {"preset": "haus", "overtrump": True, "schweine": True},
    {"preset": "klassisch", "schweine": True},
]


def _in_play(rules: RuleSet, seed: int) -> tuple[Game, Game]:
    rng = random.Random(seed)
    g = Game(rules, deal(rules, rng, seed % 4), seed % 4)
    while g.phase == "reserve":
        s = g.to_act
        assert s is not None
        g.act(s, Reserve("gesund"))
    return g, g.copy()


@pytest.mark.parametrize("config", CONFIGS)
def test_sim_path_matches_the_checked_path(config: dict[str, object]) -> None:
    rules = RuleSet.from_config(config)
    schweine_seen = 0
    for seed in range(40):
        checked, fast = _in_play(rules, seed)
        if checked.phase != "play":
            continue
        rng = random.Random(seed)
        while checked.phase == "play":
            s = checked.to_act
            assert s is not None and fast.to_act == s
            assert fast.sim_legal(s) == checked.legal_mask(s)
            if count(checked.legal_mask(s), DA):
                assert fast.sim_may_schwein(s) == checked.may_schwein(s)
            action = rng.choice(plays(checked, s))
            t, sw = CODE_TO_TYPE[action["play"]], bool(action.get("schwein", False))
            schweine_seen += sw
            checked.apply(action)
            fast.sim_play(s, t, sw)
        assert fast.phase == checked.phase == "done"
        assert fast.result() == checked.result()
    if rules.schweine:
        assert schweine_seen > 0  # the Schwein answer was exercised


def test_sim_may_schwein_needs_both_fuchse_in_one_hand() -> None:
    rules = RuleSet.from_config({"preset": "haus", "schweine": True})
    for seed in range(200):
        g, _ = _in_play(rules, seed)
        owner = [s for s in g.seats if count(g._hands[s], DA) == 2]
        if g.phase == "play" and owner:
            s = owner[0]
            assert g.sim_may_schwein(s)
            assert not any(g.sim_may_schwein(o) for o in g.seats if o != s)
            return
    pytest.fail("no deal with both Füchse in one hand")
