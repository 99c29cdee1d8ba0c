"""Rulebook §4.1: a game ends and is debriefed. A practice piece (the training, the exercises, the open patrol) has no
objectives and no time limit, so it ended only with the boat: a group that did well never saw its debrief. The crew
may now end it (`end_exercise`; in the window the Map page's Mission sheet has End the exercise, given with a second
touch): the debrief follows (ships sunk, tally, crew, track) with no grade and nothing booked. The end is a command
of the event log and of the table script, so a game ended so replays byte for byte; a mission with objectives
refuses it. Each piece is named as its mission file says it is (`practice`): the open patrol is a patrol, not an
exercise, in the feed, the debrief, the console and the window."""

from __future__ import annotations

from pathlib import Path

import pytest
from kaleun.i18n import language
from kaleun.saves import game_finished, load_saved_game, save_game
from kaleun.uboot.game import new_game
from kaleun.uboot.missions.debrief import debrief, lines
from kit import console_typed, named, one, play_script
from window.fingers import Table_, shown

SCRIPT: list[dict | str] = [{"t": 0, "do": "order", "order": "new_speed", "speed": "half_ahead"},
                            {"t": 1800, "do": "end_exercise"}]


#: each kind of practice piece (missions.toml `practice`): a mission of it, and its words in the feed and the debrief
KINDS = [("training", "training", "The crew ends the training patrol.", "the crew ended the training patrol"),
         ("exercise_convoy", "exercise", "The crew ends the exercise.", "the crew ended the exercise"),
         ("patrol_atlantic", "patrol", "The crew ends the patrol.", "the crew ended the patrol")]


@pytest.mark.parametrize(("mission", "kind", "feed", "reason"), KINDS)
def test_4_1_a_practice_piece_ended_by_the_crew_gives_its_debrief(tmp_path: Path, mission: str, kind: str, feed: str,
                                                                  reason: str) -> None:
    game, events = play_script(tmp_path, SCRIPT, game=new_game(0, mission))
    end = one(events, "mission_end")
    assert (end["t"], end["result"], end["reason"]) == (1800, "ended", "exercise_ended")
    assert end["feed"] == feed
    assert "grade" not in end and "score" not in end  # a practice piece has none by design
    told = debrief(game)
    assert (told["result"], told["grade"], told["score"], told["practice"]) == ("ended", None, None, kind)
    # the track runs to where the crew ended it, that moment once (the half-hourly point is the same moment)
    assert [p[0] for p in told["track"]][-2:] == [0.0, 1800.0]
    said = [language("en").render(line) for line in lines(told)]
    assert f"Result: ended ({reason})." in said, said


@pytest.mark.parametrize(("code", "words"), [
    ("en", ("Result: ended (the crew ended the patrol).", "The crew ends the patrol.")),
    ("de", ("Ergebnis: beendet (die Besatzung hat die Feindfahrt beendet).", "Die Besatzung beendet die Feindfahrt.")),
    ("ru", ("Итог: завершено (экипаж завершил поход).", "Экипаж завершает поход."))])
