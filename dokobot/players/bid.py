"""Hand judgement by rules: reservations, Armut, Schmeißen, Re/Kontra and keine 90.

Solos are judged by counting losers: in each solo kind, the seat's trumps that
the others can beat before their trumps run out, plus the plain cards below
the seat's run of top cards (after two rounds a plain suit gets trumped).
Normal-game strength is a point count of trumps, Dullen/Alten and plain aces.
"""

from __future__ import annotations

import random
from collections.abc import Iterable

from dokobot.engine import Observation
from dokobot.engine.actions import Klopfen, Move, Reserve
from dokobot.engine.cards import (
    ACE,
    AUGEN,
    CARD_CODES,
    CODE_TO_TYPE,
    CQ,
    N_TYPES,
    count,
    n_cards,
    rank_of,
    type_list,
    type_mask,
)
from dokobot.engine.contracts import TRUMP, order_for, order_kind, plays_stille_hochzeit, solo_kind
from dokobot.engine.deal import deck
from dokobot.engine.rules import RuleSet
from dokobot.engine.scoring import party_target

Action = Move
TRUMP_LOSS = 0.6  # share of the others' high trumps that cost a trick
AHEAD = 30  # Augen the seat's known party leads by for a Re/Kontra after the first trick (measured: 30 > 40 > none)


def mask_of(cards: Iterable[str]) -> int:
    h = 0
    for c in cards:
        h += 1 << (2 * CODE_TO_TYPE[c])
    return h


def _deck_mask(rules: RuleSet) -> int:
    return mask_of(deck(rules))


def _copies(m: int, types: Iterable[int]) -> list[int]:
    out: list[int] = []
    for t in types:
        out += [t] * count(m, t)
    return out


def solo_losers(hand: int, kind: str, rules: RuleSet) -> float:
    """Tricks a soloist of ``kind`` with ``hand`` should expect to lose."""
    order = order_for(kind, rules.dullen, rules.joker)
    full = _deck_mask(rules)
    trumps_all = _copies(full, order.trumps)  # every trump copy, highest first
    n = sum(count(hand, t) for t in order.trumps)
    # the others' copies among the top n trumps each win a trick, unless two fall together
    top = trumps_all[:n]
    have = {t: count(hand, t) for t in order.trumps}
    missing = 0
    for t in top:
        if have.get(t, 0):
            have[t] -= 1
        else:
            missing += 1
    losers = TRUMP_LOSS * missing
    for suit in range(4):
        run = [t for t in sorted(type_list(full & order.masks[suit]), key=lambda t: -order.power[t])]
        copies = _copies(full, run)
        my = _copies(hand & order.masks[suit], run)
        if not my:
            continue
        run_len = 0  # the seat's cards from the top of the suit down, without a gap
        for c in copies:
            if run_len < len(my) and my[run_len] == c:
                run_len += 1
            else:
                break
        rounds_safe = 2 if order.trumps else 99
        winners = min(run_len, rounds_safe)
        losers += len(my) - winners
    return losers


def best_solo(obs: Observation, kinds: list[str], limit: float) -> str | None:
    """The solo kind with the fewest losers, if they are at most ``limit``."""
    hand = mask_of(obs.hand)
    scored = sorted((solo_losers(hand, k, obs.rules), i, k) for i, k in enumerate(kinds))
    if scored and scored[0][0] <= limit:
        return scored[0][2]
    return None


def normal_strength(hand: int, rules: RuleSet, contract: str = "normal") -> float:
    """Point count for a normal game: trumps, top trumps, plain aces, voids."""
    order = order_for(order_kind(contract), rules.dullen, rules.joker)
    n = n_cards(hand & order.masks[TRUMP])
    top = order.trumps[:3] if rules.dullen else order.trumps[:2]
    high = sum(count(hand, t) for t in top)
    score: float = n + high
    for suit in range(4):  # schwer's sampling asks this of thousands of hands: masks, no loops
        m = hand & order.masks[suit]
        if not m:
            score += 0.5
        elif n_cards(m) <= 3:
            aces = n_cards(m & _ACES)  # rank A: the JO counts as one where it is a plain diamond
            if aces:
                score += 0.7 * aces
    return score


_ACES = type_mask(t for t in range(N_TYPES) if rank_of(t) == ACE)


def trumps_of(hand: int, rules: RuleSet) -> int:
    return n_cards(hand & order_for("normal", rules.dullen, rules.joker).masks[TRUMP])


# ---- reservations ------------------------------------------------------------------------------


