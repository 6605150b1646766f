"""Hand-checked worked examples for the house forms of rules.md (issue 12).

Every expected value below was computed by hand from rules.md ("House forms",
"Scoring") and the readings of docs/rules-interpretations.md; the comments show the sums. Where a switch
makes a difference the same deal is replayed under two settings.
"""

from __future__ import annotations

import pytest

from tests.reference.helpers import E_PLAY, F_PLAY, G_PLAY, E, F, G, gesund, plays
from tests.reference.ref import (
    Ctx,
    RefError,
    RefGame,
    allowed_reservations,
    make_rules,
    ref_replay,
    schmeissen_ok,
    score_game,
)

# ---------------------------------------------------------------- deals
# Dealer 3 everywhere, so seat 0 declares first and leads the first trick.




# Deal K (without nines): seat 0 holds five kings and no trump.
K = [
    "CK CK SK SK HK CA CA SA SA HA".split(),
    "CT CT ST ST HA HK HT HT DK DK".split(),
    "CQ CQ SQ SQ HQ HQ DQ DQ DA DA".split(),
    "CJ CJ SJ SJ HJ HJ DJ DJ DT DT".split(),
]






def record(rules, hands, actions):
    return {"format": "dokobot-game/1", "rules": rules, "dealer": 3,
            "hands": [list(h) for h in hands], "actions": actions}


def outcome(res):
    return (res["contract"], res["re"], res["augen"]["re"], res["winner"],
            res["game_value"], res["score"])


def error_at(rec):
    with pytest.raises(RefError) as e:
        ref_replay(rec)
    return e.value.action


# ---------------------------------------------------------------- Hochzeit forms

def hochzeit(mode, card=None, window=3):
    res = {"seat": 0, "reserve": "hochzeit"}
    if card:
        res["card"] = card
    rules = {"preset": "ddv", "hochzeit": mode, "hochzeit_window": window}
    return ref_replay(record(rules, E, [res] + gesund(1, 2, 3) + plays(E_PLAY)))


def test_hochzeit_first_trick_partner_is_trick_1_winner():
    # Seat 3 wins T1 -> Re 0+3 = 184+24 = 208, Kontra 32: won 1, under 90 1, under 60 1;
    # Fuchs x2 (seat 2's DA caught by seat 0) -> 5.
    assert outcome(hochzeit("first_trick")) == ("hochzeit", [0, 3], 208, "re", 5,
                                                [5, -5, -5, 5])


def test_hochzeit_first_color_trick_counts_colour_tricks():
    # Colour tricks: T2 (won by the holder: one), T3 (won by seat 1 -> partner).
    # Re 0+1 = 184+17 = 201, Kontra 39: 1 + under 90 + under 60 + 2 Füchse = 5.
    assert outcome(hochzeit("first_color_trick")) == ("hochzeit", [0, 1], 201, "re", 5,
                                                      [5, 5, -5, -5])
    # Window 2: the fix counts colour tricks; the holder has won only one of them when
    # seat 1 wins T3, so seat 1 is still the partner.
    assert outcome(hochzeit("first_color_trick", window=2))[1] == [0, 1]
    # Window 1: the holder has won one colour trick (T2) -> alone.
    assert outcome(hochzeit("first_color_trick", window=1))[1] == [0]


def test_hochzeit_first_pure_color_trick():
    # T2 holds no trump and the holder wins it -> alone (solo-scored, no extras):
    # 184 Augen, Kontra 56: 1 + under 90 + under 60 = 3, soloist 3x.
    assert outcome(hochzeit("first_pure_color_trick")) == ("hochzeit", [0], 184, "re", 3,
                                                           [9, -3, -3, -3])


