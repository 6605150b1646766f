"""Hand-checked worked examples for five and six at the table (issue 13).

Every settling case of rules.md (value x L/g for the winners, value x W/g for the
losers; four keeps solo_factor): 2:2, 1:3, 2:3, 1:4, 3:3, 2:4, 1:5. Expected values
were computed by hand; the comments show the sums.
"""

from __future__ import annotations

import pytest

from tests.reference.helpers import F_PLAY, G_PLAY, F, G, gesund, plays
from tests.reference.ref import RefError, RefGame, make_rules, ref_replay
from tests.reference.score import doppelkopf_points


def record(rules, hands, actions, dealer):
    return {"format": "dokobot-game/1", "rules": rules, "dealer": dealer,
            "hands": [list(h) for h in hands], "actions": actions}


def outcome(res):
    return (res["contract"], res["re"], res["augen"]["re"], res["winner"],
            res["game_value"], res["score"])


def error_at(rec):
    with pytest.raises(RefError) as e:
        ref_replay(rec)
    return e.value.action


def leads(leader_cards, *others):
    """Tricks in which seat 0 leads and the others follow in seat order."""
    return " | ".join(" ".join(f"{s}:{c}" for s, c in enumerate(cards))
                      for cards in zip(leader_cards, *others, strict=True))


# ---------------------------------------------------------------- four: 2:2 and 1:3

def test_four_two_against_two_and_one_against_three():
    # deal F, normal game: Re 201 / Kontra 39: 1 + under 90 + under 60 + 2 Füchse = 5
    res = ref_replay(record({"preset": "ddv"}, F, gesund(0, 1, 2, 3) + plays(F_PLAY), 3))
    assert res["score"] == [5, 5, -5, -5]
    # deal G, stille Hochzeit: 5, soloist x solo_factor 3
    res = ref_replay(record({"preset": "ddv"}, G, gesund(0, 1, 2, 3) + plays(G_PLAY), 3))
    assert res["score"] == [15, -5, -5, -5]
    # solo_factor 2 changes the soloist's share
    res = ref_replay(record({"preset": "ddv", "solo_factor": 2}, G,
                            gesund(0, 1, 2, 3) + plays(G_PLAY), 3))
    assert res["score"] == [10, -5, -5, -5]


def test_five_dealer_sits_out():
    # deal G with a fifth seat: the dealer (seat 4) gets no cards and scores 0;
    # solo_factor still applies (reading 21).
    hands = G + [[]]
    res = ref_replay(record({"preset": "ddv"}, hands, gesund(0, 1, 2, 3) + plays(G_PLAY), 4))
    assert outcome(res) == ("stille_hochzeit", [0], 240, "re", 5, [15, -5, -5, -5, 0])
    # the dealer may not act
    assert error_at(record({"preset": "ddv"}, hands, [{"seat": 4, "reserve": "gesund"}], 4)) == 0


# ---------------------------------------------------------------- five, all play

# Deal P (40 cards, 8 each; dealer 4, seat 0 leads). Seats 0 and 1 hold one CQ each.
P = [
    "HT HT CQ SQ SQ HQ HQ DQ".split(),
    "CQ DQ CJ CJ SJ SJ HJ HJ".split(),
    "DJ DJ DA DA DT DT DK DK".split(),
    "CA CA CT CT CK CK SA SA".split(),
    "ST ST SK SK HA HA HK HK".split(),
]
# Seat 0 leads HT HT CQ SQ SQ HQ HQ DQ and wins every trick: nobody can beat, so
# Überstich (always on) never forces a card. Augen:
#  T1, T2 HT (CQ | DQ) DA CA HA = 46 each (Doppelkopf, seat 2's Fuchs)
#  T3, T4 (CQ | SQ) CJ DT CT ST = 35; T5, T6 (SQ | HQ) SJ DK CK SK = 17;
#  T7, T8 (HQ | DQ) HJ DJ SA HK = 22.  46+46+35+35+17+17+22+22 = 240.
P_PLAY = leads("HT HT CQ SQ SQ HQ HQ DQ".split(), "CQ DQ CJ CJ SJ SJ HJ HJ".split(),
               "DA DA DT DT DK DK DJ DJ".split(), "CA CA CT CT CK CK SA SA".split(),
               "HA HA ST ST SK SK HK HK".split())