def reserve(obs: Observation, rng: random.Random, solo_limit: float, solo_playouts: int,
            solo_margin: float, armut_max: int, silent_hochzeit: bool) -> Action:
    """Solo when play-outs say it wins (hands with few losers only), else Schmeißen, Armut, Hochzeit."""
    allowed = [m for m in obs.legal if isinstance(m, Reserve)]
    kinds = {m.kind for m in allowed}
    hand = mask_of(obs.hand)
    # once per kind: at six each size, Pflicht, form and named card is an entry of its own
    solos = list(dict.fromkeys(str(m.solo) for m in allowed if m.kind == "solo"))
    solo = choose_solo(obs, solos, rng, solo_limit, solo_playouts, solo_margin)
    if not solo and solos and "gesund" not in kinds:  # vorgeführt (a list): a solo it must be
        solo = min(solos, key=lambda k: solo_losers(hand, k, obs.rules))
    if solo:  # as offered: at six with the size and Pflicht a list allows (the first of them)
        return next(m for m in allowed if m.kind == "solo" and m.solo == solo)
    if "schmeissen" in kinds:
        return Reserve("schmeissen")
    if "armut" in kinds and trumps_of(hand, obs.rules) <= armut_max:
        return Reserve("armut")
    if "hochzeit" in kinds:
        silent = plays_stille_hochzeit(count(hand, CQ), obs.rules.copies)  # at six not with two of three
        if silent_hochzeit and silent and solo_losers(hand, "karo", obs.rules) <= solo_limit - 2:
            return Reserve("gesund")  # a silent Hochzeit: played alone
        return hochzeit_pick(obs, [m for m in allowed if m.kind == "hochzeit"])
    return Reserve("gesund")


def hochzeit_pick(obs: Observation, offers: list[Reserve]) -> Reserve:
    """The Hochzeit reservation to make: under ``choice`` the first trick (the quickest partner,
    DDV's own form); a card to name is a plain ace the seat holds no copy of (its holder is
    likely strong in that suit and takes the first lead of it), else any plain ace, else the first."""
    if any(m.form is not None for m in offers):
        plain = [m for m in offers if m.form == "first_trick"]
        if plain:
            return plain[0]
    hand = obs.hand

    def rank(m: Reserve) -> int:
        card = m.card or ""
        if card[1:] != "A" or obs.is_trump(card):
            return 2
        return 0 if card not in hand else 1

    return min(offers, key=rank)  # min is stable: the engine's order among equals


def partner_answer(obs: Observation) -> bool:
    """``hochzeit_partner: may`` (reading 40): the found seat declines only a partnership that
    does not pay, a hand without the trumps and aces to help the holder (two or fewer trumps and
    at most one ace); a declined Hochzeit goes on searching, or the holder plays alone."""
    hand = mask_of(obs.hand)
    trumps = trumps_of(hand, obs.rules)
    aces = sum(1 for c in obs.hand if c[1:] == "A" and not obs.is_trump(c))
    return trumps >= 3 or aces >= 2


def choose_solo(obs: Observation, kinds: list[str], rng: random.Random, limit: float, playouts: int,
                margin: float) -> str | None:
    """The solo kind whose play-outs score best, among kinds with at most ``limit`` losers."""
    hand = mask_of(obs.hand)
    cands = [k for k in kinds if solo_losers(hand, k, obs.rules) <= limit]
    if not cands:
        return None
    if playouts <= 0:
        return min(cands, key=lambda k: solo_losers(hand, k, obs.rules))
    from .simulate import solo_value

    best, best_v = None, margin
    for k in cands:
        v = solo_value(obs, k, rng, playouts)
        if v >= best_v:
            best, best_v = k, v
    return best


def armut_take(obs: Observation, min_trumps: int, min_high: int) -> bool:
    hand = mask_of(obs.hand)
    order = order_for("normal", obs.rules.dullen, obs.rules.joker)
    high = sum(count(hand, t) for t in order.trumps[:3])
    return trumps_of(hand, obs.rules) >= min_trumps and high >= min_high


def armut_return(obs: Observation) -> list[str]:
    """Plain cards back, shortest suits first (voids for the taker), trumps only when needed."""
    n = obs.armut_given
    order = order_for("normal", obs.rules.dullen, obs.rules.joker)
    hand = [CODE_TO_TYPE[c] for c in obs.hand]
    length = {s: sum(1 for t in hand if order.suit[t] == s) for s in range(5)}

    def key(t: int) -> tuple[int, ...]:
        if order.suit[t] == TRUMP:
            return (1, order.power[t], AUGEN[t])
        keep_ace = rank_of(t) == ACE and length[order.suit[t]] <= 2
        return (0, keep_ace, length[order.suit[t]], -AUGEN[t])
    return [CARD_CODES[t] for t in sorted(hand, key=key)[:n]]


