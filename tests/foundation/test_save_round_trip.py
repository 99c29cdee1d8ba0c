"""A save read back and written again is the same file, byte for byte (host/README.md, "Saves"): nothing a
game holds is lost, reordered or reformatted by a load, so `kaleun resume` of a resumed game, an autosave
after a resume and a replay's save all match. Checked where the state is richest: a U-BOOT attack with
torpedoes running and a ship going down (rulebook §9.2), and a Captain Sonar game under way (both modes)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from kaleun.core.engine import Engine
from kaleun.saves import load_checked, read_save, save_game, save_text
from kaleun.sonar.game import new_game as new_sonar_game
from kaleun.uboot.game import new_game
from kit import ROOT, play_script

NIGHT_ATTACK = ROOT / "tests" / "weapons" / "scripts" / "night_attack.jsonl"
SONAR_EXAMPLE = ROOT / "tests" / "sonar" / "scripts" / "worked_example.jsonl"
ESCORT_HUNT = ROOT / "tests" / "sea" / "scripts" / "escort_hunt.jsonl"
WEATHER_LOST = ROOT / "tests" / "missions" / "scripts" / "weather_1940.lose.jsonl"


def _lines_before(path: Path, cut: float) -> list[str]:
    return [line for line in path.read_text(encoding="utf-8").splitlines()
            if line.startswith("{") and json.loads(line)["t"] < cut]


def _round_trips(game: Engine, tmp_path: Path) -> bytes:
    """The game saved, read back, checked and saved again, twice over: each save the same bytes."""
    path = tmp_path / "game.json"
    save_game(game, path)
    state, first = read_save(path)
    assert first == save_text(game)
    second = save_text(load_checked(state))
    assert second == first
    third = save_text(load_checked(json.loads(second)))
    assert third == first
    return first


@pytest.mark.parametrize("cut", [400, 520, 700])
def test_9_2_a_save_in_the_middle_of_an_attack_loads_and_saves_to_the_same_bytes(tmp_path, cut):
    """400 s: three torpedoes running; 520 s: one has hit and the steamer is going down; 700 s: the boat dives
    away from the escorts."""
    game, events = play_script(tmp_path, _lines_before(NIGHT_ATTACK, cut), until=cut,
                               game=new_game(0, "exercise_convoy_battle"))
    assert [e["t"] for e in events if e["event"] == "salvo"] == [302]
    hits = [e for e in events if e["event"] == "torpedo_hit"]
    if cut == 400:
        assert not hits and game.module("weapons").running  # torpedoes in the water
    else:
        assert hits and not [e for e in events if e["event"] == "ship_sunk"]  # hit, not yet sunk
    saved = _round_trips(game, tmp_path)
    assert json.loads(saved)["t"] == cut



def test_a_save_with_a_hull_breach_open_loads_and_saves_to_the_same_bytes(tmp_path):
    """§10.2.2: a hull breach waits for its repair against a countdown. A save taken while one is open reads back
    to the same bytes: the breach's fields keep their order (the load put `warned` first, so a resumed game's save
    differed from the uninterrupted game's)."""
    game, events = play_script(tmp_path, [{"t": 10, "do": "damage", "kind": "hull_breach", "section": 4}], until=30)
    assert [e["section"] for e in events if e["event"] == "hull_breach"] == [4]
    saved = _round_trips(game, tmp_path)
    assert list(json.loads(saved)["modules"]["crew"]["breaches"]["breaches"]["4"]) == \
        ["deadline", "crewed", "result", "warned"]


def _sonar_mid_game(tmp_path: Path) -> Engine:
    from kaleun.sonar.game import referee
    from sonar.sonarkit import run_lines

    game, events = run_lines(_lines_before(SONAR_EXAMPLE, 20), tmp_path)
    assert events and referee(game).phase == "play"
    return game


def test_a_captain_sonar_game_under_way_loads_and_saves_to_the_same_bytes(tmp_path):
    _round_trips(_sonar_mid_game(tmp_path), tmp_path)


@pytest.mark.parametrize("mode", ["turn", "realtime"])
def test_a_captain_sonar_game_of_random_crews_loads_and_saves_to_the_same_bytes(tmp_path, mode):
    """Routes, mines, damage, breakdowns and the training aid's plot, forty moves in."""
    from sonar.random_sonar import play_random

    game = new_sonar_game(3, "charlie", mode, training_aid=True)
    _, events = play_random(game, random.Random(5), moves=40, limit=2000)
    assert len(events) > 100
    _round_trips(game, tmp_path)


def _escorts_hunting(tmp_path: Path) -> Engine:
    """The escort exercise ten minutes in: the corvettes plot the boat's fixes and hunt it with ASDIC (rulebook
    §4, §8: the enemy the app played)."""
    game, events = play_script(tmp_path, _lines_before(ESCORT_HUNT, 600), until=600,
                               game=new_game(0, "exercise_escort"))
    assert [e for e in events if e["event"] == "ping"]
    return game


def _played_on(game: Engine) -> list[dict]:
    events = []
    for _ in range(10):
        events += [e.to_json() for e in game.advance_to(game.t + 120)]
    return events


def test_a_saved_state_loaded_twice_plays_the_same_game_twice(tmp_path):
    """Resuming falls back on the save it read when a journal entry cannot be replayed: the game loaded first and
    played on must not have changed that state (the escorts' plots shared their fixes with it, and the second game
    hunted by the first one's fixes)."""
    state = json.loads(save_text(_escorts_hunting(tmp_path)))
    first = _played_on(load_checked(state))
    second = _played_on(load_checked(state))
    assert second == first and [e for e in first if e["event"] == "depth_charges_dropped"]


def _passage_home(tmp_path: Path) -> Engine:
    """The weather boat ordered home after its reports: the passage steers it to its base (rulebook §4.3)."""
    game, _ = play_script(tmp_path, _lines_before(WEATHER_LOST, 129600), until=129600,
                          game=new_game(0, "weather_1940"))
    assert game.module("mission").status()["passage"]
    return game


@pytest.mark.parametrize("playing", [_escorts_hunting, _passage_home], ids=["escorts", "passage"])
def test_a_state_taken_stays_as_it_was_taken_while_the_game_plays_on(tmp_path, playing):
    game = playing(tmp_path)
    taken = game.to_state()
    written = json.dumps(taken)
    _played_on(game)
    assert json.dumps(taken) == written


def test_a_resume_past_a_journal_line_it_cannot_replay_is_the_saved_game_and_the_lines_before(tmp_path):
    """`kaleun resume` replays the journal; an entry that fails sends it back to the save as it was read, with the
    entries before replayed again. With the escorts hunting, that second start began from the escorts' plots as
    the failed attempt had left them: the crew resumed into another hunt."""
    from kaleun.journal import journal_path
    from kaleun.saves import open_save

    path = tmp_path / "autosave.json"
    base = save_game(_escorts_hunting(tmp_path), path)
    lines = [{"journal": "kaleun-journal", "version": 1, "base": base, "t": 600.0}, {"t": 630.0}, {"t": 660.0},
             {"t": 690.0}, {"t": 700.0, "command": {"do": "order", "order": "no_such_order"}}]
    journal_path(path).write_text("".join(json.dumps(line) + "\n" for line in lines), encoding="utf-8")
    opened = open_save(path, trial=False)
    assert opened.engine.t == 690.0 and "could not be replayed" in str(opened.notes[0])
    expected = load_checked(read_save(path)[0])
    expected.advance_to(690.0)
    assert save_text(opened.engine) == save_text(expected)
