"""A meal by touch (rulebook §9.4): the cook may first swap two chips of the pyramid or replace one
from the supply (one more activation); after a replacement the chips are taken once the new chip is
seen — the Meal button then opens the cooking sheet. And a crew action's sheet (no order) cannot be
sent with a choice it needs still open (it once sent "kill" without a sailor and the feed said
"kill: needs the field 'figure'")."""

from __future__ import annotations

from window.fingers import Table_


def cook_in_the_galley() -> Table_:
    table = Table_(mission="exercise_convoy_battle", seed=0)
    rt = table.runtime
    rt.submit({"do": "order", "order": "mobilize"})
    rt.table.actuate({"do": "place", "figure": "navigator-circle", "section": 4})  # the cook
    rt.submit({"do": "end_mobilize"})
    table.until(3)
    assert table.game.module("crew").status()["food"]["pyramid"][3] == "lemon"
    return table


def test_9_4_replace_a_chip_then_cook_by_touch() -> None:
    table = cook_in_the_galley()
    table.tap("tab.crew")
    table.tap("crew.page.stores")
    table.tap("crew.meal")
    table.tap("field.replace=2")
    table.tap("sheet.give")
    table.until(5)
    assert [e.data["place"] for e in table.named("provisions_replaced")] == [2]
    assert table.game.module("crew").status()["food"]["waiting"]
    table.tap("crew.meal")  # the same button now finishes the meal
    assert table.window.overlay.form.id == "cook"
    table.tap("field.take=1")
    table.tap("field.lemon=4")
    table.tap("sheet.give")
    table.until(7)
    assert table.named("meal_prepared")
    assert not table.game.module("crew").status()["food"]["waiting"]


def test_9_4_a_swap_takes_two_places() -> None:
    table = cook_in_the_galley()
    table.tap("tab.orders")
    table.tap("order.prepare_meal")
    table.tap("field.swap=1")
    assert table.target("sheet.give").action is None  # one place is no swap
    table.tap("field.swap=3")
    table.tap("field.take=1")
    table.tap("field.lemon=4")
    assert table.target("sheet.give").action is not None
    table.tap("sheet.give")
    table.until(5)
    assert [e.data["places"] for e in table.named("provisions_swapped")] == [[1, 3]]
    assert table.named("meal_prepared")


def test_6_14_a_crew_action_waits_for_its_choices() -> None:
    table = Table_(mission="exercise_convoy_battle", seed=0)
    table.tap("tab.crew")
    table.window.open_form("kill")
    give = table.target("sheet.give")
    assert give.action is None and give.why_not is not None
    table.tap("sheet.give")
    assert not [line for line in table.window.feed.lines if "figure'" in line.text]
    assert not table.named("sailor_killed") and not table.named("action_refused")


def test_6_13_a_smoke_break_waits_for_who_smokes() -> None:
    """§6.13: the Smoke break sheet with nobody chosen once sent `smoke` without roles, and the feed said
    "'smoke': roles must name the players (roles) who spend a cigarette each" in English at every table."""
    table = Table_(mission="exercise_convoy_battle", seed=0, language="de")
    table.tap("tab.crew")
    table.window.open_form("smoke")
    give = table.target("sheet.give")
    assert give.action is None and give.why_not is not None
    table.tap("sheet.give")
    table.until(1)
    assert not [line for line in table.window.feed.lines if "roles" in line.text]
    assert not table.named("smoke_break") and not table.named("action_refused")
    table.tap("field.roles=captain")
    table.tap("sheet.give")
    table.until(2)
    [sent] = table.named("action_refused")  # sent now: the game answers with its own reason (nobody on deck yet)
    assert sent.data["action"] == "smoke" and "on deck or bridge" in str(sent.feed)


def stores_words(table: Table_) -> str:
    from window.fingers import shown

    table.tap("tab.crew")
    table.tap("crew.page.stores")
    return " ".join(shown(table))


def test_9_4_2_the_stores_page_says_what_the_meal_call_will_find() -> None:
    """The meal call comes at its hour every day; before, only the console said when and what was
    cooked, so a crew at the screen learnt of it from the morale it cost (no meal: morale -2)."""
    table = cook_in_the_galley()
    assert "Meal call at 19:00: nothing cooked yet (morale -2)." in stores_words(table)
    table.tap("crew.meal")
    table.tap("field.take=1")
    table.tap("field.take=2")
    table.tap("field.lemon=4")
    table.tap("sheet.give")
    table.until(5)
    assert table.named("meal_prepared")
    assert "Meal call at 19:00: 2 ingredients cooked (morale unchanged)." in stores_words(table)
