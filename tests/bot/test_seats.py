"""Issue 11: people come and go (SimCord, virtual time).

Whose turn it is (one public line per table), idle players (reminder, a
computer takes over, the person takes the seat back by clicking), a restart
keeps the deadline, a seat handed over mid-game, five at the table with the
dealer sitting out, a waiting list, the Spielliste after closing, and the
rules of a channel before its table opens. Every step keeps the privacy scan.
"""

from __future__ import annotations

import discord

from dokobot.bot.client import DokoBot
from dokobot.bot.config import Config
from tests.bot.helpers import FAST, TURN, components, message_text, set_switches, turn_lines


async def act_once(doko) -> None:
    """The person to act does the first thing their hand offers (Gesund or a card)."""
    game = doko.table.game
    actor = doko.player(game.to_act)
    if actor.id not in doko.hands:
        await doko.open_hand(actor)
    await doko.click_hand(actor, "reserve" if game.phase == "reserve" else "play",
                          "gesund" if game.phase == "reserve" else None)


def channel_posts_and_deletes(doko, since: int) -> list[tuple[str, str]]:
    """The posts and deletes in the channel since request number ``since`` (SimCord's log)."""
    return [(r.method, r.path) for r in doko.env.http_requests[since:]
            if r.path.startswith(f"/channels/{doko.channel.id}/") and r.method in ("POST", "DELETE")]


async def test_the_turn_line_pings_the_first_turn_only(doko):
    """Issue 20: a ping only when it helps, the first turn of a game (and the reminder, below).
    A turn passes without a post and a delete; the table message says whose turn it is."""
    await doko.open_and_seat()
    await doko.start()
    await doko.open_all_hands()
    seat = doko.table.game.to_act
    [line] = turn_lines(doko)
    assert line.content == f"<@{doko.player(seat).id}> {TURN}"
    await act_once(doko)
    assert turn_lines(doko) == [] and line.id not in {m.id for m in doko.public()}  # gone once they acted
    for _ in range(7):  # the other three Vorbehalte, then four cards: no line, no post, no delete
        seat = doko.table.game.to_act
        assert f"am Zug: {doko.table.names[seat]}" in message_text(doko.table_message())
        before = len(doko.env.http_requests)
        await act_once(doko)
        doko.assert_private()
        assert channel_posts_and_deletes(doko, before) == [] and turn_lines(doko) == []
    await doko.play_out()
    assert turn_lines(doko) == []  # nobody to act between games
    await doko.players[0].click(doko.table_message(), label="Nächstes Spiel")
    assert [m.content for m in turn_lines(doko)] == [f"<@{doko.player(doko.table.game.to_act).id}> {TURN}"]
    await doko.open_all_hands()
    await doko.reserve_all_gesund()
    await doko.play_out()
    # the channel setting switches the mentions off
    await set_switches(doko, "mentions=aus")
    await doko.players[0].click(doko.table_message(), label="Nächstes Spiel")
    await doko.open_all_hands()
    assert doko.table.state == "playing" and turn_lines(doko) == []
    await act_once(doko)
    assert doko.table.state == "playing" and turn_lines(doko) == []


async def test_mentions_switch_is_a_channel_setting_on_the_rules_page(doko):
    await doko.open_and_seat()
    await set_switches(doko, "mentions=aus turn_timeout=120 on_timeout=wait")
    s = doko.table.settings
    assert (s.mentions, s.turn_timeout, s.on_timeout) == (False, 120, "wait")
    short = (await doko.players[1].click(doko.table_message(), label="Regeln")).response
    assert "• **Zugzeit** (`turn_timeout`): 120 s\n" in short.embeds[0].description  # differs from the default
    assert "• **Erwähnungen** (`mentions`): aus\n" in short.embeds[0].description
    page = (await doko.players[1].click(short, label="Alle Regeln")).response.embeds[0]  # every rule: one click
    shown = "\n".join([page.description, *(f.value for f in page.fields)])
    assert "**Zugzeit** (`turn_timeout`): 120 s – " in shown
    assert "**Nach der Zugzeit** (`on_timeout`): warten, Gastgeber entscheidet – " in shown
    assert "**Erwähnungen** (`mentions`): aus – " in shown
    res = await doko.players[1].slash(doko.channel, "doko regeln", schalter="turn_timeout=60")
    assert res.ephemeral and "Gastgeber" in message_text(res.response) and doko.table.settings.turn_timeout == 120
    res = await doko.players[0].slash(doko.channel, "doko regeln", schalter="on_timeout=später")
    assert "on_timeout" in message_text(res.response) and doko.table.settings.on_timeout == "wait"
    await doko.start()
    assert turn_lines(doko) == []  # mentions off
    res = await doko.players[0].slash(doko.channel, "doko regeln", schalter="turn_timeout=30")
    assert doko.table.settings.turn_timeout == 120  # between games only


