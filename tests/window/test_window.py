"""The pygame window: the frame around the screens, the boat and its figures, the telegraph,
time compression, the feed and the loop.

Rendered headless with SDL's dummy drivers; hands act through synthetic mouse events on targets
found by name in the frame just drawn (window/fingers.py). Rulebook references: §3 the boat's 8
sections and the figures on them, §6.8 watches, §8 the app's info feed and time compression
(dropped to real time by every feed message).
"""

from __future__ import annotations

import pygame
import pytest
from kaleun.core.events import Event
from kaleun.saves import load_saved_game
from kaleun.uboot.boat import TELEGRAPH
from kaleun.uboot.compression import MODES
from kaleun.uboot.figures import FIGURES
from kaleun.ui.layout import BUTTON_MODES, TABS, Layout
from kaleun.ui.theme import MIN_TARGET

from window.fingers import Table_, shown

SIZES = [(800, 480), (1024, 600), (1280, 720), (1920, 1080), (640, 400)]


@pytest.fixture
def table() -> Table_:
    return Table_()


@pytest.fixture
def display():
    pygame.display.init()
    yield pygame.display.set_mode((800, 480))
    pygame.display.quit()


def figure_centre(table: Table_, figure: str) -> tuple[int, int]:
    return table.target(f"figure.{figure}").rect.center


# -- drawing ----------------------------------------------------------------------------------
def test_render_frame_saves_png_screenshot(table: Table_, tmp_path) -> None:
    surface = pygame.Surface((800, 480))
    scene = table.window.render(surface)
    path = tmp_path / "window.png"
    pygame.image.save(surface, str(path))
    assert path.stat().st_size > 5000
    assert len({surface.get_at((x, y))[:3] for x in range(0, 800, 20) for y in range(0, 480, 20)}) > 10
    assert scene.time == "04:00:00" and scene.date == "1 Jun 1941"
    assert scene.feed[-2].text.startswith("Training patrol")  # the mission's first feed message
    assert scene.feed[-1].text.startswith("First steps:")  # and the window's greeting of a new game


@pytest.mark.parametrize("size", SIZES)
def test_render_scales_to_window_size(size: tuple[int, int]) -> None:
    table = Table_(size=size)
    table.render()
    layout = table.window.layout
    assert (layout.width, layout.height) == size
    assert layout.tab_bar.bottom == size[1] and layout.top_bar.right == size[0]


def test_3_side_view_shows_all_16_figures_in_their_sections(table: Table_) -> None:
    table.render()
    where = table.game.module("figures").where
    for figure in FIGURES:
        section = where[figure]
        assert section is not None  # everyone starts on the model
        centre = figure_centre(table, figure)
        assert table.window.targets.get(f"section.{section}").rect.collidepoint(centre)


def test_an_unchanged_scene_needs_no_new_frame(table: Table_, display) -> None:
    window = table.window
    window.frame(display)
    drawn = window.frames
    window.frame(display)
    assert window.frames == drawn  # nothing moved: no frame
    table.clock.now += 1.0  # one second of ship's time passes: the clock shows it
    window.frame(display)
    assert window.frames == drawn + 1


def test_resized_window_is_drawn_again_at_the_new_size(table: Table_, display) -> None:
    window = table.window
    window.frame(display)
    drawn = window.frames
    window.handle_event(pygame.event.Event(pygame.VIDEORESIZE, size=(1024, 600), w=1024, h=600))
    screen = pygame.display.set_mode((1024, 600))
    window.frame(screen)
    assert window.frames == drawn + 1
    assert (window.layout.width, window.layout.height) == (1024, 600)


# -- figures ------------------------------------------------------------------------------------
def test_3_drag_figure_to_section_6_places_it(table: Table_) -> None:
    figure = "engineer-square"
    assert table.game.module("figures").where[figure] != 6
    table.drag(f"figure.{figure}", "section.6")
    placed = table.named("figure_placed")
    assert [(e.data["figure"], e.data["section"]) for e in placed] == [(figure, 6)]
    assert table.game.module("figures").where[figure] == 6
    assert table.target("section.6").rect.collidepoint(figure_centre(table, figure))
    assert table.window.drag is None


def test_drag_shows_the_figure_under_the_finger_and_the_drop_target(table: Table_) -> None:
    window = table.window
    start = figure_centre(table, "navigator-square")
    target = table.target("section.8").rect.center
    window.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    window.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=target, rel=(0, 0), buttons=(1, 0, 0)))
    scene = window.scene()
    assert scene.drag is not None
    assert (scene.drag.figure, scene.drag.pos, scene.drag.target) == ("navigator-square", target, 8)
    table.render()


