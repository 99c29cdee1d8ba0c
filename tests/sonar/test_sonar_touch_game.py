"""A whole game of Captain Sonar by touch alone, on the window both teams play from (each half is one
team's 800 x 480 touch screen behind the divider): the start cells, courses confirmed by the First
Mate's mark and the Engineer's cross, a torpedo, a sonar answered, a surfacing with its extra turns
(§2, §6), the second torpedo that sinks the boat, and the end shown on both screens. Every tap lands
on what the screen drew, on a target of at least 9 mm; no command is sent any other way."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import json
from contextlib import AbstractContextManager
from typing import Any

import pygame
import pytest
from kaleun.core.messages import Msg
from kaleun.sonar.game import new_game, referee
from kaleun.sonar.grid import parse_cell
from kaleun.ui.sonar_screen import MAP_AREA, MAP_LABEL, STATIONS, Hit, TeamScreen
from kaleun.ui.sonar_session import make_sonar_runtime
from kaleun.ui.sonar_window import SonarWindow
from kaleun.ui.theme import MIN_TARGET
from kaleun.ui.typeface import missing_glyphs
from sonarkit import YELLOW_FIRST
from test_sonar_screen_touch import screen
from test_sonar_screen_touch import table as both_screens

SIZE = (1600, 480)


def table(language: str = "en", mode: str = "turn") -> AbstractContextManager[SonarWindow]:
    """Alpha, yellow first, without the training aid: both teams' screens side by side, glyphs checked."""
    return both_screens(language, mode, "alpha", seed=YELLOW_FIRST, training_aid=False)


def drawn(win: SonarWindow) -> pygame.Surface:
    """A frame as the team sees it: nothing cut, no glyph missing, every target at least 9 mm."""
    surface = pygame.Surface(SIZE)
    win.labels.cut.clear()
    win.render(surface)
    for s in win.screens:
        small = [(h.kind, h.value, r.size) for r, h in s.hits if min(r.size) < MIN_TARGET]
        assert not small, f"{s.team}: targets under 9 mm: {small}"
    assert not win.labels.cut, f"labels cut: {win.labels.cut}"
    assert not win.labels.missing, f"glyphs missing: {win.labels.missing}"
    return surface


def _find(s: TeamScreen, kind: str, value: Any) -> pygame.Rect | None:
    return next((r for r, hit in s.hits if hit == Hit(kind, value)), None)


def tap(win: SonarWindow, team: str, kind: str, value: Any) -> None:
    """Touch what the team's half shows for (kind, value): a cell in two taps (the map where the cell is, then
    the enlarged cell), a control of another station after its tab."""
    drawn(win)
    s = screen(win, team)
    rect = _find(s, kind, value)
    if rect is None and kind == "cell":
        assert any(hit.kind == "map" for _, hit in s.hits), f"{team}'s map takes no tap now"
        win.click(s.cell_rect(value).center, SIZE)
        drawn(win)
        rect = _find(s, kind, value)
    if rect is None:
        for station in STATIONS:
            win.click(_find(s, "tab", station).center, SIZE)
            drawn(win)
            rect = _find(s, kind, value)
            if rect is not None:
                break
    assert rect is not None, f"{team}'s screen shows no {kind} {value}"
    win.click(rect.center, SIZE)
    drawn(win)


def course(win: SonarWindow, team: str, direction: str, mark: str, cross: str) -> None:
    """The Captain's course, the First Mate's mark, the Engineer's cross: three taps on the team's screen."""
    tap(win, team, "course", direction)
    tap(win, team, "gauge", mark)
    tap(win, team, "symbol", cross)
    assert not referee(win.runtime.game).team_status(team)["waiting_for"], screen(win, team).feed[0]