async def test_an_idle_player_is_reminded_replaced_and_takes_the_seat_back(doko):
    await doko.open_and_seat()
    await set_switches(doko, "turn_timeout=120 on_timeout=computer")
    await doko.start()
    await doko.open_all_hands()
    await doko.reserve_all_gesund()
    idle = doko.player(doko.table.game.to_act)
    seat = doko.table.game.to_act
    await doko.env.advance_time(59)
    assert turn_lines(doko) == []  # the first turn of the game was pinged, this one is not (yet)
    await doko.env.advance_time(2)  # half time: the reminder mentions the player
    [line] = turn_lines(doko)
    assert line.content.startswith(f"<@{idle.id}>, du bist noch am Zug – in 60 s spielt ein Computer für dich")
    assert idle.id not in doko.table.away
    before = len(doko.table.game.record()["actions"])
    await doko.env.advance_time(60)  # time is up: a computer plays the seat
    assert any("war zu lange weg" in m.content for m in doko.public())
    assert idle.id in doko.table.away
    assert [a["seat"] for a in doko.table.game.record()["actions"][before:]][:1] == [seat]  # the computer played
    doko.assert_private()
    assert "Computer für" in message_text(doko.table_message())  # marked on the table
    # the idle player clicks anything again: the seat is theirs
    await doko.open_hand(idle)
    assert idle.id not in doko.table.away
    assert "Computer für" not in message_text(doko.table_message())
    await doko.open_all_hands()
    await doko.play_out()
    assert doko.table.state == "between" and doko.table.last.players[seat].user_id == idle.id


async def test_with_wait_the_host_hands_the_seat_to_a_computer(doko):
    await doko.open_and_seat()
    await set_switches(doko, "turn_timeout=60 on_timeout=wait")
    await doko.start()
    await doko.open_all_hands()
    await doko.reserve_all_gesund()
    while doko.table.game.to_act == 0:  # the idle one is not the host
        await act_once(doko)
    seat = doko.table.game.to_act
    idle = doko.player(seat)
    await doko.env.advance_time(61)
    assert doko.table.stalled == seat and idle.id not in doko.table.away
    assert any("zu lange nicht am Zug" in m.content for m in doko.public())
    labels = [c.label for c in components(doko.table_message())]
    assert "Computer übernimmt" in labels and "Spiel abbrechen" in labels
    res = await idle.click(doko.table_message(), label="Computer übernimmt")
    assert res.followups and "Gastgeber" in res.followups[0].content  # only the host decides
    assert idle.id not in doko.table.away
    await doko.players[0].click(doko.table_message(), label="Computer übernimmt")
    assert idle.id in doko.table.away and doko.table.stalled is None
    assert len(doko.table.game.record()["actions"]) > 4  # the computer played for the seat


async def test_a_restart_keeps_the_deadline(doko, store, deals):
    await doko.open_and_seat()
    await set_switches(doko, "turn_timeout=120")
    await doko.start()
    await doko.open_all_hands()
    await doko.reserve_all_gesund()
    idle = doko.player(doko.table.game.to_act)
    deadline = doko.table.turn.deadline
    await doko.env.advance_time(100)
    await doko.bot.close()  # a clean shutdown (SIGTERM): open hands say they are out of date
    await doko.env.restart_bot(DokoBot(Config(), store=store, computer_skill=FAST, computer_delay=0, rng=deals))
    assert doko.table.turn is not None and doko.table.turn.deadline == deadline  # not a fresh 120 s
    assert [m.content for m in turn_lines(doko)] == [f"<@{idle.id}> {TURN}"]  # one line, the new process's
    assert idle.id not in doko.table.away
    await doko.env.advance_time(21)
    assert idle.id in doko.table.away  # the stored deadline ran out
    # the open hands said before the restart that they will not be updated
    assert doko.hand_view(doko.players[1]).content.startswith("*veraltet")


