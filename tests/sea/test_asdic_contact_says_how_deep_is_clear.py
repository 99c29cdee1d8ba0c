"""The "hunted" exercise left at its start depth (10 m, periscope depth): the first escort in ASDIC contact runs
over the boat to drop its pattern, and a boat shallower than a keel reaches (`sensors.toml` `ram_depth_m`, our
choice; rulebook §4: the boat is lost when rammed) is struck: the group lost the boat eleven minutes into its first
exercise, on every seed, warned only "ASDIC! Pings on the hull: an escort has found the boat." The warning now says,
while the boat is that shallow, that the run over it strikes it and how deep is clear; a boat already deep enough
hears it as before."""

from __future__ import annotations

import pytest
from kaleun.i18n import language
from kaleun.uboot.game import new_game
from kit import named, order

FOUND = "ASDIC! Pings on the hull: an escort has found the boat."


def _first_asdic_line(depth_m: float | None, seed: int) -> tuple[str, list[str]]:
    """The first ASDIC contact's line in the feed, and the names of the events up to 700 s."""
    g = new_game(seed=seed, mission="exercise_escort")
    g.take_events()
    if depth_m is not None:
        assert named(order(g, "new_depth", depth_m=depth_m), "depth_set"), "the depth order was not carried out"
    events = g.advance_to(700)
    lines = [e.feed for e in events if e.name == "ping" and e.feed is not None]
    assert lines, "no escort found the boat"
    return language("en").render(lines[0]), [e.name for e in events]


@pytest.mark.parametrize("seed", [1, 2])
def test_the_first_asdic_contact_on_a_boat_at_periscope_depth_says_how_deep_is_clear(seed: int) -> None:
    text, events = _first_asdic_line(None, seed)
    assert text.startswith(FOUND) and "order a depth of 12 m or more" in text and "At 10 m" in text, text
    assert "collision" in events, "left there, the escort's run over the boat strikes it"


def test_a_boat_deep_enough_hears_the_contact_as_before() -> None:
    text, events = _first_asdic_line(40, 1)
    assert text == FOUND, text
    assert "collision" not in events
