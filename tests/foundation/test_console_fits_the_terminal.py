"""The text console over SSH in an 80-column terminal (issue: "the text console keeps parity"; "text readable"):
every line it prints fits the terminal's width, broken between words where it is too long; a table too wide
for it goes on with its last columns on a row of their own under each row, never cut through a column. Output
to a pipe or a file keeps each line whole (for scripts and grep)."""

from __future__ import annotations

import os

import pytest
from kaleun.ui.terminal_out import FittedLines
from kit import Terminal, console_typed

#: a command per view that prints a table or long lines, as each table types it
TYPED = {
    "de": ["hilfe", "mannschaft", "status", "waffen", "hilfe tdc", "?beobachter", "mobilisieren",
           "setzen navigator-quadrat 8", "?beobachter"],
    "ru": ["помощь", "экипаж", "состояние", "оружие", "помощь срп", "?сигнальщики", "смена_позиций",
           "поставить штурман-квадрат 8", "?сигнальщики"],
}


def fitting(text: str) -> list[str]:
    """The terminal's lines (its carriage returns and line erasures left out); none wider than 80."""
    lines = text.replace("\r", "").replace("\x1b[K", "").split("\n")
    wide = [line for line in lines if len(line) > 80]
    assert not wide, "\n".join(wide)
    return lines


@pytest.mark.parametrize("language", sorted(TYPED))
def test_every_line_fits_an_80_column_terminal(tmp_path, language):
    with Terminal(tmp_path, "play", "--console", "--language", language, "--seed", "3", "--mission",
                  "exercise_convoy_battle", columns=80) as term:
        term.expect("AK35")
        for line in TYPED[language]:
            term.send(line)
        term.send({"de": "beenden", "ru": "выйти"}[language])
        text = term.expect("kaleun resume")  # the quit's last line
        assert term.close() == 0
    lines = fitting(text)
    # the crew table's rows go on under their first columns: the figure's row, then its symbols further in
    figure = {"de": "navigator-quadrat", "ru": "штурман-квадрат"}[language]
    symbols = {"de": "Beobachtung, Sextant", "ru": "наблюдение, секстант"}[language]
    row = next(i for i, line in enumerate(lines) if line.lstrip().startswith(figure + " "))
    assert symbols not in lines[row] and symbols in lines[row + 1] and lines[row + 1].startswith("    ")
    # a long help line goes on under its description, not under the command
    described = next(i for i, line in enumerate(lines) if line.startswith("  nachladen [")
                     or line.startswith("  перезарядка ["))
    start = lines[described].index("  ", 4) + 2
    start += len(lines[described][start:]) - len(lines[described][start:].lstrip())
    assert lines[described + 1].startswith(" " * start) and lines[described + 1][start] != " "


def test_a_pipe_gets_each_line_whole():
    out = console_typed("de", "mannschaft")
    row = next(line for line in out.splitlines() if line.lstrip().startswith("navigator-quadrat "))
    assert "Beobachtung, Sextant" in row and len(row) > 80


def test_the_set_up_questions_fit_an_80_column_terminal(tmp_path):
    """The set-up asked at the terminal (issue 9, new game set-up): the missions, an unknown mission's refusal
    and what each difficulty level changes fit the width; the questions stand on their lines as asked."""
    with Terminal(tmp_path, "play", "--console", "--language", "ru", "--seed", "3", columns=80) as term:
        term.expect("[training]: ")
        term.send("xyz")
        term.expect("weather_1940)\r\nМиссия (номер или id) [training]: ")  # the refusal, the question again
        term.send("17")
        term.expect("[одиночная миссия]: ")
        term.send("")  # the mode, then each role's difficulty: Enter takes the default
        for role in ("Командир", "Старший помощник", "Штурман", "Старший механик"):
            term.expect(f"Сложность: {role} (лёгкая, обычная, трудная) [обычная]: ")
            term.send("")
        term.expect("AK35")
        term.send("выйти")
        text = term.expect("kaleun resume")
        assert term.close() == 0
    lines = fitting(text)
    refusal = next(i for i, line in enumerate(lines) if line.startswith("! неизвестная миссия «xyz»"))
    assert lines[refusal + 1].startswith("  ") and lines[refusal + 1][2] != " "  # under the refusal's words
    assert "Миссия (номер или id) [training]: 17" in text
    assert any(line.startswith("  лёгкая: командир: ") for line in lines)


def test_a_line_going_on_after_a_question_is_not_broken_as_if_it_began_the_row(tmp_path):
    """A question stands on its line waiting for its answer (the set-up's "Mission (number or id) [training]: ");
    what is written after it on that line goes on where the question ends, so it is not broken to the width as a
    line of its own would be (its first row would run past the edge behind the question); the lines after it are."""
    import fcntl
    import pty
    import select
    import struct
    import termios

    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 40, 0, 0))
    going_on = "the rest of the question's own line, longer than the terminal is wide"
    below = "a line of its own after it, longer than the terminal is wide as well"
    with open(slave, "w", encoding="utf-8") as terminal:
        fitted = FittedLines(terminal)
        fitted.write("Mission [training]: ")
        fitted.write(going_on + "\n" + below + "\n")
        fitted.flush()
    text = ""
    while select.select([master], [], [], 1.0)[0]:
        try:
            chunk = os.read(master, 4096)
        except OSError:  # the terminal's other end closed: all of it read
            break
        if not chunk:
            break
        text += chunk.decode()
    os.close(master)
    lines = text.replace("\r", "").split("\n")
    assert lines[0] == "Mission [training]: " + going_on  # whole, as written
    assert len(lines[1:-1]) > 1 and all(len(line) <= 40 for line in lines[1:-1])  # the next line fitted
    assert " ".join(line.strip() for line in lines[1:-1]) == below
