"""`kaleun play` without a display: the console, driven through a pseudo-terminal."""

from __future__ import annotations

import pytest
from kit import BOARDS, Terminal, console_typed, pico_board


@pytest.fixture
def terminal(tmp_path):
    with Terminal(tmp_path, "play", "--seed", "3", "--mission", "training") as term:
        yield term


def test_console_starts_without_a_display_and_lists_its_commands(terminal):
    terminal.expect("Kaleun console. Type help for the commands.")
    terminal.expect("Training patrol: the boat is in square AF76.")
    terminal.send("help")
    terminal.expect("telegraph POSITION")
    terminal.send("quit")
    terminal.expect("Continue with: kaleun resume")
    assert terminal.close() == 0


def test_console_telegraph_changes_speed_and_status_shows_it(terminal, tmp_path):
    terminal.expect("> ")
    terminal.send("telegraph half_ahead")
    terminal.expect("Order: half ahead.")
    terminal.send("status")
    terminal.expect("telegraph: half ahead (lever at half ahead)")
    terminal.expect("course 000  surfaced  battery 100 %  square AF76 (dead reckoning)")
    terminal.expect("command bar VII  morale XI")
    terminal.send("turn telegraph -1")
    terminal.expect("Order: slow ahead.")
    terminal.send("place engineer-square 9")
    terminal.expect("! place: section must be from 1 to 8, not 9")
    terminal.send("fly away")
    terminal.expect("! unknown command 'fly': type help")
    terminal.send("quit")
    assert terminal.close() == 0
    assert (tmp_path / "autosave.json").exists()


def test_console_commands_help_fields_views_and_the_order_assistant(terminal):
    """The First Officer's console, console parity, in a real terminal: help per command, the order assistant, the
    views."""
    terminal.expect("> ")
    terminal.send("help disc")
    terminal.expect("own (own_course): own course ring [from 0 to 360]")
    terminal.send("?speed half_ahead")
    terminal.expect("New speed: would go ahead without its full crew (paid from the command bar): 2 sailors")
    terminal.send("course 4OO")
    terminal.expect("! course: course must be a whole number from 0 to 359, not '4OO'")
    terminal.send("contacts")
    terminal.expect("No contacts.")
    terminal.send("repairs")
    terminal.expect("Nothing to repair.")
    terminal.send("course 90")
    terminal.expect("Order: new course 090.")
    terminal.send("quit")
    assert terminal.close() == 0


@pytest.mark.parametrize("again", [("resume", "--console"), ("play", "--continue")])
def test_resume_continues_the_saved_game(tmp_path, again):
    """`kaleun resume`, and `kaleun play --continue` (the service's start: before, it crashed on a running
    game in the autosave): the saved game goes on where it stood."""
    with Terminal(tmp_path, "play", "--seed", "3", "--mission", "training") as term:
        term.expect("> ")
        term.send("telegraph full_ahead")
        term.expect("Order: full ahead.")
        term.send("quit")
        assert term.close() == 0
    with Terminal(tmp_path, *again) as resumed:
        resumed.expect("> ")
        resumed.send("status")
        resumed.expect("telegraph: full ahead (lever at full ahead)")
        resumed.send("quit")
        assert resumed.close() == 0


def test_sigterm_saves_and_exits_like_quit(tmp_path):
    """systemctl stop sends SIGTERM: the game must be saved, not lost."""
    import signal

    with Terminal(tmp_path, "play", "--seed", "3", "--mission", "training") as term:
        term.expect("> ")
        term.send("telegraph slow_ahead")
        term.expect("Order: slow ahead.")
        (tmp_path / "autosave.json").unlink()  # the start-up save; the one on SIGTERM must come back
        term.proc.send_signal(signal.SIGTERM)
        term.expect("Continue with: kaleun resume")
        assert term.close() == 0
    from kaleun.saves import load_saved_game

    assert load_saved_game(tmp_path / "autosave.json").module("boat").telegraph == "slow_ahead"


