"""Smoke test of bench/vs_uct.py: the pipe to the UCT program, end to end, on a stand-in.

The real UCT program is not installed in CI; ``fake_uct.py`` speaks its dialogue
(judged by dokobot's engine, its own seats at random), so the driver's parsing,
the mirrored game, the duplicate seats and the report are all exercised.
"""

from __future__ import annotations

import importlib.util
import re
import stat
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
BENCH = HERE.parents[1] / "bench" / "vs_uct.py"


def load():
    spec = importlib.util.spec_from_file_location("bench_vs_uct", BENCH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def fake(tmp_path: Path, *flags: str) -> str:
    """An executable that runs the stand-in with this interpreter."""
    exe = tmp_path / "doko"
    exe.write_text(f'#!/bin/sh\nexec "{sys.executable}" "{HERE / "fake_uct.py"}" "$@" {" ".join(flags)}\n')
    exe.chmod(exe.stat().st_mode | stat.S_IEXEC)
    return str(exe)


def test_without_the_program_it_says_so_in_one_line(capsys):
    assert load().main(["--uct", "/nonexistent/doko"]) == 0
    assert capsys.readouterr().out.strip().splitlines() == [
        "vs_uct: no UCT program given (--uct PATH to its built binary): skipped"]


def test_card_names_map_both_ways():
    m = load()
    for card in ("CT", "DA", "HQ", "SJ", "C9", "HK"):
        assert m.from_uct(f"[{m.to_uct(card)}]") == card
    assert m.to_uct("HT") == "H1" and m.from_uct("S1") == "ST"


def test_whole_duplicate_deals_through_the_pipe(tmp_path, capsys):
    assert load().main(["--uct", fake(tmp_path), "--level", "mittel", "--deals", "2", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"2 of 2 deals x 2 complete \(0 games stopped\)", out), out
    assert re.search(r"points per seat-game: [+-]\d+\.\d\d \(95% CI", out), out
    assert re.search(r"mittel decisions: [1-9]\d*", out), out
    assert "decisions (made, won, mean points of the deciding seat):" in out, out
    # the stand-in judges with dokobot's engine: scores and offers agree, cards are never refused
    assert "score:" not in out and "refuses" not in out and "may say" not in out, out


def test_a_refused_card_is_reported_and_stops_the_game(tmp_path, capsys):
    assert load().main(["--uct", fake(tmp_path, "--refuse-card"), "--level", "leicht", "--deals", "1"]) == 0
    out = capsys.readouterr().out
    assert "0 of 1 deals x 2 complete (2 games stopped)" in out, out
    assert "points per seat-game: no complete deal" in out, out
    assert re.search(r"\s2\s+card: the UCT program refuses a card dokobot allows", out), out


def test_each_decision_kind_is_reported_with_what_it_paid(capsys):
    m = load()
    r = m.Report(score=[-6, 2, 2, 2], soloist=0, announcements=[(0, "re"), (0, "keine90"), (3, "kontra")])
    made = m.decisions(r, {0, 2})
    assert made == [("ours", "re/kontra", -6), ("ours", "keine90", -6), ("uct", "re/kontra", 2),
                    ("ours", "solo", -6)]
    won = m.decisions(m.Report(score=[3, -1, -1, -1], soloist=None, announcements=[(1, "re")]), {0, 2})
    m.report_decisions("schwer", [{"decisions": made}, {"decisions": won}])
    lines = capsys.readouterr().out.splitlines()
    assert lines == ["decisions (made, won, mean points of the deciding seat):",
                     "  schwer solo: 1, won 0, -6.00", "  schwer re/kontra: 1, won 0, -6.00",
                     "  schwer keine90: 1, won 0, -6.00", "  UCT re/kontra: 2, won 1, +0.50"]


def test_a_solo_is_set_against_the_same_cards_in_the_other_game(capsys):
    """Seat 0 soloed for dokobot (+9); in the swapped game the UCT player held its cards and made
    -1 there in a normal game: declaring gained 10. A deal without the games field is skipped."""
    m = load()
    games = [{"ours": [0, 2], "soloist": 0, "contract": "solo", "score": [9, -3, -3, -3]},
             {"ours": [1, 3], "soloist": None, "contract": "normal", "score": [-1, 1, -1, 1]}]
    m.report_same_cards("schwer", [{"games": games}, {"decisions": []}])
    assert capsys.readouterr().out.splitlines() == [
        "  schwer solo over the same cards in the other game: 1, +10.00 per solo"]


def test_an_announcement_is_set_against_the_same_cards_in_the_other_game(capsys):
    """Seat 0 (dokobot) said Re and keine 90 and made +4; the UCT player, holding seat 0's cards in
    the other game, said Re there and made +3: dokobot's Re and keine 90 gained 1 each, the UCT's
    Re -1. Seat 3 (dokobot in the other game) said Kontra and made -3 where the UCT player had
    made -4 with those cards: +1. Per side and kind."""
    m = load()
    games = [{"ours": [0, 2], "soloist": None, "contract": "normal", "score": [4, -4, 4, -4],
              "announcements": [[0, "re"], [0, "keine90"]]},
             {"ours": [1, 3], "soloist": None, "contract": "normal", "score": [3, -3, 3, -3],
              "announcements": [[0, "re"], [3, "kontra"]]}]
    m.report_same_cards("schwer", [{"games": games}])
    assert capsys.readouterr().out.splitlines() == [
        "  schwer re/kontra over the same cards in the other game: 2, +1.00 per game",
        "  schwer keine90 over the same cards in the other game: 1, +1.00 per game",
        "  UCT re/kontra over the same cards in the other game: 1, -1.00 per game"]
