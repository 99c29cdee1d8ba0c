"""Missions are data (rulebook §4.1, §4.3, §11 of the digest): a mission file with a mistake is refused with
`file:line: problem`, at start and here in `make test`; the shipped missions span 1939-1943 and the North Sea,
the Norwegian Sea and the Atlantic."""

from __future__ import annotations

from datetime import datetime

import pytest
from kaleun.uboot.missions.catalogue import MissionError, catalogue, check_text
from kaleun.uboot.missions.setup import campaign_order, mission_lines, patrol_parts
from kaleun.uboot.sea.grid import naval_grid
from kit import run_kaleun
from missionkit import MISSION_TOML, catalogue_refused

GOOD = MISSION_TOML


def test_4_3_the_shipped_missions_load_and_are_checked():
    missions = {m: s for m, s in catalogue().missions.items() if s.get("objective")}
    assert len(missions) >= 10
    years = {datetime.fromisoformat(s["start"]).year for s in missions.values()}
    assert years == {1939, 1940, 1941, 1942, 1943}
    bases = {s["base"] for s in missions.values()}
    assert {"wilhelmshaven", "kiel", "lorient", "st_nazaire", "la_pallice", "brest", "bergen", "narvik"} <= bases


def test_4_1_each_mission_has_its_own_decisive_problem_and_its_own_words():
    missions = [s for s in catalogue().missions.values() if s.get("objective")]
    summaries = [s["summary"] for s in missions]
    assert len(set(summaries)) == len(summaries)
    kinds = {tuple(sorted(o["kind"] for o in s["objective"])) for s in missions}
    assert len(kinds) >= 7  # sink, GRT, reach, station + report, report + shadow, rendezvous ...
    seas = {naval_grid().name_at(*naval_grid().centre(s["square"]))[:2] for s in missions}
    assert {"AN", "AF", "AC", "AL", "AK", "CG", "CA"} <= seas  # North Sea, Norwegian and Barents Sea, Atlantic


def test_4_1_a_sink_objective_names_no_weapon_the_game_does_not_check():
    """An objective is checked by the game as its words say: "with the deck gun" is a `cause = "gunfire"`; the T5
    mission's "Sink an escort with the acoustic torpedo." was met by an escort sunk with any torpedo (the game
    knows no torpedo type of a sinking), so its words claimed a check that was never made."""
    weapons = {"deck gun": "gunfire", "gunfire": "gunfire", "torpedo": "torpedo", "mine": "mine"}
    for mission, spec in catalogue().missions.items():
        tables = list(spec.get("objective", [])) + [r["objective"] for r in spec.get("radio", []) if "objective" in r]
        for table in (t for t in tables if t["kind"] == "sink"):
            for words, cause in weapons.items():
                if words in table["text"].lower():
                    assert table.get("cause") == cause, (mission, table["text"])


def test_4_3_the_campaign_runs_in_date_order_and_linked_patrols_have_their_parts():
    order = campaign_order()
    starts = [catalogue().missions[m]["start"] for m in order]
    assert starts == sorted(starts) and order[0] == "prize_rules_1939"
    assert patrol_parts("autumn_1940") == ["sc_convoy_1940", "weather_1940"]
    assert patrol_parts("spring_1941") == ["shadow_1941", "agents_1941"]
    lines = {m.id: m for m in mission_lines()}
    assert lines["weather_1940"].part == 2 and lines["weather_1940"].parts == 2
    assert "[linked patrol Autumn 1940, part 2 of 2]" in str(lines["weather_1940"].line())
    assert lines["training"].campaign is None and not lines["training"].scored


def test_a_good_mission_file_passes():
    found = check_text(GOOD, "mine.toml", "mine")
    assert found["mine"]["objective"][0]["square"] == "BF45"


@pytest.mark.parametrize("change, line, problem", [
    ('square = "BF54"', 4, "square: square 'ZZ99' is not on the strategic map"),
    ('time_limit_h = 24', 5, "time_limit_h = -3 is out of range"),
    ('base = "lorient"', 3, "base: Lorient took U-boats only from 7 July 1940; the mission starts on 1 June 1939"),
    ('kind = "reach"', 10, "objective[0].kind must be one of"),
])
def test_a_mistake_is_refused_with_file_line_and_the_problem(change, line, problem):
    bad = {
        'square = "BF54"': GOOD.replace('square = "BF54"', 'square = "ZZ99"'),
        'time_limit_h = 24': GOOD.replace("time_limit_h = 24", "time_limit_h = -3"),
        'base = "lorient"': GOOD.replace('1941-06-01', '1939-06-01'),
        'kind = "reach"': GOOD.replace('kind = "reach"', 'kind = "teleport"'),
    }[change]
    with pytest.raises(MissionError) as err:
        check_text(bad, "mine.toml", "mine")
    assert err.value.problems[0].startswith(f"mine.toml:{line}: mine: ")
    assert problem in err.value.problems[0]