# Deal Q: deal P with seat 1's CQ swapped for seat 0's DQ (seat 0 holds both CQ).
Q = [
    "HT HT CQ CQ SQ SQ HQ HQ".split(),
    "DQ DQ CJ CJ SJ SJ HJ HJ".split(),
] + P[2:]
Q_PLAY = leads("HT HT CQ CQ SQ SQ HQ HQ".split(), "DQ DQ CJ CJ SJ SJ HJ HJ".split(),
               "DA DA DT DT DK DK DJ DJ".split(), "CA CA CT CT CK CK SA SA".split(),
               "HA HA ST ST SK SK HK HK".split())
ALL5 = {"preset": "ddv", "five": "all_play"}


def five(rules, hands, reserves, play):
    return ref_replay(record(rules, hands, reserves + plays(play), 4))


def test_five_all_play_two_against_three():
    # Re 0+1 take all 240: 1 + under 90/60/30 3 + schwarz 1 = 5; Doppelkopf T1, T2 2;
    # Fuchs (seat 2's DA) T1, T2 2 -> 9. Winners get 9 x 3, losers pay 9 x 2.
    res = five(ALL5, P, gesund(0, 1, 2, 3, 4), P_PLAY)
    assert outcome(res) == ("normal", [0, 1], 240, "re", 9, [27, 27, -18, -18, -18])
    # zero_sum: false credits the winners only
    res = five(dict(ALL5, zero_sum=False), P, gesund(0, 1, 2, 3, 4), P_PLAY)
    assert res["score"] == [27, 27, 0, 0, 0]


def test_five_all_play_one_against_four():
    # seat 0 holds both CQ: stille Hochzeit, scored as a solo: 5 (no extras); the
    # soloist gets 5 x 4, each of the four pays 5 (not solo_factor).
    res = five(ALL5, Q, gesund(0, 1, 2, 3, 4), Q_PLAY)
    assert outcome(res) == ("stille_hochzeit", [0], 240, "re", 5, [20, -5, -5, -5, -5])
    # announced Hochzeit under first_trick: seat 0 wins the first three tricks -> alone
    res = five(ALL5, Q, [{"seat": 0, "reserve": "hochzeit"}] + gesund(1, 2, 3, 4), Q_PLAY)
    assert outcome(res) == ("hochzeit", [0], 240, "re", 5, [20, -5, -5, -5, -5])
    # named card CA: seat 3 plays it in T1 -> one partner, 2 against 3, extras count:
    # 5 + Doppelkopf 2 + Füchse 2 = 9 -> 27 for Re, 18 for Kontra
    res = five(dict(ALL5, hochzeit="named_card"), Q,
               [{"seat": 0, "reserve": "hochzeit", "card": "CA"}] + gesund(1, 2, 3, 4), Q_PLAY)
    assert outcome(res) == ("hochzeit", [0, 3], 240, "re", 9, [27, -18, -18, 27, -18])


def test_five_all_play_forces_its_rules():
    # 8 cards each: no nines; Armut and Schmeißen are off whatever the preset says
    haus = {"preset": "haus", "five": "all_play"}
    assert error_at(record(haus, P, [{"seat": 0, "reserve": "armut"}], 4)) == 0
    assert error_at(record(haus, P, gesund(0) + [{"seat": 1, "reserve": "schmeissen"}], 4)) == 1
    # Überstich is on: seat 0 leads SQ instead of HT; seat 1 holds CQ, which beats
    # it, and may not play CJ
    bad = gesund(0, 1, 2, 3, 4) + [{"seat": 0, "play": "SQ"}, {"seat": 1, "play": "CJ"}]
    assert error_at(record(ALL5, P, bad, 4)) == 6
    # the same hands dealt with the dealer out are a header error (8 cards, no seat out)
    assert error_at(record({"preset": "ddv"}, P, [], 4)) is None
    # and `players` must match the hands
    assert error_at(record(dict(ALL5, players=4), P, [], 4)) is None


def test_five_deadlines_use_h_8():
    # Re (seat 0) may say re while holding 7 = H-1 cards, not after its second card
    head = gesund(0, 1, 2, 3, 4)
    p = plays(P_PLAY)
    ok = head + p[:5] + [{"seat": 0, "announce": "re"}]
    assert ref_replay(record(ALL5, P, ok, 4))["finished"] is False
    late = head + p[:6] + [{"seat": 0, "announce": "re"}]
    assert error_at(record(ALL5, P, late, 4)) == 11


