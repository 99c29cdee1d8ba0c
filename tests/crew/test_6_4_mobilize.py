"""§6.4 mobilization: the only order that moves figures; unmobilized moves are flagged, not blocked."""

from __future__ import annotations

from crewkit import chips, do, game, named, one, play, stations


def test_6_4_mobilize_to_stations_worked_example(tmp_path):
    """Rulebook §6.4: the sailors stand in their start positions; the Captain mobilizes: "Engines, ballast,
    helm, lookouts, man your stations!" The lookouts go to the bridge, the engine crew to the engine rooms,
    helm and ballast to the control room; the next order ends the mobilization and the crew is ready."""
    _, events = play(tmp_path, [
        {"t": 0, "do": "order", "order": "mobilize"},
        {"t": 5, "do": "place", "figure": "engineer-square", "section": 5},
        {"t": 6, "do": "place", "figure": "engineer-triangle", "section": 5},
        {"t": 7, "do": "place", "figure": "engineer-circle", "section": 6},
        {"t": 8, "do": "place", "figure": "navigator-square", "section": 8},
        {"t": 9, "do": "place", "figure": "navigator-triangle", "section": 8},
        # helm (officer-square, officer-triangle) and ballast (officer-triangle, engineer-hexagon) start in 3
        {"t": 20, "do": "end_mobilize"},
        {"t": 30, "do": "order", "order": "observe"},
        {"t": 40, "do": "order", "order": "new_speed", "speed": "half_ahead"},
        {"t": 50, "do": "order", "order": "dive"},
    ])
    mobilize = named(events, "order_accepted")[0]
    assert mobilize["order"] == "mobilize" and mobilize["paid"] == "command" and mobilize["command_bar"] == "VII"
    assert mobilize["activated"] == []  # movers are not activated
    assert [m["path"] for m in named(events, "sailor_moved")] == [[4, 5], [4, 5], [3, 4, 5, 6], [4, 3, 8], [4, 3, 8]]
    ended = one(events, "mobilization_ended")
    assert ended["feed"] == "Mobilization over: crew in position." and ended["why"] == "crew in position"
    accepted = [e["order"] for e in named(events, "order_accepted")]
    assert accepted == ["mobilize", "observe", "new_speed", "dive"]
    assert named(events, "order_rejected") == []
    # the lookouts died in the dive: the Captain forgot to bring them in (§6.10)
    assert {e["figure"] for e in named(events, "sailor_killed")} == {"navigator-square", "navigator-triangle"}


def test_6_4_a_move_without_mobilize_is_flagged_with_a_choice():
    g = game()
    stations(g, {"engineer-square": 5})
    do(g, {"do": "end_mobilize"})
    events = do(g, {"do": "place", "figure": "engineer-square", "section": 6})
    flag = one(events, "move_unmobilized")
    assert flag["feed"] == ("square engineer moved 5 → 6 without Mobilize: pay a Mobilize or put the figure back "
                            "in section 5.")
    assert flag["choices"] == [{"do": "move_fix", "figure": "engineer-square", "choice": "mobilize"},
                               {"do": "move_fix", "figure": "engineer-square", "choice": "put_back"}]
    assert g.module("crew").pos["engineer-square"] == 5  # he still counts where he stood


def test_6_4_paying_the_mobilize_settles_the_move():
    g = game()
    do(g, {"do": "place", "figure": "engineer-square", "section": 5})
    events = do(g, {"do": "move_fix", "figure": "engineer-square", "choice": "mobilize"})
    assert one(events, "order_accepted")["via"] == "move_fix"
    assert one(events, "move_settled")["how"] == "mobilize"
    assert g.module("crew").pos["engineer-square"] == 5
    assert g.module("crew").bars.status()["command"] == "VII"


def test_6_4_putting_the_figure_back_settles_the_move():
    g = game()
    do(g, {"do": "place", "figure": "engineer-square", "section": 5})
    events = do(g, {"do": "move_fix", "figure": "engineer-square", "choice": "put_back"})
    assert one(events, "move_fix")["feed"] == "Put square engineer back in section 4."
    events = do(g, {"do": "place", "figure": "engineer-square", "section": 4})
    assert one(events, "move_settled")["how"] == "put back"
    assert g.module("crew").moves.flags == {}


def test_6_4_an_unsettled_figure_does_not_count_where_it_stands_and_the_refusal_says_so():
    g = game()
    do(g, {"do": "place", "figure": "engineer-square", "section": 5})
    do(g, {"do": "place", "figure": "engineer-triangle", "section": 5})
    rejected = one(do(g, {"do": "order", "order": "new_speed", "speed": "slow_ahead"}), "order_rejected")
    assert rejected["reason"] == ("2 sailors with the engines symbol needed in section 5 while surfaced; found "
                                  "square engineer "
                                  "(moved here without Mobilize), triangle engineer (moved here without Mobilize)")