def test_every_mistake_of_a_file_is_named_at_once():
    bad = GOOD + """
[[radio]]
after = "nothing"
text = "Go home."

[[encounter]]
at_h = 2
convoy = { kind = "HX", escorts = ["river"], speed = 8 }
"""
    with pytest.raises(MissionError) as err:
        check_text(bad, "mine.toml", "mine")
    text = str(err.value)
    assert "mine.toml:15: mine: radio[0].after: no objective 'nothing'" in text
    assert "the River-class frigate is not at sea before 3 April 1942 (the mission starts on 1 June 1941)" in text
    assert "encounter[0].convoy.speed: unknown key" in text
    assert len(err.value.problems) == 3


def test_a_mistake_in_a_top_level_field_hides_no_other_mistake():
    """host/README.md: "every mistake of a file at once": a misspelt top-level key, a square off the map or a
    wrong kind of value stopped the check there, and the group met the file's other mistakes one run at a
    time. A field refused is not reported again as missing."""
    bad = GOOD.replace("time_limit_h = 24", "time_limt_h = 24").replace('square = "BF54"', 'square = "BF5"') \
        .replace('1941-06-01', '1940-06-01') + """
[[radio]]
after = "nothing"
text = "Go home."
"""
    with pytest.raises(MissionError) as err:
        check_text(bad, "mine.toml", "mine")
    problems = err.value.problems
    assert any(p.startswith("mine.toml:4: mine: square: square 'BF5'") for p in problems)
    assert any(p.startswith("mine.toml:5: mine: time_limt_h: unknown key") for p in problems)
    assert "mine.toml:3: mine: base: Lorient took U-boats only from 7 July 1940; the mission starts on 1 June " \
           "1940" in problems
    assert "mine.toml:15: mine: radio[0].after: no objective 'nothing' (objectives: go)" in problems
    assert "mine.toml:1: mine: a mission with objectives needs a time limit (time_limit_h)" in problems
    numbers = [int(p.split(":")[1]) for p in problems]
    assert numbers == sorted(numbers)  # in the file's order, as a group reads it
    refused = GOOD.replace('base = "lorient"', 'base = "lorinet"')
    with pytest.raises(MissionError) as err:
        check_text(refused, "mine.toml", "mine")
    assert [p.split(": ", 2)[2][:5] for p in err.value.problems] == ["base:"]  # not "needs a base" too


def test_an_objective_needs_its_place_and_a_rendezvous_a_point():
    bad = GOOD.replace('square = "BF45"\n', "").replace('kind = "reach"', 'kind = "rendezvous"\nminutes = 5')
    with pytest.raises(MissionError, match="a rendezvous objective needs a place"):
        check_text(bad, "mine.toml", "mine")


def test_kaleun_missions_lists_them_and_checks_files(tmp_path):
    listed = run_kaleun("missions", home=tmp_path)
    assert listed.returncode == 0
    assert "gibraltar_1941" in listed.stdout and "Through the Strait (from Lorient)" in listed.stdout
    assert len(listed.stdout.splitlines()) == len(catalogue().missions)
    good, bad = tmp_path / "mine.toml", tmp_path / "broken.toml"
    good.write_text(GOOD)
    bad.write_text(GOOD.replace('square = "BF45"', 'square = "BF4"'))
    checked = run_kaleun("missions", "check", str(good), str(bad), home=tmp_path)
    assert checked.returncode == 2
    assert f"{good}: ok: mine: Test patrol, 1941-06-01, 1 objective, 0 HQ signals, 0 encounters" in checked.stdout
    assert checked.stderr.strip() == f"{bad}:11: broken: objective[0].square: square 'BF4' is not on the strategic map"


def test_kaleun_play_help_lists_the_missions(tmp_path):
    result = run_kaleun("play", "--help", home=tmp_path)
    assert result.returncode == 0
    assert "missions (--mission ID):" in result.stdout and "prize_rules_1939" in result.stdout


