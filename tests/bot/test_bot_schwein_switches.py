"""The Schwein at the table (one ♦A button that asks, the table says "Schwein") and
the discoverable switches of /doko regeln (autocomplete, errors naming allowed values)."""

from __future__ import annotations

from dokobot.engine import replay
from tests.bot.helpers import cid, components, find_deal, message_text


def play_buttons(view) -> list[str]:
    """The values of the card buttons (``DA``, ``DA:ask``, ...)."""
    return [":".join(cid(i).split(":")[5:-1]) for i in components(view) if cid(i).split(":")[1] == "play"]


async def click_fox(doko, actor):
    view = doko.hand_view(actor)
    item = next(i for i in components(view) if cid(i).split(":")[1] == "play" and cid(i).split(":")[5:7] == ["DA", "ask"])
    return await actor.click(view, custom_id=cid(item))


async def test_one_fox_button_asks_als_schwein_and_the_table_says_schwein(doko, rig_deal):
    # Nord (seat 0, first to lead) holds both Füchse and no Dulle; keeps haus away from Schmeißen/Armut
    rig_deal([find_deal(lambda h: h[0].count("DA") == 2 and "HT" not in h[0] and h[1].count("HT") >= 1
                        and sum(c[1] == "9" for c in h[0]) < 5)])
    await doko.open_and_seat()
    nord, ost = doko.players[0], doko.players[1]
    await nord.slash(doko.channel, "doko regeln", preset="haus")
    await doko.start()
    await doko.open_all_hands()
    while doko.table.game.phase == "reserve":
        seat = doko.table.game.to_act
        await doko.click_hand(doko.player(seat), "reserve", "gesund")
    assert doko.table.game.contract == "normal" and doko.table.game.to_act == 0

    buttons = play_buttons(doko.hand_view(nord))
    assert buttons.count("DA:ask") == 1 and "DA" not in buttons and "DA:s" not in buttons  # ONE ♦A button
    res = await click_fox(doko, nord)
    assert res.ephemeral and res.response is not None
    question = res.response
    assert question.content == "Karo-Ass als Schwein spielen?"
    assert [i["label"] for i in components(question)] == ["als Schwein", "als Fuchs"]
    assert doko.table.game.current_trick == []  # asking plays nothing
    await nord.click(question, label="als Schwein")
    assert doko.fetch(question, nord).content == "Karo-Ass als Schwein gespielt."
    assert not components(doko.fetch(question, nord))  # the question is closed; the hand stays the hand
    game = doko.table.game
    assert game.current_trick == [(0, "DA")] and game.current_schwein == 0
    assert "Nord **♦A** (🐷 Schwein)" in message_text(doko.table_message())
    # Ost plays the Dulle: the Schwein still wins, and the last trick says why
    await doko.click_hand(ost, "play", "HT")
    while len(doko.table.game.tricks) == 0:
        await doko.click_hand(doko.player(doko.table.game.to_act), "play")
    last = doko.table.game.tricks[0]
    assert last.winner == 0 and last.schwein == 0
    last_line = next(line for line in message_text(doko.table_message()).splitlines() if line.startswith("Letzter Stich"))
    assert last_line.startswith("Letzter Stich an Nord") and "Nord **♦A** (🐷 Schwein) · Ost **♥10**" in last_line
    # the second Fox is a plain Fuchs now: its own button, no question any more
    assert "DA:ask" not in play_buttons(doko.hand_view(nord))
    await doko.play_out()
    fin = doko.table.last
    assert replay(fin.record) == fin.result.replay_json()
    assert {"seat": 0, "play": "DA", "schwein": True} in fin.record["actions"]


async def test_als_fuchs_plays_the_plain_ace(doko, rig_deal):
    rig_deal([find_deal(lambda h: h[0].count("DA") == 2 and sum(c[1] == "9" for c in h[0]) < 5)])
    await doko.open_and_seat()
    nord = doko.players[0]
    await nord.slash(doko.channel, "doko regeln", preset="haus")
    await doko.start()
    await doko.open_all_hands()
    while doko.table.game.phase == "reserve":
        await doko.click_hand(doko.player(doko.table.game.to_act), "reserve", "gesund")
    res = await click_fox(doko, nord)
    await nord.click(res.response, label="als Fuchs")
    game = doko.table.game
    assert game.current_trick == [(0, "DA")] and game.current_schwein is None
    assert "Schwein" not in message_text(doko.table_message())
    assert doko.fetch(res.response, nord).content == "Karo-Ass als Fuchs gespielt."
    assert play_buttons(doko.hand_view(nord)).count("DA") == 1  # the hand went on: one ♦A left


