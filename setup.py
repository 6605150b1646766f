"""The package list, which pyproject.toml cannot say: ``cogs/`` stays at the top of the
repository but is installed as ``dokobot.cogs`` (a top-level ``cogs`` in site-packages
would collide with any other package's ``cogs``). Everything else is in pyproject.toml.

``DOKOBOT_MYPYC=1`` compiles the rules engine with mypyc (it comes with mypy; install
with ``--no-build-isolation`` beside an installed mypy): the same source, about 1.9 times
the play-outs per second (docs/benchmarks.md). The engine's ``__init__`` and ``_build`` stay
Python: they say which build was loaded (``dokobot.engine.COMPILED``) and refuse a stale one:
the build writes the SHA-256 of each source it compiles to ``dokobot/engine/_compiled.json``
(shipped with the package), and the engine runs compiled only while every source still has
that digest. Not the files' times: pip unpacks a wheel with fresh ones, sources last.
"""

import hashlib
import json
import os
from pathlib import Path

from setuptools import find_packages, setup

# stay Python: the two that choose the build, and the value types that are copied, deep-copied
# and pickled (a compiled frozen dataclass refuses the default state restore); none is hot
_PYTHON = ("__init__", "_build", "actions", "observation", "result", "rules")


def _engine_extensions() -> list:
    if os.environ.get("DOKOBOT_MYPYC") != "1":
        return []
    from mypyc.build import mypycify  # only for the compiled build

    here = Path(__file__).parent
    sources = sorted(str(p.relative_to(here)) for p in (here / "dokobot" / "engine").glob("*.py")
                     if p.stem not in _PYTHON)
    stamp = {Path(src).name: hashlib.sha256((here / src).read_bytes()).hexdigest() for src in sources}
    (here / "dokobot" / "engine" / "_compiled.json").write_text(json.dumps(stamp, indent=1) + "\n")
    return mypycify(sources, opt_level="3")


setup(
    packages=[*find_packages(include=["dokobot", "dokobot.*"]), "dokobot.cogs"],
    package_dir={"dokobot.cogs": "cogs"},
    ext_modules=_engine_extensions(),
)
