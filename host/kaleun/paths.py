"""Where Kaleun keeps the user's files. KALEUN_HOME overrides everything (tests, kiosks)."""

from __future__ import annotations

import os
import pwd
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


def sudo_user() -> str | None:
    """The user who ran `sudo` when this command runs as root through it (`SUDO_USER`), else None: `sudo -u pi`
    (not root), a root login, a root service (no `SUDO_USER`) and a table kept in one folder (KALEUN_HOME, which
    names its folder itself) are not."""
    name = os.environ.get("SUDO_USER")
    if not name or name == "root" or _home() is not None or os.geteuid() != 0:
        return None
    return name


def sudo_user_config_dir() -> Path | None:
    """The config folder of the user who ran `sudo` (`~/.config/kaleun` in that user's home: sudo keeps no
    XDG_CONFIG_HOME), whose preferred board and language a command run through sudo reads (`sudo kaleun hw check`
    for a strip that needs root); None when not under sudo or that user is unknown."""
    name = sudo_user()
    if name is None:
        return None
    try:
        return Path(pwd.getpwnam(name).pw_dir) / ".config" / "kaleun"
    except KeyError:
        return None


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
