"""The attack disc (rulebook §9.2.1): own course on the green ring, enemy course on the black ring,
the enemy's bearing from the bow on the top pointer. The rulebook's worked example: the boat on
course 290, a contact bearing 40° (ahead and to starboard), range 4 nm, on course 070."""

from __future__ import annotations

import pytest
from kaleun.core.errors import CommandError
from weaponskit import advance, do, one, order, range_game, refused


def test_9_2_1_the_worked_example_on_the_disc():
    g = range_game(course=290)
    disc = one(do(g, {"do": "attack_disc", "own_course": 290, "bearing": 40, "enemy_course": 70}), "attack_disc")
    # the enemy lies at 290 + 40 = 330 true; seen from its bow (070) the boat lies 80° to starboard
    assert (disc["true_bearing"], disc["aob"]) == (330, 80)


def test_9_2_1_a_boat_dead_astern_of_the_enemy_reads_180_on_the_bow():
    """The disc's angle on the bow runs to 180 (stern-on), never -180."""
    g = range_game(course=0)
    disc = one(do(g, {"do": "attack_disc", "own_course": 0, "bearing": 0, "enemy_course": 0}), "attack_disc")
    assert (disc["true_bearing"], disc["aob"]) == (0, 180)


def test_9_2_1_the_tdc_takes_the_disc_as_the_navigator_set_it():
    g = range_game(course=290)
    do(g, {"do": "attack_disc", "own_course": 290, "bearing": 40, "enemy_course": 70, "via": "disc"})
    from_disc = one(order(g, "tdc", source="disc", range_nm=4, speed_kn=7), "tdc_programmed")
    by_hand = one(order(g, "tdc", bearing=40, range_nm=4, course=70, speed_kn=7), "tdc_programmed")
    assert from_disc["bow"] == by_hand["bow"] and from_disc["source"] == "disc"
    assert from_disc["bow"]["bearing"] == pytest.approx(330) and from_disc["bow"]["aob"] == pytest.approx(80)


def test_9_2_1_a_disc_set_with_the_wrong_own_course_misleads_the_tdc():
    """The rings are read relative to each other: an own course set 10° off turns the enemy's course
    by 10° in the TDC."""
    g = range_game(course=290)
    do(g, {"do": "attack_disc", "own_course": 280, "bearing": 40, "enemy_course": 70})
    programmed = one(order(g, "tdc", source="disc", range_nm=4, speed_kn=7), "tdc_programmed")
    assert programmed["course"] == 80
    # the TDC says so: the ring the navigator left behind is read aloud with the boat's course
    assert programmed["feed"].endswith(" The attack disc's own course ring reads 280°, the boat heads 290°.")
    do(g, {"do": "attack_disc", "own_course": 290})
    assert "own course ring" not in one(order(g, "tdc", source="disc", range_nm=4, speed_kn=7),
                                        "tdc_programmed")["feed"]


def test_the_tdc_refuses_a_disc_not_fully_set():
    g = range_game()
    do(g, {"do": "attack_disc", "bearing": 40})
    assert refused(order(g, "tdc", source="disc", range_nm=2, speed_kn=7)) == (
        "the attack disc is not set: set the own course ring and enemy course ring")


def test_the_disc_command_checks_its_rings():
    g = range_game()
    with pytest.raises(CommandError):
        g.apply({"do": "attack_disc", "bearing": 400})
    with pytest.raises(CommandError):
        g.apply({"do": "attack_disc"})


def _sim_table(g):
    """The simulated table (boards/sim.toml) over game `g`, feeding it as the runtime does."""
    from kaleun.boards.loader import load_board
    from kaleun.runtime.table import Table
    from kit import BOARDS

    table = Table(load_board(BOARDS / "sim.toml"), g)
    table.start(g.apply)
    return table


def _status(table) -> str:
    """The disc's line of the console's `status` (the rings as the table reads them)."""
    from kaleun.i18n import language
    from kaleun.ui.console_views import rings

    return "\n".join(rings(table, language("en")))


