"""The ``dokobot-game/1`` record: checking a header and replaying every action."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from .cards import CARD_CODES
from .deal import deck, table_rules
from .errors import IllegalAction, RuleError
from .game import Game, solo_category
from .rules import RuleSet

FORMAT = "dokobot-game/1"


class ReplayError(Exception):
    """A record that cannot be replayed: ``action`` is the index of the first bad action or None."""

    def __init__(self, message: str, action: int | None) -> None:
        super().__init__(message)
        self.message = message
        self.action = action

    def to_json(self) -> dict[str, Any]:
        return {"error": self.message, "action": self.action}


def load(record: object) -> tuple[Game, list[Any]]:
    """A fresh game for the record's header, and its actions; ReplayError(…, None) if bad."""
    if not isinstance(record, dict):
        raise ReplayError("the record must be a JSON object", None)
    if record.get("format", FORMAT) != FORMAT:
        raise ReplayError(f"unknown format {record.get('format')!r}, expected {FORMAT!r}", None)
    config = record.get("rules") or {"preset": "ddv"}
    try:
        rules = RuleSet.from_config(config)
    except (RuleError, TypeError) as exc:
        raise ReplayError(f"rules: {exc}", None) from None
    hands = record.get("hands")
    if not isinstance(hands, list) or len(hands) not in (4, 5, 6):
        raise ReplayError("hands must be a list of 4, 5 or 6 hands", None)
    # the number of hands is the number of seats; a players switch must match it, and
    # six hands are the preset muenchen (readings 20, 24)
    if ("players" in config or len(hands) == 6 or rules.players == 6) and rules.players != len(hands):
        raise ReplayError(f"rules: {len(hands)} hands, but the rules are for {rules.players} players"
                          + ("" if len(hands) != 6 else " (six play the preset 'muenchen')"), None)
    rules = table_rules(rules, len(hands))
    dealer = record.get("dealer")
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < len(hands):
        raise ReplayError(f"dealer must be a seat number from 0 to {len(hands) - 1}", None)
    hands = _check_hands(hands, rules, dealer)
    players = record.get("players")
    if players is not None and (not isinstance(players, list) or len(players) != len(hands)
                                or not all(isinstance(p, str) for p in players)):
        raise ReplayError("players must be a list of names, one per hand", None)
    actions = record.get("actions", [])
    if not isinstance(actions, list):
        raise ReplayError("actions must be a list", None)
    return Game(rules, hands, dealer, players), actions


def _check_hands(hands: list[object], rules: RuleSet, dealer: int) -> list[list[str]]:
    for i, h in enumerate(hands):
        if not isinstance(h, list):
            raise ReplayError(f"hand {i} must be a list of cards", None)
        for c in h:
            if c not in CARD_CODES:
                raise ReplayError(f"hand {i}: unknown card {c!r}", None)
    sits_out = len(hands) == 5 and not rules.all_play
    if sits_out and hands[dealer]:
        raise ReplayError("with five at the table the dealer sits out with an empty hand", None)
    n_playing = 4 if sits_out else len(hands)
    if any(len(h) != rules.hand_size for i, h in enumerate(hands)  # type: ignore[arg-type]
           if not (sits_out and i == dealer)):
        raise ReplayError(f"{n_playing} seats must hold {rules.hand_size} cards each", None)
    dealt = Counter(c for h in hands for c in h)  # type: ignore[attr-defined]
    expected = Counter(deck(rules))
    if dealt != expected:
        wrong = sorted((dealt - expected) + (expected - dealt))
        decks = "three decks" if rules.copies == 3 else "one double deck"
        raise ReplayError(f"the hands are not {decks}: check {', '.join(wrong)}", None)
    return hands  # type: ignore[return-value]


def replay_game(record: object) -> Game:
    """The game after every action of the record; ReplayError at the first bad one."""
    game, actions = load(record)
    for i, action in enumerate(actions):
        try:
            game.apply(action)
        except IllegalAction as exc:
            raise ReplayError(exc.message, i) from None
    return game


def replay(record: object) -> dict[str, Any]:
    """The replay result of game-record.md for a record."""
    return replay_game(record).result()


def declared_soloist(actions: Sequence[Mapping[str, Any]]) -> int | None:
    """The seat whose solo reservation a record's actions made the contract: the one left in
    the best category that passed no bid (reading 26); None when they name none. For a result
    stored before ``GameResult.soloist`` was (at six a kleines Solo has two Re seats)."""
    solos = [(a["seat"], solo_category(bool(a.get("pflicht")), a.get("size", "gross")))
             for a in actions if a.get("reserve") == "solo"]
    if not solos:
        return None
    best = min(c for _, c in solos)
    passed = {a.get("seat") for a in actions if a.get("bid") == "pass"}
    left = [s for s, c in solos if c == best and s not in passed]
    return left[0] if len(left) == 1 else None
