"""The custom_ids the bot sent before issue 23 (tests/data/custom_ids_v1.json) keep their
meaning: buttons on messages sent before a deploy must keep working after it."""

import json
import re
from pathlib import Path

from dokobot.bot import ui
from dokobot.text import render

GOLDEN = json.loads((Path(__file__).parent.parent / "data" / "custom_ids_v1.json").read_text())
ITEMS = (ui.TableButton, ui.HandItem, ui.HandSelect, ui.AnalyseButton, ui.TipButton)


def _match(cid: str) -> tuple[type, re.Match[str]]:
    hits = [(cls, m) for cls in ITEMS if (m := cls.__discord_ui_compiled_template__.fullmatch(cid))]
    assert len(hits) == 1, cid
    return hits[0]


def test_golden_covers_every_control_kind() -> None:
    kinds = {re.sub(r"\d", "", e["custom_id"].split(":")[1]) for e in GOLDEN["ids"]}
    assert {"play", "fox", "reserve", "announce", "klopfen", "bid", "armut_give", "armut_decline", "armut_take", "partner", "takeover", "abort",
            "solo", "ksolo", "hochzeit", "armut_return", "join", "leave", "start", "hand", "next",
            "record", "close", "analyse"} <= kinds
    assert all(len(e["custom_id"]) <= 100 for e in GOLDEN["ids"])


def test_every_golden_id_decodes_to_its_meaning() -> None:
    for e in GOLDEN["ids"]:
        cls, m = _match(e["custom_id"])
        if cls is ui.HandItem and m["kind"] != "armut_give":
            assert ui.hand_action(m["kind"], m["value"], None, int(m["seat"])) == e["means"], e  # type: ignore[arg-type]
        elif cls is ui.HandSelect:
            for o in e["options"]:
                if m["kind"] == "hochzeit":
                    assert render.hochzeit_action(o["value"]) == o["means"], o
                elif m["kind"] in ("solo", "ksolo"):
                    got = render.solo_action(m["kind"], o["value"])
                    assert got | ({"_question": True} if m["part"] in ("3", "4") else {}) == o["means"], o
        elif cls is not ui.HandItem:
            assert m.groupdict() == {k: v for k, v in e["means"].items() if k != "item"}, e