def test_9_2_1_status_and_the_tdc_agree_whether_the_simulated_disc_is_set():
    """§9.2.1 on the simulated table (boards/sim.toml: its rings always know where they stand, at their
    zero in a new game). A ring the crew has not set yet has not fed the game's disc: `status` shows it
    as not set, with what to do, exactly as the TDC's refusal names it — never a reading of 000 that
    the TDC then refuses. A ring dialled to where it already stands (the worked example's enemy at 000
    would be one) is set by that; a resumed game remembers which rings were set."""
    import json

    from kaleun.uboot.game import load_game

    g = range_game(course=290)
    table = _sim_table(g)
    assert _status(table) == ("disc: not set yet (turn the rings, or: dial disc_own_course 0, "
                              "dial disc_enemy_course 0, dial disc_bearing 0)")
    assert refused(order(g, "tdc", source="disc", range_nm=4, speed_kn=7)) == (
        "the attack disc is not set: set the own course ring, enemy course ring and bearing pointer")
    table.set_dial("disc_own_course", 290)  # the pointer stays on the white scale: its bearing changes too
    # one ring left to set: "turn the ring", in the singular
    assert _status(table) == ("disc: own course 290, enemy course not set yet, bearing 070 (turn the ring, or: dial "
                              "disc_enemy_course 0)")
    assert refused(order(g, "tdc", source="disc", range_nm=4, speed_kn=7)) == (
        "the attack disc is not set: set the enemy course ring")
    table.set_dial("disc_enemy_course", 0)  # it stands there: dialling it sets it
    assert g.module("weapons").status()["disc"]["enemy_course"] == 0
    assert _status(table) == "disc: own course 290, enemy course 000, bearing 070"
    one(order(g, "tdc", source="disc", range_nm=4, speed_kn=7), "tdc_programmed")
    table.close()
    resumed = load_game(json.loads(json.dumps(g.to_state())))
    again = _sim_table(resumed)
    assert _status(again) == "disc: own course 290, enemy course 000, bearing 070"
    again.close()
    fresh = _sim_table(range_game())
    assert "not set yet" in _status(fresh)
    fresh.close()


def test_9_2_1_status_does_not_ask_to_dial_the_rings_the_disc_command_has_set():
    """§9.2.1 at the console: `disc own=290 enemy=70 bearing=40` sets the game's disc without the simulated
    rings. `status` then still said `disc: not set yet (turn the rings, or: dial disc_own_course 0, ...)`
    beside the disc it had just set, and the dial hint would have overwritten it with zeros. A ring whose
    field the game holds is left out of the rings' line; the others still say what to do."""
    from kaleun.i18n import language
    from kaleun.ui.console_views import disc_held, rings

    g = range_game(course=290)
    table = _sim_table(g)
    do(g, {"do": "attack_disc", "own_course": 290, "via": "console"})
    assert rings(table, language("en"), disc_held(g)) == [
        "disc: not set yet (turn the rings, or: dial disc_enemy_course 0, dial disc_bearing 0)"]
    do(g, {"do": "attack_disc", "enemy_course": 70, "bearing": 40, "via": "console"})
    assert rings(table, language("en"), disc_held(g)) == []
    table.close()


