"""The architecture as a test: layers as folders, imports only one way, no cycles.

engine (1) <- players (the computer players and the analysis, engine only) <- table (2)
<- storage, text (3) <- bot, cogs (4); the command line
(``dokobot.cli``, ``dokobot.__main__``) sits on top. Only module-level imports
count (imports inside functions and ``TYPE_CHECKING`` blocks are deferred and
cannot form a start-up cycle); discord is imported only in layer 4. A stricter check
counts every import, type-only ones too: no circle of design but the engine's.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

ALLOWED = {
    "engine": {"engine"},
    "players": {"engine", "players"},  # the computer players and the analysis: the engine only
    "table": {"engine", "players", "table"},
    "storage": {"engine", "players", "table", "storage"},
    "text": {"engine", "players", "table", "text"},
    "bot": {"engine", "players", "table", "storage", "text", "bot"},
    "cogs": {"engine", "players", "table", "storage", "text", "bot", "cogs"},
    "top": {"engine", "players", "table", "storage", "text", "bot", "cogs", "top"},
}
DISCORD_OK = {"bot", "cogs"}


def _modules() -> dict[str, Path]:
    found = {}
    for path in [*ROOT.joinpath("dokobot").rglob("*.py"), *ROOT.joinpath("cogs").rglob("*.py")]:
        rel = path.relative_to(ROOT).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts.pop()
        found[".".join(parts)] = path
    return found


@functools.cache
def _parsed(text: str) -> tuple[ast.Module, tuple[ast.AST, ...]]:
    """A source text's tree and its nodes in ``ast.walk`` order, parsed once per session:
    the checks below read the same modules ten times over (keyed by the text, so a file
    that changes is parsed again; nothing here changes a tree)."""
    tree = ast.parse(text)
    return tree, tuple(ast.walk(tree))


def _tree(path: Path) -> ast.Module:
    return _parsed(path.read_text(encoding="utf-8"))[0]


def _walk(path: Path) -> tuple[ast.AST, ...]:
    return _parsed(path.read_text(encoding="utf-8"))[1]


def _layer(module: str) -> str:
    parts = module.split(".")
    if parts[0] == "cogs":
        return "cogs"
    if len(parts) > 1 and parts[1] in ALLOWED and parts[1] not in ("top", "cogs"):
        return parts[1]
    return "top"


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _imported(node: ast.Import | ast.ImportFrom, package: str) -> list[str]:
    """The absolute names one import statement of a module in ``package`` brings in."""
    if isinstance(node, ast.Import):
        return [a.name for a in node.names]
    base = node.module or ""
    if node.level:
        anchor = package.split(".")
        anchor = anchor[: len(anchor) - node.level + 1]
        base = ".".join([*anchor, base] if base else anchor)
    return [base, *(f"{base}.{a.name}" for a in node.names)]


def _top_level_imports(module: str, path: Path) -> list[str]:
    """Absolute names imported when the module is loaded."""
    tree = _tree(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    names: list[str] = []

    def visit(body: list[ast.stmt]) -> None:
        for node in body:
            if isinstance(node, ast.Import | ast.ImportFrom):
                names.extend(_imported(node, package))
            elif isinstance(node, ast.If) and not _is_type_checking(node):
                visit(node.body)
                visit(node.orelse)
            elif isinstance(node, ast.Try):
                visit(node.body)
    visit(tree.body)
    return names


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    graph: dict[str, set[str]] = {}
    for module, path in modules.items():
        deps = set()
        for name in _top_level_imports(module, path):
            while name and name not in modules:
                name = name.rpartition(".")[0]
            if name and name != module:
                deps.add(name)
        graph[module] = deps
    return graph


def test_every_module_is_in_a_layer_folder() -> None:
    loose = [m for m in _modules() if _layer(m) == "top" and m not in (
        "dokobot", "dokobot.cli", "dokobot.__main__")]
    assert loose == []


def test_imports_only_run_one_way() -> None:
    bad = [(m, d) for m, deps in _graph().items() for d in deps
           if _layer(d) not in ALLOWED[_layer(m)]]
    assert bad == []


def test_discord_only_in_the_bot_layer() -> None:
    bad = [m for m, path in _modules().items() if _layer(m) not in DISCORD_OK and any(
        n == "discord" or n.startswith("discord.") for n in _all_imports(path))]
    assert bad == []


def _all_imports(path: Path) -> list[str]:
    names = []
    for node in _walk(path):
        if isinstance(node, ast.Import):
            names.extend(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            names.append(node.module)
    return names


def test_no_import_cycles() -> None:
    graph = _graph()
    # a package's __init__ importing its own submodules is not a cycle of layers
    state: dict[str, int] = {}
    cycles: list[list[str]] = []

    def visit(m: str, stack: list[str]) -> None:
        state[m] = 1
        stack.append(m)
        for d in sorted(graph[m]):
            if m.startswith(d + "."):
                continue  # importing one's own package __init__ while it loads us
            if state.get(d) == 1:
                cycles.append(stack[stack.index(d):] + [d])
            elif d not in state:
                visit(d, stack)
        stack.pop()
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m, [])
    assert cycles == []


def test_the_checker_sees_a_wrong_way_import(tmp_path: Path) -> None:
    """Guard against a checker that never fails."""
    assert _layer("dokobot.engine.game") == "engine"
    assert "text" not in ALLOWED["table"]
    fake = tmp_path / "m.py"
    fake.write_text("from dokobot.text import render\nif TYPE_CHECKING:\n    import discord\n")
    assert "dokobot.text.render" in _top_level_imports("dokobot.table.m", fake)
    assert not any(n.startswith("discord") for n in _top_level_imports("dokobot.table.m", fake))


# ---- no reaching into other objects' internals ---------------------------------------------

# Names that start with "_" but are public API: the namedtuple methods (the underscore only
# keeps them apart from field names).
PUBLIC_UNDERSCORE = {"_replace", "_asdict", "_fields", "_make", "_field_defaults"}
# (module, attribute) uses of a library's private attribute, each with its reason. Empty now.
PRIVATE_ALLOWED: dict[tuple[str, str], str] = {}


def _private_uses(path: Path) -> list[tuple[int, str]]:
    """(line, expression) of every ``x._name`` where x is not ``self``/``cls`` (dunders aside)."""
    found = []
    for node in _walk(path):
        if not isinstance(node, ast.Attribute) or not node.attr.startswith("_"):
            continue
        if node.attr.startswith("__") and node.attr.endswith("__") or node.attr in PUBLIC_UNDERSCORE:
            continue
        if isinstance(node.value, ast.Name) and node.value.id in ("self", "cls"):
            continue
        found.append((node.lineno, ast.unparse(node)))
    return found


def test_nothing_outside_the_engine_touches_private_names() -> None:
    """Only the engine's own code uses its (and anyone's) underscore names of other objects:
    the table, storage, text, bot and cogs go through public, documented methods."""
    bad = []
    for module, path in sorted(_modules().items()):
        if _layer(module) == "engine":
            continue
        for line, expr in _private_uses(path):
            if (module, expr.rpartition(".")[2]) not in PRIVATE_ALLOWED:
                bad.append(f"{path.relative_to(ROOT)}:{line}: {expr}")
    assert bad == []


def test_the_private_check_sees_a_private_use(tmp_path: Path) -> None:
    """Guard against a checker that never fails."""
    fake = tmp_path / "m.py"
    fake.write_text("def f(g, self):\n    self._ok\n    g.__class__\n    g.t._replace()\n    return g._play\n")
    assert _private_uses(fake) == [(5, "g._play")]


def test_only_game_py_touches_private_names_inside_the_engine() -> None:
    """``Game`` is the only writer of its state: no engine module but game.py uses ``x._name``
    on anything but self/cls (other modules ask Game through public properties)."""
    bad = []
    for module, path in sorted(_modules().items()):
        if _layer(module) != "engine" or module == "dokobot.engine.game":
            continue
        bad += [f"{path.relative_to(ROOT)}:{line}: {expr}" for line, expr in _private_uses(path)]
    assert bad == []


def _all_level_imports(module: str, path: Path) -> list[str]:
    """Absolute names imported anywhere in the module, inside functions too, but not in
    ``TYPE_CHECKING`` blocks (those never run)."""
    return _every_import(module, path, type_only=False)


def test_no_import_cycles_with_deferred_imports() -> None:
    """No cycle among all modules even counting imports inside functions (an import of one's
    own package, which is loading us, is no cycle of modules)."""
    modules = _modules()
    graph: dict[str, set[str]] = {}
    for module in modules:
        deps = set()
        for name in _all_level_imports(module, modules[module]):
            while name and name not in modules:
                name = name.rpartition(".")[0]
            if name and name != module and not module.startswith(name + "."):
                deps.add(name)
        graph[module] = deps
    state: dict[str, int] = {}
    cycles: list[list[str]] = []

    def visit(m: str, stack: list[str]) -> None:
        state[m] = 1
        stack.append(m)
        for d in sorted(graph[m]):
            if state.get(d) == 1:
                cycles.append(stack[stack.index(d):] + [d])
            elif d not in state:
                visit(d, stack)
        stack.pop()
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            visit(m, [])
    assert cycles == []


def test_the_deferred_import_checker_sees_a_function_import(tmp_path: Path) -> None:
    """Guard against a checker that never fails."""
    fake = tmp_path / "m.py"
    fake.write_text("def f():\n    from .game import Game\nif TYPE_CHECKING:\n    from .scoring import x\n")
    names = _all_level_imports("dokobot.engine.m", fake)
    assert "dokobot.engine.game" in names and "dokobot.engine.scoring" not in names


# ---- moves: action dicts only where the record is read and written ----------------------------

ACTION_KEYS = {"play", "reserve", "announce", "bid", "armut_take", "armut_give", "armut_return",
               "armut_decline", "klopfen", "hochzeit_partner"}
ACTION_FIELDS = ACTION_KEYS | {"seat", "schwein", "solo", "size", "pflicht", "form", "card"}
# the record's codec, and the game, which writes its record (the common gesund inline, as
# ``to_json`` would cost a call per seat and game in every play-out)
DICTS_ALLOWED = {"dokobot.engine.actions", "dokobot.engine.record", "dokobot.engine.game"}


def _action_dict_uses(path: Path) -> list[tuple[int, str]]:
    """Action dicts built (a literal of action fields only) or read (``"play" in a``,
    ``a["play"]``, ``a.get("play")``)."""
    out = []
    for n in _walk(path):
        if isinstance(n, ast.Dict):
            keys = [k.value for k in n.keys if isinstance(k, ast.Constant)]
            if keys and len(keys) == len(n.keys) and set(keys) & ACTION_KEYS and set(keys) <= ACTION_FIELDS:
                out.append((n.lineno, "built"))
        elif isinstance(n, ast.Compare) and isinstance(n.left, ast.Constant) and n.left.value in ACTION_KEYS \
                and any(isinstance(o, ast.In | ast.NotIn) for o in n.ops):
            out.append((n.lineno, f"{n.left.value!r} in"))
        elif isinstance(n, ast.Subscript) and isinstance(n.slice, ast.Constant) and n.slice.value in ACTION_KEYS:
            out.append((n.lineno, f"[{n.slice.value!r}]"))
        elif isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and n.func.attr == "get" and n.args \
                and isinstance(n.args[0], ast.Constant) and n.args[0].value in ACTION_KEYS:
            out.append((n.lineno, f".get({n.args[0].value!r})"))
    return sorted(out)


def test_action_dicts_only_in_the_record_codec() -> None:
    """Every other layer speaks typed moves (``dokobot.engine.actions``); a stored record is
    read with ``actions.parse`` or through ``Game.moves``."""
    bad = [f"{path.relative_to(ROOT)}:{line}: {what}"
           for module, path in sorted(_modules().items()) if module not in DICTS_ALLOWED
           for line, what in _action_dict_uses(path)]
    assert bad == []


def test_the_action_dict_check_sees_built_and_read_actions(tmp_path: Path) -> None:
    fake = tmp_path / "m.py"
    fake.write_text('MESSAGES = {"play": "x", "other": 1}\n'
                    'def f(a):\n    b = {"play": "CQ", "schwein": True}\n    return "announce" in a or a["bid"] or a.get("reserve")\n')
    assert _action_dict_uses(fake) == sorted([(3, "built"), (4, "'announce' in"), (4, "['bid']"), (4, ".get('reserve')")])


# ---- short functions ---------------------------------------------------------------------------

MAX_FUNCTION_LINES = 50


def _long_functions(path: Path) -> list[str]:
    return [f"{n.name} ({n.end_lineno - n.lineno + 1} lines)"
            for n in _walk(path)
            if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) and n.end_lineno is not None
            and n.end_lineno - n.lineno + 1 > MAX_FUNCTION_LINES]


def test_no_function_over_fifty_lines() -> None:
    bad = [f"{path.relative_to(ROOT)}: {f}" for _, path in sorted(_modules().items()) for f in _long_functions(path)]
    assert bad == []


def test_the_length_check_sees_a_long_function(tmp_path: Path) -> None:
    fake = tmp_path / "m.py"
    fake.write_text("def short():\n    pass\n\n\ndef long():\n" + "    x = 1\n" * 50)
    assert _long_functions(fake) == ["long (51 lines)"]


# ---- events and notices are matched by class, never by a kind string ------------------------

# the kind strings of the old Event(kind, seat, data) and Notice(kind, seat, data), but words that
# other values still use (reservations, the curve's moments: "trick", "solo", "armut", ...)
KIND_WORDS = {
    "reserved", "hochzeit_card", "hochzeit_form", "bidding", "announced", "contract", "game_over",
    "armut_announced", "armut_taken", "armut_passed", "armut_declined", "armut_given", "armut_exchanged",
    "klopfen", "played", "hochzeit_partner", "partner_asked", "party_revealed", "partner_answer",
    "armut_offered", "redeal", "thrown", "partner_declined", "waiting", "seated", "handed_over",
    "computer_on", "computer_off",
}


def _class_names() -> set[str]:
    from typing import get_args

    from dokobot.engine.events import Event
    from dokobot.table.outcome import Notice
    return {c.__name__ for c in (*get_args(Event), *get_args(Notice))}


def _strings(node: ast.expr) -> set[str]:
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.Tuple | ast.List | ast.Set):
        return {e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)}
    return set()


def _kind_string_uses(path: Path, class_names: set[str]) -> list[tuple[int, str]]:
    """A ``kind`` or ``data`` (a name or an attribute) compared with (or matched against) an event or notice kind, a class
    name compared as a string (``type(x).__name__ == "CardPlayed"``), a class with the old
    ``kind`` and ``data`` fields."""
    out = []
    for n in _walk(path):
        if isinstance(n, ast.Compare):
            sides = [n.left, *n.comparators]
            words = set().union(*map(_strings, sides))
            attrs = {s.attr for s in sides if isinstance(s, ast.Attribute)} | {
                s.id for s in sides if isinstance(s, ast.Name)}  # ``kind, seat, data = ev``; ``kind == ...``
            if words & KIND_WORDS and attrs & {"kind", "data"} or words & class_names and "__name__" in attrs:
                out.append((n.lineno, "compared by string"))
        elif isinstance(n, ast.Match) and isinstance(n.subject, ast.Attribute) and n.subject.attr in ("kind", "data"):
            values = {c.pattern.value for c in n.cases if isinstance(c.pattern, ast.MatchValue)}
            if {v.value for v in values if isinstance(v, ast.Constant)} & KIND_WORDS:
                out.append((n.lineno, "matched by string"))
        elif isinstance(n, ast.ClassDef):
            fields = {b.target.id for b in n.body if isinstance(b, ast.AnnAssign) and isinstance(b.target, ast.Name)}
            if {"kind", "data"} <= fields:
                out.append((n.lineno, f"class {n.name}(kind, data)"))
    return sorted(set(out))


def test_events_and_notices_are_matched_by_class() -> None:
    names = _class_names()
    bad = [f"{path.relative_to(ROOT)}:{line}: {what}"
           for _, path in sorted(_modules().items()) for line, what in _kind_string_uses(path, names)]
    assert bad == []


def test_every_event_and_notice_class_is_in_its_union() -> None:
    """A class left out of ``Event`` or ``Notice`` would escape the consumers' ``assert_never``."""
    import dataclasses
    import inspect
    from typing import get_args

    import dokobot.engine.events as events
    import dokobot.table.outcome as outcome

    for module, union, apart in ((events, events.Event, {events.Trick}),
                                 (outcome, outcome.Notice, {outcome.FinishedGame, outcome.Outcome})):
        defined = {c for _, c in inspect.getmembers(module, inspect.isclass)
                   if c.__module__ == module.__name__ and dataclasses.is_dataclass(c)}
        assert defined - apart == set(get_args(union)) and len(defined - apart) >= 20


