"""An evening at the console as a new First Officer plays it: what `help`, the views and the feed must
say so that the table never has to guess what to do next. Driven through the Console object."""

from __future__ import annotations

import re

import pytest
from kaleun.core.messages import Msg
from kaleun.i18n import language
from kaleun.uboot.game import new_game
from kaleun.uboot.missions.catalogue import catalogue, one_line
from kaleun.uboot.missions.debrief import debrief, lines
from kaleun.ui.feedlog import FeedLog
from test_console_actions import Desk


@pytest.fixture
def convoy() -> Desk:
    return Desk(new_game(0, "sc_convoy_1940"))


# -- help -------------------------------------------------------------------------------------------
def test_help_place_names_the_figure_not_a_choice(convoy):
    assert convoy.type("help place").splitlines()[0] == "place FIGURE SECTION"
    assert convoy.type("help move_fix").splitlines()[0] == "move_fix FIGURE mobilize|put_back"


def test_8_help_time_says_how_fast_each_compression_runs(convoy):
    shown = convoy.type("help time")
    assert ("Game time per second: real time 1 s, action 4 s, fast forward 30 s, transit 360 s. A new line in the "
            "info feed drops it back to real time.") in shown


def test_help_enigma_shows_the_report_and_decode_fields(convoy):
    shown = convoy.type("help enigma")
    for field in ("decode: ", "report: ", "contact: ", "messages: "):
        assert f"\n  {field}" in shown
    assert "convoy, contact, weather, position" in shown


def test_the_enigma_command_sends_a_report_and_decodes_a_named_signal(convoy):
    convoy.wait(2.5 * 3600)  # HQ's signal m1 comes within two hours
    shown = convoy.type("enigma decode=m1 report=position")
    assert "HQ (m1): Slow convoy reported in" in shown
    assert "Position report sent to HQ: square" in shown
    assert convoy.type("enigma decode=m1,") == "! enigma: 'm1,' is not a list: write it as a,b,c\n"


def test_8_time_compression_is_echoed_and_a_feed_line_says_why_it_stopped(convoy):
    assert convoy.type("time transit") == "Time: transit (360 s of game time per second).\n"
    assert convoy.type("pause") == "Time: paused.\n"
    convoy.type("time fast_forward")
    shown = convoy.wait(2.5 * 3600)
    assert "Time: real time again (a new line in the info feed).\n" in shown


# -- the views --------------------------------------------------------------------------------------
def test_6_3_crew_shows_each_sailors_specialisation_symbols(convoy):
    shown = convoy.type("crew").splitlines()
    assert shown[1].split()[-1] == "symbols"
    assert re.search(r"engineer-square\s+Chief mechanic\s+4\s+-\s+-\s+-\s+engines, repair$", "\n".join(shown),
                     re.MULTILINE)


def test_3_the_order_assistant_warns_that_a_dive_kills_the_sailors_outside(convoy):
    assert "Warning" not in convoy.type("?dive")
    convoy.type("mobilize", "place navigator-square 8", "place navigator-triangle 7")
    refused = convoy.type("?dive")  # no engine men in 5 and 6 yet: refused, and the warning stands
    assert "would be refused" in refused and "Warning: square navigator, triangle navigator" in refused
    convoy.type("place engineer-square 5", "place engineer-circle 6", "end_mobilize")
    shown = convoy.type("?dive")
    assert "would be carried out" in shown
    assert ("Warning: square navigator, triangle navigator are still on the bridge or deck and die in the dive; "
            "mobilize and bring them down first.") in shown
    assert "die" in convoy.type("help dive").splitlines()[1]


def test_9_chart_is_the_protractor_and_range_ruler_from_the_boats_square(convoy):
    assert convoy.type("chart AL28") == ("From AL03 (dead reckoning) to AL28: course 295, 129 nm; 10.3 h at full "
                                         "ahead surfaced (12.5 kn).\n")
    assert convoy.type("chart al03") == "The boat is in AL03 (dead reckoning).\n"
    assert convoy.type("chart ZZ99") == ("! chart: square 'ZZ99' is not on the strategic map (a square is two letters "
                                         "and two digits, e.g. AL28)\n")


def test_chart_without_a_square_gives_the_course_to_each_objectives_area():
    desk = Desk(new_game(0, "minefield_1939"))
    # to the rim of the area (2.5 nm round its point, 48 nm off): 45 nm
    assert desk.type("chart") == ('To the area of "Lay at least nine mines in the approaches to Hartlepool before '
                                  'dawn.": course 259, 45 nm; 3.6 h at full ahead surfaced (12.5 kn).\n')
    assert convoy_chart_without_area() == (
        "The boat is in AL03 (dead reckoning).\n"
        "Home to Lorient: course 148 (the first leg of the way clear of land), 794 nm; 63.5 h at full ahead surfaced "
        "(12.5 kn).\n"
        "No objective names an area yet: chart SQUARE lays off a course, e.g. chart AL28.\n")


def convoy_chart_without_area() -> str:
    return Desk(new_game(0, "sc_convoy_1940")).type("chart")


def test_9_4_crew_and_help_meal_say_when_the_meal_call_comes(convoy):
    shown = convoy.type("crew")
    assert "  provisions: 1:egg 2:potato 3:potato 4:lemon 5:canned fish 6:egg; 28 in supply" in shown
    assert "  meal call at 19:00: 0 ingredients cooked since the last one" in shown
    assert "The meal call is at 19:00 every day" in convoy.type("help meal")
    convoy.type("mobilize", "place navigator-circle 4", "end_mobilize", "meal take=2,3 lemon=4")
    assert "  meal call at 19:00: 2 ingredients cooked since the last one" in convoy.type("crew")


