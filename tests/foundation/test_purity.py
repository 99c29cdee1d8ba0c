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
