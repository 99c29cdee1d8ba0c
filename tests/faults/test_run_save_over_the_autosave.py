"""Nothing lost: `kaleun run --save` naming the home's own autosave wrote the script's game over the crew's unfinished
game without a word (no game playing at the time, so the table's lock let it): the evening's convoy battle was gone,
and `kaleun resume` continued the script's training patrol. The game saved there is now kept aside first, as `kaleun
play` keeps it, and the run says where; a run that plays the autosave's own game on (`--load` of the same file) keeps
nothing aside, since it is that game."""

from __future__ import annotations

import pytest
from faultkit import Console
from kaleun.saves import open_save
from kit import run_kaleun, write_script


@pytest.mark.slow
def test_a_script_saved_over_the_autosave_keeps_the_crews_game_aside(home, tmp_path):
    crew = Console(home, "play", "--console", "--seed", "5", "--mission", "exercise_convoy_battle")
    crew.expect("> ")
    crew.send("order new_course course=90")
    crew.send("quit")
    assert crew.finish() == 0, crew.text
    evening = (home / "autosave.json").read_bytes()
    script = write_script(tmp_path / "s.jsonl", [{"t": 10, "do": "report"}])
    done = run_kaleun("run", "--script", str(script), "--events", str(tmp_path / "e.jsonl"), "--save",
                      str(home / "autosave.json"), home=home)
    assert done.returncode == 0, done.stderr
    (kept,) = home.glob("autosave-*.json")
    assert kept.read_bytes() == evening
    assert f"kaleun: the previous game was kept as {kept} (continue it with: kaleun resume --save {kept})" \
        in done.stderr, done.stderr
    resumed = open_save(kept).engine
    assert resumed.module("mission").mission == "exercise_convoy_battle" and resumed.seed == 5
    assert open_save(home / "autosave.json").engine.module("mission").mission == "training"
    # the autosave's own game played on by script and saved back: that game, nothing kept aside
    again = write_script(tmp_path / "again.jsonl", [{"t": 20, "do": "report"}])
    done = run_kaleun("run", "--load", str(home / "autosave.json"), "--script", str(again), "--events",
                      str(tmp_path / "e.jsonl"), "--save", str(home / "autosave.json"), home=home)
    assert done.returncode == 0, done.stderr
    assert list(home.glob("autosave-*.json")) == [kept] and "was kept as" not in done.stderr, done.stderr


@pytest.mark.slow
def test_a_save_named_by_a_loop_of_links_is_written_not_a_traceback(home, tmp_path):
    """`kaleun run --save LOOP`, a link that leads to itself, ended in Python's "RuntimeError: Symlink loop" while
    the run asked whether it named the autosave; it is not the autosave, and the save is written in its place."""
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    script = write_script(tmp_path / "s.jsonl", [{"t": 10, "do": "report"}])
    done = run_kaleun("run", "--script", str(script), "--events", str(tmp_path / "e.jsonl"), "--save", str(loop),
                      home=home)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr and "RuntimeError" not in done.stderr, done.stderr
    assert open_save(loop).engine.module("mission").mission == "training"
