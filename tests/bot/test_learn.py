"""Learning from the games through Discord (issue 24): the curve with the summary,
the private Analyse (only the asking seat, only its own cards), Tipp on and off,
and the rating after games at four, five and six with computers."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from dokobot.bot.client import DokoBot
from dokobot.bot.config import Config
from dokobot.table.analysis import costliest
from dokobot.text import learn as words
from tests.bot.helpers import FAST, cid, components, message_text


@pytest.fixture
def simcord_bot(store, deals) -> DokoBot:
    bot = DokoBot(Config(), store=store, computer_skill=FAST, computer_delay=0, rng=deals)
    bot.learn.auto = True  # as the running bot: every game analysed, its curve with the summary
    return bot


async def analysed(doko) -> None:
    await doko.bot.learn.idle()
    await doko.bot.presenter(doko.table).wait()


async def play_game(doko) -> None:
    await doko.open_all_hands()
    await doko.reserve_all_gesund()
    await doko.play_out()
    await analysed(doko)


def answer(res):
    """The private answer of a click (a deferred "thinking" answer is the response itself)."""
    return res.followups[-1] if res.followups else res.response


def stored_game(store, number: int):
    return next(g for g in store.games.values() if g.number == number and g.result is not None)


async def test_the_summary_shows_the_curve_of_the_game(doko, store):
    await doko.open_and_seat()
    await doko.start()
    await play_game(doko)
    game = stored_game(store, 1)
    data = store.analyses[game.game_id]  # stored with the game: a restart keeps it
    curve = words.curve_of(data)
    assert curve is not None and len(curve.values) == len(game.hands[0]) + 1
    summary = doko.table_message()
    names = [a.filename for a in summary.attachments]
    assert names == ["doko-summary.png", "doko-curve.png"]
    im = Image.open(io.BytesIO(await summary.attachments[1].read()))
    assert im.size == (720, 300)
    expected = words.curve_picture(curve, [p.name for p in game.players], 1, "de")
    assert await summary.attachments[1].read() == expected
    assert summary.embeds[0].image.url.endswith("doko-summary.png")  # the summary stays the embed's picture


async def test_without_pictures_the_curve_is_in_words(doko, store):
    await doko.open_and_seat()
    await doko.players[0].slash(doko.channel, "doko regeln", schalter="bilder=nein")
    await doko.start()
    await play_game(doko)
    summary = doko.table_message()
    assert summary.attachments == []
    assert "Verlauf für Re: " in message_text(summary)


async def test_analyse_shows_only_the_askers_own_cards_privately(doko, store):
    await doko.open_and_seat()
    await doko.start()
    await play_game(doko)
    game = stored_game(store, 1)
    data = store.analyses[game.game_id]
    texts = {}
    for seat, p in enumerate(doko.players):
        res = await p.click(doko.table_message(), label="Analyse")
        shown = answer(res)
        assert shown.ephemeral
        assert shown.embeds[0].title == "Deine Analyse von Spiel 1"
        texts[seat] = shown.embeds[0].description
        assert texts[seat] == words.analysis_text(costliest(words.decisions_of(data, seat)), "de")
        plays = [(a["seat"], a["play"]) for a in game.actions if "play" in a]
        for d in words.decisions_of(data, seat):  # its own card plays only: that card, in that trick
            assert (seat, d.played) in plays[d.trick * 4:(d.trick + 1) * 4]
    assert len(set(texts.values())) > 1 or all("Gut gespielt" in x for x in texts.values())
    res = await doko.outsider.click(doko.table_message(), label="Analyse")
    refusal = answer(res)
    assert refusal.ephemeral and "nicht mitgespielt" in refusal.content
    assert all(not m.embeds or "Analyse" not in (m.embeds[0].title or "") for m in doko.public())


def tip_buttons(message) -> list:
    return [c for c in components(message) if cid(c).startswith("doko:tipp:")]


async def to_play(doko):
    await doko.open_all_hands()
    await doko.reserve_all_gesund()
    return doko.player(doko.table.game.to_act)


async def test_tipp_only_where_the_host_turned_it_on_and_counted_on_the_sheet(doko, store):
    nord = doko.players[0]
    await doko.open_and_seat()
    await doko.start()
    actor = await to_play(doko)
    assert tip_buttons(doko.hand_view(actor)) == []  # off by default
    await doko.play_out()

    res = await nord.slash(doko.channel, "doko regeln", schalter="tipps=ja")  # between games: the host
    assert res.ephemeral and doko.table.settings.tipps
    await nord.click(doko.table_message(), label="Nächstes Spiel")
    actor = await to_play(doko)
    waiting = next(p for p in doko.players if p is not actor)
    assert tip_buttons(doko.hand_view(waiting)) == []  # only for the seat to play
    [button] = tip_buttons(doko.hand_view(actor))
    res = await actor.click(doko.hand_view(actor), custom_id=cid(button))
    hint = answer(res)
    assert hint.ephemeral and hint.content.startswith("Tipp: ")
    assert "1. Tipp in diesem Spiel" in hint.content and len(hint.content) < 2000
    game_id = doko.table.game_id
    assert store.hint_counts == {game_id: {actor.id: 1}}
    assert all("Tipp:" not in (m.content or "") for m in doko.public())
    played = doko.table.game.legal_plays(doko.table.game.to_act)
    assert any(words.card_text(c) in hint.content for c in played)  # a card the seat may play
    await doko.play_out()
    res = await doko.players[1].slash(doko.channel, "doko liste")
    assert f"Tipps genutzt: {actor.name} 1" in message_text(res.response)

    res = await nord.slash(doko.channel, "doko regeln", schalter="tipps=nein")
    await nord.click(doko.table_message(), label="Nächstes Spiel")
    actor = await to_play(doko)
    assert tip_buttons(doko.hand_view(actor)) == []  # off again


async def test_after_a_restart_the_summary_keeps_its_curve_and_the_analysis_is_not_computed_again(doko, store):
    await doko.open_and_seat()
    await doko.start()
    await play_game(doko)
    game = stored_game(store, 1)
    before = store.analyses[game.game_id]
    bot = DokoBot(Config(), store=store, computer_skill=FAST, computer_delay=0, rng=doko.bot.tables.rng)
    bot.learn.auto = True
    calls = []
    bot.learn.executor = lambda: calls.append(1)  # type: ignore[method-assign]  # a computation would fail here
    await doko.env.restart_bot(bot)
    await analysed(doko)
    summary = doko.table_message()
    assert [a.filename for a in summary.attachments] == ["doko-summary.png", "doko-curve.png"]
    res = await doko.players[2].click(summary, label="Analyse")
    assert answer(res).embeds[0].description == words.analysis_text(
        costliest(words.decisions_of(before, 2)), "de")
    assert calls == []


async def test_protokoll_sends_the_curve_too(doko, store):
    await doko.open_and_seat()
    await doko.start()
    await play_game(doko)
    res = await doko.players[1].slash(doko.channel, "doko protokoll", spiel=1)
    assert res.ephemeral and [a.filename.rsplit(".", 1)[1] for a in res.response.attachments] == ["json", "txt"]
    [follow] = res.followups
    assert follow.ephemeral and [a.filename for a in follow.attachments] == ["doko-curve-1.png"]
    data = store.analyses[stored_game(store, 1).game_id]
    names = [p.name for p in stored_game(store, 1).players]
    assert await follow.attachments[0].read() == words.curve_picture(words.curve_of(data), names, 1, "de")
    assert "Verlauf für Re: " in follow.content


async def test_an_english_player_reads_the_analysis_in_english(doko, store, locales):
    locales[doko.players[3].id] = "en-US"
    await doko.open_and_seat()
    await doko.start()
    await play_game(doko)
    res = await doko.players[3].click(doko.table_message(), label="Analyse")
    shown = answer(res)
    assert shown.embeds[0].title == "Your analysis of game 1"
    assert "Only from what you knew then" in shown.embeds[0].description
