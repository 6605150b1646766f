"""An English table: members whose Discord client is en-US never read a German word.

The whole game (lobby, rules page, hands, notices, refusals, summary), the game record
(both files), the score sheet, the leaderboard and the statistics, on SQLite; every
text is checked against the catalogue test's German-only word list.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from dokobot.storage.sql_store import SqlStore
from dokobot.text.i18n import t
from tests.bot.helpers import message_text
from tests.text.helpers import german_words


@pytest.fixture
async def store(tmp_path):
    store = await SqlStore.open(tmp_path / "doko.sqlite3")
    yield store
    await store.close()


def texts_of(res: Any) -> list[str]:
    """Every text of an interaction's answers: content, embeds and their fields."""
    out = []
    for m in (res.response, *res.followups):
        if m is None:
            continue
        out.append(m.content or "")
        for e in m.embeds:
            out += [e.title or "", e.description or "", (e.footer.text if e.footer else "") or ""]
            out += [f"{f.name} {f.value}" for f in e.fields]
        out += [a.description or "" for a in m.attachments]  # the pictures' descriptions (issue 43)
    return out


class Reader:
    """Collects what the English members were shown, and checks it."""

    def __init__(self) -> None:
        self.seen: list[str] = []

    def add(self, *texts: str) -> None:
        self.seen += [x for x in texts if x]

    def answer(self, res: Any) -> Any:
        self.add(*texts_of(res))
        return res

    def german(self) -> list[tuple[str, list[str]]]:
        return [(text, german_words(text)) for text in self.seen if german_words(text)]


async def test_english_members_read_no_german_word_in_a_whole_game(doko, locales):
    reader = Reader()
    for member in (*doko.players, doko.outsider):
        locales[member.id] = "en-US"
    doko.lang = "en"
    nord, ost, sued, west = doko.players
    await doko.open_and_seat()
    reader.answer(await nord.click(doko.table_message(), label="Rules"))  # the rules page of the lobby
    reader.answer(await ost.slash(doko.channel, "doko regeln", preset="haus"))  # not the host: refused
    await doko.start()
    reader.answer(await doko.outsider.click(doko.table_message(), label="My hand"))  # not seated
    await doko.open_all_hands()
    first = doko.table.game.to_act
    for member in doko.players:  # out of turn
        if doko.table.seat_of(member.id) != first:
            reader.answer(await member.slash(doko.channel, "keine90"))
            break
    await doko.reserve_all_gesund()
    for what in ("re", "kontra"):  # announcements that work: a public notice each
        game = doko.table.game
        who = next(s for s in range(4) if what in game.allowed_announcements(s))
        reader.answer(await doko.player(who).slash(doko.channel, what))
    assert [a for _, a in doko.table.game.announcements] == ["re", "kontra"]
    for _ in range(9):  # a few cards, then announcements that come too late or from the wrong party
        reader.add(*(message_text(doko.hand_view(p)) for p in doko.players))
        await doko.click_hand(doko.player(doko.table.game.to_act), "play")
    for member in doko.players:  # said already, too late, or the wrong party: refused, with the reason
        for what in ("re", "kontra", "keine90"):
            reader.answer(await member.slash(doko.channel, what))
    reader.add(*(message_text(m) for m in doko.public()))
    await doko.play_out()
    reader.add(*(message_text(m) for m in doko.public()))
    described = [a.description for m in doko.public() for a in m.attachments if a.filename.endswith(".png")]
    assert described and all(described), described  # the table's and the summary's pictures
    reader.add(*described)
    reader.add(*(message_text(doko.hand_view(p)) for p in doko.players))

    res = reader.answer(await ost.click(doko.table_message(), label=t("en", "btn.record")))
    json_file, readable = res.response.attachments
    record_text = (await readable.read()).decode()
    assert "Trick 12: " in record_text and "wins the trick" in record_text
    reader.add(record_text)
    res = reader.answer(await sued.slash(doko.channel, "doko protokoll"))
    reader.add((await res.response.attachments[1].read()).decode())
    reader.answer(await west.slash(doko.channel, "doko regeln"))
    reader.answer(await west.slash(doko.channel, "doko liste"))
    for order in ("punkte", "ppg", "siege"):
        reader.answer(await nord.slash(doko.channel, "doko rangliste", ordnung=order))
    reader.answer(await nord.slash(doko.channel, "doko statistik"))
    reader.answer(await ost.slash(doko.channel, "doko statistik", spieler=nord))
    reader.answer(await nord.slash(doko.channel, "doko protokoll", spiel=7))  # no such game
    await nord.click(doko.table_message(), label=t("en", "btn.next"))
    reader.add(*(message_text(m) for m in doko.public()))

    summary = next(m for m in doko.public() if m.embeds and m.embeds[0].title.startswith("Game 1 · "))
    body = summary.embeds[0].description
    assert "Re " in body and " : Kontra " in body and "card points" in body and "were needed" in body
    assert "Last trick to " in body
    notices = [m.content for m in doko.public() if m.content]
    assert any(n.endswith(" announces **Re**.") for n in notices)
    assert any(n.endswith(" announces **Kontra**.") for n in notices)
    assert len(reader.seen) > 40
    assert reader.german() == []


