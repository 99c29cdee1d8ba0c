"""Same seed + same table script => the same event log, byte for byte (host/README.md, "The table script"):
whatever the process's string hashing (Python draws it anew for every process, so a set of names iterated
into an event would come out in another order), and whatever other games the same process played before
(nothing a game writes is kept beside it for the next)."""

from __future__ import annotations

import pytest
from kaleun.uboot.game import new_game
from kit import ROOT, play_script, run_kaleun

SCRIPTS = ROOT / "tests"
RUNS = {
    "night attack": ("weapons/scripts/night_attack.jsonl", ["--mission", "exercise_convoy_battle", "--seed", "0"]),
    "captain sonar": ("sonar/scripts/worked_example.jsonl",
                      ["--game", "sonar", "--scenario", "alpha", "--mode", "realtime"]),
    "escort hunt": ("sea/scripts/escort_hunt.jsonl", ["--mission", "exercise_escort", "--seed", "2"]),
}


@pytest.mark.parametrize("name", sorted(RUNS))
def test_the_event_log_does_not_depend_on_the_processs_string_hashing(tmp_path, name):
    script, options = RUNS[name]
    logs = []
    for hash_seed in ("1", "2"):
        out = tmp_path / f"events.{hash_seed}.jsonl"
        done = run_kaleun("run", "--script", str(SCRIPTS / script), "--events", str(out), *options, home=tmp_path,
                          PYTHONHASHSEED=hash_seed)
        assert done.returncode == 0, done.stderr
        logs.append(out.read_bytes())
    assert logs[0] == logs[1] and logs[0].count(b"\n") > 40


def test_a_game_plays_the_same_after_other_games_in_the_same_process(tmp_path):
    """A night attack, then a training patrol and an escort exercise, then the night attack again."""
    script = [line for line in (SCRIPTS / "weapons/scripts/night_attack.jsonl").read_text().splitlines()
              if line.startswith("{")]
    first = play_script(tmp_path, script, game=new_game(0, "exercise_convoy_battle"))[1]
    for other in ("training", "exercise_escort"):
        play_script(tmp_path, ['{"t": 3000, "do": "report"}'], game=new_game(5, other))
    again = play_script(tmp_path, script, game=new_game(0, "exercise_convoy_battle"))[1]
    assert again == first and [e["event"] for e in first].count("torpedo_hit") >= 1
