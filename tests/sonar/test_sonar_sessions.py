"""Captain Sonar through the program's interfaces: saves, determinism, the command line, the consoles."""

from __future__ import annotations

import io
import json
import os
import pty
import random
import re
import select
import time
from pathlib import Path

import pytest
from kaleun.core.errors import SaveError
from kaleun.games import load_game
from kaleun.runtime.loop import Runtime
from kaleun.saves import load_saved_game, save_game
from kaleun.sonar.game import new_game, referee
from kaleun.ui.sonar_console import TeamConsole
from kaleun.ui.sonar_session import make_sonar_runtime
from kit import Terminal, run_kaleun, write_script
from random_sonar import play_random
from sonarkit import SCRIPTS, read_json_lines, run_lines

EXAMPLE = SCRIPTS / "worked_example.jsonl"
SONAR = ("--game", "sonar", "--scenario", "alpha", "--mode", "realtime")


# -- saves and determinism -------------------------------------------------------------------
def test_the_same_seed_and_script_give_the_same_event_log_byte_for_byte(tmp_path):
    for name in ("a", "b"):
        done = run_kaleun("run", *SONAR, "--seed", "7", "--script", str(EXAMPLE), "--events", str(tmp_path / name),
                          home=tmp_path)
        assert done.returncode == 0, done.stderr
    assert (tmp_path / "a").read_bytes() == (tmp_path / "b").read_bytes()


def test_a_run_split_by_save_and_load_gives_the_same_events(tmp_path):
    lines = [line for line in EXAMPLE.read_text().splitlines() if line.startswith("{")]
    first, rest = tmp_path / "first.jsonl", tmp_path / "rest.jsonl"
    first.write_text("\n".join(lines[:9]) + "\n")
    rest.write_text("\n".join(lines[9:]) + "\n")
    whole = run_kaleun("run", *SONAR, "--script", str(EXAMPLE), "--events", str(tmp_path / "whole.events"),
                       home=tmp_path)
    part1 = run_kaleun("run", *SONAR, "--script", str(first), "--events", str(tmp_path / "1.events"),
                       "--save", str(tmp_path / "save.json"), home=tmp_path)
    part2 = run_kaleun("run", "--load", str(tmp_path / "save.json"), "--script", str(rest), "--events",
                       str(tmp_path / "2.events"), home=tmp_path)
    assert whole.returncode == part1.returncode == part2.returncode == 0, part2.stderr
    joined = read_json_lines(tmp_path / "1.events") + read_json_lines(tmp_path / "2.events")
    assert joined == read_json_lines(tmp_path / "whole.events")


@pytest.mark.parametrize("mode", ["turn", "realtime"])
def test_a_saved_game_resumes_exactly_where_it_stood(mode):
    for seed in range(3):
        game = new_game(seed, "echo", mode, crews=[3, 4])
        play_random(game, random.Random(seed), moves=30)
        state = json.loads(json.dumps(game.to_state()))
        copy = load_game(state)
        assert copy.to_state() == game.to_state()
        rng_a, rng_b = random.Random(99), random.Random(99)
        _, more_a = play_random(game, rng_a, moves=60)
        _, more_b = play_random(copy, rng_b, moves=60)
        assert [e.to_json() for e in more_a] == [e.to_json() for e in more_b]


def test_a_damaged_sonar_save_is_refused_with_the_reason(tmp_path):
    game = new_game(1, "alpha", "turn")
    game.apply({"do": "start", "team": "yellow", "cell": "B2"})
    state = json.loads(json.dumps(game.to_state()))
    state["modules"]["sonar"]["teams"]["yellow"]["route"] = ["Z99"]
    path = tmp_path / "save.json"
    path.write_text(json.dumps(state))
    with pytest.raises(SaveError, match="'Z99' is not a cell"):
        load_saved_game(path)
    state = json.loads(json.dumps(game.to_state()))
    state["config"]["scenario"] = "zulu"
    with pytest.raises(SaveError, match="unknown scenario 'zulu'"):
        load_game(state)
    save_game(game, path)
    assert load_saved_game(path).to_state() == game.to_state()


def _under_way() -> dict:
    game = new_game(1, "alpha", "realtime")
    for line in ({"do": "start", "team": "yellow", "cell": "A1"}, {"do": "start", "team": "blue", "cell": "O15"},
                 {"do": "course", "team": "yellow", "direction": "E"}):
        game.apply(line)
    return json.loads(json.dumps(game.to_state()))


