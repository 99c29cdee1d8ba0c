"""A group's first evening, as the top-level README leads it: what `kaleun` says when a newcomer types
it bare, a command without its action, `kaleun resume` before any game, the console's answer to
the first order the crew cannot carry out, and a start without screen or sound in the table's language."""

from __future__ import annotations

import subprocess
import sys

import pytest
from kaleun import cli
from kaleun.ports.sdl import audio_drivers, video_drivers
from kit import Terminal, console_typed, kaleun_env


def test_kaleun_alone_shows_the_commands_and_where_a_first_evening_begins(capsys):
    """`kaleun` with nothing after it lists the commands and names the first one to type."""
    assert cli.main([]) == 2
    said = " ".join(capsys.readouterr().out.split())  # as argparse wraps it for the terminal's width
    assert "play play at the table" in said, said
    assert "A first evening without hardware: kaleun play (a window on its set-up screen; without a display, " \
           "or with --console, its questions in the terminal)" in said, said
    assert "kaleun COMMAND --help explains a command" in said, said


@pytest.mark.parametrize(("command", "actions"), [("board", ("check", "list")), ("config", ("set", "unset", "show")),
                                                  ("hub", ("status", "config", "fake"))])
def test_a_command_without_its_action_lists_its_actions(capsys, command, actions):
    """`kaleun board` said only "the following arguments are required: ACTION", naming none: now it shows the
    command's help with its actions, and still fails (nothing was done)."""
    assert cli.main([command]) == 2
    out, err = capsys.readouterr()
    assert f"usage: kaleun {command}" in out and "arguments are required" not in err, (out, err)
    for action in actions:
        assert f"    {action} " in out, out


def test_resume_before_any_game_says_how_to_start_one(tmp_path, monkeypatch, capsys):
    """`kaleun resume` on a fresh machine: no autosave yet, so it names the command that starts a game (a save
    file named with --save that is not there stays a plain 'no such save file')."""
    monkeypatch.setenv("KALEUN_HOME", str(tmp_path / "home"))
    assert cli.main(["resume", "--console"]) == 2
    said = capsys.readouterr().err
    assert "no such save file: there is no game to continue yet; start one with: kaleun play" in said, said
    assert cli.main(["resume", "--console", "--language", "de"]) == 2
    said = capsys.readouterr().err
    assert "es gibt noch kein Spiel zum Fortsetzen; eines beginnt mit: kaleun play" in said, said
    assert cli.main(["resume", "--console", "--save", str(tmp_path / "nowhere.json")]) == 2
    assert "start one with" not in capsys.readouterr().err


def test_the_first_refused_order_names_the_commands_that_show_who_could_carry_it_out(tmp_path):
    """§6.2/§6.4: an order refused for want of its crew (a new speed with nobody in the engine room) is answered,
    the first time in a session, with crew, mobilize/place and ?ORDER; the next refusal is said alone."""
    with Terminal(tmp_path, "play", "--seed", "3", "--mission", "prize_rules_1939") as terminal:
        terminal.expect("> ")
        terminal.send("telegraph full_ahead")
        terminal.expect("New speed refused: 2 sailors with the engines symbol needed in section 5")
        terminal.expect("  crew shows each sailor's section and symbols; mobilize, then place FIGURE SECTION brings a "
                        "sailor where the order needs him; ?speed with the order's fields asks again without "
                        "giving it.")
        terminal.send("dive")
        terminal.expect("Dive refused:")
        terminal.send("status")
        text = terminal.expect("command bar")
        assert text.count("crew shows each sailor") == 1, text
        terminal.send("quit")
        assert terminal.close() == 0


def test_a_start_without_display_or_sound_says_so_in_the_tables_language(tmp_path):
    """A German table on a machine with no screen and no sound card: the two lines that say the console takes over
    and the bell stays silent are German sentences (`kaleun: ...`), not English log records."""
    env = kaleun_env(tmp_path)
    for name in ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER", "DISPLAY", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR"):
        env.pop(name, None)
    if video_drivers(env) or audio_drivers(env):
        pytest.skip("this machine has a display or a sound device: nothing to say")
    done = subprocess.run([sys.executable, "-m", "kaleun", "play", "--seed", "1", "--language", "de"], input="quit\n",
                          env=env, cwd=tmp_path, capture_output=True, text=True, timeout=Terminal.GUARD_S)
    assert done.returncode == 0, done.stderr
    assert "kaleun: kein Bildschirm (hier gibt es kein X11, Wayland oder KMS): es spielt die Konsole" in done.stderr
    assert "kaleun: kein Ton: hier gibt es keine Soundkarte" in done.stderr, done.stderr
    assert "INFO kaleun" not in done.stderr and "WARNING kaleun" not in done.stderr, done.stderr
    assert "Kaleun-Konsole. Mit hilfe erscheinen die Kommandos." in done.stdout, done.stdout


@pytest.mark.parametrize(("language", "said"), [("en", "  navigator-square: section 4 → 8."),
                                                ("de", "  navigator-quadrat: Sektion 4 → 8."),
                                                ("ru", "  штурман-квадрат: отсек 4 → 8.")])
def test_a_figure_placed_at_the_console_is_answered_with_its_way(language, said):
    """§6.3: a `place` typed during a Mobilize moved the figure and the console said nothing (the window shows the
    figure move): now it says where the figure went, in the table's language (the figure as the table types it). A
    move without a Mobilize is not carried out and says only how to settle it."""
    text = console_typed(language, "mobilize", "place navigator-square 8")
    assert said in text, text
    assert "section 4 → 8" not in console_typed("en", "place navigator-square 8")


@pytest.mark.parametrize(("command", "says"), [
    ("play", ("else the\ntext console (type help there)", "the console at a terminal asks the same",
              "kaleun resume continues it", "training ")),
    ("resume", ("Continue the last game from its autosave", "--save FILE another save"))])
def test_play_and_resume_help_say_what_the_command_does_before_its_options(capsys, command, says):
    """`kaleun play --help` began with the options alone: it now says what opens (window or console), what plays
    without --mission and how a game is kept and continued; `kaleun resume --help` likewise."""
    with pytest.raises(SystemExit) as done:
        cli.main([command, "--help"])
    assert done.value.code == 0
    said = capsys.readouterr().out
    for words in says:
        assert words in said, said