def test_9_2_1_the_worked_example_gives_the_tdc_numbers_a_reader_can_check():
    """§9.2.1's worked example (own course 290, contact bearing 40 ahead to starboard, range 4 nm, enemy
    course 070) set on the disc, with a speed of 7 kn, programs the TDC; by hand, for the bow tubes' G7a
    at 40 kn (20.578 m/s):
        true bearing    290 + 40                                    = 330
        angle on bow    330 + 180 - 070                             = 80° starboard
        range           4 nm x 1,852 m                              = 7,408 m
        lead            asin(7 x sin 80° / 40)                      = 9.92°
        gyro angle      40 + 9.92                                   = 49.9° starboard
        track angle     180 - 80 - 9.92                             = 90.1°
        run             7,408 x sin 80° / sin 90.08°                = 7,295 m, in 7,295 / 20.578 = 354.5 s
    """
    import math

    g = range_game(course=290)
    do(g, {"do": "attack_disc", "own_course": 290, "bearing": 40, "enemy_course": 70, "via": "disc"})
    programmed = one(order(g, "tdc", source="disc", range_nm=4, speed_kn=7), "tdc_programmed")
    bow = programmed["bow"]
    lead = math.degrees(math.asin(7 * math.sin(math.radians(80)) / 40))
    run_m = 4 * 1852 * math.sin(math.radians(80)) / math.sin(math.radians(180 - 80 - lead))
    assert (bow["bearing"], bow["rel_bearing"], bow["aob"], bow["range_m"]) == (330, 40, 80, 7408)
    assert bow["lead"] == pytest.approx(lead, abs=0.05) == pytest.approx(9.92, abs=0.01)
    assert bow["gyro"] == pytest.approx(40 + lead, abs=0.05) and bow["within_limit"]
    assert bow["track_angle"] == pytest.approx(180 - 80 - lead, abs=0.05)
    assert bow["run_m"] == pytest.approx(run_m, abs=1) == pytest.approx(7295, abs=1)
    assert bow["run_s"] == pytest.approx(run_m / (40 * 1852 / 3600), abs=0.1) == pytest.approx(354.5, abs=0.1)
    assert programmed["feed"] == ("TDC set: range 7,408 m, speed 7.0 kn, angle on the bow 80° starboard. "
                                  "Gyro angle 50° starboard, run 355 s.")


def test_9_2_1_help_turn_names_the_limit_the_table_checks():
    """§9.2.1 on the table: `help turn` promised steps from -720 to 720 while the table took at most one
    revolution of a ring (360 degrees) and refused more. Help and the table now read one declaration
    (dials.py `DialDecl.most_turn`): a ring turns at most one revolution, the telegraph at most 100 detents."""
    from kaleun.boards.dials import DIALS, MOST_DETENTS
    from kit import console_typed

    assert DIALS["disc_bearing"].most_turn == 360 and DIALS["telegraph"].most_turn == MOST_DETENTS
    out = console_typed("en", "help turn", "turn disc_bearing 361", "turn telegraph 101", "turn disc_bearing 360")
    assert "[from -360 to 360;" in out and "720" not in out
    assert "! turn: steps must be from -360 to 360, not 361" in out
    assert "! turn: steps must be from -100 to 100, not 101" in out  # the table's check of the telegraph
    assert "A ring turns at most one revolution (360 steps) either way, the telegraph at most 100 detents." in out
    assert out.count("\n! ") == 2  # a whole revolution is taken


@pytest.mark.parametrize(("dial", "steps", "said"), [
    ("disc_bearing", 361, "turn: steps must be from -360 to 360, not 361"),
    ("disc_own_course", -100000, "turn: steps must be from -360 to 360, not -100000"),
    ("telegraph", 101, "turn: steps must be from -100 to 100, not 101"),
    ("disc_enemy_course", 2.5, "turn: steps must be a whole number from -360 to 360, not '2.5'"),
])
def test_9_2_1_a_turn_too_far_is_refused_in_the_same_words_typed_or_scripted(tmp_path, dial, steps, said):
    """§9.2.1 on the table: a `turn` beyond a dial's limit said "steps must be from -360 to 360, not 361" at the
    console and "steps must be between -360 and 360, got 361" in a table script (and the console passed the
    telegraph's own limit to the table, which said it the script's way). One message now, whichever way."""
    from kaleun.runtime.script import ScriptError
    from kit import console_typed, play_script

    typed = console_typed("en", f"turn {dial} {steps:g}")
    with pytest.raises(ScriptError) as scripted:
        play_script(tmp_path, [{"t": 0, "do": "turn", "dial": dial, "steps": steps}])
    assert typed.strip() == f"! {said}"
    assert str(scripted.value).endswith(f":1: {said}")


