"""The Captain Sonar window per team: rendered headless to PNG, driven by synthetic taps."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame
import pytest
from kaleun.core.messages import Msg
from kaleun.sonar.game import new_game, referee
from kaleun.sonar.grid import parse_cell
from kaleun.ui.sonar_screen import SEA, STATIONS, TEAM_COLOURS, Hit
from kaleun.ui.sonar_session import make_sonar_runtime
from kaleun.ui.sonar_stations import stop_note
from kaleun.ui.sonar_window import SonarWindow


@contextmanager
def both_teams(seed: int = 2, mode: str = "realtime", scenario: str = "alpha", language: str = "en",
               training_aid: bool = False, rules: dict[str, Any] | None = None) -> Iterator[SonarWindow]:
    """Both teams' screens side by side (each 800 x 480) on a new game, as `kaleun play --game sonar --team both`
    opens them; `rules` changes values of rules.toml [rules] for this game. The runtime is closed afterwards."""
    pygame.font.init()
    game = new_game(seed, scenario, mode, training_aid=training_aid)
    if rules:
        referee(game).rules = {**referee(game).rules, **rules}
    runtime = make_sonar_runtime(game, language=language)
    win = SonarWindow(runtime, ["yellow", "blue"], size=(1600, 480))
    runtime.step()
    try:
        yield win
    finally:
        runtime.close()


@pytest.fixture
def window(home):
    with both_teams() as win:
        yield win


def _find(screen, kind: str, value):
    return next((r for r, hit in screen.hits if hit == Hit(kind, value)), None)


def tap(win: SonarWindow, team: str, kind: str, value, size=(1600, 480)) -> None:
    """Tap what the team's screen shows for (kind, value) as a finger would: a cell in two taps (the map
    where the cell is, which enlarges that part, then the cell); a control on another station after its
    tab. Each tap lands on a target of at least 9 mm (the window's tests check every target's size)."""
    surface = pygame.Surface(size)
    win.render(surface)
    screen = next(s for s in win.screens if s.team == team)
    rect = _find(screen, kind, value)
    if rect is None and kind == "cell":
        assert any(hit.kind == "map" for _, hit in screen.hits), "the map takes no tap now"
        win.click(screen.cell_rect(value).center, size)
        win.render(surface)
        rect = _find(screen, kind, value)
    if rect is None:
        for station in STATIONS:
            win.click(_find(screen, "tab", station).center, size)
            win.render(surface)
            rect = _find(screen, kind, value)
            if rect is not None:
                break
    assert rect is not None, f"{team}'s screen shows no {kind} {value}"
    win.click(rect.center, size)


def torpedo_ready(win: SonarWindow, team: str) -> None:
    """§5: a Stop! comes with an activation that can be made: three courses west, each marking the torpedo and
    crossing a yellow or radiation symbol (W3, W5, W6), make the team's torpedo ready."""
    for symbol in ("W3", "W5", "W6"):
        tap(win, team, "course", "W")
        win.runtime.step()
        tap(win, team, "gauge", "torpedo")
        tap(win, team, "symbol", symbol)
        win.runtime.step()
    assert referee(win.runtime.game).teams[team].activation_check("torpedo") is None


def cell_centre(win: SonarWindow, team: str, cell: str) -> tuple[int, int]:
    """The centre of `cell` on the team's whole map (as last drawn)."""
    screen = next(s for s in win.screens if s.team == team)
    return screen.cell_rect(parse_cell(cell)).center


def test_each_half_shows_its_own_boat_and_never_the_other(window, tmp_path):
    tap(window, "yellow", "cell", parse_cell("B2"))
    tap(window, "blue", "cell", parse_cell("N12"))
    surface = pygame.Surface((1600, 480))
    window.render(surface)
    pygame.image.save(surface, str(tmp_path / "both.png"))
    assert (tmp_path / "both.png").stat().st_size > 10_000
    ref = referee(window.runtime.game)
    assert ref.teams["yellow"].cell == parse_cell("B2") and ref.teams["blue"].cell == parse_cell("N12")
    yellow_b2, yellow_n12 = cell_centre(window, "yellow", "B2"), cell_centre(window, "yellow", "N12")
    blue_n12, blue_b2 = cell_centre(window, "blue", "N12"), cell_centre(window, "blue", "B2")
    assert surface.get_at(yellow_b2)[:3] == TEAM_COLOURS["yellow"]
    assert surface.get_at(blue_n12)[:3] == TEAM_COLOURS["blue"]
    assert surface.get_at(yellow_n12)[:3] == SEA and surface.get_at(blue_b2)[:3] == SEA


def test_taps_are_the_crews_commands(window):
    tap(window, "yellow", "cell", parse_cell("B2"))
    tap(window, "blue", "cell", parse_cell("N12"))
    tap(window, "yellow", "course", "E")
    tap(window, "yellow", "gauge", "torpedo")
    tap(window, "yellow", "symbol", "E2")
    tap(window, "blue", "course", "N")
    status = referee(window.runtime.game).team_status("yellow")
    assert status["cell"] == "C2" and status["gauges"]["torpedo"] == [1, 3] and status["crossed"] == ["E2"]
    assert referee(window.runtime.game).team_status("blue")["cell"] == "N11"
    tap(window, "blue", "course", "N")            # not confirmed yet: refused, shown on blue's half only
    blue = next(s for s in window.screens if s.team == "blue")
    yellow = next(s for s in window.screens if s.team == "yellow")
    assert blue.feed[0].split(" ", 1)[1].startswith("! course refused: the last course is not confirmed yet")
    assert not any("refused" in line for line in yellow.feed)
    assert any("Yellow: course east!" in line for line in blue.feed)
    assert not any("C2" in line for line in blue.feed)


def test_an_armed_system_takes_its_target_from_the_map(window):
    tap(window, "yellow", "cell", parse_cell("A1"))
    tap(window, "blue", "cell", parse_cell("O15"))
    for symbol in ("S1", "S2", "S4", "S6"):
        tap(window, "yellow", "course", "S")
        tap(window, "yellow", "gauge", "drone")
        tap(window, "yellow", "symbol", symbol)
    tap(window, "yellow", "system", "drone")
    tap(window, "yellow", "cell", parse_cell("N13"))           # a cell of sector 9
    yellow = next(s for s in window.screens if s.team == "yellow")
    assert any("are you in sector 9? Blue: yes!" in line for line in yellow.feed)


@pytest.mark.parametrize("size", [(800, 480), (1024, 600), (480, 320)])
def test_one_teams_screen_renders_at_any_size(home, tmp_path, size):
    pygame.font.init()
    game = new_game(1, "delta", "turn")
    runtime = make_sonar_runtime(game)
    win = SonarWindow(runtime, ["blue"], size=size)
    runtime.step()
    surface = pygame.Surface(size)
    win.render(surface)
    pygame.image.save(surface, str(tmp_path / "blue.png"))
    assert (tmp_path / "blue.png").exists() and win.frames == 1
    runtime.close()