def test_drag_figure_to_tray_lifts_it_and_back_places_it(table: Table_) -> None:
    figure = "captain-circle"
    table.drag(f"figure.{figure}", "tray")
    assert [e.data["figure"] for e in table.named("figure_lifted")] == [figure]
    assert table.target("tray").rect.collidepoint(figure_centre(table, figure))
    assert table.target(f"figure.{figure}").rect.h >= MIN_TARGET  # big enough to grab again
    table.drag(f"figure.{figure}", "section.7")
    assert [(e.data["figure"], e.data["section"]) for e in table.named("figure_placed")] == [(figure, 7)]


def test_drop_outside_the_boat_changes_nothing(table: Table_) -> None:
    table.drag("figure.officer-square", "mobilize")
    assert not table.named("figure_placed") and not table.named("figure_lifted")


def test_a_figure_put_back_where_it_stands_or_tapped_twice_changes_nothing(table: Table_) -> None:
    """§3: dropping a figure on its own section, or a lifted one back on the tray, is no move at all (no event,
    no complaint in the feed); tapping a chosen figure again lets it go."""
    figure = "officer-circle"
    home = table.game.module("figures").where[figure]
    assert home is not None
    feed = len(table.window.scene().feed)
    window = table.window
    window.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=figure_centre(table, figure), button=1))
    over = table.target(f"section.{home}").rect.center
    window.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=over, rel=(0, 0), buttons=(1, 0, 0)))
    assert window.scene().drag is not None and window.scene().drag.target is None  # its own section is no target
    window.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=over, button=1))
    table.drag(f"figure.{figure}", f"section.{home}")
    assert not table.named("figure_placed") and not table.named("figure_lifted")
    table.tap(f"figure.{figure}")
    assert table.window.selected == figure
    table.tap(f"figure.{figure}")
    assert table.window.selected is None
    table.drag(f"figure.{figure}", "tray")
    window.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=figure_centre(table, figure), button=1))
    tray = table.target("tray").rect
    window.handle_event(pygame.event.Event(pygame.MOUSEMOTION, pos=(tray.x + 3, tray.y + 3), rel=(0, 0),
                                           buttons=(1, 0, 0)))
    assert window.scene().drag is not None and window.scene().drag.target is None  # already in the tray
    window.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(tray.x + 3, tray.y + 3), button=1))
    assert [e.data["figure"] for e in table.named("figure_lifted")] == [figure]  # lifted once
    assert not table.named("figure_placed")
    assert not [line for line in table.window.scene().feed[feed:] if line.problem]

def test_hand_action_the_board_cannot_do_shows_in_feed(table: Table_) -> None:
    from kaleun.ports.base import HardwareOnly

    class HandMovedSensor:
        """A figure sensor that reads real tags: only a hand can move figures."""

        def place(self, figure: str, section: int) -> None:
            raise HardwareOnly("figures on this board are moved by hand")

        def settle(self) -> None:
            pass

    table.runtime.table.sensor = HandMovedSensor()
    table.drag("figure.officer-square", "section.6")
    assert not table.named("figure_placed")
    line = table.window.scene().feed[-1]
    assert line.problem and "moved by hand" in line.text


def test_tap_figure_then_tap_section_moves_it(table: Table_) -> None:
    figure = "officer-circle"
    table.tap(f"figure.{figure}")
    assert table.window.scene().selected == figure
    table.tap("section.5")
    assert [(e.data["figure"], e.data["section"]) for e in table.named("figure_placed")] == [(figure, 5)]
    assert table.window.selected is None


def test_sections_widen_for_a_crowd_so_every_figure_stays_grabbable() -> None:
    """Seven figures in the control room at the start of a mission, all sixteen in one section."""
    table = Table_()
    for figure in FIGURES:
        table.runtime.table.actuate({"do": "place", "figure": figure, "section": 3})
    table.render()
    cells = [t.rect for t in table.window.targets.items if t.kind == "figure"]
    assert len(cells) == 16
    assert min(min(r.size) for r in cells) >= 40  # a crowd of sixteen shrinks them a little
    start = Table_()
    start.render()
    assert min(min(t.rect.size) for t in start.window.targets.items if t.kind == "figure") >= MIN_TARGET


# -- engine telegraph and speed -----------------------------------------------------------------
def telegraph_point(table: Table_, position: str, fraction: float = 0.7) -> tuple[int, int]:
    table.tap("tab.helm")
    table.render()
    scale = table.window.screens["helm"].telegraph
    return scale.point(TELEGRAPH.index(position), fraction)


