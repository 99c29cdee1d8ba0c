"""§5 [B] "Systeme aktivieren" ("Ein Team darf nicht 2 Systeme direkt nacheinander aktivieren. Dazwischen muss sich
das U-Boot bewegen") at a team console: the window's system buttons say `a move first` after an activation; the
console's `status` showed full gauges and nothing else, so a Captain learnt it only from the refusal. `status` now
says it until the boat has moved."""

from __future__ import annotations

import io
from typing import Any, cast

from kaleun.games import make_table
from kaleun.runtime.loop import Runtime
from kaleun.sonar.game import new_game
from kaleun.ui.sonar_console import TeamConsole

WAIT = "The systems wait for a move: never two activations without a move in between."


def _said(runtime: Runtime, console: TeamConsole, out: io.StringIO, line: str) -> str:
    before = len(out.getvalue())
    console.handle(line)
    runtime.step()
    return out.getvalue()[before:]


def test_5_status_says_the_systems_wait_for_a_move_after_an_activation():
    """§5: a torpedo fired: `status` says the systems wait for a move; after the next course it says nothing of it."""
    game = new_game(0, "charlie", "realtime")
    runtime = Runtime(game, cast(Any, make_table(game, None)), [])
    out = io.StringIO()
    yellow = TeamConsole(runtime, "yellow", io.StringIO(), out, interactive=False)
    blue = TeamConsole(runtime, "blue", io.StringIO(), io.StringIO(), interactive=False)
    yellow.handle("start A1")
    blue.handle("start O15")
    for line in ("e mark=torpedo cross=E5", "e mark=torpedo cross=E6", "e mark=torpedo cross=E3"):
        yellow.handle(line)
    runtime.step()
    assert WAIT not in _said(runtime, yellow, out, "status")
    assert "Stop! Yellow fires a torpedo: impact at D3!" in _said(runtime, yellow, out, "torpedo D3")
    assert WAIT in _said(runtime, yellow, out, "status")
    _said(runtime, yellow, out, "s mark=mine cross=S6")
    assert WAIT not in _said(runtime, yellow, out, "status")
