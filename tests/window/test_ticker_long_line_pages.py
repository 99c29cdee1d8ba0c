"""The console's alarms (the feed stays readable and says what is new): a newest feed line too long
even for both rows of the ticker in the smallest text reads whole there. The crew damage of an enemy attack
(§6.10) naming every injured sailor (five of them in section 3) and what the First Officer must do about them
was cut after two rows with an ellipsis ("... Erster Offizie…"): its wounds card order was never on screen. Its
rows now show two at a time, in pages that turn by themselves ("1/2", "2/2" under the line's time)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from kaleun.ui.widgets import Canvas
from kaleun.ui.window import TICKER_PAGE_SECONDS

from window.fingers import Table_


def ticker_texts(table: Table_, monkeypatch: pytest.MonkeyPatch) -> list[tuple[tuple[int, int], str]]:
    """The texts drawn inside the ticker in the next frame, with where they begin, in the table's language."""
    drawn: list[tuple[tuple[int, int], str]] = []
    plain = Canvas.text

    def text(c: Canvas, what: Any, pos: tuple[int, int], *args: Any, **kwargs: Any) -> pygame.Rect:
        rect = plain(c, what, pos, *args, **kwargs)
        if table.window.layout.ticker.collidepoint(rect.topleft):
            drawn.append((rect.topleft, c.tr(what)))
        return rect

    with monkeypatch.context() as patch:
        patch.setattr(Canvas, "text", text)
        table.render()
    return drawn


def every_page(table: Table_, monkeypatch: pytest.MonkeyPatch) -> tuple[list[str], list[str]]:
    """The rows of the ticker's newest line on each of its pages in turn (the clock let run a page's time after
    each), and the page marks under its time ("1/3", "2/3", "3/3")."""
    words_x = table.window.layout.ticker.x + table.window.layout.size(60)
    rows: list[str] = []
    marks: list[str] = []
    pages = 0
    while not marks or len(marks) < pages:
        drawn = ticker_texts(table, monkeypatch)
        page = [text for (x, _), text in drawn if x > words_x]
        marks += [text for (x, _), text in drawn if x <= words_x and "/" in text]
        pages = int(marks[0].split("/")[1])
        assert 1 <= len(page) <= 2  # two rows of the ticker at most
        rows += page
        table.clock.now += TICKER_PAGE_SECONDS
    return rows, marks


def crew_damage(language: str, size: tuple[int, int]) -> Table_:
    """The crew damage of an enemy attack on section 3 (seed 0: seven chips, five sailors injured)."""
    table = Table_(mission="exercise_convoy", seed=0, language=language, size=size)
    table.runtime.submit({"do": "order", "order": "mobilize"})
    table.runtime.submit({"do": "damage", "kind": "crew", "sections": [3]})
    table.window.dismiss_alarms()
    table.window.cut.clear()
    return table


@pytest.mark.parametrize("size", [(800, 480), (1280, 800)])
@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_6_10_a_crew_damage_naming_five_injured_reads_whole_in_the_ticker_page_by_page(
        language: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    table = crew_damage(language, size)
    newest = table.window.scene().feed[-1]
    whole = table.window.tr(newest.words)
    assert newest.event == "crew_damage" and whole.count("(") >= 6  # the section and five sailors by name
    rows, marks = every_page(table, monkeypatch)
    pages = len(marks)
    assert table.window.cut == {}  # no row cut with an ellipsis
    assert " ".join(rows) == whole  # every word came round, in order
    assert pages >= 2 and marks == [f"{page}/{pages}" for page in range(1, pages + 1)]
    assert ticker_texts(table, monkeypatch)[1][1] == marks[0]  # and round again to the first page


def test_9_a_paged_line_turns_its_page_on_an_idle_window(monkeypatch: pytest.MonkeyPatch) -> None:
    """The window draws a frame only when something it shows changed: with the clock paused and nobody touching
    it, the ticker's next page is such a change."""
    table = crew_damage("de", (800, 480))
    table.runtime.submit({"do": "ui", "action": "time_compression", "mode": "pause"})
    pygame.display.init()
    try:
        screen = pygame.display.set_mode((800, 480))
        window = table.window
        window.frame(screen, due=False)
        window.frame(screen, due=False)
        drawn = window.frames
        window.frame(screen, due=False)
        assert window.frames == drawn  # nothing changed: no frame
        table.clock.now += TICKER_PAGE_SECONDS
        window.frame(screen, due=False)
        assert window.frames == drawn + 1
        assert window._ticker_turn() == 1
    finally:
        pygame.display.quit()


def test_9_a_word_wider_than_a_row_is_carried_over_the_rows_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    """A file's path (a save kept aside in a deep folder) is one word wider than the ticker: it is cut where it
    must and carried on over the next rows, not shortened with an ellipsis."""
    table = Table_(mission="exercise_convoy", seed=0)
    folder = "/".join(f"folder{n:02d}" for n in range(20))
    words = f"The game is kept as /home/pi/{folder}/autosave-20261127-114250.json for later."
    table.window.note(words)
    table.window.cut.clear()
    rows, _ = every_page(table, monkeypatch)
    assert table.window.cut == {}
    assert "".join(rows).replace(" ", "") == words.replace(" ", "")  # every letter of it, in order



@pytest.mark.parametrize("size", [(800, 480), (1280, 800)])
def test_9_a_page_turn_draws_the_ticker_alone(size: tuple[int, int], monkeypatch: pytest.MonkeyPatch) -> None:
    """An idle window whose newest line turns its pages drew the whole window again at every turn (the boat, the
    tabs, the top bar): only the ticker is drawn again now, the display shows what a fresh drawing of that moment
    shows, and the ticker's touch (the whole feed) is there once, not once more per page."""
    table = crew_damage("de", size)
    table.runtime.submit({"do": "ui", "action": "time_compression", "mode": "pause"})
    window = table.window
    wholes: list[str] = []  # the whole window drawn, or put on the display whole
    updated: list[list[pygame.Rect]] = []  # the areas put on the display
    draw, flip, update = window.draw, pygame.display.flip, pygame.display.update
    monkeypatch.setattr(window, "draw", lambda *a: (wholes.append("draw"), draw(*a))[1])
    monkeypatch.setattr(pygame.display, "flip", lambda: (wholes.append("flip"), flip())[1])
    monkeypatch.setattr(pygame.display, "update", lambda areas: (updated.append(list(areas)), update(areas))[1])
    pygame.display.init()
    try:
        screen = pygame.display.set_mode(size)
        window.frame(screen, due=False)
        assert wholes == ["draw", "flip"] and window._ticker_turn() == 0
        fresh = pygame.Surface(size)
        for turn in (1, 0, 1):
            wholes.clear()
            table.clock.now += TICKER_PAGE_SECONDS
            before = window.frames
            window.frame(screen, due=False)
            assert window._ticker_turn() == turn and window.frames == before + 1
            assert wholes == [] and updated == [[window.layout.ticker]]  # the ticker's area, and only it
            updated.clear()
            assert window.targets.ids("feed") == ["feed"]
            feed = window.targets.get("feed")
            assert feed is not None and window.targets.at(feed.rect.center) == feed
            fresh.blit(screen, (0, 0))
            window.draw(fresh, window.scene())  # what a fresh drawing shows (it leaves the display alone)
            assert pygame.image.tobytes(fresh, "RGB") == pygame.image.tobytes(screen, "RGB")
        table.press(window.targets.get("feed").rect.center)  # the ticker's touch still opens the whole feed
        assert type(window.overlay).__name__ == "FeedLog"
    finally:
        pygame.display.quit()
