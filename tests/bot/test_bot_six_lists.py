"""SimCord, six at the table: the Vorbehalt select of a kleines Solo names its partner's
card under ``hochzeit: named_card`` (reading 28), and in a Pflichtsolo list the selects
offer only what the seat may reserve (I-sixlist-2)."""

from __future__ import annotations

from tests.bot.helpers import components, message_text, seat_six
from tests.engine.helpers import SIX_ACES

# dealer 3 holds all twelve aces; seat 0 (asked third) holds none, so it may name any ace
SIX_NAMED = [SIX_ACES[3], SIX_ACES[1], SIX_ACES[2], SIX_ACES[0], SIX_ACES[4], SIX_ACES[5]]


def selects(view) -> dict[str, object]:
    return {c.custom_id.split(":")[1]: c for c in components(view) if c.custom_id.split(":")[1] in
            ("solo", "ksolo", "ksolo2", "hochzeit")}


async def test_a_kleines_solo_names_its_partners_card_by_clicks(doko, rig_deal):
    rig_deal([SIX_NAMED])
    await seat_six(doko)
    res = await doko.players[0].slash(doko.channel, "doko regeln", schalter="hochzeit=named_card")
    assert res.ephemeral and doko.table.rules_config.get("hochzeit") == "named_card"
    await doko.start()
    game = doko.table.game
    assert game.rules.preset == "muenchen" and game.rules.hochzeit == "named_card" and game.dealer == 3
    await doko.open_all_hands()
    await doko.click_hand(doko.player(4), "reserve", "gesund")
    await doko.click_hand(doko.player(5), "reserve", "gesund")
    found = selects(doko.hand_view(doko.player(0)))
    assert set(found) == {"solo", "ksolo"}  # no Hochzeit select: the seat has no two CQ
    values = [o.value for o in found["ksolo"].options]
    # reading 39: any card may be named, too many for one select of every kind: each kind once,
    # the card follows in a private question
    assert values == [f"{k}:l:?" for k in game.rules.solos]
    label = next(o.label for o in found["ksolo"].options if o.value == "fleischlos:l:?")
    assert label == "Fleischloser · Lust …"
    assert all(":" in o.value and o.value.count(":") == 1 for o in found["solo"].options)  # großes: no card
    res = await doko.select_hand(doko.player(0), "ksolo", ["fleischlos:l:?"])
    cards = next(c for c in components(res.response) if c["custom_id"].split(":")[1] == "ksolo4")
    named = [o["value"] for o in cards["options"]]
    assert named[:3] == ["fleischlos:l:CA", "fleischlos:l:SA", "fleischlos:l:HA"]  # the plain aces first
    assert "fleischlos:l:CQ" not in named and len(named) <= 25
    label = next(o["label"] for o in cards["options"] if o["value"] == "fleischlos:l:CA")
    assert label == "♣A · Kreuz"
    await doko.player(0).select(res.response, ["fleischlos:l:CA"], custom_id=cards["custom_id"])
    await doko.reserve_all_gesund()
    game = doko.table.game
    assert game.actions[2] == {"seat": 0, "reserve": "solo", "solo": "fleischlos", "size": "klein",
                               "pflicht": False, "card": "CA"}
    assert (game.contract, game.size, game.soloist, game.hochzeit_card) == ("solo:fleischlos", "klein", 0, "CA")
    await doko.play_out()
    last = doko.table.last
    assert last.record["actions"][2]["card"] == "CA"
    assert last.result.contract == "solo:fleischlos" and last.result.size == "klein"
    assert 0 in last.result.re and sum(last.points.values()) == 0
    # seat 3 holds every CA: if one was played, it is the partner (2 against 4)
    if any(a.get("play") == "CA" for a in last.record["actions"]):
        assert last.result.re == (0, 3)


async def test_a_pflicht_list_offers_only_the_owed_pflichtsoli(doko, rig_deal):
    rig_deal([SIX_ACES])
    await seat_six(doko)
    res = await doko.players[0].slash(doko.channel, "doko regeln", schalter="list_games=36 pflichtsolo=ja")
    assert res.ephemeral and doko.table.list_settings.games == 36
    await doko.start()
    await doko.open_all_hands()
    assert "Pflichtsolo offen: " in message_text(doko.table_message())
    assert "(groß, klein)" in message_text(doko.table_message())
    await doko.click_hand(doko.player(4), "reserve", "gesund")
    await doko.click_hand(doko.player(5), "reserve", "gesund")
    view = doko.hand_view(doko.player(0))
    assert "Du schuldest noch dein Pflichtsolo (groß, klein)" in message_text(view)
    found = selects(view)
    solos = doko.table.game.rules.solos
    assert [o.value for o in found["solo"].options] == [f"{k}:p" for k in solos]  # Pflicht only
    assert [o.value for o in found["ksolo"].options] == [f"{k}:p" for k in solos]
    assert {o.label.split(" · ")[1] for o in found["ksolo"].options} == {"Pflicht"}
    await doko.select_hand(doko.player(0), "solo", ["fleischlos:p"])
    await doko.reserve_all_gesund()
    await doko.play_out()
    last = doko.table.last
    assert last.list_step.mark == "pflicht" and last.list_step.size == "gross"
    assert doko.table.list_owes(doko.player(0).id) == ("klein",)
    # the same dealer deals again; Nord now owes only the kleines Pflichtsolo
    rig_deal([SIX_ACES])
    await doko.players[0].click(doko.table_message(), label="Nächstes Spiel")
    assert doko.table.game.dealer == last.dealer
    await doko.open_all_hands()
    await doko.click_hand(doko.player(4), "reserve", "gesund")
    await doko.click_hand(doko.player(5), "reserve", "gesund")
    found = selects(doko.hand_view(doko.player(0)))
    assert "solo" not in found  # no großes Solo before the kleines Pflichtsolo
    assert [o.value for o in found["ksolo"].options] == [f"{k}:p" for k in solos]


async def test_eleven_kleine_soli_name_their_card_in_the_question(doko, rig_deal):
    rig_deal([SIX_NAMED])
    await seat_six(doko)
    kinds = "karo,herz,pik,kreuz,damen,buben,fleischlos,reines_kreuz,reines_pik,reines_herz,reines_karo"
    res = await doko.players[0].slash(doko.channel, "doko regeln", schalter=f"hochzeit=named_card solos={kinds}")
    assert res.ephemeral and len(doko.table.ruleset.solos) == 11
    await doko.start()
    await doko.open_all_hands()
    await doko.click_hand(doko.player(4), "reserve", "gesund")
    await doko.click_hand(doko.player(5), "reserve", "gesund")
    found = selects(doko.hand_view(doko.player(0)))
    assert set(found) == {"solo", "ksolo"}  # eleven kinds fit one select; the card comes after
    assert [o.value for o in found["ksolo"].options] == [f"{k}:l:?" for k in kinds.split(",")]
    res = await doko.select_hand(doko.player(0), "ksolo", ["reines_karo:l:?"])
    cards = next(c for c in components(res.response) if c["custom_id"].split(":")[1] == "ksolo4")
    assert "reines_karo:l:SA" in [o["value"] for o in cards["options"]]
    await doko.player(0).select(res.response, ["reines_karo:l:SA"], custom_id=cards["custom_id"])
    await doko.reserve_all_gesund()
    game = doko.table.game
    assert game.actions[2] == {"seat": 0, "reserve": "solo", "solo": "reines_karo", "size": "klein",
                               "pflicht": False, "card": "SA"}
    assert (game.contract, game.size, game.hochzeit_card) == ("solo:reines_karo", "klein", "SA")
