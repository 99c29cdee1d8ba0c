"""Route home benchmark (plain script; prints figures, run by hand: python tests/bench/bench_route_home.py).

The first route home from behind a coast: the `return` order and the mission view's way home compute it on the
game's thread, so the clock waits for it. Positions a patrol really reaches (the Mediterranean, the Skagerrak,
the Norwegian Sea, the Atlantic) to every base whose way home rounds a coast; each route from a cold start
(no leg looked at before), the way a game's first `return` finds it.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parents[1] / "host")]

from kaleun.uboot.missions import passage  # noqa: E402
from kaleun.uboot.sea.seabed import seabed  # noqa: E402

#: (base, latitude, longitude): a boat off Gibraltar, in the Skagerrak, off Norway and in the North Sea
CASES = [("la_pallice", 36.0, 0.0), ("kiel", 36.5, -3.0), ("brest", 58.0, 10.5), ("lorient", 62.0, 5.0),
         ("st_nazaire", 37.0, 2.0), ("wilhelmshaven", 36.2, -1.0), ("bergen", 36.5, 1.5), ("brest", 57.9, 9.8)]


def main() -> None:
    seabed()  # the data loaded once, as a running game has it
    times = []
    for base, lat, lon in CASES:
        passage._leg_clear.cache_clear()
        start = time.perf_counter()
        route = passage.route(passage.base(base), lat, lon)
        took = time.perf_counter() - start
        times.append(took)
        print(f"{base:>13} from {lat:5.1f} {lon:6.1f}: {len(route)} waypoints, "
              f"{passage.distance(lat, lon, route):6.0f} nm, {took * 1000:7.1f} ms")
    print(f"first route home: median {statistics.median(times) * 1000:.0f} ms, worst {max(times) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
