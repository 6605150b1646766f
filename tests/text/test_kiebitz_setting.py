"""The table setting ``kiebitz`` in words and as typed: German and English values, the rules
page and the public change line, the watcher count; an English watcher's view has no German
word, and a watcher's message keeps to Discord's limits."""

from __future__ import annotations

import random

import pytest

from dokobot.bot.watch import view_message
from dokobot.engine import Game, RuleSet, deal
from dokobot.engine.randomplay import random_action
from dokobot.table import switches
from dokobot.table.event.kiebitz import watch_view
from dokobot.table.kiebitz import WatchState, delay_of
from dokobot.table.store import TableSettings
from dokobot.text.event import watch_text
from dokobot.text.i18n import t, tn
from dokobot.text.render import settings_lines
from dokobot.text.rulespage import rules_change_text, summary_page
from tests.discord_limits import message_problems
from tests.text.helpers import german_words


@pytest.mark.parametrize(("typed", "mode"), [
    ("aus", "off"), ("off", "off"), ("nein", "off"), ("zustimmung", "consent"), ("consent", "consent"),
    ("Offen", "open"), ("open", "open"),
])
def test_the_setting_is_typed_in_either_language(typed, mode):
    _, values = switches.split(switches.parse(f"kiebitz={typed}"))
    assert switches.settings(values, TableSettings()) == TableSettings(kiebitz=mode)


@pytest.mark.parametrize("typed", ["ja", "on", "2", "alle", "zu"])
def test_a_value_it_does_not_take_is_refused_by_name(typed):
    _, values = switches.split(switches.parse(f"kiebitz={typed}"))
    with pytest.raises(switches.SwitchError) as err:
        switches.settings(values, TableSettings())
    assert err.value.key == "err.setting_value" and err.value.name == "kiebitz"


def test_stored_only_when_not_the_default_and_read_back():
    assert "kiebitz" not in TableSettings().to_dict()  # settings stored before read the same
    for mode in ("off", "open"):
        assert TableSettings.from_dict(TableSettings(kiebitz=mode).to_dict()).kiebitz == mode
    assert TableSettings.from_dict({"kiebitz": "everyone"}).kiebitz == "consent"


def test_autocomplete_offers_the_values_in_the_readers_language():
    assert switches.complete("kiebitz=", "de") == ["kiebitz=aus", "kiebitz=zustimmung", "kiebitz=offen"]
    assert switches.complete("kiebitz=", "en") == ["kiebitz=off", "kiebitz=consent", "kiebitz=open"]


def test_the_rules_page_and_the_change_line_name_it():
    de = "\n".join(settings_lines(TableSettings(kiebitz="open"), "de"))
    en = "\n".join(settings_lines(TableSettings(kiebitz="open"), "en"))
    assert "**Zuschauen** (`kiebitz`): offen" in de and "`aus`, `zustimmung`, `offen`" in de
    assert "**Watching** (`kiebitz`): open" in en and "`off`, `consent`, `open`" in en
    rules = RuleSet.from_config({"preset": "ddv"})
    assert "kiebitz" not in summary_page(rules, TableSettings(), "de")[1]  # the default: not a change
    assert "Zuschauen** (`kiebitz`): aus" in summary_page(rules, TableSettings(kiebitz="off"), "de")[1]
    line = rules_change_text("Nord", rules, rules, "de", TableSettings(), TableSettings(kiebitz="off"))
    assert line is not None and "Zuschauen" in line and "aus" in line and "mit Zustimmung" in line


def test_the_count_takes_the_right_form():
    assert tn("de", "kiebitz.watching", 1) == "👀 1 schaut zu"
    assert tn("de", "kiebitz.watching", 2) == "👀 2 schauen zu"
    assert tn("en", "kiebitz.watching", 2) == "👀 2 watching"


def test_the_stored_state_reads_back_and_nothing_unreadable_is_a_watcher():
    state = WatchState(3).for_game(3)
    state = WatchState(3, state.watching.follow(11, 2).follow(12, 0), frozenset({(11, 2)}))
    assert WatchState.from_json(state.to_json()) == state
    assert WatchState.from_json("not json") == WatchState() and WatchState.from_json(None) == WatchState()
    assert state.for_game(4) == WatchState(4)


class _Table:
    """What ``view_message`` reads of a table."""

    channel_id, game_no = 1234567890123456789, 7

    def __init__(self, names: list[str]) -> None:
        self.names = names


@pytest.mark.parametrize("seed", range(6))
def test_an_english_view_has_no_german_word_and_keeps_to_discords_limits(seed):
    rng = random.Random(seed)
    rules = RuleSet.from_config({"preset": "haus"})
    game = Game(rules, deal(rules, rng), dealer=3)
    while game.phase != "done" and (game.phase != "play" or len(game.tricks) < rng.randrange(2, 12)):
        game.act(*random_action(game, rng))
    names = ["North", "East", "South", "W" * 32]  # Discord names reach 32 characters
    for seat in game.seats:
        view = watch_view(seat, game.observation(seat), delay_of(game))
        title, body = watch_text("en", names, view)
        assert german_words(f"{title}\n{body}") == [], (title, body)
        message = view_message(_Table(names), view, "en")  # type: ignore[arg-type]
        data = {"embeds": [message["embed"].to_dict()],
                "components": message["view"].to_components() if message["view"] else []}
        assert message_problems(data) == []
        assert t("en", "kiebitz.late") in title or view.finished
