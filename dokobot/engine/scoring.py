"""End of game: Augen per party, who won, the game value and each seat's score.

``ddv`` follows TSR 7 as rules.md states it; ``steps``, ``doubling`` and
``tally`` are the traditional schemes of the seeds.
"""

from __future__ import annotations

from math import gcd
from typing import TYPE_CHECKING, Any

from .announce import LIMITS, STEPS, STEPS_SIX
from .cards import ACE, AUGEN, CJ, CQ, DA, DQ, HT, TEN, rank_of

if TYPE_CHECKING:
    from .game import Game

STEP_LABELS = {"keine135": "keine 135", "keine90": "keine 90", "keine60": "keine 60", "keine30": "keine 30",
               "schwarz": "schwarz"}
EXTRA_LABELS = {
    "gegen_die_alten": "gegen die Alten", "doppelkopf": "Doppelkopf", "fuchs": "Fuchs gefangen",
    "karlchen": "Karlchen", "karlchen_caught": "Karlchen gefangen",
    "alte_caught": "Alte gefangen", "dulle_caught": "Dulle gefangen",
    "karlchen_caught_any": "Karlchen gefangen",
    "superdoppelkopf": "Superdoppelkopf",  # six Volle at six: the doppelkopf extra worth 3 (reading 24)
}
PARTIES = ("re", "kontra")
Line = dict[str, Any]  # a breakdown line or an extra: {"party", "label", "points" | "factor", ...}
SchemeResult = tuple[int | None, int, list[Line]]  # (party that gets the value, value, breakdown)


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
        self.re = sorted(g._re)
        self.kontra = sorted(s for s in g.seats if s not in g._re)
        members = (self.re, self.kontra)
        self.augen = [sum(g._augen[s] for s in m) for m in members]
        self.tricks = [sum(g._won[s] for s in m) for m in members]
        self.levels = list(g._levels)
        self.n_tricks = g.n_tricks
        self.steps, self.limits, self.half, self.under, self.reach = _LADDERS[g.n == 6]

    def label(self, j: int) -> str:
        return STEP_LABELS[self.steps[j - 1]]


def target_met(t: Tally, pi: int) -> bool:
    """Whether party ``pi`` reached what it needs to win (rules.md "Winning")."""
    own, opp = t.levels[pi], t.levels[1 - pi]
    schwarz = len(t.steps)
    if own >= 1:
        if own == schwarz:
            return t.tricks[pi] == t.n_tricks
        return t.augen[pi] >= 2 * t.half + 1 - t.limits[own - 1]  # 151 / 226 for keine 90 / 135
    if opp >= 1:
        if opp == schwarz:
            return t.tricks[pi] >= 1
        return t.augen[pi] >= t.limits[opp - 1]
    only_kontra = t.levels[1] >= 0 and t.levels[0] < 0
    more, less = t.half + 1, t.half  # 121 / 120, at six 181 / 180
    need = (less if only_kontra else more) if pi == 0 else (more if only_kontra else less)
    return t.augen[pi] >= need


def _under_points(t: Tally, pi: int) -> list[tuple[str, int]]:
    """(a) beyond 'won': the opponents under 90, 60, 30, schwarz."""
    opp = 1 - pi
    out = [(f"unter {limit}", 1) for limit in t.under if t.augen[opp] < limit]
    if t.tricks[opp] == 0:
        out.append(("schwarz", 1))
    return out


def _against_points(t: Tally, pi: int) -> list[tuple[str, int]]:
    """(e, f): Augen this party reached against the opponents' steps."""
    reach = t.reach
    return [(f"{reach[j - 1]} gegen {t.label(j)}", 1) for j in range(1, t.levels[1 - pi] + 1)
            if t.augen[pi] >= reach[j - 1]]


