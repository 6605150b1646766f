"""``schwer``: search on top of ``mittel``.

Card play and announcements: sample the hidden hands consistent with everything
public (hand sizes, shown voids, played Kreuz-Damen and revealed parties, an
Armut exchange the seat took part in), weighted by how likely the other seats'
earlier choices were (a seat that said gesund at an Armut table rarely holds
three trumps or fewer; a seat that said Re or Kontra early tends to hold a
strong hand; ``infer.py``: one that smeared onto a trick or let it go is
rarely of the other party than the trick's holder, one silent after its first
card rarely holds a Re/Kontra hand), then judge each choice by play-outs in which every seat plays by
the ``mittel`` card rules. Reservations use ``mittel``'s rules with more
play-outs for the solo judgement. Every budget is an iteration count: a
decision depends only on the observation and the seed.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from dokobot.engine import Game, Observation, deck
from dokobot.engine.actions import Announce, Klopfen
from dokobot.engine.announce import LIMITS
from dokobot.engine.cards import CODE_TO_TYPE, CQ, hand_from_types, n_cards
from dokobot.engine.contracts import (
    TRUMP,
    is_normal_kind,
    order_for,
    order_kind,
    plays_stille_hochzeit,
)

from . import bid, infer
from .core import Pos, pos_from_obs
from .play import mittel_card
from .rules import FULL, MITTEL, Action, Skill, play_action, rule_move
from .simulate import rollout


@dataclass(frozen=True)
class Budget:
    """How hard ``schwer`` thinks, in iterations."""

    rollouts: int = 400  # play-outs per card decision, spread over the candidate cards
    min_worlds: int = 20  # sampled deals per card decision at least
    announce_worlds: int = 48  # sampled deals for judging an announcement (two play-outs each)
    announce_margin: float = 0.3  # points an announcement must gain on average
    # keine 90 and beyond: play-outs in which every seat sees the sampled world overrate how
    # sure a lead is (against the UCT player 137 of them won 39), so a lowering must also win
    # nearly every sampled world with the next step made too (_with_a_step_to_spare) and gain
    # clearly
    lower_margin: float = 1.0
    lower_sure: float = 0.9
    solo_playouts: int = 64  # play-outs per solo kind judged at the Vorbehalt round
    # A solo with up to this many losers when its play-outs score at least solo_margin: at
    # mittel's 5.8 / -1.4 schwer took 16 solos in 736 seat-games against the UCT player and won
    # 15 (the play-outs' mittel soloist plays them worse than schwer does); on 400 deals these
    # ask for a solo on 7.0 % of first-seat hands against 4.0 %
    solo_limit: float = 6.5
    solo_margin: float = -2.5
    mittel_bonus: float = 0.25  # points added to mittel's own choice: noise must beat the rules


DEFAULT_BUDGET = Budget()


def schwer_decide(obs: Observation, rng: random.Random, skill: Skill = FULL) -> list[Action]:
    budget = DEFAULT_BUDGET if skill.scale == 1 else Budget(
        rollouts=skill.n(DEFAULT_BUDGET.rollouts, 4), min_worlds=skill.n(DEFAULT_BUDGET.min_worlds, 2),
        announce_worlds=skill.n(DEFAULT_BUDGET.announce_worlds, 2), solo_playouts=skill.n(DEFAULT_BUDGET.solo_playouts, 2))
    if obs.phase == "reserve":
        return [_reserve(obs, rng, budget)]
    if obs.phase != "play":
        return [rule_move(obs, "mittel", rng, skill)]
    out: list[Action] = []
    if bid.klopfen(obs, MITTEL.re):
        out.append(Klopfen())
    said = _announcement(obs, rng, budget)
    if said:
        out.append(Announce(said))
    out.append(_card(obs, rng, budget, extra=said))
    return out


def _reserve(obs: Observation, rng: random.Random, budget: Budget) -> Action:
    return bid.reserve(obs, rng, budget.solo_limit, budget.solo_playouts, budget.solo_margin,
                       MITTEL.armut, silent_hochzeit=True)


# ---- cards -----------------------------------------------------------------------------------


def _card(obs: Observation, rng: random.Random, budget: Budget, extra: str | None) -> Action:
    pos = pos_from_obs(obs)
    options = list(pos.legal)
    own_t, own_sw = mittel_card(pos)
    if len(options) == 1:
        return play_action(obs, own_t, own_sw)
    worlds = max(budget.min_worlds, budget.rollouts // len(options))
    totals = [0.0] * len(options)
    seat = obs.seat
    sws = [t == own_t and own_sw or (t != own_t and _schwein(pos, t)) for t in options]
    sampler = Sampler(obs)
    for _ in range(worlds):
        sim = sampler.draw(rng)
        if extra and sim.can_announce(seat, extra):
            sim.sim_announce(seat, extra)
        for i, t in enumerate(options):
            g = sim.copy()
            g.sim_play(seat, t, sws[i])
            totals[i] += rollout(g).result()["score"][seat]
    means = [x / worlds for x in totals]
    mine = options.index(own_t)
    means[mine] += budget.mittel_bonus
    best = max(range(len(options)), key=lambda i: (means[i], i == mine))
    return play_action(obs, options[best], sws[best])


def _schwein(pos: Pos, t: int) -> bool:
    from dokobot.engine.cards import DA

    return t == DA and pos.schwein_ok


# ---- announcements ---------------------------------------------------------------------------


def _announcement(obs: Observation, rng: random.Random, budget: Budget) -> str | None:
    """The party's next step when play-outs say it gains on average."""
    if obs.party is None:
        return None
    steps = [a for a in obs.may_announce if a not in ("re", "kontra") or a == obs.party]
    if not steps:
        return None
    step = steps[0]
    seat = obs.seat
    gain = 0.0
    won = 0
    n = budget.announce_worlds
    sampler = Sampler(obs)
    for _ in range(n):
        sim = sampler.draw(rng)
        g = sim.copy()
        if not g.can_announce(seat, step):
            return None
        g.sim_announce(seat, step)
        res = rollout(g).result()
        said = res["score"][seat]
        gain += said - rollout(sim).result()["score"][seat]
        won += said > 0 and _with_a_step_to_spare(res, obs.party, step, g.steps)
    if step in ("re", "kontra"):
        return step if gain / n >= budget.announce_margin else None
    sure = won >= budget.lower_sure * n
    return step if sure and gain / n >= budget.lower_margin else None


