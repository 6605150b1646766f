"""Issue 22: refusal reasons cross the layers as codes (``Reason`` of engine/errors.py), and
every code the engine can raise has its words in German and English."""

from __future__ import annotations

import ast
import random
import string
from pathlib import Path

import pytest

from dokobot.engine import Game, IllegalAction, RuleSet, deal
from dokobot.engine.errors import MESSAGES, REASONS, Reason
from dokobot.engine.randomplay import random_action
from dokobot.text import i18n
from dokobot.text.i18n import REASON_KEYS, illegal_text, reason_text

TEXTS = i18n._TEXTS
ENGINE = Path(__file__).resolve().parents[2] / "dokobot" / "engine"


def test_every_reason_code_has_words_in_both_languages():
    assert set(REASON_KEYS) == set(REASONS)
    for code, key in REASON_KEYS.items():
        de, en = TEXTS[key]
        assert de and en, code
        # the words take no parameter the engine's reason does not give (cards are never named)
        wanted = {f for _, f, _, _ in string.Formatter().parse(de + en) if f}
        given = {f for _, f, _, _ in string.Formatter().parse(REASONS[code]) if f} | {"what"}
        assert wanted <= given, (code, wanted)
    for code in MESSAGES:  # every refusal, not only its reason, is worded in both languages
        de, en = TEXTS[f"illegal.{code}"]
        assert de and en, code


def test_the_engine_gives_reasons_only_as_codes():
    """No ``why=`` of an IllegalAction and no announce_blocked reason is a sentence: every
    string in the engine that a reason used to be is gone from the raising code."""
    for path in ENGINE.glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.keyword) and node.arg == "why":
                assert not isinstance(node.value, ast.Constant | ast.JoinedStr), (path.name, node.lineno)
            if isinstance(node, ast.Dict):
                for k, v in zip(node.keys, node.values, strict=True):
                    if isinstance(k, ast.Constant) and k.value == "why":
                        assert isinstance(v, ast.Call) and getattr(v.func, "id", "") == "Reason", \
                            (path.name, node.lineno)


def test_a_reason_reads_as_its_english_sentence():
    """Replay output and logs keep the engine's sentences byte for byte."""
    assert str(Reason("armut_trumps", n=5)) == "Armut needs at most three trumps, the hand has 5"
    err = IllegalAction("reserve_not_allowed", seat=1, what="armut", why=Reason("armut_trumps", n=5))
    assert err.message == "seat 1 cannot declare armut: Armut needs at most three trumps, the hand has 5"
    assert str(Reason("solo_off", solo="x")) == "solo 'x' is not played at this table"
    with pytest.raises(KeyError):
        Reason("no such reason")


def _tries(g: Game, seat: int) -> list[dict]:
    """Actions of every kind for one seat, mostly illegal now."""
    hand = g.hand(seat) if seat in g.seats else []
    tries = [{"seat": seat, "reserve": k} for k in ("hochzeit", "armut", "schmeissen")]
    tries += [{"seat": seat, "reserve": "solo", "solo": k} for k in ("karo", "buben_koenige")]
    tries += [{"seat": seat, "reserve": "solo", "solo": "damen", "size": "klein"}]
    tries += [{"seat": seat, "announce": a} for a in ("re", "kontra", "keine90", "keine135", "schwarz")]
    tries += [{"seat": seat, "klopfen": True}, {"seat": seat, "armut_decline": True},
              {"seat": seat, "bid": "re"}, {"seat": seat, "bid": "keine90"}, {"seat": seat, "bid": "hop"}]
    tries += [{"seat": seat, "play": c, "schwein": True} for c in hand[:3]]
    return tries + [{"seat": seat, "play": c} for c in hand[:2]]


CONFIGS = [
    ({"preset": "haus", "klopfen": True}, 4),
    ({"preset": "ddv", "hochzeit": "named_card", "armut": True, "armut_decide": "after",
      "schweine": True}, 4),
    ({"preset": "ddv", "schweine": True, "players": 5, "five": "all_play"}, 5),
    ({"preset": "muenchen", "schweine": True, "hochzeit": "named_card"}, 6),
]


