"""Reference: winning and scoring of a finished game (see ref.py)."""

from __future__ import annotations

from .cards import LEVEL_NAME

# ---------------------------------------------------------------- scoring

def is_solo_scored(g):
    if g.contract.startswith("solo:") or g.contract == "stille_hochzeit":
        return True
    return g.contract == "hochzeit" and len(g.re) == 1


def targets(g, aug, cnt):
    """Did re / kontra reach their target (rules.md 'Winning', TSR 7.1)?"""
    lv = g.level
    reached = {}
    for p, o in (("re", "kontra"), ("kontra", "re")):
        own, opp = lv[p], lv[o]
        if own >= 2:
            need = {2: 151, 3: 181, 4: 211}.get(own)
            ok = cnt[o] == 0 if own == 5 else aug[p] >= need
        elif opp >= 2:
            if opp == 5:
                ok = cnt[p] >= 1
            else:
                ok = aug[p] >= {2: 90, 3: 60, 4: 30}[opp]
        else:
            # I-40: only Kontra announced -> Re 120, Kontra 121
            only_kontra = lv["kontra"] >= 1 and lv["re"] == 0
            if p == "re":
                ok = aug[p] >= (120 if only_kontra else 121)
            else:
                ok = aug[p] >= (121 if only_kontra else 120)
        reached[p] = ok
    return reached


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
        if "doppelkopf" in ex and t["augen"] >= 40:
            out.append((wp, "Doppelkopf"))
        for s, c, w in t["plays"]:
            if g.party(s) == wp:
                continue
            if "fuchs" in ex and c == "DA" and not w:  # I-07: a Schwein is no Fuchs
                out.append((wp, "Fuchs gefangen"))
            if "alte_caught" in ex and c == "CQ":
                out.append((wp, "Alte gefangen"))
            if "dulle_caught" in ex and c == "HT" and g.ctx.dulle:
                out.append((wp, "Dulle gefangen"))
            if "karlchen_caught" in ex and last and c == "CJ" and t["win_card"] == "DQ":
                out.append((wp, "Karlchen gefangen"))
            if "karlchen_caught_any" in ex and last and c == "CJ":  # reading 14
                out.append((wp, "Karlchen gefangen (beliebig)"))
        if "karlchen" in ex and last and t["win_card"] == "CJ":
            out.append((wp, "Karlchen"))
    return out


def score_game(g, aug, cnt):
    rules = g.rules
    reached = targets(g, aug, cnt)
    winner = "re" if reached["re"] else ("kontra" if reached["kontra"] else None)
    scheme = rules["scoring"]
    lv = g.level
    extras = extras_by_party(g)
    if winner == "kontra" and "gegen_die_alten" in rules["extras"] and extras_apply(g) \
            and scheme in ("ddv",):
        extras.append(("kontra", "gegen die Alten"))
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
        for level, lim, label in ((2, 120, "120 gegen keine 90"), (3, 90, "90 gegen keine 60"),
                                  (4, 60, "60 gegen keine 30"), (5, 30, "30 gegen schwarz")):
            if lv[o] >= level and aug[p] >= lim:
                add(p, label, 1)

    def steps_announced(p):
        for party in ("re", "kontra"):
            for level in range(2, lv[party] + 1):
                add(p, f"{LEVEL_NAME[level]} angesagt", 1)

    def sums():
        return {p: sum(b["points"] for b in bd if b["party"] == p) for p in ("re", "kontra")}

    knocks = len(g.knocks)  # reading 16: a knock counts like one Re/Kontra of the scheme
    said = {p: lv[p] >= 1 and not rules["klopfen"] for p in ("re", "kontra")}
    value = 0
    ahead = winner
    if scheme == "ddv":
        if winner:
            add(winner, "gewonnen", 1)
            under(winner, (90, 60, 30))
            if said["re"]:
                add(winner, "Re angesagt", 2)
            if said["kontra"]:
                add(winner, "Kontra angesagt", 2)
            for _ in range(0 if rules["_legacy"] else knocks):
                add(winner, "geklopft", 2)
            steps_announced(winner)
            against(winner)
            against(opp(winner))
        else:
            under("re", (90, 60, 30))
            under("kontra", (90, 60, 30))
            against("re")
            against("kontra")
        for p, label in extras:
            add(p, label, 1)
        s = sums()
        if winner:
            value = s[winner] - s[opp(winner)]
        else:
            diff = s["re"] - s["kontra"]
            ahead = "re" if diff > 0 else ("kontra" if diff < 0 else None)
            value = abs(diff)
    elif scheme == "steps":
        if winner:
            under(winner, (120, 90, 60, 30))
            if winner == "kontra" and extras_apply(g):  # I-ref-3
                add("kontra", "gegen die Alten", 1)
            if said["re"]:
                add(winner, "Re angesagt", 1)
            if said["kontra"]:
                add(winner, "Kontra angesagt", 1)
            for _ in range(0 if rules["_legacy"] else knocks):
                add(winner, "geklopft", 1)
        for p, label in extras:
            add(p, label, 1)
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
            o = opp(winner)
            if cnt[o] == 0:
                v *= 4
            elif aug[o] < 60:
                v *= 2
            if "doppelkopf" in rules["extras"] and extras_apply(g):
                for t in g.tricks:
                    if t["augen"] >= 40:
                        v *= 2
            if said["re"]:
                v *= 2
            if said["kontra"]:
                v *= 2
            v *= 2 ** (0 if rules["_legacy"] else knocks)
            # reading 19: each announced step its party reached doubles once more
            for p in () if rules["_legacy"] else ("re", "kontra"):
                o = opp(p)
                for level in range(2, lv[p] + 1):
                    if (cnt[o] == 0) if level == 5 else aug[o] < {2: 90, 3: 60, 4: 30}[level]:
                        v *= 2
            add(winner, "Spielwert", v)
        for p, label in extras:
            if label != "Doppelkopf":
                add(p, label, 1)
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
            for lim in (90, 60, 30):
                if aug[o] < lim:
                    pts += 1
            if cnt[o] == 0:
                pts += 1
            pts += sum(max(0, lv[p] - 1) for p in ("re", "kontra"))
            doublers = said["re"] + said["kontra"] + (0 if rules["_legacy"] else knocks)
            if doublers >= 2:  # reading 16: x2 for one, x4 from the second (in all)
                pts *= 4
            elif doublers == 1:
                pts *= 2
            add(winner, "Spielwert", pts)
        for p, label in extras:
            add(p, label, 1)
        s = sums()
        if winner:
            value = s[winner] - s[opp(winner)]
        else:
            diff = s["re"] - s["kontra"]
            ahead = "re" if diff > 0 else ("kontra" if diff < 0 else None)
            value = abs(diff)
    if rules["_legacy"]:
        value *= 2 ** knocks  # old reading I-46: each knock doubles the final value
    value *= rules["base"]
    score = [0] * g.n
    if ahead is not None:
        solo = is_solo_scored(g)
        for s in g.order:
            factor = rules["solo_factor"] if (solo and g.party(s) == "re") else 1
            if g.party(s) == ahead:
                score[s] = value * factor
            elif rules["zero_sum"]:
                score[s] = -value * factor
    return {"winner": winner, "game_value": value, "score": score, "breakdown": bd}