def test_clicking_half_ahead_orders_new_speed_and_speed_display_follows(table: Table_) -> None:
    half = TELEGRAPH.index("half_ahead")
    table.tap("tab.helm")
    table.render()
    before = shown(table)
    assert "Handle: stop" in before and "Engine room: stop" in before and "0.0 kn, going to 0.0 kn" in before
    table.tap("telegraph", telegraph_point(table, "half_ahead"))
    accepted = table.named("order_accepted")
    assert [(e.data["order"], e.data["speed"]) for e in accepted] == [("new_speed", "half_ahead")]
    assert table.runtime.table.telegraph == half
    table.render()
    answered = shown(table)
    assert "Handle: half ahead" in answered and "Engine room: half ahead" in answered
    table.until(30)
    table.render()
    speed = next(text for text in shown(table) if ", going to " in text)
    now, target = (float(part.split()[0]) for part in speed.split(", going to "))
    assert 0.0 < now <= target == 10.0, speed
    assert "Order: half ahead." in [line.text for line in table.window.scene().feed]


def test_every_telegraph_position_can_be_touched(table: Table_) -> None:
    for position in ["full_ahead", "full_astern", "slow_ahead", "stop"]:
        table.tap("telegraph", telegraph_point(table, position, 0.8))
    speeds = [e.data["speed"] for e in table.named("order_accepted")]
    assert speeds == ["full_ahead", "full_astern", "slow_ahead", "stop"]


def test_refused_order_shows_handle_and_answer_apart(table: Table_) -> None:
    table.runtime.table.telegraph = TELEGRAPH.index("full_ahead")  # handle moved, the engine room did not answer
    table.tap("tab.helm")
    table.render()
    drawn = shown(table)
    assert "Handle: full ahead" in drawn and "Engine room: stop" in drawn


# -- time compression ---------------------------------------------------------------------------
def test_8_compression_buttons_change_the_mode(table: Table_) -> None:
    assert set(BUTTON_MODES) == set(MODES)
    for mode in ["transit", "fast_forward", "action", "pause", "real_time"]:
        table.tap(f"mode.{mode}")
        assert table.game.module("compression").mode == mode
        assert table.window.scene().mode == mode
    assert [e.data["mode"] for e in table.named("time_compression")] == [
        "transit", "fast_forward", "action", "pause", "real_time"]


def test_8_a_feed_message_drops_the_shown_compression_to_real_time(table: Table_) -> None:
    table.tap("mode.transit")
    assert table.window.scene().mode == "transit"
    table.clock.now += 2 * 3600.0 / 360  # two hours of transit: the 06:00 watch change is a feed message
    table.runtime.step()
    scene = table.window.scene()
    assert scene.mode == "real_time" and any("watch change" in line.text for line in scene.feed[-3:])


def test_button_press_released_elsewhere_does_nothing(table: Table_) -> None:
    window = table.window
    pos = table.target("mode.transit").rect.center
    window.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    assert window.scene().pressed == "transit"
    elsewhere = table.target("tray").rect.center
    window.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=elsewhere, button=1))
    assert table.game.module("compression").mode == "real_time"


def test_space_toggles_pause(table: Table_) -> None:
    window = table.window
    window.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" "))
    assert table.game.module("compression").mode == "pause"
    window.handle_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" "))
    assert table.game.module("compression").mode == "real_time"


# -- info feed ----------------------------------------------------------------------------------
def test_6_8_watch_change_reaches_the_feed(table: Table_) -> None:
    table.until(2 * 3600.0, step=600)  # 04:00 -> 06:00: a watch change
    scene = table.window.scene()
    assert scene.watch == "second"
    assert any("watch change" in line.text for line in scene.feed[-3:])
    table.render()


def test_refused_input_shows_in_feed_as_a_problem(table: Table_) -> None:
    table.runtime.submit({"do": "order", "order": "new_speed", "speed": "warp"})
    line = table.window.scene().feed[-1]
    assert line.problem and "warp" in line.text


def test_the_ticker_opens_the_whole_feed_newest_first(table: Table_) -> None:
    table.until(2 * 3600.0, step=600)
    table.window.dismiss_alarms()
    table.tap("feed")
    assert type(table.window.overlay).__name__ == "FeedLog"
    table.tap("feed.close")
    assert table.window.overlay is None


# -- the loop -----------------------------------------------------------------------------------
def test_loop_quits_on_quit_event_and_saves(tmp_path) -> None:
    from kaleun.runtime.outputs import Autosave

    table = Table_()
    table.runtime.autosave = Autosave(table.game, tmp_path / "autosave.json")
    pygame.display.init()
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert table.window.run() == 0
    assert table.window.frames >= 1
    saved = load_saved_game(tmp_path / "autosave.json")
    assert saved.t == table.game.t


