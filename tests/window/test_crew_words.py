"""The crew reads its own words on the touch screen, never the program's (the console's
languages): the mission sheet names the mission, not its id ("exercise_convoy_battle" on German and
Russian screens); feed lines and refusals name an action as the crew sees it ("cook it", "join the
repair"), not as the console types it ("('cook')", "(join_task)")."""

from __future__ import annotations

import re

import pytest
from kaleun.core.messages import Msg
from kaleun.i18n import language

from window.fingers import Table_, shown
from window.test_damage_paused_repair import paused_diesels
from window.test_meal_by_touch import cook_in_the_galley

LANGUAGES = ("en", "de", "ru")
#: what only the program calls things: snake_case ids and 'quoted' command words
PROGRAM_NAME = re.compile(r"\b[a-z]+_[a-z_]+\b|'[a-z_]+'")


def program_names(texts: list[str]) -> list[str]:
    return [text for text in texts if PROGRAM_NAME.search(text)]


def feed_texts(table: Table_, code: str) -> list[str]:
    """The whole feed as the crew reads it in `code`."""
    table.window.set_language(code)
    return [table.window.tr(line.words) for line in table.window.feed.lines]


@pytest.mark.parametrize("code", LANGUAGES)
def test_4_1_the_mission_sheet_names_the_mission_not_its_id(code: str) -> None:
    table = Table_(mission="exercise_convoy_battle", seed=0, language=code)
    table.window.open_mission()
    said = shown(table)
    assert not [text for text in said if "exercise_convoy_battle" in text], said
    name = language(code).render(Msg.term(str(table.game.module("mission").spec["name"])))
    assert name in said


@pytest.mark.parametrize("code", LANGUAGES)
def test_9_4_the_meal_waiting_line_says_what_to_do_in_the_crews_words(code: str) -> None:
    """After a chip is replaced (§9.4) the feed asks for the meal's chips: cook it (the window's
    cooking sheet, the console's cook), not "('cook')"."""
    table = cook_in_the_galley()
    table.runtime.submit({"do": "order", "order": "prepare_meal", "replace": 2})
    table.until(5)
    assert table.named("meal_waiting")
    table.window.submit({"do": "order", "order": "prepare_meal", "swap": [1, 2]})  # once per meal: refused
    table.until(6)
    texts = feed_texts(table, code)
    assert any("swap or replacement" in str(e.feed) for e in table.named("order_rejected")), texts
    assert not program_names(texts), program_names(texts)
    assert language(code).render(table.named("meal_waiting")[-1].feed) in texts


@pytest.mark.parametrize("code", LANGUAGES)
def test_10_3_2_the_paused_repair_line_says_to_join_it_not_join_task(code: str) -> None:
    table = paused_diesels()
    texts = feed_texts(table, code)
    assert not program_names(texts), program_names(texts)
    assert language(code).render(table.named("technical_repair_paused")[-1].feed) in texts


@pytest.mark.parametrize("code", LANGUAGES)
def test_9_3_more_lookouts_before_any_are_posted_is_refused_in_the_crews_words(code: str) -> None:
    """The "More lookouts" sheet's action before the observation order: the refusal names the order
    as the crew gives it (assign observation sectors), not 'observe' and join_task."""
    table = Table_(mission="exercise_convoy_battle", seed=0, language=code)
    rt = table.runtime
    rt.submit({"do": "order", "order": "mobilize"})
    rt.table.actuate({"do": "place", "figure": "navigator-square", "section": 8})
    rt.submit({"do": "end_mobilize"})
    table.window.submit({"do": "join_task", "task": "observation"})
    table.until(2)
    refused = table.named("action_refused")
    assert refused
    texts = feed_texts(table, code)
    assert not program_names(texts), program_names(texts)


@pytest.mark.parametrize("code", LANGUAGES)
def test_9_4_cooking_before_a_meal_is_refused_in_the_crews_words(code: str) -> None:
    table = cook_in_the_galley()
    table.window.submit({"do": "cook", "take": [1]})
    table.until(5)
    texts = feed_texts(table, code)
    assert not program_names(texts), program_names(texts)
