"""The picture renderer alone: cost per picture, drawing vs encoding, PNG size.

    python3 bench/picture.py                 # 20 random games, every state after each card
    python3 bench/picture.py --games 50 --deck german --json

Every public state of a game (after each card) is drawn once, uncached, as
the bot does after a card click; the table picture and, once per game, the
summary. ``draw`` is building the image, ``encode`` mapping it to the shared
palette and writing the PNG. The first picture of the process also loads the
fonts and builds the palette (``cold``), which the bot does at start-up.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from dokobot.engine import Game, RuleSet, deal  # noqa: E402
from dokobot.text import picture  # noqa: E402

NAMES = ["Nord", "Ostwind-Müller", "Süd", "West"]


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))] if ordered else 0.0


def _ms(values: list[float]) -> dict[str, float]:
    ms = [v * 1000 for v in values]
    return {"p50": round(_pct(ms, 0.5), 3), "p99": round(_pct(ms, 0.99), 3), "max": round(max(ms, default=0), 3)}


def _views(games: int, seed: int, deck: str) -> list[picture.TableView]:
    rng = random.Random(seed)
    rules = RuleSet.from_config({"preset": "ddv"})
    out = []
    for _ in range(games):
        game = Game(rules, deal(rules, rng), dealer=rng.randrange(4), players=NAMES)
        while game.phase != "done":
            seat = game.to_act
            if game.phase == "reserve":
                game.apply({"seat": seat, "reserve": "gesund"})
                continue
            said = game.allowed_announcements(seat)
            if said and rng.random() < 0.03:
                game.apply({"seat": seat, "announce": said[0]})
            game.apply({"seat": seat, "play": rng.choice(game.legal_plays(seat))})
            if game.phase == "play":
                out.append(picture.game_view(game, NAMES, 1, deck=deck))
    return out


def run(games: int, seed: int, deck: str) -> dict[str, Any]:
    t0 = time.perf_counter()
    picture.warm_up()
    cold = time.perf_counter() - t0
    views = _views(games, seed, deck)
    draw, encode, total, sizes = [], [], [], []
    for view in views:
        t0 = time.perf_counter()
        im = picture.draw_table(view)
        t1 = time.perf_counter()
        data = picture.png(im)
        t2 = time.perf_counter()
        draw.append(t1 - t0)
        encode.append(t2 - t1)
        total.append(t2 - t0)
        sizes.append(len(data))
    return {
        "pictures": len(views),
        "deck": deck,
        "cold_ms": round(cold * 1000, 1),
        "total_ms": _ms(total),
        "draw_ms": _ms(draw),
        "encode_ms": _ms(encode),
        "mean_ms": round(sum(total) / len(total) * 1000, 3),
        "png_kb": {"mean": round(sum(sizes) / len(sizes) / 1024, 1), "max": round(max(sizes) / 1024, 1)},
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--deck", choices=picture.DECKS, default="french")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    res = run(args.games, args.seed, args.deck)
    if args.json:
        print(json.dumps(res, indent=2))
        return 0
    t, d, e = res["total_ms"], res["draw_ms"], res["encode_ms"]
    print(f"{res['pictures']} table pictures ({res['deck']} deck); fonts and palette once: {res['cold_ms']} ms")
    print(f"  per picture ms: mean {res['mean_ms']}  p50 {t['p50']}  p99 {t['p99']}  max {t['max']}")
    print(f"  draw p50 {d['p50']} p99 {d['p99']}   encode p50 {e['p50']} p99 {e['p99']}")
    print(f"  PNG size: mean {res['png_kb']['mean']} KB, max {res['png_kb']['max']} KB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