def extras(g: Game) -> list[Line]:
    """Sonderpunkte of a normal game, each for the party that made it."""
    on = set(g.rules.extras)
    party = {s: ("re" if s in g._re else "kontra") for s in g.seats}
    out: list[Line] = []
    last = len(g._tricks_done) - 1
    for i, (_, plays, winner, augen) in enumerate(g._tricks_done):
        wp = party[winner]
        if "doppelkopf" in on:
            if g.n != 6:
                if augen >= 40:
                    out.append({"key": "doppelkopf", "party": wp, "seat": winner, "victim": None})
            elif augen >= 50:  # six: five Volle (A or T) 1 point, six Volle the Superdoppelkopf 3 (reading 24)
                volle = sum(1 for _, t, _ in plays if rank_of(t) in (ACE, TEN) and t < 24)
                if volle >= 5:
                    out.append({"key": "doppelkopf", "party": wp, "seat": winner, "victim": None,
                                "points": 3 if volle == 6 else 1})
        for s, t, sw in plays:
            if party[s] == wp:
                continue
            if "fuchs" in on and t == DA and not sw:  # a Schwein is no longer a Fuchs
                out.append({"key": "fuchs", "party": wp, "seat": winner, "victim": s})
            if "alte_caught" in on and t == CQ:
                out.append({"key": "alte_caught", "party": wp, "seat": winner, "victim": s})
            if "dulle_caught" in on and t == HT and g._order.has_dulle:
                out.append({"key": "dulle_caught", "party": wp, "seat": winner, "victim": s})
        if i == last:
            win_t = next(t for s, t, _ in plays if s == winner)
            if "karlchen" in on and win_t == CJ:
                out.append({"key": "karlchen", "party": wp, "seat": winner, "victim": None})
            if "karlchen_caught" in on and win_t == DQ:
                for s, t, _ in plays:
                    if t == CJ and party[s] != wp:
                        out.append({"key": "karlchen_caught", "party": wp, "seat": winner, "victim": s})
            if "karlchen_caught_any" in on:  # any higher card of the winners over the other party's CJ
                for s, t, _ in plays:
                    if t == CJ and party[s] != wp:
                        out.append({"key": "karlchen_caught_any", "party": wp, "seat": winner, "victim": s})
    return out


def score_game(g: Game) -> dict[str, Any]:
    """The finished game's result dict (game-record.md "Replay result") plus extras."""
    if g.contract == "redeal":
        return _redeal_result(g)
    t = Tally(g)
    winner = 0 if target_met(t, 0) else 1 if target_met(t, 1) else None
    ex = extras(g) if g._extras_count else []
    if winner is not None and winner == 1 and g._extras_count and "gegen_die_alten" in g.rules.extras:
        ex.insert(0, {"key": "gegen_die_alten", "party": "kontra", "seat": None, "victim": None})
    scheme = {"ddv": _ddv, "steps": _steps, "doubling": _doubling, "tally": _tally}[g.rules.scoring]
    gainer, value, breakdown = scheme(g, t, winner, ex)
    value *= g.rules.base
    size = {"size": "klein"} if g.size == "klein" else {}  # a kleines Solo at six (reading 28)
    return {
        "contract": g.contract,
        **size,
        "re": t.re,
        "kontra": t.kontra,
        "augen": {"re": t.augen[0], "kontra": t.augen[1]},
        "tricks": {"re": t.tricks[0], "kontra": t.tricks[1]},
        "winner": None if winner is None else PARTIES[winner],
        "game_value": value,
        "score": _seat_scores(g, t, gainer, value),
        "breakdown": breakdown,
        "extras": ex,
    }


def _extra_lines(ex: list[Line]) -> list[Line]:
    return [{"party": e["party"], "label": _extra_label(e), "points": e.get("points", 1), "key": e["key"]}
            for e in ex]


def _extra_label(e: Line) -> str:
    return EXTRA_LABELS["superdoppelkopf" if e.get("points") == 3 else e["key"]]


def _net_extras(ex: list[Line], pi: int) -> int:
    return sum(e.get("points", 1) * (1 if e["party"] == PARTIES[pi] else -1) for e in ex)


