"""What ``pip install .`` installs (issue 20): dokobot with its cogs inside
(``dokobot/cogs``, no top-level ``cogs`` to collide with other packages), the
migrations and the fonts; asyncpg only with the ``postgres`` extra. Built with
setuptools' own build_py and egg_info (what the wheel is made of), offline.
(``pip install .`` into a throwaway venv is checked by hand: see CHANGELOG 0.2.0.)"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def built(tmp_path_factory) -> tuple[Path, Path]:
    pytest.importorskip("setuptools")
    tmp = tmp_path_factory.mktemp("build")
    src = tmp / "src"  # a copy: building writes next to the sources
    shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns(
        ".git", ".venv", "build", "*.egg-info", "__pycache__", "tests", "bench", ".*_cache", ".hypothesis"))
    lib, meta = tmp / "lib", tmp / "meta"
    meta.mkdir()
    subprocess.run([sys.executable, "setup.py", "-q", "build_py", "--build-lib", str(lib), "egg_info",
                    "--egg-base", str(meta)], cwd=src, check=True, capture_output=True, timeout=300)
    [info] = meta.glob("*.egg-info")
    return lib, info


def test_cogs_are_installed_inside_dokobot(built):
    lib, _ = built
    assert sorted(p.name for p in lib.iterdir()) == ["dokobot"]  # no top-level cogs
    for cog in ROOT.joinpath("cogs").glob("*.py"):
        assert (lib / "dokobot/cogs" / cog.name).is_file()
    for sql in ROOT.joinpath("dokobot/storage/migrations").glob("*.sql"):
        assert (lib / "dokobot/storage/migrations" / sql.name).is_file()
    assert (lib / "dokobot/text/fonts/NotoSans[wdth,wght].ttf").is_file()
    assert (lib / "dokobot/text/fonts/OFL.txt").is_file()


def test_asyncpg_only_with_the_postgres_extra(built):
    from dokobot import __version__

    _, info = built
    assert f"Version: {__version__}\n" in (info / "PKG-INFO").read_text(encoding="utf-8")
    sections: dict[str, list[str]] = {}
    current = ""
    for line in (info / "requires.txt").read_text(encoding="utf-8").splitlines():
        if line.startswith("["):
            current = line.strip("[]")
        elif line:
            sections.setdefault(current, []).append(line)
    assert not any(r.startswith(("asyncpg", "fontpkg")) for r in sections[""])
    assert any(r.startswith("asyncpg") for r in sections["postgres"])
    assert any(r.startswith("asyncpg") for r in sections["test"])


def test_the_installed_layout_loads_its_cogs(built):
    """The built package, imported from elsewhere: the bot loads dokobot.cogs, never a top-level cogs."""
    lib, _ = built
    code = (
        "import asyncio, sys\n"
        "from dokobot.bot import client\n"
        "from dokobot.bot.config import Config\n"
        "assert client.EXTENSIONS == ('dokobot.cogs.doko',), client.EXTENSIONS\n"
        "async def main():\n"
        "    bot = client.DokoBot(Config())\n"
        "    async with bot:\n"
        "        await bot.load_extension(client.EXTENSIONS[0])\n"
        "        assert 'Table' in bot.cogs and bot.tree.get_command('doko') is not None\n"
        "    assert 'cogs' not in sys.modules\n"
        "asyncio.run(main())\n"
    )
    env = {"PYTHONPATH": str(lib), "PATH": "/usr/bin:/bin"}
    proc = subprocess.run([sys.executable, "-I", "-c", "import sys; sys.path.insert(0, sys.argv[1]); exec(sys.argv[2])",
                           str(lib), code], cwd=lib.parent, capture_output=True, text=True, timeout=120, env=env)
    assert proc.returncode == 0, proc.stderr
