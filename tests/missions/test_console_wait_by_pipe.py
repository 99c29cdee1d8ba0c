"""Issue 9 (objectives and HQ) played from a pipe: a console fed from a file or a pipe reads every line at once, so a
tester needs a way to let the game's time pass between lines, as a table script's `t` does (host/README.md, "Table
scripts"). `wait` is that way: for a while, until the ship's clock reads a time, until the next feed line, or to a
game time; the session's script it leaves replays to the same event log."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from kaleun.uboot.game import new_game
from kaleun.ui.alarms import ALARMS
from kit import console_typed, kaleun_env, read_events, run_kaleun


def _piped(home: Path, *lines: str, mission: str = "shadow_1941", seed: int | None = None,
           language: str = "en") -> subprocess.CompletedProcess[str]:
    seeded = ["--seed", str(seed)] if seed is not None else []
    return subprocess.run([sys.executable, "-m", "kaleun", "play", "--console", "--mission", mission, *seeded,
                           "--language", language],
                          input="".join(f"{line}\n" for line in lines), capture_output=True, text=True,
                          env=kaleun_env(home), timeout=300, cwd=home)


def test_a_piped_console_waits_for_hqs_signal_then_decodes_it_and_replays_the_same(home: Path) -> None:
    """§ missions/HQ: `wait signal through` lets the time pass to HQ's first coded signal (through any alarm), so
    `enigma` decodes it; the session's script, run by `kaleun run` to where the game ran, gives the console's event
    log byte for byte."""
    done = _piped(home, "time transit", "wait signal through", "enigma", "wait 2h through", "quit", seed=3)
    assert done.returncode == 0, done.stderr
    assert "no coded signal is waiting" not in done.stdout
    assert "Waited until what was waited for came, at" in done.stdout
    assert "HQ (m1):" in done.stdout  # the signal decoded: its text in the feed
    sessions = home / "sessions"
    played = next(sessions.glob("*.events.jsonl"))
    events = read_events(played)
    states = [e["state"] for e in events if e["event"] == "radio_message" and e["message"] == "m1"]
    assert states[:2] == ["received", "decoded"], states
    _replays(home)


def _replays(home: Path) -> None:
    """The session's script, run by `kaleun run` to where the game ran, gives the console's event log byte for
    byte."""
    sessions = home / "sessions"
    script = next(sessions.glob("*.script.jsonl"))
    played = next(sessions.glob("*.events.jsonl"))
    last = script.read_text(encoding="utf-8").splitlines()[-1]
    until = last.split("--until ")[1].split(" ")[0]
    header = script.read_text(encoding="utf-8").splitlines()[0].split("kaleun run ")[1].split()
    replay = home / "replay.jsonl"
    ran = run_kaleun("run", *header, "--script", str(script), "--events", str(replay), "--until", until, home=home)
    assert ran.returncode == 0, ran.stderr
    assert replay.read_text(encoding="utf-8") == played.read_text(encoding="utf-8")


def _waited_to(said: str) -> float:
    """The game time a wait ended at, as the console said it."""
    found = re.search(r"The wait stopped at [^(]+\(game time (\d+) s\): alarm, (\w[\w ]*)\.", said)
    assert found is not None, said
    return float(found[1])


def test_a_wait_stops_at_the_first_alarm_says_which_and_replays_the_same(home: Path) -> None:
    """Issue 10 §9: a `wait 3d` on the stopped boat of the torpedo crisis stops at the first alarm (the window's
    alarms: gunfire, a contact, ...) as the time compression drops to real time, says which and when, and leaves
    the boat to the crew; the orders typed after it run there; the session's script replays to the same log."""
    done = _piped(home, "wait 3d", "speed full_ahead", "quit", mission="torpedo_crisis_1940", seed=1)
    assert done.returncode == 0, done.stderr
    stopped = _waited_to(done.stdout)
    assert stopped < 3 * 86_400
    kinds = [kind.word.template for kind in ALARMS]
    alarm = done.stdout.split("): alarm, ")[1].split(".")[0]
    assert alarm in kinds, alarm
    events = read_events(next((home / "sessions").glob("*.events.jsonl")))
    raising = {name for kind in ALARMS for name, _ in kind.raised_by}
    first = next(e for e in events if e["event"] in raising)
    ordered = next(e for e in events if e.get("via") == "console")
    assert round(first["t"]) == stopped and ordered["t"] == first["t"], (first, ordered)  # the order came there
    _replays(home)


