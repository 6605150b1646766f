"""The one short public "whose turn" line of a table: posted, reminded, deleted.

People are pinged only when it helps: at the first turn of a game that falls to a person
(and the first after a restart), and as the reminder at half the turn time. The line is a
followup of the newest click on a table message while that click's token lasts (an
interaction call: outside the global limit and the channel's bucket), else a channel
message; it is deleted the way it was posted.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

from dokobot.bot.hands import expired
from dokobot.bot.messages import NO_MENTIONS
from dokobot.table.table import Table
from dokobot.text import render
from dokobot.text.i18n import t

if TYPE_CHECKING:
    from dokobot.bot.host import Host

log = logging.getLogger(__name__)

# responses that updated the clicked message: a followup of such a click is a new message
_UPDATES = (discord.InteractionResponseType.deferred_message_update, discord.InteractionResponseType.message_update)

Say = Callable[[str, discord.AllowedMentions], Awaitable[int]]  # a channel post: its message id
Remove = Callable[[int], Awaitable[None]]  # a channel delete of a message


class TurnLine:
    """The table's turn line. ``say`` and ``remove`` go through the channel (counted
    against its bucket by the presenter)."""

    def __init__(self, bot: Host, table: Table, say: Say, remove: Remove) -> None:
        self.bot, self.table = bot, table
        self._say, self._remove = say, remove
        self.line: int | None = None  # the turn line's message
        self.key: tuple[Any, ...] | None = None  # what it says: (user id, game number)
        self._reminder: int | None = None  # user id: the next turn line is a reminder
        self._pinged: int | None = None  # the game whose first turn was pinged
        # the newest click on a table message: the turn line is its followup; and the click
        # the turn line came from
        self._hook: discord.Interaction | None = None
        self._line_hook: discord.Interaction | None = None

    def clicked(self, via: discord.Interaction) -> None:
        """A click on a table message: the next turn line may be its followup."""
        self._hook = via

    def pinged(self) -> None:
        """The first turn of the current game was pinged by another line: not again here."""
        self._pinged = self.table.game_no

    async def event(self, event: Any) -> None:
        """The turn timer fired: a reminder (the next turn line mentions again), or
        a computer / the host takes over (a public line without mention)."""
        if event.kind == "reminder":
            self._reminder = event.user_id
            self.key = None  # the turn line is sent again, as a reminder
            return
        lang = await self.bot.table_lang(self.table)
        names = self.table.names
        name = render.esc(names[event.seat], lang) if event.seat < len(names) else "?"
        await self._say(t(lang, "turn." + event.kind, name=name), NO_MENTIONS)

    async def show(self) -> None:
        """Ping a person only when it helps: at the first turn of a game that falls to a person
        (and the first after a restart), and as the reminder at half the turn time. The table
        message itself says whose turn it is; the line goes once the person pinged has acted."""
        table = self.table
        seat = table.person_to_act()
        game = table.game
        user_id = table.seats[seat].user_id if seat is not None and game is not None else None
        reminder = self._reminder == user_id and user_id is not None
        self._reminder = None
        first = user_id is not None and table.settings.mentions and self._pinged != table.game_no
        key = (user_id, table.game_no)
        if self.line is not None and (key != self.key or reminder or first):
            old, self.line, self.key = self.line, None, None
            try:
                await self._delete(old)
            except discord.NotFound:
                pass
        if user_id is None or not (reminder or first):
            return
        self._pinged = table.game_no
        self.line, self.key = await self._post(await self._text(user_id, reminder), _mentioning(user_id)), key

    async def _text(self, user_id: int, reminder: bool) -> str:
        table = self.table
        lang = await self.bot.table_lang(table)
        mention = f"<@{user_id}>"
        if not reminder:
            return t(lang, "turn.mention", mention=mention)
        clock = table.turn
        left = max(0, round(clock.deadline - table.clock())) if clock is not None else 0
        what = t(lang, "turn.reminder." + table.settings.on_timeout)
        return t(lang, "turn.reminder", mention=mention, s=left, what=what)

    async def retire(self) -> None:
        """Shutdown: the line goes (the next process posts its own)."""
        if self.line is None:
            return
        line, self.line, self.key = self.line, None, None
        try:
            await self._delete(line)
        except discord.HTTPException as exc:
            log.warning("table %s: turn line not removed on shutdown: %s", self.table.channel_id, exc)

    def _webhook(self) -> discord.Interaction | None:
        """The newest click on a table message while its token may still post a followup
        (its response updated the message, so a followup is a new public message)."""
        hook = self._hook
        if hook is None or expired(hook) or hook.response.type not in _UPDATES:
            return None
        return hook

    async def _post(self, text: str, allowed: discord.AllowedMentions) -> int:
        """The turn line: a followup of the newest table click if it can (deleted the same way),
        else a channel message."""
        hook = self._webhook()
        if hook is not None:
            try:
                message = await hook.followup.send(text, allowed_mentions=allowed, wait=True)
            except discord.HTTPException as exc:  # the token is no good: the channel then
                log.info("table %s: followup refused, posting in the channel: %s", self.table.channel_id, exc)
            else:
                self._line_hook = hook
                return message.id
        self._line_hook = None
        return await self._say(text, allowed)

    async def _delete(self, line: int) -> None:
        """Delete the turn line through the click that posted it while its token lasts."""
        hook, self._line_hook = self._line_hook, None
        if hook is not None and not expired(hook):
            try:
                await hook.followup.delete_message(line)
                return
            except discord.NotFound:
                raise
            except discord.HTTPException as exc:  # the token is no good: the channel then
                log.info("table %s: followup delete refused: %s", self.table.channel_id, exc)
        await self._remove(line)


def _mentioning(user_id: int) -> discord.AllowedMentions:
    """Mentions of the one person pinged, nobody else."""
    return discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(id=user_id)])