def _with_a_step_to_spare(res: dict[str, Any], party: str, step: str, steps: tuple[str, ...]) -> bool:
    """Whether a play-out won after ``step`` also made the next step (keine 90: the opponents
    under 60; keine 30: schwarz): every seat sees the sampled world there, so a lowering counts
    a world as safe only with that cushion (against the UCT player 60 keine 90 said on worlds
    merely won were won 25 times). Re/Kontra and schwarz need no cushion."""
    if step not in steps or step == steps[-1]:
        return True
    limit = LIMITS[steps][steps.index(step) + 1]  # what the next step leaves the opponents
    opp = "kontra" if party == "re" else "re"
    return bool(res["tricks"][opp] == 0 if limit == 0 else res["augen"][opp] < limit)


# ---- sampling the hidden hands ---------------------------------------------------------------


def sample(obs: Observation, rng: random.Random, tries: int = 8, hints: infer.Hints | None = None) -> Game:
    """A play-out game at the observed position: the other seats' cards dealt at random,
    consistent with what is public, one of ``tries`` such deals drawn by the likelihood of
    the others' earlier choices (``hints``: what their card play says, ``infer.hints(obs)``
    when not given). Drawing among candidates by weight keeps the weights' ratios even when
    every candidate is unlikely; a first deal accepted with its weight let those through."""
    return Sampler(obs, hints).draw(rng, tries)


