"""The Doppelkopf rules engine: pure, synchronous, no I/O."""

from .cards import AUGEN, CARD_CODES
from .deal import deal, deck, next_dealer
from .errors import IllegalAction
from .game import ArmutInfo, Event, Game, Trick
from .record import ReplayError, replay, replay_game
from .rules import PRESETS, SOLO_KINDS, SWITCHES, RuleError, RuleSet

__all__ = [
    "AUGEN", "ArmutInfo", "CARD_CODES", "PRESETS", "SOLO_KINDS", "SWITCHES", "Event", "Game", "IllegalAction",
    "ReplayError", "RuleError", "RuleSet", "Trick", "deal", "deck", "next_dealer", "replay",
    "replay_game",
]