def test_the_kind_string_check_sees_string_matches(tmp_path: Path) -> None:
    fake = tmp_path / "m.py"
    fake.write_text('def f(ev, n, kind):\n    if ev.kind == "played" or kind in ("seated", "x"):\n        pass\n'
                    '    match ev.kind:\n        case "trick" | "x":\n            pass\n        case "redeal":\n'
                    '            pass\n    return type(ev).__name__ == "CardPlayed"\n'
                    'class Notice:\n    kind: str\n    data: object\n')
    assert _kind_string_uses(fake, _class_names()) == [
        (2, "compared by string"), (4, "matched by string"), (9, "compared by string"), (10, "class Notice(kind, data)")]


# ---- no circle even among type-only imports ---------------------------------------------------


def _every_import(module: str, path: Path, *, type_only: bool = True) -> list[str]:
    """Absolute names imported anywhere in the module: at load, inside functions, and for the
    type checker only (``TYPE_CHECKING``; left out with ``type_only=False``): a type-only
    circle is still a circle of design."""
    nodes = _walk(path)
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    skipped = set() if type_only else {
        id(n) for node in nodes if isinstance(node, ast.If) and _is_type_checking(node)
        for b in node.body for n in ast.walk(b)}
    names: list[str] = []
    for node in nodes:
        if id(node) not in skipped and isinstance(node, ast.Import | ast.ImportFrom):
            names.extend(_imported(node, package))
    return names


