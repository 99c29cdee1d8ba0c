"""What a crew expects to hear: the tiles to flip at a watch change (§6.8), a warning before a hull
breach floods (§10.3.7), the end of the crew's exhaustion (§7.4) and the moment no order can be paid
any more (§7.3)."""

from __future__ import annotations

import json
import re

from crewkit import WATCH_CHANGE_S, advance, do, game, named, one, stations
from kaleun.uboot.game import load_game


def test_6_8_the_watch_change_summary_says_to_flip_the_crew_tiles():
    g = game()
    change = one(advance(g, WATCH_CHANGE_S), "crew_watch_change")
    assert change["feed"] == "The crew at the watch change: command bar back to VIII; flip the crew tiles."


def test_6_8_with_the_easy_watch_change_the_summary_says_to_slide_the_tiles():
    g = game(difficulty={"officer": "easy"}, easy_watch_change={"officer": True})
    change = one(advance(g, WATCH_CHANGE_S), "crew_watch_change")
    assert "flip the crew tiles (slide the officer's up)" in change["feed"]
    everyone = {r: "easy" for r in ("captain", "officer", "navigator", "engineer")}
    g = game(difficulty=everyone, easy_watch_change={r: True for r in everyone})
    change = one(advance(g, WATCH_CHANGE_S), "crew_watch_change")
    assert "; slide the crew tiles up (easy watch change)" in change["feed"]


def test_10_3_7_a_minute_before_a_breach_floods_the_feed_warns():
    g = game()  # normal difficulty: 3:00 to seal a breach
    do(g, {"do": "damage", "kind": "hull_breach", "section": 4})
    assert not named(advance(g, 119), "breach_warning")
    warning = one(advance(g, 120), "breach_warning")
    assert warning["feed"] == "Hull breach in section 4: 1:00 left to seal it." and warning["t"] == 120
    events = advance(g, 180)
    assert one(events, "section_flooded") and not named(events, "breach_warning")


def test_10_3_7_after_a_failed_puzzle_the_warning_says_to_get_out():
    g = game()
    do(g, {"do": "damage", "kind": "hull_breach", "section": 4})
    stations(g, {f: 4 for f in ("officer-hexagon", "engineer-circle", "engineer-hexagon")})
    do(g, {"do": "order", "order": "repair", "breach": 4})
    do(g, {"do": "puzzle", "section": 4, "result": "failed"})
    assert one(advance(g, 150), "breach_warning")["feed"] == "Section 4 floods in 1:00: get everybody out!"


def test_10_3_7_a_sealed_breach_gives_no_warning_and_the_warning_survives_a_save():
    g = game()
    do(g, {"do": "damage", "kind": "hull_breach", "section": 4})
    stations(g, {f: 4 for f in ("officer-hexagon", "engineer-circle", "engineer-hexagon")})
    do(g, {"do": "order", "order": "repair", "breach": 4})
    do(g, {"do": "puzzle", "section": 4, "result": "solved"})
    assert not named(advance(g, 600), "breach_warning")
    g = game()
    do(g, {"do": "damage", "kind": "hull_breach", "section": 2})
    state = json.loads(json.dumps(g.to_state()))
    del state["modules"]["crew"]["breaches"]["breaches"]["2"]["warned"]  # a save from before the warning
    restored = load_game(state)
    assert one([e.to_json() for e in restored.advance_to(130)], "breach_warning")["section"] == 2


def test_7_4_the_feed_says_when_the_crew_is_no_longer_exhausted():
    g = game()
    do(g, {"do": "adjust_morale", "by": -11})
    events = do(g, {"do": "adjust_morale", "by": 1, "why": "morale card"})
    assert one(events, "crew_recovered")["feed"] == "The crew is no longer exhausted: morale is back to I."
    assert not named(do(g, {"do": "adjust_morale", "by": 1}), "crew_recovered")


def test_7_3_the_feed_says_when_both_bars_are_spent():
    g = game()
    do(g, {"do": "adjust_command", "by": -8})
    do(g, {"do": "adjust_morale", "by": -10})
    events = do(g, {"do": "order", "order": "address_crew"})  # paid with the morale bar's last field
    assert one(events, "order_accepted")["paid"] == "morale"
    names = [e["event"] for e in events]
    assert names.index("crew_exhausted") < names.index("bars_spent")
    spent = one(events, "bars_spent")["feed"]
    assert re.fullmatch(r"Both the command bar and the morale bar are spent: no more orders until a field frees up "
                        r"\(the watch change at \d\d:00 gives the command bar back\)\.", spent)
    g = game()
    do(g, {"do": "adjust_morale", "by": -11})
    do(g, {"do": "adjust_command", "by": -7})
    events = do(g, {"do": "order", "order": "address_crew"})  # the command bar's last field
    assert one(events, "bars_spent")
    g = game()
    do(g, {"do": "adjust_morale", "by": -11})
    assert one(do(g, {"do": "adjust_command", "by": -8}), "bars_spent")
