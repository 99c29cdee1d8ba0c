"""A whole short evening by touch alone at 800x480 (the First Officer's console; missions, HQ and the patrol, §4.1
the briefing and the debrief, §4.2 return to base, §4.3 the campaign and the career record, §5.3 the new game's
set-up): a group without a keyboard or a table opens the window on the set-up, chooses its language, the campaign,
the Captain on hard; reads the briefing from the chart; mobilizes; orders the boat home and lets the passage run
under time compression; reads the debrief and its saved file's name; then, from the debrief's New game, looks at the
career record, which lists the mission with its grade, and begins a new campaign. Before, the window showed the
record's totals only: the missions played and their grades were in `kaleun career` alone, a command a touch-only crew
cannot type, and the new campaign's notice sent the group there."""

from __future__ import annotations

import re
from pathlib import Path

import pygame
import pytest
from kaleun.boards.loader import default_board
from kaleun.career import load_career, save_career
from kaleun.core.messages import Msg
from kaleun.uboot.game import new_game
from kaleun.uboot.missions.catalogue import titled
from kaleun.ui import display
from kaleun.ui.session import open_session

from window.fingers import touch

SIZE = (800, 480)


def drawn(win) -> set[str]:
    """The texts the next frame draws, in the table's language."""
    win.cache.clear()
    win.render(pygame.Surface(SIZE))
    return {key[2] for key in win.cache._images}


def opened_on_the_set_up(monkeypatch: pytest.MonkeyPatch, code: str):
    """`kaleun play` on a screen, as a new table starts: the window opens on the set-up."""
    monkeypatch.setattr(display, "has_display", lambda: True)
    win = open_session(new_game(7, "training"), default_board(), language=code, setup=True)
    win.guard = False
    win.running = True
    touch(win, f"language.{code}")
    return win


@pytest.mark.parametrize("code", ["de", "ru", "en"])
def test_4_3_a_short_campaign_mission_from_the_set_up_to_the_debrief_and_the_career_record_by_touch(
        home: Path, monkeypatch: pytest.MonkeyPatch, code: str) -> None:
    win = opened_on_the_set_up(monkeypatch, code)
    lang = win.lang
    # the career record before any mission: it says so, and Back leads to the set-up's first page
    touch(win, "setup.career")
    assert lang.render(Msg("No mission with objectives has been played yet.")) in drawn(win)
    touch(win, "setup.back")
    # the set-up: the campaign's first mission, the Captain on hard (his hand dealt), then Start
    touch(win, "mission.prize_rules_1939")
    touch(win, "setup.next")
    touch(win, "setup.mode.campaign")
    touch(win, "setup.difficulty.captain.hard")
    touch(win, "setup.start")
    assert win.overlay is None
    game = win.game
    assert game.module("mission").mission == "prize_rules_1939"
    assert (game.config["changes"]["setup"] or {}).get("mode") == "campaign"
    feed = [lang.render(line.msg) for line in win.feed.lines]
    hand = Msg.plural("Captain: deal yourself {n} Captain card ({level} difficulty).",
                      "Captain: deal yourself {n} Captain cards ({level} difficulty).", n=3, level=Msg.term("hard"))
    assert any(line.startswith(lang.render(hand)) for line in feed), feed
    wall = [0.0]  # the window's wall clock, moved by the test: the ship's clock follows its compression
    win.runtime.clock = lambda: wall[0]
    win.runtime.rest()
    # the briefing, from the chart
    touch(win, "tab.map")
    touch(win, "map.mission")
    assert win.overlay is not None and win.overlay.id == "mission"
    touch(win, "mission.close")
    # a Mobilize paid, then the boat ordered home from the orders screen
    touch(win, "tab.boat")
    touch(win, "mobilize")
    touch(win, "sheet.give")
    touch(win, "tab.orders")
    touch(win, "order.return_to_base")
    touch(win, "sheet.give")
    assert game.module("mission").passage is not None  # the passage home has begun
    # the passage home under the fastest compression, by touch
    touch(win, "mode.transit")
    assert game.module("compression").mode == "transit"
    for _ in range(400):  # a report that drops the compression to real time (a meal call, HQ's signal) is read,
        wall[0] += 60.0  # then the group touches the fastest compression again
        win.runtime.step()
        if win.overlay is not None and win.overlay.id == "debrief":
            break
        if game.module("compression").mode != "transit":
            touch(win, "mode.transit")
    assert game.module("mission").over and win.overlay is not None and win.overlay.id == "debrief"
    # the debrief names its saved file, which is there
    saved = list((home / "sessions").glob("*.debrief.png"))
    assert len(saved) == 1
    assert any(saved[0].name in text for text in drawn(win)), sorted(drawn(win))
    # the next game's set-up: the career record lists the mission, with its grade
    touch(win, "debrief.new")
    touch(win, "setup.career")
    record = load_career()
    played = record["missions"][-1]
    assert played["mission"] == "prize_rules_1939"
    texts = " ".join(drawn(win))
    assert lang.render(titled("prize_rules_1939")) in texts, texts
    assert lang.render(Msg("Career record")) in texts
    touch(win, "setup.back")
    assert win.overlay is not None and win.overlay.id == "setup" and win.overlay.step == 0
    # the campaign ended with the grade F: a new one begins, and the table is told where the last one's missions are
    # by the button it can touch (it said only "kaleun career", a command a touch-only crew cannot type)
    touch(win, "setup.next")
    touch(win, "setup.mode.campaign")
    touch(win, "setup.start")
    assert win.overlay is None and win.game is not game
    told = [lang.render(line.msg) for line in win.feed.lines if "kaleun career" in lang.render(line.msg)]
    assert told and lang.render(Msg("Career record")) in told[-1], told
    win.quit()
    win.runtime.close()


