"""Computer players through Discord: the host seats two, two people play a whole game by clicks."""

from __future__ import annotations

import pytest

from dokobot.engine.record import replay
from dokobot.text import render
from tests.bot.helpers import (
    assert_summary_matches_replay,
    cid,
    components,
    disabled,
    play_with_computers,
)


async def test_two_people_and_two_computers_play_a_game(doko, store):
    nord, ost = doko.players[0], doko.players[1]
    await nord.slash(doko.channel, "doko tisch")
    await ost.click(doko.table_message(), label="Beitreten")

    res = await ost.click(doko.table_message(), label="Computer dazu: mittel")  # only the host may
    refusal = res.followups[-1]
    assert refusal.ephemeral and "Gastgeber (Nord)" in refusal.content
    assert len(doko.table.seats) == 2

    await nord.click(doko.table_message(), label="Computer dazu: leicht")
    await nord.click(doko.table_message(), label="Computer dazu: schwer")
    seats = doko.table.seats
    assert [(s.name, s.is_bot) for s in seats] == [
        ("Nord", False), ("Ost", False), ("Computer 1 (leicht)", True), ("Computer 2 (schwer)", True)]
    lobby = doko.table_message()
    shown = lobby.embeds[0].description
    assert render.esc("Computer 1 (leicht)") in shown and render.esc("Computer 2 (schwer)") in shown
    adds = [i for i in components(lobby) if cid(i).startswith("doko:computer_")]
    assert len(adds) == 3 and not any(disabled(a) for a in adds)  # a fifth and a sixth seat are free

    await doko.start()
    await play_with_computers(doko)

    number = doko.table.game_no
    result = assert_summary_matches_replay(doko, store, number)
    stored = next(g for g in store.games.values() if g.number == number)
    assert [p.is_bot for p in stored.players] == [False, False, True, True]
    assert set(stored.scores) == {s.user_id for s in seats} and sum(stored.scores.values()) == 0
    computer_moves = [a for a in stored.actions if a["seat"] in (2, 3)]
    assert computer_moves and replay({"rules": stored.rules, "dealer": stored.dealer, "hands": stored.hands,
                                      "actions": stored.actions}) == result

    # either person may deal the next game; the computers play on
    await ost.click(doko.table_message(), label="Nächstes Spiel")
    assert doko.table.state == "playing" and doko.table.game_no == number + 1


async def test_computer_command_adds_and_removes(doko):
    nord, ost = doko.players[0], doko.players[1]
    await nord.slash(doko.channel, "doko tisch")
    await ost.click(doko.table_message(), label="Beitreten")
    res = await nord.slash(doko.channel, "doko computer")
    assert res.ephemeral and render.esc("Computer 1 (mittel)") + " sitzt jetzt mit am Tisch." in res.response.content
    assert [s.name for s in doko.table.seats] == ["Nord", "Ost", "Computer 1 (mittel)"]
    await nord.click(doko.table_message(), label="Computer entfernen")
    res = await nord.slash(doko.channel, "doko computer", stufe="schwer")
    assert render.esc("Computer 1 (schwer)") + " sitzt jetzt mit am Tisch." in res.response.content
    res = await ost.slash(doko.channel, "doko computer", aktion="entfernen")
    assert "Gastgeber" in res.response.content and len(doko.table.seats) == 3  # not the host
    await nord.click(doko.table_message(), label="Computer entfernen")
    assert [s.name for s in doko.table.seats] == ["Nord", "Ost"]


async def test_computers_on_sqlite_ranked_apart_and_resume_after_restart(doko, tmp_path):
    from dokobot.bot.client import DokoBot
    from dokobot.bot.config import Config
    from dokobot.storage.sql_store import SqlStore
    from tests.bot.helpers import FAST

    path = tmp_path / "doko.sqlite3"
    first = await SqlStore.open(path)
    second = None
    try:
        await doko.env.restart_bot(DokoBot(Config(), store=first, rng=doko.bot.tables.rng, computer_skill=FAST, computer_delay=0))
        nord, ost = doko.players[0], doko.players[1]
        await nord.slash(doko.channel, "doko tisch")
        await ost.click(doko.table_message(), label="Beitreten")
        await nord.click(doko.table_message(), label="Computer dazu: schwer")
        await nord.click(doko.table_message(), label="Computer dazu: leicht")
        await doko.start()
        await play_with_computers(doko)

        board = await first.db.leaderboard(doko.channel.id)
        assert sorted(r.name for r in board.bots) == ["Computer 1 (schwer)", "Computer 2 (leicht)"]
        assert sorted(r.name for r in board.rows) == ["Nord", "Ost"]
        res = await ost.slash(doko.channel, "doko rangliste")
        shown = res.response.embeds[0]
        assert any(f.name == "Computerspieler (eigene Wertung; Spielstärke je Stufe)" and "Computer 1" in f.value for f in shown.fields)

        # The next game stops where a computer is to act (it pauses long) ...
        doko.table.computer_delay = 3600
        await ost.click(doko.table_message(), label="Nächstes Spiel")
        table = doko.table
        while table.computer_to_act() is None:
            actor = doko.player(table.game.to_act)
            await doko.open_hand(actor)
            phase = table.game.phase
            if phase == "reserve":
                await doko.click_hand(actor, "reserve", "gesund")
            elif phase == "armut_take":
                await doko.click_hand(actor, "armut_take", "0")
            else:
                await doko.click_hand(actor, "play")
        waiting = len(table.game.actions)
        # ... the bot restarts: the game goes on by itself
        second = await SqlStore.open(path)
        await doko.env.restart_bot(DokoBot(Config(), store=second, rng=doko.bot.tables.rng, computer_skill=FAST, computer_delay=0))
        again = doko.table
        # the levels came back with the seats
        assert [s.level for s in again.seats if s.is_bot] == ["schwer", "leicht"]  # kept with the seat
        await again.computers_idle()
        assert len(again.game.actions) > waiting and again.computer_to_act() is None
        running = await second.db.unfinished_games()
        assert [len(g.actions) for g in running] == [len(again.game.actions)]
    finally:
        await doko.env.shutdown()
        await first.close()
        if second is not None:
            await second.close()


