"""Random well-formed table commands for property tests and the crew benchmark.

`random_command` looks at the game and returns a command that is well formed (never a
CommandError) though the rules may still refuse it (an `order_rejected` or `action_refused` event).
"""

from __future__ import annotations

import random
from typing import Any

from kaleun.core.engine import Engine
from kaleun.uboot.boat import TELEGRAPH
from kaleun.uboot.crew.hazards import CONDITIONS, ITEMS
from kaleun.uboot.crew.roster import FIGURES, ROLES
from kaleun.uboot.crew.technical import COMPONENTS, SEVERITIES

ORDERS_WITH_PARAMS = ["mobilize", "new_speed", "new_course", "new_depth", "dive", "surface", "observe", "periscope",
                      "hydrophone", "sextant", "enigma", "tdc", "flood_tubes", "fire_torpedoes", "reload_torpedo",
                      "gun_88", "gun_20", "repair", "first_aid", "address_crew", "prepare_meal"]


def _order(rng: random.Random, g: Engine) -> dict[str, Any]:
    crew = g.module("crew")
    order = rng.choice(ORDERS_WITH_PARAMS)
    cmd: dict[str, Any] = {"do": "order", "order": order}
    if order == "new_speed":
        cmd["speed"] = rng.choice(TELEGRAPH)
    elif order == "new_course":
        cmd["course"] = rng.randrange(360)
    elif order == "new_depth":
        cmd["depth_m"] = rng.choice([10, 40, 80])
    elif order == "enigma":
        cmd["messages"] = rng.randint(1, 3)
    elif order in ("flood_tubes", "fire_torpedoes"):
        cmd["tubes"] = rng.sample([1, 2, 3, 4, 5], rng.randint(1, 3))
    elif order == "reload_torpedo":
        cmd["tube"] = rng.randint(1, 5)
    elif order == "tdc":
        cmd.update(bearing=rng.randrange(360), range_m=rng.choice([800, 1500, 3000]), course=rng.randrange(360),
                   speed_kn=rng.choice([5, 7.5, 10]))
    elif order == "gun_88":
        contacts = list(g.module("sea").picture.contacts) or ["c1"]
        cmd.update(target=rng.choice(contacts), rounds=rng.randint(1, 20))
    elif order == "gun_20":
        cmd["bursts"] = rng.randint(1, 10)
    elif order == "repair":
        jobs = list(g.module("technical").jobs)
        conditions = crew.hazards.chips
        breaches = list(crew.breaches.open)
        pick = rng.random()
        if jobs and pick < 0.4:
            cmd["component"] = rng.choice(jobs)
        elif conditions and pick < 0.8:
            c = rng.choice(conditions)
            cmd.update(condition=c["condition"], section=c["section"])
        elif breaches:
            cmd["breach"] = rng.choice(breaches)
        else:
            cmd["component"] = rng.choice(list(COMPONENTS))
    elif order == "first_aid":
        cmd["patients"] = [rng.choice(FIGURES)]
    elif order == "observe":
        pick = rng.random()
        if pick < 0.3:
            cmd["count"] = rng.randint(1, 4)
        elif pick < 0.5:
            cmd["figures"] = rng.sample(FIGURES, rng.randint(1, 3))
    elif order == "prepare_meal":
        cmd["take"] = [rng.randint(1, 6)]
        if rng.random() < 0.2:
            cmd["swap"] = rng.sample(range(1, 7), 2)
    return cmd


def random_command(rng: random.Random, g: Engine) -> dict[str, Any]:
    crew = g.module("crew")
    roll = rng.random()
    figure = rng.choice(FIGURES)
    if roll < 0.30:
        return {"do": "place", "figure": figure, "section": rng.randint(1, 8)}
    if roll < 0.52:
        return _order(rng, g)
    if roll < 0.55:
        return {"do": "lift", "figure": figure}
    if roll < 0.60:
        return {"do": "end_mobilize"}
    if roll < 0.64:
        kind = rng.random()
        if kind < 0.5:
            return {"do": "damage", "kind": "environmental", "condition": rng.choice(list(CONDITIONS)),
                    "section": rng.randint(1, 6)}
        if kind < 0.6:
            return {"do": "damage", "kind": "hull_breach", "section": rng.randint(1, 6)}
        if kind < 0.8:
            return {"do": "damage", "kind": "crew", "sections": [rng.choice([7, 8])]}
        return {"do": "damage", "kind": "technical", "component": rng.choice(list(COMPONENTS)),
                "severity": rng.choice(SEVERITIES)}
    if roll < 0.70:
        injuries = crew.health.injuries
        who: dict[str, Any] = {"injury": rng.choice(injuries)["id"]} if injuries and rng.random() < 0.7 \
            else {"figure": figure}
        return {"do": "ailment", **who, "wounds": rng.choice([0, 0, 0, 1]), "exhaustion": rng.randint(0, 2),
                "activation": rng.randint(0, 2), "supplies": rng.sample(["pills", "ointment", "bandages"], 1)}
    if roll < 0.75:
        key = rng.choice(["add", "remove"])
        return {"do": "chips", "figure": figure, key: rng.randint(1, 3)}
    if roll < 0.77:
        return {"do": "adjust_morale", "by": rng.randint(-3, 3)}
    if roll < 0.79:
        return {"do": "adjust_command", "by": rng.randint(-3, 3)}
    if roll < 0.80:
        return {"do": "kill", "figure": figure} if not crew.sailor(figure).dead else {"do": "report"}
    if roll < 0.82:
        return {"do": "smoke", "role": rng.choice(ROLES)}
    if roll < 0.84:
        return {"do": "undo"}
    if roll < 0.86:
        return {"do": "move_fix", "figure": figure, "choice": rng.choice(["mobilize", "put_back"])}
    if roll < 0.88:
        return {"do": "carry", "figure": figure, "item": rng.choice(ITEMS)}
    if roll < 0.90:
        if rng.random() < 0.5:
            return {"do": "join_task", "task": "observation", **({"count": rng.randint(1, 2)} if rng.random() < 0.3
                                                                  else {})}
        return {"do": "join_task", "task": "repair", "component": rng.choice(list(COMPONENTS))}
    if roll < 0.91:
        return {"do": "stop_task", "figure": figure}
    if roll < 0.92 and crew.breaches.open:
        return {"do": "puzzle", "section": rng.choice(list(crew.breaches.open)),
                "result": rng.choice(["solved", "failed"])}
    if roll < 0.93:
        return {"do": "cook", "take": [rng.randint(1, 6)]}
    return {"do": "wait", "seconds": rng.choice([60, 600, 1800, 3600, 3 * 3600])}


def step(rng: random.Random, g: Engine) -> list[Any]:
    """Apply one random command (a `wait` advances the game clock). Returns the events."""
    cmd = random_command(rng, g)
    if cmd["do"] == "wait":
        return g.advance_to(g.t + cmd["seconds"])
    return g.apply(cmd)
