"""The shape of the mission module's saved state (checked before a save is loaded: see
`kaleun.core.shape`). Values that index the mission file (a planned signal, an encounter, an
answer) are checked against it when the state is loaded (`Mission.load_state`)."""

from __future__ import annotations

from datetime import date
from typing import Any

from kaleun.core.messages import Msg
from kaleun.core.shape import (
                ANGLE,
                BOOL,
                COUNT,
                LAT,
                LON,
                SPEED,
                TEXT,
                TIME,
                Either,
                Int,
                Json,
                List,
                Map,
                Maybe,
                Num,
                Obj,
                ShapeError,
                Text,
                Tuple,
)
from kaleun.core.shape import (
                MESSAGE as MESSAGE_TEXT,
)
from kaleun.uboot import data
from kaleun.uboot.missions.catalogue import OBJECTIVE_KINDS, objective_problems
from kaleun.uboot.missions.objectives import STATES
from kaleun.uboot.missions.radio import REPORT_KINDS

#: "ended": a practice piece the crew ended (`end_exercise`): nothing won or lost
RESULTS = ("won", "lost", "returned", "ended")
ID = Text(max_len=64)
KEY = Text(max_len=64)
#: what the mission file gave, passed through (a table's fields, a message's values)
FIELDS = Map(Json(depth=4), keys=KEY, most=64)
LOGS = ("track", "fixes", "attacks", "sunk", "deaths", "passages", "mines")

#: the last day of the war: a save's objective is checked as its mission file's table is, every ship
#: class in service (the mission's date was checked when it started)
LAST_DAY = date(1945, 12, 31)


class ObjectiveShape(Obj):
    """An objective as saved, and its fields as its mission file gave them: rebuilt into the file's
    table and checked as `kaleun missions check` checks one (a rendezvous without its radius, a
    sighting without what is seen would fail the game once it runs)."""

    def check(self, value: Any, path: str) -> None:
        super().check(value, path)
        table = {key: value[key] for key in ("id", "kind", "text", "primary", "fame")}
        problems = objective_problems({**value["spec"], **table}, LAST_DAY)
        if problems:
            raise ShapeError(Msg("{path}: the objective's fields are not a mission file's ({problem})",
                                 path=f"{path}.spec", problem=problems[0]))


OBJECTIVE = ObjectiveShape(id=ID, kind=Text(OBJECTIVE_KINDS), text=TEXT, primary=BOOL, fame=Int(-10**6, 10**6),
                           spec=FIELDS, state=Text(STATES), given_at=Maybe(TIME), done_at=Maybe(TIME),
                           progress=Num(-1e9, 1e9), memo=Map(Json(depth=3), keys=KEY, most=100), message=Maybe(ID))
MESSAGE = Obj(id=ID, text=TEXT, sent_at=TIME, kind=Text(("order", "answer")), values=FIELDS, objective=Maybe(ID),
              received_at=Maybe(TIME), decoded_at=Maybe(TIME))
PLAN = Obj(kind=Text(("radio", "encounter")), index=Int(0, 10_000), at=TIME)
ANSWER = Obj(at=TIME, report=Text(REPORT_KINDS), index=Int(0, 10_000), values=FIELDS)
ENCOUNTER = Obj(id=ID, index=Int(0, 10_000), kind=Text(("convoy", "vessel", "aircraft")), origin=Tuple(LAT, LON),
                t0=TIME, course=ANGLE, speed=SPEED, joined=BOOL)
#: a passage home names one of the bases (`data/bases.toml`)
PASSAGE = Obj(base=Text(lambda: data.load("bases"), max_len=64), route=List(Tuple(LAT, LON), least=1, most=1000),
              started=TIME, next_steer=TIME)

# the patrol's log, entry by entry as `Mission` writes it (the debrief reads every field)
NAME = Text(max_len=200)
LOG = Obj(optional={  # a save from before a log was kept has none of it
    "track": List(Tuple(TIME, LAT, LON, LAT, LON), most=1_000_000),
    "fixes": List(Obj(t=TIME, lat=Maybe(LAT), lon=Maybe(LON), square=Maybe(Text(max_len=40)), true=Tuple(LAT, LON)),
                  most=100_000),
    "attacks": List(Obj(t=TIME, kind=Text(max_len=64), target=Maybe(NAME), lat=LAT, lon=LON,
                        optional={"class_name": Maybe(NAME), "aimed": Text(("disc", "manual"))}),
                   most=100_000),  # saves before them: no class_name, no aimed
    "sunk": List(Obj({"class": Maybe(NAME)}, t=TIME, ship=Maybe(NAME), class_name=NAME, type=Maybe(Text(max_len=64)),
                     grt=Int(0, 10**7), cause=Maybe(NAME), convoy=BOOL, lat=LAT, lon=LON), most=100_000),
    "deaths": List(Obj(t=TIME, sailor=Text(max_len=64), figure=Text(max_len=64), cause=Maybe(MESSAGE_TEXT)),
                   most=100_000),
    "passages": List(Obj(t=TIME, event=Text(("start", "interrupted", "arrived")),  # saves before: no base, resumable
                         optional={"why": TEXT, "base": Text(lambda: data.load("bases"), max_len=64),
                                   "resumable": TIME}),
                     most=100_000),
    "mines": List(Obj(t=TIME, field=Text(max_len=64), type=Either(Text(max_len=64), List(Text(max_len=64), most=64)),
                      count=COUNT, water_m=Maybe(Num(-1e5, 1e5)), lat=LAT, lon=LON), most=100_000),
})
#: what a mission with objectives keeps (every key: a save that lacks one is damaged)
WITH_OBJECTIVES = {
    "objectives": List(OBJECTIVE, most=500), "messages": List(MESSAGE, most=10_000),
    "reports": List(FIELDS, most=10_000), "plans": List(PLAN, most=10_000),
    "answers_due": List(ANSWER, most=100), "answered": List(Text(REPORT_KINDS), most=len(REPORT_KINDS)),
    "encounters": List(ENCOUNTER, most=10_000),
    "next_tick": Maybe(TIME), "last_tick": TIME, "next_track": Maybe(TIME), "next_card": Maybe(TIME),
    "cards": COUNT, "limit_at": Maybe(TIME), "warn_at": Maybe(TIME), "last_combat": Num(-1e13, 1e10),
    "passage": Maybe(PASSAGE), "log": LOG, "final": Maybe(FIELDS), "started_dead": List(ID, most=64),
}
HEAD = {"mission": Text(max_len=100), "result": Maybe(Text(RESULTS)), "reason": Maybe(Text(max_len=200))}
ENDED = {"ended_at": Maybe(TIME), "end_distance": Maybe(Num(0, 1e9))}

MISSION_STATE = Either(
    Obj({**HEAD, **WITH_OBJECTIVES}, optional=ENDED),
    Obj(HEAD, optional=ENDED),  # a save from before missions had objectives has only these
)
