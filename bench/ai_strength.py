"""Strength of the computer levels, measured with duplicate deals.

Each deal is played several times with the same cards: the candidate kind
(``--a``) takes each seat combination of ``--mix`` (``one``: alone in each of
the four seats; ``all``: every set of one to three seats) and the opponent kind
(``--b``) the rest. A deal's value is the candidate's mean score per seat-game
over those games: every seat is the candidate's equally often, so the luck of
the cards cancels (zero-sum scoring: equal kinds give 0). Printed: the mean
over deals with a 95% confidence interval from the per-deal values, the
candidate's solos (rate per seat-game, won/lost), and the wall time of the
candidate's decisions that were not forced (median / p95 / max). Decisions are
budgeted by iteration counts, so the points are the same for a seed on any
machine and at any load; only the times vary.

    python3 bench/ai_strength.py --a schwer --b mittel --deals 300 --seed 1 --jobs 2
    python3 bench/ai_strength.py --a leicht --b random --deals 300 --seed 1
    python3 bench/ai_strength.py --a schwer --b mittel --summarize NEW.jsonl --against OLD.jsonl

``--against`` pairs two versions of a level by deal: each ran with ``--log`` on
the same seed (the same cards), the old one from a checkout of the old commit.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import random
import statistics
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from dokobot.engine import RuleSet, deal  # noqa: E402
from dokobot.players.arena import KINDS, Timing, play  # noqa: E402


def combos(mix: str) -> list[tuple[int, ...]]:
    if mix == "one":
        return [(s,) for s in range(4)]
    return [c for k in (1, 2, 3) for c in itertools.combinations(range(4), k)]


def run_deal(job: tuple) -> dict:
    """Play one deal in every seat combination; the candidate's mean score and its solo facts."""
    index, seed, a, b, config, mix = job
    rules = RuleSet.from_config(config)
    rng = random.Random(f"{seed}:{index}")
    dealer = index % 4
    hands = deal(rules, rng, dealer)
    timing = Timing()
    points, seat_games, solos, solos_won, b_solos = 0.0, 0, 0, 0, 0
    for ci, cand in enumerate(combos(mix)):
        kinds = [a if s in cand else b for s in range(4)]
        g = play(rules, hands, dealer, kinds, seed=hash((seed, index, ci)) & 0xFFFFFFFF, timing=timing)
        score = g.result()["score"]
        points += sum(score[s] for s in cand) / len(cand)
        seat_games += len(cand)
        if g.soloist is not None:
            if g.soloist in cand:
                solos += 1
                solos_won += score[g.soloist] > 0
            else:
                b_solos += 1
    return {"index": index, "value": points / len(combos(mix)), "seat_games": seat_games, "solos": solos,
            "solos_won": solos_won, "b_solos": b_solos, "times": timing.times.get(a, [])}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--a", required=True, choices=KINDS, help="candidate kind")
    ap.add_argument("--b", required=True, choices=KINDS, help="opponent kind")
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--preset", default="ddv")
    ap.add_argument("--mix", choices=("one", "all"), default="one", help="seat combinations per deal")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--progress", type=int, default=0, help="print the running mean every N deals")
    ap.add_argument("--log", help="append each deal's result to this file (JSON lines)")
    ap.add_argument("--summarize", metavar="LOG", help="print the summary of a --log file (e.g. a run cut short)")
    ap.add_argument("--against", metavar="LOG", help="with --summarize: the paired difference per deal against the "
                    "--log of another version on the same seed (deals both played)")
    args = ap.parse_args(argv)
    if args.summarize:
        with open(args.summarize, encoding="utf-8") as f:
            results = [json.loads(line) for line in f if line.strip()]
        report(args, results, 0.0)
        if args.against:
            with open(args.against, encoding="utf-8") as f:
                print(paired(results, [json.loads(line) for line in f if line.strip()]))
        return 0
    config = {"preset": args.preset}
    jobs = [(i, args.seed, args.a, args.b, config, args.mix) for i in range(args.deals)]
    t0 = time.time()
    results = []
    log = open(args.log, "a", encoding="utf-8") if args.log else None  # noqa: SIM115
    with Pool(args.jobs) if args.jobs > 1 else _Serial() as pool:
        for r in pool.imap(run_deal, jobs, chunksize=1):
            results.append(r)
            if log:
                log.write(json.dumps(r) + "\n")
                log.flush()
            if args.progress and len(results) % args.progress == 0:
                m = statistics.fmean(x["value"] for x in results)
                print(f"  {len(results)} deals: {m:+.2f} pts/game, {time.time() - t0:.0f} s", file=sys.stderr,
                      flush=True)
    report(args, results, time.time() - t0)
    return 0


def report(args: argparse.Namespace, results: list[dict], wall: float) -> None:
    results.sort(key=lambda r: r["index"])
    values = [r["value"] for r in results]
    n = len(values)
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(n) if n > 1 else float("nan")
    times = sorted(t for r in results for t in r["times"])
    seat_games = sum(r["seat_games"] for r in results)
    solos = sum(r["solos"] for r in results)
    won = sum(r["solos_won"] for r in results)
    print(f"preset {args.preset}, mix {args.mix}, seed {args.seed}, {wall:.0f} s wall, jobs {args.jobs}")
    print(f"{args.a} solos: {solos} in {seat_games} seat-games ({100 * solos / max(1, seat_games):.1f}%), "
          f"won {won}, lost {solos - won}; {args.b} solos: {sum(r['b_solos'] for r in results)}")
    if times:
        print(f"{args.a} decisions: {len(times)}, median {1000 * times[len(times) // 2]:.1f} ms, "
              f"p95 {1000 * _pct(times, 0.95):.1f} ms, max {1000 * times[-1]:.1f} ms")
    p95 = 1000 * _pct(times, 0.95) if times else 0.0
    print(f"{args.a} vs {args.b}: {mean:+.2f} pts/game (95% CI {mean - half:+.2f}..{mean + half:+.2f}) "
          f"over {n} deals, decision p95 {p95:.0f} ms")


def paired(new: list[dict], old: list[dict]) -> str:
    """The mean per-deal difference of two runs of the same deals, with its 95% CI."""
    before = {r["index"]: r["value"] for r in old}
    diffs = [r["value"] - before[r["index"]] for r in new if r["index"] in before]
    n = len(diffs)
    if n < 2:
        return f"paired: {n} common deals, too few"
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(n)
    return f"paired difference: {mean:+.2f} pts/game (95% CI {mean - half:+.2f}..{mean + half:+.2f}) over {n} deals"


class _Serial:
    """``Pool``'s imap in this process (``--jobs 1``)."""

    def __enter__(self) -> _Serial:
        return self

    def __exit__(self, *exc: object) -> None:
        return None

    def imap(self, fn, items, chunksize: int = 1):
        return map(fn, items)


def _pct(sorted_values: list[float], q: float) -> float:
    return sorted_values[min(len(sorted_values) - 1, int(q * len(sorted_values)))]


if __name__ == "__main__":
    raise SystemExit(main())