async def test_a_seat_handed_over_mid_game_and_the_new_player_finishes(doko, store):
    await doko.to_the_first_card()
    for _ in range(3):
        await act_once(doko)
    ost, new = doko.players[1], doko.outsider
    res = await ost.slash(doko.channel, "doko platz", nummer=2, aktion="übergeben", spieler=new)
    assert "Gastgeber" in message_text(res.response) and doko.table.seats[1].user_id == ost.id
    res = await doko.players[0].slash(doko.channel, "doko platz", nummer=2, aktion="übergeben", spieler=new)
    assert doko.table.seats[1].user_id == new.id
    assert any("Kiebitz übernimmt den Platz von Ost" in m.content for m in doko.public())
    # the old player loses access at once: the open hand says so, a click is refused
    assert doko.hand_view(ost).content == "Dieser Platz gehört jetzt jemand anderem."
    res = await ost.click(doko.table_message(), label="Meine Karten")
    assert res.ephemeral and res.response.content == "Du sitzt nicht an diesem Tisch."
    doko.players[1] = new
    await doko.open_hand(new)
    await doko.play_out()
    last = doko.table.last
    assert last.players[1].user_id == new.id and new.id in last.points and ost.id not in last.points
    stored = store.games[doko.table.game_id]
    assert stored.players[1].user_id == new.id and new.id in stored.scores
    sheet = (await new.slash(doko.channel, "doko liste")).response.embeds[0]
    assert "Kiebitz" in sheet.description and "Ost" not in sheet.description


async def test_a_computer_put_on_a_seat_mid_game_and_taken_off(doko):
    await doko.to_the_first_card()
    west = doko.players[3]
    await doko.players[0].slash(doko.channel, "doko platz", nummer=4, aktion="computer")
    assert west.id in doko.table.away
    while doko.table.game.to_act != 3 and doko.table.state == "playing":
        await act_once(doko)
    assert doko.table.game.to_act != 3  # the computer played West's card at once
    await doko.players[0].slash(doko.channel, "doko platz", nummer=4, aktion="zurück")
    assert west.id not in doko.table.away
    await doko.play_out()
    assert doko.table.state == "between"


async def test_five_play_a_round_and_the_dealer_sits_out(doko, store):
    await doko.open_and_seat()
    fifth = doko.outsider
    await fifth.click(doko.table_message(), label="Beitreten")
    doko.players.append(fifth)
    assert len(doko.table.seats) == 5
    await doko.start()
    dealers = []
    while len(dealers) < 5:
        game = doko.table.game
        dealer = game.dealer
        dealt = game.record()["hands"]
        assert game.n == 5 and not dealt[dealer] and all(dealt[s] for s in range(5) if s != dealer)
        await doko.open_all_hands()
        note = doko.hand_view(doko.player(dealer))
        assert "setzt dieses Spiel aus" in note.content and not components(note)
        assert "gibt und setzt aus" in message_text(doko.table_message())
        await doko.reserve_all_gesund()
        await doko.play_out()
        last = doko.table.last
        if last.result.is_redeal:  # thrown in: the same dealer deals again at once
            continue
        dealers.append(dealer)
        assert last.points[doko.table.seats[dealer].user_id] == 0  # the dealer scores 0
        assert sum(1 for v in last.points.values() if v != 0) == 4
        if len(dealers) < 5:
            await doko.players[0].click(doko.table_message(), label="Nächstes Spiel")
    assert dealers == [3, 4, 0, 1, 2]  # the deal goes round all five, from the opener's right
    sheet = (await doko.players[0].slash(doko.channel, "doko liste")).response.embeds[0]
    assert sheet.title == "Spielliste · 5 Spiele"
    assert sheet.description.splitlines()[-1] == "Spiele: " + " · ".join(f"{p.name} 4" for p in doko.players)


async def test_a_sixth_waits_and_gets_a_seat(doko):
    await doko.open_and_seat()
    fifth = doko.outsider
    await doko.start()
    await fifth.click(doko.table_message(), label="Beitreten")  # during the game: waits
    assert [w.user_id for w in doko.table.waiting] == [fifth.id] and len(doko.table.seats) == 4
    assert "Warteliste" not in message_text(doko.table_message())  # the game message stays the game's
    sixth = doko.guild.add_member(doko.env.create_user("Sechs"))
    await sixth.click(doko.table_message(), label="Beitreten")
    assert [w.user_id for w in doko.table.waiting] == [fifth.id, sixth.id]
    await doko.open_all_hands()
    await doko.reserve_all_gesund()
    await doko.play_out()
    # the game is over: the list takes the fifth and sixth seats in its order (six seats, issue 13)
    assert [s.user_id for s in doko.table.seats][-2:] == [fifth.id, sixth.id] and doko.table.waiting == []
    assert any("Kiebitz setzt sich an den Tisch (Platz 5)" in m.content for m in doko.public())
    seventh = doko.guild.add_member(doko.env.create_user("Sieben"))
    await seventh.click(doko.table_message(), label="Beitreten")  # six seated: waits
    assert [w.user_id for w in doko.table.waiting] == [seventh.id]
    # between games anyone may leave: the seventh gets that seat
    await doko.players[2].click(doko.table_message(), label="Verlassen")
    assert seventh.id in [s.user_id for s in doko.table.seats] and doko.table.waiting == []
    assert doko.players[2].id not in [s.user_id for s in doko.table.seats]


