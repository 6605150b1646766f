"""``EventBoard``: the one public message of an event in its channel (sign-up, tables, standings).

The message is redrawn from the store (the event's state, its tables' threads and
``event_rows``) each time, never patched, so it cannot disagree with the score sheets.
``changed`` is paced on the bot's ``Pace``: the first change waits ``gap`` seconds (a burst
of games finishing at once is one edit), later ones until a ``window`` has passed since
the last edit, so the message is edited at most once per pacing window however many games
finish. Every post and edit also takes its slot at the channel's ``gate``, which the
event's other calls there (threads, lines) share: the channel's bucket holds for them all. An edit never repeats what the message shows, and the picture is uploaded only
when it changed. The message id lives in the store (``set_event_message``), so a restart
edits the same message; a deleted message is posted anew.
"""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

import discord

from dokobot.bot import embeds
from dokobot.bot.event.gate import ChannelGate
from dokobot.bot.event.shards import serves
from dokobot.bot.messages import NO_MENTIONS, as_edit, digest
from dokobot.bot.pacing import Pace
from dokobot.bot.presenter import Clock, DiscordClock
from dokobot.table.event import standings
from dokobot.table.event.standings import Standings
from dokobot.table.event.store import EventStore, StoredEvent
from dokobot.table.store import StoreError
from dokobot.text import eventboard as words
from dokobot.text.i18n import t

log = logging.getLogger(__name__)

# bot42 gives the message its buttons: (event, language) -> the view, or None for none
ViewFor = Callable[[StoredEvent, str], "discord.ui.View | None"]
PICTURE = "doko-standings.png"


class BoardHost(Protocol):
    """What the board needs of the bot (``DokoBot`` is one by its shape)."""

    @property
    def client(self) -> discord.Client: ...

    @property
    def store(self) -> EventStore: ...

    @property
    def pace(self) -> Pace: ...

    async def channel_lang(self, channel_id: int) -> str: ...


@dataclass
class _Slot:
    """One event's message in this process: what waits, what was shown, when."""

    dirty: bool = False
    task: asyncio.Task[None] | None = None
    sleeping: bool = False  # its task waits for the pacing window
    last_edit: float | None = None  # when its message was last edited or posted
    sent: tuple[int | None, str | None, str | None] = (None, None, None)  # message id, body, picture digests


async def standings_of(store: EventStore, event: StoredEvent) -> Standings:
    """The event's standings, computed from its booked games (names: its entrants and seats)."""
    state = event.state
    held = state.current.no if state.current is not None else state.rounds_done
    rows = await store.event_rows(event.event_id)
    return standings.compute(event.event_id, rows, words.names_of(state), held)


