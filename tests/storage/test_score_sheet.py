"""The Spielliste of a table: cumulative points after each finished game."""

from __future__ import annotations

from dokobot.storage import SheetPlayer


def _p(uid, name, bot=False):
    return {"user_id": uid, "name": name, "is_bot": bot}


A, B, C, D, E, F = _p(1, "Anna"), _p(2, "Bernd"), _p(3, "Clara"), _p(4, "Dora"), _p(5, "Emil"), _p(6, "Fritz")


def _result(contract, re, kontra, winner, score):
    return {"contract": contract, "re": re, "kontra": kontra, "winner": winner, "score": score}


async def _play(db, table, players, hands, result):
    g = await db.create_game(table, {"preset": "ddv"}, players, 0, hands)
    await db.finish_game(g, result)
    return g


async def test_score_sheet_cumulates_per_player(db):
    t = await db.open_table(100, 1, 1)
    four = [["CQ"]] * 4
    g1 = await _play(db, t, [A, B, C, D], four, _result("normal", [0, 2], [1, 3], "re", [2, -2, 2, -2]))
    g2 = await _play(db, t, [A, B, C, D], four, _result("redeal", [], [], None, [0, 0, 0, 0]))
    aborted = await db.create_game(t, {}, [A, B, C, D], 1, four)
    await db.abort_game(aborted)
    five_hands = [["CQ"]] * 4 + [[]]  # Emil deals and sits out
    g4 = await _play(
        db, t, [A, B, C, D, E], five_hands, _result("solo:damen", [1], [0, 2, 3], "re", [-1, 3, -1, -1, 0])
    )
    g5 = await _play(db, t, [A, F, C, D], four, _result("normal", [1, 3], [0, 2], "kontra", [1, -1, 1, -1]))
    # booked points may differ from the engine's score (e.g. Bock): the sheet shows the booked ones
    g6 = await db.create_game(t, {}, [A, F, C, D], 0, four)
    await db.finish_game(g6, _result("normal", [0, 1], [2, 3], "re", [1, 1, -1, -1]), {1: 2, 6: 2, 3: -2, 4: -2})

    sheet = await db.score_sheet(t)
    assert sheet.players == [SheetPlayer(u, n, False) for u, n in
                             [(1, "Anna"), (2, "Bernd"), (3, "Clara"), (4, "Dora"), (5, "Emil"), (6, "Fritz")]]
    assert [(r.game_id, r.number) for r in sheet.rows] == [(g1, 1), (g2, 2), (g4, 4), (g5, 5), (g6, 6)]
    assert [r.contract for r in sheet.rows] == ["normal", "redeal", "solo:damen", "normal", "normal"]
    assert sheet.rows[0].totals == {1: 2, 2: -2, 3: 2, 4: -2}
    assert sheet.rows[1].points == {1: 0, 2: 0, 3: 0, 4: 0}
    assert sheet.rows[2].points == {1: -1, 2: 3, 3: -1, 4: -1, 5: 0}
    assert sheet.rows[3].points == {1: 1, 2: 0, 3: 1, 4: -1, 5: 0, 6: -1}
    assert sheet.totals == {1: 4, 2: 1, 3: 0, 4: -6, 5: 0, 6: 1}
    assert sum(sheet.totals.values()) == 0


async def test_empty_score_sheet(db):
    t = await db.open_table(100, 1, 1)
    sheet = await db.score_sheet(t)
    assert sheet.rows == [] and sheet.totals == {}