def test_hochzeit_named_card():
    # HA: seat 2 plays it in T4 (before seat 3 in T11) -> Re 0+2 = 184+15 = 199, Kontra
    # 24+17 = 41: 1 + under 90 + under 60 = 3; the Füchse are seat 2's own: no extra.
    assert outcome(hochzeit("named_card", "HA")) == ("hochzeit", [0, 2], 199, "re", 3,
                                                     [3, -3, 3, -3])
    # SA: seat 0 plays its own SA in T3 (does not count), seat 3 its SA in T10 ->
    # Re 0+3 as under first_trick: 5.
    assert outcome(hochzeit("named_card", "SA")) == ("hochzeit", [0, 3], 208, "re", 5,
                                                     [5, -5, -5, 5])


def test_named_card_is_any_card_but_cq_not_held_twice():
    # reading 39 (replacing reading 3): no CQ, no card outside the deck, none held twice
    rules = {"preset": "ddv", "hochzeit": "named_card"}
    for bad in ("CQ", "JO", None, "XX"):
        rec = record(rules, E, [{"seat": 0, "reserve": "hochzeit", "card": bad}])
        assert error_at(rec) == 0
    # a holder of both CA may not name CA; it may name SA, a trump it holds once, a nine
    hand = "CQ CQ CA CA SA HT DA DT SJ HJ C9 S9".split()
    offer = [o.get("card") for o in allowed_reservations(make_rules(rules), hand, 0)
             if o["reserve"] == "hochzeit"]
    assert "CA" not in offer and "CQ" not in offer and len(offer) == 22
    assert {"SA", "HA", "HT", "DA", "C9", "SQ"} <= set(offer)


def test_named_card_announcements_wait_for_the_clarifying_trick():
    # HA clarifies with T4 (16 cards). Before that nothing can be said; after it the
    # deadlines move 3 cards: seat 0 holds 8 cards, Re needs H-1-3 = 8 -> allowed.
    rules = {"preset": "ddv", "hochzeit": "named_card"}
    head = [{"seat": 0, "reserve": "hochzeit", "card": "HA"}] + gesund(1, 2, 3)
    p = plays(E_PLAY)
    early = head + p[:15] + [{"seat": 0, "announce": "re"}]
    assert error_at(record(rules, E, early)) == 4 + 15
    late = head + p[:16] + [{"seat": 0, "announce": "re"}] + p[16:]
    # Re won: 3 + Re announced 2 = 5
    assert outcome(ref_replay(record(rules, E, late)))[3:5] == ("re", 5)


# ---------------------------------------------------------------- Armut

def armut(rules, answers):
    return record(dict({"preset": "ddv", "armut": True}, **rules), F,
                  gesund(0, 1, 2) + [{"seat": 3, "reserve": "armut"}] + answers)


GIVE = {"seat": 3, "armut_give": ["HT"]}


def parties(rec):
    res = ref_replay(rec)
    return res["contract"], res["re"], res["kontra"]


def test_armut_volunteer_before():
    # asked clockwise from seat 3: 0 passes, 1 takes; poor seat and taker are Re
    acts = [{"seat": 0, "armut_take": False}, {"seat": 1, "armut_take": True}, GIVE,
            {"seat": 1, "armut_return": ["H9"]}]
    assert parties(armut({}, acts)) == ("armut", [1, 3], [0, 2])


def test_armut_taker_partner():
    # seat 3 holds no CQ: its partner of the normal game is the other seat without
    # CQ, seat 2; only it answers.
    acts = [{"seat": 0, "armut_take": False}]
    assert error_at(armut({"armut_taker": "partner"}, acts)) == 4
    acts = [{"seat": 2, "armut_take": True}, GIVE, {"seat": 2, "armut_return": ["C9"]}]
    assert parties(armut({"armut_taker": "partner"}, acts)) == ("armut", [2, 3], [0, 1])
    # the same answers under volunteer: seat 0 must answer first
    assert error_at(armut({}, acts)) == 4
    # the partner declines -> redeal
    res = ref_replay(armut({"armut_taker": "partner"}, [{"seat": 2, "armut_take": False}]))
    assert res["contract"] == "redeal" and res["score"] == [0, 0, 0, 0]


