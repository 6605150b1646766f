"""A 24-game Pflichtsolo list through Discord (rules.md "Lists and Pflichtsoli").

What the players see and click goes through SimCord: the switches, the
Pflichtsolo chosen in the hand, the table's "game n of N" and who still owes,
the vorgeführte hand (no "Gesund", only the solo select), the summaries that
mark a Pflichtsolo and a vorgeführtes Solo, a restart in the middle, the final
ranking. The ordinary games in between are played through the table itself
(the same path a click takes after Discord), so the long list stays quick.
"""

from __future__ import annotations

import re

from dokobot.bot.client import DokoBot
from dokobot.bot.config import Config
from dokobot.engine import replay
from tests.bot.helpers import cid, components, message_text, quick_game, shown


def hand_items(doko, actor) -> list[str]:
    parts = [cid(i).split(":") for i in components(doko.hand_view(actor))]
    return [p[1] + ":" + (p[5] if len(p) > 5 else "") for p in parts]


async def test_24_game_pflichtsolo_list_with_a_vorgefuehrtes_solo(doko, store):
    await doko.open_and_seat()
    nord, ost, sued, west = doko.players
    res = await nord.slash(doko.channel, "doko regeln", schalter="list_games=24 pflichtsolo=ja")
    assert res.acknowledged and doko.table.list_settings.games == 24
    res = await nord.slash(doko.channel, "doko regeln")  # the short page: what differs from the preset
    assert "• **Liste** (`list_games`): 24 Spiele, mit Pflichtsolo" in message_text(res.response)
    res = await nord.slash(doko.channel, "doko regeln", alle=True)
    assert "Liste: 24 Spiele · mit Pflichtsolo" in message_text(res.response)

    # Game 1: Nord chooses his Pflichtsolo in the hand; he leads; the same dealer deals again.
    await doko.start()
    text = await shown(doko)
    assert "Liste: Spiel 1 von 24" in text and "Pflichtsolo offen: Nord, Ost, Sued, West" in text
    await doko.open_all_hands()
    assert "Ein Solo wäre dein Pflichtsolo" in doko.hand_view(nord).content
    await doko.select_hand(nord, "solo", ["damen"])
    await doko.reserve_all_gesund()
    assert doko.table.game.to_act == 0
    assert "Pflichtsolo von Nord: zusätzlich zu den 24 Listenspielen, Nord spielt aus" in message_text(doko.table_message())
    await doko.play_out()
    first = doko.table.last
    assert first.list_step.mark == "pflicht" and first.record["rules"]["solo_lead"] == "soloist"
    assert replay(first.record) == first.result.replay_json()
    assert "Pflichtsolo von Nord: zählt nicht als Listenspiel, West gibt noch einmal." in message_text(doko.table_message())
    await nord.click(doko.table_message(), label="Nächstes Spiel")
    assert doko.table.game.dealer == first.dealer
    text = await shown(doko)
    assert "Liste: Spiel 1 von 24" in text and "Pflichtsolo offen: Ost, Sued, West" in text

    for _ in range(5):
        await quick_game(doko)
    await quick_game(doko, {1: "buben"})  # Ost's Pflichtsolo, chosen: still 5 list games played
    assert doko.table.last.list_step.mark == "pflicht"
    assert "Spiel 6 von 24" in await shown(doko) or doko.table.state == "between"

    # A restart in the middle of the list: everything is derived again from the stored games.
    while doko.table.list_state.counted < 12:
        await quick_game(doko)
    await doko.table.next_game(nord.id, doko.table.game_no)
    before = (doko.table.list_state, doko.table.game.pflicht, doko.table.game_no)
    await doko.env.restart_bot(DokoBot(Config(), store=store, rng=doko.bot.tables.rng))
    assert (doko.table.list_state, doko.table.game.pflicht, doko.table.game_no) == before
    text = await shown(doko)
    assert "Liste: Spiel 13 von 24" in text and "Pflichtsolo offen: Sued, West" in text

    while doko.table.list_state.counted < 22:
        await quick_game(doko)
    # Two games left, two Pflichtsoli owed: Sued (first from the dealer's left) is vorgeführt.
    await shown(doko)
    await nord.click(doko.table_message(), label="Nächstes Spiel")
    game = doko.table.game
    assert game.vorgefuehrt == 2 and game.to_act == 2
    text = message_text(doko.table_message())
    assert "Liste: Spiel 23 von 24" in text and "Sued ist vorgeführt" in text
    await doko.open_all_hands()
    items = hand_items(doko, sued)
    assert "solo:" in items and not any(i.startswith("reserve:") for i in items)  # no Gesund, no Hochzeit
    assert "Du bist vorgeführt" in doko.hand_view(sued).content
    await doko.select_hand(sued, "solo", ["fleischlos"])
    assert not any(i.startswith("solo:") for i in hand_items(doko, west))  # no other solo in this game
    await doko.reserve_all_gesund()
    assert doko.table.game.contract == "solo:fleischlos" and doko.table.game.to_act == 2
    await quick_game(doko)
    fin = doko.table.last
    assert fin.list_step.mark == "vorgefuehrt" and fin.list_step.list_game == 23
    summary = message_text(doko.table_message())
    assert "Vorgeführtes Solo von Sued (Pflichtsolo)" in summary and "Listenspiel 23 von 24" in summary

    # The last game: West is vorgeführt; the deal moved on after Sued's solo.
    await nord.click(doko.table_message(), label="Nächstes Spiel")
    assert doko.table.game.dealer == (fin.dealer + 1) % 4 and doko.table.game.vorgefuehrt == 3
    await quick_game(doko, {3: "karo"})
    final = await shown(doko)
    assert "Vorgeführtes Solo von West (Pflichtsolo)" in final and "Listenspiel 24 von 24" in final
    assert "Die Liste (24 Spiele) ist zu Ende. Endstand:" in final
    ranking = re.findall(r"^(\d)\. (\S+) ([+−]\d+|0)$", final, re.M)
    assert [r[0] for r in ranking] == ["1", "2", "3", "4"] and {r[1] for r in ranking} == {"Nord", "Ost", "Sued", "West"}
    booked = [g for g in store.games.values() if g.result is not None]
    assert len(booked) == 26  # 24 list games and two chosen Pflichtsoli
    points = {name: int(p.replace("−", "-")) for _, name, p in ranking}
    for member, name in ((nord, "Nord"), (ost, "Ost"), (sued, "Sued"), (west, "West")):
        assert points[name] == sum(g.scores[member.id] for g in booked)
    # and the next game starts a new list
    await nord.click(doko.table_message(), label="Nächstes Spiel")
    assert "Liste: Spiel 1 von 24" in message_text(doko.table_message())
