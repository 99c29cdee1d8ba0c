"""Digest §1 (crews of 2 to 4: in a crew of 3 the Captain is also First Mate, in a crew of 2 also Engineer) and §2
(real time: each hull section outlined by a different crew member, the Engineer first): `help repair` listed the four
posts of a full crew to a crew of 2, whose `repair 1 engineer` the game then refused. It names the members this crew
has, the posts each keeps, who begins, and an example the crew can type."""

from __future__ import annotations

import pytest
from sonarkit import printed, seated


@pytest.mark.parametrize(("code", "help", "member", "crew", "example"), [
    ("en", "help repair", "[captain, radio_operator; also as member=value]",
     "  a crew of 2: captain (also first mate, engineer), radio_operator; they outline the 4 hull sections in turn, "
     "the captain first", "  example: repair 1 captain"),
    ("de", "hilfe reparieren", "[kapitän, funker, captain, radio_operator; auch als wer=Wert]",
     "  eine Besatzung von 2: kapitän (auch Erster Offizier, Maschinist), funker; ihr umrandet die 4 Rumpfabschnitte "
     "reihum, zuerst der kapitän", "  Beispiel: reparieren 1 kapitän"),
    ("ru", "помощь ремонт", "[капитан, радист, captain, radio_operator; или как кто=значение]",
     "  экипаж из 2 человек: капитан (также старпом, механик), радист; вы обводите 4 секции корпуса по очереди, "
     "первым — капитан", "  пример: ремонт 1 капитан"),
])
def test_1_2_help_repair_in_a_crew_of_2_names_its_two_members(code, help, member, crew, example):
    """§1, §2: a crew of 2 is told its two members, that the Captain keeps the First Mate's and Engineer's posts and
    begins, and an example that names him."""
    runtime, seats, outs = seated(code=code, crews=[2, 3])
    lines = printed(runtime, seats["yellow"], outs["yellow"], help).splitlines()
    assert any(line.endswith(member) for line in lines), lines
    assert crew in lines and example in lines, lines
    assert "engineer" not in lines[3] and "maschinist" not in lines[4], lines


def test_1_2_help_repair_in_a_crew_of_3_and_4():
    """§1: a crew of 3 has its Engineer begin, the Captain also First Mate; a crew of 4 has all four posts."""
    runtime, seats, outs = seated(crews=[3, 4])
    three = printed(runtime, seats["yellow"], outs["yellow"], "help repair").splitlines()
    assert ("  a crew of 3: captain (also first mate), engineer, radio_operator; they outline the 4 hull sections in "
            "turn, the engineer first") in three
    assert "  example: repair 1 engineer" in three
    four = printed(runtime, seats["blue"], outs["blue"], "help repair").splitlines()
    assert ("  a crew of 4: captain, first_mate, engineer, radio_operator; they outline the 4 hull sections in turn, "
            "the engineer first") in four


def test_2_the_example_help_gives_a_crew_of_2_is_taken():
    """§2: the example's line, typed by the crew of 2 once surfaced, outlines the first section."""
    runtime, seats, outs = seated(crews=[2, 3])
    help = printed(runtime, seats["yellow"], outs["yellow"], "help repair").splitlines()
    example = next(line for line in help if line.startswith("  example: ")).removeprefix("  example: ")
    printed(runtime, seats["yellow"], outs["yellow"], "surface")
    got = printed(runtime, seats["yellow"], outs["yellow"], example)
    assert "refused" not in got and "section 1" in got, got