def test_armut_decide_after():
    # seat 0 sees the HT first and hands it back, seat 1 sees it and takes
    acts = [GIVE, {"seat": 0, "armut_decline": True}, GIVE,
            {"seat": 1, "armut_return": ["H9"]}]
    assert parties(armut({"armut_decide": "after"}, acts)) == ("armut", [1, 3], [0, 2])
    # there is no armut_take in after mode, and no decline in before mode
    assert error_at(armut({"armut_decide": "after"}, [{"seat": 0, "armut_take": True}])) == 4
    assert error_at(armut({}, [{"seat": 0, "armut_take": True}, GIVE,
                               {"seat": 0, "armut_decline": True}])) == 6
    # after + partner: only seat 2 is asked; its decline is a redeal
    res = ref_replay(armut({"armut_decide": "after", "armut_taker": "partner"},
                           [GIVE, {"seat": 2, "armut_decline": True}]))
    assert res["contract"] == "redeal"


def test_armut_announce_changes_nothing_in_a_replay():
    acts = [{"seat": 0, "armut_take": False}, {"seat": 1, "armut_take": True}, GIVE,
            {"seat": 1, "armut_return": ["H9"]}]
    assert ref_replay(armut({"armut_announce": True}, acts)) == ref_replay(armut({}, acts))


def test_armut_with_both_cq_elsewhere_is_a_redeal():
    # deal E: seat 0 holds both CQ, seat 3 announces Armut
    rec = record({"preset": "ddv", "armut": True, "armut_taker": "partner"}, E,
                 gesund(0, 1, 2) + [{"seat": 3, "reserve": "armut"}])
    assert ref_replay(rec)["contract"] == "redeal"


# ---------------------------------------------------------------- solos

def test_trumpfsolo_still_counts_extras_in_stille_hochzeit_and_karo_solo():
    # G: seat 0 wins all 240 Augen: 1 + under 90/60/30 3 + schwarz 1 = 5, soloist x3.
    rec = record({"preset": "ddv"}, G, gesund(0, 1, 2, 3) + plays(G_PLAY))
    assert outcome(ref_replay(rec)) == ("stille_hochzeit", [0], 240, "re", 5,
                                        [15, -5, -5, -5])
    # trumpfsolo_still: + Fuchs 2 (seat 1's DA in T1, T2) + Karlchen 1 (T12) = 8
    rec["rules"] = {"preset": "ddv", "solo_extras": "trumpfsolo_still"}
    assert outcome(ref_replay(rec)) == ("stille_hochzeit", [0], 240, "re", 8,
                                        [24, -8, -8, -8])
    # the same as a declared Karo solo
    rec["actions"][0] = {"seat": 0, "reserve": "solo", "solo": "karo"}
    assert outcome(ref_replay(rec))[4:] == (8, [24, -8, -8, -8])
    # a Hochzeit without partner is scored as a solo but is neither: deal E under
    # first_pure_color_trick (holder alone, seat 2's two Füchse caught) stays at 3
    res = ref_replay(record({"preset": "ddv", "hochzeit": "first_pure_color_trick",
                             "solo_extras": "trumpfsolo_still"}, E,
                            [{"seat": 0, "reserve": "hochzeit"}] + gesund(1, 2, 3)
                            + plays(E_PLAY)))
    assert outcome(res) == ("hochzeit", [0], 184, "re", 3, [9, -3, -3, -3])


def first_trick(solo, soloist, trick):
    rules = {"preset": "ddv", "solos": ["herz", "karo", "reines_herz", "reines_karo"]}
    acts = [{"seat": s, "reserve": "solo", "solo": solo} if s == soloist else
            {"seat": s, "reserve": "gesund"} for s in range(4)]
    res = ref_replay(record(rules, G, acts + plays(trick)))
    return res["re"], res["augen"], res["tricks"]


