"""The Captain Sonar team consoles behave as the U-BOOT console does for a newcomer: one prompt for each line
to type (not one per line typed ahead, not again after a piped empty line), the enemy's announcement while the
prompt stands on a line of its own with the prompt again after it, the first steps at the start of a new game
and at the end of `help`, `help COMMAND` with its fields, and a quit whose save fails kept open once."""

from __future__ import annotations

import errno
import io
import time

import pytest
from kaleun.core.messages import Msg
from kaleun.games import make_table
from kaleun.runtime.loop import Runtime
from kaleun.sonar.game import new_game, referee
from kaleun.ui.sonar_console import SonarConsoles, TeamConsole, start_consoles
from kaleun.ui.sonar_session import make_sonar_runtime


class Typed(io.StringIO):
    """What a player types at a terminal: the terminal echoes each line."""

    def isatty(self) -> bool:
        return True


@pytest.fixture
def table(home):
    game = new_game(4, "alpha", "realtime")
    runtime: Runtime = make_sonar_runtime(game)
    yield runtime
    runtime.close()


def seat(runtime: Runtime, team: str, stdin: io.StringIO | None = None,
         language: str = "en") -> tuple[TeamConsole, io.StringIO]:
    runtime.language = language
    out = io.StringIO()
    return TeamConsole(runtime, team, stdin if stdin is not None else io.StringIO(), out), out


def test_piped_lines_that_print_nothing_leave_one_prompt(table):
    console, out = seat(table, "yellow")
    console.prompt()
    for line in ("", "   ", ""):
        console.handle(line)
    assert out.getvalue() == "yellow> ", repr(out.getvalue())
    console.handle("status")
    assert out.getvalue().count("yellow> ") == 2 and out.getvalue().endswith("yellow> "), out.getvalue()


def test_lines_typed_ahead_get_one_prompt_after_the_last(table):
    """A paste of three lines ran each with its own prompt after the terminal had echoed them all."""
    console, out = seat(table, "yellow", Typed("\n\nstart B2\n"))
    ended = []
    console.start_reading(lambda: ended.append(True))
    deadline = time.monotonic() + 30
    while table.inbox.qsize() < 4 and time.monotonic() < deadline:  # the reader takes the three lines and the end
        time.sleep(0.01)
    table.step()  # before the game runs them
    text = out.getvalue()
    assert ended and text.count("yellow> ") == 1, repr(text)
    assert text.endswith("Your Captain has marked the start cell.\nyellow> "), repr(text)


def test_an_echoing_terminal_gets_a_prompt_for_each_line_typed(table):
    console, out = seat(table, "yellow", Typed())
    console.handle("")
    console.handle("")
    assert out.getvalue() == "yellow> yellow> ", repr(out.getvalue())


@pytest.mark.parametrize(("stdin", "before"), [(Typed(), "\r\x1b[K"), (io.StringIO(), "\n")])
def test_2_the_enemys_course_while_the_prompt_stands_gets_its_own_line_and_a_prompt_after(table, stdin, before):
    """§2 the other Captain announces a course while this team sits at its prompt: the announcement was written
    after `yellow> ` and the prompt was gone. Now it begins a line of its own and the prompt comes back after it."""
    yellow, out = seat(table, "yellow", stdin)
    blue, _ = seat(table, "blue")
    yellow.handle("start B2")
    blue.handle("start N12")
    table.step()
    yellow.prompt()
    start = len(out.getvalue())
    blue.handle("n")
    table.step()
    said = out.getvalue()[start:]
    assert said.startswith(before + "[00:00:00] Blue: course north!\n"), repr(said)
    assert said.endswith("\nyellow> ") and said.count("yellow> ") == 1, repr(said)
    assert "N11" not in said  # the enemy's cell is not told


@pytest.mark.parametrize(("language", "said"), [
    ("en", "First steps: map shows the sea, its islands and sectors; start CELL marks your secret start cell"),
    ("de", "Erste Schritte: karte zeigt"), ("ru", "Первые шаги: карта показывает")])
def test_a_new_game_greets_each_team_with_its_first_steps(table, language, said):
    """The U-BOOT console names a new game's first steps; a team console began with nothing but the commands."""
    console, out = seat(table, "blue", language=language)
    start_consoles([console], lambda: None)
    text = out.getvalue()
    assert text.count(said) == 1, text
    assert text.index(said) < text.index("blue> " if language == "en" else "> ")


