"""The console at the table: a configured game from `kaleun play` (mode, difficulty per role, the Captain's hand
dealt), the `mission` command (briefing, objectives, HQ's signals) and the debrief printed when the mission ends."""

from __future__ import annotations

import io

import pytest
from kaleun.boards.loader import default_board
from kaleun.core.events import Event
from kaleun.uboot.game import new_game
from kaleun.ui.console import Console
from kaleun.ui.session import make_runtime

pytest.importorskip("pty")


def console_for(mission: str) -> tuple[Console, io.StringIO]:
    game = new_game(0, mission)
    runtime = make_runtime(game, default_board())
    out = io.StringIO()
    return Console(runtime, stdin=io.StringIO(""), stdout=out, interactive=False), out


def test_the_mission_command_shows_the_briefing_and_the_objectives(home):
    console, out = console_for("gibraltar_1941")
    console.handle("mission")
    text = out.getvalue()
    assert "Through the Strait (gibraltar_1941)." in text
    assert "Briefing: November 1941. The boat is ordered into the Mediterranean." in text
    # what the briefing's paper gave besides the words: the base, the start, the time allowed
    assert "Base: Lorient. Start: 20 November 1941, 09:00 in square CG94. Time limit: 48 hours." in text
    assert "  Primary (open): Pass the Strait: be east of 5°W." in text  # no "0 of 1": there or not
    assert "Patrol time left: 48 hours." in text
    console.runtime.close()


@pytest.mark.parametrize(("mission", "shown"), [
    ("minefield_1939", "  Primary (open): Lay at least nine mines in the approaches to Hartlepool before dawn."
                       " - 0 of 9 mines"),
    ("weather_1940", "  Primary (open): Send three weather reports from the station, ten hours apart."
                     " - 0 of 3 reports"),
    ("aircrew_1942", "  Primary (open): Take the airmen aboard: 20 minutes stopped within 1.5 nm of the dinghy,"
                     " within 36 hours. - 0 of 20 minutes"),
])
def test_4_1_the_mission_command_counts_each_objective_in_its_unit(mission, shown):
    """The crew reads how far an objective has come: mines and reports counted as such, not "0 of 9"."""
    from kaleun.uboot.missions.debrief import mission_lines
    from missionkit import game

    assert shown in [str(m) for m in mission_lines(game(mission))]


def test_the_console_prints_the_debrief_when_the_mission_ends(home):
    console, out = console_for("t5_1943")
    game = console.game
    events = game.advance_to(36 * 3600)
    end = next(e for e in events if e.name == "mission_end")
    console._on_event(Event(end.t, end.clock, end.name, end.data, end.feed))
    text = out.getvalue()
    assert "Debrief: Zaunkönig, 20 September 1943, 20:00 to" in text
    assert "  [ ] Primary: Sink an escort. (1,000 fame)" in text
    assert "Ships sunk: 0, 0 GRT." in text
    console.runtime.close()


def test_4_1_after_the_end_the_console_says_where_the_debrief_is_saved_and_open_objectives_failed(home):
    """The missions, score and debrief: a group at the console is told where the session's saved debrief (the chart) is,
    as the window's debrief screen names it; the `mission` command after the end shows an objective not met as failed,
    not as open (the mission is over)."""
    from kaleun.runtime.debrief_output import DebriefOutput

    console, out = console_for("t5_1943")
    runtime, game = console.runtime, console.game
    runtime.debrief = DebriefOutput(game, home, "session", career=False)
    end = next(e for e in game.advance_to(36 * 3600) if e.name == "mission_end")
    event = Event(end.t, end.clock, end.name, end.data, end.feed)
    runtime.debrief.handle(event)
    console._on_event(event)
    text = out.getvalue()
    assert f"Saved debrief: {home / 'session.debrief.png'}" in text and (home / "session.debrief.png").exists()
    console.handle("mission")
    shown = out.getvalue()[len(text):]
    assert "  Primary (failed): Sink an escort. - 0 of 1 ship" in shown
    assert "(open)" not in shown
    runtime.close()


