"""The console's alarm banner reads its line whole. A hull breach (rulebook §10.3.6) says
what seals it: five sailors with the repair symbol, then the puzzle's letters. In Russian a breach in the bow
room with two fires waiting ("ещё +2") lost the letters to an ellipsis ("затем головоломк…"), on a banner that
stays until touched while the breach counts down. Its rows are now squeezed a little, as the ticker's are; a line
longer still shows two rows at a time, in pages that turn by themselves."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame
import pytest
from kaleun.core.messages import Msg
from kaleun.ui.frame import draw_alarm_banner
from kaleun.ui.window import TICKER_PAGE_SECONDS

from window.fingers import Table_


def banner_texts(table: Table_, monkeypatch: pytest.MonkeyPatch, scene: Any = None) -> list[str]:
    """The texts the alarm banner draws in the next frame (or for `scene`), in the table's language."""
    from kaleun.ui.widgets import Canvas

    drawn: list[str] = []
    plain = Canvas.text

    def text(c: Canvas, what: Any, pos: tuple[int, int], *args: Any, **kwargs: Any) -> pygame.Rect:
        rect = plain(c, what, pos, *args, **kwargs)
        if table.window.layout.ticker.collidepoint(rect.topleft):
            drawn.append(c.tr(what))
        return rect

    with monkeypatch.context() as patch:
        patch.setattr(Canvas, "text", text)
        if scene is None:
            table.render()
        else:
            draw_alarm_banner(table.window.canvas(table.surface), table.window, scene)
    return drawn


@pytest.mark.parametrize("section", range(1, 7))
@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_10_3_6_a_breach_on_the_banner_says_its_puzzle_whole_with_other_alarms_waiting(
        language: str, section: int, monkeypatch: pytest.MonkeyPatch) -> None:
    table = Table_(mission="exercise_convoy", seed=0, language=language)
    for other in (section % 6 + 1, (section + 1) % 6 + 1):  # two fires in other sections wait behind it
        table.runtime.submit({"do": "damage", "kind": "environmental", "condition": "fire", "section": other})
    table.runtime.submit({"do": "damage", "kind": "hull_breach", "section": section})
    kind, line = table.window.alarm_shown()
    whole = table.window.tr(line.words)
    assert kind == "breach" and table.window.scene().alarms_waiting == 2
    table.window.cut.clear()
    drawn = banner_texts(table, monkeypatch)
    assert table.window.cut == {}, table.window.cut
    puzzle = whole.rstrip(".").split()[-1]  # the puzzle's letters end the line ("D-E-F", "А-Б-В")
    assert any(text.rstrip(".").endswith(puzzle) for text in drawn), (puzzle, drawn)


def test_9_a_banner_line_too_long_for_two_rows_shows_in_pages(monkeypatch: pytest.MonkeyPatch) -> None:
    """A line too long for the banner's two rows even squeezed: two rows at a time, the page after the alarm's
    word ("1/3"), every word of it coming round."""
    table = Table_(mission="exercise_convoy", seed=0, language="de")
    table.runtime.submit({"do": "damage", "kind": "hull_breach", "section": 4})
    scene = table.window.scene()
    kind, line = scene.alarm
    long = " ".join(f"Wort{n:02d}" for n in range(60))
    scene = replace(scene, alarm=(kind, replace(line, msg=Msg(long))))
    table.render()
    rows: list[str] = []
    marks: list[str] = []
    for _ in range(6):
        drawn = banner_texts(table, monkeypatch, scene)
        marks += [text for text in drawn if "/" in text]
        rows += [text for text in drawn if text.startswith("Wort")]
        if len(marks) == int(marks[0].split("/")[1]):
            break
        table.clock.now += TICKER_PAGE_SECONDS
    pages = len(marks)
    assert pages >= 2 and marks == [f"{page}/{pages}" for page in range(1, pages + 1)]
    assert " ".join(rows) == long and table.window.cut == {}


@pytest.mark.parametrize(("language", "more"), [("en", "+2 more"), ("de", "+2 weitere"), ("ru", "ещё 2")])
def test_10_3_6_the_banner_counts_the_alarms_waiting_in_words(language: str, more: str,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """The alarms waiting behind the banner are counted as the language says it: in Russian "ещё +2" said "more" twice
    (the word and the plus); it reads "ещё 2"."""
    table = Table_(mission="exercise_convoy", seed=0, language=language)
    for other in (2, 3):
        table.runtime.submit({"do": "damage", "kind": "environmental", "condition": "fire", "section": other})
    table.runtime.submit({"do": "damage", "kind": "hull_breach", "section": 1})
    drawn = banner_texts(table, monkeypatch)
    assert any(text.startswith(more) for text in drawn), drawn
    assert not any("+" in text for text in drawn if language == "ru"), drawn
