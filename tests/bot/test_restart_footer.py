"""Issue 25: after a kill, the restart footer of the table message ("das Spiel geht weiter,
alle Knöpfe funktionieren") goes once the game it speaks of is over, and the next game's
message never has it."""

from __future__ import annotations

from dokobot.bot.client import DokoBot
from dokobot.bot.config import Config


async def kill_and_restart(doko, store) -> None:
    await doko.env.restart_bot(DokoBot(Config(), store=store, rng=doko.bot.tables.rng))


def footer(message) -> str:
    return (message.embeds[0].footer.text or "") if message.embeds and message.embeds[0].footer else ""


async def test_the_restart_footer_goes_away_with_the_next_game(doko, store):
    await doko.to_the_first_card()
    await kill_and_restart(doko, store)
    old = doko.table_message()
    assert "alle Knöpfe funktionieren" in footer(old)
    await doko.open_all_hands()
    await doko.play_out()
    summary = doko.table_message()
    assert summary.id == old.id and "neu gestartet" not in footer(summary)  # the game is over: no "goes on"
    await doko.players[0].click(summary, label="Nächstes Spiel")
    new = doko.table_message()
    assert new.id != summary.id
    assert "neu gestartet" not in footer(new)
    assert "neu gestartet" not in footer(next(m for m in doko.channel.history() if m.id == summary.id))
