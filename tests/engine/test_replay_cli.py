"""`dokobot replay`: results on stdout, one JSON error with the action index on stderr."""

import io
import json
import random
import subprocess
import sys

import pytest

from dokobot.cli import main
from dokobot.engine import RuleSet
from dokobot.engine.randomplay import random_game


def run(capsys, monkeypatch, record, as_text=None):
    text = as_text if as_text is not None else json.dumps(record)
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    code = main(["replay", "-"])
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def record():
    g = random_game(RuleSet.from_config({"preset": "ddv"}), random.Random(11), announce_rate=0.1)
    return g.record(), g.result()


def test_legal_record_prints_the_result(capsys, monkeypatch, record):
    rec, result = record
    code, out, err = run(capsys, monkeypatch, rec)
    assert code == 0 and err == ""
    assert json.loads(out) == result


def test_missing_rules_means_ddv(capsys, monkeypatch, record):
    rec, result = record
    rec = dict(rec)
    del rec["rules"]
    code, out, _ = run(capsys, monkeypatch, rec)
    assert code == 0 and json.loads(out) == result


def first_play(rec):
    return next(i for i, a in enumerate(rec["actions"]) if "play" in a)


@pytest.mark.parametrize("mutate, word", [
    (lambda a: a.update(seat=(a["seat"] + 1) % 4), "turn"),
    (lambda a: a.update(play="XX"), "unknown card"),
    (lambda a: a.update(play="cq"), "unknown card"),
    (lambda a: a.pop("play"), "malformed"),
    (lambda a: a.update(seat=7), "no seat 7"),
])
def test_first_bad_action_is_named(capsys, monkeypatch, record, mutate, word):
    rec, _ = record
    rec = json.loads(json.dumps(rec))
    i = first_play(rec) + 4
    mutate(rec["actions"][i])
    code, out, err = run(capsys, monkeypatch, rec)
    assert code == 2 and out == ""
    e = json.loads(err)
    assert e["action"] == i and word in e["error"]


def test_not_following_suit_names_the_suit(capsys, monkeypatch):
    # find a trick where the second seat could follow, then swap in a card that does not
    for seed in range(50):
        g = random_game(RuleSet(), random.Random(seed))
        rec = g.record()
        i = first_play(rec)
        from dokobot.engine import Game

        h = Game(RuleSet(), rec["hands"], rec["dealer"])
        for a in rec["actions"][: i + 1]:
            h.apply(a)
        seat = h.to_act
        legal = set(h.legal_plays(seat))
        wrong = [c for c in h.hand(seat) if c not in legal]
        if wrong:
            rec["actions"][i + 1] = {"seat": seat, "play": wrong[0]}
            code, out, err = run(capsys, monkeypatch, rec)
            e = json.loads(err)
            assert code == 2 and e["action"] == i + 1 and "must follow suit" in e["error"]
            return
    pytest.fail("no deal where a seat could not play every card")


@pytest.mark.parametrize("change, word", [
    (lambda r: r.update(hands=r["hands"][:3]), "hands"),
    (lambda r: r["hands"][0].__setitem__(0, r["hands"][1][0]), "double deck"),
    (lambda r: r.update(dealer=4), "dealer"),
    (lambda r: r.update(rules={"preset": "ddv", "dulle": "sometimes"}), "dulle"),
    (lambda r: r.update(format="dokobot-game/9"), "format"),
    (lambda r: r.update(players=["a", "b"]), "players"),
    (lambda r: r.update(actions={"seat": 0}), "actions"),
])
def test_bad_header_has_action_null(capsys, monkeypatch, record, change, word):
    rec = json.loads(json.dumps(record[0]))
    change(rec)
    code, out, err = run(capsys, monkeypatch, rec)
    e = json.loads(err)
    assert code == 2 and out == "" and e["action"] is None and word in e["error"]


@pytest.mark.parametrize("text", ["", "{", "[1, 2]", "null", '"x"'])
def test_not_a_record(capsys, monkeypatch, text):
    code, out, err = run(capsys, monkeypatch, None, as_text=text)
    assert code == 2 and out == "" and json.loads(err)["action"] is None


def test_unfinished_record_prints_state_so_far(capsys, monkeypatch, record):
    rec = dict(record[0])
    rec["actions"] = rec["actions"][: first_play(rec) + 6]
    code, out, _ = run(capsys, monkeypatch, rec)
    r = json.loads(out)
    assert code == 0 and r["finished"] is False and "score" not in r and r["tricks_played"] == 1


