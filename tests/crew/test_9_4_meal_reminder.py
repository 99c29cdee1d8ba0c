"""§9.4.2: the daily meal call counts what was cooked since the last one; a day without a meal costs morale -2.
Our choice (provisions.toml, `meal_reminder_minutes`): a while before the call, on a day nothing is cooked yet,
the feed reminds the crew once, as a warning, in time to prepare a meal — never when a meal is cooked, never
after the end of the mission. Played through table scripts."""

from __future__ import annotations

import json

from crewkit import game, named
from kaleun.uboot.crew import food
from kaleun.uboot.crew.food import MEAL_REMINDER_S
from kaleun.uboot.game import load_game
from kaleun.ui.feedlog import FeedLog
from kit import console_on_a_clock, play_script

MEAL_CALL_S = 15 * 3600  # 19:00, the training mission starts at 04:00
REMINDER_S = MEAL_CALL_S - MEAL_REMINDER_S
DAY_S = 86400
REMINDER = "Meal call at 19:00 and nothing is cooked yet: prepare a meal, or the crew eats nothing (morale -2)."


def cook_at(t: float) -> list[dict]:
    """The Navigator goes to the galley (section 4) and prepares a one-chip meal, starting at game second `t`."""
    pyramid = {"do": "order", "order": "prepare_meal", "take": [1]}
    return [{"t": t, "do": "order", "order": "mobilize"}, {"t": t + 1, "do": "place", "figure": "navigator-circle",
                                                            "section": 4}, {"t": t + 2, **pyramid}]


def played(tmp_path, lines, until):
    g = game()
    crew = g.module("crew")
    state = crew.to_state()  # a pyramid whose place 1 is food, whatever the seed dealt
    state["food"].update(pyramid=["egg", "meat", "onion", "potato", "bread", "bread"], supply=["potato"] * 12)
    crew.load_state(state)
    return play_script(tmp_path, [*lines, {"t": until, "do": "end"}], game=g)[1]


def test_9_4_2_nothing_cooked_the_feed_reminds_the_crew_before_the_meal_call_in_time_to_cook(tmp_path):
    events = played(tmp_path, [], MEAL_CALL_S + 1)
    [reminder] = named(events, "meal_reminder")
    assert reminder["t"] == REMINDER_S == MEAL_CALL_S - 3600  # 18:00, an hour before: our choice
    assert reminder["feed"] == REMINDER and reminder["morale"] == -2
    assert named(events, "meal_eaten")[0]["morale"] == -2  # nobody cooked: the reminder came true

    # heard in time: a crew that answers the reminder with a meal eats at 19:00
    events = played(tmp_path, cook_at(REMINDER_S + 60), MEAL_CALL_S + 1)
    assert len(named(events, "meal_reminder")) == 1 and len(named(events, "meal_prepared")) == 1
    assert [e["count"] for e in named(events, "meal_eaten")] == [1]


def test_9_4_2_no_meal_reminder_when_a_meal_is_already_cooked(tmp_path):
    events = played(tmp_path, cook_at(6 * 3600), MEAL_CALL_S + 1)
    assert named(events, "meal_prepared") and named(events, "meal_reminder") == []
    assert [e["count"] for e in named(events, "meal_eaten")] == [1]


def test_9_4_2_the_meal_reminder_is_said_once_a_day(tmp_path):
    """Each day's reminder once, an hour before that day's meal call; the cooked day in between has none."""
    events = played(tmp_path, cook_at(MEAL_CALL_S + 600), MEAL_CALL_S + 2 * DAY_S + 1)
    assert [e["t"] for e in named(events, "meal_reminder")] == [REMINDER_S, REMINDER_S + 2 * DAY_S]
    assert [e["morale"] for e in named(events, "meal_eaten")] == [-2, -1, -2]


