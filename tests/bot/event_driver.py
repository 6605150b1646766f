"""The SimCord driver of an event (``/doko turnier``): people who open, sign up, start and
play it through slash commands and clicks, and reads of what the channel and its threads show.

Shared by the event tests (``tests/bot/test_event_*.py``) and the acceptance test."""

from __future__ import annotations

from typing import Any

import discord

from dokobot.table.event.store import StoredEvent
from dokobot.table.table import Table
from dokobot.text.i18n import t
from tests.bot.helpers import cid, components, disabled


class EventDriver:
    """``doko``'s guild and channel with ``n`` people (Nord, Ost, Sued, West, then Gast…);
    ``host`` (Nord) opens the event."""

    def __init__(self, doko: Any, n: int = 8) -> None:
        self.doko, self.env, self.channel = doko, doko.env, doko.channel
        self.people = list(doko.players)
        while len(self.people) < n:
            self.people.append(doko.guild.add_member(doko.env.create_user(f"Gast{len(self.people) - 3}")))
        self.people = self.people[:n]
        self.host = self.people[0]
        self.lang = "de"  # the language of the buttons clicked (an English channel: "en")
        doko.bot.events.seed = lambda: 4711  # the same seating every run: a failure repeats

    @property
    def bot(self) -> Any:
        return self.env.bot

    @property
    def store(self) -> Any:
        return self.env.bot.store

    # ---- acting ---------------------------------------------------------------------------

    async def slash(self, who: Any, sub: str, where: Any = None, **options: Any) -> Any:
        return await who.slash(where or self.channel, f"doko turnier {sub}", **options)

    async def open(self, **options: Any) -> Any:
        res = await self.slash(self.host, "eroeffnen", **options)
        assert res.ephemeral, res
        return res

    async def sign_up(self, people: list[Any] | None = None) -> None:
        for person in people if people is not None else self.people:
            res = await person.click(await self.message(), label=t(self.lang, "btn.event_in"))
            assert res.response is not None and res.response.ephemeral
            assert res.response.content.startswith(t(self.lang, "event.ok.signed_up", round=1)[:12])

    async def start(self) -> Any:
        res = await self.slash(self.host, "starten")
        await self.settle()
        return res

    async def settle(self) -> None:
        """Let the reports of the tables and the presenters finish."""
        await self.bot.events.idle()
        for table in self.tables():
            await table.computers_idle()
            await self.bot.presenter(table).wait()
        await self.bot.events.idle()

    # ---- reading ------------------------------------------------------------------------

    async def event(self) -> StoredEvent:
        events = await self.store.channel_events(self.channel.id)
        assert events, "no event in the channel"
        return events[0]

    async def message(self) -> discord.Message:
        event = await self.event()
        return next(m for m in self.channel.history() if m.id == event.message_id)

    def threads(self) -> list[Any]:
        return sorted(self.channel.threads, key=lambda th: th.id)

    def tables(self) -> list[Table]:
        """The open tables in the event's threads, in thread order."""
        return [tb for tb in (self.bot.tables.get(th.id) for th in self.threads()) if tb is not None]

    def person(self, user_id: int) -> Any:
        return next(p for p in self.people if p.id == user_id)

    def thread_of(self, table: Table) -> Any:
        return next(th for th in self.threads() if th.id == table.channel_id)

    def table_message(self, table: Table) -> discord.Message:
        return next(m for m in self.thread_of(table).history() if m.id == table.message_id)

    async def click(self, table: Table) -> None:
        """The person to act at ``table`` clicks, as a person does: "Meine Karten" on the
        table message in the thread, then gesund or the first enabled card."""
        seat = table.game.to_act
        person = self.person(table.seats[seat].user_id)
        res = await person.click(self.table_message(table), label=t(self.lang, "btn.hand"))
        assert res.ephemeral and res.response is not None, res
        kind = "reserve" if table.game.phase == "reserve" else "play"
        for item in components(res.response):
            parts = cid(item).split(":")
            if parts[1] == kind and not disabled(item) and (kind == "play" or parts[5] == "gesund"):
                await person.click(res.response, custom_id=cid(item))
                return
        raise AssertionError(f"no {kind} button for {person.name}")

    async def play_game(self, table: Table) -> None:
        """Play the table's game in play (or deal the next) to its end by clicks; computers
        move by themselves."""
        if table.state == "between":
            seated = next(s.user_id for s in table.seats if not s.is_bot)
            res = await self.person(seated).click(self.table_message(table), label=t(self.lang, "btn.next"))
            assert table.state == "playing", res
        number = table.game_no
        while table.state == "playing" and table.game_no == number:
            await table.computers_idle()
            if table.state != "playing" or table.game_no != number:
                break
            if table.seats[table.game.to_act].is_bot or table.game.to_act is None:
                continue
            await self.click(table)
        await self.settle()
