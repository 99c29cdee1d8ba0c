"""Manoeuvring on screen and the window's speed on a table that runs all evening (§10.1: the boat under way
at the telegraph's speed): the frame around the screens read the distance run to a hundredth of a mile, which no
part of it shows, so a boat at full speed drew the crew screen (and every other) whole again every few seconds. Only
what a screen shows draws it again now: the helm, which shows the distance run, still follows it, and every frame
on the display is the picture a fresh drawing of that moment gives."""

from __future__ import annotations

import pygame
import pytest
from kaleun.ui import window as window_module
from kaleun.ui.window import ALARM_SECONDS
from weapons.weaponskit import range_game

from window.fingers import Table_, convoy_in_sight


def under_way(tab: str) -> tuple[Table_, pygame.Surface]:
    """The boat at full speed, surfaced, the window on `tab` with a display to draw on."""
    table = Table_(game=range_game(0, surfaced=True))
    win = table.window
    win.set_telegraph("full_ahead")
    table.until(300, step=1)  # up to speed
    win.dismiss_alarms()
    win.show(tab)
    pygame.display.init()
    screen = pygame.display.set_mode((800, 480))
    win.frame(screen)
    return table, screen


def run(table: Table_, screen: pygame.Surface, seconds: int) -> int:
    """Let `seconds` pass at real time, a look each second; the whole frames drawn. Each second the display shows
    what a fresh drawing of that moment shows."""
    win = table.window
    fresh = pygame.Surface(screen.get_size())
    drawn = [0]
    draw = win.draw

    def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        drawn[0] += 1
        return draw(*args, **kwargs)

    for _ in range(seconds):
        table.clock.now += 1.0
        win.draw = counted  # type: ignore[method-assign]
        try:
            win.frame(screen, due=False)
        finally:
            del win.draw
        win.render(fresh)
        assert pygame.image.tobytes(fresh, "RGB") == pygame.image.tobytes(screen, "RGB")
    return drawn[0]


@pytest.mark.parametrize("tab", ["crew", "damage", "attack"])
def test_10_1_a_boat_under_way_does_not_draw_a_screen_that_does_not_show_its_run_again(
        tab: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(window_module, "TICKER_PAGE_SECONDS", 1e9)  # a long newest line's pages do not turn
    table, screen = under_way(tab)
    run_before = table.game.module("boat").status()["distance_nm"]
    assert run(table, screen, 60) == 0
    assert table.game.module("boat").status()["distance_nm"] - run_before > 0.15  # it ran on all the while


def test_10_1_the_helm_follows_the_distance_run() -> None:
    table, screen = under_way("helm")
    assert run(table, screen, 60) >= 1


@pytest.mark.parametrize("tab", ["crew", "map"])
def test_10_3_6_a_breach_counting_down_on_the_banner_draws_the_banner_alone(tab: str) -> None:
    """A hull breach's banner counts its time left down every second (§10.3.6): the whole window (the crew screen,
    the map) was drawn again each second for it. The banner and the clock alone are drawn again now, and the
    display still shows what a fresh drawing of each second shows."""
    table = Table_(mission="exercise_convoy", seed=0)
    win = table.window
    table.runtime.submit({"do": "damage", "kind": "hull_breach", "section": 4})
    table.runtime.step()
    shown = win.alarm_shown()
    assert shown is not None and shown[0] == "breach"
    win.show(tab)
    pygame.display.init()
    try:
        screen = pygame.display.set_mode((800, 480))
        win.frame(screen)
        counting = [table.window.tr(win.alarm_shown()[1].words)]  # type: ignore[index]
        assert run(table, screen, 10) == 0
        counting.append(table.window.tr(win.alarm_shown()[1].words))  # type: ignore[index]
        assert counting[0] != counting[1]  # it counted down all the while
    finally:
        pygame.display.quit()


def test_9_an_alarm_banner_going_by_itself_draws_the_ticker_alone_in_its_place() -> None:
    """The lookouts' contact report waits on the banner for its time, then goes by itself (the ticker takes its
    place): on the crew screen, nothing else of the window changes, and only that strip is drawn again."""
    table = convoy_in_sight(until=100)
    win = table.window
    shown = win.alarm_shown()
    assert shown is not None and shown[0] == "contact"
    win.show("crew")
    pygame.display.init()
    try:
        screen = pygame.display.set_mode((800, 480))
        win.frame(screen)
        assert run(table, screen, int(ALARM_SECONDS) + 2) == 0
        assert win.alarm_shown() is None  # it went, and the display shows the ticker in its place
    finally:
        pygame.display.quit()


def test_9_the_strip_drawn_alone_leaves_the_touch_targets_a_whole_drawing_gives() -> None:
    """The contact report's banner going by itself is drawn alone (the ticker in its place): a touch then finds what
    a whole drawing of that moment puts there, the ticker's targets where the banner's were and every other button
    as it was, none left over from the banner and none twice."""
    table = convoy_in_sight(until=100)
    win = table.window
    assert win.alarm_shown() is not None
    win.show("crew")
    pygame.display.init()
    try:
        screen = pygame.display.set_mode((800, 480))
        win.frame(screen)
        banner = [target.id for target in win.targets.items]
        for _ in range(int(ALARM_SECONDS) + 2):
            table.clock.now += 1.0
            win.frame(screen, due=False)
        assert win.alarm_shown() is None
        after = [(target.id, tuple(target.rect)) for target in win.targets.items]
        assert after and [target_id for target_id, _rect in after] != banner  # the banner's buttons gave way
        win.render(pygame.Surface(screen.get_size()))
        assert after == [(target.id, tuple(target.rect)) for target in win.targets.items]
    finally:
        pygame.display.quit()


def test_9_an_alarm_banner_going_by_itself_while_the_game_is_paused_is_gone_at_the_frame_its_time_is_up() -> None:
    """The lookouts' contact report waits on the banner for its time, then goes by itself even while the game is
    paused (its clock still, so nothing else of the frame changes): the frame its time is up at shows the ticker in
    its place, not the banner until something else happens."""
    table = convoy_in_sight(until=100)
    win = table.window
    assert win.alarm_shown() is not None
    win.set_mode("pause")
    win.show("crew")
    pygame.display.init()
    try:
        screen = pygame.display.set_mode((800, 480))
        win.frame(screen)
        paused_at = table.game.t
        raised = win.alarms[-1][2]
        frames = 0
        while win.alarm_shown() is not None:  # one frame a second, as the loop looks when nothing moves
            assert frames <= ALARM_SECONDS + 1, "the banner never went"
            assert run(table, screen, 1) == 0  # each frame: the display shows what a fresh drawing shows
            frames += 1
        assert table.clock.now - raised > ALARM_SECONDS >= table.clock.now - 1 - raised  # gone at the first frame due
        assert table.game.t == paused_at  # the game stood still all the while
    finally:
        pygame.display.quit()