def screen_of(win: SonarWindow, team: str):
    return next(s for s in win.screens if s.team == team)


def test_9_the_window_draws_the_training_aid_only_when_the_game_has_it(home):
    """§9 (Captain Sonar, hidden information): the opt-in training aid on the team's screen: with `--training-aid`
    the Plot button marks on the map every cell where the enemy may be (what the console's `plot`
    lists); without it there is no button and nothing is drawn."""
    with both_teams(training_aid=True) as win:
        tap(win, "yellow", "cell", parse_cell("B2"))
        tap(win, "blue", "cell", parse_cell("N12"))
        tap(win, "blue", "course", "W")                      # public: "course west"
        tap(win, "yellow", "plot", None)
        yellow = screen_of(win, "yellow")
        assert yellow.feed[0].split(" ", 1)[1].startswith("Training aid: Blue may be on")
        surface = pygame.Surface((1600, 480))
        win.render(surface)
        possible = yellow.plotted()
        ref = referee(win.runtime.game)
        assert possible == ref.plot.possible("blue") and parse_cell("H1") in possible
        assert parse_cell("O1") not in possible              # nothing moved west onto column O
        assert surface.get_at(cell_centre(win, "yellow", "H1"))[:3] == TEAM_COLOURS["blue"]
        assert surface.get_at(cell_centre(win, "yellow", "O1"))[:3] == SEA
        # blue's screen does not plot until blue asks
        assert screen_of(win, "blue").plotted() == []
        assert surface.get_at(cell_centre(win, "blue", "H1"))[:3] == SEA
        tap(win, "yellow", "plot", None)                     # a second tap hides it again
        win.render(surface)
        assert yellow.plotted() == [] and surface.get_at(cell_centre(win, "yellow", "H1"))[:3] == SEA
    with both_teams() as win:
        tap(win, "yellow", "cell", parse_cell("B2"))
        tap(win, "blue", "cell", parse_cell("N12"))
        yellow = screen_of(win, "yellow")
        tap(win, "yellow", "tab", "radio")                   # the aid's button would be on the Radio Operator's station
        win.render(pygame.Surface((1600, 480)))
        assert yellow.station == "radio" and not any(hit.kind == "plot" for _, hit in yellow.hits)
        yellow.plotting = True                               # even forced on, the game has no aid to draw
        surface = pygame.Surface((1600, 480))
        win.render(surface)
        assert yellow.plotted() == [] and surface.get_at(cell_centre(win, "yellow", "H1"))[:3] == SEA


def test_9_the_window_keeps_the_enemys_announcements(window):
    """§9 (Captain Sonar, hidden information): a team's screen shows the enemy's announcements: under the map the track
    of its announced courses, silent runs and surfacing sectors (the Radio Operator's record), and a tap on
    the feed opens the whole feed over the map; nothing of the team's own moves is in its enemy track."""
    tap(window, "yellow", "cell", parse_cell("B2"))
    tap(window, "blue", "cell", parse_cell("N13"))
    for direction, symbol in (("N", "N1"), ("W", "W1")):
        tap(window, "blue", "course", direction)
        tap(window, "blue", "gauge", "torpedo")
        tap(window, "blue", "symbol", symbol)
    tap(window, "yellow", "course", "E")
    tap(window, "blue", "command", "surface")
    yellow, blue = screen_of(window, "yellow"), screen_of(window, "blue")
    assert [yellow.text(w) for w in yellow.track] == ["N", "W", "surfaced in 9"]
    assert list(blue.track) == ["E"]
    surface = pygame.Surface((1600, 480))
    window.render(surface)
    assert surface.get_at(cell_centre(window, "yellow", "H8"))[:3] == SEA
    tap(window, "yellow", "feed", None)
    assert yellow.feed_open and not blue.feed_open
    window.render(surface)
    assert surface.get_at(cell_centre(window, "yellow", "H8"))[:3] != SEA   # the feed lies over the map
    assert any("Blue surfaces in sector 9!" in line for line in yellow.feed)
    tap(window, "yellow", "feed", None)
    window.render(surface)
    assert not yellow.feed_open and surface.get_at(cell_centre(window, "yellow", "H8"))[:3] == SEA


def test_the_window_speaks_the_tables_language(home):
    """The window shows the feed and its labels in the table's language (`--language`), as the console."""
    with both_teams(language="de") as win:
        tap(win, "yellow", "cell", parse_cell("B2"))
        tap(win, "blue", "cell", parse_cell("N12"))
        tap(win, "yellow", "course", "E")
        blue = screen_of(win, "blue")
        assert any("Gelb: Kurs Ost!" in line for line in blue.feed)
        assert blue.text(Msg("damage")) == "Schaden"


@pytest.mark.parametrize("team, asked, desktop, full", [
    ("yellow", False, (800, 480), True),       # the official 7" touch screen: all of it, as U-BOOT's window
    ("yellow", False, (1280, 800), False),     # a bigger desktop: a window of the team's screen
    ("both", False, (800, 480), False),        # both halves side by side: a window twice as wide
    ("both", True, (1600, 480), True),         # --fullscreen
])
def test_the_window_fills_the_touch_screen_and_takes_fullscreen(home, monkeypatch, capsys, team, asked, desktop,
                                                                 full):
    """Captain Sonar, interfaces for a real table (host/README: a team's screen is designed for the official 7" touch
    screen, 800 x 480): the window opened as a resizable 800 x 480 window there, its title bar pushing the bottom row of
    buttons off the screen, and `kaleun play --game sonar --fullscreen` was taken and ignored."""
    from types import SimpleNamespace

    from kaleun.ui.sonar_session import open_sonar_session

    opened: list[int] = []
    real = pygame.display.set_mode

    def set_mode(size, flags=0):
        opened.append(flags)
        return real(desktop if size == (0, 0) else size)

    monkeypatch.setattr(pygame.display, "Info", lambda: SimpleNamespace(current_w=desktop[0], current_h=desktop[1]))
    monkeypatch.setattr(pygame.display, "set_mode", set_mode)
    win = open_sonar_session(new_game(2, "alpha", "realtime"), team=team, fullscreen=asked)
    win.runtime.call(win.runtime.request_stop)
    assert win.run() == 0
    assert opened and bool(opened[0] & pygame.FULLSCREEN) is full
    assert bool(opened[0] & pygame.RESIZABLE) is not full
    # one team's window alone: the terminal it was started from says how the other team gets its input
    lone = "Only Yellow's screen runs here: give Blue a terminal with --tty DEVICE"
    assert (lone in capsys.readouterr().out) is (team == "yellow")


@pytest.mark.parametrize("displays, asked", [([(800, 480), (800, 480)], True), ([(1024, 600), (800, 480)], True),
                                             ([(800, 480), (800, 480)], None)])