def test_reines_herz_has_no_dulle():
    # Seat 3 plays a solo, seat 0 leads HT.
    # herz: HT is the Dulle; seat 1 follows with a jack, seat 2 has no trump (diamonds
    # are plain), seat 3 must trump with HA: the Dulle wins, Kontra 10+2+0+11 = 23.
    assert first_trick("herz", 3, "0:HT 1:SJ 2:C9 3:HA") == (
        [3], {"re": 0, "kontra": 23}, {"re": 0, "kontra": 1})
    # reines_herz: only hearts are trumps, HA above HT; seat 1 must follow with a
    # heart (HJ), seat 2 has none: the soloist's HA wins 10+2+0+11 = 23.
    assert first_trick("reines_herz", 3, "0:HT 1:HJ 2:C9 3:HA") == (
        [3], {"re": 23, "kontra": 0}, {"re": 1, "kontra": 0})
    # and SJ is a spade there: seat 1 holds hearts and must follow
    with pytest.raises(RefError):
        first_trick("reines_herz", 3, "0:HT 1:SJ")


def test_reines_karo_queens_are_plain():
    # Seat 1 plays a solo, seat 0 leads CQ.
    # karo: CQ is the best trump; everybody follows trump (seat 3 has none): seat 0.
    assert first_trick("karo", 1, "0:CQ 1:DA 2:D9 3:H9")[2] == {"re": 0, "kontra": 1}
    # reines_karo: CQ is a club; seat 1 has no club and trumps with DA, seat 2 must
    # follow clubs: the soloist wins 3+11+11+0 = 25.
    assert first_trick("reines_karo", 1, "0:CQ 1:DA 2:CA 3:H9") == (
        [1], {"re": 25, "kontra": 0}, {"re": 1, "kontra": 0})


def test_reine_solos_rank_after_herz():
    rules = {"preset": "ddv", "solo_priority": "rank",
             "solos": ["herz", "reines_kreuz", "reines_karo"]}
    acts = [{"seat": 0, "reserve": "solo", "solo": "reines_karo"},
            {"seat": 1, "reserve": "solo", "solo": "reines_kreuz"},
            {"seat": 2, "reserve": "solo", "solo": "herz"}, {"seat": 3, "reserve": "gesund"}]
    # herz before reines_kreuz before reines_karo
    assert ref_replay(record(rules, G, acts))["contract"] == "solo:herz"
    acts[2] = {"seat": 2, "reserve": "gesund"}
    assert ref_replay(record(rules, G, acts))["contract"] == "solo:reines_kreuz"


# ---------------------------------------------------------------- Schmeißen

def test_top_da():
    # E seat 2: DT C9 S9 HA DA DA DT DK D9 CA CT CT, highest trump DA
    rules = {"preset": "ddv", "schmeissen": ["top_da"]}
    rec = record(rules, E, gesund(0, 1) + [{"seat": 2, "reserve": "schmeissen"}] + gesund(3))
    assert ref_replay(rec)["contract"] == "redeal"
    # seat 1 holds DQ and jacks: no
    rec = record(rules, E, gesund(0) + [{"seat": 1, "reserve": "schmeissen"}])
    assert error_at(rec) == 1
    # a DJ is enough for top_dj but too good for top_da
    hand = "DJ DA DT DK C9 C9 CA CT S9 SA SK HK".split()
    assert schmeissen_ok(make_rules({"schmeissen": ["top_dj"]}), hand)
    assert not schmeissen_ok(make_rules({"schmeissen": ["top_da"]}), hand)


def test_five_kings_for_nines_without_nines():
    rules = {"preset": "ddv", "nines": False, "schmeissen": ["nines"]}
    rec = record(rules, K, [{"seat": 0, "reserve": "schmeissen"}] + gesund(1, 2, 3))
    assert ref_replay(rec)["contract"] == "redeal"
    # seat 1 has three kings
    assert error_at(record(rules, K, gesund(0) + [{"seat": 1, "reserve": "schmeissen"}])) == 1


