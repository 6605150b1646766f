"""The custom_ids the bot sent before issue 23 (tests/data/custom_ids_v1.json) keep their
meaning: buttons on messages sent before a deploy must keep working after it. Each hand id
decodes (``dokobot.bot.components``) to the move the old code made of it, and the codec
writes today's ids in the same form."""

import json
import re
from pathlib import Path
from typing import Any

import pytest

from dokobot.bot import components as c
from dokobot.engine.actions import ArmutReturn, Reserve, parse
from dokobot.text.controls import AskKsolo, AskSchwein, Control, GiveTrumps

GOLDEN = json.loads((Path(__file__).parent.parent / "data" / "custom_ids_v1.json").read_text())
ITEMS = (c.TableButton, c.HandItem, c.HandSelect, c.AnalyseButton, c.TipButton)


def _match(cid: str) -> tuple[type, re.Match[str]]:
    hits = [(cls, m) for cls in ITEMS if (m := cls.__discord_ui_compiled_template__.fullmatch(cid))]
    assert len(hits) == 1, cid
    return hits[0]


def _meant(means: dict[str, Any]) -> c.Click:
    """The click the old code took an id for, from the golden's ``means`` (an action dict)."""
    answered = bool(means.pop("_question", False))
    if "ask_schwein" in means:
        return c.Click(AskSchwein())
    if "ask_ksolo" in means:
        solo, lust = means["ask_ksolo"].split(":")
        return c.Click(AskKsolo(solo, lust == "p"), answered)
    if "armut_give" in means:
        return c.Click(GiveTrumps())
    return c.Click(parse({"seat": 0, **means})[1], answered)


def test_golden_covers_every_control_kind() -> None:
    kinds = {re.sub(r"\d", "", e["custom_id"].split(":")[1]) for e in GOLDEN["ids"]}
    assert {"play", "fox", "reserve", "announce", "klopfen", "bid", "armut_give", "armut_decline", "armut_take", "partner", "takeover", "abort",
            "solo", "ksolo", "hochzeit", "armut_return", "join", "leave", "start", "hand", "next",
            "record", "close", "analyse"} <= kinds
    assert all(len(e["custom_id"]) <= 100 for e in GOLDEN["ids"])


def test_every_old_hand_button_decodes_to_its_move_and_is_written_again_the_same() -> None:
    buttons = [e for e in GOLDEN["ids"] if _match(e["custom_id"])[0] is c.HandItem]
    assert len(buttons) > 50
    for e in buttons:
        m = _match(e["custom_id"])[1]
        click = c.decode(m["kind"], m["value"])
        assert click == _meant(dict(e["means"])), e
        assert c.encode(click.does, click.answered) == (m["kind"], m["value"]), e
        item = c.HandItem.build(int(m["ch"]), int(m["g"]), int(m["seat"]), Control(click.does, "x", answered=click.answered),
                                int(m["pos"]) // 5, int(m["pos"]) % 5)
        assert item.custom_id == e["custom_id"]


def test_every_old_select_option_decodes_to_its_move_and_is_written_again_the_same() -> None:
    selects = [e for e in GOLDEN["ids"] if _match(e["custom_id"])[0] is c.HandSelect]
    assert {_match(e["custom_id"])[1]["kind"] for e in selects} == {"solo", "ksolo", "hochzeit", "armut_return"}
    for e in selects:
        m = _match(e["custom_id"])[1]
        clicks = [c.decode_select(m["kind"], m["part"], [o["value"]]) for o in e["options"]]
        for i, (o, click) in enumerate(zip(e["options"], clicks, strict=True)):
            assert click == _meant(dict(o["means"]) | ({"_question": True} if m["part"] in "34" and m["part"] else {})), o
            assert c.option_value(click.does, i) == o["value"], o
        ctl = Control(None, "x", options=tuple((k.does, o["label"]) for k, o in zip(clicks, e["options"], strict=True)),
                      count=1, slot=_slot(m["part"]), answered=m["part"] in ("3", "4"))
        assert c.select_id(int(m["ch"]), int(m["g"]), int(m["seat"]), ctl) == e["custom_id"]


def _slot(part: str) -> int:
    return {"": 0, "2": 1, "3": 0, "4": 1}[part]


def test_the_other_old_ids_keep_their_fields() -> None:
    for e in GOLDEN["ids"]:
        cls, m = _match(e["custom_id"])
        if cls not in (c.HandItem, c.HandSelect):
            assert m.groupdict() == {k: v for k, v in e["means"].items() if k != "item"}, e


def test_several_returned_cards_make_one_move_in_the_record_order() -> None:
    assert c.decode_select("armut_return", "", ["SQ:1", "CQ:0"]).does == ArmutReturn(("CQ", "SQ"))


@pytest.mark.parametrize(("kind", "part", "values"), [
    ("hochzeit", "", ["ZZ"]), ("hochzeit", "", []), ("solo", "", ["karo", "herz"]), ("armut_return", "", ["X9:0"]),
])
def test_a_select_value_no_bot_sends_is_malformed(kind: str, part: str, values: list[str]) -> None:
    with pytest.raises(c.Malformed):
        c.decode_select(kind, part, values)


@pytest.mark.parametrize(("kind", "value"), [("play", "ZZ"), ("play", ""), ("nothing", "1")])
def test_a_button_value_no_bot_sends_is_malformed(kind: str, value: str) -> None:
    with pytest.raises(c.Malformed):
        c.decode(kind, value)


def test_a_solo_with_form_and_card_is_written_as_it_is_read() -> None:
    move = Reserve("solo", "karo", "klein", True, "named_card", "CA")
    assert c.option_value(move, 0) == "karo:p:named_card:CA"
    assert c.decode_select("ksolo", "4", ["karo:p:named_card:CA"]) == c.Click(move, answered=True)
