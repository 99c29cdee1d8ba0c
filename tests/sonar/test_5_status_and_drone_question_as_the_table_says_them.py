"""Digest §5 (the drone asks whether the enemy is in a sector; [B] "Drohne": „Seid ihr in Sektor 5?“) and the
console's status as a Russian table says it («статус», beside the console's «состояние»): each was "unknown command".
They are catalogue words (`Captain Sonar console, as called`), taken as the console's own."""

from __future__ import annotations

import pytest
from kaleun.sonar.game import referee
from sonarkit import printed, said_to_yellow, seated


def test_status_typed_as_the_russian_table_says_it():
    """`статус` shows the boat's status, as `состояние` does."""
    got = said_to_yellow("статус", "ru")
    assert "Лодка на B2, сектор 1" in got and "неизвестная" not in got, got


@pytest.mark.parametrize(("code", "line", "refused"), [
    ("de", "Seid ihr in Sektor 5?", "die Anzeige Drohne ist nicht voll"),
    ("de", "seid ihr in sektor 5", "die Anzeige Drohne ist nicht voll"),
    ("ru", "Вы в секторе 5?", "шкала «дрон» не заполнена"),
])
def test_5_the_drone_asked_as_the_rulebook_asks_it(code, line, refused):
    """§5 [B] „Seid ihr in Sektor 5?“: the question is the drone on sector 5 (refused here for its empty gauge, not
    for its words)."""
    got = said_to_yellow(line, code)
    assert refused in got, got


@pytest.mark.parametrize("code", ["en", "de"])
def test_a_question_mark_alone_is_still_the_help(code):
    """`?` alone stays the help, though a word's closing question mark is no part of it."""
    runtime, seats, outs = seated(code=code)
    got = printed(runtime, seats["yellow"], outs["yellow"], "?")
    assert "help [COMMAND]" in got or "hilfe [KOMMANDO]" in got, got


def test_2_surfacing_and_diving_typed_as_the_russian_help_says_them():
    """§2 (surfacing; diving again after it): the Russian help says «всплытие — всплыть: сектор объявляется ...» and
    «погружение — снова погрузиться»; `всплыть` and `погрузиться` were "unknown command". They surface and dive."""
    runtime, seats, outs = seated(code="ru")
    console, out = seats["yellow"], outs["yellow"]
    assert "Вы всплываете в секторе 1!" in printed(runtime, console, out, "всплыть")
    assert referee(runtime.game).team_status("yellow")["surfaced"]
    # the dive, refused here for its reason (real time: the repairs first), not for its word
    got = printed(runtime, console, out, "погрузиться")
    assert "«погружение» — отказано: ремонт не закончен" in got, got
