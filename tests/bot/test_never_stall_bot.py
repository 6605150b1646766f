"""Never stall, never lose a game (issue 9) in Discord: private, specific errors;
forged clicks; one live table message; a broken restored game; throw-ins.
"""

from __future__ import annotations

import copy
import logging
import random
import re

from simcord.actors import _dispatch_actor_interaction, _visible_message
from simcord.enums import ComponentType, InteractionType

from dokobot.bot.client import DokoBot
from dokobot.bot.config import Config
from dokobot.engine import CARD_CODES, RuleSet, deal
from dokobot.table.store import StoreError
from tests.bot.helpers import cid, components, message_text

CARD = re.compile(r"\b(" + "|".join(sorted(set(CARD_CODES) | {"JO"})) + r")\b")
STORAGE_DE = "Das konnte ich nicht speichern, darum hat sich nichts geändert."


async def forged_click(actor, message, custom_id: str):
    """A click with a ``custom_id`` the message does not carry (an attacker's client
    rewriting the payload): the message's first button is sent with that id."""
    from simcord.backend import serializers
    from simcord.builders import ChannelHandle

    stored = _visible_message(actor, message)
    backend = actor._env.backend
    payload = copy.deepcopy(dict(serializers.message_payload(backend, stored)))
    button = payload["components"][0]["components"][0]
    button["custom_id"] = custom_id
    channel = ChannelHandle(actor._env, actor.guild, backend.get_channel(stored.channel_id))
    return await _dispatch_actor_interaction(
        actor, InteractionType.MESSAGE_COMPONENT, channel,
        {"custom_id": custom_id, "component_type": ComponentType.BUTTON},
        extra={"message": payload}, source_message_id=stored.id,
    )


def labels(message) -> list[str]:
    return [c.label for c in components(message)]


def answers(res) -> list[str]:
    return [m.content for m in (res.response, *res.followups) if m is not None and m.content]


async def test_locked_database_during_tisch_is_a_private_specific_answer(doko, store, monkeypatch, caplog):
    async def locked(*args, **kwargs):
        raise StoreError("open table in channel: database is locked by another process (busy timeout exceeded)")

    monkeypatch.setattr(store, "open_table", locked)
    res = await doko.players[0].slash(doko.channel, "doko tisch")
    assert res.ephemeral and any(a.startswith(STORAGE_DE) for a in answers(res)), answers(res)
    assert doko.public() == []  # nothing public, least of all an error
    assert doko.bot.tables.get(doko.channel.id) is None
    caplog.clear()  # the logged database error is the expected one
    monkeypatch.undo()
    res = await doko.players[0].slash(doko.channel, "doko tisch")  # the fault cleared
    assert res.ephemeral and doko.bot.tables.get(doko.channel.id) is not None
    assert "Beitreten" in labels(doko.table_message())


async def test_a_failing_store_in_any_command_is_private_and_specific(doko, store, monkeypatch, caplog):
    await doko.open_and_seat()

    async def locked(*args, **kwargs):
        raise StoreError("save settings: database is locked by another process (busy timeout exceeded)")

    monkeypatch.setattr(store, "set_channel_prefs", locked)
    res = await doko.players[0].slash(doko.channel, "doko regeln", preset="haus")
    assert res.ephemeral and any(a.startswith(STORAGE_DE) for a in answers(res)), answers(res)
    monkeypatch.setattr(store, "set_user_language", locked)
    res = await doko.players[1].slash(doko.channel, "doko sprache", sprache="en")  # through the tree's handler
    assert res.ephemeral and any(a.startswith(STORAGE_DE) for a in answers(res)), answers(res)
    [handled] = doko.env.errors  # the one error the tree's handler answered (and acknowledged here)
    assert isinstance(handled.original, StoreError)
    caplog.clear()


async def test_odd_switch_values_get_a_short_specific_answer(doko):
    await doko.open_and_seat()
    long_digits = "9" * 5000
    token = "x" * 6000
    for schalter, needle in (
        ("hochzeit_window=²", "passt nicht zum Schalter „hochzeit\\_window“"),
        (f"hochzeit_window={long_digits}", "passt nicht zum Schalter „hochzeit\\_window“"),
        (token, "verstehe ich nicht"),
        (f"dulle={token}", "passt nicht zum Schalter „dulle“"),
        (f"{token}=1", "gibt es hier nicht"),
    ):
        res = await doko.players[0].slash(doko.channel, "doko regeln", schalter=schalter)
        [text] = answers(res)
        assert res.ephemeral and needle in text, text
        assert len(text) < 400 and "9" * 40 not in text and "x" * 40 not in text
    assert doko.table.rules_config == {"preset": "ddv"}  # nothing changed