# ---------------------------------------------------------------- six (muenchen)

MU = {"preset": "muenchen"}
# Deal S (72 cards, 12 each; dealer 5, seat 0 leads). Seats 0, 1, 2 hold one CQ each.
S = [
    "HT HT HT CQ SQ SQ SQ HQ HQ HQ DQ DQ".split(),
    "CQ DQ CJ CJ CJ SJ SJ SJ HJ HJ HJ DJ".split(),
    "CQ DJ DJ DA DA DA DT DT DT DK DK DK".split(),
    "D9 D9 D9 CA CA CA CT CT CT CK CK CK".split(),
    "C9 C9 C9 SA SA SA ST ST ST SK SK SK".split(),
    "S9 S9 S9 HA HA HA HK HK HK H9 H9 H9".split(),
]
OTHERS = ["CJ CJ CJ SJ SJ SJ HJ HJ HJ".split(),       # seat 1, tricks 4-12
          "DA DA DA DT DT DT DK DK DK".split(),       # seat 2
          "CA CA CA CT CT CT CK CK CK".split(),       # seat 3
          "ST ST ST SK SK SK C9 C9 C9".split(),       # seat 4
          "HK HK HK H9 H9 H9 S9 S9 S9".split()]       # seat 5


def six_play(lead, first3_of_1, first3_of_2):
    """Seat 0 leads `lead` (12 trumps, best first) and wins every trick; nobody can
    beat its card, so Überstich forces nothing. Tricks 1-3: seat 3 follows with D9,
    seats 4 and 5 throw SA and HA. Augen of the tricks (whatever Q/J seats 1 and 2 add):
      T1-T3: HT + (Q|J) + (Q|J) + 0 + 11 + 11 (38, 37, 36 for Q+Q, Q+J, J+J)
      T4-T6: Q + CJ + DA + CA + ST + HK = 3+2+11+11+10+4 = 41 (three Volle)
      T7-T9: Q + SJ + DT + CT + SK + H9 = 29; T10-T12: Q + HJ + DK + CK + C9 + S9 = 13
    In all 360; seat 2's Füchse fall in T4-T6."""
    return leads(lead, first3_of_1 + OTHERS[0], first3_of_2 + OTHERS[1],
                 ["D9"] * 3 + OTHERS[2], ["SA"] * 3 + OTHERS[3], ["HA"] * 3 + OTHERS[4])


S_PLAY = six_play("HT HT HT CQ SQ SQ SQ HQ HQ HQ DQ DQ".split(), ["CQ", "DQ", "DJ"],
                  ["CQ", "DJ", "DJ"])
# Deal S2: seat 2's CQ swapped for seat 0's second DQ: seat 0 holds two CQ.
S2 = [
    "HT HT HT CQ CQ SQ SQ SQ HQ HQ HQ DQ".split(),
    S[1],
    "DQ DJ DJ DA DA DA DT DT DT DK DK DK".split(),
] + S[3:]
S2_PLAY = six_play("HT HT HT CQ CQ SQ SQ SQ HQ HQ HQ DQ".split(), ["CQ", "DQ", "DJ"],
                   ["DQ", "DJ", "DJ"])
# Deal S3: then seat 1's CQ swapped for seat 0's DQ: seat 0 holds all three CQ.
S3 = [
    "HT HT HT CQ CQ CQ SQ SQ SQ HQ HQ HQ".split(),
    "DQ DQ CJ CJ CJ SJ SJ SJ HJ HJ HJ DJ".split(),
] + S2[2:]
S3_PLAY = six_play("HT HT HT CQ CQ CQ SQ SQ SQ HQ HQ HQ".split(), ["DQ", "DQ", "DJ"],
                   ["DQ", "DJ", "DJ"])
# Whoever seat 0 plays with, it takes all 360 Augen: ddv at six: won 1, loser under
# 180, 135, 90, 60, 30 (5) and schwarz 1 = 7.


def six(rules, hands, reserves, play, extra=()):
    return ref_replay(record(rules, hands, reserves + list(extra) + plays(play), 5))


def test_six_three_against_three():
    # Re = seats 0, 1, 2 (one CQ each): 7; no extra (the Füchse are Re's own, three
    # Volle at most in a trick). 3:3 settles 7 each.
    res = six(MU, S, gesund(0, 1, 2, 3, 4, 5), S_PLAY)
    assert outcome(res) == ("normal", [0, 1, 2], 360, "re", 7, [7, 7, 7, -7, -7, -7])


