"""Game.copy() carries every slot: the shared ones as the same object, the rest as equal copies
(_share in game.py names the shared slots one by one; a slot left out would stay unset)."""

import random

from dokobot.engine import Game, RuleSet, deal
from dokobot.engine.game import _SHARED, _SLOTS
from dokobot.engine.randomplay import random_action, random_game


def _positions() -> list:
    out = []
    for preset, players in (("ddv", 4), ("haus", 5), ("muenchen", 6)):
        rules = RuleSet.from_config({"preset": preset, "players": players})
        rng = random.Random(preset)
        for cut in (0, 3, 17, 40):
            g = random_game(rules, rng) if cut == 40 else None
            if g is None:
                g = Game(rules, deal(rules, rng, 0), 0)
                for _ in range(cut):
                    g.act(*random_action(g, rng, reserve_rate=0.3))
            out.append(g)
    return out


def test_a_copy_has_every_slot_of_its_game() -> None:
    for g in _positions():
        c = g.copy()
        for name in _SLOTS:
            assert getattr(c, name) == getattr(g, name), name
        for name in _SHARED:
            assert getattr(c, name) is getattr(g, name), name
        copied = set(_SLOTS) - set(_SHARED)
        assert all(getattr(c, n) is not getattr(g, n) for n in copied)
