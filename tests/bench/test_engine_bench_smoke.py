"""Smoke test of bench/engine.py: a tiny run reports its rates and ratios, --stages names each part of a game."""

from __future__ import annotations

import importlib.util
from pathlib import Path

BENCH = Path(__file__).resolve().parents[2] / "bench" / "engine.py"


def load(monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH.parent))  # it imports bench/ceiling.py as a sibling
    spec = importlib.util.spec_from_file_location("bench_engine", BENCH)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_tiny_run_reports_rates_and_ratios(monkeypatch):
    res = load(monkeypatch).run(games=3, rounds=1)
    for key in ("engine_games_per_s", "ceiling_games_per_s", "six_games_per_s", "legal_mask_queries_per_s"):
        assert res[key] > 0, key
    assert 0 < res["engine_over_ceiling"] < 10 and 0 < res["six_over_four"] < 10


def test_stages_name_each_part_of_a_game(monkeypatch):
    stages = load(monkeypatch).stages(5)
    assert list(stages) == ["deal", "Game()", "gesund x4", "plays", "result()", "ceiling game"]
    assert all(v > 0 for v in stages.values())