def test_4_an_enigma_refusal_is_read_in_the_tables_language():
    de = Desk(new_game(0, "sc_convoy_1940"))
    de.console.lang = language("de")
    de.console.feed = FeedLog(language="de")
    assert "Enigma abgelehnt: es liegt kein verschlüsselter Funkspruch vor." in de.type("enigma")


def test_the_views_speak_german_and_russian():
    de = Desk(new_game(0, "minefield_1939"))
    de.console.lang = language("de")
    assert de.type("chart AN66").startswith("Von AN56 (gekoppelt) nach AN66: Kurs ")
    assert "Obermaschinist" in de.type("crew")
    assert "- 0 von 9" in de.type("mission")
    assert "Fahrt 0,0 kn (Soll 0,0 kn; Diesel, aufgetaucht)  zurückgelegt 0,00 sm" in de.type("status")
    ru = Desk(new_game(0, "minefield_1939"))
    ru.console.lang = language("ru")
    status = ru.type("status")
    for english in ("diesel", "cloudy", "own course", "disc:"):
        assert english not in status
    assert "донные мины TMB" in ru.type("weapons")


def test_4_1_mission_shows_the_objectives_progress_with_its_unit(convoy):
    assert "  Primary (open): Sink at least 10,000 GRT from the slow convoy. - 0 of 10,000 GRT" in \
        convoy.type("mission")
    practice = Desk(new_game(0, "exercise_convoy_battle"))
    shown = practice.type("mission").splitlines()
    assert shown[1] == "A night attack from inside a slow convoy of 40 ships and 8 escorts."


def test_10_3_8_a_crewed_breach_names_the_puzzle_as_its_next_step(convoy):
    convoy.type("damage hull_breach section=4")
    assert "repair breach=4" in convoy.type("repairs")
    convoy.type("mobilize", "place engineer-square 4", "place engineer-triangle 4", "place engineer-circle 4",
                "place engineer-hexagon 4", "place officer-square 4", "end_mobilize", "repair breach=4")
    shown = convoy.type("repairs")
    assert re.search(r"HULL BREACH in section 4: \d:\d\d left, repair crew at work\.  puzzle 4 solved\|failed", shown)


def test_10_3_7_a_failed_puzzle_names_the_evacuation_as_its_next_step(convoy):
    """§10.3.7: once the puzzle has failed the Chief Engineer stops; everybody must be mobilized out before the
    stopwatch runs down. `repairs` names that step (mobilize), not a repair order the table would refuse."""
    convoy.type("damage hull_breach section=4")
    convoy.type("mobilize", "place engineer-square 4", "place engineer-triangle 4", "place engineer-circle 4",
                "place engineer-hexagon 4", "place officer-square 4", "end_mobilize", "repair breach=4",
                "puzzle 4 failed")
    shown = convoy.type("repairs")
    assert re.search(r"HULL BREACH in section 4: \d:\d\d left, puzzle failed: get everybody out\.  mobilize\n", shown)
    assert "repair breach=4" not in shown


def test_9_2_status_shows_the_attack_disc_set_by_the_disc_command(convoy):
    convoy.type("disc own=290 enemy=70 bearing=40")
    assert ("attack disc: own course 290, enemy course 070, bearing 040: true bearing 330, angle on the bow 80° "
            "starboard") in convoy.type("status")


# -- the attack -------------------------------------------------------------------------------------
def test_12_identify_says_how_close_the_ships_must_come():
    desk = Desk(new_game(0, "exercise_convoy_battle"))
    desk.type("mobilize", "place navigator-square 8", "place navigator-triangle 8", "end_mobilize", "observe")
    assert "Lookouts report a ship" in desk.wait(150)
    shown = desk.type("identify")
    assert shown == "[02:02:30] 1 ship in sight, too far to identify: come within about 1.4 nm.\n"


def test_12_the_tdc_says_when_the_run_is_longer_than_the_torpedos_range():
    desk = Desk(new_game(0, "exercise_convoy_battle"))
    shown = desk.type("tdc source=manual bearing=10 range_nm=9 course=90 speed_kn=5")
    assert re.search(r"The run of [\d,]+ m is longer than the torpedo's range of [\d,]+ m: close in\.", shown)
    assert re.search(r"bow\s+16,668\s+.*beyond the torpedo's range", desk.type("weapons"))
    near = desk.type("tdc source=manual bearing=10 range_nm=1 course=90 speed_kn=5")
    assert "longer than the torpedo's range" not in near
    assert re.search(r"bow\s+1,852\s+.*\bok$", desk.type("weapons"), re.MULTILINE)


# -- the end ----------------------------------------------------------------------------------------
def test_4_1_a_crew_lost_with_the_boat_is_one_line_of_the_debrief():
    game = new_game(0, "sc_convoy_1940")
    game.module("mission").end("lost", "rammed", Msg("Rammed."))
    said = [str(line) for line in lines(debrief(game))]
    assert "Crew lost: 32." in said
    assert "  32 sailors: lost with the boat" in said
    assert not any("captain-square/1" in line for line in said)


# -- languages --------------------------------------------------------------------------------------
@pytest.mark.parametrize("code", ["de", "ru"])
def test_every_briefing_and_summary_is_read_in_the_tables_language(code):
    """A briefing written over several lines of its mission file is found in the catalogue as the game
    shows it (one line per paragraph)."""
    lang = language(code)
    untranslated = []
    for mid, spec in catalogue().missions.items():
        for key in ("briefing", "summary"):
            text = spec.get(key)
            if text and lang.render(Msg.term(text)) == text:
                untranslated.append(f"{mid}.{key}")
    assert not untranslated
    assert one_line("a\n b\n\n c ") == "a b\n\nc"
