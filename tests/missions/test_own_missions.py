"""A group's own missions (host/README.md, "A group's own missions"): mission files in the missions folder of
the Kaleun home join the shipped ones (rulebook §4.1: the mission a group plays for an evening). They are
listed marked as the group's own, played by `kaleun run --mission`, saved and resumed exactly even after the
file is changed or deleted; a file with a mistake is left out with `file:line: problem` while the shipped
missions still list; an own file never takes a shipped mission's id nor joins a linked patrol."""

from __future__ import annotations

import copy
import json

import pytest
from kaleun.core.errors import CommandError, SaveError
from kaleun.uboot.game import load_game, new_game
from kaleun.uboot.missions.own import read_own
from kaleun.uboot.missions.setup import GameSetup, campaign_order, mission_lines, setup_problem
from kit import own_file, read_events, run_kaleun, write_script

WOLF_WATCH = """\
# A group's own mission: hold a square west of Ireland for two hours.
name = "Wolf watch"
summary = "Hold the square west of Ireland for two hours."
start = "1941-05-10T08:00:00"
base = "lorient"
square = "AM52"
course = 270
surfaced = true
telegraph = "stop"
weather = "fair"
traffic = "light"
air_cover = "none"
time_limit_h = 6
ends_when_met = true
briefing = \"\"\"
Hold your square for two hours: HQ wants a boat there.
\"\"\"

[[objective]]
id = "hold"
kind = "station"
square = "AM52"
hours = 2
text = "Hold square AM52 for two hours."
"""

#: the boat lies stopped in its square: the station is held and the mission won at two hours
STAY = [{"t": 0, "do": "crew_options", "rules": "advise", "wear": False}, {"t": 3000, "do": "report"},
        {"t": 9000, "do": "report"}]


def test_4_1_an_own_mission_is_listed_as_the_groups_own_and_played_to_its_end_by_a_table_script(tmp_path):
    own_file(tmp_path, "wolf_watch.toml", WOLF_WATCH)
    listed = run_kaleun("missions", home=tmp_path)
    assert listed.returncode == 0, listed.stderr
    (line,) = [row for row in listed.stdout.splitlines() if row.startswith("wolf_watch ")]
    assert "Wolf watch (from Lorient) [own mission]: Hold the square west of Ireland" in line
    assert "training " in listed.stdout and "agents_1941 " in listed.stdout  # the shipped ones as before
    rows = {row["id"]: row for row in json.loads(run_kaleun("missions", "--json", home=tmp_path).stdout)}
    assert rows["wolf_watch"]["own"].endswith("wolf_watch.toml") and rows["training"]["own"] is None
    checked = run_kaleun("missions", "check", home=tmp_path)  # without a file: the group's folder
    assert checked.returncode == 0 and "wolf_watch.toml: ok: wolf_watch: Wolf watch, 1941-05-10" in checked.stdout

    script = write_script(tmp_path / "stay.jsonl", STAY)
    done = run_kaleun("run", "--mission", "wolf_watch", "--seed", "3", "--script", str(script), "--events",
                      str(tmp_path / "out.jsonl"), home=tmp_path)
    assert done.returncode == 0, done.stderr
    events = read_events(tmp_path / "out.jsonl")
    assert events[0]["event"] == "mission_start" and events[0]["mission"] == "wolf_watch"
    (end,) = [e for e in events if e["event"] == "mission_end"]
    assert (end["result"], end["reason"], end["t"]) == ("won", "objectives_met", 7200)