@pytest.mark.parametrize("field, value, reason", [
    (("teams", "blue", "position"), None, "teams.blue.position: a game under way needs both boats' cells"),
    (("teams", "blue", "position"), "D2", "teams.blue.position: D2 is not a sea cell of the map"),
    (("teams", "yellow", "route"), ["A1"], "teams.yellow.route: the route ends where the boat is (B1)"),
    (("teams", "yellow", "gauges", "mine"), 9, "teams.yellow.gauges.mine: 9 boxes marked, the gauge has 3"),
    (("teams", "yellow", "crossed"), ["E1", "E2", "E3", "E4", "E5", "E6"],
     "teams.yellow.crossed: a full section or reactor gives damage and is erased at once"),
    (("teams", "yellow", "repairs"), {"1": "cook"},
     "teams.yellow.repairs.1: hull sections 1 to 4, outlined by the crew"),
    (("turns", "sonar"), ["yellow", "yellow"], "turns.sonar: a sonar answer is awaited by one team from the other"),
])
def test_a_save_whose_fields_do_not_hold_together_is_refused(field, value, reason):
    """A hand-made or damaged save that holds a game the rules never reach is refused when it loads,
    naming the field: a boat without a cell in a game under way stopped the game at its next course
    (an assertion), a fully crossed section held it for ever (no symbol left to cross)."""
    state = _under_way()
    part = state["modules"]["sonar"]
    for key in field[:-1]:
        part = part[key]
    part[field[-1]] = value
    with pytest.raises(SaveError, match=re.escape(f"the save is damaged at modules.sonar.{reason}")):
        load_game(state)
    assert load_game(_under_way()).to_state() == _under_way()


# -- the command line ------------------------------------------------------------------------
@pytest.mark.parametrize("args, message", [
    (("--game", "sonar", "--mission", "training"), "--mission is a U-BOOT option; Captain Sonar takes --scenario"),
    (("--scenario", "alpha"), "--scenario is for --game sonar"),
    (("--events-for", "yellow"), "--events-for is for --game sonar"),
    (("--game", "sonar", "--scenario", "zulu"), "unknown scenario 'zulu' (known: alpha, bravo, charlie, delta, echo)"),
    (("--game", "sonar", "--crew", "5"), "a crew has 2 to 4 players, got 5 for yellow"),
    (("--game", "sonar", "--crew", "4,2"), "crews of 4 and 2 players are not a line-up of the rules"),
    (("--game", "sonar", "--crew", "x"), "--crew takes the players of yellow and blue"),
    (("--game", "sonar", "--crew", "4" * 5000), "--crew takes the players of yellow and blue"),
    (("--game", "sonar", "--board", "boards/sim.toml"), "--board is a U-BOOT option"),
    (("--training-aid",), "--training-aid is for --game sonar"),
    (("--game", "sonar", "--changes", "{}"), "--changes is a U-BOOT option (a mission's fields)"),
    (("--game", "sonar", "--debrief", "x.png"), "--debrief is a U-BOOT option (a mission's debrief chart)"),
])
def test_options_that_do_not_fit_the_game_are_refused(tmp_path, args, message):
    script = write_script(tmp_path / "s.jsonl", [{"t": 0, "do": "report"}])
    done = run_kaleun("run", *args, "--script", str(script), "--events", str(tmp_path / "e"), home=tmp_path)
    assert done.returncode == 2 and message in done.stderr, done.stderr


def test_a_bad_script_line_names_file_and_line(tmp_path):
    script = write_script(tmp_path / "s.jsonl", [
        {"t": 0, "team": "yellow", "do": "start", "cell": "B2"},
        {"t": 1, "team": "green", "do": "start", "cell": "B2"},
    ])
    done = run_kaleun("run", *SONAR, "--script", str(script), "--events", str(tmp_path / "e"), home=tmp_path)
    assert done.returncode == 2
    assert f"{script}:2: start: team 'green' is not one of: yellow, blue" in done.stderr
    script = write_script(tmp_path / "t.jsonl", [{"t": 0, "do": "press", "button": "pause"}])
    done = run_kaleun("run", *SONAR, "--script", str(script), "--events", str(tmp_path / "e"), home=tmp_path)
    assert done.returncode == 2 and f"{script}:1: press: the Captain Sonar table has no figures" in done.stderr