def fire(win: SonarWindow, team: str, cell: str) -> None:
    tap(win, team, "system", "torpedo")
    tap(win, team, "cell", parse_cell(cell))


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_2_to_6_a_whole_turn_based_game_by_touch_alone(home, tmp_path, language):
    with table(language) as win:
        ref = referee(win.runtime.game)
        tap(win, "yellow", "cell", parse_cell("A1"))
        tap(win, "blue", "cell", parse_cell("G4"))
        assert ref.phase == "play" and ref.turns.current == "yellow"
        # yellow charges its torpedo along row 1; blue its sonar up column G
        for yellow, blue in ((("E", "torpedo", "E3"), ("N", "sonar", "N1")),
                             (("E", "torpedo", "E4"), ("N", "sonar", "N2")),
                             (("E", "torpedo", "E2"), ("N", "sonar", "N6"))):
            course(win, "yellow", *yellow)
            course(win, "blue", *blue)
        assert ref.team_status("yellow")["cell"] == "D1" and ref.team_status("blue")["cell"] == "G1"
        fire(win, "yellow", "G1")  # 3 cells east: a direct hit
        assert ref.team_status("blue")["damage"] == 2
        course(win, "yellow", "E", "torpedo", "E5")
        # blue's sonar: yellow's Captain answers on its own screen, the row true and the column false
        tap(win, "blue", "system", "sonar")
        assert ref.team_status("yellow")["sonar_waits_for"] == "yellow"
        tap(win, "yellow", "truth", "row")
        tap(win, "yellow", "lie", "column")
        tap(win, "yellow", "cell", parse_cell("A5"))
        assert ref.team_status("yellow")["sonar_waits_for"] is None
        assert any("E" not in line and "1" in line for line in screen(win, "blue").feed)
        tap(win, "blue", "command", "surface")
        assert ref.team_status("blue")["surfaced"]
        # three extra turns for yellow (§2): two courses south recharge the torpedo, the third fires
        course(win, "yellow", "S", "torpedo", "S1")
        course(win, "yellow", "S", "torpedo", "S6")
        assert ref.turns.current == "yellow" and ref.team_status("yellow")["cell"] == "E3"
        tap(win, "blue", "system", "torpedo")  # blue's Captain has armed a torpedo when the end comes
        assert screen(win, "blue").armed == "torpedo"
        fire(win, "yellow", "G1")
        status = ref.team_status("yellow")
        assert status["phase"] == "over" and status["winner"] == "yellow"
        assert ref.team_status("blue")["damage"] >= 4
        surface = drawn(win)
        pygame.image.save(surface, str(tmp_path / f"end-{language}.png"))
        yellow, blue = screen(win, "yellow"), screen(win, "blue")
        assert yellow.state_line(status) == Msg("victory!")
        assert blue.state_line(ref.team_status("blue")) == Msg("sunk")
        # nothing is left to command: Save and quit takes Surface's place on the Captain's station
        for s in (yellow, blue):
            s.station = "captain"
        drawn(win)
        assert _find(yellow, "leave", None) is not None and _find(blue, "leave", None) is not None
        assert _find(yellow, "command", "surface") is None
        # the game is over: the torpedo blue had armed asks for no cell any more (its prompt and Cancel are gone)
        assert blue.armed is None and not [h for _, h in blue.hits if h.kind in ("map", "cancel")]


def test_save_by_touch_says_what_was_saved_on_the_teams_own_screen(home):
    """The console's `save`, by touch: the Radio Operator's station has Save now; the team's feed says where the
    game was saved, the other team's screen says nothing."""
    with table() as win:
        tap(win, "yellow", "cell", parse_cell("A1"))
        tap(win, "blue", "cell", parse_cell("G4"))
        told = list(screen(win, "blue").feed)
        tap(win, "yellow", "save", None)
        saved = win.runtime.autosave.path
        line = screen(win, "yellow").feed[0]
        assert saved.exists() and str(saved) in line and "kaleun resume" in line, line
        assert list(screen(win, "blue").feed) == told


def test_save_and_quit_by_touch_asks_twice_then_stops_and_saves_the_game(home):
    """The console's `quit`, by touch (a touch-only table had no way out of a full-screen game): Save and quit on
    the Radio Operator's station; the first touch asks for a second (any other touch takes it back), the second
    ends the window, and the game is saved for `kaleun resume`."""
    with table("de") as win:
        tap(win, "yellow", "cell", parse_cell("A1"))
        tap(win, "blue", "cell", parse_cell("G4"))
        blue = screen(win, "blue")
        tap(win, "blue", "leave", None)
        assert blue.leaving and blue.station == "radio"
        drawn(win)
        tap(win, "blue", "tab", "captain")  # another touch: the quit is taken back
        assert not blue.leaving
        tap(win, "blue", "leave", None)
        leave = _find(blue, "leave", None)
        assert leave is not None
        # the second touch, inside the window's own loop (as a finger on the running screen)
        win.runtime.call(lambda: win.click(leave.center, SIZE))
        assert win.run() == 0
    saved = json.loads(win.runtime.autosave.path.read_text(encoding="utf-8"))
    assert "G4" in json.dumps(saved) and "A1" in json.dumps(saved)


