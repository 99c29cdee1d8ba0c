"""The Captain Sonar rules are pure game core, and the two games never import each other."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from foundation.test_purity import _problems
from kit import HOST

SONAR = sorted((HOST / "kaleun" / "sonar").rglob("*.py"))
UBOOT = sorted((HOST / "kaleun" / "uboot").rglob("*.py"))


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


@pytest.mark.parametrize("path", SONAR, ids=lambda p: str(p.relative_to(HOST / "kaleun")))
def test_the_sonar_rules_are_pure(path):
    assert _problems(path) == []


@pytest.mark.parametrize("path", SONAR, ids=lambda p: str(p.relative_to(HOST / "kaleun")))
def test_the_sonar_rules_never_import_uboot(path):
    assert not [m for m in _imports(path) if m.startswith("kaleun.uboot")]


def test_uboot_never_imports_sonar():
    assert not [(p.name, m) for p in UBOOT for m in _imports(p) if m.startswith("kaleun.sonar")]
