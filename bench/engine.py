"""Engine speed against the CPython ceiling, measured in one run (the machines are noisy).

    python3 bench/engine.py [--games N] [--rounds R] [--json] [--stages]

Reports complete random DDV games per second (deal, Vorbehalt, random legal
announcements and plays, scoring) on one core, legal-move queries per second,
the cost of copying a state, and engine / ceiling (bench/ceiling.py), each
round running both back to back so load on the machine hits both alike.
Targets: >= 5,000 games/s and >= 1/3 of the ceiling (issue 26: 1/2).
The engine may be compiled (setup.py, ``DOKOBOT_MYPYC=1``): ``engine_build`` says which ran;
``DOKOBOT_PURE_ENGINE=1`` runs the Python source beside a compiled build. Six at the table (preset
``muenchen``: 72 cards, tricks of six, Überstich) run in the same rounds, one
six-player game after each four-player pair; target: a six-player game costs at
most 1.6x a four-player one (``six_over_four``, the median of the rounds' ratios).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import ceiling  # noqa: E402

from dokobot.engine import COMPILED, Game, RuleSet, deal  # noqa: E402
from dokobot.engine.actions import Reserve  # noqa: E402
from dokobot.engine.cards import types_in  # noqa: E402
from dokobot.engine.randomplay import playout  # noqa: E402

RULES = RuleSet()
SIX = RuleSet.from_config({"preset": "muenchen"})
GESUND = Reserve("gesund")  # moves are values: one for every game


def engine_game(rng: random.Random, rules: RuleSet = RULES) -> dict:
    """Deal, everyone healthy, random legal announcements and plays, scoring."""
    dealer = int(rng.random() * rules.players)
    g = Game(rules, deal(rules, rng, dealer), dealer)
    for s in g.seats:
        g.act(s, GESUND)
    return playout(g, rng, announce_rate=0.05).result()


def positions(n: int, rng: random.Random) -> list[Game]:
    """Mid-game states (random number of cards played) for query and copy timings."""
    out = []
    for _ in range(n):
        g = Game(RULES, deal(RULES, rng), 0)
        for s in g.seats:
            g.act(s, GESUND)
        for _ in range(int(rng.random() * 40)):
            s = g.to_act
            g.sim_play(s, next(types_in(g.legal_mask(s))))
        out.append(g)
    return out


def per_second(fn, items: list, repeat: int) -> float:
    t = time.perf_counter()
    for _ in range(repeat):
        for x in items:
            fn(x)
    return repeat * len(items) / (time.perf_counter() - t)


def run(games: int, rounds: int, clock_name: str = "wall") -> dict:
    rng = random.Random(7)
    engine_rates, ceiling_rates, ratios, six_rates, six_ratios = [], [], [], [], []
    # cpu: this thread's CPU time, immune to other processes on a shared machine
    clock = time.thread_time if clock_name == "cpu" else time.perf_counter
    for _ in range(rounds):
        # one engine game, one ceiling game, one six-player game, alternating: load hits all alike
        te = tc = t6 = 0.0
        for _ in range(games):
            t0 = clock()
            engine_game(rng)
            t1 = clock()
            ceiling.playout(rng)
            t2 = clock()
            engine_game(rng, SIX)
            te += t1 - t0
            tc += t2 - t1
            t6 += clock() - t2
        engine_rates.append(games / te)
        ceiling_rates.append(games / tc)
        ratios.append(tc / te)
        six_rates.append(games / t6)
        six_ratios.append(t6 / te)
    pos = positions(200, rng)
    legal = per_second(lambda g: g.legal_mask(g.to_act), pos, 50)
    legal_cards = per_second(lambda g: g.legal_plays(g.to_act), pos, 20)
    copies = per_second(Game.copy, pos, 50)
    return {
        "machine": f"{platform.machine()}, {platform.python_implementation()} {platform.python_version()}",
        "engine_build": "compiled (mypyc)" if COMPILED else "python",  # setup.py, DOKOBOT_MYPYC
        "clock": clock_name,
        "games_per_round": games,
        "rounds": rounds,
        "engine_games_per_s": round(statistics.median(engine_rates)),
        "ceiling_games_per_s": round(statistics.median(ceiling_rates)),
        "engine_over_ceiling": round(statistics.median(ratios), 3),
        "six_games_per_s": round(statistics.median(six_rates)),
        "six_over_four": round(statistics.median(six_ratios), 3),
        "legal_mask_queries_per_s": round(legal),
        "legal_plays_queries_per_s": round(legal_cards),
        "copy_us": round(1e6 / copies, 2),
    }


def stages(games: int) -> dict[str, float]:
    """Microseconds per four-player game in each stage of ``engine_game``, and a ceiling game's,
    alternating game by game as ``run`` does: where the engine's time goes."""
    rng = random.Random(7)
    names = ("deal", "Game()", "gesund x4", "plays", "result()", "ceiling game")
    spent = [0.0] * len(names)
    clock = time.perf_counter
    for _ in range(games):
        t = [clock()]
        dealer = int(rng.random() * RULES.players)
        hands = deal(RULES, rng, dealer)
        t.append(clock())
        g = Game(RULES, hands, dealer)
        t.append(clock())
        for s in g.seats:
            g.act(s, GESUND)
        t.append(clock())
        playout(g, rng, announce_rate=0.05)
        t.append(clock())
        g.result()
        t.append(clock())
        ceiling.playout(rng)
        t.append(clock())
        for i in range(len(names)):
            spent[i] += t[i + 1] - t[i]
    return {n: round(1e6 * x / games, 1) for n, x in zip(names, spent, strict=True)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=2000, help="games per round and side")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                    help="wall: perf_counter; cpu: thread CPU time (use on a loaded, shared machine)")
    ap.add_argument("--stages", action="store_true", help="only the time per stage of a four-player game")
    args = ap.parse_args()
    if args.stages:
        for k, v in stages(args.games).items():
            print(f"{k:14} {v:7.1f} us")
        return 0
    res = run(args.games, args.rounds, args.clock)
    if args.json:
        print(json.dumps(res))
    else:
        for k, v in res.items():
            print(f"{k:28} {v}")
        ok = res["engine_games_per_s"] >= 5000 and res["engine_over_ceiling"] >= 1 / 3
        print("targets (>= 5000 games/s, >= 1/3 of ceiling):", "met" if ok else "NOT met")
        print("target six-player game <= 1.6x a four-player one:", "met" if res["six_over_four"] <= 1.6 else "NOT met")
    return 0


if __name__ == "__main__":
    sys.exit(main())
