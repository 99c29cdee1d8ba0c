"""The text console answers every command typed (host/README.md, "The text console": a hand that changes nothing
the game tells is answered all the same). The referee's `report` (every module's status) and `weather` have no feed
line: the console printed nothing at all, and a crew typing them could not tell whether they were taken. It says
where the report went (the session's event log), and the weather now, as `status` words it."""

from __future__ import annotations

import io
import json
from pathlib import Path

from kaleun.boards.loader import default_board
from kaleun.runtime.loop import Runtime
from kaleun.runtime.outputs import EventLog
from kaleun.runtime.table import Table
from kaleun.uboot.game import new_game
from kaleun.ui.console import Console
from kit import console_typed


def test_report_names_the_event_log_it_went_to(tmp_path: Path):
    game = new_game(0)
    path = tmp_path / "sessions" / "one.events.jsonl"
    runtime = Runtime(game, Table(default_board(), game), outputs=[EventLog(path)], clock=lambda: 0.0)
    out = io.StringIO()
    console = Console(runtime, stdin=io.StringIO(), stdout=out, interactive=False)
    runtime.step()
    start = len(out.getvalue())
    console.handle("report")
    runtime.step()
    assert out.getvalue()[start:].strip() == f"Report of every module's status written to the event log {path}."
    logged = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert next(e for e in logged if e["event"] == "report")["weapons"]["torpedoes_left"] == 14


def test_report_without_an_event_log_says_so_in_the_tables_language():
    assert console_typed("en", "report").strip() == \
        "Report of every module's status given (this session keeps no event log)."
    assert console_typed("de", "report").strip() == \
        "Bericht über den Zustand aller Module gegeben (diese Sitzung führt kein Ereignisprotokoll)."
    assert console_typed("ru", "report").strip().startswith("Отчёт о состоянии всех модулей")


def test_weather_set_by_the_referee_is_answered_with_the_weather_now():
    """Before a gun action the referee sets a storm to see the gun crews sent below (sea state 7 > 5)."""
    assert console_typed("en", "weather storm").strip() == \
        "Weather set: storm, visibility 2 nm, cloud 8/8, sea state 7."
    assert console_typed("de", "wetter sturm").strip() == \
        "Wetter gesetzt: Sturm, Sicht 2 sm, Bewölkung 8/8, Seegang 7."
    assert console_typed("ru", "weather storm").strip().startswith("Погода задана: ")
