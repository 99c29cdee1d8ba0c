"""The pygame window: the simulated table on screen.

Rendered headless with SDL's dummy drivers; hands act through synthetic mouse events.
Rulebook references: §3 the boat's 8 sections and the figures on them, §6.8 watches,
§8 the app's info feed and time compression (dropped to real time by every feed message).
"""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame
import pytest
from kaleun.boards.loader import default_board
from kaleun.core.events import Event
from kaleun.runtime.loop import Runtime
from kaleun.runtime.outputs import Autosave
from kaleun.runtime.table import Table
from kaleun.saves import load_saved_game
from kaleun.uboot.boat import TELEGRAPH
from kaleun.uboot.compression import MODES
from kaleun.uboot.figures import FIGURES
from kaleun.uboot.game import new_game
from kaleun.ui.boat_view import figure_area, figure_places
from kaleun.ui.layout import BUTTON_MODES, Layout
from kaleun.ui.window import Window

SIZES = [(800, 480), (1024, 600), (1280, 720), (1920, 1080), (640, 400)]


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


@pytest.fixture
def events() -> list[Event]:
    return []


@pytest.fixture
def runtime(clock: FakeClock, events: list[Event], tmp_path):
    game = new_game(seed=7)
    rt = Runtime(game, Table(default_board(), game), clock=clock, autosave=Autosave(game, tmp_path / "autosave.json"))
    rt.listeners.append(events.append)
    yield rt


@pytest.fixture
def window(runtime: Runtime) -> Window:
    win = Window(runtime)
    runtime.step()
    return win


@pytest.fixture
def display():
    pygame.display.init()
    yield pygame.display.set_mode((800, 480))
    pygame.display.quit()


def click(win: Window, pos: tuple[int, int]) -> None:
    win.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    win.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def drag(win: Window, start: tuple[int, int], end: tuple[int, int], steps: int = 5) -> None:
    win.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    for i in range(1, steps + 1):
        pos = (start[0] + (end[0] - start[0]) * i // steps, start[1] + (end[1] - start[1]) * i // steps)
        win.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0)))
    win.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))


def named(events: list[Event], name: str) -> list[Event]:
    return [e for e in events if e.name == name]


def figure_centre(win: Window, figure: str) -> tuple[int, int]:
    return win.places()[figure][0]


def region(surface, rect) -> bytes:
    return pygame.image.tobytes(surface.subsurface(rect), "RGB")


# -- drawing ----------------------------------------------------------------------------------
def test_render_frame_saves_png_screenshot(window: Window, tmp_path) -> None:
    surface = pygame.Surface((800, 480))
    scene = window.render(surface)
    path = tmp_path / "window.png"
    pygame.image.save(surface, str(path))
    assert path.stat().st_size > 5000
    assert len({surface.get_at((x, y))[:3] for x in range(0, 800, 20) for y in range(0, 480, 20)}) > 10
    assert scene.time == "04:00:00" and scene.date == "1 Jun 1941"
    assert scene.feed[-1].text.startswith("Training patrol")  # the mission's first feed message


@pytest.mark.parametrize("size", SIZES)
def test_render_scales_to_window_size(window: Window, size: tuple[int, int]) -> None:
    surface = pygame.Surface(size)
    window.render(surface)
    assert window.layout.width == size[0] and window.layout.height == size[1]


def test_3_side_view_shows_all_16_figures_in_their_sections(window: Window) -> None:
    scene = window.scene()
    places = window.places(scene)
    assert sorted(places) == sorted(FIGURES)
    for figure, section in scene.figures:
        assert section is not None  # everyone starts on the model
        assert window.layout.sections[section].collidepoint(places[figure][0])


def test_an_unchanged_scene_needs_no_new_frame(window: Window, clock: FakeClock, display) -> None:
    window.frame(display)
    drawn = window.frames
    window.frame(display)
    assert window.frames == drawn  # nothing moved: no frame
    clock.now += 1.0  # one second of ship's time passes: the clock shows it
    window.frame(display)
    assert window.frames == drawn + 1


