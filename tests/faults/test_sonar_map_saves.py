"""A Captain Sonar game on a map file of the crew's own keeps the map's text in its save (the game
is rebuilt from it). A map file with a maker's notes in it is easily longer than 2,000 characters,
the length of a text the engine's check of a save's settings allowed: such a game played and saved,
and every resume then refused its save (`the save is damaged at config.map`). The save holds a map
as long as a map file may be."""

from __future__ import annotations

import pytest
from kaleun.saves import open_save, save_game
from kaleun.sonar import data
from kaleun.sonar.game import new_game
from kaleun.sonar.maps import MAX_CHARS
from kit import run_kaleun, write_script

NOTE = "# a maker's note: which islands we drew ourselves, and why the minefield lies where it does\n"


def long_map(lines: int) -> str:
    return data.text("maps/alpha.map") + NOTE * lines


@pytest.mark.parametrize("lines", [40, 2000])
def test_a_game_on_a_long_map_file_is_saved_and_resumed(tmp_path, lines):
    text = long_map(lines)
    assert 2000 < len(text) <= MAX_CHARS
    game = new_game(3, "alpha", "turn", map_text=text, map_source="ours.map")
    save_game(game, tmp_path / "autosave.json")
    resumed = open_save(tmp_path / "autosave.json").engine
    assert resumed.config["map"]["text"] == text


@pytest.mark.slow
def test_kaleun_run_loads_the_save_of_a_game_on_a_long_map(home):
    (home / "ours.map").write_text(long_map(40), encoding="utf-8")
    script = write_script(home / "s.jsonl", [{"t": 1, "do": "report"}])
    first = run_kaleun("run", "--game", "sonar", "--map", "ours.map", "--script", str(script), "--events", "e.jsonl",
                       "--save", "x.json", home=home)
    assert first.returncode == 0, first.stderr
    again = run_kaleun("run", "--game", "sonar", "--script", str(script), "--events", "e2.jsonl", "--load", "x.json",
                       home=home)
    assert again.returncode == 0 and "damaged" not in again.stderr, again.stderr


def test_a_game_on_a_map_named_by_a_path_as_long_as_linux_opens_is_saved_and_resumed(tmp_path):
    """The map's path is kept as its source (its problems are said by it): a path of more than 4,000 characters,
    which Linux opens (up to 4,095), started a game whose every resume refused its save (`config.map.source`)."""
    (tmp_path / "ours.map").write_text(long_map(1), encoding="utf-8")
    path = "./" * 2040 + "ours.map"
    assert 4000 < len(path) < 4096
    script = write_script(tmp_path / "s.jsonl", [{"t": 1, "do": "report"}])
    first = run_kaleun("run", "--game", "sonar", "--map", path, "--script", str(script), "--events", "e.jsonl",
                       "--save", "x.json", home=tmp_path)
    assert first.returncode == 0, first.stderr
    assert open_save(tmp_path / "x.json").engine.config["map"]["source"] == path
