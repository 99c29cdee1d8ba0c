"""host/README.md, "Table scripts": "A bad line stops the run with `FILE:LINE: problem`", and bad input never changes
anything. Every kind of line a script may hold (each order and game command of `ui/actions.py`, every other game
command, the hands on the table) with a field it does not know, and each of its declared fields given a value of
another kind (a list of tables, a text too long, a negative number), stops the run at its line with a message that
names it, never a traceback, and leaves the game exactly as it was (its save, byte for byte). Played on a mission with
HQ and objectives, so the missions' commands (`return_to_base`, `enigma`, ...) are there too."""

from __future__ import annotations

import io
import json
import traceback

from kaleun.boards.loader import default_board
from kaleun.runtime.script import TABLE_ACTIONS, EventWriter, ScriptError, ScriptRun
from kaleun.saves import save_text
from kaleun.uboot.game import new_game
from kaleun.ui.actions import ACTIONS

MISSION = "shadow_1941"
ODD: list = [[{}], "x" * 70, -1]


def _lines() -> list[dict]:
    lines: list[dict] = []
    for action in ACTIONS:
        if not (action.order or action.command):
            continue
        base = {"do": "order", "order": action.order} if action.order else {"do": action.command}
        lines.append({**base, "unknown_field": 1})
        lines += [{**base, f.field: value} for f in action.fields for value in ODD]
    names = sorted(set(new_game(0, MISSION).command_names) | set(TABLE_ACTIONS))
    lines += [{"do": name, "unknown_field": [{}]} for name in names]
    return lines


def test_every_kind_of_bad_script_line_stops_at_its_line_and_changes_nothing(tmp_path):
    board = default_board()
    script, first = tmp_path / "bad.jsonl", tmp_path / "first.jsonl"
    first.write_text('{"t": 0, "do": "report"}\n', encoding="utf-8")
    lines = _lines()
    assert {"return_to_base", "enigma", "place", "turn", "ui", "weather"} <= {
        line.get("order", line["do"]) for line in lines}
    wrong: list[str] = []
    refused = 0
    for line in lines:
        game = new_game(0, MISSION)
        ScriptRun(game, board, EventWriter(io.StringIO())).run(first)  # what is due at the start runs first
        run = ScriptRun(game, board, EventWriter(io.StringIO()))
        before = save_text(game)  # the line is all that differs from here
        script.write_text(json.dumps({"t": 0, **line}) + "\n", encoding="utf-8")
        try:
            run.run(script)
        except ScriptError as exc:
            refused += 1
            if not str(exc).startswith(f"{script}:1: ") or len(str(exc)) <= len(f"{script}:1: ") + 10:
                wrong.append(f"{line}: {exc}")
            elif save_text(game) != before:
                wrong.append(f"{line}: refused ({exc}) but the game changed")
        except Exception:  # the test names any exception that escapes
            wrong.append(f"{line}: {traceback.format_exc(limit=2)}")
        else:
            if line.get("unknown_field") is not None:
                wrong.append(f"{line}: an unknown field passed")
    assert refused > 400
    assert not wrong, "\n".join(wrong[:20])
