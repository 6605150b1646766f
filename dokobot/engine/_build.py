"""Which build of the engine runs: compiled (mypyc) when it is there and was built from the
sources beside it, else the Python source. Imported by ``__init__`` before any other engine
module; ``COMPILED`` says which.

"Built from" is checked by content: setup.py writes each compiled source's SHA-256 to
``_compiled.json``. A file's time says nothing here, since pip unpacks a wheel with fresh
times and the sources after the compiled modules."""

from __future__ import annotations

import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
import warnings
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType

_HERE = Path(__file__).resolve().parent
_PACKAGE = __name__.rpartition(".")[0]
_STAMP = _HERE / "_compiled.json"  # source name -> SHA-256 it was compiled from (setup.py)


def _compiled(py: Path) -> Path | None:
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        so = py.with_name(py.stem + suffix)
        if so.exists():
            return so
    return None


def _modules() -> dict[str, Path]:
    """The engine's compiled modules and their sources (``__init__`` and this one stay Python)."""
    out = {}
    for py in sorted(_HERE.glob("*.py")):
        if py.stem not in ("__init__", "_build") and _compiled(py) is not None:
            out[f"{_PACKAGE}.{py.stem}"] = py
    return out


class _SourceFirst(importlib.abc.MetaPathFinder):
    """Loads the engine's modules from their .py files, past the compiled ones beside them."""

    def __init__(self, names: dict[str, Path]) -> None:
        self.names = names

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        py = self.names.get(fullname)
        if py is None:
            return None
        return importlib.util.spec_from_file_location(fullname, py)


class _SharedLib(importlib.abc.MetaPathFinder):
    """Finds mypyc's shared library of the build (a top-level ``<hash>__mypyc`` module) beside
    the ``dokobot`` folder: site-packages of an install, or the repository root of an editable
    one, which is not on ``sys.path`` when a script runs from elsewhere (the ``dokobot`` command)."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        if "." in fullname or not fullname.endswith("__mypyc"):
            return None
        for suffix in importlib.machinery.EXTENSION_SUFFIXES:
            lib = _HERE.parents[1] / (fullname + suffix)
            if lib.exists():
                return importlib.util.spec_from_file_location(fullname, lib)
        return None


def choose() -> bool:
    """True when the compiled engine will be imported; else installs the source-first finder."""
    names = _modules()
    if not names:
        return False
    stale = _stale(names)
    if os.environ.get("DOKOBOT_PURE_ENGINE") == "1" or stale:
        if stale:
            warnings.warn(f"the compiled engine was not built from this {', '.join(stale)}: running "
                          "the Python source (rebuild with DOKOBOT_MYPYC=1, see setup.py)", stacklevel=2)
        sys.meta_path.insert(0, _SourceFirst(names))
        return False
    sys.meta_path.append(_SharedLib())  # after the usual finders: only when they miss it
    return True


def _stale(names: dict[str, Path]) -> list[str]:
    """The sources whose content is not what their compiled modules were built from (all of
    them when the build left no readable record)."""
    try:
        built = json.loads(_STAMP.read_text())
    except (OSError, ValueError):
        built = {}
    if not isinstance(built, dict):
        built = {}
    return [py.name for py in names.values()
            if built.get(py.name) != hashlib.sha256(py.read_bytes()).hexdigest()]


COMPILED = choose()
