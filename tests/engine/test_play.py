import pytest

from dokobot.engine import IllegalAction
from tests.engine.helpers import all_gesund, game, hands_with, winner_of


def normal(**rules):
    g = game(seed=1, **rules)
    all_gesund(g)
    return g


@pytest.mark.parametrize("cards, winner", [
    ("CA CT CK C9", 0),          # plain suit: ace
    ("C9 CA CT CK", 1),
    ("CA CA CT CK", 0),          # equal cards: the first wins
    ("CA D9 CT CK", 1),          # any trump beats the plain suit
    ("CA D9 DJ CK", 2),
    ("D9 CA SA HA", 0),          # plain cards never beat a trump lead
    ("HT CQ CQ HT", 0),          # Dulle over queens; first Dulle wins
    ("DQ CJ SQ HQ", 2),          # queens C S H D
    ("SJ HJ DJ CJ", 3),          # jacks C S H D
    ("DA DT DK D9", 0),
    ("SA HA CA DA", 3),          # off-suit discards lose, diamond ace is trump
    ("HA HK H9 HT", 3),          # Heart ten is a trump (Dulle), not a heart
])
def test_normal_trick_winner(cards, winner):
    assert winner_of(normal(), cards) == winner


def test_second_dulle_rules():
    assert winner_of(normal(dulle="second_wins"), "HT CQ HT D9") == 2
    assert winner_of(normal(dulle="second_wins"), "HT CQ HT D9", last=True) == 2
    g = normal(dulle="second_wins_except_last")
    assert winner_of(g, "HT CQ HT D9") == 2
    assert winner_of(g, "HT CQ HT D9", last=True) == 0


def test_without_dullen_heart_ten_is_a_heart():
    g = normal(dullen=False)
    assert winner_of(g, "HA HT HK H9") == 0
    assert winner_of(g, "HK HT HA D9") == 3


def test_schwein_beats_the_dulle_and_the_joker_beats_the_schwein():
    g = normal(schweine=True)
    assert winner_of(g, "HT DA CQ HT", schwein=1) == 1
    assert winner_of(g, "HT DA CQ HT") == 0
    gj = normal(schweine=True, joker=True)
    assert winner_of(gj, "JO DA HT CQ", schwein=1) == 0


def test_must_follow_the_led_suit_and_trump():
    hands = hands_with({0: "CA", 1: "C9 DJ"})
    g = game(hands, dealer=3)
    all_gesund(g)
    g.apply({"seat": 0, "play": "CA"})
    assert "DJ" not in g.legal_plays(1) and "C9" in g.legal_plays(1)
    with pytest.raises(IllegalAction, match="must follow suit: clubs") as exc:
        g.apply({"seat": 1, "play": "DJ"})
    assert exc.value.code == "must_follow"
    assert g.current_trick == [(0, "CA")]  # unchanged


def test_trump_lead_must_be_followed_with_trump_and_queens_are_trump():
    hands = hands_with({0: "D9", 1: "CQ CA"})
    g = game(hands, dealer=3)
    all_gesund(g)
    g.apply({"seat": 0, "play": "D9"})
    legal = g.legal_plays(1)
    assert "CQ" in legal and "CA" not in legal


def test_cannot_follow_may_play_anything():
    hands = hands_with({0: "HA HK H9 HA HK H9", 1: "CA CT CK C9 CA CT CK C9 SA ST SK S9"})
    g = game(hands, dealer=3)
    all_gesund(g)
    g.apply({"seat": 0, "play": "HA"})
    assert sorted(g.legal_plays(1)) == sorted(set(hands[1].split()))


def test_out_of_turn_and_not_in_hand_are_refused():
    hands = hands_with({0: "CA", 1: "C9"})
    g = game(hands, dealer=3)
    all_gesund(g)
    with pytest.raises(IllegalAction) as exc:
        g.apply({"seat": 1, "play": "C9"})
    assert exc.value.code == "not_your_turn"
    missing = next(c for c in ("HT", "CQ", "SQ", "DA") if c not in hands[0].split())
    with pytest.raises(IllegalAction) as exc:
        g.apply({"seat": 0, "play": missing})
    assert exc.value.code == "not_in_hand"


