"""Shared fixtures of the deck hub tests."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def vectors() -> dict[str, Any]:
    return json.loads((ROOT / "firmware" / "protocol_vectors.json").read_text(encoding="utf-8"))


@pytest.fixture(autouse=True)
def kaleun_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Nothing a hub test does may touch the user's real config folder."""
    home = tmp_path / "home"
    monkeypatch.setenv("KALEUN_HOME", str(home))
    return home


def hub_cfg(sections: list[int], kinds: list[str] | None = None, **extra: Any) -> dict[str, Any]:
    """A hub config (kaleun_hub.json) with one reader per entry of `sections`."""
    kinds = kinds or ["mfrc522"] * len(sections)
    cfg: dict[str, Any] = {"format": 1, "name": "test-hub", "scan_ms": 20, "heartbeat_ms": 100,
                           "debounce_misses": 3, "fault_after": 3,
                           "readers": [{"kind": k, "cs": f"GP{i + 2}", "section": s}
                                       for i, (s, k) in enumerate(zip(sections, kinds, strict=True))]}
    cfg.update(extra)
    return cfg
