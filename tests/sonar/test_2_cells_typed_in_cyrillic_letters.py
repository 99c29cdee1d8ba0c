"""Digest §2 (cells are letters x numbers, e.g. C6) at a Russian table: the players read a cell off the sheet and
type it on their own keyboard, where the key of the Latin C gives the Cyrillic С that looks the same. `старт С3`
was refused with "клетка «С3» не клетка карты (от A1 до O15)", two signs that look like the cell it refused.
The Cyrillic letters that look like the map's column letters (А В С Е Н К М О) are read as those letters in cells
and in the sonar answer's column; a course or an Engineer's symbol keeps the table's own letters (С is north)."""

from __future__ import annotations

import io

import pytest
from kaleun.runtime.loop import Runtime
from kaleun.sonar.game import new_game, referee
from kaleun.ui.sonar_console import TeamConsole
from kaleun.ui.sonar_session import make_sonar_runtime


@pytest.fixture
def table(home):
    runtime: Runtime = make_sonar_runtime(new_game(4, "alpha", "realtime"))
    runtime.language = "ru"
    yield runtime
    runtime.close()


def seat(runtime: Runtime, team: str) -> tuple[TeamConsole, io.StringIO]:
    out = io.StringIO()
    return TeamConsole(runtime, team, io.StringIO(), out), out


def test_2_a_start_cell_typed_with_a_cyrillic_letter_is_that_cell(table):
    yellow, out = seat(table, "yellow")
    blue, _ = seat(table, "blue")
    yellow.handle("старт С3")  # Cyrillic С
    blue.handle("старт м12")  # Cyrillic м, lower case
    table.step()
    ref = referee(table.game)
    assert ref.team_status("yellow")["cell"] == "C3", out.getvalue()
    assert ref.team_status("blue")["cell"] == "M12"
    assert "не клетка карты" not in out.getvalue(), out.getvalue()


def test_5_a_sonar_column_typed_with_a_cyrillic_letter_is_that_column(table):
    """§5 sonar: the answering Captain names a column; `столбец=В` (Cyrillic В, a B to the eye) is column B, while
    the course `В` at the same table stays east."""
    yellow, _ = seat(table, "yellow")
    blue, out = seat(table, "blue")
    yellow.handle("старт B2")
    blue.handle("старт C3")
    table.step()
    yellow.handle("В отметить=сонар зачеркнуть=В1")  # the course east, in the table's letters
    table.step()
    ref = referee(table.game)
    assert ref.team_status("yellow")["cell"] == "C2"
    ref.teams["yellow"].gauges.filled["sonar"] = 3
    yellow.handle("сонар")
    table.step()
    assert ref.turns.sonar == ("yellow", "blue")
    blue.handle("ответ столбец=В сектор=1")  # column B is false (C3), sector 1 true
    table.step()
    assert ref.turns.sonar is None, out.getvalue()


def test_4_an_engineers_symbol_typed_with_a_cyrillic_e_is_that_symbol(table):
    """§4 the Engineer crosses a symbol of the course's section: the board and the feed name the east section's
    symbols `E1` to `E6`; `зачеркнуть Е1` typed with the Cyrillic Е that looks like it was refused as no symbol of
    the board. It is E1 now; the table's own letters keep their meaning (`С1` is N1, `В1` is E1)."""
    yellow, out = seat(table, "yellow")
    blue, _ = seat(table, "blue")
    yellow.handle("старт B2")
    blue.handle("старт N12")
    table.step()
    yellow.handle("В отметить=торпеда")
    yellow.handle("зачеркнуть Е1")  # Cyrillic Е
    table.step()
    ref = referee(table.game)
    assert ref.team_status("yellow")["crossed"] == ["E1"], out.getvalue()
    yellow.handle("С отметить=торпеда зачеркнуть=С1")  # С is north at a Russian table
    table.step()
    assert ref.team_status("yellow")["crossed"] == ["E1", "N1"], out.getvalue()