async def on_sqlite(doko, **config):
    """Restart the test's bot on an in-memory SQLite store (statistics need it)."""
    from dokobot.storage.sql_store import SqlStore

    store = await SqlStore.open(":memory:")
    await doko.env.restart_bot(DokoBot(Config(**config), store=store, rng=doko.bot.tables.rng))
    return store


async def test_statistik_and_entfernen_for_someone_who_left_the_server(doko):
    store = await on_sqlite(doko)
    try:
        await left_the_server(doko)
    finally:
        await doko.env.shutdown()
        await store.close()


async def left_the_server(doko):
    await doko.open_and_seat()
    west = doko.players[3]
    doko.guild.remove_member(west)
    res = await doko.players[0].slash(doko.channel, "doko statistik", spieler=west.user)
    assert res.ephemeral and res.response.embeds[0].title == "Statistik · West"
    res = await doko.players[0].slash(doko.channel, "doko entfernen", spieler=west.user)
    assert res.ephemeral and answers(res) == ["West ist nicht mehr am Tisch."]
    assert west.id not in [s.user_id for s in doko.table.seats]


async def test_a_button_acts_only_on_the_table_of_its_own_channel(doko):
    await doko.open_and_seat()
    other = doko.guild.create_text_channel("nebenan")
    kiebitz = doko.outsider
    await kiebitz.slash(other, "doko tisch")
    there = doko.bot.tables.get(other.id)
    lobby = next(m for m in other.history() if m.id == there.message_id)
    # In #nebenan, a click whose custom_id names #doko's table: it must not close or join that one.
    res = await forged_click(kiebitz, lobby, f"doko:join:{doko.channel.id}:0")
    assert res.ephemeral and answers(res) == ["Dieser Knopf gehört zu einem anderen Kanal."]
    res = await forged_click(doko.players[0], lobby, f"doko:close:{doko.channel.id}:0")
    assert res.ephemeral and doko.bot.tables.get(doko.channel.id) is not None
    assert kiebitz.id not in [s.user_id for s in doko.table.seats]


async def test_a_hand_button_on_the_public_message_never_makes_it_a_hand(doko):
    seat = await doko.to_the_first_card()
    actor = doko.player(seat)
    card = doko.table.game.legal_plays(seat)[0]
    public = doko.table_message()
    before = len(doko.table.game.actions)
    res = await forged_click(actor, public, f"doko:play:{doko.channel.id}:1:{seat}:{card}:0")
    assert res.ephemeral and "veraltet" in answers(res)[0]
    await doko.bot.presenter(doko.table).wait()
    after = doko.fetch(public, doko.outsider)
    assert after.embeds and "Deine Karten" not in message_text(after) and not after.content
    assert len(doko.table.game.actions) == before
    doko.assert_private()


async def test_abort_then_removing_a_player_past_the_dealer_seat_gives_a_working_lobby(doko):
    await doko.open_and_seat()
    await doko.start()
    assert doko.table.dealer == 3
    await doko.players[0].slash(doko.channel, "doko abbrechen")
    res = await doko.players[0].slash(doko.channel, "doko entfernen", spieler=doko.players[1])
    assert res.ephemeral and doko.table.state == "lobby" and len(doko.table.seats) == 3
    await doko.bot.presenter(doko.table).wait()
    lobby = doko.table_message()
    assert "Beitreten" in labels(lobby)
    await doko.outsider.click(lobby, label="Beitreten")
    assert len(doko.table.seats) == 4


async def test_failing_to_remember_the_new_table_message_keeps_one_live_message(doko, store, monkeypatch, caplog):
    await doko.open_and_seat()
    lobby_id = doko.table.message_id
    real = store.set_message_id
    calls = []

    async def flaky(table_id, message_id):
        calls.append(message_id)
        if len(calls) == 1:
            raise StoreError("set message: database is locked by another process (busy timeout exceeded)")
        await real(table_id, message_id)

    monkeypatch.setattr(store, "set_message_id", flaky)
    await doko.start()
    presenter = doko.bot.presenter(doko.table)
    await presenter.wait()
    game_id = presenter.message.message_id
    assert game_id != lobby_id
    first = doko.player(doko.table.game.to_act)
    game_message = next(m for m in doko.channel.history() if m.id == game_id)
    res = await first.click(game_message, label="Meine Karten")
    doko.hands[first.id] = res.response
    await doko.click_hand(first, "reserve", "gesund")
    await presenter.wait()
    old = next(m for m in doko.channel.history() if m.id == lobby_id)
    assert not components(old) and "Geber" not in message_text(old)  # the old lobby never became the game
    new = next(m for m in doko.channel.history() if m.id == game_id)
    assert "Geber" in message_text(new) and any(cid(c).startswith("doko:hand:") for c in components(new))
    assert doko.table.message_id == game_id  # remembered at the next update
    assert [m.id for m in doko.public() if components(m)] == [game_id]


