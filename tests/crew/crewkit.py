"""Helpers for the crew engine's tests: build games, run table scripts, read events."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from kaleun.boards.loader import default_board
from kaleun.core.engine import Engine
from kaleun.runtime.script import EventWriter, ScriptRun
from kaleun.uboot.game import new_game
from kit import advance, do, named, one  # noqa: F401 (the helpers of every kit)

ROOT = Path(__file__).resolve().parents[2]
HOST = ROOT / "host"
SCRIPTS = Path(__file__).resolve().parent / "scripts"

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

WATCH_CHANGE_S = 7200  # the training mission starts at 04:00; 06:00 is two hours later


def game(seed: int = 0, rules: str = "enforce", wear: bool = False, aircraft: list[dict[str, Any]] | None = None,
         signals: int = 0, **options: Any) -> Engine:
    """A training game with the crew rules enforced (the training mission only advises); `aircraft`
    places aircraft around the boat (mission `[[aircraft]]` tables); `signals` coded signals from HQ
    wait for the Enigma (received in the first game minute)."""
    changes: dict[str, Any] = {"aircraft": aircraft} if aircraft else {}
    if signals:
        changes["radio"] = [{"at_h": 0.01, "text": f"Signal {n + 1}."} for n in range(signals)]
    g = new_game(seed, "training", changes or None)
    if signals:
        g.advance_to(60)
    g.take_events()
    g.apply({"do": "crew_options", "rules": rules, "wear": wear, **options})
    return g


def play(tmp_path: Path, lines: Iterable[dict[str, Any] | str], g: Engine | None = None,
         until: float | None = None) -> tuple[Engine, list[dict[str, Any]]]:
    """Run table-script lines through the public ScriptRun on the simulated board."""
    script = tmp_path / "script.jsonl"
    with open(script, "w", encoding="utf-8") as fh:
        for line in lines:
            fh.write((line if isinstance(line, str) else json.dumps(line)) + "\n")
    g = g if g is not None else game()
    out = io.StringIO()
    ScriptRun(g, default_board(), EventWriter(out)).run(script, until=until)
    return g, [json.loads(x) for x in out.getvalue().splitlines()]


def crew(g: Engine) -> Any:
    return g.module("crew")


def chips(g: Engine, figure: str, watch: int | None = None) -> list[str]:
    c = crew(g)
    return list(c.sailor(figure, None if watch is None else watch - 1).chips)


def stations(g: Engine, places: dict[str, int]) -> list[dict[str, Any]]:
    """Mobilize (paid like any order) and move the figures; the next order ends the mobilization."""
    events = do(g, {"do": "order", "order": "mobilize"})
    for figure, section in places.items():
        events += do(g, {"do": "place", "figure": figure, "section": section})
    return events


def tubes_ready(g: Engine, tubes: list[int], bearing: float = 0.0, course: float = 90.0) -> None:
    """Flood the tubes and program the TDC on a target at `bearing` (relative), 1,000 m, on `course` at
    7.5 kn — the orders given in advise mode, so whoever stands where, the tubes are ready to fire; surfaced, a
    lookout is posted on the bridge first, whose view the salvo is fired from."""
    rules = g.module("crew").rules
    do(g, {"do": "crew_options", "rules": "advise"})
    for event in do(g, {"do": "order", "order": "flood_tubes", "tubes": tubes}):
        assert event["event"] != "order_rejected", event
    g.advance(60)
    if g.module("boat").surfaced:  # surfaced, the TDC and the salvo work from the lookouts' view (§8.3, §8.4)
        do(g, {"do": "order", "order": "mobilize"})
        do(g, {"do": "place", "figure": "navigator-square", "section": 8})
        do(g, {"do": "order", "order": "observe"})
    for event in do(g, {"do": "order", "order": "tdc", "bearing": bearing, "range_m": 1000, "course": course,
                        "speed_kn": 7.5}):
        assert event["event"] != "order_rejected", event
    do(g, {"do": "crew_options", "rules": rules})


def run_kaleun(*args: str, home: Path, timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(HOST) + os.pathsep + env.get("PYTHONPATH", "")
    env["KALEUN_HOME"] = str(home)
    return subprocess.run([sys.executable, "-m", "kaleun", *args], capture_output=True, text=True, env=env,
                          timeout=timeout, cwd=home)