async def test_the_sheet_after_closing_and_rules_before_a_table(doko):
    wirt_role = doko.guild.create_role("Wirt", permissions=discord.Permissions(manage_channels=True))
    wirt = doko.guild.add_member(doko.env.create_user("Wirt"), roles=[wirt_role])
    # before any table: show the channel's rules; set them with Manage Channels only
    res = await doko.players[0].slash(doko.channel, "doko regeln", schalter="turn_timeout=90")
    assert message_text(res.response) == "Das darf nur, wer Kanäle verwalten darf."
    res = await wirt.slash(doko.channel, "doko regeln", preset="haus", schalter="turn_timeout=90 mentions=aus")
    assert "der nächste Tisch hier spielt Haus" in message_text(res.response)
    res = await doko.players[0].slash(doko.channel, "doko regeln", alle=True)
    assert "**Zugzeit** (`turn_timeout`): 90 s – " in message_text(res.response)
    assert "nächsten Tisch" in res.response.embeds[0].footer.text
    await doko.open_and_seat()
    assert doko.table.preset == "haus" and doko.table.settings.turn_timeout == 90
    assert not doko.table.settings.mentions
    await doko.start()
    await doko.open_all_hands()
    await doko.reserve_all_gesund()
    await doko.play_out()
    await doko.players[0].slash(doko.channel, "doko schliessen")
    assert doko.bot.tables.get(doko.channel.id) is None
    sheet = (await doko.players[1].slash(doko.channel, "doko liste")).response.embeds[0]
    assert sheet.title == "Spielliste · 1 Spiel (Tisch geschlossen)"
    assert sheet.description.startswith("**1.** ")


async def test_a_hand_says_it_is_out_of_date_before_its_token_runs_out(doko):
    await doko.open_and_seat()
    await set_switches(doko, "turn_timeout=0")
    await doko.start()
    nord = doko.players[0]
    await doko.open_hand(nord)
    await doko.env.advance_time(14 * 60)
    assert not doko.hand_view(nord).content.startswith("*veraltet")
    await doko.env.advance_time(45)  # within the last 30 s of the 15-minute token
    view = doko.hand_view(nord)
    assert view.content.startswith("*veraltet: „Meine Karten“ öffnet die aktuelle Hand*\n**Deine Karten")
    # Meine Karten opens the current hand again
    fresh = await doko.open_hand(nord)
    assert fresh.content.startswith("**Deine Karten")


async def test_five_the_readable_record_names_the_dealer_who_sat_out(doko):
    """The Protokoll of a game at five: the .txt names all five, the dealer with no cards."""
    await doko.open_and_seat()
    await doko.outsider.click(doko.table_message(), label="Beitreten")
    doko.players.append(doko.outsider)
    await doko.start()
    await doko.open_all_hands()
    await doko.reserve_all_gesund()
    await doko.play_out()
    res = await doko.players[0].slash(doko.channel, "doko protokoll")
    files = {a.filename.rsplit(".", 1)[1]: a for a in res.response.attachments}
    assert set(files) == {"json", "txt"}
    lines = (await files["txt"].read()).decode().splitlines()
    game = doko.table.last
    names = [p.name for p in game.players]
    dealer = names[doko.table.last.record["dealer"]]
    hands = lines[lines.index("Karten wie gegeben:") + 1:][:5]
    assert [h.split(" ")[0].rstrip(":") for h in hands] == names
    assert f"{dealer} gibt und setzt aus." in hands
    assert all(len(h.split(": ")[1].split()) == 12 for h in hands if not h.startswith(dealer))
    assert "Stich 12: " in "\n".join(lines) and f"{dealer} spielt aus." not in lines