def test_headless_runs_without_input_until_stopped(tmp_path):
    import signal

    with Terminal(tmp_path, "play", "--headless", "--seed", "3") as term:
        term.expect("Kaleun running headless")
        term.expect("Training patrol")
        assert term.proc.poll() is None  # no input is not the end
        term.proc.send_signal(signal.SIGTERM)
        term.expect("Stopped by SIGTERM: game saved.")
        assert term.close() == 0


def test_a_new_game_keeps_the_previous_autosave(tmp_path):
    (tmp_path / "autosave.json").write_text("{}")
    with Terminal(tmp_path, "play", "--console", "--mission", "training") as term:
        term.expect("the previous game was kept as")
        term.expect("> ")
        term.send("quit")
        assert term.close() == 0
    kept = sorted(tmp_path.glob("autosave-*.json"))
    assert len(kept) == 1 and kept[0].read_text() == "{}"
    assert (tmp_path / "autosave.json").read_text() != "{}"


@pytest.mark.parametrize("kept", ["damaged", "over"])
def test_a_damaged_or_finished_game_kept_aside_is_not_told_to_be_continued(tmp_path, kept):
    """`kaleun play --continue` (a table's service) on a damaged autosave, or a new game over a finished
    one, keeps the old file aside; its line said `continue it with: kaleun resume --save FILE`, which then only
    refused it (damaged, or that mission is over). It says what the file is instead."""
    import json

    from kaleun.saves import save_game
    from kaleun.uboot.game import new_game

    game = new_game(1, "training")
    game.module("mission").end("lost", "rammed", "The boat is rammed.")
    save_game(game, tmp_path / "autosave.json")
    if kept == "damaged":
        text = (tmp_path / "autosave.json").read_text()
        (tmp_path / "autosave.json").write_text(text[:len(text) // 2])
    else:
        assert json.loads((tmp_path / "autosave.json").read_text())["modules"]["mission"]["result"] is not None
    before = (tmp_path / "autosave.json").read_bytes()
    with Terminal(tmp_path, "play", "--continue", "--console", "--mission", "training") as term:
        term.expect("the damaged save was kept as it was, as " if kept == "damaged" else
                    "the previous game, which is over, was kept as ")
        term.expect("> ")
        term.send("quit")
        assert term.close() == 0
    assert "resume --save" not in term.text
    aside = sorted(tmp_path.glob("autosave-*.json"))
    assert len(aside) == 1 and aside[0].read_bytes() == before and str(aside[0]) in term.text


def test_an_overlong_console_line_is_refused(tmp_path):
    """(In process: a terminal itself cuts lines at 4095 characters.)"""
    import io

    from kaleun.boards.loader import default_board
    from kaleun.runtime.loop import Runtime
    from kaleun.runtime.table import Table
    from kaleun.uboot.game import new_game
    from kaleun.ui.console import Console

    game = new_game(1)
    out = io.StringIO()
    console = Console(Runtime(game, Table(default_board(), game)), stdin=io.StringIO(), stdout=out)
    console.handle("status " + "x" * 5000)
    assert "that line is 5007 characters long; the console takes 4096" in out.getvalue()
    assert len(out.getvalue()) < 200  # the line is not echoed back


def test_any_game_command_can_be_typed_with_do(tmp_path):
    import io

    from kaleun.boards.loader import default_board
    from kaleun.runtime.loop import Runtime
    from kaleun.runtime.table import Table
    from kaleun.uboot.game import new_game
    from kaleun.ui.console import Console

    game = new_game(1)
    out = io.StringIO()
    runtime = Runtime(game, Table(default_board(), game))
    console = Console(runtime, stdin=io.StringIO(), stdout=out)
    console.handle("help commands")
    assert "adjust_morale" in out.getvalue() and "identify" in out.getvalue()
    console.handle("do adjust_morale by=-1")
    runtime.step()
    assert game.module("crew").bars.status()["morale"] == "X"
    console.handle("do adjust_morale")
    assert "adjust_morale: needs the field 'by'" in out.getvalue()


def test_a_table_played_with_its_hub_unplugged_starts_and_says_so(tmp_path):
    """A crew may switch the Pi on before the deck hub: the game starts and reports the hub offline."""
    board = tmp_path / "late-hub.toml"
    board.write_text('[board]\nname = "late hub"\nformat = 0\n[figures]\nsensor = "hub"\n'
                     f'[hub]\nurl = "{tmp_path / "no-such-port"}"\nstart_timeout_ms = 200\n'
                     '[[hub.readers]]\nsection = 1\ncs = "GP17"\n[audio]\ndriver = "none"\n')
    with Terminal(tmp_path, "play", "--console", "--mission", "training", "--board", str(board)) as term:
        term.expect("> ")
        term.expect("offline")
        term.send("quit")
        assert term.close() == 0


def test_console_sets_the_attack_disc_and_status_shows_its_reading(terminal):
    """§9.2.1 worked example from the console: own course 290, bearing 40 on the green ring,
    enemy course 70. (What the game does with it is the weapons module's business.)"""
    terminal.expect("> ")
    terminal.send("dial disc_own_course 290")
    terminal.send("dial disc_bearing 40")
    terminal.send("dial disc_enemy_course 70")
    terminal.send("status")
    terminal.expect("disc: own course 290, enemy course 070, bearing 040")
    terminal.send("dial disc_bearing north")
    terminal.expect("! disc_bearing reads whole degrees, got 'north'")
    terminal.send("home disc_bearing")
    terminal.expect("! home: the attack disc, top pointer (relative bearing on the green ring) needs no homing")
    terminal.send("quit")
    assert terminal.close() == 0


def test_a_new_game_tells_a_newcomer_the_first_steps_and_how_to_settle_a_move(terminal):
    """A crew's first evening: the console names the first steps (mobilize, a lookout on the bridge,
    observe) at the start and under `help`, and a figure moved without a Mobilize (§6.3) is answered
    with the two console commands that settle it; the first of them, `mobilize`, then carries the move
    out."""
    terminal.expect("First steps: mission reads the briefing; mobilize lets the figures move;")
    terminal.expect("> ")
    terminal.send("place navigator-square 8")
    terminal.expect("Square navigator moved 4 → 8 without Mobilize: pay a Mobilize or put the figure back")
    terminal.expect("To settle it: mobilize (pays the Mobilize), or move_fix navigator-square put_back.")
    terminal.send("mobilize")
    terminal.expect("Order: mobilize the crew.")
    terminal.send("?observe")
    terminal.expect("navigator-square  Navigator  8        1      yes")  # the sailor by his name, as crew names him
    terminal.send("help")
    terminal.expect('any table-script line as JSON, without "t"')
    text = terminal.expect("?ORDER shows who would carry an order out.\r\n> ")
    assert text.count("First steps:") == 2, "help ends with the first steps too"
    terminal.send("quit")
    assert terminal.close() == 0


def test_a_new_game_begun_submerged_names_no_lookout_on_the_bridge(tmp_path):
    """§3: nobody stands on the bridge of a submerged boat, so the first steps of the hunted exercise
    (it begins submerged) speak of the hydrophone instead of lookouts."""
    with Terminal(tmp_path, "play", "--seed", "3", "--mission", "exercise_escort") as terminal:
        terminal.expect("First steps: mission reads the briefing; the boat is submerged: mobilize lets")
        assert "puts a lookout on the bridge" not in terminal.text
        terminal.send("quit")
        terminal.expect("Continue with: kaleun resume")
        assert terminal.close() == 0


def test_9_2_1_status_tells_how_a_ring_finds_its_zero_as_the_board_homes_it(tmp_path):
    """The status line told every ring not homed yet to `home` it, which a real table refuses for
    a ring with a reed switch or an index pulse ("turn it past its mark"): the hint follows the
    board's homing (pico-hub: switches on the deck hub, here unplugged; mock-gpio: a switch, an
    index pulse and the crew's calibration)."""
    board = tmp_path / "late-hub.toml"
    pico_board(board, tmp_path / "no-such-port", "start_timeout_ms = 200")
    with Terminal(tmp_path, "play", "--console", "--mission", "training", "--board", str(board)) as term:
        term.expect("> ")
        term.send("status")
        term.expect("disc: own course ? (not homed: turn it past its zero mark), enemy course ? (not homed: turn it "
                    "past its zero mark), bearing ? (not homed: turn it past its zero mark)")
        term.send("home disc_own_course")
        term.expect("! dial 'disc_own_course' finds its zero by its home switch: turn it past its mark")
        term.send("quit")
        assert term.close() == 0
    with Terminal(tmp_path, "play", "--console", "--mission", "training", "--board",
                  str(BOARDS / "mock-gpio.toml")) as term:
        term.expect("> ")
        term.send("status")
        term.expect("disc: own course ? (not homed: turn it past its zero mark), enemy course ? (not homed: turn it "
                    "past its zero mark), bearing ? (not homed: home disc_bearing)")
        term.send("quit")
        assert term.close() == 0


def test_9_2_1_status_does_not_ask_again_for_a_ring_homed_against_an_unhomed_one(tmp_path):
    """§9.2.1: the bearing is read on the green ring. A crew that has calibrated the bearing pointer
    (`home disc_bearing`) while the green ring has not passed its switch was still told `home
    disc_bearing`; the status now says which ring the reading waits for."""
    with Terminal(tmp_path, "play", "--console", "--mission", "training", "--board",
                  str(BOARDS / "mock-gpio.toml")) as term:
        term.expect("> ")
        term.send("home disc_bearing")
        term.send("status")
        term.expect("bearing ? (read against the own course ring, which is not homed yet)")
        term.send("quit")
        assert term.close() == 0


def test_every_hand_typed_at_the_console_is_answered_even_when_nothing_moves():
    """A ring dialled to what it reads already (§9.2.1 attack disc), the telegraph to where its handle stands, a turn
    of 0 steps and a figure placed where he stands change nothing, so the game says nothing: the console says why,
    as a sentence beginning with a capital ("square engineer already stands in section 4" began in lower case in
    English and Russian). A figure lifted that is off the model is refused in the console's style ("! lift: ...");
    it was a plain sentence."""
    from kaleun.uboot.game import new_game

    game = new_game(0)
    assert "bearing 000" in console_typed("en", "dial disc_bearing 0", game=game)  # the ring's first reading
    assert console_typed("en", "dial disc_bearing 0", game=game) == (
        "Attack disc, top pointer (relative bearing on the green ring) already reads 000: nothing to turn\n")
    assert "already reads 000" in console_typed("en", "dial disc_bearing 360", game=game)  # 360 is 000
    assert console_typed("en", "telegraph stop", game=game) == "Engine telegraph already reads stop: nothing to turn\n"
    assert console_typed("en", "turn disc_bearing 0", game=game) == (
        "Attack disc, top pointer (relative bearing on the green ring): turned by 0 steps, it stays where it stands\n")
    assert console_typed("en", "place engineer-square 4", game=game) == "Square engineer already stands in section 4\n"
    console_typed("en", "lift engineer-square", game=game)
    # nothing to lift: refused as the console refuses, beginning with the command ("! lift: ..."), in every language
    assert console_typed("en", "lift engineer-square", game=game) == "! lift: square engineer is not on the model\n"
    assert console_typed("de", "lift engineer-square", game=game).startswith("! heben: ")
    assert console_typed("en", "place engineer-square 4", game=game) == "Square engineer is back in section 4\n"
    assert console_typed("de", "telegraph stop", game=game) == (
        "Maschinentelegraf zeigt bereits Stopp: nichts zu drehen\n")
    said = console_typed("ru", "place engineer-square 4", game=game)
    assert said[0].isupper() and said.startswith("Механик"), said