def test_9_2_1_a_bare_disc_says_what_to_type(tmp_path):
    """The attack disc at the console: `disc` with no ring named was refused with the game's field names
    ("attack_disc: needs at least one of: own_course, enemy_course, bearing"); it now says, in words a First
    Officer reads out, which rings there are and what to type, and changes nothing."""
    from kit import console_typed

    g = range_game()
    out = console_typed("en", "disc", game=g)
    assert out.strip() == ("! disc: say which rings to set: own (our course), enemy (the enemy's course) or bearing "
                           "(the enemy's bearing from the bow), for example: disc own=290 enemy=70 bearing=40")
    assert "own_course" not in out and "attack_disc" not in out
    assert g.module("weapons").status()["disc"]["own_course"] is None


def test_9_2_1_help_disc_says_that_360_is_000():
    """§9.2.1: the rings read whole degrees and a sailor writes north as 360; `help disc` says so."""
    from kit import console_typed

    out = console_typed("en", "help disc", "disc own=360 enemy=360 bearing=360")
    assert "Whole degrees; 360 is the same as 000." in out
    assert "attack disc: own course 000, enemy course 000, bearing 000" in out


def test_9_2_1_a_ring_reads_0_to_360_by_dial_and_disc_alike():
    """§9.2.1: a course or bearing is 000-359, and a sailor writes north as 360. `dial disc_bearing 400` was
    taken as 040 (and -5 as 355) while `disc own=360` was refused: the same reading, two answers. Both now
    take 0 to 360 (360 is 000) and refuse anything else with the range, changing nothing."""
    from kit import console_typed

    out = console_typed("en", "dial disc_bearing 40", "dial disc_bearing 400", "dial disc_bearing -5",
                        "disc bearing=400", "dial disc_own_course 360", "disc enemy=360")
    lines = out.splitlines()
    assert lines[0].startswith("attack disc: own course -, enemy course -, bearing 040")
    assert lines[1:4] == ["! disc_bearing reads whole degrees from 0 to 360 (360 is 000), got 400",
                          "! disc_bearing reads whole degrees from 0 to 360 (360 is 000), got -5",
                          "! disc: bearing must be from 0 to 360, not 400"]
    assert lines[4].startswith("attack disc: own course 000, enemy course -, bearing 040")
    assert lines[5].startswith("attack disc: own course 000, enemy course 000, bearing 040")


def test_9_2_1_the_disc_command_refuses_an_unknown_via():
    """`attack_disc` (a table script's line) took any `via`: a typo such as `"via": "dsic"` went into the
    log unnoticed. It is refused with the values it takes, and the disc stays as it was."""
    g = range_game()
    with pytest.raises(CommandError) as refusal:
        g.apply({"do": "attack_disc", "bearing": 40, "via": "dsic"})
    assert "script, console, window, disc" in str(refusal.value)
    assert g.module("weapons").status()["disc"]["bearing"] is None
    for via in ("script", "console", "window", "disc"):
        assert one(do(g, {"do": "attack_disc", "bearing": 40, "via": via}), "attack_disc")["bearing"] == 40


def test_9_2_1_the_rings_feed_the_disc_with_a_via_it_takes():
    """The table names the rings' group (boards/dials.toml `group`) as the command's `via`: every group
    that feeds `attack_disc` is one the command takes."""
    from kaleun.boards.dials import DIALS
    from kaleun.uboot.weapons.disc import VIA

    groups = {d.group for d in DIALS.values() if d.command.get("do") == "attack_disc"}
    assert groups and groups <= set(VIA)


