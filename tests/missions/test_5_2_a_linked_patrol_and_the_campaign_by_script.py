"""A group that plays only by table script plays a linked patrol (rulebook §5.2) and the campaign (§4.3) as a
console group does: `kaleun run --linked` / `--campaign` start the game from the career record through the set-up
of `kaleun play`, and a mission that ends in the run is booked as the table books it. host/README.md's worked
example (two evenings of autumn_1940, then `kaleun career`) is run as written."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
from pathlib import Path

from kaleun.career import load_career
from kaleun.saves import load_saved_game
from kit import HOST, kaleun_env, read_events, run_kaleun, write_script

SCRIPTS = Path(__file__).resolve().parent / "scripts"
TOP = HOST.parent
README_CAREER = "/home/pi/.local/state/kaleun/career.json"
DATE = re.compile(r"^  \d{1,2} \w{3} \d{4} ")


def readme_example() -> list[tuple[str, list[str]]]:
    """The worked example's commands, each with the lines it prints."""
    text = (HOST / "README.md").read_text(encoding="utf-8")
    section = text[text.index("### A linked patrol or the campaign played by script"):]
    block = re.search(r"```\n(\$ kaleun.*?)```", section, re.S)
    assert block is not None
    steps: list[tuple[str, list[str]]] = []
    for line in block.group(1).splitlines():
        if line.startswith("$ "):
            steps.append((line[2:], []))
        else:
            steps[-1][1].append(line)
    return steps


def test_5_2_the_readme_example_two_evenings_of_a_linked_patrol_by_script_then_the_career(home):
    steps = readme_example()
    assert [cmd.split()[:2] for cmd, _ in steps] == [["kaleun", "run"], ["kaleun", "career"]] * 2
    career = str(home / "career.json")
    for command, shown in steps:
        args = shlex.split(command)[1:]
        if "--events" in args:  # written into the test's home, not the checkout
            args[args.index("--events") + 1] = str(home / args[args.index("--events") + 1])
        result = subprocess.run([sys.executable, "-m", "kaleun", *args], capture_output=True, text=True,
                                env=kaleun_env(home), timeout=120, cwd=TOP)
        assert result.returncode == 0, result.stderr
        said = result.stdout if args[0] == "career" else result.stderr
        got = [DATE.sub("  14 Mar 2025 ", line) for line in said.splitlines() if not line.startswith("INFO ")]
        assert got == [line.replace(README_CAREER, career) for line in shown], command
    record = load_career()
    assert [(m["mission"], m["mode"], m["grade"]) for m in record["missions"]] == [
        ("sc_convoy_1940", "linked", "C"), ("weather_1940", "linked", "A")]
    assert record["patrol"] is None  # the patrol is over
    second = read_events(home / "evening2.jsonl")
    carried = next(e for e in second if e["event"] == "carried_over")
    assert (carried["mission"], carried["torpedoes"], carried["kits"]) == ("sc_convoy_1940", 10, 1)
    # the README's words for it, and the career's line for the patrol says the same torpedoes and fuel
    text = " ".join((HOST / "README.md").read_text(encoding="utf-8").split())
    assert f'`carried_over` "{carried["feed"]}"' in text
    assert "10 torpedoes left, fuel 87 %." in steps[1][1][1] and "Fuel left: 87 %." in carried["feed"]
    assert second[0]["event"] == "mission_start" and second[0]["mission"] == "weather_1940"


