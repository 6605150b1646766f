"""Smoke test of bench/analysis_check.py: every contract group at every table size, a report line each."""

from __future__ import annotations

import importlib.util
import re
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[2] / "bench" / "analysis_check.py"


def _module():
    spec = importlib.util.spec_from_file_location("bench_analysis_check", BENCH)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # its dataclass looks its module up there
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("seats", [4, 5, 6])
def test_every_contract_group_is_set_up(seats):
    module = _module()
    for i, want in enumerate(module.GROUPS):
        g = module.game(i, seats, want, "mittel")
        assert g is not None and g.finished, want
        assert module.group_of(g.contract) == want
        assert len(g.seats) == (4 if seats == 5 else seats)  # five: the dealer sits out


def test_a_report_line_per_table_size_and_group(capsys):
    module = _module()
    assert module.main(["--seats", "4", "--games", "4", "--tips", "1", "--factor", "2", "--quick"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert lines[0].startswith("4 seats: ")
    assert [ln.split(":")[0].strip() for ln in lines[1:5]] == list(module.GROUPS)
    assert lines[-2].startswith("all: ") and lines[-1].startswith("all solos: ")
    for ln in lines:
        assert re.search(r": \d+ flags", ln), ln
        assert re.search(r"\d+ Tipps: judge agrees \d+%", ln), ln
