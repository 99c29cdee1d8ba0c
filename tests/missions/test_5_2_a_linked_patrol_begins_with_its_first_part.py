"""Rulebook §5.2: a linked patrol is one patrol in several parts; the boat sails from its base with the first and
carries the crew, torpedoes, fuel and damage over from part to part. A group that named a later part with --linked
(or chose "linked patrol" for it in the set-up) with no patrol going on with it began a patrol at its last part:
nothing carried over, the patrol over as soon as it began, and a patrol in progress given up for it. A later part is
played linked only as the next part of the patrol in progress; named otherwise it is refused saying which part
begins its patrol, and the career record is left as it was. Played alone it is a single mission, as before."""

from __future__ import annotations

import io

import pytest
from kaleun.career import CareerError, career_path, load_career, record_mission, start_configured
from kaleun.cli import main
from kaleun.i18n import language
from kaleun.uboot.missions.setup import GameSetup
from missionkit import short_win

REFUSED = ("Weather boat is part 2 of the linked patrol Autumn 1940, which begins with Slow convoy (sc_convoy_1940): "
           "a linked patrol is played from its first part on; the part alone is a single mission")


def spring_part_one_booked() -> None:
    """Part 1 of the spring 1941 patrol played linked, won and booked: the patrol goes on with agents_1941."""
    assert record_mission(short_win(start_configured(GameSetup(mission="shadow_1941", seed=3, mode="linked"))))
    assert load_career()["patrol"]["next"] == "agents_1941"


def test_5_2_a_later_part_named_linked_with_no_patrol_in_progress_is_refused(home) -> None:
    with pytest.raises(CareerError) as err:
        start_configured(GameSetup(mission="weather_1940", seed=1, mode="linked"))
    assert str(err.value) == REFUSED
    assert not career_path().exists()
    assert start_configured(GameSetup(mission="weather_1940", seed=1)).config["mission"] == "weather_1940"  # alone


def test_5_2_another_patrols_later_part_does_not_give_up_the_patrol_in_progress(home, tmp_path, capsys) -> None:
    spring_part_one_booked()
    before = career_path().read_bytes()
    script = tmp_path / "script.jsonl"
    script.write_text('{"t": 60, "do": "end"}\n', encoding="utf-8")
    assert main(["run", "--linked", "--mission", "weather_1940", "--script", str(script), "--events",
                 str(tmp_path / "events.jsonl")]) != 0
    assert REFUSED in capsys.readouterr().err
    assert career_path().read_bytes() == before  # Spring 1941 still goes on with its second part
    going_on = start_configured(GameSetup(mission="agents_1941", seed=1, mode="linked"))
    assert going_on.config["mission"] == "agents_1941"


def test_5_2_the_terminal_set_up_refuses_a_later_part_at_once_and_asks_again(home) -> None:
    from kaleun.mission_commands import interactive_setup

    out = io.StringIO()
    setup = interactive_setup(io.StringIO("agents_1941\nlinked\nshadow_1941\nlinked\n\n\n\n\n"), out,
                              record=load_career())
    assert (setup.mission, setup.mode) == ("shadow_1941", "linked")
    asked = out.getvalue()
    assert ("! Two passengers is part 2 of the linked patrol Spring 1941, which begins with Contact keeper "
            "(shadow_1941)") in asked
    assert asked.count("Difficulty of the Captain") == 1  # refused before the difficulties, not after them


@pytest.mark.parametrize("code", ["de", "ru"])
def test_5_2_the_refusal_is_said_in_the_tables_language(home, code: str) -> None:
    from kaleun.career import first_part_problem

    refusal = first_part_problem({}, "weather_1940")
    assert refusal is not None and language(code).missing(refusal) == []
    assert "sc_convoy_1940" in language(code).render(refusal)
