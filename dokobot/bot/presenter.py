"""``TablePresenter``: the only writer of a table's public message and of its open hands.

One worker task per table renders the *latest* state right before each edit, so a late
edit never shows an older state. Each run goes in one order: the clicker's hand, the
notices, the turn timer's events, the table message, the turn line, the other hands, the
last edits of stale hands. The parts: ``Pacer`` (when the table message may be edited
through the channel), ``TableMessage`` (the live table message and its edits),
``OpenHands`` (the private hands) and ``TurnLine`` (the ping).

Time comes from a ``Clock``: Discord's by default (virtual under SimCord); a test may give
one whose sleep only the simulated clock ends.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import discord

from dokobot.bot.hands import OpenHands, expired
from dokobot.bot.messages import NO_MENTIONS
from dokobot.bot.pacing import Pacer
from dokobot.bot.tablemessage import TableMessage
from dokobot.bot.turnline import TurnLine
from dokobot.bot.watch import watchers_of
from dokobot.table.outcome import Notice, Outcome
from dokobot.table.store import OpenHand
from dokobot.table.table import Table
from dokobot.text.notices import notice_text

if TYPE_CHECKING:
    from dokobot.bot.host import Host

log = logging.getLogger(__name__)
_T = TypeVar("_T")  # what a channel call gives back


class Clock(Protocol):
    """The presenter's time: seconds now, and a pause."""

    def now(self) -> float: ...

    async def sleep(self, seconds: float) -> None: ...


class DiscordClock:
    """Discord's clock (virtual under SimCord) and asyncio's sleep."""

    def now(self) -> float:
        return discord.utils.utcnow().timestamp()

    async def sleep(self, seconds: float) -> None:
        await asyncio.sleep(seconds)