def test_a_problem_is_told_on_the_screen_that_touched_else_on_both(home):
    """A touch the game refuses as malformed is said on the screen of the team that touched it, not on the other
    team's; a problem of no touch (the autosave failing between touches: a full disk) concerns both teams' game
    and is said on both screens (it was said on yellow's alone)."""
    with table() as win:
        blue, yellow = screen(win, "blue"), screen(win, "yellow")
        drawn(win)
        blue.send = lambda command: win.runtime.submit({**command, "team": "blue", "cell": "Z99"})
        before = list(yellow.feed)
        win.click(blue.cell_rect(parse_cell("G4")).center, SIZE)
        drawn(win)
        win.click(next(r for r, h in blue.hits if h == Hit("cell", parse_cell("G4"))).center, SIZE)
        assert blue.feed and blue.feed[0].startswith("! ") and "Z99" in blue.feed[0]
        assert list(yellow.feed) == before
        for report in win.runtime.problems:  # what the autosave calls when a save fails
            report(Msg("The game could not be saved: the disk is full."))
        assert yellow.feed[0] == blue.feed[0] == "! The game could not be saved: the disk is full."


@pytest.mark.parametrize("mode", ["turn", "realtime"])
def test_2_the_map_numbers_its_sectors_as_the_game_says_them(home, monkeypatch, mode):
    """The game names sectors by number (`Blue surfaces in sector 6`, the drone's question, a sonar answer), so
    the team's map numbers them, as the printed map does (the screen had the lines but no numbers): each number
    sits in its own sector, 4 turn-based and 9 in real time, on the whole map and on the enlarged part."""
    from kaleun.ui import sonar_map

    with table(mode=mode) as win:
        ref = referee(win.runtime.game)
        yellow = screen(win, "yellow")
        with_numbers = drawn(win)
        view = yellow.overview
        labels = sonar_map.sector_labels(view, ref.sea, ref.mode)
        assert [n for n, _ in labels] == list(range(1, 5 if mode == "turn" else 10))
        assert all(ref.sector(view.cell_at(part.center)) == n for n, part in labels)
        monkeypatch.setattr(sonar_map, "SECTOR_NUMBER_ALPHA", 0)
        without = drawn(win)
        for _, part in labels:  # the number is drawn there
            x, y = part.center
            assert any(with_numbers.get_at((x + dx, y + dy)) != without.get_at((x + dx, y + dy))
                       for dx in range(-8, 9) for dy in range(-8, 9))
        win.click(yellow.cell_rect(parse_cell("H8")).center, SIZE)
        drawn(win)
        zoomed = [h.value for _, h in yellow.hits if h.kind == "cell"]
        x0, y0 = min(c[0] for c in zoomed), min(c[1] for c in zoomed)
        part = sonar_map.view_in(yellow.r(*MAP_AREA), yellow.px(MAP_LABEL), x0, y0, 7, 7)
        shown = {n for n, box in sonar_map.sector_labels(part, ref.sea, ref.mode)
                 if ref.sector(part.cell_at(box.center)) == n and part.area.contains(box)}
        assert shown == {ref.sector((x, y)) for x in range(x0, x0 + 7) for y in range(y0, y0 + 7)}