def test_both_teams_full_screen_on_two_displays_give_each_team_its_own(home, monkeypatch, displays, asked):
    """Captain Sonar, interfaces for a real table ("a Pi 4 drives two screens, one per team behind the divider"):
    `--team both --fullscreen` asked SDL for the full screen, which covers one display: both halves shared the first
    screen and the second stayed empty. The window now spans both displays, each team's screen on its own; on
    two 7" touch screens it does so unasked, as one team's window fills its touch screen by itself."""
    from types import SimpleNamespace

    from kaleun.ui.sonar_session import open_sonar_session

    opened: list[tuple[tuple[int, int], int]] = []
    real = pygame.display.set_mode

    def set_mode(size, flags=0):
        opened.append((tuple(size), flags))
        return real(size)

    monkeypatch.setattr(pygame.display, "Info", lambda: SimpleNamespace(current_w=displays[0][0],
                                                                         current_h=displays[0][1]))
    monkeypatch.setattr(pygame.display, "get_desktop_sizes", lambda: displays)
    monkeypatch.setattr(pygame.display, "set_mode", set_mode)
    win = open_sonar_session(new_game(2, "alpha", "realtime"), team="both", fullscreen=asked)
    win.runtime.call(win.runtime.request_stop)
    assert win.run() == 0
    (size, flags), = opened
    assert size == (displays[0][0] + displays[1][0], max(h for _, h in displays))
    assert flags & pygame.NOFRAME and not flags & pygame.FULLSCREEN
    yellow, blue = win.areas(size)
    assert yellow == pygame.Rect((0, 0), displays[0])
    assert blue == pygame.Rect((displays[0][0], 0), displays[1])
    surface = pygame.Surface(size)
    win.render(surface)  # each team's controls on its own display, none of them cut or too small
    for screen, area in zip(win.screens, (yellow, blue), strict=True):
        assert screen.hits and all(area.contains(rect) for rect, _ in screen.hits)
    assert not win.labels.cut


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_5_the_first_mate_launches_the_drone_and_the_sonar_from_the_own_station(home, language):
    """§5 [B] "Der Erste Offizier" ("Die Suchdrohne und das Sonar können sowohl vom Kapitän als auch vom Ersten
    Offizier aktiviert werden"): the First Mate's station showed the gauges only, so a drone or sonar went out
    as the Captain's. A tap on a full drone or sonar gauge there launches it as the First Mate's; the station
    says so, whole in every language."""
    seen: list = []
    with both_teams(language=language) as win:
        game = win.runtime.game
        win.runtime.listeners.append(seen.append)
        tap(win, "yellow", "cell", parse_cell("A1"))
        tap(win, "blue", "cell", parse_cell("H15"))
        for (direction, symbol), mark in zip((("N", "N1"), ("N", "N2"), ("N", "N3"), ("N", "N4"), ("E", "E1"),
                                              ("E", "E3"), ("E", "E4")), ["drone"] * 4 + ["sonar"] * 3, strict=True):
            tap(win, "blue", "course", direction)
            tap(win, "blue", "gauge", mark)
            tap(win, "blue", "symbol", symbol)
        blue = next(s for s in win.screens if s.team == "blue")
        tap(win, "blue", "tab", "mate")
        win.render(pygame.Surface((1600, 480)))
        assert {hit.value for _, hit in blue.hits if hit.kind == "launch"} == {"drone", "sonar"}
        assert not win.labels.cut and not win.labels.missing
        tap(win, "blue", "launch", "drone")
        tap(win, "blue", "cell", parse_cell("B2"))                 # a cell of sector 1, where yellow is
        tap(win, "blue", "course", "E")
        tap(win, "blue", "gauge", "torpedo")
        tap(win, "blue", "symbol", "E5")
        tap(win, "blue", "launch", "sonar")
        assert referee(game).turns.sonar == ("blue", "yellow")   # yellow owes the answer
    assert [(e.name, e.data["by"]) for e in seen if e.name in ("drone", "sonar")] == [("drone", "first_mate"),
                                                                                    ("sonar", "first_mate")]


def test_one_teams_window_and_the_other_teams_console_on_its_terminal(home):
    """Captain Sonar, interfaces for a real table (a window per team, a console per team): `kaleun play --game sonar`
    with a display opened yellow's window and nothing else, so blue could not give a single command; `--tty` opened two
    consoles and no window. Now `--tty DEVICE` beside one team's window gives the other team its console on that
    terminal: it sees its own view, plays, and `quit` there saves and closes the game."""
    import os
    import pty
    import select
    import threading
    import time

    from kaleun.ui.sonar_session import open_sonar_session

    master, slave = pty.openpty()
    said = bytearray()

    def blue_at_the_terminal() -> None:
        def read_until(text: bytes) -> None:
            deadline = time.monotonic() + 30
            while text not in said and time.monotonic() < deadline:
                if select.select([master], [], [], 0.1)[0]:
                    said.extend(os.read(master, 4096))
        read_until(b"blue> ")
        os.write(master, b"start N12\n")
        read_until(b"You start at N12")
        os.write(master, b"quit\n")
        read_until(b"Game saved.")

    try:
        win = open_sonar_session(new_game(2, "alpha", "turn"), team="yellow", tty=os.ttyname(slave))
        assert [s.team for s in win.screens] == ["yellow"] and [c.team for c in win.consoles] == ["blue"]
        typist = threading.Thread(target=blue_at_the_terminal)
        typist.start()
        assert win.run() == 0
        typist.join(30)
    finally:
        os.close(master)
        os.close(slave)
    text = said.decode(errors="replace")
    assert "Blue's console." in text and "You start at N12 (sector 4)" in text and "Game saved." in text
    assert "Only Blue's console runs here" not in text      # yellow plays in the window
    assert referee(win.runtime.game).teams["blue"].position == parse_cell("N12")
    yellow = win.screens[0]
    assert not any("N12" in line for line in yellow.feed)      # yellow's window never shows blue's secrets


def test_6_turn_based_controls_wait_for_the_own_turn_and_say_so(home):
    """§6 turn-based: during the other team's turn the course pad, Surface, the systems, the First Mate's
    gauges and the Engineer's symbols are drawn held (greyed *and* hatched, with the word "Blue's turn"
    on Surface and in the stations' titles); a tap on one is still answered with the game's refusal. Setting
    off a mine stays open (rules.toml: detonate_in_any_turn), and the team at turn has nothing held."""
    with both_teams(mode="turn") as win:
        runtime = win.runtime
        tap(win, "yellow", "cell", parse_cell("B2"))
        tap(win, "blue", "cell", parse_cell("N12"))
        runtime.step()
        ref = referee(runtime.game)
        at_turn, waiting = ref.turns.current, "yellow" if ref.turns.current == "blue" else "blue"
        surface = pygame.Surface((1600, 480))
        win.render(surface)
        wait = next(s for s in win.screens if s.team == waiting)
        turn = next(s for s in win.screens if s.team == at_turn)
        assert turn.held == []
        for hit in (Hit("course", "N"), Hit("command", "surface"), Hit("system", "torpedo"),
                    Hit("system", "sonar")):
            assert hit in wait.held, hit
        assert Hit("system", "detonate") not in wait.held
        assert wait.text(wait.waits(ref.team_status(waiting))) == f"{at_turn.capitalize()}'s turn"
        for station, hit in (("mate", Hit("gauge", "torpedo")), ("engineer", Hit("symbol", "N2"))):
            wait.station = station
            win.render(surface)
            assert hit in wait.held and hit not in turn.held
        wait.station = "captain"
        tap(win, waiting, "course", "E")
        runtime.step()
        win.render(surface)
        assert f"refused: it is {at_turn.capitalize()}'s turn" in wait.feed[0]
        assert ref.teams[waiting].route == [parse_cell("B2" if waiting == "yellow" else "N12")]


