"""Rulebook §4.1: a game ends and is debriefed. A practice piece (the training, the exercises) has no objectives, no
base and no time limit, so it ended only with the boat: a group that did well never saw its debrief. The crew may
now end it (`end_exercise`; in the window the Map page's Mission sheet has End the exercise, given with a second
touch): the debrief follows (ships sunk, tally, crew, track) with no grade and nothing booked. The end is a command
of the event log and of the table script, so a game ended so replays byte for byte; a mission with objectives
refuses it."""

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


@pytest.mark.parametrize("mission", ["training", "exercise_convoy"])
def test_4_1_a_practice_piece_ended_by_the_crew_gives_its_debrief(tmp_path: Path, mission: str) -> None:
    game, events = play_script(tmp_path, SCRIPT, game=new_game(0, mission))
    end = one(events, "mission_end")
    assert (end["t"], end["result"], end["reason"]) == (1800, "ended", "exercise_ended")
    assert end["feed"] == "The crew ends the exercise."
    assert "grade" not in end and "score" not in end  # a practice piece has none by design
    told = debrief(game)
    assert (told["result"], told["grade"], told["score"]) == ("ended", None, None)
    assert told["track"] and told["track"][-1][0] == 1800.0  # the track runs to where the crew ended it
    said = [language("en").render(line) for line in lines(told)]
    assert any("the crew ended the exercise" in line for line in said), said


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


@pytest.mark.parametrize(("code", "typed", "says"), [("en", "end_exercise", "The crew ends the exercise."),
                                                      ("de", "übung_beenden", "Die Besatzung beendet die Übung."),
                                                      ("ru", "завершить_учение", "Экипаж завершает учение.")])
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
                          game=new_game(0, "training"))
    assert {"en": "To end the exercise here: end_exercise.", "de": "Um die Übung hier zu beenden: übung_beenden.",
            "ru": "Чтобы завершить учение здесь: завершить_учение."}[code] in typed, typed


def test_4_1_a_practice_piece_over_refuses_a_second_end(tmp_path: Path) -> None:
    """Once the game is over (here ended by the crew) another end is refused in words, and the first end stands."""
    game, events = play_script(tmp_path, [*SCRIPT, {"t": 1900, "do": "end_exercise"}], game=new_game(0, "training"))
    assert one(events, "mission_end")["t"] == 1800
    assert one(events, "action_refused")["feed"] == "End of the exercise refused: the mission is over."
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
