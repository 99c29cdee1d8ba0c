"""Shared fixtures of the deck hub tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hubkit import ROOT


@pytest.fixture(scope="session")
def vectors() -> dict[str, Any]:
    return json.loads((ROOT / "firmware" / "protocol_vectors.json").read_text(encoding="utf-8"))


@pytest.fixture(autouse=True)
def kaleun_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Nothing a hub test does may touch the user's real config folder."""
    home = tmp_path / "home"
    monkeypatch.setenv("KALEUN_HOME", str(home))
    return home
