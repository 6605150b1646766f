"""The rule-based levels ``leicht`` and ``mittel``: their thresholds and their moves.

``search.py`` (``schwer``) builds on ``mittel``'s moves, so they live here, below both
``players.py`` and ``search.py``: no import circle between them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from dokobot.engine import Observation
from dokobot.engine.actions import (
    Announce,
    ArmutReturn,
    ArmutTake,
    Bid,
    HochzeitPartner,
    Klopfen,
    Move,
    Play,
)
from dokobot.engine.cards import CARD_CODES

from . import bid
from .core import pos_from_obs
from .play import leicht_card, mittel_card

Action = Move  # a computer's move (the name the table imports)


@dataclass(frozen=True)
class Knobs:
    """A rule-based level's thresholds for ``bid.py``."""

    solo: float  # a solo only with at most this many expected losers
    solo_n: int  # play-outs per solo kind at full skill (0: judge by losers alone)
    solo_m: float  # points a solo must score on average in those play-outs
    armut: int  # Armut with at most this many trumps
    take: tuple[int, int]  # take an Armut with at least (trumps, high trumps)
    re: float  # Re/Kontra (and Klopfen) from this normal-game point count
    k90: float  # keine 90 from this point count
    solo_re: float  # Re/Kontra as soloist with at most this many losers
    solo_k90: float  # keine 90 as soloist with at most this many losers


# mittel's thresholds (bid.py): solos with at most this many expected losers, Armut with
# at most three trumps, Re/Kontra and keine 90 by the normal-game point count. A solo is
# taken when its play-outs average at least -1.4: the play-outs give the soloist no
# knowledge edge and so underrate it (at -0.5 only 1.5-2 % of seat-games were solos, at
# -1.5 about 3.6 % won two to one; -1.25 scored +0.01 more per game against leicht on
# tuning seed 2 but left seed 1 at 2.0 % solos, -1.4 keeps 2.2 %). Re/Kontra from 10.5
# (tuning seed 2: 10.5 > 11 > 9.5 > 13; none at all costs 0.2 per game; docs/benchmarks.md)
# Re as soloist with up to 4 losers (was 1: against the UCT player at 10 x 100 the same solos
# made +1.23 each, with 4 +4.23; 3 and 6 gained less; docs/benchmarks.md)
MITTEL = Knobs(solo=5.8, solo_n=16, solo_m=-1.4, armut=3, take=(6, 2), re=10.5, k90=15.0, solo_re=4.0, solo_k90=0.0)
LEICHT = Knobs(solo=3.0, solo_n=0, solo_m=0.0, armut=2, take=(7, 2), re=99.0, k90=99.0, solo_re=0.0, solo_k90=-1.0)


@dataclass(frozen=True)
class Skill:
    """How much the levels think: a share of every iteration budget (tests think less)."""

    scale: float = 1.0

    def n(self, full: int, least: int = 1) -> int:
        return max(least, round(full * self.scale))


FULL = Skill()


def rule_decide(obs: Observation, level: str, rng: random.Random, skill: Skill = FULL) -> list[Action]:
    """``leicht`` / ``mittel``: a knock or an announcement first when the level wants one, then its move."""
    p = LEICHT if level == "leicht" else MITTEL
    out: list[Action] = []
    if obs.phase == "play":
        if level != "leicht" and bid.klopfen(obs, p.re):
            out.append(Klopfen())
        said = bid.announce(obs, p.re, p.k90, p.solo_re, p.solo_k90)
        if said:
            out.append(Announce(said))
    out.append(rule_move(obs, level, rng, skill))
    return out


def rule_move(obs: Observation, level: str = "mittel", rng: random.Random | None = None,
              skill: Skill = FULL) -> Action:
    """The move (no announcement) of the rule-based levels."""
    p = LEICHT if level == "leicht" else MITTEL
    if obs.phase == "reserve":
        solo_n = skill.n(p.solo_n, 2) if p.solo_n else 0
        return bid.reserve(obs, rng or random.Random(0), p.solo, solo_n, p.solo_m, p.armut,
                           silent_hochzeit=level != "leicht")
    if obs.phase == "bid":  # six, equal solos (reading 27): name or hold Re once, then pass
        return Bid("re") if Bid("re") in obs.legal else Bid("pass")
    if obs.phase == "armut_take":
        return ArmutTake(bid.armut_take(obs, *p.take))
    if obs.phase == "partner":  # reading 40: leicht always plays along, the others when it pays
        return HochzeitPartner(level == "leicht" or bid.partner_answer(obs))
    if obs.phase == "armut_give":
        return obs.legal[0]
    if obs.phase == "armut_return":
        return ArmutReturn(tuple(bid.armut_return(obs)))
    pos = pos_from_obs(obs)
    t, sw = (leicht_card if level == "leicht" else mittel_card)(pos)
    return play_action(obs, t, sw)


def play_action(obs: Observation, t: int, sw: bool) -> Play:
    """The legal play for card type ``t`` (the Schwein flag as the rules allow it)."""
    code = CARD_CODES[t]
    plays = [m for m in obs.legal if isinstance(m, Play) and m.card == code]
    for m in plays:
        if m.schwein == sw:
            return m
    if plays:
        return plays[0]
    return next(m for m in obs.legal if isinstance(m, Play))
