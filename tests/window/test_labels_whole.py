"""The First Officer's console, fingers and eyes and languages at 800x480 in English, German and Russian: the engine
telegraph's words never overlap, and every tab, column title, panel title and the command/morale bars show whole
(no ellipsis: `Canvas.cut` reports each text it had to shorten)."""

from __future__ import annotations

import pytest
from kaleun.core.messages import Msg
from kaleun.uboot.boat import TELEGRAPH
from kaleun.ui.forms import ORDER_GROUPS
from kaleun.ui.layout import TABS

from window.fingers import Table_, shown
from window.test_screens_render import LANGUAGES, busy_table, views


@pytest.mark.parametrize("language", LANGUAGES)
def test_8_the_telegraph_words_stay_apart_and_whole(language: str) -> None:
    """§8 the engine telegraph: each position's words on their own row, none cut, none over another;
    nothing else on the helm screen is cut either."""
    table = Table_(language=language)
    table.tap("tab.helm")
    table.window.cut.clear()
    table.render()
    helm = table.window.screens["helm"]
    words = helm.telegraph_words
    assert len(words) == len(TELEGRAPH)
    for i, a in enumerate(words):
        assert helm.telegraph.frame.contains(a), (language, TELEGRAPH[i])
        for b in words[i + 1:]:
            assert not a.colliderect(b), (language, a, b)
    from kaleun.ui.telegraph import DIAL_WORDS

    said = {" ".join(table.window.tr(w) for w in DIAL_WORDS[p]) for p in TELEGRAPH}
    assert not said & set(table.window.cut), f"telegraph words cut in {language}: {table.window.cut}"
    assert not table.window.cut, f"helm texts cut in {language}: {table.window.cut}"


def test_the_canvas_reports_a_text_it_cuts() -> None:
    table = Table_()
    c = table.window.canvas(table.surface)
    c.text("Besatzungsaktionen und noch viel mehr", (0, 0), width=60)
    assert "Besatzungsaktionen und noch viel mehr" in table.window.cut


