"""The console's contacts and target data: the plot's list of contacts (`kaleun.ui.contact_list`) groups ships sailing
together by the crew's estimates, keeps an identified escort on a row of its own, and orders its rows
nearest, newest or identified first."""

from __future__ import annotations

import math
from typing import Any

from kaleun.ui.contact_list import entries, groups, span


def ship(n: int, east: float, north: float, course: float | None = 120.0, **more: Any) -> dict[str, Any]:
    return {"contact": f"c{n}", "kind": "ship", "bearing": round(math.degrees(math.atan2(east, north))) % 360,
            "range_nm": round(math.hypot(east, north), 1), "course": course, "speed_kn": 8.0, **more}


COLUMNS = [ship(n, 0.8 * (n % 3), 4.0 + 0.8 * (n // 3)) for n in range(1, 10)]  # 9 ships in three columns


def test_3_ships_in_columns_are_one_group_and_a_lone_ship_is_not() -> None:
    lone = ship(20, -5.0, 1.0)
    found = groups([*COLUMNS, lone])
    assert [sorted(c["contact"] for c in g) for g in found] == [sorted(c["contact"] for c in COLUMNS)]
    rows, opened = entries([*COLUMNS, lone])
    assert opened is None and len(rows) == 2 and rows[0].key == "c1"  # the group is named by its first report


def test_3_a_ship_on_another_course_and_an_identified_escort_keep_rows_of_their_own() -> None:
    crossing = ship(30, 0.4, 4.4, course=10.0)  # among the columns, but steering across them
    escort = ship(31, 0.4, 5.2, identified=True, type="escort", class_name="Flower")
    found = groups([*COLUMNS, crossing, escort])
    members = {c["contact"] for c in found[0]}
    assert "c30" not in members and "c31" not in members


def test_3_an_open_group_lists_its_ships_and_is_found_again_by_any_of_them() -> None:
    rows, opened = entries(COLUMNS, "nearest", "c1")
    assert opened is not None and [r.first["contact"] for r in rows] == [c["contact"] for c in opened.contacts]
    assert [float(r.first["range_nm"]) for r in rows] == sorted(float(r.first["range_nm"]) for r in rows)
    without_first = [c for c in COLUMNS if c["contact"] != "c1"]  # c1 sunk: the group is c2's now
    rows, opened = entries(without_first, "nearest", "c1")
    assert opened is None  # a group no longer there: every contact
    rows, opened = entries(without_first, "nearest", "c2")
    assert opened is not None and opened.key == "c2"


def test_3_newest_and_identified_first() -> None:
    near = ship(40, -3.0, 0.5)
    known = ship(41, 6.0, -6.0, identified=True, type="merchant", class_name="C1-B")
    contacts = [near, known, ship(42, -8.0, -8.0)]
    assert [r.first["contact"] for r in entries(contacts, "nearest")[0]] == ["c40", "c41", "c42"]
    assert [r.first["contact"] for r in entries(contacts, "newest")[0]] == ["c42", "c41", "c40"]
    assert [r.first["contact"] for r in entries(contacts, "identified")[0]] == ["c41", "c40", "c42"]


def test_3_a_group_s_bearings_are_the_short_arc_across_north() -> None:
    assert span([353.0, 10.0, 28.0, 359.0]) == (353.0, 28.0)
    assert span([90.0, 100.0]) == (90.0, 100.0)
