"""The window's debrief (rulebook §4.1: a mission ends by its time limit, a return to base, or the loss of
the boat): a mission lost by its time limit does not say the boat is lost, and the end's whole sentence is
read, also when the campaign ends with it (§4.3) in the longest of the table's languages."""

from __future__ import annotations

from typing import Any

import pytest
from kaleun.core.events import Event
from kaleun.uboot.game import new_game
from kaleun.uboot.missions.setup import GameSetup, changes_for
from kaleun.ui.widgets import Canvas

from window.fingers import Table_

FAR = {"id": "far", "kind": "reach", "square": "AL03", "text": "Be in AL03."}  # out of reach in an hour


def test_4_1_a_mission_lost_by_its_time_limit_does_not_say_the_boat_is_lost() -> None:
    table = Table_()
    table.window._on_event(Event(10.0, "1941-06-01T04:00:10", "mission_end",
                                 {"result": "lost", "reason": "time_limit", "grade": "F", "score": 0},
                                 feed="The patrol's time is up: HQ recalls the boat."))
    debrief = table.window.overlay
    table.render()
    words, _colour, icon = debrief.headline()
    assert str(words) == "Mission failed" and icon != "x"
    sunk = Table_()
    sunk.window._on_event(Event(5.0, "1941-06-01T04:00:05", "mission_end", {"result": "lost", "reason": "rammed"}))
    sunk.render()
    assert str(sunk.window.overlay.headline()[0]) == "The boat is lost"


@pytest.mark.parametrize("code", ["en", "de", "ru"])
def test_4_3_the_debrief_reads_out_whole_that_the_campaign_ends_here(code: str, monkeypatch: Any) -> None:
    setup = GameSetup(mission="prize_rules_1939", seed=3, mode="campaign")
    game = new_game(3, "prize_rules_1939", {**changes_for(setup), "time_limit_h": 1, "encounter": [], "radio": [],
                                            "air_cover": "none", "traffic": "none", "par_grt": 0,
                                            "objective": [FAR]})
    table = Table_(game=game, language=code)
    table.runtime.submit({"do": "ui", "action": "time_compression", "mode": "transit"})
    while not game.module("mission").over:
        table.clock.now += 60.0
        table.runtime.step()
    end = table.named("mission_end")[0]
    assert end.data["campaign_over"] is True
    cut: list[str] = []
    real = Canvas.paragraph

    def paragraph(self: Canvas, text: Any, rect: Any, *args: Any, **kwargs: Any) -> int:
        self.cut.clear()
        y = real(self, text, rect, *args, **kwargs)
        cut.extend(self.cut)
        return y

    monkeypatch.setattr(Canvas, "paragraph", paragraph)
    table.window.open_debrief()
    table.render()
    said = table.window.lang.render(end.feed)
    assert said.endswith({"en": "the campaign ends here.", "de": "Die Kampagne endet hier.",
                          "ru": "кампания на этом окончена."}[code])
    assert said not in cut


def test_4_1_the_debrief_is_not_covered_by_an_alarm_from_before_the_end() -> None:
    """The boat rammed after a sloop opened fire: the debrief opened under a "Gunfire!" banner asking for
    an answer (and a lit tab) though nothing was left to do."""
    from window.fingers import convoy_in_sight

    table = convoy_in_sight(100)
    table.render()
    assert "alarm" in table.window.targets.ids()  # the convoy's contact alarm
    table.tap("tab.boat")
    table.window._on_event(Event(110.0, "1941-06-01T04:01:50", "mission_end", {"result": "lost", "reason": "rammed"},
                                 feed="Rammed! The boat is lost."))
    table.render()
    assert "debrief.quit" in table.window.targets.ids()
    assert "alarm" not in table.window.targets.ids() and not table.window.badges