def test_6_4_no_orders_during_a_mobilization_the_next_order_ends_it():
    g = game()
    stations(g, {"engineer-square": 5, "engineer-triangle": 5})
    events = do(g, {"do": "order", "order": "new_speed", "speed": "half_ahead"})
    names = [e["event"] for e in events]
    assert names.index("mobilization_ended") < names.index("order_accepted")
    events = do(g, {"do": "place", "figure": "engineer-square", "section": 6})
    assert named(events, "move_unmobilized")


def test_6_4_toolboxes_and_equipment_travel_with_movers_one_per_sailor():
    g = game()
    stations(g, {"engineer-square": 6})  # 4 -> 5 -> 6: the extinguisher lies in 5, toolbox 2 in 4
    events = do(g, {"do": "carry", "figure": "engineer-square", "item": "toolbox_2", "to": 6})
    moved = one(events, "item_moved")
    assert (moved["previous"], moved["section"]) == (4, 6)
    events = do(g, {"do": "carry", "figure": "engineer-square", "item": "extinguisher"})
    refused = one(events, "action_refused")
    assert refused["reason"] == "square engineer already carried the toolbox 2 in this mobilization"
    events = do(g, {"do": "carry", "figure": "engineer-triangle", "item": "extinguisher"})
    assert one(events, "action_refused")["reason"] == "triangle engineer has not moved in this mobilization"
    do(g, {"do": "place", "figure": "engineer-triangle", "section": 3})
    events = do(g, {"do": "carry", "figure": "engineer-triangle", "item": "extinguisher"})
    assert one(events, "action_refused")["reason"] == ("triangle engineer's way 4 → 3 does not lead out of or "
                                                        "through section 5, which holds the extinguisher")


def test_6_4_a_carried_chip_is_put_down_only_further_along_the_carriers_way():
    """§6.4: a sailor takes the chip out of a section he leaves or crosses and puts it down in a
    section he enters or crosses after that, never in one he passed before he took it."""
    g = game()
    stations(g, {"engineer-square": 2})  # 4 -> 3 -> 2
    do(g, {"do": "place", "figure": "engineer-square", "section": 6})  # 2 -> 3 -> 4 -> 5 -> 6
    carry = {"do": "carry", "figure": "engineer-square", "item": "extinguisher"}  # it lies in section 5
    refused = one(do(g, {**carry, "to": 3}), "action_refused")
    assert refused["reason"] == "square engineer passed section 3 before he took the extinguisher in section 5"
    assert one(do(g, {**carry, "to": 5}), "action_refused")["reason"] == "section 5 already holds the extinguisher"
    assert g.module("crew").hazards.item_section("extinguisher") == 5
    moved = one(do(g, {**carry, "to": 6}), "item_moved")
    assert (moved["previous"], moved["section"]) == (5, 6)


def test_6_7_a_flagged_move_settled_by_a_mobilize_stops_the_task_taken_on_meanwhile():
    """A lookout put down in the control room without a mobilize still counts on the bridge and may be
    posted there; when a mobilize carries his move out, he has moved: his observation stops (§6.7)."""
    g = game()
    stations(g, {"navigator-square": 8, "navigator-triangle": 8})
    do(g, {"do": "end_mobilize"})
    assert one(do(g, {"do": "place", "figure": "navigator-square", "section": 3}), "move_unmobilized")
    do(g, {"do": "order", "order": "observe"})
    crew = g.module("crew")
    assert crew.lookouts() == 2 and crew.sailor("navigator-square").task is not None
    events = do(g, {"do": "move_fix", "figure": "navigator-square", "choice": "mobilize"})
    assert one(events, "task_stopped")["feed"] == ("square navigator (Navigator) stops his observation: moved out of "
                                                    "section 8.")
    assert crew.pos["navigator-square"] == 3 and crew.sailor("navigator-square").task is None
    assert chips(g, "navigator-square") == ["A"] and crew.lookouts() == 1


def test_6_7_moving_a_busy_sailor_stops_his_task():
    g = game()
    stations(g, {"navigator-square": 8, "navigator-triangle": 8})
    do(g, {"do": "order", "order": "observe"})
    assert g.module("crew").lookouts() == 2
    events = stations(g, {"navigator-square": 3})
    stopped = one(events, "task_stopped")
    assert stopped["feed"] == "square navigator (Navigator) stops his observation: moved out of section 8."
    assert one(events, "lookouts")["count"] == 1 == g.module("crew").lookouts()
    assert chips(g, "navigator-square") == ["A"]  # the observation chip turned to its activation side
