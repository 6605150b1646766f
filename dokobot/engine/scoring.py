"""End of game: Augen per party, who won, the game value and each seat's score.

``ddv`` follows TSR 7 as rules.md states it; ``steps``, ``doubling``,
``tally`` and ``plus`` (reading 35) are the traditional schemes of the seeds.
"""

from __future__ import annotations

from math import gcd
from typing import TYPE_CHECKING, Any, NamedTuple

from .actions import Announce, to_json
from .announce import LIMITS, STEPS, STEPS_SIX
from .cards import ACE, AUGEN, CJ, CQ, DA, DQ, HT, TEN, rank_of
from .result import Params, Row, Target, row_json

if TYPE_CHECKING:
    from .game import Game, Played

PARTIES = ("re", "kontra")
Line = dict[str, Any]  # an extra: {"key", "party", "seat", "victim", "trick"[, "points"]}
Points = tuple[str, Params, int]  # (label key, parameters, points) of a line still without its party
SchemeResult = tuple[int | None, int, list[Row]]  # (party that gets the value, value, breakdown)


def _ladder(steps: tuple[str, ...], six: bool) -> tuple[tuple[str, ...], tuple[int, ...], int,
                                                         tuple[int, ...], tuple[int, ...]]:
    """(steps, limits, half, under, reach) of a table size: step j leaves the opponents
    limits[j-1] Augen (0: a trick); half of the Augen; (a) the loser under 90, 60, 30 (at six
    under 180, 135, ...: reading 25); (e, f) 120 against keine 90, ... (180 against keine 135)."""
    limits = LIMITS[steps]
    half = 180 if six else 120  # 240 Augen, 360 with three decks
    return steps, limits, half, ((half,) if six else ()) + limits[:-1], (half, *limits)


_LADDERS = {False: _ladder(STEPS, False), True: _ladder(STEPS_SIX, True)}


class Tally:
    """Party totals, by party index (0 = re, 1 = kontra)."""

    def __init__(self, g: Game) -> None:
        re_seats = g.sim_re
        self.re = sorted(re_seats)
        self.kontra = [s for s in g.seats if s not in re_seats]  # g.seats is clockwise
        self.kontra.sort()
        # a seat outside both parties (five: the dealer sitting out) wins no trick: the
        # Kontra totals are what is left (cheaper than a second sum; play-outs score a lot)
        augen, won = g.augen_won, g.tricks_won
        re_augen = sum([augen[s] for s in self.re])
        re_tricks = sum([won[s] for s in self.re])
        self.augen = [re_augen, sum(augen) - re_augen]
        self.tricks = [re_tricks, sum(won) - re_tricks]
        self.levels = list(g.levels)
        self.n_tricks = g.n_tricks
        self.steps, self.limits, self.half, self.under, self.reach = _LADDERS[g.n == 6]

    def step(self, j: int) -> Params:
        """The parameters naming announcement step j (1 = keine 90, at six keine 135)."""
        return (("what", self.steps[j - 1]),)


def party_target(levels: tuple[int, int], pi: int, six: bool, n_tricks: int) -> tuple[int, int]:
    """(Augen, tricks) party ``pi`` (0 Re, 1 Kontra) needs to win with the announcement
    ``levels`` (Re, Kontra: -1 none, 0 Re/Kontra, j the j-th step), at six on 360 Augen
    (rules.md "Winning"; reading 25): 121 / 120, 120 / 121 when only Kontra was said,
    151 after its own keine 90, 90 against the other party's, ... (181 / 180 at six).
    The one source of the targets: the scoring and the computer players ask it."""
    steps, limits, half = _LADDERS[six][:3]
    return _target(levels, pi, steps, limits, half, n_tricks)


def _need(t: Tally, pi: int) -> tuple[int, int]:
    """(Augen, tricks) party ``pi`` needs to win: ``party_target`` of the game's levels."""
    return _target(t.levels, pi, t.steps, t.limits, t.half, t.n_tricks)


