"""`kaleun resume` says where a U-BOOT mission goes on and which save it was: both are a day and the ship's time
("1. Juni 1941, 04:00:00"), so German says "am …" and "Spielstand vom …", as for any date; it said
"um 1. Juni 1941, 04:00:00" and "Spielstand von 1. Juni 1941", which reads as a time of day and a name."""

from __future__ import annotations

from kaleun.core.messages import Msg, When
from kaleun.i18n import language


def test_resuming_a_mission_names_its_day_with_am_and_vom() -> None:
    for n in (1, 3):
        said = language("de").render(Msg.plural(
            "kaleun: resuming {mission} at {clock} (the save of {saved} and {n} command from its journal).",
            "kaleun: resuming {mission} at {clock} (the save of {saved} and {n} commands from its journal).",
            mission=Msg.term("Training patrol"), clock=When.moment("1941-06-01T04:10:00", seconds=True),
            saved=When.moment("1941-06-01T04:00:00", seconds=True), n=n))
        assert "am 1. Juni 1941, 04:10:00 fort" in said, said
        assert "(Spielstand vom 1. Juni 1941, 04:00:00 und" in said, said


def test_a_journal_that_fails_near_its_end_names_the_day_it_resumes_at_with_am() -> None:
    said = language("de").render(Msg(
        "the game fails within {seconds} game seconds of where its journal ends ({why}); it resumes {lost} game "
        "seconds earlier, at {moment}, the last moment it runs on from: play it otherwise", seconds="60",
        why="ValueError: x", lost="30", moment=When.moment("1941-06-01T04:00:00", seconds=True)))
    assert "früher fortgesetzt, am 1. Juni 1941, 04:00:00," in said, said