def test_5_2_an_evening_cut_short_goes_on_from_its_save_and_is_booked_when_the_part_ends(home):
    """Part 1 of autumn_1940 played in two runs (--save, then --load): booked once, when it ends, as linked, and
    the same as the part played in one run. A third run from the ended save plays nothing and says so, with the
    command the patrol goes on with by script."""
    lines = [line for line in (SCRIPTS / "sc_convoy_1940.win.jsonl").read_text(encoding="utf-8").splitlines()
             if line.strip() and not line.startswith(("#", "//"))]
    cut = 100000.0
    first = write_script(home / "first.jsonl", [x for x in lines if float(re.search(r'"t": ([0-9.e+]+)', x)[1]) < cut]
                         + [{"t": cut, "do": "end"}])
    rest = write_script(home / "rest.jsonl", [x for x in lines if float(re.search(r'"t": ([0-9.e+]+)', x)[1]) >= cut])
    save = home / "part1.json"
    result = run_kaleun("run", "--linked", "--mission", "sc_convoy_1940", "--script", str(first), "--events",
                        str(home / "a.jsonl"), "--save", str(save), home=home)
    assert result.returncode == 0, result.stderr
    assert "booked" not in result.stderr and not (home / "career.json").exists()  # the part goes on
    assert load_saved_game(save).config["changes"]["setup"]["mode"] == "linked"
    result = run_kaleun("run", "--load", str(save), "--script", str(rest), "--events", str(home / "b.jsonl"),
                        "--save", str(save), home=home)
    assert result.returncode == 0, result.stderr
    assert "kaleun run: the mission's result (won, grade C) is booked in" in result.stderr
    record = load_career()
    assert [(m["mission"], m["mode"], m["score"]) for m in record["missions"]] == [("sc_convoy_1940", "linked", 1688)]
    assert record["patrol"]["next"] == "weather_1940"
    # run on again: the clock stands at the end, and the booked game is not booked again
    again = run_kaleun("run", "--load", str(save), "--script", str(write_script(home / "c.jsonl", [])), "--events",
                       str(home / "c.events.jsonl"), home=home)
    assert again.returncode == 0 and "booked" not in again.stderr, again.stderr
    assert len(load_career()["missions"]) == 1
    # ... and the run says so, with how the patrol goes on by script: the next evening is --linked, not --load
    assert (f"kaleun run: the mission in {save} was over before the run (won: the patrol time ran out) and cannot be "
            "played on.") in again.stderr, again.stderr
    assert ("kaleun run: the linked patrol Autumn 1940 goes on with Weather boat: kaleun run --linked --script SCRIPT "
            "--events EVENTS.") in again.stderr


def test_4_3_the_campaign_by_script_starts_with_its_first_mission_and_goes_on(home):
    result = run_kaleun("run", "--campaign", "--script", str(SCRIPTS / "prize_rules_1939.win.jsonl"), "--events",
                        str(home / "ev.jsonl"), home=home)
    assert result.returncode == 0, result.stderr
    assert "is booked in" in result.stderr
    assert read_events(home / "ev.jsonl")[0]["mission"] == "prize_rules_1939"
    campaign = load_career()["campaign"]
    assert (campaign["state"], campaign["done"], campaign["next"]) == ("running", ["prize_rules_1939"],
                                                                        "minefield_1939")
    wrong = run_kaleun("run", "--campaign", "--mission", "t5_1943", "--script", str(SCRIPTS / "t5_1943.win.jsonl"),
                       "--events", str(home / "ev2.jsonl"), home=home)
    assert wrong.returncode == 2
    assert "kaleun run: the campaign goes on with minefield_1939, not t5_1943" in wrong.stderr


def test_a_replay_from_mission_or_changes_leaves_the_career_as_it_is(home):
    result = run_kaleun("run", "--mission", "weather_1940", "--script", str(SCRIPTS / "weather_1940.win.jsonl"),
                        "--events", str(home / "ev.jsonl"), home=home)
    assert result.returncode == 0, result.stderr
    assert any(e["event"] == "mission_end" for e in read_events(home / "ev.jsonl"))
    assert "booked" not in result.stderr and not (home / "career.json").exists()


def test_the_set_up_options_of_a_run_that_do_not_fit_are_refused_by_name(home):
    script = write_script(home / "s.jsonl", [{"t": 0, "do": "report"}])
    events = str(home / "ev.jsonl")
    cases = [
        (("--linked",), "kaleun run: no linked patrol is in progress: name the mission to start one with (--mission "
                        "with a linked patrol's first part: sc_convoy_1940, shadow_1941)"),
        (("--linked", "--mission", "sc_convoy_1940", "--changes", "{}"),
         "kaleun run: --changes replays a game as it was set up; --linked, --campaign, --difficulty and --easy-watch "
         "set a new one up from the career record: give one or the other"),
        (("--load", str(home / "x.json"), "--campaign"),
         "kaleun run: --seed, --mission and the game's options come from the save when --load is given"),
        (("--linked", "--mission", "training"), "kaleun run: training is a single mission, not a part of a linked "
                                                 "patrol"),
        (("--game", "sonar", "--campaign"),
         "kaleun run: --campaign is a U-BOOT option (missions, linked patrols, the campaign and their difficulties); "
         "a Captain Sonar game is set up with --scenario, --mode and --crew"),
    ]
    for options, said in cases:
        result = run_kaleun("run", *options, "--script", str(script), "--events", events, home=home)
        assert result.returncode == 2 and result.stderr.strip() == said, (options, result.stderr)
    assert not (home / "career.json").exists()


