"""Small things a newcomer meets in the first minutes at the text console and with `kaleun missions`:
what `save` answers, the prompt after a line that printed nothing, and the missions' help."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from kaleun import cli
from kaleun.boards.loader import default_board
from kaleun.runtime.loop import Runtime
from kaleun.runtime.outputs import Autosave
from kaleun.runtime.table import Table
from kaleun.uboot.game import new_game
from kaleun.ui.console import Console
from kit import console_typed


class Typed(io.StringIO):
    """What a player types at a terminal: the terminal echoes each line."""

    def isatty(self) -> bool:
        return True


def console(stdin: io.StringIO, autosave: Path | None = None, language: str = "en") -> tuple[Console, io.StringIO]:
    game = new_game(0)
    runtime = Runtime(game, Table(default_board(), game), clock=lambda: 0.0,
                      autosave=Autosave(game, autosave, background=False) if autosave is not None else None)
    runtime.language = language
    out = io.StringIO()
    return Console(runtime, stdin=stdin, stdout=out, interactive=True), out


@pytest.mark.parametrize(("language", "said"), [
    ("en", "Game saved as of 1 June 1941, 04:00:00 in {path}. Play on, or leave and continue it later with: "
           "kaleun resume"),
    ("de", "kaleun resume"), ("ru", "kaleun resume")])
def test_save_says_what_was_saved_where_and_how_to_continue(tmp_path, language, said):
    """`save` answered only "saved.", while quit says how to continue: now it names the game's moment, the file
    and the command that continues it, in the table's language (one wording, `saved_line`)."""
    path = tmp_path / "autosave.json"
    con, out = console(io.StringIO(), autosave=path, language=language)
    con.runtime.step()
    con.handle("save")
    text = out.getvalue()
    assert said.format(path=path) in text and str(path) in text, text
    assert "saved." not in text.split(), text
    assert path.exists()


def test_save_without_an_autosave_does_not_claim_a_save():
    con, out = console(io.StringIO())
    con.handle("save")
    assert "This table keeps no save: nothing was written." in out.getvalue()
    assert "saved" not in out.getvalue().lower()


def test_piped_lines_that_print_nothing_leave_one_prompt():
    """Input that is not echoed (a pipe, a file): empty lines printed `> > > ` in a row. The prompt still standing
    is not written again until something else was written."""
    con, out = console(io.StringIO())
    con.prompt()
    for line in ("", "   ", ""):
        con.handle(line)
    assert out.getvalue() == "> ", repr(out.getvalue())
    con.handle("status")
    assert out.getvalue().count("> ") == 2 and out.getvalue().endswith("> "), out.getvalue()


def test_lines_typed_ahead_get_one_prompt_after_the_last():
    """A paste of three lines (or lines typed while the game was busy) ran each with its own prompt after the
    terminal had echoed them all: `> > > `. The prompt now waits for the last line read."""
    con, out = console(Typed("\n\nmobilize\n"))
    con._read()  # the reader takes the three lines (and the end of input) before the game runs them
    con.runtime.step()
    text = out.getvalue()
    assert text.count("> ") == 1 and text.endswith("Order: mobilize the crew.\n> "), text


def test_an_echoing_terminal_gets_a_prompt_for_each_line_typed():
    """At a terminal each typed line moves the cursor on: an empty line gets its fresh prompt, as a shell's."""
    con, out = console(Typed())
    con.handle("")
    con.handle("")
    assert out.getvalue() == "> > ", repr(out.getvalue())


def test_missions_help_says_the_action_is_optional_and_lists_it(capsys):
    """`kaleun missions --help` showed `ACTION ...` as if an action were required, though `kaleun missions` alone
    lists the missions: the usage shows it optional, the help says what the bare command does and lists check."""
    with pytest.raises(SystemExit) as done:
        cli.main(["missions", "--help"])
    assert done.value.code == 0
    said = capsys.readouterr().out
    assert "[ACTION ...]" in said and " ACTION ..." not in said.replace("[ACTION ...]", ""), said
    assert "actions (optional: without one, the missions are listed)" in said, said
    assert "    check " in said, said
    assert "Without an action: the U-BOOT missions, one line each" in " ".join(said.split()), said
    assert cli.main(["missions"]) == 0  # and it is so


@pytest.mark.parametrize(("stdin", "before"), [(Typed(), "\r\x1b[K"), (io.StringIO(), "\n")])
def test_a_report_while_the_prompt_stands_gets_its_own_line_and_a_prompt_after(stdin, before):
    """The game speaks while the First Officer sits at the prompt (lookouts report a ship): the report was written
    after the `> ` and the prompt was gone, so the next order was typed on a bare line. Now the report begins a
    line of its own (the standing prompt taken off a terminal) and the prompt comes back after it."""
    con, out = console(stdin)
    con.runtime.step()
    con.prompt()
    start = len(out.getvalue())
    con.runtime.submit({"do": "order", "order": "mobilize"})  # given elsewhere (the window, a deck button)
    con.runtime.step()
    con.runtime.step()
    said = out.getvalue()[start:]
    assert said.startswith(before + "[04:00:00] Order: mobilize the crew.\n"), repr(said)
    assert said.endswith("\n> ") and said.count("> ") == 1, repr(said)


