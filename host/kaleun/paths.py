"""Where Kaleun keeps the user's files. KALEUN_HOME overrides everything (tests, kiosks)."""

from __future__ import annotations

import os
from pathlib import Path


def _home() -> Path | None:
    """KALEUN_HOME, with a leading ~ read as the user's home (a shell expands it, a systemd unit's
    Environment= or a quoted value does not); None when not set."""
    home = os.environ.get("KALEUN_HOME")
    return Path(home).expanduser() if home else None


def _base(env: str, default: str) -> Path:
    home = _home()
    if home is not None:
        return home
    root = os.environ.get(env)
    return (Path(root) if root else Path.home() / default) / "kaleun"


def config_dir() -> Path:
    """Settings the crew makes once: enrolled figure tags, preferred board."""
    return _base("XDG_CONFIG_HOME", ".config")


def state_dir() -> Path:
    """Games in progress: the autosave and the session logs."""
    return _base("XDG_STATE_HOME", ".local/state")


def autosave_path() -> Path:
    return state_dir() / "autosave.json"


def cache_dir() -> Path:
    """What can be made again at any time: compiled language catalogues."""
    home = _home()
    if home is not None:
        return home / "cache"
    return _base("XDG_CACHE_HOME", ".cache")


def own_missions_dir() -> Path:
    """Mission files a group wrote (`<id>.toml`, one mission each): listed and played beside the shipped ones."""
    return config_dir() / "missions"