@pytest.mark.parametrize("language", ["en", "ru"])
def test_3_to_6_real_time_by_touch_alone_stop_mines_drone_and_the_repair_ritual(home, language):
    """Real time on Echo, by touch alone: Stop! and Go, a mine laid and set off, the drone launched by the First
    Mate, a surfacing with the four-member repair ritual (§3) and the dive."""
    pygame.font.init()
    runtime = make_sonar_runtime(new_game(3, "echo", "realtime"), language=language)
    win = SonarWindow(runtime, ["yellow", "blue"], size=SIZE)
    win.labels.glyph_check = missing_glyphs
    runtime.step()
    try:
        ref = referee(runtime.game)
        tap(win, "yellow", "cell", parse_cell("B2"))
        tap(win, "blue", "cell", parse_cell("N14"))
        for symbol in ("E4", "E5", "E6"):
            course(win, "yellow", "E", "mine", symbol)
        for symbol in ("N1", "N2", "N3", "N4"):
            course(win, "blue", "N", "drone", symbol)
        # §5: the drone is ready, so the Stop! comes with an activation that can be made; lifted unused, then
        tap(win, "blue", "command", "stop")
        assert ref.team_status("yellow")["stop"] == "blue"
        tap(win, "blue", "command", "go")
        assert ref.team_status("yellow")["stop"] is None
        tap(win, "yellow", "system", "mine")
        tap(win, "yellow", "cell", parse_cell("D1"))
        assert ref.team_status("yellow")["mines"] == ["D1"]
        course(win, "yellow", "E", "silence", "E1")
        tap(win, "yellow", "system", "detonate")
        tap(win, "yellow", "cell", parse_cell("D1"))
        assert ref.team_status("yellow")["mines"] == [] and ref.team_status("yellow")["damage"] == 0
        # the First Mate launches the drone from the own station: a tap on the full gauge, then a cell of the sector
        tap(win, "blue", "launch", "drone")
        tap(win, "blue", "cell", parse_cell("B2"))
        blue = screen(win, "blue")
        asked = blue.text(Msg("Stop! Your drone asks: are you in sector {sector}? {other}: {answer}!",
                              sector=1, other=Msg("Yellow"), answer=Msg("no")))
        assert ref.sector(parse_cell("F2")) == 2  # yellow is one sector east: the truthful answer is no
        assert any(line.endswith(asked) for line in blue.feed), list(blue.feed)
        tap(win, "yellow", "command", "surface")
        assert ref.team_status("yellow")["surfaced"]
        for section, member in ((1, "engineer"), (2, "captain"), (3, "first_mate"), (4, "radio_operator")):
            tap(win, "yellow", "section", section)
            tap(win, "yellow", "member", member)
        assert len(ref.team_status("yellow")["repairs"]) == 4
        tap(win, "yellow", "command", "dive")
        assert not ref.team_status("yellow")["surfaced"] and ref.team_status("yellow")["route"] == ["F2"]
    finally:
        runtime.close()


def test_2_a_sectors_number_lies_under_the_marks_of_its_middle_cell(home, monkeypatch):
    """Echo in real time has an Archer mine in the middle cell of sectors 1, 3, 7 and 9: the faint number lies
    under the mine's mark (every pixel of the mark keeps its colour), not over it."""
    from kaleun.ui import sonar_map

    pygame.font.init()
    runtime = make_sonar_runtime(new_game(3, "echo", "realtime"))
    win = SonarWindow(runtime, ["yellow", "blue"], size=SIZE)
    runtime.step()
    try:
        yellow = screen(win, "yellow")
        ref = referee(runtime.game)

        def archer_pixels() -> dict[int, int]:
            surface = drawn(win)
            middles = {ref.sector(yellow.overview.cell_at(part.center)): yellow.overview.cell_at(part.center)
                       for _, part in sonar_map.sector_labels(yellow.overview, ref.sea, ref.mode)}
            counts = {}
            for sector in (1, 3, 7, 9):
                assert middles[sector] in {parse_cell(c) for c in ref.team_status("yellow")["archer_mines"]}
                box = yellow.cell_rect(middles[sector])
                counts[sector] = sum(surface.get_at((x, y))[:3] == sonar_map.ARCHER
                                     for x in range(box.left, box.right) for y in range(box.top, box.bottom))
            return counts

        with_numbers = archer_pixels()
        monkeypatch.setattr(sonar_map, "SECTOR_NUMBER_ALPHA", 0)
        assert with_numbers == archer_pixels() and all(with_numbers.values())
    finally:
        runtime.close()


