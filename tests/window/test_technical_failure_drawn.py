"""The console's damage and repairs (the boat drawing shows what is wrong where): a machine broken by
depth charges (§10.3.1, technical damage) showed only in the damage screen's list; the section of the
boat drawing that holds it looked whole. Each section now carries a wrench in the colour of its worst
technical damage (a shape and the list's words too: never colour alone), on the boat screen and on
the damage screen's strip, and its name still reads whole in every language."""

from __future__ import annotations

import pytest
from kaleun.ui import theme

from window.fingers import Table_


def broken(language: str = "en") -> Table_:
    table = Table_(mission="exercise_convoy", seed=0, language=language)
    rt = table.runtime
    rt.submit({"do": "damage", "kind": "technical", "component": "diesels", "severity": "failure"})
    rt.submit({"do": "damage", "kind": "technical", "component": "periscope", "severity": "maintenance"})
    table.window.dismiss_alarms()
    return table


def colours_in(surface, rect) -> set[tuple[int, int, int]]:
    return {tuple(surface.get_at((x, y))[:3]) for x in range(rect.x, rect.right) for y in range(rect.y, rect.bottom)}


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_10_3_1_a_broken_machine_marks_its_section_on_the_boat_drawing(language: str) -> None:
    table = broken(language)
    table.window.cut.clear()
    surface = table.render()
    view = table.window.screens["boat"].view
    assert view.failures == ((3, "green"), (5, "red"))
    diesels = table.target("section.5").rect
    label_line = diesels.copy()
    label_line.h = 24
    assert theme.SEVERITY_COLORS["red"] in colours_in(surface, label_line)
    control = table.target("section.3").rect.copy()
    control.h = 24
    assert theme.SEVERITY_COLORS["green"] in colours_in(surface, control)
    assert not table.window.cut, table.window.cut  # the sections' names beside the wrench stay whole


def test_10_3_1_the_damage_screens_strip_shows_the_wrench() -> None:
    table = broken()
    table.tap("tab.damage")
    surface = table.render()
    strip = table.window.layout.content.copy()
    strip.h = 110
    assert theme.SEVERITY_COLORS["red"] in colours_in(surface, strip)


def test_10_3_1_a_job_row_starts_its_sentence_with_a_capital() -> None:
    """The repair list's rows begin sentences: "Diesels: failure", not "diesels: failure" (the
    machine's name comes lower case from the data, as it stands inside a feed sentence)."""
    from window.fingers import shown

    table = broken()
    table.tap("tab.damage")
    said = shown(table)
    assert "Diesels: failure" in said
