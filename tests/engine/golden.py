"""The golden records: games written by the engine before the typed moves (issue 23).

``python3 -m tests.engine.golden`` writes ``tests/data/golden/<name>.json`` afresh: for every
scenario the first seed whose random game shows what the scenario is about (see ``SCENARIOS``),
stored as ``{"record": ..., "replay": ...}`` with the ``dokobot replay`` result. The test
(``test_golden.py``) replays each record and compares; regenerate only on purpose, since the
point of the files is that they were written by an older version.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from dokobot.engine.actions import ArmutDecline, ArmutTake, Move, Reserve
from dokobot.engine.deal import deal
from dokobot.engine.game import Game
from dokobot.engine.randomplay import random_action
from dokobot.engine.rules import RuleSet

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "golden"

Actions = list[dict[str, Any]]
Check = Callable[[Actions], bool]


def has(key: str, value: object = None, **more: object) -> Check:
    """Some action has ``key`` (equal to ``value`` when given) and the ``more`` fields."""
    def check(actions: Actions) -> bool:
        return any(key in a and (value is None or a[key] == value)
                   and all(a.get(k) == v for k, v in more.items()) for a in actions)
    return check


def every(*checks: Check) -> Check:
    return lambda actions: all(c(actions) for c in checks)


_HOCHZEIT = has("reserve", "hochzeit")
_WED = {"prefer": "hochzeit", "want": "hochzeit"}
_FORMS = ("first_trick", "first_color_trick", "first_trump_trick", "named_card", "first_pure_color_trick")

# name, rule switches, game keyword arguments, what the record must show, announce rate, reserve rate
SCENARIOS: list[tuple[str, dict[str, Any], dict[str, Any], Check, float, float]] = [
    ("four_ddv_plain", {"preset": "ddv"}, {}, has("play"), 0.05, 0.0),
    ("four_schwarz", {"preset": "ddv"}, {}, has("announce", "schwarz"), 0.5, 0.0),
    ("four_schweine", {"preset": "haus", "overtrump": True}, {}, has("play", schwein=True), 0.05, 0.0),
    ("four_solo", {"preset": "ddv"}, {}, has("reserve", "solo"), 0.1, 0.6),
    ("four_pflichtsolo", {"preset": "ddv"}, {"pflicht": frozenset({1}), "want": "solo"},
     has("reserve", "solo", pflicht=True), 0.1, 0.0),
    *[(f"four_hochzeit_{form}", {"preset": "ddv", "hochzeit": form}, _WED, _HOCHZEIT, 0.1, 0.1) for form in _FORMS],
    *[(f"four_hochzeit_choice_{form}", {"preset": "ddv", "hochzeit": "choice"}, _WED,
       has("reserve", "hochzeit", form=form), 0.1, 0.1) for form in _FORMS],
    ("four_hochzeit_may", {"preset": "ddv", "hochzeit_partner": "may"}, _WED, has("hochzeit_partner"), 0.1, 0.1),
    ("four_armut", {"preset": "haus"}, {"prefer": "armut", "force": {"armut_take": True}}, every(has("armut_give"), has("armut_return")), 0.1, 0.8),
    ("four_armut_refused", {"preset": "haus"}, {"prefer": "armut", "force": {"armut_take": False}}, every(has("armut_take", False), has("reserve", "armut")),
     0.1, 0.8),
    ("four_armut_after_decline", {"preset": "haus", "armut_decide": "after"},
     {"prefer": "armut", "force": {"armut_take": True, "armut_decline": True}}, has("armut_decline"), 0.1, 0.8),
    ("four_schmeissen", {"preset": "klassisch", "schmeissen": ["nines", "kings", "top_dj", "top_da"]},
     {"prefer": "schmeissen", "want": "redeal"},
     has("reserve", "schmeissen"), 0.1, 0.9),
    ("four_klopfen", {"preset": "ddv", "klopfen": True}, {}, has("klopfen"), 0.1, 0.0),
    ("four_klopfen_redeal", {"preset": "ddv", "klopfen": True, "klopfen_redeal": True}, {}, has("klopfen"),
     0.1, 0.0),
    ("four_joker", {"preset": "ddv", "joker": True}, {}, has("play", "JO"), 0.1, 0.1),
    ("five_plain", {"preset": "ddv", "players": 5}, {}, has("announce"), 0.1, 0.0),
    ("five_solo", {"preset": "haus", "players": 5}, {}, has("reserve", "solo"), 0.1, 0.6),
    ("five_armut", {"preset": "haus", "players": 5}, {"prefer": "armut", "force": {"armut_take": True}}, has("armut_give"), 0.1, 0.8),
    ("five_hochzeit_choice", {"preset": "ddv", "players": 5, "hochzeit": "choice"}, _WED,
     has("reserve", "hochzeit", form="named_card"), 0.1, 0.1),
    ("five_klopfen_schweine", {"preset": "haus", "players": 5, "klopfen": True}, {},
     every(has("klopfen"), has("play", schwein=True)), 0.1, 0.0),
    ("six_plain", {"preset": "muenchen"}, {}, has("announce", "schwarz"), 0.5, 0.0),
    ("six_bid", {"preset": "muenchen"}, {"prefer": "solo"}, has("bid"), 0.1, 0.7),
    ("six_kleines_solo", {"preset": "muenchen"}, {"want": "solo"}, has("reserve", "solo", size="klein"), 0.1, 0.7),
    ("six_kleines_solo_named", {"preset": "muenchen", "hochzeit": "named_card"}, {},
     has("reserve", "solo", size="klein"), 0.1, 0.7),
    ("six_hochzeit", {"preset": "muenchen"}, _WED, _HOCHZEIT, 0.1, 0.1),
    ("six_hochzeit_choice", {"preset": "muenchen", "hochzeit": "choice"}, _WED,
     has("reserve", "hochzeit", form="named_card"), 0.1, 0.1),
    ("six_pflichtsolo", {"preset": "muenchen"}, {"owed": {2: {"gross"}, 4: {"klein"}}},
     has("reserve", "solo", pflicht=True), 0.1, 0.8),
    ("six_klopfen_schweine", {"preset": "muenchen", "klopfen": True, "schweine": True}, {},
     every(has("klopfen"), has("play", schwein=True)), 0.1, 0.0),
]


def _action(g: Game, rng: random.Random, announce: float, reserve: float,
            prefer: str | None, force: dict[str, Any]) -> tuple[int, Move]:
    """A random move (the ``prefer`` reservation where the seat may); a Pflicht seat at four
    reserves its solo as Pflicht (the table does)."""
    s = g.to_act
    assert s is not None
    reservations = [m for m in g.legal_actions(s) if isinstance(m, Reserve)]
    if g.phase == "reserve" and prefer:
        opts = [m for m in reservations if m.kind == prefer]
        if opts:
            return s, rng.choice(opts)
    if g.phase == "armut_take" and "armut_take" in force:
        return s, ArmutTake(force["armut_take"])
    if g.phase == "armut_return" and force.get("armut_decline"):
        return s, ArmutDecline()
    if g.n == 4 and g.phase == "reserve" and s in g.pflicht and rng.random() < 0.8:
        solo = rng.choice([m for m in reservations if m.kind == "solo"])
        return s, replace(solo, pflicht=True)
    return random_action(g, rng, announce, reserve)


def play(config: dict[str, Any], kwargs: dict[str, Any], seed: int, announce: float,
         reserve: float) -> Game:
    """The random game of ``seed``; ``kwargs`` go to ``Game`` but for ``prefer`` (a reservation
    taken where allowed) and ``force`` (fixed Armut answers)."""
    rules = RuleSet.from_config(config)
    rng = random.Random(seed)
    dealer = rng.randrange(rules.players)
    kwargs = dict(kwargs)
    prefer = kwargs.pop("prefer", None)
    force = kwargs.pop("force", {})
    g = Game(rules, deal(rules, rng, dealer), dealer, **kwargs)
    while g.phase != "done":
        g.act(*_action(g, rng, announce, reserve, prefer, force))
    return g


def find(config: dict[str, Any], kwargs: dict[str, Any], check: Check, announce: float,
         reserve: float, tries: int = 3000) -> tuple[int, Game]:
    """The first seed whose game passes ``check`` and is played as the contract ``want``
    (a prefix; ``kwargs["want"]``, any contract when not given)."""
    kwargs = dict(kwargs)
    want = kwargs.pop("want", "")
    for seed in range(tries):
        g = play(config, kwargs, seed, announce, reserve)
        if check(g.actions) and str(g.contract).startswith(want):
            return seed, g
    raise LookupError(f"no seed below {tries} shows {config}")


def replay_json(record: dict[str, Any]) -> Any:
    """What ``dokobot replay`` prints for the record."""
    from dokobot.engine.record import replay_game
    game = replay_game(record)
    return game.game_result().replay_json() if game.finished else game.result()


def main() -> None:
    GOLDEN.mkdir(parents=True, exist_ok=True)
    for name, config, kwargs, check, announce, reserve in SCENARIOS:
        seed, g = find(config, kwargs, check, announce, reserve)
        record = g.record()
        out = {"scenario": name, "seed": seed, "record": record, "replay": replay_json(record)}
        (GOLDEN / f"{name}.json").write_text(json.dumps(out, indent=1, sort_keys=False) + "\n")
        print(name, seed, len(record["actions"]))


if __name__ == "__main__":
    main()
