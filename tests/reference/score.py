"""Reference: winning and scoring of a finished game (see ref.py)."""

from __future__ import annotations

from math import gcd

from .cards import STEP_X

# ---------------------------------------------------------------- scoring
# Levels: 1 re/kontra, 2.. the limit steps of the table (rules["_steps"]); the top
# level is schwarz. X(level) = the Augen the opponents stay under (90, 60, 30 at
# four; 135, 90, 60, 30 at six, reading 25), X(1) = half the Augen.


def is_solo_scored(g):
    if g.contract.startswith("solo:") or g.contract in ("stille_hochzeit", "hochzeit:gross"):
        return True  # reading 29: hochzeit:gross is scored like a kleines Solo
    return g.contract == "hochzeit" and len(g.re) == 1


def schwarz_level(g):
    return len(g.rules["_steps"]) + 1


def step_x(g, level):
    if level == 1:
        return g.rules["_total"] // 2
    return STEP_X[g.rules["_steps"][level - 2]]


def step_name(g, level):
    return g.rules["_steps"][level - 2]


def under_limits(g):
    """(a): the loser under 90, 60, 30 (at six under 180, 135, 90, 60, 30)."""
    lims = [step_x(g, lv) for lv in range(2, schwarz_level(g))]
    return ([step_x(g, 1)] if g.rules["_seats"] == 6 else []) + lims


def targets(g, aug, cnt):
    """Did re / kontra reach their target (rules.md 'Winning', TSR 7.1; reading 25)?"""
    lv = g.level
    top = schwarz_level(g)
    total = g.rules["_total"]
    reached = {}
    for p, o in (("re", "kontra"), ("kontra", "re")):
        own, opp = lv[p], lv[o]
        if own >= 2:
            ok = cnt[o] == 0 if own == top else aug[p] >= total + 1 - step_x(g, own)
        elif opp >= 2:
            ok = cnt[p] >= 1 if opp == top else aug[p] >= step_x(g, opp)
        else:
            # I-40: only Kontra announced -> Re 120, Kontra 121 (180 / 181 at six)
            half = total // 2
            only_kontra = lv["kontra"] >= 1 and lv["re"] == 0
            if p == "re":
                ok = aug[p] >= (half if only_kontra else half + 1)
            else:
                ok = aug[p] >= (half + 1 if only_kontra else half)
        reached[p] = ok
    return reached


def doppelkopf_points(g, t):
    """Four and five: a trick of 40 Augen or more, 1. Six (reading 24): five Volle
    (A or T) 1, six Volle (Superdoppelkopf) 3."""
    if g.rules["_seats"] != 6:
        return 1 if t["augen"] >= 40 else 0
    volle = sum(c[1] in "AT" for _, c, _ in t["plays"])
    return 3 if volle == 6 else (1 if volle == 5 else 0)


def extras_apply(g):
    """Do Sonderpunkte count? Normal family only; with solo_extras: trumpfsolo_still
    also in solo:karo and stille_hochzeit (reading 13)."""
    if not is_solo_scored(g):
        return True
    return (g.rules["solo_extras"] == "trumpfsolo_still"
            and g.contract in ("solo:karo", "stille_hochzeit"))


def extras_by_party(g):
    """Sonderpunkte per party: list of (party, label)."""
    if not extras_apply(g):
        return []
    ex = g.rules["extras"]
    out = []
    for k, t in enumerate(g.tricks):
        wp = g.party(t["winner"])
        last = k == len(g.tricks) - 1
        if "doppelkopf" in ex and doppelkopf_points(g, t):
            out.append((wp, "Doppelkopf", doppelkopf_points(g, t)))
        for s, c, w in t["plays"]:
            if g.party(s) == wp:
                continue
            if "fuchs" in ex and c == "DA" and not w:  # I-22: a Schwein is no Fuchs
                out.append((wp, "Fuchs gefangen", 1))
            if "alte_caught" in ex and c == "CQ":
                out.append((wp, "Alte gefangen", 1))
            if "dulle_caught" in ex and c == "HT" and g.ctx.dulle:
                out.append((wp, "Dulle gefangen", 1))
            if "karlchen_caught" in ex and last and c == "CJ" and t["win_card"] == "DQ":
                out.append((wp, "Karlchen gefangen", 1))
            # reading 14; reading 44: the winning card must rank strictly above the CJ,
            # and the only card of equal rank is the other CJ
            if "karlchen_caught_any" in ex and last and c == "CJ" and t["win_card"] != "CJ":
                out.append((wp, "Karlchen gefangen (beliebig)", 1))
        if "karlchen" in ex and last and t["win_card"] == "CJ":
            out.append((wp, "Karlchen", 1))
    return out


