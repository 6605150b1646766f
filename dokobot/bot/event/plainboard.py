"""The event's message until the standings board (``board.EventBoard``) draws it: the
settings, the entrants and the sign-up buttons, redrawn on every change."""

from __future__ import annotations

import logging

import discord

from dokobot.bot.event.buttons import signup_view
from dokobot.bot.event.places import EventHost
from dokobot.table.event.store import EventStore, StoredEvent
from dokobot.text.event import settings_text
from dokobot.text.i18n import t

log = logging.getLogger(__name__)


class PlainBoard:
    """The event message until the standings board takes over: the settings, the entrants
    and the sign-up buttons; redrawn on every change (no pacing needed for a few clicks)."""

    def __init__(self, bot: EventHost, store: EventStore) -> None:
        self.bot, self.store = bot, store

    async def _content(self, event: StoredEvent) -> tuple[discord.Embed, discord.ui.View]:
        lang = await self.bot.channel_lang(event.channel_id)
        state = event.state
        body = t(lang, "event.open_body", host=f"<@{state.host}>", settings=settings_text(lang, state.settings),
                 n=sum(1 for e in state.entrants if not e.left))
        return discord.Embed(title=t(lang, "event.open_title"), description=body), signup_view(event.event_id, lang)

    async def post(self, event: StoredEvent, channel: discord.abc.Messageable) -> int:
        embed, view = await self._content(event)
        return (await channel.send(embed=embed, view=view, allowed_mentions=discord.AllowedMentions.none())).id

    async def changed(self, event_id: int) -> None:
        event = await self.store.event(event_id)
        if event is None or event.message_id is None:
            return
        embed, view = await self._content(event)
        message = self.bot.client.get_partial_messageable(event.channel_id).get_partial_message(event.message_id)
        try:
            await message.edit(embed=embed, view=view)
        except discord.HTTPException as exc:
            log.warning("event %s: its message could not be updated: %s", event_id, exc)


def message_url(event: StoredEvent) -> str:
    if event.message_id is None:
        return f"<#{event.channel_id}>"
    return f"https://discord.com/channels/{event.guild_id}/{event.channel_id}/{event.message_id}"
