"""What a team console says when it refuses a course or a symbol: the words the team may type instead, in the
table's language, and the refusal the player needs first (a mistyped symbol before the game's state)."""

from __future__ import annotations

import io

import pytest
from kaleun.core.errors import CommandError
from kaleun.i18n import language
from kaleun.runtime.loop import Runtime
from kaleun.sonar.game import new_game, referee
from kaleun.sonar.referee import Referee
from kaleun.ui.sonar_commands import course_id
from kaleun.ui.sonar_console import TeamConsole
from sonarkit import printed, seated


def _table(code: str) -> tuple[Runtime, dict[str, TeamConsole], dict[str, io.StringIO]]:
    """Both teams seated at consoles of a table in language `code`, their start cells marked."""
    return seated(mode="turn", code=code)



@pytest.mark.parametrize(("code", "said"), [
    ("en", "! course: direction 'X' is not one of: N, E, S, W\n"),
    ("de", "! course: richtung „X“ ist keiner von: N, E, S, W, O\n"),
    ("ru", "! course: направление «X» не из списка: N, E, S, W, С, В, Ю, З\n"),
])
def test_2_a_refused_course_lists_the_letters_this_console_takes(code, said):
    """§2 courses N, E, S, W: a German console takes O (Ost), a Russian one С, В, Ю, З; the refusal of a course
    that is none of them lists those letters (it listed N, E, S, W only, and O is what a German player types)."""
    runtime, seats, outs = _table(code)
    team = referee(runtime.game).turns.current
    assert printed(runtime, seats[team], outs[team], "course X") == said
    assert printed(runtime, seats[team], outs[team], "silence X 2") == said.replace("course", "silence")
    # a JSON line is a table script's command: it lists the ids a script takes
    assert "N, E, S, W\n" in printed(runtime, seats[team], outs[team],
                                   '{"do": "course", "direction": "X"}')
    # a value refused among other choices keeps its own (the systems a gauge may be marked for)
    systems = "mine, torpedo, drone, sonar, silence, scenario"
    assert f"{systems}\n" in printed(runtime, seats[team], outs[team], "mark xyz")
    assert f"{systems}\n" in printed(runtime, seats[team], outs[team], "n mark=xyz")
    # each letter listed is one this console takes for a course
    listed = said.rsplit(": ", 1)[1].strip().split(", ")
    assert {course_id(letter, code) for letter in listed} == {"N", "E", "S", "W"}


def test_4_a_symbol_not_on_the_board_is_refused_as_such_before_there_is_a_course():
    """§4.1: `cross Q1` with no course waiting said "there is no course to cross a symbol for"; the player
    then gave a course and only learned that Q1 is no symbol of the board. The board's symbols are W1-W6,
    N1-N6, S1-S6, E1-E6 whenever the player types one, and the refusal lists each section's (it said "N.., S..,
    E..")."""
    runtime, seats, outs = _table("en")
    team = referee(runtime.game).turns.current
    other = "blue" if team == "yellow" else "yellow"
    unknown = "! symbol 'Q1' is not on the engineer board (W1-W6, N1-N6, S1-S6, E1-E6)\n"
    assert printed(runtime, seats[team], outs[team], "cross Q1") == unknown
    assert printed(runtime, seats[other], outs[other], "cross Q1") == unknown  # not even this team's turn
    assert "there is no course to cross a symbol for" in printed(runtime, seats[team], outs[team], "cross N1")
    # a course that would cross it is refused before the boat moves
    assert printed(runtime, seats[team], outs[team], "n cross=Q1") == unknown
    assert referee(runtime.game).teams[team].position == ((1, 1) if team == "yellow" else (13, 11))


def test_4_the_referee_refuses_an_unknown_symbol_as_a_malformed_command():
    """Through the game's own interface (a table script's line): the same refusal, raised as a bad line."""
    game = new_game(4, "alpha", "turn")
    game.apply({"do": "start", "team": "yellow", "cell": "B2"})
    game.apply({"do": "start", "team": "blue", "cell": "N12"})
    with pytest.raises(CommandError, match="symbol 'Q1' is not on the engineer board"):
        game.apply({"do": "cross", "team": referee(game).turns.current, "symbol": "Q1"})