@pytest.mark.parametrize("then", ["deleted", "changed"])
def test_4_1_a_saved_own_mission_resumes_exactly_after_its_file_is_deleted_or_changed(tmp_path, then):
    """The save keeps the mission's fields: the split run's events are the whole run's, although the file now
    says one hour (the station would be held at 3600 s) or is gone."""
    path = own_file(tmp_path, "wolf_watch.toml", WOLF_WATCH)
    whole = write_script(tmp_path / "whole.jsonl", STAY)
    first = write_script(tmp_path / "first.jsonl", STAY[:2])
    second = write_script(tmp_path / "second.jsonl", STAY[2:])
    common = ("--mission", "wolf_watch", "--seed", "3")
    assert run_kaleun("run", *common, "--script", str(whole), "--events", str(tmp_path / "whole.out"),
                      home=tmp_path).returncode == 0
    saved = run_kaleun("run", *common, "--script", str(first), "--events", str(tmp_path / "first.out"), "--save",
                       str(tmp_path / "save.json"), home=tmp_path)
    assert saved.returncode == 0, saved.stderr
    if then == "deleted":
        path.unlink()
    else:
        path.write_text(WOLF_WATCH.replace("hours = 2", "hours = 1"), encoding="utf-8")
    resumed = run_kaleun("run", "--load", str(tmp_path / "save.json"), "--script", str(second), "--events",
                         str(tmp_path / "second.out"), home=tmp_path)
    assert resumed.returncode == 0, resumed.stderr
    split = read_events(tmp_path / "first.out") + read_events(tmp_path / "second.out")
    assert split == read_events(tmp_path / "whole.out")
    assert [e["t"] for e in split if e["event"] == "mission_end"] == [7200]


def test_4_1_an_own_file_with_a_mistake_is_refused_by_file_and_line_and_the_shipped_missions_still_list(tmp_path):
    own_file(tmp_path, "wolf_watch.toml", WOLF_WATCH)
    broken = own_file(tmp_path, "broken.toml", WOLF_WATCH.replace("hours = 2", 'hours = "two"'))
    listed = run_kaleun("missions", home=tmp_path)
    assert listed.returncode == 0
    ids = [row.split()[0] for row in listed.stdout.splitlines()]
    assert {"training", "agents_1941", "wolf_watch"} <= set(ids) and "broken" not in ids
    assert f"kaleun: own mission file {broken} left out:\n{broken}:23: broken: objective[0].hours: must be a " \
           "number, got 'two'" in listed.stderr
    checked = run_kaleun("missions", "check", home=tmp_path)
    assert checked.returncode == 2 and f"{broken}:23: broken: objective[0].hours" in checked.stderr
    script = str(write_script(tmp_path / "s.jsonl", STAY))
    played = run_kaleun("run", "--mission", "broken", "--script", script, "--events", str(tmp_path / "out.jsonl"),
                        home=tmp_path)
    assert played.returncode == 2
    assert f"mission broken was left out: its file has mistakes:\n{broken}:23: broken: objective[0].hours" \
           in played.stderr
    assert played.stderr.count(":23: broken:") == 1  # said once, not also as a file left out
    # another mission starts, and the start says which file was left out and why
    other = run_kaleun("run", "--mission", "wolf_watch", "--script", script, "--events", str(tmp_path / "o.jsonl"),
                       home=tmp_path)
    assert other.returncode == 0
    assert f"kaleun: own mission file {broken} left out:\n{broken}:23: broken: objective[0].hours" in other.stderr


def test_4_1_a_mission_copied_to_a_file_where_the_missions_folder_belongs_is_named_not_passed_over(tmp_path):
    """Finding: `cp wolf_watch.toml ~/.config/kaleun/missions` before the folder was made copies the mission to a
    file called `missions`. `kaleun missions` then listed the shipped ones without a word, `kaleun missions check`
    said `no mission files in .../missions`, and `--mission wolf_watch` was an unknown mission. Now each of them
    says the folder is a file, and how to put the mission where it is read."""
    folder = tmp_path / "missions"
    folder.write_text(WOLF_WATCH, encoding="utf-8")
    said = f"kaleun: {folder} is a file, not a folder, so no own mission is read from it: the group's own missions " \
           "go into a folder of that name, one <id>.toml each (a file copied there before the folder was made took " \
           "its name: rename it, make the folder and move the file into it as <id>.toml)"
    listed = run_kaleun("missions", home=tmp_path)
    assert listed.returncode == 0 and "training" in listed.stdout
    assert said in listed.stderr, listed.stderr
    checked = run_kaleun("missions", "check", home=tmp_path)
    assert checked.returncode == 2 and said in checked.stderr and "no mission files" not in checked.stdout
    script = str(write_script(tmp_path / "s.jsonl", STAY))
    played = run_kaleun("run", "--mission", "wolf_watch", "--script", script, "--events", str(tmp_path / "o.jsonl"),
                        home=tmp_path)
    assert played.returncode == 2 and said in played.stderr and "unknown mission 'wolf_watch'" in played.stderr
    german = run_kaleun("missions", "check", "--language", "de", home=tmp_path)
    assert f"kaleun: {folder} ist eine Datei, kein Ordner" in german.stderr, german.stderr
    assert folder.read_text(encoding="utf-8") == WOLF_WATCH  # the mission copied there is kept as it is
    folder.unlink()  # done as the message says: the folder made, the file moved into it
    own_file(tmp_path, "wolf_watch.toml", WOLF_WATCH)
    assert "wolf_watch" in run_kaleun("missions", home=tmp_path).stdout