def _target(levels: tuple[int, int] | list[int], pi: int, steps: tuple[str, ...], limits: tuple[int, ...],
            half: int, n_tricks: int) -> tuple[int, int]:
    """The winning rule on a ladder (``_LADDERS``): what party ``pi`` needs."""
    own, opp = levels[pi], levels[1 - pi]
    schwarz = len(steps)
    if own >= 1:
        if own == schwarz:
            return 0, n_tricks
        return 2 * half + 1 - limits[own - 1], 0  # 151 / 226 for keine 90 / 135
    if opp >= 1:
        return (0, 1) if opp == schwarz else (limits[opp - 1], 0)
    more, less = half + 1, half  # 121 / 120, at six 181 / 180
    if _only_kontra(levels):
        more, less = less, more
    return (more if pi == 0 else less), 0


def _only_kontra(levels: tuple[int, int] | list[int]) -> bool:
    return levels[1] >= 0 and levels[0] < 0


def target_met(t: Tally, pi: int) -> bool:
    """Whether party ``pi`` reached what it needs to win (rules.md "Winning")."""
    augen, tricks = _need(t, pi)
    return t.augen[pi] >= augen and t.tricks[pi] >= tricks


def targets(t: Tally) -> tuple[Target, Target]:
    """Each party's target as the text layer explains it (Re, Kontra)."""
    def one(pi: int) -> Target:
        own, opp = t.levels[pi], t.levels[1 - pi]
        augen, tricks = _need(t, pi)
        return Target(augen, tricks, t.steps[own - 1] if own >= 1 else None,
                      t.steps[opp - 1] if own < 1 and opp >= 1 else None,
                      max(t.levels) < 1 and _only_kontra(t.levels), target_met(t, pi))
    return one(0), one(1)


def _under_points(t: Tally, pi: int) -> list[Points]:
    """(a) beyond 'won': the opponents under 90, 60, 30, schwarz."""
    opp = 1 - pi
    out: list[Points] = [("under", (("limit", limit),), 1) for limit in t.under if t.augen[opp] < limit]
    if t.tricks[opp] == 0:
        out.append(("schwarz", (), 1))
    return out


def _against_points(t: Tally, pi: int) -> list[Points]:
    """(e, f): Augen this party reached against the opponents' steps."""
    reach = t.reach
    return [("against", (("augen", reach[j - 1]), *t.step(j)), 1) for j in range(1, t.levels[1 - pi] + 1)
            if t.augen[pi] >= reach[j - 1]]


def extras(g: Game) -> list[Line]:
    """Sonderpunkte of a normal game, each for the party that made it."""
    on = g.rules.extras
    re = g.sim_re
    # the caught cards this table counts, by type: checked per card, most cards are none of them
    caught = {t: key for t, key in ((DA, "fuchs"), (CQ, "alte_caught"), (HT, "dulle_caught"))
              if key in on and (t != HT or g.sim_order.has_dulle)}
    doppelkopf = "doppelkopf" in on
    out: list[Line] = []
    done = g.sim_done
    for i, (_, plays, winner, augen) in enumerate(done):
        in_re = winner in re
        wp = "re" if in_re else "kontra"
        if doppelkopf and augen >= 40:
            _doppelkopf(g, plays, winner, augen, wp, out, i)
        if caught:
            for s, t, sw in plays:
                if t in caught and (s in re) != in_re and not (sw and t == DA):  # a Schwein is no Fuchs
                    out.append({"key": caught[t], "party": wp, "seat": winner, "victim": s, "trick": i})
    if done:
        _, plays, winner, _ = done[-1]
        _last_trick(on, re, plays, winner, out, len(done) - 1)
    return out


def _doppelkopf(g: Game, plays: list[Played], winner: int, augen: int, wp: str, out: list[Line], i: int) -> None:
    """A Doppelkopf trick (trick ``i``): 40 Augen; six: five Volle (A or T) 1 point, six Volle
    the Superdoppelkopf 3 (reading 24), which needs 50 Augen at least."""
    if g.n != 6:
        out.append({"key": "doppelkopf", "party": wp, "seat": winner, "victim": None, "trick": i})
    elif augen >= 50:
        volle = sum(1 for _, t, _ in plays if rank_of(t) in (ACE, TEN) and t < 24)
        if volle >= 5:
            out.append({"key": "doppelkopf", "party": wp, "seat": winner, "victim": None, "trick": i,
                        "points": 3 if volle == 6 else 1})