def test_a_german_refusal_names_the_action_as_a_noun():
    """The feed's refusal "Gelb: auftauchen abgelehnt" used U-BOOT's order word (typed lower case); every
    action a Captain Sonar refusal names reads as a German noun ("Auftauchen abgelehnt" at the team's own
    console, "Gelb: Auftauchen abgelehnt" in the referee's log)."""
    runtime, seats, outs = _table("de")
    team = referee(runtime.game).turns.current
    other = "blue" if team == "yellow" else "yellow"
    said = printed(runtime, seats[other], outs[other], "surface")
    assert "! Auftauchen abgelehnt: " in said, said
    lang = language("de")
    names = {name: lang.render(text) for name, text in Referee.COMMAND_NAMES.items()}
    assert all(text[0].isupper() for text in names.values()), names


def test_4_status_names_the_section_to_cross_in_whole_english():
    """§4.1 the Engineer crosses a symbol of the course's section: after a course east with its mark, `status` said
    "Waiting: the Engineer crosses a east symbol."; it names the section as the refusals do."""
    runtime, seats, outs = _table("en")
    team = referee(runtime.game).turns.current
    direction = "E" if team == "yellow" else "W"                                # B2 and N12 both have sea there
    printed(runtime, seats[team], outs[team], f"course {direction} mark=torpedo")
    section = {"E": "east", "W": "west"}[direction]
    said = printed(runtime, seats[team], outs[team], "status")
    assert f"Waiting: the Engineer crosses a symbol of the {section} section.\n" in said
    assert " a east" not in said


@pytest.mark.parametrize(("code", "torpedo", "silence"), [
    ("en", "! torpedo refused: ", "! silence refused: "),
    ("de", "! Torpedo abgelehnt: ", "! Schleichfahrt abgelehnt: "),
    ("ru", "! «торпеда» — отказано: ", "! «тишина» — отказано: "),
])
def test_5_a_refused_system_is_named_as_the_player_typed_it(code, torpedo, silence):
    """§5 systems: `torpedo D6` with no torpedo ready was refused as "! activate refused: ...", naming a command
    no player typed; the refusal names the system, in the table's language."""
    runtime, seats, outs = _table(code)
    team = referee(runtime.game).turns.current
    said = printed(runtime, seats[team], outs[team], "torpedo D6")
    assert torpedo in said, said
    assert not any(word in said.lower() for word in ("activate", "aktivieren", "активация")), said
    assert silence in printed(runtime, seats[team], outs[team], "silence E 2")


def _asked(code: str) -> tuple[Runtime, dict[str, TeamConsole], dict[str, io.StringIO]]:
    """Real time on open sea: yellow on L14 (the rulebook's sonar example), blue's sonar asks it."""
    runtime, seats, outs = seated("charlie", "realtime", code, cells=("L14", "B2"))
    for line in ("e mark sonar cross E4", "e mark sonar cross E5", "s mark sonar cross S1", "sonar"):
        printed(runtime, seats["blue"], outs["blue"], line)
    assert referee(runtime.game).turns.sonar == ("blue", "yellow")
    return runtime, seats, outs


@pytest.mark.parametrize(("code", "typed", "said"), [
    ("en", "answer row L sector 6", "! answer: row 'L' is a column's letter: the rows are numbered 1 to 15\n"),
    ("en", "answer column 14 sector 6", "! answer: column '14' is a row's number: the columns are lettered A to O\n"),
    ("en", "answer column 99 sector 6", "! answer: column '99' is not a column of the map (A to O)\n"),
    ("en", '{"do": "sonar_answer", "row": "l", "sector": 6}',
     "! sonar_answer: row 'L' is a column's letter: the rows are numbered 1 to 15\n"),
    ("de", "antwort zeile L sektor 6",
     "! antwort: zeile „L“ ist der Buchstabe einer Spalte: die Zeilen sind von 1 bis 15 nummeriert\n"),
])
def test_5_a_sonar_answer_with_a_value_of_the_other_kind_says_which_kind_it_is(code, typed, said):
    """§5 [B] "Das Sonar aktivieren": the rulebook's example answers "Wir sind in Reihe L, Sektor 6" for a boat on
    L14. A Captain who says it so (`answer row L`) was told "field 'row' must be a whole number", and one who typed
    the row as the column (`answer column 14`) "field 'column' must be text, got 14": neither says what to type.
    The refusal says which kind the value is, and the game still waits for a true answer."""
    runtime, seats, outs = _asked(code)
    assert printed(runtime, seats["yellow"], outs["yellow"], typed) == said
    assert referee(runtime.game).turns.sonar == ("blue", "yellow")
    answered = printed(runtime, seats["yellow"], outs["yellow"], "answer column L sector 6")
    assert referee(runtime.game).turns.sonar is None, answered