class Sampler:
    """``sample`` for one decision: what the observation fixes (the unseen cards, the pinned
    and forbidden ones, the facts the likelihood reads) worked out once for all its worlds."""

    def __init__(self, obs: Observation, hints: infer.Hints | None = None) -> None:
        self.obs = obs
        self.hints = infer.hints(obs) if hints is None else hints
        others = [s for s in obs.seats if s != obs.seat]
        self.others = others
        self.pinned = pinned = _pinned(obs, others)
        unseen = Counter(CODE_TO_TYPE[c] for c in deck(obs.rules))
        unseen.subtract(CODE_TO_TYPE[c] for c in obs.hand)
        self.played = played = {s: [CODE_TO_TYPE[c] for c in obs.played_by(s)] for s in obs.seats}
        unseen.subtract(t for s in obs.seats for t in played[s])
        for cards in pinned.values():
            unseen.subtract(cards)
        self.free = sorted(unseen.elements())
        self.dealer = _Dealer(self.free, pinned, obs, _forbidden(obs, others))
        self.likelihood = _Likelihood(obs, played)

    def draw(self, rng: random.Random, tries: int = 8) -> Game:
        obs, deal = self.obs, self.dealer.deal
        candidates: list[dict[int, list[int]]] = []
        weights: list[float] = []
        for _ in range(tries):
            h = None
            for _ in range(30):
                h = deal(rng)
                if h is not None:
                    break
            if h is None:
                break
            candidates.append(h)
            weights.append(self.likelihood(h) * infer.weight(self.hints, obs, h))
        hands = _draw(candidates, weights, rng)
        if hands is None:  # constraints too tight for random tries: keep sizes only
            hands = _deal(self.free, self.pinned, obs, {s: set() for s in self.others}, rng)
        assert hands is not None
        return Game.from_observation(obs, hands)


def _draw(candidates: list[dict[int, list[int]]], weights: list[float],
          rng: random.Random) -> dict[int, list[int]] | None:
    """One candidate, each with probability proportional to its weight."""
    if not candidates:
        return None
    x = rng.random() * sum(weights)
    for h, w in zip(candidates, weights, strict=True):
        x -= w
        if x < 0:
            return h
    return candidates[-1]


def _likelihood(obs: Observation, hands: dict[int, list[int]], played: dict[int, list[int]]) -> float:
    """``_Likelihood`` of one deal."""
    return _Likelihood(obs, played)(hands)


class _Likelihood:
    """How likely the others' public choices were with sampled hands (1 = as likely as any):
    a seat that said gesund at an Armut table rarely holds three trumps or fewer, nor (mostly)
    both Kreuz-Damen; an early Re or Kontra says a strong hand. ``played``: the card types
    each seat played."""

    def __init__(self, obs: Observation, played: dict[int, list[int]]) -> None:
        rules = obs.rules
        self.rules, self.played = rules, played
        self.trumps = order_for("normal", rules.dullen, rules.joker).masks[TRUMP]
        said = dict(obs.reservations)
        self.gesund = {s for s, a in said.items() if a == "gesund"} - {obs.poor, obs.taker}
        self.armut = rules.armut
        self.contract = obs.contract or "normal"
        self.copies = rules.copies
        early = {s for s, a in obs.announcements[:4] if s != obs.seat}
        self.early = early if is_normal_kind(self.contract) else set()

    def __call__(self, hands: dict[int, list[int]]) -> float:
        played = self.played
        w = 1.0
        for s, h in hands.items():
            if s not in self.gesund:
                continue  # said something else, or an Armut moved cards: the dealt hand is not this one
            dealt = h + played.get(s, [])
            if self.armut and n_cards(hand_from_types(dealt) & self.trumps) <= 3:
                w *= 0.15
            if self.contract == "normal" and plays_stille_hochzeit(dealt.count(CQ), self.copies):
                w *= 0.5  # most hold a Hochzeit to tell it (a stille Hochzeit; at six two of three CQ are 2:4)
        for s in self.early & set(hands):  # the normal game's trumps: its hand strength says what an early Re meant
            dealt = hands[s] + played.get(s, [])
            strength = bid.normal_strength(hand_from_types(dealt), self.rules, self.contract)
            w *= min(1.0, max(0.1, (strength - 7.0) / 5.0))
        return w


