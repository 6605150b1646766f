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

The curve's axis (``booked_value``): the points one seat of Re books for the
game, before any Bock factor: in a solo (and a Hochzeit or kleines Solo that
found no partner) the soloist's, at five and six what a Re seat gets by the
table size's share. A point before a trick is that number expected from the
public view; the last point is the game's own, so it equals the score the
summary books for Re (a no-winner game too: there the side with more points
books them). Where the table books only the gainers (``zero_sum`` off) and
Kontra gained, Re books nothing: then it is minus what a Kontra seat books.
The picture multiplies every point by the game's Bock factor, as the booking does.

The curve's marks come from the engine, never re-derived: the Sonderpunkte
that counted (a line of the result's breakdown each, in the trick
``GameResult.extras`` names), the announcements (the trick they were made
in), and the trick that clarified a Hochzeit or kleines Solo (its partner, or
none). A big move of the curve with none of these in its trick names the trick
and its winner.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from dokobot.engine import Extra, Game, GameResult, Observation, deck
from dokobot.engine.actions import Announce, Move, Play, parse
from dokobot.engine.cards import AUGEN, CARD_CODES, CODE_TO_TYPE, CQ
from dokobot.engine.record import load

from . import search
from .core import best, holds, pos_from_obs, table_augen, wins_now
from .simulate import rollout

# of the stored analysis (``analyse``): a cache of another version is computed again
# (2: the curve in booked points per Re seat, its marks from the engine's result;
# 3: a cost is named only when fresh worlds confirm it)
VERSION = 3


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
    """The finished game's ``booked_value`` (the plain result: play-outs ask it thousands of times)."""
    r = g.result()
    return _booked(r["re"], r["kontra"], r["score"])


def booked_value(res: GameResult) -> int:
    """The points one seat of Re books for the game before any Bock factor (module docstring)."""
    return _booked(res.re, res.kontra, res.score)


def _booked(re: Sequence[int], kontra: Sequence[int], score: Sequence[int]) -> int:
    own = score[re[0]] if re else 0
    if own or not kontra:
        return own
    return -score[kontra[0]]


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
            out[(t, sw)].append(rollout(g).result()["score"][obs.seat])  # the plain result: no typed one per play-out
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
    """What the engine says happened in trick ``trick`` (0-based; its mark stands at the point
    after it, ``trick + 1``)."""

    trick: int
    kind: str  # extra | announce | partner | alone | trick
    seat: int | None  # who made the extra, announced, was found (partner), stayed alone, won the trick
    what: str = ""  # the extra's breakdown name, the announcement; "hochzeit" or "solo" (partner, alone)
    victim: int | None = None  # the seat that lost the card of a caught extra

    def to_dict(self) -> dict[str, Any]:
        return {"trick": self.trick, "kind": self.kind, "seat": self.seat, "what": self.what, "victim": self.victim}

    @classmethod
    def from_dict(cls, m: Mapping[str, Any]) -> Moment:
        return cls(int(m["trick"]), str(m["kind"]), m["seat"], str(m.get("what", "")), m.get("victim"))


@dataclass(frozen=True)
class Curve:
    """A Re seat's expected booked points before each trick and the game's own (``values[-1]``,
    ``booked_value``): module docstring."""

    values: tuple[float, ...]
    moments: tuple[Moment, ...]  # the clarification and the moments that moved it most, in trick order
    re: tuple[int, ...] = ()  # Re's seats at the end (the soloist alone in a solo): whose points these are

    def to_dict(self) -> dict[str, Any]:
        return {"values": [round(v, 2) for v in self.values], "moments": [m.to_dict() for m in self.moments],
                "re": list(self.re)}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Curve:
        return cls(tuple(float(v) for v in d["values"]), tuple(Moment.from_dict(m) for m in d["moments"]),
                   tuple(int(s) for s in d.get("re") or ()))


def curve_points(record: Mapping[str, Any], budget: Budget = DEFAULT_BUDGET) -> list[float]:
    """A Re seat's expected booked points from the public view before each trick's first card."""
    values: list[float] = []
    for g, who, move in _steps(record):
        if g.phase == "play" and isinstance(move, Play) and not g.current_trick:
            obs = g.observation(who)
            values.append(public_value(obs, budget.curve_worlds, _rng("curve", len(obs.tricks))))
    return values


def curve(record: Mapping[str, Any], budget: Budget = DEFAULT_BUDGET, marks: int = 3) -> Curve | None:
    """The game's curve with its ``marks`` biggest moves named (and the trick that clarified a
    Hochzeit or kleines Solo, whatever it moved); None for a game without play."""
    final = _final(record)
    if final is None or final.game_result().is_redeal:
        return None
    values = curve_points(record, budget)
    if not values:
        return None
    res = final.game_result()
    values.append(float(booked_value(res)))
    events = moments_of(final)
    moves = sorted(range(len(values) - 1), key=lambda i: (-abs(values[i + 1] - values[i]), i))[:marks]
    shown = {i for i in moves if abs(values[i + 1] - values[i]) >= 0.5}
    shown |= {i for i, m in events.items() if m.kind in ("partner", "alone")}
    moments = [events.get(i) or Moment(i, "trick", final.tricks[i].winner) for i in sorted(shown)]
    return Curve(tuple(values), tuple(moments), res.re)


def moments_of(g: Game) -> dict[int, Moment]:
    """By trick, the one thing the engine says happened there that names a move best: the
    clarification of a Hochzeit or kleines Solo, else a Sonderpunkt that counted, else the
    last announcement made in it."""
    res = g.game_result()
    out: dict[int, Moment] = {}
    clarified = _clarified(g, res)
    if clarified is not None:
        out[clarified.trick] = clarified
    for e, name in counted_extras(res):
        if e.trick is not None:
            out.setdefault(e.trick, Moment(e.trick, "extra", e.seat, name, e.victim))
    for i, seat, what in reversed(announced(g)):
        if i >= 0:
            out.setdefault(i, Moment(i, "announce", seat, what))
    return out


def counted_extras(res: GameResult) -> list[tuple[Extra, str]]:
    """The Sonderpunkte that counted in the game value (a breakdown line each; none in a solo,
    a Doppelkopf not in a no-winner game of the doubling schemes), with their line's name
    (a Doppelkopf of six Volle at six is a Superdoppelkopf)."""
    names: dict[str, list[str]] = {}
    for b in res.breakdown:
        if b.key == "extra":
            name = str(b.param("extra"))
            names.setdefault(b.extra or name, []).append(name)
    out = []
    for e in res.extras:
        left = names.get(e.key)
        if left:
            out.append((e, left.pop(0)))
    return out


def _clarified(g: Game, res: GameResult) -> Moment | None:
    """The trick that clarified a Hochzeit or kleines Solo: its partner, or the holder alone."""
    i, holder = g.clarify_trick, g.holder
    if i is None or holder is None:
        return None
    what = "solo" if res.contract.startswith("solo:") else "hochzeit"
    return Moment(i, "partner", g.partner, what) if g.partner is not None else Moment(i, "alone", holder, what)


def announced(g: Game) -> list[tuple[int, int, str]]:
    """Every announcement as (trick, seat, what): the trick in or after whose cards it was
    made, so the curve's point after that trick is the first to know it; -1 before any card
    (already in the first point)."""
    plays, n = 0, len(g.seats)
    out: list[tuple[int, int, str]] = []
    for seat, move in g.moves:
        if isinstance(move, Play):
            plays += 1
        elif isinstance(move, Announce):
            out.append(((plays - 1) // n if plays else -1, seat, move.what))
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