def test_a_mistake_in_the_shipped_files_stops_the_start_with_file_and_line(tmp_path, monkeypatch):
    """The catalogue is read when a game starts: a broken file names itself, its line and the problem."""
    from kaleun.uboot.missions import catalogue as cat

    data = tmp_path / "data"
    (data / "missions").mkdir(parents=True)
    (data / "missions.toml").write_text('[practice]\nname = "Practice"\nstart = "1941-06-01T04:00:00"\n'
                                         'square = "AF76"\nwaether = "fair"\n')
    (data / "missions" / "mine.toml").write_text(GOOD.replace('base = "lorient"', 'base = "hamburg"'))
    monkeypatch.setattr(cat.resources, "files", lambda package: data)
    problems = catalogue_refused(monkeypatch)
    assert problems[0].startswith("missions.toml:5: practice: waether: unknown key (known: ")
    assert problems[1].startswith("missions/mine.toml:3: mine: base: 'hamburg' is not one of: ")
    assert catalogue().missions  # the real files again


def test_a_session_replays_a_configured_game_with_its_changes():
    from kaleun.games import replay_args
    from kaleun.uboot.missions.setup import GameSetup, start_game

    game = start_game(GameSetup(mission="training", seed=4, difficulty={"captain": "hard"}))
    assert replay_args(game) == ('--seed 4 --mission training --changes \'{"difficulty":{"captain":"hard"}}\'')


def test_4_1_the_strait_briefing_says_what_the_sea_does_a_submerged_boat_is_carried_through():
    """gibraltar_1941's briefing once said the *surface* water runs in and a boat "deep under it" is carried
    through, which contradicts itself; the sea carries a boat submerged at 80 m east at two knots, and the
    briefing says so."""
    from kaleun.uboot.sea import geo
    from missionkit import advance, game, order

    briefing = " ".join(catalogue().missions["gibraltar_1941"]["briefing"].split())
    assert "at two knots, down to well below periscope depth: a boat submerged in it" in briefing
    assert "surface water" not in briefing and "deep under it" not in briefing
    g = game("gibraltar_1941", changes={"encounter": [], "air_cover": "none", "traffic": "none",
                                        "position": [35.95, -5.9]})
    order(g, "dive")
    advance(g, 120)
    order(g, "new_depth", depth_m=80)
    advance(g, 1800)
    boat = g.module("boat")
    assert boat.depth_at(g.t) > 60 and boat.telegraph == "stop"
    start = boat.position_at(g.t)
    advance(g, g.t + 3600)
    east, north = geo.offset(*start, *boat.position_at(g.t))
    assert abs(east - 2.0) < 0.2 and abs(north) < 0.2  # carried east at two knots, deep down


def test_a_mission_file_saved_with_a_byte_order_mark_and_windows_line_ends_is_read(tmp_path):
    """A group writing its mission in Windows Notepad saves "UTF-8 with BOM" and CRLF line ends: the file was
    refused as "not valid TOML (Invalid statement (at line 1, column 1))" with nothing wrong in it. Maps and
    board files already read past the mark; a mission file does too, and a real mistake keeps its line."""
    good = tmp_path / "mine.toml"
    good.write_bytes(b"\xef\xbb\xbf" + GOOD.replace("\n", "\r\n").encode("utf-8"))
    checked = run_kaleun("missions", "check", str(good), home=tmp_path)
    assert checked.returncode == 0 and f"{good}: ok: mine: Test patrol" in checked.stdout, checked.stderr
    bad = tmp_path / "bad.toml"
    bad.write_bytes(b"\xef\xbb\xbf" + GOOD.replace('square = "BF54"', 'square = "BF4"').replace("\n", "\r\n")
                    .encode("utf-8"))
    refused = run_kaleun("missions", "check", str(bad), home=tmp_path)
    assert refused.returncode == 2 and f"{bad}:4: bad: square: square 'BF4' is not on the strategic map" in \
        refused.stderr