def test_help_ends_with_the_steps_as_the_game_stands_and_none_after_the_end(table):
    yellow, out = seat(table, "yellow")
    blue, _ = seat(table, "blue")
    yellow.handle("help")
    assert "First steps: map shows the sea" in out.getvalue()
    yellow.handle("start B2")
    blue.handle("start N12")
    table.step()
    yellow.handle("help")
    assert "First steps: announce a course (n, e, s or w)" in out.getvalue().rsplit("Commands for", 1)[1]
    ref = referee(table.game)
    ref.take_damage("blue", 4, "test")  # the game is over
    mark = len(out.getvalue())
    yellow.handle("help")
    assert "First steps" not in out.getvalue()[mark:] and "quit" in out.getvalue()[mark:]


def test_help_command_shows_its_fields_in_the_tables_language(table):
    console, out = seat(table, "yellow", language="de")
    console.handle("help torpedo")
    text = out.getvalue()
    assert text.startswith("torpedo FELD\n"), text
    assert "  feld: " in text and "Beispiel: torpedo G5" in text, text


def test_a_quit_whose_save_fails_keeps_the_console_open_once(table, monkeypatch):
    """As at the U-BOOT console: a full storage keeps the first quit open to make room; the second leaves."""
    from kaleun.runtime import outputs

    def full(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(outputs, "save_game", full)
    console, out = seat(table, "yellow")
    console.handle("quit")
    assert not console.stopping
    assert "Make room and type quit again, or type quit again now to leave without this save." in out.getvalue()
    console.handle("quit")
    assert console.stopping


@pytest.mark.parametrize(("language", "again"), [
    ("de", "! Schafft Platz und gebt erneut beenden ein, oder gebt jetzt erneut beenden ein, um ohne diesen "
           "Spielstand zu gehen."),
    ("ru", "! Освободите место и снова введите выйти или введите выйти сейчас, чтобы выйти без этого сохранения.")])
def test_a_quit_whose_save_fails_names_the_word_the_table_types_to_leave(table, monkeypatch, language, again):
    """A German or Russian team leaves with `beenden` or `выйти`: a full storage asks for that word again (it asked
    for `quit`), and that word then leaves."""
    from kaleun.runtime import outputs

    def full(*args: object, **kwargs: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(outputs, "save_game", full)
    console, out = seat(table, "yellow", language=language)
    word = {"de": "beenden", "ru": "выйти"}[language]
    console.handle(word)
    assert not console.stopping and again in out.getvalue().splitlines(), out.getvalue()
    console.handle(word)
    assert console.stopping


def test_quit_saves_and_says_so(table):
    console, out = seat(table, "yellow", io.StringIO("quit\n"))
    assert SonarConsoles(table, [console]).run() == 0
    assert out.getvalue().rstrip().endswith("Game saved. Continue with: kaleun resume"), out.getvalue()


def test_1_a_game_that_is_over_is_not_sent_to_kaleun_resume_to_play_on(table):
    """§1 a boat with 4 damage sinks and the game ends: `save` still said "Play on, or leave and continue it later
    with: kaleun resume" and quit "Continue with: kaleun resume" (every command is refused after the end, and
    `kaleun play --continue` starts a new game). Both now say the game is over and how a new one starts."""
    yellow, out = seat(table, "yellow", io.StringIO("quit\n"))
    blue, _ = seat(table, "blue")
    yellow.handle("start B2")
    blue.handle("start N12")
    table.step()
    referee(table.game).take_damage("blue", 4, "test")
    yellow.handle("save")
    assert SonarConsoles(table, [yellow]).run() == 0
    said = out.getvalue()
    over = "The game is over and cannot be played on; start a new game with kaleun play."
    assert said.count(over) == 2 and "kaleun resume" not in said, said


def test_7_help_names_echo_as_the_feed_does_at_a_russian_table(table):
    """§7 Echo's Archer mines: the Russian feed calls the scenario «Эхо», `help scenario` called it Echo."""
    console, out = seat(table, "yellow", language="ru")
    console.handle("help scenario")
    assert "(Эхо: подорвать мину «Арчер» в клетке)" in out.getvalue() and "Echo" not in out.getvalue(), out.getvalue()


def test_5_a_value_typed_by_position_may_be_named_as_help_shows_its_field(table):
    """§5 `help drone` names the field `sector`; `drone sector=4` (as the U-BOOT console takes a field either way)
    answered only the usage. A positional value given as name=value now takes its place; help says so."""
    yellow, out = seat(table, "yellow")
    blue, _ = seat(table, "blue")
    yellow.handle("start cell=B2")
    blue.handle("start N12")
    table.step()
    yellow.handle("course direction=E mark=drone cross=E1")
    for direction, symbol in (("S", "S1"), ("S", "S2"), ("E", "E3")):  # no green symbol crossed: the drone works
        yellow.handle(f"course direction={direction} mark=drone cross={symbol}")
    said = out.getvalue()
    assert "You start at B2" in said and said.count("Course south!") == 2, said
    assert referee(table.game).teams["yellow"].position == (3, 3)  # D4
    yellow.handle("drone sector=9")
    assert "Stop! Your drone asks: are you in sector 9? Blue: yes!" in out.getvalue(), out.getvalue()
    yellow.handle("silence distance=2")  # the direction before it is missing: the usage, nothing sent
    assert out.getvalue().endswith("! usage: silence DIRECTION DISTANCE\nyellow> "), out.getvalue()
    yellow.handle("help drone")
    assert "  sector: a sector number [required; also as sector=value]" in out.getvalue(), out.getvalue()


@pytest.mark.parametrize(("command", "by"), [("torpedo", False), ("mine", False), ("silence", False),
                                             ("scenario", False), ("drone", True), ("sonar", True)])
def test_1_only_the_drone_and_the_sonar_offer_the_first_mate(table, command, by):
    """§1 "Minen, Torpedos, Schleichfahrt und die szenariospezifischen Systeme können nur vom Kapitän aktiviert
    werden": `help silence` offered `by=first_mate`, which the referee then refused."""
    console, out = seat(table, "yellow")
    console.handle(f"help {command}")
    assert ("[by=WHO]" in out.getvalue().splitlines()[0]) is by, out.getvalue()
    assert ("  by: who activates it when the rules let the First Mate do it: first_mate" in out.getvalue()) is by


def _yellows_sonar_asks_blue(runtime: Runtime, language: str) -> tuple[io.StringIO, TeamConsole, io.StringIO]:
    """Both teams seated at `language` consoles and started (yellow B2, blue N12); yellow runs east, south, south
    marking the sonar and activates it: the game waits for blue's answer. Yellow's output, blue's console and its
    output."""
    yellow, yellow_out = seat(runtime, "yellow", language=language)
    blue, blue_out = seat(runtime, "blue", language=language)
    yellow.handle("start B2")
    blue.handle("start N12")
    runtime.step()
    for direction, symbol in (("E", "E1"), ("S", "S1"), ("S", "S2")):  # no green symbol crossed
        yellow.handle(f"course {direction} mark=sonar cross={symbol}")
    yellow.handle("sonar")
    return yellow_out, blue, blue_out


@pytest.mark.parametrize(("language", "hint"), [
    ("en", "  To answer: answer row=ROW column=COLUMN (or sector=SECTOR): two kinds, exactly one of them true"),
    ("de", "  So antwortet ihr: antwort zeile=ZEILE spalte=SPALTE (oder sektor=SEKTOR)"),
    ("ru", "  Как ответить: ответ строка=СТРОКА столбец=СТОЛБЕЦ (или сектор=СЕКТОР)")])
def test_5_the_enemys_sonar_says_how_to_answer_it_to_the_team_it_asks_only(table, language, hint):
    """§5 the enemy's sonar freezes the game until this team's Captain answers: a newcomer at the console read only
    that two statements are due, and `help` was the way to learn how to type them. The asked team is told how."""
    yellow_out, blue, blue_out = _yellows_sonar_asks_blue(table, language)
    assert blue_out.getvalue().count(hint) == 1, blue_out.getvalue()
    assert hint not in yellow_out.getvalue()
    blue.handle("answer row=12 column=A")
    assert referee(table.game).turns.sonar is None


@pytest.mark.parametrize(("language", "answer", "course"), [
    ("en", "answer row 7, column N", "n mark drone cross N1"),
    ("de", "antwort zeile 7 spalte N", "n markieren drohne kreuzen N1"),
    ("ru", "ответ строка 7 столбец N", "с отметить дрон зачеркнуть С1")])
def test_5_a_sonar_answer_said_aloud_is_taken(table, language, answer, course):
    """§5 the answering Captain says "row 7, column N": `answer row 7 column A` (a field's name, then its value,
    as it is said aloud) answered only the usage line. A field's name followed by its value is `name=value`, for
    the sonar's answer and every other command's field (`n mark drone cross N1`); a sentence's commas are no part
    of a value. Values without their kinds (`answer 7 N`: row 7 or sector 7?) get the usage and how to answer."""
    _, blue, blue_out = _yellows_sonar_asks_blue(table, language)
    table.step()
    # the values without their kinds (row 7 or sector 7?): the usage, and how the answer is typed
    blue_out.truncate(0)
    blue_out.seek(0)
    blue.handle(answer.split()[0] + " 7 N")
    table.step()
    said = blue_out.getvalue().splitlines()
    assert said[0].startswith("! ") and said[1].startswith("  ") and "=" in said[1], said
    assert referee(table.game).turns.sonar is not None
    blue_out.truncate(0)
    blue_out.seek(0)
    blue.handle(answer)  # row 7 is false, column N true (blue is at N12)
    table.step()
    assert referee(table.game).turns.sonar is None, blue_out.getvalue()
    refused = [line for line in blue_out.getvalue().splitlines() if line.split("] ", 1)[-1].startswith("!")]
    assert not refused, blue_out.getvalue()
    blue.handle(course)
    table.step()
    assert referee(table.game).teams["blue"].position == (13, 10), blue_out.getvalue()  # N11
    assert not referee(table.game).teams["blue"].handshake_pending


def test_1_a_course_without_its_mark_and_cross_says_what_it_still_owes(table):
    """§1 the course handshake: the next course only after the First Mate and the Engineer said "Ok". A course typed
    alone (`e`) told the console only where the boat is; what it owed was said when the next course was refused.
    The team's console now says it at once, and says nothing once the mark and the cross came with the course."""
    yellow, out = seat(table, "yellow")
    blue, blue_out = seat(table, "blue")
    yellow.handle("start B2")
    blue.handle("start N12")
    table.step()
    yellow.handle("e")
    table.step()
    owed = "  Waiting: the First Mate marks a gauge and the Engineer crosses a symbol of the east section.\n"
    assert owed in out.getvalue(), out.getvalue()
    yellow.handle("mark drone")
    yellow.handle("cross E1")
    yellow.handle("s mark drone cross S1")
    table.step()
    assert "Course south!" in out.getvalue() and out.getvalue().count("  Waiting:") == 1, out.getvalue()
    yellow.handle("e mark drone")
    table.step()
    assert out.getvalue().count("  Waiting: the Engineer crosses a symbol of the east section.\n") == 1, \
        out.getvalue()
    assert "Waiting" not in blue_out.getvalue()


def test_2_a_surfacing_in_real_time_says_how_the_repairs_are_typed(home):
    """§2 real time: the surfaced crew outlines the four hull sections, the Engineer first and the sheet passed on;
    the feed says so, but not which words do it at the console. The surfaced team is told, with its own crew."""
    runtime = make_sonar_runtime(new_game(4, "alpha", "realtime", [3, 2]))
    try:
        yellow, yellow_out = seat(runtime, "yellow")
        blue, blue_out = seat(runtime, "blue")
        yellow.handle("start B2")
        blue.handle("start N12")
        runtime.step()
        yellow.handle("surface")
        hint = ("  To repair: repair SECTION MEMBER for each hull section, the Engineer first (repair 1 engineer), the "
                "sheet passed on among captain, engineer, radio_operator; then dive.")
        assert yellow_out.getvalue().count(hint) == 1, yellow_out.getvalue()
        assert "To repair" not in blue_out.getvalue()
        for line in ("repair 1 engineer", "repair 2 captain", "repair 3 radio_operator", "repair 4 engineer", "dive"):
            yellow.handle(line)
        assert "You dive!" in yellow_out.getvalue(), yellow_out.getvalue()
    finally:
        runtime.close()


@pytest.mark.parametrize(("language", "lines"), [
    ("en", ("repair 1 engineer", "repair 2 first mate", "repair 3 Radio Operator", "repair 4 captain")),
    ("de", ("reparieren 1 maschinist", "reparieren 2 erster offizier", "reparieren 3 funker",
            "reparieren 4 kapitän"))])
def test_2_a_crew_member_typed_as_the_feed_names_it_outlines_a_section(home, language, lines):
    """§2 the repair ritual: the feed says "outlined by the first mate", and a player typed `repair 2 first mate`,
    which answered only the usage line (the console wanted `first_mate`). A member's name in two words is taken."""
    runtime = make_sonar_runtime(new_game(4, "alpha", "realtime"), language=language)
    try:
        yellow, out = seat(runtime, "yellow", language=language)
        blue, _ = seat(runtime, "blue", language=language)
        yellow.handle("start B2")
        blue.handle("start N12")
        runtime.step()
        yellow.handle("surface")
        for line in lines:
            yellow.handle(line)
        runtime.step()
        assert referee(runtime.game).teams["yellow"].repaired, out.getvalue()
        assert "! " not in out.getvalue().split(lines[0], 1)[1], out.getvalue()
    finally:
        runtime.close()


def test_5_a_game_resumed_at_the_enemys_sonar_says_how_to_answer(home):
    """§5 a game saved while the enemy's sonar waits for this team (everything frozen): after `kaleun resume` the
    console showed the past lines but not how to type the answer the whole game waits for."""
    from kaleun.runtime.loop import Runtime as Loop
    from kaleun.sonar.game import load_game

    game = new_game(4, "alpha", "realtime")
    for command in ({"do": "start", "team": "yellow", "cell": "B2"}, {"do": "start", "team": "blue", "cell": "N12"},
                    *({"do": "course", "team": "yellow", "direction": d, "mark": "sonar", "cross": s}
                      for d, s in (("E", "E1"), ("S", "S1"), ("S", "S2"))),
                    {"do": "activate", "team": "yellow", "system": "sonar"}):
        game.apply(command)
    resumed = load_game(game.to_state())
    runtime = Loop(resumed, make_table(resumed, None), [], clock=lambda: 0.0)
    blue, out = seat(runtime, "blue")
    yellow, yellow_out = seat(runtime, "yellow")
    blue.recall()
    yellow.recall()
    assert "Stop! Yellow activates the sonar" in out.getvalue()
    assert out.getvalue().count("  To answer: answer row=ROW column=COLUMN") == 1, out.getvalue()
    assert "To answer" not in yellow_out.getvalue()


def test_a_status_typed_as_a_json_line_is_answered_as_the_typed_word(table):
    """Any table-script line may be typed as JSON: `{"do": "status"}` went to the game and printed nothing (its
    event has no feed line). It is answered as `status` is."""
    console, out = seat(table, "yellow")
    table.step()
    console.handle('{"do": "status"}')
    said = out.getvalue()
    assert "Boat still without a start cell; damage 0; submerged." in said, said
    assert "Waiting: your Captain marks the start cell (start CELL)." in said


@pytest.mark.parametrize("mode", ["turn", "realtime"])
@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_5_the_sonar_answers_example_is_an_answer_either_mode_takes(mode, code):
    """§5 sonar, §2 (4 sectors turn-based, 9 in real time): the example the answer hint and `help answer` give was
    `answer column=L sector=6`, which the turn-based game (sectors 1 to 4) refuses as malformed ("sector must be
    between 1 and 4") when a team types it as shown. The example is now a well-formed answer in both modes: typed
    when no sonar asks, it is refused only because none asks."""
    from kaleun.i18n import language as table_language
    from kaleun.ui.sonar_commands import command
    from sonarkit import printed, seated

    runtime, seats, outs = seated(mode=mode, code=code)
    example = command("answer").example_in(table_language(code))
    said = printed(runtime, seats["yellow"], outs["yellow"], example)
    no_sonar = table_language(code).render(Msg("no sonar asks you for an answer"))
    assert no_sonar in said, said