def test_loop_quits_on_escape(table: Table_) -> None:
    pygame.display.init()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="\x1b"))
    assert table.window.run() == 0


def test_loop_applies_queued_mouse_events(table: Table_) -> None:
    """Events from SDL's queue (mouse or touch) drive the same hands as direct calls."""
    pygame.display.init()
    start = figure_centre(table, "engineer-triangle")
    end = table.target("section.6").rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end, rel=(0, 0), buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end, button=1))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert table.window.run() == 0
    assert [(e.data["figure"], e.data["section"]) for e in table.named("figure_placed")] == [
        ("engineer-triangle", 6)]


# -- layout ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", SIZES)
def test_layout_telegraph_sectors_hit_their_positions(size: tuple[int, int]) -> None:
    table = Table_(size=size)
    table.tap("tab.helm")
    table.render()
    scale = table.window.screens["helm"].telegraph
    for index in range(len(TELEGRAPH)):
        for fraction in (0.0, 0.35, 0.7, 1.0):
            assert scale.position_at(scale.point(index, fraction)) == index
    assert scale.position_at((scale.frame.centerx, scale.frame.bottom + 2)) is None
    assert scale.position_at((scale.frame.centerx, scale.frame.top - 2)) is None


@pytest.mark.parametrize("size", SIZES)
def test_layout_frame_parts_are_apart(size: tuple[int, int]) -> None:
    layout = Layout(*size)
    parts = [layout.top_bar, layout.content, layout.ticker, layout.tab_bar]
    for i, a in enumerate(parts):
        for b in parts[i + 1:]:
            assert not a.colliderect(b)
    assert list(layout.tabs) == list(TABS)
    assert sum(r.w for r in layout.tabs.values()) == size[0]


# -- lamps ----------------------------------------------------------------------------------------
def test_section_lamps_are_drawn_when_the_table_has_lamps(table: Table_) -> None:
    from kaleun.ports.sim import SimLamps
    from kaleun.runtime.lamps import LampDirector
    from kaleun.ui.scene import lamp_looks

    window = table.window
    assert window.scene().lamps == ()  # no lamps object: nothing to draw
    lamps = SimLamps({f"section.{n}": (n - 1, 1) for n in range(1, 9)})
    director = LampDirector(lamps, clock=lambda: 0.0)
    director.handle(Event(0.0, "1941-06-01T06:00:00", "watch_change", {}))
    director.tick(0.1)
    table.runtime.lamps = lamps
    scene = window.scene()
    assert [(lamp.section, lamp.pattern) for lamp in scene.lamps] == [(n, "bells") for n in range(1, 9)]
    assert scene.moving  # a flashing lamp needs frames
    director.tick(0.75)  # between two pairs of flashes
    assert lamp_looks(lamps)[0].lit is False  # blink, not only colour
    table.render()


def test_the_top_bar_shows_the_crew_bars(table: Table_) -> None:
    """The controller keeps the command and morale bars: the crew sees them without looking for markers."""
    assert table.window.scene().bars == "command VIII · morale XI"
    table.runtime.submit({"do": "adjust_morale", "by": -2})
    table.runtime.step()
    assert table.window.scene().bars == "command VIII · morale IX"


def test_a_screen_that_fails_is_shown_as_failed_and_the_table_goes_on(table: Table_, caplog) -> None:
    """Bad data never stops the table: the screen says it failed, the log has the details."""
    window = table.window
    window.guard = True

    def broken() -> None:
        raise KeyError("course")

    window.screens["helm"].read = broken  # type: ignore[method-assign]
    table.tap("tab.helm")
    table.render()
    assert "the helm screen failed" in caplog.text
    table.tap("tab.boat")  # the rest of the window still works
    assert window.tab == "boat"


def test_a_game_that_fails_in_the_window_says_where_its_last_good_save_is_in_the_table_language(
        tmp_path, capsys) -> None:
    """A German table whose game fails while the window runs reads, on the terminal, what happened
    and where the last good save is in German (it was printed in English)."""
    from kaleun.runtime.outputs import Autosave

    table = Table_(language="de")
    table.runtime.autosave = Autosave(table.game, tmp_path / "autosave.json")
    pygame.display.init()

    def fail() -> None:
        raise RuntimeError("a rule failed")

    table.runtime.call(fail)
    assert table.window.run() == 1
    err = capsys.readouterr().err
    assert err.startswith("kaleun: Das Spiel wurde gestoppt: ") and str(tmp_path / "autosave.json") in err