@pytest.mark.parametrize("cfg, n", CONFIGS, ids=lambda x: str(x))
def test_every_refusal_of_random_games_has_its_reason_in_words(cfg, n):
    """Random positions, actions of every kind: each refusal with a reason carries a code
    the catalogue words, so the player reads the refusal with its reason."""
    rules = RuleSet.from_config(cfg)
    rng = random.Random(22)
    seen = set()
    for _ in range(25):
        dealer = rng.randrange(n)
        g = Game(rules, deal(rules, rng, dealer), dealer)
        while g.phase != "done":
            trial = g.copy()
            for seat in range(n) if g.phase != "play" or rng.random() < 0.2 else ():
                for action in _tries(g, seat):
                    try:
                        trial.apply(action)
                        trial = g.copy()  # it was legal: start again from the position
                    except IllegalAction as exc:
                        why = exc.params.get("why")
                        if why is None:
                            continue
                        assert isinstance(why, Reason), (exc.code, why)
                        if why.code not in seen:  # its words, once per code (the same code words alike)
                            assert all(reason_text(lang, why) for lang in ("de", "en")), why
                        seen.add(why.code)
                        for lang in ("de", "en"):
                            said = illegal_text(lang, exc.code, exc.params, names=list("ABCDEF"),
                                                ddv_deadlines=True)
                            assert said and "{" not in said, (why, said)  # every placeholder filled
            g.act(*random_action(g, rng, announce_rate=0.1, reserve_rate=0.5))
    assert len(seen) >= 8, seen


def test_the_drifted_and_missing_reasons_now_reach_the_player():
    """house.md 3.2: the Schwein reason and five reasons without an entry fell away."""
    for code, expect in [("schwein_every", "alle Füchse"), ("hochzeit_cq_six", "zwei Kreuz-Damen"),
                         ("klein_six", "nur zu sechst"), ("card_missing", "Nenne mit der Hochzeit"),
                         ("armut_before", "bevor man die Karten sieht"), ("card_offer", "außer der Kreuz-Dame")]:
        params = {"allowed": "CA, SA"} if code == "card_offer" else {}
        text = illegal_text("de", "reserve_not_allowed", {"seat": 0, "what": "x", "why": Reason(code, **params)},
                            names=list("ABCD"), ddv_deadlines=True)
        assert expect in text and "CA" not in text, (code, text)


# ---- rules the engine cannot build (RuleError codes) ------------------------------------


def test_every_rule_error_code_has_words_in_both_languages():
    from dokobot.engine.errors import RULE_MESSAGES

    for code, english in RULE_MESSAGES.items():
        de, en = TEXTS[f"err.rule.{code}"]
        given = {f for _, f, _, _ in string.Formatter().parse(english) if f}
        assert {f for _, f, _, _ in string.Formatter().parse(de + en) if f} <= given, code


def test_a_rule_error_reads_as_its_english_sentence_with_a_code():
    from dokobot.engine import RuleError

    with pytest.raises(RuleError) as info:
        RuleSet.from_config({"dulle": "third_wins"})
    assert (info.value.code, info.value.params["name"], info.value.params["value"]) == (
        "switch_choice", "dulle", "third_wins")
    assert str(info.value) == ("switch 'dulle': unknown value 'third_wins' "
                               "(one of: first_wins, second_wins, second_wins_except_last)")
    with pytest.raises(KeyError):
        RuleError("no such rule error")


ENGLISH = ("switch", "must", "unknown", "allowed", "one of", "whole number", "true or false", "rules", "needs")


@pytest.mark.parametrize("config", [
    {"dulle": "quatsch"}, {"nines": "vielleicht"}, {"base": 0}, {"solos": ["karo", "bock"]}, {"solos": 5},
    {"fuchs": True}, {"preset": "skat"}, {"players": 6}, {"fine_steps": True},
], ids=str)
async def test_a_broken_rule_switch_answers_in_german_without_english(config):
    """The table passes the RuleError's code and values (``err.rule.<code>``), not its sentence."""
    from dokobot.engine import RuleError
    from dokobot.storage.memory import MemoryStore
    from dokobot.table.table import TableError, Tables

    with pytest.raises(RuleError) as refused:
        RuleSet.from_config(config)
    with pytest.raises(TableError) as info:
        await Tables(MemoryStore(), "ddv").set_channel_rules(1, config)
    err = info.value
    assert err.code == f"rule.{refused.value.code}" and i18n.has(f"err.{err.code}")
    german = i18n.t("de", f"err.{err.code}", **err.params)
    assert "{" not in german and str(refused.value) not in german
    assert not [w for w in ENGLISH if w in german.lower()], german
    for value in (config.get("dulle"), config.get("nines"), config.get("preset")):
        assert value is None or str(value) in german  # the answer names what was wrong


async def test_a_broken_list_switch_answers_in_german():
    from dokobot.storage.memory import MemoryStore
    from dokobot.table.table import TableError
    from tests.rigged import RiggedDeals
    from tests.table.helpers import list_table

    _, table = await list_table(MemoryStore(), RiggedDeals())
    with pytest.raises(TableError) as info:
        await table.set_rules(11, False, {"preset": "ddv", "list_games": -3})
    err = info.value
    german = i18n.t("de", f"err.{err.code}", **err.params)
    assert err.code == "bad_list" and "-3" in german and "whole number" not in german
