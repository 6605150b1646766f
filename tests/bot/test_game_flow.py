"""Whole games through slash commands and clicks only; the summary matches replay."""

from __future__ import annotations

from tests.bot.helpers import assert_summary_matches_replay, find_deal, message_text


async def test_normal_game_with_announcements(doko, store, rig_deal):
    # Nord (seat 0, Vorhand) and Sued hold a Kreuz-Dame: Re; Ost and West: Kontra.
    rig_deal([find_deal(lambda h: "CQ" in h[0] and "CQ" in h[2] and h[0].count("CQ") == 1)])
    await doko.to_the_first_card()
    nord, ost = doko.players[0], doko.players[1]

    res = await nord.slash(doko.channel, "re")  # by slash command, before the first card
    assert res.acknowledged and res.ephemeral
    assert any("Nord sagt **Re**" in m.content for m in doko.public())

    await doko.click_hand(ost, "announce", "kontra")  # by button in the private hand
    assert any("Ost sagt **Kontra**" in m.content for m in doko.public())
    embed = doko.table_message().embeds[0].description
    assert "Ansagen: Re (Nord) · Kontra (Ost)" in embed

    await doko.play_out()
    result = assert_summary_matches_replay(doko, doko.bot.store, 1)
    assert result["contract"] == "normal" and sorted(result["re"]) == [0, 2]
    labels = [b["label"] for b in result["breakdown"]]
    assert "Re angesagt" in labels and "Kontra angesagt" in labels
    summary = doko.table_message()
    assert [c.label for c in summary.components[0].children] == ["Nächstes Spiel", "Protokoll", "Tisch schließen"]


async def test_solo(doko, rig_deal):
    rig_deal([find_deal(lambda h: True)])
    await doko.open_and_seat()
    await doko.start()
    await doko.open_all_hands()
    nord = doko.players[0]
    await doko.select_hand(nord, "solo", ["damen"])
    for seat in (1, 2, 3):
        await doko.click_hand(doko.player(seat), "reserve", "gesund")
    assert any("Nord spielt ein Damen-Solo." in m.content for m in doko.public())
    assert "Spiel: Damen-Solo (Nord)" in doko.table_message().embeds[0].description
    # Under a Damen-Solo only queens are trumps: the hand shows that.
    view = doko.hand_view(nord)
    trump_line = next(line for line in view.content.splitlines() if line.startswith("Trumpf"))
    assert "B" not in trump_line.replace("Trumpf", "")
    await doko.play_out()
    result = assert_summary_matches_replay(doko, doko.bot.store, 1)
    assert result["contract"] == "solo:damen" and result["re"] == [0]
    assert result["score"][0] == -3 * result["score"][1] and sum(result["score"]) == 0


async def test_hochzeit(doko, rig_deal):
    rig_deal([find_deal(lambda h: h[1].count("CQ") == 2)])
    await doko.open_and_seat()
    await doko.start()
    await doko.open_all_hands()
    await doko.click_hand(doko.players[0], "reserve", "gesund")
    await doko.click_hand(doko.players[1], "reserve", "hochzeit")
    for seat in (2, 3):
        await doko.click_hand(doko.player(seat), "reserve", "gesund")
    assert any("Ost hat eine Hochzeit." in m.content for m in doko.public())
    await doko.play_out()
    notices = [m.content for m in doko.public()]
    assert any("heiratet Ost" in n or "Ost spielt die Hochzeit allein" in n for n in notices)
    result = assert_summary_matches_replay(doko, doko.bot.store, 1)
    assert result["contract"] == "hochzeit" and 1 in result["re"]


async def test_stille_hochzeit_looks_like_a_normal_game(doko, rig_deal):
    rig_deal([find_deal(lambda h: h[2].count("CQ") == 2)])
    await doko.to_the_first_card()
    text = message_text(doko.table_message())
    assert "Hochzeit" not in text and "Parteien" not in text and "Spiel:" not in text
    assert "(du bist Re)" in doko.hand_view(doko.players[2]).content
    assert "(du bist Kontra)" in doko.hand_view(doko.players[0]).content
    await doko.play_out()
    assert doko.table.last.result.contract == "stille_hochzeit"


async def test_next_game_moves_the_dealer_and_keeps_the_sheet(doko):
    await doko.to_the_first_card()
    assert "Geber: West · Vorhand: Nord" in doko.table_message().embeds[0].description
    await doko.play_out()
    first = doko.table_message()
    first_points = dict(doko.table.totals)
    await doko.players[2].click(first, label="Nächstes Spiel")
    assert doko.table.game_no == 2 and doko.table.state == "playing"
    second = doko.table_message()
    assert second.id != first.id
    assert "Geber: Nord · Vorhand: Ost" in second.embeds[0].description
    old = next(m for m in doko.public() if m.id == first.id)
    assert old.components == [] and old.embeds[0].description.startswith(("Re gewinnt", "Kontra gewinnt", "Keiner"))
    # The open hands now show the new game.
    assert "Spiel 2" in doko.hand_view(doko.players[0]).content
    await doko.reserve_all_gesund()
    await doko.play_out()
    result = doko.table.last.result.replay_json()
    for seat, player in enumerate(doko.players):
        assert doko.table.totals[player.id] == first_points[player.id] + result["score"][seat]
    sheet = doko.table_message().embeds[0].description.splitlines()[-1]
    assert sheet.startswith("Spielliste: Nord")


async def test_close_table(doko):
    await doko.to_the_first_card()
    await doko.play_out()
    await doko.players[0].click(doko.table_message(), label="Tisch schließen")
    assert doko.bot.tables.get(doko.channel.id) is None
    assert any("Der Tisch wurde von" in m.content for m in doko.public())
    res = await doko.players[1].slash(doko.channel, "doko tisch")  # a new table may open
    assert res.acknowledged and doko.bot.tables.get(doko.channel.id) is not None
