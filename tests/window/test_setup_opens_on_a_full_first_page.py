"""A new group's first screen (`make play`, then the window's set-up, rulebook §4.3 and §5.3: the mission chosen
before the game): the set-up's mission list opened on the page of the mission chosen, the training, which came
last of all, so the first screen showed "Training patrol" alone on page 3/3 and a group took it for the only
mission. The practice pieces now come first, the training at their head: the list opens on its first page, full,
with the training lit beside the exercises the README suggests for a first evening and the first missions."""

from __future__ import annotations

from kaleun.uboot.missions.setup import mission_lines

from window.fingers import shown
from window.test_setup_screen import set_up_window


def test_4_3_a_new_table_s_set_up_opens_on_a_full_first_page_with_the_training_lit(home) -> None:
    table, _ = set_up_window()
    table.render()
    ids = table.window.targets.ids()
    listed = [name.removeprefix("mission.") for name in ids if name.startswith("mission.") and name != "mission.more"]
    assert listed[0] == "training" and "exercise_convoy" in listed, listed
    assert "1/" in " ".join(shown(table)), shown(table)  # the first page, not the last
    assert len(listed) >= 8, listed  # a page full of choices, not one button alone
    assert any(line.scored and line.id in listed for line in mission_lines()), listed  # a mission with objectives too
    lit = table.window.targets.get("mission.training")
    assert lit is not None and table.window.overlay.mission == "training"


def test_every_mission_is_on_one_of_the_set_up_s_pages_once(home) -> None:
    table, _ = set_up_window()
    seen: list[str] = []
    for _ in range(10):
        table.render()
        page = [n.removeprefix("mission.") for n in table.window.targets.ids()
                if n.startswith("mission.") and n != "mission.more"]
        if seen and page and page[0] == seen[0]:
            break
        seen += page
        table.tap("mission.more")
    assert sorted(seen) == sorted(m.id for m in mission_lines()), seen