class EventBoard:
    """Keeps each event's public message current, at most one edit per pacing window."""

    def __init__(self, bot: BoardHost, view_for: ViewFor | None = None, clock: Clock | None = None) -> None:
        self.bot = bot
        self.view_for = view_for
        self.clock: Clock = clock or DiscordClock()
        self.gate = ChannelGate(lambda: bot.pace, self.clock)  # the event channels' calls, paced together
        self._slots: dict[int, _Slot] = {}
        self._flush = False  # shutdown: no more waiting for the window

    # ---- what the message shows --------------------------------------------------------

    async def render(self, event: StoredEvent, lang: str, *, buttons: bool = True) -> dict[str, Any]:
        """The message of ``event`` (embed, picture, buttons) as ``send`` takes it."""
        table = await standings_of(self.bot.store, event)
        threads: dict[int, int] = {}
        run = event.state.current
        if run is not None:
            threads = {x.table: x.thread_id for x in await self.bot.store.event_tables(event.event_id)
                       if x.round == run.no}
        b = words.board(lang, event, table, threads)
        card = discord.Embed(title=b.title, description=b.description, colour=embeds.COLOUR)
        for name, value in b.fields:
            card.add_field(name=name, value=value, inline=False)
        card.set_footer(text=b.footer)
        files: list[discord.File] = []
        if table.people or table.computers:
            png = words.standings_png(lang, table, b.title)
            files.append(discord.File(io.BytesIO(png), filename=PICTURE, description=words.standings_alt(lang, table, b.title)))
            card.set_image(url=f"attachment://{PICTURE}")
        view = self.view_for(event, lang) if buttons and self.view_for is not None else None
        return {"embed": embeds.clamp(card), "view": view, "files": files}

    # ---- posting and editing -------------------------------------------------------------

    async def post(self, event: StoredEvent, channel: discord.abc.Messageable) -> int:
        """Post the event's message in ``channel``; its id (the caller stores it with
        ``set_event_message``)."""
        lang = await self.bot.channel_lang(event.channel_id)
        message = await self.render(event, lang)
        body, png = digest(message)
        await self.gate.slot(event.channel_id)
        sent = await channel.send(**message, allowed_mentions=NO_MENTIONS)
        slot = self._slots.setdefault(event.event_id, _Slot())
        slot.sent, slot.last_edit = (sent.id, body, png), self.clock.now()
        return sent.id

    async def changed(self, event_id: int) -> None:
        """The event changed (a game booked, a sign-up, a round): redraw its message, paced.
        Returns at once; the edit follows within one pacing window."""
        slot = self._slots.setdefault(event_id, _Slot())
        slot.dirty = True
        if slot.task is None or slot.task.done():
            slot.task = asyncio.create_task(self._run(event_id, slot), name=f"doko-event-board-{event_id}")

    async def wait(self, event_id: int | None = None) -> None:
        """Until the pending redraws (of one event, or of all) are done: tests, shutdown."""
        slots = [self._slots[event_id]] if event_id is not None and event_id in self._slots else (
            list(self._slots.values()) if event_id is None else [])
        for slot in slots:
            while slot.task is not None and not slot.task.done():
                await asyncio.shield(slot.task)

    async def restore(self) -> None:
        """After a restart: redraw every running event's message once (a change the last
        process had not shown yet is shown now; an unchanged one costs one edit)."""
        for event in await self.bot.store.running_events():
            if not serves(self.bot.client, event.guild_id):  # another process's guild
                continue
            if event.message_id is not None:
                await self.changed(event.event_id)

    async def retire(self) -> None:
        """Shutdown: what waits for its paced edit goes out now."""
        self._flush = True
        for event_id, slot in self._slots.items():
            if slot.sleeping and slot.task is not None:
                slot.task.cancel()  # it sleeps out its window: run it again without the wait
                slot.task = asyncio.create_task(self._run(event_id, slot), name=f"doko-event-board-{event_id}")
        await self.wait()

    def stop(self) -> None:
        """The process stops at once: nothing more is edited (the store keeps the message id)."""
        for slot in self._slots.values():
            if slot.task is not None:
                slot.task.cancel()

    def _wait(self, slot: _Slot) -> float:
        pace, now = self.bot.pace, self.clock.now()
        if self._flush:
            return 0.0
        at = now + pace.gap
        if slot.last_edit is not None:
            at = max(at, slot.last_edit + pace.window)
        return max(at - now, 0.0)

    async def _run(self, event_id: int, slot: _Slot) -> None:
        while slot.dirty:
            wait = self._wait(slot)
            if wait > 0:
                slot.sleeping = True
                try:
                    await self.clock.sleep(wait)
                finally:
                    slot.sleeping = False
            slot.dirty = False
            try:
                await self._redraw(event_id, slot)
            except (discord.HTTPException, StoreError) as exc:
                log.warning("event %s: the board could not be updated: %s", event_id, exc)
            except Exception:
                log.exception("event %s: drawing the board failed", event_id)

    async def _redraw(self, event_id: int, slot: _Slot) -> None:
        event = await self.bot.store.event(event_id)
        if event is None:
            return
        lang = await self.bot.channel_lang(event.channel_id)
        message = await self.render(event, lang)
        body, png = digest(message)
        if event.message_id is not None and slot.sent == (event.message_id, body, png):
            return  # it shows this already
        channel = self.bot.client.get_partial_messageable(event.channel_id, guild_id=event.guild_id)
        if event.message_id is not None:
            edit = as_edit(message)
            if slot.sent[0] == event.message_id and slot.sent[2] == png:
                edit.pop("attachments", None)  # the picture it has is this one
            try:
                await self.gate.slot(event.channel_id)
                slot.last_edit = self.clock.now()
                await channel.get_partial_message(event.message_id).edit(**edit)
                slot.sent = (event.message_id, body, png)
                return
            except discord.NotFound:
                log.info("event %s: its message is gone, posting a new one", event_id)
        await self.gate.slot(event.channel_id)
        slot.last_edit = self.clock.now()
        sent = await channel.send(**message, allowed_mentions=NO_MENTIONS)
        slot.sent = (sent.id, body, png)
        await self.bot.store.set_event_message(event_id, sent.id)

    # ---- the export -------------------------------------------------------------------------

    async def export(self, event: StoredEvent, lang: str) -> dict[str, Any]:
        """The standings as CSV and JSON attachments (a private answer: ``send`` takes it)."""
        table = await standings_of(self.bot.store, event)
        name = f"doko-event-{event.event_id}"
        files = [discord.File(io.BytesIO(standings.to_csv(table).encode()), filename=f"{name}.csv"),
                 discord.File(io.BytesIO(standings.to_json(table).encode()), filename=f"{name}.json")]
        return {"content": t(lang, "board.export"), "files": files}
