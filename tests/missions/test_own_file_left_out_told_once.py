"""A group's own mission file with a mistake at the start of a game (host/README.md, "A group's own missions";
rulebook §4.1, the mission a group plays for an evening): `kaleun play --mission ID` with that file's id is refused
with the file's lines, said once; a file named as a shipped mission is told when the shipped one is played."""

from __future__ import annotations

from kit import own_file, run_kaleun

BROKEN = 'name = "Broken"\nsummary = "s"\nbriefing = "b"\nstart = "1941-05-10T12:00:00"\nsquare = "BF4"\n'


def test_4_1_play_with_a_broken_own_mission_says_its_problem_once(home):
    broken = own_file(home, "broken.toml", BROKEN)
    for options in ((), ("--difficulty", "captain=hard"), ("--linked",)):
        played = run_kaleun("play", "--console", "--mission", "broken", *options, home=home)
        assert played.returncode == 2, played.stderr
        assert f"kaleun: mission broken was left out: its file has mistakes:\n{broken}:5: broken: square:" \
            in played.stderr
        assert played.stderr.count(":5: broken: square:") == 1, (options, played.stderr)


def test_4_1_an_own_file_named_as_a_shipped_mission_is_told_when_the_shipped_one_is_played(home):
    mine = own_file(home, "training.toml", BROKEN)
    script = home / "s.jsonl"
    script.write_text('{"t": 0, "do": "end"}\n', encoding="utf-8")
    played = run_kaleun("run", "--mission", "training", "--script", str(script), "--events", str(home / "e.jsonl"),
                        home=home)
    assert played.returncode == 0, played.stderr
    assert f"kaleun: own mission file {mine} left out:" in played.stderr  # the shipped training is played
    assert played.stderr.count(f"{mine} left out") == 1
