"""/doko regeln: presets and single switches, host only, errors in the player's language."""

from __future__ import annotations


async def test_host_sets_switches_on_top_of_the_preset(doko):
    await doko.open_and_seat()
    nord, ost = doko.players[0], doko.players[1]
    res = await nord.slash(doko.channel, "doko regeln", preset="haus")
    assert res.ephemeral and doko.table.rules_config == {"preset": "haus"}
    res = await nord.slash(doko.channel, "doko regeln", schalter="dulle=first_wins solos=karo,damen")
    assert res.ephemeral
    assert doko.table.rules_config == {"preset": "haus", "dulle": "first_wins", "solos": ["karo", "damen"]}
    res = await nord.slash(doko.channel, "doko regeln", schalter="armut=nein")
    assert doko.table.rules_config["armut"] is False and doko.table.rules_config["dulle"] == "first_wins"
    res = await nord.slash(doko.channel, "doko regeln", preset="ddv")  # a new preset starts afresh
    assert doko.table.rules_config == {"preset": "ddv"}
    before = dict(doko.table.rules_config)
    res = await ost.slash(doko.channel, "doko regeln", schalter="armut=ja")  # not the host
    assert res.ephemeral and doko.table.rules_config == before


async def test_bad_switch_is_explained_and_changes_nothing(doko):
    await doko.open_and_seat()
    nord = doko.players[0]
    res = await nord.slash(doko.channel, "doko regeln", schalter="fuchs=ja")
    assert res.ephemeral and "fuchs" in res.response.content and "gibt es hier nicht" in res.response.content
    res = await nord.slash(doko.channel, "doko regeln", schalter="dulle=manchmal")
    assert res.ephemeral and "manchmal" in res.response.content and "dulle" in res.response.content
    assert doko.table.rules_config == {"preset": "ddv"}
    await doko.start()
    assert doko.table.game.rules.preset == "ddv"
