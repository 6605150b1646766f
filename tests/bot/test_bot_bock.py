"""Bock through Discord: a 120:120 tie on ``haus``, then the table shows Bock ×2."""

from __future__ import annotations

import random

from conftest import message_text

from dokobot.engine import Game, RuleSet, deal

HAUS = RuleSet.from_config({"preset": "haus"})


def clicked_result(hands: list[list[str]], dealer: int) -> dict:
    """What the Driver's clicks make of a deal: gesund, then the first enabled card button."""
    g = Game(HAUS, [list(h) for h in hands], dealer=dealer)
    while g.phase != "done":
        s = g.to_act
        if g.phase == "reserve":
            g.apply({"seat": s, "reserve": "gesund"})
        else:
            legal = set(g.legal_plays(s))
            g.apply({"seat": s, "play": next(c for c in g.hand(s) if c in legal)})
    return g.result()


def tie_then_plain() -> list[list[list[str]]]:
    seeds = iter(range(100_000))
    out = []
    for dealer, tie in ((3, True), (0, False)):
        for seed in seeds:
            hands = deal(HAUS, random.Random(seed))
            res = clicked_result(hands, dealer)
            if (res["augen"]["re"] == 120) == tie and any(res["score"]) and res["contract"] != "redeal":
                out.append(hands)
                break
    return out


async def test_tie_on_haus_makes_the_next_game_bock(doko, store, rig_deal):
    rig_deal(tie_then_plain())
    await doko.open_and_seat()
    nord = doko.players[0]
    res = await nord.slash(doko.channel, "doko regeln", preset="haus")
    assert res.ephemeral
    await doko.start()
    await doko.open_all_hands()
    await doko.reserve_all_gesund()
    await doko.play_out()
    texts = [message_text(m) for m in doko.public()]
    assert any("Gleichstand 120:120 – die nächste Runde ist Bock" in t for t in texts)

    await nord.click(doko.table_message(), label="Nächstes Spiel")
    assert "Bock ×2 · noch 3 Bockspiele" in message_text(doko.table_message())
    await doko.open_all_hands()
    await doko.reserve_all_gesund()
    await doko.play_out()
    fin = doko.table.last
    assert fin.bock == 2
    second = next(g for g in store.games.values() if g.number == 2)
    assert second.scores == {p.user_id: 2 * s for p, s in zip(fin.players, fin.result.score, strict=True)}
    assert any("Punkte (Bock ×2): " in message_text(m) for m in doko.public())
