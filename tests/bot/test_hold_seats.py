"""Issue 21: ``/doko platz nummer:`` follows the table size (six seats), under SimCord."""

from __future__ import annotations

from tests.bot.helpers import message_text


def answer(res) -> str:  # noqa: ANN001 - SimCord's result
    """The private answer of a deferred slash command."""
    return " ".join(message_text(m) for m in [res.response, *res.followups] if m is not None)


async def test_seat_six_of_a_six_table_can_be_given_to_a_computer_and_handed_over(doko):
    await doko.open_and_seat()
    fifth, sixth = doko.outsider, doko.guild.add_member(doko.env.create_user("Sechs"))
    for p in (fifth, sixth):
        await p.click(doko.table_message(), label="Beitreten")
    doko.players += [fifth, sixth]
    assert len(doko.table.seats) == 6
    await doko.start()
    host = doko.players[0]
    res = await host.slash(doko.channel, "doko platz", nummer=6, aktion="computer")
    assert res.ephemeral and "Ein Computer spielt jetzt für Platz 6." in answer(res), answer(res)
    assert sixth.id in doko.table.away
    await host.slash(doko.channel, "doko platz", nummer=6, aktion="zurück")
    assert sixth.id not in doko.table.away
    new = doko.guild.add_member(doko.env.create_user("Neu"))
    res = await host.slash(doko.channel, "doko platz", nummer=6, aktion="übergeben", spieler=new)
    assert doko.table.seats[5].user_id == new.id, res


async def test_seat_six_at_a_four_table_gets_a_clear_answer(doko):
    await doko.open_and_seat()
    await doko.start()
    res = await doko.players[0].slash(doko.channel, "doko platz", nummer=6, aktion="computer")
    assert res.ephemeral and "Diesen Platz gibt es nicht (1 bis 4)." in answer(res), answer(res)
    assert doko.table.away == set()
