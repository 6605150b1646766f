"""Issue 25: the table says what happens (SimCord, what the person sees).

Joining between games answers privately and tells the channel, also when the
size changes the game; the waiting list seats people with a notice; the rules
page follows the size seated; host rights that move with a seat are announced
and the former host hears why a command is refused.
"""

from __future__ import annotations

from tests.bot.helpers import message_text


async def play_one(doko) -> None:
    await doko.start()
    await doko.open_all_hands()
    await doko.reserve_all_gesund()
    await doko.play_out()
    assert doko.table.state == "between"


def last_id(doko) -> int:
    return max((m.id for m in doko.public()), default=0)


def public_since(doko, before: int) -> list[str]:
    """What the channel got after message ``before`` (turn lines come and go: by id)."""
    return [m.content for m in doko.public() if m.id > before]


async def test_joining_between_games_answers_privately_and_tells_the_table(doko):
    await doko.open_and_seat()
    await play_one(doko)
    before = last_id(doko)
    res = await doko.outsider.click(doko.table_message(), label="Beitreten")
    assert [f.content for f in res.followups] == ["Du sitzt auf Platz 5 und spielst ab dem nächsten Spiel mit."]
    assert res.followups[0].flags.ephemeral
    said = public_since(doko, before)
    assert "Kiebitz setzt sich an den Tisch (Platz 5)." in said
    assert "Das nächste Spiel: Zu fünft: der Geber setzt jeweils aus." in said
    sixth = doko.guild.add_member(doko.env.create_user("Sechs"))
    before = last_id(doko)
    await sixth.click(doko.table_message(), label="Beitreten")
    said = public_since(doko, before)
    assert "Sechs setzt sich an den Tisch (Platz 6)." in said
    assert "Das nächste Spiel: Zu sechst: Münchener Regeln (drei Blätter, 12 Karten je Hand)." in said
    # the rules page follows the size seated: six play the Münchener Regeln
    page = message_text((await doko.players[1].slash(doko.channel, "doko regeln")).response)
    assert "Regeln: Münchener Regeln" in page and "Zu sechst: Münchener Regeln (drei Blätter" in page
    assert "Zu fünft: der Geber" not in page


async def test_the_rules_page_at_four_and_five_all_play(doko):
    await doko.open_and_seat()
    nord = doko.players[0]
    await nord.slash(doko.channel, "doko regeln", schalter="five=all_play")
    page = message_text((await nord.slash(doko.channel, "doko regeln")).response)
    assert "Zu fünft: alle spielen mit" in page and "Zu fünft: der Geber" not in page


async def test_the_waiting_list_seats_people_with_a_notice_of_the_new_size(doko):
    await doko.open_and_seat()
    await doko.start()
    res = await doko.outsider.click(doko.table_message(), label="Beitreten")  # during the game: waits
    assert [f.content for f in res.followups] == [
        "Du stehst auf der Warteliste (Nummer 1) und bekommst den nächsten freien Platz."]
    sixth = doko.guild.add_member(doko.env.create_user("Sechs"))
    await sixth.click(doko.table_message(), label="Beitreten")
    before = last_id(doko)
    await doko.open_all_hands()
    await doko.reserve_all_gesund()
    await doko.play_out()
    said = public_since(doko, before)
    assert "Kiebitz setzt sich an den Tisch (Platz 5)." in said and "Sechs setzt sich an den Tisch (Platz 6)." in said
    assert said.count("Das nächste Spiel: Zu sechst: Münchener Regeln (drei Blätter, 12 Karten je Hand).") == 1


async def test_english_join_between_games(doko):
    await doko.open_and_seat()
    await play_one(doko)
    await doko.outsider.slash(doko.channel, "doko sprache", sprache="en")
    res = await doko.outsider.click(doko.table_message(), label="Beitreten")
    assert [f.content for f in res.followups] == ["You have seat 5 and play from the next game on."]


async def test_host_rights_move_with_the_handed_over_seat_and_are_announced(doko):
    await doko.open_and_seat()
    nord, clara = doko.players[0], doko.outsider
    await doko.start()
    before = last_id(doko)
    await nord.slash(doko.channel, "doko platz", nummer=1, aktion="übergeben", spieler=clara)
    assert doko.table.host_id == clara.id  # with the seat, not to the next seat's person
    said = public_since(doko, before)
    assert "Kiebitz übernimmt den Platz von Nord." in said and "Kiebitz ist jetzt Gastgeber des Tisches." in said
    res = await nord.slash(doko.channel, "doko abbrechen")
    assert res.response.content == (
        "Das darf nur der Gastgeber (Kiebitz) oder wer Kanäle verwalten darf: "
        "mit deinem Platz sind die Gastgeberrechte weitergegangen.")
    assert doko.table.state == "playing"
    res = await doko.players[1].slash(doko.channel, "doko abbrechen")  # never host: the plain reason
    assert res.response.content == "Das darf nur der Gastgeber (Kiebitz) oder wer Kanäle verwalten darf."


