"""§9.4 food: the provision pyramid, meals, the lemon rule, spoilage and the daily meal call."""

from __future__ import annotations

import pytest
from crewkit import advance, do, game, named, one, stations
from kaleun.uboot.crew.food import SPOIL_ORDER, dish_name, touching

MEAL_CALL_S = 15 * 3600  # 19:00, the mission starts at 04:00


def set_food(g, pyramid, supply=(), discard=()):
    """Lay out the Navigator's board (the crew module's state, saved and loaded as a game would be)."""
    crew = g.module("crew")
    state = crew.to_state()
    state["food"].update(pyramid=list(pyramid), supply=list(supply), discard=list(discard))
    crew.load_state(state)


def test_9_4_the_pyramid_places_that_touch():
    assert touching(1, 2) and touching(2, 5) and touching(5, 6) and not touching(1, 4) and not touching(4, 6)


def test_9_4_a_new_game_fills_the_pyramid_from_the_shuffled_supply():
    g = game(seed=9)
    food = g.module("crew").food
    assert None not in food.pyramid and len(food.supply) == 34 - 6


def test_9_4_1_a_meal_is_a_chain_of_touching_chips_and_a_lemon_is_taken_too():
    g = game()
    set_food(g, ["egg", "meat", "onion", "bread", "lemon", "potato"], supply=["bread"] * 10)
    stations(g, {"navigator-circle": 4})
    events = do(g, {"do": "order", "order": "prepare_meal", "take": [1, 2]})
    meal = one(events, "meal_prepared")
    assert meal["dish"] == "bacon omelette" and meal["lemon"] == 5
    assert meal["feed"] == "Meal ready: bacon omelette with a lemon."
    assert one(events, "order_accepted")["activated"][0]["figure"] == "navigator-circle"
    assert g.module("crew").food.tray == ["lemon", "egg", "meat"]
    assert None not in g.module("crew").food.pyramid


@pytest.mark.parametrize("take, reason", [
    ([1, 4], "places 1 and 4 do not touch: a meal is a chain of touching chips"),
    ([5], "place 5 holds a lemon, which is never an ingredient"),
])
def test_9_4_1_meals_that_break_the_rules_are_refused(take, reason):
    g = game()
    set_food(g, ["egg", "meat", "onion", "bread", "lemon", "potato"], supply=["bread"] * 10)
    before = g.module("crew").food.to_state()
    assert one(do(g, {"do": "order", "order": "prepare_meal", "take": take}), "order_rejected")["reason"] == reason
    assert g.module("crew").food.to_state() == before  # nothing taken, nothing drawn


@pytest.mark.parametrize("take", [[2, 3, 4], [4, 6, 5], [3, 4, 5]])
def test_9_4_1_a_connected_group_is_a_meal_whatever_order_its_places_are_named_in(take):
    """§9.4.1: the chips form a connected group (first touches second, second third); naming the
    places in another order (a window's tap order, the places sorted) takes the same chips."""
    g = game()
    set_food(g, ["lemon", "egg", "onion", "potato", "meat", "bread"], supply=["bread"] * 10)
    stations(g, {"navigator-circle": 4})
    events = do(g, {"do": "order", "order": "prepare_meal", "take": take})
    assert one(events, "order_accepted")
    pyramid = ["lemon", "egg", "onion", "potato", "meat", "bread"]
    assert sorted(one(events, "meal_prepared")["ingredients"]) == sorted(pyramid[p - 1] for p in take)


@pytest.mark.parametrize("take, reason", [
    ([2, 3, 6], None),
    ([4, 2, 6], "place 6 touches neither of the other places: a meal is a chain of touching chips"),
    ([4, 6], "places 4 and 6 do not touch: a meal is a chain of touching chips"),
])
def test_9_4_1_a_group_that_is_not_connected_is_refused(take, reason):
    g = game()
    set_food(g, ["lemon", "egg", "onion", "potato", "meat", "bread"], supply=["bread"] * 10)
    stations(g, {"navigator-circle": 4})
    events = do(g, {"do": "order", "order": "prepare_meal", "take": take})
    if reason is None:
        assert one(events, "order_accepted")
    else:
        assert one(events, "order_rejected")["reason"] == reason


def test_9_4_1_swapping_two_chips_costs_one_more_activation():
    g = game()
    set_food(g, ["egg", "meat", "onion", "bread", "lemon", "potato"], supply=["bread"] * 10)
    stations(g, {"navigator-circle": 4})
    events = do(g, {"do": "order", "order": "prepare_meal", "swap": [1, 3], "take": [2, 3]})
    assert one(events, "order_accepted")["activated"][0]["chips"] == 2
    assert one(events, "meal_prepared")["ingredients"] == ["meat", "egg"]


def test_9_4_1_replacing_a_chip_draws_a_new_one_then_the_cook_chooses():
    g = game()
    set_food(g, ["egg", "meat", "onion", "bread", "lemon", "potato"], supply=["canned_fish", "potato"])
    stations(g, {"navigator-circle": 4})
    events = do(g, {"do": "order", "order": "prepare_meal", "replace": 3})
    replaced = one(events, "provisions_replaced")
    assert (replaced["old"], replaced["new"]) == ("onion", "potato")
    assert one(events, "meal_waiting")
    events = do(g, {"do": "cook", "take": [2, 3]})
    assert one(events, "meal_prepared")["dish"] == "sausages and potatoes"


