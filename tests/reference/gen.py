"""Random legal and illegal dokobot-game/1 records, using only ref.py's legality."""

from __future__ import annotations

from .ref import (
    ANNOUNCEMENTS,
    SOLO_KINDS,
    Ctx,
    RefError,
    RefGame,
    allowed_reservations,
    deck,
    hand_size,
    make_rules,
    named_card_offer,
    playing_seats,
    ref_replay,
    table_rules,
)

PLAYERS = ["Nord", "Ost", "Süd", "West", "Mitte", "Gast"]


# ---------------------------------------------------------------- dealing

def _swap_in(rng, hands, seat, want, protect):
    """Move one card satisfying `want` from another seat into `seat`,
    giving back a card of `seat` that does not satisfy `protect`."""
    donors = [(j, c) for j, h in enumerate(hands) if j != seat for c in h if want(c)]
    backs = [c for c in hands[seat] if not protect(c)]
    if not donors or not backs:
        return False
    j, c = rng.choice(donors)
    b = rng.choice(backs)
    hands[j].remove(c)
    hands[j].append(b)
    hands[seat].remove(b)
    hands[seat].append(c)
    return True


def _swap_out(rng, hands, seat, drop, ok_back):
    """Move a card satisfying `drop` out of `seat` for a card satisfying ok_back."""
    outs = [c for c in hands[seat] if drop(c)]
    donors = [(j, c) for j, h in enumerate(hands) if j != seat for c in h if ok_back(c)]
    if not outs or not donors:
        return False
    c = rng.choice(outs)
    j, b = rng.choice(donors)
    hands[seat].remove(c)
    hands[seat].append(b)
    hands[j].remove(b)
    hands[j].append(c)
    return True


def random_deal(rng, rules, n_seats=4, dealer=0):
    rules = table_rules(rules, [[]] * n_seats, dealer)
    H = hand_size(rules)
    cards = deck(rules)
    rng.shuffle(cards)
    seats = playing_seats(rules, n_seats, dealer)
    hands = [[] for _ in range(n_seats)]
    for k, s in enumerate(seats):
        hands[s] = cards[k * H:(k + 1) * H]
    act = [hands[s] for s in seats]  # views used by the biasing helpers
    seat = rng.randrange(len(act))
    ctx = Ctx(rules, "normal")
    r = rng.random()
    if r < 0.14:  # Hochzeit / stille Hochzeit (at six: kleine or große)
        want_cq = rng.choice([2, 2, 3]) if n_seats == 6 else 2
        while act[seat].count("CQ") < want_cq:
            _swap_in(rng, act, seat, lambda c: c == "CQ", lambda c: c == "CQ")
    elif r < 0.30:  # Armut
        k = rng.choice([0, 1, 2, 3, 3, 3, 4])
        while sum(ctx.is_trump(c) for c in act[seat]) > k:
            if not _swap_out(rng, act, seat, ctx.is_trump, lambda c: not ctx.is_trump(c)):
                break
        if rng.random() < 0.3:  # and a Hochzeit elsewhere
            other = (seat + 1) % len(act)
            while act[other].count("CQ") < 2 and "CQ" not in act[seat]:
                if not _swap_in(rng, act, other, lambda c: c == "CQ", lambda c: c == "CQ"):
                    break
    elif r < 0.40:  # five nines / five kings
        rank = rng.choice("9K") if rules["nines"] else "K"
        k = rng.choice([4, 5, 5, 6])
        while sum(c[1] == rank for c in act[seat]) < k:
            if not _swap_in(rng, act, seat, lambda c: c[1] == rank, lambda c: c[1] == rank):
                break
    elif r < 0.46:  # highest trump no better than DJ (or DA)
        high = {"HT", "CQ", "SQ", "HQ", "DQ", "CJ", "SJ", "HJ", "JO"}
        if "top_da" in rules["schmeissen"] and rng.random() < 0.6:
            high.add("DJ")
        if not rules["dullen"]:
            high.discard("HT")
        while any(c in high for c in act[seat]):
            if not _swap_out(rng, act, seat, lambda c: c in high, lambda c: c not in high):
                break
    elif r < 0.52:  # a very strong hand: top trumps, or queens and aces (Damensolo)
        if rng.random() < 0.5:
            want = ["CQ", "CQ", "SQ", "SQ", "HQ", "HQ", "DQ", "DQ", "CA", "SA", "HA", "DA"]
        else:
            want = ["HT", "HT", "CQ", "CQ", "SQ", "SQ", "HQ", "HQ", "DQ", "DQ", "CJ", "CJ"]
        want = want[:len(act[seat])]
        for c in want:
            have = act[seat].count(c)
            if have < want.count(c):
                _swap_in(rng, act, seat, lambda x, c=c: x == c, lambda x: x in want)
    elif r < 0.62:  # both foxes
        while act[seat].count("DA") < 2:
            if not _swap_in(rng, act, seat, lambda c: c == "DA", lambda c: c == "DA"):
                break
    for s in seats:
        hands[s] = sorted(hands[s])
    return hands


