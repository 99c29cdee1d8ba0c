"""Helpers for the missions' tests: games of a mission, commands and events as JSON objects."""

from __future__ import annotations

from typing import Any

from kaleun.core.engine import Engine
from kaleun.uboot.game import new_game
from kaleun.uboot.missions.catalogue import catalogue
from kit import (  # noqa: F401 (the helpers of every kit)
    Terminal,
    advance,
    do,
    named,
    one,
    order,
)


def spend_refill_kit(g: Engine, patient: str = "navigator-circle") -> None:
    """§8.6: a refill kit opened to put back a treated ailment's supplies (an ailment, its first aid, its card
    discarded), as a crew on a linked patrol would use one (crew rules in advise mode)."""
    do(g, {"do": "ailment", "figure": patient, "deck": "event", "wounds": 1, "supplies": ["pills"]})
    assert named(order(g, "first_aid", patient=patient), "first_aid_given")
    do(g, {"do": "cure", "figure": patient})
    assert named(do(g, {"do": "first_aid_kit"}), "supplies_refilled")


#: a small mission file the catalogue accepts, for tests that change it to show a refusal
MISSION_TOML = """\
name = "Test patrol"
start = "1941-06-01T04:00:00"
base = "lorient"
square = "BF54"
time_limit_h = 24
briefing = "A test."

[[objective]]
id = "go"
kind = "reach"
square = "BF45"
text = "Reach BF45."
"""


def game(mission: str = "prize_rules_1939", seed: int = 0, changes: dict[str, Any] | None = None,
         rules: str = "advise") -> Engine:
    """A game of the mission with the crew rules advising (orders go ahead) and no random wear."""
    g = new_game(seed, mission, changes)
    g.take_events()
    g.apply({"do": "crew_options", "rules": rules, "wear": False})
    return g


def start(mission: str = "prize_rules_1939", seed: int = 0, changes: dict[str, Any] | None = None
          ) -> tuple[Engine, list[dict[str, Any]]]:
    g = new_game(seed, mission, changes)
    return g, [e.to_json() for e in g.take_events()]


def short_win(started: Engine) -> Engine:
    """The game `started` (set up from the career record: a campaign mission or a linked patrol's part) played again
    to its end in an hour with the same set-up (its campaign, carry-over and all), one objective met at the start:
    won."""
    mission = started.config["mission"]
    here = {"id": "here", "kind": "reach", "square": catalogue().missions[mission]["square"], "text": "Be here."}
    g = new_game(started.seed, mission, {**started.config["changes"], "time_limit_h": 1, "encounter": [],
                                         "radio": [], "air_cover": "none", "traffic": "none", "par_grt": 0,
                                         "objective": [here]})
    g.take_events()
    assert one(advance(g, 2 * 3600.0), "mission_end")["result"] == "won"
    return g


def until_event(g: Engine, name: str, limit: float, step: float = 600.0) -> list[dict[str, Any]]:
    """Advance until an event of that name comes (or `limit`); returns everything on the way."""
    out: list[dict[str, Any]] = []
    while g.t < limit:
        out += advance(g, min(limit, g.t + step))
        if named(out, name):
            break
    return out


def lookouts(g: Engine) -> None:
    """Two navigators on the bridge on observation duty."""
    order(g, "mobilize")
    for figure in ("navigator-square", "navigator-triangle"):
        do(g, {"do": "place", "figure": figure, "section": 8})
    do(g, {"do": "end_mobilize"})
    order(g, "observe")


def catalogue_refused(monkeypatch: Any) -> list[str]:
    """The problems the mission catalogue refuses with, read under the `monkeypatch` a test has set up (a
    data folder of its own, changed bases ...); the real catalogue is read again afterwards."""
    import pytest
    from kaleun.uboot.missions import catalogue as cat

    cat.catalogue.cache_clear()
    try:
        with pytest.raises(cat.MissionError) as err:
            cat.catalogue()
    finally:
        monkeypatch.undo()
        cat.catalogue.cache_clear()
    return list(err.value.problems)


def chart_texts(monkeypatch: Any) -> list[str]:
    """Every text the debrief chart draws from now on (debrief_chart.render spied on), in drawing order."""
    from kaleun.ui import debrief_chart

    drawn: list[str] = []
    real = debrief_chart.render

    def spy(*args: Any) -> str:
        drawn.append(real(*args))
        return drawn[-1]

    monkeypatch.setattr(debrief_chart, "render", spy)
    return drawn
