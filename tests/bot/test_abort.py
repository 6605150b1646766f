"""Aborting a running game: it does not count, the table says so, the same dealer deals again."""

from __future__ import annotations

from tests.bot.helpers import message_text


async def test_abort_shows_the_table_and_the_same_dealer_deals_again(doko):
    await doko.open_and_seat()
    await doko.start()
    dealer = doko.table.dealer
    await doko.open_all_hands()
    await doko.reserve_all_gesund()
    res = await doko.players[1].slash(doko.channel, "doko abbrechen")  # not the host
    assert res.ephemeral and doko.table.state == "playing"
    res = await doko.players[0].slash(doko.channel, "doko abbrechen")
    assert res.ephemeral and doko.table.state == "between" and doko.table.game is None
    await doko.bot.presenter(doko.table).wait()
    text = message_text(doko.table_message())
    assert "abgebrochen" in text and "zählt nicht" in text
    await doko.players[2].click(doko.table_message(), label="Nächstes Spiel")
    assert doko.table.state == "playing" and doko.table.game_no == 2
    assert doko.table.dealer == dealer
    assert not any(doko.table.totals.values())
