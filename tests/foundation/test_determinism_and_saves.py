"""Same seed + same inputs ⇒ same event log; a save half way resumes to the same log."""

from __future__ import annotations

import json

import pytest
from kaleun.core.errors import SaveError
from kaleun.saves import load_saved_game, read_state, save_game, write_atomic
from kaleun.uboot.game import load_game, new_game
from kit import play_script, read_events, run_kaleun, write_script

SCRIPT = [
    {"t": 0, "do": "place", "figure": "engineer-square", "section": 6},
    {"t": 9, "do": "turn", "dial": "telegraph", "steps": 2},
    {"t": 10, "do": "order", "order": "new_speed", "speed": "stop"},  # the lever stays at half ahead
    {"t": 30, "do": "ui", "action": "time_compression", "mode": "transit"},
    {"t": 5000, "do": "order", "order": "dive"},
    {"t": 5001, "do": "turn", "dial": "telegraph", "steps": 1},  # from the lever's half ahead: full ahead
    {"t": 9000, "do": "order", "order": "surface"},
    {"t": 20000, "do": "lift", "figure": "navigator-circle"},
    {"t": 30000, "do": "report"},
    {"t": 90000, "do": "report"},
]


def _lines(events):
    return [json.dumps(e, sort_keys=True) for e in events]


def test_same_seed_and_inputs_give_the_same_event_log(tmp_path):
    _, first = play_script(tmp_path, SCRIPT, seed=11)
    _, second = play_script(tmp_path, SCRIPT, seed=11)
    assert _lines(first) == _lines(second)
    assert len(first) > 15


def test_the_random_streams_are_seeded_and_saved():
    a, b = new_game(3), new_game(3)
    assert [a.random("x").random() for _ in range(3)] == [b.random("x").random() for _ in range(3)]
    c = new_game(4)
    assert a.random("y").random() != c.random("y").random()
    restored = load_game(json.loads(json.dumps(a.to_state())))
    assert restored.random("x").random() == a.random("x").random()


def test_saved_half_way_and_resumed_gives_the_same_event_log(tmp_path):
    """The CLI way: run the first half with --save, the rest with --load; compare to one run."""
    whole = write_script(tmp_path / "whole.jsonl", SCRIPT)
    first = write_script(tmp_path / "first.jsonl", [*SCRIPT[:5], {"t": 5000.5, "do": "end"}])
    rest = write_script(tmp_path / "rest.jsonl", SCRIPT[5:])
    save = tmp_path / "half.json"
    for args in (["--seed", "5", "--script", str(whole), "--events", str(tmp_path / "whole.events")],
                 ["--seed", "5", "--script", str(first), "--events", str(tmp_path / "first.events"),
                  "--save", str(save)],
                 ["--script", str(rest), "--events", str(tmp_path / "rest.events"), "--load", str(save)]):
        result = run_kaleun("run", *args, home=tmp_path)
        assert result.returncode == 0, result.stderr
    uninterrupted = read_events(tmp_path / "whole.events")
    resumed = read_events(tmp_path / "first.events") + read_events(tmp_path / "rest.events")
    assert _lines(resumed) == _lines(uninterrupted)
    # the table's telegraph lever was saved too: the turn after the load starts from half ahead
    assert [e["speed"] for e in uninterrupted if e["event"] == "order_accepted" and e.get("via") == "telegraph"] \
        == ["half_ahead", "full_ahead"]


def test_save_file_round_trips_the_whole_state(tmp_path):
    game, _ = play_script(tmp_path, SCRIPT[:5], seed=2)
    path = tmp_path / "game.json"
    save_game(game, path)
    loaded = load_saved_game(path)
    assert loaded.to_state() == game.to_state()
    assert loaded.module("boat").status() == game.module("boat").status()


def test_saving_is_atomic_and_leaves_no_temporary_files(tmp_path):
    path = tmp_path / "save.json"
    write_atomic(path, "old")
    write_atomic(path, "new")
    assert path.read_text() == "new"
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]



