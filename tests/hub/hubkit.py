"""Helpers of the deck hub tests (fixtures are in conftest.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]


def hub_cfg(sections: list[int], kinds: list[str] | None = None, **extra: Any) -> dict[str, Any]:
    """A hub config (kaleun_hub.json) with one reader per entry of `sections`."""
    kinds = kinds or ["mfrc522"] * len(sections)
    cfg: dict[str, Any] = {"format": 1, "name": "test-hub", "scan_ms": 20, "heartbeat_ms": 100,
                           "debounce_misses": 3, "fault_after": 3,
                           "readers": [{"kind": k, "cs": f"GP{i + 2}", "section": s}
                                       for i, (s, k) in enumerate(zip(sections, kinds, strict=True))]}
    cfg.update(extra)
    return cfg