def test_a_finished_mission_is_not_sent_to_kaleun_resume_on_quit():
    """§4.1 the boat left stopped on the surface by a convoy by day, seen and rammed: the game is over, and `kaleun
    resume` refuses a mission that is over. Quitting still said "Continue with: kaleun resume"; now it says the
    mission is over and how to go on."""
    from kaleun.ui.session import saved_line

    game = new_game(0, "exercise_convoy_battle", {"start": "1941-09-11T10:00:00"})
    game.apply({"do": "crew_options", "rules": "advise", "wear": False})
    game.advance(6 * 3600)
    assert game.module("mission").result == "lost"
    runtime = Runtime(game, Table(default_board(), game), clock=lambda: 0.0)
    out = io.StringIO()
    assert Console(runtime, stdin=io.StringIO("quit\n"), stdout=out).run() == 0
    said = out.getvalue()
    assert "Game saved. The mission is over (lost) and cannot be played on; start a new game with kaleun play." \
        in said, said
    assert "Continue with: kaleun resume" not in said, said
    assert saved_line(new_game(0)).template == "Game saved. Continue with: kaleun resume"  # a game that goes on
    out = io.StringIO()
    Console(runtime, stdin=io.StringIO(), stdout=out).handle("help")
    assert "quit" in out.getvalue() and "First steps" not in out.getvalue()  # nothing is begun after the end


def test_10_3_a_bare_repair_says_what_can_be_repaired():
    """§10.3 `repair` typed alone answered "needs the field 'condition'", as if only conditions were repaired: it
    now names the three things a repair takes (a component, a condition in a section, a hull breach)."""
    text = console_typed("en", "repair", "?repair")
    said = "! repair: say what to repair: a component (component=radio), a condition in a section (condition=fire " \
           "section=3) or a hull breach (breach=3)"
    assert text.count(said) == 2 and "needs the field" not in text, text


@pytest.mark.parametrize(("language", "said"), [("de", "! rauchen: "), ("ru", "! перекур: ")])
def test_6_13_a_smoke_break_without_a_smoker_is_refused_in_the_tables_language(language, said):
    """§6.13 `smoke` alone (and a list naming a role that is not one) was refused in English at every table; both
    refusals name the command as the table types it, as the console's own refusals do."""
    text = console_typed(language, "smoke", "do smoke roles=7")
    english = ("name who spends a cigarette", "must be a list of")
    assert text.count(said) == 2 and "'smoke'" not in text and not any(words in text for words in english), text


@pytest.mark.parametrize("language", ["de", "ru"])
def test_refusals_of_lookouts_chips_and_the_table_are_in_the_tables_language(language):
    """The First Officer's console, languages: console text in the table's language. These refusals were English at
    every table (§9.3 the lookouts' figures and count both given, §6.14 chips without add or remove, a dial that needs
    no homing, a board without buttons, a dial that does not exist, a game command that does not exist)."""
    text = console_typed(language, "observe count=2 figures=navigator-square", "chips officer-circle",
                         "home disc_bearing", "press foo", "do chips sailor=officer-circle/3 add=1", "do observe")
    english = ("give the lookouts' figures", "give either add or remove", "needs no homing", "has no buttons",
               "is not <figure>/1", "unknown command")
    assert text.count("! ") == 6 and not any(words in text for words in english), text


def test_a_dial_that_does_not_exist_is_named_in_the_tables_language():
    from kaleun.boards.loader import default_board
    from kaleun.core.errors import CommandError
    from kaleun.core.messages import of_error
    from kaleun.i18n import language

    game = new_game(0)
    table = Table(default_board(), game)
    with pytest.raises(CommandError) as refused:
        table.set_dial("periscope_ring", 3)
    assert str(refused.value).startswith("no dial 'periscope_ring' (dials: telegraph, "), str(refused.value)
    assert language("de").render(of_error(refused.value)).startswith("kein Drehregler „periscope_ring“")


@pytest.mark.parametrize(("language", "said"), [("en", "  captain-square: lifted off section 3."),
                                                ("de", "  kapitän-quadrat: aus Sektion 3 abgehoben."),
                                                ("ru", "  командир-квадрат: снята из отсека 3.")])
def test_6_3_a_figure_lifted_at_the_console_is_answered(language, said):
    """§6.3 a typed `lift` said nothing (the window shows the figure in its tray): it says where it came off, the
    figure named as the table types it (as the window names it at a German or Russian table)."""
    text = console_typed(language, "lift captain-square")
    assert text == said + "\n", text


def test_a_captain_sonar_save_names_no_calendar_moment(tmp_path):
    """Captain Sonar's clock is no calendar (it starts in 2048): its consoles' `save` says where, not "as of"."""
    from kaleun.i18n import language
    from kaleun.sonar.game import new_game as new_sonar_game
    from kaleun.ui.session import saved_line

    said = language("en").render(saved_line(new_sonar_game(0), tmp_path / "autosave.json"))
    assert said == f"Game saved in {tmp_path / 'autosave.json'}. Play on, or leave and continue it later with: " \
                   "kaleun resume", said
