"""§10.1 E-Motor & Diesel-Maschine: a new speed needs 2 sailors in section 5 (diesels) surfaced or in
section 6 (electric motors) submerged; diving or surfacing changes the drive and needs at least 1 sailor in
each of 5 and 6. §10.2 Ballast-Tanks: new depth and dive/surface need 2 sailors in section 3 (with §6.5's
table: 2 helm and 2 ballast symbols). Played as a table script with the crew rules enforced."""

from __future__ import annotations

from crewkit import game, named, one, play


def _rooms(accepted):
    return sorted((a["figure"], a["section"]) for a in accepted["activated"])


def test_10_1_the_new_speed_is_rung_in_the_diesel_room_surfaced_and_the_motor_room_submerged(tmp_path):
    g, events = play(tmp_path, [
        # surfaced: engine men only in the motor room cannot ring a new speed
        {"t": 10, "do": "order", "order": "mobilize"},
        {"t": 12, "do": "place", "figure": "engineer-square", "section": 6},
        {"t": 14, "do": "place", "figure": "engineer-triangle", "section": 6},
        {"t": 20, "do": "order", "order": "new_speed", "speed": "half_ahead"},
        # the dive: helm and ballast in the control room, one engine man each in 5 and 6
        {"t": 30, "do": "order", "order": "mobilize"},
        {"t": 32, "do": "place", "figure": "engineer-square", "section": 5},
        {"t": 40, "do": "order", "order": "dive"},
        # submerged: the diesel room cannot ring it any more, the motor room can
        {"t": 200, "do": "order", "order": "mobilize"},
        {"t": 202, "do": "place", "figure": "engineer-triangle", "section": 5},
        {"t": 210, "do": "order", "order": "new_speed", "speed": "slow_ahead"},
        {"t": 220, "do": "order", "order": "mobilize"},
        {"t": 222, "do": "place", "figure": "engineer-square", "section": 6},
        {"t": 224, "do": "place", "figure": "engineer-triangle", "section": 6},
        {"t": 230, "do": "order", "order": "new_speed", "speed": "slow_ahead"},
    ], game())
    refused = named(events, "order_rejected")
    assert [r["reason"] for r in refused] == [
        "2 sailors with the engines symbol needed in section 5 while surfaced; found nobody",
        "2 sailors with the engines symbol needed in section 6 while submerged; found nobody"]
    accepted = {e["order"]: e for e in named(events, "order_accepted") if e["order"] != "mobilize"}
    assert sorted(accepted) == ["dive", "new_speed"]
    assert _rooms(accepted["dive"]) == [("engineer-hexagon", 3), ("engineer-square", 5), ("engineer-triangle", 6),
                                        ("officer-square", 3), ("officer-triangle", 3)]
    assert _rooms(accepted["new_speed"]) == [("engineer-square", 6), ("engineer-triangle", 6)]
    assert not g.module("boat").surfaced


def test_10_1_no_dive_without_an_engine_man_in_the_motor_room(tmp_path):
    g, events = play(tmp_path, [
        {"t": 10, "do": "order", "order": "mobilize"},
        {"t": 12, "do": "place", "figure": "engineer-square", "section": 5},
        {"t": 20, "do": "order", "order": "dive"},
    ], game())
    assert one(events, "order_rejected")["reason"] == (
        "1 sailor with the engines symbol needed in section 6; found nobody")
    assert g.module("boat").surfaced


def test_10_2_a_new_depth_changes_no_drive_and_is_carried_out_in_the_control_room_alone(tmp_path):
    """§10.1's example: at periscope depth a new depth changes no drive, so the engine rooms may stand empty
    (nobody stands in 5 or 6 on the training patrol's start); the control room's helm and ballast carry it."""
    g = game()
    g.module("boat").surfaced = False
    assert not [f for f, s in g.module("crew").pos.items() if s in (5, 6)]
    g, events = play(tmp_path, [{"t": 20, "do": "order", "order": "new_depth", "depth_m": 40}], g)
    accepted = one(events, "order_accepted")
    assert _rooms(accepted) == [("engineer-hexagon", 3), ("officer-square", 3), ("officer-triangle", 3)]
