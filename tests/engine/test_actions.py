"""The move codec: every action a game records parses to a move and writes back byte for byte."""

from __future__ import annotations

import json
import random

import pytest

from dokobot.engine import actions
from dokobot.engine.actions import Announce, ArmutGive, Klopfen, Play, Reserve, parse, to_json
from dokobot.engine.errors import IllegalAction
from dokobot.engine.randomplay import random_game
from dokobot.engine.rules import PRESETS


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_recorded_action_round_trips(preset: str) -> None:
    rng = random.Random(f"actions-{preset}")
    seen: set[str] = set()
    for _ in range(40):
        g = random_game(PRESETS[preset], rng, announce_rate=0.1, reserve_rate=0.4)
        for a in g.record()["actions"]:
            seat, move = parse(a, g.n)
            assert json.dumps(to_json(seat, move)) == json.dumps(a)
            seen.add(type(move).__name__)
    assert {"Play", "Reserve"} <= seen


def test_the_moves_are_values() -> None:
    assert Play("DA", schwein=True) == Play("DA", True)
    assert len({Play("CQ"), Play("CQ"), Klopfen(), Klopfen()}) == 2
    with pytest.raises(AttributeError):
        Play("CQ").card = "DA"  # type: ignore[misc]


def test_optional_keys_only_where_the_record_has_them() -> None:
    assert to_json(1, Play("DA")) == {"seat": 1, "play": "DA"}
    assert to_json(0, Reserve("solo", "karo")) == {"seat": 0, "reserve": "solo", "solo": "karo"}
    assert to_json(0, Reserve("solo", "karo", pflicht=True)) == {
        "seat": 0, "reserve": "solo", "solo": "karo", "pflicht": True}
    assert list(to_json(2, Reserve("solo", "damen", "klein", False, "named_card", "HT"))) == [
        "seat", "reserve", "solo", "size", "pflicht", "form", "card"]
    assert to_json(3, ArmutGive(("DJ", "CQ"))) == {"seat": 3, "armut_give": ["DJ", "CQ"]}


@pytest.mark.parametrize("bad, code", [
    ([], "malformed"),
    ({"seat": True, "play": "CQ"}, "bad_seat"),
    ({"seat": 4, "play": "CQ"}, "bad_seat"),
    ({"seat": 1}, "malformed"),
    ({"seat": 1, "play": "CQ", "announce": "re"}, "malformed"),
    ({"seat": 1, "play": "XX"}, "malformed"),
    ({"seat": 1, "play": "DA", "schwein": 1}, "malformed"),
    ({"seat": 1, "klopfen": False}, "malformed"),
    ({"seat": 1, "armut_give": "CQ"}, "malformed"),
    ({"seat": 1, "announce": 3}, "malformed"),
])
def test_malformed_actions_are_refused_by_code(bad: object, code: str) -> None:
    with pytest.raises(IllegalAction) as e:
        parse(bad, 4)
    assert e.value.code == code


def test_one_key_per_move_type() -> None:
    assert len(actions.ACTION_KEYS) == len(set(actions.ACTION_KEYS)) == 10
    assert parse({"seat": 0, "announce": "re"}) == (0, Announce("re"))


_SWITCHED = [
    {"preset": "ddv", "hochzeit": "choice", "klopfen": True},
    {"preset": "haus", "armut_decide": "after", "hochzeit": "named_card", "overtrump": True},
    {"preset": "klassisch", "schmeissen": ["nines", "kings", "top_dj", "top_da"], "hochzeit_partner": "may"},
    {"preset": "ddv", "players": 5, "hochzeit": "choice", "schweine": True},
    {"preset": "haus", "players": 5, "klopfen": True, "armut_decide": "after"},
    {"preset": "muenchen", "hochzeit": "choice", "klopfen": True, "schweine": True},
    {"preset": "muenchen", "hochzeit": "named_card", "hochzeit_partner": "may"},
]


@pytest.mark.parametrize("config", _SWITCHED, ids=lambda c: "-".join(f"{v}" for v in c.values()))
def test_round_trip_at_every_size_with_switches(config: dict[str, object]) -> None:
    """to_json(*parse(a)) == a over every action of random games at four, five and six, with
    Pflicht lists (four: a pflicht seat; six: owed sizes) and the house forms switched on."""
    from dokobot.engine.deal import deal
    from dokobot.engine.game import Game
    from dokobot.engine.randomplay import random_action
    from dokobot.engine.rules import RuleSet

    rules = RuleSet.from_config(config)
    rng = random.Random(json.dumps(config))
    seen: set[str] = set()
    for i in range(30):
        dealer = rng.randrange(rules.players)
        lists: dict[str, object] = ({"owed": {(dealer + 1) % 6: {"gross", "klein"}}} if rules.players == 6
                                    else {"pflicht": frozenset({i % 4})})
        g = Game(rules, deal(rules, rng, dealer), dealer, **lists)  # type: ignore[arg-type]
        while g.phase != "done":
            g.act(*random_action(g, rng, announce_rate=0.15, reserve_rate=0.5))
        for a in g.actions:
            seat, move = parse(a, g.n)
            assert json.dumps(to_json(seat, move)) == json.dumps(a)
            seen.add(type(move).__name__)
    assert {"Play", "Reserve", "Announce"} <= seen