def _circles(modules: dict[str, Path]) -> list[list[str]]:
    """The strongly connected groups of two or more modules (Tarjan), each sorted."""
    graph: dict[str, set[str]] = {}
    for module, path in modules.items():
        deps = set()
        for name in _every_import(module, path):
            while name and name not in modules:
                name = name.rpartition(".")[0]
            if name and name != module and not module.startswith(name + "."):
                deps.add(name)
        graph[module] = deps
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(m: str) -> None:
        index[m] = low[m] = len(index)
        stack.append(m)
        for d in sorted(graph[m]):
            if d not in index:
                visit(d)
                low[m] = min(low[m], low[d])
            elif d in stack:
                low[m] = min(low[m], index[d])
        if low[m] == index[m]:
            group = []
            while True:
                d = stack.pop()
                group.append(d)
                if d == m:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    for m in sorted(graph):
        if m not in index:
            visit(m)
    return sorted(found)


def test_no_import_circle_even_for_the_type_checker() -> None:
    """The bot's modules type against ``dokobot.bot.host.Host``, not the client that imports
    them; the table's computer driver needs nothing of table.py. The one circle left is the
    engine's: ``Game`` and the modules it delegates to name each other's types."""
    circles = _circles(_modules())
    assert [c for c in circles if not all(m.startswith("dokobot.engine.") for m in c)] == []