# ---- announcements -----------------------------------------------------------------------------


def party_augen(obs: Observation) -> tuple[int, int]:
    """Augen won so far by the seat's known party and by the known other party."""
    me = obs.party
    ours = theirs = 0
    for x in obs.tricks:
        p = obs.parties[x.winner] if x.winner != obs.seat else me
        if p is None:
            continue
        if p == me:
            ours += x.augen
        else:
            theirs += x.augen
    return ours, theirs


def klopfen(obs: Observation, re_at: float) -> bool:
    """Klopfen (where it replaces Re/Kontra) with a hand that would say Re/Kontra, before the first card."""
    if Klopfen() not in obs.legal:
        return False
    if obs.klopfer and obs.klopfer[-1] == obs.seat or obs.seat in obs.klopfer:
        return False
    hand = mask_of(obs.hand)
    contract = obs.contract or "normal"
    if (kind := solo_kind(contract)) is not None:
        if obs.declarer == obs.seat:
            return solo_losers(hand, kind, obs.rules) <= 1.0
        return _beats_solo(hand, kind, obs.rules)
    return normal_strength(hand, obs.rules, contract) >= re_at


def announce(obs: Observation, re_at: float, k90_at: float, solo_re: float, solo_k90: float) -> str | None:
    """Re/Kontra and keine 90 by hand strength and the Augen taken so far."""
    allowed = obs.may_announce
    if not allowed or obs.party is None:
        return None
    party = obs.party
    plain = party if party in allowed else None
    contract = obs.contract or "normal"
    hand = mask_of(obs.hand)
    ours, theirs = party_augen(obs)
    if plain and _won_already(obs, party, ours):
        return plain
    played = len(obs.tricks)
    if (kind := solo_kind(contract)) is not None:
        if obs.declarer == obs.seat:
            losers = solo_losers(hand, kind, obs.rules) if played == 0 else 99
            if losers <= solo_k90 and "keine90" in allowed:
                return "keine90"
            return plain if losers <= solo_re else None
        if played == 0 and plain and _beats_solo(hand, kind, obs.rules):
            return plain
        return None
    strength = normal_strength(hand, obs.rules, contract)
    if played and plain and ours - theirs >= AHEAD and strength >= re_at - 3 - played:
        return plain  # clearly ahead after the first tricks, with a hand still near Re/Kontra strength
    if played > 1:
        return None
    if contract == "normal" and plays_stille_hochzeit(obs.dealt.count("CQ"), obs.rules.copies):
        losers = solo_losers(hand, "normal", obs.rules)
        if losers <= solo_re and plain:
            return plain
        return None
    if strength >= k90_at and "keine90" in allowed:
        return "keine90"
    if strength >= re_at:
        return plain
    return None


def _won_already(obs: Observation, party: str, ours: int) -> bool:
    """Whether the seat's known party already took what it needs to win once it says its plain
    Re/Kontra (the engine's target: 121 or 120, 181 or 180 at six, 90 against keine 90 ...)."""
    pi = 0 if party == "re" else 1
    levels = (max(obs.levels[0], 0), obs.levels[1]) if pi == 0 else (obs.levels[0], max(obs.levels[1], 0))
    augen, tricks = party_target(levels, pi, obs.n == 6, obs.n_tricks)
    taken = sum(1 for x in obs.tricks if x.winner == obs.seat or obs.parties[x.winner] == party)
    return ours >= augen and taken >= tricks


def _beats_solo(hand: int, kind: str, rules: RuleSet) -> bool:
    """Kontra against a solo: two of the four highest trumps and trump length, or many aces."""
    order = order_for(kind, rules.dullen, rules.joker)
    top = sum(count(hand, t) for t in order.trumps[:2])
    n = sum(count(hand, t) for t in order.trumps)
    aces = sum(count(hand, t) for t in type_list(hand) if rank_of(t) == ACE and order.suit[t] != TRUMP)
    return (top >= 2 and n >= 4) or (not order.trumps and aces >= 4)


__all__ = ["announce", "armut_return", "armut_take", "best_solo", "normal_strength", "reserve", "solo_losers"]