# ---------------------------------------------------------------- announcements, Klopfen

def normal(rules, extra=(), at=0):
    acts = gesund(0, 1, 2, 3) + plays(F_PLAY)
    acts[4 + at:4 + at] = list(extra)
    return ref_replay(record(rules, F, acts))


def test_deal_f_plain():
    # Re 201, Kontra 39: won 1, under 90 1, under 60 1, Füchse 2 -> 5
    assert outcome(normal({"preset": "ddv"})) == ("normal", [0, 1], 201, "re", 5,
                                                  [5, 5, -5, -5])


KNOCKS = [{"seat": 0, "klopfen": True}, {"seat": 2, "klopfen": True}]


@pytest.mark.parametrize("scoring,value", [
    # ddv: 3 + 2 per knock (4) + Füchse 2 = 9
    ("ddv", 9),
    # steps: under 120/90/60 3 + 1 per knock 2 + Füchse 2 = 7
    ("steps", 7),
    # doubling: Re 1, Kontra under 60 x2, two knocks x4 = 8, + Füchse 2 = 10
    ("doubling", 10),
    # tally: won 1 + under 90 + under 60 = 3, two knocks x4 = 12, + Füchse 2 = 14
    ("tally", 14),
])
def test_knock_counts_like_re_kontra_of_the_scheme(scoring, value):
    rules = {"preset": "ddv", "klopfen": True, "scoring": scoring}
    res = normal(rules, KNOCKS)
    assert (res["winner"], res["game_value"], res["score"]) == (
        "re", value, [value, value, -value, -value])


def test_tally_one_knock_doubles():
    # 3 x 2 + 2 = 8
    res = normal({"preset": "ddv", "klopfen": True, "scoring": "tally"}, KNOCKS[:1])
    assert res["game_value"] == 8


def test_knock_rules():
    rules = {"preset": "ddv", "klopfen": True}
    head = gesund(0, 1, 2, 3)
    p = plays(F_PLAY)
    twice = head + [KNOCKS[0], KNOCKS[0]]
    assert error_at(record(rules, F, twice)) == 5
    assert error_at(record(rules, F, head + [KNOCKS[0], {"seat": 0, "announce": "re"}])) == 5
    assert error_at(record(rules, F, head + p[:1] + [KNOCKS[0]])) == 5
    five = head + [{"seat": s, "klopfen": True} for s in (0, 1, 0, 1, 0)]
    assert error_at(record(rules, F, five)) == 8
    # steps stand alone under Klopfen: keine90 by seat 0 before the first card
    res = normal(rules, [{"seat": 0, "announce": "keine90"}])
    # Re 201 >= 151: won 1, under 90, under 60, keine90 announced 1, Füchse 2 = 6
    assert (res["winner"], res["game_value"]) == ("re", 6)


def test_klopfen_redeal():
    rules = {"preset": "ddv", "klopfen": True, "klopfen_redeal": True}
    head = gesund(0, 1, 2, 3)
    p = plays(F_PLAY)
    res = ref_replay(record(rules, F, head + p[:1]))
    assert (res["contract"], res["score"]) == ("redeal", [0, 0, 0, 0])
    assert error_at(record(rules, F, head + p[:2])) == 5
    # the first lead must still be legal: seat 1 is not to lead
    assert error_at(record(rules, F, head + p[2:3])) == 4
    # one knock: the game is played (ddv: 3 + 2 + Füchse 2 = 7)
    assert normal(rules, KNOCKS[:1])["game_value"] == 7