def test_uboot_runs_as_before(tmp_path):
    script = write_script(tmp_path / "s.jsonl", [{"t": 0, "do": "report"}])
    done = run_kaleun("run", "--script", str(script), "--events", str(tmp_path / "e"), "--seed", "2", home=tmp_path)
    assert done.returncode == 0, done.stderr
    events = read_json_lines(tmp_path / "e")
    assert events[0]["event"] == "mission_start" and all("audience" not in e for e in events)


# -- the consoles ----------------------------------------------------------------------------
@pytest.fixture
def consoles(home):
    game = new_game(4, "alpha", "turn")
    runtime: Runtime = make_sonar_runtime(game)
    outs = {team: io.StringIO() for team in ("yellow", "blue")}
    seats = {team: TeamConsole(runtime, team, io.StringIO(), outs[team], interactive=False) for team in outs}
    runtime.step()
    yield runtime, seats, outs
    runtime.close()


def test_each_console_shows_only_its_teams_view(consoles):
    runtime, seats, outs = consoles
    first = "yellow"
    seats["yellow"].handle("start B2")
    seats["blue"].handle("start N12")
    runtime.step()
    first = referee(runtime.game).turns.current
    seats[first].handle("n" if first == "blue" else "e")
    seats[first].handle("mark torpedo")
    seats[first].handle("cross " + ("N1" if first == "blue" else "E1"))
    seats["yellow"].handle("map")
    seats["yellow"].handle("board")
    seats["yellow"].handle("fly away")
    yellow, blue = outs["yellow"].getvalue(), outs["blue"].getvalue()
    assert "You start at B2" in yellow and "B2" not in blue
    assert "You start at N12" in blue and "N12" not in yellow
    assert "Yellow's Captain has marked the start cell." in blue and "Your Captain has marked the start cell." in yellow
    assert "Torpedo gauge: 1 of 3." in outs[first].getvalue()
    assert "Torpedo gauge" not in outs["blue" if first == "yellow" else "yellow"].getvalue()
    assert ("  2 . @ . #" if first == "blue" else "  2 . + @ #") in yellow     # the own map shows the boat
    assert "north: " in yellow and "! unknown command 'fly': type help" in yellow
    assert "unknown command" not in blue


def test_only_the_whole_word_quit_or_exit_leaves_as_at_the_u_boot_console(consoles):
    """The U-BOOT console leaves on `quit` or `exit` only; so does this one (`q` sits beside the course `w`).
    `q` and another beginning of those words are answered with them, and the game goes on; `e` stays east."""
    runtime, seats, outs = consoles
    for word in ("q", "QU", "ex"):
        seats["yellow"].handle(word)
    said = outs["yellow"].getvalue()
    assert "! 'q' does not leave the game: type quit (or exit) to save and leave" in said
    assert "'qu' does not leave" in said and "'ex' does not leave" in said
    assert not seats["yellow"].stopping
    seats["yellow"].handle("start B2")
    seats["blue"].handle("start N12")
    runtime.step()
    first = referee(runtime.game).turns.current
    seats[first].handle("e")
    runtime.step()
    assert len(referee(runtime.game).teams[first].route) == 2, outs[first].getvalue()  # `e` is a course east


def test_a_console_speaks_for_its_own_team_only(consoles):
    runtime, seats, outs = consoles
    seats["yellow"].handle('{"do": "start", "team": "blue", "cell": "A1"}')
    seats["yellow"].handle("start Q99")
    assert "! this console speaks for Yellow only" in outs["yellow"].getvalue()
    assert "start: cell 'Q99' is not a cell of the map (A1 to O15)" in outs["yellow"].getvalue()
    assert outs["blue"].getvalue().count("!") == 0
    assert referee(runtime.game).teams["blue"].position is None


def test_a_typed_commands_problem_names_the_command_as_typed(consoles):
    """`torpedo A` at the console is an `activate` for the game, and its problem began "activate: cell 'A'
    ..."; `answer row=0 ...` began "sonar_answer: ...". Each now begins with the word the player typed."""
    _, seats, outs = consoles
    seats["yellow"].handle("torpedo A")
    seats["yellow"].handle("drone 99")
    seats["yellow"].handle("answer row=0 column=A")
    said = outs["yellow"].getvalue()
    assert "! torpedo: cell 'A' is not a cell of the map (A1 to O15)" in said
    assert "! drone: sector must be between 1 and 4, got 99" in said
    assert "! answer: row must be between 1 and 15, got 0" in said
    assert "activate:" not in said and "sonar_answer:" not in said


