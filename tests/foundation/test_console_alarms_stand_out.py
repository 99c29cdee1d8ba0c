"""Issue 10, point 9 at the text console: an alarm stands out from routine lines, never by colour alone (a terminal
over SSH may show none): its word in capitals on a line of its own, as the window's banner shows it, before the feed
line that raises it (a fire, a hull breach, a contact report). A line that only grows an open report (a convoy's
next ship) raises nothing again, as the window's banner does not; a routine order's line is never marked."""

from __future__ import annotations

from kaleun.uboot.game import new_game
from kit import console_on_a_clock, console_typed


def test_a_fire_and_a_breach_are_announced_by_their_words_in_the_tables_language():
    said = console_typed("de", "kurs 90", "schaden umgebung zustand=feuer sektion=5", "schaden hüllenbruch sektion=2")
    lines = said.splitlines()
    fire = lines.index("*** FEUER ***")
    assert lines[fire + 1].endswith("Feuer in Sektion 5 (Dieselraum)!")
    breach = lines.index("*** HÜLLENBRUCH ***")
    assert "Hüllenbruch in Sektion 2" in lines[breach + 1]
    assert [line for line in lines if line.startswith("***")] == ["*** FEUER ***", "*** HÜLLENBRUCH ***"]
    assert "*** ПОЖАР ***" in console_typed("ru", "повреждение среда авария=пожар отсек=5").splitlines()


def test_a_convoy_coming_into_view_is_announced_once_per_report():
    """The convoy battle (seed 1) with two lookouts: a report of 3 ships at 90 s, a fourth ship added to it at 180 s,
    a new report after six quiet minutes at 540 s."""
    game = new_game(1, mission="exercise_convoy_battle")
    runtime, _console, out, now = console_on_a_clock(game, "en", "mobilize", "place navigator-square 8",
                                                     "place navigator-triangle 8", "observe")
    marks: list[int] = []
    for until in (200, 560):
        while now[0] < until:
            now[0] += 10
            runtime.step()
        marks.append(out.getvalue().count("*** CONTACT ***"))
    assert marks == [1, 2], out.getvalue()
    lines = out.getvalue().splitlines()
    first = lines.index("*** CONTACT ***")
    assert "Lookouts report" in lines[first + 1]
