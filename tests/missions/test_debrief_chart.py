"""The saved debrief's chart is readable (rulebook §4.1; the missions, score and debrief: the patrol on the naval grid
with its attacks, the ships sunk with class and GRT, the outcome and the grade): no label over another, none cut at the
chart's edge, the outcome beside the grade inside the panel in every language, and a mine field laid marked
where it lies."""

from __future__ import annotations

import itertools
from functools import cache
from pathlib import Path
from typing import Any

import pygame
import pytest
from kaleun.boards.loader import default_board
from kaleun.core.messages import Msg
from kaleun.i18n import language
from kaleun.runtime.script import ScriptRun
from kaleun.uboot.game import new_game
from kaleun.uboot.missions.debrief import debrief
from kaleun.uboot.sea.grid import naval_grid
from kaleun.ui import debrief_chart
from kaleun.ui.debrief_chart import CHART, HEIGHT, MINES, PAPER, WIDTH, chart_labels, render_debrief
from kit import Keeper
from missionkit import chart_texts

SCRIPTS = Path(__file__).resolve().parent / "scripts"
LANGUAGES = ("en", "de", "ru")


@cache
def won(mission: str) -> dict[str, Any]:
    g = new_game(0, mission)
    ScriptRun(g, default_board(), Keeper()).run(SCRIPTS / f"{mission}.win.jsonl")
    return debrief(g)


def words(code: str) -> tuple[Any, Any, Any]:
    if code == "en":
        return None, None, None
    lang = language(code)
    return lang.text, lang.plural, lang.number


@pytest.mark.parametrize("code", LANGUAGES)
def test_4_1_ships_sunk_close_together_are_named_without_one_label_over_another(code):
    """The prize-rules patrol sinks its two merchants a few miles apart: their names and GRT, and the base's
    name, each lie whole inside the chart, clear of each other and of the legend."""
    d = won("prize_rules_1939")
    labels = chart_labels(d, *words(code))
    assert len(labels) == 3  # two ships and Wilhelmshaven
    chart = pygame.Rect(0, 0, CHART, HEIGHT)
    legend = debrief_chart._legend_frame()
    for name, rect in labels:
        assert chart.contains(rect), (name, rect)
        assert not rect.colliderect(legend), name
    for (a, ra), (b, rb) in itertools.combinations(labels, 2):
        assert not ra.colliderect(rb), (a, b)


def test_4_1_a_square_cut_by_the_chart_edge_is_not_named_in_pieces():
    d = won("prize_rules_1939")
    squares = chart_labels(d, squares=True)[:-3]
    assert len(squares) > 20
    chart = pygame.Rect(0, 0, CHART, HEIGHT)
    assert all(chart.contains(rect) for _, rect in squares)


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize("mission", ["prize_rules_1939", "minefield_1939"])
def test_4_1_the_outcome_beside_the_grade_stays_inside_the_panel(code, mission):
    """A German reason ("heimgekehrt nach dem Rückmarsch") is longer than the room beside the big grade: it is
    wrapped, never drawn past the panel's margin or off the picture."""
    image = render_debrief(won(mission), *words(code))
    margin = [image.get_at((x, y))[:3] for x in range(WIDTH - 18, WIDTH) for y in range(HEIGHT)]
    assert set(margin) == {PAPER}


def test_4_1_the_mine_field_is_marked_where_it_lies_and_counted_in_the_panel(monkeypatch):
    """The Hartlepool mission's decisive act is the field of twelve TMB mines: the chart marks it with its count
    and type, the panel says the mines laid; the base, far off this chart, gets no label at its edge."""
    d = won("minefield_1939")
    field = d["mines"][0]
    labels = dict(chart_labels(d))
    assert "12 mines (TMB)" in labels and "Wilhelmshaven" not in labels
    drawn = chart_texts(monkeypatch)
    image = render_debrief(d)
    assert "Mines laid: 12 in 1 field." in drawn
    chart = debrief_chart._Chart(debrief_chart._points(d), (0, 0, CHART, HEIGHT))
    x, y = chart.xy(field["lat"], field["lon"])
    around = {image.get_at((x + dx, y + dy))[:3] for dx in range(-10, 11) for dy in range(-10, 11)}
    assert MINES in around  # the mine's spikes show beside the collier that ran onto the field


@pytest.mark.parametrize("mission", ["prize_rules_1939", "t5_1943", "weather_1940", "long_patrol_1941"])
def test_4_1_no_label_hides_an_attack_a_sextant_fix_or_where_the_patrol_began_and_ended(mission):
    """The chart's labels sit on a ground of their own: placed over an attack's cross, a fix's ring or the
    track's start and end, they hid them (the T5 patrol's one attack lay under its frigate's name)."""
    d = won(mission)
    chart = debrief_chart._Chart(debrief_chart._points(d), (0, 0, CHART, HEIGHT))
    marks = [(a["lat"], a["lon"]) for a in d["attacks"]] + [(f["lat"], f["lon"]) for f in d["fixes"]]
    marks += [(p[1], p[2]) for p in (d["track"][0], d["track"][-1])]
    assert d["fixes"] if mission == "weather_1940" else d["attacks"]
    boxes = [pygame.Rect(x - 7, y - 7, 15, 15) for x, y in (chart.xy(*m) for m in marks)]
    for name, rect in chart_labels(d):
        assert rect.collidelist(boxes) == -1, (name, rect)