def test_4_3_a_long_career_record_is_read_page_by_page(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A career of many missions does not fit one page at 800x480: its arrow turns the pages, the last back to the
    first, and every mission is shown on one of them."""
    record = load_career()
    entry = {"mission": "prize_rules_1939", "name": "Prize rules", "mode": "single", "seed": 1, "result": "returned",
             "reason": "returned", "grade": "C", "fame": 0, "grt": 0, "ships_sunk": 0, "crew_lost": 0,
             "start": "1939-09-22T06:00:00", "end": "1939-09-23T18:00:00"}
    for day in range(1, 13):  # as the booking writes them (`kaleun.career.record_mission`)
        record["missions"].append({**entry, "key": f"game-{day}", "played": f"2026-10-{day:02d}T20:00:00",
                                   "score": day})
    save_career(record)
    win = opened_on_the_set_up(monkeypatch, "en")
    touch(win, "setup.career")
    seen: set[str] = set()
    pages = 0
    first = drawn(win)
    while True:
        seen |= drawn(win)
        pages += 1
        touch(win, "career.more")
        if drawn(win) == first:
            break
        assert pages < 10
    assert pages > 1
    rows = "\n".join(seen)
    for day in range(1, 13):
        assert re.search(rf"grade C\s+score\s+{day}\s", rows), (day, rows)
    win.quit()
    win.runtime.close()


@pytest.mark.parametrize("code", ["de", "ru", "en"])
def test_4_1_the_debrief_names_its_saved_file_whole_beside_a_long_headline(home: Path, monkeypatch: pytest.MonkeyPatch,
                                                                           code: str) -> None:
    """§4.1 the saved debrief: a linked part lost by its time limit has a headline of four rows, the next part's
    button and an objective of two rows in German; the file's name went under the buttons ("...-09200…") or was
    left out, so a group could not tell where its saved debrief is. It is read whole in every language."""
    from window.test_after_the_end_play_on_by_touch import ended_in_the_window

    tonnage = {"id": "tonnage", "kind": "grt", "grt": 10000, "convoy": True,
               "text": "Sink at least 10,000 GRT from the slow convoy."}
    win = ended_in_the_window(monkeypatch, objective=tonnage)
    win.set_language(code)
    saved = list((home / "sessions").glob("*.debrief.png"))
    assert len(saved) == 1
    win.cut.clear()
    texts = drawn(win)
    assert any(saved[0].name in text and not text.endswith("…") for text in texts), sorted(texts)
    assert not win.cut, win.cut
    win.quit()
    win.runtime.close()


@pytest.mark.parametrize("code", ["de", "ru", "en"])
def test_4_3_a_damaged_career_record_says_why_on_its_page(home: Path, monkeypatch: pytest.MonkeyPatch,
                                                          code: str) -> None:
    """The set-up's warning sent a touch-only group to `kaleun career` to learn why the record cannot be read: it
    names the Career record button now, and that page names the file and its problem."""
    (home / "career.json").write_text("{ not json", encoding="utf-8")
    win = opened_on_the_set_up(monkeypatch, code)
    lang = win.lang
    touch(win, "setup.next")
    touch(win, "setup.mode.campaign")
    texts = " ".join(drawn(win))
    assert "kaleun career" not in texts and lang.render(Msg("Career record")) in texts, texts
    touch(win, "setup.back")
    touch(win, "setup.career", whole=False)
    texts = " ".join(drawn(win))
    assert str(home / "career.json")[:20] in texts, texts  # the file named (wrapped over rows)
    win.quit()
    win.runtime.close()
