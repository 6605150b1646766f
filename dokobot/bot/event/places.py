"""What the desk and the carrying out of effects share: where a thread's table belongs,
a transition to apply, and a Discord call the event goes on without."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord

from dokobot.table.event.flow import Step
from dokobot.table.event.state import EventState

log = logging.getLogger(__name__)

Change = Callable[[EventState], Step]


@dataclass(frozen=True)
class Place:
    """Where a thread's table belongs: table ``table`` of round ``round`` of an event."""

    event_id: int
    round: int
    table: int


async def run_quietly(work: Awaitable[Any], what: str) -> None:
    """A Discord call whose failure must not stop the event (its state is saved already)."""
    try:
        await work
    except discord.HTTPException as exc:
        log.warning("%s: Discord refused it: %s", what, exc)