# ---------------------------------------------------------------- legal records

def _pick_reservation(rng, g, seat):
    opts = allowed_reservations(g.rules, g.dealt[seat], seat)
    special = [o for o in opts if o["reserve"] in ("hochzeit", "armut", "schmeissen")]
    solos = [o for o in opts if o["reserve"] == "solo"]
    hand = g.dealt[seat]
    if sum(c[1] == "Q" for c in hand) >= 7 and rng.random() < 0.7:
        strong = [o for o in solos if o["solo"] in ("damen", "damen_buben")]
        if strong:
            return rng.choice(strong)
    earlier = [a for _, a in g.reserves if a["reserve"] == "solo"]
    if g.six and earlier and solos and rng.random() < 0.3:  # an equal solo: bidding
        same = [o for o in solos if o["size"] == earlier[0].get("size", "gross")
                and o["pflicht"] == earlier[0].get("pflicht", False)]
        return rng.choice(same)
    r = rng.random()
    if solos and r < (0.12 if g.six else 0.06):
        pick = dict(rng.choice(solos))
        for key, default in (("size", "gross"), ("pflicht", False)):
            if pick.get(key) == default and rng.random() < 0.5:
                del pick[key]  # the defaults of reading 26
        return pick
    if special and r < 0.75:
        pick = rng.choice(special)
        forms = sorted({o["form"] for o in special if "form" in o})
        if "form" in pick:  # under choice: each form as likely, not each named card
            form = rng.choice(forms)
            pick = rng.choice([o for o in special if o.get("form") == form])
        return pick
    return opts[0]


def legal_bids(g):
    """(seat, [values]) for the seat that bids now."""
    b = g.bid
    seat = b[b["turn"]][0]
    out = []
    for v in ["pass", "re"] + g.steps:
        try:
            g.copy()._bid(0, seat, v, {})
        except RefError:
            continue
        out.append(v)
    return seat, out


def _announce_maybe(rng, g, actions, p):
    if rng.random() >= p:
        return
    seat = rng.choice(g.order)
    legal = g.legal_announcements(seat)
    if not legal:
        return
    a = {"seat": seat, "announce": rng.choice(legal)}
    g.apply(len(actions), a)
    actions.append(a)


def ref_random_record(rng, rules_config, n_seats=4, p_announce=None):
    """A random complete legal record (may end in a redeal)."""
    rules = make_rules(rules_config)
    if rules["preset"] == "muenchen":
        n_seats = 6
    dealer = rng.randrange(n_seats)
    hands = random_deal(rng, rules, n_seats, dealer)
    record = {"format": "dokobot-game/1", "rules": dict(rules_config),
              "players": PLAYERS[:n_seats], "dealer": dealer, "hands": hands, "actions": []}
    g = RefGame(record)
    actions = record["actions"]

    def do(a):
        g.apply(len(actions), a)
        actions.append(a)

    for seat in list(g.order):
        do(_pick_reservation(rng, g, seat))
    while g.phase == "bid":
        seat, values = legal_bids(g)
        v = "pass" if rng.random() < 0.35 else rng.choice(values)
        do({"seat": seat, "bid": v})
    while g.phase in ("armut_take", "armut_give", "armut_return"):
        if g.phase == "armut_take":
            do({"seat": g.armut_asked[0], "armut_take": rng.random() < 0.45})
        elif g.phase == "armut_give":
            do({"seat": g.poor,
                "armut_give": [c for c in g.hands[g.poor] if g.ctx.is_trump(c)]})
        elif g.rules["armut_decide"] == "after" and rng.random() < 0.45:
            do({"seat": g.taker, "armut_decline": True})
        else:
            n = len(g.armut_gift)
            hand = list(g.hands[g.taker])
            if rng.random() < 0.5:
                plain = [c for c in hand if not g.ctx.is_trump(c)]
                if len(plain) >= n:
                    hand = plain
            do({"seat": g.taker, "armut_return": rng.sample(hand, n)})
    if g.finished():
        return record
    if g.rules["klopfen"]:
        while rng.random() < (0.6 if g.rules["klopfen_redeal"] else 0.4) and len(g.knocks) < 4:
            s = rng.choice(g.order)
            if g.knocks and g.knocks[-1] == s:
                continue
            do({"seat": s, "klopfen": True})
    p = rng.choice([0.05, 0.15, 0.3]) if p_announce is None else p_announce
    greedy = rng.random() < 0.25  # Re plays its highest card, Kontra its lowest
    while not g.finished():
        if g.asking is not None:  # reading 40: the found partner answers
            do({"seat": g.asking[0], "hochzeit_partner": rng.random() < 0.6})
            continue
        _announce_maybe(rng, g, actions, p)
        _announce_maybe(rng, g, actions, p / 2)
        seat = g.to_play()
        options = g.legal_plays(seat)
        if greedy:
            sign = 1 if g.party(seat) == "re" else -1
            options.sort(key=lambda o: sign * g.ctx.power(*o) + rng.random() / 10)
            card, schwein = options[-1]
        else:
            card, schwein = rng.choice(options)
        a = {"seat": seat, "play": card}
        if schwein:
            a["schwein"] = True
        elif card == "DA" and g.ctx.schwein_ok and rng.random() < 0.3:
            a["schwein"] = False
        if schwein and (card, False) in g.legal_plays(seat) and rng.random() < 0.4:
            del a["schwein"]
        do(a)
    return record


