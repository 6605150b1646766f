"""Kiebitze through Discord (SimCord): the "Zuschauen" button, the seat's consent, the private
view one trick late, the count on the table message, restarts, and that nobody seated sees a
hand through it."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from dokobot.bot.client import DokoBot
from dokobot.bot.config import Config
from dokobot.engine import CARD_CODES
from dokobot.text.cards import card_text
from dokobot.text.i18n import t, tn
from tests.bot.helpers import FAST, cid, components, message_text, seat_more
from tests.text.helpers import german_words

SEATED = t("de", "kiebitz.err.seated")


async def ask_to_watch(doko: Any, who: Any, seat: int) -> Any:
    """``who`` clicks "Zuschauen" and picks ``seat``: the answer to the pick."""
    res = await who.click(doko.table_message(), label=t(doko.lang, "btn.watch"))
    assert res.ephemeral and res.response is not None, res
    select = next(c for c in components(res.response) if cid(c).startswith("doko:kw:seat:"))
    picked = await who.select(res.response, [str(seat)], custom_id=cid(select))
    assert picked.ephemeral, picked
    return picked


def footer(doko: Any) -> str:
    embed = doko.table_message().embeds[0]
    return embed.footer.text or "" if embed.footer else ""


def view_text(doko: Any, message: Any, who: Any) -> str:
    return message_text(doko.fetch(message, who))


async def play_cards(doko: Any, n: int) -> None:
    for _ in range(n):
        await doko.click_hand(doko.player(doko.table.game.to_act), "play")


async def set_mode(doko: Any, mode: str) -> None:
    res = await doko.players[0].slash(doko.channel, "doko regeln", schalter=f"kiebitz={mode}")
    assert res.ephemeral, res


def cards_named(text: str) -> Counter[str]:
    return Counter({code: n for code in CARD_CODES
                    if (n := len(re.findall(re.escape(card_text(code)) + r"(?!\d)", text)))})


def played_until(game: Any, tricks: int) -> Counter[str]:
    return Counter(c for trick in game.tricks[:tricks] for _, c in trick.cards)


async def test_a_watcher_follows_a_seat_one_trick_late_and_the_table_counts(doko):
    await doko.open_and_seat()
    await set_mode(doko, "offen")
    await doko.start()
    assert footer(doko) == ""
    watcher = doko.outsider
    view = (await ask_to_watch(doko, watcher, 2)).response
    assert footer(doko) == "👀 1 schaut zu"
    assert t("de", "kiebitz.waiting") in view_text(doko, view, watcher)
    await doko.open_all_hands()
    await doko.reserve_all_gesund()
    before = view_text(doko, view, watcher)
    for done in range(1, 12):
        await play_cards(doko, 2)
        assert view_text(doko, view, watcher) == before  # within a trick the view does not move
        await play_cards(doko, 2)
        game = doko.table.game  # each move makes a new game object
        assert len(game.tricks) == done
        text = view_text(doko, view, watcher)
        shown = [n for n in range(1, 13) if f"Stich {n}:" in text]
        assert shown == list(range(1, done))  # one trick late: never the latest trick
        for n, trick in enumerate(game.tricks[:done - 1], start=1):
            line = next(x for x in text.splitlines() if x.startswith(f"Stich {n}:"))
            assert line.startswith(f"Stich {n}: " + " · ".join(f"{game.players[s]} {card_text(c)}" for s, c in trick.cards))
        played = played_until(game, done - 1)  # every card named was played a trick ago or earlier
        in_tricks = cards_named("\n".join(x for x in text.splitlines() if x.startswith("Stich ")))
        assert set(cards_named(text)) <= set(played) and all(in_tricks[c] <= played[c] for c in in_tricks)
        before = text
    await doko.play_out()
    final = doko.fetch(view, watcher)
    assert t("de", "kiebitz.end") in final.embeds[0].title and components(final) == []
    assert "Stich 12:" in message_text(final)
    assert "👀" not in footer(doko)  # the watching ended with the game


async def test_nobody_seated_may_watch_not_even_who_sits_out_at_five(doko):
    await doko.open_and_seat()
    await seat_more(doko, 1)
    await doko.start()
    table = doko.table
    assert len(table.game.seats) == 4 and len(table.seats) == 5  # the dealer sits out
    for member in doko.players:
        res = await member.click(doko.table_message(), label="Zuschauen")
        assert res.ephemeral and res.response.content == SEATED, member.name
        assert components(res.response) == []  # no seat to pick
    assert footer(doko) == ""


async def test_consent_only_the_asked_player_answers_and_a_no_shows_nothing(doko):
    await doko.open_and_seat()
    await doko.start()  # kiebitz: with consent by default
    nord, ost = doko.players[0], doko.players[1]
    watcher = doko.outsider
    waiting = (await ask_to_watch(doko, watcher, 1)).response
    assert waiting.content == "Ost ist gefragt. Sobald Ost zustimmt, siehst du hier das Spiel."
    question = doko.public()[-1]
    assert [m.id for m in question.mentions] == [ost.id] and f"<@{ost.id}>" in question.content
    assert "Kiebitz" in question.content and footer(doko) == ""
    again = await ask_to_watch(doko, watcher, 1)  # asking again pings Ost no second time
    assert again.response.content == "Du hast Ost schon gefragt; warte auf die Antwort."
    assert doko.public()[-1].id == question.id
    for other in (nord, watcher):  # nobody else answers for Ost
        res = await other.click(question, label="Erlauben")
        assert res.ephemeral and res.response.content == "Das kann nur Ost beantworten."
    assert footer(doko) == "" and doko.fetch(waiting, watcher).content == waiting.content
    await ost.click(question, label="Ablehnen")
    answered = doko.fetch(question, nord)
    assert answered.content == "Ost möchte in diesem Spiel keinen Kiebitz." and components(answered) == []
    declined = doko.fetch(waiting, watcher)
    assert declined.content == "Ost möchte nicht, dass du zuschaust." and declined.embeds == []
    refused = await ask_to_watch(doko, watcher, 1)  # a no holds for this game: no new question
    assert refused.response.content == "Ost möchte in diesem Spiel keinen Kiebitz; frag im nächsten Spiel wieder."
    assert doko.public()[-1].id == question.id
    await doko.open_all_hands()
    await doko.reserve_all_gesund()
    await play_cards(doko, 12)
    assert doko.fetch(waiting, watcher).content == declined.content and not doko.fetch(waiting, watcher).embeds
    assert footer(doko) == ""
    # another asks Sued, who allows: the waiting answer becomes the view
    guest = doko.guild.add_member(doko.env.create_user("Gast"))
    asked = (await ask_to_watch(doko, guest, 2)).response
    question = doko.public()[-1]
    res = await doko.players[2].click(question, label="Erlauben")
    assert doko.fetch(question, nord).content == "Sued lässt Gast zuschauen.", res
    shown = view_text(doko, asked, guest)
    assert "Du schaust Sued über die Schulter" in shown and "Stich 2:" in shown and "Stich 3:" not in shown
    assert footer(doko) == "👀 1 schaut zu"


async def test_a_computers_seat_needs_no_consent(doko):
    nord = doko.players[0]
    await nord.slash(doko.channel, "doko tisch")
    for member in doko.players[1:3]:
        await member.click(doko.table_message(), label="Beitreten")
    await nord.click(doko.table_message(), label=t("de", "btn.add_computer_level", level=t("de", "level.leicht")))
    await doko.start()
    table = doko.table
    bot_seat = next(i for i in table.game.seats if table.game_players[i].is_bot)
    before = len(doko.public())
    view = (await ask_to_watch(doko, doko.outsider, bot_seat)).response
    assert "über die Schulter" in view_text(doko, view, doko.outsider)
    assert len(doko.public()) == before  # nobody was asked
    assert footer(doko) == "👀 1 schaut zu"
    guest = doko.guild.add_member(doko.env.create_user("Gast"))
    await ask_to_watch(doko, guest, bot_seat)
    assert footer(doko) == "👀 2 schauen zu"


async def test_off_means_no_button_and_the_rules_page_says_so(doko):
    await doko.open_and_seat()
    await set_mode(doko, "aus")
    assert doko.table.settings.kiebitz == "off"
    await doko.start()
    labels = [c.label for c in components(doko.table_message())]
    assert "Zuschauen" not in labels and "Meine Karten" in labels
    res = await doko.players[1].slash(doko.channel, "doko regeln")
    assert "**Zuschauen** (`kiebitz`): aus" in message_text(res.response)


async def test_a_watcher_who_gets_seated_loses_the_view(doko):
    await doko.open_and_seat()
    await set_mode(doko, "offen")
    await doko.start()
    watcher = doko.outsider
    view = (await ask_to_watch(doko, watcher, 0)).response
    await doko.open_all_hands()
    await doko.reserve_all_gesund()
    await play_cards(doko, 8)
    assert "Stich 1:" in view_text(doko, view, watcher)
    res = await doko.players[0].slash(doko.channel, "doko platz", nummer=2, aktion="übergeben", spieler=watcher)
    assert res.ephemeral and doko.table.seat_of(watcher.id) == 1
    ended = doko.fetch(view, watcher)
    assert ended.content == t("de", "kiebitz.ended.seated") and ended.embeds == [] and components(ended) == []
    assert footer(doko) == ""
    res = await watcher.click(doko.table_message(), label="Zuschauen")
    assert res.response.content == SEATED


async def test_a_restart_keeps_who_watches_whom(doko, store):
    await doko.open_and_seat()
    await set_mode(doko, "offen")
    await doko.start()
    watcher = doko.outsider
    view = (await ask_to_watch(doko, watcher, 3)).response
    await doko.open_all_hands()
    await doko.reserve_all_gesund()
    await play_cards(doko, 8)
    await doko.env.restart_bot(DokoBot(Config(), store=store, rng=doko.bot.tables.rng, computer_skill=FAST,
                                       computer_delay=0))
    presenter = doko.env.bot.presenter(doko.table)
    presenter.update()
    await presenter.wait()
    assert footer(doko).endswith(" · 👀 1 schaut zu")  # after the restart note
    await doko.open_all_hands()
    await play_cards(doko, 4)  # the new process keeps the old view current through its stored token
    shown = view_text(doko, view, watcher)
    assert "Stich 2:" in shown and "Stich 3:" not in shown
    again = await watcher.click(doko.fetch(view, watcher), label="Weiter zuschauen")  # a fresh view
    assert again.ephemeral and "Stich 2:" in message_text(again.response)
    assert doko.fetch(view, watcher).content == t("de", "kiebitz.ended.stale")  # the old one says so
    await play_cards(doko, 4)
    assert "Stich 3:" in view_text(doko, again.response, watcher)
    assert footer(doko).endswith("👀 1 schaut zu")


async def test_stop_watching_and_english_words(doko, locales):
    watcher = doko.outsider
    locales[watcher.id] = "en-US"
    await doko.open_and_seat()
    await set_mode(doko, "offen")
    await doko.start()
    res = await watcher.click(doko.table_message(), label="Zuschauen")  # the table speaks German
    seen = [res.response.content, *(o["label"] for c in components(res.response) for o in c.get("options", []))]
    select = components(res.response)[0]
    picked = await watcher.select(res.response, ["1"], custom_id=cid(select))
    await doko.open_all_hands()
    await doko.reserve_all_gesund()
    await play_cards(doko, 8)
    shown = doko.fetch(picked.response, watcher)
    seen += [message_text(shown), *(c.label for c in components(shown))]
    assert "Trick 1:" in seen[-3] and "one trick behind" in seen[-3]
    stopped = await watcher.click(shown, label="Stop watching")
    seen.append(stopped.response.content)
    assert stopped.response.content == "You stopped watching." and footer(doko) == ""
    more = await watcher.click(doko.table_message(), label="Zuschauen")
    seen.append(more.response.content)
    assert [(s, w) for s in seen if (w := german_words(s.replace("Nord", "").replace("Sued", "")))] == []
    assert tn("en", "kiebitz.watching", 2) == "👀 2 watchers"


async def test_a_clean_shutdown_tells_the_views_and_their_button_opens_a_fresh_one(doko, store):
    await doko.open_and_seat()
    await set_mode(doko, "offen")
    await doko.start()
    watcher = doko.outsider
    view = (await ask_to_watch(doko, watcher, 1)).response
    await doko.bot.close()  # the views say they are no longer updated, before the process ends
    old = doko.fetch(view, watcher)
    assert old.content == t("de", "kiebitz.ended.stale") and old.embeds == []
    assert [c.label for c in components(old)] == ["Weiter zuschauen"]
    await doko.env.restart_bot(DokoBot(Config(), store=store, rng=doko.bot.tables.rng))
    again = await watcher.click(old, label="Weiter zuschauen")
    assert again.ephemeral and "Du schaust Ost über die Schulter" in message_text(again.response)


async def test_a_view_about_to_run_out_says_so_and_keep_watching_brings_it_back(doko):
    await doko.open_and_seat()
    await set_mode(doko, "offen turn_timeout=0")
    await doko.start()
    watcher = doko.outsider
    view = (await ask_to_watch(doko, watcher, 0)).response
    await doko.open_all_hands()
    await doko.reserve_all_gesund()
    await play_cards(doko, 4)
    await doko.env.advance_time(14 * 60 + 45)  # its token has 15 seconds left
    await doko.open_all_hands()
    await play_cards(doko, 1)
    old = doko.fetch(view, watcher)
    assert old.content == t("de", "kiebitz.ended.stale") and [c.label for c in components(old)] == ["Weiter zuschauen"]
    again = await watcher.click(old, label="Weiter zuschauen")
    await play_cards(doko, 7)
    assert "Stich 1:" in view_text(doko, again.response, watcher)


def test_the_watchers_registry_keeps_no_table_alive():
    """The registry of watchers holds neither a table nor its bot: a process does not keep every
    table it ever had. The table's presenter holds its watchers; while it does, the registry
    answers with them."""
    import gc
    import weakref

    from dokobot.bot.watch import watchers_of

    class Stand:  # a table and a bot as far as the registry sees them
        table_id = 1

    table, bot = Stand(), Stand()
    held = watchers_of(bot, table)  # as the presenter holds them
    assert watchers_of(bot, table) is held
    gone_table, gone_bot = weakref.ref(table), weakref.ref(bot)
    del table, bot, held
    gc.collect()
    assert gone_table() is None and gone_bot() is None
