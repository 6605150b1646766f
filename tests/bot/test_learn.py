"""Learning from the games through Discord (issue 24): the curve with the summary,
the private Analyse (only the asking seat, only its own cards), Tipp on and off,
and the rating after games at four, five and six with computers."""

from __future__ import annotations

import io
import random
import re

import pytest
from PIL import Image

from dokobot.bot.client import DokoBot
from dokobot.bot.config import Config
from dokobot.engine import CARD_CODES, Game, RuleSet, deal
from dokobot.engine.actions import Announce, Play, Reserve
from dokobot.players.analysis import TEST_BUDGET, costliest
from dokobot.players.analysis import curve as analysis_curve
from dokobot.text import charts, render
from dokobot.text import learn as words
from dokobot.text.numbers import signed_decimal
from tests.bot.helpers import FAST, cid, components, message_text, play_with_computers


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
    assert im.size == (charts.W, charts.H)
    expected = words.curve_picture(curve, [p.name for p in game.players], 1, "de")
    assert await summary.attachments[1].read() == expected
    # issue 43: each picture says what it shows (a screen reader reads it instead of the file name)
    assert summary.attachments[1].description == words.curve_alt(curve, [p.name for p in game.players], 1, "de")
    assert summary.attachments[0].description.startswith("Bild der Stiche jeder Partei, Spiel 1 (")
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
    assert follow.attachments[0].description == words.curve_alt(words.curve_of(data), names, 1, "de")
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


# ---- issue 41: the curve ends at the booked score, texts in the reader's language --------------

GERMAN_LETTER = re.compile(r"[♣♠♥♦][DB](?!\w)")  # ♠D, ♦B: the English reader's ♠Q, ♦J


def no_winner_game() -> tuple[list[list[str]], list[dict]]:
    """A deal and its moves (everyone gesund, first card by Nord) in which both parties announced
    beyond what they reached: nobody wins, yet one side books points."""
    rules = RuleSet.from_config({"preset": "ddv"})
    for seed in range(5000):
        rng = random.Random(seed)
        hands = deal(rules, rng=random.Random(seed))
        g = Game(rules, hands, 3)
        while g.phase == "reserve":
            g.act(g.to_act, Reserve("gesund"))
        while g.phase == "play":
            seat = g.to_act
            said = g.allowed_announcements(seat)
            if said and rng.random() < 0.3:
                g.act(seat, Announce(rng.choice(said)))
            else:
                g.act(seat, Play(rng.choice(g.legal_plays(seat))))
        res = g.game_result()
        if res.winner is None and any(res.score):
            return hands, [a for a in g.actions if "reserve" not in a]
    raise AssertionError("no game without a winner")


async def test_a_no_winner_games_curve_ends_at_the_booked_score(doko, store, rig_deal):
    hands, moves = no_winner_game()
    rig_deal([hands])
    await doko.to_the_first_card()
    for a in moves:
        kind = "play" if "play" in a else "announce"
        await doko.click_hand(doko.player(a["seat"]), kind, a[kind])
    await analysed(doko)
    fin = doko.table.last
    assert fin.result.winner is None
    re_seat = fin.result.re[0]
    booked = fin.points[doko.table.seats[re_seat].user_id]
    assert booked != 0
    curve = words.curve_of(store.analyses[stored_game(store, 1).game_id])
    assert curve.values[-1] * fin.bock == booked
    text = words.curve_text(curve, [p.name for p in fin.players], 1, "de", fin.bock)
    assert text.splitlines()[1].endswith("→ " + signed_decimal(booked, "de"))
    summary = doko.table_message()
    assert [a.filename for a in summary.attachments] == ["doko-summary.png", "doko-curve.png"]


