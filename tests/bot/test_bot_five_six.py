"""SimCord: five (all play) and six (Münchener Regeln) at one table, by clicks (issue 13).

The lobby grows to six seats; Starten picks the game from the number seated
(six: ``muenchen``; five: the ``five`` switch). A six-player game with a
kleines Solo and one with bidding between equal solos are played by clicks,
the privacy scan running at every card.
"""

from __future__ import annotations

from tests.bot.helpers import components, message_text, seat_more, seat_six
from tests.engine.helpers import SIX_ACES


async def test_six_seated_play_the_muenchener_rules_with_a_kleines_solo(doko, rig_deal):
    rig_deal([SIX_ACES])
    await seat_six(doko)
    lobby = message_text(doko.table_message())
    assert "6. Gast0" in lobby and "Zu sechst: Münchener Regeln" in lobby
    await doko.start()
    game = doko.table.game
    assert game.rules.preset == "muenchen" and game.n == 6 and all(len(h) == 12 for h in game.record()["hands"])
    await doko.open_all_hands()
    # the first game's dealer is seat 3: seat 4 is asked first, seat 0 (all twelve aces) third
    await doko.click_hand(doko.player(4), "reserve", "gesund")
    await doko.click_hand(doko.player(5), "reserve", "gesund")
    view = doko.hand_view(doko.player(0))
    selects = {c.custom_id.split(":")[1]: c for c in components(view) if c.custom_id.split(":")[1] in ("solo", "ksolo")}
    assert set(selects) == {"solo", "ksolo"}
    # no Pflichtsolo list at this table: every solo is a Lustsolo (I-sixlist-2)
    assert [o.value for o in selects["ksolo"].options] == [f"{k}:l" for k in game.rules.solos]
    await doko.select_hand(doko.player(0), "ksolo", ["fleischlos:l"])
    await doko.reserve_all_gesund()
    game = doko.table.game
    assert (game.contract, game.size, game.soloist, game.to_act) == ("solo:fleischlos", "klein", 0, 0)
    assert game.actions[2] == {"seat": 0, "reserve": "solo", "solo": "fleischlos", "size": "klein", "pflicht": False}
    await doko.play_out()
    last = doko.table.last
    # the soloist wins every trick, so nobody becomes the partner: 1 against 5, value 7
    assert last.result.contract == "solo:fleischlos" and last.result.size == "klein"
    assert last.result.score == (35, -7, -7, -7, -7, -7)
    assert sorted(last.points.values()) == [-7, -7, -7, -7, -7, 35]
    assert doko.table.state == "between"


async def test_equal_solos_at_six_bid_by_buttons(doko, rig_deal):
    rig_deal([SIX_ACES])
    await seat_six(doko)
    await doko.start()
    await doko.open_all_hands()
    await doko.click_hand(doko.player(4), "reserve", "gesund")
    await doko.select_hand(doko.player(5), "solo", ["damen:l"])
    await doko.select_hand(doko.player(0), "solo", ["fleischlos:l"])
    await doko.reserve_all_gesund()
    assert doko.table.game.phase == "bid" and doko.table.game.to_act == 0
    labels = [c.label for c in components(doko.hand_view(doko.player(0))) if c.custom_id.startswith("doko:bid")]
    assert labels == ["Re", "Passe"]  # reading 42: the bid begins with Re
    await doko.click_hand(doko.player(0), "bid", "re")  # the later seat names Re
    await doko.click_hand(doko.player(5), "bid", "re")  # the earlier one holds it
    labels = [c.label for c in components(doko.hand_view(doko.player(0))) if c.custom_id.startswith("doko:bid")]
    assert labels == ["keine 135", "keine 90", "keine 60", "keine 30", "schwarz", "Passe"]
    await doko.click_hand(doko.player(0), "bid", "keine90")  # then any higher step
    await doko.click_hand(doko.player(5), "bid", "keine90")  # the earlier one holds it
    await doko.click_hand(doko.player(0), "bid", "keine60")
    await doko.click_hand(doko.player(5), "bid", "pass")
    game = doko.table.game
    assert (game.phase, game.soloist, game.announcements) == ("play", 0, [(0, "keine60")])
    await doko.play_out()
    last = doko.table.last
    assert last.result.contract == "solo:fleischlos" and last.result.winner == "re"
    assert sum(last.points.values()) == 0


async def test_five_all_play_by_the_hosts_choice(doko):
    await seat_six(doko, 5)
    assert "Zu fünft: der Geber setzt jeweils aus" in message_text(doko.table_message())
    res = await doko.players[0].slash(doko.channel, "doko regeln", schalter="five=all_play")  # the host
    assert res.ephemeral and doko.table.rules_config.get("five") == "all_play"
    assert "Zu fünft: alle spielen mit" in message_text(doko.table_message())
    await doko.start()
    game = doko.table.game
    assert game.rules.all_play and game.n == 5 and [len(h) for h in game.record()["hands"]] == [8] * 5
    assert "setzt aus" not in message_text(doko.table_message())  # all five play
    await doko.open_all_hands()
    await doko.reserve_all_gesund()
    await doko.play_out()
    last = doko.table.last
    assert len(last.points) == 5 and sum(last.points.values()) == 0
    if not last.result.is_redeal and last.result.value:
        re_, kontra = len(last.result.re), len(last.result.kontra)
        assert (re_, kontra) in ((2, 3), (1, 4))


