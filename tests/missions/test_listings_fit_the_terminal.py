"""`kaleun missions` and `kaleun career` on a terminal 80 columns wide (rulebook §4.1 the missions, §4.3 the career
record a group can look at): a line longer than the terminal is broken between words, its rows going on under the
mission's name (a career line under its start), never cut or wrapped mid-word by the terminal. Printed to a file or
a pipe, each line stays whole (for grep and scripts)."""

from __future__ import annotations

import sys

import pytest
from kaleun.cli import main
from kaleun.mission_commands import listed
from kaleun.uboot.missions.setup import mission_lines

H = 3600.0


def printed(monkeypatch, capsys, args: list[str], terminal: bool) -> list[str]:
    """What `kaleun ARGS` prints to a terminal 80 columns wide (`terminal`), or to a pipe."""
    capsys.readouterr()
    with monkeypatch.context() as m:
        m.setenv("COLUMNS", "80")
        if terminal:
            m.setattr(sys.stdout, "isatty", lambda: True, raising=False)
        assert main(args) == 0
    return capsys.readouterr().out.splitlines()


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_4_1_kaleun_missions_on_an_80_column_terminal_breaks_lines_between_words_under_the_name(home, monkeypatch,
                                                                                                 capsys, code):
    whole = printed(monkeypatch, capsys, ["missions", "--language", code], terminal=False)
    assert len(whole) == len(mission_lines()) and max(len(line) for line in whole) > 80  # one line each
    rows = printed(monkeypatch, capsys, ["missions", "--language", code], terminal=True)
    assert max(len(row) for row in rows) <= 80, [row for row in rows if len(row) > 80]
    assert " ".join(rows).split() == " ".join(whole).split()  # every word, none cut
    column = len(whole[0]) - len(whole[0][len(f"{'x':<24} "):].lstrip(" ").split("  ", 1)[-1].lstrip(" "))
    starts = {len(row) - len(row.lstrip(" ")) for row in rows if row.startswith(" ")}
    assert starts == {column}, (starts, column)  # each further row under the mission's name


def test_4_1_the_listing_on_a_narrow_terminal_goes_on_indented_by_four():
    """Too narrow to keep the name's column (40 columns): the rows go on four spaces in."""
    shown = listed(__import__("kaleun.i18n", fromlist=["language"]).language("en"), mission_lines(), 40)
    rows = [row for line in shown for row in line.split("\n")]
    assert max(len(row) for row in rows) <= 40
    assert {len(row) - len(row.lstrip(" ")) for row in rows if row.startswith(" ")} == {4}


def test_4_3_kaleun_career_on_an_80_column_terminal_breaks_lines_between_words(home, monkeypatch, capsys):
    from kaleun.career import record_mission, start_configured
    from kaleun.uboot.game import new_game
    from kaleun.uboot.missions.catalogue import catalogue
    from kaleun.uboot.missions.setup import GameSetup
    from missionkit import advance

    started = start_configured(GameSetup(mission="", mode="campaign", seed=1, difficulty={"captain": "hard"}))
    mission = started.config["mission"]
    here = {"id": "here", "kind": "reach", "square": catalogue().missions[mission]["square"], "text": "Be here."}
    g = new_game(started.seed, mission, {**started.config["changes"], "time_limit_h": 1, "encounter": [],
                                         "radio": [], "air_cover": "none", "traffic": "none", "par_grt": 0,
                                         "objective": [here]})
    advance(g, 2 * H)
    assert record_mission(g) is not None
    for code in ("en", "ru"):
        whole = printed(monkeypatch, capsys, ["career", "--language", code], terminal=False)
        assert max(len(line) for line in whole) > 80
        rows = printed(monkeypatch, capsys, ["career", "--language", code], terminal=True)
        assert max(len(row) for row in rows) <= 80, [row for row in rows if len(row) > 80]
        assert " ".join(rows).split() == " ".join(whole).split()
        mission_row = next(i for i, row in enumerate(rows) if "prize_rules_1939" in row and row.startswith("  "))
        assert rows[mission_row + 1].startswith(" " * 6) and not rows[mission_row + 1].startswith(" " * 7)