def _last_trick(on: tuple[str, ...], re: frozenset[int], plays: list[Played], winner: int,
                out: list[Line], i: int) -> None:
    """The Karlchen extras of the last trick (trick ``i``)."""
    in_re = winner in re
    wp = "re" if in_re else "kontra"
    win_t = next(t for s, t, _ in plays if s == winner)
    if "karlchen" in on and win_t == CJ:
        out.append({"key": "karlchen", "party": wp, "seat": winner, "victim": None, "trick": i})
    if "karlchen_caught" in on and win_t == DQ:
        for s, t, _ in plays:
            if t == CJ and (s in re) != in_re:
                out.append({"key": "karlchen_caught", "party": wp, "seat": winner, "victim": s, "trick": i})
    # a higher card of the winners over the other party's CJ; the only card of equal
    # rank is the other CJ, which never catches (reading 44)
    if "karlchen_caught_any" in on and win_t != CJ:
        for s, t, _ in plays:
            if t == CJ and (s in re) != in_re:
                out.append({"key": "karlchen_caught_any", "party": wp, "seat": winner, "victim": s, "trick": i})


class Scored(NamedTuple):
    """A finished game's scoring: the replay result and what the summary adds."""

    result: dict[str, Any]  # game-record.md "Replay result"
    extras: list[Line]
    items: tuple[Row, ...]  # the breakdown as keyed rows
    tally: Tally | None  # for the parties' targets: worked out when asked (play-outs never ask)

    @property
    def targets(self) -> tuple[Target, ...]:
        return () if self.tally is None else targets(self.tally)


def score_game(g: Game) -> Scored:
    """The finished game's result (game-record.md "Replay result") plus extras."""
    if g.contract == "redeal":
        return Scored(_redeal_result(g), [], (), None)
    t = Tally(g)
    winner = 0 if target_met(t, 0) else 1 if target_met(t, 1) else None
    count_extras = g.extras_count
    ex = extras(g) if count_extras else []
    if winner == 1 and count_extras and "gegen_die_alten" in g.rules.extras:
        ex.insert(0, {"key": "gegen_die_alten", "party": "kontra", "seat": None, "victim": None, "trick": None})
    gainer, value, items = _SCHEMES[g.rules.scoring](g, t, winner, ex)
    value *= g.rules.base
    size = {"size": "klein"} if g.size == "klein" else {}  # a kleines Solo at six (reading 28)
    return Scored({
        "contract": g.contract,
        **size,
        "re": t.re,
        "kontra": t.kontra,
        "augen": {"re": t.augen[0], "kontra": t.augen[1]},
        "tricks": {"re": t.tricks[0], "kontra": t.tricks[1]},
        "winner": None if winner is None else PARTIES[winner],
        "game_value": value,
        "score": _seat_scores(g, t, gainer, value),
        "breakdown": [row_json(r) for r in items],
    }, ex, tuple(items), t)


def _extra_name(e: Line) -> str:
    """The label key of an extra: the doppelkopf extra worth 3 is the Superdoppelkopf."""
    return "superdoppelkopf" if e.get("points") == 3 else str(e["key"])


def _extra_lines(ex: list[Line]) -> list[Row]:
    return [_row(e["party"], "extra", (("extra", _extra_name(e)),), points=e.get("points", 1), extra=e["key"])
            for e in ex]


def _row(party: str, key: str, params: Params = (), points: int | None = None, factor: int | None = None,
         extra: str | None = None) -> Row:
    """A breakdown line as a plain tuple (cheap: play-outs score thousands of games); it is
    ``BreakdownItem``'s fields in order, and ``row_json`` words it."""
    return (party, key, params, points, factor, extra)