def clone(record):
    """A deep copy of a JSON-shaped record (dicts, lists, scalars), faster than copy.deepcopy."""
    if isinstance(record, dict):
        return {k: clone(v) for k, v in record.items()}
    if isinstance(record, list):
        return [clone(v) for v in record]
    return record


def truncate(rng, record):
    """A random proper prefix of a legal record (an unfinished game)."""
    rec = clone(record)
    rec["actions"] = rec["actions"][:rng.randrange(len(rec["actions"]))]
    return rec


# ---------------------------------------------------------------- illegal records

def _state(record, i):
    rec = dict(record, actions=record["actions"][:i])
    g = RefGame(rec)
    for k, a in enumerate(rec["actions"]):
        g.apply(k, a)
    return g


def _illegal_candidates(rng, g, record, i):
    """(mode, action) pairs: mode 'replace' or 'insert' at index i."""
    out = []
    all_codes = deck(g.rules)
    if g.finished():
        s = rng.choice(g.order)
        out.append(("insert", {"seat": s, "play": rng.choice(all_codes)}))
        out.append(("insert", {"seat": s, "announce": rng.choice(g.words)}))
        out.append(("insert", {"seat": s, "reserve": "gesund"}))
        return out
    others = [s for s in g.order]
    if g.phase == "reserve":
        expect = g.order[len(g.reserves)]
        hand = g.dealt[expect]
        allowed = allowed_reservations(g.rules, hand, expect)
        wrong = [s for s in others if s != expect]
        out.append(("replace", {"seat": rng.choice(wrong), "reserve": "gesund"}))
        for res in ("hochzeit", "armut", "schmeissen"):
            if not any(o["reserve"] == res for o in allowed):
                out.append(("replace", {"seat": expect, "reserve": res}))
        bad_solos = [k for k in SOLO_KINDS if k not in g.rules["solos"]] + ["farbe", None]
        out.append(("replace", {"seat": expect, "reserve": "solo", "solo": rng.choice(bad_solos)}))
        out.append(("replace", {"seat": expect, "reserve": "vorbehalt"}))
        if g.six and g.rules["solos"]:
            k = rng.choice(g.rules["solos"])
            out.append(("replace", {"seat": expect, "reserve": "solo", "solo": k,
                                    "size": rng.choice(["mittel", "GROSS", 1])}))
            out.append(("replace", {"seat": expect, "reserve": "solo", "solo": k,
                                    "pflicht": rng.choice(["ja", 1, None])}))
            if g.rules["hochzeit"] in ("named_card", "choice"):
                out.append(("replace", {"seat": expect, "reserve": "solo", "solo": k,
                                        "size": "klein", "card": rng.choice(["CQ", "XX"]),
                                        "form": "named_card"}))
        if g.rules["hochzeit"] == "choice" and hand.count("CQ") >= 2:
            for _ in range(2):
                out.append(("replace", {"seat": expect, "reserve": "hochzeit",
                                        "form": rng.choice([None, "choice", "erster", 1])}))
        if hand.count("CQ") >= 2 and g.rules["hochzeit"] in ("named_card", "choice"):
            offer = named_card_offer(g.rules, hand)
            bad = [c for c in ("CA", "SA", "HA", "DA", "CK", "HT", "CQ", "JO", "XX", None)
                   if c not in offer]
            for _ in range(3):  # the named card is new: weight it
                out.append(("replace", {"seat": expect, "reserve": "hochzeit",
                                        "card": rng.choice(bad), "form": "named_card"}))
            out.append(("replace", {"seat": expect, "reserve": "hochzeit",
                                    "form": "named_card"}))
        out.append(("insert", {"seat": expect, "announce": rng.choice(["re", "kontra"])}))
        out.append(("insert", {"seat": expect, "play": rng.choice(hand)}))
        return out
    if g.phase == "bid":
        seat, values = legal_bids(g)
        bad = [v for v in ["re", "kontra", "keine135", "keine60", "schwarz", "nein", None, 1]
               + g.steps if v not in values]
        for _ in range(3):
            out.append(("replace", {"seat": seat, "bid": rng.choice(bad)}))
        out.append(("replace", {"seat": rng.choice([s for s in others if s != seat]),
                                "bid": rng.choice(values)}))
        out.append(("insert", {"seat": seat, "play": rng.choice(g.hands[seat])}))
        out.append(("insert", {"seat": seat, "announce": "re"}))
        return out
    if g.phase == "armut_take":
        expect = g.armut_asked[0]
        out.append(("replace", {"seat": rng.choice([s for s in others if s != expect]),
                                "armut_take": True}))
        out.append(("replace", {"seat": expect, "armut_take": "ja"}))
        out.append(("insert", {"seat": g.poor, "armut_give": []}))
        out.append(("replace", {"seat": expect, "armut_decline": True}))
        return out
    if g.phase == "armut_give":
        trumps = [c for c in g.hands[g.poor] if g.ctx.is_trump(c)]
        plain = [c for c in g.hands[g.poor] if not g.ctx.is_trump(c)]
        if trumps:
            out.append(("replace", {"seat": g.poor, "armut_give": trumps[:-1]}))
        if plain:
            out.append(("replace", {"seat": g.poor, "armut_give": trumps + [plain[0]]}))
        out.append(("replace", {"seat": g.taker, "armut_give": trumps}))
        out.append(("insert", {"seat": g.taker, "armut_return": []}))
        if g.rules["armut_decide"] == "after":
            out.append(("replace", {"seat": g.taker, "armut_take": True}))
            out.append(("replace", {"seat": g.taker, "armut_decline": True}))
        return out
    if g.phase == "armut_return":
        n = len(g.armut_gift)
        hand = g.hands[g.taker]
        missing = [c for c in all_codes if c not in hand]
        out.append(("replace", {"seat": g.taker, "armut_return": hand[:n + 1]}))
        if n:
            out.append(("replace", {"seat": g.taker, "armut_return": hand[:n - 1]}))
            out.append(("replace", {"seat": g.taker,
                                    "armut_return": hand[:n - 1] + [rng.choice(missing)]}))
        out.append(("replace", {"seat": g.poor, "armut_return": g.hands[g.poor][:n]}))
        out.append(("insert", {"seat": g.taker, "announce": "re"}))
        wrong = [s for s in others if s != g.taker]
        out.append(("replace", {"seat": rng.choice(wrong), "armut_decline": True}))
        out.append(("replace", {"seat": g.taker, "armut_decline": rng.choice([False, 1, "ja"])}))
        if g.rules["armut_decide"] != "after":
            out.append(("replace", {"seat": g.taker, "armut_decline": True}))
        return out
    if g.phase == "partner":  # reading 40: only the found seat answers, before any card
        found = g.asking[0]
        out.append(("replace", {"seat": rng.choice([s for s in others if s != found]),
                                "hochzeit_partner": True}))
        out.append(("replace", {"seat": found, "hochzeit_partner": rng.choice(["ja", 1, None])}))
        out.append(("insert", {"seat": found, "play": rng.choice(g.hands[found] or all_codes)}))
        out.append(("insert", {"seat": found, "announce": "re"}))
        return out
    # play phase
    seat = g.to_play()
    hand = g.hands[seat]
    legal = g.legal_plays(seat)
    legal_cards = {c for c, _ in legal}
    missing = [c for c in all_codes if c not in hand]
    if missing:
        out.append(("replace", {"seat": seat, "play": rng.choice(missing)}))
    wrong_follow = [c for c in hand if c not in legal_cards]
    if wrong_follow:
        out.append(("replace", {"seat": seat, "play": rng.choice(wrong_follow)}))
        out.append(("replace", {"seat": seat, "play": rng.choice(wrong_follow)}))
    wrong_seat = [s for s in others if s != seat]
    s2 = rng.choice(wrong_seat)
    out.append(("replace", {"seat": s2, "play": rng.choice(g.hands[s2] or all_codes)}))
    out.append(("replace", {"seat": seat, "play": rng.choice(["XX", "ht", "H10", "10", 7, None])}))
    out.append(("replace", {"seat": 9, "play": rng.choice(hand)}))
    if not any(w for _, w in legal):
        c = rng.choice(sorted(legal_cards))
        out.append(("replace", {"seat": seat, "play": c, "schwein": True}))
    if g.rules["hochzeit_partner"] != "may" or g.holder is not None:
        out.append(("insert", {"seat": seat, "hochzeit_partner": rng.random() < 0.5}))
    if not g.rules["klopfen"]:
        out.append(("insert", {"seat": seat, "klopfen": True}))
    elif g.plays or g.trick:  # knocking ends with the first lead
        out += [("insert", {"seat": rng.choice(others), "klopfen": True})] * 2
    else:
        if g.knocks:  # the same seat twice in a row
            out += [("insert", {"seat": g.knocks[-1], "klopfen": True})] * 2
        if len(g.knocks) == 4:
            out.append(("insert", {"seat": rng.choice(others), "klopfen": True}))
        out.append(("insert", {"seat": seat, "klopfen": rng.choice([False, "ja", 1])}))
    bad_ann = []
    for s in g.order:
        ok = set(g.legal_announcements(s))
        bad_ann += [(s, w) for w in ANNOUNCEMENTS + ["keine135"] if w not in ok]
    if bad_ann:
        for _ in range(3):  # announcements are the subtle part: weight them
            s, w = rng.choice(bad_ann)
            out.append(("insert", {"seat": s, "announce": w}))
    out.append(("insert", {"seat": seat, "announce": "nein"}))
    if g.six and rng.random() < 0.3:
        out.append(("insert", {"seat": seat, "bid": "re"}))
    out.append(("insert", {"seat": seat, "reserve": "gesund"}))
    return out


