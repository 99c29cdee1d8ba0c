"""Issue 10 items 10-11 at 800x480 in English, German and Russian: the engine telegraph's words
never overlap, and every tab, column title, panel title and the command/morale bars show whole
(no ellipsis: `Canvas.cut` reports each text it had to shorten)."""

from __future__ import annotations

import pytest
from kaleun.core.messages import Msg
from kaleun.uboot.boat import TELEGRAPH
from kaleun.ui.forms import ORDER_GROUPS
from kaleun.ui.layout import TABS

from window.fingers import Table_
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
    labels |= {text(Msg("TAP TO STEER")), text(Msg("ENGINE TELEGRAPH"))}
    bars = {text(Msg(template, bar=numeral)) for template in ("Command {bar}", "Morale {bar}")
            for numeral in ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X", "XI")}
    cut = {whole for whole in win.cut if whole in labels | bars}
    assert not cut, f"labels shortened in {language}: {[win.cut[w] for w in sorted(cut)]}"