def test_resized_window_is_drawn_again_at_the_new_size(window: Window, display) -> None:
    window.frame(display)
    drawn = window.frames
    window.handle_event(pygame.event.Event(pygame.VIDEORESIZE, size=(1024, 600), w=1024, h=600))
    screen = pygame.display.set_mode((1024, 600))
    window.frame(screen)
    assert window.frames == drawn + 1
    assert (window.layout.width, window.layout.height) == (1024, 600)


# -- figures ------------------------------------------------------------------------------------
def test_3_drag_figure_to_section_6_places_it(window: Window, events: list[Event], runtime: Runtime) -> None:
    figure = "engineer-square"
    assert runtime.game.module("figures").where[figure] != 6
    drag(window, figure_centre(window, figure), window.layout.sections[6].center)
    placed = named(events, "figure_placed")
    assert [(e.data["figure"], e.data["section"]) for e in placed] == [(figure, 6)]
    assert runtime.game.module("figures").where[figure] == 6
    assert window.layout.sections[6].collidepoint(figure_centre(window, figure))
    assert window.drag is None


def test_drag_shows_the_figure_under_the_finger_and_the_drop_target(window: Window) -> None:
    start = figure_centre(window, "navigator-square")
    target = window.layout.sections[8].center
    window.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    window.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(1, 0, 0)))
    scene = window.scene()
    assert scene.drag is not None
    assert (scene.drag.figure, scene.drag.pos, scene.drag.target) == ("navigator-square", target, 8)
    window.render(pygame.Surface((800, 480)))


def test_drag_figure_to_tray_lifts_it_and_back_places_it(window: Window, events: list[Event]) -> None:
    figure = "captain-circle"
    drag(window, figure_centre(window, figure), window.layout.tray.center)
    assert [e.data["figure"] for e in named(events, "figure_lifted")] == [figure]
    assert window.layout.tray.collidepoint(figure_centre(window, figure))
    drag(window, figure_centre(window, figure), window.layout.sections[7].center)
    assert [(e.data["figure"], e.data["section"]) for e in named(events, "figure_placed")] == [(figure, 7)]


def test_drop_outside_the_boat_changes_nothing(window: Window, events: list[Event]) -> None:
    drag(window, figure_centre(window, "officer-square"), window.layout.feed_panel.center)
    assert not named(events, "figure_placed") and not named(events, "figure_lifted")


def test_hand_action_the_board_cannot_do_shows_in_feed(window: Window, runtime: Runtime,
                                                       events: list[Event]) -> None:
    from kaleun.ports.base import HardwareOnly

    class HandMovedSensor:
        """A figure sensor that reads real tags: only a hand can move figures."""

        def place(self, figure: str, section: int) -> None:
            raise HardwareOnly("figures on this board are moved by hand")

        def settle(self) -> None:
            pass

    runtime.table.sensor = HandMovedSensor()
    drag(window, figure_centre(window, "officer-square"), window.layout.sections[6].center)
    assert not named(events, "figure_placed")
    line = window.scene().feed[-1]
    assert line.problem and "moved by hand" in line.text


def test_tap_figure_then_tap_section_moves_it(window: Window, events: list[Event]) -> None:
    figure = "officer-circle"
    click(window, figure_centre(window, figure))
    assert window.scene().selected == figure
    click(window, window.layout.sections[5].center)
    assert [(e.data["figure"], e.data["section"]) for e in named(events, "figure_placed")] == [(figure, 5)]
    assert window.selected is None