def test_a_wait_through_runs_past_every_alarm_for_testers(home: Path) -> None:
    """`wait 3d through` (a tester's wait, `alarms=through`) runs on through every alarm: the mission's two days
    end with no stop on the way."""
    done = _piped(home, "wait 3d through", "quit", mission="torpedo_crisis_1940", seed=1)
    assert done.returncode == 0, done.stderr
    assert "The wait stopped at" not in done.stdout
    assert "The mission is over at" in done.stdout


def test_wait_reads_a_while_a_clock_time_and_a_game_time_and_refuses_what_it_cannot_read() -> None:
    """`wait 2h` runs two hours, `wait 06:00` to the ship's clock's next 06:00, `wait at=SECONDS` to a table script's
    t, `wait feed` to the next feed line; a wait it cannot read, or into the past, is refused with the ways to write
    it and changes nothing."""
    game = new_game(0)
    start = game.t
    said = console_typed("en", "wait 2h", game=game)
    assert game.t == start + 7200 and "Waited until" in said
    said = console_typed("en", "wait 06:00", game=game)
    assert game.now_iso.endswith("T06:00:00") and game.t > start + 7200
    at = game.t + 600
    console_typed("en", f"wait at={at:.0f}", game=game)
    assert game.t == at
    said = console_typed("en", "wait feed", game=game)
    assert "Waited until what was waited for came" in said and game.t > at  # the next bell, at the latest
    at = game.t
    for typed, problem in (("wait 3x", "cannot read '3x'"), ("wait", "write how long"),
                           ("wait at=5", "the game is at"), ("wait 25:00", "no time of the ship's clock"),
                           ("wait 400d", "at most one year")):
        said = console_typed("en", typed, game=game)
        assert problem in said and game.t == at, (typed, said)


def test_wait_is_typed_in_the_tables_language() -> None:
    """Issue 10 §11: the console's commands in German and Russian: `warten 30m`, `ждать 30m`."""
    for language, word in (("de", "warten"), ("ru", "ждать")):
        game = new_game(0)
        console_typed(language, f"{word} 30m", game=game)
        assert game.t == 1800, language


def test_through_is_read_wherever_it_is_typed() -> None:
    """`wait through 30m`, `wait at=SECONDS through` and `warten 30m through` (a German table) run as `wait 30m
    through` does, never refused as a while it cannot read or as "how long and at= both"."""
    for language, typed in (("en", "wait through 30m"), ("en", "wait at=1800 through"), ("de", "warten 30m through"),
                            ("en", "wait at=1800 stop")):
        game = new_game(0)
        said = console_typed(language, typed, game=game)
        assert game.t == 1800, (typed, said)


def test_a_german_table_is_told_of_the_alarm_in_its_words(home: Path) -> None:
    """Issue 10 §11/§9: at a German table the stop says the alarm and the way to run through it in the table's words
    (`warten ... through`), as `help warten` lists the field."""
    done = _piped(home, "warten 3d", mission="torpedo_crisis_1940", seed=1, language="de")
    assert done.returncode == 0, done.stderr
    assert "Das Warten hielt um 1940-04-15 23:25:34 an" in done.stdout, done.stdout
    assert "Alarm, Artilleriefeuer." in done.stdout  # the window's alarm word in German
    assert "(warten ... through " in done.stdout, done.stdout