@pytest.mark.parametrize("size", [(800, 480), (1280, 800)])
def test_the_whole_feed_covers_the_map_with_its_row_numbers(home, size):
    """The whole feed opened over the map leaves nothing of the map showing: the row numbers 10 to 15 reach
    left of the map's area, and their ends stood beside the feed."""
    from kaleun.ui import theme

    pygame.font.init()
    runtime = make_sonar_runtime(new_game(1, "alpha", "turn"))
    win = SonarWindow(runtime, ["yellow"], size=size)
    runtime.step()
    try:
        for team, cell in (("yellow", "A1"), ("blue", "O15")):
            runtime.submit({"do": "start", "team": team, "cell": cell})
        runtime.step()
        yellow = win.screens[0]
        yellow.feed_open = True
        surface = pygame.Surface(size)
        win.render(surface)
        feed = yellow.r(*MAP_AREA)
        stray = [(x, y) for x in range(0, feed.left) for y in range(feed.top, feed.bottom)
                 if surface.get_at((x, y))[:3] != theme.PANEL[:3]]
        assert not stray, stray[:5]
    finally:
        runtime.close()


def test_3_surfaced_in_real_time_the_radio_operator_keeps_the_track_a_tab_away(home):
    """§3 real time: surfacing turns the screen to the repair panel, now the Captain's station, and the other
    stations stay a tab away (the whole right half was the repair panel, so the Radio Operator lost the enemy's
    whole track, Plot and Save until the boat dived). The First Mate's and Engineer's stations say why they wait."""
    pygame.font.init()
    runtime = make_sonar_runtime(new_game(3, "alpha", "realtime", training_aid=True))
    win = SonarWindow(runtime, ["yellow", "blue"], size=SIZE)
    runtime.step()
    try:
        tap(win, "yellow", "cell", parse_cell("B2"))
        tap(win, "blue", "cell", parse_cell("N12"))
        course(win, "blue", "N", "drone", "N1")
        yellow = screen(win, "yellow")
        tap(win, "yellow", "tab", "radio")
        tap(win, "yellow", "tab", "captain")
        tap(win, "yellow", "command", "surface")
        assert yellow.station == "captain" and _find(yellow, "section", 1) is not None
        tap(win, "yellow", "tab", "radio")
        assert _find(yellow, "plot", None) is not None and _find(yellow, "save", None) is not None
        assert yellow.track and _find(yellow, "section", 1) is None
        tap(win, "yellow", "tab", "mate")
        assert yellow.waits(referee(runtime.game).team_status("yellow")) == Msg("surfaced: repairs first")
        assert Hit("gauge", "torpedo") in yellow.held
        tap(win, "yellow", "section", 1)  # found on the Captain's station
        tap(win, "yellow", "member", "engineer")
        assert list(referee(runtime.game).team_status("yellow")["repairs"].values()) == ["engineer"]
    finally:
        runtime.close()


@pytest.mark.parametrize(("kind", "words"), [("system", ("Power off the table", "Touch again to power off")),
                                             ("user", ("Close to the desktop", "Touch again to close the table"))])
def test_on_a_table_its_service_runs_the_way_out_shuts_the_table_down(home, monkeypatch, kind, words):
    """A table its service runs (Restart=always) brought the game back 5 s after Save and quit: the crews could not
    switch it off by touch. There the way out, asked twice as ever, is the shut-down: the game is saved and the
    window ends with the status the service does not restart after (a system service then powers the Pi off)."""
    from kaleun.service import SERVICE_VARIABLE, SHUT_DOWN

    monkeypatch.setenv(SERVICE_VARIABLE, kind)
    with table("ru") as win:
        tap(win, "yellow", "cell", parse_cell("A1"))
        tap(win, "blue", "cell", parse_cell("G4"))
        blue = screen(win, "blue")
        said: list[str] = []
        plain = blue.text
        blue.text = lambda text: said.append(plain(text)) or said[-1]  # type: ignore[method-assign]
        blue.station = "radio"
        drawn(win)
        assert plain(Msg(words[0])) in said and plain(Msg("Save and quit")) not in said
        tap(win, "blue", "leave", None)
        said.clear()
        drawn(win)
        assert blue.leaving and plain(Msg(words[1])) in said
        leave = _find(blue, "leave", None)
        assert leave is not None
        win.runtime.call(lambda: win.click(leave.center, SIZE))
        assert win.run() == SHUT_DOWN
    saved = json.loads(win.runtime.autosave.path.read_text(encoding="utf-8"))
    assert "G4" in json.dumps(saved) and "A1" in json.dumps(saved)
