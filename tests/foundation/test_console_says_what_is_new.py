"""§11 (the companion app's info feed) on the text console: a convoy coming into view ship by ship, and leaving
sight ship by ship, is one line on the window, but the console prints a stream. It printed the whole grown line
again on every addition ("Lookouts: lost sight of c17, c7, c5, c10, c2, c18, c13, c14 and 9 more." after "... and 8
more."), so the terminal filled with the same list. Each addition now says only what is new: the ships added with
where they are, or the contact lost, and how many in all."""

from __future__ import annotations

import re

import pytest
from kaleun.uboot.game import new_game
from kit import console_on_a_clock

#: what the console prints for a lookouts' report that adds ships, and for a loss added to an open line
MORE = {"en": r"Lookouts report (\d+) more ships? .* \((\d+) in all\)\.",
        "de": r"Beobachter melden (\d+) weitere[s]? Schiff[e]? .* \(insgesamt (\d+)\)\.",
        "ru": r"Сигнальщики докладывают: ещё (\d+) суд[а-я]+, .* \(всего (\d+)\)\."}
LOST = {"en": r"Lookouts: lost sight of (c\d+)(?: as well \((\d+) in all\))?\.",
        "de": r"Beobachter: (?:auch )?(c\d+) außer Sicht(?: \(insgesamt (\d+)\))?\.",
        "ru": r"Сигнальщики: потеряли из виду (?:и )?(c\d+)(?: \(всего (\d+)\))?\."}


def _convoy_watched(code: str) -> list[str]:
    """The console of a table speaking `code` on the convoy exercise: two lookouts sent up, then 65 minutes of
    the convoy passing (the runtime stepped every 30 s of wall time at real time)."""
    runtime, _, out, now = console_on_a_clock(new_game(0, "exercise_convoy"), code, "mobilize",
                                              "place navigator-square 8", "place navigator-triangle 8", "observe")
    for _ in range(130):
        now[0] += 30
        runtime.step()
    return [line.split("] ", 1)[1] for line in out.getvalue().splitlines() if line.startswith("[")]


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_11_the_console_says_each_ship_added_and_each_contact_lost_once(code: str):
    printed = _convoy_watched(code)
    more = [m for line in printed if (m := re.fullmatch(MORE[code] + r"(?: .+!)?", line))]
    assert len(more) >= 5, printed  # the convoy came into view report by report
    totals = [int(m.group(2)) for m in more]
    assert totals == sorted(totals) and len(set(totals)) == len(totals)  # each says a count in all that grew
    lost = [m for line in printed if (m := re.fullmatch(LOST[code], line))]
    assert len(lost) >= 5, printed  # and went out of sight one by one
    named = [m.group(1) for m in lost]
    assert len(named) == len(set(named)), named  # each contact lost is named once, never the grown list again
    assert all(len(line) < 140 for line in printed), [line for line in printed if len(line) >= 140]
    convoy = {"en": "A convoy!", "de": "Ein Geleitzug!", "ru": "Конвой!"}[code]
    assert sum(convoy in line for line in printed) == 1  # said when the ships make a convoy, not on every report
