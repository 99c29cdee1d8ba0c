"""A debrief of a patrol not over yet (rulebook §4.1; the missions, score and debrief: `kaleun run --debrief` writes
the chart whenever the script stops) says plainly that the patrol is still running: the heading says so, the
grade is marked provisional and drawn in grey, and the track's last mark is "where the boat is now", not "where
the patrol ended". A patrol that has ended keeps its result, its grade and "where the patrol ended"."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from kaleun.i18n import language
from kaleun.uboot.missions.debrief import debrief, lines
from kaleun.uboot.sea.grid import naval_grid
from kaleun.ui import debrief_chart
from kaleun.ui.debrief_chart import render_debrief
from missionkit import advance, chart_texts, game

LANGUAGES = ("en", "de", "ru")


def words(code: str) -> tuple:
    if code == "en":
        return None, None, None
    lang = language(code)
    return lang.text, lang.plural, lang.number


def running() -> dict:
    g = game("prize_rules_1939")
    advance(g, 3600)
    return json.loads(json.dumps(debrief(g)))  # as `kaleun run --debrief` saves it


def ended() -> dict:
    g = game("prize_rules_1939")
    for figure in ("captain-circle", "captain-hexagon", "captain-square", "captain-triangle", "engineer-circle",
                   "engineer-hexagon"):
        g.apply({"do": "kill", "figure": figure, "why": "test"})
    g.apply({"do": "damage", "kind": "hull_breach", "section": 2})  # an exhausted crew: all hands lost
    d = debrief(g)
    assert d["result"] == "lost"
    return d


@pytest.mark.parametrize("code", LANGUAGES)
def test_4_1_the_debrief_of_a_running_patrol_says_so_and_calls_its_grade_provisional(code):
    lang = language(code)
    said = [lang.render(m) for m in lines(running())]
    en = [str(m) for m in lines(running())]
    assert en[0].startswith("Debrief so far, the patrol is still running: Prize rules, ")
    assert en[1].startswith("Result: not yet, the patrol is still running. Provisional grade F: score 0 so far of par")
    assert all(lang.missing(m) == [] for m in lines(running()))
    assert "prize_rules_1939" not in said[0]  # the mission by its title, in the table's language
    assert said[0] != en[0] or code == "en"


@pytest.mark.parametrize("code", LANGUAGES)
def test_4_1_the_chart_of_a_running_patrol_marks_where_the_boat_is_now_and_a_provisional_grade(code, monkeypatch):
    text = words(code)
    real = debrief_chart.render
    said = {m: real(debrief_chart.Msg(m), *text) for m in (
        "Patrol still running: a debrief so far, not the end", "Provisional grade: the patrol is still running",
        "where the boat is now", "where the patrol ended")}
    drawn = chart_texts(monkeypatch)
    image = render_debrief(running(), *text)
    for m in ("Patrol still running: a debrief so far, not the end", "Provisional grade: the patrol is still running",
              "where the boat is now"):
        assert said[m] in drawn, m
    assert said["where the patrol ended"] not in drawn
    panel = {image.get_at((x, y))[:3] for x in range(debrief_chart.CHART, debrief_chart.WIDTH, 2)
             for y in range(0, 300, 2)}
    assert debrief_chart.PROVISIONAL in panel and debrief_chart.GRADE_COLOURS["F"] not in panel


def test_4_1_the_chart_of_an_ended_patrol_keeps_its_grade_and_where_it_ended(monkeypatch):
    real = debrief_chart.render
    drawn = chart_texts(monkeypatch)
    render_debrief(ended())
    assert real(debrief_chart.Msg("where the patrol ended")) in drawn
    assert not [x for x in drawn if "still running" in x or "Provisional" in x or "where the boat is now" in x]


def test_4_1_kaleun_run_debrief_before_the_end_writes_a_chart_that_says_the_patrol_runs(tmp_path):
    """The command a tester types: a one-hour script of a three-day mission."""
    script = tmp_path / "s.jsonl"
    script.write_text("")
    out = subprocess.run([sys.executable, "-m", "kaleun", "run", "--mission", "prize_rules_1939", "--script",
                          str(script), "--events", str(tmp_path / "e.jsonl"), "--until", "3600", "--debrief",
                          str(tmp_path / "d.png")], capture_output=True, text=True, timeout=300,
                         env={"SDL_VIDEODRIVER": "dummy", "PATH": "", "HOME": str(tmp_path)})
    assert out.returncode == 0, out.stderr
    d = json.loads(Path(tmp_path / "d.json").read_text())
    assert d["result"] is None and d["grade"] == "F"
    assert str(lines(d)[0]).startswith("Debrief so far, the patrol is still running")
    assert (tmp_path / "d.png").stat().st_size > 0


def test_4_1_the_top_row_of_squares_on_a_short_patrol_s_chart_is_named():
    """A short patrol's chart cuts its top row of squares at the chart's edge: the part shown is still
    high enough for a name, and the name stands in it, whole, as in every other row."""
    grid = set(naval_grid().squares)
    squares = [(name, rect) for name, rect in debrief_chart.chart_labels(running(), squares=True) if name in grid]
    chart = pygame.Rect(0, 0, debrief_chart.CHART, debrief_chart.HEIGHT)
    assert squares and all(chart.contains(rect) for _, rect in squares)
    assert min(rect.top for _, rect in squares) < 10, sorted({rect.top for _, rect in squares})
