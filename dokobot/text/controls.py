"""What the private hand offers: one ``Control`` per button or select, each holding the move
it makes (``dokobot.engine.actions``) or a question the bot asks first.

The text layer decides which controls a hand shows and how they read; how a control
travels through Discord (its ``custom_id``, a select's option values) is the bot layer's one
codec, ``dokobot.bot.components``. Nothing here is a string the engine would have to parse.
"""

from __future__ import annotations

from dataclasses import dataclass

from dokobot.engine.actions import Move

__all__ = ["AskKsolo", "AskSchwein", "Control", "GiveTrumps", "Intent"]


@dataclass(frozen=True, slots=True)
class AskSchwein:
    """The one ♦A button where it may go as Schwein or as Fuchs: ask "als Schwein?" first."""


@dataclass(frozen=True, slots=True)
class AskKsolo:
    """Six: a kleines Solo that names its Hochzeit form or card (readings 28, 38, 39): ask
    those in a private question first, as every kind times every card would not fit."""

    solo: str
    pflicht: bool


@dataclass(frozen=True, slots=True)
class GiveTrumps:
    """Armut: the poor seat hands over its trumps; the click makes the one ``ArmutGive``
    the game allows then (the bot does not count trumps itself)."""


Intent = Move | AskSchwein | AskKsolo | GiveTrumps


@dataclass(frozen=True)
class Control:
    """One button (``does``) or select (``options``, ``count`` of them taken) of the hand.

    ``slot`` tells selects of one kind in one message apart (the second solo select past 25
    kinds, the Hochzeit's card select beside its forms); ``answered`` marks a control of a
    private follow-up question (its click closes the question, not the hand)."""

    does: Intent | None
    label: str
    style: str = "action"  # trump | plain | action | danger
    disabled: bool = False
    options: tuple[tuple[Intent, str], ...] = ()  # (what it makes, label) for a select
    count: int = 0  # how many options a select takes
    slot: int = 0
    answered: bool = False

    @property
    def is_select(self) -> bool:
        return self.does is None
