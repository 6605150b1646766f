"""The live public message of a table: which one it is, what it shows, and its edits.

An edit never repeats what the message shows, and its picture is uploaded only when it
changed (an edit without attachments keeps the one it has). The message id is remembered
with the table, for restarts. When to edit is the presenter's choice (``Pacer``); every
channel call is told to it (``counted``), as it counts against the channel's bucket.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any

import discord

from dokobot.bot import embeds
from dokobot.bot.messages import NO_MENTIONS, as_edit, digest, game_message, lobby_message
from dokobot.bot.watch import with_watchers
from dokobot.table.store import StoreError
from dokobot.table.table import Table
from dokobot.text.i18n import t

log = logging.getLogger(__name__)
INTRO_MENTIONS = discord.AllowedMentions(users=True, roles=False, everyone=False)  # the people an intro names


class TableMessage:
    """The table's one live message. ``channel()``: the table's channel; ``counted(edit)``:
    a channel call (an edit of this message when ``edit``) is about to be made."""

    def __init__(self, table: Table, channel: Callable[[], discord.PartialMessageable],
                 counted: Callable[[bool], None], watching: Callable[[], int] = lambda: 0) -> None:
        self.table, self._channel, self._counted = table, channel, counted
        self._watching = watching  # how many watch the running game (``dokobot.bot.watch``)
        self.shown: tuple[Any, ...] | None = None
        self.shown = self.key() if table.message_id else None  # what the live message is of
        # The live table message as sent; the table remembers it on disk (for restarts), but an
        # edit always goes to the newest message even when remembering it failed.
        self.message_id: int | None = table.message_id
        self.resumed = False  # restored after a restart: the table message says the game goes on
        # what the live table message shows (payload digest, picture digest): no identical edit,
        # no upload of an unchanged picture
        self._sent: tuple[int | None, str | None, str | None] = (None, None, None)
        # a line the next new message carries as its text, pinging the people it names (an
        # event table's seated line: the mention adds them to the thread); edits keep it
        self.intro: str | None = None
        self.outro: str | None = None  # the text of its edits from now on (an event table's closing line)

    def key(self) -> tuple[Any, ...]:
        """What the table's message is of now: a game (by number) or the lobby."""
        if self.table.state in ("playing", "between"):
            return ("game", self.table.game_no)
        if self.table.state == "closed" and self.shown is not None:
            return self.shown
        return ("lobby",)

    def render(self, key: tuple[Any, ...], lang: str, active: bool, deck: str | None = None) -> dict[str, Any]:
        if key[0] == "game":
            message = game_message(self.table, lang, key[1], active=active, deck=deck)
            if self.resumed and key == self.shown:
                message["embed"] = embeds.clamp(message["embed"].set_footer(text=t(lang, "table.resumed")))
            if key[1] == self.table.game_no:  # the running game: "Zuschauen" and how many watch
                message = with_watchers(message, self.table, lang, self._watching(), active)
            return message
        return lobby_message(self.table, lang, active=active)

    def clicked(self, via: discord.Interaction | None, message_id: int | None) -> discord.Interaction | None:
        """``via`` if it is a click on the message ``message_id`` (its response edits it)."""
        return via if via is not None and via.message is not None and via.message.id == message_id else None

    async def edit(self, message: dict[str, Any], via: discord.Interaction | None) -> None:
        """Edit the live table message: never to what it already shows, and its picture is
        uploaded only when it changed. Through the click's response when the click was on
        it, else through the channel."""
        if self.outro:
            message = {**message, "content": self.outro[:2000]}
        body, png = digest(message)
        message_id = self.message_id
        if self._sent == (message_id, body, png):
            return
        edit = as_edit(message)
        if self._sent[0] == message_id and self._sent[2] == png:
            edit.pop("attachments", None)
        if via is not None:
            try:
                await via.edit_original_response(**edit)
            except discord.NotFound:
                raise
            except discord.HTTPException:  # the token is no good: the channel route then
                via = None
        if via is None:
            call = self._channel().get_partial_message(message_id or 0).edit(**edit)
            self._counted(True)
            await call
        self._sent = (message_id, body, png)

    async def retire(self, via: discord.Interaction | None, lang: str, deck: str | None) -> None:
        """A new game (or back to the lobby): the old message keeps its text, loses its buttons."""
        shown, old_id = self.shown, self.message_id
        if shown is None or old_id is None:
            return
        old = self.clicked(via, old_id)
        if old is not None:
            await old.edit_original_response(**as_edit(self.render(shown, lang, False, deck)))
            return
        call = self._channel().get_partial_message(old_id).edit(**as_edit(self.render(shown, lang, False, deck)))
        self._counted(False)
        await call

    async def post(self, rendered: dict[str, Any], key: tuple[Any, ...]) -> None:
        """A new live table message (a new game, the lobby, or the old one was deleted)."""
        body, png = digest(rendered)  # what later edits compare with: they leave the intro as it is
        if self.intro:
            call = self._channel().send(**rendered, content=self.intro[:2000], allowed_mentions=INTRO_MENTIONS)
        else:
            call = self._channel().send(**rendered, allowed_mentions=NO_MENTIONS)
        self._counted(False)
        message = await call
        self.intro = None
        self.shown, self.message_id = key, message.id
        self._sent = (message.id, body, png)
        await self.remember()

    async def remember(self) -> None:
        """Store the live message id (for restarts); tried again at the next update if it fails."""
        if self.message_id is None or self.message_id == self.table.message_id:
            return
        try:
            await self.table.set_message(self.message_id)
        except StoreError as exc:
            log.warning("table %s: could not remember the table message: %s", self.table.channel_id, exc)
