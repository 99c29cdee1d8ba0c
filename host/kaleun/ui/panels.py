"""The window's panels around the boat: clock and time compression, engine telegraph,
boat status and the info feed."""

from __future__ import annotations

import math
from typing import Any

import pygame
from pygame import Rect

from kaleun.uboot.boat import BOAT, TELEGRAPH, TELEGRAPH_NAMES
from kaleun.uboot.compression import FACTORS
from kaleun.ui import theme
from kaleun.ui.layout import RIM, Layout
from kaleun.ui.scene import Scene
from kaleun.ui.theme import Fonts
from kaleun.ui.widgets import blit_text, draw_button, fit, wrap

BUTTON_LABELS: dict[str, str] = {
    "pause": "Pause", "real_time": "Real time", "action": "Action", "fast_forward": "Fast fwd",
    "transit": "Transit",
}
#: the handle's lever reaches this far (dial radii); its knob has this radius (design pixels)
LEVER, KNOB = 0.3, 8
#: the engine room's answer is a band on the rim from here (dial radii) outwards
ANSWER_BAND = 0.92
#: the words on the telegraph's dial, one or two lines per position
DIAL_WORDS: dict[str, tuple[str, ...]] = {
    "full_astern": ("FULL", "ASTERN"), "stop": ("STOP",), "slow_ahead": ("SLOW", "AHEAD"),
    "half_ahead": ("HALF", "AHEAD"), "full_ahead": ("FULL", "AHEAD"),
}


def _panel(surface: Any, layout: Layout, rect: Rect, title: str, fonts: Fonts) -> None:
    surface.fill(theme.PANEL, rect)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1)
    if title:
        blit_text(surface, fonts.get(17), title, theme.TEXT_DIM, (rect.x + layout.size(8), rect.y + layout.size(6)))


# -- top bar: ship's time, watch, time compression -----------------------------------------------
def draw_top_bar(surface: Any, layout: Layout, fonts: Fonts, scene: Scene) -> None:
    bar = layout.top_bar
    surface.fill(theme.PANEL, bar)
    pygame.draw.line(surface, theme.PANEL_EDGE, bar.bottomleft, (bar.right - 1, bar.bottom - 1))
    clock = layout.clock
    time_rect = blit_text(surface, fonts.get(44), scene.time, theme.TEXT, (clock.x, clock.centery + 1), "midleft")
    x = time_rect.right + layout.size(12)
    blit_text(surface, fonts.get(20), scene.date, theme.TEXT, (x, clock.centery), "bottomleft")
    blit_text(surface, fonts.get(20), f"{scene.watch} watch on duty", theme.TEXT_DIM, (x, clock.centery + 1),
              "topleft")
    for mode, rect in layout.buttons.items():
        note = "stopped" if mode == "pause" else f"×{FACTORS[mode]:g}"
        draw_button(surface, rect, fonts, BUTTON_LABELS[mode], note, active=scene.mode == mode,
                    pressed=scene.pressed == mode, radius=layout.size(5))


# -- the engine telegraph ---------------------------------------------------------------------
def _arc(layout: Layout, start: float, end: float, fraction: float, steps: int = 24) -> list[tuple[int, int]]:
    return [layout.dial_point(start + (end - start) * i / steps, fraction) for i in range(steps + 1)]