def test_six_two_against_four():
    # S2, all gesund: the two CQ seats 0 and 1 are Re (reading 30); extras count:
    # 7 + three Füchse of seat 2 (T4-T6) = 10; winners 10 x 4/2 = 20, losers 10 x 2/2.
    res = six(MU, S2, gesund(0, 1, 2, 3, 4, 5), S2_PLAY)
    assert outcome(res) == ("normal", [0, 1], 360, "re", 10, [20, 20, -10, -10, -10, -10])


def test_six_kleine_hochzeit():
    hz = [{"seat": 0, "reserve": "hochzeit"}] + gesund(1, 2, 3, 4, 5)
    # first_trick: seat 0 wins trick 1-3 itself -> nobody found -> große Hochzeit with
    # the third CQ (seat 1), 2:4, scored like a kleines Solo: 7, no Füchse -> 14 / 7
    res = six(MU, S2, hz, S2_PLAY)
    assert outcome(res) == ("hochzeit:gross", [0, 1], 360, "re", 7,
                            [14, 14, -7, -7, -7, -7])
    # named card HA: seat 5 plays it in trick 1 -> kleine Hochzeit 3:3 with extras:
    # 7 + 3 Füchse (seat 2 is Kontra) = 10 each
    named = dict(MU, hochzeit="named_card")
    hz_card = [dict(hz[0], card="HA")] + hz[1:]
    res = six(named, S2, hz_card, S2_PLAY)
    assert outcome(res) == ("hochzeit:klein", [0, 1, 5], 360, "re", 10,
                            [10, 10, -10, -10, -10, 10])
    # named card SA: the first other seat to play it is seat 4 (trick 1)
    res = six(named, S2, [dict(hz[0], card="SA")] + hz[1:], S2_PLAY)
    assert res["re"] == [0, 1, 4]
    # HT is no plain ace: bad card
    assert error_at(record(named, S2, [dict(hz[0], card="HT")], 5)) == 0


def test_six_one_against_five():
    # S3: seat 0 holds all three CQ and says gesund: stille Hochzeit 1:5: 7 x 5 / 7
    res = six(MU, S3, gesund(0, 1, 2, 3, 4, 5), S3_PLAY)
    assert outcome(res) == ("stille_hochzeit", [0], 360, "re", 7, [35, -7, -7, -7, -7, -7])
    # announced: große Hochzeit, nobody found -> 1:5 too
    res = six(MU, S3, [{"seat": 0, "reserve": "hochzeit"}] + gesund(1, 2, 3, 4, 5), S3_PLAY)
    assert outcome(res) == ("hochzeit:gross", [0], 360, "re", 7, [35, -7, -7, -7, -7, -7])
    # a großes Karo solo: the same 1:5; with trumpfsolo_still + 3 Füchse = 10
    solo = [{"seat": 0, "reserve": "solo", "solo": "karo"}] + gesund(1, 2, 3, 4, 5)
    res = six(MU, S3, solo, S3_PLAY)
    assert outcome(res) == ("solo:karo", [0], 360, "re", 7, [35, -7, -7, -7, -7, -7])
    assert "size" not in res
    res = six(dict(MU, solo_extras="trumpfsolo_still"), S3, solo, S3_PLAY)
    assert res["score"] == [50, -10, -10, -10, -10, -10]


def test_six_kleines_solo():
    klein = [{"seat": 0, "reserve": "solo", "solo": "karo", "size": "klein"}] \
        + gesund(1, 2, 3, 4, 5)
    # first_trick: the soloist wins trick 1-3 -> no partner, 1:5, still "klein"
    res = six(MU, S3, klein, S3_PLAY)
    assert outcome(res) == ("solo:karo", [0], 360, "re", 7, [35, -7, -7, -7, -7, -7])
    assert res["size"] == "klein"
    # named card HA (seat 5, trick 1): 2:4, a solo (no extras): 7 x 4/2 = 14, 7 x 2/2 = 7
    named = dict(MU, hochzeit="named_card")
    res = six(named, S3, [dict(klein[0], card="HA")] + klein[1:], S3_PLAY)
    assert outcome(res) == ("solo:karo", [0, 5], 360, "re", 7, [14, -7, -7, -7, -7, 14])
    # under named_card a kleines Solo must name its card
    assert error_at(record(named, S3, klein[:1], 5)) == 0