SPECIAL_KEYS = ("armut_take", "armut_give", "armut_return", "armut_decline", "bid", "card",
                "klopfen", "form", "hochzeit_partner")


def ref_random_illegal(rng, record):
    """A mutation of a legal record whose first illegal action is at the returned
    index (None: the header is broken)."""
    for _ in range(50):
        rec = clone(record)
        if rng.random() < 0.04:
            kind = rng.randrange(3)
            if kind == 0:
                s = rng.choice([s for s, h in enumerate(rec["hands"]) if h])
                rec["hands"][s][0] = rng.choice(["XX", "dq", "D10", "9D"])
            elif kind == 1:
                rec["dealer"] = len(rec["hands"])
            else:
                s = rng.choice([s for s, h in enumerate(rec["hands"]) if h])
                rec["hands"][s][0] = rec["hands"][s][1]
            idx = None
        else:
            i = rng.randrange(len(rec["actions"]) + 1)
            special = [k for k, a in enumerate(rec["actions"])
                       if any(key in a for key in SPECIAL_KEYS)]
            if special and rng.random() < 0.4:  # the rare action shapes and their neighbours
                i = rng.choice(special) + rng.choice([0, 0, 1])
            elif rng.random() < 0.35:  # weight the reservations, exchanges, bids, knocks
                start = next((k for k, a in enumerate(rec["actions"])
                              if "play" in a or "announce" in a), len(rec["actions"]))
                i = rng.randrange(start + 1)
            g = _state(rec, i)
            mode, bad = rng.choice(_illegal_candidates(rng, g, rec, i))
            if mode == "replace" and i < len(rec["actions"]):
                rec["actions"][i] = bad
            else:
                rec["actions"].insert(i, bad)
            idx = i
        try:
            ref_replay(rec)
        except RefError as e:
            if e.action == idx:
                return rec, idx
        continue
    raise AssertionError("could not build an illegal mutation")