async def test_the_host_leaving_between_games_names_the_new_host(doko):
    await doko.open_and_seat()
    await play_one(doko)
    before = last_id(doko)
    await doko.players[0].click(doko.table_message(), label="Verlassen")
    assert "Ost ist jetzt Gastgeber des Tisches." in public_since(doko, before)


async def seat_extra(doko, k: int) -> None:
    extra = [doko.outsider] + [doko.guild.add_member(doko.env.create_user(f"Gast{i}")) for i in range(k - 1)]
    for p in extra:
        await p.click(doko.table_message(), label="Beitreten")
        doko.players.append(p)


async def test_at_five_all_playing_the_summary_says_why_points_differ_from_the_value(doko):
    await doko.open_and_seat()
    await seat_extra(doko, 1)
    await doko.players[0].slash(doko.channel, "doko regeln", schalter="five=all_play")
    for _ in range(4):  # a normal game at five all playing is two (♣D) against three
        await doko.start() if doko.table.game_no == 0 else await doko.players[0].click(
            doko.table_message(), label="Nächstes Spiel")
        await doko.open_all_hands()
        await doko.reserve_all_gesund()
        await doko.play_out()
        res = doko.table.last.result
        if not res.is_redeal and res.value and len(res.re) == 2:
            break
    assert len(res.re) == 2 and len(res.kontra) == 3 and res.value
    summary = message_text(doko.table_message())
    re_p, k_p = res.score[res.re[0]], res.score[res.kontra[0]]
    line = (f"2 gegen 3: jeder von Re 3 × {res.value} ({re_p:+d}), jeder von Kontra 2 × {res.value} ({k_p:+d}) – "
            "jede Seite zählt den Spielwert so oft, wie die andere Spieler hat (gekürzt)")
    assert line.replace("-", "−") in summary or line in summary, summary
    assert abs(re_p) == 3 * res.value and abs(k_p) == 2 * res.value


async def test_at_six_a_solo_alone_says_one_against_five(doko, rig_deal):
    from tests.engine.helpers import SIX_ACES

    rig_deal([SIX_ACES])
    await doko.open_and_seat()
    await seat_extra(doko, 2)
    await doko.start()
    await doko.open_all_hands()
    await doko.click_hand(doko.player(4), "reserve", "gesund")
    await doko.click_hand(doko.player(5), "reserve", "gesund")
    await doko.select_hand(doko.player(0), "ksolo", ["fleischlos:l"])
    await doko.reserve_all_gesund()
    await doko.play_out()
    summary = message_text(doko.table_message())
    assert "1 gegen 5: jeder von Re 5 × 7 (+35), jeder von Kontra 1 × 7 (" in summary, summary


async def test_the_rules_page_lists_the_pflichtsolo_switches_with_autocomplete(doko):
    await doko.open_and_seat()
    nord = doko.players[0]
    page = message_text((await nord.slash(doko.channel, "doko regeln", alle=True)).response)
    assert "**Liste** (`list_games`): aus – so viele Spiele hat eine Liste" in page
    assert "Werte: `0`, `24`, `30`, `36`" in page and "**Pflichtsolo** (`pflichtsolo`): aus – " in page
    await nord.slash(doko.channel, "doko regeln", schalter="list_games=24 pflichtsolo=ja")
    page = message_text((await nord.slash(doko.channel, "doko regeln", alle=True)).response)
    assert "**Liste** (`list_games`): 24 Spiele – " in page and "**Pflichtsolo** (`pflichtsolo`): an – " in page
    choices = await nord.autocomplete(doko.channel, "doko regeln", "schalter", "pfl")
    assert [c["value"] for c in choices] == ["pflichtsolo="]


async def test_the_english_rules_page_says_on_and_off_and_takes_every_form(doko):
    await doko.open_and_seat()
    nord = doko.players[0]
    await nord.slash(doko.channel, "doko sprache", sprache="en")
    page = message_text((await nord.slash(doko.channel, "doko regeln", alle=True)).response)
    assert "(`mentions`): on – a short line mentions whoever acts first in a game (`on`/`off`)." in page
    assert "(`bilder`): on – the table message shows a picture of the table (`on`/`off`)." in page
    assert "`ja`" not in page and "`nein`" not in page and "Yes/no switches: `on`/`off` (also `yes`/`no`)." in page
    choices = await nord.autocomplete(doko.channel, "doko regeln", "schalter", "bilder=")
    assert [c["value"] for c in choices] == ["bilder=on", "bilder=off"]
    for form in ("off", "nein", "no"):
        await nord.slash(doko.channel, "doko regeln", schalter=f"mentions={form}")
        assert doko.table.settings.mentions is False
        await nord.slash(doko.channel, "doko regeln", schalter="mentions=on")
        assert doko.table.settings.mentions is True
    german = message_text((await doko.players[1].slash(doko.channel, "doko regeln", alle=True)).response)
    assert "(`ja`/`nein`)" in german and "`on`" not in german
