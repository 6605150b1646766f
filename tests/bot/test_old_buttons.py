"""Buttons on messages the bot sent before issue 23 keep working in a live game.

The private messages here are made the way that version made them: plain components
with the ``custom_id``s and option values of ``tests/data/custom_ids_v1.json`` (only the
channel, game and seat of this game put in, and the card or value the turn needs), not
built by today's codec. Clicking them must make exactly the moves their ids stood for."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import discord
import pytest

from dokobot.engine.actions import Play

GOLDEN = json.loads((Path(__file__).parent.parent / "data" / "custom_ids_v1.json").read_text())["ids"]
BUTTON = re.compile(r"doko:(?P<kind>[a-z_]+):(?P<ch>\d+):(?P<g>\d+):(?P<seat>\d):(?P<value>[A-Za-z0-9_:]*?):(?P<pos>\d+)")


def old_button(kind: str, ch: int, g: int, seat: int, value: str | None = None) -> str:
    """A golden hand button of ``kind`` with this game's channel, game and seat (and ``value``)."""
    for e in GOLDEN:
        m = BUTTON.fullmatch(e["custom_id"])
        if m and m["kind"] == kind and (value is None or m["value"] == value or kind == "play"):
            v = m["value"] if value is None else value
            return f"doko:{kind}:{ch}:{g}:{seat}:{v}:{m['pos']}"
    raise AssertionError(f"no golden {kind} button")


def old_select(kind: str, ch: int, g: int, seat: int) -> dict[str, Any]:
    entry = next(e for e in GOLDEN if e["type"] == "select" and e["custom_id"].split(":")[1] == kind)
    return {"custom_id": f"doko:{kind}:{ch}:{g}:{seat}", "options": [o["value"] for o in entry["options"]]}


async def old_message(doko: Any, actor: Any, buttons: list[str] = (), select: dict[str, Any] | None = None) -> Any:  # type: ignore[assignment]
    """A private message with components as the old bot sent them (plain items, no codec)."""
    view = discord.ui.View(timeout=None)
    for cid in buttons:
        view.add_item(discord.ui.Button(custom_id=cid, label=cid.split(":")[5] or cid.split(":")[1]))
    if select is not None:
        menu: discord.ui.Select[Any] = discord.ui.Select(custom_id=select["custom_id"])
        for value in select["options"]:
            menu.add_option(label=value, value=value)
        view.add_item(menu)
    view.stop()  # as the bot's own views: nothing stored, the dynamic items take the click
    interaction = doko.bot.presenter(doko.table).hands.interactions[actor.id]
    sent = await interaction.followup.send("vor dem Update", view=view, ephemeral=True, wait=True)
    return doko.fetch(sent, actor)


async def dealt(doko: Any) -> None:
    """Four seated, the game started, every hand open."""
    await doko.open_and_seat()
    await doko.start()
    await doko.open_all_hands()


async def click_old(doko: Any, seat: int, kind: str, value: str | None = None) -> None:
    actor = doko.player(seat)
    cid = old_button(kind, doko.channel.id, doko.table.game_no, seat, value)
    res = await actor.click(await old_message(doko, actor, [cid]), custom_id=cid)
    assert res.acknowledged


@pytest.mark.asyncio
async def test_a_whole_game_on_old_buttons_records_what_they_meant(doko) -> None:
    await dealt(doko)
    for _ in range(4):
        await click_old(doko, doko.table.game.to_act, "reserve", "gesund")
    assert doko.table.game.actions == [{"seat": s, "reserve": "gesund"} for s in range(4)]
    said = next(s for s in range(4) if "re" in doko.table.game.allowed_announcements(s))
    await click_old(doko, said, "announce", "re")
    assert doko.table.game.actions[-1] == {"seat": said, "announce": "re"}
    plays = 0
    while doko.table.state == "playing":
        game = doko.table.game
        seat = game.to_act
        card = next(m.card for m in game.legal_actions(seat) if isinstance(m, Play) and not m.schwein)
        await click_old(doko, seat, "play", card)
        plays += 1
        if doko.table.state == "playing":
            assert doko.table.game.actions[-1] == {"seat": seat, "play": card}
    assert plays == 48 and doko.table.state == "between"


@pytest.mark.asyncio
async def test_an_old_solo_select_reserves_that_solo(doko) -> None:
    await dealt(doko)
    seat = doko.table.game.to_act
    actor = doko.player(seat)
    select = old_select("solo", doko.channel.id, doko.table.game_no, seat)
    assert "karo" in select["options"]
    res = await actor.select(await old_message(doko, actor, select=select), ["karo"], custom_id=select["custom_id"])
    assert res.acknowledged
    assert doko.table.game.actions[-1] == {"seat": seat, "reserve": "solo", "solo": "karo"}


@pytest.mark.asyncio
async def test_an_armut_on_old_buttons_and_an_old_return_select(doko, rig_deal) -> None:
    """armut_decide=after: give (the bot picks the trumps), decline, take, return one card."""
    from tests.engine.helpers import hands_with

    rig_deal([[h.split() for h in hands_with({1: "D9 CA CA CT CT CK CK SA SA ST HA HK"}, armut=True)]])
    await doko.open_and_seat()
    await doko.players[0].slash(doko.channel, "doko regeln", preset="haus", schalter="armut_decide=after")
    await doko.start()
    await doko.open_all_hands()
    for seat, kind in ((0, "gesund"), (1, "armut"), (2, "gesund"), (3, "gesund")):
        await click_old(doko, seat, "reserve", kind)
    await click_old(doko, 1, "armut_give")
    assert doko.table.game.actions[-1] == {"seat": 1, "armut_give": ["D9"]}
    await click_old(doko, 2, "armut_decline")
    assert doko.table.game.actions[-1] == {"seat": 2, "armut_decline": True}
    await click_old(doko, 1, "armut_give")
    west = doko.player(3)
    back = doko.table.game.hand(3)[-1]
    select = old_select("armut_return", doko.channel.id, doko.table.game_no, 3)
    select["options"] = [f"{c}:{i}" for i, c in enumerate(doko.table.game.hand(3))]
    message = await old_message(doko, west, select=select)
    res = await west.select(message, [f"{back}:{len(select['options']) - 1}"], custom_id=select["custom_id"])
    assert res.acknowledged
    game = doko.table.game
    assert game.actions[-1] == {"seat": 3, "armut_return": [back]} and game.contract == "armut"


@pytest.mark.asyncio
async def test_a_button_value_no_bot_sends_is_answered_and_changes_nothing(doko) -> None:
    from dokobot.text.i18n import t

    await dealt(doko)
    seat = doko.table.game.to_act
    actor = doko.player(seat)
    before = list(doko.table.game.actions)
    cid = f"doko:play:{doko.channel.id}:{doko.table.game_no}:{seat}:ZZ:0"
    res = await actor.click(await old_message(doko, actor, [cid]), custom_id=cid)
    assert res.ephemeral and t("de", "err.stale") in (res.response.content or "")
    assert doko.table.game.actions == before
