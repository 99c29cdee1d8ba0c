"""The score: fame from objectives plus the GRT sunk, and the grade S to F (rulebook §4.1).

The numbers are data (`mission_rules.toml` [fame] and [grades], our choice): an objective met brings
its fame; every GRT sunk brings `per_grt` fame; the score is their sum. The grade compares the score
with the mission's *par* (the fame of every objective the crew was given, plus its `par_grt` in
fame; a secondary objective HQ never sent counts neither way): at least `S` times par earns an S,
and so on down to F. A primary objective not met makes the grade `primary_unmet_best` at best; a
lost boat is `lost` (F).
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from kaleun.uboot import data

RULES = data.load("mission_rules")
FAME: Mapping[str, Any] = RULES["fame"]
GRADES: Mapping[str, Any] = RULES["grades"]
ORDER: tuple[str, ...] = tuple(GRADES["order"])


@dataclass(frozen=True)
class Score:
    fame: int  # from objectives
    grt: int  # GRT sunk
    grt_fame: int
    score: int
    par: int
    grade: str


def grt_fame(grt: int) -> int:
    return round(grt * float(FAME["per_grt"]))


def par(objective_fame: Iterable[int], par_grt: int) -> int:
    return sum(objective_fame) + grt_fame(par_grt)


def grade_for(score: int, par_score: int, primary_met: bool, lost: bool) -> str:
    """The grade of a score against the mission's par (see the module's doc)."""
    if lost:
        return str(GRADES["lost"])
    # a par of nothing (a group's own mission whose objectives bring no fame, `par_grt` 0): every score reaches every
    # share of it, as the debrief's thresholds say (all 0), so the objectives alone decide the grade
    share = score / par_score if par_score > 0 else math.inf
    grade = ORDER[-1]
    for letter in ORDER:
        if share >= float(GRADES[letter]) - 1e-9:
            grade = letter
            break
    if not primary_met:
        grade = worse(grade, str(GRADES["primary_unmet_best"]))
    return grade


def worse(a: str, b: str) -> str:
    """The lower of two grades."""
    return a if ORDER.index(a) >= ORDER.index(b) else b


def at_least(grade: str, floor: str) -> bool:
    """Is `grade` `floor` or better?"""
    return ORDER.index(grade) <= ORDER.index(floor)


def passes_campaign(grade: str) -> bool:
    """Rulebook §4.3: the campaign goes on with at least an E."""
    return at_least(grade, str(GRADES["campaign_pass"]))


def score(met_fame: Iterable[int], grt: int, par_score: int, primary_met: bool, lost: bool) -> Score:
    fame = sum(met_fame)
    extra = grt_fame(grt)
    total = fame + extra
    return Score(fame=fame, grt=grt, grt_fame=extra, score=total, par=par_score,
                 grade=grade_for(total, par_score, primary_met, lost))


def thresholds(par_score: int) -> dict[str, int]:
    """The least score for each grade of a mission (the debrief's table): the least whole score `grade_for` gives
    that grade, a primary objective met (a share of the par rounded up: par 2,050 needs 2,563 for an S, as
    2,562 is less than 1.25 times the par)."""
    return {letter: max(0, math.ceil(float(GRADES[letter]) * par_score - 1e-9)) for letter in ORDER}
