"""Rulebook §5.2 (a linked patrol over several evenings) and §4.3 (the campaign): a group that opens the window's
new-game set-up instead of resuming, while the game saved before holds a part of a linked patrol or a campaign
mission not over yet, is told before "Start" what the console's `kaleun play --linked` tells it: that part is
played again from its beginning, and the file the game not over is kept as, to go on with it instead."""

from __future__ import annotations

import pygame
import pytest
from kaleun.boards.loader import default_board
from kaleun.career import start_configured
from kaleun.paths import autosave_path
from kaleun.runtime.loop import Runtime
from kaleun.runtime.outputs import Autosave
from kaleun.runtime.table import Table
from kaleun.saves import save_game
from kaleun.uboot.game import new_game
from kaleun.uboot.missions.setup import GameSetup
from kaleun.ui.screens.setup import Setup
from kaleun.ui.window import Window

from window.fingers import SIZE, Table_, choose_mission, shown


def opened_after(unfinished: GameSetup) -> Table_:
    """The game of `unfinished` stopped midway in the autosave; then `kaleun play` opens the window on a new game
    (which keeps the one saved before aside) and its set-up."""
    save_game(start_configured(unfinished), autosave_path())
    table = Table_()
    game = new_game(seed=7, mission="training")
    autosave = Autosave(game, autosave_path(), keep_previous=True)
    runtime = Runtime(game, Table(default_board(), game), autosave=autosave, clock=table.clock)
    runtime.save()
    assert autosave.kept is not None
    table.runtime, table.game = runtime, game
    made: list = []

    def restart(setup: GameSetup) -> Runtime:
        game = start_configured(setup)
        made.append(game)
        return Runtime(game, Table(default_board(), game), clock=table.clock)

    table.made = made  # type: ignore[attr-defined]
    table.window = Window(runtime, size=SIZE, clock=table.clock, setup=lambda w: Setup(w, restart))
    table.window.guard = False
    table.surface = pygame.Surface(SIZE)
    return table


def words(table: Table_) -> str:
    return " ".join(" ".join(shown(table)).split())


def test_5_2_the_set_up_says_a_linked_part_not_over_is_played_again_and_where_it_is_kept(home) -> None:
    table = opened_after(GameSetup(mission="sc_convoy_1940", seed=3, mode="linked"))
    kept = table.window.overlay.kept
    choose_mission(table, "sc_convoy_1940")
    table.tap("setup.next")
    assert "of the linked patrol Autumn 1940, not over yet" not in words(table)  # nothing of the patrol again
    table.tap("setup.mode.linked")
    said = words(table)
    assert ("The game saved before this one holds Slow convoy of the linked patrol Autumn 1940, not over yet: "
            "Start plays the part again from its beginning.") in said, said
    table.tap("setup.start")  # first the page naming the file the game not over is kept as
    said = words(table)
    assert not table.made and f"kaleun resume --save {kept}" in said, said  # type: ignore[attr-defined]
    assert not [cut for cut in table.window.cut if "kept as" in cut], "the page is cut short"
    table.tap("setup.back")
    table.tap("setup.start")
    table.tap("setup.start")  # the group chose to play it again
    assert [g.config["mission"] for g in table.made] == ["sc_convoy_1940"]  # type: ignore[attr-defined]


def test_4_3_the_set_up_says_a_campaign_mission_not_over_is_played_again(home) -> None:
    table = opened_after(GameSetup(mission="", seed=3, mode="campaign"))
    table.tap("setup.next")
    table.tap("setup.mode.campaign")
    said = words(table)
    assert ("The game saved before this one holds Prize rules of the campaign, not over yet: Start plays the "
            "mission again from its beginning.") in said, said
    table.tap("setup.start")
    assert f"kaleun resume --save {table.window.overlay.kept}" in words(table)
    table.tap("setup.back")
    table.tap("setup.mode.single")  # a single mission plays nothing of the campaign again
    assert "of the campaign, not over yet" not in words(table)



def test_5_2_a_new_patrol_played_again_says_both_what_is_played_again_and_what_is_given_up(home) -> None:
    """autumn_1940 goes on (its first part booked); shadow_1941 was begun as a new patrol and stopped midway. Choosing
    shadow_1941 as a new patrol plays that part again and gives autumn_1940 up: the page "Start" shows says both,
    whole."""
    from kaleun.career import load_career, record_mission
    from kaleun.uboot.missions.setup import changes_for
    from kit import advance

    first = GameSetup(mission="sc_convoy_1940", seed=3, mode="linked")
    g = new_game(3, "sc_convoy_1940", {**changes_for(first), "time_limit_h": 1, "encounter": [], "radio": [],
                                       "air_cover": "none"})
    advance(g, 7200)
    assert record_mission(g) is not None and load_career()["patrol"]["next"] == "weather_1940"
    table = opened_after(GameSetup(mission="shadow_1941", seed=3, mode="linked"))
    choose_mission(table, "shadow_1941")
    table.tap("setup.next")
    table.tap("setup.mode.linked")
    said = words(table)  # going on with autumn_1940 plays nothing again: shadow_1941 is only set aside
    assert "again from its beginning" not in said and "holds Contact keeper, not over yet: Start begins another game" \
        in said, said
    table.tap("setup.anew")
    said = words(table)
    assert "holds Contact keeper of the linked patrol Spring 1941, not over yet" in said, said
    table.tap("setup.start")
    table.window.cut.clear()
    said = words(table)
    assert "kaleun resume --save" in said and "the linked patrol Autumn 1940 in progress (next: Weather boat) is " \
        "given up" in said, said
    assert not table.made and list(table.window.cut.values()) == []  # type: ignore[attr-defined]


