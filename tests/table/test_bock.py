"""Bock rounds as a pure function of the table's finished games (dokobot.table.bock)."""

from __future__ import annotations

from dokobot.engine import GameResult, RuleSet
from dokobot.table.bock import BockGame, BockState, booked, fired, replay_bock, step

ALL = ("tie", "lost_solo", "lost_announcement")
HAUS = RuleSet.from_config({"preset": "haus"}).bock


def bock_state(history):
    """The Bock state after the games in order (``.multiplier``: the next game's factor)."""
    steps = replay_bock(history)
    return steps[-1].after if steps else BockState()


def result(contract="normal", re=(0, 2), winner="re", augen=(151, 89), value=1):
    re = list(re)
    kontra = [s for s in range(4) if s not in re]
    gainer = re if winner == "re" else kontra if winner == "kontra" else []
    solo = len(re) == 1
    score = [0] * 4
    for s in range(4):
        if gainer:
            sign = 1 if s in gainer else -1
            score[s] = sign * value * (3 if solo and s in re else 1)
    return {
        "contract": contract, "re": re, "kontra": kontra,
        "augen": {"re": augen[0], "kontra": augen[1]}, "winner": winner,
        "game_value": value, "score": score,
    }


def game(res, triggers=ALL, said=()):
    """``res`` None: an aborted game."""
    return BockGame(tuple(triggers), None if res is None else GameResult.from_dict(res), tuple(said))


TIE = result(winner="kontra", augen=(120, 120))
PLAIN = result()
REDEAL = {"contract": "redeal", "re": [], "kontra": [], "augen": {"re": 0, "kontra": 0},
          "winner": None, "game_value": 0, "score": [0, 0, 0, 0]}


def multipliers(history):
    return [s.multiplier for s in replay_bock(history)]


def test_haus_has_tie_and_ddv_none():
    assert HAUS == ("tie",)
    assert RuleSet.from_config({"preset": "ddv"}).bock == ()


def test_tie_makes_the_next_four_games_double():
    history = [game(TIE, HAUS)] + [game(PLAIN, HAUS)] * 5
    assert multipliers(history) == [1, 2, 2, 2, 2, 1]
    assert bock_state(history[:1]) == BockState((4,))
    assert bock_state(history[:1]).multiplier == 2
    assert bock_state(history[:3]).games_left == 2
    assert bock_state(history) == BockState()


def test_bocks_stack_to_four():
    # game 1 ties; game 3 (a Bock game) ties again: games 4 and 5 are covered twice
    history = [game(TIE, HAUS), game(PLAIN, HAUS), game(TIE, HAUS)] + [game(PLAIN, HAUS)] * 5
    assert multipliers(history) == [1, 2, 2, 4, 4, 2, 2, 1]
    assert bock_state(history[:3]) == BockState((2, 4))
    assert bock_state(history[:3]).multiplier == 4


def test_two_triggers_of_one_game_open_two_rounds():
    # Re announced and reached only 120: a tie and a lost announcement at once
    res = result(winner="kontra", augen=(120, 120))
    g = game(res, ALL, said=[(0, "re")])
    assert fired(g) == ("tie", "lost_announcement")
    assert bock_state([g]) == BockState((4, 4)) and bock_state([g]).multiplier == 4


def test_redeals_and_aborts_consume_nothing():
    history = [game(TIE, HAUS), game(PLAIN, HAUS), game(REDEAL, HAUS), game(None, HAUS)]
    history += [game(PLAIN, HAUS)] * 4
    assert multipliers(history) == [1, 2, 1, 1, 2, 2, 2, 1]
    assert bock_state(history[:4]) == BockState((3,))


def test_a_redeal_after_a_tie_sets_nothing_off():
    assert fired(game(REDEAL, ALL)) == ()
    assert fired(game(None, ALL)) == ()


def test_rules_without_bock_count_single_and_drop_pending_rounds():
    history = [game(TIE, HAUS), game(PLAIN, ()), game(PLAIN, HAUS)]
    assert multipliers(history) == [1, 1, 1]
    assert fired(game(TIE, ())) == ()


def test_tie_only_at_exactly_120_each():
    assert fired(game(result(augen=(121, 119)), ALL)) == ()
    assert fired(game(result(winner="kontra", augen=(119, 121)), ALL)) == ()
    assert fired(game(TIE, ("lost_solo",))) == ()


def test_lost_solo():
    lost = result("solo:damen", re=[1], winner="kontra", augen=(100, 140))
    won = result("solo:damen", re=[1], winner="re", augen=(140, 100))
    assert fired(game(lost, ("lost_solo",))) == ("lost_solo",)
    assert fired(game(won, ("lost_solo",))) == ()
    # scored as a solo: a stille Hochzeit, a Hochzeit without partner
    assert fired(game({**lost, "contract": "stille_hochzeit"}, ("lost_solo",))) == ("lost_solo",)
    assert fired(game({**lost, "contract": "hochzeit"}, ("lost_solo",))) == ("lost_solo",)
    # a Hochzeit with partner and a normal game lost by Re are no lost solo
    assert fired(game(result("hochzeit", winner="kontra", augen=(100, 140)), ("lost_solo",))) == ()
    assert fired(game(result(winner="kontra", augen=(100, 140)), ("lost_solo",))) == ()


