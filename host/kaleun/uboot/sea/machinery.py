"""What the crew engine's technical conditions do to the boat's machinery, as the sea sees it."""

from __future__ import annotations

from typing import Any


def component_state(engine: Any, component: str) -> tuple[bool, bool]:
    """(disabled, degraded) of a component; both False when the game has no technical module."""
    if not engine.has_module("technical"):
        return False, False
    tech = engine.module("technical")
    return bool(tech.disabled(component)), bool(tech.degraded(component))
