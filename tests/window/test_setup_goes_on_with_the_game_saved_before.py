"""Rulebook §5.2 (a linked patrol over several evenings) and §4.3 (the campaign): a group at the window whose game
saved before is a part of a linked patrol or a campaign mission not over yet, opening the new-game set-up, was told
on the page "Start" shows first that the game can only be continued with `kaleun resume --save PATH`, or by touching
Quit and typing `kaleun resume`: a touch-only group could not go back to it. That page has **Go on with it** now: it
continues the game saved before in the window, as `kaleun resume` does (the same mission, time and crew), saved where
the autosave is, and nothing of the game the window opened on is kept."""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest
from kaleun.career import start_configured
from kaleun.saves import open_save, save_game
from kaleun.uboot.missions.setup import GameSetup
from kit import advance

from window.fingers import touch, window_on_the_set_up


def saved_midway(home: Path, setup: GameSetup, hours: float = 2.0):
    """The game of `setup` played `hours` and stopped midway in the autosave (last evening's game)."""
    game = start_configured(setup)
    advance(game, hours * 3600.0)
    save_game(game, home / "autosave.json")
    return game


def page_with_go_on(win, *taps: str) -> None:
    """The taps on the set-up up to "Start", then "Start": the page naming the game not over, read whole."""
    for name in taps:
        touch(win, name)
    touch(win, "setup.start")
    assert win.overlay is not None and win.overlay.step == 2
    win.cut.clear()
    win.render(pygame.Surface((800, 480)))
    assert not win.cut, win.cut


def same_game(resumed, saved) -> None:
    """The game the window plays is the one saved: the same mission, seed, time and crew."""
    assert resumed.module("mission").mission == saved.module("mission").mission
    assert resumed.seed == saved.seed
    assert resumed.t == pytest.approx(saved.t, abs=1.0)
    assert resumed.module("crew").status()["sailors"] == saved.module("crew").status()["sailors"]
    assert resumed.config.get("changes", {}).get("setup") == saved.config.get("changes", {}).get("setup")


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_5_2_go_on_with_it_continues_the_linked_part_saved_before_by_touch(home, monkeypatch, code: str) -> None:
    saved = saved_midway(home, GameSetup(mission="sc_convoy_1940", seed=3, mode="linked"))
    win = window_on_the_set_up(monkeypatch, code)
    setup = win.overlay
    kept = setup.kept
    assert kept is not None and kept.is_file()
    setup.choose("sc_convoy_1940")
    page_with_go_on(win, "setup.next", "setup.mode.linked")
    touch(win, "setup.resume")
    assert win.overlay is None and not win.runtime.closed  # the game is played in the window
    same_game(win.game, saved)
    win.quit()
    win.runtime.close()
    back = open_save(home / "autosave.json").engine  # where `kaleun resume` finds it, the placeholder gone
    same_game(back, saved)
    assert not list(home.glob("autosave-*.json")), "the game continued is not kept aside a second time"


def test_4_3_go_on_with_it_continues_the_campaign_mission_saved_before(home, monkeypatch) -> None:
    saved = saved_midway(home, GameSetup(mission="", seed=3, mode="campaign"))
    win = window_on_the_set_up(monkeypatch)
    page_with_go_on(win, "setup.next", "setup.mode.campaign")
    touch(win, "setup.resume")
    assert win.overlay is None
    same_game(win.game, saved)
    assert win.game.config["changes"]["setup"]["mode"] == "campaign"


def test_5_2_the_page_names_the_button_not_a_command(home, monkeypatch) -> None:
    """The page "Start" shows first tells the group to touch Go on with it, not to type `kaleun resume`."""
    saved_midway(home, GameSetup(mission="sc_convoy_1940", seed=3, mode="linked"))
    win = window_on_the_set_up(monkeypatch)
    win.overlay.choose("sc_convoy_1940")
    page_with_go_on(win, "setup.next", "setup.mode.linked")
    said = win.tr(win.overlay.held(whole=True))
    assert "touch Go on with it" in said and "kaleun resume" not in said, said
    assert str(win.overlay.kept) in said


def test_a_save_that_cannot_be_continued_is_refused_saying_why_and_nothing_changes(home, monkeypatch) -> None:
    """The game kept aside was damaged since the window opened: Go on with it says why on the page, the game the
    window opened on stays on the set-up (Start still starts a new game), and the file kept aside is left as it is."""
    saved_midway(home, GameSetup(mission="sc_convoy_1940", seed=3, mode="linked"))
    win = window_on_the_set_up(monkeypatch)
    setup = win.overlay
    setup.choose("sc_convoy_1940")
    page_with_go_on(win, "setup.next", "setup.mode.linked")
    setup.kept.write_text("{damaged", encoding="utf-8")
    touch(win, "setup.resume")
    assert win.overlay is setup and setup.problem is not None
    assert str(setup.kept) in win.tr(setup.problem)
    assert setup.kept.read_text(encoding="utf-8") == "{damaged"
    assert not win.runtime.closed and win.game.module("mission").mission == "training"
    win.cut.clear()
    win.render(pygame.Surface((800, 480)))
    assert not win.cut, win.cut  # the refusal is read whole, with the page
    touch(win, "setup.start")  # the group plays the part again from its beginning instead
    assert win.overlay is None and win.game.module("mission").mission == "sc_convoy_1940"
    assert win.game.t < 60


def test_a_single_mission_set_aside_by_another_choice_is_gone_on_with_too(home, monkeypatch) -> None:
    """A single mission with objectives stopped midway (agents_1941), another mission chosen: the page "Start" shows
    first, which says the new game sets it aside, goes on with it as well."""
    saved = saved_midway(home, GameSetup(mission="agents_1941", seed=3), hours=1.0)
    win = window_on_the_set_up(monkeypatch)
    win.overlay.choose("prize_rules_1939")
    page_with_go_on(win, "setup.next")
    touch(win, "setup.resume")
    assert win.overlay is None
    same_game(win.game, saved)


def test_what_the_load_found_is_said_in_the_feed_as_kaleun_resume_says_it(home, monkeypatch) -> None:
    """The journal beside the game kept aside is no Kaleun journal (a file copied over it): `kaleun resume` says it was
    ignored before the game; Go on with it says it in the feed, and the game goes on from its save."""
    from kaleun.journal import journal_path

    saved_midway(home, GameSetup(mission="sc_convoy_1940", seed=3, mode="linked"))
    (home / "autosave.journal.jsonl").write_text("a shopping list\n", encoding="utf-8")
    win = window_on_the_set_up(monkeypatch)
    setup = win.overlay
    assert journal_path(setup.kept).is_file()
    setup.choose("sc_convoy_1940")
    page_with_go_on(win, "setup.next", "setup.mode.linked")
    touch(win, "setup.resume")
    assert win.overlay is None and win.game.module("mission").mission == "sc_convoy_1940"
    said = [win.tr(line.words) for line in win.feed.lines]
    assert any(line.endswith("not a Kaleun journal; it was ignored") for line in said), said
