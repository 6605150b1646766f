"""Issue 22 through Discord: computers play whole games under the schemes plus and
fine_steps and with the joker; the summary is what dokobot replay says, and its "why"
line names the engine's target."""

from __future__ import annotations

import pytest

from dokobot.engine.record import replay_game
from tests.bot.helpers import assert_summary_matches_replay, play_with_computers


@pytest.mark.parametrize("schalter", [
    "scoring=plus",
    "scoring=plus fine_steps=ja klopfen=ja",
    "scoring=doubling fine_steps=ja joker=ja",
    "joker=ja solos=karo,damen,reines_karo",
])
async def test_computers_play_whole_games_under_the_new_schemes(doko, store, schalter):
    nord = doko.players[0]
    await nord.slash(doko.channel, "doko tisch")
    for level in ("leicht", "mittel", "schwer"):
        await nord.click(doko.table_message(), label=f"Computer dazu: {level}")
    res = await nord.slash(doko.channel, "doko regeln", schalter=schalter)
    assert res.ephemeral
    for key_value in schalter.split():
        key, value = key_value.split("=")
        got = getattr(doko.table.ruleset, key)
        assert str(got).lower() in (value, "true" if value == "ja" else value) or isinstance(got, tuple)
    for k in range(2):
        if k == 0:
            await doko.start()
        else:
            await nord.click(doko.table_message(), label="Nächstes Spiel")
        await play_with_computers(doko)
        number = doko.table.last.number
        result = assert_summary_matches_replay(doko, store, number)
        if result["contract"] != "redeal":
            assert sum(result["augen"].values()) == 240  # the joker's 4 Augen count
            typed = replay_game(doko.table.last.record).game_result()
            assert len(typed.targets) == 2


async def test_fine_steps_refused_with_ddv_scoring(doko):
    nord = doko.players[0]
    await nord.slash(doko.channel, "doko tisch")
    before = doko.table.ruleset
    res = await nord.slash(doko.channel, "doko regeln", schalter="fine_steps=ja")
    text = res.followups[-1].content if res.followups else res.response.content
    assert res.ephemeral and text == ("„fine\\_steps=true“ passt nicht zu den anderen Schaltern: "
                                      "`fine_steps` geht nur mit `scoring` doubling oder plus.")
    assert doko.table.ruleset == before
    res = await nord.slash(doko.channel, "doko regeln", schalter="scoring=plus fine_steps=ja")
    assert doko.table.ruleset.fine_steps and doko.table.ruleset.scoring == "plus"
    res = await nord.slash(doko.channel, "doko regeln", schalter="scoring=ddv")  # fine_steps stays on
    text = res.followups[-1].content if res.followups else res.response.content
    assert "`fine_steps` geht nur mit" in text and doko.table.ruleset.scoring == "plus"


def test_autocomplete_offers_the_new_scheme_and_switch():
    from dokobot.table import switches

    assert "fine_steps=" in switches.complete("fine") or "fine_steps" in " ".join(switches.complete("fine"))
    assert any(c.endswith("scoring=plus") for c in switches.complete("scoring=p"))
    assert any("fine_steps=ja" in c for c in switches.complete("scoring=plus fine_steps="))