def test_a_typed_json_command_is_read_as_strictly_as_a_table_script(consoles):
    """The same reading as U-BOOT's console (kaleun.ui.typed): NaN, numbers beyond a float's
    range and overlong lines are refused by name, and nothing reaches the game."""
    runtime, seats, outs = consoles
    seats["yellow"].handle('{"do": "start", "cell": "B2", "x": NaN}')
    seats["yellow"].handle('{"do": "start", "cell": "B2", "x": 1e999}')
    seats["yellow"].handle("start " + "B" * 5000)
    said = outs["yellow"].getvalue()
    assert said.count("! ") == 3 and "NaN" in said and "1e999" in said
    assert "that line is 5006 characters long; the console takes 4096" in said
    assert referee(runtime.game).teams["yellow"].position is None


@pytest.mark.slow
def test_play_and_resume_a_sonar_game_on_the_console(tmp_path):
    with Terminal(tmp_path, "play", "--game", "sonar", "--scenario", "alpha", "--mode", "turn", "--seed", "3",
                  "--team", "blue") as term:
        term.expect("Blue's console. Type help for the commands.")
        term.send("start N12")
        term.expect("You start at N12 (sector 4)")
        term.send("quit")
        term.expect("Continue with: kaleun resume")
        assert term.close() == 0
    with Terminal(tmp_path, "resume", "--console", "--team", "yellow") as again:
        again.expect("Yellow's console.")
        again.send("status")
        again.expect("Boat still without a start cell;")
        again.send("start B2")
        again.expect("Dive stations!")
        again.send("quit")
        assert again.close() == 0
    sessions = sorted((tmp_path / "sessions").glob("*.blue.events.jsonl"))
    assert sessions and all(e.get("audience", "blue") == "blue" for s in sessions for e in read_json_lines(s))


@pytest.mark.slow
def test_the_second_team_plays_on_its_own_terminal(tmp_path):
    """`--tty DEVICE`: blue's console on a second terminal of the same game; each sees its own view."""
    master, slave = pty.openpty()
    try:
        with Terminal(tmp_path, "play", "--game", "sonar", "--mode", "realtime", "--seed", "5", "--console",
                      "--tty", os.ttyname(slave)) as term:
            term.expect("Yellow's console.")
            blue = ""
            os.write(master, b"start N12\n")
            term.send("start B2")
            term.expect("Dive stations!")
            deadline = time.monotonic() + 30
            while "Dive stations!" not in blue and time.monotonic() < deadline:
                if select.select([master], [], [], 0.2)[0]:
                    blue += os.read(master, 4096).decode(errors="replace")
            assert "Blue's console." in blue and "You start at N12" in blue and "B2" not in blue
            assert "N12" not in term.text
            term.send("quit")
            assert term.close() == 0
    finally:
        os.close(master)
        os.close(slave)
    script = sorted((tmp_path / "sessions").glob("*.script.jsonl"))[-1].read_text().splitlines()
    assert script[0].startswith("# Kaleun session: replay with kaleun run --game sonar --seed 5 --scenario alpha "
                                "--mode realtime")
    assert {json.loads(line)["team"] for line in script[1:] if line.startswith("{")} == {"yellow", "blue"}


def foreground(pid: int) -> str:
    """The name of the program in the foreground of process `pid`'s terminal (its tpgid in /proc)."""
    try:
        group = int(Path(f"/proc/{pid}/stat").read_text(encoding="utf-8").rsplit(")", 1)[1].split()[5])
        return Path(f"/proc/{group}/comm").read_text(encoding="utf-8").strip()
    except (OSError, ValueError, IndexError):
        return ""