async def test_a_german_client_reads_german_and_others_follow_the_default(doko, locales):
    """de → German, en-GB → English, any other locale → German (the default)."""
    nord, ost, sued, _ = doko.players
    locales.update({nord.id: "de", ost.id: "en-GB", sued.id: "fr"})
    res = await nord.slash(doko.channel, "doko liste")
    assert res.response.content == "Hier ist kein Tisch. Öffne einen mit /doko tisch."
    res = await ost.slash(doko.channel, "doko liste")
    assert res.response.content == "There is no table here. Open one with /doko table."
    res = await sued.slash(doko.channel, "doko liste")
    assert res.response.content == "Hier ist kein Tisch. Öffne einen mit /doko tisch."


async def test_own_choice_and_channel_choice_beat_the_locale(doko, locales):
    nord, ost, sued, _ = doko.players
    locales.update({nord.id: "en-US", ost.id: "en-US", sued.id: "en-US"})
    await nord.slash(doko.channel, "doko tisch")  # the host sits down at once
    res = await ost.slash(doko.channel, "doko sprache", sprache="de")  # own choice
    assert res.response.content == "Sprache: Deutsch."
    res = await ost.slash(doko.channel, "doko hand")
    assert res.response.content == "Du sitzt nicht an diesem Tisch."
    res = await sued.slash(doko.channel, "doko hand")
    assert res.response.content == "You are not seated at this table."
    await nord.slash(doko.channel, "doko sprache", sprache="de", kanal=True)  # the host: the channel's choice
    res = await sued.slash(doko.channel, "doko hand")
    assert res.response.content == "Du sitzt nicht an diesem Tisch."
    await ost.slash(doko.channel, "doko sprache", sprache="en")  # an own choice beats the channel's
    res = await ost.slash(doko.channel, "doko hand")
    assert res.response.content == "You are not seated at this table."
    res = await ost.slash(doko.channel, "doko sprache", sprache="auto")  # no own choice: the channel's again
    assert res.response.content == "Sprache: automatisch, vom Kanal oder deinem Discord (jetzt Deutsch)."
    await nord.slash(doko.channel, "doko sprache", sprache="auto", kanal=True)  # no channel choice either
    res = await ost.slash(doko.channel, "doko hand")
    assert res.response.content == "You are not seated at this table."  # the en-US client
    assert (await doko.bot.store.channel_prefs(doko.channel.id)).language is None
    assert await doko.bot.store.user_language(ost.id) is None


async def test_the_table_speaks_its_hosts_language(doko, locales):
    locales[doko.players[0].id] = "en-US"
    doko.lang = "en"
    await doko.open_and_seat()  # the others have German clients; the table is the host's
    assert doko.table_message().embeds[0].title == "Doppelkopf · table"
    await doko.start()
    assert doko.table_message().embeds[0].title.startswith("Doppelkopf · game 1")