def test_kaleun_play_sets_a_game_up_from_the_command_line(home):
    from missionkit import Terminal

    with Terminal(home, "play", "--seed", "3", "--mission", "gibraltar_1941", "--difficulty", "captain=hard") as term:
        term.expect("Captain: deal yourself 3 Captain cards (hard difficulty).")
        term.expect("Briefing: November 1941.")
        term.send("mission")
        term.expect("Primary (open): Pass the Strait")
        term.send("quit")
        assert term.close() == 0


def test_a_bad_set_up_is_refused_with_the_reason(tmp_path):
    from kit import run_kaleun

    result = run_kaleun("play", "--headless", "--mission", "training", "--easy-watch", "navigator", home=tmp_path)
    assert result.returncode == 2
    assert "the easy watch change is for roles on easy difficulty; the Navigator does not play easy" in result.stderr
    linked = run_kaleun("play", "--headless", "--linked", home=tmp_path)
    assert linked.returncode == 2 and "no linked patrol is in progress" in linked.stderr
    russian = run_kaleun("play", "--headless", "--linked", "--language", "ru", home=tmp_path)
    assert russian.returncode == 2 and "связанный поход не идёт" in russian.stderr, russian.stderr


def test_chart_says_the_boat_is_on_station_when_the_plot_puts_it_in_the_objectives_area(home):
    """`chart` lays off the way to each objective's area (rulebook §9: protractor and range ruler). A boat that
    starts on its station (hatteras_1942: squares CA87 and CA88, the boat in CA87) is told it is in the area by its
    reckoning, not sent 30 nm to the middle of the two squares as if it had to get there first."""
    console, out = console_for("hatteras_1942")
    console.handle("chart")
    said = out.getvalue()
    assert 'In the area of "Hold station in squares CA87 and CA88 for 72 hours." by dead reckoning; its centre: ' \
           'course 096, 30 nm.' in said
    assert "To the area of" not in said
    console.runtime.close()


def test_9_chart_lays_off_the_way_to_the_nearest_part_of_an_area_not_to_its_middle(home):
    """§9 the range ruler measures the way to where the area begins: biscay_1943 sends the boat from the Breton
    coast (47.2 N 4.3 W) to be "west of 14°30'W" (a box reaching to 22 W). Due west 10.2 degrees of longitude
    at 47.2 N is 10.2 x 60 x cos 47.2 = 416 nm; the box's middle (46 N 18.25 W) lay some 570 nm off."""
    console, out = console_for("biscay_1943")
    console.handle("chart")
    assert 'To the area of "Be clear of the Bay: west of 14°30\'W.": course 270, 416 nm; 33.3 h at full ahead ' \
           'surfaced (12.5 kn).' in out.getvalue()
    console.runtime.close()


def test_4_2_the_mission_command_says_what_the_way_home_takes_when_the_boat_must_come_home(home):
    """§4.2: a mission may order the boat home (long_patrol_1941: "Bring the boat home to Lorient"). Beside the
    patrol time left the table reads what the way home takes by the navigator's reckoning, so a crew on station can
    judge when to leave; a mission that ends at sea by its time limit says nothing of the way home."""
    game = new_game(0, "long_patrol_1941", {"position": [50.0, -20.0]})  # out on the station, days from home
    console = Console(make_runtime(game, default_board()), stdin=io.StringIO(""), stdout=(out := io.StringIO()),
                      interactive=False)
    console.handle("mission")
    assert "Patrol time left: 504 hours.\nWay home to Lorient by dead reckoning: 667 nm, about 53 hours at full " \
           "ahead.\n" in out.getvalue()
    console.runtime.close()
    console, out = console_for("long_patrol_1941")  # the boat sails from Lorient: in its home waters
    console.handle("mission")
    assert "Way home" not in out.getvalue()
    console.runtime.close()
    console, out = console_for("shadow_1941")
    console.handle("mission")
    assert "Way home" not in out.getvalue()
    console.runtime.close()