def test_the_circle_check_sees_a_type_only_circle(tmp_path: Path) -> None:
    """Guard against a checker that never fails."""
    a, b, c = tmp_path / "a.py", tmp_path / "b.py", tmp_path / "c.py"
    a.write_text("from dokobot.bot import b\n")
    b.write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from dokobot.bot.a import X\n")
    c.write_text("from dokobot.bot import a\n")
    modules = {"dokobot.bot.a": a, "dokobot.bot.b": b, "dokobot.bot.c": c}
    assert _circles(modules) == [["dokobot.bot.a", "dokobot.bot.b"]]


# ---- no great hall in the bot -------------------------------------------------------------------

MAX_BOT_CLASS_LINES = 250


def _long_classes(path: Path, limit: int = MAX_BOT_CLASS_LINES) -> list[str]:
    return [f"{n.name} ({n.end_lineno - n.lineno + 1} lines)"
            for n in _walk(path)
            if isinstance(n, ast.ClassDef) and n.end_lineno is not None and n.end_lineno - n.lineno + 1 > limit]


def test_no_class_in_the_bot_over_250_lines() -> None:
    """The presenter once grew to 519 lines doing six jobs: the bot's classes stay parts."""
    bad = [f"{path.relative_to(ROOT)}: {c}" for module, path in sorted(_modules().items())
           if module.startswith("dokobot.bot") for c in _long_classes(path)]
    assert bad == []