def draw_telegraph(surface: Any, layout: Layout, fonts: Fonts, scene: Scene) -> None:
    panel = layout.telegraph_panel
    _panel(surface, layout, panel, "ENGINE TELEGRAPH", fonts)
    centre = layout.dial_center
    first, last = layout.sector_span(0)[1], layout.sector_span(len(TELEGRAPH) - 1)[0]
    rim = [centre, *_arc(layout, first, last, 1.06, 48)]
    pygame.draw.polygon(surface, theme.BRASS, rim)
    face = [centre, *_arc(layout, first, last, 1.0, 48)]
    pygame.draw.polygon(surface, theme.DIAL_FACE, face)

    # the handle's sector is shaded: the lever also points at it
    low, high = layout.sector_span(scene.handle)
    band = [*_arc(layout, low, high, 1.0, 8), *reversed(_arc(layout, low, high, 0.3, 8))]
    pygame.draw.polygon(surface, (226, 206, 150), band)

    for index in range(len(TELEGRAPH) + 1):
        angle = layout.sector_span(index)[1] if index < len(TELEGRAPH) else last
        pygame.draw.line(surface, theme.BRASS_DARK, layout.dial_point(angle, 0.3), layout.dial_point(angle, 1.0),
                         layout.size(2))
    pygame.draw.polygon(surface, theme.BRASS_DARK, face, layout.size(2))

    font = fonts.get(17)
    line_height = font.get_linesize() - layout.size(2)
    inner = LEVER * layout.dial_radius + layout.size(KNOB) + layout.size(2)
    outer = ANSWER_BAND * layout.dial_radius - layout.size(2)
    for index, position in enumerate(TELEGRAPH):
        words = DIAL_WORDS.get(position, (TELEGRAPH_NAMES[position].upper(),))
        angle = layout.sector_angle(index)
        width = max(font.size(word)[0] for word in words)
        height = line_height * len(words)
        # the label's reach along the radius, so it clears the lever and the answer band
        reach = abs(math.cos(math.radians(angle))) * width / 2 + abs(math.sin(math.radians(angle))) * height / 2
        radius = min(max(0.72 * layout.dial_radius, inner + reach), outer - reach)
        x, y = layout.dial_point(angle, radius / layout.dial_radius)
        top = y - height // 2
        for row, word in enumerate(words):
            blit_text(surface, font, word, theme.TEXT_DARK, (x, top + row * line_height), "midtop")

    # answer: where the engine room answered, a red band on the rim and a notch outside it
    alow, ahigh = layout.sector_span(scene.answered)
    rim_band = [*_arc(layout, alow, ahigh, 1.0, 8), *reversed(_arc(layout, alow, ahigh, ANSWER_BAND, 8))]
    pygame.draw.polygon(surface, theme.ANSWER, rim_band)
    answer_angle = layout.sector_angle(scene.answered)
    a = math.radians(answer_angle)
    tip = layout.dial_point(answer_angle, 1.0)
    side = layout.size(7)
    across = (math.sin(a) * side, math.cos(a) * side)
    notch = layout.dial_point(answer_angle, RIM)
    pygame.draw.polygon(surface, theme.ANSWER, [tip, (notch[0] + across[0], notch[1] + across[1]),
                                                (notch[0] - across[0], notch[1] - across[1])])

    # the handle: a short brass lever with a knob, pointing at its position
    handle_angle = layout.sector_angle(scene.handle)
    knob = layout.dial_point(handle_angle, LEVER)
    pygame.draw.line(surface, theme.OUTLINE, centre, knob, layout.size(9))
    pygame.draw.line(surface, theme.BRASS, centre, knob, layout.size(6))
    pygame.draw.circle(surface, theme.BRASS, knob, layout.size(KNOB))
    pygame.draw.circle(surface, theme.OUTLINE, knob, layout.size(KNOB), layout.size(2))
    pygame.draw.circle(surface, theme.BRASS_DARK, centre, layout.size(10))
    pygame.draw.circle(surface, theme.BRASS, centre, layout.size(6))

    # words for the two needles
    text = fonts.get(19)
    y = layout.dial_point(-25.0, 1.0)[1] + layout.size(16)
    x = panel.x + layout.size(10)
    handle_name = TELEGRAPH_NAMES[TELEGRAPH[scene.handle]]
    answer_name = TELEGRAPH_NAMES[TELEGRAPH[scene.answered]]
    blit_text(surface, text, "Handle:", theme.TEXT_DIM, (x, y))
    blit_text(surface, text, handle_name, theme.BRASS, (x + layout.size(92), y))
    y += text.get_linesize()
    blit_text(surface, text, "Engine room:", theme.TEXT_DIM, (x, y))
    blit_text(surface, text, answer_name, theme.WARNING, (x + layout.size(92), y))


