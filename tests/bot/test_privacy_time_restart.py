"""Privacy of hands, the 15-minute token limit, restarts, Armut through the UI."""

from __future__ import annotations

import logging
import random

from dokobot.bot.client import DokoBot
from dokobot.bot.config import Config
from dokobot.engine import CARD_CODES, Game, RuleSet, deal
from dokobot.text.cards import card_text
from tests.bot.helpers import assert_summary_matches_replay, cid, components, message_text


async def test_hands_are_private_everywhere(doko, caplog):
    await doko.to_the_first_card()
    await doko.play_out()  # checks every public message after every step
    dealt = doko.table.last.record["hands"]
    for seat, player in enumerate(doko.players):
        others = [p for p in doko.players if p is not player] + [doko.outsider]
        for message in doko.channel.history(viewer=player):
            if "Deine Karten" in message.content:
                assert message.flags.ephemeral
                assert all(message.id not in {m.id for m in doko.channel.history(viewer=o)} for o in others)
                shown = [c for c in CARD_CODES if card_text(c) in message.content]
                assert set(shown) <= set(dealt[seat])
    # INFO logs never name a card.
    for record in caplog.records:
        if record.levelno >= logging.INFO:
            text = record.getMessage()
            assert not any(card_text(c) in text for c in CARD_CODES), text


async def test_reopen_after_15_minutes(doko):
    await doko.open_and_seat()
    # no turn timer here (issue 11: by default a computer would take over after 5 minutes)
    res = await doko.players[0].slash(doko.channel, "doko regeln", schalter="turn_timeout=0")
    assert res.ephemeral and doko.table.settings.turn_timeout == 0
    await doko.start()
    await doko.open_all_hands()
    await doko.reserve_all_gesund()
    await doko.env.advance_time(16 * 60)  # every hand token has expired
    first = doko.table.game.to_act
    await doko.click_hand(doko.player(first), "play")  # an old message still takes clicks
    assert len(doko.table.game.current_trick) == 1
    second = doko.player(doko.table.game.to_act)
    # Its old view could not be refreshed (token expired): re-opening shows the truth.
    res = await second.click(doko.table_message(), label="Meine Karten")
    assert res.ephemeral and "du bist am Zug" in res.response.content
    assert any(not c["disabled"] for c in components(res.response) if c["custom_id"].startswith("doko:play"))
    doko.hands[second.id] = res.response
    await doko.open_all_hands()
    await doko.play_out()
    assert doko.table.state == "between"


async def test_restart_mid_game_keeps_everything(doko, store):
    await doko.to_the_first_card()
    for _ in range(6):
        await doko.click_hand(doko.player(doko.table.game.to_act), "play")
    before = doko.table.game.record()
    message_id = doko.table.message_id
    await doko.env.restart_bot(DokoBot(Config(), store=store, rng=doko.bot.tables.rng))
    assert doko.table.game.record() == before and doko.table.message_id == message_id
    # Old buttons work after the restart: the public "Meine Karten" and the old hands.
    actor = doko.player(doko.table.game.to_act)
    await doko.open_hand(actor)
    await doko.click_hand(actor, "play")
    assert len(doko.table.game.record()["actions"]) == len(before["actions"]) + 1
    await doko.open_all_hands()
    await doko.play_out()
    assert doko.table_message().id == message_id  # the same public message, edited in place
    assert_summary_matches_replay(doko, store_for(doko), 1)


def store_for(doko):
    return doko.env.bot.store


async def test_armut_through_buttons(doko, rig_deal):
    rules = RuleSet.from_config({"preset": "haus"})

    def fits(h):
        trumps = sum(Game(rules, [h[0], [], [], []]).is_trump(c) for c in h[0])
        return trumps <= 3 and all(x.count("CQ") < 2 for x in h) and not any(
            sum(c[1] == "9" for c in x) >= 5 for x in h
        )

    rig_deal([next(h for h in (deal(rules, random.Random(s)) for s in range(20000)) if fits(h))])
    await doko.open_and_seat()
    res = await doko.players[0].slash(doko.channel, "doko regeln", preset="haus")
    assert res.response.content == "Regeln für die nächsten Spiele: Haus."
    await doko.start()
    assert "Regeln: Haus" in doko.table_message().embeds[0].title
    await doko.open_all_hands()
    nord, ost = doko.players[0], doko.players[1]
    await doko.click_hand(nord, "reserve", "armut")
    for seat in (1, 2, 3):
        await doko.click_hand(doko.player(seat), "reserve", "gesund")
    assert any("Nord hat Armut." in m.content for m in doko.public())
    await doko.click_hand(ost, "armut_take", "1")
    assert any("Ost nimmt die Armut mit." in m.content for m in doko.public())
    await doko.click_hand(nord, "armut_give")
    view = doko.hand_view(ost)
    select = next(c for c in components(view) if cid(c).startswith("doko:armut_return"))
    n = select.max_values if not isinstance(select, dict) else select["max_values"]
    options = select.options if not isinstance(select, dict) else select["options"]
    values = [o.value if not isinstance(o, dict) else o["value"] for o in options][-n:]
    await doko.select_hand(ost, "armut_return", values)
    assert any("Trümpfe gehen zurück." in m.content for m in doko.public())
    assert "Spiel: Armut (Nord)" in message_text(doko.table_message())
    await doko.play_out()
    result = assert_summary_matches_replay(doko, store_for(doko), 1)
    assert result["contract"] == "armut" and sorted(result["re"]) == [0, 1]