async def test_lobby_buttons_in_english(doko):
    from dokobot.bot.messages import lobby_message

    nord = doko.players[0]
    await nord.slash(doko.channel, "doko tisch")
    labels = [(c.item.label, c.item.disabled) for c in lobby_message(doko.table, "en")["view"].children]
    assert ("Add computer: medium", False) in labels and not any(label == "Remove computer" for label, _ in labels)
    await nord.click(doko.table_message(), label="Computer dazu: mittel")
    labels = [c.item.label for c in lobby_message(doko.table, "en")["view"].children]
    assert "Remove computer" in labels


async def test_every_level_plays_whole_games_at_the_table(doko, store):
    """One person and a computer of each level: two whole games through Discord, every move legal."""
    nord = doko.players[0]
    await nord.slash(doko.channel, "doko tisch")
    for level in ("leicht", "mittel", "schwer"):
        await nord.click(doko.table_message(), label=f"Computer dazu: {level}")
    assert [s.level for s in doko.table.seats if s.is_bot] == ["leicht", "mittel", "schwer"]
    await doko.start()
    for _ in range(2):
        await play_with_computers(doko)
        number = doko.table.game_no
        result = assert_summary_matches_replay(doko, store, number)
        stored = next(g for g in store.games.values() if g.number == number)
        assert {a["seat"] for a in stored.actions} >= {1, 2, 3}  # every computer moved
        assert replay({"rules": stored.rules, "dealer": stored.dealer, "hands": stored.hands,
                       "actions": stored.actions}) == result
        await nord.click(doko.table_message(), label="Nächstes Spiel")


@pytest.mark.parametrize("n", [5, 6])
async def test_every_level_plays_whole_games_at_five_and_six(doko, store, n):
    """One person and computers of every level at five (all play) and at six (Münchener Regeln):
    two whole games through Discord, every move legal, the summary exactly the replay."""
    nord = doko.players[0]
    await nord.slash(doko.channel, "doko tisch")
    levels = ["leicht", "mittel", "schwer", "mittel", "schwer"][: n - 1]
    for level in levels:
        await nord.click(doko.table_message(), label=f"Computer dazu: {level}")
    assert [s.level for s in doko.table.seats if s.is_bot] == levels
    adds = [i for i in components(doko.table_message()) if cid(i).startswith("doko:computer_")]
    assert len(adds) == 3 and all(disabled(a) for a in adds) == (n == 6)  # six: no free seat left
    if n == 5:
        await nord.slash(doko.channel, "doko regeln", schalter="five=all_play")
    await doko.start()
    game = doko.table.game
    assert game.n == n and (game.rules.preset == "muenchen" if n == 6 else game.rules.all_play)
    for _ in range(2):
        await play_with_computers(doko)
        number = doko.table.game_no
        result = assert_summary_matches_replay(doko, store, number)
        stored = next(g for g in store.games.values() if g.number == number)
        if result["contract"] != "redeal":
            assert {a["seat"] for a in stored.actions} == set(range(n))  # every computer moved
        assert replay({"rules": stored.rules, "dealer": stored.dealer, "hands": stored.hands,
                       "actions": stored.actions}) == result
        await nord.click(doko.table_message(), label="Nächstes Spiel")


async def test_level_buttons_in_english(doko):
    from dokobot.bot.messages import lobby_message

    nord = doko.players[0]
    await nord.slash(doko.channel, "doko tisch")
    labels = [c.item.label for c in lobby_message(doko.table, "en")["view"].children
              if c.item.custom_id.startswith("doko:computer_")]
    assert labels == ["Add computer: easy", "Add computer: medium", "Add computer: hard"]
    await nord.click(doko.table_message(), label="Computer dazu: schwer")
    assert [s.name for s in doko.table.seats] == ["Nord", "Computer 1 (schwer)"]