@pytest.mark.parametrize("mistake, problem", [
    # a key that takes an array of tables given a number: refused once, where the check read past it with a
    # TypeError ('int' object is not iterable) and `kaleun missions check` ended in a traceback
    ("encounter = 5\n", "mine.toml:6: mine: encounter must be an array of tables ([[encounter]]), got 5"),
    # a sink objective's class as a list in a list: unhashable, and a traceback
    ('[[objective]]\nid = "x"\nkind = "sink"\nclass = [["flower"]]\ntext = "Sink."\n',
     "mine.toml:17: mine: objective[1].class: unknown ship class ['flower']"),
])
def test_a_value_of_the_wrong_shape_is_refused_by_name_never_with_a_traceback(mistake, problem, tmp_path):
    bad = tmp_path / "mine.toml"
    text = GOOD.replace("time_limit_h = 24\n", "time_limit_h = 24\n" + mistake) if mistake.startswith("encounter") \
        else GOOD + "\n" + mistake
    bad.write_text(text, encoding="utf-8")
    checked = run_kaleun("missions", "check", str(bad), home=tmp_path)
    assert checked.returncode == 2 and "Traceback" not in checked.stderr, checked.stderr
    assert checked.stderr.splitlines() == [problem.replace("mine.toml", str(bad))]


def test_a_signal_may_tell_where_an_encounter_without_an_id_is_by_its_default_id():
    """host/README.md: an encounter's id defaults to e1, e2 ... in file order, and the game finds it so; the check
    refused a signal naming `e1` as "no encounter 'e1' placed at a square or point"."""
    text = GOOD + """
[[encounter]]
at_h = 1
point = [47.0, -8.0]
vessel = { class = "tramp", course = 90 }

[[radio]]
at_h = 2
encounter = "e1"
text = "A steamer in {square}, course {course}."
"""
    check_text(text, "mine.toml", "mine")
    with pytest.raises(MissionError) as err:
        check_text(text.replace('encounter = "e1"', 'encounter = "e2"'), "mine.toml", "mine")
    assert "radio[0].encounter: no encounter 'e2' placed at a square or point" in str(err.value)


@pytest.mark.parametrize("mistake", [
    'vessel = [{ class = ["flower"] }]\n', 'aircraft = [{ type = ["sunderland"] }]\n', 'convoy = [{ kind = ["HX"] }]\n',
])
def test_an_id_given_as_a_list_is_refused_not_looked_up(mistake):
    """A ship class, an aircraft type or a convoy series given as a list ended the check in "unhashable type:
    'list'" (found by mutating the shipped missions' fields)."""
    text = GOOD.replace("time_limit_h = 24\n", "time_limit_h = 24\n" + mistake)
    with pytest.raises(MissionError) as err:
        check_text(text, "mine.toml", "mine")
    assert all(p.startswith("mine.toml:6: mine: ") for p in err.value.problems), err.value.problems


def test_an_objective_kind_or_mine_type_given_as_a_list_is_refused_not_looked_up():
    for change in ('kind = ["reach"]', 'kind = "mines"\ntype = ["TMB"]\ncount = 1'):
        text = GOOD.replace('kind = "reach"', change)
        with pytest.raises(MissionError) as err:
            check_text(text, "mine.toml", "mine")
        assert all(p.startswith("mine.toml:") for p in err.value.problems), err.value.problems


@pytest.mark.parametrize(("written", "problem"), [
    ("1941-06-01T04:00:00", 'start: must be a date and time in quotes: write "1941-06-01T04:00:00"'),
    ("1941-06-01 04:00:00", 'start: must be a date and time in quotes: write "1941-06-01T04:00:00"'),
    ("1941-06-01", 'start: must be a date and a time of day together, in quotes, like "1941-06-01T04:00:00"'),
    ("04:00:00", 'start: must be a date and a time of day together, in quotes, like "1941-06-01T04:00:00"')])
def test_a_start_written_without_quotes_is_refused_saying_how_to_write_it(written: str, problem: str) -> None:
    """§4: a group writing its own mission types `start = 1941-06-01T04:00:00`, which TOML reads as a date of its
    own: the refusal said `got datetime.datetime(1941, 6, 1, 4, 0)`, Python's words; it says to add the quotes, in
    the table's language too."""
    from kaleun.i18n import language

    bad = GOOD.replace('start = "1941-06-01T04:00:00"', f"start = {written}")
    assert bad != GOOD
    with pytest.raises(MissionError) as err:
        check_text(bad, "mine.toml", "mine")
    assert err.value.problems == [f"mine.toml:2: mine: {problem}"]
    for code in ("de", "ru"):
        assert not [m for m in err.value.messages if language(code).missing(m)]