async def test_command_and_option_names_are_translated_for_english_clients(doko):
    """What Discord shows an English client: /doko table, rules switches:, leaderboard period: …"""
    bot = doko.bot
    translator = bot.tree.translator
    assert translator is not None
    doko_group = bot.tree.get_command("doko")
    payload = await doko_group.get_translated_payload(bot.tree, translator)
    assert payload["name"] == "doko"
    subs = {o["name"]: o for o in payload["options"]}
    english = {name: o.get("name_localizations", {}).get("en-US") for name, o in subs.items()}
    assert english["tisch"] == "table" and english["regeln"] == "rules" and english["rangliste"] == "leaderboard"
    assert english["protokoll"] == "record" and english["sprache"] == "language"
    assert all(o.get("name_localizations", {}).get("en-GB") == english[n] for n, o in subs.items())
    assert all(not o.get("name_localizations", {}).get("de") for o in subs.values())  # German: the names as they are
    regeln = {o["name"]: o for o in subs["regeln"]["options"]}
    assert regeln["schalter"]["name_localizations"]["en-US"] == "switches"
    assert {c["value"]: c["name_localizations"]["en-US"] for c in regeln["preset"]["choices"]} == {
        "ddv": "DDV", "haus": "house rules", "klassisch": "classic",
    }
    rangliste = {o["name"]: o for o in subs["rangliste"]["options"]}
    assert rangliste["zeitraum"]["name_localizations"]["en-US"] == "period"
    assert "alle" not in rangliste["zeitraum"]["description_localizations"]["en-US"]
    re_payload = await bot.tree.get_command("re").get_translated_payload(bot.tree, translator)
    assert re_payload["description_localizations"]["en-US"] == "Announce Re"
    # every English name is a valid Discord name: lower case, no spaces, at most 32 characters
    names = [v for o in subs.values() for v in o.get("name_localizations", {}).values()]
    names += [v for o in subs.values() for opt in o.get("options", []) for v in opt.get("name_localizations", {}).values()]
    assert names and all(re.fullmatch(r"[a-z0-9_-]{1,32}", n) for n in names)


@pytest.fixture
def drawn(monkeypatch):
    """Every text drawn on a picture (table, summary, charts), as drawn."""
    from PIL import ImageDraw

    from dokobot.text import picture

    texts: list[str] = []
    stamp, draw_text = picture._stamp, ImageDraw.ImageDraw.text

    def record_stamp(text, *args):
        texts.append(text)
        return stamp(text, *args)

    def record_text(self, xy, text, *args, **kwargs):
        texts.append(str(text))
        return draw_text(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(picture, "_stamp", record_stamp)
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", record_text)
    return texts


def labels_of(message: Any) -> list[str]:
    return [getattr(c, "label", None) or "" for row in message.components for c in row.children]


async def test_english_with_computers_texts_pictures_rating_and_rules(doko, locales, drawn):
    """Issue 43: computers, their levels and buttons, the pictures' texts, the rating board and
    both rules pages in English; no German word and no German level anywhere."""
    from tests.bot.helpers import play_with_computers

    reader = Reader()
    nord = doko.players[0]
    locales[nord.id] = "en-US"
    doko.lang = "en"
    await nord.slash(doko.channel, "doko tisch")
    reader.add(*labels_of(doko.table_message()), message_text(doko.table_message()))
    assert labels_of(doko.table_message())[-3:] == ["Add computer: easy", "Add computer: medium", "Add computer: hard"]
    for level in ("medium", "medium", "hard"):
        await nord.click(doko.table_message(), label=f"Add computer: {level}")
    lobby = message_text(doko.table_message())
    assert "Computer 1 \\(medium\\)" in lobby and "Computer 3 \\(hard\\)" in lobby  # Markdown escaped
    reader.add(lobby)
    short = reader.answer(await nord.click(doko.table_message(), label="Rules")).response
    reader.answer(await nord.click(short, label="All rules"))
    await doko.start()
    await play_with_computers(doko)
    reader.add(*(message_text(m) for m in doko.public()))
    reader.add(*(message_text(doko.hand_view(p)) for p in doko.players if doko.table.seat_of(p.id) is not None))
    for order in ("punkte", "ppg"):
        reader.answer(await nord.slash(doko.channel, "doko rangliste", ordnung=order))
    stats = reader.answer(await nord.slash(doko.channel, "doko statistik"))
    reader.answer(await nord.slash(doko.channel, "doko liste"))
    reader.answer(await nord.slash(doko.channel, "doko regeln", alle=True))
    seen = "\n".join(reader.seen)
    assert "Computer 2 \\(medium\\)" in seen and "Skill rating" in seen and "computers are rated per level" in seen
    assert any("skill" in text.lower() for text in texts_of(stats))
    assert not [w for w in ("mittel", "schwer", "leicht", "μ", "σ", "OpenSkill") if w in seen]
    assert reader.german() == []
    # the levels beneath the computers' names, and in the summary's party lines
    assert any(x.startswith("medium · ") for x in drawn) and any(" · hard · " in x or x.startswith("hard · ") for x in drawn)
    assert any("(medium)" in x for x in drawn) and any("(hard)" in x for x in drawn)
    assert [(x, german_words(x)) for x in drawn if german_words(x) or x in ("mittel", "schwer", "leicht")] == []
