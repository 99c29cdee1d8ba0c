"""Nothing lost, damaged saves of the boat's machinery (rulebook §12 the own boat; the diesel fuel a save keeps since
fuel is burnt): saves of boats burning fuel (on the way out, near dry tanks, diving) damaged at the boat's own values
are refused with their place and kept, or load into a game that runs on past its next watch change.
`KALEUN_FUZZ_FUEL_SAVES` sets how many (default 150; figures with `pytest -s`)."""

from __future__ import annotations

import json
import os
import random
import sys
from collections import Counter
from pathlib import Path

import pytest
from faultkit import damage, refused_and_kept, resumed_or_refused
from kaleun.core.engine import Engine
from kaleun.uboot.game import new_game

SAVES = int(os.environ.get("KALEUN_FUZZ_FUEL_SAVES", "150"))


def burning(fuel_t: float, hours: float, dive: bool = False) -> Engine:
    """A training patrol whose boat left with `fuel_t` tonnes at full ahead on the surface, `hours` later (diving
    from there when `dive`: the save holds the boat between two depths)."""
    game = new_game(5, "training")
    game.module("boat").set_fuel(fuel_t)
    game.apply({"do": "order", "order": "new_speed", "speed": "full_ahead"})
    game.advance_to(hours * 3600.0)
    if dive:
        game.apply({"do": "order", "order": "dive"})
        game.advance_to(game.t + 5)
    return game


def run_on(game: Engine, rng: random.Random) -> None:
    """After a resume: table commands, the clock past the next watch change, the game saved."""
    crew_tests = str(Path(__file__).resolve().parents[1] / "crew")
    if crew_tests not in sys.path:
        sys.path.insert(0, crew_tests)
    from random_table import step

    for _ in range(8):
        step(rng, game)
    game.advance_to(game.module("watch").next_change + 60)
    game.apply({"do": "report"})
    json.dumps(game.to_state(), allow_nan=False)


def test_12_a_save_whose_depth_rate_is_zero_is_refused_by_its_place_not_a_division_by_zero(tmp_path):
    """Found by the campaign below: two of the boat's values swapped left a boat between two depths with a depth rate
    of 0, which passed the shape (0 to 1000 m/s) and stopped the resume with ZeroDivisionError as the boat planned
    when it would reach its depth. Every depth rate the rules set moves the boat (0.33 m/s, slower when degraded)."""
    state = burning(60.0, 0.2, dive=True).to_state()
    boat = state["modules"]["boat"]
    assert boat["zt"] != boat["z0"]  # on its way down
    boat["zrate"] = 0
    refused_and_kept(tmp_path / "autosave.json", state, r"damaged at modules\.boat\.zrate: a number from 0\.001 to "
                                                        r"1000 was expected, found 0")


@pytest.mark.slow
def test_12_damaged_fuel_and_machinery_of_a_save_are_refused_and_kept_or_run_on(tmp_path):
    bases = [json.dumps(burning(fuel, hours, dive).to_state())
             for fuel, hours, dive in ((3.0, 0.5, False), (1.2, 2.0, False), (60.0, 1.0, False), (60.0, 0.2, True))]
    rng = random.Random(12)
    outcomes: Counter[str] = Counter()
    path = tmp_path / "autosave.json"
    for number in range(SAVES):
        within = ("modules", "boat") if number % 4 else ()  # most at the boat, some anywhere
        text, what = damage(rng.choice(bases), rng, within)
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        message = resumed_or_refused(path, what, f"damaged save #{number}", run_on, number, tmp_path / "again.json")
        outcomes["refused" if message is not None else "ran on"] += 1
    print(f"\nfuel saves: {SAVES} damaged, {dict(outcomes)}")
    assert sum(outcomes.values()) == SAVES and outcomes["refused"] > 0 and outcomes["ran on"] > 0