def _pts(lines: list[Row], party: str | None = None) -> int:
    return sum(x[3] or 0 for x in lines if party is None or x[0] == party)


def _net_extras(ex: list[Line], pi: int) -> int:
    return sum(e.get("points", 1) * (1 if e["party"] == PARTIES[pi] else -1) for e in ex)


def _ddv(g: Game, t: Tally, winner: int | None, ex: list[Line]) -> SchemeResult:
    """TSR 7.2: returns (party index that gets the value or None, value, breakdown)."""
    lines: list[Row] = []

    def add(pi: int, key: str, params: Params = (), pts: int = 1) -> None:
        lines.append(_row(PARTIES[pi], key, params, points=pts))

    if winner is None:
        for pi in (0, 1):
            for key, params, p in _under_points(t, pi) + _against_points(t, pi):
                add(pi, key, params, p)
        lines += _extra_lines(ex)
        diff = _pts(lines, "re") - _pts(lines, "kontra")
        gainer = 0 if diff > 0 else 1 if diff < 0 else None
        return gainer, abs(diff), lines
    return _ddv_won(g, t, winner, ex)


_SAID = ((("what", "re"),), (("what", "kontra"),))


def _ddv_won(g: Game, t: Tally, winner: int, ex: list[Line]) -> SchemeResult:
    """TSR 7.2 with a winner: its lines and the extras, less the loser's (e, f) points.
    Rows are built as tuples in place (``_row``'s order): play-outs score thousands of games."""
    w = PARTIES[winner]
    lines: list[Row] = [(w, "won", (), 1, None, None)]
    lines += [(w, key, params, p, None, None) for key, params, p in _under_points(t, winner)]
    lines += [(w, "announced", _SAID[pi], 2, None, None) for pi in (0, 1) if g.said_re[pi]]
    lines += [(w, "knocked", (), 2, None, None) for _ in g.klopfer]  # a knock counts like a Re/Kontra (reading 16)
    loser_against = 0
    if max(t.levels) >= 1:  # a step said: the steps count, and Augen reached against them
        for pi in (0, 1):
            lines += [(w, "announced", t.step(j), 1, None, None) for j in range(1, t.levels[pi] + 1)]
        lines += [(w, key, params, p, None, None) for key, params, p in _against_points(t, winner)]
        loser_against = sum(p for _, _, p in _against_points(t, 1 - winner))
    lines += _extra_lines(ex)
    return winner, 2 * _pts(lines, w) - _pts(lines) - loser_against, lines


def _steps(g: Game, t: Tally, winner: int | None, ex: list[Line]) -> SchemeResult:
    """Seed 001: loser under 120/90/60/30/schwarz, against the Alten, Re and Kontra +1 each."""
    if winner is None:
        return _ddv(g, t, winner, ex)
    loser = 1 - winner
    w = PARTIES[winner]
    lines = [_row(w, "under", (("limit", lim),), points=1)
             for lim in (t.half, *t.limits[:-1]) if t.augen[loser] < lim]
    if t.tricks[loser] == 0:
        lines.append(_row(w, "schwarz", points=1))
    lines += [_row(w, "announced", (("what", PARTIES[pi]),), points=1) for pi in (0, 1) if g.said_re[pi]]
    lines += [_row(w, "knocked", points=1) for _ in g.klopfer]
    if winner == 1 and g.extras_count:  # part of this scheme, whatever the extras switch says
        lines.append(_row("kontra", "extra", (("extra", "gegen_die_alten"),), points=1))
    lines += _extra_lines([e for e in ex if e["key"] != "gegen_die_alten"])
    return winner, 2 * _pts(lines, w) - _pts(lines), lines