def test_4_1_the_open_patrol_ended_is_a_patrol_not_an_exercise_in_each_language(code: str,
                                                                                words: tuple[str, str]) -> None:
    """The open patrol (`patrol_atlantic`) ended at the console: its line and its debrief say the patrol, in the
    table's language; no word of an exercise."""
    said = console_typed(code, {"en": "end_exercise", "de": "übung_beenden", "ru": "завершить_учение"}[code],
                         game=new_game(0, "patrol_atlantic"))
    for line in words:
        assert line in said, said
    assert not any(exercise in said.lower() for exercise in ("exercise", "übung", "учени")), said


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_4_1_the_saved_debriefs_chart_says_how_the_patrol_ended(code: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The saved debrief (the PNG's text, the JSON's `practice`) of the open patrol ended by the crew."""
    from kaleun.ui.debrief_chart import render_debrief
    from missionkit import chart_texts

    game = new_game(0, "patrol_atlantic")
    game.apply({"do": "end_exercise"})
    told = debrief(game)
    assert (told["reason"], told["practice"]) == ("exercise_ended", "patrol")
    drawn = chart_texts(monkeypatch)
    tongue = language(code)
    render_debrief(told, tongue.text, tongue.plural, tongue.number)
    assert {"en": "Result: ended (the crew ended the patrol)", "de": "Ergebnis: beendet (die Besatzung hat die "
            "Feindfahrt beendet)", "ru": "Итог: завершено (экипаж завершил поход)"}[code] in drawn, drawn


def test_4_1_the_end_of_a_practice_piece_replays_byte_for_byte(tmp_path: Path) -> None:
    runs = []
    for name in ("a", "b"):
        (tmp_path / name).mkdir()
        runs.append(play_script(tmp_path / name, SCRIPT, game=new_game(3, "exercise_convoy"))[1])
    first, again = runs
    assert first == again and one(first, "mission_end")["result"] == "ended"


def test_4_1_a_practice_piece_ended_is_over_in_its_save(tmp_path: Path) -> None:
    game, _ = play_script(tmp_path, SCRIPT, game=new_game(0, "training"))
    path = tmp_path / "ended.save.json"
    save_game(game, path)
    assert game_finished(path) is True  # kept aside as a game that is over, never offered to go on
    assert load_saved_game(path).module("mission").over


def test_4_1_only_a_practice_piece_may_be_ended_by_the_crew(tmp_path: Path) -> None:
    game, events = play_script(tmp_path, [{"t": 60, "do": "end_exercise"}], game=new_game(0, "aircrew_1942"))
    assert not named(events, "mission_end") and not game.module("mission").over
    assert one(events, "action_refused")["feed"] == ("End of the exercise refused: a mission with objectives ends by "
                                                     "its time limit, the return to base or the loss of the boat.")


@pytest.mark.parametrize(("code", "typed", "says"), [("en", "end_exercise", "The crew ends the training patrol."),
                                                      ("de", "übung_beenden",
                                                       "Die Besatzung beendet die Ausbildungsfahrt."),
                                                      ("ru", "завершить_учение", "Экипаж завершает учебный поход.")])
def test_4_1_the_console_ends_a_practice_piece_in_the_tables_language(code: str, typed: str, says: str) -> None:
    game = new_game(0, "training")
    said = console_typed(code, typed, game=game)
    assert says in said, said
    assert game.module("mission").result == "ended"


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_4_1_the_window_ends_a_practice_piece_after_a_second_touch(code: str) -> None:
    table = Table_(mission="training", seed=0, language=code)
    table.tap("tab.map")
    table.tap("map.mission")  # the mission's sheet: the practice piece's own words, and its end
    table.tap("mission.end_exercise")
    assert not table.window.cut, table.window.cut
    assert not table.game.module("mission").over  # the first touch only opens the sheet that asks
    table.tap("sheet.give")
    assert table.named("mission_end")[-1].data["result"] == "ended"
    assert table.window.mission_end is not None  # the debrief opens, as after any other end


@pytest.mark.parametrize(("mission", "button", "headline"), [("training", "End the training patrol",
                                                              "Training patrol over"),
                                                             ("exercise_escort", "End the exercise", "Exercise over"),
                                                             ("patrol_atlantic", "End the patrol", "Patrol over")])
def test_4_1_the_window_names_the_practice_piece_it_ends(mission: str, button: str, headline: str) -> None:
    """The Mission sheet's button, the sheet that asks once more and the debrief's headline name the piece as its
    mission file says it is: the open patrol's say the patrol."""
    table = Table_(mission=mission, seed=0)
    table.tap("tab.map")
    table.tap("map.mission")
    assert button in shown(table)
    table.tap("mission.end_exercise")
    assert button in shown(table)  # the sheet's title
    table.tap("sheet.give")
    table.render()
    assert str(table.window.overlay.headline()[0]) == headline
    assert headline in shown(table)


def test_4_1_a_mission_with_objectives_shows_no_end_of_exercise_button() -> None:
    table = Table_(mission="aircrew_1942", seed=0)
    table.tap("tab.map")
    table.tap("map.mission")
    table.target("mission.close")
    assert table.window.targets.get("mission.end_exercise") is None


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_4_1_the_refused_return_of_a_practice_piece_says_where_its_end_is(code: str) -> None:
    """A group that wants to stop looks first at Return to base, which a practice piece (no base) refuses: the sheet
    and `check return` say where the exercise's own end is."""
    table = Table_(mission="exercise_convoy", seed=0, language=code)
    table.tap("tab.orders")
    table.tap("order.return_to_base")
    said = " ".join(shown(table))
    assert {"en": "End the exercise on the Map page's Mission sheet", "de": "„Übung beenden“ auf dem Blatt",
            "ru": "«Завершить учение» на листе"}[code] in said, said
    typed = console_typed(code, {"en": "check return", "de": "prüfen heimmarsch", "ru": "проверить возвращение"}[code],
                          game=new_game(0, "exercise_convoy"))
    assert {"en": "To end the exercise here: end_exercise.", "de": "Um die Übung hier zu beenden: übung_beenden.",
            "ru": "Чтобы завершить учение здесь: завершить_учение."}[code] in typed, typed
    training = Table_(mission="training", seed=0, language=code)  # the training patrol is named as such
    training.tap("tab.orders")
    training.tap("order.return_to_base")
    said = " ".join(shown(training))
    assert {"en": "End the training patrol on the Map page's Mission sheet", "de": "„Ausbildungsfahrt beenden“ auf "
            "dem Blatt", "ru": "«Завершить учебный поход» на листе"}[code] in said, said
    typed = console_typed(code, {"en": "check return", "de": "prüfen heimmarsch", "ru": "проверить возвращение"}[code],
                          game=new_game(0, "training"))
    assert {"en": "To end the training patrol here: end_exercise.",
            "de": "Um die Ausbildungsfahrt hier zu beenden: übung_beenden.",
            "ru": "Чтобы завершить учебный поход здесь: завершить_учение."}[code] in typed, typed


def test_4_1_a_practice_piece_over_refuses_a_second_end(tmp_path: Path) -> None:
    """Once the game is over (here ended by the crew) another end is refused in words, and the first end stands."""
    game, events = play_script(tmp_path, [*SCRIPT, {"t": 1900, "do": "end_exercise"}], game=new_game(0, "training"))
    assert one(events, "mission_end")["t"] == 1800
    assert one(events, "action_refused")["feed"] == "End of the training patrol refused: the mission is over."
    assert (game.module("mission").result, game.module("mission").ended_at) == ("ended", 1800)


def test_4_1_captain_sonar_has_no_exercise_to_end() -> None:
    """Captain Sonar's referee has no such command: a script line of it is refused by name, nothing is changed."""
    from kaleun.core.errors import CommandError
    from kaleun.sonar.game import new_game as new_sonar_game

    game = new_sonar_game(3)
    before = game.to_state()
    with pytest.raises(CommandError, match="unknown command 'end_exercise'"):
        game.apply({"do": "end_exercise"})
    assert game.to_state() == before


def test_4_1_a_mission_file_says_what_kind_of_practice_piece_it_is() -> None:
    """`practice` in a mission file: one of training, exercise, patrol (a piece naming none is an exercise); a
    mission with objectives is no practice piece, and a file that says it is one is refused at its line."""
    from kaleun.uboot.missions.catalogue import MissionError, catalogue, check_text
    from kaleun.uboot.missions.practice import kind_of
    from missionkit import MISSION_TOML

    shipped = catalogue().missions
    assert (shipped["training"]["practice"], shipped["patrol_atlantic"]["practice"]) == ("training", "patrol")
    assert {s.get("practice") for m, s in shipped.items() if m.startswith("exercise_")} == {"exercise"}
    assert not [m for m, s in shipped.items() if s.get("objective") and "practice" in s]
    piece = 'name = "Our drill"\nstart = "1941-06-01T04:00:00"\nsquare = "BF54"\n'
    assert kind_of(check_text(piece, "drill.toml", "drill")["drill"]) == "exercise"
    with pytest.raises(MissionError) as err:
        check_text(piece + 'practice = "drill"\n', "drill.toml", "drill")
    assert err.value.problems == ["drill.toml:4: drill: practice: 'drill' is not one of: training, exercise, patrol"]
    with pytest.raises(MissionError) as err:
        check_text(MISSION_TOML.replace('briefing = "A test."', 'briefing = "A test."\npractice = "patrol"'),
                   "mine.toml", "mine")
    assert err.value.problems == ["mine.toml:7: mine: practice: a mission with objectives is no practice piece (its "
                                  "crew cannot end it); leave the key out, or the objectives"]


@pytest.mark.parametrize(("code", "piece"), [("en", "the open patrol"), ("de", "freie Feindfahrt"),
                                             ("ru", "свободный поход")])
def test_4_1_the_console_help_names_every_kind_of_practice_piece_end_exercise_ends(code: str, piece: str) -> None:
    from kaleun.ui.actions import find

    action = find("end_exercise")
    assert action is not None
    assert piece in language(code).text(action.summary)


@pytest.mark.parametrize(("code", "typed", "says"), [("en", "end_the_patrol", "The crew ends the patrol."),
                                                      ("de", "feindfahrt_beenden",
                                                       "Die Besatzung beendet die Feindfahrt."),
                                                      ("ru", "завершить_поход", "Экипаж завершает поход.")])
def test_4_1_the_open_patrols_button_typed_at_the_console_ends_it(code: str, typed: str, says: str) -> None:
    """The window's End the patrol, typed as its label reads, is the console's end_exercise too."""
    game = new_game(0, "patrol_atlantic")
    assert says in console_typed(code, typed, game=game)
    assert game.module("mission").result == "ended"


def test_4_1_a_practice_piece_given_objectives_by_a_games_changes_is_a_mission_proper() -> None:
    """`kaleun run --changes` (and a save's settings) may give the training patrol objectives, as before `practice`
    was kept: the changes are not refused for the file's `practice`, and the game is a mission proper, ended by its
    time limit, not by the crew."""
    from kaleun.uboot.game import check_changes

    changes = {"objective": [{"id": "far", "kind": "reach", "square": "AL03", "text": "Be in AL03."}],
               "time_limit_h": 1, "base": "lorient"}
    check_changes("training", changes)
    game = new_game(0, "training", changes)
    assert (game.module("mission").scored, game.module("mission").practice) == (True, None)
    assert game.module("mission").why_not_end_exercise() is not None


#: the debrief's line of what the boat did, headed by what was played, in each language
RUN_LINES = {
    "training": {"en": "Training patrol: 0 nm run, 0 sextant fixes, 0 attacks.",
                 "de": "Ausbildungsfahrt: 0 sm zurückgelegt, 0 Standorte per Sextant, 0 Angriffe.",
                 "ru": "Учебный поход: пройдено 0 миль, 0 мест по секстанту, 0 атак."},
    "exercise_aircraft": {"en": "Exercise: 0 nm run, 0 sextant fixes, 0 attacks.",
                          "de": "Übung: 0 sm zurückgelegt, 0 Standorte per Sextant, 0 Angriffe.",
                          "ru": "Учение: пройдено 0 миль, 0 мест по секстанту, 0 атак."},
    "patrol_atlantic": {"en": "Patrol: 0 nm run, 0 sextant fixes, 0 attacks.",
                        "de": "Feindfahrt: 0 sm zurückgelegt, 0 Standorte per Sextant, 0 Angriffe.",
                        "ru": "Поход: пройдено 0 миль, 0 мест по секстанту, 0 атак."},
}


@pytest.mark.parametrize("code", ["en", "de", "ru"])
@pytest.mark.parametrize("mission", list(RUN_LINES))
def test_4_1_the_debrief_of_a_practice_piece_names_what_was_played(code: str, mission: str) -> None:
    """§4.1, the debrief: its line of the distance run, the fixes and the attacks is headed by what the crew played
    (the training patrol, an exercise, the open patrol), never "Patrol:" for an exercise; as the console prints it
    when the crew ends the piece."""
    said = console_typed(code, {"en": "end_exercise", "de": "übung_beenden", "ru": "завершить_учение"}[code],
                         game=new_game(0, mission))
    assert RUN_LINES[mission][code] in said.splitlines(), said


@pytest.mark.parametrize(("mission", "kind", "first", "chart"), [
    ("training", "training", "Debrief so far, the training patrol is still running",
     "Training patrol still running: a debrief so far, not the end"),
    ("exercise_escort", "exercise", "Debrief so far, the exercise is still running",
     "Exercise still running: a debrief so far, not the end"),
    ("patrol_atlantic", "patrol", "Debrief so far, the patrol is still running",
     "Patrol still running: a debrief so far, not the end")])
def test_4_1_a_debrief_so_far_names_the_practice_piece_still_running(mission: str, kind: str, first: str, chart: str,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """A debrief of a piece not over yet (`kaleun run --debrief` before its end) says which piece is still running,
    in its lines and on the saved chart."""
    from kaleun.uboot.missions.practice import still_running
    from kaleun.ui.debrief_chart import render_debrief
    from missionkit import chart_texts

    told = debrief(new_game(0, mission))
    assert (told["result"], told["practice"]) == (None, kind)
    assert language("en").render(lines(told)[0]).startswith(first)
    drawn = chart_texts(monkeypatch)
    english = language("en")
    render_debrief(told, english.text, english.plural, english.number)
    assert chart in drawn, drawn
    for code in ("de", "ru"):
        assert language(code).missing(lines(told)[0]) == []
        assert language(code).missing(still_running(kind)) == []