@pytest.mark.slow
@pytest.mark.parametrize("waiting", ["at its prompt", "running sleep"])
def test_a_shell_that_reads_the_second_terminal_too_is_told(tmp_path, waiting):
    """`--tty`: the other team's terminal usually has a shell at its prompt, which reads it too: every
    other line blue typed went to the shell ("status: command not found"), never to the game. Both
    consoles are told how to free the terminal; a terminal whose shell runs `sleep infinity` is free."""
    import subprocess

    master, slave = pty.openpty()
    shell = subprocess.Popen(["bash", "--norc", "--noprofile", "-i"], stdin=slave, stdout=slave, stderr=slave,
                             start_new_session=True, env={"PATH": os.environ.get("PATH", ""), "PS1": "$ "})
    seen = b""
    try:
        deadline = time.monotonic() + 30
        while b"$ " not in seen and time.monotonic() < deadline:  # the shell is at its prompt
            if select.select([master], [], [], 0.2)[0]:
                seen += os.read(master, 4096)
        if waiting == "running sleep":
            os.write(master, b"sleep 600\n")
            deadline = time.monotonic() + 30  # a failure guard: the shell hands the terminal to the sleep
            while foreground(shell.pid) != "sleep" and time.monotonic() < deadline:
                time.sleep(0.01)
            assert foreground(shell.pid) == "sleep"
        with Terminal(tmp_path, "play", "--game", "sonar", "--console", "--tty", os.ttyname(slave)) as term:
            term.expect("Yellow's console.")
            term.send("quit")
            assert term.close() == 0
        told = f"reads {os.ttyname(slave)} too: lines typed there go to it or to the game at random"
        assert (told in term.text) is (waiting == "at its prompt"), term.text
    finally:
        os.write(master, b"\x03")  # Ctrl-C: a sleep started there ends
        shell.kill()
        shell.wait(30)
        os.close(master)
        os.close(slave)


def test_two_team_consoles_need_a_second_terminal(tmp_path):
    done = run_kaleun("play", "--game", "sonar", "--console", "--team", "both", home=tmp_path)
    assert done.returncode == 2 and "two team consoles need a second terminal: --tty DEVICE" in done.stderr


def test_a_tty_that_is_a_file_is_refused_and_left_as_it_was(tmp_path):
    """`--tty` opens the other team's terminal for writing: a file named by mistake (a typo, the
    autosave) was emptied and filled with blue's console. Nothing but a terminal is taken."""
    notes = tmp_path / "notes.txt"
    notes.write_text("the crew's notes\n")
    done = run_kaleun("play", "--game", "sonar", "--console", "--tty", str(notes), home=tmp_path)
    assert done.returncode == 2 and f"{notes} is not a terminal: --tty takes the other team's terminal" in done.stderr
    assert notes.read_text() == "the crew's notes\n"
    assert not (tmp_path / "autosave.json").exists()


def test_a_tty_that_is_a_named_pipe_is_refused_at_once_not_waited_on(tmp_path):
    """`--tty` naming a named pipe (a typo among the files of a set-up, a pipe left by a script): opening it
    waited for a writer that never came, the start hung until killed. It is refused at once, as a file is."""
    pipe = tmp_path / "blue"
    os.mkfifo(pipe)
    done = run_kaleun("play", "--game", "sonar", "--console", "--tty", str(pipe), home=tmp_path, timeout=60)
    assert done.returncode == 2 and f"{pipe} is not a terminal: --tty takes the other team's terminal" in done.stderr
    assert pipe.is_fifo() and not (tmp_path / "autosave.json").exists()


def test_a_tty_that_is_the_consoles_own_terminal_is_refused(home):
    """`--tty $(tty)` typed in the first terminal: both consoles read it, taking turns at its lines
    (yellow's course went to blue's console). Refused, and nothing is saved."""
    from kaleun.ui.sonar_session import SessionError, open_sonar_session

    master, slave = pty.openpty()
    try:
        with open(os.ttyname(slave), encoding="utf-8") as own, \
                pytest.raises(SessionError, match="is this console's own terminal: --tty takes the other team's"):
            open_sonar_session(new_game(1, "alpha", "realtime"), console=True, tty=os.ttyname(slave), stdin=own,
                               stdout=io.StringIO())
    finally:
        os.close(master)
        os.close(slave)
    assert not (home / "autosave.json").exists()


def test_lines_run_in_process_too(tmp_path):
    _, events = run_lines([{"team": "yellow", "do": "status"}], tmp_path)
    assert events[-1]["event"] == "status" and events[-1]["audience"] == "yellow"


