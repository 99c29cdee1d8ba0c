"""Helpers for the missions' tests: games of a mission, commands and events as JSON objects."""

from __future__ import annotations

from typing import Any

from kaleun.core.engine import Engine
from kaleun.uboot.game import new_game
from kit import advance, do, named, one, order  # noqa: F401 (the helpers of every kit)


def game(mission: str = "prize_rules_1939", seed: int = 0, changes: dict[str, Any] | None = None,
         rules: str = "advise") -> Engine:
    """A game of the mission with the crew rules advising (orders go ahead) and no random wear."""
    g = new_game(seed, mission, changes)
    g.take_events()
    g.apply({"do": "crew_options", "rules": rules, "wear": False})
    return g


def start(mission: str = "prize_rules_1939", seed: int = 0, changes: dict[str, Any] | None = None
          ) -> tuple[Engine, list[dict[str, Any]]]:
    g = new_game(seed, mission, changes)
    return g, [e.to_json() for e in g.take_events()]


def until_event(g: Engine, name: str, limit: float, step: float = 600.0) -> list[dict[str, Any]]:
    """Advance until an event of that name comes (or `limit`); returns everything on the way."""
    out: list[dict[str, Any]] = []
    while g.t < limit:
        out += advance(g, min(limit, g.t + step))
        if named(out, name):
            break
    return out


def lookouts(g: Engine) -> None:
    """Two navigators on the bridge on observation duty."""
    order(g, "mobilize")
    for figure in ("navigator-square", "navigator-triangle"):
        do(g, {"do": "place", "figure": figure, "section": 8})
    do(g, {"do": "end_mobilize"})
    order(g, "observe")


class Terminal:
    """`kaleun ...` on a pseudo-terminal (no display: the console takes over), read until a text shows."""

    GUARD_S = 30  # failure guard only: a healthy run answers long before

    def __init__(self, home: Any, *args: str) -> None:
        import os
        import pty
        import subprocess
        import sys

        from kit import kaleun_env

        master, slave = pty.openpty()
        env = kaleun_env(home)
        for name in ("SDL_VIDEODRIVER", "DISPLAY", "WAYLAND_DISPLAY"):
            env.pop(name, None)
        self.proc = subprocess.Popen([sys.executable, "-m", "kaleun", *args], stdin=slave, stdout=slave,
                                     stderr=slave, env=env, cwd=home, close_fds=True)
        os.close(slave)
        self.fd = master
        self.text = ""

    def expect(self, needle: str) -> str:
        import os
        import select
        import time

        deadline = time.monotonic() + self.GUARD_S
        while needle not in self.text and time.monotonic() < deadline:
            ready, _, _ = select.select([self.fd], [], [], 0.2)
            if ready:
                try:
                    self.text += os.read(self.fd, 4096).decode(errors="replace")
                except OSError:
                    break
        assert needle in self.text, f"never saw {needle!r}; got:\n{self.text}"
        return self.text

    def send(self, line: str) -> None:
        import os

        os.write(self.fd, (line + "\n").encode())

    def close(self) -> int:
        import os

        try:
            return self.proc.wait(self.GUARD_S)
        finally:
            os.close(self.fd)