def _pinned(obs: Observation, others: list[int]) -> dict[int, list[int]]:
    """Cards the seat knows to be in another seat's hand (still unplayed)."""
    pinned: dict[int, list[int]] = {s: [] for s in others}
    if obs.contract == "normal":  # a revealed Re seat that has not played a CQ holds one
        for s in others:
            if obs.parties[s] == "re" and "CQ" not in obs.played_by(s):
                pinned[s].append(CQ)
    if obs.armut_cards and obs.seat in (obs.poor, obs.taker):
        other = obs.taker if obs.seat == obs.poor else obs.poor
        assert other is not None  # the seat took part in an Armut: both seats are known
        known = Counter(obs.armut_cards) - Counter(obs.armut_returned) if obs.seat == obs.poor \
            else Counter(obs.armut_returned)
        known -= Counter(obs.played_by(other))  # the played copies cannot be told apart
        if other in pinned:
            pinned[other] += sorted(CODE_TO_TYPE[c] for c in known.elements())
    return pinned


def _forbidden(obs: Observation, others: list[int]) -> dict[int, set[int]]:
    """Per seat, the card types it cannot hold: suits it did not follow, a CQ for known Kontra."""
    order = order_for(order_kind(obs.contract), obs.rules.dullen, obs.rules.joker)
    lacks: dict[int, set[int]] = {s: set() for s in others}
    tricks = [[(s, c, i == x.schwein) for i, (s, c) in enumerate(x.cards)] for x in obs.tricks]
    if obs.trick:
        tricks.append([(p.seat, p.card, p.schwein) for p in obs.trick])
    for plays in tricks:
        led = TRUMP if plays[0][2] else order.suit[CODE_TO_TYPE[plays[0][1]]]
        for s, c, sw in plays[1:]:
            if s in lacks and not sw and order.suit[CODE_TO_TYPE[c]] != led:
                lacks[s].add(led)
    forbid = {s: {t for t in range(len(order.suit)) if order.suit[t] in lacks[s]} for s in others}
    if obs.contract == "normal":
        for s in others:
            if obs.parties[s] == "kontra":
                forbid[s].add(CQ)
    return forbid


def _deal(free: list[int], pinned: dict[int, list[int]], obs: Observation,
          forbid: dict[int, set[int]], rng: random.Random) -> dict[int, list[int]] | None:
    """Random hands for the other seats, or None when the random try got stuck."""
    return _Dealer(free, pinned, obs, forbid).deal(rng)


class _Dealer:
    """``_deal`` with what its arguments fix worked out once (a decision deals hundreds of
    times): which seats may take each card type, and how many cards each still takes."""

    def __init__(self, free: list[int], pinned: dict[int, list[int]], obs: Observation,
                 forbid: dict[int, set[int]]) -> None:
        others = list(pinned)
        self.free, self.pinned = free, pinned
        self.room = {s: obs.sizes[s] - len(pinned[s]) for s in others}
        # a type no seat is barred from shares the one list ``others``: ``deal`` knows it by identity
        self.others = others
        self.allowed = {t: others if not any(t in forbid[s] for s in others)
                        else [s for s in others if t not in forbid[s]] for t in set(free)}
        self.n_allowed = {t: len(a) for t, a in self.allowed.items()}

    def deal(self, rng: random.Random) -> dict[int, list[int]] | None:
        hands = {s: list(p) for s, p in self.pinned.items()}
        room = self.room.copy()
        cards = self.free[:]
        rng.shuffle(cards)
        cards.sort(key=self.n_allowed.__getitem__)  # most constrained first
        allowed, others, choice = self.allowed, self.others, rng.choice
        open_ = [s for s in others if room[s] > 0]  # ``others`` with room, in their order
        for t in cards:
            seats = allowed[t]
            fits = open_ if seats is others else [s for s in seats if room[s] > 0]
            if not fits:
                return None
            s = choice(fits)
            hands[s].append(t)
            room[s] -= 1
            if not room[s]:
                open_ = [x for x in open_ if x != s]
        return hands


# The sampling steps by name for the analysis (``dokobot.players.analysis``), which deals
# every hand from the public view with the same constraints.
forbidden_types = _forbidden
deal_hands = _deal
HandDealer = _Dealer