def test_3_the_repair_panel_says_who_outlines_next(window):
    """§3 real time, the repair ritual: the Engineer begins, then the sheet passes on. The panel names who is
    next and holds (greys and hatches) the other crew members and Dive, so the first tap is not a refusal;
    a tap on a held one still draws the game's reason; the sections outlined say by whom."""
    tap(window, "yellow", "cell", parse_cell("B2"))
    tap(window, "blue", "cell", parse_cell("N12"))
    tap(window, "blue", "command", "surface")
    window.runtime.step()
    surface = pygame.Surface((1600, 480))
    window.render(surface)
    blue = next(s for s in window.screens if s.team == "blue")
    held = {hit.value for hit in blue.held}
    assert held == {"captain", "first_mate", "radio_operator", "dive"}
    tap(window, "blue", "section", 1)
    tap(window, "blue", "member", "captain")  # held: still sent, refused with the reason
    window.runtime.step()
    assert "the Engineer begins the repairs" in blue.feed[0]
    tap(window, "blue", "section", 1)
    tap(window, "blue", "member", "engineer")
    window.runtime.step()
    window.render(surface)
    assert {hit.value for hit in blue.held} == {"engineer", "dive"}
    for section, member in ((2, "captain"), (3, "first_mate"), (4, "radio_operator")):
        tap(window, "blue", "section", section)
        tap(window, "blue", "member", member)
        window.runtime.step()
    window.render(surface)
    assert blue.held == [] and referee(window.runtime.game).teams["blue"].repaired
    tap(window, "blue", "command", "dive")
    window.runtime.step()
    assert not referee(window.runtime.game).teams["blue"].surfaced


def _labels_drawn(window, how: str = "label") -> list[str]:
    """From now on, every text the window draws with `window.labels.<how>` (`label` in a rectangle, `line`,
    `paragraph`), as the player reads it (the list grows as it renders)."""
    drawn: list[str] = []
    draw = getattr(window.labels, how)
    text_at = 2 if how == "label" else 1      # label(surface, rect, text, ...); line/paragraph(surface, text, ...)

    def recording(*args, **kwargs):
        drawn.append(window.labels.render(args[text_at]))
        return draw(*args, **kwargs)

    setattr(window.labels, how, recording)
    return drawn


def test_6_the_other_teams_stop_holds_the_repair_panel_too(window):
    """§6 real time, Stop!: "both teams freeze", a surfaced crew's repairs and its dive too (the game refuses
    them). The repair panel of a crew surfaced under the other team's Stop! showed its sections, the Engineer and
    Dive open, and its prompt asked for a section; now it holds them all and says whose Stop! the repairs wait
    for. A tap is still sent and refused with the reason; once the Stop! is lifted the Engineer begins."""
    tap(window, "yellow", "cell", parse_cell("B2"))
    tap(window, "blue", "cell", parse_cell("N12"))
    tap(window, "yellow", "command", "surface")
    window.runtime.step()
    torpedo_ready(window, "blue")
    tap(window, "blue", "command", "stop")
    window.runtime.step()
    drawn = _labels_drawn(window, "paragraph")
    surface = pygame.Surface((1600, 480))
    window.render(surface)
    yellow = next(s for s in window.screens if s.team == "yellow")
    assert yellow.repairing(referee(window.runtime.game).team_status("yellow")) and yellow.station == "captain"
    held = {(hit.kind, hit.value) for hit in yellow.held}
    assert {("section", s) for s in range(1, 5)} | {("member", "engineer"), ("command", "dive")} <= held
    assert "Blue's Stop!: the repairs wait." in drawn
    tap(window, "yellow", "section", 1)
    tap(window, "yellow", "member", "engineer")
    window.runtime.step()
    assert "refused: Stop! Blue is activating a system: wait" in yellow.feed[0]
    tap(window, "blue", "command", "go")
    window.runtime.step()
    drawn.clear()
    window.render(surface)
    assert {hit.value for hit in yellow.held} == {"captain", "first_mate", "radio_operator", "dive"}
    assert not any("the repairs wait" in text for text in drawn)


def test_6_a_stop_holds_what_it_freezes_and_says_whose(window):
    """§6 real time, Stop!: the other team's controls are all held (greyed and hatched, "Blue's Stop!" on
    Surface); the calling team keeps its systems and Go, and its course pad and Surface are held ("your
    Stop!"). A tap on a held control is still answered with the refusal. Go frees both."""
    tap(window, "yellow", "cell", parse_cell("B2"))
    tap(window, "blue", "cell", parse_cell("N12"))
    torpedo_ready(window, "blue")
    tap(window, "blue", "command", "stop")
    window.runtime.step()
    surface = pygame.Surface((1600, 480))
    window.render(surface)
    yellow, blue = (next(s for s in window.screens if s.team == t) for t in ("yellow", "blue"))
    status = referee(window.runtime.game).team_status
    assert yellow.text(yellow.waits(status("yellow"))) == "Blue's Stop!"
    assert blue.text(blue.waits(status("blue"))) == "your Stop!"
    for hit in (Hit("course", "N"), Hit("command", "surface"), Hit("command", "stop"), Hit("system", "torpedo"),
                Hit("system", "detonate")):
        assert hit in yellow.held, hit
    assert Hit("course", "N") in blue.held and Hit("command", "surface") in blue.held
    assert not any(hit.kind == "system" or hit == Hit("command", "go") for hit in blue.held)
    tap(window, "yellow", "course", "N")
    window.runtime.step()
    assert "refused: Stop! Blue is activating a system: wait" in yellow.feed[0]
    tap(window, "blue", "command", "go")
    window.runtime.step()
    window.render(surface)
    # §5: Blue's torpedo is ready, Yellow has nothing to activate: only its Stop! stays greyed
    assert yellow.held == [Hit("command", "stop")] and blue.held == []