def test_command_line_file_and_missing_file(tmp_path, record):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record[0]))
    p = subprocess.run([sys.executable, "-m", "dokobot.cli", "replay", str(path)],
                       capture_output=True, text=True)
    assert p.returncode == 0 and json.loads(p.stdout) == record[1]
    p = subprocess.run([sys.executable, "-m", "dokobot.cli", "replay", str(tmp_path / "nope.json")],
                       capture_output=True, text=True)
    assert p.returncode == 2 and p.stdout == "" and "Traceback" not in p.stderr
    assert json.loads(p.stderr)["action"] is None


def test_house_form_records_through_the_cli(capsys, monkeypatch):
    """The new action shapes replay through `dokobot replay`; the first bad one is named."""
    from tests.engine.helpers import game, hands_with

    hands = hands_with({2: "D9 CA CA CT CT CK CK SA SA ST HA HK"}, armut=True)
    g = game(hands, armut=True, armut_decide="after", klopfen=True)
    for s in range(4):
        g.apply({"seat": s, "reserve": "armut" if s == 2 else "gesund"})
    g.apply({"seat": 2, "armut_give": ["D9"]})
    g.apply({"seat": 3, "armut_decline": True})
    g.apply({"seat": 2, "armut_give": ["D9"]})
    g.apply({"seat": 0, "armut_return": ["D9"]})
    g.apply({"seat": 1, "klopfen": True})
    while not g.finished:
        g.apply({"seat": g.to_act, "play": g.legal_plays(g.to_act)[0]})
    rec = g.record()
    code, out, err = run(capsys, monkeypatch, rec)
    assert code == 0 and json.loads(out) == g.result() and json.loads(out)["re"] == [0, 2]
    rec["actions"][4] = {"seat": 3, "armut_decline": "ja"}
    code, out, err = run(capsys, monkeypatch, rec)
    assert code == 2 and out == "" and json.loads(err)["action"] == 4


def test_six_and_five_records_replay_by_the_cli(capsys, monkeypatch):
    from tests.engine.helpers import SIX, SIX_ACES, played

    r = played(SIX, SIX_ACES, dealer=3,
               reserves={0: {"reserve": "solo", "solo": "fleischlos", "size": "klein", "pflicht": True}})
    assert r["size"] == "klein"
    for config in ({"preset": "muenchen"}, {"preset": "haus", "players": 5, "five": "all_play"}):
        g = random_game(RuleSet.from_config(config), random.Random(4), reserve_rate=0.5)
        code, out, err = run(capsys, monkeypatch, g.record())
        assert code == 0 and err == "" and json.loads(out) == g.result()
    # a kleines Solo prints its size
    from dokobot.engine import Game
    g = Game(RuleSet.from_config(SIX), SIX_ACES, 3)
    g.apply({"seat": 4, "reserve": "gesund"})
    g.apply({"seat": 5, "reserve": "gesund"})
    g.apply({"seat": 0, "reserve": "solo", "solo": "fleischlos", "size": "klein", "pflicht": False})
    while g.phase == "reserve":
        g.apply({"seat": g.to_act, "reserve": "gesund"})
    while g.phase == "play":
        g.apply({"seat": g.to_act, "play": g.legal_plays(g.to_act)[0]})
    code, out, err = run(capsys, monkeypatch, g.record())
    assert code == 0 and json.loads(out)["size"] == "klein" and json.loads(out) == g.result()


def test_bad_bid_names_the_action(capsys, monkeypatch):
    from tests.engine.helpers import bidding_game

    rec = bidding_game().record()
    rec["actions"].append({"seat": 1, "bid": "kontra"})
    code, out, err = run(capsys, monkeypatch, rec)
    assert code == 2 and out == "" and json.loads(err)["action"] == 6


def test_the_seed_rest_actions_replay(capsys, monkeypatch):
    """Issue 22: a record with a chosen form and a partner's answers replays on the command line."""
    rules = RuleSet.from_config({"preset": "ddv", "hochzeit": "choice", "hochzeit_partner": "may"})
    for seed in range(200):
        g = random_game(rules, random.Random(seed), reserve_rate=0.6)
        rec = g.record()
        if any("form" in a for a in rec["actions"]) and any("hochzeit_partner" in a for a in rec["actions"]):
            break
    else:
        pytest.fail("no random game with a chosen form and a partner's answer")
    code, out, err = run(capsys, monkeypatch, rec)
    assert code == 0 and err == "" and json.loads(out) == g.result()
    answer = next(i for i, a in enumerate(rec["actions"]) if "hochzeit_partner" in a)
    bad = dict(rec, rules={"preset": "ddv", "hochzeit": "choice"})  # the partner must: no answer
    code, out, err = run(capsys, monkeypatch, bad)
    assert code == 2 and json.loads(err)["action"] == answer