def test_the_class_check_sees_a_long_class(tmp_path: Path) -> None:
    fake = tmp_path / "m.py"
    fake.write_text("class Short:\n    x = 1\n\n\nclass Long:\n" + "    x = 1\n" * 250)
    assert _long_classes(fake) == ["Long (251 lines)"]


# ---- the tests themselves: helpers live in helper modules --------------------------------------


def _statements(body: list[ast.stmt]) -> Iterator[ast.AST]:
    """Every statement, nested ones too (an import is a statement: no need to visit expressions)."""
    for node in body:
        yield node
        for field in ("body", "orelse", "finalbody", "handlers", "cases"):
            yield from _statements(getattr(node, field, []))


def _imports_of_tests(path: Path, package: str) -> list[tuple[int, str]]:
    """Imports (module level or deferred) of a test module or a conftest: a helper that two
    modules share lives in a helper module (``tests/<layer>/helpers.py``) instead."""
    out = []
    for node in _statements(ast.parse(path.read_text(encoding="utf-8")).body):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            anchor = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
            base = ".".join([*anchor, node.module] if node.module else anchor)
            names = [base, *(f"{base}.{a.name}" for a in node.names)]
        else:
            continue
        if any(part == "conftest" or part.startswith("test_") for n in names for part in n.split(".")):
            out.append((node.lineno, names[0]))
    return out