def test_play_before_reservations_are_done_is_refused():
    g = game(seed=2)
    with pytest.raises(IllegalAction) as exc:
        g.apply({"seat": 0, "play": g.hand(0)[0]})
    assert exc.value.code == "wrong_phase"


def test_trick_goes_to_winner_who_leads_next_and_augen_add_up():
    g = normal()
    total = 0
    while g.phase == "play":
        g.apply({"seat": g.to_act, "play": g.legal_plays(g.to_act)[-1]})
        if not g.current_trick and g.tricks:
            t = g.tricks[-1]
            assert g.to_act in (t.winner, None)
            total += t.augen
    assert total == 240 and len(g.tricks) == 12


def test_overtrump_forces_a_higher_trump_when_possible():
    hands = hands_with({0: "DK", 1: "D9 DA SA"}, overtrump=True)
    g = game(hands, dealer=3, overtrump=True)
    all_gesund(g)
    g.apply({"seat": 0, "play": "DK"})
    legal = g.legal_plays(1)
    assert "D9" not in legal and "DA" in legal


def test_schwein_needs_both_fuchse_dealt():
    hands = hands_with({0: "DA DA", 1: "D9"}, schweine=True)
    g = game(hands, dealer=3, schweine=True)
    all_gesund(g)
    g.apply({"seat": 0, "play": "DA", "schwein": True})
    g.apply({"seat": 1, "play": g.legal_plays(1)[0]})
    assert g.actions[-2] == {"seat": 0, "play": "DA", "schwein": True}
    g2 = game(hands_with({1: "DA DA", 0: "D9"}, schweine=True), dealer=3, schweine=True)
    all_gesund(g2)
    g2.apply({"seat": 0, "play": "D9"})
    g2.apply({"seat": 1, "play": "DA", "schwein": True})
    g3 = game(hands_with({0: "DA", 1: "DA"}, schweine=True), dealer=3, schweine=True)
    all_gesund(g3)
    with pytest.raises(IllegalAction) as exc:
        g3.apply({"seat": 0, "play": "DA", "schwein": True})
    assert exc.value.code == "schwein_not_allowed"


def test_five_at_the_table_dealer_sits_out():
    import random

    from dokobot.engine import Game, RuleSet, deal

    hands = deal(RuleSet(), random.Random(5), dealer=1, n_seats=5)
    g = Game(RuleSet(), hands, dealer=1)
    assert g.seats == (2, 3, 4, 0)
    all_gesund(g)
    while g.phase == "play":
        assert g.to_act != 1
        g.apply({"seat": g.to_act, "play": g.legal_plays(g.to_act)[0]})
    r = g.result()
    assert r["score"][1] == 0 and sum(r["score"]) == 0
    assert 1 not in r["re"] + r["kontra"]


def test_overtrump_counts_a_schwein_and_the_second_dulle():
    rules = {"schweine": True, "overtrump": True}
    g = game(hands_with({0: "CJ", 1: "DA DA D9"}, **rules), dealer=3, **rules)
    all_gesund(g)
    g.apply({"seat": 0, "play": "CJ"})
    if not any(c in g.hand(1) for c in ("HT", "CQ", "SQ", "HQ", "DQ")):
        assert "D9" not in g.legal_plays(1)
        with pytest.raises(IllegalAction) as exc:
            g.apply({"seat": 1, "play": "DA"})  # beats only as Schwein
        assert exc.value.code == "must_overtrump"
    g.apply({"seat": 1, "play": "DA", "schwein": True})
    rules = {"dulle": "second_wins", "overtrump": True}
    g = game(hands_with({0: "HT", 1: "HT D9"}, **rules), dealer=3, **rules)
    all_gesund(g)
    g.apply({"seat": 0, "play": "HT"})
    assert g.legal_plays(1) == ["HT"]