def test_six_reservation_order():
    # kleines Pflichtsolo (seat 3) beats großes Lustsolo (seat 0) and the Hochzeit
    res = [{"seat": 0, "reserve": "solo", "solo": "damen"}, {"seat": 1, "reserve": "gesund"},
           {"seat": 2, "reserve": "gesund"},
           {"seat": 3, "reserve": "solo", "solo": "karo", "size": "klein", "pflicht": True},
           {"seat": 4, "reserve": "gesund"}, {"seat": 5, "reserve": "gesund"}]
    state = ref_replay(record(MU, S3, res, 5))
    assert (state["contract"], state["re"], state["size"]) == ("solo:karo", [3], "klein")
    # großes Pflichtsolo beats both
    res[4] = {"seat": 4, "reserve": "solo", "solo": "fleischlos", "pflicht": True}
    state = ref_replay(record(MU, S3, res, 5))
    assert (state["contract"], state["re"], state.get("size")) == ("solo:fleischlos", [4], None)
    # the soloist leads: seat 0 may not lead
    assert error_at(record(MU, S3, res + [{"seat": 0, "play": "HT"}], 5)) == 6


def test_six_bidding():
    two = [{"seat": 0, "reserve": "solo", "solo": "karo"}] + gesund(1, 2, 3) \
        + [{"seat": 4, "reserve": "solo", "solo": "fleischlos"}] + gesund(5)

    def game(bids):
        return record(MU, S3, two + bids + plays(S3_PLAY), 5)

    # seat 4 (the later) names re, seat 0 holds, seat 4 passes: seat 0 plays its Karo
    # solo with Re announced: 7 + Re 2 = 9, 1:5
    bids = [{"seat": 4, "bid": "re"}, {"seat": 0, "bid": "re"}, {"seat": 4, "bid": "pass"}]
    res = ref_replay(game(bids))
    assert outcome(res) == ("solo:karo", [0], 360, "re", 9, [45, -9, -9, -9, -9, -9])
    # held at keine135: Re needs 226 (has 360): 7 + Re 2 + keine135 1 = 10
    bids = [{"seat": 4, "bid": "re"}, {"seat": 0, "bid": "re"}, {"seat": 4, "bid": "keine135"},
            {"seat": 0, "bid": "keine135"}, {"seat": 4, "bid": "pass"}]
    assert ref_replay(game(bids))["score"] == [50, -10, -10, -10, -10, -10]
    # reading 42: the first bid is re, also right after an immediate pass
    assert error_at(game([{"seat": 4, "bid": "keine135"}])) == 6
    # seat 4 passes at once: seat 0 plays without announcement: 7
    assert ref_replay(game([{"seat": 4, "bid": "pass"}]))["game_value"] == 7
    # wrong turn, kontra, a hold that does not match, a lower step
    assert error_at(game([{"seat": 0, "bid": "re"}])) == 6
    assert error_at(game([{"seat": 4, "bid": "kontra"}])) == 6
    assert error_at(game([{"seat": 4, "bid": "re"}, {"seat": 0, "bid": "keine90"}])) == 7
    assert error_at(game([{"seat": 4, "bid": "re"}, {"seat": 0, "bid": "re"},
                          {"seat": 4, "bid": "keine90"}, {"seat": 0, "bid": "keine90"},
                          {"seat": 4, "bid": "keine135"}])) == 10
    # seat 0 passes after seat 4 named keine90: seat 4's fleischlos with keine90 (level 3
    # at six); first card is seat 4's, not seat 0's
    bids = [{"seat": 4, "bid": "re"}, {"seat": 0, "bid": "re"}, {"seat": 4, "bid": "keine90"},
            {"seat": 0, "bid": "pass"}]
    state = ref_replay(record(MU, S3, two + bids, 5))
    assert (state["contract"], state["re"]) == ("solo:fleischlos", [4])
    assert error_at(record(MU, S3, two + bids + [{"seat": 0, "play": "HT"}], 5)) == 10