def test_4_1_an_escort_sunk_is_named_by_its_class_without_a_tonnage_it_never_had(monkeypatch):
    """Escorts carry no GRT (the score counts none): the T5 patrol's frigate is "River-class frigate", not
    "River-class frigate, 0 GRT", on the chart, in the panel and in the console's debrief."""
    from kaleun.uboot.missions.debrief import lines

    d = won("t5_1943")
    assert [s["type"] for s in d["sunk"]] == ["escort"]
    assert [name for name, _ in chart_labels(d)] == ["River-class frigate"]
    drawn = chart_texts(monkeypatch)
    render_debrief(d)
    assert "River-class frigate (escort), torpedo" in drawn
    assert not [x for x in drawn if x.startswith("River-class frigate") and "GRT" in x]
    assert "  River-class frigate (torpedo)" in [str(m) for m in lines(d)]


@pytest.mark.parametrize("code", LANGUAGES)
def test_4_1_the_legend_says_which_end_of_the_track_is_where_the_patrol_began(code, monkeypatch):
    """The track's first point is a dot and its last a square; a group reading the saved chart could not tell
    which way the boat had gone (a patrol out and back crosses its own track). The legend names both marks, in
    the table's language, inside its frame, which no label covers."""
    d = won("prize_rules_1939")
    real = debrief_chart.render
    drawn = chart_texts(monkeypatch)
    text = words(code)
    image = render_debrief(d, *text)
    began, ended = (real(debrief_chart.Msg(m), *text) for m in ("where the patrol began", "where the patrol ended"))
    assert began in drawn and ended in drawn and began != ended
    frame = debrief_chart._legend_frame()
    seen = {image.get_at((x, y))[:3] for x in range(frame.x, frame.right) for y in range(frame.bottom - 44,
                                                                                        frame.bottom)}
    assert debrief_chart.TRUE_TRACK in seen  # the two marks, drawn as on the track


def test_4_1_a_patrol_that_ended_where_it_began_shows_the_squares_around_it_by_name():
    """A boat lost in its first minutes has a track of one point: the chart zoomed in on it so far that a single
    square's name stood on it, and the group could not tell where on the naval grid the patrol had been. The
    chart shows at least the squares around the boat, named, the boat's own among them."""
    g = new_game(0, "prize_rules_1939")
    g.take_events()
    for figure in ("captain-circle", "captain-hexagon", "captain-square", "captain-triangle", "engineer-circle",
                   "engineer-hexagon"):
        g.apply({"do": "kill", "figure": figure, "why": "test"})
    g.apply({"do": "damage", "kind": "hull_breach", "section": 2})  # an exhausted crew: all hands lost
    d = debrief(g)
    assert d["result"] == "lost" and d["distance_nm"] == 0
    squares = set(naval_grid().squares)
    named = [name for name, _rect in chart_labels(d, squares=True) if name in squares]
    assert "AN41" in named and len(named) >= 6, named


@pytest.mark.parametrize("code", LANGUAGES)
def test_4_1_the_chart_says_the_fuel_used_as_the_console_debrief_does(code, monkeypatch):
    """The saved chart's panel says the diesel fuel used and left, in the table's language, as the console's and the
    window's debrief do; a debrief saved before fuel was kept draws without it."""
    d = won("prize_rules_1939")
    assert d["fuel_used_t"] > 0
    lang = language(code)
    said = lang.render(Msg("Fuel used: {used} t (left: {left} %).", used=round(d["fuel_used_t"], 1),
                           left=round(d["fuel_left_pct"])))
    assert f"{d['fuel_used_t']:.1f}".replace(".", "," if code != "en" else ".") in said  # the language's decimal sign
    drawn = chart_texts(monkeypatch)
    render_debrief(d, *words(code))
    assert said in drawn, drawn
    old = {k: v for k, v in d.items() if k not in ("fuel_used_t", "fuel_left_pct")}
    drawn.clear()
    render_debrief(old, *words(code))
    assert drawn and not [x for x in drawn if x.startswith(said[:6])]


def test_5_the_german_score_line_says_what_the_sunk_tonnage_earns():
    """§5 score: the debrief's German line for the tonnage names what it earns, fame, as the objectives' line does
    ("2.300 Ruhm aus Zielen", "768 Ruhm für 15.353 versenkte BRT"); it read "768 für 15.353 versenkte BRT"."""
    from kaleun.core.messages import Msg
    from kaleun.i18n import language

    said = language("de").render(Msg("{grt_fame:,} for {grt:,} GRT sunk", grt_fame=768, grt=15353))
    assert said == "768 Ruhm für 15.353 versenkte BRT"
