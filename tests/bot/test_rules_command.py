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


def _said(doko) -> list[str]:
    return [m.content for m in doko.public() if m.content and m.content.startswith("⚙️ ")]


async def test_the_table_is_told_who_changed_which_rule(doko):
    """Issue 43: after dulle=second_wins the others read it at the table, and the short page
    says DDV, geändert: … where it used to say "DDV-Turnierregeln" with nothing marked."""
    await doko.open_and_seat()
    nord, ost = doko.players[0], doko.players[1]
    await nord.slash(doko.channel, "doko regeln", schalter="dulle=second_wins")
    assert _said(doko) == [
        "⚙️ Nord hat die Regeln geändert: **Zwei Dullen im Stich**: die zweite sticht (vorher: die erste sticht)"]
    await ost.slash(doko.channel, "doko regeln", schalter="dulle=first_wins")  # not the host: nothing changes
    await nord.slash(doko.channel, "doko regeln", schalter="dulle=manchmal")  # refused: nothing changes
    await nord.slash(doko.channel, "doko regeln", schalter="dulle=second_wins")  # the same again: no news
    assert len(_said(doko)) == 1
    await nord.slash(doko.channel, "doko regeln", schalter="turn_timeout=60 armut=ja")
    assert _said(doko)[-1] == ("⚙️ Nord hat die Regeln geändert: **Armut**: an (vorher: aus); "
                               "**Zugzeit**: 60 s (vorher: 300 s)")
    short = (await ost.click(doko.table_message(), label="Regeln")).response
    lines = short.embeds[0].description.splitlines()
    assert lines[:3] == ["**DDV-Turnierregeln**, geändert:",
                         "• **Zwei Dullen im Stich** (`dulle`): die zweite sticht (Vorgabe: die erste sticht)",
                         "• **Armut** (`armut`): an (Vorgabe: aus)"]
    assert "first_wins" not in short.embeds[0].description and not short.embeds[0].fields
    full = (await ost.click(short, label="Alle Regeln")).response.embeds[0]
    assert full.description.startswith("**DDV-Turnierregeln**, geändert: Zwei Dullen im Stich, Armut\n")
    slash = (await ost.slash(doko.channel, "doko regeln", alle=True)).response.embeds[0]
    assert slash.description == full.description


async def test_the_rules_change_line_speaks_the_tables_language(doko, locales):
    locales[doko.players[0].id] = "en-US"
    doko.lang = "en"
    await doko.open_and_seat()
    nord = doko.players[0]
    await nord.slash(doko.channel, "doko regeln", preset="haus")
    said = _said(doko)
    assert len(said) == 1 and said[0].startswith("⚙️ Nord changed the rules: **Rule set**: House rules")
    assert "(was: DDV tournament rules)" in said[0]
    short = (await nord.slash(doko.channel, "doko regeln")).response.embeds[0].description
    assert short.startswith("**House rules (Schweine, poverty, throwing in with five nines, Bock)**, unchanged.")