def test_9_4_3_spoilage_worked_example():
    """Rulebook §9.4.3: the Navigator must refill the pyramid but the supply is empty. He takes all meat chips
    back to the box (from the pyramid and the discards), shuffles the remaining discards face down into a new
    supply and refills the pyramid."""
    g = game()
    set_food(g, ["meat", "egg", "onion", "bread", "potato", "lemon"], supply=[],
             discard=["meat", "meat", "egg", "bread", "canned_fish", "potato", "egg"])
    stations(g, {"navigator-circle": 4})
    events = do(g, {"do": "order", "order": "prepare_meal", "take": [2, 3]})
    spoiled = one(events, "food_spoiled")
    assert spoiled["food"] == "meat" and spoiled["removed"] == 3
    assert spoiled["feed"] == ("The meat has spoiled (3 chips thrown away); the discards make a new supply of 5 "
                               "chips.")
    food = g.module("crew").food
    assert "meat" not in food.pyramid and None not in food.pyramid
    assert len(food.supply) == 5 - 4 and food.discard == []
    assert SPOIL_ORDER == ("meat", "onion", "egg", "bread", "lemon", "potato", "canned_fish")


def test_9_4_3_when_all_food_has_spoiled_no_meal_can_be_prepared():
    g = game()
    crew = g.module("crew")
    state = crew.to_state()
    state["food"].update(pyramid=[None] * 6, supply=[], discard=[], spoiled=list(SPOIL_ORDER))
    crew.load_state(state)
    rejected = one(do(g, {"do": "order", "order": "prepare_meal", "take": [1]}), "order_rejected")
    assert rejected["reason"] == "all the food has spoiled"


@pytest.mark.parametrize("take, change", [(None, -2), ([4], -1), ([2, 4], 0), ([1, 2, 4], 1)])
def test_9_4_2_the_daily_meal_call_changes_morale_by_the_ingredients_eaten(take, change):
    g = game()
    do(g, {"do": "adjust_morale", "by": -2})
    set_food(g, ["egg", "meat", "onion", "potato", "lemon", "bread"], supply=["bread"] * 10)
    if take:
        stations(g, {"navigator-circle": 4})
        do(g, {"do": "order", "order": "prepare_meal", "take": take})
    served = list(g.module("crew").food.tray)
    events = advance(g, MEAL_CALL_S)
    eaten = one(events, "meal_eaten")
    assert eaten["morale"] == change and eaten["count"] == len(take or [])
    assert sum(m["change"] for m in named(events, "morale")) == change
    assert g.module("crew").food.tray == []
    assert g.module("crew").food.discard == served  # §9.4.3: the eaten chips wait on the discard pile


def test_9_4_dish_names():
    assert dish_name(["potato", "meat", "onion"]) == "stew"
    # the Russian rulebook's «мясная запеканка» and «мясное рагу»: both hold meat (our reading of the pictures)
    assert dish_name(["egg", "potato", "meat"]) == "casserole"
    assert dish_name(["egg", "onion", "potato"]) == "egg, onion and potato"
    assert dish_name(["onion"]) == "onion"


def test_9_4_3_one_food_type_spoils_per_refill_even_when_no_discards_are_left():
    """§9.4.3: whenever the pyramid must be refilled from an empty supply, the next food type spoils. With
    no discards to make a new supply, the gaps stay: the next type spoils only at the next refill."""
    g = game()
    set_food(g, ["egg", "bread", "onion", "potato", "canned_fish", "potato"], supply=[], discard=[])
    stations(g, {"navigator-circle": 4})
    events = do(g, {"do": "order", "order": "prepare_meal", "take": [1]})
    assert [e["food"] for e in named(events, "food_spoiled")] == ["meat"]
    food = g.module("crew").food
    assert food.spoiled == ["meat"] and food.pyramid[0] is None


def test_9_4_2_two_meals_on_one_day_count_together_at_most_three_our_choice():
    """§9.4.2 asks once a day what lies on "Heutige Mahlzeit"; two meals cooked before one call are not in the
    rulebook [gap] — our choice (provisions.toml): their ingredients count together, at most three. Two meals of one
    chip each make a two-ingredient day (morale unchanged), two meals of three make a day of three (+1)."""
    for takes, change in (([[4], [4]], 0), ([[1, 2, 4], [1, 2, 4]], 1)):
        g = game()
        do(g, {"do": "adjust_morale", "by": -2})
        set_food(g, ["egg", "meat", "onion", "potato", "bread", "bread"], supply=["potato"] * 12)
        stations(g, {"navigator-circle": 4})
        for take in takes:
            one(do(g, {"do": "order", "order": "prepare_meal", "take": take}), "order_accepted")
        eaten = one(advance(g, MEAL_CALL_S), "meal_eaten")
        assert (eaten["count"], eaten["morale"]) == (min(3, sum(map(len, takes))), change)