def test_a_new_sonar_game_keeps_the_game_saved_before(tmp_path):
    """Bad input never loses anything: a new Captain Sonar game keeps the game the autosave held
    (a U-BOOT patrol, an earlier Captain Sonar game) under an earlier-game name, as U-BOOT does,
    and `kaleun resume` continues the new one."""
    (tmp_path / "autosave.json").write_text("{}")
    with Terminal(tmp_path, "play", "--game", "sonar", "--console") as term:
        term.expect("the previous game was kept as")
        term.expect("yellow> ")
        term.send("quit")
        assert term.close() == 0
    kept = sorted(tmp_path.glob("autosave-*.json"))
    assert len(kept) == 1 and kept[0].read_text() == "{}"
    assert json.loads((tmp_path / "autosave.json").read_text())["game"] == "sonar"
    with Terminal(tmp_path, "resume", "--console") as again:
        again.expect("yellow> ")
        again.send("quit")
        assert again.close() == 0
    assert "was kept" not in again.text and len(sorted(tmp_path.glob("autosave-*.json"))) == 1


def test_the_console_speaks_the_tables_language(tmp_path):
    """`--language de`: the team's console prints the game in the table's language, as U-BOOT's does."""
    with Terminal(tmp_path, "play", "--game", "sonar", "--console", "--language", "de", "--seed", "1") as term:
        term.expect("gelb> ")
        term.send("start B2")
        term.expect("Ihr beginnt auf B2")
        term.send("status")
        term.expect("Boot auf B2")
        term.send("quit")
        assert term.close() == 0


def test_a_sessions_script_replays_with_its_crews_map_and_training_aid(tmp_path):
    """The session script's first line says how to replay it: for Captain Sonar it named the seed,
    scenario and mode only, so a game of 3 against 2 on an owner's map with the training aid replayed
    as 4 against 4 on the scenario's map without it (another game from its first event on, and every
    `plot` refused)."""
    import shlex

    from kaleun.sonar import data

    owners = tmp_path / "harbour.map"
    owners.write_text(data.text("maps/alpha.map").replace("name: Alpha", "name: Harbour"), encoding="utf-8")
    with Terminal(tmp_path, "play", "--game", "sonar", "--console", "--seed", "3", "--crew", "3,2",
                  "--map", str(owners), "--training-aid") as term:
        term.expect("yellow> ")
        term.send("start B2")
        term.send("plot")
        term.send("quit")
        assert term.close() == 0
    sessions = tmp_path / "sessions"
    script = next(sessions.glob("*.script.jsonl"))
    first = script.read_text(encoding="utf-8").splitlines()[0]
    args = shlex.split(first.split("replay with kaleun run ", 1)[1])
    (tmp_path / "elsewhere").mkdir()
    done = run_kaleun("run", *args, "--script", str(script), "--events", str(tmp_path / "replayed.jsonl"),
                      home=tmp_path / "elsewhere")
    assert done.returncode == 0, done.stderr
    played = (sessions / script.name.replace(".script.", ".events.")).read_bytes()
    assert (tmp_path / "replayed.jsonl").read_bytes() == played
    assert b'"crews": {"yellow": 3, "blue": 2}' in played and b"Harbour" in played


def test_play_continue_continues_only_a_running_game_of_the_game_asked_for(tmp_path):
    """`kaleun play --continue` continues the autosaved game "if its mission is still running, else starts a
    new one": `--game sonar --continue` resumed a U-BOOT patrol in the autosave, and a Captain Sonar game
    that had ended was continued instead of a new one started. Both now start a new Captain Sonar game and
    keep the saved one; a running Captain Sonar game is continued."""
    from kaleun.uboot.game import new_game as new_patrol

    save_game(new_patrol(1, "training"), tmp_path / "autosave.json")
    with Terminal(tmp_path, "play", "--game", "sonar", "--continue", "--console") as term:
        term.expect("the previous game was kept as")
        term.expect("Captain Sonar, Yellow's console.")
        term.send("start B2")
        term.send("quit")
        assert term.close() == 0
    assert json.loads((tmp_path / "autosave.json").read_text())["game"] == "sonar"
    with Terminal(tmp_path, "play", "--game", "sonar", "--continue", "--console") as term:
        term.expect("yellow> ")
        term.send("status")
        term.expect("Boat at B2, sector 1")  # the running game goes on
        term.send("quit")
        assert term.close() == 0
    assert "was kept" not in term.text
    over = new_game(3, "alpha", "turn")
    referee(over).phase = "over"
    save_game(over, tmp_path / "autosave.json")
    with Terminal(tmp_path, "play", "--game", "sonar", "--continue", "--console") as term:
        term.expect("the previous game, which is over, was kept as")  # not told to be continued
        term.expect("Captains, mark your start cells.")
        term.send("quit")
        assert term.close() == 0


