"""The storage benchmark runs end to end on a tiny database (no timing asserts)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from urllib.parse import urlsplit

BENCH = Path(__file__).resolve().parents[2] / "bench" / "db.py"


def test_bench_smoke_run():
    done = subprocess.run(
        [sys.executable, str(BENCH), "--games", "200", "--repeat", "2", "--tables", "3", "--actions", "10",
         "--sheets", "10,30"],
        capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "append_action" in done.stdout
    for period in ("alle", "jahr", "monat", "woche"):
        assert f"leaderboard {period}/ppg" in done.stdout
    assert "Spielliste view (10 games)" in done.stdout and "Spielliste view (30 games)" in done.stdout


def test_bench_smoke_run_on_postgresql():
    from tests import pg

    url = pg.server_url()
    done = subprocess.run(
        [sys.executable, str(BENCH), "--games", "200", "--repeat", "2", "--tables", "3", "--actions", "10",
         "--sheets", "10,30", "--url", url],
        capture_output=True, text=True, timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert "PostgreSQL" in done.stdout and "append_action" in done.stdout
    assert "leaderboard woche/ppg" in done.stdout and "Spielliste view (30 games)" in done.stdout
    password = urlsplit(url).password
    assert not password or f":{password}@" not in done.stdout  # the password is never printed
