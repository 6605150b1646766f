"""Run as a script by test_compiled_engine.py: which engine build was loaded, from where, and
a digest of seeded random games on it (records, their replays, and play-outs on the sim path)."""

import copy
import hashlib
import json
import pickle
import random
import sys

import dokobot.engine as engine
from dokobot.engine import Game, deal
from dokobot.engine.actions import Reserve
from dokobot.engine.errors import RuleError
from dokobot.engine.randomplay import playout, random_game
from dokobot.engine.record import replay
from dokobot.engine.rules import PRESETS, RuleSet

GESUND = Reserve("gesund")


def _dump(value: object) -> bytes:
    return json.dumps(value, sort_keys=True, default=repr).encode()


def digest(games: int) -> str:
    h = hashlib.sha256()
    for name in sorted(PRESETS):
        for players in (4, 5, 6):
            try:
                rules = RuleSet.from_config({"preset": name, "players": players})
            except RuleError:
                continue  # muenchen is for six only, and six play only muenchen
            rng = random.Random(f"{name}-{players}")
            for _ in range(games):
                g = random_game(rules, rng, announce_rate=0.1, reserve_rate=0.3)
                h.update(_dump(g.record()))
                h.update(_dump(replay(g.record())))
                p = Game(rules, deal(rules, rng, 0), 0)
                for s in p.seats:
                    p.act(s, GESUND)
                h.update(_dump(playout(p, rng, announce_rate=0.05).result()))
    return h.hexdigest()


def copies() -> str:
    """"copies" when the engine's value types survive copy, deepcopy and pickle unchanged (the
    stores deep-copy results; a compiled frozen dataclass refuses the default state restore)."""
    g = random_game(RuleSet(), random.Random(7), announce_rate=0.2)
    res = g.game_result()
    values = [res, res.breakdown[0], g.rules, g.observation(0), g.tricks[0], g._order, g.actions[0]]
    for v in values:
        for again in (copy.copy, copy.deepcopy, lambda x: pickle.loads(pickle.dumps(x))):
            if again(v) != v:
                return f"differs:{type(v).__name__}"
    return "copies"


if __name__ == "__main__":
    print(engine.COMPILED, engine.__file__, digest(int(sys.argv[1])), copies())