async def test_english_analysis_and_tipp_name_cards_with_english_letters(doko, store, locales):
    english = doko.players[1:]  # the host's German table; three readers of English
    for p in english:
        locales[p.id] = "en-US"
    nord = doko.players[0]
    await doko.open_and_seat()
    await nord.slash(doko.channel, "doko regeln", schalter="tipps=ja")
    await doko.start()
    actor = await to_play(doko)
    texts = []
    for _ in range(8):  # a Tipp at a few decisions, then the game to its end
        if actor in english:
            [button] = tip_buttons(doko.hand_view(actor))
            texts.append(answer(await actor.click(doko.hand_view(actor), custom_id=cid(button))).content)
        await doko.click_hand(actor, "play")
        actor = doko.player(doko.table.game.to_act)
    assert len(texts) >= 4 and all(x.startswith("Hint: ") for x in texts)
    await doko.play_out()
    await analysed(doko)
    for p in english:
        texts.append(answer(await p.click(doko.table_message(), label="Analyse")).embeds[0].description)
    cards = [c for c in CARD_CODES if any(words.card_text(c, lang="en") in x for x in texts)]
    assert any(c[1] in "QJ" for c in cards)  # a Dame or Bube is named, in English letters
    for x in texts:
        assert not GERMAN_LETTER.search(x), x


async def test_protokoll_names_are_escaped_once(doko, store):
    nord, ost = doko.players[0], doko.players[1]
    await nord.slash(doko.channel, "doko tisch")
    await ost.click(doko.table_message(), label="Beitreten")
    await nord.click(doko.table_message(), label="Computer dazu: leicht")
    await nord.click(doko.table_message(), label="Computer dazu: mittel")
    await nord.click(doko.table_message(), label="Starten")
    await play_with_computers(doko)
    await analysed(doko)
    res = await ost.slash(doko.channel, "doko protokoll", spiel=1)
    text = res.followups[-1].content
    named = [n for n in ("Computer 1 (leicht)", "Computer 2 (mittel)") if render.esc(n) in text]
    assert named, text  # a computer is named (escaped once: its brackets are no link)
    assert "\\\\" not in text and "\\\\(" not in text


def damen_solo_with_a_rich_trick() -> tuple[list[list[str]], list[dict], set[int]]:
    """A deal where Nord's Damen-Solo, played out at random, has a trick of 40 Augen or more
    (a Doppelkopf in a normal game) among the tricks its curve marks (the analysis the tests'
    bot makes); its card moves and those tricks."""
    rules = RuleSet.from_config({"preset": "ddv"})
    for seed in range(300):
        rng = random.Random(seed)
        hands = deal(rules, rng=random.Random(seed))
        g = Game(rules, hands, 3)
        g.act(0, Reserve("solo", "damen"))
        while g.phase == "reserve":
            g.act(g.to_act, Reserve("gesund"))
        while g.phase == "play":
            g.act(g.to_act, Play(rng.choice(g.legal_plays(g.to_act))))
        rich = {i for i, x in enumerate(g.tricks) if x.augen >= 40}
        marked = analysis_curve(g.record(), TEST_BUDGET)
        if marked is not None and any(m.trick in rich for m in marked.moments):
            return hands, [a for a in g.actions if "play" in a], rich
    raise AssertionError("no such Damen-Solo")


async def test_a_solos_curve_names_no_extra(doko, store, rig_deal):
    """No extra counts in a solo (the summary lists none): its trick of 40 Augen is marked as
    the trick it is, never as a Doppelkopf."""
    hands, plays, rich = damen_solo_with_a_rich_trick()
    rig_deal([hands])
    await doko.open_and_seat()
    await doko.players[0].slash(doko.channel, "doko regeln", schalter="bilder=nein")
    await doko.start()
    await doko.open_all_hands()
    await doko.select_hand(doko.players[0], "solo", ["damen"])
    while doko.table.game.phase == "reserve":
        await doko.click_hand(doko.player(doko.table.game.to_act), "reserve", "gesund")
    for a in plays:
        await doko.click_hand(doko.player(a["seat"]), "play", a["play"])
    await analysed(doko)
    fin = doko.table.last
    assert fin.result.contract == "solo:damen" and fin.result.extras == ()
    curve = words.curve_of(store.analyses[stored_game(store, 1).game_id])
    at_rich = [m.kind for m in curve.moments if m.trick in rich]
    assert at_rich and set(at_rich) == {"trick"}
    assert all(m.kind not in ("extra", "partner", "alone") for m in curve.moments)
    shown = message_text(doko.table_message())
    assert "Wendepunkte: " in shown and "Stich " in shown.split("Wendepunkte: ")[1]
    assert "Doppelkopf" not in shown and "Fuchs" not in shown
