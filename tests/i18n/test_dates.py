"""The missions and the console's languages: every calendar date and date-time a player reads is written as the table's
language writes dates ("1 June 1941", "1. Juni 1941", "1 июня 1941 г."; a moment adds the ship's time as the game writes
it), while what machines read (the event log's English text, saves, JSON) keeps the ISO form."""

from __future__ import annotations

import json
from typing import Any

import pygame
import pytest
from kaleun.core.messages import Msg, When, as_values, from_json, to_json
from kaleun.i18n import language

DAY = {"en": "20 November 1941", "de": "20. November 1941", "ru": "20 ноября 1941\u202fг."}
MOMENT = {"en": "20 November 1941, 09:00", "de": "20. November 1941, 09:00", "ru": "20 ноября 1941\u202fг., 09:00"}


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_a_day_and_a_moment_read_as_the_language_writes_them(code: str) -> None:
    lang = language(code)
    assert lang.when(When.day("1941-11-20T09:00:00")) == DAY[code]
    assert lang.when(When.moment("1941-11-20T09:00:00")) == MOMENT[code]
    assert lang.when(When.moment("1941-11-20T09:00:30", seconds=True)).endswith(", 09:00:30")
    assert lang.render(Msg("{start}", start=When.day("1941-11-20"))) == DAY[code]


def test_what_machines_read_keeps_the_iso_date() -> None:
    """The event log holds `str(msg)`, an event's data `as_values`, a save `to_json`: all as before."""
    msg = Msg("Debrief: {start} to {end}.", start=When.moment("1941-11-20T09:00:00"), end=When.day("1941-11-22"))
    assert str(msg) == "Debrief: 1941-11-20 09:00 to 1941-11-22."
    assert as_values({"when": When.moment("1941-11-20T09:00:30", seconds=True)}) == {"when": "1941-11-20 09:00:30"}
    back = from_json(json.loads(json.dumps(to_json(msg))))
    assert back == msg  # a template no catalogue has reads in English, its dates in German
    assert language("de").render(back) == "Debrief: 20. November 1941, 09:00 to 22. November 1941."
    assert str(When("not a date")) == "not a date" and language("ru").when(When("not a date")) == "not a date"


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_a_column_of_short_dates_keeps_the_columns_after_it_in_line(code: str) -> None:
    """`kaleun career`'s missions: the day played, then the mission, each row's mission at one place."""
    lang = language(code)
    widths = {len(lang.when(When.day(f"2025-{m:02d}-{d:02d}", short=True))) for m in range(1, 13) for d in (1, 28)}
    assert len(widths) == 1


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_4_1_kaleun_missions_and_the_set_up_write_the_missions_date(code: str) -> None:
    """`kaleun missions`, the console's and the window's set-up: the mission's one line."""
    from kaleun.uboot.missions.setup import mission_lines

    line = next(m for m in mission_lines() if m.id == "gibraltar_1941")
    assert language(code).render(line.line()).startswith(f"gibraltar_1941           {DAY[code]}  ")
    assert language(code).render(line.line(with_id=False)).startswith(f"{DAY[code]}  ")
    assert line.start.startswith("1941-11-20T")  # --json keeps the ISO text


def test_4_1_kaleun_play_help_lists_the_missions_with_their_dates_written_out() -> None:
    from kaleun.mission_commands import missions_epilog

    listed = missions_epilog()
    assert f"gibraltar_1941           {DAY['en']}  " in listed and "1941-11-20" not in listed


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_4_1_the_briefing_and_the_mission_sheet_write_the_start(code: str) -> None:
    """The console's `mission` and the window's mission sheet: "Start: <day and ship's time>"."""
    from kaleun.uboot.game import new_game
    from kaleun.uboot.missions.debrief import mission_lines
    from kaleun.uboot.missions.setup import GameSetup, changes_for

    game = new_game(1, "gibraltar_1941", changes_for(GameSetup(mission="gibraltar_1941")))
    said = [language(code).render(m) for m in mission_lines(game)]
    assert any(MOMENT[code] in line for line in said), said
    assert not any("1941-11-20" in line for line in said)


