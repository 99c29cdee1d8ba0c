"""Rulebook §5.2 and §4.3: a touch-only crew plays on after a mission's end without a keyboard. The debrief offered
only Look around, Chart and (in the settings) Save and quit: the next part of a linked patrol, the campaign's next
mission or any new game needed `kaleun play --linked` typed at a terminal, and a table started by its service stayed
dark after the quit. The debrief now offers **New game** and, where the career record goes on, the next part or
mission by its title; both open the set-up in the same window. The finished game is kept as a quit keeps it (its save,
its session's debrief, its booking in the career record), and the new game keeps that save aside as `kaleun play`
does."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from kaleun.boards.loader import default_board
from kaleun.career import load_career
from kaleun.saves import open_save
from kaleun.uboot.game import new_game
from kaleun.uboot.missions.setup import GameSetup, changes_for
from kaleun.ui import display
from kaleun.ui.session import open_session

from window.fingers import touch

H = 3600.0
FAR = {"id": "far", "kind": "reach", "square": "AL03", "text": "Be in AL03."}  # sc_convoy_1940 starts there


def ended_in_the_window(monkeypatch: pytest.MonkeyPatch, mission: str = "sc_convoy_1940", mode: str = "linked",
                        objective: dict | None = None, **more: object):
    """A part of a linked patrol (or a single mission) shortened to an hour, played in the window to its end."""
    monkeypatch.setattr(display, "has_display", lambda: True)
    setup = GameSetup(mission=mission, seed=3, mode=mode)
    game = new_game(3, mission, {**changes_for(setup), "time_limit_h": 1, "encounter": [], "radio": [],
                                 "air_cover": "none", "traffic": "none", "par_grt": 0,
                                 "objective": [objective or FAR], **more})
    win = open_session(game, default_board(), keep_previous=True)
    win.guard = False
    win.running = True
    wall = [0.0]
    win.runtime.clock = lambda: wall[0]  # two hours of the ship's clock pass at once, in real time
    win.runtime.rest()
    win.runtime.submit({"do": "ui", "action": "time_compression", "mode": "real_time"})
    wall[0] = 2 * H
    win.runtime.step()
    assert game.module("mission").over
    assert win.overlay is not None and win.overlay.id == "debrief"
    return win


def sessions(home: Path) -> set[str]:
    return {p.name.split(".")[0] for p in (home / "sessions").glob("*.events.jsonl")}


def test_5_2_the_debrief_of_a_linked_part_plays_the_next_part_by_touch(home, monkeypatch) -> None:
    win = ended_in_the_window(monkeypatch)
    assert load_career()["patrol"]["next"] == "weather_1940"  # booked at the end, as ever
    first = sessions(home)
    ended = win.runtime
    win.cache.clear()
    win.render(pygame.Surface((800, 480)))
    drawn = {key[2] for key in win.cache._images}
    assert {"Next part", "Weather boat"} <= drawn  # named, as the end line names it
    touch(win, "debrief.next")
    setup = win.overlay
    assert setup is not None and setup.id == "setup" and setup.mode == "linked" and setup.step == 1
    assert setup.playing() == "weather_1940"
    touch(win, "setup.start")
    assert win.overlay is None and win.running
    assert win.game.module("mission").mission == "weather_1940"
    assert (win.game.config.get("changes", {}).get("setup") or {}).get("mode") == "linked"
    assert ended.closed and win.runtime is not ended
    # the finished game as a quit leaves it: saved over, its session (and debrief) kept; the new game its own
    kept = [open_save(p).engine for p in home.glob("autosave-*.json")]
    assert [g.module("mission").mission for g in kept] == ["sc_convoy_1940"] and kept[0].module("mission").over
    assert open_save(home / "autosave.json").engine.module("mission").mission == "weather_1940"
    now = sessions(home)
    assert first <= now and len(now) == 2
    assert list((home / "sessions").glob("*.debrief.*")), "the finished game's saved debrief is kept"
    win.quit()
    win.runtime.close()


def test_a_single_mission_s_debrief_offers_a_new_game_and_back(home, monkeypatch) -> None:
    win = ended_in_the_window(monkeypatch, mode="single")
    ended = win.game
    surface = pygame.Surface((800, 480))
    win.render(surface)
    assert win.targets.get("debrief.next") is None  # nothing goes on after a single mission
    touch(win, "debrief.new")
    assert win.overlay is not None and win.overlay.id == "setup" and win.overlay.step == 0
    touch(win, "setup.debrief")  # changed their mind: the debrief again, nothing started
    assert win.overlay is not None and win.overlay.id == "debrief" and win.running
    touch(win, "debrief.new")
    win.overlay.choose("sc_convoy_1940")  # the same mission again: a new game of it, not the finished one
    touch(win, "setup.next")
    touch(win, "setup.start")
    assert win.overlay is None and win.game is not ended and not win.game.module("mission").over
    assert win.game.t < 60 and win.game.module("mission").mission == "sc_convoy_1940"
    win.quit()
    win.runtime.close()


def test_4_3_the_debrief_of_a_campaign_mission_plays_the_campaign_s_next_mission_by_touch(home, monkeypatch) -> None:
    """§4.3: a campaign mission passed (graded E or better): the debrief names the campaign's next mission, and its
    button opens the set-up on the campaign going on with it; Start plays it. The chart's view keeps the sheet
    for the chart: the row comes back with the summary."""
    from kaleun.career import start_configured

    start_configured(GameSetup(mission="", mode="campaign"))  # the record's campaign, as kaleun play --campaign
    near = {"id": "near", "kind": "reach", "square": "AN41", "text": "Be in AN41."}  # where the mission starts
    monkeypatch.setattr(display, "has_display", lambda: True)
    setup = GameSetup(mission="prize_rules_1939", seed=3, mode="campaign",
                      campaign=load_career()["campaign"]["started"])
    game = new_game(3, "prize_rules_1939", {**changes_for(setup), "time_limit_h": 1, "encounter": [], "radio": [],
                                            "air_cover": "none", "traffic": "none", "par_grt": 0,
                                            "objective": [near]})
    win = open_session(game, default_board(), keep_previous=True)
    win.guard = False
    win.running = True
    wall = [0.0]
    win.runtime.clock = lambda: wall[0]
    win.runtime.rest()
    win.runtime.submit({"do": "ui", "action": "time_compression", "mode": "real_time"})
    wall[0] = 2 * H
    win.runtime.step()
    assert game.module("mission").over and load_career()["campaign"]["next"] == "minefield_1939"
    touch(win, "debrief.chart")
    win.render(pygame.Surface((800, 480)))
    assert win.targets.get("debrief.next") is None and win.targets.get("debrief.quit") is not None  # the chart
    touch(win, "debrief.chart")
    touch(win, "debrief.next")
    chosen = win.overlay
    assert chosen is not None and chosen.id == "setup" and chosen.mode == "campaign" and chosen.step == 1
    assert chosen.playing() == "minefield_1939"
    touch(win, "setup.start")
    assert win.overlay is None and win.game.module("mission").mission == "minefield_1939"
    win.quit()
    win.runtime.close()


def test_save_now_after_the_end_points_to_the_debrief_not_to_a_typed_command(home, monkeypatch) -> None:
    """Save now after a linked part's end said `... goes on with Weather boat: kaleun play --linked.`: a command a
    touch-only crew cannot type, while the debrief offers the next part by touch."""
    win = ended_in_the_window(monkeypatch)
    touch(win, "settings")
    touch(win, "settings.save")
    said = win.lang.render(win.feed.lines[-1].msg)
    assert said == ("Game saved. The mission is over and cannot be played on: the debrief offers the next game (Map, "
                    "then Debrief)."), said
    assert "kaleun play" not in said
    win.quit()
    win.runtime.close()


def test_4_3_a_linked_part_to_be_played_again_is_offered_as_that(home, monkeypatch) -> None:
    """§4.3: a part whose primary objective was not met is played again: the button says so, not "Next part"."""
    away = {"id": "away", "kind": "reach", "square": "BF11", "text": "Be in BF11."}
    win = ended_in_the_window(monkeypatch, objective=away, next_needs_primary=True)
    patrol = load_career()["patrol"]
    assert patrol["next"] == patrol["from"] == "sc_convoy_1940"
    touch(win, "debrief.next")
    assert win.overlay is not None and win.overlay.id == "setup" and win.overlay.playing() == "sc_convoy_1940"
    win.open_debrief()
    from kaleun.uboot.missions.catalogue import titled

    win.cache.clear()
    win.render(pygame.Surface((800, 480)))
    drawn = {key[2] for key in win.cache._images}  # the texts drawn in that frame
    assert {"Play the part again", win.lang.render(titled("sc_convoy_1940"))} <= drawn
    assert "Next part" not in drawn
    win.quit()
    win.runtime.close()


def test_a_start_refused_after_the_end_keeps_the_finished_game_as_it_was(home, monkeypatch) -> None:
    """A new game the career refuses (the record damaged since the end, a campaign chosen): the set-up says why
    and nothing was started; the finished game's save is still the autosave, and Back leads to its debrief."""
    from kaleun.career import career_path

    win = ended_in_the_window(monkeypatch, mode="single")
    ended = win.game
    career_path().write_text("{ not json", encoding="utf-8")
    touch(win, "debrief.new")
    setup = win.overlay
    touch(win, "setup.next")
    touch(win, "setup.mode.campaign")
    touch(win, "setup.start")
    assert win.overlay is setup and setup.problem is not None and win.game is ended
    assert open_save(home / "autosave.json").engine.module("mission").over
    assert not list(home.glob("autosave-*.json"))
    touch(win, "setup.debrief", whole=False)  # (the refusal names the record by its whole path, here a long one)
    assert win.overlay is not None and win.overlay.id == "debrief"
    win.quit()
    win.runtime.close()