def test_before_the_start_and_after_the_end_the_controls_are_held(window):
    """Before both start cells are marked the game takes nothing but the start cell, and after the end
    nothing: the controls are held and say so ("not started yet", "the game is over")."""
    surface = pygame.Surface((1600, 480))
    window.render(surface)
    yellow = next(s for s in window.screens if s.team == "yellow")
    ref = referee(window.runtime.game)
    assert yellow.text(yellow.waits(ref.team_status("yellow"))) == "not started yet"
    assert Hit("course", "N") in yellow.held and Hit("system", "detonate") in yellow.held
    tap(window, "yellow", "cell", parse_cell("B2"))
    tap(window, "blue", "cell", parse_cell("N12"))
    window.runtime.step()
    window.render(surface)
    assert yellow.held == [Hit("command", "stop")]  # §5: nothing is ready yet, so a Stop! would be refused
    ref.phase = "over"
    window.render(surface)
    assert yellow.text(yellow.waits(ref.team_status("yellow"))) == "the game is over"
    assert Hit("course", "N") in yellow.held and Hit("system", "detonate") in yellow.held
    # nothing is left to command: the way out (the console's quit) takes the place of Surface and Stop!
    shown = [hit for _, hit in yellow.hits]
    assert Hit("leave", None) in shown and Hit("command", "stop") not in shown


def test_5_after_an_activation_the_systems_are_held_until_the_next_move(window):
    """§5: never two activations without a move in between. After the torpedo the systems' buttons are held
    (greyed and hatched; a tap still draws the reason), the course pad stays open, and the next move frees them."""
    do = window.runtime.submit
    do({"do": "start", "team": "yellow", "cell": "B2"})
    do({"do": "start", "team": "blue", "cell": "N12"})
    for direction, symbol in (("E", "E5"), ("S", "S6"), ("E", "E6")):
        do({"do": "course", "team": "yellow", "direction": direction})
        do({"do": "mark", "team": "yellow", "system": "torpedo"})
        do({"do": "cross", "team": "yellow", "symbol": symbol})
    do({"do": "activate", "team": "yellow", "system": "torpedo", "cell": "F3"})
    window.runtime.step()
    yellow = next(s for s in window.screens if s.team == "yellow")
    assert yellow.feed and "torpedo" in " ".join(yellow.feed).lower()
    surface = pygame.Surface((1600, 480))
    window.render(surface)
    assert Hit("system", "torpedo") in yellow.held and Hit("system", "silence") in yellow.held
    assert Hit("course", "S") not in yellow.held
    counts = bool(referee(window.runtime.game).rules["detonation_is_activation"])
    assert (Hit("system", "detonate") in yellow.held) == counts
    tap(window, "yellow", "system", "sonar")
    window.runtime.step()
    assert "! sonar refused:" in yellow.feed[0]
    do({"do": "course", "team": "yellow", "direction": "S"})
    window.runtime.step()
    window.render(surface)
    assert not any(hit.kind == "system" for hit in yellow.held)


def test_6_the_moves_are_held_until_the_last_course_is_confirmed(window):
    """§6 real time, the course handshake: after a course the course pad, Surface and Silence are held
    ("course not confirmed yet" on Surface) until the First Mate's mark and the Engineer's cross; a tap on
    the pad is still answered with the reason; the other systems stay open."""
    tap(window, "yellow", "cell", parse_cell("B2"))
    tap(window, "blue", "cell", parse_cell("N12"))
    tap(window, "yellow", "course", "E")
    window.runtime.step()
    surface = pygame.Surface((1600, 480))
    yellow = next(s for s in window.screens if s.team == "yellow")
    window.render(surface)  # the screen turns to the First Mate; the Captain's tab is a tap away
    tap(window, "yellow", "tab", "captain")
    window.render(surface)
    for hit in (Hit("course", "S"), Hit("command", "surface"), Hit("system", "silence")):
        assert hit in yellow.held, hit
    assert Hit("system", "torpedo") not in yellow.held
    # the Stop! is not held for the handshake: only for having nothing ready yet (§5)
    assert yellow.text(stop_note(yellow, referee(window.runtime.game).team_status("yellow"))) == "nothing ready"
    tap(window, "yellow", "course", "S")
    window.runtime.step()
    assert "the last course is not confirmed yet" in yellow.feed[0]
    tap(window, "yellow", "gauge", "torpedo")
    tap(window, "yellow", "symbol", "E5")
    window.runtime.step()
    window.render(surface)
    assert yellow.station == "captain" and yellow.held == [Hit("command", "stop")]  # §5: still nothing ready


def test_6_the_top_bar_names_whose_stop_it_is(window):
    """§6 real time, Stop!: the top bar said "Stop!" alone; the call is public (the team and who called it), so
    each team's bar names it: "your Stop!" for the calling team, "Blue's Stop!" for the other."""
    tap(window, "yellow", "cell", parse_cell("B2"))
    tap(window, "blue", "cell", parse_cell("N12"))
    torpedo_ready(window, "blue")
    tap(window, "blue", "command", "stop")
    window.runtime.step()
    drawn = _labels_drawn(window, "line")
    window.render(pygame.Surface((1600, 480)))
    yellow, blue = (next(s for s in window.screens if s.team == t) for t in ("yellow", "blue"))
    status = referee(window.runtime.game).team_status
    assert yellow.text(yellow.state_line(status("yellow"))) == "Blue's Stop!"
    assert blue.text(blue.state_line(status("blue"))) == "your Stop!"
    assert "Blue's Stop!" in drawn and "your Stop!" in drawn and "Stop!" not in drawn




def _drone_and_sonar_ready(window) -> None:
    """Blue with full drone and sonar gauges (no green symbol crossed), yellow at A1."""
    do = window.runtime.submit
    do({"do": "start", "team": "yellow", "cell": "A1"})
    do({"do": "start", "team": "blue", "cell": "H15"})
    for (direction, symbol), mark in zip((("N", "N1"), ("N", "N2"), ("N", "N3"), ("N", "N4"), ("E", "E1"),
                                          ("E", "E3"), ("E", "E4")), ["drone"] * 4 + ["sonar"] * 3, strict=True):
        do({"do": "course", "team": "blue", "direction": direction})
        do({"do": "mark", "team": "blue", "system": mark})
        do({"do": "cross", "team": "blue", "symbol": symbol})
    window.runtime.step()


