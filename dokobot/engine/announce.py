"""Announcements: Re/Kontra and the steps keine 90 ... schwarz, with their deadlines.

``ddv`` (TSR 6): with H cards dealt, step j (0 = Re/Kontra, 1 = keine 90, ...
4 = schwarz) may be said while the seat holds at least ``H - 1 - j`` cards,
one card later per trick a Hochzeit took to clarify. Skipped steps are said
with the higher one and must each still be allowed. A plain Re/Kontra may
answer the other party's latest announcement with one card fewer than that
announcement needed; after such a late reply the party makes no more steps.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import Reason

if TYPE_CHECKING:
    from .game import Game

ANNOUNCEMENTS = ("re", "kontra", "keine90", "keine60", "keine30", "schwarz")
# the ladder after Re/Kontra: four and five; six add keine 135 (rules.md, reading 25)
STEPS = ("keine90", "keine60", "keine30", "schwarz")
STEPS_SIX = ("keine135", "keine90", "keine60", "keine30", "schwarz")
ALL_ANNOUNCEMENTS = ("re", "kontra", *STEPS_SIX)
# what the party that said step j leaves its opponents (they win with it): Augen, or a trick
LIMITS = {STEPS: (90, 60, 30, 0), STEPS_SIX: (135, 90, 60, 30, 0)}


_LEVELS = tuple({"re": 0, "kontra": 0} | {s: j for j, s in enumerate(steps, 1)} for steps in (STEPS, STEPS_SIX))


_RANK = {"re": 0, "kontra": 0} | {s: j for j, s in enumerate(STEPS_SIX, 1)}


def rank(what: object) -> int:
    """How high an announcement goes at any table (Re/Kontra 0, keine 135 1, keine 90 2, ...
    schwarz 5), for comparing two of them; -1 for anything else."""
    return _RANK.get(what, -1) if isinstance(what, str) else -1


def level(g: Game, what: str) -> int:
    """0 for Re/Kontra, j for the j-th step of the game's ladder; -1 if it has no such step."""
    return _LEVELS[g.n == 6].get(what, -1)


def problem(g: Game, seat: int, what: str) -> tuple[str, dict[str, Any]] | None:
    """Why ``seat`` may not say ``what`` now, as (error code, params); None if it may."""
    if g.phase != "play":
        return "announce_blocked", {"why": Reason("blocked_done" if g.phase == "done" else "blocked_reserve")}
    if seat not in g.seats:
        return "announce_blocked", {"why": Reason("not_playing")}
    party = g.party_of(seat)
    if party is None or (g.seeking and g.clarify_trick is None):
        return "announce_blocked", {"why": Reason("blocked_hochzeit")}
    pi = 0 if party == "re" else 1
    k = level(g, what)
    if k < 0:
        return "announce_blocked", {"why": Reason("blocked_six", what=what)}
    if k == 0:
        if g.rules.klopfen:
            return "announce_blocked", {"why": Reason("blocked_klopfen")}
        if what != party:
            return "announce_party", {"party": "Re" if what == "re" else "Kontra"}
    levels = g.levels
    cur = levels[pi]
    if k <= cur:
        return "announce_repeat", {"party": party.capitalize()}
    if k >= 1 and g.rules.single_limit and max(levels) >= 1:
        return "single_limit", {}
    if g.rules.announcements == "ddv":
        return _ddv_problem(g, seat, pi, k, cur)
    return None if _window_open(g) else ("announce_too_late", {})


def _window_open(g: Game) -> bool:
    done, mode = g.tricks_played, g.rules.announcements
    if mode == "first_trick":
        return done == 0
    if mode == "before_play":
        return done == 0 and not g.sim_trick
    return done < 4 or (done == 4 and not g.sim_trick)  # until_trick_5


def _required(g: Game, j: int) -> int:
    """Cards a seat must still hold to say step j."""
    shift = g.clarify_trick if g.seeking and g.clarify_trick else 0
    return g.n_tricks - 1 - j - shift


def _ddv_problem(g: Game, seat: int, pi: int, k: int, cur: int) -> tuple[str, dict[str, Any]] | None:
    if g.late[pi]:
        return "announce_blocked", {"why": Reason("blocked_late_reply")}
    cards = g.sizes[seat]
    first = cur + 1
    if g.rules.klopfen:
        first = max(first, 1)
    if cards >= _required(g, first):
        return None
    if k == 0 and _reply_allowed(g, pi, cards):
        return None
    # the binding deadline: the first step the party has not said (maybe skipped by `what`)
    step = ("re", "kontra")[pi] if first == 0 else g.steps[first - 1]
    return "announce_too_late", {"step": step, "card": g.n_tricks - _required(g, first) + 1}


def _reply_allowed(g: Game, pi: int, cards: int) -> bool:
    other = g.levels[1 - pi]
    return other >= 0 and cards >= _required(g, other) - 1


def replies_late(g: Game, seat: int, pi: int, k: int) -> bool:
    """``ddv``: party ``pi`` says a plain Re/Kontra (``k`` 0) after its own deadline, as a reply
    the late rule allows; the party then makes no further step."""
    return (k == 0 and g.rules.announcements == "ddv" and g.levels[pi] < 0
            and g.sizes[seat] < _required(g, 0))
