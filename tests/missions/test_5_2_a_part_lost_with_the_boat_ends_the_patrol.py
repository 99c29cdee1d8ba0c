"""Rulebook §5.2 (linked missions) and §4.1 ("you lose the game together"): a part of a linked patrol that ends with
the boat lost ends the patrol; no part follows. The table is told so where it reads how the part ended: the
`mission_end` line the console and the window's debrief show, and what `kaleun run` says on standard error, at the
end of the run and when a run or a resume finds the ended save later."""

from __future__ import annotations

import pytest
from kaleun.career import load_career, record_mission
from kaleun.uboot.game import new_game
from kaleun.uboot.missions.setup import GameSetup, changes_for
from kit import read_events, run_kaleun, write_script
from missionkit import advance, do, one

H = 3600.0
QUIET = {"encounter": [], "radio": [], "air_cover": "none"}
SINK = [{"t": 0, "do": "crew_options", "rules": "advise", "wear": False},
        {"t": 0, "do": "damage", "kind": "hull_breach", "section": 2},
        {"t": 0, "do": "damage", "kind": "hull_breach", "section": 5}]
ENDED = "The linked patrol Autumn 1940 has ended with the boat."


def test_5_2_the_end_of_a_part_lost_with_the_boat_says_the_patrol_has_ended(home):
    setup = GameSetup(mission="sc_convoy_1940", seed=3, mode="linked")
    g = new_game(3, "sc_convoy_1940", {**changes_for(setup), **QUIET})
    g.take_events()
    for command in SINK:
        do(g, {k: v for k, v in command.items() if k != "t"})
    end = one(advance(g, 2 * H), "mission_end")
    assert (end["result"], end["reason"]) == ("lost", "flooded")
    assert end["feed"].endswith(ENDED), end["feed"]
    assert record_mission(g) is not None and load_career()["patrol"] is None


def test_5_2_a_part_lost_by_its_time_limit_does_not_end_the_patrol(home):
    """A part lost by its time limit leaves the boat afloat: the patrol goes on, as it said before."""
    setup = GameSetup(mission="sc_convoy_1940", seed=3, mode="linked")
    g = new_game(3, "sc_convoy_1940", {**changes_for(setup), "time_limit_h": 2, **QUIET})
    g.take_events()
    end = one(advance(g, 3 * H), "mission_end")
    assert end["reason"] == "time_limit" and "has ended with the boat" not in end["feed"]
    assert "goes on with Weather boat" in end["feed"]


def test_5_2_kaleun_run_says_a_linked_part_lost_with_the_boat_ended_the_patrol(home):
    script = write_script(home / "sink.jsonl", [*SINK, {"t": 36000, "do": "end"}])
    save = home / "part1.json"
    run = run_kaleun("run", "--linked", "--mission", "sc_convoy_1940", "--script", str(script), "--events",
                     str(home / "ev.jsonl"), "--save", str(save), home=home)
    assert run.returncode == 0, run.stderr
    assert "kaleun run: the linked patrol Autumn 1940 ended with the boat: start a new game with kaleun play." \
        in run.stderr, run.stderr
    assert one(read_events(home / "ev.jsonl"), "mission_end")["feed"].endswith(ENDED)
    later = run_kaleun("run", "--load", str(save), "--script", str(write_script(home / "none.jsonl", [])),
                       "--events", str(home / "ev2.jsonl"), home=home)
    assert "kaleun run: the linked patrol Autumn 1940 ended with the boat: start a new game with kaleun play." \
        in later.stderr, later.stderr


def debrief_cut(g, language: str, commands=()) -> tuple[str, list[str]]:
    """The window's debrief of `g` run to its end in `language`: what its `mission_end` line says, and that line
    wherever the debrief cut it short (the one-line feed under the screen shortens its long lines: not these)."""
    from window.fingers import Table_, shown

    table = Table_(game=g, language=language)
    for command in commands:
        table.runtime.submit(command)
    while not g.module("mission").over:
        table.clock.now += 60.0
        table.runtime.step()
    table.window.open_debrief()
    table.window.cut.clear()
    shown(table)
    told = table.window.tr(next(e for e in table.events if e.name == "mission_end").feed)
    return told, [rows for rows in table.window.cut.values() if rows.startswith(told[:30])]


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_5_2_the_windows_debrief_says_the_patrol_ended_whole(home, language):
    """The window's debrief shows the `mission_end` line under its headline, whole on the 7" screen."""
    setup = GameSetup(mission="sc_convoy_1940", seed=3, mode="linked")
    g = new_game(3, "sc_convoy_1940", {**changes_for(setup), **QUIET})
    told, cut = debrief_cut(g, language, [{k: v for k, v in c.items() if k != "t"} for c in SINK])
    assert {"en": "Autumn 1940", "de": "„Herbst 1940“", "ru": "«Осень 1940»"}[language] in told and cut == []


@pytest.mark.parametrize("language", ["en", "de", "ru"])
def test_4_3_the_windows_debrief_says_a_part_is_played_again_whole(home, language):
    """§4.3: a part that needs its primary objective, ended without it, is played again; its debrief says so in
    up to four rows, where three cut it short in German and Russian."""
    setup = GameSetup(mission="shadow_1941", seed=1, mode="linked")
    g = new_game(1, "shadow_1941", {**changes_for(setup), "time_limit_h": 1, **QUIET})
    told, cut = debrief_cut(g, language, [{"do": "crew_options", "rules": "advise", "wear": False}])
    assert g.module("mission").part_again() and cut == [], (told, cut)