def test_9_4_2_an_undo_after_the_meal_reminder_keeps_the_crews_actions_and_never_repeats_it(tmp_path, monkeypatch):
    """The reminder is only a feed line: the crew's last action before it can still be undone, and undoing it
    does not bring the reminder back. (The lead is data: half an hour here, so that the reminder does not come
    with the 18:00 watch change, which starts a new undo history of its own.)"""
    monkeypatch.setattr(food, "MEAL_REMINDER_S", 1800.0)
    half_past = MEAL_CALL_S - 1800
    lines = [{"t": half_past - 600, "do": "order", "order": "mobilize"},
             {"t": half_past - 300, "do": "place", "figure": "navigator-circle", "section": 4},
             {"t": half_past + 60, "do": "undo"}]
    events = played(tmp_path, lines, MEAL_CALL_S - 60)
    assert [e["t"] for e in named(events, "meal_reminder")] == [half_past]
    assert named(events, "undone") and not named(events, "action_refused")


def test_9_4_2_no_meal_reminder_once_the_mission_is_over(tmp_path):
    """§7.4: all hands lost ends the mission; no reminder, no meal call after it."""
    lines = [{"t": 60, "do": "adjust_morale", "by": -11, "why": "morale cards"},
             {"t": 61, "do": "damage", "kind": "environmental", "condition": "fire", "section": 5}]
    events = played(tmp_path, lines, MEAL_CALL_S + DAY_S)
    assert named(events, "mission_end")
    assert named(events, "meal_reminder") == [] and named(events, "meal_eaten") == []


def test_9_4_2_the_meal_reminder_is_a_warning_line_in_english_german_and_russian():
    """The window's feed marks it as a warning (its colour and word); the console prints the same line; both in
    the table's language with the rulebook's words (de: "Backen und Banken", "Mahlzeit", "Matrosen")."""
    said = {
        "en": REMINDER,
        "de": ("Backen und Banken um 19:00, und noch ist nichts gekocht: eine Mahlzeit zubereiten, sonst bekommen die "
               "Matrosen nichts (Moral -2)."),
        "ru": ("Приём пищи в 19:00, а ничего ещё не приготовлено: приготовьте пищу, иначе экипаж останется без еды "
               "(боевой дух -2)."),
    }
    for language, text in said.items():
        g = game()
        g.advance_to(REMINDER_S - 5)
        feed = FeedLog(language=language)
        [reminder] = [e for e in g.advance_to(REMINDER_S) if e.name == "meal_reminder"]
        change = feed.add(reminder)
        assert change is not None and change.line.alarm == "warning" and change.line.text == text

        g = game()
        g.advance_to(REMINDER_S - 5)
        runtime, _console, out, now = console_on_a_clock(g, language)
        now[0] += 10
        runtime.step()
        assert f"[18:00:00] {text}" in out.getvalue()


def test_9_4_2_the_meal_reminder_drops_a_fast_forward_to_real_time(tmp_path, monkeypatch):
    """Like any news, the reminder stops a fast forward, so a crew that lets the hours run still hears it in time
    (half an hour's lead here, clear of the 18:00 watch change, which drops it too)."""
    monkeypatch.setattr(food, "MEAL_REMINDER_S", 1800.0)
    lines = [{"t": MEAL_CALL_S - 2400, "do": "ui", "action": "time_compression", "mode": "fast_forward"}]
    g = game()
    play_script(tmp_path, [*lines, {"t": MEAL_CALL_S - 1801, "do": "end"}], game=g)
    assert g.module("compression").mode == "fast_forward"
    g = game()
    _g, events = play_script(tmp_path, [*lines, {"t": MEAL_CALL_S - 1800, "do": "end"}], game=g)
    assert [e["t"] for e in named(events, "meal_reminder")] == [MEAL_CALL_S - 1800]
    assert g.module("compression").mode == "real_time"


def test_9_4_2_a_game_saved_after_the_meal_reminder_does_not_say_it_again_when_resumed():
    g = game()
    assert [e.name for e in g.advance_to(REMINDER_S + 600) if e.name == "meal_reminder"] == ["meal_reminder"]
    resumed = load_game(json.loads(json.dumps(g.to_state())))
    assert [e.name for e in resumed.advance_to(MEAL_CALL_S + 1) if e.name.startswith("meal")] == ["meal_eaten"]
