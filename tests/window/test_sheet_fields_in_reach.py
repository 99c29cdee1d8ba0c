"""The First Officer's console, every order by touch, fingers and eyes, and languages: every choice of every order sheet
is within reach at 800x480 in English, German and Russian — each field's buttons lie whole inside the sheet and nothing
(the ticker, the tab bar) covers them. The Russian meal sheet once put its lemon row (§9.4: the lemon against
scurvy) under the alarm banner, its labels being two lines long: a touch-only crew could not add it."""

from __future__ import annotations

import pytest
from kaleun.ui.forms import FORMS

from window.fingers import Table_
from window.test_screens_render import LANGUAGES, busy_table


@pytest.mark.parametrize("language", LANGUAGES)
def test_10_every_sheet_choice_lies_whole_inside_the_sheet_and_uncovered(language: str) -> None:
    table = busy_table(language)
    win = table.window
    content = win.layout.content
    lost: list[tuple[str, str]] = []
    for name in FORMS:
        win.close_overlay()
        win.open_form(name)
        table.render()
        fields = [t for t in win.targets.items if t.id.startswith("field.") or t.id.startswith("sheet.")]
        assert fields or name, name
        for t in fields:
            under = win.targets.at(t.rect.center)
            if not content.contains(t.rect) or under is None or under.id != t.id:
                lost.append((name, t.id))
    assert not lost, f"sheet choices out of reach in {language}: {lost}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_9_4_the_meal_sheet_offers_the_lemon_in_reach(language: str) -> None:
    """§9.4 the pyramid of the busy game has a lemon (place 4): the meal sheet shows it and a touch takes it."""
    table = busy_table(language)
    win = table.window
    win.close_overlay()
    win.open_form("prepare_meal")
    lemon = table.target("field.lemon=4")
    assert win.layout.content.contains(lemon.rect)
    table.tap("field.lemon=4")
    table.render()
    assert win.overlay is not None and getattr(win.overlay, "values", {}).get("lemon") == 4


@pytest.mark.parametrize("language", LANGUAGES)
def test_10_a_sheet_with_room_shows_every_choice_at_once(language: str) -> None:
    """§10 damage and repairs: with a breach, five conditions and a periscope failure the repair sheet
    shows every job on rows of its own, none behind a page arrow (in Russian, whose job names are
    long, it once showed one or two a page: six touches to reach the periscope)."""
    table = busy_table(language)
    win = table.window
    win.close_overlay()
    win.open_form("repair")
    table.render()
    jobs = win.overlay.options["job"]  # type: ignore[union-attr]
    assert len(jobs) >= 6
    shown = win.targets.ids("field.job=")
    assert len(shown) == len(jobs), f"{language}: {len(shown)} of {len(jobs)} jobs on the first page"
    assert win.targets.get("field.job.more") is None
    table.tap(shown[-1])
    assert win.overlay is not None and win.overlay.values.get("job") == jobs[-1].value  # type: ignore[attr-defined]


@pytest.mark.parametrize("language", LANGUAGES)
def test_6_14_the_injury_card_from_a_sailors_card_reaches_every_field(language: str) -> None:
    """§6.14 an injury or ailment card entered from a sailor's card asks five things (the sailor, the card's deck,
    wounds, exhaustion chips, the medical supplies): more than the sheet holds at 800x480, so it shows them a page
    at a time with arrows under them. Every choice of every page lies inside the sheet, uncovered, and a touch-only
    crew enters a morale card asking for bandages (the supplies once lay under the ticker, out of reach)."""
    table = Table_(mission="exercise_convoy_battle", seed=0, language=language)
    win = table.window
    win.dismiss_alarms()
    table.tap("tab.crew")
    table.tap("sailor.officer-square")
    table.tap("sailor.card")
    seen: set[str] = set()
    for _ in range(len(FORMS["ailment"].fields)):
        table.render()
        for t in win.targets.items:
            if t.id.startswith(("field.", "sheet.")):
                under = win.targets.at(t.rect.center)
                assert win.layout.content.contains(t.rect) and under is not None and under.id == t.id, t.id
                seen.add(t.id.partition("=")[0])
        if "field.supplies" in seen:
            break
        table.tap("sheet.fields.more")
    assert {"field.figure", "field.deck", "field.wounds", "field.exhaustion", "field.supplies"} <= seen, seen
    table.tap("field.supplies=bandages")
    table.tap("sheet.fields.back")
    table.tap("field.deck=morale")
    table.tap("sheet.give")
    entered = [e.data for e in table.events if e.name == "ailment"]
    assert entered and entered[-1]["deck"] == "morale" and entered[-1]["supplies"] == ["bandages"], entered