def test_9_2_1_status_shows_the_disc_once_when_the_rings_set_by_hand_agree_with_the_game():
    """§9.2.1 at the console: the crew dials the worked example on the rings (own course 290, bearing 40, enemy
    course 70). The rings fed the game, so `status` showed the same disc twice (`disc: own course 290, ...` and
    `attack disc: own course 290, ...`); it shows the game's line alone. When the rings and the game differ (the
    `disc` command gave another own course since), both lines stand: the rings read one thing, the TDC uses the
    other."""
    from kaleun.i18n import language
    from kaleun.ui.console_views import disc_held, game_disc, rings

    g = range_game(course=290)
    table = _sim_table(g)
    for dial, value in (("disc_own_course", 290), ("disc_bearing", 40), ("disc_enemy_course", 70)):
        table.set_dial(dial, value)
    en = language("en")
    assert rings(table, en, disc_held(g)) + game_disc(g, en) == [
        "attack disc: own course 290, enemy course 070, bearing 040: true bearing 330, angle on the bow 80° "
        "starboard"]
    do(g, {"do": "attack_disc", "own_course": 200, "via": "console"})
    assert rings(table, en, disc_held(g)) == ["disc: own course 290, enemy course 070, bearing 040"]
    assert game_disc(g, en)[0].startswith("attack disc: own course 200,")
    table.close()


def test_9_2_1_the_disc_with_no_target_chosen_says_where_range_and_speed_come_from():
    """§9.2.1: the disc gives the bearing and the courses, not range or speed. Set on the disc with no contact
    chosen, the TDC was refused with "the TDC needs the target's range and speed", which on the window's TDC sheet
    (no range or speed to give there) reads as a dead end; it says the disc gives only the bearing and the courses
    and to choose a target for the rest. With a target chosen the same disc programs the TDC."""
    g = range_game(course=290, vessels=[{"class": "tramp", "bearing": 330, "range_m": 1500, "course": 70,
                                         "speed_kn": 7.5}])
    order(g, "periscope")
    do(g, {"do": "attack_disc", "own_course": 290, "bearing": 40, "enemy_course": 70, "via": "disc"})
    assert refused(order(g, "tdc", source="disc")) == (
        "the TDC needs the target's range and speed (the attack disc gives only the bearing and the courses: "
        "choose a target for the rest)")
    assert refused(order(g, "tdc", source="disc", range_nm=1)).startswith("the TDC needs the target's speed (")
    one(order(g, "tdc", source="disc", range_nm=1, speed_kn=7.5), "tdc_programmed")
    while g.module("sea").picture.get("c1") is None and g.t < 600:
        advance(g, g.t + 10)
    assert one(order(g, "tdc", source="disc", contact="c1"), "tdc_programmed")["source"] == "disc"


def test_9_2_1_a_ring_turned_once_round_in_a_script_sets_the_reading_it_stands_at(tmp_path):
    """§9.2.1 in a table script on the simulated table: the boat heads north, so the green ring's own course
    is 000 — where a new game's ring already stands. A script's only hand is `turn`: a whole turn (360 steps)
    brings the ring round to 000, as a hand at the table does, and a real encoder, counting the turn step by
    step, feeds that reading. The simulated ring fed nothing (it stood where it had stood) and the TDC went on
    refusing "the attack disc is not set: set the own course ring". A ring already fed is not fed again by a
    whole turn: the game has that reading."""
    from kit import play_script

    _g, events = play_script(tmp_path, [
        {"t": 0, "do": "turn", "dial": "disc_bearing", "steps": 31},
        {"t": 1, "do": "turn", "dial": "disc_enemy_course", "steps": 137},
        {"t": 2, "do": "turn", "dial": "disc_own_course", "steps": 360},
        {"t": 3, "do": "turn", "dial": "disc_own_course", "steps": -360},
        {"t": 4, "do": "order", "order": "tdc", "source": "disc", "range_nm": 1.2, "speed_kn": 7.5},
        {"t": 5, "do": "end"}])
    discs = [e for e in events if e["event"] == "attack_disc"]
    assert [(e["own_course"], e["enemy_course"], e["bearing"]) for e in discs] == [
        (None, None, 31), (None, 137, 31), (0, 137, 31)]  # the second whole turn feeds nothing more
    assert one(events, "tdc_programmed")["source"] == "disc"
