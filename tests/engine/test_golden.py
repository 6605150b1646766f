"""The golden records (tests/data/golden, written by the engine before the typed moves) replay
through ``dokobot replay`` to the stored result, and a replay records the very same actions."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any

import pytest

from dokobot.cli import main
from dokobot.engine.record import replay_game

from .golden import GOLDEN, SCENARIOS

FILES = sorted(GOLDEN.glob("*.json"))


def _load(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text())
    return data


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_record_replays_to_its_result(path: Path, capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    golden = _load(path)
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(golden["record"])))
    assert main(["replay", "-"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert json.loads(out) == golden["replay"]


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_record_records_the_same_actions(path: Path) -> None:
    record = _load(path)["record"]
    again = replay_game(record).record()
    assert json.dumps(again["actions"]) == json.dumps(record["actions"])
    assert json.dumps(again) == json.dumps(record)


def test_the_golden_set_covers_every_phase_and_size() -> None:
    assert {p.stem for p in FILES} == {s[0] for s in SCENARIOS}
    records = [_load(p)["record"] for p in FILES]
    sizes = {len(r["hands"]) for r in records}
    assert sizes == {4, 5, 6}
    actions = [(len(r["hands"]), r["rules"], a) for r in records for a in r["actions"]]
    keys = {k for _, _, a in actions for k in a if k != "seat"}
    assert {"play", "announce", "reserve", "bid", "hochzeit_partner", "armut_take", "armut_give",
            "armut_return", "armut_decline", "klopfen", "schwein", "pflicht", "size", "form", "card",
            "solo"} <= keys
    assert any(a.get("announce") == "schwarz" for _, _, a in actions)
    assert {a["reserve"] for _, _, a in actions if "reserve" in a} == {
        "gesund", "hochzeit", "armut", "schmeissen", "solo"}
    assert {a["form"] for _, _, a in actions if "form" in a} == {
        "first_trick", "first_color_trick", "first_trump_trick", "named_card", "first_pure_color_trick"}
    hochzeit_rules = {r["rules"].get("hochzeit", "first_trick") for r in records
                      if any(a.get("reserve") == "hochzeit" for a in r["actions"])}
    assert hochzeit_rules == {"first_trick", "first_color_trick", "first_trump_trick", "named_card",
                              "first_pure_color_trick", "choice"}
    assert any(n == 4 and a.get("pflicht") for n, _, a in actions)
    assert any(n == 6 and a.get("pflicht") for n, _, a in actions)
    assert any(n == 6 and a.get("size") == "klein" for n, _, a in actions)
    assert any(n == 5 and "klopfen" in a for n, _, a in actions)
    assert any(rules.get("armut_decide") == "after" for _, rules, a in actions if "armut_decline" in a)
    five = [r for r in records if len(r["hands"]) == 5]
    assert all(r["hands"][r["dealer"]] == [] for r in five)  # the dealer sits out
    results = [_load(p)["replay"] for p in FILES]
    assert any(res.get("contract") in ("redeal", "thrown", None) or "redeal" in json.dumps(res)
               for res in results)
