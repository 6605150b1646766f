"""House forms through Discord: Klopfen (button, /klopfen, "n× geklopft", no Re/Kontra, the value, the redeal), a named-card Hochzeit, an Armut decided after seeing the cards, a reines Herz solo."""

from __future__ import annotations

from dokobot.engine import replay
from tests.bot.helpers import cid, components, message_text


def said(res) -> str:
    assert res.acknowledged
    if res.followups:
        assert res.followups[-1].ephemeral
        return res.followups[-1].content
    assert res.ephemeral
    return res.response.content


def hand_kinds(doko, actor) -> list[str]:
    return [cid(i).split(":")[1] + ":" + cid(i).split(":")[5] for i in components(doko.hand_view(actor))
            if cid(i).split(":")[1] in ("klopfen", "announce")]


async def test_klopfen_game(doko):
    await doko.open_and_seat()
    nord, ost, sued, west = doko.players
    res = await nord.slash(doko.channel, "doko regeln", schalter="klopfen=ja")
    assert res.ephemeral
    await doko.start()
    await doko.open_all_hands()
    await doko.reserve_all_gesund()
    game = doko.table.game
    assert game.phase == "play" and game.rules.klopfen

    # before the first lead every seat is offered Klopfen, never Re or Kontra
    for p in doko.players:
        kinds = hand_kinds(doko, p)
        assert "klopfen:1" in kinds and "announce:re" not in kinds and "announce:kontra" not in kinds
    res = await ost.slash(doko.channel, "re")
    assert said(res) == "An diesem Tisch wird geklopft statt Re und Kontra angesagt."

    await doko.click_hand(ost, "klopfen")  # by button
    assert any("Ost klopft (1× geklopft)." in m.content for m in doko.public())
    res = await ost.slash(doko.channel, "klopfen")  # twice in a row: refused, nothing changes
    assert said(res) == "Klopfen geht jetzt nicht. Niemand klopft zweimal hintereinander."
    assert doko.table.game.klopfer == [1]
    res = await west.slash(doko.channel, "klopfen")  # by slash command
    assert said(res) == "Du hast geklopft."
    assert "2× geklopft (Ost, West)" in message_text(doko.table_message())
    res = await doko.outsider.slash(doko.channel, "klopfen")  # not seated
    assert res.ephemeral and "geklopft" not in said(res)
    assert doko.table.game.klopfer == [1, 3]

    await doko.click_hand(doko.player(doko.table.game.to_act), "play")
    assert all("klopfen:1" not in hand_kinds(doko, p) for p in doko.players)  # only before the first lead
    res = await sued.slash(doko.channel, "klopfen")
    assert said(res) == "Klopfen geht jetzt nicht. Klopfen geht nur vor der ersten Karte."

    await doko.play_out()
    fin = doko.table.last
    result = replay(fin.record)
    assert result == fin.result.replay_json()
    assert [a for a in fin.record["actions"] if "klopfen" in a] == [
        {"seat": 1, "klopfen": True}, {"seat": 3, "klopfen": True}]
    if result["winner"] is not None:  # ddv: each knock +2 for the winner, like Re/Kontra
        knocks = [b for b in result["breakdown"] if b["label"] == "geklopft"]
        assert [b["points"] for b in knocks] == [2, 2]


async def test_klopfen_redeal_when_nobody_knocks(doko):
    await doko.open_and_seat()
    nord = doko.players[0]
    await nord.slash(doko.channel, "doko regeln", schalter="klopfen=ja klopfen_redeal=ja")
    await doko.start()
    await doko.open_all_hands()
    await doko.reserve_all_gesund()
    first = doko.table.game
    await doko.click_hand(doko.player(first.to_act), "play")
    last = doko.table.last
    assert last.result.contract == "redeal" and last.result.score == (0, 0, 0, 0)
    plays = [a for a in last.record["actions"] if "play" in a]
    assert len(plays) == 1 and plays[0]["seat"] == first.to_act  # the lead ended the game
    assert any("niemand hat geklopft" in m.content for m in doko.public())
    assert doko.table.game_no == 2 and doko.table.game.phase == "reserve"  # the same dealer deals again
    assert doko.table.game.dealer == first.dealer


