import pytest

from dokobot.engine import RuleError, RuleSet
from dokobot.table.switches import SwitchError, build, parse


def test_parse_and_build_switches():
    over = parse("dulle=second_wins armut=ja Schweine=true solos=karo,damen base=2 schmeissen=- bock=tie,lost_solo")
    assert over == {"dulle": "second_wins", "armut": True, "schweine": True,
                    "solos": ["karo", "damen"], "base": 2, "schmeissen": [], "bock": ["tie", "lost_solo"]}
    rules = RuleSet.from_config(build("ddv", over))
    assert rules.dulle == "second_wins" and rules.armut and rules.solos == ("karo", "damen") and rules.base == 2
    assert rules.bock == ("tie", "lost_solo")


@pytest.mark.parametrize("text, key, name", [
    ("dulle", "err.switch_syntax", "dulle"),
    ("=ja", "err.switch_syntax", "=ja"),
    ("fuchs=ja", "err.switch_unknown", "fuchs"),
    ("klopfe=ja", "err.switch_unknown_near", "klopfe"),
])
def test_parse_errors_name_the_switch(text, key, name):
    with pytest.raises(SwitchError) as exc:
        parse(text)
    assert (exc.value.key, exc.value.name) == (key, name)


def test_house_form_switches_are_settable():
    over = parse("klopfen=ja klopfen_redeal=ja hochzeit=named_card armut_decide=after solos=reines_herz")
    rules = RuleSet.from_config(build("haus", over))
    assert rules.klopfen and rules.klopfen_redeal and rules.hochzeit == "named_card"
    assert rules.armut_decide == "after" and rules.solos == ("reines_herz",)


@pytest.mark.parametrize("text, name, value", [
    ("dulle=manchmal", "dulle", "manchmal"),
    ("armut=vielleicht", "armut", "vielleicht"),
    ("solos=karo,bock", "solos", "karo,bock"),
    ("base=0", "base", "0"),
])
def test_bad_values_are_named(text, name, value):
    with pytest.raises(SwitchError) as exc:
        build("haus", parse(text))
    assert (exc.value.key, exc.value.name, exc.value.value) == ("err.switch_value", name, value)


def test_complete_names_then_values():
    from dokobot.table.switches import complete, names

    assert complete("dul") == ["dullen=", "dulle="]
    assert complete("armut=ja scor") == ["armut=ja scoring="]
    assert complete("armut=ja scoring=d") == ["armut=ja scoring=ddv", "armut=ja scoring=doubling"]
    assert complete("bock=tie,l") == ["bock=tie,lost_solo", "bock=tie,lost_announcement"]
    assert complete("armut=") == ["armut=ja", "armut=nein"]
    assert complete("hochzeit_window=") == ["hochzeit_window=1", "hochzeit_window=12"]
    assert complete("base=25") == ["base=25"]
    assert complete("list_games=3") == ["list_games=30", "list_games=36"]
    assert complete("gibtsnicht=") == [] and complete("x") == []
    assert len(complete("")) == 25 and set(complete("")) <= {n + "=" for n in names()}
    assert all(len(c) <= 100 for c in complete("a" * 95 + " dulle="))


def test_table_switches_parse_and_name_allowed_values():
    assert parse("list_games=24 pflichtsolo=ja") == {"list_games": 24, "pflichtsolo": True}
    assert build("ddv", parse("list_games=24 pflichtsolo=ja")) == {"preset": "ddv", "list_games": 24, "pflichtsolo": True}
    for text, allowed in (("list_games=-3", "0..999"), ("list_games=1000", "0..999"), ("pflichtsolo=2", "ja, nein")):
        with pytest.raises(SwitchError) as exc:
            parse(text)
        assert exc.value.key == "err.switch_value" and exc.value.allowed == allowed
    with pytest.raises(SwitchError) as exc:
        build("ddv", parse("dulle=nie"))
    assert exc.value.allowed == "first_wins, second_wins, second_wins_except_last"


def test_the_seed_rest_switches_complete_and_show_on_the_rules_page():
    """Issue 22: six_lustsolo_lead, hochzeit=choice and hochzeit_partner in /doko regeln."""
    from dokobot.table.store import TableSettings
    from dokobot.table.switches import complete
    from dokobot.text.render import rules_page

    assert complete("six_l") == ["six_lustsolo_lead="]
    assert complete("six_lustsolo_lead=") == ["six_lustsolo_lead=soloist", "six_lustsolo_lead=left_of_dealer"]
    assert complete("hochzeit=ch") == ["hochzeit=choice"]
    assert complete("hochzeit_partner=m") == ["hochzeit_partner=must", "hochzeit_partner=may"]
    rules = RuleSet.from_config(build("muenchen", parse(
        "six_lustsolo_lead=left_of_dealer hochzeit=choice hochzeit_partner=may armut=ja")))
    assert (rules.six_lustsolo_lead, rules.hochzeit, rules.hochzeit_partner, rules.armut) == (
        "left_of_dealer", "choice", "may", True)
    _, de = rules_page(rules, TableSettings(), "de")
    _, en = rules_page(rules, TableSettings(), "en")
    assert "**Ausspiel im Lustsolo zu sechst** (`six_lustsolo_lead`): wer links vom Geber sitzt" in de
    assert "wie der Hochzeiter es mit dem Vorbehalt ansagt" in de and "(`hochzeit_partner`): darf ablehnen" in de
    assert "**Lead in a voluntary solo at six** (`six_lustsolo_lead`): the player left of the dealer" in en
    assert "as the wedding player names it with the reservation" in en and "(`hochzeit_partner`): may decline" in en


def test_a_clash_other_than_fine_steps_keeps_its_own_code() -> None:
    """Only fine_steps against scoring is the fine_steps answer; any other clash of a switch
    with its preset raises the engine's RuleError, so the answer names that clash."""
    with pytest.raises(SwitchError) as fine:
        build("ddv", {"fine_steps": True})
    assert fine.value.key == "err.fine_steps"
    with pytest.raises(RuleError) as six:
        build("ddv", {"players": 6})
    assert six.value.code == "six_muenchen"
