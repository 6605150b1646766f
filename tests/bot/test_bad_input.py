"""Bad input gets a private reason in the player's language and changes nothing."""

from __future__ import annotations

from tests.bot.helpers import cid, components, disabled


def said(res) -> str:
    """The private answer of an interaction (a follow-up, or the completed deferral)."""
    assert res.acknowledged
    if res.followups:
        assert res.followups[-1].ephemeral
        return res.followups[-1].content
    assert res.ephemeral
    return res.response.content


def record_len(doko) -> int:
    return len(doko.table.game.record()["actions"])


def last_private(doko, actor) -> str:
    mine = [m for m in doko.channel.history(viewer=actor) if m.flags.ephemeral]
    return mine[-1].content


async def started(doko):
    await doko.open_and_seat()
    await doko.start()
    await doko.open_all_hands()


async def test_second_table_in_a_channel_is_refused(doko):
    await doko.open_and_seat()
    res = await doko.players[1].slash(doko.channel, "doko tisch")
    assert res.ephemeral
    assert "Hier gibt es schon einen Tisch" in res.response.content
    assert str(doko.table.message_id) in res.response.content


async def test_outsider_cannot_act(doko):
    await started(doko)
    kiebitz = doko.outsider
    res = await kiebitz.click(doko.table_message(), label="Meine Karten")
    assert res.ephemeral and res.response.content == "Du sitzt nicht an diesem Tisch."
    await doko.reserve_all_gesund()
    before = record_len(doko)
    res = await kiebitz.slash(doko.channel, "re")
    assert res.ephemeral and "Du sitzt nicht an diesem Tisch." in said(res)
    assert record_len(doko) == before


async def test_only_the_host_starts(doko):
    await doko.open_and_seat()
    res = await doko.players[2].click(doko.table_message(), label="Starten")
    assert res.acknowledged
    assert doko.table.state == "lobby"
    assert "Gastgeber (Nord)" in said(res)


async def test_join_twice_and_full_table(doko):
    await doko.open_and_seat()
    res = await doko.players[1].click(doko.table_message(), label="Beitreten")
    assert said(res) == "Du sitzt schon am Tisch."
    await doko.outsider.click(doko.table_message(), label="Beitreten")  # a fifth seat (issue 11)
    sixth = doko.guild.add_member(doko.env.create_user("Sechs"))
    await sixth.click(doko.table_message(), label="Beitreten")  # a sixth seat (issue 13)
    assert len(doko.table.seats) == 6
    seventh = doko.guild.add_member(doko.env.create_user("Sieben"))
    await seventh.click(doko.table_message(), label="Beitreten")  # waits for a free seat
    assert [w.user_id for w in doko.table.waiting] == [seventh.id] and len(doko.table.seats) == 6
    res = await seventh.click(doko.table_message(), label="Beitreten")
    assert said(res) == "Du stehst schon auf der Warteliste."


async def test_out_of_turn(doko):
    await started(doko)
    await doko.reserve_all_gesund()
    nord = doko.players[0]
    # An older hand view is no longer kept current: its last edit says so (issue 11),
    # and its buttons stay as they were then.
    untracked = (await nord.slash(doko.channel, "doko hand")).response
    await doko.open_hand(nord)
    assert doko.fetch(untracked, nord).content.startswith("*veraltet")
    await doko.click_hand(nord, "play")
    before = record_len(doko)
    item = next(i for i in components(untracked) if cid(i).startswith("doko:play") and not disabled(i))
    res = await nord.click(untracked, custom_id=cid(item))
    assert said(res) == "Du bist nicht am Zug – Ost ist dran."
    assert record_len(doko) == before
    # The clicked view is now current again: nothing enabled while Ost is to play.
    assert not any(not disabled(i) for i in components(doko.fetch(untracked, nord)) if cid(i).startswith("doko:play"))


async def test_illegal_card_from_an_outdated_view(doko):
    """Each player keeps an old, untracked view; its enabled cards are tried later."""
    await started(doko)
    await doko.reserve_all_gesund()
    outdated: dict[int, object] = {}
    seen: set[str] = set()
    while doko.table.state == "playing" and seen != {"must_follow", "not_in_hand"}:
        game = doko.table.game
        seat, actor = game.to_act, doko.player(game.to_act)
        old = outdated.get(actor.id)
        if old is not None:
            seen |= await try_illegal(doko, actor, old, set(game.legal_plays(seat)), game.hand(seat))
        outdated[actor.id] = (await actor.slash(doko.channel, "doko hand")).response
        await doko.open_hand(actor)  # the tracked view, kept current
        await doko.click_hand(actor, "play")
    assert seen == {"must_follow", "not_in_hand"}


async def try_illegal(doko, actor, view, legal: set[str], hand: list[str]) -> set[str]:
    for item in components(view):
        code = cid(item).split(":")[5]
        if not cid(item).startswith("doko:play") or disabled(item) or code in legal:
            continue
        before = record_len(doko)
        text = said(await actor.click(view, custom_id=cid(item)))
        assert record_len(doko) == before
        if code in hand:
            assert text.startswith("Du musst") and text.endswith("bedienen."), text
            return {"must_follow"}
        assert text == "Diese Karte hast du nicht (mehr).", text
        return {"not_in_hand"}
    return set()