def test_4_1_a_mission_file_saved_with_another_ending_is_named_by_missions_check(tmp_path):
    """Finding: a mission saved by an editor as `wolf_watch.toml.txt` (or `WOLF_WATCH.TOML`) was passed over and
    `kaleun missions check` said only `no mission files in ...`. The check now names each such file and why; notes
    of the group's own (`README.txt`) are left alone."""
    txt = own_file(tmp_path, "wolf_watch.toml.txt", WOLF_WATCH)
    capitals = own_file(tmp_path, "PACK.TOML", WOLF_WATCH)
    own_file(tmp_path, "README.txt", "our missions")
    checked = run_kaleun("missions", "check", home=tmp_path)
    assert checked.returncode == 0
    for path in (capitals, txt):
        assert f"{path}: not read: the name of a mission file ends in .toml (the id is the name before it)" \
            in checked.stderr, checked.stderr
    assert "README.txt" not in checked.stderr
    german = run_kaleun("missions", "check", "--language", "de", home=tmp_path)
    assert f"{txt}: nicht gelesen" in german.stderr, german.stderr


def test_4_1_an_own_file_may_not_take_a_shipped_missions_id(tmp_path):
    mine = own_file(tmp_path, "training.toml", WOLF_WATCH)
    listed = run_kaleun("missions", home=tmp_path)
    assert f"{mine}:1: training: the id training is a shipped mission's: give the file another name" \
           in listed.stderr
    (line,) = [row for row in listed.stdout.splitlines() if row.startswith("training ")]
    assert "Training patrol" in line and "[own mission]" not in line
    checked = run_kaleun("missions", "check", str(mine), home=tmp_path)  # named, in the folder: the same rule
    assert checked.returncode == 2 and "is a shipped mission's" in checked.stderr


def test_4_3_an_own_mission_is_no_part_of_a_linked_patrol_nor_of_the_campaign():
    linked = WOLF_WATCH.replace('ends_when_met = true\n', 'ends_when_met = true\npatrol = "mine"\npart = 1\n')
    own = read_own([("missions/raid.toml", linked), ("missions/wolf_watch.toml", WOLF_WATCH)])
    assert [str(p) for p in own.refused["missions/raid.toml"]] == [
        f"missions/raid.toml:{n}: raid: {key}: a group's own mission is played as a single mission: linked patrols "
        "and the campaign use the shipped missions only" for n, key in ((15, "patrol"), (16, "part"))]
    shipped = campaign_order()
    assert campaign_order() == shipped and "wolf_watch" not in shipped
    assert "wolf_watch" in [m.id for m in mission_lines(own)]
    assert setup_problem(GameSetup(mission="wolf_watch", own=own)) is None
    assert str(setup_problem(GameSetup(mission="wolf_watch", mode="linked", own=own))) == \
        "wolf_watch is a single mission, not a part of a linked patrol"


def test_a_save_whose_own_mission_is_damaged_is_refused_naming_the_problem():
    group = read_own([("missions/wolf_watch.toml", WOLF_WATCH)])
    state = json.loads(json.dumps(new_game(3, "wolf_watch", group=group).to_state()))
    assert state["config"]["own_mission"]["file"] == "missions/wolf_watch.toml"
    # the save alone rebuilds the game: no group's missions are handed to the load
    assert load_game(copy.deepcopy(state)).config == state["config"]
    state["config"]["own_mission"]["fields"]["square"] = "ZZ99"
    with pytest.raises(SaveError, match=r"the own mission wolf_watch \(from missions/wolf_watch.toml\): square: "
                                        r"square 'ZZ99' is not on the strategic map"):
        load_game(state)


