"""The optional mypyc build of the engine (setup.py, DOKOBOT_MYPYC=1) plays exactly the
Python source's games, and a stale or unwanted build is never the one that runs.

The build is made once per run from a copy of the package (about a minute) and put in place
as pip puts a wheel: every file with a fresh time, the sources after the compiled modules.
Skipped where there is no C compiler or no Python headers to build it with."""

import json
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PROBE = Path(__file__).with_name("compiled_probe.py")


def _why_not() -> str | None:
    try:
        import mypyc.build  # noqa: F401
    except ImportError:
        return "mypyc (it comes with mypy) is not installed"
    cc = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(cc) is None:
        return f"no C compiler ({cc})"
    if not (Path(sysconfig.get_paths()["include"]) / "Python.h").exists():
        return "no Python headers (python3-dev)"
    return None


# the slow lane: it builds the engine (once per run, however many workers: _shared_build)
pytestmark = [pytest.mark.skipif(_why_not() is not None, reason=_why_not() or ""), pytest.mark.slow]


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _install(_shared_build(tmp_path_factory), tmp_path_factory.mktemp("site"))


def _shared_build(factory: pytest.TempPathFactory) -> Path:
    """One build per run: the pytest-xdist workers of a run share its base temp folder; the
    first to come builds under a lock, the others wait and install the same build (each in
    a folder of its own, as the tests edit theirs)."""
    import fcntl

    root = factory.getbasetemp()
    root = root.parent if os.environ.get("PYTEST_XDIST_WORKER") else root
    lib, done = root / "compiled-engine-lib", root / "compiled-engine.done"
    with open(root / "compiled-engine.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            _build(root / "compiled-engine-source", lib)
            done.touch()
    return lib


def _build(tree: Path, lib: Path) -> None:
    shutil.rmtree(tree, ignore_errors=True)
    shutil.rmtree(lib, ignore_errors=True)
    skip = shutil.ignore_patterns("*.so", "__pycache__", "*.pyc", "_compiled.json")
    for folder in ("dokobot", "cogs"):
        shutil.copytree(ROOT / folder, tree / folder, ignore=skip)
    for name in ("setup.py", "pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, tree / name)
    env = {**os.environ, "DOKOBOT_MYPYC": "1"}
    done = subprocess.run([sys.executable, "setup.py", "-q", "build", "--build-lib", str(lib)],
                          cwd=tree, env=env, capture_output=True, text=True, timeout=1200)
    assert done.returncode == 0, done.stderr[-3000:]


def _install(lib: Path, site: Path) -> Path:
    """Copies the build as pip unpacks a wheel: fresh times, the sources last."""
    files = sorted((p for p in lib.rglob("*") if p.is_file()), key=lambda p: p.suffix == ".py")
    for path in files:
        target = site / path.relative_to(lib)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, target)
    return site


def _probe(tree: Path, games: int, **env: str) -> tuple[list[str], str]:
    run = subprocess.run([sys.executable, str(PROBE), str(games)], cwd=tree, capture_output=True,
                         text=True, timeout=600, env={**os.environ, "PYTHONPATH": str(tree), **env})
    assert run.returncode == 0, run.stderr[-3000:]
    return run.stdout.split(), run.stderr


def test_the_build_compiles_the_engine_but_its_choosers_and_value_types(built: Path) -> None:
    engine = built / "dokobot" / "engine"
    compiled = {p.name.split(".")[0] for p in engine.glob("*.so")}
    sources = {p.stem for p in engine.glob("*.py")}
    assert compiled == sources - {"__init__", "_build", "actions", "observation", "result", "rules"}
    assert {"game", "cards", "scoring", "randomplay", "contracts"} <= compiled
    assert [p for p in (built / "dokobot").rglob("*.so") if p.parent != engine] == []


def test_compiled_and_source_play_the_same_games(built: Path) -> None:
    (compiled, where, a, copies), _ = _probe(built, 150)
    (pure, where_pure, b, copies_pure), _ = _probe(built, 150, DOKOBOT_PURE_ENGINE="1")
    assert (compiled, pure) == ("True", "False")
    assert where == where_pure == str(built / "dokobot" / "engine" / "__init__.py")
    assert a == b
    assert copies == copies_pure == "copies"


def test_the_build_loads_from_a_folder_not_on_the_path(built: Path, tmp_path: Path) -> None:
    # as an editable install's finder does: the package is found, its parent (where mypyc's
    # shared library lies) is not on sys.path
    code = (
        "import importlib.util, sys\n"
        f"pkg = {str(built / 'dokobot')!r}\n"
        "spec = importlib.util.spec_from_file_location('dokobot', pkg + '/__init__.py',"
        " submodule_search_locations=[pkg])\n"
        "m = importlib.util.module_from_spec(spec); sys.modules['dokobot'] = m\n"
        "spec.loader.exec_module(m)\n"
        "import dokobot.engine, dokobot.engine.game\n"
        "print(dokobot.engine.COMPILED, dokobot.engine.game.__file__)\n"
    )
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "DOKOBOT_PURE_ENGINE")}
    run = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, capture_output=True, text=True,
                         timeout=120, env=env)
    assert run.returncode == 0, run.stderr[-3000:]
    compiled, where = run.stdout.split()
    assert compiled == "True" and where.startswith(str(built)) and where.endswith(".so")


def test_the_build_runs_compiled_though_its_sources_are_newer(built: Path) -> None:
    engine = built / "dokobot" / "engine"
    assert engine.joinpath("game.py").stat().st_mtime_ns >= min(
        p.stat().st_mtime_ns for p in engine.glob("*.so"))
    stamp = json.loads(engine.joinpath("_compiled.json").read_text())
    assert set(stamp) == {p.name.split(".")[0] + ".py" for p in engine.glob("*.so")}
    (compiled, _where, _digest, _copies), err = _probe(built, 1)
    assert compiled == "True" and "not built from" not in err


def test_an_edited_source_runs_as_source_with_a_warning(built: Path) -> None:
    scoring = built / "dokobot" / "engine" / "scoring.py"
    before = scoring.read_bytes()
    scoring.write_bytes(before + b"\n# an edit after the build\n")
    try:
        (compiled, _where, _digest, _copies), err = _probe(built, 1)
    finally:
        scoring.write_bytes(before)
    assert compiled == "False"
    assert "not built from this scoring.py" in err
    (compiled, _where, _digest, _copies), err = _probe(built, 1)
    assert compiled == "True" and "not built from" not in err


@pytest.mark.parametrize("record", [None, "not json", "[1, 2]", "{}"])
def test_a_build_without_a_record_of_its_sources_runs_as_source(built: Path,
                                                                 record: str | None) -> None:
    stamp = built / "dokobot" / "engine" / "_compiled.json"
    before = stamp.read_bytes()
    if record is None:
        stamp.unlink()
    else:
        stamp.write_text(record)
    try:
        (compiled, _where, _digest, _copies), err = _probe(built, 1)
    finally:
        stamp.write_bytes(before)
    assert compiled == "False" and "not built from this" in err and "game.py" in err