async def test_a_broken_running_game_is_said_on_the_table_and_the_host_aborts_it(doko, store, caplog):
    await doko.to_the_first_card()
    for _ in range(3):
        await doko.click_hand(doko.player(doko.table.game.to_act), "play")
    stored = store.games[doko.table.game_id]
    first = stored.actions[4]["play"]
    stored.hands[0].remove(first)  # an edited database: the first card is gone from its hand
    stored.hands[0].append(stored.hands[1][0])
    await doko.env.restart_bot(DokoBot(Config(), store=store, rng=doko.bot.tables.rng))
    table = doko.table
    assert table.broken
    await doko.bot.presenter(table).wait()
    assert "lässt sich nach dem Neustart nicht fortsetzen" in message_text(doko.table_message())
    res = await doko.players[1].slash(doko.channel, "re")
    assert res.ephemeral and "lässt sich nicht fortsetzen" in answers(res)[-1]
    res = await doko.players[0].slash(doko.channel, "doko abbrechen")
    assert res.ephemeral and doko.table.state == "between"
    await doko.players[0].click(doko.table_message(), label="Nächstes Spiel")
    assert doko.table.state == "playing" and doko.table.game_no == 2
    [error] = [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]
    assert error.startswith(f"table {doko.channel.id}: game 1 cannot be resumed (") and error.endswith("the host can abort it")
    for r in caplog.records:  # not the card that is missing, nor any other
        assert r.levelno < logging.INFO or not CARD.search(r.getMessage()), r.getMessage()
    caplog.clear()


def nines_deal() -> list[list[str]]:
    rules = RuleSet.from_config({"preset": "haus"})
    return next(h for h in (deal(rules, random.Random(s)) for s in range(5000)) if sum(c[1] == "9" for c in h[0]) >= 5)


async def test_a_throw_in_counts_the_same_everywhere(doko, rig_deal):
    """A throw-in is no game: not on the Spielliste's count, not in the leaderboard
    or the statistics; each of them says so in its footer."""
    rig_deal([nines_deal()])
    store = await on_sqlite(doko, preset="haus")
    try:
        await doko.open_and_seat()
        await doko.start()
        await doko.open_all_hands()
        await doko.click_hand(doko.players[0], "reserve", "schmeissen")
        while doko.table.game_no == 1:
            await doko.click_hand(doko.player(doko.table.game.to_act), "reserve", "gesund")
        await doko.open_all_hands()
        await doko.reserve_all_gesund()
        await doko.play_out()
        nord = doko.players[0]
        sheet = (await nord.slash(doko.channel, "doko liste")).response.embeds[0]
        board = (await nord.slash(doko.channel, "doko rangliste")).response.embeds[0]
        stats = (await nord.slash(doko.channel, "doko statistik")).response.embeds[0]
        rule = "Neu gegebene Spiele (eingeworfen, Armut nicht genommen) zählen nirgends als Spiel."
        assert sheet.title == "Spielliste · 1 Spiel" and sheet.footer.text == rule
        assert "· 1 Spiel ·" in board.description and rule in board.footer.text
        assert stats.description.startswith("Spiele: 1 · ") and stats.footer.text == rule
    finally:
        await doko.env.shutdown()
        await store.close()


async def test_the_last_card_whose_booking_fails_is_played_again_and_booked_once(doko, store, monkeypatch, caplog):
    await doko.to_the_first_card()
    game = doko.table.game
    while sum(len(t.cards) for t in game.tricks) + len(game.current_trick) < 47:
        await doko.click_hand(doko.player(game.to_act), "play")
        game = doko.table.game
    real = store.finish_game

    async def full_disk(*args, **kwargs):
        raise StoreError("finish game 1: database or disk is full")

    monkeypatch.setattr(store, "finish_game", full_disk)
    last = doko.player(game.to_act)
    res = await doko.click_hand(last, "play")
    assert res.followups and res.followups[-1].ephemeral and res.followups[-1].content.startswith(STORAGE_DE)
    assert doko.table.state == "playing" and len(store.games[doko.table.game_id].actions) == 51  # nothing changed
    caplog.clear()
    monkeypatch.setattr(store, "finish_game", real)
    await doko.click_hand(last, "play")  # the fault cleared: the same card again
    assert doko.table.state == "between" and store.games[doko.table.game_id].result == doko.table.last.result
    assert sum(1 for g in store.games.values() if g.result is not None) == 1
    await doko.players[1].click(doko.table_message(), label="Nächstes Spiel")
    assert doko.table.state == "playing" and doko.table.game_no == 2