def test_4_1_the_terminals_set_up_lists_an_own_mission_and_starts_it():
    """`kaleun play --setup`: the group's own mission is on the numbered list, marked, and chosen by its id."""
    import io

    from kaleun.mission_commands import interactive_setup
    from kaleun.uboot.missions.setup import start_game

    group = read_own([("missions/wolf_watch.toml", WOLF_WATCH)])
    out = io.StringIO()
    setup = interactive_setup(io.StringIO("wolf_watch\n" + "\n" * 10), out, seed=3, own=group)
    assert "wolf_watch               10 May 1941        Wolf watch (from Lorient) [own mission]: " in out.getvalue()
    assert (setup.mission, setup.mode) == ("wolf_watch", "single")
    game = start_game(setup)
    assert game.config["own_mission"] == {"file": "missions/wolf_watch.toml",
                                          "fields": read_own([("missions/wolf_watch.toml", WOLF_WATCH)])
                                          .missions["wolf_watch"]}


def test_4_1_two_games_in_one_process_see_only_their_own_groups_missions():
    """Each game is set up with its group's own missions, handed in: a second group's missions in the same
    process (another table's game, another test) are not listed, played nor refused for the first."""
    from kaleun.uboot.missions.setup import start_game

    ours = read_own([("ours/wolf_watch.toml", WOLF_WATCH)])
    theirs = read_own([("theirs/night_run.toml", WOLF_WATCH.replace("Wolf watch", "Night run")),
                       ("theirs/broken.toml", WOLF_WATCH.replace("hours = 2", 'hours = "two"'))])
    ours_game = start_game(GameSetup(mission="wolf_watch", seed=1, own=ours))
    theirs_game = new_game(1, "night_run", group=theirs)
    assert ours_game.config["own_mission"]["file"] == "ours/wolf_watch.toml"
    assert theirs_game.config["own_mission"]["file"] == "theirs/night_run.toml"
    assert "night_run" not in [m.id for m in mission_lines(ours)]
    assert "wolf_watch" not in [m.id for m in mission_lines(theirs)]
    assert not {"wolf_watch", "night_run"} & {m.id for m in mission_lines()}  # no group's: the shipped ones
    with pytest.raises(CommandError, match="unknown mission 'night_run'"):
        new_game(1, "night_run", group=ours)
    with pytest.raises(CommandError, match="unknown mission 'wolf_watch'"):
        new_game(1, "wolf_watch")
    assert "unknown mission 'broken'" in str(setup_problem(GameSetup(mission="broken", own=ours)))
    assert "broken was left out: its file has mistakes" in str(setup_problem(GameSetup(mission="broken", own=theirs)))
    # the games built earlier play on as they were set up, whatever was set up after them
    assert load_game(json.loads(json.dumps(ours_game.to_state()))).config == ours_game.config


def test_4_1_an_own_file_with_mistakes_and_a_shipped_missions_id_is_told_every_problem_at_once(tmp_path):
    """A file of the group's own missions that lacks fields, takes a shipped mission's id and names a linked
    patrol is refused with all three kinds of mistake at once, each with its line, so the group mends it in one go
    (the check of the fields alone used to hide the id and the patrol until the fields were mended)."""
    mine = own_file(tmp_path, "training.toml", 'name = "Our training"\nsummary = "Ours."\npatrol = "ours"\n')
    want = [f"{mine}:1: training: the id training is a shipped mission's: give the file another name (the id is the "
            "file's name)",
            f"{mine}:1: training: needs the field 'start'",
            f"{mine}:1: training: needs the field 'square'",
            f"{mine}:3: training: patrol: a group's own mission is played as a single mission: linked patrols and the "
            "campaign use the shipped missions only"]
    for checked in (run_kaleun("missions", "check", home=tmp_path),
                    run_kaleun("missions", "check", str(mine), home=tmp_path)):
        assert checked.returncode == 2
        assert [row for row in checked.stderr.splitlines() if row.startswith(str(mine))] == want, checked.stderr
    listed = run_kaleun("missions", home=tmp_path)
    assert all(row in listed.stderr for row in want), listed.stderr
    broken = own_file(tmp_path, "training.toml", 'name = "Our training\n')  # not even TOML: the id is still told
    clash, toml = map(str, read_own([(str(broken), broken.read_text())]).refused[str(broken)])
    assert clash.startswith(f"{broken}:1: training: the id training is a shipped mission's") and \
        toml.startswith(f"{broken}:1: not valid TOML"), (clash, toml)