def test_a_table_that_cannot_open_again_after_the_end_leaves_quit(home, monkeypatch) -> None:
    """The finished game gave way, but the new game's table cannot be opened (its GPIO taken): the set-up says so
    and offers Quit (the finished game is closed, saved as a quit saves it), not a way back into a closed game."""
    from kaleun.runtime.table import TableError
    from kaleun.ui import session

    win = ended_in_the_window(monkeypatch, mode="single")

    def busy(*args: object, **kwargs: object) -> None:
        raise TableError("GPIO17 is busy")

    monkeypatch.setattr(session, "make_runtime", busy)
    touch(win, "debrief.new")
    touch(win, "setup.next")
    touch(win, "setup.start")
    assert win.runtime.closed and "GPIO17 is busy" in win.lang.render(win.overlay.problem)
    touch(win, "setup.quit")
    assert not win.running and win.farewell is None
    assert open_save(home / "autosave.json").engine.module("mission").over


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_4_1_the_buttons_of_what_comes_next_push_no_line_of_the_debrief_off_the_screen(home, monkeypatch,
                                                                                         code: str) -> None:
    """The next part and New game take no row from the summary: the objective and the crew lost are still read."""
    from kaleun.core.messages import Msg

    win = ended_in_the_window(monkeypatch)
    win.set_language(code)
    win.cache.clear()
    win.cut.clear()
    win.render(pygame.Surface((800, 480)))
    drawn = {key[2] for key in win.cache._images}
    for line in (Msg("{mark} {text}", mark="✓", text="Be in AL03."), Msg("{n} of the crew dead", n=0),
                 Msg("Next part"), Msg("New game")):
        assert win.lang.render(line) in drawn, (line, drawn)
    assert not [whole for whole in win.cut if "debrief.png" not in whole], win.cut
    win.quit()
    win.runtime.close()


