"""The game core stays pure: no hardware, UI, serial, threads, wall clock, files or stray randomness."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from kit import HOST

PURE = [*sorted((HOST / "kaleun" / "core").rglob("*.py")),
        *sorted(p for p in (HOST / "kaleun" / "uboot").rglob("*.py")),
        *sorted((HOST / "kaleun" / "sonar").rglob("*.py"))]  # host/README.md: "pure like kaleun/uboot/"
FORBIDDEN_MODULES = {"pygame", "serial", "gpiozero", "lgpio", "board", "busio", "neopixel", "neopixel_spi",
                     "threading", "multiprocessing", "asyncio", "time", "socket", "subprocess", "os", "shutil",
                     "tempfile", "secrets", "numpy"}
FORBIDDEN_CALLS = {"open", "now", "today", "utcnow", "input", "print"}


def _problems(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name.split(".")[0] for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            names = [(node.module or "").split(".")[0]]
        else:
            names = []
        for name in names:
            if name in FORBIDDEN_MODULES or (name == "random" and path.name != "rng.py"):
                found.append(f"{path.name}:{node.lineno}: imports {name}")
        if isinstance(node, ast.Call):
            func = node.func
            called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if called in FORBIDDEN_CALLS:
                found.append(f"{path.name}:{node.lineno}: calls {called}()")
    return found


@pytest.mark.parametrize("path", PURE, ids=lambda p: str(p.relative_to(HOST / "kaleun")))
def test_core_module_is_pure(path):
    assert _problems(path) == []


def test_the_purity_check_catches_a_wall_clock(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("import time\nfrom datetime import datetime\nx = datetime.now()\n")
    assert _problems(bad) == ["bad.py:1: imports time", "bad.py:3: calls now()"]


#: methods that change a list, dict or set in place
MUTATORS = {"append", "extend", "insert", "remove", "pop", "popitem", "clear", "update", "setdefault", "add",
            "discard", "difference_update", "intersection_update", "symmetric_difference_update", "sort", "reverse"}


def _module_state_writes(path: Path) -> list[str]:
    """Where a function writes into a name bound at the module's top level (a registry a game or the program's
    edge could fill, which every later game in the process would then see), or declares a name `global`."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    top: set[str] = set()
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) \
            else []
        top.update(t.id for t in targets if isinstance(t, ast.Name))

    def root(node: ast.AST) -> str | None:
        while isinstance(node, ast.Attribute | ast.Subscript):
            node = node.value
        return node.id if isinstance(node, ast.Name) else None

    found = []
    for func in ast.walk(tree):
        if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            continue
        own = {a.arg for a in (*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs)}
        for node in ast.walk(func):
            if isinstance(node, ast.Global):
                found.append(f"{path.name}:{node.lineno}: global {', '.join(node.names)}")
            written = []
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr in MUTATORS:
                written = [node.func.value]
            elif isinstance(node, ast.Assign | ast.AugAssign | ast.Delete):
                written = [t for t in (node.targets if isinstance(node, ast.Assign | ast.Delete) else [node.target])
                           if isinstance(t, ast.Subscript | ast.Attribute)]
            for target in written:
                name = root(target)
                if name in top and name not in own:
                    found.append(f"{path.name}:{node.lineno}: writes into the module's {name}")
    return found


@pytest.mark.parametrize("path", PURE, ids=lambda p: str(p.relative_to(HOST / "kaleun")))
def test_core_module_keeps_no_state_between_games(path):
    """A game's state lives in its engine (saved, loaded, replayed); what the process holds beside it is read-only
    tables and caches of them. A registry the program fills (a group's own missions) is handed in, not kept."""
    assert _module_state_writes(path) == []


def test_the_state_check_catches_a_registry_filled_from_outside(tmp_path):
    bad = tmp_path / "bad.py"
    bad.write_text("_OWN = [None]\nSEEN = {}\nCOUNT = 0\n\n\ndef use(own):\n    _OWN[0] = own\n\n\n"
                   "def seen(k):\n    SEEN.setdefault(k, 0)\n\n\ndef count():\n    global COUNT\n    COUNT += 1\n\n\n"
                   "def fine(SEEN):\n    SEEN[1] = 2\n")
    assert _module_state_writes(bad) == ["bad.py:7: writes into the module's _OWN", "bad.py:11: writes into the "
                                         "module's SEEN", "bad.py:15: global COUNT"]