def test_4_3_a_run_a_bad_line_stops_books_nothing_and_the_mended_script_books_the_mission(home):
    """A typo after the end stops the run (`FILE:LINE: problem`): nothing is booked (the linked patrol in progress
    is as it was); the mended script plays the same game and books it."""
    lines = [line for line in (SCRIPTS / "prize_rules_1939.win.jsonl").read_text(encoding="utf-8").splitlines()
             if '"do": "end"' not in line]  # a typo after the mission's end: the run stops there
    bad = write_script(home / "bad.jsonl", [*lines, '{"t": 9999999, "do": "order", "order": "new_sped"}'])
    result = run_kaleun("run", "--linked", "--mission", "sc_convoy_1940", "--script",
                        str(SCRIPTS / "sc_convoy_1940.win.jsonl"), "--events", str(home / "ok.jsonl"), home=home)
    assert result.returncode == 0, result.stderr
    broken = run_kaleun("run", "--campaign", "--script", str(bad), "--events", str(home / "ev.jsonl"), home=home)
    assert broken.returncode == 2 and f"{bad}:{len(lines) + 1}:" in broken.stderr, broken.stderr
    assert "booked" not in broken.stderr
    assert [m["mission"] for m in load_career()["missions"]] == ["sc_convoy_1940"]
    # mended: the campaign's first mission again, the same game as the broken run played up to its end
    again = run_kaleun("run", "--campaign", "--script", str(SCRIPTS / "prize_rules_1939.win.jsonl"), "--events",
                       str(home / "mended.jsonl"), home=home)
    assert again.returncode == 0 and "is booked in" in again.stderr, again.stderr
    mended = (home / "mended.jsonl").read_text(encoding="utf-8").splitlines()
    assert (home / "ev.jsonl").read_text(encoding="utf-8").splitlines()[:len(mended)] == mended
    record = load_career()
    assert [m["mission"] for m in record["missions"]] == ["sc_convoy_1940", "prize_rules_1939"]
    assert record["campaign"]["done"] == ["prize_rules_1939"] and record["patrol"]["next"] == "weather_1940"


def test_4_3_a_record_that_cannot_be_written_at_the_end_fails_the_run_and_kaleun_resume_books_the_save_later(home):
    """The record damaged while an evening's part ran: the run writes its events and its save, says why the result
    was not booked and how it will be (exit status 1); `kaleun resume --save` books it once the record is mended."""
    save = home / "part1.json"
    lines = [line for line in (SCRIPTS / "sc_convoy_1940.win.jsonl").read_text(encoding="utf-8").splitlines()
             if line.strip() and not line.startswith("#")]
    first = [line for line in lines if line.startswith('{"t": 0.0,')]
    started = run_kaleun("run", "--linked", "--mission", "sc_convoy_1940", "--script",
                         str(write_script(home / "a.jsonl", first)), "--events", str(home / "a.events.jsonl"),
                         "--save", str(save), home=home)
    assert started.returncode == 0, started.stderr
    (home / "career.json").write_text('{"format": "kaleun-career"', encoding="utf-8")
    ended = run_kaleun("run", "--load", str(save), "--script", str(write_script(home / "b.jsonl", lines[len(first):])),
                       "--events", str(home / "b.events.jsonl"), "--save", str(save), home=home)
    assert ended.returncode == 1
    assert ended.stderr.startswith("kaleun run: the mission's result could not be booked in the career record: "), \
        ended.stderr
    assert "the career record is damaged" in ended.stderr
    assert f"; once the record can be written, kaleun resume --save {save} books it" in ended.stderr
    assert load_saved_game(save).module("mission").over
    (home / "career.json").unlink()
    resumed = run_kaleun("resume", "--save", str(save), home=home)
    assert "is booked in" in resumed.stderr, resumed.stderr
    assert [m["mission"] for m in load_career()["missions"]] == ["sc_convoy_1940"]