async def test_a_stale_schwein_answer_is_refused(doko, rig_deal):
    """The question answered after the game moved on (another ♦A button asked twice): refused, nothing changes."""
    rig_deal([find_deal(lambda h: h[0].count("DA") == 2 and sum(c[1] == "9" for c in h[0]) < 5)])
    await doko.open_and_seat()
    nord = doko.players[0]
    await nord.slash(doko.channel, "doko regeln", preset="haus")
    await doko.start()
    await doko.open_all_hands()
    while doko.table.game.phase == "reserve":
        await doko.click_hand(doko.player(doko.table.game.to_act), "reserve", "gesund")
    first = (await click_fox(doko, nord)).response
    second = (await click_fox(doko, nord)).response
    await nord.click(first, label="als Schwein")
    res = await nord.click(second, label="als Schwein")
    assert res.acknowledged and doko.table.game.current_trick == [(0, "DA")]
    assert res.followups[-1].ephemeral and res.followups[-1].content == "Du bist nicht am Zug – Ost ist dran."
    assert doko.fetch(second, nord).content == "Karo-Ass als Schwein spielen?"  # unchanged: nothing happened


async def test_regeln_autocompletes_names_and_values(doko):
    await doko.open_and_seat()
    nord = doko.players[0]
    choices = await nord.autocomplete(doko.channel, "doko regeln", "schalter", "dul")
    assert [c["value"] for c in choices] == ["dullen=", "dulle="]
    choices = await nord.autocomplete(doko.channel, "doko regeln", "schalter", "armut=ja dulle=")
    assert [c["value"] for c in choices] == [
        "armut=ja dulle=first_wins", "armut=ja dulle=second_wins", "armut=ja dulle=second_wins_except_last"]
    choices = await nord.autocomplete(doko.channel, "doko regeln", "schalter", "solos=karo,re")
    assert [c["value"] for c in choices] == [
        "solos=karo,reines_kreuz", "solos=karo,reines_pik", "solos=karo,reines_herz", "solos=karo,reines_karo"]
    choices = await nord.autocomplete(doko.channel, "doko regeln", "schalter", "pflichtsolo=")
    assert [c["value"] for c in choices] == ["pflichtsolo=ja", "pflichtsolo=nein"]
    choices = await nord.autocomplete(doko.channel, "doko regeln", "schalter", "list")
    assert [c["value"] for c in choices] == ["list_games="]
    assert await nord.autocomplete(doko.channel, "doko regeln", "schalter", "fuchs=") == []
    choices = await nord.autocomplete(doko.channel, "doko regeln", "schalter", "")
    assert len(choices) == 25 and all(len(c["value"]) <= 100 for c in choices)


async def test_a_bad_value_names_the_allowed_ones(doko):
    await doko.open_and_seat()
    nord = doko.players[0]
    res = await nord.slash(doko.channel, "doko regeln", schalter="hochzeit=irgendwie")
    text = res.response.content
    assert "„irgendwie“ passt nicht zum Schalter „hochzeit“." in text
    assert "Erlaubt: first_trick, first_color_trick, first_trump_trick, named_card, first_pure_color_trick, choice." in text
    res = await nord.slash(doko.channel, "doko regeln", schalter="list_games=viele")
    assert "Erlaubt: 0..999." in res.response.content
    res = await nord.slash(doko.channel, "doko regeln", schalter="pflichtsolo=vielleicht")
    assert "Erlaubt: ja, nein." in res.response.content
    res = await nord.slash(doko.channel, "doko regeln", schalter="pflichtsoli=ja")
    assert res.response.content == "Einen Schalter „pflichtsoli“ gibt es hier nicht. Meintest du: pflichtsolo?"
    res = await nord.slash(doko.channel, "doko regeln", schalter="fuchs=ja")
    assert "gibt es hier nicht" in res.response.content and "Meintest" not in res.response.content
    assert doko.table.rules_config == {"preset": "ddv"} and not doko.table.list_settings.active