def test_5_a_held_system_says_the_reason_its_refusal_gives(window):
    """§5: after an activation the systems are held until the next move. The line under each held button is the
    reason the game gives for a tap, in the referee's order (the gauge, a breakdown, then the move): the drone just
    launched reads "0/4" and a tap answers "not full (0 of 4)"; the full sonar reads "a move first" (not "ready")
    and a tap answers "never two activations"."""
    _drone_and_sonar_ready(window)
    window.runtime.submit({"do": "activate", "team": "blue", "system": "drone", "sector": 1})
    window.runtime.step()
    blue = next(s for s in window.screens if s.team == "blue")
    notes: dict[str, str] = {}
    button = blue.button

    def recording(surface, rect, text, hit, active=False, note=None, *args, **kwargs):
        if hit.kind == "system" and note is not None:
            notes[hit.value] = blue.text(note)
        return button(surface, rect, text, hit, active, note, *args, **kwargs)

    blue.button = recording
    window.render(pygame.Surface((1600, 480)))
    assert Hit("system", "drone") in blue.held and Hit("system", "sonar") in blue.held
    assert notes["drone"] == "0/4" and notes["sonar"] == "a move first"
    drawn = _labels_drawn(window)
    blue.station = "mate"                           # the First Mate's full sonar gauge says the same
    window.render(pygame.Surface((1600, 480)))
    assert Hit("launch", "sonar") in blue.held and "a move first" in drawn
    blue.station = "captain"
    for system in ("drone", "sonar"):
        tap(window, "blue", "system", system)
        if system == "drone":
            tap(window, "blue", "cell", parse_cell("B2"))
        window.runtime.step()
    assert "the drone gauge is not full (0 of 4)" in blue.feed[1]
    assert "never two activations without a move in between" in blue.feed[0]


def test_5_the_drone_armed_by_the_first_mate_is_marked_on_the_station(window):
    """§5 [B] "Der Erste Offizier": a tap on the full drone gauge arms the drone from the First Mate's station
    (the strip under the map asks for the sector). The armed row is drawn pressed, with a thick edge and the word
    "armed" (not by colour alone); Cancel unmarks it."""
    _drone_and_sonar_ready(window)
    blue = next(s for s in window.screens if s.team == "blue")
    blue.station = "mate"
    drawn = _labels_drawn(window)
    surface = pygame.Surface((1600, 480))
    window.render(surface)
    assert "armed" not in drawn
    tap(window, "blue", "launch", "drone")
    drawn.clear()
    window.render(surface)
    row = _find(blue, "launch", "drone")
    assert "armed" in drawn and surface.get_at((row.centerx, row.y + 5))[:3] == (236, 180, 64)
    tap(window, "blue", "cancel", None)
    drawn.clear()
    window.render(surface)
    assert "armed" not in drawn and blue.armed is None


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_7_delta_surface_says_what_surfacing_under_the_ice_costs(home, language):
    """§7 Delta (scenarios.toml surface_outside = "water_hole", surface_damage = 1): surfacing outside a water
    hole costs 1 damage, and with 3 damage it sinks the boat. A crew learnt it only from the feed afterwards; now
    the Captain's Surface says it beforehand (with a warning edge and words, whole in every language), and nothing
    on a water hole."""
    notes: dict[str, str | None] = {}
    with both_teams(5, "turn", "delta", language=language) as win:
        runtime = win.runtime
        ref = referee(runtime.game)
        holes = ref.sea.feature("water_hole")
        assert parse_cell("B2") in holes and parse_cell("D2") not in holes
        runtime.submit({"do": "start", "team": "yellow", "cell": "D2"})
        runtime.submit({"do": "start", "team": "blue", "cell": "B2"})
        runtime.step()
        for screen in win.screens:
            button = screen.button

            def recording(surface, rect, text, hit, *args, _screen=screen, _button=button, **kwargs):
                if hit == Hit("command", "surface"):
                    note = kwargs.get("note")
                    notes[_screen.team] = None if note is None else _screen.text(note)
                return _button(surface, rect, text, hit, *args, **kwargs)

            screen.button = recording
            screen.station = "captain"
        ref.turns.current = "yellow"
        win.render(pygame.Surface((1600, 480)))
        english = language == "en"
        assert notes["yellow"] == "no water hole: 1 damage" or not english
        ref.teams["yellow"].damage = 3
        win.render(pygame.Surface((1600, 480)))
        assert notes["yellow"] == "no water hole: the boat sinks!" or not english
        ref.turns.current = "blue"
        win.render(pygame.Surface((1600, 480)))
        assert notes["blue"] is None and notes["yellow"] is not None
        assert not win.labels.cut and not win.labels.missing


def yellow_off_the_water_holes(win: SonarWindow) -> tuple[Any, list[str]]:
    """Delta: yellow starts at D2, off the water holes (B2 is one), blue at B2. Gives yellow's screen and the list
    that gathers each label its Surface button shows (in the table's language) from then on."""
    tap(win, "yellow", "cell", parse_cell("D2"))
    tap(win, "blue", "cell", parse_cell("B2"))
    win.runtime.step()
    yellow = next(s for s in win.screens if s.team == "yellow")
    labels: list[str] = []
    button = yellow.button

    def recording(surface, rect, text, hit, *args, **kwargs):
        if hit == Hit("command", "surface"):
            labels.append(yellow.text(text))
        return button(surface, rect, text, hit, *args, **kwargs)

    yellow.button = recording
    return yellow, labels


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_7_delta_a_surface_that_sinks_the_own_boat_asks_for_a_second_touch(home, language):
    """§7 Delta and §1 "Spielende": with 3 damage, surfacing off the water holes is the fourth damage and sinks the
    own boat. The Surface button said so, yet one tap sank it; the console asks for `surface` typed twice. Now the
    first touch turns the button into "Touch again to surface" (its note: the boat sinks) and surfaces nothing; any
    other touch takes it back; a second touch surfaces."""
    with both_teams(5, "realtime", "delta", language=language) as win:
        runtime = win.runtime
        ref = referee(runtime.game)
        yellow, labels = yellow_off_the_water_holes(win)
        ref.teams["yellow"].damage = 3
        tap(win, "yellow", "command", "surface")
        runtime.step()
        assert yellow.ice_told is not None and not ref.teams["yellow"].surfaced and ref.phase == "play"
        win.render(pygame.Surface((1600, 480)))
        assert labels[-1] == yellow.text(Msg("Touch again to surface"))
        assert not win.labels.cut and not win.labels.missing
        tap(win, "yellow", "tab", "radio")  # another touch takes the first one back
        tap(win, "yellow", "tab", "captain")
        assert yellow.ice_told is None
        tap(win, "yellow", "command", "surface")
        runtime.step()
        assert not ref.teams["yellow"].surfaced
        tap(win, "yellow", "command", "surface")
        runtime.step()
        assert ref.teams["yellow"].surfaced and ref.phase == "over" and ref.winner == "blue"


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_7_delta_a_surface_that_costs_damage_asks_for_a_second_touch_as_the_console_does(home, language):
    """§7 Delta ([B] "Delta Karte": surfacing outside the water holes costs 1 damage): a Surface that cost a hull
    point without sinking the boat was taken on one touch, though the console asks for `surface` typed twice for
    every surfacing that costs damage; a touch brushed in passing cost a quarter of the hull for good. Now the
    first touch asks for a second ("Touch again to surface", its note the damage); the second surfaces with the
    rulebook's 1 damage. A blast between the touches that makes the surfacing the boat's last asks again, as
    the console does; on a water hole one touch surfaces."""
    with both_teams(5, "realtime", "delta", language=language) as win:
        runtime = win.runtime
        ref = referee(runtime.game)
        yellow, labels = yellow_off_the_water_holes(win)
        tap(win, "yellow", "command", "surface")
        runtime.step()
        assert yellow.ice_told is not None and not ref.teams["yellow"].surfaced
        assert ref.teams["yellow"].damage == 0
        win.render(pygame.Surface((1600, 480)))
        assert labels[-1] == yellow.text(Msg("Touch again to surface"))
        assert not win.labels.cut and not win.labels.missing
        ref.teams["yellow"].damage = 3  # a blast between the touches: the surfacing would now sink the boat
        tap(win, "yellow", "command", "surface")
        runtime.step()
        assert yellow.ice_told is not None and not ref.teams["yellow"].surfaced  # asked again, with the new cost
        ref.teams["yellow"].damage = 0
        tap(win, "yellow", "command", "surface")
        tap(win, "yellow", "command", "surface")
        runtime.step()
        assert ref.teams["yellow"].surfaced and ref.teams["yellow"].damage == 1 and ref.phase == "play"
    with both_teams(5, "realtime", "delta", language=language) as win:  # on a water hole: one touch
        tap(win, "yellow", "cell", parse_cell("B2"))
        tap(win, "blue", "cell", parse_cell("D2"))
        win.runtime.step()
        tap(win, "yellow", "command", "surface")
        win.runtime.step()
        ref = referee(win.runtime.game)
        assert ref.teams["yellow"].surfaced and ref.teams["yellow"].damage == 0


