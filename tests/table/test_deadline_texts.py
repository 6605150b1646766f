"""Refused announcements explain the binding DDV deadline in the player's language."""

import pytest

from dokobot.engine import IllegalAction
from dokobot.text.i18n import illegal_text
from tests.engine.helpers import all_gesund, game, hands_with


def refusal(what: str, cards_left: int, lang: str, said: tuple[str, ...] = ()) -> str:
    g = game(hands_with({0: "CQ", 2: "CQ"}), dealer=3)
    all_gesund(g)
    for a in said:
        g.apply({"seat": 0, "announce": a})
    while g.sizes[0] > cards_left:
        g.apply({"seat": g.to_act, "play": g.legal_plays(g.to_act)[0]})
    with pytest.raises(IllegalAction) as exc:
        g.apply({"seat": 0, "announce": what})
    return illegal_text(lang, exc.value.code, exc.value.params, names=["N", "O", "S", "W"], ddv_deadlines=True)


def test_own_deadline():
    assert refusal("re", 10, "de") == "Re geht nur, bevor du deine zweite Karte spielst."
    assert refusal("keine90", 9, "en", said=("re",)) == "keine 90 is only possible before you play your third card."


def test_skipped_step_names_the_binding_deadline():
    assert refusal("keine90", 10, "de") == "keine 90 schließt Re ein, und Re geht nur, bevor du deine zweite Karte spielst."
    assert refusal("keine60", 9, "de", said=("re",)) == (
        "keine 60 schließt keine 90 ein, und keine 90 geht nur, bevor du deine dritte Karte spielst.")