# -- engine telegraph and speed -----------------------------------------------------------------
def test_clicking_half_ahead_orders_new_speed_and_speed_display_follows(
        window: Window, events: list[Event], clock: FakeClock, runtime: Runtime) -> None:
    layout = window.layout
    half = TELEGRAPH.index("half_ahead")
    before = window.scene()
    assert before.speed_kn == 0.0 and before.answered == TELEGRAPH.index("stop")
    surface = pygame.Surface((800, 480))
    window.draw(surface, before)
    status_before = region(surface, layout.status_panel)

    click(window, layout.dial_point(layout.sector_angle(half), 0.7))
    accepted = named(events, "order_accepted")
    assert [(e.data["order"], e.data["speed"]) for e in accepted] == [("new_speed", "half_ahead")]
    assert runtime.table.telegraph == half
    assert window.scene().handle == half and window.scene().answered == half

    clock.now += 30.0
    runtime.step()
    after = window.scene()
    assert after.speed_kn > before.speed_kn and after.target_kn == 10.0
    window.draw(surface, after)
    assert region(surface, layout.status_panel) != status_before
    assert "Order: half ahead." in [line.text for line in after.feed]


def test_every_telegraph_position_can_be_clicked(window: Window, events: list[Event]) -> None:
    layout = window.layout
    for position in ["full_ahead", "full_astern", "slow_ahead", "stop"]:
        click(window, layout.dial_point(layout.sector_angle(TELEGRAPH.index(position)), 0.8))
    speeds = [e.data["speed"] for e in named(events, "order_accepted")]
    assert speeds == ["full_ahead", "full_astern", "slow_ahead", "stop"]


def test_refused_order_shows_handle_and_answer_apart(window: Window, runtime: Runtime) -> None:
    runtime.table.telegraph = TELEGRAPH.index("full_ahead")  # handle moved, the engine room did not answer
    scene = window.scene()
    assert scene.handle == TELEGRAPH.index("full_ahead") and scene.answered == TELEGRAPH.index("stop")
    window.render(pygame.Surface((800, 480)))


# -- time compression ---------------------------------------------------------------------------
def test_8_compression_buttons_change_the_mode(window: Window, runtime: Runtime, events: list[Event]) -> None:
    assert set(BUTTON_MODES) == set(MODES)
    for mode in ["transit", "fast_forward", "action", "pause", "real_time"]:
        click(window, window.layout.buttons[mode].center)
        assert runtime.game.module("compression").mode == mode
        assert window.scene().mode == mode
    assert [e.data["mode"] for e in named(events, "time_compression")] == [
        "transit", "fast_forward", "action", "pause", "real_time"]


def test_8_a_feed_message_drops_the_shown_compression_to_real_time(
        window: Window, clock: FakeClock, runtime: Runtime) -> None:
    click(window, window.layout.buttons["transit"].center)
    assert window.scene().mode == "transit"
    clock.now += 2 * 3600.0 / 360  # two hours of transit: the 06:00 watch change is a feed message
    runtime.step()
    scene = window.scene()
    assert scene.mode == "real_time" and "watch change" in scene.feed[-1].text


def test_button_press_released_elsewhere_does_nothing(window: Window, runtime: Runtime) -> None:
    window.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=window.layout.buttons["transit"].center,
                                           button=1))
    assert window.scene().pressed == "transit"
    window.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=window.layout.feed_panel.center, button=1))
    assert runtime.game.module("compression").mode == "real_time"


def test_space_toggles_pause(window: Window, runtime: Runtime) -> None:
    window.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" "))
    assert runtime.game.module("compression").mode == "pause"
    window.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" "))
    assert runtime.game.module("compression").mode == "real_time"


# -- info feed ----------------------------------------------------------------------------------
def test_6_8_watch_change_reaches_the_feed_newest_last(window: Window, clock: FakeClock, runtime: Runtime) -> None:
    clock.now += 2 * 3600.0  # 04:00 -> 06:00: a watch change
    runtime.step()
    scene = window.scene()
    assert scene.watch == "second"
    assert "watch change" in scene.feed[-1].text
    window.render(pygame.Surface((800, 480)))