def test_4_a_crossed_symbol_is_dimmed_under_its_cross(window):
    """§4: the Engineer crosses one symbol per course; on a full board the crossed symbols kept their bright colour
    under a thin dark cross, so the open ones did not stand out. A crossed symbol is now drawn at half its colour
    under a light cross (the cross says it, the dimming helps the glance); an open one keeps its colour."""
    from kaleun.ui.sonar_stations import SYMBOL_COLOURS

    do = window.runtime.submit
    do({"do": "start", "team": "yellow", "cell": "A1"})
    do({"do": "start", "team": "blue", "cell": "H15"})
    do({"do": "course", "team": "blue", "direction": "N"})
    do({"do": "mark", "team": "blue", "system": "drone"})
    do({"do": "cross", "team": "blue", "symbol": "N1"})
    window.runtime.step()
    blue = next(s for s in window.screens if s.team == "blue")
    blue.station = "engineer"
    surface = pygame.Surface((1600, 480))
    window.render(surface)
    layout = referee(window.runtime.game).teams["blue"].board.layout
    for sid, crossed in (("N1", True), ("N2", False)):
        rect = _find(blue, "symbol", sid)
        radius = min(rect.width, rect.height) // 2 - blue.px(3)
        colour = SYMBOL_COLOURS[layout.symbols[sid].colour]
        expected = tuple(c // 2 for c in colour) if crossed else colour
        assert surface.get_at((rect.centerx, rect.centery + int(radius * 0.75)))[:3] == expected, sid


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_2_after_a_surfacing_the_top_bars_count_the_extra_turns(home, language):
    """§2 turn-based: after a boat surfaces the other plays three turns in a row. The surfaced crew saw only
    "enemy's turn" while the enemy moved again and again; both top bars now count them (the turn event is public:
    "your extra turn 1 of 3", "enemy's extra turn 1 of 3"), whole in every language at 800 x 480."""
    with both_teams(mode="turn", language=language) as win:
        runtime = win.runtime
        runtime.submit({"do": "start", "team": "yellow", "cell": "A1"})
        runtime.submit({"do": "start", "team": "blue", "cell": "H15"})
        ref = referee(runtime.game)
        first = ref.turns.current
        other = "blue" if first == "yellow" else "yellow"
        runtime.submit({"do": "surface", "team": first})
        runtime.step()
        win.render(pygame.Surface((1600, 480)))
        surfaced, bonus = (next(s for s in win.screens if s.team == t) for t in (first, other))
        if language == "en":
            assert surfaced.text(surfaced.state_line(ref.team_status(first))) == "enemy's extra turn 1 of 3"
            assert bonus.text(bonus.state_line(ref.team_status(other))) == "your extra turn 1 of 3"
        assert not win.labels.cut and not win.labels.missing


def test_5_detonate_without_a_mine_says_so_at_once(window):
    """§5 [B] "Eine Wassermine legen": only a laid mine can be set off. A tap on Detonate with no mine in the water
    armed it and asked for a cell, and only the cell drew the refusal; the button reads "0 mines" and a tap now
    says at once that there is none, arming nothing."""
    tap(window, "yellow", "cell", parse_cell("B2"))
    tap(window, "blue", "cell", parse_cell("N12"))
    window.runtime.step()
    yellow = next(s for s in window.screens if s.team == "yellow")
    tap(window, "yellow", "system", "detonate")
    assert yellow.armed is None
    assert yellow.feed[0] == "! no mine of yours is in the water: lay one first"


@pytest.mark.parametrize("language", ["de", "ru"])
def test_9_the_training_aids_button_is_named_as_the_consoles_plot(home, language):
    """§9: the Radio Operator's training-aid button says what the console's `plot` command is called at the
    table (German "Übungshilfe", Russian "подсказка"), not U-BOOT's plotting table ("Lagekarte", and in
    Russian "Планшет", the Engineer's board)."""
    from kaleun.i18n import language as language_of
    from kaleun.sonar.referee import Referee

    drawn: list[str] = []
    with both_teams(training_aid=True, language=language) as win:
        screen = screen_of(win, "yellow")
        render = screen.text

        def recorded(text):
            drawn.append(render(text))
            return drawn[-1]

        screen.text = recorded
        screen.station = "radio"
        win.render(pygame.Surface((1600, 480)))
    assert any(hit.kind == "plot" for _, hit in screen.hits)
    command = language_of(language).render(Referee.COMMAND_NAMES["plot"])
    assert command.capitalize() in drawn
    assert not {"Lagekarte", "Планшет"} & set(drawn)


def test_6_with_activations_at_any_time_the_systems_stay_open_in_the_other_teams_turn(home):
    """§6 [B] "Systeme aktivieren" ("zu einem beliebigen Zeitpunkt"), rules.toml activate_in_own_turn = false: in the
    other team's turn the systems are not drawn held (the game takes them), while the course pad, Surface and the
    silent run, which move the boat, still wait for the own turn."""
    with both_teams(mode="turn", rules={"activate_in_own_turn": False}) as win:
        runtime, ref = win.runtime, referee(win.runtime.game)
        tap(win, "yellow", "cell", parse_cell("B2"))
        tap(win, "blue", "cell", parse_cell("N12"))
        runtime.step()
        waiting = "yellow" if ref.turns.current == "blue" else "blue"
        win.render(pygame.Surface((1600, 480)))
        wait = next(s for s in win.screens if s.team == waiting)
        for hit in (Hit("system", "torpedo"), Hit("system", "sonar"), Hit("system", "detonate")):
            assert hit not in wait.held, hit
        for hit in (Hit("course", "N"), Hit("command", "surface"), Hit("system", "silence")):
            assert hit in wait.held, hit


def test_5_a_silent_runs_stop_leaves_only_its_mark_and_cross_open(window):
    """§5 [B] "Schleichfahrt aktivieren": in real time a silent run's Stop! holds until its First Mate's mark and its
    Engineer's cross: on the silent team's screen the gauges and the symbols stay open while Go and the course pad
    are held; the other team's controls are all held; once both are done nothing is."""
    game = window.runtime.game
    plan = (("S", "S3"), ("S", "S5"), ("S", "S2"), ("E", "E1"), ("E", "E2"), ("E", "E5"))   # no yellow symbol
    courses = [{"do": "course", "team": "yellow", "direction": d, "mark": "silence", "cross": c} for d, c in plan]
    for command in ({"do": "start", "team": "yellow", "cell": "A1"}, {"do": "start", "team": "blue", "cell": "O15"},
                    *courses, {"do": "activate", "team": "yellow", "system": "silence", "direction": "E",
                               "distance": 1}):
        game.apply(command)
    window.runtime.step()
    assert referee(game).turns.frozen_by == "yellow" and referee(game).team_status("yellow")["silent_run"]
    surface = pygame.Surface((1600, 480))
    yellow, blue = (next(s for s in window.screens if s.team == t) for t in ("yellow", "blue"))
    for station, hit in (("mate", Hit("gauge", "torpedo")), ("engineer", Hit("symbol", "E3"))):
        yellow.station = station
        window.render(surface)
        assert hit not in yellow.held, hit
    yellow.station = "captain"
    window.render(surface)
    assert Hit("command", "go") in yellow.held and Hit("course", "N") in yellow.held
    assert Hit("course", "N") in blue.held and Hit("system", "detonate") in blue.held
    game.apply({"do": "mark", "team": "yellow", "system": "torpedo"})
    game.apply({"do": "cross", "team": "yellow", "symbol": "E3"})
    window.runtime.step()
    window.render(surface)
    # §5: nothing of Blue's is ready, so only its Stop! stays greyed ("nothing ready"), for that reason alone
    assert blue.held == [Hit("command", "stop")] and Hit("course", "N") not in yellow.held


def test_5_with_activations_waiting_for_the_ok_the_systems_wait_for_mark_and_cross(window):
    """§5 [B] "Systeme aktivieren" [gap], rules.toml activation_waits_for_ok = true: after a course the systems are
    held until the First Mate's mark and the Engineer's cross, as the next course is; setting off a mine is not."""
    game = window.runtime.game
    ref = referee(game)
    ref.rules = {**ref.rules, "activation_waits_for_ok": True}
    for command in ({"do": "start", "team": "yellow", "cell": "B2"}, {"do": "start", "team": "blue", "cell": "N12"},
                    {"do": "course", "team": "yellow", "direction": "E"}):
        game.apply(command)
    window.runtime.step()
    assert ref.team_status("yellow")["waiting_for"] == ["mark", "cross"]
    surface = pygame.Surface((1600, 480))
    yellow = next(s for s in window.screens if s.team == "yellow")
    window.render(surface)                    # the screen turns to the First Mate's gauges: back to the Captain's
    yellow.station = "captain"
    window.render(surface)
    for hit in (Hit("system", "torpedo"), Hit("system", "sonar"), Hit("course", "S")):
        assert hit in yellow.held, hit
    assert Hit("system", "detonate") not in yellow.held
    game.apply({"do": "mark", "team": "yellow", "system": "torpedo"})
    game.apply({"do": "cross", "team": "yellow", "symbol": "E1"})
    window.runtime.step()
    window.render(surface)
    assert yellow.station == "captain" and yellow.held == [Hit("command", "stop")]  # §5: still nothing ready


def test_5_a_silent_run_tapped_too_far_is_refused_in_the_rules_words(home):
    """§5 [B] "Schleichfahrt aktivieren" ("bis zu 4 Felder in gerade Linie"): the Captain arms Silence and taps a cell
    6 cells east of the boat. The team's feed said "! activate: distance must be between 1 and 4, got 6" (a
    malformed line's words, naming a field no player sees); it now gives the rules' refusal, to that team only, and
    the boat has not moved."""
    with both_teams(scenario="charlie") as win:
        tap(win, "yellow", "cell", parse_cell("A1"))
        tap(win, "blue", "cell", parse_cell("O15"))
        for direction, symbol in (("E", "E2"), ("E", "E1"), ("E", "E5"), ("E", "E6"), ("S", "S3"), ("S", "S5")):
            tap(win, "yellow", "course", direction)                  # to E3, no yellow symbol (silence) crossed
            tap(win, "yellow", "gauge", "silence")
            tap(win, "yellow", "symbol", symbol)
        tap(win, "yellow", "system", "silence")
        tap(win, "yellow", "cell", parse_cell("K3"))
        yellow, blue = screen_of(win, "yellow"), screen_of(win, "blue")
        assert yellow.feed[0].endswith("! silence refused: silence east 6: a silent run goes 1 to 4 cells in "
                                       "a straight line.")
        assert not any("silence" in line or "silent" in line for line in blue.feed)
        assert referee(win.runtime.game).team_status("yellow")["cell"] == "E3"


def test_5_the_stop_button_is_greyed_with_the_reason_until_something_is_ready(window):
    """§5: a Stop! comes with an activation that can be made. With nothing ready the Captain's Stop! is held
    (greyed and hatched, "nothing ready" under it); a tap is still sent and the game's refusal says why, and the
    other team is not frozen. Once the torpedo is ready the button is open and the Stop! holds."""
    tap(window, "yellow", "cell", parse_cell("B2"))
    tap(window, "blue", "cell", parse_cell("N12"))
    window.runtime.step()
    surface = pygame.Surface((1600, 480))
    window.render(surface)
    blue = next(s for s in window.screens if s.team == "blue")
    ref = referee(window.runtime.game)
    assert Hit("command", "stop") in blue.held
    assert blue.text(stop_note(blue, ref.team_status("blue"))) == "nothing ready"
    tap(window, "blue", "command", "stop")
    window.runtime.step()
    assert ref.turns.frozen_by is None
    assert "refused: a Stop! comes with an activation: no system is ready" in blue.feed[0], blue.feed[0]
    torpedo_ready(window, "blue")
    window.render(surface)
    assert Hit("command", "stop") not in blue.held and stop_note(blue, ref.team_status("blue")) is None
    tap(window, "blue", "command", "stop")
    window.runtime.step()
    assert ref.turns.frozen_by == "blue"
