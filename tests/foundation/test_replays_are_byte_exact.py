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


def test_the_rules_data_every_game_shares_is_as_its_files_say_after_games_were_played(tmp_path):
    """The rules tables are read once per process and shared by every game: no game may write into them (the
    next game would play by the changed rules), nor into the shipped missions."""
    import tomllib
    from importlib import resources

    from kaleun.sonar import data as sonar_data
    from kaleun.sonar.game import new_game as new_sonar_game
    from kaleun.uboot import data as uboot_data
    from kaleun.uboot.missions.catalogue import catalogue
    from sonar.sonarkit import SCRIPTS as SONAR_SCRIPTS
    from sonar.sonarkit import run_lines

    night = [line for line in (SCRIPTS / "weapons/scripts/night_attack.jsonl").read_text().splitlines()
             if line.startswith("{")]
    play_script(tmp_path, night, game=new_game(0, "exercise_convoy_battle"))
    play_script(tmp_path, ['{"t": 90000, "do": "report"}'], game=new_game(1, "agents_1941"))
    example = [line for line in (SONAR_SCRIPTS / "worked_example.jsonl").read_text().splitlines()
               if line.startswith("{")]
    run_lines(example, tmp_path, game=new_sonar_game(0, "alpha", "realtime"))
    for package in (uboot_data, sonar_data):
        for entry in resources.files(package.__name__).iterdir():
            if entry.name.endswith(".toml"):
                assert package.load(entry.name[:-5]) == tomllib.loads(entry.read_text(encoding="utf-8")), entry.name
    assert catalogue().missions == catalogue.__wrapped__().missions
