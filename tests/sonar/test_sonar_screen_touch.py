"""The Captain Sonar team screen holds itself to the touch-screen rules of the U-BOOT window (the console's
fingers and eyes): on the official 7" screen (800 x 480) every touch target is at least 9 mm
(`theme.MIN_TARGET`), no text is smaller than `theme.MIN_TEXT` (readable from 1 m), no label is cut
with an ellipsis and no glyph is missing, in English, German and Russian, in every state of the
screen (setup, a cell being picked, playing on each station, the sonar answer, the real-time
repairs, surfaced in turn-based play, the whole feed open, the training aid's plot on) and in both
modes; and nothing a team needs is lost (own route, mines, gauges, board, damage, enemy track, feed,
prompts, answer and repair panels, the training aid)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pygame
import pytest
from kaleun.sonar.game import new_game, referee
from kaleun.sonar.grid import parse_cell
from kaleun.ui.sonar_screen import STATIONS, Hit, TeamScreen
from kaleun.ui.sonar_session import make_sonar_runtime
from kaleun.ui.sonar_window import SonarWindow
from kaleun.ui.theme import MIN_TARGET, MIN_TEXT
from kaleun.ui.typeface import missing_glyphs

LANGUAGES = ("en", "de", "ru")
SIZE = (1600, 480)
#: the smallest gauge box on the First Mate's station, design pixels (3.5 mm on the 7" screen)
GAUGE_BOX = 18


@contextmanager
def table(language: str, mode: str, scenario: str = "echo", seed: int = 4,
          training_aid: bool = True) -> Iterator[SonarWindow]:
    """Both teams' screens side by side (each 800 x 480), the training aid on, text checked for glyphs.
    Echo has the most to show: a scenario system (the Archer mines) besides the five systems."""
    pygame.font.init()
    game = new_game(seed, scenario, mode, training_aid=training_aid)
    runtime = make_sonar_runtime(game, language=language)
    win = SonarWindow(runtime, ["yellow", "blue"], size=SIZE)
    win.labels.glyph_check = missing_glyphs
    runtime.step()
    try:
        yield win
    finally:
        runtime.close()


def screen(win: SonarWindow, team: str) -> TeamScreen:
    return next(s for s in win.screens if s.team == team)


def do(win: SonarWindow, *commands: dict[str, Any]) -> None:
    for command in commands:
        win.runtime.submit(command)
        win.runtime.step()


def started(win: SonarWindow) -> None:
    do(win, {"do": "start", "team": "yellow", "cell": "B2"}, {"do": "start", "team": "blue", "cell": "O15"})


def yellow_turn(win: SonarWindow) -> None:
    """Turn-based: yellow takes its turn (a course south) when it is yellow's."""
    ref = referee(win.runtime.game)
    if ref.mode == "turn" and ref.turns.current != "blue":
        symbol = next(s for s in ("S1", "S2", "S4", "S6") if s not in ref.teams["yellow"].board.crossed)
        do(win, {"do": "course", "team": "yellow", "direction": "S"},
           {"do": "mark", "team": "yellow", "system": "torpedo"}, {"do": "cross", "team": "yellow", "symbol": symbol})


def blue_sonar(win: SonarWindow) -> None:
    """Blue charges its sonar on three courses north and asks: yellow owes the answer."""
    for symbol in ("N2", "N3", "N4"):
        yellow_turn(win)
        do(win, {"do": "course", "team": "blue", "direction": "N"}, {"do": "mark", "team": "blue", "system": "sonar"},
           {"do": "cross", "team": "blue", "symbol": symbol})
    yellow_turn(win)
    do(win, {"do": "activate", "team": "blue", "system": "sonar"})
    assert referee(win.runtime.game).team_status("yellow")["sonar_waits_for"] == "yellow"


def surfaced_team(win: SonarWindow) -> str:
    """The team whose turn it is (real time: yellow) surfaces."""
    team = referee(win.runtime.game).turns.current or "yellow"
    do(win, {"do": "surface", "team": team})
    assert referee(win.runtime.game).team_status(team)["surfaced"]
    return team


def check(win: SonarWindow, name: str, folder: Any) -> None:
    """Render the frame: every target >= 9 mm, no text under the smallest size, nothing cut, no glyph
    missing, and the frame saved as PNG."""
    surface = pygame.Surface(SIZE)
    win.labels.cut.clear()
    win.fonts.sizes.clear()
    win.render(surface)
    pygame.image.save(surface, str(folder / f"{name}.png"))
    for s in win.screens:
        small = [(hit.kind, hit.value, rect.size) for rect, hit in s.hits if min(rect.size) < MIN_TARGET]
        assert not small, f"{name}, {s.team}: touch targets under 9 mm: {small}"
    assert min(win.fonts.sizes) >= MIN_TEXT, f"{name}: text smaller than {MIN_TEXT} px"
    assert not win.labels.cut, f"{name}: labels cut: {win.labels.cut}"
    assert not win.labels.missing, f"{name}: glyphs the font lacks: {win.labels.missing}"


