"""What the bot's modules need of the bot that hosts them (``DokoBot``), as protocols.

``components``, ``learn``, ``changes``, the presenter and its parts type against ``Host``,
not against ``dokobot.bot.client``: the client imports them, so they never import it back
(not even for type checking), and the package has no import circle. ``DokoBot`` is a
``Host`` by its shape; mypy checks it where the client hands itself over.
"""

from __future__ import annotations

from typing import Protocol

import discord

from dokobot.bot.pacing import Pace
from dokobot.table.scores import Store
from dokobot.table.table import FinishedGame, Outcome, Table, Tables


class Presenting(Protocol):
    """A table's presenter, as the bot's other modules use it."""

    def update(self, outcome: Outcome | None = None, actor: int | None = None,
               via: discord.Interaction | None = None) -> None: ...

    def introduce(self, text: str) -> None:
        """``text`` opens the table's next new message, pinging those it names (no turn line for them)."""

    def farewell(self, text: str) -> None:
        """``text`` becomes the text of the table message from its next edit on."""


class Learning(Protocol):
    """The bot's analyses, as the components and the table changes use them."""

    def finished(self, table: Table, fin: FinishedGame | None) -> None: ...

    async def on_analyse(self, interaction: discord.Interaction, game_no: int) -> None: ...

    async def on_tip(self, interaction: discord.Interaction, game_no: int, seat: int) -> None: ...


class Host(Protocol):
    """The bot: its store and tables, languages and decks, analyses and presenters."""

    @property
    def client(self) -> discord.Client:
        """The discord.py client itself (channels, webhooks)."""
        ...

    @property
    def store(self) -> Store: ...

    @property
    def tables(self) -> Tables: ...

    @property
    def learn(self) -> Learning: ...

    @property
    def pace(self) -> Pace:
        """How the table messages' channel edits are paced."""
        ...

    def presenter(self, table: Table) -> Presenting: ...

    def table_changed(self, table: Table, outcome: Outcome) -> None:
        """Every accepted change at a table (a click, a command, a computer, the timer)."""
        ...

    async def lang_of(self, interaction: discord.Interaction) -> str: ...

    async def user_lang(self, user_id: int, channel_id: int | None, locale: object = None) -> str: ...

    async def table_lang(self, table: Table) -> str: ...

    async def channel_table_id(self, channel_id: int) -> int | None: ...

    async def user_deck(self, user_id: int) -> str: ...

    async def picture_deck(self, channel_id: int) -> str | None: ...