def _ddv(g: Game, t: Tally, winner: int | None, ex: list[Line]) -> SchemeResult:
    """TSR 7.2: returns (party index that gets the value or None, value, breakdown)."""
    lines: list[Line] = []

    def add(pi: int, label: str, pts: int = 1) -> None:
        lines.append({"party": PARTIES[pi], "label": label, "points": pts})

    if winner is None:
        for pi in (0, 1):
            for label, p in _under_points(t, pi) + _against_points(t, pi):
                add(pi, label, p)
        lines += _extra_lines(ex)
        totals = [sum(x["points"] for x in lines if x["party"] == PARTIES[pi]) for pi in (0, 1)]
        diff = totals[0] - totals[1]
        gainer = 0 if diff > 0 else 1 if diff < 0 else None
        return gainer, abs(diff), lines
    add(winner, "gewonnen")
    for label, p in _under_points(t, winner):
        add(winner, label, p)
    if g._said_re[0]:
        add(winner, "Re angesagt", 2)
    if g._said_re[1]:
        add(winner, "Kontra angesagt", 2)
    for _ in g.knocks:  # a knock counts like a Re/Kontra (reading 16)
        add(winner, "geklopft", 2)
    for pi in (0, 1):
        for j in range(1, t.levels[pi] + 1):
            add(winner, t.label(j) + " angesagt")
    for label, p in _against_points(t, winner):
        add(winner, label, p)
    loser_against = _against_points(t, 1 - winner)
    lines += _extra_lines(ex)
    value = sum(x["points"] for x in lines if x["party"] == PARTIES[winner])
    value -= sum(x["points"] for x in lines if x["party"] != PARTIES[winner])
    value -= sum(p for _, p in loser_against)
    return winner, value, lines


def _steps(g: Game, t: Tally, winner: int | None, ex: list[Line]) -> SchemeResult:
    """Seed 001: loser under 120/90/60/30/schwarz, against the Alten, Re and Kontra +1 each."""
    if winner is None:
        return _ddv(g, t, winner, ex)
    loser = 1 - winner
    lines: list[Line] = [{"party": PARTIES[winner], "label": f"unter {lim}", "points": 1}
                         for lim in (t.half, *t.limits[:-1]) if t.augen[loser] < lim]
    if t.tricks[loser] == 0:
        lines.append({"party": PARTIES[winner], "label": "schwarz", "points": 1})
    lines += [{"party": PARTIES[winner], "label": f"{n} angesagt", "points": 1}
              for pi, n in ((0, "Re"), (1, "Kontra")) if g._said_re[pi]]
    lines += [{"party": PARTIES[winner], "label": "geklopft", "points": 1} for _ in g.knocks]
    if winner == 1 and g._extras_count:  # part of this scheme, whatever the extras switch says
        lines.append({"party": "kontra", "label": EXTRA_LABELS["gegen_die_alten"], "points": 1})
    lines += _extra_lines([e for e in ex if e["key"] != "gegen_die_alten"])
    value = sum(x["points"] if x["party"] == PARTIES[winner] else -x["points"] for x in lines)
    return winner, value, lines