@pytest.mark.parametrize("language", LANGUAGES)
def test_10_tabs_columns_panel_titles_and_bars_show_whole(language: str) -> None:
    table = busy_table(language)
    win = table.window
    for _, show in views(table):
        win.close_overlay()
        show()
        table.render()
    text = win.tr
    labels = {text(win.screens[tab].title) for tab in TABS}
    labels |= {text(title) for title, _ in ORDER_GROUPS} | {text(Msg("Crew actions"))}
    labels |= {text(Msg("TAP TO STEER"))}
    bars = {text(Msg(template, bar=numeral)) for template in ("Command {bar}", "Morale {bar}")
            for numeral in ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI")}
    cut = {whole for whole in win.cut if whole in labels | bars}
    assert not cut, f"labels shortened in {language}: {[win.cut[w] for w in sorted(cut)]}"


@pytest.mark.parametrize("size", [(800, 480), (1280, 800)])
@pytest.mark.parametrize("language", LANGUAGES)
def test_10_what_a_player_reads_shows_whole_on_every_screen(language: str, size: tuple[int, int]) -> None:
    """At 800x480 (and a larger window) in the convoy battle with damage and injured sailors:
    on every screen and sheet the section names, the damage list's rows, the crew's 32 names (both
    watches), the settings' roles, the bars, the attack screen's readings and the order assistant's
    sailors and its account of what is missing (page by page where it is long) show whole, never with
    an ellipsis."""
    table = busy_table(language, size)
    win = table.window
    for name, show in views(table):
        win.close_overlay()
        show()
        win.cut.clear()
        table.render()
        assert not win.cut, f"{name} in {language} at {size}: shortened {win.cut}"


def _labels_shown(table: Table_) -> dict[int, str | None]:
    table.window.show("boat")
    table.render()
    return dict(table.window.screens["boat"].labels)


@pytest.mark.parametrize("size", [(800, 480), (1280, 800)])
@pytest.mark.parametrize("language", LANGUAGES)
def test_3_every_section_of_the_boat_drawing_is_named_whole(language: str, size: tuple[int, int]) -> None:
    """§3 the boat's 8 sections: each label is its number and its name (or its short name where the
    section is narrow), whole, in the busy battle and in a crowd of 8 figures in one section; the
    figures keep their 9 mm cells."""
    from kaleun.ui.boat_view import section_labels
    from kaleun.ui.theme import MIN_TARGET

    crowded = Table_(seed=0, language=language, size=size)
    for figure in ("captain-circle", "captain-square", "officer-circle", "officer-square", "navigator-circle",
                   "navigator-square", "engineer-circle", "engineer-square"):
        crowded.runtime.table.actuate({"do": "place", "figure": figure, "section": 3})
    scale = min(size[0] / 800, size[1] / 480)
    for table in (busy_table(language, size), crowded):
        shown = _labels_shown(table)
        assert sorted(shown) == list(range(1, 9))
        for number, label in shown.items():
            assert label is not None, f"section {number} cut in {language}: {table.window.cut}"
            assert label in section_labels(table.window.tr, number)
            assert label.split()[0] == str(number)
        figures = [t for t in table.window.targets.items if t.kind == "figure"]
        assert len(figures) == 16
        assert min(min(t.rect.size) for t in figures) >= int(MIN_TARGET * scale) - 1


@pytest.mark.parametrize("language", LANGUAGES)
def test_6_both_watches_names_show_whole_on_the_crew_screen(language: str) -> None:
    """§6 the crew: the 16 sailors on watch and the 16 off watch each on a card of their page, the
    name whole (on two lines where it needs them); a sailor's details name his relief whole."""
    table = busy_table(language)
    win = table.window
    crew = table.game.module("crew")
    table.tap("tab.crew")
    for page, row in (("on", crew.row), ("off", 1 - crew.row)):
        table.tap(f"crew.page.{page}")
        win.cut.clear()
        table.render()
        cards = [t for t in win.targets.items if t.id.startswith("sailor.")]
        assert len(cards) == 16 and min(min(t.rect.size) for t in cards) >= 47
        assert not win.cut, f"{page} watch in {language}: {win.cut}"
        from kaleun.uboot.figures import FIGURES

        names = {win.tr(Msg.term(crew.face(f, row).name)) for f in FIGURES}
        assert len(names) == 16
        said = shown(table)  # this watch's 16 sailors, 32 on the two pages
        assert [n for n in names if n not in said] == [], (page, said)
    table.tap("sailor.officer-square")
    win.cut.clear()
    table.render()
    assert not win.cut, f"sailor details in {language}: {win.cut}"
    assert table.window.targets.get("sailor.chip+") is not None


@pytest.mark.parametrize("language", ["de", "ru"])
def test_a_figure_is_named_in_the_tables_language_in_a_sailors_details(language: str) -> None:
    """§6 a sailor's details name the figure by its role and shape in the table's language, never
    by its id ("officer-square"); the boat's warning of a move without a Mobilize and the console's
    crew view name it the same way (figure_term)."""
    from kaleun.uboot.figures import figure_term

    table = busy_table(language)
    table.tap("tab.crew")
    table.tap("sailor.officer-square")
    name = table.window.tr(figure_term("officer-square"))
    drawn = shown(table)
    assert name != "officer-square" and name in drawn
    assert not any("officer-square" in words for words in drawn)


def test_3_a_width_worked_out_for_a_font_is_forgotten_with_the_font() -> None:
    """The widths the section labels need were remembered by the font's id: once a window's font was freed
    (a Captain Sonar window closed, a test's table dropped), a new font of another size could take its id
    and be told the old font's widths, and a label that fits was cut ("2 Офиц…"; it depended on which
    windows had come and gone before). They are kept per font, and leave with it; so are the glyph answers."""
    import gc

    import pygame
    from kaleun.ui import boat_view, typeface

    pygame.font.init()
    small = pygame.font.Font(None, 12)
    need = boat_view._label_need(small, "2 Офицеры", 0, 1)
    typeface.has_glyph(small, "Ф")
    assert small in boat_view._needs and small in typeface._known
    large = pygame.font.Font(None, 40)
    assert boat_view._label_need(large, "2 Офицеры", 0, 1) > need  # its own width, not the small font's
    fonts_before, glyph_fonts_before = len(boat_view._needs), len(typeface._known)
    del small
    gc.collect()  # (fonts of windows dropped before may go too)
    assert len(boat_view._needs) <= fonts_before - 1 and len(typeface._known) <= glyph_fonts_before - 1