def test_single_limit():
    rules = {"preset": "ddv", "single_limit": True}
    head = gesund(0, 1, 2, 3)
    k90 = {"seat": 0, "announce": "keine90"}
    # Kontra may not answer with a step of its own, Re may not raise
    for second in ({"seat": 2, "announce": "keine90"}, {"seat": 1, "announce": "keine60"}):
        assert error_at(record(rules, F, head + [k90, second])) == 5
        assert ref_replay(record({"preset": "ddv"}, F, head + [k90, second]))["finished"] is False
    # a plain Kontra stays allowed, and one announcement may skip steps
    ok = normal(rules, [k90, {"seat": 2, "announce": "kontra"}])
    # Re 201 >= 151: 1 + under 90 + under 60 + Re 2 + Kontra 2 + keine90 1 + Füchse 2 = 10
    assert (ok["winner"], ok["game_value"]) == ("re", 10)
    assert normal(rules, [{"seat": 0, "announce": "keine60"}])["winner"] == "re"


def test_doubling_reached_steps_double():
    # Re says keine60 (with re, keine90) before the first card; Kontra gets 39.
    k60 = [{"seat": 0, "announce": "keine60"}]
    # doubling: Re 1, Kontra under 60 x2 = 2, Re x2 = 4, keine90 reached (39 < 90) x2,
    # keine60 reached (39 < 60) x2 = 16, + Füchse 2 = 18
    res = normal({"preset": "ddv", "scoring": "doubling"}, k60)
    assert (res["winner"], res["game_value"], res["score"]) == ("re", 18, [18, 18, -18, -18])
    # ddv, same game: 1 + under 90 + under 60 + Re 2 + keine90 1 + keine60 1 + Füchse 2 = 9
    assert normal({"preset": "ddv"}, k60)["game_value"] == 9


# ---------------------------------------------------------------- extras

def _last_trick_game(config, plays_, re=(0, 1)):
    """A game stub whose last trick holds plays_ [(seat, card)] (won by its first
    entry's winner as given); earlier tricks carry no extra."""
    g = RefGame.__new__(RefGame)
    g.rules = make_rules(config)
    g.contract = "normal"
    g.re = set(re)
    g.n = 4
    g.order = [0, 1, 2, 3]
    g.knocks = []
    g.level = {"re": 0, "kontra": 0}
    g.ctx = Ctx(g.rules, "normal")
    winner, win_card = plays_[0]
    last = {"winner": winner, "augen": 0, "win_card": win_card,
            "plays": [(s, c, False) for s, c in plays_]}
    g.tricks = [{"winner": 0, "augen": 121, "plays": [(0, "S9", False)], "win_card": "S9"},
                {"winner": 2, "augen": 119, "plays": [(2, "S9", False)], "win_card": "S9"},
                last]
    return score_game(g, {"re": 121, "kontra": 119}, {"re": 2, "kontra": 1})


def test_karlchen_caught_any():
    extras = ["karlchen_caught_any"]
    # Re's HQ (seat 0) wins the last trick over Kontra's CJ (seat 2) and Re's own CJ
    # (seat 1): one point for Re; won 1 -> 2. karlchen_caught needs a DQ: 1.
    trick = [(0, "HQ"), (1, "CJ"), (2, "CJ"), (3, "D9")]
    assert _last_trick_game({"preset": "ddv", "extras": extras}, trick)["game_value"] == 2
    assert _last_trick_game({"preset": "ddv", "extras": ["karlchen_caught"]},
                            trick)["game_value"] == 1
    # both CJ of Kontra: two points -> 3
    trick = [(0, "HQ"), (1, "S9"), (2, "CJ"), (3, "CJ")]
    assert _last_trick_game({"preset": "ddv", "extras": extras}, trick)["game_value"] == 3


def test_bock_heart_trick_changes_no_single_game():
    # Bock is a table matter (I-80): the replay result is the plain game (deal F: 5)
    plain = normal({"preset": "ddv"})
    assert normal({"preset": "ddv", "bock": ["tie", "heart_trick"]}) == plain
    with pytest.raises(RefError):
        make_rules({"bock": ["heart_tricks"]})