def test_no_winner_solo_is_lost_only_when_kontra_got_the_value():
    # neither party met its target (both announced); the value goes to whoever is ahead
    kontra_ahead = result("solo:buben", re=[2], winner=None, augen=(100, 140))
    kontra_ahead["score"] = [1, 1, -3, 1]
    soloist_ahead = result("solo:buben", re=[2], winner=None, augen=(140, 100))
    soloist_ahead["score"] = [-1, -1, 3, -1]
    even = result("solo:buben", re=[2], winner=None, augen=(120, 120), value=0)
    assert fired(game(kontra_ahead, ("lost_solo",))) == ("lost_solo",)
    assert fired(game(soloist_ahead, ("lost_solo",))) == ()
    assert fired(game(even, ("lost_solo",))) == ()


def test_lost_announcement():
    trig = ("lost_announcement",)
    re_lost = result(winner="kontra", augen=(119, 121))
    assert fired(game(re_lost, trig, said=[(0, "re")])) == trig  # Re said Re, Kontra won
    assert fired(game(re_lost, trig, said=[(2, "keine90")])) == trig  # any step counts
    assert fired(game(re_lost, trig, said=[(1, "kontra")])) == ()  # Kontra said it and won
    assert fired(game(re_lost, trig)) == ()  # nobody announced
    assert fired(game(result(), trig, said=[(0, "re")])) == ()  # Re said it and won
    # no winner: lost when the other party got the value
    both = result(winner=None, augen=(140, 100))
    both["score"] = [1, -1, 1, -1]
    assert fired(game(both, trig, said=[(0, "keine90"), (1, "keine90")])) == trig
    assert fired(game(both, trig, said=[(0, "keine90")])) == ()


def test_from_record_reads_announcements():
    actions = [{"seat": 0, "reserve": "gesund"}, {"seat": 1, "announce": "kontra"}, {"seat": 1, "play": "CQ"}]
    g = BockGame.from_record(HAUS, GameResult.from_dict(PLAIN), actions)
    assert g.announcements == ((1, "kontra"),) and g.triggers == HAUS


def test_step_and_booked():
    s = step(BockState((1, 4)), game(PLAIN, HAUS))
    assert (s.multiplier, s.fired, s.after) == (4, (), BockState((3,)))
    assert booked([3, -1, -1, -1], 4) == [12, -4, -4, -4]


def test_heart_trick_fires_on_the_engine_flag():
    trig = ("heart_trick",)
    plain, redeal = GameResult.from_dict(PLAIN), GameResult.from_dict(REDEAL)
    assert fired(BockGame(trig, plain, (), heart_trick=True)) == ("heart_trick",)
    assert fired(BockGame(trig, plain, (), heart_trick=False)) == ()
    assert fired(BockGame(("tie",), plain, (), heart_trick=True)) == ()
    assert fired(BockGame(trig, redeal, (), heart_trick=True)) == ()


def test_heart_trick_from_a_played_game():
    from dokobot.engine import Game

    rules = RuleSet.from_config({"preset": "haus", "nines": False, "bock": ["heart_trick"]})
    hands = [
        "HA CQ CQ SQ SQ HQ HQ DQ DQ CJ", "HA CJ SJ SJ HJ HJ DJ DJ DA DA",
        "HK DT DT DK DK CA CA CT CT CK", "HK CK SA SA ST ST SK SK HT HT",
    ]
    g = Game(rules, [h.split() for h in hands], dealer=3)
    for s in range(4):
        g.apply({"seat": s, "reserve": "gesund"})
    for s, c in enumerate(("HA", "HA", "HK", "HK")):
        assert not g.heart_trick
        g.apply({"seat": s, "play": c})
    assert g.heart_trick
    while not g.finished:
        g.apply({"seat": g.to_act, "play": g.legal_plays(g.to_act)[0]})
    res = g.game_result()
    assert res.heart_trick and GameResult.from_dict(res.to_dict()).heart_trick  # kept in storage
    step_ = step(BockState(), BockGame.from_record(rules.bock, res, g.actions, res.heart_trick))
    assert step_.fired == ("heart_trick",)


def test_every_trigger_has_a_summary_line():
    from dokobot.table.bock import TRIGGERS
    from dokobot.text.i18n import has

    assert all(has("sum.bock." + trigger) for trigger in TRIGGERS)
    assert set(TRIGGERS) == set(RuleSet.from_config({"preset": "ddv", "bock": list(TRIGGERS)}).bock)
