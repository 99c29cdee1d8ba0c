"""Fixtures of the foundation tests (their helpers: servicekit.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from servicekit import set_up


@pytest.fixture()
def units(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The system's units and the maker's home in folders of the test, the maker (uid 1000) running the command, the
    table kept in the test's folder `table` (KALEUN_HOME, so a unit installed now keeps it there too)."""
    return set_up(tmp_path, monkeypatch, table=tmp_path / "table")


@pytest.fixture()
def units_at_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """As `units`, with the table in the maker's own folders (no KALEUN_HOME): units installed as most makers do."""
    return set_up(tmp_path, monkeypatch, table=None)
