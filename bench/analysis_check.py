"""Is the Analyse's advice right? Every flagged decision and a sample of Tipps re-judged by a stronger judge.

    python3 bench/analysis_check.py [--seats 4 5 6] [--games N] [--seed S] [--tips K] [--factor F]

Random games (``--level`` computers in every seat, ``mittel`` by default) are set up
per contract group in turn: a normal game, a solo (a random seat declares a random
kind of the rules' list; at six gross or klein), a Hochzeit, an Armut (deals are
drawn until some seat may reserve it). The rules are ddv at four, five with the
dealer out, Münchener Regeln at six, each with Armut on and every solo kind allowed.

The Analyse's flags are what ``analyse`` stores: ``costliest(seat_decisions(...))``
with the default budget. Each is re-judged from the same seat's observation by the
judge: ``--factor`` (10) times the Analyse's first-look worlds (at least 80 per option),
its own random worlds (not the Analyse's), every option played out once per world by
the ``mittel`` card rules, as ``schwer`` judges its cards. Why mittel play-outs and not
``schwer``'s: a schwer play-out makes each of its ~40 cards by 400 mittel play-outs,
over ten thousand times the cost, so ten times the worlds would take about a day per game on this
machine. What the solos showed was sampling noise, not the play-out policy: eight
worlds per option, the best of up to twelve noisy means, and the soloist's tripled
scores gave "costs" of 1 to 20 points that more worlds do not confirm; the judge with
ten times the worlds tells that apart. (The contract and parties of the sampled worlds
are right: a world built from the observation with the true hands scores the real game
exactly, tests/engine/test_observation.py.)

Printed per seat count and contract group: the flags, the fraction the judge agrees
with (the suggested card judged better than the played one), the judge's mean gain
against the Analyse's claimed one, and the flags where the judge finds the played card
best of all; for Tipps the fraction where the judge finds the tipped card best or
within two standard errors of its best, and the mean regret.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import dokobot.players as ai  # noqa: E402
from dokobot.engine import Game, RuleSet, deal  # noqa: E402
from dokobot.engine.actions import Play, Reserve  # noqa: E402
from dokobot.engine.cards import CODE_TO_TYPE  # noqa: E402
from dokobot.engine.contracts import is_armut, is_hochzeit, is_solo, is_stille_hochzeit  # noqa: E402
from dokobot.engine.rules import SOLO_KINDS  # noqa: E402
from dokobot.players.analysis import (  # noqa: E402
    DEFAULT_BUDGET,
    Budget,
    costliest,
    option_samples,
    options,
    seat_decisions,
    tip,
)

GROUPS = ("normal", "solo", "hochzeit", "armut")
QUICK = Budget(curve_worlds=2, rollouts=8, min_worlds=2, tip_rollouts=8, confirm_worlds=4)


def rules_for(seats: int) -> RuleSet:
    base: dict[str, Any] = {"preset": "muenchen"} if seats == 6 else {"preset": "ddv", "players": seats}
    return RuleSet.from_config({**base, "armut": True, "solos": list(SOLO_KINDS)})


def group_of(contract: str | None) -> str:
    if is_solo(contract) or is_stille_hochzeit(contract):
        return "solo"
    if is_hochzeit(contract):
        return "hochzeit"
    return "armut" if is_armut(contract) else "normal"


def _reserve(obs: Any, want: str, rng: random.Random, declared: list[bool]) -> Reserve | None:
    """The wanted reservation when this seat may make it (the first that may), gesund for the rest."""
    legal = [m for m in obs.legal if isinstance(m, Reserve)]
    if declared[0]:
        return Reserve("gesund") if Reserve("gesund") in legal else None
    if want == "solo":
        solos = [m for m in legal if m.kind == "solo" and not m.pflicht]
        if solos and rng.random() < 0.5:
            declared[0] = True
            return rng.choice(solos)
    elif want in ("hochzeit", "armut"):
        own = [m for m in legal if m.kind == want]
        if own:
            declared[0] = True
            return own[0]
    return Reserve("gesund") if Reserve("gesund") in legal else None


def game(seed: int, seats: int, want: str, level: str) -> Game | None:
    """A finished game of the wanted group (None when 40 deals gave none)."""
    rules = rules_for(seats)
    for attempt in range(40):
        rng = random.Random(f"{seed}:{attempt}")
        dealer = seed % seats
        g = Game(rules, deal(rules, rng, dealer), dealer, [f"P{i}" for i in range(seats)])
        declared = [False]
        while not g.finished:
            seat = g.to_act
            assert seat is not None
            obs = g.observation(seat)
            forced = _reserve(obs, want, rng, declared) if g.phase == "reserve" else None
            for move in [forced] if forced is not None else ai.decide(obs, level, rng):
                g.act(seat, move)
        if not g.game_result().is_redeal and group_of(g.contract) == want:
            return g
    return None


def observations(g: Game) -> Iterator[tuple[Any, int, Play]]:
    """(observation before the card, seat, card) for every card play of the finished game."""
    from dokobot.engine.actions import parse
    from dokobot.engine.record import load

    h, actions = load(g.record())
    for a in actions:
        seat, move = parse(a, h.n)
        if isinstance(move, Play) and h.phase == "play":
            yield h.observation(seat), seat, move
        h.act(seat, move)


@dataclass
class Judged:
    values: dict[tuple[int, bool], float]
    se: dict[tuple[int, bool], float]  # paired standard error of (best - option)
    top: tuple[int, bool]


def judge_values(obs: Any, budget: Budget, factor: int, seed: str) -> Judged:
    """The judge: ``factor`` times the Analyse's worlds, its own random worlds."""
    n_opts = len(options(obs))
    worlds = factor * max(budget.min_worlds, budget.rollouts // max(1, n_opts))
    samples = option_samples(obs, worlds, random.Random(f"judge:{seed}"))
    values = {o: statistics.fmean(v) for o, v in samples.items()}
    top = max(values, key=values.__getitem__)
    se = {}
    for o, v in samples.items():
        d = [a - b for a, b in zip(samples[top], v, strict=True)]
        se[o] = statistics.stdev(d) / math.sqrt(len(d)) if len(d) > 1 and o != top else 0.0
    return Judged(values, se, top)


def check_game(g: Game, budget: Budget, factor: int, tips: int, seed: str) -> list[dict[str, Any]]:
    """Every flag and ``tips`` random Tipps of one game, each with the judge's verdict."""
    record = g.record()
    grp = group_of(g.contract)
    obs_at = {(seat, len(obs.tricks)): (obs, move) for obs, seat, move in observations(g)}
    out: list[dict[str, Any]] = []
    for seat in g.seats:
        for d in costliest(seat_decisions(record, seat, budget)):
            obs, _ = obs_at[(seat, d.trick)]
            j = judge_values(obs, budget, factor, f"{seed}:{seat}:{d.trick}")
            played = _option(j, d.played, d.schwein)
            best = _option(j, d.best, d.best_schwein)
            out.append({"kind": "flag", "group": grp, "claimed": d.cost,
                        "gain": j.values[best] - j.values[played], "se": max(j.se[played], j.se[best]),
                        "played_best": j.top == played, "where": f"{seed} seat {seat} trick {d.trick + 1}: "
                        f"{d.played} played, {d.best} suggested"})
    rng = random.Random(f"tips:{seed}")
    choices = [k for k, (obs, _) in sorted(obs_at.items()) if len(options(obs)) > 1]
    for key in rng.sample(choices, min(tips, len(choices))):
        obs, _ = obs_at[key]
        t = tip(obs, budget)
        assert t is not None
        j = judge_values(obs, budget, factor, f"{seed}:tip:{key}")
        mine = _option(j, t.card, t.schwein)
        regret = j.values[j.top] - j.values[mine]
        out.append({"kind": "tip", "group": grp, "regret": regret, "ok": regret <= 2 * j.se[mine]})
    return out


def _option(j: Judged, card: str, schwein: bool) -> tuple[int, bool]:
    o = (CODE_TO_TYPE[card], schwein)
    return o if o in j.values else next(x for x in j.values if x[0] == o[0])


def summary(label: str, rows: list[dict[str, Any]]) -> str:
    flags = [r for r in rows if r["kind"] == "flag"]
    tips = [r for r in rows if r["kind"] == "tip"]
    parts = [f"{label}: {len(flags)} flags"]
    if flags:
        agree = sum(r["gain"] > 0 for r in flags) / len(flags)
        parts.append(f"judge agrees {100 * agree:.0f}%, gain {statistics.fmean(r['gain'] for r in flags):.2f} "
                     f"vs claimed {statistics.fmean(r['claimed'] for r in flags):.2f}, "
                     f"played card best {sum(r['played_best'] for r in flags)}")
    if tips:
        parts.append(f"{len(tips)} Tipps: judge agrees {100 * sum(r['ok'] for r in tips) / len(tips):.0f}%, "
                     f"regret {statistics.fmean(r['regret'] for r in tips):.2f}")
    return "; ".join(parts)


def run(seats: int, games: int, seed: int, tips: int, factor: int, level: str,
        groups: tuple[str, ...] = GROUPS, budget: Budget = DEFAULT_BUDGET) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for i in range(games):
        want = groups[i % len(groups)]
        g = game(seed * 1000 + i, seats, want, level)
        if g is not None:
            rows += check_game(g, budget, factor, tips, f"{seed}:{seats}:{i}")
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seats", type=int, nargs="+", choices=(4, 5, 6), default=[4, 5, 6])
    ap.add_argument("--games", type=int, default=8, help="games per seat count (groups in turn)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tips", type=int, default=2, help="random Tipps checked per game")
    ap.add_argument("--factor", type=int, default=10, help="the judge's worlds per the Analyse's")
    ap.add_argument("--groups", nargs="+", choices=GROUPS, default=list(GROUPS), help="contract groups, in turn")
    ap.add_argument("--verbose", action="store_true", help="name each flag the judge disagrees with")
    ap.add_argument("--quick", action="store_true", help="a tiny budget (tests): the same code, little thinking")
    ap.add_argument("--level", default="mittel", choices=ai.LEVELS, help="who plays the games")
    args = ap.parse_args(argv)
    every: list[dict[str, Any]] = []
    for seats in args.seats:
        t0 = time.process_time()
        rows = run(seats, args.games, args.seed, args.tips, args.factor, args.level, tuple(args.groups),
                   QUICK if args.quick else DEFAULT_BUDGET)
        every += rows
        print(summary(f"{seats} seats", rows) + f" ({time.process_time() - t0:.0f} s CPU)")
        for r in rows:
            if args.verbose and r["kind"] == "flag" and (r["gain"] <= 0 or r["played_best"]):
                print(f"  disagrees: {r['where']}, claimed {r['claimed']:.2f}, judge {r['gain']:.2f} "
                      f"(standard error {r['se']:.2f})")
        by_group: dict[str, list[dict[str, Any]]] = defaultdict(list)
        for r in rows:
            by_group[r["group"]].append(r)
        for grp in GROUPS:
            if by_group[grp]:
                print("  " + summary(grp, by_group[grp]))
    print(summary("all", every))
    solos = [r for r in every if r["group"] == "solo"]
    if solos:
        print(summary("all solos", solos))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
