"""Write the missions' table scripts: for each mission a captain who wins it and one who loses it.

    python tests/missions/make_scripts.py              every mission
    python tests/missions/make_scripts.py gibraltar_1941 --verbose

Each captain plays in-process (captain.py) and the commands it gave are written to
tests/missions/scripts/<mission>.win.jsonl and .lose.jsonl. The tests replay them through the
table-script runner and check the outcome (test_missions.py).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "host"))

from captain import Captain  # noqa: E402

H = 3600.0


# -- 1939: prize rules: the deck gun ------------------------------------------------------------------
def gun_patrol(c: Captain, max_range_nm: float, rounds: int, want: int = 2) -> None:
    """Hunt lone merchants with the 88 mm gun; open fire within `max_range_nm`."""
    c.lookouts()
    c.stations({"captain-square": 7, "captain-triangle": 7, "officer-square": 7})

    def tick() -> bool:
        m = c.mission_module
        weapons = c.g.module("weapons")
        if "weather" in m.objectives and m.objectives["weather"].active:
            c.order("enigma", report="weather")
        ships = c.contacts()
        if len(m.log["sunk"]) >= want or weapons.ammo["gun_88"] == 0:
            return True
        if not ships:
            if not weapons.firing["gun_88"]:
                c.speed("stop")
            return False
        target = min(ships, key=lambda s: s["range_nm"])
        v = c.vessel(target["id"])
        if v is None:
            return False
        lat, lon = c.g.module("sea").vpos(v, c.t)
        if c.true_range(target["id"]) > max_range_nm:
            c.steer_to(lat, lon, "full_ahead", slack=10.0)
        elif not weapons.firing["gun_88"]:
            c.speed("slow_ahead")
            c.order("gun_88", target=target["id"], rounds=rounds)
        return False

    c.patrol(70 * H, tick, step=60)


def win_prize_rules_1939(c: Captain) -> None:
    gun_patrol(c, max_range_nm=2.0, rounds=30)
    c.go_home(72 * H)
    c.end()


def lose_prize_rules_1939(c: Captain) -> None:
    """Opens fire at the gun's longest range: the rounds are gone before the second ship."""
    gun_patrol(c, max_range_nm=4.0, rounds=60)
    c.speed("stop")
    c.patrol(72 * H)
    c.end()


# -- 1940: the slow convoy (autumn 1940, part 1) -------------------------------------------------------
def convoy_night(c: Captain, side_nm: float, submerged: bool) -> None:
    c.patrol(2 * H)
    m = c.mission_module
    enc = m.encounters[0]
    lat, lon = m._encounter_at(enc, 9 * H)
    c.go(*c.ahead_of(lat, lon, enc["course"], 0, 4.0), within=2.0, step=1800)
    group = c.wait_for_group(12 * H)
    c.get_ahead(group, 9.0, side_nm)
    c.order("flood_tubes", tubes=[1, 2, 3, 4])
    if submerged:
        c.dive()
    c.speed("stop")
    c.course((group.base_course - 90) % 360)
    c.fire_at_nearest(group, set(), c.t + 4 * H)
    if submerged:
        c.order("new_depth", depth_m=120)
    else:
        c.dive(120)
    c.speed("slow_ahead")


def win_sc_convoy_1940(c: Captain) -> None:
    convoy_night(c, side_nm=2.2, submerged=True)
    c.patrol(c.t + 4 * H)
    c.surface(lookouts=False)
    c.patrol(72 * H)
    c.end()


def lose_sc_convoy_1940(c: Captain) -> None:
    """Waits on the surface inside the screen: heard, chased, rammed."""
    convoy_night(c, side_nm=0.5, submerged=False)
    c.patrol(c.t + 4 * H)
    c.end()


CAPTAINS: dict[str, tuple[Callable[[Captain], None], Callable[[Captain], None]]] = {
    "prize_rules_1939": (win_prize_rules_1939, lose_prize_rules_1939),
    "sc_convoy_1940": (win_sc_convoy_1940, lose_sc_convoy_1940),
}
#: the seed each mission's scripts are played with
SEEDS: dict[str, int] = {}


def make(mission: str, verbose: bool = False) -> list[str]:
    out = []
    for kind, captain in zip(("win", "lose"), CAPTAINS[mission], strict=True):
        c = Captain(mission, seed=SEEDS.get(mission, 0), verbose=verbose)
        captain(c)
        m = c.mission_module
        path = c.write(kind)
        grade = m.final["grade"] if m.final else None
        out.append(f"{path.name}: {m.result} ({m.reason}), grade {grade}, t = {c.t / H:.1f} h, {len(c.lines)} lines")
    return out


def main(argv: list[str]) -> int:
    verbose = "--verbose" in argv
    names = [a for a in argv if not a.startswith("--")] or list(CAPTAINS)
    for name in names:
        for line in make(name, verbose):
            print(line)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
