"""The SimCord driver of an event (``/doko turnier``): people who open, sign up, start and
play it through slash commands and clicks, and reads of what the channel and its threads show.

Shared by the event tests (``tests/bot/test_event_*.py``) and the acceptance test."""

from __future__ import annotations

from typing import Any

import discord

from dokobot.engine.actions import Play, Reserve
from dokobot.table.event.store import StoredEvent
from dokobot.table.table import Table
from dokobot.text.i18n import t


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
            res = await person.click(await self.message(), label=t("de", "btn.event_in"))
            assert res.response is not None and res.response.ephemeral
            assert "angemeldet" in res.response.content, res.response.content

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


async def play_game(table: Table) -> None:
    """Play the table's current game to its end through the table itself (gesund, the first
    legal card), as quick_game does at a plain table; computers move by themselves."""
    if table.state == "between":
        await table.next_game(table.host_id, table.game_no)
    while table.state == "playing":
        await table.computers_idle()
        game = table.game
        if table.state != "playing" or game is None:
            break
        seat = game.to_act
        if table.seats[seat].is_bot:
            continue
        if game.phase == "reserve":
            move: Any = Reserve("gesund")
        else:
            move = next(m for m in game.legal_actions(seat) if isinstance(m, Play))
        await table.act(table.seats[seat].user_id, None, move)