async def test_finished_game_and_stale_game(doko):
    await started(doko)
    await doko.reserve_all_gesund()
    nord = doko.players[0]
    # Nord's untracked view of game 1 while Nord leads (all cards enabled).
    old = (await nord.slash(doko.channel, "doko hand")).response
    older = (await nord.slash(doko.channel, "doko hand")).response
    await doko.open_hand(nord)
    await doko.play_out()
    item = next(i for i in components(old) if cid(i).startswith("doko:play"))
    res = await nord.click(old, custom_id=cid(item))
    assert said(res) == "Das Spiel ist schon vorbei."
    await nord.click(doko.table_message(), label="Nächstes Spiel")
    item = next(i for i in components(older) if cid(i).startswith("doko:play"))
    res = await nord.click(older, custom_id=cid(item))
    assert said(res).startswith("Diese Nachricht ist veraltet.")
    assert len(doko.table.game.record()["actions"]) == 0


async def test_announcement_refused_with_reason(doko, rig_deal):
    from tests.bot.helpers import find_deal

    rig_deal([find_deal(lambda h: h[0].count("CQ") == 1 and h[1].count("CQ") == 0)])
    await started(doko)
    await doko.reserve_all_gesund()
    ost = doko.players[1]
    res = await ost.slash(doko.channel, "re")  # Ost is Kontra
    assert said(res) == "Re kann nur die Re-Partei ansagen; du bist nicht Re."
    # Play two rounds: Nord has played two cards, Re is too late for Nord.
    def nord_played() -> int:
        game = doko.table.game
        cards = [s for t in game.tricks for s, _ in t.cards] + [s for s, _ in game.current_trick]
        return cards.count(0)

    while nord_played() < 2:
        await doko.click_hand(doko.player(doko.table.game.to_act), "play")
    res = await doko.players[0].slash(doko.channel, "re")
    assert said(res) == "Re geht nur, bevor du deine zweite Karte spielst."
    assert doko.table.game.announcements == []
    assert not any("sagt" in m.content for m in doko.public())


async def test_english_on_request(doko):
    await started(doko)
    ost = doko.players[1]
    res = await ost.slash(doko.channel, "doko sprache", sprache="en")
    assert res.response.content == "Language: English."
    res = await doko.outsider.slash(doko.channel, "doko sprache", sprache="en")
    res = await doko.outsider.click(doko.table_message(), label="Meine Karten")
    assert res.response.content == "You are not seated at this table."
    await doko.open_hand(ost)
    assert "Your hand · game 1" in doko.hand_view(ost).content


async def test_double_click_applies_once(doko):
    """A second click on the same card (an old view, or a click that raced) is refused.

    SimCord runs one user action at a time; truly simultaneous clicks are
    covered in tests/table (the table lock under a slow store).
    """
    await started(doko)
    await doko.reserve_all_gesund()
    nord = doko.players[0]
    one = (await nord.slash(doko.channel, "doko hand")).response
    two = (await nord.slash(doko.channel, "doko hand")).response
    item = next(i for i in components(one) if cid(i).startswith("doko:play") and not disabled(i))
    first = await nord.click(one, custom_id=cid(item))
    assert first.acknowledged and not first.followups
    second = await nord.click(two, custom_id=cid(item))
    assert said(second) == "Du bist nicht am Zug – Ost ist dran."
    assert [a for a in doko.table.game.record()["actions"] if "play" in a] == [{"seat": 0, "play": cid(item).split(":")[5]}]


async def test_stats_without_database_say_so(doko):
    res = await doko.players[0].slash(doko.channel, "doko rangliste")
    assert res.ephemeral and res.response.content == "Ranglisten und Statistiken brauchen die Datenbank."


async def test_channel_in_english_and_close_needs_the_host(doko):
    await doko.open_and_seat()
    res = await doko.players[1].slash(doko.channel, "doko sprache", sprache="en", kanal=True)
    assert res.response.content == "Das darf nur der Gastgeber (Nord) oder wer Kanäle verwalten darf."
    res = await doko.players[0].slash(doko.channel, "doko sprache", sprache="en", kanal=True)
    assert res.response.content == "Language: English."
    await doko.players[0].click(doko.table_message(), label="Start")  # the public buttons speak English now
    res = await doko.players[1].click(doko.table_message(), label="My hand")
    assert res.ephemeral and res.response.content.startswith("**Your hand · game 1**")  # follows the channel
    await doko.players[2].slash(doko.channel, "doko sprache", sprache="de")  # a personal choice wins
    res = await doko.players[2].click(doko.table_message(), label="My hand")
    assert res.response.content.startswith("**Deine Karten · Spiel 1**")
    assert doko.table_message().embeds[0].title == "Doppelkopf · game 1 · rules: DDV"
    res = await doko.players[1].slash(doko.channel, "doko schliessen")
    assert said(res).startswith("Only the host (Nord)") and doko.bot.tables.get(doko.channel.id) is not None