def _doubling(g: Game, t: Tally, winner: int | None, ex: list[Line]) -> SchemeResult:
    """Seeds 000/001: Re wins 1, Kontra 2; Schneider x2, Schwarz x4; Doppelkopf, Re, Kontra, each
    knock and each announced step its party reached x2 (a Superdoppelkopf x8: 3 levels); then
    the other extras (reading 19)."""
    rest = [e for e in ex if e["key"] not in ("doppelkopf", "gegen_die_alten")]
    if winner is None:  # only the extras count: the party ahead gets the difference
        diff = _net_extras(rest, 0)
        return (0 if diff > 0 else 1 if diff < 0 else None), abs(diff), _extra_lines(rest)
    w = PARTIES[winner]
    value = 1 if winner == 0 else 2
    lines = [_row(w, "won", points=value)]
    key, params, n = _loser_level(g, t, 1 - winner)
    factor = 2 ** n
    if n:
        lines.append(_row(w, key, params, factor=factor))
    for e in ex:
        if e["key"] == "doppelkopf":  # a Superdoppelkopf counts 3 levels: x8
            f = 2 ** e.get("points", 1)
            factor *= f
            lines.append(_row(e["party"], "extra", (("extra", _extra_name(e)),), factor=f))
    for pi in (0, 1):
        if g.said_re[pi]:
            factor *= 2
            lines.append(_row(w, "announced", (("what", PARTIES[pi]),), factor=2))
    for _ in g.klopfer:
        factor *= 2
        lines.append(_row(w, "knocked", factor=2))
    for pi in (0, 1):
        for j in range(1, t.levels[pi] + 1):
            if _step_reached(t, pi, j):
                factor *= 2
                lines.append(_row(PARTIES[pi], "reached", t.step(j), factor=2))
    # Other extras the table switched on come on top at the end, whatever the scheme (seed 000).
    lines += _extra_lines(rest)
    return winner, value * factor + _net_extras(rest, winner), lines


def _loser_level(g: Game, t: Tally, loser: int) -> Points:
    """How far the loser fell, as (label key, parameters, levels): Schneider (under a quarter
    of the Augen) 1, Schwarz 2; with ``fine_steps`` (reading 36) under 90 1, 60 2, 30 3 and no
    trick 4 (at six from under 135: 1 .. 5), the highest that applies."""
    if not g.rules.fine_steps:
        if t.tricks[loser] == 0:
            return "schwarz", (), 2
        return ("schneider", (), 1) if t.augen[loser] < t.half // 2 else ("", (), 0)
    if t.tricks[loser] == 0:
        return "schwarz", (), len(t.limits)
    under = [lim for lim in t.limits[:-1] if t.augen[loser] < lim]
    return ("under", (("limit", under[-1]),), len(under)) if under else ("", (), 0)


def _plus(g: Game, t: Tally, winner: int | None, ex: list[Line]) -> SchemeResult:
    """Reading 35, the "+1" scheme of seed 000: Re wins 1, Kontra 2; Schneider +1, Schwarz +2
    (or the fine levels); each Doppelkopf trick (a Superdoppelkopf +3), Re, Kontra, knock and
    announced step its party reached +1; then the other extras, netted, as in ``doubling``."""
    rest = [e for e in ex if e["key"] not in ("doppelkopf", "gegen_die_alten")]
    if winner is None:  # only the extras count: the party ahead gets the difference
        diff = _net_extras(rest, 0)
        return (0 if diff > 0 else 1 if diff < 0 else None), abs(diff), _extra_lines(rest)
    w = PARTIES[winner]
    lines = [_row(w, "won", points=1 if winner == 0 else 2)]
    key, params, n = _loser_level(g, t, 1 - winner)
    if n:
        lines.append(_row(w, key, params, points=n))
    lines += [_row(e["party"], "extra", (("extra", _extra_name(e)),), points=e.get("points", 1)) for e in ex
              if e["key"] == "doppelkopf"]  # a Superdoppelkopf counts 3 levels: +3
    lines += [_row(w, "announced", (("what", PARTIES[pi]),), points=1) for pi in (0, 1) if g.said_re[pi]]
    lines += [_row(w, "knocked", points=1) for _ in g.klopfer]
    for pi in (0, 1):
        lines += [_row(PARTIES[pi], "reached", t.step(j), points=1) for j in range(1, t.levels[pi] + 1)
                  if _step_reached(t, pi, j)]
    value = _pts(lines)  # every line so far adds to the winner's value, whoever earned it
    lines += _extra_lines(rest)
    return winner, value + _net_extras(rest, winner), lines


