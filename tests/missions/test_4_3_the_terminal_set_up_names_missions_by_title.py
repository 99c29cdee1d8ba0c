"""Rulebook §4.3 (the campaign plays the missions in order) and §5.3 (the set-up): the terminal's set-up speaks of
missions in sentences by their titles, as the window's does; the ids stay where they are typed (the list's first
column, "Mission (number or id)"). A group's own mission picked is named by the title its file gives it."""

from __future__ import annotations

import io

from kaleun.mission_commands import interactive_setup
from kaleun.uboot.missions.own import read_own
from missionkit import MISSION_TOML


def test_4_3_a_groups_own_mission_then_the_campaign_is_named_by_its_own_title(home):
    own = read_own([("wolf_watch.toml", MISSION_TOML.replace('name = "Test patrol"', 'name = "Wolf watch"'))])
    assert "wolf_watch" in own.missions, own.refused
    out = io.StringIO()
    setup = interactive_setup(io.StringIO("wolf_watch\ncampaign\n\n\n\n\n"), out, own=own)
    assert setup.mode == "campaign"
    said = out.getvalue()
    assert "A new campaign begins with its first mission, Prize rules, not Wolf watch." in said, said
    assert "does not have" not in said


def test_4_3_the_campaign_question_names_the_first_mission_in_russian(home):
    out = io.StringIO()
    interactive_setup(io.StringIO("1\nкампания\n\n\n\n\n"), out, language="ru")
    said = out.getvalue()
    assert "Новая кампания начинается с первой миссии, «Призовое право»." in said, said
    assert "prize_rules_1939." not in said
