"""Rulebook §4.3 and §5.2 (a campaign mission after mission, a linked patrol in parts): where a player reads a
sentence about a mission (what comes next at a mission's end, where a resumed game goes on, what the career record's
campaign and patrol wait for) it names the mission by its title in the table's language, not by its file id. The id
stays where it is what a player types: `kaleun play --campaign --mission prize_rules_1939`, the lists of
`kaleun missions` and `kaleun career`."""

from __future__ import annotations

import pytest
from kaleun.career import career_messages
from kaleun.i18n import language
from kaleun.uboot.game import new_game
from kaleun.uboot.missions.catalogue import titled
from kaleun.uboot.missions.setup import GameSetup, changes_for

H = 3600.0


def campaign_end(mission: str):
    """The end of a campaign mission shortened to two hours whose one primary objective is met where it starts."""
    setup = GameSetup(mission=mission, seed=3, mode="campaign")
    square = new_game(3, mission).module("navigation").dr_square()
    objective = {"id": "here", "kind": "station", "hours": 0.5, "square": square, "text": "Stay here half an hour."}
    g = new_game(3, mission, {**changes_for(setup), "time_limit_h": 2, "encounter": [], "radio": [],
                              "air_cover": "none", "traffic": "none", "par_grt": 0, "objective": [objective]})
    g.take_events()
    g.apply({"do": "crew_options", "rules": "advise", "wear": False})
    (end,) = [e for e in g.advance_to(3 * H) if e.name == "mission_end"]
    return end


@pytest.mark.parametrize(("code", "title"), [("en", "with The Hartlepool field."),
                                             ("de", "mit „Das Minenfeld vor Hartlepool“ weiter"),
                                             ("ru", "«Заграждение у Хартлпула»")])
def test_4_3_the_end_of_a_campaign_mission_names_the_next_one_by_its_title(code, title):
    """German and Russian set the title in their quotes: "mit Das Minenfeld" would not be German."""
    said = language(code).render(campaign_end("prize_rules_1939").feed)
    assert title in said and "minefield_1939" not in said, said


def test_4_3_the_career_record_names_the_missions_its_campaign_and_patrol_wait_for_by_title():
    record = {"totals": {"missions": 1, "score": 900, "fame": 900, "grt": 0, "ships": 0, "crew_lost": 0},
              "campaign": {"state": "running", "next": "minefield_1939", "started": "2025-03-14", "done": ["x"],
                           "grades": ["B"], "score": 900, "fame": 900, "grt": 0, "patrol": None},
              "patrol": {"id": "autumn_1940", "mode": "linked", "next": "weather_1940", "from": "sc_convoy_1940",
                         "carry": {}},
              "missions": []}
    said = [language("de").render(m) for m in career_messages(record)]
    assert any("„Wetterboot“" in line for line in said), said
    assert any("„Das Minenfeld vor Hartlepool“" in line for line in said), said
    assert not [line for line in said if "weather_1940" in line or "minefield_1939" in line], said


def test_4_3_a_mission_no_shipped_file_has_is_named_by_its_id_said_to_be_missing():
    """A save's or the career record's mission whose file was removed or renamed since is named by its id and said to
    be one this Kaleun does not have, not left as a bare id the group cannot place."""
    assert str(titled("our_own_1941")) == "our_own_1941 (a mission this Kaleun does not have)"
    assert language("ru").render(titled("our_own_1941")) == "our_own_1941 (миссия, которой нет в этой версии Kaleun)"
    assert str(titled("sc_convoy_1940")) == "Slow convoy"
