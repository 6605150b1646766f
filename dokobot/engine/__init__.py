"""The Doppelkopf rules engine: pure, synchronous, no I/O.

It runs as Python, or compiled by mypyc (``DOKOBOT_MYPYC=1`` at install, setup.py):
``COMPILED`` says which. A compiled module not built from the source beside it (an
edited checkout) would run other rules, so then every module of the engine is loaded from
its source (with a warning), as with ``DOKOBOT_PURE_ENGINE=1``.
"""

from ._build import COMPILED  # first: it decides which build the imports below load
from .cards import AUGEN, CARD_CODES
from .deal import deal, deck, next_dealer
from .errors import IllegalAction, RuleError
from .events import Event, Trick
from .game import Game
from .observation import ArmutInfo, Observation, Play
from .record import ReplayError, replay, replay_game
from .result import BreakdownItem, Extra, GameResult, Target
from .rules import (
    PRESETS,
    SOLO_KINDS,
    SWITCHES,
    RuleSet,
    is_list_switch,
    switch_range,
    switch_values,
)

__all__ = [
    "COMPILED", "AUGEN", "ArmutInfo", "CARD_CODES", "PRESETS", "SOLO_KINDS", "SWITCHES", "BreakdownItem", "Event", "Extra",
    "Game", "GameResult", "IllegalAction",
    "Observation", "Play", "ReplayError", "RuleError", "RuleSet", "Target", "Trick", "deal", "deck",
    "is_list_switch", "next_dealer", "replay", "replay_game", "switch_range", "switch_values",
]
