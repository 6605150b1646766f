"""The channel's events, running and past: the list, and one event's standings as a message.

bot42's subcommand calls these and sends what they return (``send`` and
``send_message`` take it): ``past_list`` for "which events were there", ``past_event``
for one of them by its number (its message as the board draws it, without buttons, and
the CSV and JSON export on request).
"""

from __future__ import annotations

from typing import Any

import discord

from dokobot.bot import embeds
from dokobot.bot.event.board import EventBoard
from dokobot.table.event.store import EventStore
from dokobot.text import eventboard as words
from dokobot.text.i18n import t


async def past_list(store: EventStore, channel_id: int, lang: str) -> dict[str, Any]:
    """The channel's events, newest first: number, date, phase, entrants."""
    events = await store.channel_events(channel_id)
    card = discord.Embed(title=t(lang, "board.past.title"), description=words.past_list(lang, events),
                         colour=embeds.COLOUR)
    return {"embed": embeds.clamp(card)}


async def past_event(board: EventBoard, channel_id: int, event_id: int, lang: str,
                     export: bool = False) -> dict[str, Any]:
    """Event ``event_id`` of this channel: its message (standings, picture), with its CSV and
    JSON when ``export``. An event of another channel is not shown here: a clear answer."""
    event = await board.bot.store.event(event_id)
    if event is None or event.channel_id != channel_id:
        return {"content": t(lang, "board.past.unknown", id=event_id)}
    message = await board.render(event, lang, buttons=False)
    if export:
        extra = await board.export(event, lang)
        message["files"] = [*message["files"], *extra["files"]]
    return message