def test_six_three_bidders():
    # seats 0, 2, 4 with großes Lustsolo: 2 names re against 0, 0 holds, 2 passes;
    # then 4 bids against the survivor 0 from re on: must name keine135 or higher
    three = [{"seat": 0, "reserve": "solo", "solo": "karo"}, {"seat": 1, "reserve": "gesund"},
             {"seat": 2, "reserve": "solo", "solo": "damen"}, {"seat": 3, "reserve": "gesund"},
             {"seat": 4, "reserve": "solo", "solo": "buben"}, {"seat": 5, "reserve": "gesund"}]
    bids = [{"seat": 2, "bid": "re"}, {"seat": 0, "bid": "re"}, {"seat": 2, "bid": "pass"}]
    assert error_at(record(MU, S3, three + bids + [{"seat": 4, "bid": "re"}], 5)) == 9
    bids += [{"seat": 4, "bid": "keine135"}, {"seat": 0, "bid": "pass"}]
    state = ref_replay(record(MU, S3, three + bids, 5))
    assert (state["contract"], state["re"]) == ("solo:buben", [4])


def test_six_keine135_and_deadlines():
    head = gesund(0, 1, 2, 3, 4, 5)
    p = plays(S_PLAY)
    re = [{"seat": 0, "announce": "re"}]
    # Re said at once; seat 0 holds 10 = H-2 cards after its second card: keine135
    # still allowed
    ok = head + re + p[:7] + [{"seat": 0, "announce": "keine135"}]
    assert ref_replay(record(MU, S, ok, 5))["finished"] is False
    # after its third card (9 held) too late
    assert error_at(record(MU, S, head + re + p[:13] + [{"seat": 0, "announce": "keine135"}],
                           5)) == 20
    # without the Re first, keine135 says the skipped re too, whose deadline (H-1 = 11
    # cards held) has passed after the second card (I-41)
    assert error_at(record(MU, S, head + p[:7] + [{"seat": 0, "announce": "keine135"}],
                           5)) == 13
    # keine135 does not exist at four
    assert error_at(record({"preset": "ddv"}, F, gesund(0, 1, 2, 3)
                           + [{"seat": 0, "announce": "keine135"}], 3)) == 4
    # scored: Re keine90 said before the first card: 7 + Re 2 + keine135 1 + keine90 1 = 11
    res = six(MU, S, head, S_PLAY, [{"seat": 0, "announce": "keine90"}])
    assert (res["winner"], res["game_value"]) == ("re", 11)


def test_six_header():
    # muenchen means six hands and six hands mean muenchen (reading 24)
    assert error_at(record({"preset": "ddv"}, S, [], 5)) is None
    assert error_at(record(MU, F, [], 3)) is None
    # every card three times
    broken = [list(h) for h in S]
    broken[0][0] = "CQ"
    assert error_at(record(MU, broken, [], 5)) is None


def test_superdoppelkopf():
    g = RefGame.__new__(RefGame)
    g.rules = dict(make_rules(MU), _seats=6)
    five_volle = {"plays": [(s, c, False) for s, c in enumerate(
        ["HT", "DA", "CA", "ST", "HA", "DK"])]}
    six_volle = {"plays": [(s, c, False) for s, c in enumerate(
        ["HT", "DA", "CA", "ST", "HA", "DT"])]}
    four_volle = {"plays": [(s, c, False) for s, c in enumerate(
        ["HT", "DA", "CA", "ST", "HK", "DK"])]}
    assert [doppelkopf_points(g, t) for t in (five_volle, six_volle, four_volle)] == [1, 3, 0]


@pytest.mark.parametrize(("scheme", "fine", "value"), [
    ("ddv", False, 9), ("steps", False, 8), ("tally", False, 8), ("plus", False, 5), ("plus", True, 8),
    ("doubling", False, 16), ("doubling", True, 128),
])
def test_superdoppelkopf_is_three_levels_in_every_scheme(scheme, fine, value):
    """Re 333 : 27 with a Superdoppelkopf (tests/superdoppelkopf.py): 3 Wertungspunkte (rules.md,
    six at the table) in every scheme, +3 or x8. plus with fine_steps: won 1 + under 135, 90, 60,
    30 (4) + 3 = 8; doubling: 1 x 2 (Schneider, under 90) x 8 = 16, with fine_steps 1 x 16 x 8."""
    from tests.superdoppelkopf import record

    res = ref_replay(record(scheme, fine))
    assert (res["re"], res["augen"]["re"], res["game_value"]) == ([0, 2, 4], 333, value)
    assert res["score"] == [value, -value] * 3
