"""Bock through Discord: a 120:120 tie on ``haus``, then the table shows Bock ×2."""

from __future__ import annotations

from tests.bot.helpers import message_text, tie_then_plain


async def test_tie_on_haus_makes_the_next_game_bock(doko, store, rig_deal):
    rig_deal(tie_then_plain())
    await doko.open_and_seat()
    nord = doko.players[0]
    res = await nord.slash(doko.channel, "doko regeln", preset="haus")
    assert res.ephemeral
    await doko.start()
    await doko.open_all_hands()
    await doko.reserve_all_gesund()
    await doko.play_out()
    texts = [message_text(m) for m in doko.public()]
    assert any("Gleichstand 120:120 – die nächste Runde ist Bock" in t for t in texts)

    await nord.click(doko.table_message(), label="Nächstes Spiel")
    assert "Bock ×2 · noch 3 Bockspiele" in message_text(doko.table_message())
    await doko.open_all_hands()
    await doko.reserve_all_gesund()
    await doko.play_out()
    fin = doko.table.last
    assert fin.bock == 2
    second = next(g for g in store.games.values() if g.number == 2)
    assert second.scores == {p.user_id: 2 * s for p, s in zip(fin.players, fin.result.score, strict=True)}
    assert any("Punkte (Bock ×2): " in message_text(m) for m in doko.public())