async def test_a_seventh_waits_and_starten_is_off_below_four(doko):
    await doko.players[0].slash(doko.channel, "doko tisch")
    start = next(c for c in components(doko.table_message()) if c.label == "Starten")
    assert start.disabled  # one seated: Starten needs four to six
    for p in doko.players[1:]:
        await p.click(doko.table_message(), label="Beitreten")
    await seat_more(doko, 2)
    seventh = doko.guild.add_member(doko.env.create_user("Sieben"))
    await seventh.click(doko.table_message(), label="Beitreten")
    assert len(doko.table.seats) == 6 and [w.user_id for w in doko.table.waiting] == [seventh.id]


# Dealer 3: seat 4 leads its Dulle and wins the first trick; seat 0 holds two CQ,
# seat 2 the third one (it stays hidden until seat 2 plays it).
SIX_KLEINE_HOCHZEIT = [h.split() for h in (
    "CQ CQ SQ SQ SQ HQ HQ HQ DQ DQ DQ DJ",  # seat 0: the Hochzeit
    "CA CA CA CT CT CT CK CK CK C9 C9 C9",  # seat 1
    "CQ CJ CJ CJ SJ SJ SJ HJ HJ HJ DJ DJ",  # seat 2: the third CQ
    "SA SA SA ST ST ST SK SK SK S9 S9 S9",  # seat 3
    "HT HT HT DA DA DA DT DT DT DK DK DK",  # seat 4: wins the first trick
    "HA HA HA HK HK HK H9 H9 H9 D9 D9 D9",  # seat 5
)]


async def play_card(doko, seat: int, card: str) -> None:
    doko.assert_private()
    assert doko.table.game.to_act == seat
    await doko.click_hand(doko.player(seat), "play", card)


async def test_six_play_a_kleine_hochzeit_and_the_table_tells_the_parties_when_public(doko, rig_deal):
    rig_deal([SIX_KLEINE_HOCHZEIT])
    await seat_six(doko)
    await doko.start()
    await doko.open_all_hands()
    names = [doko.player(s).name for s in range(6)]
    await doko.click_hand(doko.player(4), "reserve", "gesund")
    await doko.click_hand(doko.player(5), "reserve", "gesund")
    await doko.click_hand(doko.player(0), "reserve", "hochzeit")
    await doko.reserve_all_gesund()
    game = doko.table.game
    assert (game.contract, game.phase, game.to_act, game._re) == ("hochzeit:klein", "play", 4, {0, 2})
    text = message_text(doko.table_message())
    assert f"kleine Hochzeit ({names[0]})" in text
    # all six play (nobody sits out), under the Münchener Regeln whatever the table's preset
    assert "Regeln: Münchener Regeln" in text and "setzt aus" not in text
    assert all(f"{n} 0" in text.split("Stiche:")[1] for n in names)
    assert f"Re: {names[0]}" in text and names[2] not in text.split("Re:")[1].split("\n")[0]
    assert "Kontra:" not in text  # nobody's party but the holder's is public yet
    for seat, card in ((4, "HT"), (5, "D9"), (0, "DJ"), (1, "CA"), (2, "CJ"), (3, "SA")):
        await play_card(doko, seat, card)
    # seat 4 won the first trick: it marries the holder, a kleine Hochzeit 3 against 3;
    # the third CQ (seat 2) is not public yet, so neither is any Kontra seat
    game = doko.table.game
    assert (game.partner, game.contract, game._re) == (4, "hochzeit:klein", {0, 2, 4})
    assert any(f"{names[4]} heiratet {names[0]}." in message_text(m) for m in doko.public())
    text = message_text(doko.table_message())
    re_line = next(line for line in text.splitlines() if "Re:" in line)
    assert names[0] in re_line and names[4] in re_line and names[2] not in re_line and "Kontra:" not in re_line
    # trick 2: seat 4 leads again; seat 2 shows its CQ, so every party is public
    for seat, card in ((4, "HT"), (5, "D9"), (0, "SQ"), (1, "CA"), (2, "CQ"), (3, "SA")):
        await play_card(doko, seat, card)
    text = message_text(doko.table_message())
    line = next(line for line in text.splitlines() if "Re:" in line)
    re_part, kontra_part = line.split("Kontra:")
    assert all(names[s] in re_part for s in (0, 2, 4)) and all(names[s] in kontra_part for s in (1, 3, 5))
    await doko.play_out()
    last = doko.table.last
    assert last.result.contract == "hochzeit:klein" and sorted(last.result.re) == [0, 2, 4]
    assert sum(last.points.values()) == 0 and len({last.points[doko.player(s).id] for s in (0, 2, 4)}) == 1
