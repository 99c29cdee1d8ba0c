"""Every screen and sheet of the window renders headless to PNG in English, German and Russian with
no missing glyph (the feed's "moved 4 → 5" once showed a box), no text below the smallest readable
size and every touch target at least 9 mm on the 7" screen (the console's fingers and eyes).

The glyph check is `kaleun.fonts.missing_glyphs` when the program's font module provides one, else
the window's own (`kaleun.ui.typeface.missing_glyphs`); the text goes through `language(code)`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest
from kaleun.ui.forms import FORMS
from kaleun.ui.layout import TABS
from kaleun.ui.theme import MIN_TARGET, MIN_TEXT

from window.fingers import Table_

LANGUAGES = ("en", "de", "ru")


def glyph_check() -> Callable[[Any, str], list[str]]:
    """(font, text) -> the characters the font lacks (`kaleun.fonts`' check, remembered per font)."""
    from kaleun.ui.typeface import missing_glyphs

    return missing_glyphs


def busy_table(language: str, size: tuple[int, int] = (800, 480)) -> Table_:
    """The convoy battle after an attack (the TDC on c1, a ship making 10.5 kn, and a torpedo running: the TDC on
    c3, which the lookouts had not reported yet, was refused and the panel showed no solution), with every kind of
    damage and injured sailors."""
    table = Table_(mission="exercise_convoy_battle", seed=0, language=language, size=size)
    rt = table.runtime
    rt.submit({"do": "order", "order": "mobilize"})
    for figure, section in (("navigator-square", 8), ("navigator-triangle", 8), ("engineer-square", 5)):
        rt.table.actuate({"do": "place", "figure": figure, "section": section})
    rt.submit({"do": "order", "order": "observe"})
    rt.submit({"do": "order", "order": "flood_tubes", "tubes": [1, 2]})
    table.until(290)
    rt.submit({"do": "order", "order": "tdc", "contact": "c1", "spread_deg": 4})
    rt.submit({"do": "order", "order": "fire_torpedoes", "tubes": [1]})
    rt.submit({"do": "attack_disc", "own_course": 20, "enemy_course": 140, "bearing": 30})
    rt.submit({"do": "order", "order": "sextant"})
    for condition, section in (("fire", 5), ("leak", 2), ("electrical_fault", 6), ("light_failure", 1),
                               ("toxic_gas", 3)):
        rt.submit({"do": "damage", "kind": "environmental", "condition": condition, "section": section})
    rt.submit({"do": "damage", "kind": "hull_breach", "section": 4})
    rt.submit({"do": "damage", "kind": "technical", "component": "periscope", "severity": "failure"})
    rt.submit({"do": "damage", "kind": "crew", "sections": [3]})
    rt.table.actuate({"do": "lift", "figure": "captain-circle"})
    table.until(400)
    table.window.ui["contact"] = "c4"
    return table


def views(table: Table_) -> list[tuple[str, Callable[[], None]]]:
    """Every screen and sheet, each with what opens it."""
    win = table.window
    out: list[tuple[str, Callable[[], None]]] = [(f"tab-{tab}", lambda t=tab: win.show(t)) for tab in TABS]
    out.append(("tab-crew-sailor", lambda: (win.show("crew"), win.ui.__setitem__("sailor", "officer-square"))))
    for page in ("off", "stores"):
        out.append((f"tab-crew-{page}", lambda p=page: (win.show("crew"), win.ui.update(crew_page=p, sailor=None))))
    out.append(("tab-plot-list", lambda: (win.show("plot"), win.ui.__setitem__("contact", None))))
    for optic in ("periscope", "gun_sight"):
        out.append((f"tab-scope-{optic}", lambda o=optic: (win.show("scope"), win.ui.__setitem__("optic", o))))
    out.append(("sheet-feed", win.open_feed))
    out.append(("sheet-settings", win.open_settings))
    out.append(("sheet-debrief", win.open_debrief))
    out.append(("sheet-mission", win.open_mission))
    out += [(f"form-{name}", lambda n=name: win.open_form(n)) for name in FORMS]

    def setup() -> None:
        from kaleun.ui.screens.setup import Setup

        win.open(Setup(win))

    out.append(("sheet-setup", setup))
    return out


@pytest.mark.parametrize("language", LANGUAGES)
def test_10_every_screen_draws_readably_in_every_language(language: str, tmp_path) -> None:
    table = busy_table(language)
    win = table.window
    win.glyph_check = glyph_check()
    drawn = []
    for name, show in views(table):
        win.close_overlay()
        show()
        win.fonts.sizes.clear()
        surface = table.render()
        path = tmp_path / f"{language}-{name}.png"
        pygame.image.save(surface, str(path))
        colours = {surface.get_at((x, y))[:3] for x in range(0, 800, 16) for y in range(52, 384, 16)}
        assert len(colours) > 4, f"{name} in {language} draws next to nothing"
        assert min(win.fonts.sizes) >= MIN_TEXT, f"{name}: text smaller than {MIN_TEXT} px"
        small = [(t.id, t.rect.size) for t in win.targets.items
                 if t.kind != "figure" and min(t.rect.size) < MIN_TARGET]
        assert not small, f"{name}: touch targets under 9 mm: {small}"
        drawn.append(path)
    assert not win.missing, f"glyphs the font lacks in {language}: {win.missing}"
    assert len(drawn) == len(views(table))


@pytest.mark.parametrize("size", [(800, 480), (1280, 800), (1920, 1080)])
def test_10_targets_grow_with_the_window(size: tuple[int, int]) -> None:
    table = Table_(mission="exercise_convoy_battle", seed=0, size=size)
    scale = min(size[0] / 800, size[1] / 480)
    for tab in TABS:
        table.window.show(tab)
        table.render()
        for t in table.window.targets.items:
            assert min(t.rect.size) >= int(MIN_TARGET * scale) - 1, (tab, t.id, t.rect.size)