def _step_reached(t: Tally, pi: int, j: int) -> bool:
    """Whether party ``pi`` reached its announced step j: the opponents under 90/60/30, or no trick."""
    opp = 1 - pi
    return t.tricks[opp] == 0 if j == len(t.steps) else t.augen[opp] < t.limits[j - 1]


def _tally(g: Game, t: Tally, winner: int | None, ex: list[Line]) -> SchemeResult:
    """Seed 003: points doubled by Re or Kontra, quadrupled by both; then extras."""
    if winner is None:
        return _ddv(g, t, winner, ex)
    w = PARTIES[winner]
    lines = [_row(w, "won", points=1)]
    if winner == 1:
        lines.append(_row(w, "against_re", points=1))
    elif g.is_solo:
        lines.append(_row(w, "solo_won", points=1))
    # under 90, 60, 30 (at six 135, 90, 60, 30: the ddv "under 180" has no place in this scheme)
    lines += [_row(w, key, params, points=p) for key, params, p in _under_points(t, winner)
              if params != (("limit", t.half),)]
    for pi in (0, 1):
        lines += [_row(w, "announced", t.step(j), points=1) for j in range(1, t.levels[pi] + 1)]
    # Re or Kontra doubles, both quadruple; a knock counts like one of them (reading 16)
    base = _pts(lines) * (2 ** min(2, sum(g.said_re) + len(g.klopfer)))
    ex = [e for e in ex if e["key"] != "gegen_die_alten"]
    lines += _extra_lines(ex)
    return winner, base + _net_extras(ex, winner), lines


def _seat_scores(g: Game, t: Tally, gainer: int | None, value: int) -> list[int]:
    scores = [0] * g.n
    if gainer is None or value == 0:
        return scores
    if len(g.seats) > 4:  # five all playing, six: value × L / g and value × W / g (reading 31)
        sizes = (len(t.re), len(t.kontra))
        d = gcd(*sizes)
        for pi, members in enumerate((t.re, t.kontra)):
            sign = 1 if pi == gainer else -1
            if sign > 0 or g.rules.zero_sum:
                for s in members:
                    scores[s] = sign * value * sizes[1 - pi] // d
        return scores
    solo = g.is_solo
    factor = g.rules.solo_factor if solo else 1
    for pi, members in enumerate((t.re, t.kontra)):
        sign = 1 if pi == gainer else -1
        if sign < 0 and not g.rules.zero_sum:
            continue
        for s in members:
            scores[s] = sign * value * (factor if solo and pi == 0 else 1)
    return scores


def _redeal_result(g: Game) -> dict[str, Any]:
    return {
        "contract": "redeal", "re": [], "kontra": [], "augen": {"re": 0, "kontra": 0},
        "tricks": {"re": 0, "kontra": 0}, "winner": None, "game_value": 0, "score": [0] * g.n,
        "breakdown": [],
    }


def state_so_far(g: Game) -> dict[str, Any]:
    """An unfinished game: what has happened, ``finished: false``, no score."""
    out: dict[str, Any] = {"finished": False, "contract": g.contract, "phase": g.phase, "to_act": g.to_act}
    if g.size == "klein":
        out["size"] = "klein"
    if g.contract is not None and g.contract != "redeal":
        t = Tally(g)
        out.update(re=t.re, kontra=t.kontra, augen={"re": t.augen[0], "kontra": t.augen[1]},
                   tricks={"re": t.tricks[0], "kontra": t.tricks[1]})
    out["tricks_played"] = g.tricks_played
    out["announcements"] = [to_json(s, Announce(a)) for s, a in g.announcements]
    out["augen_total"] = sum(AUGEN[t] for x in g.sim_done for _, t, _ in x[1])
    return out


_SCHEMES = {"ddv": _ddv, "steps": _steps, "doubling": _doubling, "tally": _tally, "plus": _plus}
