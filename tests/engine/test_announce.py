"""Announcement deadlines, skipped steps and replies under ddv (TSR 6) and the variants."""

import pytest

from dokobot.engine import IllegalAction
from tests.engine.helpers import all_gesund, game, hands_with

RE_AT_0_2 = hands_with({0: "CQ", 2: "CQ"})  # seats 0 and 2 are Re, seat 0 leads (dealer 3)


def start(hands=RE_AT_0_2, **rules):
    g = game(hands, dealer=3, **rules)
    all_gesund(g)
    return g


def until_holding(g, seat, cards):
    """Play first legal cards until ``seat`` holds ``cards`` cards."""
    while g.sizes[seat] > cards:
        g.apply({"seat": g.to_act, "play": g.legal_plays(g.to_act)[0]})


def refused(g, seat, what, code="announce_too_late"):
    before = (list(g._levels), len(g.actions))
    with pytest.raises(IllegalAction) as exc:
        g.apply({"seat": seat, "announce": what})
    assert exc.value.code == code
    assert (g._levels, len(g.actions)) == before


def test_re_until_the_second_card():
    g = start()
    until_holding(g, 0, 11)
    assert "re" in g.allowed_announcements(0)
    g.apply({"seat": 0, "announce": "re"})
    assert g._levels == [0, -1]


def test_re_with_ten_cards_is_too_late():
    g = start()
    until_holding(g, 0, 10)
    assert "re" not in g.allowed_announcements(0)
    refused(g, 0, "re")


def test_only_the_party_says_its_word():
    g = start()
    refused(g, 1, "re", "announce_party")
    refused(g, 0, "kontra", "announce_party")
    assert g.allowed_announcements(1) == ["kontra", "keine90", "keine60", "keine30", "schwarz"]


def test_each_step_once():
    g = start()
    g.apply({"seat": 0, "announce": "re"})
    refused(g, 2, "re", "announce_repeat")
    g.apply({"seat": 2, "announce": "keine90"})
    refused(g, 0, "keine90", "announce_repeat")


def test_step_deadlines_after_re():
    g = start()
    g.apply({"seat": 0, "announce": "re"})
    until_holding(g, 0, 10)
    g.apply({"seat": 0, "announce": "keine90"})
    until_holding(g, 0, 9)
    g.apply({"seat": 0, "announce": "keine60"})
    until_holding(g, 0, 8)
    g.apply({"seat": 0, "announce": "keine30"})
    until_holding(g, 0, 7)
    g.apply({"seat": 0, "announce": "schwarz"})
    until_holding(g, 0, 6)
    assert g._levels == [4, -1]
    assert g.allowed_announcements(0) == []


def test_keine60_with_eight_cards_is_too_late():
    g = start()
    g.apply({"seat": 0, "announce": "keine90"})
    until_holding(g, 0, 8)
    refused(g, 0, "keine60")


def test_skipped_steps_must_each_still_be_allowed():
    g = start()
    until_holding(g, 0, 11)
    g.apply({"seat": 0, "announce": "keine60"})  # says re, keine 90, keine 60 with 11 cards
    assert g._levels == [2, -1] and g._said_re == [True, False]
    g2 = start()
    until_holding(g2, 0, 10)
    refused(g2, 0, "keine90")  # the skipped Re needs 11 cards
    g3 = start()
    g3.apply({"seat": 0, "announce": "re"})
    until_holding(g3, 0, 10)
    g3.apply({"seat": 0, "announce": "keine60"})  # skipped keine 90 still allowed at 10 cards
    assert g3._levels == [2, -1]
    g4 = start()
    g4.apply({"seat": 0, "announce": "re"})
    until_holding(g4, 0, 9)
    refused(g4, 0, "keine60")  # keine 60 alone would be in time, the skipped keine 90 is not


def test_kontra_reply_with_one_card_fewer_then_no_more_steps():
    g = start()
    g.apply({"seat": 0, "announce": "re"})
    until_holding(g, 1, 10)
    assert "kontra" in g.allowed_announcements(1)
    g.apply({"seat": 1, "announce": "kontra"})
    assert g._late == [False, True]
    refused(g, 3, "keine90", "announce_blocked")
    refused(g, 1, "keine90", "announce_blocked")


def test_reply_window_follows_the_latest_announcement():
    g = start()
    g.apply({"seat": 0, "announce": "keine90"})  # needed 10 cards: reply with 9
    until_holding(g, 1, 9)
    g.apply({"seat": 1, "announce": "kontra"})
    g2 = start()
    g2.apply({"seat": 0, "announce": "keine90"})
    until_holding(g2, 1, 8)
    refused(g2, 1, "kontra")


def test_reply_not_possible_without_an_opposing_announcement():
    g = start()
    until_holding(g, 1, 10)
    refused(g, 1, "kontra")


def test_kontra_in_time_keeps_all_steps():
    g = start()
    g.apply({"seat": 0, "announce": "re"})
    g.apply({"seat": 1, "announce": "kontra"})
    until_holding(g, 1, 10)
    g.apply({"seat": 1, "announce": "keine90"})
    assert g._levels == [0, 1] and g._late == [False, False]


def test_no_announcements_during_reservations_or_after_the_game():
    g = game(RE_AT_0_2, dealer=3)
    refused(g, 0, "re", "announce_blocked")
    all_gesund(g)
    while g.phase == "play":
        g.apply({"seat": g.to_act, "play": g.legal_plays(g.to_act)[0]})
    with pytest.raises(IllegalAction) as exc:
        g.apply({"seat": 0, "announce": "re"})
    assert exc.value.code == "game_over"


def test_without_nines_deadlines_count_from_ten_cards():
    g = start(hands_with({0: "CQ", 2: "CQ"}, nines=False), nines=False)
    until_holding(g, 0, 9)
    g.apply({"seat": 0, "announce": "re"})
    until_holding(g, 0, 7)
    refused(g, 0, "keine90")  # needs H - 2 = 8 cards