def _debrief(code: str) -> list[str]:
    from kaleun.uboot.game import new_game
    from kaleun.uboot.missions.debrief import debrief, lines
    from kaleun.uboot.missions.setup import GameSetup, changes_for

    game = new_game(1, "gibraltar_1941", changes_for(GameSetup(mission="gibraltar_1941")))
    game.advance_to(3600.0)
    d = debrief(game)
    d["attacks"] = [{"t": 7200.0, "kind": "torpedo", "target": "C1", "class_name": None}]
    return [language(code).render(m) for m in lines(d)]


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_5_the_debrief_writes_its_start_end_and_attacks(code: str) -> None:
    """The console's debrief (and the window's): the patrol's start and end, each attack's moment."""
    said = _debrief(code)
    assert MOMENT[code] in said[0] and MOMENT[code].replace("09:00", "10:00") in said[0], said[0]
    assert any(line.strip().startswith(MOMENT[code].replace("09:00", "11:00")) for line in said), said
    assert not any("1941-11-20" in line for line in said)


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_5_the_debrief_png_writes_its_dates(code: str, monkeypatch: Any, tmp_path: Any) -> None:
    """The saved debrief picture: its line "<start> to <end>, n days at sea" and its attacks."""
    from kaleun.uboot.game import new_game
    from kaleun.uboot.missions.debrief import debrief
    from kaleun.uboot.missions.setup import GameSetup, changes_for
    from kaleun.ui import debrief_chart

    drawn: list[str] = []
    wrap = debrief_chart._wrap

    def kept(words: str, font: Any, width: int) -> list[str]:
        drawn.append(words)
        return wrap(words, font, width)

    monkeypatch.setattr(debrief_chart, "_wrap", kept)
    game = new_game(1, "gibraltar_1941", changes_for(GameSetup(mission="gibraltar_1941")))
    game.advance_to(3600.0)
    d = debrief(game)
    d["attacks"] = [{"t": 7200.0, "kind": "torpedo", "target": "C1", "class_name": None, "lat": 36.0, "lon": -6.5}]
    debrief_chart.write_debrief(d, tmp_path / "d.png", language=code)
    assert any(line.startswith(MOMENT[code]) for line in drawn), drawn
    assert any(MOMENT[code].replace("09:00", "11:00") in line for line in drawn), drawn
    assert not any("1941-11-20" in line for line in drawn)
    assert json.loads(json.dumps(d))["start"] == "1941-11-20T09:00:00"  # the debrief's JSON keeps ISO


@pytest.mark.parametrize(("code", "since", "played"), [
    ("en", "Campaign (since 14 March 2025)", "  1 Mar 2025    Slow convoy (sc_convoy_1940)"),
    ("de", "Kampagne (seit 14. März 2025)", "  01.03.2025  Langsamer Geleitzug (sc_convoy_1940)"),
    ("ru", "(с 14 марта 2025\u202fг.)", "  1 мар. 2025\u202fг.    Тихоходный конвой (sc_convoy_1940)"),
])
def test_4_3_kaleun_career_writes_when_the_campaign_began_and_each_mission_was_played(code: str, since: str,
                                                                                   played: str) -> None:
    from kaleun.career import career_messages, empty

    record = empty()
    record["campaign"] = {"state": "running", "started": "2025-03-14T20:00:00", "done": [], "next": "prize_rules_1939",
                          "score": 0, "fame": 0, "grt": 0, "grades": [], "patrol": None, "difficulty": {},
                          "easy_watch_change": {}}
    record["missions"].append({
        "key": "k", "mission": "sc_convoy_1940", "name": "SC convoy", "mode": "single", "seed": 1,
        "result": "won", "reason": None, "grade": "C", "score": 1200, "fame": 3, "grt": 10448,
        "ships_sunk": 2, "crew_lost": 1, "start": "1940-10-16T20:00:00", "end": "1940-10-18T06:00:00",
        "played": "2025-03-01T21:00:00"})
    said = "\n".join(language(code).render(m) for m in career_messages(record))
    assert since in said and played in said, said
    assert "2025-03" not in said


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_the_console_status_writes_the_ships_day_and_time(code: str) -> None:
    from kaleun.uboot.game import new_game
    from kaleun.ui.console_views import status

    game = new_game(1, "training")
    first = status(game, "stop", language(code))[0]
    assert first.startswith(language(code).when(When.moment(game.now_iso, seconds=True)) + "  "), first
    assert game.now_iso[:10] not in first


@pytest.mark.parametrize("bold", [False, True])
def test_every_date_of_every_language_renders_in_the_table_font(bold: bool) -> None:
    """Babel's dates bring their own characters (Russian "г." after a narrow no-break space)."""
    from kaleun.fonts import font, missing_glyphs

    pygame.font.init()
    text = "".join(language(code).when(When(f"1941-{m:02d}-28T04:00:00", time=True, short=short))
                   for code in ("en", "de", "ru") for m in range(1, 13) for short in (False, True))
    assert missing_glyphs(text, font(22, bold)) == []


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_a_save_that_fails_says_the_ship_s_time_it_holds_as_the_language_writes_it(code: str, tmp_path: Any) -> None:
    """The window's and console's warning when the autosave cannot be written: "the last save there holds the
    game up to <day, ship's time>"."""
    from kaleun.runtime.outputs import Autosave
    from kaleun.uboot.game import new_game

    game = new_game(1, "training")
    saving = Autosave(game, tmp_path / "autosave.json", journal=False, background=False)
    saving.saved_t, saving.reason = 600.0, "No space left on device"
    said = language(code).render(saving.left_behind())
    assert language(code).when(When.moment("1941-06-01T04:10:00", seconds=True)) in said, said
    assert "1941-06-01" not in said and "1941-06-01 04:10:00" in str(saving.left_behind())
