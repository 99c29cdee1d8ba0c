"""Captain Sonar rules data (TOML) and the shipped maps. Values the rulebook leaves open say so."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any


@cache
def load(name: str) -> dict[str, Any]:
    """Load `<name>.toml` from this package (cached; treat the result as read-only)."""
    return tomllib.loads(text(f"{name}.toml"))


def text(name: str) -> str:
    """A data file of this package as text (e.g. `maps/alpha.map`)."""
    return resources.files(__package__).joinpath(name).read_text(encoding="utf-8")