def test_4_1_a_mission_whose_par_is_nothing_is_graded_by_its_objectives_as_its_thresholds_say(tmp_path):
    """A group's own mission whose objectives bring no fame and that sets no `par_grt` has a par of 0: the
    debrief's thresholds say a score of 0 earns an S. Won with every primary objective met, it was graded F (and
    booked so in the career record); it earns what the thresholds say, capped as every mission is."""
    from kaleun.uboot.missions import scoring

    assert scoring.thresholds(0) == dict.fromkeys(scoring.ORDER, 0)
    assert scoring.grade_for(0, 0, primary_met=True, lost=False) == "S"
    assert scoring.grade_for(0, 0, primary_met=False, lost=False) == "D"
    assert scoring.grade_for(0, 0, primary_met=True, lost=True) == "F"
    own_file(tmp_path, "wolf_watch.toml", WOLF_WATCH + "fame = 0\n")
    script = write_script(tmp_path / "stay.jsonl", STAY)
    played = run_kaleun("run", "--mission", "wolf_watch", "--script", str(script), "--events",
                        str(tmp_path / "e.jsonl"), "--debrief", str(tmp_path / "d.png"), home=tmp_path)
    assert played.returncode == 0, played.stderr
    debrief = json.loads((tmp_path / "d.json").read_text(encoding="utf-8"))
    assert (debrief["result"], debrief["par"], debrief["score"], debrief["grade"]) == ("won", 0, 0, "S")


def test_4_1_the_session_of_an_own_mission_named_with_a_space_replays_from_its_first_line(tmp_path):
    """The id of a group's own mission is its file's name, which may hold a space (`wolf watch.toml`): the session
    script's first line names the `kaleun run` that replays it, and a shell must read that line as written (it said
    `--mission wolf watch`, which a shell reads as two words and `kaleun run` refuses)."""
    import shlex
    import subprocess
    import sys

    from kit import kaleun_env

    own_file(tmp_path, "wolf watch.toml", WOLF_WATCH)
    played = subprocess.run([sys.executable, "-m", "kaleun", "play", "--console", "--mission", "wolf watch"],
                            capture_output=True, text=True, input="quit\n", env=kaleun_env(tmp_path), timeout=120,
                            cwd=tmp_path)
    assert played.returncode == 0, played.stderr
    (script,) = (tmp_path / "sessions").glob("*.script.jsonl")
    head = script.read_text(encoding="utf-8").splitlines()[0]
    words = shlex.split(head.split("replay with kaleun ", 1)[1])
    assert words[:5] == ["run", "--seed", words[2], "--mission", "wolf watch"], head
    replayed = run_kaleun(*words, "--script", str(script), "--events", str(tmp_path / "replay.jsonl"), home=tmp_path)
    assert replayed.returncode == 0, replayed.stderr
    assert read_events(tmp_path / "replay.jsonl")[0]["mission"] == "wolf watch"


def test_4_1_an_own_missions_title_and_id_fit_the_career_record_that_books_them(tmp_path):
    """The career record books each mission's id and title with every game of it. A group's mission titled with
    275 characters was checked "ok", played and booked, and from then on every `kaleun career`, `--linked` and
    `--campaign` refused the whole record as damaged. A title is at most 100 characters and an own mission's id
    (its file's name) at most 64, each refused with its line; a title of 100 is booked and the record reads."""
    from kaleun.career import load_career

    long_title = own_file(tmp_path, "wolf_watch.toml", WOLF_WATCH.replace('"Wolf watch"', '"' + "W" * 101 + '"'))
    long_id = own_file(tmp_path, "w" * 65 + ".toml", WOLF_WATCH)
    checked = run_kaleun("missions", "check", home=tmp_path)
    assert checked.returncode == 2
    assert f"{long_title}:2: wolf_watch: name: must be text of at most 100 characters, got 101" in checked.stderr
    assert f"{long_id}:1: {'w' * 65}: the id is the file's name and may have at most 64 characters, not 65: give the " \
           "file a shorter name" in checked.stderr, checked.stderr
    long_id.unlink()
    own_file(tmp_path, "wolf_watch.toml", WOLF_WATCH.replace('"Wolf watch"', '"' + "W" * 100 + '"'))
    script = write_script(tmp_path / "stay.jsonl", STAY)
    played = run_kaleun("run", "--mission", "wolf_watch", "--difficulty", "captain=normal", "--script", str(script),
                        "--events", str(tmp_path / "e.jsonl"), home=tmp_path)  # a set-up option: booked
    assert played.returncode == 0 and "is booked in" in played.stderr, played.stderr
    assert load_career(tmp_path / "career.json")["missions"][0]["name"] == "W" * 100
    shown = run_kaleun("career", home=tmp_path)
    assert shown.returncode == 0 and "wolf_watch" in shown.stdout, shown.stderr