def test_a_save_that_fails_half_way_keeps_the_old_file_and_leaves_no_temporary_file(tmp_path, monkeypatch):
    """A write that fails (the storage full at fsync) leaves the old save whole and no .tmp file behind."""
    import errno
    import os

    path = tmp_path / "save.json"
    write_atomic(path, "old")

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError, match="No space left"):
        write_atomic(path, "new")
    assert path.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]

@pytest.mark.parametrize("content, message", [
    ("{not json", "the save is damaged \\(not valid JSON \\(Expecting property name"),
    # a save cut short inside a text (a power cut): said once, "starting at column", not "starting at at column"
    ('{"format": "kaleun-st', "the save is damaged \\(not valid JSON \\(Unterminated string starting at column 12\\)"),
    ('{"format": "something-else"}', "not a Kaleun save"),
    # a newer Kaleun's save says so and what to do (it said only "save version 99 is not supported")
    ('{"format": "kaleun-state", "version": 99}', "save version 99 is newer than this Kaleun reads \\(1\\): a newer "
                                                  "Kaleun wrote it; update this one to resume the game"),
    ('{"format": "kaleun-state", "version": 0}', "save version 0 is not supported \\(this Kaleun reads 1\\)"),
    ('{"format": "kaleun-state", "version": "2"}', "save version '2' is not supported"),
    ('[1, 2]', "not a JSON object"),
])
def test_a_corrupt_save_is_refused_kept_and_explained(tmp_path, content, message):
    path = tmp_path / "save.json"
    path.write_text(content)
    with pytest.raises(SaveError, match=message):
        load_saved_game(path)
    assert path.read_text() == content


def test_a_damaged_module_state_is_refused_with_the_reason(tmp_path):
    state = new_game(1).to_state()
    state["modules"]["boat"]["telegraph"] = "warp_speed"
    path = tmp_path / "save.json"
    path.write_text(json.dumps(state))
    with pytest.raises(SaveError, match="warp_speed"):
        load_saved_game(path)
    state["modules"]["boat"]["telegraph"] = "stop"
    del state["modules"]["watch"]
    with pytest.raises(SaveError, match="no state for 'watch'"):
        load_game(state)


def test_resume_with_a_corrupt_autosave_says_why_and_keeps_it(tmp_path):
    (tmp_path / "autosave.json").write_text("{half a file")
    result = run_kaleun("resume", "--console", home=tmp_path)
    assert result.returncode == 2
    assert "the save is damaged" in result.stderr and "kept" in result.stderr
    assert (tmp_path / "autosave.json").read_text() == "{half a file"


def test_read_state_names_a_missing_file(tmp_path):
    with pytest.raises(SaveError, match="no such save file"):
        read_state(tmp_path / "nothing.json")


@pytest.mark.parametrize("change, message", [
    (lambda s: s["modules"]["watch"].update(next_change=100), "is not a watch-change hour"),
    (lambda s: s["modules"]["watch"].update(next_change=float("nan")), "damaged at modules.watch.next_change"),
    (lambda s: s.update(t=float("nan")), "damaged at t: a number from 0 to 1e\\+10 was expected, found nan"),
    (lambda s: s.update(t=-5), "damaged at t: a number from 0 .* found -5"),
    (lambda s: s.update(seed=1.7), "seed 1.7 is not a whole number"),
    (lambda s: s.update(seed=float("inf")), "is not a whole number"),
    (lambda s: s["modules"]["watch"].update(changes=float("inf")), "damaged at modules.watch.changes"),
    (lambda s: s["modules"]["mission"].update(reason={"x": 1}), "modules.mission.reason: text was expected"),
    (lambda s: s.update(table=[1]), "damaged at table: an object was expected"),
])
def test_valid_json_of_the_wrong_shape_is_refused_at_load(change, message):
    state = json.loads(json.dumps(new_game(1).to_state()))
    change(state)
    with pytest.raises(SaveError, match=message):
        load_game(state)