class TablePresenter:
    """Keeps a table's public message and its players' open hands up to date."""

    def __init__(self, bot: Host, table: Table, clock: Clock | None = None) -> None:
        self.bot, self.table = bot, table
        self.clock: Clock = clock or DiscordClock()
        self.hands = OpenHands(bot, table, self._kick)
        self.turn = TurnLine(bot, table, self._say, self._remove)
        self.pacer = Pacer(bot.pace)
        self.watchers = watchers_of(bot, table)  # the Kiebitze: their count, their private views
        self.message = TableMessage(table, lambda: self.channel, self._count, self.watchers.count)
        self._notices: list[Notice] = []
        self._first: list[int] = []  # the people who clicked: their hand first
        self._events: list[Any] = []  # TurnEvents to announce
        self._dirty = False
        self._task: asyncio.Task[None] | None = None
        self._timer: asyncio.Task[None] | None = None  # shows a paced change later
        self._timer_at = 0.0
        self._via: discord.Interaction | None = None  # a click on a table message: its answer edits it

    def open_hand(self, user_id: int, interaction: discord.Interaction, message_id: int | None = None,
                  content: str = "") -> None:
        """Keep the player's newest private hand message current (``OpenHands.open``)."""
        self.hands.open(user_id, interaction, message_id, content)

    def orphaned(self, hands: list[OpenHand]) -> None:
        """The hands the process before a kill kept current get their last edit."""
        self.hands.orphaned(hands)

    async def retire(self) -> None:
        """Shutdown: every open hand says it is out of date (the bot restarts)."""
        self.hands.retire()
        self.watchers.retire()
        self.pacer.flush = True  # a change still waiting for its edit goes out before the process ends
        self._kick()
        await self.wait()
        await self.hands.kept()
        if self._timer is not None:
            self._timer.cancel()
        await self.turn.retire()

    def stop(self) -> None:
        """The table left this process (its lease is lost): nothing more is sent or edited."""
        if self._task is not None:
            self._task.cancel()
        self.hands.stop()
        self._notices, self._events, self._dirty = [], [], False

    def update(self, outcome: Outcome | None = None, actor: int | None = None,
               via: discord.Interaction | None = None) -> None:
        """Show the table's newest state. ``via``: the click that caused it; if it was on a
        table message, that message is edited through the click's own response."""
        if via is not None and via.message is not None and not via.message.flags.ephemeral:
            self._via = via
            self.turn.clicked(via)
        if outcome is not None:
            if outcome.finished is not None:  # the game the restart footer spoke of is over
                self.message.resumed = False
            self._notices += outcome.notices
            if outcome.turn is not None:
                self._events.append(outcome.turn)
            for user_id in outcome.gone:
                self.hands.drop(user_id, "hand.gone")
        if self.table.state == "closed":  # no process restores the table: none edits its hands after a kill
            for user_id in self.hands.users():
                self.hands.keep(user_id)
        if actor is not None:
            self._first.append(actor)
        self._kick()

    def introduce(self, text: str) -> None:
        """``text`` (an event table's seated line) opens the table's next new message and
        pings the people it names, whoever acts first among them: the turn line neither
        pings them again nor is deleted later."""
        self.message.intro = text
        self.turn.pinged()

    def farewell(self, text: str) -> None:
        """``text`` (an event table's closing line) becomes the text of the table message
        from its next edit on (the one that takes its buttons away): no message of its own."""
        self.message.outro = text

    def _kick(self) -> None:
        self._dirty = True
        if self._task is None or self._task.done():
            self._task = asyncio.create_task(self._run(), name=f"doko-present-{self.table.channel_id}")

    async def wait(self) -> None:
        while self._task is not None and not self._task.done():
            await asyncio.shield(self._task)

    async def _run(self) -> None:
        while self._dirty:
            self._dirty = False
            notices, self._notices = self._notices, []
            first, self._first = list(dict.fromkeys(self._first)), []
            for user_id in first:
                await self._guard(self.hands.refresh(user_id))
            for notice in notices:
                await self._guard(self._send_notice(notice))
            events, self._events = self._events, []
            for event in events:
                await self._guard(self.turn.event(event))
            await self._guard(self.watchers.sync())  # before the table message: it counts them
            await self._guard(self._show_table())
            await self._guard(self.turn.show())
            for user_id in self.hands.users():
                if user_id not in first:
                    await self._guard(self.hands.refresh(user_id))
            await self._guard(self.watchers.refresh())
            for interaction, reason in self.hands.take_stale():
                await self._guard(self.hands.mark_stale(interaction, reason))
            for hand in self.hands.take_orphans():
                await self._guard(self.hands.mark_orphan(hand))

    async def _guard(self, coro: Awaitable[None]) -> None:
        try:
            await coro
        except discord.HTTPException as exc:
            log.warning("table %s: Discord refused an update: %s", self.table.channel_id, exc)
        except Exception:
            log.exception("table %s: presenting failed", self.table.channel_id)

    @property
    def channel(self) -> discord.PartialMessageable:
        return self.bot.client.get_partial_messageable(self.table.channel_id, guild_id=self.table.guild_id)

    async def _send_notice(self, notice: Notice) -> None:
        lang = await self.bot.table_lang(self.table)
        text = notice_text(self.table, notice, lang)
        if text:
            await self._channel_call(self.channel.send(text, allowed_mentions=NO_MENTIONS))

    async def _say(self, text: str, allowed: discord.AllowedMentions) -> int:
        """A line in the channel (a turn event, the turn line): its message id."""
        return (await self._channel_call(self.channel.send(text, allowed_mentions=allowed))).id

    async def _remove(self, message_id: int) -> None:
        await self._channel_call(self.channel.get_partial_message(message_id).delete())

    async def _show_table(self) -> None:
        table, live = self.table, self.message
        lang = await self.bot.table_lang(table)
        deck = await self.bot.picture_deck(table.channel_id)
        key = live.key()
        if key != live.shown:
            live.resumed = False  # a new game or the lobby: the restart is history
        via, self._via = self._via, None
        if via is not None and (via.message is None or expired(via)):
            via = None
        if key == live.shown and live.message_id:
            await live.remember()
            on_it = live.clicked(via, live.message_id)
            wait = self._wait() if on_it is None else 0.0
            if wait > 0:  # Discord's bucket, or more cards coming: a later run shows the newest state
                self._later(wait)
                return
            try:
                await live.edit(live.render(key, lang, True, deck), on_it)
                self.pacer.shown()
                return
            except discord.NotFound:
                pass  # someone deleted the table message: post a fresh one
        elif live.shown is not None and live.message_id:
            await self._guard(live.retire(via, lang, deck))
        if table.state == "closed":
            return
        await live.post(live.render(key, lang, True, deck), key)
        self.pacer.shown()

    def _wait(self) -> float:
        """Seconds until the table message may be edited through the channel (0: now)."""
        table, game = self.table, self.table.game
        if self.pacer.flush or table.computer_delay <= 0 or game is None or table.computer_to_act() is None:
            return self.pacer.wait(self.clock.now())
        # a computer moves next: its burst is one edit, shown when a person is to act again
        return self.pacer.wait(self.clock.now(), computer_delay=table.computer_delay, players=len(game.seats))

    def _later(self, wait: float) -> None:
        """Run again in ``wait`` seconds (one timer per table, the earliest wins)."""
        at = self.clock.now() + wait
        if self._timer is not None and not self._timer.done():
            if self._timer_at <= at:
                return
            self._timer.cancel()
        self._timer_at = at
        self._timer = asyncio.create_task(self._wake(wait), name=f"doko-pace-{self.table.channel_id}")

    async def _wake(self, wait: float) -> None:
        await self.clock.sleep(wait)
        self._kick()

    def _count(self, edit: bool = False) -> None:
        """A call on the table's channel (``edit``: of the table message) is made now: it
        counts against Discord's bucket of the channel."""
        self.pacer.called(self.clock.now(), edit=edit)

    async def _channel_call(self, call: Awaitable[_T]) -> _T:
        self._count()
        return await call