def every_station(win: SonarWindow, name: str, folder: Any, needs: Callable[[SonarWindow, str], None] | None = None
                  ) -> None:
    for station in STATIONS:
        for s in win.screens:
            s.station = station
        check(win, f"{name}-{station}", folder)
        if needs is not None:
            needs(win, station)


def kinds(win: SonarWindow, team: str) -> dict[str, set[Any]]:
    out: dict[str, set[Any]] = {}
    for _, hit in screen(win, team).hits:
        out.setdefault(hit.kind, set()).add(hit.value if hit.kind != "map" else None)
    return out


def language_of(win: SonarWindow) -> str:
    return win.screens[0].lang.code


def playing_needs(win: SonarWindow, station: str) -> None:
    """Nothing a team needs is lost: each station shows all of its controls."""
    ref = referee(win.runtime.game)
    for team in ("yellow", "blue"):
        shown = kinds(win, team)
        status = ref.team_status(team)
        assert shown["tab"] == set(STATIONS) and shown["feed"] == {None}
        if station == "captain":
            assert shown["course"] == {"N", "E", "S", "W"}
            # no Dive on a dived boat (it only drew a refusal): turn-based a surfaced boat dives by itself at its
            # next turn, and in real time its repair panel has the Dive
            assert shown["command"] == ({"surface", "stop"} if ref.mode == "realtime" else {"surface"})
            assert shown["system"] == set(status["gauges"]) | {"detonate"}
            assert "scenario" in shown["system"]
        elif station == "mate":
            assert shown["gauge"] == set(status["gauges"])
            # a gauge's boxes stay readable beside long names (Russian, Echo's scenario system: 9 px before)
            assert min(min(box.size) for box in screen(win, team).gauge_boxes) >= GAUGE_BOX, language_of(win)
        elif station == "engineer":
            assert shown["symbol"] == set(ref.teams[team].board.layout.symbols)
        else:
            assert shown["plot"] == {None}


