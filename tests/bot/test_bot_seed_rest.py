"""Issue 22 through Discord: the Hochzeit form and card by select, the partner's two buttons,
the thrown hand on the table, and computers playing whole games under each new switch."""

from __future__ import annotations

import pytest

from dokobot.engine.record import replay
from tests.bot.helpers import (
    assert_summary_matches_replay,
    cid,
    components,
    find_deal,
    message_text,
)


def values(select) -> list[str]:
    """The option values of a select (a component of a message or of an interaction response)."""
    if isinstance(select, dict):
        return [o["value"] for o in select["options"]]
    return [o.value for o in select.options]


def hand_ids(doko, actor) -> list[list[str]]:
    return [cid(i).split(":") for i in components(doko.hand_view(actor))]


async def test_choice_form_by_select_and_a_partner_who_declines(doko, rig_deal):
    # Nord holds both CQ and both HT: it leads HT and wins the first two tricks itself, so the
    # partner comes from a later trick; any winner other than Nord is asked
    rig_deal([find_deal(lambda h: h[0].count("CQ") == 2)])
    await doko.open_and_seat()
    nord = doko.players[0]
    await nord.slash(doko.channel, "doko regeln", schalter="hochzeit=choice hochzeit_partner=may")
    await doko.start()
    await doko.open_all_hands()
    ids = hand_ids(doko, nord)
    selects = [p for p in ids if p[1].startswith("hochzeit")]
    assert [p[1] for p in selects] == ["hochzeit", "hochzeit2"]  # the forms, the cards
    assert not any(p[1] == "reserve" and p[5] == "hochzeit" for p in ids)  # no button without a form
    await doko.select_hand(nord, "hochzeit", ["first_trick"])
    while doko.table.game.phase == "reserve":
        await doko.click_hand(doko.player(doko.table.game.to_act), "reserve", "gesund")
    game = doko.table.game
    assert game.contract == "hochzeit" and game.hochzeit_form == "first_trick"
    assert game.actions[0] == {"seat": 0, "reserve": "hochzeit", "form": "first_trick"}
    assert any("sagt die Hochzeit an: der erste Stich, den ein anderer gewinnt." in m.content
               for m in doko.public())
    while doko.table.game.phase == "play":
        await doko.click_hand(doko.player(doko.table.game.to_act), "play")
    game = doko.table.game
    if game.phase != "partner":  # Nord won the first trick itself: no answer is due
        assert game.clarify_trick is None or game.partner is None
        return
    asked = game.to_act
    for p in doko.players:  # only the found seat has the two buttons
        has = any(x[1] == "partner" for x in hand_ids(doko, p))
        assert has == (doko.table.seat_of(p.id) == asked)
    await doko.click_hand(doko.player(asked), "partner", "0")
    assert any("lehnt die Hochzeit mit Nord ab" in m.content for m in doko.public())
    assert doko.table.game.clarify_trick is None or doko.table.game.partner is None
    assert {"seat": asked, "hochzeit_partner": False} in doko.table.game.actions


async def test_named_card_offers_trumps_grouped(doko, rig_deal):
    rig_deal([find_deal(lambda h: h[0].count("CQ") == 2 and "HT" not in h[0])])
    await doko.open_and_seat()
    nord = doko.players[0]
    await nord.slash(doko.channel, "doko regeln", schalter="hochzeit=named_card")
    await doko.start()
    await doko.open_all_hands()
    item = next(i for i in components(doko.hand_view(nord)) if cid(i).split(":")[1] == "hochzeit")
    values = [o.value for o in item.options]
    labels = [o.label for o in item.options]
    assert len(values) <= 25 and "CQ" not in values and "HT" in values
    aces = [v for v in values if v in ("CA", "SA", "HA")]
    assert aces and values[:len(aces)] == aces  # the plain aces first, then the trumps
    assert any(label.endswith("· Trumpf") for label in labels)
    await doko.select_hand(nord, "hochzeit", ["HT"])
    while doko.table.game.phase == "reserve":
        await doko.click_hand(doko.player(doko.table.game.to_act), "reserve", "gesund")
    assert "Wer zuerst Herz-Zehn spielt, heiratet." in message_text(doko.table_message())
    doko.assert_private()
    await doko.play_out()
    fin = doko.table.last
    plays = [(a["seat"], a["play"]) for a in fin.record["actions"] if "play" in a]
    partner = next(seat for seat, card in plays if card == "HT" and seat != 0)
    assert fin.result.re == tuple(sorted({0, partner}))


async def test_schmeissen_shows_the_hand_to_the_table(doko, rig_deal):
    hands = find_deal(lambda h: sum(c[1] == "9" for c in h[0]) >= 5)
    rig_deal([hands])
    await doko.open_and_seat()
    nord = doko.players[0]
    await nord.slash(doko.channel, "doko regeln", preset="haus")
    await doko.start()
    await doko.open_all_hands()
    await doko.click_hand(nord, "reserve", "schmeissen")
    while doko.table.game_no == 1:
        await doko.click_hand(doko.player(doko.table.game.to_act), "reserve", "gesund")
    shown = [m.content for m in doko.public() if "zeigt das Blatt (fünf Neunen)" in m.content]
    assert len(shown) == 1 and shown[0].startswith("Nord zeigt das Blatt")
    doko.assert_private()  # the shown hand belongs to the thrown game, not to the new one


