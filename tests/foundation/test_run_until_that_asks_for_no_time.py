"""`kaleun run --until T` keeps the game running to T after the script's last line. A T earlier than where the game
already stands (a save loaded at a later game time, or script lines timed after T) asks for no time: the run said
nothing of it, and a tester who meant to stop the loaded game earlier read only "0 events written (game time 3600
s)". It says so now on the terminal, as it says when lines or --until ask for time after the mission's end; the exit
status stays 0 (the script ran to its end)."""

from __future__ import annotations

from kaleun.saves import save_game
from kaleun.uboot.game import new_game
from kit import read_events, run_kaleun, write_script


def saved_at_an_hour(home):
    game = new_game(4, "training")
    game.advance_to(3600.0)
    save = home / "hour.json"
    save_game(game, save)
    return save


def test_until_before_the_loaded_saves_time_is_said_and_the_run_goes_no_further(home):
    save = saved_at_an_hour(home)
    script = write_script(home / "none.jsonl", [])
    done = run_kaleun("run", "--load", str(save), "--script", str(script), "--events", str(home / "out.jsonl"),
                      "--until", "100", home=home)
    assert done.returncode == 0, done.stderr
    assert (f"--until 100 s asked for no time: the save {save} was at game time 3600 s already, and a run goes on "
            "from its save, never back.") in done.stderr, done.stderr
    assert "(game time 3600 s)" in done.stderr and read_events(home / "out.jsonl") == []


def test_until_before_the_scripts_last_line_is_said(home):
    save = saved_at_an_hour(home)
    script = write_script(home / "later.jsonl", [{"t": 4000, "do": "report"}])
    done = run_kaleun("run", "--load", str(save), "--script", str(script), "--events", str(home / "out.jsonl"),
                      "--until", "3700", "--language", "de", home=home)
    assert done.returncode == 0, done.stderr
    assert ("--until 3700 s verlangte keine Zeit: Die Zeilen des Skripts brachten das Spiel bis Spielzeit 4000 s, und "
            "--until läuft erst nach der letzten Zeile weiter.") in done.stderr, done.stderr


def test_until_that_runs_on_or_stands_at_the_games_time_says_nothing_more(home):
    save = saved_at_an_hour(home)
    script = write_script(home / "none.jsonl", [])
    for until in ("3600", "3700"):
        done = run_kaleun("run", "--load", str(save), "--script", str(script), "--events", str(home / "out.jsonl"),
                          "--until", until, home=home)
        assert done.returncode == 0 and "asked for no time" not in done.stderr, done.stderr
