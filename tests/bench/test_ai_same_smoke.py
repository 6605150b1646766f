"""Smoke test of bench/ai_same.py: a line per game, the same hash of all records run after run."""

from __future__ import annotations

import hashlib
import importlib.util
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "ai_same.py"


def _module():
    spec = importlib.util.spec_from_file_location("bench_ai_same", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_same_games_give_the_same_hash(capsys):
    module = _module()
    assert module.main(["--games", "1", "--scale", "0.05"]) == 0
    first = capsys.readouterr().out.strip().splitlines()
    assert len(first) == len(module.CONFIGS) + 1 and first[-1].startswith("ALL ")
    games = module.records(1, 0.05)
    assert len({digest for _, digest, _ in games}) == len(games)  # five different games
    assert [len(score) for _, _, score in games] == [4, 4, 4, 5, 6]
    total = hashlib.sha256()
    for _, digest, _ in games:
        total.update(digest.encode())
    assert first[-1] == "ALL " + total.hexdigest()
