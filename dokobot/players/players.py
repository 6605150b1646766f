"""The three levels behind one function: ``decide(obs, level, rng)``."""

from __future__ import annotations

import random

from dokobot.engine import Observation

from .rules import FULL, Action, Skill, rule_decide
from .search import schwer_decide

__all__ = ["DEFAULT_LEVEL", "FULL", "LEVELS", "Action", "Skill", "decide", "is_level"]

LEVELS = ("leicht", "mittel", "schwer")
DEFAULT_LEVEL = "mittel"


def is_level(level: object) -> bool:
    return level in LEVELS


def decide(obs: Observation, level: str = DEFAULT_LEVEL, rng: random.Random | None = None,
           skill: Skill = FULL) -> list[Action]:
    """The actions of the seat to act: an announcement first when the level wants one, then its move."""
    rng = rng or random.Random()
    if level == "schwer":
        return schwer_decide(obs, rng, skill)
    return rule_decide(obs, level, rng, skill)
