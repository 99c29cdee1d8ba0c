"""Nothing lost, damaged saves with the seabed's Atlantic islands and the route home: a save whose boat position
lies inland on an island or a coast, on a coast's corner, at a pole, or at a longitude given as 720
degrees resumes; the crew can head home (the route goes round the islands, or the boat runs aground
where the uninterrupted game would have, at its next look at the seabed), and what it saves loads
again. A position that is no number is refused with its reason and the file kept."""

from __future__ import annotations

import json
import math

import pytest
from kaleun.core.errors import SaveError
from kaleun.saves import open_save, save_game
from kaleun.uboot.game import new_game

POSITIONS = {
    "inland on São Miguel": (37.80, -25.50, True), "inland on Madeira": (32.75, -16.95, True),
    "on Bermuda": (32.32, -64.80, True), "on Rockall": (57.599, -13.673, True),
    "on the Formigas": (37.267, -24.767, True),
    "on Tenerife": (28.3, -16.55, True), "inland in Scotland": (57.0, -4.0, True),
    "on São Miguel's coast, at a corner": (37.90, -25.82, False), "in São Miguel's lee": (37.70, -25.0, False),
    "at the north pole": (90.0, 0.0, True), "at the south pole": (-90.0, 0.0, False),
    "at longitude 720 (France)": (47.0, 720.0, True), "at longitude -700 (open sea)": (47.0, -700.0, False),
}


@pytest.mark.parametrize("where", list(POSITIONS))
def test_a_save_with_the_boat_on_land_or_a_coast_resumes_and_heads_home(tmp_path, where):
    lat, lon, aground = POSITIONS[where]
    state = new_game(1, "patrol_atlantic").to_state()
    state["modules"]["boat"]["lat0"], state["modules"]["boat"]["lon0"] = lat, lon
    (tmp_path / "autosave.json").write_text(json.dumps(state))
    game = open_save(tmp_path / "autosave.json").engine
    assert "return_to_base" in [e.name for e in game.apply({"do": "return_to_base"})]
    game.advance_to(game.t + 6 * 3600)
    boat = game.module("boat")
    assert (boat.lost == "grounded") is aground, (where, boat.lost)
    if not aground:
        assert game.module("mission").passage is not None
        assert math.isfinite(boat.position_at(game.t)[0])
    save_game(game, tmp_path / "again.json")
    open_save(tmp_path / "again.json")


@pytest.mark.parametrize("value", ["NaN", "Infinity", "1e999", '"47.0"', "null", "91.0"])
def test_a_position_that_is_no_latitude_is_refused_and_kept(tmp_path, value):
    text = json.dumps(new_game(1, "patrol_atlantic").to_state())
    lat = json.dumps(new_game(1, "patrol_atlantic").to_state()["modules"]["boat"]["lat0"])
    damaged = text.replace(f'"lat0": {lat}', f'"lat0": {value}', 1)
    assert damaged != text
    path = tmp_path / "autosave.json"
    path.write_text(damaged)
    with pytest.raises(SaveError, match=f"{path}: .*(kept as it is|lat0)"):
        open_save(path)
    assert path.read_text() == damaged


@pytest.mark.parametrize("base", ["nowhere", "", "LORIENT"])
def test_a_passage_home_to_a_base_that_does_not_exist_is_refused_by_its_place(tmp_path, base):
    """A save of a boat on its way home names its base; a damaged name loaded, ran through the two
    minutes' trial and then stopped the game with a KeyError at the next steering (every 30 minutes)."""
    game = new_game(1, "patrol_atlantic")
    game.apply({"do": "return_to_base"})
    game.advance_to(game.t + 600)
    state = game.to_state()
    state["modules"]["mission"]["passage"]["base"] = base
    path = tmp_path / "autosave.json"
    path.write_text(json.dumps(state))
    with pytest.raises(SaveError, match=r"damaged at modules\.mission\.passage\.base"):
        open_save(path)