async def test_named_card_hochzeit_select(doko, rig_deal):
    """With hochzeit=named_card the hand offers the nameable cards as a select, not a plain button."""
    from tests.bot.helpers import find_deal

    rig_deal([find_deal(lambda h: h[0].count("CQ") == 2 and h[0].count("SA") < 2)])
    await doko.open_and_seat()
    nord = doko.players[0]
    await nord.slash(doko.channel, "doko regeln", schalter="hochzeit=named_card")
    await doko.start()
    await doko.open_all_hands()
    game = doko.table.game
    assert game.to_act == 0
    ids = [cid(i).split(":") for i in components(doko.hand_view(nord))]
    assert any(p[1] == "hochzeit" for p in ids)
    assert not any(p[1] == "reserve" and p[5] == "hochzeit" for p in ids)
    await doko.select_hand(nord, "hochzeit", ["SA"])
    while doko.table.game.phase == "reserve":
        await doko.click_hand(doko.player(doko.table.game.to_act), "reserve", "gesund")
    game = doko.table.game
    assert game.contract == "hochzeit" and game.hochzeit_card == "SA"
    assert "Wer zuerst ein Pik-Ass spielt, heiratet." in message_text(doko.table_message())
    doko.assert_private()  # the named card is said in words, not shown as a card
    await doko.play_out()
    fin = doko.table.last
    plays = [(a["seat"], a["play"]) for a in fin.record["actions"] if "play" in a]
    partner = next(seat for seat, card in plays if card == "SA" and seat != 0)
    assert fin.result.contract == "hochzeit" and fin.result.re == tuple(sorted({0, partner}))


async def test_armut_after_with_a_decline_and_announced_trumps(doko, rig_deal):
    """armut_decide=after: the asked seat sees the trumps, hands them back; the next one takes."""
    from dokobot.engine import RuleSet
    from tests.engine.helpers import hands_with

    hands = [h.split() for h in hands_with({1: "D9 CA CA CT CT CK CK SA SA ST HA HK"}, armut=True)]
    assert not any(h.count("CQ") == 2 for h in hands)
    rig_deal([hands])
    await doko.open_and_seat()
    nord, ost, sued, west = doko.players
    await nord.slash(doko.channel, "doko regeln", preset="haus", schalter="armut_decide=after armut_announce=ja")
    assert RuleSet.from_config(doko.table.ruleset.to_config()).armut_decide == "after"
    await doko.start()
    await doko.open_all_hands()
    assert doko.table.game.dealer == 3
    await doko.click_hand(nord, "reserve", "gesund")
    await doko.click_hand(ost, "reserve", "armut")
    await doko.click_hand(sued, "reserve", "gesund")
    await doko.click_hand(west, "reserve", "gesund")
    assert "Ost hat einen Trumpf." in message_text(doko.table_message())
    await doko.click_hand(ost, "armut_give")
    await doko.click_hand(sued, "armut_decline")
    assert any("Sued gibt die Armut zurück." in m.content for m in doko.public())
    assert doko.table.game.taker == 3 and doko.table.game.to_act == 1
    await doko.click_hand(ost, "armut_give")
    back = doko.table.game.hand(3)[-1]
    await doko.select_hand(west, "armut_return", [f"{back}:{len(doko.table.game.hand(3)) - 1}"])
    game = doko.table.game
    assert game.contract == "armut" and {s for s in game.seats if game.party_of(s) == "re"} == {1, 3}
    assert [a for a in game.actions if "armut_decline" in a] == [{"seat": 2, "armut_decline": True}]


async def test_reines_herz_solo(doko):
    await doko.open_and_seat()
    nord = doko.players[0]
    await nord.slash(doko.channel, "doko regeln", schalter="solos=reines_herz,karo")
    await doko.start()
    await doko.open_all_hands()
    first = doko.player(doko.table.game.to_act)
    await doko.select_hand(first, "solo", ["reines_herz"])
    while doko.table.game.phase == "reserve":
        await doko.click_hand(doko.player(doko.table.game.to_act), "reserve", "gesund")
    game = doko.table.game
    assert game.contract == "solo:reines_herz"
    assert "reines Herz-Solo" in message_text(doko.table_message())
    assert not game.is_trump("CQ") and game.is_trump("H9")  # only hearts are trump
    await doko.play_out()
    assert doko.table.last.result.contract == "solo:reines_herz"
    assert len(doko.table.last.result.re) == 1