def loser_levels(g, o, aug, cnt):
    """How many levels the loser o fell: Schneider 1 (under 60, 90 at six), Schwarz
    2 (rules.md `doubling`); with fine_steps (reading 36) under 90 1, 60 2, 30 3,
    no trick 4 (at six from under 135: 1 .. 5), the highest that applies."""
    if g.rules["fine_steps"]:
        lims = [step_x(g, lv) for lv in range(2, schwarz_level(g))]
        if cnt[o] == 0:
            return len(lims) + 1
        return sum(1 for lim in lims if aug[o] < lim)
    if cnt[o] == 0:
        return 2
    return 1 if aug[o] < g.rules["_total"] // 4 else 0


def reached_steps(g, aug, cnt):
    """Reading 19: the announced steps (of either party) that their party reached."""
    n = 0
    for p, o in (("re", "kontra"), ("kontra", "re")):
        for level in range(2, g.level[p] + 1):
            if (cnt[o] == 0) if level == schwarz_level(g) else aug[o] < step_x(g, level):
                n += 1
    return n


def plus_value(g, winner, aug, cnt, said, knocks):
    """Reading 35, the "+1" scheme: Re wins 1, Kontra 2; +1 per level of the loser
    (Schneider 1, Schwarz 2, or the fine levels), per Doppelkopf trick (a Superdoppelkopf
    3), per Re and Kontra announced, per knock, per announced step its party reached."""
    v = 1 if winner == "re" else 2
    v += loser_levels(g, "kontra" if winner == "re" else "re", aug, cnt)
    if "doppelkopf" in g.rules["extras"] and extras_apply(g):
        v += sum(doppelkopf_points(g, t) for t in g.tricks)  # a Superdoppelkopf +3 (rules.md)
    v += said["re"] + said["kontra"] + knocks
    return v + reached_steps(g, aug, cnt)


