"""The sign-up buttons of an event's public message ("Anmelden" / "Abmelden").

Each ``custom_id`` carries the event and what the click does (``doko:ev:in:ID``), so a
button works on any old message after a restart; the desk judges a click against the
stored event (a second sign-up, an event over: a clear private answer).
"""

from __future__ import annotations

from typing import Any

import discord

from dokobot.bot.components import controls_for
from dokobot.bot.messages import dynamic_view
from dokobot.text.i18n import t

ACTIONS = ("in", "out")  # sign up, leave


class EventButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"doko:ev:(?P<action>in|out):(?P<ev>\d+)",
):
    """A sign-up button of an event's message."""

    def __init__(self, event_id: int, action: str, **kwargs: Any) -> None:
        super().__init__(discord.ui.Button(custom_id=f"doko:ev:{action}:{event_id}", **kwargs))
        self.event_id, self.action = event_id, action

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: Any,
    ) -> EventButton:
        return cls(int(match["ev"]), match["action"])

    async def callback(self, interaction: discord.Interaction) -> None:
        controls = await controls_for(interaction)
        if controls is not None:
            await controls.on_event_button(interaction, self.event_id, self.action)


def signup_view(event_id: int, lang: str) -> discord.ui.View:
    """The event message's buttons: sign up, leave."""
    view = dynamic_view()
    view.add_item(EventButton(event_id, "in", label=t(lang, "btn.event_in"), style=discord.ButtonStyle.success))
    view.add_item(EventButton(event_id, "out", label=t(lang, "btn.event_out"), style=discord.ButtonStyle.secondary))
    return view