def test_4_3_the_crew_page_with_a_game_held_is_read_whole_in_german_and_russian(home) -> None:
    for language in ("de", "ru"):
        for f in home.glob("*.json"):
            f.unlink()
        table = opened_after(GameSetup(mission="", seed=3, mode="campaign"))
        table.window.set_language(language)
        table.tap("setup.next")
        table.tap("setup.mode.campaign")
        table.window.cut.clear()
        words(table)
        assert list(table.window.cut.values()) == [], (language, table.window.cut)
        table.tap("setup.start")
        table.window.cut.clear()
        words(table)
        assert list(table.window.cut.values()) == [], (language, table.window.cut)


def test_a_single_mission_not_over_is_named_before_start_sets_it_aside(home) -> None:
    """A single mission stopped midway (agents_1941) is kept aside when the window opens on a new game: the crew's
    page says so before "Start", and "Start" first shows the file it is kept as and how to go on with it (as the
    console says "the previous game was kept as ..." at a new game's start)."""
    table = opened_after(GameSetup(mission="agents_1941", seed=3))
    kept = table.window.overlay.kept
    choose_mission(table, "prize_rules_1939")
    table.tap("setup.next")
    said = words(table)
    assert ("The game saved before this one holds Two passengers, not over yet: Start begins another game and keeps "
            "that one to go on with later.") in said, said
    table.tap("setup.start")  # first the page naming the file it is kept as
    said = words(table)
    assert not table.made and f"kaleun resume --save {kept}" in said, said  # type: ignore[attr-defined]
    table.tap("setup.start")
    assert [g.config["mission"] for g in table.made] == ["prize_rules_1939"]  # type: ignore[attr-defined]


def test_the_same_single_mission_chosen_again_is_played_again_from_its_beginning(home) -> None:
    table = opened_after(GameSetup(mission="agents_1941", seed=3))
    choose_mission(table, "agents_1941")
    table.tap("setup.next")
    assert ("The game saved before this one holds Two passengers, not over yet: Start plays the mission again from its "
            "beginning.") in words(table)


def test_a_practice_game_kept_aside_is_not_named(home) -> None:
    """A practice piece (no objectives, the training patrol the window opens on) kept aside says nothing: each
    opening of the window keeps one."""
    table = opened_after(GameSetup(mission="training", seed=3))
    choose_mission(table, "prize_rules_1939")
    table.tap("setup.next")
    assert "not over yet" not in words(table)
    table.tap("setup.start")
    assert [g.config["mission"] for g in table.made] == ["prize_rules_1939"]  # type: ignore[attr-defined]


def test_the_crew_page_with_a_single_mission_set_aside_is_read_whole_in_german_and_russian(home) -> None:
    for language, title in (("de", "„Zwei Passagiere“"), ("ru", "«Двое пассажиров»")):
        for f in home.glob("*.json"):
            f.unlink()
        table = opened_after(GameSetup(mission="agents_1941", seed=3))
        table.window.set_language(language)
        choose_mission(table, "prize_rules_1939")
        table.tap("setup.next")
        table.window.cut.clear()
        assert title in words(table) and "agents_1941" not in words(table)
        assert list(table.window.cut.values()) == [], (language, table.window.cut)
        table.tap("setup.start")
        table.window.cut.clear()
        assert title in words(table) and "agents_1941" not in words(table)
        assert list(table.window.cut.values()) == [], (language, table.window.cut)


@pytest.mark.parametrize(("language", "said"), [
    ("de", "Das zuvor gespeicherte Spiel enthält „Langsamer Geleitzug“ der verknüpften Feindfahrt „Herbst 1940“"),
    ("ru", "Сохранённая до этой игра — миссия «Тихоходный конвой» связанного похода «Осень 1940»")])
def test_5_2_the_linked_part_not_over_is_named_by_its_titles_whole_in_german_and_russian(home, language, said) -> None:
    """The crew's page names the part and its linked patrol by their titles in the table's language (not
    sc_convoy_1940 of autumn_1940), drawn whole on the 7" screen."""
    table = opened_after(GameSetup(mission="sc_convoy_1940", seed=3, mode="linked"))
    table.window.set_language(language)
    choose_mission(table, "sc_convoy_1940")
    table.tap("setup.next")
    table.tap("setup.mode.linked")
    table.window.cut.clear()
    shown_words = words(table)
    assert said in shown_words and "autumn_1940" not in shown_words and "sc_convoy_1940" not in shown_words, \
        shown_words
    assert list(table.window.cut.values()) == [], table.window.cut