def score_game(g, aug, cnt):
    rules = g.rules
    reached = targets(g, aug, cnt)
    winner = "re" if reached["re"] else ("kontra" if reached["kontra"] else None)
    scheme = rules["scoring"]
    lv = g.level
    extras = extras_by_party(g)
    if winner == "kontra" and "gegen_die_alten" in rules["extras"] and extras_apply(g) \
            and scheme in ("ddv",):
        extras.append(("kontra", "gegen die Alten", 1))
    bd = []

    def opp(p):
        return "kontra" if p == "re" else "re"

    def add(party, label, pts):
        bd.append({"party": party, "label": label, "points": pts})

    def under(p, limits):
        """points for party p from the opponents staying under the limits."""
        o = opp(p)
        for lim in limits:
            if aug[o] < lim:
                add(p, f"unter {lim}", 1)
        if cnt[o] == 0:
            add(p, "schwarz", 1)

    def against(p):
        """(e, f): 120 against keine90 ... for party p."""
        o = opp(p)
        for level in range(2, schwarz_level(g) + 1):
            lim = step_x(g, level - 1)
            if lv[o] >= level and aug[p] >= lim:
                add(p, f"{lim} gegen {step_name(g, level)}", 1)

    def steps_announced(p):
        for party in ("re", "kontra"):
            for level in range(2, lv[party] + 1):
                add(p, f"{step_name(g, level)} angesagt", 1)

    def sums():
        return {p: sum(b["points"] for b in bd if b["party"] == p) for p in ("re", "kontra")}

    knocks = len(g.knocks)  # reading 16: a knock counts like one Re/Kontra of the scheme
    said = {p: lv[p] >= 1 and not rules["klopfen"] for p in ("re", "kontra")}
    value = 0
    ahead = winner
    lims = under_limits(g)
    if scheme == "ddv":
        if winner:
            add(winner, "gewonnen", 1)
            under(winner, lims)
            if said["re"]:
                add(winner, "Re angesagt", 2)
            if said["kontra"]:
                add(winner, "Kontra angesagt", 2)
            for _ in range(knocks):
                add(winner, "geklopft", 2)
            steps_announced(winner)
            against(winner)
            against(opp(winner))
        else:
            under("re", lims)
            under("kontra", lims)
            against("re")
            against("kontra")
        for p, label, pts in extras:
            add(p, label, pts)
        s = sums()
        if winner:
            value = s[winner] - s[opp(winner)]
        else:
            diff = s["re"] - s["kontra"]
            ahead = "re" if diff > 0 else ("kontra" if diff < 0 else None)
            value = abs(diff)
    elif scheme == "steps":
        if winner:
            under(winner, [step_x(g, lv_) for lv_ in range(1, schwarz_level(g))])
            if winner == "kontra" and extras_apply(g):  # I-ref-3
                add("kontra", "gegen die Alten", 1)
            if said["re"]:
                add(winner, "Re angesagt", 1)
            if said["kontra"]:
                add(winner, "Kontra angesagt", 1)
            for _ in range(knocks):
                add(winner, "geklopft", 1)
        for p, label, pts in extras:
            add(p, label, pts)
        s = sums()
        if winner:
            value = s[winner] - s[opp(winner)]
        else:
            diff = s["re"] - s["kontra"]
            ahead = "re" if diff > 0 else ("kontra" if diff < 0 else None)
            value = abs(diff)
    elif scheme == "plus":
        if winner:
            add(winner, "Spielwert", plus_value(g, winner, aug, cnt, said, knocks))
        for p, label, pts in extras:
            if label != "Doppelkopf":  # counted in the value already (reading 35)
                add(p, label, pts)
        s = sums()
        if winner:
            value = s[winner] - s[opp(winner)]
        else:
            diff = s["re"] - s["kontra"]
            ahead = "re" if diff > 0 else ("kontra" if diff < 0 else None)
            value = abs(diff)
    elif scheme == "doubling":
        if winner:
            v = 1 if winner == "re" else 2
            v *= 2 ** loser_levels(g, opp(winner), aug, cnt)
            if "doppelkopf" in rules["extras"] and extras_apply(g):
                for t in g.tricks:  # a Superdoppelkopf counts 3 levels: x8 (rules.md)
                    v *= 2 ** doppelkopf_points(g, t)
            if said["re"]:
                v *= 2
            if said["kontra"]:
                v *= 2
            v *= 2 ** knocks
            # reading 19: each announced step its party reached doubles once more
            for p in ("re", "kontra"):
                o = opp(p)
                for level in range(2, lv[p] + 1):
                    if (cnt[o] == 0) if level == schwarz_level(g) else aug[o] < step_x(g, level):
                        v *= 2
            add(winner, "Spielwert", v)
        for p, label, pts in extras:
            if label != "Doppelkopf":
                add(p, label, pts)
        s = sums()
        if winner:
            value = s[winner] - s[opp(winner)]
        else:
            diff = s["re"] - s["kontra"]
            ahead = "re" if diff > 0 else ("kontra" if diff < 0 else None)
            value = abs(diff)
    else:  # tally
        if winner:
            pts = 1
            if winner == "kontra":
                pts += 1
            if winner == "re" and is_solo_scored(g):
                pts += 1
            o = opp(winner)
            for lim in (step_x(g, lv_) for lv_ in range(2, schwarz_level(g))):
                if aug[o] < lim:
                    pts += 1
            if cnt[o] == 0:
                pts += 1
            pts += sum(max(0, lv[p] - 1) for p in ("re", "kontra"))
            doublers = said["re"] + said["kontra"] + knocks
            if doublers >= 2:  # reading 16: x2 for one, x4 from the second (in all)
                pts *= 4
            elif doublers == 1:
                pts *= 2
            add(winner, "Spielwert", pts)
        for p, label, pts in extras:
            add(p, label, pts)
        s = sums()
        if winner:
            value = s[winner] - s[opp(winner)]
        else:
            diff = s["re"] - s["kontra"]
            ahead = "re" if diff > 0 else ("kontra" if diff < 0 else None)
            value = abs(diff)
    value *= rules["base"]
    score = [0] * g.n
    if ahead is not None and rules["_gcd"]:
        # five all play, six: winners get value x L/g, losers pay value x W/g
        win = [s for s in g.order if g.party(s) == ahead]
        lose = [s for s in g.order if g.party(s) != ahead]
        d = gcd(len(win), len(lose))
        for s in win:
            score[s] = value * len(lose) // d
        for s in lose:
            score[s] = -value * len(win) // d if rules["zero_sum"] else 0
    elif ahead is not None:
        solo = is_solo_scored(g)
        for s in g.order:
            factor = rules["solo_factor"] if (solo and g.party(s) == "re") else 1
            if g.party(s) == ahead:
                score[s] = value * factor
            elif rules["zero_sum"]:
                score[s] = -value * factor
    return {"winner": winner, "game_value": value, "score": score, "breakdown": bd}
