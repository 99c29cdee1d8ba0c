"""The score (rulebook §4.1): fame from the objectives met plus the GRT sunk; the grades S, A, B, C, D, E, F
against the mission's par (thresholds as data, our choice); §4.3: a campaign goes on with E or better."""

from __future__ import annotations

import pytest
from kaleun.uboot.missions import scoring


def test_4_1_fame_from_objectives_plus_grt():
    s = scoring.score([1000, 300], grt=10_000, par_score=2000, primary_met=True, lost=False)
    assert (s.fame, s.grt, s.grt_fame, s.score) == (1300, 10_000, 500, 1800)


@pytest.mark.parametrize("share, grade", [
    (1.30, "S"), (1.25, "S"), (1.10, "A"), (1.0, "A"), (0.85, "B"), (0.65, "C"), (0.45, "D"), (0.25, "E"),
    (0.19, "F"), (0.0, "F"),
])
def test_4_1_grades_by_share_of_par(share, grade):
    assert scoring.grade_for(round(share * 2000), 2000, primary_met=True, lost=False) == grade


def test_4_1_thresholds_are_data_and_ordered():
    t = scoring.thresholds(2000)
    assert list(t) == ["S", "A", "B", "C", "D", "E", "F"]
    assert t["S"] > t["A"] > t["B"] > t["C"] > t["D"] > t["E"] > t["F"] == 0


def test_4_1_a_primary_objective_not_met_caps_the_grade_and_a_lost_boat_is_f():
    assert scoring.grade_for(3000, 2000, primary_met=False, lost=False) == "D"
    assert scoring.grade_for(300, 2000, primary_met=False, lost=False) == "F"
    assert scoring.grade_for(3000, 2000, primary_met=True, lost=True) == "F"


@pytest.mark.parametrize("grade, goes_on", [("S", True), ("C", True), ("E", True), ("F", False)])
def test_4_3_a_campaign_goes_on_with_e_or_better(grade, goes_on):
    assert scoring.passes_campaign(grade) is goes_on


@pytest.mark.parametrize("par", [1000, 1240, 1750, 2050, 2300, 2601, 3333, 7])
def test_4_1_the_debriefs_thresholds_are_the_least_scores_that_earn_each_grade(par):
    """The debrief's table of thresholds says what score earns each grade: that score earns it, one less does not
    (arctic_1942's par 2,050: 1.25 x 2,050 = 2,562.5, so an S needs 2,563; the table said 2,562, which earns
    an A)."""
    table = scoring.thresholds(par)
    for letter, least in table.items():
        assert scoring.grade_for(least, par, primary_met=True, lost=False) == letter or \
            scoring.ORDER.index(scoring.grade_for(least, par, primary_met=True, lost=False)) < \
            scoring.ORDER.index(letter)
        if least > 0:
            below = scoring.grade_for(least - 1, par, primary_met=True, lost=False)
            assert scoring.ORDER.index(below) > scoring.ORDER.index(letter), (letter, least)