async def play_with_computers(doko) -> None:
    """The person clicks until the game is over (every phase); the computers move by themselves."""
    table = doko.table
    game_no = table.game_no
    human = doko.players[0]
    await doko.open_hand(human)
    while table.state == "playing":
        await table.computers_idle()
        if table.state != "playing":
            break
        if table.game_no != game_no:
            game_no = table.game_no
            await doko.open_hand(human)
        game = table.game
        assert not table.seats[game.to_act].is_bot, "a computer seat is to act but nobody moves"
        doko.assert_private()
        legal = game.legal_actions(game.to_act)
        kinds = [p[1] for p in hand_ids(doko, human)]
        if game.phase == "reserve":
            await doko.click_hand(human, "reserve", "gesund")
        elif game.phase == "partner":
            await doko.click_hand(human, "partner", "1")
        elif game.phase == "armut_take":
            await doko.click_hand(human, "armut_take", "0")
        elif game.phase == "armut_give":
            await doko.click_hand(human, "armut_give")
        elif game.phase == "armut_return":
            await doko.select_hand(human, "armut_return", [f"{game.hand(game.to_act)[0]}:0"][: 1])
        elif game.phase == "bid":
            await doko.click_hand(human, "bid", "pass")
        else:
            assert "play" in kinds and legal
            await doko.click_hand(human, "play")
    doko.assert_private()


CONFIGS = [
    (4, "hochzeit=choice hochzeit_partner=may"),
    (4, "hochzeit=named_card hochzeit_partner=may"),
    (5, "five=all_play hochzeit=choice hochzeit_partner=may"),
    (6, "six_lustsolo_lead=left_of_dealer hochzeit=choice hochzeit_partner=may armut=ja schmeissen=nines,kings"),
]


@pytest.mark.parametrize(("n", "switches"), CONFIGS)
async def test_computers_play_whole_games_under_the_new_switches(doko, store, rig_deal, n, switches):
    """A person and computers of every level; the first deal gives a computer both CQ (two at
    six): the Hochzeit, its form or card and the partner's answer are the computers' own."""
    import random

    from dokobot.engine import RuleSet, deal

    rules = RuleSet.from_config({"preset": "muenchen"} if n == 6 else {"preset": "ddv", "players": n,
                                                                         "five": "all_play"} if n == 5 else None)
    hands = next(h for h in (deal(rules, random.Random(s), dealer=n - 1) for s in range(5000))
                 if h[1].count("CQ") >= 2)
    rig_deal([hands])
    nord = doko.players[0]
    await nord.slash(doko.channel, "doko tisch")
    for level in ["mittel", "schwer", "leicht", "mittel", "schwer"][: n - 1]:
        await nord.click(doko.table_message(), label=f"Computer dazu: {level}")
    await nord.slash(doko.channel, "doko regeln", schalter=switches)
    await doko.start()
    for _ in range(2):
        await play_with_computers(doko)
        number = doko.table.game_no
        result = assert_summary_matches_replay(doko, store, number)
        stored = next(g for g in store.games.values() if g.number == number)
        assert replay({"rules": stored.rules, "dealer": stored.dealer, "hands": stored.hands,
                       "actions": stored.actions}) == result
        if number == 1:  # the rigged deal: seat 1, a computer, said its Hochzeit (or a solo)
            first = next(a for a in stored.actions if a["seat"] == 1)
            if first.get("reserve") == "hochzeit" and "choice" in switches:
                assert first.get("form") == "first_trick"
        await nord.click(doko.table_message(), label="Nächstes Spiel")


async def test_kleines_solo_at_six_names_its_form_in_a_private_question(doko, rig_deal):
    """Six under hochzeit=choice: the kleines Solo select says "…"; choosing it asks the form
    and the card privately (every kind times every card would not fit in 25 options)."""
    from tests.bot.helpers import seat_six
    from tests.engine.helpers import SIX_ACES

    rig_deal([SIX_ACES])
    await seat_six(doko)
    await doko.players[0].slash(doko.channel, "doko regeln", schalter="hochzeit=choice")
    await doko.start()
    await doko.open_all_hands()
    await doko.click_hand(doko.player(4), "reserve", "gesund")
    await doko.click_hand(doko.player(5), "reserve", "gesund")
    nord = doko.player(0)
    ksolo = next(c for c in components(doko.hand_view(nord)) if cid(c).split(":")[1] == "ksolo")
    assert len(ksolo.options) <= 25 and all(o.value.endswith(":?") for o in ksolo.options)
    res = await doko.select_hand(nord, "ksolo", ["karo:l:?"])
    question = res.response
    assert res.ephemeral and question is not None and doko.table.game.phase == "reserve"
    forms = next(c for c in components(question) if cid(c).split(":")[1] == "ksolo3")
    cards = next(c for c in components(question) if cid(c).split(":")[1] == "ksolo4")
    assert values(forms) == [f"karo:l:{f}" for f in (
        "first_trick", "first_color_trick", "first_trump_trick", "first_pure_color_trick")]
    assert 0 < len(values(cards)) <= 25 and all(v.startswith("karo:l:named_card:") for v in values(cards))
    await nord.select(question, ["karo:l:first_trump_trick"], custom_id=cid(forms))
    await doko.reserve_all_gesund()
    game = doko.table.game
    assert (game.contract, game.size, game.hochzeit_form) == ("solo:karo", "klein", "first_trump_trick")
    assert game.actions[2] == {"seat": 0, "reserve": "solo", "solo": "karo", "size": "klein", "pflicht": False,
                               "form": "first_trump_trick"}