def test_play_continue_says_which_new_game_options_it_ignores(tmp_path):
    """`kaleun play --continue` going on with a running game ignored `--scenario` (Captain Sonar) and `--mission`
    (U-BOOT) without a word; now one line names them and how to start a new game instead, in the table's
    language, and the running game goes on as it stood."""
    save_game(new_game(3, "alpha", "turn"), tmp_path / "autosave.json")
    with Terminal(tmp_path, "play", "--game", "sonar", "--continue", "--console", "--scenario", "bravo",
                  "--mode", "realtime", "--seed", "9") as term:
        term.expect("kaleun: --seed, --scenario, --mode are ignored: --continue goes on with the running game; "
                    "for a new game give the same command without --continue (the running game is kept)")
        term.expect("yellow> ")
        term.send("quit")
        assert term.close() == 0
    assert json.loads((tmp_path / "autosave.json").read_text())["config"]["scenario"] == "alpha"
    with Terminal(tmp_path, "play", "--game", "sonar", "--continue", "--console", "--team", "blue") as term:
        term.expect("blue> ")  # a session's own options are no new game's: nothing is said
        term.send("quit")
        assert term.close() == 0
    assert "ignored" not in term.text
    with Terminal(tmp_path, "play", "--seed", "3", "--language", "de", "--mission", "training") as term:
        term.expect("> ")
        term.send("quit")
        assert term.close() == 0
    with Terminal(tmp_path, "play", "--continue", "--mission", "training", "--language", "de") as term:
        term.expect("kaleun: --mission wird ignoriert")
        term.expect("> ")
        term.send("quit")
        assert term.close() == 0


def test_headless_is_refused_for_captain_sonar_as_the_other_u_boot_options(tmp_path):
    """`kaleun play --game sonar --headless` (and `kaleun resume --headless` on a Captain Sonar save) is
    refused in the words of the other U-BOOT options (`--board is a U-BOOT option (...)`), saying where
    Captain Sonar is played, with exit status 2 and nothing started."""
    said = "kaleun: --headless is a U-BOOT option (Captain Sonar is played at a console per team or in the window)"
    done = run_kaleun("play", "--game", "sonar", "--headless", home=tmp_path)
    assert (done.returncode, done.stderr.strip()) == (2, said)
    assert not (tmp_path / "autosave.json").exists()
    save_game(new_game(3, "alpha", "turn"), tmp_path / "autosave.json")
    done = run_kaleun("resume", "--headless", home=tmp_path)
    assert (done.returncode, done.stderr.strip().splitlines()[-1]) == (2, said)


def test_status_says_what_the_game_waits_for_before_the_start_and_after_the_end():
    """The console's `help` promises that `status` says "what the game waits for": before the start it
    said only "Boat still without a start cell" (or the start cell) and nothing of the Captains' start
    cells, and after the end nothing of who won."""
    from kaleun.i18n import language
    from kaleun.ui.sonar_text import describe_status

    game = new_game(3, "alpha", "turn")
    said = lambda team: describe_status(referee(game).team_status(team), language("en"))  # noqa: E731
    assert "Waiting: your Captain marks the start cell (start CELL)." in said("yellow")
    game.apply({"do": "start", "team": "yellow", "cell": "B2"})
    assert "Waiting: the other Captain marks the start cell." in said("yellow")
    assert "Waiting: your Captain marks the start cell" in said("blue")
    game.apply({"do": "start", "team": "blue", "cell": "N12"})
    assert "Waiting:" not in said("yellow") and "game is over" not in said("yellow")
    # after the end: test_5_four_damage_sinks_the_boat_and_ends_the_game