def test_refused_input_shows_in_feed_as_a_problem(window: Window, runtime: Runtime) -> None:
    runtime.submit({"do": "order", "order": "new_speed", "speed": "warp"})
    line = window.scene().feed[-1]
    assert line.problem and "warp" in line.text


# -- the loop -----------------------------------------------------------------------------------
def test_loop_quits_on_quit_event_and_saves(window: Window, runtime: Runtime, tmp_path) -> None:
    pygame.display.init()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert window.run() == 0
    assert window.frames >= 1
    saved = load_saved_game(tmp_path / "autosave.json")
    assert saved.t == runtime.game.t


def test_loop_quits_on_escape(window: Window) -> None:
    pygame.display.init()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b"))
    assert window.run() == 0


def test_loop_applies_queued_mouse_events(window: Window, events: list[Event]) -> None:
    """Events from SDL's queue (mouse or touch) drive the same hands as direct calls."""
    pygame.display.init()
    start = figure_centre(window, "engineer-triangle")
    end = window.layout.sections[6].center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert window.run() == 0
    assert [(e.data["figure"], e.data["section"]) for e in named(events, "figure_placed")] == [
        ("engineer-triangle", 6)]


# -- layout ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_layout_telegraph_sectors_hit_their_positions(size: tuple[int, int]) -> None:
    layout = Layout(*size)
    for index in range(len(TELEGRAPH)):
        for fraction in (0.35, 0.7, 1.0):
            assert layout.telegraph_at(layout.dial_point(layout.sector_angle(index), fraction)) == index
    assert layout.telegraph_at(layout.dial_center) is None
    assert layout.telegraph_panel.collidepoint(layout.dial_point(0.0, 1.13))


@pytest.mark.parametrize("size", SIZES)
def test_layout_sections_are_apart_and_hold_16_figures(size: tuple[int, int]) -> None:
    layout = Layout(*size)
    rects = list(layout.sections.values())
    for i, a in enumerate(rects):
        assert layout.boat_panel.contains(a)
        for b in rects[i + 1:]:
            assert not a.colliderect(b)
    for section in layout.sections:
        crowd = tuple((f, section) for f in FIGURES)
        places = figure_places(layout, crowd)
        area = figure_area(layout, section)
        for centre, _cell in places.values():
            assert area.collidepoint(centre)
    lifted = figure_places(layout, tuple((f, None) for f in FIGURES))
    assert all(layout.tray.collidepoint(centre) for centre, _ in lifted.values())


# -- lamps ----------------------------------------------------------------------------------------
def test_section_lamps_are_drawn_when_the_table_has_lamps(window: Window, runtime: Runtime) -> None:
    from kaleun.core.events import Event
    from kaleun.ports.sim import SimLamps
    from kaleun.runtime.lamps import LampDirector
    from kaleun.ui.scene import lamp_looks

    assert window.scene().lamps == ()  # no lamps object: nothing to draw
    lamps = SimLamps({f"section.{n}": (n - 1, 1) for n in range(1, 9)})
    director = LampDirector(lamps, clock=lambda: 0.0)
    director.handle(Event(0.0, "1941-06-01T06:00:00", "watch_change", {}))
    director.tick(0.1)
    runtime.lamps = lamps
    scene = window.scene()
    assert [(lamp.section, lamp.pattern) for lamp in scene.lamps] == [(n, "bells") for n in range(1, 9)]
    assert scene.moving  # a flashing lamp needs frames
    director.tick(0.75)  # between two pairs of flashes
    assert lamp_looks(lamps)[0].lit is False  # blink, not only colour
    window.render(pygame.Surface((800, 480)))


def test_the_top_bar_shows_the_crew_bars(window: Window, runtime: Runtime) -> None:
    """The controller keeps the command and morale bars: the crew sees them without looking for markers."""
    assert window.scene().bars == "command VIII · morale XI"
    runtime.submit({"do": "adjust_morale", "by": -2})
    runtime.step()
    assert window.scene().bars == "command VIII · morale IX"