def test_4_1_a_linked_patrols_part_copied_as_step_1_says_is_played_as_the_groups_own():
    """host/README.md, "A group's own missions", step 1: from a copy of a linked patrol's part, delete the keys it
    names; done literally to every shipped part (a first part carries `patrol_name` too), the copy is taken."""
    import re

    from kit import HOST

    text = (HOST / "README.md").read_text(encoding="utf-8")
    step = re.search(r"from a copy of a linked patrol's part delete its (.*?)\(refused", text, re.S)
    assert step, "host/README.md, step 1 of \"A group's own missions\" no longer says what to delete"
    named = re.findall(r"`([a-z_]+)`", step.group(1))
    parts = sorted((HOST / "kaleun/uboot/data/missions").glob("*.toml"))
    copies = []
    for path in parts:
        lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
        if not any(re.match(r"patrol\s*=", line) for line in lines):
            continue
        kept = "".join(line for line in lines if not any(re.match(rf"{key}\s*=", line) for key in named))
        copies.append((f"missions/my_{path.name}", kept))
    assert len(copies) >= 4  # both parts of both shipped linked patrols
    own = read_own(copies)
    assert not own.refused, "\n".join(str(p) for problems in own.refused.values() for p in problems)
    assert len(own.missions) == len(copies)


def test_4_1_a_file_checked_before_it_is_copied_into_the_folder_is_told_what_would_keep_it_out(tmp_path):
    """host/README.md, "A group's own missions", step 2: a file checked where it was written says `ok` as any
    mission file does and then what would keep it out of the own folder; copied there, it is left out for exactly
    that. A file that would be taken is told nothing more, and so is a shipped mission's own file."""
    from kit import HOST

    linked = WOLF_WATCH.replace('ends_when_met = true\n', 'ends_when_met = true\npatrol = "mine"\npart = 1\n')
    draft = tmp_path / "raid.toml"
    draft.write_text(linked, encoding="utf-8")
    checked = run_kaleun("missions", "check", str(draft), home=tmp_path)
    assert checked.returncode == 0 and f"{draft}: ok: raid: Wolf watch" in checked.stdout
    said = [f"{draft}:{n}: raid: {key}: a group's own mission is played as a single mission: linked patrols and the "
            "campaign use the shipped missions only" for n, key in ((15, "patrol"), (16, "part"))]
    assert checked.stderr == (f"note: {draft}: as a group's own mission (a file in {tmp_path / 'missions'}) it would "
                              "be left out:\n" + "\n".join(said) + "\n")
    copied = own_file(tmp_path, "raid.toml", linked)
    listed = run_kaleun("missions", home=tmp_path)
    assert f"kaleun: own mission file {copied} left out:\n{copied}:15: raid: patrol:" in listed.stderr
    german = run_kaleun("missions", "check", "--language", "de", str(draft), home=tmp_path)
    assert german.stderr.startswith(f"Hinweis: {draft}: als eigene Mission einer Gruppe (eine Datei in ")
    good = tmp_path / "wolf_watch.toml"
    good.write_text(WOLF_WATCH, encoding="utf-8")
    shipped = HOST / "kaleun/uboot/data/missions/sc_convoy_1940.toml"
    for quiet in (good, shipped):
        checked = run_kaleun("missions", "check", str(quiet), home=tmp_path)
        assert checked.returncode == 0 and checked.stderr == "" and ": ok: " in checked.stdout
