"""§12 (the TDC's reckoning of a torpedo's run, not the truth): once the time the TDC's solution expected the hit
has gone by with no report, the tube row of the attack screen said only "run left 2:44" beside its target, which a
beginner reads as the time to the hit. It now says what the figure is: past the hit time, the run the torpedo has
left ("past hit time, 2:44 of run left"); a torpedo fired on a solution longer than its range, "out of reach, ...".
The console's `weapons` line says the same at length, in English, German and Russian."""

from __future__ import annotations

import pytest
from kaleun.i18n import language
from kaleun.ui.console_views import running as running_line
from kaleun.ui.screens.attack import AttackScreen
from weaponskit import advance, one, order, range_game, weapons

#: a tramp 1,000 m ahead crossing at 7.5 kn; the crew's speed estimate 3 kn too high: tube 3's G7e misses ahead
TRAMP = {"class": "tramp", "bearing": 0, "range_m": 1000, "course": 90, "speed_kn": 7.5}

PAST = {
    "en": ("past hit time, {t} of run left",
           "  running: tube 3, past the expected hit time: running on, {t} of its run left"),
    "de": ("Trefferzeit um, läuft noch {t}",
           "  läuft: Rohr 3, erwartete Trefferzeit vorbei: läuft weiter, noch {t} Laufzeit"),
    "ru": ("срок прошёл, хода ещё {t}",
           "  в воде: аппарат 3, ожидаемое время попадания прошло: торпеда идёт дальше, хода осталось {t}"),
}
BEYOND = {
    "en": ("out of reach, {t} of run left",
           "  running: tube 3, beyond its range by the TDC's solution: {t} of its run left"),
    "de": ("zu weit, läuft noch {t}",
           "  läuft: Rohr 3, laut TDC-Lösung außer Reichweite: noch {t} Laufzeit"),
    "ru": ("не дойдёт, хода ещё {t}",
           "  в воде: аппарат 3, по решению СРП торпеда не дойдёт до цели: хода осталось {t}"),
}


def _clock(seconds: int) -> str:
    return f"{seconds // 60}:{seconds % 60:02d}"


def _running_at(g, t: float) -> dict:
    advance(g, t)
    (run,) = weapons(g).status()["running"]
    return run


@pytest.mark.parametrize("lang", sorted(PAST))
def test_12_past_the_solutions_hit_time_the_tube_row_says_the_run_left_is_no_time_to_a_hit(lang: str) -> None:
    g = range_game(vessels=[TRAMP])
    one(order(g, "tdc", bearing=0, range_m=1000, course=90, speed_kn=10.5), "tdc_programmed")
    fired = one(order(g, "fire_torpedoes", tubes=[3]), "torpedo_fired")
    assert round(fired["run_s"]) == 69  # the G7e at 30 kn: the solution expects the hit at 69 s
    run = _running_at(g, 60)
    assert run["hit_in_s"] == 9 and run["past_hit"] is False
    words = language(lang)
    assert "{" not in words.render(AttackScreen._running(run))
    run = _running_at(g, 120)  # 120 s: the hit time has gone by, no report (it misses ahead, 324 s of run)
    assert run["hit_in_s"] is None and run["past_hit"] is True and run["target_sunk"] is False
    left = _clock(run["run_left_s"])
    assert run["run_left_s"] == 204
    row, line = PAST[lang]
    assert words.render(AttackScreen._running(run)) == row.format(t=left)
    assert words.render(running_line({**run, "contact": None})) == line.format(t=left)


@pytest.mark.parametrize("lang", sorted(BEYOND))
def test_12_a_torpedo_fired_beyond_its_range_is_said_out_of_reach_not_counted_down(lang: str) -> None:
    g = range_game(vessels=[{**TRAMP, "range_m": 6000}])
    one(order(g, "tdc", bearing=0, range_m=6000, course=90, speed_kn=7.5), "tdc_programmed")
    one(order(g, "fire_torpedoes", tubes=[3]), "torpedo_fired")  # a G7e: 5,000 m, the run about 6,200 m
    run = _running_at(g, 30)
    assert run["hit_in_s"] is None and run["past_hit"] is False
    row, line = BEYOND[lang]
    words = language(lang)
    assert words.render(AttackScreen._running(run)) == row.format(t=_clock(run["run_left_s"]))
    assert words.render(running_line({**run, "contact": None})) == line.format(t=_clock(run["run_left_s"]))
