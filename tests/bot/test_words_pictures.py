"""Issue 25: words and pictures (SimCord, what the person sees).

English members read English card ranks (♣Q, ♦J), German members keep ♣D, ♦B; at six
the announcement buttons reach schwarz.
"""

from __future__ import annotations

import re

from tests.bot.helpers import cid, components, message_text

GERMAN_RANK = re.compile(r"[♣♠♥♦][DB](?![a-zäöü])")
ENGLISH_RANK = re.compile(r"[♣♠♥♦][QJ](?![a-z])")


def labels(message) -> list[str]:
    return [getattr(i, "label", None) or (i.get("label") if isinstance(i, dict) else "") or "" for i in components(message)]


async def test_english_hands_say_q_and_j_german_hands_d_and_b(doko):
    await doko.open_and_seat()
    nord, ost = doko.players[0], doko.players[1]
    await ost.slash(doko.channel, "doko sprache", sprache="en")
    await doko.start()
    await doko.open_all_hands()
    english = doko.hand_view(ost)
    shown = english.content + " " + " ".join(labels(english))
    assert ENGLISH_RANK.search(shown) and not GERMAN_RANK.search(shown), shown
    hand = doko.table.game.hand(1)
    assert sum(1 for c in hand if c[1] in "QJ") == len(ENGLISH_RANK.findall(english.content))
    german = doko.hand_view(nord)
    shown = german.content + " " + " ".join(labels(german))
    assert GERMAN_RANK.search(shown) and not ENGLISH_RANK.search(shown), shown


async def test_at_six_the_announcement_buttons_reach_schwarz(doko):
    extra = [doko.outsider, doko.guild.add_member(doko.env.create_user("Gast"))]
    await doko.open_and_seat()
    for p in extra:
        await p.click(doko.table_message(), label="Beitreten")
        doko.players.append(p)
    await doko.start()
    await doko.open_all_hands()
    await doko.reserve_all_gesund()
    game = doko.table.game
    assert game.phase == "play" and game.n == 6 and game.contract == "normal"
    seat = game.to_act
    view = doko.hand_view(doko.player(seat))
    said = [i.label for i in components(view) if cid(i).startswith("doko:announce")]
    party = "Re" if game.party_of(seat) == "re" else "Kontra"
    assert said == [party, "keine 135", "keine 90", "keine 60", "keine 30", "schwarz"]
    assert len(view.components) <= 5  # Discord's limit: the twelve cards still all there
    cards = [i for i in components(view) if cid(i).startswith("doko:play")]
    assert len(cards) == 12
    await doko.click_hand(doko.player(seat), "announce", "schwarz")
    assert (seat, "schwarz") in doko.table.game.announcements


async def attached(message) -> bytes:
    assert len(message.attachments) == 1
    return await message.attachments[0].read()


async def test_five_with_the_dealer_out_and_computers_in_the_picture(doko):
    from dokobot.text import picture

    await doko.open_and_seat()
    await doko.players[0].click(doko.table_message(), label="Computer dazu: schwer")
    await doko.start()
    game = doko.table.game
    dealer = game.dealer
    view = picture.table_view(doko.table, lang="de")
    assert await attached(doko.table_message()) == picture.render_table(view)  # the picture of this view
    assert view.out == dealer and picture._seat_line(view, dealer) == "Geber · setzt aus"
    bot = next(i for i, s in enumerate(doko.table.seats) if s.is_bot)
    assert view.seats[bot].name == "Computer 1" and view.seats[bot].level == "schwer"  # not "Computer 1…"
    line = picture._seat_line(view, bot)
    name = picture._plaque_name(view, bot, picture.PLAQUE_W - 16, line)
    assert name.startswith(("Computer 1", "C1")) and ("schwer" in line or name.endswith("schwer")), (name, line)
    assert "Computer 1 \\(schwer\\)" in message_text(doko.table_message())  # the text: the full name


async def test_bock_in_the_picture_and_on_the_score_sheet(doko, rig_deal):
    from dokobot.text import picture
    from tests.bot.helpers import tie_then_plain

    rig_deal(tie_then_plain())
    await doko.open_and_seat()
    nord = doko.players[0]
    await nord.slash(doko.channel, "doko regeln", preset="haus")
    await doko.start()
    await doko.open_all_hands()
    await doko.reserve_all_gesund()
    await doko.play_out()
    await nord.click(doko.table_message(), label="Nächstes Spiel")
    view = picture.table_view(doko.table, lang="de")
    assert await attached(doko.table_message()) == picture.render_table(view)
    assert [line for line, _ in picture._facts(view)] == ["Dieses Spiel: Bock ×2", "danach noch 3 Bockspiele"]
    await doko.open_all_hands()
    await doko.reserve_all_gesund()
    await doko.play_out()
    sheet = (await nord.slash(doko.channel, "doko liste")).response.embeds[0].description.splitlines()
    assert sheet[0].startswith("**1.** ") and "Bock" not in sheet[0]
    assert sheet[1].startswith("**2.** ") and " · Bock ×2: " in sheet[1]


async def test_an_english_game_draws_and_describes_no_german_word(doko, locales):
    """Issue 43: the words on an English table's pictures (recorded while they are drawn)
    and the files' descriptions, at five with a computer, card after card and the summary."""
    from dokobot.text import picture
    from tests.text.helpers import german_words
    from tests.text.pictures import drawn_texts

    for member in (*doko.players, doko.outsider):
        locales[member.id] = "en-US"
    doko.lang = "en"
    await doko.open_and_seat()
    from dokobot.text.i18n import t

    await doko.players[0].click(doko.table_message(), label=t("en", "btn.add_computer_level", level=t("en", "level.schwer")))
    await doko.start()
    await doko.open_all_hands()
    await doko.reserve_all_gesund()
    seen: list[str] = []
    for _ in range(12):
        await doko.click_hand(doko.player(doko.table.game.to_act), "play")
        view = picture.table_view(doko.table, lang="en")
        drawn, _ = drawn_texts(lambda: picture.draw_table(view))  # noqa: B023 - drawn at once
        seen += [d.text for d in drawn if not d.card]
        seen.append(doko.table_message().attachments[0].description)
    await doko.play_out()
    seen.append(doko.table_message().attachments[0].description)
    assert any("trick" in s for s in seen) and any(s.startswith("Picture of each party") for s in seen)
    assert [(s, german_words(s)) for s in seen if german_words(s)] == []