def test_5_2_a_damaged_career_record_is_said_by_the_next_parts_button_and_played_on_once_mended(home, monkeypatch):
    """§5.2: a linked part that ends while the career record cannot be read showed no Next part at all, so a touch-only
    crew could not tell its patrol was waiting on the record. The button is there; touched, it says the record cannot be
    read, names the file and its problem and what to do, as the console's `next` does; touched again once the record is
    moved away, it books the finished part and opens the set-up on the patrol's next part."""
    record = home / "career.json"
    record.write_text("{broken")
    win = ended_in_the_window(monkeypatch)
    win.cache.clear()
    win.render(pygame.Surface((800, 480)))
    drawn = {key[2] for key in win.cache._images}
    assert {"Next part", "the career record cannot be read"} <= drawn, drawn
    touch(win, "debrief.next")
    said = win.lang.render(win.feed.lines[-1].msg)
    assert win.overlay is not None and win.overlay.id == "debrief"
    assert said.startswith("the career record cannot be read, so the linked patrol or campaign cannot go on from it: "
                           f"{record}: the career record is damaged"), said
    assert "Repair the file or move it away, then touch Next part again: this mission's result is booked then" in said
    assert "kaleun play --linked" in said and "New game sets up a new game now" in said, said
    assert record.read_text() == "{broken"
    record.rename(home / "career.json.damaged")
    touch(win, "debrief.next")
    setup = win.overlay
    assert setup is not None and setup.id == "setup" and setup.mode == "linked", setup
    assert load_career()["patrol"]["next"] == "weather_1940"


def test_4_3_a_campaign_mission_with_a_damaged_career_record_goes_on_only_from_the_repaired_file(home, monkeypatch):
    """§4.3: a campaign is kept in the career record alone, so a record moved away takes the campaign with it (a linked
    patrol's next part is booked from the finished part's save). The button says to repair the file, and a record moved
    away says where the campaign stayed instead of promising that the game goes on."""
    record = home / "career.json"
    record.write_text("{broken")
    win = ended_in_the_window(monkeypatch, mission="prize_rules_1939", mode="campaign")
    touch(win, "debrief.next")
    said = win.lang.render(win.feed.lines[-1].msg)
    assert said.startswith("the career record cannot be read, so the campaign cannot go on from it: "
                           f"{record}: the career record is damaged"), said
    assert "Repair the file, then touch Next mission again" in said and "a file moved away keeps the campaign" in said
    record.rename(home / "career.json.damaged")
    touch(win, "debrief.next")
    said = win.lang.render(win.feed.lines[-1].msg)
    assert win.overlay is not None and win.overlay.id == "debrief"
    assert said.startswith("the campaign is not in the career record read now: it stayed in the file moved away"), said
    assert load_career().get("campaign") is None