def _test_files() -> list[Path]:
    return sorted(p for p in ROOT.joinpath("tests").rglob("*.py") if "data" not in p.parts)


def test_no_test_module_imports_another_test_module_or_a_conftest() -> None:
    bad = [f"{path.relative_to(ROOT)}:{line}: {name}" for path in _test_files()
           for line, name in _imports_of_tests(path, ".".join(path.relative_to(ROOT).parent.parts))]
    assert bad == []


def test_the_test_import_check_sees_imports_of_test_modules(tmp_path: Path) -> None:
    fake = tmp_path / "test_m.py"
    fake.write_text("from conftest import cid\nfrom .test_b import x\nimport tests.table.test_c\n"
                    "from tests.bot.helpers import Driver\nfrom . import helpers\n"
                    "def f():\n    from tests.bot.test_d import y\n")
    assert _imports_of_tests(fake, "tests.bot") == [
        (1, "conftest"), (2, "tests.bot.test_b"), (3, "tests.table.test_c"), (7, "tests.bot.test_d")]


def test_every_test_folder_is_a_package() -> None:
    """Test modules are imported as ``tests.<layer>.test_x``: no two share a name in one
    namespace, and no folder is put on ``sys.path`` (where ``import conftest`` would work)."""
    folders = {p.parent for p in _test_files()}
    assert sorted(str(f.relative_to(ROOT)) for f in folders if not f.joinpath("__init__.py").exists()) == []
