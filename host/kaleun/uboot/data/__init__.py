"""Rules data (TOML) shipped with the package. Values the rulebook leaves open say so in comments."""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources
from typing import Any


@cache
def load(name: str) -> dict[str, Any]:
    """Load `<name>.toml` from this package (cached; treat the result as read-only)."""
    text = resources.files(__package__).joinpath(f"{name}.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)