@pytest.mark.parametrize("scenario, marks", [("alpha", []), ("delta", ["o water hole"]), ("echo", ["a Archer mine"])])
def test_the_console_map_explains_only_the_marks_its_map_has(scenario, marks):
    """The console's `map` legend named water holes and Archer mines on every map; it now names the marks of
    this scenario's map only (Delta's water holes, Echo's Archer mines), the boat, route, mines and islands
    always."""
    from kaleun.i18n import language
    from kaleun.ui.sonar_text import draw_map

    game = new_game(3, scenario, "realtime")
    ref = referee(game)
    legend = draw_map(ref.sea, ref.team_status("yellow"), language("en")).splitlines()[-1]
    assert legend == "  ".join(["@ boat", "+ route", "M mine", "# island", *marks])


@pytest.mark.parametrize("mode, count, col_border, row_border", [("turn", 4, 8, 8), ("realtime", 9, 5, 5)])
def test_2_the_console_map_shows_the_sectors_of_the_mode(mode, count, col_border, row_border):
    """§2 [B] "Eine Suchdrohne aussenden": "Die Karte ist im Echtzeitmodus in 9 Sektoren aufgeteilt und im
    rundenbasierten Modus in 4 Sektoren": the console's map drew no sector at all, so a Radio Operator at the
    console could not tell where a drone's sector or a surfacing's sector lies. It now draws the borders of the
    mode's sectors ('|' between columns, '-' between rows) and says how they are numbered."""
    from kaleun.i18n import language
    from kaleun.ui.sonar_text import draw_map

    game = new_game(3, "alpha", mode)
    ref = referee(game)
    lines = draw_map(ref.sea, ref.team_status("yellow"), language("en")).splitlines()
    grid = [line for line in lines if line[:3].strip().isdigit()]
    assert len(grid) == 15 and all(len(line) == len(grid[0]) for line in grid)
    column = 4 + 2 * col_border - 1  # the separator after the last column of the first band
    assert {line[column] for line in grid} == {"|"}
    border = lines.index(grid[row_border - 1]) + 1
    assert set(lines[border].strip()) <= {"-", "+"} and lines[border][column] == "+"
    assert f"Sectors 1 to {count}, numbered row by row from the north-west" in lines[-2]


@pytest.mark.parametrize("line, said", [
    ('{"do": "bogus"}', "! unbekanntes Kommando „bogus“ in der JSON-Zeile (bekannt: activate, course, cross, detonate, "
                        "dive, go, mark, plot, repair, sonar_answer, start, status, stop, surface)"),
    ('{"cell": "G7"}', "! der JSON-Zeile fehlt das Feld „do“, das das Kommando nennt")])
def test_a_json_line_with_an_unknown_or_no_command_is_answered_in_the_tables_language(home, line, said):
    """The console takes any table-script line as JSON; one naming no command, or an unknown one, was answered in
    English at every table (the engine's own words, listing its `report`, which a team console never shows). It is
    now answered in the table's language with the commands a team may send."""
    game = new_game(4, "alpha", "turn")
    runtime = make_sonar_runtime(game, language="de")
    out = io.StringIO()
    console = TeamConsole(runtime, "yellow", io.StringIO(), out, interactive=False)
    runtime.step()
    try:
        console.handle(line)
        runtime.step()
    finally:
        runtime.close()
    assert said in out.getvalue()


def test_1_a_game_that_is_over_is_not_resumed_and_its_save_stays(tmp_path):
    """§1 a boat with 4 damage sinks and the game ends: `kaleun resume` opened it to play on, and every command
    was then refused. It now says the game is over, as for a U-BOOT mission that is over, keeps the save and
    starts nothing (exit status 2)."""
    game = new_game(3, "alpha", "turn")
    game.apply({"do": "start", "team": "yellow", "cell": "B2"})
    game.apply({"do": "start", "team": "blue", "cell": "N12"})
    referee(game).take_damage("blue", 4, "test")
    path = tmp_path / "autosave.json"
    save_game(game, path)
    before = path.read_bytes()
    done = run_kaleun("resume", "--console", home=tmp_path)
    assert done.returncode == 2, done.stderr
    assert "that game is over (a boat sank) and cannot be played on" in done.stderr
    assert "start a new game with kaleun play" in done.stderr and path.read_bytes() == before
    german = run_kaleun("resume", "--console", "--language", "de", home=tmp_path)
    assert german.returncode == 2 and "dieses Spiel ist vorbei" in german.stderr, german.stderr
    assert path.read_bytes() == before