@pytest.mark.parametrize("mode", ["turn", "realtime"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_touch_setup_and_picking_a_cell_fit_the_touch_screen(home, tmp_path, language, mode):
    """Setup: the map takes the start cell in two taps (the enlarged cells >= 9 mm), with its prompt whole."""
    with table(language, mode) as win:
        every_station(win, f"{language}-{mode}-setup", tmp_path)
        yellow = screen(win, "yellow")
        win.render(pygame.Surface(SIZE))
        map_hit = next(rect for rect, hit in yellow.hits if hit.kind == "map")
        win.click(yellow.cell_rect(parse_cell("N14")).center, SIZE)
        assert yellow.zoom is not None
        check(win, f"{language}-{mode}-setup-zoom", tmp_path)
        cells = {hit.value for _, hit in yellow.hits if hit.kind == "cell"}
        assert parse_cell("N14") in cells and len(cells) >= 40 and map_hit.width >= MIN_TARGET
        assert any(hit.kind == "cancel" for _, hit in yellow.hits)


@pytest.mark.parametrize("mode", ["turn", "realtime"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_touch_playing_every_station_fits_and_keeps_everything(home, tmp_path, language, mode):
    """Playing, each station of both teams; a course made (route on the map, a gauge marked, a symbol
    crossed); a system armed with the map enlarged; the whole feed open; the plot on."""
    with table(language, mode) as win:
        started(win)
        team = referee(win.runtime.game).turns.current or "yellow"
        do(win, {"do": "course", "team": team, "direction": "E" if team == "yellow" else "N"},
           {"do": "mark", "team": team, "system": "torpedo"},
           {"do": "cross", "team": team, "symbol": "E2" if team == "yellow" else "N2"},
           {"do": "activate", "team": team, "system": "mine", "cell": "B3" if team == "yellow" else "N14"},
           {"do": "plot", "team": team})
        every_station(win, f"{language}-{mode}-playing", tmp_path, playing_needs)
        for s in win.screens:
            s.station = "captain"
        s = screen(win, team)
        s.armed = "torpedo"
        s.zoom = (0, 0, 7, 7)
        check(win, f"{language}-{mode}-armed-zoom", tmp_path)
        assert any(hit.kind == "cancel" for _, hit in s.hits)
        s.armed, s.zoom = None, None
        for s in win.screens:
            s.feed_open = True
            s.plotting = True
        every_station(win, f"{language}-{mode}-feed-plot", tmp_path)
        assert all(s.plotted() for s in win.screens)


@pytest.mark.parametrize("mode", ["turn", "realtime"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_touch_the_sonar_answer_panel_fits_at_each_step(home, tmp_path, language, mode):
    """§5 sonar: the answering team's panel (the true statement, the false one's kind, then its cell on
    the enlarged map); the asking team keeps its stations."""
    with table(language, mode) as win:
        started(win)
        blue_sonar(win)
        every_station(win, f"{language}-{mode}-sonar", tmp_path)
        yellow = screen(win, "yellow")
        assert {hit.value for _, hit in yellow.hits if hit.kind == "truth"} == {"row", "column", "sector"}
        yellow.answer_true = "row"
        check(win, f"{language}-{mode}-sonar-lie", tmp_path)
        assert {hit.value for _, hit in yellow.hits if hit.kind == "lie"} == {"column", "sector"}
        yellow.answer_lie = "sector"
        yellow.zoom = (0, 0, 7, 7)
        check(win, f"{language}-{mode}-sonar-cell", tmp_path)
        assert any(hit.kind == "cell" for _, hit in yellow.hits)


@pytest.mark.parametrize("mode", ["turn", "realtime"])
@pytest.mark.parametrize("language", LANGUAGES)
def test_touch_surfaced_fits_repairs_in_real_time_and_stations_in_turns(home, tmp_path, language, mode):
    """§2 surfacing: in real time the repair panel on the Captain's station (4 hull sections, the crew, Dive) and
    the other stations a tab away; turn-based, the stations as usual with the state "surfaced"."""
    with table(language, mode) as win:
        started(win)
        team = surfaced_team(win)
        every_station(win, f"{language}-{mode}-surfaced", tmp_path)
        shown = kinds(win, team)
        if mode == "realtime":
            # the Radio Operator keeps the enemy's track, Plot and Save while the crew repairs
            assert shown["tab"] == set(STATIONS) and shown["plot"] == {None} and shown["save"] == {None}
            screen(win, team).station = "captain"  # the repair panel is the Captain's station
            check(win, f"{language}-{mode}-repair", tmp_path)
            shown = kinds(win, team)
            members = set(referee(win.runtime.game).teams[team].crew.members)
            assert shown["section"] == {1, 2, 3, 4} and shown["member"] == members and "dive" in shown["command"]
            screen(win, team).repair_section = 2
            check(win, f"{language}-{mode}-repair-2", tmp_path)
            # a section outlined: the prompt names who may outline next (German, Russian: three lines)
            do(win, {"do": "repair", "team": team, "section": 1, "by": "engineer"})
            check(win, f"{language}-{mode}-repair-next", tmp_path)
        else:
            assert "tab" in shown


@pytest.mark.parametrize("size", [(1600, 480), (2560, 800)])
def test_touch_targets_grow_with_the_window(home, size):
    """A larger window scales every target up (none shrinks below 9 mm at the 7" screen's scale)."""
    pygame.font.init()
    win = SonarWindow(make_sonar_runtime(new_game(1, "echo", "realtime", training_aid=True)), ["yellow", "blue"],
                      size=size)
    try:
        win.runtime.step()
        started(win)
        scale = min(size[0] / 1600, size[1] / 480)
        for station in STATIONS:
            for s in win.screens:
                s.station = station
            win.render(pygame.Surface(size))
            for s in win.screens:
                assert min(min(r.size) for r, _ in s.hits) >= int(MIN_TARGET * scale) - 1, (station, s.team)
    finally:
        win.runtime.close()


def test_the_screen_follows_the_course_handshake(home):
    """§3-§4 real time: after a course the screen turns to the First Mate's gauges, after the mark to the
    Engineer's board (its section framed), after the cross back to the Captain; a tab is a tap away."""
    with table("en", "realtime") as win:
        started(win)
        yellow = screen(win, "yellow")
        win.render(pygame.Surface(SIZE))
        assert yellow.station == "captain"
        yellow.click(next(r for r, h in yellow.hits if h == Hit("course", "E")).center)
        win.runtime.step()
        win.render(pygame.Surface(SIZE))
        assert yellow.station == "mate"
        yellow.click(next(r for r, h in yellow.hits if h == Hit("gauge", "torpedo")).center)
        win.runtime.step()
        win.render(pygame.Surface(SIZE))
        assert yellow.station == "engineer"
        yellow.click(next(r for r, h in yellow.hits if h == Hit("symbol", "E2")).center)
        win.runtime.step()
        win.render(pygame.Surface(SIZE))
        assert yellow.station == "captain"
        status = referee(win.runtime.game).team_status("yellow")
        assert status["gauges"]["torpedo"][0] == 1 and status["crossed"] == ["E2"] and not status["waiting_for"]
        yellow.click(next(r for r, h in yellow.hits if h == Hit("tab", "radio")).center)
        win.render(pygame.Surface(SIZE))
        assert yellow.station == "radio"