def _doubling(g: Game, t: Tally, winner: int | None, ex: list[Line]) -> SchemeResult:
    """Seeds 000/001: Re wins 1, Kontra 2; Schneider x2, Schwarz x4; Doppelkopf, Re, Kontra, each
    knock and each announced step its party reached x2; then the other extras (reading 19)."""
    rest = [e for e in ex if e["key"] not in ("doppelkopf", "gegen_die_alten")]
    if winner is None:  # only the extras count: the party ahead gets the difference
        diff = _net_extras(rest, 0)
        return (0 if diff > 0 else 1 if diff < 0 else None), abs(diff), _extra_lines(rest)
    loser = 1 - winner
    w = PARTIES[winner]
    value = 1 if winner == 0 else 2
    lines: list[Line] = [{"party": w, "label": "gewonnen", "points": value}]
    factor = 4 if t.tricks[loser] == 0 else 2 if t.augen[loser] < t.half // 2 else 1  # Schneider: a quarter
    if factor > 1:
        lines.append({"party": w, "label": "schwarz" if factor == 4 else "Schneider", "factor": factor})
    for e in ex:
        if e["key"] == "doppelkopf":
            factor *= 2
            lines.append({"party": e["party"], "label": "Doppelkopf", "factor": 2})
    for pi, name in ((0, "Re"), (1, "Kontra")):
        if g._said_re[pi]:
            factor *= 2
            lines.append({"party": w, "label": f"{name} angesagt", "factor": 2})
    for _ in g.knocks:
        factor *= 2
        lines.append({"party": w, "label": "geklopft", "factor": 2})
    for pi in (0, 1):
        for j in range(1, t.levels[pi] + 1):
            if _step_reached(t, pi, j):
                factor *= 2
                lines.append({"party": PARTIES[pi], "label": t.label(j) + " erreicht", "factor": 2})
    # Other extras the table switched on come on top at the end, whatever the scheme (seed 000).
    lines += _extra_lines(rest)
    return winner, value * factor + _net_extras(rest, winner), lines


def _step_reached(t: Tally, pi: int, j: int) -> bool:
    """Whether party ``pi`` reached its announced step j: the opponents under 90/60/30, or no trick."""
    opp = 1 - pi
    return t.tricks[opp] == 0 if j == len(t.steps) else t.augen[opp] < t.limits[j - 1]


def _tally(g: Game, t: Tally, winner: int | None, ex: list[Line]) -> SchemeResult:
    """Seed 003: points doubled by Re or Kontra, quadrupled by both; then extras."""
    if winner is None:
        return _ddv(g, t, winner, ex)
    w = PARTIES[winner]
    lines: list[Line] = [{"party": w, "label": "gewonnen", "points": 1}]
    if winner == 1:
        lines.append({"party": w, "label": "gegen Re/Solist", "points": 1})
    elif g._is_solo:
        lines.append({"party": w, "label": "Solo gewonnen", "points": 1})
    # under 90, 60, 30 (at six 135, 90, 60, 30: the ddv "under 180" has no place in this scheme)
    lines += [{"party": w, "label": label, "points": p} for label, p in _under_points(t, winner)
              if label != f"unter {t.half}"]
    for pi in (0, 1):
        lines += [{"party": w, "label": t.label(j) + " angesagt", "points": 1}
                  for j in range(1, t.levels[pi] + 1)]
    # Re or Kontra doubles, both quadruple; a knock counts like one of them (reading 16)
    base = sum(x["points"] for x in lines) * (2 ** min(2, sum(g._said_re) + len(g.knocks)))
    ex = [e for e in ex if e["key"] != "gegen_die_alten"]
    lines += _extra_lines(ex)
    return winner, base + _net_extras(ex, winner), lines


def _seat_scores(g: Game, t: Tally, gainer: int | None, value: int) -> list[int]:
    scores = [0] * g.n
    if gainer is None or value == 0:
        return scores
    if g._n_active > 4:  # five all playing, six: value × L / g and value × W / g (reading 31)
        sizes = (len(t.re), len(t.kontra))
        d = gcd(*sizes)
        for pi, members in enumerate((t.re, t.kontra)):
            sign = 1 if pi == gainer else -1
            if sign > 0 or g.rules.zero_sum:
                for s in members:
                    scores[s] = sign * value * sizes[1 - pi] // d
        return scores
    solo = g._is_solo
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
        "breakdown": [], "extras": [],
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
    out["tricks_played"] = len(g._tricks_done)
    out["announcements"] = [{"seat": s, "announce": a} for s, a in g.announcements]
    out["augen_total"] = sum(AUGEN[t] for x in g._tricks_done for _, t, _ in x[1])
    return out