# -- the boat's status ----------------------------------------------------------------------------
def draw_status(surface: Any, layout: Layout, fonts: Fonts, scene: Scene) -> None:
    panel = layout.status_panel
    _panel(surface, layout, panel, "BOAT", fonts)
    x = panel.x + layout.size(10)
    y = panel.y + layout.size(24)
    big = blit_text(surface, fonts.get(46), f"{scene.speed_kn:.1f} kn", theme.TEXT, (x, y))
    if scene.target_kn != scene.speed_kn:
        blit_text(surface, fonts.get(19), "going to", theme.TEXT_DIM,
                  (big.right + layout.size(8), big.centery), "bottomleft")
        blit_text(surface, fonts.get(19), f"{scene.target_kn:.1f} kn", theme.ACCENT,
                  (big.right + layout.size(8), big.centery), "topleft")
    y = big.bottom + layout.size(6)
    small = fonts.get(20)
    state = "surfaced" if scene.surfaced else f"{scene.depth_m:.0f} m"
    blit_text(surface, small, f"{scene.propulsion.capitalize()} · {state} · course {scene.course:03d}", theme.TEXT,
              (x, y))
    y += small.get_linesize() + layout.size(2)
    blit_text(surface, small, "Distance run", theme.TEXT_DIM, (x, y))
    blit_text(surface, small, f"{scene.distance_nm:.2f} nm", theme.TEXT, (panel.right - layout.size(10), y),
              "topright")
    y += small.get_linesize() + layout.size(6)
    _speed_bar(surface, layout, Rect(x, y, panel.w - layout.size(20), layout.size(12)), scene)


def _speed_bar(surface: Any, layout: Layout, rect: Rect, scene: Scene) -> None:
    """Speed astern to ahead on one bar: the fill is the speed, the tick the target."""
    if rect.bottom > layout.status_panel.bottom - layout.size(2):
        return
    mode = BOAT["surfaced" if scene.surfaced else "submerged"]
    speeds = [*mode["speed_kn"].values(), float(mode.get("full_ahead_in_action_kn", 0.0))]
    low, high = min(speeds), max(speeds)  # the bar spans everything the boat can do, in action too
    span = (high - low) or 1.0

    def x_of(v: float) -> int:
        return rect.x + round((min(high, max(low, v)) - low) / span * rect.w)

    pygame.draw.rect(surface, theme.BUTTON, rect)
    zero = x_of(0.0)
    now = x_of(scene.speed_kn)
    pygame.draw.rect(surface, theme.TEXT_DIM, Rect(min(zero, now), rect.y, abs(now - zero), rect.h))
    pygame.draw.line(surface, theme.TEXT, (zero, rect.y - layout.size(2)), (zero, rect.bottom + layout.size(1)), 1)
    target = x_of(scene.target_kn)
    pygame.draw.line(surface, theme.ACCENT, (target, rect.y - layout.size(3)),
                     (target, rect.bottom + layout.size(2)), layout.size(3))
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1)


# -- the info feed --------------------------------------------------------------------------------
def draw_feed(surface: Any, layout: Layout, fonts: Fonts, scene: Scene) -> None:
    panel = layout.feed_panel
    _panel(surface, layout, panel, "INFO FEED (newest first)", fonts)
    font = fonts.get(21)
    line_height = font.get_linesize()
    x_time = panel.x + layout.size(8)
    x_text = x_time + font.size("00:00")[0] + layout.size(8)
    width = panel.right - layout.size(8) - x_text
    y = panel.y + layout.size(26)
    bottom = panel.bottom - layout.size(4)
    for age, line in enumerate(reversed(scene.feed)):
        if y + line_height > bottom:
            break
        text = f"! {line.text}" if line.problem else line.text
        newest = theme.TEXT if age == 0 else theme.TEXT_DIM
        color = theme.WARNING if line.problem else newest
        blit_text(surface, font, line.clock, theme.TEXT_DIM if age else theme.ACCENT, (x_time, y))
        rows = wrap(font, text, width)
        room = max(1, (bottom - y) // line_height)
        if len(rows) > room:
            rows = [*rows[:room - 1], fit(font, " ".join(rows[room - 1:]), width)]
        for row in rows:
            blit_text(surface, font, row, color, (x_text, y))
            y += line_height
        y += layout.size(3)
