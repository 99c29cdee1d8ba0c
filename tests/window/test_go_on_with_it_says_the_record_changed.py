"""Rulebook §5.2 (the career record keeps one linked patrol) and §4.3 (the campaign keeps its own missions): `kaleun
resume` of a part of a linked patrol given up since, or of a mission of a campaign given up since, says first that its
result will be booked with the career's missions only. The window's set-up continued such a game with **Go on with
it** without a word. It now says the same (one shared message, `kaleun.career.changed_since_saved`) in the feed as the
game goes on."""

from __future__ import annotations

import pytest
from kaleun.career import record_mission, start_configured
from kaleun.i18n import language
from kaleun.uboot.missions.setup import GameSetup
from missions.missionkit import short_win

from window.fingers import touch, window_on_the_set_up
from window.test_setup_goes_on_with_the_game_saved_before import page_with_go_on, saved_midway

PATROL = ("The career record's linked patrol has changed since this part began: when it ends, its result is booked "
          "with the career's missions only, and the linked patrol in the record is left as it is.")
CAMPAIGN = ("The campaign this mission was played in is over, and a newer one has begun since: when it ends, its "
            "result is booked with the career's missions only, not in the campaign running now.")


def _gone_on_with(monkeypatch: pytest.MonkeyPatch, code: str = "en") -> list[str]:
    """The window's set-up, Start, then Go on with it for the game saved before: the feed's lines as shown."""
    win = window_on_the_set_up(monkeypatch, code)
    win.overlay.choose("prize_rules_1939")
    page_with_go_on(win, "setup.next")
    touch(win, "setup.resume")
    assert win.overlay is None and not win.runtime.closed  # the game saved before is played in the window
    said = [win.tr(line.msg) for line in win.feed.lines]
    win.quit()
    win.runtime.close()
    return said


def test_5_2_going_on_with_a_part_of_a_patrol_given_up_says_the_record_changed(home, monkeypatch) -> None:
    _patrol_given_up(home)
    said = _gone_on_with(monkeypatch)
    assert PATROL in said, said


def test_4_3_going_on_with_a_mission_of_a_campaign_given_up_says_the_record_changed(home, monkeypatch) -> None:
    assert record_mission(short_win(start_configured(GameSetup(mission="", mode="campaign", seed=1))))
    saved_midway(home, GameSetup(mission="", mode="campaign", seed=2))  # minefield_1939, stopped midway
    assert record_mission(short_win(start_configured(GameSetup(mission="prize_rules_1939", mode="campaign", seed=3))))
    said = _gone_on_with(monkeypatch)
    assert CAMPAIGN in said, said


def _patrol_given_up(home) -> None:
    """autumn_1940's first part booked, its second part (weather_1940) stopped midway in the autosave, then spring_1941
    begun as a new patrol and its first part booked."""
    assert record_mission(short_win(start_configured(GameSetup(mission="sc_convoy_1940", mode="linked", seed=1))))
    saved_midway(home, GameSetup(mission="", mode="linked", seed=2))
    assert record_mission(short_win(start_configured(GameSetup(mission="shadow_1941", mode="linked", seed=3))))


@pytest.mark.parametrize("code", ["de", "ru"])
def test_5_2_said_in_the_tables_language(home, monkeypatch, code: str) -> None:
    _patrol_given_up(home)
    said = _gone_on_with(monkeypatch, code)
    msgid = PATROL[0].lower() + PATROL[1:]
    words = language(code).text(msgid)
    assert words != msgid  # translated
    assert any(words[1:] in line for line in said), said


def test_a_game_of_the_record_as_it_stands_goes_on_without_the_warning(home, monkeypatch) -> None:
    saved_midway(home, GameSetup(mission="sc_convoy_1940", seed=3, mode="linked"))
    said = _gone_on_with(monkeypatch)
    assert PATROL not in said and CAMPAIGN not in said, said
