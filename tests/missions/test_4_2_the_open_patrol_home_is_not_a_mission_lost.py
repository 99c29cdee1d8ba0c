"""Rulebook §4.2 (return to base): the open patrol (`patrol_atlantic`, a practice piece with a base and no objectives)
ends home after a return to base. It has nothing to win, so its debrief says the patrol ended in port, never "the
mission not won" (a mission with objectives broken off), in each of the table's languages."""

from __future__ import annotations

import pytest
from kaleun.i18n import language
from kaleun.uboot.game import new_game
from kaleun.uboot.missions.debrief import debrief, lines, why
from kit import advance, named


@pytest.fixture(scope="module")
def home() -> dict:
    game = new_game(0, "patrol_atlantic", {"air_cover": "none", "traffic": "none"})
    game.apply({"do": "order", "order": "new_course", "course": 270})
    game.apply({"do": "order", "order": "new_speed", "speed": "full_ahead"})
    advance(game, 4 * 3600)  # out of Lorient's approaches: the patrol has begun
    events = [e.to_json() for e in game.apply({"do": "return_to_base"})]
    events += advance(game, 24 * 3600)
    (end,) = named(events, "mission_end")
    assert (end["result"], end["reason"], end["feed"]) == ("returned", "returned", "The boat is home in Lorient.")
    return debrief(game)


@pytest.mark.parametrize(("code", "said"), [("en", "Result: returned (the patrol ended in port)."),
                                            ("de", "Ergebnis: heimgekehrt (die Feindfahrt endete im Hafen)."),
                                            ("ru", "Итог: возвращение (поход завершён в порту).")])
def test_4_2_the_open_patrol_home_says_the_patrol_ended_in_port(home: dict, code: str, said: str) -> None:
    told = [language(code).render(line) for line in lines(home)]
    assert said in told, told
    assert home["practice"] == "patrol" and home["grade"] is None
    # a mission with objectives home with one open is still "not won"
    assert language(code).render(why("returned", "returned")) == {
        "en": "the mission not won", "de": "Mission nicht erfüllt", "ru": "миссия не выполнена"}[code]
