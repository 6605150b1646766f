"""Learning from a game: its public curve, a seat's costliest decisions, a hint now.

Everything here judges positions the way ``schwer`` does (``ai.search``): deal
the unseen cards at random, consistent with what is known, and play out with
the ``mittel`` card rules. Two views:

- the public view (``public_value``): what the whole table saw; no seat's own
  hand goes in, so the curve may be shown to everyone;
- a seat's view (``option_values``): that seat's ``Observation`` at the time,
  the same interface the computer players have, so an analysis never uses a
  card the seat did not know.

A decision is named as costly only when a second, independent set of worlds
confirms it (``judge``): the best of a dozen noisy first-look values is often
a lucky one, and a solo's tripled scores make the noise three times as loud.

Every budget is an iteration count and every random source is seeded from
public facts only (seat, trick, cards on the table): the same observation
always gives the same judgement, whatever the hidden cards were.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any

from dokobot.engine import Game, Observation, deck
from dokobot.engine.actions import Announce, Move, Play, parse
from dokobot.engine.cards import AUGEN, CARD_CODES, CODE_TO_TYPE, CQ
from dokobot.engine.record import load

from .ai import search
from .ai.core import best, holds, pos_from_obs, table_augen, wins_now
from .ai.simulate import rollout

VERSION = 2  # of the stored analysis (``analyse``): a cache of another version is computed again (2: confirmed costs)


@dataclass(frozen=True)
class Budget:
    """How hard the analysis thinks, in iterations (``bench/analysis.py`` times it)."""

    curve_worlds: int = 32  # public play-outs per point of the curve
    rollouts: int = 96  # play-outs per card decision, spread over its options
    min_worlds: int = 8  # sampled deals per card decision at least
    tip_rollouts: int = 96  # play-outs behind one Tipp
    # a decision that looks costly is checked again on fresh worlds, the played card against
    # the best: the first look picks the dearest of many noisy differences, so its own figure
    # overstates the cost (a solo's scores are tripled for the soloist, its noise too)
    confirm_worlds: int = 48


DEFAULT_BUDGET = Budget()
TEST_BUDGET = Budget(curve_worlds=2, rollouts=4, min_worlds=1, tip_rollouts=4, confirm_worlds=4)  # tests: the same code, little thinking
MIN_COST = 0.5  # points a decision must have cost to be named: less is play-out noise
SURE = 2.0  # a named cost minus this many standard errors must still reach MIN_COST: the cost is no noise
SHOWN = 3  # decisions named per seat at most


def _rng(*parts: object) -> random.Random:
    """A random source seeded from public facts only (a str seed is hashed the same in every process)."""
    return random.Random(":".join(map(str, parts)))


def re_value(g: Game) -> int:
    """The finished game's value from Re's side: + when Re won, - when Kontra did."""
    res = g.game_result()
    return res.value if res.winner == "re" else -res.value if res.winner == "kontra" else 0


# ---- the public view -------------------------------------------------------------------------


def public_sample(obs: Observation, rng: random.Random) -> Game:
    """A play-out game at the observed position with *every* hand dealt at random,
    consistent with what the whole table saw (sizes, shown voids, a revealed Re
    seat's Kreuz-Dame); the observing seat's own cards are not used."""
    seats = list(obs.seats)
    unseen = Counter(CODE_TO_TYPE[c] for c in deck(obs.rules))
    unseen.subtract(CODE_TO_TYPE[c] for s in seats for c in obs.played_by(s))
    pinned: dict[int, list[int]] = {s: [] for s in seats}
    if obs.contract == "normal":
        for s in seats:
            if obs.parties[s] == "re" and "CQ" not in obs.played_by(s):
                pinned[s].append(CQ)
                unseen[CQ] -= 1
    free = sorted(unseen.elements())
    forbid = search.forbidden_types(obs, seats)
    hands = None
    dealer = search.HandDealer(free, pinned, obs, forbid)  # worked out once for its tries
    for _ in range(40):
        hands = dealer.deal(rng)
        if hands is not None:
            break
    if hands is None:  # constraints too tight for random tries: keep sizes only
        hands = search.deal_hands(free, pinned, obs, {s: set() for s in seats}, rng)
    assert hands is not None
    own = hands[obs.seat]
    codes = tuple(CARD_CODES[t] for t in own)
    dealt = tuple(sorted(codes + tuple(obs.played_by(obs.seat)), key=CODE_TO_TYPE.__getitem__))
    public = replace(obs, hand=codes, dealt=dealt, armut_cards=(), armut_returned=())
    return Game.from_observation(public, {s: h for s, h in hands.items() if s != obs.seat})


def public_value(obs: Observation, worlds: int, rng: random.Random) -> float:
    """Re's expected score at the observed position, from the public view."""
    total = 0
    for _ in range(worlds):
        total += re_value(rollout(public_sample(obs, rng)))
    return total / worlds


# ---- a seat's view ---------------------------------------------------------------------------


Option = tuple[int, bool]  # card type, played as Schwein


def options(obs: Observation) -> list[Option]:
    """The seat's distinct legal card plays (a Fuchs as Schwein is its own option)."""
    out: list[Option] = []
    for m in obs.legal:
        if isinstance(m, Play):
            opt = (CODE_TO_TYPE[m.card], m.schwein)
            if opt not in out:
                out.append(opt)
    return out


def option_values(obs: Observation, rollouts: int, min_worlds: int, rng: random.Random) -> dict[Option, float]:
    """The seat's expected score for each legal card, judged like ``schwer``: the same
    sampled worlds for every option, one play-out each, from the observation only."""
    worlds = max(min_worlds, rollouts // max(1, len(options(obs))))
    return {o: sum(v) / worlds for o, v in option_samples(obs, worlds, rng).items()}


def option_samples(obs: Observation, worlds: int, rng: random.Random,
                   opts: list[Option] | None = None) -> dict[Option, list[float]]:
    """Per legal card (or per one of ``opts``) the seat's score in each of ``worlds`` sampled
    worlds (the same worlds for every option: the differences are paired)."""
    opts = options(obs) if opts is None else opts
    out: dict[Option, list[float]] = {o: [] for o in opts}
    sampler = search.Sampler(obs)  # what the observation fixes, once for all worlds
    for _ in range(worlds):
        sim = sampler.draw(rng)
        for t, sw in opts:
            g = sim.copy()
            g.sim_play(obs.seat, t, sw)
            out[(t, sw)].append(rollout(g).game_result().score[obs.seat])
    return out


@dataclass(frozen=True)
class Decision:
    """One card decision of a seat, judged from its observation at the time."""

    trick: int  # index of the trick (0-based)
    played: str  # card code played
    schwein: bool
    best: str  # the card schwer would have played
    best_schwein: bool
    cost: float  # expected points lost against the best card (>= 0)

    def to_dict(self) -> dict[str, Any]:
        return {"trick": self.trick, "played": self.played, "schwein": self.schwein, "best": self.best,
                "best_schwein": self.best_schwein, "cost": round(self.cost, 2)}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Decision:
        return cls(int(d["trick"]), str(d["played"]), bool(d["schwein"]), str(d["best"]),
                   bool(d["best_schwein"]), float(d["cost"]))


def judge(obs: Observation, played: Option, budget: Budget = DEFAULT_BUDGET) -> Decision | None:
    """The seat's card decision ``played`` at ``obs``; None when it had no choice. A card that
    looks at least ``MIN_COST`` dearer than the best is played out against it again on fresh
    worlds; its cost is that second, unbiased difference when it is at least ``MIN_COST``
    even ``SURE`` standard errors lower, else 0 (within the noise: no fault named)."""
    if len(options(obs)) < 2:
        return None
    rng = _rng("seat", obs.seat, len(obs.tricks), len(obs.trick))
    values = option_values(obs, budget.rollouts, budget.min_worlds, rng)
    if played not in values:  # a Fuchs played plainly where the Schwein was the only form, or the like
        played = next(o for o in values if o[0] == played[0])
    top = max(values, key=lambda o: (values[o], o == played))
    cost = values[top] - values[played]
    if cost >= MIN_COST:
        cost = confirmed_cost(obs, top, played, budget.confirm_worlds,
                              _rng("confirm", obs.seat, len(obs.tricks), len(obs.trick)))
    return Decision(len(obs.tricks), CARD_CODES[played[0]], played[1], CARD_CODES[top[0]], top[1], max(0.0, cost))


def confirmed_cost(obs: Observation, better: Option, played: Option, worlds: int, rng: random.Random) -> float:
    """The mean of ``better`` minus ``played`` over ``worlds`` fresh sampled worlds when it is
    ``MIN_COST`` or more even ``SURE`` standard errors lower, else 0. A third of the worlds first: when ``played``
    is not behind on them, the first look's cost was its noise and the rest is not played."""
    opts = [better, played]
    first = worlds // 3 if worlds >= 6 else worlds
    samples = option_samples(obs, first, rng, opts)
    diffs = [a - b for a, b in zip(samples[better], samples[played], strict=True)]
    if sum(diffs) <= 0:
        return 0.0
    samples = option_samples(obs, worlds - first, rng, opts)
    diffs += [a - b for a, b in zip(samples[better], samples[played], strict=True)]
    mean = sum(diffs) / worlds
    if worlds < 2:
        return mean
    var = sum((d - mean) ** 2 for d in diffs) / (worlds - 1)
    # a heavy tail (one world in which a card decides a Doppelkopf) can put a small cost three
    # standard errors above zero; asking that it stay above MIN_COST keeps such luck out
    return mean if mean - SURE * (var / worlds) ** 0.5 >= MIN_COST else 0.0


def seat_decisions(record: Mapping[str, Any], seat: int, budget: Budget = DEFAULT_BUDGET) -> list[Decision]:
    """Every card decision of ``seat`` in the game, judged from its own observation then."""
    out = []
    for g, who, move in _steps(record):
        if who == seat and isinstance(move, Play) and g.phase == "play":
            played = (CODE_TO_TYPE[move.card], move.schwein)
            d = judge(g.observation(seat), played, budget)
            if d is not None:
                out.append(d)
    return out


def costliest(decisions: list[Decision]) -> list[Decision]:
    """The two or three decisions that cost the most (noise left out), dearest first."""
    dear = sorted((d for d in decisions if d.cost >= MIN_COST), key=lambda d: (-d.cost, d.trick))
    return dear[:SHOWN]


# ---- the curve -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Moment:
    trick: int  # the trick in which it happened (0-based)
    kind: str  # dulle | fuchs | announce | doppelkopf | trick
    seat: int | None
    what: str = ""  # the announcement


@dataclass(frozen=True)
class Curve:
    """Re's expected score before each trick and the final value (``values[-1]``)."""

    values: tuple[float, ...]
    moments: tuple[Moment, ...]  # the moments that moved it most, in trick order

    def to_dict(self) -> dict[str, Any]:
        return {"values": [round(v, 2) for v in self.values],
                "moments": [{"trick": m.trick, "kind": m.kind, "seat": m.seat, "what": m.what} for m in self.moments]}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Curve:
        return cls(tuple(float(v) for v in d["values"]),
                   tuple(Moment(int(m["trick"]), str(m["kind"]), m["seat"], str(m.get("what", ""))) for m in d["moments"]))


def curve_points(record: Mapping[str, Any], budget: Budget = DEFAULT_BUDGET) -> list[float]:
    """Re's expected score from the public view before each trick's first card."""
    values: list[float] = []
    for g, who, move in _steps(record):
        if g.phase == "play" and isinstance(move, Play) and not g.current_trick:
            obs = g.observation(who)
            values.append(public_value(obs, budget.curve_worlds, _rng("curve", len(obs.tricks))))
    return values


def curve(record: Mapping[str, Any], budget: Budget = DEFAULT_BUDGET, marks: int = 3) -> Curve | None:
    """The game's curve with its ``marks`` biggest moves named; None for a game without play."""
    final = _final(record)
    if final is None or final.game_result().is_redeal:
        return None
    values = curve_points(record, budget)
    if not values:
        return None
    values.append(float(re_value(final)))
    moves = sorted(range(len(values) - 1), key=lambda i: (-abs(values[i + 1] - values[i]), i))[:marks]
    moments = [_moment(final, i) for i in sorted(moves) if abs(values[i + 1] - values[i]) >= 0.5]
    return Curve(tuple(values), tuple(moments))


def _moment(g: Game, i: int) -> Moment:
    """What happened in trick ``i`` of the finished game that best explains a move of the curve."""
    res = g.game_result()
    x = g.tricks[i]
    party = res.party_of
    for s, c in x.cards:
        if c == "HT" and g.is_trump("HT") and party(s) != party(x.winner):
            return Moment(i, "dulle", s)
    for k, (s, c) in enumerate(x.cards):
        if c == "DA" and k != x.schwein and party(s) != party(x.winner):
            return Moment(i, "fuchs", s)
    said = _announced_in(g, i)
    if said:
        return Moment(i, "announce", said[-1][0], said[-1][1])
    if x.augen >= 40:
        return Moment(i, "doppelkopf", x.winner)
    return Moment(i, "trick", x.winner)


def _announced_in(g: Game, i: int) -> list[tuple[int, str]]:
    """The announcements made while trick ``i`` was the next or current trick."""
    plays, out = 0, []
    for seat, move in g.moves:
        if isinstance(move, Play):
            plays += 1
        elif isinstance(move, Announce) and plays // len(g.seats) == i:
            out.append((seat, move.what))
    return out


# ---- walking a record ------------------------------------------------------------------------


def _steps(record: Mapping[str, Any]) -> Iterator[tuple[Game, int, Move]]:
    """(game before the move, seat, move) for every action of the record."""
    g, actions = load(dict(record))
    for a in actions:
        seat, move = parse(a, g.n)
        yield g, seat, move
        g.act(seat, move)


def _final(record: Mapping[str, Any]) -> Game | None:
    g, actions = load(dict(record))
    for a in actions:
        g.apply(a)
    return g if g.finished else None


# ---- the whole analysis (cached with the game) -----------------------------------------------


def analyse(record: Mapping[str, Any], budget: Budget = DEFAULT_BUDGET) -> dict[str, Any]:
    """Curve and every seat's costliest decisions of a finished game, as JSON (stored
    with the game: a restart keeps it). Pure and synchronous: run it off the event loop."""
    c = curve(record, budget)
    final = _final(record)
    seats: dict[str, list[dict[str, Any]]] = {}
    if final is not None and not final.game_result().is_redeal:
        for s in final.seats:
            seats[str(s)] = [d.to_dict() for d in costliest(seat_decisions(record, s, budget))]
    return {"version": VERSION, "curve": None if c is None else c.to_dict(), "seats": seats}


# ---- Tipp ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Tip:
    card: str
    schwein: bool
    reason: str  # i18n key tail: sure | wins | smear | low | lead
    augen: int  # Augen on the trick with the card (sure / wins / smear), the card's own otherwise
    value: float  # expected points with it


TIP_FINALISTS = 3  # the Tipp's best cards at the first look that are played out again


def tip_values(obs: Observation, budget: Budget) -> dict[Option, float]:
    """The Tipp's expected score per card: a first look over every option, then the
    ``TIP_FINALISTS`` best played out again on ``confirm_worlds`` fresh worlds, their value
    the mean over both looks (one look's best of many noisy options is often a lucky one)."""
    rng = _rng("tip", obs.seat, len(obs.tricks), len(obs.trick))
    worlds = max(budget.min_worlds, budget.tip_rollouts // len(options(obs)))
    first = option_samples(obs, worlds, rng)
    finalists = sorted(first, key=lambda o: (-sum(first[o]), -o[0]))[:TIP_FINALISTS]
    again = option_samples(obs, budget.confirm_worlds, rng, finalists)
    n = worlds + budget.confirm_worlds
    return {o: (sum(first[o]) + sum(again[o])) / n for o in finalists}


def tip(obs: Observation, budget: Budget = DEFAULT_BUDGET) -> Tip | None:
    """What ``schwer`` would play now and why (None when the seat has no card to play)."""
    opts = options(obs)
    if not opts:
        return None
    values = tip_values(obs, budget) if len(opts) > 1 else {opts[0]: 0.0}
    t, sw = max(values, key=lambda o: (values[o], -o[0]))
    pos = pos_from_obs(obs)
    on_table = table_augen(pos) + AUGEN[t]
    if not pos.trick:
        reason, augen = "lead", AUGEN[t]
    elif wins_now(pos, t, sw):
        top = best(pos, [*pos.trick, (pos.seat, t, sw)])
        reason, augen = ("sure" if holds(pos, top) else "wins"), on_table
    elif pos.team[best(pos, list(pos.trick))[0]] == 1 and AUGEN[t] >= 10:
        reason, augen = "smear", on_table
    else:
        reason, augen = "low", AUGEN[t]
    return Tip(CARD_CODES[t], sw, reason, augen, values[(t, sw)])

